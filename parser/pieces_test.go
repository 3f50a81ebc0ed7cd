package parser

import (
	"fmt"
	"strings"
	"testing"
)

// The position of the lists below, whichever way written: White Kg1 Qd1
// Ra1 Rf1 Nc3 Be3, pawns a2 b2 g2 h2; Black Ke8 Qd8 Ra8 Rh8 Nf6, pawns
// a7 b7 g7 h7. Black's king and rooks stand on their squares (kq); White
// has castled.
const listFEN = "r2qk2r/pp4pp/5n2/8/8/2N1B3/PP4PP/R2Q1RK1 b kq - 0 1"

// listGame returns the one game read from input, which must be one.
func listGame(t *testing.T, input string) *Game {
	t.Helper()
	games := parseString(t, input)
	if len(games) != 1 {
		t.Fatalf("%d games from %q", len(games), input)
	}
	return games[0]
}

// fenOf describes a game's FEN and SetUp tags as "FEN@line:col SetUp",
// "" without a FEN.
func fenOf(g *Game) string {
	for _, tg := range g.Tags {
		if tg.Name == "FEN" {
			setUp, _ := g.TagValue("SetUp")
			return fmt.Sprintf("%s@%d:%d %s", tg.Value, tg.Pos.Line, tg.Pos.Col, setUp)
		}
	}
	return ""
}

func movesOf(g *Game) string {
	var s []string
	for _, m := range g.Moves {
		s = append(s, g.Str(m.Raw))
	}
	return strings.Join(s, " ")
}

