package validate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/replay"
)

// TestSideLinesMatchTheTreeWalk: the counts, line starts and plies read off
// sideLines give, for every move of games with nested variations, what
// walking the move tree from that move gives (the walks below, which the
// checker made for each finding before).
func TestSideLinesMatchTheTreeWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 7))
	words := []string{"e4", "d4", "Nf3", "c4", "e5", "Nc6", "d5", "g3"}
	var line func(b *strings.Builder, depth int)
	line = func(b *strings.Builder, depth int) {
		for range 1 + rng.IntN(6) {
			b.WriteString(words[rng.IntN(len(words))] + " ")
			for depth < 4 && rng.IntN(3) == 0 {
				b.WriteString("( ")
				line(b, depth+1)
				b.WriteString(") ")
			}
		}
	}
	checked := 0
	for range 200 {
		var b strings.Builder
		b.WriteString("[Event \"x\"]\n\n")
		line(&b, 0)
		b.WriteString("*\n")
		var c Checker
		c.start = replay.StartPosition()
		err := parser.ReadGames(strings.NewReader(b.String()), parser.Options{}, func(g *parser.Game) {
			c.g, c.side.built = g, false
			for i := range g.Moves {
				if got, want := c.movesAfter(i), walkMovesAfter(g, i); got != want {
					t.Errorf("%q move %d: %d moves after, the walk %d", b.String(), i, got, want)
				}
				if g.Moves[i].Depth == 0 {
					continue
				}
				if got, want := c.variationPath(int32(i)), walkVariationPath(&c, int32(i)); got != want {
					t.Errorf("%q move %d: path %q, the walk %q", b.String(), i, got, want)
				}
				checked++
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 1000 {
		t.Errorf("only %d moves in side lines", checked)
	}
}

// walkMovesAfter marks the moves that follow move i, one pass from it.
func walkMovesAfter(g *parser.Game, i int) int {
	follows := make([]bool, len(g.Moves))
	follows[i] = true
	n := 0
	for j := i + 1; j < len(g.Moves); j++ {
		if p := g.Moves[j].Prev; p >= 0 && follows[p] {
			follows[j] = true
			n++
		}
	}
	return n
}

// walkVariationPath walks back from move i to each enclosing line's first
// move, and from there to the start to count its ply.
func walkVariationPath(c *Checker, i int32) string {
	g := c.g
	var parts []string
	for i >= 0 && g.Moves[i].Depth > 0 {
		d := g.Moves[i].Depth
		first := i
		for p := g.Moves[first].Prev; p >= 0 && g.Moves[p].Depth == d; p = g.Moves[first].Prev {
			first = p
		}
		ply := 1
		for p := g.Moves[first].Prev; p >= 0; p = g.Moves[p].Prev {
			ply++
		}
		parts = append([]string{c.moveLabel(ply) + g.Str(g.Moves[first].Raw)}, parts...)
		i = g.Moves[first].Prev
	}
	return strings.Join(parts, " > ")
}
