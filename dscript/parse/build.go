package parse

import (
	"math"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	p "github.com/dtrace-go/dtrace/grammar/parser"
)

// builder turns the parse tree into the syntax tree. The first error it
// finds stops it (a panic with *diag.Error, recovered by program).
type builder struct {
	ts     *tokenSource
	cfg    Config
	stream *antlr.CommonTokenStream
	// built holds the last token of each expression built and how deep
	// its tree is; lines the positions recorded in ast.File.Lines.
	built map[ast.Expr]builtExpr
	lines map[ast.Node]ast.Pos
}

// builtExpr is what the builder keeps of an expression it built.
type builtExpr struct {
	end   antlr.Token // its last token
	depth int         // how deep its tree is: 1 for a leaf
}

// next returns the token after t: the lookahead DTrace's parser holds
// when it reduces a construct that ends with t and needs one.
func (b *builder) next(t antlr.Token) antlr.Token {
	if i := t.GetTokenIndex() + 1; i < b.stream.Size() {
		return b.stream.Get(i)
	}
	return t
}

// mark records that x ends with token stop and how deep its tree is
// (refusing it beyond MaxExprDepth, near the token after stop, the
// lookahead DTrace's parser holds), and where DTrace's parser stands
// when it builds x's node, if that is not where x starts: at stop
// for a construct its grammar reduces without a lookahead (x[i], x->m,
// self->m, x++, sizeof (type), offsetof, xlate), at the token after stop
// for one it reduces on seeing what follows (operators, casts, sizeof
// and stringof of an expression). Errors found in x are reported there,
// as DTrace reports them at the node's dn_line.
func (b *builder) mark(x ast.Expr, stop antlr.Token) ast.Expr {
	depth := b.depthOf(x)
	if depth > MaxExprDepth {
		b.fail(b.ts.exhausted(b.next(stop)))
	}
	b.built[x] = builtExpr{end: stop, depth: depth}
	var at ast.Pos
	switch x := x.(type) {
	case *ast.Index, *ast.Member, *ast.ScopedVar, *ast.SizeofType, *ast.Offsetof, *ast.Xlate:
		at = b.pos(stop)
	case *ast.Unary:
		if x.Op == ast.PostInc || x.Op == ast.PostDec {
			at = b.pos(stop)
		} else {
			at = b.pos(b.next(stop))
		}
	case *ast.Binary, *ast.Assign, *ast.Cond, *ast.Cast, *ast.SizeofExpr, *ast.Stringof:
		at = b.pos(b.next(stop))
	default:
		return x
	}
	if at != x.Pos() {
		b.lines[x] = at
	}
	return x
}

func (b *builder) pos(t antlr.Token) ast.Pos {
	return b.ts.lines.pos(t.GetLine(), t.GetColumn())
}

func (b *builder) ctxPos(c antlr.ParserRuleContext) ast.Pos { return b.pos(c.GetStart()) }

func (b *builder) fail(e *diag.Error) { panic(e) }

// near fails with DTrace's syntax error at tok.
func (b *builder) near(tok antlr.Token) { b.fail(b.ts.nearError(tok)) }

func (b *builder) program(tree p.IProgramContext, f *ast.File) (err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*diag.Error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	type placed struct {
		stop int
		item ast.Item
	}
	var items []placed
	for _, it := range tree.AllItem() {
		items = append(items, placed{stop: it.GetStop().GetTokenIndex(), item: b.item(it)})
	}
	// Interleave the pragmas: a pragma goes before the item it is found in
	// or before.
	prag := b.ts.pragmas
	for _, it := range items {
		for len(prag) > 0 && prag[0].next <= it.stop {
			f.Items = append(f.Items, prag[0].pragma)
			prag = prag[1:]
		}
		f.Items = append(f.Items, it.item)
	}
	for _, pp := range prag {
		f.Items = append(f.Items, pp.pragma)
	}
	return nil
}

func (b *builder) item(c p.IItemContext) ast.Item {
	switch x := c.GetChild(0).(type) {
	case *p.ClauseContext:
		return b.clause(x)
	case *p.DeclarationContext:
		return b.declaration(x)
	case *p.InlineDefinitionContext:
		return b.inline(x)
	case *p.TranslatorDefinitionContext:
		return b.translator(x)
	case *p.ProviderDefinitionContext:
		return b.provider(x)
	}
	panic("parse: unknown item")
}

