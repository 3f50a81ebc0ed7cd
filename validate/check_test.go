package validate

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
)

// pgn wraps movetext in a complete Seven Tag Roster (plus the extra tags
// given as "Name Value" lines), so that only the findings under test appear.
func pgn(result string, extra []string, movetext string) string {
	var b strings.Builder
	for _, t := range [][2]string{{"Event", "Test"}, {"Site", "Here"}, {"Date", "2026.01.02"}, {"Round", "1"},
		{"White", "A"}, {"Black", "B"}, {"Result", result}} {
		fmt.Fprintf(&b, "[%s %q]\n", t[0], t[1])
	}
	for _, e := range extra {
		name, value, _ := strings.Cut(e, " ")
		fmt.Fprintf(&b, "[%s %q]\n", name, value)
	}
	b.WriteString("\n" + movetext + "\n")
	return b.String()
}

// checkOne parses text, which must hold exactly one game, and checks it.
func checkOne(t *testing.T, text string, opt *Options) Report {
	t.Helper()
	var reports []Report
	err := parser.ReadGames(strings.NewReader(text), parser.Options{}, func(g *parser.Game) {
		reports = append(reports, Check(g, opt))
	})
	if err != nil || len(reports) != 1 {
		t.Fatalf("read %d games, err %v, from:\n%s", len(reports), err, text)
	}
	return reports[0]
}

// got lists findings as "code@ply" for compact, exact assertions.
func got(r Report) string {
	var s []string
	for _, f := range r.Findings {
		s = append(s, fmt.Sprintf("%s@%d", f.Code, f.Ply))
	}
	return strings.Join(s, " ")
}

func find(r Report, c Code) *Finding {
	for i := range r.Findings {
		if r.Findings[i].Code == c {
			return &r.Findings[i]
		}
	}
	return nil
}

const (
	shuffle   = "Nf3 Nf6 Ng1 Ng8"
	stalemate = "FEN 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
)

// shuffles writes n knight shuffles from move number from on.
func shuffles(from, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 Ng8 ", from+2*i, from+2*i+1)
	}
	return b.String()
}

