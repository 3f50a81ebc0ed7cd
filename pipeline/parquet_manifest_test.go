package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbiter-chess/arbiter/pipeline/table"
)

// stepClock is a clock that moves on by step each time it is read, so that
// the manifest's rewrites happen at inputs known in advance (saveDue): a
// rewrite reads it three times (it took two steps, syncing and writing the
// manifest), and so waits 2*saveCostFactor steps (when no more than
// maxSaveGap), each input's end reading it once.
type stepClock struct {
	t    time.Time
	step time.Duration
}

func (c *stepClock) now() time.Time {
	c.t = c.t.Add(c.step)
	return c.t
}

// manifestInode identifies the manifest file on disk: each rewrite renames
// a new file over it.
func manifestInode(t *testing.T, dir string) string {
	t.Helper()
	info, err := os.Stat(filepath.Join(dir, table.ManifestName))
	if err != nil {
		return ""
	}
	return fmt.Sprint(info.Sys())
}

// TestParquetSinkManifestRewritesAmortised: the manifest is not rewritten
// after every input (which made a run of many small inputs quadratic), but
// when saveCostFactor times what its last rewrite took has passed; at the
// end it lists every input.
func TestParquetSinkManifestRewritesAmortised(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	s := newSink(t, out, ParquetOptions{})
	s.now = (&stepClock{t: time.Unix(1e9, 0), step: time.Millisecond}).now
	const n = 400
	rewrites, last := 0, ""
	for i := range n {
		writeInput(t, s, inputFile(t, inDir, fmt.Sprintf("g%03d.pgn", i), "x"), 1, complete)
		if ino := manifestInode(t, out); ino != last {
			rewrites, last = rewrites+1, ino
		}
	}
	// At the first input, then every 2*saveCostFactor inputs after it.
	gap := 2 * saveCostFactor
	if want := 1 + (n-1)/gap; rewrites != want || s.saves != want {
		t.Errorf("manifest rewritten %d times (%d saves) over %d inputs, want %d", rewrites, s.saves, n, want)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := 1 + (n-1)/gap*gap; len(m.Inputs) != want {
		t.Errorf("manifest on disk lists %d inputs before Close, want %d", len(m.Inputs), want)
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	m, err = LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) != n || s.saves != 2+(n-1)/gap {
		t.Fatalf("after Close: %d inputs listed, %d saves", len(m.Inputs), s.saves)
	}
	for i, e := range m.Inputs {
		if e.Number != i || !e.Completed || e.Games != 1 || len(e.Files) != 2 {
			t.Fatalf("entry %d: %+v", i, e)
		}
	}
	if got := len(listDir(t, out, table.GamesDir)); got != n {
		t.Errorf("%d games files, want %d", got, n)
	}
}

// kill leaves the sink as kill -9 would: nothing more is written, and the
// directory's lock is dropped (by the system, on a real kill).
func kill(s *ParquetSink) {
	s.lock.release()
	s.closed = true
}

// sameOutput requires dir to hold what ref holds: the same table files with
// the same bytes, and the same manifest entries.
func sameOutput(t *testing.T, dir, ref string) {
	t.Helper()
	for _, tbl := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
		if _, err := os.Stat(filepath.Join(ref, tbl)); err != nil {
			continue // moves/, when not written
		}
		got, want := listDir(t, dir, tbl), listDir(t, ref, tbl)
		if !slices.Equal(got, want) {
			t.Errorf("%s/ holds %q, want %q", tbl, got, want)
			continue
		}
		for _, name := range got {
			a, _ := os.ReadFile(filepath.Join(dir, tbl, name))
			b, _ := os.ReadFile(filepath.Join(ref, tbl, name))
			if !bytes.Equal(a, b) {
				t.Errorf("%s/%s differs from the uninterrupted run's", tbl, name)
			}
		}
	}
	m, err := LoadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := LoadManifest(ref)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Inputs, r.Inputs) {
		t.Errorf("manifest inputs\n%+v\nwant\n%+v", m.Inputs, r.Inputs)
	}
}

