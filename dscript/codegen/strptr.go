package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// Strings as pointers. A string's value is its address (expr), as in
// DTrace, where a string is a pointer to its characters in most
// expressions: s[i] is the char at s + i, read as any memory is (a NULL
// string faults at address i); s + n and n + s are the string n bytes in,
// s1 - s2 the distance between them. A string is NULL (address 0) when
// a subroutine finds nothing (strchr(), strstr(), strtok()...) or a
// pointer cast to string is; NULL compares below every other string, and
// equal to itself and to NULL, without reading either (dt_cg_compare_op
// compares the pointers when one is NULL); recording a NULL string
// (trace(), printf()) faults at address 0. A global or this-> string
// variable assigned a NULL string keeps a mark of it in its first bytes
// (nullStrMark, as dtrace-utils' DT_NULL_STRING), so that it reads back
// as NULL; a dynamic variable (self->, an associative array's element)
// assigned one is deleted, as dtrace-utils deletes it for a value of 0.

// nullStrMark is the half-word a string variable holds when a NULL string
// was assigned to it: a NUL, so that its bytes read as "", then a byte no
// assignment of a string leaves after a NUL at its start (an assignment
// clears both bytes before it copies the string).
const nullStrMark = 0x7f00

// isStringIndex reports whether x indexes a string: s[i], or i[s].
func (c *clauseGen) isStringIndex(x *ast.Index) bool {
	if c.g.info.Uses[x] != nil || len(x.Index) != 1 {
		return false
	}
	return c.typeOf(x.X).IsString() || c.typeOf(x.Index[0]).IsString()
}

// stringIndexPlace leaves in R0 the address of s[i] (or i[s]), a plain
// number: the string's address plus i.
func (c *clauseGen) stringIndexPlace(x *ast.Index) placeKind {
	s, i := x.X, x.Index[0]
	if !c.typeOf(s).IsString() {
		s, i = i, s
	}
	c.stringOffset(x, s, i, false)
	return placeMemory
}

// stringOffset leaves in R0 the address of the string s plus (or, with
// sub, minus) the integer i, a plain number.
func (c *clauseGen) stringOffset(n ast.Node, s, i ast.Expr, sub bool) {
	c.expr(s)
	c.launder(asm.R0)
	op := asm.Add
	if sub {
		op = asm.Sub
	}
	if v, ok := c.constOf(i); ok && v == int64(int32(v)) {
		if v != 0 {
			c.emit(op.Imm(asm.R0, int32(v)))
		}
		return
	}
	c.push(n)
	c.expr(i)
	c.emit(asm.Mov.Reg(asm.R1, asm.R0))
	c.pop(asm.R0)
	c.emit(op.Reg(asm.R0, asm.R1))
}

// stringArith compiles + and - with a string operand: s + n, n + s and
// s - n are the string moved by n bytes; s - p, of a string and a string
// or a pointer to char or void, the distance between them.
func (c *clauseGen) stringArith(x *ast.Binary) {
	lt, rt := c.typeOf(x.X), c.typeOf(x.Y)
	switch {
	case lt.IsString() && rt.IsInteger():
		c.stringOffset(x, x.X, x.Y, x.Op == ast.Sub)
	case rt.IsString() && lt.IsInteger():
		c.stringOffset(x, x.Y, x.X, false)
	default:
		c.ptrValue(x.X)
		c.push(x)
		c.ptrValue(x.Y)
		c.emit(asm.Mov.Reg(asm.R1, asm.R0))
		c.pop(asm.R0)
		c.emit(asm.Sub.Reg(asm.R0, asm.R1))
	}
}

// nullStrVar replaces the address in R0 of a global or this-> string
// variable's storage by 0 when the variable holds nullStrMark. R1 is
// clobbered.
func (c *clauseGen) nullStrVar() {
	done := c.newLabel()
	c.emit(
		asm.LoadMem(asm.R1, asm.R0, 0, asm.Half),
		asm.JNE.Imm(asm.R1, nullStrMark, done),
		asm.Mov.Imm(asm.R0, 0),
	)
	c.label(done)
}

// storeStrVar stores the string whose address is in R6 (0: NULL) in the
// strsize bytes of a global or this-> string variable's storage, whose
// address is in R1: the string copied, its first two bytes cleared
// first, or nullStrMark for NULL. R0-R5 are clobbered.
//
// A variable assigned its own value (s = s, or s = c ? s : "x" when it
// is s) keeps it: the storage is the string, and nothing is copied.
// dtrace-utils' dt_cg_store_var clears the first bytes and copies from
// the same address, which leaves "", where illumos' DTrace copies the
// string onto itself; the clearing is kept otherwise, as dtrace-utils
// has it: s = s + 1 reads the string from the byte just cleared and
// empties s (self->s = self->s + 1, an associative array's element or
// a struct member, which dtrace-utils copies without clearing, drop the
// first character).
func (c *clauseGen) storeStrVar() {
	null, done := c.newLabel(), c.newLabel()
	c.emit(
		asm.JEq.Imm(asm.R6, 0, null),
		asm.JEq.Reg(asm.R6, asm.R1, done),
		asm.StoreImm(asm.R1, 0, 0, asm.Half),
		asm.Mov.Imm(asm.R2, int32(c.strSize())),
		asm.Mov.Reg(asm.R3, asm.R6),
	)
	c.call(asm.FnProbeReadKernelStr)
	c.emit(asm.Ja.Label(done))
	c.label(null)
	c.emit(asm.StoreImm(asm.R1, 0, nullStrMark, asm.Half))
	c.label(done)
}

// notNullStr faults with a bad address 0 when the string in R0 is NULL:
// a NULL string cannot be recorded or copied.
func (c *clauseGen) notNullStr(n ast.Node) {
	c.faultIf(n, asm.JEq, asm.R0, 0, abi.FaultBadAddr, asm.R0)
}
