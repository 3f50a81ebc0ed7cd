package replay

import (
	"math/rand/v2"
	"testing"
)

// randomPlay plays games of up to plies random legal moves from each start
// in turn, and calls visit with the position before each ply and each of
// its legal moves.
func randomPlay(t *testing.T, starts []string, src rand.Source, games, plies int, visit func(p Position, m Move)) {
	t.Helper()
	r := rand.New(src)
	for g := 0; g < games; g++ {
		p := mustFEN(t, starts[g%len(starts)])
		for ply := 0; ply < plies; ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			for _, m := range ml.Slice() {
				visit(p, m)
			}
			p.Play(ml.At(r.IntN(ml.Len())))
		}
	}
}

// TestGaveCheck plays random games and, at every ply, every legal move:
// GaveCheck must say what InCheck says, for each way a move gives check.
func TestGaveCheck(t *testing.T) {
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", // castling, pins, promotions near
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                            // en passant that uncovers a rook
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",     // promotions with check
		"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",                                     // castling that checks with the rook
		"8/5k2/8/3pP3/8/1B6/8/4K3 w - d6 0 1",                                  // en passant that uncovers a bishop
		"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",                             // Chess960 castling
	}
	var checks, opened, total int
	var h History
	randomPlay(t, starts, rand.NewPCG(3, 5), 600, 120, func(p Position, m Move) {
		q := p
		q.Play(m)
		want := q.InCheck()
		if got := q.GaveCheck(m); got != want {
			t.Fatalf("%s, %s: GaveCheck %v, InCheck %v", p.FEN(), m.UCI(p.Chess960()), got, want)
		}
		// PlayGaveCheck answers the first test itself.
		h.Reset(&p)
		q2 := p
		if got := h.PlayGaveCheck(&q2, m); got != want || q2 != q {
			t.Fatalf("%s, %s: PlayGaveCheck %v, InCheck %v", p.FEN(), m.UCI(p.Chess960()), got, want)
		}
		total++
		if want {
			checks++
			// A check the arriving piece does not give is opened.
			dest := m.To()
			if m.IsCastle() {
				_, dest = castleTargets(m.From(), m.To())
			}
			if q.Checkers() != dest.Bit() {
				opened++
			}
		}
	})
	if checks < 1000 || opened < 100 {
		t.Errorf("only %d checks (%d opened) among %d moves: the test proves little", checks, opened, total)
	}
}

// TestPlayGaveCheckKingTaken: a set-up position or a null move may leave
// the side not to move in check, and its king is then taken. The side to
// move next has no king and is in no check, whatever stands on the square
// PlayGaveCheck's one-king reckoning would take for the king's; a king
// that cannot be taken keeps that reckoning.
func TestPlayGaveCheckKingTaken(t *testing.T) {
	a1, a8, e1, e2 := MakeSquare(0, 0), MakeSquare(0, 7), MakeSquare(4, 0), MakeSquare(4, 1)
	var h History

	// Set up with Black in check: White takes the king on a8.
	p := mustFEN(t, "k7/8/8/8/8/8/1r6/R6K w - - 0 1")
	h.Reset(&p)
	if h.PlayGaveCheck(&p, NewMove(a1, a8)) {
		t.Errorf("Rxa8 taking the king: PlayGaveCheck true, want false")
	}
	// Black's rook then checks along the first rank.
	if !h.PlayGaveCheck(&p, NewMove(MakeSquare(1, 1), MakeSquare(1, 0))) {
		t.Errorf("Rb1+: PlayGaveCheck false, want true")
	}

	// White, in check, passes: Black takes the king on e1.
	p = mustFEN(t, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
	h.Reset(&p)
	h.PlayNull(&p)
	if h.PlayGaveCheck(&p, NewMove(e2, e1)) {
		t.Errorf("null move, Rxe1 taking the king: PlayGaveCheck true, want false")
	}

	// Near miss: the same rook move with the king out of reach checks.
	p = mustFEN(t, "4k3/8/8/8/8/8/4r3/K7 b - - 0 1")
	h.Reset(&p)
	if !h.PlayGaveCheck(&p, NewMove(e2, e1)) {
		t.Errorf("Re1+ with the king on a1: PlayGaveCheck false, want true")
	}
}

// TestPlayGaveCheckAfterIllegalPosition: after a set-up position or a null
// move that leaves the side not to move in check, PlayGaveCheck answers
// InCheck: a check the move did not give is still a check.
func TestPlayGaveCheckAfterIllegalPosition(t *testing.T) {
	var h History

	// Set up with Black in check: a king move of White's leaves it so.
	p := mustFEN(t, "k7/8/8/8/8/8/8/R6K w - - 0 1")
	h.Reset(&p)
	if !h.PlayGaveCheck(&p, NewMove(MakeSquare(7, 0), MakeSquare(7, 1))) {
		t.Errorf("Kh2 with Black in check: PlayGaveCheck false, want true")
	}

	// White, in check, passes; Black's king move leaves White in check.
	p = mustFEN(t, "k7/8/8/8/8/8/4r3/4K3 w - - 0 1")
	h.Reset(&p)
	h.PlayNull(&p)
	if !h.PlayGaveCheck(&p, NewMove(MakeSquare(0, 7), MakeSquare(1, 7))) {
		t.Errorf("null move, Kb8 with White in check: PlayGaveCheck false, want true")
	}
	// White steps out of it: a legal move, and no check on Black.
	if h.PlayGaveCheck(&p, NewMove(MakeSquare(4, 0), MakeSquare(3, 0))) {
		t.Errorf("Kd1: PlayGaveCheck true, want false")
	}

	// Near miss: a legal set-up, where the same king move gives no check.
	p = mustFEN(t, "k7/8/8/8/8/8/8/1R5K w - - 0 1")
	h.Reset(&p)
	if h.PlayGaveCheck(&p, NewMove(MakeSquare(7, 0), MakeSquare(7, 1))) {
		t.Errorf("Kh2 in a legal position: PlayGaveCheck true, want false")
	}
}
