package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// DefaultBatchRows is how many rows a record batch, and so a row group, holds
// at least, unless its strings reach DefaultBatchBytes first (a game's rows
// are never split between batches, so a batch ends with the game that fills
// it and can hold a few rows more): enough for good compression, few enough
// that memory stays flat.
const DefaultBatchRows = 16 * 1024

// DefaultBatchBytes is the length of the strings a batch holds (Builder.Bytes)
// at which it ends before DefaultBatchRows, the rows of the game that
// reaches it included: rows of long tag values (4 KB names, 16,000 games to
// a batch) made batches, and so row groups, of 67 MB, held twice (one being
// encoded while the next is built) and passed 200 MiB of memory. Ordinary
// games hold 200-260 bytes of strings in a games row, so a games batch of
// them ends here (big.pgn: 12 row groups of about 9,700 rows, not 8 of
// 16,384), and a moves batch, whose rows hold 12 bytes, on rows. At 8 MiB
// the games table's two batches, the one built and the one encoded, held
// 10-15 MB more of the live heap, for files 1.5 % smaller (session 27).
const DefaultBatchBytes = 2 << 20

// footerBudget bounds the memory a file's footer takes while the file is
// written: arrow-go keeps the metadata of every row group (a column chunk
// and its statistics per column, about 800 bytes a column measured, more
// with long strings in the statistics) until Close: the games and findings
// files of 11 million one-move games (64 MiB of input) held about 38 MB of
// it at their end, and under the process's memory limit the collector then
// ran ever more often over an ever larger heap. A Writer is Full at this
// much, and its caller goes on in a new file.
const footerBudget = 4 << 20

// columnChunkBytes is what the footer's metadata holds, in memory, for a
// column of a row group, rounded up from the 800 bytes measured.
const columnChunkBytes = 1 << 10

// maxRowGroups is the number of row groups after which a file of the schema
// is Full: the row groups whose metadata footerBudget holds.
func maxRowGroups(s *arrow.Schema) int {
	return max(1, footerBudget/(columnChunkBytes*s.NumFields()))
}

// WriterOptions say how a table is encoded. The zero value is the default.
type WriterOptions struct {
	BatchRows  int              // rows per record batch and row group, at least (DefaultBatchRows); 0 means DefaultBatchRows
	BatchBytes int              // Builder.Bytes at which a batch ends before BatchRows; 0 means DefaultBatchBytes
	Mem        memory.Allocator // nil means Go memory that freed buffers are recycled into (see recycler)

	// MaxRowGroups is the number of row groups after which Full says the
	// file is full; 0 means the table's own, which keeps the footer's
	// metadata within a few megabytes.
	MaxRowGroups int

	// Background encodes and compresses each full batch in a goroutine of
	// the Writer's own while the caller appends the rows of the next one:
	// a caller that must append in order (the pipeline's single writer)
	// then spends its time building rows, not waiting for zstd. The file is
	// the same byte for byte. A failure to write shows on a later Append or
	// on Close. The goroutine starts with the first full batch: a file of
	// one batch (an input of a few games) is encoded by Close, which would
	// only wait for it.
	Background bool
}

// Writer streams one table into one Parquet file (zstd, one row group per
// batch, the Arrow schema stored so that Arrow readers get the dictionary
// types back). It writes to any io.Writer and never closes it.
type Writer struct {
	b      Builder
	fw     *fileEncoder
	batch  int
	bytes  int // BatchBytes
	rows   int64
	groups int   // row groups written or queued
	full   int   // groups at which Full
	err    error // the first failure; every later call returns it

	closed bool

	// With WriterOptions.Background: full batches go to the encoding
	// goroutine through queue, started by the first (nil until then); it
	// closes done when the queue is closed and drained, and keeps its first
	// failure in bgErr.
	bg    bool
	queue chan arrow.RecordBatch
	done  chan struct{}
	mu    sync.Mutex
	bgErr error
}

