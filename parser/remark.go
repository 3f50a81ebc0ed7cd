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
// next game's introduction, are the next game's heading, its leading
// comment (Parser.heading, splitGame), or left out when no game follows in
// the piece. Prose before a game's first move is its heading too. None of
// this is a Problem: the words are kept, not lost.
//
// A result written in words right after the last move ("Белые сдались",
// "Черные сдались.", "Ничья", "White resigns", "Draw agreed") is the
// game's result: kept aside as Parser.wordRes, it becomes the result, with
// ResultRaw quoting the words, when the game ends without a marker. In
// scoresheet text the words end the game: moves after them on their line
// are the sentence's analysis ("Чёрные сдались, так как ... после 6. …
// Kc6 7. Ф:с6+"), kept as prose (afterResultWords); in PGN, a move after
// them makes them text the standard does not allow.

// srcRange is the text src[a:b] of the segment being read.
type srcRange struct{ a, b int }

// wordResult is a result written in words, read but not yet the game's.
type wordResult struct {
	res      string // the PGN marker it stands for; "" when there is none
	from, to int    // the words in src, without the punctuation after them
	pos      Pos
	paren    bool // a result in parentheses ("(1-0)"): the marker, not a remark
}

// resultPhrases are the results written in words that a game may end with:
// the side that resigned or lost on time ("Черные просрочили время", the
// third word optional), or a draw. res toMove stands for a resignation that
// names no side ("41. Лd8+ Сдался"): as the sheets write it ("6. Фd1—f3!
// Чёрные сдались", "9. ... Kpe8:d8. Белые сдались"), the side to move
// after the last move resigned.
var resultPhrases = [...]struct{ first, second, third, res string }{
	{"белые", "сдались", "", "0-1"},
	{"белые", "сдаются", "", "0-1"},
	{"чёрные", "сдались", "", "1-0"},
	{"черные", "сдались", "", "1-0"},
	{"чёрные", "сдаются", "", "1-0"},
	{"черные", "сдаются", "", "1-0"},
	{"белые", "просрочили", "время", "0-1"},
	{"чёрные", "просрочили", "время", "1-0"},
	{"черные", "просрочили", "время", "1-0"},
	{"сдался", "", "", toMove},
	{"сдалась", "", "", toMove},
	{"сдаётся", "", "", toMove},
	{"сдается", "", "", toMove},
	{"ничья", "", "", "1/2-1/2"},
	{"white", "resigns", "", "0-1"},
	{"white", "resigned", "", "0-1"},
	{"black", "resigns", "", "1-0"},
	{"black", "resigned", "", "1-0"},
	{"draw", "agreed", "", "1/2-1/2"},
}

// toMove is resultPhrases' res for a resignation of the side to move.
const toMove = "to move"

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
// reading goes on; res is "" when the words at i are none. The words of a
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
			if ph.res == toMove {
				white, ok := p.whiteToMove()
				switch {
				case !ok:
					return "", 0, 0
				case white:
					return "0-1", i + len(w1), e1
				}
				return "1-0", i + len(w1), e1
			}
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
		w2 := trimSentence(s[k:e2])
		if !strings.EqualFold(string(w2), ph.second) {
			continue
		}
		if ph.third != "" && len(w2) == e2-k {
			if k3 := skipBlanks(s, e2); k3 > e2 {
				e3 := scanWord(s, k3)
				if w3 := trimSentence(s[k3:e3]); strings.EqualFold(string(w3), ph.third) {
					return ph.res, k3 + len(w3), e3
				}
			}
		}
		return ph.res, k + len(w2), e2
	}
	return "", 0, 0
}

// whiteToMove says whether White is to move after the main line's last
// move, by its ply as the move numbers count it (a page that starts at
// "24. Лd1-d3" counts from there; a sheet in two columns by its numbers):
// in scoresheet text, which has no FEN, and when no spaced dash left the
// count of moves open (Game.Pairs).
func (p *Parser) whiteToMove() (white, ok bool) {
	cur := int(p.fr.cur)
	if !p.text || len(p.stack) > 0 || len(p.g.Pairs) > 0 || cur < 0 || cur >= len(p.plies) {
		return false, false
	}
	return p.plies[cur]%2 == 0, true
}

