package replay

import (
	"errors"
	"strings"
	"testing"
)

// wantMove builds expected Notation values: wantPawn("e", "d6").x() and so on.
type wantMove Notation

// notationSquare reads "", "e", "2", "e2" (or a files-only target "c").
func notationSquare(s string) (file, rank int8) {
	file, rank = -1, -1
	for _, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'h':
			file = int8(c - 'a')
		case c >= '1' && c <= '8':
			rank = int8(c - '1')
		default:
			panic("bad square in test: " + s)
		}
	}
	return file, rank
}

func wantMoveOf(k Kind, from, to string) wantMove {
	n := wantMove{Kind: k}
	n.FromFile, n.FromRank = notationSquare(from)
	n.ToFile, n.ToRank = notationSquare(to)
	return n
}

func wantPawn(from, to string) wantMove          { return wantMoveOf(Pawn, from, to) }
func wantPiece(k Kind, from, to string) wantMove { return wantMoveOf(k, from, to) }
func wantUnnamed(from, to string) wantMove       { return wantMoveOf(NoKind, from, to) }
func wantCastle(c CastleMove) wantMove {
	return wantMove{FromFile: -1, FromRank: -1, ToFile: -1, ToRank: -1, Castle: c}
}
func wantNull() wantMove {
	return wantMove{FromFile: -1, FromRank: -1, ToFile: -1, ToRank: -1, Null: true}
}
func (w wantMove) x() wantMove            { w.Capture = true; return w }
func (w wantMove) promo(k Kind) wantMove  { w.Promotion = k; return w }
func (w wantMove) check() wantMove        { w.Check = true; return w }
func (w wantMove) mate() wantMove         { w.Mate = true; return w }
func (w wantMove) style(s Style) wantMove { w.Style |= s; return w }
func (w wantMove) notation() Notation     { return Notation(w) }
func (w wantMove) national() wantMove     { return w.style(StyleNationalLetters) }
func (w wantMove) styles(ss ...Style) (out wantMove) {
	out = w
	for _, s := range ss {
		out.Style |= s
	}
	return out
}

type notationCase struct {
	text string
	set  LetterSet
	want wantMove
}

func runNotationCases(t *testing.T, cases []notationCase) {
	t.Helper()
	for _, c := range cases {
		got, err := ParseMove([]byte(c.text), c.set)
		if err != nil {
			t.Errorf("ParseMove(%q, %v): %v", c.text, c.set, err)
			continue
		}
		if got != c.want.notation() {
			t.Errorf("ParseMove(%q, %v)\n got %+v [%v]\nwant %+v [%v]", c.text, c.set, got, got.Style, c.want.notation(), c.want.Style)
		}
	}
}

func TestParseMoveSAN(t *testing.T) {
	runNotationCases(t, []notationCase{
		{"e4", SAN, wantPawn("", "e4")},
		{"Nf3", SAN, wantPiece(Knight, "", "f3")},
		{"Nbd7", SAN, wantPiece(Knight, "b", "d7")},
		{"R1e2", SAN, wantPiece(Rook, "1", "e2")},
		{"Qh4e1", SAN, wantPiece(Queen, "h4", "e1")},
		{"exd6", SAN, wantPawn("e", "d6").x()},
		{"e8=Q+", SAN, wantPawn("", "e8").promo(Queen).check()},
		{"exd8=N#", SAN, wantPawn("e", "d8").x().promo(Knight).mate()},
		{"e1=R", SAN, wantPawn("", "e1").promo(Rook)},
		{"O-O", SAN, wantCastle(ShortCastle)},
		{"O-O-O#", SAN, wantCastle(LongCastle).mate()},
		{"O-O+", SAN, wantCastle(ShortCastle).check()},
		{"Nxe5", SAN, wantPiece(Knight, "", "e5").x()},
		{"bxc3", SAN, wantPawn("b", "c3").x()}, // a pawn from b, not a bishop
		{"Bxc3", SAN, wantPiece(Bishop, "", "c3").x()},
		{"Kxh1", SAN, wantPiece(King, "", "h1").x()},
		{"Rxf7#", SAN, wantPiece(Rook, "", "f7").x().mate()},
		{"N4e5", SAN, wantPiece(Knight, "4", "e5")}, // seed 003
		{"Rff5", SAN, wantPiece(Rook, "f", "f5")},   // seed 003
		{"Rhd1", SAN, wantPiece(Rook, "h", "d1")},
		{"exd6e.p.", SAN, wantPawn("e", "d6").x().style(StyleEnPassantSuffix)},
		{"exd6ep", SAN, wantPawn("e", "d6").x().style(StyleEnPassantSuffix)},
		{"exd6e.p.+", SAN, wantPawn("e", "d6").x().check().style(StyleEnPassantSuffix)},
		{"axb3e.p.", SAN, wantPawn("a", "b3").x().style(StyleEnPassantSuffix)},
		{"Pe4", SAN, wantPawn("", "e4").style(StylePawnLetter)},
		{"Pxd5", SAN, wantPawn("", "d5").x().style(StylePawnLetter)}, // a pawn, which the board finds
		{"nf3", SAN, wantPiece(Knight, "", "f3").style(StyleLowercasePiece)},
		{"qxd8+", SAN, wantPiece(Queen, "", "d8").x().check().style(StyleLowercasePiece)},
		{"Qh5++", SAN, wantPiece(Queen, "", "h5").check().style(StyleDoubleCheck)},
	})
}

