package pipeline

import (
	"bytes"
	"strings"
	"sync"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// missingTag is the value export gives a roster tag the game lacks
// (Result is filled from the recorded result instead).
func missingTag(name string) string {
	if name == "Date" {
		return "????.??.??"
	}
	return "?"
}

// AppendPGN appends game g in PGN export format (standard, section 8) to
// dst: the Seven Tag Roster first (for a game without tags, with what its
// heading names: readHeading), then the other tags in their order, a
// blank line, the movetext in SAN with move numbers, NAGs as $n, comments
// and variations kept, lines under 80 columns (but for a comment word too
// long for one), the result, a blank line.
//
// r must come from validate.Check with Options.SAN set; a move it did not
// replay (an illegal move and what follows it in its line, moves after
// mate, a game not replayed at all) is not written as a move: a comment on
// the move before (or before the first move) says why, quoting the
// finding, and gives the rest of the line as written: the source text
// from the move's own move number (or the text skipped after the move
// before it, or the move itself) to the end of its line (the result, or
// the variation's closing parenthesis), comments, NAGs and variations
// included. Where the parser skipped text of the main line it could not
// read (a problem after the first move, outside comments and variations,
// that is not about a delimiter), the main line stops there the same way:
// the note on the move before gives the problem and the rest of the game
// as written from that text on. So no game is lost, the output reads back
// with no illegal move, and it never reads as a game other than the one
// written without saying so. A report without SAN counts as nothing
// replayed.
//
// Comments are written as prose: blanks fold to single spaces, a '}'
// (which only a ';' comment or quoted source text can hold) becomes ')',
// and in quoted source text "[%" becomes "[ %" (a command of a move not
// written is not one of the move the note is on); [%commands] are kept as
// written. A word too long for a line stays whole on a line of its own,
// however long (only past maxLongWord bytes, which no line of 255 bytes
// could hold, is it cut). Tag pairs are never wrapped, so a tag value near
// 80 characters makes the one line longer. Converting the output again
// gives it back byte for byte.
//
// It is a pure function of g and r, safe to call from many goroutines.
func AppendPGN(dst []byte, g *parser.Game, r *validate.Report) []byte {
	if g.NotAGame() {
		return dst // nothing to write: its syntax finding says why
	}
	w := pgnWriters.Get().(*pgnWriter)
	w.out.buf = dst
	dst = w.write(g, r)
	w.g, w.r, w.out.buf = nil, nil, nil
	pgnWriters.Put(w)
	return dst
}

// pgnWriters keeps the scratch space of AppendPGN between games.
var pgnWriters = sync.Pool{New: func() any { return new(pgnWriter) }}

// pgnWriter writes one game. The move tree is rebuilt as the replay reads
// the game (buildTree): the children of a node in source order, the
// continuation of each node (the child on the node's own line), and each
// move's ply. Node len(g.Moves) stands for the start position.
type pgnWriter struct {
	g   *parser.Game
	r   *validate.Report
	num numbering

	par               []int32 // the parent of each move
	first, last, next []int32 // children lists: first child, last child, next sibling
	cont              []int32 // the continuation of each node, -1 for none
	ply               []int32

	stack []frame
	note  []byte // the comment being put together
	tok   []byte // one comment word, cleaned

	// The main line stops where the parser skipped text it could not read
	// (cut): the moves from cutRaw on (an input offset) are not written,
	// and the note after move cutAfter (-1: none) gives the text as written
	// from Text offset cutText on, saying why (cutWhy).
	cutRaw   int64
	cutAfter int32
	cutText  int
	cutWhy   string
	// mtEnd is the end of the movetext in Text: where the result stands,
	// else the end of the game's own text.
	mtEnd int

	out lineWriter
}

// frame is one line being walked: its current move and the next sibling
// to look at for variations of that move (-1 when it has none).
type frame struct {
	m, v int32
}

func (w *pgnWriter) root() int32 { return int32(len(w.g.Moves)) }

func (w *pgnWriter) parent(m int32) int32 { return w.par[m] }

// replayed says whether move m is written as a move: the report replayed
// it and it stands before the text the main line stops at.
func (w *pgnWriter) replayed(m int32) bool {
	return int(m) < len(w.r.SAN) && len(w.r.SAN[m].Bytes()) > 0 && !w.beyond(m)
}

// beyond says whether move m stands after the text the main line stops at:
// it is neither written nor noted, the note at the stop quoting it.
func (w *pgnWriter) beyond(m int32) bool { return w.g.Moves[m].Pos.Offset >= w.cutRaw }

// noted says whether move m, which the walk met, is not written and so
// needs a note.
func (w *pgnWriter) noted(m int32) bool { return !w.replayed(m) && !w.beyond(m) }

func (w *pgnWriter) write(g *parser.Game, r *validate.Report) []byte {
	w.g, w.r = g, r
	w.num = numberingOf(&GameRecord{Tags: g.Tags})
	if !r.Replayed && g.FirstPly > 0 {
		// Its note quotes it as written, from the number its first move
		// has: a fragment's "12... c6" is Black's.
		w.num = numbering{first: int(g.FirstPly+1) / 2, blackFirst: g.FirstPly%2 == 0}
	}
	result := r.RecordedResult
	if result == "" {
		result = "*" // a report not made by validate.Check
	}
	w.writeTags(g, result)
	w.buildTree()
	w.findCut()

	w.out.col = 0
	root := w.root()
	c0 := w.cont[root]
	w.note = append(w.note[:0], g.Bytes(g.Comment)...)
	if c0 >= 0 && w.noted(c0) {
		w.addNote(c0, false, 0)
	}
	w.out.needNumber = true
	w.comment(w.note)
	if c0 >= 0 && w.replayed(c0) {
		w.walk(c0)
	}
	w.out.word(result)
	w.out.end()
	return append(w.out.buf, '\n')
}

// writeTags writes the Seven Tag Roster, each tag's first occurrence or
// its placeholder, then every other tag in its order, then a blank line.
func (w *pgnWriter) writeTags(g *parser.Game, result string) {
	b := w.out.buf
	// A scoresheet without tags may name the players, the place and the
	// year in its heading, the game's leading comment (readHeading).
	var head headingTags
	if len(g.Tags) == 0 && g.Comment.Len > 0 {
		head, _ = readHeading(g.Str(g.Comment))
	}
	var used [len(validate.SevenTagRoster)]int
	for k, name := range validate.SevenTagRoster {
		used[k] = -1
		for i := range g.Tags {
			if g.Tags[i].Name == name {
				used[k] = i
				break
			}
		}
		v := missingTag(name)
		switch {
		case name == "Result":
			v = result
		case used[k] >= 0:
			v = g.Tags[used[k]].Value
		case name == "White" && head.White != "":
			v = head.White
		case name == "Black" && head.Black != "":
			v = head.Black
		case name == "Site" && head.Site != "":
			v = head.Site
		case name == "Date" && head.Date != "":
			v = head.Date
		}
		b = appendTag(b, name, v)
	}
	// A FEN wants SetUp "1" beside it, and a game replayed as Chess960 a
	// Variant tag saying so, or other readers replay it as standard chess
	// (arbiter reads Chess960 castling rights without one; PGN export does not).
	hasSetUp, hasVariant := false, false
	for i := range g.Tags {
		hasSetUp = hasSetUp || g.Tags[i].Name == "SetUp"
		hasVariant = hasVariant || g.Tags[i].Name == "Variant"
	}
	for i := range g.Tags {
		t := &g.Tags[i]
		inRoster := false
		for k := range used {
			inRoster = inRoster || used[k] == i
		}
		if inRoster {
			continue
		}
		if t.Name == "FEN" {
			if !hasVariant && w.r.Replayed && w.r.Final.Chess960() {
				b, hasVariant = appendTag(b, "Variant", "Chess960"), true
			}
			if !hasSetUp {
				b, hasSetUp = appendTag(b, "SetUp", "1"), true
			}
		}
		b = appendTag(b, t.Name, t.Value)
	}
	w.out.buf = append(b, '\n')
}

// appendTag writes one tag pair with its value escaped; a control
// character, which a tag line cannot hold, becomes a space.
func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ' ', '"')
	for i := 0; i < len(value); i++ {
		switch c := value[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20 || c == 0x7f:
			b = append(b, ' ')
		default:
			b = append(b, c)
		}
	}
	return append(b, '"', ']', '\n')
}

