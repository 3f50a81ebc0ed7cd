package replay

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// labelledPosition is a line of the chasolver test files: whether White and
// whether Black can still mate (by some series of legal moves) from fen.
type labelledPosition struct {
	line         int
	fen          string
	white, black bool
}

func readLabelled(t *testing.T, name string) []labelledPosition {
	t.Helper()
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	f, err := os.Open(filepath.Join(dir, "dead_positions", name))
	if os.IsNotExist(err) {
		t.Skipf("dead_positions/%s not in the corpus", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []labelledPosition
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		if len(l) < 4 || l[2] != ' ' {
			t.Fatalf("%s:%d: not a label and a FEN: %q", name, n, l)
		}
		out = append(out, labelledPosition{n, l[3:], l[0] == 'W', l[1] == 'B'})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

type shareCounts struct{ yes, no, unknown int }

func (s shareCounts) answered() float64 {
	return float64(s.yes+s.no) / float64(s.yes+s.no+s.unknown)
}

// runLabelled checks analyse on both colours of every position: it may say
// Unknown, but a wrong Yes or No fails. It returns the counts.
func runLabelled(t *testing.T, name string, analyse func(*Position, Color) Verdict) shareCounts {
	var n shareCounts
	start := time.Now()
	for _, lp := range readLabelled(t, name) {
		p, err := ParseFEN(lp.fen)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, lp.line, err)
		}
		for c := White; c <= Black; c++ {
			want := lp.white
			if c == Black {
				want = lp.black
			}
			switch v := analyse(&p, c); {
			case v == Unknown:
				n.unknown++
			case (v == Yes) != want:
				t.Errorf("%s:%d %s: %s can mate says %s, the label says %v", name, lp.line, lp.fen, c, v, want)
			case v == Yes:
				n.yes++
			default:
				n.no++
			}
		}
	}
	t.Logf("%s: %d yes, %d no, %d unknown: %.2f%% answered in %v", name, n.yes, n.no, n.unknown,
		100*n.answered(), time.Since(start).Round(time.Millisecond))
	return n
}

func TestDeadCorpusChasolver(t *testing.T) {
	for _, name := range []string{"chasolver_positions.txt", "chasolver_lichess.txt"} {
		t.Run(name, func(t *testing.T) {
			runLabelled(t, name, (*Position).CanMateFast)
			runLabelled(t, name, (*Position).CanMate)
		})
	}
}
