// Package rawfbt is DTrace for Linux's rawfbt provider (dt_prov_rawfbt.c,
// 2.0.2): rawfbt:MODULE:FUNC:entry and rawfbt:MODULE:FUNC:return for every
// function kprobes can be placed on, compiler-made copies included
// (rawfbt:vmlinux:do_execveat_common.isra.0:entry, name.constprop.0,
// name.part.0), with untyped arguments.
//
// The functions are those tracefs's available_filter_functions lists, the
// kernel's list of what it lets be probed: MODULE is vmlinux for the core
// kernel's and the module's name for those it lists as "name [module]";
// each name once per module, in the file's order, vmlinux's first, then
// each module's by name. Where that file cannot be read (this VM's kernel
// refuses it, EPERM) and the provider describes the running system, the
// function symbols of /proc/kallsyms stand for it (DTrace's own symbol
// table is read from there), less the padding symbols (__pfx_, __cfi_)
// before functions and the code the kernel makes as it runs (BPF
// programs, trampolines); some of them kprobes cannot probe.
//
// As in DTrace for Linux, whose rawfbt provides its probes as
// descriptions name them, the probes are made as descriptions naming the
// provider match them (providers.Expander): dtrace -l lists them under
// -P rawfbt or -n rawfbt:..., not alone, and a description whose provider
// field is a pattern (:::entry) matches those made already. The list of
// functions is read then, not when any probe made on demand (tick-1s)
// needs the number of every provider's probes: reading kallsyms takes
// a tenth of a second here.
//
// Probes attach as fbt attaches its wide matches (fbt.Provider.PlanRaw):
// one kprobe_multi or kretprobe_multi link where the kernel has them, else
// a kprobe or kretprobe a function, never fentry, which needs BTF's
// prototype, as DTrace's rawfbt always uses kprobes. Entry probes pass the
// argument registers of the calling convention (and the stack words past
// them) as arg0...; return probes arg0 = -1 (the return instruction's
// offset is lost) and arg1 the return value. -lv lists no argument types.
// On a kernel without kprobes (this host) enabling a probe says so in one
// line.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package rawfbt

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/dtrace-go/dtrace/internal/tracefsdir"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
)

// Name is the provider's name.
const Name = "rawfbt"

// attributes are dt_prov_rawfbt.c's: fbt's.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	Args:     providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
}

// Provider is the rawfbt provider.
type Provider struct {
	sys providers.System

	once sync.Once
	cat  *catalog
	err  error

	// fbt attaches the probes, what it finds of the kernel kept.
	fbtOnce sync.Once
	fbt     *fbt.Provider
}

// New returns the rawfbt provider of sys.
func New(sys providers.System) *Provider { return &Provider{sys: sys.Shared()} }

// Name returns "rawfbt".
func (*Provider) Name() string { return Name }

