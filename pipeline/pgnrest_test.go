package pipeline

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestConvertUnreadableText: text of the main line the parser could not
// read stops the main line there, as an illegal move does: the note gives
// the problem and the rest of the game as written, and the findings
// printed are check's, unchanged. Problems that leave no move out (in a
// comment, a stray brace, a bare $, punctuation, a move number that does
// not fit, text in a variation) do not; a move number written again ("5.
// O-O 5. Be7") is an info, which convert does not print; and a clock that
// cannot be read is no problem of the conversion: the comment is kept as
// written, unremarked.
func TestConvertUnreadableText(t *testing.T) {
	cases := []struct{ name, in, want, findings string }{
		{"unreadable capture", "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сc6: dc 5. 0-0 f6 *\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {arbiter: text not read (unexpected text, from\n\"Сc6: dc\"); the rest of the game as written: 4. Сc6: dc 5. 0-0 f6} *\n\n",
			"g.pgn:4:37: error syntax: unexpected text, from \"Сc6: dc\"\ng.pgn:4:46: error syntax: move number 5. where 4. was expected\n"},
		{"scoresheet move", "1. f3 e5 2. g4 Фh4!х 0-1\n",
			"1. f3 e5 2. g4 {arbiter: text not read (\"Фh4!х\" looks like a move but cannot be\nread: skipped); the rest of the game as written: Фh4!х} 0-1\n\n",
			"g.pgn:1:16: error syntax: \"Фh4!х\" looks like a move but cannot be read: skipped\n"},
		{"last move", "[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Qq5 1-0\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 {arbiter: text not read (unexpected text, from\n\"Qq5\"); the rest of the game as written: Qq5} 1-0\n\n",
			"g.pgn:4:28: error syntax: unexpected text, from \"Qq5\"\n"},
		{"after comments and a variation", "[Event \"?\"]\n\n1. e4 e5 2. Nf3 {good} (2. Bc4) $1 2... Nc6 junk {x [%clk 0:00:10]} 3. Bb5 (3. Bc4) ; rest }\n*\n",
			"1. e4 e5 2. Nf3 {good} (2. Bc4 $1) 2... Nc6 {x [%clk 0:00:10] arbiter: text not\nread (unexpected text, from \"junk\"); the rest of the game as written: junk\n{x [ %clk 0:00:10]) 3. Bb5 (3. Bc4) ; rest )} *\n\n",
			"g.pgn:3:45: error syntax: unexpected text, from \"junk\"\n"},
		{"not cut", "[Event \"?\"]\n\n1. e4 {[%clk 0:01:xx] [%eval x]} e5 2. Nf3 } Nc6 $ 3. Bb5 (3. Bc4 junk Bc5) a6 4. Ba4 \\ Nf6 5. O-O 5. Be7 *\n",
			"1. e4 {[%clk 0:01:xx] [%eval x]} 1... e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5) 3... a6\n4. Ba4 Nf6 5. O-O Be7 *\n\n",
			"g.pgn:3:44: error syntax: } without a matching {\ng.pgn:3:50: error syntax: $ without a number\ng.pgn:3:67: error syntax: unexpected text, from \"junk\"\ng.pgn:3:87: error syntax: unexpected text, from \"\\\\\"\n"},
	}
	for _, c := range cases {
		pgn, findings := convertBytes(t, "g.pgn", []byte(c.in))
		findings = regexp.MustCompile(`(?m)^.*/g\.pgn:`).ReplaceAllString(findings, "g.pgn:")
		if got := movetext(t, string(pgn)); got != c.want || findings != c.findings {
			t.Errorf("%s: got\n%s\nwant\n%s\nfindings %q\nwant %q", c.name, got, c.want, findings, c.findings)
		}
		checkLines(t, c.name, string(pgn))
		if twice, f := convertBytes(t, "once.pgn", pgn); string(twice) != string(pgn) || f != "" && c.name != "not cut" {
			t.Errorf("%s: converting again gives\n%s\n%s", c.name, twice, f)
		}
	}
}

