package pipeline

import (
	"bufio"
	"io"
)

// RecordCounter is a sink that writes the records out through a buffer
// (the findings formats): RecordsWritten says how many of the records
// passed to Game have reached its writer. After Close that is all of them
// unless writing failed (a full disk): a failed write shows only when the
// buffer is flushed, after the records in it were accepted.
type RecordCounter interface {
	RecordsWritten() int64
}

// recordWriter is the buffered output of a sink that counts the records
// whose bytes have all reached the writer beneath, as RecordCounter says.
type recordWriter struct {
	buf     *bufio.Writer
	out     countingWriter
	taken   int64       // bytes taken, written or not
	ends    []recordEnd // the records taken and not known to be written, by where their bytes end
	written int64
}

// recordEnd is where the bytes of records end in the output; records
// without bytes of their own (a game without findings) share the offset
// of the record before.
type recordEnd struct{ offset, records int64 }

// maxPending bounds the record ends kept: more records than that waiting
// in the buffer are flushed early.
const maxPending = 1024

func newRecordWriter(w io.Writer) *recordWriter {
	o := &recordWriter{out: countingWriter{w: w}, ends: make([]recordEnd, 0, maxPending)}
	o.buf = bufio.NewWriterSize(&o.out, 64<<10)
	return o
}

func (o *recordWriter) Write(p []byte) (int, error) {
	o.taken += int64(len(p))
	return o.buf.Write(p)
}

func (o *recordWriter) Flush() error { return o.buf.Flush() }

// end marks the end of a record's bytes.
func (o *recordWriter) end() {
	o.settle()
	if n := len(o.ends); n > 0 && o.ends[n-1].offset == o.taken {
		o.ends[n-1].records++
		return
	}
	if len(o.ends) == cap(o.ends) {
		// A failure stays in buf and fails the next write.
		o.buf.Flush()
		o.settle()
	}
	o.ends = append(o.ends, recordEnd{o.taken, 1})
}

// Written returns how many records have reached the writer.
func (o *recordWriter) Written() int64 {
	o.settle()
	return o.written
}

func (o *recordWriter) settle() {
	k := 0
	for k < len(o.ends) && o.ends[k].offset <= o.out.n {
		o.written += o.ends[k].records
		k++
	}
	if k > 0 {
		o.ends = append(o.ends[:0], o.ends[k:]...)
	}
}

// countingWriter counts the bytes that w took.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
