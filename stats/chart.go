package stats

import "strconv"

// A chart is drawn in Go and printed by the template as SVG: the template
// only places numbers worked out here. Every bar carries data-key and
// data-value (and each segment data-series and data-value), so that a test
// or a script reads the numbers back from the picture.
type chart struct {
	ID            string // data-chart
	Title         string // the chart's accessible name: role="img" hides the bars' own titles from a screen reader
	Width, Height int
	Bars          []chartBar
	Axis          []axisLabel
	Titles        []axisTitle // what an axis or the column of values counts
	Legend        []legendItem
	Vertical      bool
	Empty         bool // no bar has a length: the page says so instead of drawing axes and zeros
	// Only, when set, is the one name every game has: the page says it in
	// a sentence rather than drawing one bar as wide as the chart.
	Only *onlyName
}

// onlyName is the sentence that stands for a chart of one bar, with the
// bar's data-key and data-value.
type onlyName struct {
	Key, Value, Text string
}

// axisTitle says what an axis counts, centred on (X, Y); Turn stands it
// upright beside a vertical axis. Anchor is the text-anchor.
type axisTitle struct {
	X, Y   int
	Turn   bool
	Anchor string
	Text   string
}

type chartBar struct {
	Key       string // data-key: what the bar counts (a code, a bin, a band)
	Value     string // data-value: the number the bar stands for
	Label     string // shown beside or under the bar
	Text      string // shown at the end of the bar
	Tip       string // the tooltip
	LabelX    int
	LabelY    int
	LabelTurn bool // the label is turned to fit under a narrow bar
	TextX     int
	TextY     int
	Segments  []segment
}

type segment struct {
	Series     string // data-series and the class that colours it
	Value      int64
	X, Y, W, H int
}

type axisLabel struct {
	X1, Y1, X2, Y2 int
	TextX, TextY   int
	Text           string
}

type legendItem struct {
	Series string
	Label  string
	X, Y   int
}

// Geometry of horizontal bar charts, in pixels. The label column is as wide
// as the longest label needs, within bounds.
const (
	hLabelMin  = 60
	hLabelMax  = 300
	hCharWidth = 7 // a generous average at the 12px font
	hBarWidth  = 480
	hRow       = 24
	hBar       = 16
	hTextRoom  = 110
)

// hBarRow is one bar of a horizontal chart: its segments, in stacking order.
type hBarRow struct {
	key, label, tip string
	value           string
	text            string
	parts           []int64
}

// horizontalChart draws rows as horizontal bars stacked from their parts,
// scaled to the longest, or each to the full width when whole is set;
// series names the parts. When whole is set the rows' texts stand in one
// column, which valueTitle, when given, heads.
func horizontalChart(id, title string, series, seriesLabels []string, rows []hBarRow, whole bool, valueTitle string) chart {
	var most int64
	hLabelWidth := hLabelMin
	for _, r := range rows {
		most = max(most, sum(r.parts))
		hLabelWidth = max(hLabelWidth, min(hLabelMax, 12+hCharWidth*displayWidth(r.label)))
	}
	c := chart{ID: id, Title: title, Width: hLabelWidth + hBarWidth + hTextRoom}
	top := 0
	if len(series) > 1 {
		top = hRow
		for i := range series {
			c.Legend = append(c.Legend, legendItem{Series: series[i], Label: seriesLabels[i], X: hLabelWidth + i*120, Y: 4})
		}
	}
	if whole && valueTitle != "" {
		top = hRow
		c.Titles = append(c.Titles, axisTitle{X: hLabelWidth + hBarWidth + 6, Y: 15, Anchor: "start", Text: valueTitle})
	}
	for i, r := range rows {
		y := top + i*hRow
		b := chartBar{Key: r.key, Value: r.value, Label: truncate(r.label, (hLabelWidth-12)/hCharWidth), Tip: r.tip, Text: r.text,
			LabelX: hLabelWidth - 8, LabelY: y + hBar - 3}
		x, full := hLabelWidth, most
		if whole {
			full = sum(r.parts)
		}
		for j, p := range r.parts {
			w := scale(p, full, hBarWidth)
			b.Segments = append(b.Segments, segment{Series: series[j], Value: p, X: x, Y: y, W: w, H: hBar})
			x += w
		}
		b.TextX, b.TextY = x+6, y+hBar-3
		c.Bars = append(c.Bars, b)
	}
	c.Height = top + len(rows)*hRow + 4
	c.Empty = most == 0
	return c
}

