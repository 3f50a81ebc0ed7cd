package table

import (
	"io"
	"testing"
)

// BenchmarkEncodeBatch encodes and compresses one games batch of
// DefaultBatchRows tournament games (per op), the batch built beforehand:
// the time a run's last row group takes once the workers have finished,
// which Write shares between two goroutines.
func BenchmarkEncodeBatch(b *testing.B) {
	games := tournamentGames(DefaultBatchRows)
	bld := NewGamesBuilder(nil)
	for i := range games {
		bld.Append(&games[i])
	}
	rec := bld.NewRecordBatch()
	defer rec.Release()
	defer bld.Release()
	for b.Loop() {
		w, err := NewWriter(io.Discard, NewGamesBuilder(nil), WriterOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if err := w.fw.Write(rec); err != nil {
			b.Fatal(err)
		}
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
