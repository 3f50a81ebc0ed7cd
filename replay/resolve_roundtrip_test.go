package replay

import (
	"strings"
	"testing"
)

// playoutRand is a small deterministic generator for random playouts.
type playoutRand uint64

func (r *playoutRand) intn(n int) int {
	*r ^= *r << 13
	*r ^= *r >> 7
	*r ^= *r << 17
	return int(uint64(*r) % uint64(n))
}

// Start positions for random playouts besides the standard one: Chess960
// starts (king and rooks on unusual files), and positions that put
// promotions, en passant, castling on both sides, pins and checks within a
// few plies: Kiwipete and perft positions 3-5 of the Chess Programming
// Wiki's perft results page (published test data, see testdata/san/README.md)
// and three of our own.
var playoutStarts = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"1n2k3/PPP5/8/8/8/8/5ppp/3K2N1 w - - 0 1",
	"r3k2r/8/8/2Pp4/8/8/8/R3K2R w KQkq d6 0 1",
	"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
}

// playoutPositions plays random games from every start and returns the
// positions met (each at most plies deep).
func playoutPositions(t testing.TB, games, plies int) []Position {
	var out []Position
	rnd := playoutRand(0x2545f4914f6cdd1d)
	var starts []Position
	for _, fen := range playoutStarts {
		starts = append(starts, sanFEN(t, fen))
	}
	for _, n := range []int{0, 105, 226, 314, 518, 700, 959} {
		p, err := Chess960Position(n)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	var ml MoveList
	for g := 0; g < games; g++ {
		p := starts[g%len(starts)]
		for ply := 0; ply < plies; ply++ {
			out = append(out, p)
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.Play(ml.At(rnd.intn(ml.Len())))
		}
	}
	return out
}

// checkRoundTrip checks every legal move of p: resolve(parse(text(m))) == m
// for SAN, long algebraic and UCI; SAN is unique and minimal (dropping any
// of its disambiguation makes it ambiguous); the slow resolver agrees with
// the fast one; Deviations finds nothing in our own SAN. It returns the
// number of moves checked.
func checkRoundTrip(t *testing.T, p *Position) int {
	t.Helper()
	var ml MoveList
	p.LegalMoves(&ml)
	seen := make(map[string]Move, ml.Len())
	for _, m := range ml.Slice() {
		san := p.SAN(m)
		if other, dup := seen[san]; dup {
			t.Fatalf("%s: %v and %v both written %s", p.FEN(), other, m, san)
		}
		seen[san] = m
		n := roundTripParse(t, p, san, m)
		if d := p.Deviations(&n, m); d != 0 {
			t.Fatalf("%s: our own SAN %s deviates: %s", p.FEN(), san, d)
		}
		if slow, err := p.resolveSlow(&n); err != nil || slow != m {
			t.Fatalf("%s: slow resolution of %s = %v, %v; want %v", p.FEN(), san, slow, err, m)
		}
		roundTripParse(t, p, p.LongAlgebraic(m), m)
		roundTripParse(t, p, m.UCI(true), m)
		if m.IsCastle() && !p.chess960 {
			roundTripParse(t, p, m.UCI(false), m)
		}
		checkMinimal(t, p, n, san, m)
		if p.MovedKind(m) == Pawn && m.From().File() != m.To().File() {
			checkFileCapture(t, p, &ml, m)
		}
	}
	return ml.Len()
}

func roundTripParse(t *testing.T, p *Position, text string, want Move) Notation {
	t.Helper()
	n, err := ParseMove([]byte(text), SAN)
	if err != nil {
		t.Fatalf("%s: ParseMove(%q): %v", p.FEN(), text, err)
	}
	got, err := p.Resolve(&n)
	if err != nil || got != want {
		t.Fatalf("%s: Resolve(%q) = %v, %v; want %v", p.FEN(), text, got, err, want)
	}
	return n
}

// checkMinimal drops each part of the disambiguation of a SAN piece move
// and expects Ambiguous.
func checkMinimal(t *testing.T, p *Position, n Notation, san string, m Move) {
	t.Helper()
	if n.FromFile < 0 && n.FromRank < 0 {
		return
	}
	if n.Kind == Pawn {
		return
	}
	for _, drop := range []struct{ file, rank bool }{{true, false}, {false, true}} {
		if drop.file && n.FromFile < 0 || drop.rank && n.FromRank < 0 {
			continue
		}
		less := n
		if drop.file {
			less.FromFile = -1
		}
		if drop.rank {
			less.FromRank = -1
		}
		if n.FromFile >= 0 && n.FromRank >= 0 {
			// With both written, each alone must fail to single m out,
			// else SAN would have used it.
			if _, err := p.Resolve(&less); err == nil {
				t.Fatalf("%s: %s disambiguates more than needed", p.FEN(), san)
			}
			continue
		}
		_, err := p.Resolve(&less)
		re, ok := err.(*ResolveError)
		if !ok || re.Reason != Ambiguous {
			t.Fatalf("%s: %s without its disambiguation: %v, want ambiguous", p.FEN(), san, err)
		}
	}
}

// checkFileCapture resolves the pawn capture m written by files only (the
// Russian "dc"): m when it is the only pawn capture between those files,
// Ambiguous otherwise.
func checkFileCapture(t *testing.T, p *Position, ml *MoveList, m Move) {
	t.Helper()
	n := Notation{Kind: Pawn, FromFile: int8(m.From().File()), FromRank: -1,
		ToFile: int8(m.To().File()), ToRank: -1, Promotion: m.Promotion()}
	same := 0
	for _, x := range ml.Slice() {
		if p.MovedKind(x) == Pawn && x.From().File() == m.From().File() &&
			x.To().File() == m.To().File() && x.Promotion() == m.Promotion() {
			same++
		}
	}
	got, err := p.Resolve(&n)
	if same == 1 {
		if err != nil || got != m {
			t.Fatalf("%s: files-only capture for %v: %v, %v", p.FEN(), m, got, err)
		}
		return
	}
	if re, ok := err.(*ResolveError); !ok || re.Reason != Ambiguous || len(re.Candidates) != same {
		t.Fatalf("%s: files-only capture for %v among %d: %v", p.FEN(), m, same, err)
	}
}

var bareSAN = strings.NewReplacer("x", "", "+", "", "#", "")

// TestSANRoundTripPlayouts is the round trip over random playouts from the
// standard start, Chess960 starts and tricky positions.
func TestSANRoundTripPlayouts(t *testing.T) {
	positions := playoutPositions(t, 90, 120)
	moves, disambiguated, castles, promotions, enPassant := 0, 0, 0, 0, 0
	for i := range positions {
		p := &positions[i]
		moves += checkRoundTrip(t, p)
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			san := p.SAN(m)
			switch {
			case m.IsCastle():
				castles++
			case m.Promotion() != NoKind:
				promotions++
			case m.IsEnPassant():
				enPassant++
			case p.MovedKind(m) != Pawn && len(bareSAN.Replace(san)) > 3: // "Nbd7", "Qh4e1"
				disambiguated++
			}
		}
	}
	t.Logf("%d positions, %d moves: %d disambiguated, %d castlings, %d promotions, %d en passant",
		len(positions), moves, disambiguated, castles, promotions, enPassant)
	if len(positions) < 5000 || disambiguated < 500 || castles < 100 || promotions < 100 || enPassant < 20 {
		t.Fatalf("the playouts cover too little: %d positions, %d disambiguated, %d castlings, %d promotions, %d en passant",
			len(positions), disambiguated, castles, promotions, enPassant)
	}
}
