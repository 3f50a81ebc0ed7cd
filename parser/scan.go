package parser

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// gameScan reads a chunk's text from its first byte, where the parser
// begins a game, as the parser reads it, to find a game start the chunk may
// end before where no tag section begins one (see findCut): a "1." and a
// move where the parser begins a new game, after one that has a move
// outside asides or has ended (a list of games without tags, headings such
// as "Game 12" between them), or a tag pair after a game's result (games
// written one after another on one line). Comments, '%' escape lines,
// variations, tag values and the asides and '#' notes of scoresheet text
// hide both.
//
// A game without tags is read by scoresheet rules (see doc.go) and one
// with tags by PGN's: a tag pair the parser reads in text without tags
// either ends the game read (after its result), is ignored (after a move),
// or turns the game to PGN's rules (before any); the scan follows the
// three where it knows which applies. Where the parser's reading depends
// on more than the scan follows (a word that may or may not be a move
// decides which, a ';' in asides nested past asideDepthRead), the scan is
// lost: it stops, and the splitter asks the parser itself (parsedCut).
//
// The scan is kept from one read of the splitter to the next and resumes
// where it stopped: a long line read block by block costs its length once,
// not once per block. A construct left undecided at the end of the bytes
// read (a comment not closed yet, a word running on) is read again from its
// start once the bytes past it have doubled (wait), so that a long one costs
// a constant factor of its length too.
type gameScan struct {
	k          int  // the next byte to read
	from       int  // the cut is looked for at or after from
	cut        int  // the cut found, -1 while there is none
	lost       bool // the text is read by rules the scan does not follow
	wait       int  // the construct at k is read again once the text reaches wait bytes
	lineStart0 bool // data[0] starts a line (not after a cut inside one)
	next       int  // where the last word read ended (a word starts there)
	brAt       int  // the last '[' tagLineAt read: no '[' after it on its line opens a tag line
	// lineDep is where the last '[' stands that the parser reads by the
	// rest of its line (a '[' that opens a line of text before the game's
	// first move: a damaged tag pair when the line is a tag line, else a
	// note; see Parser.bracket): a chunk cut later on that line would read
	// it otherwise. -1: none on the line read.
	lineDep int
	// piece is where the next piece of the chunk begins: the parser cuts a
	// chunk at its tag sections (the boundary rule, applied to the chunk
	// alone) and reads each piece from a fresh state, a comment left open
	// ending with its piece. pieceSure is false while more text may move
	// it (the bytes read end before it is decided), pieceSeen says how far
	// the '[' begin no tag section.
	piece, pieceSeen int
	pieceSure        bool
	work             int     // bytes read, counted for the tests
	words            *Parser // normalizes words (readAlone)
	// The scan reads a valid UTF-8 sequence as its character, and a word
	// with bytes that are not UTF-8 as one it cannot tell (see word); a
	// sequence the parser decodes from a code page (two letters, "Ð¡" for
	// "С") it misreads, so a cut after one is left to a Parser (lost).
	// forced and forcedEnc are Options.ForceEncoding and Encoding; the
	// chunk's bytes before checked hold a valid multi-byte sequence
	// (multi) and bytes that are not UTF-8 (invalid).
	forced         bool
	forcedEnc      Encoding
	checked        int
	multi, invalid bool

	// What the scan knows of the parser's state.
	pgn bool // the game has tags and is read by PGN's rules
	// closers holds the closing brackets of the variations and asides open.
	// The parser's stack is a top part of it: the same while ended is
	// endedNo; after a game split inside an aside, the parser's is
	// shorter (the new game starts with none open).
	closers []byte
	// moved (scoresheet text): the game has a move outside asides, or has
	// ended, so that a "1." and a move outside asides begin a new game.
	moved    bool
	ended    endedState
	hasMoves bool // the game has a move (false: it may have none)
	pending  bool // a move number waits for its move (false: it may not)
	fresh    bool // nothing but blanks, comments and tag pairs since the game began
	// firstOne (PGN): the game's first move outside variations was numbered
	// "1.", so that only another "1." and a move go back to it and begin a
	// game; while it is false, the game has no move outside variations.
	firstOne bool
}

