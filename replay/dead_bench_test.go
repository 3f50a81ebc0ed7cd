package replay

import "testing"

// Positions of the kinds a game ends in: middlegames (resignation, flag
// fall), endgames with and without mating material, pawn walls.
var gameEnds = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"8/8/8/3k4/8/8/2N5/K5q1 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
	"7k/8/6K1/8/8/8/8/1B5b w - - 0 1",
	"7k/5K1P/8/8/8/8/8/8 b - - 0 1",
	"8/1k6/1p1p2p1/1P1Pp1Pp/4P2P/8/7K/8 w - - 0 1",
	"8/1k6/1p1p2p1/1P1Pp1Pp/1P2P2P/1P6/1P5K/B7 w - - 0 1",
	"5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1",
}

func benchPositions(b *testing.B) []Position {
	ps := make([]Position, len(gameEnds))
	for i, fen := range gameEnds {
		ps[i] = deadFEN(b, fen)
	}
	return ps
}

// One op is one question: one position, one colour.
func BenchmarkCanMateFast(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := &ps[i%len(ps)]
		p.CanMateFast(Color(i / len(ps) % 2))
	}
}

func BenchmarkIsDeadFast(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ps[i%len(ps)].IsDeadFast()
	}
}

func BenchmarkInsufficientMaterial(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ps[i%len(ps)].InsufficientMaterial(Color(i / len(ps) % 2))
	}
}

// CanMate on positions where the helpmate search has to find the mate.
func BenchmarkCanMate(b *testing.B) {
	fens := []struct {
		fen string
		c   Color
	}{
		{StartFEN, White},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Black},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", Black},
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", White},
		{"k3r3/8/1K6/3N4/8/8/8/8 b - - 0 1", White},
	}
	ps := make([]Position, len(fens))
	for i, f := range fens {
		ps[i] = deadFEN(b, f.fen)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := i % len(ps)
		if ps[k].CanMate(fens[k].c) != Yes {
			b.Fatalf("%s: no mate found", fens[k].fen)
		}
	}
}

func BenchmarkAudit(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ps[i%len(ps)].Audit()
	}
}
