package parser

import "testing"

// tagged opens a PGN game, which a tag pair makes one, not scoresheet text.
const tagged = "[Event \"E\"]\n\n"

// A PGN result marker run into the game's last move, or into the mark of
// that move, is read as the move and the result, with ResultRaw quoting the
// marker so that a report can say it is glued; the end of a game's movetext
// is its line's end, then blank lines and the input's end or the next
// game's tags, in a game with tags. Near misses: a glued word followed by
// more moves, or on a line that does not end, or in a game without tags, and
// digits after a move that make no result, stay unreadable words.
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
	} {
		g := parseString(t, c.in)[0]
		eq(t, c.in+" last move", norms(g)[len(g.Moves)-1], c.last)
		eq(t, c.in+" result", []any{g.Result, g.Str(g.ResultRaw), g.ResultPos.Col}, []any{c.result, c.raw, c.col})
		eq(t, c.in+" problems", problems(g), []string{})
	}
	for _, c := range []struct{ in, want string }{
		{tagged + "1. e4 d5 2. exd51-0 Qxd5 *\n", `3:13 unexpected text, from "exd51-0"`},
		{tagged + "1. e4 e5 2. Nf3 b1-0\n", `3:17 unexpected text, from "b1-0"`},
		// The line must end: a chunk's end there is no input's end.
		{tagged + "1. e4 e5 2. Nf31-0", `3:13 unexpected text, from "Nf31-0"`},
		{tagged + "1. e4 e5 2. Nf31-0 [Event \"F\"]\n\n1. d4 *\n", `3:13 unexpected text, from "Nf31-0"`},
		// No tags: the Splitter may cut scoresheet text at a move 1. or a heading.
		{"1. e4 e5 2. Nf31-0\n", `1:13 "Nf31-0" looks like a move but cannot be read: skipped`},
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
