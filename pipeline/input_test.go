package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestExpand(t *testing.T) {
	dir := t.TempDir()
	game := []byte("[Event \"x\"]\n\n1. e4 *\n")
	writeFile(t, dir, "b.pgn", game)
	writeFile(t, dir, "a/z.txt", []byte("Партия\n1. е2–е4 е7–е5\n"))
	writeFile(t, dir, "a/y.pgn.zst", zstded(t, game))
	writeFile(t, dir, "a/x.data", gzipped(t, []byte("anything")))
	writeFile(t, dir, "a/LICENSE", []byte("Permission is hereby granted, free of charge\n1. Install\n"))
	writeFile(t, dir, "a/main.go", []byte("package main\n\nfunc main() {}\n"))
	writeFile(t, dir, "a/blob.bin", []byte("[Event \"x\"]\x00\x01"))
	writeFile(t, dir, ".hidden/c.pgn", game)
	writeFile(t, dir, "a/.d.pgn", game)
	writeFile(t, dir, "a/empty.pgn", nil)
	writeFile(t, dir, "a/moves.txt", []byte("f3 e5 g4 Qh4 0-1\n"))
	writeFile(t, dir, "a/prose.PGN", []byte("not a game, but named as one\n"))
	if err := os.Symlink(filepath.Join(dir, "b.pgn"), filepath.Join(dir, "link.pgn")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "a"), filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	explicit := writeFile(t, t.TempDir(), "notes.md", []byte("no games here"))
	missing := filepath.Join(dir, "missing.pgn")

	// link.pgn is b.pgn: taken once, as b.pgn, which comes first.
	got, err := Expand([]string{explicit, dir, "-", missing})
	if err != nil {
		t.Fatalf("Expand: %v", err)
	}
	want := []Input{
		{Path: explicit, Size: 13},
		{Path: filepath.Join(dir, "a/empty.pgn"), Size: 0},
		{Path: filepath.Join(dir, "a/moves.txt"), Size: 17},
		{Path: filepath.Join(dir, "a/prose.PGN"), Size: 29},
		{Path: filepath.Join(dir, "a/x.data"), Size: int64(len(gzipped(t, []byte("anything"))))},
		{Path: filepath.Join(dir, "a/y.pgn.zst"), Size: int64(len(zstded(t, game)))},
		{Path: filepath.Join(dir, "a/z.txt"), Size: int64(len("Партия\n1. е2–е4 е7–е5\n"))},
		{Path: filepath.Join(dir, "b.pgn"), Size: int64(len(game))},
		{Path: "-", Size: -1},
		{Path: missing, Size: -1},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Expand:\n got %v\nwant %v", got, want)
	}
}

// TestExpandDuplicates: a file named twice in any spelling is one input,
// the first; each path left out is returned with the one kept. Standard
// input is not a file: "-" twice is two inputs.
func TestExpandDuplicates(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	game := []byte("[Event \"x\"]\n\n1. e4 *\n")
	writeFile(t, dir, "d/a.pgn", game)
	writeFile(t, dir, "d/b.pgn", game) // same size and time, another file
	if err := os.Link(filepath.Join(dir, "d/a.pgn"), filepath.Join(dir, "hard.pgn")); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "d/a.pgn")
	x, err := ExpandAll([]string{"d", "d/a.pgn", abs, "./d/../d/a.pgn", "hard.pgn", "-", "-", "gone.pgn", filepath.Join(dir, "gone.pgn")})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, in := range x.Inputs {
		paths = append(paths, in.Path)
	}
	if want := []string{"d/a.pgn", "d/b.pgn", "-", "-", "gone.pgn"}; !slices.Equal(paths, want) {
		t.Errorf("inputs %q, want %q", paths, want)
	}
	wantDups := []Duplicate{{"d/a.pgn", "d/a.pgn"}, {abs, "d/a.pgn"}, {"./d/../d/a.pgn", "d/a.pgn"},
		{"hard.pgn", "d/a.pgn"}, {filepath.Join(dir, "gone.pgn"), "gone.pgn"}}
	if !slices.Equal(x.Duplicates, wantDups) {
		t.Errorf("duplicates %q, want %q", x.Duplicates, wantDups)
	}
	// Distinct files are all kept.
	x, _ = ExpandAll([]string{"d/b.pgn", "d/a.pgn"})
	if len(x.Inputs) != 2 || len(x.Duplicates) != 0 {
		t.Errorf("two files: %v inputs, %v duplicates", x.Inputs, x.Duplicates)
	}
}

func TestExpandUnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory")
	}
	dir := t.TempDir()
	writeFile(t, dir, "ok.pgn", []byte("[Event \"x\"]\n"))
	locked := filepath.Join(dir, "locked")
	writeFile(t, locked, "hidden.pgn", []byte("[Event \"x\"]\n"))
	os.Chmod(locked, 0)
	defer os.Chmod(locked, 0o755)
	got, err := Expand([]string{dir})
	if err == nil || !strings.Contains(err.Error(), "locked") {
		t.Errorf("error %v, want one naming the locked directory", err)
	}
	if len(got) != 1 || got[0].Path != filepath.Join(dir, "ok.pgn") {
		t.Errorf("inputs %v, want ok.pgn alone", got)
	}
}

func TestLooksLikeGames(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"[Event \"Open\"]\n", true},
		{"\ufeff[Event \"Open\"]\n", true},
		{"  [Site \"x\"]", true},
		{"[Event  \"Open\"]", true},
		{"1. e4 e5 2. Nf3", true},
		{"1.Sf3\nd5\n2.e4", true},
		{"some words\n1. е2–е4 е7–е5", true},
		{"1... Nf6", true},
		{"", false},
		{"[link](x)", false},
		{"[1] reference", false},
		{"1. Install the tool\n2. Run it", false},
		{"version 1.2.3", false},
		{"11. e4", false},
		{"1.\ne4", false},
		{"[Event \"x\"]\x00", false},
		{"-- 2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -", false},
		{"f3 e5 g4 Qh4 0-1", true},
		{"e4 { a comment } *", false},
		{"b2b3 e7e5 c1b2 d7d6", true},
		{"3. Кb1—c3 Кg8—f6", false},
		{"3. Кb1—c3 Кg8—f6 4. Сc1—g5", true},
		{"Nf3, then d4 and c4!", true},
		{"see a1, b2 and the h1 heading", true},
		{"see a1 and b2", false},
		{"Version 2.1 of the License, or (at your option) any later version", false},
		{"CFLAGS = -O2 -Wall\nall: pgn-extract", false},
		// arbiter's own reports quote moves enough to pass for games
		{"{\n  \"$schema\": \"sarif\", \"message\": \"Ke3 Nf3 e4 d5\" }", false},
		{"{\"file\":\"a.pgn\",\"move\":\"Nf3\",\"message\":\"e4 e5 Qh5\"}\n", false},
		{"[\n {\"move\": \"e4 e5 Nf3 Nc6\"}]", false},
		{"<!DOCTYPE html><p>1. e4 e5 2. Nf3</p>", false},
		{"{ \"Annotated\" by Kasparov } 1. e4 e5 2. Nf3", true},
		{"{Kasparov's notes} 1. e4 e5", true},
	} {
		if got := looksLikeGames([]byte(c.text)); got != c.want {
			t.Errorf("looksLikeGames(%q) = %v, want %v", c.text, got, c.want)
		}
		// The same text saved as UTF-16 (a Windows editor's "Unicode"), with
		// and without a byte-order mark, is judged as its UTF-8 copy.
		for _, bom := range []bool{true, false} {
			if c.text == "" || strings.Contains(c.text, "\x00") {
				continue
			}
			if got := looksLikeGames(utf16(c.text, !bom, bom)); got != c.want {
				t.Errorf("looksLikeGames(%q in UTF-16, BOM %v) = %v, want %v", c.text, bom, got, c.want)
			}
		}
	}
}

