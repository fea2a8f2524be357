package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
)

// Scratch memory: what alloca() and copyin() allocate, as DTrace for
// Linux allocates it.
//
// Each clause allocates from the start of the alloca area, a region of the
// scratch value after the temporaries: a clause that allocates or reaches
// memory through an alloca pointer (check.Info.Alloca) starts by setting
// its allocation top to 0, so memory allocated by another clause, or by
// another firing, is not this clause's. alloca(n) hands out the next n
// bytes (rounded up to 8) below scratchsize (Options.ScratchSize); past it
// is DTrace's out-of-scratch fault. The area is twice scratchsize long, so
// that an access of up to scratchsize bytes from any offset below it stays
// in the scratch value for the verifier.
//
// An access through an alloca pointer is checked as DTrace checks it
// (allocaAccess): its address must lie in what the clause has allocated
// so far (a bad-address fault otherwise, before the start as past the
// top), and the access must end there too (an invalid-size fault). The
// sizes bcopy() and copyin() take are refused past scratchsize, or when
// negative (invalid size).

// allocaAreaMeta marks the instructions whose constant is the alloca
// area's offset in the scratch value, set once the temporaries' size is
// known (patchAllocaArea).
type allocaAreaMeta struct{}

// allocaTopObj keys, in gen.vars, the per-CPU allocation top (a u64 in
// the this-> region: the bytes of the area the running clause has
// allocated).
var allocaTopObj = new(check.Object)

// scratchLimit is scratchsize: the bytes a clause may allocate, a
// multiple of 8.
func (g *gen) scratchLimit() int { return align8(g.opts.ScratchSize) }

// allocaTop returns the offset of the allocation top, reserving it on
// first use, and marks the clause as one that starts by resetting it.
func (c *clauseGen) allocaTop(n ast.Node) int {
	c.usesAlloca = true
	if v, ok := c.g.vars[allocaTopObj]; ok {
		return v.off
	}
	off := c.thisAlloc(n, 8)
	c.g.vars[allocaTopObj] = &varInfo{obj: allocaTopObj, off: off, size: 8}
	return off
}

// areaOffset emits "r += the alloca area's offset".
func (c *clauseGen) areaOffset(r asm.Register) {
	ins := asm.Add.Imm(r, 0)
	ins.Metadata.Set(allocaAreaMeta{}, true)
	c.emit(ins)
}

// patchAllocaArea sets the alloca area's offset, area, in the clauses'
// instructions.
func (p *Program) patchAllocaArea(area int) {
	for _, cl := range p.Clauses {
		for i := range cl.Insns {
			if cl.Insns[i].Metadata.Get(allocaAreaMeta{}) != nil {
				cl.Insns[i].Constant = int64(area)
			}
		}
	}
}

// resetAllocaTop, in a clause that allocates or reaches alloca memory,
// starts the clause with nothing allocated. It runs on the clause's
// instructions before the prologue's other insertions (spillRawCtx).
func (c *clauseGen) resetAllocaTop() {
	if !c.usesAlloca {
		return
	}
	top := c.g.vars[allocaTopObj].off
	c.insns = append(c.insns[:1], append(asm.Instructions{storeImm64(regCtx, int16(top), 0)}, c.insns[1:]...)...)
}

