package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestCheckReport: the report check writes with --report holds the same
// numbers as the one stats reads back from the tables of the same run.
func TestCheckReport(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "broken.pgn", []byte(brokenGame))
	write(t, dir, "clean.pgn", []byte(cleanGame))
	r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "tables", "--report", "report.json", "broken.pgn", "clean.pgn")
	if r.code != 1 {
		t.Fatalf("check: exit %d, stderr %s", r.code, r.stderr)
	}
	s := arbiter(t, dir, nil, "stats", "--format", "json", "tables")
	if s.code != 0 {
		t.Fatalf("stats: exit %d, stderr %s", s.code, s.stderr)
	}
	during, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var a, b map[string]any
	if err := json.Unmarshal(during, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(s.stdout), &b); err != nil {
		t.Fatal(err)
	}
	if a["games"] == nil || a["games"] != b["games"] {
		t.Errorf("games %v during the run, %v from the tables", a["games"], b["games"])
	}
	delete(a, "sources")
	delete(b, "sources")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("report during the run:\n%s\nfrom the tables:\n%s", ja, jb)
	}
}

// reportGames reads "games" from a JSON report.
func reportGames(t *testing.T, path string) any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m["games"]
}

// TestCheckReportResume: with --out and --resume the report describes the
// whole output directory, as stats does, not only the inputs this run
// read; a resume of a finished run reports every game, not none. Without
// --out the report keeps describing what the run read.
func TestCheckReportResume(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 20))
	write(t, dir, "b.pgn", games(20, 7))
	r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "out", "--report", "first.json", "a.pgn")
	if r.code != 1 {
		t.Fatalf("check: exit %d, stderr %s", r.code, r.stderr)
	}
	if g := reportGames(t, filepath.Join(dir, "first.json")); g != 20.0 {
		t.Errorf("first run reports %v games, want 20", g)
	}
	// b.pgn is new, a.pgn skipped: the report covers both.
	r = arbiter(t, dir, nil, "check", "--format", "none", "--out", "out", "--resume", "--report", "resumed.json", "a.pgn", "b.pgn")
	if r.code != 1 {
		t.Fatalf("resume: exit %d, stderr %s", r.code, r.stderr)
	}
	if files, read, _ := counts(t, r.stderr); files != "1" || read != "7" {
		t.Errorf("resume summary: %s files, %s games, want 1 and 7 (this run's)\n%s", files, read, r.stderr)
	}
	if g := reportGames(t, filepath.Join(dir, "resumed.json")); g != 27.0 {
		t.Errorf("resumed run reports %v games, want 27", g)
	}
	// Everything done: nothing read, the report still covers the directory
	// and matches stats.
	r = arbiter(t, dir, nil, "check", "--format", "none", "--out", "out", "--resume", "--report", "done.json", "a.pgn", "b.pgn")
	if r.code != 0 {
		t.Fatalf("resume of a finished run: exit %d, stderr %s", r.code, r.stderr)
	}
	if g := reportGames(t, filepath.Join(dir, "done.json")); g != 27.0 {
		t.Errorf("resume of a finished run reports %v games, want 27", g)
	}
	sameAsStats(t, dir, "done.json", "out")
	// Without --out: only what was read.
	r = arbiter(t, dir, nil, "check", "-q", "--format", "none", "--report", "plain.json", "b.pgn")
	if g := reportGames(t, filepath.Join(dir, "plain.json")); g != 7.0 {
		t.Errorf("run without --out reports %v games, want 7", g)
	}
}

// TestCheckReportSources: the report says it was read from what stats would
// name for the same run, the --out directory as given, and without --out
// from the paths as named; never every file found in a directory.
func TestCheckReportSources(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "in/a.pgn", games(0, 3))
	write(t, dir, "in/b.pgn", games(3, 2))
	for _, tc := range []struct {
		args, sources []string
	}{
		{[]string{"--out", "tables", "--report", "report.json", "in"}, []string{"tables"}},
		{[]string{"--report", "report.json", "in", "in/a.pgn"}, []string{"in", "in/a.pgn"}},
	} {
		r := arbiter(t, dir, nil, append([]string{"check", "-q", "--format", "none"}, tc.args...)...)
		if r.code != 1 {
			t.Fatalf("check %q: exit %d, stderr %s", tc.args, r.code, r.stderr)
		}
		if got := reportSources(t, filepath.Join(dir, "report.json")); !slices.Equal(got, tc.sources) {
			t.Errorf("check %q: sources %q, want %q", tc.args, got, tc.sources)
		}
		if tc.args[0] == "--out" {
			sameAsStats(t, dir, "report.json", "tables")
		}
	}
}

// reportSources reads "sources" from a JSON report.
func reportSources(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Sources []string }
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m.Sources
}

// sameAsStats: the JSON report at path, under dir, is byte for byte what
// arbiter stats gives of the directory out.
func sameAsStats(t *testing.T, dir, path, out string) {
	t.Helper()
	s := arbiter(t, dir, nil, "stats", "--format", "json", out)
	if s.code != 0 {
		t.Fatalf("stats: exit %d, stderr %s", s.code, s.stderr)
	}
	report, err := os.ReadFile(filepath.Join(dir, path))
	if err != nil {
		t.Fatal(err)
	}
	if string(report) != s.stdout {
		t.Errorf("%s differs from stats %s:\n%s\n%s", path, out, report, s.stdout)
	}
}

