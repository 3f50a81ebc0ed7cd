package validate

import "testing"

// TestFoldedFormsAreReported: every form the parser folds to SAN before the
// replay still earns non-standard-notation, counted per move and named
// (NOTATION.md: never a silent pass); plain SAN earns nothing.
func TestFoldedFormsAreReported(t *testing.T) {
	const italian = "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. "
	cases := []struct{ moves, want string }{
		{italian + "0-0 0-0 *", `2 of 8 moves are not in standard SAN (castling with zeros); the first is "0-0"`},
		{italian + "0-0 O-O *", `1 of 8 moves is not in standard SAN (castling with zeros); the first is "0-0"`},
		{italian + "О-О О-О *", `2 of 8 moves are not in standard SAN (castling with Cyrillic О); the first is "О-О"`},
		{italian + "o-o O-O *", `1 of 8 moves is not in standard SAN (castling without dashes or in lowercase); the first is "o-o"`},
		{italian + "0–0 O—O *", `2 of 8 moves are not in standard SAN (castling with zeros, Unicode dash); the first is "0–0"`},
		{"1. е4 е5 2. Nf3 Nc6 *", `2 of 4 moves are not in standard SAN (Cyrillic letters in squares); the first is "е4"`},
		{"1. e4 а6 2. d4 e6 *", `1 of 4 moves is not in standard SAN (Cyrillic letters in squares); the first is "а6"`},
		{"1. e4 d5 2. e×d5 Qxd5 *", `1 of 4 moves is not in standard SAN (capture written '×', 'X' or Cyrillic 'х'); the first is "e×d5"`},
		{"1. e4 d5 2. eхd5 Qxd5 *", `1 of 4 moves is not in standard SAN (capture written '×', 'X' or Cyrillic 'х'); the first is "eхd5"`},
		{"1. e4 d5 2. eXd5 Qxd5 *", `1 of 4 moves is not in standard SAN (capture written '×', 'X' or Cyrillic 'х'); the first is "eXd5"`},
		{"1. e4 d5 2. eХd5 Qxd5 *", `1 of 4 moves is not in standard SAN (capture written '×', 'X' or Cyrillic 'х'); the first is "eХd5"`},
		{"1. e4 e5 2. Nf3 Nc6 3. d4 e×d4 *", `1 of 6 moves is not in standard SAN (capture written '×', 'X' or Cyrillic 'х'); the first is "e×d4"`},
		{"1. e2–e4 e7—e5 *", `2 of 2 moves are not in standard SAN (long algebraic, Unicode dash); the first is "e2–e4"`},
		{"1. Е2-Е4 Е7-Е5 *", `2 of 2 moves are not in standard SAN (long algebraic, Cyrillic letters in squares, capital file letters); the first is "Е2-Е4"`},
		{"1. Е2-Е4 e5 *", `1 of 2 moves is not in standard SAN (long algebraic, Cyrillic letters in squares, capital file letters); the first is "Е2-Е4"`},
		{"1. d4 d5 2. С2-С4 e6 *", `1 of 4 moves is not in standard SAN (long algebraic, Cyrillic letters in squares, capital file letters); the first is "С2-С4"`},
		{"1. E4 e5 *", `1 of 2 moves is not in standard SAN (capital file letters); the first is "E4"`},
		// С is the Russian bishop before a file letter: not a capital file.
		{"1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. С:c6 dxc6 *", `4 of 8 moves are not in standard SAN (capture written ':', Russian piece letters); the first is "Кf3"`},
		// The Russian mate x is named as such, not as a capture sign.
		{"1. f3 e5 2. g4 Фh4х *", `1 of 4 moves is not in standard SAN (Russian piece letters, mate written as x); the first is "Фh4х"`},
		// The ways a move is written come first, then what it says
		// untrue of the move, the national letters named among the ways.
		{"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Q:f7 *", `1 of 7 moves is not in standard SAN (capture written ':', mate not marked); the first is "Q:f7"`},
		{"1. e4 e5 2. Фh5 Кc6 3. Сc4 Кf6 4. Ф:f7 *", `5 of 7 moves are not in standard SAN (capture written ':', Russian piece letters, mate not marked); the first is "Фh5"`},
		{"1. e4 e5 2. Nf3 d6 3. Bb5 *", `1 of 5 moves is not in standard SAN (check not marked); the first is "Bb5"`},
		// A move spread over words: a piece letter apart from its square,
		// castling with blanks, a soft hyphen pasted before the move.
		{"1. e4 e5 2. N f3 N c6 3. B b5 a6 *", `3 of 6 moves are not in standard SAN (move written over several words); the first is "N f3"`},
		{italian + "O - O O-O *", `1 of 8 moves is not in standard SAN (move written over several words); the first is "O - O"`},
		{italian + "0 - 0 0 — 0 *", `2 of 8 moves are not in standard SAN (castling with zeros, Unicode dash, move written over several words); the first is "0 - 0"`},
		{"1. \u00ade4 e5 *", `1 of 2 moves is not in standard SAN (move written over several words); the first is "\u00ade4"`},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Re1 b5 6. Bb3 O-O *", ""},
		{"1. e4! e5?! 2. Nf3 Nc6 3. Bb5 a6 4. O-O!! Nf6 *", ""},
	}
	for _, c := range cases {
		// Options.Moves, or a variation (a null move for the last one),
		// sends the main line through playMain's general loop rather than
		// playPlain.
		withVariation := c.moves[:len(c.moves)-2] + " (--) *"
		for _, run := range []struct {
			moves string
			opt   *Options
		}{{c.moves, nil}, {c.moves, &Options{Moves: true}}, {withVariation, nil}} {
			r := checkOne(t, pgn("*", nil, run.moves), run.opt)
			f := find(r, NonStandardNotation)
			switch {
			case c.want == "" && f != nil:
				t.Errorf("%s: unexpected %q", run.moves, f.Message)
			case c.want != "" && f == nil:
				t.Errorf("%s: no non-standard-notation (findings %s)", run.moves, got(r))
			case c.want != "" && f.Message != c.want:
				t.Errorf("%s:\n got  %s\n want %s", run.moves, f.Message, c.want)
			}
		}
	}
}

