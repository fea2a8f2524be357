package codegen

import (
	"strconv"

	"github.com/cilium/ebpf/asm"

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

// valueSize is the bytes a value of type t takes in a variable.
func (g *gen) valueSize(t *types.Type) int {
	if t.IsString() {
		return align8(g.opts.StrSize)
	}
	return align8(int(t.Resolve().Size))
}

// keySize is the bytes a key of type t takes in a map key.
func (g *gen) keySize(t *types.Type) int {
	if t.IsString() {
		return align8(g.opts.StrSize)
	}
	return 8
}

// variable returns the storage of o, allocating it on first use.
func (c *clauseGen) variable(n ast.Node, o *check.Object) *varInfo {
	g := c.g
	if v, ok := g.vars[o]; ok {
		return v
	}
	t := o.Type()
	if !t.IsScalar() && !t.IsString() {
		c.fail(n, "a variable of type "+t.String())
	}
	v := &varInfo{obj: o, size: g.valueSize(t)}
	switch {
	case o.Assoc():
		for _, k := range o.Keys() {
			if !k.IsScalar() && !k.IsString() {
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
			ValueSize: v.size, MaxEntries: 65536, Object: o})
	case o.Kind() == check.ObjThis:
		if g.thisSize+v.size > thisRegion {
			c.fail(n, "this many clause-local variables")
		}
		v.off = g.scratchBase + g.thisSize
		g.thisSize += v.size
	default:
		v.off = g.globOff
		g.globOff += v.size
	}
	g.vars[o] = v
	return v
}

// tempBase is where the scratch temporaries start.
func (g *gen) tempBase() int { return g.scratchBase + thisRegion + recordRegion }

// loadVar loads a scalar variable (global, self->, this->) into R0: its
// value, or for a string its address.
func (c *clauseGen) loadVar(n ast.Node, o *check.Object) {
	if o == nil {
		c.fail(n, "this reference")
	}
	v := c.variable(n, o)
	t := o.Type()
	switch {
	case v.mapName != "":
		c.mapKey(n, v, nil)
		c.mapLookup(v, t)
	case o.Kind() == check.ObjThis:
		if t.IsString() {
			c.emit(asm.Mov.Reg(asm.R0, regCtx), asm.Add.Imm(asm.R0, int32(v.off)))
			return
		}
		c.load(asm.R0, regCtx, int16(v.off), t)
	default:
		if t.IsString() {
			c.emit(asm.Mov.Reg(asm.R0, regGlobals), asm.Add.Imm(asm.R0, int32(v.off)))
			return
		}
		c.load(asm.R0, regGlobals, int16(v.off), t)
	}
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
	for _, k := range keys {
		kt := c.typeOf(k)
		c.expr(k)
		if kt.IsString() || kt.IsStringLike() {
			c.emit(asm.Mov.Reg(asm.R6, asm.R0))
			c.copyStr(pos, asm.R6)
			pos += c.g.keySize(types.StringType)
			continue
		}
		c.emit(asm.StoreMem(regCtx, int16(pos), asm.R0, asm.DWord))
		pos += 8
	}
	c.key = off
}

// mapLookup looks v up by the key at R9+c.key and loads its value into
// R0: 0 (or "") when absent.
func (c *clauseGen) mapLookup(v *varInfo, t *types.Type) {
	c.mapPtr(asm.R1, v.mapName)
	c.emit(asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(c.key)))
	c.call(asm.FnMapLookupElem)
	found, end := c.newLabel(), c.newLabel()
	c.emit(asm.JNE.Imm(asm.R0, 0, found))
	if t.IsString() {
		c.stringConst("")
	} else {
		c.emit(asm.Mov.Imm(asm.R0, 0))
	}
	c.emit(asm.Ja.Label(end))
	c.label(found)
	if !t.IsString() {
		c.load(asm.R0, asm.R0, 0, t)
	}
	c.label(end)
}