func TestPieceListForms(t *testing.T) {
	for _, tc := range []struct {
		name, input, fen, moves string
		firstPly                int32
	}{
		{"russian, side from the phrase",
			"Этюд 3. Могла возникнуть позиция: Крg1, Фd1, Лa1, f1, Кc3, Сe3, пп. a2, b2, g2, h2; черные Крe8, Фd8, Лa8, h8, Кf6, пп. a7, b7, g7, h7. Ход черных. Они рокируют: 1… 0-0 2. Сc5 Лe8\n",
			listFEN + "@1:45 1", "0-0 Сc5 Лe8", 2},
		{"russian with colour words and Cyrillic files",
			"Белые: Крg1, Фd1, Ла1, f1, Кс3, Се3, пп. а2, b2, g2, h2. Черные: Крe8, Фd8, Лa8, h8, Кf6, пп. a7, b7, g7, h7.\n1... 0-0 2. Сc5 Лe8\n",
			listFEN + "@1:1 1", "0-0 Сc5 Лe8", 2},
		{"russian without a marker before it, the pawn marker within",
			"Крg1, Фd1, Лa1, f1, Кc3, Сe3, пп. a2, b2, g2, h2; черные Крe8, Фd8, Лa8, h8, Кf6, пп. a7, b7, g7, h7.\n1... 0-0 2. Сc5 Лe8\n",
			listFEN + "@1:1 1", "0-0 Сc5 Лe8", 2},
		{"russian in Latin letters, pawns after a semicolon",
			"White: Krg1, Fd1, La1, f1, Kc3, Ce3; a2, b2, g2, h2; Black: Kre8, Fd8, La8, h8, Kf6; a7, b7, g7, h7.\n1... 0-0 2. Cc5 Le8\n",
			listFEN + "@1:1 1", "0-0 Cc5 Le8", 2},
		{"english with commas and a phrase",
			"White: Kg1, Qd1, Ra1, Rf1, Nc3, Be3, pawns a2, b2, g2, h2; Black: Ke8, Qd8, Ra8, Rh8, Nf6, pawns a7, b7, g7, h7. Black to move.\n1... O-O 2. Bc5 Re8\n",
			listFEN + "@1:1 1", "O-O Bc5 Re8", 2},
		{"english without commas, side from 1...",
			"Position: White Kg1 Qd1 Ra1 Rf1 Nc3 Be3 a2 b2 g2 h2; Black Ke8 Qd8 Ra8 Rh8 Nf6 a7 b7 g7 h7.\n\n",
			"", "", 0}, // no move follows in the paragraph
		{"english without commas",
			"Position: White Kg1 Qd1 Ra1 Rf1 Nc3 Be3 a2 b2 g2 h2; Black Ke8 Qd8 Ra8 Rh8 Nf6 a7 b7 g7 h7. Play goes 1... O-O 2. Bc5 Re8\n",
			listFEN + "@1:1 1", "O-O Bc5 Re8", 2},
		{"german",
			"Weiß: Kg1, Dd1, Ta1, Tf1, Sc3, Le3, Bauern a2, b2, g2, h2; Schwarz: Ke8, Dd8, Ta8, Th8, Sf6, a7, b7, g7, h7. Schwarz am Zug. 1... 0-0 2. Lc5 Te8\n",
			listFEN + "@1:1 1", "0-0 Lc5 Te8", 2},
		{"figurines",
			"White: ♔g1, ♕d1, ♖a1, ♖f1, ♘c3, ♗e3, a2, b2, g2, h2; Black: ♚e8, ♛d8, ♜a8, ♜h8, ♞f6, a7, b7, g7, h7. 1... O-O 2. ♗c5 ♜e8\n",
			listFEN + "@1:1 1", "O-O ♗c5 ♜e8", 2},
		// German "Stellung:" opens a list as "Position:" does; without it,
		// a king with no comma after it opens none.
		{"german after Stellung",
			"Stellung: Kg1 Tf1 a2; Schwarz: Kg8 Ta8 g7. 1... Ta1 2. Txa1\n",
			"r5k1/6p1/8/8/8/8/P7/5RK1 b - - 0 1@1:1 1", "Ta1 Txa1", 2},
		{"russian in Latin letters, abbreviated colour words",
			"Bel.: Krg1, Fd1, La1, f1, Kc3, Ce3; a2, b2, g2, h2; Chern.: Kre8, Fd8, La8, h8, Kf6; a7, b7, g7, h7.\n1... 0-0 2. Cc5 Le8\n",
			listFEN + "@1:1 1", "0-0 Cc5 Le8", 2},
		{"russian in Latin letters, abbreviated colour words without a mark or commas",
			"Bel Krg1 Lf1 Chern Krg8 La8 g7. 1... La1 2. Lxa1\n",
			"r5k1/6p1/8/8/8/8/8/5RK1 b - - 0 1@1:1 1", "La1 Lxa1", 2},
		{"russian, abbreviated colour words with ё",
			"Бел. Крg1, Фd1, Лa1, f1, Кc3, Сe3, пп. a2, b2, g2, h2; Чёрн. Крe8, Фd8, Лa8, h8, Кf6, пп. a7, b7, g7, h7. 1… 0-0 2. Сc5 Лe8\n",
			listFEN + "@1:1 1", "0-0 Сc5 Лe8", 2},
		{"white to move, castling on both sides, the number of the first move",
			"Position: Ke1, Ra1, Rh1, Bc1; Black: Ke8, Rh8, Ra7. 23. O-O-O Ra1\n",
			"4k2r/r7/8/8/8/8/8/R1B1K2R w KQk - 0 23@1:1 1", "O-O-O Ra1", 45},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := listGame(t, tc.input)
			if got := fenOf(g); got != tc.fen {
				t.Errorf("FEN %q, want %q", got, tc.fen)
			}
			if g.PieceList != (tc.fen != "") {
				t.Errorf("PieceList %v", g.PieceList)
			}
			if tc.fen == "" {
				return
			}
			if got := movesOf(g); got != tc.moves {
				t.Errorf("moves %q, want %q", got, tc.moves)
			}
			if g.FirstPly != tc.firstPly {
				t.Errorf("FirstPly %d, want %d", g.FirstPly, tc.firstPly)
			}
			if len(g.Problems) != 0 {
				t.Errorf("problems %v", g.Problems)
			}
		})
	}
}

