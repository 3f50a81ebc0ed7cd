package validate

import (
	"fmt"
	"testing"
)

// TestDiagramHint: a game without a FEN whose first move cannot be played
// from the start position (a book or magazine game given from a diagram)
// keeps its illegal-move error, whose message adds that the record may start
// from a position it does not give, and that a FEN tag with it lets arbiter
// check it; a first move numbered as Black's says so more firmly. Near
// misses, with the message as before: a FEN tag, a legal first move with an
// illegal move later, an illegal first move in a variation, and a first
// move that is no move anywhere.
func TestDiagramHint(t *testing.T) {
	const (
		may    = "; the record may start from a diagram it does not give; a FEN tag with that position lets arbiter check it"
		likely = "; a first move numbered 1... is Black's: the record likely starts from a diagram it does not give; a FEN tag with that position lets arbiter check it"
	)
	for _, c := range []struct {
		name, text, want, msg, at string
	}{
		{"queen to an occupied square, from a book page", "1. Фb1! Кf6 2. e4\n",
			"tag-missing@-1 illegal-move@1 result-missing@-1",
			"Qb1: b1 is occupied by a white knight" + may + "; the 2 moves after it are not checked", "1:4"},
		{"no piece on the square", pgn("1-0", nil, "1. Qg5xg7+ Kh8 1-0"), "illegal-move@1",
			"Qg5xg7+: there is no piece on g5" + may + "; the 1 move after it is not checked", "9:4"},
		{"Black's pawn as White's first move", pgn("*", nil, "1. g7-g6 *"), "illegal-move@1",
			"g7-g6: g7 holds a black pawn, and white is to move" + may, "9:4"},
		// SetUp alone gives no position.
		{"SetUp without a FEN", pgn("*", []string{"SetUp 1"}, "1. Qb1 e5 *"), "tag-format@-1 illegal-move@1",
			"Qb1: b1 is occupied by a white knight" + may + "; the 1 move after it is not checked", "10:4"},
		{"a first move numbered as Black's", pgn("0-1", nil, "1... Qxh2+ 2. Kxh2 0-1"), "illegal-move@1",
			"Qxh2+: h2 is occupied by a white pawn" + likely + "; the 1 move after it is not checked", "9:6"},
		// Near misses.
		{"FEN", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/4K2Q w - - 0 1"}, "1. Qb1 Kd7 *"), "illegal-move@1",
			"Qb1: the queen on h1 is blocked by the white king on e1; the 1 move after it is not checked", "11:4"},
		{"legal first move, illegal later", pgn("*", nil, "1. e4 e5 2. Ke3 *"), "illegal-move@3",
			"Ke3: no white king can reach e3", "9:13"},
		{"Black's first move illegal", pgn("*", nil, "1. e4 Qxh2 2. d4 *"), "illegal-move@2",
			"Qxh2: no black queen can reach h2; the 1 move after it is not checked", "9:7"},
		{"variation", pgn("*", nil, "1. e4 (1. Qb1) e5 *"), "illegal-move@1",
			"Qb1: b1 is occupied by a white knight", "9:11"},
		{"no move anywhere", pgn("*", nil, "1. exe5 e5 *"), "illegal-move@1",
			"\"exe5\" is not a legal move anywhere: a pawn cannot capture straight ahead; the 1 move after it is not checked", "9:4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, c.text, nil)
			wantOne(t, r, c.want, IllegalMove, c.msg)
			if f := find(r, IllegalMove); f != nil {
				if at := fmt.Sprintf("%d:%d", f.Pos.Line, f.Pos.Col); at != c.at || f.Severity != Error {
					t.Errorf("%s at %s, want error at %s", f.Severity, at, c.at)
				}
			}
		})
	}
}
