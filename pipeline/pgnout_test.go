package pipeline

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files of testdata/convert")

// convertConfig is the configuration arbiter convert runs with.
func convertConfig(workers int) *Config {
	return &Config{Workers: workers, ChunkSize: smallChunks,
		Check: CheckOptions{Validate: validate.Options{SAN: true}, Render: AppendPGN}}
}

// convertPaths runs a convert over paths and returns the PGN written and
// the findings printed.
func convertPaths(t *testing.T, workers int, paths ...string) (pgn []byte, findings string, sink *PGNSink) {
	t.Helper()
	inputs := Expand(paths)
	var out, errs bytes.Buffer
	sink = NewPGNSink(&out, &errs)
	sum, err := runWithin(t, context.Background(), convertConfig(workers), inputs, sink)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Games != sink.Written() {
		t.Fatalf("%d games read, %d written", sum.Games, sink.Written())
	}
	return out.Bytes(), errs.String(), sink
}

// convertBytes converts data as the file name in a temporary directory.
func convertBytes(t *testing.T, name string, data []byte) (pgn []byte, findings string) {
	t.Helper()
	pgn, findings, _ = convertPaths(t, 1, writeFile(t, t.TempDir(), name, data))
	return pgn, findings
}

// appendOne parses one game from text and renders it.
func appendOne(t *testing.T, text string) string {
	t.Helper()
	var out []byte
	n := 0
	err := parser.ReadGames(strings.NewReader(text), parser.Options{}, func(g *parser.Game) {
		r := validate.Check(g, &validate.Options{SAN: true})
		out = AppendPGN(out, g, &r)
		n++
	})
	if err != nil || n != 1 {
		t.Fatalf("read %d games, error %v", n, err)
	}
	return string(out)
}

// movetext is the part of one game's output after the tags.
func movetext(t *testing.T, pgn string) string {
	t.Helper()
	_, body, ok := strings.Cut(pgn, "]\n\n")
	if !ok {
		t.Fatalf("no tag section in %q", pgn)
	}
	return body
}

var goldenCases = []struct{ name, input string }{
	{"opera_russian", "../testdata/demo/opera_russian.txt"}, // Russian scoresheet, long algebraic
	{"german", "testdata/convert/german.pgn"},               // German letters, Windows-1252
	{"annotated", "testdata/convert/annotated.pgn"},         // comments, NAGs, clocks, variations, failures
	{"broken", "../testdata/demo/broken.pgn"},               // an illegal move in the main line
}

// TestConvertGolden: each sample converts to its golden file byte for byte.
func TestConvertGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			got, _, _ := convertPaths(t, 1, c.input)
			golden := filepath.Join("testdata", "convert", c.name+".golden.pgn")
			if *updateGolden {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s converts to\n%s\nwant\n%s", c.input, got, want)
			}
		})
	}
}

// TestConvertOpera: the Russian long-algebraic score becomes the Opera game
// in SAN, mate sign and all, with the roster filled in and the heading, the
// players and the place, kept as the game's leading comment.
func TestConvertOpera(t *testing.T) {
	got, findings, _ := convertPaths(t, 1, "../testdata/demo/opera_russian.txt")
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]

{Пол Морфи — герцог Брауншвейгский и граф Изуар Париж, опера, 1858} 1. e4 e5
2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6
9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6
15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0

`
	if string(got) != want || findings != "" {
		t.Errorf("got\n%s\nfindings %q", got, findings)
	}
}

// TestConvertGerman: German piece letters come out as SAN, and the
// Windows-1252 names as UTF-8.
func TestConvertGerman(t *testing.T) {
	got, findings, _ := convertPaths(t, 1, "testdata/convert/german.pgn")
	s := string(got)
	for _, want := range []string{`[Site "Köln"]`, `[White "Müller, Hans"]`, "2. Nf3 Nc6 3. Bb5", "19. Qd2", "22. Rea1 Rec8 1/2-1/2\n\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if strings.ContainsAny(movetext(t, s), "SLTD") || findings != "" {
		t.Errorf("German letters left or findings printed:\n%s\n%s", s, findings)
	}
}

// TestConvertBroken: the game with an illegal move keeps its legal prefix,
// the rest goes into a comment, and the finding is printed as check prints it.
func TestConvertBroken(t *testing.T) {
	got, findings, sink := convertPaths(t, 1, "../testdata/demo/broken.pgn")
	wantTail := `17. Qc1 Kh7 18. Nxe5 {arbiter: illegal move 18... Nxe6
(no black knight can reach e6); the rest of the game as written: Nxe6} 1/2-1/2