// TestExpandLeftOut: in a directory, a zstd file made by pzstd is taken; a
// file in a format arbiter does not read, and a file named as games or as a
// compressed stream that is empty or holds neither, are left out, each with
// its reason, so that the caller can say so; other files pass unremarked.
func TestExpandLeftOut(t *testing.T) {
	dir := t.TempDir()
	game := []byte("[Event \"x\"]\n\n1. e4 *\n")
	pz := writeFile(t, dir, "month.pgn.zst", pzstded(t, game, 1))
	pzOdd := writeFile(t, dir, "month.data", pzstded(t, game, 2))
	writeFile(t, dir, "a/notes.txt", []byte("nothing to see\n"))
	writeFile(t, dir, "a/empty.txt", nil)
	xz := writeFile(t, dir, "a/games.pgn.xz", []byte("\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46"))
	zip := writeFile(t, dir, "a/photos.zip", []byte("PK\x03\x04\x14\x00\x00\x00"))
	empty := writeFile(t, dir, "b/empty.pgn.zst", nil)
	emptyGz := writeFile(t, dir, "b/e.GZ", nil)
	text := writeFile(t, dir, "b/readme.bz2", []byte("not compressed at all\n"))
	emptyPGN := writeFile(t, dir, "b/empty.pgn", nil)
	// Hidden: skipped, but named when the name is one a walk would read.
	hidden := writeFile(t, dir, "b/.hidden.pgn", game)
	hiddenZst := writeFile(t, dir, "b/.old.PGN.zst", pzstded(t, game, 1))
	writeFile(t, dir, "b/.notes.txt", game)
	writeFile(t, dir, "b/.games.pgn.swp", game)
	writeFile(t, dir, "b/._hidden.pgn", []byte("\x00\x05\x16\x07 Mac OS X resource fork"))
	if err := os.Symlink("/nonexistent/emacs-lock", filepath.Join(dir, "b/.#hidden.pgn")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "b/.git/x.pgn", game)
	// arbiter's own tables, named after their input: not meant as games.
	writeFile(t, dir, "out/00001-month.pgn.parquet", []byte("PAR1\x15\x04PAR1"))
	writeFile(t, dir, "out/.00002-month.pgn.parquet.tmp", []byte("PAR1"))

	x, err := ExpandAll([]string{dir, dir + "/b/../a"}) // a/ twice: left out once
	if err != nil {
		t.Fatal(err)
	}
	var taken []string
	for _, in := range x.Inputs {
		taken = append(taken, in.Path)
	}
	if want := []string{emptyPGN, pzOdd, pz}; !slices.Equal(taken, want) {
		t.Errorf("taken %q, want %q", taken, want)
	}
	hiddenWhy := "the name says PGN, but the file is hidden (its name begins with '.') and a directory is read without its hidden files: name it to read it"
	neither := "the file is neither compressed with gzip, zstd or bzip2 nor text with games in its first bytes"
	want := []LeftOut{
		{Path: xz, Reason: "an xz-compressed file, which arbiter does not read", Named: true},
		{Path: zip, Reason: "a zip archive, which arbiter does not read"},
		{Path: hidden, Reason: hiddenWhy, Named: true},
		{Path: hiddenZst, Reason: hiddenWhy, Named: true},
		{Path: emptyGz, Reason: "the name says gz, but the file is empty", Named: true},
		{Path: empty, Reason: "the name says PGN, but the file is empty", Named: true},
		{Path: text, Reason: "the name says bz2, but " + neither, Named: true},
	}
	if !slices.Equal(x.LeftOut, want) {
		t.Errorf("left out:\n got %+v\nwant %+v", x.LeftOut, want)
	}
}
