package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/rs/zerolog"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline/table"
	"github.com/arbiter-chess/arbiter/pipeline/table/tabletest"
	"github.com/arbiter-chess/arbiter/validate"
)

// inputFile creates a file to stand for an input (the sink reads only its
// size and modification time) and returns it as the runner would.
func inputFile(t *testing.T, dir, name, content string) Input {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return Input{Path: p, Size: int64(len(content))}
}

// record makes the index-th game of in: a game with one finding and, when
// plies > 0, that many moves.
func record(in Input, index, plies int) *GameRecord {
	r := &GameRecord{File: in.Path, Index: index, Start: parser.Pos{Offset: int64(100 * index), Line: int64(10*index + 1), Col: 1},
		End: int64(100*index + 99), Tags: []parser.Tag{{Name: "White", Value: "W" + string(rune('a'+index))}},
		Report: validate.Report{Plies: plies, ComputedResult: "*", FirstErrorPly: -1, ThreefoldPly: -1,
			FiftyPly: -1, FivefoldPly: -1, SeventyFivePly: -1, LastClockWhite: -1, LastClockBlack: -1, Infos: 1,
			Findings: []validate.Finding{{Code: validate.TagMissing, Severity: validate.Info, Message: "no Site tag", Ply: -1}}}}
	for p := 1; p <= plies; p++ {
		r.Report.Moves = append(r.Report.Moves, validate.MoveFact{SAN: validate.MakeMoveText("Nf3"), UCI: validate.MakeMoveText("g1f3"), Key: uint64(p), Clock: -1})
	}
	return r
}

// writeInput feeds one input's games to the sink and ends it with sum.
func writeInput(t *testing.T, s *ParquetSink, in Input, games int, sum FileSummary) {
	t.Helper()
	if err := s.BeginFile(in); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < games; i++ {
		if err := s.Game(record(in, i, i)); err != nil {
			t.Fatal(err)
		}
	}
	sum.Input, sum.Games = in, int64(games)
	if err := s.EndFile(&sum); err != nil {
		t.Fatal(err)
	}
}

var complete = FileSummary{Complete: true}

// listDir lists the names in DIR/sub, sorted.
func listDir(t *testing.T, dir, sub string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, sub))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func newSink(t *testing.T, dir string, opt ParquetOptions) *ParquetSink {
	t.Helper()
	s, err := NewParquetSink(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func modTime(t *testing.T, p string) time.Time { // in UTC, as the manifest keeps it
	t.Helper()
	info, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return info.ModTime().UTC()
}

func TestParquetSinkWritesTablesAndManifest(t *testing.T) {
	inDir, out := t.TempDir(), filepath.Join(t.TempDir(), "out")
	a := inputFile(t, inDir, "a.pgn", "three games")
	b := inputFile(t, inDir, "Партия 2.pgn", "")
	s := newSink(t, out, ParquetOptions{Moves: true, BatchRows: 2})
	writeInput(t, s, a, 3, complete)
	writeInput(t, s, b, 0, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}

	for _, tbl := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
		want := []string{"00000-a.pgn.parquet", "00001-_______2.pgn.parquet"}
		if got := listDir(t, out, tbl); !slices.Equal(got, want) {
			t.Errorf("%s/: %q, want %q", tbl, got, want)
		}
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	want := Manifest{Version: 1, Schema: table.Version,
		Options: &RunOptions{Rules: "fide", Notation: "auto", Encoding: "auto", Moves: true}, Inputs: []ManifestInput{
			{Number: 0, Path: a.Path, Abs: a.Path, Size: 11, ModTime: modTime(t, a.Path), Games: 3, Findings: 3, Moves: 3,
				Files:     []string{"games/00000-a.pgn.parquet", "findings/00000-a.pgn.parquet", "moves/00000-a.pgn.parquet"},
				Completed: true},
			{Number: 1, Path: b.Path, Abs: b.Path, Size: 0, ModTime: modTime(t, b.Path),
				Files:     []string{"games/00001-_______2.pgn.parquet", "findings/00001-_______2.pgn.parquet", "moves/00001-_______2.pgn.parquet"},
				Completed: true},
		}}
	if !reflect.DeepEqual(*m, want) {
		t.Errorf("manifest:\n%+v\nwant\n%+v", *m, want)
	}

	// Read as a glob would: every file of the table, in name order.
	var paths []string
	for _, tbl := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
		for _, name := range listDir(t, out, tbl) {
			paths = append(paths, filepath.Join(out, tbl, name))
		}
	}
	files := tabletest.Read(t, paths...)
	ids := func(fs ...tabletest.File) []string {
		var out []string
		for _, f := range fs {
			for _, r := range f.Rows {
				out = append(out, r["game_id"].(string)+" "+fmtCell(r["ply"])+" "+fmtCell(r["white"]))
			}
		}
		return out
	}
	wantGames := []string{a.Path + "#0 <nil> \"Wa\"", a.Path + "#1 <nil> \"Wb\"", a.Path + "#2 <nil> \"Wc\""}
	if got := ids(files[0], files[1]); !slices.Equal(got, wantGames) {
		t.Errorf("games rows %q, want %q", got, wantGames)
	}
	wantFindings := []string{a.Path + "#0 <nil> <nil>", a.Path + "#1 <nil> <nil>", a.Path + "#2 <nil> <nil>"}
	if got := ids(files[2], files[3]); !slices.Equal(got, wantFindings) {
		t.Errorf("findings rows %q, want %q", got, wantFindings)
	}
	wantMoves := []string{a.Path + "#1 1 <nil>", a.Path + "#2 1 <nil>", a.Path + "#2 2 <nil>"}
	if got := ids(files[4], files[5]); !slices.Equal(got, wantMoves) {
		t.Errorf("moves rows %q, want %q", got, wantMoves)
	}
	// The findings row takes the game's place when the finding has none.
	if r := files[2].Rows[1]; fmtCell(r["line"]) != "\"11\"" || fmtCell(r["offset"]) != "\"100\"" {
		t.Errorf("finding place: line %v offset %v, want the game's 11 and 100", r["line"], r["offset"])
	}
	for i, f := range files {
		if !slices.Equal(f.Codecs, []string{"ZSTD"}) && f.NumRows > 0 {
			t.Errorf("%s: codecs %v", paths[i], f.Codecs)
		}
	}

	// arrow-go reads the same rows, with the schema stored.
	if n := arrowRows(t, filepath.Join(out, "games", "00000-a.pgn.parquet")); n != 3 {
		t.Errorf("arrow-go read %d games rows, want 3", n)
	}
}

// fmtCell prints a hyparquet cell: strings quoted (64-bit integers are
// strings there), 32-bit integers bare.
func fmtCell(v any) string {
	switch v := v.(type) {
	case nil:
		return "<nil>"
	case string:
		return strconv.Quote(v)
	case json.Number:
		return v.String()
	}
	return fmt.Sprint(v)
}

// arrowTable reads a table file whole with arrow-go; release it.
func arrowTable(t *testing.T, p string) arrow.Table {
	t.Helper()
	rdr, err := file.OpenParquetFile(p, false)
	if err != nil {
		t.Fatal(err)
	}
	defer rdr.Close()
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

// arrowRows reads a games file with arrow-go and checks its schema.
func arrowRows(t *testing.T, p string) int64 {
	t.Helper()
	tbl := arrowTable(t, p)
	defer tbl.Release()
	if tbl.Schema().NumFields() != table.GamesSchema.NumFields() {
		t.Errorf("%s: %d columns, want %d", p, tbl.Schema().NumFields(), table.GamesSchema.NumFields())
	}
	return tbl.NumRows()
}

// No final file exists until its input ends: a glob run meanwhile reads
// nothing of it.
func TestParquetSinkRenamesWhenInputEnds(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "x")
	s := newSink(t, out, ParquetOptions{})
	if err := s.BeginFile(a); err != nil {
		t.Fatal(err)
	}
	if err := s.Game(record(a, 0, 0)); err != nil {
		t.Fatal(err)
	}
	for _, tbl := range []string{table.GamesDir, table.FindingsDir} {
		if got := listDir(t, out, tbl); !slices.Equal(got, []string{".00000-a.pgn.parquet.tmp"}) {
			t.Errorf("%s/ while writing: %q, want the temporary file only", tbl, got)
		}
	}
	if _, err := os.Stat(filepath.Join(out, table.ManifestName)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("manifest before any input ended: %v", err)
	}
	if err := s.EndFile(&FileSummary{Input: a, Games: 1, Complete: true}); err != nil {
		t.Fatal(err)
	}
	for _, tbl := range []string{table.GamesDir, table.FindingsDir} {
		if got := listDir(t, out, tbl); !slices.Equal(got, []string{"00000-a.pgn.parquet"}) {
			t.Errorf("%s/ after the input: %q", tbl, got)
		}
	}
	if _, err := os.Stat(filepath.Join(out, table.MovesDir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("moves/ without Moves: %v", err)
	}
	if _, err := LoadManifest(out); err != nil {
		t.Errorf("manifest after the input: %v", err)
	}
}

// TestParquetSinkSyncsAllThenRenames: when the first table file of an
// input is renamed into place, every table's file is already complete
// (closed, with its Parquet footer) under its temporary name, and the
// manifest on disk does not list the input: a reader going by the manifest
// never sees one table of it without the others. When a resumed run writes
// an input again under its earlier names, the manifest unlists them first.
func TestParquetSinkSyncsAllThenRenames(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "x")
	tables := []string{table.GamesDir, table.FindingsDir, table.MovesDir}
	var renamed []string
	check := func(final string) {
		if len(renamed) == 0 {
			for _, tbl := range tables {
				tmp := filepath.Join(out, tbl, ".00000-a.pgn.parquet.tmp")
				b, err := os.ReadFile(tmp)
				if err != nil || !bytes.HasSuffix(b, []byte("PAR1")) {
					t.Errorf("at the first rename, %s is not complete: %v", tmp, err)
				}
			}
			if m, err := LoadManifest(out); err == nil {
				if e := m.Input(a.Path); e != nil && (len(e.Files) > 0 || e.Completed) {
					t.Errorf("at the first rename, the manifest lists the input: %+v", e)
				}
			}
		}
		renamed = append(renamed, final)
	}
	testHookRename = check
	defer func() { testHookRename = nil }()
	s := newSink(t, out, ParquetOptions{Moves: true})
	writeInput(t, s, a, 2, complete)
	s.Close(&Summary{})
	want := []string{"games/00000-a.pgn.parquet", "findings/00000-a.pgn.parquet", "moves/00000-a.pgn.parquet"}
	if !slices.Equal(renamed, want) {
		t.Errorf("renamed %q, want %q", renamed, want)
	}

	// Written again by a resumed run, over the same names.
	os.WriteFile(a.Path, []byte("xy"), 0o644)
	renamed = nil
	s = newSink(t, out, ParquetOptions{Moves: true, Resume: true})
	writeInput(t, s, a, 3, complete)
	s.Close(&Summary{})
	if !slices.Equal(renamed, want) {
		t.Errorf("resumed: renamed %q, want %q", renamed, want)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if e := m.Input(a.Path); e == nil || !e.Completed || e.Games != 3 || !slices.Equal(e.Files, want) {
		t.Errorf("manifest after the resumed run: %+v", e)
	}
}

// Ctrl-C: the input being read leaves no file, whether the run ends it as
// incomplete or closes the sink with it still open.
func TestParquetSinkInterruptedLeavesNoFile(t *testing.T) {
	for _, endIt := range []bool{true, false} {
		inDir, out := t.TempDir(), t.TempDir()
		a := inputFile(t, inDir, "a.pgn", "x")
		b := inputFile(t, inDir, "b.pgn", "yy")
		s := newSink(t, out, ParquetOptions{Moves: true})
		writeInput(t, s, a, 2, complete)
		if err := s.BeginFile(b); err != nil {
			t.Fatal(err)
		}
		if err := s.Game(record(b, 0, 3)); err != nil {
			t.Fatal(err)
		}
		if endIt {
			if err := s.EndFile(&FileSummary{Input: b, Games: 1}); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Close(&Summary{Interrupted: true}); err != nil {
			t.Fatal(err)
		}
		for _, tbl := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
			if got := listDir(t, out, tbl); !slices.Equal(got, []string{"00000-a.pgn.parquet"}) {
				t.Errorf("EndFile called %v: %s/ holds %q, want a's file only", endIt, tbl, got)
			}
		}
		m, err := LoadManifest(out)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Complete(a.Path, a.Size, modTime(t, a.Path)) || m.Complete(b.Path, b.Size, modTime(t, b.Path)) {
			t.Errorf("EndFile called %v: manifest %+v", endIt, m.Inputs)
		}
		if e := m.Input(b.Path); e != nil && len(e.Files) != 0 {
			t.Errorf("interrupted input lists files %q", e.Files)
		}
		if s.Kept() != 2 {
			t.Errorf("EndFile called %v: Kept = %d, want 2 (a's games, not b's)", endIt, s.Kept())
		}
		raw, _ := os.ReadFile(filepath.Join(out, table.ManifestName))
		if bytes.Contains(raw, []byte("null")) {
			t.Errorf("manifest holds a null:\n%s", raw)
		}
	}
	// A run not interrupted keeps every game.
	inDir, out := t.TempDir(), t.TempDir()
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, inputFile(t, inDir, "a.pgn", "x"), 3, complete)
	s.Close(&Summary{})
	if s.Kept() != 3 {
		t.Errorf("Kept = %d after a complete input of 3 games", s.Kept())
	}
}

// A stream that breaks part way keeps the games read before the break,
// marked not completed so that --resume reads it again.
func TestParquetSinkFailedInputKeepsItsGames(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn.gz", "truncated")
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 2, FileSummary{Err: errors.New("unexpected EOF")})
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	e := m.Input(a.Path)
	if e == nil || e.Completed || e.Error != "unexpected EOF" || e.Games != 2 || len(e.Files) != 2 {
		t.Fatalf("manifest entry %+v", e)
	}
	if n := arrowRows(t, filepath.Join(out, "games", "00000-a.pgn.gz.parquet")); n != 2 {
		t.Errorf("%d rows kept, want 2", n)
	}
	s2 := newSink(t, out, ParquetOptions{Resume: true})
	if s2.Done(a) {
		t.Error("a failed input counts as done")
	}
}

