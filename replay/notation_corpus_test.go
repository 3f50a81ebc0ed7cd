package replay

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Tests over the shared corpus of real scores (ARBITER_CORPUS, see
// /work/shared/corpus/SOURCES.md). They skip when it is not there.

func notationCorpusFile(t *testing.T, rel string) string {
	t.Helper()
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	data, err := os.ReadFile(filepath.Join(dir, rel))
	if os.IsNotExist(err) {
		t.Skipf("%s not in the corpus", rel)
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var (
	corpusComment   = regexp.MustCompile(`(?s)\{.*?\}`)
	corpusVariation = regexp.MustCompile(`\([^()]*\)`)
	corpusMoveNo    = regexp.MustCompile(`^\d+(\.+|…)`)
)

// corpusMoves splits movetext into move tokens the way the parser will hand
// them over: no tags, comments, variations, NAGs, move numbers, results or
// trailing !? annotations; "#" lines are the corpus files' own headers.
func corpusMoves(text string) []string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "[") {
			lines = append(lines, l)
		}
	}
	text = corpusComment.ReplaceAllString(strings.Join(lines, "\n"), " ")
	for corpusVariation.MatchString(text) {
		text = corpusVariation.ReplaceAllString(text, " ")
	}
	var moves []string
	for _, tok := range strings.Fields(text) {
		tok = corpusMoveNo.ReplaceAllString(tok, "")
		tok = strings.TrimRight(tok, "!?")
		switch {
		case tok == "", tok == "...", tok == "…", strings.HasPrefix(tok, "$"):
		case tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*":
		default:
			moves = append(moves, tok)
		}
	}
	return moves
}

func TestNotationCorpusRussianLongGame(t *testing.T) {
	moves := corpusMoves(notationCorpusFile(t, "russian/github_snippets/vue_component_full_game_russian_long.txt"))
	if len(moves) != 97 {
		t.Fatalf("%d moves, want 97 (49 moves, the last one White's only)", len(moves))
	}
	for _, m := range moves {
		n, err := ParseMove([]byte(m), Russian)
		if err != nil {
			t.Errorf("%q: %v", m, err)
			continue
		}
		wantKind := Kind(NoKind) // a pawn in long form: "e2-e4", "e5xd4"
		switch {
		case strings.HasPrefix(m, "0-0"):
		case strings.HasPrefix(m, "Кр"):
			wantKind = King
		case strings.HasPrefix(m, "К"):
			wantKind = Knight
		case strings.HasPrefix(m, "С"):
			wantKind = Bishop
		case strings.HasPrefix(m, "Л"):
			wantKind = Rook
		case strings.HasPrefix(m, "Ф"):
			wantKind = Queen
		}
		castles := strings.HasPrefix(m, "0-0")
		if n.Kind != wantKind || n.Capture != strings.Contains(m, "x") || n.Check != strings.HasSuffix(m, "+") ||
			(n.Castle != NoCastle) != castles || (!castles && (n.FromFile < 0 || n.FromRank < 0)) {
			t.Errorf("%q read as %+v", m, n)
		}
	}
}

// The same Ruy Lopez written five ways must read as the same six moves.
func TestNotationCorpusMultilingual(t *testing.T) {
	text := notationCorpusFile(t, "russian/github_snippets/pytest_multilang_notation_cases.txt")
	uci := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"}
	kinds := []Kind{Pawn, Pawn, Knight, Knight, Bishop, Pawn}
	sets := map[string]LetterSet{"en": SAN, "ru": Russian, "de": German}
	games := 0
	for _, line := range strings.Split(text, "\n") {
		movetext, lang, ok := strings.Cut(line, "\t")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		set := sets[strings.Fields(lang)[0]]
		moves := corpusMoves(movetext)
		if len(moves) != len(uci) {
			t.Fatalf("%q: %d moves, want %d", movetext, len(moves), len(uci))
		}
		for i, m := range moves {
			n, err := ParseMove([]byte(m), set)
			if err != nil {
				t.Errorf("%q under %v: %v", m, set, err)
				continue
			}
			from, to := uci[i][:2], uci[i][2:]
			ff, fr := notationSquare(from)
			tf, tr := notationSquare(to)
			kindOK := n.Kind == kinds[i] || n.Kind == NoKind && n.FromRank >= 0
			originOK := (n.FromFile < 0 || n.FromFile == ff) && (n.FromRank < 0 || n.FromRank == fr)
			if !kindOK || !originOK || n.ToFile != tf || n.ToRank != tr {
				t.Errorf("%q under %v read as %+v, want %s", m, set, n, uci[i])
			}
		}
		games++
	}
	if games != 5 {
		t.Errorf("%d games, want 5", games)
	}
}