// hasUTF8Sequence says whether b holds a valid multi-byte UTF-8 sequence.
// A lead byte followed by a continuation byte is looked for eight bytes
// at a time: text in a code page has few (Windows-1251 puts the Russian
// alphabet at 0xC0-0xFF, all lead bytes, and little at 0x80-0xBF), and a
// byte at a time cost a tenth of the cut scan's time on such text.
func hasUTF8Sequence(b []byte) bool {
	const high = 0x8080808080808080
	carry := uint64(0) // 0x80 when the byte before b[i] is a lead byte
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		top, next := x&high, (x<<1)&high
		lead, cont := top&next, top&^next // 11xxxxxx, 10xxxxxx
		for pairs := (lead<<8 | carry) & cont; pairs != 0; pairs &= pairs - 1 {
			at := i + bits.TrailingZeros64(pairs)/8 - 1 // the lead byte
			if r, size := utf8.DecodeRune(b[at:]); r != utf8.RuneError || size > 1 {
				return true
			}
		}
		carry = lead >> 56
	}
	for ; i < len(b); i++ {
		if b[i]&0xC0 == 0x80 && i > 0 && b[i-1] >= 0xC0 {
			if r, size := utf8.DecodeRune(b[i-1:]); r != utf8.RuneError || size > 1 {
				return true
			}
		}
	}
	return false
}

// endedState is what the scan knows of whether the game read has ended.
type endedState uint8

const (
	endedNo endedState = iota
	endedYes
	endedMaybe
)

// reset makes g read a chunk from its start, a game's start, looking for a
// cut at or after from.
func (g *gameScan) reset(from int, lineStart0 bool) {
	words := g.words
	if words == nil {
		words = new(Parser)
	}
	*g = gameScan{from: from, cut: -1, lineStart0: lineStart0, next: -1, brAt: -1, lineDep: -1,
		pieceSure: true, closers: g.closers[:0], fresh: true, work: g.work, words: words,
		forced: g.forced, forcedEnc: g.forcedEnc}
}

// cutAt makes k, where the parser begins a game, the cut when it is at or
// after from and no '[' before it on its line is read by the line's rest;
// data[k:to] is the text after k that told (the move after "1.", the tag
// pair).
func (g *gameScan) cutAt(data []byte, k, to int) {
	if g.lineDep >= 0 {
		if nl := bytes.IndexByte(data[g.lineDep:k], '\n'); nl < 0 {
			g.lineDep = k // and the line goes on: no '\n' before k either
			return
		}
		g.lineDep = -1
	}
	if k >= g.from {
		if g.decoded(data, to) {
			g.lost = true
			return
		}
		g.cut = k
	}
}

// decoded says whether the parser may decode a valid UTF-8 sequence of
// data[:k] from a code page, which the scan read as a character: a code
// page forced decodes every one, detection those of a piece with more
// bytes that are not UTF-8 than sequences. The whole chunk is looked at,
// not the piece, which errs on the safe side (a Parser finds the cut). A
// BOM at its start is never decoded.
func (g *gameScan) decoded(data []byte, k int) bool {
	if g.checked == 0 && bytes.HasPrefix(data, utf8BOM) {
		g.checked = len(utf8BOM)
	}
	if k > g.checked {
		// From one cut at a game start to the next: no UTF-8 sequence
		// spans the checks.
		if b := data[g.checked:k]; !isASCII(b) {
			switch {
			case utf8.Valid(b):
				g.multi = true
			case !g.multi:
				g.invalid = true
				g.multi = hasUTF8Sequence(b)
			default:
				g.invalid = true
			}
		}
		g.checked = k
	}
	if g.forced {
		return g.multi && g.forcedEnc != UTF8
	}
	return g.multi && g.invalid
}

