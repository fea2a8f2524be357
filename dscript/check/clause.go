package check

import (
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// clauseDecl checks a probe clause as dt_compile_one_clause does: the
// probe descriptions; then the action list and the predicate are
// type-checked ("cooked"); then the predicate and each statement in turn
// are compiled, each statement checked against those before it.
func (c *Checker) clauseDecl(cl *ast.Clause) {
	c.clause = &clauseState{descs: cl.Probes}
	defer func() {
		c.clause = nil
		c.region = ""
	}()
	for _, pd := range cl.Probes {
		c.probeDesc(pd)
	}
	c.cookClause(cl)
	c.region = ""
	c.compileClause(cl)
}

// cookClause type-checks the action list, then the predicate. If the
// actions fail on an undefined identifier and there is a predicate, DTrace
// checks the predicate first and then the actions again, and reports what
// that second pass finds.
func (c *Checker) cookClause(cl *ast.Clause) {
	err := c.try(func() {
		c.region = "action list"
		for _, s := range cl.Body {
			c.stmt(s)
		}
	})
	if err != nil {
		if cl.Pred == nil || (err.Tag != diag.D_IDENT_UNDEF && err.Tag != diag.D_VAR_UNDEF) {
			panic(bailout{err})
		}
		c.cookPred(cl)
		c.region = "action list"
		for _, s := range cl.Body {
			c.stmt(s)
		}
		return
	}
	if cl.Pred != nil {
		c.cookPred(cl)
	}
}

// cookPred checks the clause's predicate. Its result is checked after it
// (dt_cook_clause's xyerror), when yylineno is back at the clause node's
// line: the body's closing '}', where the grammar reduces the clause.
func (c *Checker) cookPred(cl *ast.Clause) {
	c.region = "predicate"
	o := c.expr(cl.Pred)
	if o.dynamic() || !o.t.IsScalar() {
		at := cl.End
		if at.Line == 0 {
			at = cl.Pred.Pos()
		}
		c.errorf(lineNode{at}, diag.D_PRED_SCALAR, "predicate result must be of scalar type")
	}
}

// try runs f and returns the error it bails out with, if any.
func (c *Checker) try(f func()) (err *diag.Error) {
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			err = b.err
		}
	}()
	f()
	return nil
}

// probeDesc checks the macros a probe description uses and expands them
// in place, as dtrace_xstr2desc does: $N and $$N become the Nth argument,
// $pid, $target... their decimal values (pid$target:::entry).
func (c *Checker) probeDesc(pd *ast.ProbeDesc) {
	for _, f := range []*string{&pd.Provider, &pd.Module, &pd.Func, &pd.Name} {
		*f = c.expandDesc(pd, *f)
	}
	c.matchDesc(pd)
}

// expandDesc returns the field f of pd with its macros expanded.
func (c *Checker) expandDesc(pd *ast.ProbeDesc, f string) string {
	if strings.IndexByte(f, '$') < 0 {
		return f
	}
	var b strings.Builder
	for i := 0; i < len(f); {
		if f[i] != '$' {
			b.WriteByte(f[i])
			i++
			continue
		}
		j := i + 1
		for j < len(f) && (isAlnum(f[j]) || f[j] == '$' && j == i+1) {
			j++
		}
		name := f[i:j]
		key := strings.TrimLeft(name, "$")
		i = j
		if key == "" {
			b.WriteString(name)
			continue
		}
		if n, err := strconv.Atoi(key); err == nil && n >= 0 {
			switch {
			case n < len(c.cfg.Args):
				b.WriteString(c.cfg.Args[n])
			case !c.defaultargs(pd.Tok):
				c.errorf(pd, diag.Tag("D_MACRO_UNDEF"), "macro argument %s is not defined", name)
			}
			continue
		}
		if v, ok := c.cfg.Macros[key]; ok {
			b.WriteString(strconv.FormatInt(v, 10))
			continue
		}
		if key == "target" {
			b.WriteString("0") // no -c or -p process: 0, as in an expression
			continue
		}
		b.WriteString(name)
	}
	return b.String()
}

