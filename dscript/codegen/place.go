package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Places: the memory an lvalue of array, struct or union type (or an
// element or member of one) designates.
//
// D variables of these types (globals, this->, self->, associative-array
// elements) hold their value in place: in the globals value, in the
// scratch value or in a map element. Their members and elements are read
// and written there directly, and an index into an array held in a D
// variable is checked against its bounds first (a fault otherwise), so
// that the verifier can bound every access.
//
// Memory reached through a pointer (p->m, p[i], *p) is only an address to
// the verifier: it is read with bpf_probe_read_kernel, like the kernel's
// memory, and written only when it lies in the scratch memory alloca and
// copyin hand out (a fault otherwise, as DTrace faults on a store outside
// its scratch space).

// placeKind says how the program reaches a place whose address place has
// left in R0.
type placeKind int

const (
	// placeDirect: R0 is a pointer the verifier bounds (into the globals
	// value, the scratch value or a map element); loads and stores go
	// through it directly.
	placeDirect placeKind = iota
	// placeMemory: R0 is an address computed from a pointer value.
	placeMemory
)

// isAggregate reports whether t is an array (not D's string), struct or
// union: a type whose values are handled by their address.
func isAggregate(t *types.Type) bool {
	r := t.Resolve()
	return r != nil && (r.Kind == types.Array || r.Kind == types.Struct || r.Kind == types.Union)
}

// isFloat reports whether t is a float or a double: a value D loads,
// records and prints by its bits, as DTrace does (dt_node_is_float), but on
// which D does no arithmetic. A long double (16 bytes) is not one: it does
// not fit a register.
func isFloat(t *types.Type) bool {
	r := t.Resolve()
	return r != nil && r.Kind == types.Float && (r.Size == 4 || r.Size == 8)
}

// isRegValue reports whether a value of type t is held in a register: an
// integer, an enum, a pointer, or a float or double (its bits, zero-extended).
func isRegValue(t *types.Type) bool { return t.IsScalar() || isFloat(t) }

// isArray reports whether t is a C array (not D's string).
func isArray(t *types.Type) bool {
	r := t.Resolve()
	return r != nil && r.Kind == types.Array
}

// isKernelType reports whether t comes from the kernel's BTF, whose
// member offsets are the kernel's business (see member and memberAddr).
func isKernelType(t *types.Type) bool {
	r := t.Resolve()
	return r != nil && r.Module == kernelModule
}

// elemSize returns the size of what the pointer or array type t points
// to, the unit of its arithmetic: 1 for void, as in C compilers and D.
func (c *clauseGen) elemSize(n ast.Node, t *types.Type) int64 {
	e := t.Resolve().Elem
	if e.IsVoid() {
		return 1
	}
	size := e.Resolve().Size
	if size <= 0 {
		c.fail(n, "arithmetic on a pointer to "+e.String())
	}
	return size
}

// dvarRooted reports whether the lvalue x is a D variable or lies inside
// one (a member or element of it, reached without a pointer).
func (c *clauseGen) dvarRooted(x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.Paren:
			x = e.X
		case *ast.Member:
			if e.Arrow {
				return false
			}
			x = e.X
		case *ast.Index:
			if o := c.g.info.Uses[e]; o != nil {
				return o.Kind() != check.ObjBuiltin
			}
			if !isArray(c.typeOf(e.X)) {
				return false
			}
			x = e.X
		case *ast.Unary:
			if e.Op != ast.Deref || !isArray(c.typeOf(e.X)) {
				return false
			}
			x = e.X
		case *ast.Ident, *ast.ScopedVar:
			o := c.g.info.Uses[e]
			if o == nil {
				return false
			}
			k := o.Kind()
			return k == check.ObjGlobal || k == check.ObjThis || k == check.ObjSelf
		default:
			return false
		}
	}
}

