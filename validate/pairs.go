package validate

import (
	"slices"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
)

// splitPairs reads as two moves a move of the main line written as two
// words around a spaced dash ("3. Сb5 — a6": parser.Pair) at which the
// replay stopped, when the two moves are legal there: the characters do
// not say whether "Сb5 — a6" is a bishop going from b5 to a6 or a move of
// each side, and NOTATION.md leaves such choices to the legality engine.
// The game then holds the two moves (parser.Game.SplitPair), and the main
// line is replayed again.
func (c *Checker) splitPairs() {
	g := c.g
	for c.line.failed && !c.line.gap && len(g.Pairs) > 0 {
		k := slices.IndexFunc(g.Pairs, func(pr parser.Pair) bool { return pr.Move == c.line.failIdx })
		if k < 0 || !c.pairPlays(&g.Pairs[k]) {
			return
		}
		g.SplitPair(k)
		c.main = c.mainLine(g)
		c.replayMainLine()
	}
}

// pairPlays says whether the two moves of pr are legal one after the other
// where the main line reaches the move they were read as, under the letter
// set the main line was replayed with.
func (c *Checker) pairPlays(pr *parser.Pair) bool {
	s := c.line.letters
	p := c.start
	for _, idx := range c.main {
		if idx == pr.Move {
			return playMove(&p, c.g, &pr.First, s) && playMove(&p, c.g, &pr.Second, s)
		}
		m := &c.g.Moves[idx]
		if m.Gap != 0 && !gapPlayable(&p, c.g, idx, s) || !playMove(&p, c.g, m, s) {
			return false
		}
	}
	return false
}

// playMove plays m, a move of g, in p, and says whether it could.
func playMove(p *replay.Position, g *parser.Game, m *parser.Move, s replay.LetterSet) bool {
	n, mv, ok := readMove(p, g.Bytes(m.Norm), m.Folds, s)
	switch {
	case !ok:
	case n.Null:
		p.PlayNull()
	default:
		p.Play(mv)
	}
	return ok
}
