package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const timeV = `	Command being timed: "sh -c exec x"
	User time (seconds): 1.25
	System time (seconds): 0.50
	Percent of CPU this job got: 99%
	Elapsed (wall clock) time (h:mm:ss or m:ss): 0:01.76
	Maximum resident set size (kbytes): 40960
	Page size (bytes): 4096
	Exit status: 0
`

func TestParseTimeV(t *testing.T) {
	s, err := parseTimeV(strings.NewReader(timeV))
	if err != nil {
		t.Fatal(err)
	}
	if s.User != 1.25 || s.Sys != 0.5 || s.CPU() != 1.75 || s.MaxRSSKiB != 40960 || s.Exit != 0 {
		t.Fatalf("got %+v", s)
	}
}

func TestParseTimeVNonZeroExit(t *testing.T) {
	in := "Command exited with non-zero status 3\n" + strings.Replace(timeV, "Exit status: 0", "Exit status: 3", 1)
	s, err := parseTimeV(strings.NewReader(in))
	if err != nil || s.Exit != 3 {
		t.Fatalf("got %+v, %v; want exit 3", s, err)
	}
}

func TestParseTimeVSignalWinsOverExitStatus(t *testing.T) {
	s, err := parseTimeV(strings.NewReader("Command terminated by signal 9\n" + timeV))
	if err != nil || s.Exit != 137 {
		t.Fatalf("got %+v, %v; want exit 137", s, err)
	}
}

func TestParseTimeVRejectsIncompleteReports(t *testing.T) {
	in := strings.Replace(timeV, "Maximum resident set size (kbytes): 40960\n", "", 1)
	if _, err := parseTimeV(strings.NewReader(in)); err == nil {
		t.Fatal("a report without max RSS was accepted")
	}
	if _, err := parseTimeV(strings.NewReader(strings.Replace(timeV, "1.25", "x", 1))); err == nil {
		t.Fatal("a report with an unreadable user time was accepted")
	}
}

func TestReportedCounts(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "stdout")
	errs := filepath.Join(dir, "stderr")
	os.WriteFile(out, []byte("corentings: 10 games read, 9 replayed, 1 failed, 700 plies\n"), 0o644)
	os.WriteFile(errs, []byte("noise\narbiter: 1 file, 12 games read, 12 records written, 900 plies: 0 errors in 1s\n"), 0o644)
	said, games, plies := reportedCounts(out, errs)
	if said != "arbiter: 1 file, 12 games read, 12 records written, 900 plies: 0 errors in 1s" || games != 12 || plies != 900 {
		t.Fatalf("got %q %d %d", said, games, plies)
	}
	said, games, plies = reportedCounts(errs[:len(errs)-1]+"missing", filepath.Join(dir, "none"))
	if said != "" || games != -1 || plies != -1 {
		t.Fatalf("nothing said: got %q %d %d", said, games, plies)
	}
}
