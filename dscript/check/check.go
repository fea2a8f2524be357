// Package check type-checks D programs with D's rules and reports DTrace's
// diagnostics.
//
// A Checker holds what one DTrace handle accumulates across compilations:
// types, typedefs, global and thread-local variables, aggregations, inlines
// and translators. Each call to Check adds to it; a program that fails to
// check leaves its declarations behind, as libdtrace does.
//
// The arguments of printf-like actions are checked against their formats
// here too, as dt_printf_validate does (CheckPrintf, CheckPrinta,
// ValidatePrintf), on formats that package printf parses; checking sizes
// each conversion for its argument (printf.Conv.OutFmt), which the
// run-time side relies on.
//
// Checking stops at the first error, as DTrace's compiler does.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package check

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Kernel supplies the kernel's types and symbols (from BTF) to the
// checker. Lookups return nil or false when the name is unknown.
type Kernel interface {
	// Type returns the struct, union or enum with the given tag (kind is
	// "struct", "union" or "enum"), or the typedef with the given name
	// (kind "typedef").
	Type(kind, name string) *types.Type
	// Symbol returns the type of a kernel variable.
	Symbol(name string) (*types.Type, bool)
}

// Config is what the command line gives every check.
type Config struct {
	// Args are the macro arguments: Args[0] is $0, Args[1] is $1...
	Args []string
	// Defaultargs makes unset $N macros read as 0 (and $$N as "").
	Defaultargs bool
	// ArgRef (-x argref) lets a program leave its last macro argument
	// unreferenced; otherwise that is D_MACRO_UNUSED.
	ArgRef bool
	// Kernel resolves kernel types and symbols; nil means none are known.
	Kernel Kernel
	// SetOption validates an option set by "#pragma D option"; value is
	// meaningful only when given is set. Nil accepts every option.
	SetOption func(name, value string, given bool) error
	// Macros gives the values of $pid, $ppid, $uid... and $target, by name
	// without the dollar sign. Missing names are undefined.
	Macros map[string]int64
	// Probes, when not nil, is what the clauses' probe descriptions are
	// matched against (Info.Matches); ZeroProbes (-Z) lets a description
	// match no probe.
	Probes     Catalog
	ZeroProbes bool
	// ScratchSize returns scratchsize as set so far (-x, earlier
	// programs' pragmas); nil is DTrace's default, 256. ParseSize
	// parses a size option's value, for the program's own pragmas
	// (nil ignores them).
	ScratchSize func() int64
	ParseSize   func(value string) (int64, bool)
}

// Info records what Check learned about one program.
type Info struct {
	// Types holds the type of every expression checked.
	Types map[ast.Expr]*types.Type
	// Consts holds the value of every integer constant expression.
	Consts map[ast.Expr]int64
	// Strings holds the value of string macros ($$1, and $0 or a $N that is
	// not a number).
	Strings map[ast.Expr]string
	// Uses maps identifiers, self->/this-> references, associative-array
	// references (the Index node) and aggregations (the Agg node) to the
	// entity they denote.
	Uses map[ast.Node]*Object
	// Options lists the options the program sets with pragmas, in order.
	Options []Option
	// Matches holds, when the checker has a Catalog, the probes each
	// clause's probe descriptions match.
	Matches map[*ast.ProbeDesc][]Probe
	// Alloca holds the expressions whose value is an alloca pointer
	// (alloca.go): memory accessed through one is checked against the
	// scratch memory its clause has allocated.
	Alloca map[ast.Expr]bool
	// Args holds, for each args[i] of a probe whose argument types are
	// known, the slots its value is in (the index expression's type is in
	// Types). An args[i] without an entry is argi.
	Args map[*ast.Index]ArgRef
	// Xlators holds the translator of each xlate<T>(x) expression, and
	// of each args[i] whose probe argument is translated (the provider's
	// type for it differs from its native type). The code generator
	// translates the members a clause reads, one by one.
	Xlators map[ast.Expr]*Translator
	// Providers are the providers the program declares ("provider NAME
	// { probe ...; };"), in the order of their declarations, each once:
	// a provider declared again, here or by a program checked before,
	// is its first declaration. dtrace -h and -G write them out.
	Providers []*Provider
}

// Provider is a provider a program declares: the user-space probes
// (USDT) an application defines.
type Provider struct {
	Name   string
	Probes []*ProviderProbe
}

// ProviderProbe is one probe of a declared provider.
type ProviderProbe struct {
	// Name is the probe's name as declared, each "__" not yet turned
	// into "-": the name sys/sdt.h's notes carry.
	Name string
	// Args are the native argument types, what the application passes;
	// XArgs the translated ones D sees (": (...)" in the declaration),
	// nil when the declaration has none.
	Args, XArgs []*types.Type
}

