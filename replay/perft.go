package replay

import "sort"

// Perft counts the leaf nodes of the legal move tree depth plies deep, the
// standard test of a move generator. It counts the last ply in bulk (the
// number of legal moves at depth 1 is taken without playing them), which is
// how published perft figures are usually produced.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&p, depth, make([]ply, depth), true)
}

// ply is the working memory of one level of perft, allocated once per
// call: a recursive function's locals would otherwise be zeroed (the move
// list) or moved to the heap (the child position) on every node.
type ply struct {
	moves MoveList
	child Position
}

func perft(p *Position, depth int, plies []ply, bulk bool) uint64 {
	ml := &plies[depth-1].moves
	ml.n = 0
	p.generate(ml, false)
	if depth == 1 && bulk {
		return uint64(ml.n)
	}
	if depth == 1 {
		var nodes uint64
		q := &plies[0].child
		for _, m := range ml.moves[:ml.n] {
			*q = *p
			q.Play(m)
			nodes++
		}
		return nodes
	}
	var nodes uint64
	q := &plies[depth-1].child
	for _, m := range ml.moves[:ml.n] {
		*q = *p
		q.Play(m)
		nodes += perft(q, depth-1, plies, bulk)
	}
	return nodes
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move (sorted by its UCI text), the perft
// count of the position after it at depth-1: the tool for finding which
// move a generator gets wrong.
func Divide(p Position, depth int) []DivideEntry {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]DivideEntry, 0, ml.n)
	for _, m := range ml.Slice() {
		q := p
		q.Play(m)
		out = append(out, DivideEntry{m, Perft(q, depth-1)})
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Move.UCI(p.chess960) < out[j].Move.UCI(p.chess960)
	})
	return out
}

// PerftWithin is Perft for a count that must cost at most about limit
// nodes: it gives up once it has counted more than limit leaves, or
// visited more than limit positions above them (a tree whose lines
// mostly end in mate before the last ply). exact says the count is the
// whole tree's; when it is not, a count above limit says the tree has more
// than limit leaves, and one at or below limit says nothing.
func PerftWithin(p Position, depth int, limit uint64) (nodes uint64, exact bool) {
	if depth <= 0 {
		return 1, true
	}
	w := boundedPerft{plies: make([]ply, depth), limit: limit}
	w.walk(&p, depth)
	return w.leaves, !w.over
}

// boundedPerft is the state of one PerftWithin walk.
type boundedPerft struct {
	plies         []ply
	leaves, inner uint64
	limit         uint64
	over          bool
}

func (w *boundedPerft) walk(p *Position, depth int) {
	ml := &w.plies[depth-1].moves
	ml.n = 0
	p.generate(ml, false)
	if depth == 1 {
		w.leaves += uint64(ml.n)
		w.over = w.over || w.leaves > w.limit
		return
	}
	if w.inner++; w.inner > w.limit {
		w.over = true
		return
	}
	q := &w.plies[depth-1].child
	for _, m := range ml.moves[:ml.n] {
		*q = *p
		q.Play(m)
		if w.walk(q, depth-1); w.over {
			return
		}
	}
}
