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
	pieces := []string{"a", " ", "\n", "(", "ш", "é", "«", "»", "\u00a0", "\u2009", "\ufeff", "“", "♘", "\xd0", "\xc3", "\xc2", "\x80", "\xdf\xbf", "\xe2\x80",
		"\xc0", "\xc1", "\xe0", "\xe0\x80", "\xed\xa0\x80", "\xf0", "\xf4\x90", "\xf5", "\xff", "\xbf", "\xca\xf0", "\xe8\xe3\xf0\xe0", "𝄞", "\xef\xbb"}
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

// TestUTF8StatsBytes: utf8Stats' step over bytes that start no UTF-8
// sequence counts as utf8.DecodeRune reads.
func TestUTF8StatsBytes(t *testing.T) {
	ref := func(b []byte) (multi, invalid int) {
		for i := 0; i < len(b); {
			r, size := utf8.DecodeRune(b[i:])
			switch {
			case b[i] < 0x80:
			case r == utf8.RuneError && size <= 1:
				invalid++
			default:
				multi++
			}
			i += size
		}
		return multi, invalid
	}
	rng := rand.New(rand.NewPCG(15, 16))
	for range 20000 {
		b := make([]byte, rng.IntN(16))
		for i := range b {
			b[i] = []byte{'a', 0x80, 0xbf, 0xc0, 0xc2, 0xd0, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x9f, 0xa0}[rng.IntN(17)]
		}
		m, n := utf8Stats(b)
		if wm, wn := ref(b); m != wm || n != wn {
			t.Fatalf("%q: %d multi-byte, %d invalid; want %d, %d", b, m, n, wm, wn)
		}
	}
}

// TestGuessEncodingSeenRuns: the scores guessEncoding keeps for the runs it
// has seen make the guess and runner-up of scoring every run, on long texts
// that repeat words in every code page (with UTF-8 kept among them or not).
func TestGuessEncodingSeenRuns(t *testing.T) {
	ref := func(b []byte, skipUTF8 bool) (Encoding, Encoding) {
		var score [CP850 + 1]int
		for i := nextLegacyByte(b, 0, skipUTF8); i < len(b); {
			end := i + 1
			for end < len(b) && b[end] >= 0x80 && utf8Len(b[end:], skipUTF8) == 0 {
				end++
			}
			scoreRun(&score, b, i, end)
			i = nextLegacyByte(b, end, skipUTF8)
		}
		best := Windows1252
		for _, enc := range legacyEncodings {
			if score[enc] > score[best] {
				best = enc
			}
		}
		return best, closeRunnerUp(&score, best, b, skipUTF8)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	words := []string{"\xca\xf0e2", "\xeb\xf5", "Кf3", "e2\x96e4", "\xe0\xe1", "\xc0", "1.", "Nf3", "\xd7\xc5\xd2", "\xfa\xfa\xfa", "\xa0", "ш", "\xe8\xe3\xf0\xe0", "d\xe9j\xe0", "\xb3\xb3",
		"\xcape2", "\xcaPe2", "\xcare2", "\xcaxe5", "\xca:d1", "\xeabd7", "7\xca", "a\xcaf3", "Kf\xe0", "e\x96", "3\xe0", "\xcaa", "\xe5\xf0", "\xa4f3", "\xa4xc6", "d8\xa3", "e5\xa02.", "20\x85Qe7", "K\xf0e2", "k\xf0", "\xe0" + "6", "(\xe0", ".\xe1"}
	for round := range 6 {
		var b []byte
		for len(b) < runCacheFrom+rng.IntN(4096) {
			b = append(b, words[rng.IntN(len(words))]...)
			if k := rng.IntN(5); k < 3 {
				b = append(b, " \n:"[k])
			}
		}
		skip := round%2 == 1
		best, alt := guessEncoding(b, skip)
		if wb, wa := ref(b, skip); best != wb || alt != wa {
			t.Errorf("round %d: guessed %v (runner-up %v), scoring every run %v (%v)", round, best, alt, wb, wa)
		}
	}
}

// TestDecodeLegacyEveryByte: decodeLegacy's copies of two-byte runes are
// the code pages' runes.
func TestDecodeLegacyEveryByte(t *testing.T) {
	raw := make([]byte, 256)
	for i := range raw {
		raw[i] = byte(i)
	}
	for _, enc := range legacyEncodings {
		got := string(decodeLegacy(nil, raw, enc, false, new(legacyMap)))
		var want []byte
		for _, c := range raw {
			if c < 0x80 {
				want = append(want, c)
			} else {
				want = utf8.AppendRune(want, decodeTable[enc][c])
			}
		}
		if got != string(want) {
			t.Errorf("%v: decoded %q, want %q", enc, got, want)
		}
	}
}

// FuzzCyrillicPair: any word cyrillicPair sends away as prose,
// normalizeWord reads as prose.
func FuzzCyrillicPair(f *testing.F) {
	for _, s := range []string{"игра", "Кре2", "крк", "Фd1", "e8=Фх", "пed", "сf1-b5", "аЗ", "О-О", "Лfel", "deФ"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, w []byte) {
		if len(w) == 0 || len(w) > 64 || !cyrillicPair(w) {
			return
		}
		var p Parser
		if _, _, kind, _, _, _ := p.normalizeWord(w); kind != kindProse {
			t.Fatalf("%q: cyrillicPair says prose, normalize reads kind %d", w, kind)
		}
	})
}
