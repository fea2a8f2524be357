package ast

// Stmt is a statement of a clause body.
type Stmt interface {
	Node
	stmtNode()
}

// ExprStmt is an expression used as a statement (actions, assignments).
type ExprStmt struct {
	X Expr
}

// IfStmt is "if (Cond) Then [else Else]". Else is nil when absent.
type IfStmt struct {
	At   Pos
	Cond Expr
	Then Stmt
	Else Stmt
}

// BlockStmt is "{ stmt; stmt }" inside a clause body.
type BlockStmt struct {
	At   Pos
	List []Stmt
}

func (s *ExprStmt) Pos() Pos  { return s.X.Pos() }
func (s *IfStmt) Pos() Pos    { return s.At }
func (s *BlockStmt) Pos() Pos { return s.At }

func (*ExprStmt) stmtNode()  {}
func (*IfStmt) stmtNode()    {}
func (*BlockStmt) stmtNode() {}

// Expr is an expression.
type Expr interface {
	Node
	exprNode()
}

// Ident is a name: a builtin or user variable, a function in a call, or a
// kernel symbol. Backquote is set for "`sym" and "mod`sym" (Module holds the
// module, empty for "`sym").
type Ident struct {
	At        Pos
	Name      string
	Module    string
	Backquote bool
}

// IntLit is an integer constant as written, suffix included ("0x1fUL").
type IntLit struct {
	At   Pos
	Text string
}

// CharLit is a character constant as written, quotes included ("'\n'").
// Value is its value as DTrace computes it (multi-character constants are
// packed as C compilers pack them, first character most significant).
type CharLit struct {
	At    Pos
	Text  string
	Value int64
}

// StringLit is a string literal as written, quotes included; Value is the
// string with its escapes decoded.
type StringLit struct {
	At    Pos
	Text  string
	Value string
}

// Macro is a macro variable: "$1", "$$1", "$0", "$target", "$pid"...
// Name is as written, dollar signs included.
type Macro struct {
	At   Pos
	Name string
	// Tok is the index of its token in the program's tokens, which
	// orders it against the pragmas (Pragma.Tok).
	Tok int
}

// ScopedVar is "self->Name" (Scope Self) or "this->Name" (Scope This).
type ScopedVar struct {
	At    Pos
	Scope StorageClass
	Name  string
}

// Agg names an aggregation: "@name", or "@" (Name empty) for the anonymous
// one. Keys is set when the aggregation is indexed: "@a[k1, k2]".
type Agg struct {
	At   Pos
	Name string
	Keys []Expr
}

// Unary is a prefix or postfix operator applied to X.
type Unary struct {
	At Pos
	Op Op
	X  Expr
}

// Binary is "X Op Y", including the comma operator.
type Binary struct {
	At Pos // position of X
	Op Op
	X  Expr
	Y  Expr
}

// Assign is "X Op Y" for = and the compound assignments.
type Assign struct {
	At Pos
	Op Op
	X  Expr
	Y  Expr
}

// Cond is "C ? T : F".
type Cond struct {
	At Pos
	C  Expr
	T  Expr
	F  Expr
}

// Cast is "(Type) X".
type Cast struct {
	At   Pos
	Type *TypeName
	X    Expr
}

// SizeofType is "sizeof (Type)".
type SizeofType struct {
	At   Pos
	Type *TypeName
}

// SizeofExpr is "sizeof X".
type SizeofExpr struct {
	At Pos
	X  Expr
}

// Offsetof is "offsetof (Type, Member)".
type Offsetof struct {
	At     Pos
	Type   *TypeName
	Member string
}

// Stringof is "stringof X".
type Stringof struct {
	At Pos
	X  Expr
}

// Xlate is "xlate < Type > ( X )".
type Xlate struct {
	At   Pos
	Type *TypeName
	X    Expr
}

// Member is "X.Name" or "X->Name" (Arrow set).
type Member struct {
	At    Pos
	X     Expr
	Arrow bool
	Name  string
}

// Index is "X[I0, I1, ...]": array indexing, an associative array lookup or
// args[N].
type Index struct {
	At    Pos
	X     Expr
	Index []Expr
}

// Call is "Fun(Args...)".
type Call struct {
	At   Pos
	Fun  *Ident
	Args []Expr
	// RParen is the closing ')', where DTrace's parser looks the
	// function's name up (and reports an unknown one).
	RParen Pos
}

// Paren is a parenthesized expression. It is kept so that diagnostics can
// quote what the user wrote; the checker sees through it.
type Paren struct {
	At Pos
	X  Expr
}

func (x *Ident) Pos() Pos      { return x.At }
func (x *IntLit) Pos() Pos     { return x.At }
func (x *CharLit) Pos() Pos    { return x.At }
func (x *StringLit) Pos() Pos  { return x.At }
func (x *Macro) Pos() Pos      { return x.At }
func (x *ScopedVar) Pos() Pos  { return x.At }
func (x *Agg) Pos() Pos        { return x.At }
func (x *Unary) Pos() Pos      { return x.At }
func (x *Binary) Pos() Pos     { return x.At }
func (x *Assign) Pos() Pos     { return x.At }
func (x *Cond) Pos() Pos       { return x.At }
func (x *Cast) Pos() Pos       { return x.At }
func (x *SizeofType) Pos() Pos { return x.At }
func (x *SizeofExpr) Pos() Pos { return x.At }
func (x *Offsetof) Pos() Pos   { return x.At }
func (x *Stringof) Pos() Pos   { return x.At }
func (x *Xlate) Pos() Pos      { return x.At }
func (x *Member) Pos() Pos     { return x.At }
func (x *Index) Pos() Pos      { return x.At }
func (x *Call) Pos() Pos       { return x.At }
func (x *Paren) Pos() Pos      { return x.At }

func (*Ident) exprNode()      {}
func (*IntLit) exprNode()     {}
func (*CharLit) exprNode()    {}
func (*StringLit) exprNode()  {}
func (*Macro) exprNode()      {}
func (*ScopedVar) exprNode()  {}
func (*Agg) exprNode()        {}
func (*Unary) exprNode()      {}
func (*Binary) exprNode()     {}
func (*Assign) exprNode()     {}
func (*Cond) exprNode()       {}
func (*Cast) exprNode()       {}
func (*SizeofType) exprNode() {}
func (*SizeofExpr) exprNode() {}
func (*Offsetof) exprNode()   {}
func (*Stringof) exprNode()   {}
func (*Xlate) exprNode()      {}
func (*Member) exprNode()     {}
func (*Index) exprNode()      {}
func (*Call) exprNode()       {}
func (*Paren) exprNode()      {}

// Unparen returns x without any enclosing parentheses.
func Unparen(x Expr) Expr {
	for {
		p, ok := x.(*Paren)
		if !ok {
			return x
		}
		x = p.X
	}
}