// Translator is a translator definition as the code generator compiles
// it: each member of Out is the value of its expression in Members, with
// the identifier InputName bound to the translated value, of type In.
// The member expressions' findings are in the Info of every program that
// uses the translator.
type Translator struct {
	Out, In   *types.Type
	InputName string
	Members   map[string]ast.Expr
}

// Option is one "#pragma D option" setting.
type Option struct {
	Pos   ast.Pos
	Name  string
	Value string
	Given bool // "=value" was written
}

// Checker checks D programs against the declarations of the programs it has
// checked before.
type Checker struct {
	cfg Config

	typedefs   map[string]*types.Type // the script's typedefs
	tags       map[string]*types.Type // "struct x", "union x", "enum x"
	enumConsts map[string]enumConst
	globals    map[string]*variable
	selfVars   map[string]*variable
	thisVars   map[string]*variable
	aggs       map[string]*aggregation
	inlines    map[string]*inline
	kernelObjs map[string]*Object // the kernel symbols used, by name
	xlators    []*translator
	providers  map[string]*ast.ProviderDecl
	provInfo   map[string]*Provider // the providers' first declarations, as Info tells them
	decls      declState            // decl.go and pragma.go's state
	// allocaVars records what each variable is assigned (alloca.go).
	allocaVars map[*Object]allocaFlags
	// allocaMemo holds isAlloca's answers, each valid while allocaGen,
	// which every change of allocaVars moves, is the one it records.
	allocaMemo map[ast.Expr]allocaAnswer
	allocaGen  uint32
	// work counts what the passes over a program that once were
	// quadratic do: the expressions isAlloca computes an answer for, the
	// actions stmtAppend checks. Tests check that it grows linearly with
	// the program.
	work int
	// lib is the D library, checked on demand (library.go).
	lib *library
	// builtinObjs holds the Object of each builtin variable used with
	// its own type: one Object per builtin for the life of the Checker,
	// and none shared with another Checker, which may check a program at
	// the same time.
	builtinObjs map[string]*Object
	// modules is the set of kernel modules /proc/modules listed when the
	// Checker first asked (moduleKnown).
	modules map[string]bool

	info *Info
	// per clause
	clause *clauseState
	// region is what errors found now are reported in for programs
	// without lines: "action list" or "predicate" while a clause is
	// type-checked.
	region string
	// lines is the program's ast.File.Lines: where errors in its
	// expressions are reported.
	lines map[ast.Node]ast.Pos
	// argRefs records the macro arguments ($N, $$N) the program being
	// checked refers to, by N.
	argRefs map[int]bool
	// defargTok is the token after the program's first "#pragma D option
	// defaultargs" (-1 without one): the macros after it that name an
	// argument not given read as they do under -x defaultargs, as
	// dt_opt_cflags sets the flag of the compile in progress when the
	// lexer reads the pragma, and the lexer resolves each macro as it
	// reads it. argrefPragma is set by "#pragma D option argref", which
	// dt_compile looks at once the whole program has parsed.
	defargTok    int
	argrefPragma bool
}

type enumConst struct {
	typ   *types.Type
	value int64
}

// variable is a D variable: global, thread-local (self->) or clause-local
// (this->).
type variable struct {
	name  string
	typ   *types.Type
	scope ast.StorageClass // NoClass, Self or This
	// assoc: an associative array; keys holds its key types.
	assoc bool
	keys  []*types.Type
	pos   ast.Pos
	obj   *Object
}

// inline is an "inline type name = expr;" definition.
type inline struct {
	name  string
	typ   *types.Type
	value ast.Expr
	// cval is the value of an inline whose value is an integer constant,
	// ctyp that constant's type (int for "inline char c = 1").
	cval *int64
	ctyp *types.Type
	obj  *Object
	// xl is the translator of an inline whose value is translated data
	// (inline psinfo_t *curpsinfo = xlate<psinfo_t *>(curthread)).
	xl *translator
	// An inline associative array ("inline int f[int a] = a + 1"):
	// keys is its tuple signature, params its parameters' names ("" for
	// one without), which its value uses; assoc is set.
	assoc  bool
	keys   []*types.Type
	params []string
}

// translator is a checked translator definition.
type translator struct {
	out, in   *types.Type
	inputName string
	members   map[string]ast.Expr
	// exported is the translator as the code generator sees it.
	exported *Translator
}

