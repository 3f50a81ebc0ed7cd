package replay

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

func TestFENRoundTripSuites(t *testing.T) {
	files, _ := filepath.Glob("../testdata/perft/*.epd")
	n := 0
	for _, path := range files {
		for _, c := range readSuite(t, path) {
			p := mustFEN(t, c.fen)
			got := p.FEN()
			if p.Chess960() {
				got = p.FENWith(FENOptions{Shredder: true})
			}
			if got != c.fen {
				t.Errorf("%s:%d: FEN() = %q, want %q", c.file, c.line, got, c.fen)
			}
			n++
		}
	}
	if n < 100 {
		t.Errorf("only %d FENs", n)
	}
}

func TestFENDefaultsAndWhitespace(t *testing.T) {
	p := mustFEN(t, "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  ")
	if p.Halfmove() != 0 || p.Fullmove() != 1 || p.FEN() != StartFEN {
		t.Errorf("got %q (clocks %d %d)", p.FEN(), p.Halfmove(), p.Fullmove())
	}
	p = mustFEN(t, "4k3/8/8/8/8/8/8/4K3 b - - 17")
	if p.Halfmove() != 17 || p.Fullmove() != 1 {
		t.Errorf("clocks %d %d, want 17 1", p.Halfmove(), p.Fullmove())
	}
	p = mustFEN(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 0")
	if p.Fullmove() != 1 {
		t.Errorf("fullmove 0 read as %d, want 1", p.Fullmove())
	}
	if got := StartPosition(); got.FEN() != StartFEN || got.Chess960() {
		t.Errorf("StartPosition %q chess960=%v", got.FEN(), got.Chess960())
	}
}

func TestFENErrors(t *testing.T) {
	const board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	for _, c := range []struct {
		fen    string
		field  string
		offset int
	}{
		{"", "board", 0},
		{board, "turn", 43},
		{board + " w", "castling", 45},
		{board + " w KQkq", "en passant", 50},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board", 34},            // 7 ranks
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "board", 43}, // 9 ranks
		{"rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 8},
		{"rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 7},
		{"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 19},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 18},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "board", 42},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 19},
		{"rnbqkbnr/pppp~ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 13},
		{board + " x KQkq - 0 1", "turn", 44},
		{board + " white KQkq - 0 1", "turn", 44},
		{board + " w KQkx - 0 1", "castling", 49},
		{board + " w KK - 0 1", "castling", 47},
		{board + " w KQkq e4 0 1", "en passant", 51},
		{board + " w KQkq e9 0 1", "en passant", 51},
		{board + " w KQkq i6 0 1", "en passant", 51},
		{board + " w KQkq e 0 1", "en passant", 51},
		{board + " w KQkq - -1 1", "halfmove", 53},
		{board + " w KQkq - +3 1", "halfmove", 53},
		{board + " w KQkq - x 1", "halfmove", 53},
		{board + " w KQkq - 99999999999 1", "halfmove", 53},
		{board + " w KQkq - 0 one", "fullmove", 55},
		{board + " w KQkq - 0 1 extra", "trailing", 57},
		// The first field past the sixth is named, however many follow.
		{board + " w KQkq - 0 1 extra words after it", "trailing", 57},
		{board + "\tw\tKQkq\t-\t0\t1 \t extra", "trailing", 59},
	} {
		_, err := ParseFEN(c.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want a *FENError", c.fen, err)
			continue
		}
		if fe.Field != c.field || fe.Offset != c.offset {
			t.Errorf("%q: %v (field %q offset %d), want field %q offset %d", c.fen, err, fe.Field, fe.Offset, c.field, c.offset)
		}
		if !strings.Contains(fe.Error(), c.field) || fe.Msg == "" {
			t.Errorf("%q: message %q does not name the field", c.fen, fe.Error())
		}
	}
}

func TestFENCastlingDialects(t *testing.T) {
	for _, c := range []struct {
		in, xfen, shredder string
		chess960           bool
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "KQkq", "HAha", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "KQkq", "HAha", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "Kq", "Ha", false},
		// Inner rooks: X-FEN names them by file, K/Q stay for the outermost.
		{"rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1", "Bb", "Bb", true},
		{"rr2k3/8/8/8/8/8/8/RR2K3 w Qq - 0 1", "Qq", "Aa", false},
		{"1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1", "KQkq", "HBhb", true},
		{"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", "GQgq", "GBgb", true},
		// Chess960 start: king on b1 between rooks on a1 and c1.
		{"rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1", "KQkq", "CAca", true},
		// Rights that cannot be used are dropped: no rook, king off its square, rook on the wrong side.
		{"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "-", "-", false},
		{"r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", "kq", "ha", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Ckq - 0 1", "kq", "ha", false},
		{"r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "-", "-", false},
	} {
		p := mustFEN(t, c.in)
		got := strings.Fields(p.FEN())[2]
		gotS := strings.Fields(p.FENWith(FENOptions{Shredder: true}))[2]
		if got != c.xfen || gotS != c.shredder || p.Chess960() != c.chess960 {
			t.Errorf("%s: X-FEN %q Shredder %q chess960 %v; want %q %q %v", c.in, got, gotS, p.Chess960(), c.xfen, c.shredder, c.chess960)
		}
		q := mustFEN(t, p.FEN())
		if q.Castling() != p.Castling() {
			t.Errorf("%s: X-FEN output does not re-read to the same rights", c.in)
		}
	}
	p := mustFEN(t, "rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1")
	if p.CastlingRook(White, QueenSide) != MakeSquare(1, 0) || p.CastlingRook(Black, QueenSide) != MakeSquare(1, 7) ||
		p.CastlingRook(White, KingSide) != NoSquare {
		t.Errorf("CastlingRook: %v", p.Castling())
	}
}

func TestFENEnPassantOutput(t *testing.T) {
	// After e2e4 no black pawn can take: no square in FEN() (python-chess
	// style), but it is still the position's EnPassant.
	p := StartPosition()
	playUCI(t, &p, "e2e4")
	if p.EnPassant() != MakeSquare(4, 2) {
		t.Errorf("EnPassant = %v, want e3", p.EnPassant())
	}
	if got := p.FEN(); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("FEN() = %q", got)
	}
	if got := p.FENWith(FENOptions{AlwaysEnPassant: true}); got != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" {
		t.Errorf("FENWith(AlwaysEnPassant) = %q", got)
	}
	p = mustFEN(t, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
	if !strings.Contains(p.FEN(), " e3 ") {
		t.Errorf("legal en passant not written: %q", p.FEN())
	}
}

// TestImpossiblePositions: positions that cannot arise in a game but can be
// written in FEN are read, and every operation on them is safe.
func TestImpossiblePositions(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves int
	}{
		{"8/8/8/8/8/8/8/8 w - - 0 1", 0},
		{"8/8/8/8/8/8/8/R7 w - - 0 1", 14},    // no kings: every rook move
		{"k7/8/8/8/8/8/8/R7 b - - 0 1", 2},    // no white king; Black in check on the a-file
		{"k7/8/8/8/8/8/8/K6K w - - 0 1", 6},   // two white kings, three moves each
		{"k7/8/8/8/8/8/1r6/K6K w - - 0 1", 2}, // two kings, neither may step next to the rook's lines
		{"k7/8/8/8/8/8/8/KP6 w - - 0 1", 3},   // pawn on the first rank
		{"kP6/8/8/8/8/8/8/K7 w - - 0 1", 3},   // pawn on the last rank: no move
		{"k7/8/8/8/8/8/8/K7 w - e6 0 1", 3},   // en-passant square without a pawn
		{"k7/8/8/8/8/8/8/K7 w - e3 0 1", 3},   // en-passant square on the wrong rank
		{"k7/8/8/8/8/8/8/K6r b - - 0 1", 17},  // the side not to move is in check: its king may be taken
		{"QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/k6K w - - 0 1", -1},
		{"QQQQQQQQ/QQQQQQQQ/8/8/8/8/QQQQQQQQ/QQQQQQQQ w - - 0 1", -1},
	} {
		p := mustFEN(t, c.fen)
		var ml MoveList
		p.LegalMoves(&ml)
		if c.moves >= 0 && ml.Len() != c.moves {
			t.Errorf("%s: %d legal moves, want %d: %v", c.fen, ml.Len(), c.moves, ml.Slice())
		}
		if p.HasLegalMove() != (ml.Len() > 0) {
			t.Errorf("%s: HasLegalMove disagrees with LegalMoves", c.fen)
		}
		_ = p.InCheck()
		_ = p.RepetitionKey()
		for _, m := range ml.Slice() {
			q := p
			q.Play(m)
			if q.Key() != q.computeKey() {
				t.Errorf("%s: %v: key drift", c.fen, m)
			}
			_ = q.FEN()
		}
		if got := Perft(p, 2); got != PerftPlain(p, 2) {
			t.Errorf("%s: Perft and PerftPlain differ", c.fen)
		}
	}
}
