package bpf

import (
	"fmt"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
)

// AttachRawTracepoint attaches prog, of type ebpf.RawTracepoint, to the raw
// tracepoint name (e.g. "sys_enter"). The link is fd-based: Close detaches
// it, and the kernel detaches it when the process dies.
func AttachRawTracepoint(prog *ebpf.Program, name string) (link.Link, error) {
	l, err := link.AttachRawTracepoint(link.RawTracepointOptions{Name: name, Program: prog})
	if err != nil {
		return nil, fmt.Errorf("attach raw tracepoint %s: %w", name, err)
	}
	return l, nil
}

// AttachTracepoint attaches prog, of type ebpf.TracePoint, to the classic
// tracepoint group:name (e.g. "syscalls", "sys_enter_getppid") through a
// perf event opened on its tracefs id. Closing such a link costs tens of
// milliseconds in the kernel; prefer raw tracepoints where they fit.
func AttachTracepoint(prog *ebpf.Program, group, name string) (link.Link, error) {
	l, err := link.Tracepoint(group, name, prog, nil)
	if err != nil {
		return nil, fmt.Errorf("attach tracepoint %s:%s: %w", group, name, err)
	}
	return l, nil
}
