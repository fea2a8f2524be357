package session

import (
	"errors"
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
)

// errUnmatched is a unit whose probe descriptions the checker did not
// match (it was compiled without the registry's Catalog).
var errUnmatched = errors.New("probe descriptions not matched: the program was not compiled with the registry's catalog")

// A match is a probe one of a clause's descriptions matched: Desc is the
// description's index in the clause.
type match struct {
	*providers.Probe
	Desc int
}

// matchUnit returns, for each clause of u in order, the probes its
// descriptions match, description after description, as tracing enables
// them: those the checker matched (check.Info.Matches) when it compiled u
// with the registry's Catalog.
func matchUnit(reg *providers.Registry, u Unit) ([][]match, error) {
	out := make([][]match, len(u.Program.Clauses()))
	desc, last := 0, -1
	for d := range u.Program.Descs() {
		if d.Clause != last {
			desc, last = 0, d.Clause
		} else {
			desc++
		}
		if !d.Matched {
			return nil, fmt.Errorf("enable %s: %w", u.Name, errUnmatched)
		}
		for _, m := range d.Probes {
			p := reg.Probe(m.ID)
			if p == nil {
				return nil, fmt.Errorf("enable %s: probe %d is not the registry's: %w", u.Name, m.ID, errUnmatched)
			}
			out[d.Clause] = append(out[d.Clause], match{p, desc})
		}
	}
	return out, nil
}

// Catalog returns reg as the probe catalog the checker matches the probe
// descriptions of programs against while it compiles them. The probes'
// typed arguments are the providers' (providers.ProbeArgs), their types
// read from BTF converted by k (nil: resolved by name by the checker).
func Catalog(reg *providers.Registry, k *ktypes.Kernel) check.Catalog { return catalog{reg, k} }

type catalog struct {
	reg    *providers.Registry
	kernel *ktypes.Kernel
}

func (c catalog) Match(d probe.Desc) ([]check.Probe, error) {
	ps, err := c.reg.MatchDesc(d)
	if err != nil {
		return nil, err
	}
	out := make([]check.Probe, len(ps))
	var prov providers.Provider
	var stable check.Stability
	for i, p := range ps {
		if prov == nil || prov.Name() != p.Provider {
			prov = c.reg.Provider(p.Provider)
			stable = stability(prov)
		}
		out[i] = check.Probe{ID: p.ID, Provider: p.Provider, Module: p.Module, Function: p.Function, Name: p.Name,
			NArgs: p.NArgs, Stable: stable, Args: c.args(prov, p)}
	}
	return out, nil
}

// stability returns what dt_probe_info reads of prov's attributes: which
// are Evolving or better. A provider that states none is private in
// everything.
func stability(prov providers.Provider) check.Stability {
	a := providers.Unknown
	if d, ok := prov.(providers.Describer); ok {
		a = d.Attributes()
	}
	return check.Stability{
		Args:     a.Args.Data >= providers.Evolving,
		Module:   a.Module.Name >= providers.Evolving,
		Function: a.Function.Name >= providers.Evolving,
		Name:     a.Name.Name >= providers.Evolving,
	}
}

// args returns the function that says probe p's typed arguments.
func (c catalog) args(prov providers.Provider, p *providers.Probe) func() ([]check.Arg, bool, error) {
	return func() ([]check.Arg, bool, error) {
		descs, known, err := providers.ProbeArgs(prov, p)
		if err != nil || !known {
			return nil, false, err
		}
		args := make([]check.Arg, len(descs))
		for i, d := range descs {
			args[i] = check.Arg{Name: d.Type, Slot: d.Slot, Native: d.Native}
			if d.BTF != nil && c.kernel != nil {
				args[i].Type = c.kernel.TypeOf(d.BTF, d.ID)
			}
		}
		return args, true, nil
	}
}
