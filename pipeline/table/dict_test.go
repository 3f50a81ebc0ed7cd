package table

import (
	"fmt"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/arbiter-chess/arbiter/validate"
)

// dictColumn is column i of rec as its dictionary's values and each row's
// index into them ("-" for a null).
func dictColumn(t *testing.T, rec arrow.RecordBatch, i int) (values, indices string) {
	t.Helper()
	d, ok := rec.Column(i).(*array.Dictionary)
	if !ok {
		t.Fatalf("column %d is a %T, not a dictionary", i, rec.Column(i))
	}
	dict := d.Dictionary().(*array.String)
	var vs, is []string
	for j := range dict.Len() {
		vs = append(vs, dict.Value(j))
	}
	for j := range d.Len() {
		if d.IsNull(j) {
			is = append(is, "-")
		} else {
			is = append(is, fmt.Sprint(d.GetValueIndex(j)))
		}
	}
	return fmt.Sprint(vs), fmt.Sprint(is)
}

// A value repeated from the row before takes its index without a lookup;
// the rows must be those the dictionary's own lookup makes: a null between
// repeats, a value the last one is a prefix of, a value seen before but not
// last, and a new batch, whose dictionary starts empty again.
func TestDictionaryRepeats(t *testing.T) {
	events := [][]string{
		{"A", "A", "", "A", "Ab", "Ab", "A", "B"}, // "" is no Event tag: a null
		{"B", "B", "A"},
	}
	wantValues := []string{"[A Ab B]", "[B A]"}
	wantIndices := []string{"[0 0 - 0 1 1 0 2]", "[0 0 1]"}
	b := NewGamesBuilder(nil)
	defer b.Release()
	for batch, evs := range events {
		for i, ev := range evs {
			r := validate.NewReport()
			g := Game{File: "f.pgn", Index: i, Report: &r}
			if ev != "" {
				g.Tags = tags("Event", ev)
			}
			b.Append(&g)
		}
		rec := b.NewRecordBatch()
		values, indices := dictColumn(t, rec, gEvent)
		if values != wantValues[batch] || indices != wantIndices[batch] {
			t.Errorf("batch %d: Event dictionary %s, indices %s; want %s, %s",
				batch, values, indices, wantValues[batch], wantIndices[batch])
		}
		// The file repeats on every row: one value, index 0 throughout.
		values, indices = dictColumn(t, rec, 1)
		if want := fmt.Sprint(make([]int, len(evs))); values != "[f.pgn]" || indices != want {
			t.Errorf("batch %d: file dictionary %s, indices %s; want [f.pgn], %s", batch, values, indices, want)
		}
		rec.Release()
	}
}

// The moves table repeats a game's file on each of its rows, and the games
// table's repeat of the last value must not be confused by it.
func TestMovesFileRepeats(t *testing.T) {
	move := validate.MoveFact{SAN: validate.MakeMoveText("e4"), UCI: validate.MakeMoveText("e2e4"), Clock: -1}
	game := func(file string, plies int) Game {
		r := validate.NewReport()
		for range plies {
			r.Moves = append(r.Moves, move)
		}
		return Game{File: file, Report: &r}
	}
	b := NewMovesBuilder(nil)
	defer b.Release()
	for _, batch := range []struct {
		games           []Game
		values, indices string
	}{
		{[]Game{game("x", 3), game("x", 1), game("y", 2), game("x", 0), game("x", 2)}, "[x y]", "[0 0 0 0 1 1 0 0]"},
		{[]Game{game("y", 1), game("y", 2)}, "[y]", "[0 0 0]"},
	} {
		for i := range batch.games {
			b.Append(&batch.games[i])
		}
		rec := b.NewRecordBatch()
		values, indices := dictColumn(t, rec, mFile)
		if values != batch.values || indices != batch.indices {
			t.Errorf("file dictionary %s, indices %s; want %s, %s", values, indices, batch.values, batch.indices)
		}
		if rec.NumRows() != int64(rec.Column(mFile).Len()) {
			t.Errorf("%d rows, file column of %d", rec.NumRows(), rec.Column(mFile).Len())
		}
		rec.Release()
	}
}
