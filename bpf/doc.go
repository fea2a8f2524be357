// Package bpf loads programs into the kernel, attaches them, and moves the
// records they produce. It knows nothing of D.
//
// What it provides:
//
//   - Load loads a program; a verifier rejection is a *VerifierError that
//     names the rejected instruction and the asm.Comment annotating it.
//   - A ring buffer map (of RingBufSize bytes) and a Reader carry
//     records: producers write with
//     RingNoWakeup and the Reader collects every interval (DefaultInterval,
//     DTrace's 1 Hz switchrate), or at once on RingForceWakeup. Records
//     are handed out in place, without a copy.
//   - AttachRawTracepoint, AttachTracepoint (which finds tracefs, and
//     mounts it when it is mounted nowhere), AttachCPUClock and
//     AttachPerfEvents (any sampling perf event; both on every online CPU,
//     OnlineCPUs) attach programs through file descriptors only, so the
//     kernel drops everything when the process dies; every perf event goes
//     through one path (AttachCPUClockOn: on one CPU). CheckPerfEvent
//     says whether the kernel opens an event.
//     Trigger runs a raw tracepoint program once (BEGIN, END) with
//     BPF_PROG_TEST_RUN.
//   - ForEachPerCPU reads per-CPU maps, in batches where the kernel can.
//
// Package bpftest holds the test helpers: skipping on a missing kernel
// feature (or failing when DTRACE_TEST_REQUIRE_BPF=1), maps for tests, and
// running a test where tracefs is not mounted.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package bpf
