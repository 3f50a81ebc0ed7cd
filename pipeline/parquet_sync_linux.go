package pipeline

import (
	"errors"
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

const dirSyncing = true

// syncFS syncs the file systems of dirs, each once however many of dirs it
// holds (a table directory may be a link to another disk), and returns how
// many it synced; ok is false where the kernel has no syncfs(2), and the
// caller then syncs file by file.
func syncFS(dirs []string) (n int, ok bool, err error) {
	seen := map[uint64]bool{}
	for _, dir := range dirs {
		err := syncFSOf(dir, seen, &n)
		if errors.Is(err, syscall.ENOSYS) {
			return n, false, nil
		}
		if err != nil {
			return n, true, fmt.Errorf("syncing %s: %w", dir, err)
		}
	}
	return n, true, nil
}

func syncFSOf(dir string, seen map[uint64]bool, n *int) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return err
	}
	if seen[st.Dev] {
		return nil
	}
	seen[st.Dev] = true
	for {
		err = unix.Syncfs(int(f.Fd()))
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err == nil {
		*n++
	}
	return err
}

// startWriteback asks the kernel to start writing out n bytes of f from off,
// without waiting: a hint, whose failure changes nothing the later sync does.
func startWriteback(f *os.File, off, n int64) {
	_ = unix.SyncFileRange(int(f.Fd()), off, n, unix.SYNC_FILE_RANGE_WRITE)
}
