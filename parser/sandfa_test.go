package parser

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// sanRead runs sanScan over w as fastRun does, followed by each byte that
// ends a word and by the end of the input, and checks that every ending
// gives the same answer at the same place.
func sanRead(w []byte) (accept bool, sc Scripts) {
	buf := make([]byte, len(w)+1)
	copy(buf, w)
	j, st := sanScan(w, 0) // the input ends with the word
	for c := 0; c < 256; c++ {
		if !fastEnd[c] {
			continue
		}
		buf[len(w)] = byte(c)
		j2, st2 := sanScan(buf, 0)
		if st2 != st || st != sanReject && (j2 != len(w) || j != len(w)) {
			panic(fmt.Sprintf("%q: at the end (%d, %d), before %q (%d, %d)", w, j, st, byte(c), j2, st2))
		}
	}
	switch st {
	case sanAccept, sanAcceptP:
		return true, pieceScripts[w[0]] | Scripts(st-sanAccept)
	}
	return false, 0
}

// TestSanDFAAgreesWithPlainMove checks every word of up to five bytes of
// the plain SAN alphabet, and random longer ones: the table accepts a word
// only when plainMove does, with the same scripts, and rejects only what
// fastRun leaves to the general path anyway (words that start with a digit,
// an x or a sign).
func TestSanDFAAgreesWithPlainMove(t *testing.T) {
	var alpha []byte
	for c := 0; c < 256; c++ {
		if fastSAN[c] {
			alpha = append(alpha, byte(c))
		}
	}
	check := func(w []byte) {
		got, gotSC := sanRead(w)
		wantSC, want := plainMove(w)
		if got && (!want || gotSC != wantSC) {
			t.Fatalf("%q: table accepts with %v, plainMove says %v with %v", w, gotSC, want, wantSC)
		}
		if want && !got && fastClass[w[0]] == fcMove {
			t.Fatalf("%q: plainMove accepts, the table does not", w)
		}
	}
	w := make([]byte, 0, 16)
	var gen func(int)
	gen = func(depth int) {
		if len(w) > 0 {
			check(w)
		}
		if depth == 0 {
			return
		}
		for _, c := range alpha {
			w = append(w, c)
			gen(depth - 1)
			w = w[:len(w)-1]
		}
	}
	depth := 5
	if testing.Short() {
		depth = 4
	}
	gen(depth)
	t.Logf("alphabet %d", len(alpha))
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 200000; k++ {
		w = w[:0]
		for n := 6 + rng.Intn(6); len(w) < n; {
			w = append(w, alpha[rng.Intn(len(alpha))])
		}
		check(w)
	}
	for _, s := range []string{"e4", "exd5", "Nf3", "Nbd2", "R1e2", "R1xe2", "Qh4xe1", "e8=Q+", "e8Q", "bxa1=N#", "O-O", "O-O-O+", "Kxf7"} {
		if ok, _ := sanRead([]byte(s)); !ok {
			t.Errorf("%q not accepted", s)
		}
	}
	for _, s := range []string{"e", "e9", "O-O-", "Oe4", "e8=", "xe4", "Nf3-", "e4+Q", "ee"} {
		if ok, _ := sanRead([]byte(s)); ok {
			t.Errorf("%q accepted", s)
		}
	}
}

// TestSanDFAAcceptsNoOneByteWord: fastRun lets a move followed by a space
// and a file letter stand alone without asking fastAlone, which joins a
// file letter only to a one-byte word ("К d5").
func TestSanDFAAcceptsNoOneByteWord(t *testing.T) {
	for c := 0; c < 256; c++ {
		for _, end := range []string{"", " ", " d5"} {
			w := append([]byte{byte(c)}, end...)
			if j, st := sanScan(w, 0); st == sanAccept || st == sanAcceptP {
				t.Errorf("%q: accepted up to %d", w, j)
			}
		}
	}
}

// readBothWays parses data with fastRun and headTags and without them (the
// general path) and fails unless every game is the same, field by field,
// but for the moves' Parts, which only fastRun fills and which must be
// those sanPartsOf gives their words.
func readBothWays(t *testing.T, data []byte, opt Options) int {
	t.Helper()
	read := func(noFast bool) []*Game {
		s := NewSplitter(bytes.NewReader(data), SplitOptions{Target: 64, Max: 1 << 12})
		p := NewParser(opt)
		p.noFastRun, p.noHead = noFast, noFast
		var games []*Game
		for {
			c, err := s.Next()
			if err != nil {
				return games
			}
			p.Parse(c, func(g *Game) { games = append(games, g.Clone()) })
		}
	}
	fast, slow := read(false), read(true)
	if len(fast) != len(slow) {
		t.Fatalf("%d games with fastRun, %d without (input %q)", len(fast), len(slow), clipInput(data))
	}
	for k := range fast {
		// Only fastRun takes words apart: each move's parts, where it has
		// any, are SAN's for its Norm; the rest is read alike.
		for i := range fast[k].Moves {
			m := &fast[k].Moves[i]
			if word := fast[k].Bytes(m.Norm); m.Parts != 0 && m.Parts != sanPartsOf(word) {
				t.Fatalf("game %d: %q taken apart as %#x, SAN's parts are %#x (input %q)", k, word, uint64(m.Parts), uint64(sanPartsOf(word)), clipInput(data))
			}
			m.Parts = 0
		}
		if !reflect.DeepEqual(fast[k], slow[k]) {
			t.Fatalf("game %d differs with fastRun:\n%+v\nwithout:\n%+v\n(input %q)", k, *fast[k], *slow[k], clipInput(data))
		}
	}
	return len(fast)
}