func TestParseMoveImportForms(t *testing.T) {
	runNotationCases(t, []notationCase{
		// castling
		{"0-0", SAN, wantCastle(ShortCastle).style(StyleCastleZeros)},
		{"0-0-0", SAN, wantCastle(LongCastle).style(StyleCastleZeros)},
		{"О-О", SAN, wantCastle(ShortCastle).style(StyleCastleCyrillic)},
		{"О-О-О+", SAN, wantCastle(LongCastle).check().style(StyleCastleCyrillic)},
		{"0—0", SAN, wantCastle(ShortCastle).styles(StyleCastleZeros, StyleUnicodeDash)},
		{"0–0–0", SAN, wantCastle(LongCastle).styles(StyleCastleZeros, StyleUnicodeDash)},
		{"OO", SAN, wantCastle(ShortCastle).style(StyleCastleLoose)},
		{"o-o-o", SAN, wantCastle(LongCastle).style(StyleCastleLoose)},
		// promotions
		{"e8Q", SAN, wantPawn("", "e8").promo(Queen).style(StylePromotionNoEquals)},
		{"e8(Q)", SAN, wantPawn("", "e8").promo(Queen).style(StylePromotionParens)},
		{"e8/Q", SAN, wantPawn("", "e8").promo(Queen).style(StylePromotionSlash)},
		{"e8=q", SAN, wantPawn("", "e8").promo(Queen).style(StyleLowercasePiece)},
		{"dxe1N+", SAN, wantPawn("d", "e1").x().promo(Knight).check().style(StylePromotionNoEquals)},
		// a piece, a dash and the square, no origin
		{"N-f3", SAN, wantPiece(Knight, "", "f3").style(StyleDashNoOrigin)},
		// long algebraic and coordinates: no letter means "the piece on the origin"
		{"e2-e4", SAN, wantUnnamed("e2", "e4").style(StyleLongAlgebraic)},
		{"Ng1-f3", SAN, wantPiece(Knight, "g1", "f3").style(StyleLongAlgebraic)},
		{"Ng1f3", SAN, wantPiece(Knight, "g1", "f3")}, // SAN's full disambiguation; the board judges
		{"e4xd5", SAN, wantUnnamed("e4", "d5").x().style(StyleLongAlgebraic)},
		{"e4:d5", SAN, wantUnnamed("e4", "d5").x().styles(StyleLongAlgebraic, StyleColonCapture)},
		{"e4×d5", SAN, wantUnnamed("e4", "d5").x().styles(StyleLongAlgebraic, StyleCaptureSign)},
		{"e2—e4", SAN, wantUnnamed("e2", "e4").styles(StyleLongAlgebraic, StyleUnicodeDash)},
		{"e2–e4", SAN, wantUnnamed("e2", "e4").styles(StyleLongAlgebraic, StyleUnicodeDash)},
		{"Qg4—g8#", SAN, wantPiece(Queen, "g4", "g8").mate().styles(StyleLongAlgebraic, StyleUnicodeDash)},
		{"g7—g8Q", SAN, wantUnnamed("g7", "g8").promo(Queen).styles(StyleLongAlgebraic, StyleUnicodeDash, StylePromotionNoEquals)},
		{"e7-e8Q", SAN, wantUnnamed("e7", "e8").promo(Queen).styles(StyleLongAlgebraic, StylePromotionNoEquals)}, // seed 003
		{"g2xh1Q", SAN, wantUnnamed("g2", "h1").x().promo(Queen).styles(StyleLongAlgebraic, StylePromotionNoEquals)},
		{"c1-b2", SAN, wantUnnamed("c1", "b2").style(StyleLongAlgebraic)}, // pgn-extract -Whalg
		{"e2e4", SAN, wantUnnamed("e2", "e4").style(StyleUCI)},
		{"e1g1", SAN, wantUnnamed("e1", "g1").style(StyleUCI)},
		{"e7e8q", SAN, wantUnnamed("e7", "e8").promo(Queen).styles(StyleUCI, StylePromotionNoEquals)},
		{"a2a1n", SAN, wantUnnamed("a2", "a1").promo(Knight).styles(StyleUCI, StylePromotionNoEquals)},
		{"e7e8b", SAN, wantUnnamed("e7", "e8").promo(Bishop).styles(StyleUCI, StylePromotionNoEquals)},
		{"Ke1e2", SAN, wantPiece(King, "e1", "e2")},
		{"Pe2e4", SAN, wantPawn("e2", "e4").styles(StylePawnLetter, StyleLongAlgebraic)},
		{"xd4", SAN, wantUnnamed("", "d4").x().style(StyleBareCapture)}, // "13… xd4" with the figurine lost
		// pawn captures written without x (b2b4.eu, ChessBase books)
		{"cd4", SAN, wantPawn("c", "d4").style(StyleMissingCaptureMark)},
		{"cb5", SAN, wantPawn("c", "b5").style(StyleMissingCaptureMark)},
		// capital files
		{"E4", SAN, wantPawn("", "e4").style(StyleCapitalFile)},
		{"E2-E4", SAN, wantUnnamed("e2", "e4").styles(StyleLongAlgebraic, StyleCapitalFile)},
		{"B2-B4", SAN, wantUnnamed("b2", "b4").styles(StyleLongAlgebraic, StyleCapitalFile)},    // B is a file here, not a bishop
		{"BC4", SAN, wantPiece(Bishop, "", "c4").style(StyleCapitalFile)},                       // a capital square after the letter: its destination
		{"BC4", Russian, wantPawn("b", "c4").styles(StyleCapitalFile, StyleMissingCaptureMark)}, // no bishop B in Russian
		// null moves
		{"--", SAN, wantNull()},
		{"Z0", SAN, wantNull()},
		{"0000", SAN, wantNull()},
		{"@@@@", SAN, wantNull()},
	})
}

