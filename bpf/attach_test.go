package bpf_test

import (
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
	if n, err := bpf.SumPerCPU(counters, 0); err != nil || n != 1000 {
		t.Fatalf("counted %d getppid, %v; want 1000", n, err)
	}
}

func TestAttachTracepoint(t *testing.T) {
	counters := mustCounters(t, 1)
	prog := countGetppid(t, ebpf.TracePoint, -1, counters)
	l, err := bpf.AttachTracepoint(prog, "syscalls", "sys_enter_getppid")
	bpftest.SkipIfUnsupported(t, err)
	getppidLoop(1000)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	getppidLoop(1000)
	if n, err := bpf.SumPerCPU(counters, 0); err != nil || n != 1000 {
		t.Fatalf("counted %d getppid, %v; want 1000", n, err)
	}
}

// tickCounter returns a perf event program counting firings per CPU.
func tickCounter(tb testing.TB, counters *ebpf.Map) *ebpf.Program {
	tb.Helper()
	insns := incrementCounter(counters, 0, "exit")
	insns = append(insns, asm.Mov.Imm(asm.R0, 0).WithSymbol("exit"), asm.Return())
	return mustLoad(tb, &ebpf.ProgramSpec{
		Name: "tick_count", Type: ebpf.PerfEvent, License: "GPL", Instructions: insns,
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

func TestAttachCPUClock(t *testing.T) {
	counters := mustCounters(t, 1)
	prog := tickCounter(t, counters)
	links, err := bpf.AttachCPUClock(prog, bpf.Sampling{Frequency: 1000})
	bpftest.SkipIfUnsupported(t, err)
	// Keep every CPU busy: here an idle vCPU's cpu-clock does not fire.
	spin(300 * time.Millisecond)
	if err := links.Close(); err != nil {
		t.Fatal(err)
	}
	after := perCPU(t, counters)
	time.Sleep(50 * time.Millisecond)
	if later := perCPU(t, counters); !equal(after, later) {
		t.Errorf("still firing after Close: %v then %v", after, later)
	}
	cpus, err := bpf.OnlineCPUs()
	if err != nil {
		t.Fatal(err)
	}
	for _, cpu := range cpus {
		// 300 expected; allow for a slow virtual timer.
		if after[cpu] < 100 || after[cpu] > 400 {
			t.Errorf("cpu %d: %d firings in 300ms at 1000 Hz", cpu, after[cpu])
		}
	}
	t.Logf("firings per cpu: %v", after)
}

func TestAttachTick(t *testing.T) {
	counters := mustCounters(t, 1)
	prog := tickCounter(t, counters)
	l, err := bpf.AttachTick(prog, bpf.Sampling{Period: 10 * time.Millisecond})
	bpftest.SkipIfUnsupported(t, err)
	time.Sleep(300 * time.Millisecond)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	vals := perCPU(t, counters)
	var firing int
	var total uint64
	for _, v := range vals {
		if v > 0 {
			firing++
		}
		total += v
	}
	if firing != 1 || total < 10 || total > 40 {
		t.Errorf("firings per cpu %v, want about 30 on one cpu", vals)
	}
}

func TestSamplingNeedsRate(t *testing.T) {
	if _, err := bpf.AttachCPUClockOn(nil, 0, bpf.Sampling{}); err == nil {
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
