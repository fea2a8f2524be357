package check

import (
	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// ObjKind says what kind of entity a name refers to.
type ObjKind int

// Object kinds.
const (
	ObjBuiltin ObjKind = iota // a builtin variable: pid, execname, arg0, args[], ...
	ObjGlobal                 // a global variable or associative array
	ObjSelf                   // a thread-local variable or array (self->)
	ObjThis                   // a clause-local variable (this->)
	ObjInline                 // an inline
	ObjAgg                    // an aggregation
	ObjKernel                 // a kernel symbol (`name)
)

// Object is what a name in a program resolves to. There is one Object per
// entity for the life of a Checker, so later stages may use it as a map key.
// Its properties are read through methods because the first use of a
// variable or aggregation may still be fixing them while a program is
// checked.
type Object struct {
	kind ObjKind
	name string
	v    *variable
	a    *aggregation
	in   *inline
	t    *types.Type // builtins and kernel symbols
	kern Kernel      // kernel symbols: the kernel that knows them
}

// Kind returns the kind of entity.
func (o *Object) Kind() ObjKind { return o.kind }

// Name returns the entity's name as written (without "@", "self->"...).
func (o *Object) Name() string { return o.name }

// Type returns the value type: a variable's type, an array's element type,
// an inline's type. It is nil for aggregations.
func (o *Object) Type() *types.Type {
	switch {
	case o.v != nil:
		return o.v.typ
	case o.in != nil:
		return o.in.typ
	}
	return o.t
}

// SymbolAddress returns the address of a kernel symbol (ObjKernel), from
// the kernel's symbols (/proc/kallsyms, read on first use), and whether
// the kernel lists one.
func (o *Object) SymbolAddress() (uint64, bool) {
	a, ok := o.kern.(interface{ Address(string) (uint64, bool) })
	if o.kind != ObjKernel || !ok {
		return 0, false
	}
	return a.Address(o.name)
}

// SymbolPerCPU reports whether a kernel symbol (ObjKernel) is a per-CPU
// variable, whose address is an offset into each CPU's per-CPU area, and
// gives the address of the kernel's table of those areas' offsets by CPU
// (ok false when the kernel does not list one).
func (o *Object) SymbolPerCPU() (perCPU bool, table uint64, ok bool) {
	k, isK := o.kern.(interface {
		PerCPU(string) bool
		Address(string) (uint64, bool)
	})
	if o.kind != ObjKernel || !isK || !k.PerCPU(o.name) {
		return false, 0, false
	}
	table, ok = k.Address("__per_cpu_offset")
	return true, table, ok
}

// Assoc reports whether the object is an associative array.
func (o *Object) Assoc() bool { return o.v != nil && o.v.assoc }

// Keys returns the key types of an associative array or aggregation.
func (o *Object) Keys() []*types.Type {
	switch {
	case o.v != nil:
		return o.v.keys
	case o.a != nil:
		return o.a.keys
	}
	return nil
}

// AggFunc returns the aggregating function of an aggregation ("count",
// "quantize", ...).
func (o *Object) AggFunc() string {
	if o.a == nil {
		return ""
	}
	return o.a.fn
}

// Agg returns an aggregation's function and constant parameters, as the
// code generator lays its values out and the printer labels them; false
// for an object that is not an aggregation of a known function.
func (o *Object) Agg() (abi.Agg, bool) {
	if o.a == nil {
		return abi.Agg{}, false
	}
	fn, ok := abi.AggFuncNamed(o.a.fn)
	if !ok {
		return abi.Agg{}, false
	}
	return abi.NewAgg(fn, o.a.params), true
}

// AggParams returns the constant parameters of an lquantize (base, number
// of levels, step) or llquantize (factor, low, high, nsteps) aggregation.
func (o *Object) AggParams() []int64 {
	if o.a == nil {
		return nil
	}
	return o.a.params
}

// Inline returns an inline's value expression.
func (o *Object) Inline() ast.Expr {
	if o.in == nil {
		return nil
	}
	return o.in.value
}

// InlineParams returns the parameter names of an inline associative
// array, nil for a scalar inline.
func (o *Object) InlineParams() []string {
	if o.in == nil {
		return nil
	}
	return o.in.params
}

// use records that n refers to the object for v, creating it on first use.
func (c *Checker) useVar(n ast.Node, v *variable) {
	if v.obj == nil {
		kind := ObjGlobal
		switch v.scope {
		case ast.Self:
			kind = ObjSelf
		case ast.This:
			kind = ObjThis
		}
		v.obj = &Object{kind: kind, name: v.name, v: v}
	}
	c.info.Uses[n] = v.obj
}

func (c *Checker) useAgg(n ast.Node, a *aggregation) {
	if a.obj == nil {
		a.obj = &Object{kind: ObjAgg, name: a.name, a: a}
	}
	c.info.Uses[n] = a.obj
}

func (c *Checker) useInline(n ast.Node, in *inline) {
	if in.obj == nil {
		in.obj = &Object{kind: ObjInline, name: in.name, in: in}
	}
	c.info.Uses[n] = in.obj
}

// useKernel records that n names the kernel symbol name, of type t.
func (c *Checker) useKernel(n ast.Node, name string, t *types.Type) {
	o, ok := c.kernelObjs[name]
	if !ok {
		o = &Object{kind: ObjKernel, name: name, t: t, kern: c.cfg.Kernel}
		if c.kernelObjs == nil {
			c.kernelObjs = map[string]*Object{}
		}
		c.kernelObjs[name] = o
	}
	c.info.Uses[n] = o
}

// useBuiltin records that n names the builtin variable name, of type t.
// The Objects are the Checker's own: two Checkers may check programs at
// once.
func (c *Checker) useBuiltin(n ast.Node, name string, t *types.Type) {
	o, ok := c.builtinObjs[name]
	if !ok || o.t != t {
		o = &Object{kind: ObjBuiltin, name: name, t: t}
		if t == builtinVars[name].typ {
			if c.builtinObjs == nil {
				c.builtinObjs = map[string]*Object{}
			}
			c.builtinObjs[name] = o
		}
	}
	c.info.Uses[n] = o
}
