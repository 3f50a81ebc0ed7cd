package pipeline

import (
	"runtime/debug"
	"sync"
)

// Version is this arbiter's version, as reports name the tool (SARIF's
// tool.driver.version): the module version when the binary was built from
// a tagged module (go install ...@v1.2.0), else "devel" and the commit the
// build stamped, "-dirty" when its tree had changes; "devel" alone when
// the build recorded neither (go test, -buildvcs=false).
var Version = sync.OnceValue(func() string {
	info, _ := debug.ReadBuildInfo()
	return versionOf(info)
})

func versionOf(info *debug.BuildInfo) string {
	if info == nil {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return "devel"
	}
	return "devel+" + rev[:min(len(rev), 12)] + dirty
}
