package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestProfilesDiffer holds each rule the profiles of RULES.md apply
// differently to its profile: the same game under fide, fide2009 and ussr,
// with every finding's code, severity, ply and message.
func TestProfilesDiffer(t *testing.T) {
	fen := func(f string) []string { return []string{"SetUp 1", "FEN " + f} }
	onTime := func(f string) []string { return append(fen(f), "Termination Time forfeit") }
	const (
		claim50   = "fifty-move-claimable info @0: White could claim a draw by the 50-move rule (FIDE 9.3) in the start position"
		claim2009 = "fifty-move-claimable info @0: White could claim a draw by the 50-move rule (FIDE Laws of 2009, 9.3) in the start position"
		claimUSSR = "fifty-move-claimable info @0: White could claim a draw by the 50-move rule of the Soviet Code in the start position"
	)
	// The messages that cite a rule cite the article of the profile's rule
	// book: the Laws of 2009 letter their paragraphs, the Soviet Code names
	// no article by number.
	const (
		dead  = "8/8/8/4k3/8/2b5/3n1B1K/2B5 w - - 0 1" // 1.Bxd2 leaves bishops of one colour: dead
		mate  = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"
		stale = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1" // 1.Qc7 stalemates
	)
	deadDecisive := func(at string) string {
		return "wrong-result error @-1: the game was drawn by a dead position (" + at + ") after 1.Bxd2, but it is scored 0-1, not 1/2-1/2; " +
			"moves-after-end error @2: the game ended by a dead position (" + at + ") after 1.Bxd2, but 3 moves more follow"
	}
	deadDrawn := func(at string) string {
		return "moves-after-end warning @2: the game ended by a dead position (" + at + ") after 1.Bxd2, but 3 moves more follow: the game is scored 1/2-1/2, " +
			"the draw the dead position gives, and the moves after it change nothing (a dead position is often played on before the players see it)"
	}
	flagAfter := func(end, at string) string {
		return `wrong-termination warning @-1: Termination "Time forfeit" says a flag decided the game, but ` + end + " ended it, and " +
			strings.Fields(end)[0] + " ends a game at once (" + at + ")"
	}
	noRepetition := func(at string) string {
		return `wrong-termination warning @-1: ICCResult "Game drawn by repetition" says the game was drawn by repetition, ` +
			"but no position occurred three times, nor could a move make one do so (" + at + ")"
	}
	noFifty := func(at string) string {
		return `wrong-termination warning @-1: ICCResult "Game drawn by the 50 move rule" says the game was drawn by the 50-move rule, ` +
			"but no 50 moves passed without a capture or a pawn move (" + at + ")"
	}
	for _, c := range []struct {
		name, text           string
		fide, fide2009, ussr string
	}{
		{"dead position, scored decisive", pgn("0-1", fen(dead), "1. Bxd2 Bxd2 2. Kg2 Kd5 0-1"),
			deadDecisive("FIDE 5.2.2"), deadDecisive("FIDE Laws of 2009, 5.2b"), deadDecisive("the Soviet Code")},
		{"dead position, drawn", pgn("1/2-1/2", fen(dead), "1. Bxd2 Bxd2 2. Kg2 Kd5 1/2-1/2"),
			deadDrawn("FIDE 5.2.2"), deadDrawn("FIDE Laws of 2009, 5.2b"), deadDrawn("the Soviet Code")},
		{"mate said a flag", pgn("1-0", []string{"Termination Time forfeit"}, mate),
			flagAfter("checkmate after 4.Qxf7#", "FIDE 5.1.1"), flagAfter("checkmate after 4.Qxf7#", "FIDE Laws of 2009, 5.1a"),
			flagAfter("checkmate after 4.Qxf7#", "the Soviet Code")},
		{"stalemate said a flag", pgn("1/2-1/2", append(fen(stale), "Termination Time forfeit"), "1. Qc7 1/2-1/2"),
			flagAfter("stalemate after 1.Qc7", "FIDE 5.2.1"), flagAfter("stalemate after 1.Qc7", "FIDE Laws of 2009, 5.2a"),
			flagAfter("stalemate after 1.Qc7", "the Soviet Code")},
		{"repetition said, none", pgn("1/2-1/2", []string{"ICCResult Game drawn by repetition"}, "1. e4 e5 1/2-1/2"),
			noRepetition("FIDE 9.2"), noRepetition("FIDE Laws of 2009, 9.2"), noRepetition("the Soviet Code")},
		{"50 moves said, none", pgn("1/2-1/2", []string{"ICCResult Game drawn by the 50 move rule"}, "1. e4 e5 1/2-1/2"),
			noFifty("FIDE 9.3"), noFifty("FIDE Laws of 2009, 9.3"), noFifty("the Soviet Code")},
		// Near miss: a stalemate named where the board has one cites nothing.
		{"stalemate, drawn", pgn("1/2-1/2", fen(stale), "1. Qc7 1/2-1/2"), "", "", ""},
		// Fivefold repetition and 75 moves end a game by themselves under
		// fide alone (FIDE 9.6); the others leave the claims.
		{"fivefold, played on", pgn("1-0", nil, shuffles(1, 4)+"9. e4 1-0"),
			"wrong-result error @-1: the game was drawn by fivefold repetition after 8...Ng8, but it is scored 1-0, not 1/2-1/2; " +
				"threefold-claimable info @7: Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time; " +
				"missed-threefold warning @7: Black could claim a draw by threefold repetition (FIDE 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time, but the game went on and was scored 1-0; " +
				"fivefold-repetition error @16: the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 8...Ng8, but play went on; " +
				"moves-after-end error @17: the game ended by fivefold repetition after 8...Ng8, but 1 move more follows",
			"threefold-claimable info @7: Black could claim a draw by threefold repetition (FIDE Laws of 2009, 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time; " +
				"missed-threefold warning @7: Black could claim a draw by threefold repetition (FIDE Laws of 2009, 9.2) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time, but the game went on and was scored 1-0",
			"threefold-claimable info @7: Black could claim a draw by threefold repetition (the Soviet Code) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time; " +
				"missed-threefold warning @7: Black could claim a draw by threefold repetition (the Soviet Code) after 4.Ng1, by announcing 4...Ng8, whose position would stand for the third time, but the game went on and was scored 1-0"},
		{"75 moves, played on", pgn("1/2-1/2", fen("8/8/8/4k3/8/8/3K4/R7 w - - 149 80"), "80. Ra5+ Kf4 1/2-1/2"),
			claim50 + "; seventy-five-moves error @1: the game was drawn automatically by the 75-move rule (FIDE 9.6.2) after 80.Ra5+, but play went on; " +
				"moves-after-end error @2: the game ended by the 75-move rule after 80.Ra5+, but 1 move more follows",
			claim2009, claimUSSR},
		{"75 moves, scored decisive", pgn("1-0", fen("8/8/8/4k3/8/8/3K4/R7 w - - 149 80"), "80. Ra5+ 1-0"),
			claim50 + "; missed-fifty-move info @0: White could claim a draw by the 50-move rule (FIDE 9.3) in the start position, but the game went on and was scored 1-0: the winner's claim, who played on to win; " +
				"wrong-result error @-1: the game was drawn by the 75-move rule after 80.Ra5+, but it is scored 1-0, not 1/2-1/2; " +
				"seventy-five-moves error @1: the game was drawn automatically by the 75-move rule (FIDE 9.6.2) after 80.Ra5+, but it is scored 1-0",
			claim2009 + "; missed-fifty-move warning @1: Black could claim a draw by the 50-move rule (FIDE Laws of 2009, 9.3) after 80.Ra5+, but the game went on and was scored 1-0",
			claimUSSR + "; missed-fifty-move warning @1: Black could claim a draw by the 50-move rule of the Soviet Code after 80.Ra5+, but the game went on and was scored 1-0"},
		// The Soviet Code's five endings take 75 moves to claim, either
		// side the stronger; the same count is claimable elsewhere.
		{"ussr: R+B v R", pgn("1/2-1/2", fen("8/8/8/4k3/8/2r5/3K4/R4B2 w - - 100 80"), "1/2-1/2"), claim50, claim2009, ""},
		{"ussr: N+N v P", pgn("1/2-1/2", fen("8/8/8/4k3/8/7p/3K4/1N3N2 w - - 100 80"), "1/2-1/2"), claim50, claim2009, ""},
		{"ussr: P v N+N", pgn("1/2-1/2", fen("1n3n2/8/8/4k3/8/7P/3K4/8 w - - 100 80"), "1/2-1/2"), claim50, claim2009, ""},
		{"ussr: Q+P on the 7th v Q", pgn("1/2-1/2", fen("8/1P6/4k3/8/8/8/3K4/Q6q w - - 100 80"), "1/2-1/2"), claim50, claim2009, ""},
		{"ussr: Q v Q+P on the 2nd", pgn("1/2-1/2", fen("q7/8/4k3/8/8/8/1p1K4/7Q w - - 100 80"), "1/2-1/2"), claim50, claim2009, ""},
		{"ussr: Q v N+N", pgn("1/2-1/2", fen("8/7K/4k3/8/8/2n5/6n1/Q7 w - - 100 80"), "1/2-1/2"), claim50, claim2009, ""},
		{"ussr: B+B v B", pgn("1/2-1/2", fen("8/7K/4k3/8/8/2b5/8/2B2B2 w - - 100 80"), "1/2-1/2"), claim50, claim2009, ""},
		// Near misses: a pawn two steps from promoting, a pawn more.
		{"ussr: Q+P on the 6th v Q", pgn("1/2-1/2", fen("8/8/1P2k3/8/8/8/3K4/Q6q w - - 100 80"), "1/2-1/2"), claim50, claim2009, claimUSSR},
		{"ussr: R+B v R+P", pgn("1/2-1/2", fen("8/7p/4k3/8/8/2r5/3K4/R4B2 w - - 100 80"), "1/2-1/2"), claim50, claim2009, claimUSSR},
		// A flag against K+N v K+Q: no mate is possible (FIDE 6.9, a draw),
		// but the Soviet Code draws only against a bare king.
		{"knight v queen, won on time", pgn("1-0", onTime("1q6/8/8/4k3/8/8/3K4/4N3 b - - 0 1"), "1-0"),
			"timeout-insufficient-material error @-1: Black lost on time but White could not mate by any legal series of moves (FIDE 6.9): the result must be 1/2-1/2, not 1-0; " +
				"time-forfeit info @-1: Black lost on time (Termination \"Time forfeit\")",
			"timeout-insufficient-material error @-1: Black lost on time but White could not mate by any legal series of moves (FIDE Laws of 2009, 6.9): the result must be 1/2-1/2, not 1-0; " +
				"time-forfeit info @-1: Black lost on time (Termination \"Time forfeit\")",
			"time-forfeit info @-1: Black lost on time (Termination \"Time forfeit\")"},
		{"knight v queen, drawn on time", pgn("1/2-1/2", onTime("1q6/8/8/4k3/8/8/3K4/4N3 b - - 0 1"), "1/2-1/2"),
			"time-forfeit info @-1: Black ran out of time and the game was drawn (Termination \"Time forfeit\")",
			"time-forfeit info @-1: Black ran out of time and the game was drawn (Termination \"Time forfeit\")",
			"wrong-result error @-1: Black ran out of time while White has more than a bare king (Soviet Code: a flag loses unless the opponent has a bare king): the result is 1-0, not 1/2-1/2; " +
				"time-forfeit info @-1: Black ran out of time and the game was drawn (Termination \"Time forfeit\")"},
		// A bare king wins on time under no profile; the messages say by
		// which rule.
		{"bare king, won on time", pgn("0-1", onTime("8/8/8/4k3/8/8/3K4/3Q4 w - - 0 1"), "0-1"),
			"timeout-insufficient-material error @-1: White lost on time but Black could not mate by any legal series of moves (FIDE 6.9): the result must be 1/2-1/2, not 0-1; " +
				"time-forfeit info @-1: White lost on time (Termination \"Time forfeit\")",
			"timeout-insufficient-material error @-1: White lost on time but Black could not mate by any legal series of moves (FIDE Laws of 2009, 6.9): the result must be 1/2-1/2, not 0-1; " +
				"time-forfeit info @-1: White lost on time (Termination \"Time forfeit\")",
			"timeout-insufficient-material error @-1: White lost on time but Black has a bare king (Soviet Code: a flag loses unless the opponent has a bare king): the result must be 1/2-1/2, not 0-1; " +
				"time-forfeit info @-1: White lost on time (Termination \"Time forfeit\")"},
		// K+N v K+R can still mate (Ka8 Rb8, Kb6, Nc7#): the win stands
		// everywhere.
		{"knight v rook, won on time", pgn("1-0", onTime("1r6/8/8/4k3/8/8/3K4/4N3 b - - 0 1"), "1-0"),
			"time-forfeit info @-1: Black lost on time (Termination \"Time forfeit\")",
			"time-forfeit info @-1: Black lost on time (Termination \"Time forfeit\")",
			"time-forfeit info @-1: Black lost on time (Termination \"Time forfeit\")"},
	} {
		for _, p := range []struct {
			profile Profile
			want    string
		}{{FIDE, c.fide}, {FIDE2009, c.fide2009}, {USSR, c.ussr}} {
			r := checkOne(t, c.text, &Options{Profile: p.profile})
			var fs []string
			for _, f := range r.Findings {
				fs = append(fs, fmt.Sprintf("%s %s @%d: %s", f.Code, f.Severity, f.Ply, f.Message))
			}
			if g := strings.Join(fs, "; "); g != p.want {
				t.Errorf("%s under %s:\n got %s\nwant %s", c.name, p.profile, g, p.want)
			}
		}
	}
}

