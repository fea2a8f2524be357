package check

import (
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// aggregation is what the checker knows of an aggregation: the function it
// is assigned and its key types, fixed by its first use.
type aggregation struct {
	name string
	fn   string
	keys []*types.Type
	// params holds the constant parameters of lquantize and llquantize,
	// which every use must repeat.
	params []int64
	pos    ast.Pos
}

// aggExpr checks a reference to an aggregation outside an assignment: it
// must exist, and is only valid as an argument of the functions that take
// aggregations (the caller checks that).
func (c *Checker) aggExpr(x *ast.Agg) operand {
	a, ok := c.aggs[x.Name]
	if !ok {
		c.errorf(x, diag.Tag("D_AGG_UNDEF"), "failed to resolve %s: Unknown aggregation name", aggName(x.Name))
	}
	if x.Keys != nil {
		c.errorf(x, diag.Tag("D_AGG_SCALAR"), "aggregation %s may only be used as an argument to printa( ), clear( ), trunc( ), normalize( ) or denormalize( )", aggName(x.Name))
	}
	return operand{t: types.VoidType, agg: a, aggRef: x}
}

// argOperand checks an argument that may be an aggregation.
func (c *Checker) argOperand(x ast.Expr) operand {
	return c.expr(x)
}

// call checks a function call. stmt is set when the call is a whole
// statement, where actions are allowed.
func (c *Checker) call(x *ast.Call, stmt bool) operand {
	name := x.Fun.Name
	f, ok := builtinFuncs[name]
	if !ok || x.Fun.Backquote {
		if _, isVar := c.globals[name]; isVar || c.lookupValue(name) {
			c.errorf(x, diag.Tag("D_FUNC_IDENT"), "%s is not a function", name)
		}
		c.errorf(x.Fun, diag.Tag("D_FUNC_UNDEF"), "failed to resolve %s: Unknown function name", name)
	}
	switch f.kind {
	case aggfn:
		c.errorf(x, diag.Tag("D_AGG_FUNC"), "%s( ) may only be used as the value of an aggregation", name)
	case action:
		if !stmt {
			c.errorf(x, diag.Tag("D_ACT_EXPR"), "%s( ) may not be used in an expression", name)
		}
	}
	switch name {
	case "printf", "system", "freopen":
		c.formatCall(x)
		return operand{t: f.ret}
	case "printa":
		c.printa(x)
		return operand{t: f.ret}
	case "clear", "trunc", "normalize", "denormalize":
		c.aggAction(x)
		return operand{t: f.ret}
	case "trace":
		c.protoLen(x, f)
		o := c.argOperand(x.Args[0])
		if o.aggRef != nil {
			c.errorf(x, diag.Tag("D_TRACE_AGG"), "trace( ) may not be applied to an aggregation")
		}
		if o.t.IsVoid() {
			c.errorf(x, diag.Tag("D_TRACE_VOID"), "trace( ) may not be applied to a void expression")
		}
		if o.t.Resolve().Kind == types.Func {
			c.errorf(x, diag.Tag("D_TRACE_DYN"), "trace( ) may not be applied to a function")
		}
		return operand{t: f.ret}
	case "tracemem":
		c.protoLen(x, f)
		if len(x.Args) > 3 {
			c.errorf(x, diag.Tag("D_PROTO_LEN"), "tracemem( ) prototype mismatch: %d args passed, at most 3 expected", len(x.Args))
		}
		a := c.rvalue(x.Args[0])
		if !a.t.IsScalar() && a.t.Resolve().Kind != types.Array {
			c.errorf(x, diag.Tag("D_TRACEMEM_ADDR"), "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s", a.t)
		}
		s := c.rvalue(x.Args[1])
		if !s.isConst || s.val <= 0 {
			c.errorf(x, diag.Tag("D_TRACEMEM_SIZE"), "tracemem( ) argument #2 must be a non-zero positive integral constant expression")
		}
		if len(x.Args) == 3 {
			if d := c.rvalue(x.Args[2]); !d.t.IsInteger() {
				c.errorf(x, diag.Tag("D_TRACEMEM_ARGS"), "tracemem( ) argument #3 must be of integral type")
			}
		}
		return operand{t: f.ret}
	case "stack", "ustack", "jstack":
		c.stackArgs(x)
		return operand{t: f.ret}
	case "setopt":
		c.protoLen(x, f)
		for _, a := range x.Args {
			if o := c.rvalue(a); !o.strConst {
				c.errorf(x, diag.Tag("D_PROTO_ARG"), "setopt( ) argument must be a string constant")
			}
		}
		return operand{t: f.ret}
	}
	c.protoLen(x, f)
	for i, a := range x.Args {
		o := c.rvalue(a)
		var want *types.Type
		if i < len(f.params) {
			want = f.params[i].typ
		}
		if want == nil {
			continue
		}
		if !argCompatible(want, o) {
			c.errorf(x, diag.Tag("D_PROTO_ARG"), "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", name, i+1, want, o.t)
		}
	}
	return operand{t: f.ret}
}

// argCompatible reports whether an argument o may be passed for a
// parameter of type want.
func argCompatible(want *types.Type, o operand) bool {
	if want.IsStringLike() && o.t.IsStringLike() {
		return true
	}
	if isPtrLike(want) && (isPtrLike(o.t) || o.t.IsInteger()) {
		return !o.t.IsString()
	}
	if want.IsInteger() && o.t.IsInteger() && !o.t.IsSpecial() {
		return true
	}
	return types.Compatible(want, o.t)
}

// protoLen checks the number of arguments of a call against f's prototype.
func (c *Checker) protoLen(x *ast.Call, f *builtinFunc) {
	min, max := 0, len(f.params)
	for _, p := range f.params {
		if !p.opt {
			min++
		}
	}
	n := len(x.Args)
	if n >= min && (n <= max || f.variadic) {
		return
	}
	var want string
	switch {
	case f.variadic:
		want = "at least " + itoa(min)
	case min != max && n < min:
		want = "at least " + itoa(min)
	case min != max:
		want = "no more than " + itoa(max)
	default:
		want = itoa(max)
	}
	c.errorf(x, diag.Tag("D_PROTO_LEN"), "%s( ) prototype mismatch: %d arg%s passed, %s expected", x.Fun.Name, n, plural(n), want)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// stackArgs checks stack(n), ustack(n, strsize) and jstack(n, strsize).
func (c *Checker) stackArgs(x *ast.Call) {
	name := x.Fun.Name
	max := 2
	if name == "stack" {
		max = 1
	}
	if len(x.Args) > max {
		tag := diag.Tag("D_USTACK_PROTO")
		if name == "stack" {
			tag = diag.Tag("D_STACK_PROTO")
		}
		c.errorf(x, tag, "%s( ) prototype mismatch: too many arguments", name)
	}
	for i, a := range x.Args {
		o := c.rvalue(a)
		if !o.isConst || !o.t.IsInteger() || o.val <= 0 {
			switch {
			case name == "stack":
				c.errorf(x, diag.Tag("D_STACK_SIZE"), "stack( ) size must be a non-zero positive integer constant expression")
			case i == 0:
				c.errorf(x, diag.Tag("D_USTACK_FRAMES"), "%s( ) argument #1 must be a non-zero positive integer constant expression", name)
			default:
				c.errorf(x, diag.Tag("D_USTACK_STRSIZE"), "%s( ) argument #2 must be a non-zero positive integer constant expression", name)
			}
		}
	}
}

// formatCall checks printf(fmt, ...), system(fmt, ...) and freopen.
func (c *Checker) formatCall(x *ast.Call) {
	name := x.Fun.Name
	if len(x.Args) == 0 {
		c.errorf(x, diag.Tag("D_PRINTF_ARG_PROTO"), "%s( ) prototype mismatch: 0 args passed, at least 1 expected", name)
	}
	fo := c.rvalue(x.Args[0])
	lit, ok := ast.Unparen(x.Args[0]).(*ast.StringLit)
	if !ok || !fo.strConst {
		c.errorf(x, diag.Tag("D_PRINTF_FMT"), "%s( ) argument #1 must be a string literal", name)
	}
	var argTypes []*types.Type
	for _, a := range x.Args[1:] {
		o := c.argOperand(a)
		if o.aggRef != nil {
			c.errorf(a, diag.Tag("D_PRINTF_AGG"), "%s( ) argument #%d is an aggregation", name, len(argTypes)+2)
		}
		argTypes = append(argTypes, o.t)
	}
	c.checkFormat(x, name, lit.Value, argTypes)
}

// printa checks printa(@a, ...) and printa(fmt, @a, ...).
func (c *Checker) printa(x *ast.Call) {
	if len(x.Args) == 0 {
		c.errorf(x, diag.Tag("D_PRINTA_PROTO"), "printa( ) prototype mismatch: 0 args passed, at least 1 expected")
	}
	args := x.Args
	var format *ast.StringLit
	if lit, ok := ast.Unparen(args[0]).(*ast.StringLit); ok {
		c.expr(args[0])
		format = lit
		args = args[1:]
		if len(args) == 0 {
			c.errorf(x, diag.Tag("D_PRINTA_PROTO"), "printa( ) prototype mismatch: 1 arg passed, at least 2 expected")
		}
	}
	var first *aggregation
	for i, a := range args {
		o := c.argOperand(a)
		if o.aggRef == nil {
			n := i + 1
			if format != nil {
				n++
			}
			c.errorf(x, diag.Tag("D_PRINTA_AGGARG"), "printa( ) argument #%d must be an aggregation", n)
		}
		if first == nil {
			first = o.agg
		} else if !sameKeys(first.keys, o.agg.keys) {
			c.errorf(x, diag.Tag("D_PRINTA_AGGPROTO"), "printa( ) aggregation @%s key signature does not match @%s", o.agg.name, first.name)
		}
	}
	if format != nil {
		c.checkPrinta(x, format.Value, first)
	}
}

// aggAction checks clear(@a), trunc(@a[, n]), normalize(@a, n) and
// denormalize(@a).
func (c *Checker) aggAction(x *ast.Call) {
	name := x.Fun.Name
	min, max := 1, 1
	switch name {
	case "trunc":
		max = 2
	case "normalize":
		min, max = 2, 2
	}
	n := len(x.Args)
	if n < min || n > max {
		want := itoa(min)
		if min != max {
			want = "at least " + itoa(min)
			if n > max {
				want = "no more than " + itoa(max)
			}
		}
		c.errorf(x, diag.Tag("D_PROTO_LEN"), "%s( ) prototype mismatch: %d arg%s passed, %s expected", name, n, plural(n), want)
	}
	tagBase := "D_" + strings.ToUpper(name)
	if o := c.argOperand(x.Args[0]); o.aggRef == nil {
		c.errorf(x, diag.Tag(tagBase+"_AGGARG"), "%s( ) argument #1 must be an aggregation", name)
	}
	if n == 2 {
		if o := c.rvalue(x.Args[1]); !o.t.IsScalar() {
			c.errorf(x, diag.Tag(tagBase+"_SCALAR"), "%s( ) argument #2 must be of scalar type", name)
		}
	}
}
