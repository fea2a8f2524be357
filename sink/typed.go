package sink

// TypeKind is the kind of a Type, with typedefs and qualifiers resolved.
type TypeKind uint8

// Kinds of Types.
const (
	TypeOther   TypeKind = iota // void, functions, forward declarations: nothing to show
	TypeInt                     // an integer (char and _Bool included)
	TypeFloat                   // float, double, long double
	TypePointer                 // a pointer: shown as its address
	TypeArray                   // Len elements of Elem
	TypeStruct                  // Members at their offsets
	TypeUnion                   // Members, all at offset 0
	TypeEnum                    // an int shown by its Enumerators' names
)

// A Type describes the C type of a typed value (what print() records), as
// much as a consumer needs to show the value member by member. Typedefs
// are resolved: Name keeps the name the value was declared with (a
// typedef's name, "struct foo", "char [16]") and the rest describes what
// it resolves to. A Type is immutable once built, and may be shared by the
// values of many records.
type Type struct {
	Kind TypeKind
	// Name is the type's name as DTrace prints it ("int", "struct
	// task_struct", "kuid_t", "char *", "char [16]"); an anonymous struct,
	// union or enum is "struct", "union" or "enum".
	Name string
	Size int // in bytes
	// Signed says an integer is signed; Char that it is a character
	// (named "char").
	Signed, Char bool

	Elem *Type // TypeArray: the element type
	Len  int   // TypeArray: the number of elements

	Members []TypeMember // TypeStruct, TypeUnion: in declaration order
	Enums   []Enumerator // TypeEnum
}

// A TypeMember is a member of a struct or union. BitSize is non-zero for a
// bit-field: its width in bits, at BitOffset bits from the record's start.
// For other members BitOffset is the byte offset times 8.
type TypeMember struct {
	Name      string // "" for an anonymous struct or union member
	Type      *Type
	BitOffset int
	BitSize   int
}

// An Enumerator is a named constant of an enum.
type Enumerator struct {
	Name  string
	Value int64
}

// EnumName returns the name of the enumerator of value v of enum t, or ""
// when none has that value.
func (t *Type) EnumName(v int64) string {
	for _, e := range t.Enums {
		if e.Value == v {
			return e.Name
		}
	}
	return ""
}

// Typed returns a KindTyped Value: the data at address addr, of type t
// (data may hold fewer bytes than t's size when the record was truncated).
func Typed(addr uint64, t *Type, data []byte) Value {
	return Value{Kind: KindTyped, Size: len(data), Bits: addr, Bytes: data, Type: t}
}
