package replay

import "sync"

// The search layers (2 and 4) share a workspace: move lists and child
// positions for every ply, the line being tried, a transposition table.
// It is large (a move list holds 768 moves; the table and the exhaustion's
// tables, allocated only when layer 4 runs, are larger still), so it is
// pooled rather than allocated per call.

const (
	maxSearchPly = 48  // plies of one search line
	maxForced    = 128 // forced moves played out before the searches
	maxLine      = 256 // moves of a mating line after the forced moves
	ttBits       = 14
	// shortDepth and shortNodes bound layer 2's full-width search, which
	// must prove every line dead; it stops at the first line it cannot.
	shortDepth, shortDepthPawnsBishops = 4, 7
	shortNodes                         = 1500
	// helpmateNodesDefault bounds layer 4's helpmate search: about 10 to
	// 20 ms when it runs out. exhaustFirst and exhaustStates bound its
	// breadth-first exhaustion, before and after the search.
	helpmateNodesDefault = 60000
	exhaustFirst         = 2000
	exhaustStates        = 20000
)

type searchPly struct {
	moves  MoveList
	scores [MaxMoves]int16 // move ordering scores, parallel to moves
	child  Position
}

// ttEntry remembers a position of the helpmate search: searched with
// movesLeft (a depth budget in half steps) to go and no mate found,
// complete when nothing was cut below it, onPath while it is being searched
// (a line that comes back to it adds nothing new).
type ttEntry struct {
	key       uint64
	gen       uint32
	movesLeft int8
	complete  bool
	onPath    bool
}

type workspace struct {
	winner   Color
	corner   Square // where the helpmate search drives the loser's king
	approach Square // and where the winner's king and knights head
	strategy strategy
	plies    [maxSearchPly + 1]searchPly
	path     [maxLine]Move   // the line being searched, from the position after the forced moves
	found    int             // length of path when a mate was found
	forced   [maxForced]Move // the forced moves played out first
	nForced  int
	seen     [maxForced]uint64
	line     [maxForced + maxLine]Move
	ex       *exhaustTables // allocated on first use
	nodes    int
	limit    int
	gen      uint32
	tt       *[1 << ttBits]ttEntry // allocated on first use: layers 1-3 do without
	wall     wallAnalysis
	plans    []plan // the planned mates' candidates (dead_plan.go)
}

var workspaces = sync.Pool{New: func() any { return new(workspace) }}

func getWorkspace() *workspace  { return workspaces.Get().(*workspace) }
func putWorkspace(w *workspace) { workspaces.Put(w) }

// mateLine is the forced moves followed by the first n moves of path.
func (w *workspace) mateLine(n int) []Move {
	k := copy(w.line[:], w.forced[:w.nForced])
	k += copy(w.line[k:], w.path[:n])
	return w.line[:k]
}

// terminal judges a position without legal moves: mate of the loser is a
// mate for the winner; stalemate or the winner mated ends the game without.
func (w *workspace) terminal(q *Position) Verdict {
	if q.turn != w.winner && q.InCheck() {
		return Yes
	}
	return No
}

// playForced plays out the moves of q while the side to move has only one
// (layer 2's first half): a flagged king that must take the last pawn, a
// check with one answer. The game has to pass through those positions, so
// what holds after them holds before. A cycle of forced moves never ends,
// so never in mate.
func (w *workspace) playForced(q *Position) Verdict {
	w.nForced = 0
	ml := &w.plies[0].moves
	for {
		// A mate already on the board comes first: a set-up position may
		// show one that the material rules take for impossible (a double
		// check by two bishops on one square colour, which no move can give).
		q.LegalMoves(ml)
		switch {
		case ml.n == 0:
			return w.terminal(q)
		case q.cannotMateByMaterial(w.winner):
			return No
		case ml.n > 1 || w.nForced == maxForced:
			return Unknown
		}
		key := q.Key()
		for _, k := range w.seen[:w.nForced] {
			if k == key {
				return No
			}
		}
		w.seen[w.nForced], w.forced[w.nForced] = key, ml.moves[0]
		w.nForced++
		q.Play(ml.moves[0])
	}
}

