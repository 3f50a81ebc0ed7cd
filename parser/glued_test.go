package parser

import (
	"fmt"
	"strings"
	"testing"
)

// tagged opens a PGN game, which a tag pair makes one, not scoresheet text.
const tagged = "[Event \"E\"]\n\n"

// A PGN result marker run into the game's last move, or into the mark of
// that move, is read as the move and the result, with ResultRaw quoting the
// marker so that a report can say it is glued; the end of a game's movetext
// is its line's end, then blank lines and the input's end (a last line
// without a line break too) or the next game's tags, in a game with tags.
// Near misses: a glued word followed by more moves, or by a tag pair on its
// line, and digits after a move that make no result, stay unreadable words.
func TestResultGluedToMove(t *testing.T) {
	for _, c := range []struct {
		in, last, result, raw string
		col                   int64
	}{
		{tagged + "1. f3 e5 2. g4 Qh4#0-1\n", "Qh4#", "0-1", "0-1", 20},
		{tagged + "1. e4 d5 2. exd51-0\n\n[Event \"F\"]\n\n1. d4 *\n", "exd5", "1-0", "1-0", 17},
		{tagged + "1. e4 e5 2. Nf31/2-1/2\r\n", "Nf3", "1/2-1/2", "1/2-1/2", 16},
		{tagged + "1. e4 e5 2. Nf3 Nc6*\n", "Nc6", "*", "*", 20},
		{tagged + "1. e4 e51-0\n", "e5", "1-0", "1-0", 9},
		{tagged + "1. e4 e5 2. Nf31-0", "Nf3", "1-0", "1-0", 16},
		{tagged + "1. e4 e5 2. Nf31-0 \t", "Nf3", "1-0", "1-0", 16},
	} {
		g := parseString(t, c.in)[0]
		eq(t, c.in+" last move", norms(g)[len(g.Moves)-1], c.last)
		eq(t, c.in+" result", []any{g.Result, g.Str(g.ResultRaw), g.ResultPos.Col}, []any{c.result, c.raw, c.col})
		eq(t, c.in+" problems", problems(g), []string{})
	}
	for _, c := range []struct{ in, want string }{
		{tagged + "1. e4 d5 2. exd51-0 Qxd5 *\n", `3:13 unexpected text, from "exd51-0"`},
		{tagged + "1. e4 e5 2. Nf3 b1-0\n", `3:17 unexpected text, from "b1-0"`},
		{tagged + "1. e4 e5 2. Nf31-0 [Event \"F\"]\n\n1. d4 *\n", `3:13 unexpected text, from "Nf31-0"`},
		{tagged + "1. e4 e5 2. Nf312\n", `3:13 unexpected text, from "Nf312"`},
	} {
		g := parseString(t, c.in)[0]
		if p := problems(g); len(p) == 0 || p[0] != c.want {
			t.Errorf("%q: problems %q, want first %q", c.in, p, c.want)
		}
		if g.ResultRaw.Len != 0 || g.Result == "1-0" {
			t.Errorf("%q: result %q read from the glued word", c.in, g.Result)
		}
	}
}