func TestParseMoveRussian(t *testing.T) {
	const (
		nat   = StyleNationalLetters
		long  = StyleLongAlgebraic
		colon = StyleColonCapture
		cyr   = StyleCyrillicSquare
		dash  = StyleUnicodeDash
		mixed = StyleMixedScript
		ocr   = StyleOCRDamage
		matex = StyleMateX
	)
	runNotationCases(t, []notationCase{
		{"Кg1-f3", Russian, wantPiece(Knight, "g1", "f3").styles(nat, long)},
		{"Кf3", Russian, wantPiece(Knight, "", "f3").styles(nat)},
		{"e7-e8Ф", Russian, wantUnnamed("e7", "e8").promo(Queen).styles(nat, long, StylePromotionNoEquals)},
		{"Сb5:c6", Russian, wantPiece(Bishop, "b5", "c6").x().styles(nat, colon)},
		{"Ф:а7", Russian, wantPiece(Queen, "", "a7").x().styles(nat, colon, cyr)},
		{"d7:c6", Russian, wantUnnamed("d7", "c6").x().styles(long, colon)},
		{"dc", Russian, wantPawn("d", "c").style(StyleFileCapture)},
		{"ef", Russian, wantPawn("e", "f").style(StyleFileCapture)},
		{"d:c", Russian, wantPawn("d", "c").x().styles(StyleFileCapture, colon)},
		// the colon after the files, as "d takes c" is said
		{"dc:", Russian, wantPawn("d", "c").x().styles(StyleFileCapture, colon)},
		{"ed:+", Russian, wantPawn("e", "d").x().check().styles(StyleFileCapture, colon)},
		{"dc:", SAN, wantPawn("d", "c").x().styles(StyleFileCapture, colon)},
		{"dcх", Russian, wantPawn("d", "c").mate().styles(StyleFileCapture, matex)}, // x after the files is mate, not a capture
		{"deФ", Russian, wantPawn("d", "e").promo(Queen).styles(StyleFileCapture, StylePromotionNoEquals, nat)},
		{"fgФ", Russian, wantPawn("f", "g").promo(Queen).styles(StyleFileCapture, StylePromotionNoEquals, nat)},
		// the colon after the files, then the piece promoted to
		{"de:Ф", Russian, wantPawn("d", "e").x().promo(Queen).styles(StyleFileCapture, colon, StylePromotionNoEquals, nat)},
		{"gh:Л+", Russian, wantPawn("g", "h").x().promo(Rook).check().styles(StyleFileCapture, colon, StylePromotionNoEquals, nat)},
		{"С:c6", Russian, wantPiece(Bishop, "", "c6").x().styles(nat, colon)},
		{"Лd2-d6", Russian, wantPiece(Rook, "d2", "d6").styles(nat, long)},
		{"Лhd1", Russian, wantPiece(Rook, "h", "d1").styles(nat)},
		{"0—0", Russian, wantCastle(ShortCastle).styles(StyleCastleZeros, dash)},
		{"0-0-0", Russian, wantCastle(LongCastle).styles(StyleCastleZeros)},
		// mate written as Cyrillic х or Latin x after the destination
		{"Фh7х", Russian, wantPiece(Queen, "", "h7").mate().styles(nat, matex)},
		{"Ф:h7х", Russian, wantPiece(Queen, "", "h7").x().mate().styles(nat, colon, matex)},
		{"Фd5x", Russian, wantPiece(Queen, "", "d5").mate().styles(nat, matex)},
		{"Фс3x", Russian, wantPiece(Queen, "", "c3").mate().styles(nat, cyr, matex)},
		{"Ле8:f8х", Russian, wantPiece(Rook, "e8", "f8").x().mate().styles(nat, colon, cyr, matex)},
		{"Ле8-е6х", Russian, wantPiece(Rook, "e8", "e6").mate().styles(nat, long, cyr, matex)},
		{"Лe8:f8x", Russian, wantPiece(Rook, "e8", "f8").x().mate().styles(nat, colon, matex)},
		{"Ке4:f6+", Russian, wantPiece(Knight, "e4", "f6").x().check().styles(nat, colon, cyr)},
		{"Лg8++", Russian, wantPiece(Rook, "", "g8").check().styles(nat, StyleDoubleCheck)},
		// Cyrillic х between the squares is a capture
		{"а4хb5", Russian, wantUnnamed("a4", "b5").x().styles(long, StyleCaptureSign, cyr)},
		// the king, in Cyrillic, Latin and mixtures
		{"Крg1-h1", Russian, wantPiece(King, "g1", "h1").styles(nat, long)},
		{"Кр:f7", Russian, wantPiece(King, "", "f7").x().styles(nat, colon)},
		{"Кра6–а7", Russian, wantPiece(King, "a6", "a7").styles(nat, long, cyr, dash)},
		{"Kpe1:d2", Russian, wantPiece(King, "e1", "d2").x().styles(nat, colon, mixed)},
		{"Кр-е2", Russian, wantPiece(King, "", "e2").styles(nat, cyr, StyleDashNoOrigin)},
		{"Кр—g1", Russian, wantPiece(King, "", "g1").styles(nat, dash, StyleDashNoOrigin)},
		{"К-f3", Russian, wantPiece(Knight, "", "f3").styles(nat, StyleDashNoOrigin)},
		{"Kph8–g8", Russian, wantPiece(King, "h8", "g8").styles(nat, long, dash, mixed)},
		{"Kрe1", Russian, wantPiece(King, "", "e1").styles(nat, mixed)},
		// and in small letters, as the other pieces may be ("кf3")
		{"крe2", Russian, wantPiece(King, "", "e2").styles(nat, StyleLowercasePiece)},
		{"кр:f7", Russian, wantPiece(King, "", "f7").x().styles(nat, colon, StyleLowercasePiece)},
		{"кf3", Russian, wantPiece(Knight, "", "f3").styles(nat, StyleLowercasePiece)},
		// Latin K and C for Cyrillic К and С: K is the knight in Russian
		{"Kb8-c6", Russian, wantPiece(Knight, "b8", "c6").styles(nat, long, mixed)},
		{"Cf8-b4+", Russian, wantPiece(Bishop, "f8", "b4").check().styles(nat, long, mixed)},
		{"f2:g1K+", Russian, wantUnnamed("f2", "g1").x().promo(Knight).check().styles(nat, long, colon, mixed, StylePromotionNoEquals)},
		// squares typed with Cyrillic look-alikes or capitals
		{"а2-а4", Russian, wantUnnamed("a2", "a4").styles(long, cyr)},
		{"е4", Russian, wantPawn("", "e4").style(cyr)},
		{"с5", Russian, wantPawn("", "c5").style(cyr)},
		{"е2–е4", Russian, wantUnnamed("e2", "e4").styles(long, cyr, dash)},
		{"Е2-Е4", Russian, wantUnnamed("e2", "e4").styles(long, cyr, StyleCapitalFile)},
		{"С2-С4", Russian, wantUnnamed("c2", "c4").styles(long, cyr, StyleCapitalFile)}, // С is a file here, not a bishop
		{"Сс4", Russian, wantPiece(Bishop, "", "c4").styles(nat, cyr)},
		// a piece letter before capital squares: the piece, not a file
		{"КF3", Russian, wantPiece(Knight, "", "f3").styles(nat, StyleCapitalFile)},
		{"КG1-F3", Russian, wantPiece(Knight, "g1", "f3").styles(nat, long, StyleCapitalFile)},
		{"СВ5", Russian, wantPiece(Bishop, "", "b5").styles(nat, cyr, StyleCapitalFile)}, // not the pawn capture c:b5
		{"СС3", Russian, wantPiece(Bishop, "", "c3").styles(nat, cyr, StyleCapitalFile)},
		{"СЕ4:В5", Russian, wantPiece(Bishop, "e4", "b5").x().styles(nat, colon, cyr, StyleCapitalFile)},
		{"КРe2", Russian, wantPiece(King, "", "e2").styles(nat)},
		{"КРE2", Russian, wantPiece(King, "", "e2").styles(nat, StyleCapitalFile)},
		// a capital file before a capture mark and a square: the pawn's
		// file ("E:D5" reaches the replay as "E:d5"), where the letter is
		// no piece in the set
		{"E:d5", Russian, wantPawn("e", "d5").x().styles(colon, StyleCapitalFile)},
		{"D:e4", Russian, wantPawn("d", "e4").x().styles(colon, StyleCapitalFile)},
		{"Exd5", SAN, wantPawn("e", "d5").x().style(StyleCapitalFile)},
		{"Bxc5", SAN, wantPiece(Bishop, "", "c5").x()},
		{"пe4", Russian, wantPawn("", "e4").styles(nat, StylePawnLetter)},
		// OCR damage from scanned books
		{"Лfel", Russian, wantPiece(Rook, "f", "e1").styles(nat, ocr)},
		{"ФЬ5+", Russian, wantPiece(Queen, "", "b5").check().styles(nat, ocr)},
		{"Л:Ь2", Russian, wantPiece(Rook, "", "b2").x().styles(nat, colon, ocr)},
		{"КсЗ", Russian, wantPiece(Knight, "", "c3").styles(nat, cyr, ocr)},
		{"Себ", Russian, wantPiece(Bishop, "", "e6").styles(nat, cyr, ocr)},
		{"е2-еЗ", Russian, wantUnnamed("e2", "e3").styles(long, cyr, ocr)},
	})
}