// New returns a Checker with the given configuration.
func New(cfg Config) *Checker {
	return &Checker{
		cfg:        cfg,
		typedefs:   map[string]*types.Type{},
		tags:       map[string]*types.Type{},
		enumConsts: map[string]enumConst{},
		globals:    map[string]*variable{},
		selfVars:   map[string]*variable{},
		thisVars:   map[string]*variable{},
		aggs:       map[string]*aggregation{},
		inlines:    map[string]*inline{},
		providers:  map[string]*ast.ProviderDecl{},
		provInfo:   map[string]*Provider{},
	}
}

// IsGlobal reports whether name is a global identifier before the next
// program is parsed, as DTrace's dt_globals holds them: a built-in
// variable or function, a global, inline or enumerator of an earlier
// program, or one the D library defines (looked up without checking it).
func (c *Checker) IsGlobal(name string) bool {
	if _, ok := c.globalIdent(name); ok {
		return true
	}
	if c.lib == nil {
		return false
	}
	c.indexLib()
	if _, ok := c.lib.pending["i:"+name]; ok {
		return true
	}
	_, ok := c.lib.files["i:"+name]
	return ok
}

// IsType reports whether name names a type: a predefined D type, a typedef
// declared by a program checked so far, or a kernel typedef. The parser
// calls it to tell type names from identifiers.
func (c *Checker) IsType(name string) bool {
	_, ok := c.lookupTypedef(name)
	return ok
}

func (c *Checker) lookupTypedef(name string) (*types.Type, bool) {
	if t, ok := c.typedefs[name]; ok {
		return t, true
	}
	if t, ok := predefTypedefs[name]; ok {
		return t, true
	}
	// A builtin variable or function (pid, exit, count) is an identifier,
	// not a kernel typedef: asking the kernel would read its BTF for
	// nearly every program.
	if _, ok := builtinVars[name]; ok {
		return nil, false
	}
	if _, ok := builtinFuncs[name]; ok {
		return nil, false
	}
	if c.loadLib("t:" + name) {
		if t, ok := c.typedefs[name]; ok {
			return t, true
		}
	}
	if c.cfg.Kernel != nil {
		if t := c.cfg.Kernel.Type("typedef", name); t != nil {
			return t, true
		}
	}
	return nil, false
}

// bailout carries the first error out of the checker's recursion.
type bailout struct{ err *diag.Error }

func (c *Checker) errorf(n ast.Node, tag diag.Tag, format string, args ...any) {
	var pos ast.Pos
	if n != nil {
		pos = n.Pos()
		if p, ok := c.lines[n]; ok {
			pos = p
		}
	}
	err := diag.Errorf(pos, tag, format, args...)
	err.Region = c.region
	panic(bailout{err})
}

// Check checks file and returns what it learned. script says whether the
// program came from a file (dtrace -s) rather than the command line, which
// changes a few of DTrace's rules. The error, when not nil, is the first
// problem found, as a *diag.Error.
func (c *Checker) Check(file *ast.File, script bool) (info *Info, err error) {
	c.info = newInfo()
	c.argRefs = map[int]bool{}
	c.defargTok, c.argrefPragma = -1, false
	c.lines = file.Lines
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			info, err = c.info, b.err
		}
		c.clause = nil
	}()
	// DTrace checks declarations, pragmas, inlines and translators while
	// it parses, and clauses after the whole program has parsed.
	var clauses []*ast.Clause
	// A program of declarations alone is empty, as DTrace's parser
	// makes no node of a declaration; a provider, an inline or a
	// translator is not (dtrace -h -s provider.d).
	defs := 0
	for i, it := range file.Items {
		switch it := it.(type) {
		case *ast.Pragma:
			c.pragma(it)
		case *ast.Decl:
			c.decl(it)
		case *ast.InlineDecl:
			c.inlineDecl(it)
			defs++
		case *ast.TranslatorDecl:
			c.translatorDecl(it)
			defs++
		case *ast.ProviderDecl:
			c.providerDecl(it)
			defs++
		case *ast.Clause:
			next := file.End
			if i+1 < len(file.Items) {
				next = file.Items[i+1].Pos()
			}
			c.parseChecks(it, script, next)
			clauses = append(clauses, it)
		default:
			panic(fmt.Sprintf("check: unexpected item %T", it))
		}
	}
	if len(file.Items) == 0 {
		c.errorf(endNode{file.End}, diag.D_EMPTY, "empty D program translation unit")
	}
	// As dt_compile does once the program has parsed: unused pragmas,
	// then the last macro argument, which must be referenced.
	c.pragmaUnused()
	c.markArgRefs(file)
	if n := len(c.cfg.Args); n > 1 && !c.cfg.ArgRef && !c.argrefPragma && !c.argRefs[n-1] {
		c.errorf(endNode{file.End}, diag.D_MACRO_UNUSED, "extraneous argument '%s' ($%d is not referenced)", c.cfg.Args[n-1], n-1)
	}
	if len(clauses) == 0 && defs == 0 {
		c.errorf(endNode{file.End}, diag.D_EMPTY, "empty D program translation unit")
	}
	for _, cl := range clauses {
		c.clauseDecl(cl)
	}
	c.allocaRules(clauses)
	c.mergeLibInfo()
	return c.info, nil
}

