package codegen

import (
	"slices"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/probe"
)

// The this-> region of the scratch frame.
//
// Clause-local variables belong to the clauses that use them, yet a
// value persists across the clauses of one probe firing (a this->x set by
// one clause is read by the next clause on the same probe that uses
// this->x): one object per name (the checker's), one place for it in
// every clause. Two variables may share their bytes when no firing can
// run a clause using one and a clause using the other: when their
// clauses' probe descriptions cannot match a common probe. layoutThis
// places each variable, before any clause is compiled, at the lowest
// offset that no variable it conflicts with holds, so that the region is
// as large as the variables of the clauses one probe may run, not as the
// program's.
//
// Clauses enabled on dtrace:::ERROR run inside the firing of the probe
// whose clause faulted, between its clauses: their variables conflict
// with every clause's.
//
// The region starts with the per-CPU state that outlives a clause (the
// alloca area's top, speculations' accounting, strtok()'s string),
// which every clause may use: thisAlloc hands it out.

// thisLayout is where layoutThis placed the this-> variables and the
// state that outlives a clause, as offsets in the region.
type thisLayout struct {
	vars map[*check.Object]int
	// state is the bytes of state reserved at the region's start, used
	// the bytes of it handed out.
	state, used int
	size        int
}

// layoutThis lays out the this-> region of the units' clauses (see above).
func (g *gen) layoutThis(units []Unit) {
	type clauseVars struct {
		descs []*ast.ProbeDesc
		vars  []*check.Object
	}
	var clauses []clauseVars
	var order []*check.Object // in order of first use
	users := map[*check.Object][]int{}
	state := 8 // the alloca area's top (alloca.go), reserved always
	strtok, spec := false, false
	for _, u := range units {
		for _, it := range u.File.Items {
			cl, ok := it.(*ast.Clause)
			if !ok {
				continue
			}
			ci := len(clauses)
			seen := map[*check.Object]bool{}
			var vars []*check.Object
			thisVars(cl, u.Info, map[ast.Node]bool{}, func(n ast.Node, o *check.Object) {
				if call, ok := n.(*ast.Call); ok {
					switch callName(call) {
					case "strtok":
						strtok = true
					case "speculation", "speculate", "commit", "discard":
						spec = true
					}
					return
				}
				if seen[o] {
					return
				}
				seen[o] = true
				vars = append(vars, o)
				if users[o] == nil {
					order = append(order, o)
				}
				users[o] = append(users[o], ci)
			})
			clauses = append(clauses, clauseVars{descs: cl.Probes, vars: vars})
		}
	}
	if spec {
		state += 8 * max(optOrNone(g.opts.NSpec, DefaultNSpec), 1)
	}
	if strtok {
		state += align8(8 + g.strBuf())
	}
	l := &thisLayout{vars: map[*check.Object]int{}, state: state, size: state}
	g.this = l
	if len(order) == 0 {
		return
	}
	// meets[i] holds the clauses that may run in a firing of clause i's.
	n := len(clauses)
	meets := make([][]bool, n)
	for i := range meets {
		meets[i] = make([]bool, n)
	}
	for i := range n {
		for j := i; j < n; j++ {
			if clausesMeet(clauses[i].descs, clauses[j].descs) {
				meets[i][j], meets[j][i] = true, true
			}
		}
	}
	// near[o]: the clauses that may share a firing with one using o.
	near := map[*check.Object][]bool{}
	for _, o := range order {
		m := make([]bool, n)
		for _, i := range users[o] {
			for j, ok := range meets[i] {
				m[j] = m[j] || ok
			}
		}
		near[o] = m
	}
	type span struct{ lo, hi int }
	var placed []*check.Object
	for _, o := range order {
		size := g.valueSize(o.Type())
		var taken []span
		for _, p := range placed {
			if slices.ContainsFunc(users[p], func(i int) bool { return near[o][i] }) {
				off := l.vars[p]
				taken = append(taken, span{off, off + g.valueSize(p.Type())})
			}
		}
		slices.SortFunc(taken, func(a, b span) int { return a.lo - b.lo })
		off := state
		for _, s := range taken {
			if off+size <= s.lo {
				break
			}
			off = max(off, s.hi)
		}
		l.vars[o] = off
		l.size = max(l.size, off+size)
		placed = append(placed, o)
	}
}

// thisVars calls use with each this-> variable a clause's code reads or
// writes (inline values and translators included), and with each call of
// the clause (o nil).
func thisVars(n ast.Node, info *check.Info, done map[ast.Node]bool, use func(ast.Node, *check.Object)) {
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.Call); ok {
			use(call, nil)
		}
		if x, ok := n.(ast.Expr); ok {
			if tr := info.Xlators[x]; tr != nil {
				for _, m := range tr.Members {
					if !done[m] {
						done[m] = true
						thisVars(m, info, done, use)
					}
				}
			}
		}
		o := info.Uses[n]
		switch {
		case o == nil:
		case o.Kind() == check.ObjThis:
			use(n, o)
		case o.Kind() == check.ObjInline:
			if v := o.Inline(); v != nil && !done[v] {
				done[v] = true
				thisVars(v, info, done, use)
			}
		}
		return true
	})
}

// callName is the name of the function a call calls ("" for none).
func callName(x *ast.Call) string {
	if x.Fun == nil {
		return ""
	}
	return x.Fun.Name
}

// clausesMeet reports whether clauses of these probe descriptions may
// run in one firing: when a description of one may match a probe a
// description of the other matches, or either may match dtrace:::ERROR
// (which fires within other probes' firings).
func clausesMeet(a, b []*ast.ProbeDesc) bool {
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	for _, d := range a {
		if mayBeError(d) {
			return true
		}
		for _, e := range b {
			if mayBeError(e) || descsMeet(d, e) {
				return true
			}
		}
	}
	return false
}

// mayBeError reports whether d may match dtrace:::ERROR.
func mayBeError(d *ast.ProbeDesc) bool {
	if d.Count == 0 {
		return true // a probe id
	}
	return fieldsMeet(d.Provider, "dtrace") && fieldsMeet(d.Module, "") && fieldsMeet(d.Func, "") && fieldsMeet(d.Name, "ERROR")
}

// descsMeet reports whether two probe descriptions may match a common
// probe: each pair of their fields may.
func descsMeet(a, b *ast.ProbeDesc) bool {
	if a.Count == 0 || b.Count == 0 {
		return true
	}
	return fieldsMeet(a.Provider, b.Provider) && fieldsMeet(a.Module, b.Module) &&
		fieldsMeet(a.Func, b.Func) && fieldsMeet(a.Name, b.Name)
}

// fieldsMeet reports whether two fields of probe descriptions may match
// a common name. It errs towards true: a field with a macro ($1,
// pid$target) may be anything; two patterns meet unless their literal
// beginnings differ.
func fieldsMeet(p, q string) bool {
	pg := p == "" || probe.IsGlob(p) || strings.Contains(p, "$")
	qg := q == "" || probe.IsGlob(q) || strings.Contains(q, "$")
	switch {
	case !pg && !qg:
		return p == q
	case !pg:
		return strings.Contains(q, "$") || probe.Glob(q, p)
	case !qg:
		return strings.Contains(p, "$") || probe.Glob(p, q)
	}
	pp, qp := literalPrefix(p), literalPrefix(q)
	return strings.HasPrefix(pp, qp) || strings.HasPrefix(qp, pp)
}

// literalPrefix is the part of a field before its first pattern
// character or macro.
func literalPrefix(s string) string {
	if i := strings.IndexAny(s, `*?[\$`); i >= 0 {
		return s[:i]
	}
	return s
}
