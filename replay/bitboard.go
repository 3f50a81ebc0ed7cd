package replay

import (
	"iter"
	"math/bits"
)

// Files and ranks as bitboards.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xff
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// Bit returns the set holding square s alone (empty for NoSquare).
func (s Square) Bit() Bitboard {
	if s < 0 || s > 63 {
		return 0
	}
	return 1 << uint(s)
}

// Count is the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// Has reports whether square s is in b.
func (b Bitboard) Has(s Square) bool { return b&s.Bit() != 0 }

// LSB is the lowest square in b, NoSquare when b is empty.
func (b Bitboard) LSB() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// PopLSB removes the lowest square from b and returns it; b must not be empty.
// Hot loops do not use it: its pointer receiver keeps the set on the stack,
// a load and a store each turn, so they read b.LSB() and clear the bit in
// the loop's post statement (for ; b != 0; b &= b - 1), which keeps b in a
// register and lets the compiler drop LSB's empty-set test.
func (b *Bitboard) PopLSB() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Squares yields the squares of b from a1 upwards.
func (b Bitboard) Squares() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for b != 0 {
			if !yield(b.PopLSB()) {
				return
			}
		}
	}
}

// more reports whether b has two or more squares.
func (b Bitboard) more() bool { return b&(b-1) != 0 }

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	betweenBB     [64][64]Bitboard // squares strictly between two aligned squares
	lineBB        [64][64]Bitboard // the whole line through two aligned squares
)

// KnightAttacks, KingAttacks and PawnAttacks are the squares a piece on s
// attacks; the slider versions take the occupied squares that block them.
func KnightAttacks(s Square) Bitboard               { return knightAttacks[s&63] }
func KingAttacks(s Square) Bitboard                 { return kingAttacks[s&63] }
func PawnAttacks(c Color, s Square) Bitboard        { return pawnAttacks[c&1][s&63] }
func BishopAttacks(s Square, occ Bitboard) Bitboard { return bishopRays.attacks(s, occ) }
func RookAttacks(s Square, occ Bitboard) Bitboard   { return rookRays.attacks(s, occ) }
func QueenAttacks(s Square, occ Bitboard) Bitboard {
	return BishopAttacks(s, occ) | RookAttacks(s, occ)
}

// Between is the set of squares strictly between a and b when they share a
// rank, file or diagonal, empty otherwise.
func Between(a, b Square) Bitboard { return betweenBB[a&63][b&63] }

// openLines returns the pieces of set that reach s along an open line, where
// every piece of set stands on a rank, file or diagonal through s (mask it
// with emptyRookRays[s] or emptyBishopRays[s]). With the one or two pieces
// a game has there, looking up what lies between is cheaper than cutting
// the slider's rays (RookAttacks, BishopAttacks). The loop clears the
// lowest bit itself: PopLSB's pointer receiver kept set on the stack, a load
// and a store a piece.
func openLines(s Square, set, occ Bitboard) Bitboard {
	var reach Bitboard
	row := &betweenBB[s&63]
	for ; set != 0; set &= set - 1 {
		from := bits.TrailingZeros64(uint64(set)) & 63
		if row[from]&occ == 0 {
			reach |= 1 << uint(from)
		}
	}
	return reach
}

// Line is the full rank, file or diagonal through a and b, empty when they
// are not aligned.
func Line(a, b Square) Bitboard { return lineBB[a&63][b&63] }

// The directions alternate between towards h8 and towards a1, which the
// ray cutting relies on (dirRays.attacks).
var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slide walks from s in each direction until the board edge or a blocker
// (included); it is the slow reference dirRays.attacks is tested against.
func slide(s Square, occ Bitboard, dirs *[4][2]int) Bitboard {
	var att Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := MakeSquare(f, r)
			att |= t.Bit()
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

// step returns the squares at the given offsets from s that stay on the board.
func step(s Square, offs [][2]int) Bitboard {
	var b Bitboard
	for _, o := range offs {
		f, r := s.File()+o[0], s.Rank()+o[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			b |= MakeSquare(f, r).Bit()
		}
	}
	return b
}

func init() {
	knight := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	king := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for s := Square(0); s < 64; s++ {
		knightAttacks[s] = step(s, knight)
		kingAttacks[s] = step(s, king)
		pawnAttacks[White][s] = step(s, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][s] = step(s, [][2]int{{-1, -1}, {1, -1}})
	}
	initCheckReach()
	for a := Square(0); a < 64; a++ {
		for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
			ray := slide(a, 0, dirs)
			for b := Square(0); b < 64; b++ {
				if a == b || !ray.Has(b) {
					continue
				}
				betweenBB[a][b] = slide(a, b.Bit(), dirs) & slide(b, a.Bit(), dirs)
				lineBB[a][b] = (ray & slide(b, 0, dirs)) | a.Bit() | b.Bit()
			}
		}
	}
}
