package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Debian puts games under /usr/games, which a root shell's PATH may lack.
var extraBinDirs = []string{"/usr/games", "/usr/local/games"}

// lookTool finds a command on PATH or in the Debian games folders.
func lookTool(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, dir := range extraBinDirs {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// ensureDebian finds a command, installing its Debian package first when
// it is missing and we may (root, apt-get present). An empty result with a
// nil error means the command is absent and could not be installed.
func ensureDebian(command, pkg string) (string, error) {
	if p := lookTool(command); p != "" {
		return p, nil
	}
	if os.Geteuid() != 0 || lookTool("apt-get") == "" {
		return "", nil
	}
	logf("installing Debian package %s for %s", pkg, command)
	if err := aptInstall(pkg); err != nil {
		logf("apt-get install %s failed (%v); updating the package lists and trying again", pkg, err)
		if err := runQuiet(exec.Command("apt-get", "update")); err != nil {
			return "", fmt.Errorf("apt-get update: %w", err)
		}
		if err := aptInstall(pkg); err != nil {
			return "", fmt.Errorf("apt-get install %s: %w", pkg, err)
		}
	}
	return lookTool(command), nil
}

func aptInstall(pkg string) error {
	cmd := exec.Command("apt-get", "install", "-y", "--no-install-recommends", pkg)
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	return runQuiet(cmd)
}

// runQuiet runs cmd, showing its output only when it fails.
func runQuiet(cmd *exec.Cmd) error {
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%w\n%s", err, tail(out, 2000))
	}
	return nil
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(bytes.TrimSpace(b))
}

// goBuild builds a main package of the module in dir into out.
func goBuild(dir, pkg, out string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	return runQuiet(cmd)
}

// smokeCheck runs arbiter check on a small file, so that a command not yet
// finished is reported once instead of failing every measurement.
func smokeCheck(arbiter, work string) error {
	sample := filepath.Join(work, "smoke.pgn")
	game := "[Event \"smoke\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	if err := os.WriteFile(sample, []byte(game), 0o644); err != nil {
		return err
	}
	out := filepath.Join(work, "smoke.out")
	os.RemoveAll(out)
	cmd := exec.Command(arbiter, "check", "--out", out, "--workers", "1", "--format", "none", "--progress", "never", sample)
	output, err := cmd.CombinedOutput()
	if cmd.ProcessState != nil {
		if code := cmd.ProcessState.ExitCode(); code == 0 || code == 1 {
			return nil
		}
	}
	return fmt.Errorf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, tail(output, 2000))
}

// goModuleVersion reads the version of module mod linked into binary.
func goModuleVersion(binary, mod string) string {
	out, err := exec.Command("go", "version", "-m", binary).Output()
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && f[0] == "dep" && f[1] == mod {
			return f[2]
		}
	}
	return "?"
}

// debianVersion reads the installed version of a Debian package.
func debianVersion(pkg string) string {
	out, err := exec.Command("dpkg-query", "-W", "-f", "${Version}", pkg).Output()
	if err != nil || len(out) == 0 {
		return "?"
	}
	return string(out)
}
