package table

import (
	"bytes"
	"os"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

func TestRecyclerBuffers(t *testing.T) {
	a := &recycler{}
	check := func(b []byte, size int) {
		t.Helper()
		if len(b) != size || cap(b) < size || cap(b)&(cap(b)-1) != 0 {
			t.Fatalf("Allocate(%d): len %d cap %d", size, len(b), cap(b))
		}
		if uintptr(unsafe.Pointer(unsafe.SliceData(b)))%64 != 0 {
			t.Fatalf("Allocate(%d) is not 64-byte aligned", size)
		}
		for i, c := range b[:cap(b)] {
			if c != 0 {
				t.Fatalf("Allocate(%d): byte %d is %d, not zero", size, i, c)
			}
		}
	}
	for _, size := range []int{0, 1, 64, 65, 1000, 4096, 1 << 20} {
		b := a.Allocate(size)
		check(b, size)
		full := b[:cap(b)]
		for i := range full {
			full[i] = 0xAA
		}
		a.Free(b)
		again := a.Allocate(size)
		check(again, size) // reused, and zeroed again
		if size > 0 && unsafe.SliceData(again) != unsafe.SliceData(b) {
			t.Errorf("Allocate(%d) after Free did not reuse the buffer", size)
		}
		a.Free(again)
	}

	b := a.Allocate(100)
	copy(b, "hello")
	b = a.Reallocate(5000, b)
	if len(b) != 5000 || string(b[:5]) != "hello" || b[5] != 0 {
		t.Errorf("Reallocate kept %q, len %d", b[:6], len(b))
	}

	// Beyond maxClass: plain Go memory, never kept.
	big := a.Allocate(1<<maxClass + 1)
	a.Free(big)
	// Nor more than maxKept bytes.
	for range 2 * maxKept >> maxClass {
		a.Free(make([]byte, 0, 1<<maxClass))
	}
	if a.kept > maxKept {
		t.Errorf("kept %d bytes, more than %d", a.kept, maxKept)
	}
	// Nor what is not one of its sizes.
	before := a.kept
	a.Free(make([]byte, 100))
	if a.kept != before {
		t.Error("kept a buffer of a size it does not make")
	}
}

// The recycler changes where buffers come from, not what is written: every
// table is the same byte for byte as with the Go allocator, and releases
// all it allocates.
func TestRecyclerSameFiles(t *testing.T) {
	games := sampleGames()
	for _, tc := range tableCases {
		var files [2][]byte
		for i := range files {
			opt := smallBatches
			var mem memory.Allocator = memory.NewGoAllocator()
			if i == 1 {
				mem = memory.NewCheckedAllocator(&recycler{})
			}
			opt.Mem, opt.Background = mem, i == 1
			p := tempPath(t, tc.name+".parquet")
			for range 3 { // the later rounds take the earlier rounds' buffers
				writeTable(t, p, tc.builder(mem), games, opt)
			}
			if c, ok := mem.(*memory.CheckedAllocator); ok {
				c.AssertSize(t, 0)
			}
			var err error
			if files[i], err = os.ReadFile(p); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(files[0], files[1]) {
			t.Errorf("%s: the file written with the recycler differs", tc.name)
		}
	}
}
