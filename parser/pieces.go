package parser

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// Books and hand-typed exercises give a start position as a list of
// pieces in prose, then the moves from it:
//
//	позиция: Крg1, Фd2, Лa1, f1, Кc3, Сe3, пп. a2, b2; черные Крf8, Лa8, e8, пп. a7, b7. Ход черных. 1… Лe8:e3
//	White: Kg1, Qd2, Ra1, Rf1, pawns a2, b2; Black: Kf8, Ra8, Re8, pawns a7, b7. Black to move. 1... Rxe3
//	Weiß: Kg1, Dd2, Ta1, Tf1, Bauern a2, b2; Schwarz: Kf8, Ta8, Te8, a7, b7. Schwarz am Zug. 1... Txe3
//
// Read as moves, "Крg1" is a king's move to a square a knight holds. The
// scoresheet reader takes such a list as the game's start position, as
// an EPD line gives one (epd.go): the tags FEN and SetUp "1" at the list's
// first word, and Game.PieceList set, which the checker reports (an info,
// so that the reader sees what was made of the words). A list is read
// only where nothing else can be meant:
//
//   - it opens with a marker, a colour word ("Белые", "черные", "Бел.",
//     "Bel.", "White", "Weiß", "Schwarz" ...) or "позиция:"/"position:"/
//     "Stellung:", or with a piece when a colour word or the Russian pawn
//     marker ("пп.", "п.") follows within it; the side without a colour
//     word is White's;
//   - it names a king of each side, and no square twice;
//   - a move number follows it in the same paragraph (before a blank
//     line): the moves played from the position.
//
// Otherwise the words are read as before. A piece is a letter (Russian
// Кр Ф Л С К; in Latin letters Kr F L C K; English K Q R B N; German K D T
// L S; figurines, whose colour the list's colour words decide) and a
// square, whose file may be a Cyrillic look-alike (а, с, е). In the Russian
// forms a square alone after a comma is one more of the piece before it
// ("Лa1, f1": two rooks); elsewhere, and after a pawn marker ("пп.",
// "pawns", "Bauern") or a ';', a square alone is a pawn.
//
// Which side moves first: a phrase after the list ("Ход черных", "Black
// to move", "Schwarz am Zug"), else one right before it ("Ход черных.
// Белые: ..."), else the number of the first move ("1…" is Black's), else
// White. The FEN's move number is the first move's. A book
// rarely says which castling rights remain: a right is granted where the
// king and the rook stand on their squares of the start position, and
// none elsewhere. En passant is never given.

// pieceList is a list of pieces read from prose.
type pieceList struct {
	board [64]byte // FEN letters, a1 = 0, h8 = 63; 0 for an empty square
	black bool     // Black moves first
	num   int      // the first move's number
	end   int      // where the list's last word ends
}

// listWord is one word or punctuation mark of a list.
type listWord struct {
	a, b  int  // src[a:b]
	punct byte // ',', ';', '.', ':' for a mark; 0 for a word
}

// The colour words and markers a list may hold, as written.
var (
	// "Bel" and "Chern" are the Russian abbreviations in Latin letters,
	// as the letters Kr F L C K are; a lower-case "bel" is a French or
	// Italian word.
	whiteWords    = []string{"Белые", "белые", "Бел", "бел", "Bel", "White", "white", "Weiß", "weiß", "Weiss", "weiss"}
	blackWords    = []string{"Черные", "черные", "Чёрные", "чёрные", "Черн", "черн", "Чёрн", "чёрн", "Chern", "Black", "black", "Schwarz", "schwarz"}
	positionWords = []string{"позиция", "Позиция", "position", "Position", "Stellung"}
	pawnWords     = []string{"пп", "п", "pawns", "Pawns", "pawn", "Bauern", "Bauer"}
	germanWords   = []string{"Weiß", "weiß", "Weiss", "weiss", "Schwarz", "schwarz", "Bauern", "Bauer"}
	// toMovePhrases say who moves first, after the list or before it.
	toMovePhrases = []struct {
		words []string
		black bool
	}{
		{[]string{"Ход", "черных"}, true}, {[]string{"Ход", "чёрных"}, true}, {[]string{"ход", "черных"}, true},
		{[]string{"Ход", "белых"}, false}, {[]string{"ход", "белых"}, false},
		{[]string{"Black", "to", "move"}, true}, {[]string{"White", "to", "move"}, false},
		{[]string{"Schwarz", "am", "Zug"}, true}, {[]string{"Weiß", "am", "Zug"}, false}, {[]string{"Weiss", "am", "Zug"}, false},
	}
)