// markArgRefs records the macro arguments the program refers to, in
// expressions ($N, $$N) and in probe descriptions, as DTrace's lexer and
// dtrace_xstr2desc do while the program is parsed.
func (c *Checker) markArgRefs(file *ast.File) {
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Macro:
			if i, err := strconv.Atoi(strings.TrimLeft(n.Name, "$")); err == nil {
				c.argRefs[i] = true
			}
		case *ast.ProbeDesc:
			for _, f := range []string{n.Provider, n.Module, n.Func, n.Name} {
				for i := strings.IndexByte(f, '$'); i >= 0; i = strings.IndexByte(f, '$') {
					f = strings.TrimLeft(f[i:], "$")
					j := 0
					for j < len(f) && f[j] >= '0' && f[j] <= '9' {
						j++
					}
					if k, err := strconv.Atoi(f[:j]); err == nil {
						c.argRefs[k] = true
					}
					f = f[j:]
				}
			}
		}
		return true
	}
	for _, it := range file.Items {
		ast.Inspect(it, visit)
	}
}

// endNode is a position with no node: the end of the input.
type endNode struct{ at ast.Pos }

func (e endNode) Pos() ast.Pos { return e.at }

// parseChecks reports, in source order, the errors DTrace finds in a clause
// while parsing it, before any clause is type-checked: probe identifiers out
// of range, a missing body, division of a constant by zero and calls of
// unknown functions. next is where the following item starts (DTrace's
// parser notices a missing body only when it reads that far).
func (c *Checker) parseChecks(cl *ast.Clause, script bool, next ast.Pos) {
	for _, pd := range cl.Probes {
		if pd.Count == 0 {
			if pd.IDErr || pd.ID > math.MaxUint32 {
				// strtoull saturates what does not fit.
				id := pd.ID
				if pd.IDErr {
					id = math.MaxUint64
				}
				c.errorf(pd, diag.D_PDESC_INVAL, "identifier %d exceeds maximum probe id", id)
			}
		}
	}
	if cl.NoBody {
		switch {
		case cl.Pred != nil:
			c.errorf(endNode{next}, diag.D_SYNTAX, "expected actions { } following probe description and predicate")
		case script:
			c.errorf(endNode{next}, diag.D_SYNTAX, "expected predicate and/or actions following probe description")
		}
	}
	ast.Inspect(cl, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Binary:
			if x.Op == ast.Div || x.Op == ast.Mod {
				c.divZero(x, x.Y)
			}
		case *ast.Assign:
			if x.Op == ast.DivAssign || x.Op == ast.ModAssign {
				c.divZero(x, x.Y)
			}
		case *ast.Call:
			c.funcName(x)
		}
		return true
	})
}

// divZero reports a division by an operand that folds to the constant 0
// from literals alone, as DTrace's parser does.
func (c *Checker) divZero(n ast.Node, y ast.Expr) {
	if v, ok := literalValue(y); ok && v == 0 {
		c.errorf(n, diag.D_DIV_ZERO, "expression contains division by zero")
	}
}

// literalValue folds an expression made only of integer and character
// literals, without types; ok is false for anything else.
func literalValue(x ast.Expr) (int64, bool) {
	switch x := ast.Unparen(x).(type) {
	case *ast.IntLit:
		v, ok := parseIntText(x.Text)
		return int64(v), ok
	case *ast.CharLit:
		return x.Value, true
	case *ast.Unary:
		v, ok := literalValue(x.X)
		switch x.Op {
		case ast.Neg:
			return -v, ok
		case ast.Plus:
			return v, ok
		case ast.BitNot:
			return ^v, ok
		case ast.Not:
			return b2i(v == 0), ok
		}
	case *ast.Binary:
		a, ok1 := literalValue(x.X)
		b, ok2 := literalValue(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case ast.Add:
			return a + b, true
		case ast.Sub:
			return a - b, true
		case ast.Mul:
			return a * b, true
		case ast.And:
			return a & b, true
		case ast.Or:
			return a | b, true
		case ast.Xor:
			return a ^ b, true
		}
	}
	return 0, false
}
