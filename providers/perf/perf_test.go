package perf

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf/bpftest"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
	"github.com/dtrace-go/dtrace/providers/internal/tracefs"
)

func requireBTF(t *testing.T) {
	if _, err := os.Stat(vmlinuxBTF); err != nil {
		bpftest.Skip(t, "kernel BTF: %v", err)
	}
}

func requireTracefs(t *testing.T) {
	if _, err := tracefs.Open(""); err != nil {
		bpftest.Skip(t, "%v", err)
	}
}

func TestArgCounts(t *testing.T) {
	requireBTF(t)
	start := time.Now()
	args, err := tracepointArgs(vmlinuxBTF)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d tracepoints' argument counts read from BTF in %v", len(args), time.Since(start))
	for name, want := range map[string]int{
		"netif_receive_skb":  1, // (struct sk_buff *skb)
		"sched_process_fork": 2, // (parent, child)
		"sched_switch":       4, // (preempt, prev, next, prev_state)
		"sys_enter":          2, // (regs, id)
		"sys_exit":           2, // (regs, ret)
	} {
		if got, ok := args[name]; !ok || got != want {
			t.Errorf("%s: %d arguments (found %v), want %d", name, got, ok, want)
		}
	}

	// Check every count against cilium/ebpf's decoding of the same BTF.
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for typ, err := range spec.All() {
		if err != nil {
			t.Fatal(err)
		}
		td, ok := typ.(*btf.Typedef)
		if !ok || !strings.HasPrefix(td.Name, tracePrefix) {
			continue
		}
		ptr, ok := btf.UnderlyingType(td.Type).(*btf.Pointer)
		if !ok {
			continue
		}
		proto, ok := btf.UnderlyingType(ptr.Target).(*btf.FuncProto)
		if !ok {
			continue
		}
		n++
		name := strings.TrimPrefix(td.Name, tracePrefix)
		if got := args[name]; got != len(proto.Params)-1 {
			t.Errorf("%s: %d arguments, cilium/ebpf says %d", name, got, len(proto.Params)-1)
		}
	}
	if n != len(args) {
		t.Errorf("%d tracepoints, cilium/ebpf finds %d", len(args), n)
	}
}

