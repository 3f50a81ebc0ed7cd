package replay

import (
	"fmt"
	"unicode"
)

// parseError is the allocation-free form of a NotationError: LikelySets tries
// a token under every set and must not pay for messages it throws away.
type parseError struct {
	code errCode
	off  int
	r    rune
	set  LetterSet
	kind Kind
	n    int
}

type errCode uint8

const (
	errNone errCode = iota
	errBadSet
	errEmpty
	errTooLong
	errBadUTF8
	errNoMove
	errUnknownLetter
	errLoneCapital
	errUnknownChar
	errNoSuchRank
	errCastle
	errUnexpected
	errTrailingCapture
	errNoSquare
	errNoDestination
	errDashOrigin
	errRankOrigin
	errPawnStraightCapture
	errPawnSameFile
	errPawnFileJump
	errPromotionMissing
	errPromotionByPiece
	errPromotionKind
	errPromotionRank
	errEnPassant
)

// setTitles name the sets in messages.
var setTitles = [numLetterSets]string{
	"English", "Russian", "Russian-in-Latin", "German", "French", "Spanish/Italian",
	"Dutch", "Polish", "Czech", "Swedish", "Hungarian", "Portuguese",
}

var kindNames = [King + 1]string{"nothing", "pawn", "knight", "bishop", "rook", "queen", "king"}

// unreadable explains a glyph that has no reading under the set.
func unreadable(g *glyph, set LetterSet) parseError {
	switch {
	case g.r == '9':
		return parseError{code: errNoSuchRank, off: int(g.off), r: g.r}
	case unicode.IsLetter(g.r):
		return parseError{code: errUnknownLetter, off: int(g.off), r: g.r, set: set}
	}
	return parseError{code: errUnknownChar, off: int(g.off), r: g.r}
}

func (e parseError) message() string {
	switch e.code {
	case errBadSet:
		return fmt.Sprintf("unknown letter set %d", uint8(e.set))
	case errEmpty:
		return "empty move"
	case errTooLong:
		return fmt.Sprintf("too long to be a move (over %d bytes or %d characters)", maxMoveBytes, maxMoveGlyphs)
	case errBadUTF8:
		return fmt.Sprintf("invalid UTF-8 byte 0x%02X", e.r)
	case errNoMove:
		return "only check, mate or e.p. marks, no move"
	case errUnknownLetter:
		return fmt.Sprintf("%q is neither a file (a-h) nor a piece letter in %s notation", e.r, e.setTitle())
	case errLoneCapital:
		return fmt.Sprintf("%q is not a piece letter in %s notation, and as a capital file it needs a rank after it", e.r, e.setTitle())
	case errUnknownChar:
		return fmt.Sprintf("unexpected character %q", e.r)
	case errNoSuchRank:
		return fmt.Sprintf("there is no rank %c", e.r)
	case errCastle:
		return "malformed castling (O-O or O-O-O)"
	case errUnexpected:
		return fmt.Sprintf("unexpected %q here", e.r)
	case errTrailingCapture:
		return "capture mark with no square after it"
	case errNoSquare:
		return "piece letter with no square"
	case errNoDestination:
		return "no destination square (file a-h then rank 1-8)"
	case errDashOrigin:
		return "a dash must follow the full origin square"
	case errRankOrigin:
		return "an origin rank without a piece letter"
	case errPawnStraightCapture:
		return "a pawn cannot capture straight ahead"
	case errPawnSameFile:
		return "a pawn move names its own file twice"
	case errPawnFileJump:
		return "a pawn can only move to a neighbouring file"
	case errPromotionMissing:
		return fmt.Sprintf("%q without a piece to promote to", e.r)
	case errPromotionByPiece:
		return "only a pawn can promote"
	case errPromotionKind:
		name := "that"
		if e.kind <= King {
			name = kindNames[e.kind]
		}
		return fmt.Sprintf("a pawn cannot promote to a %s", name)
	case errPromotionRank:
		return fmt.Sprintf("a pawn promotes on the last rank, not on rank %d", e.n)
	case errEnPassant:
		return "e.p. follows only a pawn capture"
	}
	return "not a move"
}

func (e parseError) setTitle() string {
	if int(e.set) < numLetterSets {
		return setTitles[e.set]
	}
	return "this"
}

func (e parseError) notationError(text []byte) *NotationError {
	off := e.off
	if off < 0 || off > len(text) {
		off = 0
	}
	illegal := false
	switch e.code {
	case errPawnStraightCapture, errPromotionByPiece, errPromotionKind, errPromotionRank:
		illegal = true
	}
	return &NotationError{Offset: off, Msg: e.message(), Illegal: illegal}
}