// findPiece finds where the next piece of the chunk begins, at or after
// from. The splitter cuts at those past the target, but the scan reads
// through those before it.
func (g *gameScan) findPiece(data []byte, from int) {
	b, more := nextBoundaryFrom(data, from, max(from, g.pieceSeen), false, &before{})
	switch {
	case b >= 0:
		g.piece, g.pieceSure = b, true
	case more:
		// Not yet known whether the last line opens a tag section.
		g.piece, g.pieceSure = bytes.LastIndexByte(data, '\n')+1, false
	default:
		g.piece, g.pieceSure, g.pieceSeen = len(data), false, len(data)
	}
	g.work += len(data) - max(from, g.pieceSeen)
}

// newPiece makes the scan read on from a fresh state, where a piece of the
// chunk between tag sections begins.
func (g *gameScan) newPiece() {
	g.pgn, g.moved, g.ended, g.hasMoves, g.fresh, g.firstOne, g.pending = false, false, endedNo, false, true, false, false
	g.closers = g.closers[:0]
}

// pass drops the cut found, for the scan to look for the next.
func (g *gameScan) pass() { g.cut = -1 }

// scanGameStart returns the first game start the scan finds in
// data[from:limit], data[0] being a game's start (-1 when there is none, or
// when the scan is lost before one).
func scanGameStart(data []byte, from, limit int, lineStart0 bool) int {
	var g gameScan
	g.reset(from, lineStart0)
	g.run(data, limit, true)
	return g.cut
}

// run reads data[g.k:limit], data[:limit] being the text read so far,
// unless the construct at g.k waits for more (final: there will be no
// more, read it anyway).
func (g *gameScan) run(data []byte, limit int, final bool) {
	if g.cut >= 0 || g.lost || g.k >= limit || !final && limit < g.wait {
		return
	}
	data = data[:limit]
	start := g.k
	k := g.k
	if !g.pieceSure {
		g.findPiece(data, k)
	}
	for k < limit {
		if k == g.piece {
			g.newPiece()
			g.findPiece(data, k+1)
		}
		c := data[k]
		switch {
		case c == ';' && !g.pgn && len(g.closers) > asideDepthRead:
			// Past the parser's deepest nesting every ';' is a comment;
			// within it, as at the top. No reader sets MaxDepth below 8.
			g.lost = true
		case c == ';' && !g.pgn && k > 0 && !isSpaceByte(data[k-1]):
			k++ // punctuation after a word in scoresheet text
		case c == ';', (c == '%' || c == '#' && !g.pgn) && g.lineStartAt(data, k):
			// A comment to the line's end, an escape line or a note line
			// (only a line feed ends a line for the parser).
			e := bytes.IndexByte(data[k:], '\n')
			if e < 0 {
				g.undecided(k, limit)
				return
			}
			k += e
		case c == '{':
			if e := bytes.IndexByte(data[k:min(g.piece, limit)], '}'); e >= 0 {
				k += e + 1
			} else if g.pieceSure {
				k = g.piece // not closed in its piece
			} else {
				g.undecided(k, limit)
				return
			}
		case c == '(':
			g.openAside(')')
			k++
		case c == ')' || c == ']':
			if n := len(g.closers); n > 0 && g.closers[n-1] == c {
				g.closers = g.closers[:n-1]
			}
			g.pending = false
			k++
		case c == '[':
			e, ok := g.bracket(data, k)
			if !ok {
				g.undecided(k, limit)
				return
			}
			k, g.next = e, e
			if g.lost || g.cut >= 0 {
				g.work += k - start
				g.k = k
				return
			}
		case c == '$':
			// A NAG: the digits after it are no move number.
			j := k + 1
			for j < limit && data[j] >= '0' && data[j] <= '9' {
				j++
			}
			if j == limit {
				g.undecided(k, limit)
				return
			}
			k, g.next = j, j
		case isSpaceByte(c):
			k++
		case len(g.closers) > 0:
			// Inside asides the words are not read: no game begins or
			// ends there while the game read has not ended.
			g.fresh = false
			k++
		case k == 0 || k == g.next || wordDelim[data[k-1]]:
			e, ok := g.word(data, k)
			if !ok {
				g.undecided(k, limit)
				return
			}
			k, g.next = e, e
			if g.lost || g.cut >= 0 {
				g.work += k - start
				g.k = k
				return
			}
		default:
			k++
		}
		if g.lost {
			break
		}
	}
	g.work += k - start
	g.k = k
}

