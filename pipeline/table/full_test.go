package table

import (
	"io"
	"runtime"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// A Writer is Full once it has written MaxRowGroups row groups, and not
// before: in the background too, where a batch handed to the encoder counts.
func TestWriterFullAtMaxRowGroups(t *testing.T) {
	games := manyGames(9)
	for _, bg := range []bool{false, true} {
		w, err := NewWriter(io.Discard, NewGamesBuilder(nil), WriterOptions{BatchRows: 2, MaxRowGroups: 3, Background: bg})
		if err != nil {
			t.Fatal(err)
		}
		var full []bool
		for i := range games {
			if err := w.Append(&games[i]); err != nil {
				t.Fatal(err)
			}
			full = append(full, w.Full())
		}
		// Row groups end after games 1, 3 and 5.
		want := []bool{false, false, false, false, false, true, true, true, true}
		for i := range want {
			if full[i] != want[i] {
				t.Errorf("background %v: Full after game %d is %v, want %v", bg, i, full[i], want[i])
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// liveHeap is the heap in use once the collector has freed what it can.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// The footer's metadata that a full file of each table keeps in memory
// stays within footerBudget: the estimate of it (columnChunkBytes a column
// of a row group) holds for arrow-go as it is, measured by the heap's
// growth over row groups of one row.
func TestFullFileFooterWithinBudget(t *testing.T) {
	g := sampleGames()[0] // three moves and two findings: a row group each
	for _, tc := range []struct {
		name string
		nb   func(memory.Allocator) Builder
	}{{GamesDir, NewGamesBuilder}, {FindingsDir, NewFindingsBuilder}, {MovesDir, NewMovesBuilder}} {
		b := tc.nb(nil)
		groups := maxRowGroups(b.Schema())
		w, err := NewWriter(io.Discard, b, WriterOptions{BatchRows: 1, Mem: memory.NewGoAllocator()})
		if err != nil {
			t.Fatal(err)
		}
		var before uint64
		from := groups / 4
		for i := 0; !w.Full(); i++ {
			if i == from {
				before = liveHeap()
			}
			g.Index = i
			if err := w.Append(&g); err != nil {
				t.Fatal(err)
			}
		}
		perGroup := float64(liveHeap()-before) / float64(groups-from)
		if perGroup*float64(groups) > footerBudget {
			t.Errorf("%s: %.0f bytes a row group in memory, %d row groups to a full file: %.1f MiB, over the budget of %d MiB",
				tc.name, perGroup, groups, perGroup*float64(groups)/(1<<20), footerBudget>>20)
		}
		t.Logf("%s, %d columns: %.0f bytes a row group, %d row groups", tc.name, b.Schema().NumFields(), perGroup, groups)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
