package bpf

import (
	"fmt"

	"github.com/cilium/ebpf"
)

// MaxTriggerArgs is the most arguments Trigger can pass: the kernel accepts
// a raw tracepoint context of at most 12 u64s from BPF_PROG_TEST_RUN.
const MaxTriggerArgs = 12

// Trigger runs prog, of type ebpf.RawTracepoint, once in the calling
// thread with args as its context (the raw tracepoint arguments, zero past
// len(args)) and returns the program's return value. This is how BEGIN and
// END clauses fire: the program sees the calling task as current, so
// bpf_get_current_pid_tgid, bpf_ktime_get_ns and ring buffer output work
// as in any tracepoint.
func Trigger(prog *ebpf.Program, args ...uint64) (uint32, error) {
	if len(args) > MaxTriggerArgs {
		return 0, fmt.Errorf("trigger program: %d arguments, at most %d", len(args), MaxTriggerArgs)
	}
	// Always pass every argument slot, zeroed past args: the kernel refuses
	// a context shorter than the furthest argument the program reads.
	ctx := make([]uint64, MaxTriggerArgs)
	copy(ctx, args)
	ret, err := prog.Run(&ebpf.RunOptions{Context: ctx})
	if err != nil {
		return 0, fmt.Errorf("trigger program: %w", err)
	}
	return ret, nil
}
