package check

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

func (c *Checker) unary(x *ast.Unary) operand {
	switch x.Op {
	case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
		o := c.incOperand(x.X)
		if !o.t.IsScalar() {
			c.errorf(x, diag.D_OP_SCALAR, "operator %s requires operand of scalar type", x.Op)
		}
		if o.t.IsPointer() && !o.t.Resolve().Elem.IsComplete() {
			c.errorf(x, diag.D_OP_VFPTR, "operator %s requires an operand of known size", x.Op)
		}
		c.requireWritable(x, x.Op.String(), o)
		return operand{t: o.t}
	case ast.Addr:
		o := c.expr(x.X)
		if o.dynamic() {
			c.errorf(x, diag.D_ADDROF_VAR, "cannot take address of dynamic variable")
		}
		if o.bitfield {
			c.errorf(x, diag.D_ADDROF_BITFIELD, "cannot take address of bit-field")
		}
		if o.dvar && c.isVarNode(x.X) {
			// A variable itself; an element or member of one (&a[0],
			// &s.m) has an address, as in DTrace.
			c.errorf(x, diag.D_ADDROF_VAR, "cannot take address of dynamic variable")
		}
		if !o.lvalue {
			c.errorf(x, diag.D_ADDROF_LVAL, "unacceptable operand for unary & operator")
		}
		return operand{t: types.PointerTo(o.t)}
	case ast.Deref:
		o := c.rvalue(x.X)
		r := o.t.Resolve()
		if r.Kind != types.Pointer && r.Kind != types.Array {
			c.errorf(x, diag.D_DEREF_NONPTR, "cannot dereference non-pointer type")
		}
		if r.Elem.IsVoid() {
			c.errorf(x, diag.D_DEREF_VOID, "cannot dereference pointer to void")
		}
		if r.Elem.Resolve().Kind == types.Func {
			c.errorf(x, diag.D_DEREF_FUNC, "cannot dereference pointer to function")
		}
		return operand{t: r.Elem, lvalue: true, writable: true}
	}
	o := c.rvalue(x.X)
	switch x.Op {
	case ast.Not:
		if !o.t.IsScalar() {
			c.errorf(x, diag.D_OP_SCALAR, "operator %s requires an operand of scalar type", x.Op)
		}
		if o.isConst {
			return constOp(types.IntType, b2i(o.val == 0))
		}
		return operand{t: types.IntType}
	case ast.BitNot:
		if !o.t.IsInteger() || o.t.IsSpecial() {
			c.errorf(x, diag.D_OP_INT, "operator %s requires an operand of integral type", x.Op)
		}
		// D promotes nothing to int: ~ has its operand's type.
		t := o.t
		if o.isConst {
			return constOp(t, ^o.val)
		}
		return operand{t: t}
	default: // Neg, Plus
		if !o.t.IsArith() || o.t.IsSpecial() {
			c.errorf(x, diag.D_OP_ARITH, "operator %s requires an operand of arithmetic type", x.Op)
		}
		t := o.t // no promotion to int, as for ~
		if o.isConst {
			if x.Op == ast.Neg {
				// Negating an unsigned constant keeps its type's
				// width (dt_node_op1).
				v := -o.val
				if r := t.Resolve(); !t.IsSigned() && r.Size < 8 {
					v = int64(uint64(v) & (1<<(8*uint(r.Size)) - 1))
				}
				return constOp(t, v)
			}
			return constOp(t, o.val)
		}
		return operand{t: t}
	}
}

// incOperand checks the operand of ++ or --, which, as dt_cook_op1 lets
// it, declares a variable not yet declared (a global, self-> or this->
// variable, or an associative array element) with type int64_t.
func (c *Checker) incOperand(x ast.Expr) operand {
	switch lx := ast.Unparen(x).(type) {
	case *ast.Ident:
		if c.undeclared(lx) {
			c.globals[lx.Name] = &variable{name: lx.Name, typ: int64T, pos: lx.At}
		}
	case *ast.ScopedVar:
		o := c.scopedVar(lx, int64T)
		c.info.Types[lx], c.info.Types[x] = o.t, o.t
		return o
	case *ast.Index:
		o := c.index(lx, int64T)
		c.info.Types[lx], c.info.Types[x] = o.t, o.t
		return o
	}
	return c.rvalue(x)
}

// isVarNode reports whether x names a variable itself (DTrace's
// DT_NODE_VAR): an identifier, self-> or this-> variable, an associative
// array's element or a builtin array's.
func (c *Checker) isVarNode(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident, *ast.ScopedVar:
		return true
	case *ast.Index:
		return c.info.Uses[e] != nil
	}
	return false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// requireWritable reports an error unless o may be modified by operator op.
