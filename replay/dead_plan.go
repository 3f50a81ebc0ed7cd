package replay

import "slices"

// A planned helpmate, tried before the exhaustion and the helpmate search
// when the winner has minor pieces only. Such a side mates only with the
// loser's help: the loser's king in a corner, one of the loser's own units
// next to it taking away the square the winner cannot cover. The helpmate
// search finds these mates when they are near, but one that needs the
// loser's king to walk across the board and a pawn to promote (K+N v K+P
// with the pawn in the centre) lies beyond its node budget, which it then
// spends in full twice over (exhaustion and search) to answer Unknown. In
// the clocked online games that was most of the time spent on flag falls.
//
// The plan picks a final position from a few mate patterns (templates
// below, in all eight orientations of the board): the squares of the
// loser's king, of one blocking unit (a pawn may promote first), of the
// winner's king and of its checking piece, the rest of the board as it is.
// The pattern is kept only when that final position is a legal mate. A
// narrow iterative-deepening search then plays legal moves that bring
// those four units closer to their squares (or keep their distance, to
// wait). It only ever answers Yes with the line it played, which ends in
// mate; failing, it answers nothing, and the full layers run as before.

const (
	planCandidates = 6   // final positions searched, fewest moves first
	planChecks     = 64  // final positions set up to see whether they mate
	planNodes      = 400 // search nodes for each
	planSlack      = 8   // plies beyond the estimate a plan may take
	planFar        = 99  // distance of a square a unit cannot reach
)

// planTemplate is a mate with the loser's king on a1, as (file, rank).
type planTemplate struct {
	blocker, king, checker [2]int8
	kind                   Kind // the checking piece
}

var planTemplates = [...]planTemplate{
	// k a1, blocker b1, K b3, N c2.
	{blocker: [2]int8{1, 0}, king: [2]int8{1, 2}, checker: [2]int8{2, 1}, kind: Knight},
	// k a1, blocker b1, K a3, N b3.
	{blocker: [2]int8{1, 0}, king: [2]int8{0, 2}, checker: [2]int8{1, 2}, kind: Knight},
	// k a1, blocker a2, K c1, N b3.
	{blocker: [2]int8{0, 1}, king: [2]int8{2, 0}, checker: [2]int8{1, 2}, kind: Knight},
	// k a1, blocker a2, K c2, B b2 (a knight on a2 would take or block
	// a bishop farther off).
	{blocker: [2]int8{0, 1}, king: [2]int8{2, 1}, checker: [2]int8{1, 1}, kind: Bishop},
	// k a1, blocker a2, K c2, B on the long diagonal (the square is chosen
	// per position).
	{blocker: [2]int8{0, 1}, king: [2]int8{2, 1}, checker: [2]int8{2, 2}, kind: Bishop},
}

// orient maps (f, r) by one of the eight symmetries of the board.
func orient(o int, f, r int8) Square {
	if o&4 != 0 {
		f, r = r, f
	}
	if o&1 != 0 {
		f = 7 - f
	}
	if o&2 != 0 {
		r = 7 - r
	}
	return MakeSquare(int(f), int(r))
}

type planUnit struct {
	sq, target Square
	kind       Kind
	promo      Kind // the kind a pawn promotes to on its way, NoKind if none
	color      Color
}

type plan struct {
	units [4]planUnit // loser's king, blocker, winner's king, checker
	cost  int         // estimated plies
}

// slideDist is the moves a bishop, rook or queen needs from a to b on an
// empty board.
func slideDist(k Kind, a, b Square) int {
	if a == b {
		return 0
	}
	diag := a.File()-b.File() == a.Rank()-b.Rank() || a.File()-b.File() == b.Rank()-a.Rank()
	straight := a.File() == b.File() || a.Rank() == b.Rank()
	switch k {
	case Bishop:
		switch {
		case diag:
			return 1
		case lightSquares.Has(a) == lightSquares.Has(b):
			return 2
		}
		return planFar
	case Rook:
		if straight {
			return 1
		}
	case Queen:
		if straight || diag {
			return 1
		}
	}
	return 2
}

// unitDist is the moves u needs from s to its target on an empty board.
func unitDist(k, promo Kind, c Color, s, target Square) int {
	switch k {
	case King:
		return kingDistance(s, target)
	case Knight:
		return int(knightDistance[s][target])
	case Pawn:
		if promo != NoKind {
			last := MakeSquare(s.File(), 7*int(1-c))
			steps := last.Rank() - s.Rank()
			if c == Black {
				steps = -steps
			}
			return steps + unitDist(promo, NoKind, c, last, target)
		}
		steps := target.Rank() - s.Rank()
		if c == Black {
			steps = -steps
		}
		if target.File() != s.File() || steps < 0 || target.Rank() == 0 || target.Rank() == 7 {
			return planFar
		}
		return steps
	}
	return slideDist(k, s, target)
}

func (u *planUnit) dist() int { return unitDist(u.kind, u.promo, u.color, u.sq, u.target) }

// planPlies estimates the plies a plan needs with side to move.
func planPlies(units *[4]planUnit, winner, toMove Color) int {
	var need [2]int
	for i := range units {
		need[units[i].color] += units[i].dist()
	}
	w, l := need[winner], need[winner.Other()]
	if toMove == winner {
		return max(2*w-1, 2*l+1)
	}
	return max(2*w, 2*l)
}

