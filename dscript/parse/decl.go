package parse

import (
	"github.com/antlr4-go/antlr/v4"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	p "github.com/dtrace-go/dtrace/grammar/parser"
)

func (b *builder) declaration(c *p.DeclarationContext) *ast.Decl {
	d := &ast.Decl{At: b.ctxPos(c)}
	d.Class, d.Spec = b.declSpecifiers(c.DeclarationSpecifiers())
	for _, dc := range c.AllDeclarator() {
		dd := b.declarator(dc)
		// DTrace declares a declarator (dt_node_decl) when its grammar
		// reduces it, on seeing the ',' or ';' after it: what is wrong
		// with the declaration is reported at that token's line.
		b.lines[dd] = b.pos(b.next(dc.GetStop()))
		d.Declarators = append(d.Declarators, dd)
	}
	if len(d.Declarators) == 0 {
		// "int;" is declared (and found useless) when its ';' is read.
		b.lines[d] = b.pos(c.GetStop())
	}
	return d
}

var storageClasses = map[int]ast.StorageClass{
	p.DParserAUTO: ast.Auto, p.DParserREGISTER: ast.Register, p.DParserSTATIC: ast.Static,
	p.DParserEXTERN: ast.Extern, p.DParserTYPEDEF: ast.Typedef, p.DParserSELF: ast.Self,
	p.DParserTHIS: ast.This,
}

// declSpecifiers builds the storage class and the type specifier of a
// declaration.
func (b *builder) declSpecifiers(c p.IDeclarationSpecifiersContext) (ast.StorageClass, *ast.TypeSpec) {
	spec := &ast.TypeSpec{At: b.ctxPos(c)}
	class := ast.NoClass
	for _, ch := range c.GetChildren() {
		switch x := ch.(type) {
		case *p.StorageClassContext:
			if class != ast.NoClass {
				b.fail(diag.Errorf(b.ctxPos(x), diag.D_DECL_CLASS, "only one storage class allowed in a declaration"))
			}
			class = storageClasses[x.GetStart().GetTokenType()]
		case *p.TypeSpecifierContext:
			b.typeSpecifier(x, spec)
		case *p.TypeQualifierContext:
			spec.Quals |= qualOf(x.GetStart())
		}
	}
	return class, spec
}

func qualOf(t antlr.Token) ast.Qual {
	switch t.GetTokenType() {
	case p.DParserCONST:
		return ast.Const
	case p.DParserVOLATILE:
		return ast.Volatile
	}
	return ast.Restrict
}

func (b *builder) specifierQualifierList(c p.ISpecifierQualifierListContext) *ast.TypeSpec {
	spec := &ast.TypeSpec{At: b.ctxPos(c)}
	for _, ch := range c.GetChildren() {
		switch x := ch.(type) {
		case *p.TypeSpecifierContext:
			b.typeSpecifier(x, spec)
		case *p.TypeQualifierContext:
			spec.Quals |= qualOf(x.GetStart())
		}
	}
	return spec
}

func (b *builder) typeSpecifier(c *p.TypeSpecifierContext, spec *ast.TypeSpec) {
	if (c.StructSpecifier() != nil || c.EnumSpecifier() != nil) && (spec.Record != nil || spec.Enum != nil) {
		if spec.Combo == nil {
			pos := b.comboPos(c)
			spec.Combo = &pos
		}
		return
	}
	if sc := c.StructSpecifier(); sc != nil {
		spec.Record = b.record(sc.(*p.StructSpecifierContext))
		return
	}
	if ec := c.EnumSpecifier(); ec != nil {
		spec.Enum = b.enum(ec.(*p.EnumSpecifierContext))
		return
	}
	t := c.GetStart()
	if t.GetTokenType() == p.DParserTYPE_NAME {
		spec.Named, spec.Module = splitModule(t.GetText())
		return
	}
	spec.Words = append(spec.Words, t.GetText())
}

// comboPos is the line DTrace's parser refuses a second struct, union or
// enum specifier at: that of the '{' its definition opens (the token the
// rule that names it is reduced on), else that of the token after it.
func (b *builder) comboPos(c *p.TypeSpecifierContext) ast.Pos {
	var body antlr.ParserRuleContext
	if sc, ok := c.StructSpecifier().(*p.StructSpecifierContext); ok && sc.StructBody() != nil {
		body = sc.StructBody()
	} else if ec, ok := c.EnumSpecifier().(*p.EnumSpecifierContext); ok && ec.EnumBody() != nil {
		body = ec.EnumBody()
	}
	if body != nil {
		return b.pos(body.GetStart())
	}
	if i := c.GetStop().GetTokenIndex() + 1; i < b.stream.Size() {
		return b.pos(b.stream.Get(i))
	}
	return b.ctxPos(c)
}

