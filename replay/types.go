// Package replay is arbiter's legality engine: positions, legal moves, FEN,
// Zobrist keys, and the resolution of a move as written to the legal move it
// means (or the reason there is none).
//
// Squares are numbered little-endian rank-file: a1 = 0, b1 = 1, ..., h1 = 7,
// a2 = 8, ..., h8 = 63. Bit n of a Bitboard is square n:
//
//	8 | 56 57 58 59 60 61 62 63
//	7 | 48 49 50 51 52 53 54 55
//	6 | 40 41 42 43 44 45 46 47
//	5 | 32 33 34 35 36 37 38 39
//	4 | 24 25 26 27 28 29 30 31
//	3 | 16 17 18 19 20 21 22 23
//	2 |  8  9 10 11 12 13 14 15
//	1 |  0  1  2  3  4  5  6  7
//	    a  b  c  d  e  f  g  h
package replay

// Square is a board square, a1 = 0 ... h8 = 63, or NoSquare.
type Square int8

// NoSquare marks an absent square (no en-passant square, no castling rook).
const NoSquare Square = -1

// MakeSquare returns the square on file f (0 = a) and rank r (0 = rank 1).
func MakeSquare(f, r int) Square { return Square(r*8 + f) }

// File is 0 for the a-file ... 7 for the h-file.
func (s Square) File() int { return int(s) & 7 }

// Rank is 0 for the first rank ... 7 for the eighth.
func (s Square) Rank() int { return int(s) >> 3 }

func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Color is the side: White or Black.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Name is the colour as a message names a side: "White" or "Black".
func (c Color) Name() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Kind is a kind of piece, without colour.
type Kind uint8

const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Letter is the English SAN letter of the kind ('P' for a pawn, 0 for NoKind).
func (k Kind) Letter() byte { return " PNBRQK"[k] }

// Piece is a coloured piece: kind in the low 3 bits, colour in bit 3. The zero
// Piece is an empty square.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and kind k.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<3 }

// Kind returns the piece's kind.
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Bitboard is a set of squares, bit n for square n.
type Bitboard uint64
