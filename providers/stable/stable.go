// Package stable is DTrace's stable providers, proc, sched and io, built
// on the kernel's tracepoints (raw tracepoints, including the bare ones
// only BTF lists, such as sched_exit_tp): each probe fires at one or more
// tracepoints, under conditions on their arguments, and passes DTrace's
// arguments, read from the tracepoint's arguments and the kernel's
// structures (member offsets from the running kernel's BTF). The typed
// arguments (lwpsinfo_t *, psinfo_t *, bufinfo_t *...) are translated by
// the D library's translators from their native types (struct
// task_struct *, struct request *), as a clause reads their members.
//
// A probe whose tracepoint the kernel lacks is not listed. The probes
// that no tracepoint serves (proc:::start, lwp-start, signal-clear,
// io:::wait-start, wait-done) are never listed; Missing says why.
package stable

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// Names are the providers' names.
var Names = []string{"proc", "sched", "io"}

// attributes are those the DTrace guides give the proc, sched and io
// providers: evolving names and arguments, private modules and
// functions.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Args:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
}

// probeDef is a probe of one of the providers.
type probeDef struct {
	name  string
	args  []arg
	sites []site
	// missing, when not empty, says why the probe is not provided.
	missing string
}

// arg is one of a probe's typed arguments: its type as clauses see it and
// -lv lists it, and the native type its translator takes ("" when the
// argument is not translated).
type arg struct {
	typ, native string
}

// site is a tracepoint a probe fires at: when every condition holds,
// with vals[i] as argument i.
type site struct {
	tp    string
	conds []cond
	vals  []val
}

// Sources of a value besides a tracepoint argument (src >= 0).
const (
	srcCurrent = -1 // the current task (bpf_get_current_task)
)

// val is a value computed from a tracepoint's argument src (or srcCurrent),
// read through the members path leads to: each step reads size bytes at
// the member's offset from the value so far.
type val struct {
	src  int
	path []step
	// neg negates the value.
	neg bool
	// xform transforms the value read.
	xform xform
	// orElse is the value used instead when src is 0 (a NULL pointer).
	orElse *val
}

// step is a read of a member (path within struct st) of size bytes.
type step struct {
	st      string
	members []string
	size    int
}

// xform is a transformation of a value.
type xform int

const (
	xformNone xform = iota
	// exitReason turns an exit code (wait status) into proc:::exit's
	// reason: CLD_EXITED, CLD_KILLED or CLD_DUMPED.
	exitReason
)

// cond is a condition on a value.
type cond struct {
	v     val
	op    condOp
	in    []int64
	other val
}

type condOp int

const (
	condNonZero condOp = iota
	condZero
	condNeg   // the value, signed, is negative
	condIn    // the value is one of in
	condEqVal // the value equals other's
	condNeVal // the value differs from other's
)

// Missing returns the probes of provider name that this build cannot
// provide, with why, as "name: reason" lines in name order.
func Missing(name string) []string {
	var out []string
	for _, d := range defs[name] {
		if d.missing != "" {
			out = append(out, d.name+": "+d.missing)
		}
	}
	sort.Strings(out)
	return out
}

// Provider is one of proc, sched and io.
type Provider struct {
	name string
	sys  providers.System
	cat  *catalog
}

// catalog is what the providers know of the kernel, shared.
type catalog struct {
	once sync.Once
	tps  map[string]bool
	err  error
}

// New returns the provider called name (proc, sched or io) over sys.
func New(name string, sys providers.System) *Provider {
	return &Provider{name: name, sys: sys.Shared(), cat: new(catalog)}
}

// Providers returns proc, sched and io, sharing what they read of the
// kernel.
func Providers(sys providers.System) []providers.Provider {
	sys = sys.Shared()
	cat := new(catalog)
	out := make([]providers.Provider, len(Names))
	for i, n := range Names {
		out[i] = &Provider{name: n, sys: sys, cat: cat}
	}
	return out
}

// Name returns the provider's name.
func (p *Provider) Name() string { return p.name }

// Attributes returns the provider's stability attributes.
func (p *Provider) Attributes() providers.Attributes { return attributes }

