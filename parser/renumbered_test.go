package parser

import (
	"fmt"
	"testing"
)

func renumberedOf(g *Game) []string {
	out := make([]string, len(g.Renumbered))
	for i, p := range g.Renumbered {
		out[i] = fmt.Sprintf("%d:%d %s", p.Pos.Line, p.Pos.Col, p.Message)
	}
	return out
}

// The number of the move before written again for the move after it
// ("10. O-O-O 10.Nf6", Black's move under White's number) is read as the
// move expected and noted in Game.Renumbered, not as a Problem: nothing is
// missing. Near misses: a number that leaves a move out, a number one ply
// behind after an unnumbered move, a number repeated after an unnumbered
// move, and text without tags, where a repeated number opens a book's
// alternative, stay as they were.
func TestRenumbered(t *testing.T) {
	for _, tc := range []struct {
		name, in             string
		renumbered, problems []string
		moves                []string
	}{
		{"Black's move under White's number", tags7 + "1. e4 e5 2. Nf3 2.Nc6 3. Bb5 a6 1-0\n",
			[]string{"9:17 move number 2. written again after 2. Nf3: read as 2... Nc6"}, []string{},
			[]string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}},
		{"White's move under Black's number", tags7 + "1. e4 e5 2. Nf3 2... Nc6 2... Bb5 a6 1-0\n",
			[]string{"9:26 move number 2... written again after 2... Nc6: read as 3. Bb5"}, []string{},
			[]string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}},
		{"in Russian letters", tags7 + "1. e4 e5 2. Кf3 2. Кc6 1-0\n",
			[]string{"9:18 move number 2. written again after 2. Кf3: read as 2... Кc6"}, []string{},
			[]string{"e4", "e5", "Кf3", "Кc6"}},
		{"Black's move under White's number after an unnumbered move", tags7 + "1. e4 e5 Nf3 2 Nc6 {x} 3. Bb5 a6 1-0\n",
			[]string{"9:14 move number 2. written for the next move after 2. Nf3: read as 2... Nc6"}, []string{},
			[]string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}},
		{"White's move under Black's number after an unnumbered move", tags7 + "1. e4 e5 2. Nf3 Nc6 2... Bb5 3... a6 1-0\n",
			[]string{"9:21 move number 2... written for the next move after 2... Nc6: read as 3. Bb5"}, []string{},
			[]string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}},
		// near misses
		{"after an unnumbered move, no number next", tags7 + "1. e4 e5 Nf3 2. Nc6 Bb5 a6 1-0\n",
			[]string{}, []string{"9:14 move number 2. where 2... was expected"},
			[]string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}},
		{"a move missing", tags7 + "1. e4 e5 2. Nf3 3. Bb5 a6 1-0\n",
			[]string{}, []string{"9:17 move number 3. where 2... was expected: a move is missing before it"},
			[]string{"e4", "e5", "Nf3", "Bb5", "a6"}},
		{"one ply behind after an unnumbered move", tags7 + "1.. e4 e5 2. Nf3 Nc6 1-0\n",
			[]string{}, []string{"9:11 move number 2. where 2... was expected"},
			[]string{"e4", "e5", "Nf3", "Nc6"}},
		{"a number repeated after an unnumbered move", tags7 + "1. e4 e5 2. Nf3 Nc6 2. Bb5 1-0\n",
			[]string{}, []string{"9:21 move number 2. where 3. was expected"},
			[]string{"e4", "e5", "Nf3", "Nc6", "Bb5"}},
		{"text without tags: an alternative", "1. e4 e5 2. Nf3 2. Nc3 Nc6 1-0\n",
			[]string{}, []string{},
			[]string{"e4", "e5", "Nf3"}},
	} {
		g := one(t, tc.in)
		eq(t, tc.name+" renumbered", renumberedOf(g), tc.renumbered)
		eq(t, tc.name+" problems", problems(g), tc.problems)
		eq(t, tc.name+" main line", mainline(g), tc.moves)
		readBothWays(t, []byte(tc.in), Options{})
	}
}
