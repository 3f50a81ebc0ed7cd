package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var convertSummaryRE = regexp.MustCompile(`arbiter: (\d+) files?, (\d+) games? read, (\d+) games? written, \d+ plies?: (\d+) errors?, (\d+) warnings? in `)

// convertCounts reads games read and written, and errors printed, from the summary.
func convertCounts(t *testing.T, stderr string) (read, written, errs string) {
	t.Helper()
	m := convertSummaryRE.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no convert summary in stderr:\n%s", stderr)
	}
	return m[2], m[3], m[4]
}

// noLeftovers fails when dir holds a file convert left half done.
func noLeftovers(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestConvertRussianScoresheet: the bundled Russian score becomes the
// golden SAN PGN, in a file written whole.
func TestConvertRussianScoresheet(t *testing.T) {
	dir := t.TempDir()
	in, _ := filepath.Abs("../../testdata/demo/opera_russian.txt")
	r := arbiter(t, dir, nil, "convert", in, "-o", "opera.pgn")
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", r.code, r.stdout, r.stderr)
	}
	want := readFile(t, "../../pipeline/testdata/convert/opera_russian.golden.pgn")
	if got := readFile(t, filepath.Join(dir, "opera.pgn")); !bytes.Equal(got, want) {
		t.Errorf("opera.pgn:\n%s\nwant\n%s", got, want)
	}
	if read, written, errs := convertCounts(t, r.stderr); read != "1" || written != "1" || errs != "0" {
		t.Errorf("summary: %s read, %s written, %s errors", read, written, errs)
	}
	if info, err := os.Stat(filepath.Join(dir, "opera.pgn")); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("output mode: %v %v", info, err)
	}
	noLeftovers(t, dir)
}

// TestConvertExitCodes: 0 all converted, 1 a move not converted (the
// finding on stderr as check prints it), 2 usage and I/O errors.
func TestConvertExitCodes(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "clean.pgn", []byte(cleanGame))
	write(t, dir, "broken.pgn", []byte(brokenGame))
	german := "[Event \"E\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *\n"
	write(t, dir, "german.pgn", []byte(german))
	for _, c := range []struct {
		args []string
		code int
		err  string // in stderr
	}{
		{[]string{"convert", "clean.pgn", "-o", "out.pgn"}, 0, ""},
		{[]string{"convert", "german.pgn", "--notation", "de", "-o", "out.pgn"}, 0, ""},
		{[]string{"convert", "german.pgn", "--notation", "san", "-o", "out.pgn"}, 1, "german.pgn:3:13: error syntax: \"Sf3\" cannot be read as a move"},
		{[]string{"convert", "broken.pgn", "-o", "out.pgn"}, 1, "broken.pgn:10:13: error illegal-move: Ke3: "},
		{[]string{"convert", "broken.pgn", "-o", "out.pgn"}, 1, " 3 errors, 0 warnings in "},
		{[]string{"convert", "--fail-on", "warning", "broken.pgn", "-o", "out.pgn"}, 1, "\narbiter: failing: 3 findings at warning or above (--fail-on warning)\n"},
		{[]string{"convert", "-q", "broken.pgn", "-o", "out.pgn"}, 1, ""},
		{[]string{"convert", "clean.pgn", "missing.pgn", "-o", "out.pgn"}, 2, "; 1 file unreadable\n"},
		{[]string{"convert", "-q", "clean.pgn", "missing.pgn", "-o", "out.pgn"}, 2, "arbiter: 1 input could not be read\n"},
		{[]string{"convert", "clean.pgn"}, 2, "-o FILE is required"},
		{[]string{"convert", "-o", "out.pgn"}, 2, "convert needs at least one PATH to convert"},
		{[]string{"convert", "clean.pgn", "-o", "no/such/dir/out.pgn"}, 2, "-o no/such/dir/out.pgn: "},
		{[]string{"convert", "--rules", "fifa", "clean.pgn", "-o", "out.pgn"}, 2, "--rules must be"},
		{[]string{"convert", "--notation", "klingon", "clean.pgn", "-o", "out.pgn"}, 2, "--notation"},
		{[]string{"convert", "--encoding", "ebcdic", "clean.pgn", "-o", "out.pgn"}, 2, "--encoding must be"},
		{[]string{"convert", "--workers", "-1", "clean.pgn", "-o", "out.pgn"}, 2, "--workers"},
		{[]string{"convert", "--format", "jsonl", "clean.pgn", "-o", "out.pgn"}, 2, "unknown flag"},
	} {
		os.Remove(filepath.Join(dir, "out.pgn"))
		r := arbiter(t, dir, nil, c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.err) {
			t.Errorf("arbiter %s: exit %d, want %d; stderr:\n%s", strings.Join(c.args, " "), r.code, c.code, r.stderr)
		}
		if strings.HasSuffix(c.err, "unreadable\n") && (!strings.HasSuffix(r.stderr, c.err) || strings.Contains(r.stderr, "could not be read")) {
			t.Errorf("arbiter %s: the summary is not the last line, or a line after it counts again; stderr:\n%s", strings.Join(c.args, " "), r.stderr)
		}
		// Why a run failed is its last line, after the summary; none under -q.
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		last := strings.HasPrefix(lines[len(lines)-1], "arbiter: failing: ")
		if want := c.code == 1 && !slices.Contains(c.args, "-q"); last != want || strings.Count(r.stderr, "failing:") > 1 {
			t.Errorf("arbiter %s: exit %d, the failing line wrong; stderr:\n%s", strings.Join(c.args, " "), r.code, r.stderr)
		}
		_, err := os.Stat(filepath.Join(dir, "out.pgn"))
		if written := err == nil; written != (c.code < 2 || strings.Contains(c.err, "unreadable") || strings.Contains(c.err, "could not be read")) {
			t.Errorf("arbiter %s: out.pgn written: %v", strings.Join(c.args, " "), written)
		}
		noLeftovers(t, dir)
	}
}

