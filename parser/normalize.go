package parser

import (
	"bytes"
	"unicode/utf8"
)

// Normalisation works on characters only, never on chess: it folds what
// looks alike (Cyrillic а/с/е/х in squares, capital files, dashes, zeros and
// Cyrillic О in castling, OCR's З and б for 3 and 6 after a file), cuts
// annotation glyphs into NAGs and drops the spaces of a move written over
// several words. Which letter means which piece is left to the replay. What
// it folded is kept as the move's Folds: Norm hides it from the replay, and
// the rules must still report every form that is not SAN.

// plainSAN marks the bytes a move token can be made of when it needs no
// normalisation at all (the common case in PGN files).
var plainSAN = func() (t [256]bool) {
	for _, c := range "abcdefgh12345678KQRBNOx+#" {
		t[c] = true
	}
	return t
}()

// normalize returns the normalised form of the move word w (valid until the
// next call), whether it equals w, what kind of word it is, the NAGs of its
// annotation glyphs in written order, the scripts of its piece letters and
// the folds that made the normalised form (0 for plain SAN).
func (p *Parser) normalize(w []byte) (norm []byte, same bool, kind wordKind, nags [2]uint8, sc Scripts, folds Folds) {
	if len(w) > 0 && w[0] >= 0x80 && cyrillicPair(w) {
		return w, false, kindProse, nags, 0, 0
	}
	return p.normalizeWord(w)
}

// normalizeWord is normalize without its test for prose.
func (p *Parser) normalizeWord(w []byte) (norm []byte, same bool, kind wordKind, nags [2]uint8, sc Scripts, folds Folds) {
	plain := len(w) <= 16
	for i, c := range w {
		// A capital B before a rank is SAN's bishop ("B1e2") or a capital
		// file ("BB5", "NB5", "B4" on a sheet typed in capitals): the
		// folds below tell which.
		if !plainSAN[c] || c == 'B' && i+1 < len(w) && w[i+1] >= '1' && w[i+1] <= '8' {
			plain = false
			break
		}
	}
	if plain {
		kind, sc = moveKind(w)
		return w, true, kind, nags, sc, 0
	}
	out := p.norm[:0]
	rest := w
	if n, long, f, ok := castlePrefix(w); ok {
		out = append(out, "O-O"...)
		if long {
			out = append(out, "-O"...)
		}
		rest = w[n:]
		folds |= f
	}
	pair := capitalFilePair(rest)
	for k := 0; k < len(rest); {
		r, size := utf8.DecodeRune(rest[k:])
		k += size
		switch {
		case r < 0x80 && r != ' ' && r != '\t' && (r < 'A' || r > 'H') && r != 'X':
			out = append(out, byte(r))
		case r == ' ' || r == '\t' || r == '\u00a0' || r == '\u00ad':
			// the blanks of a move spread over words ("N f3", "e2 - e4") and
			// a soft hyphen pasted from a web page ("\u00ade4")
			folds |= FoldSpaced
		case r == '…':
		case isDashRune(r):
			out = append(out, '-')
			folds |= FoldDash // ASCII '-' is the first case
		case r == '×' || r == 'х' || r == 'X' || r == 'Х':
			if r == '×' || !mateX(out, rest[k:]) {
				// A Cyrillic х or a capital X or Х after the destination is
				// the Russian mate sign ("Фh7х"), which the replay names
				// from the x; elsewhere X and Х are a capture typed in
				// capitals ("NXD5", "Е4ХD5" in the Russian layout).
				folds |= FoldCaptureSign
			}
			out = append(out, 'x')
		case r == 'а':
			out = append(out, 'a')
			folds |= FoldCyrillicSquare
		case r == 'с' && len(out) == 0:
			out = append(out, 'c')
			folds |= FoldLeadingC
		case r == 'с':
			out = append(out, 'c')
			folds |= FoldCyrillicSquare
		case r == 'е':
			out = append(out, 'e')
			folds |= FoldCyrillicSquare
		case r == 'һ':
			out = append(out, 'h')
			folds |= FoldCyrillicSquare
		case r == 'Ь':
			out = append(out, 'b')
			folds |= FoldOCR
		case r == 'З' && endsWithFile(out):
			out = append(out, '3')
			folds |= FoldOCR
		case r == 'б' && endsWithFile(out):
			out = append(out, '6')
			folds |= FoldOCR
		case r >= 'A' && r <= 'H':
			// A capital file before its rank ("E2-E4", "КF3"), unless a
			// square follows the digit ("B1e2" is a bishop), or a capture
			// of a lowercase square does and the letter, opening the word,
			// is a piece in some language ("B1xe2": A, B, C, D, F).
			if pair || pieceFile(byte(r), out, rest[k:]) || upperFile(out, rest[k:]) && !(len(out) == 0 && pieceCapital(byte(r)) && capturesSquare(rest[k+1:])) {
				r += 'a' - 'A'
				folds |= FoldCapitalFile
			}
			out = append(out, byte(r))
		case cyrillicFileOf(r) != 0 && cyrillicFile(r, out, rest[k:]):
			// A Cyrillic capital look-alike of A, B, C, E or H standing as
			// a file ("Е2-Е4"); other capitals are piece letters.
			out = append(out, cyrillicFileOf(r))
			folds |= FoldCapitalFile | FoldCyrillicSquare
		default:
			out = utf8.AppendRune(out, r)
		}
	}
	if len(out) > 1 && out[len(out)-1] == 'l' && endsWithFile(out[:len(out)-1]) {
		out[len(out)-1] = '1' // OCR: "Лfel"
		folds |= FoldOCR
	}
	var cut [4]uint8
	nc := 0
	for nc < len(cut) {
		v, size := annotationSuffix(out)
		if size == 0 {
			break
		}
		cut[nc] = v
		nc++
		out = out[:len(out)-size]
	}
	for k := nc - 1; k >= 0 && nc-1-k < 2; k-- {
		nags[nc-1-k] = cut[k]
	}
	p.norm = out
	switch {
	case len(out) == 0 && nc > 0:
		kind = kindAnnotation
	case string(out) == "e.p." || string(out) == "ep":
		kind = kindIgnore
	default:
		kind, sc = moveKind(out)
		if kind == kindProse && folds&FoldLeadingC != 0 {
			kind, sc = smallBishopKind(out)
		}
	}
	return out, bytes.Equal(out, w), kind, nags, sc, folds
}

