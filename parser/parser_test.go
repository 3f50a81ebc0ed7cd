package parser

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// one parses input, checks the invariants and returns its only game.
func one(t *testing.T, input string) *Game {
	t.Helper()
	return oneWith(t, input, Options{})
}

func oneWith(t *testing.T, input string, opt Options) *Game {
	t.Helper()
	games, chunks := readAll(t, []byte(input), SplitOptions{}, opt)
	checkGames(t, []byte(input), games, chunks)
	if len(games) != 1 {
		t.Fatalf("got %d games, want 1", len(games))
	}
	return games[0]
}

func eq[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got  %#v\n want %#v", what, got, want)
	}
}

func TestTagsUnescaped(t *testing.T) {
	g := one(t, "[Event \"A \\\"quoted\\\" name\"]\n[Site \"C:\\\\dir\"]\n[Custom_Tag1 \"x\"]\n\n1. e4 *\n")
	eq(t, "tags", g.Tags, []Tag{
		{Name: "Event", Value: `A "quoted" name`, Pos: Pos{Offset: 0, Line: 1, Col: 1}},
		{Name: "Site", Value: `C:\dir`, Pos: Pos{Offset: 28, Line: 2, Col: 1}},
		{Name: "Custom_Tag1", Value: "x", Pos: Pos{Offset: 45, Line: 3, Col: 1}},
	})
	v, ok := g.TagValue("Site")
	eq(t, "TagValue", v+fmt.Sprint(ok), `C:\dirtrue`)
	_, ok = g.TagValue("Round")
	eq(t, "missing tag", ok, false)
	eq(t, "problems", problems(g), []string{})
}

func TestMalformedTags(t *testing.T) {
	g := one(t, "[Event \"unterminated\n[Site \"x\" junk]\n[Round \"1\"\n1. e4 *\n")
	eq(t, "tags", len(g.Tags), 3)
	eq(t, "values", []string{g.Tags[0].Value, g.Tags[1].Value, g.Tags[2].Value}, []string{"unterminated", "x", "1"})
	eq(t, "problems", problems(g), []string{
		"1:1 tag value not closed by \"",
		"2:1 tag pair not closed by ]",
		"3:1 tag pair not closed by ]",
	})
	eq(t, "moves", norms(g), []string{"e4"})
}

// Quotes inside a value, not escaped, are kept in it when the line ends
// with the pair's `"]`; else the value ends at the first of them.
func TestUnescapedQuotesInTagValue(t *testing.T) {
	const said = `quotes inside the tag value not escaped: write \" for each; the value is read to the last " before ]`
	for _, c := range []struct {
		line, value, problem string
	}{
		{`[White ""Mephisto""]`, `"Mephisto"`, said},
		{`[Event "The "Big" Open"]  `, `The "Big" Open`, said},
		{`[Event "A" "B" ]`, `A" "B`, said},
		{`[Site "C:\\dir "x""]`, `C:\dir "x"`, said},
		// Near misses: a pair closed as it should be, and text after the
		// value that does not end the line with a quote and ].
		{`[Event "The \"Big\" Open"]`, `The "Big" Open`, ""},
		{`[Site "x" junk]`, "x", "tag pair not closed by ]"},
		{`[Site "x" "y]`, "x", "tag pair not closed by ]"},
	} {
		g := one(t, c.line+"\n\n1. e4 *\n")
		want := []string{}
		if c.problem != "" {
			want = []string{"1:1 " + c.problem}
		}
		eq(t, c.line+" problems", problems(g), want)
		if eq(t, c.line+" tags", len(g.Tags), 1); len(g.Tags) == 1 {
			eq(t, c.line+" value", g.Tags[0].Value, c.value)
		}
		eq(t, c.line+" moves", norms(g), []string{"e4"})
	}
	// Two pairs on a line are two pairs, each closed.
	g := one(t, "[Event \"A\"] [Site \"B\"]\n\n1. e4 *\n")
	eq(t, "two pairs", len(g.Tags), 2)
	eq(t, "two pairs' problems", problems(g), []string{})
	// A pair whose rest holds the next pair is not read as one value.
	g = one(t, "[Event \"a \"b\" c\"] [Site \"x\"]\n\n1. e4 *\n")
	eq(t, "a pair after", g.Tags[0].Value, "a ")
	eq(t, "a pair after: problems", problems(g), []string{"1:1 tag pair not closed by ]"})
}

// A damaged tag pair on a game's first line is a Problem, as it is further
// down the header: the game has read no tag yet, but the line is a tag line.
func TestDamagedTagOnFirstLine(t *testing.T) {
	g := one(t, "[WhiteElo 2500]\n[Event \"T\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n")
	eq(t, "problems", problems(g), []string{`1:1 malformed tag pair: the value must be in straight double quotes; write [WhiteElo "2500"]`})
	eq(t, "tags", len(g.Tags), 2)
	eq(t, "moves", norms(g), []string{"e4"})
	g = one(t, "\ufeff  [Event x]\n\n1. e4 *\n")
	eq(t, "after a BOM and blanks (columns count bytes)", problems(g), []string{`1:6 malformed tag pair: the value must be in straight double quotes; write [Event "x"]`})
	g = one(t, "[Event ")
	eq(t, "cut inside the tag", problems(g), []string{"1:1 malformed tag pair: Event has no value"})
	g = one(t, "[Opening x]\n\n1. e4 *\n")
	eq(t, "a known name", problems(g), []string{`1:1 malformed tag pair: the value must be in straight double quotes; write [Opening "x"]`})
	g = one(t, "[Custom x\"]\n\n1. e4 *\n")
	eq(t, "a quote", problems(g), []string{"1:1 malformed tag pair: the value must be in straight double quotes"})
	// What is wrong is said, and the pair as it should be written.
	for in, want := range map[string]string{
		"[Date 2024.03.15]":     `malformed tag pair: the value must be in straight double quotes; write [Date "2024.03.15"]`,
		"[Black “B”]":           `malformed tag pair: the value must be in straight double quotes (", not “); write [Black "B"]`,
		"[White „Müller, K.“]":  `malformed tag pair: the value must be in straight double quotes (", not „); write [White "Müller, K."]`,
		"[Site 'Riga']":         `malformed tag pair: the value must be in straight double quotes (", not '); write [Site "Riga"]`,
		"[Event «a \\\"b\\\"»]": `malformed tag pair: the value must be in straight double quotes (", not «)`,
	} {
		g = one(t, "[Event \"T\"]\n"+in+"\n[Result \"*\"]\n\n1. e4 *\n")
		eq(t, in, problems(g), []string{"2:1 " + want})
		eq(t, in+" tags", len(g.Tags), 2)
	}
	// Each pair is said of alone, not of the text after it on its line.
	g = one(t, "[Event \"T\"]\n[Round 3] [Board 2]\n[Result \"*\"]\n\n1. e4 *\n")
	eq(t, "two pairs on a line", problems(g), []string{
		`2:1 malformed tag pair: the value must be in straight double quotes; write [Round "3"]`,
		`2:11 malformed tag pair: the value must be in straight double quotes; write [Board "2"]`,
	})
	g = one(t, "[Event \"T\"]\n\n1. e4 [Best? \"yes\"] e5 *\n")
	eq(t, "a character in the name", problems(g), []string{`3:7 malformed tag pair: "Best?" is no tag name: letters, digits and _ only`})
	// Before a move, a bracket that does not make a tag line, or makes one
	// with no known name and no quote, is a note.
	for _, note := range []string{"[Quelle: Archiv]", "[see diagram]", "[Diagram 1]"} {
		g = one(t, "Game 12\n"+note+"\n1. e4 e5 *\n")
		eq(t, note, problems(g), []string{})
		eq(t, note+" moves", norms(g), []string{"e4", "e5"})
	}
	// After a move, a tag-shaped bracket in a tag-less text is a note.
	g = one(t, "1. e4 e5\n[Anmerkung gut] 2. Nf3 *\n")
	eq(t, "note after a move", problems(g), []string{})
	eq(t, "moves around the note", norms(g), []string{"e4", "e5", "Nf3"})
}

