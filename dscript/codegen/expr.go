package codegen

import (
	"encoding/binary"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// typeOf returns the checked type of x.
func (c *clauseGen) typeOf(x ast.Expr) *types.Type {
	if t := c.g.info.Types[x]; t != nil {
		return t
	}
	return types.LongType
}

// constOf returns x's value when it is an integer constant.
func (c *clauseGen) constOf(x ast.Expr) (int64, bool) {
	v, ok := c.g.info.Consts[x]
	return v, ok
}

// maxExprNesting is how deep expr may recurse: as deep as the parser
// lets an expression's tree be (parse.MaxExprDepth). Only inlines, whose
// values expand where they are used, nest deeper.
const maxExprNesting = 1 << 17

// expr evaluates x into R0: an integer's value, extended to 64 bits, or a
// string's address (a strsize buffer).
func (c *clauseGen) expr(x ast.Expr) {
	if c.exprNesting++; c.exprNesting > maxExprNesting {
		c.fail(x, "an expression nested this deeply")
	}
	defer func() { c.exprNesting-- }()
	if v, ok := c.constOf(x); ok && (c.typeOf(x).IsInteger() || c.typeOf(x).IsPointer()) {
		c.emit(asm.LoadImm(asm.R0, v, asm.DWord))
		return
	}
	switch x := x.(type) {
	case *ast.Paren:
		c.expr(x.X)
	case *ast.StringLit:
		c.stringConst(x.Value)
	case *ast.Ident:
		c.ident(x)
	case *ast.Macro:
		s, ok := c.g.info.Strings[x]
		if !ok {
			c.fail(x, "the macro "+x.Name)
		}
		c.stringConst(s)
	case *ast.ScopedVar:
		c.loadVar(x, c.g.info.Uses[x])
	case *ast.Index:
		if tr := c.g.info.Xlators[x]; tr != nil && c.xlRaw != ast.Expr(x) {
			c.xlateValue(x, tr, x)
			return
		}
		if o := c.g.info.Uses[x]; o != nil && o.Kind() == check.ObjInline {
			c.inlineIndex(x, o)
			return
		}
		c.index(x)
	case *ast.Unary:
		c.unary(x)
	case *ast.Binary:
		c.binary(x)
	case *ast.Assign:
		c.assign(x)
	case *ast.Cond:
		c.cond(x)
	case *ast.Cast:
		if isArray(c.typeOf(x.X)) && !c.typeOf(x).IsString() {
			c.ptrValue(x.X) // the array's address, not a string copy
		} else {
			c.expr(x.X)
		}
		c.typecast(c.typeOf(x.X), c.typeOf(x))
	case *ast.Call:
		c.callExpr(x)
	case *ast.Member:
		if c.xlateMember(x) {
			return
		}
		if m, ok := c.bitField(x); ok && c.ownsMember(x) {
			c.readBits(x, m, c.memberPlaceBits(x, true))
			return
		}
		if c.ownsMember(x) {
			c.loadPlace(x, c.memberPlace(x), c.typeOf(x))
			return
		}
		c.member(x)
	case *ast.Stringof:
		c.stringof(x)
	case *ast.Xlate:
		tr := c.g.info.Xlators[x]
		if tr == nil {
			c.fail(x, "this translation")
		}
		c.xlateValue(x, tr, x.X)
	default:
		c.fail(x, "this expression")
	}
}

// member evaluates p->m and s.m where the struct lives in kernel memory
// (p a pointer): the member is read with bpf_probe_read_kernel, and a bad
// address faults (see readKernel). An array or struct member evaluates to
// its address.
func (c *clauseGen) member(x *ast.Member) {
	m := c.memberAddr(x)
	if m.Bits != 0 {
		c.readBits(x, m, placeMemory)
		return
	}
	c.readKernel(x, m.Type)
}

// memberAddr leaves in R0 the address of the struct member x (reached
// through a pointer somewhere up the chain) and returns the member: p->m
// is at p plus m's offset; s.m at the address of s plus m's offset, where
// s is itself such a member, a kernel variable or *p. A NULL p faults at
// address 0, as dtrace-utils checks the pointer of every -> before adding
// the offset (dt_cg_check_notnull).
func (c *clauseGen) memberAddr(x *ast.Member) types.Member {
	if inner, ok := ast.Unparen(x.X).(*ast.Member); x.Arrow {
		c.expr(x.X)
		c.notNull(x)
	} else if ok {
		c.memberAddr(inner)
	} else {
		c.kernelPlace(x.X)
	}
	st, m := c.memberOf(x)
	c.memberOffset(x, st, m)
	return m
}

// memberRecord returns the struct or union x names a member of: the type
// of x.X, or what it points to for p->m.
func (c *clauseGen) memberRecord(x *ast.Member) *types.Type {
	st := c.typeOf(x.X)
	if x.Arrow {
		st = st.Resolve().Elem
	}
	return st
}

// memberOf returns x's record (memberRecord) and the member x names; a
// member the record lacks is not compiled.
func (c *clauseGen) memberOf(x *ast.Member) (*types.Type, types.Member) {
	st := c.memberRecord(x)
	m, ok := st.Member(x.Name)
	if !ok {
		c.fail(x, "member "+x.Name)
	}
	return st, m
}

// memberOffset adds to R0 the offset of member m (named by x) of the
// record st. A kernel record's offset is a load-time relocation (see
// KernelField), named from the nearest tagged record up the chain of
// members when st itself has no tag.
func (c *clauseGen) memberOffset(x *ast.Member, st *types.Type, m types.Member) {
	if !isKernelType(st) {
		c.emit(asm.Add.Imm(asm.R0, int32(m.Offset)))
		return
	}
	r := st.Resolve()
	path := []string{x.Name}
	for cur := x; r.Name == ""; {
		inner, ok := ast.Unparen(cur.X).(*ast.Member)
		if !ok || cur.Arrow {
			// An untagged record behind a pointer has no name to find
			// it by in another kernel: its offset stays as compiled.
			c.emit(asm.Add.Imm(asm.R0, int32(m.Offset)))
			return
		}
		path = append([]string{inner.Name}, path...)
		pt := c.typeOf(inner.X)
		if inner.Arrow {
			pt = pt.Resolve().Elem
		}
		r = pt.Resolve()
		cur = inner
	}
	kind := "struct"
	if r.Kind == types.Union {
		kind = "union"
	}
	c.addKernelField(kind, r.Name, path, m.Offset)
}

// readKernel replaces the address in R0 by the value of type t there: a
// scalar is read into a temporary and loaded; an array or struct stays an
// address (a char array is then usable as a string, copied into scratch).
// An address the kernel refuses to read is a bad-address fault, as in
// DTrace (R6 keeps the address for the report). A scalar read through an
// alloca pointer (n the place read) is checked against the clause's
// scratch memory and loaded from there.
func (c *clauseGen) readKernel(n ast.Node, t *types.Type) {
	r := t.Resolve()
	if isRegValue(t) && r.Size > 0 && c.allocaLoadCheck(n, r.Size) {
		c.load(asm.R0, asm.R0, 0, t)
		return
	}
	switch {
	case r.Kind == types.Array && r.Elem.IsCharLike():
		off := c.temp(c.strSize())
		size := r.Len
		if size > int64(c.strSize()) {
			size = int64(c.strSize())
		}
		c.zero(off, align8(c.strSize()))
		c.emit(asm.Mov.Reg(asm.R6, asm.R0), asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(off)),
			asm.Mov.Imm(asm.R2, int32(size)))
		c.call(asm.FnProbeReadKernelStr)
		c.faultIf(n, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
		c.emit(asm.Mov.Reg(asm.R0, regCtx), asm.Add.Imm(asm.R0, int32(off)))
	case r.Kind == types.Array || r.Kind == types.Struct || r.Kind == types.Union:
		// the address is the value
	case isRegValue(t):
		off := c.temp(8)
		c.emit(asm.Mov.Reg(asm.R6, asm.R0), asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(off)),
			asm.Mov.Imm(asm.R2, int32(r.Size)))
		c.call(asm.FnProbeReadKernel)
		c.faultIf(n, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R6)
		c.load(asm.R0, regCtx, int16(off), t)
	default:
		c.fail(n, "reading a value of type "+t.String())
	}
}