func TestProbes(t *testing.T) {
	requireTracefs(t)
	start := time.Now()
	r, err := providers.NewRegistry(Providers(providers.System{})...)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := r.Match("perf", "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("perf::: lists %d probes in %v", len(ps), time.Since(start))
	if len(ps) < 100 {
		t.Fatalf("only %d tracepoints", len(ps))
	}
	unknown := 0
	for _, p := range ps {
		if p.Module == "syscalls" || p.Module == "kprobes" || p.Function != "" || p.Provider != "perf" {
			t.Fatalf("probe %s:%s:%s:%s", p.Provider, p.Module, p.Function, p.Name)
		}
		if p.NArgs < 0 {
			unknown++
		}
	}
	t.Logf("%d without an argument count", unknown)

	for _, desc := range [][4]string{
		{"perf", "", "", "sched_process_fork"},
		{"perf", "sched", "", "sched_process_fork"},
		{"sdt", "sched", "", "sched_process_fork"},
		{"rawtp", "sch*", "", "sched_process_f?rk"},
	} {
		ps, err := r.Match(desc[0], desc[1], desc[2], desc[3])
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 1 || ps[0].Provider != desc[0] || ps[0].Module != "sched" {
			t.Fatalf("%v matches %v", desc, ps)
		}
		// The argument count is read from BTF when the probe is enabled.
		prov := r.Provider(desc[0])
		if _, err := prov.Plan(ps); err != nil {
			t.Fatal(err)
		}
		if ps[0].NArgs != 2 {
			t.Errorf("%v: NArgs %d after Plan, want 2", desc, ps[0].NArgs)
		}
	}
	if ps, _ := r.Match("perf", "net", "", "sched_process_fork"); len(ps) != 0 {
		t.Errorf("perf:net::sched_process_fork matches %v", ps)
	}
	if ps, _ := r.Match("", "", "", "sched_process_fork"); len(ps) != 3 {
		t.Errorf(":::sched_process_fork matches %d probes, want 3", len(ps))
	}
}

func TestHasName(t *testing.T) {
	requireTracefs(t)
	evs, err := New("perf", providers.System{}).events()
	if err != nil {
		t.Fatal(err)
	}
	p := New("perf", providers.System{})
	for _, ev := range evs {
		if !eventName(ev.Name) || !p.HasName(ev.Name) {
			t.Fatalf("event %s:%s: eventName %v, HasName %v", ev.Group, ev.Name, eventName(ev.Name), p.HasName(ev.Name))
		}
	}
	for _, name := range []string{"tick-1ms", "profile-97", "", "1abc", "a b", "BEGIN", "no_such_event"} {
		if p.HasName(name) {
			t.Errorf("HasName(%q) is true", name)
		}
	}
	for _, name := range []string{"sched_switch", "_x", "a.b", "BEGIN"} {
		if !eventName(name) {
			t.Errorf("eventName(%q) is false", name)
		}
	}
}

// The dtrace provider's names, which nearly every script writes without a
// provider, are answered without tracefs: here there is none to read (a
// failed read answers true, for enumeration to report it).
func TestHasNameDtraceNames(t *testing.T) {
	p := New("perf", providers.System{Tracefs: t.TempDir() + "/none"})
	for _, name := range []string{"BEGIN", "END", "ERROR", "tick-1s"} {
		if p.HasName(name) {
			t.Errorf("HasName(%q) is true", name)
		}
	}
	if !p.HasName("sched_switch") {
		t.Error("HasName(sched_switch) without tracefs is false")
	}
}

func load(t *testing.T, r *providers.Registry, prov, mod, name string) (*ptest.Program, *providers.Probe) {
	t.Helper()
	ps, err := r.Match(prov, mod, "", name)
	if err != nil || len(ps) != 1 {
		t.Fatalf("%s:%s::%s matches %v (%v)", prov, mod, name, ps, err)
	}
	as, err := r.Provider(prov).Plan(ps)
	if err != nil {
		t.Fatal(err)
	}
	p := ptest.Load(t, as[0], ptest.Options{OnlyMe: true})
	p.Attach(t, as[0])
	return p, ps[0]
}

const kernelBase = 0xffff800000000000

func TestFire(t *testing.T) {
	ptest.Require(t, ebpf.RawTracepoint)
	requireTracefs(t)
	requireBTF(t)
	r, err := providers.NewRegistry(Providers(providers.System{})...)
	if err != nil {
		t.Fatal(err)
	}
	fork, forkProbe := load(t, r, "sdt", "sched", "sched_process_fork")
	enter, enterProbe := load(t, r, "rawtp", "raw_syscalls", "sys_enter")
	exit, exitProbe := load(t, r, "perf", "", "sys_exit")

	cmd := exec.Command("/bin/true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	ppid := unix.Getppid()
	for _, p := range []*ptest.Program{fork, enter, exit} {
		p.Detach()
	}

	recs := fork.Records(t, time.Second)
	if len(recs) == 0 {
		t.Fatal("sched_process_fork did not fire on exec.Command")
	}
	for _, rec := range recs {
		if rec.Block != forkProbe.ID {
			t.Errorf("record %+v, want probe %d", rec, forkProbe.ID)
		}
		if rec.Args[0] < kernelBase || rec.Args[1] < kernelBase || rec.Args[0] == rec.Args[1] || rec.Args[2] != 0 {
			t.Errorf("sched_process_fork args %#x, want two task_struct pointers", rec.Args[:3])
		}
	}

	var sawEnter, sawExit bool
	for _, rec := range enter.Records(t, time.Second) {
		if rec.Block != enterProbe.ID {
			t.Fatalf("record %+v, want probe %d", rec, enterProbe.ID)
		}
		if rec.Args[1] == unix.SYS_GETPPID && rec.Args[0] >= kernelBase {
			sawEnter = true
		}
	}
	for _, rec := range exit.Records(t, time.Second) {
		if rec.Block != exitProbe.ID {
			t.Fatalf("record %+v, want probe %d", rec, exitProbe.ID)
		}
		if rec.Args[1] == uint64(ppid) && rec.Args[0] >= kernelBase {
			sawExit = true
		}
	}
	if !sawEnter || !sawExit {
		t.Errorf("getppid: raw_syscalls:sys_enter seen %v, sys_exit seen %v", sawEnter, sawExit)
	}
}

// TestPlanBTF checks Plan's use of BTF: without BTF the argument count is
// unknown and no argument is copied; BTF that cannot be read is an error.
func TestPlanBTF(t *testing.T) {
	probe := func() *providers.Probe {
		return &providers.Probe{ID: 1, Provider: "perf", Module: "sched", Name: "sched_process_fork", NArgs: -1,
			Data: Event{Group: "sched", Name: "sched_process_fork"}}
	}
	pr := probe()
	as, err := New("perf", providers.System{BTF: "testdata/no-such-btf"}).Plan([]*providers.Probe{pr})
	if err != nil || len(as) != 1 || pr.NArgs != -1 {
		t.Errorf("without BTF: %d attachments, NArgs %d, %v; want 1, -1, nil", len(as), pr.NArgs, err)
	}
	if _, err := New("perf", providers.System{BTF: "perf.go"}).Plan([]*providers.Probe{probe()}); err == nil {
		t.Error("Plan with a BTF file that is not BTF: no error")
	}
}
