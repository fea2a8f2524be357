package bpf_test

import (
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/rlimit"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

const recordSize = 64

func init() {
	// Kernels since 5.11 account BPF memory to cgroups; older ones need
	// the memlock rlimit lifted. Failure only matters on those.
	_ = rlimit.RemoveMemlock()
}

// mustLoad loads spec, skipping the test when the program type is missing.
func mustLoad(tb testing.TB, spec *ebpf.ProgramSpec) *ebpf.Program {
	tb.Helper()
	bpftest.RequireProgramType(tb, spec.Type)
	prog, err := bpf.Load(spec, nil)
	if err != nil {
		tb.Fatalf("%+v", err)
	}
	tb.Cleanup(func() { prog.Close() })
	return prog
}

func mustRingBuf(tb testing.TB, size int) *ebpf.Map {
	tb.Helper()
	return bpftest.RingBuf(tb, bpf.RingBufSize(size))
}

// mustCounters creates a per-CPU array of n u64 counters.
func mustCounters(tb testing.TB, n uint32) *ebpf.Map {
	tb.Helper()
	bpftest.RequireMapType(tb, ebpf.PerCPUArray)
	m, err := ebpf.NewMap(&ebpf.MapSpec{
		Name: "test_counters", Type: ebpf.PerCPUArray,
		KeySize: 4, ValueSize: 8, MaxEntries: n,
	})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { m.Close() })
	return m
}

func mustReader(tb testing.TB, m *ebpf.Map, interval time.Duration) *bpf.Reader {
	tb.Helper()
	r, err := bpf.NewReader(m, interval)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { r.Close() })
	return r
}

// incrementCounter increments the per-CPU counter key of counters. It
// clobbers R0-R5 and the stack slot at fp-4.
func incrementCounter(counters *ebpf.Map, key int32, done string) asm.Instructions {
	return asm.Instructions{
		asm.StoreImm(asm.RFP, -4, int64(key), asm.Word),
		asm.LoadMapPtr(asm.R1, counters.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -4),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, done),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
	}
}

// emitRecord writes a 64-byte record {pid_tgid, ktime, R7, R8, 0...} to
// rb with flags, counting a failure in counter 0 of drops. R7 and R8 must
// be set by the caller; R6 is preserved.
func emitRecord(rb, drops *ebpf.Map, flags int64) asm.Instructions {
	insns := asm.Instructions{
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(asm.RFP, -64, asm.R0, asm.DWord),
		asm.FnKtimeGetNs.Call(),
		asm.StoreMem(asm.RFP, -56, asm.R0, asm.DWord),
		asm.StoreMem(asm.RFP, -48, asm.R7, asm.DWord),
		asm.StoreMem(asm.RFP, -40, asm.R8, asm.DWord),
		asm.Mov.Imm(asm.R1, 0),
		asm.StoreMem(asm.RFP, -32, asm.R1, asm.DWord),
		asm.StoreMem(asm.RFP, -24, asm.R1, asm.DWord),
		asm.StoreMem(asm.RFP, -16, asm.R1, asm.DWord),
		asm.StoreMem(asm.RFP, -8, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, rb.FD()),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -64),
		asm.Mov.Imm(asm.R3, recordSize),
		asm.Mov.Imm(asm.R4, int32(flags)),
		asm.FnRingbufOutput.Call(),
		asm.JEq.Imm(asm.R0, 0, "exit"),
	}
	insns = append(insns, incrementCounter(drops, 0, "exit")...)
	return append(insns,
		asm.Mov.Imm(asm.R0, 0).WithSymbol("exit"),
		asm.Return(),
	)
}

// getppidProgram is a raw tracepoint program for sys_enter that emits a
// record for every getppid of this process, with R7 = the syscall number
// and R8 = 0.
func getppidProgram(tb testing.TB, rb, drops *ebpf.Map, flags int64) *ebpf.Program {
	tb.Helper()
	insns := asm.Instructions{
		asm.LoadMem(asm.R7, asm.R1, 8, asm.DWord), // args[1]: syscall id
		asm.JNE.Imm(asm.R7, unix.SYS_GETPPID, "exit"),
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.JNE.Imm(asm.R0, int32(os.Getpid()), "exit"),
		asm.Mov.Imm(asm.R8, 0),
	}
	insns = append(insns, emitRecord(rb, drops, flags)...)
	return mustLoad(tb, &ebpf.ProgramSpec{
		Name: "getppid_rec", Type: ebpf.RawTracepoint, License: "GPL",
		Instructions: insns,
	})
}

// triggerProgram is a raw tracepoint program to run with bpf.Trigger:
// it emits a record with R7 = args[0] and R8 = args[1], using the ring
// buffer flags in args[2].
func triggerProgram(tb testing.TB, rb, drops *ebpf.Map) *ebpf.Program {
	tb.Helper()
	insns := asm.Instructions{
		asm.LoadMem(asm.R7, asm.R1, 0, asm.DWord),
		asm.LoadMem(asm.R8, asm.R1, 8, asm.DWord),
		asm.LoadMem(asm.R6, asm.R1, 16, asm.DWord),
	}
	emit := emitRecord(rb, drops, 0)
	for i := range emit {
		// Take the flags from R6 rather than an immediate.
		if emit[i].OpCode == asm.Mov.Op(asm.ImmSource) && emit[i].Dst == asm.R4 {
			emit[i] = asm.Mov.Reg(asm.R4, asm.R6)
		}
	}
	insns = append(insns, emit...)
	return mustLoad(tb, &ebpf.ProgramSpec{
		Name: "trigger_rec", Type: ebpf.RawTracepoint, License: "GPL",
		Instructions: insns,
	})
}

// getppidLoop calls getppid n times from one OS thread and returns its
// thread id.
func getppidLoop(n int) int {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for range n {
		unix.Getppid()
	}
	return unix.Gettid()
}

// lockAndRun runs fn on a locked OS thread, passing it the thread's id.
func lockAndRun(fn func(tid int)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	fn(unix.Gettid())
}