// stringConst points R0 at a string constant in the string table.
func (c *clauseGen) stringConst(s string) {
	off := c.g.stringOffset(s)
	c.emit(asm.Mov.Reg(asm.R0, regStrings), asm.Add.Imm(asm.R0, int32(off)))
}

// stringOffset returns the offset of s in the string table, adding it.
func (g *gen) stringOffset(s string) int {
	if off, ok := g.strs[s]; ok {
		return off
	}
	off := len(g.strtab)
	b := make([]byte, align8(g.strBuf()))
	copy(b, s)
	if len(s) > g.opts.StrSize {
		b[g.opts.StrSize] = 0
	}
	g.strtab = append(g.strtab, b...)
	g.strs[s] = off
	return off
}

// ident evaluates a builtin, a global or an inline.
func (c *clauseGen) ident(x *ast.Ident) {
	o := c.g.info.Uses[x]
	if o == nil {
		if c.xlateInput(x.Name) {
			return
		}
		c.fail(x, x.Name)
	}
	switch o.Kind() {
	case check.ObjBuiltin:
		c.builtin(x, x.Name)
	case check.ObjInline:
		c.expr(o.Inline())
		c.typecast(c.typeOf(o.Inline()), o.Type())
	case check.ObjKernel:
		c.kernelAddr(x, o)
		c.loadPlace(x, placeMemory, o.Type())
	default:
		c.loadVar(x, o)
	}
}

