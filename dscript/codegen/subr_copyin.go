package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// subrCopyinto: copyinto(addr, size, dest) copies size bytes of user
// memory at addr to dest, which must lie, all size bytes of it, in the
// scratch memory alloca and copyin hand out: anywhere else is a
// bad-address fault (dest reported), as DTrace faults when dest is not in
// scratch. A user address the kernel cannot read faults too (the address
// reported).
func subrCopyinto(c *clauseGen, x *ast.Call) {
	lo, hi := c.g.scratchBase, c.g.scratchBase+thisRegion
	srcSlot := c.intArg(x.Args[0])
	sizeSlot := c.intArg(x.Args[1])
	dstSlot := c.intArg(x.Args[2]) // a pointer stored becomes a number
	baseSlot := c.temp(8)
	c.stSlot(baseSlot, regCtx)
	bad, ok := c.newLabel(), c.newLabel()
	c.ldSlot(asm.R4, dstSlot)
	c.ldSlot(asm.R5, baseSlot)
	c.ldSlot(asm.R2, sizeSlot)
	c.emit(
		asm.Sub.Reg(asm.R4, asm.R5), // offset of dest in scratch
		asm.JLT.Imm(asm.R4, int32(lo), bad),
		asm.JGT.Imm(asm.R4, int32(hi), bad),
		asm.JGT.Imm(asm.R2, int32(hi-lo), bad),
		asm.Mov.Reg(asm.R5, asm.R4),
		asm.Add.Reg(asm.R5, asm.R2),
		asm.JLE.Imm(asm.R5, int32(hi), ok),
	)
	c.label(bad)
	c.ldSlot(asm.R1, dstSlot)
	c.fault(x, abi.FaultBadAddr, asm.R1)
	c.label(ok)
	c.scratchAddr(asm.R1, 0, asm.R4)
	c.ldSlot(asm.R3, srcSlot)
	c.emit(asm.Mov.Reg(asm.R6, asm.R3))
	c.call(asm.FnProbeReadUser)
	c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.emit(asm.Mov.Imm(asm.R0, 0))
}
