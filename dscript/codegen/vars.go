package codegen

import (
	"strconv"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// varInfo is where a variable lives.
type varInfo struct {
	obj *check.Object
	// global and this-> scalars: offset in the globals value or the
	// scratch value.
	off int
	// self-> variables and associative arrays: a hash map.
	mapName string
	keySize int
	size    int // value size
}

// maxVarSize bounds the size of one variable (an array, a struct): map
// values are allocated by the kernel in one piece.
const maxVarSize = 1 << 20

// valueSize is the bytes a value of type t takes in a variable.
func (g *gen) valueSize(t *types.Type) int {
	if t.IsString() {
		return abi.StrSlot(g.opts.StrSize)
	}
	return align8(int(t.Resolve().Size))
}

// keySize is the bytes a key of type t takes in a map key.
func (g *gen) keySize(t *types.Type) int { return KeySize(t, g.opts.StrSize) }

// KeySize is the bytes a key of type t takes in the map key of an
// aggregation or an associative array, for strings of strsize bytes: a
// string's strsize bytes and its NUL, NUL-padded; the bytes of an array, a struct or
// a union (KeyByValue), zero-padded; 8 for the others (integers,
// pointers), in each case rounded up to 8 bytes.
func KeySize(t *types.Type, strsize int) int {
	switch {
	case t.IsString():
		return abi.StrSlot(strsize)
	case KeyByValue(t):
		return align8(int(t.Resolve().Size))
	}
	return 8
}

// KeyByValue reports whether a key of type t is its value's bytes, as
// DTrace keys by an array (a char array among them: curthread->comm), a
// struct or a union: by what they hold, not where.
func KeyByValue(t *types.Type) bool { return isAggregate(t) }

// storeKey stores the key k, for the key of type st of a map's key
// signature, at R9+pos, and returns the bytes it takes: a string copied
// (from a string, a char array or a char pointer); an array, struct or
// union copied by value (a string, into a char array's slot: up to its
// NUL); anything else as 8 bytes. A string that cannot be read (NULL)
// faults as dt_cg_arglist faults then: a bad address, 128 plus the key's
// index i. R0 to R6 are clobbered.
func (c *clauseGen) storeKey(st *types.Type, k ast.Expr, pos, i int) int {
	kt := c.typeOf(k)
	switch {
	case st.IsString():
		c.expr(k)
		c.emit(asm.Mov.Reg(asm.R6, asm.R0))
		c.copyStr(pos, asm.R6)
		if kt.IsString() {
			ok := c.newLabel()
			c.emit(asm.JSGE.Imm(asm.R0, 0, ok), asm.Mov.Imm(asm.R1, int32(128+i)))
			c.fault(k, abi.FaultBadAddr, asm.R1)
			c.label(ok)
		}
	case KeyByValue(st):
		size := c.g.keySize(st)
		c.zero(pos, size)
		if KeyByValue(kt) {
			c.place(k)
			n := min(kt.Resolve().Size, st.Resolve().Size)
			c.emit(asm.Mov.Reg(asm.R6, asm.R0), asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, int32(n)))
			c.scratchAddr(asm.R1, pos)
			c.call(asm.FnProbeReadKernel)
			c.faultIf(k, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R6)
		} else {
			c.expr(k)
			c.readStr(pos, int(st.Resolve().Size), asm.R0)
		}
		return size
	default:
		// An integer key is stored at its declared type's width (one
		// key, one bit pattern), as DTrace stores tuple members.
		c.expr(k)
		c.keyWidth(k, st)
		c.emit(asm.StoreMem(regCtx, int16(pos), asm.R0, asm.DWord))
	}
	return c.g.keySize(st)
}

