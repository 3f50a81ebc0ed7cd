package parser

import (
	"bytes"
	"fmt"
)

// addMove records the move src[i:e].
func (p *Parser) addMove(i, e int, norm []byte, same bool, nags [2]uint8, sc Scripts) {
	if p.text && !p.lastWasMove {
		if (p.pend.ok || p.threat.on) && p.threatMove(i, e) {
			// "ameaçando 12.Bxf6 gxf6 13.Dh6": a line not played
			return
		}
		if p.namedInProse(i, e) {
			// "отскоком коня на е8", "с угрозой Лe1": the sentence's word
			p.prose(i, e)
			p.namedEnd = e
			return
		}
	}
	numbered := p.pend.ok
	var ply int32
	if numbered {
		ply = 2*p.pend.num - 1
		if p.pend.dots >= 2 {
			ply++
		}
	}
	if p.ended && numbered && p.leftColumnGoesOn(ply) {
		// The result stood in the right column of a two-column sheet,
		// whose left column goes on below it: readColumns orders them.
		p.ended = false
		p.fileHeld()
	}
	if p.proseFrom >= 0 && p.wordRes.res != "" && p.afterResultWords(i, e, numbered, ply) {
		return
	}
	// A move after the result, or a white move numbered back to (or before)
	// the game's first move, begins the next game.
	if p.ended || numbered && p.numberedBack(ply) {
		p.splitBefore(i, numbered) // with proseFrom as the game ended, for its ResultPos
	}
	if p.proseFrom >= 0 {
		p.proseGoesOn(i)
	}
	p.inProse = false
	if numbered && p.blackFirst {
		p.blackFirst = false
		p.numberFirstMoves(ply)
	}
	g := &p.g
	if len(g.Moves) >= p.opt.MaxMoves {
		p.tooManyMoves(i)
		return
	}
	fr := &p.fr
	expected := p.plyAfter(fr.cur, ply)
	if p.opt.NoVariations && !fr.onSpine {
		expected = p.asidePly + 1
	}
	var gap uint16
	if !numbered {
		ply = expected
		if p.lost != 0 {
			// The unreadable word before it took this turn.
			ply, gap = expected+1, p.lost
		}
	}
	p.lost = 0
	prev, depth := fr.cur, p.lineDepth()
	switch {
	case !numbered:
	case p.text && !fr.onSpine && ply == p.plyOf(fr.spine)+1 && p.numberOpensLine():
		// Text returns from an aside to the line as written: "лучше 3...
		// е5:d4.", then "4. d4:e5" on a line of its own, continues after
		// 3... Сg4, not after the aside. Where the number also continues
		// the aside, only its place tells: a book sets its moves at the
		// start of a line and the asides in the sentences of its notes,
		// whose numbers go on with the aside ("играя 24. ... Сa4! 25. Фd2
		// Кe4", "Ошибочно 11. ... e5 из-за потери пешки после 12. de").
		prev, depth = fr.spine, fr.depth
	case !p.text && ply == expected-1 && p.takeBackLostTurn(prev):
		// The number fits once the unreadable word before it gives up the
		// turn it was lent: "2. Nf3 R1 Nc6 3. Bb5".
	case ply == expected:
		p.slipIdx = -1 // the numbers follow the one that slipped
	case p.backOnCount(ply, prev):
		// The count before a slip of one number goes on: the slip was
		// reported, and this number fits the moves.
		p.slipIdx = -1
	case ply != expected:
		if p.text {
			prev, depth, gap = p.branch(ply, expected)
		} else if placed := p.placedAfter(prev); ply > placed && (ply-placed)&1 == 1 {
			gap = p.missing(ply, placed)
		} else {
			if prev >= 0 && ply == p.plyOf(prev) && g.Moves[prev].Gap == 0 &&
				(g.Moves[prev].Number == p.pend.num || g.Moves[prev].Number == 0 && p.nextNumberIs(e, ply+2)) {
				// The number of the move before, written again ("2. Nf3
				// 2.Nc6"): the move is the one expected, as an arbiter
				// reads the sheet, and the numbers after it count on from
				// it, not from the slip, which "3. Bb5" would otherwise be
				// reported against too. Nothing is missing, so it is a
				// notation, not a syntax error; a move that is not the
				// expected side's is still the replay's illegal move. A
				// number one ply behind after an unnumbered move ("1.. e4
				// e5 2. Nf3") may be the first of a line of numbers
				// shifted so, which are followed as written, unless the
				// number right after the move counts on from the move
				// expected ("O-O 10. Nf6 11. Bd3": White's move unnumbered).
				p.renumbered(prev, ply, expected, i, e)
				ply = expected
			} else {
				p.problemAt(p.pendPos(), fmt.Sprintf("move number %s where %s was expected", plyLabel(ply), plyLabel(expected)))
				if len(p.stack) == 0 {
					p.slipIdx, p.slipPly = int32(len(g.Moves)), expected
				}
			}
		}
	}
	if depth > 0 && p.opt.NoVariations {
		// an aside of scoresheet text, which a main-line reading skips
		fr.onSpine = false
		p.asidePly = ply
		p.pend = pending{}
		p.lastWasMove = true
		return
	}
	idx := int32(len(g.Moves))
	g.Moves = append(g.Moves, Move{})
	m := &g.Moves[idx]
	raw := p.span(i, e)
	m.Raw = raw
	m.Pos = p.posAt(i)
	m.Prev, m.Depth, m.NAGs = prev, depth, nags
	if depth != 0 {
		p.g.Has |= HasVariations
	}
	m.Clock, m.EMT = -1, -1
	if numbered {
		m.Number = p.pend.num
	}
	if gap != 0 {
		m.Gap = gap
		g.Has |= HasGap
		p.gapMoves++
	}
	if same {
		m.Norm = raw
	} else {
		m.Norm = p.extraSpan(norm)
	}
	p.plies = append(p.plies, ply)
	fr.cur = idx
	fr.onSpine = depth == fr.depth
	if fr.onSpine {
		fr.spine = idx
	}
	if len(p.stack) == 0 && p.firstPly == 0 {
		p.firstPly = ply
		g.FirstPly = ply
		p.blackFirst = p.text && !numbered && ellipsisBefore(p.src, i)
	}
	g.Scripts |= sc
	p.pend = pending{}
	p.lastWasMove = true
}

