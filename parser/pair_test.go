package parser

import "testing"

// comments lists the comment of each move of g ("" for none).
func comments(g *Game) []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = g.Str(m.Comment)
	}
	return out
}

// pairs lists the moves of g's Pairs as "joined=first+second".
func pairs(g *Game) []string {
	out := []string{}
	for _, pr := range g.Pairs {
		out = append(out, g.Str(g.Moves[pr.Move].Raw)+"="+g.Str(pr.First.Norm)+"+"+g.Str(pr.Second.Norm))
	}
	return out
}

// Two squares around a spaced dash are one long-algebraic move or a move of
// each side: the move number after them says which, and without one the
// move is read as one and listed in Pairs for the replay to decide.
func TestSpacedDashPairs(t *testing.T) {
	for _, dash := range []string{"-", "–", "—"} {
		g := one(t, "1. e4 "+dash+" e5 2. Кf3 "+dash+" Кc6 3. Сb5 "+dash+" a6 4. Сa4 *\n")
		eq(t, dash, norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "Сa4"})
		eq(t, dash+" problems", problems(g), []string{})
		eq(t, dash+" pairs", pairs(g), []string{})
	}

	// Long algebraic: the number after Black's move says one move; White's,
	// followed by Black's move, and the last, followed by the result, wait
	// for the replay.
	g := one(t, "1. e2 - e4 e7 - e5 2. Кg1 - f3 *\n")
	eq(t, "long", norms(g), []string{"e2-e4", "e7-e5", "Кg1-f3"})
	eq(t, "long pairs", pairs(g), []string{"e2 - e4=e2+e4", "Кg1 - f3=Кg1+f3"})
	g = one(t, "12... Лd8 - d1 13. Лe1 *\n")
	eq(t, "black", norms(g), []string{"Лd8-d1", "Лe1"})
	eq(t, "black pairs", pairs(g), []string{})

	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 — а6+ *\n")
	eq(t, "last", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5-a6+"})
	eq(t, "last pairs", pairs(g), []string{"Сb5 — а6+=Сb5+a6+"})
	pr := g.Pairs[0]
	eq(t, "halves", []any{g.Str(pr.First.Raw), pr.First.Pos, pr.First.Folds, g.Str(pr.Second.Raw), pr.Second.Pos, pr.Second.Folds},
		[]any{"Сb5", Pos{Offset: 25, Line: 1, Col: 26}, Folds(0), "а6+", Pos{Offset: 34, Line: 1, Col: 35}, FoldCyrillicSquare})

	// Not pairs: a capture sign, a word that is no square, a number that
	// fits neither reading.
	g = one(t, "1. e4 e5 2. d4 e5 : d4 3. c3 *\n")
	eq(t, "capture", norms(g), []string{"e4", "e5", "d4", "e5:d4", "c3"})
	eq(t, "capture pairs", pairs(g), []string{})
	g = one(t, "3. Bb5 a6 - a useful waiting move. 4. Ba4 *\n")
	eq(t, "prose", norms(g), []string{"Bb5", "a6", "Ba4"})

	// In PGN the dash between two moves is the text it is there.
	g = one(t, "[Event \"x\"]\n\n1. e4 - e5 2. Nf3 *\n")
	eq(t, "pgn", norms(g), []string{"e4", "e5", "Nf3"})
	eq(t, "pgn problems", problems(g), []string{`3:7 unexpected text, from "-"`})
}

// SplitPair makes the pair's move the two moves it may be: what came after
// the move comes after the second, variations of the move stay variations
// of the first, and the other pairs follow their moves.
func TestSplitPair(t *testing.T) {
	g := one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 — a6 {хорошо} Сa4 (Сc4 Кf6) Кf6 — e4 *\n")
	eq(t, "before", raws(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5 — a6", "Сa4", "Сc4", "Кf6", "Кf6 — e4"})
	eq(t, "pairs", pairs(g), []string{"Сb5 — a6=Сb5+a6", "Кf6 — e4=Кf6+e4"})
	g.SplitPair(0)
	eq(t, "raws", raws(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "Сa4", "Сc4", "Кf6", "Кf6 — e4"})
	eq(t, "norms", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "Сa4", "Сc4", "Кf6", "Кf6-e4"})
	prev := []int32{}
	for _, m := range g.Moves {
		prev = append(prev, m.Prev)
	}
	eq(t, "prev", prev, []int32{-1, 0, 1, 2, 3, 4, 5, 5, 7, 6})
	eq(t, "comments", comments(g), []string{"", "", "", "", "", "хорошо", "", "", "", ""})
	eq(t, "numbers", []int32{g.Moves[4].Number, g.Moves[5].Number}, []int32{3, 0})
	eq(t, "second at", g.Moves[5].Pos, Pos{Offset: 34, Line: 1, Col: 35})
	eq(t, "pairs after", pairs(g), []string{"Кf6 — e4=Кf6+e4"})
	eq(t, "pair index", g.Pairs[0].Move, int32(9))
}
