package parse

import (
	"github.com/antlr4-go/antlr/v4"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	p "github.com/dtrace-go/dtrace/grammar/parser"
)

// Limits on how deep a program nests. The parser, the builder, the
// checker and the code generator all recurse over the program's
// structure, and a goroutine whose stack outgrows Go's limit dies with a
// fatal error no recover() catches: a program nested deeper than these
// limits is refused with a D error instead, as DTrace's parser refuses one
// that overflows its stack ("memory exhausted", bison's message, which
// libdtrace's yyerror reports as D_SYNTAX with the token it stopped
// near).
const (
	// MaxNesting is how deep constructs may nest in the parse: in the
	// rules of the grammar the parser is in at once, as many as the
	// states DTrace's bison parser may stack (YYMAXDEPTH, 10000).
	// Parentheses, prefix operators, casts, sizeof and stringof, ?: and
	// assignments to the right, blocks, if and else, declarators: each
	// level is one rule or a few. A pointer declarator's '*'s, which
	// DTrace's grammar stacks one by one too, and a declarator's
	// modifiers are limited to as many.
	MaxNesting = 10000
	// MaxExprDepth is how deep an expression's tree may be: a long run
	// of left-associative operators ("a + a + ..."), of postfix
	// operators (a[0][0]..., a.b.c...) or of commas, which DTrace's
	// parser reduces as it goes, nests the tree one level per operator.
	MaxExprDepth = 1 << 17
	// MaxStatements is how many expression statements one block or
	// clause may hold: the parser takes one rule deeper for each (the
	// grammar keeps every decision within an expression LL(1) so).
	MaxStatements = 1 << 18
)

// nestingBail stops a parse that nests deeper than the limits, at the
// token it had reached.
type nestingBail struct {
	tok antlr.Token
}

// nestingGuard counts how deep the parser is in the grammar's rules as it
// parses (a parse listener is told of every rule entered and left) and
// stops it beyond MaxNesting.
type nestingGuard struct {
	antlr.BaseParseTreeListener
	parser *p.DParser
	// depth counts the rules the parser is in but the statement lists
	// that follow an expression statement, which stmts counts.
	depth, stmts int
}

// chained reports whether ctx is a statement list that follows an
// expression statement in the list above it.
func chained(ctx antlr.ParserRuleContext) bool {
	if _, ok := ctx.(*p.StatementListContext); ok {
		_, ok = ctx.GetParent().(*p.StatementListContext)
		return ok
	}
	return false
}

func (g *nestingGuard) EnterEveryRule(ctx antlr.ParserRuleContext) {
	if chained(ctx) {
		if g.stmts++; g.stmts > MaxStatements {
			panic(&nestingBail{tok: g.parser.GetCurrentToken()})
		}
		return
	}
	if g.depth++; g.depth > MaxNesting {
		panic(&nestingBail{tok: g.parser.GetCurrentToken()})
	}
}

func (g *nestingGuard) ExitEveryRule(ctx antlr.ParserRuleContext) {
	if chained(ctx) {
		g.stmts--
	} else {
		g.depth--
	}
}

// exhausted is DTrace's error for a program nested too deep: bison's
// "memory exhausted", near the token the parser had reached.
func (ts *tokenSource) exhausted(tok antlr.Token) *diag.Error {
	pos := ts.lines.pos(tok.GetLine(), tok.GetColumn())
	if tok.GetTokenType() == antlr.TokenEOF {
		return diag.Errorf(pos, diag.D_SYNTAX, "memory exhausted near end of input")
	}
	return diag.Errorf(pos, diag.D_SYNTAX, "%s", errmsgCap(pos.Line, "memory exhausted near \""+ts.nearText(tok)+"\""))
}

// depthOf returns how deep the tree of x is, from what mark recorded of
// its operands.
func (b *builder) depthOf(x ast.Expr) int {
	d := 0
	ast.Inspect(x, func(n ast.Node) bool {
		if n == ast.Node(x) {
			return true
		}
		if y, ok := n.(ast.Expr); ok {
			d = max(d, b.built[y].depth)
		}
		return false
	})
	return d + 1
}
