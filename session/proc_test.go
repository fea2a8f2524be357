package session

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestSplitCommand(t *testing.T) {
	for cmd, want := range map[string][]string{
		"ls -l":            {"ls", "-l"},
		"  sleep\t1 \n":    {"sleep", "1"},
		"sh -c 'exit 3'":   {"sh", "-c", "'exit", "3'"}, // no quoting, as make_argv
		"":                 {""},
		"   ":              {"   "},
		"/bin/echo a  b  ": {"/bin/echo", "a", "b"},
	} {
		if got := SplitCommand(cmd); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitCommand(%q) = %q, want %q", cmd, got, want)
		}
	}
}

// waitExit waits up to 5 s for p to exit.
func waitExit(t *testing.T, p *Proc) {
	t.Helper()
	select {
	case <-p.Exited():
	case <-time.After(5 * time.Second):
		t.Fatalf("pid %d did not exit", p.Pid())
	}
}

// procState returns the state letter of /proc/PID/stat.
func procState(t *testing.T, pid int) byte {
	t.Helper()
	st, _, err := procStat(pid)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestCreateProc(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	script := filepath.Join(dir, "s.sh")
	os.WriteFile(script, []byte("#!/bin/sh\necho \"$@\" > "+out+"\nexit 3\n"), 0o755)

	p, err := CreateProc(script + " a  b")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if !p.Created() || p.Pid() <= 0 {
		t.Fatalf("created %v, pid %d", p.Created(), p.Pid())
	}
	// Stopped at its entry point until Continue: ptrace's tracing stop.
	time.Sleep(50 * time.Millisecond)
	if st := procState(t, p.Pid()); st != 't' {
		t.Errorf("before Continue: state %c, want t (tracing stop)", st)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the command ran before Continue")
	}
	if err := p.Continue(); err != nil {
		t.Fatal(err)
	}
	waitExit(t, p)
	if b, _ := os.ReadFile(out); string(b) != "a b\n" {
		t.Errorf("the command wrote %q, want its arguments", b)
	}
	if got, want := p.exitNotice(), fmt.Sprintf("pid %d exited with status 3", p.Pid()); got != want {
		t.Errorf("notice %q, want %q", got, want)
	}
	p.Release()
	p.Release()
}

func TestCreateProcNotices(t *testing.T) {
	p, err := CreateProc("true")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	p.Continue()
	waitExit(t, p)
	if got, want := p.exitNotice(), fmt.Sprintf("pid %d has exited", p.Pid()); got != want {
		t.Errorf("notice %q, want %q", got, want)
	}

	p, err = CreateProc("sleep 10")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	p.Continue()
	syscall.Kill(p.Pid(), syscall.SIGTERM)
	waitExit(t, p)
	if got, want := p.exitNotice(), fmt.Sprintf("pid %d terminated by SIGTERM", p.Pid()); got != want {
		t.Errorf("notice %q, want %q", got, want)
	}
}

func TestReleaseKills(t *testing.T) {
	// Never continued: killed while stopped.
	p, err := CreateProc("sleep 10")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { p.Release(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Release of a stopped process hangs")
	}
	if !p.status.Signaled() || p.status.Signal() != syscall.SIGKILL {
		t.Errorf("status %v, want killed", p.status)
	}
	// Running: killed too.
	p, err = CreateProc("sleep 10")
	if err != nil {
		t.Fatal(err)
	}
	p.Continue()
	p.Release()
	if !p.status.Signaled() || p.status.Signal() != syscall.SIGKILL {
		t.Errorf("status %v, want killed", p.status)
	}
	if err := syscall.Kill(p.Pid(), 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("pid %d is still there: %v", p.Pid(), err)
	}
}

func TestCreateProcErrors(t *testing.T) {
	dir := t.TempDir()
	noexec := filepath.Join(dir, "noexec")
	os.WriteFile(noexec, []byte("#!/bin/sh\n"), 0o644)
	for cmd, want := range map[string]string{
		"/nonexistent/cmd x": "failed to execute /nonexistent/cmd: cannot find executable file",
		"no-such-command-x":  "failed to execute no-such-command-x: cannot find executable file",
		dir:                  "failed to execute " + dir + ": cannot execute file",
		noexec:               "failed to execute " + noexec + ": cannot execute file",
		"":                   "failed to execute : cannot find executable file",
	} {
		p, err := CreateProc(cmd)
		var pe *ProcError
		if !errors.As(err, &pe) || err.Error() != want {
			t.Errorf("CreateProc(%q) = %v, want %q", cmd, err, want)
		}
		if p != nil {
			p.Release()
		}
	}
}

func TestGrabProc(t *testing.T) {
	cmd := exec.Command("sleep", "0.3")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p, err := GrabProc(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if p.Created() || p.Pid() != cmd.Process.Pid {
		t.Errorf("created %v, pid %d", p.Created(), p.Pid())
	}
	if err := p.Continue(); err != nil {
		t.Error(err)
	}
	select {
	case <-p.Exited():
		t.Fatal("exited at once")
	case <-time.After(50 * time.Millisecond):
	}
	waitExit(t, p) // as a zombie: not reaped yet
	if got, want := p.exitNotice(), fmt.Sprintf("pid %d has exited", p.Pid()); got != want {
		t.Errorf("notice %q, want %q", got, want)
	}
	cmd.Wait()

	// Released before the process exits: the watch ends, the process
	// lives on.
	cmd = exec.Command("sleep", "10")
	cmd.Start()
	defer cmd.Process.Kill()
	p, err = GrabProc(cmd.Process.Pid)
	if err != nil {
		t.Fatal(err)
	}
	p.Release()
	if err := syscall.Kill(cmd.Process.Pid, 0); err != nil {
		t.Errorf("Release of a grabbed process: %v", err)
	}
}

func TestGrabProcErrors(t *testing.T) {
	zombie := exec.Command("true")
	if err := zombie.Start(); err != nil {
		t.Fatal(err)
	}
	defer zombie.Wait()
	for i := 0; i < 100 && procState(t, zombie.Process.Pid) != 'Z'; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	for pid, want := range map[int]string{
		os.Getpid():         "attempt to grab self",
		zombie.Process.Pid:  "zombie process",
		2:                   "system process", // kthreadd
		1 << 30:             "no such process",
		0:                   "no such process",
		-5:                  "no such process",
		os.Getpid() + 1<<22: "no such process", // beyond any pid_max
	} {
		p, err := GrabProc(pid)
		var pe *ProcError
		if w := fmt.Sprintf("failed to grab pid %d: %s", pid, want); !errors.As(err, &pe) || err.Error() != w {
			t.Errorf("GrabProc(%d) = %v, want %q", pid, err, w)
		}
		if p != nil {
			p.Release()
		}
	}
}

func TestProcStat(t *testing.T) {
	st, flags, err := procStat(os.Getpid())
	if err != nil || st != 'R' && st != 'S' || flags&pfKthread != 0 {
		t.Errorf("procStat(self) = %c %#x %v", st, flags, err)
	}
	if _, _, err := procStat(1 << 30); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("procStat(no such pid): %v", err)
	}
	if _, flags, err := procStat(2); err != nil || flags&pfKthread == 0 {
		t.Errorf("procStat(kthreadd): flags %#x, %v", flags, err)
	}
}

// TestCreateProcAtEntry checks that a created process waits at its entry
// point: the dynamic loader has mapped its libraries, its instruction
// pointer is AT_ENTRY, and nothing of the program has run.
func TestCreateProcAtEntry(t *testing.T) {
	p, err := CreateProc("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	maps, err := os.ReadFile(fmt.Sprintf("/proc/%d/maps", p.Pid()))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(maps), "/libc.so") {
		t.Errorf("libc is not mapped at the entry point:\n%s", maps)
	}
	// The last field of /proc/PID/syscall is the instruction pointer.
	auxv, err := os.ReadFile(fmt.Sprintf("/proc/%d/auxv", p.Pid()))
	if err != nil {
		t.Fatal(err)
	}
	var entry uint64
	for b := auxv; len(b) >= 16; b = b[16:] {
		if binary.LittleEndian.Uint64(b) == atEntry {
			entry = binary.LittleEndian.Uint64(b[8:])
		}
	}
	sc, err := os.ReadFile(fmt.Sprintf("/proc/%d/syscall", p.Pid()))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(sc))
	if len(f) < 3 || f[len(f)-1] != fmt.Sprintf("%#x", entry) {
		t.Errorf("stopped at %q, want the entry point %#x", sc, entry)
	}
	if st := procState(t, p.Pid()); st != 't' {
		t.Errorf("state %c, want t (tracing stop)", st)
	}
	if err := p.Continue(); err != nil {
		t.Fatal(err)
	}
	waitExit(t, p)
	if got, want := p.exitNotice(), fmt.Sprintf("pid %d has exited", p.Pid()); got != want {
		t.Errorf("notice %q, want %q", got, want)
	}
}