// numberOpensLine says whether the pending move number stands first on its
// line, after blanks alone.
func (p *Parser) numberOpensLine() bool {
	for k := p.pend.start - 1; k >= 0; k-- {
		switch p.src[k] {
		case ' ', '\t':
		case '\n', '\r':
			return true
		default:
			return false
		}
	}
	return true
}

// numberedBack says whether a move numbered ply, White's, is numbered back
// to (or before) the first move of the game being read, outside its
// variations: the first move of the next game.
func (p *Parser) numberedBack(ply int32) bool {
	return ply <= p.firstPly && len(p.stack) == 0 && p.pend.dots < 2 && (ply == 1 || !p.firstFromFEN)
}

// afterResultWords reads the move src[i:e] of scoresheet text that follows
// a result in words (Parser.wordRes): the words ended the game, so a move
// on their line is part of the sentence they stand in, the analysis that
// says why ("23. Лg8++ Черные сдались ввиду неизбежного мата после 23…
// Кр:g8 24. Лe8+ Лf8 25. Л:f8#"), and is kept as prose (a remark, which
// the game's end files as the last move's comment); it reports true then.
// A move on a later line begins the next game, as one after a result
// marker does, and so does a move numbered back to the game's first; a
// result in parentheses ("(1-0)") and the words in PGN are left to
// proseGoesOn, for which a move after them made them a remark.
//
//go:noinline
func (p *Parser) afterResultWords(i, e int, numbered bool, ply int32) bool {
	w := &p.wordRes
	if !p.text || w.paren || numbered && p.numberedBack(ply) {
		return false
	}
	line := p.line
	if numbered {
		line = p.pend.line
	}
	if line > w.pos.Line {
		p.splitBefore(i, numbered)
		return false
	}
	p.pend = pending{}
	p.lost = 0
	p.lastWasMove = false
	p.remark(i, e)
	return true
}

