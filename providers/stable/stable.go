// Package stable is DTrace's stable providers, proc, sched and io, and its
// network providers, ip, tcp and udp (net.go), built on the kernel's
// tracepoints (raw tracepoints, including the bare ones
// only BTF lists, such as sched_exit_tp): each probe fires at one or more
// tracepoints, under conditions on their arguments, and passes DTrace's
// arguments, read from the tracepoint's arguments and the kernel's
// structures (member offsets from the running kernel's BTF). The typed
// arguments (lwpsinfo_t *, psinfo_t *, bufinfo_t *...) are translated by
// the D library's translators from their native types (struct
// task_struct *, struct request *), as a clause reads their members.
//
// The probes no tracepoint serves (proc:::start and lwp-start, at the
// return of schedule_tail in the new thread; io:::wait-start and
// wait-done, at the entry and return of submit_bio_wait) fire in kernel
// functions, attached as the fbt provider attaches (fentry/fexit, else a
// kprobe or kretprobe). A probe whose tracepoint the kernel lacks is not
// listed; one whose function this kernel cannot probe is listed, Missing
// says why, and enabling it fails with the reason.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package stable

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// Names are the providers' names.
var Names = []string{"proc", "sched", "io", "ip", "tcp", "udp"}

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
	// better, when not empty, are the sites used instead where the
	// kernel can probe their functions (and read there what they read):
	// places closer to DTrace's than the tracepoints'.
	better []site
	// missing, when not empty, says why the probe is not provided.
	missing string
}

// arg is one of a probe's typed arguments: its type as clauses see it and
// -lv lists it, and the native type its translator takes ("" when the
// argument is not translated).
type arg struct {
	typ, native string
}

// site is a tracepoint, or a kernel function's entry or return (fn, ret),
// a probe fires at: when every condition holds, with vals[i] as argument
// i.
type site struct {
	tp    string
	fn    string
	ret   bool
	conds []cond
	vals  []val
	// alt, when not nil, is the site used instead on a kernel whose
	// tracepoint passes fewer arguments than this site reads.
	alt *site
}

// maxSrc returns the greatest argument of the tracepoint s reads, -1 for
// none.
func (s site) maxSrc() int {
	n := -1
	var see func(v val)
	see = func(v val) {
		n = max(n, v.src)
		for _, w := range []*val{v.orElse, v.plus} {
			if w != nil {
				see(*w)
			}
		}
		for _, c := range v.onlyIf {
			see(c.v)
			see(c.other)
		}
	}
	for _, c := range s.conds {
		see(c.v)
		see(c.other)
	}
	for _, v := range s.vals {
		see(v)
	}
	return n
}

// forKernel returns the site to use on the kernel spec describes: s, or
// its alternative where the tracepoint passes fewer arguments than s
// reads.
func (s site) forKernel(spec *kbtf.Spec) (site, error) {
	n, err := tracepointArgs(spec, s.tp)
	if err != nil {
		return s, err
	}
	if s.maxSrc() < n {
		return s, nil
	}
	if s.alt != nil {
		return s.alt.forKernel(spec)
	}
	return s, fmt.Errorf("the kernel's tracepoint %s passes %d arguments, not %d", s.tp, n, s.maxSrc()+1)
}

// tracepointArgs returns the number of arguments tracepoint tp passes, from
// its btf_trace_ typedef: a pointer to a prototype whose first parameter
// is the context.
func tracepointArgs(spec *kbtf.Spec, tp string) (int, error) {
	id, ok := spec.TypeByName(kbtf.KindTypedef, "btf_trace_"+tp)
	if !ok {
		return 0, fmt.Errorf("the kernel has no tracepoint %s", tp)
	}
	for range 4 {
		t, ok := spec.Type(id)
		if !ok {
			break
		}
		switch t.Kind() {
		case kbtf.KindTypedef, kbtf.KindPtr:
			id = t.Ref()
			continue
		case kbtf.KindFuncProto:
			return t.Vlen() - 1, nil
		}
		break
	}
	return 0, fmt.Errorf("the kernel's btf_trace_%s is not a pointer to a prototype", tp)
}

// where names the site for messages.
func (s site) where() string {
	switch {
	case s.fn == "":
		return "tracepoint " + s.tp
	case s.ret:
		return s.fn + "'s return"
	}
	return s.fn + "'s entry"
}

