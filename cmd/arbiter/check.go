package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/arbiter-chess/arbiter/pipeline"
	"github.com/arbiter-chess/arbiter/replay"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/arbiter-chess/arbiter/validate"
	"github.com/rs/zerolog"
	"github.com/spf13/cobra"
)

func init() { subcommands = append(subcommands, newCheckCmd) }

// Exit statuses of check besides 0 (nothing at or above --fail-on) and 2
// (usage or I/O error, the default of exitCode).
const (
	exitFindings    = 1
	exitInterrupted = 130
)

type checkFlags struct {
	format, out, report, stdinName string
	moves, resume, quiet           bool
	rules, notation, encoding      string
	workers                        int
	failOn                         string
	failOnFrom                     string // the --config file that set failOn, "" when none did
	enable, disable, severity      []string
	progress, logLevel, logFormat  string
	config                         string
}

func newCheckCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "check [flags] PATH...",
		Short: "Check PGN files and scoresheets, and report what an arbiter would object to",
		Long: `check reads every game in the PATHs (files, directories walked recursively,
"-" for standard input; gzip, zstd and bzip2 recognised by their first bytes),
replays it and prints its findings in input order.

In a directory, only files that look like games or are compressed are read;
name a file to read it whatever it holds.

Exit status: 0 when no finding is at or above --fail-on, 1 when one is (the
last line on stderr says so: "arbiter: failing: N findings at ..."), 2 on a
usage error or an input that could not be read (the others are still
checked), 130 when interrupted before every input was read (what was read
is written; no partial output file is left).

` + codesHelp(),
		Args: needArgs("at least one PATH: a file, a directory or - for standard input"),
		RunE: func(cmd *cobra.Command, args []string) error { return runCheck(cmd, &f, args) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "findings on stdout: text, jsonl, sarif, github, or none")
	fl.StringVar(&f.out, "out", "", "write the games, findings (and moves) tables as Parquet into this directory")
	fl.BoolVar(&f.moves, "moves", false, "with --out, write the moves table too")
	fl.StringVar(&f.report, "report", "", "write the statistics report to this file (format by extension: .html, .md, .json, else a table)")
	fl.BoolVar(&f.resume, "resume", false, "with --out, skip the inputs an earlier run into the same directory finished")
	fl.StringVar(&f.stdinName, "stdin-name", "", "with --out, the name of standard input or a piped input (<(zstd -dc ...)) in the tables and for --resume")
	fl.StringVar(&f.rules, "rules", "fide", "rule book: fide (Laws since 2023), fide2009, or ussr")
	fl.StringVar(&f.notation, "notation", "auto", notationUsage())
	fl.StringVar(&f.encoding, "encoding", "auto", "text encoding: auto (per game), utf-8, windows-1252, windows-1251, koi8-r, cp866, cp850")
	fl.IntVar(&f.workers, "workers", 0, "games checked in parallel (0: one per CPU the process may use, GOMAXPROCS)")
	fl.StringVar(&f.failOn, "fail-on", "error", "exit 1 when a finding is at or above: error, warning, info, or never (none is the same as never)")
	fl.StringSliceVar(&f.enable, "enable", nil, "report findings with this code again after --disable all or a --config's disable (repeatable, comma lists)")
	fl.StringSliceVar(&f.disable, "disable", nil, "do not report findings with this code (repeatable, comma lists; \"all\" for every code but no-game, which only its name turns off)")
	fl.StringSliceVar(&f.severity, "severity", nil, "change a code's severity: CODE=info|warning|error|off (repeatable)")
	fl.StringVar(&f.config, "config", "", "read --rules, --enable, --disable, --severity and --fail-on from this JSON file; the flags given win over it")
	fl.StringVar(&f.progress, "progress", "auto", "progress on stderr: auto (a bar on a terminal, an info line every 10 s elsewhere; none under --quiet), always (the same, --quiet or not) or never")
	fl.StringVar(&f.logLevel, "log-level", "info", "log level: debug, info, warn (or warning), error")
	fl.StringVar(&f.logFormat, "log-format", "console", "log format on stderr: console or json")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no summary and no progress bar; log errors only unless --log-level says otherwise")
	return cmd
}

