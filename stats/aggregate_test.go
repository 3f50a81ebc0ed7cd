package stats

import (
	"reflect"
	"strconv"
	"testing"
	"unsafe"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

func TestSummaryCounts(t *testing.T) {
	s := aggregateOf(sampleGames()).Summarize(0)
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		{"games", s.Games, 6},
		{"plies", s.Plies, 41 + 120 + 60 + 7 + 450},
		{"games with errors", s.GamesWithErrors, 4},
		{"games with warnings", s.GamesWithWarnings, 1},
		{"error findings", s.Findings.Error, 5},
		{"warning findings", s.Findings.Warning, 1},
		{"info findings", s.Findings.Info, 4},
		{"games with both ratings", s.Elo.Games, 4},
		{"threefold claimable", s.DrawRules.ThreefoldClaimable, 1},
		{"fifty claimable", s.DrawRules.FiftyMoveClaimable, 1},
		{"missed threefold", s.DrawRules.MissedThreefold, 1},
		{"missed fifty", s.DrawRules.MissedFiftyMove, 0},
		{"fivefold", s.DrawRules.Fivefold, 0},
		{"seventy-five", s.DrawRules.SeventyFiveMoves, 1},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	if s.ErrorShare != 4.0/6 {
		t.Errorf("error share = %v, want 4/6", s.ErrorShare)
	}

	wantCodes := []CodeCount{
		{"illegal-move", SeverityCounts{Error: 2}, 2},
		{"fifty-move-claimable", SeverityCounts{Info: 1}, 1},
		{"missed-threefold", SeverityCounts{Warning: 1}, 1},
		{"seventy-five-moves", SeverityCounts{Info: 1}, 1},
		{"syntax", SeverityCounts{Error: 1}, 1},
		{"threefold-claimable", SeverityCounts{Info: 1}, 1},
		{"time-forfeit", SeverityCounts{Info: 1}, 1},
		{"timeout-insufficient-material", SeverityCounts{Error: 1}, 1},
		{"wrong-result", SeverityCounts{Error: 1}, 1},
	}
	if !reflect.DeepEqual(s.Codes, wantCodes) {
		t.Errorf("codes:\n got %+v\nwant %+v", s.Codes, wantCodes)
	}

	// Rows 1-0, 0-1, 1/2-1/2, *, other, none; columns 1-0, 0-1, 1/2-1/2, *.
	wantResults := [][]int64{{1, 0, 1, 0}, {0, 0, 0, 1}, {0, 0, 1, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 1}}
	if !reflect.DeepEqual(s.Results.Games, wantResults) {
		t.Errorf("results = %v, want %v", s.Results.Games, wantResults)
	}
	wantEnds := []Count{{"none", 3}, {"checkmate", 1}, {"stalemate", 1}, {"dead-position", 0}, {"fivefold", 0}, {"seventy-five-moves", 1}}
	if !reflect.DeepEqual(s.Ends, wantEnds) {
		t.Errorf("terminations = %v, want %v", s.Ends, wantEnds)
	}

	// 0 plies: bin "0"; 7: 4 moves; 41: 21; 60: 30; 120: 60; 450: 225, "201+".
	moves := map[string]int64{}
	for _, b := range s.MovesPerGame {
		moves[b.Label] = b.Games
	}
	wantMoves := map[string]int64{"0": 1, "1-10": 1, "21-30": 2, "51-60": 1, "201+": 1}
	for _, b := range s.MovesPerGame {
		if b.Games != wantMoves[b.Label] {
			t.Errorf("moves bin %s = %d, want %d", b.Label, b.Games, wantMoves[b.Label])
		}
	}
	if len(s.MovesPerGame) != nMoveBins || s.MovesPerGame[nMoveBins-1].Max != nil || s.MovesPerGame[1].Min != 1 || *s.MovesPerGame[1].Max != 10 {
		t.Errorf("bins: %d, last max %v, second %d..%v", len(s.MovesPerGame), s.MovesPerGame[nMoveBins-1].Max, s.MovesPerGame[1].Min, *s.MovesPerGame[1].Max)
	}

	wantFiles := []Group{
		{"b.txt", 2, 2, 3, 1, 1, false},
		{escapeFile, 2, 1, 1, 0, 2, false},
		{"a.pgn", 2, 1, 1, 0, 1, false},
	}
	if !reflect.DeepEqual(s.Files.Top, wantFiles) || s.Files.Distinct != 3 || s.Files.Other != nil {
		t.Errorf("files = %+v", s.Files)
	}
	wantEvents := []Group{
		{"", 2, 2, 3, 0, 0, true},
		{scriptEvent, 1, 1, 1, 1, 1, false},
		{"Rated Blitz game", 2, 1, 1, 0, 1, false},
		{imgEvent, 1, 0, 0, 0, 2, false},
	}
	if !reflect.DeepEqual(s.Events.Top, wantEvents) {
		t.Errorf("events:\n got %+v\nwant %+v", s.Events.Top, wantEvents)
	}

	wantTimes := []TimeControl{{"blitz", 2, 1, 0, 1}, {"rapid", 1, 0, 0, 0}, {"standard", 1, 0, 0, 0}, {"correspondence", 0, 0, 0, 0}, {"unknown", 2, 0, 0, 0}}
	if !reflect.DeepEqual(s.TimeControls, wantTimes) {
		t.Errorf("time controls = %+v", s.TimeControls)
	}
	if want := []Count{{"san", 3}, {"ru", 2}, {"", 1}}; !reflect.DeepEqual(s.Notations, want) {
		t.Errorf("notations = %v, want %v", s.Notations, want)
	}
	if want := []Count{{"utf-8", 3}, {"windows-1251", 2}, {"cp866", 1}}; !reflect.DeepEqual(s.Encodings, want) {
		t.Errorf("encodings = %v, want %v", s.Encodings, want)
	}

	// (1850+1790)/2 = 1820 and (1900+1810)/2 = 1855: band 1800; 2400 and 2410: band 2400.
	// The game with WhiteElo "?" is left out.
	half, threeQuarters := 0.5, 0.75
	wantElo := []EloBand{
		{Min: 1800, Max: 1999, Games: 2, WhiteWins: 1, BlackWins: 1, WhiteScore: &half},
		{Min: 2400, Max: 2599, Games: 2, WhiteWins: 1, Draws: 1, WhiteScore: &threeQuarters},
	}
	if !reflect.DeepEqual(s.Elo.Bands, wantElo) {
		t.Errorf("elo bands = %+v, want %+v", s.Elo.Bands, wantElo)
	}
}

func TestSummaryTop(t *testing.T) {
	s := aggregateOf(sampleGames()).Summarize(2)
	if s.Events.Distinct != 4 || len(s.Events.Top) != 2 || s.Events.Top[1].Name != scriptEvent {
		t.Errorf("events top 2 = %+v", s.Events)
	}
}

func TestEmptySummary(t *testing.T) {
	var a Aggregate
	s := a.Summarize(10)
	if s.Games != 0 || s.ErrorShare != 0 || len(s.Codes) != 0 || len(s.Elo.Bands) != 0 || s.Files.Distinct != 0 {
		t.Errorf("empty summary: %+v", s)
	}
	if len(s.MovesPerGame) != nMoveBins || len(s.TimeControls) != nTimeCategories || len(s.Results.Games) != nRecorded {
		t.Errorf("empty summary has not every bin: %d moves bins, %d time categories, %d result rows",
			len(s.MovesPerGame), len(s.TimeControls), len(s.Results.Games))
	}
}

// Merging aggregates of any split of the games gives what adding them all
// to one gives, whatever the order of the merges.
func TestMergeEqualsAddingAll(t *testing.T) {
	games := sampleGames()
	want := aggregateOf(games).Summarize(0)
	for split := 0; split <= len(games); split++ {
		a, b := aggregateOf(games[:split]), aggregateOf(games[split:])
		var ab, ba Aggregate
		ab.Merge(a)
		ab.Merge(b)
		ba.Merge(b)
		ba.Merge(a)
		if got := ab.Summarize(0); !reflect.DeepEqual(got, want) {
			t.Errorf("split at %d, a+b: %+v\nwant %+v", split, got, want)
		}
		if got := ba.Summarize(0); !reflect.DeepEqual(got, want) {
			t.Errorf("split at %d, b+a differs", split)
		}
	}
	// One aggregate per game, merged into the first.
	first := aggregateOf(games[:1])
	for i := 1; i < len(games); i++ {
		first.Merge(aggregateOf(games[i : i+1]))
	}
	if got := first.Summarize(0); !reflect.DeepEqual(got, want) {
		t.Errorf("one per game: %+v", got)
	}
	// Merge leaves its argument alone.
	other := aggregateOf(games)
	var sink Aggregate
	sink.Merge(other)
	sink.Merge(other)
	if got := other.Summarize(0); !reflect.DeepEqual(got, want) {
		t.Errorf("Merge changed its argument")
	}
	if sink.Games() != 2*int64(len(games)) {
		t.Errorf("merged twice: %d games, want %d", sink.Games(), 2*len(games))
	}
}

// Past the bound, names are counted together; below it, nothing is lost.
func TestGroupsBound(t *testing.T) {
	gs := groups{limit: 2}
	for _, name := range []string{"x", "y", "z", "x", "w"} {
		gs.get(name).games++
	}
	s := gs.summarize(0)
	if s.Distinct != 2 || s.Other == nil || s.Other.Games != 2 || gs.m["x"].games != 2 || gs.m["y"].games != 1 {
		t.Errorf("bound 2: distinct %d, other %+v, x %d, y %d", s.Distinct, s.Other, gs.m["x"].games, gs.m["y"].games)
	}
	o := groups{}
	o.get("x").games = 5
	o.get("v").games = 1
	o.other.games = 3
	gs.merge(&o)
	if gs.m["x"].games != 7 || len(gs.m) != 2 || gs.other.games != 2+1+3 {
		t.Errorf("merge into a full bound: x %d, names %d, other %d", gs.m["x"].games, len(gs.m), gs.other.games)
	}

	var unbounded groups
	for i := range 1000 {
		unbounded.get(strconv.Itoa(i)).games++
	}
	if s := unbounded.summarize(3); s.Distinct != 1000 || s.Other != nil || len(s.Top) != 3 {
		t.Errorf("1000 names under the default bound: %d distinct, other %v, top %d", s.Distinct, s.Other, len(s.Top))
	}
}

// Names are copied when stored: the buffer they came from may be reused.
func TestAddCopiesNames(t *testing.T) {
	// A string that borrows a buffer, as those read from Arrow batches do.
	buf := []byte("event-one")
	g := Game{File: "f", Event: unsafe.String(&buf[0], 5), Notation: "san", Encoding: "utf-8"}
	var a Aggregate
	a.Add(&g)
	copy(buf, "XXXXX")
	if s := a.Summarize(0); s.Events.Top[0].Name != "event" || s.Notations[0].Name != "san" {
		t.Errorf("names after the buffer changed: %+v, %+v", s.Events.Top, s.Notations)
	}
	// The same buffer, now with another name: a game of another event.
	a.Add(&g)
	s := a.Summarize(0)
	if len(s.Events.Top) != 2 || s.Events.Top[0].Name != "XXXXX" || s.Events.Top[1].Name != "event" {
		t.Errorf("events = %+v", s.Events.Top)
	}
}

// Past maxTally names, a tally counts the rest under otherName.
func TestTallyBound(t *testing.T) {
	var a Aggregate
	for i := range maxTally + 10 {
		a.Add(&Game{Notation: "n" + strconv.Itoa(i)})
	}
	var b Aggregate
	b.Add(&Game{Notation: "n0"})
	b.Add(&Game{Notation: "late"})
	a.Merge(&b)
	s := a.Summarize(0)
	if len(s.Notations) != maxTally+1 || s.Notations[0] != (Count{otherName, 11}) || s.Notations[1] != (Count{"n0", 2}) {
		t.Errorf("%d notations, first %v, %v", len(s.Notations), s.Notations[0], s.Notations[1])
	}
}

func TestAddAllocatesNothing(t *testing.T) {
	games := sampleGames()
	a := aggregateOf(games) // every name seen once
	i := 0
	if n := testing.AllocsPerRun(100, func() {
		a.Add(&games[i%len(games)])
		i++
	}); n != 0 {
		t.Errorf("Add allocates %v times per game", n)
	}
}

func TestFromReport(t *testing.T) {
	r := validate.Report{Notation: "ru", Plies: 12, End: validate.Checkmate, ComputedResult: "0-1",
		TimeCategory: "rapid", TimeForfeit: true, ThreefoldPly: 5, FiftyPly: -1, FivefoldPly: -1, SeventyFivePly: 9,
		Findings: []validate.Finding{finding(validate.IllegalMove, validate.Error)}}
	g := FromReport("x.pgn", tags("Event", "Ch", "Result", "0-1", "WhiteElo", "2100", "BlackElo", "-", "White", "A"), parser.KOI8R, &r)
	want := Game{File: "x.pgn", Event: "Ch", HasEvent: true, WhiteElo: 2100, BlackElo: 0, Result: "0-1", ComputedResult: "0-1",
		End: validate.Checkmate, Plies: 12, Notation: "ru", Encoding: "koi8-r", TimeCategory: "rapid", TimeForfeit: true,
		Findings: r.Findings, ThreefoldPly: 5, FiftyPly: -1, FivefoldPly: -1, SeventyFivePly: 9}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("FromReport:\n got %+v\nwant %+v", g, want)
	}
}

