package parser

import (
	"math/bits"
	"reflect"
	"testing"
)

// TestSanShapeClassesAreUniform: every byte of a set of sanShapeSets leads
// each state of sanDFA where the set's first byte does, which is what
// fastMove's table is built from, and the classes fill the key's bits.
func TestSanShapeClassesAreUniform(t *testing.T) {
	width := 0
	for k, sets := range sanShapeSets {
		width += bits.Len(uint(len(sets)))
		for _, set := range sets {
			for st := range sanDFA {
				for _, c := range []byte(set) {
					if got, want := sanDFA[st][c], sanDFA[st][set[0]]; got != want {
						t.Errorf("position %d, state %d: %q leads to %d, %q to %d", k, st, c, got, set[0], want)
					}
				}
			}
		}
	}
	if width != sanShapeKeyBits {
		t.Errorf("the classes take %d bits, the key has %d", width, sanShapeKeyBits)
	}
}

// fastMoveByDFA is fastMove as fastRun read a move before the shapes: the
// word as sanScan reads it, and the checks fastRun made after it. Its
// parts are sanPartsOf's for the words fastMove takes apart: those it
// reads by shape, and castling.
func fastMoveByDFA(s []byte, i int) (end, next int, sc Scripts, ok bool, parts SANParts) {
	j, st := sanScan(s, i)
	if st == sanReject || j-i > 10 {
		return j, j, 0, false, 0
	}
	spaced := j < len(s) && s[j] == ' '
	sc = pieceScripts[s[i]] | Scripts(st-sanAccept)
	if i < len(s)-(sanShapeLen-1) && sanShape.move[sanShapeKey(s[i:])] != 0 || s[i] == 'O' {
		parts = sanPartsOf(s[i:j])
	}
	if spaced && j+1 < len(s) && mayJoin[s[j+1]] && !fastAlone(s, i, j) {
		return j, j + 1, sc, false, parts
	}
	if spaced {
		return j, j + 1, sc, true, parts
	}
	return j, j, sc, true, parts
}

// fastMoveAgrees fails unless fastMove reads the word at s[i] as
// fastMoveByDFA does: the same end, scripts and parts, the same next word,
// the same answer; where both say no, nothing else matters.
func fastMoveAgrees(t *testing.T, s []byte, i int) {
	end, next, sc, ok, parts := fastMove(s, i)
	wend, wnext, wsc, wok, wparts := fastMoveByDFA(s, i)
	if ok != wok || ok && (end != wend || next != wnext || sc != wsc || parts != wparts) {
		t.Fatalf("%q at %d: fastMove (%d, %d, %v, %v, %#x), by the DFA (%d, %d, %v, %v, %#x)", s, i, end, next, sc, ok, parts, wend, wnext, wsc, wok, wparts)
	}
}

// moveAlphabet holds the bytes of the shapes, the bytes of their near
// misses (ranks 0 and 9, the file i, letters that are no Latin piece, the
// capital X, the signs of other notations), the bytes that end a word and
// some that do not, and bytes of UTF-8 letters of other letter sets
// (Cyrillic К е, Latin-1 é ×). One byte stands for each class of
// sanShapeSets, all of whose bytes sanDFA reads alike.
var moveAlphabet = []byte("KNOah18x+# \t\n})09iAkX=-!(\xd0\xb5\xc3\xff")

// moveTails holds the bytes tried after the point where sanDFA has
// decided a word: fastMove classifies six bytes whatever the word's length,
// and looks past the space after it.
var moveTails = []byte("e1x+ \n)(-\xd0")

// moveFills fill the input to its eighth byte after the tails.
var moveFills = []string{"eeeeeeee", "        ", "N 1)x+\xd0-"}

