// Package types is D's type system: the integer, pointer, array, string,
// struct, union, enum, function and typedef types of D programs, their
// names as DTrace prints them, and the conversion rules of D.
//
// A *Type is immutable once built, except that an incomplete struct, union
// or enum is completed in place when its definition is seen (as a C forward
// declaration is). Types are compared by identity after Resolve, except
// where the functions below say otherwise.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package types

import (
	"strconv"
	"strings"
)

// Kind is the kind of a type.
type Kind uint8

// Kinds.
const (
	Invalid Kind = iota
	Void
	Int // integers of every size and signedness, char and _Bool included
	Float
	Pointer
	Array
	String // D's string: a NUL-terminated byte array of strsize bytes
	Struct
	Union
	Enum
	Func
	Typedef
	Qualified // const/volatile/restrict around Elem
)

// Qual is a set of type qualifiers.
type Qual uint8

// Qualifiers.
const (
	Const Qual = 1 << iota
	Volatile
	Restrict
)

// Member is a member of a struct or union. Bits is non-zero for a
// bitfield, and then BitOff is its offset in bits from the record's start;
// Offset is always the byte offset.
type Member struct {
	Name   string
	Type   *Type
	Offset int64
	Bits   int
	BitOff int64
}

// Enumerator is a named constant of an enum.
type Enumerator struct {
	Name  string
	Value int64
}

// Type is a D type.
type Type struct {
	Kind   Kind
	Name   string // integers, floats: the C name; records, enums: the tag; typedefs: the name
	Module string // the container it came from: "D", "C", "vmlinux", or "" for the script's own
	Size   int64  // in bytes; 0 for void, functions and incomplete types
	Signed bool   // integers

	Elem *Type // Pointer, Array, Typedef, Qualified: the type it derives from; Func: the return type
	Len  int64 // Array: the number of elements
	Qual Qual  // Qualified

	Members     []Member     // Struct, Union
	Enumerators []Enumerator // Enum
	Complete    bool         // Struct, Union, Enum: the body has been seen

	Params   []*Type // Func
	Variadic bool    // Func
}

// The predefined types. Their names are the canonical C spellings.
var (
	VoidType      = &Type{Kind: Void, Name: "void", Module: "C"}
	CharType      = intType("char", 1, true)
	SCharType     = intType("signed char", 1, true)
	UCharType     = intType("unsigned char", 1, false)
	ShortType     = intType("short", 2, true)
	UShortType    = intType("unsigned short", 2, false)
	IntType       = intType("int", 4, true)
	UIntType      = intType("unsigned int", 4, false)
	LongType      = intType("long", 8, true)
	ULongType     = intType("unsigned long", 8, false)
	LongLongType  = intType("long long", 8, true)
	ULongLongType = intType("unsigned long long", 8, false)
	BoolType      = intType("_Bool", 1, false)
	FloatType     = &Type{Kind: Float, Name: "float", Size: 4, Module: "C"}
	DoubleType    = &Type{Kind: Float, Name: "double", Size: 8, Module: "C"}
	LDoubleType   = &Type{Kind: Float, Name: "long double", Size: 16, Module: "C"}

	// StringType is D's string with the default strsize of 256. A program
	// compiled with another strsize uses NewString.
	StringType = NewString(256)
)

func intType(name string, size int64, signed bool) *Type {
	return &Type{Kind: Int, Name: name, Size: size, Signed: signed, Module: "C"}
}

// NewString returns D's string type for the given strsize.
func NewString(strsize int64) *Type {
	return &Type{Kind: String, Name: "string", Size: strsize, Module: "D", Elem: CharType, Len: strsize}
}

// PointerTo returns a pointer to t.
func PointerTo(t *Type) *Type { return &Type{Kind: Pointer, Elem: t, Size: 8} }

// ArrayOf returns an array of n elements of t.
func ArrayOf(t *Type, n int64) *Type {
	return &Type{Kind: Array, Elem: t, Len: n, Size: n * t.Resolve().Size}
}

// NewTypedef returns a typedef named name of t.
func NewTypedef(name, module string, t *Type) *Type {
	return &Type{Kind: Typedef, Name: name, Module: module, Elem: t, Size: t.Resolve().Size}
}

// WithQual returns t qualified by q (t itself when q is empty).
func WithQual(t *Type, q Qual) *Type {
	if q == 0 {
		return t
	}
	if t.Kind == Qualified {
		return &Type{Kind: Qualified, Elem: t.Elem, Qual: t.Qual | q, Size: t.Size}
	}
	return &Type{Kind: Qualified, Elem: t, Qual: q, Size: t.Resolve().Size}
}

// Resolve returns t without typedefs and qualifiers.
func (t *Type) Resolve() *Type {
	for t != nil && (t.Kind == Typedef || t.Kind == Qualified) {
		t = t.Elem
	}
	return t
}

// Quals returns the qualifiers applied to t through its typedefs.
func (t *Type) Quals() Qual {
	var q Qual
	for t != nil && (t.Kind == Typedef || t.Kind == Qualified) {
		q |= t.Qual
		t = t.Elem
	}
	return q
}

// IsInteger reports whether t is an integer or an enum.
func (t *Type) IsInteger() bool {
	r := t.Resolve()
	return r != nil && (r.Kind == Int || r.Kind == Enum)
}

// IsArith reports whether t is an arithmetic type: an integer or an enum.
// D has no floating-point arithmetic: a float is not arithmetic
// (dt_node_is_arith).
func (t *Type) IsArith() bool {
	r := t.Resolve()
	return r != nil && (r.Kind == Int || r.Kind == Enum)
}

