// Package parse turns the text of a D program into the syntax tree of
// package ast, with DTrace's lexical and syntax error messages.
//
// The grammar is the ANTLR grammar in grammar/ (generated into
// grammar/parser); this package feeds it tokens through a token source that
// does what DTrace's lexer states do (probe descriptions at the outer scope,
// predicates' closing '/', control lines, type names), parses with SLL
// prediction first and with full LL only when that fails, and builds the
// tree from the parse tree.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package parse

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/grammar/parser"
)

// SpecField names the probe-description field that a description with
// fewer than four fields fills last: SpecName for scripts and -n
// ("read:entry" is function and name), SpecFunc for -f, SpecModule for -m,
// SpecProvider for -P.
type SpecField int

// Probe-description fields.
const (
	SpecName SpecField = iota
	SpecFunc
	SpecModule
	SpecProvider
)

// Config says how to parse a program.
type Config struct {
	// IsType reports whether name is a type name (D's predefined types and
	// the kernel's): identifiers it accepts parse as type names, as
	// DTrace's lexer decides with its type lookup. It should answer false
	// for the names of D variables and functions. Typedefs declared by the
	// program itself are known without it. Nil knows no types.
	IsType func(name string) bool
	// Spec is the field a short probe description fills last.
	Spec SpecField
	// IsGlobal reports whether name is a global identifier DTrace knows
	// before it parses the program: a built-in variable or function, a
	// name the D library or an earlier program defines. The program's
	// own declarations are known without it. It decides how a syntax
	// error at an identifier quotes it (see nearText). Nil knows none.
	IsGlobal func(name string) bool
}

// Parse parses the D program src, named name. The error, if any, is a
// *diag.Error for the first problem found, worded as DTrace words it. A
// program nested deeper than MaxNesting, MaxExprDepth and MaxStatements
// allow is refused as DTrace refuses one that overflows its parser's
// stack, so that no later pass overflows its goroutine's.
func Parse(name string, src []byte, cfg Config) (f *ast.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f = nil
			err = diag.Errorf(ast.Pos{}, diag.D_SYNTAX, "syntax error: %v", r)
		}
	}()
	ts := newTokenSource(src, cfg)
	stream := &farStream{CommonTokenStream: antlr.NewCommonTokenStream(ts, antlr.TokenDefaultChannel)}
	p := parser.NewDParser(stream)
	p.RemoveErrorListeners()
	p.SetErrorHandler(&bailStrategy{antlr.NewDefaultErrorStrategy()})
	p.BuildParseTrees = true
	p.GetInterpreter().SetPredictionMode(antlr.PredictionModeSLL)
	guard := &nestingGuard{parser: p}
	p.AddParseListener(guard)

	tree, bail, deep := parseProgram(p)
	if bail != nil {
		// SLL may fail where LL succeeds: parse again with full LL to
		// know whether, and where, the program is wrong.
		stream.Seek(0)
		stream.far = 0
		guard.depth, guard.stmts = 0, 0
		p.SetError(nil)
		p.SetInputStream(stream)
		p.GetInterpreter().SetPredictionMode(antlr.PredictionModeLL)
		tree, bail, deep = parseProgram(p)
	}
	if deep != nil {
		if ts.err != nil && ts.errTok <= deep.tok.GetTokenIndex() {
			return nil, ts.err
		}
		return nil, ts.exhausted(deep.tok)
	}
	if bail != nil {
		// The parser stops where a prediction started; the error is at
		// the furthest token full-LL prediction had to look at.
		return nil, ts.syntaxError(stream.Get(stream.far))
	}
	if ts.err != nil {
		return nil, ts.err
	}
	b := &builder{ts: ts, cfg: cfg, stream: stream.CommonTokenStream, built: map[ast.Expr]builtExpr{}, lines: map[ast.Node]ast.Pos{}}
	f = &ast.File{Name: name, Interpreter: ts.interp, Lines: b.lines}
	if err := b.program(tree, f); err != nil {
		return nil, err
	}
	return f, nil
}

// syntaxBail stops a parse at its first syntax error.
type syntaxBail struct {
	tok antlr.Token
}

// parseProgram parses the program; it stops at the first syntax error
// (bail) or where the program nests too deep (deep).
func parseProgram(p *parser.DParser) (tree parser.IProgramContext, bail *syntaxBail, deep *nestingBail) {
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case *syntaxBail:
				bail = r
			case *nestingBail:
				deep = r
			default:
				panic(r)
			}
		}
	}()
	return p.Program(), nil, nil
}

// bailStrategy stops the parser at the first syntax error, with the token
// where it was found.
type bailStrategy struct {
	*antlr.DefaultErrorStrategy
}

