package parser

import (
	"fmt"
	"strings"
	"testing"
)

// epdSample is an EPD file in small: a test suite's records, pgn-extract's
// unquoted comment, a record with no operation, move counters, blank and
// CRLF lines.
const epdSample = "\n" +
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; id \"T.1\"; c0 \"two ways\";\r\n" +
	"\n" +
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 Barnes, David J.-Horton 1994.10.10; c1 1/2-1/2;\n" +
	"4k3/8/8/8/8/8/8/4K3 b - -\n" +
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - am O-O-O; hmvc 3; fmvn 20; pv O-O Kd8;\n"

// epdGames reads input with chunks of target bytes (0: the default).
func epdGames(t *testing.T, input string, target int) []*Game {
	t.Helper()
	games, chunks := readAll(t, []byte(input), SplitOptions{Target: target}, Options{})
	checkGames(t, []byte(input), games, chunks)
	for _, c := range chunks {
		if !c.EPD {
			t.Fatalf("chunk at %+v not marked EPD", c.Start)
		}
	}
	return games
}

// epdRecord is what a test asserts of a record: ecoLine, each move's
// depth and the comment.
func epdRecord(g *Game) string {
	s := ecoLine(g)
	var d []string
	for _, m := range g.Moves {
		d = append(d, fmt.Sprint(m.Depth, m.Prev))
	}
	return fmt.Sprintf("%s |%s| %q epd=%v", s, strings.Join(d, ","), g.Str(g.Comment), g.EPD)
}

func TestEPDRecords(t *testing.T) {
	want := []string{
		// Each named move a one-move side line from the position; id as Event.
		`Event="T.1"@2:74 FEN="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"@2:1 SetUp="1"@2:1 Bb5@2:65 Bc4@2:69  |1 -1,1 -1| "two ways" epd=true`,
		// pgn-extract's unquoted comment: its words are neither moves nor numbers.
		`FEN="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"@4:1 SetUp="1"@4:1  || "Barnes, David J.-Horton 1994.10.10" epd=true`,
		// No operation: the position alone.
		`FEN="4k3/8/8/8/8/8/8/4K3 b - - 0 1"@5:1 SetUp="1"@5:1  || "" epd=true`,
		// hmvc and fmvn are the FEN's counters; pv is a line of play, its
		// second move after its first.
		`FEN="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 20"@6:1 SetUp="1"@6:1 O-O-O@6:37 O-O@6:64 Kd8@6:68  |1 -1,1 -1,1 1| "" epd=true`,
	}
	epdRecordsAre(t, epdSample, want, 39) // fmvn 20, White
}

// epdRecordsAre checks the records (epdRecord) read from input however it
// is cut, and the first ply of the last one, which names moves.
func epdRecordsAre(t *testing.T, input string, want []string, lastFirstPly int32) {
	t.Helper()
	for _, target := range []int{0, 1, 40, 100} {
		games := epdGames(t, input, target)
		if len(games) != len(want) {
			t.Fatalf("target %d: %d games, want %d", target, len(games), len(want))
		}
		for i, g := range games {
			if got := epdRecord(g); got != want[i] {
				t.Errorf("target %d, game %d:\n got %s\nwant %s", target, i, got, want[i])
			}
		}
		if g := games[len(games)-1]; g.FirstPly != lastFirstPly {
			t.Errorf("target %d: FirstPly %d, want %d", target, g.FirstPly, lastFirstPly)
		}
	}
}

