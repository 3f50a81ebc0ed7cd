package stats

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// TableWidth is the width of the terminal table.
const TableWidth = 100

const (
	indent   = "  "
	gap      = "  "
	maxBar   = 40
	barGlyph = "#"
)

// WriteTable prints s as aligned plain-text tables, at most TableWidth
// columns wide: long names are cut with "…".
func WriteTable(w io.Writer, s *Summary) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("arbiter statistics\n\n")
	if len(s.Warnings) > 0 {
		// Whole, not cut to the width: a warning names its inputs. The
		// first few only, as the HTML page shows them: an archive of
		// copied files has a warning a set of copies, and a terminal
		// would scroll the figures away under them.
		bw.WriteString("Warnings\n")
		for i, w := range s.Warnings {
			if i == ShownWarnings {
				bw.WriteString(indent + MoreWarnings(len(s.Warnings)-ShownWarnings) + "\n")
				break
			}
			bw.WriteString(indent + Printable(w) + "\n")
		}
		bw.WriteString("\n")
	}
	for _, sec := range sections(s) {
		writeTableSection(bw, &sec)
	}
	return bw.Flush()
}

// MoreWarnings is the line that stands for the n warnings past the first
// ShownWarnings in the table report and on stderr.
func MoreWarnings(n int) string {
	if n == 1 {
		return "and 1 more warning (arbiter stats --format json or markdown lists them all)"
	}
	return fmt.Sprintf("and %d more warnings (arbiter stats --format json or markdown lists them all)", n)
}

func writeTableSection(w *bufio.Writer, sec *section) {
	w.WriteString(sec.title + "\n")
	if sec.note != "" {
		w.WriteString(indent + truncate(sec.note, TableWidth-len(indent)) + "\n")
	}
	widths := make([]int, len(sec.header))
	for i, h := range sec.header {
		widths[i] = displayWidth(h)
	}
	for _, row := range sec.rows {
		for i, c := range row {
			widths[i] = max(widths[i], displayWidth(c))
		}
	}
	rest := len(indent)
	for _, n := range widths[1:] {
		rest += len(gap) + n
	}
	barRoom := 0
	if sec.bars != nil {
		barRoom = len(gap) + maxBar
	}
	// The first column takes what the numbers leave, the bars giving way first.
	if room := TableWidth - rest - barRoom; widths[0] > room {
		barRoom = max(0, TableWidth-rest-widths[0])
		widths[0] = max(8, min(widths[0], TableWidth-rest-barRoom))
	}
	var most int64
	for _, v := range sec.bars {
		most = max(most, v)
	}
	line := func(cells []string, bar int64) {
		var b strings.Builder
		b.WriteString(indent)
		first := truncate(cells[0], widths[0])
		if sec.paths {
			first = truncateLeft(cells[0], widths[0])
		}
		b.WriteString(rightPad(first, widths[0]))
		for i, c := range cells[1:] {
			b.WriteString(gap)
			b.WriteString(leftPad(c, widths[i+1], ' '))
		}
		if bar > 0 && most > 0 && barRoom > len(gap) {
			n := int((bar*int64(barRoom-len(gap)) + most - 1) / most)
			b.WriteString(gap)
			b.WriteString(strings.Repeat(barGlyph, n))
		}
		w.WriteString(strings.TrimRight(b.String(), " ") + "\n")
	}
	if len(sec.rows) > 0 {
		line(sec.header, 0)
		for i, row := range sec.rows {
			var bar int64
			if sec.bars != nil {
				bar = sec.bars[i]
			}
			line(row, bar)
		}
	}
	w.WriteString("\n")
}
