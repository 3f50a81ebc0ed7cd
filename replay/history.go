package replay

import "math/bits"

// Repetition and the move-count rules (FIDE 9.2, 9.3, 9.6), with the
// semantics python-chess gives them, so that our findings and its facts
// about the same games agree ply for ply:
//
//   - positions are compared by RepetitionKey: placement, side to move,
//     castling rights, and the en-passant square only when an en-passant
//     capture is legal (FIDE 9.2.2);
//   - occurrences are counted back to the last irreversible move and
//     include the start position when none intervened. A move is
//     irreversible (IsIrreversible) when it captures, moves a pawn, or
//     takes away a castling right, and also, as python-chess's
//     is_irreversible has it, when it is made in a position where an
//     en-passant capture was legal: that position cannot recur, because
//     the right to take en passant is gone after any move.

// historyInline is how many positions a History holds before it spills to
// the heap: the window between irreversible moves is rarely longer than
// the 150 plies after which the game is drawn anyway.
const historyInline = 1024

// History records the repetition keys of the positions since the last
// irreversible move. Start it with Reset, then Push the position after
// every ply (or let Play and PlayNull do both). It allocates nothing until
// more than 1024 plies pass without an irreversible move.
type History struct {
	keys     [historyInline]uint64
	overflow []uint64 // keys past historyInline
	n        int      // keys in the window
	count    int      // occurrences of the last key in the window
	// twice lists, by the parity of their place in the window (which is
	// the side to move), the keys that occur twice or more: the positions a
	// move may bring about for the third time. Kept as keys are pushed, so
	// that CanClaimThreefold need not search the window at every ply.
	twice     [2][maxTwice]uint64
	twiceOcc  [2][maxTwice][2]Bitboard // each twice key's position, by colour
	twiceN    [2][maxTwice]int32       // how often each twice key occurs: no search of the window for it
	nTwice    [2]int
	manyTwice bool // a list overflowed: CanClaimThreefold counts in the window
	// watch has bit 1<<parity set, by parity as twice, when that list is
	// not empty or manyTwice is set: one load tells CanClaimThreefold it
	// has nothing to do, and Repeats, asked at every ply, one test.
	watch uint8
	// seen is a 512-bit filter of the window's keys (a bit chosen by the
	// key's top 9 bits): a key whose bit is clear is new, and Push need not
	// search the window for it, which is most of the time. One filter for
	// both sides to move, rather than one a side as twice has, fills as
	// fast and is found without the parity: 5 instructions a ply fewer.
	seen [8]uint64
	// reversible is what a ply from the position last pushed leaves as it
	// was when it is reversible: that position's castling rights
	// (Castling.bits), or cutNext, which no rights equal, when an
	// en-passant capture is legal there (LegalEnPassant, found with the
	// position's key): then every ply is irreversible. One comparison a ply
	// answers both, and PlayGaveCheck keeps nothing across Play's call.
	reversible uint64
	// askFrom is the first move type PlayGaveCheck does not answer itself:
	// moveEnPassant (en passant and castling, which move a second man,
	// asked of GaveCheck) while each side has one king and the side that
	// has just moved is not in check, 0 (every move, asked of InCheck)
	// otherwise. Set where a position is pushed as such (Reset, a null
	// move), it holds for the plies after: a legal move neither adds a
	// king nor leaves its own in check, so no king can be taken and
	// GaveCheck's condition holds at every ply. One comparison a ply
	// instead of a count of the kings, and the replay loops need not track
	// whether the position before the move was legal: 1.2 % fewer
	// instructions in BenchmarkStreamCheck.
	askFrom Move
}

// maxTwice is how many repeated keys a side's list holds; real games have
// one or two.
const maxTwice = 16

// cutNext is History.reversible after a position with a legal en-passant
// capture: more than any Castling.bits.
const cutNext = 1 << 32

// Reset starts the history at the position p (the start of a game).
func (h *History) Reset(p *Position) {
	h.n, h.count = 0, 0
	h.Push(p, true)
}

// Push records p, the position after a ply; irreversible says whether that
// ply was (see IsIrreversible, asked of the position before the ply).
// Most plies bring a position the window's filter has not seen: that case
// is answered here, the rest in pushSeen.
func (h *History) Push(p *Position, irreversible bool) {
	h.askFrom = 0
	if p.oneKingEach() {
		h.askFrom = moveEnPassant
	}
	if irreversible {
		h.restart()
	}
	k := h.keyAt(p)
	word, bit := k>>61, uint64(1)<<(k>>55&63)
	if h.seen[word]&bit != 0 || uint(h.n) >= historyInline {
		h.pushSeen(p, k)
		return
	}
	h.seen[word] |= bit
	h.keys[h.n] = k
	h.n++
	h.count = 1
}