// notationUsage is --notation's help: every letter set ParseLetterSet
// takes, by the names its error lists.
func notationUsage() string {
	var names []string
	for s := replay.LetterSet(0); replay.AllLetterSets&(1<<s) != 0; s++ {
		names = append(names, s.String())
	}
	return "piece letters of the moves: auto (per game), " + strings.Join(names, ", ")
}

// codesHelp lists the finding codes with their default severities: the
// names --enable, --disable, --severity and --config take, which a user
// should not have to mistype to see (the error lists them too).
func codesHelp() string {
	var b strings.Builder
	b.WriteString("Finding codes, with their default severity (\"up to\": the rule chooses it case\nby case; the README says when each fires):\n")
	line := " "
	for i, r := range validate.Catalogue {
		word := fmt.Sprintf(" %s (%s)", r.Code, r.Severity)
		if r.Varies {
			word = fmt.Sprintf(" %s (up to %s)", r.Code, r.Severity)
		}
		if i < len(validate.Catalogue)-1 {
			word += ","
		}
		if len(line)+len(word) > 78 {
			b.WriteString(line + "\n")
			line = " "
		}
		line += word
	}
	b.WriteString(line)
	return b.String()
}

// runCheck is the command: set up from the flags, run, map the outcome to
// an exit status.
func runCheck(cmd *cobra.Command, f *checkFlags, args []string) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	f.lowerValues()
	if err := f.readConfig(cmd.Flags().Changed); err != nil {
		return err
	}
	cfg, failOn, err := f.options()
	if err != nil {
		return err
	}
	limitMemory(cfg.Workers, f.moves)
	logger, err := f.logger(stderr, cmd.Flags().Changed("log-level"))
	if err != nil {
		return err
	}
	cfg.Log = &logger
	switch f.showProgress(stderr) {
	case progressBar:
		cfg.Progress = stderr
	case progressLines:
		cfg.ProgressLog = progressLogEvery
	}

	expansion := expandInputs(&logger, args)
	inputs := expansion.Inputs
	cfg.NoGameDirs = expansion.NoGameDirs
	var piped []string
	for _, in := range inputs {
		if pipeline.IsPiped(in.Path) {
			piped = append(piped, in.Path)
		}
	}
	switch {
	case f.stdinName != "" && len(piped) == 0:
		return usageError("--stdin-name names a piped input (-, /dev/fd/N), and none is given")
	case f.stdinName != "" && len(piped) > 1:
		return usageError("--stdin-name names one piped input, and %d are given (%s): pipe them in one run each", len(piped), strings.Join(piped, ", "))
	}
	if f.stdinName != "" {
		if other, ok := namedToo(f.stdinName, inputs); ok {
			// Both inputs' rows would carry the same file column, so the
			// same game_id for different games, and --resume would take
			// either for the other.
			return usageError("--stdin-name %s names %s, which this run reads too: their rows would share game_ids in the tables; pipe the stream in a run of its own", f.stdinName, other)
		}
	}

	var sinks []pipeline.Sink
	var pq *pipeline.ParquetSink
	switch f.format {
	case "text":
		sinks = append(sinks, pipeline.NewTextSink(stdout))
	case "jsonl":
		sinks = append(sinks, pipeline.NewJSONLSink(stdout))
	case "sarif":
		sinks = append(sinks, pipeline.NewSARIFSink(stdout, cfg.Check.Validate.Rules))
	case "github":
		sinks = append(sinks, pipeline.NewGitHubSink(stdout))
	}
	if f.out != "" {
		var err error
		pq, err = pipeline.NewParquetSink(f.out, pipeline.ParquetOptions{Moves: f.moves, Resume: f.resume, Run: cfg.Check.RunOptions(), Log: &logger,
			StdinName: f.stdinName, Piped: piped, Listed: expansion.Listed})
		if err != nil {
			return fmt.Errorf("--out %s: %w", f.out, err)
		}
		if f.resume {
			cfg.Skip = pq.Done
		}
		sinks = append(sinks, pq)
	}
	if f.report != "" {
		// After the Parquet sink: with --resume the report is read from
		// the output directory once that sink has finished it.
		rs := &reportSink{path: f.report, format: stats.FormatFor(f.report), sources: args, log: &logger}
		if f.out != "" {
			rs.sources = []string{f.out}
		}
		if f.resume {
			rs.dir = f.out
		} else {
			rs.out = f.out
		}
		sinks = append(sinks, rs)
	}

	ctx, readDone, stop := interruptContext(cmd.Context(), stderr, nil)
	defer stop()
	cfg.ReadDone = readDone

	sum, runErr := pipeline.Run(ctx, cfg, inputs, sinks...)
	stop()
	if pq != nil {
		sum.Out, sum.Kept = f.out, pq.Kept()
		// What DIR holds, as arbiter stats DIR will count it: with
		// --resume, the inputs of earlier runs too.
		m := pq.Manifest()
		sum.SameContent = m.SameContent("")
	}
	warnSameContent(&logger, sum.SameContent, f.out)
	if !f.quiet {
		pipeline.WriteSummary(stderr, &sum)
	}
	switch {
	// A signal once every input was read leaves the output complete.
	case sum.Interrupted:
		if !f.quiet {
			return &exitError{code: exitInterrupted} // the summary ends "; interrupted; ..."
		}
		return &exitError{code: exitInterrupted, msg: "interrupted"}
	case runErr != nil:
		return runErr
	case sum.Failed > 0:
		return unreadableExit(sum.Failed, f.quiet)
	case failOn >= 0 && sum.Counts.AtLeast(validate.Severity(failOn)):
		return f.failing(sum.Counts, validate.Severity(failOn))
	}
	return nil
}

