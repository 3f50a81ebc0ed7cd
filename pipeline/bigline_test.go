package pipeline

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/pipeline/table"
	"github.com/arbiter-chess/arbiter/pipeline/table/tabletest"
)

// bigLineInput is two games, the second past line 2^31 when the input's
// first line is bigLineFirst: its Event tag on 2^31, a tag-missing finding
// there, and an illegal move (2. Ke3) on line 2^31+6, column 4.
const (
	bigLineFirst = 1<<31 - 7
	bigLineInput = "[Event \"a\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n*\n\n" +
		"[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5\n2. Ke3 Nc6 1-0\n"
)

// checkFrom checks input as the records of in, its first byte at start, as
// a runner started at an offset (arbiter-beam's shards) reads it.
func checkFrom(t *testing.T, in Input, input string, start parser.Pos) []GameRecord {
	t.Helper()
	opt := &CheckOptions{}
	s := parser.NewSplitter(strings.NewReader(input), parser.SplitOptions{Target: 64, Start: start, Parse: parser.Options{}})
	var recs []GameRecord
	for {
		c, err := s.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range CheckChunk(c, opt, nil) {
			r.File, r.Index = in.Path, len(recs)
			recs = append(recs, r)
		}
	}
	return recs
}

// Lines past 2^31 are written exactly, not wrapped negative, in JSON Lines
// and in the games and findings tables (int64 line columns). The count
// crosses 2^31 within the input; TestCorpusLinesPast2To31Streamed reads
// 2^31 real lines.
func TestLinesPast2To31Written(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	in := inputFile(t, inDir, "a.pgn", bigLineInput)
	recs := checkFrom(t, in, bigLineInput, parser.Pos{Offset: 1 << 33, Line: bigLineFirst, Col: 1})
	if len(recs) != 2 {
		t.Fatalf("%d records, want 2", len(recs))
	}
	var jsonl, text, github, sarif bytes.Buffer
	pq := newSink(t, out, ParquetOptions{})
	for _, s := range []Sink{NewJSONLSink(&jsonl), NewTextSink(&text), NewGitHubSink(&github), NewSARIFSink(&sarif, nil), pq} {
		if err := s.BeginFile(in); err != nil {
			t.Fatal(err)
		}
		for i := range recs {
			if err := s.Game(&recs[i]); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.EndFile(&FileSummary{Input: in, Games: 2, Complete: true}); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(&Summary{}); err != nil {
			t.Fatal(err)
		}
	}

	const event, illegal = 1 << 31, 1<<31 + 6
	for _, want := range []string{
		`"game":1,"line":` + strconv.Itoa(event) + `,"column":1,`,
		`"game":1,"line":` + strconv.Itoa(illegal) + `,"column":4,"ply":3,"move":"Ke3","code":"illegal-move"`,
	} {
		if !strings.Contains(jsonl.String(), want) {
			t.Errorf("JSON Lines without %s:\n%s", want, jsonl.String())
		}
	}

	for _, c := range []struct {
		name string
		out  *bytes.Buffer
		want string
	}{
		{"text", &text, ":" + strconv.Itoa(illegal) + ":4: error illegal-move"},
		{"GitHub", &github, ",line=" + strconv.Itoa(illegal) + ",col=4,"},
		{"SARIF", &sarif, `"startLine":` + strconv.Itoa(illegal) + `,`},
	} {
		if !strings.Contains(c.out.String(), c.want) {
			t.Errorf("%s output without %s:\n%s", c.name, c.want, c.out.String())
		}
	}

	files := tabletest.Read(t, filepath.Join(out, table.GamesDir, "00000-a.pgn.parquet"),
		filepath.Join(out, table.FindingsDir, "00000-a.pgn.parquet"))
	for _, f := range files {
		if c := f.Column("line"); c == nil || c.Type != "INT64" {
			t.Errorf("line column %+v, want INT64", c)
		}
	}
	var games []string
	for _, r := range files[0].Rows {
		games = append(games, fmtCell(r["line"]))
	}
	if want := []string{strconv.Quote(strconv.Itoa(bigLineFirst)), strconv.Quote(strconv.Itoa(event))}; !slices.Equal(games, want) {
		t.Errorf("games.line %q, want %q", games, want)
	}
	found := map[string]bool{}
	for _, r := range files[1].Rows {
		found[fmtCell(r["game"])+" "+fmtCell(r["code"])+" "+fmtCell(r["line"])+" "+fmtCell(r["column"])] = true
	}
	for _, want := range []string{
		`"1" "tag-missing" "` + strconv.Itoa(event) + `" "1"`,
		`"1" "illegal-move" "` + strconv.Itoa(illegal) + `" "4"`,
	} {
		if !found[want] {
			t.Errorf("findings table without %s: %v", want, found)
		}
	}
}

// repeated is a stream of n bytes c (line ends: that many lines; spaces:
// one line that long) and then tail, made without holding more than a
// buffer of them.
type repeated struct {
	c    byte
	n    int64
	tail string
}

func (r *repeated) Read(b []byte) (int, error) {
	if r.n > 0 {
		k := int(min(int64(len(b)), r.n))
		for i := range k {
			b[i] = r.c
		}
		r.n -= int64(k)
		return k, nil
	}
	if r.tail == "" {
		return 0, io.EOF
	}
	k := copy(b, r.tail)
	r.tail = r.tail[k:]
	return k, nil
}

// runStreamed pipes src into a run as standard input, named name in the
// tables it writes into out, and returns its JSON Lines.
func runStreamed(t *testing.T, src io.Reader, out, name string) *bytes.Buffer {
	t.Helper()
	pipeStdinFrom(t, src)
	var jsonl bytes.Buffer
	done := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), &Config{}, []Input{{Path: Stdin, Size: -1}}, NewJSONLSink(&jsonl),
			newSink(t, out, ParquetOptions{StdinName: name}))
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Minute):
		t.Fatal("Run did not return")
	}
	return &jsonl
}

