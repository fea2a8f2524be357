package parse

import (
	"strings"
	"unicode/utf8"

	"github.com/antlr4-go/antlr/v4"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/grammar/parser"
)

// tokenSource sits between the generated lexer and the parser. It plays the
// part of DTrace's lexer states: it decides, before each token, whether the
// lexer reads the outer scope of the program (probe descriptions, DTrace's
// S2) or expressions and declarations (S0); it skips comments, processes
// control lines (#pragma, #line), tells a '/' that ends a predicate from a
// division, and turns identifiers that name types into TYPE_NAME tokens, as
// DTrace's id_or_type does. Lexical errors are recorded and produce one
// LEXERROR token, followed by EOF.
type tokenSource struct {
	*parser.DLexer // the token stream wants an antlr.Lexer; NextToken is ours

	lex   *parser.DLexer
	input *antlr.InputStream
	sim   *antlr.LexerATNSimulator
	runes []rune
	src   []byte
	// byteOff maps rune indexes to byte offsets in src, made on first use
	// (rawText) when src is not ASCII.
	byteOff []int
	cfg     Config
	pair    *antlr.TokenSourceCharStreamPair

	typedefs map[string]bool // typedef names declared in this program
	idents   map[string]bool // names known to be identifiers
	// peeked holds the start of each identifier token DTrace's
	// id_or_type would peek past (nearText): one that follows no
	// struct, union, enum, '.' or '->' and is not yet remembered as an
	// identifier (whether it is a global is asked only if it is quoted).
	peeked map[int]bool

	outer    bool // lexing the outer scope (S2)
	ctx      int  // what the tokens since the outer scope belong to
	depth    int  // brace depth inside ctx
	predDone bool // an EPRED was seen in ctxPred
	prev     int  // type of the previous token returned

	parens, brackets, braces int // DTrace's pcb_parens, pcb_brackets, pcb_braces

	decl declTracker

	ntok  int // tokens returned so far
	lines lineMap

	interp  string
	pragmas []pendingPragma

	err    *diag.Error
	errTok int // index of the LEXERROR token
	eof    antlr.Token
}

type pendingPragma struct {
	next   int // index of the token after the pragma
	pragma *ast.Pragma
}

const (
	ctxNone = iota
	ctxPred
	ctxBody
	ctxDecl
)

func newTokenSource(src []byte, cfg Config) *tokenSource {
	var runes []rune // nil when src is ASCII: rune and byte indexes agree
	for _, c := range src {
		if c >= 0x80 {
			runes = []rune(string(src))
			break
		}
	}
	input := antlr.NewInputStream(string(src))
	lex := parser.NewDLexer(input)
	lex.RemoveErrorListeners()
	ts := &tokenSource{
		DLexer:   lex,
		lex:      lex,
		input:    input,
		runes:    runes,
		src:      src,
		cfg:      cfg,
		outer:    true,
		typedefs: map[string]bool{},
		idents:   map[string]bool{},
		peeked:   map[int]bool{},
		errTok:   -1,
		prev:     -1,
	}
	ts.sim, _ = lex.Interpreter.(*antlr.LexerATNSimulator)
	ts.pair = &antlr.TokenSourceCharStreamPair{}
	return ts
}

// isType says whether name names a type: a typedef of this program or a
// type the caller knows.
func (ts *tokenSource) isType(name string) bool {
	if ts.typedefs[name] {
		return true
	}
	return ts.cfg.IsType != nil && ts.cfg.IsType(name)
}

// NextToken returns the next token for the parser.
func (ts *tokenSource) NextToken() antlr.Token {
	if ts.err != nil {
		return ts.eofToken()
	}
	for {
		if ts.outer {
			ts.lex.SetMode(parser.DLexerOUTER)
		} else {
			ts.lex.SetMode(antlr.LexerDefaultMode)
		}
		t := ts.lex.NextToken()
		switch t.GetTokenType() {
		case parser.DLexerCOMMENT:
			if !ts.skipComment() {
				return ts.fail(t)
			}
			continue
		case parser.DLexerHASH:
			if ts.atLineStart(t.GetStart()) {
				if !ts.controlLine(t) {
					return ts.fail(t)
				}
				continue
			}
			ts.errorf(t.GetLine(), diag.D_SYNTAX, "syntax error near \"#\"")
			return ts.fail(t)
		}
		if ts.outer {
			t = ts.outerToken(t)
		} else {
			t = ts.innerToken(t)
		}
		if ts.err != nil {
			return ts.fail(t)
		}
		ts.prev = t.GetTokenType()
		ts.ntok++
		if ts.prev == antlr.TokenEOF {
			ts.eof = t
		}
		return t
	}
}

