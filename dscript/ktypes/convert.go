package ktypes

import (
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/internal/kbtf"
)

// Module is the container name of every type converted from vmlinux BTF.
const Module = "vmlinux"

// converter turns BTF types into D types on demand, memoizing by BTF id.
//
// Structs and unions are created as shells (name, size, Complete false)
// and filled only when needed: when asked for by name, or when a record
// being filled contains them by value. A pointer to a named record thus
// costs one shell, and the kernel's type graph is never walked as a whole.
// Anonymous records cannot be asked for by name, so they are filled with
// the type that reaches them.
type converter struct {
	r *raw
	// base, for a module's split BTF, converts the kernel's types (the
	// ids below first), so that a module's types refer to the very
	// records the kernel's do.
	base   *converter
	first  kbtf.TypeID
	memo   map[kbtf.TypeID]*types.Type
	recIDs map[*types.Type]kbtf.TypeID // the BTF id of every record shell
	filled map[kbtf.TypeID]bool
	// dups holds the shells of records that share their tag with an
	// earlier definition (BTF deduplication leaves a few), by "struct
	// tag" or "union tag", so that asking for the tag completes them too.
	dups map[string][]*types.Type
}

func newConverter(r *raw) *converter {
	return &converter{
		r:      r,
		memo:   make(map[kbtf.TypeID]*types.Type, 256),
		recIDs: make(map[*types.Type]kbtf.TypeID, 64),
		filled: make(map[kbtf.TypeID]bool, 64),
		dups:   map[string][]*types.Type{},
	}
}

// typ returns the D type of BTF type id.
func (c *converter) typ(id kbtf.TypeID) *types.Type {
	if id == 0 {
		return types.VoidType
	}
	if c.base != nil && id < c.first {
		return c.base.typ(id)
	}
	if t, ok := c.memo[id]; ok {
		return t
	}
	r := c.r
	bt, ok := r.Type(id)
	if !ok {
		// A dangling reference in a damaged blob: better an int than a
		// crash in the checker.
		return types.IntType
	}
	var t *types.Type
	switch bt.Kind() {
	case kbtf.KindInt:
		t = c.intType(bt)
	case kbtf.KindPtr:
		t = &types.Type{Kind: types.Pointer, Size: 8}
		c.memo[id] = t
		t.Elem = c.typ(bt.Ref())
		if e := t.Elem.Resolve(); e.IsRecord() && e.Name == "" {
			c.fillValue(e)
		}
		return t
	case kbtf.KindArray:
		a := bt.Array()
		elem := c.typ(a.Elem)
		n := int64(a.Nelems)
		t = &types.Type{Kind: types.Array, Elem: elem, Len: n, Size: n * elem.Resolve().Size}
	case kbtf.KindStruct, kbtf.KindUnion:
		k, ns, kw := types.Struct, nsStruct, "struct "
		if bt.Kind() == kbtf.KindUnion {
			k, ns, kw = types.Union, nsUnion, "union "
		}
		t = &types.Type{Kind: k, Name: bt.Name(), Module: Module, Size: int64(bt.Size())}
		c.recIDs[t] = id
		if t.Name != "" {
			if def, _ := r.lookup(ns, t.Name); def != id {
				c.dups[kw+t.Name] = append(c.dups[kw+t.Name], t)
			}
		}
	case kbtf.KindFwd:
		name := bt.Name()
		k, ns := types.Struct, nsStruct
		if bt.KindFlag() {
			k, ns = types.Union, nsUnion
		}
		if def, ok := r.lookup(ns, name); ok && def != id && !r.isDecl(def) {
			t = c.typ(def)
		} else {
			t = &types.Type{Kind: k, Name: name, Module: Module}
		}
	case kbtf.KindEnum, kbtf.KindEnum64:
		t = c.enumType(bt)
	case kbtf.KindTypedef:
		t = &types.Type{Kind: types.Typedef, Name: bt.Name(), Module: Module}
		c.memo[id] = t
		t.Elem = c.typ(bt.Ref())
		t.Size = t.Elem.Resolve().Size
		return t
	case kbtf.KindVolatile, kbtf.KindConst, kbtf.KindRestrict:
		q := types.Const
		switch bt.Kind() {
		case kbtf.KindVolatile:
			q = types.Volatile
		case kbtf.KindRestrict:
			q = types.Restrict
		}
		t = types.WithQual(c.typ(bt.Ref()), q)
	case kbtf.KindTypeTag, kbtf.KindFunc, kbtf.KindVar:
		// Type tags (__rcu, __user) are annotations D has no use for; a
		// function's type is its prototype; a variable's is its type.
		t = c.typ(bt.Ref())
	case kbtf.KindFuncProto:
		t = c.funcType(id, bt)
	case kbtf.KindFloat:
		switch bt.Size() {
		case 4:
			t = types.FloatType
		case 8:
			t = types.DoubleType
		default:
			t = types.LDoubleType
		}
	default: // DATASEC, DECL_TAG: not types of values
		t = types.VoidType
	}
	c.memo[id] = t
	return t
}