// TestParquetSinkKilledBeforeListing: a run killed after some inputs ended
// but before the manifest listed them leaves their files under temporary
// names, which no glob and no reader takes; the resumed run removes them,
// reads those inputs again under the same numbers and ends with exactly
// what an uninterrupted run writes.
func TestParquetSinkKilledBeforeListing(t *testing.T) {
	inDir := t.TempDir()
	var ins []Input
	for i, name := range []string{"a.pgn", "b.pgn", "c.pgn", "d.pgn"} {
		ins = append(ins, inputFile(t, inDir, name, strings.Repeat("x", i+1)))
	}
	games := func(i int) int { return i + 2 }

	ref := t.TempDir()
	s := newSink(t, ref, ParquetOptions{Moves: true})
	for i, in := range ins {
		writeInput(t, s, in, games(i), complete)
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}

	out := t.TempDir()
	s = newSink(t, out, ParquetOptions{Moves: true})
	// Each input's end takes a second and the first rewrite of the
	// manifest too: the next is not due before 20 seconds.
	s.now = (&stepClock{t: time.Unix(1e9, 0), step: time.Second}).now
	for i, in := range ins {
		writeInput(t, s, in, games(i), complete)
	}
	kill(s)
	want := []string{"00000-a.pgn.parquet", "00001-b.pgn.parquet", "00002-c.pgn.parquet", "00003-d.pgn.parquet"}
	for _, tbl := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
		tmps := []string{".00001-b.pgn.parquet.tmp", ".00002-c.pgn.parquet.tmp", ".00003-d.pgn.parquet.tmp", "00000-a.pgn.parquet"}
		if got := listDir(t, out, tbl); !slices.Equal(got, tmps) {
			t.Fatalf("%s/ after the kill: %q, want a's file in place and the others' under temporary names", tbl, got)
		}
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) != 1 || m.Inputs[0].Path != ins[0].Path || !m.Inputs[0].Completed {
		t.Fatalf("manifest after the kill lists %+v, want a only", m.Inputs)
	}

	s = newSink(t, out, ParquetOptions{Moves: true, Resume: true})
	for _, tbl := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
		if got := listDir(t, out, tbl); !slices.Equal(got, want[:1]) {
			t.Errorf("%s/ on resume: %q, want the unlisted files removed", tbl, got)
		}
	}
	for i, in := range ins {
		if got := s.Done(in); got != (i == 0) {
			t.Errorf("Done(%s) = %v", in.Path, got)
		}
	}
	for i, in := range ins[1:] {
		writeInput(t, s, in, games(i+1), complete)
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	sameOutput(t, out, ref)
}