// A game end this package does not know is counted as "unknown", not lost.
func TestUnknownEnd(t *testing.T) {
	if validate.End(nEnds-1).String() != "unknown" || validate.End(nEnds-2).String() == "unknown" {
		t.Fatalf("validate.End has %q at %d: nEnds is out of date", validate.End(nEnds-2), nEnds-2)
	}
	var a Aggregate
	a.Add(&Game{End: validate.End(200)})
	s := a.Summarize(0)
	last := s.Ends[len(s.Ends)-1]
	if last != (Count{"unknown", 1}) || len(s.Ends) != nEnds {
		t.Errorf("terminations = %v", s.Ends)
	}
}

// Severities beyond Error count as errors, as an unknown code does.
func TestUnknownSeverity(t *testing.T) {
	var a Aggregate
	a.Add(&Game{Findings: []validate.Finding{{Code: "new-code", Severity: 7}}})
	s := a.Summarize(0)
	if s.Findings.Error != 1 || s.GamesWithErrors != 1 || s.Codes[0] != (CodeCount{"new-code", SeverityCounts{Error: 1}, 1}) {
		t.Errorf("unknown severity: %+v, codes %+v", s.Findings, s.Codes)
	}
}

func BenchmarkAdd(b *testing.B) {
	games := sampleGames()
	a := aggregateOf(games)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		a.Add(&games[i%len(games)])
	}
}

