package parser

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"testing"
	"unicode/utf8"
)

// readAll splits input with opt and parses every chunk, returning clones of
// the games and the chunks.
func readAll(t testing.TB, input []byte, sopt SplitOptions, popt Options) ([]*Game, []Chunk) {
	t.Helper()
	s := NewSplitter(bytes.NewReader(input), sopt)
	p := NewParser(popt)
	var games []*Game
	var chunks []Chunk
	for {
		c, err := s.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		chunks = append(chunks, c)
		p.Parse(c, func(g *Game) { games = append(games, g.Clone()) })
	}
	return games, chunks
}

// parseString reads a whole input with default options.
func parseString(t testing.TB, input string) []*Game {
	t.Helper()
	games, _ := readAll(t, []byte(input), SplitOptions{}, Options{})
	return games
}

// lineIndex turns offsets into lines and columns by brute force.
type lineIndex []int // offsets of line starts

func newLineIndex(b []byte) lineIndex {
	idx := lineIndex{0}
	for i, c := range b {
		if c == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (l lineIndex) pos(off int64) Pos {
	k := sort.Search(len(l), func(i int) bool { return int64(l[i]) > off }) - 1
	return Pos{Offset: off, Line: int64(k + 1), Col: off - int64(l[k]) + 1}
}

// checkGames asserts what holds for every input: chunks cover it in order;
// games' byte ranges follow each other and cover all but blanks; every
// position agrees with a brute-force count; spans lie inside Text; Prev
// points backwards; Has says what the moves hold; a UTF-8 game's raw move text is found at its position.
func checkGames(t testing.TB, input []byte, games []*Game, chunks []Chunk) {
	t.Helper()
	input = crOnlyAsLF(input) // as the splitter hands a CR-only file on
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s (input %q)", fmt.Sprintf(format, args...), clipInput(input))
	}
	var joined []byte
	for k, c := range chunks {
		if c.Start.Offset != int64(len(joined)) {
			fail("chunk %d starts at %d, want %d", k, c.Start.Offset, len(joined))
		}
		joined = append(joined, c.Data...)
	}
	if !bytes.Equal(joined, input) {
		fail("chunks do not reassemble the input")
	}
	li := newLineIndex(input)
	// what describes a place lazily: building strings per move would cost
	// more than the parse.
	checkPos := func(what func() string, p Pos) {
		if p.Offset < 0 || p.Offset > int64(len(input)) {
			fail("%s offset %d outside the input", what(), p.Offset)
		}
		if want := li.pos(p.Offset); p != want {
			fail("%s at %+v, brute force says %+v", what(), p, want)
		}
	}
	for k, c := range chunks {
		checkPos(func() string { return fmt.Sprintf("chunk %d", k) }, c.Start)
	}
	covered := int64(0)
	for k, g := range games {
		checkPos(func() string { return fmt.Sprintf("game %d start", k) }, g.Start)
		checkPos(func() string { return fmt.Sprintf("game %d end", k) }, g.End)
		if g.Start.Offset < covered || !isBlankText(input[covered:g.Start.Offset]) {
			fail("game %d starts at %d, previous ended at %d", k, g.Start.Offset, covered)
		}
		if g.End.Offset < g.Start.Offset {
			fail("game %d ends before it starts", k)
		}
		covered = g.End.Offset
		inGame := func(what func() string, p Pos) {
			checkPos(what, p)
			if p.Offset < g.Start.Offset || p.Offset > g.End.Offset {
				fail("%s at %d outside game %d [%d,%d)", what(), p.Offset, k, g.Start.Offset, g.End.Offset)
			}
		}
		span := func(what func() string, s Span) {
			if uint64(s.Off)+uint64(s.Len) > uint64(len(g.Text)) {
				fail("game %d %s span %+v outside Text of %d bytes", k, what(), s, len(g.Text))
			}
		}
		span(func() string { return "comment" }, g.Comment)
		for _, tg := range g.Tags {
			inGame(func() string { return "tag " + tg.Name }, tg.Pos)
		}
		for _, pr := range g.Problems {
			inGame(func() string { return "problem " + pr.Message }, pr.Pos)
		}
		// A clock that cannot be read belongs to a move, in source order,
		// and the move says so of a [%clk].
		clkMoves := map[int32]bool{}
		for i, u := range g.UnreadClocks {
			what := func() string { return fmt.Sprintf("game %d unread clock %d", k, i) }
			inGame(what, u.Pos)
			span(what, u.Arg)
			if u.Move < 0 || int(u.Move) >= len(g.Moves) {
				fail("%s on move %d of %d", what(), u.Move, len(g.Moves))
				continue
			}
			if !u.EMT {
				clkMoves[u.Move] = true
				if !g.Moves[u.Move].ClockUnread {
					fail("%s: move %d has no ClockUnread", what(), u.Move)
				}
			}
			if i > 0 && g.UnreadClocks[i-1].Pos.Offset >= u.Pos.Offset {
				fail("%s at %d: out of order", what(), u.Pos.Offset)
			}
		}
		flagged := 0
		for _, m := range g.Moves {
			if m.ClockUnread {
				flagged++
			}
		}
		if flagged != len(clkMoves) {
			fail("game %d: %d moves have ClockUnread, %d have an unread [%%clk] listed", k, flagged, len(clkMoves))
		}
		if g.Result != "" {
			inGame(func() string { return "result" }, g.ResultPos)
		}
		// Moves read as a two-column scoresheet stand in number order: one
		// line, each move after the one before it in Moves.
		columns := g.Has & HasColumns
		has := columns
		for i, m := range g.Moves {
			if columns != 0 && (m.Prev != int32(i-1) || m.Depth != 0 || m.Gap != 0) {
				fail("game %d move %d in two columns has Prev %d, Depth %d, Gap %d", k, i, m.Prev, m.Depth, m.Gap)
			}
			if m.Depth != 0 {
				has |= HasVariations
			}
			if m.Folds&FoldCapitalFile != 0 {
				has |= HasCapitalFile
			}
			if m.Clock != -1 || m.EMT != -1 {
				has |= HasClocks
			}
			if m.Gap != 0 {
				has |= HasGap
				if m.Gap != GapUnlinked && int(m.Gap) > len(g.Problems) {
					fail("game %d move %d has Gap %d, past the %d problems", k, i, m.Gap, len(g.Problems))
				}
			}
			what := func() string { return fmt.Sprintf("game %d move %d", k, i) }
			inGame(what, m.Pos)
			span(what, m.Raw)
			span(what, m.Norm)
			span(what, m.Comment)
			if m.Prev < -1 || m.Prev >= int32(i) {
				fail("%s has Prev %d", what(), m.Prev)
			}
			if m.Depth < 0 {
				fail("%s has Depth %d", what(), m.Depth)
			}
			if m.Raw.Len == 0 {
				fail("%s is empty", what())
			}
			if g.Encoding == UTF8 {
				raw := g.Bytes(m.Raw)
				if !bytes.HasPrefix(input[m.Pos.Offset:], raw) {
					fail("%s %q not found at offset %d", what(), raw, m.Pos.Offset)
				}
			}
		}
		for _, pr := range g.Pairs {
			if (pr.First.Folds|pr.Second.Folds)&FoldCapitalFile != 0 {
				has |= HasCapitalFile
			}
		}
		if g.Has != has {
			fail("game %d has Has %b, its moves hold %b", k, g.Has, has)
		}
		if g.Encoding != UTF8 && !utf8.Valid(g.Text) {
			fail("game %d decoded from %v is not valid UTF-8", k, g.Encoding)
		}
	}
	if !isBlankText(input[covered:]) {
		fail("bytes after %d belong to no game", covered)
	}
}

func clipInput(b []byte) []byte {
	if len(b) > 300 {
		return b[:300]
	}
	return b
}

// norms lists the normalised moves of g.
func norms(g *Game) []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = g.Str(m.Norm)
	}
	return out
}

// raws lists the moves of g as written.
func raws(g *Game) []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = g.Str(m.Raw)
	}
	return out
}

// mainline lists the normalised moves of g's main line.
func mainline(g *Game) []string {
	var out []string
	for _, m := range g.Moves {
		if m.Depth == 0 {
			out = append(out, g.Str(m.Norm))
		}
	}
	return out
}

func problems(g *Game) []string {
	out := make([]string, len(g.Problems))
	for i, p := range g.Problems {
		out[i] = fmt.Sprintf("%d:%d %s", p.Pos.Line, p.Pos.Col, p.Message)
	}
	return out
}
