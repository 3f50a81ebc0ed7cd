package parser

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// readsAsWhole reads in whole and in chunks of several targets, and asks
// for the same games (places, tags, moves, problems), every chunk starting
// where a chunk may.
func readsAsWhole(t *testing.T, what string, in []byte, targets ...int) {
	t.Helper()
	whole, _ := readAll(t, in, SplitOptions{Target: len(in) + 1}, Options{})
	li := newLineIndex(in)
	for _, target := range targets {
		games, chunks := readAll(t, in, SplitOptions{Target: target, Max: 1 << 20}, Options{})
		checkGames(t, in, games, chunks)
		for k := 1; k < len(chunks); k++ {
			if off := int(chunks[k].Start.Offset); !gameStartFor(in, int(chunks[k-1].Start.Offset), off, li) {
				t.Fatalf("%s, target %d: chunk %d starts at %d, where no game begins", what, target, k, off)
			}
		}
		sameGames(t, fmt.Sprintf("%s, target %d", what, target), games, whole)
	}
}

// TestScanReadsAsTheParser: text where the cut scan must follow the
// parser's state to cut where it begins games: tag pairs in text without
// tags (which end a game, are ignored or turn it to PGN's rules), tag
// sections and lines that the parser reads otherwise from a chunk's start.
func TestScanReadsAsTheParser(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		// A game of scoresheet text on one line: the cut is not looked for
		// by PGN's rules, which read no aside.
		{"an aside in text on one line", "1. d4 [note\n0-1 [Event \"b\"] 1. e4 e5 * " + strings.Repeat("[Event \"g\"] 1. e4 e5 * ", 50)},
		// After "0-1" the tag pair begins a game read by PGN's rules: its
		// "1. d4" is its first move, the "1. c4" after it a game of its own.
		{"a result run into its number", "1. e4 e5 1.1/2-1/2 [Event \"y\"]\n1. d4 d5\n1. c4 c5 1-0\n"},
		// A chunk that starts at "1. e4" reads its first line as no tag
		// line, the whole file as one ([Site ... ends with ']'): the
		// "[see" line after it begins no game in the whole file.
		{"a line read as a tag line from its start", "1. c4 *\n[Site \"a\"] [Date \"b\"]0-1 1. e4 e5 2. Nf3 Nc6 [see \"Informant\" 12]\n[see \"Informant\" 12] O-O O-O 1. *\n\n1. d4 *\n"},
		// The tag section at " [Event" begins a piece the parser reads from
		// a fresh state, before the target: "1. c4" is its first move.
		{"a tag section before the target", "[Event \"t\"]\n\n*\n\n1.e4 1.\n [Event \"E\"]\n[Result \"*\"]\n\n1. c4 [x \"y\"] z] 1. d4 d5 *\n"},
		// The Problem of a malformed pair says what the rest of its line
		// holds: no cut later on the line.
		{"a malformed tag pair's line", "[Event \"E\"]\n\n1. e4 0-1 [Event x] [Site \"a\"] 1-0\n"},
		{"notes read as tag pairs", strings.Repeat("1. e4 e5 [the \"main\" line] 2. Nf3 Nc6 [see \"Informant\" 12] 3. Bb5 a6 1-0\n", 20)},
		{"a tag pair after the result", strings.Repeat("1. e4 e5 2. Nf3 Nc6 1-0 [see \"Informant\" 12]\n", 20)},
		{"a tag pair after a heading", strings.Repeat("1. e4 e5 2. Nf3 Nc6 1-0\nGame 12 [see \"Informant\" 12]\n", 20)},
		{"a tag pair after a move after the result", strings.Repeat("1. e4 e5 2. Nf3 Nc6 1-0 Nf3 [see \"Informant\" 12] d5 1-0\n", 20)},
		// A piece before a capital square after the result is a move or
		// prose as the parser's state decides (capitalAfterProse).
		{"a capital square after the result", strings.Repeat("1. e4 e5 2. Nf3 Nc6 1-0 CD4 [see \"Informant\" 12] 1. d4 d5 *\n", 20)},
		{"a capital square after the result, then tags", strings.Repeat("1. E2-E4 E7-E5 1-0 CD4 [Event \"x\"]\n1. d4 d5 *\n1. c4 c5 *\n", 20)},
		{"a tag pair before the first move", strings.Repeat("Game 12 [see \"Informant\" 12]\n1. e4 e5 2. Nf3 Nc6 1-0\n", 20)},
		{"tags and games on one line", strings.Repeat("[Event \"a\"] 1. e4 1-0 1. d4 d5 0-1 [Round x] 1. c4 c5 * ", 20)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			readsAsWhole(t, tc.name, []byte(tc.in), 1, 7, 30, 200)
		})
	}
}

