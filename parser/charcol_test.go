package parser

import (
	"bytes"
	"testing"
)

// TestCharCol reads games and checks the byte column (Pos.Col) and the
// character column (Game.CharCol) of moves as written.
func TestCharCol(t *testing.T) {
	const tags = "[Event \"T\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
	type at struct {
		game       int
		move       string // as written, decoded
		line       int64
		bytes, col int64
	}
	for _, c := range []struct {
		name  string
		in    string
		opt   Options
		enc   Encoding
		bom   bool
		moves []at
	}{
		{name: "cyrillic letters before the move", enc: UTF8,
			in:    tags + "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b6 *\n",
			moves: []at{{0, "e2-e4", 9, 4, 4}, {0, "Кg1-f3", 9, 19, 19}, {0, "Кb8-c6", 9, 27, 26}, {0, "Сf1-b6", 9, 38, 36}}},
		{name: "a line after a cyrillic line", enc: UTF8,
			in:    tags + "1. Кf3 Кf6\n2. Кc3 Кc6 *\n",
			moves: []at{{0, "Кf6", 9, 9, 8}, {0, "Кc3", 10, 4, 4}, {0, "Кc6", 10, 9, 8}}},
		{name: "ascii", enc: UTF8,
			in:    tags + "1. e4 e5 2. Nf3 Nc6 *\n",
			moves: []at{{0, "e4", 9, 4, 4}, {0, "Nc6", 9, 17, 17}}},
		{name: "a BOM on line 1", enc: UTF8, bom: true,
			in:    "\xEF\xBB\xBF1. e4 Кf6 2. Кc3\n3. Кf3 *\n",
			moves: []at{{0, "e4", 1, 7, 4}, {0, "Кf6", 1, 10, 7}, {0, "Кc3", 1, 18, 14}, {0, "Кf3", 2, 4, 4}}},
		{name: "windows-1251: a byte is a character", enc: Windows1251,
			in:    tags + "1. e2-e4 e7-e5 2. \xCAg1-f3 \xCAb8-c6 3. \xD1f1-b6 *\n",
			moves: []at{{0, "Кb8-c6", 9, 26, 26}, {0, "Сf1-b6", 9, 36, 36}}},
		{name: "koi8-r", opt: Options{ForceEncoding: true, Encoding: KOI8R}, enc: KOI8R,
			in:    tags + "1. e4 e5 2. \xEBg1-f3 \xEBb8-c6 *\n",
			moves: []at{{0, "Кb8-c6", 9, 20, 20}}},
		{name: "windows-1251 after a BOM", enc: Windows1251, bom: true,
			in:    "\xEF\xBB\xBF1. e4 \xCAf6 2. \xCAc3\n3. \xCAf3 *\n",
			moves: []at{{0, "Кf6", 1, 10, 7}, {0, "Кc3", 1, 17, 14}, {0, "Кf3", 2, 4, 4}}},
		// The line starts in the game before: its part there is not in
		// Text, but the parser counted its characters (Lead).
		{name: "a game that starts mid-line", enc: UTF8,
			in:    "1. Кf3 d5 1-0 1. Кc3 Кf6\n2. Кf3 *\n",
			moves: []at{{0, "d5", 1, 9, 8}, {1, "Кf6", 1, 24, 22}, {1, "Кf3", 2, 4, 4}}},
		{name: "three games on a line", enc: UTF8,
			in:    "1. Кf3 d5 1-0 1. Кc3 Кf6 1-0 1. Кe5 *\n",
			moves: []at{{1, "Кf6", 1, 24, 22}, {2, "Кe5", 1, 36, 33}}},
		{name: "a game after a heading on its line", enc: UTF8,
			in:    "1. Кf3 d5 1-0\nПартия 2: 1. Кc3 Кf6 *\n",
			moves: []at{{1, "Кc3", 2, 20, 14}, {1, "Кf6", 2, 25, 18}}},
		{name: "a game after a comment on its line", enc: UTF8,
			in:    "1. Кf3 d5 1-0\n\n{Вторая} 1. Кc3 Кf6 *\n",
			moves: []at{{1, "Кc3", 3, 19, 13}, {1, "Кf6", 3, 24, 17}}},
		{name: "a tag pair after a result on its line", enc: UTF8,
			in:    "1. Кf3 d5 1-0 [Event \"Б\"] 1. Кc3 Кf6 *\n",
			moves: []at{{1, "Кc3", 1, 32, 30}}},
		// A BOM before the game before is no character.
		{name: "a game that starts mid-line after a BOM", enc: UTF8, bom: true,
			in:    "\xEF\xBB\xBF1. Кf3 d5 1-0 1. Кc3 Кf6 *\n",
			moves: []at{{1, "Кc3", 1, 22, 18}}},
		// Bytes that are not UTF-8 are no characters: the byte column
		// stands on their line (not 12), and only there.
		{name: "invalid UTF-8 read as UTF-8", opt: Options{ForceEncoding: true, Encoding: UTF8}, enc: UTF8,
			in:    "1. Кf3 {\xFF} Кf6\n2. Кc3 *\n",
			moves: []at{{0, "Кf3", 1, 4, 4}, {0, "Кf6", 1, 13, 13}, {0, "Кc3", 2, 4, 4}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var games []*Game
			if err := ReadGames(bytes.NewReader([]byte(c.in)), c.opt, func(g *Game) { games = append(games, g.Clone()) }); err != nil {
				t.Fatal(err)
			}
			if g := games[0]; g.Encoding != c.enc || g.BOM != c.bom {
				t.Fatalf("encoding %v, BOM %v; want %v, %v", g.Encoding, g.BOM, c.enc, c.bom)
			}
			for _, w := range c.moves {
				g := games[w.game]
				found := false
				for _, m := range g.Moves {
					if g.Str(m.Raw) != w.move {
						continue
					}
					found = true
					if m.Pos.Line != w.line || m.Pos.Col != w.bytes {
						t.Errorf("%s: line %d byte column %d; want %d, %d", w.move, m.Pos.Line, m.Pos.Col, w.line, w.bytes)
					}
					if got := g.CharCol(m.Pos); got != w.col {
						t.Errorf("%s: character column %d; want %d", w.move, got, w.col)
					}
				}
				if !found {
					t.Errorf("game %d has no move %q", w.game, w.move)
				}
			}
			// The game's start is the first character of its line (a BOM
			// is none).
			if g := games[0]; g.CharCol(g.Start) != 1 {
				t.Errorf("start %+v: character column %d", g.Start, g.CharCol(g.Start))
			}
		})
	}
}

