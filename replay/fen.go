package replay

import (
	"fmt"
	"math/bits"
	"strconv"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// FENError says what is wrong with a FEN and where.
type FENError struct {
	Field  string // "board", "turn", "castling", "en passant", "halfmove", "fullmove" or "trailing" (text after the six fields)
	Offset int    // 0-based byte offset into the FEN string
	Msg    string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("FEN %s field, column %d: %s", e.Field, e.Offset+1, e.Msg)
}

// StartPosition returns the standard starting position.
func StartPosition() Position { return startPosition }

// startPosition is read once, by the init function that sets up the
// Zobrist keys its key is made of: every game without a FEN tag starts from
// it, and a copy is all a game pays.
var startPosition Position

type fenField struct {
	text   string
	offset int
}

// splitFields splits s at runs of spaces into fs, remembering where each
// field starts, and returns how many it found: up to len(fs), which is one
// more than a FEN has, to see text after the last. An array, not a slice
// grown by append: a game's FEN is read twice (ParseFEN, then the dropped
// castling rights), and the growing took nine allocations.
func splitFields(s string, fs *[7]fenField) int {
	n := 0
	for i := 0; i < len(s) && n < len(fs); {
		if s[i] == ' ' || s[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		fs[n] = fenField{s[i:j], i}
		n++
		i = j
	}
	return n
}

var fenFieldNames = [...]string{"board", "turn", "castling", "en passant", "halfmove", "fullmove"}

// ParseFEN reads a position in FEN. The castling field may be standard
// (KQkq), X-FEN (KQkq meaning the outermost rook, a file letter for another)
// or Shredder-FEN (rook files, HAha); the halfmove and fullmove fields may
// be missing (0 and 1). Malformed text is an *FENError. A position that is
// well-formed but could not arise in a game (no king, pawns on the first
// rank, ...) is accepted: judging it is the caller's business. Castling
// rights that cannot be exercised (no king on its first rank, no rook of
// that colour on the named square) are dropped, as they mean nothing. The
// Chess960 flag is set when a remaining right needs it (king not on the
// e-file or rook not in the corner).
func ParseFEN(s string) (Position, error) {
	var p Position
	var fields [7]fenField
	fs := fields[:splitFields(s, &fields)]
	if len(fs) < 4 {
		return p, &FENError{fenFieldNames[len(fs)], len(s), "missing field"}
	}
	if len(fs) > 6 {
		return p, &FENError{"trailing", fs[6].offset, "unexpected text after the fullmove number"}
	}
	p.ep, p.castle, p.fullmove = NoSquare, NoCastling, 1
	if err := p.parseBoard(fs[0]); err != nil {
		return Position{}, err
	}
	switch fs[1].text {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return Position{}, &FENError{"turn", fs[1].offset, fmt.Sprintf("%q is neither w nor b", fs[1].text)}
	}
	if err := p.parseCastling(fs[2]); err != nil {
		return Position{}, err
	}
	if t := fs[3].text; t != "-" {
		if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || (t[1] != '3' && t[1] != '6') {
			return Position{}, &FENError{"en passant", fs[3].offset, fmt.Sprintf("%q is not - or a square on rank 3 or 6", t)}
		}
		p.ep = MakeSquare(int(t[0]-'a'), int(t[1]-'1'))
	}
	for i, dst := range []*int32{&p.halfmove, &p.fullmove} {
		if 4+i >= len(fs) {
			break
		}
		f := fs[4+i]
		n, err := strconv.ParseUint(f.text, 10, 31)
		if err != nil || f.text[0] == '+' {
			return Position{}, &FENError{fenFieldNames[4+i], f.offset, fmt.Sprintf("%q is not a number from 0 to 2147483647", f.text)}
		}
		*dst = int32(n)
	}
	if p.fullmove == 0 {
		p.fullmove = 1 // seen in the wild; it means the first move
	}
	p.key = p.computeKey()
	p.epInKey = p.ep != NoSquare && p.epHashed()
	return p, nil
}

func (p *Position) parseBoard(f fenField) error {
	rank, file := 7, 0
	prevDigit := false
	for i := 0; i < len(f.text); i++ {
		c := f.text[i]
		at := f.offset + i
		switch {
		case c == '/':
			if file != 8 {
				return &FENError{"board", at, fmt.Sprintf("rank %d has %d squares, not 8", rank+1, file)}
			}
			if rank == 0 {
				return &FENError{"board", at, "more than 8 ranks"}
			}
			rank, file, prevDigit = rank-1, 0, false
		case c >= '1' && c <= '8':
			if prevDigit {
				return &FENError{"board", at, "two digits in a row"}
			}
			file += int(c - '0')
			prevDigit = true
			if file > 8 {
				return &FENError{"board", at, fmt.Sprintf("rank %d has more than 8 squares", rank+1)}
			}
		default:
			k := kindOfLetter(c | 0x20)
			if k == NoKind {
				return &FENError{"board", at, fmt.Sprintf("%q is not a piece letter, digit or /", c)}
			}
			if file >= 8 {
				return &FENError{"board", at, fmt.Sprintf("rank %d has more than 8 squares", rank+1)}
			}
			color := White
			if c >= 'a' {
				color = Black
			}
			p.put(MakeSquare(file, rank), MakePiece(color, k))
			file++
			prevDigit = false
		}
	}
	end := f.offset + len(f.text)
	if file != 8 {
		return &FENError{"board", end, fmt.Sprintf("rank %d has %d squares, not 8", rank+1, file)}
	}
	if rank != 0 {
		return &FENError{"board", end, fmt.Sprintf("%d ranks, not 8", 8-rank)}
	}
	return nil
}

func kindOfLetter(c byte) Kind {
	switch c {
	case 'p':
		return Pawn
	case 'n':
		return Knight
	case 'b':
		return Bishop
	case 'r':
		return Rook
	case 'q':
		return Queen
	case 'k':
		return King
	}
	return NoKind
}

func (p *Position) parseCastling(f fenField) error {
	if f.text == "-" {
		return nil
	}
	for i := 0; i < len(f.text); i++ {
		c := f.text[i]
		color := White
		if c >= 'a' {
			color = Black
		}
		back := 0
		if color == Black {
			back = 7
		}
		king := p.Pieces(color, King) & (Rank1 << (8 * back))
		kfile := -1
		if king != 0 && !king.more() {
			kfile = king.LSB().File()
		}
		l := c | 0x20
		side, ok := castleSideOf(l, kfile)
		if !ok {
			return &FENError{"castling", f.offset + i, fmt.Sprintf("%q is not -, K, Q, k, q or a file letter", c)}
		}
		var rook Square
		if l == 'k' || l == 'q' {
			rook = p.outerRook(color, side, kfile)
		} else {
			rook = MakeSquare(int(l-'a'), back)
		}
		if p.castle[color][side] != NoSquare {
			return &FENError{"castling", f.offset + i, fmt.Sprintf("a second castling right for %s on the same side", color)}
		}
		p.castle[color][side] = rook
	}
	p.dropDeadRights()
	return nil
}

// outerRook is the square X-FEN's K or Q means: the outermost rook of colour
// c on its first rank on that side of the king (on file kfile), or the
// corner when there is none.
func (p *Position) outerRook(c Color, side CastleSide, kfile int) Square {
	back := 0
	if c == Black {
		back = 7
	}
	if side == KingSide {
		for f := 7; f > kfile; f-- {
			if s := MakeSquare(f, back); p.board[s] == MakePiece(c, Rook) {
				return s
			}
		}
		return MakeSquare(7, back)
	}
	for f := 0; f < kfile; f++ {
		if s := MakeSquare(f, back); p.board[s] == MakePiece(c, Rook) {
			return s
		}
	}
	return MakeSquare(0, back)
}

// dropDeadRights removes castling rights without a single king on its first
// rank or without a rook of the colour on the named square on the proper
// side of it, and sets the Chess960 flag when a remaining right needs it.
func (p *Position) dropDeadRights() {
	for c := White; c <= Black; c++ {
		back := 0
		if c == Black {
			back = 7
		}
		kings := p.Pieces(c, King)
		for side, r := range p.castle[c] {
			if r == NoSquare {
				continue
			}
			k := kings.LSB()
			if kings == 0 || kings.more() || k.Rank() != back || p.board[r] != MakePiece(c, Rook) ||
				(r > k) != (CastleSide(side) == KingSide) {
				p.castle[c][side] = NoSquare
				continue
			}
			if k.File() != 4 || (r.File() != 0 && r.File() != 7) {
				p.chess960 = true
			}
		}
	}
}

// FENOptions choose among the FEN dialects for output.
type FENOptions struct {
	// Shredder writes castling rights as rook files (HAha) rather than
	// X-FEN (KQkq, a file letter only for a rook that is not the outermost).
	Shredder bool
	// AlwaysEnPassant writes the en-passant square after every double step;
	// by default it is written only when an en-passant capture is legal.
	AlwaysEnPassant bool
}

// FEN is the position in FEN (X-FEN castling letters, which are standard
// FEN for every standard-chess position; the en-passant square only when an
// en-passant capture is legal).
func (p *Position) FEN() string { return p.FENWith(FENOptions{}) }

// FENWith is the position in FEN written with the options o.
func (p *Position) FENWith(o FENOptions) string {
	// Every game's final position is written: one allocation, for the string.
	var buf [100]byte
	return string(p.appendFEN(buf[:0], o))
}

// AppendFEN appends the position in FEN to b: a writer that keeps its own
// buffer (a table column) makes no string of it.
func (p *Position) AppendFEN(b []byte) []byte { return p.appendFEN(b, FENOptions{}) }

func (p *Position) appendFEN(b []byte, o FENOptions) []byte {
	occ := p.Occupied()
	for rank := 7; rank >= 0; rank-- {
		// Only the occupied squares are visited; the gaps between them are counted.
		next := 0 // the file after the last piece written
		for row := uint8(occ >> (8 * rank)); row != 0; row &= row - 1 {
			file := bits.TrailingZeros8(row)
			if file > next {
				b = append(b, byte('0'+file-next))
			}
			b = append(b, fenLetters[p.board[8*rank+file]&15])
			next = file + 1
		}
		if next < 8 {
			b = append(b, byte('0'+8-next))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	if p.turn == White {
		b = append(b, " w "...)
	} else {
		b = append(b, " b "...)
	}
	b = p.appendCastling(b, o.Shredder)
	b = append(b, ' ')
	if p.ep != NoSquare && (o.AlwaysEnPassant || p.LegalEnPassant()) {
		b = append(b, byte('a'+p.ep.File()), byte('1'+p.ep.Rank()))
	} else {
		b = append(b, '-')
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.halfmove), 10)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(p.fullmove), 10)
}

// fenLetters is the FEN letter of each Piece: capitals for White, lower case
// for Black.
var fenLetters = func() (t [16]byte) {
	for k := Pawn; k <= King; k++ {
		t[MakePiece(White, k)] = k.Letter()
		t[MakePiece(Black, k)] = k.Letter() | 0x20
	}
	return t
}()

// castlingField is the castling field alone.
func (p *Position) castlingField(shredder bool) string {
	return string(p.appendCastling(nil, shredder))
}

func (p *Position) appendCastling(out []byte, shredder bool) []byte {
	start := len(out)
	for c := White; c <= Black; c++ {
		kfile := -1
		if k := p.King(c); k != NoSquare {
			kfile = k.File()
		}
		for side := KingSide; side <= QueenSide; side++ {
			r := p.castle[c][side]
			if r == NoSquare {
				continue
			}
			l := byte('a' + r.File())
			if !shredder && p.outerRook(c, side, kfile) == r {
				l = "kq"[side]
			}
			if c == White {
				l -= 0x20
			}
			out = append(out, l)
		}
	}
	if len(out) == start {
		out = append(out, '-')
	}
	return out
}

// castleSideOf is the side a FEN castling letter, in lower case, names: k or
// q, or a rook's file (Shredder-FEN and X-FEN), which is the queen side left
// of the king on file kfile; -1 when there is no single king on the first
// rank, and then a file left of e.
func castleSideOf(l byte, kfile int) (CastleSide, bool) {
	switch {
	case l == 'k':
		return KingSide, true
	case l == 'q':
		return QueenSide, true
	case l >= 'a' && l <= 'h':
		if f := int(l - 'a'); kfile >= 0 && f < kfile || kfile < 0 && f < 4 {
			return QueenSide, true
		}
		return KingSide, true
	}
	return KingSide, false
}
