// Package perf is the kernel tracepoint provider, under three names: perf
// (perf:GROUP::EVENT, Oracle DTrace 1.x's naming, usually written
// perf:::EVENT), sdt and rawtp (sdt:GROUP::EVENT, rawtp:GROUP::EVENT, as
// Oracle's sdt and rawtp providers name them). The module is the event's
// group, the function is empty.
//
// The probes are the events in tracefs's available_events (read once per
// providers.System), less the groups other providers serve or that are
// not kernel tracepoints (syscalls, kprobes, uprobes, dt_pid, dt_PID_*).
// Each enabled probe is a raw tracepoint program attached to the
// tracepoint of the event's name; arg0..argN are the tracepoint's
// TP_PROTO arguments, ctx->args[i]. How many there are comes from the
// kernel's BTF (the prototype of typedef btf_trace_EVENT), read the first
// time a probe is enabled or described: the verifier rejects a raw
// tracepoint program that reads past the arguments. Without BTF, NArgs is
// -1 and no argument is copied.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package perf

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// Names are the names the provider is registered under.
var Names = []string{"perf", "sdt", "rawtp"}

// Event is what a tracepoint probe's Data holds.
type Event struct {
	Group string // the module field
	Name  string // the probe name, and the raw tracepoint's name
}

// Provider is the tracepoint provider under one of its names.
type Provider struct {
	name string
	sys  providers.System
	cat  *catalog
}

// New returns the provider called name (perf, sdt or rawtp: they differ
// only in name), reading the kernel's tracepoints from sys. Its catalog of
// tracepoints is its own: the providers Providers returns share one.
func New(name string, sys providers.System) *Provider {
	return &Provider{name: name, sys: sys.Shared(), cat: new(catalog)}
}

// Providers returns the provider under each of its names. They share one
// catalog of the kernel's tracepoints, made from one read of tracefs and
// one of BTF.
func Providers(sys providers.System) []providers.Provider {
	sys = sys.Shared()
	cat := new(catalog)
	ps := make([]providers.Provider, len(Names))
	for i, n := range Names {
		ps[i] = &Provider{name: n, sys: sys, cat: cat}
	}
	return ps
}

// Name returns the provider's name.
func (p *Provider) Name() string { return p.name }

// Probes returns a probe for every kernel tracepoint event. Their NArgs
// stay -1 until Plan reads the kernel's BTF for the probes enabled: an
// unqualified description (:::BEGIN) enumerates every provider, and reading
// BTF for 1,600 tracepoints there would slow every start.
func (p *Provider) Probes() ([]*providers.Probe, error) {
	evs, err := p.events()
	if err != nil {
		return nil, err
	}
	data := p.cat.data
	// One allocation for all the probes (thousands), one for the
	// pointers.
	all := make([]providers.Probe, len(evs))
	ps := make([]*providers.Probe, len(evs))
	for i, ev := range evs {
		all[i] = providers.Probe{Provider: p.name, Module: ev.Group, Name: ev.Name, NArgs: -1, Data: data[i]}
		ps[i] = &all[i]
	}
	return ps, nil
}

// Lookup returns nil: every tracepoint is listed.
func (p *Provider) Lookup(module, function, name string) *providers.Probe { return nil }

// Plan makes a raw tracepoint program per probe.
func (p *Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	as := make([]*providers.Attachment, 0, len(probes))
	// Without BTF the argument counts are unknown (NArgs stays -1 and no
	// argument is copied); BTF that cannot be read is an error.
	var nargs map[string]int
	tp, err := p.tracepoints()
	switch {
	case err == nil:
		nargs = tp.args
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s provider: %w", p.name, err)
	}
	for _, pr := range probes {
		ev, ok := pr.Data.(Event)
		if !ok {
			return nil, fmt.Errorf("%s provider: %s is not a tracepoint probe", p.name, pr.Name)
		}
		if n, ok := nargs[ev.Name]; ok {
			pr.NArgs = n
		}
		as = append(as, &providers.Attachment{
			Name:     p.name + "_" + ev.Name,
			Type:     ebpf.RawTracepoint,
			AttachTo: ev.Name,
			Probes:   []*providers.Probe{pr},
			Fragment: fragment(pr.ID, pr.NArgs),
			Stack:    tramp.RawTracepointStack(ev.Name),
			Attach: func(prog *ebpf.Program) (io.Closer, error) {
				return bpf.AttachRawTracepoint(prog, ev.Name)
			},
		})
	}
	return as, nil
}

