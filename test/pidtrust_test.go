package test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// requireRoot fails the test without root when DTRACE_TEST_REQUIRE_BPF is
// set, and skips it otherwise.
func requireRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal("needs root (DTRACE_TEST_REQUIRE_BPF is set)")
		}
		t.Skip("needs root")
	}
}

// needTool returns the path of a program the test needs; without it the
// test fails when DTRACE_TEST_REQUIRE_BPF is set, and is skipped
// otherwise.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("%s is needed: %v", name, err)
		}
		t.Skipf("%s is needed: %v", name, err)
	}
	return p
}

// pidTrustPython is the python3 program TestPidProbesChangeNothing runs:
// a bit of everything the interpreter does (imports, JSON, regular
// expressions, a signal handler, an exception, sorting with a key), and
// exit status 3.
const pidTrustPython = `import sys, os, json, re, signal
print(sys.argv[1:])
print(json.dumps({"b": [1, 2.5, None], "a": "x"}, sort_keys=True))
print(re.sub(r"(\w)(\d)", r"\2\1", "a1b2c3"))
signal.signal(signal.SIGUSR1, lambda s, f: print("signal", s))
os.kill(os.getpid(), signal.SIGUSR1)
try:
    1 / 0
except ZeroDivisionError as e:
    print("caught", e)
print(sorted([3, 1, 2], key=lambda x: -x))
print("error", file=sys.stderr)
sys.exit(3)
`

