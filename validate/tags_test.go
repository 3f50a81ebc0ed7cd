package validate

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// roster is a complete, well-formed Seven Tag Roster.
var roster = []string{"Event", "Club ch", "Site", "Riga", "Date", "1960.03.15", "Round", "3",
	"White", "Tal, M", "Black", "Botvinnik, M", "Result", "1-0"}

func with(tags []string, extra ...string) []string {
	out := append([]string(nil), tags...)
	for i := 0; i+1 < len(extra); i += 2 {
		replaced := false
		for j := 0; j+1 < len(out); j += 2 {
			if out[j] == extra[i] {
				out[j+1] = extra[i+1]
				replaced = true
			}
		}
		if !replaced {
			out = append(out, extra[i], extra[i+1])
		}
	}
	return out
}

func without(tags []string, names ...string) []string {
	var out []string
	for i := 0; i+1 < len(tags); i += 2 {
		keep := true
		for _, n := range names {
			if tags[i] == n {
				keep = false
			}
		}
		if keep {
			out = append(out, tags[i], tags[i+1])
		}
	}
	return out
}

func TestReadTagsFindings(t *testing.T) {
	tests := []struct {
		name string
		tags []string
		want []string // messages, in order
	}{
		{"complete roster", roster, nil},
		{"roster with extras", with(roster, "WhiteElo", "2700", "BlackElo", "", "TimeControl", "40/9000", "EventDate", "1960.??.??"), nil},
		{"one missing", without(roster, "Round"), []string{"Seven Tag Roster incomplete: Round is missing"}},
		{"three missing", without(roster, "Event", "Site", "Result"), []string{"Seven Tag Roster incomplete: Event, Site and Result are missing"}},
		{"no tags", nil, []string{"the game has no tags; the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing"}},
		{"only other tags", []string{"Annotator", "Kasparov"}, []string{"the game has no Seven Tag Roster (Event, Site, Date, Round, White, Black, Result)"}},
		{"empty roster values are present", with(roster, "Event", "", "White", ""), nil},
		// A misspelt or miscased roster tag is pointed at.
		{"misspelt", with(without(roster, "White"), "Whtie", "Smith, A"), []string{`Seven Tag Roster incomplete: White is missing (line 7 has "Whtie": misspelt?)`}},
		{"lower case", with(without(roster, "White"), "white", "A"), []string{`Seven Tag Roster incomplete: White is missing (line 7 has "white": tag names are case-sensitive)`}},
		{"two wrong", with(without(roster, "Event", "Round"), "Evnt", "x", "ROUND", "1"), []string{`Seven Tag Roster incomplete: Event and Round are missing (line 6 has "Evnt": misspelt?; line 7 has "ROUND": tag names are case-sensitive)`}},
		{"all in lower case", []string{"event", "x", "Rsult", "1-0"}, []string{`the game has no Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) (line 1 has "event": tag names are case-sensitive; line 2 has "Rsult": misspelt?)`}},
		{"other tags are no hint", with(without(roster, "White", "Date"), "WhiteElo", "2500", "EventDate", "?", "Whitish", "x"), []string{"Seven Tag Roster incomplete: Date and White are missing"}},

		// Date
		{"date unknown parts", with(roster, "Date", "????.??.??"), nil},
		{"date year only", with(roster, "Date", "1960.??.??"), nil},
		{"date decade", with(roster, "Date", "19??.??.??"), nil},
		{"date leap day", with(roster, "Date", "2024.02.29"), nil},
		{"date leap day 2000", with(roster, "Date", "2000.02.29"), nil},
		{"date iso", with(roster, "Date", "2016-05-31"), []string{`Date "2016-05-31" is not in the form YYYY.MM.DD (?? for unknown parts): write 2016.05.31`}},
		{"date year alone", with(roster, "Date", "1972"), []string{`Date "1972" is not in the form YYYY.MM.DD (?? for unknown parts): write 1972.??.??`}},
		{"date year alone, not four digits", with(roster, "Date", "972"), []string{`Date "972" is not in the form YYYY.MM.DD (?? for unknown parts)`}},
		{"date two question marks", with(roster, "Date", "??"), []string{`Date "??" is not in the form YYYY.MM.DD (?? for unknown parts)`}},
		{"date one-digit day", with(roster, "Date", "1972.07.1"), []string{`Date "1972.07.1" is not in the form YYYY.MM.DD (?? for unknown parts): write 1972.07.01`}},
		{"date half-known month", with(roster, "Date", "1972.1?.01"), []string{`Date "1972.1?.01" is not in the form YYYY.MM.DD (?? for unknown parts)`}},
		// Day first, or no such day: no form to suggest.
		{"date day first", with(roster, "Date", "01.05.2024"), []string{`Date "01.05.2024" is not in the form YYYY.MM.DD (?? for unknown parts)`}},
		{"date iso, no such day", with(roster, "Date", "2016-02-30"), []string{`Date "2016-02-30" is not in the form YYYY.MM.DD (?? for unknown parts)`}},
		{"date month 00", with(roster, "Date", "1972.00.??"), []string{`Date "1972.00.??" has no month 00: write 1972.??.?? when the month is unknown`}},
		{"date month 13", with(roster, "Date", "1972.13.01"), []string{`Date "1972.13.01" has no month 13: write 1972.01.13 (PGN writes the month before the day)`}},
		{"date day 00", with(roster, "Date", "1972.05.00"), []string{`Date "1972.05.00" has no day 00: write 1972.05.?? when the day is unknown`}},
		{"date 30 February", with(roster, "Date", "2023.02.29"), []string{`Date "2023.02.29" is not a day: February 2023 has 28 days`}},
		{"date 1900 not leap", with(roster, "Date", "1900.02.29"), []string{`Date "1900.02.29" is not a day: February 1900 has 28 days`}},
		{"date 31 April", with(roster, "Date", "1972.04.31"), []string{`Date "1972.04.31" is not a day: April has 30 days`}},
		{"date leading space", with(roster, "Date", " 1972.07.11"), []string{`Date " 1972.07.11" is not in the form YYYY.MM.DD (?? for unknown parts)`}},
		{"event date unknown", with(roster, "EventDate", "?"), nil},
		{"date day before month", with(roster, "Date", "2012.21.10"), []string{`Date "2012.21.10" has no month 21: write 2012.10.21 (PGN writes the month before the day)`}},
		{"date day before month, unpadded", with(roster, "Date", "2013.23.7"), []string{`Date "2013.23.7" is not in the form YYYY.MM.DD (?? for unknown parts): write 2013.07.23`}},
		{"date no month, day no month either", with(roster, "Date", "2012.13.13"), []string{`Date "2012.13.13" has no month 13`}},
		{"date day before month, no such day", with(roster, "Date", "2012.31.02"), []string{`Date "2012.31.02" has no month 31`}},
		{"date no month, no day", with(roster, "Date", "2012.32.10"), []string{`Date "2012.32.10" has no month 32`}},
		{"date lone ?", with(roster, "Date", "?"), []string{`Date "?" is not in the form YYYY.MM.DD (?? for unknown parts): write ????.??.??`}},
		{"event date checked", with(roster, "EventDate", "2013.12.4"), []string{`EventDate "2013.12.4" is not in the form YYYY.MM.DD (?? for unknown parts): write 2013.12.04`}},
		{"utc date checked", with(roster, "UTCDate", "2016/05/31"), []string{`UTCDate "2016/05/31" is not in the form YYYY.MM.DD (?? for unknown parts): write 2016.05.31`}},

		// Round
		{"round unknown", with(roster, "Round", "?"), nil},
		{"round none", with(roster, "Round", "-"), nil},
		{"round sub", with(roster, "Round", "3.1"), nil},
		{"round three parts", with(roster, "Round", "2.1.4"), nil},
		{"round unknown with board", with(roster, "Round", "?.9"), nil},
		{"round empty", with(roster, "Round", ""), []string{`Round "" is empty: write "?" when the round is unknown`}},
		{"round letter", with(roster, "Round", "R9"), []string{`Round "R9" is not a round such as 3, 3.1, "?" (unknown) or "-" (none)`}},
		{"round trailing dot", with(roster, "Round", "3."), []string{`Round "3." is not a round such as 3, 3.1, "?" (unknown) or "-" (none)`}},
		{"round comma", with(roster, "Round", "1,2"), []string{`Round "1,2" is not a round such as 3, 3.1, "?" (unknown) or "-" (none)`}},
		{"round digit and ?", with(roster, "Round", "1?"), []string{`Round "1?" is not a round such as 3, 3.1, "?" (unknown) or "-" (none)`}},

		// Elo
		{"elo forms", with(roster, "WhiteElo", "-", "BlackElo", "?"), nil},
		{"elo provisional", with(roster, "WhiteElo", "1500?", "BlackElo", "0"), nil},
		{"elo word", with(roster, "WhiteElo", "unknown"), []string{`WhiteElo "unknown" is not a rating: write digits, or "-" or "?" when there is none`}},
		{"elo five digits", with(roster, "BlackElo", "12345"), []string{`BlackElo "12345" is not a rating: write digits, or "-" or "?" when there is none`}},
		{"elo lone ?? ", with(roster, "BlackElo", "??"), []string{`BlackElo "??" is not a rating: write digits, or "-" or "?" when there is none`}},
		{"elo 4000", with(roster, "WhiteElo", "4000", "BlackElo", "9999?"), []string{
			`WhiteElo "4000" is not a rating: ratings stop below 4000 (a typing error or a placeholder?); the games table has none`,
			`BlackElo "9999?" is not a rating: ratings stop below 4000 (a typing error or a placeholder?); the games table has none`}},
		{"elo 3999", with(roster, "WhiteElo", "3999", "BlackElo", "0001"), nil},

		// Result
		{"result star", with(roster, "Result", "*"), nil},
		{"result half", with(roster, "Result", "½-½"), []string{`Result "½-½" is not PGN: write 1/2-1/2`}},
		{"result colon", with(roster, "Result", "1:0"), []string{`Result "1:0" is not PGN: write 1-0`}},
		{"result unknown", with(roster, "Result", "?"), []string{`Result "?" is not one of 1-0, 0-1, 1/2-1/2, *`}},
		{"result empty", with(roster, "Result", ""), []string{`Result "" is not one of 1-0, 0-1, 1/2-1/2, *`}},

		// TimeControl
		{"tc lichess", with(roster, "TimeControl", "180+2"), nil},
		{"tc unknown", with(roster, "TimeControl", "?"), nil},
		{"tc human", with(roster, "TimeControl", "15 min/game + 10 sec/move"), []string{`TimeControl "15 min/game + 10 sec/move" is not in PGN form: write 900+10`}},
		{"tc malformed", with(roster, "TimeControl", "2/"), []string{`TimeControl "2/" is not a PGN time control: a period must give a number of seconds`}},
		{"tc words not read", with(roster, "TimeControl", "G/90;d5"), []string{`TimeControl "G/90;d5" is not a PGN time control, and its words cannot be read in full ` +
			`(a delay, an increment from a later move, a move count not said?): write seconds, as 40/5400+30:1800+30 (90 min for 40 moves, then 30 min, 30 s a move from move 1); ` +
			`the clocks are not checked against it`}},
		{"tc US Chess", with(roster, "TimeControl", "G/90;inc30"), []string{`TimeControl "G/90;inc30" is not in PGN form: write 5400+30`}},

		// SetUp and FEN
		{"fen with setup", with(roster, "SetUp", "1", "FEN", "8/8/8/8/8/8/8/K6k w - - 0 1"), nil},
		{"fen without setup", with(roster, "FEN", "8/8/8/8/8/8/8/K6k w - - 0 1"), []string{`a FEN tag without SetUp "1": PGN requires it beside a FEN (the game is replayed from the FEN)`}},
		{"setup without fen", with(roster, "SetUp", "1"), []string{`SetUp is "1" but there is no FEN tag: the game is replayed from the standard start`}},
		{"setup 0 with fen", with(roster, "SetUp", "0", "FEN", "8/8/8/8/8/8/8/K6k w - - 0 1"), []string{`SetUp is "0" but there is a FEN tag: the game is replayed from the FEN`}},
		{"setup 0 alone", with(roster, "SetUp", "0"), nil},
		{"setup other", with(roster, "SetUp", "yes", "FEN", "8/8/8/8/8/8/8/K6k w - - 0 1"), []string{`SetUp "yes" is neither "0" nor "1"`}},

		// Duplicates
		{"duplicate different", append(with(roster), "Result", "0-1"), []string{`tag Result appears twice: "1-0" (line 7) is used, "0-1" ignored`}},
		{"duplicate same", append(with(roster), "Date", "1960.03.15"), []string{`tag Date appears twice (first at line 3)`}},
		{"unread tags may repeat", append(with(roster, "Annotator", "A"), "Annotator", "B"), nil},
	}
	for _, tt := range tests {
		g := testGame(t, tt.tags, "", "")
		var tags Tags
		fs := ReadTags(g, &tags, nil)
		if len(fs) != len(tt.want) {
			t.Errorf("%s: %d findings %v, want %d %q", tt.name, len(fs), fs, len(tt.want), tt.want)
			continue
		}
		for i, f := range fs {
			if f.Message != tt.want[i] {
				t.Errorf("%s: message %q, want %q", tt.name, f.Message, tt.want[i])
			}
			if f.Ply != -1 || f.Severity != Warning {
				t.Errorf("%s: ply %d severity %v", tt.name, f.Ply, f.Severity)
			}
		}
	}
}

