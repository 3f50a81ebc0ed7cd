package pipeline

import (
	"io"
	"strconv"
)

// TextSink prints findings one a line, as compilers and linters do:
//
//	FILE:LINE:COL: SEVERITY CODE: MESSAGE (move N..., ply P)
//
// with the parenthesis as appendWhere defines it. Control characters in
// the message are printed as spaces.
type TextSink struct {
	w   *recordWriter
	buf []byte
}

// NewTextSink writes to w.
func NewTextSink(w io.Writer) *TextSink { return &TextSink{w: newRecordWriter(w)} }

func (s *TextSink) BeginFile(Input) error      { return nil }
func (s *TextSink) EndFile(*FileSummary) error { return nil }
func (s *TextSink) Flush() error               { return s.w.Flush() }
func (s *TextSink) Close(*Summary) error       { return s.w.Flush() }
func (s *TextSink) RecordsWritten() int64      { return s.w.Written() }

func (s *TextSink) Game(r *GameRecord) error {
	if len(r.Report.Findings) == 0 {
		s.w.end()
		return nil
	}
	n := numberingOf(r)
	name := displayName(r.File)
	for i := range r.Report.Findings {
		f := &r.Report.Findings[i]
		pos := location(r, f)
		b := append(s.buf[:0], name...)
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
		if _, err := s.w.Write(b); err != nil {
			return err
		}
	}
	s.w.end()
	return nil
}
