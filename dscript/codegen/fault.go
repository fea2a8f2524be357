package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/providers"
)

// Fault is the code of a runtime fault: what DTrace reports when a probe
// firing does something it must not. The values are DTrace's DTRACEFLT_*
// codes, which the ERROR probe's arg4 holds.
type Fault int

// Fault codes.
const (
	// FaultBadAddr (DTRACEFLT_BADADDR): a load or store at an address the
	// program may not use: a read the kernel refuses (NULL, an unmapped
	// user address), a write through a pointer outside scratch memory, a
	// member of a self-> struct never assigned (DTrace's NULL
	// dereference), a dynamic variable that could not be allocated.
	FaultBadAddr Fault = 1
	// FaultBadAlign (DTRACEFLT_BADALIGN): a 2-, 4- or 8-byte store
	// through a pointer not aligned to its size (DTrace checks stores on
	// every platform; loads fault only where the hardware traps, which x86
	// does not).
	FaultBadAlign Fault = 2
	// FaultIllOp (DTRACEFLT_ILLOP): an illegal operation, such as
	// inet_ntop() of an unknown address family.
	FaultIllOp Fault = 3
	// FaultDivZero (DTRACEFLT_DIVZERO): division or modulo by zero.
	FaultDivZero Fault = 4
	// FaultNoScratch (DTRACEFLT_NOSCRATCH): more scratch memory asked at
	// run time than the call site reserved (alloca, copyin and copyinto
	// of a size that is not a constant get strsize bytes).
	FaultNoScratch Fault = 5
	// FaultBadIndex (Oracle's DTRACEFLT_BADINDEX): an index outside the
	// bounds of an array held in a D variable.
	FaultBadIndex Fault = 11
)

// The names place.go and friends use.
const (
	faultBadAddr  = FaultBadAddr
	faultBadIndex = FaultBadIndex
)

// The fault area is where a faulting clause leaves what the ERROR probe
// reports, in the scratch value: the start of the record region, whose
// record a fault abandons anyway.
//
//	+0   u64 the faulting address or value (arg5)
//	+8   u64 the fault code (arg4) | the BPF pc (arg3) << 8
//	+16  u64 the clause's index (arg2)
//
// The store of the clause's index is the first instruction of a clause's
// fault exit, which is how ErrorFunc finds the area.
func (c *clauseGen) faultArea() int { return c.g.recordBase() }

// ErrorSymbol is the BPF function the trampoline calls after a clause
// that faulted (one that returned 1): see ErrorFunc.
const ErrorSymbol = "dt_error"

// ErrorRecordID is the record id of the record ErrorFunc sends for each
// fault, for the consumer's message. Its header holds the faulting probe's
// id; then come ERROR's arg1 to arg5, 8 bytes each.
const ErrorRecordID = 0xffffffff

// ErrorRecordSize is the size of a fault's record, header included.
const ErrorRecordSize = RecordHeaderSize + 5*8

// faultPCMeta marks the instruction of a fault site whose constant gets
// the site's BPF pc once the clause is complete (see finishFaults).
type faultPCMeta struct{}

// fault ends the clause at a runtime fault, as DTrace does: nothing the
// clause recorded is sent (what it stored stays), and the clause returns 1
// with the fault area filled, which makes the trampoline call ErrorFunc
// before going on with the next clause. val holds the faulting address or
// value; the code and the clause's index are constants, the pc (this
// site's offset, in instructions, from the start of the clause's
// function, as -S shows it) is set by finishFaults.
func (c *clauseGen) fault(n ast.Node, kind Fault, val asm.Register) {
	c.emit(asm.StoreMem(regCtx, int16(c.faultArea()), val, asm.DWord))
	site := bpf.StoreImm64(regCtx, int16(c.faultArea()+8), int32(kind))
	site.Metadata.Set(faultPCMeta{}, kind)
	c.emit(site, asm.Ja.Label(c.sym+faultSuffix))
}

// faultIf faults with kind and the value in val when "r op imm" holds.
func (c *clauseGen) faultIf(n ast.Node, op asm.JumpOp, r asm.Register, imm int32, kind Fault, val asm.Register) {
	ok := c.newLabel()
	c.emit(invertJump[op].Imm(r, imm, ok))
	c.fault(n, kind, val)
	c.label(ok)
}

