package parser

import (
	"bytes"
	"unicode/utf8"
)

// ByteCol returns the 1-based column of p, a position in g, in bytes as an
// editor counts them: Pos.Col, less a BOM at the start of the line (the
// game's first, where Start is, or, for a game that begins inside the
// file's first line, the one before it: LeadBOM), which editors do not
// count, as CharCol does not.
func (g *Game) ByteCol(p Pos) int64 {
	if p.Line <= 0 || p.Col <= 0 {
		return p.Col
	}
	switch lineStart := p.Offset - int64(p.Col-1); {
	case g.BOM && lineStart == g.Start.Offset:
	case g.LeadBOM && lineStart < g.Start.Offset && lineStart == g.Start.Offset-int64(g.Start.Col-1):
	default:
		return p.Col
	}
	return max(p.Col-int64(len(utf8BOM)), 1) // on the BOM itself: the line's first column
}

// CharCol returns the 1-based column of p, a position in g, counted in
// characters (Unicode code points) rather than the input bytes Pos.Col
// counts, for formats that count characters (SARIF, GitHub annotations).
// A BOM at the start of the line is not a character. It costs a scan of
// the line up to p, so it is meant for findings, not for every move.
//
// Where the character column cannot be known exactly, it is p.Col, the
// byte column:
//   - the line starts before the game's first byte and the parser could not
//     count the characters there (Lead 0: a tag pair after another game's
//     result on the same line, a chunk cut inside a line); a game that
//     begins after another's result, a heading or a comment the parser read
//     with it has them counted;
//   - the line up to p holds bytes that are not valid UTF-8 (a UTF-8 game
//     read with Options.ForceEncoding): they are not characters;
//   - p is not in the game's text (an inconsistent position).
//
// A game decoded from a one-byte encoding (Windows-1251, KOI8-R, ...) has
// one character per byte, so its byte column is its character column (less
// a BOM). When such a file also holds valid UTF-8 sequences, which the
// decoder keeps as they are, a sequence before p on its line counts as one
// character per byte, as Text alone cannot tell it from decoded bytes.
func (g *Game) CharCol(p Pos) int64 {
	var c CharCols
	return c.Col(g, p)
}

// CharCols is CharCol for the positions of one game taken in source order,
// as a report lists its findings: along a line, the characters are counted
// from one position to the next rather than from the line's start for each
// (20,000 findings on one line of 230 KB took 1.2 s). The zero value is
// ready; use one for one game.
type CharCols struct {
	// Text[from:to] is counted: n characters, no line end, valid UTF-8 (so
	// it ends with a whole character). ok is false until a count.
	from, to, n int64
	ok          bool
}

// Col returns g.CharCol(p).
func (c *CharCols) Col(g *Game, p Pos) int64 {
	from, to, base, col := g.charSpan(p)
	if from < 0 {
		return col
	}
	if c.ok && c.from == from && c.to <= to {
		// Text[from:c.to] is valid and whole, so Text[from:to] is valid
		// when the rest is.
		if rest := g.Text[c.to:to]; bytes.IndexByte(rest, '\n') < 0 && utf8.Valid(rest) {
			c.n += int64(utf8.RuneCount(rest))
			c.to = to
			return base + c.n + 1
		}
	}
	b := g.Text[from:to]
	if bytes.IndexByte(b, '\n') >= 0 || !utf8.Valid(b) {
		c.ok = false
		return col
	}
	*c = CharCols{from: from, to: to, n: int64(utf8.RuneCount(b)), ok: true}
	return base + c.n + 1
}

// charSpan says how CharCol finds p's column: the characters of
// Text[from:to] plus base, plus one, when those bytes hold no line end and are
// valid UTF-8, else col; from is -1 when col is the answer outright.
func (g *Game) charSpan(p Pos) (from, to, base, col int64) {
	if p.Line <= 0 || p.Col <= 0 {
		return -1, 0, 0, p.Col
	}
	lineStart := p.Offset - int64(p.Col-1)
	if lineStart < g.Start.Offset {
		return g.leadSpan(p, lineStart)
	}
	bom := int64(0)
	if g.BOM && lineStart == g.Start.Offset {
		bom = int64(len(utf8BOM))
	}
	if p.Offset-lineStart < bom { // on the BOM itself: the line's first character
		return -1, 0, 0, 1
	}
	if g.Encoding != UTF8 {
		return -1, 0, 0, p.Col - bom
	}
	// Text starts with the game's bytes as they are in the input, from
	// Start (past a BOM) to End.
	text := g.Start.Offset
	if g.BOM {
		text += int64(len(utf8BOM))
	}
	from, to = lineStart+bom-text, p.Offset-text
	if from < 0 || to > g.End.Offset-text || to > int64(len(g.Text)) {
		return -1, 0, 0, p.Col
	}
	return from, to, 0, p.Col
}

// leadSpan is charSpan for p on a line that starts at lineStart, before
// the game: the characters before Start (Lead) and those of Text up to p.
// A character a byte in a one-byte code page, and where Lead is not known,
// the byte column as ByteCol has it.
func (g *Game) leadSpan(p Pos, lineStart int64) (from, to, base, col int64) {
	if lineStart != g.Start.Offset-int64(g.Start.Col-1) {
		return -1, 0, 0, p.Col
	}
	if g.Lead <= 0 || g.Encoding != UTF8 || g.BOM {
		return -1, 0, 0, g.ByteCol(p)
	}
	to = p.Offset - g.Start.Offset
	if to > g.End.Offset-g.Start.Offset || to > int64(len(g.Text)) {
		return -1, 0, 0, p.Col
	}
	return 0, to, g.Lead, g.ByteCol(p)
}
