package check

import (
	"sort"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

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

// specType returns the type a declaration specifier names.
func (c *Checker) specType(s *ast.TypeSpec) *types.Type {
	var t *types.Type
	switch {
	case s.Record != nil:
		t = c.recordType(s.Record)
	case s.Enum != nil:
		t = c.enumType(s.Enum)
	case s.Named != "":
		t = c.namedType(s, s.Named, s.Module)
	default:
		words := append([]string(nil), s.Words...)
		sort.Strings(words)
		key := strings.Join(words, " ")
		var ok bool
		if t, ok = basicTypes[key]; !ok {
			c.errorf(s, diag.Tag("D_TYPE_ERR"), "invalid type combination")
		}
		if t == types.StringType {
			t = c.stringType()
		}
	}
	return types.WithQual(t, types.Qual(s.Quals))
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
		if t == nil && !r.HasBody && c.cfg.Kernel != nil {
			t = c.cfg.Kernel.Type(kw, r.Name)
		}
	}
	if t != nil && t.Kind != kind {
		c.errorf(r, diag.Tag("D_DECL_TYPERED"), "%s %s redeclared as a different kind of type", kw, r.Name)
	}
	if !r.HasBody {
		if t == nil {
			t = &types.Type{Kind: kind, Name: r.Name}
			c.tags[key] = t
		}
		return t
	}
	if t != nil && t.Complete {
		c.errorf(r, diag.Tag("D_DECL_TYPERED"), "type redeclared: %s", key)
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

// layout fills in t's members from r's body with the x86-64 ABI's layout.
func (c *Checker) layout(t *types.Type, r *ast.RecordSpec) {
	var (
		members []types.Member
		bitPos  int64 // next free bit, for structs
		size    int64
		align   int64 = 1
		seen          = map[string]bool{}
	)
	for _, f := range r.Fields {
		base := c.specType(f.Spec)
		for _, d := range f.Declarators {
			mt := c.derive(base, d, false)
			if d.Name != "" && seen[d.Name] {
				c.errorf(d, diag.Tag("D_DECL_MEMBER"), "member %s redeclared", d.Name)
			}
			seen[d.Name] = true
			if !mt.IsComplete() {
				c.errorf(d, diag.Tag("D_DECL_INCOMPLETE"), "declared type is incomplete: member %s", d.Name)
			}
			if mt.IsString() && false {
				continue
			}
			a := mt.Align()
			if a > align {
				align = a
			}
			m := types.Member{Name: d.Name, Type: mt}
			if d.Bits != nil {
				w := c.constInt(d.Bits)
				if !mt.IsInteger() {
					c.errorf(d, diag.Tag("D_DECL_BFTYPE"), "invalid type for bit-field: %s", d.Name)
				}
				if w < 0 || w > mt.Resolve().Size*8 {
					c.errorf(d, diag.Tag("D_DECL_BFSIZE"), "bit-field size exceeds type size: %s", d.Name)
				}
				if w == 0 && d.Name != "" {
					c.errorf(d, diag.Tag("D_DECL_BFSIZE"), "bit-field width must be greater than zero: %s", d.Name)
				}
				unit := mt.Resolve().Size * 8
				if t.Kind == types.Union {
					bitPos = 0
				}
				if w == 0 || (bitPos%unit)+w > unit {
					bitPos = (bitPos + unit - 1) / unit * unit
				}
				m.Bits = int(w)
				m.BitOff = bitPos
				m.Offset = bitPos / 8
				if t.Kind == types.Struct {
					bitPos += w
				}
				if end := (m.BitOff + w + 7) / 8; end > size {
					size = end
				}
			} else {
				if t.Kind == types.Struct {
					off := (bitPos + 7) / 8
					off = (off + a - 1) / a * a
					m.Offset = off
					m.BitOff = off * 8
					bitPos = (off + mt.Resolve().Size) * 8
					if bitPos/8 > size {
						size = bitPos / 8
					}
				} else if s := mt.Resolve().Size; s > size {
					size = s
				}
			}
			members = append(members, m)
		}
	}
	size = (size + align - 1) / align * align
	t.Members = members
	t.Size = size
	t.Complete = true
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
	if t != nil && t.Complete {
		c.errorf(e, diag.Tag("D_DECL_TYPERED"), "type redeclared: %s", key)
	}
	if t == nil {
		t = &types.Type{Kind: types.Enum, Name: e.Name, Size: 4}
		if e.Name != "" {
			c.tags[key] = t
		}
	}
	var next int64
	for _, m := range e.Members {
		if m.Value != nil {
			next = c.constInt(m.Value)
		}
		if _, dup := c.enumConsts[m.Name]; dup || c.identTaken(m.Name) {
			c.errorf(m, diag.Tag("D_DECL_IDRED"), "identifier redeclared: %s", m.Name)
		}
		t.Enumerators = append(t.Enumerators, types.Enumerator{Name: m.Name, Value: next})
		c.enumConsts[m.Name] = enumConst{typ: t, value: next}
		next++
	}
	t.Complete = true
	return t
}

// identTaken reports whether name is already a builtin, a variable or an
// inline.
func (c *Checker) identTaken(name string) bool {
	if _, ok := builtinVars[name]; ok {
		return true
	}
	if _, ok := builtinFuncs[name]; ok {
		return true
	}
	_, g := c.globals[name]
	_, i := c.inlines[name]
	return g || i
}

// derive applies d's modifiers to base. assoc allows associative-array
// key lists (variable declarations only).
func (c *Checker) derive(base *types.Type, d *ast.Declarator, assoc bool) *types.Type {
	t := base
	if d == nil {
		return t
	}
	for _, m := range d.Mods {
		switch m.Kind {
		case ast.PointerMod:
			t = types.WithQual(types.PointerTo(t), types.Qual(m.Quals))
		case ast.ArrayMod:
			if m.Keys != nil {
				if !assoc {
					c.errorf(m, diag.Tag("D_DECL_ARRSUB"), "associative arrays may not be declared as members")
				}
				continue // the caller reads the keys
			}
			if m.Size == nil {
				t = types.ArrayOf(t, 0)
				continue
			}
			n := c.constInt(m.Size)
			if n <= 0 {
				c.errorf(m, diag.Tag("D_DECL_ARRBIG"), "array dimension must be a positive integer constant")
			}
			if t.IsVoid() {
				c.errorf(m, diag.Tag("D_DECL_VOIDOBJ"), "cannot have array of void")
			}
			t = types.ArrayOf(t, n)
		case ast.FuncMod:
			ft := &types.Type{Kind: types.Func, Elem: t, Variadic: m.Variadic}
			for _, p := range m.Params {
				if p.Ellipsis {
					ft.Variadic = true
					continue
				}
				ft.Params = append(ft.Params, c.derive(c.specType(p.Spec), p.Decl, false))
			}
			t = ft
		}
	}
	return t
}

// typeName returns the type a cast, sizeof or key list names.
func (c *Checker) typeName(tn *ast.TypeName) *types.Type {
	return c.derive(c.specType(tn.Spec), tn.Decl, false)
}

// assocKeys returns the key types of an associative-array declarator, or
// nil when d declares none.
func (c *Checker) assocKeys(d *ast.Declarator) ([]*types.Type, bool) {
	for _, m := range d.Mods {
		if m.Kind == ast.ArrayMod && m.Keys != nil {
			var keys []*types.Type
			for _, k := range m.Keys {
				kt := c.typeName(k)
				if kt.IsVoid() {
					c.errorf(k, diag.Tag("D_DECL_VOIDOBJ"), "cannot declare void object: %s", d.Name)
				}
				keys = append(keys, kt)
			}
			return keys, true
		}
	}
	return nil, false
}

// decl checks a file-scope declaration.
func (c *Checker) decl(d *ast.Decl) {
	base := c.specType(d.Spec)
	for _, dd := range d.Declarators {
		if d.Class == ast.Typedef {
			t := c.derive(base, dd, false)
			if old, ok := c.lookupTypedef(dd.Name); ok && !types.Same(old, t) {
				c.errorf(dd, diag.Tag("D_DECL_IDRED"), "identifier redeclared: %s", dd.Name)
			}
			c.typedefs[dd.Name] = types.NewTypedef(dd.Name, "", t)
			continue
		}
		c.varDecl(d, base, dd)
	}
}

func (c *Checker) varDecl(d *ast.Decl, base *types.Type, dd *ast.Declarator) {
	keys, assoc := c.assocKeys(dd)
	t := c.derive(base, dd, true)
	if t.IsVoid() {
		c.errorf(dd, diag.Tag("D_DECL_VOIDOBJ"), "cannot declare void object: %s", dd.Name)
	}
	if t.Resolve().Kind == types.Func {
		// A function declaration: D accepts and ignores it.
		return
	}
	if !t.IsComplete() {
		c.errorf(dd, diag.Tag("D_DECL_INCOMPLETE"), "declared type is incomplete: %s", dd.Name)
	}
	var table map[string]*variable
	switch d.Class {
	case ast.Self:
		table = c.selfVars
	case ast.This:
		table = c.thisVars
		if assoc {
			c.errorf(dd, diag.Tag("D_DECL_DYNOBJ"), "clause-local variables may not be associative arrays: %s", dd.Name)
		}
	default:
		table = c.globals
		if _, ok := builtinVars[dd.Name]; ok {
			c.errorf(dd, diag.Tag("D_DECL_IDRED"), "identifier redeclared: %s", dd.Name)
		}
		if _, ok := builtinFuncs[dd.Name]; ok {
			c.errorf(dd, diag.Tag("D_DECL_IDRED"), "identifier redeclared: %s", dd.Name)
		}
		if _, ok := c.inlines[dd.Name]; ok {
			c.errorf(dd, diag.Tag("D_DECL_IDRED"), "identifier redeclared: %s", dd.Name)
		}
	}
	v := &variable{name: dd.Name, typ: t, scope: d.Class, assoc: assoc, keys: keys, pos: dd.At}
	if d.Class != ast.Self && d.Class != ast.This {
		v.scope = ast.NoClass
	}
	if old, ok := table[dd.Name]; ok {
		if !types.Same(old.typ, t) || old.assoc != assoc || !sameKeys(old.keys, keys) {
			c.errorf(dd, diag.Tag("D_DECL_IDRED"), "identifier redeclared: %s", dd.Name)
		}
		return
	}
	table[dd.Name] = v
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

// inlineDecl checks "inline type name = expr;".
func (c *Checker) inlineDecl(d *ast.InlineDecl) {
	t := c.derive(c.specType(d.Spec), d.Decl, false)
	name := d.Decl.Name
	if c.identTaken(name) {
		c.errorf(d.Decl, diag.Tag("D_DECL_IDRED"), "identifier redeclared: %s", name)
	}
	v := c.rvalue(d.Value)
	if !types.Compatible(t, v.t) {
		c.errorf(d.Value, diag.Tag("D_OP_INCOMPAT"), "inline %s definition uses incompatible types: \"%s\" = \"%s\"", name, t, v.t)
	}
	in := &inline{name: name, typ: t, value: d.Value}
	if v.isConst {
		val := v.val
		in.cval = &val
	}
	c.inlines[name] = in
}

// translatorDecl checks a translator definition.
func (c *Checker) translatorDecl(d *ast.TranslatorDecl) {
	out := c.typeName(d.Output)
	in := c.typeName(d.Input)
	if !out.IsRecord() {
		c.errorf(d.Output, diag.Tag("D_XLATE_SOU"), "translator output type must be a struct or union")
	}
	if !out.IsComplete() {
		c.errorf(d.Output, diag.Tag("D_XLATE_SOU"), "translator output type must be a struct or union")
	}
	x := &translator{out: out, in: in, inputName: d.InputName, members: map[string]ast.Expr{}}
	// The input is visible by its name while the members are checked.
	saved := c.clause
	c.clause = &clauseState{locals: map[string]*types.Type{d.InputName: in}}
	defer func() { c.clause = saved }()
	for _, m := range d.Members {
		mem, ok := out.Member(m.Name)
		if !ok {
			c.errorf(m, diag.Tag("D_XLATE_MEMB"), "translator member %s is not a member of %s", m.Name, out)
		}
		if _, dup := x.members[m.Name]; dup {
			c.errorf(m, diag.Tag("D_XLATE_REDEF"), "translator member %s redefined", m.Name)
		}
		v := c.rvalue(m.Value)
		if !types.Compatible(mem.Type, v.t) {
			c.errorf(m, diag.Tag("D_XLATE_INCOMPAT"), "translator member %s definition uses incompatible types: \"%s\" = \"%s\"", m.Name, mem.Type, v.t)
		}
		x.members[m.Name] = m.Value
	}
	c.xlators = append(c.xlators, x)
}

// providerDecl checks a provider definition.
func (c *Checker) providerDecl(d *ast.ProviderDecl) {
	seen := map[string]bool{}
	for _, p := range d.Probes {
		if seen[p.Name] {
			c.errorf(p, diag.Tag("D_PROV_PRDUP"), "probe %s:%s is already declared", d.Name, p.Name)
		}
		seen[p.Name] = true
		for _, list := range [][]*ast.Param{p.Params, p.XParams} {
			for _, a := range list {
				if a.Ellipsis {
					continue
				}
				c.derive(c.specType(a.Spec), a.Decl, false)
			}
		}
	}
	c.providers[d.Name] = d
}
