package table

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Builder collects the rows of one table for a batch of games.
type Builder interface {
	Schema() *arrow.Schema
	// Append adds the rows g contributes to this table (one game row, or one
	// row per finding or per move).
	Append(g *Game)
	// Len is the number of rows appended since the last NewRecordBatch.
	Len() int
	// Bytes is the length of the strings appended since the last
	// NewRecordBatch, the repeats a dictionary stores once included: what
	// the rows hold beyond their fixed width, which is unbounded (a tag
	// value, a path), so that a Writer can end a batch on it.
	Bytes() int
	// NewRecordBatch hands over the rows appended so far and starts a new batch.
	NewRecordBatch() arrow.RecordBatch
	Release()
}

// NewGamesBuilder returns a Builder of the games table.
func NewGamesBuilder(mem memory.Allocator) Builder {
	return newGamesBuilder(mem)
}

// NewFindingsBuilder returns a Builder of the findings table.
func NewFindingsBuilder(mem memory.Allocator) Builder {
	b := &findingsBuilder{base: newBase(mem, FindingsSchema)}
	b.suggestions = b.rb.Field(fSuggestions).(*array.ListBuilder)
	b.suggestion = b.suggestions.ValueBuilder().(*array.StringBuilder)
	return b
}

// NewMovesBuilder returns a Builder of the moves table.
func NewMovesBuilder(mem memory.Allocator) Builder {
	return newMovesBuilder(mem)
}

// base holds the record builder and what every table's appender shares.
type base struct {
	rb      *array.RecordBuilder
	schema  *arrow.Schema
	rows    int
	bytes   int    // Bytes
	scratch []byte // reused for game ids and dictionary values, so rows allocate nothing
	// last is, by field, the value a dictionary column was last given in
	// this batch: consecutive games mostly repeat their file, Event, Result
	// or notation, and a repeat takes its index from here instead of hashing
	// the value into the dictionary again, which holds it at that index.
	last []lastValue
}

// lastValue is a dictionary column's last value and its index in the dictionary.
type lastValue struct {
	value  []byte
	index  int
	ok     bool
	behind bool // indices were appended without the dictionary builder's length: see sync
}

func newBase(mem memory.Allocator, s *arrow.Schema) base {
	if mem == nil {
		mem = defaultAllocator
	}
	return base{rb: array.NewRecordBuilder(mem, s), schema: s, last: make([]lastValue, s.NumFields())}
}

func (b *base) Schema() *arrow.Schema { return b.schema }
func (b *base) Len() int              { return b.rows }
func (b *base) Bytes() int            { return b.bytes }
func (b *base) Release()              { b.rb.Release() }

// NewRecordBatch also empties the dictionaries, so that each batch (and so
// each row group) stores only the values it uses.
func (b *base) NewRecordBatch() arrow.RecordBatch {
	b.sync()
	rec := b.rb.NewRecordBatch()
	for _, f := range b.rb.Fields() {
		if d, ok := f.(array.DictionaryBuilder); ok {
			d.ResetFull()
		}
	}
	for i := range b.last {
		b.last[i].ok = false // the indices were those of the emptied dictionaries
	}
	b.rows, b.bytes = 0, 0
	return rec
}

func (b *base) str(i int) *array.StringBuilder { return b.rb.Field(i).(*array.StringBuilder) }

// identity appends game_id, file and game.
func (b *base) identity(g *Game) {
	b.scratch = AppendGameID(b.scratch[:0], g.File, g.Index)
	b.str(0).BinaryBuilder.Append(b.scratch)
	b.bytes += len(b.scratch)
	b.dict(1, g.File)
	b.rb.Field(2).(*array.Int64Builder).Append(int64(g.Index))
}

// dict appends a non-null value to a dictionary column. The dictionary's own
// AppendString converts to []byte on the heap; the scratch buffer does not.
func (b *base) dict(i int, v string) {
	b.bytes += len(v)
	d := b.rb.Field(i).(*array.BinaryDictionaryBuilder)
	last := &b.last[i]
	if last.ok && string(last.value) == v {
		// The dictionary builder's own way to append an index,
		// AppendIndices, costs as much as hashing the value again; its
		// index builder's Append is a plain append, but leaves the
		// dictionary builder's length behind, which sync makes good.
		d.IndexBuilder().Append(last.index)
		last.behind = true
		return
	}
	b.scratch = append(b.scratch[:0], v...)
	_ = d.Append(b.scratch)
	last.value = append(last.value[:0], v...)
	last.index, last.ok = d.GetValueIndex(d.IndexBuilder().Len()-1), true
}

// sync sets the length of each dictionary column that dict appended indices
// to behind its back to that of its indices, as NewRecordBatch checks and
// uses it: Resize to the capacity it has reallocates nothing and takes the
// length (and null count) from the index builder.
func (b *base) sync() {
	for i := range b.last {
		if b.last[i].behind {
			d := b.rb.Field(i).(*array.BinaryDictionaryBuilder)
			d.Resize(d.Cap())
			b.last[i].behind = false
		}
	}
}

// optDict appends v, or a null when ok is false.
func (b *base) optDict(i int, v string, ok bool) {
	if !ok {
		b.rb.Field(i).AppendNull()
		return
	}
	b.dict(i, v)
}

// optStr appends v, or a null when ok is false.
func (b *base) optStr(i int, v string, ok bool) {
	if !ok {
		b.rb.Field(i).AppendNull()
		return
	}
	b.str(i).Append(v)
	b.bytes += len(v)
}

func (b *base) i32(i int, v int) { b.rb.Field(i).(*array.Int32Builder).Append(int32(v)) }

// optPly appends a ply, or a null for the report's -1 ("never", "unknown").
func (b *base) optPly(i int, v int) {
	if v < 0 {
		b.rb.Field(i).AppendNull()
		return
	}
	b.i32(i, v)
}

// optMillis appends a time in milliseconds, or a null for the report's -1.
func (b *base) optMillis(i int, v int64) {
	if v < 0 {
		b.rb.Field(i).AppendNull()
		return
	}
	b.rb.Field(i).(*array.Int64Builder).Append(v)
}
