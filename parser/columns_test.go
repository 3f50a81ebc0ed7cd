package parser

import (
	"fmt"
	"strings"
	"testing"
)

// twoColumns is a scoresheet typed in two columns: moves 1-9 down the left,
// 10-17 down the right of the same lines, the result under the right one.
const twoColumns = "" +
	"1. e2-e4   e7-e5      10. Кc3:b5   c6:b5\n" +
	"2. Кg1-f3  d7-d6      11. Сc4:b5+  Кb8-d7\n" +
	"3. d2-d4   Сc8-g4     12. 0-0-0    Лa8-d8\n" +
	"4. d4:e5   Сg4:f3     13. Лd1:d7   Лd8:d7\n" +
	"5. Фd1:f3  d6:e5      14. Лh1-d1   Фe7-e6\n" +
	"6. Сf1-c4  Кg8-f6     15. Сb5:d7+  Кf6:d7\n" +
	"7. Фf3-b3  Фd8-e7     16. Фb3-b8+  Кd7:b8\n" +
	"8. Кb1-c3  c7-c6      17. Лd1-d8х\n" +
	"9. Сc1-g5  b7-b5      1:0\n"

// TestTwoColumnScoresheet: the moves of a two-column sheet stand in Moves in
// the order of their numbers, one line, with no problem about the numbers,
// each keeping its place in the source; so with tags above the sheet.
func TestTwoColumnScoresheet(t *testing.T) {
	want := []string{"e2-e4", "e7-e5", "Кg1-f3", "d7-d6", "d2-d4", "Сc8-g4", "d4:e5", "Сg4:f3", "Фd1:f3", "d6:e5",
		"Сf1-c4", "Кg8-f6", "Фf3-b3", "Фd8-e7", "Кb1-c3", "c7-c6", "Сc1-g5", "b7-b5",
		"Кc3:b5", "c6:b5", "Сc4:b5+", "Кb8-d7", "O-O-O", "Лa8-d8", "Лd1:d7", "Лd8:d7", "Лh1-d1", "Фe7-e6",
		"Сb5:d7+", "Кf6:d7", "Фb3-b8+", "Кd7:b8", "Лd1-d8x"}
	for _, c := range []struct {
		in   string
		line int64 // of the sheet's first line
	}{{twoColumns, 1}, {"[Event \"x\"]\n[Result \"1-0\"]\n\n" + twoColumns, 4}} {
		g := one(t, c.in)
		eq(t, "moves", norms(g), want)
		eq(t, "problems", problems(g), []string{})
		eq(t, "has", g.Has, HasColumns)
		eq(t, "result", g.Result, "1-0")
		if len(g.Moves) != len(want) {
			continue
		}
		ten, nine := g.Moves[18], g.Moves[17]
		eq(t, "10. where written", [3]int64{ten.Pos.Line, int64(ten.Pos.Col), int64(ten.Number)}, [3]int64{c.line, 27, 10})
		eq(t, "9... where written", [2]int64{nine.Pos.Line, int64(nine.Pos.Col)}, [2]int64{c.line + 8, 13})
		eq(t, "10. as written", g.Str(ten.Raw), "Кc3:b5")
	}
}

