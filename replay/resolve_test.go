package replay

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// resolveText parses text under set and resolves it in the position fen.
func resolveText(t testing.TB, fen, text string, set LetterSet) (Position, Move, error) {
	t.Helper()
	p := sanFEN(t, fen)
	n, err := ParseMove([]byte(text), set)
	if err != nil {
		t.Fatalf("ParseMove(%q): %v", text, err)
	}
	m, err := p.Resolve(&n)
	return p, m, err
}

// TestResolveForms resolves the notations real records use to the move
// they mean.
func TestResolveForms(t *testing.T) {
	const afterE5F5 = "rnbqkbnr/ppp3pp/4p3/3pPp2/3P4/8/PPP2PPP/RNBQKBNR w KQkq f6 0 4"
	cases := []struct {
		fen, text string
		set       LetterSet
		uci       string
	}{
		{StartFEN, "e4", SAN, "e2e4"},
		{StartFEN, "e3", SAN, "e2e3"},
		{StartFEN, "Nf3", SAN, "g1f3"},
		{StartFEN, "Ng1-f3", SAN, "g1f3"},
		{StartFEN, "g1f3", SAN, "g1f3"},
		{StartFEN, "e2-e4", SAN, "e2e4"},
		{StartFEN, "e2e4", SAN, "e2e4"},
		{StartFEN, "Nxf3", SAN, "g1f3"}, // capture mark on an empty square: lenient
		{StartFEN, "Nf3#", SAN, "g1f3"}, // false mate mark: lenient
		{StartFEN, "Кg1-f3", Russian, "g1f3"},
		{StartFEN, "е2-е4", Russian, "e2e4"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "exd5", SAN, "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "ed5", SAN, "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4:d5", Russian, "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "ed", Russian, "e4d5"},
		{afterE5F5, "exf6", SAN, "e5f6"},
		{afterE5F5, "exf6e.p.", SAN, "e5f6"},
		{afterE5F5, "ef", Russian, "e5f6"}, // 1. e4 e6 2. d4 d5 3. e5 f5 4. ef
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", SAN, "e1h1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "0-0-0", SAN, "e1a1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", SAN, "e1h1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", SAN, "e1a1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", SAN, "e1h1"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Ke1-g1", SAN, "e1h1"},
		{"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "O-O", SAN, "g1h1"},
		{"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "O-O-O", SAN, "g1b1"},
		{"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1", SAN, "g1h1"},
		{"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "Kf1", SAN, "g1f1"},
		{"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8=Q+", SAN, "e7e8q"},
		{"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e8N", SAN, "e7e8n"},
		{"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7e8r", SAN, "e7e8r"},
		{"8/4P3/8/8/k7/8/8/4K3 w - - 0 1", "e7-e8Ф", Russian, "e7e8q"},
		{"3r4/4P3/8/8/k7/8/8/4K3 w - - 0 1", "edФ", Russian, "e7d8q"}, // from the e-file to the d-file
		{"rn2kb1r/8/5n2/8/8/8/8/4K3 b - - 0 1", "Nbd7", SAN, "b8d7"},
		{"rn2kb1r/8/5n2/8/8/8/8/4K3 b - - 0 1", "N8d7", SAN, "b8d7"},
		{"rn2kb1r/8/5n2/8/8/8/8/4K3 b - - 0 1", "Nb8d7", SAN, "b8d7"},
		{"4k3/8/8/8/1b6/8/3N1N2/4K3 w - - 0 1", "Ne4", SAN, "f2e4"}, // the d2 knight is pinned
		{"4k3/8/8/8/8/4p3/3P4/4K3 w - - 0 1", "dxe3", SAN, "d2e3"},
		{"4k3/8/8/8/8/4p3/3P4/4K3 w - - 0 1", "xe3", SAN, "d2e3"},
		// A pawn letter and a capture mark, no file: the one pawn that
		// takes there, en passant too, in every set's letters.
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Pxd5", SAN, "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Pxd5+", SAN, "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Bxd5", German, "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "п:d5", Russian, "e4d5"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "♙xd5", SAN, "e4d5"},
		{"rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2", "Pxd4", SAN, "e5d4"},
		{afterE5F5, "Pxf6", SAN, "e5f6"},
		{"4k3/8/8/b7/8/4p3/3P1P2/4K3 w - - 0 1", "Pxe3", SAN, "f2e3"}, // the d-pawn is pinned
		// With nothing to take, the mark is surplus, as in Nxf3: the push.
		{StartFEN, "Pxe4", SAN, "e2e4"},
	}
	for _, c := range cases {
		p, m, err := resolveText(t, c.fen, c.text, c.set)
		if err != nil {
			t.Errorf("%s in %s: %v", c.text, c.fen, err)
			continue
		}
		if got := m.UCI(true); got != c.uci {
			t.Errorf("%s in %s: %s, want %s", c.text, c.fen, got, c.uci)
		}
		if !p.IsLegal(m) {
			t.Errorf("%s in %s: %v is not legal", c.text, c.fen, m)
		}
	}
	// Written the other way round it is no move: there is no d-pawn.
	if _, m, err := resolveText(t, "3r4/4P3/8/8/k7/8/8/4K3 w - - 0 1", "deФ", Russian); err == nil {
		t.Errorf("deФ resolved to %v", m)
	}
}

// TestResolveReasons gives each failure its position, text, reason and
// message.
func TestResolveReasons(t *testing.T) {
	cases := []struct {
		name, fen, text string
		set             LetterSet
		reason          ResolveReason
		msg             string
	}{
		{"no piece", StartFEN, "Ne6", SAN, NoSuchPiece, "Ne6: no white knight can reach e6"},
		{"no piece on file", "rn2kb1r/8/5n2/8/8/8/8/4K3 b - - 0 1", "Ncd7", SAN, NoSuchPiece, "Ncd7: no black knight on the c-file can reach d7"},
		{"no piece on rank", "rn2kb1r/8/5n2/8/8/8/8/4K3 b - - 0 1", "N7d7", SAN, NoSuchPiece, "N7d7: no black knight on rank 7 can reach d7"},
		{"empty origin", StartFEN, "e3-e4", SAN, NoSuchPiece, "e3-e4: there is no piece on e3"},
		{"enemy origin", StartFEN, "e7-e5", SAN, NoSuchPiece, "e7-e5: e7 holds a black pawn, and white is to move"},
		{"wrong piece at origin", StartFEN, "Bg1-f3", SAN, NoSuchPiece, "Bg1f3: there is no white bishop on g1 (it holds a knight)"},
		{"piece cannot move so", StartFEN, "g1-g3", SAN, NoSuchPiece, "g1-g3: the white knight on g1 cannot move to g3"},
		{"pawn capture needs its file", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "d5", SAN, NoSuchPiece,
			"d5: no white pawn can reach d5 (a pawn capture names the file it leaves, as in exd5)"},
		{"nothing to capture", StartFEN, "exd3", SAN, NoSuchPiece, "exd3: there is nothing on d3 for the pawn on e2 to capture"},
		{"files-only without pawn", StartFEN, "ab", Russian, NoSuchPiece, "ab: no white pawn on the a-file has anything to capture on the b-file"},
		{"blocked rook", StartFEN, "Ra3", SAN, PathBlocked, "Ra3: the rook on a1 is blocked by the white pawn on a2"},
		{"blocked bishop", StartFEN, "Bb5", SAN, PathBlocked, "Bb5: the bishop on f1 is blocked by the white pawn on e2"},
		{"blocked pawn", "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e4", SAN, PathBlocked, "e4: the pawn on e2 is blocked by the black knight on e3"},
		{"pawn onto a piece", "4k3/8/8/8/4n3/4P3/8/4K3 w - - 0 1", "e4", SAN, PathBlocked, "e4: the pawn on e3 is blocked by the black knight standing on e4"},
		{"blocked castling", StartFEN, "O-O", SAN, PathBlocked, "O-O: castling kingside is blocked by the bishop on f1"},
		{"pinned", "2r1k3/5p2/8/8/2B5/8/8/2K5 w - - 0 1", "Bxf7", SAN, LeavesKingInCheck,
			"the bishop on c4 is pinned: Bxf7 leaves the king in check from the rook on c8"},
		{"king into check", "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1", "Kd2", SAN, LeavesKingInCheck,
			"Kd2: the king would be in check on d2 from the bishop on b4"},
		{"check not parried", "4k3/8/8/8/7q/8/8/4K1N1 w - - 0 1", "Nh3", SAN, LeavesKingInCheck,
			"Nh3: the white king is in check from the queen on h4, and this move does not parry it"},
		{"double check", "4k3/8/8/8/1b6/8/8/r3K1N1 w - - 0 1", "Nf3", SAN, LeavesKingInCheck,
			"Nf3: the white king is in double check from the rook on a1 and the bishop on b4, and only a king move parries that"},
		{"en passant along the rank", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", "bxc6", SAN, LeavesKingInCheck,
			"bxc6: taking en passant would expose the king to the rook on h5"},
		{"own piece on target", StartFEN, "Nd2", SAN, DestinationOccupied, "Nd2: d2 is occupied by a white pawn"},
		{"right lost", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", SAN, CastlingRightLost, "O-O: white can no longer castle kingside"},
		{"right lost, UCI", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1", SAN, CastlingRightLost, "e1-g1: white can no longer castle kingside"},
		{"out of check", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O", SAN, CastlingOutOfCheck,
			"O-O-O: white cannot castle out of check (the rook on e7)"},
		{"through check", "4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", SAN, CastlingThroughCheck,
			"O-O: castling kingside, the king would pass through f1, attacked by the rook on f7"},
		{"into check", "4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", SAN, CastlingThroughCheck,
			"O-O: castling kingside, the king would land on g1, attacked by the rook on g7"},
		{"black through check", "r3k3/8/8/8/8/8/8/3RK3 b q - 0 1", "O-O-O", SAN, CastlingThroughCheck,
			"O-O-O: castling queenside, the king would pass through d8, attacked by the rook on d1"},
		{"promotion missing", "8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e8", SAN, PromotionMissing,
			"e8: a pawn reaching the last rank must promote (=Q, =R, =B or =N)"},
		{"promotion missing, UCI", "8/4P3/8/8/8/8/8/k3K3 w - - 0 1", "e7e8", SAN, PromotionMissing,
			"e7-e8: a pawn reaching the last rank must promote (=Q, =R, =B or =N)"},
		{"promotion on own first rank", "8/8/8/8/8/8/4k3/K7 w - - 0 1", "e1=Q", SAN, PromotionInvalid,
			"e1=Q: a white pawn promotes on rank 8, not on rank 1"},
		{"promotion by a rook", "8/6R1/8/8/8/8/8/k3K3 w - - 0 1", "g7g8q", SAN, PromotionInvalid,
			"g7-g8=Q: only a pawn can promote, not the rook on g7"},
		{"files-only off the last rank", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "edФ", Russian, PromotionInvalid,
			"ed=Q: a white pawn promotes on rank 8, not on rank 5"},
		{"ambiguous", "rn2kb1r/8/5n2/8/8/8/8/4K3 b - - 0 1", "Nd7", SAN, Ambiguous, "Nd7 is ambiguous: it could be Nbd7 or Nfd7"},
		{"ambiguous rank", "k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "Ree2", SAN, Ambiguous, "Ree2 is ambiguous: it could be R1e2 or R3e2"},
		{"ambiguous files-only", "4k3/2p5/3P4/2p5/3P4/8/8/4K3 w - - 0 1", "dc", Russian, Ambiguous, "dc is ambiguous: it could be dxc5 or dxc7"},
		{"ambiguous capture mark", "4k3/8/8/8/8/4p3/3P1P2/4K3 w - - 0 1", "xe3", SAN, Ambiguous, "xe3 is ambiguous: it could be dxe3 or fxe3"},
		{"ambiguous pawn letter capture", "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "Pxd5", SAN, Ambiguous, "Pxd5 is ambiguous: it could be cxd5 or exd5"},
		{"ambiguous pawn letter capture, German", "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "Bxd5", German, Ambiguous, "Pxd5 is ambiguous: it could be cxd5 or exd5"},
		{"pawn letter capture, nothing to take", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "Pxd5", SAN, NoSuchPiece,
			"Pxd5: there is nothing on d5 for the pawn on e4 to capture"},
		{"pawn letter capture, no pawn near", "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1", "Pxd5", SAN, NoSuchPiece,
			"Pxd5: no white pawn can reach d5"},
		{"pawn letter capture, pinned", "4k3/8/8/3p4/r3P2K/8/8/8 w - - 0 1", "Pxd5", SAN, LeavesKingInCheck,
			"the pawn on e4 is pinned: Pxd5 leaves the king in check from the rook on a4"},
		{"pawn letter without the mark pushes", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "Pd5", SAN, NoSuchPiece,
			"d5: no white pawn can reach d5 (a pawn capture names the file it leaves, as in exd5)"},
		{"null move", StartFEN, "--", SAN, NotAMove, "--: a null move is not a move on the board: the caller plays it (PlayNull)"},
	}
	seen := map[ResolveReason]bool{}
	for _, c := range cases {
		_, m, err := resolveText(t, c.fen, c.text, c.set)
		var re *ResolveError
		if !errors.As(err, &re) {
			t.Errorf("%s: %s resolved to %v, %v; want %s", c.name, c.text, m, err, c.reason)
			continue
		}
		if m != NoMove {
			t.Errorf("%s: a move %v with the error", c.name, m)
		}
		if re.Reason != c.reason || re.Msg != c.msg {
			t.Errorf("%s: %s gives %s %q\n\twant %s %q", c.name, c.text, re.Reason, re.Msg, c.reason, c.msg)
		}
		seen[re.Reason] = true
	}
	for r := NoSuchPiece; r < numResolveReasons; r++ {
		if !seen[r] {
			t.Errorf("no test for reason %s", r)
		}
	}
}

// TestResolveSuggestions checks the nearest legal moves offered on failure.
func TestResolveSuggestions(t *testing.T) {
	cases := []struct {
		fen, text string
		want      []string
	}{
		// A wrong rank digit, e5 for e4: the nearest square first, then
		// other pawn moves two slips away.
		{StartFEN, "e5", []string{"e4", "e3", "d4", "f4", "c3"}},
		// B for N, and the B left out: the moves to the square first,
		// then the bishop's moves one slip away, nearest first.
		{"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3", "Bc3", []string{"Nc3", "c3", "Bc4", "Bd3", "Bb5"}},
		// Same destination, then the knight's moves, nearest first.
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Nxd5", []string{"exd5", "Nc3", "Nf3", "Na3", "Ne2"}},
		// The pinned bishop has no move and nothing else is near.
		{"2r1k3/5p2/8/8/2B5/8/8/2K5 w - - 0 1", "Bxf7", nil},
		// Ambiguous: the candidates, in SAN order.
		{"rn2kb1r/8/5n2/8/8/8/8/4K3 b - - 0 1", "Nd7", []string{"Nbd7", "Nfd7"}},
		// Castling through check: the other castling.
		{"4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", []string{"O-O-O"}},
	}
	for _, c := range cases {
		_, _, err := resolveText(t, c.fen, c.text, SAN)
		var re *ResolveError
		if !errors.As(err, &re) {
			t.Errorf("%s: no error (%v)", c.text, err)
			continue
		}
		if got := re.SuggestionsSAN(); !slices.Equal(got, c.want) {
			t.Errorf("%s in %s: suggestions %v, want %v", c.text, c.fen, got, c.want)
		}
		if len(re.Suggestions) > MaxSuggestions {
			t.Errorf("%s: %d suggestions", c.text, len(re.Suggestions))
		}
		if e := re.Error(); len(c.want) > 0 && re.Reason != Ambiguous && !strings.HasSuffix(e, " (nearest legal moves: "+strings.Join(c.want, ", ")+")") {
			t.Errorf("%s: Error() = %q", c.text, e)
		}
	}
}

// TestResolveMalformed feeds descriptions no parser produces: they must be
// errors, never panics or moves.
func TestResolveMalformed(t *testing.T) {
	p := StartPosition()
	bad := []Notation{
		{},
		{Kind: Knight, FromFile: -1, FromRank: -1, ToFile: 8, ToRank: 2},
		{Kind: Knight, FromFile: -1, FromRank: -1, ToFile: 5, ToRank: -2},
		{Kind: Knight, FromFile: 9, FromRank: -1, ToFile: 5, ToRank: 2},
		{Kind: Knight, FromFile: -1, FromRank: -5, ToFile: 5, ToRank: 2},
		{Kind: 9, FromFile: -1, FromRank: -1, ToFile: 5, ToRank: 2},
		{Kind: Pawn, FromFile: 4, FromRank: -1, ToFile: 4, ToRank: -1},
		{Kind: Knight, FromFile: -1, FromRank: -1, ToFile: 5, ToRank: -1},
		{Kind: Pawn, FromFile: -1, FromRank: -1, ToFile: 4, ToRank: 3, Promotion: 12},
		{Castle: 7},
		{Kind: Pawn, FromFile: -1, FromRank: -1, ToFile: 4, ToRank: 5, Promotion: Queen},
		{Kind: Pawn, FromFile: -1, FromRank: -1, ToFile: 4, ToRank: 7, Promotion: King},
		{Kind: Pawn, FromFile: -1, FromRank: -1, ToFile: 4, ToRank: 7, Promotion: Pawn},
	}
	for _, n := range bad {
		m, err := p.Resolve(&n)
		var re *ResolveError
		if !errors.As(err, &re) || m != NoMove || re.Msg == "" {
			t.Errorf("%+v: %v, %v", n, m, err)
		}
	}
}

// TestResolveSetUpPositions: positions without exactly one king take the
// slow path and still resolve.
func TestResolveSetUpPositions(t *testing.T) {
	cases := []struct{ fen, text, uci string }{
		{"8/8/8/8/8/8/8/R6N w - - 0 1", "Ra8", "a1a8"},
		{"k7/8/8/8/8/8/8/K1K4N w - - 0 1", "Kb2", ""}, // both kings reach b2
		{"k7/8/8/8/8/8/8/K1K4N w - - 0 1", "Kab2", "a1b2"},
		{"k7/8/8/8/8/8/8/K1K4N w - - 0 1", "Ng3", "h1g3"},
	}
	for _, c := range cases {
		p, m, err := resolveText(t, c.fen, c.text, SAN)
		if c.uci == "" {
			var re *ResolveError
			if !errors.As(err, &re) || re.Reason != Ambiguous {
				t.Errorf("%s: %v, %v; want ambiguous", c.text, m, err)
			}
			continue
		}
		if err != nil || m.UCI(false) != c.uci {
			t.Errorf("%s: %v, %v; want %s", c.text, m, err, c.uci)
			continue
		}
		if got := p.SAN(m); got != c.text {
			t.Errorf("SAN(%s) = %s, want %s", c.uci, got, c.text)
		}
	}
}

func TestDeviations(t *testing.T) {
	cases := []struct {
		fen, text string
		want      Deviation
	}{
		{StartFEN, "Nf3", 0},
		{StartFEN, "Nxf3", CaptureMarkNoCapture},
		{StartFEN, "Nf3+", CheckMarkFalse},
		{StartFEN, "Ngf3", OriginSuperfluous},
		{StartFEN, "Ng1f3", OriginSuperfluous},
		{StartFEN, "Ng1-f3", 0},
		{StartFEN, "g1f3", 0},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "ed5", CaptureUnmarked},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "ed", 0},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", 0},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8", CheckUnmarked},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#", MateMarkFalse},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8", MateUnmarked},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8+", MateUnmarked},
		{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", 0},
		{"8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1", "Qh4e1", 0},
		{"k7/8/8/8/8/4R3/8/4R1K1 w - - 0 1", "Re1e2", OriginSuperfluous},
		// The rival on e4 is pinned by the rook on e8: the origin is not
		// needed. With the rook off the king's lines, or the checking
		// bishop taken on the square both knights go to, it is.
		{"4r2k/8/8/8/4N3/8/8/1N2K3 w - - 0 1", "Nbd2", OriginSuperfluous},
		{"r6k/8/8/8/4N3/8/8/1N2K3 w - - 0 1", "Nbd2", 0},
		{"7k/8/8/8/4N3/8/3b4/1N2K3 w - - 0 1", "Nbxd2", 0},
		{"7k/8/8/8/4N3/8/3b4/1N2K3 w - - 0 1", "Nexd2", 0},
		{"7k/8/8/8/4N3/8/3b4/1N2K3 w - - 0 1", "Nb1xd2", OriginSuperfluous},
		{"7k/8/8/b7/4N3/8/8/1N2K3 w - - 0 1", "Nbd2", 0},
		{"7k/8/8/b7/8/2N5/8/4K1N1 w - - 0 1", "Nge2", OriginSuperfluous},
		{"7k/8/8/8/8/2N5/8/4K1N1 w - - 0 1", "Nge2", 0},
		{"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "exd6e.p.", 0},
		{"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "ed6", CaptureUnmarked},
		{"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "exd6", 0},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", 0},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ke1g1", 0},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kf1", 0},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kxf1", CaptureMarkNoCapture},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "exd5e.p.", EnPassantMarkFalse},
		{"rnbqkbnr/ppp2ppp/3p4/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "exd6e.p.", EnPassantMarkFalse},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Pxd5", 0},
		{StartFEN, "Pxe4", CaptureMarkNoCapture},
	}
	for _, c := range cases {
		p, m, n := resolveSAN(t, c.fen, c.text)
		if got := p.Deviations(&n, m); got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.text, c.fen, got, c.want)
		}
	}
	if s := (CaptureMarkNoCapture | CheckUnmarked).String(); s != "capture mark without a capture, check not marked" {
		t.Errorf("Deviation.String() = %q", s)
	}
	if s := string((CheckUnmarked | OriginSuperfluous).AppendText([]byte("(Russian piece letters, "))); s != "(Russian piece letters, check not marked, superfluous origin" {
		t.Errorf("Deviation.AppendText = %q", s)
	}
	if s := Deviation(0).String(); s != "" {
		t.Errorf("Deviation(0).String() = %q", s)
	}
}

// resolveSAN resolves the SAN text in the position fen, which it must
// name a legal move in, and returns the notation read as well.
func resolveSAN(t *testing.T, fen, text string) (Position, Move, Notation) {
	t.Helper()
	p, m, err := resolveText(t, fen, text, SAN)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	n, _ := ParseMove([]byte(text), SAN)
	return p, m, n
}

// TestMarksAsIs: MarksAsIs answers true only where MarkDeviations finds
// nothing but a false "e.p.", and does for a plain move or promotion with
// its capture marked as it is and no origin but a pawn's; castling and en
// passant, which it reads the board wrongly for, are left to MarkDeviations.
func TestMarksAsIs(t *testing.T) {
	const (
		open    = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
		passant = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
		castle  = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		promote = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
	)
	cases := []struct {
		fen, text string
		asIs      bool
		want      Deviation // MarkDeviations
	}{
		{StartFEN, "Nf3", true, 0},
		{open, "exd5", true, 0},
		{open, "Pxd5", true, 0},      // a pawn's origin is the capture mark's to judge
		{promote, "bxa8=Q", true, 0}, // a promotion that captures
		{promote, "b8=Q", true, 0},
		{StartFEN, "Nxf3", false, CaptureMarkNoCapture},
		{open, "ed5", false, CaptureUnmarked},
		{StartFEN, "Ngf3", false, OriginSuperfluous},
		{passant, "exd6", false, 0}, // en passant: To is empty
		{passant, "exd6e.p.", false, 0},
		{open, "exd5e.p.", true, 0}, // the false "e.p." is EnPassantMark's
		{castle, "O-O", false, 0},   // castling: To is the mover's own rook
		{castle, "O-O-O", false, 0},
	}
	for _, c := range cases {
		p, m, n := resolveSAN(t, c.fen, c.text)
		if got := p.MarksAsIs(&n, m); got != c.asIs {
			t.Errorf("%s in %s: MarksAsIs %v, want %v", c.text, c.fen, got, c.asIs)
		}
		if got := p.MarkDeviations(&n, m) &^ EnPassantMark(&n, m); got != c.want {
			t.Errorf("%s in %s: MarkDeviations %q, want %q", c.text, c.fen, got, c.want)
		}
	}
	// Every legal move of random games, written in SAN and with its capture
	// mark flipped: MarksAsIs says true only where MarkDeviations finds
	// nothing, and for every plain move written as SAN writes it.
	starts := []string{StartFEN, castle, passant, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}
	var asIs, flipped int
	randomPlay(t, starts, rand.NewPCG(1, 2), 200, 60, func(p Position, m Move) {
		n, err := ParseMove([]byte(p.SAN(m)), SAN)
		if err != nil {
			t.Fatalf("%s: %v", p.SAN(m), err)
		}
		for flip := range 2 {
			if flip == 1 {
				n.Capture = !n.Capture
			}
			got, d := p.MarksAsIs(&n, m), p.MarkDeviations(&n, m)
			if got && d != 0 {
				t.Fatalf("%s, %s (capture mark %v): MarksAsIs true, MarkDeviations %q", p.FEN(), p.SAN(m), n.Capture, d)
			}
			plain := flip == 0 && m&moveTypeMask < moveEnPassant && (n.FromFile < 0 && n.FromRank < 0 || n.Kind == Pawn)
			if got != plain {
				t.Fatalf("%s, %s (capture mark %v): MarksAsIs %v, want %v", p.FEN(), p.SAN(m), n.Capture, got, plain)
			}
			if got {
				asIs++
			} else if flip == 1 {
				flipped++
			}
		}
	})
	if asIs < 10000 || flipped < 10000 {
		t.Errorf("only %d moves as they are, %d flipped: the test proves little", asIs, flipped)
	}
}

func TestResolveReasonString(t *testing.T) {
	if s := PathBlocked.String(); s != "path-blocked" {
		t.Errorf("PathBlocked.String() = %q", s)
	}
	if s := ResolveReason(200).String(); s != "ResolveReason(200)" {
		t.Errorf("ResolveReason(200).String() = %q", s)
	}
}

// TestResolveNoAllocations: resolving allocates nothing, on the fast path
// and on the slow path's successes alike, and TryResolve never does.
func TestResolveNoAllocations(t *testing.T) {
	cases := []struct {
		fen, text string
		set       LetterSet
	}{
		{StartFEN, "Nf3", SAN},
		{StartFEN, "e4", SAN},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", SAN},
		{"rnbqkbnr/ppp3pp/4p3/3pPp2/3P4/8/PPP2PPP/RNBQKBNR w KQkq f6 0 4", "ef", Russian}, // slow path
		{"4k3/8/8/8/8/4p3/3P4/4K3 w - - 0 1", "xe3", SAN},                                 // slow path
		{"8/8/8/8/8/8/8/R6N w - - 0 1", "Ra8", SAN},                                       // no king: slow path
	}
	for _, c := range cases {
		p := sanFEN(t, c.fen)
		n, err := ParseMove([]byte(c.text), c.set)
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(50, func() {
			if _, err := p.Resolve(&n); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %.1f allocations", c.text, allocs)
		}
	}
	// TryResolve allocates nothing even when the text fits no move.
	p := StartPosition()
	for _, text := range []string{"Ne6", "Nd2", "O-O", "Ra3", "e5"} {
		n, _ := ParseMove([]byte(text), SAN)
		allocs := testing.AllocsPerRun(50, func() {
			if _, ok := p.TryResolve(&n); ok {
				t.Fatalf("%s resolved", text)
			}
		})
		if allocs != 0 {
			t.Errorf("TryResolve(%s): %.1f allocations", text, allocs)
		}
	}
}

// kasparovTopalov is a master game (Kasparov-Topalov, Wijk aan Zee 1999) as its
// SAN moves: captures, checks, castling, a promotion.
var kasparovTopalov = strings.Fields(`e4 d6 d4 Nf6 Nc3 g6 Be3 Bg7 Qd2 c6 f3 b5 Nge2 Nbd7 Bh6 Bxh6 Qxh6 Bb7 a3 e5
O-O-O Qe7 Kb1 a6 Nc1 O-O-O Nb3 exd4 Rxd4 c5 Rd1 Nb6 g3 Kb8 Na5 Ba8 Bh3 d5 Qf4+ Ka7 Rhe1 d4
Nd5 Nbxd5 exd5 Qd6 Rxd4 cxd4 Re7+ Kb6 Qxd4+ Kxa5 b4+ Ka4 Qc3 Qxd5 Ra7 Bb7 Rxb7 Qc4 Qxf6 Kxa3
Qxa6+ Kxb4 c3+ Kxc3 Qa1+ Kd2 Qb2+ Kd1 Bf1 Rd2 Rd7 Rxd7 Bxc4 bxc4 Qxh8 Rd3 Qa8 c3 Qa4+ Ke1
f4 f5 Kc1 Rd2 Qa7`)

// BenchmarkResolveSAN is ParseMove + Resolve per move over the moves of a
// real game, each in the position where it was played (ns/move).
func BenchmarkResolveSAN(b *testing.B) {
	positions, texts := benchGamePositions(b)
	b.ReportAllocs()
	for b.Loop() {
		for j, text := range texts {
			n, err := ParseMove(text, SAN)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := positions[j].Resolve(&n); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(texts)), "ns/move")
}

// BenchmarkResolveOnly is Resolve alone over the same moves, parsed once.
func BenchmarkResolveOnly(b *testing.B) {
	positions, texts := benchGamePositions(b)
	notes := make([]Notation, len(texts))
	for i, t := range texts {
		notes[i], _ = ParseMove(t, SAN)
	}
	b.ReportAllocs()
	for b.Loop() {
		for j := range notes {
			if _, err := positions[j].Resolve(&notes[j]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(notes)), "ns/move")
}

func benchGamePositions(b *testing.B) ([]Position, [][]byte) {
	p := StartPosition()
	var positions []Position
	var texts [][]byte
	for _, s := range kasparovTopalov {
		n, err := ParseMove([]byte(s), SAN)
		if err != nil {
			b.Fatal(err)
		}
		m, err := p.Resolve(&n)
		if err != nil {
			b.Fatalf("%s: %v", s, err)
		}
		positions = append(positions, p)
		texts = append(texts, []byte(s))
		p.Play(m)
	}
	return positions, texts
}

// FuzzResolve: for any text, under English and Russian letters, in a few
// positions, Resolve never panics; a move it returns is legal, is the one
// the slow path finds, and reads back from its SAN; a failure is a
// *ResolveError with a message. The text's bytes are also taken as the
// raw fields of a Notation, out-of-range values included, which no parser
// produces but a caller might. Seeds: testdata/fuzz/FuzzResolve.
func FuzzResolve(f *testing.F) {
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp3pp/4p3/3pPp2/3P4/8/PPP2PPP/RNBQKBNR w KQkq f6 0 4",
		"1n2k3/PPP5/8/8/8/8/5ppp/3K2N1 w - - 0 1",
		"1r2k2r/8/8/8/8/8/8/R3K1R1 w GAkb - 0 1",
		"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
		"k7/8/8/8/8/8/8/K1K4N w - - 0 1",
	}
	var positions []Position
	for _, fen := range fens {
		positions = append(positions, sanFEN(f, fen))
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		p := positions[int(which)%len(positions)]
		var notes []Notation
		for _, set := range []LetterSet{SAN, Russian} {
			if n, err := ParseMove([]byte(text), set); err == nil {
				notes = append(notes, n)
			}
		}
		if b := []byte(text); len(b) >= 8 {
			notes = append(notes, Notation{Kind: Kind(b[0] % 8), FromFile: int8(b[1]), FromRank: int8(b[2]),
				ToFile: int8(b[3]), ToRank: int8(b[4]), Capture: b[5]&1 != 0, Promotion: Kind(b[5] >> 5),
				Castle: CastleMove(b[6] % 4), Null: b[7] == 0, Check: b[7]&2 != 0, Mate: b[7]&4 != 0})
		}
		for _, n := range notes {
			m, err := p.Resolve(&n)
			if tm, ok := p.TryResolve(&n); ok != (err == nil) || tm != m {
				t.Fatalf("%+v in %s: TryResolve %v, %v; Resolve %v, %v", n, p.FEN(), tm, ok, m, err)
			}
			if err != nil {
				var re *ResolveError
				if !errors.As(err, &re) || re.Msg == "" || re.Reason == NoReason || m != NoMove {
					t.Fatalf("%+v in %s: %v, %v", n, p.FEN(), m, err)
				}
				_ = re.Error()
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("%+v in %s resolved to the illegal %v", n, p.FEN(), m)
			}
			if slow, err := p.resolveSlow(&n); err != nil || slow != m {
				t.Fatalf("%+v in %s: fast %v, slow %v, %v", n, p.FEN(), m, slow, err)
			}
			san := p.SAN(m)
			back, err := ParseMove([]byte(san), SAN)
			if err != nil {
				t.Fatalf("SAN %q: %v", san, err)
			}
			if again, err := p.Resolve(&back); err != nil || again != m {
				t.Fatalf("SAN %q of %v reads back as %v, %v", san, m, again, err)
			}
			_ = p.Deviations(&n, m)
		}
	})
}

// TestResolveFastWrittenOrigin: resolveFast reads the written origin
// through a mask, which must allow the absent coordinate (-1) and the
// right file or rank, refuse the wrong ones, and refuse every value off
// the board rather than ignore it.
func TestResolveFastWrittenOrigin(t *testing.T) {
	p := StartPosition()
	knight := func(file, rank int8) Notation {
		return Notation{Kind: Knight, FromFile: file, FromRank: rank, ToFile: 5, ToRank: 2} // N?f3
	}
	pawn := func(file, rank int8) Notation {
		return Notation{Kind: Pawn, FromFile: file, FromRank: rank, ToFile: 4, ToRank: 3} // e4
	}
	g1f3, e2e4 := NewMove(MakeSquare(6, 0), MakeSquare(5, 2)), NewMove(MakeSquare(4, 1), MakeSquare(4, 3))
	cases := []struct {
		n    Notation
		want Move
	}{
		{knight(-1, -1), g1f3},
		{knight(6, -1), g1f3},
		{knight(-1, 0), g1f3},
		{knight(6, 0), g1f3},
		{knight(1, -1), NoMove}, // Nbf3: the b-knight does not reach f3
		{knight(-1, 1), NoMove},
		{knight(8, -1), NoMove},
		{knight(-2, -1), NoMove},
		{knight(-1, 8), NoMove},
		{knight(-1, -128), NoMove},
		{knight(127, 0), NoMove},
		{pawn(-1, -1), e2e4},
		{pawn(4, 1), e2e4},
		{pawn(-1, 2), NoMove},
		{pawn(-1, -2), NoMove},
		{pawn(-1, 9), NoMove},
		{pawn(8, -1), NoMove},
	}
	for _, c := range cases {
		if got := p.resolveFast(&c.n); got != c.want {
			t.Errorf("resolveFast(%+v) = %v, want %v", c.n, got, c.want)
		}
	}
}

// TestResolveFastKingStep: resolveFast answers a king step itself
// (kingStepFast): a step to a safe square, and no move for a square a
// slider still reaches once the king has left its line, a square the enemy
// king guards, a king that is not on the written origin, and a square no
// king step reaches. resolveSlow must agree on each.
func TestResolveFastKingStep(t *testing.T) {
	// White: Ke4; black: Ke6, Rh4 checking along the fourth rank.
	p, err := ParseFEN("8/8/4k3/8/4K2r/8/8/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	king := func(file, rank, toFile, toRank int8) Notation {
		return Notation{Kind: King, FromFile: file, FromRank: rank, ToFile: toFile, ToRank: toRank}
	}
	e4 := MakeSquare(4, 3)
	cases := []struct {
		name string
		n    Notation
		want Move
	}{
		{"Ke3 leaves the rank", king(-1, -1, 4, 2), NewMove(e4, MakeSquare(4, 2))},
		{"Kf3 with the origin written", king(4, 3, 5, 2), NewMove(e4, MakeSquare(5, 2))},
		{"Kd4 stays on the rook's rank", king(-1, -1, 3, 3), NoMove},
		{"Kf4 steps towards the rook", king(-1, -1, 5, 3), NoMove},
		{"Kd5 next to the black king", king(-1, -1, 3, 4), NoMove},
		{"Kd3 from a square the king is not on", king(3, -1, 3, 2), NoMove},
		{"Kc3 is no step", king(-1, -1, 2, 2), NoMove},
	}
	for _, c := range cases {
		if got := p.resolveFast(&c.n); got != c.want {
			t.Errorf("%s: resolveFast = %v, want %v", c.name, got, c.want)
		}
		slow, ok := p.matchSlow(&c.n)
		if want := c.want != NoMove; ok != want || ok && slow != c.want {
			t.Errorf("%s: matchSlow = %v, %v, want %v", c.name, slow, ok, c.want)
		}
	}
}
