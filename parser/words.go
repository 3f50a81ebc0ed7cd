package parser

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// wordKind is what a word of movetext turned out to be.
type wordKind uint8

const (
	kindProse      wordKind = iota // not a move: running text, or junk in a PGN game
	kindMove                       // a move in any notation, null moves included
	kindFilePair                   // a pawn capture by files ("ed"): a move only among moves
	kindAnnotation                 // annotation glyphs alone ("!?", "+=", "±")
	kindIgnore                     // "e.p." standing alone
)

var epSuffix = []byte("e.p.")

// word reads the word at src offset i.
func (p *Parser) word(i int) int {
	s := p.src
	end := scanWord(s, i)
	if end == i {
		_, size := utf8.DecodeRune(s[i:])
		return i + size
	}
	if p.text && len(p.stack) == 0 && mayOpenList(s, i, end) && (!p.pend.ok || !isSquareWord(s[i:end])) {
		if k := p.pieceListAt(i); k > i {
			return k
		}
	}
	c := s[i]
	switch {
	case c >= '0' && c <= '9' || c == 0xC2 && i+1 < end && s[i+1] == 0xBD: // digit or '½'
		return p.numberWord(i, end)
	case c == '*' && end == i+1:
		p.result(i, "*")
		return end
	case c == '.' || isEllipsis(s[i:end]):
		j := p.dots(i, end)
		if j == end {
			return end
		}
		return p.moveWord(j, end)
	}
	return p.moveWord(i, end)
}

func isEllipsis(b []byte) bool { return len(b) >= 3 && b[0] == 0xE2 && b[1] == 0x80 && b[2] == 0xA6 }

// dots counts the dots and ellipses at src[i:end] towards the pending move
// number ("12...", "12. …", "6. . . . g7") and returns where they stop.
func (p *Parser) dots(i, end int) int {
	s := p.src
	n := 0
	for i < end {
		switch {
		case s[i] == '.':
			n++
			i++
		case isEllipsis(s[i:end]):
			n += 3
			i += 3
		default:
			if p.pend.ok {
				p.pend.dots += n
			}
			return i
		}
	}
	if p.pend.ok {
		p.pend.dots += n
	}
	return i
}

// numberWord reads a word that starts with a digit or '½': a move number
// (with a move run on: "12.e4", "23…Сa6:f1"), a result, castling with zeros
// or a null move "0000".
func (p *Parser) numberWord(i, end int) int {
	s := p.src
	j := i
	for j < end && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == end {
		if p.text && quotedNumber(s, i, end) {
			p.prose(i, end)
			return end
		}
		if end-i == 1 && p.text {
			if k := p.spacedResult(i, end); k > end {
				return k
			}
		}
		switch {
		case end-i == 4 && string(s[i:end]) == "0000":
			return p.moveWord(i, end)
		case p.longNumber(end - i):
			p.prose(i, end)
		case end-i == 1 && s[i] == '0' && p.join(i, end) > end:
			return p.moveWord(i, end) // castling with blanks: "0 - 0"
		case atoi(s[i:j]) == 0:
			p.prose(i, end) // move numbers start at 1
		default:
			p.setNumber(i, int32(atoi(s[i:j])))
		}
		return end
	}
	if j > i && (s[j] == '.' || isEllipsis(s[j:end])) {
		if p.longNumber(j - i) {
			p.prose(i, end)
			return end
		}
		p.setNumber(i, int32(atoi(s[i:j])))
		k := p.dots(j, end)
		if k == end {
			return end
		}
		return p.moveWord(k, end)
	}
	if res := resultOf(s[i:end]); res != "" {
		w := bytes.TrimRight(s[i:end], ".,") // punctuation, as resultOf reads it
		if p.result(i, res) && string(w) != res {
			p.g.ResultRaw = p.span(i, i+len(w))
		}
		return end
	}
	if s[i] == '0' && j == i+1 {
		return p.moveWord(i, end) // castling written with zeros, or junk
	}
	if j > i && j-i <= 3 {
		// A number run into its move without a dot: "12Лhd1"; prose clears it.
		p.setNumber(i, int32(atoi(s[i:j])))
		return p.moveWord(j, end)
	}
	p.prose(i, end)
	return end
}

// spacedResult reads a result typed with blanks around its colon or dash
// in scoresheet text ("1 : 0", "0 - 1"), whose first digit is the word
// src[i:end], right after the game's last move (or its comments): it
// returns where the reading goes on, or end when there is none. Elsewhere,
// in prose, inside an aside or before the first move, such words are a
// score in the text, not the game's result; "0 - 0" is castling.
//
//go:noinline
func (p *Parser) spacedResult(i, end int) int {
	s := p.src
	if len(p.g.Moves) == 0 || p.ended || len(p.stack) > 0 || p.proseFrom >= 0 {
		return end
	}
	k := skipBlanks(s, end)
	r, size := utf8.DecodeRune(s[k:])
	if k == len(s) || r != ':' && !isDashRune(r) {
		return end
	}
	k = skipBlanks(s, k+size)
	if k == len(s) || s[k] != '0' && s[k] != '1' || s[k] == s[i] {
		return end
	}
	e := k + 1
	for e < len(s) && (s[e] == '.' || s[e] == ',') {
		e++ // a full stop, as after "1:0."
	}
	if e < len(s) && !isSpaceByte(s[e]) {
		return end
	}
	res := "1-0"
	if s[i] == '0' {
		res = "0-1"
	}
	if p.result(i, res) {
		p.g.ResultRaw = p.span(i, k+1)
	}
	return e
}