// TestParquetSinkKilledWhileReplacing: a resumed run that writes an input
// again under the names the manifest on disk lists keeps the new files
// under their temporary names until a rewrite has unlisted the old ones: a
// kill in between leaves the old files listed and whole, and the next
// resumed run ends as an uninterrupted run does.
func TestParquetSinkKilledWhileReplacing(t *testing.T) {
	inDir := t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaa")
	b := inputFile(t, inDir, "b.pgn", "bbb")
	c := inputFile(t, inDir, "c.pgn", "ccc")

	ref := t.TempDir()
	s := newSink(t, ref, ParquetOptions{})
	writeInput(t, s, a, 1, complete)
	writeInput(t, s, b, 3, complete)
	writeInput(t, s, c, 1, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}

	// The first run fails in b part way (a truncated stream): b's two
	// games are listed, not completed.
	out := t.TempDir()
	s = newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 1, complete)
	writeInput(t, s, b, 2, FileSummary{Err: errors.New("unexpected EOF")})
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	oldGames, err := os.ReadFile(filepath.Join(out, table.GamesDir, "00001-b.pgn.parquet"))
	if err != nil {
		t.Fatal(err)
	}

	// The resumed run reads c (the manifest is rewritten at the first
	// input's end), then b again, whose files must wait.
	s = newSink(t, out, ParquetOptions{Resume: true})
	s.now = (&stepClock{t: time.Unix(1e9, 0), step: time.Second}).now
	if s.Done(a) != true || s.Done(b) != false || s.Done(c) != false {
		t.Fatal("Done decisions")
	}
	writeInput(t, s, c, 1, complete)
	writeInput(t, s, b, 3, complete)
	if got := listDir(t, out, table.GamesDir); !slices.Equal(got, []string{".00001-b.pgn.parquet.tmp", "00000-a.pgn.parquet", "00001-b.pgn.parquet", "00002-c.pgn.parquet"}) {
		t.Errorf("games/ with b pending: %q", got)
	}
	if now, _ := os.ReadFile(filepath.Join(out, table.GamesDir, "00001-b.pgn.parquet")); !bytes.Equal(now, oldGames) {
		t.Error("b's listed games file replaced before the manifest unlisted it")
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if e := m.Input(b.Path); e == nil || e.Completed || e.Games != 2 || len(e.Files) != 2 {
		t.Errorf("b in the manifest on disk: %+v, want its earlier entry", e)
	}
	kill(s)

	s = newSink(t, out, ParquetOptions{Resume: true})
	for _, in := range []Input{a, b, c} {
		if !s.Done(in) {
			writeInput(t, s, in, map[string]int{a.Path: 1, b.Path: 3, c.Path: 1}[in.Path], complete)
		}
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	sameOutput(t, out, ref)

	// Not killed, the pending input goes into place at Close.
	out2 := t.TempDir()
	s = newSink(t, out2, ParquetOptions{})
	writeInput(t, s, a, 1, complete)
	writeInput(t, s, b, 2, FileSummary{Err: errors.New("unexpected EOF")})
	s.Close(&Summary{})
	s = newSink(t, out2, ParquetOptions{Resume: true})
	s.now = (&stepClock{t: time.Unix(1e9, 0), step: time.Second}).now
	writeInput(t, s, c, 1, complete)
	writeInput(t, s, b, 3, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	sameOutput(t, out2, ref)
}

// TestParquetSinkDirLocked: a second sink on a directory in use refuses,
// naming the process, and changes nothing in it; once the first is closed
// the directory is free.
func TestParquetSinkDirLocked(t *testing.T) {
	if !dirLocking {
		t.Skip("no directory lock on this system")
	}
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "x")
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 2, complete)
	if err := s.BeginFile(inputFile(t, inDir, "b.pgn", "y")); err != nil {
		t.Fatal(err)
	}
	snapshot := func() map[string]string {
		files := map[string]string{}
		filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				b, _ := os.ReadFile(p)
				files[p] = string(b)
			}
			return nil
		})
		return files
	}
	before := snapshot()
	for _, resume := range []bool{false, true} {
		_, err := NewParquetSink(out, ParquetOptions{Resume: resume})
		want := out + " is in use by another arbiter run (pid " + strconv.Itoa(os.Getpid()) + "): wait for it to end, or write to another directory"
		if err == nil || !errors.Is(err, ErrDirInUse) || err.Error() != want {
			t.Errorf("resume %v: second sink: %v, want %q", resume, err, want)
		}
		if after := snapshot(); !reflect.DeepEqual(before, after) {
			t.Errorf("resume %v: the refused sink changed the directory", resume)
		}
	}
	if err := s.EndFile(&FileSummary{Input: Input{Path: filepath.Join(inDir, "b.pgn")}, Complete: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	s2, err := NewParquetSink(out, ParquetOptions{Resume: true})
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	s2.Close(&Summary{})
}

// TestParquetSinkDoneWhileWriting: the runner asks Done (on its reading
// goroutine) while the sink writes earlier inputs (on the writing one);
// run with -race.
func TestParquetSinkDoneWhileWriting(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	var ins []Input
	for i := range 40 {
		ins = append(ins, inputFile(t, inDir, fmt.Sprintf("g%02d.pgn", i), "x"))
	}
	s := newSink(t, out, ParquetOptions{})
	for _, in := range ins[:20] {
		writeInput(t, s, in, 1, complete)
	}
	s.Close(&Summary{})
	s = newSink(t, out, ParquetOptions{Resume: true})
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 5 {
			for i, in := range ins {
				if got := s.Done(in); got != (i < 20) {
					t.Errorf("Done(%s) = %v", in.Path, got)
				}
			}
		}
	})
	for _, in := range ins[20:] {
		writeInput(t, s, in, 1, complete)
	}
	wg.Wait()
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
}

