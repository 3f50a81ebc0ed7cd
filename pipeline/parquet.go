package pipeline

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/rs/zerolog"

	"github.com/arbiter-chess/arbiter/pipeline/table"
)

// ParquetOptions say what a ParquetSink writes.
type ParquetOptions struct {
	Moves bool // write the moves table too (the check must fill Report.Moves)
	// Resume keeps what an earlier run into the same directory completed;
	// Done then tells which inputs to skip. Without it the directory's
	// earlier output is removed, and Log hears of it first.
	Resume bool
	// BatchRows is the number of rows per record batch and Parquet row
	// group, at least (a batch ends with the game that fills it); 0 means
	// table.DefaultBatchRows.
	BatchRows int
	// PartRowGroups is the number of row groups after which a table's file
	// is full and the input's tables go on in new part files; 0 means each
	// table's own (table.WriterOptions.MaxRowGroups).
	PartRowGroups int
	// Run are the options of the check that change the rows
	// (CheckOptions.RunOptions), which the manifest records and Resume
	// compares with the earlier run's; the zero value means the defaults.
	Run RunOptions
	// Log, when set, hears what the sink does to the directory that the
	// user may not have meant: earlier output replaced, inputs listed that
	// no longer exist (warnings).
	Log *zerolog.Logger
	// StdinName, when set, is the path under which the piped input
	// (IsPiped: standard input, /dev/fd/N) is recorded in the tables and
	// the manifest, and by which --resume finds its earlier entry: the
	// same name replaces its rows, another keeps them. Its path would
	// otherwise be "-" or /dev/fd/63 for every stream piped in.
	StdinName string
	// Piped are the paths of the run's piped inputs. With Resume and no
	// StdinName, NewParquetSink refuses to start when one of them would
	// replace the rows an earlier run wrote from a piped input of the
	// same path: the next stream piped in is in all likelihood another.
	Piped []string
	// Listed are the directories this run's walks listed
	// (Expansion.Listed). With Resume, a directory the manifest lists as
	// one that could not be listed is dropped from it only when it is one
	// of them: this run reads its files as inputs of their own.
	Listed []string
}

// ParquetSink writes the games, findings and (optionally) moves tables as
// Parquet, one file per input and table (or several parts, below):
//
//	DIR/games/NNNNN-<name>.parquet
//	DIR/findings/NNNNN-<name>.parquet
//	DIR/moves/NNNNN-<name>.parquet
//	DIR/manifest.json
//
// NNNNN numbers the inputs in the order first seen and <name> is the input's
// base name with unusual characters replaced. An input whose tables outgrow
// a file (table.Writer.Full: a footer kept in memory until the file is
// closed, so that one file an input would make memory grow with the input)
// goes on in parts, DIR/games/NNNNN-<name>.part00002.parquet and on, every
// table starting its next part at the same game, so that the games and
// findings files of one name hold the same games. Each file is written under a
// hidden temporary name in its directory, so a glob never reads a partial
// file. The manifest is rewritten when the run ends (interrupted or not),
// and while it runs as often as keeps the cost of rewriting it a small share
// of the run (saveDue): after every input while it is small, less often as
// it grows, so that a run of many small inputs does not spend its time
// rewriting it. Each rewrite (flush) first makes the files of the inputs
// ended since the last one durable, all at once (syncFiles: one syncfs for
// many, rather than an fsync per file), then renames them into place, syncs
// the table directories, and lists them: a file the manifest lists is whole
// on disk even after a crash of the system, for the price of a few syncs a
// rewrite instead of one a file. A run killed between rewrites (kill -9)
// leaves the files of the inputs ended since the last one under their
// temporary names, which the next run into the directory removes; with
// --resume it reads those inputs again under the same numbers. An input
// that was interrupted leaves no file; one whose read failed part way keeps
// the games read before the failure, marked not completed in the manifest,
// so that a resumed run reads it again.
//
// The sink holds an advisory lock on the directory (lockDir) from
// NewParquetSink to Close, so that a second run into it refuses to start.
type ParquetSink struct {
	dir    string
	opt    ParquetOptions
	tables []string
	// mu guards man and begun, which Done reads on the runner's reading
	// goroutine while the writing goroutine changes them, and kept.
	mu    sync.Mutex
	man   Manifest
	begun map[int]bool // entries written by this run
	// placed are the entries whose files this run has put in place, which
	// the next rewrite lists (Kept).
	placed map[int]bool
	next   int // the number of the next new entry
	// earlier finds the entries of the manifest resumed by the file they
	// name, whatever the spelling of its path (fileIndex).
	earlier *fileIndex
	cur     *parquetInput
	kept    int64      // games of this run's inputs the manifest on disk lists (Kept)
	game    table.Game // reused: filled from each record
	closed  bool
	lock    *dirLock

	// The manifest's rewrites (saveDue): when the last one ended, how long
	// to wait after it, and whether man has changed since.
	now      func() time.Time
	lastSave time.Time
	saveGap  time.Duration
	dirty    bool
	saves    int // rewrites made (for tests)
	// pending are the inputs ended since the last rewrite: their files
	// wait, complete but not yet synced, under their temporary names
	// (flush).
	pending []pendingInput

	// bufs are the write buffers of the tables' files, in the order of
	// tables, reused from one input to the next: a buffer a file would
	// otherwise cost a quarter of a megabyte for an input of one game.
	bufs []*bufio.Writer
}