// ownsMember reports whether the member x is compiled here (place) rather
// than by member and memberAddr, which read the kernel's structs through
// pointers: members of D variables, and members of the script's own
// structs and unions wherever they are.
func (c *clauseGen) ownsMember(x *ast.Member) bool {
	st := c.typeOf(x.X)
	if x.Arrow {
		st = st.Resolve().Elem
	}
	return !isKernelType(st) || c.dvarRooted(x)
}

// place leaves the address of the lvalue x in R0 and says how to reach
// it.
func (c *clauseGen) place(x ast.Expr) placeKind {
	switch e := x.(type) {
	case *ast.Paren:
		return c.place(e.X)
	case *ast.Ident, *ast.ScopedVar:
		o := c.g.info.Uses[e]
		if o != nil && o.Kind() == check.ObjKernel {
			c.kernelAddr(x, o)
			return placeMemory
		}
		if o == nil || o.Assoc() || !isAggregate(o.Type()) {
			break
		}
		switch o.Kind() {
		case check.ObjGlobal, check.ObjThis, check.ObjSelf:
			c.varPlace(x, o)
			return placeDirect
		}
	case *ast.Index:
		if c.isStringIndex(e) {
			return c.stringIndexPlace(e)
		}
		if o := c.g.info.Uses[e]; o != nil {
			if o.Kind() == check.ObjBuiltin || !isAggregate(o.Type()) {
				break
			}
			c.assocPlace(e, o)
			return placeDirect
		}
		return c.indexPlace(e)
	case *ast.Member:
		if k, ok := c.xlatePlace(e); ok {
			return k
		}
		return c.memberPlace(e)
	case *ast.Unary:
		if e.Op != ast.Deref {
			break
		}
		if isArray(c.typeOf(e.X)) {
			return c.place(e.X) // *a is a[0]
		}
		c.ptrValue(e.X)
		return placeMemory
	}
	if isAggregate(c.typeOf(x)) {
		// Another expression of aggregate type (c ? s1 : s2) evaluates
		// to the address of its value.
		c.expr(x)
		c.launder(asm.R0)
		return placeMemory
	}
	c.fail(x, "this lvalue")
	return placeMemory
}

// varPlace leaves in R0 the address of the storage of o, a global, this->
// or self-> variable of aggregate type. A self-> variable never assigned
// has none: DTrace then dereferences NULL, which faults.
func (c *clauseGen) varPlace(n ast.Node, o *check.Object) {
	v := c.variable(n, o)
	switch {
	case v.mapName != "":
		c.mapKey(n, v, nil)
		c.lookupAt(v.mapName, c.key)
		ok := c.newLabel()
		c.emit(asm.JNE.Imm(asm.R0, 0, ok))
		c.fault(n, faultBadAddr, asm.R0)
		c.label(ok)
	case o.Kind() == check.ObjThis:
		c.scratchAddr(asm.R0, v.off)
	default:
		c.emit(asm.Mov.Reg(asm.R0, regGlobals), asm.Add.Imm(asm.R0, int32(v.off)))
	}
}

// assocPlace leaves in R0 the address of an associative-array element of
// aggregate type, creating it zero-filled when it does not exist yet, as
// DTrace does for such elements whether they are read or written. An
// element that cannot be created (the map is full) faults.
func (c *clauseGen) assocPlace(x *ast.Index, o *check.Object) {
	v := c.variable(x, o)
	c.mapKey(x, v, x.Index)
	key := c.key
	done := c.newLabel()
	lookup := func() {
		c.lookupAt(v.mapName, key)
		c.emit(asm.JNE.Imm(asm.R0, 0, done))
	}
	lookup()
	val := c.temp(v.size)
	c.zero(val, v.size)
	c.dynStore(v.mapName, key, val)
	lookup()
	c.fault(x, faultBadAddr, asm.R0)
	c.label(done)
}

