package pipeline

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/validate"
)

// In a list of positions (a Chess960 perft suite), the note that a FEN is
// read as Chess960, and the one that it is judged as a shuffle-chess start,
// are each reported once an input, at the first line that needs it, which
// says they are not repeated; every input has its own, and games of PGN,
// each a game of its own, keep theirs. The lines run over several chunks
// and workers.
func TestReadingNoteOncePerList(t *testing.T) {
	const (
		fischer      = "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9 ;D1 20 ;D2 479\n"
		shuffle      = "rbbqknnr/pppppppp/8/8/8/8/PPPPPPPP/RBBQKNNR w KQkq - 0 1\n"
		std          = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n"
		chess960Note = "non-standard-notation: the FEN's castling rights need a king or rook off its square in standard chess, " +
			"and no Variant tag names Chess960: the game is read as Chess960"
		shuffleNote = "non-standard-notation: the FEN is the start of a game of shuffle chess (every pawn unmoved, the pieces of the " +
			"first rank in another order than chess's), and no Variant tag names the variant: the position is judged as a Chess960 start"
	)
	dir := t.TempDir()
	a := writeFile(t, dir, "a.epd", []byte("# a suite\n"+std+fischer+fischer+std+shuffle+fischer+shuffle+fischer))
	b := writeFile(t, dir, "b.epd", []byte(fischer+fischer))
	pgn := "[SetUp \"1\"]\n[FEN \"" + strings.TrimSuffix(strings.Split(fischer, " ;")[0], "\n") + "\"]\n\n*\n\n"
	c := writeFile(t, dir, "c.pgn", []byte(pgn+pgn))
	s, text := checkPositionLists(t, false, a, b, c)
	once := validate.ReadingNoteOnce + " (start position)"
	want := []string{
		a + ":3:1: info " + chess960Note + once,
		a + ":6:1: info " + shuffleNote + once,
		b + ":1:1: info " + chess960Note + once,
		c + ":2:1: info " + chess960Note + " (start position)",
		c + ":7:1: info " + chess960Note + " (start position)",
	}
	if got := strings.TrimSpace(text.String()); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	if s.Games != 12 || s.Counts.Infos != int64(len(want)) {
		t.Errorf("%d games, %d infos counted; want 12 and %d", s.Games, s.Counts.Infos, len(want))
	}
}

// With EveryReadingNote, as the Beam runner writes its tables, every line
// keeps its note, unchanged.
func TestEveryReadingNote(t *testing.T) {
	const fischer = "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9 ;D1 20\n"
	dir := t.TempDir()
	a := writeFile(t, dir, "a.epd", []byte(fischer+fischer))
	for _, every := range []bool{false, true} {
		s, text := checkPositionLists(t, every, a)
		lines := strings.Split(strings.TrimSpace(text.String()), "\n")
		want, once := 1, 1
		if every {
			want, once = 2, 0
		}
		if len(lines) != want || s.Counts.Infos != int64(want) || strings.Count(text.String(), validate.ReadingNoteOnce) != once {
			t.Errorf("EveryReadingNote %v: %d infos counted, findings:\n%s\nwant %d, %d of them saying they are not repeated",
				every, s.Counts.Infos, text.String(), want, once)
		}
		if !strings.HasPrefix(lines[len(lines)-1], a+":"+map[bool]string{false: "1", true: "2"}[every]+":1: info non-standard-notation: ") {
			t.Errorf("EveryReadingNote %v: last finding %q", every, lines[len(lines)-1])
		}
	}
}

// A line of a Chess960 list of positions that writes no castling right,
// whose position only Chess960 can reach (a bishop on h1 behind an unmoved
// pawn), is read as Chess960 as the lines before it were: no finding on
// the position, no note of its own, and its perft counts checked. Alone,
// after a standard line or before the list's first Chess960 line, it is a
// position that cannot arise, its counts not checked; so it is in a game
// of PGN, whose FEN has its own Variant tag to say Chess960, and with
// EveryReadingNote, whose lines do not see the ones before.
func TestChess960ListWithoutCastling(t *testing.T) {
	const (
		fischer = "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9 ;D1 20 ;D2 479\n"
		std     = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\n"
		noRight = "1nqr1rbb/pppkp1pp/1n3p2/3p4/1P6/5P1P/P1PPPKP1/NNQR1RBB w - - 1 9"
		right   = noRight + " ;D1 24 ;D2 623\n"
		wrong   = noRight + " ;D1 24 ;D2 600\n"
		note    = "info non-standard-notation: the FEN's castling rights need a king or rook off its square in standard chess, " +
			"and no Variant tag names Chess960: the game is read as Chess960"
		once   = validate.ReadingNoteOnce + " (start position)"
		cannot = "error impossible-position: the start position cannot arise in a game: "
	)
	// Each of the two, at the line's start as FILE:LINE:1: says.
	impossible := func(at string) string {
		return at + cannot + "White bishop on h1 cannot have got there: the only way in is past the pawn on g2, which has never moved (start position)\n" +
			at + cannot + "Black bishop on h8 cannot have got there: the only way in is past the pawn on g7, which has never moved (start position)\n"
	}
	dir := t.TempDir()
	a := writeFile(t, dir, "a.epd", []byte(fischer+right+wrong+right))
	b := writeFile(t, dir, "b.epd", []byte(right))
	c := writeFile(t, dir, "c.epd", []byte(std+right))
	d := writeFile(t, dir, "d.epd", []byte(right+fischer))
	pgn := func(fen string) string { return "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n*\n\n" }
	e := writeFile(t, dir, "e.pgn", []byte(pgn(strings.Split(fischer, " ;")[0])+pgn(noRight)))
	for _, every := range []bool{false, true} {
		_, text := checkPositionLists(t, every, a, b, c, d, e)
		var want string
		if every {
			want = a + ":1:1: " + note + " (start position)\n" +
				impossible(a+":2:1: ") + impossible(a+":3:1: ") + impossible(a+":4:1: ")
		} else {
			want = a + ":1:1: " + note + once + "\n" +
				a + ":3:77: error perft-mismatch: the perft count to depth 2 is written as 600, but the position has 623 nodes at that depth (start position)\n"
		}
		want += impossible(b+":1:1: ") + impossible(c+":2:1: ") + impossible(d+":1:1: ")
		if every {
			want += d + ":2:1: " + note + " (start position)\n"
		} else {
			want += d + ":2:1: " + note + once + "\n"
		}
		want += e + ":2:1: " + note + " (start position)\n" + impossible(e+":7:1: ")
		if got := text.String(); got != want {
			t.Errorf("EveryReadingNote %v: got\n%s\nwant\n%s", every, got, want)
		}
	}
}

// checkPositionLists checks paths as the tests of this file do, the lines
// over several chunks and workers, and returns the summary and the
// findings as text, a position's missing roster and result left out.
func checkPositionLists(t *testing.T, everyReadingNote bool, paths ...string) (Summary, *bytes.Buffer) {
	t.Helper()
	var text bytes.Buffer
	var rules validate.Config
	rules.Disable("tag-missing", "result-missing")
	cfg := &Config{Workers: 2, ChunkSize: 150, EveryReadingNote: everyReadingNote}
	cfg.Check.Validate.Rules = &rules
	s, err := runWithin(t, context.Background(), cfg, Expand(paths), NewTextSink(&text))
	if err != nil {
		t.Fatal(err)
	}
	return s, &text
}