func oneOf(w []byte, set []string) bool {
	for _, s := range set {
		if string(w) == s {
			return true
		}
	}
	return false
}

// mayOpenList says cheaply whether the word s[i:e] may be a list's first:
// a marker, or a king and a square followed by a comma ("Крg1, Фd2"; a
// list without a marker before it has one within, a colour word or "пп.").
func mayOpenList(s []byte, i, e int) bool {
	w := s[i:e]
	if len(w) < 2 || len(w) > 32 {
		return false
	}
	if c := w[len(w)-1]; c >= '1' && c <= '8' {
		if e == len(s) || s[e] != ',' {
			return false
		}
		prefix, _, ok := splitSquare(w)
		if !ok {
			return false
		}
		switch string(prefix) {
		case "Кр", "Kр", "Кp", "Kp", "Kr", "K", "♔", "♚":
			return true
		}
		return false
	}
	if len(w) < 4 {
		return string(w) == "Bel" // the one marker of three letters
	}
	for len(w) > 0 && (w[len(w)-1] == ':' || w[len(w)-1] == '.' || w[len(w)-1] == ',') {
		w = w[:len(w)-1]
	}
	return oneOf(w, whiteWords) || oneOf(w, blackWords) || oneOf(w, positionWords)
}

// isSquareWord says w ends in a square: a piece of a list, not a marker.
func isSquareWord(w []byte) bool {
	_, _, ok := splitSquare(w)
	return ok
}

// listReach bounds how far past its first word a list and the move number
// after it are looked for (firstMoveNumber's reach and the list's words):
// a scan with fewer bytes left cannot tell a list from words.
const listReach = 4096

// readPieceListOK says a list of pieces is read at s[i:].
func readPieceListOK(s []byte, i int) bool {
	_, ok := readPieceList(s, i)
	return ok
}

// splitSquare splits a list's word into a piece prefix and the square it
// ends with (file a-h or Cyrillic а с е, rank 1-8).
func splitSquare(w []byte) (prefix []byte, sq int, ok bool) {
	if len(w) < 2 {
		return nil, 0, false
	}
	rank := w[len(w)-1]
	if rank < '1' || rank > '8' {
		return nil, 0, false
	}
	r, size := utf8.DecodeLastRune(w[:len(w)-1])
	file := -1
	switch {
	case r >= 'a' && r <= 'h':
		file = int(r - 'a')
	case r == 'а':
		file = 0
	case r == 'с':
		file = 2
	case r == 'е':
		file = 4
	}
	if file < 0 {
		return nil, 0, false
	}
	return w[:len(w)-1-size], int(rank-'1')*8 + file, true
}

// listWords splits src[i:] into a list's words and marks, up to a blank
// line, a character no list holds, or limit words.
func listWords(s []byte, i, limit int, out []listWord) []listWord {
	for len(out) < limit && i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '\n':
			j := i + 1
			for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
				j++
			}
			if j < len(s) && s[j] == '\n' {
				return out
			}
			i = j
			continue
		case c == 0xC2 && i+1 < len(s) && s[i+1] == 0xA0: // no-break space
			i += 2
			continue
		case c == ',' || c == ';' || c == '.' || c == ':':
			out = append(out, listWord{a: i, b: i + 1, punct: c})
			i++
			continue
		}
		j := i
		for j < len(s) {
			c := s[j]
			if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ';' || c == '.' || c == ':' || c == 0xC2 && j+1 < len(s) && s[j+1] == 0xA0 {
				break
			}
			if c < utf8.RuneSelf && !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				// "(", "-", "!": no list's word; ends the list here.
				if j == i {
					return out
				}
				break
			}
			_, size := utf8.DecodeRune(s[j:])
			j += size
		}
		out = append(out, listWord{a: i, b: j})
		if j < len(s) && s[j] < utf8.RuneSelf && s[j] > ' ' && s[j] != ',' && s[j] != ';' && s[j] != '.' && s[j] != ':' {
			return out
		}
		i = j
	}
	return out
}

// listItem is a piece of a list before its letters are read.
type listItem struct {
	prefix []byte
	sq     int
	black  bool
	pawn   bool // after a pawn marker, or a square alone where it is a pawn
	comma  bool // a square alone after a comma: one more of the piece before, in the Russian forms
}

