package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
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
	return true
}

// xlateInput evaluates the translator input name names in the
// innermost translation being compiled, and reports whether there is one.
func (c *clauseGen) xlateInput(name string) bool {
	for i := len(c.xlIn) - 1; i >= 0; i-- {
		b := c.xlIn[i]
		if b.name != name {
			continue
		}
		saved := c.xlIn
		c.xlIn = c.xlIn[:b.depth]
		c.expr(b.input)
		c.xlIn = saved
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
		c.launder(asm.R0)
		return placeMemory, true
	}
	return c.place(mx), true
}

// xlateWhole is what is not supported of translated data: using it other
// than by reading its members (assigning xlate<T *>(x) to a variable,
// tracing it whole, *curpsinfo).
const xlateWhole = "a translated struct as a whole (a clause may read its members)"
