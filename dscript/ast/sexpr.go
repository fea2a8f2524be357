package ast

import (
	"fmt"
	"strings"
)

// Sexpr prints n as an S-expression, for tests and debugging: "(+ a (* b
// c))", "(= x 1)", "(call printf "%d\n" x)", "(index a x y)", "(-> p f)",
// "(. s f)", "(?: c t f)", "(cast (type int *) x)", "(self x)", "(@a k)",
// "(postinc x)". Literals print as written; types print as "(type SPEC
// MODS...)", with the declarator's modifiers in the order they apply.
func Sexpr(n Node) string {
	var b strings.Builder
	sexpr(&b, n)
	return b.String()
}

// SexprFile prints a whole file: "(file ITEM...)".
func SexprFile(f *File) string {
	var b strings.Builder
	sexpr(&b, f)
	return b.String()
}

func sexpr(b *strings.Builder, n any) {
	switch x := n.(type) {
	case nil:
		b.WriteString("nil")
	case *File:
		b.WriteString("(file")
		if x.Interpreter != "" {
			fmt.Fprintf(b, " (interp %q)", x.Interpreter)
		}
		for _, it := range x.Items {
			b.WriteByte(' ')
			sexpr(b, it)
		}
		b.WriteByte(')')
	case *Clause:
		b.WriteString("(clause (probes")
		for _, p := range x.Probes {
			b.WriteByte(' ')
			sexpr(b, p)
		}
		b.WriteByte(')')
		if x.Pred != nil {
			b.WriteString(" (pred ")
			sexpr(b, x.Pred)
			b.WriteByte(')')
		}
		if x.NoBody {
			b.WriteString(" nobody")
		} else {
			b.WriteString(" (body")
			stmts(b, x.Body)
			b.WriteByte(')')
		}
		b.WriteByte(')')
	case *ProbeDesc:
		b.WriteString(x.Text)
	case *Pragma:
		b.WriteString("(pragma")
		for _, w := range x.Words {
			b.WriteByte(' ')
			b.WriteString(w)
		}
		b.WriteByte(')')
	case *Decl:
		b.WriteString("(declare")
		if x.Class != NoClass {
			b.WriteByte(' ')
			b.WriteString(x.Class.String())
		}
		b.WriteByte(' ')
		spec(b, x.Spec)
		for _, d := range x.Declarators {
			b.WriteByte(' ')
			sexpr(b, d)
		}
		b.WriteByte(')')
	case *InlineDecl:
		b.WriteString("(inline ")
		spec(b, x.Spec)
		b.WriteByte(' ')
		sexpr(b, x.Decl)
		b.WriteByte(' ')
		sexpr(b, x.Value)
		b.WriteByte(')')
	case *TranslatorDecl:
		b.WriteString("(translator ")
		sexpr(b, x.Output)
		b.WriteByte(' ')
		sexpr(b, x.Input)
		b.WriteByte(' ')
		b.WriteString(x.InputName)
		for _, m := range x.Members {
			b.WriteByte(' ')
			sexpr(b, m)
		}
		b.WriteByte(')')
	case *XlateMember:
		fmt.Fprintf(b, "(%s ", x.Name)
		sexpr(b, x.Value)
		b.WriteByte(')')
	case *ProviderDecl:
		fmt.Fprintf(b, "(provider %s", x.Name)
		for _, p := range x.Probes {
			b.WriteByte(' ')
			sexpr(b, p)
		}
		b.WriteByte(')')
	case *ProviderProbe:
		fmt.Fprintf(b, "(probe %s ", x.Name)
		params(b, x.Params, false, false)
		if x.XParams != nil {
			b.WriteString(" : ")
			params(b, x.XParams, false, false)
		}
		b.WriteByte(')')
	case *TypeSpec:
		spec(b, x)
	case *TypeName:
		b.WriteString("(type ")
		spec(b, x.Spec)
		if x.Decl != nil {
			mods(b, x.Decl.Mods)
		}
		b.WriteByte(')')
	case *Declarator:
		b.WriteByte('(')
		if x.Name != "" {
			b.WriteString(x.Name)
		} else {
			b.WriteByte('_')
		}
		mods(b, x.Mods)
		if x.Bits != nil {
			b.WriteString(" : ")
			sexpr(b, x.Bits)
		}
		if x.Init != nil {
			b.WriteString(" = ")
			sexpr(b, x.Init)
		}
		b.WriteByte(')')
	case *Param:
		param(b, x)
	case *RecordSpec, *EnumSpec, *FieldDecl, *Enumerator, *DeclMod:
		b.WriteString("(")
		fmt.Fprintf(b, "%T", x)
		b.WriteString(")")

	case *ExprStmt:
		sexpr(b, x.X)
	case *IfStmt:
		b.WriteString("(if ")
		sexpr(b, x.Cond)
		b.WriteByte(' ')
		sexpr(b, x.Then)
		if x.Else != nil {
			b.WriteByte(' ')
			sexpr(b, x.Else)
		}
		b.WriteByte(')')
	case *BlockStmt:
		b.WriteString("(block")
		stmts(b, x.List)
		b.WriteByte(')')

	case *Ident:
		if x.Backquote {
			b.WriteString(x.Module)
			b.WriteByte('`')
		}
		b.WriteString(x.Name)
	case *IntLit:
		b.WriteString(x.Text)
	case *CharLit:
		b.WriteString(x.Text)
	case *StringLit:
		b.WriteString(x.Text)
	case *Macro:
		b.WriteString(x.Name)
	case *ScopedVar:
		fmt.Fprintf(b, "(%s %s)", x.Scope, x.Name)
	case *Agg:
		if x.Keys == nil {
			b.WriteString("@" + x.Name)
			break
		}
		b.WriteString("(@" + x.Name)
		exprs(b, x.Keys)
		b.WriteByte(')')
	case *Unary:
		var name string
		switch x.Op {
		case PreInc:
			name = "preinc"
		case PreDec:
			name = "predec"
		case PostInc:
			name = "postinc"
		case PostDec:
			name = "postdec"
		default:
			name = x.Op.String()
		}
		fmt.Fprintf(b, "(%s ", name)
		sexpr(b, x.X)
		b.WriteByte(')')
	case *Binary:
		fmt.Fprintf(b, "(%s ", x.Op)
		sexpr(b, x.X)
		b.WriteByte(' ')
		sexpr(b, x.Y)
		b.WriteByte(')')
	case *Assign:
		fmt.Fprintf(b, "(%s ", x.Op)
		sexpr(b, x.X)
		b.WriteByte(' ')
		sexpr(b, x.Y)
		b.WriteByte(')')
	case *Cond:
		b.WriteString("(?: ")
		sexpr(b, x.C)
		b.WriteByte(' ')
		sexpr(b, x.T)
		b.WriteByte(' ')
		sexpr(b, x.F)
		b.WriteByte(')')
	case *Cast:
		b.WriteString("(cast ")
		sexpr(b, x.Type)
		b.WriteByte(' ')
		sexpr(b, x.X)
		b.WriteByte(')')
	case *SizeofType:
		b.WriteString("(sizeof ")
		sexpr(b, x.Type)
		b.WriteByte(')')
	case *SizeofExpr:
		b.WriteString("(sizeof ")
		sexpr(b, x.X)
		b.WriteByte(')')
	case *Offsetof:
		b.WriteString("(offsetof ")
		sexpr(b, x.Type)
		b.WriteByte(' ')
		b.WriteString(x.Member)
		b.WriteByte(')')
	case *Stringof:
		b.WriteString("(stringof ")
		sexpr(b, x.X)
		b.WriteByte(')')
	case *Xlate:
		b.WriteString("(xlate ")
		sexpr(b, x.Type)
		b.WriteByte(' ')
		sexpr(b, x.X)
		b.WriteByte(')')
	case *Member:
		op := "."
		if x.Arrow {
			op = "->"
		}
		fmt.Fprintf(b, "(%s ", op)
		sexpr(b, x.X)
		b.WriteByte(' ')
		b.WriteString(x.Name)
		b.WriteByte(')')
	case *Index:
		b.WriteString("(index ")
		sexpr(b, x.X)
		exprs(b, x.Index)
		b.WriteByte(')')
	case *Call:
		b.WriteString("(call ")
		sexpr(b, x.Fun)
		exprs(b, x.Args)
		b.WriteByte(')')
	case *Paren:
		b.WriteString("(paren ")
		sexpr(b, x.X)
		b.WriteByte(')')
	default:
		fmt.Fprintf(b, "(?%T)", n)
	}
}

