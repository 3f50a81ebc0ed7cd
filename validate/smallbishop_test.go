package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// TestSmallCyrillicBishop: a move opening with a small Cyrillic с is the
// c-file's first and the bishop's (С typed small, as "кf3" is a knight's)
// where the file names no legal move and the bishop's move is legal; a
// word that reads as a legal pawn move stays one. Each game is checked by
// the plain replay and by the general loop (SAN asked for, or the draw
// rules applied at every ply), which must agree.
func TestSmallCyrillicBishop(t *testing.T) {
	const ruy = "1. e4 e5 2. Кf3 Кc6 "
	for _, c := range []struct {
		name, moves string
		san         string // the moves replayed
		findings    string // code@ply: message
	}{
		{"сb5", ruy + "3. сb5 a6 *", "e4 e5 Nf3 Nc6 Bb5 a6",
			`non-standard-notation@3: 3 of 6 moves are not in standard SAN (Russian piece letters, lowercase piece letter); the first is "Кf3"`},
		{"с:c6", ruy + "3. Сb5 a6 4. с:c6 dc *", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6",
			`non-standard-notation@3: 5 of 8 moves are not in standard SAN (capture written ':', pawn capture by files, Russian piece letters, lowercase piece letter); the first is "Кf3"`},
		{"сf1-b5", ruy + "3. сf1-b5 a6 *", "e4 e5 Nf3 Nc6 Bb5 a6",
			`non-standard-notation@3: 3 of 6 moves are not in standard SAN (long algebraic, Russian piece letters, lowercase piece letter); the first is "Кf3"`},
		{"сb5 first", "1. e4 e5 2. d4 d6 3. сb5+ Кd7 *", "e4 e5 d4 d6 Bb5+ Nd7",
			`non-standard-notation@5: 2 of 6 moves are not in standard SAN (Russian piece letters, lowercase piece letter); the first is "сb5+"`},
		// c4xd5 and Bg2xd5 are both legal: the letter is the file's.
		{"с:d5 both legal", "1. c4 e5 2. g3 d5 3. Сg2 a6 4. с:d5 *", "c4 e5 g3 d5 Bg2 a6 cxd5",
			`non-standard-notation@5: 2 of 7 moves are not in standard SAN (capture written ':', Russian piece letters, Cyrillic letters in squares); the first is "Сg2"`},
		// c3xd4 and Be3xd4 are both legal; c2-c4 and Bf1-c4 too, and "с4" names no bishop's move.
		{"сd4 both legal", "1. c3 e5 2. d3 d5 3. Сe3 d4 4. сd4 Кc6 *", "c3 e5 d3 d5 Be3 d4 cxd4 Nc6",
			`non-standard-notation@5: 3 of 8 moves are not in standard SAN (pawn capture without capture mark, Russian piece letters, Cyrillic letters in squares, capture without a capture mark); the first is "Сe3"`},
		{"с4", "1. e4 e5 2. с4 Кc6 *", "e4 e5 c4 Nc6",
			`non-standard-notation@3: 2 of 4 moves are not in standard SAN (Russian piece letters, Cyrillic letters in squares); the first is "с4"`},
		// Neither reading legal: the file's failure is reported, unless
		// the file reads as no move anywhere.
		{"сb5 blocked", ruy + "3. d3 d6 4. сb5 *", "e4 e5 Nf3 Nc6 d3 d6",
			`non-standard-notation@3: 2 of 6 moves are not in standard SAN (Russian piece letters); the first is "Кf3"` + "\n" +
				`illegal-move@7: cb5: no white pawn on the c-file can reach b5`},
		{"с:c6 unreachable", ruy + "3. с:c6 *", "e4 e5 Nf3 Nc6",
			`non-standard-notation@3: 2 of 4 moves are not in standard SAN (Russian piece letters); the first is "Кf3"` + "\n" +
				`illegal-move@5: Bxc6: no white bishop can reach c6`},
		{"сf1-b5 blocked", ruy + "3. d3 d6 4. сf1-b5 *", "e4 e5 Nf3 Nc6 d3 d6",
			`non-standard-notation@3: 2 of 6 moves are not in standard SAN (Russian piece letters); the first is "Кf3"` + "\n" +
				`illegal-move@7: Bf1b5: the bishop on f1 is blocked by the white pawn on d3`},
		// No letter but the с is Cyrillic: English stops at it, and the
		// Russian letters, which read it, replay the game.
		{"сc4 alone", "1. e4 e5 2. сc4 d6 3. d3 *", "e4 e5 Bc4 d6 d3",
			`non-standard-notation@3: 1 of 5 moves is not in standard SAN (Russian piece letters, lowercase piece letter); the first is "сc4"`},
	} {
		plies := len(strings.Fields(c.san))
		lazy, eager := &Checker{}, &Checker{eager: true}
		for _, opt := range []*Options{{}, {SAN: true}} {
			text := pgn("*", nil, c.moves)
			err := parser.ReadGames(strings.NewReader(text), parser.Options{}, func(g *parser.Game) {
				r := checkBoth(t, lazy, eager, g, opt, c.name)
				if r.Notation != "ru" || r.Plies != plies || findingLines(r) != c.findings {
					t.Errorf("%s (SAN %v): notation %s, %d plies, findings\n%s\nwant ru, %d plies,\n%s", c.name, opt.SAN, r.Notation, r.Plies, findingLines(r), plies, c.findings)
				}
				if opt.SAN {
					if s := sanLine(r, plies); s != c.san {
						t.Errorf("%s: replayed %q, want %q", c.name, s, c.san)
					}
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSmallCyrillicBishopInVariation: a variation reads the small с as
// the main line does.
func TestSmallCyrillicBishopInVariation(t *testing.T) {
	r := checkOne(t, pgn("*", nil, "1. e4 e5 2. Кf3 Кc6 3. d4 (3. сb5 a6 4. с:c6 dc) (3. с4 Сc5) 3... ed *"), &Options{SAN: true})
	var san []string
	for _, m := range r.SAN {
		san = append(san, m.String())
	}
	if got, want := strings.Join(san, " "), "e4 e5 Nf3 Nc6 d4 Bb5 a6 Bxc6 dxc6 c4 Bc5 exd4"; got != want || r.Plies != 6 {
		t.Errorf("moves %q, %d plies; want %q, 6", got, r.Plies, want)
	}
	if f := find(r, IllegalMove); f != nil {
		t.Errorf("finding %+v", f)
	}
}

// TestSmallCyrillicBishopSplitsPair: "сb5 — a6", the bishop's move from b5
// to a6 or a move of each side, is the two moves where the bishop's move
// from b5 is no move: the small с is read as in the main line.
func TestSmallCyrillicBishopSplitsPair(t *testing.T) {
	r := checkOne(t, "1. e4 e5 2. Кf3 Кc6 3. сb5 — a6 4. Сa4 *\n", &Options{SAN: true})
	if got := sanLine(r, r.Plies); got != "e4 e5 Nf3 Nc6 Bb5 a6 Ba4" {
		t.Errorf("replayed %q; findings %s", got, findingLines(r))
	}
}

func findingLines(r Report) string {
	var s []string
	for _, f := range r.Findings {
		s = append(s, fmt.Sprintf("%s@%d: %s", f.Code, f.Ply, f.Message))
	}
	return strings.Join(s, "\n")
}

// sanLine is the SAN of the first plies moves of a game without variations.
func sanLine(r Report, plies int) string {
	var s []string
	for _, m := range r.SAN[:min(plies, len(r.SAN))] {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}
