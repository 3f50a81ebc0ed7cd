package pipeline

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
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
	eco := []byte("# Scid's ECO file\nA00a \"Start position\"  *\nA00b \"Fried fox\"  1.f3 e5 2.Kf2 *\n")
	writeFile(t, dir, "a/scid.eco", eco)
	// A perft suite after its comments, a FEN list; a FEN with prose after
	// it is neither.
	perft := []byte("# Sedlak\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n")
	writeFile(t, dir, "a/perft.epd", perft)
	fens := []byte("R7/8/8/8/6k1/5pp1/8/6K1 b - - 0 1\r\n")
	writeFile(t, dir, "a/kkppr.fen", fens)
	writeFile(t, dir, "a/notes.fen", []byte("4k3/8/8/8/8/8/8/4K2R w K - 0 1\nWhite wins.\n"))
	if err := os.Symlink(filepath.Join(dir, "b.pgn"), filepath.Join(dir, "link.pgn")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "a"), filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	explicit := writeFile(t, t.TempDir(), "notes.md", []byte("no games here"))
	missing := filepath.Join(dir, "missing.pgn")

	// link.pgn is b.pgn: taken once, as b.pgn, which comes first.
	got := Expand([]string{explicit, dir, "-", missing})
	want := []Input{
		{Path: explicit, Size: 13},
		{Path: filepath.Join(dir, "a/empty.pgn"), Size: 0},
		{Path: filepath.Join(dir, "a/kkppr.fen"), Size: int64(len(fens))},
		{Path: filepath.Join(dir, "a/moves.txt"), Size: 17},
		{Path: filepath.Join(dir, "a/perft.epd"), Size: int64(len(perft))},
		{Path: filepath.Join(dir, "a/prose.PGN"), Size: 29},
		{Path: filepath.Join(dir, "a/scid.eco"), Size: int64(len(eco))},
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
	x := ExpandAll([]string{"d", "d/a.pgn", abs, "./d/../d/a.pgn", "hard.pgn", "-", "-", "gone.pgn", filepath.Join(dir, "gone.pgn")})
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
	x = ExpandAll([]string{"d/b.pgn", "d/a.pgn"})
	if len(x.Inputs) != 2 || len(x.Duplicates) != 0 {
		t.Errorf("two files: %v inputs, %v duplicates", x.Inputs, x.Duplicates)
	}
}

// TestExpandUnreadableDirectory: a subdirectory that cannot be listed, and
// files that cannot be opened (one .pgn, one that would be sniffed), are
// inputs, each carrying its own error naming it, for the run to report;
// the files beside them are still taken. (Root reads everything: see
// TestExpandUnreadableLinks for what fails as root too.)
func TestExpandUnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory")
	}
	dir := t.TempDir()
	game := []byte("[Event \"x\"]\n")
	writeFile(t, dir, "ok.pgn", game)
	locked := filepath.Join(dir, "locked")
	writeFile(t, locked, "hidden.pgn", game)
	u1 := writeFile(t, dir, "u1.pgn", game)
	u2 := writeFile(t, dir, "u2.txt", game)
	for _, p := range []string{locked, u1, u2} {
		os.Chmod(p, 0)
		defer os.Chmod(p, 0o755)
	}
	x := ExpandAll([]string{dir})
	if len(x.LeftOut) != 0 {
		t.Fatalf("left out %v", x.LeftOut)
	}
	want := []string{locked, filepath.Join(dir, "ok.pgn"), u1, u2}
	if got := inputPaths(x.Inputs); !slices.Equal(got, want) {
		t.Fatalf("inputs %q, want %q", got, want)
	}
	if want := []string{dir}; !slices.Equal(x.Listed, want) {
		t.Errorf("listed %q, want %q: not the directory that cannot be listed", x.Listed, want)
	}
	for i, in := range x.Inputs {
		_, err := Open(in)
		if i == 1 {
			if err != nil {
				t.Errorf("ok.pgn: %v", err)
			}
			continue
		}
		if !errors.Is(err, fs.ErrPermission) || err.Error() != "open "+in.Path+": permission denied" {
			t.Errorf("%s: error %v, want open's, naming it", in.Path, err)
		}
	}
}

// Listed names the directories a walk read whole, as it entered them: the
// one named, those under it and those it reached through a link, once each;
// not a hidden one, a file named, nor a link it did not follow.
func TestExpandListed(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	game := []byte("[Event \"x\"]\n")
	writeFile(t, dir, "a/b/g.pgn", game)
	writeFile(t, dir, "empty/notes.txt", []byte("no games"))
	writeFile(t, dir, ".git/g.pgn", game)
	file := writeFile(t, elsewhere, "f.pgn", game)
	for link, to := range map[string]string{"linked": elsewhere, "up": ".."} {
		if err := os.Symlink(to, filepath.Join(dir, "a", link)); err != nil {
			t.Fatal(err)
		}
	}
	x := ExpandAll([]string{dir, file})
	want := []string{dir, filepath.Join(dir, "a"), filepath.Join(dir, "a/b"), filepath.Join(dir, "a/linked"), filepath.Join(dir, "empty")}
	if !slices.Equal(x.Listed, want) {
		t.Errorf("listed %q, want %q", x.Listed, want)
	}
}