// Text with nothing of a game in it is still a game record, so that it is
// counted, with a Problem that says it is not one.
func TestTextThatIsNotAGame(t *testing.T) {
	for _, in := range []string{
		"<html><body>404 Not Found</body></html>\n",
		"This archive was made by X.\n",
		"{credits} written by X\n",
	} {
		g := one(t, in)
		eq(t, in, problems(g), []string{"1:1 no tag pair, move or result could be read here: the text is not a game record"})
		eq(t, in+" not a game", g.NotAGame(), true)
	}
	// Comments and escape lines alone are allowed between games: not a
	// game, and nothing to report.
	for _, in := range []string{"{just a comment}\n", "% written by X\n", "% one\n{two}\n% three\n"} {
		g := one(t, in)
		eq(t, in, problems(g), []string{})
		eq(t, in+" not a game", g.NotAGame(), true)
	}
	for _, in := range []string{"*\n", "[Event \"x\"]\n", "e4\n", "{c} 1-0\n"} {
		g := one(t, in)
		eq(t, in, problems(g), []string{})
		eq(t, in+" not a game", g.NotAGame(), false)
	}
	games, _ := readAll(t, []byte("  \n\n\t\n"), SplitOptions{}, Options{})
	eq(t, "blank text", len(games), 0)
}

// Comments, escape lines and blanks before a file's first game are no game
// of their own: the first game starts at the file's start, however the file
// is cut into chunks, and a comment there is its leading comment. Other text
// there is still a game of its own, with its Problem.
func TestPreambleBelongsToTheFirstGame(t *testing.T) {
	const game = "[Event \"x\"]\n[Site \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n"
	second := "\n[Event \"y\"]\n[Result \"*\"]\n\n1. d4 *\n"
	for _, tc := range []struct{ pre, comment string }{
		{"{ A collection of games,\n compiled by me. }\n\n", "A collection of games,\n compiled by me."},
		{"% escape line\n", ""},
		{"\xEF\xBB\xBF; made by X\n\n% v1\n{a} {b}\n", "made by X a b"},
	} {
		input := []byte(tc.pre + game + second)
		whole, _ := readAll(t, input, SplitOptions{Target: len(input) + 1}, Options{})
		eq(t, tc.pre+" games", len(whole), 2)
		g := whole[0]
		eq(t, tc.pre+" start", g.Start, Pos{Offset: 0, Line: 1, Col: 1})
		eq(t, tc.pre+" end", g.End.Offset, int64(len(tc.pre+game)+1)) // with the blank line
		eq(t, tc.pre+" tags", len(g.Tags), 3)
		eq(t, tc.pre+" moves", norms(g), []string{"e4", "e5"})
		eq(t, tc.pre+" comment", g.Str(g.Comment), tc.comment)
		eq(t, tc.pre+" problems", problems(g), []string{})
		eq(t, tc.pre+" tag line", g.Tags[0].Pos.Line, int64(strings.Count(tc.pre, "\n")+1))
		for _, target := range []int{1, 7, 40, 64} {
			games, chunks := readAll(t, input, SplitOptions{Target: target, Max: 1 << 20}, Options{})
			checkGames(t, input, games, chunks)
			sameGames(t, fmt.Sprintf("%q target %d", tc.pre, target), games, whole)
		}
	}
	// Prose before the first game is text of its own, reported; so is a
	// comment still open where the game begins.
	for _, pre := range []string{"This archive was made by X.\n\n", "{credits} written by X\n", "{ open\n"} {
		games := parseString(t, pre+game)
		eq(t, pre+" games", len(games), 2)
		eq(t, pre+" first", games[0].NotAGame(), true)
		eq(t, pre+" second start", games[1].Start.Offset, int64(len(pre)))
	}
}

func TestMoveNumberForms(t *testing.T) {
	g := one(t, "1. e4 e5 2.Nf3 2... Nc6 3 Bb5 3…a6 4.Ba4 4. … Nf6 5.O-O *")
	eq(t, "moves", norms(g), []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"})
	var nums []int32
	for _, m := range g.Moves {
		nums = append(nums, m.Number)
	}
	eq(t, "numbers", nums, []int32{1, 0, 2, 2, 3, 3, 4, 4, 5})
	for i, m := range g.Moves {
		if m.Prev != int32(i-1) || m.Depth != 0 {
			t.Errorf("move %d: Prev %d Depth %d, want %d 0", i, m.Prev, m.Depth, i-1)
		}
	}
	eq(t, "problems", problems(g), []string{})
}

func TestWrongMoveNumberInPGN(t *testing.T) {
	g := one(t, "[Event \"x\"]\n\n1. e4 e5 3. Nf3 3... Nc6 *\n")
	eq(t, "moves", norms(g), []string{"e4", "e5", "Nf3", "Nc6"})
	eq(t, "problems", problems(g), []string{"3:10 move number 3. where 2. was expected"})
}

func TestAnnotationGlyphs(t *testing.T) {
	g := one(t, "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4‼ Nf6 $14 5. O-O $1 $2 $3 d6 ± 6. d4= Bd7+/- *")
	eq(t, "norms", norms(g), []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "d6", "d4", "Bd7"})
	var raws []string
	var nags [][2]uint8
	for _, m := range g.Moves {
		raws = append(raws, g.Str(m.Raw))
		nags = append(nags, m.NAGs)
	}
	eq(t, "raws", raws, []string{"e4!", "e5?", "Nf3!!", "Nc6??", "Bb5!?", "a6?!", "Ba4‼", "Nf6", "O-O", "d6", "d4=", "Bd7+/-"})
	eq(t, "nags", nags, [][2]uint8{{1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, 0}, {3, 0}, {14, 0}, {1, 2}, {16, 0}, {10, 0}, {16, 0}})
	eq(t, "problems", problems(g), []string{})
}

func TestNAGProblems(t *testing.T) {
	g := one(t, "[Event \"x\"]\n$1 1. e4 $256 $ $0 *\n")
	eq(t, "problems", problems(g), []string{
		"2:1 annotation before the first move",
		"2:10 NAG $256 out of range 0..255",
		"2:15 $ without a number",
	})
	eq(t, "nags", g.Moves[0].NAGs, [2]uint8{})
}

func TestComments(t *testing.T) {
	in := "[Event \"x\"]\n{before the game}\n1. e4 {best by test\n  says Fischer} e5 ; a line comment\n" +
		"%escaped line with { and (\n2. Nf3 {one} {two} Nc6 *\n"
	g := one(t, in)
	eq(t, "game comment", g.Str(g.Comment), "before the game")
	var cs []string
	for _, m := range g.Moves {
		cs = append(cs, g.Str(m.Comment))
	}
	eq(t, "comments", cs, []string{"best by test\n  says Fischer", "a line comment", "one two", ""})
	eq(t, "moves", norms(g), []string{"e4", "e5", "Nf3", "Nc6"})
	eq(t, "positions", []Pos{g.Moves[1].Pos, g.Moves[2].Pos}, []Pos{{Offset: 66, Line: 4, Col: 17}, {Offset: 116, Line: 6, Col: 4}})
	eq(t, "problems", problems(g), []string{})
}