// undecided stops the scan at the construct at k, which the bytes up to
// limit do not decide, until the text past it has doubled.
func (g *gameScan) undecided(k, limit int) {
	g.work += k - g.k
	g.k = k
	g.wait = limit + max(limit-k, 1)
}

func (g *gameScan) lineStartAt(data []byte, k int) bool {
	if k == 0 {
		return g.lineStart0
	}
	return data[k-1] == '\n'
}

// openAside records an opening bracket: a variation, or in scoresheet text
// an aside.
func (g *gameScan) openAside(closer byte) {
	g.closers = append(g.closers, closer)
	g.pending = false
	if g.pgn {
		if g.ended == endedYes {
			// A move in it begins a game by scoresheet rules, which a
			// word alone does not tell.
			g.lost = true
		}
		return
	}
	if g.ended != endedNo {
		// A move in it begins a game there, inside the aside, which the
		// scan does not follow: no "1." begins one after it until a "1."
		// and a move outside asides. A game that has not ended goes on
		// through the aside as it was.
		g.moved = false
		g.ended = endedMaybe
	}
}

// bracket reads the '[' at data[k] and returns where the scan resumes,
// having set cut or lost where it applies; ok is false when data does not
// hold enough to tell.
func (g *gameScan) bracket(data []byte, k int) (next int, ok bool) {
	pair, more := tagPairAt(data, k)
	if more {
		return 0, false
	}
	if !pair {
		return g.aside(data, k)
	}
	end, more := tagPairSkip(data, k)
	if more {
		return 0, false
	}
	switch {
	case g.ended == endedYes:
		// The game has ended: the pair begins the next, read by PGN's
		// rules. A chunk may begin there when the pair is plainly written
		// (the parser reads a chunk's first tags as headTags does).
		if open, _ := tagOpenAt(data, k, true); open && k > 0 && isSpaceOrEOL(data[k-1]) {
			g.cutAt(data, k, end)
		}
		g.newPiece()
		g.pgn = true
	case g.pgn && g.ended == endedNo, !g.pgn && g.ended == endedNo && (g.hasMoves || g.pending):
		// After a move or a move number the pair is ignored; in a game
		// with tags, before one, it is one more.
	case !g.pgn && g.fresh:
		g.pgn = true // a tag pair before any move turns the game to PGN's rules
	default:
		g.lost = true
	}
	return end, true
}

// aside reads a '[' at data[k] that opens no tag pair: by PGN's rules a
// malformed pair skipped to its ']' on the line or to the line's end, in
// scoresheet text an aside, except on a tag line before the game's first
// move (see Parser.bracket).
func (g *gameScan) aside(data []byte, k int) (next int, ok bool) {
	malformed := g.pgn
	if !g.pgn && !g.hasMoves {
		line, more := g.tagLineAt(data, k)
		if more {
			return 0, false
		}
		if line && !g.fresh {
			g.lost = true // a move before it or not: an aside or not
			return k, true
		}
		malformed = line
	}
	if !malformed {
		g.openAside(']')
		return k + 1, true
	}
	// Its Problem says what the pair holds to its ']' (Parser.bracket),
	// no more: a cut after it on its line keeps it. A tag line in text
	// is read by its whole line (tagLineAt set lineDep).
	e := bytes.IndexAny(data[k:], "]\n")
	if e < 0 {
		return 0, false
	}
	if data[k+e] == ']' {
		e++
	}
	return k + e, true
}

