// Package fbt is the function boundary tracing provider: fbt:MODULE:FUNC:entry
// and fbt:MODULE:FUNC:return for every kernel function that can be traced,
// MODULE being vmlinux for the core kernel and the module's name otherwise.
//
// The functions are those of the kernel's BTF (vmlinux's and every loaded
// module's split BTF under /sys/kernel/btf), which also gives their
// prototypes. Where tracefs's available_filter_functions can be read, it
// is the list of what the kernel lets be probed: functions of BTF it does
// not list are left out, and those it lists without BTF (functions BTF's
// generator skipped) are added, with untyped arguments. Compiler-made
// copies of functions (name.isra.0, name.cold) are never probes, as in
// Oracle's DTrace.
//
// Entry probes pass the function's arguments in argument slots, one per
// register of the calling convention: a struct or union of 9 to 16 bytes
// passed by value takes two slots, and args[] maps each parameter to its
// first slot (libdtrace's argument mapping). Return probes pass arg0 = -1
// (the offset of the return instruction, which neither fexit nor a
// kretprobe knows) and arg1 the return value, args[1] typed as the
// function returns it.
//
// How probes attach is chosen by probing the kernel, never by its
// version (see attach.go): fentry/fexit programs for a few functions,
// one kprobe_multi/kretprobe_multi link for many (the probe's id in each
// function's cookie, so one program serves them all), and single kprobes
// on kernels without kprobe_multi.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package fbt

import (
	"strings"
	"sync"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
)

// The probe names.
const (
	Entry  = "entry"
	Return = "return"
)

// Vmlinux is the module field of the core kernel's functions.
const Vmlinux = "vmlinux"

// Function is what the Data of a kernel function's two probes points to:
// the BTF the function's prototype is read from, and its FUNC type there.
// BTF is nil when BTF does not describe the function. The probes' Module
// and Function fields name it.
type Function struct {
	BTF *kbtf.Spec
	ID  kbtf.TypeID
}

// Provider is the fbt provider.
type Provider struct {
	sys providers.System

	once sync.Once
	cat  *catalog
	err  error

	// names renders argument types, one Namer per BTF.
	namesMu sync.Mutex
	names   map[*kbtf.Spec]*namer

	// available_filter_functions, read once for Site.
	filterOnce sync.Once
	filter     *filter

	// how probes attach here, found once (attach.go).
	featOnce sync.Once
	fentryMu sync.Mutex
	// manyArgs holds, for functions of more argument slots than every
	// kernel's trampolines take, whether an fentry program attaches
	// (nil) or why not.
	manyArgs map[string]error
	feat     features
}

// New returns the fbt provider, reading the kernel's functions from sys.
func New(sys providers.System) *Provider {
	return &Provider{sys: sys.Shared(), names: map[*kbtf.Spec]*namer{}}
}

// Name returns "fbt".
func (*Provider) Name() string { return "fbt" }

// HasName reports whether name is entry or return: the registry asks
// before listing every kernel function for a description such as :::BEGIN.
func (*Provider) HasName(name string) bool { return name == Entry || name == Return }

// Probes returns an entry and a return probe for every function, vmlinux's
// first, then each module's, by module name.
func (p *Provider) Probes() ([]*providers.Probe, error) {
	c, err := p.functions()
	if err != nil {
		return nil, err
	}
	// Two allocations for all the probes (over 100,000 on a distribution
	// kernel) and their pointers.
	all := make([]providers.Probe, 2*len(c.funcs))
	ps := make([]*providers.Probe, len(all))
	for _, m := range c.mods {
		for i := m.start; i < m.end; i++ {
			f, name := &c.funcs[i], c.names[i]
			all[2*i] = providers.Probe{Provider: "fbt", Module: m.name, Function: name, Name: Entry, NArgs: -1, Data: f}
			all[2*i+1] = providers.Probe{Provider: "fbt", Module: m.name, Function: name, Name: Return, NArgs: -1, Data: f}
			ps[2*i], ps[2*i+1] = &all[2*i], &all[2*i+1]
		}
	}
	return ps, nil
}

// NumProbes returns the number of probes Probes returns: the registry
// counts them for a listing (providers.Streamer).
func (p *Provider) NumProbes() (int, error) {
	c, err := p.functions()
	if err != nil {
		return 0, err
	}
	return 2 * len(c.funcs), nil
}

// EachProbe passes the probes Probes returns, in order, to yield, in one
// Probe it changes: listing every function's probes makes none of them.
func (p *Provider) EachProbe(yield func(*providers.Probe) bool) {
	c, err := p.functions()
	if err != nil {
		return
	}
	pr := new(providers.Probe)
	for _, m := range c.mods {
		for i := m.start; i < m.end; i++ {
			*pr = providers.Probe{Provider: "fbt", Module: m.name, Function: c.names[i], Name: Entry, NArgs: -1, Data: &c.funcs[i]}
			if !yield(pr) {
				return
			}
			*pr = providers.Probe{Provider: "fbt", Module: m.name, Function: c.names[i], Name: Return, NArgs: -1, Data: &c.funcs[i]}
			if !yield(pr) {
				return
			}
		}
	}
}

// Lookup returns nil: every function is listed.
func (*Provider) Lookup(module, function, name string) *providers.Probe { return nil }

// functions returns the kernel's traceable functions, read once.
func (p *Provider) functions() (*catalog, error) {
	p.once.Do(func() { p.cat, p.err = readFunctions(p.sys) })
	return p.cat, p.err
}

// synthetic reports whether name is a compiler-made copy of a function
// (foo.isra.0, foo.cold, foo.constprop.0): not an fbt probe.
func synthetic(name string) bool { return strings.IndexByte(name, '.') >= 0 }

// function returns the function probe pr is of.
func function(pr *providers.Probe) (*Function, bool) {
	f, ok := pr.Data.(*Function)
	return f, ok
}
