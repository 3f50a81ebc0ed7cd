package validate

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// runClocks reads a game's tags and steps a checker through its main line.
func runClocks(t *testing.T, tc string, start ClockStart, line string) (*ClockChecker, []Finding) {
	t.Helper()
	tags := []string{}
	if tc != "" {
		tags = []string{"TimeControl", tc}
	}
	g := testGame(t, tags, "*", line)
	var tg Tags
	ReadTags(g, &tg, nil)
	tcCopy := new(TimeControl)
	*tcCopy = tg.TimeControl
	c := checkClocks(g, tcCopy, start, mainLine(g))
	return &c, c.Finish(nil)
}

func TestClockFindings(t *testing.T) {
	from30 := ClockStart{MoveNumber: 30}
	from38 := ClockStart{MoveNumber: 38}
	tests := []struct {
		name  string
		tc    string
		start ClockStart
		line  string
		want  []string // "code: message", in order
	}{
		// Growth beyond the increment.
		{"lichess in order", "300+3", ClockStart{}, "e4 5:00 | e5 5:00 | Nf3 5:01 | Nc6 5:02 | Bb5 4:55", nil},
		{"growth within slack", "300+2", ClockStart{}, "e4 5:00 | e5 5:00 | Nf3 5:03 | Nc6 4:58", nil},
		{"growth beyond increment", "300+2", ClockStart{}, "e4 5:00 | e5 5:00 | Nf3 5:01 | Nc6 4:58 | Bb5 5:05 | a6 4:57 | Ba4 5:10", []string{
			"clock-inconsistent: clock for White grows from 0:05:01 to 0:05:05 at move 3 but the increment is 2 s (and 1 more time in this game)"}},
		{"growth without increment", "600", ClockStart{}, "e4 10:00 | e5 9:58 | Nf3 10:02", []string{
			"clock-inconsistent: clock for White grows from 0:10:00 to 0:10:02 at move 2 but the time control 600 has no increment"}},
		{"growth with tenths", "180+2", ClockStart{}, "e4 3:00 | e5 3:00 | Nf3 2:58.5 | Nc6 2:59 | Bc4 3:02.6", []string{
			"clock-inconsistent: clock for White grows from 0:02:58.5 to 0:03:02.6 at move 3 but the increment is 2 s"}},
		{"growth across a missing clock", "300+2", ClockStart{}, "e4 5:00 | e5 5:00 | Nf3 - | Nc6 4:59 | Bb5 5:06", []string{
			"clock-inconsistent: no clock for White's move 2 (Nf3) though the other 4 moves have one",
			"clock-inconsistent: clock for White grows from 0:05:00 to 0:05:06 at move 3 but the 2 increments since move 1 add only 4 s"}},
		{"lichess give-time", "600+0", from30, "Qd2 1:04 | Kg7 2:00 | Qe2 1:44", []string{
			"clock-inconsistent: clock for White grows from 0:01:04 to 0:01:44 at move 31 but the time control 600 has no increment"}},

		// Periods with a move count.
		{"period time at move 40", "40/7200:3600", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 1:02:00 | Ra7 1:03:00 | Ra1 1:01:00", nil},
		{"period time shown late", "40/7200:3600", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 0:02:50 | Ra7 1:03:00 | Ra1 1:01:00 | Ra8 1:02:00", nil},
		{"period time shown two moves late", "40/7200:3600", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 0:02:50 | Ra7 1:03:00 | Ra1 0:02:40 | Ra8 1:02:00 | Rb1 1:02:00", []string{
			"clock-inconsistent: clock for White grows from 0:02:40 to 1:02:00 at move 42 but the time control 40/7200:3600 has no increment"}},
		{"period time before the period ends", "40/7200:3600", from38, "a3 0:05:00 | a6 0:04:00 | a4 1:02:00", []string{
			"clock-inconsistent: clock for White grows from 0:05:00 to 1:02:00 at move 39 but the time control 40/7200:3600 has no increment"}},
		{"period time given twice", "40/7200:3600", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 1:02:00 | Ra7 1:03:00 | Ra1 2:01:00", []string{
			"clock-inconsistent: clock for White grows from 1:02:00 to 2:01:00 at move 41 but the time control 40/7200:3600 has no increment"}},
		{"repeated period", "40/9000", ClockStart{MoveNumber: 79}, "a3 0:01:00 | a6 0:30:00 | a4 2:30:30 | a5 2:55:00 | Ra2 2:31:00", []string{
			"clock-inconsistent: clock for White grows from 2:30:30 to 2:31:00 at move 81 but the time control 40/9000 has no increment"}},
		// A control of one period whose clocks add a second one after move
		// 40: the message says how the tag would name it; not before move
		// 40, nor for a growth of less than ten minutes.
		{"one period, time added after move 40", "5400+30", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 0:33:20 | Ra7 0:33:50", []string{
			"clock-inconsistent: clock for White grows from 0:03:00 to 0:33:20 at move 40 but the increment is 30 s (and 1 more time in this game); " +
				"if the clocks added a second period's time after move 40, the TimeControl must say so: 40/5400+30:N+30, N the seconds added"}},
		{"one period, time added at move 39", "5400+30", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:33:00", []string{
			"clock-inconsistent: clock for White grows from 0:05:00 to 0:33:00 at move 39 but the increment is 30 s"}},
		{"one period, minutes at move 40", "5400", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 0:08:00", []string{
			"clock-inconsistent: clock for White grows from 0:03:00 to 0:08:00 at move 40 but the time control 5400 has no increment"}},
		{"one period without increment, time added after move 40", "7200", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 1:02:00", []string{
			"clock-inconsistent: clock for White grows from 0:03:00 to 1:02:00 at move 40 but the time control 7200 has no increment; " +
				"if the clocks added a second period's time after move 40, the TimeControl must say so: 40/7200:N, N the seconds added"}},
		{"period with increment", "40/5400+30:1800+30", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 0:33:20 | Ra7 0:33:00 | Ra1 0:34:00", []string{
			"clock-inconsistent: clock for White grows from 0:33:20 to 0:34:00 at move 41 but the increment is 30 s"}},
		{"period bonus and increment in one step", "40/5400+30:1800+30", from38, "a3 0:05:00 | a6 0:04:00 | a4 0:03:00 | a5 0:03:30 | Ra2 0:34:20", []string{
			"clock-inconsistent: clock for White grows from 0:03:00 to 0:34:20 at move 40 but the time control 40/5400+30:1800+30 adds only 0:30:30"}},

		// The first readings against the base time.
		{"first reading at base", "300+3", ClockStart{}, "e4 5:00 | e5 5:03", nil},
		{"first reading above base", "900+2", ClockStart{}, "e4 0:24:55.5 | e5 0:24:03.5", []string{
			"clock-inconsistent: clock for White reads 0:24:55.5 after move 1, more than the 0:15:04 the time control 900+2 can give by then (0:15:00 and the first move's increment twice: clocks such as DGT's also give it at the start)"}},
		{"first reading above base without increment", "900", ClockStart{}, "e4 0:15:02 | e5 0:15:00", []string{
			"clock-inconsistent: clock for White reads 0:15:02 after move 1, more than the 0:15:00 the time control 900 gives"}},
		{"high first reading from a FEN", "900+2", from30, "Kg2 0:24:55.5 | Kg7 0:24:03.5", nil},
		// A DGT clock starts a Fischer game with the first move's
		// increment given, and adds it again after the move: 15:10 at the
		// start, 15:19 after a move of a second.
		{"DGT: the first increment given at the start", "15 min/game + 10 sec/move", ClockStart{}, "e4 0:15:19 | e5 0:15:20 | Nf3 0:15:27", nil},
		{"human time control read", "15 min/game + 10 sec/move", ClockStart{}, "e4 0:15:22 | e5 0:15:08", []string{
			"clock-inconsistent: clock for White reads 0:15:22 after move 1, more than the 0:15:20 the time control 900+10 can give by then (0:15:00 and the first move's increment twice: clocks such as DGT's also give it at the start)"}},

		// Missing clocks.
		{"no clocks at all", "300+3", ClockStart{}, "e4 | e5 | Nf3", nil},
		{"several missing", "300+3", ClockStart{}, "e4 5:00 | e5 - | Nf3 4:59 | Nc6 - | Bb5 4:58 | a6 4:40", []string{
			"clock-inconsistent: clocks are missing for 2 of 6 moves, the first at Black's move 1 (e5)"}},
		{"half missing", "300+3", ClockStart{}, "e4 5:00 | e5 - | Nf3 4:59 | Nc6 - | Bb5 4:58 | a6 -", []string{
			"clock-inconsistent: clocks are missing for 3 of 6 moves, the first at Black's move 1 (e5)"}},
		// A time noted at a few moves of a hand-kept sheet is no gap.
		{"occasional notes", "300+3", ClockStart{}, "e4 | e5 | Nf3 4:59 | Nc6 | Bb5 | a6 | c3 | d6", nil},
		{"missing without time control", "", ClockStart{BlackFirst: true, MoveNumber: 12}, "Nf6 1:00:00 | Nf3 - ", []string{
			"clock-inconsistent: no clock for White's move 13 (Nf3) though the other move has one"}},

		// Negative times.
		{"negative clock", "", from30, "Kg2 0:00:05 | Kg7 -0:00:01", []string{
			"clock-inconsistent: clock for Black is negative (-0:00:01) at move 30"}},
		{"negative move time", "300", from30, "Kg2 0:00:05 emt=-0:00:02", []string{
			"clock-inconsistent: move time for White is negative (-0:00:02) at move 30"}},

		// No time control, an unknown one or an hourglass: readings are not
		// compared with a limit.
		{"unknown time control", "?", ClockStart{}, "e4 5:00 | e5 5:00 | Nf3 9:00", nil},
		{"sandclock", "*180", ClockStart{}, "e4 3:00 | e5 2:50 | Nf3 3:05", nil},

		// Flag falls.
		{"flag below increment", "180+2", from30, "Kg2 0:00:00 | Kg7 0:00:10 | Kh3 0:00:01 | Kh7 0:00:09", []string{
			"flag-fall-unclaimed: White's clock reads 0:00:00 after move 30, less than the 2 s increment a move made in time earns: the flag fell, yet the game went on for 3 more plies"}},
		{"flag below a 2 s increment at 1 s", "180+2", from30, "Kg2 0:00:01 | Kg7 0:00:10", []string{
			"flag-fall-unclaimed: White's clock reads 0:00:01 after move 30, less than the 2 s increment a move made in time earns: the flag fell, yet the game went on for 1 more ply"}},
		// Lichess arena berserk: half the base and no increment for that
		// side, whose low readings then prove nothing; the other side's do.
		{"berserk plays without increment", "180+2", ClockStart{}, "e4 1:30 | e5 3:00 | Nf3 0:00:05 | Nc6 2:58 | Bb5 0:00:01 | a6 2:57 | Ba4 0:00:00 | Nf6 2:56", nil},
		{"berserk 1+2 is 1+0", "60+2", ClockStart{}, "e4 1:00 | e5 0:30 | Nf3 0:59 | Nc6 0:00:01 | Bb5 0:58 | a6 0:00:01 | Ba4 0:57", nil},
		{"berserk, the other side below increment", "180+2", ClockStart{}, "e4 1:30 | e5 3:00 | Nf3 0:00:05 | Nc6 0:00:01 | Bb5 0:00:01 | a6 0:00:02", []string{
			"flag-fall-unclaimed: Black's clock reads 0:00:01 after move 2, less than the 2 s increment a move made in time earns: the flag fell, yet the game went on for 2 more plies"}},
		{"no berserk: a first reading well above half", "180+2", ClockStart{}, "e4 2:10 | e5 3:00 | Nf3 0:00:05 | Nc6 2:58 | Bb5 0:00:01 | a6 2:57", []string{
			"flag-fall-unclaimed: White's clock reads 0:00:01 after move 3, less than the 2 s increment a move made in time earns: the flag fell, yet the game went on for 1 more ply"}},
		{"no berserk from a FEN", "180+2", from30, "Kg2 1:30 | Kg7 3:00 | Kh3 0:00:01 | Kh7 2:58", []string{
			"flag-fall-unclaimed: White's clock reads 0:00:01 after move 31, less than the 2 s increment a move made in time earns: the flag fell, yet the game went on for 1 more ply"}},
		{"clock at the increment", "180+2", from30, "Kg2 0:00:02 | Kg7 0:00:10 | Kh3 0:00:02", nil},
		{"flag on the last move", "180+2", from30, "Kg2 0:00:05 | Kg7 0:00:00", nil},
		{"zero without increment proves nothing", "60+0", from30, "Kg2 0:00:00 | Kg7 0:00:10 | Kh3 0:00:00 | Kh7 0:00:09", nil},
		{"move slower than the time left", "5400", from30, "Kg2 0:00:30 | Kg7 0:10:00 | Kh3 0:00:00 emt=0:00:45 | Kh7 0:09:00", []string{
			"flag-fall-unclaimed: White's move 31 took 0:00:45 with 0:00:30 left: the flag fell, yet the game went on for 1 more ply"}},
		{"move just within the time left", "5400", from30, "Kg2 0:00:30 | Kg7 0:10:00 | Kh3 0:00:00 emt=0:00:31 | Kh7 0:09:00", nil},
		{"clock glitch is no flag fall", "900+10", from30, "Kg2 0:16:05 | Kg7 0:15:00 | Kh3 0:00:00 | Kh7 0:15:10 | Kh2 0:16:15 | Kh8 0:15:15", []string{
			"clock-inconsistent: clock for White grows from 0:00:00 to 0:16:15 at move 32 but the increment is 10 s"}},
		{"flag confirmed by the next reading", "900+10", from30, "Kg2 0:01:05 | Kg7 0:15:00 | Kh3 0:00:00 | Kh7 0:15:10 | Kh2 0:00:05 | Kh8 0:15:15", []string{
			"flag-fall-unclaimed: White's clock reads 0:00:00 after move 31, less than the 10 s increment a move made in time earns: the flag fell, yet the game went on for 3 more plies"}},
		{"slow move time but clock left", "900+10", from30, "Kg2 0:00:20 | Kg7 0:10:00 | Kh3 0:00:33 emt=0:00:45 | Kh7 0:09:00", []string{
			"clock-inconsistent: clock for White grows from 0:00:20 to 0:00:33 at move 31 but the increment is 10 s"}},
		{"negative clock and play on", "300", from30, "Kg2 -0:00:02 | Kg7 0:01:00", []string{
			"clock-inconsistent: clock for White is negative (-0:00:02) at move 30",
			"flag-fall-unclaimed: White's clock reads -0:00:02 after move 30: the flag fell, yet the game went on for 1 more ply"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, fs := runClocks(t, tt.tc, tt.start, tt.line)
			var got []string
			for _, f := range fs {
				got = append(got, string(f.Code)+": "+f.Message)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %q\nwant %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("got  %q\nwant %q", got[i], tt.want[i])
				}
			}
		})
	}
}