// tagLineAt is Parser.tagLineAt for the '[' at data[k]; more is set when
// data ends before its line does.
func (g *gameScan) tagLineAt(data []byte, k int) (line, more bool) {
	if g.brAt >= 0 && bytes.IndexByte(data[g.brAt:k], '\n') < 0 {
		return false, false // not the line's first '['
	}
	ls := bytes.LastIndexByte(data[:k], '\n') + 1
	if bytes.IndexByte(data[ls:k], '[') >= 0 {
		g.brAt = k
		return false, false
	}
	e := bytes.IndexByte(data[k:], '\n')
	if e < 0 {
		return false, true
	}
	g.brAt = k
	g.lineDep = k // read by its whole line
	text := data[ls : k+e]
	if !isTagLine(text) {
		return false, false
	}
	return internedTagName(tagNameAt(data, ls)) != "" || bytes.IndexByte(text, '"') >= 0, false
}

// word reads the word at data[k] outside asides and returns where the scan
// resumes, having set cut or lost where it applies; ok is false when data
// does not hold enough to tell.
func (g *gameScan) word(data []byte, k int) (next int, ok bool) {
	e := scanWord(data, k)
	if e == len(data) {
		return 0, false // it may go on
	}
	if e == k {
		// A delimiter of its own: a quote, a comma, a no-break space.
		if data[k] < utf8.RuneSelf {
			return k + 1, true
		}
		if !utf8.FullRune(data[k:]) {
			return 0, false
		}
		_, size := utf8.DecodeRune(data[k:])
		return k + size, true
	}
	g.fresh = false
	w := data[k:e]
	if w[0] == '1' && len(w) > 1 && w[1] == '.' {
		move, more, to := moveAfter(data[k+2:])
		if more {
			return 0, false
		}
		if move {
			g.moveOne(data, k, k+2+to)
			return e, true
		}
	}
	if n := fastNumber(w); n > 0 && n < len(w) {
		// The parser reads the number alone (fastWord), and what follows
		// as a word of its own: "12.1-0" is a number and a result.
		w, e = w[:n], k+n
	}
	if !g.pgn && mayOpenList(data, k, e) && (len(data)-k < listReach || readPieceListOK(data, k)) {
		// A list of pieces may begin a game here (Parser.pieceListAt),
		// which the scan does not follow.
		g.lost = true
	}
	number := isMoveNumber(w)
	var kind wordKind
	alone := false
	if g.ended == endedYes && !number {
		kind, alone = g.readAlone(data, k, e)
	}
	switch {
	case isResult(w):
		g.ended, g.moved = endedYes, true
	case !utf8.Valid(w):
		// A legacy encoding may read a result or a move in it ("½-½").
		g.ended = endedMaybe
		g.lost = g.pgn
	case alone && kind == kindMove:
		// A move after the result begins a game, by scoresheet rules.
		g.pgn, g.moved, g.ended, g.hasMoves, g.firstOne = false, true, endedNo, true, false
	case g.pgn:
		g.pgnWord(w, alone && kind != kindFilePair)
	case g.ended == endedYes && !number && !(alone && kind != kindFilePair):
		g.ended = endedMaybe // a move after the result may begin a game
	}
	g.pending = number
	return e, true
}

// moveOne reads a "1." and a move outside asides at data[k], the move
// ending at to.
func (g *gameScan) moveOne(data []byte, k, to int) {
	split := g.moved
	if g.pgn {
		switch {
		case g.ended == endedYes, g.firstOne:
			split = true
		default:
			g.firstOne, g.hasMoves, g.pending = true, true, false // the game's first move
			return
		}
	}
	// A cut only where the game before is whole as a chunk's last: a game
	// with tags cut before its result gets a Problem saying so.
	if split && (!g.pgn || g.ended == endedYes) && k > 0 && isSpaceOrEOL(data[k-1]) {
		g.cutAt(data, k, to)
	}
	g.pgn, g.moved, g.ended, g.hasMoves, g.firstOne, g.pending = false, true, endedNo, true, false, false
}

