package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// BenchmarkParquetSink writes the records of real games, checked once
// beforehand, to a ParquetSink: the writer goroutine's share of a run with
// --out (row building, Parquet encoding, zstd). It reads the masters folder
// of ARBITER_CORPUS and skips without it.
func BenchmarkParquetSink(b *testing.B) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		b.Skip("ARBITER_CORPUS not set")
	}
	inputs, err := Expand([]string{filepath.Join(dir, "masters")})
	if err != nil || len(inputs) == 0 {
		b.Skipf("corpus %s: %v", dir, err)
	}
	keep := &keepingSink{}
	if _, err := Run(context.Background(), &Config{}, inputs, keep); err != nil {
		b.Fatal(err)
	}
	out := b.TempDir()
	in := Input{Path: "masters.pgn", Size: -1}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s, err := NewParquetSink(out, ParquetOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := s.BeginFile(in); err != nil {
			b.Fatal(err)
		}
		for i := range keep.records {
			if err := s.Game(&keep.records[i]); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.EndFile(&FileSummary{Input: in, Complete: true}); err != nil {
			b.Fatal(err)
		}
		if err := s.Close(&Summary{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(keep.records)), "ns/game")
}

// keepingSink keeps a copy of every record, renumbered as one input.
type keepingSink struct{ records []GameRecord }

func (s *keepingSink) BeginFile(Input) error { return nil }

func (s *keepingSink) Game(r *GameRecord) error {
	c := *r
	c.File, c.Index = "masters.pgn", len(s.records)
	c.Tags = slices.Clone(r.Tags)
	c.Report.Findings = slices.Clone(r.Report.Findings)
	c.Report.Moves = slices.Clone(r.Report.Moves)
	c.Report.SAN = slices.Clone(r.Report.SAN)
	s.records = append(s.records, c)
	return nil
}

func (s *keepingSink) EndFile(*FileSummary) error { return nil }
func (s *keepingSink) Close(*Summary) error       { return nil }
