package parser

import (
	"testing"
	"unsafe"
)

// Move is copied into every game's slice and read once a ply: Folds and
// Gap fill the padding after Comment, so the move stays 96 bytes with its
// Parts (88 before Pos.Line became 64-bit).
func TestMoveSize(t *testing.T) {
	if s := unsafe.Sizeof(Move{}); s != 96 {
		t.Fatalf("parser.Move is %d bytes, want 96", s)
	}
}

const tags7 = "[Event \"x\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"

// A move whose number, or an unreadable word before it, gives it to the
// other side than the one to move after the move before it carries a Gap
// linked to the problem that says so; a whole move pair missing, a word of
// prose and a number that fits do not.
func TestGapMoves(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		problems []string
		gaps     []uint16
		has      Has
	}{
		{"odd number gap", tags7 + "1. e4 e5 2. Nf3 nc6 3. Bb5 a6 1-0\n",
			[]string{`9:17 unexpected text, from "nc6"`, "9:21 move number 3. where 2... was expected: a move is missing before it"},
			[]uint16{0, 0, 0, 2, 0}, HasGap},
		{"three plies missing", tags7 + "1. e4 e5 2. Nf3 4. Bb5 a6 1-0\n",
			[]string{"9:17 move number 4. where 2... was expected: 3 moves are missing before it"},
			[]uint16{0, 0, 0, 1, 0}, HasGap},
		{"a whole move missing", tags7 + "1. e4 e5 3. Bc4 Nc6 1-0\n",
			[]string{"9:10 move number 3. where 2. was expected"},
			[]uint16{0, 0, 0, 0}, 0},
		{"unnumbered after a word written like a move", tags7 + "1. e4 e5 2. Qxx7 Nc6 3. Bb5 1-0\n",
			[]string{`9:13 unexpected text, from "Qxx7"`},
			[]uint16{0, 0, 1, 0}, HasGap},
		{"after a move", tags7 + "1. e4 e5 2. Nf3 nc6<br Bb5 a6 1-0\n",
			[]string{`9:17 unexpected text, from "nc6<br"`},
			[]uint16{0, 0, 0, 1, 0}, HasGap},
		{"a comment between", tags7 + "1. e4 e5 2. Qxx7 {typo} Nc6 1-0\n",
			[]string{`9:13 unexpected text, from "Qxx7"`},
			[]uint16{0, 0, 1}, HasGap},
		{"two words are text", tags7 + "1. e4 e5 2. Qxx7 oops Nf3 1-0\n",
			[]string{`9:13 unexpected text, from "Qxx7"`},
			[]uint16{0, 0, 0}, 0},
		{"prose word", tags7 + "1. e4 e5 2. test Nf3 1-0\n",
			[]string{`9:13 unexpected text, from "test"`},
			[]uint16{0, 0, 0}, 0},
		{"number after the word decides", tags7 + "1. e4 e5 2. Qxx7 2... Nc6 1-0\n",
			[]string{`9:13 unexpected text, from "Qxx7"`, "9:18 move number 2... where 2. was expected: a move is missing before it"},
			[]uint16{0, 0, 2}, HasGap},
		{"in a variation", tags7 + "1. e4 e5 (2. d4 exd4) 2. Nf3 1-0\n",
			[]string{"9:11 move number 2. where 1... was expected: a move is missing before it"},
			[]uint16{0, 0, 1, 0, 0}, HasGap | HasVariations},
		// The number of the move before written again is the slip of one
		// number: the numbers after it count on from the move expected,
		// and the slip is no problem (Game.Renumbered: renumbered_test.go).
		{"the number of the move before, then one that fits the replay", tags7 + "1. e4 e5 2. Nf3 2. Nc6 3. Bb5 a6 1-0\n",
			[]string{},
			[]uint16{0, 0, 0, 0, 0, 0}, 0},
		{"the number of the move before, twice", tags7 + "1. e4 e5 2. Nf3 2. Nc6 3. Bb5 3. a6 4. Ba4 1-0\n",
			[]string{},
			[]uint16{0, 0, 0, 0, 0, 0, 0}, 0},
		// A number that slipped back ("2." for "5.") is reported once: the
		// next one, which fits the count before the slip, is no problem,
		// and neither is one that counts on from the slip.
		{"a number slipped back, then the count goes on", tags7 + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 2. O-O Be7 6. Re1 b5 1-0\n",
			[]string{"9:42 move number 2. where 5. was expected"},
			[]uint16{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 0},
		{"a number slipped back, then the count follows the slip", tags7 + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 2. O-O Be7 3. Re1 b5 1-0\n",
			[]string{"9:42 move number 2. where 5. was expected"},
			[]uint16{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 0},
		{"every number one behind", tags7 + "1.. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n",
			[]string{"9:11 move number 2. where 2... was expected"},
			[]uint16{0, 0, 0, 0, 0}, 0},
		{"clock times between the moves", tags7 + "1. e4 0:05:00 e5 0:04:58 2. Nf3 0:04:50 Nc6 O2 3. Bb5 1-0\n",
			[]string{`9:7 unexpected text, from "0:05:00"`, `9:18 unexpected text, from "0:04:58"`, `9:33 unexpected text, from "0:04:50"`, `9:45 unexpected text, from "O2"`},
			[]uint16{0, 0, 0, 0, 0}, 0},
		// The replay gives a FEN game's first move to the side the FEN puts
		// to move, whatever its number: the numbers after it count from there.
		{"a FEN with Black to move, the first move numbered as White's", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40. Kd7 41. e4 Ke6 *\n",
			[]string{"4:9 move number 41. where 40... was expected"},
			[]uint16{0, 0, 0}, 0},
		{"a FEN with Black to move, numbered from 1", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1. Kd7 2. e4 Ke6 *\n",
			[]string{"4:8 move number 2. where 1... was expected"},
			[]uint16{0, 0, 0}, 0},
		{"a FEN with Black to move, a move missing", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 2... Ke6 *\n",
			[]string{"4:10 move number 2... where 2. was expected: a move is missing before it"},
			[]uint16{0, 1}, HasGap},
		// A word that took a move's turn gives it back when the next number
		// is one ply behind: it was a stray mark, and the number fits.
		{"a stray mark the next number shows is no move", tags7 + "1. e4 e5 2. Nf3 R1 Nc6 3. Bb5 a6 1-0\n",
			[]string{`9:17 unexpected text, from "R1": skipped, as the move numbers around it leave it no move's turn`},
			[]uint16{0, 0, 0, 0, 0, 0}, 0},
		{"a stray mark after a number", tags7 + "1. e4 e5 2. Nf3 Nc6 3. R1 Bb5 a6 4. O-O 1-0\n",
			[]string{`9:24 unexpected text, from "R1": skipped, as the move numbers around it leave it no move's turn`},
			[]uint16{0, 0, 0, 0, 0, 0, 0}, 0},
		{"a stray mark, then Black's number", tags7 + "1. e4 e5 2. Nf3 Nc6 3. R1 Bb5 3... a6 1-0\n",
			[]string{`9:24 unexpected text, from "R1": skipped, as the move numbers around it leave it no move's turn`},
			[]uint16{0, 0, 0, 0, 0, 0}, 0},
		{"a stray mark, a variation before the number", tags7 + "1. e4 e5 2. Nf3 R1 Nc6 (2... d6 3. d4) 3. Bb5 a6 1-0\n",
			[]string{`9:17 unexpected text, from "R1": skipped, as the move numbers around it leave it no move's turn`},
			[]uint16{0, 0, 0, 0, 0, 0, 0, 0}, HasVariations},
		// The number that shows it comes in a variation on a later move:
		// the main line after the word moves back a ply too, so 3... fits.
		{"a stray mark, the number in a variation", tags7 + "1. e4 e5 2. Nf3 R1 Nc6 Bb5 (3. Bc4 Bc5) 3... a6 1-0\n",
			[]string{`9:17 unexpected text, from "R1": skipped, as the move numbers around it leave it no move's turn`},
			[]uint16{0, 0, 0, 0, 0, 0, 0, 0}, HasVariations},
		{"one gap given back, another kept", tags7 + "1. e4 e5 2. Nf3 R1 Nc6 3. Bb5 a6 4. Qxx7 Nf6 5. O-O 1-0\n",
			[]string{`9:17 unexpected text, from "R1": skipped, as the move numbers around it leave it no move's turn`, `9:37 unexpected text, from "Qxx7"`},
			[]uint16{0, 0, 0, 0, 0, 0, 2, 0}, HasGap},
		// Near misses: a number that counted the word as a move keeps the
		// gap, and so does a number two plies behind.
		{"a number in between counted the word", tags7 + "1. e4 e5 2. Qxx7 Nc6 3. Bb5 3. a6 1-0\n",
			[]string{`9:13 unexpected text, from "Qxx7"`},
			[]uint16{0, 0, 1, 0, 0}, HasGap},
		{"a number two plies behind", tags7 + "1. e4 e5 2. Nf3 R1 Nc6 2... Nf6 1-0\n",
			[]string{`9:17 unexpected text, from "R1"`, "9:24 move number 2... where 3... was expected"},
			[]uint16{0, 0, 0, 1, 0}, HasGap},
		{"the number fits the word as a move", tags7 + "1. e4 e5 2. Nf3 R1 Nc6 3... a6 1-0\n",
			[]string{`9:17 unexpected text, from "R1"`},
			[]uint16{0, 0, 0, 1, 0}, HasGap},
		{"tagless text", "1. e4 e5 2. Nf3 nc6 3. Bb5 a6 1-0\n",
			[]string{"1:21 move number 3. where 2... was expected: a move is missing before it"},
			[]uint16{0, 0, 0, 1, 0}, HasGap},
		{"tagless text, a whole move missing", "1. e4 e5 3. Bc4 Nc6 1-0\n",
			[]string{"1:10 move number 3. where 2. was expected: moves are missing"},
			[]uint16{0, 0, 0, 0}, 0},
	} {
		g := one(t, tc.in)
		eq(t, tc.name+" problems", problems(g), tc.problems)
		eq(t, tc.name+" gaps", gaps(g), tc.gaps)
		eq(t, tc.name+" has", g.Has, tc.has)
		readBothWays(t, []byte(tc.in), Options{}) // fastRun leaves the move after the word to addMove
	}
}

// Past the cap on problems, a gap still marks its move, unlinked.
func TestGapUnlinked(t *testing.T) {
	g := oneWith(t, tags7+"1. e4 e5 2. Nf3 ) 3. Bb5 1-0\n", Options{MaxProblems: 1})
	eq(t, "gaps", gaps(g), []uint16{0, 0, 0, GapUnlinked})
}
