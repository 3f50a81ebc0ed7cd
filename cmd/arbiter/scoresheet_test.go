package main

import (
	"strings"
	"testing"
)

// TestScoresheetTextFindings: what a Russian archivist's files without
// tags get from check (text format, every finding) and convert (the
// movetext): a word that is no move where a move must stand, a remark, a
// result in words, a dash between the two sides' moves, and columns on a
// line that starts with a BOM; a KOI8-R sheet its letters alone would read
// as Windows-1251, an abbreviation in a remark, small piece letters, a
// promotion after a file capture's colon, a sheet in two columns whose
// result ends the right column, a result in parentheses, notes of numbers
// alone, a resignation (with the analysis after it) or a loss on time in
// words, a king's move with a dash and no origin, and a capital B that
// reads both ways.
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
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 {(испанская партия)} 3... a6 *\n"},
		{"white resigned", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 Белые сдались\n", 0,
			tagMissing + "x.txt:1:31: info non-standard-notation: the result marker \"Белые сдались\" is not PGN: write 0-1\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Белые сдались} 0-1\n"},
		{"a dash between the moves", "1. e4 - e5 2. Кf3 — Кc6 3. Сb5 – a6 *\n", 0,
			tagMissing + "x.txt:1:15: info non-standard-notation: 3 of 6 moves are not in standard SAN (Russian piece letters); the first is \"Кf3\" (move 2. Кf3, ply 3)\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n"},
		{"a BOM", "\xEF\xBB\xBF1. e4 e5 2. Nf3 Nc6 3. Ra3 *\n", 1,
			tagMissing + "x.txt:1:24: error illegal-move: Ra3: the rook on a1 is blocked by the white pawn on a2 (move 3. Ra3, ply 5)\n",
			"1. e4 e5 2. Nf3 Nc6 {arbiter: illegal move 3. Ra3 (the rook on a1 is blocked by\nthe white pawn on a2); the rest of the game as written: 3. Ra3} *\n"},
		{"a small knight in KOI8-R, read as Windows-1251's rook by its letters", "1. e4 e5 2. \xcbf3 \xebc6 *\n", 0,
			tagMissing + "x.txt:1:1: info non-standard-notation: the text is not UTF-8, and its code page is guessed from its moves: " +
				"read as koi8-r, under which 4 plies replay, not as windows-1251, which its letters alone favour, and under which 2 do\n" +
				"x.txt:1:13: info non-standard-notation: 2 of 4 moves are not in standard SAN (Russian piece letters, lowercase piece letter); the first is \"кf3\" (move 2. кf3, ply 3)\n",
			"1. e4 e5 2. Nf3 Nc6 *\n"},
		{"a piece before a capital square in prose", "1. e4 e5 2. Nf3 Nc6 we listened to CD4 at home 3. Bb5 a6 *\n", 0,
			tagMissing, "1. e4 e5 2. Nf3 Nc6 {we listened to CD4 at home} 3. Bb5 a6 *\n"},
		{"small piece letters", "1. e4 e5 2. крe2 кc6 3. кf3 *\n", 0,
			tagMissing + "x.txt:1:13: info non-standard-notation: 3 of 5 moves are not in standard SAN (Russian piece letters, lowercase piece letter); the first is \"крe2\" (move 2. крe2, ply 3)\n",
			"1. e4 e5 2. Ke2 Nc6 3. Nf3 *\n"},
		{"a promotion after the colon of a file capture", "1. e4 d5 2. ed c6 3. dc Кf6 4. cb Кbd7 5. bc:Ф Ф:c8 *\n", 0,
			tagMissing + "x.txt:1:13: info non-standard-notation: 7 of 10 moves are not in standard SAN (promotion without '=', capture written ':', pawn capture by files, Russian piece letters); the first is \"ed\" (move 2. ed, ply 3)\n",
			"1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxc8=Q Qxc8 *\n"},
		{"a result in parentheses", "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 (1-0)\n", 0,
			tagMissing + "x.txt:1:13: info non-standard-notation: 3 of 6 moves are not in standard SAN (Russian piece letters); the first is \"Кf3\" (move 2. Кf3, ply 3)\nx.txt:1:34: info non-standard-notation: the result marker \"(1-0)\" is not PGN: write 1-0\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n"},
		{"notes of numbers alone", "1. e4 (15) e5 2. Кf3 (1 : 0) Кc6 *\n", 0,
			tagMissing + "x.txt:1:18: info non-standard-notation: 2 of 4 moves are not in standard SAN (Russian piece letters); the first is \"Кf3\" (move 2. Кf3, ply 3)\n",
			"1. e4 {(15)} 1... e5 2. Nf3 {(1 : 0)} 2... Nc6 *\n"},
		{"resigned, no side named", "1. e4 e5 2. Кf3 Кc6 3. Сb5 Сдался\n", 0,
			tagMissing + "x.txt:1:13: info non-standard-notation: 3 of 5 moves are not in standard SAN (Russian piece letters); the first is \"Кf3\" (move 2. Кf3, ply 3)\nx.txt:1:31: info non-standard-notation: the result marker \"Сдался\" is not PGN: write 1-0\n",
			"1. e4 e5 2. Nf3 Nc6 3. Bb5 {Сдался} 1-0\n"},
		{"resigned, with the analysis after", "1. e4 e5 2. Фh5 Кc6 3. Сc4 Кf6 4. Ф:f7х Черные сдались. После 4... Кр:f7 нет хода\n", 0,
			tagMissing + "x.txt:1:13: info non-standard-notation: 5 of 7 moves are not in standard SAN (capture written ':', Russian piece letters, mate written as x); the first is \"Фh5\" (move 2. Фh5, ply 3)\nx.txt:1:47: info non-standard-notation: the result marker \"Черные сдались\" is not PGN: write 1-0\n",
			"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {Черные сдались. После 4... Кр:f7 нет\nхода} 1-0\n"},
		{"lost on time in words", "1. e4 e5 2. Кf3 Кc6 Черные просрочили время\n", 0,
			tagMissing + "x.txt:1:13: info non-standard-notation: 2 of 4 moves are not in standard SAN (Russian piece letters); the first is \"Кf3\" (move 2. Кf3, ply 3)\nx.txt:1:18: info time-forfeit: Black lost on time (the comment after the last move: \"Черные просрочили время\") (move 2... Кc6, ply 4)\nx.txt:1:23: info non-standard-notation: the result marker \"Черные просрочили время\" is not PGN: write 1-0\n",
			"1. e4 e5 2. Nf3 Nc6 {Черные просрочили время} 1-0\n"},
		{"a king's move with a dash and no origin", "1. e4 e5 2. Кр-е2 Кc6 *\n", 0,
			tagMissing + "x.txt:1:13: info non-standard-notation: 2 of 4 moves are not in standard SAN (Russian piece letters, Cyrillic letters in squares, dash with no origin square); the first is \"Кр-е2\" (move 2. Кр-е2, ply 3)\n",
			"1. e4 e5 2. Ke2 Nc6 *\n"},
		{"a capital B both ways", "1. B2-B4 C7-C5 2. D2-D3 B8-C6 3. BC1-E3 E7-E6 4. BXC5 A7-A6 *\n", 1,
			tagMissing + "x.txt:1:4: info non-standard-notation: 6 of 6 moves are not in standard SAN (long algebraic, capital file letters); the first is \"B2-B4\" (move 1. B2-B4, ply 1)\nx.txt:1:50: error ambiguous-move: Bxc5: a capital B is the bishop or the b-file, and both Bxc5 and bxc5 are legal; the 1 move after it is not checked (move 4. BXC5, ply 7)\n",
			"1. b4 c5 2. d3 Nc6 3. Be3 e6 {arbiter: ambiguous move 4. BXC5 (a capital B is\nthe bishop or the b-file, and both Bxc5 and bxc5 are legal); the rest of the\ngame as written: 4. BXC5 A7-A6} *\n"},
		{"two columns, the result in the right one", "" +
			"1. e2-e4   e7-e5      11. Сc4:b5+  Кb8-d7\n" +
			"2. Кg1-f3  d7-d6      12. 0-0-0    Лa8-d8\n" +
			"3. d2-d4   Сc8-g4     13. Лd1:d7   Лd8:d7\n" +
			"4. d4:e5   Сg4:f3     14. Лh1-d1   Фe7-e6\n" +
			"5. Фd1:f3  d6:e5      15. Сb5:d7+  Кf6:d7\n" +
			"6. Сf1-c4  Кg8-f6     16. Фb3-b8+  Кd7:b8\n" +
			"7. Фf3-b3  Фd8-e7     17. Лd1-d8х\n" +
			"8. Кb1-c3  c7-c6      1:0\n" +
			"9. Сc1-g5  b7-b5\n" +
			"10. Кc3:b5 c6:b5\n", 0,
			tagMissing + "x.txt:1:4: info non-standard-notation: 33 of 33 moves are not in standard SAN (castling with zeros, long algebraic, capture written ':', Russian piece letters, mate written as x, superfluous origin); the first is \"e2-e4\" (move 1. e2-e4, ply 1)\n" +
				"x.txt:1:27: info non-standard-notation: the moves are written in two columns, 1-10 down the left and 11-17 down the right of lines 1-10: read in the order of their numbers (move 11. Сc4:b5+, ply 21)\n" +
				"x.txt:8:24: info non-standard-notation: the result marker \"1:0\" is not PGN: write 1-0\n",
			"1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n" +
				"8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n" +
				"14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n"},
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
