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
// word as sanScan reads it, and the checks fastRun made after it.
func fastMoveByDFA(s []byte, i int) (end, next int, sc Scripts, ok bool) {
	j, st := sanScan(s, i)
	if st == sanReject || j-i > 10 {
		return j, j, 0, false
	}
	spaced := j < len(s) && s[j] == ' '
	sc = pieceScripts[s[i]] | Scripts(st-sanAccept)
	if spaced && j+1 < len(s) && mayJoin[s[j+1]] && !fastAlone(s, i, j) {
		return j, j + 1, sc, false
	}
	if spaced {
		return j, j + 1, sc, true
	}
	return j, j, sc, true
}

// fastMoveAgrees fails unless fastMove reads the word at s[i] as
// fastMoveByDFA does: the same end and scripts, the same next word, the
// same answer; where both say no, nothing else matters.
func fastMoveAgrees(t *testing.T, s []byte, i int) {
	end, next, sc, ok := fastMove(s, i)
	wend, wnext, wsc, wok := fastMoveByDFA(s, i)
	if ok != wok || ok && (end != wend || next != wnext || sc != wsc) {
		t.Fatalf("%q at %d: fastMove (%d, %d, %v, %v), by the DFA (%d, %d, %v, %v)", s, i, end, next, sc, ok, wend, wnext, wsc, wok)
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
		m := sanShape.move[sanShapeKey([]byte(w+"      "))]
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