// planMate looks for a planned mate by w.winner from q; true with the line
// in w.path[:w.found].
func (w *workspace) planMate(q *Position) bool {
	c := w.winner
	own := q.ByColor(c) &^ q.ByKind(King)
	if own == 0 || own&(q.ByKind(Pawn)|q.ByKind(Rook)|q.ByKind(Queen)) != 0 {
		return false
	}
	lk, wk := q.King(c.Other()), q.King(c)
	blockers := q.ByColor(c.Other()) &^ q.ByKind(King) &^ q.ByKind(Queen)
	if lk == NoSquare || wk == NoSquare || blockers == 0 {
		return false
	}
	plans := w.plans[:0]
	defer func() { w.plans = plans[:0] }()
	add := func(p plan) {
		for i := range p.units {
			if p.units[i].dist() >= planFar {
				return
			}
		}
		p.cost = planPlies(&p.units, c, q.turn)
		if p.cost < maxSearchPly-planSlack {
			plans = append(plans, p)
		}
	}
	for o := range 8 {
		for ti := range planTemplates {
			t := &planTemplates[ti]
			corner := orient(o, 0, 0)
			bsq := orient(o, t.blocker[0], t.blocker[1])
			ksq := orient(o, t.king[0], t.king[1])
			for checkers := own & q.ByKind(t.kind); checkers != 0; {
				from := checkers.PopLSB()
				csq := orient(o, t.checker[0], t.checker[1])
				if t.kind == Bishop && t.checker[0] == 2 {
					// The nearest square of the long diagonal the bishop
					// reaches in one move, c3 when there is none.
					for d := int8(2); d < 8; d++ {
						if s := orient(o, d, d); slideDist(Bishop, from, s) <= 1 {
							csq = s
							break
						}
					}
				}
				for bs := blockers; bs != 0; {
					b := bs.PopLSB()
					kind := q.board[b].Kind()
					p := plan{units: [4]planUnit{
						{sq: lk, target: corner, kind: King, color: c.Other()},
						{sq: b, target: bsq, kind: kind, color: c.Other()},
						{sq: wk, target: ksq, kind: King, color: c},
						{sq: from, target: csq, kind: t.kind, color: c},
					}}
					add(p)
					if kind == Pawn {
						for _, k := range [...]Kind{Knight, Bishop, Rook} {
							p.units[1].promo = k
							add(p)
						}
					}
				}
			}
		}
	}
	slices.SortStableFunc(plans, func(a, b plan) int { return a.cost - b.cost })
	tried := 0
	for i := range plans {
		if tried == planCandidates || i == planChecks {
			break
		}
		if !planFinalIsMate(q, &plans[i].units, c) {
			continue
		}
		tried++
		w.nodes, w.limit = 0, planNodes
		for depth := plans[i].cost; depth <= plans[i].cost+planSlack && w.nodes < w.limit; depth++ {
			if w.planSearch(q, plans[i].units, 0, depth) {
				return true
			}
		}
	}
	return false
}

// planFinalIsMate reports whether the plan's final position, the units on
// their targets and the rest as in q, is a legal mate of the loser.
func planFinalIsMate(q *Position, units *[4]planUnit, c Color) bool {
	f := *q
	for i := range units {
		f.remove(units[i].sq)
	}
	for i := range units {
		u := &units[i]
		if f.Occupied().Has(u.target) {
			return false
		}
		kind := u.kind
		if u.promo != NoKind {
			kind = u.promo
		}
		f.put(u.target, MakePiece(u.color, kind))
	}
	f.castle, f.ep, f.epInKey, f.turn = NoCastling, NoSquare, false, c.Other()
	if f.AttackersTo(f.King(c), c.Other(), f.Occupied()) != 0 {
		return false
	}
	return f.InCheck() && !f.HasLegalMove()
}

// planSearch plays the plan's moves from q for depth more plies: a move of
// a unit that does not take it farther from its target, or, for a side
// whose units are all in place, any move that takes no unit. A mate of the
// loser ends it with the line in w.path.
func (w *workspace) planSearch(q *Position, units [4]planUnit, ply, depth int) bool {
	w.nodes++
	if q.turn != w.winner && q.InCheck() && !q.HasLegalMove() {
		w.found = ply
		return true
	}
	if depth <= 0 || ply >= maxSearchPly || w.nodes >= w.limit || planPlies(&units, w.winner, q.turn) > depth {
		return false
	}
	sp := &w.plies[ply]
	q.LegalMoves(&sp.moves)
	waiting := true
	for i := range units {
		if units[i].color == q.turn && units[i].sq != units[i].target {
			waiting = false
		}
	}
	// Moves that make progress first.
	for pass := 0; pass < 2; pass++ {
		for _, m := range sp.moves.Slice() {
			from, to := m.From(), m.To()
			if planTakesUnit(&units, q.turn, to) {
				continue // the plan is lost
			}
			next := units
			ok, progress := waiting, false
			for i := range next {
				u := &next[i]
				if u.sq != from {
					continue
				}
				promo := m.Promotion()
				if promo != NoKind && promo != u.promo || m.IsCastle() {
					ok = false
					break
				}
				d := u.dist()
				u.sq = to
				if promo != NoKind {
					u.kind, u.promo = promo, NoKind
				}
				nd := u.dist()
				// A unit in place steps off only to wait, when its side
				// has nothing else to do.
				ok, progress = nd <= d && d > 0 || waiting && nd == 1, nd < d
				break
			}
			if !ok || progress != (pass == 0) {
				continue
			}
			sp.child = *q
			sp.child.Play(m)
			w.path[ply] = m
			if w.planSearch(&sp.child, next, ply+1, depth-1) {
				return true
			}
			if w.nodes >= w.limit {
				return false
			}
		}
	}
	return false
}

// planEnabled lets the tests compare the answers with and without plans.
var planEnabled = true

// planTakesUnit reports whether a move of side to to takes a unit of the
// other side's.
func planTakesUnit(units *[4]planUnit, side Color, to Square) bool {
	for i := range units {
		if units[i].sq == to && units[i].color != side {
			return true
		}
	}
	return false
}
