package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestCheckResumeOverUnlistedFiles: what a run killed (kill -9) between
// renaming inputs' tables into place and the manifest's next rewrite
// leaves: files the manifest does not list. arbiter stats leaves them out,
// naming each; --resume removes them, reads their inputs again under the
// same numbers and ends with exactly the files of an uninterrupted run.
func TestCheckResumeOverUnlistedFiles(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 5 {
		paths = append(paths, filepath.Base(write(t, dir, fmt.Sprintf("f%d.pgn", i), games(10*i, 10))))
	}
	for _, out := range []string{"ref", "out"} {
		if r := arbiter(t, dir, nil, append([]string{"check", "-q", "--format", "none", "--out", out}, paths...)...); r.code != 1 {
			t.Fatalf("%s: exit %d\n%s", out, r.code, r.stderr)
		}
	}
	// The manifest as a rewrite after the second input left it.
	editInputs(t, filepath.Join(dir, "out"), func(inputs []any) []any { return inputs[:2] })

	s := arbiter(t, dir, nil, "stats", "--format", "json", "out")
	var sum struct{ Games int64 }
	if err := json.Unmarshal([]byte(s.stdout), &sum); err != nil || s.code != 0 || sum.Games != 20 {
		t.Fatalf("stats over the unlisted files: exit %d, %d games (%v), want the 20 listed\n%s", s.code, sum.Games, err, s.stderr)
	}
	var want strings.Builder
	for _, tbl := range []string{"games", "findings"} {
		for i := 2; i < 5; i++ {
			fmt.Fprintf(&want, "arbiter stats: %s left out: not listed in manifest.json (an input being written)\n",
				filepath.Join("out", tbl, fmt.Sprintf("%05d-f%d.pgn.parquet", i, i)))
		}
	}
	if s.stderr != want.String() {
		t.Errorf("stats stderr:\n%s\nwant:\n%s", s.stderr, want.String())
	}

	r := arbiter(t, dir, nil, append([]string{"check", "--format", "none", "--out", "out", "--resume"}, paths...)...)
	if files, read, _ := counts(t, r.stderr); r.code != 1 || files != "3" || read != "30" || !strings.Contains(r.stderr, "2 files skipped (already done)") {
		t.Fatalf("resume: exit %d, %s files, %s games\n%s", r.code, files, read, r.stderr)
	}
	if got, ref := manifestOf(t, filepath.Join(dir, "out")), manifestOf(t, filepath.Join(dir, "ref")); !reflect.DeepEqual(got, ref) {
		t.Errorf("manifest after resume:\n%+v\nwant:\n%+v", got, ref)
	}
	for _, tbl := range []string{"games", "findings"} {
		got, _ := filepath.Glob(filepath.Join(dir, "out", tbl, "*"))
		ref, _ := filepath.Glob(filepath.Join(dir, "ref", tbl, "*"))
		if len(got) != 5 || len(ref) != 5 {
			t.Fatalf("%s: %d files, reference %d, want 5", tbl, len(got), len(ref))
		}
		for i := range got {
			a, _ := os.ReadFile(got[i])
			b, _ := os.ReadFile(ref[i])
			if filepath.Base(got[i]) != filepath.Base(ref[i]) || !bytes.Equal(a, b) {
				t.Errorf("%s differs from the uninterrupted run's %s", got[i], ref[i])
			}
		}
	}
	if n := statsGames(t, dir, "out"); n != 50 {
		t.Errorf("stats after resume: %d games, want 50", n)
	}
}