// buildTree links every move to its parent: the move before it on the
// main line for a main-line move, as the replay reads the main line, and
// Move.Prev for a move in a variation, as the replay plays variations. The
// continuation of a node is its child with the least depth, the first in
// source order among equals: the move on the node's own line; the other
// children are variations.
func (w *pgnWriter) buildTree() {
	n := len(w.g.Moves)
	w.par = fill(w.par, n)
	w.first = fill(w.first, n+1)
	w.last = fill(w.last, n+1)
	w.cont = fill(w.cont, n+1)
	w.next = fill(w.next, n)
	w.ply = fill(w.ply, n)
	mainPrev := w.root()
	for i := range n {
		m := int32(i)
		p := w.g.Moves[m].Prev
		switch {
		case w.g.Moves[m].Depth == 0:
			p, mainPrev = mainPrev, m
		case p < 0:
			p = w.root()
		}
		w.par[m] = p
		if w.last[p] < 0 {
			w.first[p] = m
		} else {
			w.next[w.last[p]] = m
		}
		w.last[p] = m
		if c := w.cont[p]; c < 0 || w.g.Moves[m].Depth < w.g.Moves[c].Depth {
			w.cont[p] = m
		}
		if p == w.root() {
			w.ply[m] = 1
		} else {
			w.ply[m] = w.ply[p] + 1
		}
	}
}

