package stats

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func sampleSummary() *Summary {
	s := aggregateOf(sampleGames()).Summarize(20)
	s.Sources = []string{"out/run1", "out/run2"}
	return s
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output; run go test -update and review the diff.\n got:\n%s", path, got)
	}
}

func TestFormatsGolden(t *testing.T) {
	for _, tc := range []struct {
		file  string
		write func(*bytes.Buffer, *Summary) error
	}{
		{"sample.txt", func(b *bytes.Buffer, s *Summary) error { return WriteTable(b, s) }},
		{"sample.md", func(b *bytes.Buffer, s *Summary) error { return WriteMarkdown(b, s) }},
		{"sample.json", func(b *bytes.Buffer, s *Summary) error { return WriteJSON(b, s) }},
	} {
		var b bytes.Buffer
		if err := tc.write(&b, sampleSummary()); err != nil {
			t.Fatal(err)
		}
		golden(t, tc.file, b.Bytes())
	}
}

// The terminal table fits in TableWidth columns whatever the names, and
// shows no control character or bidi override from them.
func TestTableFitsAndIsClean(t *testing.T) {
	games := sampleGames()
	games = append(games,
		Game{File: strings.Repeat("very/long/path/", 20) + "games.pgn", Event: strings.Repeat("世界選手権", 30)},
		Game{File: "x.pgn", Event: "Line one\nLine two\r\x07bell\u202Eevil"})
	s := aggregateOf(games).Summarize(0)
	s.Sources = []string{strings.Repeat("src/", 40)}
	var b bytes.Buffer
	if err := WriteTable(&b, s); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for i, line := range strings.Split(out, "\n") {
		if w := displayWidth(line); w > TableWidth {
			t.Errorf("line %d is %d columns wide: %q", i+1, w, line)
		}
	}
	for _, bad := range []string{"\x1b", "\x07", "\r", "\u202E", "\u202e"} {
		if strings.Contains(out, bad) {
			t.Errorf("table holds %q", bad)
		}
	}
	for _, want := range []string{`Line one\u000aLine two\u000d\u0007bell\u202eevil`, "  世界選手権世界選手権世界選手権世界選手権世界選手権世…  ", "  …ry/long/path/very/long/path/very/long/path/games.pgn  "} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q", want)
		}
	}
}

// Names print as written in Markdown: no markup from them survives, and
// each table row keeps its number of cells.
func TestMarkdownEscapes(t *testing.T) {
	games := sampleGames()
	games = append(games, Game{File: "a|b*c_d`e[f](g)\\h.pgn", Event: "**bold** <b>x</b> & ![i](j)"})
	var b bytes.Buffer
	if err := WriteMarkdown(&b, aggregateOf(games).Summarize(0)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, bad := range []string{"<script", "<img", "<b>", "**bold**", "a|b"} {
		if strings.Contains(out, bad) {
			t.Errorf("markdown holds %q", bad)
		}
	}
	for _, want := range []string{
		"| &lt;script&gt;alert(1)&lt;/script&gt; |",
		"| a\\|b\\*c\\_d\\`e\\[f\\](g)\\\\h.pgn |",
		"| \\*\\*bold\\*\\* &lt;b&gt;x&lt;/b&gt; &amp; \\!\\[i\\](j) |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q", want)
		}
	}
	// Rows of a table have as many cells as its header; escaped pipes do not count.
	cells := regexp.MustCompile(`(^|[^\\])\|`)
	header := 0
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "|") {
			header = 0
			continue
		}
		n := len(cells.FindAllString(line, -1))
		if header == 0 {
			header = n
		} else if n != header {
			t.Errorf("%d cell borders, header has %d: %s", n, header, line)
		}
	}
}

// JSON.md documents every key of the JSON output, and no other.
func TestJSONKeysDocumented(t *testing.T) {
	var b bytes.Buffer
	s := sampleSummary()
	// "other" groups and a warning, so that their keys appear.
	s.Files.Other = &Group{Name: "", Games: 1}
	s.Events.Other = &Group{Name: "", Games: 1}
	s.Warnings = []string{"a.pgn and b.pgn hold the same content (10 bytes, 1 game each): their games are counted once per input"}
	if err := WriteJSON(&b, s); err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	jsonPaths(v, "", got)

	doc, err := os.ReadFile("JSON.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_\\[\\].]+)` \\|").FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = true
	}
	for _, p := range sortedKeys(got) {
		if !documented[p] {
			t.Errorf("JSON key %s is not in JSON.md", p)
		}
	}
	for _, p := range sortedKeys(documented) {
		if !got[p] {
			t.Errorf("JSON.md documents %s, which the output lacks", p)
		}
	}
}

