package validate

import "testing"

// The number of the move before written again for the move after it
// ("10. O-O-O 10.Nf6") is read as the move expected, with one
// non-standard-notation info a game that counts the rest. Near misses: a
// number that leaves a move out stays a syntax error, and a move that is
// not the expected side's stays the replay's illegal move.
func TestRenumberedMove(t *testing.T) {
	for _, c := range []struct {
		name, text, want, msg string
	}{
		{"Black's move under White's number", pgn("*", nil, "1. e4 e5 2. Nf3 2.Nc6 3. Bb5 a6 *"), "non-standard-notation@-1",
			"move number 2. written again after 2. Nf3: read as 2... Nc6"},
		{"three times in a game", pgn("*", nil, "1. e4 e5 2. Nf3 2.Nc6 3. Bb5 3.a6 4. Ba4 4.Nf6 *"), "non-standard-notation@-1",
			"move number 2. written again after 2. Nf3: read as 2... Nc6; 2 more such numbers in the game"},
		// near misses
		{"a move missing", pgn("*", nil, "1. e4 e5 2. Nf3 3. Bb5 a6 *"), "syntax@-1", ""},
		{"the move is White's", pgn("*", nil, "1. e4 e5 2. Nf3 2. Bc4 *"), "non-standard-notation@-1 illegal-move@4", "move number 2. written again after 2. Nf3: read as 2... Bc4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			wantOne(t, checkOne(t, c.text, nil), c.want, NonStandardNotation, c.msg)
		})
	}
}
