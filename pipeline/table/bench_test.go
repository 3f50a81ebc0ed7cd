package table

import (
	"io"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// BenchmarkAppendGames appends the rows of one game (per op) to the games,
// findings and moves builders, handing over a batch every DefaultBatchRows
// games as the writer does.
func BenchmarkAppendGames(b *testing.B) {
	games := sampleGames()
	builders := []Builder{NewGamesBuilder(nil), NewFindingsBuilder(nil), NewMovesBuilder(nil)}
	defer func() {
		for _, bl := range builders {
			bl.Release()
		}
	}()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		for _, bl := range builders {
			bl.Append(g)
		}
		if builders[0].Len() == DefaultBatchRows {
			for _, bl := range builders {
				bl.NewRecordBatch().Release()
			}
		}
	}
}

// BenchmarkWriteGames is BenchmarkAppendGames plus the Parquet encoding and
// zstd compression of the three tables.
func BenchmarkWriteGames(b *testing.B) {
	games := sampleGames()
	var writers []*Writer
	for _, nb := range []func() Builder{
		func() Builder { return NewGamesBuilder(nil) },
		func() Builder { return NewFindingsBuilder(nil) },
		func() Builder { return NewMovesBuilder(nil) },
	} {
		w, err := NewWriter(io.Discard, nb(), WriterOptions{})
		if err != nil {
			b.Fatal(err)
		}
		writers = append(writers, w)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		for _, w := range writers {
			if err := w.Append(g); err != nil {
				b.Fatal(err)
			}
		}
	}
	for _, w := range writers {
		if err := w.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSmallFile writes a games and a findings file of one game each
// (per op): what a Parquet file costs besides its rows, which an archive of
// single games pays once per input.
func BenchmarkSmallFile(b *testing.B) {
	games := sampleGames()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g := &games[i%len(games)]
		for _, nb := range []func(memory.Allocator) Builder{NewGamesBuilder, NewFindingsBuilder} {
			w, err := NewWriter(io.Discard, nb(nil), WriterOptions{Background: true})
			if err != nil {
				b.Fatal(err)
			}
			if err := w.Append(g); err != nil {
				b.Fatal(err)
			}
			if err := w.Close(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