// TestFastMoveReadsAsSanScan runs fastMove and fastMoveByDFA over every
// word of moveAlphabet up to the byte where sanDFA decides it (accepts
// or rejects) or its sixth byte, each followed by every combination of
// two of moveTails and each of moveFills up to the eighth byte, at the start of the input and after
// a move number, and with the input ending at each of those bytes.
func TestFastMoveReadsAsSanScan(t *testing.T) {
	const lead, size = "1. ", 8
	buf := make([]byte, 0, 16)
	buf = append(buf, lead...)
	checked, shaped := 0, 0
	check := func() {
		for _, from := range []int{0, len(lead)} {
			for end := len(lead); end <= len(buf); end++ {
				fastMoveAgrees(t, buf[from:end:end], len(lead)-from)
				checked++
			}
		}
		if sanShape.move[sanShapeKey(buf[len(lead):])] != 0 {
			shaped++
		}
	}
	// tail tries every two bytes of moveTails after the point where
	// sanDFA decided, then fills the rest with each of moveFills.
	var tail func(n int)
	tail = func(n int) {
		if len(buf)-len(lead) == size || n == 2 {
			for _, fill := range moveFills {
				at := len(buf)
				buf = append(buf, fill[:size-(at-len(lead))]...)
				check()
				buf = buf[:at]
			}
			return
		}
		for _, c := range moveTails {
			buf = append(buf, c)
			tail(n + 1)
			buf = buf[:len(buf)-1]
		}
	}
	var word func(st uint8)
	word = func(st uint8) {
		if st >= sanAccept || len(buf)-len(lead) == sanShapeLen {
			tail(0)
			return
		}
		for _, c := range moveAlphabet {
			buf = append(buf, c)
			word(sanDFA[st][c])
			buf = buf[:len(buf)-1]
		}
	}
	word(sanStart)
	if shaped == 0 {
		t.Errorf("no word of the %d read by shape", checked)
	}
	t.Logf("%d comparisons, %d words read by shape", checked, shaped)
}

// TestSanShapesRead checks that the shapes fastMove is for are read from
// the table, with their lengths and scripts (so that the comparison above
// compares something), and that the others are left to sanScan.
func TestSanShapesRead(t *testing.T) {
	for _, w := range []string{"e4 ", "Nf3 ", "Nxe5 ", "Nbd2 ", "R1e2 ", "exd5 ", "e4+ ", "Nf3#\n", "Nxe5+}", "ed5;", "e4++ ", "Kf8)"} {
		m := sanShape.move[sanShapeKey([]byte(w+"      "))] &^ ((sanPartShapes - 1) << sanShapeIndex)
		want := uint8(len(w) - 1)
		if w[0] < 'a' {
			want |= uint8(LatinLetters) << sanShapeScripts
		}
		if m != want {
			t.Errorf("%q: %#x from its shape, want %#x", w, m, want)
		}
	}
	for _, w := range []string{"e4Q ", "O-O ", "e8=Q ", "Nbxd2 ", "Kxe9 ", "e4!", "Nf3(", "e4+Q ", "ee "} {
		if m := sanShape.move[sanShapeKey([]byte(w+"      "))]; m != 0 {
			t.Errorf("%q: %#x from its shape, want it left to sanScan", w, m)
		}
	}
}

// sanShapeKey is fastMove's key for the first sanShapeLen bytes of b.
func sanShapeKey(b []byte) uint16 {
	var key uint16
	for k := range sanShapeLen {
		key |= sanShape.class[k][b[k]]
	}
	return key
}

// FuzzFastMove compares fastMove with fastMoveByDFA at every offset of any
// input.
func FuzzFastMove(f *testing.F) {
	for _, s := range []string{"e4 e5 Nf3 Nc6", "1. Nxe5+ Nbd2# R1e2\n", "exd5 O-O e8=Q+ Nbxd2", "Nf3", "Kxe9 e4!? К f3 е4 ",
		"R1e2)", "ed5{", "Nf3 - d4 N d5 e2 : e4", "Qh4xe1+++++++ e4"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := data[:len(data):len(data)]
		for i := 0; i <= len(s); i++ {
			fastMoveAgrees(t, s, i)
		}
	})
}

