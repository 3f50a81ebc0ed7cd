package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/beam/arbeam"
	"github.com/arbiter-chess/arbiter/beam/internal/compare"
)

// build builds a package of the module in moduleDir into dir; extra flags
// go before the package.
func build(t *testing.T, dir, name, moduleDir, pkg string, flags ...string) string {
	t.Helper()
	out := filepath.Join(dir, name)
	args := append(append([]string{"build", "-o", out}, flags...), pkg)
	cmd := exec.Command("go", args...)
	cmd.Dir = moduleDir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	return out
}

// TestStrippedBinary runs a stripped arbiter-beam (it must find its DoFns
// by registration alone) on Prism with the check flags, and compares its
// tables with those of the arbiter command given the same flags.
func TestStrippedBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two binaries")
	}
	bin := t.TempDir()
	beamBin := build(t, bin, "arbiter-beam", ".", ".", "-ldflags=-s -w")
	// The command line is built in its own module, which does not know Beam.
	cliBin := build(t, bin, "arbiter", "../../..", "./cmd/arbiter")

	samples, _ := filepath.Glob("../../../parser/testdata/*.pgn")
	if len(samples) < 3 {
		t.Fatalf("found %d samples", len(samples))
	}
	var all bytes.Buffer
	for range 5 {
		for _, s := range samples {
			data, err := os.ReadFile(s)
			if err != nil {
				t.Fatal(err)
			}
			all.Write(data)
			all.WriteString("\n")
		}
	}
	data := t.TempDir()
	plain := filepath.Join(data, "all.pgn")
	if err := os.WriteFile(plain, all.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := append([]string{plain, "../../../pipeline/testdata/two-games.pgn.bz2"}, samples...)
	flags := []string{"--rules", "ussr", "--disable", "tag-missing,duplicate-game", "--moves"} // the Beam runner compares no games

	cliOut, beamOut := t.TempDir(), t.TempDir()
	cmd := exec.Command(cliBin, append(append([]string{"check", "--format", "none", "--out", cliOut}, flags...), inputs...)...)
	if msg, err := cmd.CombinedOutput(); err != nil {
		// Exit status 1 says there are findings; the output is written all the same.
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("arbiter check: %v\n%s", err, msg)
		}
	}
	cmd = exec.Command(beamBin, append(append([]string{"--output", beamOut, "--shard_size", "700",
		"--input", strings.Join(inputs[:2], ",")}, flags...), inputs[2:]...)...)
	msg, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("arbiter-beam: %v\n%s", err, msg)
	}
	sizes := compare.Tables(t, cliOut, beamOut, arbeam.Tables(true))
	if sizes["games"] < 20 || sizes["moves"] == 0 {
		t.Fatalf("rows: %v", sizes)
	}
	for _, line := range strings.Split(string(msg), "\n") {
		if strings.HasPrefix(line, "arbiter-beam:") || strings.HasPrefix(line, "  arbiter") {
			t.Log(line)
		}
	}
	if strings.Contains(string(msg), "arbiter.findings/tag-missing") {
		t.Error("--disable tag-missing did not reach the workers")
	}
}
