package stats

import (
	"strconv"
	"strings"
)

// section is one table of the report, in the form the terminal and Markdown
// formats print. Cells hold cleaned text: names from the games are passed
// through clean.
type section struct {
	title  string
	note   string   // a line under the title, "" for none
	header []string // the first column is text, the others numbers
	rows   [][]string
	// bars, when set, gives each row a value the terminal draws as a bar.
	bars []int64
	// paths says the first column holds paths: too long, their start is
	// cut rather than their end.
	paths bool
}

// Names shown for the empty values.
const (
	noEvent    = "(no Event tag)"
	emptyEvent = "(empty Event tag)"
	noNotation = "(no move read)"
)

func sections(s *Summary) []section {
	return []section{
		overview(s),
		codesSection(s),
		filesSection(s),
		eventsSection(s),
		resultsSection(s),
		endsSection(s),
		movesSection(s),
		timeSection(s),
		drawSection(s),
		eloSection(s),
		countSection("Notations (piece letters) met", "notation", s.Notations, s.Games, noNotation),
		countSection("Text encodings met", "encoding", s.Encodings, s.Games, "(none)"),
	}
}

func codesSection(s *Summary) section {
	sec := section{title: "Findings by code", header: []string{"code", "error", "warning", "info", "total"}}
	for _, c := range s.Codes {
		sec.rows = append(sec.rows, []string{Printable(c.Code), number(c.Error), number(c.Warning), number(c.Info), number(c.Total)})
	}
	if len(s.Codes) == 0 {
		sec.note = "No findings."
	}
	return sec
}

func filesSection(s *Summary) section {
	sec := groupSection("Files, the worst first", "file", "files", s.Files, "", "")
	sec.paths = true
	return sec
}

func eventsSection(s *Summary) section {
	return groupSection("Events, the worst first", "event", "events", s.Events, noEvent, emptyEvent)
}

func resultsSection(s *Summary) section {
	// The note reads the column * and the rows other and none, which a
	// reader took for unfinished games: most games end by resignation or
	// agreement, which the board does not decide.
	sec := section{title: "Results: recorded (Result tag) against computed (the board)",
		header: append([]string{"recorded \\ computed"}, s.Results.Computed...),
		note:   "computed *: the board decided nothing (resignation, agreement, time); other: not a PGN result"}
	for i, r := range s.Results.Recorded {
		row := []string{r}
		for _, n := range s.Results.Games[i] {
			row = append(row, number(n))
		}
		sec.rows = append(sec.rows, row)
	}
	return sec
}

func endsSection(s *Summary) section {
	sec := section{title: "How the games ended on the board", header: []string{"end", "games", "share"}}
	for _, c := range s.Ends {
		sec.rows = append(sec.rows, []string{c.Name, number(c.Games), percent(c.Games, s.Games)})
	}
	return sec
}

func movesSection(s *Summary) section {
	sec := section{title: "Moves per game", header: []string{"moves", "games", "share"}}
	for _, b := range s.MovesPerGame {
		sec.rows = append(sec.rows, []string{b.Label, number(b.Games), percent(b.Games, s.Games)})
		sec.bars = append(sec.bars, b.Games)
	}
	return sec
}

func timeSection(s *Summary) section {
	sec := section{title: "Time controls", header: []string{"category", "games", "lost on time", "drawn on time", "must be drawn"},
		note: "drawn on time: a flag fell, scored 1/2-1/2; must be drawn: won on time though unable to mate"}
	for _, t := range s.TimeControls {
		sec.rows = append(sec.rows, []string{t.Category, number(t.Games), number(t.TimeForfeit - t.DrawnOnTime),
			number(t.DrawnOnTime), number(t.MustDraw)})
	}
	return sec
}

// drawEvents names the draw-rule counts, in the order they are shown.
func drawEvents(d DrawRules) []struct {
	key, label string
	n          int64
} {
	return []struct {
		key, label string
		n          int64
	}{
		{"threefold-claimable", "threefold repetition claimable", d.ThreefoldClaimable},
		{"fifty-move-claimable", "50-move rule claimable", d.FiftyMoveClaimable},
		{"missed-threefold", "threefold claimable, then a decisive result", d.MissedThreefold},
		{"missed-fifty-move", "50-move rule claimable, then a decisive result", d.MissedFiftyMove},
		{"fivefold", "fivefold repetition (automatic draw)", d.Fivefold},
		{"seventy-five-moves", "75-move rule (automatic draw)", d.SeventyFiveMoves},
	}
}

