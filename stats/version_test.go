package stats

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/arbiter-chess/arbiter/pipeline/table"
)

// asVersion rewrites a table file as an arbiter of schema version 1 or 2
// wrote it: its column int32 (findings) and, in version 1, its line column
// too, its arbiter.schema the version.
func asVersion(t *testing.T, path, version string) {
	t.Helper()
	f, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := pqarrow.NewFileReader(f, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := fr.ReadTable(context.Background())
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	md := arrow.NewMetadata([]string{"arbiter.schema"}, []string{version})
	narrow := map[string]bool{"column": true, "line": version == "1"}
	fields := tbl.Schema().Fields()
	cols := make([]arrow.Column, len(fields))
	for i := range fields {
		col := tbl.Column(i)
		if !narrow[fields[i].Name] {
			cols[i] = *col
			continue
		}
		if col.DataType().ID() != arrow.INT64 {
			t.Fatalf("%s: %s is %s, not int64", path, fields[i].Name, col.DataType())
		}
		b := array.NewInt32Builder(memory.DefaultAllocator)
		for _, c := range col.Data().Chunks() {
			for _, v := range c.(*array.Int64).Int64Values() {
				b.Append(int32(v))
			}
		}
		a := b.NewArray()
		fields[i].Type = arrow.PrimitiveTypes.Int32
		ch := arrow.NewChunked(arrow.PrimitiveTypes.Int32, []arrow.Array{a})
		cols[i] = *arrow.NewColumn(fields[i], ch)
	}
	schema := arrow.NewSchema(fields, &md)
	old := array.NewTable(schema, cols, tbl.NumRows())
	defer old.Release()
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if err := pqarrow.WriteTable(old, out, 1<<20, parquet.NewWriterProperties(),
		pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema())); err != nil {
		t.Fatal(err)
	}
}

// The tables of schema versions 1 (an arbiter whose line and column
// columns were int32) and 2 (column int32) are still read, alone or with
// those of the current version: stats reads neither column, the only
// changes since.
func TestReadParquetVersion1(t *testing.T) {
	if table.Version != "3" {
		t.Fatalf("schema version %s: check what changed since 1 and 2 before stats reads them as well", table.Version)
	}
	records := sampleRecords()
	want := aggregateOf(sampleGames()).Summarize(0)
	v1, v2, v3 := t.TempDir(), t.TempDir(), t.TempDir()
	writeTables(t, v1, "00000-a.pgn.parquet", records[:2], 0)
	writeTables(t, v2, "00000-b.pgn.parquet", records[2:3], 0)
	writeTables(t, v3, "00000-c.parquet", records[3:], 0)
	for _, dir := range []string{table.GamesDir, table.FindingsDir} {
		asVersion(t, filepath.Join(v1, dir, "00000-a.pgn.parquet"), "1")
		asVersion(t, filepath.Join(v2, dir, "00000-b.pgn.parquet"), "2")
	}
	got, err := ReadParquet(v1, v2, v3)
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Summarize(0); !reflect.DeepEqual(s, want) {
		t.Errorf("versions 1, 2 and 3:\n got %+v\nwant %+v", s, want)
	}
}