// A check or mate mark after a blank is the mark of the move before it,
// which is then written over two words ("N f3" is one too): it is in the
// move's Norm, for the replay to judge, and its Raw. Near misses: a mark
// after a move that has one, after a comment, or after a move number, is no
// move's.
func TestMarkApartFromMove(t *testing.T) {
	for _, c := range []struct{ in, norm, raw, result string }{
		{tagged + "1. f3 e5 2. g4 Qh4 # 0-1\n", "Qh4#", "Qh4 #", "0-1"},
		{tagged + "1. e4 f5 2. Qh5 +\tg6 *\n", "Qh5+", "Qh5 +", "*"},
		{tagged + "1. f3 e5 2. g4 Qh4 #0-1\n", "Qh4#", "Qh4 #", "0-1"},
	} {
		g := parseString(t, c.in)[0]
		var m *Move
		for i := range g.Moves {
			if g.Str(g.Moves[i].Norm) == c.norm {
				m = &g.Moves[i]
			}
		}
		if m == nil {
			t.Errorf("%q: no move %s in %q", c.in, c.norm, norms(g))
			continue
		}
		eq(t, c.in+" raw", g.Str(m.Raw), c.raw)
		eq(t, c.in+" folds", m.Folds, FoldSpaced)
		eq(t, c.in+" result", g.Result, c.result)
		eq(t, c.in+" problems", problems(g), []string{})
	}
	for _, c := range []struct{ in, want string }{
		{tagged + "1. f3 e5 2. g4 Qh4# # 0-1\n", `3:21 unexpected text, from "#"`},
		{tagged + "1. f3 e5 2. g4 Qh4 {mate} # 0-1\n", `3:27 unexpected text, from "#"`},
		{tagged + "1. e4 e5 2. + Nf3 *\n", `3:13 unexpected text, from "+"`},
	} {
		g := parseString(t, c.in)[0]
		eq(t, c.in, problems(g), []string{c.want})
	}
}

// A result marker typed twice in PGN's form, with only blanks between on
// one line, is one result, quoted as written for the report. Near misses:
// two markers that disagree, on two lines, a star twice (a book's section
// break in text, a second result in PGN), three markers, or a form PGN does
// not know first, are a second result.
func TestDoubledResult(t *testing.T) {
	g := parseString(t, tagged+"1. e4 e5 1-0  1-0\n")[0]
	eq(t, "doubled", []any{g.Result, g.Str(g.ResultRaw), g.ResultPos.Col, problems(g)}, []any{"1-0", "1-0  1-0", int64(10), []string{}})
	for _, c := range []struct{ in, want string }{
		{tagged + "1. e4 e5 1-0 0-1\n", "3:14 second result 0-1 after the game's end"},
		{tagged + "1. e4 e5 1-0\n1-0\n", "4:1 second result 1-0 after the game's end"},
		{tagged + "1. e4 e5 * *\n", "3:12 second result * after the game's end"},
		{tagged + "1. e4 e5 1/2-1/2 1/2-1/2 1/2-1/2\n", "3:26 second result 1/2-1/2 after the game's end"},
		{tagged + "1. e4 e5 1:0 1-0\n", "3:14 second result 1-0 after the game's end"},
	} {
		g := parseString(t, c.in)[0]
		eq(t, c.in, problems(g), []string{c.want})
	}
}

