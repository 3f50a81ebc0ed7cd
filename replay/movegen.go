package replay

// Legal move generation. With exactly one king (every real game) moves are
// generated legal directly: check evasions are masked, pinned pieces kept on
// their pin line, the king's squares tested with the king lifted off the
// board. A set-up position with no king or several kings takes a slow path:
// pseudo-legal moves, each kept when no king of the mover is attacked after
// it (with no king, that is every move). Castling needs exactly one king.

// LegalMoves fills ml with the legal moves of the side to move.
func (p *Position) LegalMoves(ml *MoveList) {
	ml.n = 0
	p.generate(ml, false)
}

// HasLegalMove reports whether the side to move has a legal move; it stops
// at the first one it finds (checkmate and stalemate tests).
func (p *Position) HasLegalMove() bool {
	if p.kingCanMove() {
		return true
	}
	// In check, with the king unable to move, the question is whether a
	// piece can take the checker or step between (a mate test): answered
	// from attack sets, it costs about a fifth of a move generation and
	// the clearing of its list (measured in BenchmarkStreamCheck).
	them := p.turn.Other()
	kings := p.byKind[King] & p.byColor[p.turn&1]
	if kings != 0 && !kings.more() {
		ksq := kings.LSB()
		if checkers := p.AttackersTo(ksq, them, p.Occupied()); checkers != 0 {
			return !checkers.more() && p.checkCanBeAnswered(ksq, checkers)
		}
	}
	var ml MoveList
	p.generate(&ml, true)
	return ml.n > 0
}

// checkCanBeAnswered reports whether a man other than the king of the side
// to move, on ksq and in check by the one piece on checker, can take it or
// step between: the moves generate would list onto its target. A pinned
// man has none: its moves stay on the line through the king and its
// pinner, which meets the checking line only at the king (a slider pinned
// on the checking line's far side is stopped by the king itself).
func (p *Position) checkCanBeAnswered(ksq Square, checker Bitboard) bool {
	us, them := p.turn, p.turn.Other()
	own, enemy := p.byColor[us&1], p.byColor[them&1]
	occ := own | enemy
	target := Between(ksq, checker.LSB()) | checker
	free := own &^ p.pinned(ksq)
	for b := p.byKind[Knight] & free; b != 0; b &= b - 1 {
		if knightAttacks[b.LSB()]&target != 0 {
			return true
		}
	}
	for b := (p.byKind[Bishop] | p.byKind[Queen]) & free; b != 0; b &= b - 1 {
		if BishopAttacks(b.LSB(), occ)&target != 0 {
			return true
		}
	}
	for b := (p.byKind[Rook] | p.byKind[Queen]) & free; b != 0; b &= b - 1 {
		if RookAttacks(b.LSB(), occ)&target != 0 {
			return true
		}
	}
	pawns := p.byKind[Pawn] & free
	empty := ^occ
	var steps Bitboard
	if us == White {
		single := pawns << 8 & empty
		steps = single | (single&Rank3)<<8&empty | ((pawns&^FileA)<<7|(pawns&^FileH)<<9)&enemy
	} else {
		single := pawns >> 8 & empty
		steps = single | (single&Rank6)>>8&empty | ((pawns&^FileA)>>9|(pawns&^FileH)>>7)&enemy
	}
	if steps&target != 0 {
		return true
	}
	if p.epValid() {
		for b := pawnAttacks[them][p.ep] & p.byKind[Pawn] & own; b != 0; b &= b - 1 {
			if p.epLegal(b.LSB(), ksq) {
				return true
			}
		}
	}
	return false
}

// kingCanMove reports whether the only king of the side to move has a
// legal move: generate's first answer, given without a move list, which
// costs more to clear than most positions take to answer.
//
// Each square is tested as AttackersTo would, with the enemy's men sorted
// by kind once for all the squares rather than for each.
func (p *Position) kingCanMove() bool {
	us, them := p.turn&1, p.turn.Other()&1
	own, enemy := p.byColor[us], p.byColor[them]
	kings := p.byKind[King] & own
	if kings == 0 || kings.more() {
		return false
	}
	lifted := (own | enemy) ^ kings
	pawns, knights, king := enemy&p.byKind[Pawn], enemy&p.byKind[Knight], enemy&p.byKind[King]
	straight := enemy & (p.byKind[Rook] | p.byKind[Queen])
	diagonal := enemy & (p.byKind[Bishop] | p.byKind[Queen])
	for t := kingAttacks[kings.LSB()&63] &^ own; t != 0; t &= t - 1 {
		s := t.LSB() & 63
		if pawnAttacks[us][s]&pawns|knightAttacks[s]&knights|kingAttacks[s]&king != 0 {
			continue
		}
		if openLines(s, straight&emptyRookRays[s]|diagonal&emptyBishopRays[s], lifted) == 0 {
			return true
		}
	}
	return false
}

