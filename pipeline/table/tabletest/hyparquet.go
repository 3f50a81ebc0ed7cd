// Package tabletest reads Parquet files back with a reader that shares no code
// with arrow-go (the JavaScript library hyparquet, run by node), so that tests
// of the table writers check the files themselves rather than one library
// agreeing with itself.
package tabletest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The pinned packages: hyparquet reads, hyparquet-compressors brings zstd.
var packages = []string{"hyparquet@1.33.0", "hyparquet-compressors@1.1.2"}

//go:embed readparquet.mjs
var script []byte

// File is one Parquet file as hyparquet reads it.
type File struct {
	NumRows   int      `json:"num_rows"`
	RowGroups int      `json:"row_groups"`
	Codecs    []string `json:"codecs"`
	// Encodings are the page encodings of each leaf column (by dotted path),
	// over all row groups.
	Encodings map[string][]string `json:"encodings"`
	// Metadata is the file's key-value metadata, without the stored Arrow schema.
	Metadata map[string]string `json:"metadata"`
	Schema   []Column          `json:"schema"`
	// Rows hold JSON values: int32 as json.Number, int64 and uint64 as decimal
	// strings, dates and timestamps as ISO 8601 strings, lists as []any.
	Rows []map[string]any `json:"rows"`
}

// Column is one element of the Parquet schema (groups included, the root not).
type Column struct {
	Name       string         `json:"name"`
	Type       string         `json:"type"`
	Repetition string         `json:"repetition"`
	Converted  string         `json:"converted"`
	Logical    map[string]any `json:"logical"`
}

// Column returns the schema element named name, or nil.
func (f *File) Column(name string) *Column {
	for i := range f.Schema {
		if f.Schema[i].Name == name {
			return &f.Schema[i]
		}
	}
	return nil
}

// Read reads the files with hyparquet. It installs hyparquet from the npm
// registry into a cache directory the first time, and skips the test when
// node or npm is missing or the install fails.
func Read(t testing.TB, paths ...string) []File {
	t.Helper()
	dir := install(t)
	cmd := exec.Command("node", append([]string{filepath.Join(dir, "readparquet.mjs")}, paths...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("hyparquet could not read %v: %v\n%s", paths, err, stderr.String())
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	var files []File
	if err := dec.Decode(&files); err != nil {
		t.Fatalf("hyparquet output: %v", err)
	}
	return files
}

// cacheDir is where the packages live between test runs: $ARBITER_NPM_CACHE,
// or arbiter-npm in the user's cache directory.
func cacheDir() (string, error) {
	if d := os.Getenv("ARBITER_NPM_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "arbiter-npm"), nil
}

func install(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: the independent Parquet reader (hyparquet) cannot run")
	}
	cache, err := cacheDir()
	if err != nil {
		t.Skipf("no cache directory for hyparquet: %v", err)
	}
	// One directory per set of pinned versions, never changed once in place.
	dir := filepath.Join(cache, strings.ReplaceAll(strings.Join(packages, "+"), "@", "-"))
	if !installed(dir) {
		if _, err := exec.LookPath("npm"); err != nil {
			t.Skip("npm is not installed: cannot install the independent Parquet reader (hyparquet)")
		}
		if err := npmInstall(cache, dir); err != nil {
			t.Skipf("could not install hyparquet from the npm registry: %v", err)
		}
	}
	// The script is rewritten every time so that an edit to it takes effect;
	// node resolves its imports from the node_modules beside it.
	tmp, err := os.CreateTemp(dir, ".readparquet-*.mjs")
	if err != nil {
		t.Fatal(err)
	}
	_, err = tmp.Write(script)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, "readparquet.mjs"))
	}
	if err != nil {
		os.Remove(tmp.Name())
		t.Fatal(err)
	}
	return dir
}

func installed(dir string) bool {
	for _, p := range packages {
		name, version, _ := strings.Cut(p, "@")
		b, err := os.ReadFile(filepath.Join(dir, "node_modules", name, "package.json"))
		if err != nil {
			return false
		}
		var meta struct{ Version string }
		if json.Unmarshal(b, &meta) != nil || meta.Version != version {
			return false
		}
	}
	return true
}

// npmInstall installs into a fresh directory and renames it to dir, so that
// test binaries running at once never see half an install: the first rename
// wins and the others find dir in place.
func npmInstall(cache, dir string) error {
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	stage, err := os.MkdirTemp(cache, ".install-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	args := append([]string{"install", "--prefix", stage, "--no-audit", "--no-fund", "--no-save", "--loglevel=error"}, packages...)
	if out, err := exec.Command("npm", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("npm %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	if err := os.Rename(stage, dir); err != nil && !installed(dir) {
		return err
	}
	return nil
}
