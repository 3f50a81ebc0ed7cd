package replay

import (
	"fmt"
	"testing"
)

// playUCI plays moves given in UCI (standard or Chess960 castling) and
// fails the test on a move that is not legal.
func playUCI(t testing.TB, p *Position, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m := findUCI(p, s)
		if m == NoMove {
			t.Fatalf("%s is not legal in %s", s, p.FEN())
		}
		p.Play(m)
	}
}

func findUCI(p *Position, s string) Move {
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m.UCI(false) == s || m.UCI(true) == s {
			return m
		}
	}
	return NoMove
}

// TestPolyglotKeys checks the example keys published with the Polyglot book
// format (they also pin the transcription of the 781 random numbers that
// they touch).
func TestPolyglotKeys(t *testing.T) {
	for _, c := range []struct {
		moves []string
		fen   string
		key   uint64
	}{
		{nil, StartFEN, 0x463b96181691fc9c},
		{[]string{"e2e4"}, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
		{[]string{"e2e4", "d7d5"}, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
		{[]string{"e2e4", "d7d5", "e4e5"}, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5"}, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2"}, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1},
		{[]string{"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}, "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4"}, "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
		{[]string{"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}, "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560},
	} {
		p := StartPosition()
		playUCI(t, &p, c.moves...)
		if p.Key() != c.key {
			t.Errorf("after %v: key %016x, want %016x", c.moves, p.Key(), c.key)
		}
		if p.computeKey() != c.key {
			t.Errorf("after %v: key from scratch %016x, want %016x", c.moves, p.computeKey(), c.key)
		}
		q := mustFEN(t, c.fen)
		if q.Key() != c.key {
			t.Errorf("FEN %s: key %016x, want %016x", c.fen, q.Key(), c.key)
		}
	}
}

// rng is a small deterministic generator for random playouts.
type rng uint64

func (r *rng) intn(n int) int {
	*r ^= *r << 13
	*r ^= *r >> 7
	*r ^= *r << 17
	return int(uint64(*r) % uint64(n))
}

// TestKeyIncremental plays random games from many start positions and
// checks after every ply that the incremental key equals the key computed
// from scratch, and that the FEN round-trips to the same position.
func TestKeyIncremental(t *testing.T) {
	starts := []string{StartFEN}
	for _, c := range standardPerft {
		starts = append(starts, c.fen)
	}
	for _, n := range []int{0, 1, 100, 518, 959} {
		p, _ := Chess960Position(n)
		starts = append(starts, p.FEN())
	}
	r := rng(12345)
	plies := 0
	// Play moves each kind of move its own way: each must have been
	// played, and checked, often enough to trust the comparison.
	var captures, promotions, castlings, enPassants, hashedSteps int
	for game := range 300 {
		p := mustFEN(t, starts[game%len(starts)])
		var ml MoveList
		for ply := 0; ply < 200; ply++ {
			p.LegalMoves(&ml)
			if ml.Len() == 0 || p.Halfmove() >= 100 {
				break
			}
			if r.intn(40) == 0 {
				if !p.InCheck() {
					p.PlayNull()
				}
			} else {
				m := ml.At(r.intn(ml.Len()))
				for _, x := range ml.Slice() {
					if x.IsEnPassant() && r.intn(2) == 0 { // rare at random: taken when offered, every other time
						m = x
					}
				}
				switch {
				case m.IsCastle():
					castlings++
				case m.IsEnPassant():
					enPassants++
				case m.Promotion() != NoKind:
					promotions++
				case p.IsCapture(m):
					captures++
				}
				p.Play(m)
				if p.ep != NoSquare && p.epHashed() {
					hashedSteps++
				}
			}
			plies++
			if p.Key() != p.computeKey() {
				t.Fatalf("game %d ply %d %s: key %016x, from scratch %016x", game, ply, p.FEN(), p.Key(), p.computeKey())
			}
			// The position read back is built from scratch: its bitboards,
			// clocks, rights and en-passant state must be the ones Play kept.
			q := mustFEN(t, p.FENWith(FENOptions{AlwaysEnPassant: true}))
			q.chess960 = p.chess960
			if q != p {
				t.Fatalf("game %d ply %d: FEN %s does not round-trip", game, ply, p.FEN())
			}
		}
	}
	if plies < 10000 {
		t.Errorf("only %d plies played", plies)
	}
	t.Logf("%d captures, %d promotions, %d castlings, %d en passant, %d hashed double steps", captures, promotions, castlings, enPassants, hashedSteps)
	if captures < 1000 || promotions < 100 || castlings < 20 || enPassants < 20 || hashedSteps < 50 {
		t.Errorf("too few of a kind played: %d captures, %d promotions, %d castlings, %d en passant, %d hashed double steps",
			captures, promotions, castlings, enPassants, hashedSteps)
	}
}

// TestRepetitionKey: the en-passant file enters Key whenever an enemy pawn
// stands beside the double-stepped pawn (Polyglot), but RepetitionKey only
// when the capture is legal (FIDE 9.2.2).
func TestRepetitionKey(t *testing.T) {
	for _, c := range []struct {
		name          string
		fen           string
		hashed, legal bool
	}{
		{"legal capture", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", true, true},
		{"no pawn beside", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", false, false},
		{"pinned, capturing along the pin", "8/k7/8/8/3pP3/8/8/4K1B1 b - e3 0 1", true, true},
		{"pinned on a diagonal", "7k/8/8/8/3pP3/8/8/B3K3 b - e3 0 1", true, false},
		{"taken pawn shielded the king", "8/7k/8/8/3pP3/8/8/1B2K3 b - e3 0 1", true, false},
		{"capturer pinned on its file", "3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1", true, false},
		{"capture uncovers the rank", "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", true, false},
		{"in check from a knight", "8/8/8/8/3pP3/8/1N6/3k3K b - e3 0 1", true, false},
		{"capture takes the checker", "8/8/8/8/3pP3/3k4/8/7K b - e3 0 1", true, true},
	} {
		p := mustFEN(t, c.fen)
		withEP := p.Key()
		p.ep = NoSquare
		withoutEP := p.computeKey()
		p = mustFEN(t, c.fen)
		if (withEP != withoutEP) != c.hashed {
			t.Errorf("%s: ep file in Key = %v, want %v", c.name, withEP != withoutEP, c.hashed)
		}
		if p.LegalEnPassant() != c.legal {
			t.Errorf("%s: LegalEnPassant = %v, want %v", c.name, p.LegalEnPassant(), c.legal)
		}
		wantRep := withoutEP
		if c.legal {
			wantRep = withEP
		}
		if p.RepetitionKey() != wantRep {
			t.Errorf("%s: RepetitionKey %016x, want %016x", c.name, p.RepetitionKey(), wantRep)
		}
	}
}

// TestRepetitionKeyTransposition: a position reached with an en-passant
// square that cannot be used repeats the same position reached without one.
func TestRepetitionKeyTransposition(t *testing.T) {
	// White's e-pawn double-steps beside the pinned d4 pawn...
	a := mustFEN(t, "3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1")
	playUCI(t, &a, "e2e4")
	// ...the same position with no en-passant square at all.
	b := mustFEN(t, "3k4/8/8/8/3pP3/8/8/3RK3 b - - 0 1")
	if a.Key() == b.Key() {
		t.Errorf("Key should differ (Polyglot hashes the file)")
	}
	if a.RepetitionKey() != b.RepetitionKey() {
		t.Errorf("RepetitionKey %016x != %016x", a.RepetitionKey(), b.RepetitionKey())
	}
	if fmt.Sprint(a.FEN()) != b.FEN() {
		t.Errorf("FEN %q != %q", a.FEN(), b.FEN())
	}
}

// TestPlayNotLegal: Play of a move that is not legal leaves a meaningless
// position but never panics, however many such moves follow each other.
func TestPlayNotLegal(t *testing.T) {
	starts := []string{StartFEN, "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1", "8/8/8/8/8/8/8/8 w - - 2147483647 2147483647", "7k/P7/8/8/8/8/8/K7 b - - 0 1"}
	for _, c := range standardPerft {
		starts = append(starts, c.fen)
	}
	r := rng(99)
	for _, fen := range starts {
		for range 2000 {
			p := mustFEN(t, fen)
			for range 8 {
				p.Play(Move(r.intn(1 << 16)))
			}
		}
	}
}

// TestPlayCastlingRights: each way Play makes a move drops the castling
// rights it ends, and only those, with the key kept: a plain capture of a
// rook, a promotion that captures one (playSpecial), a king step, a rook
// leaving its square, castling itself; and a double step sets the
// en-passant square, hashed only with an enemy pawn beside.
func TestPlayCastlingRights(t *testing.T) {
	const start = "r3k2r/1P4P1/8/8/4p3/8/3P1P2/R3K2R w KQkq - 0 1"
	cases := []struct {
		move    Move
		want    string
		epInKey bool
		what    string
	}{
		{NewPromotion(Square(54), Square(63), Queen), "r3k2Q/1P6/8/8/4p3/8/3P1P2/R3K2R b KQq - 0 1", false, "g7xh8=Q takes Black's king-side rook"},
		{NewPromotion(Square(49), Square(56), Knight), "N3k2r/6P1/8/8/4p3/8/3P1P2/R3K2R b KQk - 0 1", false, "b7xa8=N takes Black's queen-side rook"},
		{NewMove(Square(7), Square(63)), "r3k2R/1P4P1/8/8/4p3/8/3P1P2/R3K3 b Qq - 0 1", false, "Rxh8 ends both king-side rights"},
		{NewMove(Square(0), Square(1)), "r3k2r/1P4P1/8/8/4p3/8/3P1P2/1R2K2R b Kkq - 1 1", false, "Rb1 ends White's queen-side right"},
		{NewMove(Square(4), Square(12)), "r3k2r/1P4P1/8/8/4p3/8/3PKP2/R6R b kq - 1 1", false, "Ke2 ends both of White's"},
		{NewCastle(Square(4), Square(7)), "r3k2r/1P4P1/8/8/4p3/8/3P1P2/R4RK1 b kq - 1 1", false, "O-O ends both of White's"},
		{NewMove(Square(11), Square(27)), "r3k2r/1P4P1/8/8/3Pp3/8/5P2/R3K2R b KQkq d3 0 1", true, "d2-d4 beside the e4 pawn"},
		{NewMove(Square(13), Square(29)), "r3k2r/1P4P1/8/8/4pP2/8/3P4/R3K2R b KQkq f3 0 1", true, "f2-f4 beside the e4 pawn"},
		{NewMove(Square(13), Square(21)), "r3k2r/1P4P1/8/8/4p3/5P2/3P4/R3K2R b KQkq - 0 1", false, "f2-f3, a single step"},
	}
	for _, c := range cases {
		p := mustFEN(t, start)
		p.Play(c.move)
		if got := p.FENWith(FENOptions{AlwaysEnPassant: true}); got != c.want {
			t.Errorf("%s: %s, want %s", c.what, got, c.want)
		}
		if p.epInKey != c.epInKey {
			t.Errorf("%s: epInKey %v, want %v", c.what, p.epInKey, c.epInKey)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("%s: key %016x, from scratch %016x", c.what, p.Key(), p.computeKey())
		}
	}
	// A double step with no enemy pawn beside leaves the file out of the key.
	p := mustFEN(t, StartFEN)
	p.Play(NewMove(Square(12), Square(28)))
	if p.EnPassant() != Square(20) || p.epInKey || p.Key() != p.computeKey() {
		t.Errorf("e2-e4 from the start: ep %v, epInKey %v", p.EnPassant(), p.epInKey)
	}
}
