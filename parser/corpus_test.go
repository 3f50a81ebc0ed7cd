package parser

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// corpusDir returns $ARBITER_CORPUS, or skips the test.
func corpusDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("ARBITER_CORPUS")
	if dir == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("ARBITER_CORPUS: %v", err)
	}
	return dir
}

// referenceCounts reads the python-chess reference (gzip JSONL, one record
// per game with its file and index) into records per file.
func referenceCounts(t *testing.T) map[string]int {
	t.Helper()
	dir := os.Getenv("ARBITER_REFERENCE")
	if dir == "" {
		t.Skip("ARBITER_REFERENCE not set")
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.jsonl.gz"))
	if err != nil || len(paths) == 0 {
		t.Skipf("no reference files in %s", dir)
	}
	counts := map[string]int{}
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			var rec struct {
				File  string `json:"file"`
				Index int    `json:"index"`
			}
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			counts[rec.File] = max(counts[rec.File], rec.Index+1)
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		f.Close()
	}
	return counts
}

// readCorpusFile reads a file whole and checks the invariants.
func readCorpusFile(t *testing.T, path string) []*Game {
	t.Helper()
	input, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, chunks := readAll(t, input, SplitOptions{Target: 256 << 10}, Options{})
	checkGames(t, input, games, chunks)
	return games
}

// isRecord says whether a game counts as a game: it has tags, moves or a
// result (a piece holding only a comment or text does not).
func isRecord(g *Game) bool { return len(g.Tags) > 0 || len(g.Moves) > 0 || g.Result != "" }

// Why our game count differs from python-chess's for a file.
const (
	blankLineSplits     = "python-chess quirk 1: a blank line ends a game, so a game whose comment or movetext follows a blank line becomes two records, the second without tags"
	mergedTagOnlyGames  = "python-chess quirk 1: tag-only games separated by one blank line are read as one; the [Event after a blank line begins a game for us"
	leadingComment      = "a comment before the first tag section is a record for python-chess; for us a piece with no tags or moves"
	textRecords         = "each paragraph of prose between games is a record for python-chess; for us it is text after a game (problems)"
	tagsAndMovesOnALine = "a line with a game's tags and its moves begins a game for us (the line before it is movetext); python-chess reads the lines as one game"
	endsAtResult        = "tag-less games on consecutive lines ended by result markers: each is a game for us, python-chess reads on past the marker"
	restartAtMoveOne    = "a tag-less game after a game without a result: its move 1 begins a new game for us; python-chess reads it into the game before"
	epdLines            = "EPD lines, not PGN: each line's c1 result opcode ends a tag-less game (no moves) for us"
)

