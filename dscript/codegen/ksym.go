package codegen

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// SymbolError is a kernel variable (`name) the program reads whose
// address the kernel does not list: /proc/kallsyms lists variables only
// on kernels built with CONFIG_KALLSYMS_ALL (or when addresses are hidden
// from the reader).
type SymbolError struct {
	Unit int
	Pos  ast.Pos
	Name string
}

func (e *SymbolError) Error() string {
	return fmt.Sprintf("line %d: the kernel lists no address for `%s in /proc/kallsyms "+
		"(a kernel lists its data symbols there only when built with CONFIG_KALLSYMS_ALL)", e.Pos.Line, e.Name)
}

// kernelAddr leaves in R0 the address of the kernel variable o: a
// constant, the kernel's symbols being read while the program is
// compiled; for a per-CPU variable, whose listed address is an offset in
// each CPU's per-CPU area, the address of this CPU's copy: that offset
// plus __per_cpu_offset[smp_processor_id()], read when the probe fires.
func (c *clauseGen) kernelAddr(n ast.Node, o *check.Object) {
	addr, ok := o.SymbolAddress()
	if !ok {
		panic(cgError{&SymbolError{Unit: c.g.unit, Pos: n.Pos(), Name: o.Name()}})
	}
	perCPU, table, ok := o.SymbolPerCPU()
	if !perCPU {
		c.emit(asm.LoadImm(asm.R0, int64(addr), asm.DWord))
		return
	}
	if !ok {
		panic(cgError{&SymbolError{Unit: c.g.unit, Pos: n.Pos(), Name: "__per_cpu_offset"}})
	}
	c.call(asm.FnGetSmpProcessorId)
	c.emit(asm.LSh.Imm(asm.R0, 3), asm.LoadImm(asm.R1, int64(table), asm.DWord), asm.Add.Reg(asm.R0, asm.R1))
	c.readKernel(n, types.ULongType)
	c.emit(asm.LoadImm(asm.R1, int64(addr), asm.DWord), asm.Add.Reg(asm.R0, asm.R1))
}

// kernelPlace leaves in R0 the address of x, a struct or union in kernel
// memory that is not a member: a kernel variable, or *p.
func (c *clauseGen) kernelPlace(x ast.Expr) {
	if c.place(ast.Unparen(x)) != placeMemory {
		c.fail(x, "a member of a D variable")
	}
	c.launder(asm.R0)
}
