package stats

import (
	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// Game is what the statistics read of one checked game. It is a view: its
// strings and Findings may point into the caller's data, which Add does not
// keep (it copies the strings it stores).
type Game struct {
	File     string // the input path as given
	Event    string // the Event tag; "" when absent or empty
	HasEvent bool   // the game has an Event tag: tells an empty one from none (a non-empty Event implies it)

	// WhiteElo and BlackElo are the ratings from the tags, 0 when unknown.
	WhiteElo, BlackElo int

	Result         string // the Result tag as written; "" when absent
	ComputedResult string // "1-0", "0-1", "1/2-1/2" or "*" ("" counts as "*")
	End            validate.End
	Plies          int

	Notation string // letter set the moves were read in, "" when none was read
	Encoding string // how the bytes were decoded ("utf-8", "cp866", ...)

	TimeCategory string // "blitz", "rapid", "standard", "correspondence" or ""
	TimeForfeit  bool

	// Findings are the game's findings; only Code and Severity are read.
	Findings []validate.Finding

	// Plies at which a draw rule applied first, -1 for never: threefold and
	// 50-move claims became possible before the game ended on the board, the
	// position stood the fifth time, 75 moves passed (which drew the game
	// only when End says so).
	ThreefoldPly, FiftyPly, FivefoldPly, SeventyFivePly int
}

// FromReport is the view of one checked game: its file, tags, encoding and
// report. It copies nothing; the Game is valid as long as its arguments are.
func FromReport(file string, tags []parser.Tag, enc parser.Encoding, r *validate.Report) Game {
	g := Game{
		File:           file,
		ComputedResult: r.ComputedResult,
		End:            r.End,
		Plies:          r.Plies,
		Notation:       r.Notation,
		Encoding:       enc.String(),
		TimeCategory:   r.TimeCategory,
		TimeForfeit:    r.TimeForfeit,
		Findings:       r.Findings,
		ThreefoldPly:   r.ThreefoldPly,
		FiftyPly:       r.FiftyPly,
		FivefoldPly:    r.FivefoldPly,
		SeventyFivePly: r.SeventyFivePly,
	}
	for i := range tags {
		switch v := tags[i].Value; tags[i].Name {
		case "Event":
			g.Event, g.HasEvent = v, true
		case "Result":
			g.Result = v
		case "WhiteElo":
			g.WhiteElo, _ = validate.ParseElo(v)
		case "BlackElo":
			g.BlackElo, _ = validate.ParseElo(v)
		}
	}
	return g
}

// ratingOrZero is n when it is a rating (validate.IsRating), else 0: a
// table written by another tool may hold any number.
func ratingOrZero(n int) int {
	if !validate.IsRating(n) {
		return 0
	}
	return n
}