// fill returns s resized to n, every element -1.
func fill(s []int32, n int) []int32 {
	if cap(s) < n {
		s = make([]int32, n)
	}
	s = s[:n]
	for i := range s {
		s[i] = -1
	}
	return s
}

// variationsOf is where the variations of m start among its siblings: a
// move has variations only as the continuation of its parent.
func (w *pgnWriter) variationsOf(m int32) int32 {
	if p := w.parent(m); w.cont[p] == m {
		return w.first[p]
	}
	return -1
}

// walk writes the main line, which starts at start, and everything
// hanging from it: each replayed move, then its variations in parentheses,
// then the next move. The stack bounds nothing but memory: the parser caps
// the nesting depth.
func (w *pgnWriter) walk(start int32) {
	stack := &w.stack
	*stack = append((*stack)[:0], frame{m: start, v: w.variationsOf(start)})
	w.move(start, 0)
	for len(*stack) > 0 {
		top := &(*stack)[len(*stack)-1]
		v := top.v
		for v >= 0 && (v == top.m || !w.replayed(v)) {
			v = w.next[v]
		}
		if v >= 0 {
			top.v = w.next[v]
			w.out.word("(")
			w.out.glueNext = true
			w.out.needNumber = true
			*stack = append(*stack, frame{m: v, v: -1})
			w.move(v, len(*stack)-1)
			continue
		}
		if c := w.cont[top.m]; c >= 0 && w.replayed(c) {
			top.v = w.first[top.m]
			top.m = c
			w.move(c, len(*stack)-1)
			continue
		}
		*stack = (*stack)[:len(*stack)-1]
		if len(*stack) > 0 {
			addIfFits(&w.out, "", ")")
			w.out.needNumber = true
		}
	}
}

// move writes move m at nesting depth (0: the main line) in SAN with its
// NAGs and its comment, to which go the notes on what follows it that is
// not written.
func (w *pgnWriter) move(m int32, depth int) {
	mv := &w.g.Moves[m]
	o := &w.out
	o.word("")
	w.tok = w.appendNumber(w.tok[:0], m, o.needNumber, false)
	add(o, w.tok)
	add(o, w.r.SAN[m].Bytes())
	o.needNumber = false
	for _, nag := range mv.NAGs {
		if nag != 0 {
			o.nag(nag)
		}
	}

	w.note = append(w.note[:0], w.g.Bytes(mv.Comment)...)
	if p := w.parent(m); w.cont[p] == m {
		for v := w.first[p]; v >= 0; v = w.next[v] {
			if v != m && w.noted(v) {
				w.addNote(v, true, depth+1)
			}
		}
	}
	if c := w.cont[m]; c >= 0 && w.noted(c) {
		w.addNote(c, false, depth)
	}
	if m == w.cutAfter {
		w.addCutNote()
	}
	w.comment(w.note)
}