func TestReadTagsCodesAndPositions(t *testing.T) {
	g := testGame(t, append(with(without(roster, "Site"), "Date", "1960.3.15"), "Round", "3"), "", "")
	g.Start = parser.Pos{Offset: 42, Line: 9, Col: 1}
	var tags Tags
	fs := ReadTags(g, &tags, nil)
	if want := []Code{TagFormat, TagDuplicate, TagMissing}; !sameCodes(codes(fs), want) {
		t.Fatalf("codes %v, want %v", codes(fs), want)
	}
	if fs[0].Pos != g.Tags[1].Pos { // the Date tag
		t.Errorf("tag-format at %+v, want the Date tag's %+v", fs[0].Pos, g.Tags[1].Pos)
	}
	if fs[1].Pos != g.Tags[len(g.Tags)-1].Pos {
		t.Errorf("tag-duplicate at %+v, want the second Round's %+v", fs[1].Pos, g.Tags[len(g.Tags)-1].Pos)
	}
	// At the first tag, not at the game's start: a comment before a file's
	// first game belongs to it.
	if fs[2].Pos != g.Tags[0].Pos {
		t.Errorf("tag-missing at %+v, want the first tag's %+v", fs[2].Pos, g.Tags[0].Pos)
	}
}

func TestReadTagsValues(t *testing.T) {
	g := testGame(t, with(roster, "Result", "½-½", "Termination", "Time forfeit", "TimeControl", "300+3",
		"FEN", "8/8/8/8/8/8/8/K6k w - - 0 1", "Variant", " Standard    "), "", "")
	var tags Tags
	ReadTags(g, &tags, nil)
	if tags.White != "Tal, M" || tags.Black != "Botvinnik, M" {
		t.Errorf("players %q %q", tags.White, tags.Black)
	}
	if tags.Result != "1/2-1/2" || tags.ResultPos.Line != 7 {
		t.Errorf("result %q %+v", tags.Result, tags.ResultPos)
	}
	// Without the tag, no result and no place; an unreadable one has its place.
	var other Tags
	ReadTags(testGame(t, roster[:12], "", ""), &other, nil)
	if other.Result != "" || other.ResultPos != (parser.Pos{}) {
		t.Errorf("no Result tag: result %q %+v", other.Result, other.ResultPos)
	}
	ReadTags(testGame(t, with(roster, "Result", "white won"), "", ""), &other, nil)
	if other.Result != "" || other.ResultPos.Line != 7 {
		t.Errorf("unreadable Result tag: result %q %+v", other.Result, other.ResultPos)
	}
	if tags.Termination != "Time forfeit" || tags.TimeControlText != "300+3" || tags.TimeControl.Category() != "blitz" {
		t.Errorf("termination %q, time control %q %q", tags.Termination, tags.TimeControlText, tags.TimeControl.Category())
	}
	if !tags.HasFEN || tags.FEN != "8/8/8/8/8/8/8/K6k w - - 0 1" || tags.Variant != VariantStandard {
		t.Errorf("fen %v %q variant %d", tags.HasFEN, tags.FEN, tags.Variant)
	}

	// A reused Tags forgets the previous game.
	ReadTags(testGame(t, roster, "", ""), &tags, nil)
	if tags.HasFEN || tags.Termination != "" || tags.TimeControl.Kind != TimeControlAbsent || tags.Result != "1-0" {
		t.Errorf("stale values after reuse: %+v", tags)
	}
}

