package table

import "github.com/apache/arrow-go/v18/arrow/array"

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
