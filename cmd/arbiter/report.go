package main

import (
	"cmp"
	"fmt"
	"io"

	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/rs/zerolog"
)

// reportSink aggregates the statistics of a check run as its records go by
// and writes the report when the run closes, so that an analyst gets the
// report without a second pass over the Parquet tables. Add costs well under
// a microsecond a game, so one aggregate in the ordered writer suffices.
//
// With dir set (check --out DIR --resume) the report describes the whole
// output directory, as `arbiter stats DIR` does, and not only the inputs
// this run read: Close then reads it from DIR's tables, so the sink must
// come after the Parquet sink, which finishes DIR when it closes. Without
// --resume, DIR holds exactly what the run read, and the aggregate made
// during the run is the same.
//
// sources is what the report says it was read from: the output directory
// with --out, as `arbiter stats DIR` says, else the paths as named on the
// command line, never every file found in them.
type reportSink struct {
	path, format string
	dir          string
	// out is --out DIR without --resume: the report is read from it
	// instead when the run met more files or events than the aggregate
	// itemises, as arbiter stats DIR ranks them all.
	out     string
	sources []string
	log     *zerolog.Logger
	agg     stats.Aggregate
	// incomplete are the inputs not read to their end, without dir.
	incomplete []pipeline.IncompleteInput
}

func (s *reportSink) BeginFile(pipeline.Input) error { return nil }

func (s *reportSink) Game(r *pipeline.GameRecord) error {
	if s.dir != "" {
		return nil
	}
	g := stats.FromReport(pipeline.ColumnPath(r.File), r.Tags, r.Encoding, &r.Report) // as the tables hold it
	s.agg.Add(&g)
	return nil
}

// EndFile lists an input read whole without a game among the files, as
// stats lists it from the manifest.
func (s *reportSink) EndFile(fs *pipeline.FileSummary) error {
	if s.dir == "" && fs.Complete && fs.Games == 0 {
		s.agg.AddFile(pipeline.ColumnPath(fs.Input.Path))
	}
	if s.dir == "" && fs.Err != nil {
		s.incomplete = append(s.incomplete, pipeline.IncompleteInput{Path: fs.Input.Path, Games: fs.Games, Err: fs.Err.Error()})
	}
	return nil
}

// Close writes the report unless the run was interrupted, which would make
// it describe part of the input; it then says so, and how to get it, since
// a user who asked for it looks for the file.
func (s *reportSink) Close(sum *pipeline.Summary) error {
	if sum.Interrupted {
		if s.log != nil {
			how := "run again to write it"
			if s.out != "" || s.dir != "" {
				how = fmt.Sprintf("once check --out %s --resume has read the rest, arbiter stats -o %s %s writes it", cmp.Or(s.out, s.dir), s.path, cmp.Or(s.out, s.dir))
			}
			s.log.Warn().Str("report", s.path).Msg("the report is not written: the run was interrupted; " + how)
		}
		return nil
	}
	agg := &s.agg
	summary := agg.Summarize(20)
	fromDir := s.dir
	if fromDir == "" && s.out != "" && (summary.Files.Other != nil || summary.Events.Other != nil) {
		fromDir = s.out
	}
	if fromDir != "" {
		a, err := stats.ReadParquetLogged(func(p string) {
			if s.log != nil {
				s.log.Debug().Str("file", p).Msg("report: left out, not listed in manifest.json")
			}
		}, fromDir)
		if err != nil {
			return err
		}
		agg = a
		summary = agg.Summarize(20)
	}
	same := sum.SameContent
	if s.dir != "" {
		same = pipeline.SameContentInputs([]string{s.dir})
	}
	summary.Sources = s.sources
	// As arbiter stats orders them: the inputs missing from the counts first.
	incomplete := s.incomplete
	if s.dir != "" {
		incomplete = pipeline.IncompleteInputs([]string{s.dir})
	}
	for _, in := range incomplete {
		summary.Warnings = append(summary.Warnings, in.String())
	}
	for _, g := range same {
		summary.Warnings = append(summary.Warnings, g.String())
	}
	// Without the tables there is no second pass to rank every name: say
	// so in the report itself, and how to get them all.
	for _, o := range []struct {
		what string
		g    *stats.Group
	}{{"files", summary.Files.Other}, {"events", summary.Events.Other}} {
		if o.g != nil {
			summary.Warnings = append(summary.Warnings, fmt.Sprintf("the run met more %s than a report made as the games go by itemises: "+
				"the games of those met last (%d) are counted together under other %s, not ranked; "+
				"give --out DIR with --report (or run arbiter stats DIR) to rank them all", o.what, o.g.Games, o.what))
		}
	}
	return writeFile("--report", s.path, func(w io.Writer) error { return stats.Write(w, summary, s.format) })
}
