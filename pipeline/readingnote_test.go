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
	var text bytes.Buffer
	var rules validate.Config
	rules.Disable("tag-missing", "result-missing")
	cfg := &Config{Workers: 2, ChunkSize: 150}
	cfg.Check.Validate.Rules = &rules
	s, err := runWithin(t, context.Background(), cfg, Expand([]string{a, b, c}), NewTextSink(&text))
	if err != nil {
		t.Fatal(err)
	}
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
		var text bytes.Buffer
		var rules validate.Config
		rules.Disable("tag-missing", "result-missing")
		cfg := &Config{Workers: 2, ChunkSize: 150, EveryReadingNote: every}
		cfg.Check.Validate.Rules = &rules
		s, err := runWithin(t, context.Background(), cfg, Expand([]string{a}), NewTextSink(&text))
		if err != nil {
			t.Fatal(err)
		}
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
