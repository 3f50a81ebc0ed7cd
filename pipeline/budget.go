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
// sixteen ordinary ones. The reader takes a chunk's bytes and an estimate
// of its records before queueing it; the worker, once it has the records,
// puts the estimate right; the writer gives everything back. Only the
// reader waits, and never for an empty budget, so that a chunk larger than
// the whole budget still goes, alone.
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

// estimate is what a chunk of n bytes of input i is expected to hold.
func (b *budget) estimate(n int) int64 {
	return int64(n) + int64(n)*b.ratio.Load()/16
}

// take waits until n fits, or nothing is in flight, and takes it. It
// returns false when ctx ends first.
func (b *budget) take(ctx context.Context, n int64) bool {
	for {
		b.mu.Lock()
		if b.used == 0 || b.used+n <= b.max {
			b.used += n
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
// chunk's bytes are free again, the records' cost is what stays. It
// returns what the job now holds, and learns the ratio for the input.
func (b *budget) checked(file int, chunkBytes int, taken int64, batch *Batch) int64 {
	held := batch.footprint()
	if chunkBytes > 0 && int64(file) == b.ratioInput.Load() {
		b.ratio.Store(held * 16 / int64(chunkBytes))
	}
	b.adjust(held - taken)
	return held
}

// The sizes a record's memory is reckoned in.
const (
	recordSize  = int64(unsafe.Sizeof(GameRecord{}))
	tagSize     = int64(unsafe.Sizeof(parser.Tag{}))
	findingSize = int64(unsafe.Sizeof(validate.Finding{})) + 96 // its message
)

// footprint is about the memory the batch's records hold.
func (b *Batch) footprint() int64 {
	n := int64(len(b.Records))*recordSize + int64(len(b.tags))*tagSize + int64(len(b.out))
	for i := range b.Records {
		n += int64(len(b.Records[i].Report.Findings)) * findingSize
	}
	return n
}
