package validate

import "github.com/arbiter-chess/arbiter/parser"

// Profile is a rule book: which draw rules apply and how a timeout against
// a lone king is judged (RULES.md).
type Profile uint8

const (
	FIDE     Profile = iota // FIDE Laws in force since 1 January 2023
	FIDE2009                // pre-2014 Laws: no fivefold or 75-move draws
	USSR                    // the Soviet tournament Code
)

// Options says how to check a game. The zero value checks under FIDE rules,
// reading the notation automatically, with the default severities.
type Options struct {
	Profile  Profile
	Notation string // "" or "auto" to detect per game, else a letter-set name ("san", "ru", ...)
	Moves    bool   // fill Report.Moves
}

// Check replays one game and reports what is wrong with it. It is a pure
// function of the game and the options, so any runner may call it.
//
// (Stub until the rules engine lands: only parse problems are reported.)
func Check(g *parser.Game, opt *Options) Report {
	r := Report{Plies: 0, FirstErrorPly: -1, ThreefoldPly: -1, FiftyPly: -1, FivefoldPly: -1,
		SeventyFivePly: -1, LastClockWhite: -1, LastClockBlack: -1, ComputedResult: "*"}
	for _, p := range g.Problems {
		r.Findings = append(r.Findings, Finding{Code: Syntax, Severity: Error, Message: p.Message, Pos: p.Pos, Ply: -1})
	}
	return r
}