// leftColumnGoesOn says whether a White move numbered ply, read after the
// game's result, is the left column of a scoresheet in two columns going
// on below the line where the right column ended with the result (a line
// "9. Сc1-g5 b7-b5      1:0" under "8. Кb1-c3 c7-c6      17. Лd1-d8х",
// and "10. Кc3:b5 c6:b5" below it). The result's line opens with a left
// pair, the move is numbered one more than that pair and stands on a line
// below, and a number of the game disagrees with the moves before it (the
// jump from the left column to the right one). readColumns then orders
// the moves or, when the sheet is no two-column one after all, reports its
// numbers once (columnsOutOfOrder), as it would have without the result.
func (p *Parser) leftColumnGoesOn(ply int32) bool {
	g := &p.g
	line := g.ResultPos.Line
	if len(p.stack) > 0 || p.pend.dots >= 2 || p.pend.line <= line || p.wordRes.res != "" {
		return false
	}
	first := len(g.Moves)
	for first > 0 && g.Moves[first-1].Pos.Line == line {
		first--
	}
	if first == len(g.Moves) || first == 0 {
		return false // no move on the result's line, or no line above it
	}
	if num := g.Moves[first].Number; num <= 0 || p.plies[first] != 2*num-1 || ply != 2*num+1 {
		return false
	}
	for i := range g.Problems {
		if isNumberProblem(g.Problems[i].Message) {
			return true
		}
	}
	return false
}

// splitBefore ends the game before the move at src offset i: at its move
// number, unless something was filed into the old game after the number
// ("1. {note} e4"); the number goes on to the new game. A game with tags cut
// this way, without a result, gets a Problem.
//
//go:noinline
func (p *Parser) splitBefore(i int, numbered bool) {
	at, pos := i, p.posAt(i)
	if numbered && p.pend.events == p.events {
		at, pos = p.pend.start, p.pendPos()
	}
	if p.g.Result == "" && !p.text { // not p.ended: a left column may have gone on after it (leftColumnGoesOn)
		// The split keeps the restart readable, but a game with tags that
		// stops without a result is a syntax error in PGN: say so, on the
		// game that was cut, at the place where it was cut.
		p.problemAt(pos, fmt.Sprintf("the game ends without a result: move %s at line %d begins a new game", plyLabel(p.pend.ply()), pos.Line))
	}
	pend := p.pend
	p.splitGame(at, pos)
	p.pend = pend
	p.pend.start, p.pend.line, p.pend.lineAt = at, pos.Line, pos.Offset-int64(pos.Col-1)
}

//go:noinline
func (p *Parser) tooManyMoves(i int) {
	if p.once(saidTooMany) {
		p.problem(i, fmt.Sprintf("more than %d moves: the rest are not kept", p.opt.MaxMoves))
	}
	p.pend = pending{}
	p.lastWasMove = true
}

// plyOf returns the ply of move idx, or for -1 the ply before the first move.
func (p *Parser) plyOf(idx int32) int32 {
	if idx >= 0 {
		return p.plies[idx]
	}
	if p.firstPly > 0 {
		return p.firstPly - 1
	}
	return 0
}

// backOnCount says whether a main-line move numbered ply, after move prev,
// fits the count the moves had before the last slip of a number
// (slipIdx), counted on over the moves since: "9. Ke3" written for 59.,
// then "60. Kd4".
func (p *Parser) backOnCount(ply, prev int32) bool {
	if p.slipIdx < 0 || p.text || len(p.stack) > 0 || prev < p.slipIdx {
		return false
	}
	return ply == p.slipPly+p.plyOf(prev)-p.plyOf(p.slipIdx)+1
}

