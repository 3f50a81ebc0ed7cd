package pipeline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"golang.org/x/sync/errgroup"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
	"github.com/arbiter-chess/arbiter/validate"
)

// Config says how to run.
type Config struct {
	Check   CheckOptions
	Workers int // goroutines checking chunks; 0 means GOMAXPROCS, one per CPU the process may use

	// ChunkSize is the size the splitter aims at for a chunk of games;
	// 0 takes the parser's default. Memory in use is about
	// Workers × inFlight × ChunkSize.
	ChunkSize int

	// Skip, when set, passes over the inputs it returns true for (on
	// --resume, those a sink has already finished).
	Skip func(Input) bool

	Progress io.Writer       // where to draw a progress bar, nil for none
	Log      *zerolog.Logger // nil for no logging
	// ProgressLog, without a Progress bar, logs a progress line (info) this
	// often: for a stderr that is a log file, not a terminal. 0 for none.
	ProgressLog time.Duration

	// NoGameDirs are directories named that gave no input
	// (Expansion.NoGameDirs): each is reported as an input with no game
	// (validate.NoGame) before the first input.
	NoGameDirs []string

	// ReadDone, when set, is called once the reader has stopped, every
	// input read or reading cut short: from then on no input can hold the
	// run up, and what is left is checking and writing what was read.
	ReadDone func()

	// EveryReadingNote keeps, on every line of a list of positions, the
	// note on how its FEN is read (Chess960 castling, a shuffle-chess
	// start), which the ordered writer otherwise keeps once an input
	// (noteOnce): the Beam runner, whose shards cannot see an input's
	// earlier lines, writes them so, and its tests compare its tables with
	// such a run's.
	EveryReadingNote bool
}

// inFlight is how many chunks per worker may be read ahead of the writer,
// and inFlightBytes what they may hold, input and records (see budget):
// together they bound memory whatever the input. Two keep the workers fed
// while the writer appends a chunk's records (it encodes in the
// background); four had the live heap 10-15 MB larger (chunk buffers and
// their records), which the heap limit then had to leave room for
// (BENCHMARKS.md, session 27).
//
// minInFlight is the fewest chunks in flight whatever the workers: with one
// worker and two chunks, the worker waited for the reader while the writer
// held the chunk before (big.pgn with 1 worker: 0.97-1.08 s, against
// 0.85-0.99 with four).
const (
	minInFlight   = 4
	inFlight      = 2
	inFlightBytes = 2 << 20 // per chunk in flight: an ordinary chunk and its records
)

// defaultChunkSize is the parser's target for a chunk without
// Config.ChunkSize.
const defaultChunkSize = 1 << 20

type jobKind uint8

const (
	chunkJob jobKind = iota
	beginJob
	endJob
)

// job is one step of the run in input order: a file begins, a chunk of it
// is checked, the file ends.
type job struct {
	kind  jobKind
	file  int
	chunk parser.Chunk
	batch Batch
	err   error // endJob: why the file was not read to its end; chunkJob: a checker panic
	done  chan struct{}

	// chunkJob: parts holds the batches of the chunk's records handed on
	// before it is checked to its end, in order; last, the one with its
	// last records, written once done is signalled (the job's own batch
	// unless the chunk was handed on in parts).
	parts chan *Batch
	last  *Batch

	complete bool  // endJob
	bytes    int64 // endJob: raw bytes read
	held     int64 // chunkJob: what it holds of the budget
	// content, for endJob, is the sum of the raw bytes read; nil when the
	// input could not be opened.
	content *ContentSum
	// opened, for endJob, is the file's state when it was opened.
	opened *FileState

	// brokenOff, for the last chunk of an input whose read failed, is the
	// message of the syntax finding its last game gets when the break came
	// inside it (see Batch.check).
	brokenOff string
}

var jobs = sync.Pool{New: func() any { return &job{done: make(chan struct{}, 1), parts: make(chan *Batch, 1)} }}

// parts holds the batches of the chunks handed on in parts once written.
var parts = sync.Pool{New: func() any { return new(Batch) }}

