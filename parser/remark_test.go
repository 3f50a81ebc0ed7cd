package parser

import (
	"fmt"
	"testing"
)

// Prose between the moves of a game without tags is a remark on the move
// before it, kept as that move's comment once the game goes on; it is no
// problem, and a parenthesised remark without moves is a comment, not a
// variation, kept with its parentheses as written.
func TestRemarksInScoresheetText(t *testing.T) {
	g := one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 (испанская партия) a6 *\n")
	eq(t, "aside", comments(g), []string{"", "", "", "", "(испанская партия)", ""})
	eq(t, "aside moves", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6"})
	eq(t, "aside depths", []int16{g.Moves[4].Depth, g.Moves[5].Depth}, []int16{0, 0})
	eq(t, "aside problems", problems(g), []string{})

	g = one(t, "3. Сb5 a6 4. Сa4 — с угрозой выиграть пешку. 4...Кf6 5. 0-0 *\n")
	eq(t, "after a dash", comments(g), []string{"", "", "с угрозой выиграть пешку.", "", ""})

	// In order with the comments in braces; numbers and asides with moves
	// in the sentence keep their meaning. A remark before an aside's first
	// move is on the move the aside is an alternative to.
	g = one(t, "1. e4 хорошо {!} 1... e5 2. Кf3 (лучше 2. f4 с атакой) 2... Кc6 в 5-м туре *\n")
	eq(t, "mixed", comments(g), []string{"хорошо !", "", "лучше", "с атакой", "в 5-м туре"})
	eq(t, "mixed moves", norms(g), []string{"e4", "e5", "Кf3", "f4", "Кc6"})
	eq(t, "mixed problems", problems(g), []string{})

	// A number that ends a remark in parentheses is the remark's: no move
	// follows it there. Before a parenthesis a move number may stand, and
	// before the next move the number is that move's.
	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 (см. партию 12) a6 4. Сa4 (Ласкер — Стейниц, 1894) Кf6 хорошо 5. 0-0 (1958 г.) 5... b5 *\n")
	eq(t, "numbers", comments(g), []string{"", "", "", "", "(см. партию 12)", "", "(Ласкер — Стейниц, 1894)", "хорошо", "(1958 г.)", ""})
	eq(t, "numbers problems", problems(g), []string{})

	// Quotes, brackets and the punctuation after them are the remark's as
	// written, where they open or close it; a note in square brackets
	// holding a number (a footnote) too. An aside with moves stays one.
	g = one(t, "1. e4 «так» e5 2. Кf3 см. \"Шахматы\" 2... Кc6 3. Сb5 (вскоре, 1975 г.). Ход[1] 3... a6 4. Сa4 (лучше 4. С:c6) Кf6 *\n")
	eq(t, "quotes", comments(g), []string{"«так»", "", "см. \"Шахматы\"", "", "(вскоре, 1975 г.). Ход[1]", "", "лучше", "", ""})
	eq(t, "quotes moves", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "Сa4", "С:c6", "Кf6"})

	// A pawn capture by files after a remark in parentheses is the move
	// after the one before the remark, as after a comment in braces; after
	// prose outside parentheses it stays prose.
	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. С:c6 (см. партию 12) dc 5. 0-0 *\n")
	eq(t, "file pair after a remark", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "С:c6", "dc", "O-O"})
	eq(t, "file pair after a remark, problems", problems(g), []string{})
	g = one(t, "1. e4 d5 2. e5 (2. ed (2. Кc3) хорошо) dc *\n")
	eq(t, "file pair after nested asides", norms(g)[len(norms(g))-1], "dc")
	g = one(t, "1. e4 e5 хорошо dc *\n")
	eq(t, "file pair after prose", norms(g), []string{"e4", "e5"})

	// Without comments, no remarks.
	g = oneWith(t, "1. e4 хорошо 1... e5 *\n", Options{NoComments: true})
	eq(t, "no comments", comments(g), []string{"", ""})
}