// ------------------------------------------------------------------ clauses

func (b *builder) clause(c *p.ClauseContext) *ast.Clause {
	cl := &ast.Clause{At: b.ctxPos(c)}
	for _, ps := range c.AllProbeSpecifier() {
		cl.Probes = append(cl.Probes, b.probeDesc(ps.GetStart()))
	}
	if pr := c.Predicate(); pr != nil {
		cl.Pred = b.expression(pr.Expression())
	}
	if body := c.Body(); body != nil {
		cl.Body = b.statementList(body.Block().StatementList())
		if cl.Body == nil {
			cl.Body = []ast.Stmt{}
		}
		cl.End = b.pos(body.GetStop())
	} else {
		cl.NoBody = true
	}
	return cl
}

// specNames name the field a description of fewer fields ends in, as
// dt_node_pdesc_by_id names it.
var specNames = [...]string{SpecName: "name", SpecFunc: "function", SpecModule: "module", SpecProvider: "provider"}

// probeDesc splits a probe description into its fields, from the right,
// the last one written going to the configured field.
func (b *builder) probeDesc(t antlr.Token) *ast.ProbeDesc {
	text := t.GetText()
	pd := &ast.ProbeDesc{At: b.pos(t), Text: text, Tok: t.GetTokenIndex()}
	if t.GetTokenType() == p.DParserINTEGER {
		// A probe ID: Count 0 (dt_node_pdesc_by_id).
		id, err := intValue(text)
		pd.ID, pd.IDErr = id, err != nil
		if b.cfg.Spec != SpecName && err == nil && id <= math.MaxUint32 {
			b.fail(diag.Errorf(pd.At, diag.D_PDESC_INVAL,
				"probe identifier %d not permitted when specifying %s", id, specNames[b.cfg.Spec]))
		}
		return pd
	}
	fields := strings.Split(text, ":")
	pd.Count = len(fields)
	last := 3 - int(b.cfg.Spec) // index in provider:module:function:name
	if last < 0 || last > 3 {
		last = 3
	}
	if len(fields) > last+1 {
		b.fail(diag.Errorf(pd.At, diag.D_PDESC_INVAL,
			"invalid probe description \"%s\": Overspecified probe description", text))
	}
	dst := [4]*string{&pd.Provider, &pd.Module, &pd.Func, &pd.Name}
	for i := range fields {
		*dst[last-len(fields)+1+i] = fields[i]
	}
	return pd
}

// statementList builds a list of statements; the grammar nests the rest of
// a list after each expression statement's ';'.
func (b *builder) statementList(c p.IStatementListContext) []ast.Stmt {
	var list []ast.Stmt
	for c != nil {
		var next p.IStatementListContext
		for _, ch := range c.GetChildren() {
			switch x := ch.(type) {
			case *p.IfStatementContext:
				list = append(list, b.ifStatement(x))
			case *p.BlockContext:
				list = append(list, b.block(x))
			case *p.ExpressionContext:
				list = append(list, &ast.ExprStmt{X: b.expression(x)})
			case *p.StatementListContext:
				next = x
			}
		}
		c = next
	}
	return list
}

func (b *builder) ifStatement(c *p.IfStatementContext) *ast.IfStmt {
	is := &ast.IfStmt{At: b.ctxPos(c), Cond: b.expression(c.Expression())}
	br := c.AllBranch()
	is.Then = b.branch(br[0])
	if len(br) > 1 {
		is.Else = b.branch(br[1])
	}
	return is
}

func (b *builder) block(c p.IBlockContext) *ast.BlockStmt {
	return &ast.BlockStmt{At: b.ctxPos(c), List: b.statementList(c.StatementList())}
}

func (b *builder) branch(c p.IBranchContext) ast.Stmt {
	bc := c.(*p.BranchContext)
	switch x := bc.GetChild(0).(type) {
	case *p.IfStatementContext:
		return b.ifStatement(x)
	case *p.BlockContext:
		return b.block(x)
	case *p.ExpressionContext:
		return &ast.ExprStmt{X: b.expression(x)}
	}
	return &ast.BlockStmt{At: b.ctxPos(bc)} // an empty statement
}

// -------------------------------------------------------------- expressions

