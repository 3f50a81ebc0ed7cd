package pipeline

import (
	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// GameRecord is one game read and checked: where it came from, what it said
// about itself, and its report. It owns its data (the parser's Game is reused).
type GameRecord struct {
	File  string // the input path as given (or "-" for stdin)
	Index int    // 0-based index of the game in its file
	Start parser.Pos
	End   int64 // byte offset just past the game

	Tags     []parser.Tag
	Encoding parser.Encoding
	Report   validate.Report
	// EPD says the game is a line of a list of positions (parser.Game.EPD),
	// whose notes on how its FEN is read the writer keeps once an input.
	EPD bool

	// Fragment identifies the moves of a fragment (parser.Game.FirstPly),
	// which is never replayed, for duplicate-game: see fragmentKey. 0 for
	// every other game.
	Fragment uint64

	// HeadChar and HeadByte are the columns, in characters and in bytes
	// without a BOM (validate.Finding.CharCol, ByteCol), of the game's first
	// tag, or of its start without tags: where duplicate-game points, which
	// the writer adds without the game's text to count them in. 0 when not
	// known.
	HeadChar, HeadByte int64

	// Output is what CheckOptions.Render made of the game in the worker
	// (convert's PGN text), nil without a Render.
	Output []byte
}

// Tag returns the value of the named tag, or "" when absent.
func (g *GameRecord) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}
