package parser

// sanDFA reads a plain SAN move byte by byte: the language plainMove
// accepts, in a table, so that fastRun finds the end of a move and checks
// its shape in one pass with one table load per byte and no branch on the
// move's shape. A row is a state, a column the next byte; a byte of fastEnd
// (or the end of the input, read as a space) ends the word. States at or
// above sanAccept are final.
//
// The language: castling ("O-O", "O-O-O"), or [piece][file][rank][x]square
// with an optional promotion ("=Q" or "Q"); then any check and mate signs.
// A word outside it reaches sanReject and is left to the general path,
// which still reads it: the table may only ever accept less than plainMove,
// never more (TestSanDFAAgreesWithPlainMove).
const (
	sanStart   = iota
	sanPiece   // a piece letter
	sanFile    // a file: the square's or the from-square's
	sanRank    // a from-rank: a square follows
	sanCapture // an x: a square follows
	sanToFile  // the square's file: its rank follows
	sanSquare  // file and rank: the square, or a from-square before another
	sanTo      // the square, nothing may precede another square
	sanEquals  // "=": a promotion piece follows
	sanPromo   // the promotion piece
	sanCheck   // check or mate signs
	sanCheckP  // check or mate signs after a promotion
	sanO       // castling: "O"
	sanOD      // "O-"
	sanOO      // "O-O"
	sanOOD     // "O-O-"
	sanOOO     // "O-O-O"
	sanCheckC  // check or mate signs after castling
	sanAccept  // a move
	sanAcceptP // a move with a promotion piece
	sanReject
	sanStates
)

// fastRun turns the final state into Scripts by subtraction.
var _ = [1]struct{}{}[sanAcceptP-sanAccept-uint8(LatinLetters)]

// sanDFA has 32 rows, the unused ones rejecting, so that a state masked
// with 31 indexes it without a bounds check.
var sanDFA = func() (t [32][256]uint8) {
	for st := range t {
		for c := range t[st] {
			t[st][c] = sanNext(uint8(st), byte(c))
		}
	}
	return t
}()

// sanNext is the transition of sanDFA.
func sanNext(st uint8, c byte) uint8 {
	if st >= sanAccept {
		return min(st, sanReject)
	}
	piece, file, rank := isPieceByte(c), isFileByte(c), isRankByte(c)
	check := c == '+' || c == '#'
	if fastEnd[c] {
		switch st {
		case sanSquare, sanTo, sanCheck, sanOO, sanOOO, sanCheckC:
			return sanAccept
		case sanPromo, sanCheckP:
			return sanAcceptP
		}
		return sanReject
	}
	switch st {
	case sanStart:
		switch {
		case piece:
			return sanPiece
		case file:
			return sanFile
		case c == 'O':
			return sanO
		}
	case sanPiece:
		switch {
		case file:
			return sanFile
		case rank:
			return sanRank
		case c == 'x':
			return sanCapture
		}
	case sanFile:
		switch {
		case rank:
			return sanSquare
		case file:
			return sanToFile
		case c == 'x':
			return sanCapture
		}
	case sanRank:
		switch {
		case file:
			return sanToFile
		case c == 'x':
			return sanCapture
		}
	case sanCapture:
		if file {
			return sanToFile
		}
	case sanToFile:
		if rank {
			return sanTo
		}
	case sanSquare, sanTo:
		switch {
		case st == sanSquare && file:
			return sanToFile
		case st == sanSquare && c == 'x':
			return sanCapture
		case piece:
			return sanPromo
		case c == '=':
			return sanEquals
		case check:
			return sanCheck
		}
	case sanEquals:
		if piece {
			return sanPromo
		}
	case sanPromo, sanCheckP:
		if check {
			return sanCheckP
		}
	case sanCheck:
		if check {
			return sanCheck
		}
	case sanO:
		if c == '-' {
			return sanOD
		}
	case sanOD:
		if c == 'O' {
			return sanOO
		}
	case sanOO:
		switch {
		case c == '-':
			return sanOOD
		case check:
			return sanCheckC
		}
	case sanOOD:
		if c == 'O' {
			return sanOOO
		}
	case sanOOO, sanCheckC:
		if check {
			return sanCheckC
		}
	}
	return sanReject
}