func TestClockFindingPlaces(t *testing.T) {
	g := testGame(t, []string{"TimeControl", "300+2"}, "*", "e4 5:00 | e5 5:00 | Nf3 5:01 | Nc6 4:58 | Bb5 5:05 | a6 4:57")
	var tags Tags
	ReadTags(g, &tags, nil)
	c := checkClocks(g, &tags.TimeControl, ClockStart{}, mainLine(g))
	fs := c.Finish(nil)
	if len(fs) != 1 {
		t.Fatalf("findings %+v", fs)
	}
	f := fs[0]
	if f.Ply != 5 || f.Move != "Bb5" || f.Pos != g.Moves[4].Pos || f.Severity != Warning {
		t.Errorf("finding at ply %d move %q pos %+v severity %v; want ply 5 Bb5 %+v warning", f.Ply, f.Move, f.Pos, f.Severity, g.Moves[4].Pos)
	}
	if c.Clocks() != 6 || c.Plies() != 6 || c.LastClock(true) != 305000 || c.LastClock(false) != 297000 || !c.WhiteToMove() {
		t.Errorf("facts: clocks %d plies %d last %d %d white to move %v", c.Clocks(), c.Plies(), c.LastClock(true), c.LastClock(false), c.WhiteToMove())
	}
}

func TestClockFlagFell(t *testing.T) {
	c, _ := runClocks(t, "180+2", ClockStart{BlackFirst: true, MoveNumber: 30}, "Kg7 0:00:10 | Kg2 0:00:03 | Kh7 0:00:00 | Kh3 0:00:05")
	if ply, white := c.FlagFell(); ply != 3 || white {
		t.Errorf("FlagFell = %d, %v; want 3, false (Black)", ply, white)
	}
	if !c.FellAtLastReading(false) || c.FellAtLastReading(true) {
		t.Errorf("FellAtLastReading(black) %v, (white) %v; want true, false", c.FellAtLastReading(false), c.FellAtLastReading(true))
	}
	// Black reads its clock again: the fall is no longer its last reading.
	c, _ = runClocks(t, "180+2", ClockStart{BlackFirst: true, MoveNumber: 30}, "Kg7 0:00:10 | Kg2 0:00:03 | Kh7 0:00:00 | Kh3 0:00:05 | Kg7 0:00:02")
	if ply, white := c.FlagFell(); ply != 3 || white || c.FellAtLastReading(false) {
		t.Errorf("FlagFell = %d, %v, FellAtLastReading(black) %v; want 3, false, false", ply, white, c.FellAtLastReading(false))
	}
	// A later fall of the other side is its last reading; FlagFell keeps the first.
	c, _ = runClocks(t, "180+2", ClockStart{BlackFirst: true, MoveNumber: 30}, "Kg7 0:00:10 | Kg2 0:00:03 | Kh7 0:00:00 | Kh3 0:00:01")
	if ply, white := c.FlagFell(); ply != 3 || white || !c.FellAtLastReading(true) || c.FellAtLastReading(false) {
		t.Errorf("FlagFell = %d, %v, FellAtLastReading white %v black %v; want 3, false, true, false", ply, white, c.FellAtLastReading(true), c.FellAtLastReading(false))
	}
	// A glitch withdraws the fall.
	c, _ = runClocks(t, "900+10", ClockStart{MoveNumber: 30}, "Kg2 0:16:05 | Kg7 0:15:00 | Kh3 0:00:00")
	if !c.FellAtLastReading(true) {
		t.Errorf("FellAtLastReading(white) false after a zero")
	}
	c, _ = runClocks(t, "900+10", ClockStart{MoveNumber: 30}, "Kg2 0:16:05 | Kg7 0:15:00 | Kh3 0:00:00 | Kh7 0:15:10 | Kh2 0:16:15")
	if c.FellAtLastReading(true) {
		t.Errorf("FellAtLastReading(white) true after the clock grew out of the zero")
	}
	c, _ = runClocks(t, "180+2", ClockStart{}, "e4 3:00 | e5 3:00")
	if ply, _ := c.FlagFell(); ply != 0 || c.FellAtLastReading(true) || c.FellAtLastReading(false) {
		t.Errorf("FlagFell = %d without a fall", ply)
	}
	if c.LastClock(true) != 180000 {
		t.Errorf("LastClock(white) = %d", c.LastClock(true))
	}
	c, _ = runClocks(t, "", ClockStart{}, "e4 | e5")
	if c.LastClock(true) != -1 || c.LastClock(false) != -1 || c.Clocks() != 0 {
		t.Errorf("no readings: %d %d %d", c.LastClock(true), c.LastClock(false), c.Clocks())
	}
}

