package arbeam

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/arbiter-chess/arbiter/beam/shard"
	"github.com/arbiter-chess/arbiter/pipeline"
)

// Stripped worker binaries cannot look functions up by name: every DoFn,
// emitter and iterator is registered.
func init() {
	register.DoFn3x1[context.Context, shard.Shard, func(ShardCount), error](&countFn{})
	register.DoFn4x1[context.Context, shard.Shard, func(*ShardCount) bool, func(Result), error](&checkFn{})
	register.DoFn3x1[context.Context, int, func(*Result) bool, error](&finalizeFn{})
	register.Emitter1[ShardCount]()
	register.Emitter1[Result]()
	register.Iter1[ShardCount]()
	register.Iter1[Result]()
	beam.RegisterType(reflect.TypeOf((*shard.Shard)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*ShardCount)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Result)(nil)).Elem())
}

// Config is a run: what to read, how to check it, where to write.
type Config struct {
	Inputs    []string // files and directories, as `arbiter check` takes them
	Output    string   // the output directory
	ShardSize int64    // bytes per shard of a plain file; 0 for one shard per file
	Check     CheckFlags
}

// DefaultShardSize is big enough that a shard's overhead (its boundaries,
// its count) is small, small enough to spread a file over many workers.
const DefaultShardSize = 64 << 20

// Plan expands the inputs and cuts them into shards. It runs on the
// launcher, which must see the files at the paths the workers will use.
func Plan(cfg *Config) ([]shard.Input, []shard.Shard, error) {
	if cfg.Output == "" {
		return nil, nil, errors.New("no output directory")
	}
	if _, err := cfg.Check.Options(); err != nil {
		return nil, nil, err
	}
	found := pipeline.Expand(cfg.Inputs)
	if len(found) == 0 {
		return nil, nil, errors.New("no input")
	}
	for _, in := range found {
		if in.Path == pipeline.Stdin {
			return nil, nil, fmt.Errorf("%w: store it in a file", shard.ErrStdin)
		}
	}
	inputs := shard.Describe(found)
	return inputs, shard.Plan(inputs, cfg.ShardSize), nil
}

// Build adds the run to the pipeline and returns the counts of the shards
// (for tests). The output directory must have been prepared (Prepare).
func Build(s beam.Scope, cfg *Config, inputs []shard.Input, shards []shard.Shard) beam.PCollection {
	s = s.Scope("arbiter")
	planned := beam.CreateList(s, shards)
	// Spread the shards over the workers: a runner would otherwise read them
	// where they were created, in one bundle.
	spread := beam.Reshuffle(s, planned)
	counts := beam.ParDo(s.Scope("count"), &countFn{Check: cfg.Check}, spread)
	results := beam.ParDo(s.Scope("check"), &checkFn{Check: cfg.Check, Output: cfg.Output}, spread,
		beam.SideInput{Input: counts})
	all := beam.GroupByKey(s, beam.AddFixedKey(s, results))
	var run pipeline.RunOptions
	recorded := recordedFlags(cfg.Check)
	if opt, err := recorded.Options(); err == nil { // Plan has checked them
		run = opt.RunOptions()
	}
	beam.ParDo0(s.Scope("finalize"), &finalizeFn{Output: cfg.Output, Moves: cfg.Check.Moves, Run: run, Inputs: inputs}, all)
	return counts
}

// recordedFlags are the options the manifest records: f, and duplicate-game
// off, since the games of an input are checked in shards here and never
// compared with each other (the command line's ordered writer compares
// them). So the tables are those of `arbiter check --disable duplicate-game`.
func recordedFlags(f CheckFlags) CheckFlags {
	for _, d := range f.Disable {
		for _, code := range strings.Split(d, ",") {
			if strings.EqualFold(strings.TrimSpace(code), "duplicate-game") {
				return f
			}
		}
	}
	f.Disable = append(slices.Clip(f.Disable), "duplicate-game")
	return f
}
