package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// requireRoot skips a test that traces, unless DTRACE_TEST_REQUIRE_BPF
// makes that a failure.
func requireRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() == 0 {
		return
	}
	if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
		t.Fatal("needs root (DTRACE_TEST_REQUIRE_BPF is set)")
	}
	t.Skip("needs root")
}

// Every message of a dtrace run under another name has that name, as
// DTrace's have g_pname: its own and the run's notices (here the match
// notice) alike.
func TestProgramName(t *testing.T) {
	requireRoot(t)
	dir := t.TempDir()
	renamed := filepath.Join(dir, "mytrace")
	if err := os.Symlink(dtrace, renamed); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd := exec.Command(renamed, "-n", "BEGIN { exit(0); }")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	want := "mytrace: description 'BEGIN ' matched 1 probe\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}

// A user without the privileges tracing needs is told which.
func TestUnprivileged(t *testing.T) {
	requireRoot(t) // to become another user
	if err := os.Chmod(filepath.Dir(dtrace), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(dtrace, "-q", "-n", "BEGIN { exit(0); }")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	want := "dtrace: could not enable tracing: DTrace requires additional privileges: tracing needs root, or CAP_BPF and CAP_PERFMON\n"
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || string(out) != want {
		t.Errorf("%v: %q, want exit 1 and %q", err, out, want)
	}
}

// A script that never ends (/dev/zero) is refused at its first NUL byte,
// as DTrace's lexer refuses it, and one too large at 16 MiB: dtrace does
// not read without bound.
func TestScriptBounds(t *testing.T) {
	r := run(t, "", "-e", "-s", "/dev/zero")
	if r.code != 1 || !strings.HasPrefix(r.stderr, "dtrace: failed to compile script /dev/zero: line 1: syntax error near ") {
		t.Errorf("-s /dev/zero: %v", r)
	}
	dir := t.TempDir()
	big := filepath.Join(dir, "big.d")
	if err := os.WriteFile(big, []byte(strings.Repeat("/* a comment of a script too large */\n", 17<<20/38)), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, "", "-e", "-s", big)
	if r.code != 1 || r.stderr != "dtrace: failed to compile script "+big+": script is larger than 16 MiB\n" {
		t.Errorf("-s big.d: %v", r)
	}
}

// A script on a FIFO is read once, its "#!" line skipped: the writer
// sends its bytes once.
func TestScriptFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "script")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.WriteString("#!/usr/sbin/dtrace -Zs\nnosuch:::probe { trace(1); }\n")
		f.Close()
	}()
	r := run(t, "", "-e", "-Z", "-s", fifo)
	if r.code != 0 || r.stderr != "" {
		t.Errorf("-e -s FIFO: %v", r)
	}
}

// cpp dies with dtrace, and what cpp started too: a dtrace killed while
// cpp reads an #include that never ends leaves neither cpp nor its cc1
// behind (cc1 used to outlive both, blocked on the FIFO).
func TestPreprocessorDiesWithDtrace(t *testing.T) {
	if _, err := exec.LookPath("cpp"); err != nil {
		t.Skip("no cpp")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "never")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	script := writeFile(t, dir, "x.d", "#include \""+fifo+"\"\nBEGIN { exit(0); }\n")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, dtrace, "-C", "-e", "-s", script)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for cpp to be started (a child of dtrace) and to have started
	// cc1, blocked on the FIFO.
	var cpp, cc1 int
	for cc1 == 0 && ctx.Err() == nil {
		if cpp == 0 {
			cpp = childOf(cmd.Process.Pid)
		} else {
			cc1 = childOf(cpp)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	for _, p := range []int{cpp, cc1} {
		for !dead(p) && ctx.Err() == nil {
			time.Sleep(10 * time.Millisecond)
		}
		if !dead(p) {
			b, _ := os.ReadFile("/proc/" + strconv.Itoa(p) + "/cmdline")
			syscall.Kill(p, syscall.SIGKILL)
			t.Errorf("pid %d (%s) outlived dtrace", p, strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
}

// dead reports whether process pid has ended: it is gone, or a zombie not
// yet reaped.
func dead(pid int) bool {
	if err := syscall.Kill(pid, 0); err == syscall.ESRCH {
		return true
	}
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return strings.Contains(string(b), ") Z ")
}

// childOf returns the pid of a child process of pid, or 0.
func childOf(pid int) int {
	tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/children")
	for _, f := range tasks {
		b, _ := os.ReadFile(f)
		if fs := strings.Fields(string(b)); len(fs) > 0 {
			n, _ := strconv.Atoi(fs[0])
			return n
		}
	}
	return 0
}

// A write that fails, on standard output, the -o file, or a file of the
// pprof or folded options, ends dtrace with status 1 and says what could
// not be written (it said "could not enable tracing: write ...", or
// nothing).
func TestWriteFailures(t *testing.T) {
	requireRoot(t)
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	prog := "BEGIN { trace(1); @[\"k\"] = count(); exit(0); }"
	for _, c := range []struct {
		name   string
		args   []string
		stdout string // a file the standard output is written to, "" for a pipe
		want   string
	}{
		{"stdout", []string{"-n", prog}, "/dev/full", "dtrace: failed to write to <stdout>: No space left on device\n"},
		{"-o", []string{"-o", "/dev/full", "-n", prog}, "", "dtrace: failed to write to /dev/full: No space left on device\n"},
		{"pprof", []string{"-x", "pprof=/dev/full", "-n", prog}, "", "dtrace: failed to write pprof file '/dev/full': No space left on device\n"},
		{"folded", []string{"-x", "folded=/dev/full", "-n", "BEGIN { @[ustack()] = count(); exit(0); }"}, "", "dtrace: failed to write folded file '/dev/full': No space left on device\n"},
		{"listing", []string{"-l", "-n", "BEGIN"}, "/dev/full", "dtrace: failed to write to <stdout>: No space left on device\n"},
	} {
		cmd := exec.Command(dtrace, append([]string{"-q"}, c.args...)...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if c.stdout != "" {
			f, err := os.OpenFile(c.stdout, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stdout = f
			defer f.Close()
		} else {
			cmd.Stdout = io.Discard
		}
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != 1 || !strings.HasSuffix(stderr.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 1 and %q", c.name, code, stderr.String(), c.want)
		}
	}
}

// A limit of the process that stops tracing is named in plain words, with
// the option or the limit to change (they were library error chains:
// "create map scratch: creating map: map create: ...", "map producer
// pages: cannot allocate memory").
func TestProcessLimits(t *testing.T) {
	requireRoot(t)
	for _, c := range []struct {
		ulimit, args, want string
	}{
		{"-n 12", "-qn 'BEGIN { exit(0); }'",
			"dtrace: could not enable tracing: dtrace needs more open files than it may have (ulimit -n: 12): each map, program and probe takes one: raise the limit\n"},
		{"-v 4000000", "-x bufsize=2g -qn 'BEGIN { exit(0); }'",
			"dtrace: could not enable tracing: the principal buffer of 2g (bufsize) does not fit in dtrace's memory under its address-space limit (ulimit -v: 4000000): lower bufsize\n"},
	} {
		cmd := exec.Command("/bin/sh", "-c", "ulimit "+c.ulimit+" && exec "+dtrace+" "+c.args)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || stderr.String() != c.want {
			t.Errorf("ulimit %s: %v, stderr %q; want exit 1 and %q", c.ulimit, err, stderr.String(), c.want)
		}
	}
}