// TestParseSmallBishop: a move whose opening c was a small Cyrillic с reads,
// on request, as the bishop's move with that letter typed small, under the
// Russian letters only, and not where the letter can only be a file ("с4").
func TestParseSmallBishop(t *testing.T) {
	low := StyleNationalLetters | StyleLowercasePiece
	for _, c := range []struct {
		text string
		set  LetterSet
		want Notation
	}{
		{"cb5", Russian, wantPiece(Bishop, "", "b5").style(low).notation()},
		{"c:c6", Russian, wantPiece(Bishop, "", "c6").x().styles(low, StyleColonCapture).notation()},
		{"cf1-b5", Russian, wantPiece(Bishop, "f1", "b5").styles(low, StyleLongAlgebraic).notation()},
		{"cxf7+", Russian, wantPiece(Bishop, "", "f7").x().check().style(low).notation()},
		{"cd4", Russian, wantPiece(Bishop, "", "d4").style(low).notation()},
	} {
		var n Notation
		if !ParseSmallBishop(&n, []byte(c.text), c.set) || n != c.want {
			t.Errorf("ParseSmallBishop(%q, %v)\n got %+v [%v]\nwant %+v [%v]", c.text, c.set, n, n.Style, c.want, c.want.Style)
		}
	}
	for _, c := range []struct {
		text string
		set  LetterSet
	}{
		{"cb5", SAN}, {"cb5", RussianLatin}, {"cb5", German}, // no Cyrillic bishop there
		{"c4", Russian}, {"cd", Russian}, {"c8=Ф", Russian}, // С can only be the file
		{"db5", Russian}, {"", Russian}, {strings.Repeat("c", maxMoveBytes), Russian},
	} {
		n := Notation{ToRank: 5}
		if ParseSmallBishop(&n, []byte(c.text), c.set) || n != (Notation{ToRank: 5}) {
			t.Errorf("ParseSmallBishop(%q, %v) = true or wrote %+v", c.text, c.set, n)
		}
	}
}

