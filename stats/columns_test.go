package stats

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Columns are read whether or not a writer dictionary-encoded them, and
// with whichever integer width.
func TestColumnReaders(t *testing.T) {
	mem := memory.DefaultAllocator
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "plain", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "dict", Type: &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, Nullable: true},
		{Name: "i32", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		{Name: "i64", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "float", Type: arrow.PrimitiveTypes.Float64},
	}, nil)
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	b.Field(0).(*array.StringBuilder).AppendValues([]string{"a", ""}, []bool{true, false})
	d := b.Field(1).(*array.BinaryDictionaryBuilder)
	d.AppendString("x")
	d.AppendNull()
	b.Field(2).(*array.Int32Builder).AppendValues([]int32{7, 0}, []bool{true, false})
	b.Field(3).(*array.Int64Builder).AppendValues([]int64{1 << 40, 0}, []bool{true, false})
	b.Field(4).(*array.Float64Builder).AppendValues([]float64{1, 2}, nil)
	rec := b.NewRecordBatch()
	defer rec.Release()

	var err error
	plain, dict := strCol(rec, "plain", &err), strCol(rec, "dict", &err)
	i32, i64 := intCol(rec, "i32", &err), intCol(rec, "i64", &err)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := plain.at(0); v != "a" || !ok {
		t.Errorf("plain row 0 = %q %v", v, ok)
	}
	if v, ok := plain.at(1); v != "" || ok {
		t.Errorf("plain row 1 = %q %v, want a null", v, ok)
	}
	if v, ok := dict.at(0); v != "x" || !ok {
		t.Errorf("dict row 0 = %q %v", v, ok)
	}
	if v, ok := dict.at(1); v != "" || ok {
		t.Errorf("dict row 1 = %q %v, want a null", v, ok)
	}
	if i32.at(0) != 7 || i32.ply(1) != -1 || i64.at(0) != 1<<40 || i64.ply(0) != 1<<40 || i64.ply(1) != -1 {
		t.Errorf("ints: %d %d %d %d", i32.at(0), i32.ply(1), i64.at(0), i64.ply(1))
	}

	for _, tc := range []struct {
		name string
		read func(*error)
		want string
	}{
		{"float as string", func(e *error) { strCol(rec, "float", e) }, "column float is float64, not a string"},
		{"float as integer", func(e *error) { intCol(rec, "float", e) }, "column float is float64, not an integer"},
		{"missing", func(e *error) { intCol(rec, "nothing", e) }, "no column nothing"},
	} {
		var err error
		tc.read(&err)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}
