package stats

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// node is an element of the report, parsed as XML: the page is written as
// well-formed XHTML so that a test can read it without an HTML parser.
type node struct {
	name     string
	attrs    map[string]string
	children []*node
	text     string // the text of the element and its descendants
}

func parsePage(t *testing.T, page []byte) *node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(page))
	root := &node{name: "#document"}
	stack := []*node{root}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the report is not well-formed: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			for _, n := range stack {
				n.text += string(tok)
			}
		}
	}
	return root
}

// all returns the elements under n (n included) for which keep is true.
func (n *node) all(keep func(*node) bool) []*node {
	var out []*node
	if keep(n) {
		out = append(out, n)
	}
	for _, c := range n.children {
		out = append(out, c.all(keep)...)
	}
	return out
}

type bar struct {
	value    string
	segments map[string]string // data-series -> data-value
}

// charts reads every chart: its bars by data-key, in order.
func charts(root *node) (map[string]map[string]bar, map[string][]string) {
	values := map[string]map[string]bar{}
	order := map[string][]string{}
	for _, svg := range root.all(func(n *node) bool { return n.name == "svg" }) {
		id := svg.attrs["data-chart"]
		values[id] = map[string]bar{}
		for _, g := range svg.all(func(n *node) bool { return n.attrs["class"] == "bar" }) {
			b := bar{value: g.attrs["data-value"], segments: map[string]string{}}
			for _, r := range g.all(func(n *node) bool { return n.name == "rect" }) {
				b.segments[r.attrs["data-series"]] = r.attrs["data-value"]
			}
			values[id][g.attrs["data-key"]] = b
			order[id] = append(order[id], g.attrs["data-key"])
		}
	}
	return values, order
}

func writePage(t *testing.T, s *Summary) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteHTML(&b, s); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestHTMLCharts(t *testing.T) {
	root := parsePage(t, writePage(t, sampleSummary()))
	values, order := charts(root)

	for _, id := range []string{"findings-by-code", "terminations", "moves-per-game", "time-controls", "draw-rules",
		"elo-score", "notations", "encodings"} {
		if _, ok := values[id]; !ok {
			t.Errorf("no chart %s", id)
		}
	}
	for _, tc := range []struct {
		chart, key, value string
		segments          map[string]string
	}{
		{"findings-by-code", "illegal-move", "2", map[string]string{"error": "2", "warning": "0", "info": "0"}},
		{"findings-by-code", "missed-threefold", "1", map[string]string{"error": "0", "warning": "1", "info": "0"}},
		{"findings-by-code", "time-forfeit", "1", map[string]string{"error": "0", "warning": "0", "info": "1"}},
		{"terminations", "none", "3", map[string]string{"games": "3"}},
		{"terminations", "seventy-five-moves", "1", map[string]string{"games": "1"}},
		{"terminations", "fivefold", "0", map[string]string{"games": "0"}},
		{"moves-per-game", "0", "1", map[string]string{"games": "1"}},
		{"moves-per-game", "21-30", "2", map[string]string{"games": "2"}},
		{"moves-per-game", "11-20", "0", map[string]string{"games": "0"}},
		{"moves-per-game", "201+", "1", map[string]string{"games": "1"}},
		{"time-controls", "blitz", "2", map[string]string{"time-forfeit": "1", "drawn-on-time": "0", "other": "1"}},
		{"time-controls", "unknown", "2", map[string]string{"time-forfeit": "0", "drawn-on-time": "0", "other": "2"}},
		{"draw-rules", "missed-threefold", "1", map[string]string{"games": "1"}},
		{"draw-rules", "fivefold", "0", map[string]string{"games": "0"}},
		{"elo-score", "1800-1999", "50.0", map[string]string{"white-wins": "1", "draws": "0", "black-wins": "1"}},
		{"elo-score", "2400-2599", "75.0", map[string]string{"white-wins": "1", "draws": "1", "black-wins": "0"}},
		{"notations", "ru", "2", map[string]string{"games": "2"}},
		{"notations", "", "1", map[string]string{"games": "1"}},
		{"encodings", "cp866", "1", map[string]string{"games": "1"}},
	} {
		b, ok := values[tc.chart][tc.key]
		if !ok {
			t.Errorf("chart %s has no bar %q", tc.chart, tc.key)
			continue
		}
		if b.value != tc.value {
			t.Errorf("chart %s, bar %q: data-value %q, want %q", tc.chart, tc.key, b.value, tc.value)
		}
		for series, v := range tc.segments {
			if b.segments[series] != v {
				t.Errorf("chart %s, bar %q, series %s: %q, want %q", tc.chart, tc.key, series, b.segments[series], v)
			}
		}
		if len(b.segments) != len(tc.segments) {
			t.Errorf("chart %s, bar %q: segments %v", tc.chart, tc.key, b.segments)
		}
	}
	if got := len(order["moves-per-game"]); got != nMoveBins {
		t.Errorf("moves-per-game has %d bars, want %d", got, nMoveBins)
	}
	if got := strings.Join(order["findings-by-code"][:2], ","); got != "illegal-move,fifty-move-claimable" {
		t.Errorf("findings-by-code starts %s, want the most frequent first", got)
	}

	// The results matrix: every cell, with a contradicted result marked.
	cells := root.all(func(n *node) bool { return n.name == "td" && n.attrs["data-recorded"] != "" })
	if len(cells) != nRecorded*nComputed {
		t.Fatalf("results matrix has %d cells, want %d", len(cells), nRecorded*nComputed)
	}
	got := map[string]*node{}
	for _, c := range cells {
		got[c.attrs["data-recorded"]+" "+c.attrs["data-computed"]] = c
	}
	for _, tc := range []struct{ cell, value, class string }{
		{"1-0 1-0", "1", "agree"},
		{"1-0 1/2-1/2", "1", "clash"},
		{"0-1 *", "1", ""},
		{"none *", "1", ""},
		{"* *", "0", "zero"},
	} {
		c := got[tc.cell]
		if c == nil || c.attrs["data-value"] != tc.value || c.attrs["class"] != tc.class || strings.TrimSpace(c.text) != tc.value {
			t.Errorf("results cell %s: %+v, want value %s, class %q", tc.cell, c, tc.value, tc.class)
		}
	}

	cards := map[string]string{}
	for _, c := range root.all(func(n *node) bool { return n.attrs["class"] == "card" }) {
		cards[c.attrs["data-key"]] = c.text
	}
	// A card's text is its label, value and note.
	for key, want := range map[string]string{"games": "games6678 plies", "games-with-errors": "games with errors466.7%",
		"moves-per-game": "moves per game56.5mean", "findings": "findings10errors 5, warnings 1, infos 4"} {
		if cards[key] != want {
			t.Errorf("card %s = %q, want %q", key, cards[key], want)
		}
	}
}