// pgnWord reads a word other than "1." and a move, or a result, outside
// variations of a game with tags; prose says it is no move.
func (g *gameScan) pgnWord(w []byte, prose bool) {
	switch {
	case prose:
		// Text after the result, a heading: the game goes on ended.
	case isMoveNumber(w):
		// A number ("12.") begins no game itself; "1." may, with a move
		// other than the one the scan knows.
		g.lost = w[0] == '1' && (len(w) == 1 || w[1] == '.')
	case w[0] >= '0' && w[0] <= '9' && leadingNumber(w) == 1:
		g.lost = true // "1.e4" read otherwise, "01.", "1e4": numbered 1
	case g.ended == endedYes || !g.firstOne:
		// A move begins the next game, by scoresheet rules; or it is the
		// first, numbered otherwise than 1, and numbers back to it would.
		g.lost = true
	}
}

// fastNumber returns the length of the move number w starts with as
// fastWord reads one ("12.", "3..."), when the byte after it may go on as a
// move: 0 when it does not start so.
func fastNumber(w []byte) int {
	j, n := 0, 0
	for j < len(w) && j < 4 && w[j] >= '0' && w[j] <= '9' {
		n = n*10 + int(w[j]-'0')
		j++
	}
	if j == 0 || n == 0 || j == len(w) || w[j] != '.' {
		return 0
	}
	for j < len(w) && w[j] == '.' {
		j++
	}
	if j < len(w) && !fastSAN[w[j]] {
		return 0
	}
	return j
}

// readAlone returns what the parser reads the word data[k:e] outside
// asides as, when it reads it alone (ok): a word that starts with no
// digit, '½' or '*' is read by moveWord, which joins it with no word after
// it on the line here ("e2 - e4", "К d5", "e8(Q)"), and normalize reads it
// without its dots ("...e5") and punctuation. A heading after a result
// ("Game", "Kasparov") then leaves the game ended, so that a tag pair after
// it begins the next; a move begins one.
func (g *gameScan) readAlone(data []byte, k, e int) (kind wordKind, ok bool) {
	if c := data[k]; c >= '0' && c <= '9' || c == '*' || c == 0xC2 || !utf8.Valid(data[k:e]) {
		return 0, false
	}
	if e < len(data) {
		switch data[e] {
		case '(':
			return 0, false
		case ' ', '\t', 0xC2:
			j := skipBlanks(data, e)
			if j == len(data) {
				return 0, false
			}
			c := data[j]
			if j > e && !(c < utf8.RuneSelf && wordDelim[c]) &&
				(c >= utf8.RuneSelf || c >= 'a' && c <= 'h' || c == ':' || c == '-' || c == 'x') {
				return 0, false
			}
		}
	}
	w := data[k:e]
	for len(w) > 0 && (w[0] == '.' || isEllipsis(w)) {
		if w[0] == '.' {
			w = w[1:]
		} else {
			w = w[3:]
		}
	}
	for len(w) > 0 && (w[len(w)-1] == '.' || w[len(w)-1] == ',') && !bytes.HasSuffix(w, epSuffix) {
		w = w[:len(w)-1]
	}
	if len(w) == 0 {
		return kindProse, true
	}
	_, _, kind, _, _, folds := g.words.normalize(w)
	if kind == kindMove && folds&FoldCapitalFile != 0 && pieceBeforeCapital(w) {
		// A move or a word of prose as the words before it and the
		// game's moves decide (Parser.capitalAfterProse): not known here.
		return 0, false
	}
	return kind, true
}