// faultSuffix names the clause's fault exit.
const faultSuffix = "_fault"

// finishFaults ends a clause that can fault with its fault exit (the
// clause's index stored, 1 returned) and sets the pc of each fault site.
// It runs once the clause's instructions are final. A clause cl that may
// be enabled on dtrace:::ERROR needs the enabled probe IDs (ERROR's arg1).
func (c *clauseGen) finishFaults(cl *ast.Clause) {
	if mayMatchError(cl) {
		c.g.needEPIDs()
	}
	pc := uint64(0)
	any := false
	for i := range c.insns {
		ins := &c.insns[i]
		if k, ok := ins.Metadata.Get(faultPCMeta{}).(Fault); ok {
			// The site starts one instruction earlier (the value's store).
			ins.Constant = int64(k) | int64(pc-1)<<8
			any = true
		}
		pc += ins.Size() / asm.InstructionSize
	}
	if !any {
		return
	}
	c.insns = append(c.insns,
		bpf.StoreImm64(regCtx, int16(c.faultArea()+16), int32(c.g.clauseNo)).WithSymbol(c.sym+faultSuffix),
		asm.Mov.Imm(asm.R0, 1),
		asm.Return(),
	)
}

// mayMatchError reports whether one of cl's probe descriptions may match
// dtrace:::ERROR.
func mayMatchError(cl *ast.Clause) bool {
	for _, pd := range cl.Probes {
		if providers.Glob(pd.Provider, "dtrace") && providers.Glob(pd.Module, "") &&
			providers.Glob(pd.Func, "") && providers.Glob(pd.Name, "ERROR") {
			return true
		}
	}
	return false
}

// CanFault reports whether clause cl can fault, and so return 1 to the
// trampoline, which then calls ErrorFunc.
func CanFault(cl *Clause) bool {
	_, ok := faultAreaOf(cl)
	return ok
}

// faultAreaOf returns the offset of the fault area cl writes, when it can
// fault.
func faultAreaOf(cl *Clause) (int, bool) {
	n := len(cl.Insns)
	if n < 3 || cl.Insns[n-3].Symbol() != cl.Symbol+faultSuffix {
		return 0, false
	}
	return int(cl.Insns[n-3].Offset) - 16, true
}

// ErrorStacks is what the ERROR clauses that capture stacks or read caller
// (ReadsRawCtx, UsesMachinery) are called with by ErrorFunc, for one
// trampoline: the stack they see is the faulting probe's, one BPF frame
// deeper than its clauses' (ErrorFunc's own, where frames are counted
// from the helper's caller).
type ErrorStacks struct {
	Skip         int32 // R3: the kernel frames to skip
	MachA, MachB int64 // R4 and R5: the machinery's ranges (MachineryRange)
}

// HandlersReadRawCtx reports whether one of the ERROR clauses handlers
// reads the program's context: ErrorFunc then expects it in R2.
func HandlersReadRawCtx(handlers []*Clause) bool {
	for _, h := range handlers {
		if ReadsRawCtx(h) {
			return true
		}
	}
	return false
}