// Prose after a game's last move belongs to the game on the line of that
// move; the lines after it (a heading, the next game's introduction) are
// text between games, quiet, and the next game's heading: its leading
// comment, numbers included ("Москва 1956"), for a book or club sheet gives
// the players and the place there and nowhere else. Text before a file's
// first move is its first game's heading.
func TestProseBetweenGamesIsTheNextHeading(t *testing.T) {
	in := "Глава 5. Защита Каро-Канн\n1. e4 c6 2. d4 d5 и т.д.\nПартия 12. Ферзевый гамбит\nГрюнфельд — Алехин, Вена 1922\n1. d4 d5 2. c4 e6\nGame 5\n\n1. e4 e5 *\n"
	games := parseString(t, in)
	eq(t, "count", len(games), 3)
	eq(t, "first", comments(games[0]), []string{"", "", "", "и т.д."})
	eq(t, "first heading", games[0].Str(games[0].Comment), "Глава 5. Защита Каро-Канн")
	eq(t, "second", comments(games[1]), []string{"", "", "", ""})
	eq(t, "second heading", games[1].Str(games[1].Comment), "Партия 12. Ферзевый гамбит\nГрюнфельд — Алехин, Вена 1922")
	eq(t, "third", comments(games[2]), []string{"", ""})
	eq(t, "third heading", games[2].Str(games[2].Comment), "Game 5")
	for i, g := range games {
		eq(t, fmt.Sprint("problems ", i), problems(g), []string{})
	}

	// After a result marker: on its line the words are the game's, as a
	// comment in braces there is; on the lines after, the next game's, in
	// the order written with comments in braces.
	games = parseString(t, "1. e4 e5 1-0 (Ботвинник)\n{Тур 2} Партия 2 Таль — Смыслов\n1. d4 d5 *\n")
	eq(t, "after a marker, count", len(games), 2)
	eq(t, "on the marker's line", comments(games[0]), []string{"", "(Ботвинник)"})
	eq(t, "on the lines after", games[1].Str(games[1].Comment), "Тур 2 Партия 2 Таль — Смыслов")

	// Near misses: prose after the last game, a preamble without a game
	// after it, a number alone before the moves, and a comment between the
	// heading and the number, which stays between them.
	games = parseString(t, "1. e4 e5 1-0\nКонец турнира 1956\n")
	eq(t, "trailing prose", games[0].Str(games[0].Comment), "")
	eq(t, "trailing prose, moves", comments(games[0]), []string{"", ""})
	g := one(t, "12\n1. e4 e5 *\n")
	eq(t, "a number alone", g.Str(g.Comment), "")
	g = one(t, "Партия 3 {Дебют} 1. e4 e5 *\n")
	eq(t, "a comment after the heading", g.Str(g.Comment), "Партия 3 Дебют")
	games = parseString(t, "Партия 12 (Москва, 1956)\n1. e4 e5 1-0\nПартия 13 [Ленинград, 1957]\n1. d4 d5 *\n")
	eq(t, "in parentheses", []string{games[0].Str(games[0].Comment), games[1].Str(games[1].Comment)}, []string{"Партия 12 (Москва, 1956)", "Партия 13 [Ленинград, 1957]"})
	eq(t, "in parentheses, problems", [][]string{problems(games[0]), problems(games[1])}, [][]string{{}, {}})
	g = oneWith(t, "Партия 3\n1. e4 e5 *\n", Options{NoComments: true})
	eq(t, "no comments", g.Str(g.Comment), "")
}