// TestConvertBrokenKeepsEveryGame: with an unreadable input beside it,
// every game read is written, the illegal one cut at its bad move.
func TestConvertBrokenKeepsEveryGame(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "many.pgn", games(0, 30))
	r := arbiter(t, dir, nil, "convert", "many.pgn", "missing.pgn", "-o", "out.pgn")
	if r.code != 2 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	read, written, errs := convertCounts(t, r.stderr)
	// 10 broken games: an unclosed tag, an illegal move and unreadable text each
	if read != "30" || written != "30" || errs != "30" {
		t.Errorf("%s read, %s written, %s errors\n%s", read, written, errs, r.stderr)
	}
	out := string(readFile(t, filepath.Join(dir, "out.pgn")))
	if n := strings.Count(out, "[Event "); n != 30 {
		t.Errorf("%d games in the output", n)
	}
	if n := strings.Count(out, "1. e4 e5 {arbiter: illegal move 2. Ke3 (no white king can reach e3); the rest\nof the game as written: 2. Ke3 Qh4 3. Nxx9} 0-1\n"); n != 10 {
		t.Errorf("%d broken games cut as expected:\n%s", n, out)
	}
}

// TestConvertStdoutAndWorkers: "-o -" writes to stdout, the same bytes
// with one worker and two, and re-converting them changes nothing.
func TestConvertStdoutAndWorkers(t *testing.T) {
	dir := t.TempDir()
	demo, _ := filepath.Abs("../../testdata/demo")
	var outs []string
	for _, workers := range []string{"1", "2"} {
		r := arbiter(t, dir, nil, "convert", "--workers", workers, "--quiet", demo, "-o", "-")
		if r.code != 1 || r.stdout == "" {
			t.Fatalf("workers %s: exit %d\n%s", workers, r.code, r.stderr)
		}
		if strings.Contains(r.stderr, "arbiter: ") || !strings.Contains(r.stderr, "error illegal-move") {
			t.Errorf("--quiet stderr:\n%s", r.stderr)
		}
		outs = append(outs, r.stdout)
	}
	if outs[0] != outs[1] {
		t.Error("output differs between 1 and 2 workers")
	}
	again := arbiter(t, dir, strings.NewReader(outs[0]), "convert", "-", "-o", "-")
	if again.code != 0 || again.stdout != outs[0] {
		t.Errorf("re-conversion: exit %d, same %v\n%s", again.code, again.stdout == outs[0], again.stderr)
	}
}