// Near misses keep the moves in source order. A sheet that looks like two
// columns but that the numbers do not fit without doubt (a line lost, a
// right column that does not take up where the left one ends, a pair
// without its Black move) gets one problem that says what the numbers
// mean, not one at each line. Numbers that disagree otherwise, and a sheet
// with two moves a line, are left as they are.
func TestTwoColumnNearMisses(t *testing.T) {
	lines := func(drop string) string {
		out := ""
		for _, l := range []string{
			"1. e2-e4   e7-e5      10. Кc3:b5   c6:b5\n",
			"2. Кg1-f3  d7-d6      11. Сc4:b5+  Кb8-d7\n",
			"3. d2-d4   Сc8-g4     12. 0-0-0    Лa8-d8\n",
			"4. d4:e5   Сg4:f3\n",
		} {
			if l != drop {
				out += l
			}
		}
		return out
	}
	const jump = "1:23 move number 10. follows move 1. on line 1, and numbers jump so on %d more lines: " +
		"a scoresheet in two columns? Its moves are out of the order of their numbers, and are read as written"
	for _, c := range []struct {
		name, in string
		problems []string
		first    []string // the first moves, in Moves' order
	}{
		{"a line lost", lines("3. d2-d4   Сc8-g4     12. 0-0-0    Лa8-d8\n"),
			[]string{fmt.Sprintf(jump, 1)}, []string{"e2-e4", "e7-e5", "Кc3:b5", "c6:b5", "Кg1-f3"}},
		{"the right column off by one", lines("4. d4:e5   Сg4:f3\n"),
			[]string{fmt.Sprintf(jump, 2)}, []string{"e2-e4", "e7-e5", "Кc3:b5", "c6:b5", "Кg1-f3"}},
		{"a pair without its Black move", "1. e2-e4   e7-e5      4. d4:e5\n2. Кg1-f3  d7-d6      5. Фd1:f3\n3. d2-d4\n",
			[]string{"1:23 move number 4. follows move 1. on line 1, and numbers jump so on 1 more lines: " +
				"a scoresheet in two columns? Its moves are out of the order of their numbers, and are read as written"},
			[]string{"e2-e4", "e7-e5", "d4:e5", "Кg1-f3"}},
		{"one line of two pairs", "1. e4 e5 3. Nf3 Nc6\n2. d4 d5\n",
			[]string{"1:10 move number 3. where 2. was expected: moves are missing"},
			[]string{"e4", "e5", "Nf3", "Nc6", "d4"}},
		{"two moves a line", "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Nf6\n", []string{}, []string{"e4", "e5", "Nf3", "Nc6", "Bb5"}},
		{"a number skipped", "1. e4 e5 2. Nf3 Nc6\n4. Bb5 a6 5. Ba4 Nf6\n",
			[]string{"2:1 move number 4. where 3. was expected: moves are missing"}, []string{"e4", "e5", "Nf3", "Nc6", "Bb5"}},
	} {
		g := one(t, c.in)
		eq(t, c.name+" problems", problems(g), c.problems)
		eq(t, c.name+" columns", g.Has&HasColumns, Has(0))
		if got := norms(g); len(got) >= len(c.first) {
			eq(t, c.name+" moves", got[:len(c.first)], c.first)
		} else {
			t.Errorf("%s: moves %q", c.name, got)
		}
	}
}

// Problems about numbers in a game with too few moves for two columns (none
// at all) leave the game as it was read.
func TestTwoColumnsTooFewMoves(t *testing.T) {
	g := one(t, "[Event \"x\"]\n\n0. 0. 0. *\n")
	eq(t, "problems", problems(g), []string{"3:1 move number 0", "3:4 move number 0", "3:7 move number 0"})
	g = one(t, "1. e4 e5 5. Nf3\n2. d4\n")
	eq(t, "moves", norms(g), []string{"e4", "e5", "Nf3", "d4"})
	eq(t, "one problem", problems(g), []string{"1:10 move number 5. where 2. was expected: moves are missing"})
}

// A move of a two-column sheet listed in Game.Pairs (two words around a
// spaced dash that no number after them decided) keeps pointing at its move
// once the moves stand in number order.
func TestTwoColumnsKeepPairs(t *testing.T) {
	g := one(t, "1. e2-e4   e7-e5      5. Сc4:f7+  Крe8:f7\n"+
		"2. Кg1-f3  Кb8-c6     6. Кf3-g5+  Кр f7-f8\n"+
		"3. Сf1-c4  Сf8-c5     7. Фd1 — h5\n"+
		"4. 0-0     d7-d6      *\n")
	eq(t, "has", g.Has, HasColumns)
	if len(g.Pairs) != 1 || int(g.Pairs[0].Move) >= len(g.Moves) {
		t.Fatalf("pairs %+v", g.Pairs)
	}
	eq(t, "pair's move", [2]any{g.Pairs[0].Move, g.Str(g.Moves[g.Pairs[0].Move].Raw)}, [2]any{int32(12), "Фd1 — h5"})
}

