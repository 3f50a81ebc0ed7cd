package pgnsplit

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Every game of the big benchmark input has an Event tag, so there the
// splitter must find exactly one game per Event line, file by file.
func TestCountCorpusMatchesEventTags(t *testing.T) {
	corpus := os.Getenv("ARBITER_CORPUS")
	if corpus == "" {
		t.Skip("ARBITER_CORPUS not set")
	}
	files := 0
	for _, folder := range []string{"masters", "engine_tcec"} {
		root := filepath.Join(corpus, folder)
		if _, err := os.Stat(root); err != nil {
			t.Skipf("no %s: %v", root, err)
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			files++
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			got, err := Count(bytes.NewReader(data))
			if err != nil {
				return err
			}
			if want := eventLines(data); got != want {
				t.Errorf("%s: %d games, %d Event tags", p, got, want)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files == 0 {
		t.Fatal("no corpus files read")
	}
}

func eventLines(data []byte) int {
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		if bytes.HasPrefix(sc.Bytes(), []byte("[Event ")) {
			n++
		}
	}
	return n
}