// Sources of a value besides a tracepoint's or function's argument (src
// >= 0).
const (
	srcCurrent = -1 // the current task (bpf_get_current_task)
	srcRet     = -2 // the function's return value
	srcConst   = -3 // the constant k
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
	// k is the value of a constant (src srcConst).
	k int64
	// plus, when not nil, is a value added to this one (a header's
	// offset to its buffer's head); it has no plus of its own.
	plus *val
	// onlyIf are conditions without which the value is 0 (the IPv4
	// header of a packet that is IPv4); only a site's values have them.
	onlyIf []cond
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
	// The network providers' (net.go):
	// l4Proto turns the address of an IPv4 or IPv6 header into its
	// protocol (IPv4's protocol, IPv6's next header), 255 for neither.
	l4Proto
	// l4Header turns the address of an IPv4 or IPv6 header into the
	// address of the header after it (IPv4's by its length, IPv6's
	// fixed one), 0 for neither.
	l4Header
	// tcpSock turns a socket into itself where it is a TCP connection's
	// (a full socket, a request or a time-wait socket), else into 0 (the
	// kernel's control socket its resets are sent from).
	tcpSock
	// tcpFlagsByte turns the address of a TCP header into its flags.
	tcpFlagsByte
	// timeWait turns the new state of inet_sock_set_state (arguments:
	// the socket, the old state, the new state) into TIME_WAIT where a
	// connection closing in FIN_WAIT2 or CLOSING after the peer's FIN,
	// without an error, is being moved to a time-wait socket.
	timeWait
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
	condPos   // the value, signed, is positive
	condClear // the value has none of the bits of in[0]
	condIn    // the value is one of in
	condEqVal // the value equals other's
	condNeVal // the value differs from other's
	condSet   // the value has every bit of in[0]
	condOut   // the value is none of in
)

