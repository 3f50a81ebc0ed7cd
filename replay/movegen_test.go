package replay

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func sq(s string) Square { return MakeSquare(int(s[0]-'a'), int(s[1]-'1')) }

func legalUCI(p *Position, chess960 bool) []string {
	var ml MoveList
	p.LegalMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, m.UCI(chess960))
	}
	slices.Sort(out)
	return out
}

func TestSpecialMoves(t *testing.T) {
	for _, c := range []struct {
		name  string
		fen   string
		move  Move
		legal bool
	}{
		{"en passant", "4k3/8/8/KPp4q/8/8/8/8 w - c6 0 1", NewEnPassant(sq("b5"), sq("c6")), false},
		{"en passant, rank clear", "4k3/8/8/KPp5/8/8/8/8 w - c6 0 1", NewEnPassant(sq("b5"), sq("c6")), true},
		{"en passant uncovers a diagonal", "4k3/8/8/1Pp5/8/8/8/4K2b w - c6 0 1", NewEnPassant(sq("b5"), sq("c6")), true},
		{"en passant, pinned on the diagonal", "4k3/8/b7/1Pp5/8/3K4/8/8 w - c6 0 1", NewEnPassant(sq("b5"), sq("c6")), false},
		{"en passant into the pin line", "4k3/8/8/1Pp5/8/8/8/b3K3 w - c6 0 1", NewEnPassant(sq("b5"), sq("c6")), true},
		{"castle kingside", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", NewCastle(sq("e1"), sq("h1")), true},
		{"castle through check", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", NewCastle(sq("e1"), sq("h1")), false},
		{"castle the other way", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", NewCastle(sq("e1"), sq("a1")), true},
		{"castle with b1 attacked", "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", NewCastle(sq("e1"), sq("a1")), true},
		{"castle into check", "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", NewCastle(sq("e1"), sq("h1")), false},
		{"castle out of check", "4k3/8/8/8/8/8/8/r3K2R w K - 0 1", NewCastle(sq("e1"), sq("h1")), false},
		{"castle through a piece", "4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", NewCastle(sq("e1"), sq("h1")), false},
		{"castle, b1 occupied", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", NewCastle(sq("e1"), sq("a1")), false},
		{"castle without the right", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", NewCastle(sq("e1"), sq("h1")), false},
		{"black castles", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", NewCastle(sq("e8"), sq("a8")), true},
		// Chess960: the castling rook on b1 shields c1 from the a1 rook; once it goes to d1, c1 is attacked.
		{"960 rook shielded the target", "4k3/8/8/8/8/8/8/rR2K3 w Q - 0 1", NewCastle(sq("e1"), sq("b1")), false},
		{"960 rook, no attacker", "4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1", NewCastle(sq("e1"), sq("b1")), true},
		{"960 king and rook swap", "k7/8/8/8/8/8/8/2RK4 w Q - 0 1", NewCastle(sq("d1"), sq("c1")), true},
		{"960 king stays, rook moves", "5rk1/8/8/8/8/8/8/5RKR w H - 0 1", NewCastle(sq("g1"), sq("h1")), false}, // f1 occupied by the other rook
		{"960 king stays", "6kr/8/8/8/8/8/8/6KR w Hh - 0 1", NewCastle(sq("g1"), sq("h1")), true},
		{"960 king b1, rook a1, c1 blocked", "1k6/8/8/8/8/8/8/RKR5 w KQ - 0 1", NewCastle(sq("b1"), sq("a1")), false},
		{"960 king b1, rook c1", "1k6/8/8/8/8/8/8/RKR5 w KQ - 0 1", NewCastle(sq("b1"), sq("c1")), true},
		{"960 passing a square attacked through the rook", "rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1", NewCastle(sq("b1"), sq("c1")), false},
		{"promotion to a knight", "8/P7/8/8/8/8/8/k6K w - - 0 1", NewPromotion(sq("a7"), sq("a8"), Knight), true},
		{"promotion needs the last rank", "8/8/P7/8/8/8/8/k6K w - - 0 1", NewPromotion(sq("a6"), sq("a7"), Queen), false},
		{"pawn must promote", "8/P7/8/8/8/8/8/k6K w - - 0 1", NewMove(sq("a7"), sq("a8")), false},
		{"pinned knight", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", NewMove(sq("e2"), sq("c3")), false},
		{"pinned rook along the pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", NewMove(sq("e2"), sq("e7")), true},
		{"pinned rook off the pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", NewMove(sq("e2"), sq("d2")), false},
		{"pinned pawn pushes along the pin", "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1", NewMove(sq("e2"), sq("e4")), true},
		{"pinned pawn cannot take off the pin", "4k3/4r3/8/8/8/3n4/4P3/4K3 w - - 0 1", NewMove(sq("e2"), sq("d3")), false},
		{"pinned pawn takes the pinner", "4k3/8/8/8/8/5b2/4P3/3K4 w - - 0 1", NewMove(sq("e2"), sq("f3")), true},
		{"block a check", "4k3/4r3/8/8/8/8/3N4/4K3 w - - 0 1", NewMove(sq("d2"), sq("e4")), true},
		{"ignore a check", "4k3/4r3/8/8/8/8/3N4/4K3 w - - 0 1", NewMove(sq("d2"), sq("b3")), false},
		{"double check: no block", "4k3/4r3/8/8/8/5n2/3N4/4K3 w - - 0 1", NewMove(sq("d2"), sq("e4")), false},
		{"double check: king moves", "4k3/4r3/8/8/8/5n2/3N4/4K3 w - - 0 1", NewMove(sq("e1"), sq("d1")), true},
		{"king may not retreat along the ray", "4k3/4r3/8/8/8/8/8/4K3 w - - 0 1", NewMove(sq("e1"), sq("e2")), false},
		{"king may not take a defended piece", "4k3/8/8/8/8/8/3r4/3rK3 w - - 0 1", NewMove(sq("e1"), sq("d2")), false},
		{"no move", StartFEN, NoMove, false},
		{"opponent's piece", StartFEN, NewMove(sq("e7"), sq("e5")), false},
		{"empty square", StartFEN, NewMove(sq("e4"), sq("e5")), false},
		{"castle flag on a plain move", StartFEN, NewCastle(sq("g1"), sq("f3")), false},
		{"en passant flag on a plain move", StartFEN, NewEnPassant(sq("e2"), sq("e3")), false},
	} {
		p := mustFEN(t, c.fen)
		if got := p.IsLegal(c.move); got != c.legal {
			t.Errorf("%s: IsLegal(%s) = %v, want %v; legal: %v", c.name, c.move.UCI(true), got, c.legal, legalUCI(&p, true))
		}
	}
}

func TestCastlingPlay(t *testing.T) {
	for _, c := range []struct {
		fen         string
		move        Move
		after       string
		uci, uci960 string
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", NewCastle(sq("e1"), sq("h1")), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "e1g1", "e1h1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", NewCastle(sq("e8"), sq("a8")), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2", "e8c8", "e8a8"},
		{"k7/8/8/8/8/8/8/2RK4 w Q - 0 1", NewCastle(sq("d1"), sq("c1")), "k7/8/8/8/8/8/8/2KR4 b - - 1 1", "d1c1", "d1c1"},
		{"1k6/8/8/8/8/8/8/RKR5 w KQ - 0 1", NewCastle(sq("b1"), sq("c1")), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1", "b1g1", "b1c1"},
		{"6kr/8/8/8/8/8/8/6KR w Hh - 0 1", NewCastle(sq("g1"), sq("h1")), "6kr/8/8/8/8/8/8/5RK1 b k - 1 1", "g1g1", "g1h1"},
	} {
		p := mustFEN(t, c.fen)
		if !p.IsLegal(c.move) {
			t.Errorf("%s: %s not legal", c.fen, c.move.UCI(true))
			continue
		}
		if c.move.UCI(false) != c.uci || c.move.UCI(true) != c.uci960 {
			t.Errorf("UCI %q / %q, want %q / %q", c.move.UCI(false), c.move.UCI(true), c.uci, c.uci960)
		}
		if !c.move.IsCastle() || p.IsCapture(c.move) || p.MovedKind(c.move) != King || p.Captured(c.move) != NoKind {
			t.Errorf("%s: castling move accessors wrong", c.fen)
		}
		p.Play(c.move)
		if p.FEN() != c.after {
			t.Errorf("after %s: %q, want %q", c.uci960, p.FEN(), c.after)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("after %s: key drift", c.uci960)
		}
	}
}

// TestCastlingRightsLost: rights go when the king moves, when the rook
// moves, and when the rook is captured.
func TestCastlingRightsLost(t *testing.T) {
	for _, c := range []struct {
		moves []string
		want  string
	}{
		{[]string{"e1e2"}, "kq"},
		{[]string{"h1h2"}, "Qkq"},
		{[]string{"a1b1"}, "Kkq"},
		{[]string{"a1a8"}, "Kk"}, // takes the a8 rook: both queenside rights go
		{[]string{"h1h8", "e8e7"}, "Q"},
	} {
		p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
		playUCI(t, &p, c.moves...)
		if got := p.castlingField(false); got != c.want {
			t.Errorf("after %v: castling %q, want %q", c.moves, got, c.want)
		}
		if p.Key() != p.computeKey() {
			t.Errorf("after %v: key drift", c.moves)
		}
	}
}

func TestMateAndStalemate(t *testing.T) {
	for _, c := range []struct {
		name          string
		fen           string
		check, moves  bool
		checkersCount int
	}{
		{"fool's mate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, false, 1},
		{"stalemate", "k7/8/1Q6/8/8/8/8/7K b - - 0 1", false, false, 0},
		{"check with escapes", "k7/8/8/8/8/8/8/Q6K b - - 0 1", true, true, 1},
		{"double check", "4k3/4r3/8/8/8/5n2/8/4K3 w - - 0 1", true, true, 2},
		{"smothered mate", "6rk/5Npp/8/8/8/8/8/7K b - - 0 1", true, false, 1},
		{"only an en passant saves", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", true, true, 1},
		// The king cannot move: another man must take the checker or step between.
		{"a pinned knight cannot step between", "R6k/7p/4Nn2/8/8/2B5/8/6K1 b - - 0 1", true, false, 1},
		{"the knight, unpinned, steps between", "R6k/7p/4Nn2/8/8/8/8/1B4K1 b - - 0 1", true, true, 1},
		{"a pawn takes the checker", "6rk/6pp/6N1/8/8/8/8/7K b - - 0 1", true, true, 1},
		{"a pawn steps between", "7k/7p/4p3/8/8/8/8/B1K3R1 b - - 0 1", true, true, 1},
		{"a pawn's double step steps between", "7k/4p2p/8/8/8/8/8/B1K3R1 b - - 0 1", true, true, 1},
		{"the double step blocked", "7k/4p2p/4N3/8/8/8/8/B1K3R1 b - - 0 1", true, false, 1},
		{"a bishop steps between", "3R2k1/5ppp/8/8/1b6/8/8/6K1 b - - 0 1", true, true, 1},
		{"a queen takes the checker", "3R2k1/5ppp/8/8/8/8/3q4/6K1 b - - 0 1", true, true, 1},
		{"back-rank mate", "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", true, false, 1},
	} {
		p := mustFEN(t, c.fen)
		if p.InCheck() != c.check || p.HasLegalMove() != c.moves || p.Checkers().Count() != c.checkersCount {
			t.Errorf("%s: InCheck %v HasLegalMove %v checkers %d; want %v %v %d", c.name,
				p.InCheck(), p.HasLegalMove(), p.Checkers().Count(), c.check, c.moves, c.checkersCount)
		}
	}
}

func TestPromotionsAndCaptures(t *testing.T) {
	p := mustFEN(t, "1n5k/P7/8/3pP3/8/8/8/K7 w - d6 0 1")
	got := legalUCI(&p, false)
	want := []string{"a1a2", "a1b1", "a1b2", "a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r", "e5d6", "e5e6"}
	if !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	m := NewPromotion(sq("a7"), sq("b8"), Rook)
	if m.Promotion() != Rook || !p.IsCapture(m) || p.Captured(m) != Knight || p.MovedKind(m) != Pawn {
		t.Errorf("promotion capture accessors wrong")
	}
	ep := NewEnPassant(sq("e5"), sq("d6"))
	if !ep.IsEnPassant() || !p.IsCapture(ep) || p.Captured(ep) != Pawn || ep.Promotion() != NoKind {
		t.Errorf("en passant accessors wrong")
	}
	quiet := NewMove(sq("e5"), sq("e6"))
	if p.IsCapture(quiet) || quiet.IsCastle() || quiet.IsEnPassant() || quiet.From() != sq("e5") || quiet.To() != sq("e6") {
		t.Errorf("quiet move accessors wrong")
	}
	q := p
	q.Play(ep)
	if q.FEN() != "1n5k/P7/3P4/8/8/8/8/K7 b - - 0 1" {
		t.Errorf("after e5d6 ep: %q", q.FEN())
	}
	q = p
	q.Play(m)
	if q.FEN() != "1R5k/8/8/3pP3/8/8/8/K7 b - - 0 1" {
		t.Errorf("after a7b8r: %q", q.FEN())
	}
	// A promotion without a capture is a pawn move: the clock starts again.
	q = mustFEN(t, "7k/P7/8/8/8/8/8/K7 w - - 37 60")
	q.Play(NewPromotion(sq("a7"), sq("a8"), Queen))
	if q.FEN() != "Q6k/8/8/8/8/8/8/K7 b - - 0 60" {
		t.Errorf("after a7a8q: %q", q.FEN())
	}
	if NoMove.UCI(false) != "0000" || NewPromotion(sq("a7"), sq("a8"), King).Promotion() != Queen {
		t.Errorf("NoMove or promotion clamp wrong")
	}
}

func TestPlayNull(t *testing.T) {
	p := StartPosition()
	playUCI(t, &p, "e2e4")
	p.PlayNull()
	if p.Turn() != White || p.EnPassant() != NoSquare || p.Key() != p.computeKey() || p.Fullmove() != 2 || p.Halfmove() != 1 {
		t.Errorf("after null move: %s", p.FEN())
	}
	if p.FEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2" {
		t.Errorf("FEN %q", p.FEN())
	}
}

func TestAccessors(t *testing.T) {
	p := StartPosition()
	if p.Turn() != White || p.PieceAt(sq("e1")) != MakePiece(White, King) || p.PieceAt(sq("e4")) != NoPiece ||
		p.King(Black) != sq("e8") || p.Occupied().Count() != 32 || p.ByColor(Black).Count() != 16 ||
		p.Pieces(White, Pawn) != Rank2 || p.ByKind(Rook).Count() != 4 ||
		p.CastlingRook(White, KingSide) != sq("h1") || p.CastlingRook(Black, QueenSide) != sq("a8") {
		t.Errorf("start position accessors wrong")
	}
	empty := mustFEN(t, "8/8/8/8/8/8/8/8 w - - 0 1")
	if empty.King(White) != NoSquare || empty.InCheck() {
		t.Errorf("empty board: king %v check %v", empty.King(White), empty.InCheck())
	}
	// AttackersTo with a chosen occupancy: the d1 queen reaches d7 once d2 is lifted.
	occ := p.Occupied() &^ sq("d2").Bit()
	if got := p.AttackersTo(sq("d7"), White, occ); got != sq("d1").Bit() {
		t.Errorf("AttackersTo d7 = %x", uint64(got))
	}
	if got := p.AttackersTo(sq("f3"), White, p.Occupied()); got != sq("e2").Bit()|sq("g2").Bit()|sq("g1").Bit() {
		t.Errorf("AttackersTo f3 = %x", uint64(got))
	}
}

func TestBitboard(t *testing.T) {
	b := sq("a1").Bit() | sq("e4").Bit() | sq("h8").Bit()
	if b.Count() != 3 || b.LSB() != sq("a1") || !b.Has(sq("e4")) || b.Has(sq("e5")) || Bitboard(0).LSB() != NoSquare {
		t.Errorf("bit helpers wrong")
	}
	var got []Square
	for s := range b.Squares() {
		got = append(got, s)
	}
	if !slices.Equal(got, []Square{sq("a1"), sq("e4"), sq("h8")}) {
		t.Errorf("Squares %v", got)
	}
	c := b
	if c.PopLSB() != sq("a1") || c.Count() != 2 {
		t.Errorf("PopLSB")
	}
	if NoSquare.Bit() != 0 || Between(sq("a1"), sq("a4")) != sq("a2").Bit()|sq("a3").Bit() ||
		Between(sq("a1"), sq("b3")) != 0 || Line(sq("a1"), sq("c3")).Count() != 8 {
		t.Errorf("Between/Line wrong")
	}
}

// TestSliderTables checks RookAttacks and BishopAttacks against a plain ray
// walk on random occupancies for every square.
func TestSliderTables(t *testing.T) {
	r := rng(99)
	for s := Square(0); s < 64; s++ {
		for range 200 {
			occ := Bitboard(uint64(r.intn(1<<62))<<2^uint64(r.intn(1<<62))) & Bitboard(uint64(r.intn(1<<62))<<1^uint64(r.intn(1<<62)))
			if RookAttacks(s, occ) != slide(s, occ, &rookDirs) || BishopAttacks(s, occ) != slide(s, occ, &bishopDirs) {
				t.Fatalf("square %v occ %x: slider table wrong", s, uint64(occ))
			}
		}
	}
}

func TestChess960Position(t *testing.T) {
	p, err := Chess960Position(518)
	if err != nil || !p.Chess960() || p.FEN() != StartFEN {
		t.Errorf("518: %q %v", p.FEN(), err)
	}
	p, _ = Chess960Position(0)
	if p.FEN() != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" {
		t.Errorf("0: %q", p.FEN())
	}
	if _, err := Chess960Position(960); err == nil {
		t.Errorf("960 accepted")
	}
	seen := map[string]bool{}
	for n := range 960 {
		p, err := Chess960Position(n)
		if err != nil || p.castlingField(false) != "KQkq" || Perft(p, 1) < 16 {
			t.Fatalf("%d: %q %v", n, p.FEN(), err)
		}
		seen[p.FEN()] = true
	}
	if len(seen) != 960 {
		t.Errorf("%d distinct positions, want 960", len(seen))
	}
}

func TestNoAllocations(t *testing.T) {
	p := mustFEN(t, standardPerft[1].fen)
	var ml MoveList
	p.LegalMoves(&ml)
	m := ml.At(0)
	for name, f := range map[string]func(){
		"LegalMoves":    func() { p.LegalMoves(&ml) },
		"HasLegalMove":  func() { _ = p.HasLegalMove() },
		"IsLegal":       func() { _ = p.IsLegal(m) },
		"Play":          func() { q := p; q.Play(m) },
		"RepetitionKey": func() { _ = p.RepetitionKey() },
		"InCheck":       func() { _ = p.InCheck() },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per run", name, n)
		}
	}
}

// TestHasLegalMoveAgrees plays random games and asks, at every ply and
// after every legal move, whether a legal move exists: HasLegalMove, which
// answers from the king's moves first, must say what LegalMoves says.
func TestHasLegalMoveAgrees(t *testing.T) {
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"7k/5Q2/8/8/8/8/8/K7 w - - 0 1",   // stalemates and mates near
		"k7/8/1K6/8/8/8/8/7R w - - 0 1",   // mates by the rook
		"4k3/8/8/8/8/8/8/4KQ1Q w - - 0 1", // two queens: many mates
	}
	var none, kingless, total int
	randomPlay(t, starts, rand.NewPCG(7, 11), 400, 100, func(p Position, m Move) {
		q := p
		q.Play(m)
		var replies MoveList
		q.LegalMoves(&replies)
		want := replies.Len() > 0
		if got := q.HasLegalMove(); got != want {
			t.Fatalf("%s: HasLegalMove %v, %d legal moves", q.FEN(), got, replies.Len())
		}
		total++
		if !want {
			none++
		} else if !q.kingCanMove() {
			kingless++
		}
	})
	if none < 100 || kingless < 1000 {
		t.Errorf("only %d positions without a move and %d with a move but none of the king's among %d: the test proves little", none, kingless, total)
	}
}

// legalKingMoves counts the king's legal moves, captures included, up to
// its bound.
func TestLegalKingMoves(t *testing.T) {
	for _, c := range []struct {
		fen       string
		max, want int
	}{
		{StartFEN, 8, 0},
		{"8/8/8/3k4/8/8/8/4K3 w - - 0 1", 8, 5},
		{"8/8/8/3k4/8/8/8/4K3 w - - 0 1", 2, 2},
		{"8/8/8/8/8/8/3p4/4K2k w - - 0 1", 8, 5}, // d1, f1, Kxd2, e2, f2: the pawn guards c1 and e1
		{"8/8/8/8/8/8/8/4K1k1 w - - 0 1", 8, 3},  // d1, d2, e2: f1 and f2 are next to the black king
		{"8/8/8/8/8/4k3/8/4K3 b - - 0 1", 8, 5},  // from e3: d3, f3, d4, e4, f4, not next to the white king
		{"8/8/8/8/8/8/8/4KK1k w - - 0 1", 8, 0},  // two kings: none counted
	} {
		p := mustFEN(t, c.fen)
		if got := p.legalKingMoves(c.max); got != c.want {
			t.Errorf("%s: legalKingMoves(%d) = %d, want %d", c.fen, c.max, got, c.want)
		}
	}
}

// TestIsLegalStep plays random games and asks, in every position, about
// every plain move of a piece other than a pawn to an empty square, legal
// or not: isLegalStep must say what IsLegal says, through checks, pins,
// blocked lines and king steps into attack, and with two kings, where it
// hands the question to IsLegal.
func TestIsLegalStep(t *testing.T) {
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"4k3/4r3/8/1b6/8/8/3N4/4K2R w K - 0 1", // a check to block, a knight to pin
		"4k3/8/8/8/8/8/8/4KK1R w - - 0 1",      // two white kings: IsLegal's slow path
	}
	var legal, illegal, inCheck int
	var last Position
	randomPlay(t, starts, rand.NewPCG(3, 5), 150, 80, func(p Position, _ Move) {
		if p == last {
			return // visited once a position, not once a move
		}
		last = p
		own := p.byColor[p.turn&1]
		empty := ^(p.byColor[White] | p.byColor[Black])
		for from := own &^ p.byKind[Pawn]; from != 0; from &= from - 1 {
			for to := empty; to != 0; to &= to - 1 {
				m := NewMove(from.LSB(), to.LSB())
				want := p.IsLegal(m)
				if got := p.isLegalStep(m); got != want {
					t.Fatalf("%s: isLegalStep(%s) = %v, IsLegal %v", p.FEN(), m.UCI(false), got, want)
				}
				switch {
				case want && p.InCheck():
					inCheck++
				case want:
					legal++
				default:
					illegal++
				}
			}
		}
	})
	if legal < 10000 || illegal < 100000 || inCheck < 100 {
		t.Errorf("%d legal moves, %d in check, %d illegal: the test proves little", legal, inCheck, illegal)
	}
	// The moves it hands to IsLegal, and a few it answers, by hand.
	p := mustFEN(t, "4k3/8/8/7n/8/3p4/8/R3K2R w KQ - 0 1")
	for _, c := range []struct {
		m    Move
		want bool
	}{
		{NewMove(sq("h1"), sq("h5")), true},   // a capture
		{NewCastle(sq("e1"), sq("h1")), true}, // castling
		{NewMove(sq("e1"), sq("g1")), false},  // castling written as a king's step
		{NewMove(sq("e1"), sq("e2")), false},  // into the pawn's attack
		{NewMove(sq("e1"), sq("d2")), true},
		{NewMove(sq("a1"), sq("a8")), true},
		{NewMove(sq("h1"), sq("d1")), false}, // through its own king
		{NewMove(sq("a1"), sq("e1")), false}, // onto its own king
		{NewMove(sq("d3"), sq("d2")), false}, // the opponent's pawn
	} {
		if got := p.isLegalStep(c.m); got != c.want {
			t.Errorf("%s: isLegalStep(%s) = %v, want %v", p.FEN(), c.m.UCI(false), got, c.want)
		}
	}
}