// variable returns the storage of o, allocating it on first use.
func (c *clauseGen) variable(n ast.Node, o *check.Object) *varInfo {
	g := c.g
	if v, ok := g.vars[o]; ok {
		return v
	}
	t := o.Type()
	if !isRegValue(t) && !t.IsString() && !isAggregate(t) {
		c.fail(n, "a variable of type "+t.String())
	}
	if isAggregate(t) && (!t.IsComplete() || t.Resolve().Size <= 0) {
		c.fail(n, "a variable of type "+t.String())
	}
	if t.Resolve().Size > maxVarSize {
		c.fail(n, "a variable of more than "+strconv.Itoa(maxVarSize)+" bytes")
	}
	v := &varInfo{obj: o, size: g.valueSize(t)}
	switch {
	case o.Assoc():
		for _, k := range o.Keys() {
			if !k.IsScalar() && !k.IsString() && !(KeyByValue(k) && k.IsComplete()) {
				c.fail(n, "a key of type "+k.String())
			}
			v.keySize += g.keySize(k)
		}
		fallthrough
	case o.Kind() == check.ObjSelf:
		if o.Kind() == check.ObjSelf {
			v.keySize += 8 // the thread id first
		}
		prefix := "g_"
		if o.Kind() == check.ObjSelf {
			prefix = "s_"
		}
		v.mapName = prefix + o.Name()
		g.prog.Maps = append(g.prog.Maps, &MapDesc{Name: v.mapName, Kind: HashMap, KeySize: v.keySize,
			ValueSize: v.size, MaxEntries: g.dynEntries(v.keySize, v.size), Object: o})
	case o.Kind() == check.ObjThis:
		off, ok := g.this.vars[o]
		if !ok {
			c.fail(n, "this use of a clause-local variable")
		}
		v.off = g.scratchBase + off
	default:
		v.off = g.globOff
		g.globOff += v.size
	}
	g.vars[o] = v
	return v
}

// tempBase is where the scratch temporaries start.
func (g *gen) tempBase() int { return g.recordBase() + recordRegion }

// loadVar loads a scalar variable (global, self->, this->) into R0: its
// value, or for a string its address.
func (c *clauseGen) loadVar(n ast.Node, o *check.Object) {
	if o == nil {
		c.fail(n, "this reference")
	}
	v := c.variable(n, o)
	t := o.Type()
	if isAggregate(t) {
		// An array or struct is its address (a char array: a string).
		c.varPlace(n, o)
		c.loadPlace(n, placeDirect, t)
		return
	}
	switch {
	case v.mapName != "":
		c.mapKey(n, v, nil)
		c.mapLookup(v, t)
	case o.Kind() == check.ObjThis:
		if t.IsString() {
			c.emit(asm.Mov.Reg(asm.R0, regCtx), asm.Add.Imm(asm.R0, int32(v.off)))
			c.nullStrVar()
			return
		}
		c.load(asm.R0, regCtx, int16(v.off), t)
	default:
		if t.IsString() {
			c.emit(asm.Mov.Reg(asm.R0, regGlobals), asm.Add.Imm(asm.R0, int32(v.off)))
			c.nullStrVar()
			return
		}
		base, off := c.globalAt(asm.R0, v.off)
		c.load(asm.R0, base, off, t)
	}
}

// globalAt returns a base register and an instruction offset that reach
// byte off of the globals value: R8 and off itself when off fits an
// instruction's 16-bit offset, else r set to the address.
func (c *clauseGen) globalAt(r asm.Register, off int) (asm.Register, int16) {
	if off+8 <= 0x7fff {
		return regGlobals, int16(off)
	}
	c.emit(asm.Mov.Reg(r, regGlobals), asm.Add.Imm(r, int32(off)))
	return r, 0
}

// mapKey builds v's key in scratch (self->: the thread id, then keys) and
// leaves its offset from R9 in c.key.
func (c *clauseGen) mapKey(n ast.Node, v *varInfo, keys []ast.Expr) {
	off := c.temp(v.keySize)
	pos := off
	if v.obj.Kind() == check.ObjSelf {
		c.call(asm.FnGetCurrentPidTgid)
		c.emit(asm.StoreMem(regCtx, int16(pos), asm.R0, asm.DWord))
		pos += 8
	}
	sig := v.obj.Keys()
	for i, k := range keys {
		st := c.typeOf(k)
		if i < len(sig) {
			st = sig[i]
		}
		pos += c.storeKey(st, k, pos, i)
	}
	c.key = off
}

