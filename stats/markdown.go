package stats

import (
	"bufio"
	"io"
	"strings"
)

// WriteMarkdown prints s as GitHub-flavoured Markdown: a heading and a table
// per section, names escaped so that they print as written.
func WriteMarkdown(w io.Writer, s *Summary) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("# arbiter statistics\n")
	if len(s.Warnings) > 0 {
		bw.WriteString("\n## Warnings\n\n")
		for _, w := range s.Warnings {
			bw.WriteString("- " + markdownEscape(Printable(w)) + "\n")
		}
	}
	for _, sec := range sections(s) {
		bw.WriteString("\n## " + sec.title + "\n\n")
		if sec.note != "" {
			bw.WriteString(markdownEscape(sec.note) + "\n\n")
		}
		if len(sec.rows) == 0 {
			continue
		}
		bw.WriteString(markdownRow(sec.header))
		bw.WriteString("|")
		for i := range sec.header {
			if i == 0 {
				bw.WriteString(" --- |")
			} else {
				bw.WriteString(" ---: |")
			}
		}
		bw.WriteString("\n")
		for _, row := range sec.rows {
			bw.WriteString(markdownRow(row))
		}
	}
	return bw.Flush()
}

func markdownRow(cells []string) string {
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + markdownEscape(c) + " |")
	}
	b.WriteString("\n")
	return b.String()
}

// markdownEscape makes text print as written in a table cell: the
// characters Markdown reads as markup are backslash-escaped, and those HTML
// reads are written as entities, so that a name holding a tag stays text.
var markdownEscape = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`,
	"~", `\~`, "#", `\#`, "!", `\!`,
	"&", "&amp;", "<", "&lt;", ">", "&gt;",
).Replace
