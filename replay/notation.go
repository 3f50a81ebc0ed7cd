package replay

import (
	"fmt"
	"strings"
)

// CastleMove says whether a move was written as castling, and to which side.
type CastleMove uint8

const (
	NoCastle    CastleMove = iota
	ShortCastle            // O-O
	LongCastle             // O-O-O
)

// Notation describes a move as written, read without a board. Resolving it
// to a legal move (which piece, whether it really captures) is the board's
// job; Notation keeps exactly what the text says.
type Notation struct {
	// Kind is the piece the text names: Pawn when a square is written with
	// no piece letter ("e4", "exd5", "dc"), NoKind for castling and null
	// moves, and NoKind too when the text names no piece but gives the
	// origin square ("e2e4", "g1-f3", "e4:d5", as in UCI, coordinate
	// notation and scores whose figurines were lost) or gives a capture mark
	// and no piece ("xd4"): then the piece is whatever stands there.
	Kind Kind
	// FromFile and FromRank (0 = a-file / first rank) are the origin as far
	// as written: disambiguation or a long-algebraic origin; -1 when absent.
	FromFile, FromRank int8
	// ToFile and ToRank are the destination. ToRank is -1 for Russian pawn
	// captures written by files only ("dc", "ef", "deФ").
	ToFile, ToRank int8
	// Capture is true when a capture mark (x, :, ×, Cyrillic х) was written.
	// A pawn changing file captures whether marked or not.
	Capture bool
	// Promotion is the piece promoted to, NoKind when none is written.
	Promotion Kind
	Castle    CastleMove
	// Null is a null move: "--", "Z0", "0000" or "@@@@".
	Null bool
	// Check and Mate are what the text claims, not what is true: '+' and
	// "++" set Check; '#' sets Mate, and so does a Russian mate x ("Фh7х").
	Check, Mate bool
	// Style records how the text departs from SAN.
	Style Style
}

// Style is a bit set of the ways a written move departs from PGN's SAN.
type Style uint32

const (
	StyleCastleZeros        Style = 1 << iota // 0-0 with zeros
	StyleCastleCyrillic                       // О-О with Cyrillic О
	StyleCastleLoose                          // OO, o-o: castling without dashes or in lowercase
	StylePromotionNoEquals                    // e8Q
	StylePromotionParens                      // e8(Q)
	StylePromotionSlash                       // e8/Q
	StyleLongAlgebraic                        // e2-e4, Ng1-f3, e4xd5: origin written in full with a dash, or a pawn's origin rank
	StyleUCI                                  // e2e4, e7e8q: two squares and nothing else
	StyleColonCapture                         // Сb5:c6
	StyleCaptureSign                          // ×, X or Cyrillic х as the capture mark
	StyleFileCapture                          // dc, ef: a pawn capture written by files only
	StyleMissingCaptureMark                   // cd4: a pawn changes file with no capture mark
	StyleNationalLetters                      // piece letters of a set other than English
	StyleFigurine                             // ♘f3
	StyleFontGlyph                            // ¤f3, Јd4: chess-font bytes read as text
	StyleCyrillicSquare                       // а4, е4, с5 with Cyrillic look-alikes
	StyleCapitalFile                          // E2-E4
	StyleOCRDamage                            // Ь for b, З for 3, б for 6, l for 1
	StyleMixedScript                          // Latin K, C, p for Cyrillic К, С, р in Russian (or the reverse)
	StyleLowercasePiece                       // nf3, e8=q
	StylePawnLetter                           // Pe4, пe4, ♙e4
	StyleEnPassantSuffix                      // exd6 e.p.
	StyleMateX                                // Фh7х: mate written as x
	StyleDoubleCheck                          // ++
	StyleUnicodeDash                          // e2–e4, 0—0: a dash other than '-'
	StyleSpaced                               // N f3, 0 - 0: a move written over several words
	StyleBareCapture                          // xd5: a capture mark with neither piece nor file
	StyleEnglishAmong                         // Nc6 in a game in Russian or German letters: SAN's letters mixed in
	StyleDashNoOrigin                         // Кр-е2, N-f3: a piece, a dash and the square, no origin

	numStyles = iota
)