// mapLookup looks v up by the key at R9+c.key and loads its value into
// R0: 0 when absent, which for a string is NULL, as dtrace-utils'
// dt_cg_load_var reads a dynamic variable never assigned or deleted
// (self->s != NULL tells whether it was set).
func (c *clauseGen) mapLookup(v *varInfo, t *types.Type) {
	c.lookupAt(v.mapName, c.key)
	found, end := c.newLabel(), c.newLabel()
	c.emit(asm.JNE.Imm(asm.R0, 0, found))
	c.emit(asm.Mov.Imm(asm.R0, 0))
	c.emit(asm.Ja.Label(end))
	c.label(found)
	if !t.IsString() {
		c.load(asm.R0, asm.R0, 0, t)
	}
	c.label(end)
}

// index evaluates an associative-array element or args[n].
// inlineRef evaluates a reference to an inline associative array, as
// DTrace expands it: its value, each parameter standing for the key
// written in its place (evaluated where the parameter is used, as a
// translator's input is).
func (c *clauseGen) inlineRef(x *ast.Index, o *check.Object, params []string) {
	depth := len(c.xlIn)
	for i, p := range params {
		if p != "" && i < len(x.Index) {
			c.xlIn = append(c.xlIn, xlBinding{name: p, input: x.Index[i], depth: depth})
		}
	}
	c.expr(o.Inline())
	c.xlIn = c.xlIn[:depth]
	c.typecast(c.typeOf(o.Inline()), o.Type())
}

func (c *clauseGen) index(x *ast.Index) {
	o := c.g.info.Uses[x]
	if o == nil {
		// C indexing: an element of an array or of what a pointer
		// points to, or a string's character.
		k := c.place(x)
		c.loadPlace(x, k, c.typeOf(x))
		return
	}
	if params, ok := o.InlineParams(); ok && o.Kind() == check.ObjInline {
		c.inlineRef(x, o, params)
		return
	}
	if o.Kind() == check.ObjBuiltin {
		i, ok := c.constOf(x.Index[0])
		switch {
		case ok && i >= 0 && isArgs(x, c.g.info):
			c.argsElem(x, int(i))
			return
		case ok && i >= 0 && isUregs(x, c.g.info):
			c.uregs(x, int(i))
			return
		}
		c.fail(x, "this builtin array")
	}
	if isAggregate(o.Type()) {
		c.assocPlace(x, o)
		c.loadPlace(x, placeDirect, o.Type())
		return
	}
	v := c.variable(x, o)
	c.mapKey(x, v, x.Index)
	c.mapLookup(v, o.Type())
}

// argsElem evaluates args[i]: argi, or where the checker typed it
// (check.Info.Args), the value of its type in its slots: an integer of
// fewer than 8 bytes extended as its type says, a struct or union passed
// by value the address of its slots in the probe context (kernel memory,
// read as a kernel record's members are).
func (c *clauseGen) argsElem(x *ast.Index, i int) {
	ref, typed := c.g.info.Args[x]
	if !typed {
		ref = check.ArgRef{Slot: i, Slots: 1}
	}
	if ref.Slot+ref.Slots > c.g.prog.CtxUse.NArgs {
		c.fail(x, "this builtin array")
	}
	t := c.typeOf(x)
	if typed && isAggregate(t) {
		c.emit(asm.Mov.Reg(asm.R0, regCtx), asm.Add.Imm(asm.R0, int32(abi.CtxArg(ref.Slot))))
		return
	}
	c.emit(asm.LoadMem(asm.R0, regCtx, abi.CtxArg(ref.Slot), asm.DWord))
	if typed {
		c.normalize(asm.R0, t)
	}
}

