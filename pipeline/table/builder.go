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
	return &gamesBuilder{base: newBase(mem, GamesSchema)}
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
}

func newBase(mem memory.Allocator, s *arrow.Schema) base {
	if mem == nil {
		mem = defaultAllocator
	}
	return base{rb: array.NewRecordBuilder(mem, s), schema: s}
}

func (b *base) Schema() *arrow.Schema { return b.schema }
func (b *base) Len() int              { return b.rows }
func (b *base) Bytes() int            { return b.bytes }
func (b *base) Release()              { b.rb.Release() }

// NewRecordBatch also empties the dictionaries, so that each batch (and so
// each row group) stores only the values it uses.
func (b *base) NewRecordBatch() arrow.RecordBatch {
	rec := b.rb.NewRecordBatch()
	for _, f := range b.rb.Fields() {
		if d, ok := f.(array.DictionaryBuilder); ok {
			d.ResetFull()
		}
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
	b.scratch = append(b.scratch[:0], v...)
	b.bytes += len(v)
	_ = b.rb.Field(i).(*array.BinaryDictionaryBuilder).Append(b.scratch)
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
