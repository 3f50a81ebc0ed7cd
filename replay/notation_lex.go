package replay

import "unicode/utf8"

// A token longer than this is not a move: real forms such as "Кра6–а7+" or
// "♔e1-e2+" with a variation selector take under 20 bytes. glyph.off, a
// uint8, relies on the byte limit.
const (
	maxMoveBytes  = 64
	maxMoveGlyphs = 32
)

// Punctuation classes of a glyph. The ASCII marks = / ( ) + # . stand for
// themselves.
const (
	markCapture byte = 'x' // x X × : Cyrillic х
	markDash    byte = '-' // - and the Unicode dashes
	markCastle  byte = 'O' // O o 0 Cyrillic О о
)

// glyph is one written character of a move (two for the Russian king Кр),
// with every reading it could have; the grammar picks one by position.
type glyph struct {
	r       rune
	off     uint8 // byte offset in the token
	file    int8  // 0..7 when it reads as a file, else -1
	rank    int8  // 0..7 when it reads as a rank, else -1
	kind    Kind  // the piece when it reads as a piece letter, figurine or font glyph
	lowKind Kind  // a lowercase file letter's piece, read only in promotions (UCI "e7e8b")
	mark    byte  // punctuation class, 0 when none
	mateX   bool  // an x that, trailing in a Russian score, means mate

	sqStyle   Style // added when read as a file or rank
	kindStyle Style // added when read as a piece
	markStyle Style // added when read as punctuation
}

// readable reports whether the glyph has any reading at all.
func (g *glyph) readable() bool {
	return g.file >= 0 || g.rank >= 0 || g.kind != NoKind || g.lowKind != NoKind || g.mark != 0
}

// lexMove splits the token into glyphs. It fails only on invalid UTF-8 and on
// length; characters that cannot be part of a move become glyphs with no
// reading, so that the grammar can first look for null moves and the e.p.
// suffix and then report the leftmost unreadable one.
func lexMove(t []byte, set LetterSet, gs *[maxMoveGlyphs]glyph) (int, parseError) {
	if len(t) == 0 {
		return 0, parseError{code: errEmpty}
	}
	if len(t) > maxMoveBytes {
		return 0, parseError{code: errTooLong}
	}
	n := 0
	for i := 0; i < len(t); {
		r, size := decodeRune(t[i:])
		if r == utf8.RuneError && size == 1 {
			return 0, parseError{code: errBadUTF8, off: i, r: rune(t[i])}
		}
		if r == '\uFE0E' || r == '\uFE0F' {
			// Variation selectors follow figurines pasted from the web ("♞️").
			i += size
			continue
		}
		if n == maxMoveGlyphs {
			return 0, parseError{code: errTooLong}
		}
		g := &gs[n]
		*g = glyph{r: r, off: uint8(i), file: -1, rank: -1}
		if hasTwoLetterKing(set) && isKingFirst(r, set) && i+size < len(t) {
			if r2, size2 := decodeRune(t[i+size:]); isKingSecond(r2) {
				g.kind = King
				g.kindStyle = twoLetterKingStyle(r, r2, set)
				size += size2
			}
		}
		if g.kind == NoKind {
			classify(g, r, set)
		}
		i += size
		n++
	}
	return n, parseError{}
}

func decodeRune(t []byte) (rune, int) {
	if t[0] < utf8.RuneSelf {
		return rune(t[0]), 1
	}
	return utf8.DecodeRune(t)
}

// classify fills in the readings of a single character.
func classify(g *glyph, r rune, set LetterSet) {
	switch {
	case r >= '1' && r <= '8':
		g.rank = int8(r - '1')
	case r >= 'a' && r <= 'z':
		classifyLowerLatin(g, r, set)
	case r >= 'A' && r <= 'Z':
		classifyUpperLatin(g, r, set)
	case r < utf8.RuneSelf:
		classifyASCIIMark(g, r)
	case classifyFontGlyph(g, r):
	case r >= 0x400 && r <= 0x4FF:
		classifyCyrillic(g, r, set)
	default:
		classifyOther(g, r)
	}
}

func classifyLowerLatin(g *glyph, r rune, set LetterSet) {
	switch r {
	case 'o':
		g.mark, g.markStyle = markCastle, StyleCastleLoose
		return
	case 'x':
		g.mark, g.mateX = markCapture, true
		return
	}
	k := latinKinds[set][r-'a']
	style := latinLetterStyle[set] | StyleLowercasePiece
	if r <= 'h' {
		// A lowercase file letter is never a piece at the start ("bxc3" is
		// a pawn), but after the destination it can only be a promotion.
		g.file = int8(r - 'a')
		if k >= Knight && k <= Queen {
			g.lowKind, g.kindStyle = k, style
		}
		return
	}
	if r == 'l' {
		g.rank, g.sqStyle = 0, StyleOCRDamage // "Лfel" for Лfe1
	}
	if k != NoKind {
		g.kind, g.kindStyle = k, style
	}
}

func classifyUpperLatin(g *glyph, r rune, set LetterSet) {
	switch r {
	case 'O':
		g.mark = markCastle
		return
	case 'X':
		g.mark, g.mateX, g.markStyle = markCapture, true, StyleCaptureSign
		return
	}
	if k := latinKinds[set][r-'A']; k != NoKind {
		g.kind, g.kindStyle = k, latinLetterStyle[set]
	}
	if r <= 'H' {
		g.file, g.sqStyle = int8(r-'A'), StyleCapitalFile
	}
}

