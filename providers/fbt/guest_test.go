package fbt_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/internal/tracefsdir"
	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
)

// Kernel-function probes are tested for real inside qemu guests running
// Debian's kernels (internal/vm): 6.12, which has fentry and kprobe_multi,
// and 6.1, which has kprobes without kprobe_multi. This machine's kernel
// has no kprobes and refuses fentry.

// TestInGuests runs the TestGuest tests in every guest kernel.
func TestInGuests(t *testing.T) {
	vmtest.RunInGuests(t, vmtest.Config{Run: "^TestGuest"})
}

// readLoop reads the file at path with reads of size bytes until stop is
// closed: the calls of vfs_read the tests trace, made by this process
// ($pid).
func readLoop(t *testing.T, path string, size int, stop <-chan struct{}) *sync.WaitGroup {
	t.Helper()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		buf := make([]byte, size)
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			f, err := os.Open(path)
			if err != nil {
				t.Error(err)
				return
			}
			f.Read(buf)
			f.Close()
		}
	}()
	return &wg
}

// run compiles and runs src, reading the test file meanwhile, and returns
// its output.
func run(t *testing.T, src string) (string, error) {
	t.Helper()
	h, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.Compile(dtrace.Source{Kind: dtrace.Script, Name: "fbt.d", Text: []byte(src)}); err != nil {
		return "", err
	}
	file := filepath.Join(t.TempDir(), "fbt-guest-file")
	if err := os.WriteFile(file, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	wg := readLoop(t, file, 7331, stop)
	defer func() { close(stop); wg.Wait() }()
	var out bytes.Buffer
	var notes []sink.Notice
	// No bound of its own: a run that hangs prints nothing, and the host
	// stops the guest with its goroutines printed (vmtest).
	_, err = h.Run(context.Background(), dtrace.RunConfig{Sink: h.NewTextSink(&out, text.Config{}), Notify: func(n sink.Notice) {
		notes = append(notes, n)
	}})
	for _, n := range notes {
		if n.Kind != sink.NoticeMatched {
			out.WriteString("notice: " + n.Message + "\n")
		}
	}
	return out.String(), err
}

// modes returns the ways of attaching this kernel allows, and those it
// does not, with the reason.
func modes(t *testing.T) (have []string, not map[string]error) {
	not = map[string]error{}
	for _, m := range []string{"fentry", "kprobe-multi", "kprobe"} {
		t.Setenv(fbt.ModeEnv, m)
		_, err := run(t, "#pragma D option quiet\nfbt::vfs_read:entry { exit(0); }\n")
		var ke *dtrace.KernelError
		switch {
		case err == nil:
			have = append(have, m)
		case errors.As(err, &ke):
			not[m] = err
		default:
			t.Fatalf("%s: %v", m, err)
		}
	}
	return have, not
}

// TestGuestModes checks each way of attaching the kernel allows: the
// entry probe's typed arguments (a member of a struct through a pointer,
// relocated to this kernel), the return probe's arg0 (-1) and return
// value, the probe's names, and that stacks start at the traced
// function's caller; and says why for those it does not allow.
func TestGuestModes(t *testing.T) {
	guest := vmtest.Guest(t)
	have, not := modes(t)
	t.Logf("guest %s: %v; not: %v", guest, have, not)
	switch guest {
	case "6.12":
		if len(have) != 3 {
			t.Errorf("6.12 allows fentry, kprobe-multi and kprobe: %v", not)
		}
	case "6.1":
		if strings.Join(have, ",") != "fentry,kprobe" || not["kprobe-multi"] == nil {
			t.Errorf("6.1 allows fentry and kprobe, not kprobe-multi: have %v, not %v", have, not)
		}
	}
	// The return probe attaches after the entry probe: the thread whose
	// entry fired first may return before it is attached, and its next
	// read (another file) be the first return seen.
	const src = `#pragma D option quiet
int printed;
fbt::vfs_read:entry
/pid == $pid && args[2] == 7331/
{
	self->in = 1;
}
fbt::vfs_read:entry
/pid == $pid && args[2] == 7331 && !printed/
{
	printed = 1;
	printf("entry %s %d %s:%s:%s:%s\n", stringof(args[0]->f_path.dentry->d_name.name), args[2],
	    probeprov, probemod, probefunc, probename);
	printf("caller %a\n", caller);
	stack(1);
}
fbt::vfs_read:return
/self->in && arg1 != 6/
{
	/* A return whose entry fired before this probe was attached. */
	self->in = 0;
}
fbt::vfs_read:return
/self->in/
{
	printf("return %d %d %d\n", arg0, args[1], arg1 == args[1]);
	printf("caller %a\n", caller);
	exit(0);
}
`
	want := regexp.MustCompile("^entry fbt-guest-file 7331 fbt:vmlinux:vfs_read:entry\n" +
		"caller vmlinux`ksys_read\\+0x[0-9a-f]+\n" +
		"\n *vmlinux`ksys_read\\+0x[0-9a-f]+\n" +
		"return -1 6 1\n" +
		"caller vmlinux`ksys_read\\+0x[0-9a-f]+\n\n$")
	// A program's only clause taking a stack is jumped to, not called:
	// one BPF frame less above the traced function, and one less skipped.
	const sole = `#pragma D option quiet
fbt::vfs_read:entry
/pid == $pid && args[2] == 7331/
{
	stack(2);
	exit(0);
}
`
	wantSole := regexp.MustCompile("^\n *vmlinux`ksys_read\\+0x[0-9a-f]+\n *vmlinux`[a-z_0-9]+\\+0x[0-9a-f]+\n\n$")
	for _, m := range have {
		t.Run(m, func(t *testing.T) {
			t.Setenv(fbt.ModeEnv, m)
			out, err := run(t, src)
			if err != nil || !want.MatchString(out) {
				t.Errorf("%v; output:\n%s", err, out)
			}
			out, err = run(t, sole)
			if err != nil || !wantSole.MatchString(out) {
				t.Errorf("one clause: %v; output:\n%s", err, out)
			}
		})
	}
	for m, err := range not {
		const prefix = "fbt probes cannot attach with "
		if !strings.HasPrefix(err.Error(), prefix+m+" on this kernel: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q, want one line starting %q", m, err, prefix)
		}
	}
}

