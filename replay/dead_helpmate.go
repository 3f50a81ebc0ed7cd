package replay

// Layer 4: the helpmate search. Both sides cooperate, so it is a single-
// agent search for a line ending in the winner's mate, iteratively
// deepened. Depth is spent unevenly, as in CHA: moves that make progress
// towards a mate (a pawn advancing, a capture by the winner, the winner's
// king or knight closing in, the loser's king walking to the mating
// corner) cost nothing, and neither does the answer to one; moves that
// usually spoil a helpmate (the loser capturing or pushing a pawn) cost
// extra. Any ordering finds a mate that exists within the depth it
// reaches; the costs only decide which lines are reached first.
//
// A search that visits every line to its end without a cut proves that no
// mate exists. A line that comes back to a position on the current path
// adds nothing (all that follows it is searched from the first visit), so
// small closed worlds, a few blocked pawns and kings, can be exhausted.

const (
	costNormal = 2 // depth is counted in half steps so that a reward can be half a move
	costPunish = 6
)

// corners are the squares a1, h1, a8, h8.
const corners = Bitboard(1) | 1<<7 | 1<<56 | 1<<63

var knightDistance [64][64]uint8

func init() {
	for a := Square(0); a < 64; a++ {
		d := &knightDistance[a]
		for i := range d {
			d[i] = 255
		}
		d[a] = 0
		seen, frontier := a.Bit(), a.Bit()
		for dist := uint8(1); frontier != 0; dist++ {
			next := knightAttacksOf(frontier) &^ seen
			for b := next; b != 0; {
				d[b.PopLSB()] = dist
			}
			seen |= next
			frontier = next
		}
	}
}

func kingDistance(a, b Square) int {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return max(df, -df, dr, -dr)
}

// mateCorner picks where the loser's king is best mated: the corner nearest
// to it, of the winner's bishops' square colour when all its bishops share
// one (a bishop mates in a corner of its own colour); and the square the
// winner's pieces head for.
func mateCorner(q *Position, c Color) (corner, approach Square) {
	choice := corners
	if b := q.Pieces(c, Bishop); b != 0 {
		switch {
		case b&lightSquares == 0:
			choice &^= lightSquares
		case b&^lightSquares == 0:
			choice &= lightSquares
		}
	}
	corner = choice.LSB()
	if k := q.King(c.Other()); k != NoSquare {
		bestDist := 99
		for b := choice; b != 0; {
			s := b.PopLSB()
			if d := kingDistance(k, s); d < bestDist {
				corner, bestDist = s, d
			}
		}
	}
	// The winner's pieces close in on the square diagonally next to the
	// corner (b2 for a1): the king to stand by, a knight to check from.
	approach = MakeSquare(min(max(corner.File(), 1), 6), min(max(corner.Rank(), 1), 6))
	return corner, approach
}

// search looks for the winner's mate from q within budget (in half
// steps). free says the move that led here made progress, so a normal
// answer costs nothing. found means w.path[:w.found] mates; complete means
// nothing below q was cut, so no mate follows q at all.
func (w *workspace) search(q *Position, ply, budget int, free bool) (found, complete bool) {
	w.nodes++
	winnerToMove := q.turn == w.winner
	if budget <= 0 || ply == maxSearchPly {
		// Out of depth: only a mate on the board counts.
		if !winnerToMove && q.InCheck() && !q.HasLegalMove() {
			w.found = ply
			return true, true
		}
		return false, false
	}
	if q.cannotMateByMaterial(w.winner) {
		return false, true
	}
	sp := &w.plies[ply]
	q.LegalMoves(&sp.moves)
	if sp.moves.n == 0 {
		if w.terminal(q) == Yes {
			w.found = ply
			return true, true
		}
		return false, true
	}
	if w.nodes >= w.limit {
		return false, false
	}
	key := q.Key()
	slot := key & (1<<ttBits - 1)
	if e := &w.tt[slot]; e.gen == w.gen && e.key == key {
		if e.onPath || e.complete {
			return false, true
		}
		if int(e.movesLeft) >= budget {
			return false, false
		}
	}
	w.tt[slot] = ttEntry{key: key, gen: w.gen, movesLeft: int8(min(budget, 127)), onPath: true}
	complete = true
	if w.strategy.selective && !winnerToMove && w.narrowLoserMoves(q, &sp.moves) {
		complete = false
	}
	w.order(q, sp)
	for i := 0; i < sp.moves.n; i++ {
		m := sp.moves.moves[i]
		cost, progress := w.cost(q, m, free)
		left := budget - cost
		sp.child = *q
		sp.child.Play(m)
		if winnerToMove && left <= 0 && !sp.child.InCheck() {
			complete = false // the last move of the line must be a check
			continue
		}
		w.path[ply] = m
		f, c := w.search(&sp.child, ply+1, left, progress)
		if f {
			return true, true
		}
		complete = complete && c
		if w.nodes >= w.limit {
			complete = false
			break
		}
	}
	w.tt[slot] = ttEntry{key: key, gen: w.gen, movesLeft: int8(min(budget, 127)), complete: complete}
	return false, complete
}