// resultInWords takes the result written in words src[i:to] (read up to
// next) as the game's (afterResultWords reads a move after it).
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
// comment at the top of this file). Words before the game's first move (a
// heading, "Партия 12. Иванов — Петров, Москва 1956") and after its result
// are kept too: they may name the players and the place, which an archive
// must not lose, and the game's end decides whose they are (endRemarks).
// The quotes and punctuation that end words and so are no part of them
// ("«Шахматы в СССР»", "см. \"Шахматы\"") are kept where they touch the
// remark's first or last word.
func (p *Parser) remark(i, j int) {
	if p.opt.NoComments {
		return
	}
	j = closingPunctEnd(p.src, j)
	if n := len(p.remarks); n > 0 && p.remarkOpen {
		p.remarks[n-1].b = j
		return
	}
	// A remark starts at a letter: not at a dash or a number alone, nor at
	// the dash joined to its first word ("Сa4 — с угрозой"); or at a number
	// in quotes, a name ("64" пишет).
	i0 := i
	for i < j {
		r, size := utf8.DecodeRune(p.src[i:j])
		if unicode.IsLetter(r) {
			break
		}
		i += size
	}
	if i == j && !quotedNumber(p.src, i0, scanWord(p.src, i0)) {
		return
	}
	if i == j {
		i = i0
	}
	if i == i0 {
		i = openingQuoteStart(p.src, i)
	}
	if len(p.stack) > 0 {
		i = p.numbersAfterParen(i)
	}
	p.addRemark(i, j)
	p.remarkOpen = true
}

// addRemark keeps src[a:b] aside as a remark, as one with the remark
// before it when the two touch ("1937 г.[1]"): remarks are joined by a
// blank, which the text has not there.
func (p *Parser) addRemark(a, b int) {
	if n := len(p.remarks); n > 0 && p.remarks[n-1].b == a {
		p.remarks[n-1].b = b
		return
	}
	p.remarks = append(p.remarks, srcRange{a, b})
}

// closingPunctEnd returns where the punctuation that may close a word of
// prose ends, from src offset j, the word's end: the full stop and comma
// moveWord leaves out of a word, the semicolon, and the quotes that
// separate words ('"', '»', '“', '”').
func closingPunctEnd(s []byte, j int) int {
	for j < len(s) {
		switch c := s[j]; {
		case c == '.' || c == ',' || c == ';' || c == '"':
			j++
		case c == 0xC2 && j+1 < len(s) && s[j+1] == 0xBB: // »
			j += 2
		case c == 0xE2 && j+2 < len(s) && s[j+1] == 0x80 && (s[j+2] == 0x9C || s[j+2] == 0x9D): // “ ”
			j += 3
		default:
			return j
		}
	}
	return j
}

// quotedNumber says whether the word src[i:e] is a number in quotes
// ("64", «64», „64“): a name (the magazine "64", a club), which no one
// writes a move number as; read as one, it was dropped from the remark it
// stands in, before a footnote ("\"64\"[1]") or a move.
func quotedNumber(s []byte, i, e int) bool {
	if i == e || openingQuoteStart(s, i) == i || e >= len(s) {
		return false
	}
	for _, c := range s[i:e] {
		if c < '0' || c > '9' {
			return false
		}
	}
	switch {
	case s[e] == '"':
	case e+1 < len(s) && s[e] == 0xC2 && s[e+1] == 0xBB: // »
	case e+2 < len(s) && s[e] == 0xE2 && s[e+1] == 0x80 && (s[e+2] == 0x9C || s[e+2] == 0x9D): // “ ”
	default:
		return false
	}
	return true
}

// openingQuoteStart returns where the quotes that open the word at src
// offset i begin ('"', '«', '„', '“'), for a remark that starts at it.
func openingQuoteStart(s []byte, i int) int {
	for i > 0 {
		switch {
		case s[i-1] == '"':
			i--
		case i >= 2 && s[i-2] == 0xC2 && s[i-1] == 0xAB: // «
			i -= 2
		case i >= 3 && s[i-3] == 0xE2 && s[i-2] == 0x80 && (s[i-1] == 0x9E || s[i-1] == 0x9C): // „ “
			i -= 3
		default:
			return i
		}
	}
	return i
}

// bracketRemark makes the remarks read inside a bracket of scoresheet text
// that holds no move, src[at:end] with its brackets, one remark as written:
// "(см. диаграмму)", "(вскоре после того, как партия была сыграна)", not
// the words without their brackets, which a reader of the comment could
// not tell from the text around them.
func (p *Parser) bracketRemark(at, end int) {
	k := len(p.remarks)
	for k > 0 && p.remarks[k-1].a > at {
		k--
	}
	if k == len(p.remarks) {
		return // nothing of it kept: its words were read otherwise
	}
	p.remarks = p.remarks[:k]
	p.addRemark(at, closingPunctEnd(p.src, end))
	p.remarkOpen = false
}

