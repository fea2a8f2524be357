package tracefsdir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

func TestFind(t *testing.T) {
	testFind(t)
}

// TestFindMounts finds tracefs as on a machine that has just booted: Find
// mounts it, once.
func TestFindMounts(t *testing.T) {
	if !bpftest.WithoutTracefs(t) {
		return
	}
	testFind(t)
	if n := tracefsMounts(t); n != 1 {
		t.Errorf("%d tracefs mounts after finding it twice, want 1", n)
	}
}

func testFind(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting tracefs needs root")
	}
	for range 2 {
		dir, err := Find()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(filepath.Join(dir, "events")); err != nil {
			t.Fatalf("Find = %s: %v", dir, err)
		}
	}
}

func tracefsMounts(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/mounts")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[2] == "tracefs" {
			n++
		}
	}
	return n
}
