package pipeline

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
	"github.com/rs/zerolog"
)

// runWithin fails the test if Run takes longer than a deadlock would allow.
// The bound is generous: under -race on two busy cores the largest test here
// (150,000 games) takes about 30 s, and a deadlock never returns at all.
func runWithin(t *testing.T, ctx context.Context, cfg *Config, inputs []Input, sinks ...Sink) (Summary, error) {
	t.Helper()
	type result struct {
		s   Summary
		err error
	}
	done := make(chan result, 1)
	go func() {
		s, err := Run(ctx, cfg, inputs, sinks...)
		done <- result{s, err}
	}()
	select {
	case r := <-done:
		return r.s, r.err
	case <-time.After(3 * time.Minute):
		t.Fatal("Run did not return: deadlock?")
		return Summary{}, nil
	}
}

// threeInputs writes a plain, a gzip and a zstd file of n games each.
func threeInputs(t *testing.T, n int) []Input {
	dir := t.TempDir()
	paths := []string{
		writeFile(t, dir, "one.pgn", synthetic(0, n)),
		writeFile(t, dir, "two.pgn.gz", gzipped(t, synthetic(n, n))),
		writeFile(t, dir, "three.pgn.zst", zstded(t, synthetic(2*n, n))),
	}
	inputs := Expand(paths)
	return inputs
}

func seq(first, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = first + i
	}
	return s
}

// TestRunOrderIndependentOfWorkers: the same inputs give the same bytes
// whatever the number of workers, every game is written once, in order.
func TestRunOrderIndependentOfWorkers(t *testing.T) {
	useFakeCheck(t, nil)
	const n = 3000
	inputs := threeInputs(t, n)
	var first []byte
	for _, workers := range []int{1, 2, 4} {
		var text, jsonl bytes.Buffer
		rec := &recordingSink{}
		s, err := runWithin(t, context.Background(), &Config{Workers: workers, ChunkSize: smallChunks}, inputs, NewTextSink(&text), NewJSONLSink(&jsonl), rec)
		if err != nil {
			t.Fatalf("workers=%d: %v", workers, err)
		}
		if s.Games != 3*n || s.Records != 3*n || rec.games != 3*n || s.Files != 3 || s.Failed != 0 || s.Interrupted {
			t.Fatalf("workers=%d: summary %+v, sink saw %d games", workers, s, rec.games)
		}
		for i, in := range inputs {
			if got := rec.numbers[in.Path]; !slices.Equal(got, seq(i*n, n)) {
				t.Fatalf("workers=%d: %s games out of order (%d games)", workers, in.Path, len(got))
			}
			f := rec.files[i]
			if f.Games != n || !f.Complete || f.Err != nil || f.Bytes != in.Size {
				t.Errorf("workers=%d: file summary %+v", workers, f)
			}
		}
		// The calls come as begin, games numbered from 0, end, file by file.
		k := 0
		for i, in := range inputs {
			want := []string{"begin " + in.Path}
			for g := range n {
				want = append(want, fmt.Sprintf("game %s#%d", in.Path, g))
			}
			want = append(want, fmt.Sprintf("end %s games=%d complete=true err=false", in.Path, n))
			if !slices.Equal(rec.events[k:k+len(want)], want) {
				t.Fatalf("workers=%d: calls for file %d differ from begin, games, end", workers, i)
			}
			k += len(want)
		}
		// Counts: k%3 errors, k%5 warnings, k%7 infos over 0..3n-1.
		wantCounts := Counts{Errors: 3 * n / 3, Warnings: 3 * n / 5, Infos: (3*n + 6) / 7}
		if s.Counts != wantCounts || rec.closed == nil || rec.closed.Counts != wantCounts {
			t.Errorf("workers=%d: counts %+v, want %+v", workers, s.Counts, wantCounts)
		}
		out := append(text.Bytes(), jsonl.Bytes()...)
		if first == nil {
			first = out
			continue
		}
		if !bytes.Equal(out, first) {
			t.Errorf("workers=%d: output differs from workers=1", workers)
		}
	}
	if len(first) == 0 {
		t.Fatal("no output at all")
	}
}

// TestRunTruncatedInput: the games before the break are checked and written,
// the error names the file, and the next input is read in full.
func TestRunTruncatedInput(t *testing.T) {
	useFakeCheck(t, nil)
	const n = 4000
	dir := t.TempDir()
	full := zstded(t, synthetic(n, n))
	paths := []string{
		writeFile(t, dir, "a.pgn", synthetic(0, n)),
		writeFile(t, dir, "b.pgn.zst", full[:len(full)/2]),
		writeFile(t, dir, "c.pgn.gz", gzipped(t, synthetic(2*n, n))),
	}
	inputs := Expand(paths)
	rec := &recordingSink{}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2, ChunkSize: smallChunks}, inputs, rec)
	if err != nil {
		t.Fatal(err)
	}
	if s.Failed != 1 || s.Files != 3 || s.Games != s.Records || s.Games != rec.games {
		t.Fatalf("summary %+v, sink saw %d", s, rec.games)
	}
	b := rec.files[1]
	var re *ReadError
	if !errors.As(b.Err, &re) || re.Path != paths[1] || re.Format != "zstd" || b.Complete {
		t.Fatalf("b: %+v", b)
	}
	got := rec.numbers[paths[1]]
	if len(got) == 0 || len(got) >= n || !slices.Equal(got, seq(n, len(got))) {
		t.Errorf("b: %d games read before the break, numbered %v...; want a prefix of the file", len(got), got[:min(5, len(got))])
	}
	if b.Games != int64(len(got)) {
		t.Errorf("b: summary says %d games, sink saw %d", b.Games, len(got))
	}
	if !slices.Equal(rec.numbers[paths[0]], seq(0, n)) || !slices.Equal(rec.numbers[paths[2]], seq(2*n, n)) {
		t.Error("the inputs around the broken one were not read in full")
	}
}

