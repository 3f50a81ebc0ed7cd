package pipeline

import (
	"io"
	"strconv"

	"github.com/arbiter-chess/arbiter/validate"
)

// JSONLSink prints one JSON object a line per finding, with exactly these
// keys in this order: file, game (0-based in its file; null for a finding
// of the input as a whole, validate.NoGame or UnreadableInput, which is at
// line 1, column 1), line, column, ply (null when none), move (as written,
// null when none), code, severity ("error", "warning" or "info"), message
// and suggestions (a list, never null).
// A file name that is not UTF-8 is written as the tables write it (ColumnPath).
type JSONLSink struct {
	msg []byte
	w   *recordWriter
	buf []byte
}

// NewJSONLSink writes to w.
func NewJSONLSink(w io.Writer) *JSONLSink { return &JSONLSink{w: newRecordWriter(w)} }

func (s *JSONLSink) BeginFile(Input) error { return nil }
func (s *JSONLSink) Flush() error          { return s.w.Flush() }
func (s *JSONLSink) Close(*Summary) error  { return s.w.Flush() }
func (s *JSONLSink) RecordsWritten() int64 { return s.w.Written() }

func (s *JSONLSink) Game(r *GameRecord) error {
	for i := range r.Report.Findings {
		if err := s.finding(r, &r.Report.Findings[i]); err != nil {
			return err
		}
	}
	s.w.end()
	return nil
}

// InputFinding writes a finding of the input as a whole, with the keys of
// a game's: game null, line and column 1.
func (s *JSONLSink) InputFinding(path string, f *validate.Finding) error {
	return s.finding(&GameRecord{File: path, Index: -1}, f)
}

// EndFile writes an input that could not be read to its end as an
// unreadable-input record (see unreadableFinding).
func (s *JSONLSink) EndFile(f *FileSummary) error {
	if f.Err == nil {
		return nil
	}
	u := unreadableFinding(f)
	return s.InputFinding(f.Input.Path, &u)
}

func (s *JSONLSink) finding(r *GameRecord, f *validate.Finding) error {
	pos := location(r, f)
	b := append(s.buf[:0], `{"file":`...)
	// As the tables' file column has it, so that the two join.
	b = appendJSONString(b, ColumnPath(r.File))
	b = append(b, `,"game":`...)
	if r.Index < 0 {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(r.Index), 10)
	}
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, int64(pos.Line), 10)
	b = append(b, `,"column":`...)
	b = strconv.AppendInt(b, int64(pos.Col), 10)
	b = append(b, `,"ply":`...)
	if f.Ply < 0 {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(f.Ply), 10)
	}
	b = append(b, `,"move":`...)
	if f.Move == "" {
		b = append(b, "null"...)
	} else {
		b = appendJSONString(b, f.Move)
	}
	b = append(b, `,"code":`...)
	b = appendJSONString(b, string(f.Code))
	b = append(b, `,"severity":"`...)
	b = append(b, f.Severity.String()...)
	b = append(b, `","message":`...)
	if f.Variation == "" {
		b = appendJSONString(b, f.Message)
	} else {
		// The keys are fixed, so the side line goes into the message.
		s.msg = append(append(append(s.msg[:0], f.Message...), " (variation "...), f.Variation...)
		b = appendJSONString(b, append(s.msg, ')'))
	}
	b = append(b, `,"suggestions":`...)
	b = appendJSONList(b, f.Suggestions)
	b = append(b, "}\n"...)
	s.buf = b
	_, err := s.w.Write(b)
	return err
}
