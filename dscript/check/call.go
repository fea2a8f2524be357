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
// before any clause is checked, when only declared globals are known, as it
// reduces the call's ')' (dt_node_func's xyerror): the errors are reported
// at the line of the ')'.
func (c *Checker) funcName(x *ast.Call) {
	name := x.Fun.Name
	if x.Fun.Backquote {
		name = x.Fun.Module + "`" + x.Fun.Name
	} else if _, ok := builtinFuncs[name]; ok {
		return
	}
	var at ast.Node = x
	if x.RParen.Line != 0 {
		at = lineNode{x.RParen}
	}
	if kind := c.identKind(x.Fun); kind != "" {
		c.errorf(at, diag.D_FUNC_IDKIND, "%s '%s' may not be referenced as a function", kind, name)
	}
	c.errorf(at, diag.D_FUNC_UNDEF, "undefined function name: %s", name)
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

// checkProto checks the arguments of a call against f's prototype, as
// dt_idcook_func and dt_idcook_sign do.
func (c *Checker) checkProto(x *ast.Call, f *builtinFunc, args []operand) {
	protos := make([]*types.Type, len(f.params))
	optional := -1
	for i, p := range f.params {
		protos[i] = c.kernelParam(p.typ)
		if p.opt && optional < 0 {
			optional = i
		}
	}
	varargs := -1
	if f.variadic {
		varargs = len(f.params)
	}
	c.checkSign(x, sign{name: x.Fun.Name, suffix: "( )", protos: protos, varargs: varargs, optional: optional}, args)
}

// sign is a signature checked by checkSign: a function's prototype or an
// associative array's or aggregation's key types.
type sign struct {
	prefix, name, suffix string // "@", "a", "[ ]"; "", "strlen", "( )"
	key                  bool   // keys of an array or aggregation
	protos               []*types.Type
	varargs              int // index of "...", or -1
	optional             int // index of the first optional parameter, or -1
}

// checkSign checks a list of arguments or keys against a signature, with
// Oracle's messages of dt_idcook_sign: D_PROTO_LEN for a count that
// does not fit ("N args passed, [at least |at most ]M expected", "keys"
// for arrays and aggregations), then D_PROTO_ARG for the first argument
// that dt_node_is_argcompat rejects. A nil prototype ("@") takes any
// argument.
func (c *Checker) checkSign(n ast.Node, s sign, args []operand) {
	argc := len(args)
	var mismatch bool
	var limit int
	var cmp string
	switch {
	case s.varargs >= 0:
		mismatch, limit, cmp = argc < s.varargs, s.varargs, "at least "
	case s.optional >= 0 && argc < s.optional:
		mismatch, limit, cmp = true, s.optional, "at least "
	case s.optional >= 0 && argc > len(s.protos):
		mismatch, limit, cmp = true, len(s.protos), "at most "
	case s.optional >= 0:
		limit = argc
	default:
		mismatch, limit = argc != len(s.protos), len(s.protos)
	}
	what := "arg"
	if s.key {
		what = "key"
	}
	if mismatch {
		c.errorf(n, diag.D_PROTO_LEN, "%s%s%s prototype mismatch: %d %s%spassed, %s%d expected",
			s.prefix, s.name, s.suffix, argc, what, argSp(argc), cmp, limit)
	}
	what = "argument"
	if s.key {
		what = "key"
	}
	for i := 0; i < limit; i++ {
		want := s.protos[i]
		if want != nil && !argCompatible(want, args[i]) && !printInMemory(s, i, args[i]) {
			proto := want.String()
			if !s.key && want.IsString() {
				// A string parameter of a function's prototype
				// (printf's "void(string, ...)") is named as a
				// pointer to char.
				proto = "char *"
			}
			c.errorf(n, diag.D_PROTO_ARG, "%s%s%s %s #%d is incompatible with prototype:\n\tprototype: %s\n\t%9s: %s",
				s.prefix, s.name, s.suffix, what, i+1, proto, what, args[i].t)
		}
	}
}

// printInMemory reports whether argument i of signature s is print()'s
// argument given as a struct or union in memory (print(*p), print(p->s)),
// which print() takes as the pointer to it. Oracle's prototype takes only
// the pointer, illumos's any value: refusing the struct that a pointer
// designates is only a limit of Oracle's implementation, which records
// what the pointer points to anyway.
func printInMemory(s sign, i int, o operand) bool {
	if s.name != "print" || s.key || i != 0 || !o.lvalue || o.dvar || o.bitfield || o.xl != nil {
		return false
	}
	return isStructOrUnion(o.t)
}

// isStructOrUnion reports whether t is a struct or union type.
func isStructOrUnion(t *types.Type) bool {
	r := t.Resolve()
	return r != nil && (r.Kind == types.Struct || r.Kind == types.Union)
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
// otherwise what dt_node_is_ptrcompat accepts: two pointers or arrays (a
// string is a char array) to compatible types or one to void, or the
// integer constant 0 for a pointer or array.
func argCompatible(want *types.Type, o operand) bool {
	if o.dynamic() {
		return false
	}
	t := o.t
	switch {
	case want.IsInteger() && !want.IsSpecial() && t.IsInteger() && !t.IsSpecial():
		return true
	case want.IsStringLike() && t.IsStringLike():
		return true
	case want.IsSpecial() || t.IsSpecial():
		return types.Same(want, t) && want.IsSpecial() && t.IsSpecial()
	}
	switch want.Resolve().Kind {
	case types.Func, types.Struct, types.Union:
		return types.Same(want, t)
	}
	we, ok := pointee(want)
	if !ok {
		return false
	}
	if t.IsInteger() {
		return o.isConst && o.val == 0
	}
	te, ok := pointee(t)
	if !ok {
		return false
	}
	return we.IsVoid() || te.IsVoid() || types.Same(we, te)
}

// pointee is what a pointer or array type refers to; a string is an array
// of char.
func pointee(t *types.Type) (*types.Type, bool) {
	r := t.Resolve()
	switch {
	case r == nil:
		return nil, false
	case r.Kind == types.String:
		return types.CharType, true
	case r.Kind == types.Pointer, r.Kind == types.Array:
		return r.Elem, true
	}
	return nil, false
}