// saveCostFactor bounds the share of a run spent rewriting the manifest:
// after a rewrite that took d, the next waits until saveCostFactor*d has
// passed (about 5% of the run at most); see maxSaveGap.
const saveCostFactor = 20

// maxSaveGap bounds the wait that the syncing of a rewrite earns (flush),
// and so what a run killed with kill -9 leaves to be read again: a rewrite
// syncs the files written since the last one, so that on a slow disk its
// time, and the wait after it, would grow from one rewrite to the next. The
// wait that writing the manifest itself earns is not capped: it grows with
// the inputs listed, and a run of a million inputs would otherwise spend a
// quarter of its time rewriting it.
const maxSaveGap = 10 * time.Second

// pendingInput is an ended input whose files wait to be synced and renamed
// into place.
type pendingInput struct {
	entry int
	files []*parquetFile // complete, under their temporary names
	final ManifestInput  // the entry once they are in place
	old   []string       // the files the entry listed before
}

var _ Sink = (*ParquetSink)(nil)

// parquetInput is the input being written.
type parquetInput struct {
	entry   int    // index in man.Inputs
	file    string // its path as the file column holds it (ColumnPath)
	size    int64
	modTime time.Time
	name    string         // outputName of its first part
	part    int            // the part being written, from 1
	files   []*parquetFile // the part being written, a file a table (s.tables)
	done    []*parquetFile // the parts before it, finished under their temporary names
	rows    []int64        // rows of the finished parts, by table
}

// parquetFile is one table's file of the current input.
type parquetFile struct {
	table string
	final string // path relative to the output directory, '/'-separated
	tmp   string // absolute temporary path
	f     *os.File
	buf   *bufio.Writer // the sink's buffer of the table, while the file is open
	w     *table.Writer
}

