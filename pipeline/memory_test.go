package pipeline

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// inFlight counts what a hook hears of, and the most it came to.
type inFlightCount struct {
	mu        sync.Mutex
	now, most int
}

func (c *inFlightCount) add(d int) {
	c.mu.Lock()
	c.now += d
	c.most = max(c.most, c.now)
	c.mu.Unlock()
}

// TestRunHandsOnTinyGamesInParts: a chunk of games of one move each, a
// megabyte of "1. e4" lines, makes 170,000 records; the worker hands them
// on in parts as it goes, so that the records in flight stay a few parts'
// worth, where the whole chunk's waited for the writer. Every game is
// written once, in order.
func TestRunHandsOnTinyGamesInParts(t *testing.T) {
	useFakeCheck(t, nil)
	const n = 200_000
	path := writeFile(t, t.TempDir(), "tiny.pgn", []byte(strings.Repeat("1. e4\n", n)))
	var records inFlightCount
	recordsHook = records.add
	defer func() { recordsHook = nil }()
	next := 0
	sink := &recordingSink{onGame: func(r *GameRecord) error {
		if r.Index != next || r.Start.Line != int32(next+1) {
			return fmt.Errorf("record %d (line %d) where %d was due", r.Index, r.Start.Line, next)
		}
		next++
		// A writer slower than the workers, as Parquet's is, lets the queue fill.
		if next%2000 == 0 {
			time.Sleep(time.Millisecond)
		}
		return nil
	}}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2}, []Input{{Path: path, Size: -1}}, sink)
	if err != nil || s.Games != n || s.Records != n || next != n {
		t.Fatalf("games %d, records %d, written %d, error %v", s.Games, s.Records, next, err)
	}
	// Each worker holds three parts of 2 MiB at most, and the last parts
	// of the chunks checked wait for the writer: 16 MiB of budget.
	if records.most > 40_000 {
		t.Errorf("%d records in flight at most, want 40,000 or fewer", records.most)
	}
	if records.now != 0 {
		t.Errorf("%d records still counted in flight", records.now)
	}
	t.Logf("%d records in flight at most", records.most)
}