// oddText builds n games of text that the parser reads by changing rules:
// games with and without tags, tag pairs and brackets in text, comments,
// variations and asides left open, results, headings and move numbers in
// many forms.
func oddText(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 3))
	pieces := []string{
		"1. e4 e5", "2. Nf3 Nc6", "e4", "Nf3", "12.", "1.", "1. d4", "1.e4", "01. e4", "1 e4", "1... e5", "12.1-0",
		"1. Кf3", "Кf3", "1.Кf3", "0 - 0", "e2 - e4", "1. К d5", "5. e4", "2. d4", "Kf9", "e9", "--",
		"[the \"main\" line]", "[see \"Informant\" 12]", "[Event \"x\"]", "[he said \"wow\"]", "[note]", "[Event x]",
		"[Event \"a\\\"b\"]", "[Event \"open", "[x \"y\"] z]", "[a \"b\" [c]", "[\u00a0Event \"y\"]", "[Site \"a\"] [Date \"b\"]",
		"(2. d4 d5)", "( 1. d4 )", "{a 1-0 comment}", "{", "}", "(", ")", "[", "]", "((((((((((", "))))))))))",
		"; c 1-0\n", ";", "x;y", "\n# note 1. e4\n", "\n% esc\n", "\n[Event \"t\"]\n", "\n[Event \"t\"]\n[Site \"s\"]\n\n",
		"1-0", "0-1", "1/2-1/2", "*", "1:0", "½-½", "1-0.", "Game 12", "Kasparov - Karpov", "$1", "$", "e.p.", "0-0",
		"\n", "\n\n", "\r\n", "\t", "\u00a0", "\ufeff", "\"quoted\"",
	}
	var b strings.Builder
	for range n {
		switch r.IntN(5) {
		case 0:
			b.WriteString("[Event \"E\"]\n[Result \"*\"]\n\n")
		case 1:
			b.WriteString("[Event \"E\"] ")
		}
		b.WriteString([]string{"1. e4 e5 2. Nf3 Nc6 ", "", "Партия 7\n1. d4 ", "1. c4 "}[r.IntN(4)])
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
			b.WriteString([]string{" ", " ", "\n", ""}[r.IntN(4)])
		}
		b.WriteString([]string{"1-0\n", "0-1 ", "*\n\n", "\n", "1/2-1/2\nGame 3\n", " "}[r.IntN(6)])
	}
	return b.String()
}

// TestScanReadsOddText: chunks of odd text read as the whole does. (Run
// with more seeds while changing the scan: 30,000 pass.)
func TestScanReadsOddText(t *testing.T) {
	seeds := uint64(400)
	if testing.Short() {
		seeds = 50
	}
	for seed := range seeds {
		readsAsWhole(t, fmt.Sprint("seed ", seed), []byte(oddText(10+int(seed%40), seed)), 1, 30, 200)
	}
}

