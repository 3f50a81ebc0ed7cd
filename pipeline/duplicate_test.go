package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/validate"
)

// A game read twice in an input is a duplicate-game at its second reading's
// first tag, naming the first; games that differ in a tag, the result or a
// move, games without White and Black, and the same game in another input
// (which --resume may skip) are not.
func TestDuplicateGame(t *testing.T) {
	game := func(round, moves string) string {
		return "[Event \"Open\"]\n[Site \"Riga\"]\n[Date \"2024.05.01\"]\n[Round \"" + round + "\"]\n" +
			"[White \"Tal, M\"]\n[Black \"Petrosian, T\"]\n[Result \"1/2-1/2\"]\n\n" + moves + " 1/2-1/2\n\n"
	}
	dir := t.TempDir()
	a := writeFile(t, dir, "a.pgn", []byte(game("1", "1. e4 e5 2. Nf3 Nc6")+ // game 0
		game("2", "1. e4 e5 2. Nf3 Nc6")+ // another round: no
		game("1", "1. e4 e5 2. Nf3 Nf6")+ // another move: no
		game("1", "1. e4 e5 2. Nf3 Nc6")+ // game 0 again (line 31)
		"1. d4 d5 *\n\n1. d4 d5 *\n")) // no players: not compared
	b := writeFile(t, dir, "b.pgn", []byte(game("2", "1. e4 e5 2. Nf3 Nc6")))
	inputs := Expand([]string{a, b})
	for _, tc := range []struct {
		name  string
		rules func(*validate.Config)
		want  []string
	}{
		{"default", func(*validate.Config) {}, []string{
			a + ":31:1: warning duplicate-game: the same game as game 0 (line 1): the same Seven Tag Roster (event, site, date, round, players, result) and moves",
		}},
		{"an error", func(c *validate.Config) { c.SetSeverity("duplicate-game=error") }, []string{
			a + ":31:1: error duplicate-game: the same game as game 0 (line 1): the same Seven Tag Roster (event, site, date, round, players, result) and moves",
		}},
		{"disabled", func(c *validate.Config) { c.Disable("duplicate-game") }, nil},
	} {
		var rules validate.Config
		tc.rules(&rules)
		var text bytes.Buffer
		cfg := &Config{Workers: 2, ChunkSize: 300}
		cfg.Check.Validate.Rules = &rules
		cfg.Check.Validate.Rules.Disable("tag-missing", "result-missing")
		s, err := runWithin(t, context.Background(), cfg, inputs, NewTextSink(&text))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(text.String()), "\n") {
			if strings.Contains(l, "duplicate-game") {
				got = append(got, l)
			}
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
		if s.Games != 7 {
			t.Errorf("%s: %d games", tc.name, s.Games)
		}
		if n := int64(len(tc.want)); tc.name == "an error" && s.Counts.Errors != n {
			t.Errorf("%s: %d errors counted, want %d", tc.name, s.Counts.Errors, n)
		}
	}
}