func (b *builder) expression(c p.IExpressionContext) ast.Expr {
	list := c.AllExpr()
	x := b.expr(list[0])
	for _, a := range list[1:] {
		y := b.expr(a)
		x = b.mark(&ast.Binary{At: x.Pos(), Op: ast.Comma, X: x, Y: y}, b.built[y].end)
	}
	return x
}

var assignOps = map[int]ast.Op{
	p.DParserASSIGN: ast.AssignOp, p.DParserMUL_EQ: ast.MulAssign, p.DParserDIV_EQ: ast.DivAssign,
	p.DParserMOD_EQ: ast.ModAssign, p.DParserADD_EQ: ast.AddAssign, p.DParserSUB_EQ: ast.SubAssign,
	p.DParserLSHIFT_EQ: ast.ShlAssign, p.DParserRSHIFT_EQ: ast.ShrAssign, p.DParserAND_EQ: ast.AndAssign,
	p.DParserXOR_EQ: ast.XorAssign, p.DParserOR_EQ: ast.OrAssign,
}

var binaryOps = map[int]ast.Op{
	p.DParserSTAR: ast.Mul, p.DParserSLASH: ast.Div, p.DParserPERCENT: ast.Mod,
	p.DParserPLUS: ast.Add, p.DParserMINUS: ast.Sub, p.DParserLSHIFT: ast.Shl, p.DParserRSHIFT: ast.Shr,
	p.DParserLT: ast.Lt, p.DParserGT: ast.Gt, p.DParserLE: ast.Le, p.DParserGE: ast.Ge,
	p.DParserEQ: ast.Eq, p.DParserNE: ast.Ne, p.DParserAMP: ast.And, p.DParserCARET: ast.Xor,
	p.DParserPIPE: ast.Or, p.DParserANDAND: ast.LAnd, p.DParserXORXOR: ast.LXor, p.DParserOROR: ast.LOr,
}

var unaryOps = map[int]ast.Op{
	p.DParserAMP: ast.Addr, p.DParserSTAR: ast.Deref, p.DParserPLUS: ast.Plus,
	p.DParserMINUS: ast.Neg, p.DParserTILDE: ast.BitNot, p.DParserBANG: ast.Not,
}

// binaryPrec is the precedence of each binary operator, loosest first.
var binaryPrec = map[int]int{
	p.DParserOROR: 1, p.DParserXORXOR: 2, p.DParserANDAND: 3, p.DParserPIPE: 4,
	p.DParserCARET: 5, p.DParserAMP: 6, p.DParserEQ: 7, p.DParserNE: 7,
	p.DParserLT: 8, p.DParserGT: 8, p.DParserLE: 8, p.DParserGE: 8,
	p.DParserLSHIFT: 9, p.DParserRSHIFT: 9, p.DParserPLUS: 10, p.DParserMINUS: 10,
	p.DParserSTAR: 11, p.DParserSLASH: 11, p.DParserPERCENT: 11,
}

// expr builds an expression: operands and binary operators grouped by
// precedence, then an optional "? :" or assignment.
func (b *builder) expr(c p.IExprContext) ast.Expr {
	return b.mark(b.expr1(c), c.GetStop())
}

func (b *builder) expr1(c p.IExprContext) ast.Expr {
	ec := c.(*p.ExprContext)
	var xs []ast.Expr
	var tail []antlr.Tree
	for k, ch := range ec.GetChildren() {
		if u, ok := ch.(p.IUnaryExprContext); ok {
			xs = append(xs, b.unaryExpr(u))
			continue
		}
		if t := ch.(antlr.TerminalNode).GetSymbol().GetTokenType(); binaryPrec[t] == 0 {
			tail = ec.GetChildren()[k:]
			break
		}
	}
	ops := ec.GetOps()
	x := xs[0]
	if len(ops) > 0 {
		pos := 0
		x = b.climb(xs, ops, &pos, 1)
	}
	if len(tail) == 0 {
		return x
	}
	if aop := ec.GetAop(); aop != nil {
		// Only a unary expression may be assigned to.
		if _, cast := x.(*ast.Cast); cast || len(ops) > 0 {
			b.near(aop)
		}
		return &ast.Assign{At: x.Pos(), Op: assignOps[aop.GetTokenType()], X: x, Y: b.expr(ec.Expr())}
	}
	// "c ? t : f": f is itself a conditional expression, which cannot be an
	// assignment.
	fc := ec.Expr().(*p.ExprContext)
	if aop := fc.GetAop(); aop != nil {
		b.near(aop)
	}
	return &ast.Cond{At: x.Pos(), C: x, T: b.expression(ec.Expression()), F: b.expr(fc)}
}

