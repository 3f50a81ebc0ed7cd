package validate

import (
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// CheckTo writes the report Check returns, over whatever the report held
// before (another game's findings and counts), and the Checker keeps no
// hold on the caller's report once it returns.
func TestCheckToSameReport(t *testing.T) {
	text := pgn("1-0", nil, "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1-0") + "\n" + pgn("1-0", nil, "1. e4 e4 1-0")
	var c Checker
	var into Report
	i := 0
	err := parser.ReadGames(strings.NewReader(text), parser.Options{}, func(g *parser.Game) {
		want := Check(g, nil)
		c.CheckTo(g, nil, &into)
		if !reflect.DeepEqual(into, want) {
			t.Errorf("game %d: CheckTo wrote\n%+v\nCheck returned\n%+v", i, into, want)
		}
		if c.r != nil {
			t.Errorf("game %d: the Checker still holds the report", i)
		}
		i++
	})
	if err != nil || i != 2 {
		t.Fatalf("%d games, %v", i, err)
	}
	if into.FirstError != IllegalMove || into.Plies != 1 || into.ThreefoldPly != -1 || len(into.Findings) != 1 {
		t.Errorf("the second game's report: first error %q, %d plies, threefold at %d, findings %v",
			into.FirstError, into.Plies, into.ThreefoldPly, into.Findings)
	}
}
