// Package toolkit holds the D tools of toolkit/ (each an executable
// script run as ./NAME.d through its "#!/usr/bin/env -S dtrace ..." line)
// and their tests: each test starts a tool as a user would, with the
// dtrace built from this checkout first on PATH, provokes the activity
// the tool reports, and checks that the tool shows it (a line with the
// test's own pid, file, port or value), then ends it with SIGINT as
// Ctrl-C does and checks what END printed.
package toolkit

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
)

var (
	binDir string // dtrace and tkhelper, first on PATH
	// dtraceBin, in a guest, is the dtrace binary tools run with.
	dtraceBin string
	helper    string // testdata/tkhelper.c, built
	// buildErr says why TestMain could not build them (not root, no gcc).
	buildErr error
)

func TestMain(m *testing.M) {
	if os.Getenv(swapHogEnv) != "" {
		swapHog() // a process of a guest test (guest_test.go)
		return
	}
	// In a guest (vmtest), which has no go command and no C compiler,
	// dtrace is prebuilt and tools run through it (shebangCommand).
	if bin := os.Getenv("DTRACE_TEST_BINARY"); bin != "" && vmtest.InGuest() != "" {
		dtraceBin = bin
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "dtrace-toolkit")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	if os.Geteuid() != 0 {
		buildErr = fmt.Errorf("the toolkit's tests need root")
	} else {
		buildErr = build(dir)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// build builds dtrace (as users build it: README) and the test helper
// into dir and puts dir first on PATH, where the tools' #! line finds
// dtrace.
func build(dir string) error {
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "dtrace"), "../cmd/dtrace")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build dtrace: %v\n%s", err, out)
	}
	helper = filepath.Join(dir, "tkhelper")
	cmd = exec.Command("gcc", "-O0", "-g", "-fno-omit-frame-pointer", "-pthread",
		"-o", helper, "testdata/tkhelper.c")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build testdata/tkhelper.c: %v\n%s", err, out)
	}
	return os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// needRoot skips t unless the tools can run (root, dtrace and the helper
// built), and fails it instead under DTRACE_TEST_REQUIRE_BPF.
func needRoot(t *testing.T) {
	t.Helper()
	if buildErr == nil {
		return
	}
	if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
		t.Fatalf("%v (DTRACE_TEST_REQUIRE_BPF is set)", buildErr)
	}
	t.Skip(buildErr)
}

// waitLimit bounds each wait for output, so that a tool that never shows
// what a test looks for fails the test instead of hanging it. Nothing is
// asserted about how long anything took.
const waitLimit = 90 * time.Second

// A tool is one running toolkit script.
type tool struct {
	t      *testing.T
	name   string
	cmd    *exec.Cmd
	stderr bytes.Buffer

	// allow, when not nil, matches lines of standard error that do not
	// fail the test (messages dtrace may print while the tool works).
	allow *regexp.Regexp

	mu    sync.Mutex
	lines []string
	more  chan struct{} // closed and replaced when a line arrives
	eof   bool
	done  chan struct{} // closed when the process has exited
	err   error         // its exit
}

// start runs ./name with args from this directory, as a user runs it (its
// #! line runs dtrace from PATH), and returns once it printed its header
// (its first line, printed by BEGIN, which fires once every probe is
// enabled). stdin, when not nil, is the tool's standard input.
func start(t *testing.T, name string, stdin *os.File, args ...string) *tool {
	t.Helper()
	needRoot(t)
	tl := startNoWait(t, name, stdin, args...)
	if _, ok := tl.wait(func(string) bool { return true }); !ok {
		t.Fatalf("%s printed no header", name)
	}
	return tl
}

