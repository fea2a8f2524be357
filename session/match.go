package session

import (
	"errors"
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/providers"
)

// errUnmatched is a unit whose probe descriptions the checker did not
// match (it was compiled without the registry's Catalog).
var errUnmatched = errors.New("probe descriptions not matched: the program was not compiled with the registry's catalog")

// matchUnit returns, for each clause of u in order, the probes its
// descriptions match, description after description, as tracing enables
// them: those the checker matched (check.Info.Matches) when it compiled u
// with the registry's Catalog.
func matchUnit(reg *providers.Registry, u Unit) ([][]*providers.Probe, error) {
	var out [][]*providers.Probe
	matches := u.Program.Info.Matches
	for _, it := range u.Program.File.Items {
		cl, ok := it.(*ast.Clause)
		if !ok {
			continue
		}
		var all []*providers.Probe
		for _, pd := range cl.Probes {
			ms, ok := matches[pd]
			if !ok {
				return nil, fmt.Errorf("enable %s: %w", u.Name, errUnmatched)
			}
			for _, m := range ms {
				p := reg.Probe(m.ID)
				if p == nil {
					return nil, fmt.Errorf("enable %s: probe %d is not the registry's: %w", u.Name, m.ID, errUnmatched)
				}
				all = append(all, p)
			}
		}
		out = append(out, all)
	}
	return out, nil
}

// Catalog returns reg as the probe catalog the checker matches the probe
// descriptions of programs against while it compiles them.
func Catalog(reg *providers.Registry) check.Catalog { return catalog{reg} }

type catalog struct{ reg *providers.Registry }

func (c catalog) Match(d check.ProbeDesc) ([]check.Probe, error) {
	ps, err := c.reg.MatchDesc(providers.Desc{ID: d.ID, Provider: d.Provider, Module: d.Module, Function: d.Function, Name: d.Name})
	if err != nil {
		return nil, err
	}
	out := make([]check.Probe, len(ps))
	for i, p := range ps {
		out[i] = check.Probe{ID: p.ID, Provider: p.Provider, Module: p.Module, Function: p.Function, Name: p.Name, NArgs: p.NArgs}
	}
	return out, nil
}
