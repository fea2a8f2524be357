package rawfbt_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
)

// rawfbt's probes are tested for real inside qemu guests running Debian's
// kernels (internal/vm): 6.12, which has kprobe_multi links, and 6.1,
// which has single kprobes only. This machine's kernel has no kprobes.
// Both kernels' available_filter_functions list
// do_execveat_common.isra.0, a compiler-made copy of the function every
// execve runs: one that fails (the file does not exist) returns -ENOENT.

// TestInGuests runs the TestGuest tests in every guest kernel.
func TestInGuests(t *testing.T) {
	vmtest.RunInGuests(t, vmtest.Config{Run: "^TestGuest"})
}

// execLoop has this process execve a file that does not exist until stop
// is closed: each call fails, in do_execveat_common.isra.0. All from one
// thread: the scripts follow a call with thread-local variables.
func execLoop(stop <-chan struct{}) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for {
		select {
		case <-stop:
			return
		default:
		}
		unix.Exec("/nonexistent/rawfbt-test", []string{"rawfbt-test"}, nil)
	}
}

// run compiles and runs src while execLoop runs; the guest's watch on
// progress bounds it.
func run(t *testing.T, src string) (string, error) {
	t.Helper()
	h, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.Compile(dtrace.Source{Kind: dtrace.Script, Name: "rawfbt.d", Text: []byte(src)}); err != nil {
		return "", err
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); execLoop(stop) }()
	defer func() { close(stop); wg.Wait() }()
	var out bytes.Buffer
	_, err = h.Run(context.Background(), dtrace.RunConfig{Sink: h.NewTextSink(&out, text.Config{}), Notify: func(n sink.Notice) {
		if n.Kind != sink.NoticeMatched {
			fmt.Fprintf(&out, "notice: %s\n", n.Message)
		}
	}})
	return out.String(), err
}

// TestGuestSynthetic checks the entry and return of a compiler-made copy
// of a function, with each way of attaching the kernel has (and that
// kprobe_multi, forced where the kernel lacks it, fails saying why):
// the entry fires in its function and module, the return after it with
// arg0 = -1 and the error the function returned.
func TestGuestSynthetic(t *testing.T) {
	guest := vmtest.Guest(t)
	h, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ps, err := h.Match(dtrace.ProbeDesc{Provider: "rawfbt", Function: "do_execveat_common.isra.0"})
	h.Close()
	if err != nil || len(ps) != 2 || ps[0].Module != "vmlinux" || ps[0].Name != "entry" || ps[1].Name != "return" {
		t.Fatalf("rawfbt::do_execveat_common.isra.0: %v %v", ps, err)
	}
	const src = `#pragma D option quiet
rawfbt:vmlinux:do_execveat_common.isra.0:entry
/pid == $pid && !self->in/
{
	self->in = 1;
	printf("entry %s %s %s\n", probemod, probefunc, probename);
}

rawfbt::do_execveat_common.isra.0:return
/self->in/
{
	printf("return %s %d %d\n", probefunc, (int64_t)arg0, (int)arg1);
	exit(0);
}
`
	want := "entry vmlinux do_execveat_common.isra.0 entry\nreturn do_execveat_common.isra.0 -1 -2\n\n"
	for _, mode := range []string{"", "kprobe-multi", "kprobe"} {
		t.Run("mode="+mode, func(t *testing.T) {
			t.Setenv(fbt.ModeEnv, mode)
			out, err := run(t, src)
			if mode == "kprobe-multi" && guest == "6.1" {
				var ke *dtrace.KernelError
				if !errors.As(err, &ke) || !strings.Contains(err.Error(), "kprobe_multi") {
					t.Errorf("kprobe-multi forced on 6.1: %v", err)
				}
				return
			}
			if err != nil || out != want {
				t.Errorf("%v; output:\n%s\nwant:\n%s", err, out, want)
			}
		})
	}
}

// TestGuestWide checks a pattern over the compiler-made copies, on one
// kprobe_multi link where the kernel has them: every probe that fires is
// of such a copy, until the execve's does.
func TestGuestWide(t *testing.T) {
	guest := vmtest.Guest(t)
	// Single kprobes on every copy (6.1) take long to detach under
	// emulation: there, the copies of one function.
	pattern := "*.isra.*"
	if guest == "6.1" {
		pattern = "do_execveat_common.*"
	}
	src := fmt.Sprintf(`#pragma D option quiet
rawfbt::%s:entry
/pid == $pid/
{
	@[probefunc] = count();
}

rawfbt::do_execveat_common.isra.0:entry
/pid == $pid/
{
	exit(0);
}
`, pattern)
	out, err := run(t, src)
	if err != nil {
		t.Fatalf("%v; output:\n%s", err, out)
	}
	re := regexp.MustCompile(`(?m)^\s+(\S+)\s+(\d+)$`)
	found := false
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		if !strings.Contains(m[1], ".isra.") {
			t.Errorf("%s fired: not a compiler-made copy", m[1])
		}
		found = found || m[1] == "do_execveat_common.isra.0"
	}
	if !found {
		t.Errorf("do_execveat_common.isra.0 did not fire; output:\n%s", out)
	}
}
