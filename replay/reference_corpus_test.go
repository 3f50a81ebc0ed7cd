package replay

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// eachReference decodes every record of python-chess's reference files
// (dir/*.jsonl.gz, one JSON object a game) into a fresh T and calls fn with
// it. It skips t when there are no such files.
func eachReference[T any](t *testing.T, dir string, fn func(r *T)) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl.gz"))
	if err != nil || len(files) == 0 {
		t.Skipf("no reference files in %s", dir)
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(nil, 1<<26)
		for sc.Scan() {
			var r T
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			fn(&r)
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		zr.Close()
		f.Close()
	}
}
