package replay

import (
	"strings"
	"testing"
)

// historyPlay plays SAN moves from p, recording them in h ("--" for a null
// move), and returns after each ply the count, IsThreefold and
// CanClaimThreefold.
type historyPly struct {
	count            int
	threefold, claim bool
}

func historyPlay(t *testing.T, p *Position, h *History, moves string) []historyPly {
	t.Helper()
	var out []historyPly
	for _, s := range strings.Fields(moves) {
		if s == "--" {
			h.PlayNull(p)
		} else {
			n, err := ParseMove([]byte(s), SAN)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			m, err := p.Resolve(&n)
			if err != nil {
				t.Fatalf("%s in %s: %v", s, p.FEN(), err)
			}
			h.Play(p, m)
		}
		out = append(out, historyPly{h.Count(), h.IsThreefold(), h.CanClaimThreefold(p)})
	}
	return out
}

func TestHistoryThreefold(t *testing.T) {
	p := StartPosition()
	var h History
	h.Reset(&p)
	if h.Count() != 1 || h.Len() != 1 || h.CanClaimThreefold(&p) {
		t.Fatalf("after Reset: count %d, len %d", h.Count(), h.Len())
	}
	got := historyPlay(t, &p, &h, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nc3")
	want := []historyPly{
		{1, false, false}, {1, false, false}, {1, false, false},
		{2, false, false}, // the start position again
		{2, false, false}, {2, false, false},
		{2, false, true}, // Black can claim: Ng8 makes the start position's third time
		{3, true, true},  // it has: claimable now
		{1, false, false},
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("ply %d: %+v, want %+v", i+1, got[i], want[i])
		}
	}
	if !h.IsRepetition(1) || h.IsRepetition(2) || h.IsFivefold() {
		t.Errorf("after Nc3: IsRepetition(1) %v, IsRepetition(2) %v", h.IsRepetition(1), h.IsRepetition(2))
	}
}

func TestHistoryFivefold(t *testing.T) {
	p := StartPosition()
	var h History
	h.Reset(&p)
	got := historyPlay(t, &p, &h, strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4))
	if c := got[len(got)-1].count; c != 5 || !h.IsFivefold() {
		t.Fatalf("start position count %d after four returns, fivefold %v", c, h.IsFivefold())
	}
}