// Attributes returns the provider's stability attributes.
func (*Provider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns nil: rawfbt's arguments are untyped.
func (*Provider) ArgTypes(*providers.Probe) ([]string, error) { return nil, nil }

// Lookup returns nil: Expand makes the probes.
func (*Provider) Lookup(module, function, name string) *providers.Probe { return nil }

// catalog is the functions the provider lists: each module's, vmlinux's
// first.
type catalog struct {
	mods []module
	n    int // functions in all
}

type module struct {
	name  string
	funcs []string
}

// functions returns the catalog, read once.
func (p *Provider) functions() (*catalog, error) {
	p.once.Do(func() { p.cat, p.err = readCatalog(p.sys) })
	return p.cat, p.err
}

// Probes returns none: Expand makes them as descriptions name them.
func (p *Provider) Probes() ([]*providers.Probe, error) { return nil, nil }

// Expand returns the entry and return probes (as name matches them) of
// the functions module and function match, each a name or a pattern
// ("" matching anything), in the catalog's order.
func (p *Provider) Expand(module, function, name string) ([]*providers.Probe, error) {
	c, err := p.functions()
	if err != nil {
		return nil, fmt.Errorf("rawfbt provider: %w", err)
	}
	var names []string
	nm := probe.Matcher(name)
	for _, n := range []string{fbt.Entry, fbt.Return} {
		if nm(n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	mod, fn := probe.Matcher(module), probe.Matcher(function)
	var all []providers.Probe
	for _, m := range c.mods {
		if !mod(m.name) {
			continue
		}
		for _, f := range m.funcs {
			if fn(f) {
				for _, n := range names {
					all = append(all, providers.Probe{Provider: Name, Module: m.name, Function: f, Name: n, NArgs: -1})
				}
			}
		}
	}
	out := make([]*providers.Probe, len(all))
	for i := range all {
		out[i] = &all[i]
	}
	return out, nil
}

// Plan attaches the probes with kprobes, as fbt attaches them.
func (p *Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	for _, pr := range probes {
		if pr.Provider != Name || (pr.Name != fbt.Entry && pr.Name != fbt.Return) {
			return nil, fmt.Errorf("rawfbt provider: %s is not a rawfbt probe", probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name))
		}
	}
	p.fbtOnce.Do(func() { p.fbt = fbt.New(p.sys) })
	return p.fbt.PlanRaw(Name, probes)
}

// readCatalog reads available_filter_functions, or where it cannot be
// read on the running system, /proc/kallsyms.
func readCatalog(sys providers.System) (*catalog, error) {
	dir := sys.Tracefs
	if dir == "" {
		if d, err := tracefsdir.Find(); err == nil {
			dir = d
		}
	}
	var ferr error
	if dir != "" {
		data, err := os.ReadFile(filepath.Join(dir, "available_filter_functions"))
		if err == nil {
			return parseFilter(data), nil
		}
		ferr = err
	}
	if sys.Tracefs != "" {
		// Another system's tracefs, without the file: nothing is
		// known to be probed there.
		return &catalog{}, nil
	}
	data, err := os.ReadFile("/proc/kallsyms")
	if err != nil {
		if ferr != nil {
			return nil, fmt.Errorf("list kernel functions: %w; %w", ferr, err)
		}
		return nil, fmt.Errorf("list kernel functions: %w", err)
	}
	return parseKallsyms(data), nil
}

// invalidAddress begins the names available_filter_functions gives the
// call sites of code the kernel discarded ("__ftrace_invalid_address___N").
const invalidAddress = "__ftrace_invalid_address__"

// builder collects each module's functions, each name once.
type builder struct {
	mods map[string]*module
	seen map[string]map[string]bool
}

func newBuilder() *builder {
	return &builder{mods: map[string]*module{}, seen: map[string]map[string]bool{}}
}

func (b *builder) add(mod, name string) {
	m := b.mods[mod]
	if m == nil {
		m = &module{name: mod}
		b.mods[mod] = m
		b.seen[mod] = map[string]bool{}
	}
	if !b.seen[mod][name] {
		b.seen[mod][name] = true
		m.funcs = append(m.funcs, name)
	}
}

// catalog returns the modules, vmlinux's first, then by name.
func (b *builder) catalog() *catalog {
	c := &catalog{}
	for _, m := range b.mods {
		c.mods = append(c.mods, *m)
		c.n += len(m.funcs)
	}
	slices.SortFunc(c.mods, func(x, y module) int {
		switch {
		case x.name == y.name:
			return 0
		case x.name == fbt.Vmlinux:
			return -1
		case y.name == fbt.Vmlinux:
			return 1
		}
		return strings.Compare(x.name, y.name)
	})
	return c
}

// parseFilter parses available_filter_functions: "name" a line for
// vmlinux's functions, "name [module]" for a module's.
func parseFilter(data []byte) *catalog {
	b := newBuilder()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		name, rest, _ := strings.Cut(line, " ")
		mod := fbt.Vmlinux
		if m, ok := strings.CutPrefix(strings.TrimSpace(rest), "["); ok {
			mod, _, _ = strings.Cut(m, "]")
		}
		if name == "" || strings.HasPrefix(name, invalidAddress) {
			continue
		}
		b.add(mod, name)
	}
	return b.catalog()
}

// parseKallsyms parses /proc/kallsyms: "address type name [module]" a
// line; the text symbols (t, T) are functions, but for the padding
// before each (__pfx_name, and __cfi_name under CFI), and the code the
// kernel makes as it runs, which comes and goes: BPF programs ([bpf]),
// ftrace's and kprobes' trampolines ([__builtin__ftrace]).
func parseKallsyms(data []byte) *catalog {
	b := newBuilder()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 || (f[1] != "t" && f[1] != "T") {
			continue
		}
		name := f[2]
		if strings.HasPrefix(name, "__pfx_") || strings.HasPrefix(name, "__cfi_") {
			continue
		}
		mod := fbt.Vmlinux
		if len(f) > 3 {
			mod = strings.Trim(f[3], "[]")
		}
		if mod == "bpf" || strings.HasPrefix(mod, "__builtin__") {
			continue
		}
		b.add(mod, name)
	}
	return b.catalog()
}
