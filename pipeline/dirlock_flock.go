//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package pipeline

import (
	"errors"
	"os"
	"syscall"
)

// dirLocking says whether lockDir keeps a second run out on this system.
const dirLocking = true

// lockFile opens and locks path with flock(2), LOCK_EX|LOCK_NB: a lock the
// kernel drops when the process ends, however it ends (kill -9 too), so
// that a lock file left behind never blocks a later run.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if errors.Is(err, os.ErrPermission) {
		// Left by another user in a directory this one may write to:
		// flock(2) locks a file open for reading too (no pid written then).
		f, err = os.Open(path)
	}
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, err
	}
	return f, nil
}
