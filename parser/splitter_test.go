package parser

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// synthetic builds n games mixing the constructs the boundary rule must not
// be fooled by: clocks in multi-line comments, blank lines inside the tag
// section, games without a blank line before the next tags, escape lines,
// tag-less games and CRLF.
func synthetic(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	var b bytes.Buffer
	moves := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6"}
	for g := 0; g < n; g++ {
		nl := "\n"
		if r.IntN(7) == 0 {
			nl = "\r\n"
		}
		if r.IntN(9) > 0 {
			fmt.Fprintf(&b, "[Event \"Game %d\"]%s", g, nl)
			if r.IntN(5) == 0 {
				b.WriteString(nl)
			}
			fmt.Fprintf(&b, "[Site \"Here \\\"%d\\\"\"]%s[Result \"*\"]%s", g, nl, nl)
			if r.IntN(4) > 0 {
				b.WriteString(nl)
			}
		}
		if r.IntN(6) == 0 {
			b.WriteString("% escape line [Event \"no\"]" + nl)
		}
		for k := 0; k < 1+r.IntN(30); k++ {
			if k%2 == 0 {
				fmt.Fprintf(&b, "%d. ", k/2+1)
			}
			b.WriteString(moves[r.IntN(len(moves))])
			switch r.IntN(12) {
			case 0:
				b.WriteString(" {[%clk 0:0" + fmt.Sprint(r.IntN(10)) + ":00]" + nl + "[%eval 0.3]}")
			case 1:
				b.WriteString(" (" + moves[r.IntN(len(moves))] + " {a (note)})")
			case 2:
				b.WriteString(nl)
			}
			b.WriteString(" ")
		}
		b.WriteString("*")
		switch r.IntN(4) {
		case 0:
			b.WriteString(nl) // straight into the next tags
		default:
			b.WriteString(nl + nl)
		}
	}
	return b.Bytes()
}

func TestSplitterCoversInput(t *testing.T) {
	input := synthetic(300, 1)
	whole, wholeChunks := readAll(t, input, SplitOptions{Target: len(input) + 1}, Options{})
	checkGames(t, input, whole, wholeChunks)
	eq(t, "one chunk", len(wholeChunks), 1)
	li := newLineIndex(input)
	for _, target := range []int{1, 50, 333, 4096} {
		games, chunks := readAll(t, input, SplitOptions{Target: target, Max: 1 << 20}, Options{})
		checkGames(t, input, games, chunks)
		if len(chunks) < 2 {
			t.Fatalf("target %d: %d chunks", target, len(chunks))
		}
		for k, c := range chunks {
			// A boundary of the tag rule, or a game without tags after a
			// result, looked for from the chunk before.
			if off := int(c.Start.Offset); k > 0 && !gameStartFor(input, int(chunks[k-1].Start.Offset), off, li) {
				t.Errorf("target %d: chunk %d starts at %d, not at a boundary", target, k, c.Start.Offset)
			}
			if c.Cut || c.Continued {
				t.Errorf("target %d: chunk %d cut", target, k)
			}
		}
		sameGames(t, fmt.Sprint("target ", target), games, whole)
	}
}

// sameGames compares what matters of two readings of the same input.
func sameGames(t *testing.T, what string, got, want []*Game) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d games, want %d", what, len(got), len(want))
	}
	for k := range got {
		if a, b := summary(got[k]), summary(want[k]); a != b {
			t.Fatalf("%s: game %d differs:\n%s\n%s", what, k, a, b)
		}
	}
}

func summary(g *Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v-%v %s %v tags:", g.Start, g.End, g.Result, g.Encoding)
	for _, t := range g.Tags {
		fmt.Fprintf(&b, " %s=%q", t.Name, t.Value)
	}
	b.WriteString(" moves:")
	for _, m := range g.Moves {
		fmt.Fprintf(&b, " %s/%d/%d/%v", g.Str(m.Norm), m.Prev, m.Depth, m.Pos)
	}
	fmt.Fprintf(&b, " problems: %v", problems(g))
	return b.String()
}

func TestSplitterByteAtATime(t *testing.T) {
	input := synthetic(40, 2)
	want, _ := readAll(t, input, SplitOptions{}, Options{})
	s := NewSplitter(iotest.OneByteReader(bytes.NewReader(input)), SplitOptions{Target: 100})
	p := NewParser(Options{})
	var got []*Game
	for {
		c, err := s.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		p.Parse(c, func(g *Game) { got = append(got, g.Clone()) })
	}
	sameGames(t, "one byte at a time", got, want)
}

