package toolkit

import (
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// stackBlock reports whether out has a block of the stack tools' layout
// (frames, then "    COMM (PID)", then the value) whose frames include
// frame and whose process line is comm (pid), and returns its value.
func stackBlock(t *testing.T, out, frame, comm string, pid int) (int64, bool) {
	t.Helper()
	proc := comm + " (" + strconv.Itoa(pid) + ")"
	seen := false
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
			seen = false
		case strings.HasPrefix(l, frame):
			seen = true
		case l == proc && seen && i+1 < len(lines):
			v := strings.Fields(lines[i+1])
			if len(v) > 0 {
				return atoi(t, v[0]), true
			}
		}
	}
	return 0, false
}

// spinners starts n tkhelper processes spinning on CPU 0 (taskset),
// killed when the test ends, and returns the first.
func spinners(t *testing.T, n int) *exec.Cmd {
	t.Helper()
	var first *exec.Cmd
	for i := 0; i < n; i++ {
		c := background(t, "taskset", "-c", "0", helper, "spin")
		if first == nil {
			first = c
		}
	}
	return first
}

// cpuTime waits until the process pid has run for ticks more clock ticks
// (user and system time, /proc/PID/stat): the time a sampling tool needs
// to see it, however loaded the machine.
func cpuTime(t *testing.T, pid, ticks int) {
	t.Helper()
	used := func() int {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			t.Fatal(err)
		}
		// The fields after the command's name, ")": state is the first,
		// utime the 12th, stime the 13th.
		_, rest, _ := strings.Cut(string(b), ") ")
		f := strings.Fields(rest)
		return int(atoi(t, f[11]) + atoi(t, f[12]))
	}
	for begin := used(); used()-begin < ticks; {
		time.Sleep(10 * time.Millisecond)
	}
}

func TestProfile(t *testing.T) {
	t.Parallel()
	spin := background(t, helper, "spin")
	tl := start(t, "profile.d", nil, "-p", strconv.Itoa(spin.Process.Pid))
	// Samples of the spinning main() while it runs for 0.3 s, then Ctrl-C.
	cpuTime(t, spin.Process.Pid, 30)
	out := tl.stop()
	n, ok := stackBlock(t, out, "tkhelper`main", "tkhelper", spin.Process.Pid)
	if !ok || n < 1 {
		t.Errorf("no samples of tkhelper`main in tkhelper (%d):\n%s", spin.Process.Pid, out)
	}
}

func TestOffcputime(t *testing.T) {
	t.Parallel()
	tl := start(t, "offcputime.d", nil, "-c", helper+" sleeps 50")
	out := tl.exit(0)
	// The 50 sleeps blocked in nanosleep, called from main: one stack,
	// with time in it (how much is the clock's business, not checked).
	// A preemption in the sleeps' user-space code (an interrupt's
	// return, on a loaded machine) is another stack, not a sleep's.
	found := 0
	for _, b := range strings.Split(out, "\n\n") {
		if strings.Contains(b, "do_nanosleep") && strings.Contains(b, "tkhelper`main") {
			f := strings.Fields(b)
			if len(f) >= 2 && f[len(f)-1] == "us" && f[len(f)-4] == "tkhelper" && atoi(t, f[len(f)-2]) > 0 {
				found++
			}
		}
	}
	if found != 1 {
		t.Errorf("%d blocks of tkhelper's nanosleep from main with time, want 1:\n%s", found, out)
	}
}

func TestRunqlat(t *testing.T) {
	t.Parallel()
	tl := start(t, "runqlat.d", nil, "-c", helper+" sleeps 200")
	out := tl.exit(0)
	// Each of the 200 wake-ups waits in the run queue once, unless the
	// timer fired before the thread had left its CPU (then it never
	// waited): 180 at least.
	total, _ := histTotal(t, out, "run queue latency (us)")
	if total < 180 {
		t.Errorf("%d run queue waits, want 180 at least:\n%s", total, out)
	}
}

