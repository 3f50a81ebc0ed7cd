package shard

import (
	"bytes"
	"io"
	"os"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline"
)

// Base is where a shard's span starts in its file: how many games and
// newlines come before it. It turns the shard's own count into the file's
// game index and line number.
type Base struct {
	Games int64
	Lines int64
}

// chunks calls fn with each chunk of the span, positioned in the whole file.
// The splitter is the command line's, with its default sizes: a game longer
// than the chunk cap is cut where the command line cuts it, since both
// start the chunk holding it at the game's own boundary.
func chunks(r io.ReaderAt, sp Span, lines int64, opt *pipeline.CheckOptions, fn func(parser.Chunk) error) error {
	so := pipeline.SplitOptions(opt, 0)
	so.Start = parser.Pos{Offset: sp.From, Line: lines + 1, Col: 1}
	s := parser.NewSplitter(io.NewSectionReader(r, sp.From, sp.To-sp.From), so)
	for {
		c, err := s.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		err = fn(c)
		c.Release()
		if err != nil {
			return err
		}
	}
}

// Count returns how many games and newlines the span of a plain file holds,
// parsing it as the check does (the parser may find several games between
// two boundaries) but checking nothing.
func Count(r io.ReaderAt, sp Span, opt *pipeline.CheckOptions) (games, lines int64, err error) {
	p := pipeline.NewParser(opt)
	err = chunks(r, sp, 0, opt, func(c parser.Chunk) error {
		lines += int64(bytes.Count(c.Data, []byte{'\n'}))
		p.Parse(c, func(*parser.Game) { games++ })
		return nil
	})
	return games, lines, err
}

// Check reads and checks the games of a shard and hands them to fn a chunk
// at a time, with File and Index set as the command line sets them. sp and
// base are used for plain-file shards only; a Whole shard reads its input
// from the start.
//
// Two kinds of failure are told apart. inputErr is the input's own: it cannot
// be opened, or its compressed stream breaks part way; the games before the
// break have been handed over (the last one cut short, as on the command
// line) and a retry would only fail again, so the caller records it. err is
// anything else (a read error on a plain file, fn's error): the caller fails
// and the runner retries.
func Check(sh *Shard, sp Span, base Base, opt *pipeline.CheckOptions, p *parser.Parser,
	fn func([]pipeline.GameRecord) error) (inputErr, err error) {
	if sh.Path == pipeline.Stdin {
		return ErrStdin, nil
	}
	index := base.Games
	check := func(c parser.Chunk, readErr error) error {
		var recs []pipeline.GameRecord
		if readErr != nil {
			recs = pipeline.CheckBrokenChunk(c, opt, p, readErr)
		} else {
			recs = pipeline.CheckChunk(c, opt, p)
		}
		for i := range recs {
			recs[i].File, recs[i].Index = sh.Path, int(index)
			index++
		}
		return fn(recs)
	}
	if !sh.Whole {
		f, err := os.Open(sh.Path)
		if err != nil {
			return err, nil
		}
		defer f.Close()
		return nil, chunks(f, sp, base.Lines, opt, func(c parser.Chunk) error { return check(c, nil) })
	}
	rc, err := pipeline.Open(pipeline.Input{Path: sh.Path, Size: -1})
	if err != nil {
		return err, nil
	}
	defer rc.Close()
	src := &pipeline.StopOnError{R: rc}
	s := parser.NewSplitter(src, pipeline.SplitOptions(opt, 0))
	for {
		c, err := s.Next()
		if err == io.EOF {
			return src.Err, nil
		}
		if err != nil {
			return nil, err
		}
		// The last chunk before a break: its last game may be cut short.
		var readErr error
		if src.Err != nil && s.Done() {
			readErr = src.Err
		}
		err = check(c, readErr)
		c.Release()
		if err != nil {
			return nil, err
		}
	}
}
