// Package pid is DTrace's pid provider: pidNNN:MODULE:FUNCTION:NAME
// probes on the functions of process NNN, made on demand as descriptions
// name them (pid$target:libc.so.6:malloc:entry).
//
// The module is the base name of an object the process maps code from
// (a.out names its executable); the function is one of the object's
// function symbols (its symbol table, dynamic symbols, .gnu_debugdata,
// separate debug file, or a Go program's function table); the name is
// entry, return, or a hexadecimal offset of an instruction in the
// function. As in DTrace, an empty or pattern name makes the entry and
// return probes and a probe at every instruction whose offset the pattern
// matches.
//
// Every probe is a uprobe: nothing of the process but its code's
// breakpoints is changed. arg0..argN of entry and offset probes are the
// function's integer arguments by the x86-64 C calling convention
// (registers, then the stack), or by Go's internal register-based ABI for
// a Go program's own functions. A return probe fires at each of the
// function's return instructions and tail calls (arg0 the instruction's
// offset, arg1 the return value, or a Go function's first result), never
// as a uretprobe, which replaces the word at the stack pointer as the
// function is entered: returns.go says where that changes what the
// process computes (and a goroutine's stack moves besides). A function
// where no return is found has no return probe; Omitted says which, and
// why.
//
// An IFUNC symbol (strlen, memcpy) is probed at the implementation its
// resolver chose in the process, read from the words the dynamic loader
// filled with it; one that cannot be found is refused, never the resolver
// probed in its place.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package pid

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/uproc"
	"github.com/dtrace-go/dtrace/symtab"
)

// The probe names besides offsets.
const (
	Entry  = "entry"
	Return = "return"
)

// Kind is what a pid probe is.
type Kind uint8

// Kinds of pid probes.
const (
	KindEntry Kind = iota + 1
	KindReturn
	KindOffset
)

// Probe is what a pid probe's Data holds.
type Probe struct {
	Kind Kind
	// Offset is an offset probe's offset in its function.
	Offset uint64
	// Object is the object holding the code probed, Func its function
	// (for an IFUNC, the implementation's).
	Object *uproc.Object
	Func   symtab.Func
	// Go says the function follows Go's register-based ABI.
	Go bool
	// Returns are the offsets in Func of a return probe's sites: its
	// return instructions and tail calls.
	Returns []int
}

// Factory makes pid providers: NewProvider("pid1234").
type Factory struct {
	cache *uproc.Cache
}

// NewFactory returns a factory of pid providers reading processes through
// cache.
func NewFactory(cache *uproc.Cache) *Factory { return &Factory{cache: cache} }

// NewProvider returns the provider pidNNN, or nil when name is not of that
// form. A process that does not exist is an error.
func (f *Factory) NewProvider(name string) (providers.Provider, error) {
	if name == WideName {
		return &WideProvider{cache: f.cache}, nil
	}
	if name == "pid0" {
		return nil, descErr("D_PROC_BADPID", "pid0 does not contain a valid pid")
	}
	pid, ok := ParseName(name)
	if !ok {
		return nil, nil
	}
	if pid == os.Getpid() {
		return nil, descErr("D_PROC_DYN", "process %d is dtrace itself", pid)
	}
	if !f.cache.Alive(pid) {
		return nil, &DescError{Tag: "D_PROC_GRAB", Msg: fmt.Sprintf("failed to grab process %d", pid), err: uproc.ErrNoProcess}
	}
	return &Provider{name: name, pid: pid, cache: f.cache}, nil
}

