package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-chess/arbiter/pipeline/table"
)

func crc32c(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// paths lists the inputs of a set, for comparing.
func (g SameContent) paths() []string {
	var out []string
	for _, in := range g.Inputs {
		p := in.Path
		if in.Dir != "" {
			p = in.Dir + ":" + p
		}
		out = append(out, p)
	}
	return out
}

func groupPaths(groups []SameContent) [][]string {
	var out [][]string
	for _, g := range groups {
		out = append(out, g.paths())
	}
	return out
}

// TestRunContentSum: each input read whole gets the CRC-32C of its bytes
// as they are on disk, and their number, the size of the file, whatever
// its compression; standard input too. A read that fails part way sums
// what it read; an input that cannot be opened gets none. The summary
// names the inputs of the same content, not the same games compressed
// otherwise.
func TestRunContentSum(t *testing.T) {
	useFakeCheck(t, nil)
	dir := t.TempDir()
	text := synthetic(0, 300)
	zst := zstded(t, synthetic(300, 200))
	bz2, err := os.ReadFile("testdata/two-games.pgn.bz2")
	if err != nil {
		t.Fatal(err)
	}
	broken := brokenGzip(t, synthetic(500, 50))
	files := map[string][]byte{
		"a.pgn":          text,
		"copy of a.pgn":  text,
		"a.pgn.gz":       gzipped(t, text), // the same games, other bytes
		"b.pgn.zst":      zst,
		"sub/b.pgn.zst":  zst,
		"two.pgn.bz2":    bz2,
		"broken1.pgn.gz": broken,
		"broken2.pgn.gz": broken,
	}
	order := []string{"a.pgn", "a.pgn.gz", "b.pgn.zst", "two.pgn.bz2", "broken1.pgn.gz", "missing.pgn", "copy of a.pgn", "sub/b.pgn.zst", "broken2.pgn.gz"}
	var paths []string
	for _, name := range order {
		p := filepath.Join(dir, name)
		if data, ok := files[name]; ok {
			writeFile(t, dir, name, data)
		}
		paths = append(paths, p)
	}
	pipeStdin(t, text) // the bytes of a.pgn: the same content
	inputs := append(Expand(paths), Input{Path: Stdin, Size: -1})

	rec := &recordingSink{}
	s, err := runWithin(t, context.Background(), &Config{Workers: 2, ChunkSize: smallChunks}, inputs, rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.files) != len(inputs) {
		t.Fatalf("%d inputs ended, want %d", len(rec.files), len(inputs))
	}
	for i, f := range rec.files {
		name := strings.TrimPrefix(f.Input.Path, dir+string(filepath.Separator))
		data, ok := files[name]
		if f.Input.Path == Stdin {
			data, ok = text, true
		}
		switch {
		case !ok:
			if f.Content != nil {
				t.Errorf("%s, which cannot be opened: content %+v, want none", name, *f.Content)
			}
		case f.Content == nil:
			t.Errorf("%s: no content sum", name)
		case *f.Content != (ContentSum{Bytes: int64(len(data)), CRC32C: crc32c(data)}):
			t.Errorf("%s: content %+v, want the %d bytes on disk, CRC-32C %08x", name, *f.Content, len(data), crc32c(data))
		case f.Content.Bytes != f.Bytes:
			t.Errorf("%s: content of %d bytes, %d read", name, f.Content.Bytes, f.Bytes)
		}
		if strings.HasPrefix(name, "broken") && (f.Err == nil || f.Complete) {
			t.Errorf("%s: read whole (%+v), want a failure part way", name, rec.files[i])
		}
	}
	want := [][]string{
		{paths[0], paths[6], Stdin}, // a.pgn, its copy, and the same bytes piped in
		{paths[2], paths[7]},        // b.pgn.zst and sub/b.pgn.zst
		{paths[4], paths[8]},        // the same broken file twice: the same games read
	}
	if got := groupPaths(s.SameContent); !reflect.DeepEqual(got, want) {
		t.Errorf("same content:\n%q\nwant\n%q", got, want)
	}
	if g := s.SameContent[0]; g.Games != 300 || g.Content.Bytes != int64(len(text)) {
		t.Errorf("a.pgn's set: %d games, %d bytes", g.Games, g.Content.Bytes)
	}
}

// TestRunContentSumDifferentInputs: inputs of other content, of the same
// size among them, make no set.
func TestRunContentSumDifferentInputs(t *testing.T) {
	useFakeCheck(t, nil)
	dir := t.TempDir()
	a := synthetic(0, 20)
	b := bytes.Replace(a, []byte("1."), []byte("1 "), 1) // the same size, another byte
	if len(a) != len(b) || bytes.Equal(a, b) {
		t.Fatal("the test's inputs are not what it needs")
	}
	inputs := Expand([]string{writeFile(t, dir, "a.pgn", a), writeFile(t, dir, "b.pgn", b), writeFile(t, dir, "c.pgn", synthetic(20, 20))})
	s, err := runWithin(t, context.Background(), &Config{Workers: 2}, inputs)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.SameContent) != 0 {
		t.Errorf("same content: %q, want none", groupPaths(s.SameContent))
	}
}

