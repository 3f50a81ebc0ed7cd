package parser

import "testing"

// A square or move that the prose of a scoresheet names, not plays, is a
// word of the note: a square after a word of place or a piece's name, any
// move after a threat's word or the word for a move and one joined to it
// by "и", a diagonal's end squares. Near misses: a move after other prose,
// a piece's move after "на" (a reply named: "А на Сd3:c4"), a numbered
// move after such a word ("ходом 3. d4"), a move after "и" that follows a
// move played, and PGN with tags, stay moves.
func TestNamedInProse(t *testing.T) {
	for _, tc := range []namedCase{
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
		{"the word for a move", "1. e4 c5 2. Кf3 после хода Кf3 черные играют 2... d6 3. d4 *\n",
			[]string{"e4", "c5", "Кf3", "d6", "d4"}, "после хода Кf3 черные играют"},
		{"ход", "1. e2-e4 e7-e5 ход e2-e4 самый популярный 2. Кg1-f3 *\n",
			[]string{"e2-e4", "e7-e5", "Кg1-f3"}, "ход e2-e4 самый популярный"},
		{"two moves joined by и", "1. e4 c5 белые борются за центр ходами Kg1-f3 и d2-d4. 2. Кf3 d6 *\n",
			[]string{"e4", "c5", "Кf3", "d6"}, "белые борются за центр ходами Kg1-f3 и d2-d4."},
		// near misses
		{"a move after other prose", "1. e4 e5 2. Кc3 лучше Кf3 Кc6 *\n",
			nil, "Кf3"},
		{"a piece's move after на", "1. e4 e5 2. Кf3 Кc6 на Сb5 3. d4 *\n",
			nil, "Сb5"},
		{"a numbered move after на", "1. e4 e5 2. Кf3 Кc6 на 3. Сb5 a6 *\n",
			nil, "Сb5"},
		{"a numbered move after ходом", "1. e4 e5 2. Кf3 Кc6 начать атаку ходом 3. d4 *\n",
			nil, "d4"},
		{"a move after и that follows a move played", "1. e4 e5 2. Кf3 и Кc6 3. Сb5 *\n",
			nil, "Кc6"},
		{"PGN with tags", tags7 + "1. e4 e5 2. Nf3 {on} d6 1-0\n",
			[]string{"e4", "e5", "Nf3", "d6"}, "on"},
	} {
		checkNamed(t, tc)
	}
}