func (c *Checker) requireWritable(n ast.Node, op string, o operand) {
	if !o.lvalue {
		c.errorf(n, diag.D_OP_LVAL, "operator %s requires modifiable lvalue as an operand", op)
	}
	if !o.writable {
		c.errorf(n, diag.D_OP_WRITE, "operator %s can only be applied to a writable variable", op)
	}
}

func (c *Checker) binary(x *ast.Binary) operand {
	if x.Op == ast.Comma {
		l, r := c.expr(x.X), c.expr(x.Y)
		if l.dynamic() || r.dynamic() {
			c.errorf(x, diag.D_OP_DYN, "operator , operands cannot be of dynamic type")
		}
		if l.act || r.act {
			c.errorf(x, diag.D_OP_ACT, "operator , operands cannot be actions")
		}
		return operand{t: r.t, isConst: r.isConst, val: r.val, strConst: r.strConst}
	}
	l := c.rvalue(x.X)
	var r operand
	if o, ok := c.enumTag(x, l); ok {
		r = o
		c.info.Types[x.Y] = o.t
		c.info.Consts[x.Y] = o.val
	} else {
		r = c.rvalue(x.Y)
	}
	return c.binop(x, x.Op, x.Op.String(), l, r)
}

// enumTag resolves the right operand of a comparison whose left operand
// l is of an enum type, as dt_cook_op2 does: an identifier, unscoped,
// that names one of the enum's enumerators is that enumerator, a
// constant of the left operand's type. This is how a kernel enum's
// enumerators are named (args[2] == SKB_DROP_REASON_NO_SOCKET), the
// enum's from BTF: DTrace resolves them nowhere else. A name that D's
// parser already made an integer constant (an inline of one, a D
// enumerator, NULL) is that constant; one that is also another global
// identifier (a variable, a builtin, a function, any other inline) is
// ambiguous, D_IDENT_AMBIG.
func (c *Checker) enumTag(x *ast.Binary, l operand) (operand, bool) {
	switch x.Op {
	case ast.Lt, ast.Gt, ast.Le, ast.Ge, ast.Eq, ast.Ne:
	default:
		return operand{}, false
	}
	id, ok := ast.Unparen(x.Y).(*ast.Ident)
	if !ok || id.Backquote || l.t == nil {
		return operand{}, false
	}
	et := l.t.Resolve()
	if et == nil || et.Kind != types.Enum {
		return operand{}, false
	}
	var val int64
	found := false
	for _, e := range et.Enumerators {
		if e.Name == id.Name {
			val, found = e.Value, true
			break
		}
	}
	if !found || c.intConstName(id.Name) {
		return operand{}, false
	}
	if g, ok := c.globalIdent(id.Name); ok {
		c.errorf(x, diag.D_IDENT_AMBIG, "ambiguous use of operator %s: %s is both a %s enum tag and a global %s", x.Op, id.Name, l.t, g.kind)
	}
	return constOp(l.t, val), true
}

// intConstName reports whether D's parser reads name as an integer
// constant (dt_node_ident): a D enumerator, an inline whose value is an
// integer constant (the library's too), or NULL.
func (c *Checker) intConstName(name string) bool {
	if name == "NULL" {
		return true
	}
	if _, ok := c.enumConsts[name]; !ok {
		if _, ok := c.inlines[name]; !ok {
			c.loadLib("i:" + name)
		}
	}
	if _, ok := c.enumConsts[name]; ok {
		return true
	}
	in, ok := c.inlines[name]
	return ok && in.cval != nil
}