// An input that could not be read at all is in the manifest with its error,
// and has no (empty) files.
func TestParquetSinkUnreadableInputHasNoFiles(t *testing.T) {
	out := t.TempDir()
	missing := Input{Path: filepath.Join(t.TempDir(), "missing.pgn"), Size: -1}
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, missing, 0, FileSummary{Err: errors.New("no such file")})
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, out, table.GamesDir); len(got) != 0 {
		t.Errorf("games/: %q", got)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if e := m.Input(missing.Path); e == nil || e.Completed || e.Error != "no such file" || e.Files == nil || len(e.Files) != 0 || e.Size != -1 {
		t.Errorf("manifest entry %+v", e)
	}
	// Written as [], so that code looping over it works.
	if raw, _ := os.ReadFile(filepath.Join(out, table.ManifestName)); !bytes.Contains(raw, []byte(`"files": []`)) || bytes.Contains(raw, []byte("null")) {
		t.Errorf("manifest:\n%s", raw)
	}
}

func TestParquetSinkResume(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaa")
	b := inputFile(t, inDir, "b.pgn", "bbb")
	c := inputFile(t, inDir, "c.pgn", "ccc")
	s := newSink(t, out, ParquetOptions{Moves: true})
	writeInput(t, s, a, 2, complete)
	writeInput(t, s, b, 2, FileSummary{}) // interrupted
	if err := s.Close(&Summary{Interrupted: true}); err != nil {
		t.Fatal(err)
	}
	// What a killed run leaves: temporary files, and a file renamed before
	// the manifest could list it.
	leftovers := []string{"games/.00001-b.pgn.parquet.tmp", "findings/.00001-b.pgn.parquet.tmp", "games/00009-x.pgn.parquet", ".manifest.json.tmp"}
	for _, f := range leftovers {
		if err := os.WriteFile(filepath.Join(out, f), []byte("junk"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	userFile := filepath.Join(out, "games", "notes.txt")
	os.WriteFile(userFile, []byte("mine"), 0o644)

	s = newSink(t, out, ParquetOptions{Moves: true, Resume: true})
	for _, f := range leftovers {
		if _, err := os.Stat(filepath.Join(out, f)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("leftover %s not removed: %v", f, err)
		}
	}
	if _, err := os.Stat(userFile); err != nil {
		t.Errorf("a file the sink did not write was removed: %v", err)
	}
	if got := listDir(t, out, table.GamesDir); !slices.Equal(got, []string{"00000-a.pgn.parquet", "notes.txt"}) {
		t.Errorf("games/ on resume: %q", got)
	}
	for _, tc := range []struct {
		in   Input
		done bool
	}{{a, true}, {b, false}, {c, false}, {Input{Path: Stdin, Size: -1}, false}} {
		if got := s.Done(tc.in); got != tc.done {
			t.Errorf("Done(%s) = %v, want %v", tc.in.Path, got, tc.done)
		}
	}
	// b is written again under its first number, then c after it.
	writeInput(t, s, b, 1, complete)
	writeInput(t, s, c, 1, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	want := []string{"00000-a.pgn.parquet", "00001-b.pgn.parquet", "00002-c.pgn.parquet"}
	if got := listDir(t, out, table.MovesDir); !slices.Equal(got, want) {
		t.Errorf("moves/ after resume: %q, want %q", got, want)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	var summary []string
	for _, e := range m.Inputs {
		summary = append(summary, filepath.Base(e.Path)+" "+map[bool]string{true: "done", false: "open"}[e.Completed])
	}
	if !slices.Equal(summary, []string{"a.pgn done", "b.pgn done", "c.pgn done"}) {
		t.Errorf("manifest inputs %q", summary)
	}
}

// Resume decisions: an input is skipped only when nothing about it or its
// files changed.
func TestParquetSinkDoneDecisions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, in Input, out string)
		opt    ParquetOptions
		done   bool
	}{
		{"unchanged", func(*testing.T, Input, string) {}, ParquetOptions{}, true},
		{"touched", func(t *testing.T, in Input, _ string) {
			later := modTime(t, in.Path).Add(time.Second)
			os.Chtimes(in.Path, later, later)
		}, ParquetOptions{}, false},
		{"grown", func(t *testing.T, in Input, _ string) {
			mt := modTime(t, in.Path)
			os.WriteFile(in.Path, []byte("longer content"), 0o644)
			os.Chtimes(in.Path, mt, mt)
		}, ParquetOptions{}, false},
		{"output deleted", func(t *testing.T, _ Input, out string) {
			os.Remove(filepath.Join(out, "findings", "00000-a.pgn.parquet"))
		}, ParquetOptions{}, false},
		{"input gone", func(t *testing.T, in Input, _ string) { os.Remove(in.Path) }, ParquetOptions{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inDir, out := t.TempDir(), t.TempDir()
			a := inputFile(t, inDir, "a.pgn", "aaa")
			s := newSink(t, out, ParquetOptions{})
			writeInput(t, s, a, 1, complete)
			s.Close(&Summary{})
			tc.change(t, a, out)
			opt := tc.opt
			opt.Resume = true
			if got := newSink(t, out, opt).Done(a); got != tc.done {
				t.Errorf("Done = %v, want %v", got, tc.done)
			}
		})
	}
}

// Without --resume a run starts the directory afresh.
func TestParquetSinkFreshRunRemovesEarlierOutput(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaa")
	b := inputFile(t, inDir, "b.pgn", "bbb")
	s := newSink(t, out, ParquetOptions{Moves: true})
	writeInput(t, s, a, 1, complete)
	writeInput(t, s, b, 1, complete)
	s.Close(&Summary{})
	os.WriteFile(filepath.Join(out, "findings", "keep.parquet"), []byte("not ours"), 0o644)

	s = newSink(t, out, ParquetOptions{})
	if _, err := os.Stat(filepath.Join(out, table.ManifestName)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("old manifest kept: %v", err)
	}
	if s.Done(a) {
		t.Error("a fresh run skips an input")
	}
	writeInput(t, s, b, 1, complete)
	s.Close(&Summary{})
	if got := listDir(t, out, table.GamesDir); !slices.Equal(got, []string{"00000-b.pgn.parquet"}) {
		t.Errorf("games/: %q", got)
	}
	if got := listDir(t, out, table.FindingsDir); !slices.Equal(got, []string{"00000-b.pgn.parquet", "keep.parquet"}) {
		t.Errorf("findings/: %q", got)
	}
	if got := listDir(t, out, table.MovesDir); len(got) != 0 {
		t.Errorf("moves/: %q", got)
	}
}

// checkingWriter is a log that, at each line, records the line and what
// check says then.
type checkingWriter struct {
	lines []string
	check func() string
}

func (w *checkingWriter) Write(p []byte) (int, error) {
	w.lines = append(w.lines, strings.TrimSpace(string(p))+" | "+w.check())
	return len(p), nil
}

// TestParquetSinkFreshRunWarnsBeforeReplacing: a run without Resume into a
// directory that holds an earlier run's tables says, as a warning and
// before it removes anything, how many inputs and games it replaces; into
// a new or empty directory it says nothing.
func TestParquetSinkFreshRunWarnsBeforeReplacing(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaa")
	b := inputFile(t, inDir, "b.pgn", "bbb")
	c := inputFile(t, inDir, "c.pgn", "")
	games := func() string {
		return fmt.Sprintf("%d games files", len(listDir(t, out, table.GamesDir)))
	}
	log := &checkingWriter{check: func() string { return "" }}
	logger := zerolog.New(log)
	s := newSink(t, out, ParquetOptions{Log: &logger})
	writeInput(t, s, a, 3, complete)
	writeInput(t, s, b, 1, complete)
	writeInput(t, s, c, 0, FileSummary{Err: errors.New("unreadable")}) // listed, no files
	s.Close(&Summary{})
	if len(log.lines) != 0 {
		t.Errorf("a run into a new directory logged %q", log.lines)
	}

	log.check = games
	s = newSink(t, out, ParquetOptions{Log: &logger})
	want := `{"level":"warn","message":"replacing the tables of 2 inputs (4 games) an earlier run wrote into ` + out + `; --resume keeps them"} | 2 games files`
	if !slices.Equal(log.lines, []string{want}) {
		t.Errorf("logged %q, want %q", log.lines, want)
	}
	if got := games(); got != "0 games files" {
		t.Errorf("after the sink started: %s", got)
	}
	writeInput(t, s, a, 1, complete)
	s.Close(&Summary{})

	log.lines = nil
	s = newSink(t, out, ParquetOptions{Log: &logger})
	s.Close(&Summary{})
	want = `{"level":"warn","message":"replacing the tables of 1 input (1 game) an earlier run wrote into ` + out + `; --resume keeps them"} | 1 games files`
	if !slices.Equal(log.lines, []string{want}) {
		t.Errorf("logged %q, want %q", log.lines, want)
	}

	// Nothing written by the last run: nothing to say.
	log.lines = nil
	newSink(t, out, ParquetOptions{Log: &logger}).Close(&Summary{})
	if len(log.lines) != 0 {
		t.Errorf("a run over an empty output logged %q", log.lines)
	}
	// With Resume nothing is replaced.
	s = newSink(t, out, ParquetOptions{Log: &logger})
	writeInput(t, s, a, 1, complete)
	s.Close(&Summary{})
	log.lines = nil
	newSink(t, out, ParquetOptions{Log: &logger, Resume: true}).Close(&Summary{})
	if len(log.lines) != 0 {
		t.Errorf("a resumed run logged %q", log.lines)
	}
}

// The same path given twice to the sink is two inputs: neither overwrites
// the other. (The command line never does so: ExpandAll reads a file
// named twice once.)
func TestParquetSinkSamePathTwice(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaa")
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 1, complete)
	writeInput(t, s, a, 2, complete)
	s.Close(&Summary{})
	if got := listDir(t, out, table.GamesDir); !slices.Equal(got, []string{"00000-a.pgn.parquet", "00001-a.pgn.parquet"}) {
		t.Errorf("games/: %q", got)
	}
}

// TestParquetSinkResumeByAnotherSpelling: a resumed run finds an input's
// earlier entry by the file it names, not by the spelling of its path: an
// absolute path or a link to a finished input is done; a changed one is
// written again under its earlier number and its new path; another file
// with the same size and time is not taken for it.
func TestParquetSinkResumeByAnotherSpelling(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	t.Chdir(inDir)
	inputFile(t, inDir, "a.pgn", "aaa")
	inputFile(t, inDir, "b.pgn", "bbb")
	rel := Input{Path: "a.pgn", Size: 3}
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, rel, 1, complete)
	s.Close(&Summary{})

	abs := Input{Path: filepath.Join(inDir, "a.pgn"), Size: 3}
	if err := os.Symlink("a.pgn", filepath.Join(inDir, "link.pgn")); err != nil {
		t.Fatal(err)
	}
	other := Input{Path: filepath.Join(inDir, "b.pgn"), Size: 3}
	os.Chtimes(other.Path, modTime(t, "a.pgn"), modTime(t, "a.pgn"))
	s = newSink(t, out, ParquetOptions{Resume: true})
	for _, tc := range []struct {
		in   Input
		done bool
	}{{rel, true}, {abs, true}, {Input{Path: "./link.pgn", Size: 3}, true}, {other, false}, {Input{Path: "-", Size: -1}, false}} {
		if got := s.Done(tc.in); got != tc.done {
			t.Errorf("Done(%s) = %v, want %v", tc.in.Path, got, tc.done)
		}
	}
	s.Close(&Summary{})

	os.WriteFile("a.pgn", []byte("aaaa"), 0o644)
	s = newSink(t, out, ParquetOptions{Resume: true})
	if s.Done(abs) {
		t.Fatal("a changed input is done")
	}
	writeInput(t, s, abs, 2, complete)
	s.Close(&Summary{})
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) != 1 || m.Inputs[0].Number != 0 || m.Inputs[0].Path != abs.Path || m.Inputs[0].Games != 2 {
		t.Errorf("manifest inputs %+v, want one, number 0, %s, 2 games", m.Inputs, abs.Path)
	}
	if got := listDir(t, out, table.GamesDir); !slices.Equal(got, []string{"00000-a.pgn.parquet"}) {
		t.Errorf("games/: %q", got)
	}
}

