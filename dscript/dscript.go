// Package dscript is the D language front end: it parses D programs, checks
// them with D's rules, and reports DTrace's diagnostics.
//
// A Compiler holds what one DTrace handle holds across compilations: global
// variables, types, inlines and aggregations declared by one program are
// visible to the programs compiled after it (several -n and -s operands
// share them).
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package dscript

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
)

// SourceKind says how a program's text was given, which decides how a bare
// probe description is read and how errors are reported.
type SourceKind int

// Source kinds, one per dtrace flag that takes a program.
const (
	Script   SourceKind = iota // -s FILE: a D script
	Name                       // -n: probe name, fields filled from the right
	Function                   // -f: the single field is a function
	Module                     // -m: the single field is a module
	Provider                   // -P: the single field is a provider
	ProbeID                    // -i: a probe id
)

// Source is one program to compile.
type Source struct {
	Kind SourceKind
	Name string // the script's path as the user typed it, or the -n/-P/... operand
	Text []byte
}

// Config holds what the command line gives every compilation.
type Config struct {
	// Args are the macro arguments: Args[0] is $0 (the script name), Args[1]
	// is $1, and so on.
	Args []string
	// Defaultargs allows references to unset $N macros, as -x defaultargs.
	Defaultargs bool
	// ArgRef lets a program leave its last macro argument unreferenced,
	// as -x argref.
	ArgRef bool
	// Macros gives the values of $pid, $ppid, $uid..., and $target when a
	// process is traced, by name without the dollar sign.
	Macros map[string]int64
	// Kernel resolves kernel types and symbols (from BTF); nil means the
	// program may use none.
	Kernel check.Kernel
	// Probes, when not nil, is the catalog probe descriptions are matched
	// against while compiling (Program.Info.Matches): a description that
	// matches no probe is an error unless ZeroProbes (-Z).
	Probes     check.Catalog
	ZeroProbes bool
	// LibDirs are directories of .d library files loaded besides the
	// built-in library (-xlibdir, -L), a file of theirs replacing the
	// built-in file of its name; NoLibs loads no library at all.
	LibDirs []string
	NoLibs  bool
	// ScratchSize returns scratchsize as the handle's options set it so
	// far; nil is DTrace's default, 256. alloca() and copyin() of a
	// constant size larger are refused (D_ALLOCA_SIZE).
	ScratchSize func() int64
}

// Program is a checked D program.
type Program struct {
	File *ast.File
	// Info holds the checker's findings: the type of every expression,
	// constant values, and what every name refers to.
	Info *check.Info
	// Options lists the options set by "#pragma D option" lines and the
	// script's "#!" line, in order.
	Options []OptionSetting
	// Aggs describes the aggregations the program assigns, in the order
	// of their first assignments: what the outputs that label their data
	// (profiles, metrics) name its keys and units after.
	Aggs []*AggInfo
}

// OptionSetting is one option set by a program. Value is empty for an
// option given without "=value".
type OptionSetting struct {
	Pos   ast.Pos
	Name  string
	Value string
}

// Compiler compiles D programs one after another, sharing declarations.
type Compiler struct {
	cfg Config
	chk *check.Checker
	// libNotes are the library files left out (library.go).
	libNotes []string
}

// New returns a Compiler for the given configuration.
func New(cfg Config) *Compiler {
	return &Compiler{cfg: cfg}
}
