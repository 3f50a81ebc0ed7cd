package parser

import (
	"bytes"
	"fmt"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

var charmaps = map[Encoding]*charmap.Charmap{
	Windows1252: charmap.Windows1252,
	Windows1251: charmap.Windows1251,
	KOI8R:       charmap.KOI8R,
	CP866:       charmap.CodePage866,
	CP850:       charmap.CodePage850,
}

func encode(t *testing.T, s string, enc Encoding) []byte {
	t.Helper()
	b, err := charmaps[enc].NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encode %q as %v: %v", s, enc, err)
	}
	return b
}

var russianSamples = map[string]string{
	"prose and long notation": "Партия Алехин - Капабланка, Буэнос-Айрес 1927.\n1. d2-d4 d7-d5 2. c2-c4 e7-e6 3. Кb1-c3 Кg8-f6 4. Сc1-g5 Кb8-d7\nБелые получают небольшой перевес.",
	"moves only":              "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. 0-0 Сe7 6. Лe1 b5 7. Сb3 d6 8. c3 0-0 9. h3 Фd7",
	"captures and king":       "12. Кр:g1 Л:f2 13. Фd1:d8+ Кр:d8 14. Кf3:e5",
	"a short remark":          "1. e4 c5 (сицилианская)",
	"look-alike squares only": "1. e4 e5 2. Nf3 Nc6 3. Bb5 а6 4. Ba4 Nf6",
	"look-alike pawn moves":   "1. е4 е5 *",
}

var westernSamples = map[string]string{
	"German names":  "[White \"Müller, Jürgen\"]\n[Black \"Weiß, Günther\"]\n[Site \"Düsseldorf\"]\n1. e4 e5 2. Sf3",
	"French names":  "[White \"Gaël Pérez\"]\n[Black \"Hélène Lefèvre\"]\n[Event \"Championnat de l’Île-de-France\"]\n1. d4 d5",
	"Spanish names": "[White \"Peña, José\"]\n[Site \"Cádiz\"]\n1. e4 c5 ½-½",
	"a figurine":    "1. e4 c5 2.¤f3 ¤c6 3.d4 cd4 4.¤d4",
	// Glyphs before a capture or as a promotion piece, which CP850 would
	// read as Ñxc6 and d8ú.
	"a figurine capture":   "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. ¥xc6 dxc6 *",
	"a figurine capture :": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. ¥:c6 dc *",
	"a figurine promotion": "1. d8£ *",
}

func TestDetectRussianInEveryCyrillicCodePage(t *testing.T) {
	for name, text := range russianSamples {
		for _, enc := range []Encoding{Windows1251, KOI8R, CP866} {
			b := encode(t, text, enc)
			if got := detectEncoding(b, false); got != enc {
				t.Errorf("%s in %v: detected %v", name, enc, got)
			}
		}
	}
}

// No-break spaces between moves (0xA0 in Windows-1252, а in CP866) do not
// make a Western file Russian.
func TestNoBreakSpacesStayWestern(t *testing.T) {
	for _, text := range []string{
		"[Event \"Casual\"]\n[White \"Anderssen\"]\n\n1. e4 e5\xa02. f4 exf4\xa03. Bc4 Qh4+ 1-0\n",
		"[Site \"K\xf6ln\"]\n[White \"M\xfcller\"]\n\n1. e4 e5\xa02. O-O\xa0\xa03. Bc4 *\n",
		"[Event \"x\"]\n[Result \"*\"]\n\n1.\xa0e4 e5 2.\xa0Nf3 Nc6 *\n",
		"[Event \"x\"]\n\n1.\xa0e4 \xa0e5 *\n",
	} {
		if got := detectEncoding([]byte(text), false); got != Windows1252 {
			t.Errorf("%q: detected %v", text, got)
		}
	}
}

