package abi

import (
	"strconv"

	"github.com/cilium/ebpf/asm"
)

// The probe context is what every firing fills before any clause runs,
// whatever the provider: which probe fired, its arguments and when. It
// lives at the start of a frame, one of the ScratchFrames values of the
// per-CPU array ScratchMap, whose remainder is scratch space for clause
// code. Between the context's fixed fields and its arguments sit the
// CPU's counters, which the runner reads from the map (the per-CPU values
// of every frame, summed):
//
//	0    u32 probe id
//	4    s32 errno of a syscall return, else 0
//	8    u64 timestamp at the start of the firing (when a clause reads it)
//	16   u64 records that did not fit in the ring buffer
//	24   u64 ring buffer bytes sent since the last record that woke the reader
//	32   u64 counters[NumCounters] (Counter), the last one the fill count
//	104  u64 busy: 1 while a firing holds the frame (CtxBusy)
//	112  u64 firings dropped with every frame busy (frame 0's only)
//	120  u64 arguments[NArgs]: arg0, arg1, ...
//	...  scratch space (CtxUse.ScratchStart)
//
// A firing holds a frame of its own from the prologue to its end: one
// that interrupts another on its CPU (a profile probe's interrupt in a
// system call's program, a tracepoint in an interrupt handler) or
// preempts it (a uprobe's program runs preemptible) takes the next free
// frame, so that it overwrites nothing the other is still using. A firing
// finding all ScratchFrames busy does nothing but count itself in frame
// 0's ScratchNestDrops, which the runner reports as drops on the CPU.
//
// The number of argument slots is the program's (CtxUse.NArgs): DTrace's
// arg0 to arg9 at least, more when a clause reads args[N] past them (USDT
// probes and fentry have up to 12).
//
// Register conventions in a trampoline program:
//
//	R6  the program's own context (what the kernel passed in R1)
//	R9  a pointer to the probe context (the scratch value)
//
// A provider's trampoline fragment may use R0-R5, R7 and R8 and must keep
// R6 and R9. It fills the fields of the probe context the clauses read
// (CtxUse) and ends by jumping to the label ProbeLabel(id) of the probe
// that fired, or to ExitLabel when none did; the block there stores the
// probe id. Clause code is entered with R1 = R9.
const (
	CtxProbeID = 0 // u32: the probe's id
	CtxErrno   = 4 // s32: errno of a syscall return, else 0
	CtxTime    = 8 // u64: timestamp at the start of the firing

	// ScratchDrops counts the records that did not fit in the ring buffer
	// on the CPU; ScratchSent the ring buffer bytes the CPU sent since
	// its last record that woke the reader.
	ScratchDrops = 16
	ScratchSent  = 24
	// ScratchCounters is the offset of the counters, u64 each, indexed
	// by Counter.
	ScratchCounters = 32
	// NumCounters is the room kept for counters (the last word is
	// ScratchFill, not a counter).
	NumCounters = 9
	// ScratchFill counts the bytes of records the CPU has sent under
	// bufpolicy=fill.
	ScratchFill = ScratchCounters + 8*(NumCounters-1)

	// CtxBusy (u64) is 1 while a firing holds the frame, 0 when it is
	// free: the prologue sets it, every end of the program clears it.
	CtxBusy = ScratchCounters + 8*NumCounters
	// ScratchNestDrops (u64), in frame 0, counts the firings on the CPU
	// that found every frame busy and did nothing.
	ScratchNestDrops = CtxBusy + 8

	// CtxArgs is the offset of the arguments, u64 each.
	CtxArgs = ScratchNestDrops + 8

	// DefaultArgs is the number of argument slots of a program that
	// reads no argument past arg9; MaxArgs the most a program may have.
	DefaultArgs = 10
	MaxArgs     = 12

	// RegCtx and RegProbeCtx are the registers a trampoline keeps the
	// program context and the probe context in.
	RegCtx      = asm.R6
	RegProbeCtx = asm.R9
)

// CtxArg returns the offset of argument i in the probe context.
func CtxArg(i int) int16 { return int16(CtxArgs + 8*i) }

// A Counter counts, per CPU, data that could not be stored; the runner
// reports increases in DTrace's words.
type Counter int