// Words that are no list stay what they were: moves, or prose.
func TestPieceListNearMisses(t *testing.T) {
	for _, tc := range []struct{ name, input, moves string }{
		{"a king missing", "позиция: Крg1, Фd1, пп. a2; черные Фd8, пп. a7. 1. Крf2 Фd2\n", "Крg1 Фd1 a2 Фd8 a7 Крf2 Фd2"},
		{"kings' moves that look like pieces", "1. Kf3 Kf6 2. Ke3 Ke6\n", "Kf3 Kf6 Ke3 Ke6"},
		{"kings' moves without numbers or marker", "The kings walk: Kf3, Kf6, Ke3, Ke6.\n", "Kf3 Kf6 Ke3 Ke6"},
		{"a square twice", "White: Kg1, Rg1; Black: Kg8. 1. Kh1 Kh8\n", "Kg1 Rg1 Kg8 Kh1 Kh8"},
		{"a colour word that opens no list", "White to move: 1. Kf3 Kf6\n", "Kf3 Kf6"},
		{"Stellung in a sentence", "Schwarz hat eine feste Stellung ohne Schwächen. 1. e4 e5\n", "e4 e5"},
		{"Stellung: before no list", "Die Stellung: Weiß steht besser. 1. e4 e5\n", "e4 e5"},
		{"Stellung: before one side's pieces", "Stellung: Kg1 Tf1 a2; Kg8 Ta8 g7. 1... Ta1 2. Txa1\n", "Kg1 Tf1 a2 Kg8 Ta8 g7 Ta1 Txa1"},
		// "bel" in lower case is a French or Italian word, no colour.
		{"bel in lower case", "bel. Krg1 Lf1; Chern. Krg8 La8; g7. 1... La1 2. Lxa1\n", "Krg1 Lf1 Krg8 La8 g7 La1 Lxa1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var moves []string
			for _, g := range parseString(t, tc.input) {
				if got := fenOf(g); got != "" || g.PieceList {
					t.Errorf("read as a list: %q", got)
				}
				moves = append(moves, movesOf(g))
			}
			if got := strings.Join(moves, " "); got != tc.moves {
				t.Errorf("moves %q, want %q", got, tc.moves)
			}
		})
	}
}

// A list after a game's moves begins the next game, even where the
// first move after it ("1…", Black's) would not.
func TestPieceListAfterAGame(t *testing.T) {
	input := "1. e4 e5 2. Nf3 Nc6\n\nЗадача. Позиция: Крg1, Лf1; черные Крg8, Лa8, пп. g7. 1… Лa1 2. Лxa1\n"
	games := parseString(t, input)
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	if got := fenOf(games[0]); got != "" {
		t.Errorf("first game FEN %q", got)
	}
	if got := movesOf(games[0]); got != "e4 e5 Nf3 Nc6" {
		t.Errorf("first game moves %q", got)
	}
	g := games[1]
	if got, want := fenOf(g), "r5k1/6p1/8/8/8/8/8/5RK1 b - - 0 1@3:15 1"; got != want {
		t.Errorf("FEN %q, want %q", got, want)
	}
	if g.Start.Line != 3 || g.Start.Col != 15 || movesOf(g) != "Лa1 Лxa1" || g.FirstPly != 2 {
		t.Errorf("second game at %d:%d, moves %q, first ply %d", g.Start.Line, g.Start.Col, movesOf(g), g.FirstPly)
	}
	// Cut into small chunks, the input reads the same.
	small, chunks := readAll(t, []byte(input), SplitOptions{Target: 16, Max: 1 << 12}, Options{})
	checkGames(t, []byte(input), small, chunks)
	if len(small) != 2 || fenOf(small[1]) != fenOf(g) {
		t.Errorf("in small chunks: %d games, second's FEN %q", len(small), fenOf(small[len(small)-1]))
	}
}

// TestPieceListInARemarkAfterAGame: a list of pieces inside a quoted
// remark that opens after a game's result begins the next game within the
// remark, so the remark, the next game's leading comment, opens one byte
// before that game: its text is copied whole, not pointed at from the
// game's start (a span one byte before the game's Text, which made
// arbiter convert stop on the input with an internal error). Found by
// FuzzParse (its seed ff57227114a77876).
func TestPieceListInARemarkAfterAGame(t *testing.T) {
	for _, input := range []string{
		"1. e4 e5 *\n\"Позиция: Крa1 Лb1 черные Крa7\" 1. Лb2 Крa6 *\n",
		"1. e4 e5 *\"Позиция: Крa1 Лb1 черные Крa7\" 1. Лb2 Крa6 *\n",
	} {
		games := parseString(t, input)
		if len(games) != 2 {
			t.Fatalf("%q: %d games", input, len(games))
		}
		g := games[1]
		if got, want := string(g.Bytes(g.Comment)), `"Позиция: Крa1 Лb1 черные Крa7"`; got != want {
			t.Errorf("%q: the second game's comment %q, want %q", input, got, want)
		}
		if movesOf(g) != "Лb2 Крa6" || fenOf(g) == "" {
			t.Errorf("%q: second game moves %q, FEN %q", input, movesOf(g), fenOf(g))
		}
		for _, target := range []int{8, 16, 64} {
			small, chunks := readAll(t, []byte(input), SplitOptions{Target: target, Max: 1 << 12}, Options{})
			checkGames(t, []byte(input), small, chunks)
		}
	}
}

