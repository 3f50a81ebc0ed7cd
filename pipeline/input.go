package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"golang.org/x/text/transform"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Stdin is the path that names standard input.
const Stdin = "-"

// Input is one stream to check: a file or standard input.
type Input struct {
	Path string // as given on the command line or found in a directory; Stdin for standard input
	Size int64  // bytes on disk (compressed size for compressed files), -1 when unknown
}

// sniffSize is how much of a file found in a directory is read to decide
// whether it holds games.
const sniffSize = 8 << 10

// Expand turns command-line paths into inputs, in the order given.
//
// A path that is not a directory is always taken, even when it cannot be read:
// the run then reports it, so that the caller's exit status says so. A
// directory is walked recursively in lexical order; from it are taken the
// regular files (or links to them) named *.pgn and those whose first bytes
// look like games or like a compressed stream (see looksLikeGames), and names
// starting with "." are passed over, so that LICENSE files, sources and .git
// do not become findings. Name a file explicitly to check it regardless.
//
// A file named twice, in any spelling (a relative and an absolute path, a
// link, a file named and also found in a directory named), is taken once,
// where it comes first: see ExpandAll. Standard input is never a
// duplicate: "-" twice reads it twice.
//
// Expand returns every input it found and, joined into one error, the
// directories it could not read.
func Expand(paths []string) ([]Input, error) {
	x, err := ExpandAll(paths)
	return x.Inputs, err
}

// Duplicate is an input path left out because it names the same file as an
// earlier one.
type Duplicate struct {
	Path string // the path left out
	Of   string // the earlier path kept
}

// Expansion is what ExpandAll found in the paths named.
type Expansion struct {
	Inputs     []Input
	Duplicates []Duplicate // paths left out as naming a file already taken
	LeftOut    []LeftOut   // files found in a directory that are not read, and why
}

// LeftOut is a file found in a directory and not taken although it may be
// meant as games: in a format arbiter does not read (xz, zip, ...), or named
// as games or as a compressed stream (.pgn.*, .gz, .zst, .bz2) yet empty or
// neither compressed nor text with games in it. The caller says so, so that
// it does not vanish from a run silently.
type LeftOut struct {
	Path   string
	Reason string
	// Named is set when the file's name says games or a compression arbiter
	// reads: more likely a file the run was meant to check than another
	// archive lying in the directory.
	Named bool
}

// ExpandAll is Expand with everything it left out, and why.
func ExpandAll(paths []string) (Expansion, error) {
	var x Expansion
	var left []LeftOut
	inputs, err := expand(paths, &left)
	x.Inputs, x.Duplicates = dedupe(inputs)
	// A directory named twice, in any spelling, says a file is left out once.
	ids := newFileIndex()
	for _, l := range left {
		if _, seen := ids.find(l.Path, nil); !seen {
			ids.add(l.Path, len(x.LeftOut))
			x.LeftOut = append(x.LeftOut, l)
		}
	}
	return x, err
}

// DedupePaths keeps the first of the paths that name the same file or
// directory, by the rule of ExpandAll, and returns the others as
// duplicates: arbiter stats reads a directory named twice once, as check
// reads a file.
func DedupePaths(paths []string) ([]string, []Duplicate) {
	inputs := make([]Input, len(paths))
	for i, p := range paths {
		inputs[i] = Input{Path: p}
	}
	kept, dups := dedupe(inputs)
	out := make([]string, len(kept))
	for i, in := range kept {
		out[i] = in.Path
	}
	return out, dups
}

// dedupe keeps the first of the inputs that are the same file
// (os.SameFile), or, for a path that cannot be stat'ed, the same cleaned
// absolute path.
func dedupe(inputs []Input) ([]Input, []Duplicate) {
	ids := newFileIndex()
	var kept []Input
	var dups []Duplicate
	for _, in := range inputs {
		if in.Path == Stdin {
			kept = append(kept, in)
			continue
		}
		if j, ok := ids.find(in.Path, nil); ok {
			dups = append(dups, Duplicate{Path: in.Path, Of: kept[j].Path})
			continue
		}
		ids.add(in.Path, len(kept))
		kept = append(kept, in)
	}
	return kept, dups
}

// fileIndex finds which of a set of paths names the same file as another
// path: the same file on disk (os.SameFile, so that links and other
// spellings are found), or, when a path cannot be stat'ed, the same cleaned
// absolute path.
type fileIndex struct {
	byStat map[statKey][]fileRef
	byPath map[string][]int
}

// statKey buckets files by size and modification time; os.SameFile decides.
type statKey struct {
	size  int64
	mtime int64
}

type fileRef struct {
	info os.FileInfo
	id   int
}

