//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package pipeline

import "os"

// dirLocking says whether lockDir keeps a second run out on this system:
// not here, where there is no flock(2); the lock file is written all the
// same, for the pid it names.
const dirLocking = false

func lockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
}
