package toolkit

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestExecsnoop(t *testing.T) {
	t.Parallel()
	tl := start(t, "execsnoop.d", nil)
	pid := run(t, "/bin/echo", "dtrace-toolkit-exec", "marker")
	f := tl.waitFields(strconv.Itoa(pid), "echo", "dtrace-toolkit-exec", "marker")
	if f[2] != strconv.Itoa(os.Getpid()) || f[3] != "0" {
		t.Errorf("PPID and RET: %q, want %d and 0", f, os.Getpid())
	}
	// A failing exec: its errno (ENOENT) and the path it tried.
	cmd := exec.Command("/nonexistent-dtrace-toolkit/prog")
	if cmd.Run() == nil {
		t.Fatal("exec of a missing program succeeded")
	}
	tl.waitFields("2", "/nonexistent-dtrace-toolkit/prog")
	out := tl.stop()
	if !strings.Contains(out, "programs started, ") || !strings.Contains(out, "exec(2) calls failed") {
		t.Errorf("no summary:\n%s", out)
	}
}

func TestExitsnoop(t *testing.T) {
	t.Parallel()
	tl := start(t, "exitsnoop.d", nil)
	cmd := exec.Command("sh", "-c", "exit 7")
	cmd.Run()
	f := tl.waitFields(strconv.Itoa(cmd.Process.Pid), "code", "7")
	if f[0] != "sh" || f[2] != strconv.Itoa(os.Getpid()) {
		t.Errorf("COMM and PPID: %q", f)
	}
	sleep := exec.Command("sleep", "100")
	if err := sleep.Start(); err != nil {
		t.Fatal(err)
	}
	killWait(sleep, syscall.SIGTERM)
	tl.waitFields(strconv.Itoa(sleep.Process.Pid), "signal", "SIGTERM")
	out := tl.stop()
	var code7, term bool
	for _, l := range after(t, out, "EXIT ") {
		f := strings.Fields(l)
		if len(f) == 3 && f[0] == "code" && f[1] == "7" && atoi(t, f[2]) >= 1 {
			code7 = true
		}
		if len(f) == 3 && f[1] == "SIGTERM" && atoi(t, f[2]) >= 1 {
			term = true
		}
	}
	if !code7 || !term {
		t.Errorf("summary lacks code 7 or SIGTERM:\n%s", out)
	}
}

func TestKillsnoop(t *testing.T) {
	t.Parallel()
	tl := start(t, "killsnoop.d", nil)
	sleep := background(t, "sleep", "100")
	if err := syscall.Kill(sleep.Process.Pid, syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	me := strconv.Itoa(os.Getpid())
	tl.waitFields(me, "SIGUSR1", strconv.Itoa(sleep.Process.Pid), "0")
	// A signal to a process that does not exist fails with ESRCH (3).
	syscall.Kill(0x3ffffff0, 0)
	tl.waitFields(me, "0", strconv.Itoa(0x3ffffff0), "3")
	tl.stop()
}

func TestSigsnoop(t *testing.T) {
	t.Parallel()
	tl := start(t, "sigsnoop.d", nil)
	// A child's exit makes the kernel send its parent SIGCHLD.
	pid := run(t, "true")
	me := strconv.Itoa(os.Getpid())
	tl.waitFields(strconv.Itoa(pid), "true", me, "SIGCHLD")
	sleep := background(t, "sleep", "100")
	syscall.Kill(sleep.Process.Pid, syscall.SIGUSR2)
	tl.waitFields(me, strconv.Itoa(sleep.Process.Pid), "sleep", "SIGUSR2")
	out := tl.stop()
	found := false
	for _, l := range after(t, out, "FROM ") {
		f := strings.Fields(l)
		if len(f) == 4 && f[1] == "sleep" && f[2] == "SIGUSR2" && atoi(t, f[3]) >= 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("no SIGUSR2 to sleep in the summary:\n%s", out)
	}
}

func TestThreadsnoop(t *testing.T) {
	t.Parallel()
	tl := start(t, "threadsnoop.d", nil)
	pid := strconv.Itoa(run(t, helper, "threads", "3"))
	for n := 0; n < 3; n++ {
		tl.waitFields(pid, "tkhelper", pid)
	}
	out := tl.stop()
	found := false
	for _, l := range after(t, out, "THREADS") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == pid && f[2] == "3" {
			found = true
		}
	}
	if !found {
		t.Errorf("no line %s tkhelper 3 in the summary:\n%s", pid, out)
	}
	// Each new thread's id is in a line of its own.
	lines := 0
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 5 && f[1] == pid && f[4] != pid {
			lines++
		}
	}
	if lines != 3 {
		t.Errorf("%d lines of new threads of %s, want 3", lines, pid)
	}
}

func TestPidpersec(t *testing.T) {
	t.Parallel()
	tl := start(t, "pidpersec.d", nil)
	// The parent of these 25 processes is this test (its comm is the
	// test binary's name, cut to 15 bytes).
	var last int
	for i := 0; i < 25; i++ {
		last = run(t, "true")
	}
	// A line that counts at least one new process and names one at
	// least as recent as the last here.
	tl.wait(func(l string) bool {
		f := strings.Fields(l)
		if len(f) < 6 || f[len(f)-2] == "PROCS/s" {
			return false
		}
		n, _ := strconv.Atoi(f[len(f)-1])
		return n >= last
	})
	out := tl.stop()
	comm := comm(t)
	for _, l := range after(t, out, "FORKS") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == comm {
			if atoi(t, f[1]) < 25 {
				t.Errorf("%s forked %s processes, want at least 25", comm, f[1])
			}
			return
		}
	}
	t.Errorf("no line for %s in the summary:\n%s", comm, out)
}

// comm returns this process's name as the kernel keeps it.
func comm(t *testing.T) string {
	b, err := os.ReadFile("/proc/self/comm")
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

func TestSetuids(t *testing.T) {
	t.Parallel()
	tl := start(t, "setuids.d", nil)
	pid := strconv.Itoa(run(t, "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "true"))
	f := tl.waitFields(pid, "setpriv", "setresuid", "real=65534", "effective=65534", "saved=65534")
	if f[len(f)-1] != "0" || f[3] != "0" {
		t.Errorf("UID before and RESULT: %q, want 0 and 0", f)
	}
	tl.waitFields(pid, "setpriv", "setresgid", "real=65534")
	tl.stop()
}

func TestCapable(t *testing.T) {
	t.Parallel()
	file := tempFile(t, "owned")
	if err := os.WriteFile(file, nil, 0644); err != nil {
		t.Fatal(err)
	}
	tl := start(t, "capable.d", nil)
	pid := strconv.Itoa(run(t, "chown", "1", file))
	tl.waitFields("0", pid, "chown", "CAP_CHOWN", "allow")
	// The same as nobody: denied.
	cmd := exec.Command("setpriv", "--reuid=65534", "chown", "2", file)
	if cmd.Run() == nil {
		t.Fatal("chown as nobody succeeded")
	}
	pid = strconv.Itoa(cmd.Process.Pid)
	tl.waitFields("65534", pid, "CAP_CHOWN", "deny")
	out := tl.stop()
	var allow, deny bool
	for _, l := range after(t, out, "VERDICT") {
		f := strings.Fields(l)
		if len(f) == 4 && f[0] == "chown" && f[1] == "CAP_CHOWN" {
			allow = allow || f[2] == "allow"
			deny = deny || f[2] == "deny"
		}
	}
	if !allow || !deny {
		t.Errorf("the summary lacks chown's CAP_CHOWN allow and deny:\n%s", out)
	}
}
