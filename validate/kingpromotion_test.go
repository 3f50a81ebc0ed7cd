package validate

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// TestKingPromotionIsEnglish: a promotion written to K where the English
// reading plays every move before it is an illegal English move (a pawn
// cannot promote to a king), not evidence of Russian letters, where K is the
// knight; the moves after it still decide, and a game in Russian letters
// stays Russian.
func TestKingPromotionIsEnglish(t *testing.T) {
	const illegal = `illegal-move@1: "a8=K" is not a legal move anywhere: a pawn cannot promote to a king; the 1 move after it is not checked`
	for _, c := range []struct {
		name, fen, moves string
		notation         string
		san              string // the moves replayed
		findings         string // code@ply: message
		line, col        int64  // of the last finding
	}{
		{"the first move", "8/P7/8/8/8/8/8/k6K w - - 0 1", "1. a8=K Kb2 *", "san", "", illegal, 11, 4},
		{"after English moves", "8/P7/8/8/8/8/8/k6K w - - 0 1", "1. Kg2 Kb2 2. a8=K Kb1 *", "san", "Kg2 Kb2",
			`illegal-move@3: "a8=K" is not a legal move anywhere: a pawn cannot promote to a king; the 1 move after it is not checked`, 11, 15},
		// The knight's moves after it read in Russian letters alone.
		{"a knight's moves after it", "8/P7/8/8/6p1/2k4p/8/K7 w - - 0 1", "1. a8=K h2 2. Kb6 g3 3. Kd5+ *", "ru-latin",
			"a8=N h2 Nb6 g3 Nd5+",
			`non-standard-notation@1: 3 of 5 moves are not in standard SAN (Russian (in Latin letters) piece letters); the first is "a8=K"`, 11, 4},
		// Near misses: the letters Russian alone reads, and a knight
		// written K that English cannot move, are Russian still.
		{"Russian letters", "", "1. e4 e5 2. Kf3 Kc6 3. Cc4 *", "ru-latin", "e4 e5 Nf3 Nc6 Bc4",
			`non-standard-notation@3: 3 of 5 moves are not in standard SAN (Russian (in Latin letters) piece letters); the first is "Kf3"`, 9, 13},
		{"a knight's promotion after Russian moves", "8/P7/8/8/8/8/8/k5NK w - - 0 1", "1. Kf3 Krb2 2. a8=K Krc3 *", "ru-latin",
			"Nf3 Kb2 a8=N Kc3", `non-standard-notation@1: 4 of 4 moves are not in standard SAN (Russian (in Latin letters) piece letters); the first is "Kf3"`, 11, 4},
	} {
		var tags []string
		if c.fen != "" {
			tags = []string{"SetUp 1", "FEN " + c.fen}
		}
		plies := len(strings.Fields(c.san))
		lazy, eager := &Checker{}, &Checker{eager: true}
		err := parser.ReadGames(strings.NewReader(pgn("*", tags, c.moves)), parser.Options{}, func(g *parser.Game) {
			r := checkBoth(t, lazy, eager, g, &Options{SAN: true}, c.name)
			if r.Notation != c.notation || r.Plies != plies || findingLines(r) != c.findings {
				t.Errorf("%s: notation %s, %d plies, findings\n%s\nwant %s, %d plies,\n%s", c.name, r.Notation, r.Plies, findingLines(r), c.notation, plies, c.findings)
				return
			}
			if s := sanLine(r, plies); s != c.san {
				t.Errorf("%s: replayed %q, want %q", c.name, s, c.san)
			}
			if f := r.Findings[len(r.Findings)-1]; f.Pos.Line != c.line || f.Pos.Col != c.col {
				t.Errorf("%s: last finding at %d:%d, want %d:%d", c.name, f.Pos.Line, f.Pos.Col, c.line, c.col)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