// smallBishopKind is moveKind for out, whose opening c was a lowercase
// Cyrillic с, read with that letter as the bishop's С typed small: a word
// only a piece can make ("сf1-b5", "сfd7") is a move, which the replay reads
// as the bishop's (FoldLeadingC).
func smallBishopKind(out []byte) (wordKind, Scripts) {
	var buf [26]byte
	if len(out) == 0 || out[0] != 'c' || len(out) > len(buf)-2 {
		return kindProse, 0
	}
	if kind, sc := moveKind(append(append(buf[:0], "С"...), out[1:]...)); kind == kindMove {
		return kind, sc
	}
	return kindProse, 0
}

// pieceCapital reports the capitals A-H that name a piece in some letter
// set: A (Spanish, Italian bishop), B, C (Russian in Latin letters, French
// knight), D (German queen), F (French bishop, Russian queen in Latin).
func pieceCapital(c byte) bool { return c == 'A' || c == 'B' || c == 'C' || c == 'D' || c == 'F' }

// capturesSquare reports whether b starts with a capture sign and a
// lowercase square with no promotion after it: "xe2", ":e2", "×e2" (a
// piece's capture), but not "xa8(Q)", "xa8=Q" or "xa8Q" (a pawn's).
func capturesSquare(b []byte) bool {
	r, size := utf8.DecodeRune(b)
	if r != 'x' && r != ':' && r != '×' && r != 'х' && r != 'X' && r != 'Х' {
		return false
	}
	f, fsize := utf8.DecodeRune(b[size:])
	if !isFileRune(f) {
		return false
	}
	rest := b[size+fsize:]
	if len(rest) > 0 && (rest[0] == '1' || rest[0] == '8') && len(rest) > 1 {
		switch next, _ := utf8.DecodeRune(rest[1:]); {
		case next == '=' || next == '(' || next == '/' || isPieceRune(next) && next != 'x' && next != 'X':
			return false // a promotion
		}
	}
	return true
}

