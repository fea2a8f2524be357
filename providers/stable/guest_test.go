package stable_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
)

// The probes that fire in kernel functions (proc:::start, lwp-start at
// schedule_tail's return; io:::wait-start, wait-done in submit_bio_wait)
// are tested for real inside qemu guests running Debian's 6.12 and 6.1
// kernels (internal/vm): this machine's kernel has no kprobes and refuses
// fentry. The 6.12 guest has an NVMe disk; the 6.1 kernel has no block
// driver built in, so there the io probes are only enabled. So are
// sched:::enqueue, dequeue and change-pri where the kernel can probe
// functions (TestGuestSched).

// TestInGuests runs the TestGuest tests in every guest kernel.
func TestInGuests(t *testing.T) {
	vmtest.RunInGuests(t, vmtest.Config{Run: "^TestGuest", Disk: 8 << 20})
}

// helperEnv makes the test binary a workload (TestMain): "threads" starts
// threads and exits.
const helperEnv = "DTRACE_STABLE_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "spin" {
		// Spins in its first thread, which starts on CPU 0, until
		// killed or orphaned.
		runtime.LockOSThread()
		var set unix.CPUSet
		set.Set(0)
		unix.SchedSetaffinity(0, &set)
		for os.Getppid() != 1 {
		}
		os.Exit(0)
	}
	if os.Getenv(helperEnv) == "threads" {
		// The runtime has started threads of its own (sysmon at
		// least); a few locked goroutines make more.
		var wg sync.WaitGroup
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				runtime.LockOSThread()
				time.Sleep(10 * time.Millisecond)
			}()
		}
		wg.Wait()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// run compiles and runs src while work runs (until its stop channel is
// closed), and returns the output and the error of the run.
func run(t *testing.T, src string, work func(stop <-chan struct{})) (string, error) {
	t.Helper()
	h, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.Compile(dtrace.Source{Kind: dtrace.Script, Name: "guest.d", Text: []byte(src)}); err != nil {
		return "", err
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	if work != nil {
		wg.Add(1)
		go func() { defer wg.Done(); work(stop) }()
	}
	defer func() { close(stop); wg.Wait() }()
	var out bytes.Buffer
	// No bound of its own: a run that hangs prints nothing, and the host
	// stops the guest with its goroutines printed (vmtest).
	_, err = h.Run(context.Background(), dtrace.RunConfig{Sink: h.NewTextSink(&out, text.Config{}), Notify: func(n sink.Notice) {
		if n.Kind != sink.NoticeMatched {
			fmt.Fprintf(&out, "notice: %s\n", n.Message)
		}
	}})
	return out.String(), err
}

// spawner starts the threads helper every 50 ms until stop, recording the
// children's pids.
type spawner struct {
	mu   sync.Mutex
	pids map[int]bool
}

func (s *spawner) work(t *testing.T) func(stop <-chan struct{}) {
	s.pids = map[int]bool{}
	return func(stop <-chan struct{}) {
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			cmd := exec.Command(os.Args[0])
			cmd.Env = append(os.Environ(), helperEnv+"=threads")
			if err := cmd.Start(); err != nil {
				t.Error(err)
				return
			}
			s.mu.Lock()
			s.pids[cmd.Process.Pid] = true
			s.mu.Unlock()
			cmd.Wait()
		}
	}
}

func (s *spawner) spawned(pid int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pids[pid]
}

