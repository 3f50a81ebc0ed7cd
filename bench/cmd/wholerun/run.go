package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// bins are the commands measured; an empty path leaves that tool out.
type bins struct {
	arbiter, baseline, pgnExtract, corentings, zstd, time string
}

func run(cfg *config) error {
	if _, err := os.Stat(cfg.corpus); err != nil {
		logf("no corpus at %s (set ARBITER_CORPUS): nothing to measure", cfg.corpus)
		return nil
	}
	logDir := filepath.Join(cfg.work, "logs")
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		return err
	}
	b, notes, err := findBins(cfg)
	if err != nil {
		return err
	}
	logf("building inputs from %s in %s", cfg.corpus, cfg.work)
	in, err := buildInputs(cfg.corpus, cfg.work, cfg.minGames, b.zstd)
	if err != nil {
		return err
	}
	env := readMachine(cfg, b)
	cases, streams := plan(cfg, b, in)
	cases, streams = filter(cases, cfg), filter(streams, cfg)
	if len(cases)+len(streams) == 0 {
		return fmt.Errorf("no case left to run")
	}

	samples, slow, err := interleave(cases, cfg.rounds, cfg.slowSeconds, b.time, logDir)
	if err != nil {
		return err
	}
	streamSamples, _, err := interleave(streams, cfg.streamRounds, math.Inf(1), b.time, logDir)
	if err != nil {
		return err
	}
	for _, id := range slow {
		notes = append(notes, fmt.Sprintf("`%s` took longer than %.0f s in round 1 and was run once only.", id, cfg.slowSeconds))
	}
	env.loadAfter = loadAverage()

	r := report{cfg: cfg, env: env, in: in, bins: b, notes: notes}
	for i, c := range cases {
		r.results = append(r.results, summarize(c, samples[i]))
	}
	for i, c := range streams {
		r.streams = append(r.streams, summarize(c, streamSamples[i]))
	}
	// The Parquet written by the runs, up to gigabytes for the stream, is not kept.
	os.RemoveAll(filepath.Join(cfg.work, "out"))
	text := r.markdown()
	if cfg.out == "-" {
		_, err = os.Stdout.WriteString(text)
		return err
	}
	if err := os.WriteFile(cfg.out, []byte(text), 0o644); err != nil {
		return err
	}
	logf("report written to %s", cfg.out)
	return nil
}

// findBins locates or builds every command. A peer that cannot be had is
// left out with a note; so is arbiter while its check command does not run.
func findBins(cfg *config) (bins, []string, error) {
	var b bins
	var notes []string
	var err error
	if b.time, err = ensureDebian("time", "time"); err != nil || b.time == "" {
		return b, nil, fmt.Errorf("GNU time (/usr/bin/time, Debian package time) is needed: %v", err)
	}
	b.zstd = lookTool("zstd")
	if b.pgnExtract, err = ensureDebian("pgn-extract", "pgn-extract"); err != nil || b.pgnExtract == "" {
		msg := fmt.Sprintf("pgn-extract is not installed and could not be (%v): its rows are missing.", err)
		logf("%s", msg)
		notes = append(notes, msg)
	}
	binDir := filepath.Join(cfg.work, "bin")
	b.corentings = cfg.corentings
	if b.corentings == "" {
		b.corentings = filepath.Join(binDir, "corentings")
		if err := goBuild(cfg.benchDir, "./cmd/corentings", b.corentings); err != nil {
			return b, nil, fmt.Errorf("building the corentings peer: %w", err)
		}
	}
	b.arbiter = cfg.arbiter
	if b.arbiter == "" {
		b.arbiter = filepath.Join(binDir, "arbiter")
		if err := goBuild(cfg.repoDir, "./cmd/arbiter", b.arbiter); err != nil {
			b.arbiter = ""
			notes = append(notes, "arbiter did not build, so its rows are missing: re-run the same command once it does.")
			logf("arbiter does not build: %v", err)
		}
	}
	if b.arbiter != "" {
		if err := smokeCheck(b.arbiter, cfg.work); err != nil {
			b.arbiter = ""
			notes = append(notes, "`arbiter check` did not run, so its rows are missing: re-run the same command once it does.")
			logf("arbiter check does not run yet: %v", err)
		}
	}
	if cfg.baseline != "" && b.arbiter != "" {
		if err := smokeCheck(cfg.baseline, cfg.work); err != nil {
			return b, nil, fmt.Errorf("-baseline: %w", err)
		}
		b.baseline = cfg.baseline
	}
	return b, notes, nil
}