// indexPlace leaves in R0 the address of the element x[i] of an array or
// pointer (or i[x]): the base address plus i times the element size.
// Indexing an array held in a D variable checks the index first.
func (c *clauseGen) indexPlace(x *ast.Index) placeKind {
	base, idx := x.X, x.Index[0]
	if !isPtr(c.typeOf(base)) {
		base, idx = idx, base // i[p] is p[i]
	}
	bt := c.typeOf(base).Resolve()
	esz := c.elemSize(x, bt)
	var k placeKind
	if bt.Kind == types.Array {
		k = c.place(base)
	} else {
		c.ptrValue(base)
		k = placeMemory
	}
	checked := k == placeDirect
	if v, ok := c.constOf(idx); ok && (!checked || v >= 0 && v < bt.Len) && v*esz == int64(int32(v*esz)) {
		if v != 0 {
			c.emit(asm.Add.Imm(asm.R0, int32(v*esz)))
		}
		return k
	}
	c.push(x)
	c.expr(idx)
	if checked {
		c.checkIndex(x, asm.R0, bt.Len)
	}
	c.scale(asm.R0, esz)
	c.emit(asm.Mov.Reg(asm.R1, asm.R0))
	c.pop(asm.R0)
	c.emit(asm.Add.Reg(asm.R0, asm.R1))
	return k
}

// checkIndex faults unless the index in r is below n, taken as unsigned
// (a negative index is out of bounds too); past it the verifier knows r
// is in [0, n).
func (c *clauseGen) checkIndex(x ast.Node, r asm.Register, n int64) {
	ok := c.newLabel()
	if n > 0 && n == int64(int32(n)) {
		c.emit(asm.JLT.Imm(r, int32(n), ok))
	} else if n > 0 {
		c.emit(asm.LoadImm(asm.R2, n, asm.DWord), asm.JLT.Reg(r, asm.R2, ok))
	} else {
		// No index is in bounds; the jump keeps the code after the
		// fault reachable for the kernel's control-flow check.
		c.emit(asm.JLT.Imm(r, 0, ok))
	}
	c.fault(x, faultBadIndex, r)
	c.label(ok)
}

// scale multiplies r by size, an element size.
func (c *clauseGen) scale(r asm.Register, size int64) {
	switch {
	case size == 1:
	case size&(size-1) == 0:
		c.emit(asm.LSh.Imm(r, log2(size)))
	default:
		c.emit(asm.Mul.Imm(r, int32(size)))
	}
}

// log2 returns the exponent of size, a power of two (0 for 0 and 1): the
// shift that multiplies or divides by it.
func log2(size int64) int32 {
	n := int32(0)
	for s := size; s > 1; s >>= 1 {
		n++
	}
	return n
}

// memberPlace leaves in R0 the address of the struct or union member x.
// The kernel's structs reached through pointers are member's business:
// their offsets are the running kernel's.
func (c *clauseGen) memberPlace(x *ast.Member) placeKind {
	return c.memberPlaceBits(x, false)
}

// memberPlaceBits is memberPlace; a bit-field member (which only the
// callers that read and write bit-fields accept: bits) leaves in R0 the
// address of the byte its first bit is in.
func (c *clauseGen) memberPlaceBits(x *ast.Member, bits bool) placeKind {
	if !c.ownsMember(x) {
		c.memberAddr(x)
		return placeMemory
	}
	_, m := c.memberOf(x)
	if m.Bits != 0 && !bits {
		c.fail(x, "this use of a bit-field")
	}
	var k placeKind
	if x.Arrow {
		c.ptrValue(x.X)
		c.notNull(x)
		k = placeMemory
	} else {
		k = c.place(x.X)
	}
	if m.Offset != 0 {
		c.emit(asm.Add.Imm(asm.R0, int32(m.Offset)))
	}
	return k
}

// ptrValue evaluates x, a pointer or an array (which stands for the
// address of its first element), into R0 as a plain number: the verifier
// then lets the program do any arithmetic with it.
func (c *clauseGen) ptrValue(x ast.Expr) {
	if isArray(c.typeOf(x)) {
		c.place(x)
	} else {
		c.expr(x)
	}
	c.launder(asm.R0)
}

