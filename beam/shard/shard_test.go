package shard

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline"
)

// place is what identifies a game read: where it starts and ends.
type place struct {
	Start parser.Pos
	End   int64
}

// wholeFile reads data from its start, as the command line does.
func wholeFile(t testing.TB, data []byte) []place {
	t.Helper()
	var out []place
	s := parser.NewSplitter(bytes.NewReader(data), parser.SplitOptions{})
	p := parser.NewParser(parser.Options{})
	for {
		c, err := s.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		p.Parse(c, func(g *parser.Game) { out = append(out, place{g.Start, g.End.Offset}) })
	}
}

// cutAt reads data as shards cut at the given offsets, each shard on its
// own (its span, then its count), and returns the games in shard order,
// positioned with the counts of the shards before, as the runner does.
func cutAt(t testing.TB, data []byte, cuts []int64) []place {
	t.Helper()
	size := int64(len(data))
	r := bytes.NewReader(data)
	opt := &pipeline.CheckOptions{}
	var out []place
	var base Base
	prev := Span{}
	for k := 0; k <= len(cuts); k++ {
		sh := Shard{Index: k, Last: k == len(cuts), Size: size, End: size}
		if k > 0 {
			sh.Start = cuts[k-1]
		}
		if k < len(cuts) {
			sh.End = cuts[k]
		}
		sp, err := Bounds(r, &sh)
		if err != nil {
			t.Fatal(err)
		}
		if k == 0 && sp.From != 0 || k > 0 && sp.From != prev.To || sh.Last && sp.To != size {
			t.Fatalf("cuts %v: shard %d spans %v after %v: the spans must tile the file", cuts, k, sp, prev)
		}
		games, lines, err := Count(r, sp, opt)
		if err != nil {
			t.Fatal(err)
		}
		var mine []place
		p := parser.NewParser(parser.Options{})
		if err := chunks(r, sp, base.Lines, opt, func(c parser.Chunk) error {
			p.Parse(c, func(g *parser.Game) { mine = append(mine, place{g.Start, g.End.Offset}) })
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if int64(len(mine)) != games || int64(bytes.Count(data[sp.From:sp.To], []byte{'\n'})) != lines {
			t.Fatalf("shard %d: Count says %d games, %d lines; it reads %d games", k, games, lines, len(mine))
		}
		out = append(out, mine...)
		base.Games += games
		base.Lines += lines
		prev = sp
	}
	return out
}

func randomCuts(rng *rand.Rand, size int64, n int) []int64 {
	cuts := make([]int64, 0, n)
	for range n {
		cuts = append(cuts, 1+rng.Int64N(max(1, size-1)))
	}
	slices.Sort(cuts)
	return slices.Compact(cuts)
}

func sameGames(t *testing.T, name string, data []byte, cuts []int64) {
	t.Helper()
	want := wholeFile(t, data)
	got := cutAt(t, data, cuts)
	if !slices.Equal(got, want) {
		i := 0
		for i < min(len(got), len(want)) && got[i] == want[i] {
			i++
		}
		at := func(s []place) string {
			if i < len(s) {
				return fmt.Sprint(s[i])
			}
			return "none"
		}
		t.Fatalf("%s cut at %v: %d games, want %d; game %d is %s, want %s", name, cuts, len(got), len(want), i, at(got), at(want))
	}
}

// Cases where deciding a boundary needs what lies before the cut.
var tricky = map[string]string{
	"tag-only games": "[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n[Site \"d\"]\n\n[Event \"e\"]\n\n1. e4 *\n",
	"blank lines in tags": "[Event \"a\"]\n\n\n\n[Site \"b\"]\n\n1. e4 e5 1-0\n" + strings.Repeat("\n", 300) +
		"[Event \"c\"]\n" + strings.Repeat(" \n", 200) + "[Site \"x\"]\n1. d4 0-1\n",
	"movetext into tags": "[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 *\n[White \"c\"]\n1. c4 *",
	"clk comments":       "[Event \"a\"]\n\n1. e4 {\n[%clk 0:01:00]\n} e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n",
	"no tags":            "1. e4 e5 2. Nf3 1-0\n1. d4 d5 0-1\n\n1. c4 *\n",
	"bom and crlf":       "\ufeff[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n  [Event \"b\"]\r\n\r\n1. d4 *\r\n",
	"damaged tag":        "[Event \"a\"]\n[Site \xabZagreb\"]\n[Round \"1\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n",
	"heading comment":    "; a file comment\nsome prose before the games\n\n[Event \"a\"]\n\n1. e4 *\n",
	"comment preamble":   "{ A collection,\n by me. }\n% escape\n\n[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n",
	"long preamble":      "{" + strings.Repeat("z", 100<<10) + "}\n[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n",
	"long line before": strings.Repeat("x", 200<<10) + "\n\n[Event \"a\"]\n\n1. e4 *\n[Event \"b\"]\n" +
		strings.Repeat("y", 100<<10) + "\n[Event \"c\"]\n\n1. d4 *\n",
}

// TestEveryCut cuts small inputs at every offset, one and two at a time.
func TestEveryCut(t *testing.T) {
	for name, text := range tricky {
		data := []byte(text)
		step := int64(1)
		if len(data) > 4096 {
			step = 9973
		}
		for c := int64(1); c < int64(len(data)); c += step {
			sameGames(t, name, data, []int64{c})
			if c%3 == 0 && c+3 < int64(len(data)) {
				sameGames(t, name, data, []int64{c, c + 3})
			}
		}
	}
}

// TestRandomCutsTestdata cuts the parser's sample files (encodings, CRLF,
// BOM, clocks) at random offsets.
func TestRandomCutsTestdata(t *testing.T) {
	paths, _ := filepath.Glob("../../parser/testdata/*.pgn")
	more, _ := filepath.Glob("../../parser/testdata/*.txt")
	paths = append(paths, more...)
	if len(paths) < 5 {
		t.Fatalf("found %d sample files, want the parser's testdata", len(paths))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for range 50 {
			sameGames(t, path, data, randomCuts(rng, int64(len(data)), 1+rng.IntN(8)))
		}
	}
}

// TestRandomCutsCorpus cuts every plain file of the shared corpus at random
// offsets and compares the games with a read from the start.
func TestRandomCutsCorpus(t *testing.T) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("ARBITER_CORPUS: %v", err)
	}
	inputs := pipeline.Expand([]string{dir})
	rng := rand.New(rand.NewPCG(3, 4))
	files := 0
	for _, in := range Describe(inputs) {
		if in.Compressed || in.Size <= 0 {
			continue
		}
		data, err := os.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		files++
		rounds := 1
		if len(data) < 4<<20 {
			rounds = 3
		}
		for range rounds {
			sameGames(t, in.Path, data, randomCuts(rng, int64(len(data)), 1+rng.IntN(20)))
		}
	}
	if files == 0 {
		t.Fatalf("no plain file in %s", dir)
	}
	t.Logf("%d files", files)
}