// ErrorFunc returns the BPF function ErrorSymbol (nil when none of p's
// clauses can fault), which a trampoline calls
// (R1 the probe context; R2 the program's context when
// HandlersReadRawCtx(handlers)) after a clause faulted, as DTrace fires its
// ERROR probe:
//
//   - it sends a record of id ErrorRecordID for the consumer's message;
//   - when clauses are enabled on dtrace:::ERROR (handlers, the probe's id
//     errorID), it calls them with the probe context turned into
//     ERROR's: the id errorID, errno 0, arg0 = 0, arg1 = the enabled
//     probe ID of the faulting clause on the faulting probe (from EPIDMap,
//     which a program has when a clause may be enabled on ERROR; 0
//     otherwise), arg2 = the clause's index, arg3 = the BPF pc of the fault,
//     arg4 = the fault code, arg5 = the faulting address or value
//     (arguments past arg5 keep the faulting probe's values);
//   - the handlers that capture stacks get the program's context and
//     stacks' Skip (and the machinery's ranges, when they read them), so
//     that stack(), ustack() and caller show the faulting probe's;
//   - it restores the firing's id, errno and arguments, so that the
//     clauses after the faulting one see them unchanged.
//
// A fault in an ERROR clause ends that clause and is not reported again
// (DTrace counts such double faults and reports none either): the
// handlers' result is not looked at, so nothing recurses.
//
// The function uses 64 bytes of stack: with the trampoline's 8 and a
// clause's at most 400, the combined stack stays within the kernel's 512
// bytes.
func (p *Program) ErrorFunc(errorID uint32, handlers []*Clause, stacks ErrorStacks) asm.Instructions {
	area := -1
	for _, cl := range p.Clauses {
		if a, ok := faultAreaOf(cl); ok {
			area = a
			break
		}
	}
	if area < 0 {
		return nil
	}
	const saved = 7 // id+errno, arg0..arg5
	slot := func(i int) int16 { return int16(-8 * (i + 1)) }
	ctxWord := func(i int) int16 {
		if i == 0 {
			return bpf.CtxProbeID
		}
		return bpf.CtxArg(i - 1)
	}
	insns := asm.Instructions{
		asm.Mov.Reg(regCtx, asm.R1).WithSymbol(ErrorSymbol).WithSource(asm.Comment("dtrace:::ERROR")),
	}
	raw := errorID != 0 && HandlersReadRawCtx(handlers)
	if raw {
		// The program's context, kept across the calls (R7 is not
		// otherwise used here).
		insns = append(insns, asm.Mov.Reg(asm.R7, asm.R2))
	}
	for i := 0; i < saved; i++ {
		insns = append(insns,
			asm.LoadMem(asm.R0, regCtx, ctxWord(i), asm.DWord),
			asm.StoreMem(asm.RFP, slot(i), asm.R0, asm.DWord))
	}
	// ERROR's arguments; arg1 is looked up by probe id and clause.
	const key = -8 * (saved + 1)
	insns = append(insns,
		bpf.StoreImm64(regCtx, bpf.CtxArg(0), 0),
		bpf.StoreImm64(regCtx, bpf.CtxArg(1), 0),
	)
	if p.NeedsEPIDs() {
		const noEPID = "dt_error_noepid"
		insns = append(insns,
			asm.LoadMem(asm.R1, regCtx, bpf.CtxProbeID, asm.Word),
			asm.StoreMem(asm.RFP, key, asm.R1, asm.Word),
			asm.LoadMem(asm.R1, regCtx, int16(area+16), asm.Word),
			asm.StoreMem(asm.RFP, key+4, asm.R1, asm.Word),
			asm.LoadMapPtr(asm.R1, 0).WithReference(EPIDMap),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, key),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, noEPID),
			asm.LoadMem(asm.R1, asm.R0, 0, asm.Word),
			asm.StoreMem(regCtx, bpf.CtxArg(1), asm.R1, asm.DWord),
		)
		nop := asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Ja)}
		insns = append(insns, nop.WithSymbol(noEPID))
	}
	insns = append(insns,
		asm.LoadMem(asm.R1, regCtx, int16(area+16), asm.DWord),
		asm.StoreMem(regCtx, bpf.CtxArg(2), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, regCtx, int16(area+8), asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.RSh.Imm(asm.R1, 8),
		asm.StoreMem(regCtx, bpf.CtxArg(3), asm.R1, asm.DWord),
		asm.And.Imm(asm.R2, 0xff),
		asm.StoreMem(regCtx, bpf.CtxArg(4), asm.R2, asm.DWord),
		asm.LoadMem(asm.R1, regCtx, int16(area), asm.DWord),
		asm.StoreMem(regCtx, bpf.CtxArg(5), asm.R1, asm.DWord),
	)
	// The record for the consumer, woken as finishRecord wakes it, and
	// at once when exit() has set the exiting flag: a clause that faults
	// after exit() loses its exit record, and the runner, which then
	// stops on the flag, looks at it as it reads records.
	const drop, quiet, wake, handle = "dt_error_drop", "dt_error_quiet", "dt_error_wake", "dt_error_handle"
	insns = append(insns,
		asm.LoadMapPtr(asm.R1, 0).WithReference(RingMap),
		asm.Mov.Imm(asm.R2, ErrorRecordSize),
		asm.Mov.Imm(asm.R3, 0),
		asm.FnRingbufReserve.Call(),
		asm.JEq.Imm(asm.R0, 0, drop),
		asm.Mov.Reg(asm.R6, asm.R0),
		asm.LoadMem(asm.R1, regCtx, bpf.CtxProbeID, asm.Word),
		asm.StoreMem(asm.R6, 0, asm.R1, asm.Word),
		asm.StoreImm(asm.R6, 4, -1, asm.Word), // ErrorRecordID
		asm.FnGetSmpProcessorId.Call(),
		asm.StoreMem(asm.R6, 8, asm.R0, asm.Word),
		asm.StoreImm(asm.R6, 12, 0, asm.Word),
	)
	for i := 1; i <= 5; i++ {
		insns = append(insns,
			asm.LoadMem(asm.R1, regCtx, bpf.CtxArg(i), asm.DWord),
			asm.StoreMem(asm.R6, int16(RecordHeaderSize+8*(i-1)), asm.R1, asm.DWord))
	}
	insns = append(insns,
		asm.Mov.Imm(asm.R2, rbNoWakeup),
		asm.LoadMem(asm.R1, regCtx, ScratchSent, asm.DWord),
		asm.Add.Imm(asm.R1, int32(align8(ErrorRecordSize+bpf.RingHeaderSize))),
		asm.LoadMapValue(asm.R3, 0, 0).WithReference(GlobalsMap),
		asm.LoadMem(asm.R4, asm.R3, GlobalExiting, asm.DWord),
		asm.JNE.Imm(asm.R4, 0, wake),
		asm.LoadMem(asm.R3, asm.R3, GlobalWakeAt, asm.DWord),
		asm.JLE.Reg(asm.R1, asm.R3, quiet),
		asm.Mov.Imm(asm.R1, 0).WithSymbol(wake),
		asm.Mov.Imm(asm.R2, rbForceWakeup),
		asm.StoreMem(regCtx, ScratchSent, asm.R1, asm.DWord).WithSymbol(quiet),
		asm.Mov.Reg(asm.R1, asm.R6),
		asm.FnRingbufSubmit.Call(),
		asm.Ja.Label(handle),
		asm.LoadMem(asm.R1, regCtx, ScratchDrops, asm.DWord).WithSymbol(drop),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(regCtx, ScratchDrops, asm.R1, asm.DWord),
	)
	// The handlers, with ERROR's id.
	nop := asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Ja)}
	insns = append(insns, nop.WithSymbol(handle))
	if errorID != 0 && len(handlers) > 0 {
		insns = append(insns,
			asm.StoreImm(regCtx, bpf.CtxProbeID, int64(errorID), asm.Word),
			asm.StoreImm(regCtx, bpf.CtxErrno, 0, asm.Word))
		for _, h := range handlers {
			insns = append(insns, asm.Mov.Reg(asm.R1, regCtx))
			if raw && ReadsRawCtx(h) {
				insns = append(insns, asm.Mov.Reg(asm.R2, asm.R7), asm.Mov.Imm(asm.R3, stacks.Skip))
				if UsesMachinery(h) {
					insns = append(insns, asm.LoadImm(asm.R4, stacks.MachA, asm.DWord), asm.LoadImm(asm.R5, stacks.MachB, asm.DWord))
				}
			}
			insns = append(insns, asm.Call.Label(h.Symbol))
		}
	}
	for i := 0; i < saved; i++ {
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.RFP, slot(i), asm.DWord),
			asm.StoreMem(regCtx, ctxWord(i), asm.R0, asm.DWord))
	}
	return append(insns, asm.Mov.Imm(asm.R0, 0), asm.Return())
}

// aligned faults with a bad alignment unless the address in R0 of a place
// of kind k, where a scalar of size bytes is about to be stored (writable
// made it a pointer into scratch memory), is aligned to size, as DTrace
// checks its 2-, 4- and 8-byte stores. Direct places (D variables) are
// always aligned. R1 is clobbered.
func (c *clauseGen) aligned(n ast.Node, k placeKind, size int64) {
	if k == placeDirect || size != 2 && size != 4 && size != 8 {
		return
	}
	slot := c.temp(8)
	c.stSlot(slot, asm.R0) // the pointer, as a number
	c.ldSlot(asm.R1, slot)
	c.emit(asm.And.Imm(asm.R1, int32(size-1)))
	ok := c.newLabel()
	c.emit(asm.JEq.Imm(asm.R1, 0, ok))
	c.ldSlot(asm.R1, slot)
	c.fault(n, FaultBadAlign, asm.R1)
	c.label(ok)
}