func drawSection(s *Summary) section {
	sec := section{title: "Draw rules", header: []string{"event", "games", "share"}}
	for _, r := range drawEvents(s.DrawRules) {
		sec.rows = append(sec.rows, []string{r.label, number(r.n), percent(r.n, s.Games)})
	}
	return sec
}

// eloGamesNote counts the games the Elo bands are drawn from: "1 game with
// both ratings known", "2 games ...".
func eloGamesNote(n int64) string {
	return gameCount(n) + " with both ratings known"
}

func eloSection(s *Summary) section {
	sec := section{title: "Average rating against White's score",
		header: []string{"average Elo", "games", "white wins", "draws", "black wins", "white score"},
		note:   eloGamesNote(s.Elo.Games)}
	for _, b := range s.Elo.Bands {
		score := ""
		if b.WhiteScore != nil {
			score = strconv.FormatFloat(100**b.WhiteScore, 'f', 1, 64) + "%"
		}
		sec.rows = append(sec.rows, []string{eloBandName(b), number(b.Games),
			number(b.WhiteWins), number(b.Draws), number(b.BlackWins), score})
	}
	return sec
}

func eloBandName(b EloBand) string { return strconv.Itoa(b.Min) + "-" + strconv.Itoa(b.Max) }

func overview(s *Summary) section {
	mean := ""
	if s.Games > 0 {
		mean = strconv.FormatFloat(float64(s.Plies)/float64(s.Games)/2, 'f', 1, 64)
	}
	sec := section{title: "Overview", header: []string{"", "number", "share"}, rows: [][]string{
		{"games", number(s.Games), ""},
		{"plies", number(s.Plies), ""},
		{"moves per game (mean)", mean, ""},
		{"games with errors", number(s.GamesWithErrors), percent(s.GamesWithErrors, s.Games)},
		{"games with warnings", number(s.GamesWithWarnings), percent(s.GamesWithWarnings, s.Games)},
		{"findings: errors", number(s.Findings.Error), ""},
		{"findings: warnings", number(s.Findings.Warning), ""},
		{"findings: infos", number(s.Findings.Info), ""},
	}}
	if len(s.Sources) > 0 {
		cleaned := make([]string, len(s.Sources))
		for i, src := range s.Sources {
			cleaned[i] = Printable(src)
		}
		sec.note = "Read from " + strings.Join(cleaned, ", ")
	}
	return sec
}

// groupSection lists g; absent names the group of games without the tag,
// empty that of an empty one.
func groupSection(title, what, plural string, g Groups, absent, empty string) section {
	sec := section{title: title, header: []string{what, "games", "with errors", "errors", "warnings", "infos"}}
	switch {
	case g.Other != nil:
		// Past the bound the names are not itemised: Distinct is not their
		// number, and the worst of them cannot be ranked among those listed.
		sec.note = "The first " + number(int64(len(g.Top))) + " of the first " + number(int64(g.Distinct)) + " " + plural +
			" met; those met later are counted together, unranked."
	case len(g.Top) < g.Distinct:
		sec.note = "The first " + number(int64(len(g.Top))) + " of " + number(int64(g.Distinct)) + " " + plural + "."
	}
	row := func(name string, r *Group) []string {
		return []string{name, number(r.Games), number(r.GamesWithErrors), number(r.Errors), number(r.Warnings), number(r.Infos)}
	}
	for i := range g.Top {
		name := Printable(g.Top[i].Name)
		switch {
		case g.Top[i].Absent:
			name = absent
		case name == "":
			name = empty
		}
		sec.rows = append(sec.rows, row(name, &g.Top[i]))
	}
	if g.Other != nil {
		sec.rows = append(sec.rows, row("(other "+plural+", counted together)", g.Other))
	}
	return sec
}

func countSection(title, what string, counts []Count, games int64, empty string) section {
	sec := section{title: title, header: []string{what, "games", "share"}}
	for _, c := range counts {
		name := Printable(c.Name)
		if name == "" {
			name = empty
		}
		sec.rows = append(sec.rows, []string{name, number(c.Games), percent(c.Games, games)})
	}
	return sec
}
