package dscript

import (
	"iter"
	"strconv"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Clauses returns the program's clauses, in order: the clause index the
// code generator and Descs use is a clause's position here.
func (p *Program) Clauses() []*ast.Clause {
	var cls []*ast.Clause
	for _, it := range p.File.Items {
		if cl, ok := it.(*ast.Clause); ok {
			cls = append(cls, cl)
		}
	}
	return cls
}

// ClauseDesc is one probe description of a clause.
type ClauseDesc struct {
	// Clause is the clause's index in Clauses; Desc the description.
	Clause int
	Desc   *ast.ProbeDesc
	// Probes are the probes the checker matched it with, in id order;
	// Matched is false when it was checked without a catalog.
	Probes  []check.Probe
	Matched bool
}

// Descs yields the probe descriptions of the program's clauses, clause
// after clause, each clause's in the order written.
func (p *Program) Descs() iter.Seq[ClauseDesc] {
	return func(yield func(ClauseDesc) bool) {
		for i, cl := range p.Clauses() {
			for _, pd := range cl.Probes {
				ps, ok := p.Info.Matches[pd]
				if !yield(ClauseDesc{Clause: i, Desc: pd, Probes: ps, Matched: ok}) {
					return
				}
			}
		}
	}
}

// AggInfo is what the compiler tells of an aggregation for the outputs
// that label what they write (profiles, metrics), from its first
// assignment in the program.
type AggInfo struct {
	// Name is the aggregation's name without its @ ("" for @).
	Name string
	// Keys describe its keys, in order.
	Keys []KeyInfo
	// Unit is the unit of the values it aggregates: "nanoseconds" for an
	// expression that involves a time (timestamp, vtimestamp,
	// walltimestamp), "bytes" for one of type size_t or ssize_t, ""
	// otherwise.
	Unit string
	// Clauses are the indexes (in Clauses) of the clauses that aggregate
	// into it, in order.
	Clauses []int
}

// KeyInfo describes one key of an aggregation.
type KeyInfo struct {
	// Name names the key after its expression (a builtin variable, a
	// variable, a member, a function's name, args[N]: "execname", "pid",
	// "stack", "ts", "args1"), "keyN" (N from 1) when it names nothing;
	// a name already taken by an earlier key gets "_2", "_3"...
	Name string
	// Unit is the key's unit, as AggInfo.Unit.
	Unit string
	// Stack says the key is a stack: stack(), ustack() or jstack().
	Stack bool
	// Cgroup says the key is a cgroup's path: cgroup_path().
	Cgroup bool
}

// aggsOf returns the program's aggregations in the order of their first
// assignments (Program.Aggs).
func aggsOf(p *Program) []*AggInfo {
	var out []*AggInfo
	byName := map[string]*AggInfo{}
	for i, cl := range p.Clauses() {
		ast.Inspect(cl, func(n ast.Node) bool {
			as, ok := n.(*ast.Assign)
			if !ok {
				return true
			}
			agg, ok := as.X.(*ast.Agg)
			if !ok {
				return true
			}
			ai := byName[agg.Name]
			if ai == nil {
				ai = aggInfo(agg, as.Y, p.Info)
				byName[agg.Name] = ai
				out = append(out, ai)
			}
			if len(ai.Clauses) == 0 || ai.Clauses[len(ai.Clauses)-1] != i {
				ai.Clauses = append(ai.Clauses, i)
			}
			return true
		})
	}
	return out
}

// aggInfo describes the aggregation agg = fn(...) from its first
// assignment.
func aggInfo(agg *ast.Agg, fn ast.Expr, info *check.Info) *AggInfo {
	ai := &AggInfo{Name: agg.Name}
	used := map[string]bool{}
	for i, k := range agg.Keys {
		name, stack := keyName(k)
		if name == "" {
			name = "key" + strconv.Itoa(i+1)
		}
		base := name
		for n := 2; used[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
		used[name] = true
		ai.Keys = append(ai.Keys, KeyInfo{Name: name, Unit: unitOf(k, info), Stack: stack,
			Cgroup: info.Types[k] == types.CgroupPathType})
	}
	if c, ok := unparen(fn).(*ast.Call); ok && len(c.Args) > 0 {
		ai.Unit = unitOf(c.Args[0], info)
	}
	return ai
}

// keyName names a key after its expression, and says whether it is a
// stack.
func keyName(x ast.Expr) (string, bool) {
	switch x := unparen(x).(type) {
	case *ast.Ident:
		return x.Name, false
	case *ast.Call:
		n := x.Fun.Name
		return n, n == "stack" || n == "ustack" || n == "jstack"
	case *ast.ScopedVar:
		return x.Name, false
	case *ast.Member:
		return x.Name, false
	case *ast.Index:
		if id, ok := unparen(x.X).(*ast.Ident); ok && id.Name == "args" && len(x.Index) == 1 {
			if lit, ok := x.Index[0].(*ast.IntLit); ok {
				return "args" + lit.Text, false
			}
		}
		return keyName(x.X)
	}
	return "", false
}

// unparen returns x without its parentheses and casts.
func unparen(x ast.Expr) ast.Expr {
	for {
		switch y := x.(type) {
		case *ast.Paren:
			x = y.X
		case *ast.Cast:
			x = y.X
		default:
			return x
		}
	}
}

// unitOf returns the unit of expression x (AggInfo.Unit).
func unitOf(x ast.Expr, info *check.Info) string {
	if t := info.Types[x]; t != nil {
		for ; t != nil && (t.Kind == types.Typedef || t.Kind == types.Qualified); t = t.Elem {
			if t.Kind == types.Typedef && (t.Name == "size_t" || t.Name == "ssize_t") {
				return "bytes"
			}
		}
	}
	unit := ""
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			switch id.Name {
			case "timestamp", "vtimestamp", "walltimestamp":
				unit = "nanoseconds"
			}
		}
		return unit == ""
	})
	return unit
}