// inlineIndex compiles name[args] of an inline associative array: its
// value, each parameter bound to its argument as a translator's input is
// bound to its value (compiled where the parameter is used).
func (c *clauseGen) inlineIndex(x *ast.Index, o *check.Object) {
	depth := len(c.xlIn)
	for i, name := range o.InlineParams() {
		if i < len(x.Index) && name != "" {
			c.xlIn = append(c.xlIn, xlBinding{name: name, input: x.Index[i], depth: depth})
		}
	}
	c.expr(o.Inline())
	c.xlIn = c.xlIn[:depth]
	c.typecast(c.typeOf(o.Inline()), o.Type())
}

// unary compiles a unary operator. As in DTrace, -, + and ~ compute in
// 64 bits: the value is truncated to its type only where it is stored or
// recorded.
func (c *clauseGen) unary(x *ast.Unary) {
	t := c.typeOf(x)
	switch x.Op {
	case ast.Neg:
		c.expr(x.X)
		c.emit(asm.Neg.Imm(asm.R0, 0))
	case ast.Plus:
		c.expr(x.X)
	case ast.BitNot:
		c.expr(x.X)
		c.emit(asm.Xor.Imm(asm.R0, -1))
	case ast.Not:
		c.expr(x.X)
		c.boolify(asm.JEq)
		return
	case ast.Deref:
		if isArray(c.typeOf(x.X)) { // *a is a[0]
			c.loadPlace(x, c.place(x), t)
			return
		}
		c.expr(x.X)
		c.readKernel(x, t)
		return
	case ast.Addr:
		if m, ok := ast.Unparen(x.X).(*ast.Member); ok && !c.ownsMember(m) {
			c.memberAddr(m)
			return
		}
		c.place(x.X)
		c.launder(asm.R0)
		return
	case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
		c.incdec(x)
		return
	default:
		c.fail(x, "operator "+x.Op.String())
	}
}

// boolify sets R0 to 1 when "R0 op 0" holds, else 0.
func (c *clauseGen) boolify(op asm.JumpOp) {
	yes, end := c.newLabel(), c.newLabel()
	c.emit(op.Imm(asm.R0, 0, yes), asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(end))
	c.emit(asm.Mov.Imm(asm.R0, 1).WithSymbol(yes))
	c.label(end)
}

func (c *clauseGen) binary(x *ast.Binary) {
	switch x.Op {
	case ast.Comma:
		c.expr(x.X)
		c.expr(x.Y)
		return
	case ast.LAnd, ast.LOr:
		c.logical(x)
		return
	case ast.LXor:
		c.expr(x.X)
		c.boolify(asm.JNE)
		c.push(x)
		c.expr(x.Y)
		c.boolify(asm.JNE)
		c.pop(asm.R1)
		c.emit(asm.Xor.Reg(asm.R0, asm.R1))
		return
	}
	lt, rt := c.typeOf(x.X), c.typeOf(x.Y)
	if lt.IsString() || rt.IsString() || (lt.IsStringLike() && rt.IsStringLike() && isCompare(x.Op)) {
		c.strCompare(x)
		return
	}
	if isPtr(lt) || isPtr(rt) {
		c.pointerOp(x, lt, rt)
		return
	}
	c.expr(x.X)
	if v, ok := c.constOf(x.Y); ok && v == int64(int32(v)) && x.Op != ast.Div && x.Op != ast.Mod {
		c.arith(x, x.Op, asm.R0, nil, int32(v), lt, rt)
	} else {
		c.push(x)
		c.expr(x.Y)
		c.emit(asm.Mov.Reg(asm.R1, asm.R0))
		c.pop(asm.R0)
		r1 := asm.R1
		c.arith(x, x.Op, asm.R0, &r1, 0, lt, rt)
	}
	// The result stays 64 bits wide, as in DTrace: it is truncated to
	// its type where it is stored or recorded, not here.
}

