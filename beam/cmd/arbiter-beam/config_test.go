package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/beam/arbeam"
)

// TestApplyConfig: --config gives the check options the command line does
// not, with arbiter check's precedence, and a bad file is an error at its
// line and column.
func TestApplyConfig(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ci.json")
	if err := os.WriteFile(file, []byte(`{"rules": "ussr", "fail-on": "warning", "disable": ["tag-missing", "clock-inconsistent"], "severity": {"null-move": "error"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"disable\": [\"tag-mising\"]\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	none := func(string) bool { return false }

	c := arbeam.CheckFlags{Rules: "fide"}
	if err := applyConfig(file, none, &c); err != nil {
		t.Fatal(err)
	}
	want := arbeam.CheckFlags{Rules: "ussr", Disable: []string{"tag-missing", "clock-inconsistent"}, Severity: []string{"null-move=error"}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("file alone: %+v, want %+v", c, want)
	}

	// The command line's --rules and its codes win; the file's other codes stay.
	c = arbeam.CheckFlags{Rules: "fide", Enable: []string{"tag-missing"}}
	if err := applyConfig(file, func(name string) bool { return name == "rules" }, &c); err != nil {
		t.Fatal(err)
	}
	want = arbeam.CheckFlags{Rules: "fide", Enable: []string{"tag-missing"}, Disable: []string{"clock-inconsistent"}, Severity: []string{"null-move=error"}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("flags over the file: %+v, want %+v", c, want)
	}

	// No file: nothing changes.
	c = arbeam.CheckFlags{Rules: "fide"}
	if err := applyConfig("", none, &c); err != nil || !reflect.DeepEqual(c, arbeam.CheckFlags{Rules: "fide"}) {
		t.Errorf("no file: %+v, %v", c, err)
	}

	err := applyConfig(bad, none, &c)
	if err == nil || !strings.Contains(err.Error(), `--config: `+bad+`:2:15: unknown rule code "tag-mising" (did you mean tag-missing?)`) {
		t.Errorf("bad file: %v", err)
	}
}
