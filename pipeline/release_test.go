package pipeline

import (
	"bytes"
	"context"
	"os"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// TestRunReleasedChunksAreNotRead overwrites every chunk's bytes as it is
// released and checks that the records the sinks get are those of the same
// games checked from an untouched copy: a record (tag, finding, move, rendered
// output) that still pointed into a released buffer would come out garbled.
func TestRunReleasedChunksAreNotRead(t *testing.T) {
	data := mixedGames(t, 8)
	path := inputFile(t, t.TempDir(), "games.pgn", string(data)).Path

	opt := CheckOptions{Render: AppendPGN}
	opt.Validate.Moves, opt.Validate.SAN = true, true
	// The games repeat: the ordered writer's duplicate-game findings are not
	// what this test compares.
	opt.Validate.Rules = &validate.Config{}
	if err := opt.Validate.Rules.Disable("duplicate-game"); err != nil {
		t.Fatal(err)
	}
	want := CheckChunk(parser.Chunk{Data: slices.Clone(data), Start: parser.Pos{Line: 1, Col: 1}}, &opt, nil)
	for i := range want {
		want[i].File, want[i].Index = path, i
	}

	var poisoned atomic.Int64
	old := releaseChunk
	releaseChunk = func(c *parser.Chunk) {
		for i := range c.Data {
			c.Data[i] = 0xff
		}
		poisoned.Add(1)
		old(c)
	}
	t.Cleanup(func() { releaseChunk = old })

	keep := &copyingSink{}
	cfg := &Config{Check: opt, Workers: 2, ChunkSize: smallChunks}
	if _, err := runWithin(t, context.Background(), cfg, []Input{{Path: path, Size: int64(len(data))}}, keep); err != nil {
		t.Fatal(err)
	}
	if n := poisoned.Load(); n < 4 {
		t.Fatalf("only %d chunks released; the test needs several", n)
	}
	if len(keep.records) != len(want) {
		t.Fatalf("%d records, want %d", len(keep.records), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(keep.records[i], want[i]) {
			t.Fatalf("record %d differs once its chunk is released:\n got %+v\nwant %+v", i, keep.records[i], want[i])
		}
	}
}

// mixedGames is the bundled games (errors, clocks, comments, variations,
// Russian and German notation) repeated n times.
func mixedGames(t *testing.T, n int) []byte {
	t.Helper()
	var data []byte
	for _, p := range []string{"../testdata/demo/broken.pgn", "../testdata/demo/online_clocked.pgn",
		"../testdata/demo/opera_russian.txt", "testdata/convert/annotated.pgn", "testdata/convert/german.pgn"} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data = append(append(data, b...), "\n\n"...)
	}
	return bytes.Repeat(data, n)
}

// copyingSink keeps a deep copy of every record.
type copyingSink struct{ records []GameRecord }

func (s *copyingSink) BeginFile(Input) error { return nil }

func (s *copyingSink) Game(r *GameRecord) error {
	c := *r
	c.Tags = slices.Clone(r.Tags)
	c.Output = slices.Clone(r.Output)
	c.Report.Findings = slices.Clone(r.Report.Findings)
	for i := range c.Report.Findings {
		c.Report.Findings[i].Suggestions = slices.Clone(c.Report.Findings[i].Suggestions)
	}
	c.Report.Moves = slices.Clone(r.Report.Moves)
	c.Report.SAN = slices.Clone(r.Report.SAN)
	s.records = append(s.records, c)
	return nil
}

func (s *copyingSink) EndFile(*FileSummary) error { return nil }
func (s *copyingSink) Close(*Summary) error       { return nil }
