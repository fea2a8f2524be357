package codegen

import (
	"runtime"
	"strconv"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
)

// Unwinding user stacks with call-frame information (see abi/unwind.go).
//
// ustack() of a process the consumer has written unwind tables for is
// walked here rather than by the kernel's frame-pointer walk: the user
// registers the process entered the kernel with (bpf_task_pt_regs), then
// one frame per iteration of bpf_loop, whose callback (a function of the
// clause, Clause.Funcs) finds the PC's mapping and the row covering it
// with branch-free binary searches (so that the verifier walks each
// search once), computes the canonical frame address, and reads the
// return address and the caller's rbp from the user stack. A frame whose
// rule the tables cannot follow, or whose read fails, ends the stack; a PC
// in no table is unwound with frame pointers. A process without tables
// is unwound by bpf_get_stack as before.
//
// The loop's state lives in six slots of the clause's expression stack
// (the bpf_loop context must be on the BPF stack); the callback's own
// frame holds 16 bytes, so that the trampoline's, the clause's and the
// callback's frames stay within the kernel's 512 bytes.

// Offsets in the unwinder's state (from its lowest slot).
const (
	unwProc = 0  // the process's abi.UnwindProcsMap value
	unwAdj  = 8  // 1 when pc is a return address (its row is pc-1's)
	unwBP   = 16 // rbp
	unwSP   = 24 // rsp
	unwPC   = 32 // the frame's PC
	unwDst  = 40 // where the PCs go: the record's, in the firing's scratch frame
	unwSize = 48
)

// x86-64's struct pt_regs offsets (the kernel's ABI).
const (
	ptRegsBP = 32
	ptRegsIP = 128
	ptRegsSP = 152
)

// mapSearchSteps halves abi.UnwindMaxMaps mappings down to one.
const mapSearchSteps = 9

// unwinds reports whether ustack() unwinds with call-frame information
// here (x86-64; elsewhere the kernel's frame-pointer walk serves).
func unwinds() bool { return runtime.GOARCH == "amd64" }

// userStack records at R9+off size bytes of the current process's user
// PCs, up to the first zero (past it, when the stack is unwound here,
// whatever the scratch held), the pid being at R9+off-8 (a u32 key of the
// procs map).
func (c *clauseGen) userStack(off, size int) {
	if !unwinds() || size == 0 || c.depth+unwSize/8 > maxDepth {
		c.getStack(off, size, true)
		return
	}
	c.unwindLoop(off, size/8, false, func() { c.getStack(off, size, true) })
}

// maxUStackDepth bounds the frames ustackdepth counts when the stack is
// unwound here: illumos' dtrace_ustackdepth_max.
const maxUStackDepth = 2048

// userDepth sets R0 to the depth of the current process's user stack: the
// frames unwound as userStack unwinds them, counted up to the first zero
// PC, at most maxUStackDepth (the kernel's walk, where the stack is not
// unwound here, reaches abi.MaxStackFrames). It uses the scratch at
// R9+off, of 8*abi.MaxStackFrames bytes, the pid being at R9+off-8.
func (c *clauseGen) userDepth(off int) {
	kernel := func() {
		c.getStack(off, 8*abi.MaxStackFrames, true)
		c.countPCs(off, abi.MaxStackFrames)
	}
	if !unwinds() || c.depth+unwSize/8 > maxDepth {
		kernel()
		return
	}
	c.unwindLoop(off, maxUStackDepth, true, kernel)
}