// unreadableExit is the exit of a run some of whose inputs could not be
// read: status 2. The summary already counts them ("; 1 file unreadable")
// and the formats or the log name each, so a line after it would say the
// same again; only --quiet, which drops the summary, keeps a count
// (arbiter: 1 input could not be read).
func unreadableExit(failed int, quiet bool) error {
	if !quiet {
		return &exitError{code: 2}
	}
	if failed == 1 {
		return &exitError{code: 2, msg: "1 input could not be read"}
	}
	return &exitError{code: 2, msg: fmt.Sprintf("%d inputs could not be read", failed)}
}

// failing is the exit of a run whose findings reach --fail-on: status 1,
// and a line after the summary that says why, so that a CI log shows what
// failed the job without a reader counting severities (arbiter: failing: 3
// findings at warning or above (--fail-on warning)). --quiet, which drops
// the summary, drops it too: the findings are then the message.
func (f *checkFlags) failing(counts pipeline.Counts, failOn validate.Severity) error {
	if f.quiet {
		return &exitError{code: exitFindings}
	}
	n := counts.From(failOn)
	findings := "findings"
	if n == 1 {
		findings = "finding"
	}
	at := failOn.String()
	if failOn != validate.Error {
		at += " or above"
	}
	flag := "--fail-on " + failOn.String()
	if f.failOnFrom != "" {
		flag = "fail-on " + failOn.String() + " in " + f.failOnFrom
	}
	return &exitError{code: exitFindings, msg: fmt.Sprintf("failing: %d %s at %s (%s)", n, findings, at, flag)}
}

// namedToo returns the input, not piped, that name names too: the same
// path or the same file.
func namedToo(name string, inputs []pipeline.Input) (string, bool) {
	named, err := os.Stat(name)
	for _, in := range inputs {
		if pipeline.IsPiped(in.Path) {
			continue
		}
		if filepath.Clean(in.Path) == filepath.Clean(name) {
			return in.Path, true
		}
		if err == nil {
			if info, err := os.Stat(in.Path); err == nil && os.SameFile(named, info) {
				return in.Path, true
			}
		}
	}
	return "", false
}

