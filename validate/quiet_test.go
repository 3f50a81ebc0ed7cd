package validate

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// checkBoth checks g as Check does and with the draw rules applied at every
// ply, and fails when the reports differ: quietPly may only pass over plies
// at which no rule could say anything.
func checkBoth(t *testing.T, lazy, eager *Checker, g *parser.Game, opt *Options, name string) Report {
	t.Helper()
	want := eager.Check(g, opt)
	r := lazy.Check(g, opt)
	if !reflect.DeepEqual(r, want) {
		t.Errorf("%s: skipping quiet plies changes the report:\n got %+v\nwant %+v", name, r, want)
	}
	return r
}

// TestQuietPlySameReport: games whose draw rules fire on plies of every
// kind, each checked with and without the quiet-ply shortcut.
func TestQuietPlySameReport(t *testing.T) {
	lazy, eager := &Checker{}, &Checker{eager: true}
	fide2009, ussr := &Options{Profile: FIDE2009}, &Options{Profile: USSR}
	cases := []struct {
		name, text string
		opt        *Options
		want       string // the findings, so that the case is known to reach the rule
	}{
		{"threefold", pgn("1-0", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1-0"), nil, "threefold-claimable@7 missed-threefold@7"},
		{"threefold by a move", pgn("1/2-1/2", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 1/2-1/2"), nil, "threefold-claimable@7"},
		{"fivefold", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. e4 1/2-1/2"), nil, "threefold-claimable@7 fivefold-repetition@16 moves-after-end@17"},
		{"repetition after a capture", pgn("1/2-1/2", nil, "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qd8 4. Nb1 Qd5 5. Nc3 Qd8 6. Nb1 Qd5 1/2-1/2"), nil, "threefold-claimable@11"},
		{"no fivefold in 2009", pgn("1/2-1/2", nil, shuffles(1, 4)+"9. e4 1/2-1/2"), fide2009, "threefold-claimable@7"},
		{"fifty moves", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 97 80"}, "80. Ra5+ Kf4 81. Ra4+ Ke5 1-0"), nil, "fifty-move-claimable@2 missed-fifty-move@3"},
		{"75 moves", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 148 80"}, "80. Ra5+ Kf4 81. Ra4+ 1/2-1/2"), nil, "fifty-move-claimable@0 seventy-five-moves@2 moves-after-end@3"},
		{"ussr long ending", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/2r5/3K4/R4B2 w - - 148 80"}, "80. Ra5+ Kf4 81. Ra4+ 1/2-1/2"), ussr, "fifty-move-claimable@1"}, // claimed with the move that completes 150 plies
		{"dead after a capture", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/4p3/3K4/4B3 w - - 0 1"}, "1. Kxe3 1-0"), nil, "wrong-result@-1"},
		{"dead after the rook goes", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/4r3/3K4/4B3 w - - 0 1"}, "1. Kxe3 1-0"), nil, "wrong-result@-1"},
		{"alive with a rook left", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/4p3/3K4/R3B3 w - - 0 1"}, "1. Kxe3 1-0"), nil, ""},
		{"pawn wall", pgn("1-0", []string{"SetUp 1", "FEN 8/8/4k3/1p1p1p1p/pP1P1P1P/P7/8/4K3 w - - 0 1"}, "1. Kd2 Kd6 2. Kc3 Kc7 1-0"), nil, "wrong-result@-1 moves-after-end@1"},
	}
	for _, c := range cases {
		err := parser.ReadGames(strings.NewReader(c.text), parser.Options{}, func(g *parser.Game) {
			opt := c.opt
			if opt == nil {
				opt = &Options{}
			}
			if r := checkBoth(t, lazy, eager, g, opt, c.name); got(r) != c.want {
				t.Errorf("%s: findings %q, want %q", c.name, got(r), c.want)
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
}

// TestCorpusQuietPly holds the shortcut to the eager replay over every game
// of the corpus.
func TestCorpusQuietPly(t *testing.T) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus %s: %v", dir, err)
	}
	lazy, eager := &Checker{}, &Checker{eager: true}
	games, claims := 0, 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".pgn" {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		return parser.ReadGames(f, parser.Options{}, func(g *parser.Game) {
			r := checkBoth(t, lazy, eager, g, &Options{}, path)
			games++
			if r.AnyThreefoldPly >= 0 || r.AnyFiftyPly >= 0 || r.End == DeadPosition {
				claims++
			}
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if games < 1000 || claims < 100 {
		t.Errorf("only %d games, %d with a draw rule or a dead position: the test proves little", games, claims)
	}
}

// TestPlainLoopSameReport holds playPlain, the loop of the usual check, to
// the general loop (which the eager Checker takes) on games that leave it
// early or mark a move: every way the loop can stop or record something.
func TestPlainLoopSameReport(t *testing.T) {
	lazy, eager := &Checker{}, &Checker{eager: true}
	cases := []struct{ name, text, want string }{
		{"clean", pgn("1-0", nil, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0"), ""},
		{"unreadable", pgn("1-0", nil, "1. e4 e5 2. Nf3 N@f3 1-0"), "syntax@4"},
		{"illegal", pgn("1-0", nil, "1. e4 e5 2. Ke3 Nc6 1-0"), "illegal-move@3"},
		{"ambiguous", pgn("1-0", nil, "1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 e5 4. Ne4 d5 5. Nb5 a6 6. Nc3 1-0"), "ambiguous-move@11"},
		{"null move", pgn("1-0", nil, "1. e4 -- 2. d4 e5 1-0"), "null-move@2"},
		{"check after a null move", pgn("1-0", nil, "1. e4 f5 2. d3 -- 3. Qh5 1-0"), "null-move@4 non-standard-notation@5"},
		{"unmarked mate", pgn("0-1", nil, "1. f3 e5 2. g4 Qh4 0-1"), "non-standard-notation@4"},
		{"false check mark", pgn("1-0", nil, "1. e4+ e5 2. Nf3 Nc6 1-0"), "non-standard-notation@1"},
		{"long algebraic", pgn("1-0", nil, "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 1-0"), "non-standard-notation@1"},
		// The loop's usual case (no check, none marked) records a move's
		// folds and deviations itself; a check or a mark goes the long way.
		{"castling with zeros", pgn("1-0", nil, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 1-0"), "non-standard-notation@7"},
		{"castling with letters", pgn("1-0", nil, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 1-0"), ""},
		{"unmarked pawn capture", pgn("1-0", nil, "1. e4 d5 2. ed5 Qxd5 1-0"), "non-standard-notation@3"},
		{"folded capture sign with check", pgn("1-0", nil, "1. e4 e5 2. Bc4 Nc6 3. B:f7+ Kxf7 1-0"), "non-standard-notation@5"},
		{"false mate mark", pgn("1-0", nil, "1. e4# e5 2. Nf3 Nc6 1-0"), "non-standard-notation@1"},
		{"moves after mate", pgn("0-1", nil, "1. f3 e5 2. g4 Qh4# 3. a3 0-1"), "moves-after-end@5"},
		// A check's marks wait for the next move, which says whether it mated.
		{"mate marked as check, then moves", pgn("0-1", nil, "1. f3 e5 2. g4 Qh4+ 3. a3 0-1"), "non-standard-notation@4 moves-after-end@5"},
		{"mate marked as check, then a null move", pgn("0-1", nil, "1. f3 e5 2. g4 Qh4+ -- 0-1"), "non-standard-notation@4 null-move@5"},
		{"check, then an unreadable word", pgn("1-0", nil, "1. e4 f5 2. Qh5 N@f3 1-0"), "non-standard-notation@3 syntax@4"},
		{"check marked as mate, then a move", pgn("1-0", nil, "1. e4 f5 2. Qh5# g6 1-0"), "non-standard-notation@3"},
		{"set-up check", pgn("1-0", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"}, "1... Kd8 2. Rd2+ Kc7 1-0"), ""},
		// A null move in check leaves the check standing: the move after
		// it is marked as checking, or the mark is missing.
		{"check left by a null move, marked", pgn("*", []string{"SetUp 1", "FEN k7/8/8/8/8/8/4r3/4K3 w - - 0 1"}, "1. -- Kb8+ 2. Kd1 *"), "null-move@1"},
		{"check left by a null move, unmarked", pgn("*", []string{"SetUp 1", "FEN k7/8/8/8/8/8/4r3/4K3 w - - 0 1"}, "1. -- Kb8 2. Kd1 *"), "null-move@1 non-standard-notation@2"},
		{"stalemate, then moves", pgn("1/2-1/2", []string{"SetUp 1", "FEN 7k/8/6Q1/8/8/8/8/K7 w - - 0 1"}, "1. Kb1 Kh7 2. Qf6 Kg8 3. Kc2 Kh7 4. Qf7+ Kh8 5. Kd3 1/2-1/2"), "moves-after-end@2"},
	}
	for _, c := range cases {
		err := parser.ReadGames(strings.NewReader(c.text), parser.Options{}, func(g *parser.Game) {
			if r := checkBoth(t, lazy, eager, g, &Options{}, c.name); got(r) != c.want {
				t.Errorf("%s: findings %q, want %q", c.name, got(r), c.want)
			}
		})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
}

// TestCheckerReuse checks games with and without variations, long and
// short, in turn with one Checker: each report must be a fresh Checker's
// (the main line's indexes are kept from game to game).
func TestCheckerReuse(t *testing.T) {
	texts := []string{
		pgn("*", nil, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *"),
		pgn("*", nil, "1. d4 d5 *"),
		pgn("*", nil, "1. e4 (1. d4 d5 2. c4) 1... e5 2. Nf3 (2. Nc3) 2... Nc6 3. Bb5 *"),
		pgn("*", nil, "1. c4 e5 2. Nc3 Nf6 3. g3 d5 4. cxd5 Nxd5 5. Bg2 *"),
		pgn("*", nil, "1. e4 e5 2. Nf3 Nc6 3. Bb5 (3. Bc4 Bc5) 3... a6 4. Ba4 Nf6 5. O-O Be7 *"),
		pgn("*", nil, "1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O 5. d3 d6 6. e4 e5 *"),
	}
	var reused Checker
	for round := 0; round < 2; round++ {
		for i, text := range texts {
			err := parser.ReadGames(strings.NewReader(text), parser.Options{}, func(g *parser.Game) {
				var fresh Checker
				want := fresh.Check(g, &Options{Moves: true})
				if r := reused.Check(g, &Options{Moves: true}); !reflect.DeepEqual(r, want) {
					t.Errorf("game %d, round %d: a reused Checker reports\n%+v\nwant %+v", i, round, r, want)
				}
				if len(want.Moves) == 0 {
					t.Errorf("game %d: no move replayed", i)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}
