package replay

// CastleSide is the side of the board a castling goes to.
type CastleSide uint8

const (
	KingSide  CastleSide = iota // O-O: king to the g-file, rook to the f-file
	QueenSide                   // O-O-O: king to the c-file, rook to the d-file
)

// Castling holds the castling rights as the squares of the rooks that may
// still castle, [colour][side], NoSquare where the right is gone. Naming the
// rook (rather than a flag) is what makes Chess960 castling work.
type Castling [2][2]Square

// NoCastling is the absence of every castling right.
var NoCastling = Castling{{NoSquare, NoSquare}, {NoSquare, NoSquare}}

// bits packs the four rook squares into one word, so that rights compare in
// one instruction (comparing the arrays calls memequal).
func (c *Castling) bits() uint32 {
	return uint32(uint8(c[0][0])) | uint32(uint8(c[0][1]))<<8 | uint32(uint8(c[1][0]))<<16 | uint32(uint8(c[1][1]))<<24
}

// hasByte reports whether one of the four bytes of x is b (the classic
// SWAR test for a zero byte of x^b): whether a square holds a right.
func hasByte(x uint32, b uint8) bool {
	v := x ^ uint32(b)*0x01010101
	return (v-0x01010101)&^v&0x80808080 != 0
}

// noCastlingBits is NoCastling.bits().
const noCastlingBits = 0xffffffff

// Position is a chess position. It is a value of 168 bytes: copy it to
// keep a position before Play (copy-make). The zero Position is an empty
// board and is not meaningful; use ParseFEN, StartPosition or
// Chess960Position.
type Position struct {
	board    [64]Piece
	byColor  [2]Bitboard
	byKind   [8]Bitboard // indexed by Kind (a Piece's low 3 bits: no bounds check); [NoKind] and [7] stay empty
	key      uint64      // Polyglot Zobrist key, kept incrementally
	castle   Castling
	ep       Square // square behind a pawn that just made a double step
	turn     Color
	chess960 bool
	// epInKey says that the en-passant file is in key (epHashed, asked
	// when ep was set): the next ply takes it out, and History's push
	// passes over the double steps without a pawn beside, with no call.
	// A call anywhere in Play makes the compiler keep its values on the
	// stack on every ply: 0.35 % of the whole command.
	epInKey  bool
	halfmove int32
	fullmove int32
}

// Turn is the side to move.
func (p *Position) Turn() Color { return p.turn }

// PieceAt is the piece on s, NoPiece for an empty square.
func (p *Position) PieceAt(s Square) Piece { return p.board[s&63] }

// Pieces is the set of c's pieces of kind k.
func (p *Position) Pieces(c Color, k Kind) Bitboard { return p.byColor[c&1] & p.byKind[k&7] }

// ByColor is the set of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c&1] }

// ByKind is the set of pieces of kind k, both colours.
func (p *Position) ByKind(k Kind) Bitboard { return p.byKind[k&7] }

// Occupied is the set of all pieces.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// King is c's king square, NoSquare when c has no king (the lowest one when
// a set-up position gives c several).
func (p *Position) King(c Color) Square { return p.Pieces(c, King).LSB() }

// EnPassant is the square behind a pawn that has just made a double step
// (set after every double step, as in FEN), NoSquare otherwise. Whether a
// capture there is possible is another matter: see LegalEnPassant.
func (p *Position) EnPassant() Square { return p.ep }

// Halfmove is the number of plies since the last capture or pawn move.
func (p *Position) Halfmove() int { return int(p.halfmove) }

// Fullmove is the number of the move being played, starting at 1 and
// incremented after Black's move.
func (p *Position) Fullmove() int { return int(p.fullmove) }

// Key is the Polyglot Zobrist key of the position.
func (p *Position) Key() uint64 { return p.key }

// Chess960 reports whether castling is shown as Chess960 (king takes rook in
// UCI, X-FEN letters for inner rooks).
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 sets the Chess960 flag. It changes only how castling is
// written; the rules of castling are the same for both.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// Castling returns the castling rights.
func (p *Position) Castling() Castling { return p.castle }

// CastlingRook is the square of the rook c may still castle with on side,
// NoSquare when that right is gone.
func (p *Position) CastlingRook(c Color, side CastleSide) Square {
	return p.castle[c&1][side&1]
}

// Checkers is the set of enemy pieces giving check to the side to move.
// With no king there is no check; with several, each king counts.
func (p *Position) Checkers() Bitboard {
	var b Bitboard
	for ks := p.Pieces(p.turn, King); ks != 0; {
		b |= p.AttackersTo(ks.PopLSB(), p.turn.Other(), p.Occupied())
	}
	return b
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers() != 0 }