func TestParseMoveRussianLatin(t *testing.T) {
	const nat = StyleNationalLetters
	runNotationCases(t, []notationCase{
		{"Kf3", RussianLatin, wantPiece(Knight, "", "f3").styles(nat)},
		{"Kre1", RussianLatin, wantPiece(King, "", "e1").styles(nat)},
		{"Kpe1:d2", RussianLatin, wantPiece(King, "e1", "d2").x().styles(nat, StyleColonCapture)},
		{"Fd1-h5", RussianLatin, wantPiece(Queen, "d1", "h5").styles(nat, StyleLongAlgebraic)},
		{"Lhd1", RussianLatin, wantPiece(Rook, "h", "d1").styles(nat)},
		{"Cc4", RussianLatin, wantPiece(Bishop, "", "c4").styles(nat)},
		{"Lg8x", RussianLatin, wantPiece(Rook, "", "g8").mate().styles(nat, StyleMateX)},
		{"e4xd5", RussianLatin, wantUnnamed("e4", "d5").x().style(StyleLongAlgebraic)},
	})
}

func TestParseMoveFigurinesAndFonts(t *testing.T) {
	const (
		fig  = StyleFigurine
		font = StyleFontGlyph
	)
	runNotationCases(t, []notationCase{
		{"♘f3", SAN, wantPiece(Knight, "", "f3").style(fig)},
		{"♞c6", SAN, wantPiece(Knight, "", "c6").style(fig)},
		{"♗b5", German, wantPiece(Bishop, "", "b5").style(fig)},
		{"♕xd8+", Russian, wantPiece(Queen, "", "d8").x().check().style(fig)},
		{"♜a1", French, wantPiece(Rook, "", "a1").style(fig)},
		{"♔e1-e2", SAN, wantPiece(King, "e1", "e2").styles(fig, StyleLongAlgebraic)},
		{"♙e4", SAN, wantPawn("", "e4").styles(fig, StylePawnLetter)},
		{"♟\uFE0Fe5", SAN, wantPawn("", "e5").styles(fig, StylePawnLetter)}, // emoji variation selector
		{"e8♕", SAN, wantPawn("", "e8").promo(Queen).styles(fig, StylePromotionNoEquals)},
		// ChessBase font bytes read as Latin-1 ...
		{"¤f3", SAN, wantPiece(Knight, "", "f3").style(font)},
		{"£b6", Spanish, wantPiece(Queen, "", "b6").style(font)},
		{"¥c5", Spanish, wantPiece(Bishop, "", "c5").style(font)},
		{"¦b8", SAN, wantPiece(Rook, "", "b8").style(font)},
		{"¢g1", SAN, wantPiece(King, "", "g1").style(font)},
		{"§e4", SAN, wantPawn("", "e4").styles(font, StylePawnLetter)},
		// ... and as Windows-1251 (seed 003: "1. Јd4", "1. d8Ј", "1. de¤", "Ґd7")
		{"Јd4", Russian, wantPiece(Queen, "", "d4").style(font)},
		{"d8Ј", Russian, wantPawn("", "d8").promo(Queen).styles(font, StylePromotionNoEquals)},
		{"de¤", Russian, wantPawn("d", "e").promo(Knight).styles(font, StylePromotionNoEquals, StyleFileCapture)},
		{"Ґd7", SAN, wantPiece(Bishop, "", "d7").style(font)},
		{"ўg1", SAN, wantPiece(King, "", "g1").style(font)},
		{"Ўg1", SAN, wantPiece(King, "", "g1").style(font)},
	})
}

func TestParseMoveNationalLetters(t *testing.T) {
	runNotationCases(t, []notationCase{
		{"Sf3", German, wantPiece(Knight, "", "f3").national()},
		{"Lb5", German, wantPiece(Bishop, "", "b5").national()},
		{"Dxd4", German, wantPiece(Queen, "", "d4").x().national()},
		{"The1", German, wantPiece(Rook, "h", "e1").national()}, // pgn-extract -Wdeutsch
		{"Sgxe4", German, wantPiece(Knight, "g", "e4").x().national()},
		{"Dd8-d4", German, wantPiece(Queen, "d8", "d4").national().style(StyleLongAlgebraic)},
		{"e8=D", German, wantPawn("", "e8").promo(Queen).national()},
		{"Bb5", German, wantPawn("", "b5").national().style(StylePawnLetter)}, // B is the Bauer
		{"Cf3", French, wantPiece(Knight, "", "f3").national()},
		{"Fb5", French, wantPiece(Bishop, "", "b5").national()},
		{"Rg1", French, wantPiece(King, "", "g1").national()},
		{"Tad1", French, wantPiece(Rook, "a", "d1").national()},
		{"Cxe5", Spanish, wantPiece(Knight, "", "e5").x().national()},
		{"Axc6", Spanish, wantPiece(Bishop, "", "c6").x().national()},
		{"Af1-b5", Spanish, wantPiece(Bishop, "f1", "b5").national().style(StyleLongAlgebraic)},
		{"Pf3", Dutch, wantPiece(Knight, "", "f3").national()},
		{"Lb5", Dutch, wantPiece(Bishop, "", "b5").national()},
		{"Hd1", Polish, wantPiece(Queen, "", "d1").national()},
		{"Wa1", Polish, wantPiece(Rook, "", "a1").national()},
		{"Gb5", Polish, wantPiece(Bishop, "", "b5").national()},
		{"Jf3", Czech, wantPiece(Knight, "", "f3").national()},
		{"Sb5", Czech, wantPiece(Bishop, "", "b5").national()},
		{"Vd1", Czech, wantPiece(Rook, "", "d1").national()},
		{"Sf3", Swedish, wantPiece(Knight, "", "f3").national()},
		{"Hf3", Hungarian, wantPiece(Knight, "", "f3").national()},
		{"Bd1", Hungarian, wantPiece(Rook, "", "d1").national()}, // B is the bástya
		{"Vd1", Hungarian, wantPiece(Queen, "", "d1").national()},
		{"bxc3", Hungarian, wantPawn("b", "c3").x()},
		{"Bc5", Portuguese, wantPiece(Bishop, "", "c5").national()},
		{"Rh1", Portuguese, wantPiece(King, "", "h1").national()},
		{"Taf1", Portuguese, wantPiece(Rook, "a", "f1").national()},
	})
}