// Missing returns the probes of provider name that this build cannot
// provide, or that fire in kernel functions this kernel (sys) cannot
// probe, with why, as "name: reason" lines in name order.
func Missing(name string, sys providers.System) []string {
	var out []string
	var fbtp *fbt.Provider
	for _, d := range defs[name] {
		if d.missing != "" {
			out = append(out, d.name+": "+d.missing)
			continue
		}
		for _, s := range d.sites {
			if s.fn == "" {
				continue
			}
			if fbtp == nil {
				fbtp = fbt.New(sys)
			}
			if err := fbtp.Reason(s.fn); err != nil {
				out = append(out, fmt.Sprintf("%s: it fires at %s, and %v", d.name, s.where(), err))
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// Placements returns how the probes of provider name that fire in kernel
// functions where the kernel can probe them, and elsewhere at
// tracepoints, fire on this system (sys): "name: fires at ..." lines in
// name order, saying why where the functions cannot be probed.
func Placements(name string, sys providers.System) []string {
	var out []string
	var fbtp *fbt.Provider
	for _, d := range defs[name] {
		if len(d.better) == 0 || d.missing != "" {
			continue
		}
		if fbtp == nil {
			fbtp = fbt.New(sys)
		}
		var fns, tps []string
		var why error
		mode := ""
		for _, s := range d.better {
			if s.fn == "" {
				tps = append(tps, s.tp)
				continue
			}
			fns = append(fns, s.where())
			fs, err := fbtp.Site(s.fn, s.ret)
			if err != nil {
				if why == nil {
					why = err
				}
				continue
			}
			if mode == "" || mode == fs.Mode {
				mode = fs.Mode
			} else {
				mode = "fentry and kprobes"
			}
		}
		if why == nil {
			if len(tps) > 0 {
				fns = append(fns, tracepoints(tps))
			}
			out = append(out, fmt.Sprintf("%s: fires at %s (%s)", d.name, andList(fns), mode))
			continue
		}
		var at []string
		for _, s := range d.sites {
			at = append(at, s.tp)
		}
		msg := why.Error()
		var ke *providers.KernelError
		if errors.As(why, &ke) {
			msg = ke.Reason
		}
		out = append(out, fmt.Sprintf("%s: fires at %s, not at %s: %s", d.name, tracepoints(dedup(at)), andList(fns), msg))
	}
	sort.Strings(out)
	return out
}

// andList joins words as English does: "a", "a and b", "a, b and c".
func andList(ws []string) string {
	if len(ws) <= 1 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// tracepoints names tracepoints tps: "tracepoint a", "tracepoints a and
// b".
func tracepoints(tps []string) string {
	if len(tps) == 1 {
		return "tracepoint " + tps[0]
	}
	return "tracepoints " + andList(tps)
}

// dedup returns ws without repetitions, in order.
func dedup(ws []string) []string {
	var out []string
	for _, w := range ws {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// Provider is one of proc, sched, io, ip, tcp and udp.
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

	// fbt attaches the probes that fire in kernel functions.
	fbtOnce sync.Once
	fbt     *fbt.Provider
}

// fbtProvider returns the fbt provider the probes in kernel functions
// attach through (what it found of the kernel kept for the run).
func (p *Provider) fbtProvider() *fbt.Provider {
	p.cat.fbtOnce.Do(func() { p.cat.fbt = fbt.New(p.sys) })
	return p.cat.fbt
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

// HasName reports whether one of the provider's probes may be called
// name, without reading the kernel: the registry asks before enumerating
// the provider for a description such as :::BEGIN, which would otherwise
// list every provider registered before it, for their ids.
func (p *Provider) HasName(name string) bool {
	for i := range defs[p.name] {
		if defs[p.name][i].name == name {
			return true
		}
	}
	return false
}

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
					if s.tp != "" {
						want[s.tp] = false
					}
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

// available reports whether the kernel may have each of d's tracepoints
// (the functions a probe fires in are checked when it is enabled).
func (d *probeDef) available(tps map[string]bool) bool {
	for _, s := range d.sites {
		if s.tp != "" && !tps[s.tp] {
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

// Plan makes a program per probe and site: a raw tracepoint program, or
// an fentry/fexit (kprobe/kretprobe) program for a kernel function.
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
		name := strings.ReplaceAll(p.name+"_"+d.name, "-", "_")
		sites := d.sites
		if len(d.better) > 0 {
			if as, err := p.planFuncs(spec, pr, d, d.better, name); err == nil {
				out = append(out, as...)
				sites = nil
				for _, s := range d.better {
					if s.fn == "" {
						sites = append(sites, s)
					}
				}
			}
		}
		for _, s := range sites {
			if s.fn != "" {
				a, err := p.planFunc(spec, pr, d, s, name)
				if err != nil {
					return nil, err
				}
				out = append(out, a)
				continue
			}
			s, err := s.forKernel(spec)
			if err != nil {
				return nil, fmt.Errorf("%s:::%s: %w", p.name, d.name, err)
			}
			frag, err := fragment(spec, pr.ID, s, nil)
			if err != nil {
				return nil, fmt.Errorf("%s:::%s: %w", p.name, d.name, err)
			}
			tp := s.tp
			out = append(out, &providers.Attachment{
				Name:     name,
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
	fentryOrder(out)
	return out, nil
}

// fentryOrder reorders the programs attached to one function's fentry or
// fexit so that they run in the order of their probes (proc:::start
// before lwp-start, as in DTrace): the kernel's BPF trampoline runs the
// program attached last first, so those of one place are attached in the
// reverse order.
func fentryOrder(as []*providers.Attachment) {
	type place struct {
		fn string
		at ebpf.AttachType
	}
	idx := map[place][]int{}
	for i, a := range as {
		if a.Type == ebpf.Tracing {
			k := place{a.AttachTo, a.AttachType}
			idx[k] = append(idx[k], i)
		}
	}
	for _, is := range idx {
		for l, r := 0, len(is)-1; l < r; l, r = l+1, r-1 {
			as[is[l]], as[is[r]] = as[is[r]], as[is[l]]
		}
	}
}

// planFuncs makes the programs of probe pr at the function sites of
// sites, all or none: an error when the kernel cannot probe one of them.
func (p *Provider) planFuncs(spec *kbtf.Spec, pr *providers.Probe, d *probeDef, sites []site, name string) ([]*providers.Attachment, error) {
	var out []*providers.Attachment
	for _, s := range sites {
		if s.fn == "" {
			continue
		}
		a, err := p.planFunc(spec, pr, d, s, name)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// planFunc makes the program of probe pr at site s, a kernel function's
// entry or return, attached as fbt attaches here.
func (p *Provider) planFunc(spec *kbtf.Spec, pr *providers.Probe, d *probeDef, s site, name string) (*providers.Attachment, error) {
	fs, err := p.fbtProvider().Site(s.fn, s.ret)
	if err != nil {
		var ke *providers.KernelError
		if errors.As(err, &ke) {
			return nil, &providers.KernelError{Reason: fmt.Sprintf("%s:::%s fires at %s, and %s", p.name, d.name, s.where(), ke.Reason), Err: err}
		}
		return nil, fmt.Errorf("%s:::%s: %w", p.name, d.name, err)
	}
	frag, err := fragment(spec, pr.ID, s, fs)
	if err != nil {
		if errors.Is(err, fbt.ErrNoArgs) {
			return nil, &providers.KernelError{Reason: fmt.Sprintf("%s:::%s fires at %s, which this kernel probes with a kretprobe, and %v", p.name, d.name, s.where(), err), Err: err}
		}
		return nil, fmt.Errorf("%s:::%s: %w", p.name, d.name, err)
	}
	return &providers.Attachment{
		Name:       name,
		Type:       fs.Type,
		AttachType: fs.AttachType,
		AttachTo:   fs.AttachTo,
		Probes:     []*providers.Probe{pr},
		Fragment:   frag,
		Stack:      fs.Stack,
		Attach:     fs.Attach,
	}, nil
}