// legalKingMoves counts the legal moves of the only king of the side to
// move, stopping at max (0 without one king): castling aside, as
// kingCanMove.
func (p *Position) legalKingMoves(max int) int {
	them := p.turn.Other()
	own := p.byColor[p.turn&1]
	kings := p.byKind[King] & own
	if kings == 0 || kings.more() {
		return 0
	}
	occ := own | p.byColor[them&1]
	ksq := kings.LSB()
	n := 0
	for t := kingAttacks[ksq&63] &^ own; t != 0 && n < max; t &= t - 1 {
		if p.AttackersTo(t.LSB(), them, occ^kings) == 0 {
			n++
		}
	}
	return n
}

// quietKingMove is the first square the only king of the side to move
// may step onto that is empty, or NoSquare when there is none (or not one
// king): a legal move that changes no material.
func (p *Position) quietKingMove() Square {
	them := p.turn.Other()
	own := p.byColor[p.turn&1]
	kings := p.byKind[King] & own
	if kings == 0 || kings.more() {
		return NoSquare
	}
	occ := own | p.byColor[them&1]
	ksq := kings.LSB()
	for t := kingAttacks[ksq&63] &^ occ; t != 0; t &= t - 1 {
		if to := t.LSB(); p.AttackersTo(to, them, occ^kings) == 0 {
			return to
		}
	}
	return NoSquare
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove || p.byColor[p.turn]&m.From().Bit() == 0 {
		return false
	}
	var ml MoveList
	p.generate(&ml, false)
	return ml.Contains(m)
}

// isLegalStep is IsLegal for a plain move m of a piece other than a pawn
// to an empty square: the moves threefoldMove asks about, whose legality it
// answers from attack sets, where IsLegal generates every legal move
// (callgrind, BenchmarkStreamCheck: IsLegal took 1,640 instructions a call
// there). Any other move, or a position without one king of the mover,
// is IsLegal's.
func (p *Position) isLegalStep(m Move) bool {
	us := p.turn & 1
	own, enemy := p.byColor[us], p.byColor[us^1]
	kings := p.byKind[King] & own
	from, to := m.From(), m.To()
	fromBit, toBit := from.Bit(), to.Bit()
	if m&moveTypeMask != moveNormal || kings == 0 || kings.more() || own&fromBit == 0 || (own|enemy)&toBit != 0 {
		return p.IsLegal(m)
	}
	occ := own | enemy
	var rays Bitboard
	switch p.board[from].Kind() {
	case King:
		return kingAttacks[from]&toBit != 0 && p.AttackersTo(to, p.turn.Other(), occ^fromBit) == 0
	case Knight:
		if knightAttacks[from]&toBit == 0 {
			return false
		}
		return p.quietLegal(from, to, kings.LSB())
	case Bishop:
		rays = emptyBishopRays[from]
	case Rook:
		rays = emptyRookRays[from]
	case Queen:
		rays = emptyBishopRays[from] | emptyRookRays[from]
	default:
		return p.IsLegal(m)
	}
	// A slider reaches to along a line of its own with nothing between.
	return rays&toBit != 0 && betweenBB[from][to]&occ == 0 && p.quietLegal(from, to, kings.LSB())
}

