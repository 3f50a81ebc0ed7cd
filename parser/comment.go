package parser

import (
	"bytes"
	"fmt"
	"unicode"
)

var cmdOpen = []byte("[%")

// commands reads the [%clk], [%emt] and [%eval] commands of the comment
// src[a:b] into move idx. Other commands ([%cal], [%csl], ...) are left in
// the text.
func (p *Parser) commands(idx int32, a, b int) {
	m := &p.g.Moves[idx]
	s := p.src[:b]
	for i := a; i < b; {
		k := bytes.Index(s[i:], cmdOpen)
		if k < 0 {
			return
		}
		at := i + k
		i = at + 2
		ns := i
		for i < b && isASCIILetter(s[i]) {
			i++
		}
		name := s[ns:i]
		e := bytes.IndexByte(s[i:], ']')
		if e < 0 {
			if isKnownCommand(name) {
				p.problemAt(p.posFar(at), fmt.Sprintf("[%%%s not closed by ]", name))
			}
			return
		}
		argAt, argEnd := trimSpaces(s, i, i+e)
		arg := s[argAt:argEnd]
		i += e + 1
		switch string(name) {
		case "clk":
			if v, ok := parseClock(arg); ok {
				m.Clock = v
				p.g.Has |= HasClocks
			} else {
				m.ClockUnread = true
				p.unreadClock(idx, at, false, argAt, argEnd)
			}
		case "emt":
			if v, ok := parseMoveTime(arg); ok {
				m.EMT = v
				p.g.Has |= HasClocks
			} else {
				p.unreadClock(idx, at, true, argAt, argEnd)
			}
		case "eval":
			if cp, mate, isMate, ok := parseEval(arg); ok {
				m.HasEval = true
				m.Eval, m.EvalMate = 0, 0
				if isMate {
					m.EvalMate = mate
				} else {
					m.Eval = cp
				}
			} else {
				p.g.UnreadEvals = append(p.g.UnreadEvals, UnreadEval{Pos: p.posFar(at), Arg: p.span(argAt, argEnd)})
			}
		}
	}
}

// unreadClock files the [%clk] (or [%emt]) of move idx at src offset at,
// whose value src[i:j] could not be read. Every one is kept, so that a
// count is exact: an entry takes 6 bytes of input at least ("[%clk]") for
// its 40, where a move takes 2 for 96, so the list never costs what the
// moves of as much input do.
func (p *Parser) unreadClock(idx int32, at int, emt bool, i, j int) {
	p.g.UnreadClocks = append(p.g.UnreadClocks, UnreadClock{Pos: p.posFar(at), Move: idx, EMT: emt, Arg: p.span(i, j)})
}

// trimSpaces narrows s[i:j] to its text without the blanks around it, as
// bytes.TrimSpace does, and returns the bounds.
func trimSpaces(s []byte, i, j int) (int, int) {
	rest := bytes.TrimLeftFunc(s[i:j], unicode.IsSpace)
	i = j - len(rest)
	return i, i + len(bytes.TrimRightFunc(rest, unicode.IsSpace))
}

func isKnownCommand(name []byte) bool {
	switch string(name) {
	case "clk", "emt", "eval":
		return true
	}
	return false
}

// clip shortens text quoted in a problem message.
func clip(b []byte) string {
	const most = 40
	if len(b) > most {
		return string(b[:runeStartBefore(b, most)]) + "…"
	}
	return string(b)
}

// parseClock reads H:MM:SS with an optional decimal fraction of a second
// and returns milliseconds. A minus sign is read too: a negative reading is
// a clock problem for the rules to report (clock-inconsistent), not text
// that cannot be read. It comes out as -2 at most, since -1 in Move.Clock
// and Move.EMT means no reading.
func parseClock(b []byte) (int64, bool) {
	if len(b) > 1 && b[0] == '-' {
		v, ok := parseClock(b[1:])
		if v > 0 {
			v = min(-v, -2)
		}
		return v, ok && b[1] != '-'
	}
	h, i := digits(b, 0, 6)
	if i == 0 || i >= len(b) || b[i] != ':' {
		return 0, false
	}
	m, j := digits(b, i+1, 2)
	if j == i+1 || j >= len(b) || b[j] != ':' || m >= 60 {
		return 0, false
	}
	sec, k := digits(b, j+1, 2)
	if k == j+1 || sec >= 60 {
		return 0, false
	}
	ms := int64(0)
	if k < len(b) && b[k] == '.' {
		k++
		scale := int64(100)
		start := k
		for k < len(b) && b[k] >= '0' && b[k] <= '9' {
			ms += int64(b[k]-'0') * scale
			scale /= 10
			k++
		}
		if k == start {
			return 0, false
		}
	}
	if k != len(b) {
		return 0, false
	}
	return ((int64(h)*60+int64(m))*60+int64(sec))*1000 + ms, true
}

// parseMoveTime reads an [%emt] value: H:MM:SS(.f), or seconds with a
// decimal fraction ("1.748", "0.0"), the form of the FICS games database's
// move times, whose every record would otherwise say its move times cannot
// be read. A bare number ("1") stays unread: it names no unit.
func parseMoveTime(b []byte) (int64, bool) {
	if v, ok := parseClock(b); ok {
		return v, true
	}
	sec, i := digits(b, 0, 6)
	if i == 0 || i >= len(b) || b[i] != '.' {
		return 0, false
	}
	ms, scale := int64(0), int64(100)
	j := i + 1
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		ms += int64(b[j]-'0') * scale
		scale /= 10
		j++
	}
	if j == i+1 || j != len(b) {
		return 0, false
	}
	return int64(sec)*1000 + ms, true
}

// digits reads at most most decimal digits of b from i.
func digits(b []byte, i, most int) (int, int) {
	v, start := 0, i
	for i < len(b) && i-start < most && b[i] >= '0' && b[i] <= '9' {
		v = v*10 + int(b[i]-'0')
		i++
	}
	return v, i
}

// parseEval reads a pawn value ("0.17", "-1.5", "+3") in centipawns, or a
// mate distance ("#-3"); an engine depth after a comma is ignored.
func parseEval(b []byte) (cp int32, mate int16, isMate, ok bool) {
	if k := bytes.IndexByte(b, ','); k >= 0 {
		if _, e := digits(b, k+1, 4); e == k+1 || e != len(b) {
			return 0, 0, false, false
		}
		b = b[:k]
	}
	if len(b) > 0 && b[0] == '#' {
		b = b[1:]
		isMate = true
	}
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	whole, i := digits(b, 0, 7)
	if isMate {
		if i == 0 || i != len(b) || whole > 32767 {
			return 0, 0, false, false
		}
		mate = int16(whole)
		if neg {
			mate = -mate
		}
		return 0, mate, true, true
	}
	if i == 0 && (len(b) == 0 || b[0] != '.') {
		return 0, 0, false, false
	}
	v := int64(whole) * 100
	if i < len(b) && b[i] == '.' {
		i++
		start := i
		frac := int64(0)
		scale := int64(1000) // thousandths of a pawn, rounded to centipawns below
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			frac += int64(b[i]-'0') * scale
			scale /= 10
			i++
		}
		if i == start && whole == 0 && len(b) == 1 {
			return 0, 0, false, false
		}
		v += (frac + 50) / 100
	}
	if i != len(b) {
		return 0, 0, false, false
	}
	if neg {
		v = -v
	}
	return int32(v), 0, false, true
}
