package shard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/pipeline"
)

// A shard whose base counts more than 2^31 lines before it (a shard near
// the end of a monthly Lichess dump) places its games and findings past
// 2^31, not wrapped negative.
func TestCheckPastLine2To31(t *testing.T) {
	data := []byte("[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Ke3 *\n")
	path := filepath.Join(t.TempDir(), "a.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	const before = 1<<31 + 10 // lines before the span
	sh := &Shard{Path: path, Size: int64(len(data)), End: int64(len(data)), Last: true}
	var recs []pipeline.GameRecord
	inputErr, err := Check(sh, Span{0, int64(len(data))}, Base{Games: 7, Lines: before}, &pipeline.CheckOptions{}, nil,
		func(r []pipeline.GameRecord) error { recs = append(recs, r...); return nil })
	if inputErr != nil || err != nil {
		t.Fatal(inputErr, err)
	}
	if len(recs) != 1 || recs[0].Index != 7 || recs[0].Start.Line != before+1 {
		t.Fatalf("records %+v, want game 7 at line %d", recs, before+1)
	}
	var illegal int64
	for _, f := range recs[0].Report.Findings {
		if f.Code == "illegal-move" {
			illegal = f.Pos.Line
		}
	}
	if illegal != before+7 {
		t.Errorf("illegal move at line %d, want %d", illegal, before+7)
	}
}
