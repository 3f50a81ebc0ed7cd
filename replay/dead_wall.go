package replay

// Layer 3: pawn walls. Some pieces are "fixed": they can never move and
// never be taken for the rest of the game. Blocked pawns are the usual ones;
// a bishop shut in behind its own fixed pawns is another. Fixed pieces are
// walls: no piece passes them, and no king steps onto a square a fixed
// enemy pawn or knight attacks. Given a set F of pieces assumed fixed, every
// other piece has a region: the squares it could ever reach (a flood fill
// of its moves over the squares outside F; for a pawn its pushes and, onto
// squares an enemy piece could stand on, its captures; after a promotion
// anything a queen or knight could reach). F is consistent when the regions
// confirm it: every move of a piece of F leads onto F (a pawn is blocked by
// F, a piece hemmed in), no enemy piece can ever stand where a pawn of F
// would capture, and no enemy piece can ever attack a piece of F (an enemy
// king only where no fixed piece guards it). Start from every blocked pawn
// and every piece, drop the inconsistent ones until none is left to drop;
// what remains is fixed in every continuation, by induction on the moves:
// while F stands, the other pieces stay in their regions, and from there no
// move disturbs F.
//
// Then the loser's king lives in its region. The winner mates only on a
// square m of it that some piece of the winner other than its king could
// attack, and only if each flight square around m that no such piece could
// attack is covered by the winner's king or blocked by one of the loser's
// own pieces. When no square m passes, the winner can never mate.

type wallAnalysis struct {
	fixed     Bitboard
	guarded   [2]Bitboard // squares each side's fixed pieces attack for good
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
	if ml.n == 0 {
		return false // mate
	}
	child := &w.plies[0].child
	for _, m := range ml.Slice() {
		*child = *q
		child.Play(m)
		if !child.cannotMateByMaterial(c) && !w.wall.provesNoMate(child, c) {
			return false
		}
	}
	return true
}

func (a *wallAnalysis) provesNoMate(q *Position, c Color) bool {
	if q.LegalEnPassant() {
		return false // an en-passant capture is open now: the regions do not see it
	}
	a.fixed = blockedPawns(q) | q.Occupied()&^q.ByKind(Pawn)&^q.ByKind(King)
	for a.fixed&q.ByKind(Pawn) != 0 {
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
		// What fixed pieces attack for good: a pawn's or knight's attacks,
		// and a line piece's next squares (farther ones may be blocked).
		f := fixed & q.ByColor(c)
		g := pawnAttacksOf(c, f&q.ByKind(Pawn)) | knightAttacksOf(f&q.ByKind(Knight))
		var att Bitboard
		for b := f &^ q.ByKind(Pawn); b != 0; {
			s := b.PopLSB()
			k := q.board[s].Kind()
			att |= attacksFrom(k, c, s, fixed)
			if k != Knight {
				g |= attacksFrom(k, c, s, ^Bitboard(0))
			}
		}
		a.guarded[c] = g
		mobile := q.ByColor(c) &^ fixed
		var reach Bitboard
		r, at := floodKnight(mobile&q.ByKind(Knight), ^fixed)
		reach, att = reach|r, att|at
		r, at = floodSlider(mobile&q.ByKind(Bishop), fixed, diagonals)
		reach, att = reach|r, att|at
		r, at = floodSlider(mobile&q.ByKind(Rook), fixed, straights)
		reach, att = reach|r, att|at
		r, at = floodSlider(mobile&q.ByKind(Queen), fixed, diagonals|straights)
		a.reach[c], a.attacks[c] = reach|r, att|at
		a.pawnReach[c] = 0
	}
	for c := White; c <= Black; c++ {
		a.kingReach[c], _ = floodKing(q.Pieces(c, King), ^fixed&^a.guarded[c.Other()])
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
				r, at = floodSlider(promo, fixed, diagonals|straights)
				a.reach[c], a.attacks[c] = a.reach[c]|r, a.attacks[c]|at
			}
		}
	}
}

// inconsistent is the set of pieces of a.fixed that the regions say could
// move or be taken after all.
func (a *wallAnalysis) inconsistent(q *Position) Bitboard {
	fixed := a.fixed
	var bad Bitboard
	for c := White; c <= Black; c++ {
		enemy := c.Other()
		own := fixed & q.ByColor(c)
		pawns := own & q.ByKind(Pawn)
		front := pawns << 8 // where each pawn would step
		if c == Black {
			front = pawns >> 8
		}
		blocked := front & fixed
		if c == White {
			bad |= pawns &^ (blocked >> 8)
		} else {
			bad |= pawns &^ (blocked << 8)
		}
		// An enemy piece that could stand where a pawn captures lets it
		// capture; one that could attack a fixed piece, or a king next to
		// it that no fixed piece guards it from, may take it.
		targets := a.reach[enemy] | fixed&q.ByColor(enemy)
		kingTouch := kingAttacksOf(a.kingReach[enemy]) &^ a.guarded[c]
		bad |= own & (a.attacks[enemy] | kingTouch)
		for b := pawns; b != 0; {
			if s := b.PopLSB(); PawnAttacks(c, s)&targets != 0 {
				bad |= s.Bit()
			}
		}
		// A piece is fixed only if every move it has leads onto F.
		for b := own &^ q.ByKind(Pawn); b != 0; {
			s := b.PopLSB()
			if attacksFrom(q.board[s].Kind(), c, s, fixed)&^fixed != 0 {
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
// other piece may yet get out of the way. A slide is a run of single steps
// over squares that are not walls, so the squares the pieces could reach
// are those joined to from by such steps, and the squares they attack are
// one step from a square they reach (the first square of a ray is attacked
// whether a wall stands on it or not). Grown a step at a time with shifts
// of the whole set rather than along the slider attacks of each square
// reached, regions costs less than half as much (12.3 M instructions
// instead of 28.7 M in BenchmarkStreamCheck).
func floodSlider(from, walls Bitboard, dirs lineDirs) (reach, att Bitboard) {
	if from == 0 {
		return 0, 0
	}
	reach = from
	for {
		att = lineSteps(reach, dirs)
		next := reach | att&^walls
		if next == reach {
			return reach, att
		}
		reach = next
	}
}

// lineDirs is a set of a line piece's directions.
type lineDirs uint8

const (
	diagonals lineDirs = 1 << iota
	straights
)

// lineSteps is the set of squares one step from a square of b in the
// directions dirs.
func lineSteps(b Bitboard, dirs lineDirs) Bitboard {
	var s Bitboard
	if dirs&diagonals != 0 {
		s |= (b&^FileA)<<7 | (b&^FileH)<<9 | (b&^FileA)>>9 | (b&^FileH)>>7
	}
	if dirs&straights != 0 {
		s |= (b&^FileA)>>1 | (b&^FileH)<<1 | b<<8 | b>>8
	}
	return s
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
