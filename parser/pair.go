package parser

import (
	"slices"
	"unicode/utf8"
)

// A scoresheet may write a dash with blanks around it inside a long
// algebraic move ("e2 - e4", "Кg1 – f3") or between the moves of White and
// Black ("1. e4 - e5 2. Кf3 - Кc6", "3. Сb5 — a6"). Which one is meant is
// not in the characters. The move numbers say it where one follows: after
// "1. e4 - e5", "2." is the next number when the words are two moves, and
// "1..." would be when they are one. Where no number follows (the game's
// last moves, text without numbers) the words are read as one move, as
// before, and the game lists them in Pairs, so that the replay, the
// legality engine, may read them as two moves when the one move is illegal
// and the two are legal (Game.SplitPair).

// Pair is a move read from two squares or moves around a spaced dash that
// no move number after it read as one move or two: First and Second are
// the moves each word reads as alone (their Raw, Norm, Pos, NAGs and
// Folds; the joined move's NAGs are Second's).
type Pair struct {
	Move          int32 // index in Game.Moves of the move read from both words
	First, Second Move
}

// dashPairAt returns where the lone dash between the two words of the move
// word s[:j] stands (s[d0:d1]) and where the second word starts (k), when
// the first word ends at j0 and the move is those two words around one
// dash, with blanks on both sides; k is -1 otherwise.
func dashPairAt(s []byte, j0, j int) (d0, d1, k int) {
	d0 = skipBlanks(s, j0)
	if d0 == j0 || d0 >= j {
		return 0, 0, -1
	}
	r, size := utf8.DecodeRune(s[d0:])
	if !isDashRune(r) {
		return 0, 0, -1
	}
	d1 = d0 + size
	k = skipBlanks(s, d1)
	if k == d1 || k >= j || scanWord(s, k) != j {
		return 0, 0, -1
	}
	return d0, d1, k
}

// spacedPair adds the move src[i:e] that join made of the word src[i:j0],
// a lone dash src[d0:d1] and the word src[k:e] (norm ... folds are what
// normalize made of it): as one move, as two moves when the number after
// it says so (the dash is then read as the word it is: nothing in
// scoresheet text, unexpected text in PGN, as in "Nf3 - Nc6"), or as one
// move listed in Game.Pairs when no number says.
func (p *Parser) spacedPair(i, j0, d0, d1, k, e int, norm []byte, nags [2]uint8, sc Scripts, folds Folds) {
	split := p.pairSplit(e)
	if split < 0 {
		p.addMove(i, e, norm, false, nags, sc)
		p.setFolds(i, e, folds)
		return
	}
	// normalize reuses its buffer: keep each form read until all are.
	buf := append(p.pairBuf[:0], norm...)
	nj := len(buf)
	e0 := p.trimPunct(i, j0)
	na, sameA, kindA, nagsA, scA, foldsA := p.normalize(p.src[i:e0])
	if kindA == kindMove {
		buf = append(buf, na...)
	}
	na0 := nj
	nb, sameB, kindB, nagsB, scB, foldsB := p.normalize(p.src[k:e])
	p.pairBuf = buf
	norm, na = buf[:nj], buf[na0:]
	if kindA != kindMove || kindB != kindMove {
		p.addMove(i, e, norm, false, nags, sc)
		p.setFolds(i, e, folds)
		return
	}
	if sameA {
		na = p.src[i:e0]
	}
	if split > 0 {
		p.addMove(i, e0, na, sameA, nagsA, scA)
		p.setFolds(i, e0, foldsA)
		p.prose(d0, d1)
		p.addMove(k, e, nb, sameB, nagsB, scB)
		p.setFolds(k, e, foldsB)
		return
	}
	p.addMove(i, e, norm, false, nags, sc)
	p.setFolds(i, e, folds)
	idx := len(p.g.Moves) - 1
	if idx < 0 || p.g.Moves[idx].Raw != p.span(i, e) {
		return // not kept (too many moves, an aside of a main-line reading)
	}
	half := func(a, b int, norm []byte, same bool, nags [2]uint8, f Folds) Move {
		m := Move{Raw: p.span(a, b), Pos: p.posAt(a), NAGs: nags, Folds: f, Clock: -1, EMT: -1}
		m.Norm = m.Raw
		if !same {
			m.Norm = p.extraSpan(norm)
		}
		return m
	}
	if (foldsA|foldsB)&FoldCapitalFile != 0 {
		p.g.Has |= HasCapitalFile // SplitPair may give the move a half's folds
	}
	p.g.Pairs = append(p.g.Pairs, Pair{Move: int32(idx),
		First:  half(i, e0, na, sameA, nagsA, foldsA),
		Second: half(k, e, nb, sameB, nagsB, foldsB)})
}

