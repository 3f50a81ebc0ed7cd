package stats

import (
	"cmp"
	"slices"
	"strconv"
)

// FormatVersion is the "format" key of the JSON output; it changes when a
// key is removed or changes meaning (adding keys does not change it).
const FormatVersion = 1

// Summary is an Aggregate ready to print: every list sorted, shares worked
// out. It is also the JSON output; JSON.md documents each key.
type Summary struct {
	Format  int      `json:"format"`
	Sources []string `json:"sources"`
	// Warnings say what makes the numbers other than they look, one
	// sentence each: inputs of the same content read under several names,
	// whose games are counted once per input. The caller sets them, as it
	// sets Sources; absent from the JSON when there are none.
	Warnings []string `json:"warnings,omitempty"`

	Games             int64          `json:"games"`
	Plies             int64          `json:"plies"`
	GamesWithErrors   int64          `json:"games_with_errors"`
	GamesWithWarnings int64          `json:"games_with_warnings"`
	ErrorShare        float64        `json:"error_share"` // GamesWithErrors / Games, 0 without games
	Findings          SeverityCounts `json:"findings"`
	Codes             []CodeCount    `json:"codes"`

	MovesPerGame []MoveBin    `json:"moves_per_game"`
	Results      ResultMatrix `json:"results"`
	// Ends counts how the games ended on the board (validate.End); the JSON
	// key is older than the name.
	Ends []Count `json:"terminations"`

	Files  Groups `json:"files"`
	Events Groups `json:"events"`

	Notations    []Count       `json:"notations"`
	Encodings    []Count       `json:"encodings"`
	TimeControls []TimeControl `json:"time_controls"`
	DrawRules    DrawRules     `json:"draw_rules"`
	Elo          Elo           `json:"elo"`
}

// SeverityCounts counts findings by severity.
type SeverityCounts struct {
	Error   int64 `json:"error"`
	Warning int64 `json:"warning"`
	Info    int64 `json:"info"`
}

// CodeCount counts the findings of one code.
type CodeCount struct {
	Code string `json:"code"`
	SeverityCounts
	Total int64 `json:"total"`
}

// MoveBin is one bar of the moves-per-game histogram: games of Min to Max
// moves (Max nil: no upper bound).
type MoveBin struct {
	Label string `json:"label"`
	Min   int    `json:"min"`
	Max   *int   `json:"max"`
	Games int64  `json:"games"`
}

// ResultMatrix counts games by recorded result (rows) and computed result
// (columns): Games[i][j] has Recorded[i] in its Result tag and Computed[j]
// on the board.
type ResultMatrix struct {
	Recorded []string  `json:"recorded"`
	Computed []string  `json:"computed"`
	Games    [][]int64 `json:"games"`
}

// Count is a number of games with a name.
type Count struct {
	Name  string `json:"name"`
	Games int64  `json:"games"`
}

// Groups are the files or events, the worst first: the most errors, then
// warnings, infos, games, and by name.
type Groups struct {
	Distinct int     `json:"distinct"` // names itemised in all
	Top      []Group `json:"top"`      // the first of them (all with no limit)
	// Other counts the games of names beyond the itemising bound, nil when
	// there were none.
	Other *Group `json:"other"`
}

// Group counts the games and findings of one file or event.
type Group struct {
	Name            string `json:"name"`
	Games           int64  `json:"games"`
	GamesWithErrors int64  `json:"games_with_errors"`
	Errors          int64  `json:"errors"`
	Warnings        int64  `json:"warnings"`
	Infos           int64  `json:"infos"`
	// Absent marks the games without the tag (events only), whose Name is
	// "" as that of an empty tag is.
	Absent bool `json:"absent,omitempty"`
}

// TimeControl counts the games of one category of time control.
type TimeControl struct {
	Category string `json:"category"`
	Games    int64  `json:"games"`
	// TimeForfeit counts the games a flag decided (time-forfeit), whatever
	// their result; DrawnOnTime those of them scored 1/2-1/2 (a flag against
	// a side that could not mate), which are not losses.
	TimeForfeit int64 `json:"time_forfeits"`
	DrawnOnTime int64 `json:"drawn_on_time"`
	// MustDraw counts wins on time by a side that could not mate
	// (timeout-insufficient-material): results that must be draws.
	MustDraw int64 `json:"timeout_insufficient_material"`
}

// DrawRules counts the games in which each draw rule applied.
type DrawRules struct {
	ThreefoldClaimable int64 `json:"threefold_claimable"`
	FiftyMoveClaimable int64 `json:"fifty_move_claimable"`
	MissedThreefold    int64 `json:"missed_threefold"`
	MissedFiftyMove    int64 `json:"missed_fifty_move"`
	Fivefold           int64 `json:"fivefold"`
	SeventyFiveMoves   int64 `json:"seventy_five_moves"`
}

// Elo relates the players' average rating to White's score.
type Elo struct {
	Games int64     `json:"games"` // games where both ratings are known
	Bands []EloBand `json:"bands"` // bands with games, lowest first
}

// EloBand is the games whose average rating is in Min..Max.
type EloBand struct {
	Min       int   `json:"min"`
	Max       int   `json:"max"`
	Games     int64 `json:"games"`
	WhiteWins int64 `json:"white_wins"`
	Draws     int64 `json:"draws"`
	BlackWins int64 `json:"black_wins"`
	// WhiteScore is White's points per game over the games with a result
	// (1-0, 0-1 or 1/2-1/2), from 0 to 1; nil when there are none.
	WhiteScore *float64 `json:"white_score"`
}

