package pipeline

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRun measures the whole pipeline (read, split, parse, check,
// order, write jsonl) over a synthetic file of many games.
func BenchmarkRun(b *testing.B) {
	data := synthetic(0, 50000)
	path := filepath.Join(b.TempDir(), "many.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	inputs := Expand([]string{path})
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		s, err := Run(context.Background(), &Config{}, inputs, NewJSONLSink(io.Discard))
		if err != nil || s.Games != 50000 {
			b.Fatalf("%+v %v", s, err)
		}
	}
}