// pairSplit says what the move number right after src offset j makes of a
// move written as two words around a spaced dash: 1 two moves, -1 one
// move, 0 nothing (no number follows, or it fits neither reading).
func (p *Parser) pairSplit(j int) int {
	ply := p.pairPly()
	next := p.numberPlyAt(j)
	switch {
	case ply == 0 || next == 0:
		return 0
	case next == ply+1:
		return -1
	case next == ply+2:
		return 1
	}
	return 0
}

// pairPly is the ply the move being read takes, as addMove will place it
// (0 when that is not plain: after a word that took a move's turn).
func (p *Parser) pairPly() int32 {
	switch {
	case p.pend.ok:
		return p.pend.ply()
	case p.lost != 0:
		return 0
	case p.fr.cur >= 0 || p.firstPly > 0:
		return p.plyOf(p.fr.cur) + 1
	}
	if ply := p.fenStartPly(); ply > 0 {
		return ply
	}
	return 1
}

// numberPlyAt returns the ply of the move number that is the next word
// after src offset j ("2." is ply 3, "2..." and "2…" ply 4, "12" without a
// dot as a scoresheet writes it ply 23), or 0 when the next word is none.
func (p *Parser) numberPlyAt(j int) int32 {
	s := p.src
	for j < len(s) && isSpaceByte(s[j]) {
		j++
	}
	d := j
	for j < len(s) && j-d < 4 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == d || s[d] == '0' {
		return 0
	}
	num := int32(atoi(s[d:j]))
	dots := 0
	for j < len(s) {
		switch {
		case s[j] == '.':
			dots++
			j++
			continue
		case isEllipsis(s[j:]):
			dots += 3
			j += 3
			continue
		}
		break
	}
	if j < len(s) && dots == 0 && !isSpaceByte(s[j]) {
		return 0 // "1-0", "12th"
	}
	if dots >= 2 {
		return 2 * num
	}
	return 2*num - 1
}

// SplitPair reads the move of Pairs[k] as the two moves it may also be:
// the move becomes First, Second follows it (with the move's comments,
// clock and what comes after it), and the moves after shift by one. The
// replay calls it when the one move is illegal and the two are legal, so
// that the game holds the moves as replayed.
func (g *Game) SplitPair(k int) {
	pr := g.Pairs[k]
	g.Pairs = slices.Delete(g.Pairs, k, k+1)
	idx := pr.Move
	if idx < 0 || int(idx) >= len(g.Moves) {
		return
	}
	m := g.Moves[idx]
	a, b := m, m
	a.Raw, a.Norm, a.Parts, a.Pos, a.NAGs, a.Folds = pr.First.Raw, pr.First.Norm, pr.First.Parts, pr.First.Pos, pr.First.NAGs, pr.First.Folds
	a.Comment, a.Clock, a.EMT, a.Eval, a.EvalMate, a.HasEval, a.ClockUnread = Span{}, -1, -1, 0, 0, false, false
	b.Raw, b.Norm, b.Parts, b.Pos, b.NAGs, b.Folds = pr.Second.Raw, pr.Second.Norm, pr.Second.Parts, pr.Second.Pos, pr.Second.NAGs, pr.Second.Folds
	b.Number, b.Prev, b.Gap = 0, idx, 0
	for i := range g.Moves {
		switch prev := &g.Moves[i].Prev; {
		case *prev > idx:
			*prev++
		case *prev == idx && int32(i) != idx:
			*prev = idx + 1 // played after the pair: after its second move
		}
	}
	g.Moves[idx] = a
	g.Moves = slices.Insert(g.Moves, int(idx)+1, b)
	for i := range g.Pairs {
		if g.Pairs[i].Move > idx {
			g.Pairs[i].Move++
		}
	}
	for i := range g.UnreadClocks {
		if g.UnreadClocks[i].Move >= idx {
			g.UnreadClocks[i].Move++ // the comments went with the second move
		}
	}
}
