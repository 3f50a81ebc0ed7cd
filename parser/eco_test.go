package parser

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// ecoSample is a Scid ECO file in small: a comment header, entries on one
// line and over two, a comment between entries, names that quote moves.
const ecoSample = `#####
# scid.eco: a test
#

A00b "Fried fox"  1.f3 e5 2.Kf2 *
A00j "Mieses: 1...e5"  1.d3 e5 *
# Should this be A31?
E90x "King's Indian: 8.Bd3 exd5"
  1.d4 Nf6 2.c4 g6
  3.Nc3 Bg7 *
A04/11 "attaque Réti (cf. A39)" 1.Nf3 c5 *
`

// ecoGames reads input with chunks of target bytes (0: the default).
func ecoGames(t *testing.T, input []byte, target int) []*Game {
	t.Helper()
	games, chunks := readAll(t, input, SplitOptions{Target: target}, Options{})
	checkGames(t, input, games, chunks)
	for _, c := range chunks {
		if !c.ECO {
			t.Fatalf("chunk at %+v not marked ECO", c.Start)
		}
	}
	return games
}

// ecoLine is what a test asserts of an entry: its tags, moves and result.
func ecoLine(g *Game) string {
	var b strings.Builder
	for _, tg := range g.Tags {
		fmt.Fprintf(&b, "%s=%q@%d:%d ", tg.Name, tg.Value, tg.Pos.Line, tg.Pos.Col)
	}
	for _, m := range g.Moves {
		fmt.Fprintf(&b, "%s@%d:%d ", g.Str(m.Raw), m.Pos.Line, m.Pos.Col)
	}
	b.WriteString(g.Result)
	for _, pr := range g.Problems {
		fmt.Fprintf(&b, " [%d:%d %s]", pr.Pos.Line, pr.Pos.Col, pr.Message)
	}
	return b.String()
}

func TestECOEntries(t *testing.T) {
	want := []string{
		// The header comments belong to the first entry, which starts the file.
		`ECO="A00b"@5:1 Opening="Fried fox"@5:6 f3@5:21 e5@5:24 Kf2@5:29 *`,
		// A name with moves in it is a name, not movetext.
		`ECO="A00j"@6:1 Opening="Mieses: 1...e5"@6:6 d3@6:26 e5@6:29 *`,
		// Continuation lines belong to the entry; the comment before it to the one before.
		`ECO="E90x"@8:1 Opening="King's Indian: 8.Bd3 exd5"@8:6 d4@9:5 Nf6@9:8 c4@9:14 g6@9:17 Nc3@10:5 Bg7@10:9 *`,
		`ECO="A04/11"@11:1 Opening="attaque Réti (cf. A39)"@11:8 Nf3@11:36 c5@11:40 *`,
	}
	for _, target := range []int{0, 1, 40} {
		games := ecoGames(t, []byte(ecoSample), target)
		if len(games) != len(want) {
			t.Fatalf("target %d: %d games, want %d", target, len(games), len(want))
		}
		for k, g := range games {
			if got := ecoLine(g); got != want[k] {
				t.Errorf("target %d, entry %d:\n got %s\nwant %s", target, k, got, want[k])
			}
		}
		if games[0].Start.Offset != 0 || games[2].End.Offset != int64(strings.Index(ecoSample, "A04/11")) {
			t.Errorf("target %d: entries span [%d, ...] and [..., %d)", target, games[0].Start.Offset, games[2].End.Offset)
		}
	}
}

func TestECOLatin1Name(t *testing.T) {
	input := encode(t, "# a French file\nA04 \"ouverture Réti, défense hollandaise\" 1.Nf3 f5 *\n"+
		"B00 \"défense Nimzowitsch, variante Bogoljubov\" 1.e4 Nc6 2.d4 d5 3.Nc3 *\n", Windows1252)
	games := ecoGames(t, input, 0)
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	if v, _ := games[0].TagValue("Opening"); v != "ouverture Réti, défense hollandaise" || games[0].Encoding != Windows1252 {
		t.Errorf("Opening %q read as %v", v, games[0].Encoding)
	}
	// Columns count bytes: each é is one byte in the file.
	if m := games[1].Moves[0]; games[1].Str(m.Raw) != "e4" || m.Pos.Line != 3 || m.Pos.Col != 50 {
		t.Errorf("first move of entry 2 at %+v", m.Pos)
	}
}

