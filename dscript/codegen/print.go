package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// printHeader is the size of the address before print()'s data.
const printHeader = 8

// printData is the most bytes of a pointee print() records: what a record
// holds besides its header and the address. A larger type is shown up to
// there, as Oracle's DTrace shows one larger than its printsize option.
const printData = recordRegion - abi.HeaderSize - printHeader

// print compiles print(p) as Oracle's dt_cg_act_print does: p must not be
// NULL (an invalid-address fault); the address is recorded, then the
// pointee's bytes read with bpf_probe_read_kernel (memory that cannot be
// read records zeros, as in Oracle's DTrace, whose consumer shows nothing
// of zero members). print(*p) and print(p->s) take the struct's address
// (printTarget).
func (c *clauseGen) print(x *ast.Call) {
	ptr, member, elem := c.printTarget(x.Args[0])
	if elem == nil || elem.Resolve().Size <= 0 {
		c.fail(x, "print() of a "+c.typeOf(x.Args[0]).String())
	}
	n := min(int(elem.Resolve().Size), printData)
	f := c.field(x, abi.FieldPrint, printHeader+n, elem)
	base := c.g.recordBase()
	if member != nil {
		c.memberAddr(member)
		c.launder(asm.R0)
	} else {
		c.ptrValue(ptr)
		if c.isAlloca(ptr) {
			slot := c.temp(8)
			c.stSlot(slot, asm.R0)
			c.allocaAccess(x, slot, int64(n), -1)
			c.launder(asm.R0)
		}
	}
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.faultIf(x, asm.JEq, asm.R6, 0, abi.FaultBadAddr, asm.R6)
	c.emit(
		asm.StoreMem(regCtx, int16(base+f.Offset), asm.R6, asm.DWord),
		asm.Mov.Reg(asm.R3, asm.R6),
		asm.Mov.Imm(asm.R2, int32(n)),
	)
	c.scratchAddr(asm.R1, base+f.Offset+printHeader)
	c.call(asm.FnProbeReadKernel)
}

// printTarget returns how print()'s argument arg designates what it
// prints, elem: a pointer or array, ptr (arg itself); a struct or union
// the pointer ptr points to (print(*p)); or a struct or union that is a
// member of a kernel struct (print(p->s)), whose address memberAddr
// takes. elem is nil for anything else.
func (c *clauseGen) printTarget(arg ast.Expr) (ptr ast.Expr, member *ast.Member, elem *types.Type) {
	switch t := c.typeOf(arg); t.Resolve().Kind {
	case types.Pointer, types.Array:
		return arg, nil, t.Resolve().Elem
	case types.Struct, types.Union:
		switch u := ast.Unparen(arg).(type) {
		case *ast.Unary:
			if u.Op == ast.Deref && !isArray(c.typeOf(u.X)) {
				return u.X, nil, t
			}
		case *ast.Member:
			if !c.ownsMember(u) {
				return nil, u, t
			}
		}
	}
	return nil, nil, nil
}