func TestVariants(t *testing.T) {
	tests := []struct {
		value     string
		kind      VariantKind
		with960   bool // reported when the replay supports Chess960
		without96 bool // reported when it does not
	}{
		{"Standard", VariantStandard, false, false},
		{"From Position", VariantStandard, false, false},
		{"normal", VariantStandard, false, false},
		{"Chess960", VariantChess960, false, true},
		{"fischerandom", VariantChess960, false, true},
		{"chess 960", VariantChess960, false, true},
		{"FRC", VariantChess960, false, true},
		{"Fischer Random Chess", VariantChess960, false, true},
		{"FRC960x", VariantOther, true, true},
		{"Crazyhouse", VariantOther, true, true},
		{"Seirawan", VariantOther, true, true},
		{"atomic", VariantOther, true, true},
	}
	for _, tt := range tests {
		var tags Tags
		ReadTags(testGame(t, with(roster, "Variant", tt.value), "", ""), &tags, nil)
		if tags.Variant != tt.kind {
			t.Errorf("%q: kind %d, want %d", tt.value, tags.Variant, tt.kind)
		}
		if _, got := tags.UnsupportedVariant(true); got != tt.with960 {
			t.Errorf("%q: reported with Chess960 support: %v", tt.value, got)
		}
		if _, got := tags.UnsupportedVariant(false); got != tt.without96 {
			t.Errorf("%q: reported without Chess960 support: %v", tt.value, got)
		}
	}
	for _, tt := range []struct {
		value    string
		severity Severity
		message  string
	}{
		{"Crazyhouse", Info, `the Variant tag says "Crazyhouse", a game other than standard chess and Chess960: arbiter knows no rules to judge it by, so its moves were not replayed`},
		{"Seirawan", Info, `the Variant tag says "Seirawan", a game other than standard chess and Chess960: arbiter knows no rules to judge it by, so its moves were not replayed`},
		// One letter off a name of chess: a game of chess, likely, left unchecked.
		{"Standart", Warning, `the Variant tag says "Standart", which names no game arbiter knows, and is one letter off "Standard": the moves were not replayed; write "Standard" (or, for standard chess, no Variant tag) to have them checked`},
		{" chess-960", Warning, `the Variant tag says " chess-960", which names no game arbiter knows, and is one letter off "Chess960": the moves were not replayed; write "Chess960" (or, for standard chess, no Variant tag) to have them checked`},
	} {
		var tags Tags
		ReadTags(testGame(t, with(roster, "Variant", tt.value), "", ""), &tags, nil)
		f, _ := tags.UnsupportedVariant(true)
		if f.Code != VariantUnsupported || f.Severity != tt.severity || f.Pos.Line != 8 || f.Message != tt.message {
			t.Errorf("%q: finding %+v\nwant %v %q", tt.value, f, tt.severity, tt.message)
		}
	}
	// The report names the variant of a game not replayed, for the summary.
	r := checkOne(t, pgn("1-0", []string{"Variant Crazyhouse"}, "1. e4 e5 1-0"), &Options{})
	if r.Variant != "Crazyhouse" || r.Replayed || got(r) != "variant-unsupported@-1" {
		t.Errorf("crazyhouse: variant %q, replayed %v, findings %s", r.Variant, r.Replayed, got(r))
	}
	if r := checkOne(t, pgn("1-0", []string{"Variant Chess960"}, "1. e4 e5 1-0"), &Options{}); r.Variant != "" || !r.Replayed {
		t.Errorf("chess960: variant %q, replayed %v", r.Variant, r.Replayed)
	}
}

