package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
)

// partsAgree fails unless the notation setSAN makes of the move's parts
// is what ParseMoveInto reads from its word under SAN, every field; it
// reports whether the parser took the move apart.
func partsAgree(t *testing.T, g *parser.Game, m *parser.Move) bool {
	t.Helper()
	if m.Parts == 0 {
		return false
	}
	var got, want replay.Notation
	setSAN(&got, m.Parts)
	if err := replay.ParseMoveInto(&want, g.Bytes(m.Norm), replay.SAN); err != nil {
		t.Fatalf("%q taken apart as %+v (%#x), which ParseMoveInto refuses: %v", g.Bytes(m.Norm), got, uint64(m.Parts), err)
	}
	if got != want {
		t.Fatalf("%q taken apart as %+v (%#x), ParseMoveInto reads %+v", g.Bytes(m.Norm), got, uint64(m.Parts), want)
	}
	return true
}

// TestSANPartsReadAsParseMove: the parser takes apart each word of plain
// SAN of the usual shapes and castling, wherever its fast path meets it
// (the game's first move, a move after another), into the parts that
// setSAN makes ParseMoveInto's notation of. It leaves to the replay the
// rarer words of SAN (promotions, a piece's origin with a capture, a word
// at the end of the input) and the words SAN does not allow, which
// ParseMoveInto reads with a Style or refuses.
func TestSANPartsReadAsParseMove(t *testing.T) {
	for _, tc := range []struct {
		word  string
		apart bool
		want  string // the notation's String, for the words taken apart
	}{
		{"e4", true, "e4"},
		{"h8", true, "h8"},
		{"a1+", true, "a1+"},
		{"Nf3", true, "Nf3"},
		{"Kh1#", true, "Kh1#"},
		{"Qxd8", true, "Qxd8"},
		{"Bxh7+", true, "Bxh7+"},
		{"Nbd2", true, "Nbd2"},
		{"Rae1+", true, "Rae1+"},
		{"R1e2", true, "R1e2"},
		{"R8h1#", true, "R8h1#"},
		{"exd5", true, "exd5"},
		{"axb6+", true, "axb6+"},
		{"hxg1", true, "hxg1"},
		{"bxc8#", true, "bxc8#"},
		{"O-O", true, "O-O"},
		{"O-O-O", true, "O-O-O"},
		{"O-O+", true, "O-O+"},
		{"O-O-O#", true, "O-O-O#"},
		// SAN, left to the replay.
		{"N5xd4#", false, ""},
		{"Nbxd2", false, ""},
		{"Qh4e1", false, ""},
		{"Qh4xe1+", false, ""},
		{"bxa8=Q", false, ""},
		{"e8=Q", false, ""},
		{"e1=N+", false, ""},
		// Words the fast path reads and SAN does not allow.
		{"axd5", false, ""},    // a pawn capturing three files away
		{"exe5", false, ""},    // and on its own file
		{"ed5", false, ""},     // a pawn changing file without x
		{"e2e4", false, ""},    // a pawn's origin rank
		{"e4++", false, ""},    // two signs
		{"Nf3+#", false, ""},   // two signs
		{"O-O++", false, ""},   // two signs
		{"O-O-O++", false, ""}, // two signs
		{"e8Q", false, ""},     // a promotion without '='
		{"e8=K", false, ""},    // to a king
		{"e5=Q", false, ""},    // short of the last rank
		{"Ne8=Q", false, ""},   // by a piece
	} {
		text := "1. " + tc.word + " " + tc.word + " 2. " + tc.word + " " + tc.word + " 1-0\n"
		g := readOne(t, text)
		if len(g.Moves) != 4 {
			t.Fatalf("%q: %d moves read", text, len(g.Moves))
		}
		for i := range g.Moves {
			m := &g.Moves[i]
			if g.Str(m.Norm) != tc.word {
				t.Fatalf("%q: move %d read as %q", text, i, g.Str(m.Norm))
			}
			if apart := partsAgree(t, g, m); apart != tc.apart {
				t.Errorf("%q, move %d: taken apart %v, want %v", text, i, apart, tc.apart)
			} else if apart {
				var n replay.Notation
				setSAN(&n, m.Parts)
				if n.String() != tc.want {
					t.Errorf("%q, move %d: %q, want %q", text, i, n.String(), tc.want)
				}
			}
		}
		// At the end of the input: taken apart or not, as ParseMoveInto reads.
		if end := readOne(t, "1. "+tc.word); len(end.Moves) != 1 {
			t.Errorf("%q at the end of the input: %d moves read", tc.word, len(end.Moves))
		} else {
			partsAgree(t, end, &end.Moves[0])
		}
	}
}