// fail turns t into the LEXERROR token that stands for the recorded error.
func (ts *tokenSource) fail(t antlr.Token) antlr.Token {
	e := retype(t, parser.DLexerLEXERROR, t.GetText())
	ts.errTok = ts.ntok
	ts.ntok++
	return e
}

func (ts *tokenSource) eofToken() antlr.Token {
	if ts.eof == nil {
		i := ts.input.Index()
		ts.eof = antlr.CommonTokenFactoryDEFAULT.Create(ts.pair, antlr.TokenEOF, "<EOF>",
			antlr.TokenDefaultChannel, i, i-1, ts.lex.GetLine(), ts.lex.GetCharPositionInLine())
	}
	return ts.eof
}

// errorf records the first lexical error, at physical line line.
func (ts *tokenSource) errorf(line int, tag diag.Tag, format string, args ...any) {
	if ts.err == nil {
		pos := ts.lines.pos(line, 0)
		pos.Col = 0
		ts.err = diag.Errorf(pos, tag, format, args...)
	}
}

// la returns the character i places ahead of the lexer (1 is the next one),
// or -1 at the end of the input.
func (ts *tokenSource) la(i int) int { return ts.input.LA(i) }

// consume moves the lexer one character on, keeping its line and column.
func (ts *tokenSource) consume() { ts.lex.Interpreter.Consume(ts.input) }

// atLineStart says whether only blanks precede the character at index i on
// its line.
func (ts *tokenSource) atLineStart(i int) bool {
	for j := i - 1; j >= 0; j-- {
		c := rune(0)
		if ts.runes != nil {
			c = ts.runes[j]
		} else {
			c = rune(ts.src[j])
		}
		switch c {
		case '\n':
			return true
		case ' ', '\t', '\f', '\v':
		default:
			return false
		}
	}
	return true
}

// skipComment skips the rest of a /* comment, as DTrace's S1 state does.
func (ts *tokenSource) skipComment() bool {
	for {
		c := ts.la(1)
		switch {
		case c == antlr.TokenEOF:
			ts.errorf(ts.lex.GetLine(), diag.D_SYNTAX, "end-of-file encountered before matching */")
			return false
		case c == '/' && ts.la(2) == '*':
			ts.errorf(ts.lex.GetLine(), diag.D_SYNTAX, "/* encountered inside a comment")
			return false
		case c == '*' && ts.la(2) == '/':
			ts.consume()
			ts.consume()
			return true
		}
		ts.consume()
	}
}

// retype returns a copy of t with type tt (and text, unless empty).
func retype(t antlr.Token, tt int, text string) antlr.Token {
	return antlr.CommonTokenFactoryDEFAULT.Create(t.GetSource(), tt, text, t.GetChannel(),
		t.GetStart(), t.GetStop(), t.GetLine(), t.GetColumn())
}

// outerToken handles a token of the outer scope (DTrace's S2).
func (ts *tokenSource) outerToken(t antlr.Token) antlr.Token {
	tt := t.GetTokenType()
	switch tt {
	case parser.DLexerPSPEC:
		return ts.pspec(t)
	case parser.DLexerINTEGER:
		ts.checkInt(t)
	case parser.DLexerSLASH:
		ts.outer = false
		ts.ctx = ctxPred
		ts.predDone = false
	case parser.DLexerLBRACE:
		ts.outer = false
		ts.ctx = ctxBody
		ts.depth = 1
		ts.braces++
	case parser.DLexerCOMMA, antlr.TokenEOF:
	case parser.DLexerBADCHAR:
		ts.errorf(t.GetLine(), diag.D_SYNTAX, "syntax error near \"%s\"", ts.firstByte(t))
	default:
		// A keyword that starts a declaration.
		ts.startDecl(tt)
		ts.declToken(t, tt)
	}
	return t
}

