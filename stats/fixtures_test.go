package stats

import (
	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// Hostile names: markup, a terminal escape sequence, a bidi override.
const (
	scriptEvent = "<script>alert(1)</script>"
	imgEvent    = `"'><img src=x onerror=alert(2)>`
	escapeFile  = "evil\x1b[31mred\u202Efdp.pgn"
)

func finding(c validate.Code, s validate.Severity) validate.Finding {
	return validate.Finding{Code: c, Severity: s}
}

func tags(kv ...string) []parser.Tag {
	var t []parser.Tag
	for i := 0; i+1 < len(kv); i += 2 {
		t = append(t, parser.Tag{Name: kv[i], Value: kv[i+1]})
	}
	return t
}

// sampleRecord is one checked game as the pipeline holds it.
type sampleRecord struct {
	file   string
	index  int
	tags   []parser.Tag
	enc    parser.Encoding
	report validate.Report
}

func (r *sampleRecord) game() Game { return FromReport(r.file, r.tags, r.enc, &r.report) }

// sampleRecords are six games that between them touch every count.
func sampleRecords() []sampleRecord {
	none := func(r validate.Report) validate.Report {
		if r.ThreefoldPly == 0 {
			r.ThreefoldPly = -1
		}
		if r.FiftyPly == 0 {
			r.FiftyPly = -1
		}
		if r.FivefoldPly == 0 {
			r.FivefoldPly = -1
		}
		if r.SeventyFivePly == 0 {
			r.SeventyFivePly = -1
		}
		if r.FirstErrorPly == 0 {
			r.FirstErrorPly = -1
		}
		r.LastClockWhite, r.LastClockBlack = -1, -1
		return r
	}
	return []sampleRecord{
		// A clean decisive game, rated, blitz.
		{"a.pgn", 0, tags("Event", "Rated Blitz game", "Result", "1-0", "WhiteElo", "1850", "BlackElo", "1790"),
			parser.UTF8, none(validate.Report{Notation: "san", Plies: 41, End: validate.Checkmate,
				ComputedResult: "1-0", TimeCategory: "blitz"})},
		// Lost on time by a side whose opponent could not mate: must be a draw.
		{"a.pgn", 1, tags("Event", "Rated Blitz game", "Result", "0-1", "WhiteElo", "1900", "BlackElo", "1810"),
			parser.UTF8, none(validate.Report{Notation: "san", Plies: 120, ComputedResult: "*", TimeCategory: "blitz",
				TimeForfeit: true, Errors: 1, Infos: 1, FirstError: validate.TimeoutInsufficientMaterial,
				Findings: []validate.Finding{finding(validate.TimeForfeit, validate.Info),
					finding(validate.TimeoutInsufficientMaterial, validate.Error)}})},
		// A Russian scoresheet with a wrong result and a missed threefold claim.
		{"b.txt", 0, tags("Event", scriptEvent, "Result", "1-0", "WhiteElo", "2410", "BlackElo", "2390"),
			parser.Windows1251, none(validate.Report{Notation: "ru", Plies: 60, End: validate.Stalemate,
				ComputedResult: "1/2-1/2", TimeCategory: "standard", ThreefoldPly: 30, Errors: 1, Warnings: 1, Infos: 1,
				FirstError: validate.WrongResult, FirstErrorPly: 60,
				Findings: []validate.Finding{finding(validate.ThreefoldClaimable, validate.Info),
					finding(validate.MissedThreefold, validate.Warning), finding(validate.WrongResult, validate.Error)}})},
		// An illegal move, no Event tag, unknown Elo.
		{"b.txt", 1, tags("Result", "1/2-1/2", "WhiteElo", "?", "BlackElo", "2200"),
			parser.Windows1251, none(validate.Report{Notation: "ru", Plies: 7, ComputedResult: "*", Errors: 2,
				FirstError: validate.IllegalMove, FirstErrorPly: 8,
				Findings: []validate.Finding{finding(validate.IllegalMove, validate.Error),
					finding(validate.IllegalMove, validate.Error)}})},
		// A drawn endgame: 50-move claim, then 75 moves; an XSS event.
		{escapeFile, 0, tags("Event", imgEvent, "Result", "1/2-1/2", "WhiteElo", "2405", "BlackElo", "2415"),
			parser.UTF8, none(validate.Report{Notation: "san", Plies: 450, End: validate.SeventyFive,
				ComputedResult: "1/2-1/2", TimeCategory: "rapid", FiftyPly: 300, SeventyFivePly: 450, Infos: 2,
				Findings: []validate.Finding{finding(validate.FiftyMoveClaimable, validate.Info),
					finding(validate.SeventyFiveMoves, validate.Info)}})},
		// Unreadable: nothing but a syntax error, no tags at all.
		{escapeFile, 1, nil, parser.CP866, none(validate.Report{ComputedResult: "*", Errors: 1,
			FirstError: validate.Syntax, Findings: []validate.Finding{finding(validate.Syntax, validate.Error)}})},
	}
}

func sampleGames() []Game {
	var gs []Game
	for _, r := range sampleRecords() {
		gs = append(gs, r.game())
	}
	return gs
}

func aggregateOf(games []Game) *Aggregate {
	var a Aggregate
	for i := range games {
		a.Add(&games[i])
	}
	return &a
}
