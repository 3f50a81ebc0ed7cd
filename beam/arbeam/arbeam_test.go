package arbeam

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/klauspost/compress/zstd"

	"github.com/arbiter-chess/arbiter/beam/internal/compare"
	"github.com/arbiter-chess/arbiter/beam/shard"
	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/pipeline/table"
	"github.com/arbiter-chess/arbiter/stats"
)

func TestMain(m *testing.M) {
	ptest.Main(m)
}

// pipelineTimeout bounds every run: Prism waits forever for a worker that
// died, and a test must fail rather than hang.
const pipelineTimeout = 5 * time.Minute

// runBeam plans, prepares and runs cfg on the test runner (Prism unless
// --runner says otherwise) and returns the planned shards and the counters.
func runBeam(t *testing.T, cfg *Config) ([]shard.Shard, map[string]int64, error) {
	t.Helper()
	inputs, shards, err := Plan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := Prepare(cfg.Output, cfg.Check.Moves); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	counts := Build(s, cfg, inputs, shards)
	// Every shard of a plain file but its last is counted, once.
	counted := 0
	for _, sh := range shards {
		if !sh.Whole && !sh.Last {
			counted++
		}
	}
	passert.Count(s, counts, "counted shards", counted)

	runner := *ptest.Runner
	if runner == "" {
		runner = ptest.DefaultRunner()
	}
	ctx, cancel := context.WithTimeout(context.Background(), pipelineTimeout)
	defer cancel()
	type outcome struct {
		res beam.PipelineResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := beam.Run(ctx, runner, p)
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			return shards, nil, o.err
		}
		counters := map[string]int64{}
		if o.res != nil {
			for _, c := range o.res.Metrics().AllMetrics().Counters() {
				counters[c.Namespace()+"/"+c.Name()] = c.Result()
			}
		}
		return shards, counters, nil
	case <-time.After(pipelineTimeout + 10*time.Second):
		t.Fatalf("the pipeline did not end in %v", pipelineTimeout)
		return nil, nil, nil
	}
}

// runCLI runs the command line's pipeline on the same inputs into dir.
func runCLI(t *testing.T, cfg *Config, dir string) pipeline.Summary {
	t.Helper()
	recorded := recordedFlags(cfg.Check) // the Beam runner compares no games
	opt, err := recorded.Options()
	if err != nil {
		t.Fatal(err)
	}
	inputs := pipeline.Expand(cfg.Inputs)
	sink, err := pipeline.NewParquetSink(dir, pipeline.ParquetOptions{Moves: cfg.Check.Moves, Run: opt.RunOptions()})
	if err != nil {
		t.Fatal(err)
	}
	// The Beam runner's shards cannot fold an input's reading notes into one.
	sum, err := pipeline.Run(context.Background(), &pipeline.Config{Check: *opt, EveryReadingNote: true}, inputs, sink)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// noTemporaryFiles fails when a temporary file is left in the output.
func noTemporaryFiles(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(path, ".tmp") {
			t.Errorf("temporary file left: %s", path)
		}
		return nil
	})
}

