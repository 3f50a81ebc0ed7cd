package validate

import (
	"fmt"

	"github.com/arbiter-chess/arbiter/parser"
)

// columnsFinding says how the parser read a scoresheet written in two
// columns (parser.HasColumns): down the left column, then down the right,
// in the order of the move numbers. The layout is no notation PGN knows, so
// it is a non-standard-notation info, at the right column's first move,
// the first move read out of source order.
func columnsFinding(g *parser.Game) (Finding, bool) {
	moves := g.Moves
	j := 1
	for j < len(moves) && moves[j].Pos.Offset > moves[j-1].Pos.Offset {
		j++
	}
	if g.Has&parser.HasColumns == 0 || j >= len(moves) {
		return Finding{}, false
	}
	lastLeft, last := moves[j-1].Number, moves[j].Number
	if lastLeft == 0 && j >= 2 {
		lastLeft = moves[j-2].Number
	}
	for i := j; i < len(moves); i++ {
		last = max(last, moves[i].Number)
	}
	m := &moves[j]
	return Finding{Code: NonStandardNotation, Severity: DefaultSeverity(NonStandardNotation), Pos: m.Pos, Ply: j + 1, Move: g.Str(m.Raw),
		Message: fmt.Sprintf("the moves are written in two columns, %d-%d down the left and %d-%d down the right of lines %d-%d: read in the order of their numbers",
			moves[0].Number, lastLeft, m.Number, last, moves[0].Pos.Line, moves[j-1].Pos.Line)}, true
}
