package stats

import (
	"bufio"
	_ "embed"
	"html/template"
	"io"
	"strconv"
	"sync"
)

//go:embed report.html.tmpl
var reportTemplate string

// html/template escapes every value by context; no value is ever marked
// as safe HTML, so a name from the games prints as text whatever it holds.
// Parsed when first asked for: at package initialisation it took 0.6 ms
// of every command's start, `check` included, which never prints it.
var reportPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Parse(reportTemplate))
})

// WriteHTML prints s as one self-contained HTML page: inline CSS, SVG
// charts, no script, and a Content-Security-Policy that forbids loading
// anything, so the page shows the same offline and runs nothing.
func WriteHTML(w io.Writer, s *Summary) error {
	bw := bufio.NewWriter(w)
	if err := reportPage().Execute(bw, newPage(s)); err != nil {
		return err
	}
	return bw.Flush()
}

// page is what the template prints.
type page struct {
	Sources              []string
	Warnings             []string // the first ShownWarnings
	MoreWarnings         []string // the others, folded
	Cards                []card
	Codes                chart
	Files, Events        htmlTable
	Matrix               matrix
	Ends, Moves          chart
	Times, Draws, Elo    chart
	TimeTable, EloTable  htmlTable
	Notations, Encodings chart
	HasCodes, HasElo     bool
	EloGames             string
}

type card struct{ Key, Label, Value, Note string }

// htmlTable is a section printed as a table, its first column as text and
// the others as numbers.
type htmlTable struct {
	ID string
	section
}

func (t htmlTable) Title() string    { return t.title }
func (t htmlTable) Note() string     { return t.note }
func (t htmlTable) Header() []string { return t.header }
func (t htmlTable) Rows() [][]string { return t.rows }
func (t htmlTable) Empty() bool      { return len(t.rows) == 0 }

type matrix struct {
	Computed []string
	Rows     []matrixRow
}

type matrixRow struct {
	Recorded string
	Cells    []matrixCell
}

type matrixCell struct {
	Computed string
	Value    int64
	Text     string
	Class    string // agree, clash (a result the board contradicts) or zero
}

// ShownWarnings is how many warnings the page lists before the figures
// (so do the table report and arbiter stats on stderr); the others (an
// archive of many copied files has one warning a set of copies, hundreds
// of them) are folded under one line that counts them, which opens them,
// so that the figures stay at the top of the page.
const ShownWarnings = 10