func TestUnclosedComment(t *testing.T) {
	g := one(t, "[Event \"x\"]\n1. e4 {never closed\n2. d4 *\n")
	eq(t, "moves", norms(g), []string{"e4"})
	eq(t, "problems", problems(g), []string{"2:7 comment { not closed"})
	eq(t, "comment", g.Str(g.Moves[0].Comment), "never closed\n2. d4 *")
}

func TestVariationsPrevAndDepth(t *testing.T) {
	g := one(t, "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 (2. f4 exf4) Nc6 *")
	eq(t, "moves", norms(g), []string{"e4", "e5", "c5", "Nf3", "c3", "d5", "d6", "Nf3", "f4", "exf4", "Nc6"})
	var prev []int32
	var depth []int16
	for _, m := range g.Moves {
		prev = append(prev, m.Prev)
		depth = append(depth, m.Depth)
	}
	eq(t, "prev", prev, []int32{-1, 0, 0, 2, 2, 4, 3, 1, 1, 8, 7})
	eq(t, "depth", depth, []int16{0, 0, 1, 1, 2, 2, 1, 0, 1, 1, 0})
	eq(t, "mainline", mainline(g), []string{"e4", "e5", "Nf3", "Nc6"})
	eq(t, "problems", problems(g), []string{})
}

func TestVariationOfFirstMove(t *testing.T) {
	g := one(t, "1. e4 (1. d4 d5) (1. c4) e5 *")
	var prev []int32
	for _, m := range g.Moves {
		prev = append(prev, m.Prev)
	}
	eq(t, "prev", prev, []int32{-1, -1, 1, -1, 0})
}

func TestUnbalancedParens(t *testing.T) {
	g := one(t, "[Event \"x\"]\n1. e4 ) e5 (1... c5 2. Nf3 *\n")
	eq(t, "moves", norms(g), []string{"e4", "e5", "c5", "Nf3"})
	eq(t, "problems", problems(g), []string{
		"2:7 ) without a matching (",
		"2:28 result * inside a variation",
		"2:12 1 variation(s) not closed",
	})
	eq(t, "result", g.Result, "")
}

func TestDeepNestingIsCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"deep\"]\n1. e4 ")
	for i := 0; i < 10000; i++ {
		b.WriteString("( e4 ")
	}
	for i := 0; i < 10000; i++ {
		b.WriteString(") ")
	}
	b.WriteString("e5 *\n")
	g := one(t, b.String())
	eq(t, "moves kept", len(g.Moves), 2+DefaultMaxDepth)
	eq(t, "last move", g.Moves[len(g.Moves)-1].Prev, int32(0))
	eq(t, "result", g.Result, "*")
	eq(t, "problems", problems(g), []string{fmt.Sprintf("2:%d variations nested deeper than %d: the deeper ones are skipped", 7+5*DefaultMaxDepth, DefaultMaxDepth)})

	// Unbalanced: 10,000 opening parentheses and nothing else.
	g = one(t, "[Event \"deep\"]\n1. e4 "+strings.Repeat("(", 10000))
	eq(t, "problem count", len(g.Problems), 3)
	eq(t, "problems[2]", g.Problems[2].Message, "256 variation(s) not closed")
}

func TestResults(t *testing.T) {
	for in, want := range map[string]string{
		"1. e4 1-0": "1-0", "1. e4 0-1": "0-1", "1. e4 1/2-1/2": "1/2-1/2", "1. e4 ½-½": "1/2-1/2",
		"1. e4 *": "*", "1. e4 1–0": "1-0", "1. e4": "", "1. e4 1:0": "1-0",
	} {
		g := one(t, in)
		eq(t, in, g.Result, want)
		if want != "" {
			eq(t, in+" pos", g.ResultPos, Pos{Offset: 6, Line: 1, Col: 7})
		}
	}
}

func TestTaglessGamesSplitAtResults(t *testing.T) {
	in := "1. e4 e5 1-0\n1. d4 d5 0-1\n\n1. c4 *"
	games := parseString(t, in)
	games2, chunks := readAll(t, []byte(in), SplitOptions{}, Options{})
	checkGames(t, []byte(in), games2, chunks)
	eq(t, "count", len(games), 3)
	var ranges [][2]int64
	for _, g := range games {
		ranges = append(ranges, [2]int64{g.Start.Offset, g.End.Offset})
	}
	eq(t, "ranges", ranges, [][2]int64{{0, 13}, {13, 27}, {27, 34}})
	eq(t, "second", norms(games[1]), []string{"d4", "d5"})
	eq(t, "results", []string{games[0].Result, games[1].Result, games[2].Result}, []string{"1-0", "0-1", "*"})
}

func TestNumberRestartSplitsGames(t *testing.T) {
	games := parseString(t, "1. e4 e5 2. Nf3\n\n1. d4 d5\n1... Nf6")
	eq(t, "count", len(games), 2)
	eq(t, "first", norms(games[0]), []string{"e4", "e5", "Nf3"})
	eq(t, "second", norms(games[1]), []string{"d4", "d5", "Nf6"})
	eq(t, "alternative", games[1].Moves[2].Prev, int32(0))
	eq(t, "second starts at its number", games[1].Start, Pos{Offset: 17, Line: 3, Col: 1})
}

func TestRestartInAGameWithTagsIsAProblem(t *testing.T) {
	in := "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6\n1. d4 d5 *\n"
	games, chunks := readAll(t, []byte(in), SplitOptions{}, Options{})
	checkGames(t, []byte(in), games, chunks)
	eq(t, "count", len(games), 2)
	eq(t, "the cut game", problems(games[0]), []string{"4:1 the game ends without a result: move 1. at line 4 begins a new game"})
	eq(t, "its moves", norms(games[0]), []string{"e4", "e5", "Nf3", "Nc6"})
	eq(t, "it ends where the new game starts", games[0].End, games[1].Start)
	eq(t, "the new game", problems(games[1]), []string{})
	eq(t, "its moves", norms(games[1]), []string{"d4", "d5"})

	// A game that starts later (a FEN) is cut by any white move number up
	// to its first.
	games = parseString(t, "[FEN \"8/8/8/8/8/8/4k3/4K3 w - - 0 30\"]\n30. Kd1 Kd3 31. Ke1\n29. Kf1 *\n")
	eq(t, "FEN count", len(games), 2)
	eq(t, "FEN cut", problems(games[0]), []string{"3:1 the game ends without a result: move 29. at line 3 begins a new game"})
}

func TestRestartNearMisses(t *testing.T) {
	// A result before the restart ends the game: no problem.
	games := parseString(t, "[Event \"x\"]\n\n1. e4 e5 1-0\n1. d4 d5 *\n")
	eq(t, "after a result", len(games), 2)
	eq(t, "after a result: problems", problems(games[0]), []string{})

	// Tag-less text: a new game at move 1 is how scoresheets are read.
	games = parseString(t, "1. e4 e5 2. Nf3\n\n1. d4 d5\n")
	eq(t, "tag-less", len(games), 2)
	eq(t, "tag-less: problems", problems(games[0]), []string{})

	// A black move numbered 1... does not restart: it is a wrong number.
	g := one(t, "[Event \"x\"]\n1. e4 e5 2. Nf3 1... c5 *\n")
	eq(t, "black number", problems(g), []string{"2:17 move number 1... where 2... was expected"})

	// Move 1 again inside a variation is the variation's start.
	g = one(t, "[Event \"x\"]\n1. e4 (1. d4 d5) 1... e5 2. Nf3 *\n")
	eq(t, "variation", problems(g), []string{})
	eq(t, "variation moves", len(g.Moves), 5)
}