// TestArticleCited: a rule a rule book has is cited by its article there;
// one it has not (no automatic draws in the Laws of 2009 or the Soviet Code)
// leaves the words uncited.
func TestArticleCited(t *testing.T) {
	for _, c := range []struct {
		profile Profile
		rule    article
		want    string
	}{
		{FIDE, articleDeadPosition, "a rule (FIDE 5.2.2)"},
		{FIDE2009, articleDeadPosition, "a rule (FIDE Laws of 2009, 5.2b)"},
		{USSR, articleDeadPosition, "a rule (the Soviet Code)"},
		{FIDE, articleFivefold, "a rule (FIDE 9.6.1)"},
		{FIDE, articleSeventyFive, "a rule (FIDE 9.6.2)"},
		{FIDE2009, articleFivefold, "a rule"},
		{USSR, articleSeventyFive, "a rule"},
		{FIDE2009, articleTimeout, "a rule (FIDE Laws of 2009, 6.9)"},
		{Profile(9), articleThreefold, "a rule"},
	} {
		if got := c.profile.cite("a rule", c.rule); got != c.want {
			t.Errorf("%v, rule %d: %q, want %q", c.profile, c.rule, got, c.want)
		}
	}
}

// TestRulesCited: the draw rules' names made once per profile are cite's,
// and a profile without a rule book names them uncited.
func TestRulesCited(t *testing.T) {
	for _, c := range []struct {
		profile Profile
		want    citedRules
	}{
		{FIDE, citedRules{"threefold repetition (FIDE 9.2)", "the 50-move rule (FIDE 9.3)", "fivefold repetition (FIDE 9.6.1)", "the 75-move rule (FIDE 9.6.2)"}},
		{FIDE2009, citedRules{"threefold repetition (FIDE Laws of 2009, 9.2)", "the 50-move rule (FIDE Laws of 2009, 9.3)", "fivefold repetition", "the 75-move rule"}},
		{USSR, citedRules{"threefold repetition (the Soviet Code)", "the 50-move rule (the Soviet Code)", "fivefold repetition", "the 75-move rule"}},
		{Profile(9), citedRules{"threefold repetition", "the 50-move rule", "fivefold repetition", "the 75-move rule"}},
	} {
		if got := *c.profile.rules(); got != c.want {
			t.Errorf("%v: %q, want %q", c.profile, got, c.want)
		}
	}
}