// TestRunContentSumInterrupted: an input the run was stopped in has no sum
// (it is of a part, and the Parquet sink drops the input), and makes no
// set with the whole copy read before it.
func TestRunContentSumInterrupted(t *testing.T) {
	useFakeCheck(t, nil)
	dir := t.TempDir()
	text := synthetic(0, 4000)
	inputs := Expand([]string{writeFile(t, dir, "a.pgn", text), writeFile(t, dir, "b.pgn", text)})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rec := &recordingSink{}
	rec.onGame = func(r *GameRecord) error {
		if r.File == inputs[1].Path {
			cancel()
		}
		return nil
	}
	s, err := runWithin(t, ctx, &Config{Workers: 2, ChunkSize: smallChunks}, inputs, rec)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Interrupted || len(rec.files) != 2 || rec.files[1].Complete {
		t.Fatalf("not stopped in b.pgn: %+v\n%v", s, rec.events)
	}
	if rec.files[0].Content == nil || rec.files[1].Content != nil {
		t.Errorf("content of a.pgn %v, of b.pgn %v: want a sum, then none", rec.files[0].Content, rec.files[1].Content)
	}
	if len(s.SameContent) != 0 {
		t.Errorf("same content: %q, want none", groupPaths(s.SameContent))
	}
}

// TestManifestContentRoundTrip: the manifest keeps each input's content
// sum under "content" and gives it back; an input without files, or
// whose sum is not known, has no such key.
func TestManifestContentRoundTrip(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "a's bytes")
	b := inputFile(t, inDir, "b.pgn", "b")
	c := inputFile(t, inDir, "c.pgn", "c")
	s := newSink(t, out, ParquetOptions{})
	sum := ContentSum{Bytes: 9, CRC32C: 0xdeadbeef}
	writeInput(t, s, a, 2, FileSummary{Complete: true, Content: &sum})
	writeInput(t, s, b, 0, FileSummary{Err: errors.New("cannot open"), Content: &ContentSum{}})
	writeInput(t, s, c, 1, complete) // a caller that computed no sum
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(out, table.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("\"content\": {\n        \"bytes\": 9,\n        \"crc32c\": 3735928559\n      }")) {
		t.Errorf("manifest.json does not hold a.pgn's content as documented:\n%s", raw)
	}
	if n := bytes.Count(raw, []byte(`"content"`)); n != 1 {
		t.Errorf("%d content keys, want a.pgn's alone:\n%s", n, raw)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if e := m.Input(a.Path); e.Content == nil || *e.Content != sum {
		t.Errorf("a.pgn: content %v, want %+v", e.Content, sum)
	}
	for _, p := range []string{b.Path, c.Path} {
		if e := m.Input(p); e.Content != nil {
			t.Errorf("%s: content %+v, want none", p, *e.Content)
		}
	}
	// Written again as it was loaded, it is the same file.
	if err := m.save(out); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(filepath.Join(out, table.ManifestName))
	if !bytes.Equal(raw, again) {
		t.Errorf("rewritten:\n%s\nwant\n%s", again, raw)
	}
}