// The reviewer's case read for real: 2^31 blank lines piped in, then a
// game, whose places come out exact in JSON Lines and the tables. It reads
// 2 GiB (some 10 s on two cores), so it runs with the corpus tests (make
// corpus), though it needs no corpus; TestLinesPast2To31Written checks the
// same in an instant by starting the count near 2^31.
func TestCorpusLinesPast2To31Streamed(t *testing.T) {
	if os.Getenv("ARBITER_CORPUS") == "" {
		t.Skip("ARBITER_CORPUS not set: reads 2 GiB, with the corpus tests")
	}
	out := t.TempDir()
	jsonl := runStreamed(t, &repeated{c: '\n', n: 1 << 31, tail: bigLineInput}, out, "big.pgn")
	// The input's first game begins on line 2^31+1, its second 7 lines on.
	const second = 1<<31 + 1 + 7
	want := `"game":1,"line":` + strconv.Itoa(second+6) + `,"column":4,"ply":3,"move":"Ke3","code":"illegal-move"`
	if !strings.Contains(jsonl.String(), want) {
		t.Errorf("JSON Lines without %s:\n%s", want, jsonl.String())
	}
	files := tabletest.Read(t, filepath.Join(out, table.GamesDir, "00000-big.pgn.parquet"),
		filepath.Join(out, table.FindingsDir, "00000-big.pgn.parquet"))
	if n := len(files[0].Rows); n != 2 || fmtCell(files[0].Rows[1]["line"]) != strconv.Quote(strconv.Itoa(second)) {
		t.Errorf("games rows %v, want the second at line %d", files[0].Rows, second)
	}
	found := false
	for _, r := range files[1].Rows {
		found = found || fmtCell(r["code"]) == `"illegal-move"` && fmtCell(r["line"]) == strconv.Quote(strconv.Itoa(second+6))
	}
	if !found {
		t.Errorf("findings table without the illegal move at line %d: %v", second+6, files[1].Rows)
	}
}