// cost is the depth move m spends, and whether it makes progress (so that
// the answer to it is free).
func (w *workspace) cost(q *Position, m Move, free bool) (int, bool) {
	if w.strategy.plain {
		return costNormal, false
	}
	from, to := m.From(), m.To()
	kind := q.board[from].Kind()
	normal := costNormal
	if free && w.strategy.free {
		normal = 0
	}
	if q.turn == w.winner {
		// The targets are fixed squares, not the loser's king, so that a
		// chase of a king on the run cannot go on for free.
		target := w.approach
		switch {
		case m.Promotion() != NoKind, kind == Pawn, q.IsCapture(m):
			return 0, true
		case kind == King && !m.IsCastle() && kingDistance(to, target) < kingDistance(from, target):
			return 0, true
		case kind == Knight && knightDistance[to][target] < knightDistance[from][target]:
			return 0, true
		case w.strategy.check && givesDirectCheck(q, m):
			return 0, true
		}
		return normal, false
	}
	switch {
	case kind == King && !m.IsCastle() && kingDistance(to, w.corner) < kingDistance(from, w.corner):
		return 0, true
	case q.IsCapture(m) || kind == Pawn:
		return costPunish, false
	}
	return normal, false
}

// order sorts the moves of sp most promising first: for the winner checks,
// promotions and captures, then pieces closing in; for the loser its king
// walking to the corner and its pieces gathering round it (to block its
// flight squares), captures last.
func (w *workspace) order(q *Position, sp *searchPly) {
	moves := sp.moves.moves[:sp.moves.n]
	scores := sp.scores[:len(moves)]
	winner := q.turn == w.winner
	enemyKing := q.King(q.turn.Other())
	ownKing := q.King(q.turn)
	for i, m := range moves {
		from, to := m.From(), m.To()
		kind := q.board[from].Kind()
		if k := m.Promotion(); k != NoKind {
			kind = k
		}
		var s int
		if winner {
			if givesDirectCheck(q, m) {
				s += 100
			}
			if k := m.Promotion(); k != NoKind {
				s += 20 + 10*int(k)
			}
			if q.IsCapture(m) {
				s += 30 + 5*int(q.Captured(m))
			}
			if enemyKing != NoSquare && !m.IsCastle() {
				s += 4 * (kingDistance(from, enemyKing) - kingDistance(to, enemyKing))
			}
		} else {
			if kind == King && !m.IsCastle() {
				s += 10 * (kingDistance(from, w.corner) - kingDistance(to, w.corner))
			} else if ownKing != NoSquare && !m.IsCastle() {
				s += 3 * (kingDistance(from, ownKing) - kingDistance(to, ownKing))
			}
			if q.IsCapture(m) {
				s -= 50
			}
		}
		scores[i] = int16(s)
	}
	// Insertion sort: the lists are short and often nearly in order.
	for i := 1; i < len(moves); i++ {
		m, s := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < s; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, s
	}
}

// attacksFrom is the set of squares a piece of kind k and colour c on s
// attacks with occ occupied.
func attacksFrom(k Kind, c Color, s Square, occ Bitboard) Bitboard {
	switch k {
	case Pawn:
		return PawnAttacks(c, s)
	case Knight:
		return KnightAttacks(s)
	case Bishop:
		return BishopAttacks(s, occ)
	case Rook:
		return RookAttacks(s, occ)
	case Queen:
		return QueenAttacks(s, occ)
	case King:
		return KingAttacks(s)
	}
	return 0
}

// givesDirectCheck reports whether m, played in q, checks with the moved
// piece itself (discovered checks aside).
func givesDirectCheck(q *Position, m Move) bool {
	if m.IsCastle() {
		return false
	}
	k := q.King(q.turn.Other())
	kind := q.board[m.From()].Kind()
	if p := m.Promotion(); p != NoKind {
		kind = p
	}
	return k != NoSquare && attacksFrom(kind, q.turn, m.To(), q.Occupied()&^m.From().Bit()|m.To().Bit()).Has(k)
}

// narrowLoserMoves keeps the loser's moves that can matter to a mate
// nearby: its king's, those of pieces on or to squares near its king (to
// block a flight square or open one), and one waiting move standing for
// all the others. It reports whether it dropped any.
func (w *workspace) narrowLoserMoves(q *Position, ml *MoveList) bool {
	k := q.King(q.turn)
	if k == NoSquare {
		return false
	}
	n, waiting := 0, false
	for _, m := range ml.moves[:ml.n] {
		from, to := m.From(), m.To()
		near := from == k || kingDistance(from, k) <= 2 || kingDistance(to, k) <= 2
		if !near && !waiting && !q.IsCapture(m) {
			near, waiting = true, true
		}
		if near {
			ml.moves[n] = m
			n++
		}
	}
	dropped := n < ml.n
	ml.n = n
	return dropped
}