// oldManifest is a manifest as arbiter wrote it before content sums: two
// copies of one file under two names, and the same in a second directory.
const oldManifest = `{
  "version": 1,
  "schema": "1",
  "options": {"rules": "fide", "notation": "auto", "encoding": "auto", "moves": false},
  "inputs": [
    {"number": 0, "path": "a.pgn", "size": 52114, "mtime": "2024-03-05T13:14:15.123456789Z",
     "games": 120, "findings": 31, "moves": 0,
     "files": ["games/00000-a.pgn.parquet", "findings/00000-a.pgn.parquet"], "completed": true},
    {"number": 1, "path": "copy.pgn", "size": 52114, "mtime": "2024-03-05T13:14:15.123456789Z",
     "games": 120, "findings": 31, "moves": 0,
     "files": ["games/00001-copy.pgn.parquet", "findings/00001-copy.pgn.parquet"], "completed": true}
  ]
}
`

// TestManifestWithoutContent: a manifest of an arbiter before content sums
// loads as before, its inputs without one, and draws no warning of the
// same content: their content is not known, and a guess would be wrong for
// every directory of distinct files of one size.
func TestManifestWithoutContent(t *testing.T) {
	one, two := t.TempDir(), t.TempDir()
	for _, d := range []string{one, two} {
		writeFile(t, d, table.ManifestName, []byte(oldManifest))
	}
	m, err := LoadManifest(one)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) != 2 || m.Inputs[0].Games != 120 || m.Inputs[0].Content != nil || m.Inputs[1].Content != nil {
		t.Fatalf("loaded %+v", m.Inputs)
	}
	if got := m.SameContent(one); len(got) != 0 {
		t.Errorf("same content in the manifest: %q", groupPaths(got))
	}
	if got := SameContentInputs([]string{one, two}); len(got) != 0 {
		t.Errorf("same content in the directories: %q", groupPaths(got))
	}
	// The same path, size and time in both: the warning such manifests
	// always drew.
	want := []SharedInput{{Path: "a.pgn", First: one, Then: two}, {Path: "copy.pgn", First: one, Then: two}}
	if got := SharedInputs([]string{one, two}); !slices.Equal(got, want) {
		t.Errorf("shared inputs %+v, want %+v", got, want)
	}
}

// manifestWith writes DIR/manifest.json listing inputs.
func manifestWith(t *testing.T, dir string, inputs ...ManifestInput) {
	t.Helper()
	for i := range inputs {
		inputs[i].Number = i
		if inputs[i].Files == nil {
			name := fmt.Sprintf("%05d-x.parquet", i)
			inputs[i].Files = []string{"games/" + name, "findings/" + name}
		}
	}
	m := Manifest{Version: table.ManifestVersion, Schema: table.Version, Options: &RunOptions{Rules: "fide"}, Inputs: inputs}
	if err := m.save(dir); err != nil {
		t.Fatal(err)
	}
}