// TestExpandUnreadableLinks: a link to nowhere and a link in a loop found in
// a directory are inputs carrying the error that names each, as root too;
// a hidden one passes unremarked, as any hidden file.
func TestExpandUnreadableLinks(t *testing.T) {
	dir := t.TempDir()
	ok := writeFile(t, dir, "ok.pgn", []byte("[Event \"x\"]\n"))
	dangling := filepath.Join(dir, "dangling.pgn")
	self := filepath.Join(dir, "self")
	for link, to := range map[string]string{dangling: "/nonexistent/x.pgn", self: "self", filepath.Join(dir, ".gone"): "nowhere"} {
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
	}
	x := ExpandAll([]string{dir})
	if len(x.LeftOut) != 0 {
		t.Fatalf("left out %v", x.LeftOut)
	}
	if got, want := inputPaths(x.Inputs), []string{dangling, ok, self}; !slices.Equal(got, want) {
		t.Fatalf("inputs %q, want %q", got, want)
	}
	if _, err := Open(x.Inputs[0]); !errors.Is(err, fs.ErrNotExist) || err.Error() != "stat "+dangling+": no such file or directory" {
		t.Errorf("dangling: %v", err)
	}
	if _, err := Open(x.Inputs[2]); !errors.Is(err, syscall.ELOOP) || err.Error() != "stat "+self+": too many levels of symbolic links" {
		t.Errorf("self: %v", err)
	}
}

// TestRunCountsUnreadableEntries: each entry a walk could not read is one
// failed input of the run, named by its path, and one entry of --out's
// manifest with its error, not completed (so that --resume reads it again);
// the file beside them is read and completed.
func TestRunCountsUnreadableEntries(t *testing.T) {
	useFakeCheck(t, nil)
	dir := t.TempDir()
	ok := writeFile(t, dir, "ok.pgn", synthetic(0, 3))
	broken := []string{filepath.Join(dir, "dangling.pgn"), filepath.Join(dir, "self")}
	os.Symlink("/nonexistent/x.pgn", broken[0])
	os.Symlink("self", broken[1])
	if os.Geteuid() != 0 {
		locked := filepath.Join(dir, "locked")
		writeFile(t, locked, "a.pgn", synthetic(3, 3))
		unreadable := writeFile(t, dir, "u.txt", synthetic(6, 3))
		for _, p := range []string{locked, unreadable} {
			os.Chmod(p, 0)
			defer os.Chmod(p, 0o755)
		}
		broken = append(broken, locked, unreadable)
	}
	inputs := Expand([]string{dir})
	out := t.TempDir()
	rec := &recordingSink{}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2}, inputs, rec, newSink(t, out, ParquetOptions{}))
	if err != nil || s.Failed != len(broken) || s.Files != len(broken)+1 || s.Games != 3 {
		t.Fatalf("summary %+v, error %v; want %d failed", s, err, len(broken))
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if e := m.Input(ok); e == nil || !e.Completed || e.Error != "" {
		t.Errorf("ok.pgn in the manifest: %+v", e)
	}
	for _, p := range broken {
		if e := m.Input(p); e == nil || e.Completed || !strings.Contains(e.Error, p+": ") {
			t.Errorf("%s in the manifest: %+v", p, e)
		}
	}
}

func inputPaths(inputs []Input) []string {
	var paths []string
	for _, in := range inputs {
		paths = append(paths, in.Path)
	}
	return paths
}

