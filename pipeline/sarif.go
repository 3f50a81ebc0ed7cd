package pipeline

import (
	"io"
	"net/url"
	"path/filepath"
	"strconv"

	"github.com/arbiter-chess/arbiter/validate"
)

// SARIFSink writes one SARIF 2.1.0 log with one run. Results are streamed as
// they come, one a line, so that memory does not grow with the findings;
// the tool and its rules (one per code of validate.Catalogue, in its order,
// which ruleIndex refers to, then any other code in order of first use)
// follow them, as JSON lets members come in any order.
// Inputs that could not be read become tool execution notifications.
// The rule settings (--disable, --severity) are the invocation's
// ruleConfigurationOverrides: a code turned off is "enabled": false, a
// level forced on a code its "level", each naming the rule by id and index.
// Columns count characters (the run's columnKind is unicodeCodePoints:
// SARIF's default, utf16CodeUnits, would count a character outside the
// Basic Multilingual Plane twice), not the bytes the text and jsonl
// formats count; see validate.Finding.CharCol.
type SARIFSink struct {
	w       *recordWriter
	buf     []byte
	where   []byte
	rules   []validate.Code
	index   map[validate.Code]int
	results int
	failed  []*FileSummary
	config  *validate.Config // the rule settings, for the invocation's overrides

	uriOf, uri string // the last file's URI, as the games of a file come together
}

const sarifHead = `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"columnKind":"unicodeCodePoints","results":[`

// NewSARIFSink writes to w; rules are the run's rule settings (nil for
// none), which the invocation records as rule configuration overrides.
func NewSARIFSink(w io.Writer, rules *validate.Config) *SARIFSink {
	s := &SARIFSink{w: newRecordWriter(w), index: map[validate.Code]int{}, config: rules}
	for i, r := range validate.Catalogue {
		s.index[r.Code] = i
		s.rules = append(s.rules, r.Code)
	}
	io.WriteString(s.w, sarifHead)
	return s
}

var sarifLevels = [...]string{validate.Info: "note", validate.Warning: "warning", validate.Error: "error"}

func (s *SARIFSink) BeginFile(Input) error { return nil }
func (s *SARIFSink) Flush() error          { return s.w.Flush() }
func (s *SARIFSink) RecordsWritten() int64 { return s.w.Written() }

func (s *SARIFSink) Game(r *GameRecord) error {
	if len(r.Report.Findings) == 0 {
		s.w.end()
		return nil
	}
	n := numberingOf(r)
	for i := range r.Report.Findings {
		if err := s.finding(r, n, &r.Report.Findings[i]); err != nil {
			return err
		}
	}
	s.w.end()
	return nil
}

// InputFinding writes a result for a finding of the input as a whole
// (validate.NoGame), at its line 1, column 1, without a game property.
func (s *SARIFSink) InputFinding(path string, f *validate.Finding) error {
	return s.finding(&GameRecord{File: path, Index: -1}, numbering{first: 1}, f)
}

func (s *SARIFSink) finding(r *GameRecord, n numbering, f *validate.Finding) error {
	if r.File != s.uriOf {
		s.uriOf, s.uri = r.File, sarifURI(r.File)
	}
	pos := charLocation(r, f)
	rule, ok := s.index[f.Code]
	if !ok {
		rule = len(s.rules)
		s.index[f.Code] = rule
		s.rules = append(s.rules, f.Code)
	}
	level := "error"
	if int(f.Severity) < len(sarifLevels) {
		level = sarifLevels[f.Severity]
	}
	b := s.buf[:0]
	if s.results > 0 {
		b = append(b, ',')
	}
	s.results++
	b = append(b, "\n{\"ruleId\":"...)
	b = appendJSONString(b, string(f.Code))
	b = append(b, `,"ruleIndex":`...)
	b = strconv.AppendInt(b, int64(rule), 10)
	b = append(b, `,"level":"`...)
	b = append(b, level...)
	b = append(b, `","message":{"text":`...)
	s.where = appendWhere(append(s.where[:0], f.Message...), n, f)
	b = appendJSONString(b, s.where)
	b = append(b, `},"locations":[{"physicalLocation":{"artifactLocation":{"uri":`...)
	b = appendJSONString(b, s.uri)
	b = append(b, `},"region":{"startLine":`...)
	b = strconv.AppendInt(b, int64(pos.Line), 10)
	b = append(b, `,"startColumn":`...)
	b = strconv.AppendInt(b, int64(pos.Col), 10)
	b = append(b, `}}}],"properties":{`...)
	if r.Index >= 0 {
		b = append(b, `"game":`...)
		b = strconv.AppendInt(b, int64(r.Index), 10)
		b = append(b, ',')
	}
	if f.Ply >= 0 {
		b = append(b, `"ply":`...)
		b = strconv.AppendInt(b, int64(f.Ply), 10)
		b = append(b, ',')
	}
	if f.Move != "" {
		b = append(b, `"move":`...)
		b = appendJSONString(b, f.Move)
		b = append(b, ',')
	}
	b = append(b, `"suggestions":`...)
	b = appendJSONList(b, f.Suggestions)
	b = append(b, "}}"...)
	s.buf = b
	_, err := s.w.Write(b)
	return err
}