// expandInputs turns the command's paths into the inputs to read, saying
// what it skipped and why. What a walk could not read is among the inputs,
// which the run reports and counts each by its path.
func expandInputs(logger *zerolog.Logger, args []string) pipeline.Expansion {
	expansion := pipeline.ExpandAll(args)
	logDuplicates(logger, expansion.Duplicates)
	logLeftOut(logger, expansion.LeftOut)
	return expansion
}

// logDuplicates says which paths are read once because an earlier path
// names the same file.
func logDuplicates(logger *zerolog.Logger, dups []pipeline.Duplicate) {
	for _, d := range dups {
		logger.Info().Str("path", d.Path).Str("same_as", d.Of).Msg("skipping an input named twice: it is the same file as an earlier one, read once")
	}
}

// warnSameContent names, a warning a set, the inputs that held the same
// content (the same file under two names, or copied into two
// directories): the summary's counts hold their games once per input, and
// so will arbiter stats's.
//
// Past the first stats.ShownWarnings sets, as arbiter stats counts them,
// the others are debug lines and one warning counts them: an archive of
// copied test directories has dozens, which would scroll the summary away.
func warnSameContent(logger *zerolog.Logger, groups []pipeline.SameContent, out string) {
	for n, g := range groups {
		paths := make([]string, len(g.Inputs))
		for i, in := range g.Inputs {
			paths[i] = stats.Printable(pipeline.ColumnPath(in.Path))
		}
		ev := logger.Warn()
		if n >= stats.ShownWarnings {
			ev = logger.Debug()
		}
		ev.Strs("paths", paths).Int64("bytes", g.Content.Bytes).Int64("games", g.Games).
			Msg("inputs with the same content: their games are counted once per input")
	}
	if more := len(groups) - stats.ShownWarnings; more > 0 {
		how := "--log-level debug names them"
		if out != "" {
			how += ", as arbiter stats --format json " + out + " does"
		}
		logger.Warn().Int("sets", more).Msgf("%d more sets of inputs with the same content (%s)", more, how)
	}
}

// logLeftOut says which files found in a directory are not read although
// they may be meant as games, and why: a warning when the name says games or
// a compression arbiter reads, else an info line (an archive lying there);
// and which links to directories are not followed.
func logLeftOut(logger *zerolog.Logger, left []pipeline.LeftOut) {
	for _, l := range left {
		ev := logger.Info()
		if l.Named {
			ev = logger.Warn()
		}
		msg := "skipping a file found in a directory: not read as games"
		if l.Dir {
			msg = "skipping a linked directory: not followed"
		}
		ev.Str("path", l.Path).Str("reason", l.Reason).Msg(msg)
	}
}

// readConfig takes the settings of the --config file where the command
// line gives none (changed says which flags it gives): --rules and
// --fail-on when not given, and the file's code settings under the
// command line's (RuleFile.Merge).
func (f *checkFlags) readConfig(changed func(string) bool) error {
	if f.config == "" {
		return nil
	}
	rf, err := pipeline.ReadRuleFile(f.config)
	if err != nil {
		return configError(err)
	}
	if rf.Rules != "" && !changed("rules") {
		f.rules = rf.Rules
	}
	if rf.FailOn != "" && !changed("fail-on") {
		f.failOn, f.failOnFrom = rf.FailOn, f.config
	}
	f.enable, f.disable, f.severity = rf.Merge(f.enable, f.disable, f.severity)
	return nil
}

// configError is the usage error of a rule file at fault: each fault a
// line of its own that begins as the one-line errors do, so that a CI log
// shows them all and each reads alone.
func configError(err error) error {
	faults := []error{err}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		faults = joined.Unwrap()
	}
	lines := make([]string, len(faults))
	for i, fault := range faults {
		lines[i] = "--config: " + fault.Error()
	}
	return usageError("%s", strings.Join(lines, "\narbiter: "))
}