// readPieceList reads a list of pieces at s[i:] (see the comment at the
// top of the file).
func readPieceList(s []byte, i int) (pieceList, bool) {
	var pl pieceList
	var wbuf [160]listWord
	words := listWords(s, i, len(wbuf), wbuf[:0])
	var ibuf [40]listItem
	items := ibuf[:0]
	black, marked, german := false, false, false
	pawns := false      // a pawn marker is in force
	afterComma := false // the mark before the word is a comma
	for k := 0; k < len(words); k++ {
		w := words[k]
		text := s[w.a:w.b]
		if w.punct != 0 {
			afterComma = w.punct == ','
			if w.punct == ';' {
				pawns = false
			}
			continue
		}
		switch {
		case oneOf(text, whiteWords) || oneOf(text, blackWords):
			// A colour word opens its side's list; one that no piece
			// follows ("Black to move") is no part of the list.
			next := k + 1
			for next < len(words) && (words[next].punct == ':' || words[next].punct == '.') {
				next++
			}
			if next == len(words) || words[next].punct != 0 {
				break
			}
			if _, _, ok := splitSquare(s[words[next].a:words[next].b]); !ok {
				break
			}
			black, marked, pawns, afterComma = oneOf(text, blackWords), true, false, false
			german = german || oneOf(text, germanWords)
			k = next - 1
			continue
		case oneOf(text, positionWords) && k+1 < len(words) && words[k+1].punct == ':' && len(items) == 0:
			marked = true
			k++
			continue
		case oneOf(text, pawnWords):
			pawns, afterComma = true, false
			marked = marked || text[0] == 0xD0 // "пп", "п"
			german = german || oneOf(text, germanWords)
			continue
		}
		prefix, sq, ok := splitSquare(text)
		if !ok || len(prefix) > 4 || len(items) == cap(ibuf) {
			break
		}
		items = append(items, listItem{prefix: prefix, sq: sq, black: black, pawn: pawns && len(prefix) == 0, comma: afterComma})
		afterComma = false
		pl.end = w.b
	}
	if !marked || len(items) < 2 {
		return pl, false
	}
	set, russian := listLetters(items, german)
	kings := [2]int{}
	last := byte(0)
	for k, it := range items {
		var piece byte
		switch {
		case len(it.prefix) > 0:
			piece = set(it.prefix)
		case it.pawn:
			piece = 'P'
		case it.comma && k > 0 && items[k-1].black == it.black && russian:
			piece = last
		default:
			piece = 'P'
		}
		if piece == 0 || pl.board[it.sq] != 0 {
			return pl, false
		}
		last = piece
		if piece == 'K' {
			kings[b2i(it.black)]++
		}
		if it.black {
			piece += 'a' - 'A'
		}
		pl.board[it.sq] = piece
	}
	if kings[0] == 0 || kings[1] == 0 {
		return pl, false
	}
	num, numBlack, ok := firstMoveNumber(s, pl.end)
	if !ok {
		return pl, false
	}
	pl.num, pl.black = num, numBlack
	if b, ok := toMovePhrase(s, pl.end); ok {
		pl.black = b
	} else if b, ok := toMovePhraseBefore(s, i); ok {
		pl.black = b
	}
	return pl, true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The letter sets of a list: each returns the FEN letter (upper case) of
// a prefix, 0 for none.
func russianLetter(p []byte) byte {
	switch string(p) {
	case "Кр", "Kр", "Кp", "Kp", "Kr":
		return 'K'
	case "Ф":
		return 'Q'
	case "Л":
		return 'R'
	case "С", "C":
		return 'B'
	case "К", "K":
		return 'N'
	case "п", "p":
		return 'P'
	}
	return figurine(p)
}

func russianLatinLetter(p []byte) byte {
	switch string(p) {
	case "Kr", "Kp":
		return 'K'
	case "F":
		return 'Q'
	case "L":
		return 'R'
	case "C":
		return 'B'
	case "K":
		return 'N'
	case "P", "p":
		return 'P'
	}
	return figurine(p)
}

func englishLetter(p []byte) byte {
	if len(p) == 1 {
		switch p[0] {
		case 'K', 'Q', 'R', 'B', 'N', 'P':
			return p[0]
		}
	}
	return figurine(p)
}

func germanLetter(p []byte) byte {
	if len(p) == 1 {
		switch p[0] {
		case 'K':
			return 'K'
		case 'D':
			return 'Q'
		case 'T':
			return 'R'
		case 'L':
			return 'B'
		case 'S':
			return 'N'
		case 'B':
			return 'P'
		}
	}
	return figurine(p)
}

// figurine reads a figurine of either colour: a list's colour words, not
// the glyph, say whose piece it is.
func figurine(p []byte) byte {
	r, size := utf8.DecodeRune(p)
	if size != len(p) || r < '♔' || r > '♟' {
		return 0
	}
	return "KQRBNP"[(r-'♔')%6]
}

// listLetters chooses the letter set of a list's items: Russian when a
// prefix is in Cyrillic, Russian in Latin letters when a king is "Kr", German
// when the list's words are German or its letters D, T or S, else English.
// russian says the set writes "Лa1, f1" for two rooks.
func listLetters(items []listItem, german bool) (set func([]byte) byte, russian bool) {
	latinRussian := false
	for _, it := range items {
		if len(it.prefix) == 0 {
			continue
		}
		if c := it.prefix[0]; c == 0xD0 || c == 0xD1 {
			return russianLetter, true
		}
		switch string(it.prefix) {
		case "Kr", "Kp":
			latinRussian = true
		case "D", "T", "S":
			german = true
		}
	}
	switch {
	case latinRussian:
		return russianLatinLetter, true
	case german:
		return germanLetter, false
	}
	return englishLetter, false
}

// firstMoveNumber finds the number of the first move after a list, at
// s[i:], in the same paragraph: "1…", "1...", "1. ..." are Black's move 1.
func firstMoveNumber(s []byte, i int) (num int, black, ok bool) {
	end := min(len(s), i+600) // within listReach of the list's start, with the list's words
	for i < end {
		c := s[i]
		if c == '\n' {
			j := i + 1
			for j < end && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
				j++
			}
			if j < end && s[j] == '\n' {
				return 0, false, false
			}
		}
		if c < '0' || c > '9' || i > 0 && !isSpaceByte(s[i-1]) && s[i-1] != ':' && s[i-1] != '(' {
			i++
			continue
		}
		j := i
		for j < end && j-i < 4 && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(string(s[i:j]))
		dots := 0
		k := j
		for k < end {
			switch {
			case s[k] == '.':
				dots++
				k++
				continue
			case isEllipsis(s[k:end]):
				dots += 3
				k += 3
				continue
			}
			break
		}
		if n < 1 || dots == 0 {
			i = j
			continue
		}
		m := skipBlanks(s[:end], k)
		if dots == 1 && m < end && (s[m] == '.' || isEllipsis(s[m:end])) {
			dots = 2
			for m < end && (s[m] == '.' || isEllipsis(s[m:end])) {
				if s[m] == '.' {
					m++
				} else {
					m += 3
				}
			}
			m = skipBlanks(s[:end], m)
		}
		// A number a move follows, not "Diagram 5. The" nor a year.
		e := m
		for e < end && !isSpaceByte(s[e]) && s[e] != ',' && s[e] != ';' {
			e++
		}
		if m == end || !moveAfterNumber(bytes.TrimRight(s[m:e], ".!?+#")) {
			i = j
			continue
		}
		return n, dots >= 2, true
	}
	return 0, false, false
}

