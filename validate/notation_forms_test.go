package validate

import (
	"fmt"
	"strings"
	"testing"
)

// TestNotationFormsOfNotationMD: each form NOTATION.md lists whose report no
// other test pins replays whole, is read in the letter set named, and earns
// the one non-standard-notation info that names the form, at the game's
// first move not in SAN; its moves come out as the SAN given. The near
// misses are the same games in SAN, which earn nothing.
func TestNotationFormsOfNotationMD(t *testing.T) {
	const ruy = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. Kh1 Qd7 *"
	const (
		ruySAN   = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 Kh1 Qd7"
		ruyNotes = "10 of 16 moves are not in standard SAN (%s piece letters); the first is \"%s\""
	)
	const (
		promoSAN = "e4 d5 exd5 c6 dxc6 Nf6 cxb7 Nbd7 bxa8=Q"
		promo    = "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. "
		promoRU  = "1. e4 d5 2. ed c6 3. dc Кf6 4. cb Кbd7 5. "
	)
	type form struct {
		name, moves, notation string
		ply                   int // of the finding: the first move not in SAN
		msg, san              string
	}
	cases := []form{
		// Seeds 000/002: Russian in Latin letters, Kr F L C K, x as mate.
		{"Russian in Latin letters", "1. e4 e5 2. Cc4 Kc6 3. Fh5 Kf6 4. F:f7x *", "ru-latin", 3,
			`5 of 7 moves are not in standard SAN (capture written ':', Russian (in Latin letters) piece letters, mate written as x); the first is "Cc4"`,
			"e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#"},
		{"Russian in Latin letters, the king Kr", "1. e4 e5 2. Kf3 Kc6 3. Cc4 Cc5 4. Krf1 Kf6 *", "ru-latin", 3,
			`6 of 8 moves are not in standard SAN (Russian (in Latin letters) piece letters); the first is "Kf3"`,
			"e4 e5 Nf3 Nc6 Bc4 Bc5 Kf1 Nf6"},
		{"Russian, full form with a promotion", promoRU + "b7-b8Ф *", "ru", 3,
			`6 of 9 moves are not in standard SAN (promotion without '=', long algebraic, pawn capture by files, Russian piece letters); the first is "ed"`,
			"e4 d5 exd5 c6 dxc6 Nf6 cxb7 Nbd7 b8=Q"},
		{"Russian, a promotion by files", promoRU + "baФ *", "ru", 3,
			`6 of 9 moves are not in standard SAN (promotion without '=', pawn capture by files, Russian piece letters); the first is "ed"`,
			promoSAN},
		{"Russian, en passant by files", "1. e4 e6 2. d4 d5 3. e5 f5 4. ef Ф:f6 *", "ru", 7,
			`2 of 8 moves are not in standard SAN (capture written ':', pawn capture by files, Russian piece letters); the first is "ef"`,
			"e4 e6 d4 d5 e5 f5 exf6 Qxf6"},
		{"Russian, a look-alike square after a capture", "1. e4 d5 2. ed Ф:d5 3. Кc3 Ф:а2 4. Л:а2 e5 *", "ru", 3,
			`5 of 8 moves are not in standard SAN (capture written ':', pawn capture by files, Russian piece letters, Cyrillic letters in squares); the first is "ed"`,
			"e4 d5 exd5 Qxd5 Nc3 Qxa2 Rxa2 e5"},
		{"figurines", "1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6 4. ♗xc6 dxc6 5. O-O ♛e7 *", "san", 3,
			`5 of 10 moves are not in standard SAN (figurines); the first is "♘f3"`,
			"e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Qe7"},
		{"ChessBase font bytes read as Windows-1252", "1. e4 e5 2. ¤f3 ¤c6 3. ¥b5 a6 4. ¥xc6 dxc6 5. ¢e2 £e7 6. ¦g1 *", "san", 3,
			`7 of 11 moves are not in standard SAN (chess-font glyphs); the first is "¤f3"`,
			"e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Ke2 Qe7 Rg1"},
		{"ChessBase font bytes read as Windows-1251", "1. e4 e5 2. ¤f3 ¤c6 3. Ґb5 a6 4. Ґ:c6 dc 5. ўe2 Јe7 6. ¦g1 *", "san", 3,
			`8 of 11 moves are not in standard SAN (capture written ':', pawn capture by files, chess-font glyphs); the first is "¤f3"`,
			"e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Ke2 Qe7 Rg1"},
		{"UCI", "1. e2e4 d7d5 2. e4d5 c7c6 3. d5c6 g8f6 4. c6b7 b8d7 5. b7a8q *", "san", 1,
			`9 of 9 moves are not in standard SAN (promotion without '=', UCI coordinates); the first is "e2e4"`,
			promoSAN},
		{"a promotion in parentheses", promo + "bxa8(Q) *", "san", 9,
			`1 of 9 moves is not in standard SAN (promotion in parentheses); the first is "bxa8(Q)"`, promoSAN},
		{"a promotion after a slash", promo + "bxa8/Q *", "san", 9,
			`1 of 9 moves is not in standard SAN (promotion after '/'); the first is "bxa8/Q"`, promoSAN},
		{"e.p.", "1. e4 f5 2. e5 d5 3. exd6 e.p. Nf6 *", "san", 5,
			`1 of 6 moves is not in standard SAN (e.p. suffix); the first is "exd6"`, "e4 f5 e5 d5 exd6 Nf6"},

		// Near misses: the same games in SAN.
		{"the Ruy Lopez in SAN", ruy, "san", 0, "", ruySAN},
		{"the promotion in SAN", promo + "bxa8=Q *", "san", 0, "", promoSAN},
	}
	// ruy in each national letter set, K Q R B N as the set writes them.
	// Swedish writes German's letters: the game is read in the first set
	// that reads them, German, and named by both languages, which its
	// letters cannot tell apart (NOTATION.md lists both).
	for _, set := range []struct{ name, letters, code, named string }{
		{"German", "KDTLS", "de", "German/Swedish"}, {"French", "RDTFC", "fr", "French"},
		{"Spanish/Italian", "RDTAC", "es", "Spanish/Italian"}, {"Dutch", "KDTLP", "nl", "Dutch"},
		{"Polish", "KHWGS", "pl", "Polish"}, {"Czech", "KDVSJ", "cs", "Czech"},
		{"Swedish", "KDTLS", "de", "German/Swedish"}, {"Hungarian", "KVBFH", "hu", "Hungarian"},
		{"Portuguese", "RDTBC", "pt", "Portuguese"},
	} {
		l := strings.Split(set.letters, "")
		moves := strings.NewReplacer("K", l[0], "Q", l[1], "R", l[2], "B", l[3], "N", l[4]).Replace(ruy)
		cases = append(cases, form{set.name, moves, set.code, 3, fmt.Sprintf(ruyNotes, set.named, l[4]+"f3"), ruySAN})
	}
	for _, c := range cases {
		r := checkOne(t, pgn("*", nil, c.moves), &Options{SAN: true})
		want := ""
		if c.msg != "" {
			want = fmt.Sprintf("non-standard-notation@%d", c.ply)
		}
		if got(r) != want || r.Notation != c.notation {
			t.Errorf("%s: findings %q, notation %s; want %q, %s", c.name, got(r), r.Notation, want, c.notation)
			continue
		}
		if c.msg != "" && r.Findings[0].Message != c.msg {
			t.Errorf("%s:\n got  %s\n want %s", c.name, r.Findings[0].Message, c.msg)
		}
		var san []string
		for _, m := range r.SAN {
			san = append(san, m.String())
		}
		if s := strings.Join(san, " "); s != c.san {
			t.Errorf("%s: SAN %s, want %s", c.name, s, c.san)
		}
	}
}