// capitalFilePair reports whether w is a pawn capture by files typed in
// capitals ("DC", "E:D", "EXD", "DEФ+", "4. С:C6 DC" on a sheet typed with
// caps lock on): two neighbouring capital files, a capture sign between them
// or none, and after them no rank, file or further capital file, which would
// make them a piece and a square or prose.
func capitalFilePair(w []byte) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'H' {
		return false
	}
	i := 1
	if r, size := utf8.DecodeRune(w[i:]); r == ':' || r == 'x' || r == 'X' || r == 'х' || r == 'Х' {
		i += size
	}
	if i == len(w) || w[i] < 'A' || w[i] > 'H' || !adjacentFiles(w[0], w[i]) {
		return false
	}
	for _, c := range w[i+1:] {
		if c >= '1' && c <= '8' || c >= 'a' && c <= 'h' || c >= 'A' && c <= 'H' {
			return false
		}
	}
	return true
}

func endsWithFile(out []byte) bool {
	return len(out) > 0 && out[len(out)-1] >= 'a' && out[len(out)-1] <= 'h'
}

// upperFile decides whether a capital A-H is a file: a rank digit follows
// it, not followed by another square, and it starts the word, follows a
// separator or follows the piece letter that opens the word: a scoresheet
// typed in capitals writes the knight's move "КF3" or "КG1-F3", which a
// reader takes as Кf3, as surely as "E2-E4".
func upperFile(out, next []byte) bool {
	if len(next) == 0 || next[0] < '1' || next[0] > '8' {
		return false
	}
	if len(next) > 1 && next[1] >= 'a' && next[1] <= 'h' {
		return false
	}
	if len(out) == 0 {
		return true
	}
	switch out[len(out)-1] {
	case '-', ':', 'x':
		return true
	}
	return pieceLead(out) || endsWithFile(out) && pieceLead(out[:len(out)-1])
}

// pieceFile reports whether the capital c, after the piece letter out and
// before the capital square next, is the file that tells two pieces apart
// ("ЛHD1", "КBD7"): never the destination's own file ("КFF3").
func pieceFile(c byte, out, next []byte) bool {
	return len(next) == 2 && next[0] >= 'A' && next[0] <= 'H' && next[0] != c && isRankByte(next[1]) && pieceLead(out)
}

// pieceLead reports whether out, the start of a move, is a piece letter and
// nothing else: a Latin capital some letter set names a piece with, a
// Russian К Ф Л С, the Russian king Кр in any case or script (isKingPair),
// a figurine or a font glyph.
func pieceLead(out []byte) bool {
	r, size := utf8.DecodeRune(out)
	if size == 0 {
		return false
	}
	if size < len(out) {
		r2, size2 := utf8.DecodeRune(out[size:])
		return size+size2 == len(out) && isKingPair(r, r2)
	}
	switch {
	case r < 0x80:
		return bytes.IndexByte([]byte("KQRBNPDTLSFCAHWGJV"), byte(r)) >= 0
	case r == 'К' || r == 'Ф' || r == 'Л' || r == 'С':
		return true
	}
	return r >= '♔' && r <= '♟' || isFontGlyph(r)
}

// isKingPair reports whether r1 r2 is the Russian king: К (or the Latin K
// of transliterations) and р, typed as Cyrillic or Latin, in either case
// ("Кр", "КР", "Kp", "Kr"; all capitals on sheets typed with caps lock on,
// all small letters on sheets typed without the shift key: "кр").
func isKingPair(r1, r2 rune) bool {
	if r1 != 'К' && r1 != 'K' && r1 != 'к' {
		return false
	}
	switch r2 {
	case 'р', 'Р', 'p', 'P', 'r', 'R':
		return true
	}
	return false
}

// cyrillicFileOf returns the file a Cyrillic capital looks like (А, В, С,
// Е, Н for A, B, C, E, H), or 0.
func cyrillicFileOf(r rune) byte {
	switch r {
	case 'А':
		return 'a'
	case 'В':
		return 'b'
	case 'С':
		return 'c'
	case 'Е':
		return 'e'
	case 'Н':
		return 'h'
	}
	return 0
}