// A line that cannot be read is a syntax problem at its line and column;
// the records around it are read.
func TestEPDMalformed(t *testing.T) {
	in := "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n" +
		"not a record\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - 1bm Kd2;\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - id \"open;\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - hmvc x; fmvn 0;\n" +
		"1r2k3/8/8/8/8/8/8/4K3\tw\tb - fmvn 1073741824; bm Kd2;\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - am \"\" Kd2;\n"
	want := []string{
		`FEN="4k3/8/8/8/8/8/8/4K3 w - - 0 1"@1:1 SetUp="1"@1:1 Kd2@1:30 `,
		` [2:1 the line is not a position (a FEN's first four fields, then its counters or EPD operations): it is not read]`,
		`FEN="4k3/8/8/8/8/8/8/4K3 w - - 0 1"@3:1 SetUp="1"@3:1  [3:27 an EPD operation starts with an opcode (a letter, then letters, digits or '_'): the rest of the line is not read]`,
		`FEN="4k3/8/8/8/8/8/8/4K3 w - - 0 1"@4:1 SetUp="1"@4:1  [4:30 a string operand not closed by " on its line: the rest of the line is not read]`,
		`FEN="4k3/8/8/8/8/8/8/4K3 w - - 0 1"@5:1 SetUp="1"@5:1 Kd2@5:30  [5:27 the EPD operation bm is not closed by ';']`,
		`FEN="4k3/8/8/8/8/8/8/4K3 w - - 0 1"@6:1 SetUp="1"@6:1  [6:27 the EPD operation hmvc takes one whole number: it is not read] [6:35 the EPD operation fmvn takes one whole number: it is not read]`,
		// Tabs between the fields, and a castling field with a 'b' (a
		// Chess960 rook's file): White is to move. A counter past int32's
		// plies is not read.
		`FEN="1r2k3/8/8/8/8/8/8/4K3 w b - 0 1"@7:1 SetUp="1"@7:1 Kd2@7:49  [7:29 the EPD operation fmvn takes one whole number: it is not read]`,
		// An empty string names no move (FuzzParse 872bbe1bfe29423a).
		`FEN="4k3/8/8/8/8/8/8/4K3 w - - 0 1"@8:1 SetUp="1"@8:1 Kd2@8:33  [8:30 the EPD operation am names an empty move (""): it is not read]`,
	}
	games := epdLinesAre(t, in, want)
	if g := games[len(games)-2]; g.FirstPly != 1 {
		t.Errorf("FirstPly %d, want 1 (White to move, no fmvn read)", g.FirstPly)
	}
}

