package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The sample games in testdata are our own transcriptions of Morphy's 1858
// "Opera game" in several notations and encodings (see testdata/README.md).

func readSample(t *testing.T, name string) []*Game {
	t.Helper()
	input, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	games, chunks := readAll(t, input, SplitOptions{}, Options{})
	checkGames(t, input, games, chunks)
	return games
}

var operaRussianLong = []string{
	"e2-e4", "e7-e5", "Кg1-f3", "d7-d6", "d2-d4", "Сc8-g4", "d4:e5", "Сg4:f3", "Фd1:f3", "d6:e5",
	"Сf1-c4", "Кg8-f6", "Фf3-b3", "Фd8-e7", "Кb1-c3", "c7-c6", "Сc1-g5", "b7-b5", "Кc3:b5", "c6:b5",
	"Сc4:b5+", "Кb8-d7", "O-O-O", "Лa8-d8", "Лd1:d7", "Лd8:d7", "Лh1-d1", "Фe7-e6", "Сb5:d7+", "Кf6:d7",
	"Фb3-b8+", "Кd7:b8", "Лd1-d8x",
}

func TestSampleRussianLongWindows1251(t *testing.T) {
	games := readSample(t, "russian_long_cp1251.txt")
	eq(t, "games", len(games), 1)
	g := games[0]
	eq(t, "encoding", g.Encoding, Windows1251)
	eq(t, "scripts", g.Scripts, CyrillicLetters)
	eq(t, "main line", mainline(g), operaRussianLong)
	eq(t, "result", g.Result, "1-0")
	// "лучше 3... е5 : d4." in the prose is an alternative to 3... Сc8-g4.
	aside := g.Moves[6]
	eq(t, "aside", [4]any{g.Str(aside.Norm), g.Str(aside.Raw), aside.Prev, aside.Depth}, [4]any{"e5:d4", "е5 : d4", int32(4), int16(1)})
	eq(t, "back on the main line", g.Moves[7].Prev, int32(5))
	eq(t, "NAGs of 16. Фb3-b8+!!", g.Moves[31].NAGs, [2]uint8{3, 0})
	eq(t, "position of 4. d4 : e5", g.Moves[7].Pos, Pos{Offset: 168, Line: 7, Col: 4})
	eq(t, "problems", problems(g), []string{})
}

func TestSampleRussianShortKOI8R(t *testing.T) {
	games := readSample(t, "russian_short_koi8r.txt")
	eq(t, "games", len(games), 1)
	g := games[0]
	eq(t, "encoding", g.Encoding, KOI8R)
	eq(t, "moves", norms(g), []string{
		"e4", "e5", "Кf3", "d6", "d4", "Сg4", "de", "С:f3", "Ф:f3", "de", "Сc4", "Кf6", "Фb3", "Фe7", "Кc3", "c6",
		"Сg5", "b5", "К:b5", "cb", "С:b5+", "Кbd7", "O-O-O", "Лd8", "Л:d7", "Л:d7", "Лd1", "Фe6", "С:d7+", "К:d7",
		"Фb8+", "К:b8", "Лd8x",
	})
	var nums []int32
	for _, m := range g.Moves[:6] {
		nums = append(nums, m.Number)
	}
	eq(t, "numbers without dots", nums, []int32{1, 0, 2, 0, 3, 0})
	eq(t, "result", g.Result, "1-0")
	eq(t, "problems", problems(g), []string{})
}

func TestSampleRussianCP866(t *testing.T) {
	g := readSample(t, "russian_cp866.txt")[0]
	eq(t, "encoding", g.Encoding, CP866)
	eq(t, "moves", norms(g), operaRussianLong[:10])
	eq(t, "raw keeps Cyrillic е", g.Str(g.Moves[0].Raw), "е2-е4")
	eq(t, "result", g.Result, "*")
}

