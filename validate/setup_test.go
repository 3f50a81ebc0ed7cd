package validate

import (
	"strings"
	"testing"
)

// An en-passant field off the third and sixth ranks, as in a chessgames.com
// Chess960 record ("bnqrkbnr/pppppppp/8/8/8/8/PPPPPPPP/BNQRKBNR w KQkq f1 0 1"),
// is an impossible start position, not an unreadable FEN: the game is still
// checked, as python-chess checks it (found by the corpus differential test).
func TestCheckStrayEnPassantSquare(t *testing.T) {
	for _, c := range []struct {
		name, fen, moves string
		want             string
		plies            int
	}{
		{"square on the first rank", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq f1 0 1", "1. e4 e5 *", "impossible-position@0", 2},
		{"square on the fifth rank", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1", "1. e4 e5 *", "impossible-position@0", 2},
		{"illegal move after it", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq f1 0 1", "1. e5 *", "impossible-position@0 illegal-move@1", 0},
		{"no square at all", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq x9 0 1", "1. e4 e5 *", "syntax@-1", 0},
		{"square with trailing text", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq f1x 0 1", "1. e4 e5 *", "syntax@-1", 0},
		{"square fine, board broken", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq f1 0 1", "1. e4 e5 *", "syntax@-1", 0},
		{"square on the sixth rank", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "3. exd6 *", "", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, pgn("*", []string{"SetUp 1", "FEN " + c.fen}, c.moves), nil)
			if g := got(r); g != c.want || r.Plies != c.plies {
				t.Errorf("findings %q and %d plies, want %q and %d", g, r.Plies, c.want, c.plies)
			}
			if f := find(r, ImpossiblePosition); f != nil && !strings.Contains(f.Message, "en-passant square "+strings.Fields(c.fen)[3]+" is on neither") {
				t.Errorf("message %q", f.Message)
			}
		})
	}
}
