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
// followed by what went wrong, if anything: "; 1 file unreadable",
// "; 2 files skipped (already done)", "; interrupted", "; interrupted, 812
// records of the input cut short not kept in --out" (Summary.Dropped),
// "; stopped by an error" (the caller prints the error).
func WriteSummary(w io.Writer, s *Summary) error {
	return writeSummary(w, s, s.Records, "record written", "records written", s.Counts, true)
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
		if s.Dropped > 0 {
			b = append(b, ", "...)
			b = appendCount(b, s.Dropped, "record of the input cut short not kept in --out", "records of the input cut short not kept in --out")
		}
	}
	if s.Err != nil {
		b = append(b, "; stopped by an error"...)
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
