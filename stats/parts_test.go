package stats

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/pipeline/table"
)

// An input that arbiter check wrote in parts (pipeline.ParquetSink, a new
// file each PartRowGroups row groups) reads as the same input in one file:
// its games and findings files pair by name, part by part.
func TestReadParquetParts(t *testing.T) {
	in := filepath.Join(t.TempDir(), "a.pgn")
	if err := os.WriteFile(in, []byte("games"), 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(partRowGroups int) string {
		out := t.TempDir()
		s, err := pipeline.NewParquetSink(out, pipeline.ParquetOptions{BatchRows: 1, PartRowGroups: partRowGroups})
		if err != nil {
			t.Fatal(err)
		}
		input := pipeline.Input{Path: in, Size: 5}
		if err := s.BeginFile(input); err != nil {
			t.Fatal(err)
		}
		records := sampleRecords()
		for i := range records {
			r := &records[i]
			if err := s.Game(&pipeline.GameRecord{Index: i, Tags: r.tags, Encoding: r.enc, Report: r.report}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.EndFile(&pipeline.FileSummary{Input: input, Games: int64(len(records)), Complete: true}); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(&pipeline.Summary{}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	whole, parts := write(0), write(2)
	files, err := filepath.Glob(filepath.Join(parts, table.FindingsDir, "*.parquet"))
	if err != nil || len(files) != 3 {
		t.Fatalf("findings files %q, want 3 parts (%v)", files, err)
	}
	want, err := ReadParquet(whole)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadParquet(parts)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := got.Summarize(0), want.Summarize(0); !reflect.DeepEqual(g, w) {
		t.Errorf("in parts:\n got %+v\nwant %+v", g, w)
	}
	// Without the manifest, by the files' names.
	os.Remove(filepath.Join(parts, table.ManifestName))
	got, err = ReadParquet(parts)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := got.Summarize(0), want.Summarize(0); !reflect.DeepEqual(g, w) {
		t.Errorf("in parts, no manifest:\n got %+v\nwant %+v", g, w)
	}
}