func newPage(s *Summary) *page {
	p := &page{HasCodes: len(s.Codes) > 0, HasElo: len(s.Elo.Bands) > 0}
	for _, src := range s.Sources {
		p.Sources = append(p.Sources, Printable(src))
	}
	for i, w := range s.Warnings {
		if i < ShownWarnings {
			p.Warnings = append(p.Warnings, Printable(w))
		} else {
			p.MoreWarnings = append(p.MoreWarnings, Printable(w))
		}
	}
	mean := "–"
	if s.Games > 0 {
		mean = strconv.FormatFloat(float64(s.Plies)/float64(s.Games)/2, 'f', 1, 64)
	}
	p.Cards = []card{
		{"games", "games", number(s.Games), number(s.Plies) + " plies"},
		{"moves-per-game", "moves per game", mean, "mean"},
		{"games-with-errors", "games with errors", number(s.GamesWithErrors), percent(s.GamesWithErrors, s.Games)},
		{"games-with-warnings", "games with warnings", number(s.GamesWithWarnings), percent(s.GamesWithWarnings, s.Games)},
		{"findings", "findings", number(s.Findings.Error + s.Findings.Warning + s.Findings.Info),
			"errors " + number(s.Findings.Error) + ", warnings " + number(s.Findings.Warning) + ", infos " + number(s.Findings.Info)},
	}

	var rows []hBarRow
	for _, c := range s.Codes {
		code := Printable(c.Code)
		rows = append(rows, hBarRow{key: code, label: code, value: strconv.FormatInt(c.Total, 10), text: number(c.Total),
			tip:   code + ": " + number(c.Error) + " errors, " + number(c.Warning) + " warnings, " + number(c.Info) + " infos",
			parts: []int64{c.Error, c.Warning, c.Info}})
	}
	p.Codes = horizontalChart("findings-by-code", "Findings by code and severity", []string{"error", "warning", "info"},
		[]string{"error", "warning", "info"}, rows, false, "")

	p.Files = htmlTable{"files", filesSection(s)}
	p.Events = htmlTable{"events", eventsSection(s)}

	p.Matrix.Computed = s.Results.Computed
	for i, r := range s.Results.Recorded {
		row := matrixRow{Recorded: r}
		for j, c := range s.Results.Computed {
			n := s.Results.Games[i][j]
			cell := matrixCell{Computed: c, Value: n, Text: number(n)}
			switch {
			case n == 0:
				cell.Class = "zero"
			case i < 3 && j < 3 && i != j:
				cell.Class = "clash"
			case i == j:
				cell.Class = "agree"
			}
			row.Cells = append(row.Cells, cell)
		}
		p.Matrix.Rows = append(p.Matrix.Rows, row)
	}

	p.Ends = countChart("terminations", "Games by how they ended on the board", s.Ends, s.Games, "(none)")

	var keys []string
	var values []int64
	for _, b := range s.MovesPerGame {
		keys = append(keys, b.Label)
		values = append(values, b.Games)
	}
	p.Moves = histogram("moves-per-game", "Games by number of moves", "moves", "games", keys, values)

	rows = nil
	for _, t := range s.TimeControls {
		lost := t.TimeForfeit - t.DrawnOnTime
		rows = append(rows, hBarRow{key: t.Category, label: t.Category, value: strconv.FormatInt(t.Games, 10),
			text: number(t.Games), tip: t.Category + ": " + gameCount(t.Games) + ", " + number(lost) + " lost on time, " +
				number(t.DrawnOnTime) + " drawn on time",
			parts: []int64{lost, t.DrawnOnTime, t.Games - t.TimeForfeit}})
	}
	p.Times = horizontalChart("time-controls", "Games by time-control category, lost and drawn on time", []string{"time-forfeit", "drawn-on-time", "other"},
		[]string{"lost on time", "drawn on time", "other games"}, rows, false, "")
	p.TimeTable = htmlTable{"time-controls", timeSection(s)}

	rows = nil
	for _, r := range drawEvents(s.DrawRules) {
		rows = append(rows, hBarRow{key: r.key, label: r.label, value: strconv.FormatInt(r.n, 10),
			text: number(r.n), tip: r.label + ": " + gameCount(r.n), parts: []int64{r.n}})
	}
	p.Draws = horizontalChart("draw-rules", "Games by draw rule", []string{"games"}, []string{"games"}, rows, false, "")

	rows = nil
	for _, b := range s.Elo.Bands {
		band := eloBandName(b)
		score, text := "", "no result"
		if b.WhiteScore != nil {
			score = strconv.FormatFloat(100**b.WhiteScore, 'f', 1, 64)
			text = score + "%"
		}
		rows = append(rows, hBarRow{key: band, label: band, value: score, text: text,
			tip: band + ": " + gameCount(b.Games) + "; White: " + count(b.WhiteWins, "win", "wins") + ", " +
				count(b.Draws, "draw", "draws") + ", " + count(b.BlackWins, "loss", "losses"),
			parts: []int64{b.WhiteWins, b.Draws, b.BlackWins}})
	}
	p.Elo = horizontalChart("elo-score", "White's results and score by the players' average rating", []string{"white-wins", "draws", "black-wins"},
		[]string{"White wins", "draws", "Black wins"}, rows, true, "White's score")
	p.EloTable = htmlTable{"elo", eloSection(s)}
	p.EloGames = eloGamesNote(s.Elo.Games)

	p.Notations = countChart("notations", "Games by the piece letters of their moves", s.Notations, s.Games, noNotation)
	p.Encodings = countChart("encodings", "Games by text encoding", s.Encodings, s.Games, "(none)")
	return p
}

// countChart draws one bar per count; none labels the empty name, as the
// text report does (the games of which no move was read, for notations).
func countChart(id, title string, counts []Count, games int64, none string) chart {
	var rows []hBarRow
	for _, c := range counts {
		name := Printable(c.Name)
		label := name
		if label == "" {
			label = none
		}
		tip := label + ": " + gameCount(c.Games)
		if games > 0 { // a share of no games would be an empty one
			tip += ", " + percent(c.Games, games)
		}
		rows = append(rows, hBarRow{key: name, label: label, value: strconv.FormatInt(c.Games, 10),
			text: number(c.Games), tip: tip, parts: []int64{c.Games}})
	}
	ch := horizontalChart(id, title, []string{"games"}, []string{"games"}, rows, false, "")
	if len(counts) == 1 && games > 0 && counts[0].Games == games {
		all := "All " + gameCount(games)
		if games == 1 {
			all = "The one game"
		}
		ch.Only = &onlyName{Key: rows[0].key, Value: rows[0].value, Text: all + ": " + rows[0].label + "."}
	}
	return ch
}