// TestScanCuts: where the scan cuts text, and where it is lost and leaves
// the cut to a Parser.
func TestScanCuts(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		from     int
		at       string // the cut is before its last copy ("": none)
		lost     bool
	}{
		{"after a note read as a tag pair", "1. e4 [the \"main\" line] e5 1-0\n1. d4 d5 *", 1, "1. d4", false},
		{"a tag pair after a heading", "1. e4 e5 1-0\nGame 12 [see \"x\"] 1. d4 *", 1, "[see", false},
		{"a tag pair after a result", "1. e4 e5 1-0 [see \"x\"] 1. d4 *", 1, "[see", false},
		// The game the pair begins has tags: cut before its result, it
		// would get a Problem saying so, and its "1. c4" is no cut.
		{"a game begun by a tag pair", "1. e4 1-0 [see \"x\"] 1. d4 d5 1. c4 c5 1-0\n1. Nf3 *", 11, "1. Nf3", false},
		// A move after the result begins a game, which ignores the pair; a
		// move number before the pair makes the parser ignore it too.
		{"a tag pair after a move after the result", "1. e4 1-0 Nf3 [see \"x\"] d5 1-0\n1. d4 *", 1, "\n1. d4", false},
		{"a tag pair after a number", "Game 12 [see \"x\"]\n1. e4 e5 1-0\n1. d4 *", 1, "\n1. d4", false},
		// Where a word may be joined with the next into a move, or may be
		// one before the game's first, the scan cannot tell which.
		{"a tag pair after words that may be a move", "1. e4 1-0 e2 - e4 [see \"x\"] d5 1-0\n1. d4 *", 1, "", true},
		{"a tag pair after a heading before any move", "Game [see \"x\"]\n1. e4 e5 1-0\n1. d4 *", 1, "", true},
		{"a '[' that is no tag pair", "1. e4 [he said \"wow\"] e5 1-0\n1. d4 *", 1, "1. d4", false},
		{"an aside does not end a game", "1. e4 (1. d4) e5 [Event\u00a0\"x\"] 2. Nf3\n1. d4 *", 1, "1. d4", false},
		{"an aside after the result may", "1. e4 e5 1-0 (1. d4) 1. c4 c5\n1. d4 *", 1, "\n1. d4", false},
		// The parser reads "1a1" as a number run into a move: the game
		// begins at that number, not at the "1." (no cut there).
		{"a number run into the move after \"1.\"", "1. e4 1-0 1.1a1 e5 1-0 1. 2e4 e5\n1. d4 *", 1, "\n1. d4", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := -1
			if tc.at != "" {
				want = strings.LastIndex(tc.in, tc.at) + strings.Count(tc.at[:1], "\n")
			}
			var g gameScan
			g.reset(tc.from, true)
			g.run([]byte(tc.in), len(tc.in), true)
			if g.cut != want || g.lost != tc.lost {
				t.Errorf("cut %d, lost %v; want %d, %v", g.cut, g.lost, want, tc.lost)
			}
			readsAsWhole(t, tc.name, []byte(tc.in), 1)
		})
	}
}

// TestSplitterCutsAfterACap: a game longer than the cap is cut there, and
// the text after it, read from the cut, is cut at its games again: one
// giant game, or one odd aside, no longer makes every later chunk capped
// until a tag section (0.8-1.4 GB for 64 MB of games without tags).
func TestSplitterCutsAfterACap(t *testing.T) {
	game := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n"
	giant := "1. d4 {" + strings.Repeat("a long comment ", 2000) + "} d5 1-0\n"
	in := []byte(strings.Repeat(game, 100) + giant + strings.Repeat(game, 1000))
	const target, limit = 1000, 8 << 10
	games, chunks := readAll(t, in, SplitOptions{Target: target, Max: limit}, Options{})
	checkGames(t, in, games, chunks)
	after := int64(100*len(game) + len(giant))
	for k, c := range chunks {
		if c.Start.Offset > after && (c.Cut || c.Continued || len(c.Data) > 2*target+len(game)) {
			t.Errorf("chunk %d at %d: %d bytes, cut %v, continued %v", k, c.Start.Offset, len(c.Data), c.Cut, c.Continued)
		}
	}
	// From the first game after the giant one on, the games are those of
	// a reading without a cap.
	whole, _ := readAll(t, in, SplitOptions{Target: len(in) + 1, Max: len(in) + 1}, Options{})
	first := func(gs []*Game) []*Game {
		for k, g := range gs {
			if g.Start.Offset >= after {
				return gs[k:]
			}
		}
		return nil
	}
	if got, want := first(games), first(whole); len(want) != 1000 {
		t.Fatalf("%d games after the giant one in the whole reading", len(want))
	} else {
		sameGames(t, "after the cap", got, want)
	}
}

