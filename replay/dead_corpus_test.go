package replay

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// labelledPosition is a line of the chasolver test files (format in
// SOURCES.md of the corpus): whether White and whether Black can still
// mate by some series of legal moves from fen.
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
		if len(l) < 4 || l[2] != ' ' || !strings.Contains("W-", l[:1]) || !strings.Contains("B-", l[1:2]) {
			t.Fatalf("%s:%d: not a label and a FEN: %q", name, n, l)
		}
		out = append(out, labelledPosition{n, l[3:], l[0] == 'W', l[1] == 'B'})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// verdictCounts tallies the answers of one analysis over a file.
type verdictCounts struct {
	yes, no, unknown int
	time             time.Duration
}

func (n *verdictCounts) add(t *testing.T, where string, c Color, v Verdict, want bool, d time.Duration) {
	n.time += d
	switch {
	case v == Unknown:
		n.unknown++
	case (v == Yes) != want:
		t.Errorf("%s: %s can mate: %s, but the label says %v", where, c, v, want)
	case v == Yes:
		n.yes++
	default:
		n.no++
	}
}

func (n verdictCounts) answered() float64 {
	return float64(n.yes+n.no) / float64(n.yes+n.no+n.unknown)
}

func (n verdictCounts) report(name string) string {
	total := n.yes + n.no + n.unknown
	return fmt.Sprintf("%s: %d yes, %d no, %d unknown of %d (%.2f%% answered), %v a question",
		name, n.yes, n.no, n.unknown, total, 100*n.answered(), n.time/time.Duration(max(total, 1)))
}

// TestDeadCorpusChasolver runs CanMateFast and CanMate for both colours on
// every position of the two chasolver files. Neither may ever be wrong; the
// share each answers (rather than Unknown) must not fall below what it
// achieved when this test was written.
func TestDeadCorpusChasolver(t *testing.T) {
	files := []struct {
		name            string
		minFast, minAll float64 // shares answered
	}{
		{"chasolver_positions.txt", 0.28, 0.84},
		{"chasolver_lichess.txt", 0.018, 0.997},
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			var fast, all verdictCounts
			for _, lp := range readLabelled(t, f.name) {
				p, err := ParseFEN(lp.fen)
				if err != nil {
					t.Fatalf("%s:%d: %v", f.name, lp.line, err)
				}
				where := fmt.Sprintf("%s:%d %s", f.name, lp.line, lp.fen)
				for c, want := range [2]bool{lp.white, lp.black} {
					color := Color(c)
					start := time.Now()
					v := p.CanMateFast(color)
					mid := time.Now()
					fast.add(t, where, color, v, want, mid.Sub(start))
					v = p.CanMate(color)
					all.add(t, where, color, v, want, time.Since(mid))
				}
			}
			t.Log(fast.report("CanMateFast"))
			t.Log(all.report("CanMate"))
			if fast.answered() < f.minFast || all.answered() < f.minAll {
				t.Errorf("answered %.2f%% fast and %.2f%% in all, want at least %.2f%% and %.2f%%",
					100*fast.answered(), 100*all.answered(), 100*f.minFast, 100*f.minAll)
			}
		})
	}
}

// TestInsufficientMaterialCorpusReference compares InsufficientMaterial
// with python-chess's has_insufficient_material on the final position of
// every standard game of the reference facts.
func TestInsufficientMaterialCorpusReference(t *testing.T) {
	dir := os.Getenv("ARBITER_REFERENCE")
	if dir == "" {
		t.Skip("ARBITER_REFERENCE not set")
	}
	type record struct {
		File     string  `json:"file"`
		Line     int     `json:"line"`
		Variant  *string `json:"variant"`
		FinalFEN string  `json:"final_fen"`
		White    *bool   `json:"insufficient_white"`
		Black    *bool   `json:"insufficient_black"`
	}
	compared, insufficient := 0, 0
	eachReference(t, dir, func(r *record) {
		if r.Variant == nil || *r.Variant != "chess" || r.FinalFEN == "" || r.White == nil || r.Black == nil {
			return
		}
		p, err := ParseFEN(r.FinalFEN)
		if err != nil {
			t.Errorf("%s:%d: %v", r.File, r.Line, err)
			return
		}
		compared++
		for c, want := range [2]bool{*r.White, *r.Black} {
			if want {
				insufficient++
			}
			if got := p.InsufficientMaterial(Color(c)); got != want {
				t.Errorf("%s:%d %s: %s insufficient %v, python-chess %v", r.File, r.Line, r.FinalFEN, Color(c), got, want)
			}
		}
	})
	t.Logf("%d final positions compared, %d insufficient sides", compared, insufficient)
	if compared < 10000 || insufficient < 100 {
		t.Errorf("too few positions: %d compared, %d insufficient sides", compared, insufficient)
	}
}

// TestFastProvesNoMateCorpus: on every position of the chasolver files,
// for either side, fastProvesNoMate says No exactly when fast does.
func TestFastProvesNoMateCorpus(t *testing.T) {
	for _, name := range []string{"chasolver_positions.txt", "chasolver_lichess.txt"} {
		spared := 0
		for _, lp := range readLabelled(t, name) {
			p, err := ParseFEN(lp.fen)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, lp.line, err)
			}
			for c := White; c <= Black; c++ {
				sameAsFast(t, fmt.Sprintf("%s:%d %s", name, lp.line, lp.fen), &p, c)
			}
			w, q := getWorkspace(), p
			w.winner = White
			if w.playForced(&q) == Unknown && quietKingLine(q, shortDepthFor(&q)) {
				spared++
			}
			putWorkspace(w)
		}
		t.Logf("%s: the king line spared the search on %d positions", name, spared)
	}
}