// longNumber says that a number of n digits is too long to be a move
// number: in scoresheet text more than four (a year, "1985."), in PGN more
// than nine (a game set up from a FEN may start at move 10000; int32 holds
// nine digits).
func (p *Parser) longNumber(n int) bool {
	return n > 9 || n > 4 && p.text
}

func (p *Parser) setNumber(i int, num int32) {
	p.inProse = false
	if num == 0 {
		p.pend = pending{}
		if !p.text {
			p.problem(i, "move number 0")
		}
		return
	}
	// Field by field: a composite literal is built on the stack and copied,
	// which stalls on store forwarding in this hot path.
	pd := &p.pend
	pd.ok, pd.num, pd.dots, pd.start = true, num, 0, i
	pd.line, pd.lineAt, pd.events = p.line, p.lineStartRaw, p.events
}

func (p *Parser) pendPos() Pos {
	r := p.raw(p.pend.start)
	return Pos{Offset: r, Line: p.pend.line, Col: r - p.pend.lineAt + 1}
}

// resultOf is the result the word w writes, in PGN form, or "" (ReadResult).
func resultOf(w []byte) string {
	canon, _ := ReadResult(string(w)) // w does not escape: no copy on the heap
	return canon
}

// ReadResult reads a game result as written, in a result marker or a Result
// tag: PGN's four ("1-0", "0-1", "1/2-1/2", "*") and the forms scoresheets
// and other programs use: "½-½", "1/2", "1/2:1/2", "0.5-0.5", "=-=", "1:0",
// "0:1", any dash for "-", blanks inside and a full stop or comma after. canon
// is the PGN form, "" when s is no result; exact says s is written so.
func ReadResult(s string) (canon string, exact bool) {
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*":
		return s, true
	}
	for len(s) > 0 && (s[len(s)-1] == '.' || s[len(s)-1] == ',') {
		s = s[:len(s)-1]
	}
	var buf [16]byte
	out := buf[:0]
	for _, r := range s {
		if len(out) > 10 {
			return "", false
		}
		switch {
		case r == '½':
			out = append(out, "1/2"...)
		case r == ':' || isDashRune(r):
			out = append(out, '-')
		case r == ' ':
		case r < 0x80:
			out = append(out, byte(r))
		default:
			return "", false
		}
	}
	switch string(out) { // the conversion in a switch does not allocate
	case "1-0":
		return "1-0", false
	case "0-1":
		return "0-1", false
	case "1/2-1/2", "1/2", "0.5-0.5", "=-=":
		return "1/2-1/2", false
	case "*":
		return "*", false
	}
	return "", false
}

// isDashRune says whether r is a hyphen or dash a text may write for '-':
// the same dashes as replay's move lexer (classifyOther) reads, since the
// parser hands it the moves it takes for moves.
func isDashRune(r rune) bool {
	switch r {
	case '-', '–', '—', '‒', '−', '‐', '‑', '―', '﹘', '﹣', '－':
		return true
	}
	return false
}

// result records a game-termination marker, and says whether it is the
// game's (not one inside a variation or after the game's end).
func (p *Parser) result(i int, res string) bool {
	p.inProse = false
	p.threat = threatRun{}
	p.pend = pending{}
	p.lastWasMove = false
	p.lost = 0
	switch {
	case len(p.stack) > 0:
		p.problem(i, "result "+res+" inside a variation")
	case p.ended && p.text && res == "*" && p.g.Result == "*" && p.endOfLine(p.resultAt) == p.endOfLine(i):
		// "* * *", a book's section break, not three results
	case p.ended && p.doubledResult(i, res):
		// "1-0 1-0": the marker typed twice, one result, quoted as written
		p.g.ResultRaw = p.span(p.resultAt, i+len(res))
	case p.ended:
		p.problem(i, "second result "+res+" after the game's end")
	default:
		if p.proseFrom >= 0 {
			p.resultAfterProse()
		}
		p.g.Result = res
		p.g.ResultPos = p.posAt(i)
		p.ended, p.resultAt = true, i
		return true
	}
	return false
}