// options checks the flags and turns them into the run's configuration.
// The severity at or above which to fail is -1 for "never", and for
// "none", which --format's "none" makes a user type.
func (f *checkFlags) options() (*pipeline.Config, int, error) {
	cfg := &pipeline.Config{Workers: f.workers}
	if f.format == "json" {
		// stats takes json: a CI script written for one command meets the other.
		return nil, 0, usageError("--format must be text, jsonl, sarif, github or none, not \"json\": jsonl writes a JSON object a line, sarif one JSON document")
	}
	if !slices.Contains([]string{"text", "jsonl", "sarif", "github", "none"}, f.format) {
		return nil, 0, usageError("--format must be text, jsonl, sarif, github or none, not %q", f.format)
	}
	if f.workers < 0 {
		return nil, 0, usageError("--workers must be 0 or more, not %d", f.workers)
	}
	// Name only the flags given: "--moves and --resume" puzzles a user
	// who gave one.
	switch {
	case f.moves && f.resume && f.out == "":
		return nil, 0, usageError("--moves and --resume need --out DIR")
	case f.moves && f.out == "":
		return nil, 0, usageError("--moves needs --out DIR: the moves table is written there")
	case f.resume && f.out == "":
		return nil, 0, usageError("--resume needs --out DIR: the directory an earlier run wrote, whose finished inputs it skips")
	}
	if info, err := os.Stat(f.out); f.out != "" && err == nil && !info.IsDir() {
		// Not "mkdir r.html: not a directory": --out is taken for the
		// report's flag, as stats's and convert's -o are files.
		return nil, 0, usageError("--out %s is a file: --out names a directory for the tables (the report's file is --report FILE)", f.out)
	}
	if f.stdinName != "" && f.out == "" {
		return nil, 0, usageError("--stdin-name needs --out DIR: it names a piped input in the tables")
	}
	if f.stdinName != "" && pipeline.IsPiped(f.stdinName) {
		return nil, 0, usageError("--stdin-name %s names a stream again: give the name its rows are to carry, such as the file it was decompressed from", f.stdinName)
	}
	cf := pipeline.CheckFlags{Rules: f.rules, Notation: f.notation, Encoding: f.encoding,
		Enable: f.enable, Disable: f.disable, Severity: f.severity, Moves: f.moves}
	opt, err := cf.Options()
	if err != nil {
		return nil, 0, usageError("%v", err)
	}
	cfg.Check = *opt
	failOn, ok := pipeline.ParseFailOn(f.failOn)
	if !ok {
		return nil, 0, usageError("--fail-on must be error, warning, info or never (or none), not %q", f.failOn)
	}
	if !slices.Contains([]string{"auto", "always", "never"}, f.progress) {
		return nil, 0, usageError("--progress must be auto, always or never, not %q", f.progress)
	}
	return cfg, failOn, nil
}

// lowerValues reads the flags that take a word from a list in any case, as
// --rules, --notation and the rule codes are: "--format SARIF" is no typo
// worth a failed CI run.
func (f *checkFlags) lowerValues() {
	for _, v := range []*string{&f.format, &f.failOn, &f.progress, &f.logLevel, &f.logFormat} {
		*v = strings.ToLower(strings.TrimSpace(*v))
	}
}

// logger builds the zerolog logger on stderr that the flags ask for.
func (f *checkFlags) logger(stderr io.Writer, levelSet bool) (zerolog.Logger, error) {
	if f.logLevel == "warning" {
		// The word of --fail-on and of the findings: zerolog's is warn.
		f.logLevel = "warn"
	}
	level, err := zerolog.ParseLevel(f.logLevel)
	if err != nil || f.logLevel == "" {
		return zerolog.Logger{}, usageError("--log-level must be debug, info, warn (or warning) or error, not %q", f.logLevel)
	}
	if f.quiet && !levelSet {
		level = zerolog.ErrorLevel
	}
	var w io.Writer
	switch f.logFormat {
	case "json":
		w = stderr
	case "console":
		file, isFile := stderr.(*os.File)
		w = zerolog.ConsoleWriter{Out: stderr, TimeFormat: time.TimeOnly, NoColor: !isFile || !pipeline.IsTerminal(file)}
	default:
		return zerolog.Logger{}, usageError("--log-format must be console or json, not %q", f.logFormat)
	}
	return zerolog.New(w).Level(level).With().Timestamp().Logger(), nil
}

