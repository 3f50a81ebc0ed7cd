package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestExpandGlobs(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"x[1].pgn", "x1.pgn", "a.pgn", "b.pgn"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		args, want []string
	}{
		{[]string{j("x[1].pgn")}, []string{j("x[1].pgn")}}, // an existing name is taken as written
		{[]string{j("?.pgn")}, []string{j("a.pgn"), j("b.pgn")}},
		{[]string{j("missing.pgn")}, []string{j("missing.pgn")}}, // reported by the run
	} {
		got, err := expandGlobs(tc.args)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("expandGlobs(%q) = %q, %v; want %q", tc.args, got, err, tc.want)
		}
	}
	if _, err := expandGlobs([]string{j("z*.pgn")}); err == nil {
		t.Error("a glob matching nothing is not an error")
	}
}