// TestSameContentInputs: inputs are the same content when their sums and
// games agree, within a directory and across directories; not when the
// games differ, nor an entry without files or games, nor one without a
// sum. A pair of the same path, size and time whose sums agree is named
// once, among the inputs of that content, not also as a shared input.
func TestSameContentInputs(t *testing.T) {
	one, two := t.TempDir(), t.TempDir()
	x, y := &ContentSum{Bytes: 1000, CRC32C: 1}, &ContentSum{Bytes: 1000, CRC32C: 2}
	mtime := time.Date(2024, 3, 5, 0, 0, 0, 0, time.UTC)
	manifestWith(t, one,
		ManifestInput{Path: "a.pgn", Size: 1000, ModTime: mtime, Games: 5, Content: x, Completed: true},
		ManifestInput{Path: "b.pgn", Size: 1000, ModTime: mtime, Games: 5, Content: y, Completed: true},   // another CRC
		ManifestInput{Path: "c.pgn", Size: 1000, ModTime: mtime, Games: 4, Content: x, Completed: true},   // other games
		ManifestInput{Path: "d.pgn", Size: 1000, ModTime: mtime, Games: 0, Content: x, Completed: true},   // no games
		ManifestInput{Path: "e.pgn", Size: 1000, ModTime: mtime, Games: 5, Content: x, Files: []string{}}, // no files
		ManifestInput{Path: "f.pgn", Size: 1000, ModTime: mtime, Games: 5, Completed: true},               // no sum
		ManifestInput{Path: "g.pgn", Size: 1000, ModTime: mtime, Games: 5, Content: x, Completed: true},
	)
	manifestWith(t, two,
		ManifestInput{Path: "a.pgn", Size: 1000, ModTime: mtime, Games: 5, Content: x, Completed: true},
		ManifestInput{Path: "b.pgn", Size: 1000, ModTime: mtime, Games: 5, Content: x, Completed: true},
	)
	if got, want := groupPaths(SameContentInputs([]string{one})), [][]string{{"a.pgn", "g.pgn"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("one directory: %q, want %q (without the directory's name)", got, want)
	}
	got := SameContentInputs([]string{one, two})
	if want := [][]string{{one + ":a.pgn", one + ":g.pgn", two + ":a.pgn", two + ":b.pgn"}}; !reflect.DeepEqual(groupPaths(got), want) {
		t.Errorf("two directories: %q, want %q", groupPaths(got), want)
	}
	// a.pgn in both is of that content, and named there; b.pgn in both is
	// of two contents: the same path, size and time, and another sum, so
	// it is named as shared.
	if got, want := SharedInputs([]string{one, two}), []SharedInput{{Path: "b.pgn", First: one, Then: two}}; !slices.Equal(got, want) {
		t.Errorf("shared inputs %+v, want %+v", got, want)
	}
}

func TestSameContentString(t *testing.T) {
	sum := ContentSum{Bytes: 52114, CRC32C: 7}
	inputs := func(n int, dir string) []ContentInput {
		var out []ContentInput
		for i := range n {
			out = append(out, ContentInput{Dir: dir, Path: fmt.Sprintf("%c.pgn", 'a'+i)})
		}
		return out
	}
	for _, c := range []struct {
		g    SameContent
		want string
	}{
		{SameContent{sum, 120, inputs(2, "")}, "a.pgn and b.pgn hold the same content (52114 bytes, 120 games each): their games are counted once per input"},
		{SameContent{ContentSum{Bytes: 1}, 1, inputs(3, "rA")}, "a.pgn in rA, b.pgn in rA and c.pgn in rA hold the same content (1 byte, 1 game each): their games are counted once per input"},
		{SameContent{sum, 2, append(inputs(1, ""), ContentInput{Path: "caf\xe9.pgn"})}, "a.pgn and caf%E9.pgn hold the same content (52114 bytes, 2 games each): their games are counted once per input"},
		{SameContent{sum, 2, inputs(12, "")}, "a.pgn, b.pgn, c.pgn, d.pgn, e.pgn, f.pgn, g.pgn, h.pgn, i.pgn, j.pgn and 2 more inputs hold the same content (52114 bytes, 2 games each): their games are counted once per input"},
	} {
		if got := c.g.String(); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

// TestParquetSinkResumeKeepsContent: a resumed run rewrites the manifest;
// the inputs it skips keep the sums the earlier run recorded, one it was
// interrupted in keeps its earlier entry whole, and one it reads again
// gets the sum of what it read now.
func TestParquetSinkResumeKeepsContent(t *testing.T) {
	inDir, out := t.TempDir(), t.TempDir()
	a := inputFile(t, inDir, "a.pgn", "aaaa")
	b := inputFile(t, inDir, "b.pgn", "bbbb")
	sumA, sumB := ContentSum{Bytes: 4, CRC32C: 0xa}, ContentSum{Bytes: 4, CRC32C: 0xb}
	s := newSink(t, out, ParquetOptions{})
	writeInput(t, s, a, 2, FileSummary{Complete: true, Content: &sumA})
	writeInput(t, s, b, 3, FileSummary{Complete: true, Content: &sumB})
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	first, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}

	// Resumed: a is skipped, b interrupted, c (a's copy) read.
	c := inputFile(t, inDir, "c.pgn", "aaaa")
	s = newSink(t, out, ParquetOptions{Resume: true})
	if !s.Done(a) || !s.Done(b) {
		t.Fatal("the earlier run's inputs are not done")
	}
	writeInput(t, s, b, 1, FileSummary{}) // neither complete nor failed: interrupted
	writeInput(t, s, c, 2, FileSummary{Complete: true, Content: &sumA})
	if err := s.Close(&Summary{Interrupted: true}); err != nil {
		t.Fatal(err)
	}
	m, err := LoadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Inputs) != 3 || !reflect.DeepEqual(m.Inputs[:2], first.Inputs) {
		t.Errorf("after resuming, the earlier entries are\n%+v\nwant\n%+v", m.Inputs, first.Inputs)
	}
	if got, want := groupPaths(m.SameContent("")), [][]string{{a.Path, c.Path}}; !reflect.DeepEqual(got, want) {
		t.Errorf("same content %q, want %q", got, want)
	}

	// Resumed again, b is read again, and is now of other content.
	sumB2 := ContentSum{Bytes: 4, CRC32C: 0xb2}
	s = newSink(t, out, ParquetOptions{Resume: true})
	writeInput(t, s, b, 3, FileSummary{Complete: true, Content: &sumB2})
	if err := s.Close(&Summary{}); err != nil {
		t.Fatal(err)
	}
	if m, err = LoadManifest(out); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		in   Input
		want ContentSum
	}{{a, sumA}, {b, sumB2}, {c, sumA}} {
		if e := m.Input(c.in.Path); e == nil || e.Content == nil || *e.Content != c.want {
			t.Errorf("%s: %+v, want content %+v", c.in.Path, e, c.want)
		}
	}
}

