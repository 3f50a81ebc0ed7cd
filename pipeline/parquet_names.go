package pipeline

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxNameBytes bounds the input's name inside an output file name, well
// under the 255 bytes file systems allow.
const maxNameBytes = 100

// outputName is the file name of input number n's table files:
// "00003-lichess_2013-01.pgn.zst.parquet". The number (numberPrefix) keeps
// the files in input order when listed, and makes names of equal base names
// distinct.
func outputName(n int, input string) string {
	base := "stdin"
	if input != Stdin {
		base = filepath.Base(input)
	}
	var b strings.Builder
	for _, r := range base {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= maxNameBytes {
			break
		}
	}
	name := strings.TrimLeft(b.String(), ".")
	if name == "" {
		name = "input"
	}
	return numberPrefix(n) + "-" + name + ".parquet"
}

// numberPrefix writes n so that the names it begins sort as the numbers do,
// whatever follows the '-': five digits, zero-padded, up to 99999 (the names
// of every directory written so far); past that, a run of nines longer than
// any smaller number's prefix, then n in its own digits: 100000 is
// "99999100000", 1000000 "99999999999" + "1000000". A plain wider number
// would sort "100000-" before "10001-". The names of numbers under 100000
// stay as they were, and --resume keeps the names the manifest lists, so
// directories written before read and resume as they did.
func numberPrefix(n int) string {
	const width = 5
	s := fmt.Sprintf("%0*d", width, n)
	var prefix strings.Builder
	for w := width; len(s) > w; w++ {
		// The largest prefix of w digits: every number of more digits
		// sorts after every number of w, whose names continue with '-'.
		prefix.WriteString(strings.Repeat("9", w))
	}
	return prefix.String() + s
}

// partName is the file name of part n (from 1) of the tables named name
// (outputName): the first part has name itself, so that an input of one
// part is named as before parts, and part 2 is
// "00003-lichess_2013-01.pgn.zst.part00002.parquet". The part's number
// (numberPrefix) keeps the parts in order when listed, and after the first,
// as ".parquet" sorts before ".part".
func partName(name string, n int) string {
	if n <= 1 {
		return name
	}
	return strings.TrimSuffix(name, ".parquet") + ".part" + numberPrefix(n) + ".parquet"
}

// isOutputName matches the names outputName makes, and the part files of
// arbiter-beam (isPartName), which a run of arbiter check replaces as well.
func isOutputName(name string) bool {
	if isPartName(name) {
		return true
	}
	digits := 0
	for digits < len(name) && name[digits] >= '0' && name[digits] <= '9' {
		digits++
	}
	return digits >= 5 && strings.HasPrefix(name[digits:], "-") && strings.HasSuffix(name, ".parquet")
}

// isPartName matches the part-NNNNN.parquet files arbiter-beam writes: a
// run of arbiter check into a directory that holds a Beam run's output
// replaces them too, or stats would read both.
func isPartName(name string) bool {
	rest, ok := strings.CutPrefix(name, "part-")
	if !ok {
		return false
	}
	digits := 0
	for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
		digits++
	}
	return digits >= 5 && rest[digits:] == ".parquet"
}

// IsPiped says whether path names standard input or a pipe the shell
// opened (bash's <(cmd) is /dev/fd/63, zsh's /proc/self/fd/12): a stream
// gone once read, whose path names another stream in the next run, or
// none. It has no size or modification time to compare, and its path
// says nothing of what it held.
func IsPiped(path string) bool {
	if path == Stdin || path == "/dev/stdin" {
		return true
	}
	rest, ok := strings.CutPrefix(path, "/dev/fd/")
	if !ok {
		// /proc/self/fd/N or /proc/PID/fd/N
		var proc string
		if proc, ok = strings.CutPrefix(path, "/proc/"); ok {
			var pid string
			pid, rest, ok = strings.Cut(proc, "/fd/")
			ok = ok && (pid == "self" || allDigits(pid))
		}
	}
	return ok && allDigits(rest)
}

// allDigits says whether s is a non-empty run of ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// tempName is where a file is written before it is renamed to path: hidden,
// and without the .parquet suffix, so no glob of the table reads it.
func tempName(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
}

// isTempName matches the names tempName makes.
func isTempName(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp")
}

// ColumnPath is an input path as the tables hold it in their file and
// game_id columns, which are STRING (UTF-8) columns: the path itself when
// it is valid UTF-8, as nearly every path is, else escapePath's form
// ("caf\xe9.pgn" becomes "caf%E9.pgn"), which stays one name per file, so
// that game_id stays a key, and which the manifest's path_escaped gives back.
func ColumnPath(p string) string {
	if utf8.ValidString(p) {
		return p
	}
	return escapePath(p)
}

// escapePath writes a path that is not valid UTF-8 in UTF-8 that gives it
// back (unescapePath): each byte that is not part of a UTF-8 sequence as
// %XX, and '%' as %25; the rest as it is ("caf%E9.pgn").
func escapePath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRuneInString(p[i:])
		switch {
		case r == utf8.RuneError && n == 1, r == '%':
			fmt.Fprintf(&b, "%%%02X", p[i])
		default:
			b.WriteString(p[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unescapePath reverses escapePath.
func unescapePath(e string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(e); i++ {
		if e[i] != '%' {
			b.WriteByte(e[i])
			continue
		}
		if i+2 >= len(e) {
			return "", fmt.Errorf("bad escaped path %q", e)
		}
		v, err := strconv.ParseUint(e[i+1:i+3], 16, 8)
		if err != nil {
			return "", fmt.Errorf("bad escaped path %q", e)
		}
		b.WriteByte(byte(v))
		i += 2
	}
	return b.String(), nil
}
