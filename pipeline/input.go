package pipeline

import (
	"bytes"
	"fmt"
	"golang.org/x/text/transform"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-chess/arbiter/parser"
)

// Stdin is the path that names standard input.
const Stdin = "-"

// Input is one stream to check: a file or standard input.
type Input struct {
	Path string // as given on the command line or found in a directory; Stdin for standard input
	Size int64  // bytes on disk (compressed size for compressed files), -1 when unknown

	// err is why a directory walk could not read this entry (a directory it
	// cannot list, a link to nowhere, a file it cannot open): Open returns
	// it, so that the run reports the entry as it reports an unreadable file
	// named on the command line, by its path, once, and in the manifest.
	err error
}

// sniffSize is how much of a file found in a directory is read to decide
// whether it holds games.
const sniffSize = 8 << 10

// Expand turns command-line paths into inputs, in the order given.
//
// A path that is not a directory is always taken, even when it cannot be read:
// the run then reports it, so that the caller's exit status says so. A
// directory (or a link to one) is walked recursively in lexical order; from
// it are taken the regular files (or links to them) named *.pgn and those
// whose first bytes look like games or like a compressed stream (see
// looksLikeGames), and names starting with "." are passed over, so that
// LICENSE files, sources and .git do not become findings. Name a file
// explicitly to check it regardless. An entry of a directory that cannot be
// read (a subdirectory it cannot list, a link to nowhere, a file it cannot
// open) is taken too, so that the run reports it as unreadable: see walker.
//
// A file named twice, in any spelling (a relative and an absolute path, a
// link, a file named and also found in a directory named), is taken once,
// where it comes first: see ExpandAll. Standard input is never a
// duplicate: "-" twice reads it twice.
//
// What cannot be read (a directory it cannot list, a dangling link) is an
// input all the same, whose failure the run reports and counts.
func Expand(paths []string) []Input {
	return ExpandAll(paths).Inputs
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
	// NoGameDirs are the directories named that gave no input: no file in
	// them is taken as games (Config.NoGameDirs).
	NoGameDirs []string
	// Listed are the directories the walks listed, those named and those
	// under them, each as the walk entered it: every file in one that is
	// games is among Inputs (ParquetOptions.Listed).
	Listed []string
}

// LeftOut is a file found in a directory and not taken although it may be
// meant as games: in a format arbiter does not read (xz, zip, a tar of
// compressed files, ...), or named as games or as a compressed stream
// (.pgn.*, .gz, .zst, .bz2) yet empty or neither compressed nor text with
// games in it, or arbiter's own findings written into the directory; or a
// directory a walk meets again through a link, which it reads once. The
// caller says so, so that it does not vanish from a run silently.
type LeftOut struct {
	Path   string
	Reason string
	// Named is set when the file's name says games or a compression arbiter
	// reads: more likely a file the run was meant to check than another
	// archive lying in the directory.
	Named bool
	// Dir is set for a directory a link leads to, not followed.
	Dir bool
}

// ExpandAll is Expand with everything it left out, and why.
func ExpandAll(paths []string) Expansion {
	var x Expansion
	var left []LeftOut
	inputs := expand(paths, &left, &x.NoGameDirs, &x.Listed)
	x.Inputs, x.Duplicates = dedupe(inputs)
	// A directory named twice, in any spelling, says a file is left out once.
	// The entry is known by its directory and name, not by what it points
	// to: two links to one directory are two entries.
	dirs := newFileIndex()
	for _, l := range left {
		name := filepath.Base(l.Path)
		sameName := func(id int) bool { return filepath.Base(x.LeftOut[id].Path) == name }
		if _, seen := dirs.find(filepath.Dir(l.Path), sameName); !seen {
			dirs.add(filepath.Dir(l.Path), len(x.LeftOut))
			x.LeftOut = append(x.LeftOut, l)
		}
	}
	return x
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
// spellings are found), or else the same cleaned absolute path, which finds
// a file that could not be stat'ed, and one changed or replaced since it
// was added (the resumed manifest's index is built when the run starts,
// and an input it lists may be appended to before the run reaches it).
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
	}
	for _, id := range x.byPath[absPath(path)] {
		if accept(id) {
			return id, true
		}
	}
	return 0, false
}

func expand(paths []string, left *[]LeftOut, noGames, listed *[]string) []Input {
	var inputs []Input
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
		w := walker{left: left, listed: listed}
		w.dir(p, info, false)
		if len(w.inputs) == 0 && noGames != nil {
			*noGames = append(*noGames, p)
		}
		inputs = append(inputs, w.inputs...)
	}
	return inputs
}

