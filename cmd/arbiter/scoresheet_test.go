package main

import (
	"strings"
	"testing"
)

// TestScoresheetTextFindings: what a Russian archivist's files without
// tags get from check (text format, every finding) and convert (the
// movetext): a word that is no move where a move must stand, a remark, a
// result in words, a dash between the two sides' moves, and columns on a
// line that starts with a BOM.
func TestScoresheetTextFindings(t *testing.T) {
	const tagMissing = "x.txt:1:1: warning tag-missing: the game has no tags; the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing\n"
	for _, c := range []struct {
		name, in   string
		code       int
		check, pgn string
	}{
		{"junk at the end", "1. e4 e5 2. Nf3 Nc6 3. Qq5 *\n", 1,
			tagMissing + "x.txt:1:24: error syntax: unexpected text, from \"Qq5\"\n",
			"1. e4 e5 2. Nf3 Nc6 {arbiter: text not read (unexpected text, from \"Qq5\"); the\nrest of the game as written: 3. Qq5} *\n"},
		{"junk mid-game", "1. e4 d5 2. Qq5 Nf6 *\n", 1,
			tagMissing + "x.txt:1:13: error syntax: unexpected text, from \"Qq5\", where a move was expected: the replay stops after it, and 2... Nf6 is not checked\n",
			"1. e4 d5 {arbiter: text not read (unexpected text, from \"Qq5\"); the rest of the\ngame as written: 2. Qq5 Nf6} *\n"},
		{"a remark", "1. e4 e5 2. Кf3 Кc6 3. Сb5 (испанская партия) a6 *\n", 0,
			tagMissing + "x.txt:1:13: info non-standard-notation: 3 of 6 moves are not in standard SAN (Russian piece letters); the first is \"Кf3\" (move 2. Кf3, ply 3)\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 {испанская партия} 3... a6 *\n"},
		{"white resigned", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 Белые сдались\n", 0,
			tagMissing + "x.txt:1:31: info non-standard-notation: the result marker \"Белые сдались\" is not PGN: write 0-1\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Белые сдались} 0-1\n"},
		{"a dash between the moves", "1. e4 - e5 2. Кf3 — Кc6 3. Сb5 – a6 *\n", 0,
			tagMissing + "x.txt:1:15: info non-standard-notation: 3 of 6 moves are not in standard SAN (Russian piece letters); the first is \"Кf3\" (move 2. Кf3, ply 3)\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"},
		{"a BOM", "\xEF\xBB\xBF1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n", 1,
			tagMissing + "x.txt:1:24: error illegal-move: Ra3: the rook on a1 is blocked by the white pawn on a2 (move 3. Ra3, ply 5)\n",
			"1. e4 e5 2. Nf3 Nc6 {arbiter: illegal move 3. Ra3 (the rook on a1 is blocked by\nthe white pawn on a2); the rest of the game as written: 3. Ra3} *\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, "x.txt", []byte(c.in))
			r := arbiter(t, dir, nil, "check", "-q", "x.txt")
			if r.code != c.code || r.stdout != c.check {
				t.Errorf("check: exit %d, want %d\n%s\nwant\n%s", r.code, c.code, r.stdout, c.check)
			}
			r = arbiter(t, dir, nil, "convert", "-q", "x.txt", "-o", "-")
			_, movetext, _ := strings.Cut(r.stdout, "]\n\n")
			if want := c.pgn + "\n"; movetext != want {
				t.Errorf("convert:\n%s\nwant\n%s", movetext, want)
			}
		})
	}
}
