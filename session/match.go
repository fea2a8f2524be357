package session

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
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
// them. A description that matches nothing is a *MatchError unless
// zeroProbes (-Z).
func MatchUnit(reg *providers.Registry, u Unit, zeroProbes bool) ([][]*providers.Probe, error) {
	var out [][]*providers.Probe
	for _, it := range u.Program.File.Items {
		cl, ok := it.(*ast.Clause)
		if !ok {
			continue
		}
		var all []*providers.Probe
		for _, pd := range cl.Probes {
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