// walker lists the game files under a directory named on the command line,
// and in left those it leaves out that may be meant as games (see LeftOut).
//
// It follows links to directories as it follows links to files: an archive
// kept in one tree and shown in another by links (a month linked into a
// year, "latest" linked to a month) is read through them, as it is when the
// link is named on the command line. Not a link up its own tree ("..", "/"),
// which would read the parent around the directory named (see linkUp), and
// not a directory entered already in this walk, known by its device and
// inode (os.SameFile): a second link to it, or a loop of links. Each such
// link is named in left with the reason, so that no skip is silent.
//
// An entry it cannot read (a directory it cannot list, a link to nowhere or
// in a loop, a file it cannot open) is an input carrying its error: the
// run reports each by its own path, counts it once among the inputs that
// could not be read, and lists it in --out's manifest as failed, so that
// --resume tries it again.
type walker struct {
	left   *[]LeftOut
	listed *[]string // the directories listed whole, when not nil
	inputs []Input
	dirs   []walkedDir // every directory entered, in order
	linked []int       // those entered through a link, by index in dirs
	open   []int       // those the walk is in, by index in dirs
}

type walkedDir struct {
	path string // as the walk entered it
	info os.FileInfo
}

// entered finds the directory info describes among those entered. Through
// a link, any may come again; without one, only those entered through a
// link, or one the walk is in (a bind mount of an ancestor), so that the
// directories of an archive without links are not compared with each other.
func (w *walker) entered(info os.FileInfo, viaLink bool) (int, bool) {
	match := func(i int) bool { return os.SameFile(w.dirs[i].info, info) }
	if viaLink {
		i := slices.IndexFunc(w.dirs, func(d walkedDir) bool { return os.SameFile(d.info, info) })
		return i, i >= 0
	}
	for _, ids := range [][]int{w.linked, w.open} {
		if k := slices.IndexFunc(ids, match); k >= 0 {
			return ids[k], true
		}
	}
	return 0, false
}

func (w *walker) dir(path string, info os.FileInfo, viaLink bool) {
	if i, seen := w.entered(info, viaLink); seen {
		reason := "the same directory as " + w.dirs[i].path + ", read already in this walk: read once, there"
		if slices.Contains(w.open, i) {
			reason = "the same directory as " + w.dirs[i].path + ", which holds it: not followed, as it would loop"
		}
		*w.left = append(*w.left, LeftOut{Path: path, Reason: reason, Dir: true})
		return
	}
	id := len(w.dirs)
	w.dirs = append(w.dirs, walkedDir{path, info})
	if viaLink {
		w.linked = append(w.linked, id)
	}
	w.open = append(w.open, id)
	defer func() { w.open = w.open[:len(w.open)-1] }()
	// On an error ReadDir still returns, sorted, the entries it read.
	entries, err := os.ReadDir(path)
	if err != nil {
		w.inputs = append(w.inputs, Input{Path: path, Size: -1, err: err})
	} else if w.listed != nil {
		*w.listed = append(*w.listed, path)
	}
	for _, e := range entries {
		w.entry(filepath.Join(path, e.Name()), e)
	}
}

func (w *walker) entry(path string, e fs.DirEntry) {
	if strings.HasPrefix(e.Name(), ".") {
		// Hidden files are skipped unread (editor backups, arbiter's own
		// temporary files), but one named as PGN arbiter reads is most
		// likely games hidden by mistake, so it is named.
		if !e.IsDir() && hiddenGamesName(e.Name()) {
			*w.left = append(*w.left, LeftOut{Path: path, Named: true,
				Reason: "the name says PGN, but the file is hidden (its name begins with '.') and a directory is read without its hidden files: name it to read it"})
		}
		return
	}
	info, err := os.Stat(path)
	if err != nil {
		w.inputs = append(w.inputs, Input{Path: path, Size: -1, err: err})
		return
	}
	link := e.Type()&fs.ModeSymlink != 0
	switch {
	case info.IsDir() && link:
		if up, ok := linkUp(path, info); ok {
			*w.left = append(*w.left, LeftOut{Path: path, Dir: true,
				Reason: "a link to " + up + ", a directory that holds it: not followed, as it would loop"})
			return
		}
		w.dir(path, info, true)
	case info.IsDir():
		w.dir(path, info, false)
	case info.Mode().IsRegular():
		w.file(path, info)
	}
}

