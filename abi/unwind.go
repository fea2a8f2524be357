package abi

// Unwinding user stacks with call-frame information (x86-64).
//
// ustack() walks a process's stack in the BPF program with tables the
// consumer builds from each mapped object's .eh_frame (or .debug_frame)
// and writes into two maps:
//
//	UnwindRowsMap   array of one entry, mappable: UnwindRowCap u64 rows,
//	                the tables of every object side by side, each sorted
//	                by address (UnwindRow)
//	UnwindProcsMap  hash: u32 pid -> the process's executable mappings
//	                (UnwindProcSize bytes: a u32 count, a u32 pad, then
//	                UnwindMaxMaps entries of UnwindMapSize bytes sorted by
//	                start: u64 start, u64 end, u64 bias, u32 first row, u32
//	                rows; rows 0 for an object without a table)
//
// For a PC in a mapping with a table, the row searched is the last whose
// address is at most PC-bias (PC-1-bias for a return address, which may
// lie past its call's function). A process without an entry is unwound
// with frame pointers by the kernel (bpf_get_stack), as before tables
// existed; in a process with an entry, PCs in no table are unwound with
// frame pointers.
const (
	UnwindRowsMap  = "unwind_rows"
	UnwindProcsMap = "unwind_procs"
)

// Sizes of the unwind maps.
const (
	// UnwindMaxMaps is the most executable mappings of a process the
	// tables describe (a power of two).
	UnwindMaxMaps = 256
	// UnwindMapSize is the bytes of a mapping's entry.
	UnwindMapSize = 32
	// UnwindProcSize is the bytes of a process's entry.
	UnwindProcSize = 8 + UnwindMaxMaps*UnwindMapSize
	// UnwindRowCap is the rows UnwindRowsMap holds (8 bytes each: 4 MiB,
	// the most one map value may hold); a power of two.
	UnwindRowCap = 1 << 19
	// UnwindSearchSteps is the most steps of a binary search of rows.
	UnwindSearchSteps = 20
	// UnwindProcs bounds the processes UnwindProcsMap holds.
	UnwindProcs = 4096
)

// How a row finds its frame's canonical frame address (CFA: the caller's
// stack pointer; the return address is at CFA-8).
const (
	// UnwindFP: no call-frame information; frame pointers: CFA = rbp+16,
	// rbp saved at CFA-16.
	UnwindFP uint8 = iota
	// UnwindSP: CFA = rsp + offset.
	UnwindSP
	// UnwindBP: CFA = rbp + offset.
	UnwindBP
	// UnwindPLT: a PLT entry: CFA = rsp + offset, 8 more when (rip & 15)
	// >= the threshold the row's rbp byte holds.
	UnwindPLT
	// UnwindSignal: a signal trampoline (__restore_rt): the interrupted
	// rbp, rsp and rip are in the ucontext at rsp (UnwindSigRBP...).
	UnwindSignal
	// UnwindEnd: the outermost frame (its return address is undefined).
	UnwindEnd
	// UnwindDerefBP: CFA = *(rbp + offset) (a function that realigns its
	// stack).
	UnwindDerefBP
	// UnwindInvalid: a rule the unwinder does not follow: the stack ends.
	UnwindInvalid
)

// Offsets of the interrupted registers in the ucontext a signal frame's
// stack pointer addresses (uc_mcontext.gregs: REG_RBP, REG_RSP, REG_RIP).
const (
	UnwindSigRBP = 120
	UnwindSigRSP = 160
	UnwindSigRIP = 168
)

// UnwindBPUnknown is a row's rbp byte when the caller's rbp cannot be
// recovered: the unwinder goes on with rbp 0.
const UnwindBPUnknown = -128

// UnwindRow packs a row: its address (bits 0-31, relative to the
// object's link-time addresses), kind (32-39), where rbp is saved (40-47:
// a signed multiple of 8 bytes from the CFA, 0 when unchanged,
// UnwindBPUnknown when lost; a PLT row's threshold) and the CFA offset
// (48-63, signed).
func UnwindRow(pc uint32, kind uint8, bp int8, cfa int16) uint64 {
	return uint64(pc) | uint64(kind)<<32 | uint64(uint8(bp))<<40 | uint64(uint16(cfa))<<48
}

// UnwindRowFields unpacks a row.
func UnwindRowFields(r uint64) (pc uint32, kind uint8, bp int8, cfa int16) {
	return uint32(r), uint8(r >> 32), int8(r >> 40), int16(r >> 48)
}
