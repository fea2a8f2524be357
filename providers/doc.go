// Package providers holds one package per DTrace provider (dtrace,
// profile, syscall, perf/sdt, fbt, pid, usdt), each mapping DTrace probe
// names onto kernel attachments.
//
// Not built yet: providers come with the runtime issues. Nothing imports
// this package so far.
package providers
