package table

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// fileEncoder writes record batches to a Parquet file as pqarrow.FileWriter
// does, one row group a batch, to the same bytes, but writes a dictionary
// column's statistics from its dictionary alone. pqarrow cannot know that
// every value of a batch's dictionary is used by its rows, so it hashes all
// the rows' indices (compute.UniqueArray, and compute.Take when the column
// has nulls) to find the values they use, only for the column chunk's
// minimum and maximum; a pass over the indices that stops once every entry
// is used tells as much. On the 16 MB sample the whole command takes 1.8 %
// fewer instructions (1,364 M -> 1,339 M), BenchmarkWriteGames 19 % fewer.
// Every other column, and a dictionary whose values are not all used, goes
// through pqarrow.WriteArrowToColumn as pqarrow's own writer sends it, with
// the levels its path builder computes (definitionLevels, writeList); the
// tests (TestEncodingMatchesPqarrow, FuzzEncodingMatchesPqarrow) hold the
// two writers to the same bytes.
type fileEncoder struct {
	w   *file.Writer
	ctx context.Context // pqarrow's write context: its allocator and scratch buffers

	// second encodes half of each batch's columns beside this one: its own
	// write context and scratch, the same file (see Write).
	second *fileEncoder
	took   []time.Duration // by column, the time its writing takes a batch (writeColumns)
	order  []int           // share's scratch
	cost   []int64         // share's scratch
	lanes  [2][]int        // share's scratch

	// Scratch, reused from column to column and batch to batch.
	defs []int16 // definition levels
	ones []int16 // definition levels of a column without nulls
	reps []int16 // repetition levels
	used []bool  // dictionary entries the rows use
}

// dictionaryEncoder is the part of a dictionary column's encoder (arrow-go's
// encoding.DictEncoder, an internal type) that writing a batch's
// dictionary needs.
type dictionaryEncoder interface {
	Encoding() parquet.Encoding
	PutDictionary(arrow.Array) error
	NumEntries() int
}

// newFileEncoder starts a Parquet file of the schema on out, with the
// schema's metadata as the file's key-value metadata, as
// pqarrow.NewFileWriter does (the stored Arrow schema included, which
// withArrowSchema put there). Only the column types arbiter's tables use are
// accepted: flat columns, dictionaries of strings and lists of required
// flat values.
func newFileEncoder(s *arrow.Schema, out io.Writer, props *parquet.WriterProperties, arrowProps pqarrow.ArrowWriterProperties) (*fileEncoder, error) {
	for _, f := range s.Fields() {
		if !encodable(f) {
			return nil, fmt.Errorf("column %s: type %s is not one the table writer encodes", f.Name, f.Type)
		}
	}
	pqschema, err := pqarrow.ToParquet(s, props, arrowProps)
	if err != nil {
		return nil, err
	}
	md := s.Metadata()
	meta := make(metadata.KeyValueMetadata, 0, md.Len())
	for i := range md.Len() {
		meta.Append(md.Keys()[i], md.Values()[i])
	}
	w, err := file.NewParquetWriterWithError(out, pqschema.Root(), file.WithWriterProps(props), file.WithWriteMetadata(meta))
	if err != nil {
		return nil, err
	}
	f := &fileEncoder{w: w, ctx: pqarrow.NewArrowWriteContext(context.Background(), &arrowProps)}
	f.second = &fileEncoder{w: w, ctx: pqarrow.NewArrowWriteContext(context.Background(), &arrowProps)}
	return f, nil
}

// encodable says whether writeColumn writes columns of f's type: their
// levels are the ones it computes.
func encodable(f arrow.Field) bool {
	switch t := f.Type.(type) {
	case *arrow.DictionaryType:
		return arrow.IsBaseBinary(t.ValueType.ID())
	case *arrow.ListType:
		elem := t.ElemField()
		return !f.Nullable && !elem.Nullable && flat(elem.Type)
	default:
		return flat(f.Type)
	}
}

// flat says whether t is a type of one Parquet column without nesting.
func flat(t arrow.DataType) bool {
	switch t.(type) {
	case *arrow.DictionaryType, arrow.NestedType, arrow.ExtensionType:
		return false
	}
	return true
}

// Write writes rec as one row group. A batch of parallelRows rows or more
// has its columns encoded and compressed by two goroutines into a buffered
// row group, which is then written out in column order: the last batches of
// a run are encoded when the workers have finished, and one core would
// otherwise wait for the other. Each column's last page is made (and
// compressed) there too: a column writer makes it only when closed, which
// the row group does one column after another. The columns are shared out
// by the time each took in the batches before (see share): their bytes tell
// it badly, a dictionary's indices are cheap to write and a position's text
// dear to compress.
func (f *fileEncoder) Write(rec arrow.RecordBatch) error {
	if rec.NumRows() < parallelRows {
		return f.writeSerial(rec)
	}
	rgw, err := f.w.AppendBufferedRowGroupChecked()
	if err != nil {
		return err
	}
	if len(f.took) != int(rec.NumCols()) {
		f.took = make([]time.Duration, rec.NumCols())
	}
	first, second := f.share(rec)
	done := make(chan error, 1)
	go func() { done <- f.second.writeColumns(rgw, rec, second, f.took) }()
	err = f.writeColumns(rgw, rec, first, f.took)
	if err2 := <-done; err == nil {
		err = err2
	}
	if err != nil {
		return err
	}
	return rgw.Close()
}

