package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/parser"
	"github.com/arbiter-chess/arbiter/validate"
	"golang.org/x/text/encoding/charmap"
)

// findingsOf lists a record's findings as "line:col code: message".
func findingsOf(r *validate.Report) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, fmt.Sprintf("%d:%d %s: %s", f.Pos.Line, f.Pos.Col, f.Code, f.Message))
	}
	return out
}

// TestCodePageByReplay: a KOI8-R scoresheet whose only Cyrillic is a small
// к before a square reads, by its letters alone, as Windows-1251's Л (a
// rook that cannot reach f3): the replay reads it again as KOI8-R, keeps
// that reading, since it replays, and says so in an info at the game's
// start; convert writes the knight. A game the guessed page replays as far
// (rooks on a3 and a6, knights there in KOI8-R) keeps the guess, and so
// does a forced encoding; in a chunk of several games only the game in
// doubt is read again.
func TestCodePageByReplay(t *testing.T) {
	koi8 := func(s string) []byte {
		b, err := charmap.KOI8R.NewEncoder().Bytes([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	chunk := func(b []byte) parser.Chunk { return parser.Chunk{Data: b, Start: parser.Pos{Line: 1, Col: 1}} }
	note := "1:1 non-standard-notation: the text is not UTF-8, and its code page is guessed from its moves: " +
		"read as koi8-r, under which 4 plies replay, not as windows-1251, which its letters alone favour, and under which 2 do"
	opt := &CheckOptions{Validate: validate.Options{SAN: true}, Render: AppendPGN}
	recs := CheckChunk(chunk(koi8("1. e4 e5 2. кf3 Кc6 *\n")), opt, nil)
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	r := &recs[0]
	if got := strings.Join(findingsOf(&r.Report), "\n"); r.Encoding != parser.KOI8R || r.Report.Plies != 4 || got != strings.Join([]string{
		"1:1 tag-missing: the game has no tags; the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result) is missing",
		note,
		`1:13 non-standard-notation: 2 of 4 moves are not in standard SAN (Russian piece letters, lowercase piece letter); the first is "кf3"`,
	}, "\n") {
		t.Errorf("read as %v, %d plies, findings\n%s", r.Encoding, r.Report.Plies, got)
	}
	if got := movetext(t, string(r.Output)); got != "1. e4 e5 2. Nf3 Nc6 *\n\n" {
		t.Errorf("converted as %q", got)
	}

	// Both readings replay: the letters decide.
	rooks, err := charmap.Windows1251.NewEncoder().Bytes([]byte("1. a4 a5 2. Лa3 Лa6 *\n"))
	if err != nil {
		t.Fatal(err)
	}
	recs = CheckChunk(chunk(rooks), opt, nil)
	if r := &recs[0]; r.Encoding != parser.Windows1251 || r.Report.Plies != 4 || r.Report.Errors != 0 || len(r.Report.Findings) != 2 {
		t.Errorf("rooks: read as %v, %d plies, findings %q", r.Encoding, r.Report.Plies, findingsOf(&r.Report))
	}

	// Forced, the encoding stands, illegal move and all.
	forced := parser.Windows1251
	recs = CheckChunk(chunk(koi8("1. e4 e5 2. кf3 Кc6 *\n")), &CheckOptions{Encoding: &forced}, nil)
	if r := &recs[0]; r.Encoding != parser.Windows1251 || r.Report.Plies != 2 || r.Report.FirstError != validate.IllegalMove {
		t.Errorf("forced: read as %v, %d plies, findings %q", r.Encoding, r.Report.Plies, findingsOf(&r.Report))
	}

	// Two games of one chunk: the first is read again, from its own bytes.
	recs = CheckChunk(chunk(koi8("1. e4 e5 2. кf3 Кc6 *\n\n1. d4 d5 2. c4 e6 *\n")), opt, nil)
	if len(recs) != 2 {
		t.Fatalf("two games: %d records", len(recs))
	}
	if r := &recs[0]; r.Encoding != parser.KOI8R || r.Report.Plies != 4 || r.Start != (parser.Pos{Line: 1, Col: 1}) || r.End != 23 {
		t.Errorf("two games, first: read as %v, %d plies, from %+v to %d", r.Encoding, r.Report.Plies, r.Start, r.End)
	}
	if r := &recs[1]; r.Report.Plies != 4 || r.Start != (parser.Pos{Offset: 23, Line: 3, Col: 1}) || r.Report.Errors != 0 {
		t.Errorf("two games, second: %d plies, from %+v, findings %q", r.Report.Plies, r.Start, findingsOf(&r.Report))
	}

	// Read again, but no farther: the first reading's record stands, in
	// its place between the games around it.
	recs = CheckChunk(chunk(koi8("[White \"A\"]\n\n1. d4 *\n\n[White \"B\"]\n\n1. e4 e4 2. кf3 *\n\n[White \"C\"]\n\n1. c4 *\n")), opt, nil)
	if len(recs) != 3 {
		t.Fatalf("no farther: %d records", len(recs))
	}
	for i, want := range []string{"A", "B", "C"} {
		if got := recs[i].Tag("White"); got != want {
			t.Errorf("no farther, record %d: White %q, want %q", i, got, want)
		}
	}
	if r := &recs[1]; r.Encoding != parser.Windows1251 || r.Report.Plies != 1 || r.Report.FirstError != validate.IllegalMove ||
		r.Start != (parser.Pos{Offset: 22, Line: 5, Col: 1}) || r.End != 54 || strings.Contains(strings.Join(findingsOf(&r.Report), "\n"), "guessed") {
		t.Errorf("no farther: read as %v, %d plies, first error %q, from %+v to %d, findings %q",
			r.Encoding, r.Report.Plies, r.Report.FirstError, r.Start, r.End, findingsOf(&r.Report))
	}
}
