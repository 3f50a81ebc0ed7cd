package parser

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// run reads the tokens of the segment in p.src from offset from on (past
// the tag lines headTags read). Every construct consumes its bytes here or
// in a helper that accounts for the line ends it crosses, so positions stay
// exact.
func (p *Parser) run(from int) {
	s := p.src
	n := len(s)
	for i := from; i < n; {
		c := s[i]
		switch c {
		case '\n':
			i++
			p.newline(i)
		case ' ', '\t', '\r', '\f', '\v':
			i++
		case '{':
			if p.proseFrom >= 0 {
				p.commentAfterProse(i)
			}
			p.inProse = false
			p.threat = threatRun{}
			i = p.braceComment(i)
		case ';':
			if p.text && i > 0 && !isSpaceByte(s[i-1]) {
				i++ // punctuation in running text: "g7 : f6; 7. Фd1—d2"
			} else {
				if len(p.remarks) > 0 {
					p.keepRemarks()
				}
				i = p.lineComment(i)
			}
		case '%', '#':
			// '%' in column 1 escapes its line; so does '#' in scoresheet
			// text (a note line, never movetext) and in an ECO file (a
			// comment).
			if p.raw(i) == p.lineStartRaw && (c == '%' || p.text || p.eco) {
				p.remarkOpen = false // a remark does not run across it
				i = p.endOfLine(i)
			} else {
				i = p.word(i)
			}
		case '(':
			if p.text {
				if j := p.numberNote(i); j > i {
					i = j
					continue
				}
			}
			i = p.openVariation(i, '(')
		case ')':
			p.closeVariation(i, ')')
			i++
		case '[':
			i = p.bracket(i)
		case ']':
			p.closeVariation(i, ']')
			i++
		case '}':
			p.problem(i, "} without a matching {")
			i++
		case '$':
			i = p.nag(i)
		case ',', '"':
			i++
		default:
			if !p.legacy && fastClass[c] >= fcDigit && !p.noFastRun {
				if j := p.fastRun(i); j > i {
					i = j
					continue
				}
			}
			if (c == '1' || c == '0' || c == '*') && !p.noFastRun {
				if j := p.fastResult(i); j > i {
					i = j
					continue
				}
			}
			if fastSAN[c] || c >= '0' && c <= '9' {
				if j := p.fastWord(i); j > i {
					i = j
					continue
				}
			}
			if c < 0x20 || c == 0x7f {
				if p.once(saidControl) {
					p.problem(i, fmt.Sprintf("control byte 0x%02x in the text (binary data?)", c))
				}
				i++
				continue
			}
			if c >= 0x80 {
				if size := delimRuneLen(s[i:]); size > 0 {
					i += size
					continue
				}
			}
			i = p.word(i)
		}
	}
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// wordDelim marks the ASCII bytes that end a word.
var wordDelim = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	for _, c := range " {}()[];,\"$\x7f" {
		t[c] = true
	}
	return t
}()

// delimRuneLen returns the size of the rune at the start of b when it is a
// space or quote that separates words (no-break and thin spaces, BOM,
// typographic quotes), else 0.
func delimRuneLen(b []byte) int {
	r, size := utf8.DecodeRune(b)
	switch r {
	case '\u00a0', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006',
		'\u2007', '\u2008', '\u2009', '\u200a', '\u200b', '\u202f', '\u205f', '\u3000', '\ufeff',
		'«', '»', '“', '”', '„':
		return size
	}
	return 0
}

// notUTF8Lead says that s[i], a byte >= 0x80, starts no UTF-8 sequence:
// a continuation byte, a byte no sequence has (0xC0, 0xC1, 0xF5-0xFF), or a
// lead byte without a continuation byte after it. utf8.DecodeRune reads
// RuneError of size 1 from each of them.
func notUTF8Lead(s []byte, i int) bool {
	c := s[i]
	return c < 0xC2 || c > 0xF4 || i+1 >= len(s) || s[i+1]&0xC0 != 0x80
}

