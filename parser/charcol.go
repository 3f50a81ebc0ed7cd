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
	if p.Line <= 0 || p.Col <= 0 {
		return p.Col
	}
	lineStart := p.Offset - int64(p.Col-1)
	if lineStart < g.Start.Offset {
		return g.leadCol(p, lineStart)
	}
	bom := int64(0)
	if g.BOM && lineStart == g.Start.Offset {
		bom = int64(len(utf8BOM))
	}
	if p.Offset-lineStart < bom { // on the BOM itself: the line's first character
		return 1
	}
	if g.Encoding != UTF8 {
		return p.Col - bom
	}
	// Text starts with the game's bytes as they are in the input, from
	// Start (past a BOM) to End.
	base := g.Start.Offset
	if g.BOM {
		base += int64(len(utf8BOM))
	}
	from, to := lineStart+bom-base, p.Offset-base
	if from < 0 || to > g.End.Offset-base || to > int64(len(g.Text)) {
		return p.Col
	}
	b := g.Text[from:to]
	if bytes.IndexByte(b, '\n') >= 0 || !utf8.Valid(b) {
		return p.Col
	}
	return int64(utf8.RuneCount(b)) + 1
}

// leadCol is CharCol for p on a line that starts at lineStart, before the
// game: the characters before Start (Lead) and those of Text up to p.
// A character a byte in a one-byte code page, and where Lead is not known,
// the byte column as ByteCol has it.
func (g *Game) leadCol(p Pos, lineStart int64) int64 {
	if lineStart != g.Start.Offset-int64(g.Start.Col-1) {
		return p.Col
	}
	if g.Lead <= 0 || g.Encoding != UTF8 || g.BOM {
		return g.ByteCol(p)
	}
	to := p.Offset - g.Start.Offset
	if to > g.End.Offset-g.Start.Offset || to > int64(len(g.Text)) {
		return p.Col
	}
	b := g.Text[:to]
	if bytes.IndexByte(b, '\n') >= 0 || !utf8.Valid(b) {
		return g.ByteCol(p)
	}
	return g.Lead + int64(utf8.RuneCount(b)) + 1
}
