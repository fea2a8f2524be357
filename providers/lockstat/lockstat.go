// Package lockstat is DTrace's lockstat provider as DTrace for Linux has it
// (libdtrace/dt_prov_lockstat.c, and lockstat.d's RW_READER and
// RW_WRITER): lockstat:vmlinux::NAME for the kernel's mutexes (adaptive-
// probes), spin locks (spin-) and reader-writer locks (rw-), each passing
// the lock's address as arg0; the spin and block probes the time spent
// (nanoseconds) as arg1; the rw probes whether the lock was taken for
// reading (RW_READER, 1) or writing (RW_WRITER, 0), as arg1 of rw-acquire
// and rw-release and arg2 of rw-spin and rw-block.
//
// Where the kernel can probe functions (fentry/fexit, else kprobes, as the
// fbt provider attaches: fbt.Provider.Site) the probes fire in the lock
// functions where DTrace for Linux places them: adaptive-acquire at
// mutex_lock's return, adaptive-release at mutex_unlock's,
// adaptive-acquire-error at mutex_lock_killable's and
// mutex_lock_interruptible's when they fail; adaptive-block at
// mutex_lock's return with the time spent in schedule_preempt_disabled
// meanwhile, adaptive-spin with the time since its last _raw_spin_lock;
// spin-acquire and spin-release at the returns of _raw_spin_lock*,
// _raw_spin_trylock* (when it took the lock) and _raw_spin_unlock*;
// rw-acquire and rw-release at those of _raw_read_lock*, _raw_write_lock*,
// their trylocks and unlocks; spin-spin and rw-spin at the return of the
// queued locks' slow paths, timed from their entry. A probe's
// state between those places (the lock, the times) is kept per thread in a
// hash map of its own, keyed by the thread: a mutex's waiter sleeps, and
// may wake on another CPU. A probe does not fire within another firing
// on its CPU (the lock just taken may be the ring buffer's, which that
// firing's clause holds). At a return, fexit reads the lock from the
// function's arguments; a kretprobe cannot, and the lock is kept from
// the entry.
//
// Where the kernel cannot probe functions (this host: no kprobes, fentry
// refused), the spin and block probes fire at the contention tracepoints
// (lock:contention_begin and contention_end), from the kind of lock and
// wait contention_begin's flags say (LCB_F_MUTEX, LCB_F_SPIN, LCB_F_READ,
// LCB_F_WRITE): adaptive-spin and adaptive-block at a mutex's
// contention_end with the time it spun or blocked since its first
// contention_begin, spin-spin at a spin lock's, rw-spin at a rwlock_t's,
// rw-block at a rw_semaphore's (rw-block has only these sites: DTrace
// for Linux has no rw-block, Linux's rwlock_t never blocks), and
// adaptive-acquire-error at a mutex's contention_end that says the wait
// failed (a mutex_lock_interruptible or _killable fails only after
// waiting). The acquire and release probes are listed there, and Missing
// says why they cannot fire; enabling one fails with the reason.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package lockstat

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// Name is the provider's name.
const Name = "lockstat"

// attributes are dt_prov_lockstat.c's: evolving names and arguments of
// the ISA class, private modules and functions.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Args:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
}

// probeDef is a probe: its argument types, its sites in kernel functions
// (fns) and at the contention tracepoints (tps), either empty. It fires
// at fns where the kernel can probe a function of each, else at tps.
type probeDef struct {
	name     string
	args     []string
	fns, tps []site
}

// op is what a site does with the thread's state: the lock it is taking,
// when the timed phase in progress began (t0, 0 for none), the time of
// the phases ended (acc), contention_begin's flags.
type op int

const (
	// opStart begins tracking the thread's acquisition of the lock:
	// t0 now when timed, else 0. With resume, at a tracepoint, an
	// acquisition of the same lock tracked already goes on: only t0 is
	// set.
	opStart op = iota
	// opMark begins a timed phase of the acquisition tracked: t0 = now.
	opMark
	// opPause ends it: acc += now - t0, t0 = 0.
	opPause
	// opFire ends the acquisition: the probe fires with vals, when
	// conds hold.
	opFire
)

// site is a place a probe's program runs at: a raw tracepoint, or the
// entry or return of the kernel functions fns names (patterns over
// vmlinux's functions).
type site struct {
	tp  string
	fns []string
	ret bool
	op  op
	// flags, at contention_begin, are the values of its flags the site
	// takes.
	flags  []uint32
	timed  bool
	resume bool
	vals   []val
	conds  []cond
}