func TestSplitterCapsAGiantGame(t *testing.T) {
	big := "[Event \"big\"]\n1. e4 {" + strings.Repeat("long comment line\n", 400) + "} e5 *\n\n"
	input := []byte("[Event \"a\"]\n1. d4 *\n\n" + big + "[Event \"b\"]\n1. c4 *\n")
	games, chunks := readAll(t, input, SplitOptions{Target: 16, Max: 2000}, Options{})
	checkGames(t, input, games, chunks)
	var flags []string
	for _, c := range chunks {
		if len(c.Data) > 2000 {
			t.Errorf("chunk of %d bytes over the cap", len(c.Data))
		}
		flags = append(flags, fmt.Sprintf("%v/%v", c.Cut, c.Continued))
	}
	eq(t, "chunk flags", flags, []string{"false/false", "true/false", "true/true", "true/true", "false/true", "false/false"})
	eq(t, "first game intact", problems(games[0]), []string{})
	eq(t, "cut game", problems(games[1])[len(games[1].Problems)-1], "114:1 game cut here: it is longer than the chunk size limit")
	eq(t, "last game intact", norms(games[len(games)-1]), []string{"c4"})
	eq(t, "last game tags", games[len(games)-1].Tags[0].Value, "b")
}

// TestSplitterBlankLinesAfterAGame: more blank lines after a finished game
// than a chunk holds cut no game; after an unfinished one they do.
func TestSplitterBlankLinesAfterAGame(t *testing.T) {
	blank := strings.Repeat("\n", 5000)
	input := []byte("[Event \"a\"]\n\n1. d4 d5 1-0\n" + blank + "[Event \"b\"]\n\n1. c4 *\n")
	games, chunks := readAll(t, input, SplitOptions{Target: 16, Max: 2000}, Options{})
	checkGames(t, input, games, chunks)
	for _, c := range chunks {
		if c.Cut || c.Continued {
			t.Errorf("chunk at line %d: cut %v, continued %v", c.Start.Line, c.Cut, c.Continued)
		}
	}
	eq(t, "games", len(games), 2)
	eq(t, "first game", problems(games[0]), []string{})
	eq(t, "last game", norms(games[1]), []string{"c4"})

	// Without its result the game may go on after the blank lines.
	input = []byte("[Event \"a\"]\n\n1. d4 d5\n" + blank + "2. c4 *\n")
	games, _ = readAll(t, input, SplitOptions{Target: 16, Max: 2000}, Options{})
	eq(t, "unfinished game cut", problems(games[0])[len(games[0].Problems)-1], "1982:1 game cut here: it is longer than the chunk size limit")
}

func TestSplitterCutsALongLineAtACharacter(t *testing.T) {
	input := []byte("1. e4 {" + strings.Repeat("ж", 1000) + "}")
	_, chunks := readAll(t, input, SplitOptions{Target: 10, Max: 301}, Options{})
	for k, c := range chunks {
		if k > 0 && c.Data[0]&0xC0 == 0x80 {
			t.Errorf("chunk %d starts inside a character", k)
		}
	}
	eq(t, "chunks", len(chunks), 7)
}

