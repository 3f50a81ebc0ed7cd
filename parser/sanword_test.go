package parser

import (
	"math/bits"
	"testing"
)

// TestSanShapeClassesAreUniform: every byte of a set of sanShapeSets leads
// each state of sanDFA where the set's first byte does, which is what
// sanWord's table is built from, and the classes fill the key's bits.
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

// sanWordAlphabet holds the bytes of the shapes, the bytes of their near
// misses (ranks 0 and 9, the file i, letters that are no Latin piece, the
// capital X, the signs of other notations), the bytes that end a word and
// some that do not, and bytes of UTF-8 letters of other letter sets
// (Cyrillic К е х, Latin-1 é ×).
var sanWordAlphabet = []byte("KQRBNOaeh18x+#" + sanEnders + "09iAkPSX=-!(.:\x00\x7f\xd0\xb5\x9a\xc3\x97\xff")

// sanWordTails holds the bytes tried after the point where sanScan has
// decided a word: sanWord reads six bytes whatever the word's length.
var sanWordTails = []byte("e1x+ \n)(\xd0")

// TestSanWordAgreesWithSanScan runs sanWord and sanScan over every word
// of sanWordAlphabet up to the byte where sanDFA decides it (accepts or
// rejects) or its sixth byte, each followed by every combination of
// sanWordTails up to the sixth byte, at the start of the input and after
// other bytes, and with the input ending at each of those bytes: both must
// give the same end and state every time.
func TestSanWordAgreesWithSanScan(t *testing.T) {
	const lead = "1. "
	buf := make([]byte, 0, 16)
	buf = append(buf, lead...)
	checked, shaped := 0, 0
	check := func() {
		for _, from := range []int{0, len(lead)} {
			for end := len(lead); end <= len(buf); end++ {
				s := buf[from:end:end]
				i := len(lead) - from
				j, st := sanWord(s, i)
				wj, wst := sanScan(s, i)
				if j != wj || st != wst {
					t.Fatalf("%q at %d: sanWord (%d, %d), sanScan (%d, %d)", s, i, j, st, wj, wst)
				}
				checked++
			}
		}
		if i := len(lead); len(buf)-i >= sanShapeLen && sanShape.length[sanShapeKey(buf[i:])] != 0 {
			shaped++
		}
	}
	// tail fills the word up to sanShapeLen bytes with sanWordTails.
	var tail func()
	tail = func() {
		if len(buf)-len(lead) == sanShapeLen {
			check()
			return
		}
		for _, c := range sanWordTails {
			buf = append(buf, c)
			tail()
			buf = buf[:len(buf)-1]
		}
	}
	var word func(st uint8)
	word = func(st uint8) {
		if st >= sanAccept || len(buf)-len(lead) == sanShapeLen {
			tail()
			return
		}
		for _, c := range sanWordAlphabet {
			buf = append(buf, c)
			word(sanDFA[st][c])
			buf = buf[:len(buf)-1]
		}
	}
	word(sanStart)
	// Every shape sanWord reads must have been met, with and without a
	// check sign: a table that read nothing would agree as well.
	for _, w := range []string{"e4 ", "Nf3 ", "Nxe5 ", "Nbd2 ", "R1e2 ", "exd5 ", "e4+ ", "Nf3#\n", "Nxe5+}", "ed5;", "e4++ "} {
		b := append([]byte(w), "      "...)
		if n := sanShape.length[sanShapeKey(b)]; int(n) != len(w)-1 {
			t.Errorf("%q: length %d from its shape, want %d", w, n, len(w)-1)
		}
	}
	for _, w := range []string{"e4Q ", "O-O ", "e8=Q ", "Nbxd2 ", "Kxe9 ", "e4!"} {
		b := append([]byte(w), "      "...)
		if n := sanShape.length[sanShapeKey(b)]; n != 0 {
			t.Errorf("%q: length %d from its shape, want it left to sanScan", w, n)
		}
	}
	if shaped == 0 {
		t.Errorf("no word of the %d read by shape", checked)
	}
	t.Logf("%d comparisons, %d words read by shape", checked, shaped)
}

// sanShapeKey is sanWord's key for the first sanShapeLen bytes of b.
func sanShapeKey(b []byte) uint16 {
	var key uint16
	for k := range sanShapeLen {
		key |= sanShape.class[k][b[k]]
	}
	return key
}

// FuzzSanWord compares sanWord with sanScan at every offset of any input.
func FuzzSanWord(f *testing.F) {
	for _, s := range []string{"e4 e5 Nf3 Nc6", "1. Nxe5+ Nbd2# R1e2\n", "exd5 O-O e8=Q+ Nbxd2", "Nf3", "Kxe9 e4!? К f3 е4 ", "R1e2)", "ed5{"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := data[:len(data):len(data)]
		for i := 0; i <= len(s); i++ {
			j, st := sanWord(s, i)
			if wj, wst := sanScan(s, i); j != wj || st != wst {
				t.Fatalf("%q at %d: sanWord (%d, %d), sanScan (%d, %d)", s, i, j, st, wj, wst)
			}
		}
	})
}