// TestNotesQuoteTheSource: the rest of a line as written is the source
// text, from the move's own number (or the text skipped after the move
// before) to the end of the line: nothing left out, nothing renumbered.
func TestNotesQuoteTheSource(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"text skipped before the move",
			"1. e4 e6 2. d4 d5 3. e5 f5 4. ef Кe7 5. fg Кbc6 6. — Кр f7 7. hg Кр:g8 *\n",
			"1. e4 e6 2. d4 d5 3. e5 f5 4. exf6 Ne7 5. fxg7 Nbc6 {arbiter: illegal move\n6... Кр f7 (no white king can reach f7); the rest of the game as written: 6. —\nКр f7 7. hg Кр:g8} *\n\n"},
		// A word that is no move where the number wants one is text not read.
		{"a word after the number",
			"1. e4 e6 2. d4 d5 3. e5 f5 4. ef Кe7 5. fg Кbc6 6. gh:: Кр f7 7. hg Кр:g8 *\n",
			"1. e4 e6 2. d4 d5 3. e5 f5 4. exf6 Ne7 5. fxg7 Nbc6 {arbiter: text not read\n(unexpected text, from \"gh::\"); the rest of the game as written: 6. gh:: Кр f7\n7. hg Кр:g8} *\n\n"},
		// Nor is a comment in braces, which is the move's comment too.
		{"a comment before the move",
			"[Event \"E\"]\n\n1. e4 e5 2. Nf3 {good} Ke3 *\n",
			"1. e4 e5 2. Nf3 {good arbiter: illegal move 2... Ke3 (no black king can reach\ne3); the rest of the game as written: Ke3} *\n\n"},
		// A remark the move before keeps as its comment is not quoted again.
		{"a remark before the move",
			"1. e4 e5 2. Кf3 хорошо Кc7 3. Сb5 *\n",
			"1. e4 e5 2. Nf3 {хорошо arbiter: illegal move 2... Кc7 (c7 is occupied by a\nblack pawn); the rest of the game as written: Кc7 3. Сb5} *\n\n"},
		// A result in words ends the quote with the rest of its line.
		{"a result in words",
			"1. e4 e5 2. Кf3 Кc6 3. Лa3 a6 Белые сдались ввиду мата.\nПартия 2\n",
			"1. e4 e5 2. Nf3 Nc6 {arbiter: illegal move 3. Лa3 (the rook on a1 is blocked by\nthe white pawn on a2); the rest of the game as written: 3. Лa3 a6 Белые сдались\nввиду мата.} 0-1\n\n"},
		{"prose and numbers as written",
			"После 12...c6 у чёрных прочная позиция. Интересно было 11...Кb6 с идеей Кbd5.\n",
			"{После arbiter: not replayed from 12... c6 (a fragment from move 12... with no\nposition to start from, which a FEN tag would give: its 3 moves are not\nchecked); the game as written: 12...c6 у чёрных прочная позиция. Интересно было\n11...Кb6 с идеей Кbd5.} *\n\n"},
	}
	for _, c := range cases {
		if got := movetext(t, appendOne(t, c.in)); got != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}

// TestConvertScoresheetRemarks: the prose between the moves of a game
// without tags is written as comments, a result in words as the result
// with its words as a comment, and two moves around a spaced dash as two.
func TestConvertScoresheetRemarks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1. e4 e5 2. Кf3 Кc6 3. Сb5 (испанская партия) a6 *\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 {(испанская партия)} 3... a6 *\n\n"},
		{"1. e4 e5 2. Кf3 Кc6 3. Сb5 (Ласкер — Стейниц, 1894) a6 *\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 {(Ласкер — Стейниц, 1894)} 3... a6 *\n\n"},
		// Quotes and brackets that end words stay, as written.
		{"1. e4 e5 2. Кf3 Кc6 журнал «Шахматы в СССР» (вскоре после) и \"Шахматы\"[1] 3. Сb5 *\n",
			"1. e4 e5 2. Nf3 Nc6 {журнал «Шахматы в СССР» (вскоре после) и \"Шахматы\"[1]}\n3. Bb5 *\n\n"},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 Черные сдались.\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Черные сдались.} 1-0\n\n"},
		{"1. e4 – e5 2. Кf3 — Кc6 3. Сb5 — a6 *\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"},
		{"1. e4 e5 2. Nf3 Nc6 3. Qq5 *\n",
			"1. e4 e5 2. Nf3 Nc6 {arbiter: text not read (unexpected text, from \"Qq5\"); the\nrest of the game as written: 3. Qq5} *\n\n"},
	} {
		if got := movetext(t, appendOne(t, c.in)); got != c.want {
			t.Errorf("%q: got\n%s\nwant\n%s", c.in, got, c.want)
		}
	}
}