// fast runs layers 1 to 3 for winner c.
func (w *workspace) fast(p *Position, c Color) (Verdict, []Move) {
	w.winner = c
	q := *p
	if v := w.playForced(&q); v != Unknown {
		return v, w.mateLine(0)
	}
	depth := shortDepthFor(&q)
	w.nodes, w.limit = 0, shortNodes
	switch v := w.allDead(&q, 0, depth); v {
	case Yes:
		return Yes, w.mateLine(w.found)
	case No:
		return No, nil
	}
	if w.wallProvesNoMate(&q) {
		return No, nil
	}
	return Unknown, nil
}

// fastProvesNoMate reports whether fast(p, c) would answer No, for a
// caller to whom Yes and Unknown are the same answer (ProvenDeadFast). It
// spares the short search where a cheap line of moves shows that search
// cannot answer No: in BenchmarkStreamCheck, nearly every position asked
// has mobile kings, and the search paid a full move generation at every
// ply of its first line (about 7,000 instructions a call) to learn only
// that.
func (w *workspace) fastProvesNoMate(p *Position, c Color) bool {
	w.winner = c
	q := *p
	// With two legal moves or more and c's material sufficient, playForced
	// answers Unknown and leaves q as it is; two king moves show it without
	// the move generation it starts with.
	if q.legalKingMoves(2) < 2 {
		if v := w.playForced(&q); v != Unknown {
			return v == No
		}
	} else if q.cannotMateByMaterial(c) {
		return true
	}
	depth := shortDepthFor(&q)
	if quietKingLine(q, depth) {
		// allDead answers Yes or Unknown: fast's answer is No only if
		// allDead answers Unknown and the walls prove no mate. The walls
		// rarely do; then the search decides between the two as fast does.
		if !w.wallProvesNoMate(&q) {
			return false
		}
	}
	w.nodes, w.limit = 0, shortNodes
	switch w.allDead(&q, 0, depth) {
	case Yes:
		return false
	case No:
		return true
	}
	return w.wallProvesNoMate(&q)
}

// quietKingLine reports whether the kings can make plies moves in turn,
// each onto an empty square, the side to move first, and leave the side
// then to move such a move too: a line along which allDead (from q, with
// that depth) can never answer No. Proof, when the winner's material suffices in
// q (playForced has seen to it): a king's quiet move changes no material and
// no bishop's square colour, so cannotMateByMaterial stays false all along
// the line; every position on it has a legal move (the next king move, or
// the last one's), so none is terminal; and at the end of the line the depth
// runs out with a legal move left, which allDead answers Unknown. By
// induction back up the line, allDead answers Unknown or Yes at each of its
// positions, since it returns the first answer but No that a move gives
// (or Unknown when its node budget is spent), and the line's move is one of
// the moves it tries. q is a copy: the line is played on it, the kings'
// bitboards moved and the turn passed, which is all quietKingMove reads
// (a third of Play's cost).
func quietKingLine(q Position, plies int) bool {
	for range plies {
		to := q.quietKingMove()
		if to == NoSquare {
			return false
		}
		step := q.Pieces(q.turn, King) | to.Bit()
		q.byColor[q.turn&1] ^= step
		q.byKind[King] ^= step
		q.turn = q.turn.Other()
	}
	return q.quietKingMove() != NoSquare
}

// shortDepthFor is the depth of layer 2's search from q: deeper with
// pawns and bishops only, whose lines are narrow.
func shortDepthFor(q *Position) int {
	if q.ByKind(Knight)|q.ByKind(Rook)|q.ByKind(Queen) == 0 {
		return shortDepthPawnsBishops
	}
	return shortDepth
}

