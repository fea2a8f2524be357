package abi

// Stacks and symbols, as records and aggregation keys hold them
// (little-endian u64 words):
//
//	stack(n)              the kernel frames skipped, then n+StackExtra
//	                      kernel PCs, zero-padded
//	ustack(n), jstack(n)  pid, then n user PCs, up to the first zero
//	                      (what follows it is unspecified)
//	sym, func, mod        the address
//	usym, ufunc, umod,    pid, then the address
//	uaddr
//
// As an aggregation key, a stack is a StackKeySize-byte slot: a header
// word (see StackKey), then the stack's id, which keys its PCs in the
// program's table of stacks of that kind (KStackMap, UStackMap; see
// StackID).
//
// A kernel stack is captured StackExtra frames deeper than asked: the
// consumer drops the tracing machinery's frames that the fixed skip
// leaves (a raw tracepoint's callback and iterator, each there or not)
// and keeps the number asked. caller and stackdepth leave those frames
// out in the kernel: a clause that reads them is called with the ranges
// of the two functions (MachineryRange).

// Stack defaults and limits.
const (
	// DefaultStackFrames and DefaultUStackFrames are the stackframes and
	// ustackframes options' defaults; DefaultJStackFrames jstack()'s.
	DefaultStackFrames  = 20
	DefaultUStackFrames = 100
	DefaultJStackFrames = 50
	// MaxStackFrames is the most frames the kernel captures (its
	// perf_event_max_stack default).
	MaxStackFrames = 127
	// StackExtra is how many kernel frames a kernel stack captures beyond
	// those asked.
	StackExtra = 2
)

// SymKind says what a recorded stack or address is.
type SymKind uint8

// Stack and symbol kinds.
const (
	SymStack  SymKind = iota + 1 // stack(): kernel PCs
	SymUStack                    // ustack(), jstack(): pid, user PCs
	SymSym                       // sym(), func(): a kernel address
	SymMod                       // mod(): a kernel address shown as its module
	SymUSym                      // usym(), ufunc(): pid, a user address shown as its function
	SymUAddr                     // uaddr(): pid, a user address shown with its offset
	SymUMod                      // umod(): pid, a user address shown as its module
	SymCgroup                    // cgroup_path(): a cgroup's id, shown as its path
)

// Tables of the stacks that key aggregations: hash maps from a stack's id
// (u64) to a value of a u64 count n, then n PCs (the rest of the value
// is unspecified). An entry is inserted once (BPF_NOEXIST) and never
// replaced nor deleted while the program runs, so that an id names one
// stack for good.
const (
	KStackMap = "kstacks" // kernel stacks
	UStackMap = "ustacks" // user stacks
)

// StackKeySize is the bytes of a stack aggregation key's slot.
const StackKeySize = 16

// StackProbes is how many ids a stack may take: StackID(pcs), then the
// next ones in turn while the table holds another stack at the id (a hash
// collision). A stack finding all StackProbes ids taken, or the table
// full, is not aggregated: the firing counts as an aggregation drop.
const StackProbes = 4

// Constants of StackID's hash: its seed and multiplier (as the int64s a
// BPF instruction loads).
const (
	StackHashSeed int64 = 0x243f6a8885a308d3
	StackHashMul  int64 = -0x61c8864680b583eb // 0x9e3779b97f4a7c15
)

// StackID returns the first id a stack of PCs pcs (its frames, without
// padding) tries: a 64-bit hash of its PCs, as the BPF program computes
// it (codegen's stackHash).
func StackID(pcs []uint64) uint64 {
	h := uint64(StackHashSeed)
	for _, pc := range pcs {
		h = StackHashStep(h, pc)
	}
	return StackHashEnd(h, len(pcs))
}

// StackHashStep folds a PC into a stack's hash.
func StackHashStep(h, pc uint64) uint64 {
	mul := StackHashMul
	h = (h ^ pc) * uint64(mul)
	return h ^ h>>29
}

// StackHashEnd finishes a stack's hash of n PCs.
func StackHashEnd(h uint64, n int) uint64 {
	mul := StackHashMul
	h = (h ^ uint64(n)) * uint64(mul)
	return h ^ h>>32
}

// IsKernel reports whether k holds kernel addresses.
func (k SymKind) IsKernel() bool { return k == SymStack || k == SymSym || k == SymMod }

// IsStack reports whether k is a stack.
func (k SymKind) IsStack() bool { return k == SymStack || k == SymUStack }

// SymInfo describes a recorded stack or symbol, or such an aggregation
// key.
type SymInfo struct {
	Kind SymKind
	// Frames is the number of frames a stack shows (stack(n): n). A
	// kernel stack record holds the frames skipped and Frames+StackExtra
	// PCs; a user stack record the pid and Frames PCs.
	Frames int
	// Slot is the bytes of a stack aggregation key's slot (StackKey):
	// StackKeySize.
	Slot int
}

// Size returns the bytes of a recorded value of this kind.
func (s *SymInfo) Size() int {
	switch s.Kind {
	case SymStack:
		return 8 * (1 + s.Frames + StackExtra)
	case SymUStack:
		return 8 * (1 + s.Frames)
	case SymSym, SymMod, SymCgroup:
		return 8
	}
	return 16
}

// KeySize returns the bytes of an aggregation key of this kind.
func (s *SymInfo) KeySize() int {
	if s.Kind.IsStack() {
		return s.Slot
	}
	return s.Size()
}

// StackKeyHigh returns the high half of the header word of a stack
// aggregation key's slot (see StackKey) without the kernel frames skipped,
// which a program ORs in at run time (bits 0-7 of the half): the frames
// asked (bits 8-23) and the kind (bits 24-31).
func StackKeyHigh(kind SymKind, frames int) int32 {
	return int32(frames<<8 | int(kind)<<24)
}

// StackKey decodes the header of a stack aggregation key's slot b: the
// low half of the first word is the pid of a user stack (0 for a kernel
// stack); the high half holds the kernel frames skipped (bits 32-39),
// the frames asked (bits 40-55) and the kind (bits 56-63). The PCs
// follow, zero-padded. ok is false for bytes that are not such a header.
func StackKey(b []byte) (s *SymInfo, pid uint64, skip int, ok bool) {
	if len(b) < 8 {
		return nil, 0, 0, false
	}
	pid = uint64(le.Uint32(b))
	skip = int(b[4])
	s = &SymInfo{Kind: SymKind(b[7]), Frames: int(b[5]) | int(b[6])<<8, Slot: len(b)}
	if !s.Kind.IsStack() || s.Frames < 0 || s.Frames > MaxStackFrames {
		return nil, 0, 0, false
	}
	return s, pid, skip, true
}

// MachineryRange packs a kernel function's range for a clause that leaves
// the tracing machinery's frames out (caller, stackdepth): the low half of
// its address in bits 32-63 (the high half is all ones: kernel text) and
// its size in bits 0-31; 0 for none.
func MachineryRange(start, size uint64) int64 {
	if size == 0 || size >= 1<<32 || start>>32 != 0xffffffff {
		return 0
	}
	return int64(start<<32 | size)
}
