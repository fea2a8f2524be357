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
	// readTask reads the size-byte member of the task_struct at R6 into
	// tmp and from there into R1; a read that fails goes to no.
	readTask := func(member string, size asm.Size) {
		c.emit(
			asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(tmp)),
			asm.Mov.Imm(asm.R2, int32(size.Sizeof())),
			asm.Mov.Reg(asm.R3, asm.R6),
			addField(asm.R3, "struct", "task_struct", []string{member}, 0),
		)
		c.call(asm.FnProbeReadKernel)
		c.emit(asm.JNE.Imm(asm.R0, 0, no), asm.LoadMem(asm.R1, regCtx, int16(tmp), size))
	}
	c.call(asm.FnGetCurrentTask)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.label(loop)
	c.emit(
		asm.LoadMem(asm.R1, asm.RFP, count, asm.DWord),
		asm.JGE.Imm(asm.R1, progenyofDepth, no),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.RFP, count, asm.R1, asm.DWord),
		asm.JEq.Imm(asm.R6, 0, no),
	)
	// tgid (a failed read is a 0 and the end of the walk)
	readTask("tgid", asm.Word)
	c.emit(
		asm.LoadMem(asm.R2, asm.RFP, target, asm.DWord),
		asm.JEq.Reg(asm.R1, asm.R2, yes),
	)
	readTask("real_parent", asm.DWord)
	c.emit(
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

// subrDExecargs: d_execargs(T) is the argument string of task T's
// process, as DTrace for Linux gives pr_psargs: the arguments its memory
// holds between mm->arg_start and arg_end (what /proc/PID/cmdline
// shows), joined by spaces, at most strsize bytes. Only the current
// process's memory can be read from a probe: for another task, a task
// without memory (a kernel thread) or arguments that cannot be read, it
// is the task's command name.
func subrDExecargs(c *clauseGen, x *ast.Call) {
	n := c.strSize()
	dst := c.temp(n)
	mm := c.temp(8)
	args := c.temp(16) // arg_start, arg_end
	lim := c.temp(8)
	c.zero(dst, align8(n))
	c.expr(x.Args[0])
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	comm, done := c.newLabel(), c.newLabel()
	c.call(asm.FnGetCurrentTask)
	c.emit(asm.JNE.Reg(asm.R0, asm.R6, comm))
	read := func(off int, size int32, base asm.Register, field asm.Instruction) {
		c.emit(asm.Mov.Reg(asm.R3, base), field, asm.Mov.Imm(asm.R2, size))
		c.scratchAddr(asm.R1, off)
		c.call(asm.FnProbeReadKernel)
		c.emit(asm.JNE.Imm(asm.R0, 0, comm))
	}
	read(mm, 8, asm.R6, addField(asm.R3, "struct", "task_struct", []string{"mm"}, 0))
	c.ldSlot(asm.R4, mm)
	c.emit(asm.JEq.Imm(asm.R4, 0, comm))
	read(args, 8, asm.R4, addField(asm.R3, "struct", "mm_struct", []string{"arg_start"}, 0))
	c.ldSlot(asm.R4, mm)
	read(args+8, 8, asm.R4, addField(asm.R3, "struct", "mm_struct", []string{"arg_end"}, 0))
	// L = arg_end - arg_start bytes, the last a NUL; read at most
	// strsize of them, and turn the NULs before the last into spaces.
	big, have := c.newLabel(), c.newLabel()
	c.ldSlot(asm.R3, args)
	c.ldSlot(asm.R2, args+8)
	c.emit(
		asm.Sub.Reg(asm.R2, asm.R3),
		asm.JSLE.Imm(asm.R2, 0, comm),
		asm.Mov.Reg(asm.R4, asm.R2),
		asm.Add.Imm(asm.R4, -1),
	)
	c.stSlot(lim, asm.R4)
	c.emit(asm.JGT.Imm(asm.R2, int32(n-1), big), asm.Ja.Label(have))
	c.label(big)
	c.emit(asm.Mov.Imm(asm.R2, int32(n-1)))
	c.label(have)
	c.scratchAddr(asm.R1, dst)
	c.call(asm.FnProbeReadUser)
	c.emit(asm.JNE.Imm(asm.R0, 0, comm))
	c.loop(asm.R6, n-1, func(brk, next string) {
		c.ldSlot(asm.R4, lim)
		c.exitIfReg(asm.JGE, asm.R6, asm.R4, brk)
		c.scratchAddr(asm.R1, dst, asm.R6)
		c.emit(
			asm.LoadMem(asm.R2, asm.R1, 0, asm.Byte),
			asm.JNE.Imm(asm.R2, 0, next),
			asm.StoreImm(asm.R1, 0, ' ', asm.Byte),
		)
	})
	c.emit(asm.Ja.Label(done))
	c.label(comm)
	c.zero(dst, align8(n))
	c.emit(asm.Mov.Reg(asm.R3, asm.R6), addField(asm.R3, "struct", "task_struct", []string{"comm"}, 0))
	c.readStr(dst, min(n, 16), asm.R3)
	c.label(done)
	c.resultStr(dst)
}