// climb groups xs[*pos:] and the operators between them, taking operators
// of precedence min or more; all are left-associative.
func (b *builder) climb(xs []ast.Expr, ops []antlr.Token, pos *int, min int) ast.Expr {
	lhs := xs[*pos]
	for *pos < len(ops) {
		op := ops[*pos]
		prec := binaryPrec[op.GetTokenType()]
		if prec < min {
			break
		}
		*pos++
		rhs := b.climb(xs, ops, pos, prec+1)
		lhs = b.mark(&ast.Binary{At: lhs.Pos(), Op: binaryOps[op.GetTokenType()], X: lhs, Y: rhs}, b.built[rhs].end)
	}
	return lhs
}

func (b *builder) unaryExpr(c p.IUnaryExprContext) ast.Expr {
	// A run of postfix operators is a chain of contexts, each holding the
	// operand before it, as long as the run: it is built from the
	// innermost out, in a loop (MaxExprDepth limits the tree).
	var chain []p.IUnaryExprContext
	for {
		operand := postfixOperand(c)
		if operand == nil {
			break
		}
		chain = append(chain, c)
		c = operand
	}
	x := b.mark(b.unaryExpr1(c), c.GetStop())
	for i := len(chain) - 1; i >= 0; i-- {
		x = b.mark(b.postfix(chain[i], x), chain[i].GetStop())
	}
	return x
}

// postfixOperand returns the operand of a postfix operator's context
// (x[i], f(...), x.m, x->m, x++, x--), or nil for another context.
func postfixOperand(c p.IUnaryExprContext) p.IUnaryExprContext {
	switch x := c.(type) {
	case *p.IndexContext:
		return x.UnaryExpr()
	case *p.CallContext:
		return x.UnaryExpr()
	case *p.MemberContext:
		return x.UnaryExpr()
	case *p.PostfixContext:
		return x.UnaryExpr()
	}
	return nil
}

// postfix builds the postfix operator of context c applied to y, its
// operand built.
func (b *builder) postfix(c p.IUnaryExprContext, y ast.Expr) ast.Expr {
	switch x := c.(type) {
	case *p.IndexContext:
		args := b.arguments(x.ArgumentList())
		if agg, ok := y.(*ast.Agg); ok && agg.Keys == nil {
			agg.Keys = args
			return agg
		}
		return &ast.Index{At: y.Pos(), X: y, Index: args}
	case *p.CallContext:
		// DTrace's parser builds the call when it reduces the ')',
		// which needs no lookahead: the name is looked up there.
		rparen := b.pos(x.GetStop())
		fun, ok := ast.Unparen(y).(*ast.Ident)
		if !ok {
			b.fail(diag.Errorf(rparen, diag.D_FUNC_IDENT, "function designator is not of function type"))
		}
		var args []ast.Expr
		if al := x.ArgumentList(); al != nil {
			args = b.arguments(al)
		}
		return &ast.Call{At: y.Pos(), Fun: fun, Args: args, RParen: rparen}
	case *p.MemberContext:
		name := x.IDENT().GetText()
		arrow := x.GetOp().GetTokenType() == p.DParserARROW
		if id, ok := y.(*ast.Ident); ok && arrow && !id.Backquote && (id.Name == "self" || id.Name == "this") {
			// The keywords self and this: an identifier cannot be
			// spelled so.
			sv := ast.Self
			if id.Name == "this" {
				sv = ast.This
			}
			return &ast.ScopedVar{At: id.At, Scope: sv, Name: name}
		}
		return &ast.Member{At: y.Pos(), X: y, Arrow: arrow, Name: name}
	case *p.PostfixContext:
		op := ast.PostInc
		if x.GetOp().GetTokenType() == p.DParserMINUSMINUS {
			op = ast.PostDec
		}
		return &ast.Unary{At: y.Pos(), Op: op, X: y}
	}
	panic("parse: unknown postfix expression")
}