// startNoWait starts the tool without waiting for its header.
func startNoWait(t *testing.T, name string, stdin *os.File, args ...string) *tool {
	t.Helper()
	needRoot(t)
	tl := &tool{t: t, name: name, more: make(chan struct{}), done: make(chan struct{})}
	if dtraceBin != "" {
		tl.cmd = shebangCommand(t, name, args...)
	} else {
		tl.cmd = exec.Command("./"+name, args...)
	}
	tl.cmd.Stderr = &tl.stderr
	if stdin != nil {
		tl.cmd.Stdin = stdin
	}
	out, err := tl.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := tl.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	go tl.read(out)
	t.Cleanup(func() {
		select {
		case <-tl.done:
		default:
			tl.cmd.Process.Kill()
			<-tl.done
		}
		if t.Failed() {
			t.Logf("%s output (the last 80 lines):\n%s\nstderr:\n%s", name, tail(tl.output(), 80), tl.stderrText())
		}
	})
	return tl
}

// shebangCommand returns the command that the tool's "#!/usr/bin/env -S
// dtrace OPTIONS" line makes of ./name ARGS, with dtraceBin for dtrace:
// for the guests, whose busybox env has no -S.
func shebangCommand(t *testing.T, name string, args ...string) *exec.Cmd {
	t.Helper()
	argv := append(append(shebangOptions(t, name), name), args...)
	return exec.Command(dtraceBin, argv...)
}

// shebangOptions returns the dtrace options of the tool's #! line.
func shebangOptions(t *testing.T, name string) []string {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(src), "\n")
	f := strings.Fields(first)
	if len(f) < 4 || f[0] != "#!/usr/bin/env" || f[1] != "-S" || f[2] != "dtrace" {
		t.Fatalf("%s: #! line %q", name, first)
	}
	return f[3:]
}

func (tl *tool) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		tl.mu.Lock()
		tl.lines = append(tl.lines, sc.Text())
		close(tl.more)
		tl.more = make(chan struct{})
		tl.mu.Unlock()
	}
	err := tl.cmd.Wait()
	tl.mu.Lock()
	tl.eof = true
	tl.err = err
	close(tl.more)
	tl.mu.Unlock()
	close(tl.done)
}

// wait returns the first line (from the start) that match accepts,
// waiting for it for at most waitLimit or until the tool exits.
func (tl *tool) wait(match func(string) bool) (string, bool) {
	deadline := time.After(waitLimit)
	next := 0
	for {
		tl.mu.Lock()
		for ; next < len(tl.lines); next++ {
			if match(tl.lines[next]) {
				l := tl.lines[next]
				tl.mu.Unlock()
				return l, true
			}
		}
		more, eof := tl.more, tl.eof
		tl.mu.Unlock()
		if eof {
			return "", false
		}
		select {
		case <-more:
		case <-deadline:
			return "", false
		}
	}
}

// waitFields waits for a line whose whitespace-separated fields include
// each of want (each a whole field), and returns its fields.
func (tl *tool) waitFields(want ...string) []string {
	tl.t.Helper()
	l, ok := tl.wait(func(l string) bool { return hasFields(l, want...) })
	if !ok {
		tl.t.Fatalf("%s showed no line with the fields %q", tl.name, want)
	}
	return strings.Fields(l)
}

// waitCols waits for a line whose whitespace-separated fields match
// accepts, and returns them.
func (tl *tool) waitCols(match func([]string) bool) []string {
	tl.t.Helper()
	l, ok := tl.wait(func(l string) bool { return match(strings.Fields(l)) })
	if !ok {
		tl.t.Fatalf("%s showed no line the test looks for", tl.name)
	}
	return strings.Fields(l)
}

// waitRE waits for a line matching re and returns its submatches.
func (tl *tool) waitRE(re string) []string {
	tl.t.Helper()
	r := regexp.MustCompile(re)
	l, ok := tl.wait(r.MatchString)
	if !ok {
		tl.t.Fatalf("%s showed no line matching %s", tl.name, re)
	}
	return r.FindStringSubmatch(l)
}

