package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// output is where a command writes a file the user named. A regular file
// (or a new one) is written under a temporary name beside it and renamed over
// it once complete, so that no reader ever sees half a file and a failed run
// leaves the earlier file alone. Anything else that already exists there, such
// as /dev/null, a terminal or a named pipe, is written in place: renaming over
// it would replace the device with a file (and, run as root, break /dev/null
// for the whole machine). "-" is standard output.
type output struct {
	io.Writer
	file *os.File // nil for standard output
	tmp  string   // the temporary name, "" when written in place
	path string   // the target, as named by the user
	flag string   // the flag that named it, for messages
}

func createOutput(flag, path string, stdout io.Writer) (*output, error) {
	if path == "-" {
		return &output{Writer: stdout, path: path, flag: flag}, nil
	}
	// /dev/stdout and /dev/stderr name the streams this process already
	// holds, whatever they point to: a file the shell opened with > or >>
	// must be written through them, at their offset, not replaced.
	for _, std := range []*os.File{os.Stdout, os.Stderr} {
		if sameFile(path, std) {
			return &output{Writer: std, path: path, flag: flag}, nil
		}
	}
	target := path
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved // replace what a link points to, not the link
	}
	if target != path && descriptorPath(path) {
		// Another descriptor (/dev/fd/3): what it reaches was opened by
		// someone else, so it is appended to rather than replaced.
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", flag, path, unwrapPath(err))
		}
		return &output{Writer: f, file: f, path: path, flag: flag}, nil
	}
	if st, err := os.Stat(target); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return nil, fmt.Errorf("%s %s: is a directory", flag, path)
		}
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", flag, path, unwrapPath(err))
		}
		return &output{Writer: f, file: f, path: target, flag: flag}, nil
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", flag, path, unwrapPath(err))
	}
	return &output{Writer: f, file: f, tmp: f.Name(), path: target, flag: flag}, nil
}

// sameFile says whether path names the file f is open on.
func sameFile(path string, f *os.File) bool {
	a, err := os.Stat(path)
	if err != nil {
		return false
	}
	b, err := f.Stat()
	return err == nil && os.SameFile(a, b)
}

// unwrapPath drops the path a *PathError carries: the temporary name
// would only confuse, and the message names the target already.
func unwrapPath(err error) error {
	if cause := errors.Unwrap(err); cause != nil {
		return cause
	}
	return err
}

// abandon removes the temporary file of an output the process gives up on
// without finishing it.
func (o *output) abandon() {
	if o.tmp != "" {
		os.Remove(o.tmp)
	}
}

// finish completes the output: when keep is set the temporary file is synced
// and renamed over the target; otherwise it is removed. Written in place,
// there is nothing to undo.
func (o *output) finish(keep bool) error {
	if o.file == nil {
		return nil
	}
	if o.tmp == "" {
		if err := o.file.Close(); err != nil {
			return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
		}
		return nil
	}
	err := o.file.Chmod(0o644)
	if err == nil && keep {
		err = o.file.Sync()
	}
	if cerr := o.file.Close(); err == nil {
		err = cerr
	}
	if err == nil && keep {
		err = os.Rename(o.tmp, o.path)
	}
	if err != nil || !keep {
		os.Remove(o.tmp)
	}
	if err != nil {
		return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
	}
	return nil
}

// writeFile writes a whole file through an output.
func writeFile(flag, path string, write func(io.Writer) error) error {
	out, err := createOutput(flag, path, os.Stdout)
	if err != nil {
		return err
	}
	werr := write(out)
	if err := out.finish(werr == nil); werr == nil {
		return err
	}
	return werr
}

// descriptorPath says that path names an open descriptor (/dev/fd/3,
// /proc/self/fd/3, /proc/1234/fd/3), not a file that a link under /dev
// (a tmpfs in /dev/shm) leads to.
func descriptorPath(path string) bool {
	return strings.HasPrefix(path, "/dev/fd/") ||
		strings.HasPrefix(path, "/proc/") && filepath.Base(filepath.Dir(path)) == "fd"
}