// TestFastRunReadsAsTheGeneralPath compares fastRun with the general path
// on games that exercise its edges: restarts, results, variations, wrong
// numbers, moves it leaves to the general path, the end of the input.
func TestFastRunReadsAsTheGeneralPath(t *testing.T) {
	inputs := []string{
		"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n",
		"[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6\n1. d4 d5 *\n",
		"[Event \"x\"]\n1. e4 (1. d4 d5 2. c4) 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 *",
		"[Event \"x\"]\n1. e4 e5 3. Nf3 2... Nc6 4. Bb5 1... c5 *",
		"[Event \"x\"]\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3",
		"[Event \"x\"]\n1. e4 e5 2. e2 - e4 K d5 3. e8=Q+ bxa1=N# 4. exd6 e.p. Nf3!? 5. Qh4xe1 R1e2 *",
		"[Event \"x\"]\n1. e4 e5 {[%clk 0:01:00]} 2. Nf3 $1 Nc6 ; note\n3. Bb5 a6 0-1 4. d4 *",
		"1. e4 e5 2. Nf3 Кf9 3. Bb5 a6\n\n1. d4 d5\n1... Nf6",
		"[FEN \"8/8/8/8/8/8/4k3/4K3 w - - 0 30\"]\n30. Kd1 Kd3 31. Ke1\n29. Kf1 *\n",
		// numbers of one to five digits, cut by the end of the input, and
		// moves joined with the word after one or two spaces, or not
		"[Event \"x\"]\n9. e4 e5 99. Nf3 Nc6 999. Bb5 a6 9999. Ba4 Nf6 99999. O-O Be7 *",
		"[Event \"x\"]\n1. e4 e5 12", "[Event \"x\"]\n1. e4 e5 123", "[Event \"x\"]\n1. e4 e5 1234", "[Event \"x\"]\n1. e4 e5 12.",
		"[Event \"x\"]\n1. e4 e5 12.\n3... Nf3 4.. Nc6 5.\tBb5 6.{c} a6 7.(7. d4) 8.X *",
		"[Event \"x\"]\n1. Nf3 : d5 2. Nf3  - d5 3. Nf3 x d5 4. Nf3 \xd0\xb0 5. Nf3  \xc2\xa0 6. Nf3 e5 7. Nf3  d5 8. Nf3 ",
		"[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\r\n6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2",
	}
	for _, in := range inputs {
		readBothWays(t, []byte(in), Options{})
		readBothWays(t, []byte(in), Options{NoVariations: true, NoComments: true})
		readBothWays(t, []byte(in), Options{MaxMoves: 5})
	}
	if n := readBothWays(t, synthetic(300, 5), Options{}); n < 300 {
		t.Fatalf("%d games", n)
	}
}

func FuzzFastRun(f *testing.F) {
	f.Add([]byte("[Event \"a\"]\n1. e4 {c} (1. d4) e5 $1 2. Nf3 Nc6 3. Bb5 a6 *\n"))
	f.Add([]byte("1. e4 e5 2. Nf3\n\n1. d4 d5\n1... Nf6"))
	f.Add([]byte("[Event \"a\"]\r\n[Site \"b\"]\n\n[Event \"c\"]\n[X \"d\\\"\"]\n\n1. e4 1-0\n[Event \"e\"] *"))
	// Lines headTags reads eight bytes at a time, with names and values
	// across the words' edges.
	f.Add([]byte("[Event \"Wch U16\"]\n[Site \"Oropesa del Mar\"]\n[Date \"1998.??.??\"]\n[Round \"1\"]\r\n" +
		"[WhiteElo \"2500\"]\n[EventDate \"1998.10.10\"]\n[TimeControl \"40/7200:3600\"]\n[TerminationDetails \"x\"]\n\n1. e4 *\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		readBothWays(t, data, Options{MaxDepth: 8, MaxComment: 100, MaxMoves: 50})
		readBothWays(t, data, Options{NoVariations: true, NoComments: true})
	})
}