type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(b []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(b, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestSplitterReturnsReadErrorAfterData(t *testing.T) {
	boom := errors.New("disk on fire")
	s := NewSplitter(&failingReader{data: []byte("[Event \"a\"]\n1. e4 *\n"), err: boom}, SplitOptions{})
	c, err := s.Next()
	eq(t, "data first", string(c.Data)+fmt.Sprint(err), "[Event \"a\"]\n1. e4 *\n<nil>")
	_, err = s.Next()
	eq(t, "then the error", err, boom)
}

func TestSplitterStartOffset(t *testing.T) {
	s := NewSplitter(strings.NewReader("[Event \"a\"]\n1. e4 *\n"), SplitOptions{Start: Pos{Offset: 1000, Line: 40, Col: 1}})
	c, _ := s.Next()
	eq(t, "start", c.Start, Pos{Offset: 1000, Line: 40, Col: 1})
	var got Pos
	NewParser(Options{}).Parse(c, func(g *Game) { got = g.Moves[0].Pos })
	eq(t, "move", got, Pos{Offset: 1015, Line: 41, Col: 4})
}

func TestSplitterEmptyInput(t *testing.T) {
	_, err := NewSplitter(strings.NewReader(""), SplitOptions{}).Next()
	eq(t, "EOF", err, io.EOF)
	games, _ := readAll(t, []byte(" \n\n \t"), SplitOptions{}, Options{})
	eq(t, "blank input has no game", len(games), 0)
}

// TestCutsFromAnyOffset starts reading at NextBoundary of random offsets, as
// a distributed runner would, and gets the same games as a whole reading.
func TestCutsFromAnyOffset(t *testing.T) {
	input := synthetic(200, 3)
	cutsAgree(t, input, 200)
}

func cutsAgree(t *testing.T, input []byte, tries int) {
	t.Helper()
	whole, chunks := readAll(t, input, SplitOptions{Target: 64 << 10}, Options{})
	checkGames(t, input, whole, chunks)
	r := rand.New(rand.NewPCG(uint64(len(input)), 9))
	li := newLineIndex(input)
	for k := 0; k < tries; k++ {
		off := r.IntN(len(input))
		b := NextBoundary(input, off)
		if b < 0 {
			continue
		}
		start := li.pos(int64(b))
		s := NewSplitter(bytes.NewReader(input[b:]), SplitOptions{Start: start, Target: 1 + r.IntN(5000)})
		p := NewParser(Options{})
		var got []*Game
		for {
			c, err := s.Next()
			if err != nil {
				break
			}
			p.Parse(c, func(g *Game) { got = append(got, g.Clone()) })
		}
		first := 0
		for first < len(whole) && whole[first].Start.Offset < int64(b) {
			first++
		}
		if first == len(whole) || whole[first].Start.Offset != int64(b) {
			t.Fatalf("offset %d: boundary %d is not where a whole-file game starts", off, b)
		}
		sameGames(t, fmt.Sprintf("from offset %d (boundary %d)", off, b), got, whole[first:])
	}
}

// TestReleasedChunksAreReused parses every chunk, releases it, and checks
// that later chunks are read into released buffers and still give the games
// a reading without Release gives.
func TestReleasedChunksAreReused(t *testing.T) {
	input := synthetic(400, 3)
	want, _ := readAll(t, input, SplitOptions{Target: 2048}, Options{})
	s := NewSplitter(bytes.NewReader(input), SplitOptions{Target: 2048})
	p := NewParser(Options{})
	var got []*Game
	released := map[*byte]bool{}
	chunks, reused := 0, 0
	for {
		c, err := s.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		chunks++
		if released[&c.Data[0]] {
			reused++
		}
		p.Parse(c, func(g *Game) { got = append(got, g.Clone()) })
		first := &c.Data[0]
		c.Release()
		if c.Data != nil {
			t.Fatalf("chunk %d: Data still set after Release", chunks)
		}
		released[first] = true
	}
	sameGames(t, "with Release", got, want)
	// sync.Pool may drop a buffer (the race detector drops some on
	// purpose), so reuse is asked of most chunks, not of every one.
	if chunks < 20 || reused < chunks/4 {
		t.Errorf("%d of %d chunks read into a released buffer", reused, chunks)
	}
}

// TestReleaseOfOtherChunks checks that releasing a chunk the splitter did
// not make, or a chunk twice, only drops its data.
func TestReleaseOfOtherChunks(t *testing.T) {
	c := Chunk{Data: []byte("1. e4 *\n"), Start: Pos{Offset: 7, Line: 2, Col: 1}, Cut: true}
	c.Release()
	c.Release()
	if c.Data != nil || c.Start != (Pos{Offset: 7, Line: 2, Col: 1}) || !c.Cut {
		t.Errorf("after Release: %+v", c)
	}
	s := NewSplitter(strings.NewReader("[Event \"a\"]\n\n1. e4 *\n"), SplitOptions{})
	d, err := s.Next()
	if err != nil {
		t.Fatal(err)
	}
	d.Release()
	d.Release() // a second Release must not hand the buffer back twice
	e, f := newBuffer(1), newBuffer(1)
	if cap(e) > 0 && cap(f) > 0 && &e[:1][0] == &f[:1][0] {
		t.Error("one buffer handed out twice")
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestSplitterReadsLittleAhead checks that the splitter reads about what the
// next chunk needs: bytes read past a cut are copied into the next buffer,
// so reading all the room a buffer has would copy most of the input twice.
func TestSplitterReadsLittleAhead(t *testing.T) {
	input := synthetic(3000, 5)
	const target = 16 << 10
	r := &countingReader{r: bytes.NewReader(input)}
	s := NewSplitter(r, SplitOptions{Target: target})
	handed, chunks, most := 0, 0, 0
	for {
		c, err := s.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		handed += len(c.Data)
		chunks++
		most = max(most, r.n-handed)
	}
	// A read is a block (the target here) at least; one more may be needed
	// to see where the game at the target ends.
	if chunks < 20 || most > 2*target {
		t.Errorf("%d chunks; up to %d bytes read ahead of the chunks, want at most %d", chunks, most, 2*target)
	}
}

// TestSplitterCROnlyLines: a file whose lines end with a CR alone (classic
// Mac OS) splits into the same games, at the same lines and columns, as its
// LF copy, read in one piece or a byte at a time (a CR at the end of a read
// waits for the next byte); CR LF and LF CR files keep their bytes.
func TestSplitterCROnlyLines(t *testing.T) {
	var lf strings.Builder
	for i := range 40 {
		fmt.Fprintf(&lf, "[Event \"E%d\"]\n[Result \"*\"]\n\n1. e4 {a\nnote} e5 2. Qh5 x9 *\n\n", i)
	}
	read := func(in string, oneByte bool) ([]*Game, string) {
		var r io.Reader = strings.NewReader(in)
		if oneByte {
			r = iotest.OneByteReader(r)
		}
		var data strings.Builder
		games := splitAndParse(t, r, SplitOptions{Target: 300, Max: 4096}, func(c Chunk) { data.Write(c.Data) })
		return games, data.String()
	}
	want, _ := read(lf.String(), false)
	if len(want) != 40 {
		t.Fatalf("LF: %d games", len(want))
	}
	for _, oneByte := range []bool{false, true} {
		got, data := read(strings.ReplaceAll(lf.String(), "\n", "\r"), oneByte)
		if data != lf.String() {
			t.Errorf("CR-only (one byte %v): the chunks are not the LF text", oneByte)
		}
		if len(got) != len(want) {
			t.Fatalf("CR-only (one byte %v): %d games, want %d", oneByte, len(got), len(want))
		}
		for i := range want {
			if got[i].Start != want[i].Start || len(got[i].Problems) != len(want[i].Problems) ||
				got[i].Problems[0].Pos != want[i].Problems[0].Pos || len(got[i].Moves) != len(want[i].Moves) {
				t.Errorf("CR-only (one byte %v) game %d: start %+v problems %v, want %+v %v", oneByte, i,
					got[i].Start, got[i].Problems, want[i].Start, want[i].Problems)
			}
		}
	}
	for _, ends := range []string{"\r\n", "\n\r"} {
		in := strings.ReplaceAll(lf.String(), "\n", ends)
		got, data := read(in, true)
		if data != in || len(got) != 40 {
			t.Errorf("%q ends: %d games, bytes kept %v", ends, len(got), data == in)
		}
	}
}

// TestSplitterGamesOnOneLine: games written one after another on a single
// line split at their starts (a result, blanks, a tag pair) into chunks
// near the target, not at the cap into chunks of thousands of games; every
// game is read whole.
func TestSplitterGamesOnOneLine(t *testing.T) {
	var in strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&in, `[Event "E%d"] [Result "*"] 1. Nf3 Nf6 2. Ng1 Ng8 * `, i)
	}
	chunks := 0
	games := splitAndParse(t, strings.NewReader(in.String()), SplitOptions{Target: 4096, Max: 64 << 10}, func(c Chunk) {
		if chunks++; c.Cut || len(c.Data) > 4096+200 {
			t.Fatalf("chunk %d: %d bytes, cut %v", chunks, len(c.Data), c.Cut)
		}
	})
	for i, g := range games {
		if len(g.Problems) != 0 || len(g.Moves) != 4 {
			t.Fatalf("game %d: %d moves, problems %v", i, len(g.Moves), g.Problems)
		}
	}
	if len(games) != 3000 {
		t.Errorf("%d games, want 3000", len(games))
	}
}

// TestSplitterTaglessGames: games without tags, one a line or many on one
// line, are cut into chunks near the target at a game that follows a
// result, never at the cap, and read as the whole file is; a "1-0" then
// "1." inside a comment, a variation or a rest-of-line comment is no game
// start.
func TestSplitterTaglessGames(t *testing.T) {
	game := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0"
	tricky := "1. e4 {a note\nthat ends 1-0\n1. d4 was played too} e5 (1... c5 2. Nf3 1-0\n1. d4) 2. Nf3 ; 1-0\n2... Nc6 *"
	// Where the parser's reading of text depends on more than the scan
	// follows, a Parser finds the cut; where there is none near the target
	// (nocut), the games are the same all the same.
	const nocut = -1
	for _, tc := range []struct {
		name, in string
		games    int
		nocut    int
	}{
		{"a line each", strings.Repeat(game+"\n", 3000), 3000, 0},
		{"many on a line", strings.Repeat(strings.Repeat(game+" ", 100)+"\n", 30), 3000, 0},
		{"CR LF", strings.Repeat(game+"\r\n", 3000), 3000, 0},
		{"with a tricky game", strings.Repeat(game+"\n", 1000) + tricky + "\n" + strings.Repeat(game+"\n", 1000), 2001, 0},
		// Scoresheet text: a bracketed aside is read like a variation, a
		// '#' line is a note, ';' is punctuation (here before an aside).
		{"asides of text", strings.Repeat("1. e4 e5 2. Nf3 Nc6 [a note: 0-1\n1. d4 d5 was tried] 3. Bb5 a6 1-0\n"+
			"1. e4 e5 2. Nf3 (2. d4\n# see 1-0\n1. d4 ) 2... Nc6 1-0\n"+
			"1. d4 d5; (after 1-0\n1. c4 c6) 2. c4 1-0\n", 400), 1200, 0},
		// Games with notes that read as tag pairs: ignored after
		// a move, they begin a game after a result, and a game read by
		// PGN's rules before one.
		{"notes read as tag pairs", strings.Repeat("1. e4 e5 [the \"main\" line] 2. Nf3 Nc6 [see \"Informant\" 12] 3. Bb5 a6 1-0\n", 400), 400, 0},
		{"notes after the result", strings.Repeat(game+" [see \"Informant\" 12]\n", 400), 401, 0},
		{"notes after a heading", strings.Repeat(game+"\nGame 12 [see \"Informant\" 12]\n", 400), 401, 0},
		{"notes after a move after the result", strings.Repeat("1. e4 e5 1-0 Nf3 [see \"Informant\" 12] d5 1-0\n", 400), 800, 0},
		// Each a game the parser reads whole: ';' after a blank is a
		// comment; an aside closes only with its own bracket; a quote in an
		// aside is no tag value; a lone CR starts no '#' line.
		{"comment after a blank", strings.Repeat("1. e4 e5 2. Nf3 Nc6 ; compare 1-0 1. d4 d5 here\n3. Bb5 a6 1-0\n", 400), 400, 0},
		{"comment hiding a bracket", strings.Repeat("1. e4 e5 2. Nf3 (2. d4 ; alt )\n0-1\n1. d4 d5 ) 2... Nc6 3. Bb5 a6 1-0\n", 400), 400, 0},
		{"a tag pair among them", strings.Repeat("1. c4 c5 1-0 [Event \"x\"] 1. e4 e5 ( 2. Nf3 w; ) 1-0\n1. d4 d5 ) 0-1\n", 400), 800, 0},
		// Within the parser's depth, a ';' in an aside is read as at the
		// top: punctuation after a word, else a comment to the line's end.
		{"';' in asides", strings.Repeat("1. e4 e5 [x;y] 2. Nf3 Nc6 (2... d6; or 2... Nf6 ) 3. Bb5 [see; also] 1-0\n", 3000), 3000, 0},
		{"form feed before ;", strings.Repeat("1. e4 e5 ( 2. Nf3 \f; ) 1-0\n1. d4 d5 ) 0-1\n", 400), 400, 0},
		{"lone CR in a comment", strings.Repeat("1. e4 e5 ( 2. Nf3 ; x\r) 1-0\n1. d4 d5 ) 0-1\n", 400), 400, 0},
		{"a tag value without its quote", strings.Repeat("1. e4 e5 ( 2. Nf3 [Event \"x )\n 1-0\n1. d4 d5 ) 0-1\n", 400), 400, 0},
		{"no move after the number", strings.Repeat("1. e4 e5 1-0\n1. Chapter two\n1-0\n", 400), 400, 0},
		{"no square after the number", strings.Repeat("1. e4 e5 2. Nf3 Nc6 1-0\n1. e9 1-0\n1. e4 d5 1-0\n1. Kf9 1-0\n", 200), 400, 0},
		{"a word with squares after the number", strings.Repeat("1. e4 e5 2. Nf3 Nc6 1-0\n1. a1b2c3d4 1-0\n1. e4 d5 1-0\n1. e2e4e5 1-0\n", 200), 400, 0},
		{"a tag pair the parser reads leniently", strings.Repeat("1. e4 e5 2. Nf3 ( 2. d4 [Event\u00a0\"])\"] 1-0\n1. c4 c5 )\n", 400), 400, 0},
		{"variation and aside brackets", strings.Repeat("1. e4 e5 2. Nf3 (2. d4 see ] 0-1\n1. d4 d5 ) 2... Nc6 3. Bb5 a6 1-0\n"+
			"1. e4 e5 2. Nf3 Nc6 [note ) 0-1\n1. d4 d5 ] 3. Bb5 a6 1-0\n", 200), 400, 0},
		{"quote in an aside", strings.Repeat("1. e4 e5 2. Nf3 Nc6 [he said \"wow\" 1-0\n1. d4 d5 was seen] 3. Bb5 a6 1-0\n", 400), 400, 0},
		{"lone CR before #", strings.Repeat("1. e4 e5 2. Nf3\r# (2. d4 see\n0-1\n1. d4 d5) 2... Nc6 3. Bb5 a6 1-0\n", 400), 400, 0},
		// Headings between games ("Game 12", a Russian heading, players'
		// names) belong to the game before, as its text after the result:
		// cut at the "1." after them.
		{"headings between games", strings.Repeat("Game 12\n"+game+"\n\n", 1000) +
			strings.Repeat("Партия 7, Москва 1985\n"+game+"\n", 1000) +
			strings.Repeat(game+"\nKasparov - Karpov, round 3:\n\n"+game+" \"Brilliant!\" said Petrosian\n", 500), 3000, 0},
		// The parser begins a game at a "1." and a move after one that has
		// a move, whatever stands between: a move in a heading (here "e4",
		// "3. dc", "O-O", "--"), a result in a comment, no result at all.
		// "Tal", which would be Ta1 with an l for the 1, is prose there:
		// OCR damage is mended only where a move stands.
		{"moves in headings", strings.Repeat(game+"\nNotes with e4 openings\n"+game+"\nRound 3. dc\n"+game+" said Tal\n"+
			game+"\nO-O early\n"+game+"\nthen -- or Z0 0000\n", 200), 1800, 0},
		{"a result in a comment line", strings.Repeat("1. e4 e5 2. Nf3 Nc6 ; compare 1-0\n1. d4 d5 3. Bb5 a6 1-0\n", 400), 800, 0},
		{"a result in a note line", strings.Repeat("1. e4 e5 2. Nf3 Nc6\n# the game 1-0\n1. d4 d5 3. Bb5 a6 1-0\n", 400), 800, 0},
		{"no results", strings.Repeat("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n", 3000), 3000, 0},
		// A preface longer than a chunk belongs to the first game, which
		// has no move before its "1.": no cut there.
		{"a long preface", strings.Repeat("Some words of a preface.\n", 400) + strings.Repeat(game+"\n", 3000), 3000, nocut},
		// After a result, a move in a variation begins a game: no cut
		// after it until a "1." and a move outside asides.
		{"a game begun in a variation", strings.Repeat(game+" ( 1. d4 d5 ) 1. c4 c5 1-0\n", 400), 1200, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			input := []byte(tc.in)
			whole, _ := readAll(t, input, SplitOptions{Target: len(input) + 1}, Options{})
			games, chunks := readAll(t, input, SplitOptions{Target: 4096, Max: 64 << 10}, Options{})
			checkGames(t, input, games, chunks)
			if len(games) != tc.games {
				t.Fatalf("%d games, want %d", len(games), tc.games)
			}
			if tc.nocut == 0 && len(chunks) < len(input)/(2*4096) {
				t.Errorf("%d chunks of %d bytes: not cut near the target", len(chunks), len(input))
			}
			for k, c := range chunks {
				if c.Cut || c.Continued || tc.nocut == 0 && len(c.Data) > 2*4096+200 {
					t.Errorf("chunk %d: %d bytes, cut %v", k, len(c.Data), c.Cut)
				}
			}
			sameGames(t, "chunks vs whole", games, whole)
		})
	}
}

// TestSplitterNoCutInsideText: a result and a tag pair inside a comment, a
// variation or a tag value are no game start, on one line or at the end of
// a file larger than the target; a game on one line after a cut inside a
// game is not looked into either.
func TestSplitterNoCutInsideText(t *testing.T) {
	game := `[Event "g"] [Result "*"] 1. e4 e5 * `
	tricky := `[Event "t"] [Annotator "a 1-0 [Event \"x\"] b"] 1. e4 {` + strings.Repeat("x", 3000) + ` a note: 1-0 [Event "x"] was the header} e5 (1... c5 {1-0 [Event "y"]}) 2. Nf3 *`
	for _, tc := range []struct {
		name string
		in   string
	}{
		{"one line", strings.Repeat(game, 200) + tricky + " " + strings.Repeat(game, 200)},
		{"last game of a file", strings.Repeat(`[Event "g"]`+"\n[Result \"*\"]\n\n1. e4 e5 *\n\n", 200) + tricky + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, _ := readAll(t, []byte(tc.in), SplitOptions{Target: 1000, Max: 64 << 10}, Options{})
			for _, g := range games {
				if len(g.Problems) != 0 {
					t.Fatalf("game at %+v: %v", g.Start, g.Problems)
				}
			}
			if want := strings.Count(tc.in, `[Event "g"]`) + 1; len(games) != want {
				t.Errorf("%d games, want %d", len(games), want)
			}
		})
	}
}

