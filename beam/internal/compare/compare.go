// Package compare reads the tables of output directories back, for tests
// that compare a Beam run's output with the command line's.
package compare

import (
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// row is one row of a table, every column printed.
type row struct {
	file string
	game int64
	text string
}

// readTable reads every row of DIR/table/*.parquet, in file order, and the
// schema they were written with.
func readTable(t testing.TB, dir, tbl string) ([]row, string) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, tbl, "*.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []row
	schema := ""
	for _, path := range paths {
		f, err := file.OpenParquetFile(path, false)
		if err != nil {
			t.Fatal(err)
		}
		fr, err := pqarrow.NewFileReader(f, pqarrow.ArrowReadProperties{BatchSize: 4096}, memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		rr, err := fr.GetRecordReader(context.Background(), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := rr.Schema().String()
		if schema != "" && s != schema {
			t.Fatalf("%s: schema differs from the other files of %s", path, tbl)
		}
		schema = s
		for rr.Next() {
			rec := rr.RecordBatch()
			names := rec.Schema().Fields()
			fileCol, gameCol := rec.Schema().FieldIndices("file")[0], rec.Schema().FieldIndices("game")[0]
			for i := range int(rec.NumRows()) {
				var b strings.Builder
				for c := range names {
					fmt.Fprintf(&b, "%s=%s\x1f", names[c].Name, rec.Column(c).ValueStr(i))
				}
				var game int64
				fmt.Sscan(rec.Column(gameCol).ValueStr(i), &game)
				rows = append(rows, row{file: rec.Column(fileCol).ValueStr(i), game: game, text: b.String()})
			}
		}
		if err := rr.Err(); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		rr.Release()
		f.Close()
	}
	// A game's rows are together and in order in one file: a stable sort by
	// game keeps the order of its findings and moves.
	slices.SortStableFunc(rows, func(a, b row) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.game, b.game))
	})
	return rows, schema
}

// Tables compares the named tables of two output directories row by row,
// every column, after sorting the rows by file and game (a stable sort: the
// rows of one game keep their order), and returns the rows of each table.
func Tables(t testing.TB, want, got string, tables []string) map[string]int {
	t.Helper()
	sizes := map[string]int{}
	for _, tbl := range tables {
		w, ws := readTable(t, want, tbl)
		g, gs := readTable(t, got, tbl)
		if ws != gs {
			t.Fatalf("%s: schemas differ:\n%s\n%s", tbl, ws, gs)
		}
		for i := range min(len(w), len(g)) {
			if w[i] != g[i] {
				t.Fatalf("%s: row %d differs:\nwant %s\n got %s", tbl, i, strings.ReplaceAll(w[i].text, "\x1f", " "), strings.ReplaceAll(g[i].text, "\x1f", " "))
			}
		}
		if len(w) != len(g) {
			t.Fatalf("%s: %d rows, want %d", tbl, len(g), len(w))
		}
		sizes[tbl] = len(w)
	}
	return sizes
}