func TestParquetSinkMisuse(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaa")
	s := newSink(t, out, ParquetOptions{})
	if err := s.Game(record(a, 0, 0)); err == nil {
		t.Error("Game before BeginFile succeeded")
	}
	if err := s.BeginFile(a); err != nil {
		t.Fatal(err)
	}
	if err := s.BeginFile(a); err == nil {
		t.Error("BeginFile twice succeeded")
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := s.BeginFile(a); err == nil {
		t.Error("BeginFile after Close succeeded")
	}
}

// TestResumeRefusesOtherMoves: a resumed run must write the moves table if
// and only if the earlier run did, or the table would hold some inputs and
// not others: --moves after a run without it, or the reverse, is refused
// with both named. A manifest from before "moves" was recorded says it by
// its files.
func TestResumeRefusesOtherMoves(t *testing.T) {
	for _, tc := range []struct {
		earlier, now bool
		want         string
	}{
		{true, false, "--moves: earlier run on, this run off"},
		{false, true, "--moves: earlier run off, this run on"},
		{true, true, ""},
		{false, false, ""},
	} {
		inDir, out := t.TempDir(), t.TempDir()
		a := inputFile(t, inDir, "a.pgn", "aaa")
		s := newSink(t, out, ParquetOptions{Moves: tc.earlier})
		writeInput(t, s, a, 1, complete)
		s.Close(&Summary{})
		for _, legacy := range []bool{false, true} {
			if legacy {
				b, _ := os.ReadFile(filepath.Join(out, table.ManifestName))
				b = bytes.Replace(b, []byte(`"moves": `+strconv.FormatBool(tc.earlier)+",\n"), nil, 1)
				b = bytes.Replace(b, []byte(`"moves": `+strconv.FormatBool(tc.earlier)+"\n"), []byte("\"x\": 0\n"), 1)
				if !bytes.Contains(b, []byte(`"x": 0`)) {
					t.Fatalf("options.moves not taken out:\n%s", b)
				}
				os.WriteFile(filepath.Join(out, table.ManifestName), b, 0o644)
				if m, err := LoadManifest(out); err != nil || m.Options.Moves != tc.earlier {
					t.Fatalf("legacy manifest (%v): options %+v, %v\n%s", tc.earlier, m.Options, err, b)
				}
			}
			s2, err := NewParquetSink(out, ParquetOptions{Moves: tc.now, Resume: true})
			if err == nil {
				s2.Close(&Summary{}) // which releases the directory
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("earlier %v, now %v (legacy %v): %v", tc.earlier, tc.now, legacy, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("earlier %v, now %v (legacy %v): error %v, want one saying %q", tc.earlier, tc.now, legacy, err, tc.want)
			}
		}
	}
}

// A directory of another schema version is not resumed, and the refusal
// leaves it as it was; a run without --resume replaces it. Versions 1 (line
// columns int32) and 2 (the findings' column int32) are those an archive's
// directories are likely to hold.
func TestResumeRefusesOtherSchemaVersion(t *testing.T) {
	for _, v := range []string{"0", "1", "2"} {
		out := t.TempDir()
		run := (&CheckOptions{}).RunOptions()
		old := filepath.Join(table.GamesDir, "00000-a.pgn.parquet")
		m := Manifest{Version: table.ManifestVersion, Schema: v, Options: &run, Inputs: []ManifestInput{
			{Number: 0, Path: "a.pgn", Size: 10, Games: 1, Files: []string{filepath.ToSlash(old)}, Completed: true}}}
		if err := m.save(out); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(out, table.GamesDir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, old), []byte("v"+v), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := NewParquetSink(out, ParquetOptions{Resume: true, Run: run})
		if err == nil || !strings.Contains(err.Error(), "schema version "+v+", this arbiter writes version "+table.Version) ||
			!strings.Contains(err.Error(), "run without --resume") {
			t.Errorf("resume over schema %s: %v", v, err)
		}
		if b, err := os.ReadFile(filepath.Join(out, old)); err != nil || string(b) != "v"+v {
			t.Errorf("schema %s: the refused resume changed %s: %q, %v", v, old, b, err)
		}
		if got, err := LoadManifest(out); err != nil || got.Schema != v {
			t.Errorf("schema %s: the refused resume changed the manifest: %+v, %v", v, got, err)
		}
		s, err := NewParquetSink(out, ParquetOptions{Run: run})
		if err != nil {
			t.Fatalf("fresh run over schema %s: %v", v, err)
		}
		if err := s.Close(&Summary{}); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(out, old)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("fresh run over schema %s kept %s: %v", v, old, err)
		}
		if got, err := LoadManifest(out); err != nil || got.Schema != table.Version {
			t.Errorf("fresh run over schema %s: manifest %+v, %v", v, got, err)
		}
	}
}

func TestManifestRoundTrip(t *testing.T) {
	out := t.TempDir()
	mt := time.Date(2024, 3, 5, 13, 14, 15, 123456789, time.UTC)
	m := Manifest{Version: table.ManifestVersion, Schema: table.Version, Options: &RunOptions{
		Rules: "ussr", Notation: "ru", Encoding: "koi8-r", Disable: []string{"all"}, Enable: []string{"illegal-move", "syntax"},
		Severity: []string{"syntax=warning"}}, Inputs: []ManifestInput{
		{Number: 0, Path: "a.pgn", Size: 10, ModTime: mt, Games: 2, Findings: 1, Files: []string{"games/00000-a.pgn.parquet"}, Completed: true},
		{Number: 4, Path: "-", Size: -1, Games: 1, Error: "broken pipe"},
	}}
	if err := m.save(out); err != nil {
		t.Fatal(err)
	}
	got, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*got, m) {
		t.Errorf("round trip:\n%+v\nwant\n%+v", *got, m)
	}
	if got := listDir(t, out, "."); !slices.Equal(got, []string{table.ManifestName}) {
		t.Errorf("directory after save: %q", got)
	}
	for _, tc := range []struct {
		path string
		size int64
		mt   time.Time
		want bool
	}{
		{"a.pgn", 10, mt, true},
		{"a.pgn", 10, mt.In(time.FixedZone("CET", 3600)), true}, // the same instant
		{"a.pgn", 11, mt, false},
		{"a.pgn", 10, mt.Add(time.Nanosecond), false},
		{"b.pgn", 10, mt, false},
		{"-", -1, time.Time{}, false},
	} {
		if got := m.Complete(tc.path, tc.size, tc.mt); got != tc.want {
			t.Errorf("Complete(%s, %d, %v) = %v, want %v", tc.path, tc.size, tc.mt, got, tc.want)
		}
	}
}