// scanWord returns the end of the word starting at i.
func scanWord(s []byte, i int) int {
	for i < len(s) {
		c := s[i]
		if c < 0x80 {
			if wordDelim[c] {
				return i
			}
			i++
			continue
		}
		if notUTF8Lead(s, i) {
			// A byte of a code page, no UTF-8 (utf8.DecodeRune reads
			// RuneError of one byte there, no separator): the splitter
			// scans text not yet decoded.
			i++
			continue
		}
		if c >= 0xC3 && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
			// A letter of two bytes that is no separator (those of two
			// bytes open with 0xC2): Cyrillic, Greek, accented Latin.
			i += 2
			continue
		}
		if delimRuneLen(s[i:]) > 0 {
			return i
		}
		_, size := utf8.DecodeRune(s[i:])
		i += size
	}
	return i
}

// skipBlanks skips spaces, tabs and no-break spaces on the current line.
func skipBlanks(s []byte, i int) int {
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t':
			i++
		case s[i] == 0xC2 && i+1 < len(s) && s[i+1] == 0xA0:
			i += 2
		default:
			return i
		}
	}
	return i
}

// endOfLine returns the offset of the line end at or after i: its '\n', or
// the end of src. The last answer is kept (lineEnd): a line of many tag
// pairs or remarks asks for its end once for each, and searching the rest
// of the line every time took the square of its length (80,000 unclosed tag
// pairs on one line: 7.9 s).
func (p *Parser) endOfLine(i int) int {
	if e := &p.eol; i >= e.from && i <= e.at && e.srcLen == len(p.src) {
		return e.at
	}
	at := len(p.src)
	if k := bytes.IndexByte(p.src[i:], '\n'); k >= 0 {
		at = i + k
	}
	p.work += at - i
	p.eol = lineEnd{from: i, at: at, srcLen: len(p.src)}
	return at
}

// lineEnd is endOfLine's last answer: no line end stands in src[from:at],
// and at is one or the end of src, for the src of length srcLen that was
// searched. A src cut shorter and restored (the ECO reader) changes the
// length and so misses; new text in src resets it (forgetLineEnd).
type lineEnd struct{ from, at, srcLen int }

// forgetLineEnd drops endOfLine's last answer when src gets new text.
func (p *Parser) forgetLineEnd() { p.eol = lineEnd{at: -1} }

// Comments -------------------------------------------------------------------

func (p *Parser) lineComment(i int) int {
	e := p.endOfLine(i)
	if !p.opt.NoComments {
		p.comment(i+1, e)
	}
	return e
}

func (p *Parser) braceComment(i int) int {
	s := p.src
	end, closed := len(s), false
	if k := bytes.IndexByte(s[i+1:], '}'); k >= 0 {
		end, closed = i+1+k, true
	}
	// The position of the '{' is worked out only for a problem, and
	// before p.lines moves past it.
	if !closed {
		p.problemAt(p.posAt(i), "comment { not closed")
	}
	if !p.opt.NoComments {
		bodyEnd := end
		if end-(i+1) > p.opt.MaxComment {
			bodyEnd = runeStartBefore(s, i+1+p.opt.MaxComment)
			p.problemAt(p.posAt(i), fmt.Sprintf("comment of %d bytes cut to its first %d", end-i-1, bodyEnd-i-1))
		}
		p.comment(i+1, bodyEnd)
	}
	// Nearly every comment lies on one line: finding that no line end is
	// in it takes fewer instructions than counting them (bytes.IndexByte
	// reads about 0.5 instructions a byte, bytes.Count 0.8).
	if bytes.IndexByte(s[i:end], '\n') >= 0 {
		p.lines(i, end)
	}
	if closed {
		return end + 1
	}
	return end
}

