package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/arbiter-chess/arbiter/validate"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// binary is the arbiter built once for the end-to-end tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "arbiter-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	binary = filepath.Join(dir, "arbiter")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building arbiter:", err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	stdout, stderr string
	code           int
}

// arbiter runs the binary with args and stdin in dir.
func arbiter(t *testing.T, dir string, stdin io.Reader, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stdin = stdin
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errOut.String(), code}
}

// A game no rule objects to: the Seven Tag Roster and a legal mate.
const cleanGame = `[Event "Club"]
[Site "Here"]
[Date "2024.01.02"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

`

// A game that must give an error whatever else it gives: a tag pair that is
// never closed, an illegal move, and a result that contradicts its tag.
const brokenGame = `[Event "Club"]
[Site "Here"]
[Date "2024.01.02"]
[Round "2"]
[White "A"]
[Black "B"]
[Result "0-1"]
[Annotator "unclosed

1. e4 e5 2. Ke3 Qh4 3. Nxx9 1-0

`

func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func gz(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func zst(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	w, _ := zstd.NewWriter(&buf)
	w.Write(b)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// games writes n games, every third one broken, each with its number in
// the Event tag.
func games(first, n int) []byte {
	var b strings.Builder
	for k := first; k < first+n; k++ {
		g := cleanGame
		if k%3 == 0 {
			g = brokenGame
		}
		b.WriteString(strings.Replace(g, `[Event "Club"]`, fmt.Sprintf(`[Event "G%d"]`, k), 1))
	}
	return []byte(b.String())
}

var summaryRE = regexp.MustCompile(`arbiter: (\d+) files?, (\d+) games? read, (\d+) (?:records? written|kept in [^,]+),`)

// counts reads the files and games counts from the summary on stderr: the
// games written are the records written, or with --out those kept there.
func counts(t *testing.T, stderr string) (files, read, written string) {
	t.Helper()
	m := summaryRE.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no summary in stderr:\n%s", stderr)
	}
	return m[1], m[2], m[3]
}

func TestCheckExitCodes(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "clean.pgn", []byte(cleanGame))
	write(t, dir, "broken.pgn", []byte(brokenGame))
	for _, c := range []struct {
		args []string
		code int
		err  string // in stderr
	}{
		{[]string{"check", "clean.pgn"}, 0, ""},
		{[]string{"check", "broken.pgn"}, 1, "\narbiter: failing: 4 findings at error (--fail-on error)\n"},
		{[]string{"check", "--fail-on", "never", "broken.pgn"}, 0, ""},
		{[]string{"check", "--fail-on", "warning", "broken.pgn"}, 1, "\narbiter: failing: 4 findings at warning or above (--fail-on warning)\n"},
		{[]string{"check", "--fail-on", "Info", "--format", "github", "broken.pgn"}, 1, "\narbiter: failing: 4 findings at info or above (--fail-on info)\n"},
		{[]string{"check", "--fail-on", "info", "clean.pgn"}, 0, ""},
		// --quiet drops the summary, and the line that would follow it.
		{[]string{"check", "-q", "--fail-on", "warning", "broken.pgn"}, 1, ""},
		{[]string{"check", "--fail-on", "none", "broken.pgn"}, 0, ""},
		{[]string{"check", "--fail-on", "None", "--format", "none", "broken.pgn"}, 0, ""},
		{[]string{"check", "--fail-on", "NEVER", "--format", "SARIF", "--progress", "Never", "broken.pgn"}, 0, ""},
		{[]string{"check", "--disable", "tag-format", "--severity", "tag-format=error", "clean.pgn"}, 2, "tag-format is disabled and given the severity error"},
		// The summary counts an unreadable input; only under --quiet, which
		// has none, does a line say it.
		{[]string{"check", "clean.pgn", "missing.pgn"}, 2, "; 1 file unreadable\n"},
		{[]string{"check", "-q", "clean.pgn", "missing.pgn", "gone.pgn"}, 2, "arbiter: 2 inputs could not be read\n"},
		{[]string{"check", "--format", "none", "broken.pgn", "missing.pgn"}, 2, "missing.pgn"},
		{[]string{"check"}, 2, "check needs at least one PATH: a file, a directory or - for standard input (arbiter check --help)"},
		{[]string{"check", "--fromat", "jsonl", "clean.pgn"}, 2, "unknown flag: --fromat (did you mean --format?); arbiter check --help lists the flags"},
		{[]string{"check", "--fail", "warning", "clean.pgn"}, 2, "unknown flag: --fail (did you mean --fail-on?); arbiter check --help lists the flags"},
		{[]string{"check", "--colour", "clean.pgn"}, 2, "unknown flag: --colour; arbiter check --help lists the flags"},
		{[]string{"check", "-o", "r.html", "clean.pgn"}, 2, "unknown shorthand flag: 'o' in -o (check writes its tables with --out DIR and a report with --report FILE)"},
		{[]string{"check", "--format", "xml", "clean.pgn"}, 2, "--format must be"},
		{[]string{"check", "--format", "JSON", "clean.pgn"}, 2, `--format must be text, jsonl, sarif, github or none, not "json": jsonl writes a JSON object a line, sarif one JSON document`},
		{[]string{"check", "--fail-on", "sometimes", "clean.pgn"}, 2, "--fail-on must be"},
		{[]string{"check", "--rules", "fifa", "clean.pgn"}, 2, "--rules must be"},
		{[]string{"check", "--encoding", "ebcdic", "clean.pgn"}, 2, "--encoding must be"},
		{[]string{"check", "--progress", "maybe", "clean.pgn"}, 2, "--progress must be"},
		{[]string{"check", "--log-format", "xml", "clean.pgn"}, 2, "--log-format must be"},
		{[]string{"check", "--log-level", "Warning", "clean.pgn"}, 0, ""},
		{[]string{"check", "--log-level", "warn", "clean.pgn"}, 0, ""},
		{[]string{"check", "--log-level", "warnings", "clean.pgn"}, 2, `--log-level must be debug, info, warn (or warning) or error, not "warnings"`},
		{[]string{"check", "--out", "broken.pgn", "clean.pgn"}, 2, "arbiter: --out broken.pgn is a file: --out names a directory for the tables (the report's file is --report FILE)\n"},
		{[]string{"check", "--moves", "clean.pgn"}, 2, "arbiter: --moves needs --out DIR: the moves table is written there\n"},
		{[]string{"check", "--resume", "clean.pgn"}, 2, "arbiter: --resume needs --out DIR: the directory an earlier run wrote, whose finished inputs it skips\n"},
		{[]string{"check", "--resume", "--moves", "clean.pgn"}, 2, "arbiter: --moves and --resume need --out DIR\n"},
		{[]string{"check", "--enable", "syntax", "--disable", "syntax", "clean.pgn"}, 2, "both enabled and disabled"},
		{[]string{"check", "--disable", "Not A Code", "clean.pgn"}, 2, "unknown rule code"},
		{[]string{"check", "--workers", "-1", "clean.pgn"}, 2, "--workers"},
		{[]string{"check", "--no-such-flag", "clean.pgn"}, 2, "unknown flag"},
		{[]string{"--fromat", "json"}, 2, "unknown flag: --fromat; arbiter --help lists the flags"},
		{[]string{"stats", "--fromat", "json", "out"}, 2, "unknown flag: --fromat (did you mean --format?); arbiter stats --help lists the flags"},
		{[]string{"perft"}, 2, "perft needs one DEPTH, the plies to count: arbiter perft 5 (arbiter perft --help)"},
		{[]string{"perft", "1", "2"}, 2, "perft needs one DEPTH"},
		{[]string{"perft", "1"}, 0, ""},
	} {
		r := arbiter(t, dir, nil, c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.err) {
			t.Errorf("arbiter %s: exit %d, want %d; stderr:\n%s", strings.Join(c.args, " "), r.code, c.code, r.stderr)
		}
		if strings.HasSuffix(c.err, "unreadable\n") && (!strings.HasSuffix(r.stderr, c.err) || strings.Contains(r.stderr, "could not be read")) {
			t.Errorf("arbiter %s: the summary is not the last line, or a line after it counts again; stderr:\n%s", strings.Join(c.args, " "), r.stderr)
		}
		if c.code == 1 && strings.Contains(r.stderr, "arbiter: \n") {
			t.Errorf("arbiter %s: an empty error message was printed", strings.Join(c.args, " "))
		}
		// Why a run failed is its last line, and only a failed run has one.
		if failing := strings.Contains(r.stderr, "failing:"); failing != (c.err != "" && c.code == 1) ||
			failing && !strings.HasSuffix(r.stderr, c.err) {
			t.Errorf("arbiter %s: exit %d, the failing line wrong; stderr:\n%s", strings.Join(c.args, " "), r.code, r.stderr)
		}
	}
}

