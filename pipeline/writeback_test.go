package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// writeback passes every byte on to its file, and starts the writing out
// of what it was given each time writebackChunk bytes more have come: not
// before, and not of the bytes after the last such point.
func TestWriteback(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := &writeback{f: f}
	piece := bytes.Repeat([]byte("0123456789"), 10<<10) // 100 KiB
	var want []int64
	for i := range 6 {
		if _, err := w.Write(piece); err != nil {
			t.Fatal(err)
		}
		want = append(want, w.started)
		if i == 1 && w.started != 0 {
			t.Fatalf("started at %d bytes of %d, before writebackChunk", w.started, w.n)
		}
	}
	// 300 KiB, then 600 KiB reach a chunk more.
	if got := []int64{want[2], want[5]}; got[0] != 300<<10 || got[1] != 600<<10 || want[4] != 300<<10 {
		t.Fatalf("started after each write: %v", want)
	}
	data, err := os.ReadFile(path)
	if err != nil || len(data) != 6*len(piece) || !bytes.Equal(data[:len(piece)], piece) {
		t.Fatalf("file of %d bytes (%v), want %d", len(data), err, 6*len(piece))
	}
}
