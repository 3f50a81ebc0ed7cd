package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The advice must reach the kernel: /proc/self/smaps marks an advised
// mapping "hg" in its VmFlags.
func TestAdviseHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil {
		t.Skip("no transparent huge pages on this kernel:", err)
	}
	t.Logf("transparent_hugepage/enabled: %s", strings.TrimSpace(string(mode)))
	t.Setenv("GODEBUG", "")
	const n = 32 << 20
	start, end := adviseHugePages(n)
	if end-start < n-2*hugePage || start%hugePage != 0 || end%hugePage != 0 {
		t.Fatalf("advised [%#x, %#x), want an aligned range of at least %d bytes", start, end, n-2*hugePage)
	}
	if !advised(t, start, end) {
		t.Errorf("[%#x, %#x) is not marked hg in /proc/self/smaps", start, end)
	}
	t.Setenv("GODEBUG", "madvdontneed=1,disablethp=1")
	if start, end := adviseHugePages(n); start != 0 || end != 0 {
		t.Errorf("with GODEBUG disablethp=1, advised [%#x, %#x); want nothing", start, end)
	}
	if start, end := adviseHugePages(hugePage); start != 0 || end != 0 {
		t.Errorf("for one huge page's worth, advised [%#x, %#x); want nothing", start, end)
	}
}

func TestGodebugDisablesTHP(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"", false},
		{"disablethp=1", true},
		{"gctrace=1, disablethp=1", true},
		{"disablethp=0", false},
		{"disablethp=1,disablethp=0", false},
		{"xdisablethp=1", false},
		{"disablethp", false},
	} {
		if got := godebugDisablesTHP(c.in); got != c.want {
			t.Errorf("godebugDisablesTHP(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// advised says whether one mapping of /proc/self/smaps holds [start, end)
// and has the hg flag.
func advised(t *testing.T, start, end uintptr) bool {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	holds := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			holds = lo <= start && end <= hi
			continue
		}
		if flags, ok := strings.CutPrefix(line, "VmFlags:"); ok && holds {
			return strings.Contains(" "+flags+" ", " hg ")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return false
}

// mappingRange reads the address range at the start of a mapping's header
// line ("7f00-7f80 rw-p ..."); other lines are not headers.
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	r, _, _ := strings.Cut(line, " ")
	a, b, ok := strings.Cut(r, "-")
	if !ok {
		return 0, 0, false
	}
	x, err1 := strconv.ParseUint(a, 16, 64)
	y, err2 := strconv.ParseUint(b, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(x), uintptr(y), true
}
