package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// builtin evaluates a builtin variable.
func (c *clauseGen) builtin(n ast.Node, name string) {
	if c.stackBuiltin(n, name) {
		return
	}
	switch name {
	case "pid", "tid":
		c.callHalf(asm.FnGetCurrentPidTgid, name == "pid")
	case "uid", "gid":
		c.callHalf(asm.FnGetCurrentUidGid, name == "gid")
	case "cpu":
		c.call(asm.FnGetSmpProcessorId)
	case "cgroup":
		// The id of the current thread's cgroup in the v2 hierarchy:
		// its directory's inode number in cgroupfs.
		c.call(asm.FnGetCurrentCgroupId)
	case "curthread":
		c.call(asm.FnGetCurrentTask)
	case "ppid":
		// curthread->real_parent->tgid, at the running kernel's offsets
		// (load-time relocations).
		c.call(asm.FnGetCurrentTask)
		c.addKernelField("struct", "task_struct", []string{"real_parent"}, 0)
		c.readKernel(n, types.ULongType)
		c.addKernelField("struct", "task_struct", []string{"tgid"}, 0)
		c.readKernel(n, types.IntType)
	case "epid":
		c.epid()
	case "vtimestamp":
		c.vtimestamp()
	case "timestamp":
		c.g.prog.NeedsTime = true
		c.emit(asm.LoadMem(asm.R0, regCtx, abi.CtxTime, asm.DWord))
	case "walltimestamp":
		// The time of each read, as in DTrace for Linux: it advances
		// within a clause, where timestamp does not.
		c.call(asm.FnKtimeGetNs)
		c.emit(
			asm.LoadMem(asm.R1, regGlobals, abi.GlobalWallBase, asm.DWord),
			asm.Add.Reg(asm.R0, asm.R1),
		)
	case "id":
		c.emit(asm.LoadMem(asm.R0, regCtx, abi.CtxProbeID, asm.Word))
	case "errno":
		c.emit(asm.LoadMem(asm.R0, regCtx, abi.CtxErrno, asm.Word))
		c.normalize(asm.R0, types.IntType)
	case "arg0", "arg1", "arg2", "arg3", "arg4", "arg5", "arg6", "arg7", "arg8", "arg9":
		c.emit(asm.LoadMem(asm.R0, regCtx, abi.CtxArg(int(name[3]-'0')), asm.DWord))
	case "execname":
		// The task's comm, whole whatever strsize: what reads the string
		// reads strsize bytes of it at most.
		off := c.temp(max(c.strSize(), commLen))
		c.zero(off, commLen)
		c.currentComm(off)
		c.emit(asm.Mov.Reg(asm.R0, regCtx), asm.Add.Imm(asm.R0, int32(off)))
	case "probeprov", "probemod", "probefunc", "probename":
		field := map[string]int{"probeprov": 0, "probemod": 1, "probefunc": 2, "probename": 3}[name]
		c.emit(
			asm.LoadMem(asm.R0, regCtx, abi.CtxProbeID, asm.Word),
			asm.StoreMem(asm.RFP, stackKey, asm.R0, asm.Word),
		)
		c.lookupStackKey(abi.ProbesMap)
		c.emit(asm.JEq.Imm(asm.R0, 0, c.exitLabel))
		c.emit(asm.LoadMem(asm.R0, asm.R0, int16(4*field), asm.Word))
		done := c.newLabel()
		if name == "probeprov" {
			c.provWithPID(done)
		}
		// The name's offset in the string table (abi.ProbeNames),
		// masked so that the verifier knows it bounded.
		c.emit(
			asm.And.Imm(asm.R0, abi.ProbeNameMask),
			asm.Add.Reg(asm.R0, regStrings),
		)
		c.label(done)
	default:
		c.fail(n, "the builtin variable "+name)
	}
}

// callHalf calls fn, a helper returning two u32s in one u64, and leaves
// in R0 its high half (high) or its low half.
func (c *clauseGen) callHalf(fn asm.BuiltinFunc, high bool) {
	c.call(fn)
	if high {
		c.emit(asm.RSh.Imm(asm.R0, 32))
	} else {
		c.emit(asm.LSh.Imm(asm.R0, 32), asm.RSh.Imm(asm.R0, 32))
	}
}

// provWithPID handles, in R0, the provider name's offset of a probe of
// every process (pid*, python*: abi.ProbeNamePID set): the name is the
// provider's, then the current process's id in decimal (pid1234), built
// in a scratch buffer whose address it leaves in R0 before jumping to
// done. Other offsets fall through.
func (c *clauseGen) provWithPID(done string) {
	n := c.strSize()
	plain, withPID := c.newLabel(), c.newLabel()
	c.emit(asm.JSet.Imm(asm.R0, abi.ProbeNamePID, withPID), asm.Ja.Label(plain))
	c.label(withPID)
	dst := c.temp(2 * n)
	digits := c.temp(16)
	out := c.newLabel()
	c.emit(
		asm.And.Imm(asm.R0, abi.ProbeNameMask),
		asm.Add.Reg(asm.R0, regStrings),
	)
	c.readStr(dst, n, asm.R0)
	c.retLen()
	c.clampU(asm.R0, n-1)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.call(asm.FnGetCurrentPidTgid)
	c.emit(asm.RSh.Imm(asm.R0, 32), asm.Mov.Reg(asm.R1, asm.R0))
	c.emit(asm.StoreImm(regCtx, int16(digits+15), 0, asm.Byte))
	// The digits from the last: ten at most.
	for i := 0; i < 10; i++ {
		pos := digits + 14 - i
		c.emit(
			asm.Mov.Reg(asm.R3, asm.R1),
			asm.Mod.Imm(asm.R3, 10),
			asm.Add.Imm(asm.R3, '0'),
			asm.StoreMem(regCtx, int16(pos), asm.R3, asm.Byte),
			asm.Div.Imm(asm.R1, 10),
			asm.Mov.Imm(asm.R2, int32(pos)),
			asm.JEq.Imm(asm.R1, 0, out),
		)
	}
	c.label(out)
	c.emit(asm.Mov.Reg(asm.R3, regCtx), asm.Add.Reg(asm.R3, asm.R2))
	c.scratchAddr(asm.R1, dst, asm.R6)
	c.emit(asm.Mov.Imm(asm.R2, int32(n)), asm.Sub.Reg(asm.R2, asm.R6))
	c.call(asm.FnProbeReadKernelStr)
	c.resultStr(dst)
	c.emit(asm.Ja.Label(done))
	c.label(plain)
}