// val is an argument a probe fires with.
type val int

const (
	valLock val = iota // the lock's address
	valTime            // the time of the phases tracked (acc, and the one in progress)
	valRet             // the function's return value, an int
	valRead            // RW_READER (1) or RW_WRITER (0): from the function's name, or contention_begin's flags
)

// cond is a condition of a firing.
type cond int

const (
	condTime       cond = iota // the time is not 0
	condRetNonZero             // the function failed
	condRetZero                // contention_end: the lock was taken
	condTrylock                // in a trylock function, it returned 1 (took the lock)
)

// where names the site for messages.
func (s site) where() string {
	if s.tp != "" {
		return "tracepoint " + s.tp
	}
	fns := strings.Join(s.fns, ", ")
	switch {
	case len(s.fns) == 1 && !probe.IsGlob(s.fns[0]) && s.ret:
		return fns + "'s return"
	case len(s.fns) == 1 && !probe.IsGlob(s.fns[0]):
		return fns + "'s entry"
	case s.ret:
		return "the returns of " + fns
	}
	return "the entries of " + fns
}

// tracks reports whether sites keep the thread's state from a start.
func tracks(sites []site) bool {
	return slices.ContainsFunc(sites, func(s site) bool { return s.op == opStart })
}

// Provider is the lockstat provider.
type Provider struct {
	sys providers.System

	// tps says whether the kernel has the contention tracepoints, from
	// tracefs's catalog (true without one), read once.
	tpsOnce sync.Once
	tps     bool

	fbtOnce sync.Once
	fbt     *fbt.Provider
}

// New returns the lockstat provider of sys.
func New(sys providers.System) *Provider { return &Provider{sys: sys.Shared()} }

// Name returns "lockstat".
func (*Provider) Name() string { return Name }

// Attributes returns the provider's stability attributes.
func (*Provider) Attributes() providers.Attributes { return attributes }

// HasName reports whether one of the provider's probes is called name,
// without reading the kernel.
func (*Provider) HasName(name string) bool {
	return slices.ContainsFunc(defs, func(d probeDef) bool { return d.name == name })
}

// Lookup returns nil: every probe is listed.
func (*Provider) Lookup(module, function, name string) *providers.Probe { return nil }

// fbtProvider returns the fbt provider the probes in kernel functions
// attach through.
func (p *Provider) fbtProvider() *fbt.Provider {
	p.fbtOnce.Do(func() { p.fbt = fbt.New(p.sys) })
	return p.fbt
}

// haveTracepoints reports whether tracefs's catalog lists both
// contention tracepoints; true where it cannot be read (Plan checks the
// kernel's BTF).
func (p *Provider) haveTracepoints() bool {
	p.tpsOnce.Do(func() {
		cat, err := p.sys.Events()
		if err != nil {
			p.tps = true
			return
		}
		n := 0
		for _, ev := range cat.Events {
			if ev.Name == tpBegin || ev.Name == tpEnd {
				n++
			}
		}
		p.tps = n == 2
	})
	return p.tps
}

// Probes returns the probes that may fire here: those with sites in
// kernel functions (Missing says when this kernel cannot probe them),
// and those with sites at the contention tracepoints where the kernel
// has them.
func (p *Provider) Probes() ([]*providers.Probe, error) {
	var out []*providers.Probe
	for i := range defs {
		d := &defs[i]
		if len(d.fns) == 0 && !p.haveTracepoints() {
			continue
		}
		out = append(out, &providers.Probe{Provider: Name, Module: fbt.Vmlinux, Name: d.name, NArgs: len(d.args), Data: d})
	}
	return out, nil
}

// ArgTypes returns the types of a probe's arguments.
func (p *Provider) ArgTypes(pr *providers.Probe) ([]string, error) {
	d, err := def(pr)
	if err != nil {
		return nil, err
	}
	return slices.Clone(d.args), nil
}

// ArgDescs returns a probe's typed arguments, each in its slot.
func (p *Provider) ArgDescs(pr *providers.Probe) ([]providers.ArgDesc, bool, error) {
	d, err := def(pr)
	if err != nil {
		return nil, false, err
	}
	out := make([]providers.ArgDesc, len(d.args))
	for i, a := range d.args {
		out[i] = providers.ArgDesc{Type: a, Slot: i}
	}
	return out, true, nil
}

