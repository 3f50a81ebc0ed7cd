package validate

import (
	"bytes"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// TestFindingCharCol: Check gives every finding its column in characters
// (CharCol) beside the byte column of its Pos, which stays as it was.
func TestFindingCharCol(t *testing.T) {
	const roster = "[Event \"T\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n"
	type want struct {
		code        Code
		line        int64
		bytes, char int64
	}
	for _, c := range []struct {
		name  string
		in    string
		enc   parser.Encoding
		finds []want
	}{
		{name: "cyrillic letters before an illegal move", enc: parser.UTF8,
			in:    roster + "[Result \"*\"]\n\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b6 *\n",
			finds: []want{{NonStandardNotation, 9, 4, 4}, {IllegalMove, 9, 38, 36}}},
		{name: "windows-1251: a byte is a character", enc: parser.Windows1251,
			in:    roster + "[Result \"*\"]\n\n1. e2-e4 e7-e5 2. \xCAg1-f3 \xCAb8-c6 3. \xD1f1-b6 *\n",
			finds: []want{{NonStandardNotation, 9, 4, 4}, {IllegalMove, 9, 36, 36}}},
		{name: "ascii", enc: parser.UTF8,
			in:    roster + "[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n",
			finds: []want{{IllegalMove, 9, 13, 13}}},
		// tag-missing has the game's start, where the BOM is.
		{name: "a BOM before a tag", enc: parser.UTF8,
			in:    "\xEF\xBB\xBF[Date \"2024.13.01\"]\n[Result \"*\"]\n\n1. e4 *\n",
			finds: []want{{TagFormat, 1, 4, 1}, {TagMissing, 1, 4, 1}}},
		{name: "a tag after a cyrillic tag", enc: parser.UTF8,
			in:    "[Event \"Турнир\"] [Date \"2024.13.01\"]\n[Site \"S\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n",
			finds: []want{{TagFormat, 1, 24, 18}}},
		{name: "a result marker after cyrillic moves", enc: parser.UTF8,
			in:    roster + "[Result \"1-0\"]\n\n1. e4 Кf6 0-1\n",
			finds: []want{{NonStandardNotation, 9, 7, 7}, {ResultMismatch, 9, 12, 11}}},
		// result-missing has the game's end, past the last character.
		{name: "a missing result after cyrillic moves", enc: parser.UTF8,
			in:    roster + "[Result \"1-0\"]\n\n1. e4 Кf6",
			finds: []want{{NonStandardNotation, 9, 7, 7}, {ResultMissing, 9, 11, 10}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r Report
			n := 0
			err := parser.ReadGames(bytes.NewReader([]byte(c.in)), parser.Options{}, func(g *parser.Game) {
				n++
				if g.Encoding != c.enc {
					t.Errorf("read as %v, want %v", g.Encoding, c.enc)
				}
				r = Check(g, nil)
			})
			if err != nil || n != 1 {
				t.Fatalf("%d games, %v", n, err)
			}
			if len(r.Findings) != len(c.finds) {
				t.Fatalf("findings %v, want %d", codes(r.Findings), len(c.finds))
			}
			for i, w := range c.finds {
				f := r.Findings[i]
				if f.Code != w.code || f.Pos.Line != w.line || f.Pos.Col != w.bytes || f.CharCol != w.char {
					t.Errorf("finding %d: %s at line %d, byte column %d, character column %d; want %s at %d, %d, %d",
						i, f.Code, f.Pos.Line, f.Pos.Col, f.CharCol, w.code, w.line, w.bytes, w.char)
				}
			}
		})
	}
}

// TestFindingByteCol: the column the text formats print counts bytes as an
// editor does, without a BOM at the start of the game's first line; Pos
// keeps the input's byte column, and the lines after the first have nothing
// to take off.
func TestFindingByteCol(t *testing.T) {
	type want struct {
		code         Code
		line         int64
		pos, byteCol int64
		charCol      int64
	}
	for _, c := range []struct {
		name, in string
		finds    []want
	}{
		{"a BOM before movetext", "\xEF\xBB\xBF1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n",
			[]want{{TagMissing, 1, 1, 1, 1}, {IllegalMove, 1, 27, 24, 24}}},
		{"no BOM", "1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n",
			[]want{{TagMissing, 1, 1, 1, 1}, {IllegalMove, 1, 24, 24, 24}}},
		{"a BOM and Cyrillic letters", "\xEF\xBB\xBF1. e4 e5 2. Кf3 Кc6 3. Лa3 *\n",
			[]want{{TagMissing, 1, 1, 1, 1}, {NonStandardNotation, 1, 16, 13, 13}, {IllegalMove, 1, 29, 26, 24}}},
		{"a BOM, the finding on line 2", "\xEF\xBB\xBF[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n",
			[]want{{TagMissing, 1, 4, 1, 1}, {IllegalMove, 2, 24, 24, 24}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r Report
			if err := parser.ReadGames(bytes.NewReader([]byte(c.in)), parser.Options{}, func(g *parser.Game) { r = Check(g, nil) }); err != nil {
				t.Fatal(err)
			}
			if len(r.Findings) != len(c.finds) {
				t.Fatalf("findings %v, want %d", codes(r.Findings), len(c.finds))
			}
			for i, w := range c.finds {
				f := r.Findings[i]
				if got := (want{f.Code, f.Pos.Line, f.Pos.Col, f.ByteCol, f.CharCol}); got != w {
					t.Errorf("finding %d: %+v, want %+v", i, got, w)
				}
			}
		})
	}
}