// pspec decides whether a probe-description token is in fact the type name
// that starts a declaration, as DTrace's S2 rule for RGX_PSPEC does.
func (ts *tokenSource) pspec(t antlr.Token) antlr.Token {
	text := t.GetText()
	if strings.ContainsAny(text, ":-.?!`") || text == "BEGIN" || text == "END" || text == "ERROR" {
		return t
	}
	name := text
	cut := strings.IndexByte(text, '*')
	if cut > 0 {
		name = text[:cut]
	}
	tt, ok := outerKeywords[name]
	if !ok {
		if !ts.isType(name) {
			return t
		}
		tt = parser.DLexerTYPE_NAME
	}
	var nt antlr.Token
	if cut > 0 {
		// Push back what follows the type name.
		back := len([]rune(text[cut:]))
		ts.input.Seek(ts.input.Index() - back)
		if ts.sim != nil {
			ts.sim.CharPositionInLine -= back
		}
		nt = antlr.CommonTokenFactoryDEFAULT.Create(t.GetSource(), tt, name, t.GetChannel(),
			t.GetStart(), t.GetStart()+len([]rune(name))-1, t.GetLine(), t.GetColumn())
	} else {
		nt = retype(t, tt, text)
	}
	ts.startDecl(tt)
	ts.declToken(nt, tt)
	return nt
}

// outerKeywords are the keywords DTrace's S2 state knows; a probe
// description pruned at '*' that spells one of them starts a declaration.
var outerKeywords = map[string]int{
	"auto": parser.DLexerAUTO, "char": parser.DLexerCHAR, "const": parser.DLexerCONST,
	"counter": parser.DLexerCOUNTER, "double": parser.DLexerDOUBLE, "enum": parser.DLexerENUM,
	"extern": parser.DLexerEXTERN, "float": parser.DLexerFLOAT, "import": parser.DLexerIMPORT,
	"inline": parser.DLexerINLINE, "int": parser.DLexerINT, "long": parser.DLexerLONG,
	"provider": parser.DLexerPROVIDER, "register": parser.DLexerREGISTER,
	"restrict": parser.DLexerRESTRICT, "self": parser.DLexerSELF, "short": parser.DLexerSHORT,
	"signed": parser.DLexerSIGNED, "static": parser.DLexerSTATIC, "string": parser.DLexerSTRING,
	"struct": parser.DLexerSTRUCT, "this": parser.DLexerTHIS,
	"translator": parser.DLexerTRANSLATOR, "typedef": parser.DLexerTYPEDEF,
	"union": parser.DLexerUNION, "unsigned": parser.DLexerUNSIGNED, "void": parser.DLexerVOID,
	"volatile": parser.DLexerVOLATILE,
}

func (ts *tokenSource) startDecl(tt int) {
	ts.outer = false
	ts.ctx = ctxDecl
	ts.depth = 0
	ts.decl.start(tt)
}

// firstByte returns the first byte of t's text, as DTrace's "syntax error
// near" for a bad character prints it.
func (ts *tokenSource) firstByte(t antlr.Token) string {
	start := t.GetStart()
	if start < 0 {
		return ""
	}
	off := start
	if ts.runes != nil {
		off = runeByteOffset(ts.src, start)
	}
	if off >= len(ts.src) {
		return ""
	}
	return string(ts.src[off : off+1])
}

// rawText returns the source of token t: its text as the lexer gives it,
// but with the bytes of src that are not UTF-8 as they are rather than as
// U+FFFD, which the lexer, reading runes, turned them into. A string
// literal holds bytes, as in C.
func (ts *tokenSource) rawText(t antlr.Token) string {
	text := t.GetText()
	if ts.runes == nil || !strings.ContainsRune(text, utf8.RuneError) {
		return text
	}
	start, stop := t.GetStart(), t.GetStop()
	if start < 0 || stop < start || stop >= len(ts.runes) || string(ts.runes[start:stop+1]) != text {
		return text // not a span of the source
	}
	if ts.byteOff == nil {
		ts.byteOff = make([]int, 0, len(ts.runes)+1)
		for off := range string(ts.src) {
			ts.byteOff = append(ts.byteOff, off)
		}
		ts.byteOff = append(ts.byteOff, len(ts.src))
	}
	return string(ts.src[ts.byteOff[start]:ts.byteOff[stop+1]])
}