// Geometry of the vertical histogram: the rules' numbers end vLeftPad-6
// from the left, past the upright title of the vertical axis, and the
// title of the horizontal one stands vXTitle below the turned labels.
const (
	vColumn  = 40
	vBar     = 30
	vHeight  = 220
	vTop     = 20
	vLabels  = 60
	vLeftPad = 66
	vXTitle  = 18
)

// histogram draws one vertical bar per bin, with a few horizontal rules,
// the bins along an axis titled across and the counts up one titled along.
func histogram(id, title, across, along string, keys []string, values []int64) chart {
	c := chart{ID: id, Title: title, Vertical: true, Width: vLeftPad + len(keys)*vColumn + 10, Height: vTop + vHeight + vLabels + vXTitle}
	c.Titles = []axisTitle{
		{X: vLeftPad + len(keys)*vColumn/2, Y: vTop + vHeight + vLabels + vXTitle - 4, Anchor: "middle", Text: across},
		{X: 14, Y: vTop + vHeight/2, Turn: true, Anchor: "middle", Text: along},
	}
	var most int64
	for _, v := range values {
		most = max(most, v)
	}
	c.Empty = most == 0
	base := vTop + vHeight
	step := tickStep(most)
	top := max(step, (most+step-1)/step*step) // the highest rule, at or above the tallest bar
	for v := int64(0); v <= top; v += step {
		y := base - int(v*vHeight/top)
		c.Axis = append(c.Axis, axisLabel{X1: vLeftPad, Y1: y, X2: c.Width - 10, Y2: y, TextX: vLeftPad - 6, TextY: y + 4, Text: shortNumber(v)})
	}
	for i, k := range keys {
		h := scale(values[i], top, vHeight)
		x := vLeftPad + i*vColumn + (vColumn-vBar)/2
		c.Bars = append(c.Bars, chartBar{Key: k, Value: strconv.FormatInt(values[i], 10), Label: k,
			Tip:    k + " " + across + ": " + gameCount(values[i]),
			LabelX: x + vBar/2, LabelY: base + 14, LabelTurn: true,
			TextX: x + vBar/2, TextY: base - h - 4, Text: shortNumber(values[i]),
			Segments: []segment{{Series: "games", Value: values[i], X: x, Y: base - h, W: vBar, H: h}}})
	}
	return c
}

// scale is v's length on a scale where most takes full pixels; a value
// above zero gets at least one pixel, so that it shows.
func scale(v, most int64, full int) int {
	if v <= 0 || most <= 0 {
		return 0
	}
	return max(1, int(v*int64(full)/most))
}

// tickStep is the step between rules for values up to most: 1, 2 or 5
// times a power of ten, giving two to five rules above zero.
func tickStep(most int64) int64 {
	step := int64(1)
	for {
		for _, m := range []int64{1, 2, 5} {
			if most <= 5*m*step {
				return m * step
			}
		}
		step *= 10
	}
}

func sum(parts []int64) int64 {
	var n int64
	for _, p := range parts {
		n += p
	}
	return n
}

// gameCount is n games in words, for tooltips: "1 game", "1,234 games".
func gameCount(n int64) string { return count(n, "game", "games") }

// count is n things in words: "1 draw", "0 draws", "1,234 draws".
func count(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return number(n) + " " + many
}

// shortNumber writes n in at most four characters or so: 999, 1.2k, 34k,
// 5.6M, rounded to the nearest (half up) as the digits shown allow, as
// for every bar: 34,950 is 35k, not 34k, as 8,868 is 8.9k. A value that
// rounds up to the next width or unit takes it: 9,960 is 10k, 999,600 is
// 1.0M.
func shortNumber(n int64) string {
	if n < 1000 {
		return strconv.FormatInt(n, 10)
	}
	for _, u := range []struct {
		div    int64
		suffix string
	}{{1000, "k"}, {1_000_000, "M"}, {1_000_000_000, "G"}} {
		// Tenths of the unit while they show fewer than two whole digits,
		// else whole units while those have at most three.
		if tenths := (n + u.div/20) / (u.div / 10); tenths < 100 {
			return strconv.FormatInt(tenths/10, 10) + "." + strconv.FormatInt(tenths%10, 10) + u.suffix
		}
		if whole := (n + u.div/2) / u.div; whole < 1000 {
			return strconv.FormatInt(whole, 10) + u.suffix
		}
	}
	return strconv.FormatInt((n+500_000_000)/1_000_000_000, 10) + "G"
}
