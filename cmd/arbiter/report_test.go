package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckReport: the report check writes with --report holds the same
// numbers as the one stats reads back from the tables of the same run.
func TestCheckReport(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "broken.pgn", []byte(brokenGame))
	write(t, dir, "clean.pgn", []byte(cleanGame))
	r := arbiter(t, dir, nil, "check", "-q", "--format", "none", "--out", "tables", "--report", "report.json", "broken.pgn", "clean.pgn")
	if r.code != 1 {
		t.Fatalf("check: exit %d, stderr %s", r.code, r.stderr)
	}
	s := arbiter(t, dir, nil, "stats", "--format", "json", "tables")
	if s.code != 0 {
		t.Fatalf("stats: exit %d, stderr %s", s.code, s.stderr)
	}
	during, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var a, b map[string]any
	if err := json.Unmarshal(during, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(s.stdout), &b); err != nil {
		t.Fatal(err)
	}
	if a["games"] == nil || a["games"] != b["games"] {
		t.Errorf("games %v during the run, %v from the tables", a["games"], b["games"])
	}
	delete(a, "sources")
	delete(b, "sources")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("report during the run:\n%s\nfrom the tables:\n%s", ja, jb)
	}
}
