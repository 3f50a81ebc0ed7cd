package validate

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// A game Check replays and finds nothing in has the plies of NewReport:
// what the pipeline writes for a game it could not check must read as
// "never" the same way.
func TestNewReportIsCheckOfNothing(t *testing.T) {
	r := checkOne(t, "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n", nil)
	n := NewReport()
	got := [...]int{r.FirstErrorPly, r.ThreefoldPly, r.FiftyPly, r.AnyThreefoldPly, r.AnyFiftyPly, r.FivefoldPly, r.SeventyFivePly}
	want := [...]int{n.FirstErrorPly, n.ThreefoldPly, n.FiftyPly, n.AnyThreefoldPly, n.AnyFiftyPly, n.FivefoldPly, n.SeventyFivePly}
	if got != want || want != [...]int{-1, -1, -1, -1, -1, -1, -1} {
		t.Errorf("Check's plies %v, NewReport's %v; want all -1", got, want)
	}
	if r.LastClockWhite != n.LastClockWhite || n.LastClockWhite != -1 || n.LastClockBlack != -1 || n.ComputedResult != "*" || r.ComputedResult != "*" {
		t.Errorf("clocks or computed result differ: %+v against %+v", r, n)
	}
}

// A Checker's reports are the caller's: the next game it checks, which
// starts from the report the last one left in it (reset, not cleared after
// the copy Check returns), changes nothing in them; and a report reset is
// NewReport's, whatever it held.
func TestCheckerReportsAreTheCallers(t *testing.T) {
	var c Checker
	var reports []Report
	text := pgn("1-0", nil, "1. Qd3 1-0") + "\n" + pgn("*", nil, "1. e4 e5 *") + "\n" + pgn("0-1", nil, "1. Qh5 0-1")
	var want, wantMsg string
	err := parser.ReadGames(strings.NewReader(text), parser.Options{}, func(g *parser.Game) {
		reports = append(reports, c.Check(g, nil))
		if len(reports) == 1 {
			want, wantMsg = got(reports[0]), reports[0].Findings[0].Message
		}
	})
	if err != nil || len(reports) != 3 {
		t.Fatalf("read %d games, err %v", len(reports), err)
	}
	first, second, third := reports[0], reports[1], reports[2]
	if got(first) != want || first.Findings[0].Message != wantMsg || got(second) != "" || got(third) != want ||
		third.Findings[0].Message == wantMsg {
		t.Errorf("findings %q (%s), %q, %q; want %q (%s), none, %q", got(first), first.Findings[0].Message, got(second), got(third), want, wantMsg, want)
	}
	if want != "illegal-move@1" || !strings.HasPrefix(wantMsg, "Qd3") || first.Plies != 0 || second.Plies != 2 || third.Plies != 0 {
		t.Errorf("findings %q (%s), plies %d, %d, %d", want, wantMsg, first.Plies, second.Plies, third.Plies)
	}
	r := first
	r.reset()
	if n := NewReport(); r.Findings != nil || r.Plies != 0 || r.Replayed || r.RecordedResult != "" || r.FirstErrorPly != n.FirstErrorPly ||
		r.ComputedResult != "*" || r.LastClockBlack != -1 || r.SeventyFivePly != -1 {
		t.Errorf("reset report %+v", r)
	}
}

// Add keeps the findings in source order, counts them, and names the first
// error by place, not by arrival; the findings it was given are not
// written over (a batch's reports share storage).
func TestReportAdd(t *testing.T) {
	at := func(off int64) parser.Pos { return parser.Pos{Offset: off, Line: 1, Col: int64(off + 1)} }
	shared := []Finding{
		{Code: NonStandardNotation, Severity: Info, Pos: at(10)},
		{Code: IllegalMove, Severity: Error, Pos: at(30), Ply: 5},
	}
	r := NewReport()
	r.Findings = shared[:2:2]
	r.tally()
	r.Add(Finding{Code: DuplicateGame, Severity: Warning, Pos: at(20)})
	r.Add(Finding{Code: TagFormat, Severity: Error, Pos: at(0), Ply: -1})
	var codes []Code
	for _, f := range r.Findings {
		codes = append(codes, f.Code)
	}
	want := []Code{TagFormat, NonStandardNotation, DuplicateGame, IllegalMove}
	if len(codes) != len(want) {
		t.Fatalf("findings %v, want %v", codes, want)
	}
	for i := range want {
		if codes[i] != want[i] {
			t.Fatalf("findings %v, want %v", codes, want)
		}
	}
	if r.Errors != 2 || r.Warnings != 1 || r.Infos != 1 || r.FirstError != TagFormat || r.FirstErrorPly != -1 {
		t.Errorf("counts %d/%d/%d, first error %q at %d; want 2/1/1, tag-format at -1", r.Errors, r.Warnings, r.Infos, r.FirstError, r.FirstErrorPly)
	}
	if shared[0].Code != NonStandardNotation || shared[1].Code != IllegalMove {
		t.Errorf("Add wrote over the findings it was given: %v", shared)
	}
}