// TestHistoryIrreversible: a capture, a pawn move, a lost castling right
// and a move made when en passant was legal each start the count afresh;
// a null move does not.
func TestHistoryIrreversible(t *testing.T) {
	cases := []struct {
		name, fen, moves string
		want             int // count after the moves
	}{
		{"knights shuffle", StartFEN, "Nf3 Nf6 Ng1 Ng8", 2},
		{"pawn move between", StartFEN, "Nf3 Nf6 Ng1 Ng8 e3 e6 Nf3 Nf6 Ng1 Ng8", 2},
		{"king move loses rights", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kd1 Kd8 Ke1 Ke8 Kd1 Kd8", 2},
		{"rook move loses a right", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Rb1 Rb8 Ra1 Ra8 Rb1 Rb8", 2},
		{"capture", "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "Rxd5 Kf8 Rd1 Ke8 Rd5 Kf8", 2},
		{"null moves count", StartFEN, "Nf3 -- Ng1 --", 2},
	}
	for _, c := range cases {
		p := sanFEN(t, c.fen)
		var h History
		h.Reset(&p)
		got := historyPlay(t, &p, &h, c.moves)
		if n := got[len(got)-1].count; n != c.want {
			t.Errorf("%s: count %d, want %d", c.name, n, c.want)
		}
	}
	// Rb1 and Rb8 each give up a right: the window restarts after Rb8,
	// and the pieces standing as at the start do not make a repetition.
	p := sanFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	var h History
	h.Reset(&p)
	historyPlay(t, &p, &h, "Rb1 Rb8 Ra1 Ra8")
	if h.Len() != 3 || h.Count() != 1 {
		t.Errorf("after Rb1 Rb8 Ra1 Ra8: len %d, count %d; want 3, 1", h.Len(), h.Count())
	}
}

// TestHistoryEnPassant: the en-passant square is part of the position only
// when the capture is legal (FIDE 9.2.2), and a move made while it is
// legal cuts the history, as python-chess has it.
func TestHistoryEnPassant(t *testing.T) {
	// After d7-d5 with a white pawn on e5 the capture is legal: that
	// position never recurs.
	p := sanFEN(t, "4k3/3p4/8/4P3/8/8/8/4K2N b - - 0 1")
	if p.IsIrreversible(NewMove(MakeSquare(4, 7), MakeSquare(3, 7))) {
		t.Errorf("a king move without en passant about is reversible")
	}
	var h History
	h.Reset(&p)
	historyPlay(t, &p, &h, "d5")
	if !p.LegalEnPassant() || !p.IsIrreversible(NewMove(MakeSquare(7, 0), MakeSquare(6, 2))) {
		t.Fatalf("en passant should be legal after d5, and any move irreversible")
	}
	if !p.IsIrreversible(NoMove) {
		t.Errorf("a null move while en passant is legal should be irreversible")
	}
	historyPlay(t, &p, &h, "Ng3 Kd8 Nh1 Ke8")
	if h.Len() != 4 || h.Count() != 1 {
		t.Errorf("window after en passant expired: len %d, count %d; want 4, 1", h.Len(), h.Count())
	}
	// Pinned capturer: the en-passant square does not count, so the
	// position after d5 recurs after a knight tour.
	p = sanFEN(t, "4k3/3p4/8/K3P2r/8/8/8/7N b - - 0 1")
	h.Reset(&p)
	historyPlay(t, &p, &h, "d5")
	if p.LegalEnPassant() {
		t.Fatalf("exd6 exposes the king on a5 to the rook on h5: not legal")
	}
	historyPlay(t, &p, &h, "Ng3 Rh6 Nh1 Rh5")
	if h.Count() != 2 {
		t.Errorf("position after d5 with an illegal en passant: count %d, want 2", h.Count())
	}
}

// TestHistoryOverflow runs past the inline capacity without an
// irreversible move.
func TestHistoryOverflow(t *testing.T) {
	p := StartPosition()
	var h History
	h.Reset(&p)
	cycle := "Nf3 Nf6 Ng1 Ng8 "
	historyPlay(t, &p, &h, strings.Repeat(cycle, 300))
	if h.Len() != 1201 || h.Count() != 301 || !h.CanClaimThreefold(&p) {
		t.Fatalf("len %d, count %d", h.Len(), h.Count())
	}
	historyPlay(t, &p, &h, "e4")
	if h.Len() != 1 || h.Count() != 1 || h.CanClaimThreefold(&p) {
		t.Fatalf("after e4: len %d, count %d", h.Len(), h.Count())
	}
}

func TestHistoryNoAllocations(t *testing.T) {
	start := StartPosition()
	var moves []Move
	p := start
	for _, s := range strings.Fields("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4 e5 Nf3 Nc6 Bb5 a6") {
		n, _ := ParseMove([]byte(s), SAN)
		m, err := p.Resolve(&n)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Play(m)
	}
	var h History
	allocs := testing.AllocsPerRun(20, func() {
		p := start
		h.Reset(&p)
		for _, m := range moves {
			h.Play(&p, m)
			_ = h.CanClaimThreefold(&p)
			_ = p.CanClaimFiftyMoves()
		}
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per game", allocs)
	}
}

func TestFiftyAndSeventyFiveMoves(t *testing.T) {
	cases := []struct {
		name, fen                 string
		fifty, claim, seventyFive bool
	}{
		{"clock 98", "4k3/8/8/8/8/8/8/R3K3 w - - 98 80", false, false, false},
		{"clock 99, quiet move", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", false, true, false},
		{"clock 99, only pawn moves", "4k3/8/8/8/8/1p6/pP6/K7 w - - 99 80", false, false, false},
		{"clock 99, only a capture", "k7/8/8/8/8/8/1r6/K7 w - - 99 80", false, false, false},
		// Kg1 is the only move that neither captures nor moves a pawn, and
		// it leaves Black stalemated: no legal move at 100, no claim.
		{"clock 99, only quiet move stalemates", "k7/p1P5/P7/8/8/8/6PP/7K w - - 99 80", false, false, false},
		{"clock 99, only quiet move, Black can move", "k7/p7/P7/8/8/8/6PP/7K w - - 99 80", false, true, false},
		{"clock 100", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", true, true, false},
		{"clock 100, mated", "R3k3/8/4K3/8/8/8/8/8 b - - 100 80", false, false, false},
		{"clock 149", "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", true, true, false},
		{"clock 150", "4k3/8/8/8/8/8/8/R3K3 w - - 150 80", true, true, true},
		{"clock 150, mated", "R3k3/8/4K3/8/8/8/8/8 b - - 150 80", false, false, false},
		{"clock 150, stalemated", "k7/2Q5/1K6/8/8/8/8/8 b - - 150 80", false, false, false},
	}
	for _, c := range cases {
		p := sanFEN(t, c.fen)
		if got := p.IsFiftyMoves(); got != c.fifty {
			t.Errorf("%s: IsFiftyMoves %v", c.name, got)
		}
		if got := p.CanClaimFiftyMoves(); got != c.claim {
			t.Errorf("%s: CanClaimFiftyMoves %v", c.name, got)
		}
		if got := p.IsSeventyFiveMoves(); got != c.seventyFive {
			t.Errorf("%s: IsSeventyFiveMoves %v", c.name, got)
		}
	}
}

// BenchmarkHistoryPlay replays a game with a History, asking after every
// ply what a validator asks.
func BenchmarkHistoryPlay(b *testing.B) {
	start := StartPosition()
	p := start
	var moves []Move
	for _, s := range kasparovTopalov {
		n, _ := ParseMove([]byte(s), SAN)
		m, err := p.Resolve(&n)
		if err != nil {
			b.Fatal(err)
		}
		moves = append(moves, m)
		p.Play(m)
	}
	var h History
	b.ReportAllocs()
	for b.Loop() {
		p := start
		h.Reset(&p)
		for _, m := range moves {
			h.Play(&p, m)
			_ = h.IsFivefold() || h.CanClaimThreefold(&p) || p.CanClaimFiftyMoves() || p.IsSeventyFiveMoves()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/ply")
}

// A shuffle of tens of thousands of plies without a capture or a pawn move
// counts each position's occurrences exactly: a repeated key is counted in
// its list entry, not by searching the window (which took the square of the
// plies: 0.64 s for a 50,000-ply game, now 0.03 s).
// TestThreefoldMove: the claim CanClaimThreefold finds, said: by the move
// that repeats a position (even the overflowed window's full count finds
// it), on the position itself (NoMove), or none.
func TestThreefoldMove(t *testing.T) {
	p := StartPosition()
	var h History
	h.Reset(&p)
	historyPlay(t, &p, &h, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6")
	if m, ok := h.ThreefoldMove(&p); ok {
		t.Errorf("after 3...Nf6: %v, want no claim", m)
	}
	historyPlay(t, &p, &h, "Ng1")
	if m, ok := h.ThreefoldMove(&p); !ok || p.SAN(m) != "Ng8" {
		t.Errorf("after 4.Ng1: %v %v, want Ng8", m, ok)
	}
	historyPlay(t, &p, &h, "Ng8")
	if m, ok := h.ThreefoldMove(&p); !ok || m != NoMove {
		t.Errorf("after 4...Ng8: %v %v, want the position itself", m, ok)
	}
	historyPlay(t, &p, &h, "Nc3")
	if m, ok := h.ThreefoldMove(&p); ok {
		t.Errorf("after 5.Nc3: %v, want no claim", m)
	}
	// Many positions twice: the window is searched move by move.
	p = StartPosition()
	h.Reset(&p)
	h.manyTwice = true
	historyPlay(t, &p, &h, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	if m, ok := h.ThreefoldMove(&p); !ok || p.SAN(m) != "Ng8" {
		t.Errorf("searching the window, after 4.Ng1: %v %v, want Ng8", m, ok)
	}
}

func TestHistoryLongShuffle(t *testing.T) {
	p := StartPosition()
	var h History
	h.Reset(&p)
	cycle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for ply := 1; ply <= 20000; ply++ {
		h.Play(&p, sanMoveByUCI(t, &p, cycle[(ply-1)%4]))
		// The start position comes back every fourth ply; the others at
		// their own step of the cycle.
		if want := (ply+3)/4 + b2i(ply%4 == 0); h.Count() != want {
			t.Fatalf("ply %d: count %d, want %d", ply, h.Count(), want)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkHistoryLongShuffle plays 20,000 plies of a knight shuffle: the
// repeated keys are counted in their list entries, so a ply costs the same
// at the end of the window as at its start.
func BenchmarkHistoryLongShuffle(b *testing.B) {
	start := StartPosition()
	var moves [4]Move
	q := start
	for i, u := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
		moves[i] = sanMoveByUCI(b, &q, u)
		q.Play(moves[i])
	}
	var h History
	for b.Loop() {
		p := start
		h.Reset(&p)
		for ply := range 20000 {
			h.Play(&p, moves[ply%4])
		}
	}
}