// assign evaluates an assignment; R0 holds the value assigned.
func (c *clauseGen) assign(x *ast.Assign) {
	lx := ast.Unparen(x.X)
	var o *check.Object
	var keys []ast.Expr
	switch l := lx.(type) {
	case *ast.Ident, *ast.ScopedVar:
		o = c.g.info.Uses[l]
	case *ast.Index:
		o = c.g.info.Uses[l]
		keys = l.Index
	}
	if o == nil {
		// A member, an element of an array or through a pointer, *p.
		c.assignPlace(x, lx)
		return
	}
	if o.Kind() == check.ObjBuiltin {
		c.fail(x, "assignment to this kind of lvalue")
	}
	t := o.Type()
	v := c.variable(x, o)
	if isAggregate(t) {
		c.assignWhole(x, v, keys)
		return
	}
	if x.Op != ast.AssignOp {
		// x op= y is x = x op y.
		c.expr(lx)
		c.compound(x, t)
	} else {
		// The value is stored at t's width; the assignment's own value
		// is the right-hand side's, as in DTrace.
		c.expr(x.Y)
	}
	c.storeVar(x, v, t, keys, x.Op == ast.AssignOp && c.isZero(x.Y))
}

// compound computes into R0 the new value of the compound assignment x
// (x op= y) to a value of type t, whose old value is in R0: the old value
// is kept on the stack while y is evaluated, then R0 = old op y, a
// pointer moving by y elements.
func (c *clauseGen) compound(x *ast.Assign, t *types.Type) {
	c.push(x) // the old value
	c.expr(x.Y)
	c.emit(asm.Mov.Reg(asm.R1, asm.R0))
	c.pop(asm.R0)
	op := x.Op.Base()
	yt := c.typeOf(x.Y)
	if t.IsPointer() && isPtr(yt) {
		// p += q and p -= q of compatible pointers, which the checker
		// lets through as DTrace does: p - q is the elements between
		// them, as a subtraction of pointers is; p + q their sum.
		if op == ast.Add {
			c.emit(asm.Add.Reg(asm.R0, asm.R1))
		} else {
			c.emit(asm.Sub.Reg(asm.R0, asm.R1))
		}
		if esz := c.elemSize(x, t); op == ast.Sub && esz > 1 {
			if esz&(esz-1) == 0 {
				c.emit(asm.ArSh.Imm(asm.R0, log2(esz)))
			} else {
				c.emit(asm.Mov.Imm(asm.R1, int32(esz)))
				c.divide(ast.Div, asm.R0, asm.R1, true)
			}
		}
		return
	}
	if t.IsPointer() && (op == ast.Add || op == ast.Sub) {
		c.scale(asm.R1, c.elemSize(x, t))
	}
	r1 := asm.R1
	c.arith(x, op, asm.R0, &r1, 0, t, yt)
}

// assignWhole assigns a struct or union to the D variable v (keys: an
// associative array's element): the value is copied in, as DTrace copies
// such values. Assigning 0 deletes a dynamic variable, and clears a
// global or this-> one.
func (c *clauseGen) assignWhole(x *ast.Assign, v *varInfo, keys []ast.Expr) {
	o := v.obj
	size := o.Type().Resolve().Size
	if c.isZero(x.Y) {
		if v.mapName != "" {
			c.emit(asm.Mov.Imm(asm.R0, 0))
			c.storeVar(x, v, o.Type(), keys, true)
			return
		}
		if v.size > 0x7ff8 {
			c.fail(x, "clearing a variable this large")
		}
		c.varPlace(x, o)
		c.zeroAt(v.size)
		c.emit(asm.Mov.Imm(asm.R0, 0))
		return
	}
	c.expr(x.Y) // the source's address
	if v.mapName == "" {
		c.push(x)
		c.varPlace(x, o)
		c.copyInto(size)
		return
	}
	c.push(x)
	c.mapKey(x, v, keys)
	val := c.temp(v.size)
	c.zero(val, v.size)
	c.pop(asm.R3)
	c.scratchAddr(asm.R1, val)
	c.emit(asm.Mov.Imm(asm.R2, int32(size)))
	c.call(asm.FnProbeReadKernel)
	c.dynStore(v.mapName, c.key, val)
	c.scratchAddr(asm.R0, val)
}

