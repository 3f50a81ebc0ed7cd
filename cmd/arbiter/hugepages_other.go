//go:build !linux

package main

// adviseHugePages does nothing where there is no madvise(MADV_HUGEPAGE):
// see hugepages_linux.go.
func adviseHugePages(n int) (start, end uintptr) { return 0, 0 }
