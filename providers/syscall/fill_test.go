package syscall

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
)

// TestFragment loads the fragments that fill only some fields of the
// probe context and checks those fields: getppid's entry, called with six
// distinct argument registers (the kernel ignores them, but they are in
// the saved registers), and a failed openat's return.
func TestFragment(t *testing.T) {
	ptest.Require(t, ebpf.RawTracepoint)
	r := newRegistry(t)
	probes := match(t, r, "syscall::getppid:entry", "syscall::openat:return", "syscall::read:entry")
	as, err := New(providers.System{}).Plan(probes)
	if err != nil {
		t.Fatal(err)
	}
	vals := [6]uint64{0x1111, 0x2222, 0x3333, 0x4444, 0x5555, 0x6666}
	missing, _ := unix.BytePtrFromString("/nonexistent/dtrace-go")
	cwd, enoent := unix.AT_FDCWD, int64(unix.ENOENT)
	uses := []abi.CtxUse{
		{}, {Errno: true}, abi.CtxUseAll(0), abi.CtxUseAll(abi.MaxArgs), {NArgs: abi.MaxArgs, Args: 1<<11 | 1<<10 | 1},
		{Args: 1 << 0}, {Args: 1 << 1}, {Args: 1 << 2}, {Args: 1 << 3}, {Args: 1 << 4}, {Args: 1 << 5},
		{Args: 1<<2 | 1<<3}, {Args: 1<<4 | 1<<5 | 1<<9}, {Args: 1<<0 | 1<<5}, {Args: 1<<1 | 1<<6, Errno: true},
		{Args: 1 << 8}, {Args: 0x3f},
	}
	for _, use := range uses {
		t.Run(fmt.Sprintf("slots%d_args%#x_errno%v", use.Slots(), use.Args, use.Errno), func(t *testing.T) {
			var progs []*ptest.Program
			for _, a := range as {
				frag, err := a.Fragment(use)
				if err != nil {
					t.Fatal(err)
				}
				b := *a
				b.Fragment = func(abi.CtxUse) (asm.Instructions, error) { return frag, nil }
				p := ptest.Load(t, &b, ptest.Options{OnlyMe: true})
				p.Attach(t, &b)
				progs = append(progs, p)
			}
			unix.Syscall6(unix.SYS_GETPPID, uintptr(vals[0]), uintptr(vals[1]), uintptr(vals[2]),
				uintptr(vals[3]), uintptr(vals[4]), uintptr(vals[5]))
			unix.Syscall6(unix.SYS_OPENAT, uintptr(cwd), uintptr(unsafe.Pointer(missing)), unix.O_RDONLY, 0, 0, 0)
			for _, p := range progs {
				p.Detach()
			}
			recs := records(t, progs)
			var entry, ret *ptest.Record
			for _, pr := range probes {
				for _, rec := range find(t, recs, pr) {
					switch {
					case pr.Function == "getppid" && rec.Args[0] == vals[0] || pr.Function == "getppid" && !use.Arg(0):
						entry = &rec
					case pr.Function == "openat":
						ret = &rec
					}
				}
			}
			if entry == nil || ret == nil {
				t.Fatalf("getppid:entry fired %v, openat:return %v", entry != nil, ret != nil)
			}
			for i := 0; i < use.Slots(); i++ {
				want := uint64(0)
				if i < 6 {
					want = vals[i]
				}
				if use.Arg(i) && entry.Args[i] != want {
					t.Errorf("getppid:entry arg%d = %#x, want %#x", i, entry.Args[i], want)
				}
				want = 0
				if i < 2 {
					want = uint64(-enoent)
				}
				if use.Arg(i) && ret.Args[i] != want {
					t.Errorf("openat:return arg%d = %#x, want %#x", i, ret.Args[i], want)
				}
			}
			if use.Errno && (entry.Errno != 0 || ret.Errno != int32(unix.ENOENT)) {
				t.Errorf("errno %d on entry and %d on return, want 0 and ENOENT", entry.Errno, ret.Errno)
			}
		})
	}
}

// TestFragmentCopiesNothingUnread checks that the entry fragment reads
// the saved registers only when an argument 0..5 is read, and then only
// the span of registers those arguments are in.
func TestFragmentCopiesNothingUnread(t *testing.T) {
	probes := []*providers.Probe{{ID: 1, Provider: "syscall", Function: "getppid", Name: Entry, Data: Probe{Nr: 110}}}
	for _, c := range []struct {
		use   abi.CtxUse
		reads int // bytes bpf_probe_read_kernel reads, 0: no call
	}{
		{abi.CtxUse{}, 0},
		{abi.CtxUse{Args: 1<<6 | 1<<9, Errno: true}, 0},
		{abi.CtxUse{Args: 1 << 0}, 8},
		{abi.CtxUse{Args: 1<<0 | 1<<1}, 16},
		{abi.CtxUse{Args: 1 << 3}, 8},
		{abi.CtxUse{Args: 1<<3 | 1<<0}, 64},
		{abi.CtxUseAll(0), 64},
		{abi.CtxUse{NArgs: abi.MaxArgs, Args: 1 << 11}, 0},
	} {
		frag, err := enterFragment(probes, c.use)
		if err != nil {
			t.Fatal(err)
		}
		reads := 0
		for i, ins := range frag {
			if ins.IsBuiltinCall() && ins.Constant == int64(asm.FnProbeReadKernel) {
				reads = int(frag[i-3].Constant) // r2 = size
			}
		}
		if reads != c.reads {
			t.Errorf("use %+v: reads %d bytes of registers, want %d:\n%v", c.use, reads, c.reads, frag)
		}
	}
}