func TestIsEPD(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n", true},
		{"\ufeff\n\n  \n4k3/8/8/8/8/8/8/4K3 b - e3\n", true},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - id \"960\";", true},
		// A perft suite, with its counters or without, after comments.
		{"# Sedlak\n\n#\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n", true},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1;D1 5", true},
		{"4k3/8/8/8/8/8/8/4K3 w - - ;D1 5\n", true},
		// A FEN list: a FEN alone, or followed by a record of any kind.
		{"R7/8/8/8/6k1/5pp1/8/6K1 b - - 0 1\r\n", true},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n# more\n\n4k3/8/8/8/8/8/8/3K4 w - - 0 1\n", true},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/3K4 w - - bm Kd2;\n", true},
		// Near misses: PGN with a FEN tag, PGN opening with a comment or
		// a move, a FEN followed by movetext or a game, counters that are
		// not two numbers, a bad field.
		{"[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n", false},
		{"{4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;}\n[Event \"x\"]\n", false},
		{"1. e4 e5 *\n4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n", false},
		{"# a game\n[Event \"x\"]\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n1. Kd2 Kd7 *\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\n[Event \"x\"]\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 Kd2\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 ;D1 5\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1x\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 2\n", false},
		{"4k3/8/8/8/8/8/8 w - - bm Kd2;\n", false},
		{"4k3/8/8/8/8/8/8/4K3 x - - bm Kd2;\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w - e9 bm Kd2;\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w KQkqK - bm Kd2;\n", false},
		{"4k3/8/8/8/8/8/8/4K3 w -\n", false},
		{"", false},
	} {
		if got := IsEPD([]byte(tc.head)); got != tc.want {
			t.Errorf("IsEPD(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
}

// PGN whose first game sets up a position, or that opens with a comment,
// or a FEN followed by movetext, stays PGN.
func TestEPDNearMissIsPGN(t *testing.T) {
	for _, in := range []string{
		"[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n",
		"{4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;}\n1. e4 *\n",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n1. e4 *\n",
	} {
		games, chunks := readAll(t, []byte(in), SplitOptions{}, Options{})
		for _, c := range chunks {
			if c.EPD {
				t.Errorf("%q: chunk marked EPD", in)
			}
		}
		for _, g := range games {
			if g.EPD {
				t.Errorf("%q: game marked EPD", in)
			}
		}
	}
}

// positionSample is a perft suite and a FEN list in small: '#' comments
// before and between the records, counters, the semicolon before each
// operation, Chess960's castling letters, a record without counters, a
// FEN alone, trailing blanks and CR LF.
const positionSample = "# perft suite\n#\n" +
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n" +
	"# avoid illegal ep\n" +
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1         ;D6 1440467\r\n" +
	"R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1 ;D1 25 ;D2 586  \n" +
	"\n" +
	"4k3/8/8/8/8/8/8/4K2R w K - ;D1 15\n" +
	"R7/8/8/8/6k1/5pp1/8/6K1 b - - 12 40\r\n" +
	"4k3/8/8/8/8/8/8/4K3 w - - 0 1;D1 5;\n" +
	"4k3/8/8/8/8/8/8/4K3 b - - 7 9 bm Kd7; hmvc 8;\n"

func TestPositionLists(t *testing.T) {
	want := []string{
		// The comments at the start are the first record's text.
		`FEN="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"@3:1 SetUp="1"@3:1  || "" epd=true`,
		// The en passant square is the FEN's, not a move.
		`FEN="8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"@5:1 SetUp="1"@5:1  || "" epd=true`,
		`FEN="R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1"@6:1 SetUp="1"@6:1  || "" epd=true`,
		// No counters: 0 and 1, as in an EPD record.
		`FEN="4k3/8/8/8/8/8/8/4K2R w K - 0 1"@8:1 SetUp="1"@8:1  || "" epd=true`,
		// A FEN alone, its counters as written.
		`FEN="R7/8/8/8/6k1/5pp1/8/6K1 b - - 12 40"@9:1 SetUp="1"@9:1  || "" epd=true`,
		// A semicolon after the last operation too: nothing else.
		`FEN="4k3/8/8/8/8/8/8/4K3 w - - 0 1"@10:1 SetUp="1"@10:1  || "" epd=true`,
		// Counters, then EPD's operations: hmvc wins over the line's.
		`FEN="4k3/8/8/8/8/8/8/4K3 b - - 8 9"@11:1 SetUp="1"@11:1 Kd7@11:34  |1 -1| "" epd=true`,
	}
	epdRecordsAre(t, positionSample, want, 18) // move 9, Black
}

// In a FEN list (two FENs first), a line that is no position (movetext,
// prose) is a syntax problem at its start; the positions around it are
// read.
func TestFENListMalformed(t *testing.T) {
	in := "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 b - - 0 1\n1. Kd2 Kd7 *\n4k3/8/8/8/8/8/8/3K4 b - - 3 9\n"
	want := []string{
		`FEN="4k3/8/8/8/8/8/8/4K3 w - - 0 1"@1:1 SetUp="1"@1:1 `,
		`FEN="4k3/8/8/8/8/8/8/4K3 b - - 0 1"@2:1 SetUp="1"@2:1 `,
		` [3:1 the line is not a position (a FEN's first four fields, then its counters or EPD operations): it is not read]`,
		`FEN="4k3/8/8/8/8/8/8/3K4 b - - 3 9"@4:1 SetUp="1"@4:1 `,
	}
	epdLinesAre(t, in, want)
}

// epdLinesAre checks the games (ecoLine) read from in and returns them.
func epdLinesAre(t *testing.T, in string, want []string) []*Game {
	t.Helper()
	return epdShownAre(t, in, want, ecoLine)
}

// epdShownAre checks that the games read from in, each as show writes it,
// are want.
func epdShownAre(t *testing.T, in string, want []string, show func(*Game) string) []*Game {
	t.Helper()
	games := epdGames(t, in, 0)
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i, g := range games {
		if got := show(g); got != want[i] {
			t.Errorf("game %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
	return games
}

// A perft suite's counts are read with their depth and the place of the
// number, in an EPD record's operations too; a count that is no whole
// number of up to 18 digits, an opcode that is no depth (D0, D100, Dx, d5)
// and a count of two words are not.
func TestPerftCounts(t *testing.T) {
	in := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D12 62854969236701747\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1;D1 5;D2 x5;D3 1234567890123456789;D0 1;D100 1;Dx 1;D4 7 8;d5 1\n" +
		"4k3/8/8/8/8/8/8/4K3 b - - bm Kd7; D1 5;\n"
	want := []string{
		"D1 20 @1:62, D2 400 @1:69, D12 62854969236701747 @1:78",
		"D1 5 @2:34",
		"D1 5 @3:38",
	}
	games := epdGames(t, in, 0)
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i, g := range games {
		var got []string
		for _, c := range g.Perft {
			got = append(got, fmt.Sprintf("D%d %d @%d:%d", c.Depth, c.Nodes, c.Pos.Line, c.Pos.Col))
		}
		if s := strings.Join(got, ", "); s != want[i] {
			t.Errorf("line %d: counts %q, want %q", i+1, s, want[i])
		}
	}
}

// pv's and sv's moves are each one line from the position, each move
// after the one before it, and Game.PV and SV mark them apart from bm's
// alternatives and from each other; an empty move ends the line, and so
// does the moves limit, with a problem each.
func TestEPDLineOfPlay(t *testing.T) {
	in := "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2 Kf2; pv Ke2 Ke7 Kd3; am Kd1;\n" +
		"4k3/8/8/8/8/8/8/4K3 b - - pv Kd7 \"\" Kc6 Kc5;\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - pv Kd2 Kd7 \"\";\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - sv Kf1 Kf7; pv Ke2 Ke7 Kd3;\n" +
		"4k3/8/8/8/8/8/8/4K3 w - - sv Kf1 \"\" Kf7;\n"
	want := []string{
		"Kd2 1 -1, Kf2 1 -1, Ke2 1 -1, Ke7 1 2, Kd3 1 3, Kd1 1 -1, pv 2:5 sv 0:0 problems []",
		"Kd7 1 -1, pv 0:1 sv 0:0 problems [2:34 the EPD operation pv names an empty move (\"\"): it and the 2 moves after it are not read]",
		"Kd2 1 -1, Kd7 1 0, pv 0:2 sv 0:0 problems [3:38 the EPD operation pv names an empty move (\"\"): it is not read]",
		"Kd2 1 -1, pv 0:0 sv 0:0 problems []",
		"Kf1 1 -1, Kf7 1 0, Ke2 1 -1, Ke7 1 2, Kd3 1 3, pv 2:5 sv 0:2 problems []",
		"Kf1 1 -1, pv 0:0 sv 0:1 problems [6:34 the EPD operation sv names an empty move (\"\"): it and the move after it are not read]",
	}
	show := func(g *Game) string {
		var ms []string
		for _, m := range g.Moves {
			ms = append(ms, fmt.Sprint(g.Str(m.Raw), " ", m.Depth, " ", m.Prev))
		}
		var ps []string
		for _, p := range g.Problems {
			ps = append(ps, fmt.Sprintf("%d:%d %s", p.Pos.Line, p.Pos.Col, p.Message))
		}
		return fmt.Sprintf("%s, pv %d:%d sv %d:%d problems %v", strings.Join(ms, ", "), g.PV.From, g.PV.To, g.SV.From, g.SV.To, ps)
	}
	epdShownAre(t, in, want, show)

	// A pv longer than the moves a game keeps: the first ones are kept,
	// the rest dropped with one problem, as a main line's are.
	var got []string
	err := ReadGames(strings.NewReader("4k3/8/8/8/8/8/8/4K3 w - - pv Kd2 Kd7 Kd3 Kd6 Kd4;\n"), Options{MaxMoves: 3}, func(g *Game) {
		got = append(got, show(g))
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "Kd2 1 -1, Kd7 1 0, Kd3 1 1, pv 0:3 sv 0:0 problems [1:42 more than 3 moves: the rest are not kept]"; len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A space that is not a blank (a lone CR, a form feed) parts an EPD
// operation's operands as a blank does. The reader once stood still on it,
// appending empty operands until memory ran out.
func TestEPDOperandsPartedByOtherSpaces(t *testing.T) {
	in := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;D1 20\rfoo\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;D1\r20;D2 400\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4\fd4;\n"
	games := epdGames(t, in, 0)
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	var got []string
	for _, g := range games {
		var s []string
		for _, c := range g.Perft {
			s = append(s, fmt.Sprintf("D%d %d", c.Depth, c.Nodes))
		}
		for _, m := range g.Moves {
			s = append(s, g.Str(m.Raw))
		}
		got = append(got, strings.Join(s, ","))
	}
	want := []string{"", "D1 20,D2 400", "e4,d4"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}