// cyrillicFile decides whether the Cyrillic capital r (see cyrillicFileOf)
// is a file: as upperFile, a rank digit follows it, with no square after the
// digit ("С1е3" is a bishop) and at the start or after a separator. С is
// also the Russian bishop, whose origin rank may come before a capture
// ("С1:e3"): a capture of a lowercase square after "С1" keeps it a bishop.
func cyrillicFile(r rune, out, next []byte) bool {
	if !upperFile(out, next) {
		return false
	}
	if len(next) < 2 {
		return true
	}
	after, size := utf8.DecodeRune(next[1:])
	if isFileRune(after) {
		return false // "С1е3", "В2с4": a piece, not a file
	}
	if r != 'С' || (after != ':' && after != 'x' && after != 'х' && after != '×') {
		return true
	}
	sq, _ := utf8.DecodeRune(next[1+size:])
	return !isFileRune(sq)
}

// mateX reports whether an x at this place, after out and before next, is a
// Russian mate sign: it follows a rank or a whole move that ends otherwise
// (castling "0-0-0х", a promotion "e8Фх", a pawn capture by files "fgх",
// "deФх"), and only check or annotation signs come after it.
func mateX(out, next []byte) bool {
	if len(out) == 0 {
		return false
	}
	if !isRankByte(out[len(out)-1]) {
		if k, _ := moveKind(out); k == kindProse {
			return false
		}
	}
	for _, c := range next {
		switch c {
		case '+', '#', '!', '?':
		default:
			return false
		}
	}
	return true
}

// castlePrefix recognises castling written with zeros, Latin or Cyrillic O
// and any dash at the start of w: it returns the bytes it spans and how they
// depart from "O-O" (f is 0 for "O-O" and "O-O-O").
func castlePrefix(w []byte) (n int, long bool, f Folds, ok bool) {
	k := 0
	next := func() rune {
		for k < len(w) {
			r, size := utf8.DecodeRune(w[k:])
			k += size
			if r != ' ' && r != '\t' && r != '\u00a0' {
				return r
			}
			f |= FoldSpaced // "0 - 0", joined by join
		}
		return 0
	}
	if !castleO(next(), &f) || !castleDash(next(), &f) || !castleO(next(), &f) {
		return 0, false, 0, false
	}
	n = k
	short := f
	if castleDash(next(), &f) && castleO(next(), &f) {
		return k, true, f, true
	}
	return n, false, short, true
}

// castleO reports whether r is an O of castling, adding its fold to f.
func castleO(r rune, f *Folds) bool {
	switch r {
	case 'O':
	case '0':
		*f |= FoldCastleZeros
	case 'o':
		*f |= FoldCastleLower
	case 'О', 'о':
		*f |= FoldCastleCyrillic
	default:
		return false
	}
	return true
}

// castleDash reports whether r is a dash of castling, adding its fold to f.
func castleDash(r rune, f *Folds) bool {
	if r != '-' && isDashRune(r) {
		*f |= FoldDash
	}
	return isDashRune(r)
}

// annotations lists the glyph suffixes cut from moves, longest first, with
// their NAGs.
var annotations = []struct {
	glyph string
	nag   uint8
}{
	{"+/-", 16}, {"-/+", 17}, {"+/=", 14}, {"=/+", 15},
	{"!!", 3}, {"??", 4}, {"!?", 5}, {"?!", 6},
	{"+=", 14}, {"=+", 15}, {"+-", 18}, {"-+", 19},
	{"!", 1}, {"?", 2}, {"‼", 3}, {"⁇", 4}, {"⁉", 5}, {"⁈", 6},
	{"□", 7}, {"∞", 13}, {"⩲", 14}, {"⩱", 15}, {"±", 16}, {"∓", 17},
	{"=", 10},
}