func TestLoadManifestErrors(t *testing.T) {
	out := t.TempDir()
	if _, err := LoadManifest(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing manifest: %v", err)
	}
	os.WriteFile(filepath.Join(out, table.ManifestName), []byte(`{"version": 1, "inputs": [`), 0o644)
	if _, err := LoadManifest(out); err == nil || !strings.Contains(err.Error(), table.ManifestName) {
		t.Errorf("truncated manifest: %v", err)
	}
	os.WriteFile(filepath.Join(out, table.ManifestName), []byte(`{"version": 2}`), 0o644)
	if _, err := LoadManifest(out); err == nil || !strings.Contains(err.Error(), "version 2") {
		t.Errorf("manifest of version 2: %v", err)
	}
	if _, err := NewParquetSink(out, ParquetOptions{Resume: true}); err == nil {
		t.Error("resume over an unreadable manifest succeeded")
	}
}

func TestOutputNames(t *testing.T) {
	long := strings.Repeat("x", 300) + ".pgn"
	for _, tc := range []struct {
		n     int
		input string
		want  string
	}{
		{0, "a.pgn", "00000-a.pgn.parquet"},
		{3, "dir/sub/lichess_2013-01.pgn.zst", "00003-lichess_2013-01.pgn.zst.parquet"},
		{12, "Партия 1.pgn", "00012-_______1.pgn.parquet"},
		{1, Stdin, "00001-stdin.parquet"},
		{2, "dir/.hidden", "00002-hidden.parquet"},
		{7, "..", "00007-input.parquet"},
		{99999, "a.pgn", "99999-a.pgn.parquet"},
		{100000, "a.pgn", "99999100000-a.pgn.parquet"},
		{123456, "a.pgn", "99999123456-a.pgn.parquet"},
		{1234567, "a.pgn", "999999999991234567-a.pgn.parquet"},
		{0, long, "00000-" + strings.Repeat("x", maxNameBytes) + ".parquet"},
	} {
		got := outputName(tc.n, tc.input)
		if got != tc.want {
			t.Errorf("outputName(%d, %q) = %q, want %q", tc.n, tc.input, got, tc.want)
		}
		if !isOutputName(got) || isTempName(got) {
			t.Errorf("%q is not recognised as an output name", got)
		}
		tmp := filepath.Base(tempName(filepath.Join("games", got)))
		if !isTempName(tmp) || isOutputName(tmp) || strings.HasSuffix(tmp, ".parquet") {
			t.Errorf("temporary name %q", tmp)
		}
	}
	for _, name := range []string{"notes.txt", "keep.parquet", "0001-a.parquet", "00001a.parquet", "00001-a.pgn", "x00001-a.parquet"} {
		if isOutputName(name) {
			t.Errorf("%q taken for an output name", name)
		}
	}
}

// Listed in name order, the files are in input order at any number of
// inputs, whatever their base names (COLUMNS.md): 100000 sorts after 99999
// and 10001, not between 10000 and 10001.
func TestOutputNamesSortAsNumbers(t *testing.T) {
	numbers := []int{0, 1, 9, 10, 10000, 10001, 99998, 99999, 100000, 100001, 999998, 999999,
		1000000, 1000001, 9999999, 10000000, 123456789}
	var names []string
	for i, n := range numbers {
		base := []string{"z.pgn", "a.pgn", "-.pgn", "0.pgn"}[i%4]
		names = append(names, outputName(n, base))
	}
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	if !slices.Equal(sorted, names) {
		t.Errorf("names in name order:\n%q\nin input order:\n%q", sorted, names)
	}
}

// With the runner: every game read is one games row, and a resumed run
// skips the inputs already written and leaves their files alone.
func TestParquetSinkWithRun(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	game := "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"
	inputs := []Input{
		inputFile(t, inDir, "a.pgn", strings.Repeat(game, 3)),
		inputFile(t, inDir, "b.pgn", game),
	}
	run := func(resume bool) (Summary, *ParquetSink) {
		s := newSink(t, out, ParquetOptions{Resume: resume})
		cfg := &Config{Workers: 2}
		if resume {
			cfg.Skip = s.Done
		}
		sum, err := Run(context.Background(), cfg, inputs, s)
		if err != nil {
			t.Fatal(err)
		}
		return sum, s
	}
	sum, s := run(false)
	if sum.Games != 4 {
		t.Fatalf("read %d games, want 4", sum.Games)
	}
	var rows int64
	for _, e := range s.Manifest().Inputs {
		rows += arrowRows(t, filepath.Join(out, filepath.FromSlash(e.Files[0])))
	}
	if rows != sum.Games {
		t.Errorf("%d games rows for %d games read", rows, sum.Games)
	}
	before, _ := os.ReadFile(filepath.Join(out, "games", "00000-a.pgn.parquet"))

	sum, _ = run(true)
	if sum.Skipped != 2 || sum.Games != 0 {
		t.Errorf("resumed run: %d skipped, %d games read; want 2 and 0", sum.Skipped, sum.Games)
	}
	after, _ := os.ReadFile(filepath.Join(out, "games", "00000-a.pgn.parquet"))
	if len(before) == 0 || !slices.Equal(before, after) {
		t.Error("a skipped input's file changed")
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) != 2 || m.Inputs[0].Games != 3 || m.Inputs[1].Games != 1 || !m.Inputs[0].Completed || !m.Inputs[1].Completed {
		t.Errorf("manifest after resume: %+v", m.Inputs)
	}
}