func BenchmarkReadTags(b *testing.B) {
	g := testGame(b, with(roster, "WhiteElo", "2705", "BlackElo", "2690", "TimeControl", "40/7200:3600",
		"ECO", "B20", "EventDate", "1960.??.??", "Termination", "normal", "PlyCount", "81"), "1-0", "")
	var tags Tags
	fs := make([]Finding, 0, 8)
	b.ReportAllocs()
	for b.Loop() {
		fs = ReadTags(g, &tags, fs[:0])
	}
	if len(fs) != 0 {
		b.Fatal(fs)
	}
}

func FuzzTagValues(f *testing.F) {
	for _, s := range []string{"1960.03.15", "????.??.??", "19??.??.??", "2023.02.29", "3.1", "?.2", "1500?", "½-½", "1:0", "",
		"2023.02.28", "2023.13.01", "2023.00.10", "2023.01.00", "2023.01.32", "1960.??.15", "????.03.??"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if fast, slow := dateProblem(s), dateProblemSlow(s); fast != slow {
			t.Fatalf("%q: dateProblem %q, its general reading %q", s, fast, slow)
		}
		_ = roundProblem(s)
		if got, want := eloForm(s), eloReference(s); got != want {
			t.Fatalf("%q: eloForm %d, validElo and ParseElo %d", s, got, want)
		}
		if year, month, ok := commonDate(s); ok && (dateProblem(s) != "" || commonBeforeJuly2014(year, month) != beforeJuly2014(s)) {
			t.Fatalf("%q: commonDate %d, %d, yet dateProblem %q, beforeJuly2014 %v", s, year, month, dateProblem(s), beforeJuly2014(s))
		}
		if n, ok := plyCount(s); ok != plyCountReference(s) || ok && n != mustAtoi(s) {
			t.Fatalf("%q: plyCount %d, %v", s, n, ok)
		}
		_ = variantKind(s)
		kind, name, _ := terminationKind(s)
		if kind < termNone || kind > termOther || len(name) > len(s) {
			t.Fatalf("%q: kind %d name %q", s, kind, name)
		}
		if canon, exact := parser.ReadResult(s); canon != "" && canon != "1-0" && canon != "0-1" && canon != "1/2-1/2" && canon != "*" ||
			exact && canon != s {
			t.Fatalf("%q: canon %q exact %v", s, canon, exact)
		}
	})
}