// cInts maps the integer names compilers put in BTF to D's C types.
var cInts = map[string]*types.Type{
	"char":                   types.CharType,
	"signed char":            types.SCharType,
	"unsigned char":          types.UCharType,
	"short":                  types.ShortType,
	"short int":              types.ShortType,
	"short unsigned int":     types.UShortType,
	"unsigned short":         types.UShortType,
	"int":                    types.IntType,
	"unsigned int":           types.UIntType,
	"long":                   types.LongType,
	"long int":               types.LongType,
	"long unsigned int":      types.ULongType,
	"unsigned long":          types.ULongType,
	"long long":              types.LongLongType,
	"long long int":          types.LongLongType,
	"long long unsigned int": types.ULongLongType,
	"unsigned long long":     types.ULongLongType,
	"_Bool":                  types.BoolType,
}

func (c *converter) intType(bt kbtf.Type) *types.Type {
	size := int64(bt.Size())
	if t, ok := cInts[bt.Name()]; ok && t.Size == size {
		return t
	}
	return &types.Type{Kind: types.Int, Name: bt.Name(), Module: Module, Size: size, Signed: bt.Int().Encoding&kbtf.IntSigned != 0}
}

func (c *converter) enumType(bt kbtf.Type) *types.Type {
	r := c.r
	name := bt.Name()
	n := bt.Vlen()
	if n == 0 && name != "" {
		if def, ok := r.lookup(nsEnum, name); ok && def != bt.ID() && !r.isDecl(def) {
			return c.typ(def)
		}
	}
	t := &types.Type{Kind: types.Enum, Name: name, Module: Module, Size: int64(bt.Size()), Complete: n > 0}
	if n == 0 {
		t.Size = 0
		return t
	}
	t.Enumerators = make([]types.Enumerator, n)
	for i := range n {
		name, val := bt.Enumerator(i)
		t.Enumerators[i] = types.Enumerator{Name: name, Value: val}
	}
	return t
}

func (c *converter) funcType(id kbtf.TypeID, bt kbtf.Type) *types.Type {
	t := &types.Type{Kind: types.Func}
	c.memo[id] = t
	t.Elem = c.typ(bt.Ref())
	n := bt.Vlen()
	for i := range n {
		pt := bt.Param(i)
		if pt == 0 && i == n-1 {
			t.Variadic = true
			break
		}
		t.Params = append(t.Params, c.typ(pt))
	}
	return t
}

// fillValue fills the record that t is, or is an array of, through
// typedefs and qualifiers: what a value of type t needs to be laid out.
func (c *converter) fillValue(t *types.Type) {
	for t != nil {
		switch t.Kind {
		case types.Typedef, types.Qualified, types.Array:
			t = t.Elem
			continue
		case types.Struct, types.Union:
			if id, ok := c.recIDs[t]; ok {
				c.fill(t, id)
			} else if c.base != nil {
				c.base.fillValue(t)
			}
		}
		return
	}
}

// fill converts the members of record t (BTF type id), filling the
// records it holds by value in turn. Containment by value has no cycles,
// so the recursion ends; pointers stop it.
func (c *converter) fill(t *types.Type, id kbtf.TypeID) {
	if c.filled[id] {
		return
	}
	c.filled[id] = true
	bt, _ := c.r.Type(id)
	n := bt.Vlen()
	ms := make([]types.Member, n)
	for i := range n {
		m := bt.Member(i)
		bits := int(m.BitfieldSize)
		bitOff := int64(m.Offset)
		if !bt.KindFlag() {
			if w, o, ok := c.legacyBitfield(m.Type); ok {
				bits = w
				bitOff += int64(o)
			}
		}
		mt := c.typ(m.Type)
		c.fillValue(mt)
		ms[i] = types.Member{Name: m.Name, Type: mt, Offset: bitOff / 8, Bits: bits, BitOff: bitOff}
	}
	t.Members = ms
	t.Complete = true
}

// legacyBitfield reports the width and extra bit offset of a member whose
// integer type encodes them itself, as BTF did before kind_flag. It looks
// through at most 32 typedefs and qualifiers, which ends a loop of them in
// damaged BTF.
func (c *converter) legacyBitfield(id kbtf.TypeID) (int, uint32, bool) {
	for range 32 {
		bt, ok := c.r.Type(id)
		if !ok {
			return 0, 0, false
		}
		switch bt.Kind() {
		case kbtf.KindTypedef, kbtf.KindVolatile, kbtf.KindConst, kbtf.KindRestrict, kbtf.KindTypeTag:
			id = bt.Ref()
			continue
		case kbtf.KindInt:
			in := bt.Int()
			if in.Offset != 0 || in.Bits != bt.Size()*8 {
				return int(in.Bits), in.Offset, true
			}
		}
		return 0, 0, false
	}
	return 0, 0, false
}
