package validate

// sideLines answers, for a move of a game with variations, how many moves
// continue from it and where its line starts and at which ply, each from one
// pass over the moves. A finding in a side line asks all three, and walking
// the move tree again for each finding took the square of the game's length
// (20,000 failing side lines in one game of 230 KB: 2 s). Built at the first
// question of a game (most games have no failing side line), kept in the
// Checker from game to game.
type sideLines struct {
	built bool
	after []int32 // the moves that continue from each: in its line and the lines that branch from them
	first []int32 // the first move of each move's line
	ply   []int32 // each move's ply, 1 for a move from the start position
}

// lines returns the side lines of c.g, built for it by the first call after
// replayVariations began.
func (c *Checker) lines() *sideLines {
	s := &c.side
	if s.built {
		return s
	}
	moves := c.g.Moves
	n := len(moves)
	if cap(s.after) < n {
		s.after, s.first, s.ply = make([]int32, n), make([]int32, n), make([]int32, n)
	}
	s.after, s.first, s.ply = s.after[:n], s.first[:n], s.ply[:n]
	// Moves come in source order, each after the one it follows (Prev).
	for j := range moves {
		s.after[j], s.first[j], s.ply[j] = 0, int32(j), 1
		if p := moves[j].Prev; p >= 0 && int(p) < j {
			s.ply[j] = s.ply[p] + 1
			if moves[p].Depth == moves[j].Depth {
				s.first[j] = s.first[p]
			}
		}
	}
	for j := n - 1; j > 0; j-- {
		if p := moves[j].Prev; p >= 0 && int(p) < j {
			s.after[p] += s.after[j] + 1
		}
	}
	s.built = true
	return s
}

// movesAfter counts the moves that continue from move i, in its line and in
// the lines that branch from them: what is left unchecked when i fails.
func (c *Checker) movesAfter(i int) int { return int(c.lines().after[i]) }

// variationPath names the side line holding move i by the first move of
// each enclosing variation, outermost first: "12...Nc6 > 14.Bb5".
func (c *Checker) variationPath(i int32) string {
	g, s := c.g, c.lines()
	var firsts []int32 // innermost first
	for i >= 0 && g.Moves[i].Depth > 0 {
		first := s.first[i]
		firsts = append(firsts, first)
		i = g.Moves[first].Prev
	}
	var path []byte
	for k := len(firsts) - 1; k >= 0; k-- {
		if k < len(firsts)-1 {
			path = append(path, " > "...)
		}
		path = c.appendMoveLabel(path, int(s.ply[firsts[k]]))
		path = append(path, g.Bytes(g.Moves[firsts[k]].Raw)...)
	}
	return string(path)
}
