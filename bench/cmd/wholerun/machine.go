package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// machine is what the report says about where and with what it ran.
type machine struct {
	date, cpuModel, memTotal, kernel, goVersion string
	cores                                       int
	loadBefore, loadAfter                       string
	arbiterCommit, corentingsVersion            string
	pgnExtractVersion, zstdVersion              string
}

func readMachine(cfg *config, b bins) machine {
	m := machine{
		date:       time.Now().UTC().Format("2006-01-02 15:04 MST"),
		cores:      runtime.NumCPU(),
		cpuModel:   procField("/proc/cpuinfo", "model name"),
		memTotal:   gibibytes(procField("/proc/meminfo", "MemTotal")),
		kernel:     strings.TrimSpace(readSmall("/proc/sys/kernel/osrelease")),
		goVersion:  commandLine("go", "version"),
		loadBefore: loadAverage(),
	}
	m.arbiterCommit = "commit " + commandLine("git", "-C", cfg.repoDir, "rev-parse", "--short", "HEAD")
	// diff-index only reads: the tree measured may hold work not yet committed.
	if exec.Command("git", "-C", cfg.repoDir, "diff-index", "--quiet", "HEAD", "--").Run() != nil {
		m.arbiterCommit += " with uncommitted changes"
	}
	if b.corentings != "" {
		m.corentingsVersion = goModuleVersion(b.corentings, "github.com/corentings/chess/v2")
	}
	if b.pgnExtract != "" {
		m.pgnExtractVersion = debianVersion("pgn-extract")
	}
	if b.zstd != "" {
		m.zstdVersion = strings.Trim(commandLine(b.zstd, "--version"), "* ")
	}
	return m
}

// procField returns the value of the first "key: value" line of a /proc file.
func procField(path, key string) string {
	f, err := os.Open(path)
	if err != nil {
		return "?"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

// gibibytes turns /proc/meminfo's "24683652 kB" into "23.5 GiB".
func gibibytes(kB string) string {
	n, err := strconv.ParseFloat(strings.TrimSuffix(kB, " kB"), 64)
	if err != nil {
		return kB
	}
	return fmt.Sprintf("%.1f GiB", n/(1<<20))
}

// loadAverage is the 1, 5 and 15 minute load of the machine.
func loadAverage() string {
	f := strings.Fields(readSmall("/proc/loadavg"))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func readSmall(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(b)
}

// commandLine is the first line a command prints, or "?".
func commandLine(name string, args ...string) string {
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		return "?"
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return line
}