// plyAfter returns the ply a move after move idx has; numberedPly is the
// ply written for it (0 when unnumbered), used for a game's first move.
func (p *Parser) plyAfter(idx int32, numberedPly int32) int32 {
	if idx < 0 && p.firstPly == 0 {
		if numberedPly > 0 {
			return numberedPly
		}
		if ply := p.fenStartPly(); ply > 0 {
			p.firstFromFEN = true
			return ply
		}
		return 1
	}
	return p.plyOf(idx) + 1
}

// fenStartPly is the ply of the first move of the position the game's FEN
// tag sets up (2N-1 for White's move N, 2N for Black's), or 0 without a
// readable one: an unnumbered first move ("…а6", "a6") takes it.
func (p *Parser) fenStartPly() int32 {
	for k := range p.tagRefs {
		if p.g.Tags[k].Name != "FEN" { // interned: no other name reads "FEN" here
			continue
		}
		r := &p.tagRefs[k]
		fields := bytes.Fields(p.tagBuf[r.valOff : r.valOff+r.valLen])
		if len(fields) < 2 || len(fields[1]) != 1 {
			return 0
		}
		n := int32(1)
		if len(fields) >= 6 && len(fields[5]) <= 9 {
			if v := atoi(fields[5]); v > 0 {
				n = int32(v)
			}
		}
		switch fields[1][0] {
		case 'w':
			return 2*n - 1
		case 'b':
			return 2 * n
		}
		return 0
	}
	return 0
}

// branch places a move of scoresheet text whose number does not follow the
// line being read: text gives alternatives by repeating a move number
// ("6. Фd1—f3! ... после 6. … Kc6 7. Ф:с6+ или 6. ... Сb7"), so the move
// hangs after the move before that number on the line as written, or
// returns to that line when the number continues it.
func (p *Parser) branch(ply, expected int32) (prev int32, depth int16, gap uint16) {
	fr := &p.fr
	if !fr.onSpine && !p.numberOpensLine() {
		// In the sentence of an aside, a number that repeats one of the
		// aside's is an alternative within it ("после 28. Кg5! с угрозой
		// Сc6 или после 28. d4"), before it is one of the line as written.
		if a := p.asideAnchor(ply); a >= 0 {
			return a, p.g.Moves[a].Depth + 1, 0
		}
	}
	spinePly := p.plyOf(fr.spine)
	if ply == spinePly+1 {
		return fr.spine, fr.depth, 0
	}
	if ply <= spinePly {
		for a := fr.spine; a >= 0; a = p.g.Moves[a].Prev {
			if p.plies[a] == ply-1 {
				return a, fr.depth + 1, 0
			}
			if p.plies[a] < ply-1 {
				break
			}
		}
		if ply == p.firstPly {
			return -1, fr.depth + 1, 0
		}
	}
	if a := p.asideAnchor(ply); a >= 0 {
		return a, p.g.Moves[a].Depth + 1, 0
	}
	switch placed := p.placedAfter(fr.cur); {
	case ply > placed && (ply-placed)&1 == 1:
		gap = p.missing(ply, placed)
	case ply > expected:
		p.problemAt(p.pendPos(), fmt.Sprintf("move number %s where %s was expected: moves are missing", plyLabel(ply), plyLabel(expected)))
	default:
		p.problemAt(p.pendPos(), fmt.Sprintf("move number %s does not fit the moves before it", plyLabel(ply)))
	}
	return fr.cur, p.lineDepth(), gap
}

// asideAnchor returns the move of the aside being read (scoresheet text off
// the line as written) that a move of ply follows, so that the move is an
// alternative within the aside ("Нельзя 7... Се7? из-за 8. С:е7" after the
// aside's 7... Фа5+); -1 when the aside has none, or none is being read.
func (p *Parser) asideAnchor(ply int32) int32 {
	fr := &p.fr
	if fr.onSpine {
		return -1
	}
	for a := fr.cur; a >= 0 && p.g.Moves[a].Depth > fr.depth; a = p.g.Moves[a].Prev {
		if p.plies[a] == ply-1 {
			return a
		}
	}
	return -1
}