// runeStartBefore backs i up to the start of a UTF-8 character.
func runeStartBefore(s []byte, i int) int {
	for k := 0; k < utf8.UTFMax && i > 0 && i < len(s) && !utf8.RuneStart(s[i]); k++ {
		i--
	}
	return i
}

// comment files the comment text src[a:b] after the last move read (or
// before the game's first move) and reads its clock and eval commands.
// One that opens on a line after the game's result is held (Parser.held).
func (p *Parser) comment(a, b int) {
	s := p.src
	for a < b && isSpaceByte(s[a]) {
		a++
	}
	for b > a && isSpaceByte(s[b-1]) {
		b--
	}
	if a == b {
		return
	}
	p.events++
	if p.ended && p.line != p.g.ResultPos.Line {
		p.held = append(p.held, srcRange{a, b})
		return
	}
	p.fileComment(a, b)
}

// fileComment is comment for the trimmed text src[a:b], counted already.
func (p *Parser) fileComment(a, b int) {
	s := p.src
	if n := len(p.g.Moves); n > 0 {
		m := &p.g.Moves[n-1]
		p.appendSpan(&m.Comment, a, b)
		// Every command opens with "[%": a search for the '[' alone is a
		// bytes.IndexByte, where bytes.Contains costs as much again in
		// bytes.Index's own loop, and the commands are read from there.
		// A remark that opened before the game began (see appendSpan)
		// holds no command on its moves before that.
		if from := max(a, p.gs); from < b {
			if k := bytes.IndexByte(s[from:b], '['); k >= 0 {
				p.commands(int32(n-1), from+k, b)
			}
		}
		return
	}
	p.appendSpan(&p.g.Comment, a, b)
}

// Variations -------------------------------------------------------------------

func (p *Parser) openVariation(i int, open byte) int {
	if p.opt.NoVariations {
		return p.skipVariation(i, open)
	}
	if len(p.stack) >= p.opt.MaxDepth {
		if p.once(saidDepth) {
			p.problem(i, fmt.Sprintf("variations nested deeper than %d: the deeper ones are skipped", p.opt.MaxDepth))
		}
		return p.skipVariation(i, open)
	}
	if len(p.g.Moves) == 0 && !p.text {
		p.problem(i, "variation before the first move")
	}
	p.threat = threatRun{} // a bracket ends the threat's line
	anchor := int32(-1)
	if alt := p.fr.cur; alt >= 0 {
		anchor = p.g.Moves[alt].Prev
	}
	depth := p.lineDepth() + 1
	if p.remarkOpen {
		p.remarkThrough(i)
	}
	p.stack = append(p.stack, p.fr)
	p.fr = frame{cur: anchor, spine: anchor, base: anchor, depth: depth, onSpine: true, open: open, pos: p.posAt(i), afterMove: p.lastWasMove,
		at: i, moves: len(p.g.Moves)}
	p.pend = pending{}
	p.lost = 0
	return i + 1
}

// lineDepth is the Depth of the moves of the current line.
func (p *Parser) lineDepth() int16 {
	if p.fr.onSpine {
		return p.fr.depth
	}
	return p.fr.depth + 1
}

func (p *Parser) closeVariation(i int, close byte) {
	open := byte('(')
	if close == ']' {
		open = '['
	}
	if len(p.stack) == 0 || p.fr.open != open {
		if !p.text {
			p.problem(i, fmt.Sprintf("%c without a matching %c", close, open))
		}
		return
	}
	p.threat = threatRun{}
	if p.text && p.fr.afterMove {
		p.lastWasMove = true
	}
	at, moveless := p.fr.at, len(p.g.Moves) == p.fr.moves
	p.fr = p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.pend = pending{}
	p.lost = 0
	if p.remarkOpen {
		p.remarkThrough(i)
	}
	if p.text && moveless && len(p.remarks) > 0 && p.src[at+1] != '%' { // "[%clk": a command, no prose
		p.bracketRemark(at, i+1)
	}
}

