package parser

import (
	"bytes"
	"io"
	"testing"
	"unicode/utf8"
)

// Seeds live in testdata/fuzz/Fuzz*/ (see testdata/README.md).

func FuzzSplitter(f *testing.F) {
	f.Add([]byte("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n"), uint16(3), uint16(40))
	f.Fuzz(func(t *testing.T, data []byte, target, limit uint16) {
		opt := SplitOptions{Target: int(target%512) + 1}
		opt.Max = opt.Target + int(limit%2048)
		s := NewSplitter(bytes.NewReader(data), opt)
		var joined []byte
		prevCut, prevCont, prevStart := false, false, 0
		want := crOnlyAsLF(data)
		li := newLineIndex(want)
		for {
			c, err := s.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Data) == 0 || len(c.Data) > opt.Max {
				t.Fatalf("chunk of %d bytes (max %d)", len(c.Data), opt.Max)
			}
			off := len(joined)
			if c.Start != li.pos(int64(off)) {
				t.Fatalf("chunk at %+v, brute force says %+v", c.Start, li.pos(int64(off)))
			}
			if c.Continued != prevCut {
				t.Fatalf("chunk at %d: Continued %v after Cut %v", off, c.Continued, prevCut)
			}
			if off > 0 && !prevCut && !gameStartFor(want, prevStart, off, li) && !blankAfterGame(want[prevStart:off], prevCont) {
				t.Fatalf("chunk at %d is neither at a boundary, nor after a cut, nor in blank lines after a game", off)
			}
			prevCut, prevCont, prevStart = c.Cut, c.Continued, off
			joined = append(joined, c.Data...)
		}
		if !bytes.Equal(joined, want) {
			t.Fatal("chunks do not reassemble the input")
		}
	})
}

// blankAfterGame says that chunk, which the splitter cut at its cap without
// calling it cut, ends in blanks after a game's result, or is blanks alone
// and continues no cut game: where Splitter.blankTail lets a chunk end.
func blankAfterGame(chunk []byte, continued bool) bool {
	words := bytes.Fields(chunk)
	if len(words) == 0 {
		return !continued
	}
	if !isBlankByte(chunk[len(chunk)-1]) && chunk[len(chunk)-1] != '\n' {
		return false
	}
	switch string(words[len(words)-1]) {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}

// crOnlyAsLF is data as the splitter hands it on (see lineEnds): when its
// first crWindow bytes hold a CR and no LF, or hold neither and its first
// line end is a CR alone, each CR not followed by LF read as LF.
func crOnlyAsLF(data []byte) []byte {
	p := data[:min(len(data), crWindow)]
	if bytes.IndexByte(p, '\n') >= 0 {
		return data
	}
	if bytes.IndexByte(p, '\r') < 0 {
		rest := data[len(p):]
		k := bytes.IndexAny(rest, "\r\n")
		if k < 0 || rest[k] == '\n' || k+1 < len(rest) && rest[k+1] == '\n' {
			return data
		}
	}
	out := bytes.Clone(data)
	for i, c := range out {
		if c == '\r' && (i+1 == len(out) || out[i+1] != '\n') {
			out[i] = '\n'
		}
	}
	return out
}

// gameStartFor says that a chunk that begins at prev, a game's start, may
// end at off: a boundary there (in an ECO file, an entry), or a game start that the cut scan or the
// parser reading from prev finds.
func gameStartFor(data []byte, prev, off int, li lineIndex) bool {
	if NextBoundary(data, off) == off || IsECO(data) && ecoEntryAt(data, off) ||
		IsEPD(data) && data[off-1] == '\n' {
		return true
	}
	rest := data[prev:]
	if scanGameStart(rest, off-prev, len(rest), prev == 0 || data[prev-1] == '\n') == off-prev {
		return true
	}
	c := Chunk{Data: rest, Start: li.pos(int64(prev))}
	return parsedGameStart(NewParser(Options{}), c, off-prev, off-prev+1, func(int) bool { return true }) == off-prev
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("[Event \"a\"]\n1. e4 {c} (1. d4) e5 $1 *\n"))
	// Scoresheet text: remarks, a result in words, spaced dashes, junk after a number.
	f.Add([]byte("1. e4 - e5 2. Кf3 — Кc6 3. Сb5 — a6 (испанская) хорошо Белые сдались ввиду\nПартия 2\n1. Qq5 e5 *\n"))
	// A list of pieces after a game: the next game's start position.
	f.Add([]byte("1. e4 e5 *\nПозиция: Крg1, Лf1, пп. h2; черные Крg8, Лa8. Ход черных. 1… Лa1 2. Л:a1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkTagSectionSkip(t, data)
		opt := Options{MaxDepth: 8, MaxComment: 100, MaxMoves: 200}
		small, chunks := readAll(t, data, SplitOptions{Target: 64, Max: 1 << 12}, opt)
		checkGames(t, data, small, chunks)
		if !utf8.Valid(data) {
			// A piece (the text between tag sections) that is not UTF-8
			// is decoded with the code page guessed from its bytes, and a
			// chunk cut at a game inside it guesses from its own (doc.go,
			// Encodings): what a high byte reads as may differ with the
			// chunk size. Whole and chunks are compared under a code page
			// forced, which reads every byte alike wherever the cuts are.
			opt.ForceEncoding, opt.Encoding = true, legacyEncodings[len(data)%len(legacyEncodings)]
			small, chunks = readAll(t, data, SplitOptions{Target: 64, Max: 1 << 12, Parse: opt}, opt)
			checkGames(t, data, small, chunks)
		}

		cut := false
		for _, c := range chunks {
			cut = cut || c.Cut
		}
		if !cut {
			whole, wholeChunks := readAll(t, data, SplitOptions{Target: len(data) + 1, Parse: opt}, opt)
			checkGames(t, data, whole, wholeChunks)
			sameGames(t, "whole vs 64-byte chunks", small, whole)
		}

		lean, leanChunks := readAll(t, data, SplitOptions{Target: 64, Max: 1 << 12}, Options{NoVariations: true, NoComments: true})
		checkGames(t, data, lean, leanChunks)
		for _, g := range lean {
			for _, m := range g.Moves {
				if m.Depth != 0 || m.Comment.Len != 0 {
					t.Fatalf("main-line reading kept a variation move or a comment")
				}
			}
		}
	})
}

// checkTagSectionSkip asserts that skipping a tag section never skips a
// boundary: from the input start and from every boundary, the next boundary
// found after the skip is the next boundary.
func checkTagSectionSkip(t *testing.T, data []byte) {
	t.Helper()
	starts := []int{0}
	for b := NextBoundary(data, 1); b >= 0; b = NextBoundary(data, b+1) {
		starts = append(starts, b)
	}
	for _, b := range starts {
		if got, want := NextBoundary(data, afterTagSection(data, b)), NextBoundary(data, b+1); got != want {
			t.Fatalf("from %d: next boundary %d after the tag section, %d without the skip (input %q)", b, got, want, clipInput(data))
		}
	}
}