// TestGuestWide checks a description matching many functions: one
// program serves them all (the probe's id in each function's cookie),
// probefunc names the function that fired, and a probe enabled by two
// clauses, one of them on it alone, runs both, in order. It runs in the
// 6.12 guest, with one kprobe_multi link; the 6.1 guest's wide attach, a
// single kprobe for each function (slow to detach under emulation), is
// left to the runtime suite's test/unittest/fbt/tst.wide.d, which runs in
// both guests.
func TestGuestWide(t *testing.T) {
	if vmtest.Guest(t) != "6.12" {
		t.Log("kprobe_multi only: the runtime suite's tst.wide.d attaches kprobes to fbt::vfs_*:entry")
		return
	}
	out, err := run(t, `#pragma D option quiet
fbt::vfs_read:entry
/pid == $pid && arg2 == 7331/
{
	printf("one %s\n", probefunc);
}
fbt::vfs_*:entry
/pid == $pid && arg2 == 7331 && probefunc == "vfs_read"/
{
	printf("wide %s %s\n", probefunc, probename);
	exit(0);
}
`)
	if err != nil || out != "one vfs_read\nwide vfs_read entry\n\n" {
		t.Errorf("%v; output:\n%s", err, out)
	}
}

// TestGuestAll checks that fbt:::entry, every function of the kernel,
// loads and attaches where kprobe_multi makes it one link (6.12; with
// single kprobes, the 6.1 guest would take an hour).
func TestGuestAll(t *testing.T) {
	if vmtest.Guest(t) != "6.12" {
		t.Log("kprobe_multi only: fbt:::entry is not enabled on this kernel")
		return
	}
	start := time.Now()
	out, err := run(t, `#pragma D option quiet
fbt:::entry
/pid == $pid && probefunc == "vfs_read" && arg2 == 7331/
{
	printf("%s\n", probefunc);
	exit(0);
}
`)
	t.Logf("fbt:::entry: %v", time.Since(start))
	if err != nil || !strings.HasPrefix(out, "vfs_read\n") {
		t.Errorf("%v; output:\n%s", err, out)
	}
	if strings.Contains(out, "notice:") {
		t.Logf("%s", out)
	}
}

// TestGuestRefused checks that functions the kernel refuses to probe are
// skipped and counted in one notice, with kprobe_multi and with kprobes.
func TestGuestRefused(t *testing.T) {
	guest := vmtest.Guest(t)
	for _, m := range []string{"kprobe-multi", "kprobe"} {
		if m == "kprobe-multi" && guest != "6.12" {
			continue
		}
		t.Run(m, func(t *testing.T) {
			at := ebpf.AttachNone
			if m == "kprobe-multi" {
				at = ebpf.AttachTraceKprobeMulti
			}
			prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{Type: ebpf.Kprobe, AttachType: at, License: "GPL",
				Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}})
			if err != nil {
				t.Fatal(err)
			}
			defer prog.Close()
			probes := []*providers.Probe{
				{ID: 1, Provider: "fbt", Module: "vmlinux", Function: "vfs_read", Name: "entry"},
				{ID: 2, Provider: "fbt", Module: "vmlinux", Function: "no_such_function_here", Name: "entry"},
				{ID: 3, Provider: "fbt", Module: "vmlinux", Function: "vfs_write", Name: "entry"},
			}
			c, err := fbt.AttachKprobes(prog, probes, m)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			n, ok := c.(providers.Noticer)
			want := "1 fbt probe not enabled: the kernel refused to probe the function (no_such_function_here: "
			if !ok || !strings.HasPrefix(n.Notice(), want) {
				t.Errorf("notice %q, want %q...", fmt.Sprint(n), want)
			}
		})
	}
}

