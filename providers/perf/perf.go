// Package perf is the kernel tracepoint provider, under three names: perf
// (perf:GROUP::EVENT, Oracle DTrace 1.x's naming, usually written
// perf:::EVENT), sdt and rawtp (sdt:GROUP::EVENT, rawtp:GROUP::EVENT, as
// Oracle's sdt and rawtp providers name them). The module is the event's
// group, the function is empty.
//
// The probes are the events in tracefs's available_events, read once per
// process, less the groups other providers serve or that are not kernel
// tracepoints (syscalls, kprobes, uprobes, dt_pid, dt_PID_*). Each enabled
// probe is a raw tracepoint program attached to the tracepoint of the
// event's name; arg0..argN are the tracepoint's TP_PROTO arguments,
// ctx->args[i]. How many there are comes from the kernel's BTF (the
// prototype of typedef btf_trace_EVENT), read in one pass the first time
// the probes are listed: the verifier rejects a raw tracepoint program that
// reads past the arguments. Without BTF, NArgs is -1 and no argument is
// copied.
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

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tracefs"
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
}

// New returns the provider called name (perf, sdt or rawtp: they differ
// only in name), reading the kernel's tracepoints from sys.
func New(name string, sys providers.System) *Provider { return &Provider{name: name, sys: sys} }

// Providers returns the provider under each of its names.
func Providers(sys providers.System) []providers.Provider {
	ps := make([]providers.Provider, len(Names))
	for i, n := range Names {
		ps[i] = New(n, sys)
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
	data := p.catalog().data
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
	nargs, err := tracepointArgs(p.sys.BTFPath())
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
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
			Attach: func(prog *ebpf.Program) (io.Closer, error) {
				return bpf.AttachRawTracepoint(prog, ev.Name)
			},
		})
	}
	return as, nil
}

// fragment copies the tracepoint's nargs arguments (at most bpf.CtxNArgs)
// from the raw tracepoint context and clears the others.
func fragment(id uint32, nargs int) asm.Instructions {
	n := min(max(nargs, 0), bpf.CtxNArgs)
	var insns asm.Instructions
	for i := range n {
		insns = append(insns,
			asm.LoadMem(asm.R0, bpf.RegCtx, int16(8*i), asm.DWord),
			asm.StoreMem(bpf.RegProbeCtx, bpf.CtxArg(i), asm.R0, asm.DWord),
		)
	}
	insns = append(insns, tramp.ClearArgs(n)...)
	insns = append(insns, tramp.ClearErrno())
	return append(insns, tramp.Fire(id, "")...)
}

// skipGroup tells the groups whose events are not probes of this provider.
var skipGroup = regexp.MustCompile(`^(syscalls|kprobes|uprobes|dt_pid|dt_[0-9]+_.*)$`)

// catalog is what the provider knows of the kernel's tracepoints: one per
// tracefs directory, shared by the provider's three names.
type catalog struct {
	once   sync.Once
	events []Event
	data   []any // data[i] is events[i] boxed once, the Data of its probes
	err    error

	namesOnce sync.Once
	names     map[string]bool
}

var catalogs struct {
	mu    sync.Mutex
	byDir map[string]*catalog
}

// events returns the tracepoint events, reading available_events the first
// time.
func (p *Provider) events() ([]Event, error) {
	c := p.catalog()
	c.once.Do(func() {
		cat, err := tracefs.Open(p.sys.Tracefs)
		if err != nil {
			c.err = err
			return
		}
		c.events = make([]Event, 0, len(cat.Events))
		for _, ev := range cat.Events {
			if skipGroup.MatchString(ev.Group) {
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

// catalog returns the catalog of the provider's tracefs directory.
func (p *Provider) catalog() *catalog {
	catalogs.mu.Lock()
	defer catalogs.mu.Unlock()
	if catalogs.byDir == nil {
		catalogs.byDir = make(map[string]*catalog)
	}
	c := catalogs.byDir[p.sys.Tracefs]
	if c == nil {
		c = new(catalog)
		catalogs.byDir[p.sys.Tracefs] = c
	}
	return c
}

// HasName reports whether some tracepoint is called name, without making
// the provider's probes: the registry asks before enumerating a provider
// for a description such as :::BEGIN.
//
// A name that is not an identifier (tick-1ms, profile-97) is nobody's
// event name, static tracepoints being C identifiers and the kernel
// refusing others for dynamic events: it is answered without reading
// tracefs, which takes a millisecond or two.
func (p *Provider) HasName(name string) bool {
	if !eventName(name) {
		return false
	}
	evs, err := p.events()
	if err != nil {
		return true // let enumeration report the error
	}
	c := p.catalog()
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