// The same text means different moves under different sets.
func TestParseMoveSetCollisions(t *testing.T) {
	nat := StyleNationalLetters
	runNotationCases(t, []notationCase{
		{"Kf3", SAN, wantPiece(King, "", "f3")},
		{"Kf3", RussianLatin, wantPiece(Knight, "", "f3").style(nat)},
		{"Kf3", Russian, wantPiece(Knight, "", "f3").styles(nat, StyleMixedScript)},
		{"Kf3", German, wantPiece(King, "", "f3").style(nat)},
		{"Cf3", French, wantPiece(Knight, "", "f3").style(nat)},
		{"Cf3", RussianLatin, wantPiece(Bishop, "", "f3").style(nat)},
		{"Bb5", SAN, wantPiece(Bishop, "", "b5")},
		{"Bb5", Hungarian, wantPiece(Rook, "", "b5").style(nat)},
		{"Rg1", SAN, wantPiece(Rook, "", "g1")},
		{"Rg1", Spanish, wantPiece(King, "", "g1").style(nat)},
		{"Sf3", German, wantPiece(Knight, "", "f3").style(nat)},
		{"Sf3", Czech, wantPiece(Bishop, "", "f3").style(nat)},
		{"Pf3", Dutch, wantPiece(Knight, "", "f3").style(nat)},
		{"Pf3", SAN, wantPawn("", "f3").style(StylePawnLetter)},
		{"Lb5", German, wantPiece(Bishop, "", "b5").style(nat)},
		{"Lb5", RussianLatin, wantPiece(Rook, "", "b5").style(nat)},
	})
	for _, c := range []struct {
		text string
		set  LetterSet
	}{{"Cf3", SAN}, {"Sf3", SAN}, {"Kf3", French}, {"Db5", SAN}, {"Nf3", German}, {"Фh7", SAN}, {"Кf3", RussianLatin}} {
		if n, err := ParseMove([]byte(c.text), c.set); err == nil {
			t.Errorf("ParseMove(%q, %v) = %+v, want an error", c.text, c.set, n)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	for _, c := range []struct {
		text   string
		set    LetterSet
		offset int
		msg    string
	}{
		{"", SAN, 0, "empty move"},
		{"Zz9", SAN, 0, `'Z' is neither a file (a-h) nor a piece letter in English notation`},
		{"e9", SAN, 1, "there is no rank 9"},
		{"e0", SAN, 1, "there is no rank 0"},
		{"i4", SAN, 0, `'i' is neither a file (a-h) nor a piece letter in English notation`},
		{"Kf3", French, 0, `'K' is neither a file (a-h) nor a piece letter in French notation`},
		{"Фh7", SAN, 0, `'Ф' is neither a file (a-h) nor a piece letter in English notation`},
		{"Cc3", SAN, 0, `'C' is not a piece letter in English notation, and as a capital file it needs a rank after it`},
		{"Сс4", SAN, 0, `'С' is not a piece letter in English notation, and as a capital file it needs a rank after it`},
		{"Nf3x", SAN, 3, "capture mark with no square after it"}, // mate-x is Russian only
		{"Qh7х", SAN, 3, "capture mark with no square after it"},
		{"exe5", SAN, 0, "a pawn cannot capture straight ahead"},
		{"ee4", SAN, 0, "a pawn move names its own file twice"},
		{"axc3", SAN, 0, "a pawn can only move to a neighbouring file"},
		{"ae", Russian, 0, "a pawn can only move to a neighbouring file"},
		{"ae:", Russian, 0, "a pawn can only move to a neighbouring file"},
		{"dd:", Russian, 0, "a pawn cannot capture straight ahead"},
		{"dc::", Russian, 3, "capture mark with no square after it"},
		{"de::Ф", Russian, 4, `unexpected 'Ф' here`}, // one colon before the piece promoted to
		{"dd:Ф", Russian, 0, "a pawn cannot capture straight ahead"},
		{"de:Кр", Russian, 3, "a pawn cannot promote to a king"},
		{"d:c:", Russian, 3, "capture mark with no square after it"},
		{"dcx", SAN, 2, "capture mark with no square after it"}, // only the colon follows the files
		{"Ne8=Q", SAN, 4, "only a pawn can promote"},
		{"e5=Q", SAN, 3, "a pawn promotes on the last rank, not on rank 5"},
		{"e8=K", SAN, 3, "a pawn cannot promote to a king"},
		{"e8=", SAN, 2, "'=' without a piece to promote to"},
		{"e8=X", SAN, 2, "'=' without a piece to promote to"},
		{"O-O-O-O", SAN, 0, "malformed castling (O-O or O-O-O)"},
		{"O-", SAN, 1, "malformed castling (O-O or O-O-O)"},
		{"0-1", SAN, 2, "malformed castling (O-O or O-O-O)"},
		{"+", SAN, 0, "only check, mate or e.p. marks, no move"},
		{"N", SAN, 0, "piece letter with no square"},
		{"Kp", Russian, 0, "piece letter with no square"},
		{"Nf", SAN, 1, "no destination square (file a-h then rank 1-8)"},
		{"Ng-f3", SAN, 2, "a dash must follow the full origin square"},
		{"N1-f3", SAN, 2, "a dash must follow the full origin square"},
		{"P-e4", SAN, 1, "a dash must follow the full origin square"},
		{"-e4", SAN, 0, "a dash must follow the full origin square"},
		{"2e4", SAN, 0, "an origin rank without a piece letter"},
		{"1xe4", SAN, 0, "an origin rank without a piece letter"},
		{"Nfg1f3", SAN, 2, `unexpected 'g' here`},
		{"Фg2(h1)", Russian, 7, `unexpected ')' here`},
		{"Nxd5e.p.", SAN, 4, "e.p. follows only a pawn capture"},
		{"e4e.p.", SAN, 2, "e.p. follows only a pawn capture"},
		{"e4 ", SAN, 2, "unexpected character ' '"},
		{"\xff", SAN, 0, "invalid UTF-8 byte 0xFF"},
		{"e4\xc3", SAN, 2, "invalid UTF-8 byte 0xC3"},
		{strings.Repeat("e", maxMoveBytes+1), SAN, 0, "too long to be a move (over 64 bytes or 32 characters)"},
		{"e4", LetterSet(200), 0, "unknown letter set 200"},
	} {
		n, err := ParseMove([]byte(c.text), c.set)
		var ne *NotationError
		if !errors.As(err, &ne) {
			t.Errorf("ParseMove(%q, %v) = %+v, %v; want a *NotationError", c.text, c.set, n, err)
			continue
		}
		if ne.Offset != c.offset || ne.Msg != c.msg {
			t.Errorf("ParseMove(%q, %v): error at %d %q, want at %d %q", c.text, c.set, ne.Offset, ne.Msg, c.offset, c.msg)
		}
		if n != (Notation{}) {
			t.Errorf("ParseMove(%q, %v) returned %+v with its error, want the zero Notation", c.text, c.set, n)
		}
	}
}

func TestNotationErrorMessage(t *testing.T) {
	_, err := ParseMove([]byte("e9"), SAN)
	if err == nil || err.Error() != "at byte 1: there is no rank 9" {
		t.Errorf("error = %v", err)
	}
}

func TestLikelySets(t *testing.T) {
	set := func(ss ...LetterSet) (m LetterSetMask) {
		for _, s := range ss {
			m |= s.Bit()
		}
		return m
	}
	for _, c := range []struct {
		text string
		want LetterSetMask
	}{
		{"e4", AllLetterSets},
		{"exd5", AllLetterSets},
		{"O-O-O", AllLetterSets},
		{"dc", AllLetterSets},
		{"♘f3", AllLetterSets},
		{"Nf3", set(SAN)},
		{"Sf3", set(German, Polish, Czech, Swedish)},
		{"Kf3", set(SAN, Russian, RussianLatin, German, Dutch, Polish, Czech, Swedish, Hungarian)},
		{"Kpe1:d2", set(Russian, RussianLatin)},
		{"Фh7х", set(Russian)},
		{"e4x", set(Russian, RussianLatin)},
		{"e7e8b", set(SAN, Hungarian, Portuguese)},
		{"Zz9", 0},
		{"", 0},
	} {
		if got := LikelySets([]byte(c.text)); got != c.want {
			t.Errorf("LikelySets(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestNotationString(t *testing.T) {
	for _, c := range []struct {
		text string
		set  LetterSet
		want string
	}{
		{"Nbd7", SAN, "Nbd7"},
		{"exd8=N#", SAN, "exd8=N#"},
		{"0-0-0", SAN, "O-O-O"},
		{"Z0", SAN, "--"},
		{"e2-e4", SAN, "e2-e4"},
		{"e7e8q", SAN, "e7-e8=Q"},
		{"Ng1-f3", SAN, "Ng1f3"},
		{"xd4", SAN, "xd4"},
		{"Pe4", SAN, "e4"},
		{"Pe2e4", SAN, "Pe2-e4"},
		{"dc", Russian, "dc"},
		{"deФ", Russian, "de=Q"},
		{"Фh7х", Russian, "Qh7#"},
		{"Kpe1:d2", Russian, "Ke1xd2"},
		{"Лg8++", Russian, "Rg8+"},
	} {
		n, err := ParseMove([]byte(c.text), c.set)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", c.text, err)
		}
		if got := n.String(); got != c.want {
			t.Errorf("ParseMove(%q).String() = %q, want %q", c.text, got, c.want)
		}
	}
	// Garbage field values print without panicking.
	if got := (Notation{Kind: 99, FromFile: 50, FromRank: -7, ToFile: 3, ToRank: 3, Promotion: 42}).String(); got != "d4" {
		t.Errorf("garbage Notation prints %q, want %q", got, "d4")
	}
}

func TestStyleString(t *testing.T) {
	if got := Style(0).String(); got != "" {
		t.Errorf("Style(0) = %q", got)
	}
	if got := (StyleCastleZeros | StyleUnicodeDash).String(); got != "castling with zeros, Unicode dash" {
		t.Errorf("got %q", got)
	}
	// AppendText writes the same words after what the buffer holds, and
	// nothing for no style.
	if got := string((StyleCastleZeros | StyleUnicodeDash).AppendText([]byte("ways: "))); got != "ways: castling with zeros, Unicode dash" {
		t.Errorf("AppendText: %q", got)
	}
	if got := string(Style(0).AppendText([]byte("ways: "))); got != "ways: " {
		t.Errorf("AppendText of no style: %q", got)
	}
	if !(StyleUCI | StyleFigurine).Has(StyleUCI) || StyleUCI.Has(StyleUCI|StyleFigurine) {
		t.Error("Style.Has is wrong")
	}
	for i := 0; i < numStyles; i++ {
		if styleNames[i] == "" {
			t.Errorf("style bit %d has no name", i)
		}
	}
}

func TestLetterSetNames(t *testing.T) {
	for s := LetterSet(0); s < numLetterSets; s++ {
		got, err := ParseLetterSet(s.String())
		if err != nil || got != s {
			t.Errorf("ParseLetterSet(%q) = %v, %v", s.String(), got, err)
		}
	}
	for name, want := range map[string]LetterSet{"EN": SAN, " it ": Spanish, "Russian": Russian, "ru-latin": RussianLatin, "pt": Portuguese} {
		if got, err := ParseLetterSet(name); err != nil || got != want {
			t.Errorf("ParseLetterSet(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	if _, err := ParseLetterSet("klingon"); err == nil {
		t.Error("ParseLetterSet(klingon) succeeded")
	}
	if got := LetterSet(99).String(); got != "LetterSet(99)" {
		t.Errorf("got %q", got)
	}
	if got := (SAN.Bit() | Russian.Bit() | Hungarian.Bit()).String(); got != "san,ru,hu" {
		t.Errorf("mask String = %q", got)
	}
	// Sets that write every piece alike are named together when the
	// letters found them, each by its own language when chosen by name.
	for s, want := range map[LetterSet][2]string{
		German: {"German", "German/Swedish"}, Swedish: {"Swedish", "German/Swedish"},
		Spanish: {"Spanish/Italian", "Spanish/Italian"}, French: {"French", "French"},
		RussianLatin: {"Russian (in Latin letters)", "Russian (in Latin letters)"}, SAN: {"English", "English"},
		LetterSet(99): {"LetterSet(99)", "LetterSet(99)"},
	} {
		if got := [2]string{s.Language(), s.DetectedLanguage()}; got != want {
			t.Errorf("%v: Language, DetectedLanguage = %q, want %q", s, got, want)
		}
	}
	if AllLetterSets.Has(LetterSet(numLetterSets)) || !AllLetterSets.Has(Portuguese) {
		t.Error("AllLetterSets.Has is wrong")
	}
	for _, c := range []struct {
		set  LetterSet
		kind Kind
		want string
	}{{SAN, Knight, "N"}, {Russian, King, "Кр"}, {RussianLatin, King, "Kr"}, {German, Pawn, "B"}, {Dutch, Pawn, ""}, {Hungarian, Rook, "B"}, {SAN, NoKind, ""}, {LetterSet(99), King, ""}} {
		if got := c.set.Letter(c.kind); got != c.want {
			t.Errorf("%v.Letter(%v) = %q, want %q", c.set, c.kind, got, c.want)
		}
	}
}

func TestParseMoveAllocatesNothing(t *testing.T) {
	for _, c := range []struct {
		text string
		set  LetterSet
	}{{"Nxe5+", SAN}, {"O-O-O", SAN}, {"e8=Q", SAN}, {"Кра6–а7", Russian}, {"♘f3", German}, {"e2e4", SAN}} {
		text := []byte(c.text)
		if a := testing.AllocsPerRun(100, func() { _, _ = ParseMove(text, c.set) }); a != 0 {
			t.Errorf("ParseMove(%q) allocates %v times", c.text, a)
		}
		if a := testing.AllocsPerRun(100, func() { _ = LikelySets(text) }); a != 0 {
			t.Errorf("LikelySets(%q) allocates %v times", c.text, a)
		}
	}
}

// TestParseMoveIntoMatchesParseMove checks that filling a notation in place
// reads every form as ParseMove does, a used notation included (nothing of
// the previous move may stay), and fails where ParseMove fails.
func TestParseMoveIntoMatchesParseMove(t *testing.T) {
	cases := []struct {
		text string
		set  LetterSet
	}{
		{"Nbd7+", SAN}, {"exd8=Q#", SAN}, {"O-O-O", SAN}, {"e2-e4", SAN}, {"e7e8q", SAN},
		{"Фh7х", Russian}, {"dc", Russian}, {"0-0", SAN}, {"--", SAN}, {"Sf3", German},
		{"Nf9", SAN}, {"", SAN}, {"e4", LetterSet(200)},
	}
	n := Notation{Kind: Queen, FromFile: 3, FromRank: 3, Capture: true, Check: true, Mate: true, Style: StyleUCI}
	for _, c := range cases {
		want, wantErr := ParseMove([]byte(c.text), c.set)
		err := ParseMoveInto(&n, []byte(c.text), c.set)
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
			t.Errorf("%q: error %v, ParseMove says %v", c.text, err, wantErr)
			continue
		}
		if err == nil && n != want {
			t.Errorf("%q: %+v, ParseMove says %+v", c.text, n, want)
		}
	}
	if err := ParseMoveInto(&n, []byte("Nf9"), SAN); err == nil {
		t.Error("Nf9 read as a move")
	}
}

// TestPromotesToKing: a pawn's move with the set's king letter as the piece
// promoted to, whatever the form (on a rank no pawn promotes on too: the king
// is the first fault); the same text under a set where the letter is a
// knight, a queen's promotion and a king's move are not.
func TestPromotesToKing(t *testing.T) {
	for _, c := range []struct {
		text string
		set  LetterSet
		want bool
	}{
		{"a8=K", SAN, true}, {"a8K", SAN, true}, {"bxa1=K+", SAN, true}, {"a8=Kr", RussianLatin, true}, {"de:Кр", Russian, true}, {"a6=K", SAN, true},
		{"a8=K", RussianLatin, false}, {"a8=K", Russian, false}, {"a8=Q", SAN, false}, {"Ka8", SAN, false}, {"a6=Q", SAN, false},
	} {
		if got := PromotesToKing([]byte(c.text), c.set); got != c.want {
			t.Errorf("PromotesToKing(%q, %v) = %v, want %v", c.text, c.set, got, c.want)
		}
	}
}
