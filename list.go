package dtrace

import (
	"errors"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
)

// Probe is a probe of the running system.
type Probe struct {
	// ID is the probe's id: the same in every run on one system, as
	// dtrace -l lists it.
	ID                               uint32
	Provider, Module, Function, Name string
}

// ProbeDesc is a probe description: four fields, each a name or a
// pattern (DTrace's globs; empty matches anything), or a probe id; its
// String is DTrace's (dtrace_desc2str).
type ProbeDesc = probe.Desc

// Probes returns every probe, in id order: what dtrace -l lists. The
// probes of the providers that could not list theirs are left out; the
// error then joins a *ListError for each.
func (h *Handle) Probes() ([]Probe, error) {
	ps, err := h.reg.List()
	return probes(ps), listError(err)
}

// EachProbe calls yield with every probe, in id order, until it returns
// false: what Probes returns, without the slice, and without making the
// probes of the providers that can list theirs one at a time (fbt's over
// 100,000). The error is as Probes'.
func (h *Handle) EachProbe(yield func(Probe) bool) error {
	return listError(h.reg.Each(func(p *providers.Probe) bool {
		return yield(Probe{ID: p.ID, Provider: p.Provider, Module: p.Module, Function: p.Function, Name: p.Name})
	}))
}

// Match returns the probes d matches, in id order: what dtrace -l -n d
// lists, and what a program's description d enables.
func (h *Handle) Match(d ProbeDesc) ([]Probe, error) {
	ps, err := h.reg.MatchDesc(d)
	return probes(ps), err
}

func probes(ps []*providers.Probe) []Probe {
	out := make([]Probe, len(ps))
	for i, p := range ps {
		out[i] = Probe{ID: p.ID, Provider: p.Provider, Module: p.Module, Function: p.Function, Name: p.Name}
	}
	return out
}

// OmittedProbe is a probe a description matched that its provider did
// not make, and why: the return probe of a pid function where no return
// was found ("no return instruction": _start, exit; "code not decoded").
type OmittedProbe struct {
	Provider, Module, Function, Name string
	Why                              string
}

// Omitted returns the probes the descriptions matched so far that their
// providers did not make, provider after provider, each once.
func (h *Handle) Omitted() []OmittedProbe {
	var out []OmittedProbe
	for _, o := range h.reg.Omitted() {
		out = append(out, OmittedProbe{Provider: o.Provider, Module: o.Module, Function: o.Function, Name: o.Name, Why: o.Why})
	}
	return out
}

// ListErrors returns, in provider order, the providers that could not
// list their probes so far.
func (h *Handle) ListErrors() []*ListError {
	var out []*ListError
	for _, err := range h.reg.Errors() {
		var le *providers.ListError
		if errors.As(err, &le) {
			out = append(out, &ListError{Provider: le.Provider, Err: le.Err})
		}
	}
	return out
}

// Attr is a stability attribute as dtrace -lv prints it: the stability of
// names and of data ("Stable", "Private"...) and the dependency class
// ("Common", "ISA"...).
type Attr struct {
	Name, Data, Class string
}

// ProbeInfo is what dtrace -lv says of a probe.
type ProbeInfo struct {
	// Attributes are the probe description's, ArgAttributes its
	// arguments'.
	Attributes, ArgAttributes Attr
	// Args are the C types of its typed arguments, args[0] first ("" for
	// an argument whose type is not known); nil when it has none or they
	// are not known.
	Args []string
}

// Describe returns what dtrace -lv prints of probe p. The error says why
// its argument types could not be read; the attributes are there anyway.
func (h *Handle) Describe(p Probe) (ProbeInfo, error) {
	attrs := providers.Unknown
	var args []string
	var err error
	if d, ok := h.reg.Provider(p.Provider).(providers.Describer); ok {
		attrs = d.Attributes()
		if pp := h.reg.Probe(p.ID); pp != nil {
			args, err = d.ArgTypes(pp)
		}
	}
	attr := func(a providers.Attr) Attr { return Attr{a.Name.String(), a.Data.String(), a.Class.String()} }
	return ProbeInfo{Attributes: attr(attrs.Probe()), ArgAttributes: attr(attrs.Args), Args: args}, err
}
