package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReplay(t *testing.T) {
	cases := []struct {
		name  string
		game  string
		plies int
		ok    bool
	}{
		{"scholar's mate", "[Event \"a\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n", 7, true},
		{"illegal move", "[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n", 0, false},
		{"not PGN", "{ unterminated", 0, false},
	}
	for _, c := range cases {
		plies, ok := replay(c.game)
		if plies != c.plies || ok != c.ok {
			t.Errorf("%s: got %d plies, ok %v; want %d, %v", c.name, plies, ok, c.plies, c.ok)
		}
	}
}

func TestReplayFileTallies(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.pgn")
	pgn := "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"c\"]\n\n1. d4 *\n"
	if err := os.WriteFile(path, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	var got tally
	if err := replayFile(path, &got); err != nil {
		t.Fatal(err)
	}
	if want := (tally{games: 3, replayed: 2, failed: 1, plies: 3}); got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	if err := replayFile(filepath.Join(t.TempDir(), "missing.pgn"), &got); err == nil {
		t.Fatal("a missing file was read")
	}
}