// eloReference is eloForm as ReadTags read a rating before it: validElo,
// then ParseElo's number against MaxElo.
func eloReference(v string) int {
	if !validElo(v) {
		return eloNotDigits
	}
	if n, _ := ParseElo(v); n >= MaxElo {
		return eloTooHigh
	}
	return eloGood
}

// plyCountReference is plyCount as ReadTags read a PlyCount before it.
func plyCountReference(v string) bool {
	n, err := strconv.Atoi(v)
	return err == nil && n >= 0 && v[0] != '+'
}

func mustAtoi(v string) int {
	n, _ := strconv.Atoi(v)
	return n
}

// TestTagValueReadings: the one-pass readings of the values every game
// has give what the readings they stand for give, on the usual values and
// on each near miss of the shape they take.
func TestTagValueReadings(t *testing.T) {
	for in, want := range map[string]int{
		"2705": eloGood, "2400?": eloGood, "": eloGood, "?": eloGood, "-": eloGood, "0": eloGood, "3999": eloGood,
		"4000": eloTooHigh, "4000?": eloTooHigh, "9999": eloTooHigh,
		"12345": eloNotDigits, "??": eloNotDigits, "-?": eloNotDigits, "--": eloNotDigits, " 2400": eloNotDigits,
		"24O0": eloNotDigits, "2400??": eloNotDigits, "+240": eloNotDigits, "2400/": eloNotDigits, "2:00": eloNotDigits,
	} {
		if got := eloForm(in); got != want || got != eloReference(in) {
			t.Errorf("eloForm(%q) = %d, want %d (reference %d)", in, got, want, eloReference(in))
		}
	}
	type date struct {
		year, month int
		ok          bool
	}
	for in, want := range map[string]date{
		"1960.03.15": {1960, 3, true}, "2014.06.28": {2014, 6, true}, "2014.07.01": {2014, 7, true}, "0000.01.01": {0, 1, true},
		"2023.01.31": {2023, 1, true}, "2023.04.30": {2023, 4, true}, "2024.02.29": {2024, 2, true}, "2000.02.29": {2000, 2, true},
		"1960.??.??": {1960, 0, true}, "2014.??.??": {2014, 0, true}, "1960.03.??": {1960, 3, true}, "2014.06.??": {2014, 6, true},
		"2023.02.29": {}, "1900.02.29": {}, "2023.04.31": {}, "2023.01.32": {}, "2023.13.01": {}, "2023.00.10": {}, "2023.01.00": {},
		"????.??.??": {}, "19??.??.??": {}, "1960.??.15": {}, "1960.?3.??": {}, "1960.13.??": {}, "1960.00.??": {}, "1960.03.?5": {},
		"1960.03.1?": {}, "1960-03-15": {}, "1960.03.15 ": {}, "196/.03.15": {}, "1960.:3.15": {}, "19601.3.15": {},
	} {
		year, month, ok := commonDate(in)
		if (date{year, month, ok}) != want {
			t.Errorf("commonDate(%q) = %d, %d, %v; want %v", in, year, month, ok, want)
		}
		if ok && (dateProblem(in) != "" || commonBeforeJuly2014(year, month) != beforeJuly2014(in)) {
			t.Errorf("commonDate(%q) disagrees with dateProblem %q or beforeJuly2014 %v", in, dateProblem(in), beforeJuly2014(in))
		}
	}
	for in, want := range map[string]int{
		"81": 81, "0": 0, "007": 7, "-0": 0, "999999999999999999": 999999999999999999, "1000000000000000000": 1000000000000000000,
		"": -1, "+3": -1, "-1": -1, "8 1": -1, "81.": -1, "x": -1, "99999999999999999999": -1,
	} {
		n, ok := plyCount(in)
		if !ok {
			n = -1
		}
		if n != want || ok != plyCountReference(in) {
			t.Errorf("plyCount(%q) = %d, %v; want %d", in, n, ok, want)
		}
	}
}