// runeByteOffset returns the byte offset of the n-th rune of src as Go
// decodes it (invalid bytes count as one rune each).
func runeByteOffset(src []byte, n int) int {
	i := 0
	for k := range string(src) {
		if i == n {
			return k
		}
		i++
	}
	return len(src)
}

// innerToken handles a token of an expression, a declaration or a clause
// body (DTrace's S0).
func (ts *tokenSource) innerToken(t antlr.Token) antlr.Token {
	tt := t.GetTokenType()

	// After . and -> any name is a member name (DTrace's SIDENT state).
	if ts.prev == parser.DLexerDOT || ts.prev == parser.DLexerARROW {
		if isKeyword(tt) {
			t = retype(t, parser.DLexerIDENT, "")
			tt = parser.DLexerIDENT
		}
		if tt == parser.DLexerIDENT {
			ts.afterInner(t, tt)
			return t
		}
	}

	if tt == parser.DLexerRETURN && ts.beforeParen() {
		// return(value), DTrace for Linux's error-injecting action: the
		// reserved word names a function when a call follows it.
		t = retype(t, parser.DLexerIDENT, "")
		tt = parser.DLexerIDENT
	}

	switch tt {
	case parser.DLexerIDENT:
		if tt = ts.idOrType(t); tt != parser.DLexerIDENT {
			t = retype(t, tt, "")
		}
	case parser.DLexerINTEGER:
		ts.checkInt(t)
	case parser.DLexerCHARLIT:
		ts.checkChar(t)
	case parser.DLexerFLOATING:
		ts.errorf(t.GetLine(), diag.D_SYNTAX, "floating-point constants are not permitted")
	case parser.DLexerSTRING_NL:
		ts.errorf(t.GetLine()+1, diag.D_STR_NL, "newline encountered in string literal")
	case parser.DLexerCHAR_NL:
		ts.errorf(t.GetLine()+1, diag.D_CHR_NL, "newline encountered in character constant")
	case parser.DLexerBADCHAR:
		ts.errorf(t.GetLine(), diag.D_SYNTAX, "syntax error near \"%s\"", ts.firstByte(t))
	case parser.DLexerLPAREN:
		ts.parens++
	case parser.DLexerRPAREN:
		ts.parens--
		if ts.parens < 0 {
			ts.errorf(t.GetLine(), diag.D_SYNTAX, "extra ) in input stream")
		}
	case parser.DLexerLBRACKET:
		ts.brackets++
	case parser.DLexerRBRACKET:
		ts.brackets--
		if ts.brackets < 0 {
			ts.errorf(t.GetLine(), diag.D_SYNTAX, "extra ] in input stream")
		}
	case parser.DLexerLBRACE:
		ts.braces++
	case parser.DLexerRBRACE:
		ts.braces--
		if ts.braces < 0 {
			ts.errorf(t.GetLine(), diag.D_SYNTAX, "extra } in input stream")
		}
	case parser.DLexerSLASH:
		if ts.endsPredicate() {
			if ts.parens != 0 {
				ts.errorf(t.GetLine(), diag.D_SYNTAX, "closing ) expected in predicate before /")
			} else if ts.brackets != 0 {
				ts.errorf(t.GetLine(), diag.D_SYNTAX, "closing ] expected in predicate before /")
			}
			t = retype(t, parser.DLexerEPRED, "")
			tt = parser.DLexerEPRED
		}
	}
	ts.afterInner(t, tt)
	return t
}

// afterInner updates the context after an inner token of type tt.
func (ts *tokenSource) afterInner(t antlr.Token, tt int) {
	switch ts.ctx {
	case ctxPred:
		if ts.predDone {
			if tt == parser.DLexerLBRACE {
				ts.ctx = ctxBody
				ts.depth = 1
			} else {
				// A predicate without a body: the clause is over.
				ts.ctx = ctxNone
				ts.outer = true
			}
		} else if tt == parser.DLexerEPRED {
			ts.predDone = true
		}
	case ctxBody:
		switch tt {
		case parser.DLexerLBRACE:
			ts.depth++
		case parser.DLexerRBRACE:
			ts.depth--
			if ts.depth == 0 {
				ts.ctx = ctxNone
				ts.outer = true
			}
		}
	case ctxDecl:
		ts.declToken(t, tt)
		switch tt {
		case parser.DLexerLBRACE:
			ts.depth++
		case parser.DLexerRBRACE:
			ts.depth--
		case parser.DLexerSEMI:
			if ts.depth <= 0 {
				ts.ctx = ctxNone
				ts.outer = true
			}
		}
	}
}