// index evaluates an associative-array element or args[n].
func (c *clauseGen) index(x *ast.Index) {
	o := c.g.info.Uses[x]
	if o == nil {
		c.fail(x, "indexing a pointer or array")
	}
	if o.Kind() == check.ObjBuiltin {
		if id, ok := x.X.(*ast.Ident); ok && id.Name == "args" {
			if i, ok := c.constOf(x.Index[0]); ok && i >= 0 && i < 10 {
				c.builtin(x, "arg"+strconv.Itoa(int(i)))
				return
			}
		}
		c.fail(x, "this builtin array")
	}
	v := c.variable(x, o)
	c.mapKey(x, v, x.Index)
	c.mapLookup(v, o.Type())
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
	if o == nil || o.Kind() == check.ObjBuiltin {
		c.fail(x, "assignment to this kind of lvalue")
	}
	t := o.Type()
	v := c.variable(x, o)
	if x.Op != ast.AssignOp {
		// x op= y is x = x op y.
		c.expr(lx)
		c.push(x)
		c.expr(x.Y)
		c.emit(asm.Mov.Reg(asm.R1, asm.R0))
		c.pop(asm.R0)
		r1 := asm.R1
		c.arith(x, x.Op.Base(), asm.R0, &r1, 0, t, c.typeOf(x.Y))
		c.normalize(asm.R0, t)
	} else {
		c.expr(x.Y)
		if t.IsInteger() {
			c.normalize(asm.R0, t)
		}
	}
	c.storeVar(x, v, t, keys, x.Op == ast.AssignOp && c.isZero(x.Y))
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
			c.mapPtr(asm.R1, v.mapName)
			c.emit(asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(c.key)))
			c.call(asm.FnMapDeleteElem)
			c.emit(asm.Mov.Imm(asm.R0, 0))
			return
		}
		val := c.temp(v.size)
		if t.IsString() {
			c.copyStr(val, asm.R6)
		} else {
			c.emit(asm.StoreMem(regCtx, int16(val), asm.R6, asm.DWord))
		}
		c.mapPtr(asm.R1, v.mapName)
		c.emit(
			asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(c.key)),
			asm.Mov.Reg(asm.R3, regCtx), asm.Add.Imm(asm.R3, int32(val)),
			asm.Mov.Imm(asm.R4, 0),
		)
		c.call(asm.FnMapUpdateElem)
		c.emit(asm.Mov.Reg(asm.R0, asm.R6))
	case v.obj.Kind() == check.ObjThis:
		if t.IsString() {
			c.emit(asm.Mov.Reg(asm.R6, asm.R0))
			c.copyStr(v.off, asm.R6)
			c.emit(asm.Mov.Reg(asm.R0, asm.R6))
			return
		}
		c.store(regCtx, int16(v.off), asm.R0, t)
	default:
		if t.IsString() {
			c.emit(asm.Mov.Reg(asm.R6, asm.R0))
			c.emit(asm.Mov.Reg(asm.R1, regGlobals), asm.Add.Imm(asm.R1, int32(v.off)),
				asm.Mov.Imm(asm.R2, int32(c.g.opts.StrSize)), asm.Mov.Reg(asm.R3, asm.R6))
			c.call(asm.FnProbeReadKernelStr)
			c.emit(asm.Mov.Reg(asm.R0, asm.R6))
			return
		}
		c.store(regGlobals, int16(v.off), asm.R0, t)
	}
}

// incdec evaluates ++ and -- on a variable.
func (c *clauseGen) incdec(x *ast.Unary) {
	delta := int64(1)
	if x.Op == ast.PreDec || x.Op == ast.PostDec {
		delta = -1
	}
	lx := ast.Unparen(x.X)
	o := c.g.info.Uses[lx]
	var keys []ast.Expr
	if ix, ok := lx.(*ast.Index); ok {
		keys = ix.Index
	}
	if o == nil || o.Kind() == check.ObjBuiltin || !o.Type().IsInteger() {
		c.fail(x, "operator "+x.Op.String()+" on this operand")
	}
	t := o.Type()
	v := c.variable(x, o)
	c.expr(lx)
	c.push(x) // the old value
	c.emit(asm.Add.Imm(asm.R0, int32(delta)))
	c.normalize(asm.R0, t)
	c.storeVar(x, v, t, keys, false)
	if x.Op == ast.PostInc || x.Op == ast.PostDec {
		c.pop(asm.R0)
	} else {
		c.depth--
	}
}
