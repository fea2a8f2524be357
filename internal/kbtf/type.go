package kbtf

import (
	"strings"
	"unsafe"
)

// Type is one type of a Spec, read in place from the BTF: a small value,
// cheap to make and copy. The zero Type is void. Accessors that do not
// apply to a type's kind return zero values.
type Type struct {
	s   *Spec // the Spec whose type section holds it; nil for void
	id  TypeID
	off uint32 // its offset in s.types
}

// ID returns the type's id.
func (t Type) ID() TypeID { return t.id }

func (t Type) info() uint32 {
	if t.s == nil {
		return 0
	}
	return le32(t.s.types, t.off+4)
}

// word returns the i-th 32-bit word after the type's fixed part, which the
// index pass found within the type section for every i the kind has.
func (t Type) word(i uint32) uint32 { return le32(t.s.types, t.off+typeSize+4*i) }

// Kind returns the type's kind.
func (t Type) Kind() Kind { return Kind(t.info() >> 24 & 0x1f) }

// Vlen returns the number of members, enumerators or parameters: the vlen
// field.
func (t Type) Vlen() int { return int(t.info() & 0xffff) }

// KindFlag returns the kind_flag bit: a union for KindFwd, bitfield sizes
// in member offsets for structs and unions, signed values for enums.
func (t Type) KindFlag() bool { return t.info()&(1<<31) != 0 }

// Name returns the type's name ("" when it has none); a type or
// declaration tag's name is its value (rcu, user).
func (t Type) Name() string {
	if t.s == nil {
		return ""
	}
	return cloneString(t.s.str(le32(t.s.types, t.off)))
}

// HasName reports whether the type is called name, without copying its
// name.
func (t Type) HasName(name string) bool {
	if t.s == nil {
		return name == ""
	}
	return t.s.str(le32(t.s.types, t.off)) == name
}

// Size returns the size in bytes of an int, struct, union, enum, float or
// datasec.
func (t Type) Size() uint32 {
	switch t.Kind() {
	case KindInt, KindStruct, KindUnion, KindEnum, KindEnum64, KindFloat, KindDatasec:
		return le32(t.s.types, t.off+8)
	}
	return 0
}

// Ref returns the type t refers to: the target of a pointer, typedef,
// qualifier or type tag, the prototype of a function, the return type of
// a prototype, the type of a variable, the type a declaration tag
// annotates.
func (t Type) Ref() TypeID {
	switch t.Kind() {
	case KindPtr, KindTypedef, KindVolatile, KindConst, KindRestrict, KindFunc,
		KindFuncProto, KindVar, KindTypeTag, KindDeclTag:
		return TypeID(le32(t.s.types, t.off+8))
	}
	return 0
}

// Integer encodings (the bits of IntInfo.Encoding).
const (
	IntSigned = 1 << 0
	IntChar   = 1 << 1
	IntBool   = 1 << 2
)

// IntInfo is what BTF says of an integer type beyond its size.
type IntInfo struct {
	Encoding uint8 // IntSigned, IntChar, IntBool
	// Offset and Bits are the bit offset and width of the value in its
	// Size bytes: 0 and 8*Size, but for the bitfields of old BTF.
	Offset, Bits uint32
}

// Int returns what t, a KindInt, says of its value.
func (t Type) Int() IntInfo {
	if t.Kind() != KindInt {
		return IntInfo{}
	}
	w := t.word(0)
	return IntInfo{Encoding: uint8(w >> 24 & 0xf), Offset: w >> 16 & 0xff, Bits: w & 0xff}
}

// ArrayInfo is what BTF says of an array type.
type ArrayInfo struct {
	Elem, Index TypeID
	Nelems      uint32
}

// Array returns what t, a KindArray, says of its elements.
func (t Type) Array() ArrayInfo {
	if t.Kind() != KindArray {
		return ArrayInfo{}
	}
	return ArrayInfo{Elem: TypeID(t.word(0)), Index: TypeID(t.word(1)), Nelems: t.word(2)}
}

// Member is a member of a struct or union.
type Member struct {
	Name string
	Type TypeID
	// Offset is the member's offset in bits; BitfieldSize its width in
	// bits when the record's kind_flag says so, else 0 (old BTF encodes
	// bitfields in the member's integer type: see Int).
	Offset, BitfieldSize uint32
}

// Member returns member i (0 <= i < Vlen) of t, a struct or union.
func (t Type) Member(i int) Member {
	k := t.Kind()
	if k != KindStruct && k != KindUnion || i < 0 || i >= t.Vlen() {
		return Member{}
	}
	j := 3 * uint32(i)
	m := Member{Name: cloneString(t.s.str(t.word(j))), Type: TypeID(t.word(j + 1)), Offset: t.word(j + 2)}
	if t.KindFlag() {
		m.BitfieldSize = m.Offset >> 24
		m.Offset &= 0xffffff
	}
	return m
}

// Enumerator returns enumerator i (0 <= i < Vlen) of t, an enum: its name
// and value, sign-extended when the enum's kind_flag says it is signed
// (32-bit enums; a 64-bit enum's value is returned as its bits).
func (t Type) Enumerator(i int) (string, int64) {
	if i < 0 || i >= t.Vlen() {
		return "", 0
	}
	switch t.Kind() {
	case KindEnum:
		j := 2 * uint32(i)
		v := t.word(j + 1)
		val := int64(v)
		if t.KindFlag() {
			val = int64(int32(v))
		}
		return cloneString(t.s.str(t.word(j))), val
	case KindEnum64:
		j := 3 * uint32(i)
		lo, hi := t.word(j+1), t.word(j+2)
		return cloneString(t.s.str(t.word(j))), int64(uint64(hi)<<32 | uint64(lo))
	}
	return "", 0
}

// Param returns the type of parameter i (0 <= i < Vlen) of t, a function
// prototype; a last parameter of type 0 (void) stands for "...".
func (t Type) Param(i int) TypeID {
	if t.Kind() != KindFuncProto || i < 0 || i >= t.Vlen() {
		return 0
	}
	return TypeID(t.word(2*uint32(i) + 1))
}

// ParamName returns the name of parameter i of t, a function prototype.
func (t Type) ParamName(i int) string {
	if t.Kind() != KindFuncProto || i < 0 || i >= t.Vlen() {
		return ""
	}
	return cloneString(t.s.str(t.word(2 * uint32(i))))
}

// VarSecinfo is a variable of a data section: the VAR and where in the
// section it lies.
type VarSecinfo struct {
	Var          TypeID
	Offset, Size uint32
}

// Var returns variable i (0 <= i < Vlen) of t, a datasec.
func (t Type) Var(i int) VarSecinfo {
	if t.Kind() != KindDatasec || i < 0 || i >= t.Vlen() {
		return VarSecinfo{}
	}
	j := 3 * uint32(i)
	return VarSecinfo{Var: TypeID(t.word(j)), Offset: t.word(j + 1), Size: t.word(j + 2)}
}

// unsafeString returns b as a string without copying it.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// cloneString copies s out of the BTF's memory.
func cloneString(s string) string { return strings.Clone(s) }