// In scoresheet text without tags a PGN marker glued to the last move is read
// as in PGN, where the game ends after it: at the input's end (with or
// without a line break), before a move numbered back to the game's first
// (the next game, on the line or below), or at the line's end before a line
// that opens with no move, move number or variation (a heading). Near
// misses: more moves of the game after it, on its line or below (numbered,
// unnumbered, Black's "1..."), a variation below it, or words after it on
// its line keep it an unreadable word.
func TestResultGluedToMoveInText(t *testing.T) {
	for _, c := range []struct {
		in, last, result string
		col              int64
		games            int
	}{
		{"1. e4 e5 2. Nf31-0\n", "Nf3", "1-0", 16, 1},
		{"1. e4 e5 2. Nf31-0", "Nf3", "1-0", 16, 1},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re10-1", "Re1", "0-1", 59, 1},
		{"1. е4 е5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 6. Лe10-1\r\n", "Лe1", "0-1", 68, 1}, // a byte column,
		{"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#1-0\n", "Qxf7#", "1-0", 40, 1},
		{"1. e4 e5 2. Nf31-0\n\nGame 2\n1. d4 d5 *\n", "Nf3", "1-0", 16, 2},
		{"1. e4 e5 2. Nf31-0\nПартия 2. Таль — Петросян\n1. d4 d5 *\n", "Nf3", "1-0", 16, 2},
		{"1. e4 e5 2. Nf31-0 1. d4 d5 *\n", "Nf3", "1-0", 16, 2},
		{"1. e4 e5 2. Nf31-0\n1.d4 d5 *\n", "Nf3", "1-0", 16, 2},
	} {
		games := parseString(t, c.in)
		g := games[0]
		eq(t, c.in+" games", len(games), c.games)
		eq(t, c.in+" last move", norms(g)[len(g.Moves)-1], c.last)
		eq(t, c.in+" result", []any{g.Result, g.Str(g.ResultRaw), g.ResultPos.Line, g.ResultPos.Col}, []any{c.result, c.result, int64(1), c.col})
		eq(t, c.in+" problems", problems(g), []string{})
	}
	for _, c := range []struct{ in, want string }{
		{"1. e4 e5 2. Nf31-0\n3. Bc4 Nc6\n", `1:13 "Nf31-0" looks like a move but cannot be read: skipped`},
		{"1. e4 e5 2. Nf31-0 3. Bc4 Nc6\n", `1:13 "Nf31-0" looks like a move but cannot be read: skipped`},
		{"1. e4 e5 2. Nf31-0\nBc4 Nc6\n", `1:13 "Nf31-0" looks like a move but cannot be read: skipped`},
		{"1. e4 e5 2. Nf31-0\n\n(2. Bc4)\n", `1:13 "Nf31-0" looks like a move but cannot be read: skipped`},
		{"1. e4 e5 2. Nf31-0\n1... Nc6\n", `1:13 "Nf31-0" looks like a move but cannot be read: skipped`},
		{"1. e4 e5 2. Nf31-0 White resigns\n", `1:13 "Nf31-0" looks like a move but cannot be read: skipped`},
		{"1. e4 e5 2. Nf31-0\n1-0\n", `1:13 "Nf31-0" looks like a move but cannot be read: skipped`},
		{"1. e4 e5 2. Nf312\n", `1:13 "Nf312" looks like a move but cannot be read: skipped`},
	} {
		g := parseString(t, c.in)[0]
		if p := problems(g); len(p) == 0 || p[0] != c.want {
			t.Errorf("%q: problems %q, want first %q", c.in, p, c.want)
		}
		if g.ResultRaw.Len != 0 {
			t.Errorf("%q: result %q read from the glued word", c.in, g.Result)
		}
	}
}

// A chunk that the Splitter cut at the size cap ends inside a game, which
// the next chunk goes on with: a glued marker at its end is no game's end,
// with tags or without.
func TestResultGluedAtACut(t *testing.T) {
	for _, in := range []string{tagged + "1. e4 e5 2. Nf31-0\n", "1. e4 e5 2. Nf31-0\n", "1. e4 e5 2. Nf31-0"} {
		var results []string
		NewParser(Options{}).Parse(Chunk{Data: []byte(in), Cut: true}, func(g *Game) { results = append(results, g.Result) })
		eq(t, in, results, []string{""})
	}
}

// The games of scoresheet text with glued markers read alike whole and in
// chunks: the Splitter cuts such text before a "1." and a move, where the
// game before reads as it does with the text after it.
func TestResultGluedInTextReadsAsWhole(t *testing.T) {
	var b strings.Builder
	for k := range 40 {
		switch k % 4 {
		case 0:
			fmt.Fprintf(&b, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a61-0\n")
		case 1:
			fmt.Fprintf(&b, "Game %d\n1. d4 d5 2. c4 e60-1\n\n", k)
		case 2:
			fmt.Fprintf(&b, "1. c4 c5 2. Nc31/2-1/2 1. e4 c5 2. Nf3 d6 *\n")
		default:
			fmt.Fprintf(&b, "1. f3 e5 2. g4 Qh4#0-1\n3. Kf2 Qf4\n")
		}
	}
	in := []byte(b.String())
	games, _ := readAll(t, in, SplitOptions{Target: len(in) + 1}, Options{})
	glued := 0
	for _, g := range games {
		if g.ResultRaw.Len > 0 {
			glued++
		}
	}
	eq(t, "games, glued results", []int{len(games), glued}, []int{50, 30}) // not the one before "3. Kf2"
	readsAsWhole(t, "glued", in, 16, 64, 100, 333)
}
