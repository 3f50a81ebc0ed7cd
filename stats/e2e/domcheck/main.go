// Command domcheck compares the statistics page as a browser rendered it
// (chromium --dump-dom) with the JSON summary of the same tables: the
// charts must be there, with the numbers of the summary, and no name from
// the games may have become an element. make e2e runs it.
//
//	domcheck report.json dom.html
package main

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-chess/arbiter/stats"
)

var (
	chartStart = regexp.MustCompile(`<svg[^>]*\bdata-chart="([^"]*)"`)
	barTag     = regexp.MustCompile(`<g class="bar" data-key="([^"]*)" data-value="([^"]*)"`)
	cellText   = regexp.MustCompile(`<td[^>]*>([^<]*)</td>`)
	// A count of one name is a sentence that carries the bar's key and value.
	oneName = regexp.MustCompile(`<p class="note" data-chart="([^"]*)" data-key="([^"]*)" data-value="([^"]*)"`)
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: domcheck report.json dom.html")
		os.Exit(2)
	}
	var s stats.Summary
	b, err := os.ReadFile(os.Args[1])
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "domcheck:", err)
		os.Exit(2)
	}
	dom, err := os.ReadFile(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "domcheck:", err)
		os.Exit(2)
	}
	problems := check(&s, string(dom))
	for _, p := range problems {
		fmt.Fprintln(os.Stderr, "domcheck:", p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Printf("domcheck: %d games; every chart matches the JSON summary\n", s.Games)
}

func check(s *stats.Summary, dom string) []string {
	var problems []string
	fail := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }

	lower := strings.ToLower(dom)
	for _, tag := range []string{"<script", "<img", "<iframe", "<h1>broken"} {
		if strings.Contains(lower, tag) {
			fail("the rendered page holds %s", tag)
		}
	}

	charts := chartsOf(dom)
	// Every chart but findings-by-code is drawn even when it has no bars.
	want := map[string][][2]string{"moves-per-game": nil, "terminations": nil, "time-controls": nil,
		"elo-score": nil, "notations": nil, "encodings": nil, "draw-rules": nil}
	for _, c := range s.Codes {
		want["findings-by-code"] = append(want["findings-by-code"], [2]string{c.Code, itoa(c.Total)})
	}
	for _, b := range s.MovesPerGame {
		want["moves-per-game"] = append(want["moves-per-game"], [2]string{b.Label, itoa(b.Games)})
	}
	for _, c := range s.Ends {
		want["terminations"] = append(want["terminations"], [2]string{c.Name, itoa(c.Games)})
	}
	for _, t := range s.TimeControls {
		want["time-controls"] = append(want["time-controls"], [2]string{t.Category, itoa(t.Games)})
	}
	for _, b := range s.Elo.Bands {
		score := ""
		if b.WhiteScore != nil {
			score = strconv.FormatFloat(100**b.WhiteScore, 'f', 1, 64)
		}
		want["elo-score"] = append(want["elo-score"], [2]string{itoa(int64(b.Min)) + "-" + itoa(int64(b.Max)), score})
	}
	for _, c := range s.Notations {
		want["notations"] = append(want["notations"], [2]string{c.Name, itoa(c.Games)})
	}
	for _, c := range s.Encodings {
		want["encodings"] = append(want["encodings"], [2]string{c.Name, itoa(c.Games)})
	}
	d := s.DrawRules
	want["draw-rules"] = [][2]string{{"threefold-claimable", itoa(d.ThreefoldClaimable)},
		{"fifty-move-claimable", itoa(d.FiftyMoveClaimable)}, {"missed-threefold", itoa(d.MissedThreefold)},
		{"missed-fifty-move", itoa(d.MissedFiftyMove)}, {"fivefold", itoa(d.Fivefold)},
		{"seventy-five-moves", itoa(d.SeventyFiveMoves)}}
	for id, bars := range want {
		got, ok := charts[id]
		if !ok {
			fail("no chart %s", id)
		} else if !slices.Equal(got, bars) {
			fail("chart %s shows %v, the summary says %v", id, got, bars)
		}
	}
	for id := range charts {
		if _, ok := want[id]; !ok {
			fail("unexpected chart %s", id)
		}
	}

	// Every event and file name reads back as text in a table cell, as the
	// reports print it.
	cells := map[string]bool{}
	for _, m := range cellText.FindAllStringSubmatch(dom, -1) {
		cells[html.UnescapeString(m[1])] = true
	}
	for _, g := range append(s.Events.Top, s.Files.Top...) {
		if name := stats.Printable(g.Name); name != "" && !cells[name] {
			fail("no table cell reads %q", name)
		}
	}
	return problems
}

// chartsOf returns the bars of each chart in the page, in order.
func chartsOf(dom string) map[string][][2]string {
	out := map[string][][2]string{}
	starts := chartStart.FindAllStringSubmatchIndex(dom, -1)
	for i, m := range starts {
		end := len(dom)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		body := dom[m[1]:end]
		if j := strings.Index(body, "</svg>"); j >= 0 {
			body = body[:j]
		}
		id := html.UnescapeString(dom[m[2]:m[3]])
		out[id] = [][2]string{}
		for _, b := range barTag.FindAllStringSubmatch(body, -1) {
			out[id] = append(out[id], [2]string{html.UnescapeString(b[1]), html.UnescapeString(b[2])})
		}
	}
	for _, m := range oneName.FindAllStringSubmatch(dom, -1) {
		out[html.UnescapeString(m[1])] = [][2]string{{html.UnescapeString(m[2]), html.UnescapeString(m[3])}}
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
