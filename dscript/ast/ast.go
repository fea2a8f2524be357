// Package ast declares the syntax tree of a D program.
//
// Every node records the position of its first token. The tree is built by
// package parse from the ANTLR parse tree and is read, never changed, by the
// checker; types and resolutions live in the checker's tables, not here.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package ast

import "fmt"

// Pos is a position in a D source: line and column are 1-based. Line is the
// line DTrace reports, after #line directives are applied; File is the file
// name in force (set by #line, empty for the input itself).
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	if p.File != "" {
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// IsValid reports whether p names a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Node is implemented by every node of the tree.
type Node interface {
	Pos() Pos
}

// File is a whole D program: a script, or the text of one -n/-P/-m/-f/-i
// operand.
type File struct {
	Name string
	// Interpreter is the first line of a script when it starts with "#!"
	// ("#!/usr/sbin/dtrace -qs"), without the "#!"; DTrace applies the
	// options it names.
	Interpreter string
	Items       []Item // clauses, declarations and pragmas in source order
	// End is the position just past the input, where DTrace reports errors
	// found at end of input.
	End Pos
	// Lines maps an expression to where DTrace reports errors found in
	// it, when that is not where it starts: where DTrace's parser stood
	// when it built the expression's node (the node's line), the
	// expression's last token or the token after it.
	Lines map[Node]Pos
}

// Item is a top-level element of a program.
type Item interface {
	Node
	itemNode()
}

// Clause is a probe clause: descriptions, an optional predicate and an
// optional body. A clause with no braces has Body == nil and NoBody set.
type Clause struct {
	At     Pos
	Probes []*ProbeDesc
	Pred   Expr // nil without a predicate
	Body   []Stmt
	NoBody bool
	// End is the body's closing '}', the line of the clause's node in
	// DTrace (its grammar reduces the clause there), where the errors
	// found after its predicate is checked are reported.
	End Pos
}

// ProbeDesc is one probe description as written. Fields are filled from the
// right: "entry" has only Name, "read:entry" Func and Name, and so on.
// Count is the number of fields the user wrote (1 to 4). Fields keep their
// globs and macros ($1, $target, pid$target) unexpanded.
type ProbeDesc struct {
	At       Pos
	Text     string
	Provider string
	Module   string
	Func     string
	Name     string
	Count    int
	// ID is the value of a probe id (Count 0), which may be out of range
	// (the checker says so); IDErr is set when it does not fit 64 bits.
	ID    uint64
	IDErr bool
	// Tok is the index of the description's token in the program's
	// tokens, which orders it against the pragmas (Pragma.Tok).
	Tok int
}

// Pragma is a #pragma line. Words holds what follows "#pragma", split on
// blanks, with string literals kept whole (with their quotes):
// "#pragma D option quiet" has Words ["D" "option" "quiet"].
type Pragma struct {
	At    Pos
	Words []string
	// Tok is the index of the first token after the pragma in the
	// program's tokens: DTrace applies a pragma as its lexer reads it,
	// to the tokens after it (Macro.Tok, ProbeDesc.Tok).
	Tok int
}

// Decl is a C-style declaration at file scope: variables, typedefs and type
// definitions. A declaration of only a type ("struct s { int a; };") has no
// Declarators.
type Decl struct {
	At          Pos
	Class       StorageClass
	Spec        *TypeSpec
	Declarators []*Declarator
}

// InlineDecl is "inline TYPE NAME = EXPR;".
type InlineDecl struct {
	At    Pos
	Class StorageClass // a storage class written before the type (an error)
	Spec  *TypeSpec
	Decl  *Declarator
	Value Expr
}

// TranslatorDecl is "translator OUT < IN NAME > { member = expr; ... };".
type TranslatorDecl struct {
	At        Pos
	Output    *TypeName
	Input     *TypeName
	InputName string
	Members   []*XlateMember
	// End is the ';' after the closing '}', where DTrace's parser
	// builds the translator and reports what is wrong with it.
	End Pos
}

// XlateMember is one "member = expr;" of a translator.
type XlateMember struct {
	At    Pos
	Name  string
	Value Expr
}

// ProviderDecl is "provider NAME { probe x(args) [: (xargs)]; ... };".
type ProviderDecl struct {
	At     Pos
	Name   string
	Probes []*ProviderProbe
}

// ProviderProbe is one probe of a provider definition. Params are the native
// argument types, XParams the translated ones (nil when absent).
type ProviderProbe struct {
	At      Pos
	Name    string
	Params  []*Param
	XParams []*Param
}

func (c *Clause) Pos() Pos         { return c.At }
func (p *ProbeDesc) Pos() Pos      { return p.At }
func (p *Pragma) Pos() Pos         { return p.At }
func (d *Decl) Pos() Pos           { return d.At }
func (d *InlineDecl) Pos() Pos     { return d.At }
func (d *TranslatorDecl) Pos() Pos { return d.At }
func (m *XlateMember) Pos() Pos    { return m.At }
func (d *ProviderDecl) Pos() Pos   { return d.At }
func (p *ProviderProbe) Pos() Pos  { return p.At }

func (*Clause) itemNode()         {}
func (*Pragma) itemNode()         {}
func (*Decl) itemNode()           {}
func (*InlineDecl) itemNode()     {}
func (*TranslatorDecl) itemNode() {}
func (*ProviderDecl) itemNode()   {}
