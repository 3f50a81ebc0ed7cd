//go:build unix

package parser

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, so that benchmarks can
// report throughput per core on a machine shared with other work.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