func newFileIndex() *fileIndex {
	return &fileIndex{byStat: map[statKey][]fileRef{}, byPath: map[string][]int{}}
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// add records path under id.
func (x *fileIndex) add(path string, id int) {
	if info, err := os.Stat(path); err == nil {
		k := statKey{info.Size(), info.ModTime().UnixNano()}
		x.byStat[k] = append(x.byStat[k], fileRef{info, id})
		return
	}
	a := absPath(path)
	x.byPath[a] = append(x.byPath[a], id)
}

// find returns the first id recorded for the file at path that ok accepts
// (any, when ok is nil).
func (x *fileIndex) find(path string, ok func(id int) bool) (int, bool) {
	accept := func(id int) bool { return ok == nil || ok(id) }
	if info, err := os.Stat(path); err == nil {
		for _, r := range x.byStat[statKey{info.Size(), info.ModTime().UnixNano()}] {
			if accept(r.id) && os.SameFile(r.info, info) {
				return r.id, true
			}
		}
		return 0, false
	}
	for _, id := range x.byPath[absPath(path)] {
		if accept(id) {
			return id, true
		}
	}
	return 0, false
}

func expand(paths []string, left *[]LeftOut) ([]Input, error) {
	var inputs []Input
	var errs []error
	for _, p := range paths {
		if p == Stdin {
			inputs = append(inputs, Input{Path: Stdin, Size: -1})
			continue
		}
		info, err := os.Stat(p)
		if err != nil || !info.IsDir() {
			size := int64(-1)
			if err == nil && info.Mode().IsRegular() {
				size = info.Size()
			}
			inputs = append(inputs, Input{Path: p, Size: size})
			continue
		}
		found, err := walk(p, left)
		inputs = append(inputs, found...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	return inputs, errors.Join(errs...)
}

// walk lists the game files under dir, and in left those it leaves out that
// may be meant as games (see LeftOut).
func walk(dir string, left *[]LeftOut) ([]Input, error) {
	var inputs []Input
	var errs []error
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, err)
			if d != nil && d.IsDir() && path != dir {
				return fs.SkipDir
			}
			return nil
		}
		if path != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			// Hidden files are skipped unread (editor backups, arbiter's own
			// temporary files), but one named as PGN arbiter reads is most
			// likely games hidden by mistake, so it is named.
			if hiddenGamesName(d.Name()) {
				*left = append(*left, LeftOut{Path: path, Named: true,
					Reason: "the name says PGN, but the file is hidden (its name begins with '.') and a directory is read without its hidden files: name it to read it"})
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		// Links are followed to files only: a linked directory could loop.
		info, err := os.Stat(path)
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if !info.Mode().IsRegular() {
			return nil
		}
		ok := strings.EqualFold(filepath.Ext(path), ".pgn")
		why := ""
		if !ok {
			ok, why, err = sniffFile(path)
		}
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if ok {
			inputs = append(inputs, Input{Path: path, Size: info.Size()})
		} else if named := namedAsGames(d.Name()); why != "" || named != "" {
			if why == "" {
				why = "the file is neither compressed with gzip, zstd or bzip2 nor text with games in its first bytes"
				if info.Size() == 0 {
					why = "the file is empty"
				}
				why = named + ", but " + why
			}
			*left = append(*left, LeftOut{Path: path, Reason: why, Named: named != ""})
		}
		return nil
	})
	if err != nil {
		errs = append(errs, err)
	}
	return inputs, errors.Join(errs...)
}

// hiddenGamesName says whether a hidden file's name is one a directory walk
// would take as games were it not hidden: .pgn, or .pgn compressed in a way
// arbiter reads (.pgn.gz, .pgn.zst, .pgn.zstd, .pgn.bz2). Not the files
// tools put beside one: an editor's lock (Emacs ".#a.pgn", a link to
// nowhere) and macOS's resource fork on foreign disks ("._a.pgn").
func hiddenGamesName(name string) bool {
	if strings.HasPrefix(name, ".#") || strings.HasPrefix(name, "._") {
		return false
	}
	lower := strings.ToLower(name)
	return strings.HasSuffix(lower, ".pgn") || slices.Contains(compressedExts, filepath.Ext(lower)) &&
		strings.HasSuffix(strings.TrimSuffix(lower, filepath.Ext(lower)), ".pgn")
}

// compressedExts are the extensions of the compressions arbiter reads.
var compressedExts = []string{".gz", ".zst", ".zstd", ".bz2"}

// sniffFile reads the first bytes of a file found in a directory and says
// whether to take it; when it holds a format arbiter does not read, why
// says which.
func sniffFile(path string) (ok bool, why string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return false, "", err
	}
	defer f.Close()
	head := make([]byte, sniffSize)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return false, "", fmt.Errorf("%s: %w", path, err)
	}
	if ff, bad := foreign(head[:n]); bad {
		return false, ff.name + ", which arbiter does not read", nil
	}
	return looksLikeGames(head[:n]), "", nil
}

