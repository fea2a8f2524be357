package check

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
)

// compileAgg compiles "@a[keys] = fn(args)" as dt_compile_agg does: the
// value must be scalar; the keys may be stack and symbol functions; the
// parameters of lquantize and llquantize must be valid constants that
// match the aggregation's earlier uses; an increment must be scalar. It
// returns the statement's actions: the tuple, then the aggregating action.
func (c *Checker) compileAgg(a *ast.Agg, fn *ast.Call) []actKind {
	name := fn.Fun.Name
	args := fn.Args
	if len(args) > 0 {
		if v := args[0]; isAggArg(v) || !c.typeOf(v).IsScalar() {
			c.errorf(fn, diag.D_AGG_SCALAR, "%s( ) argument #1 must be of scalar type", name)
		}
	}
	acts := []actKind{actRecord}
	for _, k := range a.Keys {
		acts = append(acts, actRecord)
		call, ok := ast.Unparen(k).(*ast.Call)
		if f := builtinFuncs[nameOf(call)]; ok && f != nil && f.record {
			switch call.Fun.Name {
			case "stack":
				c.stackArgs(call)
			case "ustack", "jstack":
				c.ustackArgs(call)
			default:
				for _, x := range call.Args {
					c.cg(x)
				}
			}
			continue
		}
		c.cg(k)
	}
	agg := c.aggs[a.Name]
	var incr ast.Expr
	argmax := 0
	rest := func(n int) []ast.Expr {
		if len(args) > n {
			return args[n:]
		}
		return nil
	}
	switch name {
	case "lquantize":
		c.lquantize(fn, agg)
		incr, argmax = first(rest(4)), 5
	case "llquantize":
		c.llquantize(fn, agg)
		incr, argmax = first(rest(5)), 6
	case "quantize":
		incr, argmax = first(rest(1)), 2
	}
	if incr != nil {
		if isAggArg(incr) || !c.typeOf(incr).IsScalar() {
			c.errorf(fn, diag.D_PROTO_ARG, "%s( ) increment value (argument #%d) must be of scalar type", name, argmax)
		}
		if extra := len(args) - argmax; extra > 0 {
			c.errorf(incr, diag.D_PROTO_LEN, "%s( ) prototype mismatch: %d args passed, at most %d expected", name, len(args), argmax)
		}
		c.cg(incr)
	}
	if len(args) > 0 {
		c.cg(args[0])
	}
	return append(acts, actAgg)
}

func first(xs []ast.Expr) ast.Expr {
	if len(xs) == 0 {
		return nil
	}
	return xs[0]
}

func nameOf(call *ast.Call) string {
	if call == nil {
		return ""
	}
	return call.Fun.Name
}

// lquantize checks lquantize(value, base, limit[, step[, incr]]). The
// messages number the arguments from the base.
func (c *Checker) lquantize(x *ast.Call, agg *aggregation) {
	arg1, arg2 := x.Args[1], x.Args[2]
	base, ok := c.intConst(arg1)
	if !ok {
		c.errorf(arg1, diag.D_LQUANT_BASETYPE, "lquantize( ) argument #1 must be an integer constant")
	}
	if base < -1<<31 || base > 1<<31-1 {
		c.errorf(arg1, diag.D_LQUANT_BASEVAL, "lquantize( ) argument #1 must be a 32-bit quantity")
	}
	limit, ok := c.intConst(arg2)
	if !ok {
		c.errorf(arg2, diag.D_LQUANT_LIMTYPE, "lquantize( ) argument #2 must be an integer constant")
	}
	if limit < -1<<31 || limit > 1<<31-1 {
		c.errorf(arg2, diag.D_LQUANT_LIMVAL, "lquantize( ) argument #2 must be a 32-bit quantity")
	}
	if limit < base {
		c.errorf(x, diag.D_LQUANT_MISMATCH, "lquantize( ) base (argument #1) must be less than limit (argument #2)")
	}
	step := uint64(1)
	if len(x.Args) > 3 {
		arg3 := x.Args[3]
		if !c.isPosConst(arg3) {
			c.errorf(arg3, diag.D_LQUANT_STEPTYPE, "lquantize( ) argument #3 must be a non-zero positive integer constant")
		}
		v, _ := c.intConst(arg3)
		if step = uint64(v); step > 1<<16-1 {
			c.errorf(arg3, diag.D_LQUANT_STEPVAL, "lquantize( ) argument #3 must be a 16-bit quantity")
		}
	}
	nlevels := uint64(limit-base) / step
	if nlevels == 0 {
		c.errorf(x, diag.D_LQUANT_STEPLARGE, "lquantize( ) step (argument #3) too large: must have at least one quantization level")
	}
	if nlevels > 1<<16-1 {
		c.errorf(x, diag.D_LQUANT_STEPSMALL, "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity")
	}
	params := []int64{base, int64(nlevels), int64(step)}
	if agg.params == nil {
		agg.params = params
		return
	}
	obase, olevels, ostep := agg.params[0], agg.params[1], agg.params[2]
	if obase != base {
		c.errorf(x, diag.D_LQUANT_MATCHBASE, "lquantize( ) base (argument #1) doesn't match previous declaration: expected %d, found %d", int32(obase), int32(base))
	}
	if olevels*ostep != int64(nlevels)*int64(step) {
		c.errorf(x, diag.D_LQUANT_MATCHLIM, "lquantize( ) limit (argument #2) doesn't match previous declaration: expected %d, found %d",
			int32(obase+olevels*ostep), int32(base)+int32(nlevels)*int32(step))
	}
	if ostep != int64(step) {
		c.errorf(x, diag.D_LQUANT_MATCHSTEP, "lquantize( ) step (argument #3) doesn't match previous declaration: expected %d, found %d", ostep, step)
	}
}

