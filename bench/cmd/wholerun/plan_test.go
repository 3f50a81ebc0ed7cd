package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func testPlan(t *testing.T, b bins, streamGB float64) (cases, streams []Case) {
	t.Helper()
	cfg := &config{work: "/w", arbiterArgs: "--format none", workers: []int{1, 2}, streamGB: streamGB, only: regexp.MustCompile("")}
	in := &inputs{
		big:     Input{Name: "big.pgn", Path: "/w/big.pgn", Bytes: 400e6, Games: 100},
		online:  Input{Name: "online.pgn", Path: "/w/online.pgn", Bytes: 1e6, Games: 10},
		bigZstd: "/w/big.pgn.zst",
	}
	return plan(cfg, b, in)
}

func ids(cases []Case) []string {
	var out []string
	for _, c := range cases {
		out = append(out, c.ID)
	}
	return out
}

func TestPlanEveryToolOnBothInputs(t *testing.T) {
	cases, streams := testPlan(t, bins{arbiter: "/b/arbiter", pgnExtract: "/g/pgn-extract", corentings: "/b/corentings"}, 1)
	want := []string{
		"big.pgn/file/arbiter-w1", "big.pgn/file/arbiter-w2", "big.pgn/file/pgn-extract", "big.pgn/file/corentings",
		"online.pgn/file/arbiter-w1", "online.pgn/file/arbiter-w2", "online.pgn/file/pgn-extract", "online.pgn/file/corentings",
		"big.pgn/stdin/arbiter-w1", "big.pgn/zstd file/arbiter-w1", "big.pgn/zstd stdin/arbiter-w1",
		"big.pgn/stdin/arbiter-w2", "big.pgn/zstd file/arbiter-w2", "big.pgn/zstd stdin/arbiter-w2",
	}
	if got := ids(cases); !slices.Equal(got, want) {
		t.Fatalf("cases\n got %q\nwant %q", got, want)
	}
	if got := ids(streams); !slices.Equal(got, []string{"stream 1.2 GB/stdin/arbiter-w1", "stream 1.2 GB/stdin/arbiter-w2"}) {
		t.Fatalf("streams %q", got)
	}
	if s := streams[1]; s.Input.Games != 300 || s.Input.Bytes != 1200e6 ||
		s.Shell != "for i in $(seq 3); do cat /w/big.pgn; done | /b/arbiter check --out "+s.OutDir+" --workers 2 --format none -" {
		t.Fatalf("stream case %+v", s)
	}
	commands := map[string]string{
		"big.pgn/file/arbiter-w2":       "exec /b/arbiter check --out /w/out/big.pgn_file_arbiter-w2 --workers 2 --format none /w/big.pgn",
		"big.pgn/file/pgn-extract":      "exec /g/pgn-extract -r -s /w/big.pgn",
		"online.pgn/file/corentings":    "exec /b/corentings /w/online.pgn",
		"big.pgn/zstd stdin/arbiter-w1": "exec /b/arbiter check --out /w/out/big.pgn_zstd_stdin_arbiter-w1 --workers 1 --format none - < /w/big.pgn.zst",
		"big.pgn/stdin/arbiter-w1":      "exec /b/arbiter check --out /w/out/big.pgn_stdin_arbiter-w1 --workers 1 --format none - < /w/big.pgn",
		"big.pgn/zstd file/arbiter-w2":  "exec /b/arbiter check --out /w/out/big.pgn_zstd_file_arbiter-w2 --workers 2 --format none /w/big.pgn.zst",
		"online.pgn/file/arbiter-w1":    "exec /b/arbiter check --out /w/out/online.pgn_file_arbiter-w1 --workers 1 --format none /w/online.pgn",
		"online.pgn/file/pgn-extract":   "exec /g/pgn-extract -r -s /w/online.pgn",
		"big.pgn/file/corentings":       "exec /b/corentings /w/big.pgn",
	}
	for _, c := range cases {
		if want, ok := commands[c.ID]; ok && c.Shell != want {
			t.Errorf("%s:\n got %s\nwant %s", c.ID, c.Shell, want)
		}
		if (c.Tool == "arbiter") != slices.Equal(c.OKExits, []int{0, 1}) {
			t.Errorf("%s: ok exits %v", c.ID, c.OKExits)
		}
	}
}

func TestPlanWithoutArbiterOrPgnExtract(t *testing.T) {
	cases, streams := testPlan(t, bins{corentings: "/b/corentings"}, 2)
	if got := ids(cases); !slices.Equal(got, []string{"big.pgn/file/corentings", "online.pgn/file/corentings"}) || streams != nil {
		t.Fatalf("got %q and %d streams", got, len(streams))
	}
}

func TestPlanNoStream(t *testing.T) {
	_, streams := testPlan(t, bins{arbiter: "/b/arbiter", corentings: "/b/corentings"}, 0)
	if streams != nil {
		t.Fatalf("stream-gb 0 planned %q", ids(streams))
	}
}

func TestFilter(t *testing.T) {
	cases, _ := testPlan(t, bins{arbiter: "/b/arbiter", corentings: "/b/corentings"}, 0)
	cfg := &config{only: regexp.MustCompile(`^online.*arbiter`)}
	got := ids(filter(cases, cfg))
	if !slices.Equal(got, []string{"online.pgn/file/arbiter-w1", "online.pgn/file/arbiter-w2"}) {
		t.Fatalf("got %q", got)
	}
}

