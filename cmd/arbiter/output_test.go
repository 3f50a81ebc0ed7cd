package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// A named pipe stands for /dev/null and other special files: renaming a
// temporary file over it would replace it with a regular file.
func TestOutputToASpecialFileWritesInPlace(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := writeFile("-o", fifo, writeString("report\n")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "report\n" {
		t.Errorf("read %q from the pipe, want %q", s, "report\n")
	}
	st, err := os.Lstat(fifo)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe became %v", st.Mode())
	}
	entries, _ := os.ReadDir(filepath.Dir(fifo))
	if len(entries) != 1 {
		t.Errorf("files beside the pipe: %d, want none", len(entries)-1)
	}
}

func TestOutputToDevNull(t *testing.T) {
	if err := writeFile("--report", os.DevNull, writeString("x")); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s is now %v", os.DevNull, st.Mode())
	}
}

// A link is followed: the file it points to is replaced, the link stays.
func TestOutputThroughASymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.md")
	link := filepath.Join(dir, "link.md")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlink: %v", err)
	}
	if err := writeFile("-o", link, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q, want %q", b, "new")
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone or replaced: %v %v", st, err)
	}
}

// A link under /dev that is no descriptor (a tmpfs in /dev/shm) leads to a
// file that is replaced as any other, not appended to.
func TestDescriptorPath(t *testing.T) {
	for path, want := range map[string]bool{
		"/dev/fd/3": true, "/proc/self/fd/3": true, "/proc/1234/fd/0": true,
		"/dev/shm/x/link.md": false, "/dev/null": false, "/proc/self/status": false, "/tmp/fd/3": false,
	} {
		if got := descriptorPath(path); got != want {
			t.Errorf("descriptorPath(%q) = %v, want %v", path, got, want)
		}
	}
}

// A failed write leaves the earlier file as it was and no temporary file.
func TestOutputFailureKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.html")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := writeFile("-o", path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return io.ErrUnexpectedEOF
	})
	if err != io.ErrUnexpectedEOF {
		t.Fatalf("err = %v, want the writer's", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("file holds %q, want %q", b, "old")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("%d files in the directory, want 1", len(entries))
	}
}

func TestOutputToADirectoryIsAnError(t *testing.T) {
	dir := t.TempDir()
	err := writeFile("-o", dir, writeString("x"))
	if err == nil || !strings.Contains(err.Error(), "-o "+dir+": is a directory") {
		t.Fatalf("err = %v", err)
	}
}

// With standard output sent to a file (as the shell's > and >> do),
// "--report /dev/stdout" writes the report after the findings and
// "-o /dev/stdout" appends to what the file held: the file is not replaced.
func TestOutputToDevStdoutRedirectedToAFile(t *testing.T) {
	if _, err := os.Stat("/dev/stdout"); err != nil {
		t.Skip("no /dev/stdout")
	}
	dir := t.TempDir()
	game := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(game, []byte("1. e4 e5 2. Nf3 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name, prefix string, args ...string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(prefix), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(binary, args...)
		cmd.Dir, cmd.Stdout = dir, f
		cmd.Run()
		f.Close()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	got := run("all.txt", "", "check", "--report", "/dev/stdout", "--format", "text", "g.pgn")
	if !strings.Contains(got, "g.pgn:1:1: warning tag-missing") || !strings.Contains(got, "arbiter statistics") {
		t.Errorf("findings and report in one file, got:\n%s", got)
	}
	got = run("log.txt", "PRE\n", "convert", "-q", "-o", "/dev/stdout", "g.pgn")
	if !strings.HasPrefix(got, "PRE\n") || !strings.Contains(got, "1. e4 e5 2. Nf3 *") {
		t.Errorf("appended to the file, got:\n%s", got)
	}
}
