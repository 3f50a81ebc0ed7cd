package pipeline

import (
	"strings"
	"testing"
)

// TestReadHeading: a heading of exactly the shape "[Партия N.] White —
// Black[, Site][,] [Year]", or one line of that shape in a heading of
// several, gives the players, and the place and year it names; any other
// shape gives nothing, so that convert writes "?".
func TestReadHeading(t *testing.T) {
	for _, c := range []struct {
		in   string
		want headingTags
		ok   bool
	}{
		{"Партия 12. Иванов — Петров, Москва 1956", headingTags{"Иванов", "Петров", "Москва", "1956.??.??"}, true},
		{"Партия 3 Иванов — Петров", headingTags{White: "Иванов", Black: "Петров"}, true},
		{"Партия №3: Таль – Петросян, 1959.", headingTags{White: "Таль", Black: "Петросян", Date: "1959.??.??"}, true},
		{"Ботвинник М.М. — Таль М., Москва, 1960 г.", headingTags{"Ботвинник М.М.", "Таль М.", "Москва", "1960.??.??"}, true},
		{"Game 5: Tal - Petrosian, Buenos Aires", headingTags{White: "Tal", Black: "Petrosian", Site: "Buenos Aires"}, true},
		{"Партия 4. Петров А. — Иванов Б.", headingTags{White: "Петров А.", Black: "Иванов Б."}, true},
		// An em or en dash without blanks: a double surname takes a hyphen.
		{"Иванов—Петров, Москва 1956", headingTags{"Иванов", "Петров", "Москва", "1956.??.??"}, true},
		{"Партия 7. Таль–Ларсен", headingTags{White: "Таль", Black: "Ларсен"}, true},
		// Over two lines: the line of that shape, numbered by the line above.
		{"Партия 12\nИванов — Петров, Москва 1956", headingTags{"Иванов", "Петров", "Москва", "1956.??.??"}, true},
		{"Партия №12.\nИванов — Петров", headingTags{White: "Иванов", Black: "Петров"}, true},
		{"Партия 12. Ферзевый гамбит\nГрюнфельд — Алехин, Вена 1922", headingTags{"Грюнфельд", "Алехин", "Вена", "1922.??.??"}, true},
		// Near misses: another shape, left to "?"; two names alone may be
		// a page header's author and title.
		{"Василий Панов - Капабланка", headingTags{}, false},
		{"Иванов-Петров, Москва 1956", headingTags{}, false},
		{"Глава 5\nИванов — Петров", headingTags{}, false},
		{"Партия 12. Ферзевый гамбит\nИванов — Петров", headingTags{}, false},
		{"Иванов — Петров, Москва 1956\nСидоров — Козлов, Киев 1957", headingTags{}, false},
		{"Иванов — Петров, 3-й тур", headingTags{}, false},
		{"Иванов — Петров — Сидоров", headingTags{}, false},
		{"Иванов — Петров, Москва 56", headingTags{}, false},
		{"защита Каро-Канн — вариант", headingTags{}, false},
		{"Глава 5. Иванов — Петров", headingTags{}, false},
		{"Партия двенадцатая. Иванов — Петров", headingTags{}, false},
		{"Иванов — Петров (Москва, 1956)", headingTags{}, false},
		{"", headingTags{}, false},
	} {
		got, ok := readHeading(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("readHeading(%q) = %+v, %v; want %+v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestConvertHeadingTags: convert fills White, Black, Site and Date of a
// scoresheet without tags from its heading, keeps the heading as the
// leading comment, and converting the output again changes nothing; tags
// of the game's own are never overridden.
func TestConvertHeadingTags(t *testing.T) {
	in := "Партия 12. Иванов — Петров, Москва 1956\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 1-0\n\nПартия 13. Грюнфельд, Алехин\n1. d4 d5 *\n"
	once, findings := convertBytes(t, "in.txt", []byte(in))
	want := "[Event \"?\"]\n[Site \"Москва\"]\n[Date \"1956.??.??\"]\n[Round \"?\"]\n[White \"Иванов\"]\n[Black \"Петров\"]\n[Result \"1-0\"]\n\n" +
		"{Партия 12. Иванов — Петров, Москва 1956} 1. e4 e5 2. Nf3 Nc6 1-0\n\n" +
		"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n" +
		"{Партия 13. Грюнфельд, Алехин} 1. d4 d5 *\n\n"
	if string(once) != want || findings != "" {
		t.Errorf("converts to\n%s\nwant\n%s\nfindings %q", once, want, findings)
	}
	if twice, _ := convertBytes(t, "once.pgn", once); string(twice) != string(once) {
		t.Errorf("second conversion differs:\n%s", twice)
	}
	// Over two lines, and a dash without blanks: read as one line is.
	two := "Партия 14\nТаль—Ларсен, Блед 1961\n1. e4 e5 *\n"
	out, findings := convertBytes(t, "two.txt", []byte(two))
	want = "[Event \"?\"]\n[Site \"Блед\"]\n[Date \"1961.??.??\"]\n[Round \"?\"]\n[White \"Таль\"]\n[Black \"Ларсен\"]\n[Result \"*\"]\n\n" +
		"{Партия 14 Таль—Ларсен, Блед 1961} 1. e4 e5 *\n\n"
	if string(out) != want || findings != "" {
		t.Errorf("converts to\n%s\nwant\n%s\nfindings %q", out, want, findings)
	}
	if twice, _ := convertBytes(t, "out.pgn", out); string(twice) != string(out) {
		t.Errorf("second conversion differs:\n%s", twice)
	}
	tagged := "[White \"A\"]\n{Иванов — Петров, Москва 1956} 1. e4 e5 *\n"
	if out, _ := convertBytes(t, "tagged.pgn", []byte(tagged)); !strings.Contains(string(out), "[White \"A\"]\n[Black \"?\"]") {
		t.Errorf("a tagged game's heading changed its tags:\n%s", out)
	}
}
