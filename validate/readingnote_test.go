package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// ReadingNote knows the two notes on how a FEN is read, and no other
// finding: not another non-standard-notation, nor the same words at a move
// or under another code.
func TestReadingNote(t *testing.T) {
	in := "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9\n" +
		"rbbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RBBQKNNR w KQkq - 0 1\n"
	var kinds []int
	err := parser.ReadGames(strings.NewReader(in), parser.Options{}, func(g *parser.Game) {
		for _, f := range Check(g, nil).Findings {
			kinds = append(kinds, ReadingNote(&f))
			f.Ply = 1
			kinds = append(kinds, ReadingNote(&f))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	other := Finding{Code: NonStandardNotation, Message: "«0-0» is written with zeros"}
	syntax := Finding{Code: Syntax, Message: chess960Reading}
	kinds = append(kinds, ReadingNote(&other), ReadingNote(&syntax))
	if fmt.Sprint(kinds) != "[1 0 2 0 0 0]" {
		t.Errorf("kinds %v, want [1 0 2 0 0 0]", kinds)
	}
}
