package pipeline

import (
	"io"

	"github.com/arbiter-chess/arbiter/validate"
)

// PGNSink writes the games of a convert run: each record's Output (the
// text AppendPGN made of it in the worker) in input order, and, on a
// second writer, the findings about what could not be converted, in
// TextSink's format. Games whose record has no Output are not written.
type PGNSink struct {
	w        *recordWriter
	findings *TextSink
	kept     []validate.Finding
	rec      GameRecord

	// LeftOut counts the records with nothing to write (text that is not a
	// game); Counts the findings printed.
	LeftOut int64
	Counts
}

// NewPGNSink writes the games to out and the findings to findings.
func NewPGNSink(out, findings io.Writer) *PGNSink {
	return &PGNSink{w: newRecordWriter(out), findings: NewTextSink(findings)}
}

func (s *PGNSink) BeginFile(Input) error { return nil }

// EndFile lets the findings of a file out before the log says anything
// about the file.
func (s *PGNSink) EndFile(*FileSummary) error { return s.findings.Flush() }

func (s *PGNSink) Close(*Summary) error {
	err := s.w.Flush()
	if ferr := s.findings.Flush(); err == nil {
		err = ferr
	}
	return err
}

func (s *PGNSink) Game(r *GameRecord) error {
	s.kept = s.kept[:0]
	for i := range r.Report.Findings {
		if f := &r.Report.Findings[i]; aboutConversion(&r.Report, f) {
			s.kept = append(s.kept, *f)
			switch f.Severity {
			case validate.Error:
				s.Errors++
			case validate.Warning:
				s.Warnings++
			default:
				s.Infos++
			}
		}
	}
	if len(s.kept) > 0 {
		s.rec = *r
		s.rec.Report.Findings = s.kept
		err := s.findings.Game(&s.rec)
		s.rec = GameRecord{}
		if err != nil {
			return err
		}
	}
	if r.Output == nil {
		s.LeftOut++
		return nil
	}
	if _, err := s.w.Write(r.Output); err != nil {
		return err
	}
	s.w.end()
	return nil
}

// Written returns how many games have reached the output: after Close, all
// those with something to write unless writing failed.
func (s *PGNSink) Written() int64 { return s.w.Written() }

// aboutConversion says whether f tells of something the converted game
// lacks: text that could not be read, a move not replayed (illegal,
// ambiguous, after mate or stalemate), or a game not replayed at all.
// Findings about the game itself (its result, its clocks, draw claims) are
// check's business.
func aboutConversion(r *validate.Report, f *validate.Finding) bool {
	switch f.Code {
	case validate.Syntax, validate.IllegalMove, validate.AmbiguousMove, validate.VariantUnsupported:
		return true
	case validate.MovesAfterEnd:
		// Play stops only at mate and stalemate; after the automatic
		// draws the moves are still replayed and written.
		return r.End == validate.Checkmate || r.End == validate.Stalemate
	}
	return false
}

// WriteSummary prints the convert run's summary as one line, for stderr:
//
//	arbiter: 3 files, 120 games read, 120 games written, 9876 plies: 1 error, 0 warnings in 1.234s
//
// followed by what went wrong, as WriteSummary does. Errors and warnings
// count the findings printed. kept says whether what was written stays: an
// output file given up on (an interrupted run) counts no game written.
func (s *PGNSink) WriteSummary(w io.Writer, sum *Summary, kept bool) error {
	written := s.Written()
	if !kept {
		written = 0
	}
	return writeSummary(w, sum, written, "game written", "games written", s.Counts, false)
}