func (b *builder) record(c *p.StructSpecifierContext) *ast.RecordSpec {
	r := &ast.RecordSpec{At: b.ctxPos(c), Union: c.GetStart().GetTokenType() == p.DParserUNION}
	if id := c.IDENT(); id != nil {
		r.Name, r.Module = splitModule(id.GetText())
	}
	if body := c.StructBody(); body != nil {
		r.HasBody = true
		for _, sd := range body.AllStructDeclaration() {
			fd := &ast.FieldDecl{At: b.ctxPos(sd), Spec: b.specifierQualifierList(sd.SpecifierQualifierList())}
			for _, sdc := range sd.AllStructDeclarator() {
				var d *ast.Declarator
				if dc := sdc.Declarator(); dc != nil {
					d = b.declarator(dc)
				} else {
					d = &ast.Declarator{At: b.ctxPos(sdc)}
				}
				if ce := sdc.Expr(); ce != nil {
					d.Bits = b.expr(ce)
				}
				fd.Declarators = append(fd.Declarators, d)
			}
			r.Fields = append(r.Fields, fd)
		}
	}
	return r
}

func (b *builder) enum(c *p.EnumSpecifierContext) *ast.EnumSpec {
	e := &ast.EnumSpec{At: b.ctxPos(c)}
	if id := c.IDENT(); id != nil {
		e.Name, e.Module = splitModule(id.GetText())
	}
	if body := c.EnumBody(); body != nil {
		e.HasBody = true
		for _, ec := range body.AllEnumerator() {
			en := &ast.Enumerator{At: b.ctxPos(ec), Name: ec.IDENT().GetText()}
			if v := ec.Expr(); v != nil {
				en.Value = b.expr(v)
			}
			e.Members = append(e.Members, en)
		}
	}
	return e
}

// declarator builds a declarator. Its modifiers apply to the base type in
// order: the pointers written before the name, then the suffixes from the
// right, then whatever a parenthesized inner declarator derives.
func (b *builder) declarator(c p.IDeclaratorContext) *ast.Declarator {
	d := &ast.Declarator{At: b.ctxPos(c)}
	b.declaratorInto(c, d)
	return d
}

func (b *builder) declaratorInto(c p.IDeclaratorContext, d *ast.Declarator) {
	if pc := c.Pointer(); pc != nil {
		d.Mods = append(d.Mods, b.pointer(pc)...)
		b.limitMods(d, pc.GetStop())
	}
	dd := c.DirectDeclarator()
	suffixes := dd.AllDeclaratorSuffix()
	for i := len(suffixes) - 1; i >= 0; i-- {
		d.Mods = append(d.Mods, b.suffix(suffixes[i]))
		b.limitMods(d, suffixes[i].GetStart())
	}
	if id := dd.IDENT(); id != nil {
		d.Name = id.GetText()
		return
	}
	b.declaratorInto(dd.Declarator(), d)
}

// limitMods refuses a declarator of more than MaxNesting modifiers (the
// types derived from it would nest as deep), near tok.
func (b *builder) limitMods(d *ast.Declarator, tok antlr.Token) {
	if len(d.Mods) > MaxNesting {
		b.fail(b.ts.exhausted(tok))
	}
}

func (b *builder) pointer(c p.IPointerContext) []*ast.DeclMod {
	var mods []*ast.DeclMod
	for _, ch := range c.GetChildren() {
		switch x := ch.(type) {
		case antlr.TerminalNode:
			if len(mods) == MaxNesting {
				// DTrace's grammar stacks a pointer's '*'s.
				b.fail(b.ts.exhausted(x.GetSymbol()))
			}
			mods = append(mods, &ast.DeclMod{At: b.pos(x.GetSymbol()), Kind: ast.PointerMod})
		case *p.TypeQualifierContext:
			mods[len(mods)-1].Quals |= qualOf(x.GetStart())
		}
	}
	return mods
}

func (b *builder) suffix(c p.IDeclaratorSuffixContext) *ast.DeclMod {
	m := &ast.DeclMod{At: b.ctxPos(c)}
	if pl := c.ParameterList(); pl != nil {
		m.Kind = ast.FuncMod
		m.Params, m.Variadic = b.parameterList(pl)
		if len(m.Params) == 1 && isVoidParam(m.Params[0]) {
			m.Params, m.Void = nil, true
		}
		return m
	}
	m.Kind = ast.ArrayMod
	ap := c.ArrayParameters()
	if ap == nil {
		return m
	}
	if ce := ap.Expr(); ce != nil {
		m.Size = b.expr(ce)
		return m
	}
	params, variadic := b.parameterTypeList(ap.ParameterTypeList())
	m.Variadic = variadic
	for _, pa := range params {
		if pa.Ellipsis {
			continue
		}
		m.Keys = append(m.Keys, &ast.TypeName{At: pa.At, Class: pa.Class, Spec: pa.Spec, Decl: pa.Decl})
	}
	return m
}