// TestSplitterStrayCR: a CR in an LF file, or in the CR LF ends of a file
// whose first line end is a CR alone, is no line end of its own.
func TestSplitterStrayCR(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		games    int
		line     int64 // of the last game's start
	}{
		{"CR in a tag of an LF file", "[Event \"e\rx\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"f\"]\n[Result \"*\"]\n\n1. d4 *\n", 2, 6},
		{"CR CR LF ends", "[Black \"b\"]\r\r\n[Event \"e\"]\r\r\n[Result \"*\"]\r\r\n\r\r\n1. e4 *\r\r\n\r\r\n[Black \"c\"]\r\r\n[Event \"f\"]\r\r\n[Result \"*\"]\r\r\n\r\r\n1. d4 *\r\r\n", 2, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, _ := readAll(t, []byte(tc.in), SplitOptions{}, Options{})
			if len(games) != tc.games || games[len(games)-1].Start.Line != tc.line {
				t.Errorf("%d games, the last at line %d; want %d at line %d", len(games), games[len(games)-1].Start.Line, tc.games, tc.line)
			}
		})
	}
}

// TestSplitterReadSizes: a file yields the same games (places, tags, moves,
// problems, text) read whole as read in small chunks, a byte or half a
// buffer at a time: CR-only, CR LF and mixed line ends around the 64 KiB
// window lineEnds decides in, and games on one line around comments,
// variations, tag values and % lines that hold what looks like a game start.
func TestSplitterReadSizes(t *testing.T) {
	games := func(n int, eol string) string {
		return strings.Repeat(`[Event "e"]`+eol+`[Result "*"]`+eol+eol+"1. e4 {c} e5 (1... c5) 2. Nf3 *"+eol+eol, n)
	}
	cases := map[string]string{
		"CR only":                 games(300, "\r"),
		"CR LF":                   games(300, "\r\n"),
		"mixed":                   games(100, "\r") + games(100, "\n") + games(100, "\r\n") + games(100, "\n\r"),
		"stray CR in an LF file":  "[Event \"e\rx\"]\n[Result \"*\"]\n\n1. e4 *\n\n" + games(5, "\n"),
		"% line closes nothing":   "[Event \"a\"]\n1. e4 (1. d4\n%)\n1. e4 e5 1-0 [Event \"x\"] 1. d4 d5 2. c4 *",
		"tag value ends its line": "[Event \"a]\n1. e4 {c \"] 1-0 [Event \"x\"] z} e5 *",
	}
	short := "[Event \"e\"]\r[Result \"*\"]\r\r1. e4 e5 *\r\r"
	for _, at := range []int{65534, 65535, 65536} {
		s := strings.Repeat(short, at/len(short)+1)
		cases[fmt.Sprintf("CR only, LF at %d", at)] = s[:at] + "\n" + s[at:]
		cases[fmt.Sprintf("CR only, CR LF at %d", at)] = s[:at] + "\r\n" + s[at:]
		pad := `[Event "p"] 1. e4 {` + strings.Repeat("y", at-22) + "} *"
		cases[fmt.Sprintf("first line end CR at %d", at)] = pad + "\r\r" + games(20, "\r")
		cases[fmt.Sprintf("first line end LF at %d", at)] = pad + "\n\n" + games(20, "\r")
	}
	var line strings.Builder
	for i := range 200 {
		line.WriteString(`[Event "g"] [Result "*"] 1. e4 e5 * `)
		line.WriteString([]string{
			`[Event "t"] [Annotator "a 1-0 [Event \"x\"] b"] 1. e4 {1-0 [Event "x"]} e5 (1... c5 {1-0 [Event "y"]} (1... d5 1-0 [Event "n"])) 2. Nf3 * `,
			`[Event "u"] [Site "C:\\"] [Round "1 ( 2"] 1. e4 {a ( b} e5 1-0 `,
			`[Event "v"] 1. e4 ( 1. d4 ) ( 1. c4 ( 1. Nf3 ) ) 0-1 `,
		}[i%3])
	}
	cases["games on one line"] = line.String()

	read := func(r io.Reader, opt SplitOptions) []string {
		var out []string
		for _, g := range splitAndParse(t, r, opt, nil) {
			out = append(out, fmt.Sprintf("%+v %+v %v %v %v %q", g.Start, g.End, g.Tags, norms(g), g.Problems, g.Text))
		}
		return out
	}
	for name, in := range cases {
		whole := read(strings.NewReader(in), SplitOptions{Target: 1 << 30, Max: 1 << 30})
		for _, target := range []int{20, 37, 333, 5000} {
			for _, how := range []string{"whole reads", "a byte at a time", "half reads"} {
				var r io.Reader = strings.NewReader(in)
				switch how {
				case "a byte at a time":
					r = iotest.OneByteReader(r)
				case "half reads":
					r = iotest.HalfReader(r)
				}
				got := read(r, SplitOptions{Target: target, Max: 1 << 20})
				if !slices.Equal(got, whole) {
					t.Errorf("%s, target %d, %s: %d games, whole %d", name, target, how, len(got), len(whole))
					for k := range min(len(got), len(whole)) {
						if got[k] != whole[k] {
							t.Errorf("game %d:\n got %.300s\nwant %.300s", k, got[k], whole[k])
							break
						}
					}
				}
			}
		}
	}
}

