package main

import (
	"os"
	"runtime"
	"strings"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on amd64, and on arm64
// with 4 KiB pages; where huge pages are larger, the advice on a range
// aligned to it is taken and does nothing, which is harmless.
const hugePage = 2 << 20

// madviseHugePage is MADV_HUGEPAGE; package syscall does not name it.
const madviseHugePage = 14

// adviseHugePages asks Linux to back the next n bytes the Go heap grows by
// with 2 MiB pages, and returns the range it advised ([0, 0) when none).
//
// Why: a run touches its whole heap once (about 150 MB on a large input),
// and the kernel backs it 4 KiB at a time, one page fault each. On the
// project's machine, a virtual machine whose page tables the hypervisor
// shadows, a fault costs about 10 µs: 35,000-39,000 faults, 0.35-0.5
// CPU-seconds, a sixth of `check --out` on the benchmark's big file. The
// Go runtime advises only its own metadata, not the heap, and Linux's
// default (transparent_hugepage=madvise) gives huge pages only where a
// program asks. With the advice, the same run takes about 2,500 faults and
// a fifth less wall time (BENCHMARKS.md, "Huge pages").
//
// How: one n-byte allocation grows the heap by n in one mapping nothing has
// touched (the runtime knows fresh memory is zero and does not clear it);
// its aligned middle is advised, and the slice is dropped. The collector
// frees it at its next cycle, and the page allocator, which hands out the
// lowest free addresses first, gives those pages to the run. A kernel
// without transparent huge pages refuses the advice, and nothing changes.
// GODEBUG=disablethp=1, the runtime's own switch to keep huge pages off its
// heap, turns this off too.
func adviseHugePages(n int) (start, end uintptr) {
	if n < 2*hugePage || godebugDisablesTHP(os.Getenv("GODEBUG")) {
		return 0, 0
	}
	b := make([]byte, n)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	start = (base + hugePage - 1) &^ (hugePage - 1)
	end = (base + uintptr(n)) &^ (hugePage - 1)
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, start, end-start, madviseHugePage)
	runtime.KeepAlive(b)
	if errno != 0 {
		return 0, 0
	}
	return start, end
}

// godebugDisablesTHP says whether a GODEBUG value sets disablethp=1 (the
// last setting of a key wins, as in the runtime).
func godebugDisablesTHP(godebug string) bool {
	off := false
	for _, kv := range strings.Split(godebug, ",") {
		if k, v, ok := strings.Cut(strings.TrimSpace(kv), "="); ok && k == "disablethp" {
			off = v == "1"
		}
	}
	return off
}