// TestParquetIndependentOfWorkers: the three tables come out byte for byte
// the same whatever the number of workers, with many chunks and row groups
// that straddle them (batches are encoded in the background as the next
// one is built).
func TestParquetIndependentOfWorkers(t *testing.T) {
	dir := t.TempDir()
	inputs := Expand([]string{
		writeFile(t, dir, "mixed.pgn", mixedGames(t, 6)),
		writeFile(t, dir, "many.pgn.zst", zstded(t, synthetic(0, 400))),
	})
	var want map[string][]byte
	for _, workers := range []int{1, 2, 5} {
		out := t.TempDir()
		s := newSink(t, out, ParquetOptions{Moves: true, BatchRows: 37})
		cfg := &Config{Workers: workers, ChunkSize: smallChunks}
		cfg.Check.Validate.Moves = true
		if _, err := runWithin(t, context.Background(), cfg, inputs, s); err != nil {
			t.Fatal(err)
		}
		got := map[string][]byte{}
		for _, e := range s.Manifest().Inputs {
			if e.Games < 50 || e.Moves < 1000 {
				t.Fatalf("%s: only %d games and %d moves", e.Path, e.Games, e.Moves)
			}
			for _, f := range e.Files {
				b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
				if err != nil {
					t.Fatal(err)
				}
				got[f] = b
			}
		}
		if len(got) != 6 {
			t.Fatalf("%d workers: %d files, want 6", workers, len(got))
		}
		if want == nil {
			want = got
			continue
		}
		for f, b := range want {
			if !bytes.Equal(got[f], b) {
				t.Errorf("%s differs between 1 and %d workers", f, workers)
			}
		}
	}
}

// A directory holding arbiter-beam's output: a fresh run replaces its part
// files (stats would read both otherwise), and --resume refuses it (its
// part files hold the rows of several inputs, which resuming would delete
// one input at a time).
func TestRunOverBeamOutput(t *testing.T) {
	out := t.TempDir()
	beamFiles := []string{"games/part-00000.parquet", "findings/part-00000.parquet", "games/part-00001.parquet"}
	others := []string{"games/notes.txt", "games/part-1.parquet", "games/part-00002.parquet.bak"}
	write := func() {
		for _, f := range append(append([]string{}, beamFiles...), others...) {
			if err := os.MkdirAll(filepath.Join(out, filepath.Dir(f)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(out, f), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		m := Manifest{Version: table.ManifestVersion, Schema: table.Version, Runner: "beam"}
		if err := m.save(out); err != nil {
			t.Fatal(err)
		}
	}
	write()
	if _, err := NewParquetSink(out, ParquetOptions{Resume: true}); err == nil || !strings.Contains(err.Error(), "another runner (beam)") {
		t.Errorf("resume over a Beam run: %v", err)
	}
	for _, f := range beamFiles {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("a refused resume removed %s", f)
		}
	}
	s, err := NewParquetSink(out, ParquetOptions{})
	if err != nil {
		t.Fatalf("fresh run over a Beam run: %v", err)
	}
	if err := s.Close(&Summary{Interrupted: true}); err != nil {
		t.Fatal(err)
	}
	for _, f := range beamFiles {
		if _, err := os.Stat(filepath.Join(out, f)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there after a fresh run (%v)", f, err)
		}
	}
	for _, f := range others {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("%s, not a name arbiter writes, was removed", f)
		}
	}
}

// TestEscapePath: escapePath writes any path in UTF-8 and unescapePath
// gives it back; a valid UTF-8 path without '%' is unchanged.
func TestEscapePath(t *testing.T) {
	for _, c := range []struct{ path, escaped string }{
		{"caf\xe9.pgn", "caf%E9.pgn"},
		{"Партия.pgn", "Партия.pgn"},
		{"100%\xff\xfe/a.pgn", "100%25%FF%FE/a.pgn"},
		{"\xd0", "%D0"}, // a sequence cut short
	} {
		if got := escapePath(c.path); got != c.escaped {
			t.Errorf("escapePath(%q) = %q, want %q", c.path, got, c.escaped)
		}
		if back, err := unescapePath(c.escaped); err != nil || back != c.path {
			t.Errorf("unescapePath(%q) = %q, %v, want %q", c.escaped, back, err, c.path)
		}
	}
	for _, bad := range []string{"%", "%4", "%zz"} {
		if _, err := unescapePath(bad); err == nil {
			t.Errorf("unescapePath(%q): no error", bad)
		}
	}
	if got := ColumnPath("caf\xe9\xe9.pgn"); got != "caf%E9%E9.pgn" {
		t.Errorf("ColumnPath = %q", got)
	}
	// Two files whose names differ in bytes outside UTF-8 keep two names.
	if a, b := ColumnPath("caf\xe9.pgn"), ColumnPath("caf\xe8.pgn"); a == b || ColumnPath("café.pgn") != "café.pgn" {
		t.Errorf("ColumnPath: %q and %q", a, b)
	}
}

// TestParquetSinkNonUTF8Path: an input whose name is not UTF-8 gets valid
// UTF-8 in the tables' file and game_id columns, and the manifest keeps its
// real path (path_escaped), so that a resumed run finds it done.
func TestParquetSinkNonUTF8Path(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "caf\xe9.pgn", "aaa")
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 2, complete)
	s.Close(&Summary{})

	raw, err := os.ReadFile(filepath.Join(out, table.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	wantPath, _ := json.Marshal(escapePath(inDir) + "/caf%E9.pgn")
	wantEsc, _ := json.Marshal(escapePath(inDir) + "/caf%E9.pgn")
	if !bytes.Contains(raw, []byte(`"path": `+string(wantPath))) || !bytes.Contains(raw, []byte(`"path_escaped": `+string(wantEsc))) {
		t.Errorf("manifest:\n%s\nwant path %s, path_escaped %s", raw, wantPath, wantEsc)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if m.Inputs[0].Path != a.Path || m.Inputs[0].PathEscaped != "" {
		t.Errorf("loaded path %q (escaped %q), want %q", m.Inputs[0].Path, m.Inputs[0].PathEscaped, a.Path)
	}
	if !newSink(t, out, ParquetOptions{Resume: true}).Done(a) {
		t.Error("resume: the input is not done")
	}

	// The bytes as stored (arrow-go gives them back as they are).
	col := escapePath(inDir) + "/caf%E9.pgn"
	for _, tbl := range []string{table.GamesDir, table.FindingsDir} {
		ids, names := stringColumns(t, filepath.Join(out, tbl, "00000-caf_.pgn.parquet"))
		want := []string{col + "#0", col + "#1"}
		if !slices.Equal(ids, want) || !slices.Equal(names, []string{col, col}) {
			t.Errorf("%s: game_id %q, file %q, want %q and %q", tbl, ids, names, want, col)
		}
	}
}

// stringColumns reads the game_id and file columns of a table file with
// arrow-go, byte for byte.
func stringColumns(t *testing.T, p string) (ids, files []string) {
	t.Helper()
	tbl := arrowTable(t, p)
	defer tbl.Release()
	for i := 0; i < int(tbl.NumCols()); i++ {
		name := tbl.Schema().Field(i).Name
		if name != "game_id" && name != "file" {
			continue
		}
		for _, chunk := range tbl.Column(i).Data().Chunks() {
			for j := 0; j < chunk.Len(); j++ {
				v := chunk.ValueStr(j)
				if d, ok := chunk.(*array.Dictionary); ok {
					v = d.Dictionary().(*array.String).Value(d.GetValueIndex(j))
				} else if s, ok := chunk.(*array.String); ok {
					v = s.Value(j)
				}
				if name == "game_id" {
					ids = append(ids, v)
				} else {
					files = append(files, v)
				}
			}
		}
	}
	return ids, files
}

// A game with no move (the tags, then a result) has no letter set: its
// notation is null, as COLUMNS.md says, not the replay's default "san".
func TestParquetNotationNullWithoutMoves(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	tags := "[Event \"t\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
	in := inputFile(t, inDir, "a.pgn", tags+"*\n\n"+tags+"1. e4 e5 *\n\n"+tags+"1. e4 e5 2. Кf3 *\n\n")
	s := newSink(t, out, ParquetOptions{})
	if _, err := Run(context.Background(), &Config{Workers: 1}, []Input{in}, s); err != nil {
		t.Fatal(err)
	}
	if got, want := stringColumn(t, filepath.Join(out, "games", "00000-a.pgn.parquet"), "notation"), []string{"<nil>", `"san"`, `"ru"`}; !slices.Equal(got, want) {
		t.Errorf("notation column %q, want %q", got, want)
	}
}

// TestParquetColumnWithoutBOM: the findings table's column on the first
// line of a file with a BOM is the one the text formats print, which
// editors show: the BOM is not counted.
func TestParquetColumnWithoutBOM(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	in := inputFile(t, inDir, "a.txt", "\xEF\xBB\xBF1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n")
	s := newSink(t, out, ParquetOptions{})
	if _, err := Run(context.Background(), &Config{Workers: 1}, []Input{in}, s); err != nil {
		t.Fatal(err)
	}
	tbl := arrowTable(t, filepath.Join(out, "findings", "00000-a.txt.parquet"))
	defer tbl.Release()
	var got []string
	for _, name := range []string{"line", "column", "offset"} {
		var vals []string
		for _, chunk := range tbl.Column(tbl.Schema().FieldIndices(name)[0]).Data().Chunks() {
			for j := 0; j < chunk.Len(); j++ {
				vals = append(vals, chunk.ValueStr(j))
			}
		}
		got = append(got, name+" "+strings.Join(vals, " "))
	}
	// tag-missing at the game's start (the BOM), illegal-move at Ra3: its
	// byte offset counts the BOM, its column does not.
	if want := []string{"line 1 1", "column 1 24", "offset 0 26"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
}

// stringColumn is a string or dictionary column of a table file, each value
// quoted and a null as <nil>.
func stringColumn(t *testing.T, p, name string) []string {
	t.Helper()
	tbl := arrowTable(t, p)
	defer tbl.Release()
	idx := tbl.Schema().FieldIndices(name)
	if len(idx) != 1 {
		t.Fatalf("%s: no column %s", p, name)
	}
	var out []string
	for _, chunk := range tbl.Column(idx[0]).Data().Chunks() {
		for j := 0; j < chunk.Len(); j++ {
			switch c := chunk.(type) {
			case *array.Dictionary:
				if c.IsNull(j) {
					out = append(out, "<nil>")
				} else {
					out = append(out, strconv.Quote(c.Dictionary().(*array.String).Value(c.GetValueIndex(j))))
				}
			case *array.String:
				if c.IsNull(j) {
					out = append(out, "<nil>")
				} else {
					out = append(out, strconv.Quote(c.Value(j)))
				}
			default:
				t.Fatalf("%s: column %s is %s", p, name, chunk.DataType())
			}
		}
	}
	return out
}

func TestIsPiped(t *testing.T) {
	for p, want := range map[string]bool{
		"-": true, "/dev/stdin": true, "/dev/fd/63": true, "/dev/fd/0": true, "/proc/self/fd/12": true, "/proc/4242/fd/3": true,
		"/dev/fd/": false, "/dev/fd/x": false, "/proc/self/fd/": false, "/proc/x/fd/3": false, "/proc/self/fdinfo/3": false,
		"a.pgn": false, "dev/fd/63": false, "/dev/null": false, "--": false, "": false,
	} {
		if got := IsPiped(p); got != want {
			t.Errorf("IsPiped(%q) = %v", p, got)
		}
	}
}

// snapshotDir reads every file under dir, by path.
func snapshotDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != "arbiter.lock" {
			b, _ := os.ReadFile(p)
			files[p] = string(b)
		}
		return nil
	})
	return files
}