// jsonPaths collects the key paths of v: "codes[].code", "results.games".
func jsonPaths(v any, prefix string, out map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			out[p] = true
			jsonPaths(e, p, out)
		}
	case []any:
		for _, e := range v {
			jsonPaths(e, prefix+"[]", out)
		}
	}
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func TestNumberAndPercent(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := number(n); got != want {
			t.Errorf("number(%d) = %q, want %q", n, got, want)
		}
	}
	if got := percent(1, 3); got != "33.3%" {
		t.Errorf("percent(1, 3) = %q", got)
	}
	if got := percent(1, 0); got != "" {
		t.Errorf("percent(1, 0) = %q", got)
	}
	// A share rounded to 0.0% or 100.0% reads as none or all: 30 games of
	// 167,080 are "<0.1%", not "0.0%", and all but one ">99.9%".
	for _, tc := range []struct {
		part, whole int64
		want        string
	}{
		{0, 167080, "0.0%"}, {30, 167080, "<0.1%"}, {83, 167080, "<0.1%"}, {84, 167080, "0.1%"},
		{1, 1000, "0.1%"}, {1, 2001, "<0.1%"}, {999, 1000, "99.9%"}, {1999, 2001, "99.9%"}, {2000, 2001, ">99.9%"},
		{167079, 167080, ">99.9%"}, {167080, 167080, "100.0%"}, {3, 6, "50.0%"},
	} {
		if got := percent(tc.part, tc.whole); got != tc.want {
			t.Errorf("percent(%d, %d) = %q, want %q", tc.part, tc.whole, got, tc.want)
		}
	}
	for n, want := range map[int64]string{
		0: "0", 999: "999", 1000: "1.0k", 1234: "1.2k", 1250: "1.3k", 8868: "8.9k", 9949: "9.9k", 9950: "10k",
		34950: "35k", 33651: "34k", 56789: "57k", 999_499: "999k", 999_500: "1.0M", 1234567: "1.2M",
		9_950_000: "10M", 98765432: "99M", 999_500_000: "1.0G", 12_345_678_901: "12G"} {
		if got := shortNumber(n); got != want {
			t.Errorf("shortNumber(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestTruncateAndWidth(t *testing.T) {
	for _, tc := range []struct {
		in    string
		w     int
		want  string
		width int
	}{
		{"abcdef", 6, "abcdef", 6},
		{"abcdef", 4, "abc…", 4},
		{"世界選手", 5, "世界…", 5},
		{"e\u0301t\u0301e\u0301", 3, "e\u0301t\u0301e\u0301", 3},
		{"Каспаров", 4, "Кас…", 4},
	} {
		got := truncate(tc.in, tc.w)
		if got != tc.want || displayWidth(got) != tc.width {
			t.Errorf("truncate(%q, %d) = %q (%d columns), want %q (%d)", tc.in, tc.w, got, displayWidth(got), tc.want, tc.width)
		}
	}
	for _, tc := range []struct {
		in   string
		w    int
		want string
	}{
		{"a/b/c.pgn", 9, "a/b/c.pgn"},
		{"a/b/c.pgn", 6, "…c.pgn"},
		{"игры/партия.pgn", 10, "…артия.pgn"},
		{"対局/対局.pgn", 8, "…局.pgn"},
	} {
		if got := truncateLeft(tc.in, tc.w); got != tc.want || displayWidth(got) > tc.w {
			t.Errorf("truncateLeft(%q, %d) = %q, want %q", tc.in, tc.w, got, tc.want)
		}
	}
	if got := Printable("ok \xff\x1b"); got != "ok \uFFFD\\u001b" {
		t.Errorf("clean = %q", got)
	}
	if got := Printable("Каспаров"); got != "Каспаров" {
		t.Errorf("clean changed a plain name: %q", got)
	}
}

func TestTickStep(t *testing.T) {
	for most, want := range map[int64]int64{0: 1, 1: 1, 5: 1, 6: 2, 10: 2, 11: 5, 25: 5, 26: 10, 1234: 500, 999999: 200000} {
		if got := tickStep(most); got != want {
			t.Errorf("tickStep(%d) = %d, want %d", most, got, want)
		}
	}
}

// The Elo note counts one game in the singular, in every format.
func TestEloNoteSingular(t *testing.T) {
	for n, want := range map[int64]string{0: "0 games with both ratings known", 1: "1 game with both ratings known",
		1234: "1,234 games with both ratings known"} {
		s := sampleSummary()
		s.Elo.Games = n
		var table, md bytes.Buffer
		if err := WriteTable(&table, s); err != nil {
			t.Fatal(err)
		}
		if err := WriteMarkdown(&md, s); err != nil {
			t.Fatal(err)
		}
		page := writePage(t, s)
		for format, out := range map[string]string{"table": table.String(), "markdown": md.String(), "html": string(page)} {
			if !strings.Contains(out, want+"\n") && !strings.Contains(out, want+", in bands") {
				t.Errorf("%s of %d games with ratings: no %q", format, n, want)
			}
		}
	}
}

// Past the itemising bound the note does not give the names itemised as
// the number of names, nor the list as the worst of all: a name met after
// the bound (here one with errors) is counted in the last row, unranked.
func TestGroupNotePastBound(t *testing.T) {
	gs := groups{limit: 2}
	for _, name := range []string{"a", "b", "worst"} {
		gs.get(name).games++
	}
	gs.get("worst").errors += 5
	sec := groupSection("Events, the worst first", "event", "events", gs.summarize(1), noEvent, emptyEvent)
	want := "The first 1 of the first 2 events met; those met later are counted together, unranked."
	if sec.note != want {
		t.Errorf("note %q, want %q", sec.note, want)
	}
	if last := sec.rows[len(sec.rows)-1]; last[0] != "(other events, counted together)" || last[3] != "5" {
		t.Errorf("last row %q, want the other events with 5 errors", last)
	}
	var b bytes.Buffer
	s := sampleSummary()
	s.Events = gs.summarize(1)
	if err := WriteTable(&b, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "  "+want+"\n") {
		t.Errorf("the table does not hold the whole note %q:\n%s", want, b.String())
	}

	under := groups{}
	for _, name := range []string{"a", "b", "c"} {
		under.get(name).games++
	}
	if got := groupSection("Events, the worst first", "event", "events", under.summarize(2), noEvent, emptyEvent).note; got != "The first 2 of 3 events." {
		t.Errorf("under the bound: note %q", got)
	}
}

// The table report, read on a terminal, lists the first ten warnings and
// counts the rest on one line, as the HTML page folds them; markdown and
// JSON, kept as files, list them all. Ten warnings fold nothing.
func TestTableFoldsManyWarnings(t *testing.T) {
	s := sampleSummary()
	for i := range 12 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("w%02d", i))
	}
	var b bytes.Buffer
	if err := WriteTable(&b, s); err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(b.String(), "Warnings\n")
	block, _, _ := strings.Cut(after, "\n\n")
	want := "  w00\n  w01\n  w02\n  w03\n  w04\n  w05\n  w06\n  w07\n  w08\n  w09\n" +
		"  and 2 more warnings (arbiter stats --format json or markdown lists them all)"
	if block != want {
		t.Errorf("table warnings:\n%s\nwant:\n%s", block, want)
	}
	b.Reset()
	if err := WriteMarkdown(&b, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "w11") || strings.Contains(b.String(), "more warning") {
		t.Errorf("markdown does not list every warning:\n%s", b.String())
	}
	s.Warnings = s.Warnings[:11]
	b.Reset()
	WriteTable(&b, s)
	if !strings.Contains(b.String(), "  and 1 more warning (") {
		t.Errorf("eleven warnings: no line counting the eleventh:\n%s", b.String())
	}
	s.Warnings = s.Warnings[:10]
	b.Reset()
	WriteTable(&b, s)
	if !strings.Contains(b.String(), "  w09\n\n") || strings.Contains(b.String(), "more warning") {
		t.Errorf("ten warnings: some folded:\n%s", b.String())
	}
}