func stmts(b *strings.Builder, list []Stmt) {
	for _, s := range list {
		b.WriteByte(' ')
		sexpr(b, s)
	}
}

func exprs(b *strings.Builder, list []Expr) {
	for _, x := range list {
		b.WriteByte(' ')
		sexpr(b, x)
	}
}

// spec prints a type specifier: "int", "unsigned long long", "foo_t",
// "const char", "struct s", "(struct s (int a) (int b : 3))", "(enum e A (B 2))".
func spec(b *strings.Builder, s *TypeSpec) {
	if s == nil {
		b.WriteString("nil")
		return
	}
	var parts []string
	if s.Quals&Const != 0 {
		parts = append(parts, "const")
	}
	if s.Quals&Volatile != 0 {
		parts = append(parts, "volatile")
	}
	if s.Quals&Restrict != 0 {
		parts = append(parts, "restrict")
	}
	parts = append(parts, s.Words...)
	if s.Named != "" {
		if s.Module != "" {
			parts = append(parts, s.Module+"`"+s.Named)
		} else {
			parts = append(parts, s.Named)
		}
	}
	b.WriteString(strings.Join(parts, " "))
	sep := func() {
		if len(parts) > 0 {
			b.WriteByte(' ')
		}
	}
	if r := s.Record; r != nil {
		sep()
		kw := "struct"
		if r.Union {
			kw = "union"
		}
		name := r.Name
		if r.Module != "" {
			name = r.Module + "`" + name
		}
		if !r.HasBody {
			b.WriteString(kw + " " + name)
			return
		}
		b.WriteString("(" + kw)
		if name != "" {
			b.WriteString(" " + name)
		}
		for _, f := range r.Fields {
			b.WriteString(" (")
			spec(b, f.Spec)
			for _, d := range f.Declarators {
				b.WriteByte(' ')
				sexpr(b, d)
			}
			b.WriteByte(')')
		}
		b.WriteByte(')')
	}
	if e := s.Enum; e != nil {
		sep()
		name := e.Name
		if e.Module != "" {
			name = e.Module + "`" + name
		}
		if !e.HasBody {
			b.WriteString("enum " + name)
			return
		}
		b.WriteString("(enum")
		if name != "" {
			b.WriteString(" " + name)
		}
		for _, m := range e.Members {
			b.WriteByte(' ')
			if m.Value == nil {
				b.WriteString(m.Name)
				continue
			}
			b.WriteString("(" + m.Name + " ")
			sexpr(b, m.Value)
			b.WriteByte(')')
		}
		b.WriteByte(')')
	}
}

