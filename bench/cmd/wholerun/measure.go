package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Case is one command measured on one input.
type Case struct {
	ID      string // input/via/tool, for -only and the logs
	Input   Input
	Via     string // how the input reaches the tool: file, stdin, zstd file, ...
	Tool    string // arbiter, pgn-extract, corentings
	Workers int    // arbiter's --workers; 0 for the peers
	Shell   string // the exact command, run by sh -c
	OutDir  string // emptied before each run, so every run writes afresh
	OKExits []int  // exit statuses that mean the run did its work
}

// Sample is one measured run.
type Sample struct {
	Wall      time.Duration // measured here, finer than time's 10 ms
	User, Sys float64       // seconds, from /usr/bin/time -v
	MaxRSSKiB int64
	Exit      int
	Games     int    // as the tool itself reported them; -1 when it says none
	Plies     int    // likewise
	Said      string // the tool's own summary line, if it prints one
}

// CPU is the processor time the run took, all cores added up.
func (s Sample) CPU() float64 { return s.User + s.Sys }

// measure runs c once under /usr/bin/time -v, its output kept in logDir.
func measure(c Case, timeBin, logDir string) (Sample, error) {
	if c.OutDir != "" {
		if err := os.RemoveAll(c.OutDir); err != nil {
			return Sample{}, err
		}
	}
	base := filepath.Join(logDir, strings.ReplaceAll(c.ID, "/", "_"))
	timeFile := base + ".time"
	stdout, err := os.Create(base + ".stdout")
	if err != nil {
		return Sample{}, err
	}
	defer stdout.Close()
	stderr, err := os.Create(base + ".stderr")
	if err != nil {
		return Sample{}, err
	}
	defer stderr.Close()

	cmd := exec.Command(timeBin, "-v", "-o", timeFile, "sh", "-c", c.Shell)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	start := time.Now()
	runErr := cmd.Run()
	wall := time.Since(start)
	if runErr != nil && cmd.ProcessState == nil {
		return Sample{}, fmt.Errorf("%s: %w", c.ID, runErr)
	}
	tf, err := os.Open(timeFile)
	if err != nil {
		return Sample{}, fmt.Errorf("%s: no report from %s: %w", c.ID, timeBin, err)
	}
	defer tf.Close()
	s, err := parseTimeV(tf)
	if err != nil {
		return Sample{}, fmt.Errorf("%s: %w", c.ID, err)
	}
	s.Wall = wall
	s.Said, s.Games, s.Plies = reportedCounts(base+".stdout", base+".stderr")
	return s, nil
}

// parseTimeV reads the fields of GNU time's verbose report that the
// benchmark uses. A command killed by a signal gets 128 plus its number as
// exit status, as a shell would say, rather than time's "Exit status: 0".
func parseTimeV(r io.Reader) (Sample, error) {
	var s Sample
	found, signal := 0, 0
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if n, ok := strings.CutPrefix(line, "Command terminated by signal "); ok {
			signal, _ = strconv.Atoi(n)
			continue
		}
		key, value, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		var err error
		switch key {
		case "User time (seconds)":
			s.User, err = strconv.ParseFloat(value, 64)
			found++
		case "System time (seconds)":
			s.Sys, err = strconv.ParseFloat(value, 64)
			found++
		case "Maximum resident set size (kbytes)":
			s.MaxRSSKiB, err = strconv.ParseInt(value, 10, 64)
			found++
		case "Exit status":
			s.Exit, err = strconv.Atoi(value)
		}
		if err != nil {
			return Sample{}, fmt.Errorf("time -v: %q: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return Sample{}, err
	}
	if found != 3 {
		return Sample{}, fmt.Errorf("time -v: user, system and max RSS lines not all found")
	}
	if signal != 0 {
		s.Exit = 128 + signal
	}
	return s, nil
}

// What each tool says it read: arbiter's summary, the corentings peer's
// last line. pgn-extract -s says nothing.
var (
	gamesRe = regexp.MustCompile(`(\d+) games read`)
	pliesRe = regexp.MustCompile(`(\d+) plies`)
)

// reportedCounts finds the last summary line in the tool's output files.
func reportedCounts(paths ...string) (said string, games, plies int) {
	games, plies = -1, -1
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if m := gamesRe.FindStringSubmatch(line); m != nil {
				said = strings.TrimSpace(line)
				games, _ = strconv.Atoi(m[1])
				plies = -1
				if m := pliesRe.FindStringSubmatch(line); m != nil {
					plies, _ = strconv.Atoi(m[1])
				}
			}
		}
	}
	return said, games, plies
}