func TestRestartAfterANoteStartsAtTheMove(t *testing.T) {
	games := parseString(t, "[Event \"x\"]\n1. e4 e5\n1. {a new game?} ] d4 d5\n")
	eq(t, "count", len(games), 2)
	eq(t, "second starts at its move", games[1].Start, Pos{Offset: 40, Line: 3, Col: 20})
	eq(t, "the note stays with the first", games[0].Str(games[0].Moves[1].Comment), "a new game?")
	eq(t, "and so do the problems", problems(games[0]), []string{"3:18 ] without a matching [",
		"3:20 the game ends without a result: move 1. at line 3 begins a new game"})
	eq(t, "the number goes with the move", games[1].Moves[0].Number, int32(1))
}

// commentsOf is g's main line with its comments: "{before} e4 e5 {after}".
func commentsOf(g *Game) string {
	var b strings.Builder
	if g.Comment.Len > 0 {
		fmt.Fprintf(&b, "{%s} ", g.Str(g.Comment))
	}
	for _, m := range g.Moves {
		b.WriteString(g.Str(m.Norm))
		if m.Comment.Len > 0 {
			fmt.Fprintf(&b, " {%s}", g.Str(m.Comment))
		}
		b.WriteByte(' ')
	}
	return strings.TrimSuffix(b.String(), " ")
}

// TestCommentsBetweenGames: a comment after a game's result is the game's
// on the result's line, and on a later line the leading comment of the
// game that begins next in the same piece (else the game's again); the
// games begin and end where they did.
func TestCommentsBetweenGames(t *testing.T) {
	for _, tc := range []struct {
		in    string
		games []string
	}{
		{"1. d4 d5 *\n\n{éé} 1. e4 e5 *\n", []string{"d4 d5", "{éé} e4 e5"}},
		{"1. d4 d5 * {after}\n{before} 1. e4 e5 *\n", []string{"d4 d5 {after}", "{before} e4 e5"}},
		{"1. d4 d5 * {c} 1. e4 e5 *\n", []string{"d4 d5 {c}", "e4 e5"}},
		{"1. d4 d5 *\n{a}\n; b\n1. {c} e4 e5 *\n", []string{"d4 d5", "{a b c} e4 e5"}},
		{"1. d4 d5 *\n{c} Nf3 e5 *\n", []string{"d4 d5", "{c} Nf3 e5"}},
		{"1. d4 d5 *\n{c} [Event \"y\"] 1. e4 e5 *\n", []string{"d4 d5", "{c} e4 e5"}},
		// No game follows in the piece: a tag section, the text's end.
		{"[Event \"x\"]\n\n1. d4 d5 * {after}\n\n{between}\n\n[Event \"y\"]\n\n1. e4 e5 *\n{end}\n",
			[]string{"d4 d5 {after between}", "e4 e5 {end}"}},
		// A result in the right column of a two-column sheet, whose left
		// column goes on below it: the game goes on, and the comment
		// after the result is on the move before it, as any other.
		{"1. e4 e5   10. Nf3 Nc6\n2. d4 d5   11. Bb5 a6 1-0\n{x}\n3. c4 c5\n",
			[]string{"e4 e5 Nf3 Nc6 d4 d5 Bb5 a6 {x} c4 c5"}},
	} {
		input := []byte(tc.in)
		games, chunks := readAll(t, input, SplitOptions{}, Options{})
		checkGames(t, input, games, chunks)
		got := make([]string, len(games))
		for k, g := range games {
			got[k] = commentsOf(g)
		}
		eq(t, tc.in, got, tc.games)
	}
	games := parseString(t, "1. d4 d5 *\n\n{éé [%clk 0:00:05]} 1. e4 e5 *\n")
	eq(t, "no clock read into the game before", games[0].Moves[1].Clock, int64(-1))
	eq(t, "where the second game begins", games[1].Start, Pos{Offset: 34, Line: 3, Col: 23})
	eq(t, "the characters before it", games[1].Lead, int64(20))
	// Comments joined past MaxComment are said at the game that takes them.
	input := []byte("1. d4 d5 *\n{aaaaaa}\n{bbbbbb} 1. e4 e5 *\n")
	games, chunks := readAll(t, input, SplitOptions{}, Options{MaxComment: 10})
	checkGames(t, input, games, chunks)
	eq(t, "joined up to the limit", commentsOf(games[1]), "{aaaaaa} e4 e5")
	eq(t, "said at the game's start", problems(games[1]), []string{"3:10 comments after one move longer than 10 bytes: the rest are dropped"})
}

// TestCommentsBetweenGamesAcrossCuts: however the text is cut into chunks,
// each comment between games is in one game, once; where a chunk begins at
// the game after it, the game before keeps it.
func TestCommentsBetweenGamesAcrossCuts(t *testing.T) {
	var in strings.Builder
	const n = 200
	for k := range n {
		fmt.Fprintf(&in, "1. d4 d5 * {r%d}\n{n%d} 1. e4 e5 *\n", k, k)
	}
	input := []byte(in.String())
	for _, target := range []int{1, 64, 300, len(input) + 1} {
		games, chunks := readAll(t, input, SplitOptions{Target: target, Max: 1 << 20}, Options{})
		checkGames(t, input, games, chunks)
		eq(t, "games", len(games), 2*n)
		seen := map[string]int{}
		cutAt := map[int64]bool{}
		for _, c := range chunks {
			cutAt[c.Start.Offset] = true
		}
		for k, g := range games {
			all := commentsOf(g)
			for _, w := range strings.Fields(strings.NewReplacer("{", "", "}", "").Replace(all)) {
				if w[0] == 'r' || w[0] == 'n' {
					seen[w]++
				}
			}
			want := fmt.Sprintf("{n%d} e4 e5", k/2)
			if k%2 == 0 {
				want = fmt.Sprintf("d4 d5 {r%d}", k/2)
				if k+1 < len(games) && cutAt[games[k+1].Start.Offset] {
					want = fmt.Sprintf("d4 d5 {r%d n%d}", k/2, k/2)
				}
			} else if cutAt[g.Start.Offset] {
				want = "e4 e5"
			}
			eq(t, fmt.Sprintf("target %d game %d", target, k), all, want)
		}
		for k := range n {
			for _, c := range []string{fmt.Sprintf("r%d", k), fmt.Sprintf("n%d", k)} {
				eq(t, fmt.Sprintf("target %d: %s", target, c), seen[c], 1)
			}
		}
	}
}

func TestTextBetweenGames(t *testing.T) {
	in := "[Event \"1\"]\n\n1. e4 1-0\nGame over, says the log.\n\n[Event \"2\"]\n\n1. d4 *\n"
	games := parseString(t, in)
	eq(t, "count", len(games), 2)
	eq(t, "problems", problems(games[0]), []string{`4:1 text after the result, from "Game"`})
	eq(t, "first ends at the second", games[0].End, games[1].Start)
}

