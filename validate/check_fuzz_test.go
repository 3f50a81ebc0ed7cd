package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// FuzzCheck feeds arbitrary bytes through the parser and the rules: no
// input may panic, every game read gets a report, and the report's counts
// agree with its findings.
func FuzzCheck(f *testing.F) {
	demos, _ := filepath.Glob("../testdata/demo/*")
	for _, name := range demos {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(pgn("*", []string{"SetUp 1", "FEN 4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"}, "1. Nd2 (1. Nbd2 Kd7 (1... Ke7)) *")))
	f.Add([]byte("1. e4 -- 2. Ke2 Z0 3. Kf3 Nf6 4. e5 Ng8 5. Ke2 1/2-1/2"))
	f.Add([]byte("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *"))
	f.Add([]byte("1. e4 e5 2. Кf3 Кc6 3. Сb5 — a6 {x} Сa4 (Сc4 Кf6) Кf6 — e4 Черные сдались.\n"))
	f.Add([]byte(pgn("1-0", []string{"TimeControl 40/90+30:30+30"}, "1. e4 {[%clk 1:30:21]} e5 {[%clk 1:30:25]} 2. Nf3 {[%clk 0:00:10]} 1-0")))
	f.Fuzz(func(t *testing.T, data []byte) {
		games := 0
		err := parser.ReadGames(bytes.NewReader(data), parser.Options{}, func(g *parser.Game) {
			games++
			for _, o := range []*Options{nil, {Profile: USSR, Moves: true, SAN: true}} {
				r := Check(g, o)
				e, w, i := 0, 0, 0
				for _, fd := range r.Findings {
					switch fd.Severity {
					case Error:
						e++
					case Warning:
						w++
					default:
						i++
					}
				}
				if e != r.Errors || w != r.Warnings || i != r.Infos {
					t.Fatalf("counts %d/%d/%d, findings say %d/%d/%d", r.Errors, r.Warnings, r.Infos, e, w, i)
				}
				if r.Plies < 0 || r.Plies > len(g.Moves) {
					t.Fatalf("%d plies from %d moves", r.Plies, len(g.Moves))
				}
			}
		})
		if err != nil {
			t.Fatalf("read error on in-memory input: %v", err)
		}
		if len(bytes.TrimSpace(data)) > 0 && games == 0 {
			t.Skip() // text with no game in it
		}
	})
}
