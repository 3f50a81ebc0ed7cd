package replay

import "fmt"

// The checks of a legal position were all given by the last move: before it,
// the side now to move was not in check (its opponent was to move, and the
// move before that left no king of its own attacked). One move changes the
// board in few places, so only these checks can be new:
//
//   - the moved piece gives check from where it arrived (a pawn that
//     promoted counts as the new piece, a castling rook as having moved);
//   - a line piece checks through a square the move emptied: the moved
//     piece's origin, or the pawn taken en passant.
//
// A double check therefore needs a line piece uncovered through the other
// checker's origin (or the two squares an en-passant capture empties). Two
// checkers on one line through the king are never possible, whatever moved:
// the moved piece would have had to cross the king. The tests below accept
// every check some last move explains and so never reject a legal position;
// they may accept some impossible ones.

func (p *Position) auditChecks(out []Impossibility) []Impossibility {
	if p.Pieces(White, King).Count() != 1 || p.Pieces(Black, King).Count() != 1 {
		return out
	}
	us, them := p.turn, p.turn.Other()
	occ := p.Occupied()
	if a := p.AttackersTo(p.King(them), us, occ); a != 0 {
		out = append(out, Impossibility{Reason: OppositeCheck, Color: them, Squares: a})
	}
	ksq := p.King(us)
	checkers := p.AttackersTo(ksq, them, occ)
	if checkers == 0 || checkers&p.byKind[King] != 0 {
		return out // adjacent kings are already an opposite check
	}
	if n := checkers.Count(); n > 2 {
		return append(out, Impossibility{Reason: TooManyCheckers, Color: us, Squares: checkers, Count: n, Limit: 2})
	}
	var detail string
	if p.epDoubleStep() {
		detail = p.enPassantCheckProblem(ksq, checkers)
	} else {
		detail = p.checkProblem(ksq, checkers)
	}
	if detail != "" {
		out = append(out, Impossibility{Reason: ImpossibleCheck, Color: us, Squares: checkers, Count: checkers.Count(), Detail: detail})
	}
	return out
}

// epDoubleStep reports whether the en-passant square says, consistently with
// the board, that the last move was a pawn's double step.
func (p *Position) epDoubleStep() bool {
	if !p.epValid() {
		return false
	}
	origin := p.ep + 8
	if p.turn == Black {
		origin = p.ep - 8
	}
	return p.board[origin] == NoPiece
}

// enPassantCheckProblem says why the checks cannot come from the double step
// the en-passant square records, "" when they can: each checker must be the
// pawn itself or a line piece uncovered through the square it left.
func (p *Position) enPassantCheckProblem(ksq Square, checkers Bitboard) string {
	pawn, origin := p.ep-8, p.ep+8
	if p.turn == Black {
		pawn, origin = p.ep+8, p.ep-8
	}
	for b := checkers; b != 0; {
		s := b.PopLSB()
		if s == pawn || isLinePiece(p.board[s].Kind()) && Between(ksq, s).Has(origin) {
			continue
		}
		return fmt.Sprintf("the en-passant square says the last move was the pawn's double step %s-%s, which cannot have uncovered the %s on %s",
			origin, pawn, kindName(p.board[s].Kind()), s)
	}
	return ""
}

func isLinePiece(k Kind) bool { return k == Bishop || k == Rook || k == Queen }

func kindName(k Kind) string {
	return [...]string{"nothing", "pawn", "knight", "bishop", "rook", "queen", "king"}[k%7]
}

// checkProblem says why no last move explains the checks of checkers (one
// or two pieces) against the king on ksq, "" when some move may.
func (p *Position) checkProblem(ksq Square, checkers Bitboard) string {
	a := checkers.LSB()
	if !checkers.more() {
		if isLinePiece(p.board[a].Kind()) && Between(ksq, a) != 0 {
			return "" // a piece may have moved off the line between
		}
		if p.couldHaveArrived(a, ^Bitboard(0)) {
			return ""
		}
		return fmt.Sprintf("the %s on %s cannot have just moved there and nothing can have moved out of its way",
			kindName(p.board[a].Kind()), a)
	}
	b := (checkers &^ a.Bit()).LSB()
	if l := Line(ksq, a); l != 0 && l == Line(ksq, b) {
		return "both checkers stand on one line through the king"
	}
	ka, kb := p.board[a].Kind(), p.board[b].Kind()
	if !isLinePiece(ka) && !isLinePiece(kb) {
		return fmt.Sprintf("a %s and a %s cannot both give check after one move, since only a line piece's check can be uncovered",
			kindName(ka), kindName(kb))
	}
	if p.uncovered(ksq, a, b) || p.uncovered(ksq, b, a) || p.enPassantUncoversBoth(ksq, a, b) {
		return ""
	}
	return "neither checker can have moved from between the king and the other"
}