`
	first, _, _ := strings.Cut(string(got), "[Event")
	games := strings.Split(string(got), "\n\n[Event")
	if first != "" || len(games) != 3 || !strings.HasSuffix(games[0], strings.TrimSuffix(wantTail, "\n\n")) {
		t.Errorf("got\n%s", got)
	}
	wantFindings := "../testdata/demo/broken.pgn:11:56: error illegal-move: Nxe6: no black knight can reach e6 (move 18... Nxe6, ply 36)\n"
	if findings != wantFindings || sink.Errors != 1 || sink.Warnings != 0 || sink.Written() != 3 {
		t.Errorf("findings %q, counts %+v, written %d", findings, sink.Counts, sink.Written())
	}
}

// TestConvertRoundTrip: converting the output again gives it back byte for
// byte, prints nothing new, and the output checks clean: no illegal,
// ambiguous or unreadable move, no move in non-standard notation.
func TestConvertRoundTrip(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			once, _, _ := convertPaths(t, 1, c.input)
			twice, findings := convertBytes(t, "once.pgn", once)
			// Only a variant game, still not chess, may be reported again.
			if !bytes.Equal(once, twice) || strings.Count(findings, "\n") != strings.Count(findings, "info variant-unsupported") {
				t.Errorf("second conversion differs or complains (%q):\n%s\nfirst:\n%s", findings, twice, once)
			}
			games := 0
			parser.ReadGames(bytes.NewReader(once), parser.Options{}, func(g *parser.Game) {
				games++
				r := validate.Check(g, nil)
				for _, f := range r.Findings {
					switch f.Code {
					case validate.IllegalMove, validate.AmbiguousMove, validate.Syntax, validate.NonStandardNotation:
						t.Errorf("game %d: %s: %s", games, f.Code, f.Message)
					}
				}
			})
			if games == 0 {
				t.Error("no games read back")
			}
		})
	}
}

// TestConvertLineLength: no line of any output reaches 80 columns but for
// a comment word too long for one.
func TestConvertLineLength(t *testing.T) {
	for _, c := range goldenCases {
		out, _, _ := convertPaths(t, 1, c.input)
		checkLines(t, c.name, string(out))
	}
}

func checkLines(t *testing.T, name, out string) {
	t.Helper()
	for i, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n >= 80 && !longWordLine(line) {
			t.Errorf("%s line %d has %d columns: %q", name, i+1, n, line)
		}
		if strings.HasPrefix(line, " ") || strings.HasSuffix(line, " ") || strings.HasPrefix(line, "%") {
			t.Errorf("%s line %d starts or ends badly: %q", name, i+1, line)
		}
	}
}

// longWordLine says whether line may reach 80 columns: it holds a comment
// word too long for one (more than maxWord runes), and stays within
// maxLine bytes.
func longWordLine(line string) bool {
	long := false
	for _, f := range writtenWords(line) {
		long = long || utf8.RuneCountInString(f) > maxWord
	}
	return long && len(line) <= maxLine
}

// gluedLine says whether line may pass 80 columns because comment words
// that must not start a line ('%', or '[' but for "[%") were joined to the
// words before them (pgnWriter.comment), which it may do up to maxLine: the
// line fits without them, and only such words follow.
func gluedLine(line string) bool {
	if len(line) > maxLine {
		return false
	}
	fields := writtenWords(line)
	for i := 1; i < len(fields); i++ {
		if !mustNotStartLine(fields[i]) {
			continue
		}
		for _, f := range fields[i:] {
			if !mustNotStartLine(f) {
				return false
			}
		}
		return utf8.RuneCountInString(strings.Join(fields[:i], " ")) < 80
	}
	return false
}

// writtenWords splits line where the writer separates words: at ASCII
// blanks only (isBlank). strings.Fields would also split at a no-break
// space, which the writer keeps inside its word, and so see a glued '['
// word followed by an ordinary one (FuzzConvert found it).
func writtenWords(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool { return r < utf8.RuneSelf && isBlank(byte(r)) })
}

func mustNotStartLine(w string) bool {
	return w[0] == '%' || w[0] == '[' && !strings.HasPrefix(w, "[%")
}

// TestConvertOrderIndependentOfWorkers: many games over many chunks come
// out the same with one worker and with two, each game once.
func TestConvertOrderIndependentOfWorkers(t *testing.T) {
	var data []byte
	for _, c := range goldenCases {
		b, err := os.ReadFile(c.input)
		if err != nil {
			t.Fatal(err)
		}
		if c.name == "opera_russian" {
			b = append([]byte("[Event \"Opera\"]\n\n"), b...)
		}
		data = append(append(data, b...), "\n\n"...)
	}
	data = bytes.Repeat(data, 40)
	path := writeFile(t, t.TempDir(), "many.pgn", data)
	one, _, s1 := convertPaths(t, 1, path)
	two, _, s2 := convertPaths(t, 2, path)
	if !bytes.Equal(one, two) || s1.Written() != 40*10 || s2.Written() != s1.Written() {
		t.Errorf("workers 1 and 2 differ (%d and %d games)", s1.Written(), s2.Written())
	}
	if n := bytes.Count(one, []byte("\n\n[Event ")) + 1; n != 400 {
		t.Errorf("%d games in the output", n)
	}
}

// TestTags: the roster first in its order with placeholders, the other tags
// in their order, values escaped, the result as recorded.
func TestTags(t *testing.T) {
	got := appendOne(t, "[Black \"B \\\"the\\\\ bishop\\\"\"]\n[ECO \"C20\"]\n[Event \"E\"]\n[Annotator \"X\"]\n\n1. e4 e5 1-0\n")
	want := `[Event "E"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "B \"the\\ bishop\""]