func TestFormatClock(t *testing.T) {
	for ms, want := range map[int64]string{0: "0:00:00", 190000: "0:03:10", 177700: "0:02:57.7", 3723450: "1:02:03.45",
		1001: "0:00:01.001", -1000: "-0:00:01", 36000000: "10:00:00"} {
		if got := FormatClock(ms); got != want {
			t.Errorf("FormatClock(%d) = %q, want %q", ms, got, want)
		}
	}
}

func BenchmarkClockChecker(b *testing.B) {
	// An 80-ply blitz game with a clock on every move.
	line := ""
	for i := 0; i < 80; i++ {
		if i > 0 {
			line += " | "
		}
		line += "Nf3 0:04:" + string(rune('0'+(59-i/2)/10)) + string(rune('0'+(59-i/2)%10))
	}
	g := testGame(b, []string{"TimeControl", "300+2"}, "*", line)
	var tags Tags
	ReadTags(g, &tags, nil)
	idx := mainLine(g)
	b.ReportAllocs()
	for b.Loop() {
		c := StartClocks(g, &tags.TimeControl, ClockStart{})
		for _, i := range idx {
			c.Step(i)
		}
		if fs := c.Finish(nil); len(fs) != 0 {
			b.Fatal(fs)
		}
	}
}

// TestStepsWithoutClocks: a game with no clock at all, which Steps takes
// in one step, leaves the checker as Step does ply by ply: its plies, move
// number and side to move, and its missing readings from the first ply,
// whichever side starts and however many plies there are; and a game whose
// first move holds a reading the parser could not read is stepped as one
// with a clock.
func TestStepsWithoutClocks(t *testing.T) {
	for _, line := range []string{"e4", "e4|e5", "e4|e5|Nf3", "e4 -|e5 -|Nf3 -|Nc6 -", "e4 ?|e5|Nf3", "e4 emt=-0:00:02|e5"} {
		for _, blackFirst := range []bool{false, true} {
			for _, tc := range []string{"-", "40/7200:3600", "300+2"} {
				g := testGame(t, []string{"TimeControl", tc}, "*", line)
				var tags Tags
				ReadTags(g, &tags, nil)
				start := ClockStart{BlackFirst: blackFirst, MoveNumber: 12}
				want := checkClocks(g, &tags.TimeControl, start, mainLine(g))
				steps := StartClocks(g, &tags.TimeControl, start)
				steps.Steps(mainLine(g))
				if steps != want {
					t.Errorf("%q, black first %v, %s: Steps gives %+v, Step %+v", line, blackFirst, tc, steps, want)
				}
			}
		}
	}
	g := testGame(t, nil, "*", "e4|e5|Nf3")
	var tc TimeControl
	c := StartClocks(g, &tc, ClockStart{BlackFirst: true, MoveNumber: 12})
	c.Steps(mainLine(g))
	if c.ply != 3 || c.moveNo != 14 || c.black || c.last != 2 || c.missing != (problem{count: 3, idx: 0, ply: 1, moveNo: 12, black: true}) {
		t.Errorf("ply %d, move %d, black %v, last %d, missing %+v", c.ply, c.moveNo, c.black, c.last, c.missing)
	}
}

