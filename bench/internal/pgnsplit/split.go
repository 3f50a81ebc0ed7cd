// Package pgnsplit cuts a PGN stream into games without interpreting moves.
//
// The benchmark needs it twice: the corentings peer cannot use its library's
// own scanner (bufio.Scanner stops for good at the first game over 64 KiB,
// which engine games with per-move comments exceed), and the harness counts
// the games of each input with it so that every tool's games/s has the same
// numerator.
package pgnsplit

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// Splitter yields the games of a PGN stream one at a time.
//
// A game ends where a tag line ("[" at the start of a line, outside a brace
// comment) follows movetext, or follows a blank line after tags: a game
// with tags and no movetext at all is still a game, as archives have them.
// Text before the first tag line stays with the first game.
type Splitter struct {
	r         *bufio.Reader
	game      []byte // the game being collected
	pending   []byte // a tag line read past the end of the previous game
	inComment bool   // inside a { } comment that spans lines
	err       error
}

// New returns a Splitter reading r.
func New(r io.Reader) *Splitter {
	return &Splitter{r: bufio.NewReaderSize(r, 1<<20)}
}

// Next returns the bytes of the next game, valid until the following call,
// or io.EOF after the last one. Other errors are those of the reader.
func (s *Splitter) Next() ([]byte, error) {
	if s.err != nil {
		return nil, s.err
	}
	s.game = append(s.game[:0], s.pending...)
	s.pending = s.pending[:0]
	// A pending line is the tag line that ended the previous game.
	hasMoves, hasTags, tagsEnded := false, len(s.game) > 0, false
	for {
		line, err := s.readLine()
		if len(line) > 0 {
			startsTag := !s.inComment && isTagLine(line)
			if startsTag && (hasMoves || tagsEnded) {
				s.pending = append(s.pending, line...)
				return s.game, nil
			}
			switch {
			case startsTag:
				hasTags = true
			case s.inComment:
				s.inComment = commentOpenAfter(line, true)
			case isBlank(line):
				tagsEnded = hasTags
			default:
				hasMoves = true
				s.inComment = commentOpenAfter(line, false)
			}
			s.game = append(s.game, line...)
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				s.err = err
				return nil, err
			}
			s.err = io.EOF
			if isBlank(s.game) {
				return nil, io.EOF
			}
			return s.game, nil
		}
	}
}

// readLine returns one line with its newline, however long.
func (s *Splitter) readLine() ([]byte, error) {
	line, err := s.r.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return line, err
	}
	long := append([]byte(nil), line...)
	for errors.Is(err, bufio.ErrBufferFull) {
		line, err = s.r.ReadSlice('\n')
		long = append(long, line...)
	}
	return long, err
}

// commentOpenAfter tells whether a brace comment is still open at the end
// of line, given whether one was open at its start. A semicolon comment runs
// to the end of the line and hides any brace in it; a line starting with '%'
// is an escape line and hides everything.
func commentOpenAfter(line []byte, open bool) bool {
	if !open && line[0] == '%' {
		return false
	}
	for _, c := range line {
		switch {
		case open:
			open = c != '}'
		case c == '{':
			open = true
		case c == ';':
			return false
		}
	}
	return open
}

// isTagLine tells whether line opens with '[', after any indentation or
// byte order mark that editors leave.
func isTagLine(line []byte) bool {
	line = bytes.TrimLeft(bytes.TrimPrefix(line, bom), " \t")
	return len(line) > 0 && line[0] == '['
}

var bom = []byte("\xef\xbb\xbf")

func isBlank(b []byte) bool {
	return len(bytes.TrimSpace(b)) == 0
}

// Count returns the number of games in r.
func Count(r io.Reader) (int, error) {
	s := New(r)
	n := 0
	for {
		_, err := s.Next()
		if errors.Is(err, io.EOF) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		n++
	}
}
