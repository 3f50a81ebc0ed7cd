package parser

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// benchInput is the masters folder of $ARBITER_CORPUS concatenated (real
// tags, real movetext), or a synthetic file of the same flavour without it.
func benchInput(b *testing.B) []byte { return corpusInput(b, "masters") }

// corpusInput concatenates the PGN files of a corpus folder, or returns a
// synthetic file when $ARBITER_CORPUS is unset.
func corpusInput(b *testing.B, folder string) []byte {
	b.Helper()
	if dir := os.Getenv("ARBITER_CORPUS"); dir != "" {
		paths, _ := filepath.Glob(filepath.Join(dir, folder, "*", "*.pgn"))
		sort.Strings(paths)
		var buf bytes.Buffer
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			buf.Write(data)
			buf.WriteString("\n\n")
		}
		if buf.Len() > 0 {
			return buf.Bytes()
		}
	}
	return synthetic(40000, 7)
}

func splitAll(b *testing.B, input []byte) []Chunk {
	s := NewSplitter(bytes.NewReader(input), SplitOptions{})
	var chunks []Chunk
	for {
		c, err := s.Next()
		if err == io.EOF {
			return chunks
		}
		if err != nil {
			b.Fatal(err)
		}
		chunks = append(chunks, c)
	}
}

func BenchmarkSplit(b *testing.B) {
	input := benchInput(b)
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	cpu := cpuTime()
	n := 0
	for b.Loop() {
		splitAll(b, input)
		n++
	}
	reportCPU(b, cpu, n*len(input))
}

// BenchmarkSplitBracketLines splits lines of a few MiB that hold a '[' every
// 100 bytes and no ']', with and without tags: the cut scans looked for
// each '[”s end to the line's end (2.9 s for one such line of 1.2 MB, more
// than 120 s for one of '[' alone); they look once for all of them.
func BenchmarkSplitBracketLines(b *testing.B) {
	line := strings.Repeat(strings.Repeat("x", 99)+"[", 30000)
	input := []byte("1. e4 e5 1-0\n" + line + "\n1. d4 d5 *\n[Event \"x\"]\n\n1. e4 e5 1-0 " + line + "\n\n[Event \"y\"]\n\n1. d4 *\n")
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		splitAll(b, input)
	}
}

// BenchmarkScanBaseline is a bare loop over the input with one table lookup
// per byte: the speed of the machine, to read the other figures against.
func BenchmarkScanBaseline(b *testing.B) {
	input := benchInput(b)
	b.SetBytes(int64(len(input)))
	cpu := cpuTime()
	n, sum := 0, 0
	for b.Loop() {
		for _, c := range input {
			if plainSAN[c] {
				sum++
			}
		}
		n++
	}
	reportCPU(b, cpu, n*len(input))
	if sum == 0 {
		b.Fatal("no SAN bytes")
	}
}

// reportCPU adds MB per CPU-second: on a shared machine wall-clock MB/s
// drops with the load, CPU time much less.
func reportCPU(b *testing.B, start time.Duration, bytes int) {
	if used := cpuTime() - start; used > 0 && start > 0 {
		b.ReportMetric(float64(bytes)/used.Seconds()/1e6, "MB/cpu-s")
	}
}

func benchParse(b *testing.B, input []byte, opt Options) {
	chunks := splitAll(b, input)
	p := NewParser(opt)
	games, moves := 0, 0
	count := func(g *Game) {
		games++
		moves += len(g.Moves)
	}
	for _, c := range chunks {
		p.Parse(c, count)
	}
	perRun := games
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	// CPU time counts every thread: collect the garbage of building the
	// input now, or the first benchmark of a run pays for it.
	runtime.GC()
	b.ResetTimer()
	cpu := cpuTime()
	n := 0
	for b.Loop() {
		for _, c := range chunks {
			p.Parse(c, count)
		}
		n++
	}
	reportCPU(b, cpu, n*len(input))
	b.ReportMetric(float64(perRun), "games/op")
}

// BenchmarkParse reads everything: tags, moves, comments, variations.
func BenchmarkParse(b *testing.B) { benchParse(b, benchInput(b), Options{}) }

// BenchmarkParseMainline reads tags and the main line only.
func BenchmarkParseMainline(b *testing.B) {
	benchParse(b, benchInput(b), Options{NoVariations: true, NoComments: true})
}

// BenchmarkParseOnline reads the clocked online games (a [%clk] comment
// after nearly every move), everything included.
func BenchmarkParseOnline(b *testing.B) {
	benchParse(b, corpusInput(b, "online_clk"), Options{})
}

// BenchmarkParseOnlineMainline reads the online games' tags and main line.
func BenchmarkParseOnlineMainline(b *testing.B) {
	benchParse(b, corpusInput(b, "online_clk"), Options{NoVariations: true, NoComments: true})
}

// TestSteadyStateAllocations checks that a warm Parser allocates per game
// only the string holding its tag values, never per move.
func TestSteadyStateAllocations(t *testing.T) {
	input := synthetic(200, 11)
	c := Chunk{Data: input, Start: Pos{Line: 1, Col: 1}}
	p := NewParser(Options{})
	games, moves := 0, 0
	p.Parse(c, func(g *Game) { games++; moves += len(g.Moves) })
	allocs := testing.AllocsPerRun(5, func() { p.Parse(c, func(*Game) {}) })
	if moves < 1000 {
		t.Fatalf("only %d moves", moves)
	}
	if allocs > float64(games) {
		t.Errorf("%.0f allocations for %d games (%d moves): want at most one per game", allocs, games, moves)
	}
}

// BenchmarkStreamRead is the reading half of validate's BenchmarkStreamReplay:
// every game of masters/ and engine_tcec/ read from disk with ReadGames and
// nothing else, so that a profile of the parser's hot paths is not diluted by
// the replay (and takes half the time under callgrind).
func BenchmarkStreamRead(b *testing.B) {
	dir := corpusDir(b)
	// The files lie one or two folders down; in the order WalkDir gives.
	var files []string
	for _, pattern := range []string{"masters/*.pgn", "masters/*/*.pgn", "engine_tcec/*.pgn", "engine_tcec/*/*.pgn"} {
		paths, _ := filepath.Glob(filepath.Join(dir, pattern))
		files = append(files, paths...)
	}
	sort.Strings(files)
	if len(files) == 0 {
		b.Skip("no masters or engine_tcec files")
	}
	b.ReportAllocs()
	games, moves := 0, 0
	count := func(g *Game) {
		games++
		moves += len(g.Moves)
	}
	for b.Loop() {
		games, moves = 0, 0
		for _, name := range files {
			f, err := os.Open(name)
			if err != nil {
				b.Fatal(err)
			}
			err = ReadGames(f, Options{}, count)
			f.Close()
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(games), "games")
	b.ReportMetric(float64(moves), "moves")
}

// BenchmarkReadSample reads the one file named by $ARBITER_SAMPLE with
// ReadGames and nothing else: the parser's share of the whole command on
// the same input (the lead's /tmp/lead-sample.pgn, 16 MB of masters and
// TCEC games), in a tenth of BenchmarkStreamRead's time under callgrind.
func BenchmarkReadSample(b *testing.B) {
	name := os.Getenv("ARBITER_SAMPLE")
	if name == "" {
		b.Skip("ARBITER_SAMPLE names no file")
	}
	games := 0
	for b.Loop() {
		games = 0
		f, err := os.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		err = ReadGames(f, Options{}, func(*Game) { games++ })
		f.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(games), "games")
}