func TestClockEmtEval(t *testing.T) {
	g := one(t, "[Event \"x\"]\n1. e4 {[%clk 1:02:03.4] [%eval 0.17]} e5 {[%clk 0:00:09] [%emt 0:00:01.25] [%eval #-3] [%csl Ge4]}\n"+
		"2. Nf3 { [%eval -1.5,22] } Nc6 {[%clk 0:61:00]} 3. Bb5 {[%eval x]} *\n")
	type cev struct {
		clk, emt int64
		eval     int32
		mate     int16
		has      bool
	}
	var got []cev
	for _, m := range g.Moves {
		got = append(got, cev{m.Clock, m.EMT, m.Eval, m.EvalMate, m.HasEval})
	}
	eq(t, "clock/eval", got, []cev{
		{3723400, -1, 17, 0, true},
		{9000, 1250, 0, -3, true},
		{-1, -1, -150, 0, true},
		{-1, -1, 0, 0, false},
		{-1, -1, 0, 0, false},
	})
	// A value that cannot be read is no Problem: the comment is good PGN.
	eq(t, "problems", len(g.Problems), 0)
	eq(t, "unread evals", len(g.UnreadEvals), 1)
	eq(t, "unread eval", fmt.Sprintf("%d:%d %s", g.UnreadEvals[0].Pos.Line, g.UnreadEvals[0].Pos.Col, g.Str(g.UnreadEvals[0].Arg)), "3:57 x")
	eq(t, "unread clocks", unreadClocks(g), []string{"3:33 move 3 clk 0:61:00"})
	eq(t, "clock unread", g.Moves[3].ClockUnread, true)
	eq(t, "comment kept", g.Str(g.Moves[1].Comment), "[%clk 0:00:09] [%emt 0:00:01.25] [%eval #-3] [%csl Ge4]")
}

// TestCommandsAfterABracket: the commands of a comment are read from its
// first '[' on, which need not open one: a note in brackets before a clock
// leaves the clock read, and brackets with no command set nothing.
func TestCommandsAfterABracket(t *testing.T) {
	g := one(t, "[Event \"x\"]\n1. e4 {see [diagram] [%clk 0:01:02]} e5 {[x] [%] [%clk]} 2. Nf3 {a [%clk x} {[%eval 0.5]} *\n")
	var clocks []int64
	var evals []int32
	for _, m := range g.Moves {
		clocks, evals = append(clocks, m.Clock), append(evals, m.Eval)
	}
	eq(t, "clocks", clocks, []int64{62000, -1, -1})
	eq(t, "evals", evals, []int32{0, 0, 50})
	eq(t, "unread", unreadClocks(g), []string{"2:50 move 1 clk "})
	eq(t, "problems", problems(g), []string{"2:68 [%clk not closed by ]"})
	eq(t, "comments", g.Str(g.Moves[0].Comment)+"|"+g.Str(g.Moves[1].Comment), "see [diagram] [%clk 0:01:02]|[x] [%] [%clk]")
}

// unreadClocks lists a game's UnreadClocks as line:col, move index, kind and
// value.
func unreadClocks(g *Game) []string {
	var out []string
	for _, u := range g.UnreadClocks {
		kind := "clk"
		if u.EMT {
			kind = "emt"
		}
		out = append(out, fmt.Sprintf("%d:%d move %d %s %s", u.Pos.Line, u.Pos.Col, u.Move, kind, g.Str(u.Arg)))
	}
	return out
}

// TestUnreadClocks: a [%clk] or [%emt] whose value is not H:MM:SS(.f) is
// listed on the game, not filed as a Problem: the comment is good PGN. Each
// is listed, at its "[%", with its move and its value less the blanks
// around it; a command without its ] is still a Problem, and a clock read
// after one that is not still sets Clock.
func TestUnreadClocks(t *testing.T) {
	g := one(t, "[Event \"x\"]\n\n1. e4 {[%clk 2:59]} e5 { [%clk  2:58 ] [%emt 0:02]} {[%clk 2:57]}\n"+
		"2. Nf3 {[%clk 0:02:55]} (2. Bc4 {[%emt x]}) Nc6 {[%clk 2:50] [%clk 0:02:49]} 3. Bb5 {[%clk 0:02:5\n} *\n")
	eq(t, "problems", problems(g), []string{"4:86 [%clk not closed by ]"})
	eq(t, "unread", unreadClocks(g), []string{
		"3:8 move 0 clk 2:59",
		"3:26 move 1 clk 2:58",
		"3:40 move 1 emt 0:02",
		"3:54 move 1 clk 2:57",
		"4:34 move 3 emt x",
		"4:50 move 4 clk 2:50",
	})
	var clocks []int64
	var flags []bool
	for _, m := range g.Moves {
		clocks, flags = append(clocks, m.Clock), append(flags, m.ClockUnread)
	}
	eq(t, "clocks", clocks, []int64{-1, -1, 175000, -1, 169000, -1})
	eq(t, "flags", flags, []bool{true, true, false, false, true, false})
	eq(t, "no clock read but move 2's", g.Has&HasClocks, HasClocks)

	// The comments go with the second move of a pair split, and so does
	// what they hold.
	g = one(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 — a6 {[%clk 1:00]} Сa4 {[%emt 0:01]} *\n")
	eq(t, "before split", unreadClocks(g), []string{"1:39 move 4 clk 1:00", "1:58 move 5 emt 0:01"})
	g.SplitPair(0)
	eq(t, "after split", unreadClocks(g), []string{"1:39 move 5 clk 1:00", "1:58 move 6 emt 0:01"})
	eq(t, "flag after split", []bool{g.Moves[4].ClockUnread, g.Moves[5].ClockUnread}, []bool{false, true})
}

func TestParseClockAndEval(t *testing.T) {
	for in, want := range map[string]int64{"0:03:00": 180000, "1:00:00.5": 3600500, "12:5:7": 43507000, "0:00:09.123456": 9123,
		"-0:00:05": -5000, "-0:00:00": 0, "-0:00:00.001": -2} {
		got, ok := parseClock([]byte(in))
		eq(t, in, fmt.Sprint(got, ok), fmt.Sprint(want, true))
	}
	for _, bad := range []string{"", "3:00", "0:60:00", "0:00:60", "a:00:00", "0:00:00.", "0:00:00x", "-", "--0:00:01", "- 0:00:01", "+0:00:01"} {
		_, ok := parseClock([]byte(bad))
		eq(t, "clock "+bad, ok, false)
	}
	for in, want := range map[string]int64{"0:00:01.25": 1250, "0.0": 0, "1.748": 1748, "9.27": 9270, "12.5": 12500} {
		got, ok := parseMoveTime([]byte(in))
		eq(t, "emt "+in, fmt.Sprint(got, ok), fmt.Sprint(want, true))
	}
	for _, bad := range []string{"1", "2.", ".5", "1.5s", "1.2.3", "-1.5", "3:00"} {
		_, ok := parseMoveTime([]byte(bad))
		eq(t, "emt "+bad, ok, false)
	}
	for in, want := range map[string]string{"0.17": "17 0 false", "-1.5": "-150 0 false", "+3": "300 0 false", "0.175": "18 0 false",
		"#-3": "0 -3 true", "#4": "0 4 true", ".5": "50 0 false", "2.1,30": "210 0 false"} {
		cp, mate, isMate, ok := parseEval([]byte(in))
		eq(t, in, fmt.Sprint(cp, mate, isMate), want)
		eq(t, in+" ok", ok, true)
	}
	for _, bad := range []string{"", "#", "x", ".", "1.2.3", "#1.5", "0.1,", "99999999"} {
		_, _, _, ok := parseEval([]byte(bad))
		eq(t, "eval "+bad, ok, false)
	}
}

func TestSkipVariationsAndComments(t *testing.T) {
	in := "[Event \"x\"]\n1. e4 {c (} e5 (1... c5 {)} (1... e6) 2. Nf3) 2. Nf3 ; (\nNc6 *\n"
	g := oneWith(t, in, Options{NoVariations: true, NoComments: true})
	eq(t, "moves", norms(g), []string{"e4", "e5", "Nf3", "Nc6"})
	for i, m := range g.Moves {
		eq(t, fmt.Sprint("prev ", i), m.Prev, int32(i-1))
		eq(t, fmt.Sprint("comment ", i), m.Comment, Span{})
	}
	eq(t, "problems", problems(g), []string{})
	full := one(t, in)
	eq(t, "full moves", norms(full), []string{"e4", "e5", "c5", "e6", "Nf3", "Nf3", "Nc6"})
}

func TestLongCommentIsCut(t *testing.T) {
	in := "[Event \"x\"]\n1. e4 {" + strings.Repeat("ж", 60) + "} e5 *\n"
	g := oneWith(t, in, Options{MaxComment: 101})
	eq(t, "comment", g.Str(g.Moves[0].Comment), strings.Repeat("ж", 50))
	eq(t, "problems", problems(g), []string{"2:7 comment of 120 bytes cut to its first 100"})
	eq(t, "moves", norms(g), []string{"e4", "e5"})
}

func TestProseInPGNIsAProblem(t *testing.T) {
	g := one(t, "[Event \"x\"]\n1. e4 hello e5 *\n")
	eq(t, "problems", problems(g), []string{`2:7 unexpected text, from "hello"`})
	g = one(t, "[Event \"x\"]\n1. e4 hello there {c} you e5 2. d4 *\n")
	eq(t, "one problem per run", problems(g), []string{`2:7 unexpected text, from "hello"`, `2:23 unexpected text, from "you"`})
	g = one(t, "1. e4 hello e5 *\n")
	eq(t, "text mode problems", problems(g), []string{})
	eq(t, "text mode moves", norms(g), []string{"e4", "e5"})
}

func TestProblemsAreCapped(t *testing.T) {
	g := one(t, "[Event \"x\"]\n1. e4 "+strings.Repeat("junk e4 ", 500)+"*\n")
	eq(t, "count", len(g.Problems), DefaultMaxProblems+1)
	eq(t, "last", g.Problems[DefaultMaxProblems].Message, "too many problems in this game; the rest are not reported")
	eq(t, "result still read", g.Result, "*")
}

func TestMovesAreCapped(t *testing.T) {
	g := oneWith(t, "[Event \"x\"]\n"+strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 10)+"*", Options{MaxMoves: 7})
	eq(t, "moves", len(g.Moves), 7)
	eq(t, "problems", problems(g), []string{"2:29 more than 7 moves: the rest are not kept"})
}

