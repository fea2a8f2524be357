package bpf_test

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

const libcPath = "/lib/x86_64-linux-gnu/libc.so.6"

// fileOffset returns the offset in the file of the object at path of its
// symbol name (of .dynsym, else .symtab).
func fileOffset(tb testing.TB, path, name string) uint64 {
	tb.Helper()
	f, err := elf.Open(path)
	if err != nil {
		tb.Skipf("%s: %v", path, err)
	}
	defer f.Close()
	syms, _ := f.DynamicSymbols()
	full, _ := f.Symbols()
	for _, s := range append(syms, full...) {
		if s.Name != name || s.Section == elf.SHN_UNDEF {
			continue
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_LOAD && s.Value >= p.Vaddr && s.Value-p.Vaddr < p.Filesz {
				return s.Value - p.Vaddr + p.Off
			}
		}
	}
	tb.Fatalf("%s: no %s", path, name)
	return 0
}

// cookieCounter loads a uprobe program (for uprobe_multi links when multi
// is set) that counts its firings in counters by cookie.
func cookieCounter(tb testing.TB, counters *ebpf.Map, multi bool) *ebpf.Program {
	tb.Helper()
	spec := &ebpf.ProgramSpec{
		Type: ebpf.Kprobe,
		Instructions: asm.Instructions{
			asm.FnGetAttachCookie.Call(),
			asm.StoreMem(asm.RFP, -4, asm.R0, asm.Word),
			asm.LoadMapPtr(asm.R1, counters.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -4),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, "out"),
			asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
			asm.Add.Imm(asm.R1, 1),
			asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
			asm.Mov.Imm(asm.R0, 0).WithSymbol("out"),
			asm.Return(),
		},
		License: "GPL",
	}
	if multi {
		spec.AttachType = ebpf.AttachTraceUprobeMulti
	}
	return mustLoad(tb, spec)
}

// caller builds and starts a program that calls getppid n times once its
// standard input closes; closing the returned writer makes it run, and
// wait waits for its end.
func caller(tb testing.TB, n int) (pid int, run func()) {
	tb.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		bpftest.Skip(tb, "no C compiler: %v", err)
	}
	dir := tb.TempDir()
	src := filepath.Join(dir, "caller.c")
	prog := `#include <unistd.h>
int main(void) { char b; while (read(0, &b, 1) > 0) ; for (int i = 0; i < ` + strconv.Itoa(n) + `; i++) getppid(); return 0; }`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		tb.Fatal(err)
	}
	out := filepath.Join(dir, "caller")
	if b, err := exec.Command(cc, "-o", out, src).CombinedOutput(); err != nil {
		tb.Fatalf("cc: %v\n%s", err, b)
	}
	cmd := exec.Command(out)
	in, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { in.Close(); cmd.Wait() })
	// Wait for libc to be mapped: uprobes are placed in processes that
	// map the object.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/maps")
		if strings.Contains(string(b), "libc.so.6") {
			break
		}
		if time.Now().After(deadline) {
			tb.Fatal("libc not mapped")
		}
	}
	return cmd.Process.Pid, func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			tb.Fatal(err)
		}
	}
}

func sum(tb testing.TB, m *ebpf.Map, key uint32) uint64 {
	tb.Helper()
	var vs []uint64
	if err := m.Lookup(key, &vs); err != nil {
		tb.Fatal(err)
	}
	var n uint64
	for _, v := range vs {
		n += v
	}
	return n
}

// TestAttachUprobes attaches at libc's getppid and at pthread_spin_lock,
// whose first instruction (lock decl) the kernel refuses, in one process,
// with a uprobe_multi link and with perf-event uprobes, entries and
// returns: the calls are counted by cookie, in that process only, and the
// refused site is reported.
func TestAttachUprobes(t *testing.T) {
	if os.Geteuid() != 0 {
		bpftest.Skip(t, "not root")
	}
	bpftest.RequireProgramType(t, ebpf.Kprobe)
	getppid := fileOffset(t, libcPath, "getppid")
	spin := fileOffset(t, libcPath, "pthread_spin_lock")
	for _, tc := range []struct {
		name       string
		multi, ret bool
	}{{"multi", true, false}, {"multi-return", true, true}, {"perf", false, false}, {"perf-return", false, true}} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.multi && !bpf.HaveUprobeMulti() {
				bpftest.Skip(t, "no uprobe_multi links")
			}
			counters := mustCounters(t, 4)
			prog := cookieCounter(t, counters, tc.multi)
			pid, run := caller(t, 5)
			_, other := caller(t, 7)
			a, err := bpf.AttachUprobes(prog, bpf.Uprobes{Path: libcPath, PID: pid, Return: tc.ret, Multi: tc.multi,
				Sites: []bpf.UprobeSite{{Offset: getppid, Cookie: 1}, {Offset: spin, Cookie: 2}}})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			// The kernel analyses an instruction when it places the
			// breakpoint: a uretprobe's is the function's first.
			if len(a.Refused) != 1 || a.Refused[0].Cookie != 2 {
				t.Errorf("refused %+v, want pthread_spin_lock's site", a.Refused)
			}
			// Another process's calls are not counted.
			other()
			run()
			if n := sum(t, counters, 1); n != 5 {
				t.Errorf("getppid counted %d times, want 5", n)
			}
			if err := a.Close(); err != nil {
				t.Error(err)
			}
		})
	}
	if _, err := bpf.AttachUprobes(mustLoad(t, &ebpf.ProgramSpec{Type: ebpf.Kprobe, License: "GPL",
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}}),
		bpf.Uprobes{Path: libcPath, Sites: []bpf.UprobeSite{{Offset: 0}}}); err == nil {
		t.Error("a site at offset 0 was attached")
	}
}