func TestECOMalformed(t *testing.T) {
	for _, tc := range []struct{ name, input, want string }{
		{"an illegal word among the moves",
			"A00 \"x\" 1.e4 e5 2.Nf3 zz9 *\n",
			`ECO="A00"@1:1 Opening="x"@1:5 e4@1:11 e5@1:14 Nf3@1:19 * [1:23 unexpected text, from "zz9"]`},
		{"a name not closed on its line",
			"A00 \"Fried fox  1.f3 e5 *\nA01 \"y\" 1.b3 *\n",
			`ECO="A00"@1:1  [1:5 the opening name is not closed by " on its line: the line is not read]`},
		{"no result",
			"A00 \"x\" 1.e4\n# comment\n",
			`ECO="A00"@1:1 Opening="x"@1:5 e4@1:11 `},
		{"a line that is no entry after one",
			"A00 \"x\" 1.e4 *\nA00 no quotes 1.d4 *\n",
			`ECO="A00"@1:1 Opening="x"@1:5 e4@1:11 * [2:1 text after the result, from "A00"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games := ecoGames(t, []byte(tc.input), 0)
			if got := ecoLine(games[0]); got != tc.want {
				t.Errorf("\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestIsECO(t *testing.T) {
	for _, tc := range []struct {
		input string
		want  bool
	}{
		{"A00 \"x\" *\n", true},
		{"\ufeff# c\n\n  \nB12a1 \"Caro-Kann\" 1.e4 c6 *", true},
		{"A04/11 \"x\" 1.Nf3 *", true},
		// Near misses: not an entry, or not first.
		{"[Event \"x\"]\nA00 \"x\" *\n", false},
		{"1. e4 e5 *\nA00 \"x\" *\n", false},
		{"F00 \"x\" *", false},
		{"A0 \"x\" *", false},
		{"A00ab \"x\" *", false},
		{"A00b5 \"x\" *", false},
		{"A00 x *", false},
		{"A00\"x\" *", false},
		{"  A00 \"x\" *", false},
		{"# only comments\n", false},
		{"", false},
		{strings.Repeat("#\n", ecoSniff/2) + "A00 \"x\" *\n", false}, // past what is looked at
	} {
		if got := IsECO([]byte(tc.input)); got != tc.want {
			t.Errorf("IsECO(%.40q) = %v, want %v", tc.input, got, tc.want)
		}
	}
}

// ecoHead decides as soon as the bytes read tell, and as IsECO does.
func TestECOHead(t *testing.T) {
	for _, tc := range []struct {
		head        string
		is, decided bool
	}{
		{"# comm", false, false},
		{"# comment\n  ", false, false},
		{"A0", false, false},
		{"A04/", false, false},
		{"B12a1  ", false, false},
		{"A00 \"", true, true},
		{"A00 x", false, true},
		{"[Event", false, true},
		{"1. e4", false, true},
		{"# c\nA00x1y", false, true},
	} {
		is, decided := ecoHead([]byte(tc.head), false)
		if is != tc.is || decided != tc.decided {
			t.Errorf("ecoHead(%q) = %v, %v; want %v, %v", tc.head, is, decided, tc.is, tc.decided)
		}
		if decided && IsECO([]byte(tc.head+" \"x\" *\n")) != is {
			t.Errorf("ecoHead(%q) decided %v, IsECO of more says otherwise", tc.head, is)
		}
	}
}

// A PGN file is not read as an ECO file, nor is one with an ECO-looking
// line later, nor an ECO file read from an offset.
func TestECONotPGN(t *testing.T) {
	input := []byte("[ECO \"A00\"]\n[Opening \"Polish\"]\n\n1. b4 *\n\nA00 \"x\" 1.e4 *\n")
	games, chunks := readAll(t, input, SplitOptions{}, Options{})
	if chunks[0].ECO || len(games) != 2 || len(games[1].Tags) != 0 {
		t.Fatalf("PGN read as ECO (%v) or %d games", chunks[0].ECO, len(games))
	}
	s := NewSplitter(bytes.NewReader([]byte(ecoSample)), SplitOptions{Start: Pos{Offset: 100, Line: 5, Col: 1}})
	if c, _ := s.Next(); c.ECO {
		t.Error("a splitter starting past the input's start decided ECO")
	}
}

// An entry longer than the cap is cut, each part with a problem, and no
// byte is lost.
func TestECOCapped(t *testing.T) {
	input := []byte("A00 \"x\" 1.e4 e5\n" + strings.Repeat("  2.Nf3 Nc6\n", 40) + "*\nA01 \"y\" 1.b3 *\n")
	games, chunks := readAll(t, input, SplitOptions{Target: 64, Max: 128}, Options{})
	checkGames(t, input, games, chunks)
	if len(games) < 3 || !chunks[0].Cut {
		t.Fatalf("%d games, first chunk cut %v", len(games), chunks[0].Cut)
	}
	if v, _ := games[len(games)-1].TagValue("ECO"); v != "A01" {
		t.Errorf("last entry's ECO %q", v)
	}
}
