// Package shard cuts game files into byte ranges that can be read on
// different machines and still give exactly the games, game indexes and
// line numbers of `arbiter check`, which reads each file whole.
//
// A shard of a plain file is a byte range [Start, End). It owns the pieces
// of the file (see parser's boundary rule) that begin at or after the first
// game boundary at or after Start and before the first boundary at or after
// End: it starts reading at Boundary(Start) and reads past End to
// Boundary(End). Consecutive shards therefore share their cut, and every
// piece, so every game, is read by exactly one shard. The boundary rule is
// parser.NextBoundary, the one the command line's splitter cuts with.
//
// A compressed file cannot be entered part way, so it is one shard read
// whole (Whole).
package shard

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline"
)

// Input is one file of a run, as the launcher saw it.
type Input struct {
	Number int    // place in the run, the NNNNN of the command line's names
	Path   string // as given: the file column of its rows
	Size   int64  // bytes on disk, -1 when it could not be read
	// ModTime is the modification time in Unix nanoseconds (0 when unknown);
	// an integer, because it crosses the wire in every shard.
	ModTime    int64
	Compressed bool
	Shards     int // how many shards it was cut into
}

// Shard is a byte range of one input.
type Shard struct {
	Input      int // Input.Number
	Path       string
	Index      int   // 0-based place among the input's shards
	Size       int64 // the input's size when the run was planned
	Start, End int64
	Whole      bool // read the input from its start to its end, decompressing (Start and End unused)
	Last       bool // the input's last shard: it reads to the end of the file
}

// Plan cuts the inputs into shards of about size bytes. size <= 0 makes one
// shard per input.
func Plan(inputs []Input, size int64) []Shard {
	var out []Shard
	for i := range inputs {
		in := &inputs[i]
		n := int64(1)
		if !in.Compressed && in.Size > 0 && size > 0 {
			n = (in.Size + size - 1) / size
		}
		in.Shards = int(n)
		for k := range n {
			sh := Shard{Input: in.Number, Path: in.Path, Index: int(k), Size: in.Size, Last: k == n-1}
			if in.Compressed || in.Size < 0 {
				sh.Whole = true
			} else {
				sh.Start, sh.End = k*size, min((k+1)*size, in.Size)
				if n == 1 {
					sh.End = in.Size
				}
			}
			out = append(out, sh)
		}
	}
	return out
}

// Describe stats the paths and looks at their first bytes to tell
// compressed inputs (which are read whole) from plain ones. An input that
// cannot be opened gets Size -1: it becomes one shard whose reading fails,
// so that the manifest names it, as the command line does.
func Describe(inputs []pipeline.Input) []Input {
	out := make([]Input, len(inputs))
	for i, in := range inputs {
		out[i] = Input{Number: i, Path: in.Path, Size: -1}
		f, err := os.Open(in.Path)
		if err != nil {
			continue
		}
		st, err := f.Stat()
		if err == nil && st.Mode().IsRegular() {
			head := make([]byte, 6) // the longest magic Compressed knows
			n, _ := io.ReadFull(f, head)
			out[i].Size, out[i].ModTime = st.Size(), st.ModTime().UnixNano()
			out[i].Compressed = Compressed(head[:n])
		}
		f.Close()
	}
	return out
}

// Compressed recognises the magic bytes pipeline.Open decompresses (gzip,
// zstd, a zstd skippable frame as pzstd writes, bzip2) or refuses (xz, zip,
// ...): such a file is read whole, by pipeline.Open, never split.
func Compressed(head []byte) bool { return pipeline.Compressed(head) }

// margin is how many bytes must follow a boundary found in a window for
// every candidate before it to have been decided on complete lines: a tag
// opening needs a few hundred bytes of lookahead at most.
const margin = 4 << 10