func (w *walker) file(path string, info os.FileInfo) {
	ok := strings.EqualFold(filepath.Ext(path), ".pgn")
	why := ""
	if !ok {
		var err error
		if ok, why, err = sniffFile(path); err != nil {
			w.inputs = append(w.inputs, Input{Path: path, Size: info.Size(), err: err})
			return
		}
	}
	if ok {
		w.inputs = append(w.inputs, Input{Path: path, Size: info.Size()})
		return
	}
	named := namedAsGames(filepath.Base(path))
	if why == "" && named == "" {
		return
	}
	if why == "" {
		why = "the file is neither compressed with gzip, zstd or bzip2 nor text with games in its first bytes"
		if info.Size() == 0 {
			why = "the file is empty"
		}
		why = named + ", but " + why
	}
	*w.left = append(*w.left, LeftOut{Path: path, Reason: why, Named: named != ""})
}

// linkUp says whether the link at path points to target, a directory that
// holds the link ("..", ".", "/"), and returns its real path. Such a link
// would take a walk out of the directory named, up into all of its parent
// ("misc/loop -> .." reads the whole archive beside misc), before the
// directories visited stop it.
func linkUp(path string, target os.FileInfo) (string, bool) {
	abs, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return "", false
	}
	dir, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", false
	}
	for {
		if info, err := os.Stat(dir); err == nil && os.SameFile(info, target) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
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
// whether to take it; when it leaves out a file worth naming (a format
// arbiter does not read, a tar it would not read as games, arbiter's own
// findings), why says what it is.
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
	head = head[:n]
	if ff, bad := foreign(head); bad {
		return false, ff.name + ", which arbiter does not read", nil
	}
	if file, tar := tarFirstFile(head); tar {
		// A tar of PGN files is read, as when it is named; one of
		// compressed files (.pgn.gz) the run would refuse as binary data.
		_, bad := foreign(file)
		switch {
		case compression(file) != streamPlain || bad || bytes.IndexByte(file, 0) >= 0:
			return false, "a tar archive of compressed or binary files, which arbiter does not read (it reads a tar of PGN files): extract it", nil
		case !looksLikeGames(file):
			return false, "a tar archive whose first file does not look like games: name it to read it", nil
		}
		return true, "", nil
	}
	if isFindings(head) {
		return false, "arbiter's own findings (FILE:LINE:COL: severity code: message, as `arbiter check` writes them), not games: name it to read it", nil
	}
	return looksLikeGames(head), "", nil
}

// findingLine matches the start of a line of arbiter's findings in the text
// format (FILE:LINE:COL: severity code: message) or the github one.
var findingLine = regexp.MustCompile(`^(?:.+:[0-9]+:[0-9]+: (?:error|warning|info) [a-z][a-z0-9-]*: |::(?:error|warning|notice) file=)`)

// logLine matches a line arbiter writes on stderr, which `2>&1` puts among
// its findings: a log line in the console format or the summary.
var logLine = regexp.MustCompile(`^(?:[0-9]{2}:[0-9]{2}:[0-9]{2} (?:DBG|INF|WRN|ERR|FTL) |arbiter: )`)

// isFindings says whether head is arbiter's own findings, as
// `arbiter check DIR > DIR/findings.log` leaves them: every line a finding
// or a line of its log, one at least a finding. The findings quote moves
// and so look like games, thousands of junk games to the next run (the
// JSON forms, jsonl and sarif, are markup, which is never games).
func isFindings(head []byte) bool {
	lines := bytes.SplitAfter(bytes.TrimPrefix(head, []byte("\ufeff")), []byte("\n"))
	if last := lines[len(lines)-1]; len(lines) > 1 && !bytes.HasSuffix(last, []byte("\n")) {
		// Cut at the end of head: its start may be cut too.
		lines = lines[:len(lines)-1]
	}
	findings := 0
	for _, line := range lines {
		switch {
		case len(bytes.TrimSpace(line)) == 0, logLine.Match(line):
		case findingLine.Match(line):
			findings++
		default:
			return false
		}
	}
	return findings > 0
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
// stream or text with games in it: a PGN tag pair, a Scid ECO entry
// (parser.IsECO), a list of positions (EPD, a perft suite, FENs:
// parser.IsEPD), a first move ("1." then a square within a few bytes:
// "1. e4", "1.Sf3", "1. е2–е4"), or a few words that read as moves ("f3 e5
// g4 Qh4", "b2b3", "Кb1—c3"), which prose and code lack. JSON, HTML and XML
// are never games, however many moves they quote: arbiter's own reports
// (SARIF, JSON Lines, HTML) left in a directory it reads again are full of
// them.
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
	// A Scid ECO file ("A00a \"Start position\" *") opens with entries
	// that need not hold a move.
	return hasFirstMove(head) || moveWords(head) >= 3 || parser.IsECO(head) || parser.IsEPD(head)
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