// ParseName returns the process id of a pid provider's name, pidNNN.
func ParseName(name string) (int, bool) {
	digits, ok := strings.CutPrefix(name, "pid")
	if !ok || digits == "" || digits[0] == '0' {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	pid, err := strconv.Atoi(digits)
	if err != nil || pid <= 0 || pid != int(int32(pid)) {
		return 0, false
	}
	return pid, true
}

// Provider is the pid provider of one process.
type Provider struct {
	name  string
	pid   int
	cache *uproc.Cache
	proc  *uproc.Process
	// omitted are the return probes descriptions matched but that were
	// not made (no return was found), once each, in the order met.
	omitted []providers.Omission
	seen    map[providers.Omission]bool
}

// Omitted implements providers.Omitter: the return probes the
// descriptions expanded so far matched that were not made, and why.
func (p *Provider) Omitted() []providers.Omission { return slices.Clone(p.omitted) }

func (p *Provider) omit(o providers.Omission) {
	if p.seen == nil {
		p.seen = map[providers.Omission]bool{}
	}
	if !p.seen[o] {
		p.seen[o] = true
		p.omitted = append(p.omitted, o)
	}
}

// Name returns pidNNN.
func (p *Provider) Name() string { return p.name }

// PID returns the process's id.
func (p *Provider) PID() int { return p.pid }

// ExpandsFor implements providers.PatternExpander: a provider pattern
// whose trailing digits are the process's id (p*d1234), as DTrace reads
// the pid of a provider's name, makes the process's probes.
func (p *Provider) ExpandsFor(pattern string) bool {
	i := len(pattern)
	for i > 0 && pattern[i-1] >= '0' && pattern[i-1] <= '9' {
		i--
	}
	n, err := strconv.Atoi(pattern[i:])
	return err == nil && n == p.pid
}

// Family returns pid: pid* covers the process too.
func (p *Provider) Family() string { return "pid" }

// Probes returns none: pid probes are made as descriptions name them
// (Expand).
func (p *Provider) Probes() ([]*providers.Probe, error) { return nil, nil }

// Lookup returns nil: Expand makes the probes.
func (p *Provider) Lookup(module, function, name string) *providers.Probe { return nil }

// process returns the process, read once.
func (p *Provider) process() (*uproc.Process, error) {
	if p.proc == nil {
		pr, err := p.cache.Open(p.pid)
		if err != nil {
			return nil, err
		}
		p.proc = pr
	}
	return p.proc, nil
}

// DescError is a description the provider refuses, in DTrace's words
// and with its tag (D_PROC_OFF, D_PROC_ALIGN...).
type DescError struct {
	Tag string
	Msg string
	err error
}

func (e *DescError) Error() string { return e.Msg }

func (e *DescError) Unwrap() error { return e.err }

// DiagTag returns the error's DTrace tag.
func (e *DescError) DiagTag() string { return e.Tag }

func descErr(tag, format string, args ...any) error {
	return &DescError{Tag: tag, Msg: fmt.Sprintf(format, args...)}
}

// Expand returns the probes module:function:name makes in the process, in
// DTrace's order: object after object, function after function by
// address, the return probe, then the entry probe, then the offset probes
// of each function.
//
// The module field names the objects as DTrace's process library does
// (ModuleMatches): a name that no object matches whole names those it is
// the base name of up to a '.' (libc, libc.so: libc.so.6). A name that
// the process maps nothing of yet names the file the dynamic linker or
// the shell would find by it (uproc.Resolve), whose probes fire once the
// process maps it (a library it loads with dlopen).
func (p *Provider) Expand(module, function, name string) ([]*providers.Probe, error) {
	pr, err := p.process()
	if errors.Is(err, uproc.ErrNoProcess) {
		// It exited since it was named.
		return nil, &DescError{Tag: "D_PROC_GRAB", Msg: fmt.Sprintf("failed to grab process %d", p.pid), err: err}
	}
	if err != nil {
		return nil, err
	}
	if module == "" {
		module = "*"
	}
	if function == "" {
		function = "*"
	}
	if name == "" {
		name = "*"
	}
	m := &matcher{prov: p.name, omit: p.omit, proc: pr, module: module, function: function, name: name}
	objs := matchObjects(pr.Objects, module)
	if len(objs) == 0 && !probe.IsGlob(module) {
		// Not mapped yet: the file it names, probed in the process
		// from the time it maps it.
		for _, path := range uproc.Resolve(module) {
			if o, err := p.cache.OpenFile(path); err == nil {
				objs = append(objs, o)
				break
			}
		}
	}
	for _, o := range objs {
		if err := m.object(o); err != nil {
			return nil, err
		}
	}
	return m.out, nil
}

// matchObjects returns the objects module names: a pattern those whose
// base names it matches, a name those it names whole, else those it is
// the base name of up to a '.'.
func matchObjects(objs []*uproc.Object, module string) []*uproc.Object {
	var out []*uproc.Object
	for _, o := range objs {
		if uproc.ModuleMatches(module, o.Path, o.Exe) {
			out = append(out, o)
		}
	}
	if len(out) > 0 || probe.IsGlob(module) {
		return out
	}
	for _, o := range objs {
		if uproc.Partial(module, o.Path) {
			return []*uproc.Object{o} // the first, as libproc takes it
		}
	}
	return nil
}

// matcher makes the probes of one description.
type matcher struct {
	prov string
	omit func(providers.Omission)
	// proc is the process whose IFUNCs are resolved; nil when none is
	// known (they are refused).
	proc                   *uproc.Process
	module, function, name string
	out                    []*providers.Probe
}

// object makes the probes of one object.
func (m *matcher) object(o *uproc.Object) error {
	im := o.Image
	if !probe.IsGlob(m.function) {
		fns := im.FuncsNamed(m.function)
		if len(fns) == 0 {
			if !probe.IsGlob(m.module) {
				return descErr("D_PROC_FUNC", "failed to lookup '%s' in module '%s'", m.function, m.module)
			}
			return nil
		}
		fn := fns[0]
		if fn.Size == 0 || im.PLT(fn.Value) {
			return nil
		}
		// The function's preferred name, as DTrace names it by its
		// address.
		if pf, ok := im.Preferred(fn.Value); ok && pf.Size == fn.Size {
			fn.Name = pf.Name
		}
		return m.function1(o, fn, true)
	}
	var last symtab.Func
	taken := false
	for _, fn := range im.Funcs() {
		if fn.Size == 0 || strings.Contains(fn.Name, "@") {
			continue
		}
		// Compiler-made parts of C functions (foo.cold, foo.isra.0)
		// are not functions; Go's names all have dots.
		if !im.Go && strings.Contains(fn.Name, ".") {
			continue
		}
		if taken && fn.Value == last.Value && fn.Size == last.Size {
			continue // an alias of a function already matched
		}
		taken = probe.Glob(m.function, fn.Name)
		if !taken {
			continue
		}
		last = fn
		if err := m.function1(o, fn, false); err != nil {
			return err
		}
	}
	return nil
}

// function1 makes the probes of function fn of object o. exact says the
// description named the function: a function that cannot be probed is
// then an error rather than passed over.
func (m *matcher) function1(o *uproc.Object, fn symtab.Func, exact bool) error {
	code := codeOf{obj: o, fn: fn}
	if fn.IFunc {
		impl, err := m.resolveIFunc(o, fn)
		if err != nil {
			if exact {
				return descErr("D_PROC_CREATEFAIL", "failed to create probes for '%s': %v", fn.Name, err)
			}
			return nil
		}
		code = impl
	}
	goABI := code.obj.Image.GoFunc(code.fn.Value)
	mk := func(kind Kind, name string, off uint64) *Probe {
		d := &Probe{Kind: kind, Offset: off, Object: code.obj, Func: code.fn, Go: goABI}
		m.out = append(m.out, &providers.Probe{
			Provider: m.prov, Module: o.Module, Function: fn.Name, Name: name, NArgs: -1, Data: d,
		})
		return d
	}
	// The function's instructions, decoded once.
	var insns []insn
	var derr error
	decoded := false
	decode := func() ([]insn, error) {
		if !decoded {
			insns, derr = code.insns()
			decoded = true
		}
		return insns, derr
	}
	n := 0
	if probe.Glob(m.name, Return) {
		insns, derr := decode()
		rets, why := returnSites(code.bytes(), insns, derr, code.fn.Size, tailCallOf(code.obj.Image, code.fn))
		switch {
		case len(rets) > 0:
			mk(KindReturn, Return, 0).Returns = rets
		case exact && m.name == Return:
			return descErr("D_PROC_CREATEFAIL", "failed to create return probe for '%s': %s", fn.Name, why)
		default:
			m.omit(providers.Omission{Provider: m.prov, Module: o.Module, Function: fn.Name, Name: Return, Why: why})
		}
		n++
	}
	if probe.Glob(m.name, Entry) {
		mk(KindEntry, Entry, 0)
		n++
	}
	glob := probe.IsGlob(m.name)
	if !glob && n == 0 {
		off, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimPrefix(m.name, "0x"), "0X"), 16, 64)
		if err != nil {
			return descErr("D_PROC_NAME", "'%s' is an invalid probe name", m.name)
		}
		if off >= code.fn.Size {
			return descErr("D_PROC_OFF", "offset 0x%x outside of function '%s'", off, fn.Name)
		}
		insns, derr := decode()
		if !boundary(insns, int(off)) {
			if derr != nil && (len(insns) == 0 || insns[len(insns)-1].off+insns[len(insns)-1].len <= int(off)) {
				return descErr("D_PROC_CREATEFAIL", "failed to create probe at '%s+0x%x': %v", fn.Name, off, derr)
			}
			return descErr("D_PROC_ALIGN", "offset 0x%x is not aligned on an instruction", off)
		}
		mk(KindOffset, strconv.FormatUint(off, 16), off)
		return nil
	}
	if glob {
		insns, _ := decode()
		for _, in := range insns {
			s := strconv.FormatUint(uint64(in.off), 16)
			if in.probeable && probe.Glob(m.name, s) {
				mk(KindOffset, s, uint64(in.off))
			}
		}
	}
	return nil
}

