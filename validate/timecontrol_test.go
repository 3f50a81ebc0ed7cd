package validate

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseTimeControl(t *testing.T) {
	s := func(sec float64) int64 { return int64(sec * 1000) }
	tests := []struct {
		in       string
		kind     TimeControlKind
		periods  []Period
		category string
	}{
		{"?", TimeControlUnknown, nil, ""},
		{"-", TimeControlNone, nil, ""},
		{"300", TimeControlTimed, []Period{{Base: s(300)}}, "blitz"},
		{"600", TimeControlTimed, []Period{{Base: s(600)}}, "blitz"}, // exactly 10 min is still blitz
		{"601", TimeControlTimed, []Period{{Base: s(601)}}, "rapid"},
		{"4500+60", TimeControlTimed, []Period{{Base: s(4500), Increment: s(60)}}, "standard"},
		{"180+2", TimeControlTimed, []Period{{Base: s(180), Increment: s(2)}}, "blitz"},        // lichess
		{"0+1", TimeControlTimed, []Period{{Increment: s(1)}}, "blitz"},                        // lichess
		{"540+1", TimeControlTimed, []Period{{Base: s(540), Increment: s(1)}}, "blitz"},        // 9 + 1 min: blitz
		{"541+1", TimeControlTimed, []Period{{Base: s(541), Increment: s(1)}}, "rapid"},        // just over 10 min
		{"1500+25", TimeControlTimed, []Period{{Base: s(1500), Increment: s(25)}}, "rapid"},    // 25 + 25 = 50 min
		{"1800+30", TimeControlTimed, []Period{{Base: s(1800), Increment: s(30)}}, "standard"}, // 30 + 30 = 60 min
		{"1800+29", TimeControlTimed, []Period{{Base: s(1800), Increment: s(29)}}, "rapid"},
		{"*180", TimeControlTimed, []Period{{Base: s(180), Sandclock: true}}, "blitz"},
		{"40/9000", TimeControlTimed, []Period{{Moves: 40, Base: s(9000)}}, "standard"},
		{"40/7200:3600", TimeControlTimed, []Period{{Moves: 40, Base: s(7200)}, {Base: s(3600)}}, "standard"},
		{"40/5400+30:1800+30", TimeControlTimed, []Period{{Moves: 40, Base: s(5400), Increment: s(30)}, {Base: s(1800), Increment: s(30)}}, "standard"},
		{"40/7200:20/3600:900+30", TimeControlTimed, []Period{{Moves: 40, Base: s(7200)}, {Moves: 20, Base: s(3600)}, {Base: s(900), Increment: s(30)}}, "standard"},
		{"10.931+0.109", TimeControlTimed, []Period{{Base: 10931, Increment: 109}}, "blitz"}, // cutechess
		{"1800+5.232", TimeControlTimed, []Period{{Base: s(1800), Increment: 5232}}, "rapid"},
		{"1/259200", TimeControlTimed, []Period{{Moves: 1, Base: s(259200)}}, "correspondence"}, // chess.com daily
		// Several periods: the time up to move 60 with its increments.
		{"40/2400:1800", TimeControlTimed, []Period{{Moves: 40, Base: s(2400)}, {Base: s(1800)}}, "standard"},                    // 40 + 30 min
		{"40/1500:900", TimeControlTimed, []Period{{Moves: 40, Base: s(1500)}, {Base: s(900)}}, "rapid"},                         // 25 + 15 min
		{"40/3000:600+30", TimeControlTimed, []Period{{Moves: 40, Base: s(3000)}, {Base: s(600), Increment: s(30)}}, "standard"}, // 50 + 10 + 20 × 30 s
		{"20/300:300", TimeControlTimed, []Period{{Moves: 20, Base: s(300)}, {Base: s(300)}}, "blitz"},                           // 10 min in all
		{"20/300:301", TimeControlTimed, []Period{{Moves: 20, Base: s(300)}, {Base: s(301)}}, "rapid"},
		{"30/900", TimeControlTimed, []Period{{Moves: 30, Base: s(900)}}, "rapid"},                                                         // repeats: 15 min at move 31, 30 in all
		{"40/1200:20/900:600", TimeControlTimed, []Period{{Moves: 40, Base: s(1200)}, {Moves: 20, Base: s(900)}, {Base: s(600)}}, "rapid"}, // the third begins at move 61
	}
	for _, tt := range tests {
		tc, err := ParseTimeControl(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if tc.Kind != tt.kind {
			t.Errorf("%q: kind %d, want %d", tt.in, tc.Kind, tt.kind)
		}
		if got := tc.Periods(); !reflect.DeepEqual(got, tt.periods) && !(len(got) == 0 && len(tt.periods) == 0) {
			t.Errorf("%q: periods %+v, want %+v", tt.in, got, tt.periods)
		}
		if got := tc.Category(); got != tt.category {
			t.Errorf("%q: category %q, want %q", tt.in, got, tt.category)
		}
		if got := tc.String(); got != tt.in {
			t.Errorf("%q: String() = %q", tt.in, got)
		}
	}
}

func TestParseTimeControlMalformed(t *testing.T) {
	tests := []struct{ in, err string }{
		{"", "it is empty"},
		{"abc", "a period must give a number of seconds"},
		{"40/", "a period must give a number of seconds"},
		{"300+", "a period must give a number of seconds"},
		{"300:", "a period must give a number of seconds"},
		{"0/300", "a period's move count must be at least 1"},
		{"40.5/300", "a period's move count must be at least 1"},
		{"300 + 5", "unexpected text after a period"},
		{"300+5s", "unexpected text after a period"},
		{"300:40/900", "only the last period may lack a move count: the periods after it can never start"},
		{"40/7200:*180", "a sandclock (*N) is a whole time control on its own"},
		{"*180:300", "a sandclock (*N) is a whole time control on its own"},
		{"?:300", `"?" and "-" stand alone`},
		{"40/7200:-", `"?" and "-" stand alone`},
		{"0", `it gives no time at all (an untimed game's TimeControl is "-")`},
		{"0+0", `it gives no time at all (an untimed game's TimeControl is "-")`},
		{"1234567890", "a number is too large"},
		{"1/1:1/1:1/1:1/1:1/1:1/1:1/1", "too many periods"},
		{"300.", "a period must give a number of seconds"},
	}
	for _, tt := range tests {
		tc, err := ParseTimeControl(tt.in)
		if err == nil {
			t.Errorf("%q: parsed as %s, want error %q", tt.in, tc.String(), tt.err)
			continue
		}
		if err.Error() != tt.err {
			t.Errorf("%q: error %q, want %q", tt.in, err, tt.err)
		}
		if tc.Kind != TimeControlAbsent {
			t.Errorf("%q: kind %d on error", tt.in, tc.Kind)
		}
	}
}

func TestReadHumanTimeControl(t *testing.T) {
	tests := []struct{ in, want string }{
		{"15 min/game + 10 sec/move", "900+10"},                                        // DGT LiveChess
		{"15 min. + 10 s. per move", "900+10"},                                         // corpus, 297 games
		{"15 minutes + 10 seconds increment per move, starting from move 1", "900+10"}, // corpus, 308 games
		{"90' + 30''", "5400+30"},
		{"90'+30\"", "5400+30"},
		{"1 hour 30 minutes + 30 seconds", "5400+30"},
		{"90 мин + 30 сек на ход", "5400+30"},
		{"2h", "7200"},
		{" 300+0 ", "300"},
		{"25 min", "1500"},
		{"3 min + 2 sec", "180+2"},
		{"60 min + 1 min per move", "3600+60"}, // said per move: minutes stand
		{"5400 + 30", "5400+30"},
		// US Chess notation: minutes, and seconds of increment.
		{"G/90;inc30", "5400+30"},
		{"G/90+30", "5400+30"},
		{"g/60; inc 30", "3600+30"},
		{"40/90, SD/30;inc30", "40/5400+30:1800+30"},
		{"40/120, SD/60", "40/7200:3600"},
		{"G/90", "5400"},
		{"40/5400+30 : 1800+30", "40/5400+30:1800+30"},
		// The base as a clock shows it.
		{"1:30:00+30", "5400+30"},
		{"0:03:00+2", "180+2"},
		{"2:00:00", "7200"},
		// Classical controls of several periods, as broadcast operators type them.
		{"90 min/40 moves + 30 min + 30 sec/move", "40/5400+30:1800+30"},
		{"90 min for 40 moves + 30 min for the rest of the game + 30 sec per move from move 1", "40/5400+30:1800+30"},
		{"100 min/40 moves + 50 min/20 moves + 15 min + 30 sec/move", "40/6000+30:20/3000+30:900+30"},
		{"2 hours/40 moves + 1 hour", "40/7200:3600"},
		{"90 мин на 40 ходов + 30 мин на остаток партии + 30 сек на ход", "40/5400+30:1800+30"},
		{"90 Min. + 30 Sek./Zug", "5400+30"},
		{"90 min with 30 sec increment", "5400+30"}, // not 5430: "with" adds a part
		{"90 min. for 40 moves + 30 min. + 30 sec. per move starting with move 1", "40/5400+30:1800+30"},
		{"90 min with an increment of 30 sec", "5400+30"},
		{"90 мин с добавлением 30 сек на ход", "5400+30"},
		{"1 hour and 30 minutes", "5400"},
		{"90 Min./40 Züge + 30 Min. + 30 Sek./Zug", "40/5400+30:1800+30"},
		// As a lichess broadcast of the FIDE World Cup wrote it, with the
		// space before "with" that the broadcast lost ("gamewith").
		{": 90 minutes for the first 40 moves, followed by 30 minutes for the rest of the game with an increment of 30 seconds per move starting from move 1", "40/5400+30:1800+30"},
	}
	for _, tt := range tests {
		tc, ok := readHumanTimeControl(tt.in)
		if !ok {
			t.Errorf("%q: not read", tt.in)
			continue
		}
		if got := tc.String(); got != tt.want {
			t.Errorf("%q: read as %q, want %q", tt.in, got, tt.want)
		}
	}
	refused := []string{
		"40 moves in 90 min",              // a move count: not guessed
		"90 min + 30 sec from move 41",    // increment from a later move
		"G/2",                             // 2 hours or 2 minutes
		"G/90 d5",                         // a delay
		"40/120, 20/60",                   // what follows move 60 is not said
		"G/90, 40/30",                     // a period after the rest of the game
		"G/90;inc30;inc30",                // two increments
		"90 min; d5",                      // a delay
		"game in 90 min + 30 sec + 5 sec", // two pluses
		"+ 30 sec",                        // increment without base
		"0 min",                           // no time
		"blitz",
		"",
		"1:30+30",                                // H:MM or M:SS
		"1:30:75+30",                             // no such clock
		"40/1:30:00",                             // a move count: not guessed
		"1:30:00+30s2",                           // an increment that is no number
		"90 30",                                  // two numbers: not joined into 9030
		"90 min/40 moves",                        // what follows move 40 is not said
		"90 min/40 moves + 30 sec/move",          // nor here
		"90 min + 30 min/40 moves + 30 sec/move", // a period for the rest of the game, then another
		"90 min/40 moves + 30 min + 30 sec/move from move 41", // increment from a later move
		"90 min 30 sec per move",                              // a time per move inside the base
		"90 min/40 moves 30 min + 30 min + 30 sec/move",       // not 40/7200+30:1800+30: a time after the moves is no more of the first period
		"90 minutes for the first 40 moves, followed by 30 minutes for the rest of the gamewith an increment of 30 seconds per move", // "gamewith"
		"90 min + 30 min",             // not 5400+1800: a second period, after a move count not said
		"90 min/40/40 moves + 30 min", // a bare number
	}
	for _, in := range refused {
		if tc, ok := readHumanTimeControl(in); ok {
			t.Errorf("%q: read as %q, want refusal", in, tc.String())
		}
	}
}

func TestTimeControlPeriods(t *testing.T) {
	tc, err := ParseTimeControl("40/7200:20/3600:900+30")
	if err != nil {
		t.Fatal(err)
	}
	ends := []struct {
		k     int
		end   int
		bonus int64
		ok    bool
	}{{0, 40, 3600000, true}, {1, 60, 900000, true}, {2, 0, 0, false}}
	for _, e := range ends {
		end, bonus, ok := tc.periodEnd(e.k)
		if end != e.end || bonus != e.bonus || ok != e.ok {
			t.Errorf("periodEnd(%d) = %d, %d, %v; want %d, %d, %v", e.k, end, bonus, ok, e.end, e.bonus, e.ok)
		}
	}
	for m, want := range map[int]int64{1: 0, 40: 0, 41: 0, 60: 0, 61: 30000, 200: 30000} {
		if got := tc.incrementAt(m); got != want {
			t.Errorf("incrementAt(%d) = %d, want %d", m, got, want)
		}
	}
	for m, want := range map[int]bool{39: false, 40: true, 41: false, 60: true, 61: false, 100: false} {
		if got := tc.isPeriodEnd(m); got != want {
			t.Errorf("isPeriodEnd(%d) = %v, want %v", m, got, want)
		}
	}

	// The standard repeats the last period: 40/9000 gives 9000 s every 40 moves.
	rep, _ := ParseTimeControl("40/9000")
	for k, want := range []int{40, 80, 120} {
		if end, bonus, ok := rep.periodEnd(k); end != want || bonus != 9000000 || !ok {
			t.Errorf("40/9000 periodEnd(%d) = %d, %d, %v", k, end, bonus, ok)
		}
	}
	for m, want := range map[int]bool{40: true, 79: false, 80: true, 120: true, 121: false} {
		if got := rep.isPeriodEnd(m); got != want {
			t.Errorf("40/9000 isPeriodEnd(%d) = %v, want %v", m, got, want)
		}
	}
	sd, _ := ParseTimeControl("300+2")
	if _, _, ok := sd.periodEnd(0); ok || sd.isPeriodEnd(40) || sd.incrementAt(77) != 2000 {
		t.Errorf("300+2: a sudden-death period must never end and keep its increment")
	}
}

func BenchmarkParseTimeControl(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseTimeControl("40/5400+30:1800+30"); err != nil {
			b.Fatal(err)
		}
	}
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"?", "-", "300", "4500+60", "*180", "40/9000", "40/7200:3600", "40/5400+30:1800+30",
		"10.931+0.109", "1/259200", "15 min/game + 10 sec/move", "90' + 30''", "90 мин + 30 сек", "300:40/900", "1.2.3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if tc, err := ParseTimeControl(s); err == nil {
			back, err := ParseTimeControl(tc.String())
			if err != nil || back != tc {
				t.Fatalf("%q: String() %q does not read back (%v)", s, tc.String(), err)
			}
			_ = tc.Category()
		}
		if tc, ok := readHumanTimeControl(s); ok {
			if _, err := ParseTimeControl(tc.String()); err != nil {
				t.Fatalf("%q read as %q, which is not PGN: %v", s, tc.String(), err)
			}
		}
	})
}

