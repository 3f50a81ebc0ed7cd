package validate

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// testGame builds a game from tag pairs ("Name", "Value", ...), a result
// marker and a main line written as "e4 5:00 | e5 4:59 emt=0:01 | Nf3 -":
// each ply is a move, then optionally its [%clk] ("-" or nothing: none; "?":
// one that cannot be read) and its [%emt] as emt=....
func testGame(t testing.TB, tags []string, result string, line string) *parser.Game {
	t.Helper()
	g := &parser.Game{Result: result, Start: parser.Pos{Line: 1, Col: 1}}
	for i := 0; i+1 < len(tags); i += 2 {
		g.Tags = append(g.Tags, parser.Tag{Name: tags[i], Value: tags[i+1], Pos: parser.Pos{Line: int64(i/2 + 1), Col: 1}})
	}
	line = strings.TrimSpace(line)
	if line != "" {
		for i, ply := range strings.Split(line, "|") {
			f := strings.Fields(ply)
			m := parser.Move{Clock: -1, EMT: -1, Prev: int32(i - 1), Pos: parser.Pos{Line: int64(100 + i), Col: 1}}
			m.Raw = parser.Span{Off: uint32(len(g.Text)), Len: uint32(len(f[0]))}
			m.Norm = m.Raw
			g.Text = append(g.Text, f[0]...)
			for _, x := range f[1:] {
				if v, ok := strings.CutPrefix(x, "emt="); ok {
					m.EMT = clockMS(t, v)
				} else if x == "?" {
					// As the parser files it: the move's mark and the
					// game's list, with "?" as the value it could not read.
					m.ClockUnread = true
					g.UnreadClocks = append(g.UnreadClocks, parser.UnreadClock{Pos: m.Pos, Move: int32(i),
						Arg: parser.Span{Off: uint32(len(g.Text)), Len: 1}})
					g.Text = append(g.Text, '?')
				} else if x != "-" {
					m.Clock = clockMS(t, x)
				}
			}
			g.Moves = append(g.Moves, m)
		}
	}
	g.End = parser.Pos{Line: 200, Col: 1}
	g.ResultPos = parser.Pos{Line: 199, Col: 5}
	g.Has = hasOf(g.Moves)
	return g
}

// hasOf is what the parser says in Game.Has of a game with these moves:
// a test that builds or changes moves by hand sets it again.
func hasOf(moves []parser.Move) parser.Has {
	var h parser.Has
	for _, m := range moves {
		if m.Depth != 0 {
			h |= parser.HasVariations
		}
		if m.Clock != -1 || m.EMT != -1 {
			h |= parser.HasClocks
		}
		if m.Gap != 0 {
			h |= parser.HasGap
		}
	}
	return h
}

// clockMS reads "H:MM:SS(.f)", "M:SS" or "SS(.f)" (a leading "-" negates).
func clockMS(t testing.TB, s string) int64 {
	t.Helper()
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var total float64
	for _, part := range strings.Split(s, ":") {
		v, err := strconv.ParseFloat(part, 64)
		if err != nil {
			t.Fatalf("bad clock %q", s)
		}
		total = total*60 + v
	}
	ms := int64(total*1000 + 0.5)
	if neg {
		ms = -ms
	}
	return ms
}

func mainLine(g *parser.Game) []int32 {
	var idx []int32
	for i := range g.Moves {
		if g.Moves[i].Depth == 0 {
			idx = append(idx, int32(i))
		}
	}
	return idx
}

// codes lists the codes of findings, for compact assertions.
func codes(fs []Finding) []Code {
	var out []Code
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

func sameCodes(a, b []Code) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// parserMove appends a main-line move written san to g and returns it for the
// caller to set its clocks.
func parserMove(g *parser.Game, san string, i int) *parser.Move {
	m := parser.Move{Clock: -1, EMT: -1, Prev: int32(i - 1), Pos: parser.Pos{Line: int64(100 + i), Col: 1}}
	m.Raw = parser.Span{Off: uint32(len(g.Text)), Len: uint32(len(san))}
	m.Norm = m.Raw
	g.Text = append(g.Text, san...)
	g.Moves = append(g.Moves, m)
	return &g.Moves[len(g.Moves)-1]
}

// parseConfig reads rule settings (test convenience) written as command-line flags, in order:
// "--enable CODE", "--disable CODE", "--severity CODE=LEVEL", each also as
// "--flag=value", values with comma-separated lists. It serves configuration
// kept in a file or an environment variable; the CLI's own flags call Enable,
// Disable and SetSeverity directly.
func parseConfig(args []string) (*Config, error) {
	c := &Config{}
	for i := 0; i < len(args); i++ {
		flag, value, hasValue := strings.Cut(args[i], "=")
		var apply func(...string) error
		switch strings.TrimLeft(flag, "-") {
		case "enable":
			apply = c.Enable
		case "disable":
			apply = c.Disable
		case "severity":
			apply = c.SetSeverity
		default:
			return nil, fmt.Errorf("rule setting %q: want --enable, --disable or --severity", args[i])
		}
		if !strings.HasPrefix(flag, "-") {
			return nil, fmt.Errorf("rule setting %q: want --enable, --disable or --severity", args[i])
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("rule setting %s needs a value", flag)
			}
			i++
			value = args[i]
		}
		if err := apply(value); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// checkClocks runs a checker over a whole main line, given as indices into
// g.Moves, for callers that do not step it from their own loop.
func checkClocks(g *parser.Game, tc *TimeControl, start ClockStart, mainLine []int32) ClockChecker {
	c := StartClocks(g, tc, start)
	for _, idx := range mainLine {
		c.Step(idx)
	}
	return c
}

// wantOne checks the findings of r, as got lists them, and the message of
// its finding of code: msg, or none when msg is "".
func wantOne(t *testing.T, r Report, findings string, code Code, msg string) {
	t.Helper()
	if g := got(r); g != findings {
		t.Errorf("findings %q, want %q", g, findings)
	}
	f := find(r, code)
	switch {
	case msg == "" && f != nil:
		t.Errorf("%s finding %q, want none", code, f.Message)
	case msg != "" && (f == nil || f.Message != msg):
		t.Errorf("%s finding %+v, want %q", code, f, msg)
	}
}