// TestCharColOutside: a position the game's text does not hold keeps its
// byte column.
func TestCharColOutside(t *testing.T) {
	var g *Game
	ReadGames(bytes.NewReader([]byte("1. Кf3 Кf6 *\n")), Options{}, func(x *Game) { g = x.Clone() })
	for _, p := range []Pos{
		{Offset: 40, Line: 1, Col: 41}, // past the game's end
		{Offset: 7, Line: 0, Col: 0},   // no place
		{Offset: 4, Line: 1, Col: 9},   // a line that would start before the input
	} {
		if got := g.CharCol(p); got != p.Col {
			t.Errorf("%+v: character column %d, want the byte column", p, got)
		}
	}
}

// TestCharColsInOrder: CharCols, which counts along a line from one
// position to the next, gives CharCol's answer at every byte of each game,
// taken in order: inside a character, after a line end, before a game that
// starts mid-line, after bytes that are not UTF-8.
func TestCharColsInOrder(t *testing.T) {
	for _, c := range []struct {
		name, in string
		opt      Options
	}{
		{"cyrillic", "[Event \"Е\"]\n\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 {ж} (2... Кg8-f6) 3. Сf1-b6 *\n", Options{}},
		{"a BOM", "\xEF\xBB\xBF1. e4 Кf6 2. Кc3\n3. Кf3 *\n", Options{}},
		{"games mid-line", "1. Кf3 d5 1-0 1. Кc3 Кf6 1-0 1. Кe5 {é} d5 *\n", Options{}},
		{"not UTF-8", "[Event \"x\"]\n\n1. e4 {\xff\xfe} e5 {\xc3} 2. Nf3 {\xc3\xa9} Nc6 *\n", Options{ForceEncoding: true, Encoding: UTF8}},
		{"windows-1251", "[Event \"x\"]\n\n1. e2-e4 \xCAg8-f6 2. \xCAg1-f3 *\n", Options{}},
	} {
		in := []byte(c.in)
		games, _ := readAll(t, in, SplitOptions{}, c.opt)
		if len(games) == 0 {
			t.Fatalf("%s: no game", c.name)
		}
		compared := 0
		for gi, g := range games {
			// Every byte, every second, ...: steps over whole characters
			// and into them.
			for step := int64(1); step <= 7; step++ {
				var cols CharCols
				line, lineStart := int64(1), int64(0)
				for off := int64(0); off < int64(len(in)); off++ {
					if off > 0 && in[off-1] == '\n' {
						line, lineStart = line+1, off
					}
					if off < g.Start.Offset || off >= g.End.Offset || off%step != 0 {
						continue
					}
					p := Pos{Line: line, Col: off - lineStart + 1, Offset: off}
					if got, want := cols.Col(g, p), g.CharCol(p); got != want {
						t.Errorf("%s: game %d at %d:%d, step %d: CharCols %d, CharCol %d", c.name, gi, line, p.Col, step, got, want)
					}
					compared++
				}
			}
		}
		if compared < len(in)/2 {
			t.Errorf("%s: %d positions compared of %d bytes", c.name, compared, len(in))
		}
	}
}
