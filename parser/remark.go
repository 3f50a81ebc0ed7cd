package parser

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Scoresheet text mixes moves with prose: remarks between the moves ("3.
// Сb5 (испанская партия) a6", "4. Сa4 — с угрозой выиграть пешку. 4...
// Кf6"), headings and narrative between games ("Партия №14."). Which is
// which shows only later: prose is a remark of the game when the game goes
// on after it (a move, a comment or the result follows), and the text
// between two games when the game ends there (the next game begins, or the
// text ends). So the words are kept aside (Parser.remarks) and filed as a
// comment on the move before them once a move, comment or result of the
// same game is read; at the game's end only the words on the line of its
// last move stay with it (a remark closing the game, "Кpe8:d8. Белые
// сдались ввиду потери фигуры."), and the lines after, a heading or the
// next game's introduction, are left out, as before. None of this is a
// Problem: the words are kept, not lost.
//
// A result written in words right after the last move ("Белые сдались",
// "Черные сдались.", "Ничья", "White resigns", "Draw agreed") is the
// game's result unless a move follows (then it was a remark, "Чёрные
// сдались, так как ... после 6. … Kc6 7. Ф:с6+"): kept aside as
// Parser.wordRes, it becomes the result, with ResultRaw quoting the
// words, when the game ends without a marker.

// srcRange is the text src[a:b] of the segment being read.
type srcRange struct{ a, b int }

// wordResult is a result written in words, read but not yet the game's.
type wordResult struct {
	res      string // the PGN marker it stands for; "" when there is none
	from, to int    // the words in src, without the punctuation after them
	pos      Pos
}

// resultPhrases are the results written in words that a game may end with:
// the side that resigned, or a draw.
var resultPhrases = [...]struct{ first, second, res string }{
	{"белые", "сдались", "0-1"},
	{"белые", "сдаются", "0-1"},
	{"чёрные", "сдались", "1-0"},
	{"черные", "сдались", "1-0"},
	{"чёрные", "сдаются", "1-0"},
	{"черные", "сдаются", "1-0"},
	{"ничья", "", "1/2-1/2"},
	{"white", "resigns", "0-1"},
	{"white", "resigned", "0-1"},
	{"black", "resigns", "1-0"},
	{"black", "resigned", "1-0"},
	{"draw", "agreed", "1/2-1/2"},
}

// trimSentence cuts the punctuation that ends a word in a sentence.
func trimSentence(w []byte) []byte {
	for len(w) > 0 {
		r, size := utf8.DecodeLastRune(w)
		if !strings.ContainsRune(".,;:!…", r) {
			break
		}
		w = w[:len(w)-size]
	}
	return w
}

// resultWords reads a result written in words at src offset i: the marker
// it stands for, where its words end (without punctuation) and where the
// reading goes on; res is "" when the words at i are none. Both words of a
// phrase stand on one line.
func (p *Parser) resultWords(i int) (res string, to, next int) {
	s := p.src
	e1 := scanWord(s, i)
	w1 := trimSentence(s[i:e1])
	for _, ph := range resultPhrases {
		if !strings.EqualFold(string(w1), ph.first) {
			continue
		}
		if ph.second == "" {
			return ph.res, i + len(w1), e1
		}
		if len(w1) != e1-i {
			continue // "Белые. Сдались" is two sentences
		}
		k := skipBlanks(s, e1)
		if k == e1 {
			continue
		}
		e2 := scanWord(s, k)
		if w2 := trimSentence(s[k:e2]); strings.EqualFold(string(w2), ph.second) {
			return ph.res, k + len(w2), e2
		}
	}
	return "", 0, 0
}

// resultInWords takes the result written in words src[i:to] (read up to
// next) as the game's, unless a move follows.
func (p *Parser) resultInWords(i, to, next int, res string) {
	p.sawProse = true
	p.pend = pending{}
	p.lastWasMove = false
	p.lost = 0
	p.inProse = false
	pos := p.posAt(i)
	p.wordRes = wordResult{res: res, from: i, to: to, pos: pos}
	if p.proseFrom < 0 {
		// Also in PGN, where it only says that something waits for the
		// next move (see proseGoesOn).
		p.proseFrom, p.proseFromPos = i, pos
	}
	if p.text {
		p.remark(i, next)
	}
}

// remark keeps the prose word src[i:j] of scoresheet text aside (see the
// comment at the top of this file).
func (p *Parser) remark(i, j int) {
	if p.opt.NoComments || len(p.g.Moves) == 0 || p.ended {
		return
	}
	for j < len(p.src) && (p.src[j] == '.' || p.src[j] == ',') {
		j++ // the punctuation moveWord leaves out of a word
	}
	if n := len(p.remarks); n > 0 && p.remarkOpen {
		p.remarks[n-1].b = j
		return
	}
	// A remark starts at a letter: not at a dash or a number alone, nor at
	// the dash joined to its first word ("Сa4 — с угрозой").
	for i < j {
		r, size := utf8.DecodeRune(p.src[i:j])
		if unicode.IsLetter(r) {
			break
		}
		i += size
	}
	if i == j {
		return
	}
	p.remarks = append(p.remarks, srcRange{i, j})
	p.remarkOpen = true
}

// proseGoesOn is called when a move follows prose (proseFrom is set): the
// remarks are the game's, and a result in words was none.
//
//go:noinline
func (p *Parser) proseGoesOn() {
	p.keepRemarks()
	if w := &p.wordRes; w.res != "" {
		if !p.text {
			p.problemAt(w.pos, fmt.Sprintf("unexpected text, from %q", clip(p.src[w.from:w.to])))
		}
		*w = wordResult{}
	}
	p.proseFrom = -1
}

// commentAfterProse is called when a comment follows prose: the remarks
// before it are the game's. A result in words still waits for a move.
//
//go:noinline
func (p *Parser) commentAfterProse() {
	p.keepRemarks()
	if p.wordRes.res == "" {
		p.proseFrom = -1 // a missing result belongs after the comment
	}
}

// resultAfterProse is called when the game's result marker follows prose:
// the remarks are the game's, and the marker, not the words before it, is
// its result. In PGN such words are text the standard does not allow.
func (p *Parser) resultAfterProse() {
	p.keepRemarks()
	if w := &p.wordRes; w.res != "" {
		if !p.text {
			p.problemAt(w.pos, fmt.Sprintf("unexpected text, from %q", clip(p.src[w.from:w.to])))
		}
		*w = wordResult{}
	}
}

// keepRemarks files the remarks kept aside as a comment on the last move.
func (p *Parser) keepRemarks() {
	for _, r := range p.remarks {
		p.comment(r.a, r.b)
	}
	p.remarks = p.remarks[:0]
	p.remarkOpen = false
}

// endRemarks settles, as the game ends, the text after its last move when
// no result marker stands there: a result in words becomes the result, and
// the remarks on its line (or on the last move's) a comment on the last
// move; the rest is text between games, skipped.
func (p *Parser) endRemarks() {
	g := &p.g
	w := p.wordRes
	p.wordRes = wordResult{}
	remarks := p.remarks
	p.remarks, p.remarkOpen = p.remarks[:0], false
	if g.Result != "" || len(g.Moves) == 0 {
		return
	}
	from := -1
	if w.res != "" {
		g.Result, g.ResultPos, g.ResultRaw = w.res, w.pos, p.span(w.from, w.to)
		from = w.from
		if !p.text && !p.opt.NoComments {
			p.comment(w.from, w.to)
			return
		}
	} else if len(remarks) > 0 {
		last := &g.Moves[len(g.Moves)-1]
		lastEnd := p.gs + int(last.Raw.Off+last.Raw.Len)
		if a := remarks[0].a; lastEnd <= a && bytes.IndexByte(p.src[lastEnd:a], '\n') < 0 {
			from = a
		}
	}
	if from < 0 {
		return
	}
	end := p.endOfLine(from)
	for _, r := range remarks {
		if r.b <= from {
			continue
		}
		if r.a >= end {
			break
		}
		p.comment(max(r.a, from), min(r.b, end))
	}
}