func isVoidParam(pa *ast.Param) bool {
	s := pa.Spec
	return !pa.Ellipsis && pa.Decl == nil && s != nil && len(s.Words) == 1 && s.Words[0] == "void" &&
		s.Named == "" && s.Record == nil && s.Enum == nil && s.Quals == 0
}

// parameterList builds "( params )". A "..." is kept as a last parameter
// with Ellipsis set, and reported as variadic.
func (b *builder) parameterList(c p.IParameterListContext) ([]*ast.Param, bool) {
	if ptl := c.ParameterTypeList(); ptl != nil {
		return b.parameterTypeList(ptl)
	}
	return nil, false
}

func (b *builder) parameterTypeList(c p.IParameterTypeListContext) ([]*ast.Param, bool) {
	var params []*ast.Param
	variadic := false
	for _, ch := range c.GetChildren() {
		switch x := ch.(type) {
		case *p.ParameterDeclarationContext:
			params = append(params, b.parameter(x))
		case antlr.TerminalNode:
			if x.GetSymbol().GetTokenType() == p.DParserELLIPSIS {
				params = append(params, &ast.Param{At: b.pos(x.GetSymbol()), Ellipsis: true})
				variadic = true
			}
		}
	}
	return params, variadic
}

func (b *builder) parameter(c *p.ParameterDeclarationContext) *ast.Param {
	pa := &ast.Param{At: b.ctxPos(c)}
	pa.Class, pa.Spec = b.declSpecifiers(c.DeclarationSpecifiers())
	if dc := c.Declarator(); dc != nil {
		pa.Decl = b.declarator(dc)
	} else if ac := c.AbstractDeclarator(); ac != nil {
		pa.Decl = b.abstract(ac)
	}
	return pa
}

func (b *builder) typeName(c p.ITypeNameContext) *ast.TypeName {
	tn := &ast.TypeName{At: b.ctxPos(c), Spec: b.specifierQualifierList(c.SpecifierQualifierList())}
	if ac := c.AbstractDeclarator(); ac != nil {
		tn.Decl = b.abstract(ac)
	}
	return tn
}

func (b *builder) abstract(c p.IAbstractDeclaratorContext) *ast.Declarator {
	d := &ast.Declarator{At: b.ctxPos(c)}
	b.abstractInto(c, d)
	return d
}

func (b *builder) abstractInto(c p.IAbstractDeclaratorContext, d *ast.Declarator) {
	if pc := c.Pointer(); pc != nil {
		d.Mods = append(d.Mods, b.pointer(pc)...)
		b.limitMods(d, pc.GetStop())
	}
	dd := c.DirectAbstractDeclarator()
	if dd == nil {
		return
	}
	suffixes := dd.AllDeclaratorSuffix()
	for i := len(suffixes) - 1; i >= 0; i-- {
		d.Mods = append(d.Mods, b.suffix(suffixes[i]))
		b.limitMods(d, suffixes[i].GetStart())
	}
	if inner := dd.AbstractDeclarator(); inner != nil {
		b.abstractInto(inner, d)
	}
}

func (b *builder) inline(c *p.InlineDefinitionContext) *ast.InlineDecl {
	d := &ast.InlineDecl{At: b.ctxPos(c)}
	d.Class, d.Spec = b.declSpecifiers(c.DeclarationSpecifiers())
	d.Decl = b.declarator(c.Declarator())
	d.Value = b.expr(c.Expr())
	return d
}

func (b *builder) translator(c *p.TranslatorDefinitionContext) *ast.TranslatorDecl {
	tn := c.AllTypeName()
	d := &ast.TranslatorDecl{
		At:        b.ctxPos(c),
		Output:    b.typeName(tn[0]),
		Input:     b.typeName(tn[1]),
		InputName: c.IDENT().GetText(),
		End:       b.pos(c.GetStop()),
	}
	for _, m := range c.AllTranslatorMember() {
		d.Members = append(d.Members, &ast.XlateMember{
			At:    b.ctxPos(m),
			Name:  m.IDENT().GetText(),
			Value: b.expr(m.Expr()),
		})
	}
	return d
}

func (b *builder) provider(c *p.ProviderDefinitionContext) *ast.ProviderDecl {
	d := &ast.ProviderDecl{At: b.ctxPos(c), Name: c.IDENT().GetText()}
	for _, pc := range c.AllProviderProbe() {
		pp := &ast.ProviderProbe{At: b.ctxPos(pc), Name: pc.IDENT().GetText()}
		lists := pc.AllParameterList()
		pp.Params, _ = b.parameterList(lists[0])
		if pp.Params == nil {
			pp.Params = []*ast.Param{}
		}
		if len(lists) > 1 {
			pp.XParams, _ = b.parameterList(lists[1])
			if pp.XParams == nil {
				pp.XParams = []*ast.Param{}
			}
		}
		d.Probes = append(d.Probes, pp)
	}
	return d
}
