package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline/table"
	"github.com/arbiter-chess/arbiter/validate"
)

// writeCheckOutput writes games and findings tables into dir as check --out
// lays them out: games game with an illegal move each, for file file.
func writeCheckOutput(t *testing.T, dir, file string, games int) {
	t.Helper()
	for _, tc := range []struct {
		sub string
		b   table.Builder
	}{{"games", table.NewGamesBuilder(nil)}, {"findings", table.NewFindingsBuilder(nil)}} {
		if err := os.MkdirAll(filepath.Join(dir, tc.sub), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(filepath.Join(dir, tc.sub, "00000-"+file+".parquet"))
		if err != nil {
			t.Fatal(err)
		}
		w, err := table.NewWriter(f, tc.b, table.WriterOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range games {
			r := validate.Report{Notation: "san", Plies: 10, ComputedResult: "*", Errors: 1,
				FirstError: validate.IllegalMove, FirstErrorPly: 11, ThreefoldPly: -1, FiftyPly: -1,
				FivefoldPly: -1, SeventyFivePly: -1, LastClockWhite: -1, LastClockBlack: -1,
				Findings: []validate.Finding{{Code: validate.IllegalMove, Severity: validate.Error, Ply: 11}}}
			g := table.Game{File: file, Index: i, Tags: []parser.Tag{{Name: "Event", Value: "<b>Open</b>"}, {Name: "Result", Value: "1-0"}},
				Report: &r}
			if err := w.Append(&g); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

// runStatsCommand runs arbiter stats in process.
func runStatsCommand(args ...string) (string, error) {
	cmd := newStatsCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	return out.String(), err
}

func TestStatsFormats(t *testing.T) {
	one, two := t.TempDir(), t.TempDir()
	writeCheckOutput(t, one, "a.pgn", 2)
	writeCheckOutput(t, two, "b.pgn", 3)

	out, err := runStatsCommand("--format", "json", one, two)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Games   int      `json:"games"`
		Sources []string `json:"sources"`
		Codes   []struct {
			Code  string `json:"code"`
			Error int    `json:"error"`
		} `json:"codes"`
		Files struct {
			Top []struct {
				Name  string `json:"name"`
				Games int    `json:"games"`
			} `json:"top"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if s.Games != 5 || len(s.Sources) != 2 || s.Sources[1] != two || len(s.Codes) != 1 ||
		s.Codes[0].Code != "illegal-move" || s.Codes[0].Error != 5 || len(s.Files.Top) != 2 || s.Files.Top[0].Name != "b.pgn" {
		t.Errorf("json: %+v", s)
	}
	// Choices are read in any case, as check reads its flags.
	if upper, err := runStatsCommand("--format", "JSON", one, two); err != nil || upper != out {
		t.Errorf("--format JSON (%v): %.200s", err, upper)
	}

	out, err = runStatsCommand("--top", "1", one, two)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"arbiter statistics\n", "  games                       5\n", "The first 1 of 2 files.", "  b.pgn  "} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "a.pgn") {
		t.Errorf("--top 1 lists a.pgn")
	}

	out, err = runStatsCommand("--format", "markdown", one)
	if err != nil || !strings.HasPrefix(out, "# arbiter statistics\n") || !strings.Contains(out, "| &lt;b&gt;Open&lt;/b&gt; | 2 |") {
		t.Errorf("markdown (%v):\n%s", err, out)
	}
	out, err = runStatsCommand("--format", "html", one)
	if err != nil || !strings.HasPrefix(out, "<!DOCTYPE html>") || !strings.Contains(out, `data-chart="findings-by-code"`) ||
		strings.Contains(out, "<b>Open") {
		t.Errorf("html (%v): %.200s", err, out)
	}
}

// -o writes the file whole or not at all, in the format its name says.
func TestStatsOutputFile(t *testing.T) {
	dir := t.TempDir()
	writeCheckOutput(t, dir, "a.pgn", 1)
	reports := t.TempDir()
	for name, prefix := range map[string]string{"r.html": "<!DOCTYPE html>", "r.json": "{\n", "r.md": "# arbiter", "r.txt": "arbiter statistics\n"} {
		path := filepath.Join(reports, name)
		out, err := runStatsCommand("-o", path, dir)
		if err != nil || out != "" {
			t.Fatalf("%s: %v, stdout %q", name, err, out)
		}
		b, err := os.ReadFile(path)
		if err != nil || !strings.HasPrefix(string(b), prefix) {
			t.Errorf("%s starts %.40q, want %q (%v)", name, b, prefix, err)
		}
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v (%v)", name, info.Mode(), err)
		}
	}
	// --format wins over the extension.
	path := filepath.Join(reports, "r.html")
	if _, err := runStatsCommand("--format", "json", "-o", path, dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !json.Valid(b) {
		t.Errorf("--format json -o r.html did not write JSON")
	}
	// A failed run leaves the earlier report, and no temporary file.
	if _, err := runStatsCommand("-o", path, filepath.Join(dir, "missing")); err == nil {
		t.Fatal("no error for a missing directory")
	}
	if b, _ := os.ReadFile(path); !json.Valid(b) {
		t.Errorf("a failed run changed the report")
	}
	entries, _ := os.ReadDir(reports)
	if len(entries) != 4 {
		t.Errorf("%d files in the report directory, want 4: %v", len(entries), entries)
	}
	if _, err := runStatsCommand("-o", filepath.Join(reports, "no", "such", "dir.html"), dir); err == nil {
		t.Errorf("no error writing into a missing directory")
	}
}

func TestStatsUsageErrors(t *testing.T) {
	dir := t.TempDir()
	writeCheckOutput(t, dir, "a.pgn", 1)
	games := filepath.Join(dir, "uploads")
	pgn := filepath.Join(games, "a.pgn")
	os.Mkdir(games, 0o755)
	os.WriteFile(pgn, []byte("1. e4 e5 *\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--format", "pdf", dir}, 2, `--format must be table, markdown, json or html, not "pdf"`},
		{[]string{"--top", "-1", dir}, 2, "--top must be 0 or more, not -1"},
		{[]string{filepath.Join(dir, "nothing")}, 2, filepath.Join(dir, "nothing") + ": no such directory"},
		// Games named where their tables belong: the message says how to report on them.
		{[]string{games}, 2, games + ": no games directory: not written by arbiter check --out (for a report on the games in it, arbiter check --report report.html " + games + ")"},
		{[]string{pgn}, 2, pgn + ": a file, not a directory: stats reads the directory arbiter check --out DIR wrote"},
		{[]string{}, 2, "stats needs the DIR that arbiter check --out DIR wrote (arbiter stats --help)"},
	} {
		_, err := runStatsCommand(tc.args...)
		if err == nil || exitCode(err) != tc.code || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%v: error %v (exit %d), want exit %d saying %q", tc.args, err, exitCode(err), tc.code, tc.msg)
		}
	}
}

// TestStatsGoesByManifest: a table file the manifest does not list (an
// input half renamed into place by a run killed or still going) is left
// out with a line on stderr, not an error; the games counted are those the
// manifest lists.
func TestStatsGoesByManifest(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 4))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "out", "a.pgn"); r.code != 1 {
		t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "out/games/00000-a.pgn.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "out/games/00001-b.pgn.parquet", b) // its findings file not renamed yet
	s := arbiter(t, dir, nil, "stats", "--format", "json", "out")
	if s.code != 0 || !strings.Contains(s.stderr, "00001-b.pgn.parquet left out: not listed in manifest.json") {
		t.Fatalf("stats: exit %d\n%s", s.code, s.stderr)
	}
	if g := statsGames(t, dir, "out"); g != 4 {
		t.Errorf("stats counts %d games, want 4", g)
	}
	os.Remove(filepath.Join(dir, "out/manifest.json"))
	if s := arbiter(t, dir, nil, "stats", "out"); s.code == 0 || !strings.Contains(s.stderr, "has no findings table beside it") {
		t.Errorf("without a manifest: exit %d\n%s", s.code, s.stderr)
	}
}

// TestStatsDirectoryNamedTwice: a directory named twice, however spelt (a
// trailing slash, a link), is read once, as check reads a file, with a
// line on stderr for each path left out.
func TestStatsDirectoryNamedTwice(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 6))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "d1", "a.pgn"); r.code != 1 {
		t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
	}
	if err := os.Symlink("d1", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	s := arbiter(t, dir, nil, "stats", "--format", "json", "d1", "./d1/", "link", "d1")
	if s.code != 0 {
		t.Fatalf("stats: exit %d\n%s", s.code, s.stderr)
	}
	var sum struct {
		Games   int64    `json:"games"`
		Sources []string `json:"sources"`
	}
	if err := json.Unmarshal([]byte(s.stdout), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Games != 6 || !slices.Equal(sum.Sources, []string{"d1"}) {
		t.Errorf("stats d1 ./d1/ link d1: %d games from %q, want 6 from [d1]", sum.Games, sum.Sources)
	}
	want := "arbiter stats: ./d1/ left out: the same directory as d1, read once\n" +
		"arbiter stats: link left out: the same directory as d1, read once\n" +
		"arbiter stats: d1 left out: the same directory as d1, read once\n"
	if s.stderr != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", s.stderr, want)
	}
}

// Two directories that hold the same input are summed as asked, but stderr
// and the report say its games count twice: by its content when the
// manifests record it, else (manifests of an older arbiter) by the same
// path, size and mtime. An input of the same path changed between the runs
// is another input and draws no warning.
func TestStatsInputInTwoDirectories(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 5))
	write(t, dir, "b.pgn", games(0, 2))
	for _, out := range []string{"rA", "rB"} {
		if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", out, "a.pgn", "b.pgn"); r.code != 1 {
			t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
		}
	}
	write(t, dir, "b.pgn", games(0, 3))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "rC", "b.pgn"); r.code != 1 {
		t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
	}
	stats := func(want ...string) {
		t.Helper()
		s := arbiter(t, dir, nil, "stats", "--format", "json", "rA", "rB", "rC")
		if s.code != 0 {
			t.Fatalf("stats: exit %d\n%s", s.code, s.stderr)
		}
		var sum struct {
			Games    int64    `json:"games"`
			Warnings []string `json:"warnings"`
		}
		if err := json.Unmarshal([]byte(s.stdout), &sum); err != nil {
			t.Fatal(err)
		}
		if sum.Games != 5+2+5+2+3 {
			t.Errorf("%d games, want 17", sum.Games)
		}
		var stderr strings.Builder
		for _, w := range want {
			stderr.WriteString("arbiter stats: " + w + "\n")
		}
		if s.stderr != stderr.String() {
			t.Errorf("stderr:\n%s\nwant:\n%s", s.stderr, stderr.String())
		}
		if !slices.Equal(sum.Warnings, want) {
			t.Errorf("report's warnings %q, want %q", sum.Warnings, want)
		}
	}
	stats(fmt.Sprintf("a.pgn in rA and a.pgn in rB hold the same content (%d bytes, 5 games each): their games are counted once per input", len(games(0, 5))),
		fmt.Sprintf("b.pgn in rA and b.pgn in rB hold the same content (%d bytes, 2 games each): their games are counted once per input", len(games(0, 2))))
	for _, out := range []string{"rA", "rB"} {
		stripContent(t, filepath.Join(dir, out))
	}
	stats("a.pgn is in both rA and rB (same path, size and modification time): its games are counted twice",
		"b.pgn is in both rA and rB (same path, size and modification time): its games are counted twice")
}

// stripContent makes DIR's manifest one an arbiter before content sums
// wrote: its inputs without "content".
func stripContent(t *testing.T, dir string) {
	t.Helper()
	editInputs(t, dir, func(inputs []any) []any {
		for _, in := range inputs {
			delete(in.(map[string]any), "content")
		}
		return inputs
	})
}

// editInputs rewrites the inputs of DIR's manifest with edit, as another
// arbiter or a run stopped at another point would have written them.
func editInputs(t *testing.T, dir string, edit func(inputs []any) []any) {
	t.Helper()
	path := filepath.Join(dir, "manifest.json")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	raw["inputs"] = edit(raw["inputs"].([]any))
	if b, err = json.MarshalIndent(raw, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Read back from Parquet, an empty Event tag (a "" cell) and none (null)
// stay apart in the report.
func TestStatsEmptyEventTag(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", []byte("[Event \"\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Result \"*\"]\n\n1. d4 *\n\n[Result \"*\"]\n\n1. c4 *\n"))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "o", "a.pgn"); r.code > 1 {
		t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
	}
	s := arbiter(t, dir, nil, "stats", "--format", "markdown", "o")
	if s.code != 0 {
		t.Fatalf("stats: exit %d\n%s", s.code, s.stderr)
	}
	for _, row := range []string{"| (no Event tag) | 2 |", "| (empty Event tag) | 1 |"} {
		if !strings.Contains(s.stdout, row) {
			t.Errorf("no row %q in\n%s", row, s.stdout)
		}
	}
}

// TestStatsSamePathTwoDirectories: two runs (on two machines, say) that
// each read a b.pgn of their own are two inputs; the report's files name
// each with its directory instead of summing them into one row, and a path
// only one directory lists keeps its name.
func TestStatsSamePathTwoDirectories(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 5))
	write(t, dir, "b.pgn", games(0, 2))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "rA", "a.pgn", "b.pgn"); r.code != 1 {
		t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
	}
	write(t, dir, "b.pgn", games(0, 3))
	write(t, dir, "empty.pgn", nil)
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "rC", "b.pgn", "empty.pgn"); r.code != 1 {
		t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
	}
	write(t, dir, "c.pgn", games(0, 1))
	if r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "rD", "c.pgn", "empty.pgn"); r.code != 1 {
		t.Fatalf("check: exit %d\n%s", r.code, r.stderr)
	}
	files := func(dirs ...string) string {
		t.Helper()
		s := arbiter(t, dir, nil, append([]string{"stats", "--format", "json"}, dirs...)...)
		if s.code != 0 {
			t.Fatalf("stats: exit %d\n%s", s.code, s.stderr)
		}
		var sum struct {
			Files struct {
				Top []struct {
					Name  string
					Games int64
				}
			}
		}
		if err := json.Unmarshal([]byte(s.stdout), &sum); err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(sum.Files.Top, func(x, y struct {
			Name  string
			Games int64
		}) int {
			return strings.Compare(x.Name, y.Name)
		})
		return fmt.Sprint(sum.Files.Top)
	}
	if got, want := files("rA", "rC", "rD"), "[{a.pgn 5} {b.pgn in rA 2} {b.pgn in rC 3} {c.pgn 1} {empty.pgn in rC 0} {empty.pgn in rD 0}]"; got != want {
		t.Errorf("files of rA, rC and rD: %s, want %s", got, want)
	}
	if got, want := files("rC"), "[{b.pgn 3} {empty.pgn 0}]"; got != want {
		t.Errorf("files of rC alone: %s, want %s", got, want)
	}
}