// copyInto copies size bytes from the address on top of the temporaries
// stack (popped) to the writable address in R0, and leaves that address
// in R0. An unreadable source leaves zeros.
func (c *clauseGen) copyInto(size int64) {
	c.emit(asm.Mov.Reg(asm.R6, asm.R0), asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Imm(asm.R2, int32(size)))
	c.pop(asm.R3)
	c.call(asm.FnProbeReadKernel)
	c.emit(asm.Mov.Reg(asm.R0, asm.R6))
}

// assignPlace compiles an assignment to the place lx: a member, an array
// element, memory through a pointer. The value is computed first, then
// the place's address (see writable).
func (c *clauseGen) assignPlace(x *ast.Assign, lx ast.Expr) {
	t := c.typeOf(lx)
	size := t.Resolve().Size
	if mx, ok := lx.(*ast.Member); ok {
		if m, ok := c.bitField(mx); ok {
			c.assignBits(x, mx, m)
			return
		}
	}
	switch {
	case t.IsRecord():
		c.expr(x.Y) // the source's address
		c.push(x)
		k := c.place(lx)
		c.writable(x, lx, k, size)
		c.copyInto(size)
	case t.IsString():
		n := int64(c.strSize())
		if size < n {
			n = size
		}
		c.expr(x.Y)
		c.notNullStr(x.Y) // dtrace-utils' copy of it faults
		c.push(x)
		k := c.place(lx)
		c.writable(x, lx, k, n)
		c.emit(asm.Mov.Reg(asm.R6, asm.R0), asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Imm(asm.R2, int32(n)))
		c.pop(asm.R3)
		c.call(asm.FnProbeReadKernelStr)
		c.emit(asm.Mov.Reg(asm.R0, asm.R6))
	case isRegValue(t) && x.Op == ast.AssignOp:
		c.expr(x.Y)
		c.push(x)
		k := c.place(lx)
		c.writable(x, lx, k, size)
		c.aligned(x, k, size)
		c.pop(asm.R1)
		c.store(asm.R0, 0, asm.R1, t)
		c.emit(asm.Mov.Reg(asm.R0, asm.R1))
	case t.IsScalar():
		k := c.place(lx)
		c.writable(x, lx, k, size)
		c.aligned(x, k, size)
		c.push(x) // the address
		c.load(asm.R0, asm.R0, 0, t)
		c.compound(x, t)
		c.pop(asm.R1)
		c.store(asm.R1, 0, asm.R0, t)
	default:
		c.fail(x, "assignment to a value of type "+t.String())
	}
}

func (c *clauseGen) isZero(x ast.Expr) bool {
	v, ok := c.constOf(x)
	return ok && v == 0
}

