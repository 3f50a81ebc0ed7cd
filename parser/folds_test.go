package parser

import (
	"strings"
	"testing"
)

// TestFolds: what normalisation folds is kept per move, so that the rules can
// report a form Norm no longer shows; plain SAN, on the fast path or not,
// folds nothing.
func TestFolds(t *testing.T) {
	type mv struct {
		norm  string
		folds Folds
	}
	cases := []struct {
		in   string
		want []mv
	}{
		{"1. e4 e5 2. Nf3 Nc6 3. O-O O-O-O+ 4. exd5 e8=Q# *",
			[]mv{{"e4", 0}, {"e5", 0}, {"Nf3", 0}, {"Nc6", 0}, {"O-O", 0}, {"O-O-O+", 0}, {"exd5", 0}, {"e8=Q#", 0}}},
		// The general path, for plain SAN with annotations: still nothing.
		{"1. e4! e5?! 2. O-O!! O-O-O? *",
			[]mv{{"e4", 0}, {"e5", 0}, {"O-O", 0}, {"O-O-O", 0}}},
		{"1. 0-0 0-0-0 2. О-О о-о-о 3. o-o 0–0 4. O—O-O 0-о *",
			[]mv{{"O-O", FoldCastleZeros}, {"O-O-O", FoldCastleZeros}, {"O-O", FoldCastleCyrillic},
				{"O-O-O", FoldCastleCyrillic}, {"O-O", FoldCastleLower}, {"O-O", FoldCastleZeros | FoldDash},
				{"O-O-O", FoldDash}, {"O-O", FoldCastleZeros | FoldCastleCyrillic}}},
		{"1. е4 а6 2. Кс3 e×d5 3. eхd5 Кf3х 4. e2–e4 e7—e5 *",
			[]mv{{"e4", FoldCyrillicSquare}, {"a6", FoldCyrillicSquare}, {"Кc3", FoldCyrillicSquare},
				{"exd5", FoldCaptureSign}, {"exd5", FoldCaptureSign}, {"Кf3x", 0}, // a mate sign, not a capture
				{"e2-e4", FoldDash}, {"e7-e5", FoldDash}}},
		// A sheet typed with caps lock on: X for x, pawn captures by files
		// in capitals, the file that tells two pieces apart. A capital
		// opening "EXD5" stays for the replay, which reads it as the file
		// a capture leaves. X trailing a move is the mate sign.
		{"1. EXD5 E:D5 2. E4XD5 NXd5 3. DC E:D 4. EXD DE:Ф+ 5. ЛHD1 КBD7 6. Ld8X *",
			[]mv{{"Exd5", FoldCapitalFile | FoldCaptureSign}, {"E:d5", FoldCapitalFile},
				{"e4xd5", FoldCapitalFile | FoldCaptureSign}, {"Nxd5", FoldCaptureSign},
				{"dc", FoldCapitalFile}, {"e:d", FoldCapitalFile}, {"exd", FoldCapitalFile | FoldCaptureSign},
				{"de:Ф+", FoldCapitalFile}, {"Лhd1", FoldCapitalFile}, {"Кbd7", FoldCapitalFile}, {"Ld8x", 0}}},
		// and in the Russian layout, whose capital Х is the capture sign
		// between squares and the mate sign after them
		{"1. eХd5 Е4ХD5 2. EХD Фh7Х *",
			[]mv{{"exd5", FoldCaptureSign}, {"e4xd5", FoldCaptureSign | FoldCapitalFile | FoldCyrillicSquare},
				{"exd", FoldCaptureSign | FoldCapitalFile}, {"Фh7x", 0}}},
		// The mate х after a move that ends in no rank: castling, a
		// promotion, a pawn capture by files. Only the x in "ехd5" captures.
		{"1. 0-0-0х e8Фх 2. fgх edФх 3. ехd5 *",
			[]mv{{"O-O-Ox", FoldCastleZeros}, {"e8Фx", 0}, {"fgx", 0}, {"edФx", 0},
				{"exd5", FoldCyrillicSquare | FoldCaptureSign}}},
		// Capital files, Latin and Cyrillic (А В С Е Н); С before a file
		// letter or before a capture of a lowercase square is the bishop.
		{"1. E2-E4 Е7-Е5 2. С2-С4 А7-А6 3. В2-В4 Н7-Н6 4. Сb5 С:c6 5. Сf1-b5 С1:e3 6. С1е3 Кb1-с3 *",
			[]mv{{"e2-e4", FoldCapitalFile}, {"e7-e5", FoldCapitalFile | FoldCyrillicSquare},
				{"c2-c4", FoldCapitalFile | FoldCyrillicSquare}, {"a7-a6", FoldCapitalFile | FoldCyrillicSquare},
				{"b2-b4", FoldCapitalFile | FoldCyrillicSquare}, {"h7-h6", FoldCapitalFile | FoldCyrillicSquare},
				{"Сb5", 0}, {"С:c6", 0}, {"Сf1-b5", 0}, {"С1:e3", 0}, {"С1e3", FoldCyrillicSquare}, {"Кb1-c3", FoldCyrillicSquare}}},
		// A small с opening the move is the look-alike of the file c or the
		// bishop's С typed small ("сb5"), which only the replay can tell:
		// a fold of its own. Elsewhere it is a square's.
		{"1. с4 с5 2. Кс3 сb5 3. сf1-b5 с:е4 4. …сd4 *",
			[]mv{{"c4", FoldLeadingC}, {"c5", FoldLeadingC}, {"Кc3", FoldCyrillicSquare}, {"cb5", FoldLeadingC},
				{"cf1-b5", FoldLeadingC}, {"c:e4", FoldLeadingC | FoldCyrillicSquare}, {"cd4", FoldLeadingC}}},
		// Blanks inside a move: a piece letter apart from its square,
		// castling with blanks, a dash between squares, a soft hyphen.
		{"1. e4 e5 2. N f3 N c6 3. 0 - 0 O - O - O 4. О — О e2 - e4 5. \u00ade4 Кр: g8 6. 0-0 - 0 *",
			[]mv{{"e4", 0}, {"e5", 0}, {"Nf3", FoldSpaced}, {"Nc6", FoldSpaced}, {"O-O", FoldCastleZeros | FoldSpaced},
				{"O-O-O", FoldSpaced}, {"O-O", FoldCastleCyrillic | FoldDash | FoldSpaced}, {"e2-e4", FoldSpaced},
				{"e4", FoldSpaced}, {"Кр:g8", FoldSpaced}, {"O-O-O", FoldCastleZeros | FoldSpaced}}},
		// A result with blanks is no castling.
		{"1. e4 e5 0 - 1", []mv{{"e4", 0}, {"e5", 0}}},
		{"1. Е4 С5 2. Лfel eЗ *",
			[]mv{{"e4", FoldCapitalFile | FoldCyrillicSquare}, {"c5", FoldCapitalFile | FoldCyrillicSquare},
				{"Лfe1", FoldOCR}, {"e3", FoldOCR}}},
	}
	for _, c := range cases {
		g := one(t, c.in)
		var got []mv
		for i := range g.Moves {
			got = append(got, mv{g.Str(g.Moves[i].Norm), g.Moves[i].Folds})
		}
		eq(t, c.in, got, c.want)
	}
}

// TestFoldsClearedOnReuse: the fast path reuses the moves of the game before
// and writes every field, Folds included.
func TestFoldsClearedOnReuse(t *testing.T) {
	in := "[Event \"a\"]\n\n1. 0-0 е5 2. e×d5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. d4 exd4 *\n"
	p := NewParser(Options{})
	var folds [][]Folds
	p.Parse(Chunk{Data: []byte(in), Start: Pos{Line: 1, Col: 1}}, func(g *Game) {
		var f []Folds
		for _, m := range g.Moves {
			f = append(f, m.Folds)
		}
		folds = append(folds, f)
	})
	eq(t, "folds", folds, [][]Folds{{FoldCastleZeros, FoldCyrillicSquare, FoldCaptureSign}, {0, 0, 0, 0}})
	if strings.Count(in, "[Event") != len(folds) {
		t.Fatalf("%d games", len(folds))
	}
}