// uncovered reports whether the piece on moved may have come from a square
// between the king and the line piece on lined, uncovering its check while
// giving its own.
func (p *Position) uncovered(ksq, moved, lined Square) bool {
	between := Between(ksq, lined)
	return isLinePiece(p.board[lined].Kind()) && between != 0 && p.couldHaveArrived(moved, between)
}

// couldHaveArrived reports whether the piece on s may have just moved there
// from one of the squares of from, which the move left empty. A piece on its
// last rank may be a pawn that promoted; a rook beside its king after
// castling is accepted whatever from is. (A line piece that came along its
// line towards the king is accepted too: the move may have been a capture,
// the captured piece having blocked the check.)
func (p *Position) couldHaveArrived(s Square, from Bitboard) bool {
	pc := p.board[s]
	x := pc.Color()
	occ := p.Occupied()
	back, last, second, fwd := 0, 7, 1, Square(8)
	if x == Black {
		back, last, second, fwd = 7, 0, 6, -8
	}
	var origins Bitboard
	switch k := pc.Kind(); k {
	case Pawn:
		r := s.Rank()
		if r == back || r == last || r == second {
			return false // no pawn can have moved to its own second rank or stand on a back rank
		}
		origins = (s - fwd).Bit() | PawnAttacks(x.Other(), s)
		if r == second+2*int(fwd/8) && p.board[s-fwd] == NoPiece {
			origins |= (s - 2*fwd).Bit() // a double step
		}
		origins &^= Rank1 | Rank8
	case Knight:
		origins = KnightAttacks(s)
	case Bishop, Rook, Queen:
		if k != Rook {
			origins |= BishopAttacks(s, occ)
		}
		if k != Bishop {
			origins |= RookAttacks(s, occ)
		}
		if k == Rook && s.Rank() == back && p.castledRook(x, s) {
			return true
		}
	default:
		return false
	}
	if pc.Kind() != Pawn && s.Rank() == last {
		origins |= (s - fwd).Bit() | PawnAttacks(x.Other(), s)
	}
	return origins&^occ&from != 0
}

// castledRook reports whether the rook of x on s may have just castled:
// castling leaves it on d with the king on c, or on f with the king on g.
func (p *Position) castledRook(x Color, s Square) bool {
	switch s.File() {
	case 3:
		return p.board[s-1] == MakePiece(x, King)
	case 5:
		return p.board[s+1] == MakePiece(x, King)
	}
	return false
}

// enPassantUncoversBoth reports whether an en-passant capture may have
// uncovered both line pieces on a and b: one through the square the
// capturing pawn left, the other through the square of the pawn it took.
func (p *Position) enPassantUncoversBoth(ksq, a, b Square) bool {
	if !isLinePiece(p.board[a].Kind()) || !isLinePiece(p.board[b].Kind()) {
		return false
	}
	x := p.turn.Other()
	sixth, back := Rank6, Square(-8)
	if x == Black {
		sixth, back = Rank3, 8
	}
	ba, bb := Between(ksq, a), Between(ksq, b)
	occ := p.Occupied()
	for pawns := p.Pieces(x, Pawn) & sixth; pawns != 0; {
		t := pawns.PopLSB()
		taken := t + back
		for froms := PawnAttacks(x.Other(), t); froms != 0; {
			from := froms.PopLSB()
			if occ.Has(from) || occ.Has(taken) {
				continue
			}
			if ba.Has(taken) && bb.Has(from) || bb.Has(taken) && ba.Has(from) {
				return true
			}
		}
	}
	return false
}

// auditBishops reports the bishops trappedBishops finds. Standard chess
// only: Chess960 bishops may start on any first-rank square.
func (p *Position) auditBishops(out []Impossibility, c Color) []Impossibility {
	for b := p.trappedBishops(c); b != 0; {
		s := b.PopLSB()
		ways, _ := p.shutIn(c, s)
		out = append(out, Impossibility{Reason: TrappedBishop, Color: c, Squares: s.Bit(),
			Detail: fmt.Sprintf("the only way in is past %s on %s, which %s never moved",
				plural(ways.Count(), "the pawn", "the pawns"), squareList(ways), plural(ways.Count(), "has", "have"))})
	}
	return out
}
