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
// It also takes the word apart (parts, see SANParts) where it knows the
// word's shape: from the same shape, a table says which part each of the
// first bytes is, and one table load a byte gives its value in every part
// it may be. Of the words sanScan reads it takes apart castling alone, 2 %
// of the moves: the others (promotions, "Nbxd2", a word at the end of the
// input), 0.3 %, are left to the replay, which reads them from the text. A
// call to take them apart, here or in fastRun's loop, cost every move
// about 5 instructions (5.6 M on the whole command): fastMove kept a frame
// and spilled, fastRun spilled its results. The parts are those SAN gives
// the word (TestFastMoveReadsAsSanScan).
//
//go:noinline
func fastMove(s []byte, i int) (end, next int, sc Scripts, ok bool, parts SANParts) {
	end = i
	if i >= 0 && i < len(s)-(sanShapeLen-1) {
		// Through a pointer held in a variable, in a register: from the
		// variable's own address the compiler forms each table's address
		// anew, one instruction a byte.
		t := sanShapeAt
		c0, c1, c2, c3, c4 := s[i], s[i+1], s[i+2], s[i+3], s[i+4]
		key := t.class[0][c0] | t.class[1][c1] | t.class[2][c2] |
			t.class[3][c3] | t.class[4][c4] | t.class[5][s[i+5]]
		m := t.move[key&(1<<sanShapeKeyBits-1)]
		end, sc = i+int(m&sanShapeLength), Scripts(m>>sanShapeScripts)
		sh := &t.shapes[m>>sanShapeIndex&(sanPartShapes-1)]
		parts = sh.base ^ t.parts[c0]&sh.mask[0] ^ t.parts[c1]&sh.mask[1] ^ t.parts[c2]&sh.mask[2] ^
			t.parts[c3]&sh.mask[3] ^ t.parts[c4]&sh.mask[4]
		if sh.pawnCapture {
			// SAN's pawn captures only the file beside its own.
			if d := uint8(parts>>partsFromFile) - uint8(parts>>partsToFile); d != 1 && d != 0xff {
				parts = 0
			}
		}
	}
	if end == i {
		j, st := sanScan(s, i)
		if st == sanReject || j-i > 10 {
			return j, j, 0, false, 0
		}
		// A piece letter first, or a promotion piece (sanAcceptP is
		// sanAccept+1 and LatinLetters is 1): no branch to mispredict.
		end, sc = j, pieceScripts[s[i]]|Scripts(st-sanAccept)
		if s[i] == 'O' {
			parts = castlingParts(s[i:j])
		}
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
			return end, next, sc, false, parts
		}
	}
	return end, next, sc, true, parts
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
	// square), above them which of shapes it has, and above that its
	// scripts (LatinLetters when a piece letter opens it); 0 when the
	// classes do not decide.
	move [1 << sanShapeKeyBits]uint8
	// shapes says how to take apart a word of each shape of
	// sanPartShapes, from its index + 1; shapes[0], all zero, takes apart
	// no word.
	shapes [sanPartShapes]sanShapeParts
	// parts gives each byte's value in every part it may be (see
	// sanShapeParts).
	parts [256]SANParts
}

// The fields of sanShapeTable.move.
const (
	sanShapeLength  = 7 // the mask of the length
	sanShapeIndex   = 3 // the shift of the shape's index
	sanShapeScripts = 7 // the shift of the scripts
)

// sanShapeParts takes apart the words of one shape: their parts are
// base ^ (parts[c] & mask[k]) over the word's bytes c at each position k.
// A byte's parts hold its value in each part it may be: a file's is in the
// destination's file and, XORed with the 0xff (-1) of base, in the
// origin's; the mask keeps the part the byte is at that position.
type sanShapeParts struct {
	base        SANParts
	mask        [sanPartsLen]SANParts
	pawnCapture bool // "exd5": which the files' values decide
}

// sanPartShapes bounds the number of shapes fastMove takes apart: the
// shape's index takes 4 bits of sanShapeTable.move.
const sanPartShapes = 16