// share divides rec's columns between Write's two goroutines, the dearest
// first, each to the one with less to do so far: by the time the column
// took in the batches before, or in the first batch by its bytes.
func (f *fileEncoder) share(rec arrow.RecordBatch) (first, second []int) {
	order := f.order[:0]
	for i := range int(rec.NumCols()) {
		order = append(order, i)
	}
	f.order = order
	cost := f.cost[:0]
	for i, col := range rec.Columns() {
		c := int64(f.took[i])
		if c == 0 {
			c = int64(arrayBytes(col.Data()))
		}
		cost = append(cost, c)
	}
	f.cost = cost
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cost[b], cost[a]) })
	var load [2]int64
	first, second = f.lanes[0][:0], f.lanes[1][:0]
	for _, i := range order {
		if load[1] < load[0] {
			second = append(second, i)
			load[1] += cost[i]
		} else {
			first = append(first, i)
			load[0] += cost[i]
		}
	}
	f.lanes[0], f.lanes[1] = first, second
	return first, second
}

// parallelRows is the batch length from which Write shares the columns
// between two goroutines. A shorter batch takes less than the goroutine and
// the buffered row group's column buffers cost: an archive of one-game
// inputs, two files an input, took a fifth more time with them
// (BenchmarkParquetSinkSmallInputs). A variable for the tests, which write
// each batch both ways.
var parallelRows int64 = 1024

// writeSerial writes rec as one row group in one goroutine, a column after
// another, as pqarrow does. It alone writes a batch of no rows: a buffered
// row group gives its empty column chunks a data page offset past the
// file's magic where pqarrow's have 0.
func (f *fileEncoder) writeSerial(rec arrow.RecordBatch) error {
	rgw, err := f.w.AppendRowGroupChecked()
	if err != nil {
		return err
	}
	for i, col := range rec.Columns() {
		cw, err := rgw.NextColumn()
		if err != nil {
			return err
		}
		if col.Len() == 0 {
			continue // pqarrow writes nothing to the column chunk either
		}
		if err := f.writeColumn(cw, col, rec.Schema().Field(i).Nullable); err != nil {
			return fmt.Errorf("column %s: %w", rec.Schema().Field(i).Name, err)
		}
	}
	return rgw.Close()
}

// pageFlusher is the column writers' method that makes the page of the
// values written so far (arrow-go's columnWriter, which every typed writer
// embeds).
type pageFlusher interface{ FlushCurrentPage() error }

// writeColumns writes the columns of rec numbered in cols to rgw, each with
// its last page made, and files the time each took in took, smoothed over the batches.
func (f *fileEncoder) writeColumns(rgw file.BufferedRowGroupWriter, rec arrow.RecordBatch, cols []int, took []time.Duration) error {
	for _, i := range cols {
		start := time.Now()
		cw, err := rgw.Column(i)
		if err != nil {
			return err
		}
		if err := f.writeColumn(cw, rec.Column(i), rec.Schema().Field(i).Nullable); err != nil {
			return fmt.Errorf("column %s: %w", rec.Schema().Field(i).Name, err)
		}
		// A page of values only: one of nulls alone, whose values take no
		// bytes, is left to Close, as is a column whose last write ended a
		// page (another, empty, page would change the file).
		if p, ok := cw.(pageFlusher); ok && cw.CurrentEncoder().EstimatedDataEncodedSize() > 0 {
			if err := p.FlushCurrentPage(); err != nil {
				return fmt.Errorf("column %s: %w", rec.Schema().Field(i).Name, err)
			}
		}
		d := time.Since(start)
		if took[i] != 0 {
			// Smoothed: a column's time is a batch's share of a core the
			// workers also use, and one preempted batch would tip the next
			// batch's sharing.
			d = (3*took[i] + d) / 4
		}
		took[i] = max(d, 1) // 0 is for a column not timed yet, measured in bytes
	}
	return nil
}

// arrayBytes is the length of a's buffers and its children's: the measure
// by which Write shares columns out.
func arrayBytes(a arrow.ArrayData) int {
	n := 0
	for _, b := range a.Buffers() {
		if b != nil {
			n += b.Len()
		}
	}
	for _, c := range a.Children() {
		n += arrayBytes(c)
	}
	if a.DataType().ID() == arrow.DICTIONARY {
		n += arrayBytes(a.Dictionary())
	}
	return n
}

// Close writes the footer. It does not close the destination.
func (f *fileEncoder) Close() error { return f.w.Close() }