func isKeyword(tt int) bool {
	return tt >= parser.DLexerAUTO && tt <= parser.DLexerXLATE
}

// beforeParen reports whether the next character past blanks is '('.
func (ts *tokenSource) beforeParen() bool {
	for i := 1; ; i++ {
		switch c := ts.la(i); c {
		case '\f', '\n', '\r', '\t', '\v', ' ':
			continue
		case '(':
			return true
		default:
			return false
		}
	}
}

// endsPredicate looks past the '/' just lexed, as DTrace's lexer does: a '/'
// followed by blanks and then the end of input, ';', '{' or '/' ends a
// predicate; any other '/' divides.
func (ts *tokenSource) endsPredicate() bool {
	for i := 1; ; i++ {
		switch c := ts.la(i); c {
		case '\f', '\n', '\r', '\t', '\v', ' ':
			continue
		case antlr.TokenEOF, ';', '{', '/':
			return true
		default:
			return false
		}
	}
}

// idOrType decides whether an identifier is a name or a type name, in the
// order DTrace's id_or_type does.
func (ts *tokenSource) idOrType(t antlr.Token) int {
	switch ts.prev {
	case parser.DLexerSTRUCT, parser.DLexerUNION, parser.DLexerENUM:
		return parser.DLexerIDENT // a tag
	}
	name := t.GetText()
	if ts.idents[name] {
		return parser.DLexerIDENT
	}
	if !(ts.ctx == ctxDecl && ts.decl.inBracket()) {
		// Not a name in a declaration's array dimension, which DTrace
		// takes for an identifier without looking further.
		ts.peeked[t.GetStart()] = true
	}
	if ts.looksLikeIdent() {
		if !(ts.ctx == ctxDecl && ts.decl.typedef) {
			ts.idents[name] = true
		}
		return parser.DLexerIDENT
	}
	if !ts.isType(name) {
		return parser.DLexerIDENT
	}
	if ts.ctx == ctxDecl && ts.decl.specSeen() {
		return parser.DLexerIDENT
	}
	return parser.DLexerTYPE_NAME
}

// looksLikeIdent peeks at the character after an identifier: ++, --, [, =
// (but not ==), ;, a comma outside parentheses, and > closing a translator's
// input declare an identifier.
func (ts *tokenSource) looksLikeIdent() bool {
	i := 1
	c := ts.la(i)
	for c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
		i++
		c = ts.la(i)
	}
	switch c {
	case '+', '-':
		return ts.la(i+1) == c
	case '=':
		return ts.la(i+1) != '='
	case '[', ';':
		return true
	case ',':
		return ts.parens == 0
	case '>':
		return ts.ctx == ctxDecl && ts.decl.xlateInput
	}
	return false
}

// declToken feeds a declaration token to the tracker and records the names
// it declares.
func (ts *tokenSource) declToken(t antlr.Token, tt int) {
	if tt == parser.DLexerIDENT && ts.decl.declaratorName(ts.prev) {
		name := t.GetText()
		if ts.decl.typedef {
			// Unlike DTrace, whose memory of likely identifiers would
			// keep a name seen as a member before its typedef an
			// identifier, a typedef makes a name a type from here on.
			ts.typedefs[name] = true
			delete(ts.idents, name)
		} else if !ts.decl.scoped {
			ts.idents[name] = true
		}
	}
	ts.decl.token(tt, ts.prev)
}

// declTracker follows the nesting of a top-level declaration closely enough
// to know whether a type specifier has been seen (after which a type's name
// is a declarator, as in C's "typedef int foo; struct s { foo foo; };") and
// which identifiers are declarator names (so that a typedef is known as soon
// as its name is read).
type declTracker struct {
	levels     []declLevel
	typedef    bool // the declaration is a typedef
	scoped     bool // self or this
	xlate      bool // a translator
	xlateInput bool // between a translator's < and >
}