// AttackersTo is the set of by's pieces attacking square s when the
// occupied squares are occupied (pass p.Occupied() for the position as is).
func (p *Position) AttackersTo(s Square, by Color, occupied Bitboard) Bitboard {
	s &= 63
	them := p.byColor[by&1]
	att := them & (pawnAttacks[by.Other()&1][s]&p.byKind[Pawn] |
		knightAttacks[s]&p.byKind[Knight] |
		kingAttacks[s]&p.byKind[King])
	rq := them & (p.byKind[Rook] | p.byKind[Queen]) & emptyRookRays[s]
	bq := them & (p.byKind[Bishop] | p.byKind[Queen]) & emptyBishopRays[s]
	return att | openLines(s, rq|bq, occupied)
}

// MovedKind is the kind of piece m moves (King for castling).
func (p *Position) MovedKind(m Move) Kind { return p.board[m.From()].Kind() }

// IsCapture reports whether m captures (castling never does).
func (p *Position) IsCapture(m Move) bool {
	if m.IsEnPassant() {
		return true
	}
	return !m.IsCastle() && p.byColor[p.turn.Other()].Has(m.To())
}

// Captured is the kind m captures, NoKind if none.
func (p *Position) Captured(m Move) Kind {
	switch {
	case m.IsEnPassant():
		return Pawn
	case m.IsCastle():
		return NoKind
	}
	return p.board[m.To()].Kind()
}

// put and remove mask their indexes (s&63, pc&15): every value is in
// range already, and the masks spare Play its bounds checks.
func (p *Position) put(s Square, pc Piece) {
	if pc == NoPiece {
		return
	}
	s &= 63
	b := s.Bit()
	p.board[s] = pc
	p.byColor[pc.Color()&1] |= b
	p.byKind[pc.Kind()] |= b
	p.key ^= pieceKeys[pc&15][s]
}

func (p *Position) remove(s Square) {
	s &= 63
	pc := p.board[s]
	b := s.Bit()
	p.board[s] = NoPiece
	p.byColor[pc.Color()&1] &^= b
	p.byKind[pc.Kind()] &^= b
	p.key ^= pieceKeys[pc&15][s]
}

// Play makes move m, which must be legal in p (from LegalMoves, or checked
// with IsLegal). It updates the key, the clocks, the castling rights and the
// en-passant square. A move that is not legal leaves a position that is
// meaningless but never makes Play panic.
//
// Play calls only as its last step (playSpecial, updateCastling), so that
// nothing of the plain move lives across a call: a call with work after it
// made the compiler keep the move's values on the stack on every ply
// (1.1 % of the whole command, 14 instructions a ply).
func (p *Position) Play(m Move) {
	us := p.turn & 1
	from, to := m.From(), m.To()
	pc := p.board[from]
	p.clearEnPassant()
	p.tick(us)
	// The turn passes before the men move, so that a double step can
	// hash its en-passant file at once (epHashed asks the side to move).
	p.turn = us ^ 1
	p.key ^= turnKey
	if m&moveTypeMask != moveNormal || pc == NoPiece {
		p.playSpecial(m, pc)
		return
	}
	if captured := p.board[to]; captured != NoPiece {
		p.lift(to, captured)
		p.halfmove = 0
	}
	// The piece moves with one XOR of both squares' bits for its colour
	// and its kind, one of both squares' keys: remove then put would
	// find its colour, kind and key row twice (with the en-passant file
	// hashed only after a double step, 1.6 % of the whole command).
	// The mover's colour is read off the piece (us for any legal move):
	// us itself would be one more value to keep in a register.
	pc &= 15
	c := pc >> 3 & 1
	both := from.Bit() | to.Bit()
	p.board[from] = NoPiece
	p.board[to] = pc
	p.byColor[c] ^= both
	p.byKind[pc&7] ^= both
	p.key ^= pieceKeys[pc][from] ^ pieceKeys[pc][to]
	if pc.Kind() == Pawn {
		p.halfmove = 0
		if from^to == 16 {
			// A double step: epHashed, whose epValid holds after any
			// legal one, written out to keep Play free of calls.
			ep := (from + to) / 2 & 63
			p.ep = ep
			if pawnAttacks[c][ep]&p.byColor[c^1]&p.byKind[Pawn] != 0 {
				p.epInKey = true
				p.key ^= epKeys[ep&7]
			}
		}
	}
	// Most moves neither move a king nor touch a castling rook's square
	// (and no right is left for most of a game): one test of the packed
	// rook squares passes them over.
	if r := p.castle.bits(); r != noCastlingBits && (pc.Kind() == King || hasByte(r, uint8(from)) || hasByte(r, uint8(to))) {
		p.updateCastling(from, to, pc.Kind() == King, Color(c))
	}
}