// TestRussianMateAfterNoRank: the Cyrillic х after a move that ends in no
// rank (castling, a promotion, a pawn capture by files) is the mate sign, not
// a capture sign as well.
func TestRussianMateAfterNoRank(t *testing.T) {
	cases := []struct{ fen, move, want string }{
		{"2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1", "0-0-0х",
			`1 of 1 moves is not in standard SAN (castling with zeros, mate written as x); the first is "0-0-0х"`},
		{"k7/4P3/1K6/8/8/8/8/8 w - - 0 1", "e8Фх",
			`1 of 1 moves is not in standard SAN (promotion without '=', Russian piece letters, mate written as x); the first is "e8Фх"`},
		{"k2r4/4P3/1K6/8/8/8/8/8 w - - 0 1", "edФх",
			`1 of 1 moves is not in standard SAN (promotion without '=', pawn capture by files, Russian piece letters, mate written as x); the first is "edФх"`},
		{"6nk/6bp/5P2/8/8/8/8/K5R1 w - - 0 1", "fgх",
			`1 of 1 moves is not in standard SAN (pawn capture by files, mate written as x); the first is "fgх"`},
	}
	for _, c := range cases {
		r := checkOne(t, pgn("1-0", []string{"SetUp 1", "FEN " + c.fen}, "1. "+c.move+" 1-0"), nil)
		if f := find(r, NonStandardNotation); f == nil || f.Message != c.want {
			t.Errorf("%s: findings %s, want %s", c.move, got(r), c.want)
		} else if len(r.Findings) != 1 {
			t.Errorf("%s: findings %s, want only non-standard-notation", c.move, got(r))
		}
	}
}

// TestCapsLockScoresheet: a Russian scoresheet typed with caps lock on
// replays whole, its pawn captures by capital files ("DC", "EXD4") and the
// file that tells two knights apart ("КBC3") included, with the one info.
func TestCapsLockScoresheet(t *testing.T) {
	const moves = "1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. СF1-B5 A7-A6 4. С:C6 DC 5. 0-0 F7-F6 " +
		"6. D2-D4 EXD4 7. К:D4 C6-C5 8. КD4-E2 Ф:D1 9. Л:D1 СC8-G4 10. F2-F3 СG4-E6 " +
		"11. КBC3 КРE8-F7 12. КРG1-F2 *"
	const want = `23 of 23 moves are not in standard SAN (castling with zeros, long algebraic, capture written ':', ` +
		`capture written '×', 'X' or Cyrillic 'х', pawn capture by files, Russian piece letters, capital file letters); the first is "E2-E4"`
	r := checkOne(t, pgn("*", nil, moves), &Options{Moves: true})
	if f := find(r, NonStandardNotation); f == nil || f.Message != want || len(r.Findings) != 1 {
		t.Fatalf("findings %s, want only non-standard-notation: %s", got(r), want)
	}
	if len(r.Moves) != 23 {
		t.Fatalf("%d plies replayed, want 23", len(r.Moves))
	}
}
