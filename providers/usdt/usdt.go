// Package usdt is the provider of the user-space statically defined
// probes processes carry as SystemTap SDT notes (sys/sdt.h, which python,
// libstdc++, postgres and the JVM use): PROVIDERpid:MODULE:FUNCTION:NAME,
// one provider per SDT provider and process (python1234), made on demand as
// descriptions name it, or match it by a pattern (python*).
//
// The module is the base name of the object holding the probe, the
// function the one holding its site, and the name the SDT probe's with
// each "__" turned into "-" (function__entry is function-entry), as DTrace
// names the probes of its own USDT providers.
//
// Each site is a uprobe. A probe may have several sites (a macro expanded
// in several places), each with its own argument locations, read from the
// note: registers and their parts, memory at a register plus a
// displacement or at a symbol, constants; each argument is sign- or
// zero-extended from its size as the note says. A probe guarded by a
// semaphore (a counter the program tests before computing the arguments)
// has the kernel raise it while the probe is enabled: python's probes fire
// while they are traced and cost nothing otherwise.
//
// dtrace never writes a semaphore: the kernel does (the uprobes'
// ref_ctr_offset), adding one as it places a site's breakpoint in the
// process (two for a probe of two sites) and taking it away as it removes
// it, on every path: the run's end, dtrace dying (its links close with its
// files), a library unloaded with its breakpoints. A child the process
// forks meanwhile inherits the raised count, and keeps it until dtrace
// detaches: it computes the guarded probes' arguments, which SDT probes
// compute without side effects, and fires nothing (the programs are
// attached for the process only).
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package usdt

import (
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

// Probe is what a USDT probe's Data holds: its sites.
type Probe struct {
	Sites []Site
}

// Site is one place a USDT probe fires.
type Site struct {
	Object *uproc.Object
	Note   symtab.SDTProbe
}

// Factory makes USDT providers: NewProvider("python1234").
type Factory struct {
	cache *uproc.Cache
	// What the Wide providers' objects are found among, read once.
	readMapped  bool
	mappedFiles []uproc.Mapped
	resolved    map[string][]string
}

// NewFactory returns a factory of USDT providers reading processes through
// cache.
func NewFactory(cache *uproc.Cache) *Factory { return &Factory{cache: cache} }

// SplitName splits a USDT provider's name into the SDT provider's name
// and the process id: python1234 is python and 1234.
func SplitName(name string) (string, int, bool) {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	if i == 0 || i == len(name) || name[i] == '0' {
		return "", 0, false
	}
	pid, err := strconv.Atoi(name[i:])
	if err != nil || pid <= 0 || pid != int(int32(pid)) {
		return "", 0, false
	}
	return name[:i], pid, true
}

// NewProvider returns the provider PROVIDERpid when process pid has SDT
// probes of that provider, else nil.
func (f *Factory) NewProvider(name string) (providers.Provider, error) {
	if sdt, ok := strings.CutSuffix(name, "*"); ok && sdt != "" && !probe.IsGlob(sdt) {
		return &WideProvider{cache: f.cache, sdt: sdt, f: f}, nil
	}
	prov, pid, ok := SplitName(name)
	if !ok || !f.cache.Alive(pid) {
		return nil, nil
	}
	pr, err := f.cache.Open(pid)
	if err != nil {
		return nil, nil
	}
	p := &Provider{name: name, sdt: prov, pid: pid, proc: pr}
	probes, err := p.probes()
	if err != nil {
		return nil, err
	}
	if len(probes) == 0 {
		return nil, nil
	}
	return p, nil
}

// Names returns the USDT providers that match pattern: PROVIDER* (a
// WideProvider) for each SDT provider of which it matches every pid
// (python*), and the providers of the processes that exist of the
// others it matches (python1234). The objects are read once per cache;
// processes that cannot be read (they exited, or belong to someone else)
// are passed over.
func (f *Factory) Names(pattern string) ([]string, error) {
	wide := f.wideNames(pattern)
	dir := f.cache.Proc
	if dir == "" {
		dir = "/proc"
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	self := os.Getpid()
	out := wide
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		names, err := f.cache.SDTProviders(pid)
		if err != nil {
			continue
		}
		for _, n := range names {
			full := n + strconv.Itoa(pid)
			if probe.Glob(pattern, full) && !slices.Contains(wide, n+"*") {
				out = append(out, full)
			}
		}
	}
	return out, nil
}

// Provider is one SDT provider of one process.
type Provider struct {
	name string
	sdt  string
	pid  int
	proc *uproc.Process
	list []*providers.Probe
}

// Name returns the provider's name, PROVIDERpid.
func (p *Provider) Name() string { return p.name }

// Family returns the SDT provider's name: PROVIDER* covers the process
// too.
func (p *Provider) Family() string { return p.sdt }

// Probes returns the provider's probes, object after object, in the order
// of their first site's note.
func (p *Provider) Probes() ([]*providers.Probe, error) {
	ps, err := p.probes()
	if err != nil {
		return nil, err
	}
	return slices.Clone(ps), nil
}

func (p *Provider) probes() ([]*providers.Probe, error) {
	if p.list != nil {
		return p.list, nil
	}
	p.list = []*providers.Probe{}
	type key struct{ mod, fn, name string }
	byKey := map[key]*providers.Probe{}
	for _, o := range p.proc.Objects {
		notes, err := o.Image.SDTProbes()
		if err != nil {
			return nil, fmt.Errorf("%s provider: %w", p.name, err)
		}
		for _, n := range notes {
			if n.Provider != p.sdt {
				continue
			}
			fn := ""
			if f, ok := o.Image.Containing(n.Addr); ok {
				fn = f.Name
			}
			k := key{o.Module, fn, ProbeName(n.Name)}
			pr := byKey[k]
			if pr == nil {
				pr = &providers.Probe{Provider: p.name, Module: k.mod, Function: k.fn, Name: k.name, Data: &Probe{}}
				byKey[k] = pr
				p.list = append(p.list, pr)
			}
			d := pr.Data.(*Probe)
			d.Sites = append(d.Sites, Site{Object: o, Note: n})
			pr.NArgs = max(pr.NArgs, len(n.Args))
		}
	}
	return p.list, nil
}

// ProbeName returns the DTrace name of an SDT probe: each "__" becomes
// "-".
func ProbeName(sdt string) string { return strings.ReplaceAll(sdt, "__", "-") }

// Lookup returns nil: every probe is listed.
func (p *Provider) Lookup(module, function, name string) *providers.Probe { return nil }
