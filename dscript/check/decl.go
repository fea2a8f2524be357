package check

import (
	"sort"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// This file checks declarations as libdtrace's dt_decl.c and dt_node_decl
// do while parsing: specifiers word by word, declarator suffixes in source
// order, then the declared entity.

// basicTypes maps a sorted multiset of type keywords to its type.
var basicTypes = map[string]*types.Type{
	"void":                   types.VoidType,
	"char":                   types.CharType,
	"char signed":            types.SCharType,
	"char unsigned":          types.UCharType,
	"short":                  types.ShortType,
	"short signed":           types.ShortType,
	"int short":              types.ShortType,
	"int short signed":       types.ShortType,
	"short unsigned":         types.UShortType,
	"int short unsigned":     types.UShortType,
	"int":                    types.IntType,
	"signed":                 types.IntType,
	"int signed":             types.IntType,
	"unsigned":               types.UIntType,
	"int unsigned":           types.UIntType,
	"long":                   types.LongType,
	"long signed":            types.LongType,
	"int long":               types.LongType,
	"int long signed":        types.LongType,
	"long unsigned":          types.ULongType,
	"int long unsigned":      types.ULongType,
	"long long":              types.LongLongType,
	"long long signed":       types.LongLongType,
	"int long long":          types.LongLongType,
	"int long long signed":   types.LongLongType,
	"long long unsigned":     types.ULongLongType,
	"int long long unsigned": types.ULongLongType,
	"float":                  types.FloatType,
	"double":                 types.DoubleType,
	"double long":            types.LDoubleType,
	"_Bool":                  types.BoolType,
	"string":                 types.StringType,
}

// declState is what the declaration and pragma checks remember between
// items. It lives in Checker.decls; declState() resets its per-program
// parts when a new program is checked.
type declState struct {
	info *Info // the program the per-program parts belong to
	// pending holds the #pragma attributes/binding lines that named an
	// identifier not defined yet, by name (libdtrace's pcb_pragmas).
	pending map[string]pendingPragma
	// defined holds the global identifiers this program defined, which
	// pragmas may modify (libdtrace compares di_gen with dt_gen).
	defined map[string]bool
	// externs holds the types of "extern" declarations, by name.
	externs map[string]*types.Type
}

// pendingPragma is a deferred #pragma attributes or binding.
type pendingPragma struct {
	name string // "attributes" or "binding"
	at   *ast.Pragma
}

func (c *Checker) declState() *declState {
	s := &c.decls
	if s.info != c.info {
		s.info = c.info
		s.pending = map[string]pendingPragma{}
		s.defined = map[string]bool{}
	}
	if s.externs == nil {
		s.externs = map[string]*types.Type{}
	}
	return s
}

// defineGlobal records that the program defined the global identifier
// name, applying the pragmas pending for it.
func (c *Checker) defineGlobal(name string) {
	s := c.declState()
	s.defined[name] = true
	delete(s.pending, name)
}

// Declaration attributes (libdtrace's DT_DA_*).
const (
	daShort uint8 = 1 << iota
	daLong
	daLongLong
	daSigned
	daUnsigned
)

// Declaration kinds, as CTF kinds of dt_decl_t.
type specKind int

const (
	skUnknown specKind = iota
	skInt
	skFloat
	skTypedef
	skStruct
	skUnion
	skEnum
)

// specState is the declaration being built from a specifier's words
// (libdtrace's top dt_decl_t).
type specState struct {
	pushed bool
	kind   specKind
	name   string
	attr   uint8
}

// declCheck is dt_decl_check.
func (c *Checker) declCheck(n ast.Node, st *specState) {
	if st.kind == skUnknown {
		return
	}
	if st.name == "char" && st.attr&(daShort|daLong|daLongLong) != 0 {
		c.errorf(n, diag.D_DECL_CHARATTR, "invalid type declaration: short and long may not be used with char type")
	}
	if st.name == "void" && st.attr != 0 {
		c.errorf(n, diag.D_DECL_VOIDATTR, "invalid type declaration: attributes may not be used with void type")
	}
	if st.kind != skInt && st.attr&(daSigned|daUnsigned) != 0 {
		c.errorf(n, diag.D_DECL_SIGNINT, "invalid type declaration: signed and unsigned may only be used with integer type")
	}
	if st.kind != skInt && st.kind != skFloat && st.attr&(daLong|daLongLong) != 0 {
		c.errorf(n, diag.D_DECL_LONGINT, "invalid type declaration: long and long long may only be used with integer or floating-point type")
	}
}

// declAttr is dt_decl_attr (illumos): short, long, signed or unsigned.
func (c *Checker) declAttr(n ast.Node, st *specState, a uint8) {
	if !st.pushed {
		st.pushed, st.attr = true, a
		return
	}
	if a == daLong && st.attr&daLongLong != 0 {
		c.errorf(n, diag.D_DECL_COMBO, "the attribute 'long' may only be used at most twice in a declaration")
	}
	for _, r := range []struct {
		a    uint8
		name string
	}{{daShort, "short"}, {daSigned, "signed"}, {daUnsigned, "unsigned"}} {
		if a == r.a && st.attr&a != 0 {
			c.errorf(n, diag.D_DECL_COMBO, "the attribute '%s' may only be used at most once in a declaration", r.name)
		}
	}
	if a == daLong && st.attr&daLong != 0 {
		st.attr &^= daLong
		a = daLongLong
	}
	st.attr |= a
	c.declCheck(n, st)
}

// declSpec is dt_decl_spec: a type name or keyword.
func (c *Checker) declSpec(n ast.Node, st *specState, kind specKind, name string) {
	if !st.pushed {
		st.pushed, st.kind, st.name = true, kind, name
		return
	}
	if st.name != "" && kind == skTypedef {
		c.errorf(n, diag.D_DECL_IDRED, "identifier redeclared: %s", name)
	}
	if st.name != "" || st.kind != skUnknown {
		c.errorf(n, diag.D_DECL_COMBO, "invalid type combination")
	}
	st.kind, st.name = kind, name
	c.declCheck(n, st)
}

var attrWords = map[string]uint8{"short": daShort, "long": daLong, "signed": daSigned, "unsigned": daUnsigned}

// checkSpec runs the specifier checks of s in the order DTrace's parser
// meets its words.
func (c *Checker) checkSpec(s *ast.TypeSpec) *specState {
	st := &specState{}
	for _, w := range s.Words {
		if a, ok := attrWords[w]; ok {
			c.declAttr(s, st, a)
			continue
		}
		kind := skInt
		switch w {
		case "float", "double":
			kind = skFloat
		case "string":
			kind = skTypedef
		}
		c.declSpec(s, st, kind, w)
	}
	switch {
	case s.Named != "":
		c.declSpec(s, st, skTypedef, s.Named)
	case s.Record != nil:
		kind := skStruct
		if s.Record.Union {
			kind = skUnion
		}
		c.declSpec(s, st, kind, s.Record.Name)
	case s.Enum != nil:
		c.declSpec(s, st, skEnum, s.Enum.Name)
	}
	if st.kind == skUnknown && st.name == "" {
		st.kind = skInt
		c.declCheck(s, st)
	}
	return st
}

// dtraceTypeName is the name dt_decl_type looks up for a basic type.
func dtraceTypeName(st *specState) string {
	var b strings.Builder
	for _, a := range []struct {
		a uint8
		s string
	}{{daSigned, "signed "}, {daUnsigned, "unsigned "}, {daShort, "short "}, {daLong, "long "}, {daLongLong, "long long "}} {
		if st.attr&a.a != 0 {
			b.WriteString(a.s)
		}
	}
	if st.attr == 0 && st.name == "" {
		b.WriteString("int")
	}
	if st.name != "" && (st.kind != skInt || st.attr&(daShort|daLong|daLongLong) == 0) {
		b.WriteString(st.name)
	}
	return b.String()
}

// specType returns the type a declaration specifier names.
func (c *Checker) specType(s *ast.TypeSpec) *types.Type {
	st := c.checkSpec(s)
	var t *types.Type
	switch {
	case s.Record != nil:
		t = c.recordType(s.Record)
	case s.Enum != nil:
		t = c.enumType(s.Enum)
	}
	if s.Combo != nil {
		c.errorf(comboNode{*s.Combo}, diag.D_DECL_COMBO, "invalid type combination")
	}
	switch {
	case s.Record != nil, s.Enum != nil:
	case s.Named != "":
		t = c.namedType(s, s.Named, s.Module)
	default:
		words := append([]string(nil), s.Words...)
		if len(words) == 0 {
			// Only a storage class ("self x;"): dt_decl_type names the
			// type "int".
			words = []string{"int"}
		}
		sort.Strings(words)
		var ok bool
		if t, ok = basicTypes[strings.Join(words, " ")]; !ok {
			c.errorf(s, diag.D_UNKNOWN, "failed to resolve type %s: Unknown type name", dtraceTypeName(st))
		}
		if t == types.StringType {
			t = c.stringType()
		}
	}
	return types.WithQual(t, types.Qual(s.Quals))
}

// comboNode places the error of TypeSpec.Combo.
type comboNode struct{ at ast.Pos }

func (n comboNode) Pos() ast.Pos { return n.at }

// isVoidSpec reports whether s names the void keyword itself (dd_name
// "void"), not a typedef of it.
func isVoidSpec(s *ast.TypeSpec) bool {
	if s == nil || s.Named != "" || s.Record != nil || s.Enum != nil {
		return false
	}
	for _, w := range s.Words {
		if w == "void" {
			return true
		}
	}
	return false
}

// stringType returns D's string type for the strsize in force.
func (c *Checker) stringType() *types.Type { return types.StringType }

func (c *Checker) namedType(n ast.Node, name, module string) *types.Type {
	if module != "" && c.cfg.Kernel != nil {
		if t := c.cfg.Kernel.Type("typedef", name); t != nil {
			return t
		}
	}
	if t, ok := c.lookupTypedef(name); ok {
		return t
	}
	c.errorf(n, diag.Tag("D_TYPE_ERR"), "failed to resolve type %s", name)
	return nil
}

func recordKind(union bool) (string, types.Kind) {
	if union {
		return "union", types.Union
	}
	return "struct", types.Struct
}

// recordType returns the struct or union a specifier names, defining it when
// the specifier has a body and declaring it incomplete when it is new.
func (c *Checker) recordType(r *ast.RecordSpec) *types.Type {
	kw, kind := recordKind(r.Union)
	key := kw + " " + r.Name
	var t *types.Type
	if r.Name != "" {
		t = c.tags[key]
		if t == nil && !r.HasBody && c.loadLib("s:"+key) {
			t = c.tags[key]
		}
		if t == nil && !r.HasBody && c.cfg.Kernel != nil {
			t = c.cfg.Kernel.Type(kw, r.Name)
		}
	}
	if !r.HasBody {
		if t == nil {
			t = &types.Type{Kind: kind, Name: r.Name}
			c.tags[key] = t
		}
		return t
	}
	if t != nil && t.Complete {
		c.errorf(r, diag.D_DECL_TYPERED, "type redeclared: %s", key)
	}
	if t == nil {
		t = &types.Type{Kind: kind, Name: r.Name}
		if r.Name != "" {
			c.tags[key] = t
		}
	}
	c.layout(t, r)
	return t
}

// incomplete reports whether the resolved type r is a struct or union of
// size zero or an enum only declared (CTF_K_FORWARD).
func incomplete(r *types.Type) bool {
	switch r.Kind {
	case types.Struct, types.Union:
		return r.Size == 0
	case types.Enum:
		return !r.Complete && len(r.Enumerators) == 0
	}
	return false
}

// memberName is dt_decl_member's idname.
func memberName(name string) string {
	if name == "" {
		return "(anon)"
	}
	return name
}

// declPosConst checks x as dt_node_is_posconst does: an integer constant that
// is not zero and, when signed, positive. ok is false otherwise.
func (c *Checker) declPosConst(x ast.Expr) (v int64, ok bool) {
	o := c.rvalue(x)
	if !o.isConst || o.t == nil || !o.t.IsInteger() {
		return 0, false
	}
	if o.val == 0 || (o.t.IsSigned() && o.val < 0) {
		return o.val, false
	}
	return o.val, true
}

// intBits is the width CTF gives an integer type: 0 when t is not an
// integer (enums included) or is void.
func intBits(t *types.Type) int64 {
	r := t.Resolve()
	if r == nil || r.Kind != types.Int {
		return 0
	}
	return r.Size * 8
}

// layout fills in t's members from r's body, checking each member as
// dt_decl_member does, and lays them out as DTrace's CTF library does when
// dt_decl_member adds them (ctf_add_member, "natural" offsets): a
// bit-field is an integer type of its own, of the fewest bytes in a power
// of two that hold it (int:3 one byte, int:20 four), so that every member,
// a bit-field too, starts at a byte: the first after the bits of the
// member before it, rounded up to the member's alignment (ctfAlign); a
// struct ends where its last member does (no padding after it), a union
// is as large as its largest member. An unnamed bit-field of width 0 is
// ignored, as dt_decl_member ignores it.
func (c *Checker) layout(t *types.Type, r *ast.RecordSpec) {
	var (
		members []types.Member
		end     int64 // in bits: where the last member ends
		size    int64
		seen    = map[string]bool{}
	)
	for fi, f := range r.Fields {
		base := c.specType(f.Spec)
		for di, d := range f.Declarators {
			if d.Name == "" && d.Bits == nil {
				c.errorf(d, diag.D_DECL_MNAME, "member declaration requires a name")
			}
			mt, assoc := c.derive(base, f.Spec, d)
			if strings.Contains(d.Name, "`") {
				c.errorf(d, diag.D_DECL_SCOPE, "D scoping operator may not be used in a member name (%s)", d.Name)
			}
			if assoc {
				c.errorf(d, diag.D_DECL_DYNOBJ, "cannot have dynamic member: %s", d.Name)
			}
			rt := mt.Resolve()
			if incomplete(rt) {
				c.errorf(d, diag.D_DECL_INCOMPLETE, "incomplete struct/union/enum %s: %s", mt, d.Name)
			}
			last := fi == len(r.Fields)-1 && di == len(f.Declarators)-1
			flexible := last && rt.Kind == types.Array && rt.Len == 0
			if rt.Size == 0 && !flexible {
				c.errorf(d, diag.D_DECL_VOIDOBJ, "cannot have void member: %s", d.Name)
			}
			m := types.Member{Name: d.Name, Type: mt}
			if d.Bits != nil {
				w, ok := c.declPosConst(d.Bits)
				if _, isConst := c.info.Consts[d.Bits]; isConst && d.Name == "" && w == 0 {
					continue // "int : 0"
				}
				if !ok {
					c.errorf(d.Bits, diag.D_DECL_BFCONST, "positive integral constant expression expected as bit-field size")
				}
				bits := intBits(mt)
				if bits == 0 {
					c.errorf(d, diag.D_DECL_BFTYPE, "invalid type for bit-field: %s", memberName(d.Name))
				}
				if w > bits {
					c.errorf(d, diag.D_DECL_BFSIZE, "bit-field too big for type: %s", memberName(d.Name))
				}
				m.Bits = int(w)
			}
			if d.Name != "" && seen[d.Name] {
				c.errorf(d, diag.D_UNKNOWN, "failed to define member '%s': Duplicate member or variable name", d.Name)
			}
			seen[d.Name] = true
			msize := memberSize(m)
			if t.Kind == types.Struct && len(members) > 0 {
				a := max(memberAlign(m), 1)
				off := (end + 7) / 8
				off = (off + a - 1) / a * a
				m.Offset = off
				size = off + msize
			} else {
				size = max(size, msize)
			}
			m.BitOff = m.Offset * 8
			if t.Kind == types.Struct {
				end = m.BitOff + memberBits(m)
			}
			members = append(members, m)
		}
	}
	t.Members = members
	t.Size = size
	t.Complete = true
}

// memberSize is the bytes a member takes for DTrace's CTF library: a
// bit-field's integer type the fewest bytes in a power of two that hold
// it, any other member its type's size.
func memberSize(m types.Member) int64 {
	if m.Bits == 0 {
		return m.Type.Resolve().Size
	}
	n := int64(1)
	for n*8 < int64(m.Bits) {
		n *= 2
	}
	return n
}

// memberBits is how far a member reaches for the CTF library, in bits:
// a bit-field its width, any other member its size's bits.
func memberBits(m types.Member) int64 {
	if m.Bits != 0 {
		return int64(m.Bits)
	}
	return m.Type.Resolve().Size * 8
}

// memberAlign is the alignment of a member for the CTF library: a
// bit-field's that of its integer type (its size), any other's ctfAlign.
func memberAlign(m types.Member) int64 {
	if m.Bits != 0 {
		return memberSize(m)
	}
	return ctfAlign(m.Type)
}

// ctfAlign is the alignment DTrace's CTF library gives a type
// (ctf_type_align): a pointer's 8, an array's its element's, a struct's
// its first member's alone, a union's its most aligned member's, an
// enum's an int's, any other type's (integers, floats) its size.
func ctfAlign(t *types.Type) int64 {
	r := t.Resolve()
	switch r.Kind {
	case types.Pointer, types.Func:
		return 8
	case types.Array:
		return ctfAlign(r.Elem)
	case types.String:
		return 1
	case types.Struct:
		if len(r.Members) == 0 {
			return 0
		}
		return memberAlign(r.Members[0])
	case types.Union:
		var a int64
		for _, m := range r.Members {
			a = max(a, memberAlign(m))
		}
		return a
	case types.Enum:
		return 4
	}
	return r.Size
}

// enumType returns the enum a specifier names, defining its constants when
// it has a body.
func (c *Checker) enumType(e *ast.EnumSpec) *types.Type {
	key := "enum " + e.Name
	var t *types.Type
	if e.Name != "" {
		t = c.tags[key]
		if t == nil && !e.HasBody && c.cfg.Kernel != nil {
			t = c.cfg.Kernel.Type("enum", e.Name)
		}
	}
	if !e.HasBody {
		if t == nil {
			t = &types.Type{Kind: types.Enum, Name: e.Name, Size: 4}
			c.tags[key] = t
		}
		return t
	}
	if t != nil && len(t.Enumerators) > 0 {
		c.errorf(e, diag.D_DECL_TYPERED, "type redeclared: %s", key)
	}
	if t == nil {
		t = &types.Type{Kind: types.Enum, Name: e.Name, Size: 4}
		if e.Name != "" {
			c.tags[key] = t
		}
	}
	next := int64(0)
	for _, m := range e.Members {
		if strings.Contains(m.Name, "`") {
			c.errorf(m, diag.D_DECL_SCOPE, "D scoping operator may not be used in an enumerator name (%s)", m.Name)
		}
		if m.Value != nil {
			if v, ok := enumeratorValue(t, m.Value); ok {
				next = v
			} else {
				o := c.rvalue(m.Value)
				if !o.isConst || o.t == nil || !o.t.IsInteger() {
					c.errorf(m, diag.D_DECL_ENCONST, "enumerator '%s' must be assigned to an integral constant expression", m.Name)
				}
				v := o.val
				if v > 2147483647 || v < -2147483648 {
					c.errorf(m, diag.D_DECL_ENOFLOW, "enumerator '%s' value overflows INT_MAX (2147483647)", m.Name)
				}
				next = v
			}
		}
		for _, old := range t.Enumerators {
			if old.Name == m.Name {
				c.errorf(m, diag.D_UNKNOWN, "failed to define enumerator '%s': Duplicate member or variable name", m.Name)
			}
		}
		t.Enumerators = append(t.Enumerators, types.Enumerator{Name: m.Name, Value: next})
		if _, taken := c.globalIdent(m.Name); taken {
			c.errorf(m, diag.D_DECL_IDRED, "identifier redeclared: %s", m.Name)
		}
		c.enumConsts[m.Name] = enumConst{typ: t, value: next}
		c.defineGlobal(m.Name)
		// The next implicit value is this one plus one in C's int, as
		// dt_decl_enumerator computes it: past INT_MAX it wraps to
		// INT_MIN, with no error (only an explicit value is checked).
		next = int64(int32(next + 1))
	}
	t.Complete = true
	return t
}

// enumeratorValue returns the value of x when it is the name of an
// enumerator already defined in t.
func enumeratorValue(t *types.Type, x ast.Expr) (int64, bool) {
	id, ok := x.(*ast.Ident)
	if !ok || id.Backquote {
		return 0, false
	}
	for _, e := range t.Enumerators {
		if e.Name == id.Name {
			return e.Value, true
		}
	}
	return 0, false
}

// globalIdent describes the global identifier called name as
// dt_idkind_name does ("scalar", "associative array", "function",
// "enumerator"...), with inline set for inlines and enumerators, and
// builtin for DTrace's own identifiers. ok is false when there is none.
type globalIdentInfo struct {
	kind    string
	typ     *types.Type
	inline  bool
	builtin bool
	keys    []*types.Type
}

func (c *Checker) globalIdent(name string) (globalIdentInfo, bool) {
	if v, ok := builtinVars[name]; ok {
		kind := "scalar"
		if v.array {
			kind = "associative array"
		}
		return globalIdentInfo{kind: kind, typ: v.typ, builtin: true}, true
	}
	if f, ok := builtinFuncs[name]; ok {
		kind := "function"
		switch f.kind {
		case action:
			kind = "tracing function"
		case aggfn:
			kind = "aggregating function"
		}
		return globalIdentInfo{kind: kind, typ: f.ret, builtin: true}, true
	}
	if v, ok := c.globals[name]; ok {
		kind := "scalar"
		if v.assoc {
			kind = "associative array"
		}
		return globalIdentInfo{kind: kind, typ: v.typ, keys: v.keys}, true
	}
	if in, ok := c.inlines[name]; ok {
		return globalIdentInfo{kind: "scalar", typ: in.typ, inline: true}, true
	}
	if ec, ok := c.enumConsts[name]; ok {
		return globalIdentInfo{kind: "enumerator", typ: ec.typ, inline: true}, true
	}
	return globalIdentInfo{}, false
}

// identTaken reports whether name is already a global identifier.
func (c *Checker) identTaken(name string) bool {
	_, ok := c.globalIdent(name)
	return ok
}

// modRuns splits mods into its runs of consecutive array and function
// suffixes: the parser lists a run's suffixes right to left.
func modRuns(mods []*ast.DeclMod) [][2]int {
	var runs [][2]int
	for i := 0; i < len(mods); {
		if mods[i].Kind == ast.PointerMod {
			i++
			continue
		}
		j := i
		for j < len(mods) && mods[j].Kind != ast.PointerMod {
			j++
		}
		runs = append(runs, [2]int{i, j})
		i = j
	}
	return runs
}

// checkSuffixes runs dt_decl_array's and dt_decl_func's checks on d's
// suffixes in source order.
func (c *Checker) checkSuffixes(spec *ast.TypeSpec, d *ast.Declarator) {
	for _, run := range modRuns(d.Mods) {
		for i := run[1] - 1; i >= run[0]; i-- {
			m := d.Mods[i]
			if m.Kind == ast.FuncMod {
				c.prototype(m, "function")
				continue
			}
			tuple := m.Keys != nil || m.Variadic
			if tuple && i+1 < run[1] && d.Mods[i+1].Kind == ast.ArrayMod {
				c.errorf(m, diag.D_DECL_DYNOBJ, "cannot declare array of associative arrays")
			}
			j := i
			for j > run[0] && d.Mods[j-1].Kind == ast.ArrayMod {
				j--
			}
			if j == 0 && isVoidSpec(spec) {
				c.errorf(m, diag.D_DECL_VOIDOBJ, "cannot declare array of void")
			}
			switch {
			case m.Size != nil:
				v, ok := c.declPosConst(m.Size)
				if !ok {
					c.errorf(m, diag.D_DECL_ARRSUB, "positive integral constant expression or tuple signature expected as array declaration subscript")
				}
				if uint64(v) > 0xffffffff {
					c.errorf(m, diag.D_DECL_ARRBIG, "array dimension too big")
				}
			case tuple:
				c.prototype(m, "array")
			}
		}
	}
}

// prototype is dt_decl_prototype for an array's tuple signature or a
// function's parameters.
func (c *Checker) prototype(m *ast.DeclMod, kind string) {
	type param struct {
		n     ast.Node
		name  string
		t     *types.Type
		assoc bool // an associative array: of dynamic type
	}
	var list []param
	if m.Kind == ast.ArrayMod {
		for _, k := range m.Keys {
			c.paramClass(k, k.Class)
			p := param{n: k, t: c.typeName(k)}
			if k.Decl != nil {
				p.name = k.Decl.Name
			}
			list = append(list, p)
		}
	} else {
		for _, p := range m.Params {
			if p.Ellipsis {
				continue
			}
			c.paramClass(p, p.Class)
			t := c.specType(p.Spec)
			pp := param{n: p, t: t}
			if p.Decl != nil {
				t, pp.assoc = c.derive(t, p.Spec, p.Decl)
				pp.t, pp.name = t, p.Decl.Name
			}
			list = append(list, pp)
		}
	}
	voids := 0
	for i, p := range list {
		if p.assoc {
			c.dynamicParam(p.n, kind, p.name, i+1)
		}
		isVoid := p.t.IsVoid()
		if isVoid {
			voids++
		}
		if isVoid && kind == "array" {
			name := p.name
			if name == "" {
				name = "(anonymous)"
			}
			c.errorf(p.n, diag.D_DECL_PROTO_TYPE, "%s prototype may not use parameter of type %s: %s, parameter #%d", kind, p.t, name, i+1)
		}
		if isVoid && p.name != "" {
			c.errorf(p.n, diag.D_DECL_PROTO_NAME, "void parameter may not have a name: %s", p.name)
		}
		if p.name != "" {
			for _, q := range list[:i] {
				if q.name == p.name {
					c.errorf(p.n, diag.D_DECL_PROTO_FORM, "parameter is already declared in %s prototype: %s, parameter #%d", kind, p.name, i+1)
				}
			}
		}
	}
	if m.Variadic && kind == "array" {
		c.errorf(m, diag.D_DECL_PROTO_VARARGS, "%s prototype may not use a variable-length argument list", kind)
	}
	if voids != 0 && len(list)+boolInt(m.Variadic) > 1 {
		c.errorf(m, diag.D_DECL_PROTO_VOID, "void must be sole parameter")
	}
}

// dynamicParam refuses a parameter declared an associative array, of
// dynamic type, which no prototype D has may use (dt_decl_prototype
// without DT_DP_DYNAMIC); DTrace names the type of a type node so typed
// "dynamic variable".
func (c *Checker) dynamicParam(n ast.Node, kind, name string, i int) {
	if name == "" {
		name = "(anonymous)"
	}
	c.errorf(n, diag.D_DECL_PROTO_TYPE, "%s prototype may not use parameter of type dynamic variable: %s, parameter #%d", kind, name, i)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// derive checks d's suffixes and applies d's modifiers to base. assoc
// reports that the outermost derivation is a tuple signature: the result
// is then the associative array's value type.
func (c *Checker) derive(base *types.Type, spec *ast.TypeSpec, d *ast.Declarator) (t *types.Type, assoc bool) {
	t = base
	if d == nil {
		return t, false
	}
	c.checkSuffixes(spec, d)
	for i, m := range d.Mods {
		switch m.Kind {
		case ast.PointerMod:
			t = types.WithQual(types.PointerTo(t), types.Qual(m.Quals))
		case ast.ArrayMod:
			if m.Keys != nil || m.Variadic {
				if i == len(d.Mods)-1 {
					assoc = true
				}
				continue // the caller reads the keys
			}
			if m.Size == nil {
				t = types.ArrayOf(t, 0)
				continue
			}
			t = types.ArrayOf(t, c.info.Consts[m.Size])
		case ast.FuncMod:
			ft := &types.Type{Kind: types.Func, Elem: t, Variadic: m.Variadic}
			for _, p := range m.Params {
				if p.Ellipsis {
					ft.Variadic = true
					continue
				}
				pt, _ := c.derive(c.specType(p.Spec), p.Spec, p.Decl)
				ft.Params = append(ft.Params, pt)
			}
			t = ft
		}
	}
	return t, assoc
}

// typeName returns the type a cast, sizeof or key list names.
func (c *Checker) typeName(tn *ast.TypeName) *types.Type {
	t, _ := c.derive(c.specType(tn.Spec), tn.Spec, tn.Decl)
	return t
}

// assocKeys returns the key types of an associative-array declarator, or
// nil when d declares none.
func (c *Checker) assocKeys(d *ast.Declarator) ([]*types.Type, bool) {
	if len(d.Mods) == 0 {
		return nil, false
	}
	m := d.Mods[len(d.Mods)-1]
	if m.Kind != ast.ArrayMod || (m.Keys == nil && !m.Variadic) {
		return nil, false
	}
	keys := []*types.Type{}
	for _, k := range m.Keys {
		keys = append(keys, c.typeName(k))
	}
	return keys, true
}

// decl checks a file-scope declaration.
func (c *Checker) decl(d *ast.Decl) {
	base := c.specType(d.Spec)
	if len(d.Declarators) == 0 {
		if d.Spec.Record == nil && d.Spec.Enum == nil {
			c.errorf(d, diag.D_DECL_USELESS, "useless declaration")
		}
		return
	}
	for _, dd := range d.Declarators {
		t, assoc := c.derive(base, d.Spec, dd)
		if dd.Name == "" {
			if d.Spec.Record == nil && d.Spec.Enum == nil {
				c.errorf(dd, diag.D_DECL_USELESS, "useless declaration")
			}
			continue
		}
		if strings.Contains(dd.Name, "`") {
			c.errorf(dd, diag.D_DECL_SCOPE, "D scoping operator may not be used in a declaration name (%s)", dd.Name)
		}
		class := d.Class
		if t.Resolve().Kind == types.Func && (class == ast.NoClass || class == ast.Static) {
			class = ast.Extern
		}
		switch class {
		case ast.Auto, ast.Register, ast.Static:
			c.errorf(dd, diag.D_DECL_BADCLASS, "specified storage class not appropriate in D")
		case ast.Extern:
			c.externDecl(dd, t, assoc)
		case ast.Typedef:
			if _, ok := c.globalIdent(dd.Name); ok {
				c.errorf(dd, diag.D_DECL_IDRED, "global variable identifier redeclared: %s", dd.Name)
			}
			// A name the D definitions already have as a typedef (the
			// program's, the D library's, D's own), looked up in that
			// container as dt_node_decl does: a kernel type's name may
			// be given a D typedef.
			_, known := c.typedefs[dd.Name]
			if _, ok := predefTypedefs[dd.Name]; ok || known {
				c.errorf(dd, diag.D_DECL_IDRED, "typedef redeclared: %s", dd.Name)
			}
			c.typedefs[dd.Name] = types.NewTypedef(dd.Name, "", t)
		default:
			c.varDecl(d, dd, t, assoc)
		}
	}
}

// externDecl declares an external symbol of the D module.
func (c *Checker) externDecl(dd *ast.Declarator, t *types.Type, assoc bool) {
	s := c.declState()
	if old, ok := s.externs[dd.Name]; ok {
		if !types.Same(old, t) {
			c.errorf(dd, diag.D_DECL_IDRED, "identifier redeclared: D`%s\n\t current: %s\n\tprevious: %s", dd.Name, t, old)
		}
		return
	}
	s.externs[dd.Name] = t
	if t.Resolve().Kind == types.Func || assoc {
		return
	}
	if _, ok := c.globalIdent(dd.Name); !ok {
		c.globals[dd.Name] = &variable{name: dd.Name, typ: t, pos: dd.At}
	}
}

func idKind(assoc bool) string {
	if assoc {
		return "associative array"
	}
	return "scalar"
}

// varDecl is the variable part of dt_node_decl: globals, self-> and this->
// variables.
func (c *Checker) varDecl(d *ast.Decl, dd *ast.Declarator, t *types.Type, assoc bool) {
	name := dd.Name
	var (
		table map[string]*variable
		prev  globalIdentInfo
		found bool
	)
	switch d.Class {
	case ast.Self, ast.This:
		table = c.selfVars
		if d.Class == ast.This {
			table = c.thisVars
		}
		if v, ok := table[name]; ok {
			prev, found = globalIdentInfo{kind: idKind(v.assoc), typ: v.typ, keys: v.keys}, true
		}
	default:
		table = c.globals
		prev, found = c.globalIdent(name)
	}
	if top := len(dd.Mods) - 1; top >= 0 && dd.Mods[top].Kind == ast.ArrayMod &&
		dd.Mods[top].Size == nil && dd.Mods[top].Keys == nil && !dd.Mods[top].Variadic {
		c.errorf(dd, diag.D_DECL_ARRNULL, "array declaration requires array dimension or tuple signature: %s", name)
	}
	if found && prev.builtin {
		c.errorf(dd, diag.D_DECL_IDRED, "built-in identifier redeclared: %s", name)
	}
	if _, ok := c.typedefs[name]; ok {
		c.errorf(dd, diag.D_DECL_IDRED, "typedef identifier redeclared: %s", name)
	}
	if _, ok := predefTypedefs[name]; ok && !kernelStyleTypedefs[name] {
		c.errorf(dd, diag.D_DECL_IDRED, "typedef identifier redeclared: %s", name)
	}
	var keys []*types.Type
	if assoc {
		if d.Class == ast.This {
			c.errorf(dd, diag.D_DECL_LOCASSC, "associative arrays may not be declared as local variables: %s", name)
		}
		keys, _ = c.assocKeys(dd)
	}
	if found {
		if prev.kind != idKind(assoc) || !types.Same(prev.typ, t) {
			c.errorf(dd, diag.D_DECL_IDRED, "identifier redeclared: %s\n\t current: %s %s\n\tprevious: %s %s", name, idKind(assoc), t, prev.kind, prev.typ)
		}
		if assoc {
			for i, k := range keys {
				if i < len(prev.keys) && !types.Same(k, prev.keys[i]) {
					c.errorf(dd, diag.D_DECL_IDRED, "identifier redeclared: %s\n\t current: %s, key #%d of type %s\n\tprevious: %s, key #%d of type %s", name, idKind(assoc), i+1, k, prev.kind, i+1, prev.keys[i])
				}
			}
			if len(keys) != len(prev.keys) {
				c.errorf(dd, diag.D_DECL_IDRED, "identifier redeclared: %s\n\t current: %s of %s, tuple length %d\n\tprevious: %s of %s, tuple length %d", name, idKind(assoc), t, len(keys), prev.kind, prev.typ, len(prev.keys))
			}
		}
		return
	}
	r := t.Resolve()
	if r.Kind == types.Void {
		c.errorf(dd, diag.D_DECL_VOIDOBJ, "cannot have void object: %s", name)
	}
	if incomplete(r) {
		c.errorf(dd, diag.D_DECL_INCOMPLETE, "incomplete struct/union/enum %s: %s", t, name)
	}
	v := &variable{name: name, typ: t, scope: d.Class, assoc: assoc, keys: keys, pos: dd.At}
	if d.Class != ast.Self && d.Class != ast.This {
		v.scope = ast.NoClass
		c.defineGlobal(name)
	}
	table[name] = v
}

// kernelStyleTypedefs are the predefined typedefs that DTrace gets from
// the kernel's types rather than its C and D containers: variables may
// have their names.
var kernelStyleTypedefs = map[string]bool{
	"u8": true, "u16": true, "u32": true, "u64": true,
	"s8": true, "s16": true, "s32": true, "s64": true,
	"__u8": true, "__u16": true, "__u32": true, "__u64": true,
	"__s8": true, "__s16": true, "__s32": true, "__s64": true,
}

func sameKeys(a, b []*types.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !types.Same(a[i], b[i]) {
			return false
		}
	}
	return true
}

// paramClass reports a storage class other than register on a function or
// associative-array parameter.
func (c *Checker) paramClass(n ast.Node, class ast.StorageClass) {
	if class != ast.NoClass && class != ast.Register {
		c.errorf(n, diag.D_DECL_PARMCLASS, "inappropriate storage class for function or associative array parameter")
	}
}
