package parser

import (
	"fmt"
	"strings"
)

// A scoresheet typed in two columns holds on each line two numbered move
// pairs, the left column's and the right one's, whose numbers differ by the
// same k on every line:
//
//	1. e2-e4   e7-e5      10. Кc3:b5   c6:b5
//	2. Кg1-f3  d7-d6      11. Сc4:b5+  Кb8-d7
//	...
//	9. Сc1-g5  b7-b5      1:0
//
// Read line by line, every number disagrees with the moves before it. Read
// down the left column and then down the right one, as the person who wrote
// the sheet meant it, the numbers follow each other. NOTATION.md does not
// cover the layout; a careful reader of the sheet reads it in number order,
// and so does readColumns, but only when the layout leaves no doubt (see
// columnRows): any other disagreement of numbers stays what it was.

// columnRow is one line of a two-column scoresheet: the index in Game.Moves
// of the first move of its left pair and of its right pair (-1: none), and
// how many moves each pair holds (1 or 2).
type columnRow struct {
	line          int64
	left, right   int32
	leftN, rightN int32
}

// isNumberProblem says that a Problem is about a move number that does not
// fit the moves before it, the only problems a two-column layout makes.
func isNumberProblem(msg string) bool { return strings.HasPrefix(msg, "move number ") }

// readColumns puts the moves of a game written as a two-column scoresheet
// in the order of their numbers, drops the problems about the numbers that
// the layout made, and says so in Game.Has (HasColumns), for the rules to
// report how the game was read. It is asked only about a game with a
// problem, and looks further only when one is about a move number: the
// numbers of a two-column sheet always disagree.
func (p *Parser) readColumns() {
	g := &p.g
	if len(p.plies) != len(g.Moves) || len(g.Problems) > p.opt.MaxProblems {
		return // a move skipped, or problems past the cap: not sure of either
	}
	numbers := false
	for i := range g.Problems {
		numbers = numbers || isNumberProblem(g.Problems[i].Message)
	}
	if !numbers {
		return
	}
	rows, ok := p.columnRows()
	if !ok {
		p.columnsOutOfOrder()
		return
	}
	for i := range g.Moves {
		// A move the numbers gave to the other side links to their
		// problem, which goes; one another problem placed must stay so.
		if gap := g.Moves[i].Gap; gap != 0 && (int(gap) > len(g.Problems) || !isNumberProblem(g.Problems[gap-1].Message)) {
			return
		}
	}
	// Rare: fresh slices cost nothing that matters. from[i] is the index
	// the move at i in number order has in source order, and to its inverse.
	from := make([]int32, 0, len(g.Moves))
	for _, r := range rows {
		for k := int32(0); k < r.leftN; k++ {
			from = append(from, r.left+k)
		}
	}
	for _, r := range rows {
		for k := int32(0); r.right >= 0 && k < r.rightN; k++ {
			from = append(from, r.right+k)
		}
	}
	if len(from) != len(g.Moves) {
		return
	}
	order := make([]Move, len(g.Moves))
	to := make([]int32, len(g.Moves))
	for i, f := range from {
		order[i] = g.Moves[f]
		to[f] = int32(i)
		m := &order[i]
		m.Prev, m.Depth, m.Gap = int32(i-1), 0, 0
		p.plies[i] = p.firstPly + int32(i)
	}
	copy(g.Moves, order)
	for k := range g.Pairs {
		if mv := g.Pairs[k].Move; mv >= 0 && int(mv) < len(to) {
			g.Pairs[k].Move = to[mv]
		}
	}
	for k := range g.UnreadClocks {
		g.UnreadClocks[k].Move = to[g.UnreadClocks[k].Move]
	}
	kept := g.Problems[:0]
	for _, pr := range g.Problems {
		if !isNumberProblem(pr.Message) {
			kept = append(kept, pr)
		}
	}
	g.Problems = kept
	p.gapMoves = 0
	g.Has = g.Has&^(HasVariations|HasGap) | HasColumns
}