// cyrillicPair says that w, a word opening with a byte >= 0x80, holds two
// Cyrillic letters side by side that normalize keeps as they are (no
// look-alike of a file, rank, capture sign or castling O: see hardCyrillic)
// and that are no king's pair ("Кр"). Such a word is prose: normalize
// copies both letters to its form next to each other, and moveKind takes
// letters other than ASCII only as a piece at the start (two with a king's
// pair), a promoted piece after an ASCII byte, and no letter after either
// (suffixOK reads ASCII marks and daggers). Words of Russian prose ("игра",
// "для") so skip normalize's folding and annotation search.
func cyrillicPair(w []byte) bool {
	prev := rune(0)
	for i := 0; i < len(w); {
		c := w[i]
		if c < 0x80 {
			prev = 0
			i++
			continue
		}
		var r rune
		if c >= 0xD0 && c <= 0xD3 && i+1 < len(w) && w[i+1]&0xC0 == 0x80 {
			r = rune(c&0x1F)<<6 | rune(w[i+1]&0x3F) // Cyrillic, as utf8.DecodeRune has it
			i += 2
		} else {
			var size int
			r, size = utf8.DecodeRune(w[i:])
			i += size
		}
		if !hardCyrillic(r) {
			prev = 0
			continue
		}
		if prev != 0 && !isKingPair(prev, r) {
			return true
		}
		prev = r
	}
	return false
}

// hardCyrillic reports a Cyrillic letter that normalize copies to the
// normalised form unchanged wherever it stands: none of the look-alikes it
// folds (а с е һ Ь З б х Х, the capitals of cyrillicFileOf) or castlePrefix
// reads (О о).
func hardCyrillic(r rune) bool {
	if r < 0x400 || r > 0x4FF {
		return false
	}
	switch r {
	case 'а', 'с', 'е', 'һ', 'Ь', 'З', 'б', 'х', 'Х', 'О', 'о':
		return false
	}
	return cyrillicFileOf(r) == 0
}

// annotationEnd marks the bytes an annotation glyph ends with: annotationSuffix
// looks further only after one of them.
var annotationEnd = func() (t [256]bool) {
	for _, a := range annotations {
		t[a.glyph[len(a.glyph)-1]] = true
	}
	return t
}()

// annotationSuffix returns the NAG and length of the annotation glyph that
// ends out, or size 0.
func annotationSuffix(out []byte) (uint8, int) {
	if len(out) == 0 || !annotationEnd[out[len(out)-1]] {
		return 0, 0
	}
	for _, a := range annotations {
		if !bytes.HasSuffix(out, []byte(a.glyph)) {
			continue
		}
		if a.glyph == "=" && len(out) > 1 && !isEqualSignOK(out[len(out)-2]) {
			continue
		}
		return a.nag, len(a.glyph)
	}
	return 0, 0
}

// isEqualSignOK says whether "=" after c is an evaluation (after a square,
// castling or a check sign) rather than part of a promotion.
func isEqualSignOK(c byte) bool {
	return c >= '1' && c <= '8' || c == 'O' || c == '+' || c == '#' || c == '!' || c == '?'
}