// Names from the games are text, whatever they hold: no element or
// attribute comes from them, and they read back as written.
func TestHTMLEscapesNames(t *testing.T) {
	page := writePage(t, sampleSummary())
	lower := strings.ToLower(string(page))
	for _, bad := range []string{"<script", "<img", "\x1b"} {
		if strings.Contains(lower, bad) {
			t.Errorf("the report holds %q", bad)
		}
	}
	root := parsePage(t, page)
	if n := root.all(func(n *node) bool { return n.name == "script" || n.name == "img" || n.attrs["onerror"] != "" }); len(n) > 0 {
		t.Errorf("elements from names: %v", n[0].name)
	}
	var events []string
	for _, table := range root.all(func(n *node) bool { return n.attrs["data-table"] == "events" }) {
		for _, tr := range table.children[1:] {
			events = append(events, tr.children[0].text)
		}
	}
	want := []string{noEvent, scriptEvent, "Rated Blitz game", imgEvent}
	if strings.Join(events, "\n") != strings.Join(want, "\n") {
		t.Errorf("events read back as %q, want %q", events, want)
	}
	var files []string
	for _, table := range root.all(func(n *node) bool { return n.attrs["data-table"] == "files" }) {
		for _, tr := range table.children[1:] {
			files = append(files, tr.children[0].text)
		}
	}
	if len(files) != 3 || files[1] != `evil\u001b[31mred\u202efdp.pgn` {
		t.Errorf("files read back as %q", files)
	}
}

// The page loads nothing: no script, no external address, a policy that
// forbids both.
func TestHTMLSelfContained(t *testing.T) {
	page := string(writePage(t, sampleSummary()))
	root := parsePage(t, []byte(page))
	for _, n := range root.all(func(n *node) bool { return n.attrs["src"] != "" || n.attrs["href"] != "" }) {
		if n.attrs["src"] != "" || n.attrs["href"] != "data:," {
			t.Errorf("<%s> loads %q%q", n.name, n.attrs["src"], n.attrs["href"])
		}
	}
	rest := strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, "")
	if m := regexp.MustCompile(`(?i)(https?:|ftp:|//|url\(|@import)`).FindString(rest); m != "" {
		t.Errorf("the report names an address: %q", m)
	}
	csp := root.all(func(n *node) bool { return n.attrs["http-equiv"] == "Content-Security-Policy" })
	if len(csp) != 1 || !strings.HasPrefix(csp[0].attrs["content"], "default-src 'none';") ||
		strings.Contains(csp[0].attrs["content"], "script") {
		t.Errorf("content security policy: %v", csp)
	}
}