// tracepoints returns which of the tracepoints the probes use the
// kernel may have: those of tracefs's catalog, and the bare tracepoints
// (named *_tp), which tracefs does not list; without tracefs, every one.
// Reading the kernel's BTF to tell would cost every start of dtrace (an
// unqualified description lists every provider's probes): Plan checks,
// for the probes enabled.
func (p *Provider) tracepoints() (map[string]bool, error) {
	c := p.cat
	c.once.Do(func() {
		want := map[string]bool{}
		for _, ds := range defs {
			for _, d := range ds {
				for _, s := range d.sites {
					want[s.tp] = false
				}
			}
		}
		cat, err := p.sys.Events()
		for name := range want {
			want[name] = err != nil || strings.HasSuffix(name, "_tp")
		}
		if err == nil {
			for _, ev := range cat.Events {
				if _, ok := want[ev.Name]; ok {
					want[ev.Name] = true
				}
			}
		}
		c.tps = want
	})
	return c.tps, c.err
}

// Probes returns the probes whose every tracepoint the kernel has.
func (p *Provider) Probes() ([]*providers.Probe, error) {
	tps, err := p.tracepoints()
	if err != nil {
		return nil, fmt.Errorf("%s provider: %w", p.name, err)
	}
	var out []*providers.Probe
	for i := range defs[p.name] {
		d := &defs[p.name][i]
		if d.missing != "" || !d.available(tps) {
			continue
		}
		out = append(out, &providers.Probe{Provider: p.name, Module: "vmlinux", Name: d.name, NArgs: len(d.args), Data: d})
	}
	return out, nil
}

func (d *probeDef) available(tps map[string]bool) bool {
	for _, s := range d.sites {
		if !tps[s.tp] {
			return false
		}
	}
	return len(d.sites) > 0
}

// Lookup returns nil: every probe is listed.
func (p *Provider) Lookup(module, function, name string) *providers.Probe { return nil }

// ArgTypes returns the types of a probe's arguments as -lv lists them.
func (p *Provider) ArgTypes(pr *providers.Probe) ([]string, error) {
	d, ok := pr.Data.(*probeDef)
	if !ok {
		return nil, fmt.Errorf("%s provider: %s is not one of its probes", p.name, pr.Name)
	}
	out := make([]string, len(d.args))
	for i, a := range d.args {
		out[i] = a.typ
	}
	return out, nil
}

// ArgDescs returns a probe's typed arguments, each in its slot, with the
// native type of those the D library translates.
func (p *Provider) ArgDescs(pr *providers.Probe) ([]providers.ArgDesc, bool, error) {
	d, ok := pr.Data.(*probeDef)
	if !ok {
		return nil, false, fmt.Errorf("%s provider: %s is not one of its probes", p.name, pr.Name)
	}
	out := make([]providers.ArgDesc, len(d.args))
	for i, a := range d.args {
		out[i] = providers.ArgDesc{Type: a.typ, Native: a.native, Slot: i}
	}
	return out, true, nil
}

// Plan makes a raw tracepoint program per probe and tracepoint.
func (p *Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	spec, err := p.sys.KernelBTF()
	if err != nil {
		return nil, fmt.Errorf("%s provider: %w", p.name, err)
	}
	var out []*providers.Attachment
	for _, pr := range probes {
		d, ok := pr.Data.(*probeDef)
		if !ok {
			return nil, fmt.Errorf("%s provider: %s is not one of its probes", p.name, pr.Name)
		}
		for _, s := range d.sites {
			if _, ok := spec.TypeByName(kbtf.KindTypedef, "btf_trace_"+s.tp); !ok {
				return nil, fmt.Errorf("%s:::%s: the kernel has no tracepoint %s", p.name, d.name, s.tp)
			}
			frag, err := fragment(spec, pr.ID, s)
			if err != nil {
				return nil, fmt.Errorf("%s:::%s: %w", p.name, d.name, err)
			}
			tp := s.tp
			out = append(out, &providers.Attachment{
				Name:     strings.ReplaceAll(p.name+"_"+d.name, "-", "_"),
				Type:     ebpf.RawTracepoint,
				AttachTo: tp,
				Probes:   []*providers.Probe{pr},
				Fragment: frag,
				Stack:    tramp.RawTracepointStack(tp),
				Attach: func(prog *ebpf.Program) (io.Closer, error) {
					return bpf.AttachRawTracepoint(prog, tp)
				},
			})
		}
	}
	return out, nil
}