// NewWriter starts a Parquet file of the table b builds on out. The Writer
// owns b from then on and releases it.
func NewWriter(out io.Writer, b Builder, opt WriterOptions) (*Writer, error) {
	if opt.BatchRows <= 0 {
		opt.BatchRows = DefaultBatchRows
	}
	if opt.BatchBytes <= 0 {
		opt.BatchBytes = DefaultBatchBytes
	}
	if opt.MaxRowGroups <= 0 {
		opt.MaxRowGroups = maxRowGroups(b.Schema())
	}
	mem := opt.Mem
	if mem == nil {
		mem = defaultAllocator
	}
	schema, err := withArrowSchema(b.Schema())
	if err != nil {
		b.Release()
		return nil, fmt.Errorf("parquet writer: %w", err)
	}
	// The Arrow schema is stored (pqarrow.WithStoreSchema) through schema's
	// metadata, serialized once for the process.
	fw, err := newFileEncoder(schema, noClose{out}, writerProps(b.Schema(), mem), pqarrow.NewArrowWriterProperties(pqarrow.WithAllocator(mem)))
	if err != nil {
		b.Release()
		return nil, fmt.Errorf("parquet writer: %w", err)
	}
	return &Writer{b: b, fw: fw, batch: opt.BatchRows, bytes: opt.BatchBytes, full: opt.MaxRowGroups, bg: opt.Background}, nil
}

// writerProps are the Parquet properties of a file of the schema.
func writerProps(s *arrow.Schema, mem memory.Allocator) *parquet.WriterProperties {
	return parquet.NewWriterProperties(append([]parquet.WriterProperty{
		parquet.WithAllocator(mem),
		parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithCompressionLevel(zstdLevel),
		// A batch is a whole number of games and so often holds a few rows
		// more than BatchRows: a limit of BatchRows would cut each such batch
		// into a full row group and a fragment of the overflow. No limit
		// keeps one row group per batch, with no more memory (the batch is
		// built anyway).
		parquet.WithMaxRowGroupLength(math.MaxInt64),
		parquet.WithCreatedBy("arbiter"),
	}, append(dictionaryOnlyFor(s), deltaEncoded(s)...)...)...)
}

// arrowSchemaKey is the key-value metadata under which Arrow readers find
// the Arrow schema of a Parquet file (pqarrow.WithStoreSchema).
const arrowSchemaKey = "ARROW:schema"

// arrowSchemas holds, for each table's schema, the schema with its own
// stored form added to its metadata (withArrowSchema).
var arrowSchemas sync.Map // *arrow.Schema → *arrow.Schema

// withArrowSchema returns s with the metadata pqarrow.WithStoreSchema
// would add to each file, serialized once: pqarrow serializes the schema
// anew for every file, and an archive of one-game inputs writes two files
// an input. A file written with it holds the same bytes (pqarrow writes the
// schema's metadata, then ARROW:schema). The stored form is pqarrow's own,
// read from the footer of an empty file, so that it stays what pqarrow
// writes (it normalises list fields first) whatever its version.
func withArrowSchema(s *arrow.Schema) (*arrow.Schema, error) {
	if v, ok := arrowSchemas.Load(s); ok {
		return v.(*arrow.Schema), nil
	}
	var buf bytes.Buffer
	fw, err := pqarrow.NewFileWriter(s, &buf, parquet.NewWriterProperties(), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return nil, err
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	r, err := file.NewParquetReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	stored := r.MetaData().KeyValueMetadata().FindValue(arrowSchemaKey)
	if stored == nil {
		return nil, errors.New("pqarrow stored no Arrow schema")
	}
	md := s.Metadata()
	if md.FindKey(arrowSchemaKey) >= 0 {
		return nil, fmt.Errorf("schema metadata holds %s already", arrowSchemaKey)
	}
	full := arrow.NewMetadata(append(slices.Clone(md.Keys()), arrowSchemaKey), append(slices.Clone(md.Values()), *stored))
	v, _ := arrowSchemas.LoadOrStore(s, arrow.NewSchema(s.Fields(), &full))
	return v.(*arrow.Schema), nil
}

// encode writes the batches of the queue in order until it is closed. After
// a failure it only releases them.
func (w *Writer) encode() {
	defer close(w.done)
	var failed bool
	for rec := range w.queue {
		if !failed {
			if err := w.fw.Write(rec); err != nil {
				failed = true
				w.mu.Lock()
				w.bgErr = fmt.Errorf("parquet write: %w", err)
				w.mu.Unlock()
			}
		}
		rec.Release()
	}
}

// background returns the encoding goroutine's failure, if any.
func (w *Writer) background() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.bgErr
}

// stop closes the queue and waits for the encoding goroutine to finish what
// it was given.
func (w *Writer) stop() {
	if w.queue != nil {
		close(w.queue)
		<-w.done
		w.queue = nil
		if err := w.background(); err != nil && w.err == nil {
			w.err = err
		}
	}
}

// zstdLevel is zstd's fastest level: on arbiter's tables the whole writer
// takes about 7 % less CPU than at the default level, for files of about
// the same size (games 3 % larger, findings 3 % smaller on the bench file).
const zstdLevel = 1

