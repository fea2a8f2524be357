package types

// The special types of D's "D" container: what stack()/ustack() and the
// symbol functions return. The symbols' are integers underneath, but D
// gives them their own names and printing. A stack is a value of its own,
// dt_stack_t (struct dt_stack), as in DTrace for Linux 2.0.4: it may be
// stored in a variable and traced, printed or aggregated on later. Its
// bytes (abi.StackKey's slot) are not D's to read.
var (
	StackStruct  = &Type{Kind: Struct, Name: "dt_stack", Module: "D", Size: 16, Complete: true}
	StackType    = NewTypedef("dt_stack_t", "D", StackStruct)
	SymAddrType  = NewTypedef("_symaddr", "D", ULongType)
	USymAddrType = NewTypedef("_usymaddr", "D", ULongType)
	// CgroupPathType is what cgroup_path() returns: a cgroup's id that
	// the consumer shows as the cgroup's path, a string.
	CgroupPathType = NewTypedef("_cgroup_path", "D", ULongType)
)

// IsSpecial reports whether t is one of D's special types (stack,
// _symaddr, _usymaddr), which may be traced and used as aggregation keys but
// not used in arithmetic.
func (t *Type) IsSpecial() bool {
	for t != nil && t.Kind == Qualified {
		t = t.Elem
	}
	return t == StackType || t == StackStruct || t == SymAddrType || t == USymAddrType || t == CgroupPathType
}

// rank orders integers as DTrace's promotion does: by width, with an
// unsigned type ranking above the signed type of the same width.
func rank(t *Type) int64 {
	r := t.Resolve()
	if r.Kind == Enum {
		return 32
	}
	n := r.Size * 8
	if !r.Signed {
		n++
	}
	return n
}

// Arith returns the result type of a binary arithmetic operator applied to
// integers of types l and r, as DTrace computes it (dt_type_promote): the
// operand of greater rank, the left one on a tie, with an enum ranking as
// int. Unlike C, D promotes nothing to int: char + char is a char. The type
// returned keeps its typedef name (uint64_t stays uint64_t).
func Arith(l, r *Type) *Type {
	lr, rr := rank(l), rank(r)
	if l.Resolve().Kind == Enum {
		l = IntType
	}
	if r.Resolve().Kind == Enum {
		r = IntType
	}
	if rr > lr {
		return r
	}
	return l
}

// Same reports whether a and b are the same type once typedefs and
// qualifiers are removed: identical, or structurally equal pointers,
// arrays and functions, or integers of the same size and signedness.
func Same(a, b *Type) bool {
	a, b = a.Resolve(), b.Resolve()
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Int:
		return a.Size == b.Size && a.Signed == b.Signed && (a.Name == "_Bool") == (b.Name == "_Bool")
	case Float, Void:
		return a.Size == b.Size
	case String:
		return true
	case Pointer:
		return Same(a.Elem, b.Elem)
	case Array:
		return a.Len == b.Len && Same(a.Elem, b.Elem)
	case Func:
		if len(a.Params) != len(b.Params) || a.Variadic != b.Variadic || !Same(a.Elem, b.Elem) {
			return false
		}
		for i := range a.Params {
			if !Same(a.Params[i], b.Params[i]) {
				return false
			}
		}
		return true
	case Struct, Union, Enum:
		return a.Name != "" && a.Name == b.Name && a.Module == b.Module
	}
	return false
}

// PointerCompatible reports whether pointers (or arrays, which decay) of
// types a and b may be assigned and compared: one of them points to void,
// or they point to the same type.
func PointerCompatible(a, b *Type) bool {
	ae, ok1 := pointee(a)
	be, ok2 := pointee(b)
	if !ok1 || !ok2 {
		return false
	}
	if ae.IsVoid() || be.IsVoid() {
		return true
	}
	return Same(ae, be)
}

func pointee(t *Type) (*Type, bool) {
	r := t.Resolve()
	if r == nil {
		return nil, false
	}
	switch r.Kind {
	case Pointer, Array:
		return r.Elem, true
	}
	return nil, false
}

// Compatible reports whether a value of type src may be assigned to, or
// passed as, a value of type dst, with D's rules: any integer to any
// integer, strings and char arrays and pointers among themselves, special
// types only to themselves, compatible pointers, and equal types.
func Compatible(dst, src *Type) bool {
	if dst.IsSpecial() || src.IsSpecial() {
		return Same(dst, src) || (dst.IsInteger() && !dst.IsSpecial() && src.IsSpecial() && src != StackType)
	}
	if dst.IsInteger() && src.IsInteger() {
		return true
	}
	if dst.IsStringLike() && src.IsStringLike() {
		return true
	}
	if Same(dst, src) {
		return true
	}
	return PointerCompatible(dst, src)
}