func TestSampleGermanWindows1252(t *testing.T) {
	g := readSample(t, "german_cp1252.pgn")[0]
	eq(t, "encoding", g.Encoding, Windows1252)
	eq(t, "white", g.Tags[4].Value, "Müller, Jürgen")
	eq(t, "black", g.Tags[5].Value, "Weiß, Günther")
	eq(t, "moves", norms(g)[:8], []string{"e4", "e5", "Sf3", "d6", "d4", "Lg4", "dxe5", "Lxf3"})
	eq(t, "last", norms(g)[32], "Td8#")
	eq(t, "scripts", g.Scripts, LatinLetters)
}

func TestSampleFigurine(t *testing.T) {
	g := readSample(t, "figurine.pgn")[0]
	eq(t, "moves", norms(g)[:8], []string{"e4", "e5", "♘f3", "d6", "d4", "♝g4", "dxe5", "♝xf3"})
	eq(t, "scripts", g.Scripts, Figurines)
	eq(t, "count", len(g.Moves), 33)
}

func TestSampleCRLFAndBOM(t *testing.T) {
	games := readSample(t, "crlf_bom.pgn")
	eq(t, "games", len(games), 2)
	eq(t, "first tag after the BOM", games[0].Tags[0].Pos, Pos{Offset: 3, Line: 1, Col: 4})
	eq(t, "first game starts with the BOM", games[0].Start.Offset, int64(0))
	eq(t, "moves", len(games[0].Moves), 33)
	eq(t, "second", norms(games[1]), []string{"d4", "d5"})
	eq(t, "no CR in values", games[0].Tags[0].Value, "Casual")
	eq(t, "problems", problems(games[0]), []string{})
}

func TestSampleLichessClocks(t *testing.T) {
	g := readSample(t, "lichess_clk.pgn")[0]
	var clocks []int64
	for _, m := range g.Moves {
		clocks = append(clocks, m.Clock)
	}
	eq(t, "clocks", clocks, []int64{180000, 180000, 179500, 178000, 177000, 175000, 170000, 174000, 160000, 175000, 161900, 176000, 160000, 177000})
	eq(t, "mate eval", [2]any{g.Moves[8].EvalMate, g.Moves[8].HasEval}, [2]any{int16(-2), true})
	eq(t, "emt", g.Moves[9].EMT, int64(1200))
	eq(t, "no eval", g.Moves[11].HasEval, false)
	eq(t, "NAGs", [3][2]uint8{g.Moves[5].NAGs, g.Moves[6].NAGs, g.Moves[8].NAGs}, [3][2]uint8{{6, 0}, {4, 0}, {4, 0}})
	eq(t, "result", g.Result, "0-1")
}

func TestRussianSpacedMoves(t *testing.T) {
	g := one(t, "1. e2 - e4 e7 – e5 2. К g1-f3 Кb8 — c6 3. Сf1 : c6 d7:  c6 4. Кр: e1 Кр :e8 5. С : е7 Л :d1 6. e4 x d5 *")
	eq(t, "moves", norms(g), []string{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "Сf1:c6", "d7:c6", "Кр:e1", "Кр:e8", "С:e7", "Л:d1", "e4xd5"})
	eq(t, "raw", g.Str(g.Moves[5].Raw), "d7:  c6")
	eq(t, "problems", problems(g), []string{})
}

