package parser

import "bytes"

// Preamble reads data, an input's first bytes, as the text PGN allows
// before a file's first game: blanks (a BOM first), { } comments, ';'
// comments (at a line start or after a blank, where the parser reads them
// so even in text without tags) and '%' escape lines. It returns where the
// first byte outside them stands (len(data) when there is none), and
// whether data ends inside a comment or an escape line (open).
//
// Such text holds nothing of a game, so the boundary at its end does not
// begin a piece of its own: a file's first game starts at the file's start
// (see doc.go), and a file that opens with a comment has as many games as
// tag sections. A reader cutting an input (the Splitter, a runner cutting
// shards) must not cut at a boundary b for which Preamble(input[:b]) is
// (b, false).
func Preamble(data []byte) (end int, open bool) {
	i := 0
	if bytes.HasPrefix(data, utf8BOM) {
		i = len(utf8BOM)
	}
	body := i
	for i < len(data) {
		c := data[i]
		switch {
		case isSpaceByte(c):
			i++
		case c == '{':
			e := bytes.IndexByte(data[i:], '}')
			if e < 0 {
				return len(data), true
			}
			i += e + 1
		case c == ';' && (i == body || isSpaceByte(data[i-1])),
			// In column 1 only: the parser counts a BOM's bytes in the column.
			c == '%' && (i == 0 || data[i-1] == '\n'):
			e := bytes.IndexByte(data[i:], '\n')
			if e < 0 {
				return len(data), true
			}
			i += e + 1
		default:
			return i, false
		}
	}
	return i, false
}

// isPreamble says that data[:b], the bytes before a boundary b of an input
// read from its start, is a preamble that belongs to the game at b.
func isPreamble(data []byte, b int) bool {
	if b <= 0 {
		return false
	}
	end, open := Preamble(data[:b])
	return end == b && !open
}