// TestHTMLEmpty: a report of no games draws no chart of zeros; every
// section says "No games." instead, as the files and events tables do.
func TestHTMLEmpty(t *testing.T) {
	var a Aggregate
	page := writePage(t, a.Summarize(10))
	root := parsePage(t, page)
	if svgs := root.all(func(n *node) bool { return n.name == "svg" }); len(svgs) != 0 {
		t.Errorf("empty report draws %d charts, want none", len(svgs))
	}
	var noted []string
	for _, n := range root.all(func(n *node) bool { return n.attrs["class"] == "note" && n.text == "No games." }) {
		noted = append(noted, n.attrs["data-chart"])
	}
	want := []string{"", "", "terminations", "moves-per-game", "time-controls", "draw-rules", "notations", "encodings"}
	if !slices.Equal(noted, want) {
		t.Errorf(`"No games." in %q, want %q (files and events first)`, noted, want)
	}
}

// A tooltip gives a share only of a total above zero, so that no separator
// is left dangling before an empty share.
func TestCountChartTip(t *testing.T) {
	counts := []Count{{Name: "san", Games: 3}, {Name: "", Games: 1}}
	var tips []string
	for _, c := range []chart{countChart("notations", "", counts, 4, noNotation), countChart("notations", "", []Count{{Name: "san"}}, 0, noNotation)} {
		for _, b := range c.Bars {
			tips = append(tips, b.Tip)
		}
	}
	// The games of which no move was read are labelled as in the text report.
	if got := countChart("notations", "", counts, 4, noNotation).Bars[1].Label; got != "(no move read)" {
		t.Errorf("label of the empty notation %q, want %q", got, "(no move read)")
	}
	want := []string{"san: 3 games, 75.0%", "(no move read): 1 game, 25.0%", "san: 0 games"}
	if !slices.Equal(tips, want) {
		t.Errorf("tips %q, want %q", tips, want)
	}
}

// Past the first ten, the warnings are folded under one line that counts
// them, so that a report of many copied inputs still opens on its figures;
// none is lost.
func TestHTMLFoldsManyWarnings(t *testing.T) {
	s := sampleSummary()
	for i := range 12 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("w%02d", i))
	}
	root := parsePage(t, writePage(t, s))
	var shown, folded []string
	for _, li := range root.all(func(n *node) bool { return n.name == "li" }) {
		shown = append(shown, li.text)
	}
	for _, d := range root.all(func(n *node) bool { return n.name == "details" }) {
		for _, sum := range d.all(func(n *node) bool { return n.name == "summary" }) {
			folded = append(folded, sum.text)
		}
		for _, li := range d.all(func(n *node) bool { return n.name == "li" }) {
			folded = append(folded, li.text)
		}
	}
	if want := []string{"w00", "w01", "w02", "w03", "w04", "w05", "w06", "w07", "w08", "w09", "w10", "w11"}; !slices.Equal(shown, want) {
		t.Errorf("warnings %q, want %q", shown, want)
	}
	if want := []string{"2 more warnings", "w10", "w11"}; !slices.Equal(folded, want) {
		t.Errorf("folded: %q, want %q", folded, want)
	}
	s.Warnings = s.Warnings[:10]
	if d := parsePage(t, writePage(t, s)).all(func(n *node) bool { return n.name == "details" }); len(d) != 0 {
		t.Errorf("ten warnings: %d folds, want none", len(d))
	}
}

// Tooltips count one game in the singular.
func TestTooltipsSingular(t *testing.T) {
	if got := histogram("moves-per-game", "", "moves", "games", []string{"1-10", "11-20"}, []int64{1, 2}).Bars; got[0].Tip != "1-10 moves: 1 game" || got[1].Tip != "11-20 moves: 2 games" {
		t.Errorf("histogram tips %q, %q", got[0].Tip, got[1].Tip)
	}
}