var styleNames = [numStyles]string{
	"castling with zeros",
	"castling with Cyrillic О",
	"castling without dashes or in lowercase",
	"promotion without '='",
	"promotion in parentheses",
	"promotion after '/'",
	"long algebraic",
	"UCI coordinates",
	"capture written ':'",
	"capture written '×', 'X' or Cyrillic 'х'",
	"pawn capture by files",
	"pawn capture without capture mark",
	"national piece letters",
	"figurines",
	"chess-font glyphs",
	"Cyrillic letters in squares",
	"capital file letters",
	"OCR damage",
	"Latin and Cyrillic look-alikes mixed in piece letters",
	"lowercase piece letter",
	"explicit pawn letter",
	"e.p. suffix",
	"mate written as x",
	"'++'",
	"Unicode dash",
	"move written over several words",
	"capture without piece or file",
	"English piece letters mixed in",
	"dash with no origin square",
}

// Has reports whether s holds every bit of b.
func (s Style) Has(b Style) bool { return s&b == b }

// String lists the departures in words, comma-separated ("" for plain SAN).
func (s Style) String() string { return string(s.AppendText(nil)) }

// AppendText appends String's words to b, for a message built in one
// buffer.
func (s Style) AppendText(b []byte) []byte { return appendNames(b, uint64(s), styleNames[:]) }

// appendNames appends to b the names of the bits set in set, names[i]
// for bit i, comma-separated: a Style's or a Deviation's words.
func appendNames(b []byte, set uint64, names []string) []byte {
	first := true
	for i, name := range names {
		if set&(1<<i) != 0 {
			if !first {
				b = append(b, ", "...)
			}
			b, first = append(b, name...), false
		}
	}
	return b
}

// NotationError says why a token is not a move, and where in it.
type NotationError struct {
	Offset int    // byte offset in the token
	Msg    string // what is wrong
	// Illegal says that the text reads, but as a move the rules forbid
	// wherever it is played (a pawn promoting to a king or on the sixth
	// rank, capturing straight ahead): an illegal move, not unreadable text.
	// Two files apart ("ca1") is left unreadable: it is what OCR makes of
	// words ("cal"), more often than a pawn move anyone wrote.
	Illegal bool
}

func (e *NotationError) Error() string {
	return fmt.Sprintf("at byte %d: %s", e.Offset, e.Msg)
}

// ParseMove reads one move token (UTF-8, annotations like "!?" already cut)
// under the letter set set. It accepts SAN and the import forms real files
// carry: zeros or Cyrillic О in castling, promotions without '=' or in (),
// long algebraic, UCI, ':' captures, Russian notation, figurines, chess-font
// glyphs, Cyrillic look-alikes and capital letters in squares. It allocates
// nothing unless it fails.
func ParseMove(text []byte, set LetterSet) (n Notation, err error) {
	err = ParseMoveInto(&n, text, set)
	return n, err
}

// ParseMoveInto is ParseMove writing the notation into n, for replay loops.
// The notation is built field by field; a replay that then hands the same n
// to Resolve and the deviation checks by pointer never reads it back as a
// whole, which would stall the processor waiting for the small stores to
// land (copying a Notation just written costs about 5 ns a move).
func ParseMoveInto(n *Notation, text []byte, set LetterSet) error {
	if set < numLetterSets && parseSAN(text, set, n) {
		return nil
	}
	var err error
	*n, err = parseMoveSlow(text, set)
	return err
}

// parseMoveSlow is ParseMove past the fast path, kept apart so that the fast
// path pays nothing for the general reader's frame.
func parseMoveSlow(text []byte, set LetterSet) (Notation, error) {
	n, e := parseMove(text, set)
	if e.code != 0 {
		return Notation{}, e.notationError(text)
	}
	return n, nil
}

// ParseSmallBishop reads text, a move whose opening file c stands for a
// lowercase Cyrillic с, with that letter as the Russian bishop's С typed
// small ("сb5", as "кf3" is a knight's move). Which reading is meant only
// the board can tell: a lowercase letter is a file first, so a replay asks
// for this one where the file names no legal move. It reports false, n
// untouched, when the set has no such bishop or the text then names no
// bishop's move.
func ParseSmallBishop(n *Notation, text []byte, set LetterSet) bool {
	if len(text) == 0 || text[0] != 'c' || len(text) >= maxMoveBytes || !readsCyrillicPieces(set) {
		return false
	}
	var buf [maxMoveBytes + 1]byte
	b, e := parseMove(append(append(buf[:0], "С"...), text[1:]...), set)
	if e.code != 0 || b.Kind != Bishop {
		return false // "с4": С is a file there too
	}
	b.Style |= StyleLowercasePiece
	*n = b
	return true
}