// oneKingEach reports whether each side of p has exactly one king and the
// side that has just moved is not in check: then no legal move from p on
// takes a king, and each side keeps its one king. A set-up position or a
// null move may leave the side not to move in check, its king to be taken.
func (p *Position) oneKingEach() bool {
	us, them := p.byKind[King]&p.byColor[p.turn&1], p.byKind[King]&p.byColor[p.turn.Other()&1]
	if us == 0 || us.more() || them == 0 || them.more() {
		return false
	}
	return p.AttackersTo(them.LSB(), p.turn, p.byColor[White]|p.byColor[Black]) == 0
}

// keyAt is the repetition key of p, the position about to be pushed, and
// sets reversible for the ply from it.
func (h *History) keyAt(p *Position) uint64 {
	h.reversible = uint64(p.castle.bits())
	if p.epInKey {
		return h.keyEP(p)
	}
	return p.key
}

// keyEP is keyAt for a position whose key holds an en-passant file: the
// file stays only when the capture is legal, and then the next ply cuts.
func (h *History) keyEP(p *Position) uint64 {
	k, legal := p.repetitionKeyEP()
	if legal {
		h.reversible = cutNext
	}
	return k
}

// restart empties the window at an irreversible ply.
func (h *History) restart() {
	h.n, h.overflow = 0, h.overflow[:0]
	h.nTwice, h.manyTwice, h.watch = [2]int{}, false, 0
	h.seen = [8]uint64{}
}

// pushSeen is Push for a key the filter may have seen, or past the inline
// window: the window is searched for it.
func (h *History) pushSeen(p *Position, k uint64) {
	side := h.n & 1
	c := 0
	// A key already listed as repeated is counted there: a long shuffle
	// (tens of thousands of plies without a capture or a pawn move) would
	// search the whole window at every ply.
	for i, t := range h.twice[side][:h.nTwice[side]] {
		if t == k {
			h.twiceN[side][i]++
			c = int(h.twiceN[side][i])
			break
		}
	}
	if c == 0 {
		c = 1
		for i := h.n - 2; i >= 0; i -= 2 {
			if h.at(i) == k {
				c++
			}
		}
	}
	h.seen[k>>61] |= uint64(1) << (k >> 55 & 63)
	if c == 2 {
		if i := h.nTwice[side]; i < maxTwice {
			h.twice[side][i], h.twiceOcc[side][i], h.twiceN[side][i] = k, p.byColor, 2
			h.nTwice[side]++
			h.watch |= 1 << side
		} else {
			h.manyTwice, h.watch = true, 3
		}
	}
	if h.n < historyInline {
		h.keys[h.n] = k
	} else {
		h.overflow = append(h.overflow, k)
	}
	h.n++
	h.count = c
}

func (h *History) at(i int) uint64 {
	if i < historyInline {
		return h.keys[i]
	}
	return h.overflow[i-historyInline]
}

// Play plays the legal move m in p, the position last pushed, and records
// the result.
func (h *History) Play(p *Position, m Move) { h.PlayGaveCheck(p, m) }

