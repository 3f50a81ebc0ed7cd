package parser

import "testing"

// A square or move that the prose of a scoresheet names, not plays, is a
// word of the note: a square after a word of place or a piece's name, any
// move after a threat's word, a diagonal's end squares. Near misses: a
// move after other prose, a piece's move after "на" (a reply named: "А на
// Сd3:c4"), a numbered move after such a word, and PGN with tags, stay
// moves.
func TestNamedInProse(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		moves    []string
		comment  string // the comment of the move before the words; for a near miss, the word read as a move
	}{
		{"a square after на", "1. e4 e5 2. Кf3 Кc6 конь пойдёт на е5 3. Сb5 a6 *\n",
			[]string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6"}, "конь пойдёт на е5"},
		{"a square after a piece's name", "1. e4 e5 2. Сc4 Кf6 нападая на пешку е4 3. d3 *\n",
			[]string{"e4", "e5", "Сc4", "Кf6", "d3"}, "нападая на пешку е4"},
		{"поле", "1. e4 e5 2. Кf3 Кc6 контроль за поле d4 3. Сb5 *\n",
			[]string{"e4", "e5", "Кf3", "Кc6", "Сb5"}, "контроль за поле d4"},
		{"a threat", "1. e4 e5 2. Кf3 Кc6 3. Сc4 с угрозой Кg5 Кf6 *\n",
			[]string{"e4", "e5", "Кf3", "Кc6", "Сc4", "Кf6"}, "с угрозой Кg5"},
		{"a threat in English", "1. e4 e5 2. Qh5 threatening Qxf7 Nc6 3. Bc4 *\n",
			[]string{"e4", "e5", "Qh5", "Nc6", "Bc4"}, "threatening Qxf7"},
		{"German auf", "1.Sg1-f3 d7-d5 2.e2-e4 d5xe4 sperrt seinen Läufer auf c8 ein 3.Sf3-g5 *\n",
			[]string{"Sg1-f3", "d7-d5", "e2-e4", "d5xe4", "Sf3-g5"}, "sperrt seinen Läufer auf c8 ein"},
		{"a diagonal", "1. e4 e5 2. Сc4 по диагонали a2-g8 Кc6 *\n",
			[]string{"e4", "e5", "Сc4", "Кc6"}, "по диагонали a2-g8"},
		// near misses
		{"a move after other prose", "1. e4 e5 2. Кc3 лучше Кf3 Кc6 *\n",
			nil, "Кf3"},
		{"a piece's move after на", "1. e4 e5 2. Кf3 Кc6 на Сb5 3. d4 *\n",
			nil, "Сb5"},
		{"a numbered move after на", "1. e4 e5 2. Кf3 Кc6 на 3. Сb5 a6 *\n",
			nil, "Сb5"},
		{"PGN with tags", tags7 + "1. e4 e5 2. Nf3 {on} d6 1-0\n",
			[]string{"e4", "e5", "Nf3", "d6"}, "on"},
	} {
		g := one(t, tc.in)
		if tc.moves == nil {
			found := false
			for _, m := range g.Moves {
				found = found || g.Str(m.Raw) == tc.comment
			}
			if !found {
				t.Errorf("%s: %q not read as a move", tc.name, tc.comment)
			}
			continue
		}
		eq(t, tc.name+" main line", mainline(g), tc.moves)
		eq(t, tc.name+" problems", problems(g), []string{})
		var c string
		for _, m := range g.Moves {
			if m.Comment.Len > 0 {
				c = g.Str(m.Comment)
				break
			}
		}
		eq(t, tc.name+" comment", c, tc.comment)
		readBothWays(t, []byte(tc.in), Options{})
	}
}