// NewParquetSink prepares dir (creating it and its table directories) and
// removes the temporary files a killed run may have left. Without
// opt.Resume it also removes earlier output; with it, it keeps the files the
// manifest lists and removes any other output file.
func NewParquetSink(dir string, opt ParquetOptions) (*ParquetSink, error) {
	run := opt.Run
	if run.Rules == "" {
		run = (&CheckOptions{}).RunOptions()
	}
	run.Moves = opt.Moves // the sink decides whether the moves table is written
	s := &ParquetSink{dir: dir, opt: opt, tables: []string{table.GamesDir, table.FindingsDir}, now: time.Now,
		begun: map[int]bool{}, placed: map[int]bool{}, man: Manifest{Version: table.ManifestVersion, Schema: table.Version, Options: &run}}
	if opt.Moves {
		s.tables = append(s.tables, table.MovesDir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	// Before anything in dir is changed: a run already writing into it
	// keeps it.
	lock, err := lockDir(dir)
	if err != nil {
		return nil, err
	}
	s.lock = lock
	if err := s.prepare(); err != nil {
		lock.release()
		return nil, err
	}
	return s, nil
}

// prepare creates the table directories, loads the manifest resumed and
// removes what the sink does not keep.
func (s *ParquetSink) prepare() error {
	dir, opt, run := s.dir, s.opt, s.man.Options
	for _, t := range s.tables {
		if err := os.MkdirAll(filepath.Join(dir, t), 0o755); err != nil {
			return err
		}
	}
	if opt.Resume {
		m, err := LoadManifest(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return err
		case m.Runner != "":
			return fmt.Errorf("%s holds the output of another runner (%s): --resume continues only arbiter check's own; write to a new directory or run without --resume",
				dir, m.Runner)
		case m.Schema != table.Version:
			// Version 1 wrote the line columns as int32, 2 the findings'
			// column: a table whose files disagree on a column's type is
			// one a glob (read_parquet('DIR/games/*.parquet')) may refuse,
			// so the whole directory is written again.
			return fmt.Errorf("%s holds tables of schema version %s, this arbiter writes version %s, and --resume would mix both in one table: run without --resume (which starts %s afresh) or write to a new directory",
				dir, m.Schema, table.Version, dir)
		case m.Options == nil:
			// A manifest of an arbiter older than the options in it: its
			// rows may have been made under any options, and they are not
			// known. Taking them for this run's (with a warning) would write
			// this run's options over rows they may not describe, and every
			// later --resume would trust them; so refuse, as for any other
			// difference. The rerun it asks for is needed once per directory.
			return fmt.Errorf("%s was written by an older arbiter, whose manifest does not say which options (--rules, --notation, --encoding, --enable, --disable, --severity, --moves) its rows were checked with, so --resume cannot tell whether this run's match: run without --resume (which starts %s afresh) or write to a new directory",
				dir, dir)
		default:
			if diff := run.Diff(m.Options); len(diff) > 0 {
				return fmt.Errorf("%s holds the output of a run with other options, and --resume would mix rows checked under both:\n  %s\nto go on, resume with the earlier run's options and no others (%s); to check everything with this run's, run without --resume (which starts %s afresh) or write to a new directory",
					dir, strings.Join(diff, "\n  "), m.Options.Flags(), dir)
			}
			s.man = *m
			s.man.Options = run
		}
	}
	if opt.Resume && opt.StdinName == "" {
		if err := s.refusePiped(); err != nil {
			return err
		}
	}
	for _, e := range s.man.Inputs {
		// Over the entries dropped below too: a number once given is never
		// given again.
		s.next = max(s.next, e.Number+1)
	}
	if opt.Resume {
		s.dropGone()
	}
	s.earlier = newFileIndex()
	for i, e := range s.man.Inputs {
		// A piped input's path names another stream, or none, by now:
		// earlierEntry matches it by its path alone.
		if !IsPiped(e.Path) {
			s.earlier.add(cmp.Or(e.Abs, e.Path), i)
		}
	}
	if opt.Log != nil {
		if opt.Resume {
			s.warnMissing()
		} else {
			s.warnReplacing()
		}
	}
	keep := map[string]bool{}
	for _, in := range s.man.Inputs {
		for _, f := range in.Files {
			keep[f] = true
		}
	}
	if err := s.clean(keep); err != nil {
		return err
	}
	if !opt.Resume {
		if err := os.Remove(filepath.Join(dir, table.ManifestName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// warnReplacing says what earlier output a run without --resume is about
// to remove, before it does: an archive's tables, written over days, were
// otherwise replaced without a word by a run that forgot --resume.
func (s *ParquetSink) warnReplacing() {
	m, err := LoadManifest(s.dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return
	case err != nil:
		s.opt.Log.Warn().Err(err).Msgf("replacing the output an earlier run wrote into %s, whose manifest cannot be read", s.dir)
		return
	}
	var inputs, games int64
	for _, in := range m.Inputs {
		if len(in.Files) > 0 {
			inputs++
			games += in.Games
		}
	}
	if inputs == 0 {
		return
	}
	msg := fmt.Sprintf("replacing the tables of %s (%s) an earlier run wrote into %s",
		plural(inputs, "input", "inputs"), plural(games, "game", "games"), s.dir)
	if m.Runner == "" {
		// --resume refuses another runner's output: no use suggesting it.
		msg += "; --resume keeps them"
	}
	s.opt.Log.Warn().Msg(msg)
}

// refusePiped refuses a resumed run in which a piped input would be written
// over the rows of the earlier piped input of the same path: both runs'
// streams are "-" or /dev/fd/63, and the second is in all likelihood
// another, whose rows would replace the first's without a word.
func (s *ParquetSink) refusePiped() error {
	for _, p := range s.opt.Piped {
		for _, e := range s.man.Inputs {
			if e.Path != p || len(e.Files) == 0 {
				continue
			}
			what := "the piped input " + p
			if p == Stdin {
				what = "standard input"
			}
			return fmt.Errorf("--resume would replace the rows of %s (%s) that an earlier run wrote into %s with those of this run's %s: name each piped input in the tables with --stdin-name NAME (a new name keeps the earlier rows, the same name replaces them), or run without --resume",
				what, plural(e.Games, "game", "games"), s.dir, p)
		}
	}
	return nil
}

// maxNamed is how many paths a message names before it counts the rest.
const maxNamed = 3

// warnMissing says, on a resumed run, which inputs the manifest lists with
// rows whose path no longer exists. Their rows stay; but an input moved or
// renamed since is read again under its new path, a new input to the
// manifest, and its games are then in the tables twice.
func (s *ParquetSink) warnMissing() {
	var missing []string
	for _, e := range s.man.Inputs {
		if len(e.Files) == 0 || e.Size < 0 || IsPiped(e.Path) {
			continue // no rows, or a stream that was never a file
		}
		if _, err := os.Stat(cmp.Or(e.Abs, e.Path)); errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, e.Path)
		}
	}
	if len(missing) == 0 {
		return
	}
	named, verb := namedGone(missing)
	s.opt.Log.Warn().Msgf("%s that the manifest of %s lists %s (%s): their rows stay; an input moved or renamed is read again under its new path, and its games are then counted twice (run without --resume to start afresh)",
		plural(int64(len(missing)), "input", "inputs"), s.dir, verb, named)
}

// dropGone removes from a resumed manifest the entries that hold no rows
// and whose path no longer exists: a file deleted or renamed after the
// walk found it and before it could be opened, an entry of a directory
// that could not be listed then, a file a run was interrupted in. It
// removes too those of directories that could not be listed then and that
// this run lists (opt.Listed): its walk takes the files in one as inputs,
// never the directory itself. Kept, each would stay in the manifest as an
// input that could not be read, which every later arbiter stats names and
// no resumed run reads again, since no run takes it as an input any more.
// A directory that can be listed now but that this run does not read stays:
// its games are not in the tables, and stats rightly names it as unread
// until a run names it or a directory above it. An entry with rows stays
// (warnMissing); one whose file comes back is a new input to the next run,
// and a directory that cannot be listed again is one too.
func (s *ParquetSink) dropGone() {
	var gone, listed, unread []string
	var walked *fileIndex // built at the first directory met: most runs meet none
	s.man.Inputs = slices.DeleteFunc(s.man.Inputs, func(e ManifestInput) bool {
		if len(e.Files) > 0 || e.Size < 0 || IsPiped(e.Path) {
			return false
		}
		p := cmp.Or(e.Abs, e.Path)
		if listable(p) {
			if walked == nil {
				walked = newFileIndex()
				for i, d := range s.opt.Listed {
					walked.add(d, i)
				}
			}
			if _, ok := walked.find(p, nil); !ok {
				unread = append(unread, e.Path)
				return false
			}
			listed = append(listed, e.Path)
			return true
		}
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			return false
		}
		gone = append(gone, e.Path)
		return true
	})
	if s.opt.Log == nil {
		return
	}
	if len(gone) > 0 {
		named, verb := namedGone(gone)
		s.opt.Log.Info().Msgf("%s that the manifest of %s lists without rows %s (%s): dropped from the manifest",
			plural(int64(len(gone)), "input", "inputs"), s.dir, verb, named)
	}
	if len(listed) > 0 {
		named, _ := namedGone(listed)
		s.opt.Log.Info().Msgf("%s that the manifest of %s lists as not read can be listed now (%s): dropped from the manifest, whose inputs are the files in it",
			plural(int64(len(listed)), "directory", "directories"), s.dir, named)
	}
	if len(unread) > 0 {
		named, _ := namedGone(unread)
		s.opt.Log.Info().Msgf("%s that the manifest of %s lists as not read can be listed now but this run does not read (%s): kept as not read, until a resumed run names it or a directory above it",
			plural(int64(len(unread)), "directory", "directories"), s.dir, named)
	}
}

// listable says whether p is a directory whose entries can be read now.
func listable(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.IsDir() {
		return false
	}
	_, err = f.ReadDir(1)
	return err == nil || errors.Is(err, io.EOF)
}

// namedGone names the paths of inputs that are gone, the first maxNamed
// and a count of the others, with the verb that says so.
func namedGone(paths []string) (named, verb string) {
	named = strings.Join(paths[:min(len(paths), maxNamed)], ", ")
	if len(paths) > maxNamed {
		named += fmt.Sprintf(" and %d more", len(paths)-maxNamed)
	}
	if len(paths) == 1 {
		return named, "no longer exists"
	}
	return named, "no longer exist"
}

// plural writes n and the noun that goes with it: "1 game", "2 games".
func plural(n int64, one, many string) string {
	return string(appendCount(nil, n, one, many))
}

// clean removes temporary files, and output files not in keep, from the
// table directories. Only names this sink writes are touched.
func (s *ParquetSink) clean(keep map[string]bool) error {
	var errs []error
	for _, t := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
		entries, err := os.ReadDir(filepath.Join(s.dir, t))
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if (isTempName(name) || isOutputName(name)) && !keep[t+"/"+name] {
				if err := os.Remove(filepath.Join(s.dir, t, name)); err != nil {
					errs = append(errs, err)
				}
			}
		}
	}
	if err := os.Remove(tempName(filepath.Join(s.dir, table.ManifestName))); err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Kept is the number of games of this run's inputs that the manifest on
// disk lists, as of its last rewrite (after Close, the last of all): what
// the directory holds of the games the sink was given. It leaves out those
// of an input the run was interrupted in, which leaves no file (a resumed
// run reads it again), and, when writing failed (a full disk), those of the
// inputs not listed by then.
func (s *ParquetSink) Kept() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.kept
}

// Manifest returns the manifest as it stands (a copy).
func (s *ParquetSink) Manifest() Manifest {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.man
	m.Inputs = slices.Clone(m.Inputs)
	return m
}

// Done says whether an earlier run completed the input, the same file
// however its path is spelt (earlierEntry), with the same size and
// modification time, with every table this sink writes still on
// disk: Config.Skip on --resume.
func (s *ParquetSink) Done(in Input) bool {
	if IsPiped(in.Path) {
		return false
	}
	info, err := os.Stat(in.Path)
	if err != nil {
		return false
	}
	s.mu.Lock()
	i, ok := s.earlierEntry(in.Path)
	var e ManifestInput
	if ok {
		e = s.man.Inputs[i]
	}
	s.mu.Unlock()
	if !ok {
		return false
	}
	if !e.Completed || e.Size != info.Size() || !e.ModTime.Equal(info.ModTime()) {
		return false
	}
	for _, t := range s.tables {
		if !e.has(t) {
			return false
		}
	}
	for _, f := range e.Files {
		if _, err := os.Stat(filepath.Join(s.dir, filepath.FromSlash(f))); err != nil {
			return false
		}
	}
	return true
}

// BeginFile opens the temporary files of the input's tables.
func (s *ParquetSink) BeginFile(in Input) error {
	if s.closed {
		return errors.New("parquet sink: BeginFile after Close")
	}
	if s.cur != nil {
		return fmt.Errorf("parquet sink: %s begun before %s ended", in.Path, s.man.Inputs[s.cur.entry].Path)
	}
	p, size := in.Path, in.Size
	if IsPiped(p) {
		// Never a size to compare: a piped input is never skipped.
		size = -1
		if s.opt.StdinName != "" {
			p = s.opt.StdinName
		}
	}
	cur := &parquetInput{file: ColumnPath(p), size: size}
	if !IsPiped(in.Path) {
		if info, err := os.Stat(in.Path); err == nil {
			cur.size, cur.modTime = info.Size(), info.ModTime().UTC()
		}
	}
	s.mu.Lock()
	cur.entry = s.entryFor(p)
	e := &s.man.Inputs[cur.entry]
	if e.Size < 0 && len(e.Files) == 0 && !IsPiped(in.Path) {
		// A file's, not a stream's, in the manifest from now on, though
		// a run interrupted in it never ends it: a resumed run drops it
		// when its file is gone (dropGone), as it could not otherwise.
		e.Size, e.ModTime = cur.size, cur.modTime
	}
	number := e.Number
	s.mu.Unlock()
	cur.name, cur.rows = outputName(number, p), make([]int64, len(s.tables))
	if err := s.beginPart(cur); err != nil {
		return err
	}
	s.cur = cur
	return nil
}

// errPartFailed is the sink's answer once the files of a part of the input
// could not be finished or begun (Game said why): they are gone.
var errPartFailed = errors.New("parquet sink: the input's files failed")

// beginPart opens the temporary files of the input's next part.
func (s *ParquetSink) beginPart(cur *parquetInput) error {
	cur.part++
	name := partName(cur.name, cur.part)
	cur.files = make([]*parquetFile, 0, len(s.tables))
	for i, t := range s.tables {
		f, err := s.create(i, t, name)
		if err != nil {
			abortFiles(cur.files)
			cur.files = nil
			return err
		}
		cur.files = append(cur.files, f)
	}
	return nil
}

// full says whether a table's file of the part being written is full
// (table.Writer.Full), and so the next game begins a new part.
func (cur *parquetInput) full() bool {
	for _, f := range cur.files {
		if f.w.Full() {
			return true
		}
	}
	return false
}

// finishPart finishes the files of the part being written, which wait
// under their temporary names with the input's other parts until it ends.
// After a failure every file of the input is removed.
func (cur *parquetInput) finishPart() error {
	for i, f := range cur.files {
		cur.rows[i] += f.w.Rows()
		if err := f.finish(); err != nil {
			abortFiles(cur.files[i+1:])
			for _, g := range append(cur.done, cur.files[:i]...) {
				os.Remove(g.tmp)
			}
			cur.files, cur.done = nil, nil
			return err
		}
	}
	cur.done = append(cur.done, cur.files...)
	cur.files = nil
	return nil
}

// abort drops the input's files, finished parts and the part being written.
func (cur *parquetInput) abort() {
	abortFiles(cur.files)
	for _, f := range cur.done {
		os.Remove(f.tmp)
	}
	cur.files, cur.done = nil, nil
}

// earlierEntry returns the entry of the resumed manifest that names the
// same file as p, however either path is spelt (a relative and an absolute
// path, a link), and that this run has not written yet. A piped input
// (standard input, /dev/fd/N) matches an entry of the same path.
func (s *ParquetSink) earlierEntry(p string) (int, bool) {
	if IsPiped(p) {
		for i, e := range s.man.Inputs {
			if e.Path == p && !s.begun[i] {
				return i, true
			}
		}
		return 0, false
	}
	return s.earlier.find(p, func(i int) bool { return !s.begun[i] })
}

// entryFor returns the manifest entry an input is written under: its
// earlier one on a resumed run (earlierEntry), so that its files keep their
// names, then under the path as now given, the file column of its rows; or
// a new one. A path given twice to the sink gets a second entry. Called
// with s.mu held.
func (s *ParquetSink) entryFor(p string) int {
	i, ok := s.earlierEntry(p)
	if ok {
		s.man.Inputs[i].Path = p
	} else {
		s.man.Inputs = append(s.man.Inputs, ManifestInput{Number: s.next, Path: p, Size: -1, Files: []string{}})
		s.next++
		i = len(s.man.Inputs) - 1
	}
	s.begun[i] = true
	s.man.Inputs[i].Abs = ""
	if a := absPath(p); !IsPiped(p) && utf8.ValidString(a) {
		s.man.Inputs[i].Abs = a
	}
	return i
}

// create opens the temporary file of the i-th table (s.tables).
func (s *ParquetSink) create(i int, tableName, name string) (*parquetFile, error) {
	final := path.Join(tableName, name)
	tmp := tempName(filepath.Join(s.dir, tableName, name))
	f, err := os.Create(tmp)
	if err != nil {
		return nil, err
	}
	if s.bufs == nil {
		s.bufs = make([]*bufio.Writer, len(s.tables))
	}
	buf := s.bufs[i]
	if buf == nil {
		buf = bufio.NewWriterSize(&writeback{f: f}, 256<<10)
		s.bufs[i] = buf
	} else {
		buf.Reset(&writeback{f: f})
	}
	var b table.Builder
	switch tableName {
	case table.GamesDir:
		b = table.NewGamesBuilder(nil)
	case table.FindingsDir:
		b = table.NewFindingsBuilder(nil)
	default:
		b = table.NewMovesBuilder(nil)
	}
	w, err := table.NewWriter(buf, b, table.WriterOptions{BatchRows: s.opt.BatchRows, MaxRowGroups: s.opt.PartRowGroups, Background: true})
	if err != nil {
		f.Close()
		os.Remove(tmp)
		return nil, err
	}
	return &parquetFile{table: tableName, final: final, tmp: tmp, f: f, buf: buf, w: w}, nil
}

// Game appends the record's rows to the current input's tables.
func (s *ParquetSink) Game(r *GameRecord) error {
	if s.cur == nil {
		return errors.New("parquet sink: Game outside BeginFile/EndFile")
	}
	if s.cur.files == nil {
		return errPartFailed
	}
	if s.cur.full() {
		// Here rather than when the file filled: an input never ends with
		// an empty part.
		if err := s.cur.finishPart(); err != nil {
			return err
		}
		if err := s.beginPart(s.cur); err != nil {
			return err
		}
	}
	s.game = table.Game{File: s.cur.file, Index: r.Index, Start: r.Start, End: r.End,
		Tags: r.Tags, Encoding: r.Encoding, Report: &r.Report}
	for _, f := range s.cur.files {
		if err := f.w.Append(&s.game); err != nil {
			return fmt.Errorf("%s: %w", f.final, err)
		}
	}
	s.game = table.Game{} // keep nothing of the record, which the pipeline reuses
	return nil
}

// EndFile finishes the input's files, which its next rewrite of the
// manifest (saveDue) syncs, renames into place and lists. An input that was
// interrupted (neither complete nor failed) is dropped instead.
func (s *ParquetSink) EndFile(sum *FileSummary) error {
	cur := s.cur
	if cur == nil {
		return nil
	}
	s.cur = nil
	if !sum.Complete && sum.Err == nil {
		cur.abort()
		return nil
	}
	if cur.files == nil {
		cur.abort()
		return errPartFailed
	}
	if sum.Err != nil && len(cur.done) == 0 && cur.files[0].w.Rows() == 0 {
		// Nothing was read (the input could not be opened): no empty files.
		cur.abort()
	}
	// Every table's file is completed before any is renamed, and all are
	// renamed before the manifest lists them, so that the window in which
	// one table of the input is in place without the others is a few
	// renames. Readers go by the manifest (which lists the input's files
	// only once all are in place) and so never see it.
	if cur.files != nil {
		if err := cur.finishPart(); err != nil {
			return err
		}
	}
	files := cur.done
	s.mu.Lock()
	defer s.mu.Unlock()
	e := &s.man.Inputs[cur.entry]
	p := pendingInput{entry: cur.entry, files: files, final: *e, old: e.Files}
	in := &p.final
	in.Files, in.Games, in.Findings, in.Moves = []string{}, 0, 0, 0
	in.Size, in.ModTime = cur.size, cur.modTime
	if sum.Opened != nil {
		// As read, not as BeginFile found it: the file may have changed
		// between the two.
		in.Size, in.ModTime = sum.Opened.Size, sum.Opened.ModTime
	}
	in.Completed, in.Error, in.Content = sum.Complete, "", nil
	if sum.Err != nil {
		in.Error = sum.Err.Error()
	}
	if sum.Content != nil && len(files) > 0 {
		// Of what the files hold. An input read again on --resume replaces
		// the earlier run's sum with its own; one skipped keeps its entry,
		// sum included.
		c := *sum.Content
		in.Content = &c
	}
	for _, f := range files {
		in.Files = append(in.Files, f.final)
	}
	if len(files) > 0 {
		for i, t := range s.tables {
			switch t {
			case table.GamesDir:
				in.Games = cur.rows[i]
			case table.FindingsDir:
				in.Findings = cur.rows[i]
			case table.MovesDir:
				in.Moves = cur.rows[i]
			}
		}
	}
	if len(files) == 0 && sum.Err != nil && len(p.old) > 0 {
		// Read again on --resume and not read at all (it cannot be
		// opened, or is refused): the rows an earlier run wrote stay, not
		// completed, with the error, rather than give way to none. They
		// may be those of a stream piped in under this path with
		// --stdin-name, as the README advises for a zstd file whose window
		// is too large, which retrying the file would otherwise delete.
		in.Files, in.Games, in.Findings, in.Moves, in.Content = p.old, e.Games, e.Findings, e.Moves, e.Content
		p.old = nil
	}
	s.dirty = true
	if len(p.old) > 0 {
		// A resumed run writes the input again, under the names the
		// manifest on disk lists (or beside them): the next rewrite
		// unlists the old files before the new ones go into place, so
		// that a reader never pairs a new games file with an old findings
		// file.
		e.Files, e.Games, e.Findings, e.Moves, e.Completed, e.Content = []string{}, 0, 0, 0, false, nil
	}
	s.pending = append(s.pending, p)
	if s.saveDue() {
		return s.flush()
	}
	return nil
}

// saveDue says whether the manifest is to be rewritten now: at the first
// input, and then once saveCostFactor times what the last rewrite took has
// passed since it. Rewriting it is O(inputs), so rewriting it after every
// input would make a run of many small inputs quadratic; the files of the
// inputs ended in between are in place but unlisted (see ParquetSink).
func (s *ParquetSink) saveDue() bool {
	return s.lastSave.IsZero() || s.now().Sub(s.lastSave) >= s.saveGap
}

// save rewrites the manifest, and counts the games of this run it lists
// (Kept): those of the entries whose files this run put in place. (An
// entry begun but not ended, or waiting, still lists an earlier run's
// rows, or none.)
func (s *ParquetSink) save() error {
	err := s.man.save(s.dir)
	s.saves++
	if err == nil {
		s.dirty = false
		s.kept = 0
		for i := range s.placed {
			s.kept += s.man.Inputs[i].Games
		}
	}
	return err
}

// flush syncs the files of the pending inputs, renames them into place,
// syncs the table directories so that the renames are on disk before the
// manifest that lists them, and rewrites the manifest; it times all of it,
// and the rewrite alone (saveDue, maxSaveGap). When a pending input replaces
// files the manifest on disk lists, a first rewrite unlists them before the
// renames.
func (s *ParquetSink) flush() error {
	start := s.now()
	placed, err := s.flushPending()
	var saving time.Time
	if err == nil {
		saving = s.now()
		err = s.save()
	}
	if err != nil {
		s.unplace(placed)
	}
	end := s.now()
	s.lastSave, s.saveGap = end, min(saveCostFactor*end.Sub(start), maxSaveGap)
	if !saving.IsZero() {
		s.saveGap = max(s.saveGap, saveCostFactor*end.Sub(saving))
	}
	return err
}

// flushPending is flush up to the rewrite. It returns the inputs whose
// files it renamed into place (the last one perhaps in part), which the
// manifest on disk does not list until the rewrite.
func (s *ParquetSink) flushPending() ([]pendingInput, error) {
	pending := s.pending
	if len(pending) == 0 {
		return nil, nil
	}
	s.pending = nil
	drop := func(from int) {
		for _, p := range pending[from:] {
			for _, f := range p.files {
				os.Remove(f.tmp)
			}
		}
	}
	var tmps []string
	replacing := false
	for _, p := range pending {
		for _, f := range p.files {
			tmps = append(tmps, f.tmp)
		}
		replacing = replacing || len(p.old) > 0
	}
	dirs := make([]string, len(s.tables))
	for i, t := range s.tables {
		dirs[i] = filepath.Join(s.dir, t)
	}
	if err := syncFiles(dirs, tmps); err != nil {
		drop(0)
		return nil, err
	}
	if replacing {
		if err := s.save(); err != nil {
			drop(0)
			return nil, err
		}
	}
	for i, p := range pending {
		if err := s.place(p); err != nil {
			drop(i + 1)
			return pending[:i+1], err
		}
	}
	for _, dir := range dirs {
		if err := syncDir(dir); err != nil {
			return pending, err
		}
	}
	return pending, nil
}

// unplace removes the files of inputs that a failed rewrite of the manifest
// (a full disk) left in place but unlisted, and unlists them in the
// manifest still to be written: a glob over a table's directory would read
// them, and a reader of the manifest not, so that the two disagreed on the
// games DIR holds; and the rewrite at Close, which may succeed once they
// are gone, would list files no longer there. A resumed run reads these
// inputs again.
func (s *ParquetSink) unplace(placed []pendingInput) {
	for _, p := range placed {
		if len(p.files) == 0 {
			continue // nothing placed: its entry lists what it listed before, if anything
		}
		for _, f := range p.files {
			os.Remove(filepath.Join(s.dir, filepath.FromSlash(f.final)))
		}
		e := &s.man.Inputs[p.entry]
		e.Files, e.Games, e.Findings, e.Moves, e.Completed, e.Content = []string{}, 0, 0, 0, false, nil
		delete(s.placed, p.entry)
	}
}

// place renames p's files into place, gives its entry its final state and
// removes the files it listed before and lists no more (a moves file of an
// earlier run, a name spelt otherwise then): the manifest on disk no longer
// lists them.
func (s *ParquetSink) place(p pendingInput) error {
	for i, f := range p.files {
		if err := f.rename(); err != nil {
			for _, g := range p.files[i+1:] {
				os.Remove(g.tmp)
			}
			return err
		}
	}
	s.man.Inputs[p.entry] = p.final
	if len(p.files) > 0 {
		// Rows of this run (Kept), not an earlier run's kept (EndFile).
		s.placed[p.entry] = true
	}
	for _, f := range p.old {
		if !slices.Contains(p.final.Files, f) {
			os.Remove(filepath.Join(s.dir, filepath.FromSlash(f)))
		}
	}
	return nil
}

// finish writes the footer and closes the file, still under its temporary
// name; the next rewrite of the manifest syncs it (flush).
func (f *parquetFile) finish() error {
	err := f.w.Close()
	if err == nil {
		err = f.buf.Flush()
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	// The file waits for the next rewrite by its names alone: the writer,
	// with the footer's metadata, would otherwise stay live (and be
	// scanned by every collection) for each of the thousands of inputs a
	// rewrite may wait for.
	f.w, f.f, f.buf = nil, nil, nil
	if err != nil {
		os.Remove(f.tmp)
		return fmt.Errorf("writing %s: %w", f.final, err)
	}
	return nil
}

// testHookRename, when set, is called before each table file is renamed
// into place.
var testHookRename func(final string)

// rename moves the synced file to its final name.
func (f *parquetFile) rename() error {
	if testHookRename != nil {
		testHookRename(f.final)
	}
	if err := os.Rename(f.tmp, filepath.Join(filepath.Dir(f.tmp), path.Base(f.final))); err != nil {
		os.Remove(f.tmp)
		return fmt.Errorf("writing %s: %w", f.final, err)
	}
	return nil
}

// abortFiles drops unfinished files.
func abortFiles(files []*parquetFile) {
	for _, f := range files {
		f.w.Abort()
		f.f.Close()
		os.Remove(f.tmp)
	}
}

// Close drops the input still open, if any (the run was stopped in it),
// writes the manifest a last time, listing every input ended, syncs the
// directory so that this last manifest is the one on disk, and releases the
// directory's lock.
func (s *ParquetSink) Close(*Summary) error {
	if s.closed {
		return nil
	}
	s.closed = true
	defer s.lock.release()
	if s.cur != nil {
		s.cur.abort()
		s.cur = nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.flush(); err != nil {
		return err
	}
	return syncDir(s.dir)
}