// TestCheckOrderAcrossWorkers: every format gives the same bytes with 1, 2
// and 4 workers, and every game read is written.
func TestCheckOrderAcrossWorkers(t *testing.T) {
	dir := t.TempDir()
	const n = 3000
	write(t, dir, "a.pgn", games(0, n))
	write(t, dir, "b.pgn.gz", gz(t, games(n, n)))
	write(t, dir, "c/d.pgn.zst", zst(t, games(2*n, n)))
	for _, format := range []string{"text", "jsonl", "sarif", "github"} {
		var first string
		for _, workers := range []string{"1", "2", "4"} {
			r := arbiter(t, dir, nil, "check", "--format", format, "--workers", workers, "--fail-on", "never", "a.pgn", "b.pgn.gz", "c")
			if r.code != 0 {
				t.Fatalf("%s, %s workers: exit %d\n%s", format, workers, r.code, r.stderr)
			}
			if files, read, written := counts(t, r.stderr); files != "3" || read != fmt.Sprint(3*n) || written != read {
				t.Fatalf("%s, %s workers: %s files, %s games read, %s written", format, workers, files, read, written)
			}
			if first == "" {
				first = r.stdout
				if first == "" {
					t.Fatalf("%s: no output", format)
				}
				continue
			}
			if r.stdout != first {
				t.Errorf("%s: output with %s workers differs from 1 worker", format, workers)
			}
		}
	}
}

// TestCheckFormatsAgree: the four formats report the same findings, in the
// same order, at the same places; each is well formed.
func TestCheckFormatsAgree(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "g.pgn", games(0, 30))
	out := map[string]string{}
	for _, format := range []string{"text", "jsonl", "sarif", "github"} {
		r := arbiter(t, dir, nil, "check", "--format", format, "--fail-on", "never", "g.pgn")
		if r.code != 0 {
			t.Fatalf("%s: exit %d\n%s", format, r.code, r.stderr)
		}
		out[format] = r.stdout
	}

	type place struct {
		line, col int
		code      string
	}
	var fromJSONL []place
	for line := range strings.Lines(out["jsonl"]) {
		var f struct {
			File        string    `json:"file"`
			Line        int       `json:"line"`
			Column      int       `json:"column"`
			Code        string    `json:"code"`
			Severity    string    `json:"severity"`
			Suggestions *[]string `json:"suggestions"`
		}
		if err := json.Unmarshal([]byte(line), &f); err != nil {
			t.Fatalf("jsonl line %q: %v", line, err)
		}
		if f.File != "g.pgn" || f.Suggestions == nil || (f.Severity != "error" && f.Severity != "warning" && f.Severity != "info") {
			t.Errorf("jsonl line %q", line)
		}
		fromJSONL = append(fromJSONL, place{f.Line, f.Column, f.Code})
	}
	if len(fromJSONL) < 10 {
		t.Fatalf("only %d findings for 10 broken games", len(fromJSONL))
	}

	textRE := regexp.MustCompile(`^g\.pgn:(\d+):(\d+): (error|warning|info) ([a-z0-9-]+): .+$`)
	var fromText []place
	for line := range strings.Lines(out["text"]) {
		m := textRE.FindStringSubmatch(strings.TrimSuffix(line, "\n"))
		if m == nil {
			t.Fatalf("text line %q", line)
		}
		var p place
		fmt.Sscan(m[1], &p.line)
		fmt.Sscan(m[2], &p.col)
		p.code = m[4]
		fromText = append(fromText, p)
	}

	githubRE := regexp.MustCompile(`^::(error|warning|notice) file=g\.pgn,line=(\d+),col=(\d+),title=([a-z0-9-]+)::.+$`)
	var fromGitHub []place
	for line := range strings.Lines(out["github"]) {
		m := githubRE.FindStringSubmatch(strings.TrimSuffix(line, "\n"))
		if m == nil {
			t.Fatalf("github line %q", line)
		}
		var p place
		fmt.Sscan(m[2], &p.line)
		fmt.Sscan(m[3], &p.col)
		p.code = m[4]
		fromGitHub = append(fromGitHub, p)
	}

	var sarif struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out["sarif"]), &sarif); err != nil || sarif.Version != "2.1.0" || len(sarif.Runs) != 1 {
		t.Fatalf("sarif: %v", err)
	}
	var fromSARIF []place
	for _, r := range sarif.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URI != "g.pgn" {
			t.Errorf("sarif uri %q", loc.ArtifactLocation.URI)
		}
		fromSARIF = append(fromSARIF, place{loc.Region.StartLine, loc.Region.StartColumn, r.RuleID})
	}

	for name, got := range map[string][]place{"text": fromText, "github": fromGitHub, "sarif": fromSARIF} {
		if fmt.Sprint(got) != fmt.Sprint(fromJSONL) {
			t.Errorf("%s findings differ from jsonl:\n%v\n%v", name, got, fromJSONL)
		}
	}
}

// TestCheckBrokenInputs: a truncated zstd file and a missing file among
// good ones: both reported, as unreadable-input records and not in the log
// too, exit 2, the games before the cut and the other files still checked.
func TestCheckBrokenInputs(t *testing.T) {
	dir := t.TempDir()
	full := zst(t, games(0, 3000))
	write(t, dir, "cut.pgn.zst", full[:len(full)/2])
	write(t, dir, "good.pgn.gz", gz(t, games(3000, 30)))
	r := arbiter(t, dir, nil, "check", "--format", "jsonl", "--log-format", "json", "cut.pgn.zst", "missing.pgn", "good.pgn.gz")
	if r.code != 2 {
		t.Fatalf("exit %d, want 2\n%s", r.code, r.stderr)
	}
	var logged []string
	for line := range strings.Lines(r.stderr) {
		var e struct{ Level, File, Error string }
		if json.Unmarshal([]byte(line), &e) == nil && e.Level == "error" {
			logged = append(logged, e.File+": "+e.Error)
		}
	}
	if len(logged) != 0 {
		t.Errorf("errors logged beside the records: %q", logged)
	}
	var unreadable []string
	for line := range strings.Lines(r.stdout) {
		var f struct{ File, Code, Message string }
		if json.Unmarshal([]byte(line), &f) == nil && f.Code == "unreadable-input" {
			unreadable = append(unreadable, f.File+": "+f.Message)
		}
	}
	if len(unreadable) != 2 || !strings.HasPrefix(unreadable[0], "cut.pgn.zst: zstd stream broken after") ||
		unreadable[1] != "missing.pgn: cannot open: no such file or directory" {
		t.Errorf("unreadable-input records: %q", unreadable)
	}
	if !strings.Contains(r.stdout, `"file":"cut.pgn.zst"`) || !strings.Contains(r.stdout, `"file":"good.pgn.gz"`) {
		t.Error("findings missing for the games before the cut or for the good file")
	}
	if !strings.Contains(r.stderr, "2 files unreadable") {
		t.Errorf("summary does not count the unreadable files:\n%s", r.stderr)
	}
}

func TestCheckStdin(t *testing.T) {
	r := arbiter(t, t.TempDir(), bytes.NewReader(gz(t, games(0, 9))), "check", "--fail-on", "never", "-")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "<stdin>:") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if files, read, written := counts(t, r.stderr); files != "1" || read != "9" || written != "9" {
		t.Errorf("%s files, %s games read, %s written", files, read, written)
	}
}

func TestCheckQuiet(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "broken.pgn", []byte(brokenGame))
	r := arbiter(t, dir, nil, "check", "--quiet", "broken.pgn")
	if r.code != 1 || r.stderr != "" || r.stdout == "" {
		t.Errorf("quiet: exit %d, stderr %q, stdout %q", r.code, r.stderr, r.stdout)
	}
	r = arbiter(t, dir, nil, "check", "--format", "none", "broken.pgn")
	if r.code != 1 || r.stdout != "" {
		t.Errorf("--format none: exit %d, stdout %q", r.code, r.stdout)
	}
}