// TestParquetSinkPipedInputs: the reviewer's case: a stream piped in as
// /dev/fd/63 (or standard input), then, with --resume, another piped in
// under the same path. Without a name the resumed run refuses before
// changing anything; with StdinName each stream is an input of its own,
// recorded under its name, which --resume finds again to replace it. A
// piped input is never skipped.
func TestParquetSinkPipedInputs(t *testing.T) {
	for _, pipe := range []string{"/dev/fd/63", Stdin} {
		out := t.TempDir()
		in := Input{Path: pipe, Size: -1}
		s := newSink(t, out, ParquetOptions{})
		writeInput(t, s, in, 2, complete)
		s.Close(&Summary{})

		before := snapshotDir(t, out)
		_, err := NewParquetSink(out, ParquetOptions{Resume: true, Piped: []string{pipe}})
		what := "the piped input " + pipe
		if pipe == Stdin {
			what = "standard input"
		}
		want := "--resume would replace the rows of " + what + " (2 games) that an earlier run wrote into " + out +
			" with those of this run's " + pipe + ": name each piped input in the tables with --stdin-name NAME (a new name keeps the earlier rows, the same name replaces them), or run without --resume"
		if err == nil || err.Error() != want {
			t.Fatalf("%s: resumed without a name: %v, want %q", pipe, err, want)
		}
		if after := snapshotDir(t, out); !reflect.DeepEqual(before, after) {
			t.Errorf("%s: the refused run changed the directory", pipe)
		}

		for _, run := range []struct {
			name  string
			games int
		}{{"b.pgn", 3}, {"c.pgn", 1}, {"b.pgn", 4}} {
			s = newSink(t, out, ParquetOptions{Resume: true, Piped: []string{pipe}, StdinName: run.name})
			if s.Done(in) {
				t.Errorf("%s: a piped input done", pipe)
			}
			writeInput(t, s, in, run.games, complete)
			if err := s.Close(&Summary{}); err != nil {
				t.Fatal(err)
			}
		}
		m, err := LoadManifest(out)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range m.Inputs {
			got = append(got, fmt.Sprintf("%d %s %d games, size %d, %q", e.Number, e.Path, e.Games, e.Size, e.Files))
		}
		base := "63"
		if pipe == Stdin {
			base = "stdin"
		}
		wantEntries := []string{
			fmt.Sprintf(`0 %s 2 games, size -1, ["games/00000-%s.parquet" "findings/00000-%s.parquet"]`, pipe, base, base),
			`1 b.pgn 4 games, size -1, ["games/00001-b.pgn.parquet" "findings/00001-b.pgn.parquet"]`,
			`2 c.pgn 1 games, size -1, ["games/00002-c.pgn.parquet" "findings/00002-c.pgn.parquet"]`,
		}
		if !slices.Equal(got, wantEntries) {
			t.Errorf("%s: manifest\n%q\nwant\n%q", pipe, got, wantEntries)
		}
		ids, files := stringColumns(t, filepath.Join(out, table.GamesDir, "00001-b.pgn.parquet"))
		if len(files) != 4 || files[0] != "b.pgn" || ids[0] != string(table.AppendGameID(nil, "b.pgn", 0)) {
			t.Errorf("%s: b's rows say file %q, game_id %q", pipe, files, ids)
		}
	}
}

// TestParquetSinkWarnsMissingInputs: a resumed run says which inputs the
// manifest lists with rows whose path is gone (moved, renamed, deleted):
// their rows stay, and one moved is read again under its new path. Inputs
// without rows, and piped ones, are not named.
func TestParquetSinkWarnsMissingInputs(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	var ins []Input
	for _, name := range []string{"a.pgn", "b.pgn", "c.pgn", "d.pgn", "e.pgn"} {
		ins = append(ins, inputFile(t, inDir, name, name))
	}
	gone := inputFile(t, inDir, "unreadable.pgn", "")
	s := newSink(t, out, ParquetOptions{})
	for _, in := range ins {
		writeInput(t, s, in, 1, complete)
	}
	writeInput(t, s, gone, 0, FileSummary{Err: errors.New("unreadable")})
	writeInput(t, s, Input{Path: "/dev/fd/63", Size: -1}, 1, complete)
	s.Close(&Summary{})

	var log bytes.Buffer
	logger := zerolog.New(&log)
	newSink(t, out, ParquetOptions{Resume: true, Log: &logger}).Close(&Summary{})
	if log.Len() != 0 {
		t.Errorf("every input still there: logged %s", log.String())
	}
	os.Remove(gone.Path)
	os.Rename(ins[0].Path, filepath.Join(inDir, "moved.pgn"))
	newSink(t, out, ParquetOptions{Resume: true, Log: &logger}).Close(&Summary{})
	want := `{"level":"info","message":"1 input that the manifest of ` + out + ` lists without rows no longer exists (` + gone.Path +
		`): dropped from the manifest"}` + "\n" + `{"level":"warn","message":"1 input that the manifest of ` + out + ` lists no longer exists (` + ins[0].Path +
		`): their rows stay; an input moved or renamed is read again under its new path, and its games are then counted twice (run without --resume to start afresh)"}` + "\n"
	if log.String() != want {
		t.Errorf("logged %s, want %s", log.String(), want)
	}
	for _, in := range ins[1:] {
		os.Remove(in.Path)
	}
	log.Reset()
	newSink(t, out, ParquetOptions{Resume: true, Log: &logger}).Close(&Summary{})
	want = `{"level":"warn","message":"5 inputs that the manifest of ` + out + ` lists no longer exist (` + ins[0].Path + ", " + ins[1].Path + ", " + ins[2].Path +
		` and 2 more): their rows stay; an input moved or renamed is read again under its new path, and its games are then counted twice (run without --resume to start afresh)"}` + "\n"
	if log.String() != want {
		t.Errorf("logged %s, want %s", log.String(), want)
	}
}

// TestParquetSinkDropsGoneInputsWithoutRows: the maintainer's file deleted
// between the walk and its turn, an unreadable input with no rows, stayed in
// the manifest for good, named by every arbiter stats as unread though no
// run would find it again. A resumed run drops such an entry, and only
// such: one with rows stays, and so do an input with no rows still there,
// a link to nowhere (an input that still cannot be read) and a stream.
func TestParquetSinkDropsGoneInputsWithoutRows(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	kept := inputFile(t, inDir, "kept.pgn", "k")
	withRows := inputFile(t, inDir, "rows.pgn", "r")
	there := inputFile(t, inDir, "there.pgn", "")
	gone := inputFile(t, inDir, "gone.pgn", "")
	link := Input{Path: filepath.Join(inDir, "link.pgn")}
	if err := os.Symlink(filepath.Join(inDir, "nowhere"), link.Path); err != nil {
		t.Fatal(err)
	}
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, kept, 1, complete)
	writeInput(t, s, withRows, 2, FileSummary{Err: errors.New("broken")})
	writeInput(t, s, there, 0, FileSummary{Err: errors.New("denied")})
	writeInput(t, s, gone, 0, FileSummary{Err: errors.New("no such file")})
	writeInput(t, s, link, 0, FileSummary{Err: errors.New("no such file")})
	writeInput(t, s, Input{Path: Stdin, Size: -1}, 0, FileSummary{Err: errors.New("broken")})
	s.Close(&Summary{})
	for _, in := range []Input{withRows, gone} {
		if err := os.Remove(in.Path); err != nil {
			t.Fatal(err)
		}
	}

	var log bytes.Buffer
	logger := zerolog.New(&log)
	s = newSink(t, out, ParquetOptions{Resume: true, Log: &logger})
	writeInput(t, s, inputFile(t, inDir, "late.pgn", "l"), 1, complete)
	s.Close(&Summary{})
	if b, err := os.ReadFile(filepath.Join(out, table.ManifestName)); err != nil || bytes.Contains(b, []byte("gone.pgn")) {
		t.Errorf("the manifest on disk still lists gone.pgn (%v)", err)
	}
	var got []string
	for _, e := range s.Manifest().Inputs {
		got = append(got, fmt.Sprintf("%d %s", e.Number, filepath.Base(e.Path)))
	}
	// late.pgn takes a number no entry had, not that of one dropped.
	want := []string{"0 kept.pgn", "1 rows.pgn", "2 there.pgn", "4 link.pgn", "5 -", "6 late.pgn"}
	if !slices.Equal(got, want) {
		t.Errorf("manifest lists %q, want %q", got, want)
	}
	wantLog := `{"level":"info","message":"1 input that the manifest of ` + out + ` lists without rows no longer exists (` + gone.Path +
		`): dropped from the manifest"}`
	if line, _, _ := strings.Cut(log.String(), "\n"); line != wantLog {
		t.Errorf("logged %s, want first %s", log.String(), wantLog)
	}
}