// A flag that fell against a side that could not mate draws the game
// (lichess "Game drawn by timeout vs insufficient material"): such a game
// is a time forfeit but no loss, and is counted apart, merged or not.
func TestDrawnOnTimeIsNotLost(t *testing.T) {
	games := []Game{
		{Result: "1/2-1/2", TimeCategory: "blitz", TimeForfeit: true},
		{Result: "0-1", TimeCategory: "blitz", TimeForfeit: true},
		{Result: "1/2-1/2", TimeCategory: "blitz"},
		{Result: "1/2-1/2", TimeForfeit: true},
	}
	a := aggregateOf(games[:2])
	a.Merge(aggregateOf(games[2:]))
	s := a.Summarize(0)
	want := []TimeControl{{"blitz", 3, 2, 1, 0}, {"rapid", 0, 0, 0, 0}, {"standard", 0, 0, 0, 0},
		{"correspondence", 0, 0, 0, 0}, {"unknown", 1, 1, 1, 0}}
	if !reflect.DeepEqual(s.TimeControls, want) {
		t.Errorf("time controls:\n got %+v\nwant %+v", s.TimeControls, want)
	}
	sec := timeSection(s)
	wantRows := [][]string{{"blitz", "3", "1", "1", "0"}, {"rapid", "0", "0", "0", "0"}, {"standard", "0", "0", "0", "0"},
		{"correspondence", "0", "0", "0", "0"}, {"unknown", "1", "0", "1", "0"}}
	if want := []string{"category", "games", "lost on time", "drawn on time", "must be drawn"}; !reflect.DeepEqual(sec.header, want) {
		t.Errorf("header %q, want %q", sec.header, want)
	}
	if !reflect.DeepEqual(sec.rows, wantRows) {
		t.Errorf("rows %q, want %q", sec.rows, wantRows)
	}
}

