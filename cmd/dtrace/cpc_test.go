package main

import (
	"os"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hasHardwareCounters reports whether the kernel opens a hardware event
// (instructions) here: not in a virtual machine without a PMU.
func hasHardwareCounters() bool {
	attr := unix.PerfEventAttr{Type: unix.PERF_TYPE_HARDWARE, Config: unix.PERF_COUNT_HW_INSTRUCTIONS,
		Size: uint32(unsafe.Sizeof(unix.PerfEventAttr{})), Sample: 1000000000, Bits: unix.PerfBitDisabled}
	fd, err := unix.PerfEventOpen(&attr, -1, 0, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return false
	}
	unix.Close(fd)
	return true
}

// TestListCPC lists the cpc provider: EVENT-all-1000000000 for each event
// (the software ones at least), and under -v its attributes, no argument
// types, and a line that says so where there are no hardware counters.
func TestListCPC(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to open perf events")
	}
	r := run(t, "", "-l", "-P", "cpc")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("dtrace -l -P cpc: %v", r)
	}
	for _, name := range []string{"cpu_clock", "page_faults", "context_switches"} {
		if !strings.Contains(r.stdout, "        cpc                                                     "+name+"-all-1000000000\n") {
			t.Errorf("dtrace -l -P cpc lists no %s:\n%s", name, r.stdout)
		}
	}
	hw := hasHardwareCounters()
	if strings.Contains(r.stdout, " instructions-all-1000000000\n") != hw {
		t.Errorf("instructions listed: %v, with hardware counters: %v", !hw, hw)
	}

	r = run(t, "", "-lv", "-n", "cpc:::page_faults-user-100")
	if r.code != 0 {
		t.Fatalf("dtrace -lv: %v", r)
	}
	want := "        cpc                                                     page_faults-user-100\n\n" +
		"\tProbe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: Unknown\n\n" +
		"\tArgument Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: Common\n\n" +
		"\tArgument Types\n\t\tNone\n\n"
	if !strings.HasSuffix(r.stdout, want) {
		t.Errorf("dtrace -lv:\n%s\nwant it to end with\n%s", r.stdout, want)
	}
	note := "dtrace: cpc:::<hardware event>-<mode>-<count> is not available: this system has no hardware performance counters"
	if strings.HasPrefix(r.stderr, note) == hw || strings.Count(r.stderr, "\n") != map[bool]int{true: 0, false: 1}[hw] {
		t.Errorf("dtrace -lv, with hardware counters %v: stderr %q", hw, r.stderr)
	}
}