// TestFastRunSettlesNumbers checks what fastRun leaves of a move number it
// read but did not give to a direct move (settleNumber): the problem about
// a number that does not fit stands at the number, on its own line when a
// line end follows it, and the move takes its value; the same input is
// read alike without fastRun. HasVariations is set when fastRun adds a move
// to a variation, and only then.
func TestFastRunSettlesNumbers(t *testing.T) {
	cases := []struct {
		in       string
		problems []Problem
		number   int32 // of the last move
		has      Has
	}{
		{"[Event \"x\"]\n1. e4 e5 3.\n\nNf3 *", []Problem{{Pos: Pos{Offset: 21, Line: 2, Col: 10}, Message: "move number 3. where 2. was expected"}}, 3, 0},
		{"[Event \"x\"]\n1. e4 e5 2...\n Nf3 *", []Problem{{Pos: Pos{Offset: 21, Line: 2, Col: 10}, Message: "move number 2... where 2. was expected: a move is missing before it"}}, 2, HasGap},
		{"[Event \"x\"]\n1. e4 e5 2.\nNf3 *", nil, 2, 0},
		{"[Event \"x\"]\n1. e4 e5 2. {c} Nf3 *", nil, 2, 0},
		{"[Event \"x\"]\n1. e4 (1. d4 d5 2. c4) e5 *", nil, 0, HasVariations},
		{"[Event \"x\"]\n1. e4 e5 2. Nf3 (2. d4) d5 *", nil, 0, HasVariations},
		{"[Event \"x\"]\n1. e4 e5 2. Nf3 d5 *", nil, 0, 0},
	}
	for _, c := range cases {
		p := NewParser(Options{})
		var games []*Game
		p.Parse(Chunk{Data: []byte(c.in)}, func(g *Game) { games = append(games, g.Clone()) })
		if len(games) != 1 {
			t.Fatalf("%q: %d games", c.in, len(games))
		}
		g := games[0]
		if !reflect.DeepEqual(g.Problems, c.problems) {
			t.Errorf("%q: problems %+v, want %+v", c.in, g.Problems, c.problems)
		}
		if last := g.Moves[len(g.Moves)-1]; last.Number != c.number {
			t.Errorf("%q: the last move is numbered %d, want %d", c.in, last.Number, c.number)
		}
		if got := g.Has & (HasVariations | HasGap); got != c.has {
			t.Errorf("%q: Has %b, want %b", c.in, got, c.has)
		}
		readBothWays(t, []byte(c.in), Options{})
	}
}

// sanPartsOf takes apart a word that sanDFA accepts, w, into the parts SAN
// gives it, or returns 0 when SAN does not allow the word: more than one
// check or mate sign ("e4++"), a pawn's origin rank ("e2e4"), a pawn
// changing file without capturing ("ed5") or capturing from a file not
// beside its destination ("axd5"), a promotion without '=' ("e8Q"), to a
// king, by a piece or short of the last rank, or more than nine bytes. It
// reads words as the replay's reader of SAN (replay.ParseMoveInto) does,
// and refuses what it refuses (validate's FuzzSANParts holds the parser's
// parts to that reader): the reference of fastMove's table.
func sanPartsOf(w []byte) SANParts {
	n := len(w)
	if n < 2 || n > 9 {
		return 0
	}
	var signs SANParts
	switch w[n-1] {
	case '+':
		signs, n = partsCheck<<partsFlags, n-1
	case '#':
		signs, n = partsMate<<partsFlags, n-1
	}
	switch b := w[:n]; {
	case string(b) == "O-O":
		return signs | partsShortCastle<<partsFlags | 'O'<<partsPiece | sanPartsNoSquares
	case string(b) == "O-O-O":
		return signs | partsLongCastle<<partsFlags | 'O'<<partsPiece | sanPartsNoSquares
	}
	i, piece := 0, byte(0)
	if isPieceByte(w[0]) {
		i, piece = 1, w[0]
	}
	var promotion byte
	if n-i >= 4 && w[n-2] == '=' {
		promotion = w[n-1]
		if piece != 0 || !isPieceByte(promotion) || promotion == 'K' {
			return 0
		}
		n -= 2
	}
	if n-i < 2 || !isFileByte(w[n-2]) || !isRankByte(w[n-1]) {
		return 0
	}
	toFile, toRank := w[n-2]-'a', w[n-1]-'1'
	if promotion != 0 && toRank != 0 && toRank != 7 {
		return 0
	}
	fromFile, fromRank, capture := int8(-1), int8(-1), false
	j := i
	if j < n-2 && isFileByte(w[j]) {
		fromFile, j = int8(w[j]-'a'), j+1
	}
	if j < n-2 && isRankByte(w[j]) {
		fromRank, j = int8(w[j]-'1'), j+1
	}
	if j < n-2 && w[j] == 'x' {
		capture, j = true, j+1
	}
	if j != n-2 {
		return 0
	}
	if piece == 0 {
		// A pawn writes its origin only as the file it captures from, the
		// one beside its destination's.
		switch d := fromFile - int8(toFile); {
		case fromRank >= 0, fromFile >= 0 && (!capture || d != 1 && d != -1), fromFile < 0 && capture:
			return 0
		}
	}
	p := signs | SANParts(piece)<<partsPiece | SANParts(uint8(fromFile))<<partsFromFile |
		SANParts(uint8(fromRank))<<partsFromRank | SANParts(toFile)<<partsToFile | SANParts(toRank)<<partsToRank |
		SANParts(promotion)<<partsPromotion
	if capture {
		p |= partsCapture << partsFlags
	}
	return p
}