// In German, Italian, Spanish, Portuguese and English the words that name a
// move stand around it: an article or "mit" before it with the sentence
// going on after it, a quote, a piece's noun with its adjective, a threat
// or a plan joined by "of". Each is a word of the note, which stays whole.
// Near misses stay moves: a move that ends the clause after "mit" or comes
// before "und", a move after an article that another move follows, a move
// at a line's start after a line that ends with an article, a numbered one,
// and a line after "de" with no threat or plan before it.
func TestNamedInProseElsewhere(t *testing.T) {
	for _, tc := range []namedCase{
		{"mit before the clause's last words", "1.e2-e4 e7-e5 2.Sg1-f3 bis Schwarz sich mit h7-h6 weiter schwächt 2...Sb8-c6 *\n",
			[]string{"e2-e4", "e7-e5", "Sg1-f3", "Sb8-c6"}, "bis Schwarz sich mit h7-h6 weiter schwächt"},
		{"an adjective of a move that may come, and mit", "1.e4 e5 2.Sf3 Eventuelles Dd8-d4 wird mit Dd1-e2 beantwortet. 2...Sc6 *\n",
			[]string{"e4", "e5", "Sf3", "Sc6"}, "Eventuelles Dd8-d4 wird mit Dd1-e2 beantwortet."},
		{"an article", "1.e4 e6 2.d4 d5 und sperrt den Lc8 ein 3.Sc3 *\n",
			[]string{"e4", "e6", "d4", "d5", "Sc3"}, "und sperrt den Lc8 ein"},
		{"a pawn chain", "1.d4 d5 2.c3 Die Bauernformation c3-d4 ist typisch. 2...Sf6 *\n",
			[]string{"d4", "d5", "c3", "Sf6"}, "Die Bauernformation c3-d4 ist typisch."},
		{"a quoted move", "1.e4 e5 2.Cf3 Cc6 3.Ab5\nUna prima considerazione del tratto \"Af1-b5\" risale al Cinquecento.\n3...a6 *\n",
			[]string{"e4", "e5", "Cf3", "Cc6", "Ab5", "a6"}, "Una prima considerazione del tratto \"Af1-b5\" risale al Cinquecento."},
		{"a pawn, its adjective and its square", "1.e4 e5 2.Cf3 Cc6 3.Ab5 attacca il pedone debole e5 minacciando 3...a6 *\n",
			[]string{"e4", "e5", "Cf3", "Cc6", "Ab5", "a6"}, "attacca il pedone debole e5 minacciando"},
		{"an articled preposition", "1.e4 e5 2.Cf3 Cc6 3.Ab5 cambiare il proprio alfiere col Cc6. 3...a6 *\n",
			[]string{"e4", "e5", "Cf3", "Cc6", "Ab5", "a6"}, "cambiare il proprio alfiere col Cc6."},
		{"a threat with its adjective, and a plan", "1.e4 e5 2.Cf3 Cc6 com ameaça imediata de d4 seguido de Bb5. 3.Bc4 *\n",
			[]string{"e4", "e5", "Cf3", "Cc6", "Bc4"}, "com ameaça imediata de d4 seguido de Bb5."},
		{"a noun after", "1.e4 c5 2.Nf3 d6 White's e5 pawn will come 3.d4 *\n",
			[]string{"e4", "c5", "Nf3", "d6", "d4"}, "White's e5 pawn will come"},
		// near misses
		{"a move that ends the clause after mit", "1.e4 e5 2.Sf3 Schwarz antwortet mit Sc6. 3.Lb5 *\n",
			nil, "Sc6"},
		{"mit, a move and und", "1.e4 e5 2.Sf3 Schwarz antwortet mit Sc6 und Weiß spielt 3.Lb5 *\n",
			nil, "Sc6"},
		{"an article before two moves", "1.e4 e5 2.Sf3 Sc6 die Hauptvariante ist die Lb5 a6 *\n",
			nil, "Lb5"},
		{"a move at a line's start", "1.e4\nEine Antwort ist die\ne5 mit Gegenspiel\n2.Sf3 *\n",
			nil, "e5"},
		{"a numbered move after an article", "1.e4 e6 2.d4 d5 und sperrt den 3.Sc3 ein *\n",
			nil, "Sc3"},
		{"a line after de", "1.e4 e5 y después de Cf3 Cc6 3.Ab5 *\n",
			nil, "Cf3"},
		{"the bracketed variation's castling", "1.e4 e5 2.Sf3 Sc6 3.Lc4 Lc5 4.c3\n[bis Schwarz sich mit h7-h6 weiter schwächt. 4.0-0 ]\n4...Sf6 *\n",
			nil, "0-0"},
		{"a quote on one side", "1.e4 e5 2.Cf3 Cc6 la spagnola: \"Ab5 a6 *\n",
			nil, "Ab5"},
	} {
		checkNamed(t, tc)
	}
}

type namedCase struct {
	name, in string
	moves    []string // the main line; nil for a near miss
	comment  string   // the comment of the move before the words; for a near miss, the word read as a move
}

// checkNamed reads tc.in with no problem: for a near miss, tc.comment is
// read as a move; else the words named stay whole in a comment, tc.comment,
// and the main line is tc.moves.
func checkNamed(t *testing.T, tc namedCase) {
	t.Helper()
	g := one(t, tc.in)
	eq(t, tc.name+" problems", problems(g), []string{})
	found := false
	for _, m := range g.Moves {
		if tc.moves == nil {
			found = found || g.Str(m.Raw) == tc.comment
		} else {
			found = found || g.Str(m.Comment) == tc.comment
		}
	}
	if !found {
		t.Errorf("%s: %q is neither a move nor a comment", tc.name, tc.comment)
	}
	if tc.moves != nil {
		eq(t, tc.name+" main line", mainline(g), tc.moves)
		readBothWays(t, []byte(tc.in), Options{})
	}
}