func TestRunqlen(t *testing.T) {
	t.Parallel()
	spinners(t, 3)
	tl := start(t, "runqlen.d", nil)
	for i := 0; i < 2; i++ {
		run(t, "sleep", "0.5")
	}
	out := tl.stop()
	// CPU 0 runs one spinner with two more waiting: half the samples
	// (CPU 0's) at least find 2 waiting.
	total, buckets := histTotal(t, out, "runnable threads waiting for a CPU")
	var waiting int64
	for v, c := range buckets {
		if v >= 2 {
			waiting += c
		}
	}
	if total == 0 || waiting*3 < total {
		t.Errorf("%d of %d samples with 2 or more waiting, want a third at least:\n%s", waiting, total, out)
	}
}

func TestDispqlen(t *testing.T) {
	t.Parallel()
	spinners(t, 3)
	tl := start(t, "dispqlen.d", nil)
	run(t, "sleep", "0.5")
	out := tl.stop()
	total, buckets := histTotal(t, out, "CPU 0")
	var waiting int64
	for v, c := range buckets {
		if v >= 2 {
			waiting += c
		}
	}
	if total == 0 || waiting*2 < total {
		t.Errorf("CPU 0: %d of %d samples with 2 or more waiting, want half at least:\n%s", waiting, total, out)
	}
}

func TestCpuwalk(t *testing.T) {
	t.Parallel()
	spin := background(t, "taskset", "-c", "1", helper, "spin")
	// Once taskset has become tkhelper (the name the histogram has).
	for {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(spin.Process.Pid) + "/comm")
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(string(b)) == "tkhelper" {
			break
		}
		time.Sleep(time.Millisecond)
	}
	tl := start(t, "cpuwalk.d", nil, "-p", strconv.Itoa(spin.Process.Pid))
	cpuTime(t, spin.Process.Pid, 30)
	out := tl.stop()
	total, buckets := histTotal(t, out, strconv.Itoa(spin.Process.Pid)+" tkhelper")
	if total == 0 || buckets[1] != total {
		t.Errorf("the spinner pinned to CPU 1: %d samples there of %d:\n%s", buckets[1], total, out)
	}
}

func TestSyscount(t *testing.T) {
	t.Parallel()
	tl := start(t, "syscount.d", nil, "-c", helper+" getppid 777")
	out := tl.exit(0)
	for _, l := range after(t, out, "SYSCALL") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "getppid" {
			if f[1] != "777" {
				t.Errorf("getppid: %s calls, want 777", f[1])
			}
			goto procs
		}
	}
	t.Errorf("no getppid line:\n%s", out)
procs:
	for _, l := range after(t, out, "PID COMM") {
		if f := strings.Fields(l); len(f) == 3 && f[1] == "tkhelper" {
			if atoi(t, f[2]) < 778 {
				t.Errorf("tkhelper made %s calls, want 778 at least", f[2])
			}
			return
		}
	}
	t.Errorf("no tkhelper line:\n%s", out)
}

func TestFunccount(t *testing.T) {
	t.Parallel()
	tl := start(t, "funccount.d", nil, "-c", helper+" calls 1234", "tk_*")
	out := tl.exit(0)
	for _, l := range after(t, out, "FUNCTION") {
		if f := strings.Fields(l); len(f) == 3 && f[1] == "tk_counted" {
			if f[0] != "tkhelper" || f[2] != "1234" {
				t.Errorf("tk_counted: %q, want tkhelper tk_counted 1234", l)
			}
			return
		}
	}
	t.Errorf("no tk_counted line:\n%s", out)
}

// loopbackTransfer sends n bytes over a TCP connection on 127.0.0.1 from
// this process to itself and returns the listener's port.
func loopbackTransfer(t *testing.T, n int) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	done := make(chan int64)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			done <- -1
			return
		}
		got, _ := io.Copy(io.Discard, c)
		c.Close()
		done <- got
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write(make([]byte, n)); err != nil {
		t.Fatal(err)
	}
	c.Close()
	if got := <-done; got != int64(n) {
		t.Fatalf("the loopback transfer moved %d bytes of %d", got, n)
	}
	return ln.Addr().(*net.TCPAddr).Port
}