// TestRunUnreadableInput: a file that cannot be opened is reported and the
// others are checked.
func TestRunUnreadableInput(t *testing.T) {
	useFakeCheck(t, nil)
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.pgn")
	inputs := Expand([]string{writeFile(t, dir, "a.pgn", synthetic(0, 10)), missing, writeFile(t, dir, "c.pgn", synthetic(10, 10))})
	rec := &recordingSink{}
	var text bytes.Buffer
	s, err := runWithin(t, context.Background(), &Config{Workers: 2, ChunkSize: smallChunks}, inputs, rec, NewTextSink(&text))
	if err != nil {
		t.Fatal(err)
	}
	if s.Failed != 1 || s.Games != 20 || s.Files != 3 {
		t.Fatalf("summary %+v", s)
	}
	if f := rec.files[1]; !errors.Is(f.Err, os.ErrNotExist) || f.Games != 0 || f.Complete {
		t.Errorf("missing file: %+v", f)
	}
	if !slices.Equal(rec.numbers[inputs[2].Path], seq(10, 10)) {
		t.Errorf("the file after the missing one: %v", rec.numbers[inputs[2].Path])
	}
	if !strings.Contains(text.String(), "c.pgn:") {
		t.Error("no findings printed for the file after the missing one")
	}
}

// TestRunCancelled: cancelling stops the reader; what was read is written,
// the sinks are closed, and the run says it was interrupted.
func TestRunCancelled(t *testing.T) {
	useFakeCheck(t, nil)
	inputs := threeInputs(t, 3000)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := &recordingSink{}
	s, err := runWithin(t, ctx, &Config{Workers: 2, ChunkSize: smallChunks}, inputs, rec)
	if err != nil || !s.Interrupted || s.Files != 0 || rec.closed == nil || !rec.closed.Interrupted {
		t.Fatalf("cancelled before the start: %+v, %v", s, err)
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	rec = &recordingSink{onGame: func(r *GameRecord) error {
		if r.Index == 10 {
			cancel()
		}
		return nil
	}}
	s, err = runWithin(t, ctx, &Config{Workers: 2, ChunkSize: smallChunks}, inputs, rec)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Interrupted || s.Games != s.Records || s.Games != rec.games || s.Games >= 3000 {
		t.Fatalf("cancelled during the first file: %+v, sink saw %d", s, rec.games)
	}
	if len(rec.files) != 1 || rec.files[0].Complete || rec.files[0].Err != nil || rec.files[0].Games != s.Games {
		t.Errorf("file summaries %+v", rec.files)
	}
	if !slices.Equal(rec.numbers[inputs[0].Path], seq(0, int(s.Games))) {
		t.Error("the games written are not the first of the file, in order")
	}
	if rec.closed == nil || !rec.closed.Interrupted {
		t.Error("sink not closed as interrupted")
	}
}

// TestRunReadDone: ReadDone is called once the reader has read every
// input, while the writer is still at work, and a cancellation then (a
// signal during a long write-out) changes nothing: the run is complete.
func TestRunReadDone(t *testing.T) {
	useFakeCheck(t, nil)
	inputs := threeInputs(t, 100)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	readDone, calls := make(chan struct{}), 0
	cfg := &Config{Workers: 4, ReadDone: func() {
		calls++
		cancel()
		close(readDone)
	}}
	// The first game waits for the reader's end, as a slow sink would.
	rec := &recordingSink{onGame: func(*GameRecord) error { <-readDone; return nil }}
	s, err := runWithin(t, ctx, cfg, inputs, rec)
	if err != nil || s.Interrupted || s.Games != 300 || rec.games != 300 || calls != 1 || rec.closed.Interrupted {
		t.Fatalf("%+v, %v; the sink saw %d games; ReadDone called %d times", s, err, rec.games, calls)
	}
	for _, f := range rec.files {
		if !f.Complete || f.Games != 100 {
			t.Errorf("%s: complete %v, %d games", f.Input.Path, f.Complete, f.Games)
		}
	}

	// Cut short, the reader says so too.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	calls = 0
	cfg.ReadDone = func() { calls++ }
	s, err = runWithin(t, ctx, cfg, inputs, &recordingSink{})
	if err != nil || !s.Interrupted || calls != 1 {
		t.Errorf("cancelled: %+v, %v; ReadDone called %d times", s, err, calls)
	}
}

// cancelledAfter is a context whose cancellation shows from its
// (checks+1)th check of Err on.
type cancelledAfter struct {
	context.Context
	checks atomic.Int32
}

func (c *cancelledAfter) Err() error {
	if c.checks.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestRunCancelledAtTheEnd: an input whose end the reader sees once the
// run is cancelled counts as cut short (the end may be the signal's doing:
// Ctrl-C also stops the program writing into a pipe). Here the signal
// comes while the reader waits on the input's first bytes, after its
// checks before reading: one for the input, one for its first chunk.
func TestRunCancelledAtTheEnd(t *testing.T) {
	inputs := Expand([]string{writeFile(t, t.TempDir(), "empty.pgn", nil)})
	ctx := &cancelledAfter{Context: context.Background()}
	ctx.checks.Store(2)
	rec := &recordingSink{}
	s, err := runWithin(t, ctx, &Config{Workers: 1}, inputs, rec)
	if err != nil || !s.Interrupted || len(rec.files) != 1 || rec.files[0].Complete {
		t.Errorf("%+v, %v; file summaries %+v", s, err, rec.files)
	}
}

// TestRunSinkFailure: a failing sink ends the run with its error, without
// a deadlock, and every sink is still closed.
func TestRunSinkFailure(t *testing.T) {
	useFakeCheck(t, nil)
	inputs := threeInputs(t, 2000)
	boom := errors.New("disk full")
	failing := &recordingSink{onGame: func(r *GameRecord) error {
		if r.Index == 500 {
			return boom
		}
		return nil
	}}
	other := &recordingSink{}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2, ChunkSize: smallChunks}, inputs, other, failing)
	if !errors.Is(err, boom) || !errors.Is(s.Err, boom) {
		t.Fatalf("error %v, summary error %v", err, s.Err)
	}
	if failing.closed == nil || other.closed == nil || !errors.Is(other.closed.Err, boom) {
		t.Error("sinks not closed with the error")
	}
}

