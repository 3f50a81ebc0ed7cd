package parser

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"
)

// TestNextHighByte puts one high byte at every place of inputs of every
// length up to past two 8-byte steps, and starts the search at every place,
// so that both of nextHighByte's loops meet it before, at and after the
// start.
func TestNextHighByte(t *testing.T) {
	for n := 0; n <= 20; n++ {
		b := bytes.Repeat([]byte{0x7f}, n)
		for from := 0; from <= n; from++ {
			if got := nextHighByte(b, from); got != n {
				t.Fatalf("%d ASCII bytes from %d: %d, want %d", n, from, got, n)
			}
		}
		for k := range b {
			b[k] = 0x80
			for from := 0; from <= n; from++ {
				want := n
				if k >= from {
					want = k
				}
				if got := nextHighByte(b, from); got != want {
					t.Fatalf("0x80 at %d of %d bytes, from %d: %d, want %d", k, n, from, got, want)
				}
			}
			b[k] = 0x7f
		}
	}
	if got := nextHighByte([]byte("abcdefgh\xffijklmno\x80"), 9); got != 16 {
		t.Errorf("the second high byte: %d, want 16", got)
	}
}

// The bytewise readings that nextHighByte's callers skip ASCII runs in:
// each result must stay what these give.

func bytewiseDecode(b []byte, enc Encoding, keepUTF8 bool) (text []byte, marks []legacyMark) {
	next := 0
	for i := 0; i < len(b); {
		if i >= next {
			marks = append(marks, legacyMark{int32(i), int32(len(text))})
			next = i - i%markEvery + markEvery
		}
		c := b[i]
		if c < 0x80 {
			text = append(text, c)
			i++
			continue
		}
		if keepUTF8 {
			if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
				text = append(text, b[i:i+size]...)
				i += size
				continue
			}
		}
		text = utf8.AppendRune(text, decodeTable[enc][c])
		i++
	}
	return text, marks
}

// bytewiseRawOffset walks every unit from the start: the input offset of
// the unit holding text offset i, plus i's place in it when the unit reads
// as many bytes as it was (ASCII, UTF-8 kept).
func bytewiseRawOffset(m *legacyMap, i int) int {
	r, t := 0, 0
	for r < len(m.raw) {
		nr, nt := m.unit(r)
		if t+nt > i {
			if nr == nt {
				return r + i - t
			}
			return r
		}
		r, t = r+nr, t+nt
	}
	return r + i - t
}

func bytewiseNextLegacyByte(b []byte, i int, skipUTF8 bool) int {
	for i < len(b) {
		if b[i] < 0x80 {
			i++
		} else if n := utf8Len(b[i:], skipUTF8); n > 0 {
			i += n
		} else {
			return i
		}
	}
	return len(b)
}

func bytewiseUTF8Stats(b []byte) (multi, invalid int) {
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		if r, size := utf8.DecodeRune(b[i:]); r == utf8.RuneError && size <= 1 {
			invalid++
			i++
		} else {
			multi++
			i += size
		}
	}
	return multi, invalid
}

// legacyPieces are pieces of ASCII runs of every length from none to past
// two marks, between code page bytes, UTF-8 sequences of two to four bytes,
// and broken ones (a lead byte alone, a continuation byte alone).
func legacyPieces() [][]byte {
	highs := [][]byte{{0xE9}, {0x92}, {0xC2, 0x80}, {0xD0, 0x9A, 0xD1, 0x80}, {0xE2, 0x80, 0x94}, {0xF0, 0x9F, 0x98, 0x80}, {0xC3}, {0x80}, {0xE2, 0x80}}
	rng := rand.New(rand.NewPCG(7, 11))
	var pieces [][]byte
	for n := 0; n < 120; n++ {
		var b []byte
		for len(b) < 3*markEvery+rng.IntN(3*markEvery) {
			run := rng.IntN(2 * markEvery)
			if rng.IntN(3) == 0 {
				run = rng.IntN(10)
			}
			for k := 0; k < run; k++ {
				b = append(b, byte('a'+(len(b)%26)))
			}
			b = append(b, highs[rng.IntN(len(highs))]...)
		}
		pieces = append(pieces, b)
	}
	return append(pieces, nil, []byte("plain ASCII only"), bytes.Repeat([]byte{0xE9}, 200), []byte("\xE9"))
}

