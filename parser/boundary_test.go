package parser

import (
	"strings"
	"testing"
)

// boundaries lists every boundary of data.
func boundaries(data []byte) []int {
	var out []int
	for b := NextBoundary(data, 0); b >= 0; b = NextBoundary(data, b+1) {
		out = append(out, b)
	}
	return out
}

func TestBoundaryRule(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []int
	}{
		{"two games", "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n1. d4 *\n", []int{0, 33}},
		{"movetext runs into tags", "[Event \"a\"]\n1. e4 1-0\n[Event \"b\"]\n", []int{0, 22}},
		{"blank line inside the tag section", "[Event \"a\"]\n\n[Date \"b\"]\n\n1. e4 *\n", []int{0}},
		{"tag-only games", "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n[Site \"y\"]\n", []int{0, 24}},
		{"clock in a multi-line comment", "[Event \"a\"]\n1. e4 {\n[%clk 0:01:00]}\n", []int{0}},
		{"note in brackets", "1. e4\n[Auch 5.Dd1-e2 kommt vor.]\n[ Besser ist 3…Lf5 ]\n", nil},
		{"leading blanks and BOM", "\xEF\xBB\xBF  [Event \"a\"]\n1. e4\n  \t[Event \"b\"]\n", []int{0, 23}},
		{"tags and moves on one line", "[V \"x\"] 1.e3 {c}\n\n[V \"y\"]\n1.e3\n", []int{0, 18}},
		{"an open tag pair still counts as a tag line", "[Event \"a\n[Site \"b\"]\n", []int{0}},
		{"a damaged tag does not cut its game", "[Event \"a\"]\n[Site \xa4Zagreb\"]\n[Date \"b\"]\n1. e4 *\n", []int{0}},
		{"no space before the quote", "1. e4 *\n[Event\"a\"]\n", []int{8}},
		{"name too long", "1. e4\n[" + strings.Repeat("N", maxTagName+1) + " \"v\"]\n", nil},
		{"not at line start", "1. e4 [Event \"a\"]\n", nil},
		{"CRLF", "[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n", []int{0, 26}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eq(t, "boundaries", boundaries([]byte(c.in)), c.want)
		})
	}
}

func TestNextBoundaryLooksBack(t *testing.T) {
	data := []byte("[Event \"a\"]\n\n[Site \"b\"]\n1. e4 *\n")
	// From the blank line the previous tag line is still seen, so the Site
	// line is not a boundary even though the search starts after the Event.
	eq(t, "from 12", NextBoundary(data, 12), -1)
	eq(t, "from 0", NextBoundary(data, 0), 0)
	eq(t, "from past the end", NextBoundary(data, len(data)+5), -1)
}

func TestNextBoundaryNeedsMore(t *testing.T) {
	data := []byte("1. e4 *\n[Eve")
	b, more := nextBoundary(data, 1, false, &before{})
	eq(t, "undecided", [2]any{b, more}, [2]any{-1, true})
	b, more = nextBoundary(data, 1, true, &before{})
	eq(t, "at EOF", [2]any{b, more}, [2]any{-1, false})
}

func TestTagSectionSkipKeepsBoundaries(t *testing.T) {
	for _, in := range []string{
		string(synthetic(300, 5)),
		"[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n[Site \"y\"]\n\n[Date \"z\"]\n1. e4\n",
		"\n\n[Event \"a\"]\n\n\n[Event \"b\"]\n",
		"[V \"x\"] 1.e3 {c}\n[V \"y\"]\n1.e3\n",
		"[Event \"a\"]\n[Site \xa4Zagreb\"]\n[Event \"b\"]\n1. e4 *\n",
	} {
		checkTagSectionSkip(t, []byte(in))
	}
}
