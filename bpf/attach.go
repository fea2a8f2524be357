package bpf

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/internal/tracefsdir"
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
// perf event opened on its tracefs id. The event's id is read from
// tracefs, which is mounted first when it is mounted nowhere (as on a
// machine that has just booted; that needs CAP_SYS_ADMIN). A tracepoint
// the kernel does not have is an error wrapping os.ErrNotExist.
//
// Closing the attachment detaches it; the kernel detaches it when the
// process dies. Closing such an attachment costs tens of milliseconds in
// the kernel: prefer raw tracepoints where they fit.
func AttachTracepoint(prog *ebpf.Program, group, name string) (io.Closer, error) {
	c, err := attachTracepoint(prog, group, name)
	if err != nil {
		return nil, fmt.Errorf("attach tracepoint %s:%s: %w", group, name, err)
	}
	return c, nil
}

func attachTracepoint(prog *ebpf.Program, group, name string) (io.Closer, error) {
	if !eventName(group) || !eventName(name) {
		return nil, errors.New("not a tracepoint name")
	}
	dir, err := tracefsdir.Find()
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "events", group, name, "id")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	id, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	attr := unix.PerfEventAttr{
		Type:        unix.PERF_TYPE_TRACEPOINT,
		Config:      id,
		Size:        uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Sample_type: unix.PERF_SAMPLE_RAW,
		Sample:      1,
		Wakeup:      1,
		Bits:        unix.PerfBitDisabled,
	}
	// One event, on any CPU, for every task: the program runs wherever the
	// tracepoint is hit.
	return attachPerfEvent(prog, &attr, -1, 0)
}

// eventName reports whether s can name a directory under tracefs's
// events: not empty, not "." or "..", without a '/'.
func eventName(s string) bool {
	return s != "" && s != "." && s != ".." && !strings.ContainsRune(s, '/')
}
