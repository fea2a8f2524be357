package fbt_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	ciliumfeatures "github.com/cilium/ebpf/features"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
	"github.com/dtrace-go/dtrace/sink/text"
)

// TestReturnInGuest runs TestReturnGuest in the 6.12 guest only: return()
// is kprobes' alone, which both guests have, and one kernel is enough.
func TestReturnInGuest(t *testing.T) {
	vmtest.RunInGuests(t, vmtest.Config{Run: "^TestReturnGuest$", Kernels: []string{"6.12"}})
}

// TestReturnGuest makes getpgid(2) fail with a chosen errno, through
// return() in the entry probe of the function the system call enters
// (which the kernel lists for error injection, as every system call's):
// the calls of this process fail with EXDEV while the probe is enabled,
// and succeed again once tracing ends; a function the kernel does not
// list is refused, named. A kernel that does not let BPF
// programs override return values (built without
// CONFIG_BPF_KPROBE_OVERRIDE, as Debian's are) refuses the enabling, in
// one line that says why and names the probe.
func TestReturnGuest(t *testing.T) {
	vmtest.Guest(t)
	const src = `#pragma D option quiet
fbt::__x64_sys_getpgid:entry
/pid == $pid/
{
	return(-EXDEV);
	n++;
}
fbt::__x64_sys_getpgid:entry
/pid == $pid && n == 3/
{
	printf("failed %d calls\n", n);
	exit(0);
}
`
	h, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := h.SetOption("destructive"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Compile(dtrace.Source{Kind: dtrace.Script, Name: "return.d", Text: []byte(src)}); err != nil {
		t.Fatal(err)
	}
	getpgid := func() unix.Errno {
		_, _, errno := unix.Syscall(unix.SYS_GETPGID, 0, 0, 0)
		return errno
	}
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() {
		_, err := h.Run(context.Background(), dtrace.RunConfig{Sink: h.NewTextSink(&out, text.Config{})})
		done <- err
	}()
	var failed int
	var runErr error
loop:
	for {
		select {
		case runErr = <-done:
			break loop
		default:
		}
		switch errno := getpgid(); errno {
		case 0:
		case unix.EXDEV:
			failed++
		default:
			t.Fatalf("getpgid: %v", errno)
		}
	}
	override := ciliumfeatures.HaveProgramHelper(ebpf.Kprobe, asm.FnOverrideReturn)
	t.Logf("bpf_override_return: %v; run: %v; %d calls failed; output %q", override, runErr, failed, out.String())
	if override != nil {
		var ke *dtrace.KernelError
		const want = "return( ) cannot make fbt:vmlinux:__x64_sys_getpgid:entry fail: this kernel does not let BPF programs " +
			"override a function's return value (it was built without CONFIG_BPF_KPROBE_OVERRIDE)"
		if !errors.As(runErr, &ke) || runErr.Error() != want || failed != 0 {
			t.Errorf("run: %v (%d calls failed), want %q", runErr, failed, want)
		}
		return
	}
	if runErr != nil || failed != 3 || out.String() != "failed 3 calls\n\n" {
		t.Errorf("run: %v; %d calls failed; output %q", runErr, failed, out.String())
	}
	if errno := getpgid(); errno != 0 {
		t.Errorf("getpgid after tracing: %v", errno)
	}
	// A function the kernel does not list for error injection is refused
	// at enabling, named.
	h2, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	if err := h2.SetOption("destructive"); err != nil {
		t.Fatal(err)
	}
	if _, err := h2.Compile(dtrace.Source{Kind: dtrace.Script, Name: "vfs.d", Text: []byte("fbt::vfs_read:entry { return(-1); }")}); err != nil {
		t.Fatal(err)
	}
	_, err = h2.Run(context.Background(), dtrace.RunConfig{Sink: h2.NewTextSink(&out, text.Config{})})
	const want = "return( ) cannot make fbt:vmlinux:vfs_read:entry fail: the kernel does not allow error injection into vfs_read " +
		"(it is not in /sys/kernel/debug/error_injection/list)"
	if err == nil || err.Error() != want {
		t.Errorf("return() in vfs_read: %v, want %q", err, want)
	}
}
