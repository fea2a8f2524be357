package cli

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestListGolden")

// TestListGolden runs dtrace -l and -lv against the fixture system
// (providers/testdata/system: a copy of some tracefs files and a small
// BTF), without root, and compares what it prints with
// testdata/list/NAME.out: stdout, then "-- @@stderr --" and stderr, then
// the exit status. go test -run TestListGolden -update rewrites them.
func TestListGolden(t *testing.T) {
	missing := dtrace.Config{Tracefs: "testdata/list/nosuchdir", BTF: fixtureSystem.BTF, PMUs: fixtureSystem.PMUs}
	for _, c := range []struct {
		name string
		args string
		sys  dtrace.Config
	}{
		{"all", "-l", fixtureSystem},
		{"provider", "-l -P syscall", fixtureSystem},
		{"provider-glob", "-l -P s*", fixtureSystem},
		{"module", "-l -m sched", fixtureSystem},
		{"module-provider", "-l -m rawtp:s*", fixtureSystem},
		{"function", "-l -f read", fixtureSystem},
		{"function-module", "-l -f syscall::*e", fixtureSystem},
		{"name", "-l -n entry", fixtureSystem},
		{"name-glob", "-l -n sdt:::*_[es]*", fixtureSystem},
		{"name-func", "-l -n open*:return", fixtureSystem},
		{"id", "-l -i 20", fixtureSystem},
		{"id-none", "-l -i 999999", fixtureSystem},
		{"script", "-l -s testdata/list/script.d", fixtureSystem},
		{"several", "-l -P dtrace -n syscall::read:entry -i 5 -m irq", fixtureSystem},
		{"nomatch", "-l -n nosuch -n BEGIN -P nosuchprovider", fixtureSystem},
		{"on-demand", "-l -n tick-1s -n profile:::profile-1234", fixtureSystem},
		{"verbose", "-lv -n BEGIN -n syscall::openat: -n sdt:sched::sched_switch -n profile-97 -n perf:skb::", fixtureSystem},
		{"verbose-all", "-lv", fixtureSystem},
		{"cpc", "-l -P cpc", fixtureSystem},
		{"cpc-verbose", "-lv -n cpc:::cpu_clock-kernel-1000000 -n cpc:::instructions-all-10000000", fixtureSystem},
		{"no-tracefs", "-l", missing},
		{"no-tracefs-match", "-l -n sched_switch -n syscall::read:entry", missing},
	} {
		t.Run(c.name, func(t *testing.T) {
			useSystem(t, c.sys)
			var stdout, stderr bytes.Buffer
			st := Run(append([]string{"dtrace"}, strings.Fields(c.args)...), &stdout, &stderr)
			got := fmt.Sprintf("%s-- @@stderr --\n%s-- exit %d --\n", stdout.String(), stderr.String(), st)
			path := filepath.Join("testdata", "list", c.name+".out")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("dtrace %s:\n%s\nwant:\n%s", c.args, got, want)
			}
		})
	}
}

// An id no probe has is an invalid probe description wherever it is
// given, -Z or not (dt_node_pdesc_by_id), and the message names it.
func TestUnknownID(t *testing.T) {
	useSystem(t, fixtureSystem)
	for _, args := range [][]string{{"-l", "-i", "999999"}, {"-l", "-n", "999999"}, {"-e", "-Z", "-i", "999999"}, {"-e", "-n", "999999 {}"}} {
		var stdout, stderr bytes.Buffer
		st := Run(append([]string{"dtrace"}, args...), &stdout, &stderr)
		if st != 1 || !strings.Contains(stderr.String(), ": invalid probe identifier 999999: No probe matches description\n") {
			t.Errorf("dtrace %v: exit %d, stderr %q", args, st, stderr.String())
		}
	}
}

// TestListGC checks that listing every probe turns the collector off,
// under a memory limit that keeps a lower one of the user's, and puts
// both back.
func TestListGC(t *testing.T) {
	percent := debug.SetGCPercent(100)
	defer debug.SetGCPercent(percent)
	limit := debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(limit)
	restore := listGC()
	if p := debug.SetGCPercent(-1); p != -1 {
		t.Errorf("GC percent %d while listing, want -1", p)
	}
	if l := debug.SetMemoryLimit(-1); l != 64<<20 {
		t.Errorf("memory limit %d while listing, want the user's %d", l, 64<<20)
	}
	restore()
	if p := debug.SetGCPercent(100); p != 100 {
		t.Errorf("GC percent %d after listing, want 100", p)
	}
	if l := debug.SetMemoryLimit(-1); l != 64<<20 {
		t.Errorf("memory limit %d after listing, want %d", l, 64<<20)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	restore = listGC()
	if l := debug.SetMemoryLimit(-1); l != listMemoryLimit {
		t.Errorf("memory limit %d while listing, want %d", l, listMemoryLimit)
	}
	restore()
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("memory limit %d after listing, want none", l)
	}
}