// TestParquetSinkSyncsOnceARewrite: the files of the inputs ended since the
// last rewrite of the manifest are synced together, before any of them is
// renamed into place, with an fsync each when they are few and one syncfs
// when they are many (not two fsyncs an input, which made a run of many
// one-game inputs spend most of its time waiting for the disk); the table
// directories are synced after the renames and before the manifest lists
// them, and the output directory once the last manifest is written.
func TestParquetSinkSyncsOnceARewrite(t *testing.T) {
	if !dirSyncing {
		t.Skip("directories are not synced on this system")
	}
	inDir, out := t.TempDir(), t.TempDir()
	s := newSink(t, out, ParquetOptions{})
	s.now = (&stepClock{t: time.Unix(1e9, 0), step: time.Millisecond}).now
	var events []string
	listed := func() int {
		m, err := LoadManifest(out)
		if err != nil {
			return 0
		}
		n := 0
		for _, e := range m.Inputs {
			if e.Completed {
				n++
			}
		}
		return n
	}
	renames := 0
	endRenames := func() {
		if renames > 0 {
			events = append(events, fmt.Sprintf("rename %d", renames))
			renames = 0
		}
	}
	testHookSync = func(kind string, n int) {
		endRenames()
		events = append(events, fmt.Sprintf("%s %d (%d listed)", kind, n, listed()))
	}
	testHookRename = func(string) { renames++ }
	defer func() { testHookSync, testHookRename = nil, nil }()
	const n = 60
	for i := range n {
		writeInput(t, s, inputFile(t, inDir, fmt.Sprintf("g%02d.pgn", i), "x"), 1, complete)
	}
	buf := s.bufs[0]
	// The 19 inputs waiting for Close's rewrite hold their files' names,
	// not their ended writers, which the collector would scan each time.
	if len(s.pending) != 19 {
		t.Fatalf("%d inputs pending before Close, want 19", len(s.pending))
	}
	for _, p := range s.pending {
		for _, f := range p.files {
			if f.w != nil || f.f != nil || f.buf != nil {
				t.Fatalf("pending %s keeps its writer, file or buffer", f.final)
			}
		}
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	endRenames()
	// Rewrites at the first input, at the 41st (2*saveCostFactor steps of
	// the clock later: see stepClock) and at Close; syncfs syncs games/ and
	// findings/, on one file system, once (where there is no syncfs, an
	// fsync a file).
	many := func(files int) string {
		if runtime.GOOS == "linux" {
			return "syncfs 1"
		}
		return fmt.Sprintf("fsync %d", files)
	}
	want := []string{
		"fsync 2 (0 listed)", "rename 2", "dir 1 (0 listed)", "dir 1 (0 listed)",
		many(80) + " (1 listed)", "rename 80", "dir 1 (1 listed)", "dir 1 (1 listed)",
		many(38) + " (41 listed)", "rename 38", "dir 1 (41 listed)", "dir 1 (41 listed)",
		"dir 1 (60 listed)",
	}
	if !slices.Equal(events, want) {
		t.Errorf("syncs and renames:\n%q\nwant\n%q", events, want)
	}
	if s.bufs[0] != buf || buf == nil {
		t.Error("the games table's write buffer was not kept from one input to the next")
	}
}

// TestParquetSinkKeptAfterFailure: when writing fails (a full disk; here a
// manifest that cannot be replaced), Kept counts the games the manifest on
// disk lists, those of the inputs listed before the failure, not every
// game the sink was given.
func TestParquetSinkKeptAfterFailure(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	s := newSink(t, out, ParquetOptions{})
	s.now = (&stepClock{t: time.Unix(1e9, 0), step: time.Second}).now
	writeInput(t, s, inputFile(t, inDir, "a.pgn", "a"), 3, complete) // listed at once
	writeInput(t, s, inputFile(t, inDir, "b.pgn", "b"), 4, complete) // waits for a rewrite
	writeInput(t, s, inputFile(t, inDir, "c.pgn", "c"), 5, complete)
	if s.Kept() != 3 {
		t.Errorf("Kept = %d before Close, want a's 3", s.Kept())
	}
	manifest := filepath.Join(out, table.ManifestName)
	if err := os.Remove(manifest); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(manifest, "in the way"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(&Summary{}); err == nil {
		t.Fatal("Close wrote over a directory")
	}
	if s.Kept() != 3 {
		t.Errorf("Kept = %d after the failed rewrite, want a's 3", s.Kept())
	}
}

// scriptClock returns the times it holds, one a read, then the last one.
type scriptClock struct{ times []time.Time }

func (c *scriptClock) now() time.Time {
	t := c.times[0]
	if len(c.times) > 1 {
		c.times = c.times[1:]
	}
	return t
}

// TestParquetSinkSaveGap: after a rewrite, the next waits saveCostFactor
// times what it took, the syncing of the files included, but no more than
// maxSaveGap for the syncing: on a slow disk the syncing grows with each
// wait, and a kill -9 would lose ever more. Writing the manifest, which
// grows with the inputs, earns its whole wait however long: a manifest of a
// million inputs rewritten every 10 s would take a quarter of the run.
func TestParquetSinkSaveGap(t *testing.T) {
	t0 := time.Unix(1e9, 0)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	for _, c := range []struct {
		name        string
		sync, manif time.Duration // what the first rewrite's syncing and manifest took
		wantGap     time.Duration
	}{
		{"fast", 10 * time.Millisecond, 5 * time.Millisecond, 300 * time.Millisecond},
		{"slow syncing", time.Minute, 100 * time.Millisecond, maxSaveGap},
		{"large manifest", time.Second, time.Minute, 20 * time.Minute},
	} {
		inDir, out := t.TempDir(), t.TempDir()
		s := newSink(t, out, ParquetOptions{})
		// The first input's end reads no clock (the first rewrite is due at
		// once); its rewrite reads it at its start, before writing the
		// manifest, and at its end.
		s.now = (&scriptClock{[]time.Time{at(0), at(c.sync), at(c.sync + c.manif)}}).now
		writeInput(t, s, inputFile(t, inDir, "a.pgn", "a"), 1, complete)
		if s.saveGap != c.wantGap {
			t.Errorf("%s: wait %v after the rewrite, want %v", c.name, s.saveGap, c.wantGap)
		}
		s.Close(&Summary{})
	}
}