// Counters.
const (
	CounterDynDrops    Counter = iota // a dynamic variable not stored: dynvarsize is full
	CounterAggDrops                   // an aggregation key not stored: the map is full
	CounterSpecDrops                  // speculative data not stored
	CounterSpecBusy                   // speculation() with every buffer still busy
	CounterSpecUnavail                // speculation() with no buffer available
	CounterStackDrops                 // a stack not stored: the stack map is full
	// CounterAggContext counts aggregation keys not stored for where the
	// probe fired rather than for aggsize: the kernel had no element to
	// give the new key there (ENOMEM: its per-CPU cache of elements was
	// empty and cannot be refilled in that context), or the probe fired
	// within an update of the same map on its CPU (EBUSY: the kernel
	// refuses nested updates rather than deadlock).
	CounterAggContext
	// CounterDblErrors counts the faults of clauses enabled on
	// dtrace:::ERROR, which fire no ERROR probe again (DTrace's
	// dtst_dblerrors, "N errors in ERROR probe enabling").
	CounterDblErrors
)

// Offset returns the offset of counter k in the scratch value.
func (k Counter) Offset() int { return ScratchCounters + 8*int(k) }

// MaxScratch is the largest per-CPU map value the kernel allows, which
// bounds the scratch value.
const MaxScratch = 32 << 10

// ScratchFrames is the number of frames (entries) of ScratchMap: as many
// firings as may nest on a CPU, one in each of its contexts (a task,
// a softirq, a hardirq, an NMI), run without overwriting each other's
// scratch.
const ScratchFrames = 4

// ExitLabel is where a trampoline fragment jumps when no probe fired.
const ExitLabel = "tramp_exit"

// ProbeLabel is where a trampoline fragment jumps when probe id fired.
func ProbeLabel(id uint32) string { return "probe_" + strconv.FormatUint(uint64(id), 10) }

// DispatchLabel is where the fragment of a program serving many probes
// whose id it learns only when it runs (an attachment's cookie: one
// kprobe_multi link for thousands of functions) jumps once it has stored
// that id into the probe context (CtxProbeID). The linker dispatches from
// there on the id to the blocks of the clauses each probe calls: the
// program's size follows the distinct lists of clauses, not the number of
// probes.
const DispatchLabel = "tramp_dispatch"

// CtxUse says how many argument slots a program's probe context has and
// which of its fields the program's clauses read, so that a trampoline
// fills only those: a field no clause reads may hold anything. The probe
// id is always filled, and the timestamp is governed by the program's
// own flag.
type CtxUse struct {
	NArgs int    // the argument slots: DefaultArgs to MaxArgs
	Args  uint64 // bit i set: argument i is read
	Errno bool
}

// CtxUseAll reads every field of a context of nargs argument slots
// (DefaultArgs when nargs is 0): what a trampoline fills when nothing is
// known about the clauses.
func CtxUseAll(nargs int) CtxUse {
	if nargs <= 0 {
		nargs = DefaultArgs
	}
	return CtxUse{NArgs: nargs, Args: 1<<nargs - 1, Errno: true}
}

// Slots returns the number of argument slots, DefaultArgs when u says
// none.
func (u CtxUse) Slots() int {
	if u.NArgs <= 0 {
		return DefaultArgs
	}
	return u.NArgs
}

// Arg reports whether argument i is read.
func (u CtxUse) Arg(i int) bool { return i >= 0 && i < u.Slots() && u.Args&(1<<i) != 0 }

// AnyArg reports whether any of arguments from..to (inclusive) is read.
func (u CtxUse) AnyArg(from, to int) bool {
	for i := from; i <= to; i++ {
		if u.Arg(i) {
			return true
		}
	}
	return false
}

// Union returns the fields u or v reads, in the larger of their contexts.
func (u CtxUse) Union(v CtxUse) CtxUse {
	return CtxUse{NArgs: max(u.NArgs, v.NArgs), Args: u.Args | v.Args, Errno: u.Errno || v.Errno}
}

// ScratchStart returns the offset of the first byte past the probe
// context, where a program's scratch space starts.
func (u CtxUse) ScratchStart() int { return CtxArgs + 8*u.Slots() }