[Result "1-0"]
[ECO "C20"]
[Annotator "X"]

1. e4 e5 1-0

`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestSetUpAndVariantTags: a FEN gets SetUp "1" beside it, and a game
// read as Chess960 without a Variant tag (castling rights off the standard
// squares) a Variant tag, so that other readers replay what arbiter did.
func TestSetUpAndVariantTags(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"chess960 without Variant",
			"[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. a4 *\n",
			"[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n"},
		{"standard FEN without SetUp",
			"[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n",
			"[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n"},
		{"both present",
			"[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. a4 *\n",
			"[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n"},
		{"unreadable FEN: no Variant",
			"[FEN \"bqnb1rkr/pp3ppp w HFhf\"]\n\n9. O-O *\n",
			"[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp w HFhf\"]\n\n"},
	} {
		got := appendOne(t, c.in)
		if !strings.Contains(got, c.want) || strings.Count(got, "[SetUp ") != 1 || strings.Count(got, "[Variant ") > 1 {
			t.Errorf("%s: got\n%s\nwant it to hold\n%s", c.name, got, c.want)
		}
	}
}

// TestResultRecorded: the tag when it is a result, else the marker, else *.
func TestResultRecorded(t *testing.T) {
	cases := []struct{ text, want string }{
		{"[Result \"0-1\"]\n\n1. e4 e5 1-0\n", "0-1"}, // the tag wins a mismatch
		{"[Result \"1:0\"]\n\n1. e4 e5 0-1\n", "1-0"}, // a written result, as check reads it
		{"[Result \"½-½\"]\n\n1. e4 e5\n", "1/2-1/2"},
		{"[Result \"?\"]\n\n1. e4 e5\n", "*"},
		{"[Event \"E\"]\n\n1. e4 e5 0-1\n", "0-1"},
	}
	for _, c := range cases {
		got := appendOne(t, c.text)
		if !strings.Contains(got, "[Result \""+c.want+"\"]\n") || !strings.HasSuffix(got, " "+c.want+"\n\n") {
			t.Errorf("%q gives\n%s\nwant result %s", c.text, got, c.want)
		}
	}
}

// TestMoveNumbers: Black's number only after a comment or a variation, or
// first in a line; a FEN sets the first number and side.
func TestMoveNumbers(t *testing.T) {
	cases := []struct{ text, want string }{
		{"[Event \"E\"]\n\n1. e4 e5 2. Nf3 $1 Nc6 *\n", "1. e4 e5 2. Nf3 $1 Nc6 *\n"},
		{"[Event \"E\"]\n\n1. e4 {c} e5 *\n", "1. e4 {c} 1... e5 *\n"},
		{"[Event \"E\"]\n\n1. e4 (1. d4 d5) e5 *\n", "1. e4 (1. d4 d5) 1... e5 *\n"},
		{"[Event \"E\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n", "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n"},
		{"[Event \"E\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 3 17\"]\n\n17... Kd7 18. e4 *\n", "17... Kd7 18. e4 *\n"},
		{"[Event \"E\"]\n\n{before} *\n", "{before} *\n"},
		{"[Event \"E\"]\n\n*\n", "*\n"},
	}
	for _, c := range cases {
		if got := movetext(t, appendOne(t, c.text)); got != c.want+"\n" {
			t.Errorf("%q gives %q, want %q", c.text, got, c.want+"\n")
		}
	}
}

// TestComments: blanks fold, commands stay whole, '}' cannot end the
// comment early, a long word stays whole on a line of its own, '%' never
// starts a line.
func TestComments(t *testing.T) {
	long := strings.Repeat("x", 100)
	got := movetext(t, appendOne(t, "[Event \"E\"]\n\n1. e4 {a\n\t b [%clk  0:01:02] c} e5 ; semi } colon\n2. Nf3 {"+long+"} *\n"))
	want := "1. e4 {a b [%clk 0:01:02] c} 1... e5 {semi ) colon} 2. Nf3\n{" + long + "}\n*\n\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	// A word made of '%' joins the word before it rather than open a line.
	words := strings.Repeat("abcdefghi ", 7) + "% of all"
	got = movetext(t, appendOne(t, "[Event \"E\"]\n\n1. e4 {"+words+"} *\n"))
	checkLines(t, "percent", got)
	if !strings.Contains(got, "abcdefghi %") {
		t.Errorf("'%%' split from its word:\n%s", got)
	}
}

// TestConvertCommentsBetweenGames: a comment after a game's result is
// written in that game, before its result, when it stands on the result's
// line, and as the next game's leading comment when it stands on a later
// line before that game's first move; one before a tag section stays with
// the game before, as its text does. Converting again changes nothing.
func TestConvertCommentsBetweenGames(t *testing.T) {
	const roster = "[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n"
	const noEvent = "[Event \"?\"]\n" + roster
	for _, tc := range []struct{ in, want string }{
		{"1. d4 d5 *\n\n{éé} 1. e4 e5 *\n",
			noEvent + "1. d4 d5 *\n\n" + noEvent + "{éé} 1. e4 e5 *\n\n"},
		{"1. d4 d5 * {after}\n{before} 1. e4 e5 *\n",
			noEvent + "1. d4 d5 {after} *\n\n" + noEvent + "{before} 1. e4 e5 *\n\n"},
		{"[Event \"x\"]\n\n1. d4 d5 * {after}\n\n{between}\n\n[Event \"y\"]\n\n1. e4 e5 *\n",
			"[Event \"x\"]\n" + roster + "1. d4 d5 {after between} *\n\n[Event \"y\"]\n" + roster + "1. e4 e5 *\n\n"},
	} {
		once, findings := convertBytes(t, "in.pgn", []byte(tc.in))
		if string(once) != tc.want || findings != "" {
			t.Errorf("%q converts to\n%s\nwant\n%s\nfindings %q", tc.in, once, tc.want, findings)
		}
		if twice, _ := convertBytes(t, "once.pgn", once); !bytes.Equal(twice, once) {
			t.Errorf("%q: second conversion differs:\n%s", tc.in, twice)
		}
	}
}

// TestDeepVariations: nesting as deep as the parser keeps is written
// without recursion, under 80 columns, and reads back the same.
func TestDeepVariations(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"Deep\"]\n\n1. e4 ")
	const depth = 300 // beyond the parser's cap of 256: the deepest are skipped
	for i := range depth {
		if i%2 == 0 {
			b.WriteString("(1. d4 ")
		} else {
			b.WriteString("(1. e4 ")
		}
	}
	b.WriteString(strings.Repeat(")", depth))
	b.WriteString(" 1... e5 *\n")
	once, findings := convertBytes(t, "deep.pgn", []byte(b.String()))
	checkLines(t, "deep", string(once))
	if n := bytes.Count(once, []byte("(")); n != parser.DefaultMaxDepth {
		t.Errorf("%d variations written, want %d", n, parser.DefaultMaxDepth)
	}
	if !strings.Contains(findings, "syntax: variations nested deeper than 256") {
		t.Errorf("findings %q", findings)
	}
	twice, findings := convertBytes(t, "deep.pgn", once)
	if !bytes.Equal(once, twice) || findings != "" {
		t.Errorf("deep variations do not read back the same: %q", findings)
	}
}

// TestNotReplayed: moves the report does not replay are written as a note;
// a report without SAN leaves the whole game in the note.
func TestNotReplayed(t *testing.T) {
	var got string
	parser.ReadGames(strings.NewReader("[Event \"E\"]\n\n1. e4 e5 2. Nf3 *\n"), parser.Options{}, func(g *parser.Game) {
		r := validate.Check(g, nil) // no SAN asked for
		got = movetext(t, string(AppendPGN(nil, g, &r)))
	})
	want := "{arbiter: not replayed from 1. e4; the game as written: 1. e4 e5 2. Nf3} *\n\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// An illegal first move: the note stands before the moves. Its reason
	// keeps the finding's hint of a diagram and drops the count of moves
	// not checked, which the game as written shows.
	got = movetext(t, appendOne(t, "[Event \"E\"]\n{Start.} 1. e5 e4 *\n"))
	want = "{Start. arbiter: illegal move 1. e5 (no white pawn can reach e5; the record may\nstart from a diagram it does not give; a FEN tag with that position lets\narbiter check it); the game as written: 1. e5 e4} *\n\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestNotesQuoteTheNumbersWritten: a score that starts in mid-game without
// a FEN cannot be replayed; the note says it is a fragment (not that its
// first move is illegal from the start position) and quotes it with its own
// move numbers.
func TestNotesQuoteTheNumbersWritten(t *testing.T) {
	got := movetext(t, appendOne(t, "4. Кc3:e4 Сc8-d7 5. Кg1-f3 Сd7-c6\n"))
	want := "{arbiter: not replayed from 4. Кc3:e4 (a fragment from move 4. with no position\nto start from, which a FEN tag would give: its 4 moves are not checked); the\ngame as written: 4. Кc3:e4 Сc8-d7 5. Кg1-f3 Сd7-c6} *\n\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestMainLineFollowsReplay: the main line is written in the order the
// replay read it, the moves of depth 0 in source order, even where Prev
// says otherwise.
func TestMainLineFollowsReplay(t *testing.T) {
	g := &parser.Game{Text: []byte("e4e5Nf3"), Moves: []parser.Move{
		{Raw: parser.Span{Off: 0, Len: 2}, Prev: -1},
		{Raw: parser.Span{Off: 2, Len: 2}, Prev: -1},
		{Raw: parser.Span{Off: 4, Len: 3}, Prev: 0},
	}}
	r := &validate.Report{SAN: []validate.MoveText{validate.MakeMoveText("e4"), validate.MakeMoveText("e5"), validate.MakeMoveText("Nf3")}}
	if got := movetext(t, string(AppendPGN(nil, g, r))); got != "1. e4 e5 2. Nf3 *\n\n" {
		t.Errorf("got %q", got)
	}
}

// TestRenderHook: CheckChunk hands every record its own output, the same
// bytes AppendPGN makes of the game alone.
func TestRenderHook(t *testing.T) {
	data, err := os.ReadFile("../testdata/demo/broken.pgn")
	if err != nil {
		t.Fatal(err)
	}
	opt := &CheckOptions{Validate: validate.Options{SAN: true}, Render: AppendPGN}
	recs := CheckChunk(parser.Chunk{Data: data, Start: parser.Pos{Line: 1, Col: 1}}, opt, nil)
	var want [][]byte
	parser.ReadGames(bytes.NewReader(data), parser.Options{}, func(g *parser.Game) {
		r := validate.Check(g, &opt.Validate)
		want = append(want, AppendPGN(nil, g, &r))
	})
	if len(recs) != 3 || len(want) != 3 {
		t.Fatalf("%d records, %d games", len(recs), len(want))
	}
	for i := range recs {
		if !bytes.Equal(recs[i].Output, want[i]) {
			t.Errorf("record %d output\n%s\nwant\n%s", i, recs[i].Output, want[i])
		}
	}
	if recs := CheckChunk(parser.Chunk{Data: data, Start: parser.Pos{Line: 1, Col: 1}}, &CheckOptions{}, nil); recs[0].Output != nil {
		t.Error("output without a Render")
	}
}

// TestAboutConversion: only findings about what the output lacks are printed.
func TestAboutConversion(t *testing.T) {
	mate := &validate.Report{End: validate.Checkmate}
	drawn := &validate.Report{End: validate.Fivefold}
	cases := []struct {
		r    *validate.Report
		code validate.Code
		want bool
	}{
		{drawn, validate.IllegalMove, true},
		{drawn, validate.AmbiguousMove, true},
		{drawn, validate.Syntax, true},
		{drawn, validate.VariantUnsupported, true},
		{mate, validate.MovesAfterEnd, true},
		{drawn, validate.MovesAfterEnd, false}, // replayed and written
		{drawn, validate.WrongResult, false},
		{drawn, validate.NonStandardNotation, false},
		{drawn, validate.TagMissing, false},
	}
	for _, c := range cases {
		if got := aboutConversion(c.r, &validate.Finding{Code: c.code}); got != c.want {
			t.Errorf("%s after %s: %v", c.code, c.r.End, got)
		}
	}
}

// TestPGNSink: games written in order, findings filtered, a record without
// output skipped, the summary counting both.
func TestPGNSink(t *testing.T) {
	var out, errs bytes.Buffer
	s := NewPGNSink(&out, &errs)
	recs := []GameRecord{
		{File: "a.pgn", Output: []byte("one\n\n"), Report: validate.Report{Findings: []validate.Finding{
			{Code: validate.TagMissing, Severity: validate.Warning, Message: "no tags", Ply: -1, Pos: parser.Pos{Line: 1, Col: 1}},
			{Code: validate.IllegalMove, Severity: validate.Error, Message: "bad", Ply: 3, Move: "Nf3", Pos: parser.Pos{Line: 4, Col: 9}},
		}}},
		{File: "a.pgn", Index: 1},
		{File: "a.pgn", Index: 2, Output: []byte("three\n\n")},
	}
	for i := range recs {
		if err := s.Game(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if out.String() != "one\n\nthree\n\n" || s.Written() != 2 {
		t.Errorf("wrote %q (%d games)", out.String(), s.Written())
	}
	if errs.String() != "a.pgn:4:9: error illegal-move: bad (move 2. Nf3, ply 3)\n" || s.Errors != 1 || s.Warnings != 0 {
		t.Errorf("printed %q, counts %+v", errs.String(), s.Counts)
	}
	if len(recs[0].Report.Findings) != 2 {
		t.Error("the record's findings were changed")
	}
	var sum bytes.Buffer
	s.WriteSummary(&sum, &Summary{Files: 1, Games: 3, Plies: 12, Failed: 1, Interrupted: true}, true)
	if want := "arbiter: 1 file, 3 games read, 2 games written, 12 plies: 1 error, 0 warnings in 0s; 1 file unreadable; interrupted\n"; sum.String() != want {
		t.Errorf("summary %q, want %q", sum.String(), want)
	}
	// An output file not kept holds no game.
	sum.Reset()
	s.WriteSummary(&sum, &Summary{Files: 1, Games: 3, Plies: 12, Interrupted: true}, false)
	if want := "arbiter: 1 file, 3 games read, 0 games written, 12 plies: 1 error, 0 warnings in 0s; interrupted\n"; sum.String() != want {
		t.Errorf("summary %q, want %q", sum.String(), want)
	}
}

// TestPieces: words whole up to maxLongWord bytes, then cut; commands too
// long for a line cut at their spaces.
func TestPieces(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"short", []string{"short"}},
		{strings.Repeat("й", 80), []string{strings.Repeat("й", 80)}},
		{strings.Repeat("й", 130), []string{strings.Repeat("й", 126), strings.Repeat("й", 4)}}, // 253 bytes: 126 whole characters
		{"[%csl " + strings.Repeat("Ga1,", 18) + "]", []string{"[%csl", strings.Repeat("Ga1,", 18) + "]"}},
		{"[%csl " + strings.Repeat("Ga1,", 20) + "]", []string{"[%csl", strings.Repeat("Ga1,", 20) + "]"}},
		{"[%cal Ga1a2, Gb1b2, " + strings.Repeat("x", 80) + "]", []string{"[%cal", "Ga1a2,", "Gb1b2,", strings.Repeat("x", 80) + "]"}},
	}
	for _, c := range cases {
		var got []string
		for p := range pieces([]byte(c.in)) {
			got = append(got, string(p))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("pieces(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCorpusConvert converts the shared corpus: every game read is
// written, no movetext line reaches 80 columns (but for a comment word too
// long for one) or starts with '%', and
// converting the output again gives it back byte for byte, reporting only
// games that cannot be set up (a variant, an unreadable FEN).
func TestCorpusConvert(t *testing.T) {
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus: %v", err)
	}
	tmp := t.TempDir()
	once := convertToFile(t, filepath.Join(tmp, "once.pgn"), dir)
	twice := convertToFile(t, filepath.Join(tmp, "twice.pgn"), once)

	a, err := os.ReadFile(once)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(a), "\n") {
		if strings.HasPrefix(line, "[") {
			continue // a tag pair cannot be wrapped
		}
		if n := utf8.RuneCountInString(line); n >= 80 && !longWordLine(line) || strings.HasPrefix(line, "%") {
			t.Errorf("once.pgn line %d (%d columns): %q", i+1, n, line)
		}
	}
	b, err := os.ReadFile(twice)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("converting the output again changes it")
	}
}

// convertToFile converts path into out and returns out; findings other
// than a game that cannot be set up are allowed only on the first pass.
func convertToFile(t *testing.T, out, path string) string {
	t.Helper()
	inputs := Expand([]string{path})
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var findings bytes.Buffer
	sink := NewPGNSink(f, &findings)
	cfg := convertConfig(0)
	cfg.ChunkSize = 0
	s, err := Run(context.Background(), cfg, inputs, sink)
	if err != nil {
		t.Fatal(err)
	}
	// Every game read is written but text that is not a game: a few
	// preambles and comments before a file's first game.
	if s.Games == 0 || s.Games != sink.Written()+sink.LeftOut || sink.LeftOut > 20 || s.Failed != 0 {
		t.Errorf("%s: %d games read, %d written, %d left out, %d inputs failed", path, s.Games, sink.Written(), sink.LeftOut, s.Failed)
	}
	if filepath.Base(path) == "once.pgn" {
		for _, line := range strings.Split(strings.TrimSpace(findings.String()), "\n") {
			if line != "" && !strings.Contains(line, "variant-unsupported") && !strings.Contains(line, "the FEN tag cannot be read") {
				t.Errorf("the converted corpus reports %s", line)
			}
		}
	}
	return out
}

// BenchmarkAppendPGN measures rendering alone over the sample games,
// comments, variations and notes included.
func BenchmarkAppendPGN(b *testing.B) {
	type game struct {
		g *parser.Game
		r validate.Report
	}
	var gs []game
	var size int64
	for _, c := range goldenCases {
		data, err := os.ReadFile(c.input)
		if err != nil {
			b.Fatal(err)
		}
		size += int64(len(data))
		parser.ReadGames(bytes.NewReader(data), parser.Options{}, func(g *parser.Game) {
			gs = append(gs, game{g.Clone(), validate.Check(g, &validate.Options{SAN: true})})
		})
	}
	b.SetBytes(size)
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		for i := range gs {
			out = AppendPGN(out[:0], gs[i].g, &gs[i].r)
		}
	}
}

// BenchmarkRunConvert is BenchmarkRun with convert's SAN and rendering.
func BenchmarkRunConvert(b *testing.B) {
	data := synthetic(0, 50000)
	path := filepath.Join(b.TempDir(), "many.pgn")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	inputs := Expand([]string{path})
	cfg := convertConfig(0)
	cfg.ChunkSize = 0
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		sink := NewPGNSink(io.Discard, io.Discard)
		s, err := Run(context.Background(), cfg, inputs, sink)
		if err != nil || s.Games != 50000 || sink.Written() != 50000 {
			b.Fatalf("%+v %v", s, err)
		}
	}
}

// convertText renders every game of text as convert does.
func convertText(text []byte) []byte {
	var out []byte
	parser.ReadGames(bytes.NewReader(text), parser.Options{}, func(g *parser.Game) {
		r := validate.Check(g, &validate.Options{SAN: true})
		out = AppendPGN(out, g, &r)
	})
	return out
}

// FuzzConvert: whatever the input, rendering does not panic, keeps movetext
// lines under 80 columns (but for a comment word too long for one) and off
// '%' at their start, and a second conversion changes nothing.
func FuzzConvert(f *testing.F) {
	for _, c := range goldenCases {
		if b, err := os.ReadFile(c.input); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("1. e4 (1. d4 {c} d5 (1... Nf6 $1)) e5 {x} (1... c5) 2. Nf3 *"))
	// A quoted remark whose list of pieces begins the next game: its
	// leading comment opened before it (the parser's FuzzParse found it).
	f.Add([]byte("1. e4 e5 *\n\"Позиция: Крa1 Лb1 черные Крa7\" 1. Лb2 Крa6 *\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		once := convertText(text)
		for _, line := range strings.Split(string(once), "\n") {
			if !strings.HasPrefix(line, "[") && utf8.RuneCountInString(line) >= 80 && !longWordLine(line) && !gluedLine(line) || strings.HasPrefix(line, "%") {
				t.Fatalf("line of %d columns: %q", utf8.RuneCountInString(line), line)
			}
		}
		if twice := convertText(once); !bytes.Equal(once, twice) {
			t.Fatalf("second conversion differs:\n%s\nfirst:\n%s", twice, once)
		}
	})
}

// A move that a missing move gives to the other side is named in the note
// by its number as written (4. Bb5), not by the side the replay reached.
func TestConvertGapNote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1. e4 e5 2. Nf3 4. Bb5 a6 *", "1. e4 e5 2. Nf3 {arbiter: not replayed from 4. Bb5; the rest of the game as\nwritten: 4. Bb5 a6} *\n\n"},
		{"1. e4 e5 (2. d4 exd4) 2. Nf3 *", "1. e4 e5 {arbiter: not replayed from 2. d4; the variation as written: 2. d4\nexd4} 2. Nf3 *\n\n"},
	} {
		if got := movetext(t, appendOne(t, "[Event \"x\"]\n\n"+c.in+"\n")); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

// TestConvertTwoColumns: a scoresheet in two columns is written in the
// order of its numbers, and a note on a move not replayed quotes the moves
// from it on in that order, each with the number written before it, not
// the source text after it (the rows of the left column, replayed).
func TestConvertTwoColumns(t *testing.T) {
	sheet := "" +
		"1. e2-e4   e7-e5      5. Сc4:f7+  Крe8:f7\n" +
		"2. Кg1-f3  Кb8-c6     6. Кf3-g5+  Кр f7-f8\n" +
		"3. Сf1-c4  Сf8-c5     7. Фd1-h5\n" +
		"4. 0-0     d7-d6      *\n"
	if got, want := movetext(t, appendOne(t, sheet)), "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. Bxf7+ Kxf7 6. Ng5+ Kf8 7. Qh5 *\n\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	illegal := strings.Replace(sheet, "Крe8:f7", "Кg8:f7", 1)
	want := "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. Bxf7+ {arbiter: illegal move\n" +
		"5... Кg8:f7 (the black knight on g8 cannot move to f7); the rest of the game as\n" +
		"written: Кg8:f7 6. Кf3-g5+ Кр f7-f8 7. Фd1-h5} *\n\n"
	if got := movetext(t, appendOne(t, illegal)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestConvertSmallCyrillicBishop: a bishop's move typed with a small
// Cyrillic с ("сb5", "с:c6", "сf8-c5", as "кf3" is a knight's) is written as
// the bishop's SAN; a с that a pawn's move reads as a file stays the pawn's.
func TestConvertSmallCyrillicBishop(t *testing.T) {
	got := movetext(t, appendOne(t, "1. e4 e5 2. кf3 кc6 3. сb5 сf8-c5 4. с:c6 dc 5. d3 сg4 6. с4 *\n"))
	if want := "1. e4 e5 2. Nf3 Nc6 3. Bb5 Bc5 4. Bxc6 dxc6 5. d3 Bg4 6. c4 *\n\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestConvertNoteNumberAsWritten: a note names a move without a number of
// its own by the number the sheet gives it, even when a word before it
// that was not read took a move out of the count: "3. ЖF1-B5 A7-A6" makes
// A7-A6 Black's third, not White's. A number with more than that word
// after it, or inside a comment, is no such number.
func TestConvertNoteNumberAsWritten(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. ЖF1-B5 A7-A6 4. E4-E5 *",
			"1. e4 e5 2. Nf3 Nc6 {ЖF1-B5 arbiter: illegal move 3... A7-A6 (a7 holds a black\npawn, and white is to move); the rest of the game as written: 3. ЖF1-B5 A7-A6\n4. E4-E5} *\n\n"},
		{"1. e4 e5 2. Nf3 Nc6 3... Жx Ke7 *",
			"1. e4 e5 2. Nf3 Nc6 {Жx arbiter: illegal move 4. Ke7 (no white king can reach\ne7); the rest of the game as written: 3... Жx Ke7} *\n\n"},
		// prose after the number: the count of moves names it
		{"1. e4 e5 2. Nf3 Nc6 3. Жx и далее Ke7 *",
			"1. e4 e5 2. Nf3 Nc6 {Жx и далее arbiter: illegal move 3. Ke7 (no white king can\nreach e7); the rest of the game as written: 3. Жx и далее Ke7} *\n\n"},
		{"1. e4 e5 2. Nf3 {see 3. Bb5} Ke3 *",
			"1. e4 e5 2. Nf3 {see 3. Bb5 arbiter: illegal move 2... Ke3 (no black king can\nreach e3); the rest of the game as written: Ke3} *\n\n"},
		{"1. e4 e5 2. Nf3 ; see 3. Bb5\nKe3 *",
			"1. e4 e5 2. Nf3 {see 3. Bb5 arbiter: illegal move 2... Ke3 (no black king can\nreach e3); the rest of the game as written: Ke3} *\n\n"},
	} {
		if got := movetext(t, appendOne(t, c.in+"\n")); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}
