package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LockName is the lock file a run of arbiter check holds in its --out
// directory while it writes there (lockDir).
const LockName = "arbiter.lock"

// ErrDirInUse is the error (errors.Is) of NewParquetSink when another run
// is writing into the directory.
var ErrDirInUse = errors.New("in use by another arbiter run")

// errLocked is lockFile's error when another process holds the lock.
var errLocked = errors.New("locked")

// dirLock is the advisory lock of an output directory.
type dirLock struct{ f *os.File }

// lockDir takes dir's lock, an advisory lock on DIR/arbiter.lock that the
// system drops when the process ends, however it ends (on systems with
// flock(2): dirLocking), and writes the process id into the file. When
// another process holds it, the error names its pid and satisfies
// errors.Is(err, ErrDirInUse), and nothing in dir has been changed. The file
// stays when the lock is released: removing it could let a third run lock a
// new file while a second still holds the old one. Readers (arbiter stats)
// do not take the lock.
func lockDir(dir string) (*dirLock, error) {
	path := filepath.Join(dir, LockName)
	f, err := lockFile(path)
	if errors.Is(err, errLocked) {
		pid := ""
		if b, err := os.ReadFile(path); err == nil {
			if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && n > 0 {
				pid = fmt.Sprintf(" (pid %d)", n)
			}
		}
		return nil, fmt.Errorf("%s is %w%s: wait for it to end, or write to another directory", dir, ErrDirInUse, pid)
	}
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &dirLock{f: f}, nil
}

// release drops the lock (nil-safe, and safe to call twice).
func (l *dirLock) release() {
	if l == nil || l.f == nil {
		return
	}
	l.f.Close() // which drops the flock
	l.f = nil
}
