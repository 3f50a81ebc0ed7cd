package parser

import "testing"

// Without a result marker, ResultPos is the position right after the
// game's last token, where the marker would stand: not the next game's
// first tag, nor past the file's last line.
func TestResultPosWithoutMarker(t *testing.T) {
	const tags = "[Event \"a\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
	for _, c := range []struct {
		name, in string
		want     []Pos // each game's ResultPos
	}{
		{"before the next game", tags + "1. e4 e5\n\n" + tags + "1. d4 *\n",
			[]Pos{{Offset: 92, Line: 9, Col: 9}, {Offset: 184, Line: 19, Col: 7}}}, // the second has its marker
		{"blank lines at the end", tags + "1. e4 e5\n\n\n\n", []Pos{{Offset: 92, Line: 9, Col: 9}}},
		{"no line end", tags + "1. e4 e5", []Pos{{Offset: 92, Line: 9, Col: 9}}},
		{"a comment last", tags + "1. e4 e5 {ok}  \n\n", []Pos{{Offset: 97, Line: 9, Col: 14}}},
		{"CR LF", "[Event \"a\"]\r\n\r\n1. e4 e5\r\n\r\n", []Pos{{Offset: 23, Line: 3, Col: 9}}},
		{"tags only", tags + "\n", []Pos{{Offset: 82, Line: 7, Col: 13}}},
		{"games on one line", "1. e4 e5 1. d4 d5  \n", []Pos{{Offset: 8, Line: 1, Col: 9}, {Offset: 17, Line: 1, Col: 18}}},
		// Scoresheet text: the next game's heading is no place for the
		// result this game lacks.
		{"a heading before the next game", "1. e4 e5\nGame 2\n1. d4 d5\n",
			[]Pos{{Offset: 8, Line: 1, Col: 9}, {Offset: 24, Line: 3, Col: 9}}},
		{"a Russian heading after a comment", "Партия 1\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 {Хороший ход}\n\nПартия 2\n1. d2-d4 d7-d5\n",
			[]Pos{{Offset: 72, Line: 2, Col: 58}, {Offset: 103, Line: 5, Col: 15}}},
		{"Windows-1251", "[Event \"\xcf\xe0\xf0\xf2\xe8\xff\"]\n\n1. e4 \xea\xee\xed\xe5\xf6 e5\n\n", []Pos{{Offset: 32, Line: 3, Col: 15}}}, // bytes of the input
	} {
		games, _ := readAll(t, []byte(c.in), SplitOptions{}, Options{})
		if len(games) != len(c.want) {
			t.Errorf("%s: %d games, want %d", c.name, len(games), len(c.want))
			continue
		}
		for k, g := range games {
			if g.ResultPos != c.want[k] {
				t.Errorf("%s: game %d ResultPos %+v, want %+v", c.name, k, g.ResultPos, c.want[k])
			}
		}
	}
}
