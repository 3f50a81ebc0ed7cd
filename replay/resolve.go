package replay

import "math/bits"

// Resolve finds the one legal move that n describes.
//
// The text's claims that do not decide which move is meant are not
// checked: a capture mark on an empty square, a missing one, a wrong or
// missing '+' or '#' all resolve (Deviations lists them afterwards, for
// findings). What must fit: the piece kind, the destination, the origin as
// far as written (SAN disambiguation, long algebraic, UCI), a pawn's file
// (a pawn without an origin file pushes), and the promotion.
//
// A pawn letter with a capture mark and no origin file ("Pxd5", German
// "Bxd5") is the one pawn move to the square, a capture from either
// neighbouring file, or a push with a capture mark that takes nothing.
//
// Castling is accepted as written (O-O, O-O-O), as the king taking its own
// castling rook (Chess960 UCI "e1h1") and, from the e-file, as the king's
// two-square step ("e1g1", standard UCI); the move returned is always the
// engine's castling move, the king taking its rook. A Russian pawn capture
// by files ("dc") is the one pawn capture, en passant included, from the
// one file to the other.
//
// Null moves are not moves of the board: Resolve answers a Notation with
// Null set with reason NotAMove, and the caller plays it with PlayNull.
//
// A failure is a *ResolveError carrying the reason, a message for people
// and the nearest legal moves. Resolve allocates nothing when it succeeds;
// plain SAN of a position with one king per side (every game) is resolved
// from attack tables, without generating the legal moves.
func (p *Position) Resolve(n *Notation) (Move, error) {
	if m := p.resolveFast(n); m != NoMove {
		return m, nil
	}
	return p.resolveSlow(n)
}

// resolveFast handles the common forms with exactly one king of the side
// to move: the candidate origins come from attack tables and only they are
// tested for legality. It returns NoMove whenever it is not sure (no match,
// several, anything unusual) and leaves the verdict to resolveSlow, which
// must reach the same move whenever this one finds it.
//
// The written origin is read as a mask (originFiles, originRanks), which is
// empty for a coordinate off the board and so stands for its range tests:
// 9 instructions a move fewer than four comparisons and writtenOriginMask.
// The destination keeps two tests: one on the OR of both leaves the
// compiler unable to prove the square on the board, and each Bit of it
// then costs a branch. The function's lines keep their offsets from its
// first line, which default.pgo keys its hot calls on.
func (p *Position) resolveFast(n *Notation) Move {
	us := p.turn
	own := p.byColor[us]
	kings := p.byKind[King] & own
	if kings == 0 || kings.more() || n.Null {
		return NoMove
	}
	ksq := kings.LSB()
	if n.Castle != NoCastle {
		m, reason, _ := p.castleCheck(ksq, n.Castle)
		if reason != NoReason {
			return NoMove
		}
		return m
	}
	origin := originFiles[uint8(n.FromFile)] & originRanks[uint8(n.FromRank)]
	if uint8(n.ToFile) > 7 || uint8(n.ToRank) > 7 || origin == 0 {
		return NoMove
	}
	to := MakeSquare(int(n.ToFile), int(n.ToRank))
	kind := n.Kind
	if kind == NoKind {
		if n.FromFile < 0 || n.FromRank < 0 {
			return NoMove
		}
		pc := p.board[MakeSquare(int(n.FromFile), int(n.FromRank))]
		if pc == NoPiece || pc.Color() != us {
			return NoMove
		}
		kind = pc.Kind()
	}
	// A promotion piece out of range is no move (notationInRange), castling
	// written as a king move included.
	if kind == King && n.FromFile >= 0 && n.FromRank >= 0 && n.Promotion <= King {
		if side, ok := p.writtenCastle(ksq, MakeSquare(int(n.FromFile), int(n.FromRank)), to); ok {
			m, reason, _ := p.castleCheck(ksq, side)
			if reason != NoReason {
				return NoMove
			}
			return m
		}
	}
	if own.Has(to) {
		return NoMove
	}
	if kind == Pawn {
		return p.resolvePawnFast(n, to, ksq)
	}
	if n.Promotion != NoKind {
		return NoMove
	}
	occ := own | p.byColor[us.Other()]
	mine := own & origin
	var cands Bitboard
	switch kind {
	case Knight:
		cands = knightAttacks[to] & p.byKind[Knight] & mine
	case Bishop:
		cands = openLines(to, p.byKind[Bishop]&mine&emptyBishopRays[to], occ)
	case Rook:
		cands = openLines(to, p.byKind[Rook]&mine&emptyRookRays[to], occ)
	case Queen:
		cands = openLines(to, p.byKind[Queen]&mine&(emptyRookRays[to]|emptyBishopRays[to]), occ)
	case King:
		return p.kingStepFast(to, ksq, kingAttacks[to]&kings&mine)
	default:
		return NoMove
	}
	found := NoMove
	for ; cands != 0; cands &= cands - 1 { // not PopLSB, which keeps cands on the stack
		from := Square(bits.TrailingZeros64(uint64(cands)))
		if !p.quietLegal(from, to, ksq) {
			continue
		}
		if found != NoMove {
			return NoMove // ambiguous: resolveSlow lists the candidates
		}
		found = NewMove(from, to)
	}
	return found
}

