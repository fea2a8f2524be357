package ast

// Inspect traverses the tree rooted at n in depth-first order: it calls
// f(n); if f returns true, Inspect visits each child of n (statements and
// expressions; not the types in declarations).
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	exprs := func(xs []Expr) {
		for _, x := range xs {
			if x != nil {
				Inspect(x, f)
			}
		}
	}
	one := func(x Expr) {
		if x != nil {
			Inspect(x, f)
		}
	}
	switch n := n.(type) {
	case *Clause:
		for _, p := range n.Probes {
			Inspect(p, f)
		}
		one(n.Pred)
		for _, s := range n.Body {
			Inspect(s, f)
		}
	case *InlineDecl:
		one(n.Value)
	case *TranslatorDecl:
		for _, m := range n.Members {
			Inspect(m, f)
		}
	case *XlateMember:
		one(n.Value)
	case *ExprStmt:
		one(n.X)
	case *IfStmt:
		one(n.Cond)
		if n.Then != nil {
			Inspect(n.Then, f)
		}
		if n.Else != nil {
			Inspect(n.Else, f)
		}
	case *BlockStmt:
		for _, s := range n.List {
			Inspect(s, f)
		}
	case *Agg:
		exprs(n.Keys)
	case *Unary:
		one(n.X)
	case *Binary:
		one(n.X)
		one(n.Y)
	case *Assign:
		one(n.X)
		one(n.Y)
	case *Cond:
		one(n.C)
		one(n.T)
		one(n.F)
	case *Cast:
		one(n.X)
	case *SizeofExpr:
		one(n.X)
	case *Stringof:
		one(n.X)
	case *Xlate:
		one(n.X)
	case *Member:
		one(n.X)
	case *Index:
		one(n.X)
		exprs(n.Index)
	case *Call:
		Inspect(n.Fun, f)
		exprs(n.Args)
	case *Paren:
		one(n.X)
	}
}
