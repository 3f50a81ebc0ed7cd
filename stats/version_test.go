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

// asVersion1 rewrites a table file as an arbiter of schema version 1 wrote
// it: its line column int32, its arbiter.schema "1".
func asVersion1(t *testing.T, path string) {
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
	md := arrow.NewMetadata([]string{"arbiter.schema"}, []string{"1"})
	fields := tbl.Schema().Fields()
	cols := make([]arrow.Column, len(fields))
	for i := range fields {
		col := tbl.Column(i)
		if fields[i].Name != "line" {
			cols[i] = *col
			continue
		}
		if col.DataType().ID() != arrow.INT64 {
			t.Fatalf("%s: line is %s, not int64", path, col.DataType())
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

// The tables of schema version 1 (an arbiter whose line columns were
// int32) are still read, alone or with those of the current version: stats
// reads no line column, the only change since.
func TestReadParquetVersion1(t *testing.T) {
	if table.Version != "2" {
		t.Fatalf("schema version %s: check what changed since 1 before stats reads 1 as well", table.Version)
	}
	records := sampleRecords()
	want := aggregateOf(sampleGames()).Summarize(0)
	v1, v2 := t.TempDir(), t.TempDir()
	writeTables(t, v1, "00000-a.pgn.parquet", records[:3], 0)
	writeTables(t, v2, "00000-b.parquet", records[3:], 0)
	for _, dir := range []string{table.GamesDir, table.FindingsDir} {
		asVersion1(t, filepath.Join(v1, dir, "00000-a.pgn.parquet"))
	}
	got, err := ReadParquet(v1, v2)
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Summarize(0); !reflect.DeepEqual(s, want) {
		t.Errorf("versions 1 and 2:\n got %+v\nwant %+v", s, want)
	}
}