// LegalEnPassant reports whether an en-passant capture is legal now.
func (p *Position) LegalEnPassant() bool {
	if !p.epValid() {
		return false
	}
	capturers := pawnAttacks[p.turn.Other()][p.ep] & p.Pieces(p.turn, Pawn)
	if capturers == 0 {
		return false
	}
	kings := p.Pieces(p.turn, King)
	if kings != 0 && !kings.more() {
		for ; capturers != 0; capturers &= capturers - 1 {
			if p.epLegal(capturers.LSB(), kings.LSB()) {
				return true
			}
		}
		return false
	}
	var ml MoveList
	p.generate(&ml, false)
	for _, m := range ml.Slice() {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}

// generate adds the legal moves to ml; with first set it may stop after one.
// Its loops here and in its helpers clear each set's lowest bit in the
// post statement rather than calling PopLSB (see there): 4.9 % fewer
// instructions in BenchmarkPerftKiwipeteBulk.
func (p *Position) generate(ml *MoveList, first bool) {
	us, them := p.turn, p.turn.Other()
	own := p.byColor[us]
	occ := own | p.byColor[them]
	kings := p.byKind[King] & own
	if kings == 0 || kings.more() {
		p.generateSlow(ml, kings)
		return
	}
	ksq := kings.LSB()
	for t := kingAttacks[ksq] &^ own; t != 0; t &= t - 1 {
		to := t.LSB()
		if p.AttackersTo(to, them, occ^kings) == 0 {
			ml.add(NewMove(ksq, to))
			if first { // a king move is the usual answer to "has a legal move"
				return
			}
		}
	}
	checkers := p.AttackersTo(ksq, them, occ)
	if checkers.more() {
		return
	}
	target := ^own
	if checkers != 0 {
		target = Between(ksq, checkers.LSB()) | checkers
	}
	p.pieceMoves(ml, ksq, target, p.pinned(ksq))
	if checkers == 0 {
		p.castlings(ml, ksq)
	}
}

// pinned is the set of the mover's pieces pinned to the king on ksq.
func (p *Position) pinned(ksq Square) Bitboard {
	us, them := p.turn, p.turn.Other()
	enemy := p.byColor[them]
	occ := p.byColor[us] | enemy
	snipers := enemy & (RookAttacks(ksq, 0)&(p.byKind[Rook]|p.byKind[Queen]) |
		BishopAttacks(ksq, 0)&(p.byKind[Bishop]|p.byKind[Queen]))
	var pinned Bitboard
	for ; snipers != 0; snipers &= snipers - 1 {
		b := Between(ksq, snipers.LSB()) & occ
		if b != 0 && !b.more() {
			pinned |= b
		}
	}
	return pinned & p.byColor[us]
}

// pieceMoves adds the moves of every piece but the king that land on
// target. Pinned pieces stay on the line through the king on ksq; with
// ksq == NoSquare (slow path) pinned must be empty and en passant is added
// unchecked.
func (p *Position) pieceMoves(ml *MoveList, ksq Square, target, pinned Bitboard) {
	us := p.turn
	own := p.byColor[us]
	occ := own | p.byColor[us.Other()]
	for b := p.byKind[Knight] & own &^ pinned; b != 0; b &= b - 1 {
		from := b.LSB()
		for t := knightAttacks[from] & target; t != 0; t &= t - 1 {
			ml.add(NewMove(from, t.LSB()))
		}
	}
	for b := (p.byKind[Bishop] | p.byKind[Queen]) & own; b != 0; b &= b - 1 {
		from := b.LSB()
		t := BishopAttacks(from, occ) & target
		if pinned&from.Bit() != 0 {
			t &= Line(ksq, from)
		}
		for ; t != 0; t &= t - 1 {
			ml.add(NewMove(from, t.LSB()))
		}
	}
	for b := (p.byKind[Rook] | p.byKind[Queen]) & own; b != 0; b &= b - 1 {
		from := b.LSB()
		t := RookAttacks(from, occ) & target
		if pinned&from.Bit() != 0 {
			t &= Line(ksq, from)
		}
		for ; t != 0; t &= t - 1 {
			ml.add(NewMove(from, t.LSB()))
		}
	}
	p.pawnMoves(ml, ksq, target, pinned)
}

func (p *Position) pawnMoves(ml *MoveList, ksq Square, target, pinned Bitboard) {
	us, them := p.turn, p.turn.Other()
	enemy := p.byColor[them]
	empty := ^(p.byColor[us] | enemy)
	pawns := p.byKind[Pawn] & p.byColor[us]
	free := pawns &^ pinned
	var single, double, capWest, capEast, promo Bitboard
	var push, west, east Square // to - from for each kind of pawn move
	if us == White {
		single = free << 8 & empty
		double = (single & Rank3) << 8 & empty & target
		capWest = (free &^ FileA) << 7 & enemy & target
		capEast = (free &^ FileH) << 9 & enemy & target
		push, west, east, promo = 8, 7, 9, Rank8
	} else {
		single = free >> 8 & empty
		double = (single & Rank6) >> 8 & empty & target
		capWest = (free &^ FileA) >> 9 & enemy & target
		capEast = (free &^ FileH) >> 7 & enemy & target
		push, west, east, promo = -8, -9, -7, Rank1
	}
	single &= target
	addPawnMoves(ml, single, push, promo)
	addPawnMoves(ml, capWest, west, promo)
	addPawnMoves(ml, capEast, east, promo)
	for ; double != 0; double &= double - 1 {
		to := double.LSB()
		ml.add(NewMove(to-2*push, to))
	}
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := b.LSB()
		line := Line(ksq, from)
		if to := from + push; to >= 0 && to < 64 && empty.Has(to) {
			addPawnMoves(ml, to.Bit()&target&line, push, promo)
			start := Rank2
			if us == Black {
				start = Rank7
			}
			if to2 := to + push; start.Has(from) && empty.Has(to2) {
				addPawnMoves(ml, to2.Bit()&target&line, 2*push, promo)
			}
		}
		caps := pawnAttacks[us][from] & enemy & target & line
		for ; caps != 0; caps &= caps - 1 {
			to := caps.LSB()
			addPawnMoves(ml, to.Bit(), to-from, promo)
		}
	}
	if p.epValid() {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; b &= b - 1 {
			from := b.LSB()
			if ksq == NoSquare || p.epLegal(from, ksq) {
				ml.add(NewEnPassant(from, p.ep))
			}
		}
	}
}