// Columns past 2^31 are written exactly, not wrapped negative, in every
// format and in the findings table (int64 column): games may follow each
// other on one line, and a dump written without line ends is one line of
// gigabytes. The game begins near byte 2^31 of its line, as a runner
// started at an offset reads it; TestCorpusColumnsPast2To31Streamed reads
// such a line for real.
func TestColumnsPast2To31Written(t *testing.T) {
	const first = 1<<31 - 20
	const input = `[Event "x"] [White "a"] [Black "b"] [Result "1-0"] 1. e4 e5 2. Ke3 Nc6 1-0` + "\n"
	inDir, out := t.TempDir(), t.TempDir()
	in := inputFile(t, inDir, "a.pgn", input)
	recs := checkFrom(t, in, input, parser.Pos{Offset: 1 << 33, Line: 7, Col: first})
	if len(recs) != 1 {
		t.Fatalf("%d records, want 1", len(recs))
	}
	illegal := first + int64(strings.Index(input, "Ke3"))
	col := strconv.FormatInt(illegal, 10)
	var jsonl, text, github, sarif bytes.Buffer
	pq := newSink(t, out, ParquetOptions{})
	for _, s := range []Sink{NewJSONLSink(&jsonl), NewTextSink(&text), NewGitHubSink(&github), NewSARIFSink(&sarif, nil), pq} {
		if err := s.BeginFile(in); err != nil {
			t.Fatal(err)
		}
		if err := s.Game(&recs[0]); err != nil {
			t.Fatal(err)
		}
		if err := s.EndFile(&FileSummary{Input: in, Games: 1, Complete: true}); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(&Summary{}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		out  *bytes.Buffer
		want string
	}{
		{"JSON Lines", &jsonl, `"line":7,"column":` + col + `,"ply":3,"move":"Ke3","code":"illegal-move"`},
		{"text", &text, ":7:" + col + ": error illegal-move"},
		{"GitHub", &github, ",line=7,col=" + col + ","},
		{"SARIF", &sarif, `"startLine":7,"startColumn":` + col + `}`},
	} {
		if !strings.Contains(c.out.String(), c.want) {
			t.Errorf("%s output without %s:\n%s", c.name, c.want, c.out.String())
		}
	}
	files := tabletest.Read(t, filepath.Join(out, table.FindingsDir, "00000-a.pgn.parquet"))
	if c := files[0].Column("column"); c == nil || c.Type != "INT64" {
		t.Errorf("column column %+v, want INT64", c)
	}
	found := false
	for _, r := range files[0].Rows {
		found = found || fmtCell(r["code"]) == `"illegal-move"` && fmtCell(r["column"]) == strconv.Quote(col)
	}
	if !found {
		t.Errorf("findings table without the illegal move at column %s: %v", col, files[0].Rows)
	}
}

// A line of 2^31 blanks piped in, then a game on it, whose illegal move's
// column comes out exact in JSON Lines and the findings table. It reads
// 2 GiB, so it runs with the corpus tests (make corpus), as
// TestCorpusLinesPast2To31Streamed does; TestColumnsPast2To31Written checks
// the same in an instant.
func TestCorpusColumnsPast2To31Streamed(t *testing.T) {
	if os.Getenv("ARBITER_CORPUS") == "" {
		t.Skip("ARBITER_CORPUS not set: reads 2 GiB, with the corpus tests")
	}
	const game = `[Event "x"] [White "a"] [Black "b"] [Result "1-0"] 1. e4 e5 2. Ke3 Nc6 1-0` + "\n"
	out := t.TempDir()
	jsonl := runStreamed(t, &repeated{c: ' ', n: 1 << 31, tail: game}, out, "wide.pgn")
	col := strconv.FormatInt(1<<31+int64(strings.Index(game, "Ke3"))+1, 10)
	if want := `"line":1,"column":` + col + `,"ply":3,"move":"Ke3","code":"illegal-move"`; !strings.Contains(jsonl.String(), want) {
		t.Errorf("JSON Lines without %s:\n%s", want, jsonl.String())
	}
	files := tabletest.Read(t, filepath.Join(out, table.FindingsDir, "00000-wide.pgn.parquet"))
	found := false
	for _, r := range files[0].Rows {
		found = found || fmtCell(r["code"]) == `"illegal-move"` && fmtCell(r["column"]) == strconv.Quote(col)
	}
	if !found {
		t.Errorf("findings table without the illegal move at column %s: %v", col, files[0].Rows)
	}
}