// TestHeadTagsReadAsTheGeneralPath compares headTags with tagPair and
// afterTagSection on tag sections at its edges: blank lines, an [Event
// after a blank line, tags it leaves to the general path after plain ones,
// line ends, the end of the input, pieces decoded from a legacy encoding.
func TestHeadTagsReadAsTheGeneralPath(t *testing.T) {
	inputs := []string{
		"[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 1-0\n",
		"[Event \"x\"]\r\n[Site \"y\"]\r\n\r\n1. e4 e5 1-0\r\n",
		"[Event \"x\"]\n\n[Event \"y\"]\n\n[Event \"z\"]\n[Site \"w\"]\n\n[Round \"1\"]\n1. e4 *",
		"[Event \"x\"]\n[Site \"a \\\"b\\\" c\"]\n[Date \"?\"]\n1. e4 *",
		"[Event \"x\"]\n[Site \"y\"] 1. e4 *\n",
		"[Event \"x\"]\n[Site \"y\"] \n[Date\t\"z\" ]\n[ Round \"1\"]\n*",
		"[Event \"x\"]\n[Site \"y\"]\n[Date \"z\"",
		"[Event \"x\"]\n[Site \"y\"]\n[Date \"z",
		"[Event \"x\"]\n[Site \"y\"]",
		"[Event \"x\"]\n[Site \"y\"]\n",
		"[Event \"x\"]\n[Site \"y\"]\n  \t",
		"[Event \"x\"]\n[Site\"y\"]\n[Opening \"]\"]\n[MyTag \"v\"]\n1. e4 *\n[Event \"n\"]\n1. d4 *",
		"[Event \"x\"]\n[White \"Jos\xe9\"]\n[Black \"\xd0\xb0\"]\n1. e4 *",
		"[Event \"\xc8\xe3\xf0\xe0\"]\n[Site \"y\"]\n1. e4 \xca\xf13 *",
		"[Event \"x\"]\n[Site \"y\xc2\xa0\"]\n[Date\xc2\xa0\"z\"]\n1. e4 *",
		"[Event \"x\"]\n[Site \"y\"]\n%comment\n1. e4 *",
		"[Event \"x\"]\n[Site \"y\"]\n1. e4 1-0 [Event \"z\"]\n[Site \"y\"]\n1. d4 *",
		"\xef\xbb\xbf[Event \"x\"]\n[Site \"y\"]\n1. e4 *",
		"  [Event \"x\"]\n[Site \"y\"]\n1. e4 *",
		"[Event \"" + strings.Repeat("v", maxTagValue+3) + "\"]\n[Site \"y\"]\n1. e4 *",
		"[" + strings.Repeat("N", maxTagName+1) + " \"x\"]\n[Site \"y\"]\n1. e4 *",
	}
	for _, in := range inputs {
		for _, opt := range []Options{{}, {NoVariations: true, NoComments: true}, {ForceEncoding: true, Encoding: Windows1251}} {
			if n := readBothWays(t, []byte(in), opt); n == 0 {
				t.Fatalf("no game in %q", clipInput([]byte(in)))
			}
		}
	}
	files, _ := filepath.Glob("testdata/*.*")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		readBothWays(t, data, Options{})
	}
}

// TestHeadTagsReadPlainTags checks that headTags does read a plain tag
// section (so that the comparison above compares something) and stops
// before the first line it leaves to the general path.
func TestHeadTagsReadPlainTags(t *testing.T) {
	in := "[Event \"x\"]\r\n[MyTag \"y\"]\n\n[Date \"a\\\\b\"]\n1. e4 *\n"
	p := NewParser(Options{})
	var tags []Tag
	p.Parse(Chunk{Data: []byte(in)}, func(g *Game) { tags = append(tags, g.Tags...) })
	want := []Tag{
		{Name: "Event", Value: "x", Pos: Pos{Offset: 0, Line: 1, Col: 1}},
		{Name: "MyTag", Value: "y", Pos: Pos{Offset: 13, Line: 2, Col: 1}},
		{Name: "Date", Value: "a\\b", Pos: Pos{Offset: 26, Line: 4, Col: 1}},
	}
	if !reflect.DeepEqual(tags, want) {
		t.Errorf("tags %+v, want %+v", tags, want)
	}
	if want := (headRead{to: 26, tags: 2, buf: 26, line: 4}); p.head != want { // buf: the two lines as written
		t.Errorf("headTags read %+v, want %+v", p.head, want)
	}
}

// TestFastResultReadsAsTheGeneralPath compares fastResult with word on
// results and the words that only begin like one.
func TestFastResultReadsAsTheGeneralPath(t *testing.T) {
	ends := []string{"", " ", "\n", "\r\n", ".", ",", ")", "}", "{c}", "(", "]", "\"", "$1", ";x", "-0", "/2", "\x00", "\xc2\xa0", "\xc2\xbb", "x", "1"}
	words := []string{"1-0", "0-1", "1/2-1/2", "*", "1/2", "1-", "0-0", "1:0", "½-½", "**", "1/2-1"}
	var in strings.Builder
	for _, head := range []string{"[Event \"x\"]\n1. e4 e5 ", "1. e4 e5 ", "[Event \"x\"]\n1. e4 (1. d4 ", "[Event \"x\"]\n1. e4 1-0 "} {
		for _, w := range words {
			for _, e := range ends {
				in.Reset()
				in.WriteString(head + w + e)
				readBothWays(t, []byte(in.String()), Options{})
				in.WriteString(" 2. Nf3\n")
				readBothWays(t, []byte(in.String()), Options{NoVariations: true, NoComments: true})
			}
		}
	}
}