// addPawnMoves adds a pawn move to every square of tos from to - delta,
// as four promotions on the last rank.
func addPawnMoves(ml *MoveList, tos Bitboard, delta Square, promo Bitboard) {
	for b := tos &^ promo; b != 0; b &= b - 1 {
		to := b.LSB()
		ml.add(NewMove(to-delta, to))
	}
	for b := tos & promo; b != 0; b &= b - 1 {
		to := b.LSB()
		for k := Queen; k >= Knight; k-- {
			ml.add(NewPromotion(to-delta, to, k))
		}
	}
}

// epLegal reports whether the pawn on from may take en passant without
// leaving the king on ksq attacked: both pawns leave their rank at once, so
// a rook or queen behind them may be uncovered, and a check is answered
// only when the checker is the pawn taken.
func (p *Position) epLegal(from, ksq Square) bool {
	captured := MakeSquare(p.ep.File(), from.Rank()).Bit()
	occ := (p.Occupied() ^ from.Bit() ^ captured) | p.ep.Bit()
	return p.AttackersTo(ksq, p.turn.Other(), occ)&^captured == 0
}

// castlings adds the castlings allowed now (the king on ksq not in check):
// every square between the king and its target and between the rook and its
// target empty but for the two of them, and no square the king passes or
// reaches attacked. Attacks are computed with king and rook lifted, which in
// Chess960 catches a rook that shielded the king's target square.
func (p *Position) castlings(ml *MoveList, ksq Square) {
	us := p.turn
	if p.castle[us][KingSide] == NoSquare && p.castle[us][QueenSide] == NoSquare {
		return
	}
	back := 0
	if us == Black {
		back = 7
	}
	if ksq.Rank() != back {
		return
	}
	occ := p.Occupied()
	for side, rsq := range p.castle[us] {
		if rsq == NoSquare || p.board[rsq] != MakePiece(us, Rook) || rsq.Rank() != back ||
			(rsq > ksq) != (CastleSide(side) == KingSide) {
			continue
		}
		kto, rto := castleTargets(ksq, rsq)
		kpath := Between(ksq, kto) | kto.Bit()
		lifted := ksq.Bit() | rsq.Bit()
		if occ&(kpath|Between(rsq, rto)|rto.Bit())&^lifted != 0 {
			continue
		}
		safe := true
		for b := kpath; b != 0 && safe; b &= b - 1 {
			safe = p.AttackersTo(b.LSB(), us.Other(), occ^lifted) == 0
		}
		if safe {
			ml.add(NewCastle(ksq, rsq))
		}
	}
}

// generateSlow handles set-up positions without exactly one king of the
// side to move.
func (p *Position) generateSlow(ml *MoveList, kings Bitboard) {
	own := p.byColor[p.turn]
	start := ml.n
	for b := kings; b != 0; b &= b - 1 {
		from := b.LSB()
		for t := kingAttacks[from] &^ own; t != 0; t &= t - 1 {
			ml.add(NewMove(from, t.LSB()))
		}
	}
	p.pieceMoves(ml, NoSquare, ^own, 0)
	if kings == 0 {
		return
	}
	n := start
	for _, m := range ml.moves[start:ml.n] {
		q := *p
		q.Play(m)
		if !q.kingAttacked(p.turn) {
			ml.moves[n] = m
			n++
		}
	}
	ml.n = n
}

// kingAttacked reports whether any king of colour c is attacked.
func (p *Position) kingAttacked(c Color) bool {
	occ := p.Occupied()
	for b := p.Pieces(c, King); b != 0; b &= b - 1 {
		if p.AttackersTo(b.LSB(), c.Other(), occ) != 0 {
			return true
		}
	}
	return false
}
