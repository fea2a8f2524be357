package usdt

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/uproc"
	"github.com/dtrace-go/dtrace/providers/pid"
)

// WideProvider is PROVIDER*: the probes of an SDT provider in every
// process, present and future (python*), named by a description whose
// provider field is a pattern over every pid of the provider. Each site
// is placed in its object's file for every process that maps it (one
// uprobe_multi link an object, no pid, the kernel raising the semaphores
// of each process as it maps the object), so that a process started
// later fires from its first instruction. The probes are listed under
// the provider's name followed by '*', a firing's probeprov being the
// provider's name followed by the firing process's pid (python1234).
type WideProvider struct {
	cache *uproc.Cache
	sdt   string
	f     *Factory
	// byKey holds the probes made so far.
	byKey map[probeKey]*providers.Probe
}

type probeKey struct{ mod, fn, name string }

// Name returns PROVIDER*.
func (p *WideProvider) Name() string { return p.sdt + "*" }

// Family returns the SDT provider's name.
func (p *WideProvider) Family() string { return p.sdt }

// Covers implements providers.Wide.
func (p *WideProvider) Covers(pattern string) bool { return pid.Covers(pattern, p.sdt) }

// Probes returns none: Expand makes them, from the objects the module
// field names.
func (p *WideProvider) Probes() ([]*providers.Probe, error) { return nil, nil }

// Lookup returns nil: Expand makes the probes.
func (p *WideProvider) Lookup(module, function, name string) *providers.Probe { return nil }

// Expand returns the provider's probes in the objects module names
// (Factory.objects) that function and name match, object after object
// (by module name, then path), each object's in note order.
func (p *WideProvider) Expand(module, function, name string) ([]*providers.Probe, error) {
	if p.byKey == nil {
		p.byKey = map[probeKey]*providers.Probe{}
	}
	objs := p.f.objects(module, p.sdt)
	var out []*providers.Probe
	seen := map[*providers.Probe]bool{}
	fresh := map[*providers.Probe]bool{}
	fn, nm := probe.Matcher(function), probe.Matcher(name)
	for _, o := range objs {
		notes, err := o.Image.SDTProbes()
		if err != nil {
			return nil, fmt.Errorf("%s provider: %w", p.Name(), err)
		}
		for _, n := range notes {
			if n.Provider != p.sdt {
				continue
			}
			f := ""
			if s, ok := o.Image.Containing(n.Addr); ok {
				f = s.Name
			}
			k := probeKey{o.Module, f, ProbeName(n.Name)}
			if !fn(k.fn) || !nm(k.name) {
				continue
			}
			pr := p.byKey[k]
			if pr == nil {
				pr = &providers.Probe{Provider: p.Name(), Module: k.mod, Function: k.fn, Name: k.name, Data: &Probe{}}
				p.byKey[k] = pr
				fresh[pr] = true
			}
			if fresh[pr] {
				// Its sites: those of every object of that name
				// (python3.13 in two places).
				d := pr.Data.(*Probe)
				d.Sites = append(d.Sites, Site{Object: o, Note: n})
				pr.NArgs = max(pr.NArgs, len(n.Args))
			}
			if !seen[pr] {
				seen[pr] = true
				out = append(out, pr)
			}
		}
	}
	return out, nil
}

// objects returns the objects with provider sdt's notes that a module
// field names: those the processes that exist map, matched as in a
// process (the base name, a path, a pattern; a name up to a '.' when no
// object matches it whole), and the files it names for processes that do
// not exist yet (uproc.Resolve: a path, a command in PATH, a library the
// dynamic linker finds; an empty field or a pattern, every such file its
// name matches), each file once, by module name then path.
func (f *Factory) objects(module, sdt string) []*uproc.Object {
	if module == "" {
		module = "*"
	}
	var out []*uproc.Object
	seen := map[uproc.FileID]bool{}
	add := func(o *uproc.Object) {
		if o != nil && o.Image != nil && !seen[o.ID()] {
			seen[o.ID()] = true
			out = append(out, o)
		}
	}
	glob := probe.IsGlob(module)
	var partial []uproc.Mapped
	for _, m := range f.mapped() {
		if !slices.Contains(f.cache.MappedSDT(m), sdt) {
			continue
		}
		switch {
		case uproc.ModuleMatches(module, m.Path, false):
			o, _ := f.cache.OpenMapped(m)
			add(o)
		case !glob && uproc.Partial(module, m.Path):
			partial = append(partial, m)
		}
	}
	files := f.cache.SDTFiles(f.resolve(module))
	for _, path := range uproc.SortedFiles(files) {
		if slices.Contains(files[path], sdt) {
			if o, err := f.cache.OpenFile(path); err == nil {
				add(o)
			}
		}
	}
	if len(out) == 0 {
		for _, m := range partial {
			o, _ := f.cache.OpenMapped(m)
			add(o)
		}
	}
	slices.SortStableFunc(out, func(a, b *uproc.Object) int {
		if c := cmp.Compare(a.Module, b.Module); c != 0 {
			return c
		}
		return cmp.Compare(a.Path, b.Path)
	})
	return out
}

// mapped returns the files the processes map, read once per factory.
func (f *Factory) mapped() []uproc.Mapped {
	if !f.readMapped {
		f.readMapped = true
		f.mappedFiles = f.cache.MappedFiles()
	}
	return f.mappedFiles
}

// resolve returns uproc.Resolve(module), once per module field.
func (f *Factory) resolve(module string) []string {
	if f.resolved == nil {
		f.resolved = map[string][]string{}
	}
	r, ok := f.resolved[module]
	if !ok {
		r = uproc.Resolve(module)
		f.resolved[module] = r
	}
	return r
}

// wideNames returns PROVIDER* for each SDT provider, of the objects the
// processes map and of the files of PATH and of the dynamic linker, that
// pattern covers.
func (f *Factory) wideNames(pattern string) []string {
	if !strings.HasSuffix(pattern, "*") {
		return nil // it cannot match every pid
	}
	provs := map[string]bool{}
	for _, m := range f.mapped() {
		for _, n := range f.cache.MappedSDT(m) {
			provs[n] = true
		}
	}
	for _, ns := range f.cache.SDTFiles(f.resolve("*")) {
		for _, n := range ns {
			provs[n] = true
		}
	}
	var out []string
	for n := range provs {
		if pid.Covers(pattern, n) {
			out = append(out, n+"*")
		}
	}
	slices.Sort(out)
	return out
}

// Plan places the probes as Provider.Plan does, for every process.
func (p *WideProvider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	return plan(p.Name(), 0, probes)
}

// Attributes returns the provider's stability attributes.
func (p *WideProvider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns the types of a probe's arguments, as Provider.ArgTypes.
func (p *WideProvider) ArgTypes(pr *providers.Probe) ([]string, error) {
	return (&Provider{name: p.Name()}).ArgTypes(pr)
}
