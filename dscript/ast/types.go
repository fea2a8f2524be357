package ast

// StorageClass is the storage class or scope keyword of a declaration.
type StorageClass int

// Storage classes. Self and This are D's thread-local and clause-local
// scopes ("self int x;").
const (
	NoClass StorageClass = iota
	Typedef
	Static
	Extern
	Register
	Auto
	Self
	This
)

var classNames = [...]string{"", "typedef", "static", "extern", "register", "auto", "self", "this"}

func (c StorageClass) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "class?"
}

// Qual is a set of type qualifiers.
type Qual uint8

// Qualifiers.
const (
	Const Qual = 1 << iota
	Volatile
	Restrict
)

// TypeSpec is the specifier part of a declaration or type name.
//
// Exactly one of the following holds: Words lists the basic type keywords in
// source order ("unsigned" "long" "long", "int", "void", "string", "char",
// "signed", "float", "double"...); Named is a typedef name (Module set for
// "vmlinux`name"); Record is a struct or union; Enum is an enum.
type TypeSpec struct {
	At     Pos
	Quals  Qual
	Words  []string
	Named  string
	Module string
	Record *RecordSpec
	Enum   *EnumSpec
	// Combo is where a second struct, union or enum specifier follows
	// the first (as when a struct's body ends without ';' before the
	// next): DTrace defines the first, then refuses the combination
	// there (dt_decl_spec's D_DECL_COMBO).
	Combo *Pos
}

// RecordSpec is "struct NAME" or "union NAME", with or without a body. Module
// is set for "struct vmlinux`task_struct".
type RecordSpec struct {
	At      Pos
	Union   bool
	Name    string // empty for an anonymous record
	Module  string
	HasBody bool
	Fields  []*FieldDecl
}

// FieldDecl is one member declaration of a struct or union body.
type FieldDecl struct {
	At          Pos
	Spec        *TypeSpec
	Declarators []*Declarator // Bits is set on bitfields
}

// EnumSpec is "enum NAME" with or without a list of enumerators.
type EnumSpec struct {
	At      Pos
	Name    string
	Module  string
	HasBody bool
	Members []*Enumerator
}

// Enumerator is "NAME" or "NAME = EXPR" in an enum body.
type Enumerator struct {
	At    Pos
	Name  string
	Value Expr // nil when absent
}

// Declarator names a declared entity and derives its type from the
// specifier. Mods apply to the specifier's type in order: Mods[0] first. So
// "int *a[5]" (array of 5 pointers to int) has Mods [Pointer, Array 5] and
// "int (*a)[5]" (pointer to an array of 5 int) has Mods [Array 5, Pointer].
// Name is empty in an abstract declarator (a type name in a cast).
type Declarator struct {
	At   Pos
	Name string
	Mods []*DeclMod
	Bits Expr // bitfield width, nil when not a bitfield
	Init Expr // initializer, for enum-like uses; nil when absent
}

// ModKind says what a declarator modifier derives.
type ModKind int

// Declarator modifiers.
const (
	PointerMod ModKind = iota
	ArrayMod
	FuncMod
)

// DeclMod is one derivation step of a declarator.
//
// A PointerMod carries the pointer's qualifiers. An ArrayMod carries either
// Size (nil for "[]"), or Keys, the key types of an associative array
// ("int a[string, int]"), when the brackets hold type names. A FuncMod
// carries its parameters; "(void)" gives no parameters and Void set.
type DeclMod struct {
	At       Pos
	Kind     ModKind
	Quals    Qual
	Size     Expr
	Keys     []*TypeName
	Params   []*Param
	Variadic bool
	Void     bool
}

// TypeName is a type as written in a cast, sizeof, offsetof, xlate or a key
// list: a specifier and an abstract declarator (which may be nil).
type TypeName struct {
	At    Pos
	Class StorageClass // a storage class written in a key list (an error)
	Spec  *TypeSpec
	Decl  *Declarator
}

// Param is one parameter of a function declarator or provider probe.
// Ellipsis marks "...".
type Param struct {
	At       Pos
	Class    StorageClass // a storage class written in the parameter
	Spec     *TypeSpec
	Decl     *Declarator
	Ellipsis bool
}

func (t *TypeSpec) Pos() Pos   { return t.At }
func (r *RecordSpec) Pos() Pos { return r.At }
func (f *FieldDecl) Pos() Pos  { return f.At }
func (e *EnumSpec) Pos() Pos   { return e.At }
func (e *Enumerator) Pos() Pos { return e.At }
func (d *Declarator) Pos() Pos { return d.At }
func (m *DeclMod) Pos() Pos    { return m.At }
func (t *TypeName) Pos() Pos   { return t.At }
func (p *Param) Pos() Pos      { return p.At }
