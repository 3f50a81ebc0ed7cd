package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1500: "-1,500"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestQuotedArgs(t *testing.T) {
	got := quotedArgs([]string{"-rounds", "3", "-note", "it's busy", "-only", ""})
	if want := ` -rounds 3 -note 'it'\''s busy' -only ''`; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

func TestReportRatiosScalingAndStream(t *testing.T) {
	big := Input{Name: "big.pgn", Bytes: 100e6, Games: 1000}
	stream := Input{Name: "stream 1.0 GB", Bytes: 1e9, Games: 10000}
	sample := func(wall, cpu float64, rssKiB int64) []Sample {
		return []Sample{{Wall: time.Duration(wall * float64(time.Second)), User: cpu, MaxRSSKiB: rssKiB}}
	}
	arb := func(in Input, via string, w int) Case {
		return Case{ID: "a", Input: in, Via: via, Tool: "arbiter", Workers: w, Shell: "cat /w/big.pgn | /w/bin/arbiter x", OKExits: []int{0, 1}}
	}
	r := report{
		cfg:  &config{work: "/w", rounds: 1, only: regexp.MustCompile("")},
		in:   &inputs{big: big, online: Input{Name: "online.pgn"}},
		bins: bins{arbiter: "/w/bin/arbiter", corentings: "/w/bin/corentings"},
		results: []Summary{
			summarize(arb(big, "file", 1), sample(2, 2, 1024)),
			summarize(arb(big, "file", 2), sample(1, 2, 2048)),
			summarize(Case{Input: big, Via: "file", Tool: "pgn-extract", OKExits: []int{0}}, sample(10, 8, 512)),
		},
		streams: []Summary{summarize(arb(stream, "stdin", 2), sample(10, 20, 3072))},
	}
	md := r.markdown()
	mustContain(t, md,
		"| big.pgn | 1 | 5.00× | 4.00× | — | — |",
		"| big.pgn | 2 | 10.00× | 4.00× | — | — |",
		"| big.pgn | file | 2 | 2.00 | 1.00 | 2.00× |",
		"| stream 1.0 GB | 2 | 1 | 10.00 | 1,000 | 100.0 | 20.00 | 3 | 2 | 1.50× |",
		"| big.pgn | file | arbiter | 2 | 1 | 1.00 | 0% | 1,000 | 100.0 | 2.00 | 2 |",
		"| a | `cat $WORK/big.pgn \\| arbiter x` | — |",
	)
	if strings.Contains(md, "## Notes") {
		t.Errorf("notes without cause:\n%s", md)
	}
	if strings.Contains(md, "## Ratios by round") {
		t.Errorf("ratios by round from one round:\n%s", md)
	}
}

// TestReportRatiosByRound: pgn-extract's time over arbiter's within each
// round, in the rounds' order, then sorted for the lowest, median and
// highest; a round's pair is never mixed with another round's.
func TestReportRatiosByRound(t *testing.T) {
	big := Input{Name: "big.pgn", Bytes: 100e6, Games: 1000}
	r := report{
		cfg: &config{work: "/w", rounds: 3, only: regexp.MustCompile("")},
		in:  &inputs{big: big, online: Input{Name: "online.pgn"}},
		results: []Summary{
			summarize(Case{Input: big, Via: "file", Tool: "arbiter", Workers: 2, OKExits: []int{0, 1}}, walls(1, 0.5, 2)),
			summarize(Case{Input: big, Via: "stdin", Tool: "arbiter", Workers: 2, OKExits: []int{0, 1}}, walls(1, 1, 1)),
			summarize(Case{Input: big, Via: "file", Tool: "pgn-extract", OKExits: []int{0}}, walls(10, 6, 9)),
		},
	}
	md := r.markdown()
	mustContain(t, md, "## Ratios by round", "| big.pgn | 2 | 3 | 4.50× | 10.00× | 12.00× |")
	if n := strings.Count(md, "| big.pgn | 2 | 3 |"); n != 1 {
		t.Errorf("%d rows by round, want 1 (the stdin case has no peer run beside it):\n%s", n, md)
	}
}

func TestReportNotesBadExitsAndUnreplayedGames(t *testing.T) {
	c := Case{ID: "big.pgn/file/arbiter-w1", Input: Input{Name: "big.pgn"}, Via: "file", Tool: "arbiter", Workers: 1, OKExits: []int{0, 1}}
	r := report{
		cfg:     &config{work: "/w", only: regexp.MustCompile("")},
		in:      &inputs{},
		results: []Summary{summarize(c, []Sample{{Wall: time.Second, Exit: 2, Games: 5, Plies: 0}})},
	}
	md := r.markdown()
	mustContain(t, md,
		"- `big.pgn/file/arbiter-w1` exited with [2]: see `$WORK/logs`.",
		"- `big.pgn/file/arbiter-w1` replayed no plies of 5 games",
	)
}

func TestReportCores(t *testing.T) {
	big := Input{Name: "big.pgn", Bytes: 100e6, Games: 1000}
	sample := func(wall, cpu float64) []Sample {
		return []Sample{{Wall: time.Duration(wall * float64(time.Second)), User: cpu}}
	}
	arb := func(via string, w int) Case {
		return Case{ID: "a", Input: big, Via: via, Tool: "arbiter", Workers: w, OKExits: []int{0, 1}}
	}
	r := report{
		cfg: &config{work: "/w", rounds: 1, workers: []int{1, 2}, only: regexp.MustCompile("")},
		env: machine{cores: 2},
		in:  &inputs{big: big, online: Input{Name: "online.pgn"}},
		results: []Summary{
			summarize(arb("file", 1), sample(1.5, 2)),
			summarize(arb("file", 2), sample(1, 2)),
			summarize(arb("file, 1 core", 1), sample(2, 2)),
		},
	}
	md := r.markdown()
	mustContain(t, md,
		"| big.pgn | 1 core, 1 worker | 2.00 | 2.00 | 2 cores, 1 worker | 1.50 | 2.00 | 1.33× |",
		"| big.pgn | 1 core, 1 worker | 2.00 | 2.00 | 2 cores, 2 workers | 1.00 | 2.00 | 2.00× |",
		"| big.pgn | file | 2 | 1.50 | 1.00 | 1.50× |",
	)
	if strings.Contains(md, "| big.pgn | file, 1 core | 2 |") {
		t.Errorf("the pinned run counted as a worker speed-up:\n%s", md)
	}
}

// TestReportBaseline: each arbiter case is set beside its baseline twin,
// with the medians' ratios and the rounds arbiter won, in the order taken.
func TestReportBaseline(t *testing.T) {
	big := Input{Name: "big.pgn", Bytes: 100e6, Games: 1000}
	c := Case{ID: "big.pgn/file/arbiter-w2", Input: big, Via: "file", Tool: "arbiter", Workers: 2, OKExits: []int{0, 1}}
	base := c
	base.ID, base.Tool, base.Shell = "big.pgn/file/baseline-w2", "baseline", "exec /b/arbiter-old check x"
	r := report{
		cfg:  &config{work: "/w", rounds: 4, only: regexp.MustCompile("")},
		in:   &inputs{big: big, online: Input{Name: "online.pgn"}},
		bins: bins{arbiter: "/b/arbiter", baseline: "/b/arbiter-old", corentings: "/w/bin/corentings"},
		results: []Summary{
			summarize(c, walls(0.60, 0.70, 0.62, 0.61)),
			summarize(base, walls(0.65, 0.66, 0.66, 0.64)),
		},
	}
	md := r.markdown()
	mustContain(t, md,
		"## Against the baseline",
		"| big.pgn | file | 2 | 0.615 | 0.655 | 1.07× | 1.23 | 1.31 | 1.07× | 3 of 4 |",
		"| big.pgn | file | baseline | 2 | 4 | 0.66 |",
		"`baseline` is `/b/arbiter-old`",
		"| big.pgn/file/baseline-w2 | `exec baseline check x` |",
	)
	r.results = r.results[:1]
	if md := r.markdown(); strings.Contains(md, "Against the baseline") {
		t.Errorf("a baseline section without a baseline:\n%s", md)
	}
}

// mustContain fails t for each of wants the report md lacks.
func mustContain(t *testing.T, md string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

// walls is one sample a round with the wall times given, each with twice
// its wall time of CPU.
func walls(ws ...float64) []Sample {
	var s []Sample
	for _, w := range ws {
		s = append(s, Sample{Wall: time.Duration(w * float64(time.Second)), User: 2 * w})
	}
	return s
}
