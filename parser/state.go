package parser

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// beginGame resets the game state for a game whose text starts at src
// offset at, input position start.
func (p *Parser) beginGame(at int, start Pos) {
	g := &p.g
	g.Start = start
	g.Tags = g.Tags[:0]
	g.Moves = g.Moves[:0]
	g.Problems = g.Problems[:0]
	g.UnreadClocks = g.UnreadClocks[:0]
	g.UnreadEvals = g.UnreadEvals[:0]
	g.Renumbered = g.Renumbered[:0]
	g.Result = ""
	g.ResultPos = Pos{}
	g.ResultRaw = Span{}
	g.NextHeading = 0
	g.FirstPly = 0
	g.Comment = Span{}
	g.Encoding, g.EncodingAlt = p.enc, p.encAlt
	g.Scripts = 0
	g.Has = 0
	g.BOM = false
	g.EPD = false
	g.PieceList = false
	g.Perft = g.Perft[:0]
	g.PV, g.SV = LineOfPlay{}, LineOfPlay{}
	g.Lead, g.LeadBOM = p.lead(at, start)
	if len(g.Pairs) > 0 {
		g.Pairs = g.Pairs[:0]
	}
	p.gs = at
	p.extras = p.extras[:0]
	p.plies = p.plies[:0]
	p.stack = p.stack[:0]
	p.fr = frame{cur: -1, spine: -1, base: -1, onSpine: true}
	p.firstPly = 0
	p.pend = pending{}
	p.ended = false
	p.held = p.held[:0]
	p.lastWasMove = false
	p.inProse, p.proseFrom = false, -1
	p.sawProse = false
	if len(p.remarks) > 0 || p.wordRes.res != "" || len(p.heading) > 0 {
		p.remarks, p.remarkOpen = p.remarks[:0], false
		p.wordRes = wordResult{}
		p.heading = p.heading[:0]
	}
	p.lost = 0
	p.capitals = false
	p.threat = threatRun{}
	p.namedEnd = -1
	p.blackFirst = false
	p.gapMoves = 0
	p.placedIdx, p.placedPly = -1, 0
	p.slipIdx, p.slipPly = -1, 0
	p.firstFromFEN = false
	p.text = true
	p.tagRefs = p.tagRefs[:0]
	p.tagBuf = p.tagBuf[:0]
	p.said = 0
	if p.continued {
		p.continued = false
		p.problemAt(g.Start, "this text continues a game cut at the chunk size limit")
	}
}

// lead counts the characters before src offset at, where a game begins
// at input position start, on its line (Game.Lead): 0 at a line's start,
// and where the line's start lies before the segment or its text is not
// UTF-8 (a one-byte code page has a character a byte: the byte column is
// right there). bom says the line begins with the segment's BOM, which
// src leaves out (Game.LeadBOM). Games one after another on one long line
// are counted on from the one before, not from the line's start each.
func (p *Parser) lead(at int, start Pos) (n int64, bom bool) {
	if start.Col <= 1 {
		return 0, false
	}
	lineRaw := start.Offset - int64(start.Col-1)
	first := p.segFromLine && lineRaw == p.segLineRaw // the segment's own first line
	bom = first && p.segBOM
	if p.legacy {
		return 0, bom
	}
	from := int(lineRaw - p.rawBase) // src is the input's bytes here
	if from < 0 {
		if !first {
			return 0, bom
		}
		from = 0 // past the BOM
	}
	if from > at {
		return 0, bom
	}
	if p.leadLine != from || p.leadTo > at {
		p.leadLine, p.leadTo, p.leadN, p.leadOK = from, from, 0, true
	}
	b := p.src[p.leadTo:at]
	p.leadOK = p.leadOK && utf8.Valid(b) && bytes.IndexByte(b, '\n') < 0
	p.leadN += int64(utf8.RuneCount(b))
	p.leadTo = at
	if !p.leadOK {
		return 0, bom
	}
	return p.leadN, bom
}

