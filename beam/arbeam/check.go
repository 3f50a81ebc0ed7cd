package arbeam

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/google/uuid"

	"github.com/arbiter-chess/arbiter/beam/shard"
	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/pipeline/table"
	"github.com/arbiter-chess/arbiter/validate"
)

// ShardCount is what the count step learns of a shard of a plain file: its
// span and how many games and newlines the span holds.
type ShardCount struct {
	Input, Index int
	From, To     int64
	Games, Lines int64
}

// countFn counts the games and lines of every shard of a plain file but the
// last, whose count no shard needs.
type countFn struct {
	Check CheckFlags
	opt   *pipeline.CheckOptions
}

func (fn *countFn) Setup() error {
	var err error
	fn.opt, err = fn.Check.Options()
	return err
}

func (fn *countFn) ProcessElement(ctx context.Context, sh shard.Shard, emit func(ShardCount)) error {
	if sh.Whole || sh.Last {
		return nil
	}
	f, err := os.Open(sh.Path)
	if err != nil {
		// The check of this shard fails to open it too and records why:
		// without a count the later shards of the file cannot be numbered,
		// and they fail as well.
		return nil
	}
	defer f.Close()
	sp, err := shard.Bounds(f, &sh)
	if err != nil {
		return fmt.Errorf("%s: %w", sh.Path, err)
	}
	games, lines, err := shard.Count(f, sp, fn.opt)
	if err != nil {
		return fmt.Errorf("%s: %w", sh.Path, err)
	}
	emit(ShardCount{Input: sh.Input, Index: sh.Index, From: sp.From, To: sp.To, Games: games, Lines: lines})
	return nil
}

// Result is what a bundle reports when it ends: one per shard it read
// (Part false), and one per set of Parquet files it wrote (Part true).
type Result struct {
	Part bool

	// A shard: its input and what it gave.
	Input, Shard                  int
	Games, Findings, Moves, Plies int64
	Errors, Warnings, Infos       int64
	InputErr                      string // why the input could not be read (to its end)

	// A part: the attempt-unique name of its temporary files, the first
	// game in it (which orders the parts), the inputs it holds rows of and
	// its rows per table, in the order of Tables.
	ID         string
	FirstInput int
	FirstGame  int64
	Inputs     []int
	Rows       []int64
}

// Tables lists the tables written, in a fixed order.
func Tables(moves bool) []string {
	if moves {
		return []string{table.GamesDir, table.FindingsDir, table.MovesDir}
	}
	return []string{table.GamesDir, table.FindingsDir}
}

// tmpName is the temporary name of a part's file in a table directory:
// hidden, and not ending in .parquet, so that no glob of the table reads it.
func tmpName(id string) string { return ".part-" + id + ".parquet.tmp" }

// finishHook, set by tests only, is called when a bundle has closed its
// files: retry makes the bundle behave as a runner's retry does (the files
// of this attempt stay behind unreported and the bundle's shards are read
// again into new files); an error fails the bundle.
var finishHook func(id string) (retry bool, err error)

// shardHook, set by tests only, is called before a shard is read; a test
// makes some shards slow so that Prism splits the bundles holding them.
var shardHook func(shard.Shard)

// checkFn reads and checks shards and writes their rows, one set of Parquet
// files per bundle.
type checkFn struct {
	Check  CheckFlags
	Output string

	opt    *pipeline.CheckOptions
	parser *parser.Parser
	counts map[[2]int]place // by input and shard index, read once from the side input
	bundle *bundle
}

// place is where a shard starts in its file and what it covers.
type place struct {
	span shard.Span
	base shard.Base
	have bool // the shard has a count (all but the last of a file)
}

func (fn *checkFn) Setup() error {
	var err error
	fn.opt, err = fn.Check.Options()
	fn.parser = pipeline.NewParser(fn.opt)
	return err
}

// StartBundle reads the counts once per instance: the side input is the same
// for every bundle.
func (fn *checkFn) StartBundle(ctx context.Context, counts func(*ShardCount) bool, emit func(Result)) {
	fn.bundle.abort() // what a failed bundle may have left on this instance
	fn.bundle = nil
	if fn.counts == nil {
		fn.counts = places(counts)
	}
}

func (fn *checkFn) ProcessElement(ctx context.Context, sh shard.Shard, _ func(*ShardCount) bool, emit func(Result)) error {
	if fn.bundle == nil {
		fn.bundle = &bundle{fn: fn}
	}
	return fn.bundle.read(sh)
}