// TestSplitterReadsALongLineOnce: the cut searches resume where the last
// read left them, so a long line costs its length, not its length once per
// block read (16 MB of text without a game took 3 s). Work counts the bytes
// the searches look at.
func TestSplitterReadsALongLineOnce(t *testing.T) {
	const size = 1 << 20
	for _, tc := range []struct{ name, line string }{
		{"a word", strings.Repeat("x", size)},
		{"prose", strings.Repeat("the game was played in Moscow ", size/30)},
		{"brackets", strings.Repeat(strings.Repeat("x", 99)+"[", size/100)},
		{"brackets before a move", "Game\n" + strings.Repeat(strings.Repeat("x", 99)+"[", size/100)},
		{"a comment not closed", "{" + strings.Repeat("x", size)},
		{"blanks after a bracket", "[" + strings.Repeat(" ", size)},
		{"games with tags and a quote in a note", strings.Repeat(`[Event "a"] 1. e4 [see "x" e5 1-0 `, size/32)},
		{"a malformed pair", "[Event \"E\"] 1. e4 [Round x] " + strings.Repeat("1-0 1. d4 ", size/10)},
		{"fragments, their numbers starting again", "[Event \"x\"]\n\n" + strings.Repeat("7. Nf3 Nf6 7. Ng1 Ng8 ", size/22)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := []byte(tc.line + "\n1. e4 e5 1-0\n" + tc.line + "\n1. d4 d5 *\n")
			s := NewSplitter(bytes.NewReader(in), SplitOptions{Target: 4096, Max: 4 << 20})
			for {
				if _, err := s.Next(); err != nil {
					break
				}
			}
			if s.work > 8*len(in) {
				t.Errorf("the cut searches looked at %d bytes of %d", s.work, len(in))
			}
		})
	}
}

// TestSplitterScansNoSmallInput: an input no larger than two chunks, in
// whole lines, is one chunk without a word scan, since every input ends so
// and most archives' files are that small (a scan of each file's tail cost
// the benchmark of issue 4 a tenth of its time).
func TestSplitterScansNoSmallInput(t *testing.T) {
	game := "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 {a note} 3. Bb5 a6 1-0\n\n"
	for _, in := range []string{strings.Repeat(game, 10000), strings.Repeat("1. e4 e5 2. Nf3 Nc6 1-0\n\n", 40000)} {
		s := NewSplitter(strings.NewReader(in), SplitOptions{})
		var chunks int
		for {
			if _, err := s.Next(); err != nil {
				break
			}
			chunks++
		}
		if chunks != 1 || s.scan.work != 0 {
			t.Errorf("%d bytes: %d chunks, the scan read %d bytes; want 1 chunk and no scan", len(in), chunks, s.scan.work)
		}
	}
}

// TestSplitterNumberAfterOne: after "1." a word that starts with a digit is
// a number of its own ("1.1a1": "1." and "1" run into "a1"), which the game
// its move begins starts at (splitBefore); the cut scan took the "1." and
// the word for a game start, and the chunk it cut there started the game
// two bytes early (a FuzzParse input: 118 whole, 116 in 64-byte chunks).
func TestSplitterNumberAfterOne(t *testing.T) {
	in := []byte(strings.Repeat("0", 50) + " 1-0 " + strings.Repeat("0", 54) + "\x8f00000 1.1a1 0000000")
	for _, target := range []int{len(in) + 1, 64, 16, 1} {
		games, chunks := readAll(t, in, SplitOptions{Target: target, Max: 1 << 12}, Options{})
		checkGames(t, in, games, chunks)
		var starts []Pos
		for _, g := range games {
			starts = append(starts, g.Start)
		}
		eq(t, fmt.Sprint("target ", target, ": game starts"), starts, []Pos{{Offset: 0, Line: 1, Col: 1}, {Offset: 118, Line: 1, Col: 119}})
		eq(t, fmt.Sprint("target ", target, ": second game's move"), raws(games[1]), []string{"a1"})
	}
	for _, tc := range []struct {
		after string
		move  bool
	}{
		{"e4 x", true}, {"Nf3 x", true}, {"1a1 x", false}, {" 1a1 x", false},
		{"2e4 x", false}, {"1.e4 x", false}, {"0.e4 x", false}, {"01e4 x", false},
	} {
		eq(t, fmt.Sprintf("moveFollows(%q)", tc.after), moveFollows([]byte(tc.after)), tc.move)
	}
}