func newJob(kind jobKind, file int) *job {
	j := jobs.Get().(*job)
	j.kind, j.file = kind, file
	return j
}

func (j *job) recycle() {
	j.chunk = parser.Chunk{}
	if j.last != &j.batch && j.last != nil {
		parts.Put(j.last)
	}
	j.last = nil
	j.err, j.complete, j.bytes, j.held, j.brokenOff, j.content, j.opened = nil, false, 0, 0, "", nil, nil
	jobs.Put(j)
}

// Run checks the inputs in order and hands the records to the sinks in
// input order (file, then game), so that the output does not depend on the
// number of workers.
//
// One goroutine reads and splits the inputs, Workers goroutines check
// chunks, and one writes; the channels between them are bounded. An input
// that cannot be read is logged, counted in Summary.Failed and passed to the
// sinks with its error, and the run goes on. When ctx is cancelled the
// reader stops, the chunks already read are checked and written, and the run
// ends with Summary.Interrupted set; cancelled once the reader has seen every
// input end, it changes nothing, so that Summary.Interrupted says whether
// the output lacks something. The error returned, also in Summary.Err,
// is a sink's failure or an internal error; the sinks are closed in every case.
func Run(ctx context.Context, cfg *Config, inputs []Input, sinks ...Sink) (Summary, error) {
	r := &run{cfg: cfg, inputs: inputs, sinks: sinks, log: cfg.Log, start: time.Now()}
	if r.log == nil {
		nop := zerolog.Nop()
		r.log = &nop
	}
	workers := cfg.Workers
	if workers <= 0 {
		// GOMAXPROCS, not NumCPU: the CPUs the process may use, which a
		// container's limit or the GOMAXPROCS variable can make fewer.
		workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Progress != nil {
		r.progress = newProgress(cfg.Progress, r.totalSize(), len(inputs), r.start, r.flush)
		for _, s := range sinks {
			if _, ok := s.(Flusher); ok {
				r.printing = true
			}
		}
	} else if cfg.ProgressLog > 0 && cfg.Log != nil {
		r.progress = newProgressLog(r.log, cfg.ProgressLog, r.totalSize(), len(inputs), r.start)
	}

	// The group's context ends the run on a failure; ctx only stops the
	// reader, so that what was read is still written.
	g, gctx := errgroup.WithContext(context.WithoutCancel(ctx))
	work := make(chan *job, workers)
	queued := max(workers*inFlight, minInFlight)
	order := make(chan *job, queued)
	r.budget = newBudget(int64(queued * inFlightBytes))
	g.Go(func() error {
		defer close(work)
		defer close(order)
		r.read(ctx, gctx, work, order)
		if cfg.ReadDone != nil {
			cfg.ReadDone()
		}
		return nil
	})
	for range workers {
		g.Go(func() error {
			r.work(gctx, work)
			return nil
		})
	}
	g.Go(func() error { return r.write(gctx, order) })
	err := g.Wait()

	s := &r.summary
	s.Elapsed = time.Since(r.start)
	s.Skipped, s.Interrupted = int(r.skipped.Load()), r.interrupted
	s.SameContent = r.same.result()
	if err == nil && s.Records != s.Games {
		err = fmt.Errorf("internal error: %d games read but %d records written", s.Games, s.Records)
	}
	s.Err = err
	r.progress.hide()
	for _, sink := range sinks {
		if cerr := sink.Close(s); cerr != nil && s.Err == nil {
			s.Err = cerr
		}
	}
	s.Written = s.Records
	for _, sink := range sinks {
		if c, ok := sink.(RecordCounter); ok {
			s.Written = min(s.Written, c.RecordsWritten())
		}
	}
	return *s, s.Err
}

type run struct {
	cfg      *Config
	inputs   []Input
	sinks    []Sink
	log      *zerolog.Logger
	start    time.Time
	progress *progress
	printing bool // a sink prints findings, so the bar makes way for them
	summary  Summary
	budget   *budget

	// What the reader has read, for the progress bar.
	current      atomic.Pointer[inputReader]
	doneBytes    atomic.Int64
	skipped      atomic.Int64 // inputs skipped, which the bar leaves out
	skippedBytes atomic.Int64 // and their sizes

	// ended counts the inputs the writer has ended, for the bar.
	ended int64

	// The reader's tally, read once it is done.
	interrupted bool

	// seen holds the games of the run by Report.Fingerprint, for
	// duplicate-game: where each was first read. The ordered writer alone
	// touches it.
	seen     seenGames
	seenFile string // the input seen holds games of

	// noted holds the kinds of validate.ReadingNote (bit 1 << kind) that
	// a line of notedFile, a list of positions, has reported: the ordered
	// writer alone touches it.
	noted     uint8
	notedFile string

	// same gathers the inputs by content (Summary.SameContent); the
	// ordered writer alone touches it.
	same contentGroups
}

// gameRef is where a game was read in its input: its index and line, the
// index packed to keep the table small (the line may pass 2^31 in an
// archive's dump).
type gameRef struct {
	index int32
	line  int64
}

// maxSeenGames bounds the games duplicate-game remembers of an input (some
// 48 bytes each, 12 MB in all): a tournament's upload, or an archive's first
// quarter million games.
const maxSeenGames = 1 << 18

func (r *run) totalSize() int64 {
	var total int64
	for _, in := range r.inputs {
		if in.Size < 0 {
			return -1
		}
		total += in.Size
	}
	return total
}

// read opens each input in turn, splits it into chunks and queues them both
// for the workers and, in order, for the writer.
func (r *run) read(ctx, gctx context.Context, work, order chan<- *job) {
	send := func(ch chan<- *job, j *job) bool {
		select {
		case ch <- j:
			return true
		case <-gctx.Done():
			return false
		}
	}
	for i, in := range r.inputs {
		if ctx.Err() != nil {
			r.interrupted = true
			return
		}
		if r.cfg.Skip != nil && r.cfg.Skip(in) {
			r.skipped.Add(1)
			r.skippedBytes.Add(max(in.Size, 0))
			// One line per input is for debugging: an archive resumed
			// skips thousands, which the summary counts.
			r.log.Debug().Str("file", in.Path).Msg("skipped: already done")
			continue
		}
		if !send(order, newJob(beginJob, i)) {
			return
		}
		end := newJob(endJob, i)
		var ok bool
		end.content, end.err, ok = r.readInput(ctx, gctx, i, in, end, send, work, order)
		if inputReadHook != nil {
			inputReadHook(in.Path)
		}
		if end.content != nil {
			end.bytes = end.content.Bytes
		}
		end.complete = ok && end.err == nil
		if !send(order, end) {
			return
		}
		if !ok {
			r.interrupted = ctx.Err() != nil
			return
		}
	}
}

// readInput queues the chunks of one input. It returns the raw bytes read
// and their sum (nil when the input could not be opened), why the input
// could not be read to its end, and false when the run was stopped part
// way; it notes the file's state as opened in end.
func (r *run) readInput(ctx, gctx context.Context, i int, in Input, end *job, send func(chan<- *job, *job) bool, work, order chan<- *job) (*ContentSum, error, bool) {
	rc, err := Open(in)
	if err != nil {
		// Done for the bar, whose total counts its size: a directory of
		// files that cannot be read would keep it short of 100%.
		r.doneBytes.Add(max(in.Size, 0))
		return nil, err, true
	}
	f := rc.(*inputReader)
	if file, ok := f.closer.(*os.File); ok && file != os.Stdin && !IsPiped(in.Path) {
		if info, err := file.Stat(); err == nil {
			end.opened = &FileState{Size: info.Size(), ModTime: info.ModTime().UTC()}
		}
	}
	read := func() *ContentSum {
		c := f.content()
		return &c
	}
	r.current.Store(f)
	defer func() {
		// Its whole size, as the bar's total counts it, when the read
		// stopped short (a file refused after its first bytes); more when
		// it grew as it was read.
		r.doneBytes.Add(max(f.rawBytes(), in.Size))
		r.current.Store(nil)
		f.Close()
	}()
	// The splitter sees a read error as the end of the input, so that it
	// hands over every game before the failure, the last one cut short
	// included; the error is reported once the chunks are queued.
	src := &StopOnError{R: f}
	sp := newSplitter(src, r.cfg)
	r.budget.startInput(i)
	target := cmp.Or(r.cfg.ChunkSize, defaultChunkSize)
	for first := true; ; first = false {
		if ctx.Err() != nil {
			return read(), nil, false
		}
		// The chunk about to be read is counted before it is read: a chunk
		// of prose cut at the size cap, 16 MiB, was read while the one
		// before it was checked, and both sat in memory with its decoding.
		ahead := r.budget.estimate(target)
		if !r.budget.take(gctx, ahead) {
			return read(), nil, false
		}
		c, err := sp.Next()
		if err != nil {
			r.budget.adjust(-ahead)
		}
		if err == io.EOF {
			// An end seen after the cancellation may be its doing: Ctrl-C
			// also stops the program writing into a pipe, whose stream
			// then ends. The input counts as cut short.
			return read(), src.Err, ctx.Err() == nil
		}
		if err != nil {
			return read(), err, true
		}
		if first {
			if err := binaryText(in.Path, c.Data); err != nil {
				c.Release()
				r.budget.adjust(-ahead)
				return read(), err, true
			}
		}
		if chunkHook != nil {
			chunkHook(len(c.Data))
		}
		j := newJob(chunkJob, i)
		j.chunk, j.held = c, r.budget.estimate(len(c.Data))
		if src.Err != nil && sp.Done() {
			j.brokenOff = brokenOffMessage(src.Err)
		}
		if !r.budget.resize(gctx, ahead, j.held) {
			j.recycle()
			return read(), nil, false
		}
		if !send(order, j) || !send(work, j) {
			return read(), nil, false
		}
	}
}

// brokenOffMessage is the message of the finding at the end of the game a
// read error cut short (err is the error that ended the input).
func brokenOffMessage(err error) string {
	why := "a read error"
	var re *ReadError
	if errors.As(err, &re) {
		if re.Format == "plain" {
			why = fmt.Sprintf("read error after %d bytes: %v", re.Offset, re.Err)
		} else {
			why = fmt.Sprintf("%s stream broken after %d bytes of text: %v", re.Format, re.Offset, re.Err)
		}
	}
	return "the input breaks off here (" + why + "): the game is incomplete"
}

// StopOnError turns a read error into the end of the stream and keeps the
// error in Err, so that a splitter reading through it hands over every game
// read before the break (a truncated .gz) and the caller can still report it.
type StopOnError struct {
	R   io.Reader
	Err error
}

func (s *StopOnError) Read(p []byte) (int, error) {
	if s.Err != nil {
		return 0, io.EOF
	}
	n, err := s.R.Read(p)
	if err != nil && err != io.EOF {
		s.Err, err = err, io.EOF
	}
	return n, err
}

// work checks chunks until the reader is done.
func (r *run) work(gctx context.Context, work <-chan *job) {
	p := NewParser(&r.cfg.Check)
	for j := range work {
		if gctx.Err() == nil {
			j.err = r.check(gctx, j, p)
		}
		j.done <- struct{}{}
	}
}

// check checks one chunk; a panic in the checker becomes an error that ends
// the run cleanly, naming the place, rather than losing every sink's output.
func (r *run) check(gctx context.Context, j *job, p *parser.Parser) (err error) {
	defer func() {
		if v := recover(); v != nil {
			in := r.inputs[j.file]
			err = fmt.Errorf("internal error checking %s from line %d: %v\n%s", in.Path, j.chunk.Start.Line, v, debug.Stack())
		}
	}()
	var total int64 // the footprint of the parts handed on
	hand := func(b *Batch) *Batch {
		r.budget.adjust(b.size)
		total += b.size
		if recordsHook != nil {
			recordsHook(len(b.Records))
		}
		select {
		case j.parts <- b:
		case <-gctx.Done():
			// The run has failed: nothing is written any more.
			return b
		}
		return parts.Get().(*Batch)
	}
	j.last = j.batch.check(j.chunk, &r.cfg.Check, p, j.brokenOff, hand)
	n := len(j.chunk.Data)
	// The records own copies of what they keep, so the chunk's buffer can
	// take the next chunk instead of fresh memory the collector must clear.
	releaseChunk(&j.chunk)
	if chunkHook != nil {
		chunkHook(-n)
	}
	j.held = r.budget.checked(j.file, n, j.held, j.last, total+j.last.size)
	if recordsHook != nil {
		recordsHook(len(j.last.Records))
	}
	return nil
}

// handed writes a part of a chunk's records handed on before the chunk was
// checked to its end, and gives back what it held.
func (r *run) handed(j *job, b *Batch, in Input, file *FileSummary) error {
	err := r.writeChunk(b, in, file)
	r.budget.adjust(-b.size)
	if recordsHook != nil {
		recordsHook(-len(b.Records))
	}
	if b != &j.batch {
		parts.Put(b)
	}
	return err
}

// recordsHook, set by a test, hears of the records made (positive) and
// written (negative): what is in flight. chunkHook hears likewise of the
// bytes of the chunks read and released.
var recordsHook, chunkHook func(delta int)

// inputReadHook, set by a test, hears of each input the reader has read
// and closed, before the writer may have reached it.
var inputReadHook func(path string)

// releaseChunk is Chunk.Release; a test poisons the bytes first, so that a
// record still pointing into them shows.
var releaseChunk = (*parser.Chunk).Release

// write hands the results to the sinks in input order.
func (r *run) write(gctx context.Context, order <-chan *job) error {
	s := &r.summary
	var file FileSummary
	// Progress logged as lines also beats while nothing arrives (an input
	// that stalls, a pipe that waits), so that a log shows the run is alive.
	var beat <-chan time.Time
	if r.progress != nil && r.progress.log != nil {
		t := time.NewTicker(r.progress.every)
		defer t.Stop()
		beat = t.C
	}
	for _, dir := range r.cfg.NoGameDirs {
		if err := r.noGame(dir, "no game file in this directory"); err != nil {
			return err
		}
	}
	for {
		var j *job
		select {
		case next, ok := <-order:
			if !ok {
				return nil
			}
			j = next
		case now := <-beat:
			r.progress.tick(now, r.progressState())
			continue
		}
		in := r.inputs[j.file]
		switch j.kind {
		case beginJob:
			file = FileSummary{Input: in}
			s.Files++
			r.log.Debug().Str("file", displayName(in.Path)).Msg("reading")
			for _, sink := range r.sinks {
				if err := sink.BeginFile(in); err != nil {
					return err
				}
			}
		case chunkJob:
			for waiting := true; waiting; {
				select {
				case b := <-j.parts:
					if err := r.handed(j, b, in, &file); err != nil {
						return err
					}
				case <-j.done:
					waiting = false
				case <-gctx.Done():
					return gctx.Err()
				}
			}
			// A part handed on before done may still wait.
			select {
			case b := <-j.parts:
				if err := r.handed(j, b, in, &file); err != nil {
					return err
				}
			default:
			}
			if j.err != nil {
				return j.err
			}
			if err := r.writeChunk(j.last, in, &file); err != nil {
				return err
			}
			r.budget.adjust(-j.held)
			if recordsHook != nil {
				recordsHook(-len(j.last.Records))
			}
		case endJob:
			r.ended++
			file.Err, file.Complete, file.Bytes, file.Opened = j.err, j.complete, j.bytes, j.opened
			s.Bytes += j.bytes
			if j.content != nil && (j.complete || j.err != nil) {
				// Not for an input the run was stopped in: its sum is of
				// a part, which the next run reads whole.
				file.Content = j.content
				r.same.add(*j.content, file.Games, ContentInput{Path: in.Path})
			}
			if j.err != nil {
				s.Failed++
				// Logged only when no sink prints it as an
				// unreadable-input finding, as noGame does.
				if !r.printsInputFindings() {
					r.progress.hide()
					r.log.Error().Str("file", displayName(in.Path)).Err(j.err).Msg("cannot read input")
				}
			} else if file.Games == 0 && j.complete {
				if err := r.noGame(in.Path, "no game in this input"); err != nil {
					return err
				}
			}
			for _, sink := range r.sinks {
				if err := sink.EndFile(&file); err != nil {
					return err
				}
			}
		}
		j.recycle()
		if r.progress != nil {
			r.progress.tick(time.Now(), r.progressState())
		}
	}
}

// noGame reports an input with no game, a finding of the input as a
// whole: not an error (an archive may hold empty files), but a CI job
// checking an upload must hear of an empty one, and fail on it under
// --fail-on warning. It goes, as the rule settings leave it, to the sinks
// that print findings and into the summary's counts. It is logged on
// stderr only when no sink printed it (--format none, convert): a CI log
// holds stdout and stderr both, and there it was read twice; the tables of
// --out keep only games' findings, so that the line is all they give.
func (r *run) noGame(path, msg string) error {
	f := inputFinding(validate.NoGame, validate.DefaultSeverity(validate.NoGame), msg)
	kept := r.cfg.Check.Validate.Rules.Apply([]validate.Finding{f})
	if len(kept) == 0 {
		return nil
	}
	f = kept[0]
	r.summary.Counts.add(f.Severity)
	r.progress.hide()
	for _, sink := range r.sinks {
		if s, ok := sink.(InputSink); ok {
			if err := s.InputFinding(path, &f); err != nil {
				return err
			}
		}
	}
	if r.printsInputFindings() {
		return nil
	}
	level := zerolog.WarnLevel
	switch f.Severity {
	case validate.Error:
		level = zerolog.ErrorLevel
	case validate.Info:
		level = zerolog.InfoLevel
	}
	r.log.WithLevel(level).Str("file", displayName(path)).Msg(msg)
	return nil
}

// printsInputFindings reports whether a sink prints the findings of an
// input as a whole (InputSink), the unreadable-input one included: then the
// log line saying the same would be read twice in a CI log.
func (r *run) printsInputFindings() bool {
	for _, sink := range r.sinks {
		if _, ok := sink.(InputSink); ok {
			return true
		}
	}
	return false
}

func (r *run) writeChunk(b *Batch, in Input, file *FileSummary) error {
	s := &r.summary
	recs := b.Records
	s.Games += int64(len(recs))
	if r.seenFile != in.Path {
		// duplicate-game compares games within an input: --resume skips or
		// reads again whole inputs, and its tables must be those of a run
		// never stopped. Once a chunk, not once a game: 0.01 % of the run.
		r.seen, r.seenFile = seenGames{}, in.Path
		r.seen.expect(in.Size)
	}
	for k := range recs {
		rec := &recs[k]
		rec.File, rec.Index = in.Path, int(file.Games)
		if fp := fingerprint(rec); fp != 0 {
			r.duplicate(rec, fp)
		}
		if rec.EPD && !r.cfg.EveryReadingNote && (len(rec.Report.Findings) > 0 || rec.Report.AsChess960 != nil) {
			r.noteOnce(rec)
		}
		file.Games++
		file.Plies += int64(rec.Report.Plies)
		file.Counts.Add(&rec.Report)
		s.Plies += int64(rec.Report.Plies)
		s.Counts.Add(&rec.Report)
		if rec.Report.Variant != "" {
			s.Variants++
		}
		if r.printing && len(rec.Report.Findings) > 0 {
			r.progress.hide()
		}
		for _, sink := range r.sinks {
			if err := sink.Game(rec); err != nil {
				return err
			}
		}
		s.Records++
	}
	return nil
}

// fingerprintSeed makes fingerprints comparable within a run, which is all
// duplicate-game compares.
var fingerprintSeed = maphash.MakeSeed()

// startKey is the Zobrist key of the standard start position, where a game
// without a FEN starts.
var startKey = func() uint64 { p := replay.StartPosition(); return p.Key() }()

// fragmentKey identifies a fragment for duplicate-game: a game without a FEN
// whose first move is numbered above 1, which is not replayed, so that
// fingerprint has no plies or final position of it to compare. Two copies
// pasted into an input are as much a duplicate as two of a whole game, so
// the key is its first ply and its main line's moves as written (folded,
// parser.Move.Norm); the first ply also keeps a fragment from equalling a
// whole game of the same moves. 0 for every other game. Worked out by the
// checker, which alone has the moves, but only for fragments, which are
// rare.
func fragmentKey(g *parser.Game, r *validate.Report) uint64 {
	if r.Replayed || g.FirstPly <= 1 || g.EPD {
		return 0
	}
	for i := range g.Tags {
		// A FEN that could not be read, or one under a name spelt in
		// another case ("fEn", which is no FEN tag), is a position the
		// writer gave: no fragment, and two such games may differ only
		// in it.
		if strings.EqualFold(g.Tags[i].Name, "FEN") {
			return 0
		}
	}
	h := uint64(g.FirstPly) * 0x9e3779b97f4a7c15
	for i := range g.Moves {
		if m := &g.Moves[i]; m.Depth == 0 {
			h = (h^maphash.Bytes(fingerprintSeed, g.Bytes(m.Norm)))*0x100000001b3 + 1
		}
	}
	return h | 1
}

// fingerprint identifies a game for duplicate-game: the Seven Tag Roster's
// values and those of the tags that name one game (tagFactor), the position it starts from (a FEN of the standard position is
// no FEN), and the main line, by the moves written, the plies replayed and
// the final position (Zobrist keys), or for a fragment its fragmentKey; 0 for
// a game without White and Black tags, or not replayed and no fragment,
// which is not compared. The ordered writer works it out, not the checker:
// a hash of a few strings a game, off the workers' path.
func fingerprint(rec *GameRecord) uint64 {
	if !rec.Report.Replayed && rec.Fragment == 0 {
		return 0
	}
	var h, players uint64
	start := startKey
	for i := range rec.Tags {
		t := &rec.Tags[i]
		k := tagFactor(t.Name)
		if k == 0 {
			if t.Name == "FEN" {
				// Rare, and replayed already: reading it again costs
				// nothing that matters.
				if p, err := replay.ParseFEN(t.Value); err == nil {
					start = p.Key()
				}
			}
			continue
		}
		switch k {
		case whiteFactor:
			players |= 1
		case blackFactor:
			players |= 2
		}
		h += maphash.String(fingerprintSeed, t.Value) * k
	}
	if players != 3 {
		return 0
	}
	if !rec.Report.Replayed {
		return (h ^ rec.Fragment*0xd6e8feb86659fd93) | 1
	}
	length := uint64(rec.Report.Plies) | uint64(rec.Report.MainMoves)<<32
	return (h ^ length*0x9e3779b97f4a7c15 ^ rec.Report.Final.Key()*0xbf58476d1ce4e5b9 ^ start*0x94d049bb133111eb) | 1
}

// tagFactor is the odd factor by which fingerprint hashes a tag's value,
// each tag by its own so that swapped values differ, or 0 for a tag it
// leaves out: the Seven Tag Roster's in its order (3 to 15), then the tags
// that tell one game from another of the same roster and moves (17 to 25).
// A server's archive holds such games by the thousand: two players'
// one-move or abandoned games on a day, or the same short mate twice, under
// chess.com's constant Site "Chess.com" and Round "-"; their Link, start
// time or database number differ, where a game pasted twice repeats every
// tag. One switch for both kinds: a search of the roster beside a switch
// for the others took about 1,200 instructions a game more (callgrind).
func tagFactor(name string) uint64 {
	switch name {
	case "Event":
		return 3
	case "Site":
		return 5
	case "Date":
		return 7
	case "Round":
		return 9
	case "White":
		return whiteFactor
	case "Black":
		return blackFactor
	case "Result":
		return 15
	case "Link": // chess.com's game address
		return 17
	case "GameId", "FICSGamesDBGameNo":
		return 19
	case "UTCTime": // lichess, chess.com
		return 21
	case "StartTime": // chess.com, beside UTCTime
		return 23
	case "Time": // PGN's start time: FICS, ICC
		return 25
	}
	return 0
}

// whiteFactor and blackFactor are tagFactor's for White and Black, the tags
// without which a game is not compared.
const whiteFactor, blackFactor = 11, 13

// duplicate reports rec as duplicate-game when a game with its fingerprint
// was read before in its input, and else remembers it.
func (r *run) duplicate(rec *GameRecord, fp uint64) {
	pos := rec.Start
	if len(rec.Tags) > 0 {
		pos = rec.Tags[0].Pos
	}
	first, ok := r.seen.note(fp, gameRef{int32(rec.Index), pos.Line})
	if !ok {
		return
	}
	// The number is the earlier game's game key (jsonl, SARIF, the tables'
	// game column and game_id), counted from 0 as they count, so that a
	// reader finds that game's rows by it.
	where := fmt.Sprintf("game %d (line %d)", first.index, first.line)
	f := validate.Finding{Code: validate.DuplicateGame, Severity: validate.DefaultSeverity(validate.DuplicateGame), Pos: pos, Ply: -1,
		CharCol: firstCol(pos), ByteCol: firstCol(pos), Message: "the same game as " + where + ": the same Seven Tag Roster (event, site, date, round, players, result) and moves"}
	if rec.HeadChar > 0 && rec.HeadByte > 0 {
		// Counted by the worker, which had the game's text: a game that
		// begins inside a line after characters of more than a byte.
		f.CharCol, f.ByteCol = rec.HeadChar, rec.HeadByte
	}
	// Rules as Check applies them: the code may be off or its severity changed.
	if kept := r.cfg.Check.Validate.Rules.Apply([]validate.Finding{f}); len(kept) > 0 {
		rec.Report.Add(kept[0])
	}
}

// noteOnce keeps, of the notes on how a FEN is read (Chess960 castling
// without a Variant tag, a shuffle-chess start), the first of each kind in
// a list of positions, which says that the later ones are not repeated,
// and drops those of the later lines: a Chess960 perft suite, each of its
// lines a game of its own, would otherwise say the same on every line.
// The first line's note is written before the later lines are read, so it
// cannot count them. A later line that writes no castling right and whose
// position only Chess960 can reach is read as Chess960 too, as the list
// is (validate.Report.AsChess960), with no note of its own; alone, or in
// a list of standard positions, it stays a position that cannot arise.
func (r *run) noteOnce(rec *GameRecord) {
	if r.notedFile != rec.File || rec.Index == 0 {
		r.noted, r.notedFile = 0, rec.File
	}
	if r.noted&(1<<validate.ReadingChess960) != 0 {
		rec.Report.ReadAsChess960()
	}
	fs := &rec.Report.Findings
	for i := 0; i < len(*fs); i++ {
		f := &(*fs)[i]
		kind := validate.ReadingNote(f)
		switch {
		case kind == 0:
		case r.noted&(1<<kind) == 0:
			r.noted |= 1 << kind
			f.Message += validate.ReadingNoteOnce
		default:
			rec.Report.Remove(i)
			i--
		}
	}
}

// firstCol is pos's column in characters and in bytes as editors count
// them (Finding.CharCol, ByteCol) where the writer can know it, at a line's
// start; elsewhere 0, which leaves the formats Pos.Col.
func firstCol(pos parser.Pos) int64 {
	if pos.Col == 1 {
		return 1
	}
	return 0
}

func (r *run) bytesRead() int64 {
	n := r.doneBytes.Load()
	if f := r.current.Load(); f != nil {
		n += f.rawBytes()
	}
	return n
}

// progressState is where the run stands, for the bar; the writer's to call.
func (r *run) progressState() progressState {
	return progressState{bytes: r.bytesRead(), skippedBytes: r.skippedBytes.Load(),
		files: r.ended, skippedFiles: r.skipped.Load(), games: r.summary.Games}
}

// flush empties the sinks' buffers before the progress bar is drawn.
func (r *run) flush() {
	for _, sink := range r.sinks {
		if f, ok := sink.(Flusher); ok {
			if err := f.Flush(); err != nil && !errors.Is(err, io.ErrClosedPipe) {
				r.log.Debug().Err(err).Msg("flush")
			}
		}
	}
}