func TestControlBytes(t *testing.T) {
	g := one(t, "[Event \"x\"]\n1. e4\x00\x00 e5\x01 *\n")
	eq(t, "moves", norms(g), []string{"e4", "e5"})
	eq(t, "problems", problems(g), []string{"2:6 control byte 0x00 in the text (binary data?)"})
}

func TestTagInsideMovetext(t *testing.T) {
	g := one(t, "[Event \"x\"]\n1. e4 [Site \"late\"] e5 *\n")
	eq(t, "tags", len(g.Tags), 1)
	eq(t, "problems", problems(g), []string{"2:7 tag pair inside the movetext ignored"})
	eq(t, "moves", norms(g), []string{"e4", "e5"})
}

func TestTagAfterResultOnSameLineStartsGame(t *testing.T) {
	games := parseString(t, "[Variant \"Antichess\"] 1.e3 e6 1-0 [Variant \"Atomic\"] 1.e4 *\n")
	eq(t, "count", len(games), 2)
	eq(t, "second tags", games[1].Tags[0].Value, "Atomic")
	eq(t, "second moves", norms(games[1]), []string{"e4"})
}

func TestMoveForms(t *testing.T) {
	in := "1. e8=Q e1Q 2. e8(Q) e1/N 3. e7e8q e2e1 4. exd6e.p. exd3 e.p. 5. P@e4 N@f6 6. -- Z0 7. 0000 O-O-O+ 8. 0-0 0-0-0 9. О-О 0—0 10. Ng1-f3 Nb8xc6 11. e2-e4 Qh4xe1# *"
	g := one(t, in)
	eq(t, "norms", norms(g), []string{"e8=Q", "e1Q", "e8(Q)", "e1/N", "e7e8q", "e2e1", "exd6e.p.", "exd3e.p.", "P@e4", "N@f6",
		"--", "Z0", "0000", "O-O-O+", "O-O", "O-O-O", "O-O", "O-O", "Ng1-f3", "Nb8xc6", "e2-e4", "Qh4xe1#"})
	eq(t, "problems", problems(g), []string{})
}

// TestSChessGating: Seirawan chess gates a hawk or an elephant as it moves
// ("Nf3/H") or castles ("O-O/Ee1"): moves of its games, which are not
// replayed, not text that cannot be read; "/X" without a square after
// castling, or another letter, stays unread.
func TestSChessGating(t *testing.T) {
	g := one(t, "[Variant \"Seirawan\"]\n\n1. Nf3/H Nc6/E 2. e3 e6 3. Be2 Be7 4. O-O/Ee1 O-O/Hh8+ 5. O-O/E *")
	eq(t, "norms", norms(g), []string{"Nf3/H", "Nc6/E", "e3", "e6", "Be2", "Be7", "O-O/Ee1", "O-O/Hh8+"})
	eq(t, "problems", problems(g), []string{`3:59 unexpected text, from "O-O/E"`})
	g = one(t, "1. O-O/Qe1 *")
	eq(t, "problems", problems(g), []string{`1:4 "O-O/Qe1" looks like a move but cannot be read: skipped`})
}

func TestCapitalFilesAndHomoglyphs(t *testing.T) {
	g := one(t, "1. E2-E4 B1e2 2. а4 ехd5 3. Кf3х *")
	eq(t, "norms", norms(g), []string{"e2-e4", "B1e2", "a4", "exd5", "Кf3x"})
}

func TestScripts(t *testing.T) {
	cases := map[string]Scripts{
		"1. e4 e5":           0,
		"1. Nf3 d5":          LatinLetters,
		"1. Кf3 d5":          CyrillicLetters,
		"1. ♘f3 d5":          Figurines,
		"1. ¤f3 d5 2. e8Ј":   FontBytes,
		"1. e8=Q Кf6 2. ♘f3": LatinLetters | CyrillicLetters | Figurines,
	}
	for in, want := range cases {
		g := one(t, in)
		eq(t, in, g.Scripts, want)
	}
}

func TestGamesIteratorStopsEarly(t *testing.T) {
	c := Chunk{Data: []byte("1. e4 1-0 1. d4 0-1 1. c4 *"), Start: Pos{Line: 1, Col: 1}}
	p := NewParser(Options{})
	var seen []string
	for g := range p.Games(c) {
		seen = append(seen, g.Result)
		if len(seen) == 2 {
			break
		}
	}
	eq(t, "seen", seen, []string{"1-0", "0-1"})
}

func TestPositionsAfterMultibyteText(t *testing.T) {
	g := one(t, "Партия\n  1. е4 {ж}\tc5 2. ♘f3")
	eq(t, "positions", []Pos{g.Moves[0].Pos, g.Moves[1].Pos, g.Moves[2].Pos}, []Pos{
		{Offset: 18, Line: 2, Col: 6}, {Offset: 27, Line: 2, Col: 15}, {Offset: 33, Line: 2, Col: 21},
	})
}