// Every chart has an accessible name, its title, which role="img" needs
// (the bars' own titles are hidden from a screen reader by the role); the
// histogram titles both axes, and the Elo chart the column of its scores.
// The Elo tooltips count one win, draw or loss in the singular.
func TestHTMLChartTitlesAndAxes(t *testing.T) {
	root := parsePage(t, writePage(t, sampleSummary()))
	titles := map[string][]string{}
	for _, svg := range root.all(func(n *node) bool { return n.name == "svg" }) {
		id := svg.attrs["data-chart"]
		label := svg.attrs["aria-label"]
		if label == "" || len(svg.children) == 0 || svg.children[0].name != "title" || svg.children[0].text != label {
			t.Errorf("chart %s: aria-label %q and first child %v: want a name, and a <title> of it first", id, label, svg.children[:min(1, len(svg.children))])
		}
		for _, x := range svg.all(func(n *node) bool { return n.attrs["class"] == "axis-title" }) {
			titles[id] = append(titles[id], x.text)
		}
	}
	for id, want := range map[string]string{"moves-per-game": "moves,games", "elo-score": "White's score", "findings-by-code": ""} {
		if got := strings.Join(titles[id], ","); got != want {
			t.Errorf("chart %s: axis titles %q, want %q", id, got, want)
		}
	}
	var tips []string
	for _, b := range newPage(sampleSummary()).Elo.Bars {
		tips = append(tips, b.Tip)
	}
	if got, want := strings.Join(tips, "\n"), "1800-1999: 2 games; White: 1 win, 0 draws, 1 loss\n2400-2599: 2 games; White: 1 win, 1 draw, 0 losses"; got != want {
		t.Errorf("Elo tooltips\n%s\nwant\n%s", got, want)
	}
}

// A report of games without ratings says so in its Elo section and no
// more: the note of the bands and their bars described a chart not drawn.
func TestHTMLEloWithoutRatings(t *testing.T) {
	var a Aggregate
	g := Game{File: "a.pgn", Result: "1-0", ComputedResult: "*", Plies: 40, Notation: "san", Encoding: "utf-8"}
	a.Add(&g)
	root := parsePage(t, writePage(t, a.Summarize(10)))
	sections := root.all(func(n *node) bool { return n.name == "section" && n.attrs["id"] == "elo" })
	if len(sections) != 1 {
		t.Fatalf("%d Elo sections, want 1", len(sections))
	}
	var notes []string
	for _, p := range sections[0].all(func(n *node) bool { return n.name == "p" }) {
		notes = append(notes, p.text)
	}
	if want := []string{"0 games with both ratings known."}; !slices.Equal(notes, want) {
		t.Errorf("Elo notes %q, want %q", notes, want)
	}
	if n := sections[0].all(func(n *node) bool { return n.name == "svg" || n.name == "table" }); len(n) != 0 {
		t.Errorf("the Elo section without ratings draws a %s", n[0].name)
	}
}

// A count of one name (every game decoded as utf-8, every move in SAN,
// as in most archives) is said in a sentence, not drawn as a chart of one
// bar as wide as the page; the note carries the name and number as a bar
// would. Two names are still drawn.
func TestHTMLOneNameIsASentence(t *testing.T) {
	for _, tc := range []struct {
		counts []Count
		games  int64
		want   string
		key    string
	}{
		{[]Count{{Name: "utf-8", Games: 6}}, 6, "All 6 games: utf-8.", "utf-8"},
		{[]Count{{Name: "utf-8", Games: 1234}}, 1234, "All 1,234 games: utf-8.", "utf-8"},
		{[]Count{{Name: "utf-8", Games: 1}}, 1, "The one game: utf-8.", "utf-8"},
		{[]Count{{Name: "", Games: 2}}, 2, "All 2 games: (no move read).", ""},
	} {
		c := countChart("notations", "Games by the piece letters of their moves", tc.counts, tc.games, noNotation)
		var b bytes.Buffer
		if err := reportPage().ExecuteTemplate(&b, "chart", c); err != nil {
			t.Fatal(err)
		}
		root := parsePage(t, b.Bytes())
		if svgs := root.all(func(n *node) bool { return n.name == "svg" }); len(svgs) != 0 {
			t.Errorf("%v: a chart of one bar", tc.counts)
		}
		notes := root.all(func(n *node) bool { return n.name == "p" && n.attrs["data-chart"] == "notations" })
		if len(notes) != 1 || notes[0].text != tc.want || notes[0].attrs["data-key"] != tc.key ||
			notes[0].attrs["data-value"] != strconv.FormatInt(tc.games, 10) {
			t.Errorf("%v: notes %v, want one %q with data-key %q, data-value %d", tc.counts, notes, tc.want, tc.key, tc.games)
			for _, n := range notes {
				t.Logf("%q %v", n.text, n.attrs)
			}
		}
	}
	two := countChart("encodings", "", []Count{{Name: "utf-8", Games: 5}, {Name: "cp866", Games: 1}}, 6, "(none)")
	if two.Only != nil || len(two.Bars) != 2 {
		t.Errorf("two encodings: %d bars, sentence %v; want 2 bars", len(two.Bars), two.Only)
	}
}
