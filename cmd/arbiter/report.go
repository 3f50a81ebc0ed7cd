package main

import (
	"io"

	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/stats"
)

// reportSink aggregates the statistics of a check run as its records go by
// and writes the report when the run closes, so that an analyst gets the
// report without a second pass over the Parquet tables. Add costs well under
// a microsecond a game, so one aggregate in the ordered writer suffices.
type reportSink struct {
	path, format string
	inputs       []string
	agg          stats.Aggregate
}

func (s *reportSink) BeginFile(in pipeline.Input) error {
	s.inputs = append(s.inputs, in.Path)
	return nil
}

func (s *reportSink) Game(r *pipeline.GameRecord) error {
	g := stats.FromReport(r.File, r.Tags, r.Encoding, &r.Report)
	s.agg.Add(&g)
	return nil
}

func (s *reportSink) EndFile(*pipeline.FileSummary) error { return nil }

// Close writes the report unless the run was interrupted, which would make
// it describe part of the input.
func (s *reportSink) Close(sum *pipeline.Summary) error {
	if sum.Interrupted {
		return nil
	}
	summary := s.agg.Summarize(20)
	summary.Sources = s.inputs
	return writeFile("--report", s.path, func(w io.Writer) error { return stats.Write(w, summary, s.format) })
}
