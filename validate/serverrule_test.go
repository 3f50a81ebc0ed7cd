package validate

import (
	"strings"
	"testing"
)

// TestServerScoredTimeout: a draw on time that FIDE 6.9 makes a win (the
// knight can mate with the pawn's help) is chess.com's and lichess's result
// by their own insufficient-material rules: a wrong-result info naming the
// rule there, an error elsewhere and where the server's rule too gives the
// win. A win on time by bishops of one colour, which FIDE draws, is the
// server's on chess.com (two pieces count there).
func TestServerScoredTimeout(t *testing.T) {
	const kn = "FEN 8/4k3/6P1/5K2/8/8/5n2/8 b - - 0 70" // White (to move after 70...Nd1) flagged: K+P v K+N
	for _, tt := range []struct {
		name, site, fen, result string
		code                    Code
		sev                     Severity
		rule                    string
	}{
		{"chess.com K+N v K+P drawn", "Chess.com", kn, "1/2-1/2", WrongResult, Info, "played on chess.com, whose rule scores it 1/2-1/2"},
		{"lichess K+N v K+P drawn", "https://lichess.org/abcdefgh", kn, "1/2-1/2", WrongResult, Info, "played on lichess, whose rule"},
		{"over the board K+N v K+P drawn", "Here", kn, "1/2-1/2", WrongResult, Error, ""},
		{"lichess broadcast K+N v K+P drawn", "https://lichess.org/broadcast/x/y", kn, "1/2-1/2", WrongResult, Error, ""},
		{"chess.com K+N+P v K+P drawn", "Chess.com", "FEN 8/4k3/6P1/5K2/8/8/p4n2/8 b - - 0 70", "1/2-1/2", WrongResult, Error, "chess.com, where the game was played, gives the win too"},
		{"lichess K+Q+R+N v K+Q drawn", "https://lichess.org/abcdefgh", "FEN 8/4k3/2r5/5K2/8/8/q4n2/7Q b - - 0 70", "1/2-1/2", WrongResult, Error, "lichess, where the game was played, gives the win too"},
		{"chess.com K+N v K+P won", "Chess.com", kn, "0-1", "", 0, ""},
		{"chess.com K+B+B one colour v K+Q won", "Chess.com", "FEN 8/4k3/8/5K2/8/8/b7/Q2b4 b - - 0 70", "0-1", TimeoutInsufficientMaterial, Info, "played on chess.com, whose rule scores it as recorded"},
		{"K+B+B one colour v K+Q won elsewhere", "Here", "FEN 8/4k3/8/5K2/8/8/b7/Q2b4 b - - 0 70", "0-1", TimeoutInsufficientMaterial, Error, ""},
	} {
		text := strings.Replace(pgn(tt.result, []string{"SetUp 1", tt.fen, "Termination Time forfeit"}, "70... Ke8 "+tt.result),
			`[Site "Here"]`, `[Site "`+tt.site+`"]`, 1)
		r := checkOne(t, text, &Options{})
		var f *Finding
		for i := range r.Findings {
			if c := r.Findings[i].Code; c == WrongResult || c == TimeoutInsufficientMaterial {
				f = &r.Findings[i]
			}
		}
		switch {
		case tt.code == "" && f != nil:
			t.Errorf("%s: unexpected %s %q", tt.name, f.Code, f.Message)
		case tt.code == "":
		case f == nil || f.Code != tt.code || f.Severity != tt.sev || !strings.Contains(f.Message, tt.rule) ||
			tt.rule == "" && strings.Contains(f.Message, "where the game was played"):
			t.Errorf("%s: got %+v, want %s %s with %q", tt.name, f, tt.code, tt.sev, tt.rule)
		}
	}
}
