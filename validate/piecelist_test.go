package validate

import (
	"fmt"
	"strings"
	"testing"
)

// A list of pieces read as the start position is said where it starts,
// with the FEN made of it, and the moves replay from it.
func TestPieceListNote(t *testing.T) {
	text := "Study 4.\nWhite: Kg1, Qd1, Ra1, Rf1, Nc3, Be3, pawns a2, b2, g2, h2; Black: Ke8, Qd8, Ra8, Rh8, Nf6, pawns a7, b7, g7, h7. Black to move.\n1... O-O 2. Bc5 Re8 *\n"
	all := pieceListFindings(checkOne(t, text, nil))
	want := []string{
		"tag-missing warning 1:1 -1 the game has no tags; the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing",
		"non-standard-notation info 2:1 0 the start position is read from a list of pieces in the text: FEN " +
			"r2qk2r/pp4pp/5n2/8/8/2N1B3/PP4PP/R2Q1RK1 b kq - 0 1 (castling only where king and rook stand on their start squares)",
	}
	if got := strings.Join(all, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// The same moves with the position in a FEN tag get no such note.
func TestPieceListNoteOnlyForLists(t *testing.T) {
	r := checkOne(t, pgn("*", []string{"FEN r2qk2r/pp4pp/5n2/8/8/2N1B3/PP4PP/R2Q1RK1 b kq - 0 1", "SetUp 1"}, "1... O-O 2. Bc5 Re8 *"), nil)
	for _, f := range r.Findings {
		if f.Code == NonStandardNotation || f.Severity == Error {
			t.Errorf("unexpected finding %s %s: %s", f.Code, f.Severity, f.Message)
		}
	}
}

// A list whose position cannot arise is used all the same, and audited as
// a FEN tag is.
func TestPieceListImpossible(t *testing.T) {
	all := pieceListFindings(checkOne(t, "White: Kg1, pawns a1; Black: Kg8. 1. Kh1 Kh8 *\n", nil))
	want := []string{
		"tag-missing warning 1:1 -1 the game has no tags; the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing",
		"non-standard-notation info 1:1 0 the start position is read from a list of pieces in the text: FEN 6k1/8/8/8/8/8/8/P5K1 w - - 0 1 (castling only where king and rook stand on their start squares)",
		"impossible-position error 1:1 0 the start position cannot arise in a game: White pawn on the first or last rank: a1",
	}
	if got := strings.Join(all, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// pieceListFindings writes each finding as "code severity line:col ply message".
func pieceListFindings(r Report) []string {
	var all []string
	for _, f := range r.Findings {
		all = append(all, fmt.Sprintf("%s %s %d:%d %d %s", f.Code, f.Severity, f.Pos.Line, f.Pos.Col, f.Ply, f.Message))
	}
	return all
}