func TestManyCommentsAfterOneMove(t *testing.T) {
	in := "[Event \"x\"]\n1. e4 " + strings.Repeat("{ab} ", 30000) + "e5 *\n"
	g := oneWith(t, in, Options{MaxComment: 1000})
	eq(t, "joined up to the limit", len(g.Str(g.Moves[0].Comment)), 998)
	eq(t, "problems", problems(g), []string{"2:1673 comments after one move longer than 1000 bytes: the rest are dropped"})
	eq(t, "moves", norms(g), []string{"e4", "e5"})
}

func TestLongCommentsProblemOnTheCommentsLine(t *testing.T) {
	// The second comment's text starts on the line after its brace.
	g := oneWith(t, "[Event \"x\"]\n1. e4 {0123456789} {\n  abc} *\n", Options{MaxComment: 12})
	eq(t, "problems", problems(g), []string{"3:3 comments after one move longer than 12 bytes: the rest are dropped"})
	eq(t, "kept", g.Str(g.Moves[0].Comment), "0123456789")
}

// A game set up from a FEN may start at any move number: in PGN up to nine
// digits are a move number; in scoresheet text five are prose (a year).
func TestLongMoveNumbers(t *testing.T) {
	g := one(t, "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 10000\"]\n\n10000. Ra7 Kf8 10001. Ra8+ *\n")
	eq(t, "problems", problems(g), []string{})
	eq(t, "numbers", []int32{g.Moves[0].Number, g.Moves[1].Number, g.Moves[2].Number}, []int32{10000, 0, 10001})
	g = one(t, "[Event \"x\"]\n\n1234567890. e4 *\n")
	eq(t, "ten digits", problems(g), []string{"3:1 unexpected text, from \"1234567890.\""})
	g = one(t, "Berlin 19850. 1. e4 e5 *\n")
	eq(t, "text", norms(g), []string{"e4", "e5"})
	eq(t, "text problems", problems(g), []string{})
}

// An unnumbered first move takes its number from the FEN tag, so that the
// numbers after it fit; without a FEN it is White's first move.
func TestUnnumberedFirstMoveAfterFEN(t *testing.T) {
	const fen = "[FEN \"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\"]\n\n"
	for _, first := range []string{"…а6", "... a6", "a6"} {
		g := one(t, "[Event \"x\"]\n"+fen+first+" 4. Bxc6 dxc6 *\n")
		eq(t, first, problems(g), []string{})
		eq(t, first+" moves", len(g.Moves), 3)
	}
	g := one(t, "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 10\"]\n\nRa7 Kf8 11. Ra8+ *\n")
	eq(t, "white to move", problems(g), []string{})
	g = one(t, "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 10\"]\n\nRa7 Kf8 12. Ra8+ *\n")
	eq(t, "a number that does not fit", problems(g), []string{"4:9 move number 12. where 11. was expected"})
	g = one(t, "[Event \"x\"]\n\ne4 e5 2. Nf3 *\n")
	eq(t, "no FEN", problems(g), []string{})
	// Numbers from 1 after a FEN that says move 12 are a mistake in one
	// game, not a second game.
	g = one(t, "[Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12\"]\n\ne5 2. Nf3 *\n")
	eq(t, "numbered from 1", problems(g), []string{"4:4 move number 2. where 13. was expected"})
	// "1." still begins the next game.
	games, _ := readAll(t, []byte("[Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12\"]\n\ne5 13. Nf3 Nc6\n\n1. d4 d5 *\n"), SplitOptions{}, Options{})
	eq(t, "a restart at 1.", len(games), 2)
}

// The Russian pawn letter is written in lower case; Russian words that
// start with it stay prose.
func TestRussianPawnLetter(t *testing.T) {
	g := one(t, "1. пe2-e4 пe7-e5 2. Кf3 после этого пешка Кc6 *\n")
	eq(t, "moves", norms(g), []string{"пe2-e4", "пe7-e5", "Кf3", "Кc6"})
	eq(t, "problems", problems(g), []string{})
}

// An evaluation written with a dash ends before the next move, standing
// alone or attached to the move it judges; a dash between squares joins.
func TestEvaluationBeforeNextMove(t *testing.T) {
	for in, want := range map[string][]string{
		"[Event \"x\"]\n\n1. e4 e5 2. Bc4 +- Nc6 *\n":         {"e4", "e5", "Bc4", "Nc6"},
		"[Event \"x\"]\n\n1. e4 e5 2. Bc4+- Nc6 *\n":          {"e4", "e5", "Bc4", "Nc6"},
		"[Event \"x\"]\n\n1. e4 e5 2. Bc4 +/- Nc6 *\n":        {"e4", "e5", "Bc4", "Nc6"},
		"1. e2 - e4 e7 - e5 *\n":                              {"e2-e4", "e7-e5"},
		"1. E2 - E4 E7 - E5 *\n":                              {"e2-e4", "e7-e5"},
		"1. e4 e5 2. Nf3 - Black has equalised. 2... Nc6 *\n": {"e4", "e5", "Nf3", "Nc6"},
		"1. e4 e5 — Если 2. Nf3, то Nc6 *\n":                  {"e4", "e5", "Nf3", "Nc6"},
	} {
		g := one(t, in)
		eq(t, in, norms(g), want)
		eq(t, in+" problems", problems(g), []string{})
	}
}

// The ChessBase king byte 0xA2 decodes as ў in Windows-1251: it is a piece
// glyph like the others, not prose.
func TestChessBaseKingByteInWindows1251(t *testing.T) {
	g := one(t, "[White \"\xc8\xe2\xe0\xed\xee\xe2\"]\n\n1. e4 e5 2. \xa4f3 \xa4c6 3. \xa5c4 \xa5c5 4. O-O \xa4f6 5. \xa6e1 d6 6. \xa2h1 *\n")
	eq(t, "encoding", g.Encoding, Windows1251)
	eq(t, "last move", g.Str(g.Moves[len(g.Moves)-1].Norm), "ўh1")
	eq(t, "moves", len(g.Moves), 11)
	eq(t, "problems", problems(g), []string{})
}

// A capital that names a piece stays a piece when a capture of a lowercase
// square follows its rank ("B1xe2" is a bishop from the first rank); a
// capital file before a capital square stays a file.
func TestCapitalPieceWithRankBeforeCapture(t *testing.T) {
	g := one(t, "[Event \"x\"]\n\n1. B1xe2 B1:e2 B1×e2!! E4xD5 *\n")
	eq(t, "norms", norms(g), []string{"B1xe2", "B1:e2", "B1xe2", "e4xd5"})
	// A capture that promotes is a pawn's, written with a capital file.
	g = one(t, "[Event \"x\"]\n\n1. B7xa8(Q) B7:a8Q *\n")
	eq(t, "promotions", norms(g), []string{"b7xa8(Q)", "b7:a8Q"})
}

