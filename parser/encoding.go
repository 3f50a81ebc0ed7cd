package parser

import (
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Games that are not UTF-8 are nearly always in a single-byte code page:
// Windows-1252 (Western names), a Cyrillic one, or DOS Western (CP850). The choice is made
// per game by scoring each candidate's decoding of the high bytes: letter
// frequencies of Russian, whether letters sit next to letters of the same
// script, whether a small letter runs into a capital, and what chess text
// puts where: a Russian piece, one or two letters of its own, straight
// before a square ("Кf3", "Крe2", "Сb5:"), and a dash, not a letter,
// between two squares ("e2–e4"). Short records hold only a few such bytes,
// so each must weigh toward the code page that reads it as chess.

var legacyEncodings = [...]Encoding{Windows1252, Windows1251, KOI8R, CP866, CP850}

// decodeTable maps every byte of a code page to its rune.
var decodeTable [CP850 + 1][256]rune

// classTable and weightTable hold what the scoring asks of each byte's
// rune, looked up once here rather than for every byte of every game.
var (
	classTable  [CP850 + 1][256]charClass
	weightTable [CP850 + 1][256]letterWeights
)

// letterWeights are russianWeight of a Russian letter as written and as a
// small letter.
type letterWeights struct{ asWritten, small int8 }

// charClass is a set of the kinds of character below.
type charClass uint8

const (
	classLetter   charClass = 1 << iota
	classUpper              // a capital
	classLower              // a small letter
	classCyrillic           // a Cyrillic letter
	classRussian            // a letter of the Russian alphabet
	classBox                // a box-drawing or shading character
	classDash               // an en or em dash, or an ellipsis
)

func (c charClass) has(k charClass) bool { return c&k != 0 }

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
			r := cm.DecodeByte(byte(b))
			decodeTable[enc][b] = r
			var c charClass
			if unicode.IsLetter(r) {
				c |= classLetter
			}
			if unicode.IsUpper(r) {
				c |= classUpper
			}
			if unicode.IsLower(r) && r != 'ß' { // ß has no capital of its own: "STRAßE" is a word in capitals
				c |= classLower
			}
			if r >= 'Ѐ' && r <= 'ӿ' {
				c |= classCyrillic
			}
			if r >= '─' && r <= '▟' {
				c |= classBox
			}
			if r == '–' || r == '—' || r == '…' {
				c |= classDash
			}
			if w, ok := russianWeight(r); ok {
				c |= classRussian
				small, _ := russianWeight(unicode.ToLower(r))
				weightTable[enc][b] = letterWeights{int8(w), int8(small)}
			}
			classTable[enc][b] = c
		}
	}
}