// skipVariation passes over a variation without reading it, minding nested
// ones and comments, and returns the offset after its end.
func (p *Parser) skipVariation(i int, open byte) int {
	s := p.src
	closeB := byte(')')
	if open == '[' {
		closeB = ']'
	}
	start := p.posAt(i)
	depth := 1
	j := i + 1
	for j < len(s) {
		switch s[j] {
		case open:
			depth++
		case closeB:
			depth--
			if depth == 0 {
				p.lines(i, j)
				return j + 1
			}
		case '{':
			k := bytes.IndexByte(s[j+1:], '}')
			if k < 0 {
				j = len(s)
				continue
			}
			j += k + 1
		case ';':
			k := bytes.IndexByte(s[j:], '\n')
			if k < 0 {
				j = len(s)
				continue
			}
			j += k
		}
		j++
	}
	p.problemAt(start, fmt.Sprintf("%c not closed", open))
	p.lines(i, len(s))
	return len(s)
}

// bracket reads a tag pair, or in scoresheet text a bracketed note (read like
// a variation), or reports a malformed tag pair.
func (p *Parser) bracket(i int) int {
	if end, ok := p.tagPair(i); ok {
		return end
	}
	// A game without tags reads "[...]" as a note, except a tag line (as
	// the boundary rule knows it) before the first move: that is a damaged
	// pair of the game's header, a Problem wherever the game stands.
	if p.text && !(len(p.g.Moves) == 0 && p.tagLineAt(i)) {
		if j := p.numberNote(i); j > i {
			return j
		}
		return p.openVariation(i, '[')
	}
	// The pair runs to its ']' on the line, or to the line's end; what
	// is wrong is said of it alone, not of the text after it on the line:
	// a chunk may end there (a game begins after the pair), and the pair
	// reads the same in it as in the whole line.
	e := p.endOfLine(i)
	if k := bytes.IndexByte(p.src[i:e], ']'); k >= 0 {
		e = i + k + 1
	}
	p.problem(i, malformedTag(p.src[i:e]))
	return e
}

// tagLineAt reports whether the '[' at i opens its line (after blanks or a
// BOM) and the line is a tag line that means to be one: it names a tag of
// the usual headers or holds a '"'. "[see diagram]" and "[Diagram 1]" are
// notes of a scoresheet; "[WhiteElo 2500]" and "[Event x]" are damaged tags.
func (p *Parser) tagLineAt(i int) bool {
	start := max(p.lineStart, 0) // a line begun before src (see posFar)
	line := p.src[start:p.endOfLine(i)]
	if !isTagLine(line) || start+bytes.IndexByte(line, '[') != i {
		return false
	}
	return internedTagName(tagNameAt(p.src, start)) != "" || bytes.IndexByte(line, '"') >= 0
}

// NAGs ---------------------------------------------------------------------------

func (p *Parser) nag(i int) int {
	s := p.src
	j := i + 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	switch {
	case j == i+1:
		p.problem(i, "$ without a number")
	case j-i-1 > 3 || atoi(s[i+1:j]) > 255:
		p.problem(i, fmt.Sprintf("NAG %s out of range 0..255", s[i:j]))
	default:
		p.addNAG(i, uint8(atoi(s[i+1:j])))
	}
	return j
}

func (p *Parser) addNAG(i int, v uint8) {
	n := len(p.g.Moves)
	if n == 0 {
		p.problem(i, "annotation before the first move")
		return
	}
	if v == 0 {
		return
	}
	p.events++
	m := &p.g.Moves[n-1]
	switch {
	case m.NAGs[0] == 0:
		m.NAGs[0] = v
	case m.NAGs[1] == 0:
		m.NAGs[1] = v
	}
}

func atoi(b []byte) int {
	v := 0
	for _, c := range b {
		v = v*10 + int(c-'0')
	}
	return v
}
