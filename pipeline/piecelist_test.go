package pipeline

import (
	"strings"
	"testing"
)

// TestConvertPieceList: a position given as a list of pieces comes out as
// the FEN and SetUp tags, the moves in SAN from it, the words of the list
// kept in the leading comment.
func TestConvertPieceList(t *testing.T) {
	got, findings := convertBytes(t, "study.txt", []byte("Позиция: Крg1, Лf1; черные Крg8, Лa8, пп. g7. Ход черных. 1… Лa1 2. Л:a1\n"))
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[FEN "r5k1/6p1/8/8/8/8/8/5RK1 b - - 0 1"]
[SetUp "1"]

{Позиция: Крg1, Лf1; черные Крg8, Лa8, пп. g7. Ход черных.} 1... Ra1 2. Rxa1 *

`
	if string(got) != want || findings != "" {
		t.Errorf("got\n%s\nfindings %q", got, findings)
	}
}

// TestConvertPieceListFirst: a list that opens the text, with the moves
// right after it on its line or on the next, keeps its words in the
// leading comment as one after a heading does; a list with a phrase after
// it kept them before, these two lost them.
func TestConvertPieceListFirst(t *testing.T) {
	for _, text := range []string{
		"Белые: Крg1, Лf1. Черные: Крg8, Лa8, пп. g7.\n1... Лa1 2. Л:a1\n",
		"Белые: Крg1, Лf1. Черные: Крg8, Лa8, пп. g7. 1... Лa1 2. Л:a1\n",
	} {
		got, findings := convertBytes(t, "study.txt", []byte(text))
		want := "[FEN \"r5k1/6p1/8/8/8/8/8/5RK1 b - - 0 1\"]\n[SetUp \"1\"]\n\n" +
			"{Белые: Крg1, Лf1. Черные: Крg8, Лa8, пп. g7.} 1... Ra1 2. Rxa1 *\n\n"
		if !strings.HasSuffix(string(got), want) || findings != "" {
			t.Errorf("%q converts to\n%s\nfindings %q; want it to end\n%s", text, got, findings, want)
		}
	}
}
