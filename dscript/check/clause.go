package check

import (
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// clauseDecl checks a probe clause.
func (c *Checker) clauseDecl(cl *ast.Clause) {
	c.clause = &clauseState{}
	defer func() { c.clause = nil }()
	for _, pd := range cl.Probes {
		c.probeDesc(pd)
	}
	if cl.Pred != nil {
		o := c.rvalue(cl.Pred)
		if !o.t.IsScalar() {
			c.errorf(cl.Pred, diag.Tag("D_PRED_SCALAR"), "predicate result must be of scalar type")
		}
	}
	for _, s := range cl.Body {
		c.stmt(s)
	}
}

// probeDesc checks the macros a probe description uses.
func (c *Checker) probeDesc(pd *ast.ProbeDesc) {
	for _, f := range []string{pd.Provider, pd.Module, pd.Func, pd.Name} {
		for i := strings.IndexByte(f, '$'); i >= 0; {
			j := i + 1
			for j < len(f) && (isAlnum(f[j]) || f[j] == '$' && j == i+1) {
				j++
			}
			name := f[i:j]
			key := strings.TrimLeft(name, "$")
			if key != "" {
				if n, err := atoi(key); err == nil {
					if n >= len(c.cfg.Args) && !c.cfg.Defaultargs {
						c.errorf(pd, diag.Tag("D_MACRO_UNDEF"), "macro argument %s is not defined", name)
					}
				} else if _, ok := c.cfg.Macros[key]; !ok && key == "target" {
					c.errorf(pd, diag.Tag("D_MACRO_UNDEF"), "macro variable %s is not defined", name)
				}
			}
			k := strings.IndexByte(f[j:], '$')
			if k < 0 {
				break
			}
			i = j + k
		}
	}
}

func isAlnum(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

func atoi(s string) (int, error) {
	n := 0
	if s == "" {
		return 0, errNotNum
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errNotNum
		}
		n = n*10 + int(s[i]-'0')
		if n > 1<<20 {
			return 0, errNotNum
		}
	}
	return n, nil
}

type numError struct{}

func (numError) Error() string { return "not a number" }

var errNotNum error = numError{}

// stmt checks one statement of a clause body.
func (c *Checker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		c.exprStmt(s.X)
	case *ast.IfStmt:
		o := c.rvalue(s.Cond)
		if !o.t.IsScalar() {
			c.errorf(s.Cond, diag.Tag("D_OP_SCALAR"), "if statement condition must be of scalar type")
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

// exprStmt checks an expression used as a statement: actions and
// aggregation assignments are valid only here.
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
	case *ast.Agg:
		c.errorf(x, diag.Tag("D_AGG_SCALAR"), "aggregation %s may only be used as an argument to printa( ), clear( ), trunc( ), normalize( ) or denormalize( )", aggName(e.Name))
	}
	c.rvalue(x)
}

// aggAssign checks "@a[keys] = func(args)".
func (c *Checker) aggAssign(x *ast.Assign, a *ast.Agg) {
	name := aggName(a.Name)
	if x.Op != ast.AssignOp {
		c.errorf(x, diag.Tag("D_AGG_FUNC"), "%s must be assigned the result of an aggregating function", name)
	}
	call, ok := ast.Unparen(x.Y).(*ast.Call)
	if !ok {
		c.errorf(x, diag.Tag("D_AGG_FUNC"), "%s must be assigned the result of an aggregating function", name)
	}
	f, ok := builtinFuncs[call.Fun.Name]
	if !ok || f.kind != aggfn {
		c.errorf(x, diag.Tag("D_AGG_FUNC"), "%s must be assigned the result of an aggregating function", name)
	}
	var keys []*types.Type
	for _, k := range a.Keys {
		o := c.rvalue(k)
		if o.t.IsVoid() || o.t.IsRecord() {
			c.errorf(k, diag.Tag("D_KEY_TYPE"), "invalid key type: %s", o.t)
		}
		keys = append(keys, o.t)
	}
	params := c.aggArgs(call)
	prev, seen := c.aggs[a.Name]
	if !seen {
		c.aggs[a.Name] = &aggregation{name: a.Name, fn: call.Fun.Name, keys: keys, params: params, pos: a.At}
		return
	}
	if prev.fn != call.Fun.Name || !equalInts(prev.params, params) {
		c.errorf(x, diag.Tag("D_AGG_REDEF"), "aggregation redefined: %s\n\t current: %s( )\n\tprevious: %s( )", name, call.Fun.Name, prev.fn)
	}
	if len(prev.keys) != len(keys) {
		c.errorf(x, diag.Tag("D_AGG_DIM"), "%s[ ] prototype mismatch: %d arg%s passed, %d expected", name, len(keys), plural(len(keys)), len(prev.keys))
	}
	for i := range keys {
		if !types.Compatible(prev.keys[i], keys[i]) {
			c.errorf(x, diag.Tag("D_AGG_DIM"), "%s[ ] argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", name, i+1, prev.keys[i], keys[i])
		}
	}
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// aggArgs checks the arguments of an aggregating function and returns its
// constant parameters.
func (c *Checker) aggArgs(x *ast.Call) []int64 {
	name := x.Fun.Name
	f := builtinFuncs[name]
	c.protoLen(x, f)
	if name == "count" {
		return nil
	}
	v := c.rvalue(x.Args[0])
	if !v.t.IsScalar() || v.t.IsSpecial() {
		c.errorf(x, diag.Tag("D_AGG_SCALAR"), "%s( ) argument #1 must be of scalar type", name)
	}
	switch name {
	case "quantize":
		if len(x.Args) > 2 {
			c.errorf(x, diag.Tag("D_PROTO_LEN"), "quantize( ) prototype mismatch: %d args passed, 1 or 2 expected", len(x.Args))
		}
		if len(x.Args) == 2 {
			if o := c.rvalue(x.Args[1]); !o.t.IsScalar() {
				c.errorf(x, diag.Tag("D_PROTO_ARG"), "quantize( ) argument #2 must be of scalar type")
			}
		}
		return nil
	case "lquantize":
		return c.lquantize(x)
	case "llquantize":
		return c.llquantize(x)
	}
	return nil
}

func (c *Checker) aggConst(x *ast.Call, i int, typeTag, what string) int64 {
	o := c.rvalue(x.Args[i])
	if !o.isConst || !o.t.IsInteger() {
		c.errorf(x, diag.Tag(typeTag), "%s( ) argument #%d must be an integer constant", x.Fun.Name, i+1)
	}
	return o.val
}

// lquantize checks lquantize(value, base, limit[, step[, incr]]).
func (c *Checker) lquantize(x *ast.Call) []int64 {
	if len(x.Args) > 5 {
		c.errorf(x, diag.Tag("D_PROTO_LEN"), "lquantize( ) prototype mismatch: %d args passed, 3 to 5 expected", len(x.Args))
	}
	base := c.aggConst(x, 1, "D_LQUANT_BASETYPE", "base")
	limit := c.aggConst(x, 2, "D_LQUANT_LIMTYPE", "limit")
	step := int64(1)
	if len(x.Args) >= 4 {
		step = c.aggConst(x, 3, "D_LQUANT_STEPTYPE", "step")
	}
	if base < -1<<31 || base > 1<<31-1 {
		c.errorf(x, diag.Tag("D_LQUANT_BASEVAL"), "lquantize( ) base (argument #2) must be a 32-bit quantity")
	}
	if limit < -1<<31 || limit > 1<<31-1 {
		c.errorf(x, diag.Tag("D_LQUANT_LIMVAL"), "lquantize( ) limit (argument #3) must be a 32-bit quantity")
	}
	if limit <= base {
		c.errorf(x, diag.Tag("D_LQUANT_MISMATCH"), "lquantize( ) base (argument #2) must be less than limit (argument #3)")
	}
	if step <= 0 || step > 1<<16-1 {
		c.errorf(x, diag.Tag("D_LQUANT_STEPVAL"), "lquantize( ) step (argument #4) must be a 16-bit quantity")
	}
	if (limit-base)/step == 0 {
		c.errorf(x, diag.Tag("D_LQUANT_STEPLARGE"), "lquantize( ) step (argument #4) too large (must be less than limit - base)")
	}
	if (limit-base)/step > 1<<16-1 {
		c.errorf(x, diag.Tag("D_LQUANT_STEPSMALL"), "lquantize( ) step (argument #4) too small (must be at least (limit - base) / %d)", 1<<16-1)
	}
	if len(x.Args) == 5 {
		if o := c.rvalue(x.Args[4]); !o.t.IsScalar() {
			c.errorf(x, diag.Tag("D_PROTO_ARG"), "lquantize( ) argument #5 must be of scalar type")
		}
	}
	return []int64{base, limit, step}
}

// llquantize checks llquantize(value, factor, low, high, nsteps[, incr]).
func (c *Checker) llquantize(x *ast.Call) []int64 {
	if len(x.Args) > 6 {
		c.errorf(x, diag.Tag("D_PROTO_LEN"), "llquantize( ) prototype mismatch: %d args passed, 5 or 6 expected", len(x.Args))
	}
	factor := c.aggConst(x, 1, "D_LLQUANT_FACTORTYPE", "factor")
	low := c.aggConst(x, 2, "D_LLQUANT_LOWTYPE", "low")
	high := c.aggConst(x, 3, "D_LLQUANT_HIGHTYPE", "high")
	nsteps := c.aggConst(x, 4, "D_LLQUANT_NSTEPTYPE", "nsteps")
	if factor < 2 || factor > 1<<16-1 {
		c.errorf(x, diag.Tag("D_LLQUANT_FACTORVAL"), "llquantize( ) factor (argument #2) must be two or more")
	}
	if low < 0 || low > 1<<32-1 {
		c.errorf(x, diag.Tag("D_LLQUANT_LOWVAL"), "llquantize( ) low magnitude (argument #3) must be a 32-bit quantity")
	}
	if high < 0 || high > 1<<32-1 {
		c.errorf(x, diag.Tag("D_LLQUANT_HIGHVAL"), "llquantize( ) high magnitude (argument #4) must be a 32-bit quantity")
	}
	if high < low {
		c.errorf(x, diag.Tag("D_LLQUANT_MAGRANGE"), "llquantize( ) high magnitude (argument #4) must be greater than or equal to low magnitude (argument #3)")
	}
	if nsteps <= 0 || nsteps > 1<<16-1 {
		c.errorf(x, diag.Tag("D_LLQUANT_NSTEPVAL"), "llquantize( ) number of steps (argument #5) must be a 16-bit quantity")
	}
	if nsteps < factor && factor%nsteps != 0 {
		c.errorf(x, diag.Tag("D_LLQUANT_FACTORNSTEPS"), "llquantize( ) factor (argument #2) must evenly divide the number of steps per magnitude (argument #5), or the number of steps per magnitude must evenly divide the factor")
	}
	if nsteps >= factor && nsteps%factor != 0 {
		c.errorf(x, diag.Tag("D_LLQUANT_FACTORNSTEPS"), "llquantize( ) factor (argument #2) must evenly divide the number of steps per magnitude (argument #5), or the number of steps per magnitude must evenly divide the factor")
	}
	if len(x.Args) == 6 {
		if o := c.rvalue(x.Args[5]); !o.t.IsScalar() {
			c.errorf(x, diag.Tag("D_PROTO_ARG"), "llquantize( ) argument #6 must be of scalar type")
		}
	}
	return []int64{factor, low, high, nsteps}
}