func def(pr *providers.Probe) (*probeDef, error) {
	d, ok := pr.Data.(*probeDef)
	if !ok {
		return nil, fmt.Errorf("lockstat provider: %s is not one of its probes", probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name))
	}
	return d, nil
}

// functions returns the names of vmlinux's functions that patterns match,
// each once, in the patterns' order: those BTF describes (fbt's).
func functions(spec *kbtf.Spec, patterns []string) []string {
	var out []string
	for _, pat := range patterns {
		if !probe.IsGlob(pat) {
			if _, ok := spec.TypeByName(kbtf.KindFunc, pat); ok && !slices.Contains(out, pat) {
				out = append(out, pat)
			}
			continue
		}
		_, names := spec.Names(kbtf.KindFunc)
		var matched []string
		for _, n := range names {
			if strings.IndexByte(n, '.') < 0 && probe.Glob(pat, n) && !slices.Contains(out, n) && !slices.Contains(matched, n) {
				matched = append(matched, n)
			}
		}
		slices.Sort(matched)
		out = append(out, matched...)
	}
	return out
}

// funcSites returns, for each of sites, the sites fbt gives the functions
// it names that this kernel can probe; an error when it can probe none
// of one's.
func (p *Provider) funcSites(spec *kbtf.Spec, d *probeDef, sites []site) ([][]*fbt.Site, error) {
	out := make([][]*fbt.Site, len(sites))
	for i, s := range sites {
		names := functions(spec, s.fns)
		if len(names) == 0 {
			what := "no function " + s.fns[0]
			if len(s.fns) > 1 || probe.IsGlob(s.fns[0]) {
				what = "none of those functions"
			}
			return nil, fmt.Errorf("lockstat:::%s fires at %s, and the kernel has %s", d.name, s.where(), what)
		}
		var first error
		for _, fn := range names {
			fs, err := p.fbtProvider().Site(fn, s.ret)
			if err != nil {
				if first == nil {
					first = err
				}
				continue
			}
			out[i] = append(out[i], fs)
		}
		if len(out[i]) == 0 {
			var ke *providers.KernelError
			if errors.As(first, &ke) {
				return nil, &providers.KernelError{Reason: fmt.Sprintf("lockstat:::%s fires at %s, and %s", d.name, s.where(), ke.Reason), Err: first}
			}
			return nil, fmt.Errorf("lockstat:::%s fires at %s, and %w", d.name, s.where(), first)
		}
	}
	return out, nil
}

// Missing returns the probes listed that cannot fire here, with why, as
// "name: reason" lines: those with sites in kernel functions only, where
// the kernel can probe none of a site's.
func (p *Provider) Missing() []string {
	spec, err := p.sys.KernelBTF()
	var out []string
	for i := range defs {
		d := &defs[i]
		if len(d.fns) == 0 || (len(d.tps) > 0 && p.haveTracepoints()) {
			continue
		}
		if err == nil {
			_, err := p.funcSites(spec, d, d.fns)
			if err == nil {
				continue
			}
			out = append(out, d.name+": it "+strings.TrimPrefix(err.Error(), "lockstat:::"+d.name+" "))
			continue
		}
		out = append(out, fmt.Sprintf("%s: it fires at %s, and the kernel's functions are not known (%v)", d.name, d.fns[0].where(), err))
	}
	return out
}

// Plan makes the programs of each probe: at its sites in kernel
// functions where the kernel can probe them, else at the contention
// tracepoints.
func (p *Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	spec, err := p.sys.KernelBTF()
	if err != nil {
		return nil, fmt.Errorf("lockstat provider: %w", err)
	}
	var out []*providers.Attachment
	for _, pr := range probes {
		d, err := def(pr)
		if err != nil {
			return nil, err
		}
		var as []*providers.Attachment
		var ferr error
		if len(d.fns) > 0 {
			as, ferr = p.planFuncs(spec, pr, d)
		}
		if ferr != nil || len(d.fns) == 0 {
			if len(d.tps) == 0 {
				return nil, ferr
			}
			if as, err = p.planTracepoints(spec, pr, d); err != nil {
				return nil, bothFailed(ferr, err)
			}
		}
		out = append(out, as...)
	}
	return out, nil
}

