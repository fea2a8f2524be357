package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// vtimeEntries bounds the threads abi.VtimeMap tracks; the least recently
// switched-in go first.
const vtimeEntries = 1 << 15

// NeedsVtime reports whether p reads vtimestamp, and so needs
// VtimeTracker attached to sched_switch while it runs.
func (p *Program) NeedsVtime() bool { return p.hasMap(abi.VtimeMap) }

// VtimeTracker returns the raw tracepoint program for sched_switch
// (preempt, prev, next, ...) that records, as each thread is switched in,
// its accumulated run time (exact then: the scheduler has just updated it
// as the thread went off CPU) and the time. Its kernel member offsets are
// relocations (RelocateInsns).
func VtimeTracker() asm.Instructions {
	const (
		key   = -8  // u32 tid, padded
		value = -24 // u64 sum_exec_runtime, u64 switched in at
	)
	return asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R1).WithSource(asm.Comment("vtimestamp: sched_switch")),
		asm.LoadMem(asm.R7, asm.R6, 16, asm.DWord), // next
		storeImm64(asm.RFP, key, 0),
		asm.Mov.Reg(asm.R1, asm.RFP), asm.Add.Imm(asm.R1, key),
		asm.Mov.Imm(asm.R2, 4),
		asm.Mov.Reg(asm.R3, asm.R7),
		addField(asm.R3, "struct", "task_struct", []string{"pid"}, 0),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, "vtime_out"),
		asm.Mov.Reg(asm.R1, asm.RFP), asm.Add.Imm(asm.R1, value),
		asm.Mov.Imm(asm.R2, 8),
		asm.Mov.Reg(asm.R3, asm.R7),
		addField(asm.R3, "struct", "task_struct", []string{"se"}, 0),
		addField(asm.R3, "struct", "task_struct", []string{"se", "sum_exec_runtime"}, 0),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, "vtime_out"),
		asm.FnKtimeGetNs.Call(),
		asm.StoreMem(asm.RFP, value+8, asm.R0, asm.DWord),
		asm.LoadMapPtr(asm.R1, 0).WithReference(abi.VtimeMap),
		asm.Mov.Reg(asm.R2, asm.RFP), asm.Add.Imm(asm.R2, key),
		asm.Mov.Reg(asm.R3, asm.RFP), asm.Add.Imm(asm.R3, value),
		asm.Mov.Imm(asm.R4, 0), // BPF_ANY
		asm.FnMapUpdateElem.Call(),
		asm.Mov.Imm(asm.R0, 0).WithSymbol("vtime_out"),
		asm.Return(),
	}
}

// vtimestamp evaluates the builtin: the current thread's run time when it
// was last switched in, plus the time since. A thread not switched in
// since tracing began reads its run time as the scheduler last updated it
// (at most a scheduler tick old).
func (c *clauseGen) vtimestamp() {
	c.g.needVtime()
	fallback, done := c.newLabel(), c.newLabel()
	c.call(asm.FnGetCurrentPidTgid)
	c.emit(asm.StoreMem(asm.RFP, stackKey, asm.R0, asm.Word))
	c.lookupStackKey(abi.VtimeMap)
	c.emit(asm.JEq.Imm(asm.R0, 0, fallback))
	off := c.temp(8)
	c.emit(
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.LoadMem(asm.R2, asm.R0, 8, asm.DWord),
		asm.Sub.Reg(asm.R1, asm.R2),
		asm.StoreMem(regCtx, int16(off), asm.R1, asm.DWord),
	)
	c.call(asm.FnKtimeGetNs)
	c.emit(
		asm.LoadMem(asm.R1, regCtx, int16(off), asm.DWord),
		asm.Add.Reg(asm.R0, asm.R1),
		asm.Ja.Label(done),
	)
	c.label(fallback)
	c.call(asm.FnGetCurrentTask)
	c.addKernelField("struct", "task_struct", []string{"se"}, 0)
	c.addKernelField("struct", "task_struct", []string{"se", "sum_exec_runtime"}, 0)
	c.readKernel(nil, types.ULongLongType)
	c.label(done)
}

// needVtime adds abi.VtimeMap to the program's maps, once.
func (g *gen) needVtime() {
	g.addMapOnce(&MapDesc{Name: abi.VtimeMap, Kind: LRUHashMap, KeySize: 4, ValueSize: 16, MaxEntries: vtimeEntries})
}
