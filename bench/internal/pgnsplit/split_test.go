package pgnsplit

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func games(t *testing.T, in string) []string {
	t.Helper()
	s := New(strings.NewReader(in))
	var out []string
	for {
		g, err := s.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		out = append(out, string(g))
	}
}

func TestSplitCutsAtTagAfterMovetext(t *testing.T) {
	a := "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 e5 1-0\n\n"
	b := "[Event \"b\"]\n\n1. d4 *\n"
	got := games(t, a+b)
	if len(got) != 2 || got[0] != a || got[1] != b {
		t.Fatalf("got %q", got)
	}
}

func TestSplitKeepsBracketLinesInsideComments(t *testing.T) {
	in := "[Event \"a\"]\n\n1. e4 {a comment\n[not a tag] still comment}\n e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n"
	if got := games(t, in); len(got) != 2 || !strings.Contains(got[0], "[not a tag]") {
		t.Fatalf("got %q", got)
	}
}

func TestSplitIgnoresBracesInSemicolonComments(t *testing.T) {
	in := "[Event \"a\"]\n\n1. e4 ; a { that opens nothing\ne5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n"
	if got := games(t, in); len(got) != 2 {
		t.Fatalf("got %d games: %q", len(got), got)
	}
}

func TestSplitTagsAfterByteOrderMarkStayTogether(t *testing.T) {
	in := "\xef\xbb\xbf[Event \"a\"]\n[Site \"x\"]\n\n1. e4 *\n"
	if got := games(t, in); len(got) != 1 {
		t.Fatalf("got %d games: %q", len(got), got)
	}
}

func TestSplitReadsLinesLongerThanItsBuffer(t *testing.T) {
	long := strings.Repeat("{x} ", 600_000) // 2.4 MB on one line
	in := "[Event \"a\"]\n\n1. e4 " + long + "*\n[Event \"b\"]\n\n1. d4 *"
	got := games(t, in)
	if len(got) != 2 || !strings.HasSuffix(got[0], "*\n") || got[1] != "[Event \"b\"]\n\n1. d4 *" {
		t.Fatalf("got %d games", len(got))
	}
}

func TestCount(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"\n\n  \n", 0},
		{"1. e4 *\n", 1},
		{"[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n1. d4 *\n[Event \"c\"]\n1. c4 *\n", 3},
	}
	for _, c := range cases {
		got, err := Count(strings.NewReader(c.in))
		if err != nil || got != c.want {
			t.Errorf("Count(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
}

func TestCountReportsReadErrors(t *testing.T) {
	boom := errors.New("boom")
	_, err := Count(io.MultiReader(strings.NewReader("[Event \"a\"]\n"), iotest.ErrReader(boom)))
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
}

func TestSplitGameOfTagsAlone(t *testing.T) {
	a := "[Event \"a\"]\n[Result \"?\"]\n \n\n"
	b := "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
	c := "[Event \"c\"]\n"
	got := games(t, a+b+c)
	if len(got) != 3 || got[0] != a || got[1] != b || got[2] != c {
		t.Fatalf("got %q", got)
	}
}
