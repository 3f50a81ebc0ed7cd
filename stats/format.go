package stats

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Formats are the names Write knows, the default first.
var Formats = []string{"table", "markdown", "json", "html"}

// Write prints s in the named format.
func Write(w io.Writer, s *Summary, format string) error {
	switch format {
	case "table":
		return WriteTable(w, s)
	case "markdown":
		return WriteMarkdown(w, s)
	case "json":
		return WriteJSON(w, s)
	case "html":
		return WriteHTML(w, s)
	}
	return fmt.Errorf("unknown format %q: use %s", format, strings.Join(Formats, ", "))
}

// FormatFor is the format a file name asks for by its extension: .html,
// .htm, .md, .markdown, .json; "table" for anything else.
func FormatFor(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm":
		return "html"
	case ".md", ".markdown":
		return "markdown"
	case ".json":
		return "json"
	}
	return "table"
}