// countDifferences lists every file of the reference whose game count is not
// python-chess's, with both counts and the reason.
var countDifferences = map[string]struct {
	ours, pythonChess int
	why               string
}{
	"masters/chessgames_smallmaster/smallmaster_step2_01_1017969-1044267.pgn":  {5075, 5076, blankLineSplits},
	"masters/chessgames_smallmaster/smallmaster_step2_02_1044268-1068459.pgn":  {4940, 4941, blankLineSplits},
	"masters/chessgames_smallmaster/smallmaster_step2_04_1081857-1105758.pgn":  {4938, 4939, blankLineSplits},
	"masters/chessgames_smallmaster/smallmaster_step2_06_1126587-1147619.pgn":  {5320, 5321, blankLineSplits},
	"masters/chessgames_smallmaster/smallmaster_step2_07_1147620-1264275.pgn":  {4814, 4817, blankLineSplits},
	"masters/chessgames_smallmaster/smallmaster_step2_21_2015568-2135938.pgn":  {4475, 4478, blankLineSplits},
	"tricky/Isarhamster_chessx/dep_scid_code_gtest_res_gameLatin1.pgn":         {1, 2, blankLineSplits},
	"tricky/bodya17_chernev/games_freetext_between_games.pgn":                  {5, 10, textRecords},
	"tricky/kentdjb_pgn-extract/eco.pgn":                                       {2014, 2015, leadingComment},
	"tricky/kentdjb_pgn-extract/test/infiles/barnes-horton.pgn":                {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-C.pgn":                       {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-F-text.pgn":                  {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-F.pgn":                       {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-L2.pgn":                      {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-N.pgn":                       {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-R.pgn":                       {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-Ta.pgn":                      {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-V.pgn":                       {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-addhashcode.pgn":             {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-checkmate.pgn":               {2, 3, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-f1.pgn":                      {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-fencomments.pgn":             {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-fuzzydepth.pgn":              {4, 1, endsAtResult},
	"tricky/kentdjb_pgn-extract/test/infiles/test-nobadresults.pgn":            {9, 1, tagsAndMovesOnALine},
	"tricky/kentdjb_pgn-extract/test/infiles/test-nochecks.pgn":                {2, 3, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-nomovenumbers.pgn":           {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-noresults.pgn":               {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-notags.pgn":                  {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-plycount.pgn":                {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-plylimit.pgn":                {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-stalemate.pgn":               {3, 4, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-ucW.pgn":                     {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/infiles/test-w.pgn":                       {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-FF-out.pgn":                 {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-FF-text-out.pgn":            {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-NN-out.pgn":                 {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-RR-out.pgn":                 {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-TTa-out.pgn":                {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-VV-out.pgn":                 {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-WWdeutsch-out.pgn":          {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-WWelalg-out.pgn":            {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-WWepd-out.pgn":              {73, 1, epdLines},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-WWhalg-out.pgn":             {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-WWlalg-out.pgn":             {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-WWxlalg-out.pgn":            {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-Wdeutsch-out.pgn":           {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-Welalg-out.pgn":             {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-Whalg-out.pgn":              {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-Wlalg-out.pgn":              {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-addhashcode-out.pgn":        {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-f-out.pgn":                  {2, 3, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-fencomments-out.pgn":        {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-linenumbers-out.pgn":        {35, 70, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-nochecks-out.pgn":           {2, 3, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-nomovenumbers-out.pgn":      {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-noresults-out.pgn":          {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-notags-out.pgn":             {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-plycount-out.pgn":           {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-plylimit-out.pgn":           {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-w1000-out.pgn":              {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-w60-out.pgn":                {1, 2, blankLineSplits},
	"tricky/kentdjb_pgn-extract/test/outfiles/test-w75-out.pgn":                {1, 2, blankLineSplits},
	"tricky/lichess-org_dartchess/data/headers-and-moves-on-the-same-line.pgn": {3, 2, tagsAndMovesOnALine},
	"tricky/lichess-org_dartchess/data/leading-whitespace.pgn":                 {4, 3, restartAtMoveOne},
	"tricky/lichess-org_scalachess/test-kit/src/test/resources/FWWRC.pgn":      {605, 1, mergedTagOnlyGames},
	"tricky/niklasf_chessops/data/headers-and-moves-on-the-same-line.pgn":      {3, 2, tagsAndMovesOnALine},
	"tricky/niklasf_chessops/data/leading-whitespace.pgn":                      {4, 3, restartAtMoveOne},
	"tricky/pychess_pychess/lang/hu/eco.pgn":                                   {569, 570, blankLineSplits},
}

func TestCorpusGameCounts(t *testing.T) {
	root := corpusDir(t)
	ref := referenceCounts(t)
	files := make([]string, 0, len(ref))
	for f := range ref {
		files = append(files, f)
	}
	sort.Strings(files)
	same := 0
	for _, f := range files {
		got := 0
		for _, g := range readCorpusFile(t, filepath.Join(root, f)) {
			if isRecord(g) {
				got++
			}
		}
		d, explained := countDifferences[f]
		switch {
		case got == ref[f] && !explained:
			same++
		case got == ref[f]:
			t.Errorf("%s: now agrees with python-chess (%d games); drop it from countDifferences", f, got)
		case !explained:
			t.Errorf("%s: %d games, python-chess %d, and no explanation", f, got, ref[f])
		case d.ours != got || d.pythonChess != ref[f]:
			t.Errorf("%s: %d games, python-chess %d; the table says %d and %d", f, got, ref[f], d.ours, d.pythonChess)
		}
	}
	t.Logf("%d files: %d agree with python-chess, %d differ as explained", len(files), same, len(countDifferences))
	if same < len(files)*4/5 {
		t.Errorf("only %d of %d files agree", same, len(files))
	}
}

// TestCorpusReadsEveryFile reads every file of the corpus, PGN or not,
// checking the invariants (byte coverage, positions, spans) on each.
func TestCorpusReadsEveryFile(t *testing.T) {
	root := corpusDir(t)
	files, moves := 0, 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		for _, g := range readCorpusFile(t, path) {
			moves += len(g.Moves)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files, %d moves", files, moves)
	if files < 400 || moves < 1000000 {
		t.Errorf("read %d files and %d moves: is the corpus complete?", files, moves)
	}
}

// TestCorpusCutsAgree starts reading real files at random offsets, as a
// distributed runner would, and compares with reading them whole.
func TestCorpusCutsAgree(t *testing.T) {
	root := corpusDir(t)
	for _, f := range []string{
		"masters/chessgames_smallmaster/smallmaster_step2_19_1935431-1972401.pgn",
		"online_clk/carlsen_allan-cao/games.pgn",
		"online_clk/lichess_database_wip/2016-05_noEventTag.pgn",
		"engine_tcec/TCEC_Cup_7_Final.pgn",
		"tricky/kentdjb_pgn-extract/test/infiles/test-nobadresults.pgn",
		"tricky/lichess-org_scalachess/test-kit/src/test/resources/FWWRC.pgn",
		"tricky/pychess_pychess/lang/de/eco.pgn",
		"russian/pages_excerpts/02_fb2book_panov_interesnaya_igra_p10.txt",
	} {
		input, err := os.ReadFile(filepath.Join(root, f))
		if os.IsNotExist(err) {
			t.Errorf("%s: missing", f)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			cutsAgree(t, input, 12)
			whole, _ := readAll(t, input, SplitOptions{Target: len(input) + 1}, Options{})
			small, _ := readAll(t, input, SplitOptions{Target: 4096}, Options{})
			sameGames(t, "4 KiB chunks", small, whole)
		})
	}
}

// hand-checked moves of Russian book and web texts --------------------------------

func TestCorpusRussianExcerpts(t *testing.T) {
	root := corpusDir(t)
	read := func(name string) []*Game {
		return readCorpusFile(t, filepath.Join(root, "russian", name))
	}

	// Корчмар — Поляк, Киев 1937, in short notation in one paragraph. The
	// game ends where "Черные сдались" says: the mate that follows ("ввиду
	// неизбежного мата после 23… Кр: g8 24. Лe8+ Лf8 25. Л:f8#") is why
	// Black resigned, analysis in the last move's comment.
	g := read("pages_excerpts/06_siakadpt_bessmertnaya_ukrainskaya.txt")[0]
	eq(t, "06 main line", mainline(g), strings.Fields("e4 e5 Кf3 Кc6 Кc3 Кf6 Сb5 d6 d4 ed К:d4 Сd7 O-O К:d4 С:d7+ Ф:d7 "+
		"Ф:d4 Сe7 Лd1 O-O e5 Кe8 Сf4 a5 Лd3 Лa6 Лe1 Фf5 Кd5 Сd8 ed К:d6 Лg3 f6 Сh6 Лf7 Кb4 ab Ф:d6 Фd7 "+
		"Фd5 Крf8 Л:g7 Ф:d5 Лg8++"))
	eq(t, "06 result", [2]string{g.Result, g.Str(g.ResultRaw)}, [2]string{"1-0", "Черные сдались"})
	last := &g.Moves[len(g.Moves)-1]
	eq(t, "06 analysis", strings.HasPrefix(g.Str(last.Comment), "Черные сдались ввиду неизбежного мата после 23… Кр: g8 24. Лe8+ Лf8 25. Л:f8#."), true)
	eq(t, "06 variation (7… Се7)", [3]any{g.Str(g.Moves[14].Norm), g.Moves[14].Prev, g.Moves[14].Depth}, [3]any{"Сe7", int32(12), int16(1)})

	// A whole game in long notation, a move pair per line.
	g = read("github_snippets/vue_component_full_game_russian_long.txt")[0]
	eq(t, "vue moves", len(g.Moves), 97)
	eq(t, "vue opening", norms(g)[:8], []string{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "d2-d4", "e5xd4", "Сf1-c4", "d7-d6"})
	eq(t, "vue end", norms(g)[94:], []string{"Лa7-a6+", "Крc6-d7", "d3-d4", "Крd7-e6", "Лa6-a3"}[2:])
	for i, m := range g.Moves {
		if m.Prev != int32(i-1) || m.Depth != 0 {
			t.Fatalf("vue move %d: Prev %d Depth %d", i, m.Prev, m.Depth)
		}
	}

	// One opening in five notations, a game per line.
	games := read("github_snippets/pytest_multilang_notation_cases.txt")
	var got [][]string
	for _, g := range games {
		got = append(got, norms(g))
	}
	eq(t, "multilang", got, [][]string{
		{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"},
		{"e4", "e5", "Кf3", "Кc6", "Сb5", "a6"},
		{"e4", "e5", "Sf3", "Sc6", "Lb5", "a6"},
		{"e4", "e5", "♘f3", "♞c6", "♗b5", "a6"},
		{"e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "Сf1-b5", "a7-a6"},
	})

	// Sections of a book page, each from move 3, with spaced captures.
	games = read("pages_excerpts/01_knigochet_read_90353_26.txt")
	eq(t, "01 sections", len(games), 7)
	eq(t, "01 section II", mainline(games[1]), []string{"Кb1-c3", "Кg8-f6", "Сc1-g5", "Сf8-b4", "e4:d5", "Фd8:d5",
		"Сg5:f6", "Сb4:c3+", "b2:c3", "g7:f6", "Фd1-d2"})
	eq(t, "01 section II aside", norms(games[1])[11:], []string{"g7:f6", "Фd1-d2", "Фd5-a5"})
	eq(t, "01 aside hangs after 6. Сg5 : f6", games[1].Moves[11].Prev, int32(6))
	eq(t, "01 raw", games[1].Str(games[1].Moves[4].Raw), "e4 : d5")

	// Games of a book chapter with notes in parentheses and underpromotion.
	games = read("pages_excerpts/02_fb2book_panov_interesnaya_igra_p10.txt")
	eq(t, "02 games", len(games), 4)
	eq(t, "02 game 3", mainline(games[2]), []string{"d2-d4", "d7-d5", "c2-c4", "e7-e5", "d4:e5", "d5-d4", "e2-e3",
		"Cf8-b4+", "Ce1-d2", "d4:e3", "Cd2:b4", "e3:f2+", "Kpe1-e2", "f2:g1K+", "Лh1:g1", "Cc8-g4+"})

	// The Cyrillic х as a mate sign.
	g = read("pages_excerpts/07_dzen_X--P5f5OaG9q04oj_mat_x.txt")[0]
	eq(t, "07 mate", [2]string{g.Str(g.Moves[6].Norm), g.Str(g.Moves[6].Raw)}, [2]string{"Лe8-e6x", "Ле8-е6х"})

	// Moves that cannot be read inside runs of moves are problems; the prose
	// around them is not. These are all of the Russian folder's.
	var unreadable []string
	for _, dir := range []string{"pages_excerpts", "github_snippets"} {
		files, _ := filepath.Glob(filepath.Join(root, "russian", dir, "*"))
		sort.Strings(files)
		for _, f := range files {
			for _, g := range readCorpusFile(t, f) {
				for _, pr := range g.Problems {
					if strings.Contains(pr.Message, "looks like a move") {
						unreadable = append(unreadable, fmt.Sprintf("%s %d:%d %s", filepath.Base(f), pr.Pos.Line, pr.Pos.Col, pr.Message))
					}
				}
			}
		}
	}
	eq(t, "unreadable moves", unreadable, []string{
		`02_fb2book_panov_interesnaya_igra_p10.txt 41:4 "d5:" looks like a move but cannot be read: skipped`,
		`14_64ab_kalinichenko_sicilian_OCR.txt 19:121 "Се418" looks like a move but cannot be read: skipped`,
		`14_64ab_kalinichenko_sicilian_OCR.txt 19:146 "Фf" looks like a move but cannot be read: skipped`, // "Фf 6+"
	})

	// Latin K for the knight, a capture written "K: d4".
	games = read("pages_excerpts/20_helpiks_sicilian_short_Latin_K.txt")
	eq(t, "20 last game", norms(games[len(games)-1]), []string{"e4", "c5", "Kf3", "d6", "d4", "cd", "K:d4", "Kf6", "Kc3", "g6"})
}

// Web pages in German, Italian and Portuguese: the moves their prose names
// ("mit h7-h6 weiter schwächt", "den Lc8 ein", "del tratto "Af1-b5"", "il
// pedone debole e5", "col Cc6", "ameaça imeditata de f4 seguido de Taf1")
// are words of the notes; the moves around them, the castling of a
// bracketed variation ("[... beantwortet. 6.0-0 ]") included, are read.
func TestCorpusOtherLanguageExcerpts(t *testing.T) {
	root := corpusDir(t)
	read := func(name string) []*Game {
		return readCorpusFile(t, filepath.Join(root, "other_notation", "pages_excerpts", name))
	}
	g := read("de_01_sg-kohlscheid_tennison_VII_long_german.txt")[0]
	eq(t, "de_01 moves", norms(g), strings.Fields("Sg1-f3 d7-d5 e2-e4 d5xe4 Sf3-g5 Sg8-f6 Lf1-c4 e7-e6 Sb1-c3 Dd1-e2 "+
		"Lf8-e7 Sg5xe4 O-O Sf6xe4 Sc3xe4 Dd8-d4 Dd1-e2 Sb8-c6 c2-c3 Dd4-d7 d2-d4 O-O O-O"))
	eq(t, "de_01 6.0-0 aside", [2]any{g.Moves[12].Prev, g.Moves[12].Depth}, [2]any{int32(10), int16(1)})
	eq(t, "de_01 note", g.Str(g.Moves[18].Comment), "Die Bauernformation c3-d4 ist in dieser Variante typisch und sichert Weiß ein stabiles Zentrum.")
	g = read("de_03_herderschach_tr2p16g0_one_halfmove_per_line.txt")[0]
	eq(t, "de_03 note", g.Str(g.Moves[9].Comment), "und sperrt somit den Lc8 ein.")
	g = read("it_01_chesscom_blog_partita_spagnola.txt")[0]
	eq(t, "it_01 moves", norms(g), strings.Fields("e4 e5 Cf3 Cc6 Ab5 Ab5 Axc6 dxc6 Cxe5 Dd4 a6"))
	g = read("pt_01_e4e5combr_quatro_cavalos_mixed.txt")[0]
	// Found by its move: the threat lines before it ("(ameacando 12.Bxf6
	// gxf6 13.Dh6)") are words of notes, not moves.
	tg1 := slices.IndexFunc(g.Moves, func(m Move) bool { return g.Str(m.Norm) == "Tg1" })
	eq(t, "pt_01 threat", [2]any{tg1, g.Str(g.Moves[max(tg1, 0)].Comment)},
		[2]any{49, "com ataque forte em troca do peão, com ameaça imeditata de f4 seguido de Taf1."})
}
