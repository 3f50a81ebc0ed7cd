package validate

import (
	"fmt"
	"testing"
)

// TestFragmentWithoutPosition: a page that starts mid-game, without a FEN,
// gets one syntax finding that says so at its first move, and no replay
// from the start position: neither an illegal move that is no error ("no
// rook on d1") nor a pass where its first moves happen to be legal there.
func TestFragmentWithoutPosition(t *testing.T) {
	for _, c := range []struct {
		name, text, want, msg string
		replayed              bool
	}{
		{"rook move from a book page", "24. Лd1 - d3 f5 - f4?\n25. g3 : f4 Сd7 - f5\n",
			"tag-missing@-1 syntax@-1 result-missing@-1",
			"a fragment from move 24. with no position to start from, which a FEN tag would give: its 4 moves are not checked", false},
		// Legal from the start position: replayed, it would pass unremarked.
		{"first moves legal from the start", "4. а2—а4 b7-b5 5. a4:b5\n",
			"tag-missing@-1 syntax@-1 result-missing@-1",
			"a fragment from move 4. with no position to start from, which a FEN tag would give: its 3 moves are not checked", false},
		{"Black to move", "23... Кр:g8 24. Лe8+ Лf8 25. Л:f8#\n",
			"tag-missing@-1 syntax@-1 result-missing@-1",
			"a fragment from move 23... with no position to start from, which a FEN tag would give: its 4 moves are not checked", false},
		{"PGN with tags", pgn("*", nil, "24. Rd3 f4 25. gxf4 *"), "syntax@-1",
			"a fragment from move 24. with no position to start from, which a FEN tag would give: its 3 moves are not checked", false},
		// SetUp alone gives no position either.
		{"SetUp without a FEN", pgn("*", []string{"SetUp 1"}, "24. Rd3 f4 *"), "tag-format@-1 syntax@-1",
			"a fragment from move 24. with no position to start from, which a FEN tag would give: its 2 moves are not checked", false},
		// Near misses. A FEN gives the position the numbers start from.
		{"FEN", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/3RK3 w - - 0 24"}, "24. Rd3 Kf7 *"), "", "", true},
		// Numbers from 1 with a gap are moves missing in mid-game, as before.
		{"moves missing after move 1", pgn("*", nil, "1. e4 e5 3. Bc4 *"), "syntax@-1",
			"move number 3. where 2. was expected", true},
		// "1.." is White's first move with a dot too many (the corpus's one
		// game that starts "1..."), read as the number after it says.
		{"1.. e4", pgn("*", nil, "1.. e4 e5 2. Nf3 *"), "syntax@-1", "move number 2. where 2... was expected", true},
		{"unnumbered first move", pgn("*", nil, "e4 e5 Nf3 *"), "", "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, c.text, nil)
			wantOne(t, r, c.want, Syntax, c.msg)
			if r.Replayed != c.replayed {
				t.Errorf("replayed %v, want %v", r.Replayed, c.replayed)
			}
		})
	}
}

// TestFragmentAfterEllipsis: a page or a table that starts at Black's reply
// writes its first move without a number, after an ellipsis ("... dxc6");
// the first number after it says which move that was, continuing it ("5.
// h3") or naming it again for an alternative in a note ("4. ... bxc6"). The
// game is a fragment from that move, reported at its first move and not
// replayed. Near misses, read as before: the same moves without the
// ellipsis (a move missing, replayed from the start), a number that makes
// the first move 1..., and an ellipsis with no number after it.
func TestFragmentAfterEllipsis(t *testing.T) {
	for _, c := range []struct {
		name, text, want, code, msg, at string
		replayed                        bool
	}{
		{"a number that continues the moves", "... dxc6 5. h3 c5 6. O-O\n",
			"tag-missing@-1 syntax@-1 result-missing@-1", "syntax",
			"a fragment from move 4... with no position to start from, which a FEN tag would give: its 4 moves are not checked", "1:5", false},
		{"a table with a note that names the move again", "... |\ndxc6 |\nLa alternativa 4. ... bxc6 es peor. |\n5. h3 |\nc5 |\n",
			"tag-missing@-1 syntax@-1 result-missing@-1", "syntax",
			"a fragment from move 4... with no position to start from, which a FEN tag would give: its 3 moves are not checked", "2:1", false},
		// near misses
		{"no ellipsis", "dxc6 5. h3 c5\n",
			"tag-missing@-1 illegal-move@1 syntax@-1 result-missing@-1", "illegal-move",
			"dxc6: no white pawn on the d-file can reach c6; the record may start from a diagram it does not give; a FEN tag with that position lets arbiter check it; the 2 moves after it are not checked", "1:1", true},
		{"a number that makes it 1...", "... e5 2. Nf3 Nc6\n",
			"tag-missing@-1 illegal-move@1 syntax@-1 result-missing@-1", "illegal-move",
			"e5: no white pawn can reach e5; the record may start from a diagram it does not give; a FEN tag with that position lets arbiter check it; the 2 moves after it are not checked", "1:5", true},
		{"no number after it", "... dxc6 h3 c5\n",
			"tag-missing@-1 illegal-move@1 result-missing@-1", "illegal-move",
			"dxc6: no white pawn on the d-file can reach c6; the record may start from a diagram it does not give; a FEN tag with that position lets arbiter check it; the 2 moves after it are not checked", "1:5", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, c.text, nil)
			wantOne(t, r, c.want, Code(c.code), c.msg)
			if f := find(r, Code(c.code)); f != nil {
				if at := fmt.Sprintf("%d:%d", f.Pos.Line, f.Pos.Col); at != c.at {
					t.Errorf("%s at %s, want %s", c.code, at, c.at)
				}
			}
			if r.Replayed != c.replayed {
				t.Errorf("replayed %v, want %v", r.Replayed, c.replayed)
			}
		})
	}
}