// alloc allocates the bytes in R0 (taken as unsigned) from the alloca
// area and leaves their address in R0, a plain number; more than the
// clause has left is an out-of-scratch fault. R1-R3 are clobbered.
func (c *clauseGen) alloc(n ast.Node) {
	top := c.allocaTop(n)
	limit := c.g.scratchLimit()
	bad, ok := c.newLabel(), c.newLabel()
	c.emit(
		asm.JGT.Imm(asm.R0, int32(limit), bad),
		asm.LoadMem(asm.R1, regCtx, int16(top), asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.Add.Reg(asm.R2, asm.R0),
		asm.Add.Imm(asm.R2, 7),
		asm.And.Imm(asm.R2, -8),
		asm.JLE.Imm(asm.R2, int32(limit), ok),
	)
	c.label(bad)
	c.emit(asm.Mov.Imm(asm.R0, 0))
	c.fault(n, abi.FaultNoScratch, asm.R0)
	c.label(ok)
	c.emit(asm.StoreMem(regCtx, int16(top), asm.R2, asm.DWord))
	// The address, as a number: R9 laundered, plus the area, plus the
	// old top.
	slot := c.temp(8)
	c.stSlot(slot, regCtx)
	c.ldSlot(asm.R0, slot)
	c.areaOffset(asm.R0)
	c.emit(asm.Add.Reg(asm.R0, asm.R1))
}

// checkSize faults with an invalid size unless the size in the slot
// sizeSlot is at most scratchsize (a negative one is not), as DTrace
// checks bcopy()'s and copyin()'s.
func (c *clauseGen) checkSize(n ast.Node, sizeSlot int) {
	ok := c.newLabel()
	c.ldSlot(asm.R1, sizeSlot)
	c.emit(asm.JLE.Imm(asm.R1, int32(c.g.scratchLimit()), ok))
	c.fault(n, abi.FaultBadSize, asm.R1)
	c.label(ok)
}

// allocaAccess checks an access of size bytes (the constant size, or when
// sizeSlot >= 0 the size in that slot, at most scratchsize) at the
// address in the slot addrSlot, an alloca pointer: the address must lie in
// what the clause has allocated (a bad-address fault, the address
// reported) and so must the size bytes from it (an invalid-size fault).
// R0 is left pointing at the address, a pointer the verifier bounds to the
// alloca area. R1-R5 are clobbered.
func (c *clauseGen) allocaAccess(n ast.Node, addrSlot int, size int64, sizeSlot int) {
	top := c.allocaTop(n)
	base := c.temp(8)
	c.stSlot(base, regCtx)
	bad, badSize, ok := c.newLabel(), c.newLabel(), c.newLabel()
	c.ldSlot(asm.R1, addrSlot)
	c.ldSlot(asm.R2, base)
	c.areaOffset(asm.R2)
	c.emit(
		asm.Sub.Reg(asm.R1, asm.R2), // the offset in the area; before it is huge
		asm.LoadMem(asm.R3, regCtx, int16(top), asm.DWord),
		asm.JGE.Reg(asm.R1, asm.R3, bad),
		asm.JGE.Imm(asm.R1, int32(c.g.scratchLimit()), bad),
	)
	if sizeSlot >= 0 {
		c.ldSlot(asm.R4, sizeSlot)
	} else {
		c.emit(asm.Mov.Imm(asm.R4, int32(size)))
	}
	c.emit(
		asm.Mov.Reg(asm.R5, asm.R1),
		asm.Add.Reg(asm.R5, asm.R4),
		asm.JLE.Reg(asm.R5, asm.R3, ok),
	)
	c.label(badSize)
	c.fault(n, abi.FaultBadSize, asm.R4)
	c.label(bad)
	c.ldSlot(asm.R1, addrSlot)
	c.fault(n, abi.FaultBadAddr, asm.R1)
	c.label(ok)
	c.emit(asm.Mov.Reg(asm.R0, regCtx))
	c.areaOffset(asm.R0)
	c.emit(asm.Add.Reg(asm.R0, asm.R1))
}

// isAlloca reports whether x's value is an alloca pointer.
func (c *clauseGen) isAlloca(x ast.Expr) bool { return c.g.info.Alloca[x] }

// allocaPlace reports whether the lvalue x lies in memory an alloca
// pointer points to (check.Info.AllocaPlace).
func (c *clauseGen) allocaPlace(x ast.Expr) bool { return c.g.info.AllocaPlace(x, c.isAlloca) }

// allocaLoadCheck, for a read of size bytes at the address in R0 of the
// place x when x lies in alloca memory, checks the access (allocaAccess)
// and leaves R0 pointing there, bounded; it reports whether it did.
func (c *clauseGen) allocaLoadCheck(x ast.Node, size int64) bool {
	e, ok := x.(ast.Expr)
	if !ok || !c.allocaPlace(e) {
		return false
	}
	slot := c.temp(8)
	c.stSlot(slot, asm.R0)
	c.allocaAccess(x, slot, size, -1)
	return true
}