// A result written in words right after the last move is the result, kept
// as written (ResultRaw) and as the last move's comment, with the moves
// after it on its line, which are analysis.
func TestResultInWords(t *testing.T) {
	for _, c := range []struct{ words, res, raw string }{
		{"Белые сдались", "0-1", "Белые сдались"},
		{"белые сдаются.", "0-1", "белые сдаются"},
		{"Черные сдались.", "1-0", "Черные сдались"},
		{"Чёрные сдались", "1-0", "Чёрные сдались"},
		{"Ничья", "1/2-1/2", "Ничья"},
		{"Ничья!", "1/2-1/2", "Ничья"},
		{"White resigns", "0-1", "White resigns"},
		{"Black resigned.", "1-0", "Black resigned"},
		{"Draw agreed", "1/2-1/2", "Draw agreed"},
		{"Черные просрочили время", "1-0", "Черные просрочили время"},
		{"Белые просрочили время.", "0-1", "Белые просрочили время"},
		{"Чёрные просрочили", "1-0", "Чёрные просрочили"},
		// No side named: the side to move after the last move (3... a6) resigned.
		{"Сдался", "0-1", "Сдался"},
		{"сдался.", "0-1", "сдался"},
		{"Сдаётся", "0-1", "Сдаётся"},
	} {
		in := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 " + c.words + "\n"
		g := one(t, in)
		eq(t, c.words+" result", g.Result, c.res)
		eq(t, c.words+" raw", g.Str(g.ResultRaw), c.raw)
		eq(t, c.words+" at", g.ResultPos, Pos{Offset: 30, Line: 1, Col: 31})
		eq(t, c.words+" comment", comments(g)[5], c.words)
		eq(t, c.words+" problems", problems(g), []string{})
	}

	// On a line of its own, before the next game's heading; the rest of
	// its line goes with it.
	games := parseString(t, "1. e4 e5 2. Qh5 Nc6 3. Сc4 Кf6 4. Ф:f7х\nЧерные сдались ввиду мата.\nПартия 2\n1. d4 *\n")
	eq(t, "games", len(games), 2)
	g := games[0]
	eq(t, "own line", []string{g.Result, g.Str(g.ResultRaw), comments(g)[6]}, []string{"1-0", "Черные сдались", "Черные сдались ввиду мата."})
	eq(t, "own line at", g.ResultPos.Line, int64(2))

	// After White's move, Black resigned.
	g = one(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 Сдался\n")
	eq(t, "after White's move", []string{g.Result, g.Str(g.ResultRaw)}, []string{"1-0", "Сдался"})
	g = one(t, "1. e4 e5 2. Nf3 (2. Nc3 Nf6 3. Bc4) Nc6 3. Bb5 Сдался\n")
	eq(t, "after a variation", []string{g.Result, g.Str(g.ResultRaw)}, []string{"1-0", "Сдался"})
	// A page that starts mid-game counts by its numbers: after 25... Сf5, White resigned.
	g = one(t, "24... f5 25. g3 Сf5 Сдался\n")
	eq(t, "mid-game", []string{g.Result, g.Str(g.ResultRaw)}, []string{"0-1", "Сдался"})

	// A marker after the words is the result; the words stay a remark.
	g = one(t, "1. e4 e5 Белые сдались 0-1\n")
	eq(t, "marker", []string{g.Result, g.Str(g.ResultRaw), comments(g)[1]}, []string{"0-1", "", "Белые сдались"})

	// Not a result: prose stands before, a variation holds it, the game
	// had ended, the words are split or alone.
	for _, in := range []string{
		"1. e4 e5 2. Qh5 Nc6 и белые сдались\n",
		"1. e4 e5 2. Nf3 (2. Qh5 Черные сдались)\n",
		"1. e4 e5 2. Nf3 Белые. Сдались\n",
		"1. e4 e5 2. Nf3 Белые\n",
		"1. e4 e5 2. Nf3 сдались\n",
		"1. e4 e5\nПартия 5. Ничья\n",
	} {
		g := one(t, in)
		eq(t, in, []string{g.Result, g.Str(g.ResultRaw)}, []string{"", ""})
		eq(t, in+" problems", problems(g), []string{})
	}
	// The words end the game: the moves after them on their line are the
	// analysis of the sentence they stand in, kept with it as the last
	// move's comment, not moves of the game.
	for _, c := range []struct{ in, res, comment string }{
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 Белые сдались, так как после 4. Ba4 b5 теряют слона.\n", "0-1",
			"Белые сдались, так как после 4. Ba4 b5 теряют слона."},
		{"1. e4 e5 2. Nf3 Сдался, но 2... Nc6 3. Bb5\n", "1-0", "Сдался, но 2... Nc6 3. Bb5"},
		{"1. e4 e5 2. Nf3 Черные просрочили, 2... Nc6\n", "1-0", "Черные просрочили, 2... Nc6"},
		{"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 Черные сдались ввиду мата после 4... Kxf7 5. Bxe6+\n", "1-0",
			"Черные сдались ввиду мата после 4... Kxf7 5. Bxe6+"},
	} {
		g := one(t, c.in)
		last := len(g.Moves) - 1
		eq(t, c.in+" result", g.Result, c.res)
		eq(t, c.in+" comment", g.Str(g.Moves[last].Comment), c.comment)
		eq(t, c.in+" problems", problems(g), []string{})
		eq(t, c.in+" last move", g.Moves[last].Pos.Offset < g.ResultPos.Offset, true)
	}
	// Near misses: a move on a later line, or one numbered back to the
	// game's first, begins the next game, as after a result marker; a
	// result in parentheses followed by a move was a remark.
	games = parseString(t, "1. e4 e5 2. Nf3 Nc6 Белые сдались.\n3. Bb5 a6\n")
	eq(t, "later line: games", len(games), 2)
	eq(t, "later line: result", games[0].Result, "0-1")
	eq(t, "later line: next game", norms(games[1]), []string{"Bb5", "a6"})
	games = parseString(t, "1. e4 e5 Белые сдались. 1. d4 d5\n")
	eq(t, "move one: games", len(games), 2)
	eq(t, "move one: result", games[0].Result, "0-1")
	eq(t, "move one: next game", norms(games[1]), []string{"d4", "d5"})
	g = one(t, "1. e4 e5 2. Nf3 (1-0) 2... Nc6 3. Bb5\n")
	eq(t, "in parentheses", [2]any{g.Result, len(g.Moves)}, [2]any{"", 5})

	g = one(t, "1. e4 e5 1-0 Белые сдались\n")
	eq(t, "after the marker", []string{g.Result, g.Str(g.ResultRaw)}, []string{"1-0", ""})

	// In PGN too: the words are the result, and words after them or a
	// move after them are text PGN does not allow.
	g = one(t, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 Белые сдались\n")
	eq(t, "pgn", []string{g.Result, g.Str(g.ResultRaw), comments(g)[3]}, []string{"0-1", "Белые сдались", "Белые сдались"})
	eq(t, "pgn problems", problems(g), []string{})
	g = one(t, "[Event \"x\"]\n\n1. e4 e5 White resigns 2. Nf3 *\n")
	eq(t, "pgn move after", problems(g), []string{`3:10 unexpected text, from "White resigns"`})
	eq(t, "pgn move after result", g.Result, "*")
}

// A result typed with blanks around its colon or dash ("1 : 0", "0 – 1")
// right after the last move of scoresheet text is the result, quoted as
// written; after prose, in an aside, before any move, "0 - 0" (castling)
// and a score no game ends with are not.
func TestSpacedResult(t *testing.T) {
	for _, c := range []struct{ tail, res, raw string }{
		{"1 : 0", "1-0", "1 : 0"},
		{"0 : 1.", "0-1", "0 : 1"},
		{"1 - 0", "1-0", "1 - 0"},
		{"0 – 1", "0-1", "0 – 1"},
		{"{хорошо}\n1 : 0", "1-0", "1 : 0"},
	} {
		g := one(t, "1. e4 e5 2. Кf3 Кc6 "+c.tail+"\n")
		eq(t, c.tail, []string{g.Result, g.Str(g.ResultRaw)}, []string{c.res, c.raw})
		eq(t, c.tail+" moves", norms(g), []string{"e4", "e5", "Кf3", "Кc6"})
		eq(t, c.tail+" problems", problems(g), []string{})
	}
	for _, in := range []string{
		"1. e4 e5 2. Кf3 Кc6 хорошо 1 : 0\n",
		"1. e4 e5 2. Кf3 Кc6 (1 : 0) 3. Сb5\n",
		"Матч 1 : 0\n1. e4 e5\n",
		"1. e4 e5 2. Кf3 Кc6 1 : 1\n",
		"[Event \"E\"]\n\n1. e4 e5 2. Nf3 Nc6 1 : 0\n",
	} {
		g := parseString(t, in)[0]
		eq(t, in, g.Result, "")
	}
	g := one(t, "1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. 0 - 0 *\n")
	eq(t, "castling", norms(g)[6], "O-O")
}

// A note in parentheses that holds numbers and no word is a remark, kept
// as a comment ("(15)", "(1 : 0)" between moves); right after the last move
// a result in it ("(1-0)", "(1:0)") is the game's result, quoted as written
// and not kept as a comment too. Near misses: a move follows, a marker
// follows, a variation holds it, it opens the text, it has a word.
func TestNumberNote(t *testing.T) {
	for _, c := range []struct{ tail, res, raw string }{
		{"(1-0)", "1-0", "(1-0)"},
		{"(1:0)", "1-0", "(1:0)"},
		{"( 0 : 1 )", "0-1", "( 0 : 1 )"},
		{"(½-½)", "1/2-1/2", "(½-½)"},
		{"{хорошо} (0-1)", "0-1", "(0-1)"},
	} {
		g := one(t, "1. e4 e5 2. Кf3 Кc6 "+c.tail+"\n")
		eq(t, c.tail, []string{g.Result, g.Str(g.ResultRaw)}, []string{c.res, c.raw})
		eq(t, c.tail+" moves", norms(g), []string{"e4", "e5", "Кf3", "Кc6"})
		eq(t, c.tail+" comments", comments(g)[3] == "" || comments(g)[3] == "хорошо", true)
		eq(t, c.tail+" problems", problems(g), []string{})
	}
	g := one(t, "1. e4 (15) e5 2. Кf3 (1 : 0) Кc6 3. Сb5 (12) a6 4. С:c6 (3) dc *\n")
	eq(t, "between moves", comments(g), []string{"(15)", "", "(1 : 0)", "", "(12)", "", "(3)", ""})
	eq(t, "between moves, moves", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "С:c6", "dc"})
	eq(t, "between moves, result", []string{g.Result, g.Str(g.ResultRaw)}, []string{"*", ""})
	eq(t, "between moves, problems", problems(g), []string{})

	g = one(t, "1. e4 e5 (1-0) 0-1\n")
	eq(t, "marker after", []string{g.Result, g.Str(g.ResultRaw), comments(g)[1]}, []string{"0-1", "", "(1-0)"})
	g = one(t, "1. e4 e5 2. Кf3 (2. Кc3 (1-0)) Кc6\n")
	eq(t, "in a variation", []string{g.Result, g.Str(g.ResultRaw)}, []string{"", ""})
	eq(t, "in a variation, moves", norms(g), []string{"e4", "e5", "Кf3", "Кc3", "Кc6"})
	games := parseString(t, "(1-0)\n1. e4 e5 *\n")
	eq(t, "before the first move", games[len(games)-1].Result, "*")
	g = one(t, "1. e4 e5 (1-0 Ботвинник)\n")
	eq(t, "with a word", []string{g.Result, comments(g)[1]}, []string{"", "(1-0 Ботвинник)"})
	g = oneWith(t, "1. e4 (15) e5 (1-0)\n", Options{NoComments: true})
	eq(t, "no comments", []string{g.Result, comments(g)[0]}, []string{"1-0", ""})
}