func TestCheckFindings(t *testing.T) {
	ussr := &Options{Profile: USSR}
	fide2009 := &Options{Profile: FIDE2009}
	for _, c := range []struct {
		name string
		text string
		opt  *Options
		want string
	}{
		{"clean game", pgn("1/2-1/2", nil, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2"), nil, ""},
		{"illegal move", pgn("*", nil, "1. e4 e5 2. Ke3 Nc6 3. Nf3 *"), nil, "illegal-move@3"},
		{"ambiguous move", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"}, "1. Nd2 *"), nil, "ambiguous-move@1"},
		{"disambiguated is fine", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"}, "1. Nbd2 *"), nil, ""},
		{"long algebraic", pgn("*", nil, "1. e2-e4 e7-e5 2. Ng1-f3 *"), nil, "non-standard-notation@1"},
		// Every dash the move lexer reads, the parser takes for a move too.
		{"small and fullwidth hyphens", pgn("*", nil, "1. e2﹣e4 e7－e5 2. Ng1﹘f3 *"), nil, "non-standard-notation@1"},
		{"missing check mark", pgn("*", nil, "1. e4 f5 2. Qh5 *"), nil, "non-standard-notation@3"},
		{"null move", pgn("*", nil, "1. e4 -- 2. d4 *"), nil, "null-move@2"},
		{"mate scored right", pgn("0-1", nil, "1. f3 e5 2. g4 Qh4# 0-1"), nil, ""},
		{"mate scored as draw", pgn("1/2-1/2", nil, "1. f3 e5 2. g4 Qh4# 1/2-1/2"), nil, "wrong-result@-1"},
		{"mate scored for the loser", pgn("1-0", nil, "1. f3 e5 2. g4 Qh4# 1-0"), nil, "wrong-result@-1"},
		{"mate, result unknown", pgn("*", nil, "1. f3 e5 2. g4 Qh4# *"), nil, ""},
		{"moves after mate", pgn("0-1", nil, "1. f3 e5 2. g4 Qh4# 3. Kf2 0-1"), nil, "moves-after-end@5"},
		{"stalemate scored decisive", pgn("1-0", []string{"SetUp 1", stalemate}, "1-0"), nil, "wrong-result@-1"},
		{"stalemate drawn", pgn("1/2-1/2", []string{"SetUp 1", stalemate}, "1/2-1/2"), nil, ""},
		{"dead position scored decisive", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/4B3 w - - 0 1"}, "1-0"), nil, "wrong-result@-1"},
		{"rook ending is alive", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 0 1"}, "1-0"), nil, ""},
		// After 1.Kf7 Black's only move is Kxh7: dead after a quiet move.
		{"dead after a quiet move, scored decisive", pgn("1-0", []string{"SetUp 1", "FEN 7k/7P/4K3/8/8/8/8/8 w - - 0 1"}, "1. Kf7 1-0"), nil, "wrong-result@-1"},
		{"dead after a quiet move, drawn", pgn("1/2-1/2", []string{"SetUp 1", "FEN 7k/7P/4K3/8/8/8/8/8 w - - 0 1"}, "1. Kf7 1/2-1/2"), nil, ""},
		{"alive after a quiet move", pgn("1-0", []string{"SetUp 1", "FEN 7k/7P/4K3/8/8/8/8/8 w - - 0 1"}, "1. Kf5 1-0"), nil, ""},
		{"threefold claimable", pgn("1/2-1/2", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2"), nil, "threefold-claimable@7"},
		{"threefold missed", pgn("1-0", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1-0"), nil, "threefold-claimable@7 missed-threefold@7"},
		{"two repetitions only", pgn("1-0", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 1-0"), nil, ""},
		{"fivefold ends the game", pgn("1/2-1/2", nil, shuffles(1, 4)+"1/2-1/2"), nil, "threefold-claimable@7 fivefold-repetition@16"},
		{"play after fivefold", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. e4 1/2-1/2"), nil, "threefold-claimable@7 fivefold-repetition@16 moves-after-end@17"},
		{"no fivefold rule in 2009", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. e4 1/2-1/2"), fide2009, "threefold-claimable@7"},
		{"fifty moves claimable at the start", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 99 80"}, "80. Ra5+ 1/2-1/2"), nil, "fifty-move-claimable@0"},
		{"fifty moves missed", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 100 80"}, "80. Ra5+ 1-0"), nil, "fifty-move-claimable@0 missed-fifty-move@1"}, // Black's, who lost
		{"fifty moves missed by the winner alone", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 100 80"}, "1-0"), nil, "fifty-move-claimable@0 missed-fifty-move@0"},
		{"fifty moves not yet", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 90 80"}, "80. Ra5+ 1-0"), nil, ""},
		{"75 moves", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 149 80"}, "80. Ra5+ 1/2-1/2"), nil, "fifty-move-claimable@0 seventy-five-moves@1"},
		{"play after 75 moves", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 149 80"}, "80. Ra5+ Kf4 1/2-1/2"), nil, "fifty-move-claimable@0 seventy-five-moves@1 moves-after-end@2"},
		{"ussr: 75 moves in R+B v R", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/2r5/3K4/R4B2 w - - 99 80"}, "80. Ra5+ 1/2-1/2"), ussr, ""},
		// Claimed, as the 50 moves are, with the move that completes them.
		{"ussr: 75 moves claimable with the 150th ply", pgn("1/2-1/2", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/2r5/RB2K3 b - - 148 80"}, "80... Rc3 81. Ra2 1/2-1/2"), ussr, "fifty-move-claimable@1"},
		{"ussr: 75 moves not yet", pgn("1/2-1/2", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/2r5/RB2K3 b - - 147 80"}, "80... Rc3 81. Ra2 1/2-1/2"), ussr, "fifty-move-claimable@2"},
		{"fide: 50 moves in R+B v R", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/2r5/3K4/R4B2 w - - 99 80"}, "80. Ra5+ 1/2-1/2"), nil, "fifty-move-claimable@0"},
		{"impossible start", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1"}, "*"), nil, "impossible-position@0 impossible-position@0"},
		{"castling right without its rook", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/4K2R w KQ - 0 1"}, "1. O-O *"), nil, "impossible-position@0"},
		{"castling right with its rook", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, "1. O-O *"), nil, ""},
		{"no kings: no end of game", pgn("*", []string{"SetUp 1", "FEN 8/8/8/8/8/8/8/8 w - - 0 1"}, "*"), nil, "impossible-position@0 impossible-position@0"},
		{"unreadable FEN", pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8 w - - 0 1"}, "1. e4 *"), nil, "syntax@-1"},
		{"illegal move in a variation", pgn("*", nil, "1. e4 e5 (1... Qxh7) 2. Nf3 *"), nil, "illegal-move@2"},
		{"legal variation", pgn("*", nil, "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5)) 2. Nf3 *"), nil, ""},
		// Dead from the start: wrong-result says the score is wrong, once.
		{"win on time with a bare king", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/4N3 b - - 0 1", "Termination Time forfeit"}, "1-0"), nil, "wrong-result@-1 time-forfeit@-1"},
		{"mate, then a time forfeit in the tag", pgn("1-0", []string{"Termination Time forfeit"}, "1. f3 e5 2. g4 Qh4# 1-0"), nil, "wrong-result@-1 wrong-termination@-1"},
		{"stalemate, then a time forfeit in the tag", pgn("1-0", []string{"SetUp 1", "FEN k7/8/1Q6/8/8/8/8/4K3 w - - 0 1", "Termination Time forfeit"}, "1. Kd2 1-0"), nil, "wrong-result@-1 wrong-termination@-1"},
		// White to move when time ran out: White's flag fell, and Black's
		// bare king cannot mate: the draw is right, whatever Black's 0:00:00.
		{"draw on time, the side to move flagged", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/8/3QK3 w - - 0 60", "TimeControl 60+0", "Termination Time forfeit"},
			"60. Qd2 {[%clk 0:00:03]} Ke6 {[%clk 0:00:01]} 61. Qd3 {[%clk 0:00:02]} Ke7 {[%clk 0:00:00]} 1/2-1/2"), nil, "time-forfeit@-1"},
		{"draw on time, the side to move could be mated", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/8/3QK3 b - - 0 60", "TimeControl 60+0", "Termination Time forfeit"},
			"60... Ke6 {[%clk 0:00:01]} 61. Qd3 {[%clk 0:00:02]} 1/2-1/2"), nil, "wrong-result@-1 time-forfeit@-1"},
		{"win on time against a queen", pgn("1-0", []string{"SetUp 1", "FEN q7/8/8/4k3/8/8/3K4/4N3 b - - 0 1", "Termination Time forfeit"}, "1-0"), nil, "timeout-insufficient-material@-1 time-forfeit@-1"},
		{"win on time that stands", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/2r1N3 b - - 0 1", "Termination Time forfeit"}, "1-0"), nil, "time-forfeit@-1"},
		{"ussr: win on time needs a bare king", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/2r1N3 b - - 0 1", "Termination Time forfeit"}, "1-0"), ussr, "time-forfeit@-1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := checkOne(t, c.text, c.opt)
			if g := got(r); g != c.want {
				t.Errorf("findings %q, want %q", g, c.want)
				for _, f := range r.Findings {
					t.Logf("  %s %s: %s", f.Code, f.Severity, f.Message)
				}
			}
		})
	}
}

func TestCheckMessages(t *testing.T) {
	r := checkOne(t, pgn("1-0", nil, "1. f3 e5 2. g4 Qh4# 1-0"), nil)
	if f := find(r, WrongResult); f == nil || f.Message != "Black checkmated White after 2...Qh4#, but the game is scored 1-0, not 0-1" {
		t.Errorf("wrong-result: %+v", f)
	}
	r = checkOne(t, pgn("1-0", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1-0"), nil)
	if f := find(r, MissedThreefold); f == nil || f.Severity != Warning || f.Move != "Ng1" ||
		f.Message != "Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time, but the game went on and was scored 1-0" {
		t.Errorf("missed-threefold: %+v", f)
	}
	r = checkOne(t, pgn("*", nil, "1. e4 e5 2. Ke3 Nc6 3. Nf3 *"), nil)
	f := find(r, IllegalMove)
	if f == nil || f.Move != "Ke3" || f.Pos.Line != 9 || f.Pos.Col != 13 || !strings.HasSuffix(f.Message, "; the 2 moves after it are not checked") {
		t.Errorf("illegal-move: %+v", f)
	}
	if r.Plies != 2 || r.FirstError != IllegalMove || r.FirstErrorPly != 3 || r.Errors != 1 {
		t.Errorf("report: plies %d, first error %s at %d, %d errors", r.Plies, r.FirstError, r.FirstErrorPly, r.Errors)
	}
	r = checkOne(t, pgn("*", nil, "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Qxh7)) 2. Nf3 *"), nil)
	if f := find(r, IllegalMove); f == nil || f.Variation != "1...c5 > 2.Nc3" || f.Move != "Qxh7" || f.Ply != 4 {
		t.Errorf("variation finding: %+v", f)
	}
	r = checkOne(t, pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"}, "1. Nd2 *"), nil)
	if f := find(r, AmbiguousMove); f == nil || strings.Join(f.Suggestions, " ") != "Nbd2 Nfd2" {
		t.Errorf("ambiguous-move: %+v", f)
	}
}

func TestCheckReportFacts(t *testing.T) {
	r := checkOne(t, pgn("0-1", nil, "1. f3 e5 2. g4 Qh4# 0-1"), &Options{Moves: true})
	if r.Plies != 4 || r.End != Checkmate || r.ComputedResult != "0-1" || r.Notation != "san" ||
		r.FinalFEN() != "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" {
		t.Errorf("report %+v", r)
	}
	if len(r.Moves) != 4 || r.Moves[3].SAN.String() != "Qh4#" || r.Moves[3].UCI.String() != "d8h4" {
		t.Errorf("moves %+v", r.Moves)
	}
	p := replay.StartPosition()
	if r.Moves[0].Key == p.Key() {
		t.Error("move key is the start position's")
	}
}

// A game of no move read no letter set: its Notation is "", not "san".
func TestCheckNotationWithoutMoves(t *testing.T) {
	for text, want := range map[string]string{"*": "", "1. e4 *": "san", "1. Кf3 *": "ru"} {
		if r := checkOne(t, pgn("*", nil, text), nil); r.Notation != want {
			t.Errorf("%q: notation %q, want %q", text, r.Notation, want)
		}
	}
}

// TestCheckRussianScoresheet replays the Opera game as a Russian
// scoresheet: letters detected, mate read from the 'х' sign.
func TestCheckRussianScoresheet(t *testing.T) {
	text := "1. e2-e4 e7-e5 2. Кg1-f3 d7-d6 3. d2-d4 Сc8-g4 4. d4:e5 Сg4:f3 5. Фd1:f3 d6:e5 6. Сf1-c4 Кg8-f6 " +
		"7. Фf3-b3 Фd8-e7 8. Кb1-c3 c7-c6 9. Сc1-g5 b7-b5 10. Кc3:b5 c6:b5 11. Сc4:b5+ Кb8-d7 12. 0-0-0 Лa8-d8 " +
		"13. Лd1:d7 Лd8:d7 14. Лh1-d1 Фe7-e6 15. Сb5:d7+ Кf6:d7 16. Фb3-b8+ Кd7:b8 17. Лd1-d8х 1-0"
	r := checkOne(t, pgn("1-0", nil, text), nil)
	if r.Notation != "ru" || r.Plies != 33 || r.End != Checkmate || r.ComputedResult != "1-0" || got(r) != "non-standard-notation@1" {
		t.Errorf("notation %s, plies %d, end %s, result %s, findings %q", r.Notation, r.Plies, r.End, r.ComputedResult, got(r))
	}
	ru := replay.Russian
	if r2 := checkOne(t, pgn("1-0", nil, text), &Options{Letters: &ru}); r2.Plies != 33 {
		t.Errorf("forced ru: %d plies", r2.Plies)
	}
	san := replay.SAN
	if r3 := checkOne(t, pgn("1-0", nil, text), &Options{Letters: &san}); r3.Plies != 2 || r3.FirstError != Syntax {
		t.Errorf("forced san: %d plies, first error %s", r3.Plies, r3.FirstError)
	}
}

// TestCheckNonStandardCount: in a Russian score only the moves that are not
// SAN count, and the finding points at the first of them.
func TestCheckNonStandardCount(t *testing.T) {
	r := checkOne(t, pgn("*", nil, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 *"), nil)
	f := find(r, NonStandardNotation)
	if r.Notation != "ru" || f == nil || f.Move != "Кf3" || f.Ply != 3 ||
		f.Message != `3 of 6 moves are not in standard SAN (Russian piece letters); the first is "Кf3"` {
		t.Errorf("notation %s, finding %+v", r.Notation, f)
	}
	if r := checkOne(t, pgn("*", nil, "1. e4 e5 2. Nf3 Nc6 3. Bb5+ a6 *"), nil); find(r, NonStandardNotation) == nil {
		t.Error("a false check mark is not reported")
	}
	if r := checkOne(t, pgn("*", nil, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"), nil); len(r.Findings) != 0 {
		t.Errorf("SAN game: %q", got(r))
	}
}

func TestCheckRuleConfig(t *testing.T) {
	rules := &Config{}
	if err := rules.Disable("wrong-result"); err != nil {
		t.Fatal(err)
	}
	if err := rules.SetSeverity("moves-after-end=warning"); err != nil {
		t.Fatal(err)
	}
	r := checkOne(t, pgn("1/2-1/2", nil, "1. f3 e5 2. g4 Qh4# 3. Kf2 1/2-1/2"), &Options{Rules: rules})
	if got(r) != "moves-after-end@5" || r.Errors != 0 || r.Warnings != 1 || r.FirstError != "" {
		t.Errorf("findings %q, %d errors, %d warnings", got(r), r.Errors, r.Warnings)
	}
}

func TestCheckSAN(t *testing.T) {
	r := checkOne(t, pgn("*", nil, "1. e2-e4 e7e5 (1... c5 2. Ng1-f3 Qxh7 3. Nc3) 2. Ng1f3 *"), &Options{SAN: true})
	var sans []string
	for _, s := range r.SAN {
		sans = append(sans, s.String())
	}
	if got := strings.Join(sans, " "); got != "e4 e5 c5 Nf3   Nf3" {
		t.Errorf("SAN %q", got)
	}
}

// Text that is not a game gets the parser's syntax finding alone; a game
// with nothing but a comment and a result, or tags only, is judged as usual.
func TestNotAGameOnlySyntax(t *testing.T) {
	r := checkOne(t, "<html><body>404 Not Found</body></html>\n", nil)
	if g := got(r); g != "syntax@-1" {
		t.Errorf("not a game: %s", g)
	}
	if r.Errors != 1 || r.RecordedResult != "*" {
		t.Errorf("errors %d, recorded %q", r.Errors, r.RecordedResult)
	}
	if r := checkOne(t, "% written by X\n{credits}\n", nil); len(r.Findings) != 0 {
		t.Errorf("an escape line and a comment: %s", got(r))
	}
	if g := got(checkOne(t, "{only a comment} 1-0\n", nil)); g != "tag-missing@-1" {
		t.Errorf("a comment and a result: %s", g)
	}
	if g := got(checkOne(t, "[Event \"x\"]\n", nil)); g != "tag-missing@-1 result-missing@-1" {
		t.Errorf("a tag alone: %s", g)
	}
}

// A negative [%clk] is read, and reported as a clock problem, not syntax.
func TestNegativeClockFromPGN(t *testing.T) {
	r := checkOne(t, pgn("*", []string{"TimeControl 60+0"},
		"1. e4 {[%clk 0:01:00]} e5 {[%clk -0:00:05]} 2. Nf3 {[%clk 0:00:59]} Nc6 {[%clk 0:00:50]} *"), nil)
	if g := got(r); g != "clock-inconsistent@2 flag-fall-unclaimed@2" {
		t.Errorf("findings: %s", g)
	}
	if f := find(r, ClockInconsistent); f == nil || !strings.Contains(f.Message, "negative (-0:00:05)") {
		t.Errorf("clock-inconsistent: %+v", f)
	}
}

// An illegal move in a variation says how many moves after it, in its line
// and the lines branching from them, went unchecked; the last move of a
// line says nothing more.
func TestVariationFailureCountsUncheckedMoves(t *testing.T) {
	r := checkOne(t, pgn("*", nil, "1. e4 e5 2. Nf3 (2. Ke3 Nc6 3. Nf3 (3. d4) Nf6) (2. Qh5 Kxe8) Nc6 *"), nil)
	var msgs []string
	for _, f := range r.Findings {
		msgs = append(msgs, f.Message)
	}
	want := []string{
		"Ke3: no white king can reach e3; the 4 moves after it are not checked",
		"Kxe8: e8 is occupied by a black king",
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("messages:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

// Scoresheet forms a reviewer found read wrongly: the Russian pawn letter in
// lower case, an evaluation "+-" before Black's move, a transliterated game
// in Latin letters (named as such), and its Cyrillic twin.
func TestScoresheetForms(t *testing.T) {
	for _, tc := range []struct {
		text, notation, findings string
		plies                    int
	}{
		{"1. пe2-e4 пe7-e5 2. Кg1-f3 Кb8-c6 *", "ru", "non-standard-notation@1", 4},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 +- dxc6 5. O-O *", "san", "", 9},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6+- dxc6 5. O-O *", "san", "", 9},
		{"1. e4 e5 2. Kf3 Kc6 3. Cc4 Cc5 *", "ru-latin", "non-standard-notation@3", 6},
		{"1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 *", "ru", "non-standard-notation@3", 6},
	} {
		r := checkOne(t, pgn("*", nil, tc.text), nil)
		if r.Notation != tc.notation || got(r) != tc.findings || r.FirstError != "" {
			t.Errorf("%s: notation %q, findings %q, first error %q; want %q, %q", tc.text, r.Notation, got(r), r.FirstError, tc.notation, tc.findings)
		}
		if r.Plies != tc.plies {
			t.Errorf("%s: %d plies, want %d", tc.text, r.Plies, tc.plies)
		}
	}
}

// A MoveFact is 32 bytes without a pointer, and the longest texts fit.
func TestMoveFactCompact(t *testing.T) {
	if s := unsafe.Sizeof(MoveFact{}); s != 32 {
		t.Errorf("MoveFact is %d bytes", s)
	}
	if k := reflect.TypeOf(MoveFact{}); hasPointers(k) {
		t.Error("MoveFact holds a pointer")
	}
	r := checkOne(t, pgn("*", []string{"FEN 1n1k4/P1P5/8/8/8/8/8/4K2R w K - 0 1", "SetUp 1"},
		"1. axb8=Q+ Ke7 2. c8=N+ Ke6 3. O-O *"), &Options{Moves: true, SAN: true})
	var got []string
	for _, m := range r.Moves {
		got = append(got, m.SAN.String()+" "+m.UCI.String())
	}
	if want := []string{"axb8=Q+ a7b8q", "Ke7 d8e7", "c8=N+ c7c8n", "Ke6 e7e6", "O-O e1g1"}; !slices.Equal(got, want) {
		t.Errorf("moves %q, want %q", got, want)
	}
	if r.SAN[0].String() != "axb8=Q+" {
		t.Errorf("SAN %q", r.SAN)
	}
	if s := MakeMoveText("Qh4xe1#"); s.String() != "Qh4xe1#" || string(s.Bytes()) != "Qh4xe1#" {
		t.Errorf("MakeMoveText gives %q", s)
	}
	defer func() {
		if recover() == nil {
			t.Error("MakeMoveText took 8 bytes")
		}
	}()
	MakeMoveText("12345678")
}

func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Array:
		return hasPointers(t.Elem())
	case reflect.Pointer, reflect.Slice, reflect.String, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return true
	}
	return false
}

// Under the Soviet Code the draw claims name its rules, not FIDE's.
func TestUSSRClaimsNameTheirCode(t *testing.T) {
	r := checkOne(t, pgn("1/2-1/2", nil, shuffles(1, 2)+"1/2-1/2"), &Options{Profile: USSR})
	if f := find(r, ThreefoldClaimable); f == nil || f.Message != "Black could claim a draw by threefold repetition (the Soviet Code) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time" {
		t.Errorf("threefold: %+v", f)
	}
	r = checkOne(t, pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 99 80"}, "80. Ra5+ 1/2-1/2"), &Options{Profile: USSR})
	if f := find(r, FiftyMoveClaimable); f == nil || !strings.Contains(f.Message, "the 50-move rule of the Soviet Code") {
		t.Errorf("fifty: %+v", f)
	}
}

// The end of a game is read off its final position whatever the result:
// a drawn game that ends dead after a quiet move ended by a dead position.
func TestDeadAfterQuietMoveWhateverTheResult(t *testing.T) {
	for _, res := range []string{"1/2-1/2", "1-0", "*"} {
		r := checkOne(t, pgn(res, []string{"SetUp 1", "FEN 7k/7P/4K3/8/8/8/8/8 w - - 0 1"}, "1. Kf7 "+res), nil)
		if r.End != DeadPosition || r.ComputedResult != "1/2-1/2" {
			t.Errorf("%s: end %v, computed %s", res, r.End, r.ComputedResult)
		}
	}
	if r := checkOne(t, pgn("1/2-1/2", []string{"SetUp 1", "FEN 7k/7P/4K3/8/8/8/8/8 w - - 0 1"}, "1. Kf5 1/2-1/2"), nil); r.End == DeadPosition {
		t.Errorf("alive: end %v", r.End)
	}
}

// TestDrawClaimsAroundTheEnd: a missed claim is the loser's when the loser
// had one; no claim or automatic draw is reported after the board ended the
// game; the Soviet Code's rule is named from the position of the claim.
func TestDrawClaimsAroundTheEnd(t *testing.T) {
	for _, c := range []struct {
		name, text string
		opt        *Options
		want       string
		code       Code
		message    string
	}{
		{"the loser's missed threefold", pgn("0-1", nil, shuffles(1, 4)+"9. f3 e5 10. g4 Qh4# 0-1"), &Options{Profile: FIDE2009},
			"threefold-claimable@7 missed-threefold@8", MissedThreefold,
			"White could claim a draw by threefold repetition (FIDE Laws of 2009, 9.2) after 4...Ng8, whose position stands for the third time, but the game went on and was scored 0-1"},
		{"the loser's claim, the first", pgn("1-0", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1-0"), nil,
			"threefold-claimable@7 missed-threefold@7", MissedThreefold,
			"Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time, but the game went on and was scored 1-0"},
		// The winner alone could claim: it played on and won, and missed
		// nothing a warning should flag.
		{"the winner's claim when the loser had none", pgn("0-1", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 0-1"), nil,
			"threefold-claimable@7 missed-threefold@7", MissedThreefold,
			"Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time, but the game went on and was scored 0-1: the winner's claim, who played on to win"},
		{"the winner's 50 moves alone", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 100 80"}, "1-0"), nil,
			"fifty-move-claimable@0 missed-fifty-move@0", MissedFiftyMove,
			"White could claim a draw by the 50-move rule (FIDE 9.3) in the start position, but the game went on and was scored 1-0: the winner's claim, who played on to win"},
		{"nothing after a dead position", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/2b5/3n1B1K/2B5 w - - 0 1"},
			"1. Bxd2 Bxd2 2. Kg2 Kd5 3. Kh2 Ke5 4. Kg2 Kd5 5. Kh2 Ke5 6. Kg2 Kd5 7. Kh2 Ke5 8. Kg2 Kd5 9. Kh2 Ke5 10. Kg2 Kd5 11. Kh2 Ke5 1/2-1/2"), nil,
			"moves-after-end@2", MovesAfterEnd, ""},
		{"ussr: a 50-move claim before the ending became a long one", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k1n1/8/8/2r5/R1B1K3 w - - 97 1"},
			"1. Ra2 Rc3 2. Bxg5 1/2-1/2"), &Options{Profile: USSR},
			"fifty-move-claimable@2", FiftyMoveClaimable, "White could claim a draw by the 50-move rule of the Soviet Code after 1...Rc3, by announcing a move that neither captures nor moves a pawn, the last of the count"},
		{"ussr: a 75-move claim in an ending that then changed", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/2r5/R1B1K3 w - - 147 1"},
			"1. Ra2 Rc3 2. Ra1 Rxc1+ 3. Kd2 1/2-1/2"), &Options{Profile: USSR},
			"fifty-move-claimable@2", FiftyMoveClaimable, "White could claim a draw by the 75-move rule of the Soviet Code for this ending after 1...Rc3, by announcing a move that neither captures nor moves a pawn, the last of the count"},
	} {
		r := checkOne(t, c.text, c.opt)
		if g := got(r); g != c.want {
			t.Errorf("%s: findings %q, want %q", c.name, g, c.want)
			for _, f := range r.Findings {
				t.Logf("  %s %s: %s", f.Code, f.Severity, f.Message)
			}
		}
		if f := find(r, c.code); c.message != "" && (f == nil || f.Message != c.message) {
			t.Errorf("%s: %s %+v, want message %q", c.name, c.code, f, c.message)
		}
		// A missed claim warns when the loser's; the winner's is info.
		if f := find(r, c.code); f != nil && (c.code == MissedThreefold || c.code == MissedFiftyMove) {
			want := Warning
			if strings.HasSuffix(c.message, "who played on to win") {
				want = Info
			}
			if f.Severity != want {
				t.Errorf("%s: %s is %v, want %v", c.name, c.code, f.Severity, want)
			}
		}
	}
}

// TestDrawClaimMoves: a claim's finding names the move after which it
// could be made, at that move's place, the loser's missed one at its own
// ply; a claim in the start position names none and stands at the game's
// start.
func TestDrawClaimMoves(t *testing.T) {
	r := checkOne(t, pgn("0-1", nil, shuffles(1, 4)+"9. f3 e5 10. g4 Qh4# 0-1"), &Options{Profile: FIDE2009})
	var places []string
	for _, f := range r.Findings {
		places = append(places, fmt.Sprintf("%s@%d %q %d:%d", f.Code, f.Ply, f.Move, f.Pos.Line, f.Pos.Col))
	}
	if g, want := strings.Join(places, " "), `threefold-claimable@7 "Ng1" 9:37 missed-threefold@8 "Ng8" 9:41`; g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
	r = checkOne(t, pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 100 80"}, "1-0"), nil)
	for _, f := range r.Findings {
		if f.Move != "" || f.Pos.Line != 1 || f.Pos.Col != 1 || f.Pos.Offset != 0 {
			t.Errorf("%s: move %q at %+v, want none at the game's start", f.Code, f.Move, f.Pos)
		}
	}
	if len(r.Findings) != 2 {
		t.Errorf("findings %s, want the claim and the missed one", got(r))
	}
}

// TestCheckDutchKnightP: Dutch writes the knight P, the letter English
// uses for a pawn. A game both sets replay as far, with as many words read,
// is Dutch when the English reading would mark some pawn moves with P and
// not others; a game whose words only Dutch reads is Dutch even where the
// English reading, taking P for a pawn, gets farther before a word it
// cannot read.
func TestCheckDutchKnightP(t *testing.T) {
	san := replay.SAN
	for _, c := range []struct {
		name, moves string
		opt         *Options
		notation    string
		plies       int
		findings    string
		first       string // the non-standard-notation finding's message
	}{
		{"knights only, pawns without a letter", "1. e4 e5 2. Pf3 Pc6 *", nil, "nl", 4, "non-standard-notation@3",
			`2 of 4 moves are not in standard SAN (Dutch piece letters); the first is "Pf3"`},
		{"a whole Dutch game", "1. e4 e5 2. Pf3 Pc6 3. Lb5 a6 4. La4 Pf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Pb8 10. d4 Pbd7 *",
			nil, "nl", 20, "non-standard-notation@3",
			`10 of 20 moves are not in standard SAN (Dutch piece letters); the first is "Pf3"`},
		{"an illegal bishop move after the knights", "1. e4 e5 2. Pf3 Pc6 3. Lc5 Lc5 *", nil, "nl", 4,
			"non-standard-notation@3 illegal-move@5",
			`2 of 4 moves are not in standard SAN (Dutch piece letters); the first is "Pf3"`},
		// English, French and Russian-in-Latin take P for a pawn and go
		// farther, but each stops at a letter it cannot read (L or D).
		{"an illegal knight move other sets read as a pawn's", "1. e4 e5 2. Pf4 Pc6 3. Lc4 Dh4 *", nil, "nl", 2,
			"illegal-move@3", ""},
		// Near misses: P on every pawn move is English; a letter Dutch does
		// not read keeps English; and the set forced is the set read.
		{"every pawn move with P", "1. Pf3 Pf6 *", nil, "san", 2, "non-standard-notation@1",
			`2 of 2 moves are not in standard SAN (explicit pawn letter); the first is "Pf3"`},
		{"P with English letters", "1. e4 e5 2. Nf3 Pd6 *", nil, "san", 4, "non-standard-notation@4",
			`1 of 4 moves is not in standard SAN (explicit pawn letter); the first is "Pd6"`},
		{"English forced", "1. e4 e5 2. Pf3 Pc6 *", &Options{Letters: &san}, "san", 4, "non-standard-notation@3",
			`2 of 4 moves are not in standard SAN (explicit pawn letter); the first is "Pf3"`},
		{"a bishop English reads, a pawn in German", "1. e4 e5 2. Bc4 *", nil, "san", 3, "", ""},
	} {
		r := checkOne(t, pgn("*", nil, c.moves), c.opt)
		if r.Notation != c.notation || r.Plies != c.plies || got(r) != c.findings {
			t.Errorf("%s: notation %s, %d plies, findings %q; want %s, %d, %q", c.name, r.Notation, r.Plies, got(r), c.notation, c.plies, c.findings)
		}
		if f := find(r, NonStandardNotation); (f == nil) != (c.first == "") || f != nil && f.Message != c.first {
			t.Errorf("%s: non-standard-notation %+v, want %q", c.name, f, c.first)
		}
	}
}

// TestCheckPawnLetterCapture: "Pxd5", a pawn letter and a capture mark but
// no file, is the one pawn capture on d5, reported as non-standard; two
// pawns that can take make it ambiguous, none illegal. An English bishop
// move that German would read as a pawn capture ("Bxd5", B the Bauer) stays
// an illegal bishop move: the German reading would letter one pawn move and
// not the others.
func TestCheckPawnLetterCapture(t *testing.T) {
	de, sv := replay.German, replay.Swedish
	for _, c := range []struct {
		name, moves string
		opt         *Options
		notation    string
		plies       int
		findings    string
		msg         string // the last finding's message
		sugg        string // and its suggestions
		san         string // the SAN of the last move replayed
	}{
		{"one pawn can take", "1. e4 d5 2. Pxd5 Qxd5 *", nil, "san", 4, "non-standard-notation@3",
			`1 of 4 moves is not in standard SAN (explicit pawn letter); the first is "Pxd5"`, "", "Qxd5"},
		{"en passant", "1. e4 e6 2. d4 d5 3. e5 f5 4. Pxf6 *", nil, "san", 7, "non-standard-notation@7",
			`1 of 7 moves is not in standard SAN (explicit pawn letter); the first is "Pxf6"`, "", "exf6"},
		{"two pawns can take", "1. e4 d5 2. c4 e6 3. Pxd5 *", nil, "san", 4, "ambiguous-move@5",
			"Pxd5 is ambiguous: it could be cxd5 or exd5", "cxd5 exd5", "e6"},
		{"nothing to take", "1. e4 e6 2. Pxd5 *", nil, "san", 2, "illegal-move@3",
			"Pxd5: there is nothing on d5 for the pawn on e4 to capture", "d4 e5 d3 c4 b3", "e6"},
		// The mark alone, a figurine lost: the one move there, not SAN.
		{"a capture mark alone", "1. e4 d5 2. xd5 *", nil, "san", 3, "non-standard-notation@3",
			`1 of 3 moves is not in standard SAN (capture without piece or file); the first is "xd5"`, "", "exd5"},
		{"a bishop English cannot move there", "1. e4 d5 2. Bxd5 *", nil, "san", 2, "illegal-move@3",
			"Bxd5: no white bishop can reach d5", "exd5 Bb5+ Bd3 Bc4 Ba6", "d5"},
		{"German forced", "1. e4 d5 2. Bxd5 *", &Options{Letters: &de}, "de", 3, "non-standard-notation@3",
			`1 of 3 moves is not in standard SAN (German piece letters, explicit pawn letter); the first is "Bxd5"`, "", "exd5"},
		// Forced, the set is named as the user chose it; found by the
		// letters, it is German/Swedish (TestNotationFormsOfNotationMD).
		{"Swedish forced", "1. e4 d5 2. Bxd5 *", &Options{Letters: &sv}, "sv", 3, "non-standard-notation@3",
			`1 of 3 moves is not in standard SAN (Swedish piece letters, explicit pawn letter); the first is "Bxd5"`, "", "exd5"},
	} {
		opt := Options{SAN: true}
		if c.opt != nil {
			opt.Letters = c.opt.Letters
		}
		r := checkOne(t, pgn("*", nil, c.moves), &opt)
		if r.Notation != c.notation || r.Plies != c.plies || got(r) != c.findings {
			t.Errorf("%s: notation %s, %d plies, findings %q; want %s, %d, %q", c.name, r.Notation, r.Plies, got(r), c.notation, c.plies, c.findings)
			continue
		}
		f := r.Findings[len(r.Findings)-1]
		if f.Message != c.msg || strings.Join(f.Suggestions, " ") != c.sugg {
			t.Errorf("%s: finding %q %q, want %q %q", c.name, f.Message, f.Suggestions, c.msg, c.sugg)
		}
		if s := r.SAN[c.plies-1].String(); s != c.san {
			t.Errorf("%s: last move replayed %s, want %s", c.name, s, c.san)
		}
	}
}

// Russian scoresheet forms a reviewer found lost: a pawn capture by files
// with the colon after them ("dc:"), squares typed in capitals after a piece
// letter ("КF3", "КG1-F3", "СВ5" with a Cyrillic В), the king in capitals
// ("КРe2"), and the short pawn capture with the Russian pawn letter
// ("п:d4"), the one pawn capture there, ambiguous when two pawns can take
// and illegal when none can. Each reads under the Russian letters, with
// and without tags, as the move a reader sees.
func TestRussianScoresheetCapitalsAndMarks(t *testing.T) {
	for _, c := range []struct {
		moves    string
		plies    int
		findings string
		last     string // SAN of the last move replayed
	}{
		{"1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. С:c6 dc: 5. d3 *", 9, "non-standard-notation@3", "d3"},
		{"1. e4 d5 2. ed: Фd5 *", 4, "non-standard-notation@3", "Qxd5"},
		{"1. e4 e5 2. КF3 Кc6 3. d3 *", 5, "non-standard-notation@3", "d3"},
		{"1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. СF1-В5 A7-A6 *", 6, "non-standard-notation@1", "a6"},
		{"1. e4 e5 2. Кf3 Кc6 3. СВ5 a6 4. КРe2 *", 7, "non-standard-notation@3", "Ke2"},
		{"1. e4 e5 2. d4 п:d4 3. Кf3 *", 5, "non-standard-notation@4", "Nf3"},
		{"1. d4 e5 2. Кf3 c5 3. e3 п:d4 *", 5, "non-standard-notation@3 ambiguous-move@6", "e3"},
		{"1. e4 e6 2. Кf3 п:d4 *", 3, "non-standard-notation@3 illegal-move@4", "Nf3"},
	} {
		for _, text := range []string{pgn("*", nil, c.moves), c.moves + "\n"} {
			r := checkOne(t, text, &Options{SAN: true})
			findings := strings.TrimPrefix(got(r), "tag-missing@-1 ")
			if r.Notation != "ru" || r.Plies != c.plies || findings != c.findings {
				t.Errorf("%q: notation %s, %d plies, findings %q; want ru, %d, %q", text, r.Notation, r.Plies, got(r), c.plies, c.findings)
				continue
			}
			if s := r.SAN[c.plies-1].String(); s != c.last {
				t.Errorf("%q: last move replayed %s, want %s", text, s, c.last)
			}
		}
	}
	r := checkOne(t, pgn("*", nil, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. С:c6 dc: *"), &Options{SAN: true})
	if f := find(r, NonStandardNotation); f == nil ||
		f.Message != `5 of 8 moves are not in standard SAN (capture written ':', pawn capture by files, Russian piece letters); the first is "Кf3"` {
		t.Errorf("dc: finding %+v", f)
	}
	if len(r.SAN) != 8 || r.SAN[7].String() != "dxc6" {
		t.Errorf("dc: replayed as %v, want ... dxc6", r.SAN)
	}
}

// TestCheckTwoColumnScoresheet: a scoresheet typed in two columns, which
// the parser reads in the order of its numbers, replays to its mate and is
// reported as read so, at the right column's first move; a sheet whose
// numbers jump but do not fit two columns gets one syntax finding about the
// order, and the replay stops at the first move out of it.
func TestCheckTwoColumnScoresheet(t *testing.T) {
	sheet := "" +
		"1. e2-e4   e7-e5      10. Кc3:b5   c6:b5\n" +
		"2. Кg1-f3  d7-d6      11. Сc4:b5+  Кb8-d7\n" +
		"3. d2-d4   Сc8-g4     12. 0-0-0    Лa8-d8\n" +
		"4. d4:e5   Сg4:f3     13. Лd1:d7   Лd8:d7\n" +
		"5. Фd1:f3  d6:e5      14. Лh1-d1   Фe7-e6\n" +
		"6. Сf1-c4  Кg8-f6     15. Сb5:d7+  Кf6:d7\n" +
		"7. Фf3-b3  Фd8-e7     16. Фb3-b8+  Кd7:b8\n" +
		"8. Кb1-c3  c7-c6      17. Лd1-d8х\n" +
		"9. Сc1-g5  b7-b5      1:0\n"
	r := checkOne(t, sheet, nil)
	if r.Notation != "ru" || r.Plies != 33 || r.End != Checkmate || r.ComputedResult != "1-0" ||
		got(r) != "tag-missing@-1 non-standard-notation@1 non-standard-notation@19 non-standard-notation@-1" {
		t.Errorf("notation %s, %d plies, end %s, result %s, findings %q", r.Notation, r.Plies, r.End, r.ComputedResult, got(r))
	}
	want := "the moves are written in two columns, 1-9 down the left and 10-17 down the right of lines 1-9: read in the order of their numbers"
	if len(r.Findings) == 4 {
		if f := r.Findings[2]; f.Message != want || f.Move != "Кc3:b5" || f.Pos.Line != 1 || f.Pos.Col != 27 {
			t.Errorf("columns finding %+v", f)
		}
	}
	// The same sheet with its fourth line lost: two columns no more.
	lost := strings.Replace(sheet, "4. d4:e5   Сg4:f3     13. Лd1:d7   Лd8:d7\n", "", 1)
	r = checkOne(t, lost, nil)
	if r.Plies != 2 || got(r) != "tag-missing@-1 non-standard-notation@1 syntax@-1 illegal-move@3 non-standard-notation@-1" {
		t.Errorf("a line lost: %d plies, findings %q", r.Plies, got(r))
	} else if f := r.Findings[2]; !strings.HasPrefix(f.Message, "move number 10. follows move 1. on line 1, and numbers jump so on 6 more lines: a scoresheet in two columns?") {
		t.Errorf("a line lost: %q", f.Message)
	}
}

// TestCheckTwoColumnResultInRightColumn: a two-column sheet whose right
// column ends with the result while the left one goes on below is one game,
// replayed in the order of its numbers to its mate, the layout reported at
// the right column's first move and the result marker where it stands.
func TestCheckTwoColumnResultInRightColumn(t *testing.T) {
	sheet := "" +
		"1. e2-e4   e7-e5      11. Сc4:b5+  Кb8-d7\n" +
		"2. Кg1-f3  d7-d6      12. 0-0-0    Лa8-d8\n" +
		"3. d2-d4   Сc8-g4     13. Лd1:d7   Лd8:d7\n" +
		"4. d4:e5   Сg4:f3     14. Лh1-d1   Фe7-e6\n" +
		"5. Фd1:f3  d6:e5      15. Сb5:d7+  Кf6:d7\n" +
		"6. Сf1-c4  Кg8-f6     16. Фb3-b8+  Кd7:b8\n" +
		"7. Фf3-b3  Фd8-e7     17. Лd1-d8х\n" +
		"8. Кb1-c3  c7-c6      1:0\n" +
		"9. Сc1-g5  b7-b5\n" +
		"10. Кc3:b5 c6:b5\n"
	r := checkOne(t, sheet, nil)
	if r.Notation != "ru" || r.Plies != 33 || r.End != Checkmate || r.ComputedResult != "1-0" ||
		got(r) != "tag-missing@-1 non-standard-notation@1 non-standard-notation@21 non-standard-notation@-1" {
		t.Fatalf("notation %s, %d plies, end %s, result %s, findings %q", r.Notation, r.Plies, r.End, r.ComputedResult, got(r))
	}
	want := "the moves are written in two columns, 1-10 down the left and 11-17 down the right of lines 1-10: read in the order of their numbers"
	if f := r.Findings[2]; f.Message != want || f.Move != "Сc4:b5+" || f.Pos.Line != 1 || f.Pos.Col != 27 {
		t.Errorf("columns finding %+v", f)
	}
	if f := r.Findings[3]; f.Pos.Line != 8 || f.Pos.Col != 24 || !strings.Contains(f.Message, `"1:0"`) {
		t.Errorf("result finding %+v", f)
	}
}

// TestRussianSmallLettersAndPromotionAfterColon: the king written in small
// letters ("крe2", and the other pieces so: "кf3") and a pawn capture by
// files that promotes after the colon ("bc:Ф", b7xc8=Q) replay under the
// Russian letters, with and without tags, reported as non-standard; a
// promotion where the pawn cannot promote is an illegal move.
func TestRussianSmallLettersAndPromotionAfterColon(t *testing.T) {
	for _, c := range []struct {
		moves    string
		plies    int
		findings string
		last     string // SAN of the last move replayed
	}{
		{"1. e4 e5 2. крe2 кc6 3. кf3 *", 5, "non-standard-notation@3", "Nf3"},
		{"1. e4 d5 2. ed c6 3. dc Кf6 4. cb Кbd7 5. bc:Ф Ф:c8 *", 10, "non-standard-notation@3", "Qxc8"},
		{"1. e4 d5 2. ed c6 3. dc:Ф *", 4, "non-standard-notation@3 illegal-move@5", "c6"},
	} {
		for _, text := range []string{pgn("*", nil, c.moves), c.moves + "\n"} {
			r := checkOne(t, text, &Options{SAN: true})
			findings := strings.TrimPrefix(got(r), "tag-missing@-1 ")
			if r.Notation != "ru" || r.Plies != c.plies || findings != c.findings {
				t.Errorf("%q: notation %s, %d plies, findings %q; want ru, %d, %q", text, r.Notation, r.Plies, got(r), c.plies, c.findings)
				continue
			}
			if s := r.SAN[c.plies-1].String(); s != c.last {
				t.Errorf("%q: last move replayed %s, want %s", text, s, c.last)
			}
		}
	}
	r := checkOne(t, "1. e4 e5 2. крe2 кc6 *\n", nil)
	if f := find(r, NonStandardNotation); f == nil || f.Pos.Line != 1 || f.Pos.Col != 13 || f.Move != "крe2" ||
		f.Message != `2 of 4 moves are not in standard SAN (Russian piece letters, lowercase piece letter); the first is "крe2"` {
		t.Errorf("крe2 finding %+v", f)
	}
}

// TestCheckCapitalSquareInProse: "CD4" in a sentence between the moves of a
// scoresheet is prose, no move (it was a syntax error under English letters,
// an illegal bishop move under Russian ones); where a move stands it is
// still the move a reader sees.
func TestCheckCapitalSquareInProse(t *testing.T) {
	for _, c := range []struct {
		text     string
		notation string
		plies    int
		findings string
	}{
		{"1. e4 e5 2. Nf3 Nc6 we listened to CD4 at home 3. Bb5 a6 *\n", "san", 6, "tag-missing@-1"},
		{"1. e4 e5 2. Кf3 Кc6 слушали CD4 дома 3. Сb5 a6 *\n", "ru", 6, "tag-missing@-1 non-standard-notation@3"},
		{"1. e4 e5 2. Кf3 Кc6 3. СВ5 a6 *\n", "ru", 6, "tag-missing@-1 non-standard-notation@3"},
	} {
		r := checkOne(t, c.text, nil)
		if r.Notation != c.notation || r.Plies != c.plies || got(r) != c.findings {
			t.Errorf("%q: notation %s, %d plies, findings %q; want %s, %d, %q", c.text, r.Notation, r.Plies, got(r), c.notation, c.plies, c.findings)
		}
	}
}

// TestUnreadEval: an [%eval] whose value cannot be read is good PGN, a
// comment: non-standard-notation at info, once a game at the first, not a
// syntax error; the command's forms, a depth after them included, are none.
func TestUnreadEval(t *testing.T) {
	const form = " is no evaluation in the command's forms (pawns like 0.17 or -1.5, a mate like #-3, either with a search depth: 0.17,23): readers of [%eval] pass over it"
	for _, tt := range []struct {
		name, moves string
		col         int64
		message     string
	}{
		{"one", "1. e4 {[%eval x]} e5 *", 8, "[%eval x]" + form},
		{"three", "1. e4 {[%eval +-]} e5 {[%eval 0.2]} 2. Nf3 {ok [%eval 1,5x]} (2. Nc3 {[%eval ?]}) *", 8,
			"[%eval +-]" + form + "; 2 more such commands in the game"},
		{"forms it knows", "1. e4 {[%eval 0.17]} e5 {[%eval #-3]} 2. Nf3 {[%eval -1.5,22]} *", 0, ""},
	} {
		r := checkOne(t, pgn("*", nil, tt.moves), &Options{})
		if tt.message == "" {
			if len(r.Findings) != 0 {
				t.Errorf("%s: findings %s", tt.name, got(r))
			}
			continue
		}
		if got(r) != "non-standard-notation@-1" {
			t.Errorf("%s: findings %s, want non-standard-notation@-1", tt.name, got(r))
			continue
		}
		if f := r.Findings[0]; f.Severity != Info || f.Pos.Line != 9 || f.Pos.Col != tt.col || f.Message != tt.message {
			t.Errorf("%s: %v at %d:%d %q\nwant info at 9:%d %q", tt.name, f.Severity, f.Pos.Line, f.Pos.Col, f.Message, tt.col, tt.message)
		}
	}
}

// TestClaimSaysHow: a claim of threefold repetition names how it is made,
// which the position after the move shown does not tell: on that position,
// standing for the third time, or by announcing a move that would repeat one
// (FIDE 9.2.1.1), named even when another was played; a 50-move claim says
// when it is made with the move that completes the count (FIDE 9.3.1).
func TestClaimSaysHow(t *testing.T) {
	for _, tt := range []struct{ moves, want string }{
		{"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Nc6 *",
			"Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time"},
		{"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Nc3 Ng8 5. Nb1 Nf6 6. Ng1 Ng8 *",
			"White could claim a draw by threefold repetition (FIDE 9.2) after 4...Ng8, by announcing 5.Nb1, whose position would stand for the third time"},
	} {
		r := checkOne(t, pgn("*", nil, tt.moves), &Options{})
		if f := find(r, ThreefoldClaimable); f == nil || f.Message != tt.want {
			t.Errorf("%s: %+v\nwant %q", tt.moves, f, tt.want)
		}
	}
	// The 50 moves: with the move that completes them, announced, or on
	// the position, once they are complete.
	for _, tt := range []struct{ fen, moves, want string }{
		{"8/8/8/4k3/8/8/2r5/R3K3 w - - 98 1", "1. Ra2 Rc3 *",
			"Black could claim a draw by the 50-move rule (FIDE 9.3) after 1.Ra2, by announcing a move that neither captures nor moves a pawn, the last of the count"},
		{"8/8/8/4k3/8/8/2r5/R3K3 w - - 100 1", "1. Ra2 Rc3 *",
			"White could claim a draw by the 50-move rule (FIDE 9.3) in the start position"},
	} {
		r := checkOne(t, pgn("*", []string{"SetUp 1", "FEN " + tt.fen}, tt.moves), &Options{})
		if f := find(r, FiftyMoveClaimable); f == nil || f.Message != tt.want {
			t.Errorf("%s %s: %+v\nwant %q", tt.fen, tt.moves, f, tt.want)
		}
	}
}

// TestMovesAfterDeadPosition: play after a dead position in a game scored
// the draw it gives is a warning, the record being right about the result;
// after a dead position scored otherwise, and after mate, stalemate and the
// automatic draws, an error.
func TestMovesAfterDeadPosition(t *testing.T) {
	// 1.Bxd2 leaves bishops of one colour alone with the kings: dead.
	const dead = "FEN 8/8/8/4k3/8/2b5/3n1B1K/2B5 w - - 0 1"
	type want struct {
		severity Severity
		message  string // "" for any
	}
	cases := []struct {
		name, text string
		want
	}{
		{"dead, drawn", pgn("1/2-1/2", []string{"SetUp 1", dead}, "1. Bxd2 Bxd2 2. Kg2 Kd5 1/2-1/2"), want{Warning,
			"the game ended by a dead position (FIDE 5.2.2) after 1.Bxd2, but 3 moves more follow: the game is scored 1/2-1/2, " +
				"the draw the dead position gives, and the moves after it change nothing (a dead position is often played on before the players see it)"}},
		{"dead, scored decisive", pgn("0-1", []string{"SetUp 1", dead}, "1. Bxd2 Bxd2 2. Kg2 Kd5 0-1"), want{Error,
			"the game ended by a dead position (FIDE 5.2.2) after 1.Bxd2, but 3 moves more follow"}},
		{"dead, unfinished", pgn("*", []string{"SetUp 1", dead}, "1. Bxd2 Bxd2 2. Kg2 Kd5 *"), want{Error,
			"the game ended by a dead position (FIDE 5.2.2) after 1.Bxd2, but 3 moves more follow"}},
		{"stalemate, drawn", pgn("1/2-1/2", []string{"SetUp 1", "FEN 7k/8/5QK1/8/8/8/8/8 w - - 0 1"}, "1. Qf7 Kg8 1/2-1/2"), want{Error, ""}},
		{"fivefold, drawn", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. e4 1/2-1/2"), want{Error, ""}},
	}
	for _, c := range cases {
		r := checkOne(t, c.text, nil)
		f := find(r, MovesAfterEnd)
		if f == nil || f.Severity != c.severity || c.message != "" && f.Message != c.message {
			t.Errorf("%s: %+v, want a %v with message %q", c.name, f, c.severity, c.message)
		}
	}
}

// TestAutomaticDrawsFromJuly2014: fivefold repetition and 75 moves end a
// game by themselves (FIDE 9.6) only since the Laws of 1 July 2014: a game
// the Date tag places before then is judged without them, as the Laws of its
// time judged it, and one of unknown date or from then on with them.
func TestAutomaticDrawsFromJuly2014(t *testing.T) {
	game := pgn("1-0", nil, shuffles(1, 4)+"9. e4 1-0")
	for _, c := range []struct{ date, want string }{
		{"1886.01.20", "threefold-claimable@7 missed-threefold@7"},
		{"2014.06.30", "threefold-claimable@7 missed-threefold@7"},
		{"1962-05-04", "tag-format@-1 threefold-claimable@7 missed-threefold@7"},
		{"2014.07.01", "wrong-result@-1 threefold-claimable@7 missed-threefold@7 fivefold-repetition@16 moves-after-end@17"},
		{"2014.??.??", "wrong-result@-1 threefold-claimable@7 missed-threefold@7 fivefold-repetition@16 moves-after-end@17"},
		{"????.??.??", "wrong-result@-1 threefold-claimable@7 missed-threefold@7 fivefold-repetition@16 moves-after-end@17"},
		{"0000.00.00", "tag-format@-1 wrong-result@-1 threefold-claimable@7 missed-threefold@7 fivefold-repetition@16 moves-after-end@17"},
	} {
		r := checkOne(t, strings.Replace(game, `[Date "2026.01.02"]`, `[Date "`+c.date+`"]`, 1), nil)
		if g := got(r); g != c.want {
			t.Errorf("Date %s: findings %q, want %q", c.date, g, c.want)
		}
	}
	// The 75-move rule came with the fivefold repetition, on the same day.
	game = pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 149 80"}, "80. Ra5+ Kf4 1-0")
	for _, c := range []struct{ date, want string }{
		{"2014.06.30", "fifty-move-claimable@0 missed-fifty-move@1"},
		{"2014.07.01", "fifty-move-claimable@0 missed-fifty-move@0 wrong-result@-1 seventy-five-moves@1 moves-after-end@2"},
	} {
		r := checkOne(t, strings.Replace(game, `[Date "2026.01.02"]`, `[Date "`+c.date+`"]`, 1), nil)
		if g := got(r); g != c.want {
			t.Errorf("75 moves, Date %s: findings %q, want %q", c.date, g, c.want)
		}
	}
}

// TestPlainLoopHandOver: playPlain leaves a null move and the moves after
// an end that afterPly finds to playFrom. Each finding of such games is
// pinned whole (code, severity, line:col, ply, move, message), and the
// plain loop is held to the general one (checkBoth).
func TestPlainLoopHandOver(t *testing.T) {
	lazy, eager := &Checker{}, &Checker{eager: true}
	deadStart := []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/4B3 w - - 0 1"}
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"a move after mate", pgn("0-1", nil, "1. f3 e5 2. g4 Qh4# 3. Kf2 0-1"), []string{
			`moves-after-end error 9:24 @5 "Kf2": the game ended by checkmate after 2...Qh4#, but 1 move more follows`,
		}},
		{"a legal move after fivefold", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. e4 1/2-1/2"), []string{
			`threefold-claimable info 9:37 @7 "Ng1": Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time`,
			`fivefold-repetition error 9:85 @16 "Ng8": the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 8...Ng8, but play went on`,
			`moves-after-end error 9:92 @17 "e4": the game ended by fivefold repetition after 8...Ng8, but 1 move more follows`,
		}},
		{"an illegal move after fivefold", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. e5 1/2-1/2"), []string{
			`threefold-claimable info 9:37 @7 "Ng1": Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time`,
			`fivefold-repetition error 9:85 @16 "Ng8": the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 8...Ng8, but play went on`,
			`illegal-move error 9:92 @17 "e5": e5: no white pawn can reach e5`,
			`moves-after-end error 9:92 @17 "e5": the game ended by fivefold repetition after 8...Ng8, but 1 move more follows`,
		}},
		{"an unreadable move after fivefold", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. Zz9 1/2-1/2"), []string{
			`threefold-claimable info 9:37 @7 "Ng1": Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time`,
			`fivefold-repetition info 9:85 @16 "Ng8": the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 8...Ng8`,
			`syntax error 9:92 @-1 "": unexpected text, from "Zz9"`,
		}},
		{"a long-algebraic move after fivefold", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. e2-e4 e5 1/2-1/2"), []string{
			`threefold-claimable info 9:37 @7 "Ng1": Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time`,
			`fivefold-repetition error 9:85 @16 "Ng8": the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 8...Ng8, but play went on`,
			`non-standard-notation info 9:92 @17 "e2-e4": 1 of 18 moves is not in standard SAN (long algebraic); the first is "e2-e4"`,
			`moves-after-end error 9:92 @17 "e2-e4": the game ended by fivefold repetition after 8...Ng8, but 2 moves more follow`,
		}},
		{"fivefold with the last move", pgn("1/2-1/2", nil, shuffles(1, 4)+"1/2-1/2"), []string{
			`threefold-claimable info 9:37 @7 "Ng1": Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time`,
			`fivefold-repetition info 9:85 @16 "Ng8": the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 8...Ng8`,
		}},
		{"moves from a dead start position", pgn("1/2-1/2", deadStart, "1. Kd3 Kd5 1/2-1/2"), []string{
			`moves-after-end warning 11:4 @1 "Kd3": the game ended by a dead position (FIDE 5.2.2) in the start position, but 2 moves more follow: the game is scored 1/2-1/2, the draw the dead position gives, and the moves after it change nothing (a dead position is often played on before the players see it)`,
		}},
		{"an illegal move from a dead start position", pgn("1/2-1/2", deadStart, "1. Kd7 1/2-1/2"), []string{
			`illegal-move error 11:4 @1 "Kd7": Kd7: no white king can reach d7`,
			`moves-after-end warning 11:4 @1 "Kd7": the game ended by a dead position (FIDE 5.2.2) in the start position, but 1 move more follows: the game is scored 1/2-1/2, the draw the dead position gives, and the moves after it change nothing (a dead position is often played on before the players see it)`,
		}},
		{"a null move", pgn("*", nil, "1. e4 -- 2. d4 e5 3. d2-d4 *"), []string{
			`null-move warning 9:7 @2 "--": the main line holds a null move: a pass is not a move of chess`,
			`illegal-move error 9:22 @5 "d2-d4": d2-d4: d4 is occupied by a white pawn`,
		}},
		{"a null move first and last", pgn("*", nil, "1. -- e5 2. e4 -- *"), []string{
			`null-move warning 9:4 @1 "--": the main line holds 2 null moves: a pass is not a move of chess`,
		}},
		{"an illegal move after a null move", pgn("*", nil, "1. e4 -- 2. e4 *"), []string{
			`null-move warning 9:7 @2 "--": the main line holds a null move: a pass is not a move of chess`,
			`illegal-move error 9:13 @3 "e4": e4: e4 is occupied by a white pawn`,
		}},
		{"a check after a null move", pgn("*", nil, "1. e4 f5 2. d3 -- 3. Qh5 Kf7 *"), []string{
			`null-move warning 9:16 @4 "--": the main line holds a null move: a pass is not a move of chess`,
			`non-standard-notation info 9:22 @5 "Qh5": 1 of 5 moves is not in standard SAN (check not marked); the first is "Qh5"`,
			`illegal-move error 9:26 @6 "Kf7": Kf7: the king would be in check on f7 from the queen on h5`,
		}},
		{"a null move after mate", pgn("0-1", nil, "1. f3 e5 2. g4 Qh4# -- 0-1"), []string{
			`null-move warning 9:21 @5 "--": the main line holds a null move: a pass is not a move of chess`,
		}},
		{"a null move then fivefold", pgn("1/2-1/2", nil, "1. e4 -- "+shuffles(2, 4)+"10. d4 1/2-1/2"), []string{
			`null-move warning 9:7 @2 "--": the main line holds a null move: a pass is not a move of chess`,
			`threefold-claimable info 9:46 @9 "Ng1": Black could claim a draw by threefold repetition (FIDE 9.2) after 5.Ng1, by announcing 5...Ng8, whose position would stand for the third time`,
			`fivefold-repetition error 9:94 @18 "Ng8": the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 9...Ng8, but play went on`,
			`moves-after-end error 9:102 @19 "d4": the game ended by fivefold repetition after 9...Ng8, but 1 move more follows`,
		}},
	} {
		err := parser.ReadGames(strings.NewReader(c.text), parser.Options{}, func(g *parser.Game) {
			r := checkBoth(t, lazy, eager, g, &Options{}, c.name)
			var fs []string
			for _, f := range r.Findings {
				fs = append(fs, fmt.Sprintf("%s %s %d:%d @%d %q: %s", f.Code, f.Severity, f.Pos.Line, f.Pos.Col, f.Ply, f.Move, f.Message))
			}
			if !reflect.DeepEqual(fs, c.want) {
				t.Errorf("%s: findings\n%s\nwant\n%s", c.name, strings.Join(fs, "\n"), strings.Join(c.want, "\n"))
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
}

// TestMateTestPutOff: playPlain tests a check written "+" for mate only
// when no move follows it or the move after it cannot be played; a move
// played after it proves it no mate. Each case pins the notation finding's
// message (the mate not marked, or none), and its ply, whichever way the
// line goes on after the check.
func TestMateTestPutOff(t *testing.T) {
	const fools = "1. f3 e5 2. g4 Qh4+"
	for _, c := range []struct {
		name, moves, findings, first string
	}{
		{"a mate written + ends the game", fools + " 0-1", "non-standard-notation@4",
			`1 of 4 moves is not in standard SAN (mate not marked); the first is "Qh4+"`},
		{"a move after it, after the end", fools + " 3. Nf3 0-1", "non-standard-notation@4 moves-after-end@5",
			`1 of 4 moves is not in standard SAN (mate not marked); the first is "Qh4+"`},
		{"a word after it, which is no move", fools + " 3. Zz9 0-1", "non-standard-notation@4 syntax@-1",
			`1 of 4 moves is not in standard SAN (mate not marked); the first is "Qh4+"`},
		{"a null move after it", fools + " 3. -- 0-1", "non-standard-notation@4 null-move@5",
			`1 of 5 moves is not in standard SAN (mate not marked); the first is "Qh4+"`},
		// A check answered long before a mate, the move after which cannot
		// be played: the mate is the one not marked.
		{"an answered check, then a mate", "1. e4 e5 2. Bc4 Bc5 3. Qh5 Bxf2+ 4. Kxf2 Nc6 5. Qxf7 Nf6 1-0", "non-standard-notation@9 moves-after-end@10",
			`1 of 9 moves is not in standard SAN (mate not marked); the first is "Qxf7"`},
		// Near misses: a check that is no mate, answered or not, says nothing.
		{"a check answered", "1. e4 f6 2. Qh5+ g6 *", "", ""},
		{"a check last", "1. e4 f6 2. Qh5+ *", "", ""},
		{"a check then a word that is no move", "1. e4 f6 2. Qh5+ Zz9 *", "syntax@-1", ""},
		{"a check then a move that cannot be played", "1. e4 f6 2. Qh5+ Nf6 *", "illegal-move@4", ""},
	} {
		result := "*"
		if r := c.moves[len(c.moves)-3:]; r == "0-1" || r == "1-0" {
			result = r
		}
		r := checkOne(t, pgn(result, nil, c.moves), nil)
		if got(r) != c.findings {
			t.Errorf("%s: findings %q, want %q", c.name, got(r), c.findings)
		}
		if f := find(r, NonStandardNotation); (f == nil) != (c.first == "") || f != nil && f.Message != c.first {
			t.Errorf("%s: non-standard-notation %+v, want %q", c.name, f, c.first)
		}
	}
}