// gateSink holds the writer at BeginFile of one input until open is
// closed, so that a test can act between the reader and the sinks.
type gateSink struct {
	path string
	open <-chan struct{}
}

func (g *gateSink) BeginFile(in Input) error {
	if in.Path == g.path {
		<-g.open
	}
	return nil
}
func (*gateSink) Game(*GameRecord) error     { return nil }
func (*gateSink) EndFile(*FileSummary) error { return nil }
func (*gateSink) Close(*Summary) error       { return nil }

// A file that grows after the reader has read it, before the writer has
// begun it, keeps in the manifest the size and time it was read at: taken
// from the file as the writer found it, they made --resume skip it, and the
// games added were never read.
func TestParquetSinkRecordsInputAsRead(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	game := "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"
	a := inputFile(t, inDir, "a.pgn", strings.Repeat(game, 3))
	b := inputFile(t, inDir, "b.pgn", game)
	readAt := modTime(t, b.Path)
	read := make(chan struct{})
	inputReadHook = func(p string) {
		if p != b.Path {
			return
		}
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		if err == nil {
			_, err = f.WriteString(game)
			f.Close()
		}
		if err == nil {
			later := readAt.Add(time.Second)
			err = os.Chtimes(p, later, later)
		}
		if err != nil {
			t.Error(err)
		}
		close(read)
	}
	t.Cleanup(func() { inputReadHook = nil })
	s := newSink(t, out, ParquetOptions{})
	sum, err := Run(context.Background(), &Config{Workers: 2}, []Input{a, b}, &gateSink{path: b.Path, open: read}, s)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games != 4 {
		t.Fatalf("read %d games, want 4", sum.Games)
	}
	e := s.Manifest().Inputs[1]
	if e.Games != 1 || e.Size != int64(len(game)) || !e.ModTime.Equal(readAt) {
		t.Errorf("manifest entry of b: %d games, size %d, mtime %v; want 1, %d, %v", e.Games, e.Size, e.ModTime, len(game), readAt)
	}
	inputReadHook = nil
	r := newSink(t, out, ParquetOptions{Resume: true})
	if !r.Done(a) {
		t.Error("a, unchanged, is not done")
	}
	if r.Done(b) {
		t.Error("b, grown since it was read, is taken as done")
	}
	b.Size = int64(2 * len(game))
	cfg := &Config{Workers: 2, Skip: r.Done}
	if sum, err = Run(context.Background(), cfg, []Input{a, b}, r); err != nil {
		t.Fatal(err)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Skipped != 1 || sum.Games != 2 || m.Inputs[0].Games != 3 || m.Inputs[1].Games != 2 || m.Inputs[1].Size != int64(2*len(game)) {
		t.Errorf("resumed: %d skipped, %d games read; manifest %+v", sum.Skipped, sum.Games, m.Inputs)
	}
}

// When the manifest cannot be rewritten (a full disk), the files of the
// inputs ended since its last rewrite, already renamed into place, are
// removed: left there unlisted, a glob over DIR/games read games that the
// manifest, stats and the summary's "kept" do not count. The last rewrite,
// at Close, lists only files that are there.
func TestParquetSinkFailedRewriteLeavesNoUnlistedFile(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaa")
	b := inputFile(t, inDir, "b.pgn", "bbb")
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 2, complete) // the first input is listed at once
	// The manifest's temporary name taken by a directory: every rewrite
	// from now on fails, as on a full disk.
	block := filepath.Join(out, ".manifest.json.tmp")
	if err := os.MkdirAll(filepath.Join(block, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	s.saveGap = 0 // b's end rewrites the manifest
	if err := s.BeginFile(b); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := s.Game(record(b, i, i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.EndFile(&FileSummary{Input: b, Games: 3, Complete: true}); err == nil {
		t.Fatal("EndFile: no error from a rewrite that failed")
	}
	if err := s.Close(&Summary{}); err == nil {
		t.Fatal("Close: no error from a rewrite that failed")
	}
	want := []string{"00000-a.pgn.parquet"}
	for _, dir := range []string{table.GamesDir, table.FindingsDir} {
		if got := listDir(t, out, dir); !slices.Equal(got, want) {
			t.Errorf("%s/ after the failed rewrite: %q, want %q", dir, got, want)
		}
	}
	if s.Kept() != 2 {
		t.Errorf("Kept = %d, want 2", s.Kept())
	}
	// Space again: a rewrite lists b only if its files are there.
	if err := os.RemoveAll(block); err != nil {
		t.Fatal(err)
	}
	if err := s.man.save(out); err != nil {
		t.Fatal(err)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range m.Inputs {
		for _, f := range e.Files {
			if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(f))); err != nil {
				t.Errorf("the manifest lists %s of %s: %v", f, filepath.Base(e.Path), err)
			}
		}
	}
	if len(m.Inputs) != 2 || m.Inputs[1].Completed || len(m.Inputs[1].Files) != 0 {
		t.Errorf("b in the manifest: %+v, want listed as not completed, without files", m.Inputs)
	}
}

// An input read again on --resume that cannot be read at all this time
// keeps the rows an earlier run wrote under its entry, marked not completed
// with the error, rather than lose them: here those of a stream piped in
// under the file's path (--stdin-name), as the README advises for a zstd
// file whose window is too large, which the resumed run, retrying the
// file, matched by its path and emptied.
func TestParquetSinkUnreadableRetryKeepsEarlierRows(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	w := inputFile(t, inDir, "w.pgn.zst", "zstd with a window too large")
	s := newSink(t, out, ParquetOptions{StdinName: w.Path})
	writeInput(t, s, Input{Path: Stdin, Size: -1}, 3, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	before := listDir(t, out, table.GamesDir)

	r := newSink(t, out, ParquetOptions{Resume: true})
	if r.Done(w) {
		t.Fatal("the file is done, from rows a stream gave")
	}
	unreadable := errors.New(w.Path + ": the zstd window is too large")
	writeInput(t, r, w, 0, FileSummary{Err: unreadable})
	if err := r.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, out, table.GamesDir); !slices.Equal(got, before) || len(got) != 1 {
		t.Errorf("games/ after the failed retry: %q, want %q", got, before)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	e := m.Inputs[0]
	if len(m.Inputs) != 1 || e.Games != 3 || e.Findings != 3 || !slices.Equal(e.Files, []string{"games/00000-w.pgn.zst.parquet", "findings/00000-w.pgn.zst.parquet"}) ||
		e.Completed || e.Error != unreadable.Error() {
		t.Errorf("manifest after the failed retry: %+v", m.Inputs)
	}
	if r.Kept() != 0 {
		t.Errorf("Kept = %d, want 0: no game of this run is in DIR", r.Kept())
	}
}

// An input that the resumed manifest lists and that changes while the run
// goes on, before the run reaches it (appended to, or replaced under its
// name as rsync does), is found as that entry and read again in its place.
// The index of the entries, built when the run starts, found a file by its
// size and time as they were then: the input got a second entry, and the
// earlier rows stayed beside the new ones under the same game_ids.
func TestParquetSinkResumeFindsInputChangedDuringRun(t *testing.T) {
	for _, how := range []string{"appended", "replaced"} {
		t.Run(how, func(t *testing.T) {
			inDir, out := t.TempDir(), t.TempDir()
			a := inputFile(t, inDir, "a.pgn", "aaa")
			s := newSink(t, out, ParquetOptions{})
			writeInput(t, s, a, 2, complete)
			if err := s.Close(&Summary{}); err != nil {
				t.Fatal(err)
			}
			r := newSink(t, out, ParquetOptions{Resume: true})
			var err error
			if how == "appended" {
				var f *os.File
				if f, err = os.OpenFile(a.Path, os.O_APPEND|os.O_WRONLY, 0); err == nil {
					_, err = f.WriteString("bbb")
					f.Close()
				}
			} else {
				tmp := filepath.Join(inDir, ".a.pgn.part")
				if err = os.WriteFile(tmp, []byte("aaabbb"), 0o644); err == nil {
					err = os.Rename(tmp, a.Path)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			later := time.Now().Add(time.Hour)
			if err := os.Chtimes(a.Path, later, later); err != nil {
				t.Fatal(err)
			}
			if r.Done(a) {
				t.Error("a changed input is taken as done")
			}
			writeInput(t, r, a, 3, complete)
			if err := r.Close(&Summary{}); err != nil {
				t.Fatal(err)
			}
			m, err := LoadManifest(out)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Inputs) != 1 || m.Inputs[0].Number != 0 || m.Inputs[0].Games != 3 || m.Inputs[0].Size != 6 {
				t.Errorf("manifest: %+v, want a's one entry, number 0, with 3 games of 6 bytes", m.Inputs)
			}
			if got, want := listDir(t, out, table.GamesDir), []string{"00000-a.pgn.parquet"}; !slices.Equal(got, want) {
				t.Errorf("games/: %q, want %q", got, want)
			}
		})
	}
}

// --resume from another working directory finds the inputs an earlier run
// named by relative paths: the manifest keeps each input's absolute path
// beside the path as given. Found by the path alone, relative to the new
// working directory, every input was read again, and DIR held its games
// twice.
func TestParquetSinkResumeFromAnotherDirectory(t *testing.T) {
	inDir, out, elsewhere := t.TempDir(), t.TempDir(), t.TempDir()
	inputFile(t, inDir, "a.pgn", "aaa")
	t.Chdir(inDir)
	a := Input{Path: "a.pgn", Size: 3}
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 2, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}

	t.Chdir(elsewhere)
	var log bytes.Buffer
	logger := zerolog.New(&log)
	r := newSink(t, out, ParquetOptions{Resume: true, Log: &logger})
	if abs := (Input{Path: filepath.Join(inDir, "a.pgn"), Size: 3}); !r.Done(abs) {
		t.Errorf("Done(%s) = false, want true: the file a.pgn the earlier run read in %s", abs.Path, inDir)
	}
	if log.Len() > 0 {
		t.Errorf("resumed run logged %q, want nothing", log.String())
	}
	if m := r.Manifest(); len(m.Inputs) != 1 || m.Inputs[0].Path != "a.pgn" || m.Inputs[0].Abs != filepath.Join(inDir, "a.pgn") {
		t.Errorf("manifest: %+v", m.Inputs)
	}
}

// An input a run was interrupted in is listed with its file's size, not
// with -1 as a stream is: a resumed run drops it once its file is gone,
// where it kept it for good, for every arbiter stats to name as unread.
func TestParquetSinkDropsGoneInterruptedInput(t *testing.T) {
	out, a, b := interruptedRun(t)
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if e := m.Input(b.Path); e == nil || e.Size != b.Size || len(e.Files) != 0 || e.Completed {
		t.Fatalf("interrupted input listed as %+v, want size %d, no files, not completed", e, b.Size)
	}
	if err := os.Remove(b.Path); err != nil {
		t.Fatal(err)
	}
	s := newSink(t, out, ParquetOptions{Resume: true})
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if got, want := manifestEntries(t, out), []string{"0 " + a.Path}; !slices.Equal(got, want) {
		t.Errorf("resumed manifest lists %q, want %q", got, want)
	}
}

// A directory that could not be listed is an input without rows in the
// manifest; once it can be listed, a walk takes its files instead, and a
// resumed run that lists it drops its entry, which every arbiter stats
// named as unread for good though its files were read.
func TestParquetSinkDropsListableDirectory(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	sub := filepath.Join(inDir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	s := newSink(t, out, ParquetOptions{})
	denied := &fs.PathError{Op: "open", Path: sub, Err: fs.ErrPermission}
	writeInput(t, s, Input{Path: sub, Size: -1}, 0, FileSummary{Err: denied})
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if m, err := LoadManifest(out); err != nil || m.Input(sub) == nil {
		t.Fatalf("the first run's manifest does not list %s (%v)", sub, err)
	}

	a := inputFile(t, sub, "a.pgn", "a")
	var log bytes.Buffer
	logger := zerolog.New(&log)
	s = newSink(t, out, ParquetOptions{Resume: true, Log: &logger, Listed: ExpandAll([]string{inDir}).Listed})
	writeInput(t, s, a, 1, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if got, want := manifestEntries(t, out), []string{"1 " + filepath.Join(sub, "a.pgn")}; !slices.Equal(got, want) {
		t.Errorf("resumed manifest lists %q, want %q", got, want)
	}
	wantLog := `{"level":"info","message":"1 directory that the manifest of ` + out + ` lists as not read can be listed now (` + sub +
		`): dropped from the manifest, whose inputs are the files in it"}`
	if line, _, _ := strings.Cut(log.String(), "\n"); line != wantLog {
		t.Errorf("logged %s, want first %s", log.String(), wantLog)
	}
}

// Only a directory whose entries can be read is listable: a file, a path
// to nothing and a link to nowhere are not.
func TestListable(t *testing.T) {
	dir := t.TempDir()
	file := inputFile(t, dir, "a.pgn", "a").Path
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), link); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{dir: true, empty: true, file: false, link: false, filepath.Join(dir, "none"): false} {
		if got := listable(p); got != want {
			t.Errorf("listable(%s) = %v, want %v", p, got, want)
		}
	}
}

// manifestEntries lists the inputs of DIR's manifest on disk, each as its
// number and path.
func manifestEntries(t *testing.T, dir string) []string {
	t.Helper()
	m, err := LoadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range m.Inputs {
		got = append(got, fmt.Sprintf("%d %s", e.Number, e.Path))
	}
	return got
}

// An entry of size -1 without rows, as an arbiter before the interrupted
// input's size was recorded at its start wrote for a file it was stopped
// in, stays in a resumed manifest after its file is gone: size -1 is also
// the mark of a stream named with --stdin-name, whose name need be no file,
// and dropGone cannot tell the two apart: both are written by entryFor
// alike (abs by the arbiters that record it, mtime zero, no files, no content, no error
// when interrupted), and a stream's name may be a regular file (the
// README's --stdin-name A.pgn.zst). It is corrected when the input is read
// again. A known limit (README, --resume); this test shows it.
func TestParquetSinkKeepsOldSizeLessEntry(t *testing.T) {
	out, a, b := interruptedRun(t)
	path := filepath.Join(out, "manifest.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old := strings.Replace(string(data), fmt.Sprintf(`"size": %d,`, b.Size), `"size": -1,`, 1)
	if old == string(data) {
		t.Fatalf("no size %d in the manifest:\n%s", b.Size, data)
	}
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(b.Path); err != nil {
		t.Fatal(err)
	}
	s := newSink(t, out, ParquetOptions{Resume: true})
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if got, want := manifestEntries(t, out), []string{"0 " + a.Path, "1 " + b.Path}; !slices.Equal(got, want) {
		t.Errorf("resumed manifest lists %q, want %q", got, want)
	}
}

// A directory that could not be listed, and can be now, stays in a resumed
// manifest as not read unless the run lists it (ParquetOptions.Listed): one
// that names neither it nor a directory above it never reads its files, and
// dropped, it would vanish from what arbiter stats names as unread while
// its games are in no table. Named itself, through a link or under a
// directory named, it is dropped: its files are inputs of this run.
func TestParquetSinkKeepsListableDirectoryNotListed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		named func(inDir, sub, other string) []string
		keep  bool
	}{
		{"another directory", func(_, _, other string) []string { return []string{other} }, true},
		{"a directory whose name begins as its", func(_, sub, _ string) []string { return []string{sub + "2"} }, true},
		{"a file in it", func(_, sub, _ string) []string { return []string{filepath.Join(sub, "a.pgn")} }, true},
		{"it", func(_, sub, _ string) []string { return []string{sub} }, false},
		{"the directory above it", func(inDir, _, _ string) []string { return []string{inDir} }, false},
		{"a link to it", func(inDir, _, _ string) []string { return []string{filepath.Join(inDir, "link")} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inDir, other, out := t.TempDir(), t.TempDir(), t.TempDir()
			sub := filepath.Join(inDir, "sub")
			for _, d := range []string{sub, sub + "2"} {
				if err := os.Mkdir(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink(sub, filepath.Join(inDir, "link")); err != nil {
				t.Fatal(err)
			}
			inputFile(t, sub, "a.pgn", "a")
			s := newSink(t, out, ParquetOptions{})
			denied := &fs.PathError{Op: "open", Path: sub, Err: fs.ErrPermission}
			writeInput(t, s, Input{Path: sub, Size: -1}, 0, FileSummary{Err: denied})
			if err := s.Close(&Summary{}); err != nil {
				t.Fatal(err)
			}

			var log bytes.Buffer
			logger := zerolog.New(&log)
			listed := ExpandAll(tc.named(inDir, sub, other)).Listed
			s = newSink(t, out, ParquetOptions{Resume: true, Log: &logger, Listed: listed})
			if err := s.Close(&Summary{}); err != nil {
				t.Fatal(err)
			}
			want, wantLog := []string(nil), `{"level":"info","message":"1 directory that the manifest of `+out+
				` lists as not read can be listed now (`+sub+`): dropped from the manifest, whose inputs are the files in it"}`
			if tc.keep {
				want, wantLog = []string{"0 " + sub}, `{"level":"info","message":"1 directory that the manifest of `+out+
					` lists as not read can be listed now but this run does not read (`+sub+`): kept as not read, until a resumed run names it or a directory above it"}`
			}
			if got := manifestEntries(t, out); !slices.Equal(got, want) {
				t.Errorf("listed %q: resumed manifest lists %q, want %q", listed, got, want)
			}
			if got := strings.TrimSuffix(log.String(), "\n"); got != wantLog {
				t.Errorf("logged %s, want %s", got, wantLog)
			}
		})
	}
}

// interruptedRun writes into a new directory the tables of a run that read
// a whole and was interrupted in b, and returns the directory and inputs.
func interruptedRun(t *testing.T) (out string, a, b Input) {
	t.Helper()
	inDir := t.TempDir()
	out = t.TempDir()
	a = inputFile(t, inDir, "a.pgn", "a")
	b = inputFile(t, inDir, "b.pgn", "bb")
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 1, complete)
	writeInput(t, s, b, 1, FileSummary{}) // interrupted
	if err := s.Close(&Summary{Interrupted: true}); err != nil {
		t.Fatal(err)
	}
	return out, a, b
}
