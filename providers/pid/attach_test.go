package pid

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
	"github.com/dtrace-go/dtrace/symtab"
)

// TestFire attaches entry, offset and return probes of testdata/prog.c's
// asm_sum(1, 2) and checks what they fire with: the return probe at its
// ret (arg0 its offset, 6), as DTrace's.
func TestFire(t *testing.T) {
	ptest.Require(t, ebpf.Kprobe)
	gcc := need(t, "gcc")
	path := filepath.Join(t.TempDir(), "prog")
	build(t, path, gcc, "-O1", "-o", path, "testdata/prog.c")
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	pid := cmd.Process.Pid
	waitMapped(t, pid, "libc.so.6")
	p := provider(t, pid)
	ps, err := p.Expand("a.out", "asm_sum", "")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*providers.Probe{}
	for i, pr := range ps {
		pr.ID = uint32(i + 1)
		byName[pr.Name] = pr
	}
	atts, err := p.Plan([]*providers.Probe{byName["entry"], byName["3"], byName["return"]})
	if err != nil || len(atts) != 1 {
		t.Fatalf("Plan: %d attachments, %v", len(atts), err)
	}
	var progs []*ptest.Program
	for _, a := range atts {
		prog := ptest.Load(t, a, ptest.Options{})
		prog.Attach(t, a)
		progs = append(progs, prog)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	got := map[uint32]ptest.Record{}
	for _, prog := range progs {
		for _, r := range prog.Await(t, func(rs []ptest.Record) bool { return len(rs) > 0 }) {
			got[r.Block] = r
		}
	}
	if r, ok := got[byName["entry"].ID]; !ok || r.Args[0] != 1 || r.Args[1] != 2 || r.TGID != uint32(pid) {
		t.Errorf("entry: %+v", r)
	}
	if r, ok := got[byName["3"].ID]; !ok || r.Args[0] != 1 || r.Args[1] != 2 {
		t.Errorf("offset 3: %+v", r)
	}
	// At its ret, offset 6.
	if r, ok := got[byName["return"].ID]; !ok || r.Args[0] != 6 || r.Args[1] != 3 {
		t.Errorf("return: %+v", r)
	}
}

// TestEntryBeforeReturn probes testdata/prog.c's nothing, whose first
// instruction is its ret: its entry, offset 0 and return probes, at one
// place, fire in that order.
func TestEntryBeforeReturn(t *testing.T) {
	ptest.Require(t, ebpf.Kprobe)
	gcc := need(t, "gcc")
	path := filepath.Join(t.TempDir(), "prog")
	build(t, path, gcc, "-O1", "-o", path, "testdata/prog.c")
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	waitMapped(t, cmd.Process.Pid, "libc.so.6")
	p := provider(t, cmd.Process.Pid)
	ps, err := p.Expand("a.out", "nothing", "")
	if err != nil {
		t.Fatal(err)
	}
	names := map[uint32]string{}
	for i, pr := range ps {
		pr.ID = uint32(i + 1)
		names[pr.ID] = pr.Name
	}
	atts, err := p.Plan(ps)
	if err != nil || len(atts) != 1 {
		t.Fatalf("Plan: %d attachments, %v", len(atts), err)
	}
	prog := ptest.Load(t, atts[0], ptest.Options{})
	prog.Attach(t, atts[0])
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range prog.Await(t, func(rs []ptest.Record) bool { return len(rs) >= 3 }) {
		got = append(got, names[r.Block])
	}
	if want := []string{"entry", "0", "return"}; !slices.Equal(got, want) {
		t.Errorf("fired %q, want %q", got, want)
	}
}

// TestProbeableAgreesWithKernel checks accepted against the kernel on the
// first instructions of libc's functions: each one it refuses, the kernel
// refuses, and the kernel takes all the others at once.
func TestProbeableAgreesWithKernel(t *testing.T) {
	ptest.Require(t, ebpf.Kprobe)
	const libc = "/lib/x86_64-linux-gnu/libc.so.6"
	im, err := symtab.OpenImage(libc)
	if err != nil {
		t.Skip(err)
	}
	defer im.Close()
	multi := bpf.HaveUprobeMulti()
	spec := &ebpf.ProgramSpec{Type: ebpf.Kprobe, License: "GPL",
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}}
	if multi {
		spec.AttachType = ebpf.AttachTraceUprobeMulti
	}
	prog, err := ebpf.NewProgram(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	// The kernel analyses an instruction as it places a breakpoint in a
	// process mapping it.
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	waitMapped(t, cmd.Process.Pid, "libc.so.6")
	var good, bad []bpf.UprobeSite
	seen := map[uint64]bool{}
	for _, fn := range im.Funcs() {
		if seen[fn.Value] || fn.Size == 0 || fn.IFunc {
			continue
		}
		seen[fn.Value] = true
		code, err := im.Code(fn.Value, 16)
		if err != nil {
			continue
		}
		insns, _ := decodeFunc(code)
		off, ok := im.FileOffset(fn.Value)
		if len(insns) == 0 || !ok {
			continue
		}
		s := bpf.UprobeSite{Offset: off, Cookie: fn.Value}
		if accepted(code[:insns[0].len]) {
			good = append(good, s)
		} else {
			bad = append(bad, s)
		}
	}
	u := bpf.Uprobes{Path: libc, PID: cmd.Process.Pid, Multi: multi}
	u.Sites = good
	if !multi && len(good) > 50 {
		u.Sites = good[:50] // perf-event uprobes detach slowly
	}
	a, err := bpf.AttachUprobes(prog, u)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Refused) > 0 {
		t.Errorf("the kernel refused %d sites accepted accepts, the first at %#x", len(a.Refused), a.Refused[0].Cookie)
	}
	a.Close()
	for _, s := range bad {
		u.Sites = []bpf.UprobeSite{s}
		a, err := bpf.AttachUprobes(prog, u)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Refused) != 1 {
			t.Errorf("the kernel accepts the site at %#x that accepted refuses", s.Cookie)
		}
		a.Close()
	}
	t.Logf("%d first instructions accepted, %d refused", len(good), len(bad))
}