// How progress is shown: a bar redrawn on a terminal, or a log line every
// progressLogEvery where stderr is a file or a pipe (a long archive run
// under nohup or systemd).
const (
	progressNone = iota
	progressBar
	progressLines
)

const progressLogEvery = 10 * time.Second

// showProgress decides --progress: a bar on a terminal, log lines
// elsewhere; --quiet turns auto off.
func (f *checkFlags) showProgress(stderr io.Writer) int {
	if f.progress == "never" || f.progress == "auto" && f.quiet {
		return progressNone
	}
	if file, ok := stderr.(*os.File); ok && pipeline.IsTerminal(file) {
		return progressBar
	}
	return progressLines
}

func usageError(format string, a ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, a...)}
}

// limitMemory sets a soft heap limit unless GOMEMLIMIT sets one: the
// garbage collector otherwise lets the heap grow to twice what is live,
// and an archive run must stay small whatever its input. What is live is a
// few chunks per worker and the Parquet row groups in the making.
//
// Without --moves it is 96 MiB and 16 a worker (128 MiB with 2), since
// session 27 halved the chunks in flight and the games table's batches:
// big.pgn's live heap fell from about 80 to 60-70 MB, and at 128 MiB its
// run took 0.63 s where it took 0.67 s at the 160 of before (12 pairs),
// peak RSS 145-158 MB instead of 184-189, and the slow runs of a host that
// takes memory back (BENCHMARKS.md, session 25) all but went.
//
// With --moves it is 128 MiB and 16 a worker, and the collector keeps its
// own pace under it (GOGC is left alone). For a while no limit was set
// with --moves: the live heap then grew with the input (chunks whose
// records' move facts the budget did not count, row groups ending on rows
// whatever their bytes, footers kept until the input ended), any fixed
// room was too small for some input and the collector ran without pause
// (39 times as long as without --moves on 105,000 masters games). Each of those is bounded now,
// and without a limit the runtime kept what it had freed: 11 M one-move
// games with --moves peaked at 230 MB (187 MB under the limit, same CPU);
// masters, masters with online games, and big.pgn with --moves take the
// same time under it, with peaks of 174-186 MB.
//
// Under the limit the collector may wait until the heap is gcPercent per
// cent more than what is live (unless GOGC says otherwise): the limit bounds
// the heap, and at the default of 100 a run whose live heap is small
// collected far more often than the limit asks. An archive of one-game
// inputs keeps about 15 MB live while its Parquet writers allocate 1.5 MB an
// input (and what the collector frees, their pooled zstd encoders and
// buffers, they allocate again): at 100 it collected every ten inputs or so,
// a sixth of its CPU (2,000 inputs with --out: 4.4 CPU-s at 100, 3.7 at 400,
// peak RSS 47 MB and 88 MB). A run whose live heap is large is held by the
// limit either way (big.pgn: 1.7 CPU-s and 150 MB peak at both).
//
// 700 since the zstd encoders no longer keep 16 MiB histories (see
// table.zstdCodec): those had been part of what is live, and so of the
// pace. Without them that archive kept about 6 MB live and collected 103
// times instead of 69 at 400, 6 % more CPU; at 700 its time is what it
// was (6 alternated rounds: 3.5-4.0 CPU-s at 400, 3.2-3.7 at 700, 3.0-3.4
// at 1000), peak RSS 106-126 MB (80-88 MB at 400, 156-176 at 1000).
//
// The heap the limit allows is also advised into huge pages, whatever
// GOMEMLIMIT says: see adviseHugePages.
func limitMemory(workers int, moves bool) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	limit := (96 + 16*workers) << 20
	if moves {
		limit = (128 + 16*workers) << 20
	}
	adviseHugePages(limit)
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(int64(limit))
	if os.Getenv("GOGC") == "" && !moves {
		debug.SetGCPercent(gcPercent)
	}
}

// gcPercent is GOGC under limitMemory's limit.
const gcPercent = 700