// Near misses of duplicate-game: the same roster and the same replay up to
// the same illegal move, with more moves written after it in one record,
// or the same final position reached from another FEN, are other games;
// the same record twice, illegal move included, is a duplicate, and so is a
// game written again with a FEN of the standard start position.
func TestDuplicateGameNearMisses(t *testing.T) {
	game := func(fen, moves string) string {
		s := "[Event \"Open\"]\n[Site \"Riga\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n" +
			"[White \"Tal, M\"]\n[Black \"Petrosian, T\"]\n[Result \"*\"]\n"
		if fen != "" {
			s += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n"
		}
		return s + "\n" + moves + " *\n\n"
	}
	for _, tc := range []struct {
		name, a, b string
		dup        bool
	}{
		{"more moves after the same illegal one", game("", "1. e4 e5 2. Ke3 Nc6"), game("", "1. e4 e5 2. Ke3 Nc6 3. d4"), false},
		{"the same final position from another FEN", game("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "1. Kf1 Kd7"),
			game("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "1. Kf1 Kd7"), false},
		{"the same record, illegal move included", game("", "1. e4 e5 2. Ke3 Nc6"), game("", "1. e4 e5 2. Ke3 Nc6"), true},
		{"the same game with the start position's FEN", game("", "1. e4 e5"),
			game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1. e4 e5"), true},
	} {
		checkDuplicatePair(t, tc.name, tc.a+tc.b, tc.dup)
	}
}

// An online archive's games of the same roster and moves (chess.com's Site
// is "Chess.com" and Round "-" in every game: two abandoned games of the
// same players on a day, the same short mate twice) are other games when a
// tag naming one game differs: the game's address, its number in the FICS
// database, its start time. The same record twice, those tags included, is
// still a duplicate.
func TestDuplicateGameOnlineIdentity(t *testing.T) {
	game := func(extra, moves string) string {
		return "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[Date \"2024.01.02\"]\n[Round \"-\"]\n" +
			"[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n" + extra + "\n" + moves + " 0-1\n\n"
	}
	link := func(n string) string { return "[Link \"https://www.chess.com/game/live/" + n + "\"]\n" }
	for _, tc := range []struct {
		name, a, b string
		dup        bool
	}{
		{"abandoned, other links", game(link("1"), ""), game(link("2"), ""), false},
		{"the same moves, other start times", game("[UTCTime \"16:00:12\"]\n", "1. f3 e5 2. g4 Qh4#"),
			game("[UTCTime \"16:01:30\"]\n", "1. f3 e5 2. g4 Qh4#"), false},
		{"other FICS game numbers", game("[FICSGamesDBGameNo \"411189932\"]\n", "1. f3 e5 2. g4 Qh4#"),
			game("[FICSGamesDBGameNo \"411189933\"]\n", "1. f3 e5 2. g4 Qh4#"), false},
		{"the same link and start time", game(link("1")+"[UTCTime \"16:00:12\"]\n", "1. f3 e5 2. g4 Qh4#"),
			game(link("1")+"[UTCTime \"16:00:12\"]\n", "1. f3 e5 2. g4 Qh4#"), true},
	} {
		checkDuplicatePair(t, tc.name, tc.a+tc.b, tc.dup)
	}
}

// checkDuplicatePair checks text, two games in one input, and says whether
// a duplicate-game finding was made, as dup says it must be.
func checkDuplicatePair(t *testing.T, name, text string, dup bool) {
	t.Helper()
	in := writeFile(t, t.TempDir(), "a.pgn", []byte(text))
	var out bytes.Buffer
	if _, err := runWithin(t, context.Background(), &Config{Workers: 1}, Expand([]string{in}), NewTextSink(&out)); err != nil {
		t.Fatal(err)
	}
	if got := strings.Contains(out.String(), "duplicate-game"); got != dup {
		t.Errorf("%s: duplicate-game %v, want %v:\n%s", name, got, dup, out.String())
	}
}

// The duplicate-game message names the earlier game by its game key, the
// number jsonl's "game", SARIF's properties and the tables count from 0,
// and by its line: a reader finds the earlier game's record by either.
func TestDuplicateGameNamesItsGameKey(t *testing.T) {
	// No Site tag: each game has a tag-missing finding at its first tag.
	game := "[Event \"Open\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n" +
		"[White \"Tal, M\"]\n[Black \"Petrosian, T\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
	other := strings.Replace(game, "e5", "c5", 1)
	dir := t.TempDir()
	a := writeFile(t, dir, "a.pgn", []byte(other+game+game))
	var out bytes.Buffer
	cfg := &Config{Workers: 1}
	cfg.Check.Validate.Rules = &validate.Config{}
	if _, err := runWithin(t, context.Background(), cfg, Expand([]string{a}), NewJSONLSink(&out)); err != nil {
		t.Fatal(err)
	}
	type row struct {
		Game    int64  `json:"game"`
		Line    int64  `json:"line"`
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	lineOf := map[int64]int64{} // game key -> line of its first finding (tag-missing, at its first tag)
	var dups []row
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r row
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if _, ok := lineOf[r.Game]; !ok {
			lineOf[r.Game] = r.Line
		}
		if r.Code == "duplicate-game" {
			dups = append(dups, r)
		}
	}
	if len(dups) != 1 || dups[0].Game != 2 {
		t.Fatalf("duplicate-game findings %+v, want one, of game 2", dups)
	}
	var n, line int64
	if _, err := fmt.Sscanf(dups[0].Message, "the same game as game %d (line %d)", &n, &line); err != nil {
		t.Fatalf("message %q: %v", dups[0].Message, err)
	}
	if n != 1 || line != 10 || lineOf[n] != line {
		t.Errorf("message %q names game %d (line %d); the earlier game is game 1, line 10 (its findings' line %d)", dups[0].Message, n, line, lineOf[1])
	}
}

// A fragment (a game without a FEN that starts at a later move, which is
// not replayed) pasted twice is a duplicate-game as a whole game is; one
// that starts at another ply, has another move, or is a whole game of the
// same moves is not.
func TestDuplicateGameFragments(t *testing.T) {
	game := func(moves string) string {
		return "[Event \"Open\"]\n[Site \"Riga\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n" +
			"[White \"Tal, M\"]\n[Black \"Petrosian, T\"]\n[Result \"*\"]\n\n" + moves + " *\n\n"
	}
	for _, tc := range []struct {
		name, a, b string
		want       string // the finding, "" for none
	}{
		{"the same fragment twice", game("24. Rd1 Kf8 25. Rd3"), game("24. Rd1 Kf8 25. Rd3"),
			":11:1: warning duplicate-game: the same game as game 0 (line 1): the same Seven Tag Roster (event, site, date, round, players, result) and moves"},
		{"from another ply", game("24. Rd1 Kf8 25. Rd3"), game("23... Rd1 Kf8 24. Rd3"), ""},
		{"from another move", game("24. Rd1 Kf8 25. Rd3"), game("25. Rd1 Kf8 26. Rd3"), ""},
		{"another move", game("24. Rd1 Kf8 25. Rd3"), game("24. Rd1 Ke8 25. Rd3"), ""},
		{"the moves in a variation differ only", game("24. Rd1 Kf8 (24... Ke8) 25. Rd3"), game("24. Rd1 Kf8 25. Rd3"),
			":11:1: warning duplicate-game: the same game as game 0 (line 1): the same Seven Tag Roster (event, site, date, round, players, result) and moves"},
		{"another position under a FEN tag spelt in another case", "[fEn \"4k3/8/8/8/8/8/8/3RK3 w - - 0 24\"]\n" + game("24. Rd1 Kf8 25. Rd3"),
			"[fEn \"4k3/8/8/8/8/8/8/4K2R w - - 0 24\"]\n" + game("24. Rd1 Kf8 25. Rd3"), ""},
		{"a whole game of the same moves", game("1. e4 e5 2. Nf3"), game("2. e4 e5 3. Nf3"), ""},
		{"a fragment, then a whole game of its moves", game("2. e4 e5 3. Nf3"), game("1. e4 e5 2. Nf3"), ""},
	} {
		in := writeFile(t, t.TempDir(), "a.pgn", []byte(tc.a+tc.b))
		var out bytes.Buffer
		if _, err := runWithin(t, context.Background(), &Config{Workers: 1}, Expand([]string{in}), NewTextSink(&out)); err != nil {
			t.Fatal(err)
		}
		var got []string
		for l := range strings.Lines(out.String()) {
			if strings.Contains(l, "duplicate-game") {
				got = append(got, strings.TrimSuffix(l, "\n"))
			}
		}
		want := []string(nil)
		if tc.want != "" {
			want = []string{in + tc.want}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: got %q, want %q\n%s", tc.name, got, want, out.String())
		}
	}
}

// Each tag fingerprint hashes has a factor of its own, the roster's in its
// order, so that the same values under other tags (the players swapped) make
// another game; a tag outside them (Annotator) plays no part.
func TestFingerprintTagFactors(t *testing.T) {
	seen := map[uint64]string{}
	for _, name := range append(validate.SevenTagRoster[:], "Link", "GameId", "FICSGamesDBGameNo", "UTCTime", "StartTime", "Time") {
		k := tagFactor(name)
		if k%2 == 0 {
			t.Errorf("tagFactor(%q) = %d, want an odd factor", name, k)
		}
		if other, ok := seen[k]; ok && !(k == 19 && other == "GameId") {
			t.Errorf("tagFactor(%q) = %d, as %q's", name, k, other)
		}
		seen[k] = name
	}
	for i, name := range validate.SevenTagRoster {
		if k := tagFactor(name); k != uint64(2*i+3) {
			t.Errorf("tagFactor(%q) = %d, want %d", name, k, 2*i+3)
		}
	}
	for _, name := range []string{"Annotator", "FEN", "white", "Whites", ""} {
		if k := tagFactor(name); k != 0 {
			t.Errorf("tagFactor(%q) = %d, want 0", name, k)
		}
	}
	game := func(white, black, extra string) string {
		return "[Event \"Open\"]\n[Site \"Riga\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n" +
			"[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"*\"]\n" + extra + "\n1. e4 e5 *\n\n"
	}
	checkDuplicatePair(t, "the players swapped", game("Tal, M", "Petrosian, T", "")+game("Petrosian, T", "Tal, M", ""), false)
	checkDuplicatePair(t, "another annotator", game("Tal, M", "Petrosian, T", "[Annotator \"A\"]\n")+
		game("Tal, M", "Petrosian, T", "[Annotator \"B\"]\n"), true)
}