// TestCheckOutDirInUse: a second run into a directory a run is writing into
// refuses at once, with exit status 2, naming the first run's pid, and
// changes nothing there (with or without --resume); arbiter stats reads the
// directory meanwhile; once the first run has ended the directory is free.
func TestCheckOutDirInUse(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(1, 10))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "out", "a.pgn"); r.code != 1 {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	// A run resuming into out, held reading standard input.
	first := exec.Command(binary, "check", "-q", "--format", "none", "--out", "out", "--resume", "a.pgn", "-")
	first.Dir = dir
	var firstErr bytes.Buffer
	first.Stderr = &firstErr
	stdin, err := first.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	defer first.Process.Kill()
	pid := strconv.Itoa(first.Process.Pid)
	for deadline := time.Now().Add(30 * time.Second); ; {
		b, _ := os.ReadFile(filepath.Join(dir, "out", "arbiter.lock"))
		_, err := os.Stat(filepath.Join(dir, "out", "games", ".00001-stdin.parquet.tmp"))
		if string(b) == pid+"\n" && err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the first run did not start writing\n%s", firstErr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	snapshot := func() map[string]string {
		files := map[string]string{}
		filepath.WalkDir(filepath.Join(dir, "out"), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				b, _ := os.ReadFile(p)
				files[p] = string(b)
			}
			return nil
		})
		return files
	}
	// The first run may still be writing what it began (a table's header,
	// the manifest): wait until out/ holds still, so that a change seen
	// below is the refused run's.
	before := snapshot()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		time.Sleep(200 * time.Millisecond)
		now := snapshot()
		if reflect.DeepEqual(before, now) {
			break
		}
		before = now
	}
	for _, args := range [][]string{
		{"check", "--format", "none", "--out", "out", "a.pgn"},
		{"check", "--format", "none", "--out", "out", "--resume", "a.pgn"},
	} {
		r := arbiter(t, dir, nil, args...)
		want := "arbiter: --out out: out is in use by another arbiter run (pid " + pid + "): wait for it to end, or write to another directory\n"
		if r.code != 2 || r.stderr != want || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q", args, r.code, r.stderr, want)
		}
		if after := snapshot(); !reflect.DeepEqual(before, after) {
			t.Errorf("%v: the refused run changed out/", args)
		}
	}
	if s := arbiter(t, dir, nil, "stats", "--format", "json", "out"); s.code != 0 || s.stderr != "" || !strings.Contains(s.stdout, `"games": 10,`) {
		t.Errorf("stats while a run writes: exit %d\n%s\n%s", s.code, s.stdout, s.stderr)
	}

	stdin.Write(games(100, 5))
	stdin.Close()
	if err := first.Wait(); first.ProcessState.ExitCode() != 1 {
		t.Fatalf("first run: %v\n%s", err, firstErr.String())
	}
	r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "out", "--resume", "a.pgn")
	if r.code != 0 || r.stderr != "" {
		t.Errorf("after the first run ended: exit %d\n%s", r.code, r.stderr)
	}
	if n := statsGames(t, dir, "out"); n != 15 {
		t.Errorf("stats: %d games, want 15", n)
	}
}