// TestPieceListPhraseBefore: a phrase that says who moves first may stand
// right before the list, with at most a mark between, as after it; the
// phrase after the list wins, and one a blank line or another word keeps
// from the list is not read (the first move's "1." then says White). The
// first move numbered "1." keeps FirstPly 1 whichever side the phrase says.
func TestPieceListPhraseBefore(t *testing.T) {
	const (
		pieces = "Белые: Крg1, Лf1; черные Крg8, Лa8, пп. g7."
		black  = "r5k1/6p1/8/8/8/8/8/5RK1 b - - 0 1@"
		white  = "r5k1/6p1/8/8/8/8/8/5RK1 w - - 0 1@"
	)
	for _, tc := range []struct{ name, input, fen string }{
		{"phrase before", "Ход черных. " + pieces + " 1. Лa1 Лxa1\n", black + "1:22 1"},
		{"phrase after, as before", pieces + " Ход черных. 1. Лa1 Лxa1\n", black + "1:1 1"},
		{"phrase before, on the line above", "Ход черных:\n" + pieces + " 1. Лa1 Лxa1\n", black + "2:1 1"},
		{"an English phrase before", "Black to move: White: Kg1, Rf1; Black: Kg8, Ra8, g7. 1. Ra1 Rxa1\n", black + "1:16 1"},
		{"phrase before a marker", "Schwarz am Zug. Stellung: Kg1 Tf1; Schwarz: Kg8 Ta8 g7. 1. Ta1 Txa1\n", black + "1:17 1"},
		{"the phrase after wins", "Ход белых. " + pieces + " Ход черных. 1. Лa1 Лxa1\n", black + "1:20 1"},
		// near misses
		{"no phrase", pieces + " 1. Лa1 Лxa1\n", white + "1:1 1"},
		{"a blank line between", "Ход черных.\n\n" + pieces + " 1. Лa1 Лxa1\n", white + "3:1 1"},
		{"a word between", "Ход черных в партии. " + pieces + " 1. Лa1 Лxa1\n", white + "1:38 1"},
		{"two marks between", "Ход черных.. " + pieces + " 1. Лa1 Лxa1\n", white + "1:23 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := listGame(t, tc.input)
			if got := fenOf(g); got != tc.fen {
				t.Errorf("FEN %q, want %q", got, tc.fen)
			}
			if len(g.Moves) != 2 || g.FirstPly != 1 {
				t.Errorf("moves %q, first ply %d", movesOf(g), g.FirstPly)
			}
		})
	}
	// After a game, the phrase goes with the list's game, and small
	// chunks read the input as a whole one.
	input := "1. e4 e5 2. Nf3 Nc6\n\nЗадача. Ход черных. " + pieces + " 1. Лa1 Лxa1\n"
	games := parseString(t, input)
	if len(games) != 2 || fenOf(games[1]) != black+"3:36 1" {
		t.Fatalf("%d games, the last's FEN %q", len(games), fenOf(games[len(games)-1]))
	}
	for _, target := range []int{8, 16, 24, 32} {
		small, chunks := readAll(t, []byte(input), SplitOptions{Target: target, Max: 1 << 12}, Options{})
		checkGames(t, []byte(input), small, chunks)
		if len(small) != 2 || fenOf(small[1]) != fenOf(games[1]) {
			t.Errorf("in chunks of %d: %d games, the last's FEN %q", target, len(small), fenOf(small[len(small)-1]))
		}
	}
}