func isCompare(op ast.Op) bool {
	switch op {
	case ast.Lt, ast.Gt, ast.Le, ast.Ge, ast.Eq, ast.Ne:
		return true
	}
	return false
}

func isPtr(t *types.Type) bool {
	r := t.Resolve()
	return r != nil && (r.Kind == types.Pointer || r.Kind == types.Array) && !t.IsString()
}

// arith applies op to dst and either the register src or, when src is nil,
// the immediate imm. lt and rt are the operands' types (for signedness).
func (c *clauseGen) arith(n ast.Node, op ast.Op, dst asm.Register, src *asm.Register, imm int32, lt, rt *types.Type) {
	alu := func(a asm.ALUOp) {
		if src == nil {
			c.emit(a.Imm(dst, imm))
		} else {
			c.emit(a.Reg(dst, *src))
		}
	}
	signed := types.Arith(lt, rt).IsSigned()
	switch op {
	case ast.Add:
		alu(asm.Add)
	case ast.Sub:
		alu(asm.Sub)
	case ast.Mul:
		alu(asm.Mul)
	case ast.And:
		alu(asm.And)
	case ast.Or:
		alu(asm.Or)
	case ast.Xor:
		alu(asm.Xor)
	case ast.Shl, ast.Shr:
		// The count is taken modulo 64, as the BPF machine (and so
		// DTrace) shifts: a negative count or one of 64 or more is not
		// refused.
		sh := asm.LSh
		if op == ast.Shr {
			sh = pick2(lt.IsSigned(), asm.ArSh, asm.RSh)
		}
		if src == nil {
			c.emit(sh.Imm(dst, imm&63))
		} else {
			c.emit(asm.And.Imm(*src, 63), sh.Reg(dst, *src))
		}
	case ast.Div, ast.Mod:
		c.divide(op, dst, *src, signed)
	case ast.LXor:
		c.fail(n, "operator ^^")
	default: // comparisons
		var j asm.JumpOp
		sign := compareSigned(lt, rt)
		switch op {
		case ast.Eq:
			j = asm.JEq
		case ast.Ne:
			j = asm.JNE
		case ast.Lt:
			j = pick(sign, asm.JSLT, asm.JLT)
		case ast.Gt:
			j = pick(sign, asm.JSGT, asm.JGT)
		case ast.Le:
			j = pick(sign, asm.JSLE, asm.JLE)
		case ast.Ge:
			j = pick(sign, asm.JSGE, asm.JGE)
		}
		yes, end := c.newLabel(), c.newLabel()
		if src == nil {
			c.emit(j.Imm(dst, imm, yes))
		} else {
			c.emit(j.Reg(dst, *src, yes))
		}
		c.emit(asm.Mov.Imm(dst, 0), asm.Ja.Label(end), asm.Mov.Imm(dst, 1).WithSymbol(yes))
		c.label(end)
	}
}

// compareSigned reports whether integers of types l and r compare signed:
// when their common type (types.Arith) is signed, as DTrace decides it
// (dt_cg_compare_signed). Anything else (pointers) compares unsigned.
func compareSigned(l, r *types.Type) bool {
	if !l.IsInteger() || !r.IsInteger() {
		return false
	}
	return types.Arith(l, r).IsSigned()
}

func pick2(b bool, x, y asm.ALUOp) asm.ALUOp {
	if b {
		return x
	}
	return y
}

func pick(b bool, x, y asm.JumpOp) asm.JumpOp {
	if b {
		return x
	}
	return y
}

