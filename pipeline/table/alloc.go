package table

import (
	"math/bits"
	"sync"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// recycler is the default allocator of the builders and writers: Go memory,
// 64-byte aligned as Arrow wants, in power-of-two sizes, and what Arrow frees
// (a record batch's buffers once it is written, a column writer's scratch)
// is kept for the next batch instead of being left to the garbage collector.
// A table of millions of rows (the moves table) otherwise allocates its
// column buffers afresh, doubling from nothing, for every batch, and that
// churn drives a garbage collection every few batches: each one scans the
// whole live heap of the run. Buffers come back zeroed, as Go memory does.
// It is safe for concurrent use (a Writer frees in its encoding goroutine
// what its caller allocated); one is shared by every table of the process.
type recycler struct {
	mu   sync.Mutex
	free [maxClass + 1][][]byte // by size class: free[c] holds buffers of capacity 1<<c
	kept int                    // bytes in free
}

const (
	minClass = 6  // 64 bytes, Arrow's alignment
	maxClass = 24 // 16 MiB; larger buffers are plain Go memory
	// maxKept bounds the bytes kept for reuse: a few batches of the widest
	// table and a row group's encoding scratch fit several times over.
	maxKept = 16 << 20
)

var defaultAllocator memory.Allocator = &recycler{}

var goAlloc = memory.NewGoAllocator()

// class is the size class of a buffer of size bytes.
func class(size int) int {
	if size <= 1<<minClass {
		return minClass
	}
	return bits.Len(uint(size - 1))
}

func (a *recycler) Allocate(size int) []byte {
	c := class(size)
	if c > maxClass {
		return goAlloc.Allocate(size)
	}
	a.mu.Lock()
	if n := len(a.free[c]); n > 0 {
		b := a.free[c][n-1]
		a.free[c][n-1] = nil
		a.free[c] = a.free[c][:n-1]
		a.kept -= cap(b)
		a.mu.Unlock()
		b = b[:cap(b)]
		clear(b)
		return b[:size]
	}
	a.mu.Unlock()
	return goAlloc.Allocate(1 << c)[:size]
}

func (a *recycler) Reallocate(size int, b []byte) []byte {
	if cap(b) >= size {
		return b[:size]
	}
	nb := a.Allocate(size)
	copy(nb, b)
	a.Free(b)
	return nb
}

// Free keeps b for reuse when it is one of the recycler's own sizes and
// there is room; anything else is left to the garbage collector.
func (a *recycler) Free(b []byte) {
	n := cap(b)
	if n < 1<<minClass || n > 1<<maxClass || n&(n-1) != 0 {
		return
	}
	c := bits.Len(uint(n)) - 1
	a.mu.Lock()
	if a.kept+n <= maxKept {
		a.free[c] = append(a.free[c], b[:0])
		a.kept += n
	}
	a.mu.Unlock()
}
