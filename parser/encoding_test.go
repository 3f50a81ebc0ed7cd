package parser

import (
	"bytes"
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
// up to past two 32-byte steps, so that each of isASCII's loops meets it.
func TestIsASCII(t *testing.T) {
	for n := 0; n <= 80; n++ {
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
