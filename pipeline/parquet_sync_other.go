//go:build !linux

package pipeline

import (
	"os"
	"runtime"
)

// dirSyncing says whether a directory can be opened and fsynced here: on
// Unix, where it makes renames durable; not on Windows or Plan 9.
const dirSyncing = runtime.GOOS != "windows" && runtime.GOOS != "plan9" && runtime.GOOS != "js" && runtime.GOOS != "wasip1"

// syncFS: no syncfs(2) here; syncFiles syncs file by file.
func syncFS([]string) (int, bool, error) { return 0, false, nil }

// startWriteback: no way to start writing out a range here; the sync
// before the rename writes it all.
func startWriteback(*os.File, int64, int64) {}
