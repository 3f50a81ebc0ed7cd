package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
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
	mpath := filepath.Join(dir, "out", "manifest.json")
	b, err := os.ReadFile(mpath)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	raw["inputs"] = raw["inputs"].([]any)[:2]
	b, _ = json.MarshalIndent(raw, "", "  ")
	write(t, dir, "out/manifest.json", b)

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