// allDead is layer 2's full-width search: No when every line of depth
// plies ends dead (material layer 1, or a game end that is not the
// winner's mate), Yes at the first mate by the winner it meets, Unknown at
// the first line it leaves open. Lines are cut early, so in a lively
// position it costs a few move generations.
func (w *workspace) allDead(q *Position, ply, depth int) Verdict {
	if q.cannotMateByMaterial(w.winner) {
		return No
	}
	ml := &w.plies[ply].moves
	q.LegalMoves(ml)
	if ml.n == 0 {
		v := w.terminal(q)
		if v == Yes {
			w.found = ply
		}
		return v
	}
	if depth == 0 || w.nodes >= w.limit {
		return Unknown
	}
	w.nodes++
	child := &w.plies[ply].child
	for _, m := range ml.Slice() {
		*child = *q
		child.Play(m)
		w.path[ply] = m
		if v := w.allDead(child, ply+1, depth-1); v != No {
			return v
		}
	}
	return No
}

// full runs layer 4 for winner c after the forced moves: a planned mate
// for a side with minor pieces (dead_plan.go), a breadth-first exhaustion
// of small closed worlds, then the helpmate search under each
// strategy in turn, each with its share of the node budget, then the
// exhaustion again with a larger bound. Yes comes with the mating line; No
// only when a search ran to the end of every line without cutting any.
func (w *workspace) full(p *Position, c Color) (Verdict, []Move) {
	w.winner = c
	q := *p
	if v := w.playForced(&q); v != Unknown {
		return v, w.mateLine(0)
	}
	if w.tt == nil {
		w.tt = new([1 << ttBits]ttEntry)
	}
	if planEnabled && w.planMate(&q) {
		return Yes, w.mateLine(w.found)
	}
	if v := w.exhaust(&q, exhaustFirst); v != Unknown {
		return v, w.mateLine(w.found)
	}
	for _, st := range strategies {
		w.strategy = st
		w.corner, w.approach = mateCorner(&q, c)
		if k := q.King(c.Other()); st.atKing && k != NoSquare {
			w.corner, w.approach = k, k
		}
		w.nodes, w.limit = 0, helpmateNodes*st.share/100
		for depth := 1; depth < maxSearchPly && w.nodes < w.limit; depth++ {
			// A fresh table for every depth: an entry marked complete may
			// rest on an ancestor that was still being searched, which
			// holds only within one pass.
			w.gen++
			found, complete := w.search(&q, 0, depth*costNormal, false)
			if found {
				return Yes, w.mateLine(w.found)
			}
			if complete {
				return No, nil
			}
		}
	}
	if v := w.exhaust(&q, exhaustStates); v != Unknown {
		return v, w.mateLine(w.found)
	}
	return Unknown, nil
}

// strategy is one way of spending the helpmate search's depth. No single
// one finds every mate soon: the position decides whether the loser's king
// should walk to a corner or stay, whether checks are the way or quiet
// moves. Tried in turn, each with its share of the nodes, they find more
// mates than any one with all the nodes (measured on the chasolver test
// positions).
type strategy struct {
	// free: the answer to a move that made progress costs nothing.
	free bool
	// check: the winner's direct checks make progress.
	check bool
	// selective: the loser's moves are narrowed to those near its king and
	// one waiting move (see narrowLoserMoves).
	selective bool
	// atKing: the loser's king is mated where it stands, the winner's king
	// and knights head for it, instead of a corner.
	atKing bool
	// plain: every move costs the same; finds short mates in open
	// positions, where free moves make the tree too wide.
	plain bool
	share int // percent of helpmateNodes
}

var strategies = [...]strategy{
	{free: true, share: 15},
	{plain: true, share: 10},
	{free: true, selective: true, atKing: true, share: 30},
	{free: true, check: true, selective: true, share: 25},
	{share: 15},
	{free: true, check: true, selective: true, atKing: true, share: 15},
}

// helpmateNodes is layer 4's node budget (a variable so that tests can
// lower it).
var helpmateNodes = helpmateNodesDefault