// isASCII reports whether b has no byte >= 0x80, 64 and then 8 bytes at a
// time. The slice is advanced, not indexed, so that each step checks its
// bounds once: every byte of every piece passes here. Steps of 64 bytes
// rather than 32 spread the loop's own instructions over twice the bytes.
func isASCII(b []byte) bool {
	for len(b) >= 64 {
		v := binary.LittleEndian.Uint64(b[0:8]) | binary.LittleEndian.Uint64(b[8:16]) |
			binary.LittleEndian.Uint64(b[16:24]) | binary.LittleEndian.Uint64(b[24:32]) |
			binary.LittleEndian.Uint64(b[32:40]) | binary.LittleEndian.Uint64(b[40:48]) |
			binary.LittleEndian.Uint64(b[48:56]) | binary.LittleEndian.Uint64(b[56:64])
		if v&0x8080808080808080 != 0 {
			return false
		}
		b = b[64:]
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
// On a tie the earlier of legacyEncodings wins: Windows-1252 and
// Windows-1251 tie when the only high bytes are the dashes and ellipses
// they share, and then read the same.
func detectEncoding(b []byte, skipUTF8 bool) Encoding {
	enc, _ := guessEncoding(b, skipUTF8)
	return enc
}

// guessEncoding is detectEncoding that also returns the runner-up when the
// guess is close (see closeRunnerUp), else UTF8.
func guessEncoding(b []byte, skipUTF8 bool) (best, alt Encoding) {
	var score [CP850 + 1]int
	var seen map[string][CP850 + 1]int32
	if len(b) >= runCacheFrom {
		seen = make(map[string][CP850 + 1]int32)
	}
	for i := nextLegacyByte(b, 0, skipUTF8); i < len(b); {
		// Runs of high bytes are scored whole, because a Cyrillic piece
		// letter ("Кр") may take two of them and a word's letters are judged
		// in pairs.
		end := i + 1
		for end < len(b) && b[end] >= 0x80 && utf8Len(b[end:], skipUTF8) == 0 {
			end++
		}
		if seen != nil && i >= 2 && end+4 <= len(b) && end-i <= runCacheLen {
			scoreRunSeen(&score, seen, b, i, end)
		} else {
			scoreRun(&score, b, i, end)
		}
		i = nextLegacyByte(b, end, skipUTF8)
	}
	best = Windows1252
	for _, enc := range legacyEncodings {
		if score[enc] > score[best] {
			best = enc
		}
	}
	return best, closeRunnerUp(&score, best, b, skipUTF8)
}

// A long piece of text in a code page repeats its words, and so its runs
// of high bytes in the same surroundings: guessEncoding keeps the scores of
// such runs (at most runCacheMax of them, of at most runCacheLen bytes) for
// pieces of runCacheFrom bytes and more.
const (
	runCacheFrom = 64 << 10
	runCacheLen  = 32
	runCacheMax  = 1 << 12
)

// scoreRunSeen is scoreRun on the run b[s:e], which has two bytes before it
// and four after it in b, from the scores seen already kept for the same
// bytes. scoreRun reads nothing of b outside b[s-2:e+4] (around: two bytes
// either side of a byte of the run; pieceToken: two before the run, and
// targetAt at e+1 three after), and with those bytes in b every bound it
// tests holds: the run's scores are a function of those bytes alone. Of
// them, b[s-2] counts only after an ASCII letter or digit (pieceToken's
// Latin K, betweenSquares' square before a dash), and b[e+1:e+4] only
// after a file (small or capital), x, ':' or a Latin p or r (targetAt, figurineBefore,
// betweenSquares, a king's Latin second letter): elsewhere the key holds a
// zero for them, so that a word's run is scored once whatever words stand
// around it.
func scoreRunSeen(score *[CP850 + 1]int, seen map[string][CP850 + 1]int32, b []byte, s, e int) {
	var buf [runCacheLen + 6]byte
	key := append(buf[:0], b[s-2:e+4]...)
	if c := key[1]; !isAlnum(c) {
		key[0] = 0
	}
	if c := b[e]; !isFileByte(c) && !isCapitalFileByte(c) && c != 'x' && c != ':' && c|0x20 != 'p' && c|0x20 != 'r' {
		n := len(key)
		key[n-3], key[n-2], key[n-1] = 0, 0, 0
	}
	d, ok := seen[string(key)]
	if !ok {
		var run [CP850 + 1]int
		scoreRun(&run, b, s, e)
		for enc, v := range run {
			d[enc] = int32(v)
		}
		if len(seen) < runCacheMax {
			seen[string(key)] = d
		}
	}
	for enc, v := range d {
		score[enc] += int(v)
	}
}

// NoFirstPly says that no game read from b, with every high byte decoded
// by the code page enc (as Options.ForceEncoding reads), can replay a
// single ply. Without a '[' there is no tag pair, so no FEN: the replay
// starts from the initial position, where a first ply of either side is a
// null move ("--", "Z0", "0000", "@@@@": a dash, a zero or an @), or a move
// to the third to sixth rank, which the replay reads (replay/notation_lex.go)
// only from a digit or, in a look-alike letter, from З, з or б. When b has
// none of them under enc, every reading of it replays no ply, whatever
// words the parser makes moves of.
func NoFirstPly(b []byte, enc Encoding) bool {
	if enc < Windows1252 || enc > CP850 {
		return false
	}
	stop := &firstPlyBytes[enc]
	for _, c := range b {
		if stop[c] {
			return false
		}
	}
	return true
}

// firstPlyBytes marks, per code page, the bytes NoFirstPly looks for.
var firstPlyBytes [CP850 + 1][256]bool

func init() { // after decodeTable's
	for _, enc := range legacyEncodings {
		for c := 0; c < 256; c++ {
			r := rune(c)
			if c >= 0x80 {
				r = decodeTable[enc][c]
			}
			firstPlyBytes[enc][c] = r == '[' || r >= '0' && r <= '9' || r == '@' || isDashRune(r) || r == 'З' || r == 'з' || r == 'б'
		}
	}
}

// nextLegacyByte returns the index, from i on, of the next byte of b that a
// code page decodes: high, and not part of a UTF-8 sequence kept as such
// (see utf8Len); len(b) when there is none.
func nextLegacyByte(b []byte, i int, skipUTF8 bool) int {
	for {
		if i = nextHighByte(b, i); i >= len(b) {
			return len(b)
		}
		n := utf8Len(b[i:], skipUTF8)
		if n == 0 {
			return i
		}
		i += n
	}
}

// nextHighByte returns the index, from i on, of the next byte of b that is
// 0x80 or more, len(b) when there is none. It tests eight bytes at a time:
// a piece read from a code page is nearly all ASCII, and the decoding, its
// map and the guess of the code page skipped it a byte at a time (about a
// third of the instructions of reading such a piece, BenchmarkSampleRead).
func nextHighByte(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		if w := binary.LittleEndian.Uint64(b[i:i+8:i+8]) & highBits; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= 0x80 {
			return i
		}
	}
	return len(b)
}

// closeRunnerUp returns the code page that scores next to best when it
// scores at least half as much and reads some high byte of b otherwise,
// else UTF8. The scores weigh letters, not chess: a lone piece letter
// before a square reads as a piece in two Cyrillic code pages (KOI8-R's
// small к is Windows-1251's Л), and only the replay can tell a knight
// from a rook there. Pages that read every byte of b alike (Windows-1252
// and Windows-1251 on dashes) make no runner-up: the guess changes nothing.
func closeRunnerUp(score *[CP850 + 1]int, best Encoding, b []byte, skipUTF8 bool) Encoding {
	alt := UTF8
	for _, enc := range legacyEncodings {
		if enc != best && (alt == UTF8 || score[enc] > score[alt]) {
			alt = enc
		}
	}
	if score[alt] <= 0 || 2*score[alt] < score[best] {
		return UTF8
	}
	for i := nextLegacyByte(b, 0, skipUTF8); i < len(b); i = nextLegacyByte(b, i+1, skipUTF8) {
		if decodeTable[best][b[i]] != decodeTable[alt][b[i]] {
			return alt
		}
	}
	return UTF8
}

// utf8Len returns the length of the valid multi-byte UTF-8 sequence b starts
// with when such sequences are kept, else 0.
func utf8Len(b []byte, keep bool) int {
	if !keep {
		return 0
	}
	if r, size := utf8.DecodeRune(b); r != utf8.RuneError || size > 1 {
		return size
	}
	return 0
}

// scoreRun adds to each code page's score its rating of the run b[s:e] of
// high bytes: each byte in its context, each pair of neighbouring letters,
// and a Russian piece letter before a square as one token. Every byte is
// rated under every code page in one pass, so that its neighbours are
// gathered once.
func scoreRun(score *[CP850 + 1]int, b []byte, s, e int) {
	var upTo, capsEnd [CP850 + 1]int
	for _, enc := range legacyEncodings {
		upTo[enc], capsEnd[enc] = e, s
		if enc == Windows1251 || enc == KOI8R || enc == CP866 {
			if from, bonus := pieceToken(enc, b, s, e); from < e {
				score[enc] += bonus
				upTo[enc] = from
			}
		}
	}
	for k := s; k < e; k++ {
		n := around(b, k)
		c := b[k]
		// A letter three times running, which no word has ("СССР" is an
		// abbreviation), is a drawn line ("───" in CP850 and CP866) read
		// in the wrong code page.
		triple := k-2 >= s && c == b[k-1] && c == b[k-2]
		for _, enc := range legacyEncodings {
			if k >= upTo[enc] {
				continue
			}
			class := &classTable[enc]
			if triple && class[c].has(classLetter) && (class[c].has(classLower) || k-3 >= s && c == b[k-3]) {
				score[enc] -= 20
				continue
			}
			if k >= capsEnd[enc] && class[c].has(classUpper) {
				capsEnd[enc] = capsWordEnd(class, b, k, e)
			}
			n.capsWord = k < capsEnd[enc]
			score[enc] += byteScore(enc, c, n)
			if k > s && class[b[k-1]].has(classLower) && class[c].has(classUpper) {
				// A small letter followed by a capital is rare in any
				// language, and it is what a word read in the wrong
				// Cyrillic code page looks like: KOI8-R and Windows-1251
				// put small and capital letters in each other's places
				// ("Кр" in Windows-1251 is "йП" in KOI8-R).
				score[enc] -= 20
			}
		}
	}
}

// capsWordEnd returns the end of the word of Cyrillic capitals, two or more,
// that starts at b[k], or k when none does. A heading or a name typed in
// capitals ("ЧЕМПИОНАТ СССР") is scored as if in small letters: capitals
// count less because they are rarer, and Windows-1251 capitals are KOI8-R
// small letters, so a word in capitals would otherwise make a Windows-1251
// file look like KOI8-R.
func capsWordEnd(class *[256]charClass, b []byte, k, e int) int {
	if k > 0 && b[k-1] >= 0x80 && class[b[k-1]].has(classCyrillic) {
		return k // inside a word that is not all capitals
	}
	j := k
	for j < e && class[b[j]].has(classCyrillic) && class[b[j]].has(classUpper) {
		j++
	}
	if j-k < 2 || j < e && class[b[j]].has(classCyrillic) {
		return k
	}
	return j
}

// around returns the bytes around b[k].
func around(b []byte, k int) neighbours {
	var n neighbours
	if k > 1 {
		n.prev2, n.prev = b[k-2], b[k-1]
	} else if k > 0 {
		n.prev = b[k-1]
	}
	if k+2 < len(b) {
		n.next, n.next2 = b[k+1], b[k+2]
	} else if k+1 < len(b) {
		n.next = b[k+1]
	}
	n.squares = n.betweenSquares()
	return n
}

// pieceToken looks, at the end of the run b[s:e] decoded with enc, for
// a piece of the Russian letter set written as a word of its own before a
// square: "Кf3", "Крe2", "Кр:g1", "Кра6" (with a look-alike file). It
// returns where the token starts and its score, or e when there is none.
// The whole word must be the piece: scoring letters one by one would let
// the П of "йПe2", which is "Крe2" read in the wrong code page, pass for a
// pawn before a square.
func pieceToken(enc Encoding, b []byte, s, e int) (from, score int) {
	table, class := &decodeTable[enc], &classTable[enc]
	w := e
	for w > s && class[b[w-1]].has(classCyrillic) {
		w--
	}
	if w == e {
		return e, 0
	}
	// A word that starts at the run's start must start after something
	// other than a Latin letter, unless that letter is the K of a king
	// typed in mixed scripts ("Kрe2").
	latinK := false
	if w == s && s > 0 && isASCIILetter(b[s-1]) {
		if b[s-1]|0x20 != 'k' || s > 1 && isASCIILetter(b[s-2]) || e-w != 1 || !isKingSecond(table[b[w]]) {
			return e, 0
		}
		latinK = true
	}
	var word [3]rune
	n := 0
	for k := w; k < e && n < len(word); k++ {
		word[n] = table[b[k]]
		n++
	}
	if e-w > len(word) {
		return e, 0
	}
	at := func(k int) byte {
		if k < len(b) {
			return b[k]
		}
		return 0
	}
	switch {
	case latinK:
		if targetAt(b, e) {
			return w, 30
		}
	case targetAt(b, e):
		if v := pieceWeight(word[:n]); v > 0 {
			return w, v
		}
	case n > 1 && (isLookAlikeFile(word[n-1]) || isCapitalLookAlikeFile(word[n-1])) && at(e) >= '1' && at(e) <= '8':
		if v := pieceWeight(word[:n-1]); v > 0 {
			return w, v + 20
		}
		// Letters run into a square with no piece among them ("йпе1",
		// Windows-1251's "КРЕ1" read as KOI8-R): no word of prose ends so,
		// and scored letter by letter they would outweigh the king the
		// right page reads there. They count for nothing.
		return w, 0
	case n == 1 && (word[0] == 'К' || word[0] == 'к') && (at(e)|0x20 == 'p' || at(e)|0x20 == 'r') && targetAt(b, e+1):
		return w, 30 // a king with a Latin second letter ("Кpe2")
	}
	return e, 0
}

// pieceWeight scores a word as a piece of the Russian letter set: 30 a
// letter for the forms NOTATION.md gives, half for the small and capital
// variants the replay also reads. The variants count less because a
// Windows-1251 л is KOI8-R's К: a KOI8-R "Кf3" must not tie with its
// Windows-1251 reading "лf3".
func pieceWeight(w []rune) int {
	switch len(w) {
	case 1:
		switch w[0] {
		case 'К', 'Ф', 'Л', 'С', 'п':
			return 30
		case 'к', 'ф', 'л', 'П':
			return 15
		}
	case 2:
		if w[0] == 'К' && w[1] == 'р' {
			return 60
		}
		if (w[0] == 'К' || w[0] == 'к') && isKingSecond(w[1]) {
			return 30
		}
	}
	return 0
}

func isKingSecond(r rune) bool { return r == 'р' || r == 'Р' }

func isLookAlikeFile(r rune) bool { return r == 'а' || r == 'с' || r == 'е' }

// isCapitalLookAlikeFile reports the Cyrillic capitals that look like the
// capital files A, B, C, E and H (the replay reads them so).
func isCapitalLookAlikeFile(r rune) bool {
	return r == 'А' || r == 'В' || r == 'С' || r == 'Е' || r == 'Н'
}

// targetAt reports whether a square or a capture starts at b[j], as after
// a piece letter: a file and a rank ("f3"), a file and a square ("bd7"), or
// a capture (":d1", "xd1", "e:"); or a square typed in capitals ("КG1-F3").
func targetAt(b []byte, j int) bool {
	if j >= len(b) {
		return false
	}
	c := b[j]
	if c == ':' {
		return true
	}
	if isCapitalFileByte(c) {
		return j+1 < len(b) && b[j+1] >= '1' && b[j+1] <= '8'
	}
	if c == 'x' {
		return j+2 < len(b) && isFileByte(b[j+1]) && b[j+2] >= '1' && b[j+2] <= '8' // "Кxe5"
	}
	if !isFileByte(c) || j+1 >= len(b) {
		return false
	}
	d := b[j+1]
	if isFileByte(d) {
		// Two files must be followed by a rank ("bd7"): a name such as
		// "Šahovic" is "Кahovic" in CP866.
		return j+2 < len(b) && b[j+2] >= '1' && b[j+2] <= '8'
	}
	return d >= '1' && d <= '8' || d == ':' || d == 'x'
}

// neighbours are the bytes around a scored byte.
type neighbours struct {
	prev2, prev, next, next2 byte
	squares                  bool // between two squares (see betweenSquares), worked out once for every code page
	capsWord                 bool // a letter of a word in capitals
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

// betweenSquares reports whether a character stands where long notation
// puts its dash: between two squares ("e2–e4", "Ng1–f3"). Word writes that
// dash as an en dash, 0x96 in Windows-1252 and Windows-1251 but û in CP850
// and Ц in CP866, and no letter stands there.
func (n neighbours) betweenSquares() bool {
	return n.prev >= '1' && n.prev <= '8' && isFileByte(n.prev2) && isFileByte(n.next) && n.next2 >= '1' && n.next2 <= '8'
}

// byteScore rates how plausible byte c is under enc, given its neighbours.
func byteScore(enc Encoding, c byte, n neighbours) int {
	r := decodeTable[enc][c]
	asciiLetterNear := isASCIILetter(n.prev) || isASCIILetter(n.next)
	highNear := n.prev >= 0x80 || n.next >= 0x80
	if c == 0xA0 && enc == Windows1252 && (n.prev == '.' || n.prev == ' ' || n.prev >= '0' && n.prev <= '9') {
		return 10 // a no-break space after a move number or between moves ("1.\xa0e4")
	}
	class := &classTable[enc]
	switch {
	case class[c].has(classBox):
		switch {
		case n.prev == c || n.next == c:
			return 4 // a line of a frame or a table: "══════", "────"
		case class[n.prev].has(classBox) || class[n.next].has(classBox):
			return 0 // a corner or a junction on a line
		}
	case class[c].has(classDash):
		switch {
		case r != '…' && (n.squares || isDigit(n.prev) && isDigit(n.next)):
			return 20 // "e2–e4", "1–0", "0–0", "36–38"
		case r == '…' && (isDigit(n.prev) || n.prev == '.'):
			return 10 // black's move after its number: "20…Qe7", which CP850 reads as "20àQe7"
		case r == '—' && isAlnum(n.prev) && isAlnum(n.next):
			return 10 // English sets the em dash without blanks: "move—which", where CP850 has "moveùwhich"
		}
	case n.squares && class[c].has(classLetter):
		return -20 // "e2ûe4"
	}
	if enc == Windows1252 || enc == CP850 {
		switch {
		case isFontGlyph(r):
			if n.figurineBefore() {
				return 12
			}
			return 0
		case isLatin1Letter(r):
			switch {
			case isASCIILower(n.prev) && class[c].has(classUpper) || class[c].has(classLower) && isASCIIUpper(n.next):
				return -8 // a small letter before a capital, as in scoreRun: "QueenÆs", "àQb6"
			case asciiLetterNear:
				return 8
			case highNear:
				return -4
			}
			return 2
		case r == '’':
			if asciiLetterNear {
				return 10 // "Queen’s", "d’Ivoire", which CP850 would read as "QueenÆs"
			}
			return 2
		case (r == '‘' || r == '“') && !isASCIILetter(n.prev) && !isDigit(n.prev) && isASCIILetter(n.next):
			// An opening quote: "‘stone wall’", which CP850 reads as
			// "æstone". Less than a letter, for æ starts Danish words
			// ("æder"); the closing quote, Æ after a small letter in
			// CP850, settles it.
			return 6
		case r == '‘' || r == '“' || r == '”' || r == '–' || r == '—' || r == '…' || r == '½' || r == '°' || r == '«' || r == '»' || r == '©' || r == '\u00a0':
			return 2
		case enc == Windows1252 && (r == utf8.RuneError || c < 0xA0 && r < 0x100):
			return -30 // unassigned or C1 control
		}
		return -8 // box drawing, symbols
	}
	if class[c].has(classRussian) {
		w := int(weightTable[enc][c].asWritten)
		if n.capsWord {
			w = int(weightTable[enc][c].small)
		}
		switch {
		case isLookAlikeFile(r) && n.squareAfter():
			return 20 // "а6", "Сb5 е4": a square in look-alike letters
		case isCapitalLookAlikeFile(r) && n.squareAfter():
			// "Е2-Е4", "А7": a square typed in capitals, which NOTATION.md
			// reads too. Windows-1251's Е is KOI8-R's small е: without
			// weight of its own the capital loses to it, a sheet in
			// capitals reads as the other page and its pieces ("Кg1",
			// KOI8-R's "йg1") are lost. Less than a small letter, which
			// is the commoner: "е4" alone stays the page that writes it
			// small.
			return 16
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

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isAlnum(c byte) bool { return isDigit(c) || isASCIILetter(c) }

func isASCIILower(c byte) bool { return c >= 'a' && c <= 'z' }

func isASCIIUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isFileByte(c byte) bool { return c >= 'a' && c <= 'h' }

func isCapitalFileByte(c byte) bool { return c >= 'A' && c <= 'H' }

func isLatin1Letter(r rune) bool {
	return r >= 0xC0 && r <= 0xFF && r != 0xD7 && r != 0xF7 || r == 'Š' || r == 'š' || r == 'Ž' || r == 'ž' || r == 'Œ' || r == 'œ' || r == 'Ÿ'
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

// legacyMap turns offsets in text decoded from a one-byte code page back
// into offsets in the bytes read, where each decoded high byte became two
// or three bytes of text. It keeps a mark every markEvery bytes read and
// finds an offset by decoding again from the mark before it: a mark per
// high byte cost eight bytes of map per byte of Cyrillic prose, 128 MiB
// for a chunk of it.
type legacyMap struct {
	raw      []byte // the piece as read; nil once it is parsed
	lens     *[256]uint8
	keepUTF8 bool
	marks    []legacyMark // the first unit at or after each multiple of markEvery
	cur      legacyMark   // the unit last found: offsets mostly go forward
}

// legacyMark is where a unit (an ASCII byte, a decoded high byte or a
// UTF-8 sequence kept) starts, in the input and in the text.
type legacyMark struct{ raw, text int32 }

// markEvery is how many bytes read a mark stands for: a few words of
// text to decode again at most, for a map of an eighth of the input.
const markEvery = 64

func (m *legacyMap) reset(raw []byte, enc Encoding, keepUTF8 bool) {
	m.raw, m.lens, m.keepUTF8 = raw, &decodeLen[enc], keepUTF8
	m.marks = m.marks[:0]
	m.cur = legacyMark{}
}

// unit returns the length in the input and in the text of the unit at
// input offset r.
func (m *legacyMap) unit(r int) (raw, text int) {
	c := m.raw[r]
	if c < 0x80 {
		return 1, 1
	}
	if m.keepUTF8 {
		if ru, size := utf8.DecodeRune(m.raw[r:]); ru != utf8.RuneError || size > 1 {
			return size, size
		}
	}
	return 1, int(m.lens[c])
}

// rawOffset returns the input offset (relative to the decoded piece's start)
// of text offset i; an offset inside a decoded character is that of its byte.
func (m *legacyMap) rawOffset(i int) int {
	at := m.cur
	if int(at.text) > i || i-int(at.text) > 4*markEvery {
		k, _ := slices.BinarySearchFunc(m.marks, int32(i), func(mk legacyMark, t int32) int { return cmp.Compare(mk.text, t+1) })
		if k == 0 {
			return i // before the first mark, which is at 0: nothing decoded
		}
		at = m.marks[k-1]
	}
	r, t := int(at.raw), int(at.text)
	for r < len(m.raw) {
		if m.raw[r] < 0x80 {
			// A run of ASCII bytes, one unit each, up to the target at
			// most.
			h := nextHighByte(m.raw[:min(len(m.raw), r+i-t+1)], r)
			r, t = h, t+h-r
			if t > i {
				r -= t - i
				m.cur = legacyMark{int32(r), int32(i)}
				return r
			}
			continue
		}
		nr, nt := m.unit(r)
		if t+nt > i {
			m.cur = legacyMark{int32(r), int32(t)}
			if nr == nt {
				return r + i - t
			}
			return r
		}
		r, t = r+nr, t+nt
	}
	m.cur = legacyMark{int32(r), int32(t)}
	return r + i - t
}

// decodeLen is the length in UTF-8 of every byte of a code page decoded,
// and decodeUTF8 those bytes (for the runes of two bytes, the Cyrillic
// letters and most others, which decodeLegacy copies from here).
var (
	decodeLen  [CP850 + 1][256]uint8
	decodeUTF8 [CP850 + 1][256][2]byte
)

func init() {
	for enc := range decodeTable {
		for b, r := range decodeTable[enc] {
			decodeLen[enc][b] = uint8(utf8.RuneLen(r))
			if utf8.RuneLen(r) == 2 {
				utf8.EncodeRune(decodeUTF8[enc][b][:], r)
			}
		}
	}
}

// decodeLegacy returns b decoded to UTF-8 in dst's storage, keeping valid
// UTF-8 sequences when keepUTF8 is set (files that mix UTF-8 with
// single-byte lines) and decoding every other high byte with enc; m maps
// the text back to b. dst is sized first, so that a long piece costs one
// allocation rather than the doublings of append and their garbage.
func decodeLegacy(dst, b []byte, enc Encoding, keepUTF8 bool, m *legacyMap) []byte {
	table, lens := &decodeTable[enc], &decodeLen[enc]
	dst = slices.Grow(dst[:0], decodedLen(b, enc))
	m.reset(b, enc, keepUTF8)
	m.marks = slices.Grow(m.marks, len(b)/markEvery+1)
	next := 0 // where the next mark is due
	for i := 0; i < len(b); {
		if h := nextHighByte(b, i); h > i {
			// A run of ASCII bytes, copied whole; each starts a unit, and
			// the marks due in the run stand where the bytewise loop put
			// them.
			for next < h {
				u := max(i, next)
				m.marks = append(m.marks, legacyMark{int32(u), int32(len(dst) + u - i)})
				next = u - u%markEvery + markEvery
			}
			dst = append(dst, b[i:h]...)
			i = h
			continue
		}
		if i >= next {
			m.marks = append(m.marks, legacyMark{int32(i), int32(len(dst))})
			next = i - i%markEvery + markEvery
		}
		c := b[i]
		if keepUTF8 {
			if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
				dst = append(dst, b[i:i+size]...)
				i += size
				continue
			}
		}
		if n := lens[c]; n == 2 {
			u := &decodeUTF8[enc][c]
			dst = append(dst, u[0], u[1])
		} else {
			dst = utf8.AppendRune(dst, table[c])
		}
		i++
	}
	return dst
}

// decodedLen is the length of b decoded with enc: exact, and an upper
// bound when UTF-8 is kept.
func decodedLen(b []byte, enc Encoding) int {
	lens := &decodeLen[enc]
	need := len(b)
	for i := nextHighByte(b, 0); i < len(b); i = nextHighByte(b, i+1) {
		need += int(lens[b[i]]) - 1 // an ASCII byte is one byte of UTF-8
	}
	return need
}

// utf8Stats counts the valid multi-byte sequences and the bytes that are not
// valid UTF-8.
func utf8Stats(b []byte) (multi, invalid int) {
	for i := 0; i < len(b); {
		if i = nextHighByte(b, i); i >= len(b) {
			break
		}
		if notUTF8Lead(b, i) {
			invalid++
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
