package validate

import (
	"strings"
	"testing"
)

// A line of an EPD file is checked as a position: its audit and the moves
// its operations name, each from the position; no roster, no result.
func TestEPDPositions(t *testing.T) {
	in := "" +
		// Legal alternatives, id and comment: nothing.
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; id \"T.1\"; c0 \"x\";\n" +
		// An illegal and an ambiguous alternative, each at its column.
		"4k3/8/8/8/8/8/8/2N1K1N1 w - - bm Qxe5 Ne2; am Kd1;\n" +
		// Black to move in the start position: impossible.
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - pm e5;\n" +
		// pgn-extract's unquoted comment: no dates read as moves.
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 Barnes, David J.-Horton 1994.10.10; c1 1/2-1/2;\n" +
		// No king: impossible, and the move is still resolved there.
		"8/8/8/8/8/8/8/8 w - - bm e4;\n" +
		// Not a record: syntax only.
		"garbage\n" +
		// Black's move after fmvn: legal.
		"4k3/8/8/8/8/8/8/4K3 b - - sm Kd7; fmvn 40;\n"
	want := []string{
		"",
		"2:34 illegal-move error; 2:39 ambiguous-move error; ",
		"3:1 impossible-position error; ",
		"",
		"5:1 impossible-position error; 5:1 impossible-position error; 5:26 illegal-move error; ",
		"6:1 syntax error; ",
		"",
	}
	got := findingsOf(t, in)
	if len(got) != len(want) {
		t.Fatalf("%d games, want %d: %q", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: got %q, want %q", i+1, got[i], want[i])
		}
	}
}

// The same position in PGN, with a FEN tag and no roster or result, is
// still asked for both: only an EPD line is excused.
func TestEPDNearMissPGN(t *testing.T) {
	got := findingsOf(t, "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. Kd2\n")
	if want := "1:1 tag-missing warning; 4:7 result-missing info; "; len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A perft suite and a FEN list are checked as EPD lines are: each position
// audited, its counters with it; no roster, no result, no moves.
func TestPositionListFindings(t *testing.T) {
	check := func(name, text string, want ...string) {
		if got := findingsOf(t, text); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s:\n got %q\nwant %q", name, got, want)
		}
	}
	check("perft suite", "# comments first\n"+
		// Legal, with an en passant square: nothing.
		"rnbqkbnr/pppp1pp1/8/3Pp2p/3Q4/8/PPP1PPPP/RNB1KBNR w KQkq e6 0 1 ;D1 44 ;D2 1307\n"+
		// Two checkers on one line through the king: impossible.
		"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1 ;D1 6 ;D2 106\n"+
		// Chess960's castling letters: read as Chess960.
		"R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1 ;D1 25 ;D2 586\n",
		"", "3:1 impossible-position error; ", "4:1 non-standard-notation info; ")
	check("FEN list", "R7/8/8/8/6k1/5pp1/8/6K1 b - - 0 1\r\n"+
		// The counters are the FEN's, audited with it: a move number
		// past int32's.
		"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999\n",
		"", "2:1 syntax error; ")
}

// A FEN followed by movetext is no list of positions: as PGN, the moves
// are read and the game asked for its roster, as before.
func TestPositionListNearMissPGN(t *testing.T) {
	got := findingsOf(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n1. e4 *\n")
	if want := "1:1 tag-missing warning; "; len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
