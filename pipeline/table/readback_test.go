package table

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/arbiter-chess/arbiter/pipeline/table/tabletest"
)

// Expected cells are written as Go values and compared in one canonical
// text form, whichever reader produced the actual cell:
//
//	null, "quoted string", 42, true, ["a","b"], date 2024-03-05,
//	timestamp 2024-03-05T13:14:15.000Z
type (
	day string // a date cell, "2024-03-05"
	ts  string // a timestamp cell, "2024-03-05T13:14:15.000Z"
)

type row map[string]any

const tsLayout = "2006-01-02T15:04:05.000Z"

func canon(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(v)
	case int:
		return strconv.Itoa(v)
	case uint64:
		return strconv.FormatUint(v, 10)
	case bool:
		return strconv.FormatBool(v)
	case []string:
		q := make([]string, len(v))
		for i, s := range v {
			q[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(q, ",") + "]"
	case day:
		return "date " + string(v)
	case ts:
		return "timestamp " + string(v)
	}
	panic(fmt.Sprintf("canon: %T", v))
}

// writeTable writes games into a Parquet file of the table nb builds.
func writeTable(t *testing.T, path string, b Builder, games []Game, opt WriterOptions) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := NewWriter(f, b, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		if err := w.Append(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// compareRows reports every cell that differs from the expectation.
func compareRows(t *testing.T, what string, got []map[string]string, want []row) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Errorf("%s row %d: %d columns, want %d", what, i, len(got[i]), len(want[i]))
		}
		for col, w := range want[i] {
			if g, ok := got[i][col]; !ok {
				t.Errorf("%s row %d: no column %s", what, i, col)
			} else if g != canon(w) {
				t.Errorf("%s row %d %s = %s, want %s", what, i, col, g, canon(w))
			}
		}
	}
}

// hyparquetRows puts hyparquet's cells in canonical form, using the Parquet
// schema to tell a 64-bit integer (which it prints as a string) from a string.
func hyparquetRows(f *tabletest.File) []map[string]string {
	var rows []map[string]string
	for _, r := range f.Rows {
		out := map[string]string{}
		for name, v := range r {
			out[name] = hyparquetCell(f.Column(name), v)
		}
		rows = append(rows, out)
	}
	return rows
}

func hyparquetCell(c *tabletest.Column, v any) string {
	if v == nil {
		return "null"
	}
	logical, _ := c.Logical["type"].(string)
	switch v := v.(type) {
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	case []any:
		q := make([]string, len(v))
		for i, s := range v {
			q[i] = strconv.Quote(s.(string))
		}
		return "[" + strings.Join(q, ",") + "]"
	case string:
		switch {
		case logical == "DATE":
			return "date " + strings.TrimSuffix(v, "T00:00:00.000Z")
		case logical == "TIMESTAMP":
			return "timestamp " + v
		case c.Type == "INT64":
			return v
		}
		return strconv.Quote(v)
	}
	return fmt.Sprintf("unexpected %T", v)
}

// arrowFile is a Parquet file as arrow-go reads it.
type arrowFile struct {
	schema    *arrow.Schema
	rowGroups int
	rows      []map[string]string
	metadata  map[string]string // the file's key-value metadata
}

func readArrow(t *testing.T, path string) arrowFile {
	t.Helper()
	rdr, err := file.OpenParquetFile(path, false)
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
	defer tbl.Release()
	out := arrowFile{schema: tbl.Schema(), rowGroups: rdr.NumRowGroups(), metadata: map[string]string{}}
	for _, kv := range rdr.MetaData().KeyValueMetadata() {
		if kv.Value != nil {
			out.metadata[kv.Key] = *kv.Value
		}
	}
	out.rows = make([]map[string]string, tbl.NumRows())
	for i := range out.rows {
		out.rows[i] = map[string]string{}
	}
	for c := 0; c < int(tbl.NumCols()); c++ {
		name := tbl.Schema().Field(c).Name
		r := 0
		for _, chunk := range tbl.Column(c).Data().Chunks() {
			for i := 0; i < chunk.Len(); i++ {
				out.rows[r][name] = arrowCell(chunk, i)
				r++
			}
		}
	}
	return out
}

func arrowCell(a arrow.Array, i int) string {
	if a.IsNull(i) {
		return "null"
	}
	switch a := a.(type) {
	case *array.String:
		return strconv.Quote(a.Value(i))
	case *array.Dictionary:
		return strconv.Quote(a.Dictionary().(*array.String).Value(a.GetValueIndex(i)))
	case *array.Int32:
		return strconv.FormatInt(int64(a.Value(i)), 10)
	case *array.Int64:
		return strconv.FormatInt(a.Value(i), 10)
	case *array.Uint64:
		return strconv.FormatUint(a.Value(i), 10)
	case *array.Boolean:
		return strconv.FormatBool(a.Value(i))
	case *array.Date32:
		return "date " + a.Value(i).ToTime().Format("2006-01-02")
	case *array.Timestamp:
		toTime, _ := a.DataType().(*arrow.TimestampType).GetToTimeFunc()
		return "timestamp " + toTime(a.Value(i)).UTC().Format(tsLayout)
	case *array.List:
		start, end := a.ValueOffsets(i)
		vals := a.ListValues().(*array.String)
		q := make([]string, 0, end-start)
		for k := start; k < end; k++ {
			q = append(q, strconv.Quote(vals.Value(int(k))))
		}
		return "[" + strings.Join(q, ",") + "]"
	}
	return fmt.Sprintf("unexpected %T", a)
}

// parquetColumns describes hyparquet's schema elements one a line:
// name, physical type (or group), logical type, repetition.
func parquetColumns(f *tabletest.File) []string {
	var out []string
	for _, c := range f.Schema {
		typ := c.Type
		if typ == "" {
			typ = "group"
		}
		logical := "-"
		if c.Logical != nil {
			logical, _ = c.Logical["type"].(string)
			switch logical {
			case "INTEGER":
				sign := "signed"
				if c.Logical["isSigned"] == false {
					sign = "unsigned"
				}
				logical = fmt.Sprintf("INTEGER(%v,%s)", c.Logical["bitWidth"], sign)
			case "TIMESTAMP":
				logical = fmt.Sprintf("TIMESTAMP(%v,utc=%v)", c.Logical["unit"], c.Logical["isAdjustedToUTC"])
			}
		}
		out = append(out, fmt.Sprintf("%s %s %s %s", c.Name, typ, logical, c.Repetition))
	}
	return out
}

func tempPath(t *testing.T, name string) string { return filepath.Join(t.TempDir(), name) }
