package ktypes

import "github.com/dtrace-go/dtrace/dscript/types"

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
	r      *raw
	memo   map[uint32]*types.Type
	recIDs map[*types.Type]uint32 // the BTF id of every record shell
	filled map[uint32]bool
	// dups holds the shells of records that share their tag with an
	// earlier definition (BTF deduplication leaves a few), by "struct
	// tag" or "union tag", so that asking for the tag completes them too.
	dups map[string][]*types.Type
}

func newConverter(r *raw) *converter {
	return &converter{
		r:      r,
		memo:   make(map[uint32]*types.Type, 256),
		recIDs: make(map[*types.Type]uint32, 64),
		filled: make(map[uint32]bool, 64),
		dups:   map[string][]*types.Type{},
	}
}

// typ returns the D type of BTF type id.
func (c *converter) typ(id uint32) *types.Type {
	if id == 0 {
		return types.VoidType
	}
	if t, ok := c.memo[id]; ok {
		return t
	}
	r := c.r
	if !r.valid(id) {
		// A dangling reference in a damaged blob: better an int than a
		// crash in the checker.
		return types.IntType
	}
	var t *types.Type
	switch r.kind(id) {
	case kindInt:
		t = c.intType(id)
	case kindPtr:
		t = &types.Type{Kind: types.Pointer, Size: 8}
		c.memo[id] = t
		t.Elem = c.typ(r.sizeType(id))
		if e := t.Elem.Resolve(); e.IsRecord() && e.Name == "" {
			c.fillValue(e)
		}
		return t
	case kindArray:
		elem := c.typ(r.word(id, 0))
		n := int64(r.word(id, 2))
		t = &types.Type{Kind: types.Array, Elem: elem, Len: n, Size: n * elem.Resolve().Size}
	case kindStruct, kindUnion:
		k, ns, kw := types.Struct, nsStruct, "struct "
		if r.kind(id) == kindUnion {
			k, ns, kw = types.Union, nsUnion, "union "
		}
		t = &types.Type{Kind: k, Name: r.name(id), Module: Module, Size: int64(r.sizeType(id))}
		c.recIDs[t] = id
		if t.Name != "" {
			if def, _ := r.lookup(ns, t.Name); def != id {
				c.dups[kw+t.Name] = append(c.dups[kw+t.Name], t)
			}
		}
	case kindFwd:
		name := r.name(id)
		k, ns := types.Struct, nsStruct
		if r.kflag(id) {
			k, ns = types.Union, nsUnion
		}
		if def, ok := r.lookup(ns, name); ok && def != id && !r.isDecl(def) {
			t = c.typ(def)
		} else {
			t = &types.Type{Kind: k, Name: name, Module: Module}
		}
	case kindEnum, kindEnum64:
		t = c.enumType(id)
	case kindTypedef:
		t = &types.Type{Kind: types.Typedef, Name: r.name(id), Module: Module}
		c.memo[id] = t
		t.Elem = c.typ(r.sizeType(id))
		t.Size = t.Elem.Resolve().Size
		return t
	case kindVolatile, kindConst, kindRestrict:
		q := types.Const
		switch r.kind(id) {
		case kindVolatile:
			q = types.Volatile
		case kindRestrict:
			q = types.Restrict
		}
		t = types.WithQual(c.typ(r.sizeType(id)), q)
	case kindTypeTag, kindFunc, kindVar:
		// Type tags (__rcu, __user) are annotations D has no use for; a
		// function's type is its prototype; a variable's is its type.
		t = c.typ(r.sizeType(id))
	case kindProto:
		t = c.funcType(id)
	case kindFloat:
		switch r.sizeType(id) {
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

const (
	intSigned = 1 << 0
	intChar   = 1 << 1
	intBool   = 1 << 2
)

func (c *converter) intType(id uint32) *types.Type {
	r := c.r
	size := int64(r.sizeType(id))
	if t, ok := cInts[r.str(le32(r.types, r.offs[id]))]; ok && t.Size == size {
		return t
	}
	enc := r.word(id, 0) >> 24
	return &types.Type{Kind: types.Int, Name: r.name(id), Module: Module, Size: size, Signed: enc&intSigned != 0}
}

func (c *converter) enumType(id uint32) *types.Type {
	r := c.r
	name := r.name(id)
	n := r.vlen(id)
	if n == 0 && name != "" {
		if def, ok := r.lookup(nsEnum, name); ok && def != id && !r.isDecl(def) {
			return c.typ(def)
		}
	}
	t := &types.Type{Kind: types.Enum, Name: name, Module: Module, Size: int64(r.sizeType(id)), Complete: n > 0}
	if n == 0 {
		t.Size = 0
		return t
	}
	signed := r.kflag(id)
	t.Enumerators = make([]types.Enumerator, n)
	if r.kind(id) == kindEnum {
		for i := uint32(0); i < n; i++ {
			v := r.word(id, 2*i+1)
			val := int64(v)
			if signed {
				val = int64(int32(v))
			}
			t.Enumerators[i] = types.Enumerator{Name: r.strCopy(r.word(id, 2*i)), Value: val}
		}
	} else {
		for i := uint32(0); i < n; i++ {
			lo, hi := r.word(id, 3*i+1), r.word(id, 3*i+2)
			t.Enumerators[i] = types.Enumerator{Name: r.strCopy(r.word(id, 3*i)), Value: int64(uint64(hi)<<32 | uint64(lo))}
		}
	}
	return t
}

func (c *converter) funcType(id uint32) *types.Type {
	r := c.r
	t := &types.Type{Kind: types.Func}
	c.memo[id] = t
	t.Elem = c.typ(r.sizeType(id))
	n := r.vlen(id)
	for i := uint32(0); i < n; i++ {
		pt := r.word(id, 2*i+1)
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
			}
		}
		return
	}
}

// fill converts the members of record t (BTF type id), filling the
// records it holds by value in turn. Containment by value has no cycles,
// so the recursion ends; pointers stop it.
func (c *converter) fill(t *types.Type, id uint32) {
	if c.filled[id] {
		return
	}
	c.filled[id] = true
	r := c.r
	n := r.vlen(id)
	kflag := r.kflag(id)
	ms := make([]types.Member, n)
	for i := uint32(0); i < n; i++ {
		nameOff, mtid, off := r.word(id, 3*i), r.word(id, 3*i+1), r.word(id, 3*i+2)
		var bits int
		bitOff := int64(off)
		if kflag {
			bits = int(off >> 24)
			bitOff = int64(off & 0xffffff)
		} else if w, o, ok := c.legacyBitfield(mtid); ok {
			bits = w
			bitOff += int64(o)
		}
		mt := c.typ(mtid)
		c.fillValue(mt)
		ms[i] = types.Member{Name: r.strCopy(nameOff), Type: mt, Offset: bitOff / 8, Bits: bits, BitOff: bitOff}
	}
	t.Members = ms
	t.Complete = true
}

// legacyBitfield reports the width and extra bit offset of a member whose
// integer type encodes them itself, as BTF did before kind_flag.
func (c *converter) legacyBitfield(id uint32) (int, uint32, bool) {
	r := c.r
	for r.valid(id) {
		switch r.kind(id) {
		case kindTypedef, kindVolatile, kindConst, kindRestrict, kindTypeTag:
			id = r.sizeType(id)
			continue
		case kindInt:
			enc := r.word(id, 0)
			width, off := enc&0xff, (enc>>16)&0xff
			if off != 0 || width != r.sizeType(id)*8 {
				return int(width), off, true
			}
		}
		return 0, 0, false
	}
	return 0, 0, false
}
