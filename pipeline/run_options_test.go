package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/pipeline/table"
)

func runOptions(t *testing.T, f CheckFlags) RunOptions {
	t.Helper()
	opt, err := f.Options()
	if err != nil {
		t.Fatal(err)
	}
	return opt.RunOptions()
}

// Flags that mean the same give the same RunOptions, whatever their order,
// case and grouping; --moves is one of them.
func TestRunOptions(t *testing.T) {
	def := RunOptions{Rules: "fide", Notation: "auto", Encoding: "auto"}
	if got := runOptions(t, CheckFlags{}); !got.Equal(&def) || got.Flags() != "--rules fide" {
		t.Errorf("zero flags: %+v, %q", got, got.Flags())
	}
	if got := runOptions(t, CheckFlags{Rules: "FIDE", Notation: "Auto", Encoding: "AUTO"}); !got.Equal(&def) {
		t.Errorf("defaults spelt out: %+v", got)
	}
	withMoves := runOptions(t, CheckFlags{Moves: true})
	if d := withMoves.Diff(&def); !slices.Equal(d, []string{"--moves: earlier run off, this run on"}) || withMoves.Flags() != "--rules fide --moves" {
		t.Errorf("--moves: Diff %q, Flags %q", d, withMoves.Flags())
	}
	same := []CheckFlags{
		{Rules: "ussr", Notation: "RU", Encoding: "KOI8-R", Disable: []string{"all"}, Enable: []string{"syntax,illegal-move"}, Severity: []string{"syntax=warning"}},
		{Rules: "USSR", Notation: "russian", Encoding: "koi8-r", Disable: []string{"ALL"}, Enable: []string{"Illegal-Move", "syntax"}, Severity: []string{"SYNTAX=Warning"}},
		{Rules: "ussr", Notation: "ru", Encoding: "koi8-r", Enable: []string{"illegal-move"}, Disable: []string{"tag-missing", "all"}, Severity: []string{"syntax=warning"}},
	}
	want := RunOptions{Rules: "ussr", Notation: "ru", Encoding: "koi8-r", Disable: []string{"all"},
		Enable: []string{"illegal-move", "syntax"}, Severity: []string{"syntax=warning"}}
	for _, f := range same {
		if got := runOptions(t, f); !got.Equal(&want) {
			t.Errorf("%+v: %+v, want %+v (%q)", f, got, want, got.Diff(&want))
		}
	}
	if got, flags := want.Flags(), "--rules ussr --notation ru --encoding koi8-r --disable all --enable illegal-move,syntax --severity syntax=warning"; got != flags {
		t.Errorf("Flags = %q, want %q", got, flags)
	}
	a := runOptions(t, CheckFlags{Disable: []string{"tag-missing,tag-format"}})
	b := runOptions(t, CheckFlags{Disable: []string{"tag-format", "tag-missing"}})
	if !a.Equal(&b) {
		t.Errorf("--disable a,b differs from --disable b --disable a: %q", a.Diff(&b))
	}
	c := runOptions(t, CheckFlags{Rules: "fide2009", Disable: []string{"tag-missing"}, Severity: []string{"tag-format=info"}})
	wantDiff := []string{
		"--rules: earlier run fide, this run fide2009",
		"--disable: earlier run tag-format,tag-missing, this run tag-missing",
		"--severity: earlier run none, this run tag-format=info",
	}
	if got := c.Diff(&a); !slices.Equal(got, wantDiff) {
		t.Errorf("Diff = %q, want %q", got, wantDiff)
	}
	// no-game is never a row: a manifest of an arbiter whose "--disable
	// all" turned it off, or of a run that set it otherwise, is resumed.
	older := RunOptions{Rules: "fide", Notation: "auto", Encoding: "auto", Disable: []string{"all"}, Enable: []string{"illegal-move"}}
	now := runOptions(t, CheckFlags{Disable: []string{"all"}, Enable: []string{"illegal-move"}})
	if !slices.Equal(now.Enable, []string{"illegal-move", "no-game"}) || !now.Equal(&older) {
		t.Errorf("--disable all --enable illegal-move: %+v, differs from the older manifest's: %q", now, now.Diff(&older))
	}
	if d := runOptions(t, CheckFlags{Disable: []string{"no-game"}}); !d.Equal(&def) {
		t.Errorf("--disable no-game differs from no flag: %q", d.Diff(&def))
	}
	if d := runOptions(t, CheckFlags{Disable: []string{"no-game,tag-missing"}}); d.Equal(&def) {
		t.Errorf("--disable no-game,tag-missing equals no flag")
	}
}

