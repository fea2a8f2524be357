package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Translators.
//
// As libdtrace does (dt_cg.c's translated member references), a
// translated struct is never built: a member read of translated data,
// xlate<T *>(x)->m, xlate<T>(x).m, or the same through an inline
// (curpsinfo->pr_pid) or a translated probe argument (args[0]->b_bcount),
// compiles the expression the translator gives for m, with the
// translator's input name bound to x. Only the members a clause reads are
// translated.
//
// Translated data used whole (trace(*curpsinfo), this->p = curpsinfo,
// xlate<T>(x) as a value) is translated as dt_cg.c's dt_cg_xlate_expand
// does: every member the translator defines is computed into a buffer of
// the translated type (the others are 0), which lives in the clause's
// scratch memory (as alloca's does, so that a pointer to it stays valid
// for the rest of the clause); the value is the buffer's address.

// xlBinding binds a translator's input name to the expression translated.
type xlBinding struct {
	name  string
	input ast.Expr
	// depth is the number of bindings in force where input is written:
	// it is evaluated with those only.
	depth int
}

// xlateBase reports whether x is translated data, and returns its
// translator and the expression translated.
func (c *clauseGen) xlateBase(x ast.Expr) (*check.Translator, ast.Expr, bool) {
	switch e := ast.Unparen(x).(type) {
	case *ast.Xlate:
		if tr := c.g.info.Xlators[e]; tr != nil {
			return tr, e.X, true
		}
	case *ast.Index:
		if tr := c.g.info.Xlators[e]; tr != nil {
			// A translated probe argument: args[i] itself reads the
			// native value.
			return tr, e, true
		}
	case *ast.Ident:
		if o := c.g.info.Uses[e]; o != nil && o.Kind() == check.ObjInline {
			return c.xlateBase(o.Inline())
		}
	}
	return nil, nil, false
}

// xlateMember compiles x when it reads a member of translated data, and
// reports whether it did.
func (c *clauseGen) xlateMember(x *ast.Member) bool {
	tr, input, ok := c.xlateBase(x.X)
	if !ok {
		return false
	}
	mx := tr.Members[x.Name]
	if mx == nil {
		c.fail(x, "member "+x.Name+" of translated data")
	}
	c.xlIn = append(c.xlIn, xlBinding{name: tr.InputName, input: input, depth: len(c.xlIn)})
	c.expr(mx)
	c.xlIn = c.xlIn[:len(c.xlIn)-1]
	c.typecast(c.typeOf(mx), c.typeOf(x))
	c.fitString(c.typeOf(mx), c.typeOf(x))
	return true
}

// fitString truncates the string in R0, of type from, to what the char
// array type to holds (its size less the NUL), as storing it there would
// (pr_psargs: 79 characters of the arguments); other types are left.
func (c *clauseGen) fitString(from, to *types.Type) {
	r := to.Resolve()
	if !from.IsString() || r == nil || r.Kind != types.Array || !r.Elem.IsCharLike() || r.Len <= 0 || r.Len >= int64(c.strSize()) {
		return
	}
	dst := c.temp(c.strSize())
	c.readStr(dst, int(r.Len), asm.R0)
	c.resultStr(dst)
}

// xlateInput evaluates the translator input name names in the
// innermost translation being compiled, and reports whether there is one.
func (c *clauseGen) xlateInput(name string) bool {
	for i := len(c.xlIn) - 1; i >= 0; i-- {
		b := c.xlIn[i]
		if b.name != name {
			continue
		}
		saved, raw := c.xlIn, c.xlRaw
		// Capped: the bindings the input's compilation appends
		// must not overwrite those above depth, restored after.
		c.xlIn = c.xlIn[:b.depth:b.depth]
		c.xlRaw = b.input // a translated argument's native value
		c.expr(b.input)
		c.xlIn, c.xlRaw = saved, raw
		return true
	}
	return false
}

// xlatePlace leaves in R0 the address of the member x of translated data
// (an array or struct member: its translator's expression is an lvalue,
// or a string), and reports whether x is one.
func (c *clauseGen) xlatePlace(x *ast.Member) (placeKind, bool) {
	tr, input, ok := c.xlateBase(x.X)
	if !ok {
		return 0, false
	}
	mx := tr.Members[x.Name]
	if mx == nil {
		c.fail(x, "member "+x.Name+" of translated data")
	}
	c.xlIn = append(c.xlIn, xlBinding{name: tr.InputName, input: input, depth: len(c.xlIn)})
	defer func() { c.xlIn = c.xlIn[:len(c.xlIn)-1] }()
	if c.typeOf(mx).IsString() {
		c.expr(mx)
		c.fitString(c.typeOf(mx), c.typeOf(x))
		c.launder(asm.R0)
		return placeMemory, true
	}
	return c.place(mx), true
}

// xlateValue compiles translated data used whole: x, translated by tr
// from input, becomes the address of a buffer of tr's output type holding
// every member tr defines (see above). R0-R5 are clobbered.
func (c *clauseGen) xlateValue(x ast.Expr, tr *check.Translator, input ast.Expr) {
	st := tr.Out.Resolve()
	if st == nil || (st.Kind != types.Struct && st.Kind != types.Union) || st.Size <= 0 {
		c.fail(x, "translated data of type "+tr.Out.String())
	}
	size := align8(int(st.Size))
	buf := c.temp(size)
	c.zero(buf, size)
	c.xlIn = append(c.xlIn, xlBinding{name: tr.InputName, input: input, depth: len(c.xlIn)})
	for _, m := range st.Members {
		mx := tr.Members[m.Name]
		if mx == nil {
			continue
		}
		mt, xt := m.Type, c.typeOf(mx)
		off := buf + int(m.Offset)
		switch r := mt.Resolve(); {
		case m.Bits != 0:
			c.fail(mx, "a translated bit-field member")
		case isRegValue(mt):
			c.expr(mx)
			c.typecast(xt, mt)
			c.store(regCtx, int16(off), asm.R0, mt)
		case r.Kind == types.Array || r.Kind == types.Struct || r.Kind == types.Union:
			// A string, or a char array (the kernel's, or a string
			// copy of it), up to the member's size and NUL-terminated
			// within it; another array or a struct byte for byte.
			fn := asm.FnProbeReadKernel
			if xt.IsString() || (isArray(xt) && xt.Resolve().Elem.IsCharLike()) {
				fn = asm.FnProbeReadKernelStr
			}
			c.expr(mx)
			c.emit(asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, int32(r.Size)))
			c.scratchAddr(asm.R1, off)
			c.call(fn)
		default:
			c.fail(mx, "a translated member of type "+mt.String())
		}
	}
	c.xlIn = c.xlIn[:len(c.xlIn)-1]
	// The buffer moves to the clause's scratch memory.
	c.emit(asm.Mov.Imm(asm.R0, int32(size)))
	c.alloc(x)
	addr := c.temp(8)
	c.stSlot(addr, asm.R0)
	c.allocaAccess(x, addr, int64(size), -1)
	c.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Imm(asm.R2, int32(size)))
	c.scratchAddr(asm.R3, buf)
	c.call(asm.FnProbeReadKernel)
	c.ldSlot(asm.R0, addr)
}