// TestGuestStart checks proc:::start and lwp-start, with fentry/fexit
// and with kprobes: start fires once in a new process, in its first
// thread, lwp-start there and in every thread it starts. The children are
// spawned while the probes are being attached, one after the other: the
// child watched is one that starts after lwp-start has fired once, so
// that both probes were attached when it started (on a loaded machine a
// child started between the two attachments had no lwp-start of its
// first thread).
func TestGuestStart(t *testing.T) {
	vmtest.Guest(t)
	const src = `#pragma D option quiet
int child, main, threads, attached;

proc:::start
/ppid == $pid && child == 0 && attached/
{
	child = pid;
	printf("start %d %d %d %d\n", pid, tid == pid, curpsinfo->pr_ppid == $pid, curpsinfo->pr_pid == pid);
}

proc:::lwp-start
{
	attached = 1;
}

proc:::lwp-start
/child != 0 && pid == child && tid == pid/
{
	main++;
}

proc:::lwp-start
/child != 0 && pid == child && tid != pid/
{
	threads++;
}

proc:::exit
/child != 0 && pid == child/
{
	printf("lwp-start main %d, threads %d\n", main, threads > 0);
	exit(0);
}
`
	want := regexp.MustCompile(`^start (\d+) 1 1 1\nlwp-start main 1, threads 1\n\n$`)
	for _, mode := range []string{"fentry", "kprobe"} {
		t.Run(mode, func(t *testing.T) {
			t.Setenv(fbt.ModeEnv, mode)
			var s spawner
			out, err := run(t, src, s.work(t))
			m := want.FindStringSubmatch(out)
			if err != nil || m == nil {
				t.Fatalf("%v; output:\n%s", err, out)
			}
			if pid, _ := strconv.Atoi(m[1]); !s.spawned(pid) {
				t.Errorf("start fired in %d, not a child of the test's", pid)
			}
		})
	}
}

