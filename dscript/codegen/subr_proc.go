package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
)

// progenyofDepth bounds the ancestors progenyof examines (the verifier
// needs a bound); process trees run far shallower.
const progenyofDepth = 256

// subrProgenyof compiles progenyof(pid): 1 when the current process is pid
// or one of its descendants, walking real_parent from the current task
// (at the running kernel's offsets) until pid, the root of the tree, or
// progenyofDepth ancestors.
func subrProgenyof(c *clauseGen, x *ast.Call) {
	c.expr(x.Args[0])
	c.emit(asm.LSh.Imm(asm.R0, 32), asm.RSh.Imm(asm.R0, 32)) // pid_t, as the kernel's u32 tgid
	c.push(x)
	target := c.slot(c.depth - 1)
	c.emit(asm.Mov.Imm(asm.R0, 0))
	c.push(x) // the count of ancestors examined, on the stack so that the verifier bounds the loop
	count := c.slot(c.depth - 1)
	tmp := c.temp(8)
	loop, yes, no, done := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
	c.call(asm.FnGetCurrentTask)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.label(loop)
	c.emit(
		asm.LoadMem(asm.R1, asm.RFP, count, asm.DWord),
		asm.JGE.Imm(asm.R1, progenyofDepth, no),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.RFP, count, asm.R1, asm.DWord),
		asm.JEq.Imm(asm.R6, 0, no),
		// tgid (a failed read is a 0 and the end of the walk)
		asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(tmp)),
		asm.Mov.Imm(asm.R2, 4),
		asm.Mov.Reg(asm.R3, asm.R6),
		addField(asm.R3, "struct", "task_struct", []string{"tgid"}, 0),
	)
	c.call(asm.FnProbeReadKernel)
	c.emit(
		asm.JNE.Imm(asm.R0, 0, no),
		asm.LoadMem(asm.R1, regCtx, int16(tmp), asm.Word),
		asm.LoadMem(asm.R2, asm.RFP, target, asm.DWord),
		asm.JEq.Reg(asm.R1, asm.R2, yes),
		// real_parent
		asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(tmp)),
		asm.Mov.Imm(asm.R2, 8),
		asm.Mov.Reg(asm.R3, asm.R6),
		addField(asm.R3, "struct", "task_struct", []string{"real_parent"}, 0),
	)
	c.call(asm.FnProbeReadKernel)
	c.emit(
		asm.JNE.Imm(asm.R0, 0, no),
		asm.LoadMem(asm.R1, regCtx, int16(tmp), asm.DWord),
		asm.JEq.Reg(asm.R1, asm.R6, no), // the root is its own parent
		asm.Mov.Reg(asm.R6, asm.R1),
		asm.Ja.Label(loop),
	)
	c.label(yes)
	c.emit(asm.Mov.Imm(asm.R0, 1), asm.Ja.Label(done))
	c.label(no)
	c.emit(asm.Mov.Imm(asm.R0, 0))
	c.label(done)
	c.depth -= 2 // the pid and the count pushed above, read in place
}
