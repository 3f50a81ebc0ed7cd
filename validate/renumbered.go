package validate

import (
	"fmt"

	"github.com/arbiter-chess/arbiter/parser"
)

// renumberedFinding reports the move numbers the parser read as written
// again by a slip (parser.Game.Renumbered: "20.Kd2 20.Rb6", Black's move
// under White's number). The move is read as the one expected, as an
// arbiter reads the sheet, so nothing is missing and nothing goes
// unchecked: a notation PGN does not know, one info a game, at the first.
func renumberedFinding(g *parser.Game) Finding {
	u := g.Renumbered
	msg := u[0].Message
	if n := len(u) - 1; n > 0 {
		msg += fmt.Sprintf("; %d more such %s in the game", n, plural(n, "number", "numbers"))
	}
	return Finding{Code: NonStandardNotation, Severity: DefaultSeverity(NonStandardNotation), Message: msg, Pos: u[0].Pos, Ply: -1}
}
