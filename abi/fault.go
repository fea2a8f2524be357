package abi

import "fmt"

// Fault is the code of a runtime fault: what DTrace reports when a probe
// firing does something it must not. The values are DTrace's DTRACEFLT_*
// codes, which the ERROR probe's arg4 holds.
type Fault int

// Fault codes.
const (
	// FaultBadAddr (DTRACEFLT_BADADDR): a load or store at an address the
	// program may not use.
	FaultBadAddr Fault = 1
	// FaultBadAlign (DTRACEFLT_BADALIGN): a 2-, 4- or 8-byte store
	// through a pointer not aligned to its size.
	FaultBadAlign Fault = 2
	// FaultIllOp (DTRACEFLT_ILLOP): an illegal operation.
	FaultIllOp Fault = 3
	// FaultDivZero (DTRACEFLT_DIVZERO): division or modulo by zero.
	FaultDivZero Fault = 4
	// FaultNoScratch (DTRACEFLT_NOSCRATCH): more scratch memory asked at
	// run time than the call site reserved.
	FaultNoScratch Fault = 5
	// FaultKPriv (DTRACEFLT_KPRIV): an illegal kernel access.
	FaultKPriv Fault = 6
	// FaultUPriv (DTRACEFLT_UPRIV): an illegal user access.
	FaultUPriv Fault = 7
	// FaultTupOflow (DTRACEFLT_TUPOFLOW): the tuple stack overflowed.
	FaultTupOflow Fault = 8
	// FaultBadStack (DTRACEFLT_BADSTACK): a bad stack.
	FaultBadStack Fault = 9
	// FaultBadSize (DTRACEFLT_BADSIZE): an invalid size.
	FaultBadSize Fault = 10
	// FaultBadIndex (Oracle's DTRACEFLT_BADINDEX): an index outside the
	// bounds of an array held in a D variable.
	FaultBadIndex Fault = 11
)

// faultWords are DTrace's words for each fault (dtrace_faultstr).
var faultWords = [...]string{
	FaultBadAddr:   "invalid address",
	FaultBadAlign:  "invalid alignment",
	FaultIllOp:     "illegal operation",
	FaultDivZero:   "divide-by-zero",
	FaultNoScratch: "out of scratch space",
	FaultKPriv:     "invalid kernel access",
	FaultUPriv:     "invalid user access",
	FaultTupOflow:  "tuple stack overflow",
	FaultBadStack:  "bad stack",
	FaultBadSize:   "invalid size",
	FaultBadIndex:  "index out of bounds",
}

// String returns DTrace's words for the fault, "unknown fault" for a code
// DTrace has none for.
func (f Fault) String() string {
	if f > 0 && int(f) < len(faultWords) {
		return faultWords[f]
	}
	return "unknown fault"
}

// Describe returns the fault as dtrace-utils' dt_handle_err names it: its
// words, followed by the value the fault recorded (ERROR's arg5) in hex
// for a bad address (unless it is -1, no address), a bad alignment, a bad
// stack and an invalid size ("invalid address (0x0)", "invalid size
// (0x101)"), as a signed decimal for an index out of bounds ("index out
// of bounds (8)").
func (f Fault) Describe(val uint64) string {
	switch f {
	case FaultBadAddr:
		if int64(val) == -1 {
			return f.String()
		}
		return fmt.Sprintf("%s (0x%x)", f, val)
	case FaultBadAlign, FaultBadStack, FaultBadSize:
		return fmt.Sprintf("%s (0x%x)", f, val)
	case FaultBadIndex:
		return fmt.Sprintf("%s (%d)", f, int64(val))
	}
	return f.String()
}