// takeBackLostTurn reads a move number one ply behind the line it continues
// as the sign that the unreadable word which took a move's turn on that line
// (Parser.lost) was no move at all: a stray mark on the scoresheet ("R1",
// "Bb5TN") rather than a move written wrong. Nothing else places both
// readings apart: the word took the turn only because it looked like a move,
// and the number after it is the writer's own count. The move that the word
// pushed to the other side (its Gap) gets its turn back, with every move
// after it, and the word's problem says why it is skipped; the number then
// fits, so that the word costs one finding, not a second one at the number.
// It reports false, changing nothing, when no such move lies on the line
// since its last number: a number in between already counted the word as a
// move ("12. Qxx7 Nxc3 13. Bb2" keeps it).
//
// Scoresheet text is left alone: there only a word that looks like a move
// takes a turn, and a number one behind is an alternative (branch).
//
//go:noinline
func (p *Parser) takeBackLostTurn(prev int32) bool {
	moves := p.g.Moves
	if len(p.plies) != len(moves) {
		return false
	}
	at := prev
	for ; at >= 0; at = moves[at].Prev {
		m := &moves[at]
		if m.Number != 0 {
			return false
		}
		if m.Gap != 0 {
			break // unnumbered: the word before it took its turn
		}
	}
	if at < 0 {
		return false
	}
	m := &moves[at]
	if k := int(m.Gap) - 1; m.Gap != GapUnlinked && k < len(p.g.Problems) {
		p.g.Problems[k].Message += ": skipped, as the move numbers around it leave it no move's turn"
	}
	m.Gap = 0
	if p.gapMoves--; p.gapMoves == 0 {
		p.g.Has &^= HasGap
	}
	// The moves after it, in its line and in the lines that branch from
	// them, move one ply back. Moves come in source order, each after the
	// one it follows; this is rare enough to pay for its marks.
	after := make([]bool, len(moves)-int(at))
	after[0] = true
	p.plies[at]--
	for j := at + 1; j < int32(len(moves)); j++ {
		if q := moves[j].Prev; q >= at && after[q-at] {
			after[j-at] = true
			p.plies[j]--
		}
	}
	p.placedIdx = -1 // its count ran through the gap
	return true
}

// placedAfter is the ply the replay gives a move after move idx, in the
// numbers' count: one more a move along Prev from the first move's ply,
// whatever was written. It differs from plyAfter after a number behind the
// line ("10. O-O-O 10. Nf6"), which keeps its written ply so that the next
// number ("11. Bxa7") is one problem at most, while the replay plays the
// move where the line had reached. Asked only of a number that does not fit
// (rare), it walks Prev back to the move last asked about, when that one is
// on the way, or to a move with a Gap, so that a game full of such numbers
// costs no more than a walk along it.
func (p *Parser) placedAfter(idx int32) int32 {
	n, base := int32(0), p.firstPly-1
	if fp := p.fenStartPly(); fp > 0 {
		// The replay plays the first move for the side the FEN puts to
		// move, whatever its number says ("40. Kd7" with Black to move).
		base = fp - 1
	}
	for a := idx; a >= 0; a = p.g.Moves[a].Prev {
		if a == p.placedIdx {
			base = p.placedPly
			break
		}
		if p.g.Moves[a].Gap != 0 {
			// The replay stops there; the numbers after it count from it
			// as written.
			base = p.plies[a]
			break
		}
		n++
	}
	if idx >= 0 {
		p.placedIdx, p.placedPly = idx, base+n
	}
	return base + n + 1
}

// missing reports a move number that gives its move to the other side than
// the one to move (an odd number of plies is missing before it), and
// returns the Move.Gap that links the move to the report. A whole number of
// moves missing keeps the side, and the move is replayed after the gap as
// written; this one cannot be.
func (p *Parser) missing(ply, expected int32) uint16 {
	what := "a move is"
	if n := ply - expected; n > 1 {
		what = fmt.Sprintf("%d moves are", n)
	}
	link := p.problemLink()
	p.problemAt(p.pendPos(), fmt.Sprintf("move number %s where %s was expected: %s missing before it", plyLabel(ply), plyLabel(expected), what))
	return link
}