// writeColumn writes one column of a batch, with the levels pqarrow's path
// builder gives the column: none for a required column, 1 for a value and 0
// for a null in a nullable one; in a list, 0 for an empty list and 1 for each
// element, repeated (1) but for a list's first.
func (f *fileEncoder) writeColumn(cw file.ColumnChunkWriter, col arrow.Array, nullable bool) error {
	var defs []int16
	if nullable {
		defs = f.definitionLevels(col)
	}
	switch col := col.(type) {
	case *array.Dictionary:
		return f.writeDictionary(cw, col, defs, nullable)
	case *array.List:
		return f.writeList(cw, col)
	default:
		return pqarrow.WriteArrowToColumn(f.ctx, cw, col, defs, nil, nullable)
	}
}

// definitionLevels are 1 for each valid row of col and 0 for each null:
// ones as long as the column, with the nulls' levels cleared, found a byte
// of the validity bitmap at a time. Made a row at a time through IsValid,
// the levels took 18 M instructions of the whole command on the 16 MB
// sample; this way 2 M.
func (f *fileEncoder) definitionLevels(col arrow.Array) []int16 {
	n := col.Len()
	for len(f.ones) < n {
		f.ones = append(f.ones, 1)
	}
	if col.NullN() == 0 {
		return f.ones[:n:n] // read only, by the column writer
	}
	defs := append(f.defs[:0], f.ones[:n]...)
	f.defs = defs
	valid, offset := col.NullBitmapBytes(), col.Data().Offset()
	whole := 0 // rows whose validity is read a byte at a time
	if offset%8 == 0 {
		whole = n &^ 7
		for j, b := range valid[offset/8 : (offset+whole)/8] {
			for nulls := ^b; nulls != 0; nulls &= nulls - 1 {
				defs[j*8+bits.TrailingZeros8(nulls)] = 0
			}
		}
	}
	for i := whole; i < n; i++ {
		if !bitutil.BitIsSet(valid, offset+i) {
			defs[i] = 0
		}
	}
	return defs
}

// writeList writes a required list of required values (encodable).
func (f *fileEncoder) writeList(cw file.ColumnChunkWriter, col *array.List) error {
	defs, reps := f.defs[:0], f.reps[:0]
	for i := range col.Len() {
		start, end := col.ValueOffsets(i)
		if start == end {
			defs, reps = append(defs, 0), append(reps, 0)
			continue
		}
		for j := start; j < end; j++ {
			defs = append(defs, 1)
			if j == start {
				reps = append(reps, 0)
			} else {
				reps = append(reps, 1)
			}
		}
	}
	f.defs, f.reps = defs, reps
	var first, last int64
	if col.Len() > 0 {
		first, _ = col.ValueOffsets(0)
		_, last = col.ValueOffsets(col.Len() - 1)
	}
	values := array.NewSlice(col.ListValues(), first, last)
	defer values.Release()
	return pqarrow.WriteArrowToColumn(f.ctx, cw, values, defs, reps, false)
}

// writeDictionary writes a dictionary column as pqarrow's
// writeDictionaryArrow does on a column chunk's first write, the batch's
// dictionary as the chunk's and the rows' indices into it, but when every
// entry is used by a row it takes the statistics' minimum and maximum from
// the dictionary itself, which are then those of the rows.
func (f *fileEncoder) writeDictionary(cw file.ColumnChunkWriter, col *array.Dictionary, defs []int16, nullable bool) error {
	enc, ok := cw.CurrentEncoder().(dictionaryEncoder)
	dict := col.Dictionary()
	if !ok || enc.Encoding() != parquet.Encodings.PlainDict || !f.allUsed(col) {
		return pqarrow.WriteArrowToColumn(f.ctx, cw, col, defs, nil, nullable)
	}
	if err := enc.PutDictionary(dict); err != nil {
		return err
	}
	if enc.NumEntries() != dict.Len() {
		// A value twice in the dictionary: pqarrow falls back to plain
		// encoding, which writing it again after FallbackToPlain does.
		cw.FallbackToPlain()
		return pqarrow.WriteArrowToColumn(f.ctx, cw, col, defs, nil, nullable)
	}
	indices := col.Indices()
	if stats := cw.PageStatistics(); stats != nil {
		valid := indices.Len() - indices.NullN()
		stats.IncNulls(int64(max(len(defs)-valid, 0)))
		stats.IncNumValues(int64(valid))
		if err := stats.UpdateFromArrow(dict, false); err != nil {
			return err
		}
	}
	return cw.WriteDictIndices(indices, defs, nil)
}

// allUsed says whether every entry of col's dictionary is the value of one
// of its rows or more.
func (f *fileEncoder) allUsed(col *array.Dictionary) bool {
	n := col.Dictionary().Len()
	indices, ok := col.Indices().(*array.Int32)
	if !ok {
		return false
	}
	used := f.used[:0]
	for range n {
		used = append(used, false)
	}
	f.used = used
	left := n
	if left == 0 {
		return true
	}
	for i, k := range indices.Int32Values() {
		if uint(k) < uint(n) && !used[k] && indices.IsValid(i) {
			used[k] = true
			if left--; left == 0 {
				// Mostly within a few rows: a batch's dictionary holds
				// values in the order its rows first use them.
				return true
			}
		}
	}
	return false
}
