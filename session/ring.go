package session

import (
	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// Ring buffer sizes when the user sets none (bufsize left at dtrace's
// default).
//
// Every byte of the ring buffer is resident in dtrace's address space from
// the start, twice over (the reader maps the data pages twice so that a
// record never wraps), so its size is most of a small run's memory.
const (
	// RingPerCPU is the default size per online CPU of the ring buffer of
	// a program that records data: every CPU may produce into it at once.
	RingPerCPU = 1 << 20
	// MinRing and MaxRing bound that default. MaxRing is dtrace's own
	// bufsize default, 4m.
	MinRing = 2 << 20
	MaxRing = 4 << 20
	// ExitRing is the size of the ring buffer of a program whose only
	// records are exit()s (or that records nothing): a record of each
	// CPU racing to exit fits many times over.
	ExitRing = 64 << 10
)

// ringSize returns the size of prog's ring buffer: requested when it is
// positive (bufsize set by the user), otherwise ExitRing when prog records
// nothing but exit(), otherwise RingPerCPU per online CPU bounded by
// MinRing and MaxRing.
func ringSize(prog *codegen.Program, requested int) int {
	if requested > 0 {
		return requested
	}
	if exitOnly(prog) {
		return ExitRing
	}
	n := 1
	if cpus, err := bpf.OnlineCPUs(); err == nil && len(cpus) > 0 {
		n = len(cpus)
	}
	return min(max(n*RingPerCPU, MinRing), MaxRing)
}

// exitOnly reports whether every record prog can emit holds an exit() and
// nothing else. A record without fields is data: the probe line dtrace
// prints for a clause without actions.
func exitOnly(prog *codegen.Program) bool {
	for _, r := range prog.Records {
		if r == nil {
			continue
		}
		if len(r.Fields) == 0 {
			return false
		}
		for _, f := range r.Fields {
			if f.Kind != abi.FieldExit {
				return false
			}
		}
	}
	return true
}