// binop types "l op r" for a binary operator. opName is the operator as
// messages name it: op itself, or the compound assignment it comes from.
func (c *Checker) binop(n ast.Node, op ast.Op, opName string, l, r operand) operand {
	switch op {
	case ast.LAnd, ast.LOr, ast.LXor:
		if !l.t.IsScalar() || !r.t.IsScalar() {
			c.errorf(n, diag.D_OP_SCALAR, "operator %s requires operands of scalar type", op)
		}
		if l.isConst && r.isConst {
			a, b := l.val != 0, r.val != 0
			var v bool
			switch op {
			case ast.LAnd:
				v = a && b
			case ast.LOr:
				v = a || b
			default:
				v = a != b
			}
			return constOp(types.IntType, b2i(v))
		}
		return operand{t: types.IntType}
	case ast.Lt, ast.Gt, ast.Le, ast.Ge, ast.Eq, ast.Ne:
		c.compare(n, op, l, r)
		if l.isConst && r.isConst {
			return constOp(types.IntType, b2i(compareConst(op, l, r)))
		}
		return operand{t: types.IntType}
	case ast.Add, ast.Sub:
		// A pointer to void or to a function is no pointer to add to
		// (dt_cook_op2: dt_node_is_pointer && !dt_node_is_vfptr).
		lp := isPtrLike(l.t) && !isVFPtr(l.t)
		rp := isPtrLike(r.t) && !isVFPtr(r.t)
		switch {
		case l.t.IsString() && r.t.IsInteger() && !r.t.IsSpecial():
			// D treats a string as a pointer here (dt_cook_op2): s + n
			// is the string n bytes in.
			return operand{t: l.t}
		case op == ast.Add && r.t.IsString() && l.t.IsInteger() && !l.t.IsSpecial():
			return operand{t: r.t}
		case op == ast.Sub && l.t.IsString() && (r.t.IsString() || stringPtrCompatible(r)):
			return operand{t: ptrdiffT}
		case op == ast.Sub && r.t.IsString() && stringPtrCompatible(l):
			return operand{t: ptrdiffT}
		case lp && r.t.IsInteger() && !r.t.IsSpecial():
			c.ptrArith(n, op, l.t)
			c.arrayBounds(n, l.t, r)
			return operand{t: decay(l.t)}
		case op == ast.Add && rp && l.t.IsInteger() && !l.t.IsSpecial():
			c.ptrArith(n, op, r.t)
			return operand{t: decay(r.t)}
		case op == ast.Sub && lp && rp:
			if !types.PointerCompatible(l.t, r.t) {
				c.errorf(n, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", l.t, opName, r.t)
			}
			return operand{t: ptrdiffT}
		case l.t.IsInteger() && r.t.IsInteger() && !l.t.IsSpecial() && !r.t.IsSpecial():
		default:
			c.errorf(n, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", l.t, opName, r.t)
		}
	case ast.Mul, ast.Div:
		if !l.t.IsArith() || !r.t.IsArith() || l.t.IsSpecial() || r.t.IsSpecial() ||
			!l.t.IsInteger() || !r.t.IsInteger() {
			c.errorf(n, diag.D_OP_ARITH, "operator %s requires operands of arithmetic type", opName)
		}
	default: // Mod, Shl, Shr, And, Or, Xor
		if !l.t.IsInteger() || !r.t.IsInteger() || l.t.IsSpecial() || r.t.IsSpecial() {
			c.errorf(n, diag.D_OP_INT, "operator %s requires operands of integral type", opName)
		}
	}
	t := types.Arith(l.t, r.t)
	if op == ast.Shl || op == ast.Shr {
		t = l.t // a shift has its left operand's type
	}
	if !l.isConst || !r.isConst {
		return operand{t: t}
	}
	a, b := l.val, r.val
	unsigned := !t.IsSigned()
	var v int64
	switch op {
	case ast.Add:
		v = a + b
	case ast.Sub:
		v = a - b
	case ast.Mul:
		v = a * b
	case ast.Div, ast.Mod:
		if b == 0 {
			c.errorf(n, diag.D_DIV_ZERO, "expression contains division by zero")
		}
		switch {
		case unsigned && op == ast.Div:
			v = int64(uint64(a) / uint64(b))
		case unsigned:
			v = int64(uint64(a) % uint64(b))
		case op == ast.Div:
			if b == -1 {
				v = -a
			} else {
				v = a / b
			}
		default:
			if b == -1 {
				v = 0
			} else {
				v = a % b
			}
		}
	case ast.Shl:
		v = a << uint64(b&63)
	case ast.Shr:
		if unsigned {
			v = int64(uint64(a) >> uint64(b&63))
		} else {
			v = a >> uint64(b&63)
		}
	case ast.And:
		v = a & b
	case ast.Or:
		v = a | b
	case ast.Xor:
		v = a ^ b
	}
	return constOp(t, v)
}

// translatedName is what DTrace calls the type of translated data, o
// (o.xl set), after its identifier's kind (dt_node_type_name of a dynamic
// node, dt_idkind_name).
func translatedName(o operand) string {
	if isPtrLike(o.t) {
		return "pointer to translated data"
	}
	return "translated data"
}

// isVFPtr reports whether t is a pointer to void or to a function,
// which D does no arithmetic on (dt_node_is_vfptr).
func isVFPtr(t *types.Type) bool {
	r := t.Resolve()
	if r == nil || r.Kind != types.Pointer {
		return false
	}
	e := r.Elem.Resolve()
	return e == nil || e.Kind == types.Void || e.Kind == types.Func
}

// isNullConst reports whether o is the integer constant 0: NULL, which a
// string compares with as a pointer.
func isNullConst(o operand) bool {
	return o.isConst && o.t.IsInteger() && o.val == 0
}

// stringPtrCompatible reports whether o, a pointer or array, is pointer
// compatible with a string (a char array for dt_node_is_ptrcompat): a
// pointer to char or to void.
func stringPtrCompatible(o operand) bool {
	r := o.t.Resolve()
	if r == nil || r.Kind != types.Pointer && r.Kind != types.Array {
		return false
	}
	return r.Elem.IsVoid() || r.Elem.IsCharLike()
}

func isPtrLike(t *types.Type) bool {
	r := t.Resolve()
	return r != nil && (r.Kind == types.Pointer || r.Kind == types.Array)
}

// decay turns an array type into a pointer to its element.
func decay(t *types.Type) *types.Type {
	if r := t.Resolve(); r.Kind == types.Array {
		return types.PointerTo(r.Elem)
	}
	return t
}

func (c *Checker) ptrArith(n ast.Node, op ast.Op, t *types.Type) {
	if e := t.Resolve().Elem; !e.IsVoid() && !e.IsComplete() {
		c.errorf(n, diag.D_OP_INCOMPLETE, "operator %s cannot be applied to a pointer to an incomplete type", op)
	}
}

func compareConst(op ast.Op, l, r operand) bool {
	a, b := l.val, r.val
	// Integers compare with the signedness of their common type.
	if !l.t.IsInteger() || !r.t.IsInteger() || !types.Arith(l.t, r.t).IsSigned() {
		ua, ub := uint64(a), uint64(b)
		switch op {
		case ast.Lt:
			return ua < ub
		case ast.Gt:
			return ua > ub
		case ast.Le:
			return ua <= ub
		case ast.Ge:
			return ua >= ub
		}
	}
	switch op {
	case ast.Lt:
		return a < b
	case ast.Gt:
		return a > b
	case ast.Le:
		return a <= b
	case ast.Ge:
		return a >= b
	case ast.Eq:
		return a == b
	}
	return a != b
}

// compare checks the operands of a relational or equality operator.
func (c *Checker) compare(n ast.Node, op ast.Op, l, r operand) {
	switch {
	case l.t.IsInteger() && r.t.IsInteger():
		return
	case l.t.IsStringLike() && r.t.IsStringLike() && (l.t.IsString() || r.t.IsString()):
		return
	case l.t.IsString() && (stringPtrCompatible(r) || isNullConst(r)),
		r.t.IsString() && (stringPtrCompatible(l) || isNullConst(l)):
		// A string is a pointer to char for dt_node_is_ptrcompat: it
		// compares with NULL and with a void pointer.
		return
	case isPtrLike(l.t) && isPtrLike(r.t) && types.PointerCompatible(l.t, r.t):
		return
	case isPtrLike(l.t) && r.isConst && r.val == 0, isPtrLike(r.t) && l.isConst && l.val == 0:
		return
	case (op == ast.Eq || op == ast.Ne) && (isPtrLike(l.t) && r.t.IsInteger() || isPtrLike(r.t) && l.t.IsInteger()):
		return
	case types.Same(l.t, r.t) && l.t.IsScalar():
		return
	}
	if !l.t.IsScalar() && !l.t.IsString() || !r.t.IsScalar() && !r.t.IsString() {
		if l.t.IsRecord() || r.t.IsRecord() || l.t.IsVoid() || r.t.IsVoid() {
			c.errorf(n, diag.D_OP_SCALAR, "operator %s requires operands of scalar type", op)
		}
	}
	c.errorf(n, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", l.t, op, r.t)
}

func (c *Checker) cond(x *ast.Cond) operand {
	cv := c.rvalue(x.C)
	if !cv.t.IsScalar() {
		c.errorf(x, diag.D_OP_SCALAR, "operator ?: expression must be of scalar type")
	}
	t := c.expr(x.T)
	f := c.expr(x.F)
	if t.dynamic() || f.dynamic() {
		c.errorf(x, diag.D_OP_DYN, "operator ?: operands cannot be of dynamic type")
	}
	if t.act || f.act {
		c.errorf(x, diag.D_OP_ACT, "action cannot be used in a conditional context")
	}
	var rt *types.Type
	switch {
	case t.t.IsInteger() && f.t.IsInteger() && !t.t.IsSpecial() && !f.t.IsSpecial():
		rt = types.Arith(t.t, f.t)
	case t.t.IsStringLike() && f.t.IsStringLike() && (t.t.IsString() || f.t.IsString()):
		rt = c.stringType()
	case t.t.IsString() && isNullConst(f), f.t.IsString() && isNullConst(t):
		rt = c.stringType()
	case types.Same(t.t, f.t):
		rt = t.t
	case isPtrLike(t.t) && isPtrLike(f.t) && types.PointerCompatible(t.t, f.t):
		rt = decay(t.t)
	case isPtrLike(t.t) && f.isConst && f.val == 0:
		rt = decay(t.t)
	case isPtrLike(f.t) && t.isConst && t.val == 0:
		rt = decay(f.t)
	default:
		c.errorf(x, diag.D_OP_INCOMPAT, "operator ?: operands must have compatible types")
	}
	if cv.isConst && t.isConst && f.isConst {
		if cv.val != 0 {
			return constOp(rt, t.val)
		}
		return constOp(rt, f.val)
	}
	return operand{t: rt}
}

func (c *Checker) cast(x *ast.Cast) operand {
	t := c.typeName(x.Type)
	o := c.rvalue(x.X)
	switch {
	case t.IsVoid():
	case o.xl != nil:
		// Translated data is of dynamic type: no scalar, pointer or
		// type to cast to but void (dt_cook_op2's DT_TOK_LPAR), named
		// by its identifier's kind.
		c.errorf(x, diag.D_CAST_INVAL, "invalid cast expression: \"%s\" to \"%s\"", translatedName(o), t)
	case t.IsScalar() && (o.t.IsScalar() || o.t.Resolve().Kind == types.Array):
	case t.IsString() && (o.t.IsStringLike() || o.t.IsScalar() || isPtrLike(o.t)):
		// D casts scalars and pointers to strings: the string at that
		// address (dt_cook_op2).
	case types.Same(t, o.t):
	default:
		c.errorf(x, diag.D_CAST_INVAL, "invalid cast expression: \"%s\" to \"%s\"", o.t, t)
	}
	if o.isConst && t.IsInteger() {
		return constOp(t, castConst(o.t, t, o.val))
	}
	return operand{t: t}
}

// member checks "x.name" and "x->name".
func (c *Checker) member(x *ast.Member) operand {
	o := c.rvalue(x.X)
	t := o.t
	op := "."
	if x.Arrow {
		op = "->"
		r := t.Resolve()
		if r.Kind != types.Pointer {
			c.errorf(x, diag.D_OP_PTR, "operator -> must be applied to a pointer")
		}
		if !r.Elem.IsRecord() {
			c.errorf(x, diag.D_OP_SOU, "operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer", r.Elem)
		}
		t = c.complete(r.Elem)
	} else if !t.IsRecord() {
		c.errorf(x, diag.D_OP_SOU, "operator . cannot be applied to type \"%s\"; must be applied to a struct or union", t)
	}
	if o.xl != nil {
		if _, ok := o.xl.members[x.Name]; !ok {
			c.errorf(x, diag.D_XLATE_NOCONV, "translator does not define conversion for member: %s", x.Name)
		}
	}
	t = c.complete(t)
	if !t.IsComplete() {
		c.errorf(x, diag.D_OP_INCOMPLETE, "operator %s cannot be applied to a forward declaration: no %s definition is available", op, t)
	}
	m, ok := t.Member(x.Name)
	if !ok {
		c.errorf(x, diag.D_TYPE_MEMBER, "%s is not a member of %s", x.Name, t)
	}
	lv := o.lvalue || x.Arrow
	return operand{t: m.Type, lvalue: lv, writable: lv && (x.Arrow || o.writable), bitfield: m.Bits != 0, dvar: o.dvar && !x.Arrow}
}

// xlate checks "xlate<T>(x)".
func (c *Checker) xlate(x *ast.Xlate) operand {
	t := c.typeName(x.Type)
	o := c.rvalue(x.X)
	want := t
	if r := t.Resolve(); r.Kind == types.Pointer {
		want = r.Elem
	}
	if xl := c.findXlator(want, o.t); xl != nil {
		c.recordXlator(x, xl)
		return operand{t: t, xl: xl}
	}
	c.errorf(x, diag.D_XLATE_NONE, "cannot translate from \"%s\" to \"%s\"", o.t, want)
	return operand{}
}

// index checks "x[i, ...]". def, when not nil, is the value type an
// assignment defines a new associative array with.
func (c *Checker) index(x *ast.Index, def *types.Type) operand {
	switch b := ast.Unparen(x.X).(type) {
	case *ast.Agg:
		c.errorf(x, diag.D_AGG_MDIM, "improper attempt to reference %s as a multi-dimensional array", aggDisplay(b.Name))
	case *ast.Ident:
		if b.Backquote {
			break
		}
		if bv, ok := builtinVars[b.Name]; ok && bv.array {
			return c.builtinIndex(x, b.Name, bv)
		}
		in, ok := c.inlines[b.Name]
		if _, global := c.globals[b.Name]; !ok && !global && c.loadLib("i:"+b.Name) {
			// An inline associative array of the D library
			// (tcp_state_string[state]), declared as a program uses it.
			in, ok = c.inlines[b.Name]
		}
		if ok && in.assoc {
			return c.inlineRef(x, in)
		}
		v, ok := c.globals[b.Name]
		switch {
		case ok && v.assoc:
			return c.assocRef(x, v)
		case ok && !isPtrLike(v.typ) && !v.typ.IsString():
			c.errorf(x, diag.D_IDENT_BADREF, "scalar '%s' may not be referenced as associative array", b.Name)
		case ok && len(x.Index) != 1:
			c.errorf(x, diag.D_ARR_BADREF, "cannot access scalar %s as an associative array", b.Name)
		case !ok && !c.lookupValue(b.Name):
			if def == nil {
				c.errorf(x, diag.D_VAR_UNDEF, "%s has not yet been declared or assigned", b.Name)
			}
			v := c.newAssoc(x, b.Name, ast.NoClass, def)
			c.globals[b.Name] = v
			return c.assocRef(x, v)
		}
	case *ast.ScopedVar:
		table := c.selfVars
		if b.Scope == ast.This {
			table = c.thisVars
		}
		v, ok := table[b.Name]
		switch {
		case ok && v.assoc:
			return c.assocRef(x, v)
		case b.Scope == ast.This && (!ok || !isPtrLike(v.typ) && !v.typ.IsString()):
			c.errorf(x, diag.D_ARR_LOCAL, "local variables may not be used as associative arrays: %s", b.Name)
		case ok && !isPtrLike(v.typ) && !v.typ.IsString():
			c.errorf(x, diag.D_IDENT_BADREF, "scalar '%s' may not be referenced as associative array", b.Name)
		case !ok:
			if def == nil {
				c.errorf(x, diag.D_VAR_UNDEF, "%s->%s has not yet been declared or assigned", b.Scope, b.Name)
			}
			v = c.newAssoc(x, b.Name, b.Scope, def)
			table[b.Name] = v
			return c.assocRef(x, v)
		}
	}
	// Anything else is C array indexing: x[i] is *(x + i).
	o := c.rvalue(x.X)
	if len(x.Index) != 1 {
		c.errorf(x, diag.D_ARR_BADREF, "cannot access %s as an associative array", nodeName(x.X, o))
	}
	i := c.rvalue(x.Index[0])
	r := o.t.Resolve()
	if o.t.IsString() || i.t.IsString() {
		// s[i] is *(s + i), a string being a pointer to char there:
		// a char (dt_cook_op2, dt_cook_op1's DT_TOK_DEREF).
		if o.t.IsString() && (!i.t.IsInteger() || i.t.IsSpecial()) ||
			i.t.IsString() && (!o.t.IsInteger() || o.t.IsSpecial()) {
			c.errorf(x, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" + \"%s\"", o.t, i.t)
		}
		return operand{t: types.CharType, lvalue: true, writable: o.writable}
	}
	if isPtrLike(o.t) && !o.t.IsString() {
		if !i.t.IsInteger() || i.t.IsSpecial() {
			c.errorf(x, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" + \"%s\"", o.t, i.t)
		}
		c.arrayBounds(x, o.t, i)
	} else if !o.t.IsInteger() || !isPtrLike(i.t) {
		c.errorf(x, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" + \"%s\"", o.t, i.t)
	} else {
		r = i.t.Resolve() // i[p] is p[i]
	}
	if r.Kind != types.Pointer && r.Kind != types.Array {
		c.errorf(x, diag.D_DEREF_NONPTR, "cannot dereference non-pointer type")
	}
	if r.Elem.IsVoid() {
		c.errorf(x, diag.D_DEREF_VOID, "cannot dereference pointer to void")
	}
	return operand{t: r.Elem, lvalue: true, writable: true, dvar: o.dvar && r.Kind == types.Array}
}

// arrayBounds reports a constant index or offset i past the end of an
// array of type t (not a string), as Oracle's dt_cook_op2 does for + and
// - : arrays of 0 and 1 elements, often a structure's variable-length
// tail, are not checked; a negative index reads as a huge unsigned one.
func (c *Checker) arrayBounds(n ast.Node, t *types.Type, i operand) {
	r := t.Resolve()
	if r.Kind != types.Array || t.IsString() || !i.isConst || !i.t.IsInteger() || r.Len <= 1 {
		return
	}
	if uint64(i.val) >= uint64(r.Len) {
		c.errorf(n, diag.D_ARR_BOUNDS, "index outside array bounds: %d, max is %d", uint64(i.val), r.Len)
	}
}

// builtinIndex checks args[n] and uregs[n].
func (c *Checker) builtinIndex(x *ast.Index, name string, bv builtinVar) operand {
	c.info.Types[x.X] = bv.typ
	c.useBuiltin(x, name, bv.typ)
	if n := len(x.Index); n != 1 {
		sp := "s "
		if n == 1 {
			sp = " "
		}
		c.errorf(x, diag.D_PROTO_LEN, "%s[ ] prototype mismatch: %d arg%spassed, 1 expected", name, n, sp)
	}
	if name == "args" && c.clause == nil {
		c.errorf(x, diag.D_ARGS_NONE, "%s[ ] may not be referenced outside of a probe clause", name)
	}
	i := c.rvalue(x.Index[0])
	if !i.isConst || !i.t.IsInteger() {
		c.errorf(x, diag.D_PROTO_ARG, "%s[ ] argument #1 is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", name, "integer constant", i.t)
	}
	if name == "args" {
		return c.argsIndex(x, i.val, bv.typ)
	}
	if i.val < 0 {
		c.errorf(x, diag.D_REGS_IDX, "index %d is out of range for array %s", i.val, name)
	}
	if i.val > MaxUregs {
		// dt_cg_uregs refuses an index it has no register for.
		c.errorf(x, diag.D_UNKNOWN, "%s[]: index out of bounds (%d)", name, i.val)
	}
	return operand{t: bv.typ}
}

// MaxUregs is the greatest index of uregs[]: the registers of struct
// pt_regs (0-20), the thread's segment registers and trap number
// (21-25), and the i386 names of the D library's regs.d (to 41).
const MaxUregs = 41

// nodeName names an expression as DTrace's messages do.
func nodeName(x ast.Expr, o operand) string {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return "identifier " + x.Name
	case *ast.IntLit:
		return "integer constant " + x.Text
	case *ast.StringLit:
		return "string constant " + x.Text
	}
	return "type " + o.t.String()
}

// lookupValue reports whether name resolves to something other than a
// global variable: a builtin, inline, enum constant or function.
func (c *Checker) lookupValue(name string) bool {
	if name == "NULL" {
		return true // an inline of DTrace's D library
	}
	if _, ok := builtinVars[name]; ok {
		return true
	}
	if _, ok := c.inlines[name]; ok {
		return true
	}
	if _, ok := c.enumConsts[name]; ok {
		return true
	}
	_, ok := builtinFuncs[name]
	return ok
}

func exprName(x ast.Expr) string {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return x.Name
	case *ast.ScopedVar:
		return x.Name
	}
	return "expression"
}

// newAssoc declares an associative array on its first assignment; reading
// one never assigned is an error.
func (c *Checker) newAssoc(x *ast.Index, name string, scope ast.StorageClass, def *types.Type) *variable {
	if def == nil {
		c.errorf(x.X, diag.D_IDENT_UNDEF, "failed to resolve %s: Unknown variable name", name)
	}
	v := &variable{name: name, typ: def, scope: scope, assoc: true, pos: x.At}
	for i, k := range x.Index {
		v.keys = append(v.keys, c.key(k, i, "associative array"))
	}
	return v
}

// key checks the i'th key of an associative array or aggregation (kind
// names which, for messages) and returns its type.
func (c *Checker) key(k ast.Expr, i int, kind string) *types.Type {
	return c.keyOperand(k, i, kind).t
}

// keyOperand checks the i'th key of an associative array or aggregation
// as key does, and returns it.
func (c *Checker) keyOperand(k ast.Expr, i int, kind string) operand {
	o := c.expr(k)
	switch {
	case o.dynamic():
		c.errorf(k, diag.D_KEY_TYPE, "aggregation expression may not be used as %s index: key #%d", kind, i+1)
	case o.xl != nil:
		c.errorf(k, diag.D_KEY_TYPE, "%s expression may not be used as %s index: key #%d", translatedName(o), kind, i+1)
	case o.t.IsVoid():
		c.errorf(k, diag.D_KEY_TYPE, "void expression may not be used as %s index: key #%d", kind, i+1)
	}
	return o
}

// assocRef checks the keys of an associative-array reference against its
// declaration.
func (c *Checker) assocRef(x *ast.Index, v *variable) operand {
	args := make([]operand, len(x.Index))
	for i, k := range x.Index {
		args[i] = c.keyOperand(k, i, "associative array")
	}
	c.checkSign(x, sign{name: v.name, suffix: "[ ]", key: true, protos: v.keys, varargs: -1, optional: -1}, args)
	c.useVar(x, v)
	return operand{t: v.typ, lvalue: true, writable: true, dvar: true}
}

// inlineRef checks a reference to an inline associative array: its keys
// against its tuple signature (dt_idcook_inline's dt_idcook_sign); the
// value is the inline's, with its parameters bound to the keys.
func (c *Checker) inlineRef(x *ast.Index, in *inline) operand {
	args := make([]operand, len(x.Index))
	for i, k := range x.Index {
		args[i] = c.keyOperand(k, i, "associative array")
	}
	c.checkSign(x, sign{name: in.name, suffix: "[ ]", key: true, protos: in.keys, varargs: -1, optional: -1}, args)
	c.useInline(x, in)
	return operand{t: in.typ, xl: in.xl}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// assign checks "x op= y", declaring a variable on its first assignment.
func (c *Checker) assign(x *ast.Assign) operand {
	// DTrace cooks "=" right to left, a compound assignment left to
	// right (dt_cook_op2).
	compound := x.Op != ast.AssignOp
	var r operand
	rhs := func() {
		r = c.rvalue(x.Y)
		if r.dynamic() {
			c.errorf(x, diag.D_OP_DYN, "operator %s operands cannot be of dynamic type", x.Op)
		}
	}
	if !compound {
		rhs()
	}
	var l operand
	switch lx := ast.Unparen(x.X).(type) {
	case *ast.Ident:
		if c.undeclared(lx) {
			if compound {
				// dt_xcook_ident creates the variable, which
				// dt_cook_var then finds read before any assignment.
				c.errorf(lx, diag.D_VAR_UNDEF, "%s has not yet been declared or assigned", lx.Name)
			}
			c.defineCheck(x, r)
			c.globals[lx.Name] = &variable{name: lx.Name, typ: defType(r.t), pos: lx.At}
		}
		l = c.expr(x.X)
	case *ast.ScopedVar:
		var def *types.Type
		if !compound {
			c.defineCheck(x, r)
			def = defType(r.t)
		}
		l = c.scopedVar(lx, def)
		c.info.Types[x.X] = l.t
	case *ast.Index:
		var def *types.Type
		if !compound {
			def = defType(r.t)
		}
		l = c.index(lx, def)
		c.info.Types[x.X] = l.t
	default:
		l = c.rvalue(x.X)
	}
	if compound {
		rhs()
	}
	c.requireWritable(x, x.Op.String(), l)
	if k := l.t.Resolve().Kind; (k == types.Array || k == types.Func) && !l.t.IsString() {
		c.errorf(x, diag.D_OP_ARRFUN, "operator %s may not be applied to operand of type \"%s\"", x.Op, l.t)
	}
	if x.Op == ast.AssignOp {
		if l.dvar && r.isConst && r.val == 0 {
			// Assigning 0 to a dynamic variable deletes it, whatever its type.
			return operand{t: l.t}
		}
		if !assignable(l.t, r) {
			c.errorf(x, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", l.t, x.Op, r.t)
		}
		return operand{t: l.t}
	}
	switch base := x.Op.Base(); {
	case base == ast.Add || base == ast.Sub:
		// dt_cook_op2's DT_TOK_ADD_EQ and DT_TOK_SUB_EQ: strings
		// are incompatible; unless both sides are integers, the left
		// must be a pointer to something of known size, and a right
		// side that is no integer a compatible pointer.
		switch {
		case l.t.IsString() || r.t.IsString():
			c.errorf(x, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", l.t, x.Op, r.t)
		case l.t.IsInteger() && r.t.IsInteger():
		case !isPtrLike(l.t) || isVFPtr(l.t) || !l.t.Resolve().Elem.IsComplete():
			c.errorf(x, diag.D_OP_VFPTR, "operator %s requires left-hand scalar operand of known size", x.Op)
		case !r.t.IsInteger() && !types.PointerCompatible(l.t, r.t):
			c.errorf(x, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", l.t, x.Op, r.t)
		}
	default:
		c.binop(x, base, x.Op.String(), operand{t: l.t}, r)
	}
	return operand{t: l.t}
}

// undeclared reports whether a name is no variable, builtin, inline,
// enumerator, function or kernel symbol yet: one that an assignment or ++
// may declare as a global.
func (c *Checker) undeclared(x *ast.Ident) bool {
	if _, ok := c.globals[x.Name]; ok || x.Backquote || c.lookupValue(x.Name) {
		return false
	}
	if c.clause != nil && c.clause.locals[x.Name] != nil {
		return false
	}
	return c.cfg.Kernel == nil || !c.kernelHas(x.Name)
}

func (c *Checker) kernelHas(name string) bool {
	_, ok := c.cfg.Kernel.Symbol(name)
	return ok
}

// defineCheck reports an error when r cannot give a new variable its type.
func (c *Checker) defineCheck(x *ast.Assign, r operand) {
	if r.t.IsVoid() {
		c.errorf(x, diag.D_TYPE_ERR, "cannot assign void to variable")
	}
}

// defType is the type a variable gets from its first assignment: the
// value's type without its top-level qualifiers, char arrays as strings.
func defType(t *types.Type) *types.Type {
	for t.Kind == types.Qualified {
		t = t.Elem
	}
	if r := t.Resolve(); r.Kind == types.Array && !t.IsString() {
		if r.Elem.IsCharLike() {
			return types.StringType
		}
	}
	return t
}

// assignable reports whether r may be assigned to a variable of type t.
func assignable(t *types.Type, r operand) bool {
	if isPtrLike(t) && r.isConst && r.val == 0 {
		return true
	}
	if t.IsFloat() || r.t.IsFloat() {
		// dt_node_is_argcompat has no rule for floats: D assigns no
		// float, not even one of the same type.
		return false
	}
	return types.Compatible(t, r.t)
}

// findXlator returns the translator to out from in, the latest declared
// first, loading the library's translators to out first; nil when there
// is none.
func (c *Checker) findXlator(out, in *types.Type) *translator {
	c.loadLib("x:" + out.String())
	for i := len(c.xlators) - 1; i >= 0; i-- {
		xl := c.xlators[i]
		if types.Same(xl.out, out) && types.Compatible(xl.in, in) {
			return xl
		}
	}
	return nil
}

// recordXlator records that x's value is translated by xl.
func (c *Checker) recordXlator(x ast.Expr, xl *translator) {
	if c.info.Xlators == nil {
		c.info.Xlators = map[ast.Expr]*Translator{}
	}
	c.info.Xlators[x] = xl.exported
}
