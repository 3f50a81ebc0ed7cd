package pipeline

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

func TestAppendJSONString(t *testing.T) {
	for in, want := range map[string]string{
		"":                 `""`,
		"plain":            `"plain"`,
		`a "q" \ b`:        `"a \"q\" \\ b"`,
		"\n\r\t\x00\x1f":   `"\n\r\t\u0000\u001f"`,
		"\x7f<>&":          "\"\x7f<>&\"",
		"Кр e1–e2 ♔":       `"Кр e1–e2 ♔"`,
		"bad \xff\xfe end": `"bad \ufffd\ufffd end"`,
		"cut \xe2\x80":     `"cut \ufffd\ufffd"`,
		"\u2028\u2029":     `"\u2028\u2029"`,
	} {
		if got := string(appendJSONString(nil, in)); got != want {
			t.Errorf("appendJSONString(%q) = %s, want %s", in, got, want)
		}
	}
}

// FuzzJSONString checks the hand-written escaping against encoding/json:
// the output must be valid JSON that decodes to what encoding/json's own
// encoding decodes to (invalid UTF-8 replaced byte by byte).
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\x00\xff", "é\u2028", "\\u0041", "Кр:e2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := appendJSONString(nil, s)
		var back string
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%q gave invalid JSON %s: %v", s, out, err)
		}
		ref, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var want string
		if err := json.Unmarshal(ref, &want); err != nil {
			t.Fatal(err)
		}
		if back != want {
			t.Fatalf("%q decodes to %q, through encoding/json to %q", s, back, want)
		}
		if utf8.ValidString(s) && back != s {
			t.Fatalf("valid %q decodes to %q", s, back)
		}
	})
}

func TestAppendWhere(t *testing.T) {
	plain := &GameRecord{}
	fromBlack := &GameRecord{Tags: []parser.Tag{{Name: "FEN", Value: "4k3/8/8/8/8/8/8/4K3 b - - 3 17"}}}
	for _, c := range []struct {
		r    *GameRecord
		f    validate.Finding
		want string
	}{
		{plain, validate.Finding{Ply: -1, Move: "e4"}, ""},
		{plain, validate.Finding{Ply: -1, Move: "d4", Variation: "1...d4"}, " (variation 1...d4)"},
		{plain, validate.Finding{Ply: 0}, " (start position)"},
		{plain, validate.Finding{Ply: 1, Move: "e4"}, " (move 1. e4, ply 1)"},
		{plain, validate.Finding{Ply: 2, Move: "e5"}, " (move 1... e5, ply 2)"},
		{plain, validate.Finding{Ply: 23, Move: "Nf3"}, " (move 12. Nf3, ply 23)"},
		{plain, validate.Finding{Ply: 24}, " (move 12..., ply 24)"},
		{plain, validate.Finding{Ply: 3, Move: "Nf3\n", Variation: "2.1"}, " (move 2. Nf3 , ply 3, variation 2.1)"},
		{fromBlack, validate.Finding{Ply: 1, Move: "Kd7"}, " (move 17... Kd7, ply 1)"},
		{fromBlack, validate.Finding{Ply: 2, Move: "Kd2"}, " (move 18. Kd2, ply 2)"},
		{fromBlack, validate.Finding{Ply: 3, Move: "Kc6"}, " (move 18... Kc6, ply 3)"},
	} {
		if got := string(appendWhere(nil, numberingOf(c.r), &c.f)); got != c.want {
			t.Errorf("ply %d in %v: %q, want %q", c.f.Ply, c.r.Tags, got, c.want)
		}
	}
}

func TestNumberingOf(t *testing.T) {
	for fen, want := range map[string]numbering{
		"": {1, false},
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1": {1, true},
		"8/8/8/8/8/8/8/K6k w - - 0 40":                                {40, false},
		"8/8/8/8/8/8/8/K6k  b  -  -  0  9":                            {9, true},
		"8/8/8/8/8/8/8/K6k b":                                         {1, true},
		"8/8/8/8/8/8/8/K6k w - - 0 x":                                 {1, false},
		"8/8/8/8/8/8/8/K6k w - - 0 -3":                                {1, false},
		"garbage":                                                     {1, false},
	} {
		r := &GameRecord{Tags: []parser.Tag{{Name: "FEN", Value: fen}}}
		if got := numberingOf(r); got != want {
			t.Errorf("numberingOf(%q) = %+v, want %+v", fen, got, want)
		}
	}
}

func TestLocationFallsBackToGameStart(t *testing.T) {
	r := &GameRecord{Start: parser.Pos{Offset: 90, Line: 7, Col: 1}}
	if got := location(r, &validate.Finding{}); got != r.Start {
		t.Errorf("no place: %+v, want the game's start", got)
	}
	own := parser.Pos{Offset: 100, Line: 8, Col: 5}
	if got := location(r, &validate.Finding{Pos: own}); got != own {
		t.Errorf("own place: %+v, want %+v", got, own)
	}
}
