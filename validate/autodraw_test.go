package validate

import (
	"fmt"
	"strings"
	"testing"
)

// kingShuffles writes n rounds of the kings' shuffle Kf1 Kf8 Ke1 Ke8 from
// move number from on: each round repeats the position it started from.
func kingShuffles(from, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d. Kf1 Kf8 %d. Ke1 Ke8 ", from+2*i, from+2*i+1)
	}
	return b.String()
}

// Fivefold repetition and the 75-move rule each end the game by itself
// (FIDE 9.6): the first to come ends it, and is the one finding; when both
// come with the same move, one finding names both. A rule that comes
// after the end is the end's consequence, for moves-after-end to report.
func TestAutomaticDrawsOnce(t *testing.T) {
	automatic := func(code Code) bool {
		return code == FivefoldRepetition || code == SeventyFiveMoves || code == MovesAfterEnd
	}
	for _, tc := range []struct {
		name     string
		halfmove int
		rounds   int
		more     string
		want     string
	}{
		// The fifth time the start position stands is after ply 16.
		{"fivefold alone", 0, 4, "", "fivefold-repetition info @16: the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 67...Ke8"},
		{"75 moves alone", 146, 1, "", "seventy-five-moves info @4: the game was drawn automatically by the 75-move rule (FIDE 9.6.2) after 61...Ke8"},
		{"both with one move", 134, 4, "",
			"fivefold-repetition info @16: the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 67...Ke8, and by the 75-move rule (FIDE 9.6.2) with the same move"},
		{"both with one move, play went on", 134, 4, "68. Kf1 ",
			"fivefold-repetition error @16: the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 67...Ke8, and by the 75-move rule (FIDE 9.6.2) with the same move, but play went on; moves-after-end error @17: ..."},
		{"fivefold first", 130, 5, "",
			"fivefold-repetition error @16: the game was drawn automatically by fivefold repetition (FIDE 9.6.1) after 67...Ke8, but play went on; moves-after-end error @17: ..."},
		{"75 moves first", 138, 4, "",
			"seventy-five-moves error @12: the game was drawn automatically by the 75-move rule (FIDE 9.6.2) after 65...Ke8, but play went on; moves-after-end error @13: ..."},
	} {
		movetext := kingShuffles(60, tc.rounds)
		if tc.more != "" {
			movetext += strings.Replace(tc.more, "68.", fmt.Sprintf("%d.", 60+2*tc.rounds), 1)
		}
		fen := fmt.Sprintf("FEN r3k3/8/8/8/8/8/8/R3K3 w - - %d 60", tc.halfmove)
		r := checkOne(t, pgn("1/2-1/2", []string{"SetUp 1", fen}, movetext+"1/2-1/2"), nil)
		var got []string
		for _, f := range r.Findings {
			if !automatic(f.Code) {
				continue
			}
			msg := f.Message
			if f.Code == MovesAfterEnd {
				msg = "..."
			}
			got = append(got, fmt.Sprintf("%s %s @%d: %s", f.Code, f.Severity, f.Ply, msg))
		}
		if s := strings.Join(got, "; "); s != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, s, tc.want)
		}
	}
}
