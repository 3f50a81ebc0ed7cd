package pipeline

import (
	"context"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

// budget bounds the memory the chunks in flight hold, from the moment the
// reader splits one off until the writer has handed its records on. A
// count of chunks is no bound: a megabyte of one-line games makes ten
// times its size in records, and a chunk holding one 16 MiB game is
// sixteen ordinary ones. The reader takes an estimate for an ordinary
// chunk before it reads one, and the estimate for the chunk read, its bytes
// and its records, before queueing it; the worker counts the parts of the
// records it hands on as it goes and, once it has the last, puts the
// estimate right; the writer gives everything back. Only the reader waits,
// and never for an empty budget, so that a chunk larger than the whole
// budget still goes, alone.
type budget struct {
	mu   sync.Mutex
	used int64
	max  int64
	wake chan struct{} // the reader's, signalled on every release

	// Records per byte of the input being read, in 1/16: learnt from its
	// chunks as the workers check them, pessimistic for an input's first
	// (one-line games), so that the first chunks of an input cannot fill
	// the queue with ten times the records expected.
	ratio      atomic.Int64
	ratioInput atomic.Int64
}

// The ratio an input starts with, in 1/16: a record costs about 1 KiB, so
// this is 16 games a kilobyte (one-line games of 64 bytes).
const firstRatio = 16 * 16

func newBudget(max int64) *budget {
	return &budget{max: max, wake: make(chan struct{}, 1)}
}

// startInput makes the estimate pessimistic again for input i.
func (b *budget) startInput(i int) {
	b.ratioInput.Store(int64(i))
	b.ratio.Store(firstRatio)
}

// estimate is what a chunk of n bytes of the input is expected to hold: its
// bytes, and its records, of which a worker holds no more than a few parts
// at a time however many the chunk makes (see Batch.check).
func (b *budget) estimate(n int) int64 {
	return int64(n) + min(int64(n)*b.ratio.Load()/16, partsHeld*partSize)
}

// take waits until n fits, or nothing is in flight, and takes it. It
// returns false when ctx ends first.
func (b *budget) take(ctx context.Context, n int64) bool {
	return b.resize(ctx, 0, n)
}

// resize changes what a chunk holds from from to to, once the change fits
// or the chunk is all that is in flight; it waits only to grow. It returns
// false, having changed nothing, when ctx ends first.
func (b *budget) resize(ctx context.Context, from, to int64) bool {
	for {
		b.mu.Lock()
		if to <= from || b.used == from || b.used-from+to <= b.max {
			b.used += to - from
			b.mu.Unlock()
			return true
		}
		b.mu.Unlock()
		select {
		case <-b.wake:
		case <-ctx.Done():
			return false
		}
	}
}

// adjust changes what is taken by d (negative: gives back), without waiting.
func (b *budget) adjust(d int64) {
	b.mu.Lock()
	b.used += d
	b.mu.Unlock()
	if d < 0 {
		select {
		case b.wake <- struct{}{}:
		default:
		}
	}
}

// checked puts a chunk's estimate right once its records are made: the
// chunk's bytes are free again, the cost of the records of its last part
// is what stays (the parts handed on before are counted as they go, see
// handed). It returns what the job now holds, and learns the ratio for the
// input from all the chunk's records, total.
func (b *budget) checked(file int, chunkBytes int, taken int64, last *Batch, total int64) int64 {
	if chunkBytes > 0 && int64(file) == b.ratioInput.Load() {
		b.ratio.Store(total * 16 / int64(chunkBytes))
	}
	b.adjust(last.size - taken)
	return last.size
}

// partSize is the footprint at which a worker hands on a part of a chunk's
// records (Batch.check): an ordinary chunk's records are one part, and a
// chunk of one-line or empty games is handed on in parts of a few
// thousand. A worker holds partsHeld parts at most: the one it fills, one
// queued, and the one the writer is writing.
const (
	partSize  = 2 << 20
	partsHeld = 3
)

// The sizes a record's memory is reckoned in.
const (
	recordSize  = int64(unsafe.Sizeof(GameRecord{}))
	tagSize     = int64(unsafe.Sizeof(parser.Tag{}))
	findingSize = int64(unsafe.Sizeof(validate.Finding{})) + 96 // its message
	factSize    = int64(unsafe.Sizeof(validate.MoveFact{}))
	sanSize     = int64(unsafe.Sizeof(validate.MoveText{}))
)

// footprint is about the memory a record with tags tag pairs and report r
// holds, its output aside.
func footprint(tags int, r *validate.Report) int64 {
	return recordSize + int64(tags)*tagSize + int64(len(r.Findings))*findingSize +
		int64(len(r.Moves))*factSize + int64(len(r.SAN))*sanSize
}