// divide computes dst = dst / src or dst % src. A zero src is DTrace's
// divide-by-zero fault (BPF would yield 0). BPF divides unsigned; signed
// division divides the magnitudes and fixes the sign.
func (c *clauseGen) divide(op ast.Op, dst, src asm.Register, signed bool) {
	div := asm.Div
	if op == ast.Mod {
		div = asm.Mod
	}
	c.faultIf(nil, asm.JEq, src, 0, abi.FaultDivZero, src)
	if !signed {
		c.emit(div.Reg(dst, src))
		return
	}
	// R2: sign of the result; dst and src made non-negative.
	posL, negR, posR := c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(asm.Mov.Imm(asm.R2, 0))
	c.emit(asm.JSGE.Imm(dst, 0, posL), asm.Neg.Imm(dst, 0), asm.Xor.Imm(asm.R2, 1))
	c.label(posL)
	c.emit(asm.JSGE.Imm(src, 0, posR), asm.Neg.Imm(src, 0))
	if op == ast.Div {
		c.emit(asm.Xor.Imm(asm.R2, 1))
	}
	c.label(posR)
	c.emit(div.Reg(dst, src))
	c.emit(asm.JEq.Imm(asm.R2, 0, negR), asm.Neg.Imm(dst, 0))
	c.label(negR)
}

// logical evaluates && and || with short-circuit, leaving 0 or 1 in R0.
func (c *clauseGen) logical(x *ast.Binary) {
	done, short := c.newLabel(), c.newLabel()
	c.expr(x.X)
	if x.Op == ast.LAnd {
		c.emit(asm.JEq.Imm(asm.R0, 0, short))
	} else {
		c.emit(asm.JNE.Imm(asm.R0, 0, short))
	}
	c.expr(x.Y)
	c.boolify(asm.JNE)
	c.emit(asm.Ja.Label(done))
	if x.Op == ast.LAnd {
		c.emit(asm.Mov.Imm(asm.R0, 0).WithSymbol(short))
	} else {
		c.emit(asm.Mov.Imm(asm.R0, 1).WithSymbol(short))
	}
	c.label(done)
}

// cond evaluates c ? t : f.
func (c *clauseGen) cond(x *ast.Cond) {
	els, end := c.newLabel(), c.newLabel()
	c.expr(x.C)
	c.emit(asm.JEq.Imm(asm.R0, 0, els))
	c.expr(x.T)
	c.emit(asm.Ja.Label(end))
	c.label(els)
	c.expr(x.F)
	c.label(end)
}