// TestParseElo: one reading of the rating tags for the games table and the
// statistics alike.
func TestParseElo(t *testing.T) {
	for in, want := range map[string]int{
		"2400": 2400, "1": 1, "3999": 3999, "0850": 850, "2400?": 2400,
		"": 0, "?": 0, "-": 0, "0": 0, "4000": 0, "12345": 0, "24OO": 0, " 2400": 0, "2400.5": 0, "-100": 0, "+2400": 0, "2400??": 0,
	} {
		got, ok := ParseElo(in)
		if got != want && ok || ok != (want > 0) {
			t.Errorf("ParseElo(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
}

// Copies of a tag make one finding a name, which counts the rest: a game of
// a million "[Event" lines made a million findings before.
func TestReadTagsManyCopies(t *testing.T) {
	tags := append([]string{}, roster...)
	for range 5 {
		tags = append(tags, "Event", "again")
	}
	tags = append(tags, "Site", "there", "Site", "again", "Date", "1960.03.15", "Date", "1960.03.15")
	g := testGame(t, tags, "", "")
	var got Tags
	fs := ReadTags(g, &got, nil)
	var msgs []string
	for _, f := range fs {
		msgs = append(msgs, string(f.Code)+": "+f.Message)
	}
	want := []string{
		`tag-duplicate: tag Event appears 6 times: "Club ch" (line 1) is used, "again" ignored; 4 more copies ignored`,
		`tag-duplicate: tag Site appears 3 times: "Riga" (line 2) is used, "there" ignored; 1 more copy ignored`,
		`tag-duplicate: tag Date appears 3 times (first at line 3); 1 more copy ignored`,
	}
	if !slices.Equal(msgs, want) {
		t.Errorf("findings %q, want %q", msgs, want)
	}
}

// TestRoundOfAServer: Round alone missing in a game of an online server,
// known by its Site or a tag only that server writes, is info that says
// why; with another tag missing, or in a game the server only relays, or in
// an over-the-board game, it stays a warning.
func TestRoundOfAServer(t *testing.T) {
	noRound := without(roster, "Round")
	const why = " (a game of %s, which has no rounds: PGN writes Round \"-\" there)"
	for _, tt := range []struct {
		name     string
		tags     []string
		severity Severity
		message  string
	}{
		{"lichess", with(noRound, "Site", "https://lichess.org/K5Kl4Vh4"), Info, "Seven Tag Roster incomplete: Round is missing" + fmt.Sprintf(why, "lichess")},
		{"chess.com", with(noRound, "Site", "Chess.com"), Info, "Seven Tag Roster incomplete: Round is missing" + fmt.Sprintf(why, "chess.com")},
		{"FICS", with(noRound, "Site", "FICS freechess.org"), Info, "Seven Tag Roster incomplete: Round is missing" + fmt.Sprintf(why, "FICS")},
		{"FICS by its tag", with(noRound, "FICSGamesDBGameNo", "380389492"), Info, "Seven Tag Roster incomplete: Round is missing" + fmt.Sprintf(why, "FICS")},
		{"ICC", with(noRound, "Site", "Internet Chess Club"), Info, "Seven Tag Roster incomplete: Round is missing" + fmt.Sprintf(why, "ICC")},
		{"ICC by its tag", with(noRound, "ICCResult", "Black resigns"), Info, "Seven Tag Roster incomplete: Round is missing" + fmt.Sprintf(why, "ICC")},
		{"Event missing too", without(with(noRound, "Site", "https://lichess.org/K5Kl4Vh4"), "Event"), Warning, "Seven Tag Roster incomplete: Event and Round are missing"},
		{"a lichess broadcast", with(noRound, "Site", "https://lichess.org/broadcast/x/round-1/abc"), Warning, "Seven Tag Roster incomplete: Round is missing"},
		{"over the board", noRound, Warning, "Seven Tag Roster incomplete: Round is missing"},
	} {
		g := testGame(t, tt.tags, "", "")
		var tags Tags
		fs := ReadTags(g, &tags, nil)
		if len(fs) != 1 || fs[0].Code != TagMissing || fs[0].Severity != tt.severity || fs[0].Message != tt.message {
			t.Errorf("%s: %+v, want %v %q", tt.name, fs, tt.severity, tt.message)
		}
	}
}

// validElo is how tag-format read a rating's form before eloForm, kept as
// the reference eloForm is held to: up to four digits, optionally followed
// by "?" (a provisional rating, as pychess writes it), and "", "-", "?" for
// none.
func validElo(v string) bool {
	switch v {
	case "", "-", "?":
		return true
	}
	n := len(v)
	if v[n-1] == '?' {
		n--
	}
	if n == 0 || n > 4 {
		return false
	}
	for i := 0; i < n; i++ {
		if v[i] < '0' || v[i] > '9' {
			return false
		}
	}
	return true
}
