package validate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
)

// findingsOf reads text (PGN, or a Scid ECO file) and checks each game,
// returning its findings as "LINE:COL code severity" lines, one string a
// game.
func findingsOf(t *testing.T, text string) []string {
	t.Helper()
	return findingsEach(t, text, "", func(f *Finding) string {
		return fmt.Sprintf("%d:%d %s %s; ", f.Pos.Line, f.Pos.Col, f.Code, f.Severity)
	})
}

// findingsEach checks each game of text and returns, a game each, its
// findings as show writes them, joined by sep.
func findingsEach(t *testing.T, text, sep string, show func(*Finding) string) []string {
	t.Helper()
	var out []string
	err := parser.ReadGames(bytes.NewReader([]byte(text)), parser.Options{}, func(g *parser.Game) {
		var fs []string
		for _, f := range Check(g, nil).Findings {
			fs = append(fs, show(&f))
		}
		out = append(out, strings.Join(fs, sep))
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// An opening line (an ECO or Opening tag, result *, no roster tag) gets no
// tag-missing, nor any other finding but those on its moves.
func TestOpeningLine(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"pgn-extract's eco.pgn",
			"[ECO \"A00\"]\n[Opening \"Polish\"]\n[Variation \"Outflank variation\"]\n\n1. b4 c6 *\n\n" +
				"[Opening \"Polish\"]\n\n1. b4 *\n\n[ECO \"A00\"]\n\n1. b4 Nh6 *\n",
			[]string{"", "", ""}},
		{"Scid's .eco",
			"# comment\nA00b \"Fried fox\"  1.f3 e5 2.Kf2 *\nA00j \"Mieses: 1...e5\"  1.d3 e5 *\n",
			[]string{"", ""}},
		{"pychess's eco.pgn, with no result marker: result-missing alone",
			"[ECO \"A00\"]\n[Opening \"Lengyel\"]\n\n1. b4\n\n[ECO \"B20\"]\n\n1. e4 c5\n",
			[]string{"4:6 result-missing info; ", "8:9 result-missing info; "}},
		{"an ECO entry without its *",
			"A00 \"x\" 1.e4\n",
			[]string{"1:13 result-missing info; "}},
		{"an illegal move is reported where it stands",
			"A00 \"x\"\n  1.e4 e5 2.Ke3 *\n",
			[]string{"2:13 illegal-move error; "}},
		{"a wrong move number in an entry (scid.eco has some)",
			"A05 \"Reti: KIA\"  1.Nf3 Nf6 2.g3 g6 3.b4 Bg7 5.Bb2 *\n",
			[]string{"1:45 syntax error; "}},
		// Near misses: each is a game, or no opening line, and warns.
		{"a player named",
			"[ECO \"B20\"]\n[White \"Tal, M\"]\n\n1. e4 c5 *\n",
			[]string{"1:1 tag-missing warning; "}},
		{"a Result tag",
			"[ECO \"B20\"]\n[Result \"*\"]\n\n1. e4 c5 *\n",
			[]string{"1:1 tag-missing warning; "}},
		{"a decided result",
			"[ECO \"B20\"]\n[Opening \"Sicilian\"]\n\n1. e4 c5 1-0\n",
			[]string{"1:1 tag-missing warning; "}},
		{"neither ECO nor Opening",
			"[Variation \"Najdorf\"]\n\n1. e4 c5 *\n",
			[]string{"1:1 tag-missing warning; "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := findingsOf(t, tc.text)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}
