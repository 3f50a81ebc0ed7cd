package validate

import (
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// TestGapStopsTheLine: a move that a missing move gives to the other side
// (by its number, or after a word written where a move was expected) stops
// the replay of its line with the parser's syntax finding, which says what
// goes unchecked, instead of an illegal move made up for the wrong side. A
// whole move pair missing keeps the side and is replayed as written.
func TestGapStopsTheLine(t *testing.T) {
	const tags7 = "[Event \"x\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"
	for _, c := range []struct {
		name, text string
		want       string // code@ply
		messages   []string
		plies      int
		variation  string
	}{
		{"a word, then a number on the other side's turn", tags7 + "1. e4 e5 2. Nf3 nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n",
			"syntax@-1 syntax@-1", []string{
				`unexpected text, from "nc6"`,
				"move number 3. where 2... was expected: a move is missing before it; the replay stops there: 3. Bb5 and the 5 moves after it are not checked",
			}, 3, ""},
		{"a word, then an unnumbered move", tags7 + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Na5 10. Bc2 c5 11. d4 Qc7 12. Qxx7 Nxc3 13. Nbd2 1-0\n",
			"syntax@-1", []string{
				`unexpected text, from "Qxx7", where a move was expected: the replay stops after it, and 12... Nxc3 and the 1 move after it are not checked`,
			}, 22, ""},
		{"the last move", tags7 + "1. e4 e5 2. Nf3 4. Bb5 1-0\n",
			"syntax@-1", []string{
				"move number 4. where 2... was expected: 3 moves are missing before it; the replay stops there: 4. Bb5 is not checked",
			}, 3, ""},
		{"tagless text", "1. e4 e5 2. Nf3 nc6 3. Bb5 a6 1-0\n",
			"tag-missing@-1 syntax@-1", []string{
				"the game has no tags; the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing",
				"move number 3. where 2... was expected: a move is missing before it; the replay stops there: 3. Bb5 and the 1 move after it are not checked",
			}, 3, ""},
		{"a whole move missing is replayed", tags7 + "1. e4 e5 3. Bc4 Nc6 1-0\n",
			"syntax@-1", []string{"move number 3. where 2. was expected"}, 4, ""},
		{"in a variation", tags7 + "1. e4 e5 (2. d4 exd4) 2. Nf3 Nc6 1-0\n",
			"syntax@-1", []string{
				"move number 2. where 1... was expected: a move is missing before it; the replay stops there: 2. d4 and the 1 move after it are not checked",
			}, 4, "1...d4"},
		{"after mate, moves-after-end says it", strings.Replace(tags7, "1-0", "0-1", 1) + "1. f3 e5 2. g4 Qh4# 3... Nc6 0-1\n",
			"syntax@-1 moves-after-end@5", []string{
				"move number 3... where 3. was expected: a move is missing before it",
				"the game ended by checkmate after 2...Qh4#, but 1 move more follows",
			}, 4, ""},
		// A move the gap gives to the other side, but legal for the side to
		// move, is more likely a slip in its number or a junk word: it is
		// played as placed, as before gaps were marked.
		{"a slip in a number", tags7 + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O 6. Be7 6. Re1 b5 7. Bb3 d6 8. Qxh7 1-0\n",
			"syntax@-1 syntax@-1 illegal-move@15", []string{
				"move number 6. where 5... was expected: Be7 is legal for the side to move and is replayed as its move",
				"move number 6. where 6... was expected",
				"Qxh7: no white queen can reach h7",
			}, 14, ""},
		// A junk word took a move's turn until the number after it showed
		// it was no move: one finding, at the word, and the game replays.
		{"a junk word written like a move", tags7 + "1. e4 e5 2. Nf3 Nc6 3. Bb5 Bb5TN a6 4. Ba4 1-0\n",
			"syntax@-1", []string{
				`unexpected text, from "Bb5TN": skipped, as the move numbers around it leave it no move's turn`,
			}, 7, ""},
		{"a stray mark between White's and Black's move", tags7 + "1. e4 e5 2. Nf3 R1 Nc6 3. Bb5 a6 4. Ba4 1-0\n",
			"syntax@-1", []string{
				`unexpected text, from "R1": skipped, as the move numbers around it leave it no move's turn`,
			}, 7, ""},
		{"a stray mark after a number", tags7 + "1. e4 e5 2. Nf3 Nc6 3. R1 Bb5 a6 4. Ba4 1-0\n",
			"syntax@-1", []string{
				`unexpected text, from "R1": skipped, as the move numbers around it leave it no move's turn`,
			}, 7, ""},
		// Near miss: no number after the stray mark settles it; the move it
		// pushed to the other side is legal for the side to move and is
		// played, and the word's finding is the only one.
		{"a stray mark, no number after it", tags7 + "1. e4 e5 2. Nf3 R1 Nc6 Bb5 a6 1-0\n",
			"syntax@-1", []string{
				`unexpected text, from "R1"`,
			}, 6, ""},
		// The number after the move counts the word as White's move, so
		// the move is Black's, though White could make it too: played for
		// White it would make the next numbered move up for Black ("d3: no
		// black pawn can reach d3").
		{"a number after the move counts the word", tags7 + "1. e4 e5 2. Nc3 Nc6 3. Qxx7 Nf3 4. d3 1-0\n",
			"syntax@-1", []string{
				`unexpected text, from "Qxx7", where a move was expected: the replay stops after it, and 3... Nf3 and the 1 move after it are not checked`,
			}, 4, ""},
		// Near miss: the number confirms that the word took the turn, and
		// the move after it is not White's: the replay stops at it.
		{"a mistyped move the number confirms", tags7 + "1. e4 e5 2. Nf3 Qxx7 Bb5 3... a6 1-0\n",
			"syntax@-1", []string{
				`unexpected text, from "Qxx7", where a move was expected: the replay stops after it, and 3. Bb5 and the 1 move after it are not checked`,
			}, 3, ""},
		{"after a dead position, moves-after-end says it too", "[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/1r6/KB6 w - - 0 50\"]\n\n50. Kxb2 51. Bc2 Kb7 1-0\n",
			"tag-missing@-1 syntax@-1 moves-after-end@2", []string{
				"Seven Tag Roster incomplete: Event, Site, Date, Round, White and Black are missing",
				"move number 51. where 50... was expected: a move is missing before it; the replay stops there: 51. Bc2 and the 1 move after it are not checked",
				"the game ended by a dead position (FIDE 5.2.2) after 50.Kxb2, but 2 moves more follow",
			}, 1, ""},
	} {
		for _, opt := range []*Options{nil, {Moves: true}, {SAN: true}} {
			r := checkOne(t, c.text, opt)
			if g := got(r); g != c.want {
				t.Errorf("%s: findings %q, want %q", c.name, g, c.want)
			}
			for i, m := range c.messages {
				if i >= len(r.Findings) || r.Findings[i].Message != m {
					t.Errorf("%s: finding %d %+v, want message %q", c.name, i, r.Findings, m)
				}
			}
			if r.Plies != c.plies {
				t.Errorf("%s: %d plies replayed, want %d", c.name, r.Plies, c.plies)
			}
			if opt != nil && opt.Moves && len(r.Moves) != c.plies {
				t.Errorf("%s: %d move facts, want %d", c.name, len(r.Moves), c.plies)
			}
			if c.variation != "" && r.Findings[0].Variation != c.variation {
				t.Errorf("%s: variation %q, want %q", c.name, r.Findings[0].Variation, c.variation)
			}
		}
		// and the eager replay, which takes the general loop, agrees
		var g *parser.Game
		if err := parser.ReadGames(strings.NewReader(c.text), parser.Options{}, func(x *parser.Game) { g = x.Clone() }); err != nil {
			t.Fatal(err)
		}
		checkBoth(t, &Checker{}, &Checker{eager: true}, g, nil, c.name)
	}
}

// Past the parser's cap on problems the gap has no problem to join: the
// stop gets a finding of its own, at the move.
func TestGapUnlinkedFinding(t *testing.T) {
	text := "[Event \"x\"]\n\n1. e4 e5 2. Nf3 ) 3. Bb5 a6 *\n"
	var rs []Report
	if err := parser.ReadGames(strings.NewReader(text), parser.Options{MaxProblems: 1}, func(g *parser.Game) { rs = append(rs, Check(g, nil)) }); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, f := range rs[0].Findings {
		if f.Code == Syntax {
			msgs = append(msgs, f.Message)
		}
	}
	want := []string{
		") without a matching (",
		"too many problems in this game; the rest are not reported",
		"a move is missing before 3. Bb5, which cannot be replayed as written: 3. Bb5 and the 1 move after it are not checked",
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") || rs[0].Plies != 3 {
		t.Errorf("messages:\n%s\nwant:\n%s\nplies %d, want 3", strings.Join(msgs, "\n"), strings.Join(want, "\n"), rs[0].Plies)
	}
}

// A claim that first becomes possible at or after the ply that ended the
// game on the board is no claim: no claimable or missed finding, and the
// games table's ThreefoldPly and FiftyPly say never, as the findings do,
// while the facts wherever they fall (python-chess's) stay for the corpus
// test.
func TestNoClaimAtOrAfterTheEnd(t *testing.T) {
	for _, c := range []struct {
		name, text             string
		want                   string
		threefold, fifty       int
		anyThreefold, anyFifty int
	}{
		{"drawn by 75 moves in the start position", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/8/R3K3 w - - 150 60"}, "60. Ra2 Kd4 61. Ra3 1-0"),
			"seventy-five-moves@0 wrong-result@-1 moves-after-end@1", -1, -1, -1, 0},
		{"threefold after a dead position", pgn("1/2-1/2", []string{"SetUp 1", "FEN 8/8/8/4k3/8/2b5/3n1B1K/2B5 w - - 0 1"},
			"1. Bxd2 Bxd2 2. Kg2 Kd5 3. Kh2 Ke5 4. Kg2 Kd5 5. Kh2 Ke5 1/2-1/2"),
			"moves-after-end@2", -1, -1, 9, -1},
		{"a claim before the end stays", pgn("1-0", []string{"SetUp 1", "FEN 8/8/8/4k3/8/8/8/R3K3 w - - 99 60"}, "60. Ra2 Kd4 1-0"),
			"fifty-move-claimable@0 missed-fifty-move@1", -1, 0, -1, 0}, // the loser's claim
	} {
		r := checkOne(t, c.text, nil)
		if g := got(r); g != c.want {
			t.Errorf("%s: findings %q, want %q", c.name, g, c.want)
		}
		if r.ThreefoldPly != c.threefold || r.FiftyPly != c.fifty || r.AnyThreefoldPly != c.anyThreefold || r.AnyFiftyPly != c.anyFifty {
			t.Errorf("%s: claims %d %d, anywhere %d %d; want %d %d, %d %d", c.name, r.ThreefoldPly, r.FiftyPly,
				r.AnyThreefoldPly, r.AnyFiftyPly, c.threefold, c.fifty, c.anyThreefold, c.anyFifty)
		}
	}
}