// playSpecial makes a promotion, a castling or an en-passant capture,
// about one ply in fifty, and a move from an empty square (no move: only
// the castling rights it touches go), castling rights included. Kept out
// of Play, whose body is then small enough to leave the compiler
// registers for the plain move: 0.3 % of the whole command.
//
//go:noinline
func (p *Position) playSpecial(m Move, pc Piece) {
	from, to := m.From(), m.To()
	switch m & moveTypeMask {
	case movePromotion:
		if pc == NoPiece {
			break
		}
		p.remove(to)
		p.remove(from)
		p.put(to, MakePiece(pc.Color(), m.Promotion()))
		p.halfmove = 0
	case moveCastle:
		rook := p.board[to]
		kto, rto := castleTargets(from, to)
		p.remove(from)
		p.remove(to)
		p.put(kto, pc)
		p.put(rto, rook)
	case moveEnPassant:
		p.remove(from)
		p.remove(MakeSquare(to.File(), from.Rank()))
		p.put(to, pc)
		p.halfmove = 0
	}
	if p.castle.bits() != noCastlingBits {
		p.updateCastling(from, to, pc.Kind() == King, p.turn^1)
	}
}

// lift takes pc, the piece on s, off the board's sets and the key; the
// board's square is left to the piece that comes there.
func (p *Position) lift(s Square, pc Piece) {
	s, pc = s&63, pc&15
	p.byColor[pc>>3&1] &^= s.Bit()
	p.byKind[pc&7] &^= s.Bit()
	p.key ^= pieceKeys[pc][s]
}

// PlayNull passes the move to the opponent (the "--" of PGN): no piece
// moves, the en-passant square goes and the halfmove clock advances.
func (p *Position) PlayNull() {
	p.clearEnPassant()
	p.tick(p.turn & 1)
	p.turn = p.turn.Other()
	p.key ^= turnKey
}

// tick advances the clocks for a move by us, the side to move. They stop
// at their maximum rather than wrap (a FEN may start them anywhere from 0
// to maxClock): clock-maxClock is negative, its sign bit set, while there
// is room. Sums rather than branches: 0.3 % of the whole command.
func (p *Position) tick(us Color) {
	p.halfmove += int32(uint32(p.halfmove-maxClock) >> 31)
	p.fullmove += int32(uint32(p.fullmove-maxClock)>>31) & int32(us&1)
}

const maxClock = 1<<31 - 1

// castleTargets returns where the king on king and the rook on rook end.
func castleTargets(king, rook Square) (kto, rto Square) {
	r := king.Rank()
	if rook > king {
		return MakeSquare(6, r), MakeSquare(5, r)
	}
	return MakeSquare(2, r), MakeSquare(3, r)
}

// updateCastling drops the rights that a move from -> to ends: a king move
// ends both of the mover's, and any move from or to a castling rook's
// square ends that one (the rook moved or was captured). Play calls it as
// its last step, which it must stay (see Play).
//
//go:noinline
func (p *Position) updateCastling(from, to Square, kingMoved bool, mover Color) {
	for c := range 2 {
		for side := range 2 {
			r := p.castle[c][side]
			if r != NoSquare && (r == from || r == to || kingMoved && Color(c) == mover) {
				p.castle[c][side] = NoSquare
				p.key ^= castleKeys[2*c+side]
			}
		}
	}
}

// clearEnPassant takes the en-passant square, if any, out of the
// position and its key.
func (p *Position) clearEnPassant() {
	if p.ep != NoSquare {
		if p.epInKey {
			p.key ^= epKeys[p.ep&7]
		}
		p.ep, p.epInKey = NoSquare, false
	}
}

// epValid reports whether the en-passant square is usable by the side to
// move: on the right rank, empty, with an enemy pawn in front of it. Only a
// set-up position can fail this.
func (p *Position) epValid() bool {
	ep := p.ep
	if ep == NoSquare {
		return false
	}
	rank, pawn := 5, ep-8
	if p.turn == Black {
		rank, pawn = 2, ep+8
	}
	return ep.Rank() == rank && p.board[ep] == NoPiece &&
		p.board[pawn] == MakePiece(p.turn.Other(), Pawn)
}

// epHashed is Polyglot's rule: the en-passant file enters the key when a
// pawn of the side to move stands beside the pawn that double-stepped,
// whether or not the capture would be legal.
func (p *Position) epHashed() bool {
	return p.epValid() && pawnAttacks[p.turn.Other()][p.ep]&p.Pieces(p.turn, Pawn) != 0
}