// moveAfterNumber says the word w after a move number is written as a
// move: castling, or a square in it ("Лe8:e3", "Lc5", "exd5").
func moveAfterNumber(w []byte) bool {
	if len(w) > 16 {
		return false
	}
	if r, _ := utf8.DecodeRune(w); (r == '0' || r == 'O' || r == 'О') && bytes.ContainsAny(w, "-–—") {
		return true
	}
	prevFile := false
	for _, r := range string(w) {
		if prevFile && r >= '1' && r <= '8' {
			return true
		}
		prevFile = isFileRune(r)
	}
	return false
}

// toMovePhrase reads a phrase saying who moves first right after a list,
// at s[i:].
func toMovePhrase(s []byte, i int) (black, ok bool) {
	var wbuf [8]listWord
	words := listWords(s, i, len(wbuf), wbuf[:0])
	var plain [4][]byte
	n := 0
	for _, w := range words {
		if w.punct != 0 {
			if n > 0 {
				break
			}
			continue
		}
		if n == len(plain) {
			break
		}
		plain[n] = s[w.a:w.b]
		n++
	}
	return sideOfPhrase(plain[:n], false)
}

// sideOfPhrase matches the phrases of toMovePhrases against words, in the
// order written: at their start or, with atEnd, at their end.
func sideOfPhrase(words [][]byte, atEnd bool) (black, ok bool) {
next:
	for _, ph := range toMovePhrases {
		if len(ph.words) > len(words) {
			continue
		}
		at := 0
		if atEnd {
			at = len(words) - len(ph.words)
		}
		for k, w := range ph.words {
			if string(words[at+k]) != w {
				continue next
			}
		}
		return ph.black, true
	}
	return false, false
}