// columnRows reads the game's moves, in source order, as the lines of a
// two-column scoresheet, and reports whether they are one without doubt:
// every move belongs to a pair that a White move numbered on the sheet
// opens and at most one unnumbered move on its line closes; each line holds
// a left pair and perhaps a right one; the left pairs are numbered n, n+1,
// ... down the lines; the right pairs, on the first lines, n+k, n+k+1, ...
// where k is the number of lines, so that the right column takes up where
// the left one ends; at least two lines hold a right pair; and every pair
// but the last in number order has its Black move.
func (p *Parser) columnRows() ([]columnRow, bool) {
	moves := p.g.Moves
	if len(moves) < 4 {
		return nil, false // two lines of a pair each at least
	}
	var rows []columnRow
	for i := int32(0); i < int32(len(moves)); {
		r := columnRow{line: moves[i].Pos.Line, right: -1}
		for pairs := 0; i < int32(len(moves)) && moves[i].Pos.Line == r.line; pairs++ {
			if num := moves[i].Number; num <= 0 || p.plies[i] != 2*num-1 || pairs == 2 {
				return nil, false // not White's numbered move, or a third pair
			}
			n := int32(1)
			if j := i + 1; j < int32(len(moves)) && moves[j].Pos.Line == r.line && moves[j].Number == 0 {
				n = 2
			}
			if pairs == 0 {
				r.left, r.leftN = i, n
			} else {
				r.right, r.rightN = i, n
			}
			i += n
		}
		if len(rows) > 0 && r.line <= rows[len(rows)-1].line {
			return nil, false
		}
		rows = append(rows, r)
	}
	k := int32(len(rows))
	first := moves[0].Number
	right, ended := 0, false
	for j, r := range rows {
		if moves[r.left].Number != first+int32(j) || r.leftN != 2 {
			return nil, false
		}
		switch {
		case r.right < 0:
			ended = true
		case ended || moves[r.right].Number != first+k+int32(j):
			return nil, false
		default:
			right++
		}
	}
	if right < 2 {
		return nil, false
	}
	for _, r := range rows[:right-1] {
		if r.rightN != 2 {
			return nil, false
		}
	}
	return rows, true
}

// columnsOutOfOrder handles a game whose numbers look like a two-column
// scoresheet that columnRows cannot read without doubt (a line lost, a
// move missing in a pair): on its first line and on at least one more, a
// White move numbered on the sheet follows, on the same line, a pair that
// the sheet numbers at least two lower. The numbers then disagree on nearly
// every line, and a problem at each says nothing the reader needs; one
// problem, at the first number that jumps, says what they mean instead.
// The moves stay in source order, as they are replayed. A move the numbers
// gave to the other side (a Gap) keeps every problem as it is: the replay
// stops there and says so through its problem.
func (p *Parser) columnsOutOfOrder() {
	g := &p.g
	moves := g.Moves
	jumps, at := 0, -1
	var from, to int32
	prev := int32(-1) // the last move numbered on the sheet on this line
	for i := range moves {
		m := &moves[i]
		if m.Gap != 0 {
			return
		}
		if i == 0 || m.Pos.Line != moves[i-1].Pos.Line {
			prev = -1
		}
		if m.Number <= 0 {
			continue
		}
		if prev >= 0 && m.Number >= moves[prev].Number+2 && p.plies[i] == 2*m.Number-1 {
			if jumps == 0 {
				at, from, to = i, moves[prev].Number, m.Number
			}
			jumps++
		}
		prev = int32(i)
	}
	if jumps < 2 || at != 0 && moves[0].Pos.Line != moves[at].Pos.Line {
		return // not from the first line on: no layout, a slip of numbers
	}
	first := -1
	for i := range g.Problems {
		if isNumberProblem(g.Problems[i].Message) {
			if g.Problems[i].Pos.Line != moves[at].Pos.Line {
				return // the numbers disagree before the first jump: not the layout alone
			}
			break
		}
	}
	kept := g.Problems[:0]
	for i, pr := range g.Problems {
		switch {
		case !isNumberProblem(pr.Message):
			kept = append(kept, pr)
		case first < 0:
			first = i
			pr.Message = fmt.Sprintf("move number %d. follows move %d. on line %d, and numbers jump so on %d more lines: "+
				"a scoresheet in two columns? Its moves are out of the order of their numbers, and are read as written",
				to, from, moves[at].Pos.Line, jumps-1)
			kept = append(kept, pr)
		}
	}
	g.Problems = kept
}