// storeVar stores R0 (a value, or a string's address) into v. del deletes
// a dynamic variable's element instead (assignment of 0).
func (c *clauseGen) storeVar(n ast.Node, v *varInfo, t *types.Type, keys []ast.Expr, del bool) {
	switch {
	case v.mapName != "":
		c.push(n) // the value, kept while the key is built
		c.mapKey(n, v, keys)
		c.pop(asm.R6)
		if del {
			c.dynDelete(v.mapName, c.key)
			c.emit(asm.Mov.Imm(asm.R0, 0))
			return
		}
		if t.IsString() {
			// A NULL string deletes the element, as a value of 0
			// does in dtrace-utils.
			null, done := c.newLabel(), c.newLabel()
			c.emit(asm.JEq.Imm(asm.R6, 0, null))
			val := c.temp(v.size)
			c.copyStr(val, asm.R6)
			c.dynStore(v.mapName, c.key, val)
			c.emit(asm.Ja.Label(done))
			c.label(null)
			c.dynDelete(v.mapName, c.key)
			c.label(done)
			c.emit(asm.Mov.Reg(asm.R0, asm.R6))
			return
		}
		val := c.temp(v.size)
		c.emit(asm.StoreMem(regCtx, int16(val), asm.R6, asm.DWord))
		c.dynStore(v.mapName, c.key, val)
		c.emit(asm.Mov.Reg(asm.R0, asm.R6))
	case v.obj.Kind() == check.ObjThis:
		if t.IsString() {
			c.emit(asm.Mov.Reg(asm.R6, asm.R0))
			c.scratchAddr(asm.R1, v.off)
			c.storeStrVar()
			c.emit(asm.Mov.Reg(asm.R0, asm.R6))
			return
		}
		c.store(regCtx, int16(v.off), asm.R0, t)
	default:
		if t.IsString() {
			c.emit(asm.Mov.Reg(asm.R6, asm.R0))
			c.emit(asm.Mov.Reg(asm.R1, regGlobals), asm.Add.Imm(asm.R1, int32(v.off)))
			c.storeStrVar()
			c.emit(asm.Mov.Reg(asm.R0, asm.R6))
			return
		}
		base, off := c.globalAt(asm.R1, v.off)
		c.store(base, off, asm.R0, t)
	}
}

// incdec evaluates ++ and -- on a variable or a place; a pointer moves
// by one element.
func (c *clauseGen) incdec(x *ast.Unary) {
	lx := ast.Unparen(x.X)
	t := c.typeOf(lx)
	if !t.IsInteger() && !t.IsPointer() {
		c.fail(x, "operator "+x.Op.String()+" on this operand")
	}
	delta := int64(1)
	if t.IsPointer() {
		delta = c.elemSize(x, t)
	}
	if x.Op == ast.PreDec || x.Op == ast.PostDec {
		delta = -delta
	}
	post := x.Op == ast.PostInc || x.Op == ast.PostDec
	o := c.g.info.Uses[lx]
	if mx, ok := lx.(*ast.Member); ok && o == nil {
		if m, ok := c.bitField(mx); ok {
			c.incdecBits(x, mx, m, delta, post)
			return
		}
	}
	if o == nil {
		k := c.place(lx)
		c.writable(x, lx, k, t.Resolve().Size)
		c.aligned(x, k, t.Resolve().Size)
		c.push(x) // the address
		c.load(asm.R0, asm.R0, 0, t)
		c.push(x) // the old value
		c.emit(asm.Add.Imm(asm.R0, int32(delta)))
		c.emit(asm.LoadMem(asm.R1, asm.RFP, c.slot(c.depth-2), asm.DWord))
		c.store(asm.R1, 0, asm.R0, t)
		if post {
			c.pop(asm.R0)
		} else {
			c.depth--
		}
		c.depth--
		return
	}
	var keys []ast.Expr
	if ix, ok := lx.(*ast.Index); ok {
		keys = ix.Index
	}
	if o.Kind() == check.ObjBuiltin {
		c.fail(x, "operator "+x.Op.String()+" on this operand")
	}
	v := c.variable(x, o)
	c.expr(lx)
	c.push(x) // the old value
	c.emit(asm.Add.Imm(asm.R0, int32(delta)))
	c.storeVar(x, v, t, keys, false)
	if post {
		c.pop(asm.R0)
	} else {
		c.depth--
	}
}

// The dynamic variables (thread-local variables, associative arrays'
// elements) share one pool of elements, as DTrace's share dynvarsize
// (dtrace-utils' dvars map): as many as dynvarsize holds of the largest
// key and value of them (dynPool). Each is a map of its own, of as many
// entries as the pool has, and the elements they hold are counted
// together in the globals' abi.GlobalDynVars word: a new element is
// stored only when it can take one of the pool's, and a deleted one
// gives its back.

// dynPoolMeta marks the instruction whose constant becomes the number of
// the pool's elements, known once every clause is compiled (dynPool).
type dynPoolMeta struct{}

