package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Bit-fields. A bit-field member of Bits bits starts at bit BitOff of its
// record: in the byte at Offset (BitOff/8, which the member's place is),
// BitOff%8 bits in. Its value is read as the bytes that hold it, shifted
// and masked, sign-extended when its type is signed; it is written back
// into those bytes with the other bits kept (a read-modify-write of the
// bytes, one at a time, so that nothing outside the field's bytes is
// touched). A kernel record's bit-field is at the byte its relocated
// offset gives and at the bit within it that the BTF the program was
// compiled against gives.

// bitField returns the member x when it is a bit-field.
func (c *clauseGen) bitField(x *ast.Member) (types.Member, bool) {
	m, ok := c.memberRecord(x).Member(x.Name)
	return m, ok && m.Bits != 0
}

// bitSpan returns where bit-field m lies from the byte its place is: the
// shift of its first bit and the number of bytes that hold it.
func (c *clauseGen) bitSpan(x ast.Node, m types.Member) (shift, n int) {
	shift = int(m.BitOff % 8)
	n = (shift + m.Bits + 7) / 8
	if n > 8 {
		c.fail(x, "a bit-field across nine bytes")
	}
	return shift, n
}

// loadBytes sets dst to the n bytes at [base], little-endian, read one at
// a time (base a pointer the verifier bounds; dst, base and tmp
// distinct). tmp is clobbered.
func (c *clauseGen) loadBytes(dst, base, tmp asm.Register, n int) {
	c.emit(asm.Mov.Imm(dst, 0))
	for i := 0; i < n; i++ {
		c.emit(asm.LoadMem(tmp, base, int16(i), asm.Byte))
		if i > 0 {
			c.emit(asm.LSh.Imm(tmp, int32(8*i)))
		}
		c.emit(asm.Or.Reg(dst, tmp))
	}
}

// readBits replaces the address in R0 (of kind k) of the byte bit-field m
// starts in by the field's value.
func (c *clauseGen) readBits(x *ast.Member, m types.Member, k placeKind) {
	shift, n := c.bitSpan(x, m)
	switch {
	case k == placeDirect, c.allocaLoadCheck(x, int64(n)):
		c.loadBytes(asm.R2, asm.R0, asm.R1, n)
		c.emit(asm.Mov.Reg(asm.R0, asm.R2))
	default:
		off := c.temp(8)
		c.zero(off, 8)
		c.emit(asm.Mov.Reg(asm.R6, asm.R0), asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(off)),
			asm.Mov.Imm(asm.R2, int32(n)))
		c.call(asm.FnProbeReadKernel)
		c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R6)
		c.emit(asm.LoadMem(asm.R0, regCtx, int16(off), asm.DWord))
	}
	c.extractBits(asm.R0, shift, m)
}

// extractBits turns r, the bytes that hold bit-field m (its first bit
// shift bits in), into the field's value, sign-extended when its type is
// signed.
func (c *clauseGen) extractBits(r asm.Register, shift int, m types.Member) {
	if up := 64 - shift - m.Bits; up > 0 {
		c.emit(asm.LSh.Imm(r, int32(up)))
	}
	down := int32(64 - m.Bits)
	if down == 0 {
		return
	}
	if m.Type.IsSigned() {
		c.emit(asm.ArSh.Imm(r, down))
	} else {
		c.emit(asm.RSh.Imm(r, down))
	}
}

// assignBits compiles an assignment (x op= y included) to the bit-field
// member lx: the value stored is the right-hand side's low Bits bits, and
// the assignment's value the field's new value.
func (c *clauseGen) assignBits(x *ast.Assign, lx *ast.Member, m types.Member) {
	if x.Op != ast.AssignOp {
		c.expr(lx)
		c.compound(x, m.Type)
	} else {
		c.expr(x.Y)
	}
	c.push(x) // the value
	c.storeBits(x, lx, m)
}

// incdecBits compiles ++ and -- (x, adding delta) of the bit-field
// member lx: the value is the field's old one (post) or new one.
func (c *clauseGen) incdecBits(x *ast.Unary, lx *ast.Member, m types.Member, delta int64, post bool) {
	c.expr(lx)
	c.push(x) // the old value
	c.emit(asm.Add.Imm(asm.R0, int32(delta)))
	c.push(x)
	c.storeBits(x, lx, m)
	if post {
		c.pop(asm.R0)
	} else {
		c.depth--
	}
}

// storeBits stores the value pushed last (and pops it) into the
// bit-field member lx, and leaves the field's new value in R0.
func (c *clauseGen) storeBits(x ast.Node, lx *ast.Member, m types.Member) {
	shift, n := c.bitSpan(x, m)
	k := c.memberPlaceBits(lx, true)
	c.writable(x, lx, k, int64(n))
	mask := uint64(1)<<m.Bits - 1
	if m.Bits == 64 {
		mask = ^uint64(0)
	}
	mask <<= shift
	c.loadBytes(asm.R1, asm.R0, asm.R2, n)
	c.pop(asm.R3)
	c.emit(
		asm.LoadImm(asm.R4, int64(mask), asm.DWord),
		asm.Mov.Reg(asm.R5, asm.R4),
		asm.Xor.Imm(asm.R5, -1),
		asm.And.Reg(asm.R1, asm.R5), // the other bits
		asm.LSh.Imm(asm.R3, int32(shift)),
		asm.And.Reg(asm.R3, asm.R4), // the field's
		asm.Or.Reg(asm.R1, asm.R3),
		asm.Mov.Reg(asm.R3, asm.R1),
	)
	for i := 0; i < n; i++ {
		c.emit(asm.StoreMem(asm.R0, int16(i), asm.R1, asm.Byte))
		if i < n-1 {
			c.emit(asm.RSh.Imm(asm.R1, 8))
		}
	}
	c.emit(asm.Mov.Reg(asm.R0, asm.R3))
	c.extractBits(asm.R0, shift, m)
}