// splitAndParse reads r with opt, handing each chunk to chunk (when not nil)
// before it is parsed, and returns copies of the games.
func splitAndParse(t *testing.T, r io.Reader, opt SplitOptions, chunk func(Chunk)) []*Game {
	t.Helper()
	s, p := NewSplitter(r, opt), NewParser(Options{})
	var games []*Game
	for {
		c, err := s.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatal(err)
		}
		if chunk != nil {
			chunk(c)
		}
		p.Parse(c, func(g *Game) { games = append(games, g.Clone()) })
	}
}

// TestSplitterDone: Done turns true with the chunk that holds the input's
// last byte, never before, whatever the chunk sizes and read sizes, and
// for games on one line and games longer than the cap too.
func TestSplitterDone(t *testing.T) {
	oneLine := bytes.ReplaceAll(synthetic(60, 3), []byte("\n"), []byte(" "))
	for _, input := range [][]byte{synthetic(300, 1), oneLine, bytes.Repeat([]byte("1. e4 e5 "), 3000)} {
		for _, target := range []int{1, 100, 1000, 4096, 1 << 20} {
			for _, oneByte := range []bool{false, true} {
				var r io.Reader = bytes.NewReader(input)
				if oneByte {
					r = iotest.OneByteReader(r)
				}
				s := NewSplitter(r, SplitOptions{Target: target, Max: max(target, 8192)})
				read := 0
				for {
					c, err := s.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						t.Fatal(err)
					}
					read += len(c.Data)
					if done := s.Done(); done != (read == len(input)) {
						t.Fatalf("target %d, one byte %v: Done() = %v after %d of %d bytes", target, oneByte, done, read, len(input))
					}
				}
				if read != len(input) || !s.Done() {
					t.Fatalf("target %d: read %d of %d bytes", target, read, len(input))
				}
			}
		}
	}
}