// TestGuestListing checks the listing against the guest kernel's own
// lists: where available_filter_functions can be read (the guests' tracefs),
// the probes are exactly its functions (compiler-made copies aside), BTF
// describing them or not; where it cannot (a tracefs directory without it,
// as on a kernel that refuses it), every function of BTF, which includes
// every traceable one BTF describes.
func TestGuestListing(t *testing.T) {
	vmtest.Guest(t)
	dir, err := tracefsdir.Find()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "available_filter_functions"))
	if err != nil {
		t.Fatalf("the guest's available_filter_functions: %v", err)
	}
	traceable := map[string]bool{}
	for line := range strings.Lines(string(data)) {
		name, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		mod := "vmlinux"
		if m, ok := strings.CutPrefix(rest, "["); ok {
			mod = strings.TrimSuffix(m, "]")
		}
		// Compiler-made copies are not probes; nor are the call sites
		// the kernel found in no function (6.1 lists 153 of them).
		if name != "" && !strings.Contains(name, ".") && !strings.HasPrefix(name, "__ftrace_invalid_address__") {
			traceable[mod+":"+name] = true
		}
	}
	listed := func(sys providers.System) map[string]bool {
		t.Helper()
		ps, err := fbt.New(sys).Probes()
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, p := range ps {
			if p.Name == fbt.Entry {
				out[p.Module+":"+p.Function] = true
			}
		}
		return out
	}
	withFilter := listed(providers.System{})
	empty := t.TempDir()
	if err := os.WriteFile(filepath.Join(empty, "available_events"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	btfOnly := listed(providers.System{Tracefs: empty})

	for f := range traceable {
		if !withFilter[f] {
			t.Errorf("%s: traceable, not listed", f)
		}
	}
	for f := range withFilter {
		if !traceable[f] {
			t.Errorf("%s: listed, not traceable", f)
		}
	}
	// BTF's functions, read here with kbtf: vmlinux's and each module's.
	described := map[string]bool{}
	base, err := kbtf.Open(providers.VmlinuxBTF)
	if err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(filepath.Dir(providers.VmlinuxBTF))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		spec := base
		if e.Name() != fbt.Vmlinux {
			if spec, err = kbtf.OpenSplit(filepath.Join(filepath.Dir(providers.VmlinuxBTF), e.Name()), base); err != nil {
				t.Fatal(err)
			}
		}
		_, names := spec.Names(kbtf.KindFunc)
		for _, n := range names {
			if !strings.Contains(n, ".") {
				described[e.Name()+":"+n] = true
			}
		}
	}
	for f := range described {
		if !btfOnly[f] {
			t.Errorf("%s: BTF describes it, not listed without the filter", f)
		}
	}
	var untraceable int
	for f := range btfOnly {
		if !described[f] {
			t.Errorf("%s: listed without the filter, not in BTF", f)
		}
		if !traceable[f] {
			untraceable++
		}
	}
	var noBTF []string
	for f := range traceable {
		if !described[f] {
			noBTF = append(noBTF, f)
		}
	}
	// What kallsyms would add: its text symbols in neither list, which a
	// listing without the filter could take for functions.
	var kallsymsOnly int
	ks, err := os.ReadFile("/proc/kallsyms")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(ks)) {
		fs := strings.Fields(line)
		if len(fs) != 3 || (fs[1] != "t" && fs[1] != "T") || strings.Contains(fs[2], ".") {
			continue
		}
		if f := "vmlinux:" + fs[2]; !btfOnly[f] && !withFilter[f] {
			kallsymsOnly++
		}
	}
	t.Logf("traceable %d (%d without BTF: %v); listed without the filter %d (%d of them the kernel cannot trace); "+
		"kallsyms' text symbols in neither list: %d", len(traceable), len(noBTF), noBTF[:min(len(noBTF), 5)],
		len(btfOnly), untraceable, kallsymsOnly)
	if len(withFilter) == 0 || len(btfOnly) == 0 {
		t.Fatal("no functions listed")
	}
}
