package pipeline

import (
	"io"
	"strconv"
	"time"
)

// WriteSummary prints the run's summary as one line, for stderr:
//
//	arbiter: 3 files, 120 games read, 120 records written, 9876 plies: 4 errors, 2 warnings, 7 infos in 1.234s
//
// where the records written are those whose output was written
// (Summary.Written), not those a failed write left in a buffer;
// or, with an output directory (Summary.Out), the games of the run it holds:
//
//	arbiter: 3 files, 120 games read, 108 kept in out, 9876 plies: ...
//
// followed by the games of variants (Crazyhouse, Atomic...) that were read
// but not replayed, "; 600 games of variants not replayed", and by what went
// wrong, if anything: "; 1 file unreadable",
// "; 2 files skipped (already done)", "; interrupted", "; stopped by an
// error" (the caller prints the error), and then the games read that the
// directory does not hold: "; 12 games read not kept in out" (those of
// the input an interruption cut short; after an error, those not listed
// yet). Read, kept and not kept add up. Last come the inputs whose content
// is that of another (Summary.SameContent), beyond the first of each
// content: "; 1 file with the same content as another", whose games the
// counts hold again; the caller names them.
func WriteSummary(w io.Writer, s *Summary) error {
	if s.Out != "" {
		kept := "kept in " + s.Out
		return writeSummary(w, s, s.Kept, kept, kept, s.Counts, true)
	}
	return writeSummary(w, s, s.Written, "record written", "records written", s.Counts, true)
}

// writeSummary writes the summary line of check (records written, all
// three severities) or of convert (games written, errors and warnings).
func writeSummary(w io.Writer, s *Summary, written int64, one, many string, c Counts, infos bool) error {
	b := []byte("arbiter: ")
	b = appendCount(b, int64(s.Files), "file", "files")
	b = append(b, ", "...)
	b = appendCount(b, s.Games, "game read", "games read")
	b = append(b, ", "...)
	b = appendCount(b, written, one, many)
	b = append(b, ", "...)
	b = appendCount(b, s.Plies, "ply", "plies")
	b = append(b, ": "...)
	b = appendCount(b, c.Errors, "error", "errors")
	b = append(b, ", "...)
	b = appendCount(b, c.Warnings, "warning", "warnings")
	if infos {
		b = append(b, ", "...)
		b = appendCount(b, c.Infos, "info", "infos")
	}
	b = append(b, " in "...)
	b = append(b, s.Elapsed.Round(time.Millisecond).String()...)
	if s.Variants > 0 {
		b = append(b, "; "...)
		b = appendCount(b, s.Variants, "game of a variant not replayed", "games of variants not replayed")
	}
	if s.Failed > 0 {
		b = append(b, "; "...)
		b = appendCount(b, int64(s.Failed), "file unreadable", "files unreadable")
	}
	if s.Skipped > 0 {
		b = append(b, "; "...)
		b = appendCount(b, int64(s.Skipped), "file skipped (already done)", "files skipped (already done)")
	}
	if s.Interrupted {
		b = append(b, "; interrupted"...)
	}
	if s.Err != nil {
		b = append(b, "; stopped by an error"...)
	}
	if s.Out != "" && s.Games > s.Kept {
		b = append(b, "; "...)
		notKept := "read not kept in " + s.Out
		b = appendCount(b, s.Games-s.Kept, "game "+notKept, "games "+notKept)
	}
	if n := Copies(s.SameContent); n > 0 {
		b = append(b, "; "...)
		b = appendCount(b, int64(n), "file with the same content as another", "files with the same content as another")
	}
	b = append(b, '\n')
	_, err := w.Write(b)
	return err
}

func appendCount(b []byte, n int64, one, many string) []byte {
	b = strconv.AppendInt(b, n, 10)
	b = append(b, ' ')
	if n == 1 {
		return append(b, one...)
	}
	return append(b, many...)
}