// A game that begins inside a line, where a chunk is cut or a game split,
// has its line start before the text the parser holds: positions found far
// into it (a clock command, a comment cut at the limit) and the tag-line
// test count from there, as the whole file's reading does, without a panic.
func TestGameBegunInsideALine(t *testing.T) {
	for _, in := range []string{
		"1.e4 1.f3 {[%clk",
		"1. e4 e5 1. d4 d5 {[%clk x]} 2. c4 *",
		"1. e4 e5 1. d4 [Event \"x\"] d5 *",
		"1. e4 e5 1-0 1. d4 [note] d5 {[%eval x]} *",
		strings.Repeat(strings.Repeat("1. d4 d5 {[%clk 0:01]} 2. c4 c6 ", 30)+"\n", 40),
	} {
		whole, _ := readAll(t, []byte(in), SplitOptions{Target: len(in) + 1}, Options{})
		for _, target := range []int{1, 7, 50, 333} {
			games, chunks := readAll(t, []byte(in), SplitOptions{Target: target, Max: 64 << 10}, Options{})
			checkGames(t, []byte(in), games, chunks)
			sameGames(t, fmt.Sprintf("%.20q at target %d", in, target), games, whole)
		}
	}
}

// Once the input is read, the last chunk leaves the splitter no buffer: a
// directory of 5,000 one-game files made and cleared one of 2 MiB for each
// (3.3 s, against 0.13 s).
func TestSplitterLastChunkHoldsNoBuffer(t *testing.T) {
	s := NewSplitter(strings.NewReader("[Event \"x\"]\n\n1. e4 *\n"), SplitOptions{})
	c, err := s.Next()
	if err != nil || len(c.Data) == 0 {
		t.Fatalf("chunk %q, %v", c.Data, err)
	}
	if s.buf != nil {
		t.Errorf("after the last chunk the splitter holds a buffer of %d bytes", cap(s.buf))
	}
	if _, err := s.Next(); err != io.EOF {
		t.Errorf("then %v, want io.EOF", err)
	}
}
