package validate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// perftFindings reads text as a position list and returns, a line each,
// its findings: "line:col code severity: message".
func perftFindings(t *testing.T, text string) []string {
	t.Helper()
	return findingsEach(t, text, "; ", func(f *Finding) string {
		return fmt.Sprintf("%d:%d %s %s: %s", f.Pos.Line, f.Pos.Col, f.Code, f.Severity, f.Message)
	})
}

func TestPerftMismatch(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	// Chess960 (castling king and rook by rook files, Shredder's GE or
	// X-FEN's KQ): 20 moves, castling among them.
	const fischer = "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9"
	const fischerNote = "1:1 non-standard-notation info: the FEN's castling rights need a king or rook off its square in standard chess, and no Variant tag names Chess960: the game is read as Chess960"
	for _, tc := range []struct {
		name, line, want string
	}{
		{"right counts, D5 past the budget", start + " ;D1 20 ;D2 400 ;D3 8902 ;D4 197281 ;D5 4865609", ""},
		{"a wrong count", start + " ;D1 20 ;D2 401 ;D3 8902",
			"1:69 perft-mismatch error: the perft count to depth 2 is written as 401, but the position has 400 nodes at that depth"},
		{"every wrong count, each at its place", start + " ;D1 21 ;D2 400 ;D3 8903",
			"1:62 perft-mismatch error: the perft count to depth 1 is written as 21, but the position has 20 nodes at that depth; " +
				"1:77 perft-mismatch error: the perft count to depth 3 is written as 8903, but the position has 8902 nodes at that depth"},
		// A count past the budget is not worked out, wrong or not; one
		// at the budget is.
		{"a wrong count past the budget", start + " ;D5 4865610 ;D4 1000001", ""},
		{"a wrong count at the budget", start + " ;D4 1000000",
			"1:62 perft-mismatch error: the perft count to depth 4 is written as 1000000, but the position has 197281 nodes at that depth"},
		// A small count of a deep tree: the walk stops past the budget.
		{"a small count of a deep tree", start + " ;D6 20",
			"1:62 perft-mismatch error: the perft count to depth 6 is written as 20, but the position has more than 1000000 nodes at that depth"},
		{"mate: no node", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1 ;D1 0 ;D2 0 ;D3 1",
			"1:51 perft-mismatch error: the perft count to depth 3 is written as 1, but the position has 0 nodes at that depth"},
		{"one node", "k7/8/8/8/8/8/1r6/K7 w - - 0 1 ;D1 2",
			"1:35 perft-mismatch error: the perft count to depth 1 is written as 2, but the position has 1 node at that depth"},
		// The replay's Chess960 castling.
		{"Chess960, Shredder's letters", fischer + " ;D1 20 ;D2 479 ;D3 10471", fischerNote},
		{"Chess960, X-FEN's letters", strings.Replace(fischer, " GE ", " KQ ", 1) + " ;D1 20 ;D2 479 ;D3 10471", fischerNote},
		{"Chess960, a wrong count", fischer + " ;D1 19", fischerNote +
			"; 1:65 perft-mismatch error: the perft count to depth 1 is written as 19, but the position has 20 nodes at that depth"},
		// A position that cannot arise is not counted: Black, not to
		// move, is in check.
		{"impossible position", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 ;D1 1",
			"1:1 impossible-position error: the start position cannot arise in a game: Black is in check but it is White to move"},
		{"no king", "8/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 1 ;D2 1",
			"1:1 impossible-position error: the start position cannot arise in a game: Black has no king"},
	} {
		got := perftFindings(t, tc.line+"\n")
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// A position that cannot arise is not counted when impossible-position is
// turned off either: the setting hides the finding, not the reason.
func TestPerftImpossibleDisabled(t *testing.T) {
	var rules Config
	if err := rules.Disable("impossible-position"); err != nil {
		t.Fatal(err)
	}
	in := "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 ;D1 1\n"
	err := parser.ReadGames(strings.NewReader(in), parser.Options{}, func(g *parser.Game) {
		if fs := Check(g, &Options{Rules: &rules}).Findings; len(fs) != 0 {
			t.Errorf("findings %+v, want none", fs)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The project's perft suites (testdata/perft, published counts, standard
// and Chess960) hold no count the checker disagrees with. (One of their
// positions cannot arise in a game, and is not counted: two checkers on
// one line. A bishop behind its unmoved pawn with no castling right is
// counted in the Chess960 reading, Report.AsChess960.)
func TestPerftSuitesAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("works out every count of up to a million nodes")
	}
	for _, name := range []string{"perftsuite.epd", "chess960.epd"} {
		text, err := os.ReadFile(filepath.Join("..", "testdata", "perft", name))
		if err != nil {
			t.Fatal(err)
		}
		lines, counted := 0, 0
		err = parser.ReadGames(bytes.NewReader(text), parser.Options{}, func(g *parser.Game) {
			lines++
			for _, c := range g.Perft {
				if c.Nodes <= PerftBudget {
					counted++
				}
			}
			r := Check(g, nil)
			for _, f := range append(r.Findings, r.AsChess960...) {
				if f.Code == PerftMismatch {
					t.Errorf("%s:%d: %s: %s", name, f.Pos.Line, f.Code, f.Message)
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if lines < 50 || counted < 3*lines {
			t.Errorf("%s: %d lines, %d counts within the budget: the suite was not read as one", name, lines, counted)
		}
	}
}
