package session

import (
	"fmt"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// startVtime loads and attaches, when the program reads vtimestamp, the
// program that keeps threads' on-CPU time (codegen.VtimeTracker) on the
// sched_switch raw tracepoint. r.links owns both; they go when tracing
// ends.
func (r *run) startVtime() error {
	if !r.prog.NeedsVtime() {
		return nil
	}
	insns := codegen.VtimeTracker()
	if err := codegen.RelocateInsns(insns, kernelOrDefault(r.cfg.Kernel).Type); err != nil {
		return fmt.Errorf("load vtimestamp tracker: %w", err)
	}
	if err := insns.AssociateMap(abi.VtimeMap, r.maps[abi.VtimeMap]); err != nil {
		return fmt.Errorf("load vtimestamp tracker: %w", err)
	}
	p, err := bpf.Load(&ebpf.ProgramSpec{Name: "vtime", Type: ebpf.RawTracepoint, Instructions: insns, License: "GPL"}, nil)
	if err != nil {
		return fmt.Errorf("load vtimestamp tracker: %w", err)
	}
	r.links.Add(p)
	l, err := bpf.AttachRawTracepoint(p, "sched_switch")
	if err != nil {
		return err
	}
	r.links.Add(l)
	return nil
}