// Summarize returns the summary of a, listing at most top files and events
// (all when top <= 0).
func (a *Aggregate) Summarize(top int) *Summary {
	s := &Summary{
		Format:            FormatVersion,
		Sources:           []string{},
		Games:             a.games,
		Plies:             a.plies,
		GamesWithErrors:   a.withErrors,
		GamesWithWarnings: a.withWarnings,
		Findings:          severity(&a.severities),
		Codes:             []CodeCount{},
	}
	if a.games > 0 {
		s.ErrorShare = float64(a.withErrors) / float64(a.games)
	}
	for i, c := range a.codes.names {
		sev := severity(&a.codes.values[i])
		s.Codes = append(s.Codes, CodeCount{Code: c, SeverityCounts: sev, Total: sev.Error + sev.Warning + sev.Info})
	}
	slices.SortFunc(s.Codes, func(x, y CodeCount) int {
		return cmp.Or(cmp.Compare(y.Total, x.Total), cmp.Compare(x.Code, y.Code))
	})

	for i, n := range a.moves {
		s.MovesPerGame = append(s.MovesPerGame, moveBinOf(i, n))
	}
	s.Results = ResultMatrix{Recorded: recordedLabels[:], Computed: computedLabels[:]}
	for r := range a.results {
		s.Results.Games = append(s.Results.Games, slices.Clone(a.results[r][:]))
	}
	for i, n := range a.ends {
		if i < nEnds-1 || n > 0 {
			s.Ends = append(s.Ends, Count{endLabel(i), n})
		}
	}

	s.Files = a.files.summarize(top)
	s.Events = a.events.summarize(top)
	s.Notations = counts(&a.notations)
	s.Encodings = counts(&a.encodings)
	for i, t := range a.times {
		s.TimeControls = append(s.TimeControls, TimeControl{timeLabels[i], t.games, t.forfeits, t.drawnOnTime, t.mustDraw})
	}
	d := &a.draws
	s.DrawRules = DrawRules{d.threefold, d.fifty, d.missedThreefold, d.missedFifty, d.fivefold, d.seventyFive}
	s.Elo = Elo{Games: a.gamesWithBothElos, Bands: []EloBand{}}
	for i, e := range a.elo {
		if e.games == 0 {
			continue
		}
		b := EloBand{Min: i * eloBandWidth, Max: (i+1)*eloBandWidth - 1, Games: e.games,
			WhiteWins: e.whiteWins, Draws: e.draws, BlackWins: e.blackWins}
		if n := e.whiteWins + e.draws + e.blackWins; n > 0 {
			score := (float64(e.whiteWins) + float64(e.draws)/2) / float64(n)
			b.WhiteScore = &score
		}
		s.Elo.Bands = append(s.Elo.Bands, b)
	}
	return s
}

func severity(n *[nSeverities]int64) SeverityCounts {
	return SeverityCounts{Error: n[2], Warning: n[1], Info: n[0]}
}

func moveBinOf(i int, games int64) MoveBin {
	switch {
	case i == 0:
		zero := 0
		return MoveBin{Label: "0", Min: 0, Max: &zero, Games: games}
	case i == nMoveBins-1:
		lo := (i-1)*moveBinWidth + 1
		return MoveBin{Label: strconv.Itoa(lo) + "+", Min: lo, Games: games}
	}
	lo, hi := (i-1)*moveBinWidth+1, i*moveBinWidth
	return MoveBin{Label: strconv.Itoa(lo) + "-" + strconv.Itoa(hi), Min: lo, Max: &hi, Games: games}
}

// counts lists t by number of games, the most first, then by name.
func counts(t *tally[int64]) []Count {
	out := []Count{}
	for i, name := range t.names {
		out = append(out, Count{name, t.values[i]})
	}
	slices.SortFunc(out, func(x, y Count) int {
		return cmp.Or(cmp.Compare(y.Games, x.Games), cmp.Compare(x.Name, y.Name))
	})
	return out
}

func (gs *groups) summarize(top int) Groups {
	out := Groups{Distinct: len(gs.m), Top: make([]Group, 0, len(gs.m)+1)}
	if gs.distinct > 0 {
		out.Distinct = gs.distinct
	}
	for name, g := range gs.m {
		out.Top = append(out.Top, g.named(name))
	}
	if gs.missing != nil {
		g := gs.missing.named("")
		g.Absent = true
		out.Top = append(out.Top, g)
		out.Distinct++
	}
	slices.SortFunc(out.Top, worseFirst)
	if top > 0 && len(out.Top) > top {
		out.Top = out.Top[:top]
	}
	if gs.other.games > 0 {
		o := gs.other.named("")
		out.Other = &o
	}
	return out
}

func (g *group) named(name string) Group {
	return Group{Name: name, Games: g.games, GamesWithErrors: g.gamesWithErrors,
		Errors: g.errors, Warnings: g.warnings, Infos: g.infos}
}

func worseFirst(x, y Group) int {
	return cmp.Or(cmp.Compare(y.Errors, x.Errors), cmp.Compare(y.Warnings, x.Warnings),
		cmp.Compare(y.Infos, x.Infos), cmp.Compare(y.Games, x.Games), cmp.Compare(x.Name, y.Name),
		cmp.Compare(b2i(x.Absent), b2i(y.Absent)))
}