// isMoveNumber says that w is a move number and nothing else ("12", "3."):
// digits, the first not 0, and dots.
func isMoveNumber(w []byte) bool {
	if w[0] < '1' || w[0] > '9' {
		return false
	}
	i := 1
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	for i < len(w) && w[i] == '.' {
		i++
	}
	return i == len(w)
}

// leadingNumber returns the value of the digits w starts with (capped).
func leadingNumber(w []byte) int {
	n := 0
	for _, c := range w {
		if c < '0' || c > '9' || n > 1<<20 {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// isResult says that the parser reads the word w as a result marker: "*",
// or a word that starts with a digit or '½' and is no move number, which
// resultOf reads ("1-0", "½-½", "1:0", "0-1.").
func isResult(w []byte) bool {
	if len(w) == 1 && w[0] == '*' {
		return true
	}
	if !(w[0] >= '0' && w[0] <= '9' || w[0] == 0xC2 && len(w) > 1 && w[1] == 0xBD) {
		return false
	}
	j := 0
	for j < len(w) && w[j] >= '0' && w[j] <= '9' {
		j++
	}
	if j == len(w) || j > 0 && (w[j] == '.' || isEllipsis(w[j:])) {
		return false
	}
	return resultOf(w) != ""
}

// tagPairAt says whether the parser reads a tag pair at the '[' at data[k]
// (Parser.tagPair): blanks (no-break spaces too), a name of 1 to
// maxTagName letters, digits or '_', blanks and a '"'. more is set when
// data ends before that is known.
func tagPairAt(data []byte, k int) (pair, more bool) {
	j, more := skipBlanksTo(data, k+1)
	if more {
		return false, true
	}
	ns := j
	for j < len(data) && isTagNameByte(data[j]) {
		j++
		if j-ns > maxTagName {
			return false, false
		}
	}
	if j == ns {
		return false, j == len(data)
	}
	j, more = skipBlanksTo(data, j)
	if more {
		return false, true
	}
	return data[j] == '"', false
}

// skipBlanksTo is skipBlanks, with more set when data ends in the blanks.
func skipBlanksTo(data []byte, i int) (int, bool) {
	i = skipBlanks(data, i)
	return i, i == len(data) || i == len(data)-1 && data[i] == 0xC2
}

// tagPairSkip returns where the parser's reading of the tag pair at
// data[k] ends (Parser.tagPair): its value to the closing quote (escapes
// honoured) or to the line's end, blanks, and a ']'; or, the value closed,
// the line's first ']' after it with no '[' between. more is set when data
// ends before that is known.
func tagPairSkip(data []byte, k int) (end int, more bool) {
	j := bytes.IndexByte(data[k:], '"') + k + 1
	closed := false
value:
	for j < len(data) {
		switch data[j] {
		case '"':
			closed = true
			j++
			break value
		case '\n', '\r':
			break value
		case '\\':
			if j+1 < len(data) && (data[j+1] == '"' || data[j+1] == '\\') {
				j++
			}
		}
		j++
	}
	if j >= len(data) && !closed {
		return 0, true
	}
	j, more = skipBlanksTo(data, j)
	if more {
		return 0, true
	}
	if data[j] == ']' {
		return j + 1, false
	}
	if !closed {
		return j, false
	}
	e := bytes.IndexAny(data[j:], "[]\n")
	switch {
	case e < 0:
		return 0, true
	case data[j+e] == ']':
		return j + e + 1, false
	}
	return j, false
}

// moveAfter is moveFollows for b, the text after a "1." that may go on:
// more is set when b ends before the word after the blanks does, and end
// is where that word ends.
func moveAfter(b []byte) (move, more bool, end int) {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	j := i
	for j < len(b) && !isSpaceByte(b[j]) {
		j++
		if j-i > 12*utf8.UTFMax {
			return false, false, j // longer than any move looksLikeMove takes
		}
	}
	if j == len(b) {
		return false, true, j
	}
	return moveFollows(b), false, j
}