// doubledResult says whether the marker res at src offset i repeats the
// game's result marker, written in PGN's form, with only blanks between
// them on a line: one result typed twice, which says nothing the first did
// not. A star is left out: "* *" may be a book's section break, and a game
// unfinished twice is no score to keep.
func (p *Parser) doubledResult(i int, res string) bool {
	if res == "*" || res != p.g.Result || p.g.ResultRaw.Len != 0 || p.resultAt+len(res) > i {
		return false
	}
	if string(p.src[p.resultAt:p.resultAt+len(res)]) != res {
		return false
	}
	for k := p.resultAt + len(res); k < i; k++ {
		if c := p.src[k]; c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// prose handles a word that is not movetext. A run of such words (a
// paragraph between two games) is one problem, at its first word.
func (p *Parser) prose(i, j int) {
	p.sawProse = true
	numbered := p.pend.ok
	inMoves := p.lastWasMove || numbered
	p.pend = pending{}
	p.lastWasMove = false
	// A second word of text means the words were not one move typed wrong:
	// the move after them keeps its turn.
	p.lost = 0
	if p.text {
		if p.threat.on {
			p.threatProse(j)
		}
		if p.proseFrom < 0 {
			// Where the text after the last move began: a heading there
			// ("Game 12") stands after the result the game lacks.
			p.proseFrom, p.proseFromPos = i, p.posAt(i)
		}
		// Running text around the moves of a scoresheet or book page is
		// no problem (and kept as a remark), but a word that follows a
		// move or a move number and is written like a move is a move that
		// could not be read; and right after a number, where only a move
		// can stand, so is a word that starts as a move and names a rank
		// ("3. Qq5"), as in PGN.
		w := p.src[i:j]
		switch {
		case inMoves && (looksLikeMove(w) || mistypedMove(w)):
			p.lost = p.problemLink()
			p.problem(i, fmt.Sprintf("%q looks like a move but cannot be read: skipped", clip(w)))
			p.remarkOpen = false
		case numbered && numberedSlot(w):
			p.lost = p.problemLink()
			p.problem(i, fmt.Sprintf("unexpected text, from %q", clip(w)))
			p.remarkOpen = false
		default:
			p.remark(i, j)
		}
		return
	}
	if p.inProse {
		return
	}
	p.inProse = true
	if p.ended {
		p.problem(i, fmt.Sprintf("text after the result, from %q", clip(p.src[i:j])))
		return
	}
	if inMoves && moveSlot(p.src[i:j]) {
		p.lost = p.problemLink()
	}
	p.problem(i, fmt.Sprintf("unexpected text, from %q", clip(p.src[i:j])))
}

// moveSlot says whether a word of PGN movetext that cannot be read, standing
// after a move or a move number, is a move written wrong ("nc6", "Qxx7",
// "Nc6<br"), so that it takes that move's turn: it begins as a move begins
// and names a rank. A word of prose ("test", "mat") or of punctuation does
// not, nor a clock time written between the moves ("0:05:00"): castling,
// the other move that starts with 0 or O, names no rank.
func moveSlot(w []byte) bool {
	if len(w) == 0 || len(w) > 12 || bytes.IndexByte([]byte("KQRBNPkqrbnpabcdefgh"), w[0]) < 0 {
		return false
	}
	for _, c := range w[1:] {
		if c >= '1' && c <= '8' {
			return true
		}
	}
	return false
}

// numberedSlot says whether a word of scoresheet text that is not a move,
// standing right after a move number, is a move written wrong ("3. Qq5",
// "2. Фq5", "6. gh::") rather than the prose of a heading ("Глава 5.
// Защита", "Партия 12. Ферзевый гамбит", "Game 5. Fischer", "Diagram 3.
// Black to move"): in at most 12 characters, it starts as a move starts,
// with a piece letter (Latin as moveSlot has them, Russian or a figurine)
// or a file, and names a rank (a Russian piece letter or moveSlot's start
// before it), or holds nothing but what moves are written with and a rank
// or a capture or dash sign among them.
func numberedSlot(w []byte) bool {
	if moveSlot(w) {
		return true
	}
	first, size := utf8.DecodeRune(w)
	russian := first == 'К' || first == 'Ф' || first == 'Л' || first == 'С' || first == 'п' || first >= '♔' && first <= '♟'
	if !russian && !isFileRune(first) && strings.IndexRune("KQRBNP", first) < 0 || utf8.RuneCount(w) > 12 {
		return false
	}
	rest := w[size:]
	if russian && bytes.ContainsAny(rest, "12345678") {
		return true
	}
	sign := false
	for _, r := range string(rest) {
		if !isMoveRune(r) {
			return false
		}
		sign = sign || isSepRune(r) || r >= '1' && r <= '8'
	}
	return sign
}

// moveWord reads a word that may be a move, with the words a scoresheet
// spreads a move over on the same line ("e2 - e4", "e4 : d5", "К d5").
func (p *Parser) moveWord(i, end int) int {
	s := p.src
	j := end
	if j+2 < len(s) && s[j] == '(' {
		// a promotion written "e8(Q)": '(' ends words, so take it back here
		if r, size := utf8.DecodeRune(s[j+1:]); isPieceRune(r) && j+1+size < len(s) && s[j+1+size] == ')' {
			j += 2 + size
			// and the check, mate and annotation marks after it: "c8(Q)#", "a8(N)+!"
			for j < len(s) && strings.IndexByte("+#!?", s[j]) >= 0 {
				j++
			}
		}
	}
	j0 := j
	for k := 0; k < 3; k++ {
		nj := p.join(i, j)
		if nj == j {
			break
		}
		j = nj
	}
	e := p.trimPunct(i, j)
	if e == i {
		return j
	}
	norm, same, kind, nags, sc, folds := p.normalize(s[i:e])
	if kind == kindProse && j != j0 {
		// The words joined make no move: read the first alone, so that a
		// move before a dash and prose is not lost ("Сa4 — с угрозой").
		if e0 := p.trimPunct(i, j0); e0 > i {
			if n0, same0, kind0, nags0, sc0, folds0 := p.normalize(s[i:e0]); kind0 != kindProse {
				j, e = j0, e0
				norm, same, kind, nags, sc, folds = n0, same0, kind0, nags0, sc0, folds0
			}
		}
	}
	if kind == kindMove && folds&FoldOCR != 0 && p.text && !p.lastWasMove && !p.pend.ok && p.lost == 0 {
		// A move read only by mending OCR damage ("Лfel", "Ь5") is one where
		// a move stands (after a move, a move number, or a word that took a
		// move's turn: "Фf819. СЬ6#"); after prose such a word is prose:
		// "Game 3: Tal – Petrosian" holds no German rook's move to a1,
		// Italian and Spanish "del" no pawn's move to e1.
		p.prose(i, e)
		return j
	}
	if kind == kindMove && folds&FoldCapitalFile != 0 {
		if p.capitalAfterProse(s[i:e]) {
			p.prose(i, e)
			return j
		}
		p.capitals = true
	}
	switch kind {
	case kindMove:
		if j != j0 {
			if d0, d1, k := dashPairAt(s, j0, j); k > 0 {
				p.spacedPair(i, j0, d0, d1, k, e, norm, nags, sc, folds)
				return j
			}
		}
		p.addMove(i, e, norm, same, nags, sc)
		p.setFolds(i, e, folds)
	case kindFilePair:
		if p.lastWasMove || p.pend.ok {
			p.addMove(i, e, norm, same, nags, sc)
			p.setFolds(i, e, folds)
		} else {
			p.prose(i, e)
		}
	case kindAnnotation:
		for _, v := range nags {
			if v != 0 {
				p.addNAG(i, v)
			}
		}
	case kindIgnore:
		p.enPassantWord(i, e)
	default:
		if (p.lastWasMove || p.pend.ok) && !p.ended && len(p.stack) == 0 && p.gluedTail(i, e) {
			return j
		}
		if p.lastWasMove && !p.ended && len(p.stack) == 0 {
			if res, to, next := p.resultWords(i); res != "" {
				p.resultInWords(i, to, next, res)
				return max(next, j)
			}
		}
		p.prose(i, e)
	}
	return j
}

// capitalAfterProse says whether w, a word of scoresheet text that reads as
// a move only once a capital after its piece letter is taken for a file
// ("CD4", "СВ5", "KB1-C3"), is a word of the prose it stands in: it
// follows neither a move nor a move number, and no move of the game so far
// was written with capital squares. Capitals and digits make abbreviations
// and codes ("CD4", "BE2"), which a sentence may hold; where a move stands,
// or where the writer types squares in capitals, they are a move. A capital
// file opening the word ("E4", "E2-E4") is left as it is read.
func (p *Parser) capitalAfterProse(w []byte) bool {
	return p.text && !p.lastWasMove && !p.pend.ok && !p.capitals && pieceBeforeCapital(w)
}

// pieceBeforeCapital says whether the word w opens with a piece letter (the
// Russian king's two included) and then a capital file: "CD4", "СВ5",
// "КРE2", "KB1-C3".
func pieceBeforeCapital(w []byte) bool {
	r, size := utf8.DecodeRune(w)
	if size < len(w) {
		if r2, size2 := utf8.DecodeRune(w[size:]); isKingPair(r, r2) {
			size += size2
		}
	}
	if !pieceLead(w[:size]) {
		return false
	}
	next, _ := utf8.DecodeRune(w[size:])
	return isCapitalFileRune(next)
}

// trimPunct returns the end of the move word src[i:j] without the
// sentence punctuation after it: "Kpe8:d8. Белые сдались".
func (p *Parser) trimPunct(i, j int) int {
	s := p.src
	for j > i && (s[j-1] == '.' || s[j-1] == ',') && !bytes.HasSuffix(s[i:j], epSuffix) {
		j--
	}
	return j
}

// enPassantWord takes "e.p." (src[i:e]) written as a word of its own right
// after a pawn capture ("exd6 e.p.") as the replay reads it written on the
// move ("exd6e.p."): in the move's Norm, so that the mark is judged (not
// SAN, and a false mark on a capture that is no en passant) rather than
// dropped. After another move ("Ba4 e.p.") it is a Problem, as "Ba4e.p."
// written on the move is: no pawn capture, no en passant.
func (p *Parser) enPassantWord(i, e int) {
	k := len(p.g.Moves) - 1
	if !p.lastWasMove || k < 0 {
		return
	}
	m := &p.g.Moves[k]
	norm := p.spanBytes(m.Norm)
	if bytes.HasSuffix(norm, epSuffix) || bytes.HasSuffix(norm, []byte("ep")) {
		return // marked already: "exd6e.p. e.p."
	}
	// Only a pawn capture's: after another move the word is a stray mark,
	// reported and skipped (on the move it would stop the replay there).
	if !pawnCaptureShape(norm) {
		p.problem(i, fmt.Sprintf("%q after %q, which is not a pawn capture: skipped", clip(p.src[i:e]), clip(p.spanBytes(m.Raw))))
		return
	}
	// Before the check or mate mark, where the replay reads it ("exd6e.p.+").
	body := bytes.TrimRight(norm, "+#")
	b := make([]byte, 0, len(norm)+len(epSuffix)) // rare: no scratch kept
	b = append(append(append(b, body...), epSuffix...), norm[len(body):]...)
	m.Norm, m.Parts = p.extraSpan(b), 0 // no longer the word taken apart
}

// pawnCaptureShape says that a move text has a pawn capture's shape: a
// file, then the file beside it that it goes to, with or without ranks and
// a capture sign between ("exd6", "ef", "ef6", "e5-f6", "e5f6", "e5:f6"),
// and when both ranks are written, one rank apart. A push ("e4", "e2-e4",
// "e7e8Q") has no second file or the same one; a knight's move in
// coordinates ("b1c3", "g1-f3") goes two ranks.
func pawnCaptureShape(norm []byte) bool {
	if len(norm) == 0 || norm[0] < 'a' || norm[0] > 'h' {
		return false
	}
	fromRank := byte(0)
	for i, c := range norm[1:] {
		switch {
		case c >= 'a' && c <= 'h':
			if d := int(c) - int(norm[0]); d != 1 && d != -1 {
				return false
			}
			rest := norm[i+2:]
			if fromRank != 0 && len(rest) > 0 && rest[0] >= '1' && rest[0] <= '8' {
				d := int(rest[0]) - int(fromRank)
				return d == 1 || d == -1
			}
			return true
		case c >= '1' && c <= '8':
			fromRank = c
		case c == 'x', c == ':', c == '-':
		default:
			return false
		}
	}
	return false
}

// setFolds records the folds of the move src[i:e] that addMove has just
// added (it may have skipped it: too many moves, an aside of text).
func (p *Parser) setFolds(i, e int, f Folds) {
	if f == 0 {
		return
	}
	if k := len(p.g.Moves) - 1; k >= 0 && p.g.Moves[k].Raw == p.span(i, e) {
		p.g.Moves[k].Folds = f
		if f&FoldCapitalFile != 0 {
			p.g.Has |= HasCapitalFile
		}
	}
}

// join extends the move word src[i:j] by the next word on the same line
// when a scoresheet splits one move over several words, and returns the new
// end (j when nothing joins).
func (p *Parser) join(i, j int) int {
	s := p.src
	if j >= len(s) || s[j] != ' ' && s[j] != '\t' && s[j] != 0xC2 {
		return j
	}
	k := skipBlanks(s, j)
	if k == j || k >= len(s) || s[k] < 0x80 && wordDelim[s[k]] {
		return j
	}
	c := s[k]
	if c < 0x80 && (c < 'a' || c > 'h') && c != ':' && c != '-' && c != 'x' {
		return j // the common case: the next word cannot continue a move
	}
	r, rsize := utf8.DecodeRune(s[k:])
	if !isFileRune(r) && !isSepRune(r) {
		return j
	}
	t := s[i:j]
	if e := spacedCastle(s, t, k); e > 0 {
		return e // "0 - 0", "O - O - O"
	}
	if t[0] == '+' || t[0] == '=' || bytes.HasSuffix(t, []byte("+-")) || bytes.HasSuffix(t, []byte("/-")) {
		return j // an evaluation ("+-", "Bxc6+-", "+/-") ends with a dash, not a move
	}
	last, _ := utf8.DecodeLastRune(t)
	sepNext := isSepRune(r)
	if !sepNext && !isSepRune(last) && len(t) > 4 {
		return j // "Nf3 e5": no piece letter alone, no separator on either side
	}
	kb := scanWord(s, k)
	if isPieceDesignator(t) {
		return kb // "К d5", "Кр :f7"
	}
	if isSepRune(last) && last != 'x' && last != 'х' && isFileRune(r) {
		return kb // "Кр: g8"
	}
	if sepNext && kb == k+rsize && isRankRune(last) {
		// a lone separator between two squares: "e2 - e4", "e4 : d5"; not
		// a dash before prose ("Сa4 — с угрозой", "a6 - a useful move")
		m := skipBlanks(s, kb)
		if m < len(s) {
			if r2, _ := utf8.DecodeRune(s[m:]); !isFileRune(r2) && !isCapitalFileRune(r2) {
				return j
			}
			if me := scanWord(s, m); squareAt(s[m:me]) {
				return me // a capital only as a square: "E2 - E4", not "- Black has"
			}
		}
	}
	return j
}

// squareAt reports whether w starts with a square: a file letter (a
// Cyrillic look-alike or a capital included) and a rank ("d5", "с6+",
// "E4"), as the word after a split move's separator must.
func squareAt(w []byte) bool {
	r, size := utf8.DecodeRune(w)
	if !isFileRune(r) && !isCapitalFileRune(r) || size >= len(w) {
		return false
	}
	r2, _ := utf8.DecodeRune(w[size:])
	return isRankRune(r2)
}

// spacedCastle returns the end of castling written with blanks around its
// dashes when the word t, whose next word starts at k, is its first part
// ("0 - 0", "O - O - O", "0-0 - 0"), else 0.
func spacedCastle(s, t []byte, k int) int {
	var f Folds
	last, _ := utf8.DecodeLastRune(t)
	if !castleO(last, &f) {
		return 0
	}
	if len(t) > len(string(last)) {
		// a longer first part must be castling itself: "0-0"
		if _, _, _, ok := castlePrefix(t); !ok {
			return 0
		}
	}
	r, size := utf8.DecodeRune(s[k:])
	kb := scanWord(s, k)
	if !isDashRune(r) || kb != k+size {
		return 0 // a lone dash, as in "0 - 0"
	}
	m := skipBlanks(s, kb)
	if m == kb || m >= len(s) {
		return 0
	}
	o, osize := utf8.DecodeRune(s[m:])
	if !castleO(o, &f) {
		return 0
	}
	me := scanWord(s, m)
	if me > m+osize {
		// after the O only a dash ("0 - 0-0") or signs ("0 - 0+", "O - O!")
		if n, _ := utf8.DecodeRune(s[m+osize:]); !isDashRune(n) && strings.IndexRune("+#!?", n) < 0 {
			return 0
		}
	}
	return me
}

// isFileRune reports a file letter written in lowercase: Latin, a Cyrillic
// look-alike (а, с, е, һ) or OCR's Ь for b, which normalize folds.
func isFileRune(r rune) bool {
	return r >= 'a' && r <= 'h' || r == 'а' || r == 'с' || r == 'е' || r == 'һ' || r == 'Ь'
}

// isCapitalFileRune reports a file written as a capital, Latin or a
// Cyrillic look-alike ("E2 - E4", "Е2 - Е4").
func isCapitalFileRune(r rune) bool { return r >= 'A' && r <= 'H' || cyrillicFileOf(r) != 0 }

func isRankRune(r rune) bool { return r >= '1' && r <= '8' || r == 'З' || r == 'б' }

func isSepRune(r rune) bool {
	return r == ':' || r == 'x' || r == 'х' || r == '×' || isDashRune(r)
}

// isPieceDesignator reports whether t is a piece letter standing alone
// ("К", "Кр", "Kp", "♘"), which a scoresheet may separate from its square.
func isPieceDesignator(t []byte) bool {
	r, size := utf8.DecodeRune(t)
	switch {
	case r == 'K' || r == 'К':
		if size == len(t) {
			return true
		}
		r2, size2 := utf8.DecodeRune(t[size:])
		return size+size2 == len(t) && isKingPair(r, r2)
	case r == 'к':
		// The king in small letters, "кр g5"; a lone "к" is the preposition
		// ("к d5" in a sentence), not a knight.
		r2, size2 := utf8.DecodeRune(t[size:])
		return size+size2 == len(t) && isKingPair(r, r2)
	case size != len(t):
		return false
	case r >= 0x80:
		return isPieceRune(r)
	}
	switch r {
	case 'Q', 'R', 'B', 'N', 'S', 'D', 'T', 'L', 'C', 'F':
		return true
	}
	return false
}

// isPieceRune reports the characters that may stand for a piece in some
// notation: Latin and Cyrillic capitals, figurines and font glyphs, and the
// Russian pawn letter, which is written in lower case ("пe2-e4").
func isPieceRune(r rune) bool {
	return r >= 'A' && r <= 'Z' || r >= 'А' && r <= 'Я' || r == 'Ё' || r == 'п' ||
		r >= '♔' && r <= '♟' || isFontGlyph(r)
}

func scriptOf(r rune) Scripts {
	switch {
	case r < 0x80:
		return LatinLetters
	case isFontGlyph(r):
		return FontBytes
	case r >= '♔' && r <= '♟':
		return Figurines
	}
	return CyrillicLetters
}

// looksLikeMove reports whether a word that is not a move is written like
// one: at most 12 characters, every one of them something moves are written
// with (piece letters, files and their Cyrillic look-alikes, digits,
// separators, check and annotation signs), and a file letter right before
// a digit 1-9 somewhere ("Кf9", "e2-e9", "Фf819", "d5:"). Words of running
// text fail the first test; numbers, ordinals ("5-е") and abbreviations the
// second.
func looksLikeMove(w []byte) bool {
	square, n := false, 0
	prevFile := false
	for _, r := range string(w) {
		n++
		if n > 12 || !isMoveRune(r) {
			return false
		}
		square = square || prevFile && r >= '1' && r <= '9' // "e9", not "c0" (an EPD opcode)
		prevFile = isFileRune(r)
	}
	return square
}

// mistypedMove reports the other words that, standing where a move is
// expected, are a move typed wrong rather than a word of text. Either a
// square typed with the wrong keyboard layout or letter after a piece:
// a piece letter (Latin, Russian "К Ф Л С Кр", lowercase "к ф л кр", a
// figurine or font glyph), at most two characters that disambiguate or
// capture (Latin files and ranks, "x", ":", "-"), a lowercase letter of
// the Cyrillic script or a Latin file, a rank 1-9, and nothing after but check and judgement signs
// ("Кп5", "Кг3", "крп2", "¡h2", "Nbп5+"); or a Russian pawn or
// piece letter or a figurine before nothing but Latin files and separators
// ("пed", "п:d"). Words of text fall outside both: "Elo2700", "Game2",
// "No1", "Black2", "Fig1", "Лев1", "Фото1", "C20", "§2" (prose has no
// piece letter, then a letter and a rank at its end; an ECO code has no
// lowercase letter before its digits).
func mistypedMove(w []byte) bool {
	w = bytes.TrimRight(w, "+#!?")
	first, size := utf8.DecodeRune(w)
	switch {
	case first == 'К' || first == 'к':
		if r2, size2 := utf8.DecodeRune(w[size:]); r2 == 'р' || r2 == 'Р' {
			size += size2 // "Кр", "КР", "кр"
		}
	case first >= 'A' && first <= 'Z' && strings.ContainsRune("KQRBNDTLSFCAPHWGVJ", first),
		first == 'Ф' || first == 'Л' || first == 'С' || first == 'ф' || first == 'л' || first == 'п',
		first >= '♔' && first <= '♟', first >= 0xA1 && first <= 0xBF:
	default:
		return false // "ина14", "Тур5", "5-е", "1985г."
	}
	rest := w[size:]
	if n := len(rest); n >= 2 && rest[n-1] >= '1' && rest[n-1] <= '9' {
		// The letter before the rank, and what stands between it and the piece.
		r, rs := utf8.DecodeLastRune(rest[:n-1])
		lower := r >= 'a' && r <= 'h' || r >= 0x430 && r <= 0x45F // a Latin file, any Cyrillic lowercase
		if !lower || utf8.RuneCount(rest[:n-1-rs]) > 2 {
			return false
		}
		for _, c := range rest[:n-1-rs] {
			if !(c >= 'a' && c <= 'h' || c >= '1' && c <= '8' || c == 'x' || c == ':' || c == '-') {
				return false
			}
		}
		return true
	}
	// "пed", "п:d": a Russian letter or a figurine, then Latin files only.
	if first != 'К' && first != 'Ф' && first != 'Л' && first != 'С' && first != 'п' && (first < '♔' || first > '♟') {
		return false
	}
	file := false
	for _, c := range rest {
		switch {
		case c >= 'a' && c <= 'h':
			file = true
		case c == ':' || c == '-' || c == 'x':
		default:
			return false
		}
	}
	return file
}

// isMoveRune reports the characters a move may be written with in any
// notation the parser reads.
func isMoveRune(r rune) bool {
	switch {
	case r >= 'a' && r <= 'h', r >= '0' && r <= '9', isSepRune(r), isFileRune(r):
		return true
	case r >= 'A' && r <= 'Z' && r != 'I' && r != 'J' && r != 'U' && r != 'V' && r != 'W' && r != 'X' && r != 'Y':
		return true // Latin piece letters of several languages, capital files
	case r >= '♔' && r <= '♟', isFontGlyph(r):
		return true
	}
	switch r {
	case 'К', 'Ф', 'Л', 'С', 'П', 'п', 'р', 'p', 'r', 'З', 'б', 'l', '+', '#', '!', '?', '=', '(', ')', '/', '‡', '†', '@':
		return true
	}
	return false
}

// gluedTail reads the word src[i:e], which is no move, as the end of the
// move before it when a record runs them together: a check or mate mark
// after a blank ("Qh4 #", "Nf7 +"), the mark of that move, written over two
// words as "N f3" is; a PGN result marker glued to the game's last move
// ("gxf41-0", "Qh4#0-1"); or both ("Re3 #1-0"). A person reads them so,
// and a syntax error would lose the result. A glued marker is read only
// where the game ends after it (gameEndsAt): "gxf41-0 41. Kh1" is a word
// typed wrong, not a result. It reports whether it read the word.
//
//go:noinline
func (p *Parser) gluedTail(i, e int) bool {
	s := p.src
	k := i
	for k < e && (s[k] == '+' || s[k] == '#') {
		k++
	}
	if k > i && (!p.lastWasMove || k-i > 2) {
		return false
	}
	m, res := e, ""
	if k < e {
		res, m = gluedResult(s[k:e])
		m += k
		if res == "" || !p.gameEndsAt(e) || k > i && m != k || k == i && m == k {
			return false
		}
	}
	if k > i && !p.markApart(i, k) {
		return false
	}
	if k == i {
		if _, _, kind, _, _, _ := p.normalize(s[i:m]); kind != kindMove {
			return false
		}
		n := len(p.g.Moves)
		p.moveWord(i, m)
		if len(p.g.Moves) == n {
			return false
		}
	}
	if res != "" && p.result(m, res) {
		p.g.ResultRaw = p.span(m, e)
	}
	return true
}

// gluedResult finds the PGN result marker that ends w and returns it and
// where it starts ("", len(w) for none).
func gluedResult(w []byte) (string, int) {
	for _, res := range [...]string{"1/2-1/2", "1-0", "0-1", "*"} {
		if bytes.HasSuffix(w, []byte(res)) {
			return res, len(w) - len(res)
		}
	}
	return "", len(w)
}

// gameEndsAt says whether the game read ends after the word that ends at
// src offset e: by movetextEndsAt in a game with tags, by textEndsAt in
// scoresheet text.
func (p *Parser) gameEndsAt(e int) bool {
	if p.text {
		return p.textEndsAt(e)
	}
	return p.movetextEndsAt(e)
}

// movetextEndsAt says whether the line ends at src offset e, after blanks,
// and only blank lines stand between it and the input's end or the next tag
// pair. A tag pair on the line, a chunk's end inside it, would read
// otherwise in a chunk that the Splitter cut there. src ends at a line end
// or at the input's end, unless the Splitter cut a game at the size cap
// there (segCut): the game goes on in the next chunk.
func (p *Parser) movetextEndsAt(e int) bool {
	s := p.src
	for e < len(s) && (s[e] == ' ' || s[e] == '\t' || s[e] == '\r') {
		e++
	}
	if e < len(s) && s[e] != '\n' {
		return false
	}
	for e < len(s) && isSpaceByte(s[e]) {
		e++
	}
	if e == len(s) {
		return !p.segCut
	}
	return s[e] == '['
}

// textEndsAt says whether a game of scoresheet text ends after the word
// that ends at src offset e: the next word begins the next game (a move
// numbered back to the game's first, numberedBack), or the word ends its
// line and the next line opens with neither a move, a move number nor a
// variation (a heading: "Партия 2", "Game 3: Tal – Petrosian"), or src
// ends. The Splitter cuts such text only before a "1." and a move (or at
// the size cap, segCut), where this reads the same whether the chunk ends
// there or not.
func (p *Parser) textEndsAt(e int) bool {
	s := p.src
	k := e
	for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r') {
		k++
	}
	if k < len(s) && s[k] != '\n' {
		return p.numbersBackAt(k)
	}
	for k < len(s) && isSpaceByte(s[k]) {
		k++
	}
	switch {
	case k == len(s):
		return !p.segCut
	case s[k] >= '0' && s[k] <= '9':
		return p.numbersBackAt(k)
	case s[k] == '(' || s[k] == '[' || s[k] == '$':
		return false
	}
	w := p.src[k:scanWord(s, k)]
	if looksLikeMove(w) || mistypedMove(w) || resultOf(w) != "" {
		return false
	}
	var words Parser // scratch of its own: the caller's word is still being read
	_, _, kind, _, _, _ := words.normalize(bytes.TrimRight(w, ".,"))
	return kind != kindMove && kind != kindFilePair && kind != kindAnnotation
}

// numbersBackAt says whether the word at src offset k is a White move
// number ("1.", "1", "1.e4") that numbers back to the game's first move, and
// so begins the next game (numberedBack).
func (p *Parser) numbersBackAt(k int) bool {
	s := p.src
	w := s[k:scanWord(s, k)]
	j := 0
	for j < len(w) && w[j] >= '0' && w[j] <= '9' {
		j++
	}
	if j == 0 || j > 4 || resultOf(w) != "" {
		return false
	}
	if rest := w[j:]; bytes.HasPrefix(rest, []byte("..")) || isEllipsis(rest) || len(rest) > 1 && rest[0] == '.' && isEllipsis(rest[1:]) {
		return false // Black's number: "1...", "1…"
	}
	ply := int32(2*atoi(w[:j]) - 1)
	return ply >= 1 && ply <= max(p.firstPly, 1) && (ply == 1 || !p.firstFromFEN)
}

// markApart adds the check or mate mark src[i:k] to the game's last move,
// from which only blanks on its line part it, when that move has none: the
// replay then judges the mark as it judges one written on the move.
func (p *Parser) markApart(i, k int) bool {
	n := len(p.g.Moves) - 1
	if n < 0 {
		return false
	}
	mv := &p.g.Moves[n]
	from, to := p.gs+int(mv.Raw.Off), p.gs+int(mv.Raw.Off+mv.Raw.Len)
	if mv.Raw.Off&spanInExtras != 0 || to > i {
		return false
	}
	for x := to; x < i; x++ {
		if s := p.src[x]; s != ' ' && s != '\t' {
			return false
		}
	}
	norm := p.spanBytes(mv.Norm)
	if len(norm) == 0 || norm[len(norm)-1] == '+' || norm[len(norm)-1] == '#' {
		return false
	}
	b := make([]byte, 0, len(norm)+k-i) // rare: no scratch kept
	// Norm is no longer the word the parser took apart.
	mv.Norm, mv.Parts = p.extraSpan(append(append(b, norm...), p.src[i:k]...)), 0
	mv.Raw = p.span(from, k)
	mv.Folds |= FoldSpaced
	return true
}