func FuzzClockChecker(f *testing.F) {
	f.Add("300+2", []byte{10, 20, 0, 5, 200, 1}, "Time forfeit", "1-0", true)
	f.Add("-", []byte{255, 255, 255}, "", "1-0", true)
	f.Add("40/7200:3600", []byte{255, 255, 0, 0, 3, 4, 5}, "", "0-1", false)
	f.Fuzz(func(t *testing.T, tc string, clocks []byte, termination, result string, blackFirst bool) {
		g := testGame(t, []string{"TimeControl", tc, "Termination", termination}, result, "")
		for i, b := range clocks {
			m := parserMove(g, "x", i)
			switch {
			case b == 255:
				m.Clock = -1
			case b == 254:
				// A clock the parser could not read, filed as it files one.
				m.ClockUnread = true
				g.UnreadClocks = append(g.UnreadClocks, parser.UnreadClock{Pos: m.Pos, Move: int32(i), Arg: m.Raw})
			case b > 250:
				m.Clock = -int64(b) * 1000
			default:
				m.Clock = int64(b) * 997
			}
			if b%7 == 0 {
				m.EMT = int64(b) * 1500
			}
		}
		g.Has = hasOf(g.Moves)
		var tags Tags
		ReadTags(g, &tags, nil)
		start := ClockStart{BlackFirst: blackFirst, MoveNumber: int(len(clocks) % 90)}
		c := checkClocks(g, &tags.TimeControl, start, mainLine(g))
		// Steps, which passes over plies without a reading in a loop of its
		// own, leaves the checker as Step does ply by ply.
		steps := StartClocks(g, &tags.TimeControl, start)
		steps.Steps(mainLine(g))
		if steps != c {
			t.Fatalf("Steps gives %+v, Step %+v", steps, c)
		}
		fs := c.Finish(nil)
		forfeit, fs := DetectForfeit(&tags, result, &c, fs)
		TimeoutVerdict(USSR, forfeit, result, g.End, FinalPosition{BareKing: func(bool) bool { return true }})
		for _, f := range fs {
			if f.Message == "" || f.Code == "" {
				t.Fatalf("empty finding %+v", f)
			}
		}
	})
}

