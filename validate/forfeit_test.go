package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

func TestTerminationKind(t *testing.T) {
	tests := []struct {
		in   string
		kind int
		name string
		won  bool
	}{
		{"", termNone, "", false},
		{"unterminated", termNone, "", false},
		{"?", termNone, "", false},
		{"Normal", termOther, "", false},
		{"Abandoned", termOther, "", false},
		{"MagnusCarlsen won by resignation", termOther, "", false},
		{"Aegboye7 won - game abandoned", termOther, "", false},
		{"Game drawn by insufficient material", termOther, "", false},
		{"Insufficient material", termOther, "", false}, // lichess's claim, not a flag
		{"adjudication", termOther, "", false},
		{"Time forfeit", termTime, "", false},
		{"time forfeit", termTime, "", false},
		{"TIME FORFEIT", termTime, "", false},
		{"MagnusCarlsen won on time", termTime, "MagnusCarlsen", true},
		{"Hikaru lost on time", termTime, "Hikaru", false},
		{"Game drawn by timeout vs insufficient material", termTime, "", false},
		{"White flagged", termTime, "", false},
		{"Просрочка времени", termTime, "", false},
		{"выигрыш по времени", termTime, "", false},
		{"Zeitüberschreitung", termTime, "", false},
		{"Победа матом", termOther, "", false},
		// The bare word and the API status codes converters copy.
		{"time", termTime, "", false},
		{" Time ", termTime, "", false},
		{"outoftime", termTime, "", false},
		{"timeforfeit", termTime, "", false},
		{"timevsinsufficient", termTime, "", false},
		{"times", termOther, "", false},
		{"overtime adjudication", termOther, "", false},
		// Both flags fell (FICS, ICC): no one lost on time.
		{"Game drawn because both players ran out of time", termOther, "", false},
		{"White forfeits on time", termTime, "", false},
	}
	for _, tt := range tests {
		kind, name, won := terminationKind(tt.in)
		if kind != tt.kind || name != tt.name || won != tt.won {
			t.Errorf("terminationKind(%q) = %d, %q, %v; want %d, %q, %v", tt.in, kind, name, won, tt.kind, tt.name, tt.won)
		}
	}
}

// TestTerminationKindPlayerNames: a time phrase inside the name chess.com
// starts the value with is no time forfeit; after it, or without the name
// being a player's, it still is.
func TestTerminationKindPlayerNames(t *testing.T) {
	tests := []struct {
		in, white, black string
		kind             int
		name             string
		won              bool
	}{
		{"TimeoutKing won by resignation", "TimeoutKing", "Hikaru", termOther, "", false},
		{"timeoutking won by checkmate", "TimeoutKing", "Hikaru", termOther, "", false},
		{"GotFlagged99 won - game abandoned", "Hikaru", "GotFlagged99", termOther, "", false},
		{"TimeoutKing lost by resignation", "TimeoutKing", "Hikaru", termOther, "", false},
		{"TimeoutKing won on time", "TimeoutKing", "Hikaru", termTime, "TimeoutKing", true},
		{"Hikaru won on time", "TimeoutKing", "Hikaru", termTime, "Hikaru", true},
		// The longer of two names that begin alike.
		{"Timeout won by resignation", "Timeout", "Timeout won", termOther, "", false},
		// Not a player's name: the phrase counts.
		{"TimeoutKing won by resignation", "Magnus", "Hikaru", termTime, "", false},
		// A name is taken off only before "won" or "lost".
		{"White flagged", "White", "Black", termTime, "", false},
		{"Time forfeit", "Time", "Black", termTime, "", false},
	}
	for _, tt := range tests {
		kind, name, won := terminationKind(tt.in, tt.white, tt.black)
		if kind != tt.kind || name != tt.name || won != tt.won {
			t.Errorf("terminationKind(%q, %q, %q) = %d, %q, %v; want %d, %q, %v", tt.in, tt.white, tt.black, kind, name, won, tt.kind, tt.name, tt.won)
		}
	}
}

