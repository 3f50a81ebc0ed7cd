package table

import (
	"strings"

	"github.com/apache/arrow-go/v18/arrow/array"
)

// fixedColumn holds the values of a fixed-width column (integers, dates,
// booleans) for the batch being built, and hands them to the column's Arrow
// builder in one AppendValues when the batch is made. A row then costs a Go
// append where the builder's own Append reserved room, set a validity bit
// and went through two more calls for every value.
type fixedColumn[T any] struct {
	field int // the column's index in the record builder
	vals  []T
	valid []bool
	nulls int
}

// batchColumn is a column whose values wait for the batch to be made.
type batchColumn interface {
	flush(rb *array.RecordBuilder)
}

// at sets the column's field index and returns it, for the builder's list.
func (c *fixedColumn[T]) at(field int) batchColumn {
	c.field = field
	return c
}

func (c *fixedColumn[T]) add(v T) {
	c.vals = append(c.vals, v)
	c.valid = append(c.valid, true)
}

func (c *fixedColumn[T]) addNull() {
	var zero T
	c.vals = append(c.vals, zero)
	c.valid = append(c.valid, false)
	c.nulls++
}

// addOpt adds v, or a null when ok is false.
func (c *fixedColumn[T]) addOpt(v T, ok bool) {
	if ok {
		c.add(v)
	} else {
		c.addNull()
	}
}

// valuesAppender is what the builders of fixed-width Arrow columns share.
type valuesAppender[T any] interface {
	AppendValues(v []T, valid []bool)
}

// flush appends the column's values to its builder in rb and empties it.
func (c *fixedColumn[T]) flush(rb *array.RecordBuilder) {
	valid := c.valid
	if c.nulls == 0 {
		valid = nil // every value valid: the builder sets the bits a byte at a time
	}
	rb.Field(c.field).(valuesAppender[T]).AppendValues(c.vals, valid)
	c.vals, c.valid, c.nulls = c.vals[:0], c.valid[:0], 0
}

// batchDict is fixedColumn for a dictionary column: the batch's distinct
// values in the order they first came, as the dictionary builder numbers
// them, and each row's index among them, handed to the builder at once when
// the batch is made. A row then costs a comparison with the value before
// (consecutive games mostly repeat their Event, Result or notation) or a map
// lookup, where the builder's Append hashed every new value into its memo
// table and appended its index through two calls and a closure.
type batchDict struct {
	field   int
	index   map[string]int // the values seen in this batch, by their index
	values  []string       // owned copies: a record's strings are reused after it is written
	indices []int
	valid   []bool
	nulls   int
	last    int // the index of the last value added, -1 when there is none
}

// at sets the column's field index and returns it, for the builder's list.
func (c *batchDict) at(field int) batchColumn {
	c.field, c.last = field, -1
	return c
}

func (c *batchDict) add(v string) {
	k := c.last
	// Bounded by the values, not by last >= 0 alone: a batchDict made
	// without setting last to -1 must not index an empty list.
	if uint(k) >= uint(len(c.values)) || c.values[k] != v {
		var ok bool
		if k, ok = c.index[v]; !ok {
			if c.index == nil {
				c.index = make(map[string]int)
			}
			k, v = len(c.values), strings.Clone(v)
			c.values = append(c.values, v)
			c.index[v] = k
		}
		c.last = k
	}
	c.indices = append(c.indices, k)
	c.valid = append(c.valid, true)
}

// addOpt adds v, or a null when ok is false.
func (c *batchDict) addOpt(v string, ok bool) {
	if ok {
		c.add(v)
		return
	}
	c.indices = append(c.indices, 0)
	c.valid = append(c.valid, false)
	c.nulls++
}

// flush gives the column's builder in rb the batch's values, in their order,
// then the rows' indices, and empties the column for the next batch.
func (c *batchDict) flush(rb *array.RecordBuilder) {
	d := rb.Field(c.field).(*array.BinaryDictionaryBuilder)
	if len(c.values) > 0 {
		sb := array.NewStringBuilder(goAlloc)
		sb.AppendValues(c.values, nil)
		values := sb.NewStringArray()
		// Its only error is values of another type than the dictionary's.
		_ = d.InsertStringDictValues(values)
		values.Release()
		sb.Release()
	}
	valid := c.valid
	if c.nulls == 0 {
		valid = nil
	}
	d.AppendIndices(c.indices, valid)
	clear(c.index)
	clear(c.values) // let the collector have the strings
	c.values, c.indices, c.valid, c.nulls, c.last = c.values[:0], c.indices[:0], c.valid[:0], 0, -1
}