// TestSwappedTimeControl: a period whose move count reads as minutes (or
// seconds) and whose seconds read as a move count is reported with the
// swapped form to write, and the clocks use it; a right control, a daily
// game's and a period with more seconds than moves are not.
func TestSwappedTimeControl(t *testing.T) {
	for _, tt := range []struct{ tag, want string }{
		{"90/40+30", "40/5400+30"},
		{"5400/40+30", "40/5400+30"},
		{"120/40:60/20:30", "40/7200:20/3600:30"},
		{"40/7200:60/20:900", "40/7200:20/3600:900"},
		{"100/10", "10/6000"},
		{"40/7200", ""},
		{"40/5400+30:1800+30", ""},
		{"1/259200", ""},
		{"40/60", ""},
		{"90/9", ""},   // 9 "moves": below any move count
		{"90/101", ""}, // 101 s: more than any move count
		{"400/40", ""}, // 400: neither minutes nor seconds of a period
		{"18001/40", ""},
		{"300", ""},
		{"90/40.5", ""},
	} {
		text := pgn("*", []string{"TimeControl " + tt.tag}, "1. e4 {[%clk 1:30:25]} e5 {[%clk 1:30:20]} *")
		r := checkOne(t, text, &Options{})
		f := find(r, TagFormat)
		switch {
		case tt.want == "" && f != nil && strings.Contains(f.Message, "swapped"):
			t.Errorf("%s: unexpected %q", tt.tag, f.Message)
		case tt.want == "":
		case f == nil || !strings.Contains(f.Message, "look swapped (PGN writes moves/seconds); write "+tt.want+" ") || f.Severity != Warning:
			t.Errorf("%s: tag-format %+v, want one saying write %s", tt.tag, f, tt.want)
		case r.TimeControl != tt.tag:
			t.Errorf("%s: report's TimeControl %q", tt.tag, r.TimeControl)
		}
	}
	want := `TimeControl "90/40+30" gives 90 moves in 40 s: the move count and the time look swapped (PGN writes moves/seconds); ` +
		`write 40/5400+30 (a later period, if any, after a colon, as in 40/5400+30:1800+30); the clocks are checked against 40/5400+30`
	r := checkOne(t, pgn("*", []string{"TimeControl 90/40+30"}, "1. e4 {[%clk 1:30:25]} e5 {[%clk 1:30:20]} 2. d4 {[%clk 1:30:50]} *"), &Options{})
	if got(r) != "tag-format@-1" || find(r, TagFormat).Message != want {
		t.Errorf("90/40+30: %q, %+v\nwant %q", got(r), r.Findings, want)
	}
}