// pgn-extract wrote one game in several notations; every one must read, and
// the squares must agree move by move with the UCI version.
func TestNotationCorpusPgnExtractFormats(t *testing.T) {
	dir := "other_notation/pgn-extract_outfiles/"
	uci := corpusMoves(notationCorpusFile(t, dir+"test-WWuci-out.pgn"))
	if len(uci) != 72 {
		t.Fatalf("UCI version has %d moves, want 72", len(uci))
	}
	for _, c := range []struct {
		file string
		set  LetterSet
		full bool // origin always written
	}{
		{"test-WWlalg-out.pgn", SAN, true},
		{"test-WWhalg-out.pgn", SAN, true},
		{"test-WWelalg-out.pgn", SAN, true},
		{"test-WWxlalg-out.pgn", SAN, true},
		{"test-WWdeutsch-out.pgn", German, false},
	} {
		moves := corpusMoves(notationCorpusFile(t, dir+c.file))
		if len(moves) != len(uci) {
			t.Errorf("%s: %d moves, want %d", c.file, len(moves), len(uci))
			continue
		}
		for i, m := range moves {
			n, err := ParseMove([]byte(m), c.set)
			if err != nil {
				t.Errorf("%s move %d %q: %v", c.file, i, m, err)
				continue
			}
			ref, _ := ParseMove([]byte(uci[i]), SAN)
			if n.Castle != NoCastle {
				if c.full || ref.FromFile != 4 || (ref.ToFile == 6) != (n.Castle == ShortCastle) {
					t.Errorf("%s move %d %q: castling against %s", c.file, i, m, uci[i])
				}
				continue
			}
			sameOrigin := n.FromFile == ref.FromFile && n.FromRank == ref.FromRank
			if n.ToFile != ref.ToFile || n.ToRank != ref.ToRank || c.full && !sameOrigin {
				t.Errorf("%s move %d %q read as %+v, against %s", c.file, i, m, n, uci[i])
			}
		}
	}
}

func TestNotationCorpusPlaybackFiles(t *testing.T) {
	count := 0
	for _, f := range []string{"capture en passant.txt", "castling, weak and strong moves.txt", "promotion.txt"} {
		for _, m := range corpusMoves(notationCorpusFile(t, "other_notation/sotfheif_chess-game-playback/"+f)) {
			if _, err := ParseMove([]byte(m), SAN); err != nil {
				t.Errorf("%s: %q: %v", f, m, err)
			}
			count++
		}
	}
	if count != 47 {
		t.Errorf("%d moves, want 47", count)
	}
}

// Book pages in Russian notation: the lines holding only a move number and
// one or two moves must read, except the known damage listed.
func TestNotationCorpusRussianPages(t *testing.T) {
	line := regexp.MustCompile(`^\d+(\.+|…)\s*(\.\.\.|…)?\s*(\S+)(\s+(\S+))?\s*$`)
	for _, c := range []struct {
		file   string
		moves  int
		broken []string
	}{
		{"01_knigochet_read_90353_26.txt", 30, nil},
		{"02_fb2book_panov_interesnaya_igra_p10.txt", 36, []string{"d5:"}}, // the page is cut off mid-move
		{"07_dzen_X--P5f5OaG9q04oj_mat_x.txt", 5, nil},
		{"08_dzen_XmPJ7WIU7DBOJYmi_anderssen.txt", 6, nil},
		{"10_dzen_XdGmecs700Dk8XyU_marshall_maroczy.txt", 5, nil},
		{"14_64ab_kalinichenko_sicilian_OCR.txt", 5, nil},
		{"16_mylibrary_capablanca_uchebnik_p53_figurines_lost.txt", 34, nil},
		{"18_bibliboba_capablanca_uchebnik_p73_figurines_lost.txt", 13, nil},
		{"19_wiki_debut_tryoh_konei_latin_K.txt", 4, []string{"Kb1-c3."}}, // a full stop ends the sentence
	} {
		text := notationCorpusFile(t, "russian/pages_excerpts/"+c.file)
		read := 0
		var broken []string
		for _, l := range strings.Split(text, "\n") {
			m := line.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			for _, tok := range []string{m[3], m[5]} {
				tok = strings.TrimRight(tok, "!?")
				if tok == "" || tok == "..." || tok == "…" {
					continue
				}
				if _, err := ParseMove([]byte(tok), Russian); err != nil {
					broken = append(broken, tok)
				} else {
					read++
				}
			}
		}
		if read != c.moves || strings.Join(broken, " ") != strings.Join(c.broken, " ") {
			t.Errorf("%s: read %d, broken %q; want %d, %q", c.file, read, broken, c.moves, c.broken)
		}
	}
}