func isAlnum(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// stmt checks one statement of a clause body.

// stmt type-checks one statement of a clause body.
func (c *Checker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		c.exprStmt(s.X)
	case *ast.IfStmt:
		o := c.expr(s.Cond)
		if o.dynamic() || !o.t.IsScalar() {
			c.errorf(s.Cond, diag.D_OP_SCALAR, "if statement condition must be of scalar type")
		}
		c.stmt(s.Then)
		if s.Else != nil {
			c.stmt(s.Else)
		}
	case *ast.BlockStmt:
		for _, t := range s.List {
			c.stmt(t)
		}
	}
}

// exprStmt type-checks an expression used as a statement: aggregation
// assignments are valid only here.
func (c *Checker) exprStmt(x ast.Expr) {
	switch e := ast.Unparen(x).(type) {
	case *ast.Call:
		c.info.Types[x] = c.call(e, true).t
		return
	case *ast.Assign:
		if a, ok := ast.Unparen(e.X).(*ast.Agg); ok {
			c.aggAssign(e, a)
			return
		}
		c.aggMdim(e.X)
	case *ast.Agg:
		// "@a;": the aggregation must exist. "@a[k];": operator [
		// creates it if need be (dt_cook_op2's DT_TOK_LBRAC); the keys
		// are not looked at. Compiling the statement reports it has no
		// effect.
		if _, ok := c.aggs[e.Name]; !ok && e.Keys != nil {
			c.info.Types[x] = aggType
			return
		}
		c.info.Types[x] = c.aggExpr(e).t
		return
	case *ast.Index:
		c.aggMdim(e)
	}
	c.expr(x)
}

// aggMdim reports "@a[i][j]", an aggregation indexed twice.
func (c *Checker) aggMdim(x ast.Expr) {
	ix, ok := ast.Unparen(x).(*ast.Index)
	if !ok {
		return
	}
	if a, ok := ast.Unparen(ix.X).(*ast.Agg); ok {
		c.errorf(ix, diag.D_AGG_MDIM, "improper attempt to reference %s as a multi-dimensional array", aggDisplay(a.Name))
	}
}

// aggAssign type-checks "@a[keys] = func(args)" as dt_cook_op2 does: the
// function call, then that it is an aggregating function and the one the
// aggregation had before, then the keys against the aggregation's key
// signature, which the first assignment fixes.
func (c *Checker) aggAssign(x *ast.Assign, a *ast.Agg) {
	name := aggDisplay(a.Name)
	agg, seen := c.aggs[a.Name]
	if !seen {
		agg = &aggregation{name: a.Name, pos: a.At}
		c.aggs[a.Name] = agg
	}
	c.useAgg(a, agg)
	c.info.Types[x.X] = aggType
	if x.Op != ast.AssignOp {
		c.expr(x.Y)
		c.errorf(x, diag.D_AGG_FUNC, "%s must be assigned the result of an aggregating function", name)
	}
	c.expr(x.Y)
	call, ok := ast.Unparen(x.Y).(*ast.Call)
	if !ok || builtinFuncs[call.Fun.Name] == nil || builtinFuncs[call.Fun.Name].kind != aggfn {
		c.errorf(x, diag.D_AGG_FUNC, "%s must be assigned the result of an aggregating function", name)
	}
	fn := call.Fun.Name
	if agg.fn != "" && agg.fn != fn {
		c.errorf(x, diag.D_AGG_REDEF, "aggregation redefined: %s\n\t current: %s = %s( )\n\tprevious: %s = %s( ) : line %d",
			name, name, fn, name, agg.fn, agg.pos.Line)
	}
	if agg.fn == "" {
		agg.fn = fn
	}
	if !agg.sig {
		var keys []*types.Type
		for i, k := range a.Keys {
			keys = append(keys, c.key(k, i, "aggregation"))
		}
		agg.sig, agg.keys = true, keys
		c.info.Types[x] = aggType
		return
	}
	args := make([]operand, len(a.Keys))
	for i, k := range a.Keys {
		args[i] = c.expr(k)
	}
	c.checkSign(a, sign{prefix: "@", name: name[1:], suffix: "[ ]", key: true, protos: agg.keys, varargs: -1, optional: -1}, args)
	c.info.Types[x] = aggType
}