func TestDetectWestern(t *testing.T) {
	for name, text := range westernSamples {
		b := encode(t, text, Windows1252)
		if got := detectEncoding(b, false); got != Windows1252 {
			t.Errorf("%s: detected %v", name, got)
		}
	}
	// DOS files put ü at 0x81, unassigned in Windows-1252.
	for _, text := range []string{"[Event \"Brüssel\"]\n[Site \"München\"]\n1. e4", "[Opening \"Königsindisch\"]"} {
		b := encode(t, text, CP850)
		if got := detectEncoding(b, false); got != CP850 {
			t.Errorf("%q in CP850: detected %v", text, got)
		}
	}
	// Accented letters before a file letter are not Cyrillic piece letters.
	for _, text := range []string{"[Opening \"Holländisch, Eröffnung\"]", "[Variation \"variante Maróczy\"]"} {
		b := encode(t, text, Windows1252)
		if got := detectEncoding(b, false); got != Windows1252 {
			t.Errorf("%q: detected %v", text, got)
		}
	}
}

func TestDecodedGameKeepsInputPositions(t *testing.T) {
	input := encode(t, "Партия\n1. Кf3 е5 {жертва} 2. Сb5", Windows1251)
	games, chunks := readAll(t, input, SplitOptions{}, Options{})
	checkGames(t, input, games, chunks)
	g := games[0]
	eq(t, "encoding", g.Encoding, Windows1251)
	eq(t, "norms", norms(g), []string{"Кf3", "e5", "Сb5"})
	eq(t, "raw", g.Str(g.Moves[1].Raw), "е5")
	eq(t, "comment", g.Str(g.Moves[1].Comment), "жертва")
	eq(t, "positions", []Pos{g.Moves[0].Pos, g.Moves[1].Pos, g.Moves[2].Pos}, []Pos{
		{Offset: 10, Line: 2, Col: 4}, {Offset: 14, Line: 2, Col: 8}, {Offset: 29, Line: 2, Col: 23},
	})
}

func TestMixedUTF8AndSingleByte(t *testing.T) {
	// UTF-8 names with one stray Latin-1 byte, as in files concatenated from
	// several sources: the UTF-8 is kept, the stray byte decoded.
	input := []byte("[White \"Müller\"]\n[Black \"Ren\xe9\"]\n[Site \"Köln\"]\n\n1. e4 *\n")
	g := oneBytes(t, input, Options{})
	eq(t, "encoding", g.Encoding, Windows1252)
	eq(t, "names", []string{g.Tags[0].Value, g.Tags[1].Value, g.Tags[2].Value}, []string{"Müller", "René", "Köln"})
}

func TestForcedEncoding(t *testing.T) {
	input := encode(t, "[White \"Ботвинник\"]\n\n1. Кf3 *\n", Windows1251)
	g := oneBytes(t, input, Options{ForceEncoding: true, Encoding: KOI8R})
	eq(t, "encoding", g.Encoding, KOI8R)
	eq(t, "misread name", g.Tags[0].Value, "аНРБХММХЙ")
	g = oneBytes(t, []byte("[White \"Smyslov\"]\n1. e4 *"), Options{ForceEncoding: true, Encoding: KOI8R})
	eq(t, "ASCII stays UTF-8", g.Encoding, UTF8)
}