// A scoresheet typed in capitals: the squares after a piece letter are
// capitals too ("КF3", "КG1-F3", "СВ5" with the Cyrillic В), and so is the
// king ("КРe2"). Each folds to the move a reader sees, with or without
// tags; a capital that is no square stays as written.
func TestCapitalSquaresAfterPieceLetter(t *testing.T) {
	const moves = "1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. СF1-В5 A7-A6 4. СВ5:С6 КС6 5. КРE2 ФD8:D1 6. ЛA1-B1 КРe8 *\n"
	want := []string{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "Сf1-b5", "a7-a6", "Сb5:c6", "Кc6", "КРe2", "Фd8:d1", "Лa1-b1", "КРe8"}
	for _, in := range []string{moves, "[Event \"x\"]\n\n" + moves} {
		g := one(t, in)
		eq(t, in, norms(g), want)
		eq(t, in+" problems", problems(g), []string{})
		if len(g.Moves) == len(want) {
			eq(t, in+" folds", [2]Folds{g.Moves[2].Folds, g.Moves[7].Folds}, [2]Folds{FoldCapitalFile, FoldCapitalFile | FoldCyrillicSquare})
		}
	}
	// After a piece letter a capital before a capture is a file too (only a
	// word's first letter can be the piece of "B1xe2"); one before no rank,
	// or after a letter that is no piece, is no square.
	g := one(t, "[Event \"x\"]\n\n1. ЛD1:e1 B1xe2 2. КFF3 *\n")
	eq(t, "near misses", norms(g), []string{"Лd1:e1", "B1xe2"})
	eq(t, "near-miss problems", problems(g), []string{`3:21 unexpected text, from "КFF3"`})
	g = one(t, "1. e4 e5 2. Кf3 ЖF3 3. Сc4 *\n")
	eq(t, "no piece", norms(g), []string{"e4", "e5", "Кf3", "Сc4"})
}

// A capital B before a rank is a file on a sheet typed in capitals ("BB5",
// "NB5", "B4"), though every letter of the word is also SAN's: the fold
// tells it from the bishop of "B1e2" and "B1xe2".
func TestCapitalBFile(t *testing.T) {
	for _, in := range []string{
		"1. E4 E5 2. NF3 NC6 3. BB5 A6 4. B4 NB8 5. QB3 *\n",
		"[Event \"x\"]\n\n1. E4 E5 2. NF3 NC6 3. BB5 A6 4. B4 NB8 5. QB3 *\n",
	} {
		g := one(t, in)
		eq(t, in, norms(g), []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "b4", "Nb8", "Qb3"})
		eq(t, in+" problems", problems(g), []string{})
		if len(g.Moves) == 9 {
			eq(t, in+" folds", [3]Folds{g.Moves[4].Folds, g.Moves[6].Folds, g.Moves[8].Folds}, [3]Folds{FoldCapitalFile, FoldCapitalFile, FoldCapitalFile})
		}
	}
	g := one(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. B1e2 *\n")
	eq(t, "SAN", norms(g), []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "B1e2"})
	if len(g.Moves) == 7 {
		eq(t, "SAN folds", g.Moves[6].Folds, Folds(0))
	}
}

// A word of prose shaped as a piece letter before a capital square ("CD4",
// "СВ5") is prose where it stands after prose, and kept in the remark; a
// move where a move stands (after a number or a move), and after prose too
// in a game whose moves are written with capital squares, as an aside of a
// sheet typed in capitals has it.
func TestCapitalSquareInProse(t *testing.T) {
	g := one(t, "1. e4 e5 2. Nf3 Nc6 we listened to CD4 at home 3. Bb5 a6 *\n")
	eq(t, "English prose", norms(g), []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"})
	eq(t, "English problems", problems(g), []string{})
	if len(g.Moves) == 6 {
		eq(t, "remark", g.Str(g.Moves[3].Comment), "we listened to CD4 at home")
	}
	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 слушали СВ5 и CD4 дома 4. Сa4 *\n")
	eq(t, "Russian prose", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "Сa4"})
	eq(t, "Russian problems", problems(g), []string{})

	g = one(t, "1. e4 e5 2. Nf3 Nc6 3. BC4 *\n")
	eq(t, "after a number", norms(g), []string{"e4", "e5", "Nf3", "Nc6", "Bc4"})
	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 СВ5 *\n")
	eq(t, "after a move", norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "Сa4", "Сb5"})
	g = one(t, "1. E2-E4 E7-E5 2. КG1-F3 ХОРОШО КB8-C6 3. СF1-В5 *\n")
	eq(t, "a sheet in capitals", norms(g), []string{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "Сf1-b5"})
	eq(t, "its problems", problems(g), []string{})
}