// numbersAfterParen returns where a remark that begins at src offset i
// begins when only numbers stand between it and the parenthesis that
// opens it ("(1958 г.)", "(12-я партия матча)"): there, no move follows them,
// so they are the remark's. i itself otherwise.
func (p *Parser) numbersAfterParen(i int) int {
	k := i
	for k > 0 {
		c := p.src[k-1]
		if !(c >= '0' && c <= '9' || isSpaceByte(c) || c == '.' || c == ',' || c == '-' || c == '/') {
			break
		}
		k--
	}
	if k == i || k == 0 || p.src[k-1] != '(' && p.src[k-1] != '[' {
		return i
	}
	for isSpaceByte(p.src[k]) {
		k++
	}
	return k
}

// proseGoesOn is called when the move at src offset i follows prose
// (proseFrom is set): the remarks are the game's, and a result in words was
// none. Before the game's first move they are its heading, which takes the
// numbers ending it too ("Москва 1956").
//
//go:noinline
func (p *Parser) proseGoesOn(i int) {
	if p.pend.ok && p.pend.events == p.events {
		i = p.pend.start
	}
	p.headingThrough(i)
	p.keepRemarks()
	if w := &p.wordRes; w.res != "" {
		if !p.text {
			p.problemAt(w.pos, fmt.Sprintf("unexpected text, from %q", clip(p.src[w.from:w.to])))
		}
		*w = wordResult{}
	}
	p.proseFrom = -1
}

