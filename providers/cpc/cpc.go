// Package cpc is the cpc (CPU performance counter) provider, as DTrace
// for Linux has it (libdtrace/dt_prov_cpc.c): cpc:::EVENT-MODE-COUNT
// fires on a CPU each time COUNT events of EVENT have happened there in
// MODE.
//
// EVENT is one of the perf events this system can sample: the kernel's
// generic hardware, software and hardware cache events under the names
// DTrace takes from libpfm4 (perf_count_hw_cpu_cycles or cycles or
// cpu_cycles, instructions, perf_count_sw_cpu_clock or cpu_clock,
// page_faults, context_switches, l1_dcache_load_misses...), then the
// events the PMUs name in sysfs (/sys/bus/event_source/devices/*/events:
// topdown_retiring, mem_loads...), each written in lower case with '_'
// for '-'. Which of them this system has is found by opening each once,
// as DTrace does: in a virtual machine without a PMU only the software
// events are there (dtrace -lv says why the others are not), and a probe
// of a missing event matches nothing.
//
// MODE is user (perf_event_attr's exclude_kernel), kernel (exclude_user)
// or all. COUNT, all decimal digits, is the sampling period; DTrace
// enforces no lower bound (illumos' dcpc refuses counts under 5000; on
// Linux the kernel bounds the rate: cpu_clock's period is at least 10 µs,
// and perf_event_max_sample_rate throttles the others). A count of 0 makes
// a counting event, which never fires, and a count of 2^63 or more one
// the kernel refuses, as in DTrace. An attribute part
// (EVENT-MODE-ATTR-COUNT, illumos' unit masks) is refused, as DTrace
// refuses it.
//
// The probes are made on demand from their names (Lookup), as profile-N
// is; dtrace -l lists EVENT-all-1000000000 for each event, as DTrace
// does. A probe is the event opened on every online CPU for every task,
// running a BPF_PROG_TYPE_PERF_EVENT program in the context the counter
// overflowed in, as profile-N does, with profile's trampoline: arg0 the
// kernel PC, or 0 in user mode, arg1 the user PC, or 0 in the kernel; the
// cpu option confines it to its CPU as it confines profile-N.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package cpc

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/profile"
)

// Mode is the privilege mode a probe counts its event in.
type Mode int

const (
	// All counts in user mode and in the kernel.
	All Mode = iota
	// User counts in user mode only (exclude_kernel).
	User
	// Kernel counts in the kernel only (exclude_user).
	Kernel
)

var modeNames = [...]string{All: "all", User: "user", Kernel: "kernel"}

// String returns the mode as probe names spell it.
func (m Mode) String() string { return modeNames[m] }

// Name is a cpc probe name taken apart.
type Name struct {
	Event string
	Mode  Mode
	Count uint64
}

// ParseName takes a probe name EVENT-MODE-COUNT apart as DTrace's
// decode_probename does: the event is what comes before the first '-'
// (not checked here), the mode one of all, user and kernel, and the
// count decimal digits (scanf's %llu, saturating past 2^64-1). A fourth
// part, DTrace's attributes, makes the name invalid, as DTrace has not
// implemented them.
func ParseName(name string) (Name, bool) {
	event, rest, ok := strings.Cut(name, "-")
	if !ok {
		return Name{}, false
	}
	mode, count, ok := strings.Cut(rest, "-")
	if !ok || strings.Contains(count, "-") {
		return Name{}, false
	}
	var n Name
	n.Event = event
	switch mode {
	case "all":
		n.Mode = All
	case "user":
		n.Mode = User
	case "kernel":
		n.Mode = Kernel
	default:
		return Name{}, false
	}
	if count == "" {
		return Name{}, false
	}
	for i := 0; i < len(count); i++ {
		c := count[i]
		if c < '0' || c > '9' {
			return Name{}, false
		}
		d := uint64(c - '0')
		if n.Count > (math.MaxUint64-d)/10 {
			n.Count = math.MaxUint64
			break
		}
		n.Count = n.Count*10 + d
	}
	return n, true
}

// String returns the probe name.
func (n Name) String() string { return fmt.Sprintf("%s-%s-%d", n.Event, n.Mode, n.Count) }

// Probe is what a cpc probe's Data holds.
type Probe struct {
	Event Event
	Mode  Mode
	Count uint64
}

// Attr returns the perf_event_attr the probe opens on each CPU: its
// event, sampling every Count events in its mode, waking up at each
// sample as DTrace's does.
func (p Probe) Attr() unix.PerfEventAttr {
	attr := p.Event.attr()
	attr.Sample = p.Count
	attr.Wakeup = 1
	switch p.Mode {
	case User:
		attr.Bits |= unix.PerfBitExcludeKernel
	case Kernel:
		attr.Bits |= unix.PerfBitExcludeUser
	}
	return attr
}

// Provider is the cpc provider.
type Provider struct {
	dir  string
	open func(unix.PerfEventAttr) error

	once  sync.Once
	table *Table
	err   error
}

