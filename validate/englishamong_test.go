package validate

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// TestEnglishLettersMixedIn: a game in Russian or German letters with
// English ones among them ("Nc6", "Bxc6"), as a typist who switched
// keyboards writes it, is read move by move in English where the game's
// letters read no legal move and English does, and says so. A word the
// game's letters read as a piece's stays that piece's, legal or not (Dutch
// "Pc3" is a knight's, not an English pawn's), and a word neither reads
// stays the finding it was. Each game is checked by the plain replay and
// by the general loop, which must agree.
func TestEnglishLettersMixedIn(t *testing.T) {
	for _, c := range []struct {
		name, moves string
		notation    string
		san         string // the moves replayed
		findings    string // code@ply: message
	}{
		// "Nc6" cannot be read in Russian letters; "Bxc6" reads as a b-pawn's capture, which no pawn can make.
		{"Russian", "1. e4 e5 2. Кf3 Nc6 3. Сb5 a6 4. Bxc6 dxc6 *", "ru", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6",
			`non-standard-notation@3: 4 of 8 moves are not in standard SAN (Russian piece letters, English piece letters mixed in); the first is "Кf3"`},
		{"German", "1. e4 e5 2. Sf3 Nc6 3. Lb5 a6 4. Bxc6 dxc6 *", "de", "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6",
			`non-standard-notation@3: 4 of 8 moves are not in standard SAN (German/Swedish piece letters, English piece letters mixed in); the first is "Sf3"`},
		// English reads "Nd5" but no knight reaches d5: the Russian reading's failure stands.
		{"English illegal too", "1. e4 e5 2. Кf3 Nd5 *", "ru", "e4 e5 Nf3",
			`non-standard-notation@3: 1 of 3 moves is not in standard SAN (Russian piece letters); the first is "Кf3"` + "\n" +
				`syntax@4: "Nd5" cannot be read as a move: at byte 0: 'N' is neither a file (a-h) nor a piece letter in Russian notation`},
		// "Bxc5" is legal both ways: in Russian letters the b-pawn's capture, which stands.
		{"legal in the game's letters", "1. d3 c5 2. Сe3 a6 3. b4 a5 4. Bxc5 *", "ru", "d3 c5 Be3 a6 b4 a5 bxc5",
			`non-standard-notation@3: 2 of 7 moves are not in standard SAN (Russian piece letters, capital file letters); the first is "Сe3"`},
		// Dutch P is the knight: illegal as a knight's move, it is not read as an English pawn's.
		{"Dutch knight", "1. e4 e5 2. Pf3 Pc6 3. Lc4 Lc5 4. Pd3 *", "nl", "e4 e5 Nf3 Nc6 Bc4 Bc5",
			`non-standard-notation@3: 4 of 6 moves are not in standard SAN (Dutch piece letters); the first is "Pf3"` + "\n" +
				`illegal-move@7: Nd3: no white knight can reach d3`},
	} {
		plies := len(strings.Fields(c.san))
		lazy, eager := &Checker{}, &Checker{eager: true}
		for _, opt := range []*Options{{}, {SAN: true}} {
			err := parser.ReadGames(strings.NewReader(pgn("*", nil, c.moves)), parser.Options{}, func(g *parser.Game) {
				r := checkBoth(t, lazy, eager, g, opt, c.name)
				if r.Notation != c.notation || r.Plies != plies || findingLines(r) != c.findings {
					t.Errorf("%s (SAN %v): notation %s, %d plies, findings\n%s\nwant %s, %d plies,\n%s", c.name, opt.SAN, r.Notation, r.Plies, findingLines(r), c.notation, plies, c.findings)
				}
				if s := sanLine(r, plies); opt.SAN && s != c.san {
					t.Errorf("%s: replayed %q, want %q", c.name, s, c.san)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestEnglishLettersMixedInVariation: a variation reads English letters
// among Russian ones as the main line does.
func TestEnglishLettersMixedInVariation(t *testing.T) {
	r := checkOne(t, pgn("*", nil, "1. e4 e5 2. Кf3 Кc6 3. d4 (3. Bb5 a6 4. Bxc6 dc) 3... ed *"), &Options{SAN: true})
	var san []string
	for _, m := range r.SAN {
		san = append(san, m.String())
	}
	if got, want := strings.Join(san, " "), "e4 e5 Nf3 Nc6 d4 Bb5 a6 Bxc6 dxc6 exd4"; got != want || r.Plies != 6 {
		t.Errorf("moves %q, %d plies; want %q, 6; findings\n%s", got, r.Plies, want, findingLines(r))
	}
	if f := find(r, IllegalMove); f != nil {
		t.Errorf("finding %+v", f)
	}
}

// TestCapitalB: a capture typed in capitals whose B is the bishop or the
// file b ("BXC5") is the move of the reading the board allows, whichever
// the game's letters took first; both legal is an ambiguous-move, neither
// an illegal-move that says what each reading meets. Near misses: "BC4"
// (no capture mark) stays the bishop's, and "Bxc5" typed in small squares
// keeps the game's reading (the b-pawn's in Russian letters).
func TestCapitalB(t *testing.T) {
	for _, c := range []struct {
		name, moves string
		san         string // the moves replayed
		findings    string // code@ply: message, non-standard-notation left out
	}{
		{"only the pawn", "1. B2-B4 C7-C5 2. BXC5 E7-E6 *", "b4 c5 bxc5 e6", ""},
		{"only the bishop", "1. D2-D3 C7-C5 2. BC1-E3 B8-C6 3. BXC5 E7-E6 *", "d3 c5 Be3 Nc6 Bxc5 e6", ""},
		{"only the bishop, Russian letters", "1. d2-d3 c7-c5 2. Сc1-e3 Кb8-c6 3. BXC5 e7-e6 *", "d3 c5 Be3 Nc6 Bxc5 e6", ""},
		{"only the pawn, Russian letters", "1. b2-b4 c7-c5 2. Кg1-f3 Кb8-c6 3. BXC5 e7-e6 *", "b4 c5 Nf3 Nc6 bxc5 e6", ""},
		{"both", "1. B2-B4 C7-C5 2. D2-D3 B8-C6 3. BC1-E3 E7-E6 4. BXC5 A7-A6 *", "b4 c5 d3 Nc6 Be3 e6",
			"ambiguous-move@7: Bxc5: a capital B is the bishop or the b-file, and both Bxc5 and bxc5 are legal; the 1 move after it is not checked"},
		{"neither", "1. B2-B3 C7-C5 2. E2-E3 B8-C6 3. BXC5 E7-E6 *", "b3 c5 e3 Nc6",
			"illegal-move@5: Bxc5: no white bishop can reach c5; nor with the capital B as the b-file: bxc5: no white pawn on the b-file can reach c5; the 1 move after it is not checked"},
		{"no capture mark", "1. E2-E4 E7-E5 2. BC4 B8-C6 *", "e4 e5 Bc4 Nc6", ""},
		{"small squares", "1. d3 c5 2. Сe3 a6 3. b4 a5 4. Bxc5 *", "d3 c5 Be3 a6 b4 a5 bxc5", ""},
	} {
		plies := len(strings.Fields(c.san))
		lazy, eager := &Checker{}, &Checker{eager: true}
		for _, opt := range []*Options{{}, {SAN: true}} {
			err := parser.ReadGames(strings.NewReader(c.moves+"\n"), parser.Options{}, func(g *parser.Game) {
				r := checkBoth(t, lazy, eager, g, opt, c.name)
				var got []string
				for _, l := range strings.Split(findingLines(r), "\n") {
					if l != "" && !strings.HasPrefix(l, "non-standard-notation") && !strings.HasPrefix(l, "tag-missing") {
						got = append(got, l)
					}
				}
				if r.Plies != plies || strings.Join(got, "\n") != c.findings {
					t.Errorf("%s (SAN %v): %d plies, findings\n%s\nwant %d plies,\n%s", c.name, opt.SAN, r.Plies, strings.Join(got, "\n"), plies, c.findings)
				}
				if s := sanLine(r, plies); opt.SAN && s != c.san {
					t.Errorf("%s: replayed %q, want %q", c.name, s, c.san)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestCapitalBInVariation: a variation settles a capital B as the main line
// does (both replays read through reread): only the b-pawn's capture legal
// is that capture, both legal is an ambiguous-move with the variation's
// path, and "BC4" without a capture mark stays the bishop's.
func TestCapitalBInVariation(t *testing.T) {
	for _, c := range []struct {
		name, moves string
		san         string // every move's SAN, variations in their place
		finding     string // code variation: message, or ""
	}{
		{"only the pawn", "1. B2-B4 C7-C5 2. D2-D3 (2. BXC5 E7-E6) 2... B8-C6 *", "b4 c5 d3 bxc5 e6 Nc6", ""},
		{"both", "1. B2-B4 C7-C5 2. D2-D3 B8-C6 3. E2-E3 (3. BC1-E3 E7-E6 4. BXC5 A7-A6) 3... E7-E5 *",
			"b4 c5 d3 Nc6 e3 Be3 e6 - - e5",
			"ambiguous-move 3.BC1-E3: Bxc5: a capital B is the bishop or the b-file, and both Bxc5 and bxc5 are legal; the 1 move after it is not checked"},
		{"no capture mark", "1. E2-E4 E7-E5 2. D2-D3 (2. BC4 B8-C6) 2... D7-D6 *", "e4 e5 d3 Bc4 Nc6 d6", ""},
	} {
		r := checkOne(t, c.moves+"\n", &Options{SAN: true})
		var san []string
		for _, m := range r.SAN {
			s := m.String()
			if s == "" {
				s = "-"
			}
			san = append(san, s)
		}
		if got := strings.Join(san, " "); got != c.san {
			t.Errorf("%s: SAN %q, want %q", c.name, got, c.san)
		}
		got := ""
		for _, f := range r.Findings {
			if f.Code == AmbiguousMove || f.Code == IllegalMove || f.Code == Syntax {
				got = string(f.Code) + " " + f.Variation + ": " + f.Message
			}
		}
		if got != c.finding {
			t.Errorf("%s: finding %q, want %q", c.name, got, c.finding)
		}
	}
}