// An empty Event tag is a name of its own, apart from the games with no
// Event tag, merged or not, and each is shown under its own label.
func TestEmptyEventTagApartFromNone(t *testing.T) {
	empty := FromReport("a.pgn", tags("Event", ""), parser.UTF8, &validate.Report{})
	none := FromReport("a.pgn", nil, parser.UTF8, &validate.Report{})
	named := Game{File: "a.pgn", Event: "Open"}
	a := aggregateOf([]Game{empty, none, none})
	a.Merge(aggregateOf([]Game{empty, named, none}))
	s := a.Summarize(0)
	want := []Group{{"", 3, 0, 0, 0, 0, true}, {"", 2, 0, 0, 0, 0, false}, {"Open", 1, 0, 0, 0, 0, false}}
	if !reflect.DeepEqual(s.Events.Top, want) || s.Events.Distinct != 3 {
		t.Errorf("events %+v (%d distinct), want %+v", s.Events.Top, s.Events.Distinct, want)
	}
	var names []string
	for _, r := range eventsSection(s).rows {
		names = append(names, r[0])
	}
	if want := []string{"(no Event tag)", "(empty Event tag)", "Open"}; !reflect.DeepEqual(names, want) {
		t.Errorf("event rows %q, want %q", names, want)
	}
}

