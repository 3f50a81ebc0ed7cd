package table

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// A fixedColumn hands its values and nulls to the builder in order, and is
// empty after it, so that the next batch starts afresh; a column without a
// null has every value valid.
func TestFixedColumnFlush(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{{Name: "n", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		{Name: "b", Type: arrow.FixedWidthTypes.Boolean}}, nil)
	rb := array.NewRecordBuilder(memory.NewGoAllocator(), schema)
	defer rb.Release()
	n, b := fixedColumn[int32]{field: 0}, fixedColumn[bool]{field: 1}
	n.add(7)
	n.addNull()
	n.addOpt(9, true)
	n.addOpt(10, false)
	b.add(true)
	b.add(false)
	b.add(true)
	b.add(true)
	n.flush(rb)
	b.flush(rb)
	rec := rb.NewRecordBatch()
	defer rec.Release()
	ints, bools := rec.Column(0).(*array.Int32), rec.Column(1).(*array.Boolean)
	if got := ints.String(); got != "[7 (null) 9 (null)]" || ints.NullN() != 2 {
		t.Errorf("ints %s with %d nulls, want [7 (null) 9 (null)] with 2", got, ints.NullN())
	}
	if got := bools.String(); got != "[true false true true]" || bools.NullN() != 0 {
		t.Errorf("bools %s with %d nulls, want [true false true true] with none", got, bools.NullN())
	}
	if len(n.vals) != 0 || len(n.valid) != 0 || n.nulls != 0 {
		t.Errorf("after flush: %d values, %d validity, %d nulls; want none", len(n.vals), len(n.valid), n.nulls)
	}
	n.add(1)
	n.flush(rb)
	b.add(false)
	b.flush(rb)
	next := rb.NewRecordBatch()
	defer next.Release()
	if got := next.Column(0).(*array.Int32).String(); got != "[1]" {
		t.Errorf("the next batch: %s, want [1]", got)
	}
}

// A batchDict numbers its values in the order they first came, as the
// dictionary builder's own lookup does, whether a value repeats the one
// before or one seen earlier, and starts each batch with an empty
// dictionary.
func TestBatchDictFlush(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{{Name: "d", Type: dict, Nullable: true}}, nil)
	rb := array.NewRecordBuilder(memory.NewGoAllocator(), schema)
	defer rb.Release()
	c := batchDict{field: 0, last: -1}
	c.add("Open")
	c.add("Blitz")
	c.addOpt("", false)
	c.add("Open")
	c.add("Open")
	c.addOpt("Blitz", true)
	c.flush(rb)
	rec := rb.NewRecordBatch()
	defer rec.Release()
	if values, indices := dictColumn(t, rec, 0); values != "[Open Blitz]" || indices != "[0 1 - 0 0 1]" {
		t.Errorf("values %s indices %s, want [Open Blitz] and [0 1 - 0 0 1]", values, indices)
	}
	rb.Field(0).(*array.BinaryDictionaryBuilder).ResetFull()
	c.add("Rapid")
	c.add("Blitz")
	c.flush(rb)
	next := rb.NewRecordBatch()
	defer next.Release()
	if values, indices := dictColumn(t, next, 0); values != "[Rapid Blitz]" || indices != "[0 1]" {
		t.Errorf("the next batch: values %s indices %s, want [Rapid Blitz] and [0 1]", values, indices)
	}
}
