package replay

import "testing"

// planned runs the planned mate alone, after the forced moves, as full
// does.
func planned(t *testing.T, p *Position, c Color) ([]Move, bool) {
	t.Helper()
	w := getWorkspace()
	defer putWorkspace(w)
	w.winner = c
	q := *p
	if w.playForced(&q) != Unknown {
		t.Fatalf("%s: the forced moves decide it", p.FEN())
	}
	if !w.planMate(&q) {
		return nil, false
	}
	return append([]Move{}, w.mateLine(w.found)...), true
}

func TestPlanMate(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		c    Color
		want bool
	}{
		// The pawn promotes to a piece that then blocks its own king's
		// corner: far beyond the helpmate search's node budget.
		{"K+N v K+P, a centre pawn", "8/2k5/8/8/4p3/4K3/6N1/8 b - - 0 1", White, true},
		{"K+N v K+P, White's pawn", "8/5k2/8/8/8/2P5/3K4/6n1 w - - 0 1", Black, true},
		{"K+N v K+N", "8/8/1K6/4N3/8/4n3/6k1/8 w - - 0 1", White, true},
		// The loser's knight next to its king, the bishop checking from
		// the square next to it.
		{"K+B v K+N", "8/8/8/2K4k/8/3n4/8/1B6 b - - 0 1", White, true},
		{"K+B v K+P", "8/8/3k4/8/8/p7/8/2K2B2 w - - 0 1", White, true},
		// No plan: nothing of the loser's can block (queens never do).
		{"K+B+N v K", "8/8/3k4/8/8/8/8/2K1NB2 w - - 0 1", White, false},
		{"K+N+N v K+Q", "8/8/8/3k4/8/8/2NN4/K5q1 w - - 0 1", White, false},
		// A side with a rook is not planned for.
		{"K+R v K+N", "8/8/3k4/8/4n3/8/8/2K2R2 w - - 0 1", White, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := deadFEN(t, tt.fen)
			line, ok := planned(t, &p, tt.c)
			if ok != tt.want {
				t.Fatalf("planned mate for %s: %v, want %v", tt.c, ok, tt.want)
			}
			if ok {
				checkHelpmate(t, p, tt.c, line)
				if v := p.CanMate(tt.c); v != Yes {
					t.Errorf("CanMate %s after a planned mate", v)
				}
			}
		})
	}
}

// The plan only ever adds mates: where it is off, the answers are what
// the layers without it give, and never No where it finds one.
func TestPlanMateNeverContradicts(t *testing.T) {
	for _, fen := range append(gameEnds,
		"8/2k5/8/8/4p3/4K3/6N1/8 b - - 0 1",
		"8/8/8/2K4k/8/3n4/8/1B6 b - - 0 1",
		"kn6/8/2K5/8/8/8/8/5B2 w - - 0 1",
		"7k/8/6K1/8/8/8/8/1B5b w - - 0 1",
	) {
		p := deadFEN(t, fen)
		for c := White; c <= Black; c++ {
			with := p.CanMate(c)
			planEnabled = false
			without := p.CanMate(c)
			planEnabled = true
			if with != without && (with != Yes || without != Unknown) {
				t.Errorf("%s: %s can mate: %s with plans, %s without", fen, c, with, without)
			}
		}
	}
}
