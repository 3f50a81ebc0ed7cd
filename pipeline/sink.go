package pipeline

import (
	"io/fs"
	"strings"
	"time"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// Sink receives the results of a run in input order, from one goroutine.
//
// For every input the run calls BeginFile, then Game once per game read, in
// game order, then EndFile; inputs skipped by Config.Skip get no call. Close
// is called once at the end, also after an error or an interruption; a sink
// that writes files keeps only what is complete (FileSummary.Complete,
// Summary.Interrupted) and removes the rest.
//
// A sink must not keep the record passed to Game, nor anything it points to,
// after Game returns: the pipeline reuses that storage.
type Sink interface {
	BeginFile(in Input) error
	Game(r *GameRecord) error
	EndFile(f *FileSummary) error
	Close(s *Summary) error
}

// InputSink is a sink that also reports findings of an input as a whole,
// not of one of its games (validate.NoGame): the formats that print
// findings. The Parquet tables hold games and their findings only, every
// finding a row of a game (game_id), so ParquetSink is none. The run calls
// InputFinding after the input's last game and before its EndFile, and for
// a directory named that gave no input before the first input.
type InputSink interface {
	InputFinding(path string, f *validate.Finding) error
}

// UnreadableInput is the code under which the formats that print findings
// report an input that could not be read to its end. It is no finding of
// validate's: no rule setting turns it off or changes its level, and the
// exit status 2 says it whatever --fail-on says.
const UnreadableInput validate.Code = "unreadable-input"

// unreadableFinding is how the formats that print findings report an input
// that could not be read to its end (FileSummary.Input, FileSummary.Err): an
// UnreadableInput error at its line 1, column 1, the reason as its message
// (see unreadableReason). The games read before a break keep their own
// findings, the last one that the break cut a syntax error where the text
// ends.
func unreadableFinding(f *FileSummary) validate.Finding {
	return inputFinding(UnreadableInput, validate.Error, unreadableReason(f.Input.Path, f.Err))
}

// unreadableReason is err's message without the input's path, which every
// format that prints it already gives beside it: "cannot open: no such file
// or directory" where err says "open missing.pgn: no such file or
// directory", "gzip stream broken ..." where it says "a.pgn.gz: gzip stream
// broken ...". A message that names another path (an entry of a directory
// named as one of its files) keeps it whole.
func unreadableReason(path string, err error) string {
	if pe, ok := err.(*fs.PathError); ok && pe.Path == path {
		return "cannot " + pe.Op + ": " + pe.Err.Error()
	}
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, displayName(path)+": "); ok {
		return rest
	}
	return msg
}

// inputFinding is a finding of an input as a whole, placed at its line 1,
// column 1 (in bytes and characters alike), with no ply.
func inputFinding(code validate.Code, sev validate.Severity, msg string) validate.Finding {
	return validate.Finding{Code: code, Severity: sev, Pos: parser.Pos{Line: 1, Col: 1}, CharCol: 1, ByteCol: 1, Ply: -1, Message: msg}
}

// Flusher is a sink that buffers output; the progress bar flushes it before
// drawing so that findings and the bar do not tear each other on a terminal.
type Flusher interface {
	Flush() error
}

// Counts tallies findings by severity.
type Counts struct {
	Errors, Warnings, Infos int64
}

// Add counts the findings of a report.
func (c *Counts) Add(r *validate.Report) {
	for i := range r.Findings {
		c.add(r.Findings[i].Severity)
	}
}

func (c *Counts) add(s validate.Severity) {
	switch s {
	case validate.Error:
		c.Errors++
	case validate.Warning:
		c.Warnings++
	default:
		c.Infos++
	}
}

// AtLeast says whether any finding is at or above severity s.
func (c Counts) AtLeast(s validate.Severity) bool { return c.From(s) > 0 }

// From is the number of findings at severity s or above.
func (c Counts) From(s validate.Severity) int64 {
	switch s {
	case validate.Error:
		return c.Errors
	case validate.Warning:
		return c.Errors + c.Warnings
	}
	return c.Errors + c.Warnings + c.Infos
}

// FileSummary is what one input gave.
type FileSummary struct {
	Input Input
	Games int64 // games read from it, and so records passed to the sinks
	Plies int64
	Counts
	Bytes int64 // bytes of the file read (compressed bytes for a compressed file)

	// Err is why the input could not be opened or read to its end; the
	// games before the failure were read and passed on all the same.
	Err error
	// Complete says the input was read to its end: no error and no interruption.
	Complete bool
	// Content is the sum of the Bytes read (ContentSum), which the Parquet
	// sink records in the manifest; nil when the input could not be
	// opened, when the run was stopped in it, or when the caller did not
	// compute one.
	Content *ContentSum
	// Opened is the file's size and modification time as it was opened,
	// before a byte of it was read; nil for a piped input or one that
	// could not be opened. The reader runs ahead of the sinks, so a stat
	// taken by a sink may already see a change made after the read, which
	// --resume would then take for the state the rows describe.
	Opened *FileState
}

// FileState is what --resume compares to tell an input unchanged.
type FileState struct {
	Size    int64
	ModTime time.Time
}

// Summary is what the whole run gave.
type Summary struct {
	Files   int   // inputs taken, skipped ones excluded
	Skipped int   // inputs passed over by Config.Skip (already done, on --resume)
	Failed  int   // inputs that could not be opened or read to their end
	Games   int64 // games the parser yielded
	Records int64 // records every sink accepted; equal to Games unless something is badly wrong
	// Written is how many of the records reached the output of the sinks
	// that write them out (RecordCounter), of the one that wrote fewest;
	// Records when none does. It falls short of Records when writing
	// failed, as a sink accepts a record into its buffer before its bytes
	// reach the output.
	Written int64
	Plies   int64
	Counts
	// Variants counts the games of other games than chess (a Variant tag
	// of Crazyhouse, Atomic...), read but not replayed: the summary says
	// so, since no finding of theirs can say a move is wrong.
	Variants int64
	Bytes    int64
	Elapsed  time.Duration

	// Interrupted says the run was stopped before reading every input.
	Interrupted bool
	// SameContent are the sets of this run's inputs that held the same
	// content (FileSummary.Content and games), whose games the run counts
	// once per input; in the order of their first input.
	SameContent []SameContent
	// Out is the directory of a sink that keeps only what it completes
	// (--out: ParquetSink), "" for none, and Kept the games of this run it
	// holds when the run ends, as its manifest lists them (ParquetSink.Kept):
	// not those of an input cut short, nor, after a failure to write (a
	// full disk), those not listed yet. Run leaves them unset and the
	// caller sets them.
	Out  string
	Kept int64
	// Err is the error that ended the run early (a sink that failed), or nil.
	Err error
}