// A scoresheet typed without the shift key: the Russian piece letters in
// small letters ("кf3", "фe2", "лb8", the king "крd1") are moves, with or
// without tags, written as typed; a king with a square typed in the wrong
// keyboard layout is not.
func TestSmallRussianPieceLetters(t *testing.T) {
	const moves = "1. e4 e5 2. кf3 кc6 3. фe2 лb8 4. крd1 кр:e7 *\n"
	want := []string{"e4", "e5", "кf3", "кc6", "фe2", "лb8", "крd1", "кр:e7"}
	for _, in := range []string{moves, "[Event \"x\"]\n\n" + moves} {
		g := one(t, in)
		eq(t, in, norms(g), want)
		eq(t, in+" problems", problems(g), []string{})
		eq(t, in+" scripts", g.Scripts, CyrillicLetters)
	}
	g := one(t, "1. e4 e5 2. кf3 кc6 3. крп2 *\n")
	eq(t, "a king with a wrong-layout square", norms(g), []string{"e4", "e5", "кf3", "кc6"})
	eq(t, "its problem", problems(g), []string{fmt.Sprintf(`1:%d "крп2" looks like a move but cannot be read: skipped`, len("1. e4 e5 2. кf3 кc6 3. ")+1)})
}

// A word opening with a small Cyrillic с that only a piece can make
// ("сf1-b5", "сfd7": the bishop's С typed small) is a move, with a Cyrillic
// piece letter; one the file c makes ("сb5", "с4") is read as that, and
// prose opening with с stays prose.
func TestSmallCyrillicBishopWords(t *testing.T) {
	g := one(t, "1. e2-e4 e7-e5 2. сf1-c4 с угрозой 2... сильно кf6 3. сfd7 *\n")
	eq(t, "norms", norms(g), []string{"e2-e4", "e7-e5", "cf1-c4", "кf6", "cfd7"})
	eq(t, "scripts", g.Scripts, CyrillicLetters)
	g = one(t, "1. e4 e5 2. сb5 с5 *\n")
	eq(t, "file words", norms(g), []string{"e4", "e5", "cb5", "c5"})
	eq(t, "their scripts", g.Scripts, Scripts(0))
}