// TestCheckProgressAlways: the bar is drawn on stderr and cleared.
func TestCheckProgressAlways(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "g.pgn", games(0, 10))
	// stderr is a pipe here: progress comes as log lines every 10 s, never
	// as a bar (pipeline's TestRunProgress and TestRunProgressLog test both).
	for _, args := range [][]string{
		{"check", "--progress", "always", "--fail-on", "never", "g.pgn"},
		{"check", "--progress", "always", "--log-format", "json", "--fail-on", "never", "g.pgn"},
		{"check", "--fail-on", "never", "g.pgn"},
	} {
		r := arbiter(t, dir, nil, args...)
		if strings.ContainsAny(r.stderr, "\r\x1b") || r.code != 0 {
			t.Errorf("%v: exit %d, a bar drawn on a pipe: %q", args, r.code, r.stderr)
		}
	}
}

// TestCheckInterrupted: SIGINT stops the reading; what was read is written,
// the summary says so, the exit status is 130 and --out holds no partial file.
func TestCheckInterrupted(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	cmd := exec.Command(binary, "check", "--format", "jsonl", "--out", out, "--report", "r.html", "-")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	interruptWhileFeeding(t, cmd, 4<<20, &stderr)
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("summary does not say interrupted:\n%s", stderr.String())
	}
	if strings.Contains(stderr.String(), "\narbiter: interrupted\n") {
		t.Errorf("a line repeats what the summary says:\n%s", stderr.String())
	}
	// The report asked for is not written, and stderr says so and how.
	if _, err := os.Stat(filepath.Join(dir, "r.html")); err == nil {
		t.Errorf("an interrupted run wrote its report")
	}
	if want := "the report is not written: the run was interrupted; once check --out " + out + " --resume has read the rest, arbiter stats -o r.html " + out + " writes it"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, stderr.String())
	}
	_, read, kept := counts(t, stderr.String())
	if kept != "0" || read == "0" {
		t.Errorf("%s games read, %s kept", read, kept)
	}
	// Standard input is the input cut short: none of its games is kept
	// in --out, and the summary says so.
	if want := ", " + read + " games read, 0 kept in " + out + ", "; !strings.Contains(stderr.String(), want) {
		t.Errorf("summary does not say %q:\n%s", want, stderr.String())
	}
	if want := "; interrupted; " + read + " games read not kept in " + out + "\n"; !strings.Contains(stderr.String(), want) {
		t.Errorf("summary does not say %q:\n%s", want, stderr.String())
	}
	m := manifestOf(t, out)
	if len(m.Inputs) != 1 || m.Inputs[0].Files == nil || len(m.Inputs[0].Files) != 0 {
		t.Errorf("manifest inputs %+v, want stdin with no files", m.Inputs)
	}
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".tmp") || strings.HasPrefix(d.Name(), ".")) {
			t.Errorf("partial file left: %s", p)
		}
		return nil
	})
}

// TestCheckOutAndResume: --out writes the tables and a manifest; --resume
// then skips the inputs already done and reads a new one.
func TestCheckOutAndResume(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 20))
	write(t, dir, "b.pgn.gz", gz(t, games(20, 20)))
	r := arbiter(t, dir, nil, "check", "--out", "out", "--format", "none", "a.pgn", "b.pgn.gz")
	if r.code != 1 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	for _, glob := range []string{"out/games/*.parquet", "out/findings/*.parquet", "out/manifest.json"} {
		if m, _ := filepath.Glob(filepath.Join(dir, glob)); len(m) == 0 {
			t.Errorf("nothing matches %s", glob)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "out/moves/*.parquet")); len(m) != 0 {
		t.Errorf("moves written without --moves: %v", m)
	}
	write(t, dir, "c.pgn", games(40, 20))
	r = arbiter(t, dir, nil, "check", "--out", "out", "--resume", "--format", "jsonl", "a.pgn", "b.pgn.gz", "c.pgn")
	if files, read, _ := counts(t, r.stderr); files != "1" || read != "20" || !strings.Contains(r.stderr, "2 files skipped (already done)") {
		t.Errorf("resume: %s files, %s games\n%s", files, read, r.stderr)
	}
	if strings.Contains(r.stdout, `"file":"a.pgn"`) || !strings.Contains(r.stdout, `"file":"c.pgn"`) {
		t.Error("resume printed findings of a skipped input, or none of the new one")
	}
}

// TestCheckResumeUnderOtherOptions: --resume refuses, with exit status 2
// and the options named, a directory written under other options (the
// reviewer's case: all codes, then --disable all), and goes on under the
// same options however they are spelt.
func TestCheckResumeUnderOtherOptions(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 20))
	write(t, dir, "b.pgn", games(20, 20))
	r := arbiter(t, dir, nil, "check", "--out", "out", "--format", "none", "-q", "--rules", "fide2009",
		"--disable", "tag-missing,tag-format", "--severity", "clock-inconsistent=info", "a.pgn")
	if r.code != 1 && r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	manifest := func() string {
		b, err := os.ReadFile(filepath.Join(dir, "out", "manifest.json"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	before := manifest()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--disable", "all"}, "--disable: earlier run tag-format,tag-missing, this run all"},
		{[]string{"--disable", "tag-missing,tag-format", "--severity", "clock-inconsistent=info"}, "--rules: earlier run fide2009, this run fide"},
		{[]string{"--rules", "fide2009", "--disable", "tag-missing", "--severity", "clock-inconsistent=info"}, "--disable: earlier run tag-format,tag-missing, this run tag-missing"},
		{[]string{"--rules", "fide2009", "--disable", "tag-missing,tag-format", "--severity", "clock-inconsistent=error"}, "--severity: earlier run clock-inconsistent=info, this run clock-inconsistent=error"},
	} {
		args := append(append([]string{"check", "--out", "out", "--resume", "--format", "none", "-q"}, c.args...), "a.pgn", "b.pgn")
		r := arbiter(t, dir, nil, args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || !strings.Contains(r.stderr, "--rules fide2009 --disable tag-format,tag-missing --severity clock-inconsistent=info") {
			t.Errorf("%v: exit %d, want 2 and %q in\n%s", c.args, r.code, c.want, r.stderr)
		}
		if got := manifest(); got != before {
			t.Errorf("%v: a refused resume rewrote the manifest", c.args)
		}
	}
	r = arbiter(t, dir, nil, "check", "--out", "out", "--resume", "--format", "none", "--workers", "2", "--rules", "FIDE2009",
		"--disable", "TAG-FORMAT", "--disable", "tag-missing", "--severity", "Clock-Inconsistent=Info", "a.pgn", "b.pgn")
	if files, read, _ := counts(t, r.stderr); r.code == 2 || files != "1" || read != "20" || !strings.Contains(r.stderr, "1 file skipped (already done)") {
		t.Errorf("resume under the same options: exit %d, %s files, %s games\n%s", r.code, files, read, r.stderr)
	}
}

// TestCheckRuleFlags: "all" is applied before single codes, whatever the
// order of the flags, and severities apply to what is left.
func TestCheckRuleFlags(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "broken.pgn", []byte(brokenGame))
	codesOf := func(out string) string {
		var codes []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if f := strings.Fields(line); len(f) > 2 {
				codes = append(codes, f[1]+" "+strings.TrimSuffix(f[2], ":"))
			}
		}
		return strings.Join(codes, ", ")
	}
	all := codesOf(arbiter(t, dir, nil, "check", "-q", "broken.pgn").stdout)
	if all != "error syntax, error illegal-move, error syntax, error result-mismatch" {
		t.Fatalf("default findings: %s", all)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--disable", "syntax,result-mismatch", "--enable", "all"}, 1, "error illegal-move"},
		{[]string{"--enable", "illegal-move", "--disable", "all"}, 1, "error illegal-move"},
		{[]string{"--disable", "all"}, 0, ""},
		{[]string{"--severity", "illegal-move=warning", "--disable", "syntax,result-mismatch"}, 0, "warning illegal-move"},
		{[]string{"--severity", "syntax=off", "--severity", "result-mismatch=info"}, 1, "error illegal-move, info result-mismatch"},
		{[]string{"--severity", "syntax=warning", "--disable", "illegal-move,result-mismatch"}, 0, "warning syntax, warning syntax"},
	} {
		r := arbiter(t, dir, nil, append(append([]string{"check", "-q"}, c.args...), "broken.pgn")...)
		if got := codesOf(r.stdout); r.code != c.code || got != c.want {
			t.Errorf("%v: exit %d, findings %q; want %d, %q", c.args, r.code, got, c.code, c.want)
		}
	}
}

