package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// pointerOp compiles a binary operator with a pointer (or array) operand,
// as C does: p + i and p - i move p by i elements, p - q is the number of
// elements between two pointers, and comparisons compare addresses
// (unsigned).
func (c *clauseGen) pointerOp(x *ast.Binary, lt, rt *types.Type) {
	operand := func(e ast.Expr) {
		if isPtr(c.typeOf(e)) {
			c.ptrValue(e)
		} else {
			c.expr(e)
		}
	}
	lp, rp := isPtr(lt), isPtr(rt)
	switch {
	case (x.Op == ast.Add || x.Op == ast.Sub) && lp != rp:
		ptr, esz := x.X, int64(0)
		if lp {
			esz = c.elemSize(x, lt)
		} else {
			ptr, esz = x.Y, c.elemSize(x, rt)
		}
		if v, ok := c.constOf(x.Y); ok && lp && v*esz == int64(int32(v*esz)) {
			c.ptrValue(x.X)
			if x.Op == ast.Sub {
				v = -v
			}
			c.emit(asm.Add.Imm(asm.R0, int32(v*esz)))
			return
		}
		operand(x.X)
		c.push(x)
		operand(x.Y)
		c.emit(asm.Mov.Reg(asm.R1, asm.R0))
		c.pop(asm.R0)
		// Scale the integer operand: R1 when the pointer is on the
		// left, R0 otherwise.
		if ptr == x.X {
			c.scale(asm.R1, esz)
		} else {
			c.scale(asm.R0, esz)
		}
		if x.Op == ast.Add {
			c.emit(asm.Add.Reg(asm.R0, asm.R1))
		} else {
			c.emit(asm.Sub.Reg(asm.R0, asm.R1))
		}
	case x.Op == ast.Sub:
		esz := c.elemSize(x, lt)
		operand(x.X)
		c.push(x)
		operand(x.Y)
		c.emit(asm.Mov.Reg(asm.R1, asm.R0))
		c.pop(asm.R0)
		c.emit(asm.Sub.Reg(asm.R0, asm.R1))
		switch {
		case esz == 1:
		case esz&(esz-1) == 0:
			c.emit(asm.ArSh.Imm(asm.R0, log2(esz)))
		default:
			c.emit(asm.Mov.Imm(asm.R1, int32(esz)))
			c.divide(ast.Div, asm.R0, asm.R1, true)
		}
	case isCompare(x.Op):
		operand(x.X)
		c.push(x)
		operand(x.Y)
		c.emit(asm.Mov.Reg(asm.R1, asm.R0))
		c.pop(asm.R0)
		r1 := asm.R1
		c.arith(x, x.Op, asm.R0, &r1, 0, types.ULongType, types.ULongType)
	default:
		c.fail(x, "operator "+x.Op.String()+" on a pointer")
	}
}