// TestTwoColumnsResultInRightColumn: a sheet whose right column is the
// shorter and ends with the result, beside the left column's pair or after
// the right column's last move, while the left column goes on below: the
// lines below are the same game, read in the order of the numbers, with
// the result where it was written; so with tags above the sheet. A
// one-column game whose numbers never jumped still ends at its result.
func TestTwoColumnsResultInRightColumn(t *testing.T) {
	want := []string{"e2-e4", "e7-e5", "Кg1-f3", "d7-d6", "d2-d4", "Сc8-g4", "d4:e5", "Сg4:f3", "Фd1:f3", "d6:e5",
		"Сf1-c4", "Кg8-f6", "Фf3-b3", "Фd8-e7", "Кb1-c3", "c7-c6", "Сc1-g5", "b7-b5", "Кc3:b5", "c6:b5",
		"Сc4:b5+", "Кb8-d7", "O-O-O", "Лa8-d8", "Лd1:d7", "Лd8:d7", "Лh1-d1", "Фe7-e6",
		"Сb5:d7+", "Кf6:d7", "Фb3-b8+", "Кd7:b8", "Лd1-d8x"}
	top := "" +
		"1. e2-e4   e7-e5      11. Сc4:b5+  Кb8-d7\n" +
		"2. Кg1-f3  d7-d6      12. 0-0-0    Лa8-d8\n" +
		"3. d2-d4   Сc8-g4     13. Лd1:d7   Лd8:d7\n" +
		"4. d4:e5   Сg4:f3     14. Лh1-d1   Фe7-e6\n" +
		"5. Фd1:f3  d6:e5      15. Сb5:d7+  Кf6:d7\n" +
		"6. Сf1-c4  Кg8-f6     16. Фb3-b8+  Кd7:b8\n"
	below := "9. Сc1-g5  b7-b5\n10. Кc3:b5 c6:b5\n"
	for _, c := range []struct {
		name, sheet string
		result      Pos // line and column, on the sheet
	}{
		{"beside the left pair", top + "7. Фf3-b3  Фd8-e7     17. Лd1-d8х\n8. Кb1-c3  c7-c6      1:0\n" + below, Pos{Line: 8, Col: 24}},
		{"after the last move", top + "7. Фf3-b3  Фd8-e7     17. Лd1-d8х 1:0\n8. Кb1-c3  c7-c6\n" + below, Pos{Line: 7, Col: 39}}, // columns count bytes
	} {
		for _, tags := range []string{"", "[Event \"x\"]\n[Result \"1-0\"]\n\n"} {
			g := one(t, tags+c.sheet)
			name := c.name
			if tags != "" {
				name += ", with tags"
			}
			eq(t, name+": moves", norms(g), want)
			eq(t, name+": problems", problems(g), []string{})
			eq(t, name+": has", g.Has, HasColumns)
			eq(t, name+": result", g.Result, "1-0")
			shift := int64(0)
			if tags != "" {
				shift = 3
			}
			eq(t, name+": result's place", [2]int64{g.ResultPos.Line, int64(g.ResultPos.Col)}, [2]int64{c.result.Line + shift, int64(c.result.Col)})
			if len(g.Moves) == len(want) {
				ten := g.Moves[18]
				eq(t, name+": 10. where written", [3]int64{ten.Pos.Line, int64(ten.Pos.Col), int64(ten.Number)}, [3]int64{10 + shift, 5, 10})
			}
		}
	}
	games := parseString(t, "1. e4 e5 2. Nf3 Nc6 1-0\n3. Bb5 a6 *\n")
	eq(t, "one column: games", len(games), 2)
	if len(games) == 2 {
		eq(t, "one column: first", norms(games[0]), []string{"e4", "e5", "Nf3", "Nc6"})
		eq(t, "one column: second", norms(games[1]), []string{"Bb5", "a6"})
	}
}

// TestTwoColumnUnreadClock: a clock that cannot be read follows its move
// into number order.
func TestTwoColumnUnreadClock(t *testing.T) {
	in := strings.Replace(twoColumns, "c6:b5\n", "c6:b5 {[%clk 1:00]}\n", 1)
	g := one(t, in)
	eq(t, "has", g.Has, HasColumns)
	eq(t, "unread", unreadClocks(g), []string{"1:44 move 19 clk 1:00"})
	eq(t, "its move", g.Str(g.Moves[19].Raw), "c6:b5")
	eq(t, "flag", g.Moves[19].ClockUnread, true)
}