// sampleInputs writes test inputs made of the repository's sample games: a
// plain file long enough for many shards, the same compressed with zstd and
// gzip, a zstd stream cut short, and names the bzip2 sample, the parser's
// samples and a missing file.
func sampleInputs(t *testing.T) []string {
	t.Helper()
	samples, _ := filepath.Glob("../../parser/testdata/*.pgn")
	txt, _ := filepath.Glob("../../parser/testdata/*.txt")
	samples = append(samples, txt...)
	if len(samples) < 5 {
		t.Fatalf("found %d sample files", len(samples))
	}
	var all bytes.Buffer
	for range 20 {
		for _, s := range samples {
			data, err := os.ReadFile(s)
			if err != nil {
				t.Fatal(err)
			}
			all.Write(data)
			all.WriteString("\n\n")
		}
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var z bytes.Buffer
	zw, _ := zstd.NewWriter(&z)
	zw.Write(all.Bytes())
	zw.Close()
	var gz bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write(all.Bytes())
	gw.Close()
	inputs := []string{
		write("all.pgn", all.Bytes()),
		write("all.pgn.zst", z.Bytes()),
		write("all.pgn.gz", gz.Bytes()),
		write("cut.pgn.zst", z.Bytes()[:z.Len()*2/3]),
		write("empty.pgn", nil),
		"../../pipeline/testdata/two-games.pgn.bz2",
		filepath.Join(dir, "missing.pgn"),
	}
	return append(inputs, samples...)
}

// sameManifest compares what each input gave in both manifests.
func sameManifest(t *testing.T, cliDir, beamDir string) *Manifest {
	t.Helper()
	want, err := pipeline.LoadManifest(cliDir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := LoadManifest(beamDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Inputs) != len(want.Inputs) {
		t.Fatalf("manifest: %d inputs, want %d", len(got.Inputs), len(want.Inputs))
	}
	if got.Options == nil || want.Options == nil || !got.Options.Equal(want.Options) {
		t.Errorf("manifest options %+v, want %+v", got.Options, want.Options)
	}
	var games, findings int64
	for i, w := range want.Inputs {
		g := got.Inputs[i]
		if g.Path != w.Path || g.Number != w.Number || g.Games != w.Games || g.Findings != w.Findings ||
			g.Moves != w.Moves || g.Completed != w.Completed || (g.Error == "") != (w.Error == "") || g.Size != w.Size {
			t.Errorf("manifest input %d:\n got %+v\nwant %+v", i, g.ManifestInput, w)
		}
		games += g.Games
		findings += g.Findings
	}
	if got.Games != games || got.Findings != findings {
		t.Errorf("manifest totals: %d games, %d findings; inputs sum to %d, %d", got.Games, got.Findings, games, findings)
	}
	var inParts int64
	for _, p := range got.Parts {
		inParts += p.Games
	}
	if inParts != games {
		t.Errorf("parts hold %d games, inputs %d", inParts, games)
	}
	return got
}

// forceSplits makes a few shards slow: Prism splits a bundle that makes no
// progress for a while, so the shards end in several bundles, hence several
// parts.
func forceSplits(t *testing.T) {
	shardHook = func(sh shard.Shard) {
		if sh.Index%10 == 5 {
			time.Sleep(400 * time.Millisecond)
		}
	}
	t.Cleanup(func() { shardHook = nil })
}

// The reads and checks of every shard, with the command line's output.
func TestSameRowsAsCLI(t *testing.T) {
	inputs := sampleInputs(t)
	forceSplits(t)
	for _, moves := range []bool{false, true} {
		t.Run(fmt.Sprintf("moves=%v", moves), func(t *testing.T) {
			cli, out := t.TempDir(), t.TempDir()
			cfg := &Config{Inputs: inputs, Output: out, ShardSize: 1500, Check: CheckFlags{Moves: moves}}
			sum := runCLI(t, cfg, cli)
			shards, counters, err := runBeam(t, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(shards) < 40 {
				t.Fatalf("%d shards: the test means to cut the plain file many times", len(shards))
			}
			sizes := compare.Tables(t, cli, out, Tables(moves))
			m := sameManifest(t, cli, out)
			noTemporaryFiles(t, out)
			if int64(sizes[table.GamesDir]) != sum.Games || sum.Games < 400 {
				t.Fatalf("%d games, the command line read %d", sizes[table.GamesDir], sum.Games)
			}
			if counters["arbiter/games"] != sum.Games || counters["arbiter/findings"] != m.Findings ||
				counters["arbiter/shards"] != int64(len(shards)) {
				t.Errorf("counters %v; want %d games, %d findings, %d shards", counters, sum.Games, m.Findings, len(shards))
			}
			if len(m.Parts) < 2 {
				t.Errorf("%d parts: the bundles were not split", len(m.Parts))
			}
			t.Logf("%d shards, %d parts, %d games, %d findings", len(shards), len(m.Parts), sum.Games, m.Findings)
		})
	}
}

// A bundle retried after writing its files leaves no duplicate row: the
// files of the first attempt are never published and finalize removes them.
func TestRetriedBundle(t *testing.T) {
	var mu sync.Mutex
	retried := 0
	// finishHook is called once per bundle, before its retry.
	finishHook = func(id string) (bool, error) {
		mu.Lock()
		defer mu.Unlock()
		retried++
		return true, nil
	}
	defer func() { finishHook = nil }()
	forceSplits(t)
	inputs := sampleInputs(t)
	cli, out := t.TempDir(), t.TempDir()
	cfg := &Config{Inputs: inputs, Output: out, ShardSize: 1500}
	runCLI(t, cfg, cli)
	if _, _, err := runBeam(t, cfg); err != nil {
		t.Fatal(err)
	}
	compare.Tables(t, cli, out, Tables(false))
	if m := sameManifest(t, cli, out); len(m.Parts) < 2 || retried < len(m.Parts) {
		t.Errorf("%d parts from %d bundles retried, want several", len(m.Parts), retried)
	}
	noTemporaryFiles(t, out)
}

// A job that fails after bundles wrote their files, run again into the same
// directory, gives the output of one run.
func TestFailedJobRunAgain(t *testing.T) {
	finishHook = func(string) (bool, error) { return false, fmt.Errorf("a worker fails") }
	inputs := sampleInputs(t)
	cli, out := t.TempDir(), t.TempDir()
	// Options other than the defaults, which the manifests must both record.
	cfg := &Config{Inputs: inputs, Output: out, ShardSize: 1500, Check: CheckFlags{Rules: "fide2009",
		Disable: []string{"tag-missing"}, Severity: []string{"clock-inconsistent=info"}}}
	_, _, err := runBeam(t, cfg)
	finishHook = nil
	if err == nil {
		t.Fatal("the job whose bundles fail succeeded")
	}
	if left, _ := filepath.Glob(filepath.Join(out, "games", ".part-*.tmp")); len(left) == 0 {
		t.Fatal("the failed attempt left no file: the test tests nothing")
	}
	runCLI(t, cfg, cli)
	if _, _, err := runBeam(t, cfg); err != nil {
		t.Fatal(err)
	}
	compare.Tables(t, cli, out, Tables(false))
	sameManifest(t, cli, out)
	noTemporaryFiles(t, out)
}

// `arbiter stats` reads a Beam run's output as it reads the command line's.
func TestStatsReadsOutput(t *testing.T) {
	inputs := sampleInputs(t)
	cli, out := t.TempDir(), t.TempDir()
	cfg := &Config{Inputs: inputs, Output: out, ShardSize: 5000}
	runCLI(t, cfg, cli)
	if _, _, err := runBeam(t, cfg); err != nil {
		t.Fatal(err)
	}
	want, err := stats.ReadParquet(cli)
	if err != nil {
		t.Fatal(err)
	}
	got, err := stats.ReadParquet(out)
	if err != nil {
		t.Fatal(err)
	}
	var wb, gb bytes.Buffer
	if err := stats.WriteJSON(&wb, want.Summarize(20)); err != nil {
		t.Fatal(err)
	}
	if err := stats.WriteJSON(&gb, got.Summarize(20)); err != nil {
		t.Fatal(err)
	}
	if wb.String() != gb.String() {
		t.Fatalf("stats differ:\n%s\n%s", wb.String(), gb.String())
	}
}

// The shared corpus, cut into shards, gives the command line's rows.
func TestSameRowsAsCLICorpus(t *testing.T) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("ARBITER_CORPUS: %v", err)
	}
	// The largest file compressed too: a zstd input read whole.
	found := pipeline.Expand([]string{dir})
	largest := slices.MaxFunc(found, func(a, b pipeline.Input) int { return cmp.Compare(a.Size, b.Size) })
	data, err := os.ReadFile(largest.Path)
	if err != nil {
		t.Fatal(err)
	}
	zst := filepath.Join(t.TempDir(), filepath.Base(largest.Path)+".zst")
	zw, _ := zstd.NewWriter(nil)
	if err := os.WriteFile(zst, zw.EncodeAll(data, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	cli, out := t.TempDir(), t.TempDir()
	// Small shards, so that most files are cut.
	cfg := &Config{Inputs: []string{dir, zst}, Output: out, ShardSize: 128 << 10}
	start := time.Now()
	sum := runCLI(t, cfg, cli)
	t.Logf("command line: %d games in %v", sum.Games, time.Since(start))
	start = time.Now()
	shards, _, err := runBeam(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if files := shards[len(shards)-1].Input + 1; len(shards) < 2*files {
		t.Fatalf("%d shards for %d files: few files were cut", len(shards), files)
	}
	t.Logf("beam: %d shards in %v", len(shards), time.Since(start))
	sizes := compare.Tables(t, cli, out, Tables(false))
	m := sameManifest(t, cli, out)
	noTemporaryFiles(t, out)
	t.Logf("%d games, %d findings, %d parts", sizes[table.GamesDir], sizes[table.FindingsDir], len(m.Parts))
}