// resolvePawnFast is resolveFast for a pawn move: a push when the text
// writes no other file, else a capture (en passant included) from the
// written file.
func (p *Position) resolvePawnFast(n *Notation, to Square, ksq Square) Move {
	us := p.turn
	pawns := p.byKind[Pawn] & p.byColor[us]
	fwd, rel := Square(8), to.Rank()
	if us == Black {
		fwd, rel = -8, 7-rel
	}
	if rel == 0 {
		return NoMove
	}
	var from Square
	enPassant := false
	if n.FromFile < 0 || n.FromFile == n.ToFile {
		if p.Occupied().Has(to) {
			return NoMove
		}
		from = to - fwd
		if !pawns.Has(from) {
			if rel != 3 || p.board[from] != NoPiece || !pawns.Has(from-fwd) {
				return NoMove
			}
			from -= fwd
		}
	} else {
		if d := n.FromFile - n.ToFile; d != 1 && d != -1 {
			return NoMove
		}
		from = MakeSquare(int(n.FromFile), to.Rank()) - fwd
		if !pawns.Has(from) {
			return NoMove
		}
		if !p.byColor[us.Other()].Has(to) {
			if to != p.ep || !p.epValid() {
				return NoMove
			}
			enPassant = true
		}
	}
	if n.FromRank >= 0 && int(n.FromRank) != from.Rank() {
		return NoMove
	}
	if enPassant {
		if n.Promotion != NoKind || !p.epLegal(from, ksq) {
			return NoMove
		}
		return NewEnPassant(from, to)
	}
	if !p.quietLegal(from, to, ksq) {
		return NoMove
	}
	if rel == 7 {
		if n.Promotion < Knight || n.Promotion > Queen {
			return NoMove
		}
		return NewPromotion(from, to, n.Promotion)
	}
	if n.Promotion != NoKind {
		return NoMove
	}
	return NewMove(from, to)
}

// kingStepFast is resolveFast for a king step to to, found when cands (the
// king's square or nothing) is not empty: the move when to is safe with the
// king lifted. Kept out of quietLegal, the call would make the compiler keep
// the candidate loop's values on the stack, 9 instructions a move.
func (p *Position) kingStepFast(to, ksq Square, cands Bitboard) Move {
	if cands == 0 || p.AttackersTo(to, p.turn.Other(), p.Occupied()^ksq.Bit()) != 0 {
		return NoMove
	}
	return NewMove(ksq, to)
}

// quietLegal reports whether moving the piece on from, which is not the
// king, to to (capturing what stands there, not en passant, not castling)
// leaves the king on ksq, the only king of the mover, unattacked: no enemy
// piece but the one captured reaching the king once the piece has moved,
// which covers pins and checks alike. A slider is looked up only when an
// enemy one stands on a line through the king: most of the time none does.
// King moves are kingStepFast's.
func (p *Position) quietLegal(from, to, ksq Square) bool {
	them := p.turn.Other()
	fromBit, toBit := Bitboard(1)<<uint(from&63), Bitboard(1)<<uint(to&63)
	ksq &= 63
	enemy := p.byColor[them&1] &^ toBit
	occ := (p.byColor[White]|p.byColor[Black])&^fromBit | toBit
	att := (knightAttacks[ksq]&p.byKind[Knight] | pawnAttacks[p.turn&1][ksq]&p.byKind[Pawn] |
		kingAttacks[ksq]&p.byKind[King]) & enemy
	rq := (p.byKind[Rook] | p.byKind[Queen]) & enemy & emptyRookRays[ksq]
	bq := (p.byKind[Bishop] | p.byKind[Queen]) & enemy & emptyBishopRays[ksq]
	return att == 0 && openLines(ksq, rq|bq, occ) == 0
}

// emptyRookRays and emptyBishopRays are the squares a rook or bishop on a square
// attacks on an empty board.
var emptyRookRays, emptyBishopRays = emptyBoardRays()

