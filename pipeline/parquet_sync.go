package pipeline

import (
	"fmt"
	"os"
)

// syncfsMin is the number of files from which syncFiles syncs their file
// systems whole rather than each file. An fsync costs a flush of the
// disk's cache, so that a run of many one-game inputs spent much of its
// time in two fsyncs an input; syncing the file system writes the files of
// all of them at once, with one flush. Below it, fsyncs are kept: a
// syncfs also writes what other programs left to be written on the same
// file system, which a run of a few large inputs need not wait for.
const syncfsMin = 16

// testHookSync, when set, hears of each sync: "syncfs" with the number of
// file systems and "fsync" with the number of files (syncFiles), "dir" for
// a directory (syncDir).
var testHookSync func(kind string, n int)

// syncFiles makes the files at paths, which are in the directories dirs,
// durable: with syncfs(2) once for each file system of dirs when there are
// syncfsMin files or more and the system has it, else with an fsync each.
func syncFiles(dirs, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	if len(paths) >= syncfsMin {
		n, ok, err := syncFS(dirs)
		if ok {
			if testHookSync != nil {
				testHookSync("syncfs", n)
			}
			return err
		}
	}
	if testHookSync != nil {
		testHookSync("fsync", len(paths))
	}
	for _, p := range paths {
		if err := syncFile(p); err != nil {
			return err
		}
	}
	return nil
}

func syncFile(p string) error { return syncPath(p, os.O_WRONLY) }

// syncPath opens p with flag, syncs it and closes it.
func syncPath(p string, flag int) error {
	f, err := os.OpenFile(p, flag, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("syncing %s: %w", p, err)
	}
	return nil
}

// syncDir makes the names in dir (files created, renamed or removed)
// durable, where the system allows a directory to be synced.
func syncDir(dir string) error {
	if !dirSyncing {
		return nil
	}
	if testHookSync != nil {
		testHookSync("dir", 1)
	}
	return syncPath(dir, os.O_RDONLY)
}
