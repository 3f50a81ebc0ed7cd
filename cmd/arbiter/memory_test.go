package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestLimitMemory: a run sets a heap limit and, without --moves, lets the
// heap grow to 8 times what is live below it (GOGC 700), so that a run of
// many small inputs does not collect every few of them; GOMEMLIMIT and
// GOGC leave the collector as the environment sets it.
func TestLimitMemory(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	for _, c := range []struct {
		env         map[string]string
		moves       bool
		limit, gogc int64
	}{
		{nil, false, (96 + 16*2) << 20, 700},
		{nil, true, (128 + 16*2) << 20, 100},
		{map[string]string{"GOGC": "150"}, false, (96 + 16*2) << 20, 100},
		{map[string]string{"GOMEMLIMIT": "1GiB"}, false, math.MaxInt64, 100},
	} {
		t.Setenv("GOGC", "")
		t.Setenv("GOMEMLIMIT", "")
		for k, v := range c.env {
			t.Setenv(k, v)
		}
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		limitMemory(2, c.moves)
		if limit := debug.SetMemoryLimit(-1); limit != c.limit {
			t.Errorf("%v, moves %v: limit %d, want %d", c.env, c.moves, limit, c.limit)
		}
		if gogc := int64(debug.SetGCPercent(100)); gogc != c.gogc {
			t.Errorf("%v, moves %v: GOGC %d, want %d", c.env, c.moves, gogc, c.gogc)
		}
	}
}
