package check

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// aggregation is what the checker knows of an aggregation: the function it
// is assigned and its key types, fixed by its first use.
type aggregation struct {
	name string
	// fn is the aggregating function assigned to it, fixed by the first
	// assignment.
	fn string
	// sig is set once the key signature is fixed (by the first
	// assignment's keys, possibly none); keys holds the key types.
	sig  bool
	keys []*types.Type
	// params holds the constant parameters of lquantize and llquantize,
	// which every use must repeat; set when the first use is compiled.
	params []int64
	// pos is where the aggregation was first referenced.
	pos ast.Pos
	obj *Object
}

// aggType is the type DTrace names an aggregation's value by when one is
// used as an expression: it has dynamic type, printed as its kind.
var aggType = &types.Type{Kind: types.Invalid, Name: "aggregation"}

// aggFuncType is the dynamic type of an aggregating function's result,
// which only an aggregation may be assigned.
var aggFuncType = &types.Type{Kind: types.Invalid, Name: "aggregating function"}

// aggDisplay is an aggregation's name as DTrace's messages write it: "@a",
// and "@_" for the anonymous aggregation "@".
func aggDisplay(name string) string {
	if name == "" {
		name = "_"
	}
	return "@" + name
}

// aggExpr checks a reference to an aggregation outside an assignment: it
// must exist. Its value has dynamic type; only the actions that take
// aggregations accept it.
func (c *Checker) aggExpr(x *ast.Agg) operand {
	a, ok := c.aggs[x.Name]
	if !ok {
		c.errorf(x, diag.D_IDENT_UNDEF, "failed to resolve %s: Unknown variable name", aggDisplay(x.Name))
	}
	c.useAgg(x, a)
	return operand{t: aggType, agg: a, aggRef: x}
}

// funcName reports the errors DTrace's parser gives a call whose name is
// not a function: D_FUNC_UNDEF for an unknown name, D_FUNC_IDKIND for a
// name of another kind (a variable, an enumerator...). The parser runs it
// before any clause is checked, when only declared globals are known.
func (c *Checker) funcName(x *ast.Call) {
	name := x.Fun.Name
	if x.Fun.Backquote {
		name = x.Fun.Module + "`" + x.Fun.Name
	} else if _, ok := builtinFuncs[name]; ok {
		return
	}
	if kind := c.identKind(x.Fun); kind != "" {
		c.errorf(x, diag.D_FUNC_IDKIND, "%s '%s' may not be referenced as a function", kind, name)
	}
	c.errorf(x, diag.D_FUNC_UNDEF, "undefined function name: %s", name)
}

// identKind names the kind of a global identifier other than a function as
// dt_idkind_name does, or returns "" if name is not one.
func (c *Checker) identKind(id *ast.Ident) string {
	if id.Backquote {
		return ""
	}
	if v, ok := builtinVars[id.Name]; ok {
		if v.array {
			return "associative array"
		}
		return "scalar"
	}
	if v, ok := c.globals[id.Name]; ok {
		if v.assoc {
			return "associative array"
		}
		return "scalar"
	}
	if _, ok := c.inlines[id.Name]; ok {
		return "scalar"
	}
	if _, ok := c.enumConsts[id.Name]; ok {
		return "enumerator"
	}
	return ""
}

// call checks a function call as DTrace cooks it: the arguments first,
// then the arguments against the function's prototype. stmt is set when
// the call is a whole statement. What a tracing or aggregating function
// requires beyond its prototype is checked when the clause's actions are
// compiled (compileStmt).
func (c *Checker) call(x *ast.Call, stmt bool) operand {
	c.funcName(x)
	f := builtinFuncs[x.Fun.Name]
	args := make([]operand, len(x.Args))
	for i, a := range x.Args {
		args[i] = c.expr(a)
	}
	c.checkProto(x, f, args)
	if f.kind == aggfn {
		return operand{t: aggFuncType}
	}
	return operand{t: f.ret, act: f.kind == action}
}

// checkProto checks the arguments of a call against f's prototype, with the
// messages of dt_idcook_sign.
func (c *Checker) checkProto(x *ast.Call, f *builtinFunc, args []operand) {
	name := x.Fun.Name
	argc := len(args)
	required := 0
	for _, p := range f.params {
		if !p.opt {
			required++
		}
	}
	optional := required < len(f.params)
	var mismatch bool
	limit := len(f.params)
	switch {
	case f.variadic:
		mismatch = argc < len(f.params)
	case optional:
		mismatch = argc < required || argc > len(f.params)
		limit = argc
	default:
		mismatch = argc != len(f.params)
	}
	if mismatch {
		want, atLeast := limit, ""
		if optional {
			want, atLeast = required, "at least "
		}
		c.errorf(x, diag.D_PROTO_LEN, "%s( ) prototype mismatch: %d arg%spassed, %s%d expected", name, argc, argSp(argc), atLeast, want)
	}
	for i := 0; i < limit && i < argc; i++ {
		want := c.kernelParam(f.params[i].typ)
		if want != nil && !argCompatible(want, args[i]) {
			c.errorf(x, diag.D_PROTO_ARG, "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", name, i+1, want, args[i].t)
		}
	}
}

// argSp is what DTrace writes after "%d arg": " " for one, "s " for
// others.
func argSp(n int) string {
	if n == 1 {
		return " "
	}
	return "s "
}

// argCompatible reports whether an argument o may be passed for a
// parameter of type want, as dt_node_is_argcompat decides: any two
// integers; any two strings, char arrays or char pointers; D's stack and
// symbol types with themselves; equal struct, union and function types;
// compatible pointers, or the integer constant 0 for a pointer.
func argCompatible(want *types.Type, o operand) bool {
	if o.dynamic() {
		return false
	}
	t := o.t
	if want.IsSpecial() || t.IsSpecial() {
		return types.Same(want, t) && want.IsSpecial() && t.IsSpecial()
	}
	if want.IsInteger() && t.IsInteger() {
		return true
	}
	if want.IsStringLike() && t.IsStringLike() {
		return true
	}
	switch want.Resolve().Kind {
	case types.Func, types.Struct, types.Union:
		return types.Same(want, t)
	}
	if t.IsInteger() {
		return isPtrLike(want) && !want.IsString() && o.isConst && o.val == 0
	}
	if want.IsInteger() || want.IsString() || t.IsString() {
		return false
	}
	return types.PointerCompatible(want, t)
}
