package bpf_test

import (
	"errors"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

// countGetppid returns a program of type pt counting this process's
// getppid calls in counter 0. idOff is where the syscall number is in the
// context, or -1 when the attachment point is getppid alone.
func countGetppid(tb testing.TB, pt ebpf.ProgramType, idOff int16, counters *ebpf.Map) *ebpf.Program {
	tb.Helper()
	var insns asm.Instructions
	if idOff >= 0 {
		insns = append(insns,
			asm.LoadMem(asm.R2, asm.R1, idOff, asm.DWord),
			asm.JNE.Imm(asm.R2, unix.SYS_GETPPID, "exit"),
		)
	}
	insns = append(insns,
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.JNE.Imm(asm.R0, int32(os.Getpid()), "exit"),
	)
	insns = append(insns, incrementCounter(counters, 0, "exit")...)
	insns = append(insns, asm.Mov.Imm(asm.R0, 0).WithSymbol("exit"), asm.Return())
	return mustLoad(tb, &ebpf.ProgramSpec{
		Name: "count_getppid", Type: pt, License: "GPL", Instructions: insns,
	})
}

func TestAttachRawTracepoint(t *testing.T) {
	counters := mustCounters(t, 1)
	prog := countGetppid(t, ebpf.RawTracepoint, 8, counters)
	l, err := bpf.AttachRawTracepoint(prog, "sys_enter")
	bpftest.SkipIfUnsupported(t, err)
	getppidLoop(1000)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	getppidLoop(1000) // detached: not counted
	if n := bpftest.SumPerCPU(t, counters, 0); n != 1000 {
		t.Fatalf("counted %d getppid, want 1000", n)
	}
}

func TestAttachTracepoint(t *testing.T) {
	testAttachTracepoint(t)
}

// TestAttachTracepointWithoutTracefs attaches a tracepoint as on a machine
// that has just booted: AttachTracepoint mounts tracefs itself.
func TestAttachTracepointWithoutTracefs(t *testing.T) {
	if !bpftest.WithoutTracefs(t) {
		return
	}
	testAttachTracepoint(t)
}

func testAttachTracepoint(t *testing.T) {
	counters := mustCounters(t, 1)
	prog := countGetppid(t, ebpf.TracePoint, -1, counters)
	l, err := bpf.AttachTracepoint(prog, "syscalls", "sys_enter_getppid")
	bpftest.SkipIfUnsupported(t, err)
	getppidLoop(1000)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	getppidLoop(1000)
	if n := bpftest.SumPerCPU(t, counters, 0); n != 1000 {
		t.Fatalf("counted %d getppid, want 1000", n)
	}
}

func TestAttachTracepointNames(t *testing.T) {
	prog := countGetppid(t, ebpf.TracePoint, -1, mustCounters(t, 1))
	for _, c := range []struct{ group, name string }{
		{"syscalls", "../../../etc/passwd"},
		{"..", "sys_enter_getppid"},
		{"", "sys_enter_getppid"},
		{"syscalls", ""},
	} {
		if l, err := bpf.AttachTracepoint(prog, c.group, c.name); err == nil {
			l.Close()
			t.Errorf("AttachTracepoint(%q, %q) attached", c.group, c.name)
		}
	}
	_, err := bpf.AttachTracepoint(prog, "syscalls", "sys_enter_no_such_call")
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a tracepoint the kernel lacks: %v, want os.ErrNotExist", err)
	}
}

// tickCounter returns a perf event program counting firings per CPU.
func tickCounter(tb testing.TB, counters *ebpf.Map) *ebpf.Program {
	return runCounter(tb, ebpf.PerfEvent, counters)
}

// runCounter returns a program of type pt counting its runs per CPU.
func runCounter(tb testing.TB, pt ebpf.ProgramType, counters *ebpf.Map) *ebpf.Program {
	tb.Helper()
	insns := incrementCounter(counters, 0, "exit")
	insns = append(insns, asm.Mov.Imm(asm.R0, 0).WithSymbol("exit"), asm.Return())
	return mustLoad(tb, &ebpf.ProgramSpec{
		Name: "run_count", Type: pt, License: "GPL", Instructions: insns,
	})
}

func perCPU(tb testing.TB, m *ebpf.Map) []uint64 {
	tb.Helper()
	var vals []uint64
	if err := m.Lookup(uint32(0), &vals); err != nil {
		tb.Fatal(err)
	}
	return vals
}

// TestAttachCPUClock checks that the program fires on every online CPU
// and no more once detached. It does not check the rate: a loaded machine
// delays the timers.
func TestAttachCPUClock(t *testing.T) {
	counters := mustCounters(t, 1)
	prog := tickCounter(t, counters)
	links, err := bpf.AttachCPUClock(prog, bpf.Sampling{Frequency: 1000})
	bpftest.SkipIfUnsupported(t, err)
	cpus, err := bpf.OnlineCPUs()
	if err != nil {
		t.Fatal(err)
	}
	// Keep every CPU busy until each has fired a few times: here an idle
	// vCPU's cpu-clock does not fire.
	const want = 3
	firing := func() bool {
		vals := perCPU(t, counters)
		for _, cpu := range cpus {
			if vals[cpu] < want {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(time.Minute); !firing(); spin(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("a minute in, not every cpu fired %d times: %v", want, perCPU(t, counters))
		}
	}
	if err := links.Close(); err != nil {
		t.Fatal(err)
	}
	after := perCPU(t, counters)
	spin(50 * time.Millisecond)
	if later := perCPU(t, counters); !equal(after, later) {
		t.Errorf("still firing after Close: %v then %v", after, later)
	}
	t.Logf("firings per cpu: %v", after)
}

func TestSamplingNeedsRate(t *testing.T) {
	if _, err := bpf.AttachCPUClock(nil, bpf.Sampling{}); err == nil {
		t.Fatal("no error without frequency or period")
	}
}

// spin keeps all CPUs busy for d.
func spin(d time.Duration) {
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(stop) {
			}
		}()
	}
	wg.Wait()
}

func equal(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
