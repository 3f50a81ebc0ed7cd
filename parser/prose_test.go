package parser

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// proseWordRunes are what the random words below are made of: every
// Cyrillic letter, Latin files and capitals, ranks, separators, signs,
// figurines, font glyphs and the blanks and dashes normalize folds.
var proseWordRunes = func() []rune {
	var rs []rune
	for r := rune(0x400); r <= 0x4FF; r++ {
		rs = append(rs, r)
	}
	rs = append(rs, []rune("abcdefghxlpqrnkoABCDEFGHKQRBNOSXZ012345678-:=/()+#!?.@ …–—×♔♘♟¢¤\u00a0\u00ad")...)
	return rs
}()

// TestCyrillicPairIsProse: a word normalize sends away as prose by its two
// Cyrillic letters side by side (cyrillicPair) is one the whole reading
// (normalizeWord) takes for prose too: random words of the runes moves are
// written with, most of them biased to the Russian piece letters and
// look-alikes, and the words of the Russian test files.
func TestCyrillicPairIsProse(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	moveish := []rune("КкФфЛлСсПпРрабвгдежзийЗХхОоЕеНВАa1b2c3d4e5f6g7h8x:-+#=")
	var p Parser
	check := func(w []byte) {
		if !cyrillicPair(w) {
			return
		}
		if _, _, kind, _, _, _ := p.normalizeWord(w); kind != kindProse {
			t.Fatalf("%q: cyrillicPair says prose, normalize reads kind %d", w, kind)
		}
	}
	var w []byte
	for range 400000 {
		w = w[:0]
		for range 1 + rng.IntN(8) {
			if rng.IntN(2) == 0 {
				w = utf8.AppendRune(w, moveish[rng.IntN(len(moveish))])
			} else {
				w = utf8.AppendRune(w, proseWordRunes[rng.IntN(len(proseWordRunes))])
			}
		}
		if w[0] >= 0x80 {
			check(w)
		}
	}
	for _, name := range []string{"russian_long_cp1251.txt", "russian_short_koi8r.txt", "russian_cp866.txt"} {
		raw, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		text := decodeLegacy(nil, raw, detectEncoding(raw, false), false, new(legacyMap))
		for _, f := range strings.Fields(string(text)) {
			check([]byte(f))
		}
	}
}

// TestScanWordTwoByteLetters: scanWord's step over two-byte letters ends
// words where the rune-by-rune reading does, on random text of letters,
// separators of every length and broken UTF-8.
func TestScanWordTwoByteLetters(t *testing.T) {
	ref := func(s []byte, i int) int {
		for i < len(s) {
			c := s[i]
			if c < 0x80 {
				if wordDelim[c] {
					return i
				}
				i++
				continue
			}
			if delimRuneLen(s[i:]) > 0 {
				return i
			}
			_, size := utf8.DecodeRune(s[i:])
			i += size
		}
		return i
	}
	rng := rand.New(rand.NewPCG(9, 10))
	pieces := []string{"a", " ", "\n", "(", "ш", "é", "«", "»", "\u00a0", "\u2009", "\ufeff", "“", "♘", "\xd0", "\xc3", "\xc2", "\x80", "\xdf\xbf", "\xe2\x80"}
	for range 20000 {
		var b []byte
		for range rng.IntN(12) {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
		for i := range b {
			if got, want := scanWord(b, i), ref(b, i); got != want {
				t.Fatalf("%q from %d: word ends at %d, want %d", b, i, got, want)
			}
		}
	}
}