// fragment copies, of the tracepoint's nargs arguments, those the clauses
// read from the raw tracepoint context, and clears the other arguments
// they read.
func fragment(id uint32, nargs int) func(abi.CtxUse) (asm.Instructions, error) {
	return func(use abi.CtxUse) (asm.Instructions, error) {
		n := min(max(nargs, 0), use.Slots())
		var insns asm.Instructions
		for i := range n {
			if use.Arg(i) {
				insns = append(insns,
					asm.LoadMem(asm.R0, abi.RegCtx, int16(8*i), asm.DWord),
					asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(i), asm.R0, asm.DWord),
				)
			}
		}
		insns = append(insns, tramp.ClearArgs(n, use)...)
		insns = append(insns, tramp.ClearErrno(use)...)
		return append(insns, tramp.Fire(id, "")...), nil
	}
}

// skipGroup tells the groups whose events are not probes of this provider.
var skipGroup = regexp.MustCompile(`^(syscalls|kprobes|uprobes|dt_pid|dt_[0-9]+_.*)$`)

// catalog is what the provider knows of the kernel's tracepoints, shared
// by the provider's three names (see Providers), each part made when
// first needed.
type catalog struct {
	once   sync.Once
	events []Event
	data   []any // data[i] is events[i] boxed once, the Data of its probes
	err    error

	namesOnce sync.Once
	names     map[string]bool

	tpOnce sync.Once
	tp     *tracepoints
	tpErr  error
}

// events returns the tracepoint events of the system's tracefs catalog.
func (p *Provider) events() ([]Event, error) {
	c := p.cat
	c.once.Do(func() {
		cat, err := p.sys.Events()
		if err != nil {
			c.err = err
			return
		}
		c.events = make([]Event, 0, len(cat.Events))
		// available_events lists a group's events together: the
		// pattern is matched once per run of a group.
		group, skip := "", false
		for _, ev := range cat.Events {
			if ev.Group != group {
				group, skip = ev.Group, skipGroup.MatchString(ev.Group)
			}
			if skip {
				continue
			}
			c.events = append(c.events, Event{Group: ev.Group, Name: ev.Name})
		}
		c.data = make([]any, len(c.events))
		for i, ev := range c.events {
			c.data[i] = ev
		}
	})
	return c.events, c.err
}

// tracepoints returns the tracepoints of the system's BTF.
func (p *Provider) tracepoints() (*tracepoints, error) {
	c := p.cat
	c.tpOnce.Do(func() {
		spec, err := p.sys.KernelBTF()
		if err != nil {
			c.tpErr = err
			return
		}
		c.tp, c.tpErr = newTracepoints(spec)
		if c.tpErr != nil {
			c.tpErr = fmt.Errorf("read BTF %s: %w", p.sys.BTFPath(), c.tpErr)
		}
	})
	return c.tp, c.tpErr
}

// HasName reports whether some tracepoint is called name, without making
// the provider's probes: the registry asks before enumerating a provider
// for a description such as :::BEGIN.
//
// A name that is not an identifier (tick-1ms, profile-97) is nobody's
// event name, static tracepoints being C identifiers and the kernel
// refusing others for dynamic events: it is answered without reading
// tracefs, which takes a millisecond or two.
//
// BEGIN, END and ERROR, the dtrace provider's, are answered so too: the
// kernel's tracepoints are lower-case, and the dtrace provider's names
// are what nearly every script writes without a provider, which would
// otherwise read tracefs at every start (a third of dtrace's start-up).
func (p *Provider) HasName(name string) bool {
	if !eventName(name) || name == "BEGIN" || name == "END" || name == "ERROR" {
		return false
	}
	evs, err := p.events()
	if err != nil {
		return true // let enumeration report the error
	}
	c := p.cat
	c.namesOnce.Do(func() {
		c.names = make(map[string]bool, len(evs))
		for _, ev := range evs {
			c.names[ev.Name] = true
		}
	})
	return c.names[name]
}

// eventName reports whether name could name a tracefs event: letters,
// digits, '_' and '.', not starting with a digit.
func eventName(name string) bool {
	if name == "" || name[0] >= '0' && name[0] <= '9' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
