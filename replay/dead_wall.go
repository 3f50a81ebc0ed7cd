package replay

// Layer 3: pawn walls. Some pawns are "fixed": they can never move and never
// be taken for the rest of the game. If so, they are walls: no piece passes
// them, no king steps onto a square one of the opponent's fixed pawns
// attacks. Given a set F of pawns assumed fixed, every piece has a region:
// the squares it could ever reach (a flood fill of its moves over the
// squares outside F; a pawn's pushes and, onto squares an enemy piece could
// stand on, its captures; a promotion reaching anything a queen or knight
// could). F is consistent when the regions confirm it: each pawn of F is
// blocked by a pawn of F, no enemy piece can ever stand where it could
// capture, and no enemy piece can ever attack it (an enemy king only if
// another fixed pawn does not guard it). Start from every blocked pawn and
// drop the inconsistent ones until none is left to drop; what remains is
// fixed in every continuation, by induction on the moves: while F stands,
// the pieces stay in their regions, and from there no move disturbs F.
//
// Then the loser's king lives in its region. The winner mates only on a
// square m of it that some piece of the winner (not its king, not a fixed
// pawn: those can never attack a square the loser's king can stand on)
// could attack, and only if each flight square around m that no such
// piece could attack is covered by the winner's king or blocked by one of
// the loser's own pieces. When no square m passes, c can never mate.

type wallAnalysis struct {
	fixed     Bitboard
	kingReach [2]Bitboard // squares each king could stand on
	reach     [2]Bitboard // squares each side's other pieces could stand on
	attacks   [2]Bitboard // squares each side's other pieces could attack
	pawnReach [2]Bitboard // the pawns' part of reach
}

// wallProvesNoMate runs layer 3 on q for the workspace's winner. With the
// loser in check now every answer is analysed instead.
func (w *workspace) wallProvesNoMate(q *Position) bool {
	if blockedPawns(q) == 0 {
		return false // no wall to analyse
	}
	c := w.winner
	if q.turn == c || !q.InCheck() {
		return w.wall.provesNoMate(q, c)
	}
	ml := &w.plies[0].moves
	q.LegalMoves(ml)
	child := &w.plies[0].child
	for _, m := range ml.Slice() {
		*child = *q
		child.Play(m)
		if !child.cannotMateByMaterial(c) && !w.wall.provesNoMate(child, c) {
			return false
		}
	}
	return true // also when the loser has no answer: that is a mate, caught before
}

func (a *wallAnalysis) provesNoMate(q *Position, c Color) bool {
	if q.LegalEnPassant() {
		return false // an en-passant capture is open now: the regions do not see it
	}
	a.fixed = blockedPawns(q)
	for a.fixed != 0 {
		a.regions(q)
		bad := a.inconsistent(q)
		if bad == 0 {
			return !a.mateConceivable(q, c)
		}
		a.fixed &^= bad
	}
	return false
}

// blockedPawns is the set of pawns with a pawn in front of them.
func blockedPawns(q *Position) Bitboard {
	pawns := q.ByKind(Pawn)
	return q.Pieces(White, Pawn)&(pawns>>8) | q.Pieces(Black, Pawn)&(pawns<<8)
}

// pawnAttacksOf is the set of squares the pawns of c in b attack.
func pawnAttacksOf(c Color, b Bitboard) Bitboard {
	if c == White {
		return (b&^FileA)<<7 | (b&^FileH)<<9
	}
	return (b&^FileA)>>9 | (b&^FileH)>>7
}

// regions computes every region and attack set with a.fixed as walls.
func (a *wallAnalysis) regions(q *Position) {
	fixed := a.fixed
	for c := White; c <= Black; c++ {
		guarded := pawnAttacksOf(c.Other(), fixed&q.Pieces(c.Other(), Pawn))
		a.kingReach[c], _ = floodKing(q.Pieces(c, King), ^fixed&^guarded)
		var reach, att Bitboard
		r, at := floodKnight(q.Pieces(c, Knight), ^fixed)
		reach, att = reach|r, att|at
		r, at = floodSlider(q.Pieces(c, Bishop)|q.Pieces(c, Queen), fixed, BishopAttacks)
		reach, att = reach|r, att|at
		r, at = floodSlider(q.Pieces(c, Rook)|q.Pieces(c, Queen), fixed, RookAttacks)
		a.reach[c], a.attacks[c] = reach|r, att|at
		a.pawnReach[c] = 0
	}
	// Pawns capture onto squares the other side's pieces could stand on, and
	// promote into pieces that widen those: repeat until nothing grows.
	for changed := true; changed; {
		changed = false
		for c := White; c <= Black; c++ {
			pr := floodPawns(c, q.Pieces(c, Pawn)&^fixed, fixed, a.reach[c.Other()])
			if pr == a.pawnReach[c] {
				continue
			}
			changed = true
			a.pawnReach[c] = pr
			a.reach[c] |= pr
			a.attacks[c] |= pawnAttacksOf(c, pr)
			last := Rank8
			if c == Black {
				last = Rank1
			}
			if promo := pr & last; promo != 0 {
				r, at := floodKnight(promo, ^fixed)
				a.reach[c], a.attacks[c] = a.reach[c]|r, a.attacks[c]|at
				r, at = floodSlider(promo, fixed, QueenAttacks)
				a.reach[c], a.attacks[c] = a.reach[c]|r, a.attacks[c]|at
			}
		}
	}
}

