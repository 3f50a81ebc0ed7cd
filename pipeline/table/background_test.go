package table

import (
	"bytes"
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// manyGames repeats the sample games n times with distinct indexes.
func manyGames(n int) []Game {
	sample := sampleGames()
	games := make([]Game, n)
	for i := range games {
		games[i] = sample[i%len(sample)]
		games[i].Index = i
	}
	return games
}

// TestBackgroundWriterSameBytes: encoding in the background writes the
// file that encoding in the caller writes, for every table and for batch
// sizes that leave a last partial batch or none.
func TestBackgroundWriterSameBytes(t *testing.T) {
	games := manyGames(103)
	for _, nb := range []func(memory.Allocator) Builder{NewGamesBuilder, NewFindingsBuilder, NewMovesBuilder} {
		for _, rows := range []int{1, 7, 103, 1000} {
			var plain, bg bytes.Buffer
			for _, out := range []struct {
				buf *bytes.Buffer
				bg  bool
			}{{&plain, false}, {&bg, true}} {
				w, err := NewWriter(out.buf, nb(nil), WriterOptions{BatchRows: rows, Background: out.bg})
				if err != nil {
					t.Fatal(err)
				}
				for i := range games {
					if err := w.Append(&games[i]); err != nil {
						t.Fatal(err)
					}
				}
				if w.Rows() == 0 && nb(nil).Schema() == GamesSchema {
					t.Fatal("no rows counted")
				}
				if err := w.Close(); err != nil {
					t.Fatal(err)
				}
			}
			if plain.Len() == 0 || !bytes.Equal(plain.Bytes(), bg.Bytes()) {
				t.Errorf("%s, %d rows a batch: %d bytes in the caller, %d in the background",
					nb(nil).Schema().Field(3).Name, rows, plain.Len(), bg.Len())
			}
		}
	}
}

type failingWriter struct{ after int }

func (f *failingWriter) Write(p []byte) (int, error) {
	if f.after -= len(p); f.after < 0 {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// TestBackgroundWriterFailure: a write that fails in the encoding goroutine
// is returned by a later Append or by Close, as it is without Background.
// (Memory is not checked: the Parquet writer leaves a few buffers to the
// collector after a failed write, in either mode.)
func TestBackgroundWriterFailure(t *testing.T) {
	for _, bg := range []bool{false, true} {
		t.Run(map[bool]string{false: "caller", true: "background"}[bg], func(t *testing.T) { testWriterFailure(t, bg) })
	}
}

func testWriterFailure(t *testing.T, bg bool) {
	w, err := NewWriter(&failingWriter{after: 100}, NewGamesBuilder(nil), WriterOptions{BatchRows: 2, Background: bg})
	if err != nil {
		t.Fatal(err)
	}
	games := manyGames(50)
	var appendErr error
	for i := range games {
		if appendErr = w.Append(&games[i]); appendErr != nil {
			break
		}
	}
	closeErr := w.Close()
	if closeErr == nil {
		t.Fatalf("Close succeeded after a failed write (Append said %v)", appendErr)
	}
	if appendErr != nil && closeErr != appendErr {
		t.Errorf("Append said %v, Close %v", appendErr, closeErr)
	}
}

// TestBackgroundWriterAbort: Abort waits for the batch being encoded and
// frees everything.
func TestBackgroundWriterAbort(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	var buf bytesCounter
	w, err := NewWriter(&buf, NewFindingsBuilder(mem), WriterOptions{Mem: mem, BatchRows: 2, Background: true})
	if err != nil {
		t.Fatal(err)
	}
	games := manyGames(20)
	for i := range games {
		if err := w.Append(&games[i]); err != nil {
			t.Fatal(err)
		}
	}
	w.Abort()
	w.Abort()
	mem.AssertSize(t, 0)
	if err := w.Append(&games[0]); err == nil {
		t.Error("Append after Abort succeeded")
	}
}

// TestBackgroundWriterStartsWithFirstBatch: the encoding goroutine starts
// with the first full batch, so that a file of one batch (an input of a few
// games, of which an archive may hold thousands) costs no goroutine and no
// hand-over; Close encodes it, and the file is the one the caller writes.
func TestBackgroundWriterStartsWithFirstBatch(t *testing.T) {
	games := manyGames(5)
	var plain, bg bytes.Buffer
	for _, out := range []struct {
		buf *bytes.Buffer
		bg  bool
	}{{&plain, false}, {&bg, true}} {
		w, err := NewWriter(out.buf, NewGamesBuilder(nil), WriterOptions{BatchRows: 5, Background: out.bg})
		if err != nil {
			t.Fatal(err)
		}
		for i := range games[:4] {
			if err := w.Append(&games[i]); err != nil {
				t.Fatal(err)
			}
		}
		if w.queue != nil {
			t.Fatalf("background %v: encoding goroutine started before a batch was full", out.bg)
		}
		if err := w.Append(&games[4]); err != nil {
			t.Fatal(err)
		}
		if started := w.queue != nil; started != out.bg {
			t.Fatalf("background %v: goroutine started %v at the first full batch", out.bg, started)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if plain.Len() == 0 || !bytes.Equal(plain.Bytes(), bg.Bytes()) {
		t.Errorf("%d bytes in the caller, %d in the background", plain.Len(), bg.Len())
	}
}

// TestStoredSchemaSameBytes: a file whose Arrow schema is stored through
// the schema's metadata, serialized once (withArrowSchema), holds the bytes
// pqarrow writes when it serializes the schema itself for every file
// (WithStoreSchema), for every table.
func TestStoredSchemaSameBytes(t *testing.T) {
	games := manyGames(7)
	for _, nb := range []func(memory.Allocator) Builder{NewGamesBuilder, NewFindingsBuilder, NewMovesBuilder} {
		var ours, theirs bytes.Buffer
		w, err := NewWriter(&ours, nb(nil), WriterOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b := nb(nil)
		fw, err := pqarrow.NewFileWriter(b.Schema(), &theirs, writerProps(b.Schema(), defaultAllocator),
			pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema(), pqarrow.WithAllocator(defaultAllocator)))
		if err != nil {
			t.Fatal(err)
		}
		for i := range games {
			if err := w.Append(&games[i]); err != nil {
				t.Fatal(err)
			}
			b.Append(&games[i])
		}
		rec := b.NewRecordBatch()
		if err := fw.Write(rec); err != nil {
			t.Fatal(err)
		}
		rec.Release()
		b.Release()
		if err := fw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if ours.Len() == 0 || !bytes.Equal(ours.Bytes(), theirs.Bytes()) {
			t.Errorf("%s: %d bytes, pqarrow's own %d", b.Schema().Field(3).Name, ours.Len(), theirs.Len())
		}
	}
}