// TestRunCheckerPanic: a panic while checking one game becomes an
// internal-error finding of that game, and every other game is checked and
// written as usual.
func TestRunCheckerPanic(t *testing.T) {
	useFakeCheck(t, func(g *parser.Game, o *validate.Options) validate.Report {
		if gameNumber(g.Tags) == 1234 {
			panic("index out of range")
		}
		return fakeCheck(g, o)
	})
	inputs := threeInputs(t, 2000)
	var jsonl bytes.Buffer
	s, err := runWithin(t, context.Background(), &Config{Workers: 2, ChunkSize: smallChunks}, inputs, NewJSONLSink(&jsonl))
	if err != nil {
		t.Fatal(err)
	}
	if s.Games != 6000 || s.Records != 6000 {
		t.Errorf("%d games read, %d written", s.Games, s.Records)
	}
	if n := strings.Count(jsonl.String(), `"code":"internal-error"`); n != 1 ||
		!strings.Contains(jsonl.String(), "arbiter failed on this game (please report it with the game): index out of range") {
		t.Errorf("%d internal-error findings", n)
	}
}

// TestCheckSafelyReport: the report of a game the checker failed on says
// "never" and "unknown" as a checked game's does (-1 plies, "*"), with the
// one error counted.
func TestCheckSafelyReport(t *testing.T) {
	useFakeCheck(t, func(*parser.Game, *validate.Options) validate.Report { panic("boom") })
	g := &parser.Game{Start: parser.Pos{Offset: 0, Line: 1, Col: 1}}
	var r validate.Report
	checkSafely(g, &validate.Options{}, &r)
	if r.Errors != 1 || r.Warnings+r.Infos != 0 || r.FirstError != validate.InternalError || r.FirstErrorPly != -1 ||
		len(r.Findings) != 1 || r.Findings[0].Code != validate.InternalError {
		t.Errorf("counts %d/%d/%d, first error %q at %d, findings %v", r.Errors, r.Warnings, r.Infos, r.FirstError, r.FirstErrorPly, r.Findings)
	}
	plies := [...]int{r.ThreefoldPly, r.FiftyPly, r.AnyThreefoldPly, r.AnyFiftyPly, r.FivefoldPly, r.SeventyFivePly}
	if plies != [...]int{-1, -1, -1, -1, -1, -1} || r.ComputedResult != "*" || r.LastClockWhite != -1 || r.LastClockBlack != -1 {
		t.Errorf("plies %v, computed %q, clocks %d %d; want -1s, \"*\", -1 -1", plies, r.ComputedResult, r.LastClockWhite, r.LastClockBlack)
	}
}

func TestRunSkip(t *testing.T) {
	useFakeCheck(t, nil)
	inputs := threeInputs(t, 10)
	rec := &recordingSink{}
	cfg := &Config{Skip: func(in Input) bool { return strings.HasSuffix(in.Path, ".gz") }}
	s, err := runWithin(t, context.Background(), cfg, inputs, rec)
	if err != nil {
		t.Fatal(err)
	}
	if s.Skipped != 1 || s.Files != 2 || s.Games != 20 || len(rec.files) != 2 || rec.files[1].Input != inputs[2] {
		t.Errorf("summary %+v, files %v", s, rec.events)
	}
	// Each input skipped is a debug line: at the default level (info) a
	// resumed archive of thousands of inputs would print thousands.
	for _, level := range []zerolog.Level{zerolog.InfoLevel, zerolog.DebugLevel} {
		var log bytes.Buffer
		// The reader and the writer both log: one event at a time.
		logger := zerolog.New(zerolog.SyncWriter(&log)).Level(level)
		cfg.Log = &logger
		if _, err := runWithin(t, context.Background(), cfg, inputs, &recordingSink{}); err != nil {
			t.Fatal(err)
		}
		var skipped []string
		for _, line := range strings.Split(log.String(), "\n") {
			if strings.Contains(line, "skipped") {
				skipped = append(skipped, line)
			}
		}
		want := []string(nil)
		if level == zerolog.DebugLevel {
			want = []string{`{"level":"debug","file":"` + inputs[1].Path + `","message":"skipped: already done"}`}
		}
		if !slices.Equal(skipped, want) {
			t.Errorf("at %s: %q, want %q", level, skipped, want)
		}
	}
}