// TestCheckResumeAfterKill: a run killed outright (no chance to clean up)
// while writing Parquet, then resumed, leaves every game exactly once in the
// tables and no temporary file behind.
func TestCheckResumeAfterKill(t *testing.T) {
	dir := t.TempDir()
	const files, per = 8, 3000
	var paths []string
	for i := 0; i < files; i++ {
		paths = append(paths, write(t, dir, fmt.Sprintf("in%d.pgn", i), games(i*per, per)))
	}
	out := filepath.Join(dir, "out")
	cmd := exec.Command(binary, append([]string{"check", "-q", "--format", "none", "--workers", "1", "--out", out}, paths...)...)
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill once the manifest shows a finished input and before the last.
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
		if n := bytes.Count(b, []byte(`"completed": true`)); n >= 1 && n < files {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no input finished in time")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()

	r := arbiter(t, dir, nil, append([]string{"check", "-q", "--format", "none", "--out", out, "--resume"}, paths...)...)
	if r.code > 1 {
		t.Fatalf("resume: exit %d\n%s", r.code, r.stderr)
	}
	s := arbiter(t, dir, nil, "stats", "--format", "json", out)
	var sum struct{ Games int64 }
	if err := json.Unmarshal([]byte(s.stdout), &sum); err != nil || sum.Games != files*per {
		t.Fatalf("tables hold %d games (%v), want %d\n%s", sum.Games, err, files*per, s.stderr)
	}
	leftovers, _ := filepath.Glob(filepath.Join(out, "*", ".*.tmp"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// interruptWhileFeeding starts cmd, feeds it games on standard input until
// it has taken about threshold bytes (a pipe takes no more than its reader
// reads), sends SIGINT, and requires exit status 130.
func interruptWhileFeeding(t *testing.T, cmd *exec.Cmd, threshold int, stderr *bytes.Buffer) {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	fed, started := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(fed)
		written, signal := 0, started
		for k := 0; ; k += 100 {
			n, err := stdin.Write(games(k, 100))
			if err != nil {
				return
			}
			if written += n; written >= threshold && signal != nil {
				close(signal)
				signal = nil
			}
		}
	}()
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("arbiter read nothing")
	}
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("arbiter did not stop after SIGINT")
	}
	stdin.Close()
	<-fed
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("exit %v, want 130\n%s", err, stderr.String())
	}
}

// manifestOf reads DIR/manifest.json.
func manifestOf(t *testing.T, dir string) (m struct {
	Inputs []struct {
		Number    int
		Path      string
		Games     int64
		Files     []string
		Completed bool
		Error     string
	}
}) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// statsGames is the number of games arbiter stats counts in dir.
func statsGames(t *testing.T, dir, out string) int64 {
	t.Helper()
	s := arbiter(t, dir, nil, "stats", "--format", "json", out)
	var sum struct{ Games int64 }
	if err := json.Unmarshal([]byte(s.stdout), &sum); err != nil || s.code != 0 {
		t.Fatalf("stats: exit %d, %v\n%s", s.code, err, s.stderr)
	}
	return sum.Games
}

// TestCheckInputNamedTwice: a file named twice (in a directory named and by
// itself, or by a relative and an absolute path) is read once, with a log
// line; a resume by another spelling of the same paths skips what is done.
func TestCheckInputNamedTwice(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "d/a.pgn", games(0, 5))
	write(t, dir, "d/broken.pgn", []byte(brokenGame))
	r := arbiter(t, dir, nil, "check", "--format", "jsonl", "--out", "dup", "d", "d/broken.pgn")
	if files, read, _ := counts(t, r.stderr); files != "2" || read != "6" {
		t.Errorf("%s files, %s games read, want 2 and 6\n%s", files, read, r.stderr)
	}
	if !strings.Contains(r.stderr, "skipping an input named twice") || !strings.Contains(r.stderr, "path=d/broken.pgn") {
		t.Errorf("no log line for the duplicate:\n%s", r.stderr)
	}
	once := arbiter(t, dir, nil, "check", "--format", "jsonl", "d/broken.pgn")
	if n, want := strings.Count(r.stdout, `"file":"d/broken.pgn"`), strings.Count(once.stdout, `"file":"d/broken.pgn"`); n != want || n == 0 {
		t.Errorf("%d findings of broken.pgn printed, want %d", n, want)
	}
	if m := manifestOf(t, filepath.Join(dir, "dup")); len(m.Inputs) != 2 {
		t.Errorf("manifest has %d inputs, want 2: %+v", len(m.Inputs), m.Inputs)
	}
	if g := statsGames(t, dir, "dup"); g != 6 {
		t.Errorf("stats counts %d games, want 6", g)
	}

	r = arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "ap", "d")
	if r.code != 1 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	r = arbiter(t, dir, nil, "check", "--format", "none", "--out", "ap", "--resume", filepath.Join(dir, "d"))
	if files, read, _ := counts(t, r.stderr); files != "0" || read != "0" || !strings.Contains(r.stderr, "2 files skipped (already done)") {
		t.Errorf("resume by absolute path: %s files, %s games read, want all skipped\n%s", files, read, r.stderr)
	}
	// Changed, it is read again under its earlier number, by its new name.
	write(t, dir, "d/a.pgn", games(0, 7))
	r = arbiter(t, dir, nil, "check", "--format", "none", "--out", "ap", "--resume", filepath.Join(dir, "d"))
	if files, read, _ := counts(t, r.stderr); files != "1" || read != "7" {
		t.Errorf("resume after a change: %s files, %s games read, want 1 and 7\n%s", files, read, r.stderr)
	}
	m := manifestOf(t, filepath.Join(dir, "ap"))
	if len(m.Inputs) != 2 || m.Inputs[0].Number != 0 || m.Inputs[0].Path != filepath.Join(dir, "d/a.pgn") || m.Inputs[0].Games != 7 || m.Inputs[1].Path != "d/broken.pgn" {
		t.Errorf("manifest after the resume: %+v", m.Inputs)
	}
	if g := statsGames(t, dir, "ap"); g != 8 {
		t.Errorf("stats counts %d games, want 8", g)
	}
}

// TestCheckResumeOtherMoves: --resume without --moves after a run with it
// (or the reverse) is refused with exit status 2 and the flag named, and
// the earlier output is left as it was.
func TestCheckResumeOtherMoves(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.pgn", games(0, 3))
	write(t, dir, "b.pgn", games(3, 3))
	for _, tc := range []struct {
		first, then []string
		want        string
	}{
		{[]string{"--moves"}, nil, "--moves: earlier run on, this run off"},
		{nil, []string{"--moves"}, "--moves: earlier run off, this run on"},
	} {
		out := filepath.Join(dir, "out")
		r := arbiter(t, dir, nil, append([]string{"check", "-q", "--format", "none", "--out", out}, append(tc.first, "a.pgn")...)...)
		if r.code != 1 {
			t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
		}
		before, _ := filepath.Glob(filepath.Join(out, "*", "*.parquet"))
		r = arbiter(t, dir, nil, append([]string{"check", "-q", "--format", "none", "--out", out, "--resume"}, append(tc.then, "a.pgn", "b.pgn")...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("resume %v after %v: exit %d, want 2 saying %q\n%s", tc.then, tc.first, r.code, tc.want, r.stderr)
		}
		after, _ := filepath.Glob(filepath.Join(out, "*", "*.parquet"))
		if strings.Join(before, " ") != strings.Join(after, " ") {
			t.Errorf("refused resume changed the files: %v, then %v", before, after)
		}
		// The same --moves as before goes on.
		r = arbiter(t, dir, nil, append([]string{"check", "-q", "--format", "none", "--out", out, "--resume"}, append(tc.first, "a.pgn", "b.pgn")...)...)
		if r.code != 1 {
			t.Errorf("resume with the same --moves: exit %d\n%s", r.code, r.stderr)
		}
		os.RemoveAll(out)
	}
}

// TestCheckNonUTF8FileName: a file whose name is not UTF-8 (Latin-1
// "café.pgn") is written with valid UTF-8 in the tables, its real path kept
// escaped in the manifest, and a resumed run finds it done.
func TestCheckNonUTF8FileName(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "caf\xe9.pgn", games(0, 4))
	r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "out", "caf\xe9.pgn")
	if r.code != 1 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "out/manifest.json"))
	if !bytes.Contains(raw, []byte(`"path": "caf%E9.pgn"`)) || !bytes.Contains(raw, []byte(`"path_escaped": "caf%E9.pgn"`)) {
		t.Errorf("manifest:\n%s", raw)
	}
	r = arbiter(t, dir, nil, "check", "--format", "none", "--out", "out", "--resume", "caf\xe9.pgn")
	if files, _, _ := counts(t, r.stderr); files != "0" || !strings.Contains(r.stderr, "1 file skipped (already done)") {
		t.Errorf("resume read it again:\n%s", r.stderr)
	}
	if g := statsGames(t, dir, "out"); g != 4 {
		t.Errorf("stats counts %d games, want 4", g)
	}
}