// An automatic draw is counted where the board ended the game by it, as
// the terminations do: a fifth occurrence or 75 moves in a game dated
// before FIDE 9.6 (July 2014), under rules without automatic draws, or
// after a mate or dead position drew nothing. The move that completes both
// rules ends the game as a fivefold repetition and counts for both.
func TestAutomaticDrawsAreEndsOfTheGame(t *testing.T) {
	for _, tc := range []struct {
		name                  string
		game                  Game
		fivefold, seventyFive int64
	}{
		{"fivefold ended the game", Game{End: validate.Fivefold, FivefoldPly: 60, SeventyFivePly: -1}, 1, 0},
		{"75 moves ended the game", Game{End: validate.SeventyFive, FivefoldPly: -1, SeventyFivePly: 300}, 0, 1},
		{"one move completed both", Game{End: validate.Fivefold, FivefoldPly: 300, SeventyFivePly: 300}, 1, 1},
		{"fivefold after 75 moves", Game{End: validate.SeventyFive, FivefoldPly: 320, SeventyFivePly: 300}, 0, 1},
		{"75 moves after fivefold", Game{End: validate.Fivefold, FivefoldPly: 280, SeventyFivePly: 300}, 1, 0},
		{"fivefold in a game of 1990", Game{End: validate.NoEnd, FivefoldPly: 60, SeventyFivePly: -1}, 0, 0},
		{"75 moves in a game of 1990", Game{End: validate.NoEnd, FivefoldPly: -1, SeventyFivePly: 300}, 0, 0},
		{"fivefold after mate", Game{End: validate.Checkmate, FivefoldPly: 90, SeventyFivePly: -1}, 0, 0},
	} {
		g := tc.game
		g.ThreefoldPly, g.FiftyPly = -1, -1
		d := aggregateOf([]Game{g}).Summarize(0).DrawRules
		if d.Fivefold != tc.fivefold || d.SeventyFiveMoves != tc.seventyFive {
			t.Errorf("%s: fivefold %d, 75 moves %d; want %d, %d", tc.name, d.Fivefold, d.SeventyFiveMoves, tc.fivefold, tc.seventyFive)
		}
	}
}