func TestRunNoInputs(t *testing.T) {
	rec := &recordingSink{}
	s, err := runWithin(t, context.Background(), &Config{}, nil, rec)
	if err != nil || s.Files != 0 || s.Games != 0 || rec.closed == nil {
		t.Errorf("%+v %v", s, err)
	}
}

// pipeStdin makes standard input a pipe that data is written into, until the
// test ends.
func pipeStdin(t *testing.T, data []byte) {
	t.Helper()
	pipeStdinFrom(t, bytes.NewReader(data))
}

// pipeStdinFrom is pipeStdin for what src yields, copied a MiB at a time.
func pipeStdinFrom(t *testing.T, src io.Reader) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stdin
	os.Stdin = r
	t.Cleanup(func() { os.Stdin = old; r.Close() })
	go func() {
		io.CopyBuffer(w, src, make([]byte, 1<<20))
		w.Close()
	}()
}

// TestRunStdin reads games from standard input.
func TestRunStdin(t *testing.T) {
	useFakeCheck(t, nil)
	pipeStdin(t, gzipped(t, synthetic(0, 50)))
	rec := &recordingSink{}
	s, err := runWithin(t, context.Background(), &Config{}, []Input{{Path: Stdin, Size: -1}}, rec)
	if err != nil || s.Games != 50 || !slices.Equal(rec.numbers[Stdin], seq(0, 50)) {
		t.Errorf("stdin: %+v %v", s, err)
	}
}

