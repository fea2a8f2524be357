// Package bpf loads programs into the kernel, attaches them, and moves the
// records they produce. It knows nothing of D.
//
// What it provides:
//
//   - Load loads a program; a verifier rejection is a *VerifierError that
//     names the rejected instruction and the asm.Comment annotating it.
//   - NewRingBuf and Reader carry records: producers write with
//     RingNoWakeup and the Reader collects every interval (DefaultInterval,
//     DTrace's 1 Hz switchrate), or at once on RingForceWakeup. Records
//     are handed out in place, without a copy.
//   - AttachRawTracepoint, AttachTracepoint, AttachCPUClock and AttachTick
//     attach programs through file descriptors only, so the kernel drops
//     everything when the process dies. Trigger runs a raw tracepoint
//     program once (BEGIN, END) with BPF_PROG_TEST_RUN.
//   - NewScratchMap, SumPerCPU, ForEachPerCPU and MergePerCPU are the map
//     helpers the runtime needs.
//
// Package bpftest holds the test helpers that skip on a missing kernel
// feature, or fail when DTRACE_TEST_REQUIRE_BPF=1.
package bpf
