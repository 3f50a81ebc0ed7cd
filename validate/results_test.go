package validate

import (
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

func TestCheckResultRecord(t *testing.T) {
	tests := []struct {
		name     string
		tag      string // "" for no Result tag
		marker   string
		recorded string
		code     Code
		message  string
	}{
		{"agree", "1-0", "1-0", "1-0", "", ""},
		{"agree draw", "1/2-1/2", "1/2-1/2", "1/2-1/2", "", ""},
		{"agree unfinished", "*", "*", "*", "", ""},
		{"half sign tag", "½-½", "1/2-1/2", "1/2-1/2", "", ""},
		{"colon tag", "1:0", "1-0", "1-0", "", ""},
		{"no tag, marker", "", "0-1", "0-1", "", ""},
		{"mismatch", "1/2-1/2", "0-1", "1/2-1/2", ResultMismatch, "the Result tag says 1/2-1/2 but the moves end with 0-1"},
		{"mismatch star", "1-0", "*", "1-0", ResultMismatch, "the Result tag says 1-0 but the moves end with *"},
		{"mismatch reversed", "0-1", "1-0", "0-1", ResultMismatch, "the Result tag says 0-1 but the moves end with 1-0"},
		{"no marker", "1-0", "", "1-0", ResultMissing, "the moves end without a result marker; the Result tag says 1-0"},
		{"no marker, no tag", "", "", "*", ResultMissing, "the game records no result: no readable Result tag and no marker at the end of the moves"},
		{"no marker, bad tag", "?", "", "*", ResultMissing, "the game records no result: no readable Result tag and no marker at the end of the moves"},
		{"bad tag, marker", "?", "1-0", "1-0", "", ""}, // the tag is tag-format's concern
	}
	for _, tt := range tests {
		var tagList []string
		if tt.tag != "" {
			tagList = []string{"Result", tt.tag}
		}
		g := testGame(t, tagList, tt.marker, "e4 | e5")
		var tags Tags
		ReadTags(g, &tags, nil)
		recorded, fs := CheckResultRecord(g, &tags, nil)
		if recorded != tt.recorded {
			t.Errorf("%s: recorded %q, want %q", tt.name, recorded, tt.recorded)
		}
		if tt.code == "" {
			if len(fs) != 0 {
				t.Errorf("%s: unexpected %+v", tt.name, fs)
			}
			continue
		}
		if len(fs) != 1 || fs[0].Code != tt.code || fs[0].Message != tt.message {
			t.Errorf("%s: got %+v, want %s %q", tt.name, fs, tt.code, tt.message)
			continue
		}
		f := fs[0]
		switch tt.code {
		case ResultMismatch:
			if f.Severity != Error || f.Pos != g.ResultPos {
				t.Errorf("%s: severity %v at %+v, want error at the marker %+v", tt.name, f.Severity, f.Pos, g.ResultPos)
			}
		case ResultMissing:
			if f.Severity != Info || f.Pos != g.ResultPos {
				t.Errorf("%s: severity %v at %+v, want info where the marker would stand %+v", tt.name, f.Severity, f.Pos, g.ResultPos)
			}
		}
	}
}

// A game of tags alone has no moves to end: result-missing says so rather
// than speak of "the moves", and still names the Result tag's value.
func TestResultMissingWithoutMoves(t *testing.T) {
	for _, tt := range []struct {
		name, moves, want string
	}{
		{"no moves", "", "the game has no moves and no result marker; the Result tag says 0-1"},
		{"one move", "e4", "the moves end without a result marker; the Result tag says 0-1"},
	} {
		g := testGame(t, []string{"Result", "0-1"}, "", tt.moves)
		var tags Tags
		ReadTags(g, &tags, nil)
		_, fs := CheckResultRecord(g, &tags, nil)
		if len(fs) != 1 || fs[0].Code != ResultMissing || fs[0].Severity != Info || fs[0].Message != tt.want || fs[0].Pos != g.ResultPos {
			t.Errorf("%s: got %+v, want info result-missing %q at %+v", tt.name, fs, tt.want, g.ResultPos)
		}
	}
}

// A marker written in a form PGN does not know is understood, reported as
// the moves of other notations are, and quoted as written where the Result
// tag disagrees.
func TestResultMarkerAsWritten(t *testing.T) {
	tests := []struct {
		tag, marker string
		want        []string // code: message, in order
	}{
		{"1/2-1/2", "1/2", []string{`non-standard-notation: the result marker "1/2" is not PGN: write 1/2-1/2`}},
		{"1/2-1/2", "½-½", []string{`non-standard-notation: the result marker "½-½" is not PGN: write 1/2-1/2`}},
		{"1-0", "1:0", []string{`non-standard-notation: the result marker "1:0" is not PGN: write 1-0`}},
		{"1-0", "1/2", []string{
			`non-standard-notation: the result marker "1/2" is not PGN: write 1/2-1/2`,
			`result-mismatch: the Result tag says 1-0 but the moves end with "1/2" (1/2-1/2)`,
		}},
		{"0-1", "1/2-1/2", []string{"result-mismatch: the Result tag says 0-1 but the moves end with 1/2-1/2"}},
		{"1/2-1/2", "1/2-1/2.", nil}, // a full stop after the marker is punctuation
	}
	for _, tt := range tests {
		r := checkOne(t, pgn(tt.tag, nil, "1. e4 e5 "+tt.marker), nil)
		var fs []string
		for _, f := range r.Findings {
			if f.Code == NonStandardNotation || f.Code == ResultMismatch {
				fs = append(fs, string(f.Code)+": "+f.Message)
				if f.Pos.Line != 9 || f.Pos.Col != 10 {
					t.Errorf("%s: %s at %d:%d, want the marker at 9:10", tt.marker, f.Code, f.Pos.Line, f.Pos.Col)
				}
			}
		}
		if !slices.Equal(fs, tt.want) {
			t.Errorf("%s with Result %s: got %q, want %q", tt.marker, tt.tag, fs, tt.want)
		}
	}
}

// A PGN marker glued to the last move ("e51-0") is read, and reported as
// glued, not as a form PGN does not know; a mismatch quotes it in its PGN
// form; so is a marker typed twice. Near miss: the marker apart from the
// move, once, is no finding.
func TestResultMarkerGlued(t *testing.T) {
	tests := []struct {
		tag, movetext string
		want          []string // code: message, in order
	}{
		{"1-0", "1. e4 e51-0", []string{"non-standard-notation: the result marker 1-0 is glued to the move before it: write a blank between them"}},
		{"0-1", "1. e4 e5#1-0", []string{
			"non-standard-notation: the result marker 1-0 is glued to the move before it: write a blank between them",
			"result-mismatch: the Result tag says 0-1 but the moves end with 1-0",
		}},
		{"1-0", "1. e4 e5 1-0", nil},
		{"1-0", "1. e4 e5 1-0 1-0", []string{"non-standard-notation: the result marker 1-0 is written twice: write it once"}},
		{"0-1", "1. e4 e5 1-0 1-0", []string{
			"non-standard-notation: the result marker 1-0 is written twice: write it once",
			"result-mismatch: the Result tag says 0-1 but the moves end with 1-0",
		}},
	}
	for _, tt := range tests {
		r := checkOne(t, pgn(tt.tag, nil, tt.movetext), nil)
		var fs []string
		for _, f := range r.Findings {
			if f.Ply < 0 && (f.Code == NonStandardNotation || f.Code == ResultMismatch || f.Code == Syntax) {
				fs = append(fs, string(f.Code)+": "+f.Message)
				if col := int64(strings.Index(tt.movetext, "1-0") + 1); f.Pos.Line != 9 || f.Pos.Col != col {
					t.Errorf("%s: %s at %d:%d, want the marker at 9:%d", tt.movetext, f.Code, f.Pos.Line, f.Pos.Col, col)
				}
			}
		}
		if !slices.Equal(fs, tt.want) {
			t.Errorf("%s with Result %s: got %q, want %q", tt.movetext, tt.tag, fs, tt.want)
		}
	}
}

// result-missing stands right after the last move, where the marker would:
// not past the blank lines after it, nor at the next game's first tag.
func TestResultMissingAtEndOfMoves(t *testing.T) {
	for _, text := range []string{
		pgn("*", nil, "1. e4 e5\n\n\n"),
		pgn("*", nil, "1. e4 e5\n\n[Event \"next\"]\n\n1. d4 *"),
	} {
		var fs []Finding
		if err := parser.ReadGames(strings.NewReader(text), parser.Options{}, func(g *parser.Game) {
			if fs == nil {
				fs = Check(g, nil).Findings
			}
		}); err != nil {
			t.Fatal(err)
		}
		f := fs[len(fs)-1]
		if f.Code != ResultMissing || f.Pos.Line != 9 || f.Pos.Col != 9 {
			t.Errorf("%q: last finding %s at %d:%d, want result-missing at 9:9", text, f.Code, f.Pos.Line, f.Pos.Col)
		}
	}
}

// A result-mismatch where the board decided the game says which of the two
// the board agrees with; none when it agrees with neither.
func TestResultMismatchNamesWhatTheBoardSays(t *testing.T) {
	const mate = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# "
	for _, tc := range []struct{ tag, marker, want string }{
		{"1-0", "1/2-1/2", "the Result tag says 1-0 but the moves end with 1/2-1/2; the board (checkmate after 4.Qxf7#) agrees with the Result tag"},
		{"1/2-1/2", "1-0", "the Result tag says 1/2-1/2 but the moves end with 1-0; the board (checkmate after 4.Qxf7#) agrees with the marker"},
		{"0-1", "1/2-1/2", "the Result tag says 0-1 but the moves end with 1/2-1/2"},
	} {
		r := checkOne(t, pgn(tc.tag, nil, mate+tc.marker), nil)
		f := find(r, ResultMismatch)
		if f == nil || f.Message != tc.want {
			t.Errorf("tag %s, marker %s: %+v, want %q", tc.tag, tc.marker, f, tc.want)
		}
	}
	// Without a board verdict, the mismatch alone.
	r := checkOne(t, pgn("1-0", nil, "1. e4 e5 1/2-1/2"), nil)
	if f := find(r, ResultMismatch); f == nil || f.Message != "the Result tag says 1-0 but the moves end with 1/2-1/2" {
		t.Errorf("no verdict: %+v", f)
	}
}