// hasFields reports whether l's fields include each of want.
func hasFields(l string, want ...string) bool {
	f := strings.Fields(l)
	for _, w := range want {
		found := false
		for _, x := range f {
			if x == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// stop sends SIGINT (Ctrl-C) and returns the whole output once the tool
// has printed its summaries and exited with status 0.
func (tl *tool) stop() string {
	tl.t.Helper()
	tl.cmd.Process.Signal(os.Interrupt)
	return tl.exit(0)
}

// exit waits for the tool to exit by itself (a -c command ended, or
// exit() in the script), checks its status and that it wrote nothing to
// standard error, and returns its output.
func (tl *tool) exit(status int) string {
	tl.t.Helper()
	select {
	case <-tl.done:
	case <-time.After(waitLimit):
		tl.cmd.Process.Kill()
		<-tl.done
		tl.t.Fatalf("%s did not exit", tl.name)
	}
	code := 0
	if tl.err != nil {
		ee, ok := tl.err.(*exec.ExitError)
		if !ok {
			tl.t.Fatalf("%s: %v", tl.name, tl.err)
		}
		code = ee.ExitCode()
	}
	if code != status {
		tl.t.Fatalf("%s exited with %d (%v), want %d", tl.name, code, tl.err, status)
	}
	if s := tl.stderrText(); s != "" && status == 0 {
		for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
			if tl.allow == nil || !tl.allow.MatchString(l) {
				tl.t.Fatalf("%s wrote to stderr:\n%s", tl.name, s)
			}
		}
	}
	return tl.output()
}

func (tl *tool) output() string {
	tl.mu.Lock()
	defer tl.mu.Unlock()
	return strings.Join(tl.lines, "\n") + "\n"
}

func (tl *tool) stderrText() string {
	select {
	case <-tl.done:
		return tl.stderr.String()
	default:
		return "(still running)"
	}
}

// after returns the lines of out after the first line that contains
// mark (the summaries END prints under a title).
func after(t *testing.T, out, mark string) []string {
	t.Helper()
	i := strings.Index(out, mark)
	if i < 0 {
		t.Fatalf("no %q in the output:\n%s", mark, out)
	}
	rest := out[i:]
	lines := strings.Split(rest, "\n")
	return lines[1:]
}

// run runs a command to its end, failing the test on an error, and
// returns its pid.
func run(t *testing.T, name string, args ...string) int {
	t.Helper()
	cmd := exec.Command(name, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %q: %v\n%s", name, args, err, out)
	}
	return cmd.Process.Pid
}

// background starts a command that the test stops (killing it) when it
// ends, and returns it.
func background(t *testing.T, name string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(name, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd
}

// atoi parses a decimal field, failing the test when it is not one.
func atoi(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}

// histTotal sums the counts of the quantize()/lquantize() histogram that
// starts after the line containing title in out (DTrace's layout: a
// "value  --- Distribution --- count" header, then "VALUE |@@@ COUNT"
// rows, up to a blank line), and returns the sum and the counts by value.
func histTotal(t *testing.T, out, title string) (int64, map[int64]int64) {
	t.Helper()
	lines := after(t, out, title)
	rows := regexp.MustCompile(`^\s*(>?=?\s*-?\d+|< -?\d+)\s+\|[@ ]*\s+(\d+)\s*$`)
	buckets := map[int64]int64{}
	var total int64
	started := false
	for _, l := range lines {
		if strings.Contains(l, "Distribution") {
			started = true
			continue
		}
		if !started {
			continue
		}
		m := rows.FindStringSubmatch(l)
		if m == nil {
			break
		}
		v := strings.TrimLeft(m[1], "<>= ")
		c := atoi(t, m[2])
		buckets[atoi(t, v)] += c
		total += c
	}
	if !started {
		t.Fatalf("no histogram after %q:\n%s", title, out)
	}
	return total, buckets
}

// tempFile makes an empty file in a directory on the root file system
// (not a tmpfs: block I/O and file system tests need a real one) and
// returns its path; the test removes it.
func tempFile(t *testing.T, name string) string {
	t.Helper()
	dir, err := os.MkdirTemp("/var/tmp", "dtrace-toolkit-")
	if err == nil {
		err = os.Chmod(dir, 0755) // for tests that run a program as nobody
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, name)
}

// killWait kills cmd and reaps it.
func killWait(cmd *exec.Cmd, sig syscall.Signal) {
	cmd.Process.Signal(sig)
	cmd.Wait()
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	l := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}
