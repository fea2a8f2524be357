package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// Signals the destructive actions send.
const sigStop = 19 // SIGSTOP

// maxSignal is the largest signal number (NSIG - 1 on Linux).
const maxSignal = 64

// DTrace's chill limits (dtrace_chill_interval, dtrace_chill_max): at most
// chillMax nanoseconds of chill() per CPU in each chillInterval.
const (
	chillInterval = 1000000000
	chillMax      = 500000000
)

// mayGoto is BPF's may_goto (BPF_JMP | BPF_JCOND, src 0): it falls
// through while the program's loop budget lasts and jumps once it is
// spent. A loop through it is verified once, not iteration by iteration;
// the kernel (6.9 and later) stops it after BPF_MAX_LOOPS iterations or,
// where may_goto is timed (x86-64), after 250 ms of the program's run.
func mayGoto(label string) asm.Instruction {
	return asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.JumpOp(0xe0)), Offset: -1}.WithReference(label)
}

// sysAction compiles the actions that act on the system or its memory: the
// destructive actions and subroutines and tracemem(). Which of them a run
// allows is the runner's business (-w); breakpoint() and panic() are
// never compiled: dtrace-go does not stop or crash the kernel.
func (c *clauseGen) sysAction(x *ast.Call) {
	switch x.Fun.Name {
	case "system", "freopen":
		kind := abi.FieldSystem
		if x.Fun.Name == "freopen" {
			kind = abi.FieldFreopen
		}
		f := c.field(x, kind, 0, nil)
		if lit, ok := ast.Unparen(x.Args[0]).(*ast.StringLit); !ok || kind == abi.FieldSystem || lit.Value != "" {
			f.Format = c.format(x, x.Args[0])
		}
		f.NArgs = len(x.Args) - 1
		for _, a := range x.Args[1:] {
			c.recordValue(a, abi.FieldArg)
		}
		c.validate(f, x.Fun.Name)
	case "raise":
		c.raise(x)
	case "stop":
		// SIGSTOP to the current process, which stops as a whole.
		c.emit(asm.Mov.Imm(asm.R1, sigStop))
		c.call(asm.FnSendSignal)
	case "chill":
		c.chill(x)
	case "copyout":
		c.copyout(x)
	case "copyoutstr":
		c.copyoutstr(x)
	case "tracemem":
		c.tracemem(x)
	case "return":
		c.overrideReturn(x)
	default: // breakpoint, panic
		c.fail(x, x.Fun.Name+"()")
	}
}

// raise compiles raise(sig): the signal goes to the current thread (bpf
// helper send_signal_thread), as DTrace posts it to the thread that fired
// the probe. A signal number outside 1..64 is an illegal operation.
func (c *clauseGen) raise(x *ast.Call) {
	c.expr(x.Args[0])
	c.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Imm(asm.R2, 0))
	c.faultIf(x, asm.JSLT, asm.R1, 1, abi.FaultIllOp, asm.R2)
	c.faultIf(x, asm.JSGT, asm.R1, maxSignal, abi.FaultIllOp, asm.R2)
	c.call(asm.FnSendSignalThread)
}

