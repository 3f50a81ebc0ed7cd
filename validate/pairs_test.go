package validate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// TestSpacedDashPairsSplitByLegality: a move written as two words around a
// spaced dash that no move number decided is one move when that is legal
// ("e2 - e4"), and two when the one move is illegal and the two are legal
// ("Сb5 — a6"): the game then holds the two, and the report counts them.
func TestSpacedDashPairsSplitByLegality(t *testing.T) {
	for _, c := range []struct {
		name, in string
		san      string // the main line replayed
		findings string // code@line:col, past tag-missing
	}{
		{"two moves", "1. e4 e5 2. Кf3 Кc6 3. Сb5 — a6 *\n",
			"e4 e5 Nf3 Nc6 Bb5 a6", "non-standard-notation@1:13"},
		{"two moves, no numbers", "e4 – e5 Кf3 – Кc6 *\n",
			"e4 e5 Nf3 Nc6", "non-standard-notation@1:11"},
		{"one move", "1. e2 - e4 e7 - e5 2. Кg1 - f3 Кb8 - c6 *\n",
			"e4 e5 Nf3 Nc6", "non-standard-notation@1:4"},
		// Neither reading is legal: the one move is reported, as before.
		{"neither", "1. e4 e5 2. Кf3 Кc6 3. Сb5 — e5 *\n",
			"e4 e5 Nf3 Nc6", "non-standard-notation@1:13 illegal-move@1:26"},
		// The one move is illegal, and so is the second of the two.
		{"second illegal", "1. e4 e5 2. Кf3 Кc6 3. Сb5 — a4 *\n",
			"e4 e5 Nf3 Nc6", "non-standard-notation@1:13 illegal-move@1:26"},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := 0
			err := parser.ReadGames(strings.NewReader(c.in), parser.Options{}, func(g *parser.Game) {
				n++
				r := Check(g, &Options{SAN: true})
				var san []string
				for _, s := range r.SAN {
					if b := s.Bytes(); len(b) > 0 {
						san = append(san, string(b))
					}
				}
				if got := strings.Join(san, " "); got != c.san {
					t.Errorf("main line %q, want %q", got, c.san)
				}
				var fs []string
				for _, f := range r.Findings {
					if f.Code != TagMissing {
						fs = append(fs, fmt.Sprintf("%s@%d:%d", f.Code, f.Pos.Line, f.Pos.Col))
					}
				}
				if got := strings.Join(fs, " "); got != c.findings {
					t.Errorf("findings %q, want %q", got, c.findings)
				}
				if len(r.SAN) != len(g.Moves) {
					t.Errorf("%d SAN for %d moves", len(r.SAN), len(g.Moves))
				}
			})
			if err != nil || n != 1 {
				t.Fatalf("%d games, %v", n, err)
			}
		})
	}
}

// The second move of a pair read as two is played after the first, and
// what followed the pair (its comment, the next move, a variation of the
// next move) follows the second.
func TestSplitPairKeepsWhatFollows(t *testing.T) {
	in := "1. e4 e5 2. Кf3 Кc6 3. Сb5 — a6 {хорошо} Сa4 (Сc4 Кf6) Кf6 *\n"
	err := parser.ReadGames(bytes.NewReader([]byte(in)), parser.Options{}, func(g *parser.Game) {
		r := Check(g, &Options{SAN: true})
		var got []string
		for i, m := range g.Moves {
			got = append(got, fmt.Sprintf("%s<%d%s", r.SAN[i].Bytes(), m.Prev, g.Str(m.Comment)))
		}
		want := "e4<-1 e5<0 Nf3<1 Nc6<2 Bb5<3 a6<4хорошо Ba4<5 Bc4<5 Nf6<7 Nf6<6"
		if s := strings.Join(got, " "); s != want {
			t.Errorf("moves %q, want %q", s, want)
		}
		if r.Errors != 0 {
			t.Errorf("findings %v", codes(r.Findings))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}