// dynStore stores the value at R9+val under the key at R9+key in the
// dynamic variable's map m: it replaces the element there is, or makes
// a new one of the pool's; one that cannot be made (the pool exhausted,
// the map full) is a dynamic variable drop. R0 is 0 when the value is
// stored. R1-R5 are clobbered.
func (c *clauseGen) dynStore(m string, key, val int) {
	done, full, back := c.newLabel(), c.newLabel(), c.newLabel()
	c.updateAt(m, key, val, bpfExist)
	c.emit(asm.JEq.Imm(asm.R0, 0, done))
	// A new element: one of the pool's, if one is left.
	pool := asm.LoadImm(asm.R2, 0, asm.DWord)
	pool.Metadata.Set(dynPoolMeta{}, true)
	c.emit(
		asm.Mov.Imm(asm.R1, 1),
		atomicDW(asm.FetchAdd, regGlobals, asm.R1, abi.GlobalDynVars),
		pool,
		asm.JGE.Reg(asm.R1, asm.R2, full),
	)
	c.updateAt(m, key, val, bpfNoExist)
	c.emit(asm.JEq.Imm(asm.R0, 0, done))
	// Not made: the element goes back to the pool. Another firing made
	// the same one meanwhile (-EEXIST): the value replaces its.
	c.emit(
		asm.Mov.Imm(asm.R1, -1),
		atomicDW(asm.AddAtomic, regGlobals, asm.R1, abi.GlobalDynVars),
		asm.JNE.Imm(asm.R0, -17, back),
	)
	c.updateAt(m, key, val, bpfAny)
	c.emit(asm.JEq.Imm(asm.R0, 0, done))
	c.emit(asm.Ja.Label(back))
	c.label(full)
	c.emit(
		asm.Mov.Imm(asm.R1, -1),
		atomicDW(asm.AddAtomic, regGlobals, asm.R1, abi.GlobalDynVars),
		asm.Mov.Imm(asm.R0, -7), // -E2BIG
	)
	c.label(back)
	c.count(abi.CounterDynDrops)
	c.label(done)
}

// dynDelete deletes the element of the key at R9+key from the dynamic
// variable's map m, giving it back to the pool when there was one. R0-R5
// are clobbered.
func (c *clauseGen) dynDelete(m string, key int) {
	none := c.newLabel()
	c.mapPtr(asm.R1, m)
	c.scratchAddr(asm.R2, key)
	c.call(asm.FnMapDeleteElem)
	c.emit(
		asm.JNE.Imm(asm.R0, 0, none),
		asm.Mov.Imm(asm.R1, -1),
		atomicDW(asm.AddAtomic, regGlobals, asm.R1, abi.GlobalDynVars),
	)
	c.label(none)
}

// dynPool sizes the dynamic variables' pool once every clause is
// compiled: as many elements as dynvarsize holds of the largest key and
// value (as dtrace-utils sizes its dvars map), each variable's map made
// that large, and the constant of every dynStore set to it.
func (g *gen) dynPool() {
	keys, vals := 0, 0
	var dyn []*MapDesc
	for _, d := range g.prog.Maps {
		if d.Object != nil && d.Kind == HashMap {
			if _, ok := d.Object.Agg(); !ok {
				dyn = append(dyn, d)
				keys, vals = max(keys, align8(d.KeySize)), max(vals, align8(d.ValueSize))
			}
		}
	}
	if len(dyn) == 0 {
		return
	}
	n := g.dynEntries(keys, vals)
	g.prog.DynVars = n
	for _, d := range dyn {
		d.MaxEntries = n
	}
	for _, cl := range g.prog.Clauses {
		for _, insns := range []asm.Instructions{cl.Insns, cl.Funcs} {
			for i := range insns {
				if insns[i].Metadata.Get(dynPoolMeta{}) != nil {
					insns[i].Constant = int64(n)
				}
			}
		}
	}
}
