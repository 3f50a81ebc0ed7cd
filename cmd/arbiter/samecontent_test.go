package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// contentOf reads the content sums DIR/manifest.json records, by path; an
// input without one is absent.
func contentOf(t *testing.T, dir string) map[string]struct{ Bytes, CRC32C int64 } {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Inputs []struct {
			Path    string
			Content *struct {
				Bytes  int64 `json:"bytes"`
				CRC32C int64 `json:"crc32c"`
			} `json:"content"`
		}
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]struct{ Bytes, CRC32C int64 }{}
	for _, in := range m.Inputs {
		if in.Content != nil {
			out[in.Path] = struct{ Bytes, CRC32C int64 }{in.Content.Bytes, in.Content.CRC32C}
		}
	}
	return out
}

// sumOf is the content sum of data as the manifest records it.
func sumOf(data []byte) struct{ Bytes, CRC32C int64 } {
	return struct{ Bytes, CRC32C int64 }{int64(len(data)), int64(crc32.Checksum(data, crc32.MakeTable(crc32.Castagnoli)))}
}

// TestCheckAndStatsSameContent: the same games file given under three
// names (a copy in another directory, and its bytes piped in under
// --stdin-name) is checked three times, as asked, but check warns, naming
// them, and counts the copies in its summary; the manifest records each
// input's content sum (none for one that could not be read); arbiter
// stats warns on stderr and in the report, in every format. Inputs of
// other content draw no warning.
func TestCheckAndStatsSameContent(t *testing.T) {
	dir := t.TempDir()
	a := games(0, 6)
	write(t, dir, "a.pgn", a)
	write(t, dir, "d/copy.pgn", a)
	write(t, dir, "c.pgn", games(6, 4))
	zst := zst(t, games(10, 3))
	write(t, dir, "z.pgn.zst", zst)
	r := arbiterPiped(t, dir, nil, a, "check", "--format", "none", "--out", "o", "--stdin-name", "s.pgn",
		"a.pgn", "c.pgn", "missing.pgn", "d/copy.pgn", "z.pgn.zst", "-")
	if r.code != 2 {
		t.Fatalf("check: exit %d, want 2 (missing.pgn)\n%s", r.code, r.stderr)
	}
	wantWarn := fmt.Sprintf(`inputs with the same content: their games are counted once per input bytes=%d games=6 paths=["a.pgn","d/copy.pgn","s.pgn"]`, len(a))
	if got := logLines(r.stderr, "WRN"); !slices.Equal(got, []string{wantWarn}) {
		t.Errorf("warnings %q, want %q", got, wantWarn)
	}
	if !strings.Contains(r.stderr, "; 1 file unreadable; 2 files with the same content as another\n") {
		t.Errorf("the summary does not count the copies:\n%s", r.stderr)
	}
	wantSums := map[string]struct{ Bytes, CRC32C int64 }{
		"a.pgn": sumOf(a), "d/copy.pgn": sumOf(a), "s.pgn": sumOf(a), "c.pgn": sumOf(games(6, 4)), "z.pgn.zst": sumOf(zst),
	}
	if got := contentOf(t, filepath.Join(dir, "o")); !reflect.DeepEqual(got, wantSums) {
		t.Errorf("content sums %v, want %v (the bytes on disk; none for missing.pgn)", got, wantSums)
	}

	msg := fmt.Sprintf("a.pgn, d/copy.pgn and s.pgn hold the same content (%d bytes, 6 games each): their games are counted once per input", len(a))
	// missing.pgn, which could not be read, is named too.
	missing := "missing.pgn could not be read (open missing.pgn: no such file or directory): the report counts none of its games"
	s := arbiter(t, dir, nil, "stats", "--format", "json", "o")
	if s.code != 0 || s.stderr != "arbiter stats: "+missing+"\narbiter stats: "+msg+"\n" {
		t.Errorf("stats: exit %d, stderr:\n%s\nwant:\narbiter stats: %s\narbiter stats: %s", s.code, s.stderr, missing, msg)
	}
	var sum struct {
		Games    int64    `json:"games"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(s.stdout), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Games != 6*3+4+3 || !slices.Equal(sum.Warnings, []string{missing, msg}) {
		t.Errorf("report: %d games, warnings %q; want 25 games (each input's, as asked) and %q, %q", sum.Games, sum.Warnings, missing, msg)
	}
	for format, want := range map[string]string{
		"table":    "Warnings\n  " + missing + "\n  " + msg + "\n",
		"markdown": "## Warnings\n\n- " + missing + "\n- " + strings.ReplaceAll(msg, "_", `\_`) + "\n",
		"html":     "<h2>Warnings</h2>\n<ul>\n<li>" + missing + "</li>\n<li>" + msg + "</li>",
	} {
		s := arbiter(t, dir, nil, "stats", "--format", format, "o")
		if s.code != 0 || !strings.Contains(s.stdout, want) {
			t.Errorf("stats --format %s: exit %d, no %q in\n%s", format, s.code, want, s.stdout)
		}
	}

	// Other content: no warning anywhere.
	r = arbiter(t, dir, nil, "check", "--format", "none", "--out", "other", "a.pgn", "c.pgn", "z.pgn.zst")
	if r.code != 1 || len(logLines(r.stderr, "WRN")) != 0 || strings.Contains(r.stderr, "same content") {
		t.Errorf("check of other contents: exit %d\n%s", r.code, r.stderr)
	}
	for _, format := range []string{"json", "table", "markdown", "html"} {
		s := arbiter(t, dir, nil, "stats", "--format", format, "other")
		section := slices.ContainsFunc([]string{`"warnings": [`, "\nWarnings\n", "## Warnings", `id="warnings"`, "same content"},
			func(w string) bool { return strings.Contains(s.stdout, w) })
		if s.code != 0 || s.stderr != "" || section {
			t.Errorf("stats --format %s of other contents: exit %d, stderr %q\n%s", format, s.code, s.stderr, s.stdout)
		}
	}
}

// TestCheckResumeKeepsContent: a resumed run rewrites the manifest, and the
// inputs it skips keep the content sums the earlier run recorded; a copy
// of one of them read now is found the same, by check (in its warning and
// in the report it writes from DIR) and by stats.
func TestCheckResumeKeepsContent(t *testing.T) {
	dir := t.TempDir()
	a, b := games(0, 5), games(5, 3)
	write(t, dir, "a.pgn", a)
	write(t, dir, "b.pgn", b)
	if r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "o", "a.pgn", "b.pgn"); r.code != 1 || strings.Contains(r.stderr, "WRN") {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stderr)
	}
	first := contentOf(t, filepath.Join(dir, "o"))
	if want := map[string]struct{ Bytes, CRC32C int64 }{"a.pgn": sumOf(a), "b.pgn": sumOf(b)}; !reflect.DeepEqual(first, want) {
		t.Fatalf("first run's sums %v, want %v", first, want)
	}
	write(t, dir, "later/a.pgn", a)
	r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "o", "--resume", "--report", "report.json", "a.pgn", "b.pgn", "later/a.pgn")
	if files, read, _ := counts(t, r.stderr); r.code != 1 || files != "1" || read != "5" || !strings.Contains(r.stderr, "2 files skipped (already done)") {
		t.Fatalf("resume: exit %d, %s files, %s games\n%s", r.code, files, read, r.stderr)
	}
	wantWarn := fmt.Sprintf(`inputs with the same content: their games are counted once per input bytes=%d games=5 paths=["a.pgn","later/a.pgn"]`, len(a))
	if got := logLines(r.stderr, "WRN"); !slices.Equal(got, []string{wantWarn}) {
		t.Errorf("warnings %q, want %q", got, wantWarn)
	}
	got := contentOf(t, filepath.Join(dir, "o"))
	if want := map[string]struct{ Bytes, CRC32C int64 }{"a.pgn": sumOf(a), "b.pgn": sumOf(b), "later/a.pgn": sumOf(a)}; !reflect.DeepEqual(got, want) {
		t.Errorf("sums after resuming %v, want %v", got, want)
	}
	msg := fmt.Sprintf("a.pgn and later/a.pgn hold the same content (%d bytes, 5 games each): their games are counted once per input", len(a))
	report, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct{ Warnings []string }
	if err := json.Unmarshal(report, &rep); err != nil || !slices.Equal(rep.Warnings, []string{msg}) {
		t.Errorf("--report's warnings %q (%v), want %q", rep.Warnings, err, msg)
	}
	if s := arbiter(t, dir, nil, "stats", "o"); s.code != 0 || s.stderr != "arbiter stats: "+msg+"\n" {
		t.Errorf("stats: exit %d\n%s", s.code, s.stderr)
	}
}

// TestCheckReportSameContent: without --out, check's summary and the
// report it writes say which inputs held the same content.
func TestCheckReportSameContent(t *testing.T) {
	dir := t.TempDir()
	a := games(0, 4)
	write(t, dir, "a.pgn", a)
	write(t, dir, "b.pgn", a)
	r := arbiter(t, dir, nil, "check", "--format", "none", "--report", "report.md", "a.pgn", "b.pgn")
	if r.code != 1 || !strings.Contains(r.stderr, `paths=["a.pgn","b.pgn"]`) || !strings.Contains(r.stderr, "; 1 file with the same content as another\n") {
		t.Errorf("check: exit %d\n%s", r.code, r.stderr)
	}
	report, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("## Warnings\n\n- a.pgn and b.pgn hold the same content (%d bytes, 4 games each): their games are counted once per input\n", len(a))
	if !bytes.Contains(report, []byte(want)) {
		t.Errorf("no %q in the report:\n%s", want, report)
	}
}

// TestSameContentWarningsFolded: an archive of many copied files names its
// first ten sets of copies on stderr, in check and in stats, and counts the
// others on one line (check names them at debug level); ten sets fold
// nothing.
func TestSameContentWarningsFolded(t *testing.T) {
	for _, sets := range []int{12, 10} {
		dir := t.TempDir()
		for i := range sets {
			g := games(i, 1)
			write(t, dir, fmt.Sprintf("d/a%02d.pgn", i), g)
			write(t, dir, fmt.Sprintf("d/copy/a%02d.pgn", i), g)
		}
		r := arbiter(t, dir, nil, "check", "--format", "none", "--out", "out", "d")
		named := strings.Count(r.stderr, "WRN inputs with the same content")
		more := fmt.Sprintf("WRN %d more sets of inputs with the same content (--log-level debug names them, as arbiter stats --format json out does)", sets-10)
		if sets == 12 && (named != 10 || !strings.Contains(r.stderr, more)) {
			t.Errorf("%d sets: check names %d, want 10 and %q:\n%s", sets, named, more, r.stderr)
		}
		if sets == 10 && (named != 10 || strings.Contains(r.stderr, "more sets")) {
			t.Errorf("%d sets: check names %d, want 10 and no line counting more:\n%s", sets, named, r.stderr)
		}
		r = arbiter(t, dir, nil, "check", "--format", "none", "--log-level", "debug", "d")
		if n := strings.Count(r.stderr, "inputs with the same content: their games"); n != sets {
			t.Errorf("%d sets: --log-level debug names %d", sets, n)
		}
		r = arbiter(t, dir, nil, "stats", "--format", "json", "-o", "r.json", "out")
		named = strings.Count(r.stderr, "hold the same content")
		folded := strings.Contains(r.stderr, "arbiter stats: and 2 more warnings (arbiter stats --format json or markdown lists them all)\n")
		if named != 10 || folded != (sets == 12) {
			t.Errorf("%d sets: stats names %d on stderr, folded %v:\n%s", sets, named, folded, r.stderr)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "r.json")); bytes.Count(b, []byte("hold the same content")) != sets {
			t.Errorf("%d sets: the JSON report does not name every set", sets)
		}
	}
}