// IsFloat reports whether t is a float, double or long double.
func (t *Type) IsFloat() bool {
	r := t.Resolve()
	return r != nil && r.Kind == Float
}

// IsPointer reports whether t is a pointer.
func (t *Type) IsPointer() bool {
	r := t.Resolve()
	return r != nil && r.Kind == Pointer
}

// IsScalar reports whether t is an integer, enum or pointer: a value that
// fits a register.
func (t *Type) IsScalar() bool {
	r := t.Resolve()
	return r != nil && (r.Kind == Int || r.Kind == Enum || r.Kind == Pointer)
}

// IsString reports whether t is D's string type.
func (t *Type) IsString() bool {
	r := t.Resolve()
	return r != nil && r.Kind == String
}

// IsVoid reports whether t is void.
func (t *Type) IsVoid() bool {
	r := t.Resolve()
	return r != nil && r.Kind == Void
}

// IsRecord reports whether t is a struct or union.
func (t *Type) IsRecord() bool {
	r := t.Resolve()
	return r != nil && (r.Kind == Struct || r.Kind == Union)
}

// IsSigned reports whether t is a signed integer.
func (t *Type) IsSigned() bool {
	r := t.Resolve()
	if r == nil {
		return false
	}
	if r.Kind == Enum {
		return true
	}
	return r.Kind == Int && r.Signed
}

// IsCharLike reports whether t is a character type (char, signed or
// unsigned char) — what char pointers and arrays count as strings with.
func (t *Type) IsCharLike() bool {
	r := t.Resolve()
	return r != nil && r.Kind == Int && r.Size == 1 && r.Name != "_Bool"
}

// IsStringLike reports whether t is a string, a char array or a char
// pointer: what D's string functions and %s accept.
func (t *Type) IsStringLike() bool {
	r := t.Resolve()
	if r == nil {
		return false
	}
	switch r.Kind {
	case String:
		return true
	case Pointer, Array:
		return r.Elem.IsCharLike()
	}
	return false
}

// IsComplete reports whether t has a known size: false for void,
// functions, and structs, unions and enums declared but not defined.
func (t *Type) IsComplete() bool {
	r := t.Resolve()
	if r == nil {
		return false
	}
	switch r.Kind {
	case Void, Func:
		return false
	case Struct, Union, Enum:
		return r.Complete
	case Array:
		return r.Elem.IsComplete()
	}
	return true
}

// Member returns the member called name of a struct or union, searching
// anonymous members too, with its byte offset from the start of t.
func (t *Type) Member(name string) (Member, bool) {
	r := t.Resolve()
	if r == nil || (r.Kind != Struct && r.Kind != Union) {
		return Member{}, false
	}
	for _, m := range r.Members {
		if m.Name == name {
			return m, true
		}
		if m.Name == "" && m.Type.IsRecord() {
			if sub, ok := m.Type.Member(name); ok {
				sub.Offset += m.Offset
				sub.BitOff += m.Offset * 8
				return sub, true
			}
		}
	}
	return Member{}, false
}

// Align returns t's alignment in bytes as the x86-64 ABI lays it out.
func (t *Type) Align() int64 {
	r := t.Resolve()
	switch r.Kind {
	case Array:
		return r.Elem.Align()
	case String:
		return 1
	case Struct, Union:
		a := int64(1)
		for _, m := range r.Members {
			if ma := m.Type.Align(); ma > a {
				a = ma
			}
		}
		return a
	case Enum:
		return 4
	}
	if r.Size <= 0 {
		return 1
	}
	if r.Size > 8 {
		return 16
	}
	return r.Size
}

// String returns t's name as DTrace prints it in messages: "int",
// "char *", "char [256]", "struct foo", "int (*)(int)", "uint64_t",
// "string".
func (t *Type) String() string {
	if t == nil {
		return "<nil>"
	}
	return typeName(t, "")
}

// typeName renders t around the declarator text inner, as C writes types:
// the name of "pointer to array of int" is "int (*)[5]".
func typeName(t *Type, inner string) string {
	join := func(base string) string {
		if inner == "" {
			return base
		}
		if strings.HasPrefix(inner, "[") || strings.HasPrefix(inner, "(") {
			return base + " " + inner
		}
		return base + " " + inner
	}
	switch t.Kind {
	case Pointer:
		in := "*" + inner
		e := t.Elem
		if r := e; r.Kind == Array || r.Kind == Func {
			in = "(" + in + ")"
		}
		if e.Kind == Pointer {
			return typeName(e, in)
		}
		return typeName(e, in)
	case Array:
		return typeName(t.Elem, inner+"["+strconv.FormatInt(t.Len, 10)+"]")
	case Func:
		var ps []string
		for _, p := range t.Params {
			ps = append(ps, p.String())
		}
		if t.Variadic {
			ps = append(ps, "...")
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return typeName(t.Elem, inner+"("+strings.Join(ps, ", ")+")")
	case Qualified:
		var qs []string
		if t.Qual&Const != 0 {
			qs = append(qs, "const")
		}
		if t.Qual&Volatile != 0 {
			qs = append(qs, "volatile")
		}
		if t.Qual&Restrict != 0 {
			qs = append(qs, "restrict")
		}
		e := t.Elem
		if e.Kind == Pointer {
			return typeName(e, strings.Join(qs, " ")+" "+inner)
		}
		return strings.Join(qs, " ") + " " + typeName(e, inner)
	case Struct:
		return join(tagName("struct", t))
	case Union:
		return join(tagName("union", t))
	case Enum:
		return join(tagName("enum", t))
	}
	return join(t.Name)
}

func tagName(kw string, t *Type) string {
	if t.Name == "" {
		return kw + " (anon)"
	}
	return kw + " " + t.Name
}
