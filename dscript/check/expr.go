package check

import (
	"math"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// operand is what checking an expression yields.
type operand struct {
	t        *types.Type
	lvalue   bool // designates storage: may be assigned or have its address taken
	writable bool // an lvalue that D lets a program write
	dvar     bool // a D variable (no address)
	bitfield bool
	isConst  bool // an integer constant expression; val holds its value
	val      int64
	strConst bool // a string literal or a string macro
	agg      *aggregation
	aggRef   *ast.Agg
	act      bool        // the result of an action or aggregating function called in an expression
	xl       *translator // translated data: the translator that produced it
}

// dynamic reports whether o is a value of dynamic type (an aggregation),
// which only a few actions accept.
func (o operand) dynamic() bool { return o.aggRef != nil }

// clauseState is what the checker tracks inside one clause.
type clauseState struct {
	// locals are names bound in a translator body (its input).
	locals map[string]*types.Type
	// descs are the clause's probe descriptions; args what they say of
	// args[], worked out when the clause first uses it.
	descs []*ast.ProbeDesc
	args  *clauseArgs
}

// expr checks x and records its type.
func (c *Checker) expr(x ast.Expr) operand {
	o := c.expr1(x)
	c.info.Types[x] = o.t
	if o.isConst {
		c.info.Consts[x] = o.val
	}
	return o
}

// rvalue checks x as a value. Values of dynamic type (aggregations) pass
// through with the type DTrace names them by, so that the operator or
// action that receives one reports it in DTrace's words.
func (c *Checker) rvalue(x ast.Expr) operand {
	return c.expr(x)
}

// constOp returns the constant v of type t. As DTrace folds constants
// (dt_node_op1, dt_node_op2), v is the 64-bit
// result, not truncated to t's width: like a value computed at run time,
// it is truncated where it is stored or recorded, and by casts (castConst).
func constOp(t *types.Type, v int64) operand {
	return operand{t: t, isConst: true, val: v}
}

// castConst is the constant v of type src cast to the integer type dst,
// as dt_node_op2 folds a cast (and dt_cg_typecast casts at run time): the
// value changes only for a dst narrower than 64 bits that narrows, changes
// the signedness of a value of the same width, or widens a signed value
// to an unsigned type; it is then truncated to dst and extended as dst's
// signedness says.
func castConst(src, dst *types.Type, v int64) int64 {
	d, s := dst.Resolve(), src.Resolve()
	if d == nil || s == nil || d.Size >= 8 {
		return v
	}
	dsigned, ssigned := dst.IsSigned(), src.IsSigned()
	switch {
	case d.Size > s.Size && (dsigned || !ssigned):
		return v
	case d.Size == s.Size && dsigned == ssigned:
		return v
	}
	return wrap(dst, v)
}

// wrap truncates v to the width of integer type t, sign-extending signed
// types, as the value would be stored.
func wrap(t *types.Type, v int64) int64 {
	r := t.Resolve()
	if r == nil || r.Kind != types.Int || r.Size >= 8 {
		return v
	}
	bits := uint(r.Size * 8)
	if r.Signed {
		return v << (64 - bits) >> (64 - bits)
	}
	return int64(uint64(v) & (1<<bits - 1))
}

// constInt checks x as an integer constant expression and returns its
// value.
func (c *Checker) constInt(x ast.Expr) int64 {
	o := c.rvalue(x)
	if !o.isConst || !o.t.IsInteger() {
		c.errorf(x, diag.Tag("D_DECL_ARRSUB"), "positive integral constant expression expected")
	}
	return o.val
}

func (c *Checker) expr1(x ast.Expr) operand {
	switch x := x.(type) {
	case *ast.Paren:
		return c.expr(x.X)
	case *ast.IntLit:
		return c.intLit(x)
	case *ast.CharLit:
		// The value of up to 8 bytes, typed as DTrace types a decimal
		// constant of that value: int, else long, else unsigned long.
		t := types.IntType
		if uint64(x.Value) > math.MaxInt32 {
			t = types.LongType
			if x.Value < 0 {
				t = types.ULongType
			}
		}
		return constOp(t, x.Value)
	case *ast.StringLit:
		return operand{t: c.stringType(), strConst: true}
	case *ast.Ident:
		return c.ident(x)
	case *ast.Macro:
		return c.macro(x)
	case *ast.ScopedVar:
		return c.scopedVar(x, nil)
	case *ast.Agg:
		return c.aggExpr(x)
	case *ast.Unary:
		return c.unary(x)
	case *ast.Binary:
		return c.binary(x)
	case *ast.Assign:
		return c.assign(x)
	case *ast.Cond:
		return c.cond(x)
	case *ast.Cast:
		return c.cast(x)
	case *ast.SizeofType:
		t := c.typeName(x.Type)
		if !t.IsComplete() {
			c.errorf(x, diag.D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size")
		}
		return constOp(sizeT, t.Resolve().Size)
	case *ast.SizeofExpr:
		o := c.expr(x.X)
		if s, ok := c.stringConst(x.X); ok && o.strConst {
			// A string constant's size is its length and NUL
			// (dt_node_type_size).
			return constOp(sizeT, int64(len(s))+1)
		}
		if o.bitfield {
			c.errorf(x, diag.Tag("D_SIZEOF_BITFIELD"), "cannot apply sizeof to a bit-field")
		}
		if o.dynamic() || !o.t.IsComplete() {
			c.errorf(x, diag.D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size")
		}
		return constOp(sizeT, o.t.Resolve().Size)
	case *ast.Offsetof:
		t := c.typeName(x.Type)
		// A struct or union never defined is a forward tag, no struct
		// or union (dt_node_offsetof: CTF_K_FORWARD).
		if !t.IsRecord() || !t.IsComplete() {
			c.errorf(x, diag.Tag("D_OFFSETOF_TYPE"), "offsetof operand must be a struct or union type")
		}
		m, ok := t.Member(x.Member)
		if !ok {
			c.errorf(x, diag.Tag("D_UNKNOWN"), "failed to determine offset of %s: Invalid member name", x.Member)
		}
		if m.Bits != 0 {
			c.errorf(x, diag.Tag("D_OFFSETOF_BITFIELD"), "cannot take offset of a bit-field: %s", x.Member)
		}
		return constOp(sizeT, m.Offset)
	case *ast.Stringof:
		o := c.rvalue(x.X)
		if !o.t.IsScalar() && !o.t.IsStringLike() {
			c.errorf(x, diag.D_STRINGOF_TYPE, "cannot apply stringof to a value of type %s", o.t)
		}
		return operand{t: c.stringType()}
	case *ast.Xlate:
		return c.xlate(x)
	case *ast.Member:
		return c.member(x)
	case *ast.Index:
		return c.index(x, nil)
	case *ast.Call:
		return c.call(x, false)
	}
	c.errorf(x, diag.D_SYNTAX, "syntax error")
	return operand{}
}

// intLit types an integer constant as C does: the first of int, unsigned
// int, long, unsigned long, long long, unsigned long long that holds it,
// skipping the unsigned types for an unsuffixed decimal and the types the
// suffix excludes.
func (c *Checker) intLit(x *ast.IntLit) operand {
	text := strings.ToLower(x.Text)
	digits := strings.TrimRight(text, "ul")
	suffix := text[len(digits):]
	v, err := parseDigits(digits)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			c.errorf(x, diag.D_INT_OFLOW, "constant %s results in integer overflow", x.Text)
		}
		c.errorf(x, diag.D_INT_DIGIT, "constant %s contains invalid digit", x.Text)
	}
	if t := intConstType(v, suffix, digits); t != nil {
		return constOp(t, int64(v))
	}
	c.errorf(x, diag.Tag("D_INT_OFLOW"), "integer constant 0x%x cannot be represented in any built-in integral type", v)
	return operand{}
}

// intConstType returns the type C gives the integer constant v written
// with digits and suffix (lower case), or nil when no type holds it.
func intConstType(v uint64, suffix, digits string) *types.Type {
	unsigned := strings.Contains(suffix, "u")
	longs := strings.Count(suffix, "l")
	decimal := !strings.HasPrefix(digits, "0") || digits == "0"
	cands := []*types.Type{types.IntType, types.UIntType, types.LongType, types.ULongType, types.LongLongType, types.ULongLongType}
	start := 0
	if longs == 1 {
		start = 2
	} else if longs >= 2 {
		start = 4
	}
	for _, t := range cands[start:] {
		if unsigned && t.Signed {
			continue
		}
		if !unsigned && !t.Signed && decimal {
			continue
		}
		var max uint64
		if t.Signed {
			max = 1<<(t.Size*8-1) - 1
		} else {
			max = 1<<(t.Size*8) - 1
			if t.Size == 8 {
				max = ^uint64(0)
			}
		}
		if v <= max {
			return t
		}
	}
	return nil
}

// parseDigits parses an integer literal without its suffix: decimal, octal
// (leading 0) or hexadecimal (0x).
func parseDigits(digits string) (uint64, error) {
	switch {
	case strings.HasPrefix(digits, "0x"):
		return strconv.ParseUint(digits[2:], 16, 64)
	case len(digits) > 1 && digits[0] == '0':
		return strconv.ParseUint(digits[1:], 8, 64)
	}
	return strconv.ParseUint(digits, 10, 64)
}

// parseIntText returns the value of an integer literal as written.
func parseIntText(text string) (uint64, bool) {
	v, err := parseDigits(strings.TrimRight(strings.ToLower(text), "ul"))
	return v, err == nil
}

// ident resolves a name used as a value.
func (c *Checker) ident(x *ast.Ident) operand {
	if x.Backquote {
		return c.kernelSym(x)
	}
	if c.clause != nil {
		if t, ok := c.clause.locals[x.Name]; ok {
			return operand{t: t}
		}
	}
	if v, ok := builtinVars[x.Name]; ok {
		if x.Name == "curthread" {
			t := types.PointerTo(c.kernelRecord("struct", "task_struct", taskStruct))
			c.useBuiltin(x, x.Name, t)
			return operand{t: t, lvalue: true, dvar: true}
		}
		if v.array {
			c.errorf(x, diag.D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", x.Name)
		}
		c.useBuiltin(x, x.Name, v.typ)
		return operand{t: v.typ, lvalue: true, dvar: true}
	}
	if v, ok := c.globals[x.Name]; ok {
		if v.assoc {
			c.errorf(x, diag.D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", x.Name)
		}
		c.useVar(x, v)
		return operand{t: v.typ, lvalue: true, writable: true, dvar: true}
	}
	if in, ok := c.inlines[x.Name]; ok {
		c.useInline(x, in)
		if in.cval != nil {
			// An integer constant inline reads as a copy of its
			// value's constant, with the value's type (dt_node_ident).
			return operand{t: in.ctyp, isConst: true, val: *in.cval}
		}
		return operand{t: in.typ, xl: in.xl}
	}
	if ec, ok := c.enumConsts[x.Name]; ok {
		return constOp(ec.typ, ec.value)
	}
	if c.loadLib("i:" + x.Name) {
		return c.ident(x)
	}
	if f, ok := builtinFuncs[x.Name]; ok {
		c.errorf(x, diag.D_IDENT_BADREF, "%s '%s' may not be referenced as scalar", funcKindName(f), x.Name)
	}
	if x.Name == "NULL" {
		// NULL is DTrace's hard-wired "inline long NULL = 0": as an
		// integer constant inline, it reads as its value's constant,
		// an int (dt_node_ident).
		return constOp(types.IntType, 0)
	}
	if c.cfg.Kernel != nil {
		if t, ok := c.cfg.Kernel.Symbol(x.Name); ok {
			c.useKernel(x, x.Name, t)
			return operand{t: t, lvalue: true}
		}
	}
	c.errorf(x, diag.D_IDENT_UNDEF, "failed to resolve %s: Unknown variable name", x.Name)
	return operand{}
}

func (c *Checker) kernelSym(x *ast.Ident) operand {
	// The kernel's types know the core kernel's variables only: a
	// module's are not looked for.
	core := x.Module == "" || x.Module == "vmlinux"
	if c.cfg.Kernel != nil && core {
		if t, ok := c.cfg.Kernel.Symbol(x.Name); ok {
			c.useKernel(x, x.Name, t)
			return operand{t: t, lvalue: true}
		}
	}
	// Why not, as dt_xcook_ident says it: a module that is not loaded, a
	// symbol the kernel lists without a type, or no such symbol.
	if l, ok := c.cfg.Kernel.(symbolLister); ok {
		switch moduleOK, listed := l.Listed(x.Module, x.Name); {
		case !moduleOK:
			c.errorf(x, diag.D_IDENT_UNDEF, "failed to resolve %s`%s: Unknown module name", x.Module, x.Name)
		case listed:
			c.errorf(x, diag.D_SYM_NOTYPES, "no symbolic type information is available for vmlinux`%s: "+
				"No type information available for symbol", x.Name)
		}
	}
	c.errorf(x, diag.D_IDENT_UNDEF, "failed to resolve %s`%s: Unknown symbol name", x.Module, x.Name)
	return operand{}
}

// symbolLister is what a Kernel may do besides typing symbols: say
// whether a module is loaded and whether the kernel lists a symbol (its
// address, in the core kernel).
type symbolLister interface {
	Listed(module, name string) (moduleOK, listed bool)
}

// macro resolves $N, $$N and the process macros.
func (c *Checker) macro(x *ast.Macro) operand {
	name := x.Name
	str := strings.HasPrefix(name, "$$")
	key := strings.TrimLeft(name, "$")
	if n, err := strconv.Atoi(key); err == nil {
		c.argRefs[n] = true // in declarations, checked as they parse
		if n < len(c.cfg.Args) {
			val := c.cfg.Args[n]
			if str {
				c.info.Strings[x] = val
				return operand{t: c.stringType(), strConst: true}
			}
			if o, ok := macroInt(val); ok {
				return o
			}
			if n == 0 {
				c.info.Strings[x] = val
				return operand{t: c.stringType(), strConst: true}
			}
			c.errorf(x, diag.Tag("D_MACRO_TYPE"), "macro argument %s is not an integer", name)
		}
		if c.defaultargs(x.Tok) {
			if str {
				c.info.Strings[x] = ""
				return operand{t: c.stringType(), strConst: true}
			}
			return constOp(types.IntType, 0)
		}
		c.errorf(x, diag.Tag("D_MACRO_UNDEF"), "macro argument %s is not defined", name)
	}
	if v, ok := c.cfg.Macros[key]; ok {
		if str {
			return operand{t: c.stringType(), strConst: true}
		}
		return constOp(types.IntType, v)
	}
	switch key {
	case "pid", "ppid", "pgid", "sid", "uid", "gid", "euid", "egid", "projid", "taskid", "target":
		// $target is 0 until -c or -p gives it a process, as
		// libdtrace's macro table starts it.
		return constOp(types.IntType, 0)
	}
	c.errorf(x, diag.Tag("D_MACRO_UNDEF"), "macro variable %s is not defined", name)
	return operand{}
}

// macroInt is the integer constant a macro argument's text reads as: as
// DTrace's lexer reads it, typed as the literal would be (a long when an
// int cannot hold it), a leading '-' negating it in its type.
func macroInt(s string) (operand, bool) {
	v, ok := parseMacroInt(s)
	if !ok {
		return operand{}, false
	}
	text := strings.TrimPrefix(strings.ToLower(s), "-")
	digits := strings.TrimRight(text, "ul")
	mag := uint64(v)
	if strings.HasPrefix(s, "-") {
		mag = uint64(-v)
	}
	t := intConstType(mag, text[len(digits):], digits)
	if t == nil {
		return operand{}, false
	}
	if strings.HasPrefix(s, "-") && !t.IsSigned() && t.Size < 8 {
		v = int64(uint64(v) & (1<<(8*uint(t.Size)) - 1))
	}
	return constOp(t, v), true
}

func parseMacroInt(s string) (int64, bool) {
	t := strings.TrimRight(strings.ToLower(s), "ul")
	base := 10
	switch {
	case strings.HasPrefix(t, "0x"):
		t, base = t[2:], 16
	case len(t) > 1 && t[0] == '0':
		t, base = t[1:], 8
	}
	neg := false
	if base == 10 && strings.HasPrefix(t, "-") {
		neg, t = true, t[1:]
	}
	v, err := strconv.ParseUint(t, base, 64)
	if err != nil || t == "" {
		return 0, false
	}
	if neg {
		return -int64(v), true
	}
	return int64(v), true
}

// scopedVar resolves self->x and this->x used as a value. def, when not
// nil, is the type an assignment defines the variable with.
func (c *Checker) scopedVar(x *ast.ScopedVar, def *types.Type) operand {
	table := c.selfVars
	if x.Scope == ast.This {
		table = c.thisVars
	}
	v, ok := table[x.Name]
	if !ok {
		if def == nil {
			c.errorf(x, diag.D_VAR_UNDEF, "%s->%s has not yet been declared or assigned", x.Scope, x.Name)
		}
		v = &variable{name: x.Name, typ: def, scope: x.Scope, pos: x.At}
		table[x.Name] = v
	}
	if v.assoc {
		c.errorf(x, diag.D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", x.Name)
	}
	c.useVar(x, v)
	return operand{t: v.typ, lvalue: true, writable: true, dvar: true}
}

// funcKindName is how DTrace names the kind of a builtin function in
// messages.
func funcKindName(f *builtinFunc) string {
	switch f.kind {
	case aggfn:
		return "aggregating function"
	case action:
		return "tracing function"
	}
	return "function"
}

// kernelRecord returns the kernel's struct or union called name, or def
// when no kernel types are known.
func (c *Checker) kernelRecord(kind, name string, def *types.Type) *types.Type {
	if c.cfg.Kernel != nil {
		if t := c.cfg.Kernel.Type(kind, name); t != nil {
			return t
		}
	}
	return def
}

// completer is implemented by kernels whose types are filled in on demand.
type completer interface {
	Complete(t *types.Type) bool
}

// complete returns t with its definition when t is a kernel struct or
// union known so far only by name: kernel types are converted lazily, and
// a pointer member stays a placeholder until it is dereferenced.
func (c *Checker) complete(t *types.Type) *types.Type {
	r := t.Resolve()
	if r == nil || c.cfg.Kernel == nil || r.Complete || (r.Kind != types.Struct && r.Kind != types.Union) || r.Module != "vmlinux" {
		return t
	}
	if k, ok := c.cfg.Kernel.(completer); ok && k.Complete(r) {
		return t
	}
	kind := "struct"
	if r.Kind == types.Union {
		kind = "union"
	}
	if r.Name != "" {
		if kt := c.cfg.Kernel.Type(kind, r.Name); kt != nil {
			return kt
		}
	}
	return t
}