// LikelySets reports which letter sets can read the token at all. A token
// without piece letters ("e4", "exd5") reads under every set.
func LikelySets(text []byte) LetterSetMask {
	if readsAlikeInEverySet(text) {
		if _, e := parseMove(text, SAN); e.code == 0 {
			return AllLetterSets
		}
		return 0
	}
	var m LetterSetMask
	for s := LetterSet(0); s < numLetterSets; s++ {
		if len(text) > 0 && cannotOpenMove(text[0], s) {
			continue
		}
		if _, e := parseMove(text, s); e.code == 0 {
			m |= s.Bit()
		}
	}
	return m
}

// PromotesToKing reports whether text reads under set as a pawn's move
// promoting to a king: a move no rule allows, which set's letters name
// ("a8=K" in English) and which only another set reads as a legal move
// (K is the knight in Russian).
func PromotesToKing(text []byte, set LetterSet) bool {
	_, e := parseMove(text, set)
	return e.code == errPromotionKind && e.kind == King
}

// readsAlikeInEverySet reports whether the token holds nothing a letter set
// could change: files, ranks, x, ':', '-', '+', '#' and castling O's or
// zeros, ending in a rank or an O (a trailing x is a Russian mate, and a
// trailing letter may be a UCI promotion).
func readsAlikeInEverySet(t []byte) bool {
	end := len(t)
	for end > 0 && (t[end-1] == '+' || t[end-1] == '#') {
		end--
	}
	if end == 0 {
		return false
	}
	if c := t[end-1]; !(c >= '1' && c <= '8' || c == 'O' || c == '0') {
		return false
	}
	for _, c := range t {
		switch {
		case c >= 'a' && c <= 'h', c >= '1' && c <= '8':
		case c == 'x', c == ':', c == '-', c == '+', c == '#', c == 'O', c == '0':
		default:
			return false
		}
	}
	return true
}

// cannotOpenMove reports whether a first byte rules the set out: an ASCII
// capital that is neither a piece letter of the set, nor a capital file,
// nor O (castling), X, or Z (the null move Z0).
func cannotOpenMove(c byte, s LetterSet) bool {
	return c >= 'I' && c <= 'Y' && c != 'O' && c != 'X' && latinKinds[s][c-'A'] == NoKind
}

func parseMove(text []byte, set LetterSet) (Notation, parseError) {
	if int(set) >= numLetterSets {
		return Notation{}, parseError{code: errBadSet, set: set}
	}
	var n Notation
	if parseSAN(text, set, &n) {
		return n, parseError{}
	}
	return parseAny(text, set)
}

// String writes the move SAN-like, in English letters, for messages: only
// what the text said, so "Ng1f3" keeps its origin and "dc" stays files-only.
func (n Notation) String() string {
	var b strings.Builder
	switch {
	case n.Null:
		b.WriteString("--")
	case n.Castle == ShortCastle:
		b.WriteString("O-O")
	case n.Castle == LongCastle:
		b.WriteString("O-O-O")
	default:
		coordinate := n.FromFile >= 0 && n.FromRank >= 0 && (n.Kind == NoKind || n.Kind == Pawn)
		// Without its letter a pawn with an origin rank, or capturing from
		// an unnamed file, would read back as an unnamed piece.
		pawnLetter := n.Kind == Pawn && (n.FromRank >= 0 || n.FromFile < 0 && n.Capture)
		if n.Kind > Pawn && n.Kind <= King || pawnLetter {
			b.WriteByte(n.Kind.Letter())
		}
		writeFile(&b, n.FromFile)
		writeRank(&b, n.FromRank)
		switch {
		case n.Capture:
			b.WriteByte('x')
		case coordinate:
			b.WriteByte('-')
		}
		writeFile(&b, n.ToFile)
		writeRank(&b, n.ToRank)
		if n.Promotion > Pawn && n.Promotion <= King {
			b.WriteByte('=')
			b.WriteByte(n.Promotion.Letter())
		}
	}
	switch {
	case n.Mate:
		b.WriteByte('#')
	case n.Check:
		b.WriteByte('+')
	}
	return b.String()
}

func writeFile(b *strings.Builder, f int8) {
	if f >= 0 && f < 8 {
		b.WriteByte(byte('a' + f))
	}
}

func writeRank(b *strings.Builder, r int8) {
	if r >= 0 && r < 8 {
		b.WriteByte(byte('1' + r))
	}
}