// inconsistent is the set of pawns of a.fixed that the regions say could
// move or be taken after all.
func (a *wallAnalysis) inconsistent(q *Position) Bitboard {
	fixed := a.fixed
	var bad Bitboard
	for c := White; c <= Black; c++ {
		own := fixed & q.Pieces(c, Pawn)
		enemy := c.Other()
		front := own << 8 // where each pawn would step
		if c == Black {
			front = own >> 8
		}
		blocked := front & fixed
		if c == White {
			bad |= own &^ (blocked >> 8)
		} else {
			bad |= own &^ (blocked << 8)
		}
		// An enemy piece that could stand where the pawn captures lets it
		// capture; one that could attack it, or a king next to it that no
		// fixed pawn guards against, may take it.
		targets := a.reach[enemy] | fixed&q.Pieces(enemy, Pawn)
		guarded := pawnAttacksOf(c, own)
		kingTouch := kingAttacksOf(a.kingReach[enemy])
		for b := own; b != 0; {
			s := b.PopLSB()
			if PawnAttacks(c, s)&targets != 0 || a.attacks[enemy].Has(s) ||
				kingTouch.Has(s) && !guarded.Has(s) {
				bad |= s.Bit()
			}
		}
	}
	return bad
}

// mateConceivable reports whether c could mate somewhere in the loser's
// king region by the test in the comment at the top of this file.
func (a *wallAnalysis) mateConceivable(q *Position, c Color) bool {
	o := c.Other()
	region := a.kingReach[o]
	att := a.attacks[c]
	blockers := (q.ByColor(o) &^ q.ByKind(King) &^ a.fixed).Count()
	canBlock := func(u Bitboard) bool { return u == 0 || u&^a.reach[o] == 0 && u.Count() <= blockers }
	for cand := region & att; cand != 0; {
		m := cand.PopLSB()
		flights := KingAttacks(m) & region &^ att
		if canBlock(flights) {
			return true
		}
		// The winner's king covers some flights, from a square of its region
		// not next to m.
		for ks := a.kingReach[c] &^ (KingAttacks(m) | m.Bit()) & kingAttacksOf(flights); ks != 0; {
			if canBlock(flights &^ KingAttacks(ks.PopLSB())) {
				return true
			}
		}
	}
	return false
}

func kingAttacksOf(b Bitboard) Bitboard {
	side := (b&^FileA)>>1 | (b&^FileH)<<1
	row := b | side
	return side | row<<8 | row>>8
}

func knightAttacksOf(b Bitboard) Bitboard {
	var att Bitboard
	for b != 0 {
		att |= KnightAttacks(b.PopLSB())
	}
	return att
}

// floodKing is the set of squares a king on from can walk to over allowed,
// and the squares it attacks from them.
func floodKing(from, allowed Bitboard) (reach, att Bitboard) {
	reach = from
	for {
		att = kingAttacksOf(reach)
		next := reach | att&allowed
		if next == reach {
			return reach, att
		}
		reach = next
	}
}

func floodKnight(from, allowed Bitboard) (reach, att Bitboard) {
	reach = from
	for frontier := from; frontier != 0; {
		step := knightAttacksOf(frontier)
		att |= step
		frontier = step & allowed &^ reach
		reach |= frontier
	}
	return reach, att
}

// floodSlider floods line pieces with walls as the only blockers: every
// other piece may yet get out of the way.
func floodSlider(from, walls Bitboard, attacks func(Square, Bitboard) Bitboard) (reach, att Bitboard) {
	reach = from
	for frontier := from; frontier != 0; {
		var step Bitboard
		for frontier != 0 {
			step |= attacks(frontier.PopLSB(), walls)
		}
		att |= step
		frontier = step &^ walls &^ reach
		reach |= frontier
	}
	return reach, att
}

// floodPawns is the set of squares pawns of c on from could reach: pushes
// onto non-wall squares, double steps from the second rank, captures onto
// squares in targets.
func floodPawns(c Color, from, walls, targets Bitboard) Bitboard {
	reach := from
	open := ^walls
	for frontier := from; frontier != 0; {
		var step Bitboard
		if c == White {
			push := frontier << 8 & open
			step = push | (push&Rank3)<<8&open | pawnAttacksOf(c, frontier)&targets&open
		} else {
			push := frontier >> 8 & open
			step = push | (push&Rank6)>>8&open | pawnAttacksOf(c, frontier)&targets&open
		}
		frontier = step &^ reach
		reach |= frontier
	}
	return reach
}
