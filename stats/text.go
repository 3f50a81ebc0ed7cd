package stats

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Printable is how the reports show an untrusted string (a file or event
// name from the games): control characters (escape sequences, newlines) and
// bidirectional overrides, which could rewrite or reorder what the reader
// sees, are shown as \u escapes; invalid UTF-8 becomes U+FFFD. The JSON
// output keeps names as they are.
func Printable(s string) string {
	if !needsCleaning(s) {
		return s
	}
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		if hidden(r) {
			b.WriteString(`\u`)
			b.WriteString(leftPad(strconv.FormatInt(int64(r), 16), 4, '0'))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func needsCleaning(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if hidden(r) {
			return true
		}
	}
	return false
}

// hidden says whether r changes the display rather than showing itself.
func hidden(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' ||
		(r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069') || r == '\u200E' || r == '\u200F'
}

// displayWidth is the number of terminal columns s takes: two for wide East
// Asian characters, none for combining marks.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		return 0
	case r < 0x1100:
		return 1
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// truncate shortens s to at most w columns, marking the cut with "…".
func truncate(s string, w int) string {
	if displayWidth(s) <= w {
		return s
	}
	n := 0
	for i, r := range s {
		if n+runeWidth(r) > w-1 {
			return s[:i] + "…"
		}
		n += runeWidth(r)
	}
	return s
}

// truncateLeft shortens s to at most w columns by cutting its start, for
// paths, whose end tells them apart.
func truncateLeft(s string, w int) string {
	if displayWidth(s) <= w {
		return s
	}
	n, cut := 0, len(s)
	for cut > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:cut])
		if n+runeWidth(r) > w-1 {
			break
		}
		n += runeWidth(r)
		cut -= size
	}
	return "…" + s[cut:]
}

func leftPad(s string, w int, c byte) string {
	if n := w - displayWidth(s); n > 0 {
		return strings.Repeat(string(c), n) + s
	}
	return s
}

func rightPad(s string, w int) string {
	if n := w - displayWidth(s); n > 0 {
		return s + strings.Repeat(" ", n)
	}
	return s
}

// number writes n with thousands separators: 1,234,567.
func number(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// percent writes part/whole as a percentage with one decimal, "" when whole
// is zero. A share that rounds to 0.0% or 100.0% without being none or all
// is "<0.1%" or ">99.9%": 30 games of an archive's 167,080 are not none.
func percent(part, whole int64) string {
	if whole == 0 {
		return ""
	}
	s := strconv.FormatFloat(100*float64(part)/float64(whole), 'f', 1, 64)
	switch {
	case s == "0.0" && part > 0:
		return "<0.1%"
	case s == "100.0" && part < whole:
		return ">99.9%"
	}
	return s + "%"
}
