// Package providers holds one package per DTrace provider, each mapping
// DTrace probe names onto kernel attachments: dtrace (BEGIN, END, ERROR),
// profile (profile-N, tick-N on perf events), syscall (one raw tracepoint
// on sys_enter and one on sys_exit dispatching on the call number), and
// perf, sdt and rawtp (every kernel tracepoint, as raw tracepoints), and
// the providers made on demand for processes: pid (functions and
// instructions) and usdt (SystemTap SDT probes), both on uprobes. fbt comes
// later. This package holds the Provider interface, the Registry that
// numbers probes, makes providers through factories and matches
// descriptions, and DTrace's glob matching.
package providers