// bothFailed is the error of a probe that can fire neither in kernel
// functions (ferr, nil when it has none) nor at the tracepoints (terr):
// a *providers.KernelError giving both reasons when both are.
func bothFailed(ferr, terr error) error {
	var fk, tk *providers.KernelError
	if !errors.As(ferr, &fk) || !errors.As(terr, &tk) {
		return terr
	}
	return &providers.KernelError{Reason: fk.Reason + "; " + strings.TrimPrefix(tk.Reason, "lockstat:::"), Err: errors.Join(ferr, terr)}
}

// attachmentName is a probe's programs' name.
func attachmentName(d *probeDef) string {
	return "lockstat_" + strings.ReplaceAll(d.name, "-", "_")
}

// planFuncs makes the programs of probe pr at its sites in kernel
// functions: one per site and function the kernel can probe, and at a
// kretprobe that fires with the lock's address (which it cannot read) a
// program at the function's entry that keeps it for the return.
func (p *Provider) planFuncs(spec *kbtf.Spec, pr *providers.Probe, d *probeDef) ([]*providers.Attachment, error) {
	all, err := p.funcSites(spec, d, d.fns)
	if err != nil {
		return nil, err
	}
	st := newState(d.name)
	tracked := tracks(d.fns)
	var out []*providers.Attachment
	for i, s := range d.fns {
		for _, fs := range all[i] {
			f := &frag{id: pr.ID, site: s, fs: fs, fn: fs.Func, state: st}
			if s.op == opFire && !tracked {
				if fs.Mode == "fentry" {
					// fexit reads the lock from the arguments.
					f.state = nil
				} else {
					es, err := p.fbtProvider().Site(fs.Func, false)
					if err != nil {
						return nil, fmt.Errorf("lockstat:::%s: %w", d.name, err)
					}
					keep := &frag{id: pr.ID, site: site{fns: s.fns, op: opStart}, fs: es, fn: fs.Func, state: st}
					out = append(out, keep.attachment(d, nil))
				}
			}
			var fired []*providers.Probe
			if s.op == opFire {
				fired = []*providers.Probe{pr}
			}
			out = append(out, f.attachment(d, fired))
		}
	}
	return out, nil
}

// planTracepoints makes a program per contention tracepoint of probe pr,
// running the sites at it in turn.
func (p *Provider) planTracepoints(spec *kbtf.Spec, pr *providers.Probe, d *probeDef) ([]*providers.Attachment, error) {
	st := newState(d.name)
	var out []*providers.Attachment
	for _, tp := range []string{tpBegin, tpEnd} {
		var sites []site
		for _, s := range d.tps {
			if s.tp == tp {
				sites = append(sites, s)
			}
		}
		if len(sites) == 0 {
			continue
		}
		if _, ok := spec.TypeByName(kbtf.KindTypedef, "btf_trace_"+tp); !ok {
			return nil, &providers.KernelError{Reason: fmt.Sprintf("lockstat:::%s fires at tracepoint %s, which this kernel does not have", d.name, tp),
				Err: fmt.Errorf("no tracepoint %s", tp)}
		}
		f := &frag{id: pr.ID, tpSites: sites, state: st}
		var fired []*providers.Probe
		if slices.ContainsFunc(sites, func(s site) bool { return s.op == opFire }) {
			fired = []*providers.Probe{pr}
		}
		out = append(out, f.attachment(d, fired))
	}
	return out, nil
}

// attachment returns the attachment of f's program, firing probes (none
// for a program that only keeps the state), which holds f's state map
// until it is detached.
func (f *frag) attachment(d *probeDef, probes []*providers.Probe) *providers.Attachment {
	a := &providers.Attachment{
		Name:     attachmentName(d),
		Probes:   probes,
		Fragment: f.fragment,
	}
	var attach func(*ebpf.Program) (io.Closer, error)
	if f.fs != nil {
		a.Type, a.AttachType, a.AttachTo, a.Stack = f.fs.Type, f.fs.AttachType, f.fs.AttachTo, f.fs.Stack
		attach = f.fs.Attach
	} else {
		tp := f.tpSites[0].tp
		a.Type, a.AttachTo, a.Stack = ebpf.RawTracepoint, tp, tramp.RawTracepointStack(tp)
		attach = func(prog *ebpf.Program) (io.Closer, error) { return bpf.AttachRawTracepoint(prog, tp) }
	}
	st := f.state
	if st == nil {
		a.Attach = attach
		return a
	}
	st.hold()
	a.Attach = func(prog *ebpf.Program) (io.Closer, error) {
		c, err := attach(prog)
		if err != nil {
			return nil, err
		}
		return &holding{Closer: c, state: st}, nil
	}
	return a
}