func TestBoundaryEnds(t *testing.T) {
	data := []byte("[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n")
	r := bytes.NewReader(data)
	size := int64(len(data))
	second := int64(bytes.Index(data, []byte("[Event \"b\"]")))
	for _, c := range []struct{ x, want int64 }{{0, 0}, {-5, 0}, {1, second}, {second, second}, {second + 1, size}, {size, size}, {size + 9, size}} {
		if got, err := Boundary(r, size, c.x); err != nil || got != c.want {
			t.Errorf("Boundary(%d) = %d, %v; want %d", c.x, got, err, c.want)
		}
	}
	if _, err := Boundary(r, size+100, 5); err == nil {
		t.Error("Boundary of a file shorter than its size: no error")
	}
}

func TestPlan(t *testing.T) {
	inputs := []Input{{Number: 0, Path: "a", Size: 25}, {Number: 1, Path: "b.zst", Size: 40, Compressed: true},
		{Number: 2, Path: "c", Size: 10}, {Number: 3, Path: "gone", Size: -1}, {Number: 4, Path: "empty", Size: 0}}
	got := Plan(inputs, 10)
	want := []Shard{
		{Input: 0, Path: "a", Index: 0, Size: 25, Start: 0, End: 10},
		{Input: 0, Path: "a", Index: 1, Size: 25, Start: 10, End: 20},
		{Input: 0, Path: "a", Index: 2, Size: 25, Start: 20, End: 25, Last: true},
		{Input: 1, Path: "b.zst", Size: 40, Whole: true, Last: true},
		{Input: 2, Path: "c", Size: 10, End: 10, Last: true},
		{Input: 3, Path: "gone", Size: -1, Whole: true, Last: true},
		{Input: 4, Path: "empty", Last: true},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Plan:\n got %+v\nwant %+v", got, want)
	}
	if shards := []int{inputs[0].Shards, inputs[1].Shards, inputs[2].Shards, inputs[3].Shards, inputs[4].Shards}; !slices.Equal(shards, []int{3, 1, 1, 1, 1}) {
		t.Fatalf("Shards = %v", shards)
	}
}
