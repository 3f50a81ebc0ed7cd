package validate

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/replay"
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
		// The position read without the square is audited as well.
		{"square on the fourth rank, pawn on a1", "4k3/8/8/8/8/8/8/P3K3 w - e4 0 1", "1. Kd2 *", "impossible-position@0 impossible-position@0", 1},
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

// A FEN whose castling rights only Chess960 allows is read as Chess960, as
// chessgames.com's records (which have no Variant tag) need; without a
// Variant tag naming Chess960 the reading is said, so that a standard game
// never castles by Chess960's rules unremarked.
func TestCheckChess960RightsWithoutVariant(t *testing.T) {
	const fen960 = "4k3/8/8/8/8/8/8/4K1R1 w G - 0 1" // rook on g1
	for _, c := range []struct {
		name  string
		tags  []string
		want  string
		plies int
	}{
		{"no Variant tag", []string{"SetUp 1", "FEN " + fen960}, "non-standard-notation@0", 2},
		{"Variant Standard", []string{"Variant Standard", "SetUp 1", "FEN " + fen960}, "non-standard-notation@0", 2},
		{"Variant Chess960", []string{"Variant Chess960", "SetUp 1", "FEN " + fen960}, "", 2},
		{"standard rights", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, "", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, pgn("*", c.tags, "1. O-O Kd7 *"), nil)
			if g := got(r); g != c.want || r.Plies != c.plies {
				t.Errorf("findings %q and %d plies, want %q and %d", g, r.Plies, c.want, c.plies)
			}
			if f := find(r, NonStandardNotation); f != nil && !strings.Contains(f.Message, "no Variant tag names Chess960") {
				t.Errorf("message %q", f.Message)
			}
		})
	}
}

// "e.p." written as a word of its own after a pawn capture is judged as
// "exd6e.p." is: not SAN, and a false mark when the capture is not en
// passant (the parser hands it on in the move's Norm); the replay goes on.
func TestCheckEnPassantWord(t *testing.T) {
	for _, c := range []struct {
		name, moves, want string
		plies             int
	}{
		{"en passant", "1. e4 a6 2. e5 d5 3. exd6 e.p. a5 *", "non-standard-notation@5", 6},
		{"joined", "1. e4 a6 2. e5 d5 3. exd6e.p. a5 *", "non-standard-notation@5", 6},
		{"not en passant", "1. e4 d5 2. exd5 e.p. Qxd5 *", "non-standard-notation@3", 4},
		{"not en passant, joined", "1. e4 d5 2. exd5e.p. Qxd5 *", "non-standard-notation@3", 4},
		{"stray after a push", "1. e4 e.p. e5 *", "syntax@-1", 2},
		{"stray after a piece move", "1. e4 e5 2. Nf3 e.p. Nc6 *", "syntax@-1", 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, pgn("*", nil, c.moves), nil)
			if g := got(r); g != c.want || r.Plies != c.plies {
				t.Errorf("findings %q and %d plies, want %q and %d", g, r.Plies, c.want, c.plies)
			}
			if f := find(r, NonStandardNotation); f != nil && (!strings.Contains(f.Message, "e.p. suffix") ||
				strings.Contains(f.Message, "not en passant") != strings.HasPrefix(c.name, "not")) {
				t.Errorf("message %q", f.Message)
			}
		})
	}
}

// A move text that reads but names a move no position allows is an illegal
// move (README: "promotion missing or wrong"), not unreadable text.
func TestCheckImpossibleMoveText(t *testing.T) {
	san := replay.SAN
	for _, c := range []struct {
		name, fen, moves, want string
	}{
		{"promotion to a king", "7k/P7/8/8/8/8/8/K7 w - - 0 1", "1. a8=K Kg7 *", "illegal-move@1"},
		{"promotion to a pawn", "7k/P7/8/8/8/8/8/K7 w - - 0 1", "1. a8=P Kg7 *", "illegal-move@1"},
		{"promotion short of the last rank", "7k/8/P7/8/8/8/8/K7 w - - 0 1", "1. a7=Q Kg7 *", "illegal-move@1"},
		{"pawn capturing straight ahead", "7k/8/8/8/8/4p3/4P3/K7 w - - 0 1", "1. exe3 Kg7 *", "illegal-move@1"},
		{"promotion to a queen", "7k/P7/8/8/8/8/8/K7 w - - 0 1", "1. a8=Q+ Kh7 *", ""},
		{"unreadable", "7k/P7/8/8/8/8/8/K7 w - - 0 1", "1. a8=Z Kg7 *", "syntax@1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, pgn("*", []string{"SetUp 1", "FEN " + c.fen}, c.moves), &Options{Letters: &san})
			if g := got(r); g != c.want {
				t.Errorf("findings %q, want %q", g, c.want)
			}
			if f := find(r, IllegalMove); f != nil && !strings.Contains(f.Message, "is not a legal move anywhere") {
				t.Errorf("message %q", f.Message)
			}
		})
	}
}