// "* * *" after a game of scoresheet text is a book's section break: the
// first star is the game's result (as the splitter reads it), the others on
// its line no second result. Near misses: a second star on a later line, in
// PGN, or another result after the star, are second results.
func TestAsterism(t *testing.T) {
	games := parseString(t, "1. e4 e5 2. Кf3 Кc6\n* * *\nДальше.\n1. d4 d5 *\n")
	eq(t, "games", len(games), 2)
	eq(t, "section break", []string{games[0].Result, games[1].Result}, []string{"*", "*"})
	eq(t, "section break, problems", problems(games[0]), []string{})
	for _, c := range []struct{ in, want string }{
		{"1. e4 e5 *\n*\n", "2:1 second result * after the game's end"},
		{"[Event \"E\"]\n\n1. e4 e5 * *\n", "3:12 second result * after the game's end"},
		{"1. e4 e5 * 1-0\n", "1:12 second result 1-0 after the game's end"},
	} {
		g := parseString(t, c.in)[0]
		eq(t, c.in, problems(g), []string{c.want})
	}
}

// A word read as a move only by mending OCR damage (an l for a 1, Ь for b)
// is a move where a move stands, after a move, a move number or a word
// that took a move's turn, and prose after prose: Italian and Spanish "del"
// is no pawn's move to e1, "Tal" in a heading no German rook's to a1.
func TestOCRMoveAfterProse(t *testing.T) {
	g := one(t, "1. e4 e5 2. Кf3 Кc6 considerazione del tratto 3. Сb5 *\n")
	eq(t, "del", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5"})
	eq(t, "del, comment", comments(g)[3], "considerazione del tratto")
	eq(t, "del, problems", problems(g), []string{})
	games := parseString(t, "Game 3: Tal – Petrosian\n1. e4 e5 *\n")
	eq(t, "Tal", len(games), 1)
	eq(t, "Tal, heading", games[0].Str(games[0].Comment), "Game 3: Tal – Petrosian")
	eq(t, "Tal, problems", problems(games[0]), []string{})
	// Near misses: where a move stands, the damage is mended.
	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 6. Лfel b5 *\n")
	eq(t, "after a number", norms(g)[10], "Лfe1")
	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 6. Лe1 b5 7. Сb3 d6 8. c3 0-0 9. h3 Кb8 10. d4 Кbd7 Лfel *\n")
	eq(t, "after a move", norms(g)[len(norms(g))-1], "Лfe1")
}

// The king written in small letters and apart from its square ("кр g5",
// as "Кр g3" is) is one move; a lone small "к" before a square is the
// preposition of a sentence, not a piece.
func TestSmallKingApart(t *testing.T) {
	g := one(t, "1. f3 e5 2. Крf2 d5 3. Кр g3 Кр e7 4. кр h4 кр :e6 *\n")
	eq(t, "moves", norms(g), []string{"f3", "e5", "Крf2", "d5", "Крg3", "Крe7", "крh4", "кр:e6"})
	eq(t, "problems", problems(g), []string{})
	g = one(t, "1. e4 e5 2. Кf3 ход к d5 2... Кc6 *\n")
	eq(t, "a preposition", norms(g), []string{"e4", "e5", "Кf3", "d5", "Кc6"}) // not "кd5"
}

// A number in quotes in scoresheet text ("64", «64», „64“: a magazine, a
// club) is a word of the remark it stands in, kept as written, before a
// footnote in brackets, a move number or a word; read as a move number it
// was dropped. Near misses: a number after a quoted word, or with a quote on
// one side only, is the move number it was.
func TestQuotedNumberInRemark(t *testing.T) {
	for _, note := range []string{
		`журнал "64"[1] пишет`,
		`журнал "64"[1]`,
		`журнал "64" [1]`,
		`журнал "64"(1)`,
		`журнал "64", [1] пишет`,
		`журнал «64»[1]`,
		`журнал „64“[1]`,
		`журнал "64"`,
		`журнал «64».`,
		`"64"[1] пишет`,
	} {
		g := one(t, "1. e4 e5 2. Кf3 Кc6 "+note+" 3. Сc4 Кf6\n")
		eq(t, note+" comments", comments(g), []string{"", "", "", note, "", ""})
		eq(t, note+" moves", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сc4", "Кf6"})
		eq(t, note+" number", g.Moves[4].Number, int32(3))
		eq(t, note+" problems", problems(g), []string{})
	}
	games := parseString(t, "Кубок «64»[2]\n1. d4 d5 *\n")
	eq(t, "heading", games[len(games)-1].Str(games[len(games)-1].Comment), "Кубок «64»[2]")

	for _, c := range []struct{ in, comment string }{
		{"1. e4 e5 2. Кf3 Кc6 \"лучше\" 3 Сc4 Кf6\n", `"лучше"`},
		{"1. e4 e5 2. Кf3 Кc6 по «Шахматам» 3 Сc4 Кf6\n", "по «Шахматам»"},
		{"1. e4 e5 2. Кf3 Кc6 лучше \"3 Сc4 Кf6\n", "лучше"},
	} {
		g := one(t, c.in)
		eq(t, c.in+" comments", comments(g), []string{"", "", "", c.comment, "", ""})
		eq(t, c.in+" number", g.Moves[4].Number, int32(3))
	}
}
