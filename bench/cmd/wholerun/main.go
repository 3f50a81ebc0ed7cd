// Command wholerun times arbiter check against its peers on the same
// inputs, end to end, and writes the comparison as a Markdown table.
//
// The peers are pgn-extract (-r -s: read and check every move, write
// nothing) and the corentings program of this module (a Go chess library
// replaying every game). Runs are interleaved (A B C A B C ...) so that the
// load of a shared machine falls on every tool alike; each run is measured
// by /usr/bin/time -v (CPU, peak RSS) and a wall clock taken here.
//
// Run it from the bench module: go run ./cmd/wholerun -out PEERS.md (make bench does)
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
)

type config struct {
	corpus, work, out, note string
	arbiter, arbiterArgs    string
	baseline                string // another arbiter binary, run beside arbiter's cases
	corentings              string
	workers                 []int
	cores                   []int // core counts arbiter is also pinned to (taskset)
	rounds, streamRounds    int
	streamGB, slowSeconds   float64
	minGames                int
	only                    *regexp.Regexp
	benchDir, repoDir       string
}

func main() {
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "wholerun:", err)
		os.Exit(2)
	}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "wholerun:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (*config, error) {
	benchDir, err := findBenchModule()
	if err != nil {
		return nil, err
	}
	cfg := &config{benchDir: benchDir, repoDir: filepath.Dir(benchDir)}
	corpus := os.Getenv("ARBITER_CORPUS")
	if corpus == "" {
		corpus = filepath.Join(cfg.repoDir, "..", "shared", "corpus")
	}
	fs := flag.NewFlagSet("wholerun", flag.ContinueOnError)
	fs.StringVar(&cfg.corpus, "corpus", corpus, "the shared corpus (default $ARBITER_CORPUS, else ../shared/corpus beside the repository)")
	fs.StringVar(&cfg.work, "work", filepath.Join(os.TempDir(), "arbiter-bench"), "where inputs, outputs and logs go; inputs are reused while the corpus is unchanged")
	fs.StringVar(&cfg.out, "out", "-", "the Markdown report; - for standard output")
	fs.StringVar(&cfg.note, "note", "", "a sentence put at the top of the report (e.g. that the machine was busy)")
	fs.StringVar(&cfg.arbiter, "arbiter", "", "the arbiter binary (default: built from the repository into -work)")
	fs.StringVar(&cfg.arbiterArgs, "arbiter-args", "--format none --progress never", "arguments of arbiter check besides --out, --workers and the input")
	fs.StringVar(&cfg.baseline, "baseline", "", "another arbiter binary run beside -arbiter in each of its cases, the two in turn, to judge a change; the report adds \"Against the baseline\"")
	fs.StringVar(&cfg.corentings, "corentings", "", "the corentings peer binary (default: built from this module into -work)")
	workers := fs.String("workers", defaultWorkers(runtime.NumCPU()), "arbiter worker counts, comma-separated")
	cores := fs.String("cores", defaultCores(runtime.NumCPU()), "core counts below nproc to also run arbiter on the big file pinned to (taskset, as many workers as cores), comma-separated; empty for none")
	fs.IntVar(&cfg.rounds, "rounds", 5, "rounds of interleaved runs; the report gives medians")
	fs.Float64Var(&cfg.slowSeconds, "slow", 120, "a case whose first run takes longer than this many seconds is not run again (its n says so)")
	fs.Float64Var(&cfg.streamGB, "stream-gb", 2, "size of the stream made by repeating the big input, piped to arbiter for the memory check; 0 skips it")
	fs.IntVar(&cfg.streamRounds, "stream-rounds", 1, "runs of each stream case")
	fs.IntVar(&cfg.minGames, "min-games", 100_000, "fewest games the big input must hold")
	only := fs.String("only", "", "run only the cases whose id (input/via/tool-wN) matches this regular expression")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if cfg.workers, err = parseWorkers(*workers); err != nil {
		return nil, err
	}
	if cfg.cores, err = parseCores(*cores, runtime.NumCPU()); err != nil {
		return nil, err
	}
	if cfg.only, err = regexp.Compile(*only); err != nil {
		return nil, fmt.Errorf("-only: %w", err)
	}
	if cfg.rounds < 1 || cfg.streamRounds < 1 {
		return nil, fmt.Errorf("-rounds and -stream-rounds must be at least 1")
	}
	return cfg, nil
}

// defaultWorkers is 1 and 2, and every core when there are more.
func defaultWorkers(cores int) string {
	if cores > 2 {
		return "1,2," + strconv.Itoa(cores)
	}
	return "1,2"
}

// defaultCores is 1 on a machine with more than one core: with --out, one
// worker already keeps more than one core busy (the Parquet writer runs
// beside it), so 1 → N workers understates what N cores give over one.
func defaultCores(cores int) string {
	if cores > 1 {
		return "1"
	}
	return ""
}

func parseCores(s string, ncpu int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var cs []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n >= ncpu {
			return nil, fmt.Errorf("-cores: %q is not a count from 1 to %d (nproc − 1)", f, ncpu-1)
		}
		cs = append(cs, n)
	}
	return cs, nil
}

func parseWorkers(s string) ([]int, error) {
	var ws []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-workers: %q is not a positive count", f)
		}
		ws = append(ws, n)
	}
	return ws, nil
}

// findBenchModule walks up from the working directory to this module's
// go.mod, so the harness finds the repository wherever it is checked out.
func findBenchModule() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(b), "module github.com/arbiter-chess/arbiter/bench\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("run from inside the bench module (bench/ of the repository)")
		}
		dir = parent
	}
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "wholerun: "+format+"\n", args...)
}
