package pipeline

import "os"

// writebackChunk is how many bytes of a table file are written before the
// kernel is asked to start writing them out (startWriteback): the sink's
// buffer of a table, so that each flush of it starts its own bytes.
const writebackChunk = 256 << 10

// writeback is a table file that asks the kernel to start writing out its
// bytes as they come, so that the sync before the file is renamed
// (flushPending) waits for the last ones only. On the project's machine
// the sync of big.pgn's games file (5 MB), at the run's end with no other
// work left, took 6 to 20 ms (6 runs), and 4.3 to 4.8 ms with it (4 runs;
// strace).
type writeback struct {
	f          *os.File
	n, started int64 // bytes written; bytes whose writing out was started
}

func (w *writeback) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	w.n += int64(n)
	if w.n-w.started >= writebackChunk {
		startWriteback(w.f, w.started, w.n-w.started)
		w.started = w.n
	}
	return n, err
}
