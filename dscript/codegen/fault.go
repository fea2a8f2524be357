package codegen

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// The names place.go and friends use.
const (
	faultBadAddr  = abi.FaultBadAddr
	faultBadIndex = abi.FaultBadIndex
)

// The fault area is where a faulting clause leaves what the ERROR probe
// reports, in the scratch value: the start of the record region, whose
// record a fault abandons anyway.
//
//	+0   u64 the faulting address or value (arg5)
//	+8   u64 the fault code (arg4) | the BPF pc (arg3) << 8
//	+16  u32 the clause's index in the program (for abi.EPIDMap's key)
//	+20  u32 the statement number of the clause's first probe description
//	         (gen.dtClauseNo): arg2 unless abi.EPIDMap says another
//
// The store of the clause's index is the first instruction of a clause's
// fault exit, which is how errorFunc finds the area.
func (c *clauseGen) faultArea() int { return c.g.recordBase() }

// errorSymbol is the BPF function the trampoline calls after a clause
// that faulted (one that returned 1): see errorFunc.
const errorSymbol = "dt_error"

// faultPCMeta marks the instruction of a fault site whose constant gets
// the site's BPF pc once the clause is complete (see finishFaults).
type faultPCMeta struct{}

// fault ends the clause at a runtime fault, as DTrace does: nothing the
// clause recorded is sent (what it stored stays), and the clause returns 1
// with the fault area filled, which makes the trampoline call errorFunc
// before going on with the next clause. val holds the faulting address or
// value; the code and the clause's index are constants, the pc (this
// site's offset, in instructions, from the start of the clause's
// function, as -S shows it) is set by finishFaults.
func (c *clauseGen) fault(n ast.Node, kind abi.Fault, val asm.Register) {
	c.emit(asm.StoreMem(regCtx, int16(c.faultArea()), val, asm.DWord))
	site := storeImm64(regCtx, int16(c.faultArea()+8), int32(kind))
	site.Metadata.Set(faultPCMeta{}, kind)
	c.emit(site, asm.Ja.Label(c.sym+faultSuffix))
}

// faultIf faults with kind and the value in val when "r op imm" holds.
func (c *clauseGen) faultIf(n ast.Node, op asm.JumpOp, r asm.Register, imm int32, kind abi.Fault, val asm.Register) {
	ok := c.newLabel()
	c.emit(invertJump[op].Imm(r, imm, ok))
	c.fault(n, kind, val)
	c.label(ok)
}

// notNull faults with a bad address 0 when the pointer in R0, the base
// of x (p->m), is NULL.
func (c *clauseGen) notNull(x ast.Node) {
	c.faultIf(x, asm.JEq, asm.R0, 0, abi.FaultBadAddr, asm.R0)
}

// faultSuffix names the clause's fault exit.
const faultSuffix = "_fault"

// finishFaults ends a clause that can fault with its fault exit (the
// clause's index stored, 1 returned) and sets the pc of each fault site.
// It runs once the clause's instructions are final. A clause cl of
// several probe descriptions that can fault needs the enablings' map,
// which says the statement (DTrace's copy of the clause for one
// description) a probe runs: ERROR's arg2 and the fault's message name
// it.
func (c *clauseGen) finishFaults(cl *ast.Clause) {
	pc := uint64(0)
	any := false
	for i := range c.insns {
		ins := &c.insns[i]
		if k, ok := ins.Metadata.Get(faultPCMeta{}).(abi.Fault); ok {
			// The site starts one instruction earlier (the value's store).
			ins.Constant = int64(k) | int64(pc-1)<<8
			any = true
		}
		pc += ins.Size() / asm.InstructionSize
	}
	if !any {
		return
	}
	if len(cl.Probes) > 1 {
		c.g.needEPIDs()
	}
	c.insns = append(c.insns,
		asm.StoreImm(regCtx, int16(c.faultArea()+16), int64(c.g.clauseNo), asm.Word).WithSymbol(c.sym+faultSuffix),
		asm.StoreImm(regCtx, int16(c.faultArea()+20), int64(c.g.dtClauseNo), asm.Word),
		asm.Mov.Imm(asm.R0, 1),
		asm.Return(),
	)
}

// canFault reports whether clause cl can fault, and so return 1 to the
// trampoline, which then calls errorFunc.
func canFault(cl *Clause) bool {
	_, ok := faultAreaOf(cl)
	return ok
}

// faultAreaOf returns the offset of the fault area cl writes, when it can
// fault.
func faultAreaOf(cl *Clause) (int, bool) {
	n := len(cl.Insns)
	if n < 4 || cl.Insns[n-4].Symbol() != cl.Symbol+faultSuffix {
		return 0, false
	}
	return int(cl.Insns[n-4].Offset) - 16, true
}

