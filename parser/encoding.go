package parser

import (
	"encoding/binary"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Games that are not UTF-8 are nearly always in a single-byte code page:
// Windows-1252 (Western names), a Cyrillic one, or DOS Western (CP850). The choice is made
// per game by scoring each candidate's decoding of the high bytes: letter
// frequencies of Russian, whether letters sit next to letters of the same
// script, and the chess-specific pattern of a capital piece letter written
// straight before a file letter ("Кf3", "Сb5:", "Фd1").

var legacyEncodings = [...]Encoding{Windows1252, Windows1251, KOI8R, CP866, CP850}

// decodeTable maps every byte of a code page to its rune.
var decodeTable [CP850 + 1][256]rune

func init() {
	maps := map[Encoding]*charmap.Charmap{
		Windows1252: charmap.Windows1252,
		Windows1251: charmap.Windows1251,
		KOI8R:       charmap.KOI8R,
		CP866:       charmap.CodePage866,
		CP850:       charmap.CodePage850,
	}
	for enc, cm := range maps {
		for b := 0; b < 256; b++ {
			decodeTable[enc][b] = cm.DecodeByte(byte(b))
		}
	}
}

// isASCII reports whether b has no byte >= 0x80, 32 and then 8 bytes at a
// time. The slice is advanced, not indexed, so that each step checks its
// bounds once: every byte of every piece passes here.
func isASCII(b []byte) bool {
	for len(b) >= 32 {
		v := binary.LittleEndian.Uint64(b[0:8]) | binary.LittleEndian.Uint64(b[8:16]) |
			binary.LittleEndian.Uint64(b[16:24]) | binary.LittleEndian.Uint64(b[24:32])
		if v&0x8080808080808080 != 0 {
			return false
		}
		b = b[32:]
	}
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b[0:8])&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// detectEncoding picks the legacy code page that best explains the high
// bytes of b (those outside valid UTF-8 sequences when skipUTF8 is set).
func detectEncoding(b []byte, skipUTF8 bool) Encoding {
	var score [CP850 + 1]int
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		if skipUTF8 {
			if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
				i += size
				continue
			}
		}
		var ctx neighbours
		if i > 0 {
			ctx.prev = b[i-1]
		}
		if i+1 < len(b) {
			ctx.next = b[i+1]
		}
		if i+2 < len(b) {
			ctx.next2 = b[i+2]
		}
		for _, enc := range legacyEncodings {
			score[enc] += byteScore(enc, c, ctx)
		}
		i++
	}
	best := Windows1252
	for _, enc := range legacyEncodings {
		if score[enc] > score[best] {
			best = enc
		}
	}
	return best
}

// neighbours are the bytes around a scored byte.
type neighbours struct{ prev, next, next2 byte }

// beforeSquare reports whether the bytes after a character make it a piece
// letter: a file and a rank ("Кf3"), a file and a file ("Кbd7"), or a
// capture sign ("Ф:d1").
func (n neighbours) beforeSquare() bool {
	switch {
	case n.next == ':':
		return true
	case isFileByte(n.next):
		return n.next2 >= '1' && n.next2 <= '8' || isFileByte(n.next2) || n.next2 == ':' || n.next2 == 'x'
	}
	return false
}

// figurineBefore reports whether a font glyph stands where a piece does:
// before a square ("¤f3"), before a capture ("¥xc6", "¥:c6"), or as the
// piece of a promotion, after a rank or a pair of files ("d8£", "de¤").
func (n neighbours) figurineBefore() bool {
	switch {
	case isFileByte(n.next):
		return n.next2 >= '1' && n.next2 <= '8'
	case n.next == 'x' || n.next == ':':
		return isFileByte(n.next2)
	}
	return (n.prev >= '1' && n.prev <= '8' || isFileByte(n.prev)) && !isASCIILetter(n.next)
}

// squareAfter reports whether a character stands where a square's file
// does: after a blank, a move number's dot, a separator or a piece letter,
// and before a digit 1-8. A Cyrillic а, с or е there is a square written in
// look-alike letters ("а6"). After a digit or a Latin letter it is not:
// CP866 reads the no-break space of "e5\xa02." as а.
func (n neighbours) squareAfter() bool {
	if n.next < '1' || n.next > '8' {
		return false
	}
	switch p := n.prev; {
	case p == ' ' || p == '\t' || p == '\n' || p == '\r' || p == '.' || p == '-' || p == ':' || p == '(':
		return true
	case p >= 0x80:
		return p != 0xA0
	}
	return false
}