// chill compiles chill(ns): a busy wait of ns nanoseconds on the clock of
// timestamp, with DTrace's limit of 500 ms of chill per CPU and second
// (beyond it, and for a negative ns, the clause faults with an illegal
// operation, as DTrace's does). The wait is a may_goto loop, which the
// kernel cuts after 250 ms of a program's run: a wait it cut short faults
// the same way, so that a chill never ends early unreported. timestamp
// reads the clock anew after a chill, as in DTrace.
func (c *clauseGen) chill(x *ast.Call) {
	c.needChillMap()
	c.expr(x.Args[0])
	if c.depth+2 > maxDepth {
		c.fail(x, "an expression nested this deeply")
	}
	valSlot, deadline := c.slot(c.depth), c.slot(c.depth+1)
	zero := c.temp(16)
	c.emit(asm.StoreMem(asm.RFP, valSlot, asm.R0, asm.DWord))

	// R6 = this CPU's state, created on first use.
	have := c.newLabel()
	c.emit(asm.StoreImm(asm.RFP, stackKey, 0, asm.Word))
	c.lookupStackKey(abi.ChillMap)
	c.emit(asm.JNE.Imm(asm.R0, 0, have))
	c.zero(zero, 16)
	c.mapPtr(asm.R1, abi.ChillMap)
	c.emit(asm.Mov.Reg(asm.R2, asm.RFP), asm.Add.Imm(asm.R2, stackKey))
	c.scratchAddr(asm.R3, zero)
	c.emit(asm.Mov.Imm(asm.R4, 0))
	c.call(asm.FnMapUpdateElem)
	c.lookupStackKey(abi.ChillMap)
	c.emit(asm.Mov.Imm(asm.R1, 0))
	c.faultIf(x, asm.JEq, asm.R0, 0, abi.FaultIllOp, asm.R1)
	c.label(have)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))

	// A new interval starts a second after the last one did.
	c.call(asm.FnKtimeGetNs)
	same := c.newLabel()
	c.emit(
		asm.LoadMem(asm.R1, asm.R6, 0, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.JLE.Imm(asm.R2, chillInterval, same),
		asm.StoreMem(asm.R6, 0, asm.R0, asm.DWord),
		storeImm64(asm.R6, 8, 0),
	)
	c.label(same)
	// chilled + ns must stay within the limit, without overflowing.
	c.emit(
		asm.LoadMem(asm.R1, asm.RFP, valSlot, asm.DWord),
		asm.LoadMem(asm.R2, asm.R6, 8, asm.DWord),
		asm.Add.Reg(asm.R2, asm.R1),
		asm.Mov.Imm(asm.R3, 0),
	)
	c.faultIf(x, asm.JGT, asm.R2, chillMax, abi.FaultIllOp, asm.R3)
	c.faultIf(x, asm.JSLT, asm.R1, 0, abi.FaultIllOp, asm.R3)
	c.emit(asm.Add.Reg(asm.R0, asm.R1), asm.StoreMem(asm.RFP, deadline, asm.R0, asm.DWord))

	// Spin until the deadline, or until the kernel ends the loop.
	head, done := c.newLabel(), c.newLabel()
	c.emit(mayGoto(done).WithSymbol(head))
	c.call(asm.FnKtimeGetNs)
	c.emit(
		asm.LoadMem(asm.R1, asm.RFP, deadline, asm.DWord),
		asm.JGE.Reg(asm.R0, asm.R1, done),
		asm.Ja.Label(head),
	)
	c.label(done)
	c.call(asm.FnKtimeGetNs)
	c.emit(
		asm.LoadMem(asm.R1, asm.RFP, deadline, asm.DWord),
		asm.Mov.Imm(asm.R3, 0),
	)
	c.faultIfReg(x, asm.JLT, asm.R0, asm.R1, abi.FaultIllOp, asm.R3)
	c.emit(
		asm.StoreMem(regCtx, abi.CtxTime, asm.R0, asm.DWord),
		asm.LoadMem(asm.R1, asm.RFP, valSlot, asm.DWord),
		asm.LoadMem(asm.R2, asm.R6, 8, asm.DWord),
		asm.Add.Reg(asm.R2, asm.R1),
		asm.StoreMem(asm.R6, 8, asm.R2, asm.DWord),
	)
}

// faultIfReg faults with kind and the value in val when "r op src" holds.
func (c *clauseGen) faultIfReg(n ast.Node, op asm.JumpOp, r, src asm.Register, kind abi.Fault, val asm.Register) {
	ok := c.newLabel()
	c.emit(invertJump[op].Reg(r, src, ok))
	c.fault(n, kind, val)
	c.label(ok)
}

// needChillMap adds abi.ChillMap to the program's maps, once.
func (c *clauseGen) needChillMap() {
	for _, m := range c.g.prog.Maps {
		if m.Name == abi.ChillMap {
			return
		}
	}
	c.g.prog.Maps = append(c.g.prog.Maps, &MapDesc{Name: abi.ChillMap, Kind: PerCPUHashMap, KeySize: 4, ValueSize: 16, MaxEntries: 1})
}

// maxCopyout is the most bytes copyout() copies with a constant size; a
// size that is not a constant may be at most strsize bytes.
const maxCopyout = 2048

// copyout compiles copyout(buf, addr, nbytes): nbytes bytes at buf (D
// memory: alloca'd or copied-in scratch, a variable, kernel memory) are
// written to the user address addr of the current process with
// bpf_probe_write_user (the kernel logs a warning the first time a program
// using it is loaded). An unreadable buf or an unwritable addr is an
// invalid address fault; more bytes than the call site's buffer holds (a
// non-constant size beyond strsize) is out of scratch space.
func (c *clauseGen) copyout(x *ast.Call) {
	size, isConst := c.copyoutSize(x, x.Args[2])
	buf := c.temp(size)
	srcSlot := c.intArg(x.Args[0])
	dstSlot := c.intArg(x.Args[1])
	c.expr(x.Args[2])
	skip := c.newLabel()
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	if !isConst {
		c.faultIf(x, asm.JGT, asm.R6, int32(size), abi.FaultNoScratch, asm.R6)
	}
	c.emit(asm.JEq.Imm(asm.R6, 0, skip))
	c.clampU(asm.R6, size) // already true: the verifier's bound
	c.scratchAddr(asm.R1, buf)
	c.emit(asm.Mov.Reg(asm.R2, asm.R6))
	c.ldSlot(asm.R3, srcSlot)
	c.call(asm.FnProbeReadKernel)
	c.ldSlot(asm.R3, srcSlot)
	c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R3)
	c.writeUser(x, dstSlot, buf)
	c.label(skip)
}