// moveKind tells whether b (normalised) has the shape of a move in some
// notation: [piece][from file][from rank][separator]square[promotion][suffix],
// castling, a drop, a null move, or a pawn capture by files ("ed", "deФ").
func moveKind(b []byte) (wordKind, Scripts) {
	n := len(b)
	if n == 0 || n > 24 {
		return kindProse, 0
	}
	switch b[0] {
	case '-', 'Z', '0', '@':
		switch string(b) {
		case "--", "Z0", "0000", "@@@@":
			return kindMove, 0
		}
	}
	if b[0] == 'O' && bytes.HasPrefix(b, []byte("O-O")) {
		i := 3
		if bytes.HasPrefix(b[3:], []byte("-O")) {
			i = 5
		}
		if suffixOK(b[i:]) || sChessGating(b[i:]) {
			return kindMove, 0
		}
		return kindProse, 0
	}
	var sc Scripts
	i := 0
	piece := false
	if r, size := utf8.DecodeRune(b); isPieceRune(r) || isSmallRussianPiece(r) {
		sc |= scriptOf(r)
		i += size
		piece = true
		if (r == 'K' || r == 'К' || r == 'к') && i < n {
			if r2, size2 := utf8.DecodeRune(b[i:]); isKingPair(r, r2) {
				i += size2
			}
		}
	}
	if i < n && b[i] == '@' { // a drop: "N@f3"
		i++
		if i+1 < n && isFileByte(b[i]) && isRankByte(b[i+1]) && suffixOK(b[i+2:]) {
			return kindMove, sc
		}
		return kindProse, 0
	}
	fromFile := i < n && isFileByte(b[i])
	if fromFile {
		i++
	}
	fromRank := i < n && isRankByte(b[i])
	if fromRank {
		i++
	}
	sep := i < n && (b[i] == '-' || b[i] == ':' || b[i] == 'x')
	if sep {
		i++
	}
	kind := kindMove
	switch {
	case i+1 < n && isFileByte(b[i]) && isRankByte(b[i+1]):
		i += 2
	case fromFile && fromRank && (!sep || b[i-1] == 'x'):
		// The square read as a from-square is the destination; an x after it
		// is a Russian mate sign, left to the suffix.
		if sep {
			i--
		}
	case fromFile && !fromRank && !piece && i < n && isFileByte(b[i]) && adjacentFiles(b[i-1-boolInt(sep)], b[i]):
		kind = kindFilePair
		i++
		if !sep && i < n && b[i] == ':' {
			// The capture mark after the files ("dc:", "dc:+"), and the
			// piece promoted to after it, as "deФ" has it without the
			// colon: "de:Ф". A second colon or any other letter there
			// is no move.
			i++
			if i < n {
				if r, size := utf8.DecodeRune(b[i:]); isPieceRune(r) {
					sc |= scriptOf(r)
					i += size
				}
			}
			if suffixOK(b[i:]) {
				return kind, sc
			}
			return kindProse, 0
		}
	default:
		return kindProse, 0
	}
	if i < n {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case (r == '=' || r == '/') && i+1 < n:
			if r2, size2 := utf8.DecodeRune(b[i+1:]); isPieceRune(r2) {
				sc |= scriptOf(r2)
				i += 1 + size2
			}
		case r == '(' && i+1 < n:
			if r2, size2 := utf8.DecodeRune(b[i+1:]); isPieceRune(r2) && i+1+size2 < n && b[i+1+size2] == ')' {
				sc |= scriptOf(r2)
				i += 2 + size2
			}
		case isPieceRune(r):
			sc |= scriptOf(r)
			i += size
		case kind == kindMove && fromFile && fromRank && !piece && bytes.IndexByte([]byte("qrbnk"), b[i]) >= 0:
			i++ // UCI promotion: "e7e8q"
		}
	}
	if !suffixOK(b[i:]) {
		return kindProse, 0
	}
	return kind, sc
}

// isSmallRussianPiece reports the Russian piece letters written small
// ("кf3", "фd1", "лe1", and к opening "крe2"), which the replay reads as
// those pieces. С is left out: its small с is the look-alike of the file c,
// and a bishop's only where the board says so (FoldLeadingC).
func isSmallRussianPiece(r rune) bool { return r == 'к' || r == 'ф' || r == 'л' }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func isRankByte(c byte) bool { return c >= '1' && c <= '8' }

func adjacentFiles(a, b byte) bool { return a+1 == b || b+1 == a }

// suffixOK reports whether b is made only of check, mate and en-passant
// marks ("+", "++", "#", "‡", a Russian mate "x", "e.p.").
// sChessGating reports whether b, after castling, is the gating of Seirawan
// chess (S-chess), which brings a hawk or an elephant into play on the
// king's or the rook's square as it castles: "/Ee1" ("O-O/Ee1"), "/Hh8",
// then a check sign. Its games are not replayed (their Variant tag names
// the game), but such a word is a move of theirs, not text that cannot be
// read; a piece move's gating, "Nf3/H", reads as a promotion's form does.
func sChessGating(b []byte) bool {
	if len(b) < 4 || b[0] != '/' || b[1] != 'E' && b[1] != 'H' || !isFileByte(b[2]) || !isRankByte(b[3]) {
		return false
	}
	return suffixOK(b[4:])
}

func suffixOK(b []byte) bool {
	for len(b) > 0 {
		switch {
		case b[0] == '+' || b[0] == '#' || b[0] == 'x':
			b = b[1:]
		case bytes.HasPrefix(b, epSuffix):
			b = b[4:]
		case bytes.HasPrefix(b, []byte("ep")):
			b = b[2:]
		case bytes.HasPrefix(b, []byte("‡")) || bytes.HasPrefix(b, []byte("†")):
			b = b[3:]
		default:
			return false
		}
	}
	return true
}