// Only a Variant tag naming Chess960 proper holds the start to Chess960's
// mirror; "fischerandom", which TCEC writes for its double Fischer random
// games too, and a FEN read as Chess960 without a tag do not.
func TestCheckChess960Mirror(t *testing.T) {
	const kings = "r2k3r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"                    // kings on d8 and e1
	const dfrc = "nrnbkrbq/pppppppp/8/8/8/8/PPPPPPPP/BQNBRNKR w KQkq - 0 1" // TCEC S22 DFRC
	for _, c := range []struct {
		name, variant, fen, want string
	}{
		{"Chess960, kings apart", "Chess960", kings, "impossible-position@0"},
		{"chess 960, rooks apart", "chess 960", "1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "impossible-position@0"},
		{"960, king-side rooks apart", "960", "4k1r1/8/8/8/8/8/8/R3K2R w KQk - 0 1", "impossible-position@0"},
		{"Chess960, mirrored", "Chess960", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", ""},
		{"Chess960, Black without rights", "Chess960", "r2k3r/8/8/8/8/8/8/R3K2R w KQ - 0 1", ""},
		{"fischerandom, kings apart", "fischerandom", kings, ""},
		{"fischerandom, double Fischer random start", "fischerandom", dfrc, ""},
		{"no Variant tag, double Fischer random start", "", dfrc, "non-standard-notation@0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tags := []string{"SetUp 1", "FEN " + c.fen}
			if c.variant != "" {
				tags = append(tags, "Variant "+c.variant)
			}
			r := checkOne(t, pgn("*", tags, "*"), nil)
			if g := got(r); g != c.want {
				t.Errorf("findings %q, want %q", g, c.want)
			}
			if f := find(r, ImpossiblePosition); f != nil && !strings.Contains(f.Message, "both sides start a Chess960 game mirrored") {
				t.Errorf("message %q", f.Message)
			}
		})
	}
}

// A FEN that is a shuffle-chess start (TCEC's Chess324 and Chess18 write no
// Variant tag) is judged as the Chess960 start it is: its bishops stood
// behind their pawns from the start, which standard chess would call
// impossible. The reading is said. A bishop shut in once a pawn has moved
// is still impossible in standard chess.
func TestCheckShuffleStartWithoutVariant(t *testing.T) {
	const chess324 = "rnnqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RQNNKBBR w Qkq - 0 1"
	for _, c := range []struct {
		name, moves string
		tags        []string
		want        string
	}{
		{"Chess324, no Variant tag", "1. e4 e5 *", []string{"SetUp 1", "FEN " + chess324}, "non-standard-notation@0"},
		{"double Fischer random, rows differ", "1. e4 e5 *", []string{"SetUp 1", "FEN rbbnknqr/pppppppp/8/8/8/8/PPPPPPPP/RNBBKNQR w KQkq - 0 1"}, "non-standard-notation@0"},
		{"Variant Chess960", "1. e4 e5 *", []string{"Variant Chess960", "SetUp 1", "FEN " + chess324}, ""},
		{"the standard start", "1. e4 e5 *", []string{"SetUp 1", "FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, ""},
		{"a pawn moved", "1... e5 *", []string{"SetUp 1", "FEN rnnqkbbr/pppppppp/8/8/4P3/8/PPPP1PPP/RQNNKBBR b Qkq - 0 1"},
			"impossible-position@0 impossible-position@0"},
	} {
		r := checkOne(t, pgn("*", c.tags, c.moves), nil)
		if g := got(r); g != c.want || r.Plies != 2-strings.Count(c.moves, "...") {
			t.Errorf("%s: findings %q and %d plies, want %q", c.name, g, r.Plies, c.want)
		}
		const say = "the FEN is the start of a game of shuffle chess (every pawn unmoved, the pieces of the first rank in another order than chess's), " +
			"and no Variant tag names the variant: the position is judged as a Chess960 start"
		if f := find(r, NonStandardNotation); f != nil && f.Message != say {
			t.Errorf("%s: message %q", c.name, f.Message)
		}
	}
}
