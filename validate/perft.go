package validate

import (
	"fmt"

	"github.com/arbiter-chess/arbiter/replay"
)

// PerftBudget is the largest perft count (";D4 197281") the checker works
// out again: a count of up to a million leaves costs some 40 ms at most.
// The deeper counts of a suite (a standard line's D5 and D6, of millions
// to billions) are left unchecked, and nothing is said of them: every line
// of a suite has such counts, and a note on each would bury the findings.
const PerftBudget = 1_000_000

// checkPerft works out again each count of a perft suite's line that is
// within PerftBudget, from the position as the replay reads it (Chess960's
// castling where its rights or a Variant tag say so), and reports those
// that differ. A position that cannot arise is not counted: its audit has
// said what is wrong, and a move generator's count of it means nothing.
//
//go:noinline
func (c *Checker) checkPerft() {
	if !c.twoKings {
		return
	}
	for i := range c.r.Findings {
		if c.r.Findings[i].Code == ImpossiblePosition {
			return
		}
	}
	for _, pc := range c.g.Perft {
		if pc.Nodes > PerftBudget {
			continue
		}
		// The walk stops past the budget, so that a small count written
		// for a deep tree costs no more than a right one.
		n, exact := replay.PerftWithin(c.start, pc.Depth, PerftBudget)
		var computed string
		switch {
		case exact && n == pc.Nodes:
			continue
		case exact:
			computed = fmt.Sprint(n)
		case n > PerftBudget:
			computed = fmt.Sprintf("more than %d", PerftBudget)
		default:
			continue // given up on a tree of many inner positions: no count known
		}
		c.r.Findings = append(c.r.Findings, Finding{Code: PerftMismatch, Severity: DefaultSeverity(PerftMismatch), Pos: pc.Pos, Ply: 0,
			Message: fmt.Sprintf("the perft count to depth %d is written as %d, but the position has %s %s at that depth",
				pc.Depth, pc.Nodes, computed, plural(int(min(n, 2)), "node", "nodes"))})
	}
}