// sanPartsLen is the length of the longest word fastMove takes apart from
// its shape.
const sanPartsLen = 5

// sanPartRoles lists the shapes fastMove takes apart from the table,
// those of nearly every move: each byte as the part it is, p for the
// piece letter, f and r for the origin's file and rank, x for the capture
// mark, F and R for the destination, + for a check or mate sign. The
// other shapes the table reads ("e4++", "ed5", "e2e4") are not SAN:
// their words are not taken apart.
var sanPartRoles = [...]string{
	"FR", "FR+", "pFR", "pFR+", "pxFR", "pxFR+", "pfFR", "pfFR+", "prFR", "prFR+", "fxFR", "fxFR+",
}

// sanPartRole gives, for each role of sanPartRoles, a byte that may play
// it, with which the shape's classes are found, and the part it is.
var sanPartRole = map[byte]struct {
	example byte
	part    SANParts
}{
	'p': {'K', 0xff << partsPiece},
	'f': {'a', 0xff << partsFromFile},
	'r': {'1', 0xff << partsFromRank},
	'x': {'x', partsCapture << partsFlags},
	'F': {'a', 0xff << partsToFile},
	'R': {'1', 0xff << partsToRank},
	'+': {'+', (partsCheck | partsMate) << partsFlags},
}

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
	// The shapes taken apart, by the word their example bytes make.
	shapeOf := map[string]uint8{}
	for s, roles := range sanPartRoles {
		sh := &t.shapes[s+1]
		var word []byte
		for k, r := range []byte(roles) {
			word = append(word, sanPartRole[r].example)
			sh.mask[k] = sanPartRole[r].part
		}
		sh.base = 0xff<<partsFromFile | 0xff<<partsFromRank
		sh.pawnCapture = roles[0] == 'f'
		shapeOf[string(word)] = uint8(s + 1)
	}
	for c := range t.parts {
		switch b := byte(c); {
		case isPieceByte(b):
			t.parts[c] = SANParts(b) << partsPiece
		case isFileByte(b):
			f := SANParts(b - 'a')
			t.parts[c] = (f^0xff)<<partsFromFile | f<<partsToFile
		case isRankByte(b):
			r := SANParts(b - '1')
			t.parts[c] = (r^0xff)<<partsFromRank | r<<partsToRank
		case b == 'x':
			t.parts[c] = partsCapture << partsFlags
		case b == '+':
			t.parts[c] = partsCheck << partsFlags
		case b == '#':
			t.parts[c] = partsMate << partsFlags
		}
	}
	for key := range t.move {
		st := uint8(sanStart)
		var word []byte
		for k, sets := range sanShapeSets {
			class := key >> shift[k] & (1<<width[k] - 1)
			if class == 0 || class > len(sets) {
				break
			}
			if st = sanDFA[st][sets[class-1][0]]; st >= sanAccept {
				if st == sanAccept {
					first := sanShapeSets[0][key&(1<<width[0]-1)-1][0]
					t.move[key] = uint8(k) | shapeOf[string(word)]<<sanShapeIndex |
						uint8(pieceScripts[first])<<sanShapeScripts
				}
				break
			}
			word = append(word, sets[class-1][0])
		}
	}
	return t
}

// castlingParts takes apart a word of sanDFA's that opens with O,
// castling followed by any check and mate signs: 0 when it has more than
// one, which SAN does not allow.
func castlingParts(w []byte) SANParts {
	n, signs := len(w), sanShape.parts[w[len(w)-1]]&((partsCheck|partsMate)<<partsFlags)
	if signs != 0 {
		n--
	}
	switch {
	case n == 3:
		return signs | partsShortCastle<<partsFlags | 'O'<<partsPiece | sanPartsNoSquares
	case n == 5 && w[4] == 'O':
		return signs | partsLongCastle<<partsFlags | 'O'<<partsPiece | sanPartsNoSquares
	}
	return 0
}

// sanPartsNoSquares is castling's origin and destination, which it does
// not write.
const sanPartsNoSquares = 0xff<<partsFromFile | 0xff<<partsFromRank | 0xff<<partsToFile | 0xff<<partsToRank
