package replay

import (
	"math/rand/v2"
	"testing"
)

// TestHistoryAgainstReference plays random games that shuffle pieces back
// and forth, so that positions repeat, and compares History after every ply
// with python-chess's algorithm written out plainly: count the keys of the
// positions since the last irreversible move, then play every legal move
// and count the key it reaches. A null move now and then, and starts with
// an en-passant capture legal or pinned, hold PlayNull and the shortcuts
// of PlayGaveCheck (the castling rights and en passant compared in one
// word, en passant asked only after a ply that cuts) to the definitions.
func TestHistoryAgainstReference(t *testing.T) {
	starts := []string{
		StartFEN,
		"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",                               // castling rights to lose
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",                           // both sides
		"4k3/2n1n3/8/3pP3/8/8/2N1N3/4K3 w - d6 0 1",                      // an en-passant square at the start
		"1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1",                          // four knights, little else
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", // Black to move
		"4k3/8/8/3pP3/8/8/8/4K2N w - d6 0 1",                             // exd6 legal at the start
		"4k3/8/8/K2pP2r/8/8/8/7N w - d6 0 1",                             // exd6 pinned at the start
		"4k3/3p4/8/4P3/8/8/8/4K2N b - - 0 1",                             // d5 with a legal exd6
		"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",                       // Chess960 rights
	}
	r := rand.New(rand.NewPCG(7, 11))
	var claims, repeated, many, nulls, epCuts int
	for g := 0; g < 400; g++ {
		p := mustFEN(t, starts[g%len(starts)])
		var h History
		h.Reset(&p)
		window := []uint64{p.RepetitionKey()}
		var played []Move
		for ply := 0; ply < 160; ply++ {
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			// Mostly reversible moves, and often the mover's last move
			// taken back, so that positions come back.
			m := ml.At(r.IntN(ml.Len()))
			for try := 0; try < 8 && p.IsIrreversible(m) && r.IntN(10) > 0; try++ {
				m = ml.At(r.IntN(ml.Len()))
			}
			if n := len(played); n >= 2 && r.IntN(3) > 0 {
				if back := NewMove(played[n-2].To(), played[n-2].From()); ml.Contains(back) {
					m = back
				}
			}
			if r.IntN(40) == 0 && !p.InCheck() {
				m = NoMove // a null move
				nulls++
			}
			played = append(played, m)
			if p.IsIrreversible(m) {
				window = window[:0]
				if p.LegalEnPassant() {
					epCuts++
				}
			}
			if m == NoMove {
				h.PlayNull(&p)
			} else {
				h.Play(&p, m)
			}
			window = append(window, p.RepetitionKey())

			count, seen, repeats := 0, map[uint64]bool{}, false
			for _, k := range window {
				if k == p.RepetitionKey() {
					count++
				}
				repeats = repeats || seen[k]
				seen[k] = true
			}
			want := refCanClaimThreefold(&p, window)
			if h.Count() != count || h.Len() != len(window) || h.CanClaimThreefold(&p) != want || h.Repeats() != repeats {
				t.Fatalf("game %d ply %d (%s): count %d len %d claim %v repeats %v, want %d %d %v %v",
					g, ply+1, p.FEN(), h.Count(), h.Len(), h.CanClaimThreefold(&p), h.Repeats(), count, len(window), want, repeats)
			}
			if want {
				claims++
			}
			if h.nTwice[0]+h.nTwice[1] > 0 {
				repeated++
			}
			if h.manyTwice {
				many++
			}
		}
	}
	// The games must reach the interesting cases, or the test proves little.
	if testing.Verbose() {
		t.Logf("%d claimable plies, %d plies with a repeated position, %d with many, %d null moves, %d cuts by en passant",
			claims, repeated, many, nulls, epCuts)
	}
	if claims < 100 || repeated < 1000 || many == 0 || nulls < 100 || epCuts < 50 {
		t.Errorf("only %d claimable plies, %d plies with a repeated position, %d with many, %d null moves, %d cuts by en passant",
			claims, repeated, many, nulls, epCuts)
	}
}

// refCanClaimThreefold is can_claim_threefold_repetition over window, the
// keys since the last irreversible move, p's last.
func refCanClaimThreefold(p *Position, window []uint64) bool {
	counts := map[uint64]int{}
	for _, k := range window {
		counts[k]++
	}
	if counts[p.RepetitionKey()] >= 3 {
		return true
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		q := *p
		q.Play(m)
		if counts[q.RepetitionKey()] >= 2 {
			return true
		}
	}
	return false
}
