package bpf_test

import (
	"errors"
	"os"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

// TestAttachPerfEvents attaches a program to a page-fault sampling event
// (every fault) on every online CPU, takes faults, and checks that it
// fired, and no more once detached.
func TestAttachPerfEvents(t *testing.T) {
	counters := mustCounters(t, 1)
	prog := tickCounter(t, counters)
	attr := unix.PerfEventAttr{Type: unix.PERF_TYPE_SOFTWARE, Config: unix.PERF_COUNT_SW_PAGE_FAULTS, Sample: 1}
	links, err := bpf.AttachPerfEvents(prog, attr)
	bpftest.SkipIfUnsupported(t, err)
	if err != nil {
		t.Fatal(err)
	}
	total := func() (n uint64) {
		for _, v := range perCPU(t, counters) {
			n += v
		}
		return n
	}
	fault := func() {
		size := 16 * os.Getpagesize()
		mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < size; i += os.Getpagesize() {
			mem[i] = 1
		}
		unix.Munmap(mem)
	}
	for deadline := time.Now().Add(time.Minute); total() < 16; fault() {
		if time.Now().After(deadline) {
			t.Fatalf("a minute in, %d firings", total())
		}
	}
	if err := links.Close(); err != nil {
		t.Fatal(err)
	}
	after := total()
	fault()
	if later := total(); later != after {
		t.Errorf("still firing after Close: %d then %d", after, later)
	}
}

// TestCheckPerfEvent: the kernel opens a software event on CPU 0, and no
// event of a type no PMU has.
func TestCheckPerfEvent(t *testing.T) {
	sw := unix.PerfEventAttr{Type: unix.PERF_TYPE_SOFTWARE, Config: unix.PERF_COUNT_SW_CPU_CLOCK, Sample: 1000000}
	if err := bpf.CheckPerfEvent(sw, 0); err != nil {
		if errors.Is(err, unix.EACCES) || errors.Is(err, unix.EPERM) {
			t.Skip(err)
		}
		t.Fatalf("cpu-clock: %v", err)
	}
	bad := unix.PerfEventAttr{Type: 1 << 30, Sample: 1000000}
	if err := bpf.CheckPerfEvent(bad, 0); !errors.Is(err, unix.ENOENT) {
		t.Errorf("type %#x: %v, want ENOENT", bad.Type, err)
	}
}
