package pid

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/uproc"
)

// WideName is the name of the pid provider of every process, present and
// future: the provider a description whose provider field is a pattern
// over every pid (pid*) names. Its probes are listed under it; a firing's
// probeprov is pidNNN, NNN the firing process's.
const WideName = "pid*"

// samplePIDs are process ids of every length and digit: a provider pattern
// that matches a provider's name followed by each of them matches it
// followed by any pid (Covers).
var samplePIDs = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "42", "307", "999", "1000", "8086", "31337", "65535", "99999", "123456", "4194304", "2147483647"}

// Covers reports whether the provider pattern matches provider prefix
// followed by any process id: pid* and p*d* cover pid, pid1* and p*d$target
// do not.
func Covers(pattern, prefix string) bool {
	if !probe.IsGlob(pattern) {
		return false
	}
	for _, s := range samplePIDs {
		if !probe.Glob(pattern, prefix+s) {
			return false
		}
	}
	return true
}

// Names implements providers.Namer: pid* for a pattern over every pid,
// else, as DTrace reads a pid provider's name, the pid its trailing
// digits spell when pidNNN matches the pattern (p*d1234 names pid1234) and
// the process exists.
func (f *Factory) Names(pattern string) ([]string, error) {
	if Covers(pattern, "pid") {
		return []string{WideName}, nil
	}
	i := len(pattern)
	for i > 0 && pattern[i-1] >= '0' && pattern[i-1] <= '9' {
		i--
	}
	if i == len(pattern) || i == 0 {
		return nil, nil
	}
	pid, err := strconv.Atoi(pattern[i:])
	if err != nil || pid <= 0 {
		return nil, nil
	}
	name := "pid" + strconv.Itoa(pid)
	if !probe.Glob(pattern, name) || !f.cache.Alive(pid) {
		return nil, nil
	}
	return []string{name}, nil
}

// WideProvider is pid*: the pid probes of every process that maps an
// object, present and future, each placed in the object's file for every
// process (one uprobe_multi link an object, no pid).
type WideProvider struct {
	cache   *uproc.Cache
	mapped  []uproc.Mapped
	read    bool
	omitted []providers.Omission
	seen    map[providers.Omission]bool
}

// Name returns pid*.
func (p *WideProvider) Name() string { return WideName }

// Family returns pid: the providers of single processes pid* covers are
// pidNNN.
func (p *WideProvider) Family() string { return "pid" }

// Covers implements providers.Wide.
func (p *WideProvider) Covers(pattern string) bool { return Covers(pattern, "pid") }

// Probes returns none: the probes are made as descriptions name them.
func (p *WideProvider) Probes() ([]*providers.Probe, error) { return nil, nil }

// Lookup returns nil: Expand makes the probes.
func (p *WideProvider) Lookup(module, function, name string) *providers.Probe { return nil }

// Omitted implements providers.Omitter.
func (p *WideProvider) Omitted() []providers.Omission { return slices.Clone(p.omitted) }

func (p *WideProvider) omit(o providers.Omission) {
	if p.seen == nil {
		p.seen = map[providers.Omission]bool{}
	}
	if !p.seen[o] {
		p.seen[o] = true
		p.omitted = append(p.omitted, o)
	}
}

// wideObject is an object of pid*, and a process that maps it (nil for
// none), whose IFUNC choices its probes take.
type wideObject struct {
	obj  *uproc.Object
	proc *uproc.Process
}

// objects returns the objects module names for every process: those the
// processes that exist map (matched as in a process, ModuleMatches), and
// the files the module field names for those that do not exist yet
// (uproc.Resolve: a path, a command in PATH, a library the dynamic linker
// finds; for a pattern, those whose names it matches), each once, by
// module name then path. An empty module field, or *, names the objects
// the processes map.
func (p *WideProvider) objects(module string) []wideObject {
	if !p.read {
		p.read = true
		p.mapped = p.cache.MappedFiles()
	}
	var out []wideObject
	seen := map[uproc.FileID]bool{}
	add := func(o *uproc.Object, pr *uproc.Process) {
		if o != nil && o.Image != nil && !seen[o.ID()] {
			seen[o.ID()] = true
			out = append(out, wideObject{o, pr})
		}
	}
	glob := probe.IsGlob(module)
	var partial []uproc.Mapped
	for _, m := range p.mapped {
		switch {
		case uproc.ModuleMatches(module, m.Path, false):
			add(p.cache.OpenMapped(m))
		case !glob && uproc.Partial(module, m.Path):
			partial = append(partial, m)
		}
	}
	if strings.Trim(module, "*") != "" {
		for _, path := range uproc.Resolve(module) {
			o, err := p.cache.OpenFile(path)
			if err == nil {
				add(o, nil)
			}
		}
	}
	if len(out) == 0 {
		for _, m := range partial {
			add(p.cache.OpenMapped(m))
		}
	}
	slices.SortStableFunc(out, func(a, b wideObject) int {
		if c := cmp.Compare(a.obj.Module, b.obj.Module); c != 0 {
			return c
		}
		return cmp.Compare(a.obj.Path, b.obj.Path)
	})
	return out
}

// Expand returns the probes of module:function:name in every process, in
// the order Provider.Expand makes them in one, object after object.
func (p *WideProvider) Expand(module, function, name string) ([]*providers.Probe, error) {
	if module == "" {
		module = "*"
	}
	if function == "" {
		function = "*"
	}
	if name == "" {
		name = "*"
	}
	var out []*providers.Probe
	for _, wo := range p.objects(module) {
		m := &matcher{prov: WideName, omit: p.omit, proc: wo.proc, module: module, function: function, name: name}
		if err := m.object(wo.obj); err != nil {
			return nil, err
		}
		out = append(out, m.out...)
	}
	return out, nil
}

// Plan places the probes as Provider.Plan does, for every process.
func (p *WideProvider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	return plan("pid", 0, probes)
}

// Attributes returns the provider's stability attributes.
func (p *WideProvider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns nil: the types of a function's arguments are not known.
func (p *WideProvider) ArgTypes(pr *providers.Probe) ([]string, error) { return nil, nil }
