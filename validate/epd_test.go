package validate

import (
	"fmt"
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

// pv and sv are lines of play from the position: the moves of each are
// played in order, and the first that is not legal is the finding, which
// says which move of the pv or sv it is and how many after it are not
// checked. sm and pm name one move each, checked as bm's are.
func TestEPDLineOfPlay(t *testing.T) {
	in := "" +
		// A right pv, in long algebraic too: nothing.
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; pv e2e4 e7-e5 Ng1-f3 Nc6; id \"ok\";\n" +
		// Its third move is illegal: Ke3 is no white king's, Nf3 and Nc6
		// are not checked.
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - pv e4 e5 Ke3 Nc6 Nf3;\n" +
		// Legal each in the position, Kd7 is not after Kd2 Kd7: a pv is no
		// set of alternatives.
		"4k3/8/8/8/8/8/8/2N1K1N1 w - - pv Kd2 Kd7 Ne2;\n" +
		// A false check mark: passed over, as in bm (e4+).
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4+; pv e4 e5+ Nf3#;\n" +
		// Black's pv after fmvn, its last move illegal: nothing left.
		"4k3/8/8/8/8/8/8/4K3 b - - pv Kd7 Kd2 Kc5; fmvn 40;\n" +
		// sm and pm right, then wrong.
		"4k3/8/8/8/8/8/8/2N1K1N1 w - - sm Kd2; pm Nce2;\n" +
		"4k3/8/8/8/8/8/8/2N1K1N1 w - - sm Ke3; pm Ne2;\n" +
		// A right sv: nothing.
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - sv d4 d5 c4; id \"sv\";\n" +
		// Its second move is illegal: d3 is no black pawn's.
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - sv d4 d3 c4;\n" +
		// Both: the pv right, the sv wrong at its third move, each its own
		// line from the position (the pv's Kd7 is Black's second move, the
		// sv's White's third, from f2).
		"4k3/8/8/8/8/8/8/4K3 w - - pv Kd2 Kd7; sv Kf2 Kf7 Kd7;\n" +
		// Both, the pv wrong at its second move, the sv right.
		"4k3/8/8/8/8/8/8/4K3 w - - sv Kf2 Kf7; pv Kd2 Kd2;\n"
	want := []string{
		"",
		"2:63 illegal-move error Ke3: no white king can reach e3; it is move 3 of the pv; the 2 moves after it are not checked [1.e4]",
		"3:42 ambiguous-move error Ne2 is ambiguous: it could be Nce2 or Nge2; it is move 3 of the pv [1.Kd2]",
		"",
		"5:38 illegal-move error Kc5: no black king can reach c5; it is move 3 of the pv [40...Kd7]",
		"",
		"7:34 illegal-move error Ke3: no white king can reach e3 [1.Ke3]|7:42 ambiguous-move error Ne2 is ambiguous: it could be Nce2 or Nge2 [1.Ne2]",
		"",
		"9:60 illegal-move error d3: no black pawn can reach d3; it is move 2 of the sv; the 1 move after it is not checked [1.d4]",
		"10:50 illegal-move error Kd7: no white king can reach d7; it is move 3 of the sv [1.Kf2]",
		"11:46 illegal-move error Kd2: no black king can reach d2; it is move 2 of the pv [1.Kd2]",
	}
	got := findingsEach(t, in, "|", func(f *Finding) string {
		return fmt.Sprintf("%d:%d %s %s %s [%s]", f.Pos.Line, f.Pos.Col, f.Code, f.Severity, f.Message, f.Variation)
	})
	if len(got) != len(want) {
		t.Fatalf("%d games, want %d: %q", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d:\n got %q\nwant %q", i+1, got[i], want[i])
		}
	}
}

// A line of a list of positions whose FEN writes no castling right and
// whose position only Chess960 can reach is read both ways: Findings as
// standard chess (the position cannot arise, its counts not checked) and
// AsChess960 as Chess960 (no finding on the position, its counts checked),
// for the pipeline to choose by the lines before it. A game's FEN, a
// position possible or impossible both ways, and castling rights written
// are read one way: AsChess960 nil.
func TestEPDReadAsChess960(t *testing.T) {
	const line47 = "1nqr1rbb/pppkp1pp/1n3p2/3p4/1P6/5P1P/P1PPPKP1/NNQR1RBB"
	show := func(fs []Finding) string {
		if fs == nil {
			return "nil"
		}
		var s []string
		for _, f := range fs {
			s = append(s, fmt.Sprintf("%d:%d %s", f.Pos.Line, f.Pos.Col, f.Code))
		}
		return "[" + strings.Join(s, " ") + "]"
	}
	const two = "[1:1 impossible-position 1:1 impossible-position]"
	for _, c := range []struct{ text, findings, as960 string }{
		{line47 + " w - - 1 9 ;D1 24 ;D2 623\n", two, "[]"},
		{line47 + " w - - 1 9 ;D1 24 ;D2 600\n", two, "[1:77 perft-mismatch]"},
		// Other findings are in both readings.
		{line47 + " w - - bm Kg1;\n", "[1:1 impossible-position 1:1 impossible-position 1:65 illegal-move]", "[1:65 illegal-move]"},
		// The same position in a game: its Variant tag says which.
		{"[SetUp \"1\"]\n[FEN \"" + line47 + " w - - 1 9\"]\n\n*\n", "[1:1 tag-missing 2:1 impossible-position 2:1 impossible-position]", "nil"},
		// A castling right written, which the position drops.
		{line47 + " w K - 1 9 ;D1 24\n", "[1:1 impossible-position 1:1 impossible-position 1:1 impossible-position]", "nil"},
		// Kings side by side: impossible in Chess960 too.
		{"1nqr1rbb/ppp1p1pp/1n3p2/3p4/1P6/4kP1P/P1PPPKP1/NNQR1RBB w - - 1 9 ;D1 24\n", "[1:1 impossible-position 1:1 impossible-position 1:1 impossible-position]", "nil"},
		// Possible in standard chess: nothing to choose.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 ;D1 20\n", "nil", "nil"},
	} {
		r := checkOne(t, c.text, nil)
		if got := show(r.Findings); got != c.findings || show(r.AsChess960) != c.as960 {
			t.Errorf("%q: findings %s, AsChess960 %s; want %s and %s", c.text, got, show(r.AsChess960), c.findings, c.as960)
		}
	}
}