// Boundary returns the first game boundary b with x <= b < size in the file
// r of size bytes, or size when there is none; 0 for x <= 0, since a file's
// first piece starts at its first byte whatever it holds. The boundary after
// a file's preamble (parser.Preamble) starts no piece and is passed over.
//
// It reads a window around x: backward until the window holds a complete
// non-blank line before x (the rule looks at the line before a candidate),
// forward until a boundary is found with enough bytes after it, or the end.
func Boundary(r io.ReaderAt, size, x int64) (int64, error) {
	b, err := nextBoundary(r, size, x)
	if err != nil || b <= 0 || b >= size {
		return b, err
	}
	// The command line reads the comments before a file's first game with
	// that game (parser.Preamble): a shard starting at its boundary would
	// read them as a game of their own.
	if pre, err := preambleBefore(r, b); err != nil || !pre {
		return b, err
	}
	return nextBoundary(r, size, b+1)
}

// preambleBefore reports whether the file's bytes before b are a preamble
// (parser.Preamble), reading from the start only as far as needed: in most
// files the first byte already says no.
func preambleBefore(r io.ReaderAt, b int64) (bool, error) {
	for n := min(b, 4<<10); ; n = min(2*n, b) {
		buf := make([]byte, n)
		if k, err := r.ReadAt(buf, 0); int64(k) < n {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return false, fmt.Errorf("reading bytes 0 to %d: %w", n, err)
		}
		end, open := parser.Preamble(buf)
		if int64(end) < n {
			return false, nil
		}
		if n == b {
			return !open, nil
		}
	}
}

// nextBoundary is Boundary without the preamble rule.
func nextBoundary(r io.ReaderAt, size, x int64) (int64, error) {
	if x <= 0 {
		return 0, nil
	}
	if x >= size {
		return size, nil
	}
	back, fwd := int64(64<<10), int64(256<<10)
	for {
		w := max(0, x-back)
		end := min(size, x+fwd)
		buf := make([]byte, end-w)
		if n, err := r.ReadAt(buf, w); n < len(buf) {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return 0, fmt.Errorf("reading bytes %d to %d: %w", w, end, err)
		}
		p := int(x - w)
		if w > 0 && !settled(buf, p) {
			back *= 2
			continue
		}
		b := parser.NextBoundary(buf, p)
		switch {
		case b >= 0 && (end == size || len(buf)-b >= margin):
			return w + int64(b), nil
		case b < 0 && end == size:
			return size, nil
		}
		fwd *= 2
	}
}

// settled reports whether buf holds, before p, a complete line with
// something other than blanks whose start is known to be a line start (a
// '\n' precedes it in buf). The rule decides a candidate by the nearest
// non-blank line before it, so every candidate at or after p is then decided
// on bytes of buf alone, as it is when the file is read from its start.
func settled(buf []byte, p int) bool {
	e := bytes.LastIndexByte(buf[:p], '\n')
	for e >= 0 {
		s := bytes.LastIndexByte(buf[:e], '\n') + 1
		if s == 0 {
			return false
		}
		if !blank(buf[s:e]) {
			return true
		}
		e = s - 1
	}
	return false
}

// blank is the parser's idea of a blank line.
func blank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v' {
			return false
		}
	}
	return true
}

// Span is the bytes [From, To) a shard of a plain file reads once its
// boundaries are known.
type Span struct {
	From, To int64
}

// Bounds returns the span of a plain-file shard: Boundary(Start) to
// Boundary(End), the end of the file (sh.Size) for the last shard.
func Bounds(r io.ReaderAt, sh *Shard) (Span, error) {
	size := sh.Size
	from, err := Boundary(r, size, sh.Start)
	if err != nil {
		return Span{}, err
	}
	to := size
	if !sh.Last {
		if to, err = Boundary(r, size, sh.End); err != nil {
			return Span{}, err
		}
	}
	return Span{From: from, To: max(from, to)}, nil
}

// ErrStdin is returned for standard input, which no worker can read.
var ErrStdin = errors.New("standard input cannot be read by a distributed run")