func (s *SARIFSink) EndFile(f *FileSummary) error {
	if f.Err != nil {
		c := *f
		s.failed = append(s.failed, &c)
	}
	return nil
}

// Close writes what follows the results: the tool with its rules, and the
// invocation, which is successful when every input was read to its end.
func (s *SARIFSink) Close(sum *Summary) error {
	b := append(s.buf[:0], "\n],\"tool\":{\"driver\":{\"name\":\"arbiter\",\"version\":"...)
	// Viewers and Sarif.Multitool (SARIF2005) want the version that made
	// the log, to tell results of two builds apart.
	b = appendJSONString(b, Version())
	b = append(b, ",\"informationUri\":\"https://github.com/arbiter-chess/arbiter\",\"rules\":["...)
	for i, code := range s.rules {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = appendJSONString(b, string(code))
		if i < len(validate.Catalogue) {
			r := &validate.Catalogue[i]
			b = append(b, `,"shortDescription":{"text":`...)
			b = appendJSONString(b, r.Description)
			b = append(b, `},"defaultConfiguration":{"level":"`...)
			b = append(b, sarifLevels[r.Severity]...)
			b = append(b, '"', '}')
		}
		b = append(b, '}')
	}
	ok := sum.Err == nil && sum.Failed == 0 && !sum.Interrupted
	b = append(b, `]}},"invocations":[{"executionSuccessful":`...)
	b = strconv.AppendBool(b, ok)
	b = s.appendOverrides(b)
	b = append(b, `,"toolExecutionNotifications":[`...)
	for i, f := range s.failed {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"level":"error","message":{"text":`...)
		b = appendJSONString(b, unreadableReason(f.Input.Path, f.Err))
		b = append(b, `},"locations":[{"physicalLocation":{"artifactLocation":{"uri":`...)
		b = appendJSONString(b, sarifURI(f.Input.Path))
		b = append(b, `}}}]}`...)
	}
	b = append(b, "]}]}]}\n"...)
	s.buf = b
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	return s.w.Flush()
}

// appendOverrides appends the invocation's ruleConfigurationOverrides, one
// for each code of the catalogue the rule settings turn off or force to a
// level (validate.Config.SeverityOverride), and nothing when there is
// none: the log of a run without settings stays as it was.
func (s *SARIFSink) appendOverrides(b []byte) []byte {
	n := 0
	for i := range validate.Catalogue {
		code := validate.Catalogue[i].Code
		sev, forced := s.config.SeverityOverride(code)
		off := !s.config.Enabled(code)
		if !forced && !off {
			continue
		}
		if n == 0 {
			b = append(b, `,"ruleConfigurationOverrides":[`...)
		} else {
			b = append(b, ',')
		}
		n++
		b = append(b, `{"descriptor":{"id":`...)
		b = appendJSONString(b, string(code))
		b = append(b, `,"index":`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `},"configuration":{`...)
		if off {
			b = append(b, `"enabled":false`...)
		} else {
			b = append(b, `"level":"`...)
			b = append(b, sarifLevels[sev]...)
			b = append(b, '"')
		}
		b = append(b, "}}"...)
	}
	if n > 0 {
		b = append(b, ']')
	}
	return b
}

// sarifURI turns a path into a URI reference: relative paths stay relative
// (code scanning resolves them against the repository), absolute ones
// become file URIs. Standard input is "<stdin>", as the text formats name
// it, escaped ("%3Cstdin%3E"): "-" would read as a file of that name.
func sarifURI(path string) string {
	if path == Stdin {
		path = displayName(path)
	}
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}
