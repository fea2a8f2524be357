package toolkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// pty opens a pseudo-terminal and returns its controlling side and the
// terminal a program reads from, both closed when the test ends.
func pty(t *testing.T) (master, tty *os.File) {
	t.Helper()
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	master = os.NewFile(uintptr(fd), "/dev/ptmx")
	t.Cleanup(func() { master.Close() })
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	return master, tty
}

func TestBashreadline(t *testing.T) {
	t.Parallel()
	needRoot(t)
	master, tty := pty(t)
	// An interactive bash on the terminal, in a session of its own: what
	// is typed there goes through its readline().
	bash := exec.Command("/bin/bash", "--norc", "--noprofile", "-i")
	bash.Stdin, bash.Stdout, bash.Stderr = tty, tty, tty
	bash.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := bash.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		bash.Process.Kill()
		bash.Wait()
	})
	prompt := make(chan bool, 1)
	go func() {
		// Whatever bash writes to the terminal is read: its prompt
		// says it is ready, the rest is dropped.
		var seen []byte
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			if err != nil {
				return
			}
			if seen = append(seen, buf[:n]...); strings.Contains(string(seen), "# ") {
				select {
				case prompt <- true:
				default:
				}
			}
		}
	}()
	<-prompt
	pid := strconv.Itoa(bash.Process.Pid)
	tl := start(t, "bashreadline.d", nil, "-p", pid)
	master.Write([]byte("echo dtrace-toolkit readline marker\n"))
	tl.waitFields(pid, "echo", "dtrace-toolkit", "readline", "marker")
	master.Write([]byte("exit\n"))
	tl.waitFields(pid, "exit")
	// bash exits: so does the tool.
	tl.exit(0)
}

func TestGethostlatency(t *testing.T) {
	t.Parallel()
	tl := start(t, "gethostlatency.d", nil, "-c", "getent ahosts localhost")
	f := tl.waitFields("getent", "0", "localhost")
	// TIME (4 fields) PID COMM LAT(ms) RET HOST.
	if len(f) != 9 || f[5] != "getent" || f[7] != "0" {
		t.Errorf("%q: want TIME PID getent LAT 0 localhost", f)
	}
	tl.exit(0)
}

func TestMallocstacks(t *testing.T) {
	t.Parallel()
	tl := start(t, "mallocstacks.d", nil, "-c", helper+" malloc 10")
	out := tl.exit(0)
	// Ten mallocs of 123456 bytes from tk_alloc, called by main.
	for _, b := range strings.Split(out, "\n\n") {
		if strings.Contains(b, "tkhelper`tk_alloc") && strings.Contains(b, "tkhelper`main") {
			if !strings.Contains(b, "BYTES 1234560 CALLS 10") {
				t.Errorf("tk_alloc's stack: want BYTES 1234560 CALLS 10:\n%s", b)
			}
			return
		}
	}
	t.Errorf("no stack with tk_alloc:\n%s", out)
}

// pyScript writes a Python program calling dtrace_tk_leaf n times (from
// C, through map()) and returns its path.
func pyScript(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(filepath.Dir(tempFile(t, "x")), "calls.py")
	src := "def dtrace_tk_leaf(n):\n    return n + 1\n\n" +
		"def dtrace_tk_outer():\n    return list(map(dtrace_tk_leaf, range(" + strconv.Itoa(n) + ")))\n\n" +
		"dtrace_tk_outer()\n"
	if err := os.WriteFile(path, []byte(src), 0644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestUflow(t *testing.T) {
	t.Parallel()
	script := pyScript(t, 3)
	tl := start(t, "uflow.d", nil, "-c", "/usr/bin/python3 "+script)
	out := tl.exit(0)
	// Each of the 3 calls returns to dtrace_tk_outer, which returns one
	// level up; the leaf returns at its line 2, outer at its line 5.
	var leaf, outer, leafIndent, outerIndent int
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) != 5 || f[3] != "<-" {
			continue
		}
		indent := strings.Index(l, "<-")
		switch f[4] {
		case script + ":dtrace_tk_leaf:2":
			leaf++
			leafIndent = indent
		case script + ":dtrace_tk_outer:5":
			outer++
			outerIndent = indent
		}
	}
	if leaf != 3 || outer != 1 || leafIndent < outerIndent {
		t.Errorf("%d returns of dtrace_tk_leaf and %d of dtrace_tk_outer (indented %d and %d), want 3 and 1:\n%s",
			leaf, outer, leafIndent, outerIndent, tail(out, 40))
	}
}

