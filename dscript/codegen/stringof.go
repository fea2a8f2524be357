package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// stringof evaluates "stringof X": a string is itself; otherwise X's value
// (a char array's address, a pointer, or an integer taken as one) is the
// address of the string's bytes, copied (strsize at most, NUL included)
// into a temporary. An unreadable address is a bad-address fault.
func (c *clauseGen) stringof(x *ast.Stringof) {
	c.expr(x.X)
	if t := c.typeOf(x.X); t.IsString() {
		return
	}
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	off := c.temp(c.strSize())
	c.emit(
		asm.StoreImm(regCtx, int16(off), 0, asm.Word),
		asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R2, int32(c.strSize())),
		asm.Mov.Reg(asm.R3, asm.R6),
	)
	c.call(asm.FnProbeReadKernelStr)
	c.faultIf(x, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.emit(asm.Mov.Reg(asm.R0, regCtx), asm.Add.Imm(asm.R0, int32(off)))
}
