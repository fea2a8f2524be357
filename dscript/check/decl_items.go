package check

import (
	"slices"
	"strings"
	"unicode"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// inlineDecl checks "inline type name = expr;" as dt_node_inline does.
func (c *Checker) inlineDecl(d *ast.InlineDecl) {
	if d.Class != ast.NoClass {
		c.errorf(d, diag.D_DECL_BADCLASS, "specified storage class not appropriate for inline declaration")
	}
	base := c.specType(d.Spec)
	t, assoc := c.derive(base, d.Spec, d.Decl)
	name := d.Decl.Name
	if name == "" {
		c.errorf(d.Decl, diag.D_DECL_USELESS, "inline declaration requires a name")
	}
	if prev, ok := c.globalIdent(name); ok {
		mark := ""
		if prev.inline {
			mark = "inline"
		}
		c.errorf(d.Decl, diag.D_DECL_IDRED, "identifier redefined: %s\n\t current: inline definition\n\tprevious: %s %s", name, prev.kind, mark)
	}
	var keys []*types.Type
	if top := len(d.Decl.Mods) - 1; top >= 0 && d.Decl.Mods[top].Kind == ast.ArrayMod {
		m := d.Decl.Mods[top]
		if m.Size == nil && m.Keys == nil && !m.Variadic {
			c.errorf(d.Decl, diag.D_DECL_ARRNULL, "inline declaration requires array tuple signature: %s", name)
		}
		if !assoc {
			c.errorf(d.Decl, diag.D_DECL_ARRNULL, "inline declaration cannot be of scalar array type: %s", name)
		}
		keys, _ = c.assocKeys(d.Decl)
	}
	if t.IsVoid() {
		c.errorf(d.Decl, diag.D_DECL_VOIDOBJ, "cannot declare void inline: %s", name)
	}
	if r := t.Resolve(); incomplete(r) && !r.Complete {
		c.errorf(d.Decl, diag.D_DECL_INCOMPLETE, "incomplete struct/union/enum %s: %s", t, name)
	}
	// The parameters of an inline associative array are visible in its
	// value by their names.
	saved := c.clause
	if assoc {
		locals := map[string]*types.Type{}
		if saved != nil {
			for k, v := range saved.locals {
				locals[k] = v
			}
		}
		m := d.Decl.Mods[len(d.Decl.Mods)-1]
		for i, k := range m.Keys {
			if k.Decl != nil && k.Decl.Name != "" && i < len(keys) {
				locals[k.Decl.Name] = keys[i]
			}
		}
		c.clause = &clauseState{locals: locals}
	}
	v := c.rvalue(d.Value)
	c.clause = saved
	if !types.Compatible(t, v.t) {
		c.errorf(d.Value, diag.D_OP_INCOMPAT, "inline %s definition uses incompatible types: \"%s\" = \"%s\"", name, t, v.t)
	}
	in := &inline{name: name, typ: t, value: d.Value, xl: v.xl, assoc: assoc, keys: keys}
	if assoc {
		for _, k := range d.Decl.Mods[len(d.Decl.Mods)-1].Keys {
			p := ""
			if k.Decl != nil {
				p = k.Decl.Name
			}
			in.params = append(in.params, p)
		}
	}
	if v.isConst && !assoc {
		val := v.val
		in.cval, in.ctyp = &val, v.t
	}
	c.inlines[name] = in
	c.defineGlobal(name)
}

// translatorDecl checks a translator definition as dt_node_xlator and
// dt_cook_xlator do. DTrace's grammar builds the translator when it reduces
// the ';' after its '}': its own errors (a redeclaration, an output type
// that is no struct or union, a member the output type lacks or of an
// incompatible type) are reported at that line; those in a member's
// expression at the expression's.
func (c *Checker) translatorDecl(d *ast.TranslatorDecl) {
	var at ast.Node = d
	if d.End.Line != 0 {
		at = lineNode{d.End}
	}
	out := c.typeName(d.Output)
	in := c.typeName(d.Input)
	// The D library's translators to this type are DTrace's too, loaded
	// before any program: one of them redeclared is refused.
	c.loadLib("x:" + out.String())
	for _, x := range c.xlators {
		if types.Same(x.in, in) && types.Same(x.out, out) && sameTypeName(x.in, in) && sameTypeName(x.out, out) {
			c.errorf(at, diag.D_XLATE_REDECL, "translator from %s to %s has already been declared", in, out)
		}
	}
	r := out.Resolve()
	if incomplete(r) && !r.Complete {
		c.errorf(at, diag.D_XLATE_SOU, "incomplete struct/union/enum %s", out)
	}
	if !out.IsRecord() {
		c.errorf(at, diag.D_XLATE_SOU, "translator output type must be a struct or union")
	}
	x := &translator{out: out, in: in, inputName: d.InputName, members: map[string]ast.Expr{}}
	// The input is visible by its name while the members are checked.
	saved := c.clause
	c.clause = &clauseState{locals: map[string]*types.Type{d.InputName: in}}
	defer func() { c.clause = saved }()
	for _, m := range d.Members {
		mem, ok := out.Member(m.Name)
		if !ok {
			c.errorf(at, diag.D_XLATE_MEMB, "translator member %s is not a member of %s", m.Name, out)
		}
		v := c.rvalue(m.Value)
		if !types.Compatible(mem.Type, v.t) {
			c.errorf(at, diag.D_XLATE_INCOMPAT, "translator member %s definition uses incompatible types: \"%s\" = \"%s\"", m.Name, mem.Type, v.t)
		}
		x.members[m.Name] = m.Value
	}
	x.exported = &Translator{Out: out, In: in, InputName: d.InputName, Members: x.members}
	c.xlators = append(c.xlators, x)
}

// sameTypeName reports whether a and b print alike: translators are found
// by exact type, typedef names included.
func sameTypeName(a, b *types.Type) bool { return a.String() == b.String() }

// DTrace's name limits (DTRACE_PROVNAMELEN, DTRACE_NAMELEN).
const (
	provNameLen  = 64
	probeNameLen = 64
)

// hyphenate is strhyphenate: "__" becomes "-".
func hyphenate(s string) string { return strings.ReplaceAll(s, "__", "-") }

// providerDecl checks a provider definition: its probes as dt_node_probe
// does while they are parsed, then the provider's name, then the probes
// against an earlier definition (dt_cook_provider).
func (c *Checker) providerDecl(d *ast.ProviderDecl) {
	type probe struct {
		p            *ast.ProviderProbe
		name         string
		nargs, xargs []*types.Type
	}
	var probes []probe
	for _, p := range d.Probes {
		name := hyphenate(p.Name)
		if strings.Contains(name, "`") {
			c.errorf(p, diag.D_PROV_BADNAME, "probe name may not contain scoping operator: %s", name)
		}
		if len(name) >= probeNameLen {
			c.errorf(p, diag.D_PROV_BADNAME, "probe name may not exceed %d characters: %s", probeNameLen-1, name)
		}
		nargs := c.probeProto(p.Params, nil, "probe input")
		var xargs []*types.Type
		if p.XParams != nil {
			xargs = c.probeProto(p.XParams, p.Params, "probe output")
		}
		if len(nargs) > 255 {
			c.errorf(p, diag.D_PROV_PRARGLEN, "probe %s input prototype exceeds %d parameters: %d params used", name, 255, len(nargs))
		}
		if len(xargs) > 255 {
			c.errorf(p, diag.D_PROV_PRARGLEN, "probe %s output prototype exceeds %d parameters: %d params used", name, 255, len(xargs))
		}
		probes = append(probes, probe{p: p, name: name, nargs: nargs, xargs: xargs})
	}
	if strings.Contains(d.Name, "`") {
		c.errorf(d, diag.D_PROV_BADNAME, "provider name may not contain scoping operator: %s", d.Name)
	}
	if len(d.Name) >= provNameLen {
		c.errorf(d, diag.D_PROV_BADNAME, "provider name may not exceed %d characters: %s", provNameLen-1, d.Name)
	}
	if n := len(d.Name); n > 0 && unicode.IsDigit(rune(d.Name[n-1])) {
		c.errorf(d, diag.D_PROV_BADNAME, "provider name may not end with a digit: %s", d.Name)
	}
	prev, redecl := c.providers[d.Name]
	declared := map[string]bool{}
	for _, pr := range probes {
		var old *ast.ProviderProbe
		if redecl {
			for _, op := range prev.Probes {
				if hyphenate(op.Name) == pr.name {
					old = op
				}
			}
		}
		switch {
		case redecl && old != nil:
			c.probeCompare(d.Name, pr.p, old)
		case redecl:
			c.errorf(pr.p, diag.D_PROV_INCOMPAT, "provider interface mismatch: %s\n\t current: probe %s:%s defined\n\tprevious: probe %s:%s not defined", d.Name, d.Name, pr.name, d.Name, pr.name)
		case declared[pr.name]:
			c.errorf(pr.p, diag.D_PROV_PRDUP, "probe redeclared: %s:%s", d.Name, pr.name)
		}
		declared[pr.name] = true
	}
	if !redecl {
		c.providers[d.Name] = d
		pv := &Provider{Name: d.Name}
		for _, pr := range probes {
			pp := &ProviderProbe{Name: pr.p.Name, Args: pr.nargs}
			if pr.p.XParams != nil {
				pp.XArgs = pr.xargs
				if pp.XArgs == nil {
					pp.XArgs = []*types.Type{}
				}
			}
			pv.Probes = append(pv.Probes, pp)
		}
		c.provInfo[d.Name] = pv
	}
	if pv := c.provInfo[d.Name]; !slices.Contains(c.info.Providers, pv) {
		c.info.Providers = append(c.info.Providers, pv)
	}
}

// probeProto checks a probe's input or output prototype and returns its
// argument types. For an output prototype, inputs are the input
// parameters its names must come from.
func (c *Checker) probeProto(params, inputs []*ast.Param, kind string) []*types.Type {
	var list []*types.Type
	voids := 0
	for i, p := range params {
		if p.Ellipsis {
			continue
		}
		t := c.specType(p.Spec)
		name := ""
		assoc := false
		if p.Decl != nil {
			t, assoc = c.derive(t, p.Spec, p.Decl)
			name = p.Decl.Name
		}
		if assoc {
			c.dynamicParam(p, kind, name, i+1)
		}
		isVoid := t.IsVoid()
		if isVoid {
			voids++
		}
		if isVoid && name != "" {
			c.errorf(p, diag.D_DECL_PROTO_NAME, "void parameter may not have a name: %s", name)
		}
		if name != "" {
			in := false
			if inputs == nil {
				for _, q := range params[:i] {
					in = in || (q.Decl != nil && q.Decl.Name == name)
				}
			} else {
				for _, q := range inputs {
					in = in || (q.Decl != nil && q.Decl.Name == name)
				}
			}
			if inputs == nil && in {
				c.errorf(p, diag.D_DECL_PROTO_FORM, "parameter is already declared in %s prototype: %s, parameter #%d", kind, name, i+1)
			}
			if inputs != nil && !in {
				c.errorf(p, diag.D_DECL_PROTO_FORM, "parameter is not declared in %s prototype: %s, parameter #%d", kind, name, i+1)
			}
		}
		// dt_decl_prototype also requires output parameters to be named
		// ("parameter declaration requires a name: parameter #%d"), but
		// testdata/valid/provider_xlated_args.d expects unnamed ones to
		// be accepted.
		list = append(list, t)
	}
	if voids != 0 && len(params) > 1 {
		c.errorf(params[0], diag.D_DECL_PROTO_VOID, "void must be sole parameter")
	}
	if voids != 0 {
		return nil
	}
	return list
}

// probeCompare checks a probe redeclared in a provider declared before
// (dt_node_provider_cmp).
func (c *Checker) probeCompare(prov string, cur, old *ast.ProviderProbe) {
	name := hyphenate(cur.Name)
	cmp := func(kind string, a, b []*ast.Param) {
		at := c.paramTypes(a)
		bt := c.paramTypes(b)
		if len(at) != len(bt) {
			c.errorf(cur, diag.D_PROV_INCOMPAT, "probe %s:%s %s prototype mismatch:\n\t current: %d arg%s\n\tprevious: %d arg%s", prov, name, kind, len(at), argPlural(len(at)), len(bt), argPlural(len(bt)))
		}
		for i := range at {
			if !types.Same(at[i], bt[i]) {
				c.errorf(cur, diag.D_PROV_INCOMPAT, "probe %s:%s %s prototype argument #%d mismatch:\n\t current: %s\n\tprevious: %s", prov, name, kind, i+1, at[i], bt[i])
			}
		}
	}
	cmp("input", cur.Params, old.Params)
	if (cur.XParams != nil) != (old.XParams != nil) {
		if cur.XParams != nil {
			c.errorf(cur, diag.D_PROV_INCOMPAT, "provider interface mismatch: %s\n\t current: probe %s:%s has an output prototype\n\tprevious: probe %s:%s has no output prototype", prov, prov, name, prov, name)
		}
		c.errorf(cur, diag.D_PROV_INCOMPAT, "provider interface mismatch: %s\n\t current: probe %s:%s has no output prototype\n\tprevious: probe %s:%s has an output prototype", prov, prov, name, prov, name)
	}
	if cur.XParams != nil {
		cmp("output", cur.XParams, old.XParams)
	}
}

func argPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// paramTypes returns the types of a parameter list, a sole void giving
// none.
func (c *Checker) paramTypes(params []*ast.Param) []*types.Type {
	var list []*types.Type
	for _, p := range params {
		if p.Ellipsis {
			continue
		}
		t := c.specType(p.Spec)
		if p.Decl != nil {
			t, _ = c.derive(t, p.Spec, p.Decl)
		}
		if t.IsVoid() {
			return nil
		}
		list = append(list, t)
	}
	return list
}