// byteScore rates how plausible byte c is under enc, given its neighbours.
func byteScore(enc Encoding, c byte, n neighbours) int {
	r := decodeTable[enc][c]
	asciiLetterNear := isASCIILetter(n.prev) || isASCIILetter(n.next)
	highNear := n.prev >= 0x80 || n.next >= 0x80
	if c == 0xA0 && enc == Windows1252 && (n.prev == '.' || n.prev == ' ' || n.prev >= '0' && n.prev <= '9') {
		return 10 // a no-break space after a move number or between moves ("1.\xa0e4")
	}
	if enc == Windows1252 || enc == CP850 {
		switch {
		case isFontGlyph(r):
			if n.figurineBefore() {
				return 12
			}
			return 0
		case isLatin1Letter(r):
			if asciiLetterNear {
				return 8
			}
			if highNear {
				return -4
			}
			return 2
		case r == '’':
			if asciiLetterNear {
				return 10 // "Queen’s", "d’Ivoire", which CP850 would read as "QueenÆs"
			}
			return 2
		case r == '“' || r == '”' || r == '–' || r == '—' || r == '…' || r == '½' || r == '°' || r == '«' || r == '»' || r == '©' || r == '\u00a0':
			return 2
		case enc == Windows1252 && (r == utf8.RuneError || c < 0xA0 && r < 0x100):
			return -30 // unassigned or C1 control
		}
		return -8 // box drawing, symbols
	}
	if w, ok := russianWeight(r); ok {
		switch {
		case isPieceLetterRune(r) && n.beforeSquare():
			return 30
		case (r == 'а' || r == 'с' || r == 'е') && n.squareAfter():
			return 20 // "а6", "Сb5 е4": a square in look-alike letters
		case asciiLetterNear:
			return w - 12 // a mixed-script word
		case !highNear:
			return 0 // a letter standing alone is no evidence (a table of accents)
		}
		return w
	}
	switch r {
	case '«', '»', '—', '–', '…', '№', '’', '“', '”', '„', '\u00a0', '°':
		return 2
	}
	if isFontGlyph(r) && n.figurineBefore() {
		return 10
	}
	return -20
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isFileByte(c byte) bool { return c >= 'a' && c <= 'h' }

func isLatin1Letter(r rune) bool {
	return r >= 0xC0 && r <= 0xFF && r != 0xD7 && r != 0xF7 || r == 'Š' || r == 'š' || r == 'Ž' || r == 'ž' || r == 'Œ' || r == 'œ' || r == 'Ÿ'
}

// isPieceLetterRune reports the Cyrillic capitals used as piece letters.
func isPieceLetterRune(r rune) bool {
	switch r {
	case 'К', 'Ф', 'Л', 'С', 'П':
		return true
	}
	return false
}

// russianWeight is roughly 10*log10(frequency per mille) of a Cyrillic
// letter in Russian text; capitals are rarer than their small letters.
func russianWeight(r rune) (int, bool) {
	lower := r
	capital := false
	switch {
	case r >= 'А' && r <= 'Я':
		lower, capital = r+('а'-'А'), true
	case r == 'Ё':
		lower, capital = 'ё', true
	case r >= 'а' && r <= 'я' || r == 'ё':
	default:
		return 0, false
	}
	w := 0
	switch lower {
	case 'о', 'е', 'а', 'и', 'н', 'т':
		w = 18
	case 'с', 'р', 'в', 'л', 'к', 'м', 'д', 'п', 'у':
		w = 15
	case 'я', 'ы', 'ь', 'г', 'з', 'б', 'ч', 'й':
		w = 12
	case 'х', 'ж', 'ш', 'ю', 'ц':
		w = 9
	case 'щ', 'э', 'ф':
		w = 5
	default: // ъ, ё
		w = 0
	}
	if capital {
		w -= 10
	}
	return w, true
}

// isFontGlyph reports the characters ChessBase figurine fonts leave behind
// (¢ K, £ Q, ¤ N, ¥ B, ¦ R, § pawn) and their Windows-1251 faces.
func isFontGlyph(r rune) bool {
	switch r {
	case '¢', '£', '¤', '¥', '¦', '§', 'Ј', 'Ґ',
		'ў', 'Ў': // the king byte 0xA2 is ў in Windows-1251; NOTATION.md writes Ў (0xA1)
		return true
	}
	return false
}

// legacyMap records where decoding made the text longer than the input, so
// that text offsets can be turned back into input offsets.
type legacyMap struct {
	at    []int32 // text offset of each decoded high byte
	extra []int32 // text bytes gained up to and including that byte
}

func (m *legacyMap) reset() {
	m.at = m.at[:0]
	m.extra = m.extra[:0]
}

// rawOffset returns the input offset (relative to the decoded piece's start)
// of text offset i.
func (m *legacyMap) rawOffset(i int) int {
	lo, hi := 0, len(m.at)
	for lo < hi {
		mid := (lo + hi) / 2
		if int(m.at[mid]) < i {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return i
	}
	return i - int(m.extra[lo-1])
}

// decodeLegacy appends b to dst as UTF-8, keeping valid UTF-8 sequences when
// keepUTF8 is set (files that mix UTF-8 with single-byte lines) and decoding
// every other high byte with enc.
func decodeLegacy(dst, b []byte, enc Encoding, keepUTF8 bool, m *legacyMap) []byte {
	table := &decodeTable[enc]
	extra := int32(0)
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			dst = append(dst, c)
			i++
			continue
		}
		if keepUTF8 {
			if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
				dst = append(dst, b[i:i+size]...)
				i += size
				continue
			}
		}
		r := table[c]
		at := int32(len(dst))
		dst = utf8.AppendRune(dst, r)
		extra += int32(len(dst)) - at - 1
		m.at = append(m.at, at)
		m.extra = append(m.extra, extra)
		i++
	}
	return dst
}

// utf8Stats counts the valid multi-byte sequences and the bytes that are not
// valid UTF-8.
func utf8Stats(b []byte) (multi, invalid int) {
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			invalid++
			i++
			continue
		}
		multi++
		i += size
	}
	return multi, invalid
}
