package stats

import "github.com/arbiter-chess/arbiter/validate"

// Aggregate sums games up. Add one game at a time and Merge aggregates
// built apart (per worker, per machine): the sums are the same as if every
// game had been added to one. The zero value is an empty aggregate.
//
// Names are itemised up to a bound: maxGroups files and events each,
// maxTally codes, notations and encodings each. The names met after that are
// counted together, so only then does the order of Add and Merge change what
// is itemised.
type Aggregate struct {
	games, plies      int64
	withErrors        int64 // games with at least one error
	withWarnings      int64 // games with at least one warning
	severities        [nSeverities]int64
	codes             tally[[nSeverities]int64]
	moves             [nMoveBins]int64
	results           [nRecorded][nComputed]int64
	ends              [nEnds]int64
	files, events     groups
	notations         tally[int64]
	encodings         tally[int64]
	times             [nTimeCategories]timeCount
	draws             drawCount
	elo               [nEloBands]eloBand
	gamesWithBothElos int64
}

const nSeverities = int(validate.Error) + 1

// severityIndex is s as an index, an unknown severity counting as an error
// (as an unknown code does in the catalogue), so that it is not hidden.
func severityIndex(s validate.Severity) int {
	if int(s) >= nSeverities {
		return int(validate.Error)
	}
	return int(s)
}

// Results as recorded (the Result tag) and as computed from the board.
var (
	recordedLabels = [...]string{"1-0", "0-1", "1/2-1/2", "*", "other", "none"}
	computedLabels = [...]string{"1-0", "0-1", "1/2-1/2", "*"}
)

const (
	nRecorded = len(recordedLabels)
	nComputed = len(computedLabels)
)

// resultIndex places a Result tag: the four PGN results, "other" for
// anything else, "none" when absent or empty.
func resultIndex(s string) int {
	switch s {
	case "1-0":
		return 0
	case "0-1":
		return 1
	case "1/2-1/2":
		return 2
	case "*":
		return 3
	case "":
		return 5
	}
	return 4
}

// computedIndex places a computed result; the board decides only the three
// results, everything else is "*".
func computedIndex(s string) int {
	if i := resultIndex(s); i < 3 {
		return i
	}
	return 3
}

// nEnds is the number of validate.End values plus one slot for a value this
// package does not know (never produced by a checker of the same version).
const nEnds = int(validate.SeventyFive) + 2

func endIndex(e validate.End) int {
	if int(e) >= nEnds-1 {
		return nEnds - 1
	}
	return int(e)
}

func endLabel(i int) string {
	if i == nEnds-1 {
		return "unknown"
	}
	return validate.End(i).String()
}

// Moves per game: a bin for games without a move, then bins of ten moves,
// then everything longer.
const (
	moveBinWidth = 10
	nMoveBins    = 22 // 0, 1-10, ..., 191-200, 201+
)

func moveBin(plies int) int {
	moves := (plies + 1) / 2
	if moves <= 0 {
		return 0
	}
	return min(1+(moves-1)/moveBinWidth, nMoveBins-1)
}

// Time-control categories as validate names them; "" and anything else is
// "unknown".
var timeLabels = [...]string{"blitz", "rapid", "standard", "correspondence", "unknown"}

const nTimeCategories = len(timeLabels)

func timeIndex(s string) int {
	for i, l := range timeLabels[:nTimeCategories-1] {
		if s == l {
			return i
		}
	}
	return nTimeCategories - 1
}

type timeCount struct {
	games, forfeits int64
	drawnOnTime     int64 // forfeits scored 1/2-1/2: a flag fell but the game was drawn
	// mustDraw counts games with a timeout-insufficient-material finding:
	// won on time by a side that could not mate.
	mustDraw int64
}

// drawCount counts games in which each draw rule applied.
type drawCount struct {
	threefold, fifty             int64 // a claim became possible
	missedThreefold, missedFifty int64 // ... and the game went on to a decisive result
	fivefold, seventyFive        int64 // the rule ended the game: an automatic draw
}

// Elo bands are eloBandWidth points of the players' average rating.
const (
	eloBandWidth = 200
	nEloBands    = validate.MaxElo / eloBandWidth
)

type eloBand struct {
	games                       int64 // both ratings known
	whiteWins, draws, blackWins int64 // games among them with a recorded result
}

// Add counts one game.
// AddFile counts the file name among those read though it held no game
// (an empty input): the files of a report are otherwise those its games
// name, and every input read is listed.
func (a *Aggregate) AddFile(name string) { a.files.get(name) }