// finishGame completes the game at src offset at (input position end) and
// hands it on. last says that it ends the piece being read, whose text
// nothing reads afterwards.
func (p *Parser) finishGame(at int, end Pos, cut, last bool) {
	g := &p.g
	g.End = end
	p.fileHeld()
	if len(p.remarks) > 0 || p.wordRes.res != "" {
		p.endRemarks(at, last)
	}
	if g.Result == "" {
		g.ResultPos = p.textEnd(at, end)
		if p.text && p.proseFrom >= p.gs && p.proseFrom < at && len(g.Moves) > 0 {
			// Scoresheet text after the last move (the next game's
			// heading) is not where the result would be written.
			g.ResultPos = p.textEnd(p.proseFrom, p.proseFromPos)
		}
	}
	if len(p.stack) > 0 {
		p.problemAt(p.fr.pos, fmt.Sprintf("%d variation(s) not closed", len(p.stack)))
	}
	if cut {
		p.problemAt(end, "game cut here: it is longer than the chunk size limit")
	}
	// Text with words in it that holds nothing of a game (a web page saved
	// as .pgn, a preamble in prose) is reported; comments and escape lines
	// alone, which PGN allows between games, are not.
	if g.NotAGame() && len(g.Problems) == 0 && p.sawProse {
		p.problemAt(g.Start, "no tag pair, move or result could be read here: the text is not a game record")
	}
	if len(g.Problems) > 0 {
		p.readColumns()
	}
	if last && p.legacy && p.gs == 0 && cap(p.dec)-len(p.dec) >= len(p.extras) {
		// The game is the whole piece decoded: its text takes the decoded
		// bytes, and the decoder the text's storage, rather than a copy
		// (as long as a chunk for prose: 30 MiB of Cyrillic).
		g.Text, p.dec = p.dec, g.Text[:0]
	} else {
		g.Text = append(g.Text[:0], p.src[p.gs:at]...)
	}
	if g.Encoding != UTF8 && isASCII(g.Text) {
		// Plain ASCII reads the same in every encoding: the game says so
		// itself, whatever the piece around it was decoded with, as one
		// between tag sections does. A chunk cut at a game in text without
		// tags then labels the game as the whole piece does.
		g.Encoding, g.EncodingAlt = UTF8, UTF8
	}
	base := uint32(len(g.Text))
	g.Text = append(g.Text, p.extras...)
	fix := func(s *Span) {
		if s.Off&spanInExtras != 0 {
			s.Off = s.Off&^spanInExtras + base
		}
	}
	if len(p.extras) > 0 { // else no span points into them
		fix(&g.Comment)
		for k := range g.Moves {
			fix(&g.Moves[k].Norm)
			fix(&g.Moves[k].Comment)
		}
		for k := range g.Pairs {
			fix(&g.Pairs[k].First.Norm)
			fix(&g.Pairs[k].Second.Norm)
		}
	}
	if len(p.tagRefs) > 0 {
		all := string(p.tagBuf)
		for k, r := range p.tagRefs {
			t := &g.Tags[k]
			t.Value = all[r.valOff : r.valOff+r.valLen]
			if r.nameLen > 0 {
				t.Name = all[r.nameOff : r.nameOff+r.nameLen]
			}
		}
	}
	if p.emit != nil {
		p.emit(g)
	}
}

// textEnd is the position right after the game's last token, for a game
// that ends at src offset at (input position end) without a result marker:
// where the marker would stand, and so where a finding about the missing
// result belongs, rather than the game's End, which lies after the blank
// lines that follow it (the next game's first tag, or past the file's last
// line). The game's start when it holds nothing but blanks.
func (p *Parser) textEnd(at int, end Pos) Pos {
	i := at
	for i > p.gs {
		if c := p.src[i-1]; c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' {
			break
		}
		i--
	}
	if i == p.gs {
		return p.g.Start
	}
	r := p.raw(i)
	n := int64(bytes.Count(p.src[i:at], nl))
	if n == 0 {
		return Pos{Offset: r, Line: end.Line, Col: end.Col - (end.Offset - r)}
	}
	lineRaw := p.segLineRaw // i is on the segment's first line
	if k := bytes.LastIndexByte(p.src[:i], '\n'); k >= 0 {
		lineRaw = p.raw(k + 1)
	}
	return Pos{Offset: r, Line: end.Line - n, Col: r - lineRaw + 1}
}

// splitGame ends the current game at src offset at (position pos) and starts
// a new one there.
func (p *Parser) splitGame(at int, pos Pos) {
	held := p.held
	p.held = nil
	p.finishGame(at, pos, false, false)
	heading := p.heading
	p.heading = nil
	if n := len(heading); n > 0 {
		heading[n-1].b = p.throughNumbers(heading[n-1].b, at)
	}
	p.beginGame(at, pos)
	// Both lie before at, in the game before, each in the order read: the
	// new game's leading comment takes them in the order written.
	for len(held) > 0 || len(heading) > 0 {
		var r srcRange
		if len(heading) == 0 || len(held) > 0 && held[0].a < heading[0].a {
			r, held = held[0], held[1:]
		} else {
			r, heading = heading[0], heading[1:]
		}
		p.leadingComment(r)
	}
	p.held = held[:0]
	p.heading = heading[:0]
}