// dictionaryOnlyFor turns Parquet's dictionary encoding off except for the
// columns the schema makes Arrow dictionaries. Parquet would otherwise hash
// every value of every column, game ids, offsets and final positions
// included, to build dictionaries that mostly fall back to plain encoding;
// zstd compresses the plain pages about as well.
func dictionaryOnlyFor(s *arrow.Schema) []parquet.WriterProperty {
	props := []parquet.WriterProperty{parquet.WithDictionaryDefault(false)}
	for _, f := range s.Fields() {
		if f.Type.ID() == arrow.DICTIONARY {
			props = append(props, parquet.WithDictionaryFor(f.Name, true))
		}
	}
	return props
}

// risingColumns are, by table, the integer columns whose values rise by a
// little, and change, from each row to the next: a game's number and its
// line and byte offsets in the input.
var risingColumns = map[*arrow.Schema][]string{
	GamesSchema:    {"game", "line", "offset", "end_offset"},
	FindingsSchema: {"game", "line", "offset"},
}

// deltaEncoded stores the schema's rising columns as DELTA_BINARY_PACKED:
// each value as its difference from the one before, in as few bits as the
// largest difference among 32 rows needs. PLAIN writes them 8 bytes a row,
// which zstd's fastest level matches a few bytes at a time, a match and a
// literal or two for every row: on a 16 MB sample the four such columns of
// the games table took a fifth of zstd's instructions (68 a byte), and as
// deltas they are a tenth of their plain size, and half of what zstd made of
// it (the whole run: 1.3 % fewer instructions; files 2-6 % smaller). Not for
// the moves table: its game and ply repeat or count by one down long runs,
// which zstd passes over cheaply, and arrow-go's delta encoder costs more
// there (about 90 instructions a value) than it saves. The readers arbiter's
// users name read the encoding (DuckDB, Arrow and so pandas and Polars,
// Spark from 3.3).
func deltaEncoded(s *arrow.Schema) []parquet.WriterProperty {
	var props []parquet.WriterProperty
	for _, name := range risingColumns[s] {
		props = append(props, parquet.WithEncodingFor(name, parquet.Encodings.DeltaBinaryPacked))
	}
	return props
}

// noClose hides the destination's Close from the Parquet writer, which would
// otherwise close it: the caller decides when its file is done.
type noClose struct{ io.Writer }

// Append adds g's rows, writing a row group whenever a batch is full.
func (w *Writer) Append(g *Game) error {
	if w.err != nil {
		return w.err
	}
	if w.closed {
		return errClosed
	}
	w.b.Append(g)
	if w.b.Len() >= w.batch || w.b.Bytes() >= w.bytes {
		if w.bg && w.queue == nil {
			// Unbuffered: one batch is encoded while the next is built, so
			// the memory in use stays at two batches.
			w.queue, w.done = make(chan arrow.RecordBatch), make(chan struct{})
			go w.encode()
		}
		return w.flush()
	}
	return nil
}

// Rows is the number of rows appended so far.
func (w *Writer) Rows() int64 { return w.rows + int64(w.b.Len()) }

// Full says the file holds MaxRowGroups row groups: what its footer keeps
// in memory until Close has reached its bound, and the caller is to close
// it and go on in another file. Appending more still works, and costs that
// memory.
func (w *Writer) Full() bool { return w.groups >= w.full }

func (w *Writer) flush() error {
	n := w.b.Len()
	rec := w.b.NewRecordBatch()
	if w.queue != nil {
		if err := w.background(); err != nil {
			rec.Release()
			w.err = err
			return err
		}
		w.queue <- rec
		w.rows += int64(n)
		w.groups++
		return nil
	}
	defer rec.Release()
	if err := w.fw.Write(rec); err != nil {
		w.err = fmt.Errorf("parquet write: %w", err)
		return w.err
	}
	w.rows += int64(n)
	w.groups++
	return nil
}

// Close writes the last batch and the file footer. The destination stays
// open. Calling Close again returns the first call's error.
func (w *Writer) Close() error {
	if w.closed {
		return w.err
	}
	w.closed = true
	defer w.b.Release()
	if w.err == nil && w.b.Len() > 0 {
		w.flush()
	}
	w.stop()
	if err := w.fw.Close(); err != nil && w.err == nil {
		w.err = fmt.Errorf("parquet close: %w", err)
	}
	return w.err
}

// Abort drops the rows not yet written and frees the writer's memory without
// finishing the file: for output that is about to be deleted.
func (w *Writer) Abort() {
	if w.closed {
		return
	}
	w.closed = true
	w.stop()
	w.b.Release()
}

var errClosed = errors.New("table writer is closed")
