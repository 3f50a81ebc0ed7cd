package replay

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// deepPerft reports whether the long perft runs were asked for.
func deepPerft() bool { return os.Getenv("ARBITER_DEEP_PERFT") == "1" }

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// The six positions of the Chess Programming Wiki "Perft Results" page.
var standardPerft = []struct {
	name   string
	fen    string
	counts []uint64 // depth 1, 2, ...
}{
	{"start", StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		[]uint64{48, 2039, 97862, 4085603, 193690690}},
	{"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		[]uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661}},
	{"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292, 706045033}},
	{"position4mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
		[]uint64{6, 264, 9467, 422333, 15833292, 706045033}},
	{"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		[]uint64{44, 1486, 62379, 2103487, 89941194}},
	{"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
		[]uint64{46, 2079, 89890, 3894594, 164075551, 6923051137}},
}

// TestPerftStandard runs the six standard positions to depth 5 (every
// published depth under ARBITER_DEEP_PERFT=1).
func TestPerftStandard(t *testing.T) {
	for _, c := range standardPerft {
		p := mustFEN(t, c.fen)
		maxDepth := min(5, len(c.counts))
		if testing.Short() {
			maxDepth = 3
		}
		if deepPerft() {
			maxDepth = len(c.counts)
		}
		for d := 1; d <= maxDepth; d++ {
			if got := Perft(p, d); got != c.counts[d-1] {
				t.Errorf("%s: perft(%d) = %d, want %d", c.name, d, got, c.counts[d-1])
			}
		}
	}
}

// TestPerftPlainAgrees checks that counting every leaf by playing it gives
// the bulk count (Play is then exercised on every leaf move).
func TestPerftPlainAgrees(t *testing.T) {
	for _, c := range standardPerft {
		p := mustFEN(t, c.fen)
		if got, want := PerftPlain(p, 3), c.counts[2]; got != want {
			t.Errorf("%s: PerftPlain(3) = %d, want %d", c.name, got, want)
		}
	}
	if got := PerftPlain(StartPosition(), 0); got != 1 {
		t.Errorf("PerftPlain(0) = %d, want 1", got)
	}
}

func TestDivide(t *testing.T) {
	p := mustFEN(t, standardPerft[1].fen)
	div := Divide(p, 3)
	if len(div) != 48 {
		t.Fatalf("Divide gave %d moves, want 48", len(div))
	}
	var sum uint64
	for i, d := range div {
		sum += d.Nodes
		if i > 0 && div[i-1].Move.UCI(false) >= d.Move.UCI(false) {
			t.Errorf("Divide not sorted at %d: %s then %s", i, div[i-1].Move, d.Move)
		}
	}
	if sum != 97862 {
		t.Errorf("Divide sums to %d, want 97862", sum)
	}
	// Castling is one of the root moves, written e1g1 in standard UCI.
	for _, d := range div {
		if d.Move.UCI(false) == "e1g1" && d.Nodes != 2059 {
			t.Errorf("Divide e1g1 = %d, want 2059", d.Nodes)
		}
	}
}

type suiteCase struct {
	file   string
	line   int
	fen    string
	counts []uint64
}

// readSuite reads an EPD perft suite: "FEN ;D1 n ;D2 n ...".
func readSuite(t *testing.T, path string) []suiteCase {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []suiteCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		parts := strings.Split(text, ";")
		c := suiteCase{file: filepath.Base(path), line: line, fen: strings.TrimSpace(parts[0])}
		for i, part := range parts[1:] {
			fields := strings.Fields(part)
			if len(fields) != 2 || fields[0] != "D"+strconv.Itoa(i+1) {
				t.Fatalf("%s:%d: bad field %q", path, line, part)
			}
			n, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				t.Fatalf("%s:%d: %v", path, line, err)
			}
			c.counts = append(c.counts, n)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// suiteBudget is the largest published count run in a normal test; every
// depth is run under ARBITER_DEEP_PERFT=1.
const suiteBudget = 20_000_000

// TestPerftSuite runs the perft suites of testdata/perft (standard chess:
// the 126-position perftsuite.epd; Chess960: 50 positions of the Chess
// Programming Wiki list).
func TestPerftSuite(t *testing.T) {
	files, _ := filepath.Glob("../testdata/perft/*.epd")
	if len(files) < 2 {
		t.Fatalf("perft suites missing: %v", files)
	}
	total, chess960 := 0, 0
	for _, path := range files {
		for _, c := range readSuite(t, path) {
			total++
			p := mustFEN(t, c.fen)
			if p.Chess960() {
				chess960++
			}
			for d, want := range c.counts {
				if want > suiteBudget && !deepPerft() && d > 0 {
					break
				}
				if testing.Short() && d >= 3 {
					break
				}
				if got := Perft(p, d+1); got != want {
					t.Errorf("%s:%d %s: perft(%d) = %d, want %d", c.file, c.line, c.fen, d+1, got, want)
				}
			}
		}
	}
	if total < 100 || chess960 < 40 {
		t.Errorf("suite has %d positions, %d of them Chess960; want >= 100 and >= 40", total, chess960)
	}
}

func BenchmarkPerftStartPlain(b *testing.B)    { benchPerft(b, StartFEN, 4, PerftPlain) }
func BenchmarkPerftKiwipetePlain(b *testing.B) { benchPerft(b, standardPerft[1].fen, 3, PerftPlain) }
func BenchmarkPerftStartBulk(b *testing.B)     { benchPerft(b, StartFEN, 5, Perft) }
func BenchmarkPerftKiwipeteBulk(b *testing.B)  { benchPerft(b, standardPerft[1].fen, 4, Perft) }

func benchPerft(b *testing.B, fen string, depth int, f func(Position, int) uint64) {
	p := mustFEN(b, fen)
	var nodes uint64
	for b.Loop() {
		nodes += f(p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkLegalMoves generates the moves of a middlegame position.
func BenchmarkLegalMoves(b *testing.B) {
	p := mustFEN(b, standardPerft[1].fen)
	var ml MoveList
	for b.Loop() {
		p.LegalMoves(&ml)
	}
	if ml.Len() != 48 {
		b.Fatalf("%d moves", ml.Len())
	}
}

func BenchmarkHasLegalMove(b *testing.B) {
	p := mustFEN(b, standardPerft[1].fen)
	for b.Loop() {
		if !p.HasLegalMove() {
			b.Fatal("no move")
		}
	}
}

// BenchmarkPerft6Start is the headline figure: perft(6) from the start with
// bulk counting, 119,060,324 nodes.
func BenchmarkPerft6Start(b *testing.B) {
	if !deepPerft() {
		b.Skip("set ARBITER_DEEP_PERFT=1")
	}
	benchPerft(b, StartFEN, 6, Perft)
}

// PerftPlain is Perft without bulk counting: every leaf move is played.
// It measures Play as well as generation.
func PerftPlain(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&p, depth, make([]ply, depth), false)
}

// PerftWithin counts as Perft does within its limit, gives up with more
// than limit leaves counted past it, and gives up on a tree of many inner
// positions and few leaves with a count that says nothing.
func TestPerftWithin(t *testing.T) {
	for _, c := range standardPerft {
		p := mustFEN(t, c.fen)
		for d := 1; d <= 3; d++ {
			if got, exact := PerftWithin(p, d, c.counts[d-1]); got != c.counts[d-1] || !exact {
				t.Errorf("%s: PerftWithin(%d, limit %d) = %d %v, want %d true", c.name, d, c.counts[d-1], got, exact, c.counts[d-1])
			}
			if got, exact := PerftWithin(p, d, c.counts[d-1]-1); got <= c.counts[d-1]-1 || exact {
				t.Errorf("%s: PerftWithin(%d, limit %d) = %d %v, want more than the limit, not exact", c.name, d, c.counts[d-1]-1, got, exact)
			}
		}
	}
	if got, exact := PerftWithin(StartPosition(), 0, 0); got != 1 || !exact {
		t.Errorf("PerftWithin(0) = %d %v, want 1 true", got, exact)
	}
	// Black is mated: no leaf two plies deep, and the walk visits one
	// inner position, the root, which a limit of 0 does not allow.
	mated := mustFEN(t, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
	if got, exact := PerftWithin(mated, 2, 1); got != 0 || !exact {
		t.Errorf("mated, limit 1: %d %v, want 0 true", got, exact)
	}
	if got, exact := PerftWithin(mated, 2, 0); got != 0 || exact {
		t.Errorf("mated, limit 0: %d %v, want 0 false", got, exact)
	}
}
