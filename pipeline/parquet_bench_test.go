package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// BenchmarkParquetSink writes the records of real games, checked once
// beforehand, to a ParquetSink: the writer goroutine's share of a run with
// --out (row building, Parquet encoding, zstd). It reads the masters folder
// of ARBITER_CORPUS and skips without it.
func BenchmarkParquetSink(b *testing.B) { benchParquetSink(b, false) }

// BenchmarkParquetSinkMoves is BenchmarkParquetSink with --moves: the games
// are checked with their move facts, and the sink writes the moves table
// too, one row per ply (ns/row is per moves-table row).
func BenchmarkParquetSinkMoves(b *testing.B) { benchParquetSink(b, true) }

func benchParquetSink(b *testing.B, moves bool) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		b.Skip("ARBITER_CORPUS not set")
	}
	inputs := Expand([]string{filepath.Join(dir, "masters")})
	if len(inputs) == 0 {
		b.Skipf("no games under %s", dir)
	}
	keep := &keepingSink{}
	cfg := &Config{}
	cfg.Check.Validate.Moves = moves
	if _, err := Run(context.Background(), cfg, inputs, keep); err != nil {
		b.Fatal(err)
	}
	rows := 0
	for i := range keep.records {
		rows += len(keep.records[i].Report.Moves)
	}
	out := b.TempDir()
	in := Input{Path: "masters.pgn", Size: -1}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		s, err := NewParquetSink(out, ParquetOptions{Moves: moves})
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
	if moves {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row")
	}
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

// BenchmarkParquetSinkSmallInputs writes many one-game inputs, an archive
// of single games: what --out costs per input besides the rows (files
// created, Parquet writers set up and closed, syncs, manifest rewrites).
// ns/op is per input.
func BenchmarkParquetSinkSmallInputs(b *testing.B) {
	inDir, out := b.TempDir(), b.TempDir()
	const inputs = 200
	var ins []Input
	for i := range inputs {
		p := filepath.Join(inDir, fmt.Sprintf("g%03d.pgn", i))
		if err := os.WriteFile(p, []byte("1. e4 e5 *\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		ins = append(ins, Input{Path: p, Size: 11})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		s, err := NewParquetSink(out, ParquetOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, in := range ins {
			if err := s.BeginFile(in); err != nil {
				b.Fatal(err)
			}
			if err := s.Game(record(in, 0, 40)); err != nil {
				b.Fatal(err)
			}
			if err := s.EndFile(&FileSummary{Input: in, Games: 1, Complete: true}); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.Close(&Summary{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*inputs), "ns/input")
}