func (fn *checkFn) FinishBundle(ctx context.Context, _ func(*ShardCount) bool, emit func(Result)) error {
	b := fn.bundle
	fn.bundle = nil
	if b == nil {
		return nil
	}
	if err := b.close(); err != nil {
		b.abort()
		return err
	}
	if finishHook != nil {
		retry, err := finishHook(b.id)
		if err != nil {
			return err
		}
		if retry {
			// The files just written stay where they are, as a failed
			// attempt's would.
			again := &bundle{fn: fn}
			for _, sh := range b.shards {
				if err := again.read(sh); err != nil {
					again.abort()
					return err
				}
			}
			if err := again.close(); err != nil {
				again.abort()
				return err
			}
			b = again
		}
	}
	b.publish(ctx, emit)
	return nil
}

// places turns the counts into each shard's span and base: the spans of a
// file's shards follow one another, and the games and lines before a shard
// are the sum of the counts before it. A file's shards are placed up to its
// first shard without a count (it could not be read): the ones after it
// cannot be numbered and are not placed.
func places(counts func(*ShardCount) bool) map[[2]int]place {
	byInput := map[int][]ShardCount{}
	var c ShardCount
	for counts(&c) {
		byInput[c.Input] = append(byInput[c.Input], c)
	}
	out := map[[2]int]place{}
	for in, cs := range byInput {
		slices.SortFunc(cs, func(a, b ShardCount) int { return a.Index - b.Index })
		var base shard.Base
		from := int64(0)
		next := 0
		for _, c := range cs {
			if c.Index != next || c.From != from {
				break
			}
			out[[2]int{in, c.Index}] = place{span: shard.Span{From: c.From, To: c.To}, base: base, have: true}
			base.Games += c.Games
			base.Lines += c.Lines
			from, next = c.To, next+1
		}
		// The shard after the counted ones starts where they end; when it is
		// the file's last, it needs no count of its own.
		out[[2]int{in, next}] = place{span: shard.Span{From: from}, base: base}
	}
	return out
}

// locate returns the span and base of a plain-file shard.
func (fn *checkFn) locate(sh *shard.Shard) (shard.Span, shard.Base, error) {
	if sh.Index == 0 && sh.Last {
		return shard.Span{From: 0, To: sh.Size}, shard.Base{}, nil
	}
	p, ok := fn.counts[[2]int{sh.Input, sh.Index}]
	switch {
	case ok && p.have:
		return p.span, p.base, nil
	case ok && sh.Last:
		return shard.Span{From: p.span.From, To: max(p.span.From, sh.Size)}, p.base, nil
	}
	return shard.Span{}, shard.Base{}, fmt.Errorf("%s: shard %d has no count: a shard before it could not be read", sh.Path, sh.Index)
}

// bundle is the output of one attempt at a bundle: its files and what each
// shard gave.
type bundle struct {
	fn      *checkFn
	id      string
	tables  []string
	files   []*os.File
	bufs    []*bufio.Writer
	writers []*table.Writer
	rows    []int64 // per table, once closed
	game    table.Game

	first  *[2]int64 // input and index of the first game written
	inputs []int
	shards []shard.Shard
	stats  []Result
	codes  map[validate.Code]int64
}

