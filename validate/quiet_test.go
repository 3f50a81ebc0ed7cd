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
		{"fifty moves", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 97 80"}, "80. Ra5+ Kf4 81. Ra4+ Ke5 1-0"), nil, "fifty-move-claimable@2 missed-fifty-move@2"},
		{"75 moves", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/3K4/R7 w - - 148 80"}, "80. Ra5+ Kf4 81. Ra4+ 1/2-1/2"), nil, "fifty-move-claimable@0 seventy-five-moves@2 moves-after-end@3"},
		{"ussr long ending", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/2r5/3K4/R4B2 w - - 148 80"}, "80. Ra5+ Kf4 81. Ra4+ 1/2-1/2"), ussr, "fifty-move-claimable@2"},
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
			if r.ThreefoldPly >= 0 || r.FiftyPly >= 0 || r.End == DeadPosition {
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