// logLineRE matches a console log line: its time and level, then the rest.
var logLineRE = regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d (\w+) (.*)$`)

// logLines returns the log lines of stderr at the given level ("WRN"),
// without their time.
func logLines(stderr, level string) []string {
	var out []string
	for _, m := range logLineRE.FindAllStringSubmatch(stderr, -1) {
		if m[1] == level {
			out = append(out, m[2])
		}
	}
	return out
}

// TestCheckWarnsBeforeReplacingOutput: the archive maintainer's case: a run
// and a resumed run fill DIR; a later run that forgets --resume replaces
// their tables, as it always has, but says so first, with the counts, as a
// warning; the exit status is that of the same run into a new DIR.
func TestCheckWarnsBeforeReplacingOutput(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 20))
	write(t, dir, "b.pgn", games(20, 30))
	write(t, dir, "c.pgn", games(50, 5))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "o", "a.pgn"); r.code != 1 {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	if r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "o", "--resume", "b.pgn"); r.code != 1 || len(logLines(r.stderr, "WRN")) != 0 {
		t.Fatalf("resumed run: exit %d\n%s", r.code, r.stderr)
	}
	fresh := arbiter(t, dir, nil, "check", "--format", "none", "--out", "new", "c.pgn")
	r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "o", "c.pgn")
	want := []string{"replacing the tables of 2 inputs (50 games) an earlier run wrote into o; --resume keeps them"}
	if got := logLines(r.stderr, "WRN"); !slices.Equal(got, want) {
		t.Errorf("warnings %q, want %q\n%s", got, want, r.stderr)
	}
	if r.code != fresh.code || r.code != 1 {
		t.Errorf("exit %d, into a new directory %d", r.code, fresh.code)
	}
	if n := statsGames(t, dir, "o"); n != 5 {
		t.Errorf("stats: %d games, want c's 5", n)
	}
	// -q keeps warnings out, as it keeps every log line below errors.
	r = arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "o", "a.pgn")
	if r.stderr != "" {
		t.Errorf("-q printed %q", r.stderr)
	}
}

// arbiterPiped runs the binary with data on fd 3 (/dev/fd/3, as bash's
// <(cmd) gives a pipe) and on standard input.
func arbiterPiped(t *testing.T, dir string, fd3, stdin []byte, args ...string) result {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write(fd3)
		w.Close()
	}()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.ExtraFiles = []*os.File{r}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	r.Close()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errOut.String(), code}
}

// TestCheckPipedInputsUnderResume: the reviewer's case: A piped in as
// /dev/fd/3, then B, with --resume, under the same path: the second run
// refuses (exit 2, nothing changed) rather than replace A's rows with B's;
// with --stdin-name each stream keeps its rows under its name, and the
// same name replaces them. The same holds for standard input.
func TestCheckPipedInputsUnderResume(t *testing.T) {
	for _, pipe := range []string{"/dev/fd/3", "-"} {
		dir := t.TempDir()
		a, b := games(0, 20), games(20, 30)
		run := func(data []byte, args ...string) result {
			args = append(append([]string{"check", "--format", "none", "--out", "o"}, args...), pipe)
			if pipe == "-" {
				return arbiterPiped(t, dir, nil, data, args...)
			}
			return arbiterPiped(t, dir, data, nil, args...)
		}
		if r := run(a); r.code != 1 {
			t.Fatalf("%s: first run: exit %d\n%s", pipe, r.code, r.stderr)
		}
		before, _ := os.ReadFile(filepath.Join(dir, "o", "manifest.json"))
		r := run(b, "--resume")
		what := "the piped input " + pipe
		if pipe == "-" {
			what = "standard input"
		}
		want := "arbiter: --out o: --resume would replace the rows of " + what + " (20 games) that an earlier run wrote into o with those of this run's " + pipe +
			": name each piped input in the tables with --stdin-name NAME (a new name keeps the earlier rows, the same name replaces them), or run without --resume\n"
		if r.code != 2 || r.stderr != want {
			t.Errorf("%s: resumed without a name: exit %d\n%s\nwant\n%s", pipe, r.code, r.stderr, want)
		}
		if after, _ := os.ReadFile(filepath.Join(dir, "o", "manifest.json")); !bytes.Equal(before, after) {
			t.Errorf("%s: the refused run changed the manifest", pipe)
		}
		if r := run(b, "--resume", "--stdin-name", "b.pgn"); r.code != 1 {
			t.Fatalf("%s: named: exit %d\n%s", pipe, r.code, r.stderr)
		}
		if n := statsGames(t, dir, "o"); n != 50 {
			t.Errorf("%s: stats after B named: %d games, want A's 20 and B's 30", pipe, n)
		}
		if r := run(games(50, 7), "--resume", "--stdin-name", "b.pgn"); r.code != 1 {
			t.Fatalf("%s: named again: exit %d\n%s", pipe, r.code, r.stderr)
		}
		if n := statsGames(t, dir, "o"); n != 27 {
			t.Errorf("%s: stats after b.pgn piped again: %d games, want A's 20 and the new b.pgn's 7", pipe, n)
		}
		var paths []string
		for _, e := range manifestOf(t, filepath.Join(dir, "o")).Inputs {
			paths = append(paths, fmt.Sprintf("%d %s %d", e.Number, e.Path, e.Games))
		}
		if want := []string{"0 " + pipe + " 20", "1 b.pgn 7"}; !slices.Equal(paths, want) {
			t.Errorf("%s: manifest %q, want %q", pipe, paths, want)
		}
	}
}

// TestCheckStdinNameUsage: --stdin-name names exactly one piped input, in
// the tables, so it needs --out and a piped input, and a name that is not
// a stream's nor another input's of the run.
func TestCheckStdinNameUsage(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 2))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--stdin-name", "x.pgn", "-"}, "arbiter: --stdin-name needs --out DIR: it names a piped input in the tables\n"},
		{[]string{"--out", "o", "--stdin-name", "x.pgn", "a.pgn"}, "arbiter: --stdin-name names a piped input (-, /dev/fd/N), and none is given\n"},
		{[]string{"--out", "o", "--stdin-name", "x.pgn", "-", "/dev/fd/3"}, "arbiter: --stdin-name names one piped input, and 2 are given (-, /dev/fd/3): pipe them in one run each\n"},
		{[]string{"--out", "o", "--stdin-name", "/dev/fd/3", "-"}, "arbiter: --stdin-name /dev/fd/3 names a stream again: give the name its rows are to carry, such as the file it was decompressed from\n"},
		// The rows of the stream and of a.pgn would share game_ids.
		{[]string{"--out", "o", "--stdin-name", "a.pgn", "-", "a.pgn"}, "arbiter: --stdin-name a.pgn names a.pgn, which this run reads too: their rows would share game_ids in the tables; pipe the stream in a run of its own\n"},
		{[]string{"--out", "o", "--stdin-name", "./a.pgn", "-", "."}, "arbiter: --stdin-name ./a.pgn names a.pgn, which this run reads too: their rows would share game_ids in the tables; pipe the stream in a run of its own\n"},
	} {
		r := arbiterPiped(t, dir, nil, nil, append([]string{"check", "-q", "--format", "none"}, c.args...)...)
		if r.code != 2 || r.stderr != c.want {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.args, r.code, r.stderr, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o")); err == nil {
		t.Error("a refused run created the output directory")
	}
}

// TestCheckResumeWarnsMovedInput: the reviewer's case: an input renamed
// between two runs is read again under its new name, and its games are
// then in the tables twice; --resume cannot tell a move from a new file,
// but it says which listed inputs are gone, as a warning, and, once the
// new name is read, that the two hold the same content.
func TestCheckResumeWarnsMovedInput(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "d/a.pgn", games(0, 20))
	write(t, dir, "d/b.pgn", games(20, 10))
	if r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "o", "d"); r.code != 1 {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	if err := os.Rename(filepath.Join(dir, "d", "a.pgn"), filepath.Join(dir, "d", "z.pgn")); err != nil {
		t.Fatal(err)
	}
	r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "o", "--resume", "d")
	want := []string{"1 input that the manifest of o lists no longer exists (d/a.pgn): their rows stay; an input moved or renamed is read again under its new path, and its games are then counted twice (run without --resume to start afresh)",
		fmt.Sprintf(`inputs with the same content: their games are counted once per input bytes=%d games=20 paths=["d/a.pgn","d/z.pgn"]`, len(games(0, 20)))}
	if got := logLines(r.stderr, "WRN"); !slices.Equal(got, want) {
		t.Errorf("warnings %q, want %q\n%s", got, want, r.stderr)
	}
	if files, read, _ := counts(t, r.stderr); r.code != 1 || files != "1" || read != "20" {
		t.Errorf("resume: exit %d, %s files, %s games\n%s", r.code, files, read, r.stderr)
	}
	if !strings.Contains(r.stderr, "; 1 file skipped (already done); 1 file with the same content as another\n") {
		t.Errorf("the summary does not count the input read again:\n%s", r.stderr)
	}
}

// TestCheckSummaryOnWriteFailure: the reviewer's full disk, here a file
// size limit (ulimit -f) that the third input's games file passes: the
// summary says how many games the directory holds (the first two inputs')
// and how many were read but not kept, which add up to the games read.
func TestCheckSummaryOnWriteFailure(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil || runtime.GOOS != "linux" {
		t.Skip("needs bash's ulimit -f on Linux")
	}
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 20))
	write(t, dir, "b.pgn", games(20, 10))
	// 20,000 games make a games file of about 100 KB, well past the limit
	// (32 KB); 5,000 made 26 KB once positions were delta-encoded.
	write(t, dir, "c.pgn", games(30, 20000))
	// SIGXFSZ ignored, a write past the limit fails with EFBIG instead.
	cmd := exec.Command(bash, "-c", `trap '' XFSZ; ulimit -f 32; exec "$0" check --format none --out o a.pgn b.pgn c.pgn`, binary)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("exit %v, want 2\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`arbiter: 3 files, (\d+) games read, 30 kept in o, .*; stopped by an error; (\d+) games read not kept in o\n`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("summary:\n%s", stderr.String())
	}
	read, _ := strconv.Atoi(m[1])
	notKept, _ := strconv.Atoi(m[2])
	if read != 30+notKept || notKept == 0 {
		t.Errorf("%d games read, 30 kept, %d not kept", read, notKept)
	}
	if !strings.Contains(stderr.String(), "file too large") {
		t.Errorf("the error is not printed:\n%s", stderr.String())
	}
	if n := statsGames(t, dir, "o"); n != 30 {
		t.Errorf("stats: %d games, want the 30 kept", n)
	}
}

// A directory the manifest lists as one that could not be listed (as a run
// without the permission to list it wrote it) stays listed, as not read, in
// a resumed run that does not read it, though it can be listed now; a
// resumed run that names the directory above it reads its files and drops
// the directory's entry.
func TestCheckResumeKeepsDirectoryNotRead(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "d/sub/a.pgn", games(0, 4))
	write(t, dir, "x.pgn", games(4, 2))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "out", "x.pgn"); r.code != 0 {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	sub := filepath.Join(dir, "d", "sub")
	info, err := os.Stat(sub)
	if err != nil {
		t.Fatal(err)
	}
	editInputs(t, filepath.Join(dir, "out"), func(inputs []any) []any {
		return append(inputs, map[string]any{"number": 1, "path": "d/sub", "abs": sub, "size": info.Size(),
			"mtime": info.ModTime().UTC(), "files": []string{}, "completed": false, "error": "open d/sub: permission denied"})
	})
	mpath := filepath.Join(dir, "out", "manifest.json")

	entries := func() []string {
		t.Helper()
		var m struct{ Inputs []struct{ Path string } }
		b, err := os.ReadFile(mpath)
		if err != nil || json.Unmarshal(b, &m) != nil {
			t.Fatalf("manifest: %v\n%s", err, b)
		}
		var paths []string
		for _, in := range m.Inputs {
			paths = append(paths, in.Path)
		}
		return paths
	}
	r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "out", "--resume", "x.pgn")
	if want := []string{"x.pgn", "d/sub"}; r.code != 0 || !slices.Equal(entries(), want) {
		t.Errorf("resumed over x.pgn: exit %d, manifest lists %q, want %q\n%s", r.code, entries(), want, r.stderr)
	}
	if got, want := logLines(r.stderr, "INF"), "1 directory that the manifest of out lists as not read can be listed now but this run does not read (d/sub): kept as not read, until a resumed run names it or a directory above it"; !slices.Contains(got, want) {
		t.Errorf("info lines %q, want %q among them", got, want)
	}
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "out", "--resume", "x.pgn", "d"); r.code != 1 {
		t.Fatalf("resumed over d: exit %d\n%s", r.code, r.stderr)
	}
	if got, want := entries(), []string{"x.pgn", "d/sub/a.pgn"}; !slices.Equal(got, want) {
		t.Errorf("resumed over d: manifest lists %q, want %q", got, want)
	}
}