// PlayGaveCheck is Play, answering InCheck of the position reached as well:
// a replay loop that wants both saves a call per ply, and most moves, far
// from the king, are answered here without InCheck's search. The answer is
// InCheck's after a set-up position or a null move too (see askFrom), so
// long as every position of the game was pushed: by Reset, PlayNull or
// PlayGaveCheck.
//
// Whether m is irreversible is read off the move played rather than asked
// of it beforehand: a capture or a pawn move resets the halfmove clock, a
// lost castling right shows in the rights (IsIrreversible says the same).
func (h *History) PlayGaveCheck(p *Position, m Move) bool {
	p.Play(m)
	// Push, written out: a call more per ply costs more than the lines.
	// p is the position last pushed, whether a ply from it is reversible
	// is known (see reversible). Only an irreversible ply, a pawn's double
	// step, leaves an en-passant square in the key: a reversible one asks
	// nothing about en passant, and nothing is kept across Play's call
	// (9 instructions a ply fewer than keeping the rights and epLegal).
	k := p.key
	if p.halfmove == 0 || uint64(p.castle.bits()) != h.reversible {
		// keyAt, written out: its call would cost more than the lines.
		h.restart()
		h.reversible = uint64(p.castle.bits())
		if p.epInKey {
			k = h.keyEP(p)
		}
	}
	n := h.n // a local: the store to seen would make the compiler reload h.n and check its bound
	word, bit := k>>61, uint64(1)<<(k>>55&63)
	if h.seen[word]&bit != 0 || uint(n) >= historyInline {
		h.pushSeen(p, k)
	} else {
		h.seen[word] |= bit
		h.keys[n] = k
		h.n = n + 1
		h.count = 1
	}
	// En passant and castling move a second man, and a game without one
	// king a side is asked in full: GaveCheck's (see askFrom). The rest is
	// answered here.
	// askFrom's low bits are clear: m's type is compared without a mask.
	if m >= h.askFrom {
		if h.askFrom == 0 {
			return p.InCheck()
		}
		return p.GaveCheck(m)
	}
	kings := p.byKind[King] & p.byColor[p.turn&1]
	// A plain move or promotion, ksq the square of the only king of the
	// side now to move. Written out here, as Push is, rather than called:
	// the call, its frame and its arguments cost about 9 instructions a ply
	// (BenchmarkCheckHot).
	//
	// The filters are sums, not branches: whether a move lands near the
	// king is anyone's guess, and a wrong guess costs more than the sums.
	// The piece that arrived gives check when it reaches the king on an
	// empty board with nothing between; a line can open only when one of
	// the mover's sliders stands on the line through the king and the
	// square left. Which slider moves along which line is left to
	// AttackersTo: telling the rook's lines from the bishop's here cost
	// 6 instructions a ply more than the few more calls it saved
	// (BenchmarkCheckHot: 3.7 k calls instead of 2.6 k in 127 k plies).
	from, to, ksq := m.From()&63, m.To()&63, Square(bits.TrailingZeros64(uint64(kings)|1<<63))&63
	occ := p.byColor[White] | p.byColor[Black]
	between := betweenBB[ksq][to] & occ // the king's row, which the next ply's legality test reads too
	direct := checkReach[p.board[to]&15][to] & ksq.Bit()
	if between != 0 {
		direct = 0 // a conditional move
	}
	sliders := p.byColor[^p.turn&1] & (p.byKind[Rook] | p.byKind[Bishop] | p.byKind[Queen])
	if direct|lineBB[ksq][from]&sliders == 0 {
		return false
	}
	// The king's colour rather than p.turn: the turn loaded above would be
	// kept on the stack for this rare call, a store every ply.
	return direct != 0 || p.AttackersTo(ksq, p.board[ksq].Color().Other(), occ) != 0
}

// PlayNull plays a null move in p, the position last pushed, and records
// the result. A null move is irreversible only when an en-passant capture
// was legal before it.
func (h *History) PlayNull(p *Position) {
	irreversible := h.reversible == cutNext
	p.PlayNull()
	h.Push(p, irreversible)
}

// Len is the number of positions in the window: the last one pushed and
// those before it back to the last irreversible move.
func (h *History) Len() int { return h.n }

// Count is how many times the last position pushed has occurred in the
// window, itself included (0 before Reset).
func (h *History) Count() int { return h.count }

// Repeats reports whether some position of the window has occurred twice.
// Until one has, no draw by repetition can be claimed or reached, and a
// caller following the draw rules ply by ply need not ask.
func (h *History) Repeats() bool { return h.watch != 0 }

// IsRepetition reports whether the last position pushed has occurred at
// least times times (python-chess's is_repetition).
func (h *History) IsRepetition(times int) bool { return h.count >= times }

// IsThreefold reports whether the current position has occurred three times.
func (h *History) IsThreefold() bool { return h.count >= 3 }

// IsFivefold reports whether the current position has occurred five times:
// the game is drawn (FIDE 9.6.1).
func (h *History) IsFivefold() bool { return h.count >= 5 }

// CanClaimThreefold reports whether the side to move in p, the position
// last pushed, may claim a draw by repetition (FIDE 9.2): p has occurred
// three times, or some legal move reaches a position for the third time
// (python-chess's can_claim_threefold_repetition). It looks at the legal
// moves only when a position of the window has already occurred twice.
func (h *History) CanClaimThreefold(p *Position) bool {
	// Most plies have no repeated position to reach: answered inline.
	return (h.count >= 3 || h.watch>>(h.n&1)&1 != 0) && h.canClaimThreefold(p)
}

// canClaimThreefold is CanClaimThreefold past its inline test; kept out of
// line so that the test stays inline in the replay loops.
//
//go:noinline
func (h *History) canClaimThreefold(p *Position) bool {
	_, ok := h.threefoldMove(p)
	return ok
}

// ThreefoldMove says how the side to move in p, the position last pushed,
// may claim a draw by repetition: on p itself, which has occurred three
// times (NoMove, true), or by announcing the move it returns, which reaches
// a position for the third time (FIDE 9.2.1.1); false when it may not. For
// messages: CanClaimThreefold is the per-ply question.
func (h *History) ThreefoldMove(p *Position) (Move, bool) {
	if h.count >= 3 || h.watch>>(h.n&1)&1 != 0 {
		return h.threefoldMove(p)
	}
	return NoMove, false
}