func TestWorkersFlag(t *testing.T) {
	if defaultWorkers(2) != "1,2" || defaultWorkers(8) != "1,2,8" || defaultWorkers(1) != "1,2" {
		t.Fatal("defaultWorkers")
	}
	if ws, err := parseWorkers("1, 2,4"); err != nil || !slices.Equal(ws, []int{1, 2, 4}) {
		t.Fatalf("got %v %v", ws, err)
	}
	for _, bad := range []string{"", "0", "1,x", "-2"} {
		if _, err := parseWorkers(bad); err == nil || !strings.Contains(err.Error(), "-workers") {
			t.Errorf("parseWorkers(%q) accepted", bad)
		}
	}
}

func TestPlanPinnedCores(t *testing.T) {
	cfg := &config{work: "/w", arbiterArgs: "--format none", workers: []int{1, 2}, cores: []int{1, 3}, only: regexp.MustCompile("")}
	in := &inputs{big: Input{Name: "big.pgn", Path: "/w/big.pgn"}, online: Input{Name: "online.pgn", Path: "/w/online.pgn"}, bigZstd: "/w/big.pgn.zst"}
	cases, _ := plan(cfg, bins{arbiter: "/b/arbiter", corentings: "/b/corentings"}, in)
	want := map[string]string{
		"big.pgn/file, 1 core/arbiter-w1":  "exec taskset -c 0-0 /b/arbiter check --out /w/out/big.pgn_file,_1_core_arbiter-w1 --workers 1 --format none /w/big.pgn",
		"big.pgn/file, 3 cores/arbiter-w3": "exec taskset -c 0-2 /b/arbiter check --out /w/out/big.pgn_file,_3_cores_arbiter-w3 --workers 3 --format none /w/big.pgn",
	}
	found := 0
	for _, c := range cases {
		if w, ok := want[c.ID]; ok {
			found++
			if c.Shell != w {
				t.Errorf("%s:\n got %s\nwant %s", c.ID, c.Shell, w)
			}
		}
	}
	if found != len(want) {
		t.Fatalf("pinned cases missing from %q", ids(cases))
	}
}

func TestCoresFlag(t *testing.T) {
	if defaultCores(2) != "1" || defaultCores(1) != "" {
		t.Fatal("defaultCores")
	}
	if cs, err := parseCores("1, 3", 4); err != nil || !slices.Equal(cs, []int{1, 3}) {
		t.Fatalf("parseCores: %v %v", cs, err)
	}
	if cs, err := parseCores(" ", 4); err != nil || cs != nil {
		t.Fatalf("parseCores(empty): %v %v", cs, err)
	}
	for _, bad := range []string{"0", "4", "x"} {
		if _, err := parseCores(bad, 4); err == nil || !strings.Contains(err.Error(), "-cores") {
			t.Errorf("parseCores(%q) accepted", bad)
		}
	}
}

// TestPlanBaseline: with a baseline binary every arbiter case, streams
// included, is followed by the same case run with it; the peers' are not.
func TestPlanBaseline(t *testing.T) {
	cases, streams := testPlan(t, bins{arbiter: "/b/arbiter", baseline: "/old/arbiter", pgnExtract: "/g/pgn-extract", corentings: "/b/corentings"}, 1)
	want := []string{
		"big.pgn/file/arbiter-w1", "big.pgn/file/baseline-w1", "big.pgn/file/arbiter-w2", "big.pgn/file/baseline-w2",
		"big.pgn/file/pgn-extract", "big.pgn/file/corentings",
		"online.pgn/file/arbiter-w1", "online.pgn/file/baseline-w1", "online.pgn/file/arbiter-w2", "online.pgn/file/baseline-w2",
		"online.pgn/file/pgn-extract", "online.pgn/file/corentings",
		"big.pgn/stdin/arbiter-w1", "big.pgn/stdin/baseline-w1", "big.pgn/zstd file/arbiter-w1", "big.pgn/zstd file/baseline-w1",
		"big.pgn/zstd stdin/arbiter-w1", "big.pgn/zstd stdin/baseline-w1",
		"big.pgn/stdin/arbiter-w2", "big.pgn/stdin/baseline-w2", "big.pgn/zstd file/arbiter-w2", "big.pgn/zstd file/baseline-w2",
		"big.pgn/zstd stdin/arbiter-w2", "big.pgn/zstd stdin/baseline-w2",
	}
	if got := ids(cases); !slices.Equal(got, want) {
		t.Fatalf("cases\n got %q\nwant %q", got, want)
	}
	if got := ids(streams); !slices.Equal(got, []string{"stream 1.2 GB/stdin/arbiter-w1", "stream 1.2 GB/stdin/baseline-w1",
		"stream 1.2 GB/stdin/arbiter-w2", "stream 1.2 GB/stdin/baseline-w2"}) {
		t.Fatalf("streams %q", got)
	}
	c := cases[3]
	if c.Tool != "baseline" || c.Workers != 2 || !slices.Equal(c.OKExits, []int{0, 1}) ||
		c.Shell != "exec /old/arbiter check --out /w/out/big.pgn_file_baseline-w2 --workers 2 --format none /w/big.pgn" {
		t.Fatalf("baseline case %+v", c)
	}
}

// TestRoundOrder: odd rounds run the plan's order; even rounds put each
// baseline run before the arbiter run it follows, and nothing else moves.
func TestRoundOrder(t *testing.T) {
	cases := []Case{{Tool: "arbiter"}, {Tool: "baseline"}, {Tool: "pgn-extract"}, {Tool: "arbiter"}, {Tool: "arbiter"}, {Tool: "baseline"}}
	if got := roundOrder(cases, 1); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5}) {
		t.Errorf("round 1: %v", got)
	}
	if got := roundOrder(cases, 2); !slices.Equal(got, []int{1, 0, 2, 3, 5, 4}) {
		t.Errorf("round 2: %v", got)
	}
	if got := roundOrder(cases, 3); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5}) {
		t.Errorf("round 3: %v", got)
	}
}
