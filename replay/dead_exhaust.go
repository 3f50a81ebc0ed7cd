package replay

// exhaust explores every position reachable from q, breadth first, up to
// maxStates distinct positions: the exact answer for small closed worlds
// (kings shut in by pawns, pieces that cannot get out), where the helpmate
// search goes round in circles. A position where the winner cannot mate by
// material (layer 1) is not expanded. Yes comes with the line to the first
// mate found, No when the positions ran out before the bound.

type exhaustState struct {
	parent int32 // index of the position this one was reached from, -1 for q
	move   Move  // the move from there
}

type exhaustTables struct {
	states    []exhaustState
	slots     []int32 // open addressing: index into states + 1, 0 when free
	keys      []uint64
	cur, next []Position
	curIdx    []int32
	nextIdx   []int32
}

func (w *workspace) exhaust(q *Position, maxStates int) Verdict {
	if w.ex == nil {
		w.ex = &exhaustTables{
			slots: make([]int32, 1<<16),
			keys:  make([]uint64, 1<<16),
		}
	}
	ex := w.ex
	clear(ex.slots)
	ex.states = ex.states[:0]
	ex.cur, ex.curIdx = append(ex.cur[:0], *q), append(ex.curIdx[:0], 0)
	ex.states = append(ex.states, exhaustState{parent: -1})
	ex.insert(q.Key(), 0)
	ml := &w.plies[0].moves
	for len(ex.cur) > 0 {
		ex.next, ex.nextIdx = ex.next[:0], ex.nextIdx[:0]
		for i := range ex.cur {
			p := &ex.cur[i]
			p.LegalMoves(ml)
			if ml.n == 0 {
				if w.terminal(p) == Yes {
					w.exhaustLine(ex.curIdx[i])
					return Yes
				}
				continue
			}
			if p.cannotMateByMaterial(w.winner) {
				continue
			}
			for _, m := range ml.Slice() {
				child := *p
				child.Play(m)
				key := child.Key()
				if ex.has(key) {
					continue
				}
				if len(ex.states) >= maxStates {
					return Unknown
				}
				idx := int32(len(ex.states))
				ex.states = append(ex.states, exhaustState{parent: ex.curIdx[i], move: m})
				ex.insert(key, idx)
				ex.next, ex.nextIdx = append(ex.next, child), append(ex.nextIdx, idx)
			}
		}
		ex.cur, ex.next = ex.next, ex.cur
		ex.curIdx, ex.nextIdx = ex.nextIdx, ex.curIdx
	}
	return No
}

// exhaustLine writes the moves that lead to state idx into w.path.
func (w *workspace) exhaustLine(idx int32) {
	n := 0
	for i := idx; w.ex.states[i].parent >= 0; i = w.ex.states[i].parent {
		n++
	}
	if n > maxLine {
		n = 0 // too long to report; the verdict stands
		w.found = 0
		return
	}
	w.found = n
	for i := idx; w.ex.states[i].parent >= 0; i = w.ex.states[i].parent {
		n--
		w.path[n] = w.ex.states[i].move
	}
}

func (ex *exhaustTables) has(key uint64) bool {
	mask := uint64(len(ex.slots) - 1)
	for h := key & mask; ; h = (h + 1) & mask {
		if ex.slots[h] == 0 {
			return false
		}
		if ex.keys[h] == key {
			return true
		}
	}
}

func (ex *exhaustTables) insert(key uint64, idx int32) {
	mask := uint64(len(ex.slots) - 1)
	h := key & mask
	for ex.slots[h] != 0 {
		h = (h + 1) & mask
	}
	ex.slots[h], ex.keys[h] = idx+1, key
}