// mods prints declarator modifiers: "*", "const*", "[5]", "[]", "[(type
// string) (type int)]", "(params)".
func mods(b *strings.Builder, list []*DeclMod) {
	for _, m := range list {
		b.WriteByte(' ')
		switch m.Kind {
		case PointerMod:
			if m.Quals&Const != 0 {
				b.WriteString("const")
			}
			if m.Quals&Volatile != 0 {
				b.WriteString("volatile")
			}
			if m.Quals&Restrict != 0 {
				b.WriteString("restrict")
			}
			b.WriteByte('*')
		case ArrayMod:
			b.WriteByte('[')
			if m.Size != nil {
				sexpr(b, m.Size)
			}
			for i, k := range m.Keys {
				if i > 0 {
					b.WriteByte(' ')
				}
				sexpr(b, k)
			}
			b.WriteByte(']')
		case FuncMod:
			params(b, m.Params, m.Void, m.Variadic)
		}
	}
}

func params(b *strings.Builder, list []*Param, void, _ bool) {
	b.WriteString("(params")
	if void {
		b.WriteString(" void")
	}
	for _, p := range list {
		b.WriteByte(' ')
		param(b, p)
	}
	b.WriteByte(')')
}

func param(b *strings.Builder, p *Param) {
	if p.Ellipsis {
		b.WriteString("...")
		return
	}
	b.WriteString("(type ")
	spec(b, p.Spec)
	if p.Decl != nil {
		if p.Decl.Name != "" {
			b.WriteString(" " + p.Decl.Name + ":")
		}
		mods(b, p.Decl.Mods)
	}
	b.WriteByte(')')
}