func (a *Aggregate) Add(g *Game) {
	a.games++
	a.plies += int64(max(g.Plies, 0))

	var sev [nSeverities]int64
	var missedThreefold, missedFifty, mustDraw bool
	for i := range g.Findings {
		f := &g.Findings[i]
		s := severityIndex(f.Severity)
		sev[s]++
		a.codes.at(string(f.Code))[s]++
		switch f.Code {
		case validate.MissedThreefold:
			missedThreefold = true
		case validate.MissedFiftyMove:
			missedFifty = true
		case validate.TimeoutInsufficientMaterial:
			mustDraw = true
		}
	}
	for s := range sev {
		a.severities[s] += sev[s]
	}
	hasErrors, hasWarnings := sev[validate.Error] > 0, sev[validate.Warning] > 0
	a.withErrors += b2i(hasErrors)
	a.withWarnings += b2i(hasWarnings)
	var event *group
	if g.HasEvent || g.Event != "" {
		event = a.events.get(g.Event)
	} else {
		event = a.events.absent()
	}
	for _, gr := range [...]*group{a.files.get(g.File), event} {
		gr.games++
		gr.gamesWithErrors += b2i(hasErrors)
		gr.errors += sev[validate.Error]
		gr.warnings += sev[validate.Warning]
		gr.infos += sev[validate.Info]
	}

	a.moves[moveBin(g.Plies)]++
	a.results[resultIndex(g.Result)][computedIndex(g.ComputedResult)]++
	a.ends[endIndex(g.End)]++
	*a.notations.at(g.Notation)++
	*a.encodings.at(g.Encoding)++

	t := &a.times[timeIndex(g.TimeCategory)]
	t.games++
	t.forfeits += b2i(g.TimeForfeit)
	t.drawnOnTime += b2i(g.TimeForfeit && g.Result == "1/2-1/2")
	t.mustDraw += b2i(mustDraw)

	d := &a.draws
	d.threefold += b2i(g.ThreefoldPly >= 0)
	d.fifty += b2i(g.FiftyPly >= 0)
	d.missedThreefold += b2i(missedThreefold)
	d.missedFifty += b2i(missedFifty)
	// A rule drew the game only where the board ended it so: the plies
	// say when the position stood the fifth time or the 75 moves passed,
	// which in a game dated before FIDE 9.6 (July 2014), under rules
	// without automatic draws, or after a mate drew nothing. The move that
	// completes both ends the game as a fivefold repetition, by both rules.
	d.fivefold += b2i(g.End == validate.Fivefold)
	d.seventyFive += b2i(g.End == validate.SeventyFive || g.End == validate.Fivefold && g.SeventyFivePly == g.FivefoldPly)

	if w, b := ratingOrZero(g.WhiteElo), ratingOrZero(g.BlackElo); w > 0 && b > 0 {
		a.gamesWithBothElos++
		e := &a.elo[(w+b)/2/eloBandWidth]
		e.games++
		switch resultIndex(g.Result) {
		case 0:
			e.whiteWins++
		case 1:
			e.blackWins++
		case 2:
			e.draws++
		}
	}
}

// Merge adds the counts of o to a; o is left as it was.
func (a *Aggregate) Merge(o *Aggregate) {
	a.games += o.games
	a.plies += o.plies
	a.withErrors += o.withErrors
	a.withWarnings += o.withWarnings
	for s := range a.severities {
		a.severities[s] += o.severities[s]
	}
	a.codes.merge(&o.codes, addSeverities)
	for i := range a.moves {
		a.moves[i] += o.moves[i]
	}
	for r := range a.results {
		for c := range a.results[r] {
			a.results[r][c] += o.results[r][c]
		}
	}
	for i := range a.ends {
		a.ends[i] += o.ends[i]
	}
	a.files.merge(&o.files)
	a.events.merge(&o.events)
	a.notations.merge(&o.notations, addInt)
	a.encodings.merge(&o.encodings, addInt)
	for i := range a.times {
		a.times[i].games += o.times[i].games
		a.times[i].forfeits += o.times[i].forfeits
		a.times[i].drawnOnTime += o.times[i].drawnOnTime
		a.times[i].mustDraw += o.times[i].mustDraw
	}
	d, od := &a.draws, &o.draws
	d.threefold += od.threefold
	d.fifty += od.fifty
	d.missedThreefold += od.missedThreefold
	d.missedFifty += od.missedFifty
	d.fivefold += od.fivefold
	d.seventyFive += od.seventyFive
	a.gamesWithBothElos += o.gamesWithBothElos
	for i := range a.elo {
		e, oe := &a.elo[i], &o.elo[i]
		e.games += oe.games
		e.whiteWins += oe.whiteWins
		e.draws += oe.draws
		e.blackWins += oe.blackWins
	}
}

// Games is the number of games added.
func (a *Aggregate) Games() int64 { return a.games }

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