// TestSANPartsLeftWhereNormChanges: a word whose Norm the parser makes
// anew after taking it apart (a check sign apart, "e.p." as a word of its
// own) keeps no parts, and is read from Norm; so are moves read by the
// general path (an annotation glyph) and words after a space that may
// join them.
func TestSANPartsLeftWhereNormChanges(t *testing.T) {
	for _, tc := range []struct {
		text  string
		norm  []string
		apart []bool
	}{
		{"1. e4 e5 2. Nf3 + 1-0", []string{"e4", "e5", "Nf3+"}, []bool{true, true, false}},
		{"1. e4 d5 2. e5 f5 3. exf6 e.p. Nf6 1-0", []string{"e4", "d5", "e5", "f5", "exf6e.p.", "Nf6"}, []bool{true, true, true, true, false, true}},
		{"1. e4! e5 2. Nf3?! Nc6 1-0", []string{"e4", "e5", "Nf3", "Nc6"}, []bool{false, true, false, true}},
		{"1. e2 - e4 e5 1-0", []string{"e2-e4", "e5"}, []bool{false, true}},
	} {
		g := readOne(t, tc.text)
		var norm []string
		var apart []bool
		for i := range g.Moves {
			norm = append(norm, g.Str(g.Moves[i].Norm))
			apart = append(apart, partsAgree(t, g, &g.Moves[i]))
		}
		if !slices.Equal(norm, tc.norm) || !slices.Equal(apart, tc.apart) {
			t.Errorf("%q: moves %q taken apart %v, want %q %v", tc.text, norm, apart, tc.norm, tc.apart)
		}
	}
}

// readOne parses text, which must hold exactly one game.
func readOne(t *testing.T, text string) *parser.Game {
	t.Helper()
	var games []*parser.Game
	err := parser.ReadGames(strings.NewReader(text), parser.Options{}, func(g *parser.Game) { games = append(games, g.Clone()) })
	if err != nil || len(games) != 1 {
		t.Fatalf("%q: %d games, %v", text, len(games), err)
	}
	return games[0]
}

// TestSANPartsCorpus holds every move of the masters and TCEC games (the
// big benchmark's) that the parser takes apart to what ParseMoveInto reads
// from its word; nearly every move is taken apart.
func TestSANPartsCorpus(t *testing.T) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	moves, apart := 0, 0
	for _, sub := range []string{"masters", "engine_tcec"} {
		filepath.WalkDir(filepath.Join(dir, sub), func(path string, d os.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			parser.ReadGames(bytes.NewReader(b), parser.Options{}, func(g *parser.Game) {
				for i := range g.Moves {
					moves++
					if partsAgree(t, g, &g.Moves[i]) {
						apart++
					}
				}
			})
			return nil
		})
	}
	if moves == 0 {
		t.Skip("no masters or engine_tcec games")
	}
	t.Logf("%d of %d moves taken apart", apart, moves)
	if apart < moves*9/10 {
		t.Errorf("only %d of %d moves taken apart", apart, moves)
	}
}

// FuzzSANParts reads any input and holds every move the parser takes apart
// to what ParseMoveInto reads from its word.
func FuzzSANParts(f *testing.F) {
	for _, s := range []string{
		"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Re1 b5 6. Bb3 d6 7. c3 O-O 8. h3 *",
		"1. exd5 axd5 2. ed5 e2e4 3. e8=Q+ e8Q 4. Nbxd2 R1e2# 5. O-O-O+ e4++ *",
		"1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 +",
		"Nbd2",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		parser.ReadGames(bytes.NewReader(data), parser.Options{}, func(g *parser.Game) {
			for i := range g.Moves {
				partsAgree(t, g, &g.Moves[i])
			}
		})
	})
}
