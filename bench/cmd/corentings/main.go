// Command corentings is the Go-library peer of the whole-run benchmark: it
// reads PGN files (or standard input, with no argument or "-") and replays
// every game with github.com/corentings/chess/v2, as a Go program would that
// used that library to check an archive.
//
// Games are cut with bench/internal/pgnsplit rather than the library's
// Scanner, whose bufio.Scanner stops at the first game over 64 KiB (engine
// games with per-move comments are larger); each game is then tokenized,
// parsed and replayed by the library itself.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/arbiter-chess/arbiter/bench/internal/pgnsplit"
	"github.com/corentings/chess/v2"
)

type tally struct {
	games, replayed, failed, plies int
}

func main() {
	paths := os.Args[1:]
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	var t tally
	for _, p := range paths {
		if err := replayFile(p, &t); err != nil {
			fmt.Fprintln(os.Stderr, "corentings:", err)
			os.Exit(2)
		}
	}
	fmt.Printf("corentings: %d games read, %d replayed, %d failed, %d plies\n",
		t.games, t.replayed, t.failed, t.plies)
}

func replayFile(path string, t *tally) error {
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	s := pgnsplit.New(r)
	for {
		game, err := s.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		t.games++
		plies, ok := replay(string(game))
		if ok {
			t.replayed++
			t.plies += plies
		} else {
			t.failed++
		}
	}
}

// replay parses and replays one game, reporting the plies of its main line.
// A game the library rejects, or panics on, counts as failed.
func replay(raw string) (plies int, ok bool) {
	defer func() {
		if recover() != nil {
			plies, ok = 0, false
		}
	}()
	tokens, err := chess.TokenizeGame(&chess.GameScanned{Raw: raw})
	if err != nil {
		return 0, false
	}
	g, err := chess.NewParser(tokens).Parse()
	if err != nil {
		return 0, false
	}
	return len(g.Moves()), true
}