// llquantize checks llquantize(value, factor, low, high, nsteps[, incr])
// with illumos's rules and messages. The messages number the arguments
// from the factor.
func (c *Checker) llquantize(x *ast.Call, agg *aggregation) {
	type llarg struct {
		what                      string
		typeTag, valTag, matchTag diag.Tag
	}
	specs := []llarg{
		{"factor", diag.D_LLQUANT_FACTORTYPE, diag.D_LLQUANT_FACTORVAL, diag.D_LLQUANT_FACTORMATCH},
		{"low magnitude", diag.D_LLQUANT_LOWTYPE, diag.D_LLQUANT_LOWVAL, diag.D_LLQUANT_LOWMATCH},
		{"high magnitude", diag.D_LLQUANT_HIGHTYPE, diag.D_LLQUANT_HIGHVAL, diag.D_LLQUANT_HIGHMATCH},
		{"linear steps per magnitude", diag.D_LLQUANT_NSTEPTYPE, diag.D_LLQUANT_NSTEPVAL, diag.D_LLQUANT_NSTEPMATCH},
	}
	vals := make([]int64, len(specs))
	for i, s := range specs {
		a := x.Args[i+1]
		v, ok := c.intConst(a)
		if !ok {
			c.errorf(a, s.typeTag, "llquantize( ) argument #%d (%s) must be an integer constant", i+1, s.what)
		}
		if uint64(v) > 1<<16-1 {
			c.errorf(a, s.valTag, "llquantize( ) argument #%d (%s) must be an unsigned 16-bit quantity", i+1, s.what)
		}
		vals[i] = v
	}
	factor, low, high, nsteps := uint64(vals[0]), vals[1], vals[2], uint64(vals[3])
	if factor < 2 {
		c.errorf(x, diag.D_LLQUANT_FACTORSMALL, "llquantize( ) factor (argument #1) must be two or more")
	}
	if low >= high {
		c.errorf(x, diag.D_LLQUANT_MAGRANGE, "llquantize( ) high magnitude (argument #3) must be greater than low magnitude (argument #2)")
	}
	if nsteps < factor {
		c.errorf(x, diag.D_LLQUANT_FACTORNSTEPS, "llquantize( ) factor (argument #1) must be less than or equal to the number of linear steps per magnitude (argument #4)")
	}
	v := factor
	for v < nsteps {
		v *= factor
	}
	if nsteps%factor != 0 || v%nsteps != 0 {
		c.errorf(x, diag.D_LLQUANT_FACTOREVEN, "llquantize( ) factor (argument #1) must evenly divide the number of steps per magnitude (argument #4), and the number of steps per magnitude must evenly divide a power of the factor")
	}
	order := uint64(1)
	for i := int64(0); i < high; i++ {
		if order*factor <= order {
			c.errorf(x, diag.D_LLQUANT_MAGTOOBIG, "llquantize( ) factor (%d) raised to power of high magnitude (%d) overflows 64-bits", factor, high)
		}
		order *= factor
	}
	if agg.params == nil {
		agg.params = vals
		return
	}
	for i, s := range specs {
		if agg.params[i] != vals[i] {
			c.errorf(x, s.matchTag, "llquantize( ) %s (argument #%d) doesn't match previous declaration: expected %d, found %d", s.what, i+1, agg.params[i], vals[i])
		}
	}
}
