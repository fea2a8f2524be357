package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// subrLltostr compiles lltostr(v [, base]) as illumos does: base 10
// (the default) is signed, other bases print the 64-bit pattern unsigned,
// base 16 with a "0x" prefix and base 8 with a "0"; a base outside 2..36
// is an illegal operation, as in DTrace (the base reported).
//
// The digits are written from the end of a 72-byte scratch area, one per
// iteration of a loop of at most 64; the result is copied from there.
func subrLltostr(c *clauseGen, x *ast.Call) {
	const width = 72 // 64 binary digits, "0x" or "-", NUL
	n := c.strSize()
	val := c.intArg(x.Args[0])
	base := c.optIntArg(x, 1, 10)
	tmp := c.temp(width)
	count := c.temp(8)
	dst := c.temp(n)
	invalid, done, mag := c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(asm.StoreImm(regCtx, int16(tmp+width-1), 0, asm.Byte))
	c.ldSlot(asm.R1, val)
	c.ldSlot(asm.R2, base)
	c.emit(
		asm.JSLE.Imm(asm.R2, 1, invalid),
		asm.JSGT.Imm(asm.R2, 36, invalid),
		asm.JNE.Imm(asm.R2, 10, mag),
		asm.JSGE.Imm(asm.R1, 0, mag),
		asm.Neg.Imm(asm.R1, 0),
	)
	c.label(mag)
	c.stSlotImm(count, 0)
	c.loop(asm.R6, 64, func(brk, next string) {
		c.exitIf(asm.JEq, asm.R1, 0, brk)
		c.emit(
			asm.Mov.Reg(asm.R3, asm.R1),
			asm.Mod.Reg(asm.R3, asm.R2),
			asm.Div.Reg(asm.R1, asm.R2),
		)
		c.emit(hexDigit(asm.R3, asm.R4)...)
		c.emit(
			asm.Mov.Reg(asm.R4, regCtx),
			asm.Add.Imm(asm.R4, int32(tmp+width-2)),
			asm.Sub.Reg(asm.R4, asm.R6),
			asm.StoreMem(asm.R4, 0, asm.R3, asm.Byte),
			asm.Mov.Reg(asm.R4, asm.R6),
			asm.Add.Imm(asm.R4, 1),
		)
		c.stSlot(count, asm.R4)
	})
	// R5 = index of the first character in tmp; prefixes go before it.
	c.ldSlot(asm.R5, count)
	c.clampU(asm.R5, 64)
	c.emit(asm.Mov.Reg(asm.R0, asm.R5), asm.Mov.Imm(asm.R5, width-1), asm.Sub.Reg(asm.R5, asm.R0))
	c.ldSlot(asm.R1, val)
	c.ldSlot(asm.R2, base)
	prepend := func(ch byte) {
		c.emit(asm.Add.Imm(asm.R5, -1))
		c.scratchAddr(asm.R4, tmp, asm.R5)
		c.emit(asm.StoreImm(asm.R4, 0, int64(ch), asm.Byte))
	}
	notZero16, not16, noZero, zero, noSign := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(asm.JNE.Imm(asm.R1, 0, notZero16), asm.JNE.Imm(asm.R2, 16, notZero16))
	prepend('0')
	c.label(notZero16)
	c.emit(asm.JNE.Imm(asm.R2, 16, not16))
	prepend('x')
	c.label(not16)
	c.emit(asm.JEq.Imm(asm.R1, 0, zero), asm.JEq.Imm(asm.R2, 8, zero), asm.JEq.Imm(asm.R2, 16, zero), asm.Ja.Label(noZero))
	c.label(zero)
	prepend('0')
	c.label(noZero)
	c.emit(asm.JSGE.Imm(asm.R1, 0, noSign), asm.JNE.Imm(asm.R2, 10, noSign))
	prepend('-')
	c.label(noSign)
	c.scratchAddr(asm.R3, tmp, asm.R5)
	c.scratchAddr(asm.R1, dst)
	c.emit(asm.Mov.Imm(asm.R2, int32(n)))
	c.call(asm.FnProbeReadKernelStr)
	c.emit(asm.Ja.Label(done))
	c.label(invalid)
	c.fault(x, abi.FaultIllOp, asm.R2)
	c.label(done)
	c.resultStr(dst)
}

// subrInetNtoa compiles inet_ntoa(ipaddr_t *): the 4 bytes at the address
// (in network order) as a dotted quad.
func subrInetNtoa(c *clauseGen, x *ast.Call) {
	n := c.strSize()
	c.expr(x.Args[0])
	raw := c.temp(8)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0), asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, 4))
	c.scratchAddr(asm.R1, raw)
	c.call(asm.FnProbeReadKernel)
	c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	size := n
	if size < 16 {
		size = 16
	}
	dst := c.temp(size)
	// R5: the output position (a constant along each path).
	c.emit(asm.Mov.Imm(asm.R5, 0))
	put := func(r asm.Register) {
		c.scratchAddr(asm.R4, dst, asm.R5)
		c.emit(asm.StoreMem(asm.R4, 0, r, asm.Byte), asm.Add.Imm(asm.R5, 1))
	}
	for b := 0; b < 4; b++ {
		noH, noT := c.newLabel(), c.newLabel()
		c.emit(asm.LoadMem(asm.R1, regCtx, int16(raw+b), asm.Byte))
		c.emit(asm.JLT.Imm(asm.R1, 100, noH), asm.Mov.Reg(asm.R2, asm.R1), asm.Div.Imm(asm.R2, 100), asm.Add.Imm(asm.R2, '0'))
		put(asm.R2)
		c.label(noH)
		c.emit(asm.JLT.Imm(asm.R1, 10, noT), asm.Mov.Reg(asm.R2, asm.R1), asm.Div.Imm(asm.R2, 10), asm.Mod.Imm(asm.R2, 10), asm.Add.Imm(asm.R2, '0'))
		put(asm.R2)
		c.label(noT)
		c.emit(asm.Mov.Reg(asm.R2, asm.R1), asm.Mod.Imm(asm.R2, 10), asm.Add.Imm(asm.R2, '0'))
		put(asm.R2)
		if b < 3 {
			c.emit(asm.Mov.Imm(asm.R2, '.'))
			put(asm.R2)
		}
	}
	c.emit(asm.Mov.Imm(asm.R2, 0))
	put(asm.R2)
	if n < 16 {
		c.emit(asm.StoreImm(regCtx, int16(dst+n-1), 0, asm.Byte))
	}
	c.resultStr(dst)
}