// --resume goes on only with the options of the run that wrote the
// directory; a refusal names the options that differ and leaves the
// directory as it was.
func TestResumeComparesOptions(t *testing.T) {
	first := CheckFlags{Rules: "fide2009", Disable: []string{"tag-missing,tag-format"}, Severity: []string{"clock-inconsistent=error"}}
	for _, tc := range []struct {
		name  string
		flags CheckFlags
		err   []string // nil: resumed
	}{
		{"same", first, nil},
		{"same in another order and case", CheckFlags{Rules: "FIDE2009", Notation: "auto",
			Disable: []string{"TAG-FORMAT", "tag-missing"}, Severity: []string{"Clock-Inconsistent=ERROR"}, Moves: true}, nil},
		{"other profile", CheckFlags{Rules: "ussr", Disable: first.Disable, Severity: first.Severity},
			[]string{"--rules: earlier run fide2009, this run ussr"}},
		{"default profile", CheckFlags{Disable: first.Disable, Severity: first.Severity},
			[]string{"--rules: earlier run fide2009, this run fide"}},
		{"one more code disabled", CheckFlags{Rules: "fide2009", Disable: []string{"tag-missing,tag-format,null-move"}, Severity: first.Severity},
			[]string{"--disable: earlier run tag-format,tag-missing, this run null-move,tag-format,tag-missing"}},
		{"everything disabled", CheckFlags{Rules: "fide2009", Disable: []string{"all"}},
			[]string{"--disable: earlier run tag-format,tag-missing, this run all", "--severity: earlier run clock-inconsistent=error, this run none"}},
		{"other severity", CheckFlags{Rules: "fide2009", Disable: first.Disable, Severity: []string{"clock-inconsistent=info"}},
			[]string{"--severity: earlier run clock-inconsistent=error, this run clock-inconsistent=info"}},
		{"letters forced", CheckFlags{Rules: "fide2009", Notation: "de", Disable: first.Disable, Severity: first.Severity},
			[]string{"--notation: earlier run auto, this run de"}},
		{"encoding forced", CheckFlags{Rules: "fide2009", Encoding: "cp866", Disable: first.Disable, Severity: first.Severity},
			[]string{"--encoding: earlier run auto, this run cp866"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inDir, out := t.TempDir(), t.TempDir()
			a := inputFile(t, inDir, "a.pgn", "aaa")
			s := newSink(t, out, ParquetOptions{Run: runOptions(t, first)})
			writeInput(t, s, a, 1, complete)
			s.Close(&Summary{Interrupted: true})
			before := listDir(t, out, table.GamesDir)

			s, err := NewParquetSink(out, ParquetOptions{Resume: true, Run: runOptions(t, tc.flags)})
			if tc.err == nil {
				if err != nil {
					t.Fatalf("resume refused: %v", err)
				}
				if !s.Done(a) {
					t.Error("a, done under the same options, is not skipped")
				}
				return
			}
			if err == nil {
				t.Fatal("resume under other options succeeded")
			}
			msg := err.Error()
			for _, w := range append(tc.err, "other options", "--rules fide2009 --disable tag-format,tag-missing --severity clock-inconsistent=error",
				"run without --resume", "new directory") {
				if !strings.Contains(msg, w) {
					t.Errorf("error does not say %q:\n%s", w, msg)
				}
			}
			if n := strings.Count(msg, "\n  --"); n != len(tc.err) {
				t.Errorf("error names %d options, want %d:\n%s", n, len(tc.err), msg)
			}
			if got := listDir(t, out, table.GamesDir); !slices.Equal(got, before) {
				t.Errorf("a refused resume changed games/: %q, was %q", got, before)
			}
			if m, err := LoadManifest(out); err != nil || m.Input(a.Path) == nil {
				t.Errorf("a refused resume changed the manifest: %v", err)
			}
		})
	}
}

// A manifest of an arbiter that did not record the options (no "options"
// key) is refused by --resume: its rows may have been checked under any.
// A run without --resume starts the directory afresh as ever.
func TestResumeRefusesManifestWithoutOptions(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaa")
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 1, complete)
	s.Close(&Summary{})
	// Drop the key, as an older arbiter wrote the manifest.
	path := filepath.Join(out, table.ManifestName)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(string(b), `  "options": {`)
	end := strings.Index(string(b), `  "inputs"`)
	if start < 0 || end < start {
		t.Fatalf("manifest without the expected keys:\n%s", b)
	}
	old := append(append([]byte{}, b[:start]...), b[end:]...)
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	if m, err := LoadManifest(out); err != nil || m.Options != nil || m.Input(a.Path) == nil {
		t.Fatalf("old manifest: %+v, %v", m, err)
	}

	_, err = NewParquetSink(out, ParquetOptions{Resume: true})
	if err == nil || !strings.Contains(err.Error(), "older arbiter") || !strings.Contains(err.Error(), "run without --resume") {
		t.Errorf("resume over an old manifest: %v", err)
	}
	if got := listDir(t, out, table.GamesDir); !slices.Equal(got, []string{"00000-a.pgn.parquet"}) {
		t.Errorf("a refused resume changed games/: %q", got)
	}
	s, err = NewParquetSink(out, ParquetOptions{})
	if err != nil {
		t.Fatalf("fresh run over an old manifest: %v", err)
	}
	if s.Done(a) {
		t.Error("a fresh run skips an input")
	}
	writeInput(t, s, a, 1, complete)
	s.Close(&Summary{})
	if m, err := LoadManifest(out); err != nil || m.Options == nil {
		t.Errorf("the fresh run's manifest: %+v, %v", m, err)
	}
}
