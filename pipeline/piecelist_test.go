package pipeline

import "testing"

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