// namedAsGames says how a file's name makes it look meant as games, ""
// when it does not: .pgn before another extension (games.pgn.xz,
// games.pgn.bak), or the extension of a compression arbiter reads. What
// arbiter itself writes is none: its tables are named after their input
// (00001-games.pgn.parquet), and its reports are JSON, HTML or SARIF.
func namedAsGames(name string) string {
	lower := strings.ToLower(name)
	switch ext := filepath.Ext(lower); {
	case ext == ".parquet" || ext == ".tmp" || ext == ".json" || ext == ".jsonl" || ext == ".sarif" || ext == ".html":
		return ""
	case strings.Contains(lower, ".pgn."):
		return "the name says PGN"
	case slices.Contains(compressedExts, ext):
		return "the name says " + ext[1:]
	}
	return ""
}

// looksLikeGames says whether the first bytes of a file are a compressed
// stream or text with games in it: a PGN tag pair, a first move ("1." then
// a square within a few bytes: "1. e4", "1.Sf3", "1. е2–е4"), or a few words
// that read as moves ("f3 e5 g4 Qh4", "b2b3", "Кb1—c3"), which prose, code
// and position lists lack. JSON, HTML and XML are never games, however many
// moves they quote: arbiter's own reports (SARIF, JSON Lines, HTML) left in
// a directory it reads again are full of them.
func looksLikeGames(head []byte) bool {
	if compression(head) != streamPlain {
		return true
	}
	if order, bom, ok := utf16Order(head); ok {
		head, _, _ = transform.Bytes(utf16Decoder(order, bom), head)
	}
	if bytes.IndexByte(head, 0) >= 0 || isMarkup(head) {
		return false
	}
	for line := range bytes.Lines(head) {
		line = bytes.TrimLeft(line, " \t\ufeff")
		if isTagPair(line) {
			return true
		}
	}
	return hasFirstMove(head) || moveWords(head) >= 3
}

// isMarkup says that head starts as a JSON object or array, or as HTML or
// XML: '<'; '{' then a quoted key and ':'; '[' then '{', '[' or '"'. A PGN
// file may open with a {comment}, but not with one that starts {"key":.
func isMarkup(head []byte) bool {
	rest := bytes.TrimLeft(head, " \t\r\n\ufeff")
	if len(rest) == 0 {
		return false
	}
	switch rest[0] {
	case '<':
		return true
	case '[':
		rest = bytes.TrimLeft(rest[1:], " \t\r\n")
		return len(rest) > 0 && (rest[0] == '{' || rest[0] == '[' || rest[0] == '"')
	case '{':
		rest = bytes.TrimLeft(rest[1:], " \t\r\n")
		if len(rest) == 0 || rest[0] != '"' {
			return false
		}
		end := bytes.IndexByte(rest[1:], '"')
		return end >= 0 && bytes.HasPrefix(bytes.TrimLeft(rest[end+2:], " \t\r\n"), []byte(":"))
	}
	return false
}

// hasFirstMove finds "1." not preceded by a digit and followed by a square.
func hasFirstMove(head []byte) bool {
	for i := 0; ; {
		j := bytes.Index(head[i:], []byte("1."))
		if j < 0 {
			return false
		}
		at := i + j
		if (at == 0 || !isDigit(head[at-1])) && squareFollows(head[at+2:]) {
			return true
		}
		i = at + 2
	}
}

// moveWords counts the words of head that could be moves: short, made of
// piece letters, squares, capture and check signs, dashes and non-ASCII
// letters only, with a square in them.
func moveWords(head []byte) int {
	n := 0
	for _, w := range bytes.FieldsFunc(head, isWordBreak) {
		if len(w) <= 16 && isMoveWord(w) {
			n++
		}
	}
	return n
}

func isWordBreak(r rune) bool {
	switch r {
	case ' ', '\t', '\r', '\n', '.', ',', ';', '(', ')', '{', '}', '!', '?', '…':
		return true
	}
	return false
}

func isMoveWord(w []byte) bool {
	square := false
	for i, c := range w {
		switch {
		case c >= 0x80, strings.IndexByte("KQRBNOSLDTFCPx:-=+#", c) >= 0:
		case c >= 'a' && c <= 'h':
			if i+1 < len(w) && w[i+1] >= '1' && w[i+1] <= '8' {
				square = true
			}
		case c >= '1' && c <= '8':
		default:
			return false
		}
	}
	return square
}

// isTagPair matches `[Name "` at the start of a line.
func isTagPair(line []byte) bool {
	if len(line) < 4 || line[0] != '[' {
		return false
	}
	i := 1
	for i < len(line) && (isLetter(line[i]) || isDigit(line[i]) || line[i] == '_') {
		i++
	}
	if i == 1 || !isLetter(line[1]) {
		return false
	}
	for i < len(line) && line[i] == ' ' {
		i++
	}
	return i > 1 && i < len(line) && line[i] == '"'
}

// squareFollows says whether a rank digit comes within the first move's
// first few bytes (room for dots, spaces, a piece letter and a file, in
// Cyrillic too).
func squareFollows(b []byte) bool {
	const reach = 9
	for i := 0; i < len(b) && i < reach; i++ {
		switch c := b[i]; {
		case c >= '1' && c <= '8':
			return i > 0
		case c == '\n' || c == '\r':
			return false
		}
	}
	return false
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