// errorStacks is what the ERROR clauses that capture stacks or read caller
// (readsRawCtx, usesMachinery) are called with by errorFunc, for one
// trampoline: the stack they see is the faulting probe's, one BPF frame
// deeper than its clauses' (errorFunc's own, where frames are counted
// from the helper's caller).
type errorStacks struct {
	Skip         int32 // R3: the kernel frames to skip
	MachA, MachB int64 // R4 and R5: the machinery's ranges (abi.MachineryRange)
}

// handlersReadRawCtx reports whether one of the ERROR clauses handlers
// reads the program's context: errorFunc then expects it in R2.
func handlersReadRawCtx(handlers []*Clause) bool {
	for _, h := range handlers {
		if readsRawCtx(h) {
			return true
		}
	}
	return false
}

// errorFunc returns the BPF function errorSymbol (nil when none of p's
// clauses can fault), which a trampoline calls
// (R1 the probe context; R2 the program's context when
// handlersReadRawCtx(handlers)) after a clause faulted, as DTrace fires its
// ERROR probe:
//
//   - it sends a record of id abi.RecordFault for the consumer's message;
//   - when clauses are enabled on dtrace:::ERROR (handlers, the probe's id
//     errorID), it calls them with the probe context turned into
//     ERROR's, as dtrace-utils' dt_probe_error sets it: the id errorID,
//     errno 0, arg0 = 0, arg1 = the faulting probe's id, arg2 = the
//     statement's number (DTrace compiles a clause once per probe
//     description, each copy a statement numbered in program order: the
//     number of the faulting clause's description that matched the
//     probe, from abi.EPIDMap where the clause has several), arg3 = the
//     BPF pc of the fault, arg4 = the fault code, arg5 = the faulting
//     address or value (arguments past arg5 keep the faulting probe's
//     values);
//   - the handlers that capture stacks get the program's context and
//     stacks' Skip (and the machinery's ranges, when they read them), so
//     that stack(), ustack() and caller show the faulting probe's;
//   - it restores the firing's id, errno and arguments, so that the
//     clauses after the faulting one see them unchanged.
//
// A fault in an ERROR clause ends that clause and fires no ERROR probe
// again, so that nothing recurses: as DTrace, it is counted
// (abi.CounterDblErrors), which the runner reports as a drop ("1 error in
// ERROR probe enabling").
//
// The function uses 64 bytes of stack: with the trampoline's 8 and a
// clause's at most 400, the combined stack stays within the kernel's 512
// bytes.
func (p *Program) errorFunc(errorID uint32, handlers []*Clause, stacks errorStacks) asm.Instructions {
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
			return abi.CtxProbeID
		}
		return abi.CtxArg(i - 1)
	}
	insns := asm.Instructions{
		asm.Mov.Reg(regCtx, asm.R1).WithSymbol(errorSymbol).WithSource(asm.Comment("dtrace:::ERROR")),
	}
	raw := errorID != 0 && handlersReadRawCtx(handlers)
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
	// ERROR's arguments: arg1 the faulting probe's id; arg2 the
	// statement, looked up by probe id and clause where the program has
	// the enablings' map.
	const key = -8 * (saved + 1)
	insns = append(insns,
		storeImm64(regCtx, abi.CtxArg(0), 0),
		asm.LoadMem(asm.R1, regCtx, abi.CtxProbeID, asm.Word),
		asm.StoreMem(regCtx, abi.CtxArg(1), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, regCtx, int16(area+20), asm.Word),
		asm.StoreMem(regCtx, abi.CtxArg(2), asm.R1, asm.DWord),
	)
	if p.NeedsEPIDs() {
		const noStmt = "dt_error_nostmt"
		insns = append(insns,
			asm.LoadMem(asm.R1, regCtx, abi.CtxProbeID, asm.Word),
			asm.StoreMem(asm.RFP, key, asm.R1, asm.Word),
			asm.LoadMem(asm.R1, regCtx, int16(area+16), asm.Word),
			asm.StoreMem(asm.RFP, key+4, asm.R1, asm.Word),
			asm.LoadMapPtr(asm.R1, 0).WithReference(abi.EPIDMap),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, key),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, noStmt),
			asm.LoadMem(asm.R1, asm.R0, abi.EPIDStmt, asm.Word),
			asm.StoreMem(regCtx, abi.CtxArg(2), asm.R1, asm.DWord),
		)
		insns = append(insns, labelNop(noStmt))
	}
	insns = append(insns,
		asm.LoadMem(asm.R1, regCtx, int16(area+8), asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.RSh.Imm(asm.R1, 8),
		asm.StoreMem(regCtx, abi.CtxArg(3), asm.R1, asm.DWord),
		asm.And.Imm(asm.R2, 0xff),
		asm.StoreMem(regCtx, abi.CtxArg(4), asm.R2, asm.DWord),
		asm.LoadMem(asm.R1, regCtx, int16(area), asm.DWord),
		asm.StoreMem(regCtx, abi.CtxArg(5), asm.R1, asm.DWord),
	)
	// The record for the consumer, woken as ringOutput wakes it, and
	// at once when exit() has set the exiting flag: a clause that faults
	// after exit() loses its exit record, and the runner, which then
	// stops on the flag, looks at it as it reads records.
	const drop, quiet, wake, handle = "dt_error_drop", "dt_error_quiet", "dt_error_wake", "dt_error_handle"
	insns = append(insns,
		asm.LoadMapPtr(asm.R1, 0).WithReference(abi.RingMap),
		asm.Mov.Imm(asm.R2, abi.FaultRecordSize),
		asm.Mov.Imm(asm.R3, 0),
		asm.FnRingbufReserve.Call(),
		asm.JEq.Imm(asm.R0, 0, drop),
		asm.Mov.Reg(asm.R6, asm.R0),
		asm.LoadMem(asm.R1, regCtx, abi.CtxProbeID, asm.Word),
		asm.StoreMem(asm.R6, abi.HeaderProbe, asm.R1, asm.Word),
		asm.StoreImm(asm.R6, abi.HeaderRecord, wordImm(abi.RecordFault), asm.Word),
		asm.FnGetSmpProcessorId.Call(),
		asm.StoreMem(asm.R6, abi.HeaderCPU, asm.R0, asm.Word),
		asm.StoreImm(asm.R6, abi.HeaderTag, 0, asm.Word),
	)
	for i := 1; i <= 5; i++ {
		insns = append(insns,
			asm.LoadMem(asm.R1, regCtx, abi.CtxArg(i), asm.DWord),
			asm.StoreMem(asm.R6, int16(abi.HeaderSize+8*(i-1)), asm.R1, asm.DWord))
	}
	insns = append(insns,
		asm.Mov.Imm(asm.R2, rbNoWakeup),
		asm.LoadMem(asm.R1, regCtx, abi.ScratchSent, asm.DWord),
		asm.Add.Imm(asm.R1, int32(align8(abi.FaultRecordSize+abi.RingHeaderSize))),
		asm.LoadMapValue(asm.R3, 0, 0).WithReference(abi.GlobalsMap),
		asm.LoadMem(asm.R4, asm.R3, abi.GlobalExiting, asm.DWord),
		asm.JNE.Imm(asm.R4, 0, wake),
		asm.LoadMem(asm.R3, asm.R3, abi.GlobalWakeAt, asm.DWord),
		asm.JLE.Reg(asm.R1, asm.R3, quiet),
		asm.Mov.Imm(asm.R1, 0).WithSymbol(wake),
		asm.Mov.Imm(asm.R2, rbForceWakeup),
		asm.StoreMem(regCtx, abi.ScratchSent, asm.R1, asm.DWord).WithSymbol(quiet),
		asm.Mov.Reg(asm.R1, asm.R6),
		asm.FnRingbufSubmit.Call(),
		asm.Ja.Label(handle),
	)
	// A record that did not fit is a drop.
	dropped := addScratch(abi.ScratchDrops, 1)
	dropped[0] = dropped[0].WithSymbol(drop)
	insns = append(insns, dropped...)
	// The handlers, with ERROR's id.
	insns = append(insns, labelNop(handle))
	if errorID != 0 && len(handlers) > 0 {
		insns = append(insns,
			asm.StoreImm(regCtx, abi.CtxProbeID, int64(errorID), asm.Word),
			asm.StoreImm(regCtx, abi.CtxErrno, 0, asm.Word))
		for i, h := range handlers {
			insns = append(insns, asm.Mov.Reg(asm.R1, regCtx))
			if raw && readsRawCtx(h) {
				insns = append(insns, asm.Mov.Reg(asm.R2, asm.R7), asm.Mov.Imm(asm.R3, stacks.Skip))
				if usesMachinery(h) {
					insns = append(insns, asm.LoadImm(asm.R4, stacks.MachA, asm.DWord), asm.LoadImm(asm.R5, stacks.MachB, asm.DWord))
				}
			}
			insns = append(insns, asm.Call.Label(h.Symbol))
			if canFault(h) {
				// A handler that faulted (returned 1) is counted.
				ok := fmt.Sprintf("dt_error_handled_%d", i)
				insns = append(insns, asm.JEq.Imm(asm.R0, 0, ok))
				insns = append(insns, addScratch(abi.CounterDblErrors.Offset(), 1)...)
				insns = append(insns, labelNop(ok))
			}
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
	c.fault(n, abi.FaultBadAlign, asm.R1)
	c.label(ok)
}
