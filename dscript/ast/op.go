package ast

// Op is an operator of a Unary, Binary or Assign expression.
type Op int

// Operators. The prefix and postfix forms of ++ and -- are distinct.
const (
	BadOp Op = iota

	// unary
	Neg     // -x
	Plus    // +x
	Not     // !x
	BitNot  // ~x
	Deref   // *x
	Addr    // &x
	PreInc  // ++x
	PreDec  // --x
	PostInc // x++
	PostDec // x--

	// binary
	Mul
	Div
	Mod
	Add
	Sub
	Shl
	Shr
	Lt
	Gt
	Le
	Ge
	Eq
	Ne
	And // &
	Xor // ^
	Or  // |
	LAnd
	LXor // ^^
	LOr
	Comma

	// assignment
	AssignOp // =
	MulAssign
	DivAssign
	ModAssign
	AddAssign
	SubAssign
	ShlAssign
	ShrAssign
	AndAssign
	XorAssign
	OrAssign
)

var opNames = [...]string{
	BadOp: "?", Neg: "-", Plus: "+", Not: "!", BitNot: "~", Deref: "*", Addr: "&",
	PreInc: "++", PreDec: "--", PostInc: "++", PostDec: "--",
	Mul: "*", Div: "/", Mod: "%", Add: "+", Sub: "-", Shl: "<<", Shr: ">>",
	Lt: "<", Gt: ">", Le: "<=", Ge: ">=", Eq: "==", Ne: "!=",
	And: "&", Xor: "^", Or: "|", LAnd: "&&", LXor: "^^", LOr: "||", Comma: ",",
	AssignOp: "=", MulAssign: "*=", DivAssign: "/=", ModAssign: "%=", AddAssign: "+=",
	SubAssign: "-=", ShlAssign: "<<=", ShrAssign: ">>=", AndAssign: "&=", XorAssign: "^=",
	OrAssign: "|=",
}

// String returns the operator as written in D.
func (o Op) String() string {
	if o >= 0 && int(o) < len(opNames) {
		return opNames[o]
	}
	return "?"
}

// Base returns the binary operator of a compound assignment (Add for
// AddAssign) and BadOp for plain "=" or a non-assignment.
func (o Op) Base() Op {
	switch o {
	case MulAssign:
		return Mul
	case DivAssign:
		return Div
	case ModAssign:
		return Mod
	case AddAssign:
		return Add
	case SubAssign:
		return Sub
	case ShlAssign:
		return Shl
	case ShrAssign:
		return Shr
	case AndAssign:
		return And
	case XorAssign:
		return Xor
	case OrAssign:
		return Or
	}
	return BadOp
}