// TestSplitterParsedCutInLegacyText: where the scan is lost in text that
// is not UTF-8 (here a tag pair after words that may be a move, in games
// typed in Windows-1251), a Parser finds the cut, as in UTF-8 text: no
// chunk was cut there, and the chunk ran to the size cap, a game cut in two
// with a Problem on each piece.
func TestSplitterParsedCutInLegacyText(t *testing.T) {
	game := encode(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 1-0\n", Windows1251)
	lost := []byte("1. e4 1-0 e2 - e4 [see \"x\"] d5 1-0\n")
	in := append(append(bytes.Repeat(game, 100), lost...), bytes.Repeat(game, 3000)...)
	whole, _ := readAll(t, in, SplitOptions{Target: len(in) + 1, Max: len(in) + 1}, Options{})
	eq(t, "games read whole", len(whole), 3102)
	const target = 4096
	games, chunks := readAll(t, in, SplitOptions{Target: target, Max: 64 << 10}, Options{})
	checkGames(t, in, games, chunks)
	li := newLineIndex(in)
	for k, c := range chunks {
		if c.Cut || c.Continued || len(c.Data) > 2*target {
			t.Errorf("chunk %d at %d: %d bytes, cut %v, continued %v", k, c.Start.Offset, len(c.Data), c.Cut, c.Continued)
		}
		if off := int(c.Start.Offset); k > 0 && !gameStartFor(in, int(chunks[k-1].Start.Offset), off, li) {
			t.Errorf("chunk %d starts at %d, where no game begins", k, off)
		}
	}
	sameGames(t, "4 KiB chunks", games, whole)
	eq(t, "encoding of the games typed in Windows-1251", games[3101].Encoding, Windows1251)
}

// TestCutReadsAlike: a chunk cut inside a piece that is decoded reads its
// part as the whole piece was read only when the part guesses the same
// code page, or is plain ASCII.
func TestCutReadsAlike(t *testing.T) {
	russian := encode(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 1-0\n", Windows1251)
	german := encode(t, "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 1-0 {Müller gewinnt, Weiß aufgegeben}\n", Windows1252)
	ascii := []byte("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n")
	for _, tc := range []struct {
		name         string
		before, rest []byte
		alike        bool
	}{
		{"the same guess", bytes.Repeat(russian, 3), bytes.Repeat(russian, 3), true},
		{"plain ASCII before", bytes.Repeat(ascii, 3), bytes.Repeat(russian, 3), true},
		{"another guess before", german, bytes.Repeat(russian, 20), false},
	} {
		in := append(append([]byte(nil), tc.before...), tc.rest...)
		x := len(tc.before)
		p := NewParser(Options{})
		c := Chunk{Data: in, Start: Pos{Offset: 100, Line: 5, Col: 1}}
		got, seen := false, false
		p.Parse(c, func(g *Game) {
			if int(g.Start.Offset-c.Start.Offset) == x {
				got, seen = p.cutReadsAlike(c, x), true
			}
		})
		if !seen {
			t.Fatalf("%s: no game begins at %d", tc.name, x)
		}
		eq(t, tc.name, got, tc.alike)
	}
}

// TestScanLeavesDecodedSequencesToAParser: the scan reads a valid UTF-8
// sequence as its character, which a code page forced (or detected for
// text with more bytes that are not UTF-8 than sequences) decodes
// otherwise: "1. Сb5" in UTF-8 is "1. п║b5" in KOI8-R, no move, and no
// game begins there. The scan cut there (FuzzParse 1a72ebff8ac31206); a
// Parser finds the cut now. Read as UTF-8, the same text is cut there.
func TestScanLeavesDecodedSequencesToAParser(t *testing.T) {
	in := []byte(strings.Repeat("1. e4 e5 1-0\n", 8) + "1. Сb5 a6 1-0\n" + strings.Repeat("1. e4 e5 1-0\n", 8))
	for _, tc := range []struct {
		opt   Options
		games int
		at    int64 // where the game with "Сb5" or "a6" begins
	}{
		// "1. п║b5" is text after the game before it; "a6" after its
		// result begins a game.
		{Options{ForceEncoding: true, Encoding: KOI8R}, 17, 112},
		{Options{}, 17, 104},
		{Options{ForceEncoding: true, Encoding: UTF8}, 17, 104},
	} {
		whole, _ := readAll(t, in, SplitOptions{Target: len(in) + 1, Parse: tc.opt}, tc.opt)
		what := fmt.Sprintf("forced %v %v", tc.opt.ForceEncoding, tc.opt.Encoding)
		eq(t, what+": games read whole", len(whole), tc.games)
		eq(t, what+": the ninth game's start", whole[8].Start.Offset, tc.at)
		for _, target := range []int{1, 30, 110} {
			games, chunks := readAll(t, in, SplitOptions{Target: target, Parse: tc.opt}, tc.opt)
			checkGames(t, in, games, chunks)
			eq(t, fmt.Sprintf("%s, target %d: cut", what, target), len(chunks) > 1, true)
			sameGames(t, fmt.Sprintf("%s, target %d", what, target), games, whole)
		}
	}
}

// TestSplitterCutsAfterAMalformedPair: the Problem of a malformed tag pair
// says what the pair holds to its ']', not the rest of its line, so a chunk
// may end after it on that line. It said the line's rest, and no chunk
// could: games on one line longer than the cap got one chunk cut there, a
// game cut in two with a Problem on each piece.
func TestSplitterCutsAfterAMalformedPair(t *testing.T) {
	in := []byte("[Event \"E\"] 1. e4 [Round x] e5 1-0 " + strings.Repeat("[Event \"a\"] 1. e4 e5 1-0 ", 20000) + "\n")
	whole, _ := readAll(t, in, SplitOptions{Target: len(in) + 1, Max: len(in) + 1}, Options{})
	eq(t, "games read whole", len(whole), 20001)
	eq(t, "the first game's problems", problems(whole[0]), []string{`1:19 malformed tag pair: the value must be in straight double quotes; write [Round "x"]`})
	const target = 4096
	games, chunks := readAll(t, in, SplitOptions{Target: target, Max: 64 << 10}, Options{})
	checkGames(t, in, games, chunks)
	for k, c := range chunks {
		if c.Cut || c.Continued || len(c.Data) > 2*target {
			t.Errorf("chunk %d at %d: %d bytes, cut %v, continued %v", k, c.Start.Offset, len(c.Data), c.Cut, c.Continued)
		}
	}
	sameGames(t, "4 KiB chunks", games, whole)
}

// TestHasUTF8Sequence: the word-at-a-time search finds a sequence where a
// byte-at-a-time count does, at every offset and across every word edge.
func TestHasUTF8Sequence(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []byte{'a', ' ', 0x80, 0x97, 0xA0, 0xB8, 0xBF, 0xC0, 0xC1, 0xC2, 0xCA, 0xD0, 0xDF, 0xE0, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}
	for n := range 20000 {
		b := make([]byte, n%40)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		multi, _ := utf8Stats(b)
		if got := hasUTF8Sequence(b); got != (multi > 0) {
			t.Fatalf("hasUTF8Sequence(%q) = %v, utf8Stats counts %d", b, got, multi)
		}
	}
	for at := range 24 {
		b := bytes.Repeat([]byte{0xCA}, 24) // Windows-1251 "К": lead bytes only
		copy(b[at:], "ё")
		eq(t, fmt.Sprintf("ё at %d", at), hasUTF8Sequence(b[:min(len(b), at+2)]), at+2 <= len(b))
	}
}