// TestPidProbesChangeNothing runs programs with probes on every function
// (pid$target:::entry and return: the executable's, libc's, the dynamic
// linker's, libstdc++'s) or on every instruction of the executable
// (pid$target:a.out:: under -F), and checks that their output (standard
// output and error, dtrace's lines left out) and exit status are those of
// a run without dtrace. A uretprobe, which replaces the word at the stack
// pointer as a function is entered, changed them all: trustprog printed
// argc as -8192 (_start's return probe), died in _dl_fixup (the link map
// _dl_runtime_resolve is entered with), of SIGILL after setjmp, or could
// not look puts up with RTLD_NEXT; trustexc's exception ended in
// std::terminate; ls and python3 died in the dynamic linker.
func TestPidProbesChangeNothing(t *testing.T) {
	requireRoot(t)
	cc := needTool(t, "gcc")
	cxx := needTool(t, "g++")
	python := needTool(t, "/usr/bin/python3") // not a shim (pyenv's) that execs it
	lockSuite(t)
	dir := t.TempDir()
	build := func(compiler, out, src string, args ...string) string {
		path := filepath.Join(dir, out)
		args = append([]string{"-O1", "-o", path, src}, args...)
		if b, err := exec.Command(compiler, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", compiler, strings.Join(args, " "), err, b)
		}
		return path
	}
	trustprog := build(cc, "trustprog", "unittest/pid/testdata/trustprog.c", "-ldl")
	trustexc := build(cxx, "trustexc", "unittest/pid/testdata/trustexc.cc")
	script := filepath.Join(dir, "trust.py")
	if err := os.WriteFile(script, []byte(pidTrustPython), 0o600); err != nil {
		t.Fatal(err)
	}
	// What ls lists: files of known sizes and times, a directory, a link.
	lsDir := filepath.Join(dir, "listed")
	if err := os.MkdirAll(filepath.Join(lsDir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"a", "b.txt", "sub/c"} {
		if err := os.WriteFile(filepath.Join(lsDir, name), bytes.Repeat([]byte("x"), 100*i), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("a", filepath.Join(lsDir, "link")); err != nil {
		t.Fatal(err)
	}
	when := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, name := range []string{"a", "b.txt", "sub/c", "sub", "."} {
		if err := os.Chtimes(filepath.Join(lsDir, name), when, when); err != nil {
			t.Fatal(err)
		}
	}
	everyFunc := []string{"-n", "pid$target:::entry,pid$target:::return { @n[probename] = count(); }"}
	everyInsn := []string{"-F", "-n", "pid$target:a.out:: {}"}
	for _, tc := range []struct {
		name string
		cmd  string
		args []string
		// quiet says no probe may fire: ls's executable, stripped,
		// names only the few functions it exports, which ls -l does
		// not call.
		quiet bool
	}{
		{"trustprog/functions", trustprog + " b a c", everyFunc, false},
		{"trustprog/a.out", trustprog + " b a c", everyInsn, false},
		{"trustexc/functions", trustexc, everyFunc, false},
		{"trustexc/a.out", trustexc, everyInsn, false},
		{"ls/functions", "/bin/ls -la --time-style=+%Y-%m-%d " + lsDir, everyFunc, false},
		{"ls/a.out", "/bin/ls -la --time-style=+%Y-%m-%d " + lsDir, everyInsn, true},
		{"python3/functions", python + " " + script + " a b", everyFunc, false},
		// Every instruction of python3 is over 100,000 probes, each
		// taken at every instruction run: minutes. Its functions'
		// entries and returns, under -F.
		{"python3/a.out", python + " " + script + " a b",
			[]string{"-F", "-n", "pid$target:a.out::entry,pid$target:a.out::return {}"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := runUntraced(t, dir, tc.cmd)
			got, trace := runTraced(t, dir, tc.cmd, tc.args)
			if got != want {
				t.Errorf("traced, %s\nuntraced, %s", got, want)
			}
			if !tc.quiet && !strings.Contains(trace, "entry") && !strings.Contains(trace, "->") {
				t.Errorf("no probe fired:\n%s", trace)
			}
		})
	}
}

// runResult is what a program did: its output and how it ended.
type runResult struct {
	stdout, stderr string
	status         string // "exit N" or the signal's name
}

func (r runResult) String() string {
	return fmt.Sprintf("%s, stdout:\n%s\nstderr:\n%s", r.status, r.stdout, r.stderr)
}

// runUntraced runs cmd (split at blanks, as -c splits it) in dir.
func runUntraced(t *testing.T, dir, cmd string) runResult {
	t.Helper()
	argv := strings.Fields(cmd)
	c := exec.Command(argv[0], argv[1:]...)
	c.Dir = dir
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	err := c.Run()
	r := runResult{stdout: stdout.String(), stderr: stderr.String(), status: "exit 0"}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		ws := ee.Sys().(syscall.WaitStatus)
		if ws.Signaled() {
			r.status = "killed by " + unix.SignalName(ws.Signal())
		} else {
			r.status = "exit " + strconv.Itoa(ws.ExitStatus())
		}
	case err != nil:
		t.Fatal(err)
	}
	return r
}

// exitLine is dtrace's notice of how a -c process ended, after its name.
var exitLine = regexp.MustCompile(`^pid \d+ (has exited|exited with status (\d+)|terminated by (\S+))$`)

// runTraced runs cmd under dtrace -c in dir with args, the trace written
// to a file (-o), and returns what the program did, read from the output
// dtrace and it share (dtrace's lines, "dtrace: ...", left out; how the
// program ended from dtrace's notice of it), and the trace.
func runTraced(t *testing.T, dir, cmd string, args []string) (runResult, string) {
	t.Helper()
	traceFile := filepath.Join(dir, "trace.out")
	os.Remove(traceFile)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c := exec.CommandContext(ctx, dtraceBin, append(append([]string{"-o", traceFile}, args...), "-c", cmd)...)
	c.Dir = dir
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("dtrace: %v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	r := runResult{stdout: stdout.String(), status: "(no notice of its end)"}
	var progErr strings.Builder
	pname := filepath.Base(dtraceBin) + ": "
	for _, line := range strings.SplitAfter(stderr.String(), "\n") {
		msg, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), pname)
		if !ok {
			progErr.WriteString(line)
			continue
		}
		t.Log(msg)
		m := exitLine.FindStringSubmatch(msg)
		switch {
		case m == nil:
		case m[2] != "":
			r.status = "exit " + m[2]
		case m[3] != "":
			r.status = "killed by " + m[3]
		default:
			r.status = "exit 0"
		}
	}
	r.stderr = progErr.String()
	trace, err := os.ReadFile(traceFile)
	if err != nil {
		t.Fatal(err)
	}
	return r, string(trace)
}