// nvme returns the guest's disk, waiting as long as it takes for the
// kernel's driver (built in, registered before init starts) to find it
// (the host stops a guest that makes no progress); "" when the kernel has
// no NVMe driver built in.
func nvme() string {
	const dev = "/dev/nvme0n1"
	if _, err := os.Stat("/sys/bus/pci/drivers/nvme"); err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(dev); err == nil {
			return dev
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestGuestWait checks io:::wait-start and wait-done where the guest has
// a disk (6.12): a thread that fsyncs the disk waits for the flush in
// submit_bio_wait, a write of no bytes. Elsewhere (6.1) both probes are
// enabled, and a kretprobe, which cannot read the buffer at the return,
// makes wait-done fail in one line.
func TestGuestWait(t *testing.T) {
	guest := vmtest.Guest(t)
	dev := nvme()
	if guest == "6.12" && dev == "" {
		t.Fatal("the 6.12 guest has no /dev/nvme0n1")
	}
	if dev == "" {
		out, err := run(t, "io:::wait-start, io:::wait-done {} BEGIN { exit(0); }", nil)
		if err != nil {
			t.Fatalf("%v; output:\n%s", err, out)
		}
	} else {
		const src = `#pragma D option quiet
io:::wait-start
/pid == $pid && args[1]->dev_statname == "nvme0n1"/
{
	self->bio = arg0;
	self->path = args[1]->dev_pathname;
	self->write = args[0]->b_flags & B_WRITE ? "write" : "read";
	self->bcount = args[0]->b_bcount;
	self->file = args[2]->fi_name;
	self->dev = args[1]->dev_major == args[0]->b_edev >> 20 &&
	    args[1]->dev_minor == (args[0]->b_edev & 0xfffff);
}

/* The first wait-start may fire before wait-done is enabled. */
io:::wait-done
/self->bio != 0/
{
	printf("wait-start %s %s %d %s %d\n", self->path, self->write, self->bcount, self->file, self->dev);
	printf("wait-done %s %d %d\n", args[1]->dev_statname, args[0]->b_bcount, arg0 == self->bio);
	exit(0);
}
`
		sync := func(stop <-chan struct{}) {
			for {
				select {
				case <-stop:
					return
				case <-time.After(50 * time.Millisecond):
				}
				f, err := os.OpenFile(dev, os.O_RDWR, 0)
				if err != nil {
					t.Error(err)
					return
				}
				f.Sync()
				f.Close()
			}
		}
		const want = "wait-start /dev/nvme0n1 write 0 <none> 1\nwait-done nvme0n1 0 1\n\n"
		for _, mode := range []string{"fentry", "kprobe"} {
			t.Run(mode, func(t *testing.T) {
				t.Setenv(fbt.ModeEnv, mode)
				out, err := run(t, src, sync)
				if mode == "kprobe" {
					checkNoArgs(t, err)
					return
				}
				if err != nil || out != want {
					t.Errorf("%v; output:\n%s\nwant:\n%s", err, out, want)
				}
			})
		}
		return
	}
	t.Setenv(fbt.ModeEnv, "kprobe")
	_, err := run(t, "io:::wait-done {} BEGIN { exit(0); }", nil)
	checkNoArgs(t, err)
	out, err := run(t, "io:::wait-start {} BEGIN { exit(0); }", nil)
	if err != nil {
		t.Fatalf("wait-start with a kprobe: %v; output:\n%s", err, out)
	}
}

// checkNoArgs checks that enabling wait-done with a kretprobe failed, in
// one line that says why.
func checkNoArgs(t *testing.T, err error) {
	t.Helper()
	var ke *dtrace.KernelError
	if !errors.As(err, &ke) || strings.Contains(err.Error(), "\n") ||
		!strings.HasPrefix(err.Error(), "io:::wait-done fires at submit_bio_wait's return, which this kernel probes with a kretprobe, and a kretprobe cannot read") {
		t.Errorf("wait-done with a kretprobe: %v", err)
	}
}

// TestGuestSched checks sched:::enqueue and dequeue at a migration, which
// the tracepoints do not show (a running thread moved to another CPU
// neither wakes nor blocks), and sched:::change-pri at a nice(2) change,
// not priority inheritance: a spinning child's thread is moved between
// CPUs 0 and 1 and given nice 5 (priority 125) meanwhile. With kprobes
// (forced), change-pri, whose new priority is read at set_user_nice's
// return, keeps to priority inheritance.
func TestGuestSched(t *testing.T) {
	vmtest.Guest(t)
	if runtime.NumCPU() < 2 {
		t.Fatalf("the guest has %d CPUs, not 2", runtime.NumCPU())
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), helperEnv+"=spin")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	child := cmd.Process.Pid
	move := func(stop <-chan struct{}) {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			var set unix.CPUSet
			set.Set(1 - i%2)
			if err := unix.SchedSetaffinity(child, &set); err != nil {
				t.Error(err)
				return
			}
			if err := unix.Setpriority(unix.PRIO_PROCESS, child, 5); err != nil {
				t.Error(err)
				return
			}
		}
	}
	for _, mode := range []string{"fentry", "kprobe"} {
		t.Run(mode, func(t *testing.T) {
			t.Setenv(fbt.ModeEnv, mode)
			pri := mode == "fentry"
			src := fmt.Sprintf(`#pragma D option quiet
int enq, deq, pri;

sched:::enqueue
/args[1]->pr_pid == %[1]d && args[0]->pr_lwpid == %[1]d && args[2]->cpu_id == 1 && !enq/
{
	enq = 1;
	printf("enqueue cpu %%d\n", args[2]->cpu_id);
}

sched:::dequeue
/args[1]->pr_pid == %[1]d && args[0]->pr_lwpid == %[1]d && args[2]->cpu_id == 0 && !deq/
{
	deq = 1;
	printf("dequeue cpu %%d\n", args[2]->cpu_id);
}

sched:::change-pri
/args[0]->pr_lwpid == %[1]d && args[2] == 125 && !pri/
{
	pri = 1;
	printf("change-pri %%d %%d\n", args[2], args[0]->pr_pri);
}

sched:::enqueue, sched:::dequeue, sched:::change-pri
/enq && deq && (pri || !%[2]d)/
{
	exit(0);
}
`, child, map[bool]int{true: 1, false: 0}[pri])
			out, err := run(t, src, move)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			slices.Sort(lines)
			want := []string{"dequeue cpu 0", "enqueue cpu 1"}
			if pri {
				want = []string{"change-pri 125 125", "dequeue cpu 0", "enqueue cpu 1"}
			}
			if err != nil || !slices.Equal(lines, want) {
				t.Errorf("%v; output:\n%s", err, out)
			}
		})
	}
}