func TestRunProgress(t *testing.T) {
	useFakeCheck(t, nil)
	inputs := threeInputs(t, 100)
	var bar bytes.Buffer
	_, err := runWithin(t, context.Background(), &Config{Progress: &bar}, inputs, NewJSONLSink(io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	out := bar.String()
	if !strings.HasPrefix(out, "\r") || !strings.Contains(out, " games/s") || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("progress output %q", out)
	}
}

// TestRunProgressLog: where stderr is not a terminal, progress is a log
// line (here as often as can be), with its figures as fields.
func TestRunProgressLog(t *testing.T) {
	useFakeCheck(t, nil)
	inputs := threeInputs(t, 100)
	var logged bytes.Buffer
	log := zerolog.New(zerolog.SyncWriter(&logged))
	_, err := runWithin(t, context.Background(), &Config{Log: &log, ProgressLog: time.Nanosecond}, inputs, NewJSONLSink(io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(logged.String()), "\n")
	progress := 0
	for _, l := range lines {
		var rec struct {
			Level, Message string
			Bytes, Games   *int64
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
		if rec.Bytes != nil {
			progress++
			if rec.Level != "info" || rec.Games == nil || !strings.Contains(rec.Message, " games/s") {
				t.Errorf("progress line %q", l)
			}
		}
	}
	if progress == 0 || strings.ContainsAny(logged.String(), "\r\x1b") {
		t.Errorf("%d progress lines in %q", progress, logged.String())
	}
}

// TestRunProgressUnreadable: an input that cannot be read (deleted after
// the walk, refused as binary after its first bytes) counts as done in the
// bar, whose total holds its size: the last line of a directory with such
// files said 97%, and an ETA, once everything was read.
func TestRunProgressUnreadable(t *testing.T) {
	useFakeCheck(t, nil)
	dir := t.TempDir()
	binary := make([]byte, 1<<16)
	for i := range binary {
		binary[i] = byte(i*7919 + i/251) // as TestRunRefusesBinaryData's
	}
	inputs := Expand([]string{writeFile(t, dir, "gone.pgn", synthetic(0, 10)), writeFile(t, dir, "binary.pgn", binary),
		writeFile(t, dir, "good.pgn", synthetic(0, 10))})
	if err := os.Remove(inputs[0].Path); err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	log := zerolog.New(zerolog.SyncWriter(&logged))
	s, err := runWithin(t, context.Background(), &Config{Log: &log, ProgressLog: time.Nanosecond}, inputs, NewJSONLSink(io.Discard))
	if err != nil || s.Failed != 2 {
		t.Fatalf("%d failed, %v", s.Failed, err)
	}
	var last string
	for _, l := range strings.Split(strings.TrimSpace(logged.String()), "\n") {
		if strings.Contains(l, `"bytes":`) {
			last = l
		}
	}
	total := inputs[0].Size + inputs[1].Size + inputs[2].Size
	if want := fmt.Sprintf(`"bytes":%d,"games":10,"total_bytes":%d,`, total, total); !strings.Contains(last, want) || !strings.Contains(last, "(100%)") {
		t.Errorf("last progress line %s, want %s", last, want)
	}
}

func TestFormatProgress(t *testing.T) {
	for _, c := range []struct {
		bytes, total, files, totalFiles, games int64
		elapsed                                time.Duration
		want                                   string
	}{
		{0, 1000, 0, 1, 0, 0, "0.0 MB / 0.0 MB (0%), 0 games, 0 games/s"},
		{25e6, 100e6, 0, 1, 5000, 2 * time.Second, "25.0 MB / 100.0 MB (25%), 5000 games, 2500 games/s, ETA 6s"},
		{50e6, 100e6, 0, 1, 9000, 90 * time.Second, "50.0 MB / 100.0 MB (50%), 9000 games, 100 games/s, ETA 1m30s"},
		{100e6, 100e6, 1, 1, 9000, 3 * time.Second, "100.0 MB / 100.0 MB (100%), 9000 games, 3000 games/s"},
		{120e9, 240e9, 0, 1, 1, time.Hour, "120.00 GB / 240.00 GB (50%), 1 games, 0 games/s, ETA 1h0m0s"},
		{3e6, -1, 0, 1, 10, time.Second, "3.0 MB, 10 games, 10 games/s"},
		{5, 0, 0, 0, 0, time.Second, "0.0 MB / 0.0 MB (100%), 0 games, 0 games/s"},
		// A directory of dumps: the inputs ended, of those to read.
		{40e9, 100e9, 3, 10, 8e6, time.Hour, "40.00 GB / 100.00 GB (40%), 3/10 files, 8000000 games, 2222 games/s, ETA 1h30m0s"},
		{3e6, -1, 1, 2, 10, time.Second, "3.0 MB, 1/2 files, 10 games, 10 games/s"},
	} {
		if got := formatProgress(c.bytes, c.total, c.files, c.totalFiles, c.games, c.elapsed); got != c.want {
			t.Errorf("formatProgress(%d, %d, %d, %d, %d, %v) = %q, want %q", c.bytes, c.total, c.files, c.totalFiles, c.games, c.elapsed, got, c.want)
		}
	}
}

// TestRunProgressFiles: the maintainer's directory of dumps resumed: the
// bar counts the inputs ended of those this run reads, the ones skipped as
// done left out of both, as their bytes are.
func TestRunProgressFiles(t *testing.T) {
	useFakeCheck(t, nil)
	inputs := threeInputs(t, 100)
	var logged bytes.Buffer
	log := zerolog.New(zerolog.SyncWriter(&logged))
	skip := func(in Input) bool { return in.Path == inputs[0].Path }
	_, err := runWithin(t, context.Background(), &Config{Log: &log, ProgressLog: time.Nanosecond, Skip: skip}, inputs, NewJSONLSink(io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	var last string
	for _, l := range strings.Split(strings.TrimSpace(logged.String()), "\n") {
		var rec struct {
			Bytes, Files *int64
			TotalFiles   *int64 `json:"total_files"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
		if rec.Bytes == nil {
			continue // another log line
		}
		if rec.Files == nil || rec.TotalFiles == nil {
			t.Fatalf("progress line without files: %q", l)
		}
		// 3 until the reader has passed over the first input.
		if *rec.TotalFiles != 2 && *rec.TotalFiles != 3 || !strings.Contains(l, fmt.Sprintf(", %d/%d files, ", *rec.Files, *rec.TotalFiles)) {
			t.Errorf("progress line %q", l)
		}
		last = l
	}
	// A line is drawn after every job, the last after the last input ended.
	if !strings.Contains(last, `"files":2,"total_files":2,`) {
		t.Errorf("last progress line %q", last)
	}
}

func TestWriteSummary(t *testing.T) {
	for _, c := range []struct {
		s    Summary
		want string
	}{
		{Summary{Files: 3, Games: 120, Records: 120, Written: 120, Plies: 9876, Counts: Counts{4, 2, 7}, Elapsed: 1234567 * time.Microsecond},
			"arbiter: 3 files, 120 games read, 120 records written, 9876 plies: 4 errors, 2 warnings, 7 infos in 1.235s\n"},
		{Summary{Files: 1, Games: 1, Records: 1, Written: 1, Plies: 1, Counts: Counts{1, 1, 1}, Elapsed: 0, Failed: 1, Skipped: 2, Interrupted: true, Err: errors.New("x")},
			"arbiter: 1 file, 1 game read, 1 record written, 1 ply: 1 error, 1 warning, 1 info in 0s; 1 file unreadable; 2 files skipped (already done); interrupted; stopped by an error\n"},
		// Games of variants, read but not replayed: after the time, before
		// what went wrong.
		{Summary{Files: 1, Games: 600, Records: 600, Written: 600, Counts: Counts{0, 0, 600}, Variants: 600, Failed: 1},
			"arbiter: 1 file, 600 games read, 600 records written, 0 plies: 0 errors, 0 warnings, 600 infos in 0s; 600 games of variants not replayed; 1 file unreadable\n"},
		{Summary{Files: 1, Games: 2, Records: 2, Written: 2, Variants: 1},
			"arbiter: 1 file, 2 games read, 2 records written, 0 plies: 0 errors, 0 warnings, 0 infos in 0s; 1 game of a variant not replayed\n"},
		// With an output directory: what it holds of the games read, and
		// what it does not, which add up.
		{Summary{Files: 3, Games: 120, Records: 120, Plies: 9876, Counts: Counts{4, 2, 7}, Elapsed: 1234567 * time.Microsecond, Out: "o", Kept: 120},
			"arbiter: 3 files, 120 games read, 120 kept in o, 9876 plies: 4 errors, 2 warnings, 7 infos in 1.235s\n"},
		{Summary{Files: 2, Games: 20872, Records: 20872, Interrupted: true, Out: "o", Kept: 20060},
			"arbiter: 2 files, 20872 games read, 20060 kept in o, 0 plies: 0 errors, 0 warnings, 0 infos in 0s; interrupted; 812 games read not kept in o\n"},
		{Summary{Files: 1, Games: 1, Records: 1, Interrupted: true, Out: "/data/out dir"},
			"arbiter: 1 file, 1 game read, 0 kept in /data/out dir, 0 plies: 0 errors, 0 warnings, 0 infos in 0s; interrupted; 1 game read not kept in /data/out dir\n"},
		// A full disk: the records went to the sink, which kept what its
		// manifest listed before the failure.
		{Summary{Files: 3, Games: 76724, Records: 76724, Err: errors.New("no space left on device"), Out: "o", Kept: 40005},
			"arbiter: 3 files, 76724 games read, 40005 kept in o, 0 plies: 0 errors, 0 warnings, 0 infos in 0s; stopped by an error; 36719 games read not kept in o\n"},
		// Findings on a full disk: the records accepted into the sink's
		// buffer were not written.
		{Summary{Files: 1, Games: 120, Records: 120, Written: 0, Err: errors.New("no space left on device")},
			"arbiter: 1 file, 120 games read, 0 records written, 0 plies: 0 errors, 0 warnings, 0 infos in 0s; stopped by an error\n"},
		// Inputs of the same content: those beyond the first of each.
		{Summary{Files: 5, Games: 50, Records: 50, Written: 50, SameContent: []SameContent{
			{Games: 10, Inputs: []ContentInput{{Path: "a"}, {Path: "b"}, {Path: "c"}}},
			{Games: 10, Inputs: []ContentInput{{Path: "d"}, {Path: "e"}}}}},
			"arbiter: 5 files, 50 games read, 50 records written, 0 plies: 0 errors, 0 warnings, 0 infos in 0s; 3 files with the same content as another\n"},
		{Summary{Files: 2, Games: 2, Records: 2, Written: 2, SameContent: []SameContent{{Games: 1, Inputs: []ContentInput{{Path: "a"}, {Path: "b"}}}}},
			"arbiter: 2 files, 2 games read, 2 records written, 0 plies: 0 errors, 0 warnings, 0 infos in 0s; 1 file with the same content as another\n"},
	} {
		var b bytes.Buffer
		if err := WriteSummary(&b, &c.s); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("summary:\n%q\nwant\n%q", b.String(), c.want)
		}
	}
}

// TestCheckChunkPure: the same chunk gives the same records whatever parser
// checks it, and the records do not share the parser's storage.
func TestCheckChunkPure(t *testing.T) {
	useFakeCheck(t, nil)
	sp := newSplitter(bytes.NewReader(synthetic(0, 20)), &Config{})
	c, err := sp.Next()
	if err != nil {
		t.Fatal(err)
	}
	opt := &CheckOptions{}
	p := NewParser(opt)
	a := CheckChunk(c, opt, p)
	CheckChunk(parser.Chunk{Data: synthetic(100, 3), Start: parser.Pos{Line: 1, Col: 1}}, opt, p) // reuse p on other games
	b := CheckChunk(c, opt, nil)
	if len(a) == 0 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("records differ:\n%v\n%v", a, b)
	}
	for i, r := range a {
		if gameNumber(r.Tags) != i {
			t.Errorf("record %d is game %d", i, gameNumber(r.Tags))
		}
	}
}

// TestRunBoundsRecordsInFlight: a megabyte of one-line games makes ten
// times its size in records; the budget keeps the records waiting for the
// writer to a few chunks' worth however many games a chunk holds, where a
// count of chunks let forty thousand and more wait.
func TestRunBoundsRecordsInFlight(t *testing.T) {
	game := "[Event \"x\"] [Result \"1-0\"] 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	path := writeFile(t, t.TempDir(), "one-line.pgn", []byte(strings.Repeat(game, 150_000)))
	var mu sync.Mutex
	inFlight, most := 0, 0
	recordsHook = func(d int) {
		mu.Lock()
		inFlight += d
		most = max(most, inFlight)
		mu.Unlock()
	}
	defer func() { recordsHook = nil }()
	// A writer slower than the workers, as Parquet's is, lets the queue fill.
	slow := &recordingSink{onGame: func(r *GameRecord) error {
		if r.Index%1000 == 0 {
			time.Sleep(5 * time.Millisecond)
		}
		return nil
	}}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2}, []Input{{Path: path, Size: -1}}, slow)
	if err != nil || s.Games != 150_000 || s.Records != 150_000 {
		t.Fatalf("games %d, records %d, error %v", s.Games, s.Records, err)
	}
	// 16 MiB of budget at about 1 KiB a record, and the chunks the two
	// workers were checking when it ran out.
	if most > 40_000 {
		t.Errorf("%d records in flight at most, want 40,000 or fewer", most)
	}
	t.Logf("%d records in flight at most", most)
}

// brokenGzip is text gzipped with the stream's trailer cut off: the whole
// text decompresses, then the stream breaks.
func brokenGzip(t testing.TB, text []byte) []byte {
	z := gzipped(t, text)
	return z[:len(z)-8]
}

// lastRecords runs the real checker over one input and returns, for each
// game, its number and the findings whose message says the input broke off.
func brokenOffFindings(t *testing.T, path string) (numbers []int, broken [][]validate.Finding, s Summary) {
	t.Helper()
	inputs := Expand([]string{path})
	rec := &recordingSink{onGame: func(r *GameRecord) error {
		var fs []validate.Finding
		for _, f := range r.Report.Findings {
			if strings.HasPrefix(f.Message, "the input breaks off here") {
				fs = append(fs, f)
			}
		}
		broken = append(broken, fs)
		return nil
	}}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2, ChunkSize: smallChunks}, inputs, rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec.numbers[path], broken, s
}

// TestRunBrokenOffLastGame: when an input breaks off inside a game (a
// truncated .gz), that game, the last read, carries a syntax error at the
// end of its text saying so; the games before it do not, nor does the last
// game when the break came after its end. Every game read is written once.
func TestRunBrokenOffLastGame(t *testing.T) {
	dir := t.TempDir()
	const n = 400
	text := synthetic(0, n)
	start := func(k int) int { return bytes.Index(text, fmt.Appendf(nil, "[Event \"G%d\"]", k)) }
	last := start(n - 1)
	inMove := last + bytes.Index(text[last:], []byte("Nc6")) + 2 // "... 2. Nf3 Nc"
	for _, c := range []struct {
		name  string
		cut   int
		games int
		want  bool
	}{
		{"mid-move", inMove, n, true},
		{"mid-move-newline", last + bytes.Index(text[last:], []byte("\n\n1.")) + 2, n, true}, // after the tags
		{"between-games", last, n - 1, false},
		{"after-result", last - 2, n - 1, false}, // "1-0" without its newlines
		{"in-tags", last + len("[Event \"G399\"]\n[Si"), n, true},
	} {
		prefix := text[:c.cut]
		path := writeFile(t, dir, c.name+".pgn.gz", brokenGzip(t, prefix))
		numbers, broken, s := brokenOffFindings(t, path)
		if !slices.Equal(numbers, seq(0, c.games)) || s.Games != int64(c.games) || s.Records != s.Games || s.Failed != 1 {
			t.Errorf("%s: games %v (%d), summary %+v", c.name, numbers[max(0, len(numbers)-3):], len(numbers), s)
			continue
		}
		for i, fs := range broken[:len(broken)-1] {
			if len(fs) > 0 {
				t.Errorf("%s: game %d, not the last, says the input broke off: %+v", c.name, i, fs)
			}
		}
		fs := broken[len(broken)-1]
		if !c.want {
			if len(fs) != 0 {
				t.Errorf("%s: the break came after the last game, yet it says %+v", c.name, fs)
			}
			continue
		}
		trimmed := bytes.TrimRight(prefix, " \n")
		want := validate.Finding{Code: validate.Syntax, Severity: validate.Error, Ply: -1,
			Message: fmt.Sprintf("the input breaks off here (gzip stream broken after %d bytes of text: unexpected EOF): the game is incomplete", len(prefix)),
			Pos: parser.Pos{Offset: int64(len(trimmed)), Line: int64(bytes.Count(trimmed, []byte("\n")) + 1),
				Col: int64(len(trimmed) - bytes.LastIndexByte(trimmed, '\n'))}}
		want.CharCol, want.ByteCol = want.Pos.Col, want.Pos.Col
		if len(fs) != 1 || fmt.Sprint(fs[0]) != fmt.Sprint(want) {
			t.Errorf("%s: last game's findings\n got %+v\nwant %+v", c.name, fs, want)
		}
	}

	// Every cut inside the last game's movetext, and a plain read of the
	// same text, which ends where it should: no finding.
	body := last + bytes.Index(text[last:], []byte("\n\n1.")) + 2
	end := last + bytes.Index(text[last:], []byte(" 1-0"))
	for cut := body + 1; cut < end; cut += 3 {
		path := writeFile(t, dir, fmt.Sprintf("sweep-%d.pgn.gz", cut), brokenGzip(t, text[:cut]))
		numbers, broken, _ := brokenOffFindings(t, path)
		if len(numbers) != n || len(broken[n-1]) != 1 {
			t.Fatalf("cut at %d (%q): %d games, the last with %+v", cut, text[cut-5:cut], len(numbers), broken[len(broken)-1])
		}
	}
	_, broken, _ := brokenOffFindings(t, writeFile(t, dir, "whole.pgn", text[:inMove]))
	if len(broken[len(broken)-1]) != 0 {
		t.Errorf("a plain file that ends inside a game is not broken: %+v", broken[len(broken)-1])
	}
}

// TestRunRefusesBinaryData: a file of binary data named .pgn (NUL bytes
// scattered through its start) is refused as unreadable, naming why, rather
// than read as games of 16 MiB; a block of zeros in a text, as a damaged
// disk leaves, does not make it binary, and its games are read.
func TestRunRefusesBinaryData(t *testing.T) {
	useFakeCheck(t, nil)
	dir := t.TempDir()
	binary := make([]byte, 1<<20)
	for i := range binary {
		binary[i] = byte(i*7919 + i/251) // NUL about once in 256 bytes
	}
	zeros := append(append(append([]byte{}, synthetic(0, 5)...), make([]byte, 4096)...), synthetic(5, 5)...)
	inputs := Expand([]string{writeFile(t, dir, "db.pgn", binary), writeFile(t, dir, "zeros.pgn", zeros)})
	rec := &recordingSink{}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2}, inputs, rec)
	if err != nil {
		t.Fatal(err)
	}
	var fe *FormatError
	if f := rec.files[0]; !errors.As(f.Err, &fe) || fe.Format != "binary data" || f.Games != 0 ||
		!strings.Contains(fe.Error(), "db.pgn: binary data, not text (NUL bytes in ") {
		t.Errorf("binary file: %+v", f)
	}
	// The zeros make a record that is not a game (-1) of their own.
	games := slices.DeleteFunc(slices.Clone(rec.numbers[inputs[1].Path]), func(n int) bool { return n < 0 })
	if f := rec.files[1]; f.Err != nil || !slices.Equal(games, seq(0, 10)) {
		t.Errorf("text with a block of zeros: %+v, games %v", f, rec.numbers[inputs[1].Path])
	}
	if s.Failed != 1 {
		t.Errorf("summary %+v", s)
	}
}

// TestRunReadsTar: a tar archive of PGN files is no binary data to refuse:
// its members are text, and their games are read (the headers, NUL bytes
// and all, are reported as stray text), plain and gzipped.
func TestRunReadsTar(t *testing.T) {
	useFakeCheck(t, nil)
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for i, name := range []string{"round1.pgn", "round2.pgn"} {
		body := synthetic(5*i, 5)
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body))}); err != nil {
			t.Fatal(err)
		}
		tw.Write(body)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	inputs := Expand([]string{writeFile(t, dir, "rounds.tar", b.Bytes()), writeFile(t, dir, "rounds.tar.gz", gzipped(t, b.Bytes()))})
	rec := &recordingSink{}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2}, inputs, rec)
	if err != nil || s.Failed != 0 {
		t.Fatalf("summary %+v, error %v", s, err)
	}
	for _, in := range inputs {
		games := slices.DeleteFunc(slices.Clone(rec.numbers[in.Path]), func(n int) bool { return n < 0 })
		if !slices.Equal(games, seq(0, 10)) {
			t.Errorf("%s: games %v", in.Path, rec.numbers[in.Path])
		}
	}
	// A tar whose first member is binary (a .pgn.gz) is binary data: its
	// games would never be read, so it is refused.
	b.Reset()
	tw = tar.NewWriter(&b)
	member := gzipped(t, synthetic(0, 3000))
	tw.WriteHeader(&tar.Header{Name: "games.pgn.gz", Mode: 0o644, Size: int64(len(member))})
	tw.Write(member)
	tw.Close()
	inputs = Expand([]string{writeFile(t, dir, "gz.tar", b.Bytes())})
	rec = &recordingSink{}
	s, err = runWithin(t, context.Background(), &Config{Workers: 2}, inputs, rec)
	var fe *FormatError
	if err != nil || s.Failed != 1 || !errors.As(rec.files[0].Err, &fe) || fe.Format != "binary data" {
		t.Errorf("tar of a .pgn.gz: summary %+v, error %v, file %+v", s, err, rec.files[0])
	}
}

// TestRunNoGameOnce: an input with no game and a directory named with none
// are each printed by the sinks that print findings and then not logged,
// which a CI log of stdout and stderr together showed twice; with no such
// sink (--format none, --out's tables, convert) the log names each, at the
// level the rule settings give it.
func TestRunNoGameOnce(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.pgn")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(rules *validate.Config, sinks ...Sink) (string, Summary) {
		t.Helper()
		var logged bytes.Buffer
		log := zerolog.New(&logged).Level(zerolog.InfoLevel)
		cfg := &Config{Log: &log, NoGameDirs: []string{"upload"}}
		cfg.Check.Validate.Rules = rules
		s, err := runWithin(t, context.Background(), cfg, []Input{{Path: empty}}, sinks...)
		if err != nil {
			t.Fatal(err)
		}
		return logged.String(), s
	}
	var text bytes.Buffer
	logged, s := run(nil, NewTextSink(&text), &recordingSink{})
	want := "upload:1:1: warning no-game: no game file in this directory\n" + empty + ":1:1: warning no-game: no game in this input\n"
	if logged != "" || text.String() != want || s.Counts.Warnings != 2 {
		t.Errorf("text sink: log %q, printed %q, %+v", logged, text.String(), s.Counts)
	}
	logged, s = run(nil, &recordingSink{})
	want = `{"level":"warn","file":"upload","message":"no game file in this directory"}` + "\n" +
		`{"level":"warn","file":"` + empty + `","message":"no game in this input"}` + "\n"
	if logged != want || s.Counts.Warnings != 2 {
		t.Errorf("no printing sink: log\n%s\nwant\n%s%+v", logged, want, s.Counts)
	}
	rules, err := validate.ConfigFromFlags(nil, nil, []string{"no-game=error"})
	if err != nil {
		t.Fatal(err)
	}
	if logged, s = run(rules); !strings.Contains(logged, `{"level":"error","file":"upload"`) || s.Counts.Errors != 2 {
		t.Errorf("no sink, no-game=error: log\n%s%+v", logged, s.Counts)
	}
}