// A pawn capture by files with the colon after them ("dc:") is read as
// "d:c" is, with or without tags, and so is the piece promoted to after
// the colon ("bc:Ф", as "bcФ"); a second colon, or an x (the Russian
// mate), is not that form.
func TestFilePairWithColonAfter(t *testing.T) {
	const moves = "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. С:c6 dc: 5. d3 ed: *\n"
	for _, in := range []string{moves, "[Event \"x\"]\n\n" + moves} {
		g := one(t, in)
		eq(t, in, norms(g), []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6", "С:c6", "dc:", "d3", "ed:"})
		eq(t, in+" problems", problems(g), []string{})
	}
	g := one(t, "[Event \"x\"]\n\n1. e4 d5 2. ed:: *\n")
	eq(t, "two colons", problems(g), []string{`3:13 unexpected text, from "ed::"`})
	g = one(t, "[Event \"x\"]\n\n1. e4 d5 2. ed::Ф *\n")
	eq(t, "two colons before a piece", problems(g), []string{`3:13 unexpected text, from "ed::Ф"`})
	g = one(t, "Ответ dc: здесь. 1. e4 e5 *\n")
	eq(t, "not after a move or a number", norms(g), []string{"e4", "e5"})

	const promotion = "1. e4 d5 2. ed c6 3. dc Кf6 4. cb Кbd7 5. bc:Ф Фb6 6. Фc8:a8 *\n"
	for _, in := range []string{promotion, "[Event \"x\"]\n\n" + promotion} {
		g := one(t, in)
		eq(t, in, norms(g), []string{"e4", "d5", "ed", "c6", "dc", "Кf6", "cb", "Кbd7", "bc:Ф", "Фb6", "Фc8:a8"})
		eq(t, in+" problems", problems(g), []string{})
		if len(g.Moves) == 11 {
			eq(t, in+" position", g.Moves[8].Pos.Col, int64(len("1. e4 d5 2. ed c6 3. dc Кf6 4. cb Кbd7 5. ")+1))
		}
	}
}

func TestRussianBlackMoveForms(t *testing.T) {
	g := one(t, "23. Лd1 … Лd2-d6 24. Лd3 24…а5 25. Лe3 25. … Лd8 26. Лf3 26.... Кр e8")
	eq(t, "moves", norms(g), []string{"Лd1", "Лd2-d6", "Лd3", "a5", "Лe3", "Лd8", "Лf3", "Крe8"})
	for i, m := range g.Moves {
		eq(t, "line", [2]any{m.Prev, m.Depth}, [2]any{int32(i - 1), int16(0)})
	}
	eq(t, "problems", problems(g), []string{})
}

func TestScoresheetTextBranches(t *testing.T) {
	// Book text gives alternatives by repeating move numbers in prose.
	// (The page has "Чёрные сдались, так как": a result in words, after
	// which the moves are the sentence's analysis; see TestResultInWords.)
	g := one(t, "4. а2—а4 с7—с6\n5. а4:b5 с6:b5??\n6. Фd1—f3! Теперь, так как после 6. … Kc6 7. Ф:с6+ или 6. ... Сb7 7. Ф:b7 неизбежна потеря.")
	eq(t, "moves", norms(g), []string{"a2-a4", "c7-c6", "a4:b5", "c6:b5", "Фd1-f3", "Kc6", "Ф:c6+", "Сb7", "Ф:b7"})
	var prev []int32
	var depth []int16
	for _, m := range g.Moves {
		prev = append(prev, m.Prev)
		depth = append(depth, m.Depth)
	}
	eq(t, "prev", prev, []int32{-1, 0, 1, 2, 3, 4, 5, 4, 7})
	eq(t, "depth", depth, []int16{0, 0, 0, 0, 0, 0, 0, 1, 1})
	eq(t, "problems", problems(g), []string{})
}

// A book sets its moves at the start of a line and its asides in the
// sentences of its notes: a number inside a sentence that goes on with the
// aside stays in it, though it would also continue the line as written,
// and one that repeats a move of the aside is an alternative within it;
// the next number on a line of its own returns to the line as written.
func TestScoresheetTextAsideInASentence(t *testing.T) {
	line := func(g *Game) (main, aside []string, prev []int32, depth []int16) {
		for _, m := range g.Moves {
			if m.Depth == 0 {
				main = append(main, g.Str(m.Norm))
				continue
			}
			aside = append(aside, g.Str(m.Norm))
			prev = append(prev, m.Prev)
			depth = append(depth, m.Depth)
		}
		return
	}
	g := one(t, "24. Лd1-d3 f5-f4?\nЕще не поздно было, играя 24. ... Сa4! 25. Фd2 Кe4.\n25. g3:f4 Сd7-f5\n")
	main, aside, prev, depth := line(g)
	eq(t, "continued: main", main, []string{"Лd1-d3", "f5-f4", "g3:f4", "Сd7-f5"})
	eq(t, "continued: aside", [3]any{aside, prev, depth}, [3]any{[]string{"Сa4", "Фd2", "Кe4"}, []int32{0, 2, 3}, []int16{1, 1, 1}})
	eq(t, "continued: problems", problems(g), []string{})

	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5\nНеобходимо было 3. ... Кf6, хотя и тогда после 4. 0-0! или после 4. d3 шансы белых лучше.\n4. c3 Кf6\n")
	main, aside, prev, depth = line(g)
	eq(t, "alternative in the aside: main", main, []string{"e4", "e5", "Кf3", "Кc6", "Сc4", "Сc5", "c3", "Кf6"})
	eq(t, "alternative in the aside: aside", [3]any{aside, prev, depth}, [3]any{[]string{"Кf6", "O-O", "d3"}, []int32{4, 6, 6}, []int16{1, 1, 2}})
	eq(t, "alternative in the aside: problems", problems(g), []string{})

	// Near misses: a number in a sentence that does not go on with the
	// aside returns to the line as written, as one on a line of its own
	// always does.
	g = one(t, "1. e4 e5 2. Кf3 Кc6 Лучше было 1... c5, а теперь 3. Сb5 a6\n")
	main, aside, _, _ = line(g)
	eq(t, "not the aside's: main", main, []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6"})
	eq(t, "not the aside's: aside", aside, []string{"c5"})
	g = one(t, "1. e4 e5 2. Кf3 Кc6 Лучше 2... d6 3. d4\n3. Сb5 a6\n")
	main, aside, _, _ = line(g)
	eq(t, "own line: main", main, []string{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6"})
	eq(t, "own line: aside", aside, []string{"d6", "d4"})
}

func TestScoresheetTextNewGameAtMoveOne(t *testing.T) {
	games := parseString(t, "Партия №14.\n1. d2—d4 d7—d5 2. c2—c4\nПартия №15.\n1. d2—d4 d7—d5\n")
	eq(t, "games", len(games), 2)
	eq(t, "second", norms(games[1]), []string{"d2-d4", "d7-d5"})
	eq(t, "second starts at its move number", games[1].Start, Pos{Offset: 70, Line: 4, Col: 1})
}

func TestBracketNotesInText(t *testing.T) {
	g := one(t, "1.Sf3\nd5\n2.e4\ndxe4\n3.Sg5\nSf6\n[ Besser ist 3…Lf5\n]\n4.Sc3 [Auch 4.Lc4 kommt vor.] Lf5")
	eq(t, "moves", norms(g), []string{"Sf3", "d5", "e4", "dxe4", "Sg5", "Sf6", "Lf5", "Sc3", "Lc4", "Lf5"})
	var prev []int32
	var depth []int16
	for _, m := range g.Moves {
		prev = append(prev, m.Prev)
		depth = append(depth, m.Depth)
	}
	eq(t, "prev", prev, []int32{-1, 0, 1, 2, 3, 4, 4, 5, 5, 7})
	eq(t, "depth", depth, []int16{0, 0, 0, 0, 0, 0, 1, 0, 1, 0})
	eq(t, "problems", problems(g), []string{})
}

func TestScoresheetAsidesSkippedOnMainLineReading(t *testing.T) {
	in := "4. а2—а4 с7—с6\n5. а4:b5 с6:b5??\n6. Фd1—f3! после 6. … Kc6 7. Ф:с6+ или 6. ... Сb7 7. Ф:b7\n7... Кe7 8. Лa1"
	g := oneWith(t, in, Options{NoVariations: true})
	eq(t, "moves", norms(g), []string{"a2-a4", "c7-c6", "a4:b5", "c6:b5", "Фd1-f3", "Kc6", "Ф:c6+", "Кe7", "Лa1"})
	for i, m := range g.Moves {
		eq(t, "line", [2]any{m.Prev, m.Depth}, [2]any{int32(i - 1), int16(0)})
	}
}

func TestUnreadableMoveInScoresheetText(t *testing.T) {
	// After a move number, and after a move: words written like moves.
	g := one(t, "Партия №3.\n1. e4 e5 2. Кf9 Кc6 3. Сb5 e2-e9 4. Сa4\n")
	eq(t, "moves", norms(g), []string{"e4", "e5", "Кc6", "Сb5", "Сa4"})
	eq(t, "problems", problems(g), []string{
		`2:13 "Кf9" looks like a move but cannot be read: skipped`,
		`2:31 "e2-e9" looks like a move but cannot be read: skipped`, // columns count bytes
		"2:37 move number 4. where 3... was expected: a move is missing before it",
	})
	// Кf9 took White's turn, so Кc6 is Black's move 2 (no number is
	// missing before 3.), which the replay cannot play after e5: it is
	// linked to the problem that says why. A number decides for itself.
	eq(t, "gaps", gaps(g), []uint16{0, 0, 1, 0, 3})

	// OCR run together a move and the next number: the number is lost too.
	g = one(t, "17. ФЬ7+ Фf819. СЬ6#")
	eq(t, "run together", problems(g), []string{`1:12 "Фf819" looks like a move but cannot be read: skipped`})
	eq(t, "run together moves", norms(g), []string{"Фb7+", "Сb6#"})
}

// Moves typed wrong (the Russian keyboard layout left on, a letter
// doubled, a stray glyph) are problems where a move is expected, not words
// of text skipped in silence: at the end of a game, in its middle and in
// each form a scoresheet shows.
func TestMistypedMoveInScoresheetText(t *testing.T) {
	g := one(t, "9. h3 Кb8 10. d4 Кbd7 11. Кп5 1-0\n")
	eq(t, "last", problems(g), []string{`1:29 "Кп5" looks like a move but cannot be read: skipped`})
	eq(t, "last moves", norms(g), []string{"h3", "Кb8", "d4", "Кbd7"})
	g = one(t, "10. d4 Кbd7 11. Кп5 Кb6 12. Сc2 *\n")
	eq(t, "mid", problems(g), []string{`1:18 "Кп5" looks like a move but cannot be read: skipped`})
	eq(t, "mid gaps", gaps(g), []uint16{0, 0, 1, 0})
	for _, w := range []string{"крп2", "пed", "п:d", "¡h2", "Кг3", "Кп5", "♘f", "Лf9"} {
		g = one(t, "1. e4 e5 2. Кf3 "+w+" 3. Сc4 *\n")
		eq(t, w, problems(g)[0], fmt.Sprintf(`1:%d %q looks like a move but cannot be read: skipped`, len("1. e4 e5 2. Кf3 ")+1, w))
		g = one(t, "1. e4 e5 2. "+w+" Кc6 *\n")
		eq(t, w+" after a number", problems(g), []string{fmt.Sprintf(`1:13 %q looks like a move but cannot be read: skipped`, w)})
	}
}

// A word that is not a move right after a move number of a game without
// tags stands where a move must: it is the problem it is in PGN, and it
// takes the move's turn; the words of a heading after a number, and a word
// of prose after a move, stay quiet.
func TestJunkAfterMoveNumberInScoresheetText(t *testing.T) {
	g := one(t, "1. e4 e5 2. Nf3 Nc6 3. Qq5 *\n")
	eq(t, "last", problems(g), []string{`1:24 unexpected text, from "Qq5"`})
	eq(t, "last moves", norms(g), []string{"e4", "e5", "Nf3", "Nc6"})
	withTags := one(t, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Qq5 *\n")
	eq(t, "as with tags", problems(withTags), []string{`3:24 unexpected text, from "Qq5"`})

	// Mid-game the word took White's move: Nf6 is Black's, linked to it.
	g = one(t, "1. e4 d5 2. Qq5 Nf6 *\n")
	eq(t, "mid", problems(g), []string{`1:13 unexpected text, from "Qq5"`})
	eq(t, "mid gaps", gaps(g), []uint16{0, 0, 1})

	for _, w := range []string{"Qq5", "Фq5", "gh::", "Nxx", "♘z3", "Rk1"} {
		g = one(t, "1. e4 e5 2. "+w+" Кc6 *\n")
		eq(t, w, problems(g), []string{fmt.Sprintf(`1:13 unexpected text, from %q`, w)})
	}
	// Headings and prose after a number, and the words of prose after a
	// move that these forms would catch after a number.
	for _, in := range []string{
		"Глава 5. Защита Каро-Канн\n1. e4 c6 *\n",
		"Партия 12. Ферзевый гамбит\n1. d4 d5 *\n",
		"Game 5. Fischer - Spassky\n1. e4 e5 *\n",
		"Diagram 3. Black to move\n1. e4 e5 *\n",
		"1. e4 e5 2. Кf3 в 5-м туре 2... Кc6 *\n",
		"1. e4 e5 2. Nf3 Nr5 2... Nc6 *\n",
		"1. e4 e5 2. Nf3 Qq5 2... Nc6 *\n",
	} {
		games := parseString(t, in)
		for _, g := range games {
			eq(t, in, problems(g), []string{})
		}
	}
}

// Words of prose that stand where a move could be, and that the test for
// mistyped moves must leave alone: Russian and English words, ECO codes,
// years, ordinals, page references.
func TestProseAfterMovesStaysSilent(t *testing.T) {
	for _, w := range []string{"с", "и", "К", "Конь", "Ферзь", "Лучше", "Слон", "по", "пешку", "C20", "B00",
		"1985г.", "5-е", "20-ти", "ина14", "стр.5", "Be", "A", "I", "Bad", "Это", "кроме", "e.g.",
		// letters then a number: names, references, ratings, symbols
		"Elo2700", "Game2", "No1", "Nr5", "Vol2", "Black2", "Ladder2", "f7-pawn", "Fig1", "Diagram1", "©2021",
		"±1", "°1", "§2", "Фото1", "Тур5", "Партия2", "Лев1", "Фишер1", "Ёж2"} {
		g := one(t, "1. e4 e5 2. Кf3 "+w+" 2... Кc6 3. Сb5 *\n")
		eq(t, w, problems(g), []string{})
		eq(t, w+" moves", len(g.Moves), 5)
	}
}

// A move before a dash and prose is read, not joined with them into one
// unreadable word ("Сa4 — с угрозой"); a dash between two squares still
// joins them, and so does castling written with blanks.
func TestDashBeforeProse(t *testing.T) {
	g := one(t, "3. Сb5 a6 4. Сa4 — с угрозой выиграть пешку. 4...Кf6 5. 0-0 Сe7 *\n")
	eq(t, "ru", norms(g), []string{"Сb5", "a6", "Сa4", "Кf6", "O-O", "Сe7"})
	eq(t, "ru problems", problems(g), []string{})
	g = one(t, "3. Bb5 a6 - a useful waiting move. 4. Ba4 Nf6 *\n")
	eq(t, "en", norms(g), []string{"Bb5", "a6", "Ba4", "Nf6"})
	eq(t, "en problems", problems(g), []string{})
	g = one(t, "15.Ne6+/– fe6 16.Qc6 *\n")
	eq(t, "evaluation", norms(g), []string{"Ne6", "fe6", "Qc6"})
	g = one(t, "1. e2 - e4 e7 — e5 2. Кg1 - f3 d7 – d6 3. d2 - d4 e5 : d4 *\n")
	eq(t, "squares", norms(g), []string{"e2-e4", "e7-e5", "Кg1-f3", "d7-d6", "d2-d4", "e5:d4"})
	eq(t, "squares problems", problems(g), []string{})
}

func TestProseInScoresheetTextStaysSilent(t *testing.T) {
	// Words of running text, before or after moves, are no problem; nor
	// are numbers, ordinals and square names that follow prose.
	in := "Глава 5. Защита Каро-Канн\nВ 1937 году, в 5-м туре: 1. e4 c6 2. d4 d5 Лучше было 2... e6, но поле e9 не годится.\n" +
		"3. Кc3 и теперь 3... de 4. К:e4 с выгодой.\n"
	g := one(t, in)
	eq(t, "problems", problems(g), []string{})
	eq(t, "moves", norms(g), []string{"e4", "c6", "d4", "d5", "e6", "Кc3", "de", "К:e4"})

	// The same unreadable word after prose is prose.
	g = one(t, "1. e4 e5 2. Кf3, а потом e2-e9 или Кf9.\n")
	eq(t, "after prose", problems(g), []string{})

	// A word of prose right after a move is still prose.
	g = one(t, "1. e4 хорошо 1... e5 5-е 2. Кf3\n")
	eq(t, "right after a move", problems(g), []string{})
}

func TestUnreadableMoveWithTagsUnchanged(t *testing.T) {
	g := one(t, "[Event \"x\"]\n\n1. e4 Кf9 2. Nf3 *\n")
	eq(t, "problems", problems(g), []string{`3:7 unexpected text, from "Кf9"`, "3:12 move number 2. where 1... was expected: a move is missing before it"})
	eq(t, "gaps", gaps(g), []uint16{0, 2})
}

func gaps(g *Game) []uint16 {
	out := []uint16{}
	for _, m := range g.Moves {
		out = append(out, m.Gap)
	}
	return out
}