// TestExpandDirectoryLinks: a link to a directory named on the command line
// is walked, with or without a trailing '/'; in a walk, a link to a
// directory elsewhere is followed, and the files under it named by the
// link's path; a link up its own tree, a second link to a directory read
// already (each named, not merged as one) and a loop of links are not
// followed, each left out with its reason.
func TestExpandDirectoryLinks(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	game := []byte("[Event \"x\"]\n\n1. e4 *\n")
	link := func(to, at string) string {
		t.Helper()
		at = filepath.Join(root, at)
		if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(to, at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	dir := filepath.Join(root, "lnk")
	x23 := writeFile(t, dir, "real/2023/x.pgn", game)
	writeFile(t, root, "elsewhere/2024/y.pgn", game)
	loop := link("../..", "lnk/real/2023/misc/loop") // lnk/real
	top23 := link("../real/2023", "lnk/top/2023")
	link("../../elsewhere/2024", "lnk/top/2024")
	again := link("../real/2023", "lnk/top/again")
	self := link(".", "lnk/top/self")
	// A loop of two links: a/b is c, c/d is a. c is entered as a/b, where
	// d leads back to a.
	writeFile(t, dir, "a/z.pgn", game)
	writeFile(t, dir, "c/w.pgn", game)
	ab := link("../c", "lnk/a/b")
	link("../a", "lnk/c/d")

	x := ExpandAll([]string{dir})
	want := []string{filepath.Join(dir, "a/b/w.pgn"), filepath.Join(dir, "a/z.pgn"), x23, filepath.Join(dir, "top/2024/y.pgn")}
	if got := inputPaths(x.Inputs); !slices.Equal(got, want) {
		t.Errorf("inputs %q, want %q", got, want)
	}
	readAlready := func(d string) string {
		return "the same directory as " + d + ", read already in this walk: read once, there"
	}
	wantLeft := []LeftOut{
		{Path: filepath.Join(ab, "d"), Dir: true, Reason: "the same directory as " + filepath.Join(dir, "a") + ", which holds it: not followed, as it would loop"},
		{Path: filepath.Join(dir, "c"), Dir: true, Reason: readAlready(ab)},
		{Path: loop, Dir: true, Reason: "a link to " + filepath.Join(dir, "real") + ", a directory that holds it: not followed, as it would loop"},
		{Path: top23, Dir: true, Reason: readAlready(filepath.Join(dir, "real/2023"))},
		{Path: again, Dir: true, Reason: readAlready(filepath.Join(dir, "real/2023"))},
		{Path: self, Dir: true, Reason: "a link to " + filepath.Join(dir, "top") + ", a directory that holds it: not followed, as it would loop"},
	}
	if !slices.Equal(x.LeftOut, wantLeft) {
		t.Errorf("left out:\n got %+v\nwant %+v", x.LeftOut, wantLeft)
	}

	// Named, the link is the directory; its loop is left out as in a walk.
	for _, arg := range []string{top23, top23 + "/"} {
		x = ExpandAll([]string{arg})
		if got := inputPaths(x.Inputs); !slices.Equal(got, []string{filepath.Join(top23, "x.pgn")}) {
			t.Errorf("%s: inputs %q", arg, got)
		}
		wantLoop := LeftOut{Path: filepath.Join(top23, "misc/loop"), Dir: true, Reason: "a link to " + filepath.Join(dir, "real") + ", a directory that holds it: not followed, as it would loop"}
		if !slices.Equal(x.LeftOut, []LeftOut{wantLoop}) {
			t.Errorf("%s: left out %+v", arg, x.LeftOut)
		}
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
		// Scid's ECO file, whose first entries hold no move
		{"# scid.eco\nA00a \"Start position\"  *\nA00b \"Barnes\" *\n", true},
		{"# notes\nA00 Barnes *\n", false},
		// an EPD file, a perft suite or a FEN list, whose records need
		// name no move; not a FEN with prose after it
		{"4k3/8/8/8/8/8/8/4K3 w - - id \"x\";\n", true},
		{"4k3/8/8/8/8/8/8/4K3 w - -\n", true},
		{"# perft\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5\n", true},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", true},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1\nWhite wins.\n", false},
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

	x := ExpandAll([]string{dir, dir + "/b/../a"}) // a/ twice: left out once
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

type tarEntry struct {
	name string
	body []byte
	typ  byte // tar.TypeReg when 0
}

func tarOf(t *testing.T, format tar.Format, entries ...tarEntry) []byte {
	t.Helper()
	var b bytes.Buffer
	tw := tar.NewWriter(&b)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Mode: 0o644, Size: int64(len(e.body)), Typeflag: e.typ, Format: format}
		if e.typ == 0 {
			h.Typeflag = tar.TypeReg
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		tw.Write(e.body)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestExpandTar: in a directory, a tar of PGN files is taken as when it is
// named, whether its first entry is a file, a directory (`tar cf a.tar
// games/`) or a pax header of a long name; a tar of compressed files, or
// one whose first file holds no games, is left out, named, with an info
// line unless its name says PGN.
func TestExpandTar(t *testing.T) {
	dir := t.TempDir()
	games := synthetic(0, 3)
	long := strings.Repeat("round-", 20) + "1.pgn" // longer than ustar's 100 bytes: a pax header first
	plain := writeFile(t, dir, "plain.tar", tarOf(t, tar.FormatUSTAR, tarEntry{name: "r1.pgn", body: games}, tarEntry{name: "r2.pgn", body: games}))
	dirFirst := writeFile(t, dir, "dirfirst.tar", tarOf(t, tar.FormatUSTAR, tarEntry{name: "games/", typ: tar.TypeDir},
		tarEntry{name: "games/empty.pgn"}, tarEntry{name: "games/r1.pgn", body: games}))
	pax := writeFile(t, dir, "pax.tar", tarOf(t, tar.FormatPAX, tarEntry{name: long, body: games}))
	gz := writeFile(t, dir, "gz.tar", tarOf(t, tar.FormatUSTAR, tarEntry{name: "r1.pgn.gz", body: gzipped(t, games)}))
	gzNamed := writeFile(t, dir, "old.pgn.tar", tarOf(t, tar.FormatUSTAR, tarEntry{name: "games/", typ: tar.TypeDir}, tarEntry{name: "games/r1.pgn.zst", body: zstded(t, games)}))
	readme := writeFile(t, dir, "src.tar", tarOf(t, tar.FormatUSTAR, tarEntry{name: "README", body: []byte("Notes on the tournament.\n")}, tarEntry{name: "r1.pgn", body: games}))

	x := ExpandAll([]string{dir})
	if got, want := inputPaths(x.Inputs), []string{dirFirst, pax, plain}; !slices.Equal(got, want) {
		t.Errorf("inputs %q, want %q", got, want)
	}
	compressed := "a tar archive of compressed or binary files, which arbiter does not read (it reads a tar of PGN files): extract it"
	want := []LeftOut{
		{Path: gz, Reason: compressed},
		{Path: gzNamed, Reason: compressed, Named: true},
		{Path: readme, Reason: "a tar archive whose first file does not look like games: name it to read it"},
	}
	if !slices.Equal(x.LeftOut, want) {
		t.Errorf("left out:\n got %+v\nwant %+v", x.LeftOut, want)
	}
}

// TestExpandFindings: arbiter's own findings, as check writes them in the
// text and github formats (with its log and summary when stderr went to
// the same file), are left out of a walk, named, though they quote moves
// enough to look like games; named explicitly, such a file is read. Text
// that only begins like a finding, or has a line of something else among
// findings, is not taken for them.
func TestExpandFindings(t *testing.T) {
	src := t.TempDir()
	broken := writeFile(t, src, "broken.pgn", []byte("[Event \"x\"]\n\n1. e4 e5 2. Ke3 Nf6 3. Qxf7 *\n\n[Event \"y\"]\n\n1. d4 d5 2. Bxh7 *\n"))
	inputs := Expand([]string{broken})
	var text, github bytes.Buffer
	if _, err := runWithin(t, context.Background(), &Config{Workers: 1}, inputs, NewTextSink(&text), NewGitHubSink(&github)); err != nil {
		t.Fatal(err)
	}
	if strings.Count(text.String(), "\n") < 2 || strings.Count(github.String(), "\n") < 2 {
		t.Fatalf("too few findings to test with:\n%s\n%s", text.String(), github.String())
	}
	log := "02:17:47 INF skipping a file found in a directory: not read as games path=x\n" + text.String() +
		"arbiter: 1 file, 2 games read, 2 records written, 5 plies: 2 errors, 0 warnings, 0 infos in 0s\n"
	first, _, _ := strings.Cut(text.String(), "\n")

	dir := t.TempDir()
	findings := writeFile(t, dir, "findings.log", []byte(text.String()))
	gh := writeFile(t, dir, "annotations.txt", github.Bytes())
	both := writeFile(t, dir, "run.log", []byte(log))
	named := writeFile(t, dir, "findings.pgn.txt", []byte(text.String()))
	startsLike := writeFile(t, dir, "notes.txt", []byte(first+"\n[Event \"z\"]\n\n1. e4 e5 2. Nf3 *\n"))
	mixed := writeFile(t, dir, "mixed.txt", []byte(first+"\nthen the game: 1. e4 e5 2. Nf3 Nc6\n"+text.String()))

	x := ExpandAll([]string{dir})
	if got, want := inputPaths(x.Inputs), []string{mixed, startsLike}; !slices.Equal(got, want) {
		t.Errorf("inputs %q, want %q", got, want)
	}
	why := "arbiter's own findings (FILE:LINE:COL: severity code: message, as `arbiter check` writes them), not games: name it to read it"
	want := []LeftOut{{Path: gh, Reason: why}, {Path: findings, Reason: why}, {Path: named, Reason: why, Named: true}, {Path: both, Reason: why}}
	if !slices.Equal(x.LeftOut, want) {
		t.Errorf("left out:\n got %+v\nwant %+v", x.LeftOut, want)
	}
	if x := ExpandAll([]string{findings}); !slices.Equal(inputPaths(x.Inputs), []string{findings}) || len(x.LeftOut) != 0 {
		t.Errorf("named: %+v", x)
	}
}