// launder turns r, which may hold a pointer the verifier tracks (into a
// map value: a D variable's address, alloca's result), into a number with
// the same value, by a round trip through scratch memory.
func (c *clauseGen) launder(r asm.Register) {
	slot := c.temp(8)
	c.stSlot(slot, r)
	c.ldSlot(r, slot)
}

// loadPlace replaces the address in R0 of a place of type t by its value:
// a scalar is loaded (read with bpf_probe_read_kernel from memory), a
// char array becomes a string, and another array, a struct, a union or a
// string stays an address.
func (c *clauseGen) loadPlace(n ast.Node, k placeKind, t *types.Type) {
	r := t.Resolve()
	switch {
	case r.Kind == types.Array && r.Elem.IsCharLike():
		c.charArrayString(r.Len)
	case isAggregate(t) || t.IsString():
	case isRegValue(t) && k == placeDirect:
		c.load(asm.R0, asm.R0, 0, t)
	case isRegValue(t):
		c.readKernel(n, t)
	default:
		c.fail(n, "reading a value of type "+t.String())
	}
}

// charArrayString copies the char array of n bytes at the address in R0
// into a new string buffer and points R0 at it: the string is the array's
// bytes up to the first NUL, all n of them when there is none (at most
// strsize-1). An unreadable address gives "".
func (c *clauseGen) charArrayString(n int64) {
	size := c.strSize()
	if n > int64(size-1) {
		n = int64(size - 1)
	}
	dst := c.temp(size)
	if n > 0 {
		c.emit(asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, int32(n)))
		c.scratchAddr(asm.R1, dst)
		c.call(asm.FnProbeReadKernel)
	}
	c.emit(asm.StoreImm(regCtx, int16(dst+int(n)), 0, asm.Byte))
	c.resultStr(dst)
}

// writable makes the address in R0 of the place lx, of kind k, one the
// program may store size bytes at. A direct place is. Memory reached
// through an alloca pointer is when the clause has allocated it
// (allocaAccess). Other memory is when it lies in the this-> region of
// the scratch value or in what the clause has allocated (a pointer kept
// in alloca memory); anywhere else is a fault, as a store outside DTrace's
// scratch space is. R0 then becomes a pointer into the scratch value the
// verifier bounds. R1-R5 are clobbered.
func (c *clauseGen) writable(n ast.Node, lx ast.Expr, k placeKind, size int64) {
	if k == placeDirect {
		return
	}
	if c.allocaPlace(lx) {
		slot := c.temp(8)
		c.stSlot(slot, asm.R0)
		c.allocaAccess(n, slot, size, -1)
		return
	}
	lo, hi := int64(c.g.scratchBase), int64(c.g.scratchBase+c.g.this.size)
	slot := c.temp(8)
	c.stSlot(slot, asm.R0)
	c.ldSlot(asm.R0, slot)
	c.stSlot(slot, regCtx)
	c.ldSlot(asm.R1, slot)
	c.emit(asm.Sub.Reg(asm.R0, asm.R1)) // the offset in the scratch value
	bad, ok := c.newLabel(), c.newLabel()
	last := hi - size
	if last < lo {
		last = lo - 1 // nothing fits: every offset is out
	}
	c.emit(
		asm.JLT.Imm(asm.R0, int32(lo), bad),
		asm.JLE.Imm(asm.R0, int32(last), ok),
	)
	c.label(bad)
	done := c.newLabel()
	c.emit(asm.Add.Reg(asm.R0, asm.R1)) // the address
	c.stSlot(slot, asm.R0)
	c.allocaAccess(n, slot, size, -1)
	c.emit(asm.Ja.Label(done))
	c.label(ok)
	c.emit(asm.Mov.Reg(asm.R1, regCtx), asm.Add.Reg(asm.R1, asm.R0), asm.Mov.Reg(asm.R0, asm.R1))
	c.label(done)
}

// zeroAt stores size bytes of zeros at the address in R0 (a direct place,
// size a multiple of 8).
func (c *clauseGen) zeroAt(size int) {
	for i := 0; i < size; i += 8 {
		c.emit(storeImm64(asm.R0, int16(i), 0))
	}
}