func (s *bailStrategy) ReportError(p antlr.Parser, e antlr.RecognitionException) {
	tok := e.GetOffendingToken()
	if tok == nil {
		tok = p.GetCurrentToken()
	}
	panic(&syntaxBail{tok: tok})
}

func (s *bailStrategy) Recover(p antlr.Parser, e antlr.RecognitionException) {
	s.ReportError(p, e)
}

func (s *bailStrategy) RecoverInline(p antlr.Parser) antlr.Token {
	panic(&syntaxBail{tok: p.GetCurrentToken()})
}

func (s *bailStrategy) Sync(antlr.Parser) {}

// syntaxError returns the error for a parse that stopped at tok: a lexical
// error if the lexer found one at or before tok, else DTrace's "syntax error
// near".
func (ts *tokenSource) syntaxError(tok antlr.Token) *diag.Error {
	if ts.err != nil && (tok == nil || tok.GetTokenIndex() < 0 || tok.GetTokenIndex() >= ts.errTok ||
		tok.GetTokenType() == parser.DParserLEXERROR) {
		return ts.err
	}
	if tok == nil {
		return diag.Errorf(ast.Pos{}, diag.D_SYNTAX, "syntax error near end of input")
	}
	return ts.nearError(tok)
}

// nearError is DTrace's yacc syntax error at tok.
func (ts *tokenSource) nearError(tok antlr.Token) *diag.Error {
	pos := ts.lines.pos(tok.GetLine(), tok.GetColumn())
	if tok.GetTokenType() == antlr.TokenEOF {
		return diag.Errorf(pos, diag.D_SYNTAX, "syntax error near end of input")
	}
	return diag.Errorf(pos, diag.D_SYNTAX, "%s", errmsgCap(pos.Line, "syntax error near \""+ts.nearText(tok)+"\""))
}

// errmsgSize is the size of libdtrace's message buffer (dt_errmsg[BUFSIZ]):
// the location and the message together take at most one byte less.
const errmsgSize = 8192

// errmsgCap cuts msg as libdtrace's snprintf into its message buffer cuts
// it after "line N: " (a syntax error's location, without -x errtags'
// tag): a quote that runs to the end of a very long line loses its end.
func errmsgCap(line int, msg string) string {
	prefix := 0
	if line > 0 {
		prefix = len(fmt.Sprintf("line %d: ", line))
	}
	if room := errmsgSize - 1 - prefix; len(msg) > room {
		return msg[:room]
	}
	return msg
}

// nearText is the text DTrace's yyerror quotes for a syntax error at tok:
// yytext, cropped at a newline. An identifier that DTrace's lexer does not
// know as a global or a remembered identifier is one its id_or_type peeks
// past (input() and unput() of the blanks and the character after them),
// which leaves yytext without its terminating NUL: the quote runs from the
// identifier to the end of its line, the blanks it peeked over rewritten as
// unput() puts them back (spaces, its newlines nearest the character
// after them, where the crop stops).
func (ts *tokenSource) nearText(tok antlr.Token) string {
	text := tok.GetText()
	tt := tok.GetTokenType()
	if tt != parser.DParserIDENT && tt != parser.DParserTYPE_NAME || !ts.peeked[tok.GetStart()] {
		return text
	}
	if ts.cfg.IsGlobal != nil && ts.cfg.IsGlobal(text) {
		return text
	}
	end := tok.GetStop() + 1
	if ts.runes != nil {
		end = runeByteOffset(ts.src, end)
	}
	if end > len(ts.src) {
		return text
	}
	rest := ts.src[end:]
	blanks, newlines := 0, 0
	for blanks < len(rest) && strings.IndexByte("\f\n\r\t\v ", rest[blanks]) >= 0 {
		if rest[blanks] == '\n' {
			newlines++
		}
		blanks++
	}
	var b strings.Builder
	b.WriteString(ts.rawText(tok))
	b.WriteString(strings.Repeat(" ", blanks-newlines))
	if newlines == 0 {
		line := rest[blanks:]
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		if i := bytes.IndexByte(line, 0); i >= 0 {
			line = line[:i]
		}
		b.Write(line)
	}
	return b.String()
}

// String makes syntaxBail printable should it escape.
func (b *syntaxBail) String() string { return fmt.Sprintf("syntax error at %v", b.tok) }

// farStream records the furthest token the parser looked at.
type farStream struct {
	*antlr.CommonTokenStream
	far int
}

func (s *farStream) LA(i int) int {
	t := s.CommonTokenStream.LA(i)
	s.note(i)
	return t
}

func (s *farStream) LT(i int) antlr.Token {
	t := s.CommonTokenStream.LT(i)
	s.note(i)
	return t
}

func (s *farStream) note(i int) {
	if i > 0 {
		if j := s.Index() + i - 1; j > s.far {
			s.far = j
			if n := s.Size(); s.far >= n && n > 0 {
				s.far = n - 1
			}
		}
	}
}