// unaryExpr1 builds an expression that is not a postfix operator's.
func (b *builder) unaryExpr1(c p.IUnaryExprContext) ast.Expr {
	switch x := c.(type) {
	case *p.AtomContext:
		return b.atom(x.GetStart())
	case *p.ParenContext:
		return &ast.Paren{At: b.ctxPos(x), X: b.expression(x.Expression())}
	case *p.OffsetofContext:
		var member string
		if id := x.IDENT(); id != nil {
			member = id.GetText()
		} else {
			member = x.TYPE_NAME().GetText()
		}
		return &ast.Offsetof{At: b.ctxPos(x), Type: b.typeName(x.TypeName()), Member: member}
	case *p.XlateContext:
		return &ast.Xlate{At: b.ctxPos(x), Type: b.typeName(x.TypeName()), X: b.expression(x.Expression())}
	case *p.PrefixContext:
		op := ast.PreInc
		if x.GetOp().GetTokenType() == p.DParserMINUSMINUS {
			op = ast.PreDec
		}
		return &ast.Unary{At: b.pos(x.GetOp()), Op: op, X: b.unaryOperand(x.UnaryExpr())}
	case *p.UnaryContext:
		return &ast.Unary{At: b.pos(x.GetOp()), Op: unaryOps[x.GetOp().GetTokenType()], X: b.unaryExpr(x.UnaryExpr())}
	case *p.SizeofTypeContext:
		return &ast.SizeofType{At: b.ctxPos(x), Type: b.typeName(x.TypeName())}
	case *p.SizeofExprContext:
		return &ast.SizeofExpr{At: b.ctxPos(x), X: b.unaryOperand(x.UnaryExpr())}
	case *p.StringofContext:
		return &ast.Stringof{At: b.ctxPos(x), X: b.unaryOperand(x.UnaryExpr())}
	case *p.CastContext:
		return &ast.Cast{At: b.ctxPos(x), Type: b.typeName(x.TypeName()), X: b.unaryExpr(x.UnaryExpr())}
	}
	panic("parse: unknown expression")
}

// unaryOperand builds the operand of ++, --, sizeof and stringof, which C
// takes as a unary expression: a cast there is a syntax error.
func (b *builder) unaryOperand(c p.IUnaryExprContext) ast.Expr {
	if cc, ok := c.(*p.CastContext); ok {
		b.near(cc.GetStart())
	}
	return b.unaryExpr(c)
}

func (b *builder) arguments(c p.IArgumentListContext) []ast.Expr {
	list := []ast.Expr{}
	for _, a := range c.AllExpr() {
		list = append(list, b.expr(a))
	}
	return list
}

// atom builds a name or a literal.
func (b *builder) atom(first antlr.Token) ast.Expr {
	at := b.pos(first)
	text := first.GetText()
	switch first.GetTokenType() {
	case p.DParserAGG:
		return &ast.Agg{At: at, Name: text[1:]}
	case p.DParserINTEGER:
		return &ast.IntLit{At: at, Text: text}
	case p.DParserCHARLIT:
		text = b.ts.rawText(first)
		var v int64
		for _, ch := range unescape(text[1 : len(text)-1]) {
			v = v<<8 | int64(ch)
		}
		return &ast.CharLit{At: at, Text: text, Value: v}
	case p.DParserSTRINGLIT:
		text = b.ts.rawText(first)
		return &ast.StringLit{At: at, Text: text, Value: string(cString(unescape(text[1 : len(text)-1])))}
	case p.DParserMACRO:
		return &ast.Macro{At: at, Name: text, Tok: first.GetTokenIndex()}
	case p.DParserSELF, p.DParserTHIS:
		// The keywords self and this; an identifier cannot be spelled so.
		return &ast.Ident{At: at, Name: text}
	}
	return identOf(at, text)
}

// identOf splits "mod`sym" and "`sym" at the last backquote.
func identOf(at ast.Pos, text string) *ast.Ident {
	i := strings.LastIndexByte(text, '`')
	if i < 0 {
		return &ast.Ident{At: at, Name: text}
	}
	return &ast.Ident{At: at, Name: text[i+1:], Module: text[:i], Backquote: true}
}

// splitModule splits a type or tag name "mod`name".
func splitModule(text string) (name, module string) {
	if i := strings.LastIndexByte(text, '`'); i >= 0 {
		return text[i+1:], text[:i]
	}
	return text, ""
}