// unwindLoop unwinds the current process's user stack, up to frames
// frames, with bpf_loop: it records the PCs at R9+off, up to the first
// zero, or, when count is set, counts them into R0 (recording each at
// R9+off in turn). Where the process has no tables, fallback does the
// work.
func (c *clauseGen) unwindLoop(off, frames int, count bool, fallback func()) {
	c.g.needUnwind()
	state := c.slot(c.depth + unwSize/8 - 1) // the lowest slot
	kernel, done := c.newLabel(), c.newLabel()
	// The process's mappings, else the kernel's walk.
	c.lookupAt(abi.UnwindProcsMap, off-8)
	c.emit(
		asm.JEq.Imm(asm.R0, 0, kernel),
		asm.StoreMem(asm.RFP, state+unwProc, asm.R0, asm.DWord),
		storeImm64(asm.RFP, state+unwAdj, 0),
	)
	// The user registers.
	c.call(asm.FnGetCurrentTaskBtf)
	c.emit(asm.Mov.Reg(asm.R1, asm.R0))
	c.call(asm.FnTaskPtRegs)
	c.emit(
		asm.LoadMem(asm.R1, asm.R0, ptRegsIP, asm.DWord),
		asm.LoadMem(asm.R2, asm.R0, ptRegsSP, asm.DWord),
		asm.LoadMem(asm.R3, asm.R0, ptRegsBP, asm.DWord),
		// A PC outside user space (a kernel thread's): the kernel's
		// walk, which finds nothing.
		asm.JEq.Imm(asm.R1, 0, kernel),
		asm.Mov.Reg(asm.R4, asm.R1), asm.RSh.Imm(asm.R4, 47), asm.JNE.Imm(asm.R4, 0, kernel),
		asm.StoreMem(asm.RFP, state+unwPC, asm.R1, asm.DWord),
		asm.StoreMem(asm.RFP, state+unwSP, asm.R2, asm.DWord),
		asm.StoreMem(asm.RFP, state+unwBP, asm.R3, asm.DWord),
		asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(off)),
		asm.StoreMem(asm.RFP, state+unwDst, asm.R1, asm.DWord),
	)
	// The PCs end at the first zero, which the callback stores after
	// each PC (zeroing the whole buffer would cost a store per frame
	// asked, per firing): what follows it is not read.
	c.zero(off, 8)
	cb := c.sym + "_unwind_" + strconv.Itoa(len(c.funcs))
	c.emit(
		asm.Mov.Imm(asm.R1, int32(frames)),
		asm.Instruction{OpCode: asm.LoadImmOp(asm.DWord), Dst: asm.R2, Src: asm.PseudoFunc, Constant: -1}.WithReference(cb),
		asm.Mov.Reg(asm.R3, asm.RFP), asm.Add.Imm(asm.R3, int32(state)),
		asm.Mov.Imm(asm.R4, 0),
	)
	// bpf_loop returns the iterations run: the frames recorded (the
	// callback ends the stack after recording one).
	c.call(asm.FnLoop)
	c.emit(asm.Ja.Label(done))
	c.label(kernel)
	fallback()
	c.label(done)
	c.funcs = append(c.funcs, c.unwindStep(cb, off, frames, count)...)
}

// needUnwind adds the unwind maps to the program, once.
func (g *gen) needUnwind() {
	g.addMapOnce(&MapDesc{Name: abi.UnwindRowsMap, Kind: ArrayMap, KeySize: 4, ValueSize: 8 * abi.UnwindRowCap, MaxEntries: 1})
	g.addMapOnce(&MapDesc{Name: abi.UnwindProcsMap, Kind: HashMap, KeySize: 4, ValueSize: abi.UnwindProcSize, MaxEntries: abi.UnwindProcs})
}

