package bpf

import (
	"strconv"

	"github.com/cilium/ebpf/asm"
)

// The probe context is the uniform record every firing fills before any
// clause runs, whatever the provider: which probe fired, its arguments and
// when. It lives at the start of a per-CPU array map value (one entry, key
// 0, the "scratch" map) whose remainder is scratch space for clause code.
//
// Register conventions in a trampoline program:
//
//	R6  the program's own context (what the kernel passed in R1)
//	R9  a pointer to the probe context (the scratch map value)
//
// A provider's trampoline fragment may use R0-R5, R7 and R8 and must keep
// R6 and R9. It fills the arguments it knows and ends by jumping to the
// label ProbeLabel(id) of the probe that fired, or to ExitLabel when none
// did. Clause code is entered with R1 = R9: called, or jumped to when it
// is the last a probe runs and nothing else calls it (its exit then ends
// the program).
const (
	CtxProbeID = 0                    // u32: the probe's id
	CtxErrno   = 4                    // s32: errno of a syscall return, else 0
	CtxArgs    = 8                    // u64 [CtxNArgs]: arg0..arg9
	CtxNArgs   = 10                   // number of arguments
	CtxTime    = CtxArgs + 8*CtxNArgs // u64: timestamp at the start of the firing
	CtxSize    = CtxTime + 8          // bytes used by the probe context proper

	// RegCtx and RegProbeCtx are the registers a trampoline keeps the
	// program context and the probe context in.
	RegCtx      = asm.R6
	RegProbeCtx = asm.R9
)

// CtxArg returns the offset of argument i in the probe context.
func CtxArg(i int) int16 { return int16(CtxArgs + 8*i) }

// ExitLabel is where a trampoline fragment jumps when no probe fired.
const ExitLabel = "tramp_exit"

// ProbeLabel is where a trampoline fragment jumps when probe id fired.
func ProbeLabel(id uint32) string { return "probe_" + strconv.FormatUint(uint64(id), 10) }

// StoreImm64 is *(u64 *)(dst + off) = v, v sign-extended: the 64-bit
// immediate store asm.StoreImm declines to build.
func StoreImm64(dst asm.Register, off int16, v int32) asm.Instruction {
	return asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: dst, Offset: off, Constant: int64(v)}
}

// CtxUse says which fields of the probe context a program's clauses read,
// so that a trampoline fills only those: a field no clause reads may hold
// anything. The probe id is always filled, and the timestamp is governed
// by its own flag (codegen.Program.NeedsTime).
type CtxUse struct {
	Args  uint16 // bit i set: argument i is read
	Errno bool
}

// CtxUseAll reads every field: what a trampoline fills when nothing is
// known about the clauses.
var CtxUseAll = CtxUse{Args: 1<<CtxNArgs - 1, Errno: true}

// Arg reports whether argument i is read.
func (u CtxUse) Arg(i int) bool { return i >= 0 && i < CtxNArgs && u.Args&(1<<i) != 0 }

// AnyArg reports whether any of arguments from..to (inclusive) is read.
func (u CtxUse) AnyArg(from, to int) bool {
	for i := from; i <= to; i++ {
		if u.Arg(i) {
			return true
		}
	}
	return false
}

// Union returns the fields u or v reads.
func (u CtxUse) Union(v CtxUse) CtxUse {
	return CtxUse{Args: u.Args | v.Args, Errno: u.Errno || v.Errno}
}