func TestLegacyReadingSkipsASCIIAsBytewise(t *testing.T) {
	// decodedLen counts an ASCII byte as one byte of text in every code page.
	for _, enc := range legacyEncodings {
		for c := range 0x80 {
			if decodeLen[enc][c] != 1 {
				t.Fatalf("%v decodes 0x%02x to %d bytes", enc, c, decodeLen[enc][c])
			}
		}
	}
	for _, b := range legacyPieces() {
		if got, want := nextLegacyByte(b, 0, true), bytewiseNextLegacyByte(b, 0, true); got != want {
			t.Fatalf("%q: nextLegacyByte (UTF-8 kept) %d, want %d", b, got, want)
		}
		for i := 0; i <= len(b); i++ {
			if got, want := nextLegacyByte(b, i, false), bytewiseNextLegacyByte(b, i, false); got != want {
				t.Fatalf("%q from %d: nextLegacyByte %d, want %d", b, i, got, want)
			}
		}
		multi, invalid := utf8Stats(b)
		if wm, wi := bytewiseUTF8Stats(b); multi != wm || invalid != wi {
			t.Fatalf("%q: utf8Stats %d, %d, want %d, %d", b, multi, invalid, wm, wi)
		}
		for _, enc := range legacyEncodings {
			for _, keep := range []bool{false, true} {
				var m legacyMap
				text := decodeLegacy(nil, b, enc, keep, &m)
				wantText, wantMarks := bytewiseDecode(b, enc, keep)
				if !bytes.Equal(text, wantText) || !slices.Equal(m.marks, wantMarks) {
					t.Fatalf("%q in %v (keep %v): text %q marks %v, want %q %v", b, enc, keep, text, m.marks, wantText, wantMarks)
				}
				if n := decodedLen(b, enc); !keep && n != len(text) || n < len(text) {
					t.Fatalf("%q in %v (keep %v): decodedLen %d for %d bytes", b, enc, keep, n, len(text))
				}
				// Forward, as the reader asks, and then from the end
				// back, which finds the marks again.
				for i := 0; i <= len(text); i++ {
					if got, want := m.rawOffset(i), bytewiseRawOffset(&m, i); got != want {
						t.Fatalf("%q in %v (keep %v): rawOffset(%d) %d, want %d", b, enc, keep, i, got, want)
					}
				}
				for i := len(text); i >= 0; i -= 7 {
					if got, want := m.rawOffset(i), bytewiseRawOffset(&m, i); got != want {
						t.Fatalf("%q in %v (keep %v): rawOffset(%d) backwards %d, want %d", b, enc, keep, i, got, want)
					}
				}
			}
		}
	}
}

// TestLastLineEnd puts a line end at every place of inputs of every length
// up to past two 8-byte steps, among bytes that differ from '\n' in one bit
// or read as it with the high bit set, and a second one before it: the last
// is found, in either of lastLineEnd's loops, and no other byte is taken
// for one.
func TestLastLineEnd(t *testing.T) {
	near := []byte{'\n' ^ 1, '\n' ^ 2, '\n' ^ 0x80, '\n' ^ 0x40, 0, 0xff, '\n' + 1}
	for n := 0; n <= 20; n++ {
		b := make([]byte, n)
		for k := range b {
			b[k] = near[k%len(near)]
		}
		if got := lastLineEnd(b); got != -1 {
			t.Fatalf("no line end in %q: %d", b, got)
		}
		for k := range b {
			c := b[k]
			b[k] = '\n'
			if got := lastLineEnd(b); got != k {
				t.Fatalf("%q: %d, want %d", b, got, k)
			}
			if k > 0 {
				b[0] = '\n' // an earlier one
				if got := lastLineEnd(b); got != k {
					t.Fatalf("%q: %d, want %d", b, got, k)
				}
				b[0] = near[0]
			}
			b[k] = c
		}
	}
}
