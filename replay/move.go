package replay

// Move is a move in 16 bits: from square (bits 0-5), to square (6-11),
// promotion kind minus Knight (12-13) and move type (14-15). Castling is
// encoded as the king capturing its own rook, which names the castling
// unambiguously in Chess960 too; m.To() is then the rook's square.
// The zero value NoMove is never a legal move.
type Move uint16

// NoMove is the absence of a move; it is also how a null move is recorded.
const NoMove Move = 0

const (
	moveNormal    = 0 << 14
	movePromotion = 1 << 14
	moveEnPassant = 2 << 14
	moveCastle    = 3 << 14
	moveTypeMask  = 3 << 14
)

// NewMove returns a plain move (no promotion, castling or en passant).
func NewMove(from, to Square) Move { return Move(from&63) | Move(to&63)<<6 }

// NewPromotion returns a pawn move promoting to kind k (Knight ... Queen).
func NewPromotion(from, to Square, k Kind) Move {
	if k < Knight || k > Queen {
		k = Queen
	}
	return NewMove(from, to) | Move(k-Knight)<<12 | movePromotion
}

// NewEnPassant returns the en-passant capture from -> to (to is the empty
// square the pawn moves to).
func NewEnPassant(from, to Square) Move { return NewMove(from, to) | moveEnPassant }

// NewCastle returns castling with the king on king and the rook on rook.
func NewCastle(king, rook Square) Move { return NewMove(king, rook) | moveCastle }

// From is the square the moving piece (the king, for castling) leaves.
func (m Move) From() Square { return Square(m & 63) }

// To is the destination; for castling it is the castling rook's square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion is the kind promoted to, NoKind for other moves.
func (m Move) Promotion() Kind {
	if m&moveTypeMask != movePromotion {
		return NoKind
	}
	return Kind(m>>12&3) + Knight
}

// IsCastle reports whether m is castling.
func (m Move) IsCastle() bool { return m&moveTypeMask == moveCastle }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m&moveTypeMask == moveEnPassant }

// CastleSide is the side castled towards, meaningful when m.IsCastle().
func (m Move) CastleSide() CastleSide {
	if m.To() > m.From() {
		return KingSide
	}
	return QueenSide
}

// KingTo is where the king ends: the g- or c-file square for castling, To()
// otherwise.
func (m Move) KingTo() Square {
	if !m.IsCastle() {
		return m.To()
	}
	if m.CastleSide() == KingSide {
		return MakeSquare(6, m.From().Rank())
	}
	return MakeSquare(2, m.From().Rank())
}

// UCI is the move in UCI long algebraic form ("e2e4", "e7e8q"). Castling
// is the king's two-square step ("e1g1") unless chess960, when it is the
// king taking its rook ("e1h1"), as UCI engines expect in each mode. The
// null move is "0000".
func (m Move) UCI(chess960 bool) string {
	var buf [5]byte
	return string(m.AppendUCI(buf[:0], chess960))
}

// AppendUCI appends UCI(chess960) to dst; it allocates nothing when dst has
// room.
func (m Move) AppendUCI(dst []byte, chess960 bool) []byte {
	if m == NoMove {
		return append(dst, "0000"...)
	}
	to := m.To()
	if m.IsCastle() && !chess960 {
		to = m.KingTo()
	}
	dst = append(dst, byte('a'+m.From().File()), byte('1'+m.From().Rank()), byte('a'+to.File()), byte('1'+to.Rank()))
	if k := m.Promotion(); k != NoKind {
		dst = append(dst, "  nbrq"[k])
	}
	return dst
}

func (m Move) String() string { return m.UCI(false) }

// MaxMoves bounds the moves of any position, reachable or not. Reachable
// positions have at most 218, but a FEN may hold 60 queens: then a target
// square is reached from at most 16 directions (8 rays, 8 knight jumps) and
// a piece reaches at most 27 squares, so with E non-own squares there are
// at most min(16E, 27(64-E)) <= 643 moves, plus 72 for promotions beyond
// the first kind and 2 castlings.
const MaxMoves = 768

// MoveList is a fixed-capacity list the move generator fills without
// allocating; keep it on the stack or reuse it.
type MoveList struct {
	moves [MaxMoves]Move
	n     int
}

// Len is the number of moves in the list.
func (ml *MoveList) Len() int { return ml.n }

// At returns the i-th move.
func (ml *MoveList) At(i int) Move { return ml.moves[i] }

// Slice returns the moves as a slice backed by the list itself.
func (ml *MoveList) Slice() []Move { return ml.moves[:ml.n] }

// Contains reports whether m is in the list.
func (ml *MoveList) Contains(m Move) bool {
	for _, x := range ml.moves[:ml.n] {
		if x == m {
			return true
		}
	}
	return false
}

// Reset empties the list.
func (ml *MoveList) Reset() { ml.n = 0 }

func (ml *MoveList) add(m Move) {
	ml.moves[ml.n] = m
	ml.n++
}