func classifyASCIIMark(g *glyph, r rune) {
	switch r {
	case '0':
		g.mark, g.markStyle = markCastle, StyleCastleZeros
	case ':':
		g.mark, g.markStyle = markCapture, StyleColonCapture
	case '-':
		g.mark = markDash
	case '=', '/', '(', ')', '+', '#', '.':
		g.mark = byte(r)
	}
}

// Cyrillic letters: look-alikes of file letters and of O, OCR confusions, the
// Cyrillic х as capture or mate sign, and the Russian piece letters.
func classifyCyrillic(g *glyph, r rune, set LetterSet) {
	const cyr = StyleCyrillicSquare
	switch r {
	case 'а':
		g.file, g.sqStyle = 0, cyr
	case 'с':
		g.file, g.sqStyle = 2, cyr
	case 'е':
		g.file, g.sqStyle = 4, cyr
	case 'А':
		g.file, g.sqStyle = 0, cyr|StyleCapitalFile
	case 'В':
		g.file, g.sqStyle = 1, cyr|StyleCapitalFile
	case 'С':
		g.file, g.sqStyle = 2, cyr|StyleCapitalFile
	case 'Е':
		g.file, g.sqStyle = 4, cyr|StyleCapitalFile
	case 'Н':
		g.file, g.sqStyle = 7, cyr|StyleCapitalFile
	case 'Ь', 'ь':
		g.file, g.sqStyle = 1, StyleOCRDamage
	case 'З', 'з':
		g.rank, g.sqStyle = 2, StyleOCRDamage
	case 'б':
		g.rank, g.sqStyle = 5, StyleOCRDamage
	case 'О', 'о':
		g.mark, g.markStyle = markCastle, StyleCastleCyrillic
	case 'х', 'Х':
		g.mark, g.mateX, g.markStyle = markCapture, true, StyleCaptureSign
	}
	if !readsCyrillicPieces(set) {
		return
	}
	k, style := NoKind, StyleNationalLetters
	switch r {
	case 'К':
		k = Knight
	case 'к':
		k, style = Knight, style|StyleLowercasePiece
	case 'Ф':
		k = Queen
	case 'ф':
		k, style = Queen, style|StyleLowercasePiece
	case 'Л':
		k = Rook
	case 'л':
		k, style = Rook, style|StyleLowercasePiece
	case 'С':
		k = Bishop // also the capital file c, as set above
	case 'П', 'п':
		k = Pawn
	}
	if k != NoKind {
		g.kind, g.kindStyle = k, style
	}
}

// classifyOther reads figurines, × and Unicode dashes.
func classifyOther(g *glyph, r rune) {
	if r >= '♔' && r <= '♟' {
		g.kind, g.kindStyle = figurineKinds[(r-'♔')%6], StyleFigurine
		return
	}
	switch r {
	case '×':
		g.mark, g.markStyle = markCapture, StyleCaptureSign
		return
	case '‐', '‑', '‒', '–', '—', '―', '−', '﹘', '﹣', '－': // as parser's isDashRune
		g.mark, g.markStyle = markDash, StyleUnicodeDash
		return
	}
}

// classifyFontGlyph reads the chess-font faces and reports whether r was one.
// ChessBase figurine fonts put K Q N B R P on the bytes A2..A7; decoded as
// Latin-1 or Windows-1252 they are ¢ £ ¤ ¥ ¦ §, as Windows-1251 ў Ј ¤ Ґ ¦ §
// (Ў, its capital, turns up too).
func classifyFontGlyph(g *glyph, r rune) bool {
	k := NoKind
	switch r {
	case '¢', 'ў', 'Ў':
		k = King
	case '£', 'Ј':
		k = Queen
	case '¤':
		k = Knight
	case '¥', 'Ґ':
		k = Bishop
	case '¦':
		k = Rook
	case '§':
		k = Pawn
	default:
		return false
	}
	g.kind, g.kindStyle = k, StyleFontGlyph
	return true
}

// Figurines run ♔♕♖♗♘♙ (white) then ♚♛♜♝♞♟ (black).
var figurineKinds = [6]Kind{King, Queen, Rook, Bishop, Knight, Pawn}

// isKingFirst reports whether r can open the two-letter Russian king.
func isKingFirst(r rune, set LetterSet) bool {
	switch r {
	case 'K', 'k':
		return true
	case 'К', 'к':
		return readsCyrillicPieces(set)
	}
	return false
}

// isKingSecond reports whether r can close it: р (Cyrillic er), or the Latin
// p and r of transliterations and look-alikes.
func isKingSecond(r rune) bool {
	switch r {
	case 'р', 'Р', 'p', 'P', 'r', 'R':
		return true
	}
	return false
}

func twoLetterKingStyle(first, second rune, set LetterSet) Style {
	st := StyleNationalLetters
	if first == 'k' || first == 'к' {
		st |= StyleLowercasePiece
	}
	latinFirst := first < utf8.RuneSelf
	latinSecond := second < utf8.RuneSelf
	if set == Russian && (latinFirst || latinSecond) || set == RussianLatin && !latinSecond {
		st |= StyleMixedScript
	}
	return st
}