func TestDetectForfeit(t *testing.T) {
	players := []string{"White", "MagnusCarlsen", "Black", "Hikaru"}
	tests := []struct {
		name    string
		tags    []string
		result  string
		line    string
		want    Forfeit
		message string // "" for no finding
		tagPos  bool   // the finding sits on the Termination tag, else on a move
	}{
		{"lichess time forfeit", []string{"Termination", "Time forfeit"}, "1-0", "e4 1:00 | e5 0:58",
			Forfeit{Lost: true, White: false}, `Black lost on time (Termination "Time forfeit")`, true},
		{"lichess white flagged", []string{"Termination", "Time forfeit"}, "0-1", "e4 1:00 | e5 0:58",
			Forfeit{Lost: true, White: true}, `White lost on time (Termination "Time forfeit")`, true},
		{"chess.com names the winner", []string{"Termination", "Hikaru won on time"}, "0-1", "e4 | e5",
			Forfeit{Lost: true, White: true}, `White lost on time (Termination "Hikaru won on time")`, true},
		{"chess.com name beats the result", []string{"Termination", "MagnusCarlsen won on time"}, "*", "e4 | e5",
			Forfeit{Lost: true, White: false}, `Black lost on time (Termination "MagnusCarlsen won on time")`, true},
		{"loser named", []string{"Termination", "MagnusCarlsen lost on time"}, "0-1", "e4 | e5",
			Forfeit{Lost: true, White: true}, `White lost on time (Termination "MagnusCarlsen lost on time")`, true},
		// Black completed Kg7 with under a second left (read 0:00:00):
		// White's clock then ran, and White's flag fell.
		// but Black's zero may as well be the flag (Either).
		{"drawn on time, the other side's clock at zero", []string{"Termination", "Game drawn by timeout vs insufficient material"}, "1/2-1/2", "Kg2 0:00:04 | Kg7 0:00:00",
			Forfeit{Lost: true, White: true, Either: true}, `White (to move) or Black (whose clock reads 0:00:00 after the last move) ran out of time and the game was drawn (Termination "Game drawn by timeout vs insufficient material")`, true},
		{"drawn on time, side to move", []string{"Termination", "Game drawn by timeout vs insufficient material"}, "1/2-1/2", "Kg2 0:00:04 | Kg7 0:00:03",
			Forfeit{Lost: true, White: true}, `White ran out of time and the game was drawn (Termination "Game drawn by timeout vs insufficient material")`, true},
		{"the tag says otherwise", []string{"Termination", "Normal"}, "0-1", "e4 0:00:00 | e5 0:00:30",
			Forfeit{}, "", false},
		{"resignation", []string{"Termination", "MagnusCarlsen won by resignation"}, "1-0", "e4 | e5",
			Forfeit{}, "", false},
		// White's flag fell at move 31 and White played on (the clock
		// grew by no more than the increments since): the game ended later
		// on time with Black to move, and that is Black's flag.
		{"drawn on time after a flag play passed over", []string{"Termination", "Time forfeit", "TimeControl", "180+2"}, "1/2-1/2",
			"Kg2 0:00:05 | Kg7 0:00:30 | Kh3 0:00:01 | Kh7 0:00:29 | Kg2 0:00:02 | Kg7 0:00:28 | Kh3 0:00:03",
			Forfeit{Lost: true, White: false}, `Black ran out of time and the game was drawn (Termination "Time forfeit")`, true},
		// The same fall as White's last reading still names White.
		{"drawn on time, the flag on the side's last reading", []string{"Termination", "Time forfeit", "TimeControl", "180+2"}, "1/2-1/2",
			"Kg2 0:00:05 | Kg7 0:00:30 | Kh3 0:00:01 | Kh7 0:00:29",
			Forfeit{Lost: true, White: true}, `White ran out of time and the game was drawn (Termination "Time forfeit")`, true},
		{"a player's name holds a time word", []string{"White", "TimeoutKing", "Termination", "TimeoutKing won by resignation"}, "1-0", "e4 0:00:30 | e5 0:00:00",
			Forfeit{}, "", false},
		{"the bare word", []string{"Termination", "time"}, "1-0", "e4 | e5",
			Forfeit{Lost: true, White: false}, `Black lost on time (Termination "time")`, true},

		// No telling tag: the clocks speak.
		{"loser's clock at zero", nil, "0-1", "Kg2 0:00:00",
			Forfeit{Lost: true, White: true, FromClock: true}, "White lost on time: the clock reads 0:00:00 after move 30, the last move, and the game is scored 0-1", false},
		{"loser at zero, then mated", nil, "0-1", "Kg2 0:00:00 | Qg1# 0:00:30", Forfeit{}, "", false},
		{"unterminated and zero", []string{"Termination", "unterminated"}, "1-0", "Kg2 0:00:30 | Kg7 0:00:00",
			Forfeit{Lost: true, White: false, FromClock: true}, "Black lost on time: the clock reads 0:00:00 after move 30, the last move, and the game is scored 1-0", false},
		{"loser's clock not at zero", nil, "0-1", "Kg2 0:00:03 | Qg1# 0:00:30", Forfeit{}, "", false},
		// A fall on the loser's last move counts though another, which
		// play passed over, came first.
		{"fall on the last move after an earlier one", []string{"TimeControl", "180+2"}, "1-0",
			"Kg2 0:00:05 | Kg7 0:00:30 | Kh3 0:00:01 | Kh7 0:00:29 | Kg2 0:00:02 | Kg7 0:00:01",
			Forfeit{Lost: true, White: false, FromClock: true}, "Black lost on time: the clock reads 0:00:01 after move 32, the last move, and the game is scored 1-0", false},
		{"in time on the last move after an earlier fall", []string{"TimeControl", "180+2"}, "1-0",
			"Kg2 0:00:05 | Kg7 0:00:30 | Kh3 0:00:01 | Kh7 0:00:29 | Kg2 0:00:02 | Kg7 0:00:03", Forfeit{}, "", false},
		{"winner at zero", nil, "1-0", "Qh7# 0:00:00", Forfeit{}, "", false},
		{"draw with a clock at zero", nil, "1/2-1/2", "Kg2 0:00:00 | Kg7 0:00:30", Forfeit{}, "", false},
		{"no clocks", nil, "1-0", "e4 | e5", Forfeit{}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// A case's own White or Black comes first, and the first of two stands.
			g := testGame(t, append(append([]string(nil), tt.tags...), players...), tt.result, tt.line)
			var tags Tags
			ReadTags(g, &tags, nil)
			c := checkClocks(g, &tags.TimeControl, ClockStart{MoveNumber: 30}, mainLine(g))
			f, fs := DetectForfeit(&tags, tt.result, &c, nil)
			if f != tt.want {
				t.Errorf("forfeit %+v, want %+v", f, tt.want)
			}
			if tt.message == "" {
				if len(fs) != 0 {
					t.Errorf("unexpected %+v", fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Code != TimeForfeit || fs[0].Severity != Info || fs[0].Message != tt.message {
				t.Fatalf("got %+v\nwant time-forfeit %q", fs, tt.message)
			}
			if tt.tagPos && (fs[0].Pos != tags.TerminationPos || fs[0].Ply != -1) {
				t.Errorf("finding at %+v ply %d, want the Termination tag %+v", fs[0].Pos, fs[0].Ply, tags.TerminationPos)
			}
			if !tt.tagPos {
				last := c.sides[0]
				if tt.want.White == false {
					last = c.sides[1]
				}
				if fs[0].Pos != g.Moves[last.readingIdx].Pos || fs[0].Ply != last.readingPly || fs[0].Move == "" {
					t.Errorf("finding at %+v ply %d move %q, want the loser's last move", fs[0].Pos, fs[0].Ply, fs[0].Move)
				}
			}
		})
	}
}

func TestTimeoutVerdict(t *testing.T) {
	at := parser.Pos{Line: 7, Col: 1}
	whiteFlagged := Forfeit{Lost: true, White: true}
	answer := func(can, sure bool) func(bool) (bool, bool) {
		return func(white bool) (bool, bool) {
			if white {
				t.Errorf("CanMate asked about White; the winner is Black")
			}
			return can, sure
		}
	}
	bare := func(b bool) func(bool) bool { return func(bool) bool { return b } }
	tests := []struct {
		name    string
		p       Profile
		f       Forfeit
		result  string
		fp      FinalPosition
		code    Code
		sev     Severity
		message string
	}{
		{"fide cannot mate", FIDE, whiteFlagged, "0-1", FinalPosition{CanMate: answer(false, true)}, TimeoutInsufficientMaterial, Error,
			"White lost on time but Black could not mate by any legal series of moves (FIDE 6.9): the result must be 1/2-1/2, not 0-1"},
		{"fide probably cannot mate", FIDE2009, whiteFlagged, "0-1", FinalPosition{CanMate: answer(false, false)}, TimeoutInsufficientMaterial, Warning,
			"White lost on time but Black could probably not mate by any legal series of moves (FIDE Laws of 2009, 6.9): the result should likely be 1/2-1/2, not 0-1"},
		{"fide can mate", FIDE, whiteFlagged, "0-1", FinalPosition{CanMate: answer(true, true)}, "", 0, ""},
		{"fide draw though mate possible", FIDE, whiteFlagged, "1/2-1/2", FinalPosition{CanMate: answer(true, true)}, WrongResult, Error,
			"White ran out of time while Black could still mate (FIDE 6.9): the result is 0-1, not 1/2-1/2"},
		{"fide draw, mate only probable", FIDE, whiteFlagged, "1/2-1/2", FinalPosition{CanMate: answer(true, false)}, "", 0, ""},
		{"fide draw, cannot mate", FIDE, whiteFlagged, "1/2-1/2", FinalPosition{CanMate: answer(false, true)}, "", 0, ""},
		// A draw on time with either side's flag possible is wrong only when
		// both readings make it so.
		{"fide draw, either flag, the other winner cannot mate", FIDE, Forfeit{Lost: true, White: true, Either: true}, "1/2-1/2",
			FinalPosition{CanMate: func(white bool) (bool, bool) { return !white, true }}, "", 0, ""},
		{"fide draw, either flag, the other winner probably cannot mate", FIDE, Forfeit{Lost: true, White: true, Either: true}, "1/2-1/2",
			FinalPosition{CanMate: func(white bool) (bool, bool) { return !white, white }}, "", 0, ""},
		{"fide draw, either flag, both can mate", FIDE, Forfeit{Lost: true, White: true, Either: true}, "1/2-1/2",
			FinalPosition{CanMate: func(bool) (bool, bool) { return true, true }}, WrongResult, Error,
			"White ran out of time while Black could still mate (FIDE 6.9): the result is 0-1, not 1/2-1/2"},
		{"ussr draw, either flag, the other winner has a bare king", USSR, Forfeit{Lost: true, White: true, Either: true}, "1/2-1/2",
			FinalPosition{BareKing: func(white bool) bool { return white }}, "", 0, ""},
		{"ussr draw, either flag, neither bare", USSR, Forfeit{Lost: true, White: true, Either: true}, "1/2-1/2",
			FinalPosition{BareKing: bare(false)}, WrongResult, Error,
			"White ran out of time while Black has more than a bare king (Soviet Code: a flag loses unless the opponent has a bare king): the result is 0-1, not 1/2-1/2"},
		// Under the Soviet Code the flag loses to a knight that could never
		// mate a queen: the message says what the Code looks at, not a mate.
		{"ussr draw, the winner cannot mate but is no bare king", USSR, whiteFlagged, "1/2-1/2",
			FinalPosition{BareKing: bare(false), CanMate: answer(false, true)}, WrongResult, Error,
			"White ran out of time while Black has more than a bare king (Soviet Code: a flag loses unless the opponent has a bare king): the result is 0-1, not 1/2-1/2"},
		{"ussr draw against a bare king", USSR, whiteFlagged, "1/2-1/2", FinalPosition{BareKing: bare(true), CanMate: answer(true, true)}, "", 0, ""},
		{"ussr bare king", USSR, whiteFlagged, "0-1", FinalPosition{BareKing: bare(true), CanMate: answer(true, true)}, TimeoutInsufficientMaterial, Error,
			"White lost on time but Black has a bare king (Soviet Code: a flag loses unless the opponent has a bare king): the result must be 1/2-1/2, not 0-1"},
		{"ussr knight left wins", USSR, whiteFlagged, "0-1", FinalPosition{BareKing: bare(false), CanMate: answer(false, true)}, "", 0, ""},
		{"no forfeit", FIDE, Forfeit{}, "0-1", FinalPosition{CanMate: answer(false, true)}, "", 0, ""},
		{"no board", FIDE, whiteFlagged, "0-1", FinalPosition{}, "", 0, ""},
		{"result for the flagged side", FIDE, whiteFlagged, "1-0", FinalPosition{CanMate: answer(false, true)}, "", 0, ""},
	}
	for _, tt := range tests {
		f, ok := TimeoutVerdict(tt.p, tt.f, tt.result, at, tt.fp)
		if tt.code == "" {
			if ok {
				t.Errorf("%s: unexpected %+v", tt.name, f)
			}
			continue
		}
		if !ok || f.Code != tt.code || f.Severity != tt.sev || f.Message != tt.message || f.Pos != at {
			t.Errorf("%s: got %v %+v\nwant %s %v %q", tt.name, ok, f, tt.code, tt.sev, tt.message)
		}
	}
}

func TestFillTime(t *testing.T) {
	g := testGame(t, []string{"TimeControl", "180+2", "Termination", "Time forfeit"}, "1-0", "e4 3:00 | e5 3:00 | Nf3 2:55 | Nc6 0:00:00.5")
	var tags Tags
	ReadTags(g, &tags, nil)
	c := checkClocks(g, &tags.TimeControl, ClockStart{}, mainLine(g))
	f, _ := DetectForfeit(&tags, "1-0", &c, nil)
	r := Report{LastClockWhite: -1, LastClockBlack: -1}
	FillTime(&r, &tags, &c, f)
	if r.TimeControl != "180+2" || r.TimeCategory != "blitz" || r.ClockCount != 4 || r.LastClockWhite != 175000 ||
		r.LastClockBlack != 500 || !r.TimeForfeit {
		t.Errorf("report time fields %+v", r)
	}
}

// TestWrongTermination: a Termination of time forfeit on a game that
// checkmate or stalemate ended is wrong-termination, and the game is not
// lost on time; a flag in a dead position, a forfeit the board did not end,
// and a mate with another Termination stay as they were.
func TestWrongTermination(t *testing.T) {
	mate := "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
	tests := []struct {
		name, result, termination, fen, moves string
		want, message                         string
		forfeit                               bool
	}{
		{"mate", "1-0", "Time forfeit", "", mate, "wrong-termination@-1",
			`Termination "Time forfeit" says a flag decided the game, but checkmate after 4.Qxf7# ended it, and checkmate ends a game at once (FIDE 5.1.1)`, false},
		{"chess.com mate", "1-0", "A won on time", "", mate, "wrong-termination@-1",
			`Termination "A won on time" says a flag decided the game, but checkmate after 4.Qxf7# ended it, and checkmate ends a game at once (FIDE 5.1.1)`, false},
		{"stalemate", "1/2-1/2", "Time forfeit", "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "1. Qc7", "wrong-termination@-1",
			`Termination "Time forfeit" says a flag decided the game, but stalemate after 1.Qc7 ended it, and stalemate ends a game at once (FIDE 5.2.1)`, false},
		{"no end on the board", "1-0", "Time forfeit", "", "1. e4 e5 2. Qh5 Nc6", "time-forfeit@-1", "Black lost on time (Termination \"Time forfeit\")", true},
		{"mate, normal", "1-0", "Normal", "", mate, "", "", false},
		// The clock of the side scored as lost reads zero after its mating
		// move: the result is wrong, and no flag decided the game.
		{"mate, clock at zero", "0-1", "", "", "1. e4 {[%clk 0:01:00]} e5 {[%clk 0:01:00]} 2. Qh5 {[%clk 0:00:40]} Nc6 {[%clk 0:00:50]} " +
			"3. Bc4 {[%clk 0:00:20]} Nf6 {[%clk 0:00:40]} 4. Qxf7# {[%clk 0:00:00]}", "wrong-result@-1", "", false},
		// lichess's "Insufficient material" is a draw claimed by a player
		// whose opponent has no mating material (here Black, with the rook,
		// against the lone bishop): no flag fell, and the position need not
		// be dead, so neither the time verdict nor the board's has a say.
		{"lichess's claim against a lone bishop", "1/2-1/2", "Insufficient material", "2k5/4r3/2K4B/8/8/8/8/8 b - - 0 53", "53... Rf7", "", "", false},
		{"dead position drawn on time", "1/2-1/2", "Time forfeit", "8/8/8/4k3/8/8/3K4/2B1n3 w - - 0 1", "1. Kxe1",
			"time-forfeit@-1", "Black ran out of time and the game was drawn (Termination \"Time forfeit\")", true},
	}
	for _, tt := range tests {
		extra := []string{"TimeControl 60"}
		if tt.termination != "" {
			extra = append(extra, "Termination "+tt.termination)
		}
		if tt.fen != "" {
			extra = append(extra, "SetUp 1", "FEN "+tt.fen)
		}
		r := checkOne(t, pgn(tt.result, extra, tt.moves+" "+tt.result), &Options{})
		wantEnd(t, tt.name, r, tt.want, tt.message, tt.forfeit)
	}
}

// wantEnd asserts a game's findings (as "code@ply"), the message of the
// first ("" for any) and whether the game counts as lost on time, and says
// whether the findings were those wanted.
func wantEnd(t *testing.T, name string, r Report, want, message string, forfeit bool) bool {
	t.Helper()
	if g := got(r); g != want {
		t.Errorf("%s: findings %q, want %q", name, g, want)
		return false
	}
	if message != "" && r.Findings[0].Message != message {
		t.Errorf("%s: message %q\nwant %q", name, r.Findings[0].Message, message)
	}
	if r.TimeForfeit != forfeit {
		t.Errorf("%s: TimeForfeit %v, want %v", name, r.TimeForfeit, forfeit)
	}
	return true
}

// TestWrongResultAtRecordedResult: wrong-result points where the result it
// judges is written: the Result tag when readable, else the marker.
func TestWrongResultAtRecordedResult(t *testing.T) {
	for _, tt := range []struct {
		tag  string
		line int64
	}{{"1-0", 7}, {"?", 9}} {
		r := checkOne(t, pgn(tt.tag, nil, "1. f3 e5 2. g4 Qh4# 1-0"), &Options{})
		f := find(r, WrongResult)
		if f == nil || f.Pos.Line != tt.line {
			t.Errorf("Result %q: wrong-result %+v, want it on line %d", tt.tag, f, tt.line)
		}
	}
}

// TestDrawnOnTimeAfterPassedFlag: a game drawn on time with Black to move
// and only White's bare king against Black's queen is scored right. White's
// flag, which fell earlier and which White played on after, is not the one
// that ended the game: judging it so made the draw a wrong-result (Black
// "could still mate"). When the last flag is White's, the draw is wrong.
func TestDrawnOnTimeAfterPassedFlag(t *testing.T) {
	extra := []string{"TimeControl 180+2", "Termination Time forfeit", "SetUp 1", "FEN 4k3/8/8/8/8/8/q7/7K w - - 0 60"}
	for _, tt := range []struct{ name, moves, want string }{
		{"white played on after its flag", "60. Kg1 {[%clk 0:00:05]} Kd8 {[%clk 0:00:30]} 61. Kh1 {[%clk 0:00:01]} Ke8 {[%clk 0:00:29]} " +
			"62. Kg1 {[%clk 0:00:02]} Kd8 {[%clk 0:00:28]} 63. Kh1 {[%clk 0:00:03]} 1/2-1/2",
			"time-forfeit@-1 flag-fall-unclaimed@3 threefold-claimable@7"},
		{"no flag before the end", "60. Kg1 {[%clk 0:00:05]} Kd8 {[%clk 0:00:30]} 61. Kh1 {[%clk 0:00:04]} Ke8 {[%clk 0:00:29]} " +
			"62. Kg1 {[%clk 0:00:05]} Kd8 {[%clk 0:00:28]} 63. Kh1 {[%clk 0:00:06]} 1/2-1/2",
			"time-forfeit@-1 threefold-claimable@7"},
		{"white's flag on its last reading", "60. Kg1 {[%clk 0:00:05]} Kd8 {[%clk 0:00:30]} 61. Kh1 {[%clk 0:00:01]} Ke8 {[%clk 0:00:29]} 1/2-1/2",
			"wrong-result@-1 time-forfeit@-1 flag-fall-unclaimed@3"},
	} {
		r := checkOne(t, pgn("1/2-1/2", extra, tt.moves), &Options{})
		if g := got(r); g != tt.want {
			t.Errorf("%s: findings %q, want %q", tt.name, g, tt.want)
		}
	}
}

// TestDrawnOnTimeEitherFlag: sudden death, White's queen against Black's bare
// king, drawn on time with Black to move and White's clock at 0:00:00 after
// the last move. Black's flag would make the draw wrong, White's makes it
// right, and the zero proves neither: no wrong-result. A clock above zero
// leaves only Black's flag, and the draw is wrong.
func TestDrawnOnTimeEitherFlag(t *testing.T) {
	extra := []string{"TimeControl 300", "Termination Time forfeit", "SetUp 1", "FEN 4k3/8/8/8/8/8/Q7/7K w - - 0 60"}
	for _, tt := range []struct{ name, last, want, message string }{
		{"white's clock at zero", "0:00:00", "time-forfeit@-1",
			`Black (to move) or White (whose clock reads 0:00:00 after the last move) ran out of time and the game was drawn (Termination "Time forfeit")`},
		{"white's clock above zero", "0:00:01", "wrong-result@-1 time-forfeit@-1",
			`Black ran out of time and the game was drawn (Termination "Time forfeit")`},
	} {
		r := checkOne(t, pgn("1/2-1/2", extra, "60. Kg1 {[%clk 0:00:20]} Kd8 {[%clk 0:00:30]} 61. Kh1 {[%clk "+tt.last+"]} 1/2-1/2"), &Options{})
		if g := got(r); g != tt.want {
			t.Errorf("%s: findings %q, want %q", tt.name, g, tt.want)
		}
		if f := find(r, TimeForfeit); f == nil || f.Message != tt.message {
			t.Errorf("%s: time-forfeit %+v\nwant %q", tt.name, f, tt.message)
		}
	}
	// A queen each: whichever flag it was, the winner could mate.
	r := checkOne(t, pgn("1/2-1/2", []string{"TimeControl 300", "Termination Time forfeit", "SetUp 1", "FEN q3k3/8/8/8/8/8/Q7/7K w - - 0 60"},
		"60. Kg1 {[%clk 0:00:20]} Kd8 {[%clk 0:00:30]} 61. Kf1 {[%clk 0:00:00]} 1/2-1/2"), &Options{})
	if g := got(r); g != "wrong-result@-1 time-forfeit@-1" {
		t.Errorf("a queen each: findings %q, want %q", g, "wrong-result@-1 time-forfeit@-1")
	}
}

// TestCommentForfeit: without a Termination tag, the comment after the last
// move says a flag fell as the FICS and ICC databases write it; the win on
// time is then judged against the board like any other. A comment on an
// earlier move, one naming both sides, one the result contradicts, or a
// Termination that says otherwise, is no forfeit.
func TestCommentForfeit(t *testing.T) {
	for _, c := range []struct {
		name, extra, moves string
		result             string
		want               string // the findings: code@ply severity: message
	}{
		{"White forfeits", "", "1. e4 e5 2. Nf3 Nc6 {White forfeits on time}", "0-1",
			`time-forfeit@4 info: White lost on time (the comment after the last move: "White forfeits on time")`},
		{"Black ran out of time, drawn", "", "1. e4 e5 2. Nf3 Nc6 3. Bb5 {Black ran out of time and White has no material to mate}", "1/2-1/2",
			`wrong-result@-1 error: Black ran out of time while White could still mate (FIDE 6.9): the result is 1-0, not 1/2-1/2` + "\n" +
				`time-forfeit@5 info: Black ran out of time and the game was drawn (the comment after the last move: "Black ran out of time and White has no material to mate")`},
		{"a win no one could make", "SetUp|1|FEN|8/8/8/4k3/8/8/3K4/7q w - - 0 60", "60. Kc2 {Black forfeits on time}", "1-0",
			`timeout-insufficient-material@-1 error: Black lost on time but White could not mate by any legal series of moves (FIDE 6.9): the result must be 1/2-1/2, not 1-0` + "\n" +
				`time-forfeit@1 info: Black lost on time (the comment after the last move: "Black forfeits on time")`},
		{"an earlier move's comment", "", "1. e4 e5 {White forfeits on time} 2. Nf3 Nc6", "0-1", ""},
		{"both sides", "", "1. e4 e5 2. Nf3 Nc6 {Both players ran out of time: White ran out of time, Black ran out of time}", "1/2-1/2", ""},
		{"the result says otherwise", "", "1. e4 e5 2. Nf3 Nc6 {White forfeits on time}", "1-0", ""},
		{"a Termination says otherwise", "Termination|normal", "1. e4 e5 2. Nf3 Nc6 {White forfeits on time}", "0-1", ""},
		{"another forfeit", "", "1. e4 e5 2. Nf3 Nc6 {White forfeits by disconnection}", "0-1", ""},
		// A FICS server's log names the player (pgn's Black is "B").
		{"the player's name", "", "1. e4 e5 2. Nf3 Nc6 {Game 457 (A vs. B) B forfeits on time}", "1-0",
			`time-forfeit@4 info: Black lost on time (the comment after the last move: "Game 457 (A vs. B) B forfeits on time")`},
		{"another player's name", "", "1. e4 e5 2. Nf3 Nc6 {Game 457 (C vs. D) D forfeits on time}", "1-0", ""},
		// A Russian scoresheet's words, which the parser reads as the result.
		{"Russian", "", "1. e4 e5 2. Nf3 Nc6 {Чёрные просрочили время}", "1-0",
			`time-forfeit@4 info: Black lost on time (the comment after the last move: "Чёрные просрочили время")`},
		{"Russian, White", "", "1. e4 e5 2. Nf3 Nc6 {белые просрочили время.}", "0-1",
			`time-forfeit@4 info: White lost on time (the comment after the last move: "белые просрочили время.")`},
		{"Russian, the result says otherwise", "", "1. e4 e5 2. Nf3 Nc6 {Черные просрочили время}", "0-1", ""},
		{"Russian, no side", "", "1. e4 e5 2. Nf3 Nc6 {просрочили время}", "1-0", ""},
	} {
		var extra []string
		if c.extra != "" {
			parts := strings.Split(c.extra, "|")
			for i := 0; i+1 < len(parts); i += 2 {
				extra = append(extra, parts[i]+" "+parts[i+1])
			}
		}
		r := checkOne(t, pgn(c.result, extra, c.moves+" "+c.result), nil)
		var got []string
		for _, f := range r.Findings {
			if f.Code == TimeForfeit || f.Code == WrongResult || f.Code == TimeoutInsufficientMaterial {
				got = append(got, fmt.Sprintf("%s@%d %s: %s", f.Code, f.Ply, f.Severity, f.Message))
			}
		}
		if g := strings.Join(got, "\n"); g != c.want {
			t.Errorf("%s: findings\n%s\nwant\n%s", c.name, g, c.want)
		}
		if r.TimeForfeit != (c.want != "") {
			t.Errorf("%s: time_forfeit %v", c.name, r.TimeForfeit)
		}
	}
}

// TestTerminationAgainstResult: a Termination that names the winner on time
// the result scores as the loser is wrong-termination; the forfeit follows
// the result. The same name agreeing with the result is none.
func TestTerminationAgainstResult(t *testing.T) {
	players := []string{"White", "Alice", "Black", "Bob"}
	for _, c := range []struct {
		termination, result string
		want                Forfeit
		wrong               string
	}{
		{"Alice won on time", "0-1", Forfeit{Lost: true, White: true}, `Termination "Alice won on time" says White won on time, but the game is scored 0-1`},
		{"Bob lost on time", "0-1", Forfeit{Lost: true, White: true}, `Termination "Bob lost on time" says Black lost on time, but the game is scored 0-1`},
		{"Alice won on time", "1-0", Forfeit{Lost: true, White: false}, ""},
		{"Bob won on time", "0-1", Forfeit{Lost: true, White: true}, ""},
		{"Alice won on time", "1/2-1/2", Forfeit{Lost: true, White: false}, ""},
	} {
		g := testGame(t, append([]string{"Termination", c.termination}, players...), c.result, "e4 | e5")
		var tags Tags
		ReadTags(g, &tags, nil)
		clocks := checkClocks(g, &tags.TimeControl, ClockStart{}, mainLine(g))
		f, fs := DetectForfeit(&tags, c.result, &clocks, nil)
		if f != c.want {
			t.Errorf("%q %s: forfeit %+v, want %+v", c.termination, c.result, f, c.want)
		}
		var wrong []string
		for _, x := range fs {
			if x.Code == WrongTermination {
				wrong = append(wrong, x.Message)
				if x.Pos != tags.TerminationPos || x.Severity != Warning {
					t.Errorf("%q: at %+v, %v", c.termination, x.Pos, x.Severity)
				}
			}
		}
		if strings.Join(wrong, "\n") != c.wrong {
			t.Errorf("%q %s: wrong-termination %q, want %q", c.termination, c.result, wrong, c.wrong)
		}
	}
}

// TestICCResult: ICC's ICCResult is read as the Termination where there is
// none: its time forfeits name the side whose flag fell and are judged like
// any forfeit, and its checkmates, stalemates and repetitions are held
// against the board, as a chess.com Termination's are.
func TestICCResult(t *testing.T) {
	mate := "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
	rep := "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"
	bareKing := "8/8/4k3/8/8/8/3K4/7q w - - 0 1"
	tests := []struct {
		name, result string
		tags         []string
		fen, moves   string
		want         string // the findings as "code@ply", each ply -1 here
		message      string // of the first
		forfeit      bool
	}{
		{"forfeit", "0-1", []string{"ICCResult White forfeits on time"}, "", "1. e4 e5", "time-forfeit@-1",
			`White lost on time (ICCResult "White forfeits on time")`, true},
		{"forfeit against the score", "1-0", []string{"ICCResult White forfeits on time"}, "", "1. e4 e5", "wrong-termination@-1 time-forfeit@-1",
			`ICCResult "White forfeits on time" says White lost on time, but the game is scored 1-0`, true},
		{"drawn on time, named side", "1/2-1/2", []string{"ICCResult Black ran out of time and White has no material to mate"}, bareKing,
			"1. Ke2 Ke5", "time-forfeit@-1",
			`Black ran out of time and the game was drawn (ICCResult "Black ran out of time and White has no material to mate")`, true},
		{"both flags", "1/2-1/2", []string{"ICCResult Game drawn because both players ran out of time"}, "", "1. e4 e5", "", "", false},
		{"Termination first", "0-1", []string{"ICCResult White forfeits on time", "Termination Normal"}, "", "1. e4 e5", "", "", false},
		{"mate", "1-0", []string{"ICCResult Black checkmated"}, "", mate, "", "", false},
		{"mate of the other side", "1-0", []string{"ICCResult White checkmated"}, "", mate, "wrong-termination@-1",
			`ICCResult "White checkmated" says White was checkmated, but it is Black who is checkmated after 4.Qxf7#`, false},
		{"no mate", "1-0", []string{"ICCResult Black checkmated"}, "", "1. e4 e5 2. Qh5 Nc6", "wrong-termination@-1",
			`ICCResult "Black checkmated" says checkmate ended the game, but there is no checkmate on the board after 2...Nc6, the last move`, false},
		{"chess.com mate", "1-0", []string{"Termination A won by checkmate"}, "", mate, "", "", false},
		{"chess.com mate of the winner", "1-0", []string{"Termination B won by checkmate"}, "", mate, "wrong-termination@-1",
			`Termination "B won by checkmate" says White was checkmated, but it is Black who is checkmated after 4.Qxf7#`, false},
		{"stalemate", "1/2-1/2", []string{"ICCResult Game drawn by stalemate"}, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "1. Qc7", "", "", false},
		{"no stalemate", "1/2-1/2", []string{"ICCResult Game drawn by stalemate"}, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "1. Qc6+", "wrong-termination@-1",
			`ICCResult "Game drawn by stalemate" says stalemate ended the game, but there is no stalemate on the board after 1.Qc6+, the last move`, false},
		{"stalemate, but mate", "1-0", []string{"ICCResult Game drawn by stalemate"}, "", mate, "wrong-termination@-1",
			`ICCResult "Game drawn by stalemate" says stalemate ended the game, but checkmate after 4.Qxf7# ended it`, false},
		{"repetition", "1/2-1/2", []string{"ICCResult Game drawn by repetition"}, "", rep, "threefold-claimable@7", "", false},
		{"no repetition", "1/2-1/2", []string{"ICCResult Game drawn by repetition"}, "", "1. e4 e5", "wrong-termination@-1",
			`ICCResult "Game drawn by repetition" says the game was drawn by repetition, but no position occurred three times, nor could a move make one do so (FIDE 9.2)`, false},
		{"no 50 moves", "1/2-1/2", []string{"ICCResult Game drawn by the 50 move rule"}, "", "1. e4 e5", "wrong-termination@-1",
			`ICCResult "Game drawn by the 50 move rule" says the game was drawn by the 50-move rule, but no 50 moves passed without a capture or a pawn move (FIDE 9.3)`, false},
		{"a puzzle's mate in 3", "1-0", []string{"Termination mate in 3"}, "", "1. e4 e5", "", "", false},
	}
	for _, tt := range tests {
		extra := tt.tags
		if tt.fen != "" {
			extra = append(extra, "SetUp 1", "FEN "+tt.fen)
		}
		r := checkOne(t, pgn(tt.result, extra, tt.moves+" "+tt.result), &Options{})
		if wantEnd(t, tt.name, r, tt.want, tt.message, tt.forfeit) && tt.want != "" && r.Findings[0].Ply == -1 && r.Findings[0].Pos.Line != 8 {
			t.Errorf("%s: at line %d, want the tag's, 8", tt.name, r.Findings[0].Pos.Line)
		}
	}
	// The report's termination, the games table's: the tag read.
	for _, tt := range []struct {
		tags []string
		want string
	}{
		{[]string{"ICCResult White resigns"}, "White resigns"},
		{[]string{"ICCResult White resigns", "Termination Normal"}, "Normal"},
		{nil, ""},
	} {
		if r := checkOne(t, pgn("0-1", tt.tags, "1. e4 e5 0-1"), &Options{}); r.Termination != tt.want {
			t.Errorf("%q: termination %q, want %q", tt.tags, r.Termination, tt.want)
		}
	}
}

// TestServerEndComment: without a Termination or ICCResult, the FICS games
// database's sentence after the last move is held against the board, as the
// tag would be, at that move; only the whole comment in the server's words,
// not an annotator's.
func TestServerEndComment(t *testing.T) {
	mate := "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#"
	for _, tt := range []struct {
		name, result, moves, want, message string
	}{
		{"mate", "1-0", mate + " {Black checkmated}", "", ""},
		{"no mate", "1-0", "1. e4 e5 2. Qh5 Nc6 { black checkmated }", "wrong-termination@4",
			`the comment after the last move, "black checkmated", says checkmate ended the game, but there is no checkmate on the board after 2...Nc6, the last move`},
		{"no repetition", "1/2-1/2", "1. e4 e5 {Game drawn by repetition}", "wrong-termination@2",
			`the comment after the last move, "Game drawn by repetition", says the game was drawn by repetition, but no position occurred three times, nor could a move make one do so (FIDE 9.2)`},
		{"an annotator's words", "1-0", "1. e4 e5 2. Qh5 Nc6 {Black checkmated in two}", "", ""},
		{"a comment on an earlier move", "1-0", "1. e4 e5 {Black checkmated} 2. Qh5 Nc6", "", ""},
	} {
		r := checkOne(t, pgn(tt.result, nil, tt.moves+" "+tt.result), &Options{})
		if wantEnd(t, tt.name, r, tt.want, tt.message, false) && tt.want != "" && r.Findings[0].Move == "" {
			t.Errorf("%s: at no move, want the last", tt.name)
		}
	}
}

// TestTimeFactsWithoutClocks: a game with no clock reading, no Termination
// and no comment after its last move, which checkTime answers without the
// clock checker, has the tag's time control and category, no clock and no
// loss on time; a Termination, that comment or a clock reading each make
// it lost on time, as the clock checker finds.
func TestTimeFactsWithoutClocks(t *testing.T) {
	const moves = "1. e4 e5 2. Nf3 Nc6"
	for _, c := range []struct {
		name    string
		extra   []string
		moves   string
		forfeit bool
		clocks  int
		white   int64 // LastClockWhite
	}{
		{"no clocks", nil, moves, false, 0, -1},
		{"a comment on an earlier move", nil, "1. e4 e5 {White forfeits on time} 2. Nf3 Nc6", false, 0, -1},
		{"a Termination", []string{"Termination Time forfeit"}, moves, true, 0, -1},
		{"a comment after the last move", nil, moves + " {White forfeits on time}", true, 0, -1},
		{"a clock", nil, moves + " 3. Bb5 {[%clk 0:00:00]}", true, 1, 0},
	} {
		r := checkOne(t, pgn("0-1", append([]string{"TimeControl 300+2"}, c.extra...), c.moves+" 0-1"), nil)
		if r.TimeControl != "300+2" || r.TimeCategory != "blitz" || r.TimeForfeit != c.forfeit || r.ClockCount != c.clocks ||
			r.LastClockWhite != c.white || r.LastClockBlack != -1 {
			t.Errorf("%s: time facts %q %q, forfeit %v, %d clocks, last %d and %d", c.name, r.TimeControl, r.TimeCategory,
				r.TimeForfeit, r.ClockCount, r.LastClockWhite, r.LastClockBlack)
		}
		forfeits := 0
		for _, f := range r.Findings {
			if f.Code == TimeForfeit {
				forfeits++
			}
		}
		if (forfeits == 1) != c.forfeit || forfeits > 1 {
			t.Errorf("%s: %d time-forfeit findings: %v", c.name, forfeits, r.Findings)
		}
	}
}
