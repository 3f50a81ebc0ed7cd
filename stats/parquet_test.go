package stats

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline/table"
	"github.com/arbiter-chess/arbiter/validate"
)

// writeTables writes the games and findings tables of records as
// `arbiter check --out dir` lays them out, under the file name name.
func writeTables(t testing.TB, dir, name string, records []sampleRecord, batchRows int) {
	t.Helper()
	writeTable(t, filepath.Join(dir, table.GamesDir, name), table.NewGamesBuilder(nil), records, batchRows)
	writeTable(t, filepath.Join(dir, table.FindingsDir, name), table.NewFindingsBuilder(nil), records, batchRows)
}

func writeTable(t testing.TB, path string, b table.Builder, records []sampleRecord, batchRows int) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := table.NewWriter(f, b, table.WriterOptions{BatchRows: batchRows})
	if err != nil {
		t.Fatal(err)
	}
	for i := range records {
		r := &records[i]
		g := table.Game{File: r.file, Index: r.index, Start: parser.Pos{Line: 1, Col: 1}, Tags: r.tags,
			Encoding: r.enc, Report: &r.report}
		if err := w.Append(&g); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// What is read back from Parquet is what adding the games gave, whether the
// games are in one directory or spread over several (several machines).
func TestReadParquet(t *testing.T) {
	records := sampleRecords()
	want := aggregateOf(sampleGames()).Summarize(0)

	one := t.TempDir()
	writeTables(t, one, "00000-a.pgn.parquet", records[:2], 0)
	writeTables(t, one, "00001-b.txt.parquet", records[2:4], 0)
	writeTables(t, one, "00002-evil.parquet", records[4:], 0)
	got, err := ReadParquet(one)
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Summarize(0); !reflect.DeepEqual(s, want) {
		t.Errorf("one directory:\n got %+v\nwant %+v", s, want)
	}

	// A temporary file of a run in progress is not read.
	if err := os.WriteFile(filepath.Join(one, table.GamesDir, ".00003-c.pgn.parquet.tmp"), []byte("partial"), 0o644); err != nil {
		t.Fatal(err)
	}
	m1, m2 := t.TempDir(), t.TempDir()
	writeTables(t, m1, "00000-a.pgn.parquet", records[:3], 0)
	writeTables(t, m2, "00000-b.parquet", records[3:], 0)
	got, err = ReadParquet(m1, m2)
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Summarize(0); !reflect.DeepEqual(s, want) {
		t.Errorf("two directories:\n got %+v\nwant %+v", s, want)
	}

	// Twice the same directory counts everything twice.
	got, err = ReadParquet(one, one)
	if err != nil {
		t.Fatal(err)
	}
	if got.Games() != 2*int64(len(records)) {
		t.Errorf("one directory twice: %d games", got.Games())
	}
}

// Findings of one game split over batches and row groups are joined to it.
func TestReadParquetSmallBatches(t *testing.T) {
	defer func(n int64) { readBatchRows = n }(readBatchRows)
	want := aggregateOf(sampleGames()).Summarize(0)
	for _, rows := range []int64{1, 2, 3} {
		readBatchRows = rows
		dir := t.TempDir()
		writeTables(t, dir, "00000-all.parquet", sampleRecords(), int(rows))
		got, err := ReadParquet(dir)
		if err != nil {
			t.Fatal(err)
		}
		if s := got.Summarize(0); !reflect.DeepEqual(s, want) {
			t.Errorf("batches of %d rows:\n got %+v\nwant %+v", rows, s, want)
		}
	}
}

// writeManifest writes dir/manifest.json with one input per list of files.
func writeManifest(t *testing.T, dir string, inputs ...[]string) {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"version": 1, "schema": "1", "inputs": [`)
	for i, files := range inputs {
		if i > 0 {
			b.WriteString(",")
		}
		q := make([]string, len(files))
		for j, f := range files {
			q[j] = `"` + f + `"`
		}
		fmt.Fprintf(&b, `{"number": %d, "files": [%s], "completed": true}`, i, strings.Join(q, ","))
	}
	b.WriteString("]}\n")
	if err := os.WriteFile(filepath.Join(dir, table.ManifestName), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReadParquetByManifest: with a manifest, only the files it lists are
// read, and the others (an input being written: its games file renamed,
// its findings file not yet) are left out and reported, not an error.
// Without one, the same half-written input is an error, as before.
func TestReadParquetByManifest(t *testing.T) {
	records := sampleRecords()
	dir := t.TempDir()
	writeTables(t, dir, "00000-a.pgn.parquet", records[:2], 0)
	writeTables(t, dir, "00001-b.txt.parquet", records[2:4], 0)
	writeTables(t, dir, "00002-evil.parquet", records[4:], 0)
	os.Remove(filepath.Join(dir, table.FindingsDir, "00002-evil.parquet"))
	if _, err := ReadParquet(dir); err == nil || !strings.Contains(err.Error(), "has no findings table beside it") {
		t.Fatalf("no manifest: error %v, want no findings table", err)
	}
	writeManifest(t, dir, []string{"games/00000-a.pgn.parquet", "findings/00000-a.pgn.parquet"},
		[]string{"games/00001-b.txt.parquet", "findings/00001-b.txt.parquet"})
	var ignored []string
	got, err := ReadParquetLogged(func(p string) { ignored = append(ignored, p) }, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := aggregateOf(sampleGames()[:4]).Summarize(0)
	if s := got.Summarize(0); !reflect.DeepEqual(s, want) {
		t.Errorf("by the manifest:\n got %+v\nwant %+v", s, want)
	}
	if w := []string{filepath.Join(dir, table.GamesDir, "00002-evil.parquet")}; !slices.Equal(ignored, w) {
		t.Errorf("left out %q, want %q", ignored, w)
	}

	// A listed file that is missing, or a games file listed without its
	// findings file, is an error.
	writeManifest(t, dir, []string{"games/00002-evil.parquet", "findings/00002-evil.parquet"})
	if _, err := ReadParquet(dir); err == nil || !strings.Contains(err.Error(), "listed in") {
		t.Errorf("listed file missing: error %v", err)
	}
	writeManifest(t, dir, []string{"games/00000-a.pgn.parquet"})
	if _, err := ReadParquet(dir); err == nil || !strings.Contains(err.Error(), "but not its findings table") {
		t.Errorf("findings not listed: error %v", err)
	}
	os.WriteFile(filepath.Join(dir, table.ManifestName), []byte("{"), 0o644)
	if _, err := ReadParquet(dir); err == nil || !strings.Contains(err.Error(), table.ManifestName) {
		t.Errorf("broken manifest: error %v", err)
	}

	// A Beam run's manifest: parts listed by its inputs and in "parts".
	beam := t.TempDir()
	writeTables(t, beam, "part-00000.parquet", records[:3], 0)
	writeTables(t, beam, "part-00001.parquet", records[3:], 0)
	os.WriteFile(filepath.Join(beam, table.ManifestName), []byte(`{"version": 1, "schema": "1", "runner": "beam",
  "inputs": [{"number": 0, "files": ["games/part-00000.parquet", "findings/part-00000.parquet"]},
             {"number": 1, "files": ["games/part-00000.parquet", "findings/part-00000.parquet", "games/part-00001.parquet", "findings/part-00001.parquet"]}],
  "parts": [{"files": ["games/part-00000.parquet", "findings/part-00000.parquet"]},
            {"files": ["games/part-00001.parquet", "findings/part-00001.parquet"]}]}`), 0o644)
	got, err = ReadParquet(beam)
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Summarize(0); !reflect.DeepEqual(s, aggregateOf(sampleGames()).Summarize(0)) {
		t.Errorf("beam parts: %d games, want %d", got.Games(), len(records))
	}
}

func TestReadParquetEmpty(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, table.GamesDir), 0o755)
	a, err := ReadParquet(dir)
	if err != nil || a.Games() != 0 {
		t.Errorf("empty games directory: %v games, %v", a, err)
	}
}

func TestReadParquetErrors(t *testing.T) {
	records := sampleRecords()
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, dir string)
		want  string
	}{
		{"no games directory", func(t *testing.T, dir string) {}, "no games directory"},
		{"findings file missing", func(t *testing.T, dir string) {
			writeTables(t, dir, "00000-a.parquet", records[:2], 0)
			os.Remove(filepath.Join(dir, table.FindingsDir, "00000-a.parquet"))
		}, "has no findings table beside it"},
		{"findings of a game not in the games table", func(t *testing.T, dir string) {
			writeTable(t, filepath.Join(dir, table.GamesDir, "00000-a.parquet"), table.NewGamesBuilder(nil), records[:2], 0)
			// records[2] is game 0 of b.txt, which the games table lacks.
			writeTable(t, filepath.Join(dir, table.FindingsDir, "00000-a.parquet"), table.NewFindingsBuilder(nil),
				[]sampleRecord{records[0], records[2], records[1]}, 0)
		}, "a finding of b.txt#0, which is not in the games table"},
		{"findings in another order", func(t *testing.T, dir string) {
			writeTable(t, filepath.Join(dir, table.GamesDir, "00000-a.parquet"), table.NewGamesBuilder(nil), records[:4], 0)
			writeTable(t, filepath.Join(dir, table.FindingsDir, "00000-a.parquet"), table.NewFindingsBuilder(nil),
				[]sampleRecord{records[0], records[2], records[1], records[3]}, 0)
		}, "a finding of a.pgn#1, which is not in the games table (or not in its order)"},
		{"unknown severity", func(t *testing.T, dir string) {
			bad := records[3]
			bad.report.Findings = append([]validate.Finding(nil), bad.report.Findings...)
			bad.report.Findings[0].Severity = 9
			writeTables(t, dir, "00000-a.parquet", []sampleRecord{records[0], bad}, 0)
		}, `unknown severity "unknown"`},
		{"not a Parquet file", func(t *testing.T, dir string) {
			writeTables(t, dir, "00000-a.parquet", records[:2], 0)
			os.WriteFile(filepath.Join(dir, table.GamesDir, "00000-a.parquet"), []byte("PAR1 but not really"), 0o644)
		}, "00000-a.parquet"},
		{"another schema version", func(t *testing.T, dir string) {
			writeTables(t, dir, "00000-a.parquet", records[:2], 0)
			writeForeign(t, filepath.Join(dir, table.GamesDir, "00000-a.parquet"), map[string]string{"arbiter.schema": "0"})
		}, "schema version 0"},
		{"not an arbiter table", func(t *testing.T, dir string) {
			writeTables(t, dir, "00000-a.parquet", records[:2], 0)
			writeForeign(t, filepath.Join(dir, table.FindingsDir, "00000-a.parquet"), nil)
		}, "not an arbiter table"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.setup(t, dir)
			a, err := ReadParquet(dir)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			if a != nil {
				t.Errorf("an aggregate besides the error")
			}
		})
	}
	if _, err := ReadParquet(); err == nil {
		t.Errorf("no directory: no error")
	}
}

// writeForeign writes a one-column Parquet file with the given metadata.
func writeForeign(t *testing.T, path string, meta map[string]string) {
	t.Helper()
	var keys, values []string
	for k, v := range meta {
		keys, values = append(keys, k), append(values, v)
	}
	md := arrow.NewMetadata(keys, values)
	schema := arrow.NewSchema([]arrow.Field{{Name: "game", Type: arrow.PrimitiveTypes.Int64}}, &md)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	b.Field(0).(*array.Int64Builder).Append(0)
	rec := b.NewRecordBatch()
	defer rec.Release()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := pqarrow.NewFileWriter(schema, f, nil, pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkReadParquet reads back the tables of 60,000 games (per op) from
// two inputs; ns/game is the time per game.
func BenchmarkReadParquet(b *testing.B) {
	dir := b.TempDir()
	base := sampleRecords()
	for input, file := range []string{"a.pgn", "b.pgn"} {
		var records []sampleRecord
		for i := range 30_000 {
			r := base[i%len(base)]
			r.file, r.index = file, i
			records = append(records, r)
		}
		writeTables(b, dir, fmt.Sprintf("%05d-%s.parquet", input, file), records, 0)
	}
	b.ReportAllocs()
	for b.Loop() {
		a, err := ReadParquet(dir)
		if err != nil || a.Games() != 60_000 {
			b.Fatal(a.Games(), err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/60_000, "ns/game")
}