// TestLongWordsStayWhole: a comment word too long for 80 columns has a
// line of its own, its closing brace with it, and reads back the same;
// only past 253 bytes, which no 255-byte line could hold, is it cut.
func TestLongWordsStayWhole(t *testing.T) {
	url := "https://www.chessgames.com/perl/chessgame?gid=1234567&comp=1&kpage=2&something=verylongparameter_value_here"
	got := movetext(t, appendOne(t, "1. e4 {see "+url+"} e5 *\n"))
	if want := "1. e4 {see\n" + url + "}\n1... e5 *\n\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	long := strings.Repeat("ж", 200) // 400 bytes
	got = movetext(t, appendOne(t, "1. e4 {"+long+"} *\n"))
	if want := "1. e4\n{" + long[:252] + "\n" + long[252:] + "} *\n\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	pct := "%" + strings.Repeat("y", 90)
	got = movetext(t, appendOne(t, "1. e4 {a "+pct+"} *\n"))
	if want := "1. e4\n{a " + pct + "}\n*\n\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// Runs of words that may not start a line: glued while the line stays
	// within maxLine bytes, then a line starts with '(' for the '[' (or
	// before the '%'), as '}' becomes ')'.
	var refs, pcts strings.Builder
	for i := range 80 {
		fmt.Fprintf(&refs, " [%d]", i)
		fmt.Fprintf(&pcts, " %%p%d", i)
	}
	out := appendOne(t, "1. e4 {refs"+refs.String()+"} e5 {odd"+pcts.String()+"} *\n")
	for i, line := range strings.Split(out, "\n") {
		if len(line) > maxLine || strings.HasPrefix(line, "%") || strings.HasPrefix(line, "[") && !strings.HasSuffix(line, "\"]") {
			t.Errorf("line %d: %d bytes: %q", i+1, len(line), line)
		}
	}
	if !strings.Contains(out, "\n([") && !strings.Contains(out, " ([") && !strings.Contains(out, "\n(") {
		t.Errorf("no run was broken:\n%s", out)
	}
	if again := appendOne(t, out); again != out {
		t.Errorf("not read back the same:\n%s\nthen\n%s", out, again)
	}
}

// TestConvertKeepsHeadings: a scoresheet's headings ("Партия 2. Таль —
// Петросян, 1959"), the one place a book or club sheet names the players,
// the event and the year, are the leading comments of the games they stand
// before, each game read is written, and the note on a game cut short
// quotes its text up to the next game's heading, not over it. Prose after
// the last game stays out, as before.
func TestConvertKeepsHeadings(t *testing.T) {
	in := "Турнир мастеров\nПартия 1. Ботвинник — Смыслов, Москва 1954\n\n1. e4 e5 2. Кf3 Кc7 хорошо\n" +
		"Партия 2. Таль — Петросян, 1959\n1. d4 d5 2. c4 e6 1-0\n\nПартия 3 {Дебют} 1. c4 c5 Ничья\nКонец\n"
	got, findings, _ := convertPaths(t, 1, writeFile(t, t.TempDir(), "sheet.txt", []byte(in)))
	var bodies []string
	for _, game := range strings.Split(string(got), "[Event ")[1:] {
		bodies = append(bodies, movetext(t, "[Event "+game))
	}
	want := []string{
		"{Турнир мастеров Партия 1. Ботвинник — Смыслов, Москва 1954} 1. e4 e5 2. Nf3\n{arbiter: illegal move 2... Кc7 (c7 is occupied by a black pawn); the rest of\nthe game as written: Кc7 хорошо} *\n\n",
		"{Партия 2. Таль — Петросян, 1959} 1. d4 d5 2. c4 e6 1-0\n\n",
		"{Партия 3 Дебют} 1. c4 c5 {Ничья} 1/2-1/2\n\n",
	}
	if fmt.Sprintf("%q", bodies) != fmt.Sprintf("%q", want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(bodies, ""), strings.Join(want, ""))
	}
	if !strings.Contains(findings, "illegal-move") {
		t.Errorf("findings %q", findings)
	}
}