// sanPartsUnread is what fastMove gives as the parts of a word that
// sanPartsOf is to take apart: no parts' value, whose capture byte is 0 or 1.
const sanPartsUnread = ^SANParts(0)

// TestFastRunNumberThenMove: fastRun reads the move after a move number
// without going round its loop. The move takes the number and stands where
// it is written, whether a space, none or several stand between them; a
// word fastMove leaves to the general path after a number ("e2-e4", a
// piece letter that joins the next word, castling with zeros) and a number
// at the end of the input are read as without fastRun.
func TestFastRunNumberThenMove(t *testing.T) {
	cases := []struct {
		in     string
		moves  []string // Norm of each move
		number []int32
		col    []int64
	}{
		{"[Event \"x\"]\n1. e4 e5 2. Nf3 *", []string{"e4", "e5", "Nf3"}, []int32{1, 0, 2}, []int64{4, 7, 13}},
		{"[Event \"x\"]\n1.e4 e5 2.Nf3 *", []string{"e4", "e5", "Nf3"}, []int32{1, 0, 2}, []int64{3, 6, 11}},
		{"[Event \"x\"]\n1.  e4 1... e5 *", []string{"e4", "e5"}, []int32{1, 1}, []int64{5, 13}},
		{"[Event \"x\"]\n1. e2-e4 e5 2. Nf3 *", []string{"e2-e4", "e5", "Nf3"}, []int32{1, 0, 2}, []int64{4, 10, 16}},
		{"[Event \"x\"]\n1. e4 e5 2. N f3 *", []string{"e4", "e5", "Nf3"}, []int32{1, 0, 2}, []int64{4, 7, 13}},
		{"[Event \"x\"]\n1. e4 e5 2. 0-0 *", []string{"e4", "e5", "O-O"}, []int32{1, 0, 2}, []int64{4, 7, 13}},
		{"[Event \"x\"]\n1. e4 e5 2. Nf3", []string{"e4", "e5", "Nf3"}, []int32{1, 0, 2}, []int64{4, 7, 13}},
		{"[Event \"x\"]\n1. e4 e5 2.", []string{"e4", "e5"}, []int32{1, 0}, []int64{4, 7}},
	}
	for _, c := range cases {
		g := one(t, c.in)
		if len(g.Moves) != len(c.moves) {
			t.Fatalf("%q: %d moves, want %d", c.in, len(g.Moves), len(c.moves))
		}
		for i, m := range g.Moves {
			if got := string(g.Bytes(m.Norm)); got != c.moves[i] || m.Number != c.number[i] || m.Pos.Line != 2 || m.Pos.Col != c.col[i] {
				t.Errorf("%q: move %d is %q numbered %d at %d:%d, want %q numbered %d at 2:%d",
					c.in, i, got, m.Number, m.Pos.Line, m.Pos.Col, c.moves[i], c.number[i], c.col[i])
			}
		}
		readBothWays(t, []byte(c.in), Options{})
	}
}
