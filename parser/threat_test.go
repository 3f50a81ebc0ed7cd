package parser

import "testing"

// A numbered line that a note gives as a threat or a plan is words of the
// note, not moves: after a threat's word (with "to play", "of", a dash
// between), when its number is ahead of the line being read, up to the end
// of its bracket or sentence, or to a number that goes back to the game's.
// Alternatives the sentence names after prose stay in it. The game goes on
// after it: the move after the bracket or the full stop, the move its
// number gives back to the game.
func TestThreatLine(t *testing.T) {
	for _, tc := range []namedCase{
		{"a bracket", "1.e4 e5 2.Cf3 Cc6 3.Bc4 Bc5 4.Cg5 Ch6\n(ameacando 5.Cxf7\nCxf7\n6.Bxf7+)\n5.O-O\nd6 *\n",
			[]string{"e4", "e5", "Cf3", "Cc6", "Bc4", "Bc5", "Cg5", "Ch6", "O-O", "d6"}, "(ameacando 5.Cxf7\nCxf7\n6.Bxf7+)"},
		{"a full stop, then an unnumbered move", "1. e4 e5 2. Qh5 Nc6 3. Bc4 threatening 4. Qxf7#. g6 4. Qf3 *\n",
			[]string{"e4", "e5", "Qh5", "Nc6", "Bc4", "g6", "Qf3"}, "threatening 4. Qxf7#."},
		{"a semicolon", "1. e4 e5 2. Qh5 Nc6 3. Bc4 threat of 4. Qxf7 Ke7 5. Qxe5#; g6 4. Qf3 *\n",
			[]string{"e4", "e5", "Qh5", "Nc6", "Bc4", "g6", "Qf3"}, "threat of 4. Qxf7 Ke7 5. Qxe5#;"},
		{"to play, and the game's number", "1. e4 e5 2. Qh5 Nc6 3. Bc4 threatening to play 4. Qxf7# 3... g6 4. Qf3 *\n",
			[]string{"e4", "e5", "Qh5", "Nc6", "Bc4", "g6", "Qf3"}, "threatening to play 4. Qxf7#"},
		{"a dash, a comma and an alternative after prose", "1. e4 e5 2. Фh5 Кc6 3. Сc4 Угроза - 4. Ф:f7x, а 4. Ф:e5+ тоже сильно. 3... g6 4. Фf3 *\n",
			[]string{"e4", "e5", "Фh5", "Кc6", "Сc4", "g6", "Фf3"}, "Угроза - 4. Ф:f7x, а 4. Ф:e5+ тоже сильно."},
		{"угрожая сыграть", "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-c4 Сf8-c5 4. c2-c3 Угрожая сыграть 5. d2-d4, затем\n4... Кg8-f6 5. d2-d4 *\n",
			[]string{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "Сf1-c4", "Сf8-c5", "c2-c3", "Кg8-f6", "d2-d4"}, "Угрожая сыграть 5. d2-d4, затем"},
		{"a plan", "1.e4 e5 2.Cf3 Cc6 3.Bb5 a6 4.Ba4 Cf6 5.O-O Be7 6.Te1 b5 7.Bb3 d6 8.c3 seguido de 9.h3 Ca5 10.Bc2. 8...O-O 9.d4 *\n",
			[]string{"e4", "e5", "Cf3", "Cc6", "Bb5", "a6", "Ba4", "Cf6", "O-O", "Be7", "Te1", "b5", "Bb3", "d6", "c3", "O-O", "d4"}, "seguido de 9.h3 Ca5 10.Bc2."},
		// near misses
		{"the number the game expects after a threat's word", "1. e4 e5 2. Qh5 with the threat\n2... Nc6 3. Bc4 *\n",
			nil, "Nc6"},
		{"an alternative after a threat's word", "1. e4 e5 2. Фh5 Кc6 3. Сc4 угроза 3. Фf3 g6 *\n",
			nil, "Фf3"},
	} {
		checkNamed(t, tc)
	}
}

// A number that goes back right after a move of a threat's line ends the
// line: the move before it was the game's reply, taken into the note, and
// the number's move is the game's, reported where it does not fit.
func TestThreatLineEndsAtANumberBack(t *testing.T) {
	g := one(t, "1. e4 e5 2. Qh5 threatening 3. Qxf7 Nc6 3. Bc4 *\n")
	eq(t, "main line", mainline(g), []string{"e4", "e5", "Qh5", "Bc4"})
	eq(t, "comment", g.Str(g.Moves[2].Comment), "threatening 3. Qxf7 Nc6")
	eq(t, "problems", problems(g), []string{"1:41 move number 3. where 2... was expected: a move is missing before it"})
}
