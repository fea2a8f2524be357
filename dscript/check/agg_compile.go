package check

import (
	"math"

	"github.com/dtrace-go/dtrace/abi"
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
	if len(a.Keys) > maxTupleKeys {
		c.tupleOverflow()
	}
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
		c.lquantize(a, fn, agg)
		incr, argmax = first(rest(4)), 5
	case "llquantize":
		c.llquantize(a, fn, agg)
		incr, argmax = first(rest(5)), 6
	case "quantize":
		incr, argmax = first(rest(1)), 2
	}
	if incr != nil {
		if isAggArg(incr) || !c.typeOf(incr).IsScalar() {
			c.errorf(a, diag.D_PROTO_ARG, "%s( ) increment value (argument #%d) must be of scalar type", name, argmax)
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

// lquantize checks lquantize(value, base, limit[, step[, incr]]) as
// Oracle's dt_cg_agg_lquantize does. The messages number the arguments
// from the base; n is the aggregation node, where the errors that are not
// about one argument are reported.
func (c *Checker) lquantize(n ast.Node, x *ast.Call, agg *aggregation) {
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
	if limit <= base {
		c.errorf(n, diag.D_LQUANT_MISMATCH, "lquantize( ) base (argument #1) must be less than limit (argument #2)")
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
		c.errorf(n, diag.D_LQUANT_STEPLARGE, "lquantize( ) step (argument #3) too large: must have at least one quantization level")
	}
	if nlevels > 1<<16-1 {
		c.errorf(n, diag.D_LQUANT_STEPSMALL, "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity")
	}
	params := []int64{base, int64(nlevels), int64(step)}
	if agg.params == nil {
		agg.params = params
		return
	}
	obase, olevels, ostep := agg.params[0], agg.params[1], agg.params[2]
	if obase != base {
		c.errorf(n, diag.D_LQUANT_MATCHBASE, "lquantize( ) base (argument #1) doesn't match previous declaration: expected %d, found %d", int32(obase), int32(base))
	}
	if olevels*ostep != int64(nlevels)*int64(step) {
		c.errorf(n, diag.D_LQUANT_MATCHLIM, "lquantize( ) limit (argument #2) doesn't match previous declaration: expected %d, found %d",
			int32(obase+olevels*ostep), int32(base)+int32(nlevels)*int32(step))
	}
	if ostep != int64(step) {
		c.errorf(n, diag.D_LQUANT_MATCHSTEP, "lquantize( ) step (argument #3) doesn't match previous declaration: expected %d, found %d", ostep, step)
	}
}

// llquantize checks llquantize(value, factor, lmag, hmag, steps[, incr])
// with the rules and messages of Oracle's dt_cg_agg_llquantize: 16-bit
// parameters, a factor of at least 2, hmag at least lmag, factor^(hmag+1)
// within 64 bits, and steps that divide the factor when fewer, or else
// are a multiple of it that divides factor^(lmag+1) (factor^2 when lmag
// is 0). An aggregation's every use must repeat its parameters. The
// messages number the arguments from the factor; agg is the aggregation
// node, where the mismatches are reported.
func (c *Checker) llquantize(n ast.Node, x *ast.Call, agg *aggregation) {
	args := x.Args[1:5]
	var vals [4]uint64
	typeTags := [4]diag.Tag{diag.D_LLQUANT_FACTORTYPE, diag.D_LLQUANT_LMAGTYPE, diag.D_LLQUANT_HMAGTYPE, diag.D_LLQUANT_STEPTYPE}
	for i := 0; i < 3; i++ {
		a := args[i]
		v, ok := c.intConst(a)
		if !ok {
			c.errorf(a, typeTags[i], "llquantize( ) argument #%d must be an integer constant", i+1)
		}
		vals[i] = uint64(v)
		switch i {
		case 0:
			if vals[0] > 1<<16-1 || vals[0] < 2 {
				c.errorf(a, diag.D_LLQUANT_FACTORVAL, "llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2")
			}
		case 1:
			if vals[1] > 1<<16-1 {
				c.errorf(a, diag.D_LLQUANT_LMAGVAL, "llquantize( ) argument #2 must be an unsigned 16-bit quantity")
			}
		case 2:
			if vals[2] > 1<<16-1 {
				c.errorf(a, diag.D_LLQUANT_HMAGVAL, "llquantize( ) argument #3 must be an unsigned 16-bit quantity")
			}
		}
	}
	factor, lmag, hmag := vals[0], vals[1], vals[2]
	if hmag < lmag {
		c.errorf(args[2], diag.D_LLQUANT_HMAGVAL, "llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)")
	}
	if abi.LLQuantizePow(int(factor), int(hmag)+1) == math.MaxUint64 {
		c.errorf(args[2], diag.D_LLQUANT_HMAGVAL, "llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits")
	}
	if !c.isPosConst(args[3]) {
		c.errorf(args[3], diag.D_LLQUANT_STEPTYPE, "llquantize( ) argument #4 must be a non-zero positive integer constant")
	}
	v, _ := c.intConst(args[3])
	steps := uint64(v)
	vals[3] = steps
	if steps > 1<<16-1 {
		c.errorf(args[3], diag.D_LLQUANT_STEPVAL, "llquantize( ) argument #4 must be an unsigned 16-bit quantity")
	}
	if steps < factor && factor%steps != 0 {
		c.errorf(args[0], diag.D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor")
	}
	if steps > factor {
		if steps%factor != 0 {
			c.errorf(args[0], diag.D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor")
		}
		if lmag == 0 {
			if factor*factor%steps != 0 {
				c.errorf(args[0], diag.D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0")
			}
		} else if abi.LLQuantizePow(int(factor), int(lmag)+1)%steps != 0 {
			c.errorf(args[0], diag.D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0")
		}
	}
	params := []int64{int64(factor), int64(lmag), int64(hmag), int64(steps)}
	if agg.params == nil {
		agg.params = params
		return
	}
	match := []struct {
		tag  diag.Tag
		what string
	}{
		{diag.D_LLQUANT_MATCHFACTOR, "factor (argument #1)"},
		{diag.D_LLQUANT_MATCHLMAG, "lmag (argument #2)"},
		{diag.D_LLQUANT_MATCHHMAG, "hmag (argument #3)"},
		{diag.D_LLQUANT_MATCHSTEPS, "steps (argument #4)"},
	}
	for i, m := range match {
		if agg.params[i] != params[i] {
			c.errorf(n, m.tag, "llquantize() %s doesn't match previous declaration: expected %d, found %d", m.what, agg.params[i], params[i])
		}
	}
}