// TestClockStepsAsStep: Steps, which takes plies without a reading in a
// loop of its own, must leave the checker as Step does ply by ply.
func TestClockStepsAsStep(t *testing.T) {
	tests := []struct {
		tc    string
		start ClockStart
		line  string
	}{
		{"300+3", ClockStart{}, "e4 | e5 | Nf3 | Nc6 | Bb5"},
		{"", ClockStart{BlackFirst: true, MoveNumber: 7}, "Nf6 | Nf3 | Ng8 | Ng1 | Nf6 | Nf3"},
		{"300+3", ClockStart{}, "e4 5:00 | e5 - | Nf3 4:59 | Nc6 - | Bb5 | a6 4:40 | Ba4 | Nf6"},
		{"", ClockStart{BlackFirst: true, MoveNumber: 12}, "Nf6 | Nf3 | Ng8 1:00:00 | Ng1 | Nf6"},
		{"40/7200:3600", ClockStart{MoveNumber: 38}, "a3 | a6 | a4 0:03:00 | a5 | Ra2 1:02:00 | Ra7 | Ra1 | Ra8"},
		{"300", ClockStart{MoveNumber: 30}, "Kg2 | Kg7 emt=-0:00:02 | Kh3 | Kh7 0:01:00 | Kh2 | Kh8"},
		{"900+10", ClockStart{MoveNumber: 30}, "Kg2 0:16:05 | Kg7 | Kh3 0:00:00 | Kh7 | Kh2 0:16:15 | Kh8"},
		{"900+10", ClockStart{MoveNumber: 30}, "Kg2 | Kg7 | Kh3 0:15:00 | Kh7 | Kh2 | Kh8 | Kg1 0:15:05 | Kg8 0:14:00"},
		// A clock that cannot be read is no missing one.
		{"300+3", ClockStart{}, "e4 5:00 | e5 - | Nf3 ? | Nc6 - | Bb5 ? | a6 4:40 | Ba4 | Nf6 ?"},
		// Games that read no clock: the first ply unread, a later one
		// unread, the first reading after plies without.
		{"300+3", ClockStart{}, "e4 ? | e5 | Nf3 | Nc6"},
		{"300+3", ClockStart{BlackFirst: true, MoveNumber: 3}, "e5 | Nf3 ? | Nc6 | Bb5"},
		{"", ClockStart{}, "e4 | e5 | Nf3 4:59 | Nc6 | Bb5 | a6 4:40"},
	}
	for _, tt := range tests {
		tags := []string{}
		if tt.tc != "" {
			tags = []string{"TimeControl", tt.tc}
		}
		g := testGame(t, tags, "*", tt.line)
		var tg Tags
		ReadTags(g, &tg, nil)
		main := mainLine(g)
		want := checkClocks(g, &tg.TimeControl, tt.start, main)
		got := StartClocks(g, &tg.TimeControl, tt.start)
		got.Steps(main)
		if got != want {
			t.Errorf("%s %q: Steps gives %+v, Step %+v", tt.tc, tt.line, got, want)
		}
		if want.missing.count == 0 {
			t.Errorf("%s %q: no ply without a reading: the case proves nothing", tt.tc, tt.line)
		}
		// The same line with a variation without a reading before its last
		// move, which has one: the main line's indexes are not the moves',
		// and Steps must follow them to the reading.
		v := *g
		v.Moves = append(slices.Clone(g.Moves[:len(g.Moves)-1]), g.Moves[len(g.Moves)-2], g.Moves[len(g.Moves)-1])
		v.Moves[len(v.Moves)-2].Depth, v.Moves[len(v.Moves)-2].Clock = 1, -1
		v.Moves[len(v.Moves)-1].Clock = 10 * 60 * 1000
		v.Has = hasOf(v.Moves)
		vmain := mainLine(&v)
		want = checkClocks(&v, &tg.TimeControl, tt.start, vmain)
		got = StartClocks(&v, &tg.TimeControl, tt.start)
		got.Steps(vmain)
		if got != want || len(vmain) == len(v.Moves) {
			t.Errorf("%s %q with a variation: Steps gives %+v, Step %+v", tt.tc, tt.line, got, want)
		}
	}
}

