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
		if r.Index != next || r.Start.Line != int64(next+1) {
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

// TestRunReadsNoChunkBeyondTheBudget: the reader counts a chunk before it
// reads it, so that chunks as large as the budget are in memory one at a
// time, where the next was read while the one before it was checked.
func TestRunReadsNoChunkBeyondTheBudget(t *testing.T) {
	useFakeCheck(t, nil)
	const chunk = 4 << 20 // one worker: a budget of 8 MiB
	path := writeFile(t, t.TempDir(), "games.pgn", synthetic(0, 150_000))
	var bytes inFlightCount
	chunkHook = bytes.add
	defer func() { chunkHook = nil }()
	s, err := runWithin(t, context.Background(), &Config{Workers: 1, ChunkSize: chunk}, []Input{{Path: path, Size: -1}}, &recordingSink{})
	if err != nil || s.Games != 150_000 || s.Records != 150_000 {
		t.Fatalf("games %d, records %d, error %v", s.Games, s.Records, err)
	}
	// A chunk ends at the first game after its target size.
	if bytes.most > chunk+1<<10 {
		t.Errorf("%d bytes of chunks in memory at most, want one chunk's (%d and a game)", bytes.most, chunk)
	}
	t.Logf("%d bytes of chunks in memory at most", bytes.most)
}

// TestRunSinkFailsMidParts: a sink that fails while a chunk's records are
// handed on in parts ends the run with its error; no worker waits for a
// writer that is gone.
func TestRunSinkFailsMidParts(t *testing.T) {
	useFakeCheck(t, nil)
	path := writeFile(t, t.TempDir(), "tiny.pgn", []byte(strings.Repeat("1. e4\n", 400_000)))
	failure := fmt.Errorf("disk full")
	sink := &recordingSink{onGame: func(r *GameRecord) error {
		if r.Index == 10_000 {
			return failure
		}
		return nil
	}}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2}, []Input{{Path: path, Size: -1}}, sink)
	if err != failure || s.Records != 10_000 {
		t.Fatalf("records %d, error %v, want 10,000 and %v", s.Records, err, failure)
	}
}