func TestSoftirqs(t *testing.T) {
	t.Parallel()
	tl := start(t, "softirqs.d", nil)
	// Packets over loopback are received in NET_RX.
	loopbackTransfer(t, 1<<20)
	out := tl.stop()
	for _, l := range after(t, out, "SOFTIRQ") {
		if f := strings.Fields(l); len(f) == 4 && f[0] == "NET_RX" {
			if atoi(t, f[1]) < 1 {
				t.Errorf("NET_RX: %q", l)
			}
			return
		}
	}
	t.Errorf("no NET_RX line:\n%s", out)
}

func TestCpudist(t *testing.T) {
	t.Parallel()
	tl := start(t, "cpudist.d", nil, "-c", helper+" sleeps 100")
	out := tl.exit(0)
	// 100 sleeps: 100 runs between them, at least.
	total, _ := histTotal(t, out, "tkhelper (us)")
	if total < 100 {
		t.Errorf("%d runs of tkhelper, want 100 at least:\n%s", total, out)
	}
}

func TestPagefaults(t *testing.T) {
	t.Parallel()
	tl := start(t, "pagefaults.d", nil, "-c", helper+" faults 3000")
	out := tl.exit(0)
	// 3000 pages touched once each in tk_touch: 3000 faults there.
	for _, b := range strings.Split(out, "\n\n") {
		if strings.Contains(b, "tkhelper`tk_touch") {
			f := strings.Fields(b)
			if n := atoi(t, f[len(f)-1]); n != 3000 {
				t.Errorf("%d faults in tk_touch, want 3000:\n%s", n, b)
			}
			return
		}
	}
	t.Errorf("no stack with tk_touch:\n%s", out)
}

func TestOomkill(t *testing.T) {
	t.Parallel()
	needRoot(t)
	cg := memoryCgroup(t, 32<<20)
	tl := start(t, "oomkill.d", nil)
	// A process in the cgroup allocating until the OOM killer kills it.
	cmd := exec.Command("sh", "-c", "echo $$ > "+filepath.Join(cg, "cgroup.procs")+" && exec "+helper+" hog")
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
		t.Fatalf("the memory hog ended with %v, not killed", err)
	}
	pid := strconv.Itoa(cmd.Process.Pid)
	f := tl.waitFields(pid, "tkhelper", pid, "tkhelper")
	// The victim had grown to the limit: 32 MiB resident, roughly.
	if rss := atoi(t, f[len(f)-1]); rss < 16<<10 {
		t.Errorf("RSS %d KB, want 16384 at least: %q", rss, f)
	}
	tl.stop()
}

// memoryCgroup makes a memory cgroup (v2, else v1's memory controller)
// limited to limit bytes, removed when the test ends, and returns its
// directory.
func memoryCgroup(t *testing.T, limit int64) string {
	t.Helper()
	root, file := "/sys/fs/cgroup", "memory.max"
	if _, err := os.Stat("/sys/fs/cgroup/cgroup.controllers"); err != nil {
		root, file = "/sys/fs/cgroup/memory", "memory.limit_in_bytes"
	}
	if file == "memory.max" {
		// cgroup v2: the controller must be enabled for the root's
		// children (it usually is).
		os.WriteFile(filepath.Join(root, "cgroup.subtree_control"), []byte("+memory"), 0644)
	}
	dir := filepath.Join(root, "dtrace-toolkit-"+strconv.Itoa(os.Getpid())+"-"+filepath.Base(t.Name()))
	if err := os.Mkdir(dir, 0755); err != nil {
		t.Fatalf("a memory cgroup: %v", err)
	}
	t.Cleanup(func() { os.Remove(dir) })
	if err := os.WriteFile(filepath.Join(dir, file), []byte(strconv.FormatInt(limit, 10)), 0644); err != nil {
		t.Fatalf("the cgroup's limit: %v", err)
	}
	// Without swap the limit is the memory; with swap, none of it.
	os.WriteFile(filepath.Join(dir, "memory.swap.max"), []byte("0"), 0644)
	return dir
}