// strCompare compares two strings up to their NUL or strsize, leaving
// the comparison's truth in R0.
//
// Both operands are copied into NUL-padded scratch buffers first (a
// string may be any address: a kernel char array, a NULL from strstr,
// which could not be read directly) and compared 8 bytes at a time: the
// first word that differs decides, read big-endian so that an unsigned
// comparison orders its bytes as strcmp does; equal words holding a NUL
// end the strings. Each step leaves the loop on its fall-through and
// continues on a jump, so that the verifier, which walks the fall-through
// first and keeps the jumps for later, holds a couple of pending branches
// per comparison rather than two per byte: a predicate of many string
// comparisons stays within its limit of 8192 pending branches. The
// buffers are free again once the result is in R0.
func (c *clauseGen) strCompare(x *ast.Binary) {
	if !isCompare(x.Op) {
		c.fail(x, "operator "+x.Op.String()+" on strings")
	}
	if c.strEqualsLit(x) {
		return
	}
	saved := c.temps
	n := abi.StrSlot(c.g.opts.StrSize)
	a, b := c.temp(n), c.temp(n)
	// Against a string literal the words past the one holding its NUL
	// are never reached.
	words := n / 8
	for _, op := range []ast.Expr{x.X, x.Y} {
		if lit, ok := ast.Unparen(op).(*ast.StringLit); ok {
			words = min(words, len(lit.Value)/8+1)
		}
	}
	c.expr(x.X)
	c.push(x)
	c.expr(x.Y)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.copyStr(b, asm.R6)
	c.pop(asm.R6)
	c.copyStr(a, asm.R6)
	c.emit(asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(a)),
		asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(b)),
		asm.Mov.Imm(asm.R3, 0))
	loop, same, next, eq, end := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(asm.JGE.Imm(asm.R3, int32(words), eq).WithSymbol(loop))
	c.emit(
		asm.LoadMem(asm.R4, asm.R1, 0, asm.DWord),
		asm.LoadMem(asm.R5, asm.R2, 0, asm.DWord),
		asm.JEq.Reg(asm.R4, asm.R5, same),
	)
	// The words differ: R0 = the sign of the difference, -1 or 1; for ==
	// and != any non-zero value, with no branch more for the verifier.
	if x.Op == ast.Eq || x.Op == ast.Ne {
		c.emit(asm.Mov.Imm(asm.R0, 1), asm.Ja.Label(end))
	} else {
		c.emit(
			asm.HostTo(asm.BE, asm.R4, asm.DWord),
			asm.HostTo(asm.BE, asm.R5, asm.DWord),
			asm.Mov.Imm(asm.R0, -1),
			asm.JLT.Reg(asm.R4, asm.R5, end),
			asm.Mov.Imm(asm.R0, 1),
			asm.Ja.Label(end),
		)
	}
	// Equal words: a NUL among their bytes ends both strings
	// ((v - 0x01...01) & ~v & 0x80...80 is not 0).
	c.emit(
		asm.LoadImm(asm.R0, 0x0101010101010101, asm.DWord).WithSymbol(same),
		asm.Mov.Reg(asm.R5, asm.R4),
		asm.Sub.Reg(asm.R5, asm.R0),
		asm.Xor.Imm(asm.R4, -1),
		asm.And.Reg(asm.R5, asm.R4),
		asm.LoadImm(asm.R0, -0x7f7f7f7f7f7f7f80, asm.DWord), // 0x8080808080808080
		asm.And.Reg(asm.R5, asm.R0),
		asm.JEq.Imm(asm.R5, 0, next),
		asm.Ja.Label(eq),
	)
	c.emit(
		asm.Add.Imm(asm.R1, 8).WithSymbol(next),
		asm.Add.Imm(asm.R2, 8),
		asm.Add.Imm(asm.R3, 1),
		asm.Ja.Label(loop),
	)
	c.emit(asm.Mov.Imm(asm.R0, 0).WithSymbol(eq))
	c.label(end)
	c.temps = saved
	zero := int32(0)
	c.arith(x, x.Op, asm.R0, nil, zero, types.IntType, types.IntType)
}

// strEqualsLit compiles s == "lit" and s != "lit" (either way round) and
// returns true, or returns false when x is not such a comparison or the
// literal is too long for it.
//
// s is read up to one character past the literal's length, not strsize:
// into a zeroed buffer of the literal's length and two bytes (execname's
// comm comes whole from its helper), so that a longer s has a byte other
// than NUL where the literal ends; then the buffer's words are compared
// with the literal's, NUL-padded, as immediates. A string that cannot be read reads as "", as
// in strCompare. Against a comparison of whole copies this saves a copy
// and clearing two strsize buffers: execname == "x" in a predicate costs a
// helper call and a word compare, as it does in a hand-written program.
func (c *clauseGen) strEqualsLit(x *ast.Binary) bool {
	if x.Op != ast.Eq && x.Op != ast.Ne {
		return false
	}
	other, lit := x.X, ast.Unparen(x.Y)
	l, ok := lit.(*ast.StringLit)
	if !ok {
		other, lit = x.Y, ast.Unparen(x.X)
		if l, ok = lit.(*ast.StringLit); !ok {
			return false
		}
	}
	if _, ok := ast.Unparen(other).(*ast.StringLit); ok {
		return false
	}
	v := l.Value
	if i := strings.IndexByte(v, 0); i >= 0 {
		v = v[:i]
	}
	// The literal and the byte after it must fit in what strCompare
	// would read of s (strsize bytes and a NUL), else truncation decides.
	if len(v)+2 > c.strSize() {
		return false
	}
	saved := c.temps
	words := len(v)/8 + 1
	if c.isBuiltin(other, "execname") && len(v) < commLen {
		buf := c.temp(commLen)
		c.zero(buf, commLen)
		c.currentComm(buf)
		c.strWordsDiffer(buf, v, words)
	} else {
		n := len(v) + 2
		buf := c.temp(n)
		c.expr(other)
		c.emit(asm.Mov.Reg(asm.R6, asm.R0))
		c.copyStrN(buf, asm.R6, n)
		c.strWordsDiffer(buf, v, words)
	}
	c.temps = saved
	c.arith(x, x.Op, asm.R0, nil, 0, types.IntType, types.IntType)
	return true
}

