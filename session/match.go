package session

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/providers"
)

// Desc returns the registry's form of a clause's probe description: its
// four fields, or the probe id it is. The checker refuses ids that do not
// fit 32 bits; id 0 is DTRACE_IDNONE, a description whose fields, all
// empty, match every probe, as in DTrace.
func Desc(pd *ast.ProbeDesc) providers.Desc {
	if pd.Count == 0 {
		return providers.Desc{ID: uint32(pd.ID)}
	}
	return providers.Desc{Provider: pd.Provider, Module: pd.Module, Function: pd.Func, Name: pd.Name}
}

// MatchUnit returns, for each clause of u in order, the probes its
// descriptions match, description after description, as tracing enables
// them: those the checker matched (check.Info.Matches) when u was
// compiled with the registry's Catalog, otherwise matched now. A
// description that matches nothing is a *MatchError unless zeroProbes
// (-Z).
func MatchUnit(reg *providers.Registry, u Unit, zeroProbes bool) ([][]*providers.Probe, error) {
	var out [][]*providers.Probe
	matches := u.Program.Info.Matches
	for _, it := range u.Program.File.Items {
		cl, ok := it.(*ast.Clause)
		if !ok {
			continue
		}
		var all []*providers.Probe
		for _, pd := range cl.Probes {
			if ms, ok := matches[pd]; ok {
				for _, m := range ms {
					if p := reg.Probe(m.ID); p != nil {
						all = append(all, p)
					}
				}
				continue
			}
			ps, err := reg.MatchDesc(Desc(pd))
			if err != nil {
				return nil, err
			}
			if len(ps) == 0 && !zeroProbes {
				return nil, &MatchError{Unit: u, Desc: pd}
			}
			all = append(all, ps...)
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