// leadingComment joins src[r.a:r.b], which lies before the game's text, to
// its leading comment.
func (p *Parser) leadingComment(r srcRange) {
	if c := &p.g.Comment; c.Len == 0 {
		*c = p.extraSpan(p.src[r.a:r.b])
	} else {
		p.appendSpan(c, r.a, r.b)
	}
}

// fileHeld files the comments held after the result into the game itself:
// no game follows them in the piece, or the game goes on after all.
func (p *Parser) fileHeld() {
	for _, r := range p.held {
		p.fileComment(r.a, r.b)
	}
	p.held = p.held[:0]
}

// Problem reporting ---------------------------------------------------------

func (p *Parser) problem(i int, msg string) { p.problemAt(p.posAt(i), msg) }

// problemLink is the Move.Gap that links a move to the problem the next
// problemAt files.
func (p *Parser) problemLink() uint16 {
	if n := len(p.g.Problems); n < p.opt.MaxProblems && n < int(GapUnlinked)-1 {
		return uint16(n + 1)
	}
	return GapUnlinked
}

func (p *Parser) problemAt(pos Pos, msg string) {
	g := &p.g
	p.events++
	switch {
	case len(g.Problems) < p.opt.MaxProblems:
		g.Problems = append(g.Problems, Problem{Pos: pos, Message: msg})
	case len(g.Problems) == p.opt.MaxProblems:
		g.Problems = append(g.Problems, Problem{Pos: pos, Message: "too many problems in this game; the rest are not reported"})
	}
}

// Problems reported once per game.
const (
	saidControl uint16 = 1 << iota
	saidTooMany
	saidDepth
	saidLongComment
	saidTooManyTags
)

func (p *Parser) once(flag uint16) bool {
	if p.said&flag != 0 {
		return false
	}
	p.said |= flag
	return true
}

// Spans ----------------------------------------------------------------------

// span returns the Span of src[i:j] in the game's Text.
func (p *Parser) span(i, j int) Span {
	return Span{Off: uint32(i - p.gs), Len: uint32(j - i)}
}

// extraSpan appends b to the extras and returns its Span.
func (p *Parser) extraSpan(b []byte) Span {
	if len(b) == 0 {
		return Span{} // finishGame fixes spans only when there are extras
	}
	off := len(p.extras)
	p.extras = append(p.extras, b...)
	return Span{Off: uint32(off) | spanInExtras, Len: uint32(len(b))}
}

// spanBytes returns the bytes of a span of the game being read.
func (p *Parser) spanBytes(s Span) []byte {
	if s.Off&spanInExtras != 0 {
		off := s.Off &^ spanInExtras
		return p.extras[off : off+s.Len]
	}
	off := uint32(p.gs) + s.Off
	return p.src[off : off+s.Len]
}

// appendSpan joins the text src[i:j] to the span *s with a space. Joined
// text stops growing at MaxComment, and a span already at the end of the
// extras grows in place, so many comments after one move cost linear time.
func (p *Parser) appendSpan(s *Span, i, j int) {
	switch {
	case s.Len == 0 && i < p.gs:
		// A remark that opened before the game began ('"' ending the game
		// before, a list of pieces after it starting this one): its first
		// bytes lie in the other game's text, so it is copied.
		*s = p.extraSpan(p.src[i:j])
		return
	case s.Len == 0:
		*s = p.span(i, j)
		return
	case int(s.Len)+1+(j-i) > p.opt.MaxComment:
		if p.once(saidLongComment) {
			// posFar: a comment in braces may start on a later line than its {.
			// One the game before held (splitGame) is said at the game's start.
			p.problemAt(p.posFar(max(i, p.gs)), fmt.Sprintf("comments after one move longer than %d bytes: the rest are dropped", p.opt.MaxComment))
		}
		return
	case s.Off&spanInExtras != 0 && int(s.Off&^spanInExtras+s.Len) == len(p.extras):
		p.extras = append(p.extras, ' ')
		p.extras = append(p.extras, p.src[i:j]...)
		s.Len += uint32(1 + j - i)
		return
	}
	off := len(p.extras)
	p.extras = append(p.extras, p.spanBytes(*s)...)
	p.extras = append(p.extras, ' ')
	p.extras = append(p.extras, p.src[i:j]...)
	*s = Span{Off: uint32(off) | spanInExtras, Len: uint32(len(p.extras) - off)}
}
