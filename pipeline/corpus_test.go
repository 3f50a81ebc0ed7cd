package pipeline

import (
	"context"
	"io"
	"os"
	"testing"
)

// TestCorpusRun runs the whole pipeline over the shared corpus: no panic,
// every input read, and every game read written exactly once.
func TestCorpusRun(t *testing.T) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus: %v", err)
	}
	inputs := Expand([]string{dir})
	rec := &recordingSink{}
	var perFile int64
	s, err := Run(context.Background(), &Config{}, inputs, rec, NewJSONLSink(io.Discard), NewSARIFSink(io.Discard, nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rec.files {
		perFile += f.Games
		if !f.Complete {
			t.Errorf("%s: not read to its end: %v", f.Input.Path, f.Err)
		}
	}
	if s.Files != len(inputs) || s.Failed != 0 || len(rec.files) != len(inputs) {
		t.Errorf("%d inputs, summary %+v, %d file summaries", len(inputs), s, len(rec.files))
	}
	if s.Games == 0 || s.Games != s.Records || s.Games != rec.games || s.Games != perFile {
		t.Errorf("games read %d, records written %d, seen by the sink %d, sum over files %d", s.Games, s.Records, rec.games, perFile)
	}
	t.Logf("%d files, %d games, %d plies, %+v, %d bytes in %v", s.Files, s.Games, s.Plies, s.Counts, s.Bytes, s.Elapsed)
}