func (h *History) threefoldMove(p *Position) (Move, bool) {
	if h.count >= 3 {
		return NoMove, true
	}
	// The keys with the opponent to move that occur twice, at the places of
	// the parity of n-2: a move must reach one of them. Usually there are
	// none and nothing is looked at.
	twice := h.twice[h.n&1][:h.nTwice[h.n&1]]
	if len(twice) == 0 && !h.manyTwice || h.n < 2 {
		return NoMove, false
	}
	// Only a reversible move can reach a position of the window: every one
	// of them has the material, the pawns and the castling rights of p. Such
	// a move moves one piece and leaves no en-passant square, so the key it
	// reaches is p's with that piece moved and the turn passed: no need to
	// play it. (p has no en-passant square to take out of the key: it would
	// have come with a double step, which starts the window afresh.)
	base := p.key ^ turnKey
	if !h.manyTwice {
		// The one move that could reach a listed position is read off the
		// squares its men stand on: the opponent's as in p, one of the
		// mover's moved. Most plies of a game that repeated once long ago
		// are ruled out here, without generating the legal moves.
		us, them := p.turn&1, p.turn.Other()&1
		for i, t := range twice {
			occ := &h.twiceOcc[h.n&1][i]
			from, to := p.byColor[us]&^occ[us], occ[us]&^p.byColor[us]
			if occ[them] != p.byColor[them] || from == 0 || from.more() || to == 0 || to.more() {
				continue
			}
			m := NewMove(from.LSB(), to.LSB())
			pc := p.board[m.From()] & 15
			if base^pieceKeys[pc][m.From()&63]^pieceKeys[pc][m.To()&63] == t && !p.IsIrreversible(m) && p.isLegalStep(m) {
				return m, true
			}
		}
		return NoMove, false
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if p.IsIrreversible(m) {
			continue
		}
		pc := p.board[m.From()] & 15
		k := base ^ pieceKeys[pc][m.From()&63] ^ pieceKeys[pc][m.To()&63]
		c := 0
		for i := h.n - 2; i >= 0; i -= 2 {
			if h.at(i) == k {
				c++
			}
		}
		if c >= 2 {
			return m, true
		}
	}
	return NoMove, false
}

// IsIrreversible reports whether playing m in p cuts the repetition
// history: a capture, a pawn move, a move that takes away a castling right
// of either side, or any move (NoMove for a null move) made when an
// en-passant capture is legal in p.
func (p *Position) IsIrreversible(m Move) bool {
	if p.LegalEnPassant() {
		return true
	}
	if m == NoMove {
		return false
	}
	from := m.From()
	if p.board[from].Kind() == Pawn || p.IsCapture(m) {
		return true
	}
	touched := from.Bit() | m.To().Bit()
	for c := range 2 {
		for _, r := range p.castle[c] {
			if r != NoSquare && touched.Has(r) {
				return true
			}
		}
	}
	us := p.castle[p.turn]
	return p.board[from].Kind() == King && (us[KingSide] != NoSquare || us[QueenSide] != NoSquare)
}

// IsFiftyMoves reports whether the last 100 plies had no capture and no
// pawn move and the side to move has a legal move (python-chess's
// is_fifty_moves).
func (p *Position) IsFiftyMoves() bool { return p.halfmove >= 100 && p.HasLegalMove() }

// CanClaimFiftyMoves reports whether the side to move may claim a draw by
// the fifty-move rule (FIDE 9.3), as python-chess's can_claim_fifty_moves:
// IsFiftyMoves now, or with the clock at 99 a legal move that neither
// captures nor moves a pawn brings it to 100 in a position with a legal move.
func (p *Position) CanClaimFiftyMoves() bool { return p.CanClaimMoveRule(100) }

// CanClaimMoveRule is CanClaimFiftyMoves for a rule of any number of plies
// without a capture or a pawn move (150 for the Soviet Code's 75 moves): the
// clock has reached plies with a legal move left, or a legal move that
// neither captures nor moves a pawn, announced with the claim, reaches them.
func (p *Position) CanClaimMoveRule(plies int) bool {
	if int(p.halfmove) >= plies && p.HasLegalMove() {
		return true
	}
	if int(p.halfmove) < plies-1 {
		return false
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if p.board[m.From()].Kind() == Pawn || p.IsCapture(m) {
			continue
		}
		q := *p
		q.Play(m)
		if int(q.halfmove) >= plies && q.HasLegalMove() {
			return true
		}
	}
	return false
}

// IsSeventyFiveMoves reports whether 150 plies passed without a capture or
// a pawn move and the side to move has a legal move, so that the game is
// drawn (FIDE 9.6.2; a mate on the 150th ply stands).
func (p *Position) IsSeventyFiveMoves() bool { return p.halfmove >= 150 && p.HasLegalMove() }