type declLevel struct {
	kind byte
	spec bool // a type specifier has been seen at this level
	expr bool // inside an expression (after = or :)
}

const (
	lvTop      = iota // the declaration itself
	lvGroup           // grouping parentheses in a declarator
	lvParams          // function parameters
	lvBracket         // array dimensions or key types
	lvBrace           // struct, union, enum, translator or provider body
	lvExprNest        // parentheses or brackets inside an expression
)

func (d *declTracker) start(tt int) {
	d.levels = append(d.levels[:0], declLevel{kind: lvTop})
	d.typedef = false
	d.scoped = false
	d.xlate = tt == parser.DLexerTRANSLATOR
	d.xlateInput = false
}

func (d *declTracker) cur() *declLevel { return &d.levels[len(d.levels)-1] }

func (d *declTracker) inExpr() bool {
	c := d.cur()
	return c.expr || c.kind == lvExprNest
}

// inBracket says whether the declaration is inside array brackets.
func (d *declTracker) inBracket() bool {
	for i := range d.levels {
		if d.levels[i].kind == lvBracket {
			return true
		}
	}
	return false
}

func (d *declTracker) specSeen() bool {
	return !d.inExpr() && d.cur().spec
}

// declaratorName says whether an identifier read now names what the
// declaration declares.
func (d *declTracker) declaratorName(prev int) bool {
	switch prev {
	case parser.DLexerSTRUCT, parser.DLexerUNION, parser.DLexerENUM:
		return false
	}
	if d.inExpr() || !d.cur().spec {
		return false
	}
	for i := range d.levels {
		if k := d.levels[i].kind; k != lvTop && k != lvGroup {
			return false
		}
	}
	return true
}

func (d *declTracker) push(kind byte, spec bool) {
	d.levels = append(d.levels, declLevel{kind: kind, spec: spec})
}

func (d *declTracker) pop() {
	if len(d.levels) > 1 {
		d.levels = d.levels[:len(d.levels)-1]
	}
}

func (d *declTracker) token(tt, prev int) {
	c := d.cur()
	expr := d.inExpr()
	switch tt {
	case parser.DLexerTYPEDEF:
		d.typedef = true
	case parser.DLexerSELF, parser.DLexerTHIS:
		if !expr {
			d.scoped = true
		}
	case parser.DLexerLPAREN:
		switch {
		case expr:
			d.push(lvExprNest, false)
		case prev == parser.DLexerIDENT || prev == parser.DLexerRPAREN || prev == parser.DLexerRBRACKET:
			d.push(lvParams, false)
		default:
			d.push(lvGroup, c.spec)
		}
	case parser.DLexerLBRACKET:
		if expr {
			d.push(lvExprNest, false)
		} else {
			d.push(lvBracket, false)
		}
	case parser.DLexerLBRACE:
		d.push(lvBrace, false)
	case parser.DLexerRPAREN, parser.DLexerRBRACKET:
		d.pop()
	case parser.DLexerRBRACE:
		d.pop()
		d.cur().spec = true
	case parser.DLexerCOMMA:
		if c.kind == lvParams || c.kind == lvBracket {
			c.spec = false
		}
		if c.kind != lvExprNest {
			c.expr = false
		}
	case parser.DLexerSEMI:
		c.spec = false
		c.expr = false
	case parser.DLexerASSIGN, parser.DLexerCOLON:
		if !expr {
			c.expr = true
		}
	case parser.DLexerLT:
		if d.xlate && len(d.levels) == 1 && !expr {
			c.spec = false
			d.xlateInput = true
		}
	case parser.DLexerGT:
		d.xlateInput = false
	case parser.DLexerVOID, parser.DLexerCHAR, parser.DLexerSHORT, parser.DLexerINT,
		parser.DLexerLONG, parser.DLexerFLOAT, parser.DLexerDOUBLE, parser.DLexerSIGNED,
		parser.DLexerUNSIGNED, parser.DLexerSTRING, parser.DLexerTYPE_NAME,
		parser.DLexerSTRUCT, parser.DLexerUNION, parser.DLexerENUM:
		if !expr {
			c.spec = true
		}
	}
}