// TestASCIIGameInALegacyPiece: a game of plain ASCII is labelled UTF8,
// whatever the text around it between tag sections was decoded with, as a
// game between tag sections of its own is. Cut at a game start (no tag
// section there), a chunk of ASCII games labelled them UTF8 while the whole
// reading labelled them with the piece's code page: reading in chunks
// changed the games (FuzzParse, 707e21f7cd468666).
func TestASCIIGameInALegacyPiece(t *testing.T) {
	for b := 0x80; b < 0x100; b++ {
		for enc := range decodeTable {
			if r := decodeTable[enc][b]; r < 0x80 && Encoding(enc) != UTF8 {
				t.Fatalf("%v decodes 0x%02x as ASCII %q", Encoding(enc), b, r)
			}
		}
	}
	game := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n"
	input := append(append([]byte(game+game), encode(t, "1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 1-0\n", Windows1251)...), game+game...)
	for _, opt := range []Options{{}, {ForceEncoding: true, Encoding: KOI8R}} {
		want := []Encoding{UTF8, UTF8, Windows1251, UTF8, UTF8}
		if opt.ForceEncoding {
			want[2] = KOI8R
		}
		whole, _ := readAll(t, input, SplitOptions{Target: len(input) + 1, Parse: opt}, opt)
		for _, target := range []int{len(input) + 1, 40, 1} {
			games, chunks := readAll(t, input, SplitOptions{Target: target, Parse: opt}, opt)
			checkGames(t, input, games, chunks)
			var got []Encoding
			for _, g := range games {
				got = append(got, g.Encoding)
			}
			what := fmt.Sprintf("forced %v, target %d", opt.ForceEncoding, target)
			eq(t, what+": encodings", got, want)
			if target < len(input) {
				eq(t, what+": chunks", len(chunks) > 1, true)
			}
			sameGames(t, what, games, whole)
		}
	}
}

func TestEncodingNames(t *testing.T) {
	var got []string
	for e := UTF8; e <= CP850+1; e++ {
		got = append(got, e.String())
	}
	eq(t, "names", got, []string{"utf-8", "windows-1252", "windows-1251", "koi8-r", "cp866", "cp850", "unknown"})
}

func oneBytes(t *testing.T, input []byte, opt Options) *Game {
	t.Helper()
	games, chunks := readAll(t, input, SplitOptions{}, opt)
	checkGames(t, input, games, chunks)
	if len(games) != 1 {
		t.Fatalf("got %d games", len(games))
	}
	return games[0]
}

// TestIsASCII puts one high byte at every place of inputs of every length
// up to past two 64-byte steps, so that each of isASCII's loops meets it.
func TestIsASCII(t *testing.T) {
	for n := 0; n <= 140; n++ {
		b := bytes.Repeat([]byte{0x7f}, n)
		if !isASCII(b) {
			t.Fatalf("%d ASCII bytes: not ASCII", n)
		}
		for k := range b {
			b[k] = 0x80
			if isASCII(b) {
				t.Fatalf("0x80 at %d of %d bytes: ASCII", k, n)
			}
			b[k] = 0x7f
		}
	}
}