// toMovePhraseBefore reads a phrase saying who moves first right before a
// list that starts at s[i] ("Ход черных. Белые: ..."): its words, then at
// most one mark, in the list's paragraph.
func toMovePhraseBefore(s []byte, i int) (black, ok bool) {
	j, ok := blanksBefore(s, i)
	if !ok {
		return false, false
	}
	if j > 0 && (s[j-1] == '.' || s[j-1] == ':' || s[j-1] == ';' || s[j-1] == ',') {
		if j, ok = blanksBefore(s, j-1); !ok {
			return false, false
		}
	}
	var last [3][]byte // the words before the list, in the order written
	n := 0
	for n < len(last) {
		k := j
		for k > 0 && !wordDelim[s[k-1]] && s[k-1] != '.' && s[k-1] != ':' && !(k > 1 && s[k-2] == 0xC2 && s[k-1] == 0xA0) {
			k--
		}
		if k == j {
			break
		}
		copy(last[1:], last[:n]) // the word read goes before those after it
		last[0] = s[k:j]
		n++
		if j, ok = blanksBefore(s, k); !ok || j == k {
			break // a paragraph's start or a mark: no word of the phrase before it
		}
	}
	return sideOfPhrase(last[:n], true)
}

// blanksBefore returns where the blanks before s[i] begin; ok is false
// when they hold a blank line, which no phrase of a list reaches across.
func blanksBefore(s []byte, i int) (j int, ok bool) {
	lines := 0
	for j = i; j > 0; {
		switch c := s[j-1]; {
		case c == '\n':
			if lines++; lines == 2 {
				return j, false
			}
			j--
		case c == ' ' || c == '\t' || c == '\r':
			j--
		case c == 0xA0 && j > 1 && s[j-2] == 0xC2: // no-break space
			j -= 2
		default:
			return j, true
		}
	}
	return j, true
}

// fen writes the position with White or Black to move, the castling
// rights its kings and rooks on their squares keep, and the first move's
// number.
func (pl *pieceList) fen() []byte {
	b := make([]byte, 0, 90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			c := pl.board[rank*8+file]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, c)
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	if pl.black {
		b = append(b, " b "...)
	} else {
		b = append(b, " w "...)
	}
	n := len(b)
	at := func(sq int, c byte) bool { return pl.board[sq] == c }
	if at(4, 'K') && at(7, 'R') {
		b = append(b, 'K')
	}
	if at(4, 'K') && at(0, 'R') {
		b = append(b, 'Q')
	}
	if at(60, 'k') && at(63, 'r') {
		b = append(b, 'k')
	}
	if at(60, 'k') && at(56, 'r') {
		b = append(b, 'q')
	}
	if len(b) == n {
		b = append(b, '-')
	}
	b = append(b, " - 0 "...)
	return strconv.AppendInt(b, int64(pl.num), 10)
}

// pieceListAt reads a list of pieces at src offset i, the start of a word
// of scoresheet text, as the start position of a game: the game read so
// far, when it has a move or a result, ends before it. It returns where
// the list ends, or i when there is none.
func (p *Parser) pieceListAt(i int) int {
	pl, ok := readPieceList(p.src, i)
	if !ok {
		return i
	}
	if len(p.g.Moves) > 0 || p.g.Result != "" || p.ended {
		p.splitGame(i, p.posAt(i))
		p.pend = pending{}
	} else {
		for k := range p.tagRefs {
			if p.g.Tags[k].Name == "FEN" {
				return i // a second list: words, as before
			}
		}
	}
	p.recordTag("FEN", i, pl.fen())
	p.recordTag("SetUp", i, []byte("1"))
	p.g.PieceList = true
	// A number before a marker numbers a heading ("Diagram 5. White:
	// ..."), no move.
	p.pend = pending{}
	p.lastWasMove = false
	p.sawProse = true
	if p.proseFrom < 0 {
		// As for any prose word: the move after the list then files the
		// list's remark as the game's leading comment (proseGoesOn).
		p.proseFrom, p.proseFromPos = i, p.posAt(i)
	}
	p.remark(i, pl.end)
	return pl.end
}