// appendNumber appends the move number of m: "12. " before White's move,
// "12... " before Black's when forced (first of a line, after a comment or
// a variation), nothing otherwise. The number counts from the start
// position, or is the one written before the move when asWritten.
func (w *pgnWriter) appendNumber(b []byte, m int32, force, asWritten bool) []byte {
	half := int(w.ply[m]) - 1
	if w.num.blackFirst {
		half++
	}
	if asWritten && w.g.Moves[m].Gap != 0 {
		half++ // a move is missing before it: as written, it is the other side's
	}
	white := half%2 == 0
	if !white && !force {
		return b
	}
	n := w.num.first + half/2
	if written := w.g.Moves[m].Number; asWritten && written > 0 {
		n = int(written)
	} else if lost, black, ok := w.lostNumber(m); asWritten && ok {
		n, white = lost, !black
	}
	b = appendInt(b, n)
	if white {
		return append(b, ". "...)
	}
	return append(b, "... "...)
}

// lostNumber is, for move m, written without a number of its own, the
// move number that stands last in the source between m and the move before
// it, with one word between it and m: the number of a move whose text was
// not read ("3. ЖF1-B5 A7-A6"), after which the sheet has m as that
// number's Black move, or as White's next after a Black number ("3... Жx
// a6"). The count of moves replayed has lost that move, so that only the
// number as written gives m the number the sheet gives it. ok is false
// when no such number stands there (more text between, as in a page of
// prose, leaves the count to say).
func (w *pgnWriter) lostNumber(m int32) (n int, black, ok bool) {
	g := w.g
	if m == 0 {
		return 0, false, false
	}
	prev := &g.Moves[m-1].Raw
	lo, t := int(prev.Off+prev.Len), int(g.Moves[m].Raw.Off)
	text := g.Text
	for i := lo; i < t; i++ {
		switch c := text[i]; {
		case c == '{' || c == ';':
			e, closed := asideEnd(text, i, t)
			if !closed {
				return n, black, ok
			}
			i = e
		case c >= '0' && c <= '9' && !isWordByte(text[i-1]):
			j := i
			for j < t && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			k, dots := j, 0
			for k < t {
				if text[k] == '.' {
					k, dots = k+1, dots+1
				} else if bytes.HasPrefix(text[k:t], []byte("…")) {
					k, dots = k+len("…"), dots+3
				} else {
					break
				}
			}
			decimal := k < t && text[k] >= '0' && text[k] <= '9' // "10.00", "0.2": no move number
			v := atoiBytes(text[i:j])
			n, black, ok = v, dots < 2, dots > 0 && !decimal && j-i <= 4 && v > 0 && len(bytes.Fields(text[k:t])) == 1
			if ok && !black {
				n++
			}
			i = max(k, j) - 1
		}
	}
	return n, black, ok
}

// appendInNumberOrder appends the moves from c on as written, each with the
// number written before it, for a scoresheet in two columns
// (parser.HasColumns): its moves are replayed in the order of their
// numbers, which the source text from c on does not follow (it holds the
// rows of the left column already replayed).
func (w *pgnWriter) appendInNumberOrder(dst []byte, c int32) []byte {
	g := w.g
	for m := c; m < int32(len(g.Moves)); m++ {
		raw := &g.Moves[m].Raw
		if m > c {
			dst = append(dst, ' ')
		}
		dst = w.appendSource(dst, w.moveStart(m), int(raw.Off+raw.Len))
	}
	return dst
}

func appendInt(b []byte, n int) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	var d [20]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