// TestCheckEmptyInput: an empty file, empty standard input and a directory
// named with no game file are each a no-game warning at line 1, column 1
// in every format, which --fail-on warning fails on and --disable no-game
// silences; a file with games gets no such line. A format that prints
// findings prints it once, and stderr, which a CI log shows beside stdout,
// does not name it again; with --format none (and --out, whose tables hold
// only games' findings) stderr names it, standard input as <stdin>.
func TestCheckEmptyInput(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "empty.pgn", nil)
	write(t, dir, "g.pgn", games(1, 2))
	write(t, dir, "upload/notes.txt", []byte("no games here\n"))
	r := arbiter(t, dir, nil, "check", "empty.pgn")
	if r.code != 0 || strings.Contains(r.stderr, "no game") ||
		r.stdout != "empty.pgn:1:1: warning no-game: no game in this input\n" {
		t.Errorf("empty: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	r = arbiter(t, dir, nil, "check", "--fail-on", "warning", "empty.pgn")
	if r.code != 1 {
		t.Errorf("empty, --fail-on warning: exit %d, want 1\n%s", r.code, r.stderr)
	}
	r = arbiter(t, dir, nil, "check", "--fail-on", "warning", "--disable", "no-game", "empty.pgn")
	if r.code != 0 || r.stdout != "" {
		t.Errorf("empty, --disable no-game: exit %d, stdout:\n%s", r.code, r.stdout)
	}
	r = arbiter(t, dir, strings.NewReader(""), "check", "--fail-on", "warning", "-")
	if r.code != 1 || strings.Contains(r.stderr, "no game") ||
		r.stdout != "<stdin>:1:1: warning no-game: no game in this input\n" {
		t.Errorf("empty stdin: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	r = arbiter(t, dir, strings.NewReader(""), "check", "--format", "none", "-")
	if r.code != 0 || strings.Count(r.stderr, "no game") != 1 || !strings.Contains(r.stderr, " WRN no game in this input file=<stdin>\n") || r.stdout != "" {
		t.Errorf("empty stdin, --format none: exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	r = arbiter(t, dir, nil, "check", "--format", "none", "--out", "out", "empty.pgn", "upload")
	if r.code != 0 || strings.Count(r.stderr, "no game") != 2 || !strings.Contains(r.stderr, " WRN no game in this input file=empty.pgn\n") ||
		!strings.Contains(r.stderr, " WRN no game file in this directory file=upload\n") {
		t.Errorf("--format none --out: exit %d, stderr:\n%s", r.code, r.stderr)
	}
	for format, want := range map[string]string{
		"text":   "upload:1:1: warning no-game: no game file in this directory\n",
		"jsonl":  `{"file":"upload","game":null,"line":1,"column":1,"ply":null,"move":null,"code":"no-game","severity":"warning","message":"no game file in this directory","suggestions":[]}` + "\n",
		"github": "::warning file=upload,line=1,col=1,title=no-game::no game file in this directory\n",
		"sarif":  `{"ruleId":"no-game","ruleIndex":26,"level":"warning","message":{"text":"no game file in this directory"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"upload"},"region":{"startLine":1,"startColumn":1}}}],"properties":{"suggestions":[]}}`,
	} {
		r = arbiter(t, dir, nil, "check", "--format", format, "--fail-on", "warning", "upload", "empty.pgn")
		if r.code != 1 || !strings.Contains(r.stdout, want) {
			t.Errorf("%s, a directory without games: exit %d, stdout:\n%s\nwant it to hold:\n%s", format, r.code, r.stdout, want)
		}
		// Once each in the log of stdout and stderr together.
		log := r.stdout + r.stderr
		if strings.Count(log, "no game file in this directory") != 1 || strings.Count(log, "no game in this input") != 1 {
			t.Errorf("%s: no-game not once an input in stdout and stderr:\n%s", format, log)
		}
	}
	r = arbiter(t, dir, nil, "check", "--fail-on", "never", "g.pgn")
	if r.code != 0 || strings.Contains(r.stderr, "no game in this input") || strings.Contains(r.stdout, "no-game") {
		t.Errorf("games: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// TestCheckSARIFOverrides: --severity and --disable reach the SARIF log
// as the invocation's rule configuration overrides.
func TestCheckSARIFOverrides(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "g.pgn", games(1, 2))
	r := arbiter(t, dir, nil, "check", "--format", "sarif", "--severity", "tag-missing=info", "--disable", "duplicate-game", "g.pgn")
	want := `"ruleConfigurationOverrides":[{"descriptor":{"id":"tag-missing","index":18},"configuration":{"level":"note"}},` +
		`{"descriptor":{"id":"duplicate-game","index":25},"configuration":{"enabled":false}}]`
	if r.code > 1 || !strings.Contains(r.stdout, want) {
		t.Errorf("exit %d, sarif:\n%s\nwant it to hold:\n%s", r.code, r.stdout, want)
	}
}

// TestCheckConfigFile: --config reads the rule settings and --fail-on from
// a JSON file, the flags given on the command line win over it, and a bad
// file is a usage error that names every fault, each at its line and column.
func TestCheckConfigFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "empty.pgn", nil)
	write(t, dir, "ci.json", []byte(`{"fail-on": "warning", "severity": {"tag-missing": "info"}}`))
	write(t, dir, "quiet.json", []byte(`{"fail-on": "warning", "disable": ["no-game"]}`))
	write(t, dir, "bad.json", []byte("{\n  \"disable\": [\"no-gmae\"]\n}\n"))
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"--config", "ci.json"}, 1, ""},
		{[]string{"--config", "ci.json", "--quiet=false"}, 1, "arbiter: failing: 1 finding at warning or above (fail-on warning in ci.json)\n"},
		{[]string{"--config", "ci.json", "--quiet=false", "--fail-on", "info"}, 1, "arbiter: failing: 1 finding at info or above (--fail-on info)\n"},
		{[]string{"--config", "ci.json", "--fail-on", "error"}, 0, ""},
		{[]string{"--config", "quiet.json"}, 0, ""},
		{[]string{"--config", "quiet.json", "--enable", "no-game"}, 1, ""},
		// Disabling every rule leaves an empty upload failing; naming no-game does not.
		{[]string{"--disable", "all", "--enable", "illegal-move", "--fail-on", "warning"}, 1, ""},
		{[]string{"--config", "ci.json", "--disable", "all"}, 1, ""},
		{[]string{"--disable", "all,no-game", "--fail-on", "warning"}, 0, ""},
		{[]string{"--config", "quiet.json", "--disable", "all", "--enable", "illegal-move"}, 1, ""},
		{[]string{"--config", "bad.json"}, 2, `--config: bad.json:2:15: unknown rule code "no-gmae" (did you mean no-game?)`},
		{[]string{"--config", "none.json"}, 2, "--config: open none.json: no such file or directory"},
	} {
		r := arbiter(t, dir, nil, append(append([]string{"check", "-q"}, c.args...), "empty.pgn")...)
		if r.code != c.code || !strings.Contains(r.stderr, c.err) {
			t.Errorf("%q: exit %d, want %d; stderr:\n%s", c.args, r.code, c.code, r.stderr)
		}
	}

	// Every fault of the file, a line each, in file order; the known codes once.
	write(t, dir, "faults.json", []byte("{\n  \"disable\": [\"no-gmae\", \"tag-mising\"],\n  \"fail-on\": \"warnings\"\n}\n"))
	r := arbiter(t, dir, nil, "check", "--config", "faults.json", "empty.pgn")
	want := `arbiter: --config: faults.json:2:15: unknown rule code "no-gmae" (did you mean no-game?); known codes: ` + strings.Join(codeNames(), ", ") + "\n" +
		`arbiter: --config: faults.json:2:26: unknown rule code "tag-mising" (did you mean tag-missing?) (known codes: see above)` + "\n" +
		`arbiter: --config: faults.json:3:14: "fail-on" must be error, warning, info or never (or none), not "warnings"` + "\n"
	if r.code != 2 || r.stderr != want || r.stdout != "" {
		t.Errorf("a file with three faults: exit %d, stdout %q, stderr:\n%s\nwant:\n%s", r.code, r.stdout, r.stderr, want)
	}
}

// codeNames are the catalogue's codes, in its order.
func codeNames() []string {
	var names []string
	for _, r := range validate.Catalogue {
		names = append(names, string(r.Code))
	}
	return names
}

// TestCheckUnreadableInputLine: an input that cannot be read is a line of
// the text format and a record of jsonl, as it is an annotation in github
// and a notification in sarif; the exit status stays 2.
func TestCheckUnreadableInputLine(t *testing.T) {
	dir := t.TempDir()
	r := arbiter(t, dir, nil, "check", "missing.pgn")
	if want := "missing.pgn:1:1: error unreadable-input: cannot open: no such file or directory\n"; r.code != 2 || r.stdout != want {
		t.Errorf("text: exit %d, stdout %q, want %q", r.code, r.stdout, want)
	}
	r = arbiter(t, dir, nil, "check", "--format", "jsonl", "missing.pgn")
	if want := `{"file":"missing.pgn","game":null,"line":1,"column":1,"ply":null,"move":null,"code":"unreadable-input","severity":"error","message":"cannot open: no such file or directory","suggestions":[]}` + "\n"; r.code != 2 || r.stdout != want {
		t.Errorf("jsonl: exit %d, stdout %q, want %q", r.code, r.stdout, want)
	}
	r = arbiter(t, dir, nil, "check", "--format", "github", "missing.pgn")
	if want := "::error file=missing.pgn,line=1,col=1,title=unreadable-input::cannot open: no such file or directory\n"; r.code != 2 || r.stdout != want {
		t.Errorf("github: exit %d, stdout %q, want %q", r.code, r.stdout, want)
	}
	// Standard input cut short is <stdin> in the line, as the text format
	// names it; the line's message does not repeat it, and the log, which
	// names it only under --format none, does not.
	cut := gz(t, games(1, 1))
	r = arbiter(t, dir, bytes.NewReader(cut[:len(cut)-12]), "check", "-")
	want := "<stdin>:1:1: error unreadable-input: gzip stream broken after "
	if r.code != 2 || !strings.Contains(r.stdout, want) || strings.Contains(r.stderr, "gzip") {
		t.Errorf("stdin: exit %d, stdout:\n%s\nstderr:\n%s\nwant a line starting %q and no log line", r.code, r.stdout, r.stderr, want)
	}
	r = arbiter(t, dir, bytes.NewReader(cut[:len(cut)-12]), "check", "--format", "none", "-")
	if r.code != 2 || !strings.Contains(r.stderr, `error="<stdin>: gzip stream broken after `) || !strings.Contains(r.stderr, "file=<stdin>") {
		t.Errorf("stdin, --format none: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// TestCheckUnreadableInputOnce: a CI log holds standard output and error
// both, and there an input that cannot be read is named once, whatever the
// format: by its finding when the format prints findings, else by the log
// line; the summary only counts it, and the exit status stays 2.
func TestCheckUnreadableInputOnce(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "clean.pgn", []byte(cleanGame))
	for _, format := range []string{"text", "jsonl", "sarif", "github", "none"} {
		r := arbiter(t, dir, nil, "check", "--format", format, "missing.pgn", "clean.pgn")
		both := r.stdout + r.stderr
		if n := strings.Count(both, "no such file or directory"); r.code != 2 || n != 1 {
			t.Errorf("%s: exit %d, the reason %d times in\n%s", format, r.code, n, both)
		}
		logged := strings.Contains(r.stderr, "ERR cannot read input")
		if logged != (format == "none") {
			t.Errorf("%s: logged %v; stderr:\n%s", format, logged, r.stderr)
		}
		// The summary counts it, once: no line after it says so again.
		if !strings.HasSuffix(r.stderr, "; 1 file unreadable\n") || strings.Contains(r.stderr, "could not be read") {
			t.Errorf("%s: the count missing from stderr, or said twice:\n%s", format, r.stderr)
		}
	}
}

// TestCheckInterruptBlockedInput: one SIGTERM ends a run waiting on an input
// that never sends (a FIFO without a writer, on which open itself blocks),
// with status 130, after the grace period rather than never; the same for
// standard input that sends nothing.
func TestCheckInterruptBlockedInput(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.pgn")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	for _, tc := range []struct {
		name  string
		args  []string
		stdin bool
	}{
		{"fifo", []string{"check", "--format", "none", "--progress", "never", "--out", "o1", fifo}, false},
		{"stdin", []string{"convert", "-o", "c.pgn", "-"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The signal must come after arbiter set its handler: a
			// process killed by it (the default action) lost that race
			// on a loaded machine, and is started again with a longer pause.
			var err error
			var stderr bytes.Buffer
			for _, pause := range []time.Duration{300 * time.Millisecond, time.Second, 3 * time.Second} {
				stderr.Reset()
				err = interruptAfter(t, tc.args, tc.stdin, dir, &stderr, pause)
				var exit *exec.ExitError
				if !errors.As(err, &exit) || !exit.Sys().(syscall.WaitStatus).Signaled() {
					break
				}
			}
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 130 || !strings.Contains(stderr.String(), "stopping now") {
				t.Fatalf("exit %v, want 130 and a word on why\n%s", err, stderr.String())
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "*c.pgn*")); len(left) > 0 {
				t.Errorf("convert left %v", left)
			}
		})
	}
}

// interruptAfter starts arbiter with args in dir (stdin a pipe nobody
// writes to, when stdin is set), sends it SIGTERM after pause and returns
// how it ended.
func interruptAfter(t *testing.T, args []string, stdin bool, dir string, stderr *bytes.Buffer, pause time.Duration) error {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stderr = stderr
	if stdin {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close() // open, silent: the read blocks
		defer r.Close()
		cmd.Stdin = r
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(pause)
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("arbiter did not stop after one SIGTERM")
	}
	return nil
}

// A scoresheet saved by a Windows editor as "Unicode" (UTF-16 with a BOM)
// is checked as its UTF-8 copy: the same findings at the same lines and
// columns, and convert writes the same clean PGN.
func TestCheckUTF16(t *testing.T) {
	dir := t.TempDir()
	text := "[Event \"Мемориал\"]\r\n[Result \"1-0\"]\r\n\r\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b5 a7-a6 4. С:c6 dc 5. Kh9 1-0\r\n"
	units := utf16.Encode([]rune("\ufeff" + text))
	var le []byte
	for _, u := range units {
		le = append(le, byte(u), byte(u>>8))
	}
	write(t, dir, "utf8.pgn", []byte(text))
	write(t, dir, "utf16.pgn", le)
	want := arbiter(t, dir, nil, "check", "utf8.pgn")
	got := arbiter(t, dir, nil, "check", "utf16.pgn")
	if want.stdout == "" || strings.ReplaceAll(got.stdout, "utf16.pgn", "utf8.pgn") != want.stdout || got.code != want.code {
		t.Errorf("UTF-16 file, exit %d:\n%s\nwant as the UTF-8 file's, exit %d:\n%s", got.code, got.stdout, want.code, want.stdout)
	}
	if !strings.Contains(want.stdout, "utf8.pgn:4:67: error syntax") {
		t.Errorf("the UTF-8 file's findings lack the syntax error at 4:67:\n%s", want.stdout)
	}
	a := arbiter(t, dir, nil, "convert", "utf8.pgn", "-o", "a.pgn")
	b := arbiter(t, dir, nil, "convert", "utf16.pgn", "-o", "b.pgn")
	pa, _ := os.ReadFile(filepath.Join(dir, "a.pgn"))
	pb, _ := os.ReadFile(filepath.Join(dir, "b.pgn"))
	if a.code != b.code || len(pa) == 0 || !bytes.Equal(pa, pb) {
		t.Errorf("convert: UTF-16 gave exit %d\n%s\nUTF-8 exit %d\n%s", b.code, pb, a.code, pa)
	}
}

// pzst compresses b as pzstd does: a skippable frame, holding the size of
// the zstd frame that follows, before each frame.
func pzst(t *testing.T, b []byte) []byte {
	frame := zst(t, b)
	out := []byte{0x50, 0x2a, 0x4d, 0x18, 4, 0, 0, 0, byte(len(frame)), byte(len(frame) >> 8), byte(len(frame) >> 16), byte(len(frame) >> 24)}
	return append(out, frame...)
}

// TestCheckPzstdAndForeignFormats: a .zst made by pzstd is read, named or
// found in a directory; an xz file named is refused with status 2 and a
// message naming its format; in a directory, such a file and an empty .zst
// are left out with a warning naming them, not silently.
func TestCheckPzstdAndForeignFormats(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "d/month.pgn.zst", pzst(t, games(0, 6)))
	write(t, dir, "d/old.pgn.xz", []byte("\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46\x02\x00\x21\x01"))
	write(t, dir, "d/next.pgn.zst", nil)

	r := arbiter(t, dir, nil, "check", "--format", "none", "d/month.pgn.zst")
	if _, read, _ := counts(t, r.stderr); r.code != 1 || read != "6" {
		t.Errorf("pzstd file named: exit %d, stderr:\n%s", r.code, r.stderr)
	}

	r = arbiter(t, dir, nil, "check", "--format", "none", "d/old.pgn.xz")
	want := "ERR cannot read input error=\"d/old.pgn.xz: an xz-compressed file, which arbiter does not read (it reads PGN text, plain or compressed with gzip, zstd or bzip2): pipe its text in, e.g. `xz -dc d/old.pgn.xz | arbiter check -`\" file=d/old.pgn.xz\n"
	if r.code != 2 || !strings.Contains(r.stderr, want) || !strings.HasSuffix(r.stderr, "; 1 file unreadable\n") {
		t.Errorf("xz named: exit %d, stderr:\n%s\nwant it to hold\n%s", r.code, r.stderr, want)
	}

	r = arbiter(t, dir, nil, "check", "--format", "none", "--fail-on", "never", "d")
	for _, want := range []string{
		"WRN skipping a file found in a directory: not read as games path=d/next.pgn.zst reason=\"the name says PGN, but the file is empty\"\n",
		"WRN skipping a file found in a directory: not read as games path=d/old.pgn.xz reason=\"an xz-compressed file, which arbiter does not read\"\n",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("directory: stderr does not hold %q:\n%s", want, r.stderr)
		}
	}
	if files, read, _ := counts(t, r.stderr); r.code != 0 || files != "1" || read != "6" {
		t.Errorf("directory: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// TestCheckBrokenOffGame: the game a truncated .gz cuts short carries a
// syntax error at the end of its text; the games before it do not.
func TestCheckBrokenOffGame(t *testing.T) {
	dir := t.TempDir()
	text := games(1, 2)                           // two clean games
	cut := bytes.LastIndex(text, []byte("Qxf7#")) // "... 3. Bc4 Nf6 4. "
	z := gz(t, text[:cut])
	write(t, dir, "cut.pgn.gz", z[:len(z)-8]) // no trailer: the stream breaks after the text
	r := arbiter(t, dir, nil, "check", "--format", "jsonl", "cut.pgn.gz")
	if r.code != 2 {
		t.Fatalf("exit %d, want 2\n%s", r.code, r.stderr)
	}
	line := bytes.Count(text[:cut], []byte("\n")) + 1
	col := cut - bytes.LastIndexByte(text[:cut], '\n') - 1 // the blank before the cut is not the text's end
	want := fmt.Sprintf(`{"file":"cut.pgn.gz","game":1,"line":%d,"column":%d,"ply":null,"move":null,"code":"syntax","severity":"error",`+
		`"message":"the input breaks off here (gzip stream broken after %d bytes of text: unexpected EOF): the game is incomplete","suggestions":[]}`, line, col, cut)
	var got []string
	for l := range strings.Lines(r.stdout) {
		if strings.Contains(l, "breaks off") {
			got = append(got, strings.TrimSpace(l))
		}
	}
	if len(got) != 1 || got[0] != want {
		t.Errorf("findings saying the input broke off:\n%q\nwant\n%q", got, want)
	}
	if _, read, written := counts(t, r.stderr); read != "2" || written != "2" {
		t.Errorf("games read %s, written %s", read, written)
	}
}

// TestCheckZstdWindowTooLarge: a zstd stream that needs a larger window
// than arbiter accepts (zstd --long=30) is refused with a message that says
// so, with status 2.
func TestCheckZstdWindowTooLarge(t *testing.T) {
	dir := t.TempDir()
	frame := zst(t, games(0, 2))
	if frame[4]&0x20 != 0 {
		t.Fatalf("% x: a single-segment frame", frame[:6])
	}
	frame[5] = (30 - 10) << 3 // a 1 GiB window, as --long=30 writes
	write(t, dir, "long.pgn.zst", frame)
	r := arbiter(t, dir, nil, "check", "long.pgn.zst")
	want := "long.pgn.zst:1:1: error unreadable-input: this zstd stream needs a 1024 MiB window, more than the 128 MiB arbiter accepts (zstd --long writes such streams; the file is not broken): recompress it without --long or with --long=27 or less, or pipe it in: `zstd -dc --long=31 long.pgn.zst | arbiter check -`\n"
	if r.code != 2 || r.stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant\n%s", r.code, r.stdout, want)
	}
}

// TestCheckDirectoryLinksAndWalkErrors: a link to a directory named on the
// command line is read, with or without a trailing '/', as the directory
// is (it read nothing and exited 0), and so is one found in a walk; a link
// up the tree is named and not followed; what a walk cannot read is counted
// and reported entry by entry, each by its own path, with exit status 2,
// and --out's manifest lists each as an input with its error (they were
// one "cannot read a directory" error, counted once per directory).
func TestCheckDirectoryLinksAndWalkErrors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "real/2023/x.pgn", []byte(cleanGame+cleanGame))
	os.MkdirAll(filepath.Join(dir, "top"), 0o755)
	if err := os.Symlink("../real/2023", filepath.Join(dir, "top/2023")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("..", filepath.Join(dir, "real/2023/up")); err != nil {
		t.Fatal(err)
	}
	realDir, err := filepath.EvalSymlinks(filepath.Join(dir, "real"))
	if err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"top/2023", "top/2023/", "top"} {
		r := arbiter(t, dir, nil, "check", "--format", "none", arg)
		up := `INF skipping a linked directory: not followed path=top/2023/up reason="a link to ` + realDir + `, a directory that holds it: not followed, as it would loop"` + "\n"
		if files, read, _ := counts(t, r.stderr); r.code != 0 || files != "1" || read != "2" || !strings.Contains(r.stderr, up) {
			t.Errorf("check %s: exit %d, want 0 and %q; stderr:\n%s", arg, r.code, up, r.stderr)
		}
	}

	write(t, dir, "d/ok.pgn", []byte(cleanGame))
	os.Symlink("/nonexistent/x.pgn", filepath.Join(dir, "d/dangling.pgn"))
	os.Symlink("self", filepath.Join(dir, "d/self"))
	want := []string{
		`ERR cannot read input error="stat d/dangling.pgn: no such file or directory" file=d/dangling.pgn` + "\n",
		`ERR cannot read input error="stat d/self: too many levels of symbolic links" file=d/self` + "\n",
	}
	if os.Geteuid() != 0 {
		write(t, dir, "d/locked/a.pgn", []byte(cleanGame))
		for _, name := range []string{"u1.pgn", "u2.txt", "u3.pgn.gz"} {
			p := write(t, dir, "d/"+name, []byte(cleanGame))
			os.Chmod(p, 0)
			want = append(want, `ERR cannot read input error="open d/`+name+`: permission denied" file=d/`+name+"\n")
		}
		locked := filepath.Join(dir, "d/locked")
		os.Chmod(locked, 0)
		defer os.Chmod(locked, 0o755)
		want = append(want, `ERR cannot read input error="open d/locked: permission denied" file=d/locked`+"\n")
	}
	r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "o", "d")
	failed := fmt.Sprintf("; %d files unreadable\n", len(want))
	if files, read, _ := counts(t, r.stderr); r.code != 2 || files != fmt.Sprint(len(want)+1) || read != "1" || !strings.Contains(r.stderr, failed) ||
		strings.Contains(r.stderr, "cannot read a directory") {
		t.Errorf("walk errors: exit %d, want 2 and %q; stderr:\n%s", r.code, failed, r.stderr)
	}
	for _, w := range want {
		if strings.Count(r.stderr, w) != 1 {
			t.Errorf("stderr does not hold once %q:\n%s", w, r.stderr)
		}
	}
	raw, err := os.ReadFile(filepath.Join(dir, "o", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Inputs []struct {
			Path      string `json:"path"`
			Completed bool   `json:"completed"`
			Error     string `json:"error"`
		} `json:"inputs"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	failedInManifest := 0
	for _, in := range m.Inputs {
		switch {
		case in.Path == "d/ok.pgn" && in.Completed && in.Error == "":
		case !in.Completed && (strings.HasPrefix(in.Error, "stat "+in.Path+": ") || strings.HasPrefix(in.Error, "open "+in.Path+": ")):
			failedInManifest++
		default:
			t.Errorf("manifest entry %+v", in)
		}
	}
	if len(m.Inputs) != len(want)+1 || failedInManifest != len(want) {
		t.Errorf("manifest lists %d inputs, %d failed; want %d failed:\n%s", len(m.Inputs), failedInManifest, len(want), raw)
	}
}

// TestFullOutputWritesNoRecord: findings written to a full device count no
// record written (they were taken into a buffer, never written), whether
// the write fails during the run or as the output is closed; so with
// convert's games.
func TestFullOutputWritesNoRecord(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here:", err)
	}
	defer full.Close()
	dir := t.TempDir()
	write(t, dir, "one.pgn", []byte(brokenGame))
	write(t, dir, "many.pgn", games(0, 3000)) // findings past a buffer
	run := func(args ...string) (int, string) {
		cmd := exec.Command(binary, args...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = full, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%v: %v\n%s", args, err, stderr.String())
		}
		return exit.ExitCode(), stderr.String()
	}
	for _, format := range []string{"text", "jsonl", "sarif", "github"} {
		for _, in := range []string{"one.pgn", "many.pgn"} {
			code, stderr := run("check", "--format", format, in)
			if code != 2 || !regexp.MustCompile(` games? read, 0 records written, .*; stopped by an error\n.*no space left on device`).MatchString(stderr) {
				t.Errorf("check --format %s %s: exit %d\n%s", format, in, code, stderr)
			}
		}
	}
	for _, in := range []string{"one.pgn", "many.pgn"} {
		for _, o := range []string{"-", "/dev/full"} {
			code, stderr := run("convert", in, "-o", o)
			if code != 2 || !regexp.MustCompile(` games? read, 0 games written, .*; stopped by an error\n.*no space left on device`).MatchString(stderr) {
				t.Errorf("convert %s -o %s: exit %d\n%s", in, o, code, stderr)
			}
		}
	}
}

// TestCheckUploadMix: a tournament upload as a CI job meets it (plain and
// gzipped PGN, an empty file, a Windows-1251 file, a README) gives the
// same two findings in every format, the README passed over, and the exit
// statuses the README gives for each --fail-on.
func TestCheckUploadMix(t *testing.T) {
	dir := t.TempDir()
	up := filepath.Join(dir, "up")
	if err := os.Mkdir(up, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, up, "a.pgn", []byte(cleanGame))
	write(t, up, "b.pgn.gz", gz(t, []byte("[Event \"B\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Ke3 0-1\n")))
	write(t, up, "empty.pgn", nil)
	ivanov := "\xc8\xe2\xe0\xed\xee\xe2" // Иванов in Windows-1251
	write(t, up, "ru.pgn", []byte("[Event \"E\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \""+ivanov+"\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n"))
	write(t, up, "README.txt", []byte("Round 1 games\n"))
	want := map[string]string{
		"text": "up/b.pgn.gz:9:13: error illegal-move: Ke3: no white king can reach e3 (move 2. Ke3, ply 3)\n" +
			"up/empty.pgn:1:1: warning no-game: no game in this input\n",
		"github": "::error file=up/b.pgn.gz,line=9,col=13,title=illegal-move::Ke3: no white king can reach e3 (move 2. Ke3, ply 3)\n" +
			"::warning file=up/empty.pgn,line=1,col=1,title=no-game::no game in this input\n",
		"jsonl": `{"file":"up/b.pgn.gz","game":0,"line":9,"column":13,"ply":3,"move":"Ke3","code":"illegal-move","severity":"error","message":"Ke3: no white king can reach e3","suggestions":["Ke2"]}` + "\n" +
			`{"file":"up/empty.pgn","game":null,"line":1,"column":1,"ply":null,"move":null,"code":"no-game","severity":"warning","message":"no game in this input","suggestions":[]}` + "\n",
		"none": "",
	}
	for format, out := range want {
		r := arbiter(t, dir, nil, "check", "-q", "--format", format, "up")
		if r.code != 1 || r.stdout != out {
			t.Errorf("--format %s: exit %d, stdout:\n%s\nwant:\n%s", format, r.code, r.stdout, out)
		}
	}
	r := arbiter(t, dir, nil, "check", "-q", "--format", "sarif", "up")
	if r.code != 1 || strings.Count(r.stdout, `"ruleId":`) != 2 || !strings.Contains(r.stdout, `"ruleId":"no-game"`) || strings.Contains(r.stdout, "README") {
		t.Errorf("sarif: exit %d:\n%s", r.code, r.stdout)
	}
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"--fail-on", "never"}, 0},
		{[]string{"--fail-on", "info"}, 1},
		{[]string{"--fail-on", "error", "--disable", "illegal-move"}, 0},
		{[]string{"--fail-on", "warning", "--disable", "illegal-move"}, 1},
		{[]string{"--fail-on", "never", "up/missing.pgn"}, 2},
	} {
		r := arbiter(t, dir, nil, append(append([]string{"check", "-q", "--format", "none"}, c.args...), "up")...)
		if r.code != c.code {
			t.Errorf("%q: exit %d, want %d\n%s", c.args, r.code, c.code, r.stderr)
		}
	}
}

// TestOneSlip: the typing slips a flag suggestion forgives, and near misses
// it must not take for one.
// A flag one slip away is named: a letter swapped, dropped, added or wrong;
// two slips, or a word too short to tell, are not.
func TestNearestFlag(t *testing.T) {
	cmd := newCheckCmd()
	for name, want := range map[string]string{
		"fromat": "format", "formt": "format", "formatt": "format", "formas": "format",
		"frmoat": "", "fo": "", "tamrof": "", "wrokers": "workers", "output": "out", "fail": "fail-on",
	} {
		if got := nearestFlag(cmd, name); got != want {
			t.Errorf("nearestFlag(check, %q) = %q, want %q", name, got, want)
		}
	}
}

// The project's Chess960 perft suite is checked clean: its line 47, which
// writes no castling right and has its bishops behind unmoved pawns, is
// read as Chess960 as the lines before it, its counts checked, and the
// suite's one finding is the note at line 1.
func TestCheckChess960PerftSuite(t *testing.T) {
	suite, _ := filepath.Abs("../../testdata/perft/chess960.epd")
	r := arbiter(t, t.TempDir(), nil, "check", "--fail-on", "info", suite)
	want := suite + ":1:1: info non-standard-notation: the FEN's castling rights need a king or rook off its square in standard chess, " +
		"and no Variant tag names Chess960: the game is read as Chess960" + validate.ReadingNoteOnce + " (start position)\n"
	if r.code != 1 || r.stdout != want || !strings.Contains(r.stderr, " 50 games read, 50 records written, 0 plies: 0 errors, 0 warnings, 1 info in ") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// TestCheckInterruptedQuiet: under --quiet, which drops the summary, one
// line still says the run was interrupted, after the findings logged.
func TestCheckInterruptedQuiet(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(binary, "check", "--quiet", "--format", "none", "-")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	interruptWhileFeeding(t, cmd, 2<<20, &stderr)
	if n, last := interruptedLines(stderr.String()); n != 1 || last != "arbiter: interrupted" {
		t.Errorf("%d lines say interrupted, the last line is %q; want one, the last: arbiter: interrupted", n, last)
	}
}

// interruptedLines counts the lines of stderr that say "interrupted" and
// returns its last line: the findings logged before it say nothing of it.
func interruptedLines(stderr string) (n int, last string) {
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	for _, l := range lines {
		if strings.Contains(l, "interrupted") {
			n++
		}
	}
	return n, lines[len(lines)-1]
}

// TestVersion: arbiter --version names the build, on standard output, as
// SARIF's tool.driver.version does (pipeline.Version: the module version,
// or devel and the commit when the build stamped one).
func TestVersion(t *testing.T) {
	r := arbiter(t, t.TempDir(), nil, "--version")
	v, ok := strings.CutPrefix(r.stdout, "arbiter version ")
	v, nl := strings.CutSuffix(v, "\n")
	if r.code != 0 || !ok || !nl || v == "" || strings.ContainsAny(v, " \n") || r.stderr != "" {
		t.Errorf("arbiter --version: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