func TestPycalls(t *testing.T) {
	t.Parallel()
	script := pyScript(t, 2500)
	tl := start(t, "pycalls.d", nil, "-c", "/usr/bin/python3 "+script)
	out := tl.exit(0)
	for _, l := range after(t, out, "CALLS") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == script && f[1] == "dtrace_tk_leaf" {
			if f[2] != "2500" {
				t.Errorf("dtrace_tk_leaf: %s calls, want 2500", f[2])
			}
			return
		}
	}
	t.Errorf("no line for dtrace_tk_leaf:\n%s", out)
}

func TestKlockstat(t *testing.T) {
	t.Parallel()
	file := tempFile(t, "contended")
	tl := start(t, "klockstat.d", nil)
	// Lock waits in interrupts that fire while their CPU updates the same
	// aggregation cannot be counted: dtrace reports them as drops.
	tl.allow = regexp.MustCompile(`^dtrace: \d+ aggregation drops on CPU \d+ \(new keys the kernel could not store where their probe fired\)$`)
	// 8 threads writing one file wait for its inode's rwsem.
	for i := 0; i < 3; i++ {
		run(t, helper, "writers", file)
	}
	out := tl.stop()
	for _, l := range after(t, out, "TOTAL(ns)") {
		f := strings.Fields(l)
		if len(f) == 6 && f[0] == "rwsem:W" && f[1] == "tkhelper" {
			waits, avg, hi, total := atoi(t, f[2]), atoi(t, f[3]), atoi(t, f[4]), atoi(t, f[5])
			if waits < 1 || avg > hi || hi > total || total < avg*waits-waits {
				t.Errorf("inconsistent: %q", l)
			}
			return
		}
	}
	t.Errorf("no rwsem:W waits of tkhelper:\n%s", out)
}

func TestMutexwait(t *testing.T) {
	t.Parallel()
	tl := start(t, "mutexwait.d", nil, "-c", helper+" mutex")
	out := tl.exit(0)
	// 4 threads locking 20000 times each, from tk_mutex_worker: its
	// histogram (the first stack with it) counts 80000 calls, and so does
	// its line in the table.
	if total, _ := histTotal(t, out, "tkhelper`tk_mutex_worker"); total != 80000 {
		t.Errorf("tk_mutex_worker's histogram counts %d calls, want 80000:\n%s", total, tail(out, 60))
	}
	table := strings.Join(after(t, out, "TOTAL(ns)"), "\n")
	if !regexp.MustCompile("tkhelper`tk_mutex_worker\\S*\\n(\\s+\\S+\\n)*\\s+80000 CALLS \\d+ ns").MatchString(table) {
		t.Errorf("no 80000 CALLS under tk_mutex_worker's stack:\n%s", table)
	}
}

func TestSyslat(t *testing.T) {
	t.Parallel()
	tl := start(t, "syslat.d", nil, "-c", helper+" getppid 300", "getppid")
	out := tl.exit(0)
	for _, l := range after(t, out, "SYSCALL") {
		if f := strings.Fields(l); len(f) == 5 && f[0] == "getppid" {
			if f[1] != "300" || atoi(t, f[2]) > atoi(t, f[3]) {
				t.Errorf("getppid: %q, want 300 calls", l)
			}
			goto hist
		}
	}
	t.Errorf("no getppid line:\n%s", out)
hist:
	if total, _ := histTotal(t, out, "getppid latency (us)"); total != 300 {
		t.Errorf("getppid's histogram counts %d calls, want 300:\n%s", total, out)
	}
}