// The manifest's JSON layout of a sum, as pipeline/COLUMNS.md documents it.
func TestContentSumJSON(t *testing.T) {
	b, err := json.Marshal(ContentSum{Bytes: 52114, CRC32C: 0x8f3a1b2c})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"bytes":52114,"crc32c":2402949932}`; string(b) != want {
		t.Errorf("%s, want %s", b, want)
	}
}

// IncompleteInputs lists the inputs the manifests mark not completed, in
// their order, each with its directory when there are several, and its
// error without the path it begins with.
func TestIncompleteInputs(t *testing.T) {
	root := t.TempDir()
	manifest := func(name, inputs string) string {
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"version":1,"schema":"1","inputs":[`+inputs+`]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	a := manifest("a", `{"number":0,"path":"x.pgn","games":3,"files":["games/00000-x.pgn.parquet","findings/00000-x.pgn.parquet"],"completed":true},
		{"number":1,"path":"cut.pgn.gz","games":1200,"files":["games/00001-cut.pgn.gz.parquet","findings/00001-cut.pgn.gz.parquet"],"completed":false,
		 "error":"cut.pgn.gz: gzip stream broken after 10 bytes of text: unexpected EOF"},
		{"number":2,"path":"gone.pgn","games":0,"files":[],"completed":false,"error":"open gone.pgn: no such file or directory"}`)
	b := manifest("b", `{"number":0,"path":"one.pgn","games":1,"files":["games/00000-one.pgn.parquet","findings/00000-one.pgn.parquet"],"completed":false},
		{"number":1,"path":"cut.pgn","games":0,"files":[],"completed":false}`)
	var got []string
	for _, in := range IncompleteInputs([]string{a}) {
		got = append(got, in.String())
	}
	want := []string{
		"cut.pgn.gz was not read to its end (gzip stream broken after 10 bytes of text: unexpected EOF): the report counts only the 1200 games read before that",
		"gone.pgn could not be read (open gone.pgn: no such file or directory): the report counts none of its games",
	}
	if !slices.Equal(got, want) {
		t.Errorf("one directory:\n%q\nwant\n%q", got, want)
	}
	got = got[:0]
	for _, in := range IncompleteInputs([]string{a, filepath.Join(root, "none"), b}) {
		got = append(got, in.String())
	}
	want = []string{
		"cut.pgn.gz in " + a + " was not read to its end (gzip stream broken after 10 bytes of text: unexpected EOF): the report counts only the 1200 games read before that",
		"gone.pgn in " + a + " could not be read (open gone.pgn: no such file or directory): the report counts none of its games",
		"one.pgn in " + b + " was not read to its end (its run was interrupted, or is still reading it): the report counts only the 1 game read before that",
		"cut.pgn in " + b + " was not read (its run was interrupted, or is still reading it): the report counts none of its games",
	}
	if !slices.Equal(got, want) {
		t.Errorf("three directories:\n%q\nwant\n%q", got, want)
	}
}