// Short records, where a handful of high bytes decide the code page. Each
// text is encoded as enc and must be detected as want: enc, or a code page
// that reads those bytes alike (Windows-1252 and Windows-1251 share their
// dashes). The near misses are text that really is in the code page a
// rule below could pull it away from.
var shortDetections = []struct {
	name      string
	text      string
	enc, want Encoding
}{
	// The king Кр is two letters: read in the other Cyrillic code page it
	// is "йП" or "лТ", whose last letter alone looks like a piece letter
	// before a square.
	{"kings and knights, 1251", "1. e4 e5 2. Кf3 Кf6 3. Крe2 Крe7 4. d3 d6 1:0", Windows1251, Windows1251},
	{"kings and knights, KOI8-R", "1. e4 e5 2. Кf3 Кf6 3. Крe2 Крe7 4. d3 d6 1:0", KOI8R, KOI8R},
	{"kings and knights, CP866", "1. e4 e5 2. Кf3 Кf6 3. Крe2 Крe7 4. d3 d6 1:0", CP866, CP866},
	{"kings only, 1251", "1. e4 e5 2. Крe2 Крe7 *", Windows1251, Windows1251},
	{"kings only, KOI8-R", "1. e4 e5 2. Крe2 Крe7 *", KOI8R, KOI8R},
	{"kings only, CP866", "1. e4 e5 2. Крe2 Крe7 *", CP866, CP866},
	{"king capturing, 1251", "1. e4 e5 2. Фh5 Кр:e7 *", Windows1251, Windows1251},
	{"king capturing, KOI8-R", "1. e4 e5 2. Фh5 Кр:e7 *", KOI8R, KOI8R},
	{"king to a look-alike square, 1251", "1. е4 е5 2. Кре2 Кре7 *", Windows1251, Windows1251},
	{"king to a look-alike square, KOI8-R", "1. е4 е5 2. Кре2 Кре7 *", KOI8R, KOI8R},
	{"king after a Latin K, 1251", "1. e4 e5 2. Kрe2 Kрe7 *", Windows1251, Windows1251},
	{"king after a Latin K, KOI8-R", "1. e4 e5 2. Kрe2 Kрe7 *", KOI8R, KOI8R},
	{"king before a Latin p, 1251", "1. e4 e5 2. Кpe2 Кpe7 *", Windows1251, Windows1251},
	{"king before a Latin p, KOI8-R", "1. e4 e5 2. Кpe2 Кpe7 *", KOI8R, KOI8R},
	// KOI8-R's К is Windows-1251's small л, a rook only as a variant.
	{"knights only, KOI8-R", "1. e4 e5 2. Кf3 Кc6 *", KOI8R, KOI8R},
	{"knights only, 1251", "1. e4 e5 2. Кf3 Кc6 *", Windows1251, Windows1251},
	{"rooks only, 1251", "1. a4 a5 2. Лa3 Лa6 *", Windows1251, Windows1251},
	{"rooks only, KOI8-R", "1. a4 a5 2. Лa3 Лa6 *", KOI8R, KOI8R},

	// En dashes between squares, as Word writes long notation: 0x96,
	// which CP850 reads as û.
	{"en dashes, 1252", "1. e2–e4 e7–e5 2. Ng1–f3 Nb8–c6 3. Bf1–b5 a7–a6 1–0", Windows1252, Windows1252},
	{"German with en dashes", "Partie 3: Müller – Schäfer\n1. e2–e4 e7–e5 2. Sg1–f3 Sb8–c6 3. Lf1–b5 a7–a6 4. Lb5xc6 d7xc6 *", Windows1252, Windows1252},
	{"pawn moves with en dashes, 1251", "1. e2–e4 e7–e5 2. d2–d4 e5:d4 *", Windows1251, Windows1252},
	{"castling and result with en dashes", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0–0 Nf6 1–0", Windows1252, Windows1252},
	{"Russian with en dashes", "Партия Алехин – Капабланка\n1. e2–e4 e7–e5 2. Кg1–f3 *", Windows1251, Windows1251},
	// Typographic punctuation of English annotations, which CP850 reads
	// as letters: à, ù, æ, ô.
	{"an ellipsis after a move number", "{After 20…Qe7, 21 Qa5} 1. e4 e5 *", Windows1252, Windows1252},
	{"an em dash between words", "{a logical move—which wins} 1. e4 e5 *", Windows1252, Windows1252},
	{"an em dash after a move", "{18 Rfc1—and this wins} 1. e4 e5 *", Windows1252, Windows1252},
	{"single quotes", "{the ‘stone wall’} 1. e4 e5 *", Windows1252, Windows1252},
	{"a double quote opening a tag value", "[Site “Zagreb”]\n1. e4 e5 *", Windows1252, Windows1252},

	// Near misses: Russian prose and headings.
	{"prose, 1251", "Белые сдались. Партия была отложена в ничейной позиции, но Алехин нашёл выигрыш.", Windows1251, Windows1251},
	{"prose, KOI8-R", "Белые сдались. Партия была отложена в ничейной позиции, но Алехин нашёл выигрыш.", KOI8R, KOI8R},
	{"prose, CP866", "Белые сдались. Партия была отложена в ничейной позиции, но Алехин нашёл выигрыш.", CP866, CP866},
	{"one word, 1251", "1. e4 e5 {сдались}", Windows1251, Windows1251},
	{"one word, KOI8-R", "1. e4 e5 {сдались}", KOI8R, KOI8R},
	{"a name, 1251", "[White \"Ботвинник\"]\n1. d4 *", Windows1251, Windows1251},
	{"a name, KOI8-R", "[White \"Ботвинник\"]\n1. d4 *", KOI8R, KOI8R},
	{"a name, CP866", "[White \"Ботвинник\"]\n1. d4 *", CP866, CP866},
	{"\"СССР\", 1251", "[Event \"Чемпионат СССР\"]\n1. e4 *", Windows1251, Windows1251},
	{"\"СССР\", KOI8-R", "[Event \"Чемпионат СССР\"]\n1. e4 *", KOI8R, KOI8R},
	{"\"СССР\", CP866", "[Event \"Чемпионат СССР\"]\n1. e4 *", CP866, CP866},
	// Words in capitals are KOI8-R small letters when read wrongly.
	{"capitals, 1251", "[Event \"ЧЕМПИОНАТ СССР\"]\n[White \"БОТВИННИК\"]\n1. e4 e5 *", Windows1251, Windows1251},
	{"capitals, KOI8-R", "[Event \"ЧЕМПИОНАТ СССР\"]\n[White \"БОТВИННИК\"]\n1. e4 e5 *", KOI8R, KOI8R},
	{"capitals, CP866", "[Event \"ЧЕМПИОНАТ СССР\"]\n[White \"БОТВИННИК\"]\n1. e4 e5 *", CP866, CP866},
	{"capitals with НН, CP866's ══", "[Event \"ОДИННАДЦАТЫЙ ТУР\"]\n1. e4 e5 *", Windows1251, Windows1251},
	{"a Russian reply with a capture, CP866", "1. e4 d5 2. ed Ф:d5 3. Кc3 Фа5 *", CP866, CP866},
	{"a move after an ellipsis, 1251", "23. … Лd2-d6 24. Кр:g1 *", Windows1251, Windows1251},
	{"quotes and №, 1251", "«Шахматы в СССР», № 5", Windows1251, Windows1251},
	{"a times sign between numbers, 1251", "{доска 8х8} 1. e4 *", Windows1251, Windows1251},
	{"captures with x, KOI8-R", "1. e4 d5 2. ed Кf6 3. Сb5+ Кbd7 4. Кc3 Кxd5 *", KOI8R, KOI8R},
	{"a promotion after two files, 1251", "1. d4 e5 2. de f6 3. ef Кc6 4. fg Сe7 5. ghФ *", Windows1251, Windows1251},
	// A sheet typed in capitals (NOTATION.md: capital files, "E2", "А"-"Н"):
	// Windows-1251's capital Е is KOI8-R's small е, a look-alike file, so
	// the squares weigh alike in both pages and the pieces must decide,
	// capital files after them included ("КG1-F3").
	{"capital look-alike files, 1251", "1. Е2-Е4 Е7-Е5 2. Кg1-F3 Кb8-С6", Windows1251, Windows1251},
	{"capital look-alike files, KOI8-R", "1. Е2-Е4 Е7-Е5 2. Кg1-F3 Кb8-С6", KOI8R, KOI8R},
	{"capital look-alike files, CP866", "1. Е2-Е4 Е7-Е5 2. Кg1-F3 Кb8-С6", CP866, CP866},
	{"pieces before capital files, 1251", "1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. СF1-B5 А7-А6", Windows1251, Windows1251},
	{"pieces before capital files, KOI8-R", "1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. СF1-B5 А7-А6", KOI8R, KOI8R},
	{"pieces before capital files, CP866", "1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. СF1-B5 А7-А6", CP866, CP866},
	{"capital Cyrillic files after pieces, KOI8-R", "1. h2-h4 b7-b6 2. КВ1-С3 КG8-F6 3. ЛА1-В1 СС8-А6", KOI8R, KOI8R},
	{"capital Cyrillic files after pieces, 1251", "1. h2-h4 b7-b6 2. КВ1-С3 КG8-F6 3. ЛА1-В1 СС8-А6", Windows1251, Windows1251},
	{"a king in capitals in long notation, 1251", "1. Е2-Е4 Е7-Е5 2. КРЕ1-Е2 КРЕ8-Е7 3. КРЕ2-Е3 КРЕ7-Е6", Windows1251, Windows1251},
	{"a king in capitals in long notation, KOI8-R", "1. Е2-Е4 Е7-Е5 2. КРЕ1-Е2 КРЕ8-Е7 3. КРЕ2-Е3 КРЕ7-Е6", KOI8R, KOI8R},
	{"a king in capitals in long notation, CP866", "1. Е2-Е4 Е7-Е5 2. КРЕ1-Е2 КРЕ8-Е7 3. КРЕ2-Е3 КРЕ7-Е6", CP866, CP866},
	{"capital squares alone, 1251", "1. Е2-Е4 Е7-Е5 2. А2-А4 Н7-Н5", Windows1251, Windows1251},
	{"capital squares alone, KOI8-R", "1. Е2-Е4 Е7-Е5 2. А2-А4 Н7-Н5", KOI8R, KOI8R},
	// Near misses: small look-alike squares stay the page that writes them
	// small, and a capital before a digit in prose is no square.
	{"small look-alike squares, 1251", "1. е2-е4 е7-е5 2. а2-а4 с7-с5", Windows1251, Windows1251},
	{"small look-alike squares, KOI8-R", "1. е2-е4 е7-е5 2. а2-а4 с7-с5", KOI8R, KOI8R},
	{"a name and a year, 1251", "{Ботвинник, Москва 1948, Е2 тур} 1. e4 *", Windows1251, Windows1251},
	{"a name and a year, KOI8-R", "{Ботвинник, Москва 1948, Е2 тур} 1. e4 *", KOI8R, KOI8R},
	{"a frame round Russian, CP866", "╔══════════╗\n║ Партия 12 ║\n╚══════════╝\n1. e4 e5 *", CP866, CP866},

	// Near misses: Western text.
	{"ü and ö, 1252", "[White \"Müller, Jürgen\"]\n[Black \"Schön, Björn\"]\n1. e4 e5 *", Windows1252, Windows1252},
	{"ü and ö, CP850", "[White \"Müller, Jürgen\"]\n[Black \"Schön, Björn\"]\n1. e4 e5 *", CP850, CP850},
	{"ö ending a word, CP850", "[Site \"Malmö\"]\n[Event \"Malmö\"]\n1. e4 e5 *", CP850, CP850},
	{"ö ending a word, 1252", "[Site \"Malmö\"]\n1. e4 e5 *", Windows1252, Windows1252},
	{"ñ, CP850", "[White \"Peña, José\"]\n[Black \"Muñoz\"]\n1. e4 e5 *", CP850, CP850},
	{"one ñ, CP850", "[White \"Peña\"]\n1. e4 e5 *", CP850, CP850},
	{"a frame, CP850", "╔══════╗\n║ Turnier ║\n╚══════╝\n1. e4 e5 *", CP850, CP850},
	{"a table with ß, CP850", "┌────┬────┐\n│ Weiß │ Schwarz │\n└────┴────┘\n1. e4 e5 *", CP850, CP850},
	{"French accents, CP850", "{Où est le fou? C'est sûr, ça coûte.} 1. e4 e5 *", CP850, CP850},
	{"Italian accents, CP850", "{Più forte, così} 1. e4 e5 *", CP850, CP850},
	{"German accents, CP850", "{Größe, Stärke, Spaß} 1. e4 e5 *", CP850, CP850},
	{"words starting with ä, CP850", "{äußerst ähnlich} 1. e4 e5 *", CP850, CP850},
	{"a letter after a number, 1252", "{le 2ème coup} 1. e4 e5 *", Windows1252, Windows1252},
	{"a word starting with æ, CP850", "{Hvid æder bonden} 1. e4 e5 *", CP850, CP850},
	{"Danish, CP850", "[Event \"Æbeltoft\"]\n[White \"Søren Bøgh\"]\n1. e4 *", CP850, CP850},
	{"Danish, 1252", "[Event \"Æbeltoft\"]\n[White \"Søren Bøgh\"]\n1. e4 *", Windows1252, Windows1252},
	{"Swedish, 1252", "[Site \"Göteborg\"]\n{Svart gav upp på grund av tidsnöd} 1. e4 *", Windows1252, Windows1252},
	{"Swedish, CP850", "[Site \"Göteborg\"]\n{Svart gav upp på grund av tidsnöd} 1. e4 *", CP850, CP850},
	{"Icelandic, 1252", "[Site \"Reykjavík\"]\n[White \"Friðrik Ólafsson\"]\n1. e4 *", Windows1252, Windows1252},
	{"ß in capitals, 1252", "[Event \"STRAßE\"]\n1. e4 *", Windows1252, Windows1252},
	{"Š before two files, 1252", "[White \"Šahovic, Žarko\"]\n1. e4 *", Windows1252, Windows1252},
	{"a half and an en dash", "1. e4 e5 ½–½", Windows1252, Windows1252},
	{"umlauts and en dashes in a result", "[Site \"Düsseldorf\"]\n1. e4 e5 1–0", Windows1252, Windows1252},
	{"umlauts and hyphens, CP850", "[Site \"Düsseldorf\"]\n1. e4 e5 1-0", CP850, CP850},
	{"an apostrophe", "[Event \"Côte d’Ivoire\"]\n1. e4 e5 *", Windows1252, Windows1252},
}

func TestDetectShortRecords(t *testing.T) {
	for _, c := range shortDetections {
		b := encode(t, c.text, c.enc)
		if got := detectEncoding(b, false); got != c.want {
			t.Errorf("%s: %q in %v detected as %v, want %v", c.name, c.text, c.enc, got, c.want)
			continue
		}
		var m legacyMap
		if got := string(decodeLegacy(nil, b, c.want, false, &m)); got != c.text {
			t.Errorf("%s: read as %q, want %q", c.name, got, c.text)
		}
	}
}

// The records the wrong code page cost moves: read in the other Cyrillic
// code page the kings were a word of prose, skipped, and the game lost
// them; read as CP850 the dashed moves were not moves.
func TestShortRecordsKeepTheirMoves(t *testing.T) {
	for _, c := range []struct {
		name   string
		text   string
		enc    Encoding
		moves  []string
		result string
	}{
		{"kings, 1251", "1. e4 e5 2. Кf3 Кf6 3. Крe2 Крe7 4. d3 d6 1:0", Windows1251,
			[]string{"e4", "e5", "Кf3", "Кf6", "Крe2", "Крe7", "d3", "d6"}, "1-0"},
		{"kings, KOI8-R", "1. e4 e5 2. Кf3 Кf6 3. Крe2 Крe7 4. d3 d6 1:0", KOI8R,
			[]string{"e4", "e5", "Кf3", "Кf6", "Крe2", "Крe7", "d3", "d6"}, "1-0"},
		{"kings only, 1251", "1. e4 e5 2. Крe2 Крe7 *", Windows1251,
			[]string{"e4", "e5", "Крe2", "Крe7"}, "*"},
		{"kings only, KOI8-R", "1. e4 e5 2. Крe2 Крe7 *", KOI8R,
			[]string{"e4", "e5", "Крe2", "Крe7"}, "*"},
		{"en dashes, 1252", "1. e2–e4 e7–e5 2. Ng1–f3 Nb8–c6 3. Bf1–b5 a7–a6 1–0", Windows1252,
			[]string{"e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5", "a7-a6"}, "1-0"},
		// A sheet in capitals read in the other Cyrillic page kept its pawn
		// moves and lost its pieces to prose ("йg1-F3"), with no error to
		// make the replay try again.
		{"capitals, 1251", "1. Е2-Е4 Е7-Е5 2. Кg1-F3 Кb8-С6 *", Windows1251,
			[]string{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6"}, "*"},
		{"capitals, KOI8-R", "1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. СF1-B5 А7-А6 *", KOI8R,
			[]string{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "Сf1-b5", "a7-a6"}, "*"},
		{"capitals, CP866", "1. E2-E4 E7-E5 2. КG1-F3 КB8-C6 3. СF1-B5 А7-А6 *", CP866,
			[]string{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "Сf1-b5", "a7-a6"}, "*"},
		{"German, 1252", "Partie 3: Müller – Schäfer\n1. e2–e4 e7–e5 2. Sg1–f3 Sb8–c6 3. Lf1–b5 a7–a6 4. Lb5xc6 d7xc6 *", Windows1252,
			[]string{"e2-e4", "e7-e5", "Sg1-f3", "Sb8-c6", "Lf1-b5", "a7-a6", "Lb5xc6", "d7xc6"}, "*"},
	} {
		input := encode(t, c.text, c.enc)
		g := oneBytes(t, input, Options{})
		if g.Encoding != c.enc {
			t.Errorf("%s: read as %v, want %v", c.name, g.Encoding, c.enc)
		}
		eq(t, c.name+": moves", norms(g), c.moves)
		eq(t, c.name+": result", g.Result, c.result)
		eq(t, c.name+": problems", problems(g), []string{})
	}
	// Windows-1251 and Windows-1252 read these dashes alike.
	g := oneBytes(t, encode(t, "1. e2–e4 e7–e5 2. d2–d4 e5:d4 *", Windows1251), Options{})
	eq(t, "pawn moves, 1251: moves", norms(g), []string{"e2-e4", "e7-e5", "d2-d4", "e5:d4"})
}

// TestCloseRunnerUp: where the letters alone leave the code page in doubt,
// a lone small к of KOI8-R being Windows-1251's Л, the game says which
// other page reads its bytes otherwise (Game.EncodingAlt), for the replay
// to choose; not where the pages read every byte alike, where the guess is
// clear, nor where the encoding is forced.
func TestCloseRunnerUp(t *testing.T) {
	for _, c := range []struct {
		name      string
		text      string
		enc       Encoding
		want, alt Encoding
	}{
		{"a small knight, KOI8-R", "1. e4 e5 2. кf3 *", KOI8R, Windows1251, KOI8R},
		{"knights in both cases, KOI8-R", "1. e4 e5 2. Кf3 кc6 *", KOI8R, Windows1251, KOI8R},
		{"rooks only, 1251", "1. a4 a5 2. Лa3 Лa6 *", Windows1251, Windows1251, KOI8R},
		{"dashes only", "1. e2–e4 e7–e5 *", Windows1252, Windows1252, UTF8},
		{"long notation and prose, KOI8-R", russianSamples["prose and long notation"], KOI8R, KOI8R, UTF8},
		{"German names", westernSamples["German names"], Windows1252, Windows1252, UTF8},
	} {
		b := encode(t, c.text, c.enc)
		if got, alt := guessEncoding(b, false); got != c.want || alt != c.alt {
			t.Errorf("%s: guessed %v, runner-up %v; want %v, %v", c.name, got, alt, c.want, c.alt)
		}
		g := oneBytes(t, b, Options{})
		eq(t, c.name+": game", [2]Encoding{g.Encoding, g.EncodingAlt}, [2]Encoding{c.want, c.alt})
		g = oneBytes(t, b, Options{Encoding: c.enc, ForceEncoding: true})
		eq(t, c.name+": forced", [2]Encoding{g.Encoding, g.EncodingAlt}, [2]Encoding{c.enc, UTF8})
	}
	// Its decoding is what the runner-up's forced reading gives.
	g := oneBytes(t, encode(t, "1. e4 e5 2. кf3 *", KOI8R), Options{Encoding: KOI8R, ForceEncoding: true})
	eq(t, "read as KOI8-R", norms(g), []string{"e4", "e5", "кf3"})
}