func emptyBoardRays() (rooks, bishops [64]Bitboard) {
	for s := range 64 {
		for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			for f, r := s%8+d[0], s/8+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
				if d[0] == 0 || d[1] == 0 {
					rooks[s] |= 1 << uint(r*8+f)
				} else {
					bishops[s] |= 1 << uint(r*8+f)
				}
			}
		}
	}
	return rooks, bishops
}

// writtenOriginMask is the set of squares the written origin allows: the written
// file and rank, every square when neither is written.
func writtenOriginMask(n *Notation) Bitboard {
	m := ^Bitboard(0)
	if n.FromFile >= 0 && n.FromFile < 8 {
		m &= FileA << uint(n.FromFile)
	}
	if n.FromRank >= 0 && n.FromRank < 8 {
		m &= Rank1 << (8 * uint(n.FromRank))
	}
	return m
}

// originFiles and originRanks, indexed by a written origin coordinate as a
// byte, are the squares it allows: every square for -1 (not written), the
// file or rank for 0 to 7, none for anything else.
var originFiles, originRanks = func() (files, ranks [256]Bitboard) {
	files[0xff], ranks[0xff] = ^Bitboard(0), ^Bitboard(0)
	for i := range 8 {
		files[i], ranks[i] = FileA<<uint(i), Rank1<<(8*uint(i))
	}
	return files, ranks
}()

// writtenCastle recognises castling written as a king move from from to
// to: the king taking a rook of its own on its first rank (Chess960 UCI
// "e1h1", "Ke1xh1"), or the king on e1/e8 stepping two squares to the g-
// or c-file (standard UCI "e1g1", as python-chess reads it too).
func (p *Position) writtenCastle(ksq, from, to Square) (CastleMove, bool) {
	us := p.turn
	back := 0
	if us == Black {
		back = 7
	}
	if from != ksq || ksq.Rank() != back || to.Rank() != back {
		return NoCastle, false
	}
	side := ShortCastle
	if to < ksq {
		side = LongCastle
	}
	if p.board[to] == MakePiece(us, Rook) {
		return side, true
	}
	if ksq.File() == 4 && (to.File() == 6 || to.File() == 2) {
		return side, true
	}
	return NoCastle, false
}

// castleCheck returns the castling move of the side to move (king on ksq)
// towards c, or why it is not allowed and the square that shows it (a
// blocker, an attacked square). The rules are the move generator's: the
// right kept, the king not in check (tested before the geometry, as the
// rule it breaks matters more), every square between the king and its
// target and between the rook and its target empty but for the two of
// them, and no square the king passes or reaches attacked with both lifted.
func (p *Position) castleCheck(ksq Square, c CastleMove) (Move, ResolveReason, Square) {
	us, them := p.turn, p.turn.Other()
	side := KingSide
	if c == LongCastle {
		side = QueenSide
	} else if c != ShortCastle {
		return NoMove, NotAMove, NoSquare
	}
	back := 0
	if us == Black {
		back = 7
	}
	rsq := p.castle[us][side]
	if ksq == NoSquare || rsq == NoSquare || ksq.Rank() != back || rsq.Rank() != back ||
		p.board[rsq] != MakePiece(us, Rook) || (rsq > ksq) != (side == KingSide) {
		return NoMove, CastlingRightLost, NoSquare
	}
	occ := p.Occupied()
	kto, rto := castleTargets(ksq, rsq)
	kpath := Between(ksq, kto) | kto.Bit()
	lifted := ksq.Bit() | rsq.Bit()
	if p.AttackersTo(ksq, them, occ) != 0 {
		return NoMove, CastlingOutOfCheck, ksq
	}
	if b := occ & (kpath | Between(rsq, rto) | rto.Bit()) &^ lifted; b != 0 {
		if near := b & (Between(ksq, rsq) | kpath); near != 0 {
			b = near
		}
		return NoMove, PathBlocked, nearestSquare(ksq, b)
	}
	for b := kpath; b != 0; {
		s := nearestSquare(ksq, b)
		b &^= s.Bit()
		if p.AttackersTo(s, them, occ^lifted) != 0 {
			return NoMove, CastlingThroughCheck, s
		}
	}
	return NewCastle(ksq, rsq), NoReason, NoSquare
}

// nearestSquare is the square of b nearest to s along the rank (b not empty).
func nearestSquare(s Square, b Bitboard) Square {
	best, dist := NoSquare, 99
	for b != 0 {
		t := b.PopLSB()
		d := int(t) - int(s)
		if d < 0 {
			d = -d
		}
		if d < dist {
			best, dist = t, d
		}
	}
	return best
}