// strWordsDiffer leaves 0 in R0 when the first words 8-byte words of the
// scratch buffer at off equal those of v, NUL-padded, and 1 otherwise.
func (c *clauseGen) strWordsDiffer(off int, v string, words int) {
	end := c.newLabel()
	c.emit(asm.Mov.Imm(asm.R0, 1))
	for i := 0; i < words; i++ {
		var w [8]byte
		copy(w[:], v[min(8*i, len(v)):])
		c.emit(
			asm.LoadMem(asm.R4, regCtx, int16(off+8*i), asm.DWord),
			asm.LoadImm(asm.R5, int64(binary.NativeEndian.Uint64(w[:])), asm.DWord),
			asm.JNE.Reg(asm.R4, asm.R5, end),
		)
	}
	c.emit(asm.Mov.Imm(asm.R0, 0))
	c.label(end)
}

// branchFalse evaluates x as a condition and jumps to label when it is
// false: predicates and if statements compile to straight branches, with
// no 0 or 1 materialized for comparisons and logical operators.
func (c *clauseGen) branchFalse(x ast.Expr, label string) { c.branch(x, label, false) }

// branch jumps to label when x's truth is want.
func (c *clauseGen) branch(x ast.Expr, label string, want bool) {
	switch e := ast.Unparen(x).(type) {
	case *ast.Unary:
		if e.Op == ast.Not {
			c.branch(e.X, label, !want)
			return
		}
	case *ast.Binary:
		switch {
		case e.Op == ast.LAnd && !want, e.Op == ast.LOr && want:
			// Either operand decides.
			c.branch(e.X, label, want)
			c.branch(e.Y, label, want)
			return
		case e.Op == ast.LAnd || e.Op == ast.LOr:
			// The first operand may decide the other way.
			skip := c.newLabel()
			c.branch(e.X, skip, !want)
			c.branch(e.Y, label, want)
			c.label(skip)
			return
		}
		if j, ok := c.compareJump(e, !want); ok {
			c.compareOperands(e, j, label)
			return
		}
	}
	c.expr(x)
	if want {
		c.emit(asm.JNE.Imm(asm.R0, 0, label))
	} else {
		c.emit(asm.JEq.Imm(asm.R0, 0, label))
	}
}

// compareJump returns the jump that takes an integer comparison's branch
// (or, when negate is set, its opposite), and false when e is not an
// integer comparison.
func (c *clauseGen) compareJump(e *ast.Binary, negate bool) (asm.JumpOp, bool) {
	lt, rt := c.typeOf(e.X), c.typeOf(e.Y)
	if !isCompare(e.Op) || !lt.IsInteger() || !rt.IsInteger() {
		return 0, false
	}
	op := e.Op
	if negate {
		op = map[ast.Op]ast.Op{ast.Eq: ast.Ne, ast.Ne: ast.Eq, ast.Lt: ast.Ge, ast.Ge: ast.Lt, ast.Gt: ast.Le, ast.Le: ast.Gt}[op]
	}
	sign := compareSigned(lt, rt)
	switch op {
	case ast.Eq:
		return asm.JEq, true
	case ast.Ne:
		return asm.JNE, true
	case ast.Lt:
		return pick(sign, asm.JSLT, asm.JLT), true
	case ast.Gt:
		return pick(sign, asm.JSGT, asm.JGT), true
	case ast.Le:
		return pick(sign, asm.JSLE, asm.JLE), true
	}
	return pick(sign, asm.JSGE, asm.JGE), true
}

// compareOperands evaluates a comparison's operands and jumps to label with
// j.
func (c *clauseGen) compareOperands(e *ast.Binary, j asm.JumpOp, label string) {
	c.expr(e.X)
	if v, ok := c.constOf(e.Y); ok && v == int64(int32(v)) {
		c.emit(j.Imm(asm.R0, int32(v), label))
		return
	}
	c.push(e)
	c.expr(e.Y)
	c.emit(asm.Mov.Reg(asm.R1, asm.R0))
	c.pop(asm.R0)
	c.emit(j.Reg(asm.R0, asm.R1, label))
}
