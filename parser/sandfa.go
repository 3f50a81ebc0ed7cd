package parser

import "math/bits"

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

// fastMove reads the move word at s[i] for fastRun. It returns where the
// word ends, where the next word may begin (past one space) and the word's
// scripts; ok is false when fastRun must leave the word to the general
// path: sanDFA rejects it, it is longer than 10 bytes, or it may join the
// word after it ("e2 - e4", "К d5").
//
// The shapes of nearly every move ("e4", "Nf3", "Nxe5", "Nbd2", "R1e2",
// "exd5", with a check sign or not, then a byte that ends the word) are
// read from the classes of the word's first bytes, each class a table load
// of its own, ORed into the index of a table that says where sanDFA accepts
// the word. sanScan, which reads any other word (castling, promotions,
// near misses) and a word too near the end of the input, makes one load a
// byte, each waiting for the one before. In BenchmarkStreamRead 97.7 % of
// the moves are read by shape. The end and scripts are those sanScan gives
// (TestFastMoveReadsAsSanScan).
//
// It is a leaf, and stays one call: fastRun spills its locals around any
// call in its loop, so that inlining the shapes into fastRun and calling
// sanScan from there saved nothing, and inlining sanScan too cost 28 M
// instructions more in BenchmarkStreamRead. Whatever fastMove decides
// about the word here costs fewer instructions than in fastRun, where s
// and i come back from the stack after the call.
//
//go:noinline
func fastMove(s []byte, i int) (end, next int, sc Scripts, ok bool) {
	end = i
	if i >= 0 && i < len(s)-(sanShapeLen-1) {
		// Through a pointer held in a variable, in a register: from the
		// variable's own address the compiler forms each table's address
		// anew, one instruction a byte.
		t := sanShapeAt
		key := t.class[0][s[i]] | t.class[1][s[i+1]] | t.class[2][s[i+2]] |
			t.class[3][s[i+3]] | t.class[4][s[i+4]] | t.class[5][s[i+5]]
		m := t.move[key&(1<<sanShapeKeyBits-1)]
		end, sc = i+int(m&sanShapeLength), Scripts(m>>sanShapeScripts)
	}
	if end == i {
		j, st := sanScan(s, i)
		if st == sanReject || j-i > 10 {
			return j, j, 0, false
		}
		// A piece letter first, or a promotion piece (sanAcceptP is
		// sanAccept+1 and LatinLetters is 1): no branch to mispredict.
		end, sc = j, pieceScripts[s[i]]|Scripts(st-sanAccept)
	}
	next = end
	// Unsigned: end is no less than i, which the compiler cannot tell.
	if uint(end) < uint(len(s)) && s[end] == ' ' {
		next++
		// Only a blank or a joining byte after the space lets the next
		// word join this one (a file letter joins a lone piece letter,
		// and sanDFA accepts no one-byte word): one load decides for
		// nearly every move.
		if uint(next) < uint(len(s)) && mayJoin[s[next]] && !fastAlone(s, i, end) {
			return end, next, sc, false
		}
	}
	return end, next, sc, true
}

// sanShapeLen is how many bytes fastMove classifies: four of the move, a
// check sign and the byte that ends the word.
const sanShapeLen = 6

// sanShapeSets lists, for each position of the word, the sets of bytes
// fastMove tells apart there, its classes 1, 2, ...; a byte in none of them
// is class 0, which leaves the word to sanScan unless sanDFA has decided
// before it. All the bytes of a set lead each state of sanDFA to the same
// state (TestSanShapeClassesAreUniform), so the first stands for them all.
var sanShapeSets = [sanShapeLen][]string{
	{"KQRBN", "abcdefgh"},
	{"abcdefgh", "12345678", "x"},
	{"abcdefgh", "12345678", sanEnders, "+#"},
	{"12345678", sanEnders, "+#"},
	{sanEnders, "+#"},
	{sanEnders},
}

// sanEnders are the bytes of fastEnd, which end a word.
const sanEnders = " \t\r\n{});"

// sanShapeKeyBits is how many bits the classes of sanShapeSets take
// together, each position as many as its number of classes needs.
const sanShapeKeyBits = 12

// sanShapeTable holds the tables fastMove reads shapes with.
type sanShapeTable struct {
	// class gives each byte's class at each position, shifted to the
	// position's place in the key.
	class [sanShapeLen][256]uint16
	// move gives, for each key, how many bytes the move has when sanDFA
	// accepts it (with no promotion: the classes have no piece after the
	// square) and, above them, its scripts (LatinLetters when a piece
	// letter opens it); 0 when the classes do not decide.
	move [1 << sanShapeKeyBits]uint8
}

// The fields of sanShapeTable.move.
const (
	sanShapeLength  = 7 // the mask of the length
	sanShapeScripts = 3 // the shift of the scripts
)

var sanShape = newSanShapeTable()

// sanShapeAt is where fastMove finds its tables (see there).
var sanShapeAt = &sanShape

func newSanShapeTable() (t sanShapeTable) {
	var shift, width [sanShapeLen]int
	at := 0
	for k, sets := range sanShapeSets {
		shift[k], width[k] = at, bits.Len(uint(len(sets)))
		at += width[k]
		for class, set := range sets {
			for _, c := range []byte(set) {
				t.class[k][c] = uint16(class+1) << shift[k]
			}
		}
	}
	for key := range t.move {
		st := uint8(sanStart)
		for k, sets := range sanShapeSets {
			class := key >> shift[k] & (1<<width[k] - 1)
			if class == 0 || class > len(sets) {
				break
			}
			if st = sanDFA[st][sets[class-1][0]]; st >= sanAccept {
				if st == sanAccept {
					first := sanShapeSets[0][key&(1<<width[0]-1)-1][0]
					t.move[key] = uint8(k) | uint8(pieceScripts[first])<<sanShapeScripts
				}
				break
			}
		}
	}
	return t
}
