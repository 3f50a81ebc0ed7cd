package parser

import "testing"

// The first moves of scoresheet text written without numbers after an
// ellipsis are numbered from the first number after them: continued by it
// ("... dxc6 5. h3"), or named again by it for an alternative, which hangs
// before the first move ("... | dxc6 | La alternativa 4. ... bxc6"); the
// game's FirstPly is the first move's, Black's. Without the ellipsis, the
// number is one after moves missing, as before.
func TestNumberedFromTheFirstNumber(t *testing.T) {
	g := one(t, "... dxc6 5. h3 c5 *\n")
	eq(t, "continued: first ply", g.FirstPly, int32(8))
	eq(t, "continued: main line", mainline(g), []string{"dxc6", "h3", "c5"})
	eq(t, "continued: problems", problems(g), []string{})

	g = one(t, "... |\ndxc6 |\nLa alternativa 4. ... bxc6 es peor. |\n5. h3 |\nc5 |\n")
	eq(t, "named again: first ply", g.FirstPly, int32(8))
	eq(t, "named again: main line", mainline(g), []string{"dxc6", "h3", "c5"})
	eq(t, "named again: the alternative's line", [3]any{g.Str(g.Moves[1].Raw), g.Moves[1].Prev, g.Moves[1].Depth}, [3]any{"bxc6", int32(-1), int16(1)})
	eq(t, "named again: problems", problems(g), []string{})

	g = one(t, "dxc6 5. h3 c5 *\n")
	eq(t, "no ellipsis: first ply", g.FirstPly, int32(1))
	eq(t, "no ellipsis: problems", problems(g), []string{"1:6 move number 5. where 1... was expected: 7 moves are missing before it"})
}
