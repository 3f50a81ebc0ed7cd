// Command arbiter-beam runs `arbiter check --out` as an Apache Beam
// pipeline: on Prism in this process by default, or on Flink, Spark or
// Dataflow. The same binary is the launcher and the workers' program.
//
//	arbiter-beam --input games/ --output out/
//	arbiter-beam --input 'archive/*.pgn' --output /shared/out \
//	    --runner=flink --endpoint=localhost:8099 --environment_type=LOOPBACK
//
// The output directory holds the tables `arbiter check --out` writes
// (games/, findings/, moves/ with --moves), as part-NNNNN.parquet files,
// and a manifest.json; `arbiter stats` reads it. beam/README.md says more.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/arbiter-chess/arbiter/beam/arbeam"
	"github.com/arbiter-chess/arbiter/pipeline"
)

// list is a repeatable flag whose values may also be comma-separated.
type list []string

func (l *list) String() string { return strings.Join(*l, ",") }
func (l *list) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

// size is a byte count written with an optional K, M or G (powers of 1024).
type size int64

func (s *size) String() string { return strconv.FormatInt(int64(*s), 10) }
func (s *size) Set(v string) error {
	mult := int64(1)
	t := strings.TrimSuffix(strings.TrimSuffix(strings.ToUpper(v), "B"), "I")
	switch {
	case strings.HasSuffix(t, "K"):
		mult, t = 1<<10, t[:len(t)-1]
	case strings.HasSuffix(t, "M"):
		mult, t = 1<<20, t[:len(t)-1]
	case strings.HasSuffix(t, "G"):
		mult, t = 1<<30, t[:len(t)-1]
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 {
		return fmt.Errorf("not a size: %q", v)
	}
	*s = size(n * mult)
	return nil
}

// Flags are package variables: a worker parses the same command line
// definitions (with its own --worker arguments) before beam.Init takes over.
var (
	inputs    list
	output    = flag.String("output", "", "output directory (shared by the launcher and every worker)")
	shardSize = size(arbeam.DefaultShardSize)
	check     arbeam.CheckFlags
	config    = flag.String("config", "", "read --rules, --enable, --disable and --severity from this JSON file, as arbiter check does; the flags given win over it")
)

func init() {
	flag.Var(&inputs, "input", "files, directories or globs to check (repeatable, comma-separated); also the arguments")
	flag.Var(&shardSize, "shard_size", "bytes per shard of an uncompressed file (K, M, G suffixes; 0: one shard per file); a compressed file is one shard")
	flag.StringVar(&check.Rules, "rules", "fide", "rules: fide, fide2009 or ussr")
	flag.StringVar(&check.Notation, "notation", "auto", "piece letters of the moves: auto (per game), san, ru, de, fr, ...")
	flag.StringVar(&check.Encoding, "encoding", "auto", "text encoding: auto (per game), utf-8, windows-1252, windows-1251, koi8-r, cp866, cp850")
	flag.Var((*list)(&check.Enable), "enable", "report findings with this code (repeatable; \"all\" for every code)")
	flag.Var((*list)(&check.Disable), "disable", "do not report findings with this code (repeatable; \"all\" for every code)")
	flag.Var((*list)(&check.Severity), "severity", "code=severity, to change a finding's severity (repeatable)")
	flag.BoolVar(&check.Moves, "moves", false, "write the moves table too")
}

func main() {
	flag.Parse()
	// In a worker this never returns: the harness runs the DoFns.
	beam.Init()
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "arbiter-beam:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if err := applyConfig(*config, func(name string) bool { return set[name] }, &check); err != nil {
		return err
	}
	paths, err := expandGlobs(append(inputs, flag.Args()...))
	if err != nil {
		return err
	}
	cfg := &arbeam.Config{Inputs: paths, Output: *output, ShardSize: int64(shardSize), Check: check}
	ins, shards, err := arbeam.Plan(cfg)
	if err != nil {
		return err
	}
	if err := arbeam.Prepare(cfg.Output, cfg.Check.Moves); err != nil {
		return err
	}
	p, s := beam.NewPipelineWithRoot()
	arbeam.Build(s, cfg, ins, shards)
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		return err
	}
	m, err := arbeam.LoadManifest(cfg.Output)
	if err != nil {
		return fmt.Errorf("the run ended but wrote no manifest: %w", err)
	}
	incomplete := 0
	for _, in := range m.Inputs {
		if !in.Completed {
			incomplete++
			fmt.Fprintf(os.Stderr, "arbiter-beam: %s: %s\n", in.Path, in.Error)
		}
	}
	fmt.Fprintf(os.Stderr, "arbiter-beam: %d files in %d shards, %d games, %d findings, %d parts in %s\n",
		len(ins), len(shards), m.Games, m.Findings, len(m.Parts), cfg.Output)
	if res != nil {
		printCounters(res.Metrics())
	}
	if incomplete > 0 {
		return fmt.Errorf("%d files not read to their end", incomplete)
	}
	return nil
}

// applyConfig puts the rule settings of the --config file under those of
// the command line (changed says which flags it gives), as arbiter check
// does. Only the launcher reads the file: the settings reach the workers
// inside the DoFns. The file's fail-on is read and checked but has no
// effect: findings do not change arbiter-beam's exit status.
func applyConfig(path string, changed func(string) bool, c *arbeam.CheckFlags) error {
	if path == "" {
		return nil
	}
	rf, err := pipeline.ReadRuleFile(path)
	if err != nil {
		return fmt.Errorf("--config: %w", err)
	}
	if rf.Rules != "" && !changed("rules") {
		c.Rules = rf.Rules
	}
	c.Enable, c.Disable, c.Severity = rf.Merge(c.Enable, c.Disable, c.Severity)
	return nil
}

// printCounters prints the run's counters (committed values where the
// runner reports them).
func printCounters(r metrics.Results) {
	cs := r.AllMetrics().Counters()
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Namespace() != cs[j].Namespace() {
			return cs[i].Namespace() < cs[j].Namespace()
		}
		return cs[i].Name() < cs[j].Name()
	})
	for _, c := range cs {
		if strings.HasPrefix(c.Namespace(), "arbiter") {
			fmt.Fprintf(os.Stderr, "  %s/%s = %d\n", c.Namespace(), c.Name(), c.Result())
		}
	}
}

// expandGlobs expands the arguments holding glob characters that name no
// existing path (a file may be called "x[1].pgn"); the others (files,
// directories) are taken as given, so that a missing file is reported by
// the run.
func expandGlobs(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		if _, err := os.Lstat(a); err == nil || !strings.ContainsAny(a, "*?[") {
			out = append(out, a)
			continue
		}
		m, err := filepath.Glob(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: matches no file", a)
		}
		out = append(out, m...)
	}
	return out, nil
}
