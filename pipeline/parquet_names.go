package pipeline

import (
	"fmt"
	"path/filepath"
	"strings"
)

// maxNameBytes bounds the input's name inside an output file name, well
// under the 255 bytes file systems allow.
const maxNameBytes = 100

// outputName is the file name of input number n's table files:
// "00003-lichess_2013-01.pgn.zst.parquet". The zero-padded number keeps the
// files in input order when listed, and makes names of equal base names
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
	return fmt.Sprintf("%05d-%s.parquet", n, name)
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

// tempName is where a file is written before it is renamed to path: hidden,
// and without the .parquet suffix, so no glob of the table reads it.
func tempName(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
}

// isTempName matches the names tempName makes.
func isTempName(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, ".tmp")
}