// unwindStep returns bpf_loop's callback sym that records frame R1 (the
// iteration) at scratch offset off, of frames (each at off itself when
// count is set), and unwinds to the next one; R2 is the state. It returns
// 1 to end the stack.
func (c *clauseGen) unwindStep(sym string, off, frames int, count bool) asm.Instructions {
	var out asm.Instructions
	n := 0
	label := func() string { n++; return sym + "_L" + strconv.Itoa(n) }
	emit := func(ins ...asm.Instruction) { out = append(out, ins...) }
	place := func(l string) { emit(labelNop(l)) }
	const buf = -16 // two words read from the user stack
	end, fp, unwound, counted := label(), label(), label(), label()
	// readUserN reads n user bytes at src+disp (src is not R1-R3) to
	// buf, the first word into R0, ending the stack when it cannot;
	// readUser reads a word.
	var readUserN func(src asm.Register, disp int32, n int32)
	readUser := func(src asm.Register, disp int32) { readUserN(src, disp, 8) }
	readUserN = func(src asm.Register, disp int32, n int32) {
		emit(
			asm.Mov.Reg(asm.R1, asm.RFP), asm.Add.Imm(asm.R1, buf),
			asm.Mov.Imm(asm.R2, n),
			asm.Mov.Reg(asm.R3, src), asm.Add.Imm(asm.R3, disp),
			asm.FnProbeReadUser.Call(),
			asm.JNE.Imm(asm.R0, 0, end),
			asm.LoadMem(asm.R0, asm.RFP, buf, asm.DWord),
		)
	}
	emit(
		asm.Mov.Reg(asm.R6, asm.R2).WithSymbol(sym),
		asm.Mov.Reg(asm.R7, asm.R1),
		asm.JGE.Imm(asm.R7, int32(frames), end),
		// The record's PCs, in the firing's scratch frame.
		asm.LoadMem(asm.R0, asm.R6, unwDst, asm.DWord),
		asm.LSh.Imm(asm.R7, 3),
	)
	if !count {
		emit(asm.Add.Reg(asm.R0, asm.R7))
	}
	emit(
		asm.LoadMem(asm.R1, asm.R6, unwPC, asm.DWord),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
		asm.JGE.Imm(asm.R7, int32(8*(frames-1)), end), // the last frame asked
		// The next PC zero until it is unwound: the stack ends there
		// unless it is.
		storeImm64(asm.R0, 8, 0),
		// The address whose row applies: R7.
		asm.Mov.Reg(asm.R7, asm.R1),
		asm.LoadMem(asm.R1, asm.R6, unwAdj, asm.DWord),
		asm.Sub.Reg(asm.R7, asm.R1),
		// The mapping: the last whose start is at most R7, by a
		// branch-free binary search over the count (R1) from R2.
		asm.LoadMem(asm.R8, asm.R6, unwProc, asm.DWord),
		asm.LoadMem(asm.R1, asm.R8, 0, asm.Word),
		asm.JEq.Imm(asm.R1, 0, fp),
		asm.JLE.Imm(asm.R1, abi.UnwindMaxMaps, counted),
		asm.Mov.Imm(asm.R1, abi.UnwindMaxMaps),
	)
	place(counted)
	emit(asm.Mov.Imm(asm.R2, 0))
	found := label()
	for range mapSearchSteps {
		emit(
			asm.JLE.Imm(asm.R1, 1, found),
			asm.Mov.Reg(asm.R3, asm.R1), asm.RSh.Imm(asm.R3, 1), // half
			asm.Mov.Reg(asm.R4, asm.R2), asm.Add.Reg(asm.R4, asm.R3),
			asm.And.Imm(asm.R4, abi.UnwindMaxMaps-1),
			asm.LSh.Imm(asm.R4, 5), // * abi.UnwindMapSize
			asm.Add.Reg(asm.R4, asm.R8),
			asm.LoadMem(asm.R4, asm.R4, 8, asm.DWord), // its start
			asm.Mov.Reg(asm.R5, asm.R7), asm.Sub.Reg(asm.R5, asm.R4),
			asm.ArSh.Imm(asm.R5, 63), // -1 when start > address
			asm.Xor.Imm(asm.R5, -1),
			asm.Sub.Reg(asm.R1, asm.R3),
			asm.And.Reg(asm.R3, asm.R5),
			asm.Add.Reg(asm.R2, asm.R3),
		)
	}
	place(found)
	emit(
		asm.And.Imm(asm.R2, abi.UnwindMaxMaps-1),
		asm.LSh.Imm(asm.R2, 5),
		asm.Add.Reg(asm.R8, asm.R2), // R8: the entry, less its 8-byte header
		asm.LoadMem(asm.R1, asm.R8, 8, asm.DWord),
		asm.JGT.Reg(asm.R1, asm.R7, fp),
		asm.LoadMem(asm.R1, asm.R8, 16, asm.DWord),
		asm.JLE.Reg(asm.R1, asm.R7, fp),
		asm.LoadMem(asm.R9, asm.R8, 8+28, asm.Word), // rows
		asm.JEq.Imm(asm.R9, 0, fp),
		asm.LoadMem(asm.R1, asm.R8, 8+16, asm.DWord), // bias
		asm.Sub.Reg(asm.R7, asm.R1),
		asm.Mov.Reg(asm.R1, asm.R7), asm.RSh.Imm(asm.R1, 32),
		asm.JNE.Imm(asm.R1, 0, fp),
		asm.LoadMem(asm.R8, asm.R8, 8+24, asm.Word), // the first row
	)
	// The row: the last at most R7 of R9 rows from R8, in the rows map's
	// one value (R5), by a branch-free binary search.
	emit(asm.LoadMapValue(asm.R5, 0, 0).WithReference(abi.UnwindRowsMap))
	row := func(dst, idx asm.Register) {
		emit(
			asm.Mov.Reg(dst, idx), asm.And.Imm(dst, abi.UnwindRowCap-1),
			asm.LSh.Imm(dst, 3), asm.Add.Reg(dst, asm.R5),
		)
	}
	rowFound := label()
	for range abi.UnwindSearchSteps {
		emit(
			asm.JLE.Imm(asm.R9, 1, rowFound),
			asm.Mov.Reg(asm.R1, asm.R9), asm.RSh.Imm(asm.R1, 1), // half
			asm.Mov.Reg(asm.R2, asm.R8), asm.Add.Reg(asm.R2, asm.R1),
		)
		row(asm.R0, asm.R2)
		emit(
			asm.LoadMem(asm.R0, asm.R0, 0, asm.Word), // its address
			asm.Mov.Reg(asm.R2, asm.R7), asm.Sub.Reg(asm.R2, asm.R0),
			asm.ArSh.Imm(asm.R2, 63), // -1 when it is past R7
			asm.Xor.Imm(asm.R2, -1),
			asm.Sub.Reg(asm.R9, asm.R1),
			asm.And.Reg(asm.R1, asm.R2),
			asm.Add.Reg(asm.R8, asm.R1),
		)
	}
	place(rowFound)
	row(asm.R0, asm.R8)
	// R9: the row; R8: the CFA; R7: the frame's sp.
	sp, bpReg, gotRA, kindSP, kindBP, kindPLT, kindDeref, kindSig, cfaDone := label(), label(), label(), label(), label(), label(), label(), label(), label()
	emit(
		asm.LoadMem(asm.R9, asm.R0, 0, asm.DWord),
		asm.Mov.Reg32(asm.R1, asm.R9),
		asm.JGT.Reg(asm.R1, asm.R7, fp), // before the first row
		asm.LoadMem(asm.R7, asm.R6, unwSP, asm.DWord),
		asm.Mov.Reg(asm.R8, asm.R9), asm.ArSh.Imm(asm.R8, 48), // the CFA offset
		asm.Mov.Reg(asm.R1, asm.R9), asm.RSh.Imm(asm.R1, 32), asm.And.Imm(asm.R1, 0xff),
		asm.JEq.Imm(asm.R1, int32(abi.UnwindSP), kindSP),
		asm.JEq.Imm(asm.R1, int32(abi.UnwindBP), kindBP),
		asm.JEq.Imm(asm.R1, int32(abi.UnwindFP), fp),
		asm.JEq.Imm(asm.R1, int32(abi.UnwindPLT), kindPLT),
		asm.JEq.Imm(asm.R1, int32(abi.UnwindDerefBP), kindDeref),
		asm.JEq.Imm(asm.R1, int32(abi.UnwindSignal), kindSig),
		asm.Ja.Label(end), // the outermost frame, or a rule not followed
	)
	place(kindSP)
	emit(asm.Add.Reg(asm.R8, asm.R7), asm.Ja.Label(cfaDone))
	place(kindBP)
	emit(asm.LoadMem(asm.R1, asm.R6, unwBP, asm.DWord), asm.Add.Reg(asm.R8, asm.R1), asm.Ja.Label(cfaDone))
	place(kindPLT)
	emit(
		asm.Add.Reg(asm.R8, asm.R7),
		asm.LoadMem(asm.R1, asm.R6, unwPC, asm.DWord), asm.And.Imm(asm.R1, 15),
		asm.Mov.Reg(asm.R2, asm.R9), asm.RSh.Imm(asm.R2, 40), asm.And.Imm(asm.R2, 0xff),
		asm.JLT.Reg(asm.R1, asm.R2, cfaDone),
		asm.Add.Imm(asm.R8, 8),
		asm.Ja.Label(cfaDone),
	)
	place(kindDeref)
	emit(asm.LoadMem(asm.R1, asm.R6, unwBP, asm.DWord), asm.Add.Reg(asm.R8, asm.R1))
	readUser(asm.R8, 0)
	emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Ja.Label(cfaDone))
	place(kindSig)
	// The interrupted registers, from the ucontext at sp; the PC is not a
	// return address.
	readUser(asm.R7, abi.UnwindSigRBP)
	emit(asm.StoreMem(asm.R6, unwBP, asm.R0, asm.DWord))
	readUser(asm.R7, abi.UnwindSigRIP)
	emit(asm.Mov.Reg(asm.R8, asm.R0))
	readUser(asm.R7, abi.UnwindSigRSP)
	emit(
		asm.StoreMem(asm.R6, unwSP, asm.R0, asm.DWord),
		asm.StoreMem(asm.R6, unwPC, asm.R8, asm.DWord),
		storeImm64(asm.R6, unwAdj, 0),
		asm.JEq.Imm(asm.R8, 0, end),
		asm.Ja.Label(unwound),
	)
	// The CFA (R8) is above the frame's sp: the return address below it,
	// the caller's rbp where the row says.
	place(cfaDone)
	emit(asm.JLE.Reg(asm.R8, asm.R7, end))
	emit(asm.Mov.Reg(asm.R1, asm.R9), asm.LSh.Imm(asm.R1, 16), asm.ArSh.Imm(asm.R1, 56)) // rbp's slot
	bpBelow := label()
	emit(
		asm.JEq.Imm(asm.R1, 0, sp),
		asm.JEq.Imm(asm.R1, -2, bpBelow),
		asm.JNE.Imm(asm.R1, abi.UnwindBPUnknown, bpReg),
		storeImm64(asm.R6, unwBP, 0),
		asm.Ja.Label(sp),
	)
	// rbp saved right below the return address (a frame-pointer
	// prologue): both in one read.
	place(bpBelow)
	readUserN(asm.R8, -16, 16)
	emit(
		asm.StoreMem(asm.R6, unwBP, asm.R0, asm.DWord),
		asm.LoadMem(asm.R0, asm.RFP, buf+8, asm.DWord),
		asm.Ja.Label(gotRA),
	)
	place(bpReg)
	emit(asm.LSh.Imm(asm.R1, 3), asm.Add.Reg(asm.R1, asm.R8), asm.Mov.Reg(asm.R7, asm.R1))
	readUser(asm.R7, 0)
	emit(asm.StoreMem(asm.R6, unwBP, asm.R0, asm.DWord))
	place(sp)
	readUser(asm.R8, -8)
	place(gotRA)
	emit(
		asm.StoreMem(asm.R6, unwPC, asm.R0, asm.DWord),
		asm.StoreMem(asm.R6, unwSP, asm.R8, asm.DWord),
		storeImm64(asm.R6, unwAdj, 1),
		asm.JEq.Imm(asm.R0, 0, end),
		asm.Ja.Label(unwound),
	)
	// Frame pointers: the caller's rbp and the return address at rbp.
	place(fp)
	emit(
		asm.LoadMem(asm.R8, asm.R6, unwBP, asm.DWord),
		asm.LoadMem(asm.R7, asm.R6, unwSP, asm.DWord),
		asm.JLT.Reg(asm.R8, asm.R7, end),
	)
	readUserN(asm.R8, 0, 16)
	emit(
		asm.StoreMem(asm.R6, unwBP, asm.R0, asm.DWord),
		asm.LoadMem(asm.R0, asm.RFP, buf+8, asm.DWord),
		asm.StoreMem(asm.R6, unwPC, asm.R0, asm.DWord),
		asm.Add.Imm(asm.R8, 16),
		asm.StoreMem(asm.R6, unwSP, asm.R8, asm.DWord),
		storeImm64(asm.R6, unwAdj, 1),
		asm.LoadMem(asm.R0, asm.R6, unwPC, asm.DWord),
		asm.JEq.Imm(asm.R0, 0, end),
	)
	place(unwound)
	emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
	place(end)
	emit(asm.Mov.Imm(asm.R0, 1), asm.Return())
	return out
}