// TestReportListsEmptyInputs: an input read whole without a game is listed
// among the files with 0 games, by --report during the run and by stats
// from the manifest alike.
func TestReportListsEmptyInputs(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "in/a.pgn", games(0, 2))
	write(t, dir, "in/empty.pgn", nil)
	r := arbiter(t, dir, nil, "check", "-q", "--fail-on", "never", "--format", "none", "--out", "tables", "--report", "report.json", "in")
	if r.code != 0 {
		t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
	}
	var rep struct {
		Files struct {
			Distinct int
			Top      []struct {
				Name  string
				Games int64
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(rep.Files.Distinct, rep.Files.Top)
	if want := "2 [{in/a.pgn 2} {in/empty.pgn 0}]"; got != want {
		t.Errorf("files %s, want %s", got, want)
	}
	sameAsStats(t, dir, "report.json", "tables")
}

// TestReportWarnsIncompleteInputs: an input not read to its end (a
// truncated .gz) or not read at all (a missing file) makes a report of
// part of the games; arbiter stats and check --report say so in the
// report's warnings, from the manifest or from the run.
func TestReportWarnsIncompleteInputs(t *testing.T) {
	dir := t.TempDir()
	text := games(1, 2)                           // two clean games
	cut := bytes.LastIndex(text, []byte("Qxf7#")) // inside the second
	z := gz(t, text[:cut])
	write(t, dir, "cut.pgn.gz", z[:len(z)-8]) // no trailer: the stream breaks after the text
	write(t, dir, "a.pgn", games(0, 1))
	wantCut := fmt.Sprintf("cut.pgn.gz was not read to its end (gzip stream broken after %d bytes of text (byte %d of the file): unexpected EOF): the report counts only the 2 games read before that", cut, len(z)-8)
	wantMissing := "gone.pgn could not be read (open gone.pgn: no such file or directory): the report counts none of its games"
	warnings := func(path string) []string {
		t.Helper()
		var rep struct{ Warnings []string }
		b, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Fatal(err)
		}
		return rep.Warnings
	}
	want := []string{wantCut, wantMissing}
	for _, out := range [][]string{nil, {"--out", "tables"}} {
		args := append([]string{"check", "-q", "--fail-on", "never", "--format", "none", "--report", "report.json"}, out...)
		r := arbiter(t, dir, nil, append(args, "cut.pgn.gz", "a.pgn", "gone.pgn")...)
		if r.code != 2 {
			t.Fatalf("check %q: exit %d, want 2\n%s", out, r.code, r.stderr)
		}
		if got := warnings("report.json"); !slices.Equal(got, want) {
			t.Errorf("check %q --report: warnings\n%q\nwant\n%q", out, got, want)
		}
	}
	r := arbiter(t, dir, nil, "stats", "--format", "json", "-o", "stats.json", "tables")
	if r.code != 0 {
		t.Fatalf("stats: exit %d\n%s", r.code, r.stderr)
	}
	if got := warnings("stats.json"); !slices.Equal(got, want) {
		t.Errorf("stats: warnings\n%q\nwant\n%q", got, want)
	}
	if wantErr := "arbiter stats: " + wantCut + "\narbiter stats: " + wantMissing + "\n"; r.stderr != wantErr {
		t.Errorf("stats: stderr\n%q\nwant\n%q", r.stderr, wantErr)
	}
}

// TestReportPastItemisingBound: a run with more events than the report
// made during the run itemises (100,000) says so in the report, with how to
// rank them all; with --out the report is read from the tables and ranks
// every event, as arbiter stats does. A run under the bound says nothing.
func TestReportPastItemisingBound(t *testing.T) {
	if testing.Short() {
		t.Skip("checks 100,010 games")
	}
	dir := t.TempDir()
	var b bytes.Buffer
	for i := range 100_010 {
		fmt.Fprintf(&b, "[Event \"E%d\"]\n\n1. e4 *\n\n", i)
	}
	write(t, dir, "many.pgn", b.Bytes())
	write(t, dir, "few.pgn", b.Bytes()[:bytes.Index(b.Bytes(), []byte("[Event \"E10\"]"))])
	type groups struct {
		Distinct int
		Other    *struct{ Games int64 }
	}
	read := func(name string) (warnings []string, events groups) {
		t.Helper()
		var rep struct {
			Warnings []string
			Events   groups
		}
		if err := json.Unmarshal(readFile(t, filepath.Join(dir, name)), &rep); err != nil {
			t.Fatal(err)
		}
		return rep.Warnings, rep.Events
	}
	const warning = "the run met more events than a report made as the games go by itemises: the games of those met last (10) are counted together under other events, not ranked; give --out DIR with --report (or run arbiter stats DIR) to rank them all"

	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--report", "r1.json", "many.pgn"); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if w, ev := read("r1.json"); !slices.Equal(w, []string{warning}) || ev.Distinct != 100_000 || ev.Other == nil || ev.Other.Games != 10 {
		t.Errorf("without --out: warnings %q, events %+v", w, ev)
	}
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "tables", "--report", "r2.json", "many.pgn"); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if w, ev := read("r2.json"); len(w) != 0 || ev.Distinct != 100_010 || ev.Other != nil {
		t.Errorf("with --out: warnings %q, events %+v", w, ev)
	}
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--report", "r3.json", "few.pgn"); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if w, ev := read("r3.json"); len(w) != 0 || ev.Other != nil || ev.Distinct == 0 {
		t.Errorf("under the bound: warnings %q, events %+v", w, ev)
	}
}