// read checks one shard into the bundle's files.
func (b *bundle) read(sh shard.Shard) error {
	if shardHook != nil {
		shardHook(sh)
	}
	b.shards = append(b.shards, sh)
	st := Result{Input: sh.Input, Shard: sh.Index}
	var sp shard.Span
	var base shard.Base
	if !sh.Whole {
		var err error
		if sp, base, err = b.fn.locate(&sh); err != nil {
			// A file gone since the launcher saw it has no counts either:
			// that is the input's failure, which a retry would repeat.
			if _, serr := os.Stat(sh.Path); serr != nil {
				st.InputErr = serr.Error()
				b.stats = append(b.stats, st)
				return nil
			}
			return err
		}
	}
	inputErr, err := shard.Check(&sh, sp, base, b.fn.opt, b.fn.parser, func(recs []pipeline.GameRecord) error {
		for i := range recs {
			if err := b.write(&recs[i], &st); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s, shard %d: %w", sh.Path, sh.Index, err)
	}
	if inputErr != nil {
		st.InputErr = inputErr.Error()
	}
	b.stats = append(b.stats, st)
	return nil
}

func (b *bundle) write(r *pipeline.GameRecord, st *Result) error {
	if b.files == nil {
		if err := b.open(); err != nil {
			return err
		}
	}
	in := b.shards[len(b.shards)-1].Input
	if b.first == nil {
		b.first = &[2]int64{int64(in), int64(r.Index)}
	}
	if len(b.inputs) == 0 || b.inputs[len(b.inputs)-1] != in {
		b.inputs = append(b.inputs, in)
	}
	b.game = table.Game{File: pipeline.ColumnPath(r.File), Index: r.Index, Start: r.Start, End: r.End,
		Tags: r.Tags, Encoding: r.Encoding, Report: &r.Report}
	for i, w := range b.writers {
		if err := w.Append(&b.game); err != nil {
			return fmt.Errorf("%s: %w", b.files[i].Name(), err)
		}
	}
	b.game = table.Game{}
	rep := &r.Report
	st.Games++
	st.Findings += int64(len(rep.Findings))
	st.Moves += int64(len(rep.Moves))
	st.Plies += int64(rep.Plies)
	st.Errors += int64(rep.Errors)
	st.Warnings += int64(rep.Warnings)
	st.Infos += int64(rep.Infos)
	if b.codes == nil {
		b.codes = map[validate.Code]int64{}
	}
	for i := range rep.Findings {
		b.codes[rep.Findings[i].Code]++
	}
	return nil
}

// open creates the bundle's temporary files, one per table.
func (b *bundle) open() error {
	b.id = uuid.NewString()
	b.tables = Tables(b.fn.Check.Moves)
	for _, t := range b.tables {
		f, err := os.Create(filepath.Join(b.fn.Output, t, tmpName(b.id)))
		if err != nil {
			b.abort()
			return err
		}
		b.files = append(b.files, f)
		buf := bufio.NewWriterSize(f, 1<<20)
		b.bufs = append(b.bufs, buf)
		var tb table.Builder
		switch t {
		case table.GamesDir:
			tb = table.NewGamesBuilder(nil)
		case table.FindingsDir:
			tb = table.NewFindingsBuilder(nil)
		default:
			tb = table.NewMovesBuilder(nil)
		}
		w, err := table.NewWriter(buf, tb, table.WriterOptions{})
		if err != nil {
			b.abort()
			return err
		}
		b.writers = append(b.writers, w)
	}
	return nil
}

// close finishes the files and makes them durable, so that a part
// reported is a part on disk.
func (b *bundle) close() error {
	var errs []error
	for i, w := range b.writers {
		errs = append(errs, w.Close(), b.bufs[i].Flush(), b.files[i].Sync(), b.files[i].Close())
		b.rows = append(b.rows, w.Rows())
	}
	b.writers, b.bufs = nil, nil
	return errors.Join(errs...)
}

// abort drops the bundle's files: an attempt that fails removes what it can,
// and finalize removes the rest.
func (b *bundle) abort() {
	if b == nil {
		return
	}
	for _, w := range b.writers {
		w.Abort()
	}
	for _, f := range b.files {
		f.Close()
		os.Remove(f.Name())
	}
	b.writers, b.bufs, b.files = nil, nil, nil
}

// Counters of the run, in the "arbiter" namespace; findings by code are in
// "arbiter.findings". Runners report the committed values (a retried bundle
// counts once).
var (
	gamesCounter    = beam.NewCounter("arbiter", "games")
	findingsCounter = beam.NewCounter("arbiter", "findings")
	pliesCounter    = beam.NewCounter("arbiter", "plies")
	errorsCounter   = beam.NewCounter("arbiter", "errors")
	warningsCounter = beam.NewCounter("arbiter", "warnings")
	infosCounter    = beam.NewCounter("arbiter", "infos")
	unreadCounter   = beam.NewCounter("arbiter", "unreadable_shards")
	shardsCounter   = beam.NewCounter("arbiter", "shards")
)

// publish reports the bundle's shards and its part, and counts them; only
// now, so that an attempt dropped before its end counts nothing.
func (b *bundle) publish(ctx context.Context, emit func(Result)) {
	for _, st := range b.stats {
		emit(st)
		shardsCounter.Inc(ctx, 1)
		gamesCounter.Inc(ctx, st.Games)
		findingsCounter.Inc(ctx, st.Findings)
		pliesCounter.Inc(ctx, st.Plies)
		errorsCounter.Inc(ctx, st.Errors)
		warningsCounter.Inc(ctx, st.Warnings)
		infosCounter.Inc(ctx, st.Infos)
		if st.InputErr != "" {
			unreadCounter.Inc(ctx, 1)
		}
	}
	for code, n := range b.codes {
		beam.NewCounter("arbiter.findings", string(code)).Inc(ctx, n)
	}
	if b.files == nil {
		return
	}
	emit(Result{Part: true, ID: b.id, FirstInput: int(b.first[0]), FirstGame: b.first[1], Inputs: b.inputs, Rows: b.rows})
}
