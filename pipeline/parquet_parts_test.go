package pipeline

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/arbiter-chess/arbiter/pipeline/table"
)

// gamesIn lists the game indexes whose rows a table file holds, each once,
// in order.
func gamesIn(t *testing.T, p string) []int {
	t.Helper()
	ids, _ := stringColumns(t, p)
	var games []int
	for _, id := range ids {
		n, err := strconv.Atoi(id[len(id)-1:])
		if err != nil {
			t.Fatal(err)
		}
		if len(games) == 0 || games[len(games)-1] != n {
			games = append(games, n)
		}
	}
	return games
}

// rowGroups is the number of row groups of a Parquet file.
func rowGroups(t *testing.T, p string) int {
	t.Helper()
	r, err := file.OpenParquetFile(p, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	return r.NumRowGroups()
}

// An input whose tables fill a file goes on in parts: every table starts
// its next part at the game after the one that filled a file (here the
// moves table's, game i having i moves), so that the files of one name hold
// the same games; no file holds more than PartRowGroups row groups, and the
// manifest lists every part.
func TestParquetSinkParts(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "nine games")
	s := newSink(t, out, ParquetOptions{Moves: true, BatchRows: 2, PartRowGroups: 2})
	writeInput(t, s, a, 9, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	names := []string{"00000-a.pgn.parquet", "00000-a.pgn.part00002.parquet", "00000-a.pgn.part00003.parquet", "00000-a.pgn.part00004.parquet"}
	// Moves: games 0-3 are 0+1+2+3 rows, groups ending after games 2 and 3;
	// then games 4 and 5 make a group each, and so do 6 and 7.
	parts := [][]int{{0, 1, 2, 3}, {4, 5}, {6, 7}, {8}}
	var files []string
	for i, name := range names {
		for _, tbl := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
			files = append(files, tbl+"/"+name)
			p := filepath.Join(out, tbl, name)
			want := parts[i]
			if tbl == table.MovesDir && want[0] == 0 {
				want = want[1:] // game 0 has no move
			}
			if got := gamesIn(t, p); !slices.Equal(got, want) {
				t.Errorf("%s/%s holds games %v, want %v", tbl, name, got, want)
			}
			if n := rowGroups(t, p); n > 2 {
				t.Errorf("%s/%s: %d row groups, want 2 at most", tbl, name, n)
			}
		}
	}
	for _, tbl := range []string{table.GamesDir, table.FindingsDir, table.MovesDir} {
		if got := listDir(t, out, tbl); !slices.Equal(got, names) {
			t.Errorf("%s/: %q, want %q", tbl, got, names)
		}
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	want := ManifestInput{Number: 0, Path: a.Path, Abs: a.Path, Size: 10, ModTime: modTime(t, a.Path), Games: 9, Findings: 9, Moves: 36,
		Files: files, Completed: true}
	if got := m.Inputs[0]; len(m.Inputs) != 1 || !reflect.DeepEqual(got, want) {
		t.Errorf("manifest inputs %+v, want %+v", m.Inputs, want)
	}
}

// An input that ends with a full file has no empty part after it.
func TestParquetSinkNoEmptyPart(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "eight games")
	s := newSink(t, out, ParquetOptions{BatchRows: 2, PartRowGroups: 2})
	writeInput(t, s, a, 8, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	want := []string{"00000-a.pgn.parquet", "00000-a.pgn.part00002.parquet"}
	if got := listDir(t, out, table.GamesDir); !slices.Equal(got, want) {
		t.Errorf("games/: %q, want %q", got, want)
	}
	if got := gamesIn(t, filepath.Join(out, table.FindingsDir, want[1])); !slices.Equal(got, []int{4, 5, 6, 7}) {
		t.Errorf("second part holds games %v", got)
	}
}

// An input interrupted after some parts leaves none of them; a resumed run
// skips an input of several parts while all are there, and one that writes
// it again in fewer parts removes those it no longer lists.
func TestParquetSinkResumeParts(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	opt := ParquetOptions{BatchRows: 2, PartRowGroups: 2}
	a := inputFile(t, inDir, "a.pgn", "aaa")
	b := inputFile(t, inDir, "b.pgn", "bbb")
	s := newSink(t, out, opt)
	writeInput(t, s, a, 9, complete)
	writeInput(t, s, b, 9, FileSummary{}) // interrupted
	if err := s.Close(&Summary{Interrupted: true}); err != nil {
		t.Fatal(err)
	}
	aParts := []string{"00000-a.pgn.parquet", "00000-a.pgn.part00002.parquet", "00000-a.pgn.part00003.parquet"}
	for _, tbl := range []string{table.GamesDir, table.FindingsDir} {
		if got := listDir(t, out, tbl); !slices.Equal(got, aParts) {
			t.Errorf("%s/ after the interrupted run: %q, want %q", tbl, got, aParts)
		}
	}

	opt.Resume = true
	s = newSink(t, out, opt)
	if !s.Done(a) {
		t.Error("an input of three parts, all there, is not done")
	}
	s.Close(&Summary{})
	os.Remove(filepath.Join(out, table.FindingsDir, aParts[2]))
	s = newSink(t, out, opt)
	if s.Done(a) {
		t.Error("an input whose third part is gone is done")
	}
	writeInput(t, s, a, 5, complete)
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	want := []string{"00000-a.pgn.parquet", "00000-a.pgn.part00002.parquet"}
	for _, tbl := range []string{table.GamesDir, table.FindingsDir} {
		if got := listDir(t, out, tbl); !slices.Equal(got, want) {
			t.Errorf("%s/ after a is written again: %q, want %q", tbl, got, want)
		}
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if e := m.Inputs[0]; e.Games != 5 || len(e.Files) != 4 {
		t.Errorf("manifest entry of a: %d games, files %q", e.Games, e.Files)
	}
}

// The sink's live heap stays flat however many row groups an input makes:
// the footer of a file that grew with the input made it grow by 45 KB a row
// group of the games and findings tables (11 M one-move games: 38 MB).
func TestParquetSinkHeapFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 1,500 row groups a table")
	}
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "games")
	s := newSink(t, out, ParquetOptions{BatchRows: 1})
	if err := s.BeginFile(a); err != nil {
		t.Fatal(err)
	}
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	const from, to = 300, 1500
	var before uint64
	r := record(a, 0, 0)
	for i := range to {
		if i == from {
			before = heap()
		}
		r.Index = i
		if err := s.Game(r); err != nil {
			t.Fatal(err)
		}
	}
	grown := int64(heap()) - int64(before)
	if err := s.EndFile(&FileSummary{Input: a, Games: to, Complete: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	// A part's files hold 4 MiB of metadata each at most (table.Writer.Full).
	if grown > 8<<20 {
		t.Errorf("the live heap grew by %d KB over %d row groups a table", grown>>10, to-from)
	}
	t.Logf("the live heap grew by %d KB over %d row groups a table", grown>>10, to-from)
}

// Listed in name order, an input's parts follow one another in order, the
// first (named as an input of one part is) before the second, and all
// before the next input's; each is an output name, which a run replaces.
func TestPartNamesSortInOrder(t *testing.T) {
	var names []string
	for _, input := range []int{9, 10, 99999, 100000} {
		for _, part := range []int{1, 2, 3, 10, 99999, 100000, 100001} {
			name := partName(outputName(input, "a.pgn"), part)
			if !isOutputName(name) {
				t.Errorf("%q is not recognised as an output name", name)
			}
			names = append(names, name)
		}
	}
	if names[1] != "00009-a.pgn.part00002.parquet" {
		t.Errorf("part 2 of input 9: %q", names[1])
	}
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	if !slices.Equal(sorted, names) {
		t.Errorf("names in name order:\n%q\nin input and part order:\n%q", sorted, names)
	}
}