// commentAfterProse is called when a comment at src offset i follows
// prose: the remarks before it are the game's. A result in words still
// waits for a move.
//
//go:noinline
func (p *Parser) commentAfterProse(i int) {
	p.headingThrough(i)
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

// remarkThrough ends the remark being read where a parenthesis at src
// offset i opens or closes, taking in the numbers before it: no move
// follows them there, so they are the remark's ("(см. партию 12)",
// "(Ласкер — Стейниц, 1894)", "Партия 2 (Ленинград, 1957)"), not a move
// number.
//
//go:noinline
func (p *Parser) remarkThrough(i int) {
	if n := len(p.remarks); n > 0 {
		p.remarks[n-1].b = p.throughNumbers(p.remarks[n-1].b, i)
	}
	p.remarkOpen = false
}

// headingThrough extends, before the game's first move or after its
// result, the last remark of a heading over the numbers up to src offset at
// (throughNumbers).
func (p *Parser) headingThrough(at int) {
	if n := len(p.remarks); n > 0 && (len(p.g.Moves) == 0 || p.ended) {
		p.remarks[n-1].b = p.throughNumbers(p.remarks[n-1].b, at)
	}
}

// keepRemarks files the remarks kept aside as a comment on the last move.
// After the game's result, where a comment follows them, those on the
// result's line are the game's and those on later lines are held for the
// next game (Parser.held), each by its own line, as comments in braces are.
func (p *Parser) keepRemarks() {
	if p.ended {
		p.keepRemarksAfterResult()
		return
	}
	for _, r := range p.remarks {
		p.comment(r.a, r.b)
	}
	p.remarks = p.remarks[:0]
	p.remarkOpen = false
}

// keepRemarksAfterResult is keepRemarks after the game's result.
func (p *Parser) keepRemarksAfterResult() {
	end := p.endOfLine(p.resultAt)
	held := p.held
	p.endRemarksAfter(p.remarks, end)
	for _, r := range p.heading {
		p.events++
		held = append(held, r)
	}
	p.held, p.heading = held, p.heading[:0]
	p.remarks = p.remarks[:0]
	p.remarkOpen = false
}

// endRemarks settles, as the game ends, the text after its last move: a
// result in words becomes the result when no marker stands there, and the
// remarks on its line (or on the last move's, or the marker's) a comment on
// the last move; the rest is text between games, the next game's heading
// should one follow in the piece (Parser.heading; not when last says the
// game ends the piece), else left out. at is the src offset where the game
// ends: a line may go on with the next game ("1-0 A 0000", a null move
// starting it), whose text no comment of this game may take.
func (p *Parser) endRemarks(at int, last bool) {
	g := &p.g
	w := p.wordRes
	p.wordRes = wordResult{}
	remarks := p.remarks
	p.remarks, p.remarkOpen = p.remarks[:0], false
	if len(g.Moves) == 0 {
		return // a preamble without a game: reported, not kept
	}
	if g.Result != "" {
		p.endRemarksAfter(remarks, min(p.endOfLine(p.resultAt), at))
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
		m := &g.Moves[len(g.Moves)-1]
		lastEnd := p.gs + int(m.Raw.Off+m.Raw.Len)
		if a := remarks[0].a; lastEnd <= a && bytes.IndexByte(p.src[lastEnd:a], '\n') < 0 {
			from = a
		}
	}
	end := -1
	if from >= 0 {
		end = min(p.endOfLine(from), at)
		for _, r := range remarks {
			if r.b <= from || w.paren && r.a == w.from {
				continue
			}
			if r.a >= end {
				break
			}
			p.comment(max(r.a, from), min(r.b, end))
		}
	}
	if !last {
		p.holdHeading(remarks, end)
	}
}

// endRemarksAfter files the remarks after a game's result marker that stand
// on its line (up to end) as a comment on the last move, as a comment in
// braces there is; those on later lines are the next game's heading.
func (p *Parser) endRemarksAfter(remarks []srcRange, end int) {
	for k, r := range remarks {
		if r.a >= end {
			break
		}
		b := min(r.b, end)
		if k == len(remarks)-1 || remarks[k+1].a >= end {
			b = p.throughNumbers(b, end) // "1-0. Wall – Vkia, internet, 2006."
		}
		p.events++
		p.fileComment(r.a, b)
	}
	p.holdHeading(remarks, end)
}

// throughNumbers returns the end of the heading src[..b] extended over the
// numbers, blanks and punctuation that stand between it and the next
// game's move number at src offset at ("Москва, 1956", "Партия 12."): the
// parser reads a number without a dot as a move number, which no move
// followed. b itself when anything else stands there (a comment, a
// variation).
func (p *Parser) throughNumbers(b, at int) int {
	if at <= b || at > len(p.src) {
		return b
	}
	for _, c := range p.src[b:at] {
		if !(c >= '0' && c <= '9' || isSpaceByte(c) || c == '.' || c == ',' || c == '-' || c == '/') {
			return b
		}
	}
	for at > b && isSpaceByte(p.src[at-1]) {
		at--
	}
	return at
}

// holdHeading keeps the remarks, or their parts, from src offset from on
// (all of them for -1) as the heading of the game that may follow.
func (p *Parser) holdHeading(remarks []srcRange, from int) {
	p.heading = p.heading[:0]
	for _, r := range remarks {
		if r.b <= from {
			continue
		}
		a := max(r.a, from)
		for a < r.b && isSpaceByte(p.src[a]) {
			a++
		}
		if a < r.b {
			p.heading = append(p.heading, srcRange{a, r.b})
		}
	}
	if len(p.heading) > 0 && p.g.Result == "" {
		// The game's text runs on over it: a note quoting the game's
		// text stops there.
		p.g.NextHeading = uint32(p.heading[0].a - p.gs)
	}
}

// numberNote reads, in scoresheet text, a note in parentheses or square
// brackets on one line that holds numbers and no word ("(15)", "(1 : 0)",
// "(½-½)", a footnote's "[1]"): a move number a writer noted, a time, a
// score. No move stands in it, so it is no variation; it is a remark, kept
// as one (remark keeps only runs that start at a letter). Right after the
// game's last move a result in parentheses ("41. Лd8+ (1-0)", "(1:0)") is
// the game's result unless a move follows. It returns where the reading
// goes on, i itself when src[i] opens no such note.
//
//go:noinline
func (p *Parser) numberNote(i int) int {
	s := p.src
	e := p.endOfLine(i)
	closeB := byte(')')
	if s[i] == '[' {
		closeB = ']'
	}
	k := bytes.IndexByte(s[i+1:e], closeB)
	if k < 0 {
		return i
	}
	close := i + 1 + k
	digit := false
	for _, r := range string(s[i+1 : close]) {
		switch {
		case r >= '0' && r <= '9' || r == '½':
			digit = true
		case r == ' ' || r == '\t' || r == '.' || r == ',' || r == ':' || r == '/' || r == '=' || isDashRune(r):
		default:
			return i
		}
	}
	if !digit {
		return i
	}
	if p.remarkOpen {
		p.remarkThrough(i)
	}
	p.sawProse = true
	p.pend = pending{}
	p.lost = 0
	p.inProse = false
	pos := p.posAt(i)
	if p.proseFrom < 0 {
		p.proseFrom, p.proseFromPos = i, pos
	}
	if res := resultOf(bytes.TrimSpace(s[i+1 : close])); closeB == ')' && res != "" && res != "*" &&
		p.lastWasMove && !p.ended && len(p.stack) == 0 {
		p.wordRes = wordResult{res: res, from: i, to: close + 1, pos: pos, paren: true}
	}
	if !p.opt.NoComments {
		if p.wordRes.paren && p.wordRes.from == i {
			p.remarks = append(p.remarks, srcRange{i, close + 1}) // endRemarks knows the result by it
		} else {
			p.addRemark(i, closingPunctEnd(s, close+1))
		}
		p.remarkOpen = false
	}
	return close + 1
}