// addNote appends to w.note why move c was not written and the moves from c
// on as written in the source: c is a variation's first move (variation)
// or the next move of a line, whose rest it gives (depth 0: the main line).
//
//	arbiter: illegal move 23. Nxe6 (no white knight can reach e6); the rest of the game as written: 23. Nxe6 Qd7 ...
func (w *pgnWriter) addNote(c int32, variation bool, depth int) {
	g := w.g
	mv := &g.Moves[c]
	if len(w.note) > 0 {
		w.note = append(w.note, ' ')
	}
	w.note = append(w.note, "arbiter: "...)
	f := w.findingAt(mv.Pos)
	if !w.r.Replayed {
		f = nil // the game's setUpFinding says why, whatever stands at the move
	}
	label := w.appendNumber(w.tok[:0], c, true, true)
	if f != nil {
		w.note = append(w.note, failureWords(f.Code)...)
		w.note = append(w.note, ' ')
		w.note = append(w.note, label...)
		w.note = append(w.note, g.Bytes(mv.Raw)...)
		if variation {
			w.note = append(w.note, " in a variation"...)
		}
		w.note = appendReason(w.note, reasonOf(f.Message))
	} else {
		w.note = append(w.note, "not replayed from "...)
		w.note = append(w.note, label...)
		w.note = append(w.note, g.Bytes(mv.Raw)...)
		if w.parent(c) == w.root() {
			if f := w.setUpFinding(mv.Pos); f != nil {
				w.note = appendReason(w.note, f.Message)
			}
		}
	}
	switch {
	case variation:
		w.note = append(w.note, "; the variation as written: "...)
	case depth > 0:
		w.note = append(w.note, "; the rest of the variation as written: "...)
	case w.parent(c) == w.root():
		w.note = append(w.note, "; the game as written: "...)
	default:
		w.note = append(w.note, "; the rest of the game as written: "...)
	}
	if g.Has&parser.HasColumns != 0 {
		w.note = w.appendInNumberOrder(w.note, c)
		return
	}
	from := int(mv.Raw.Off)
	if p := w.parent(c); variation || p == w.root() {
		from = w.moveStart(c)
	} else {
		from = min(w.afterMove(p, from), w.moveStart(c))
	}
	end := w.mtEnd
	if variation || depth > 0 {
		end = w.lineEnd(from)
	}
	w.note = w.appendSource(w.note, from, end)
}

func appendReason(b []byte, reason string) []byte {
	if reason == "" {
		return b
	}
	b = append(b, " ("...)
	b = append(b, reason...)
	return append(b, ')')
}

// failureWords names why a move was not replayed, after the finding's code.
func failureWords(c validate.Code) string {
	switch c {
	case validate.IllegalMove:
		return "illegal move"
	case validate.AmbiguousMove:
		return "ambiguous move"
	case validate.Syntax:
		return "unreadable move"
	case validate.MovesAfterEnd:
		return "move after the end of the game"
	}
	return string(c)
}

// reasonOf trims a finding's message to the reason alone: the move it
// starts with ("Nxe6: ", as read, which may differ from the raw text) and
// the count of moves left unchecked are in the note already.
func reasonOf(msg string) string {
	if k := strings.Index(msg, ": "); k > 0 && k <= 16 && !strings.ContainsRune(msg[:k], ' ') {
		msg = msg[k+2:]
	}
	msg = strings.TrimSuffix(msg, " (in a variation)")
	// The count comes last, after any hint ("; the game may start from a
	// diagram..."), which stays.
	if k := strings.LastIndex(msg, "; the "); k >= 0 && strings.HasSuffix(msg, " not checked") {
		msg = msg[:k]
	}
	return msg
}

// stopCodes are the findings that stop a line, most telling first.
var stopCodes = [...]validate.Code{validate.IllegalMove, validate.AmbiguousMove, validate.MovesAfterEnd, validate.Syntax}

// findingAt is the finding that says why the move at pos was not replayed.
func (w *pgnWriter) findingAt(pos parser.Pos) *validate.Finding {
	fs := w.r.Findings
	for _, code := range stopCodes {
		for i := range fs {
			if fs[i].Code == code && fs[i].Pos == pos {
				return &fs[i]
			}
		}
	}
	return nil
}

// setUpFinding is the finding that kept a game from being replayed at
// all: an unsupported Variant or an unreadable FEN, found at its tag, or
// a fragment's (a first move numbered above 1 without a FEN), found at
// first, the first move's place.
func (w *pgnWriter) setUpFinding(first parser.Pos) *validate.Finding {
	for i := range w.r.Findings {
		f := &w.r.Findings[i]
		if f.Code != validate.VariantUnsupported && f.Code != validate.Syntax {
			continue
		}
		if f.Code == validate.Syntax && f.Pos == first && !w.r.Replayed {
			return f
		}
		for _, t := range w.g.Tags {
			if (t.Name == "Variant" || t.Name == "FEN") && t.Pos == f.Pos {
				return f
			}
		}
	}
	return nil
}