// TestConvertInterrupted: SIGINT ends the run with 130 and leaves neither
// the output file nor its temporary. The interruption is said once, as
// check says it: by the summary, or under --quiet, which has none, by a
// line of its own.
func TestConvertInterrupted(t *testing.T) {
	for _, quiet := range []bool{false, true} {
		dir := t.TempDir()
		args := []string{"convert", "-", "-o", "out.pgn"}
		if quiet {
			args = append(args, "--quiet")
		}
		cmd := exec.Command(binary, args...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		interruptWhileFeeding(t, cmd, 2<<20, &stderr)
		if _, err := os.Stat(filepath.Join(dir, "out.pgn")); err == nil {
			t.Errorf("quiet %v: out.pgn written by an interrupted run", quiet)
		}
		noLeftovers(t, dir)
		n, last := interruptedLines(stderr.String())
		if quiet {
			if n != 1 || last != "arbiter: interrupted" {
				t.Errorf("--quiet: %d lines say interrupted, the last line is %q; want one, the last: arbiter: interrupted", n, last)
			}
			continue
		}
		if n != 1 || !strings.HasPrefix(last, "arbiter: ") || !strings.HasSuffix(last, "; interrupted") {
			t.Errorf("%d lines say interrupted, the last line is %q; want one, the summary, ending \"; interrupted\"", n, last)
		}
		if !strings.Contains(last, " games read, 0 games written, ") {
			t.Errorf("the summary counts games written by a run whose output is given up on: %s", last)
		}
	}
}

// TestConvertLeavesOutTextThatIsNotAGame: a preamble before the first game
// is reported and left out; the game after it is written, and the output
// converts back to itself.
func TestConvertLeavesOutTextThatIsNotAGame(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "pre.pgn", []byte("This archive was made by X.\nLicense: CC0\n\n"+cleanGame))
	r := arbiter(t, dir, nil, "convert", "pre.pgn", "-o", "out.pgn")
	if r.code != 1 || !strings.Contains(r.stderr, "pre.pgn:1:1: error syntax: no tag pair, move or result could be read here") {
		t.Fatalf("exit %d; stderr:\n%s", r.code, r.stderr)
	}
	if read, written, errs := convertCounts(t, r.stderr); read != "2" || written != "1" || errs != "1" {
		t.Errorf("read %s, written %s, errors %s", read, written, errs)
	}
	out := readFile(t, filepath.Join(dir, "out.pgn"))
	if bytes.Count(out, []byte("[Event ")) != 1 || bytes.Contains(out, []byte("archive")) {
		t.Errorf("output:\n%s", out)
	}
	r = arbiter(t, dir, nil, "convert", "out.pgn", "-o", "again.pgn")
	if r.code != 0 || !bytes.Equal(readFile(t, filepath.Join(dir, "again.pgn")), out) {
		t.Errorf("converting the output again: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// TestConvertShortLegacyRecords: records of a few moves in a one-byte code
// page, whose handful of high bytes decide how they are read, convert to
// the games written, not to fewer moves or no game.
func TestConvertShortLegacyRecords(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name     string
		input    []byte
		moveText string
	}{
		// "1. e4 e5 2. Кf3 Кf6 3. Крe2 Крe7 4. d3 d6 1:0" in Windows-1251 and KOI8-R.
		{"kings.cp1251.txt", []byte("1. e4 e5 2. \xcaf3 \xcaf6 3. \xca\xf0e2 \xca\xf0e7 4. d3 d6 1:0\n"), "1. e4 e5 2. Nf3 Nf6 3. Ke2 Ke7 4. d3 d6 1-0"},
		{"kings.koi8-r.txt", []byte("1. e4 e5 2. \xebf3 \xebf6 3. \xeb\xd2e2 \xeb\xd2e7 4. d3 d6 1:0\n"), "1. e4 e5 2. Nf3 Nf6 3. Ke2 Ke7 4. d3 d6 1-0"},
		// "1. e2–e4 e7–e5 2. Ng1–f3 Nb8–c6 3. Bf1–b5 a7–a6 1–0" in Windows-1252.
		{"dashes.cp1252.txt", []byte("1. e2\x96e4 e7\x96e5 2. Ng1\x96f3 Nb8\x96c6 3. Bf1\x96b5 a7\x96a6 1\x960\n"), "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0"},
	} {
		write(t, dir, c.name, c.input)
		r := arbiter(t, dir, nil, "convert", c.name, "-o", "-")
		if r.code != 0 || !strings.Contains(r.stdout, "\n\n"+c.moveText+"\n") {
			t.Errorf("%s: exit %d, stdout:\n%s\nstderr:\n%s", c.name, r.code, r.stdout, r.stderr)
		}
	}
}

// TestConvertPositionLists: each position of a perft suite or a FEN list
// becomes a game of its own, set up from the position (its counters too),
// with no move and the result "*"; comments and node counts are left out.
// Chess960's castling letters name the variant.
func TestConvertPositionLists(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "perft.epd", []byte("# Sedlak\n"+
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1         ;D6 1440467\n"+
		"# Chess960\n"+
		"R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1 ;D1 25 ;D2 586  \n"))
	write(t, dir, "kkppr.fen", []byte("R7/8/8/8/6k1/5pp1/8/6K1 b - - 12 40\r\n"))
	r := arbiter(t, dir, nil, "convert", "perft.epd", "kkppr.fen", "-o", "-")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	if read, written, errs := convertCounts(t, r.stderr); read != "3" || written != "3" || errs != "0" {
		t.Errorf("summary: %s read, %s written, %s errors", read, written, errs)
	}
	roster := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
	want := ""
	for _, fen := range []string{"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", "R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1", "R7/8/8/8/6k1/5pp1/8/6K1 b - - 12 40"} {
		variant := ""
		if strings.Contains(fen, "EGeg") {
			variant = "[Variant \"Chess960\"]\n"
		}
		want += roster + variant + "[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n*\n\n"
	}
	if r.stdout != want {
		t.Errorf("stdout:\n%s\nwant\n%s", r.stdout, want)
	}
}

// TestConvertEPDLinesOfPlay: the moves an EPD line's operations name
// become the game's moves, the first named the main line and the others
// variations from the position; pv and sv, lines of play, are written
// alike, each as a line, and one whose move is illegal is cut there, as a
// game's main line is.
func TestConvertEPDLinesOfPlay(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "ops.epd", []byte("4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; pv Kd2 Kd7; sv Kf2 Kf7; id \"both\";\n"+
		"4k3/8/8/8/8/8/8/4K3 w - - sv Kf2 Kf7 Kd7;\n"))
	r := arbiter(t, dir, nil, "convert", "--fail-on", "never", "ops.epd", "-o", "-")
	if r.code != 0 || !strings.Contains(r.stderr, "ops.epd:2:38: error illegal-move: Kd7: no white king can reach d7; it is move 3 of the sv (") {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	for _, want := range []string{
		"\n\n1. Ke2 (1. Kd2 Kd7) (1. Kf2 Kf7) *\n",
		"\n\n1. Kf2 Kf7 {arbiter: illegal move 2. Kd7 (no white king can reach d7; it is\nmove 3 of the sv); the rest of the game as written: Kd7;} *\n",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
}

// TestConvertConfigFile: convert takes check's --config file and rule
// flags for the findings it prints, the command line winning over the
// file, and fails by --fail-on as check does.
func TestConvertConfigFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "illegal.pgn", []byte("[Event \"E\"]\n\n1. e4 e5 2. Ke3 *\n"))
	write(t, dir, "soft.json", []byte(`{"severity": {"illegal-move": "warning"}}`))
	write(t, dir, "strict.json", []byte(`{"fail-on": "warning", "severity": {"illegal-move": "warning"}}`))
	write(t, dir, "off.json", []byte(`{"disable": ["illegal-move"]}`))
	write(t, dir, "bad.json", []byte("{\n  \"disable\": [\"ilegal-move\"]\n}\n"))
	const errLine, warnLine = "illegal.pgn:3:13: error illegal-move: Ke3", "illegal.pgn:3:13: warning illegal-move: Ke3"
	for _, c := range []struct {
		args         []string
		code         int
		want, absent string // in stderr, and not in it
	}{
		{nil, 1, errLine, warnLine},
		{[]string{"--config", "soft.json"}, 0, warnLine, errLine},
		{[]string{"--config", "soft.json", "--fail-on", "warning"}, 1, warnLine, errLine},
		{[]string{"--config", "strict.json"}, 1, warnLine, errLine},
		{[]string{"--config", "strict.json", "--fail-on", "error"}, 0, warnLine, errLine},
		{[]string{"--config", "strict.json", "--severity", "illegal-move=error"}, 1, errLine, warnLine},
		{[]string{"--config", "off.json"}, 0, "", "illegal-move"},
		{[]string{"--config", "off.json", "--enable", "illegal-move"}, 1, errLine, warnLine},
		{[]string{"--disable", "illegal-move"}, 0, "", "illegal-move"},
		{[]string{"--fail-on", "never"}, 0, errLine, warnLine},
		{[]string{"--config", "bad.json"}, 2, `--config: bad.json:2:15: unknown rule code "ilegal-move" (did you mean illegal-move?)`, "written"},
		{[]string{"--fail-on", "sometimes"}, 2, "--fail-on must be", "written"},
	} {
		args := append(append([]string{"convert"}, c.args...), "illegal.pgn", "-o", "out.pgn")
		r := arbiter(t, dir, nil, args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, c.absent) {
			t.Errorf("%q: exit %d, want %d, stderr holding %q and not %q:\n%s", c.args, r.code, c.code, c.want, c.absent, r.stderr)
		}
		// The game is converted, cut at the move, whatever is printed (a
		// disabled code only leaves its reason out of the comment).
		if c.code < 2 && !regexp.MustCompile(`(?s)^\[Event "E"\].*\n1\. e4 e5 \{arbiter: .*2\. Ke3\} \*\n`).Match(readFile(t, filepath.Join(dir, "out.pgn"))) {
			t.Errorf("%q: the game is not cut at its illegal move", c.args)
		}
	}
}