// codeOf is the code a probe is placed in: a function of an object.
type codeOf struct {
	obj *uproc.Object
	fn  symtab.Func
}

// maxFunc bounds the bytes of a function decoded.
const maxFunc = 1 << 20

// bytes returns the function's code, its first maxFunc bytes at most; nil
// when it cannot be read.
func (c codeOf) bytes() []byte {
	code, err := c.obj.Image.Code(c.fn.Value, min(c.fn.Size, maxFunc))
	if err != nil {
		return nil
	}
	return code
}

// insns decodes the function's instructions.
func (c codeOf) insns() ([]insn, error) {
	code, err := c.obj.Image.Code(c.fn.Value, min(c.fn.Size, maxFunc))
	if err != nil {
		return nil, err
	}
	return decodeFunc(code)
}

// errIFunc says where an IFUNC's implementation could not be found.
var errIFunc = errors.New("the implementation its IFUNC resolver chose is not known: it is stored nowhere dtrace can read, or in no object it can probe")

// resolveIFunc finds the implementation the process uses for the IFUNC
// fn of o: the address its resolver returned, which the dynamic loader
// stored for o's own calls (an IRELATIVE relocation of the resolver) or
// for another object's (a GOT entry bound to fn's name).
func (m *matcher) resolveIFunc(o *uproc.Object, fn symtab.Func) (codeOf, error) {
	if m.proc == nil || o.PID() != m.proc.PID {
		return codeOf{}, errIFunc
	}
	resolver := fn.Value + o.Bias
	try := func(x *uproc.Object, slots []uint64) (codeOf, bool) {
		for _, slot := range slots {
			v, err := m.proc.ReadWord(slot + x.Bias)
			if err != nil || v == 0 || v == resolver {
				continue
			}
			if x.Image.PLT(v - x.Bias) {
				continue // a lazy binding not made yet
			}
			impl := m.proc.ObjectAt(v)
			if impl == nil {
				continue // [vdso], or an object that is not a file
			}
			link := v - impl.Bias
			f, ok := impl.Image.Containing(link)
			if !ok || f.Value != link {
				f = symtab.Func{Name: fn.Name, Value: link}
			}
			return codeOf{obj: impl, fn: f}, true
		}
		return codeOf{}, false
	}
	if c, ok := try(o, o.Image.IFuncSlots(fn.Value, "")); ok {
		return c, nil
	}
	for _, x := range m.proc.Objects {
		if c, ok := try(x, x.Image.IFuncSlots(0, fn.Name)); ok {
			return c, nil
		}
	}
	return codeOf{}, errIFunc
}
