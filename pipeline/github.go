package pipeline

import (
	"io"
	"strconv"

	"github.com/arbiter-chess/arbiter/validate"
)

// GitHubSink prints GitHub Actions workflow commands, which the runner
// turns into annotations on the files:
//
//	::error file=F,line=L,col=C,title=CODE::MESSAGE (move N..., ply P)
//
// with "warning" for warnings and "notice" for infos; C counts characters,
// as the annotations do, not bytes (see validate.Finding.CharCol). An
// input that cannot be read becomes an ::error at its line 1, column 1, as
// a finding of the input as a whole is. Properties
// escape %, CR, LF, ':' and ','; the message escapes %, CR and LF, as the
// runner expects.
type GitHubSink struct {
	w     *recordWriter
	buf   []byte
	where []byte
}

// NewGitHubSink writes to w.
func NewGitHubSink(w io.Writer) *GitHubSink { return &GitHubSink{w: newRecordWriter(w)} }

func (s *GitHubSink) BeginFile(Input) error { return nil }
func (s *GitHubSink) Flush() error          { return s.w.Flush() }
func (s *GitHubSink) Close(*Summary) error  { return s.w.Flush() }
func (s *GitHubSink) RecordsWritten() int64 { return s.w.Written() }

var githubLevels = [...]string{validate.Info: "notice", validate.Warning: "warning", validate.Error: "error"}

func (s *GitHubSink) Game(r *GameRecord) error {
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

// InputFinding annotates line 1 of the input with a finding of the input
// as a whole (validate.NoGame).
func (s *GitHubSink) InputFinding(path string, f *validate.Finding) error {
	return s.finding(&GameRecord{File: path, Index: -1}, numbering{first: 1}, f)
}

func (s *GitHubSink) finding(r *GameRecord, n numbering, f *validate.Finding) error {
	pos := charLocation(r, f)
	level := "error"
	if int(f.Severity) < len(githubLevels) {
		level = githubLevels[f.Severity]
	}
	b := append(s.buf[:0], "::"...)
	b = append(b, level...)
	b = append(b, " file="...)
	b = appendGitHubProperty(b, displayName(r.File))
	b = append(b, ",line="...)
	b = strconv.AppendInt(b, int64(pos.Line), 10)
	b = append(b, ",col="...)
	b = strconv.AppendInt(b, int64(pos.Col), 10)
	b = append(b, ",title="...)
	b = appendGitHubProperty(b, string(f.Code))
	b = append(b, "::"...)
	b = appendGitHubData(b, f.Message)
	s.where = appendWhere(s.where[:0], n, f)
	b = appendGitHubData(b, s.where)
	b = append(b, '\n')
	s.buf = b
	_, err := s.w.Write(b)
	return err
}

// EndFile annotates an input that could not be read to its end as an
// unreadable-input error at its line 1, column 1, as every other finding of
// an input as a whole (see unreadableFinding).
func (s *GitHubSink) EndFile(f *FileSummary) error {
	if f.Err == nil {
		return nil
	}
	u := unreadableFinding(f)
	return s.InputFinding(f.Input.Path, &u)
}

// appendGitHubData escapes a workflow command's message.
func appendGitHubData[T string | []byte](dst []byte, s T) []byte {
	return appendGitHubEscaped(dst, s, false)
}

// appendGitHubProperty escapes a workflow command's property value, which
// also may not hold the ':' and ',' that separate properties.
func appendGitHubProperty(dst []byte, s string) []byte {
	return appendGitHubEscaped(dst, s, true)
}

func appendGitHubEscaped[T string | []byte](dst []byte, s T, property bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			dst = append(dst, "%25"...)
		case c == '\r':
			dst = append(dst, "%0D"...)
		case c == '\n':
			dst = append(dst, "%0A"...)
		case c == ':' && property:
			dst = append(dst, "%3A"...)
		case c == ',' && property:
			dst = append(dst, "%2C"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
