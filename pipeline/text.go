package pipeline

import (
	"io"
	"strconv"

	"github.com/arbiter-chess/arbiter/validate"
)

// TextSink prints findings one a line, as compilers and linters do:
//
//	FILE:LINE:COL: SEVERITY CODE: MESSAGE (move N..., ply P)
//
// with the parenthesis as appendWhere defines it. Control characters in
// the message are printed as spaces. Findings of an input as a whole
// (validate.NoGame, UnreadableInput) are printed at its line 1, column 1.
type TextSink struct {
	w   *recordWriter
	buf []byte
}

// NewTextSink writes to w.
func NewTextSink(w io.Writer) *TextSink { return &TextSink{w: newRecordWriter(w)} }

func (s *TextSink) BeginFile(Input) error { return nil }
func (s *TextSink) Flush() error          { return s.w.Flush() }
func (s *TextSink) Close(*Summary) error  { return s.w.Flush() }
func (s *TextSink) RecordsWritten() int64 { return s.w.Written() }

func (s *TextSink) Game(r *GameRecord) error {
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

func (s *TextSink) finding(r *GameRecord, n numbering, f *validate.Finding) error {
	pos := location(r, f)
	b := append(s.buf[:0], displayName(r.File)...)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(pos.Line), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(pos.Col), 10)
	b = append(b, ": "...)
	b = append(b, f.Severity.String()...)
	b = append(b, ' ')
	b = append(b, f.Code...)
	b = append(b, ": "...)
	b = appendOneLine(b, f.Message)
	b = appendWhere(b, n, f)
	b = append(b, '\n')
	s.buf = b
	_, err := s.w.Write(b)
	return err
}

// InputFinding prints a finding of the input as a whole as a game's are,
// at its line 1, column 1: "empty.pgn:1:1: warning no-game: ...".
func (s *TextSink) InputFinding(path string, f *validate.Finding) error {
	return s.finding(&GameRecord{File: path, Index: -1}, numbering{first: 1}, f)
}

// EndFile prints an input that could not be read to its end as an
// unreadable-input error (see unreadableFinding).
func (s *TextSink) EndFile(f *FileSummary) error {
	if f.Err == nil {
		return nil
	}
	u := unreadableFinding(f)
	return s.InputFinding(f.Input.Path, &u)
}