// plan lists the cases: every tool on the big and the online input, and
// arbiter alone on the other ways of reading the big one; streams apart.
//
// With a baseline binary, each of arbiter's cases is followed by the same
// case run with the baseline (tool "baseline"), so that the two take turns.
func plan(cfg *config, b bins, in *inputs) (cases, streams []Case) {
	arbiterOn := func(input Input, via, source string, workers int) []Case {
		var cs []Case
		for _, t := range [][2]string{{"arbiter", b.arbiter}, {"baseline", b.baseline}} {
			if t[1] == "" {
				continue
			}
			id := fmt.Sprintf("%s/%s/%s-w%d", input.Name, via, t[0], workers)
			out := filepath.Join(cfg.work, "out", strings.NewReplacer("/", "_", " ", "_").Replace(id))
			args := fmt.Sprintf("%s check --out %s --workers %d %s", t[1], out, workers, cfg.arbiterArgs)
			cs = append(cs, Case{
				ID: id, Input: input, Via: via, Tool: t[0], Workers: workers,
				Shell: strings.ReplaceAll(source, "ARBITER", args), OutDir: out, OKExits: []int{0, 1},
			})
		}
		return cs
	}
	for _, input := range []Input{in.big, in.online} {
		if b.arbiter != "" {
			for _, w := range cfg.workers {
				cases = append(cases, arbiterOn(input, "file", "exec ARBITER "+input.Path, w)...)
			}
		}
		if b.pgnExtract != "" {
			cases = append(cases, Case{
				ID: input.Name + "/file/pgn-extract", Input: input, Via: "file", Tool: "pgn-extract",
				Shell: fmt.Sprintf("exec %s -r -s %s", b.pgnExtract, input.Path), OKExits: []int{0},
			})
		}
		cases = append(cases, Case{
			ID: input.Name + "/file/corentings", Input: input, Via: "file", Tool: "corentings",
			Shell: fmt.Sprintf("exec %s %s", b.corentings, input.Path), OKExits: []int{0},
		})
	}
	if b.arbiter == "" {
		return cases, nil
	}
	big := in.big
	for _, n := range cfg.cores {
		// As many workers as cores: the best arbiter does on n cores.
		cases = append(cases, arbiterOn(big, pinnedVia(n), fmt.Sprintf("exec taskset -c 0-%d ARBITER %s", n-1, big.Path), n)...)
	}
	for _, w := range cfg.workers {
		cases = append(cases, arbiterOn(big, "stdin", "exec ARBITER - < "+big.Path, w)...)
		cases = append(cases, arbiterOn(big, "zstd file", "exec ARBITER "+in.bigZstd, w)...)
		cases = append(cases, arbiterOn(big, "zstd stdin", "exec ARBITER - < "+in.bigZstd, w)...)
	}
	if cfg.streamGB > 0 {
		copies := int(math.Ceil(cfg.streamGB * 1e9 / float64(big.Bytes)))
		stream := Input{
			Name:  fmt.Sprintf("stream %.1f GB", float64(copies)*float64(big.Bytes)/1e9),
			Bytes: int64(copies) * big.Bytes, Games: copies * big.Games,
		}
		source := fmt.Sprintf("for i in $(seq %d); do cat %s; done | ARBITER -", copies, big.Path)
		for _, w := range cfg.workers {
			streams = append(streams, arbiterOn(stream, "stdin", source, w)...)
		}
	}
	return cases, streams
}

// pinnedVia names how a run pinned to n cores reads the big file.
func pinnedVia(n int) string {
	if n == 1 {
		return "file, 1 core"
	}
	return fmt.Sprintf("file, %d cores", n)
}

func filter(cases []Case, cfg *config) []Case {
	var kept []Case
	for _, c := range cases {
		if cfg.only.MatchString(c.ID) {
			kept = append(kept, c)
		}
	}
	return kept
}

// interleave runs every case once per round, in the same order each round
// but for a baseline's runs (roundOrder), and returns the samples of each
// case. A case slower than slow in round 1 is not run again, and its id is
// returned.
func interleave(cases []Case, rounds int, slow float64, timeBin, logDir string) ([][]Sample, []string, error) {
	samples := make([][]Sample, len(cases))
	skip := make([]bool, len(cases))
	var slowIDs []string
	for r := 1; r <= rounds; r++ {
		for _, i := range roundOrder(cases, r) {
			c := cases[i]
			if skip[i] {
				continue
			}
			s, err := measure(c, timeBin, logDir)
			if err != nil {
				return nil, nil, err
			}
			samples[i] = append(samples[i], s)
			logf("round %d/%d %-32s %7.2f s wall %7.2f s cpu %6.0f MiB exit %d",
				r, rounds, c.ID, s.Wall.Seconds(), s.CPU(), float64(s.MaxRSSKiB)/1024, s.Exit)
			if r == 1 && rounds > 1 && s.Wall > time.Duration(slow*float64(time.Second)) {
				skip[i] = true
				slowIDs = append(slowIDs, c.ID)
			}
		}
	}
	return samples, slowIDs, nil
}

// roundOrder is the order of the cases in round r (from 1): as planned, but
// that in every even round a baseline's run comes before the arbiter run it
// follows in the plan, so that neither binary always runs second, in the
// state the other left the machine in.
func roundOrder(cases []Case, r int) []int {
	order := make([]int, len(cases))
	for i := range order {
		order[i] = i
	}
	if r%2 == 0 {
		for i := 1; i < len(cases); i++ {
			if cases[i].Tool == "baseline" && cases[i-1].Tool == "arbiter" {
				order[i-1], order[i] = i, i-1
			}
		}
	}
	return order
}