// nextNumberIs says whether the next word after src offset e, past blanks,
// comments in braces and NAGs, is the move number of ply, White's ("11.")
// or Black's ("11..."), with one dot for White's.
//
//go:noinline
func (p *Parser) nextNumberIs(e int, ply int32) bool {
	s := p.src
	k := e
	for k < len(s) {
		switch c := s[k]; {
		case isSpaceByte(c) || c == '!' || c == '?':
			k++
		case c == '{':
			end := bytes.IndexByte(s[k:], '}')
			if end < 0 {
				return false
			}
			k += end + 1
		case c == '$':
			k++
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
		default:
			j := k
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			dots := 0
			for j < len(s) && s[j] == '.' {
				j++
				dots++
			}
			if j == k || dots == 0 || j-dots-k > 4 {
				return false
			}
			n := int32(atoi(s[k : j-dots]))
			return ply == 2*n-1 && dots == 1 || ply == 2*n && dots >= 2
		}
	}
	return false
}

// renumbered notes the number ply of the move prev written again for the
// move src[i:e], which is read as the move expected.
func (p *Parser) renumbered(prev, ply, expected int32, i, e int) {
	g := &p.g
	if len(g.Renumbered) >= p.opt.MaxProblems {
		return
	}
	again := "written again"
	if g.Moves[prev].Number == 0 {
		again = "written for the next move" // the move before had none: "O-O 10. Nf6"
	}
	msg := fmt.Sprintf("move number %s %s after %s %s: read as %s %s",
		plyLabel(ply), again, plyLabel(ply), p.spanBytes(g.Moves[prev].Raw), plyLabel(expected), p.src[i:e])
	g.Renumbered = append(g.Renumbered, Problem{Pos: p.pendPos(), Message: msg})
}

// plyLabel writes a ply as a move number: 23 is "12.", 24 is "12...".
func plyLabel(ply int32) string {
	if ply%2 == 1 {
		return fmt.Sprintf("%d.", (ply+1)/2)
	}
	return fmt.Sprintf("%d...", ply/2)
}

// ellipsisBefore says whether an ellipsis of its own stands right before
// the move at src offset i, past blanks and the bars of a table's cells
// ("... dxc6", "...dxc6", "... |\ndxc6"): the mark of Black's move whose
// number is not written.
func ellipsisBefore(src []byte, i int) bool {
	k := i
	for k > 0 && (isSpaceByte(src[k-1]) || src[k-1] == '|') {
		k--
	}
	switch {
	case k >= 3 && string(src[k-3:k]) == "...":
		k -= 3
	case k >= 3 && isEllipsis(src[k-3:k]):
		k -= 3
	default:
		return false
	}
	return k == 0 || isSpaceByte(src[k-1]) || src[k-1] == '|'
}

// numberFirstMoves numbers the game's first moves, written without numbers
// and the first of them as Black's (Parser.blackFirst), from the first
// number after them, that of the move numbered ply: a page or a table that
// starts at Black's reply ("... | dxc6 | 5. h3", "... dxc6 | La alternativa
// 4. ... bxc6") continues them with it, or names the last of them again
// for an alternative, whichever gives the first move to Black. A game so
// begun after move 1... is a fragment (Game.FirstPly), which the numbers
// tell apart from a game that lacks its first moves; one that begins at
// 1... keeps its numbers as read.
func (p *Parser) numberFirstMoves(ply int32) {
	g := &p.g
	n := int32(len(g.Moves))
	if n == 0 || len(p.stack) > 0 || g.Has&(HasVariations|HasGap) != 0 {
		return
	}
	first := ply - n
	if first%2 == 1 {
		first++
	}
	if first <= 2 {
		return
	}
	shift := first - p.firstPly
	for k := range p.plies {
		p.plies[k] += shift
	}
	p.firstPly, g.FirstPly = first, first
	p.placedIdx = -1
}
