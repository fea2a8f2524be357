// Package providers holds the provider interface and the registry of
// probes; one package below it per DTrace provider maps DTrace's probe
// names onto kernel attachments: dtrace (BEGIN, END, ERROR), profile
// (profile-N, tick-N on perf events), syscall (one raw tracepoint on
// sys_enter and one on sys_exit dispatching on the call number), perf, sdt
// and rawtp (every kernel tracepoint), fbt (kernel functions on fentry and
// fexit, kprobe_multi links or kprobes, as the kernel allows), rawfbt
// (every function kprobes can probe, compiler-made copies included, on
// fbt's kprobes), the stable providers proc, sched and io and the network
// providers ip, tcp and udp (stable), lockstat (the kernel's mutexes, spin
// and reader-writer locks, in their functions where the kernel can probe
// them, else at the contention tracepoints), cpc (EVENT-MODE-COUNT on
// sampling perf events, hardware counters and the kernel's software
// events), and the providers made on demand for processes, pid (functions
// and instructions) and usdt (SystemTap SDT probes), both on uprobes;
// builtin assembles them into a Registry.
//
// This package holds the Provider interface and its optional companions
// (Describer and ArgDescriber for -lv and args[], NameChecker, Streamer,
// Expander, Factory and Namer for providers made on demand), and the
// Registry, which numbers probes, makes providers through factories, and
// matches probe descriptions with package probe's globs.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package providers