// copyoutSize returns the buffer size of copyout()'s nbytes argument.
func (c *clauseGen) copyoutSize(n ast.Node, x ast.Expr) (int, bool) {
	if v, ok := c.constOf(x); ok {
		if v < 0 || v > maxCopyout {
			c.fail(n, "copyout() of this many bytes")
		}
		return max(int(v), 1), true
	}
	return c.strSize(), false
}

// writeUser writes R6 bytes (1 to the buffer's size, bounded for the
// verifier) from the scratch buffer at R9+buf to the user address in
// the slot dstSlot, faulting on an address the kernel refuses.
func (c *clauseGen) writeUser(x *ast.Call, dstSlot, buf int) {
	c.ldSlot(asm.R1, dstSlot)
	c.scratchAddr(asm.R2, buf)
	c.emit(asm.Mov.Reg(asm.R3, asm.R6))
	c.call(asm.FnProbeWriteUser)
	c.ldSlot(asm.R1, dstSlot)
	c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R1)
}

// copyoutstr compiles copyoutstr(str, addr, maxlen): the string and its
// NUL, at most maxlen bytes of them, written to the user address addr as
// copyout() writes.
func (c *clauseGen) copyoutstr(x *ast.Call) {
	n := c.strSize()
	buf, lenSlot := c.strArg(x.Args[0])
	dstSlot := c.intArg(x.Args[1])
	c.expr(x.Args[2])
	skip, ok := c.newLabel(), c.newLabel()
	// R6 = min(len+1, maxlen), within 0..strsize.
	c.ldSlot(asm.R6, lenSlot)
	c.emit(
		asm.Add.Imm(asm.R6, 1),
		asm.JLE.Reg(asm.R6, asm.R0, ok),
		asm.Mov.Reg(asm.R6, asm.R0),
	)
	c.label(ok)
	c.emit(asm.JEq.Imm(asm.R6, 0, skip))
	c.clampU(asm.R6, n)
	c.writeUser(x, dstSlot, buf)
	c.label(skip)
}

// tracemem compiles tracemem(addr, size[, count]): size bytes (a constant)
// read at addr into the record, then the count when given; the consumer
// prints the first count bytes (all of them when count is 0 or larger
// than size) as DTrace's hex dump. An unreadable addr is an invalid
// address fault.
func (c *clauseGen) tracemem(x *ast.Call) {
	size, ok := c.constOf(x.Args[1])
	if !ok || size <= 0 || size > recordRegion {
		c.fail(x, "tracemem() of this size")
	}
	f := c.field(x, abi.FieldTracemem, int(size), nil)
	c.expr(x.Args[0])
	c.emit(
		asm.Mov.Reg(asm.R6, asm.R0),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Imm(asm.R2, int32(size)),
	)
	c.scratchAddr(asm.R1, c.g.recordBase()+f.Offset)
	c.call(asm.FnProbeReadKernel)
	c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	if len(x.Args) > 2 {
		c.recordValue(x.Args[2], abi.FieldArg)
		f.NArgs = 1
	}
}

// overrideReturn compiles return(rc): bpf_override_return(ctx, rc) with
// the program's own context (the kprobe's registers), which makes the
// traced function return rc as soon as the program ends, without running
// it. The checker allows it in fbt entry probes only; the provider
// attaches such probes as kprobes at the functions' entries and refuses
// functions the kernel does not let fail (ClauseOverrides).
func (c *clauseGen) overrideReturn(x *ast.Call) {
	c.expr(x.Args[0])
	c.emit(asm.Mov.Reg(asm.R2, asm.R0))
	c.rawCtx(asm.R1)
	c.call(asm.FnOverrideReturn)
}

// ClauseOverrides reports whether clause cl calls return(): the probes it
// is enabled on must attach where a program may override the traced
// function's return value.
func ClauseOverrides(cl *Clause) bool {
	for _, ins := range cl.Insns {
		if ins.IsBuiltinCall() && ins.Constant == int64(asm.FnOverrideReturn) {
			return true
		}
	}
	return false
}