// New returns the cpc provider of the system sys describes. For the
// running one (sys.PMUs empty) its events are the generic ones and those
// of the PMUs under DevicesDir that open on its first online CPU. For
// another, described by a directory of PMUs (a fixture), they are those
// the directory says it has: the software events, the generic hardware
// ones when it has a core PMU (cpu, or one with a cpus file, as perf
// tells them), and every event its PMUs name.
func New(sys providers.System) *Provider {
	if sys.PMUs == "" {
		return NewAt(DevicesDir, openOnFirstCPU)
	}
	return NewAt(sys.PMUs, described(sys.PMUs))
}

// NewAt returns a cpc provider that reads the PMUs under dir and keeps
// the events open accepts.
func NewAt(dir string, open func(unix.PerfEventAttr) error) *Provider {
	return &Provider{dir: dir, open: open}
}

// openOnFirstCPU opens attr on the first online CPU, for every task, and
// closes it (DTrace opens it on CPU 0).
func openOnFirstCPU(attr unix.PerfEventAttr) error {
	cpus, err := bpf.OnlineCPUs()
	if err != nil {
		return err
	}
	if len(cpus) == 0 {
		return fmt.Errorf("no cpu online")
	}
	return bpf.CheckPerfEvent(attr, cpus[0])
}

// described returns what opens the events of the PMUs under dir, a
// description of a system rather than the running one.
func described(dir string) func(unix.PerfEventAttr) error {
	core := false
	if pmus, err := os.ReadDir(dir); err == nil {
		for _, p := range pmus {
			_, err := os.Stat(filepath.Join(dir, p.Name(), "cpus"))
			core = core || p.Name() == "cpu" || err == nil
		}
	}
	return func(attr unix.PerfEventAttr) error {
		if !core && (attr.Type == unix.PERF_TYPE_HARDWARE || attr.Type == unix.PERF_TYPE_HW_CACHE) {
			return fmt.Errorf("no core PMU in %s", dir)
		}
		return nil
	}
}

// Table returns the events of the system, found once.
func (p *Provider) Table() (*Table, error) {
	p.once.Do(func() { p.table, p.err = NewTable(p.dir, p.open) })
	return p.table, p.err
}

// Name returns "cpc".
func (*Provider) Name() string { return "cpc" }

// Probes returns the probes DTrace lists: EVENT-all-1000000000 for each
// event.
func (p *Provider) Probes() ([]*providers.Probe, error) {
	t, err := p.Table()
	if err != nil {
		return nil, err
	}
	ps := make([]*providers.Probe, 0, len(t.Events))
	for _, e := range t.Events {
		n := Name{Event: e.Name, Mode: All, Count: listingPeriod}
		ps = append(ps, newProbe(n.String(), Probe{Event: e, Mode: n.Mode, Count: n.Count}))
	}
	return ps, nil
}

func newProbe(name string, d Probe) *providers.Probe {
	return &providers.Probe{Provider: "cpc", Name: name, NArgs: 2, Data: d}
}

// Lookup makes the probe EVENT-MODE-COUNT when its name is valid, this
// system has the event, and module and function are empty.
func (p *Provider) Lookup(module, function, name string) *providers.Probe {
	if module != "" || function != "" {
		return nil
	}
	n, ok := ParseName(name)
	if !ok {
		return nil
	}
	t, err := p.Table()
	if err != nil {
		return nil
	}
	e, ok := t.Lookup(n.Event)
	if !ok {
		return nil
	}
	// The name as written: a count with leading zeros names a probe of
	// its own, as in DTrace.
	return newProbe(name, Probe{Event: e, Mode: n.Mode, Count: n.Count})
}

// HasName reports whether name is a valid cpc probe name, whatever its
// event: a description of another name never makes the provider look
// for its events.
func (*Provider) HasName(name string) bool {
	_, ok := ParseName(name)
	return ok
}

// Missing returns, when this system has no hardware event, a line that
// says so, as "<hardware event>-<mode>-<count>: why"; nil otherwise.
func (p *Provider) Missing() []string {
	t, err := p.Table()
	if err != nil || t.NoHardware == nil {
		return nil
	}
	return []string{fmt.Sprintf("<hardware event>-<mode>-<count>: this system has no hardware performance counters "+
		"(%v; a virtual machine may have none): only the software events are listed", t.NoHardware)}
}

// Plan makes one perf event program per probe.
func (*Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	var as []*providers.Attachment
	for _, p := range probes {
		d, ok := p.Data.(Probe)
		if !ok {
			return nil, fmt.Errorf("cpc provider: %s is not a cpc probe", p.Name)
		}
		name := p.Name
		as = append(as, &providers.Attachment{
			Name:     "cpc_" + name,
			Type:     ebpf.PerfEvent,
			Probes:   []*providers.Probe{p},
			Fragment: profile.Fragment(p.ID),
			Attach: func(prog *ebpf.Program) (io.Closer, error) {
				links, err := bpf.AttachPerfEvents(prog, d.Attr())
				if err != nil {
					return nil, fmt.Errorf("cpc provider: %s: %w", name, err)
				}
				return links, nil
			},
		})
	}
	return as, nil
}