// TestEnPassantWord: "e.p." as a word of its own after a pawn capture is
// read as written on it, before a check mark; after any other move it is a
// stray mark, skipped with a Problem (as "d4e.p." on the move is an error),
// and after a move marked already it is left alone.
func TestEnPassantWord(t *testing.T) {
	g := one(t, "[Event \"x\"]\n\n1. e4 a6 2. e5 d5 3. exd6 e.p. a5 4. d4 e.p. Nc6 5. Nf3 {x} e.p. Nxd4 6. Nxd4 e.p. axb5e.p. e.p. *\n")
	eq(t, "norms", norms(g), []string{"e4", "a6", "e5", "d5", "exd6e.p.", "a5", "d4", "Nc6", "Nf3", "Nxd4", "Nxd4", "axb5e.p."})
	eq(t, "raws", raws(g), []string{"e4", "a6", "e5", "d5", "exd6", "a5", "d4", "Nc6", "Nf3", "Nxd4", "Nxd4", "axb5e.p."})
	eq(t, "problems", problems(g), []string{
		`3:41 "e.p." after "d4", which is not a pawn capture: skipped`,
		`3:61 "e.p." after "Nf3", which is not a pawn capture: skipped`,
		`3:79 "e.p." after "Nxd4", which is not a pawn capture: skipped`,
	})
	// The same in scoresheet text, and a Russian move named as written.
	g = one(t, "1. e4 e5 2. Кf3 e.p. Кc6 *\n")
	eq(t, "text norms", norms(g), []string{"e4", "e5", "Кf3", "Кc6"})
	eq(t, "text problems", problems(g), []string{`1:18 "e.p." after "Кf3", which is not a pawn capture: skipped`})
	g = one(t, "[Event \"x\"]\n\n1. e4 f5 2. e5 d5 3. exd6+ e.p. *\n")
	eq(t, "norms with a check", norms(g), []string{"e4", "f5", "e5", "d5", "exd6e.p.+"})
	g = one(t, "[Event \"x\"]\n\n1. e4 f5 2. e5 d5 3. exd6ep e.p. *\n")
	eq(t, "norms marked twice", norms(g), []string{"e4", "f5", "e5", "d5", "exd6ep"})
	// Pawn captures written without a capture sign are pawn captures too;
	// a push in long algebraic is not.
	for _, c := range []struct{ move, norm string }{{"ef", "efe.p."}, {"ef6", "ef6e.p."}, {"e5-f6", "e5-f6e.p."}, {"e5f6", "e5f6e.p."}, {"e5:f6", "e5:f6e.p."}} {
		g = one(t, "1. e4 d5 2. e5 f5 3. "+c.move+" e.p. *\n")
		eq(t, c.move+" problems", problems(g), []string{})
		eq(t, c.move+" norm", norms(g)[4], c.norm)
	}
	g = one(t, "1. e2-e4 e.p. d5 *\n")
	eq(t, "push problems", problems(g), []string{`1:10 "e.p." after "e2-e4", which is not a pawn capture: skipped`})
	// A knight's move in coordinates changes file by one too, but two ranks.
	for _, m := range []string{"b1c3", "g1-f3", "g1f3"} {
		g = one(t, "1. "+m+" e.p. d5 *\n")
		eq(t, m+" problems", problems(g), []string{fmt.Sprintf(`1:%d "e.p." after %q, which is not a pawn capture: skipped`, 5+len(m), m)})
	}
}

// TestParenthesisedPromotionWithMarks: the marks after "(Q)" belong to the
// move, not to a word of their own (which was read as stray text).
func TestParenthesisedPromotionWithMarks(t *testing.T) {
	g := one(t, "[Event \"x\"]\n\n1. c8(Q)# a8(N)+! 2. e8(R) (2. e8(Q)?) *\n")
	eq(t, "norms", norms(g), []string{"c8(Q)#", "a8(N)+", "e8(R)", "e8(Q)"})
	if len(g.Problems) != 0 {
		t.Errorf("problems: %v", g.Problems)
	}
}

// A marker not in PGN form is kept as written, for reports to quote.
func TestResultRaw(t *testing.T) {
	for in, want := range map[string]string{"1-0": "", "1/2-1/2": "", "*": "", "1/2-1/2.": "",
		"1/2": "1/2", "½-½": "½-½", "1:0": "1:0", "0–1,": "0–1"} {
		g := one(t, "[Event \"x\"]\n\n1. e4 e5 "+in+"\n")
		eq(t, in+" raw", g.Str(g.ResultRaw), want)
		eq(t, in+" at", g.ResultPos.Col, int64(10))
	}
	g := one(t, "[Event \"x\"]\n\n1. e4 (1. d4 ½-½) e5 1-0\n")
	eq(t, "a marker in a variation is not the game's", g.ResultRaw, Span{})
}

// A header keeps at most maxTags tag pairs, however many lines it has, and
// says so once: a file of a million tag lines in one header held them all.
func TestTooManyTags(t *testing.T) {
	for _, line := range []string{"[Event \"x\"]\n", "[Event \"x\"]\n[Site \"a \\\" b\"]\n"} { // plain, and one headTags leaves to tagPair
		in := []byte(strings.Repeat(line, 1500) + "\n1. e4 e5 *\n")
		games, _ := readAll(t, in, SplitOptions{}, Options{})
		if len(games) != 1 {
			t.Fatalf("%d games", len(games))
		}
		g := games[0]
		if len(g.Tags) != maxTags || len(g.Moves) != 2 {
			t.Errorf("%d tags, %d moves; want %d and 2", len(g.Tags), len(g.Moves), maxTags)
		}
		var msgs []string
		for _, p := range g.Problems {
			msgs = append(msgs, p.Message)
		}
		if want := []string{"more than 1024 tag pairs: the rest are not kept"}; !slices.Equal(msgs, want) {
			t.Errorf("problems %q, want %q", msgs, want)
		}
		readBothWays(t, in, Options{})
	}
}

// TestLongLineSearchedOnce: a line of many damaged tag pairs asks for its
// end and for a closing ']' once per pair; each answer must come from one
// search along the line, not a search from each pair to the line's end
// (80,000 unclosed pairs on one line took 7.9 s). Work counts the bytes
// those searches looked at.
func TestLongLineSearchedOnce(t *testing.T) {
	const pairs = 20000
	for _, tc := range []struct{ name, line string }{
		{"pairs not closed", strings.Repeat(`[Event "a" `, pairs)},
		{"pairs not closed, no blank", strings.Repeat(`[Event "a"`, pairs)},
		{"pairs closed late", strings.Repeat(`[Event "a" x`, pairs) + "]"},
		{"quotes inside values", strings.Repeat(`[A "b"c"] `, pairs)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := []byte(tc.line + "\n\n1. e4 e5 1-0\n")
			s := NewSplitter(bytes.NewReader(in), SplitOptions{})
			p := NewParser(Options{})
			games := 0
			for {
				c, err := s.Next()
				if err != nil {
					break
				}
				p.Parse(c, func(*Game) { games++ })
			}
			if games != 1 {
				t.Errorf("%d games, want 1", games)
			}
			if p.work > 4*len(in) {
				t.Errorf("the searches along the line looked at %d bytes of %d", p.work, len(in))
			}
		})
	}
}

// After a pair not closed by ']', the rest of the line is passed over up
// to a ']' that comes before any '[', and no further.
func TestUnclosedTagPairThenMore(t *testing.T) {
	for _, c := range []struct {
		line  string
		names []string
		probs []string
	}{
		{`[Site "x" junk] [Event "y"]`, []string{"Site", "Event"}, []string{"1:1 tag pair not closed by ]"}},
		{`[Site "x" junk [Event "y"]`, []string{"Site", "Event"},
			[]string{"1:1 tag pair not closed by ]", `1:11 unexpected text, from "junk"`}},
		{`[Site "x" [Event "y" z] [Round "1"]`, []string{"Site", "Event", "Round"},
			[]string{"1:1 tag pair not closed by ]", "1:11 tag pair not closed by ]"}},
		// Near miss: the pair closed, the next one read as it stands.
		{`[Site "x"] [Event "y"]`, []string{"Site", "Event"}, []string{}},
	} {
		g := one(t, c.line+"\n\n1. e4 *\n")
		var names []string
		for _, tag := range g.Tags {
			names = append(names, tag.Name)
		}
		eq(t, c.line+" tags", names, c.names)
		eq(t, c.line+" problems", problems(g), c.probs)
	}
}
