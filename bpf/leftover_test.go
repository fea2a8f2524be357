package bpf_test

import (
	"bufio"
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
	"github.com/dtrace-go/dtrace/internal/tracefsdir"
)

const childEnv = "DTRACE_BPF_TEST_ATTACH_CHILD"

// TestAttachChild is the child process of TestKilledProcessLeavesNothing:
// it attaches one of everything, says so, and waits to be killed.
func TestAttachChild(t *testing.T) {
	if os.Getenv(childEnv) != "1" {
		t.Skip("helper process for TestKilledProcessLeavesNothing")
	}
	counters := mustCounters(t, 1)
	var links bpf.Links
	// The parent tells the child's links from those other tests make
	// meanwhile by their programs: print their ids.
	printID := func(p *ebpf.Program) *ebpf.Program {
		if info, err := p.Info(); err == nil {
			if id, ok := info.ID(); ok {
				fmt.Println("prog", id)
			}
		}
		return p
	}
	raw, err := bpf.AttachRawTracepoint(printID(countGetppid(t, ebpf.RawTracepoint, 8, counters)), "sys_enter")
	if err != nil {
		t.Fatal(err)
	}
	links.Add(raw)
	tp, err := bpf.AttachTracepoint(printID(countGetppid(t, ebpf.TracePoint, -1, counters)), "syscalls", "sys_enter_getppid")
	if err != nil {
		t.Fatal(err)
	}
	links.Add(tp)
	tick := printID(tickCounter(t, counters))
	clock, err := bpf.AttachCPUClock(tick, bpf.Sampling{Frequency: 99})
	if err != nil {
		t.Fatal(err)
	}
	links.Add(clock)
	// Uprobes at this program's entry point, in this process: a
	// uprobe_multi link where the kernel has them, and a perf-event one.
	exe, off := "/proc/self/exe", entryOffset(t, "/proc/self/exe")
	for _, multi := range []bool{true, false} {
		if multi && !bpf.HaveUprobeMulti() {
			continue
		}
		u, err := bpf.AttachUprobes(printID(cookieCounter(t, counters, multi)),
			bpf.Uprobes{Path: exe, PID: os.Getpid(), Multi: multi, Sites: []bpf.UprobeSite{{Offset: off}}})
		if err != nil {
			t.Fatal(err)
		}
		links.Add(u)
	}
	fmt.Println("ready")
	time.Sleep(time.Minute)
	t.Fatal("not killed")
}

func linkIDs(tb testing.TB) map[link.ID]ebpf.ProgramID {
	tb.Helper()
	ids := make(map[link.ID]ebpf.ProgramID)
	var it link.Iterator
	defer it.Close()
	for it.Next() {
		info, err := it.Link.Info()
		if err != nil {
			tb.Fatal(err)
		}
		ids[it.ID] = info.Program
	}
	if err := it.Err(); err != nil {
		bpftest.SkipIfUnsupported(tb, err)
	}
	return ids
}

func tracefsProbes(tb testing.TB) string {
	tb.Helper()
	var s string
	dir, err := tracefsdir.Find()
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range []string{"kprobe_events", "uprobe_events"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			tb.Fatal(err)
		}
		s += string(b)
	}
	return s
}

// TestKilledProcessLeavesNothing checks that everything this package
// attaches is fd-based: a process killed with SIGKILL leaves no link, no
// program and no tracefs probe (kprobe or uprobe) behind, uprobes
// included.
func TestKilledProcessLeavesNothing(t *testing.T) {
	if os.Getenv(childEnv) == "1" {
		t.Skip("in the child")
	}
	bpftest.RequireProgramType(t, ebpf.RawTracepoint)
	bpftest.RequireProgramType(t, ebpf.PerfEvent)
	before := linkIDs(t)
	probes := tracefsProbes(t)

	cmd := exec.Command(os.Args[0], "-test.run=^TestAttachChild$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(out)
	var lines []string
	for ready := false; !ready; {
		if !sc.Scan() {
			cmd.Wait()
			t.Fatalf("child did not attach: %q", lines)
		}
		lines = append(lines, sc.Text())
		ready = sc.Text() == "ready"
	}

	progs := make(map[ebpf.ProgramID]bool)
	for _, l := range lines {
		var id ebpf.ProgramID
		if _, err := fmt.Sscanf(l, "prog %d", &id); err == nil {
			progs[id] = true
		}
	}
	var mine []link.ID
	for id, prog := range linkIDs(t) {
		if _, ok := before[id]; !ok && progs[prog] {
			mine = append(mine, id)
		}
	}
	cpus, err := bpf.OnlineCPUs()
	if err != nil {
		t.Fatal(err)
	}
	want := 3 + len(cpus) // raw tracepoint, tracepoint, cpu-clocks, perf uprobe
	if bpf.HaveUprobeMulti() {
		want++
	}
	if len(mine) < want {
		t.Fatalf("child made %d links, want at least %d", len(mine), want)
	}

	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()

	// The kernel releases them asynchronously: wait for it, failing only
	// when it takes far longer than any load explains.
	deadline := time.Now().Add(time.Minute)
	for {
		now := linkIDs(t)
		left := 0
		for _, id := range mine {
			if _, ok := now[id]; ok {
				left++
			}
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d links remain after the child was killed", left, len(mine))
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The kernel frees a program after its last reference goes, which
	// may trail the links by a moment.
	for id := range progs {
		for {
			p, err := ebpf.NewProgramFromID(id)
			if err != nil {
				break
			}
			p.Close()
			if time.Now().After(deadline) {
				t.Errorf("program %d remains after the child was killed", id)
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	if after := tracefsProbes(t); after != probes {
		t.Errorf("tracefs probes changed: %q, then %q", probes, after)
	}
	t.Logf("%d links vanished with the child", len(mine))
}

// entryOffset returns the file offset of the entry point of the program at
// path (go test strips its symbols).
func entryOffset(tb testing.TB, path string) uint64 {
	tb.Helper()
	f, err := elf.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && f.Entry >= p.Vaddr && f.Entry-p.Vaddr < p.Filesz {
			return f.Entry - p.Vaddr + p.Off
		}
	}
	tb.Fatalf("%s: entry point %#x in no segment", path, f.Entry)
	return 0
}