// TestInstructionsRunAsWritten places probes at every instruction of
// testdata/asis.c's vcopy, whose AVX instructions the kernel takes for a
// jmp, a jg and a ja (it emulates those rather than running the
// instruction), and of its flags, whose pushf the kernel runs with the
// trap flag set (the popf after it turns single-stepping on: SIGTRAP).
// None is placed on those: the string is copied, the flags read without
// the trap flag.
func TestInstructionsRunAsWritten(t *testing.T) {
	ptest.Require(t, ebpf.Kprobe)
	gcc := need(t, "gcc")
	path := filepath.Join(t.TempDir(), "asis")
	build(t, path, gcc, "-O1", "-o", path, "testdata/asis.c")
	cmd := exec.Command(path)
	want := "\ntrap flag 0\n"
	if b, _ := os.ReadFile("/proc/cpuinfo"); strings.Contains(string(b), " avx2") {
		cmd.Args = append(cmd.Args, "vcopy")
		want = "abcdefghijklmnopqrstuvwxyz012345" + want
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	waitMapped(t, cmd.Process.Pid, "libc.so.6")
	p := provider(t, cmd.Process.Pid)
	var ps []*providers.Probe
	for fn, want := range map[string][]string{
		"vcopy": {"return", "entry", "f"},
		"flags": {"return", "entry", "0", "2", "3", "4", "5"},
	} {
		fps, err := p.Expand("a.out", fn, "")
		if err != nil {
			t.Fatal(err)
		}
		var listed []string
		for _, pr := range fps {
			pr.ID = uint32(len(ps) + 1)
			ps = append(ps, pr)
			listed = append(listed, pr.Name)
		}
		if !slices.Equal(listed, want) {
			t.Errorf("%s's probes: %q, want %q", fn, listed, want)
		}
	}
	atts, err := p.Plan(ps)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range atts {
		prog := ptest.Load(t, a, ptest.Options{})
		prog.Attach(t, a)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %q", err, out.String())
	}
	if got := out.String(); got != want {
		t.Errorf("under the probes: %q, want %q", got, want)
	}
}
