package validate

import "testing"

// TestPlyCount: a PlyCount tag two or more plies away from the main line's
// plies as written is a tag-format warning at the tag, saying which way;
// a count that agrees, is one off (chessgames.com's exports), stands in a
// game from a FEN (a puzzle keeps its source game's count) or in a game
// the parser found problems in is not. A PlyCount that is no count is a
// tag-format warning of its own kind.
func TestPlyCount(t *testing.T) {
	const moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *" // 6 plies
	for _, c := range []struct {
		name, text, want, msg string
	}{
		{"moves lost", pgn("*", []string{"PlyCount 9"}, moves), "tag-format@-1",
			`PlyCount "9" counts 9 plies, but the main line holds 6: 3 may have been lost, or the tag is wrong`},
		{"too few counted", pgn("*", []string{"PlyCount 2"}, moves), "tag-format@-1",
			`PlyCount "2" counts 2 plies, but the main line holds 6: the tag is wrong`},
		{"none counted", pgn("*", []string{"PlyCount 0"}, moves), "tag-format@-1",
			`PlyCount "0" counts 0 plies, but the main line holds 6: the tag is wrong`},
		{"one counted, no moves", pgn("*", []string{"PlyCount 2"}, "*"), "tag-format@-1",
			`PlyCount "2" counts 2 plies, but the main line holds 0: 2 may have been lost, or the tag is wrong`},
		{"not a count", pgn("*", []string{"PlyCount six"}, moves), "tag-format@-1",
			`PlyCount "six" is not a count of plies: write digits`},
		{"signed", pgn("*", []string{"PlyCount +6"}, moves), "tag-format@-1",
			`PlyCount "+6" is not a count of plies: write digits`},
		// Near misses.
		{"agrees", pgn("*", []string{"PlyCount 6"}, moves), "", ""},
		{"variations not counted", pgn("*", []string{"PlyCount 6"}, "1. e4 (1. d4 d5 2. c4) e5 2. Nf3 Nc6 3. Bb5 a6 *"), "", ""},
		{"one more", pgn("*", []string{"PlyCount 7"}, moves), "", ""},
		{"one fewer", pgn("*", []string{"PlyCount 5"}, moves), "", ""},
		{"from a FEN", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "PlyCount 40"}, "1. Kd2 Kd7 *"), "", ""},
		{"parser problems", pgn("*", []string{"PlyCount 9"}, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ) *"), "syntax@-1", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, c.text, nil)
			wantOne(t, r, c.want, TagFormat, c.msg)
			if f := find(r, TagFormat); f != nil && (f.Pos.Line != 8 || f.Pos.Col != 1 || f.Severity != Warning) {
				t.Errorf("%s at %d:%d, want a warning at the tag, 8:1", f.Code, f.Pos.Line, f.Pos.Col)
			}
		})
	}
}
