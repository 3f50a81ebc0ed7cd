package parser

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// positions returns every Pos a game holds, in a fixed order, however deep
// (Start, End, ResultPos, those of tags, moves, problems, unread clocks...),
// so that a Pos field added later is covered too.
func positions(g *Game) []Pos {
	var out []Pos
	posType := reflect.TypeFor[Pos]()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch {
		case v.Type() == posType:
			out = append(out, v.Interface().(Pos))
		case v.Kind() == reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i))
			}
		case v.Kind() == reflect.Slice || v.Kind() == reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case v.Kind() == reflect.Pointer && !v.IsNil():
			walk(v.Elem())
		}
	}
	walk(reflect.ValueOf(g).Elem())
	return out
}

// Line numbers are 64-bit: an input whose lines pass 2^31 (a monthly
// Lichess dump) has them counted on, not wrapped negative. The splitter is
// started (SplitOptions.Start, as a runner reading from an offset does) a
// few lines before 2^31, in small chunks, so that the count crosses it in
// the splitter between chunks and in the parser within a game, through tags,
// moves, comments, variations, problems, an unread clock, a result, and a
// game cut in pieces at Max. Every position read so is the one read from the
// input's start, lines shifted by the start's.
func TestLinesPast2To31(t *testing.T) {
	game := "[Event \"e\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n" +
		"1. e4 {a comment\nover two lines} e5 (1... c5\n2. Nf3) 2. Nf3 {[%clk x]} Nc6\n3. Bb5 zz a6\n1-0\n\n"
	long := "[Event \"long\"]\n[Result \"*\"]\n\n" + strings.Repeat("1. e4 e5 2. Nf3 Nc6 {a line of moves}\n", 40) + "*\n\n"
	input := []byte(strings.Repeat("\n", 3) + strings.Repeat(game, 6) + long + game)
	sopt := SplitOptions{Target: 200, Max: 1000}
	plain, _ := readAll(t, input, sopt, Options{})
	const first = math.MaxInt32 - 1 // the input's first line: 2^31 is its third
	sopt.Start = Pos{Line: first, Col: 1}
	far, chunks := readAll(t, input, sopt, Options{})
	if len(chunks) < 4 || len(far) != len(plain) || len(far) < 8 {
		t.Fatalf("%d chunks, %d games read from line %d, %d from line 1", len(chunks), len(far), first, len(plain))
	}
	problems := 0
	for k := range plain {
		want, got := positions(plain[k]), positions(far[k])
		if len(want) != len(got) {
			t.Fatalf("game %d: %d positions, %d read from line 1", k, len(got), len(want))
		}
		for i := range want {
			want[i].Line += first - 1
			if got[i] != want[i] {
				t.Errorf("game %d, position %d: %+v, want %+v", k, i, got[i], want[i])
			}
			if got[i].Line <= math.MaxInt32 && k > 0 {
				t.Errorf("game %d, position %d: line %d, not past 2^31", k, i, got[i].Line)
			}
		}
		problems += len(far[k].Problems)
	}
	if g := far[0]; g.Tags[0].Pos.Line != 1<<31+1 || g.Tags[1].Pos.Line != 1<<31+2 {
		t.Errorf("first game's Event tag at line %d, its White tag at %d; want 2^31+1 and 2^31+2", g.Tags[0].Pos.Line, g.Tags[1].Pos.Line)
	}
	if problems == 0 {
		t.Errorf("no problem read: the games were meant to hold some")
	}
}