// TestUnreadClocks: [%clk] and [%emt] commands whose value cannot be read
// ("[%clk 2:59]": H:MM or M:SS?) make one clock-inconsistent warning a game,
// at the first, not a syntax error each; the clock checks pass over their
// moves without counting them missing, and judge the readings around them
// as they would without them. A [%clk] without its ] is still syntax.
func TestUnreadClocks(t *testing.T) {
	const form = "the form is H:MM:SS or H:MM:SS.f"
	const emtForm = form + ", or seconds with a fraction (1.748)"
	tests := []struct {
		name  string
		extra []string
		moves string
		want  []string // line:col severity code ply move [variation]: message
	}{
		{"every clock M:SS", []string{"TimeControl 180+0"},
			"1. e4 {[%clk 2:59]} e5 {[%clk 2:58]} 2. Nf3 {[%clk 2:55]} Nc6 {[%clk 2:50]} *",
			[]string{"10:8 warning clock-inconsistent 1 e4: 4 clocks cannot be read, the first [%clk 2:59] at White's move 1 (e4): " +
				form + ", and 2:59 may be H:MM or M:SS; the clock checks pass over those moves, as over missing clocks"}},
		{"one, with blanks", []string{"TimeControl 180+0"},
			"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:55]} Nc6 { [%clk  0:61:00 ]} *",
			[]string{"10:74 warning clock-inconsistent 4 Nc6: clock [%clk 0:61:00] at Black's move 2 (Nc6) cannot be read: " +
				form + "; the clock checks pass over the move, as over a missing clock"}},
		// White's clock grows over the move whose clock cannot be read by
		// more than the two increments since its last reading; two moves
		// have no clock at all, and the flag of the last reading fell.
		{"some read, some not", []string{"TimeControl 180+2"},
			"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 2:55]} Nc6 {[%clk 0:02:58]} 3. Bb5 {[%clk 0:03:30]} a6 " +
				"4. Ba4 {[%emt 0:0x]} Nf6 {[%clk 0:00:01]} 5. O-O {[%clk 0:03:20]} *",
			[]string{
				"10:52 warning clock-inconsistent 3 Nf3: 1 clock and 1 move time cannot be read, the first [%clk 2:55] at White's move 2 (Nf3): " +
					form + ", and 2:55 may be H:MM or M:SS; the clock checks pass over those moves, as over missing clocks",
				"10:89 warning clock-inconsistent 5 Bb5: clock for White grows from 0:03:00 to 0:03:30 at move 3 but the 2 increments since move 1 add only 4 s",
				"10:110 warning clock-inconsistent 6 a6: clocks are missing for 2 of 9 moves, the first at Black's move 3 (a6)",
				"10:134 warning flag-fall-unclaimed 8 Nf6: Black's clock reads 0:00:01 after move 4, less than the 2 s increment a move made in time earns: the flag fell, yet the game went on for 1 more ply",
			}},
		{"move times", []string{"TimeControl 180+0"},
			"1. e4 {[%clk 0:03:00] [%emt 1]} e5 {[%clk 0:03:00] [%emt 1s]} 2. Nf3 {[%clk 0:02:55]} Nc6 {[%clk 0:02:50]} *",
			[]string{"10:23 warning clock-inconsistent 1 e4: 2 move times cannot be read, the first [%emt 1] at White's move 1 (e4): " +
				emtForm + "; the clock checks pass over those moves, as over missing clocks"}},
		// The FICS games database writes move times in seconds, always with
		// a fraction: those are read; "2." is not.
		{"FICS move times in seconds", []string{"TimeControl 180+0"},
			"1. e4 {[%emt 0.0]} e5 {[%emt 0.0]} 2. Nf3 {[%emt 1.748]} Nc6 {[%emt 9.27]} 3. Bb5 {[%emt 2.]} *",
			[]string{"10:84 warning clock-inconsistent 5 Bb5: move time [%emt 2.] at White's move 3 (Bb5) cannot be read: " +
				emtForm + "; the clock checks pass over the move, as over a missing clock"}},
		{"in a variation", []string{"TimeControl 180+0"},
			"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:55]} (2. Bc4 {[%clk 2:59]}) 2... Nc6 {[%clk 0:02:50]} *",
			[]string{"10:77 warning clock-inconsistent 3 Bc4 (2.Bc4): clock [%clk 2:59] at White's move 2 (Bc4) in a variation cannot be read: " +
				form + ", and 2:59 may be H:MM or M:SS; the clock checks pass over the move, as over a missing clock"}},
		{"Black first", []string{"TimeControl 180+0", "SetUp 1", "FEN 4k3/8/8/8/8/8/8/4K2R b K - 0 20"},
			"20... Kd7 {[%clk 0:3:00.5x]} 21. Kf2 {[%clk 0:03:00]} Ke6 {[%clk 0:02:59]} *",
			[]string{"12:12 warning clock-inconsistent 1 Kd7: clock [%clk 0:3:00.5x] at Black's move 20 (Kd7) cannot be read: " +
				form + "; the clock checks pass over the move, as over a missing clock"}},
		{"not closed", []string{"TimeControl 180+0"},
			"1. e4 {[%clk 0:03:00]} e5 {[%clk 0:03:00]} 2. Nf3 {[%clk 0:02:55]} Nc6 {[%clk 0:02:5} *",
			[]string{"10:68 warning clock-inconsistent 4 Nc6: no clock for Black's move 2 (Nc6) though the other 3 moves have one",
				"10:73 error syntax -1 : [%clk not closed by ]"}},
	}
	for _, tt := range tests {
		r := checkOne(t, pgn("*", tt.extra, tt.moves), nil)
		var fs []string
		for _, f := range r.Findings {
			v := ""
			if f.Variation != "" {
				v = " (" + f.Variation + ")"
			}
			fs = append(fs, fmt.Sprintf("%d:%d %s %s %d %s%s: %s", f.Pos.Line, f.Pos.Col, f.Severity, f.Code, f.Ply, f.Move, v, f.Message))
		}
		if !slices.Equal(fs, tt.want) {
			t.Errorf("%s: findings\n%s\nwant\n%s", tt.name, strings.Join(fs, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

// TestClocksOfGameNotReplayed: a game whose moves are not replayed (a
// variant, a FEN that cannot be read) still starts where its FEN says: the
// readings of a game from move 60 with Black to move are not judged as
// White's first move. Without a FEN the first readings still meet the base.
func TestClocksOfGameNotReplayed(t *testing.T) {
	moves := "60... Kd8 {[%clk 0:05:00]} 61. Kg1 {[%clk 0:00:20]} Ke8 {[%clk 0:04:59]} 62. Kh1 {[%clk 0:00:21]} *"
	for _, tt := range []struct {
		name  string
		extra []string
		moves string
		want  string
	}{
		{"variant from a FEN, Black first", []string{"TimeControl 180+2", "Variant Atomic", "SetUp 1", "FEN 4k3/8/8/8/8/8/Q7/7K b - - 0 60"}, moves,
			"variant-unsupported@-1"},
		{"unreadable FEN, Black first", []string{"TimeControl 180+2", "SetUp 1", "FEN 4k3/8/8/8/8/8/Q7/7K b - - 0 60 x"}, moves,
			"syntax@-1"},
		// The FEN's move number decides: a growth at Black's second reading
		// is still one.
		{"variant from a FEN, growth", []string{"TimeControl 180+2", "Variant Atomic", "SetUp 1", "FEN 4k3/8/8/8/8/8/Q7/7K b - - 0 60"},
			"60... Kd8 {[%clk 0:05:00]} 61. Kg1 {[%clk 0:00:20]} Ke8 {[%clk 0:05:09]} 62. Kh1 {[%clk 0:00:21]} *",
			"variant-unsupported@-1 clock-inconsistent@3"},
		{"variant from the start", []string{"TimeControl 180+2", "Variant Atomic"},
			"1. e4 {[%clk 0:05:00]} e5 {[%clk 0:03:00]} *", "variant-unsupported@-1 clock-inconsistent@1"},
	} {
		r := checkOne(t, pgn("*", tt.extra, tt.moves), &Options{})
		if g := got(r); g != tt.want {
			t.Errorf("%s: findings %q, want %q", tt.name, g, tt.want)
		}
		if f := find(r, ClockInconsistent); f != nil && strings.Contains(f.Message, "after move 1,") && tt.name != "variant from the start" {
			t.Errorf("%s: %s", tt.name, f.Message)
		}
	}
}

// TestTimeControlInMinutes: a TimeControl whose bases are minutes, as
// tournament uploads type them ("90+30"), is read so when the clocks after
// move 1 fit minutes and not seconds, with one tag-format finding instead of
// a clock-inconsistent; the near misses keep the standard's seconds.
func TestTimeControlInMinutes(t *testing.T) {
	const minutes = `TimeControl "90+30" counts minutes, as the clock after move 1 shows (1:30:25): the PGN standard counts seconds, write 5400+30; the clocks are checked against 5400+30`
	tests := []struct {
		name, tc, line string
		fen            string
		want           []string // findings as "code: message"; "" for the minutes finding above
		category       string
	}{
		{"minutes", "90+30", "e4 1:30:21 | e5 1:30:25 | Nf3 1:29:40 | Nc6 1:30:01", "", []string{""}, "standard"},
		// A genuine 90 s + 30 s (lichess's 1.5+30): the seconds fit.
		{"seconds fit", "90+30", "e4 0:01:50 | e5 0:01:58 | Nf3 0:02:10 | Nc6 0:02:20", "", nil, "rapid"},
		{"standard seconds", "5400+30", "e4 1:30:21 | e5 1:30:25 | Nf3 1:29:40 | Nc6 1:30:01", "", nil, "standard"},
		// More than the minutes could give either: the clocks are wrong.
		{"beyond minutes", "90+30", "e4 1:31:30 | e5 1:30:25 | Nf3 1:30:40 | Nc6 1:30:01", "", []string{
			"clock-inconsistent: clock for White reads 1:31:30 after move 1, more than the 0:02:30 the time control 90+30 can give by then " +
				"(0:01:30 and the first move's increment twice: clocks such as DGT's also give it at the start)"}, "rapid"},
		// Past three hours as minutes, a base is read as the seconds it says.
		{"base too long for minutes", "200", "e4 3:19:50 | e5 3:19:30", "", []string{
			"clock-inconsistent: clock for White reads 3:19:50 after move 1, more than the 0:03:20 the time control 200 gives"}, "blitz"},
		{"periods in minutes", "40/90+30:30+30", "e4 1:30:21 | e5 1:30:25 | Nf3 1:29:40", "", []string{
			`tag-format: TimeControl "40/90+30:30+30" counts minutes, as the clock after move 1 shows (1:30:25): the PGN standard counts seconds, write 40/5400+30:1800+30; the clocks are checked against 40/5400+30:1800+30`}, "standard"},
		// Black moves first: White's first reading is after move 2 and
		// proves nothing; Black's alone decides.
		{"black first, seconds", "90+30", "e5 0:01:40 | Nf3 1:30:00", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", nil, "rapid"},
		{"black first, minutes", "90+30", "e5 1:30:25 | Nf3 0:01:00", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", []string{""}, "standard"},
		{"no clocks", "90+30", "e4 | e5", "", nil, "rapid"},
		// A blitz clock that glitched is no game in hours.
		{"far from the minutes", "180+2", "e4 0:05:00 | e5 0:03:00", "", []string{
			"clock-inconsistent: clock for White reads 0:05:00 after move 1, more than the 0:03:04 the time control 180+2 can give by then " +
				"(0:03:00 and the first move's increment twice: clocks such as DGT's also give it at the start)"}, "blitz"},
		// Both sides' first readings must fit the minutes.
		{"one side in seconds", "90+30", "e4 1:30:21 | e5 0:01:40 | Nf3 1:29:40", "", []string{
			"clock-inconsistent: clock for White reads 1:30:21 after move 1, more than the 0:02:30 the time control 90+30 can give by then " +
				"(0:01:30 and the first move's increment twice: clocks such as DGT's also give it at the start)"}, "rapid"},
		{"one side without a clock", "90+30", "e4 - | e5 1:30:25 | Nf3 1:29:40 | Nc6 1:30:01", "", []string{"",
			"clock-inconsistent: no clock for White's move 1 (e4) though the other 3 moves have one"}, "standard"},
		// Typed with spaces: one finding, naming the form to write.
		{"minutes, spaced", "90 + 30", "e4 1:30:21 | e5 1:30:25 | Nf3 1:29:40 | Nc6 1:30:01", "", []string{
			`tag-format: TimeControl "90 + 30" counts minutes, as the clock after move 1 shows (1:30:25): the PGN standard counts seconds, write 5400+30; the clocks are checked against 5400+30`}, "standard"},
		{"seconds, spaced", "5400 + 30", "e4 1:30:21 | e5 1:30:25 | Nf3 1:29:40 | Nc6 1:30:01", "", []string{
			`tag-format: TimeControl "5400 + 30" is not in PGN form: write 5400+30`}, "standard"},
		// Units written out mean what they say.
		{"minutes in words", "1 min + 30 sec", "e4 0:59:21 | e5 0:59:25", "", []string{
			`tag-format: TimeControl "1 min + 30 sec" is not in PGN form: write 60+30`,
			"clock-inconsistent: clock for White reads 0:59:21 after move 1, more than the 0:02:00 the time control 60+30 can give by then " +
				"(0:01:00 and the first move's increment twice: clocks such as DGT's also give it at the start)"}, "rapid"},
		{"three quarters left", "3+2", "e4 0:02:16 | e5 0:02:58", "", []string{
			`tag-format: TimeControl "3+2" counts minutes, as the clock after move 1 shows (0:02:58): the PGN standard counts seconds, write 180+2; the clocks are checked against 180+2`}, "blitz"},
		{"less than three quarters left", "3+2", "e4 0:02:14 | e5 0:02:58", "", []string{
			"clock-inconsistent: clock for White reads 0:02:14 after move 1, more than the 0:00:07 the time control 3+2 can give by then " +
				"(0:00:03 and the first move's increment twice: clocks such as DGT's also give it at the start)"}, "blitz"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tags := []string{"TimeControl", tt.tc}
			if tt.fen != "" {
				tags = append(tags, "SetUp", "1", "FEN", tt.fen)
			}
			g := testGame(t, tags, "*", tt.line)
			r := Check(g, &Options{})
			var got []string
			for _, f := range r.Findings {
				if f.Code == TagMissing {
					continue
				}
				s := string(f.Code) + ": " + f.Message
				if s == "tag-format: "+minutes {
					s = ""
					if f.Pos != g.Tags[0].Pos || f.Severity != Warning {
						t.Errorf("minutes finding at %+v, severity %v: want the TimeControl tag's %+v, a warning", f.Pos, f.Severity, g.Tags[0].Pos)
					}
				}
				got = append(got, s)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("findings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if r.TimeCategory != tt.category {
				t.Errorf("category %q, want %q", r.TimeCategory, tt.category)
			}
		})
	}
}

// TestLichessGivenTime: on lichess a player may give the opponent time, so
// a clock that grows beyond the control in a lichess game is reported as
// info, saying why; the same game from elsewhere keeps its warning.
func TestLichessGivenTime(t *testing.T) {
	const moves = "1. e4 {[%clk 0:10:00]} e5 {[%clk 0:10:00]} 2. Nf3 {[%clk 0:09:50]} Nc6 {[%clk 0:10:12]} *"
	const grows = "clock for Black grows from 0:10:00 to 0:10:12 at move 2 but the time control 600 has no increment"
	for _, tt := range []struct {
		site     string
		severity Severity
		message  string
	}{
		{"https://lichess.org/GBnt7SxG", Info, grows + ": on lichess the opponent may give time (15 s a press), which no record shows but the clock"},
		{"Chess.com", Warning, grows},
		{"lichess", Warning, grows}, // a name, not the server's game address
		// A broadcast relays an over-the-board game: no one gives time there.
		{"https://lichess.org/broadcast/test-open/round-1/rrrrrrrr/aaaaaaaa", Warning, grows},
		{"https://lichess.org/study/W67VW7nM/3wugVXBW", Warning, grows},
	} {
		text := strings.Replace(pgn("*", []string{"TimeControl 600"}, moves), `[Site "Here"]`, fmt.Sprintf("[Site %q]", tt.site), 1)
		r := checkOne(t, text, nil)
		f := find(r, ClockInconsistent)
		if f == nil || f.Severity != tt.severity || f.Message != tt.message || f.Ply != 4 {
			t.Errorf("Site %q: got %+v, want %v %q at ply 4", tt.site, f, tt.severity, tt.message)
		}
	}
}

// TestTypedTimeControlPeriods: a classical control typed as broadcast
// operators do ("90 min/40 moves + 30 min + 30 sec/move") is read with its
// second period, so that the 30 minutes the clocks gain after move 40 are no
// clock-inconsistent; the same clocks under a control of one period still
// grow beyond it.
func TestTypedTimeControlPeriods(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 39"
	const line = "Ra2 0:01:00 | Kd8 0:02:00 | Ra1 0:00:50 | Ke8 0:02:10 | Ra2 0:31:10 | Kd8 0:32:30"
	tests := []struct {
		tc   string
		want []string
	}{
		{"90 min/40 moves + 30 min + 30 sec/move", []string{
			`tag-format: TimeControl "90 min/40 moves + 30 min + 30 sec/move" is not in PGN form: write 40/5400+30:1800+30`}},
		{"90 min + 30 sec/move", []string{
			`tag-format: TimeControl "90 min + 30 sec/move" is not in PGN form: write 5400+30`,
			"clock-inconsistent: clock for White grows from 0:00:50 to 0:31:10 at move 41 but the increment is 30 s (and 1 more time in this game); " +
				"if the clocks added a second period's time after move 40, the TimeControl must say so: 40/5400+30:N+30, N the seconds added"}},
	}
	for _, tt := range tests {
		g := testGame(t, []string{"TimeControl", tt.tc, "SetUp", "1", "FEN", fen}, "*", line)
		r := Check(g, &Options{})
		var got []string
		for _, f := range r.Findings {
			if f.Code != TagMissing {
				got = append(got, string(f.Code)+": "+f.Message)
			}
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: findings\n%s\nwant\n%s", tt.tc, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
		if r.TimeCategory != "standard" {
			t.Errorf("%s: category %q, want standard", tt.tc, r.TimeCategory)
		}
	}
}