// TryResolve is Resolve without the explanation: the move and true when
// exactly one legal move fits n, false otherwise. It never allocates,
// which suits trying a text under several letter sets.
func (p *Position) TryResolve(n *Notation) (Move, bool) {
	if m := p.resolveFast(n); m != NoMove {
		return m, true
	}
	return p.matchSlow(n)
}

// resolveSlow decides every case resolveFast leaves and explains failures.
func (p *Position) resolveSlow(n *Notation) (Move, error) {
	if m, ok := p.matchSlow(n); ok {
		return m, nil
	}
	return NoMove, p.explainFailure(n)
}

// matchSlow matches n against the full list of legal moves, which covers
// any number of kings, files-only pawn captures, a capture mark with no
// piece, and whatever else resolveFast leaves.
func (p *Position) matchSlow(n *Notation) (Move, bool) {
	if n.Null || !notationInRange(n) {
		return NoMove, false
	}
	if c, ok := p.castleIntent(n); ok {
		if m, reason, _ := p.castleCheck(p.King(p.turn), c); reason == NoReason {
			return m, true
		}
		return NoMove, false
	}
	var ml MoveList
	p.LegalMoves(&ml)
	found, count := NoMove, 0
	for _, m := range ml.Slice() {
		if p.fitsNotation(n, m) && m.Promotion() == n.Promotion {
			found = m
			count++
		}
	}
	if count != 1 {
		return NoMove, false
	}
	return found, true
}

// explainFailure builds the error for n, which fits no single legal move.
func (p *Position) explainFailure(n *Notation) *ResolveError {
	if n.Null {
		return p.failure(n, NotAMove, "--: a null move is not a move on the board: the caller plays it (PlayNull)")
	}
	if !notationInRange(n) {
		return p.failure(n, NotAMove, "the description names no destination square")
	}
	if c, ok := p.castleIntent(n); ok {
		_, reason, at := p.castleCheck(p.King(p.turn), c)
		return p.castleFailure(n, c, reason, at)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	return p.explain(n, &ml)
}

// castleIntent reports whether n asks for castling: written as castling,
// or as one of the king moves writtenCastle recognises.
func (p *Position) castleIntent(n *Notation) (CastleMove, bool) {
	if n.Castle != NoCastle {
		return n.Castle, true
	}
	if n.FromFile < 0 || n.FromRank < 0 || n.ToRank < 0 || n.Kind != King && n.Kind != NoKind {
		return NoCastle, false
	}
	ksq := p.King(p.turn)
	if p.Pieces(p.turn, King).more() {
		return NoCastle, false
	}
	from := MakeSquare(int(n.FromFile), int(n.FromRank))
	return p.writtenCastle(ksq, from, MakeSquare(int(n.ToFile), int(n.ToRank)))
}

// notationInRange reports whether n's fields describe a move at all: a
// castling side, or a destination (rank -1 only for a pawn capture by
// files), an origin within the board, known piece kinds.
func notationInRange(n *Notation) bool {
	if n.Castle != NoCastle {
		return n.Castle == ShortCastle || n.Castle == LongCastle
	}
	if n.Kind > King || n.Promotion > King || uint8(n.ToFile) > 7 ||
		n.FromFile < -1 || n.FromFile > 7 || n.FromRank < -1 || n.FromRank > 7 {
		return false
	}
	if n.ToRank == -1 {
		return n.Kind == Pawn && n.FromFile >= 0 && n.FromFile != n.ToFile
	}
	return uint8(n.ToRank) <= 7
}

// fitsNotation reports whether the legal move m fits n in everything but
// the promotion piece. Castling fits only castling intents, handled before.
func (p *Position) fitsNotation(n *Notation, m Move) bool {
	if m.IsCastle() {
		return false
	}
	from, to := m.From(), m.To()
	if int(n.ToFile) != to.File() || n.ToRank >= 0 && int(n.ToRank) != to.Rank() ||
		n.FromFile >= 0 && int(n.FromFile) != from.File() ||
		n.FromRank >= 0 && int(n.FromRank) != from.Rank() {
		return false
	}
	k := p.board[from].Kind()
	if n.Kind != NoKind && n.Kind != k {
		return false
	}
	// A pawn written without another file pushes ("d4" is never cxd4),
	// unless a pawn letter and a capture mark say it takes: "Pxd5" is the
	// one pawn move to d5 as "xd5" is the one move there.
	return !(k == Pawn && n.Kind == Pawn && n.FromFile < 0 && !n.Capture && from.File() != to.File())
}
