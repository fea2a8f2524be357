// Package test runs dtrace-go's runtime suite: D programs in DTrace's own
// test-suite format, run by the real dtrace binary on this kernel.
//
// A test is unittest/DIR/tst.NAME.d (must exit 0) or err.NAME.d (must exit
// 1; err.D_TAG.NAME.d runs with -xerrtags and stderr must name the tag).
// It runs as "dtrace -s unittest/DIR/tst.NAME.d" from this directory with
// _DTRACE_TESTING set. NAME.r holds the expected stdout, then, when stderr
// is not empty, a line "-- @@stderr --" and the expected stderr. Both sides
// are sorted line by line before comparing unless the test contains
// @@nosort; hexadecimal numbers 0x... become {ptr} on both sides. In-file
// tags: "@@runtest-opts: ..." (more dtrace flags), "@@timeout: N"
// (seconds, default 10; none in a guest), "@@nosort", "@@trigger: CMD" (a shell command run
// alongside; tracing it is the test's business), "@@pre: CMD" (a shell
// command run from this directory, to its end, before dtrace starts: it
// builds the programs a -c option names, with the dtrace under test as
// $DTRACE, as the triggers have it, for dtrace -h and -G), "@@post: CMD" (a shell
// command, run from this directory, that filters stdout before it is
// compared: for output only partly deterministic, such as the runtime
// frames of a Go program's stack).
package test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
)

var dtraceBin string

func TestMain(m *testing.M) {
	// In a guest (vmtest), which has no go command, dtrace is prebuilt.
	if bin := os.Getenv("DTRACE_TEST_BINARY"); bin != "" {
		dtraceBin = bin
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "dtrace-suite")
	if err != nil {
		panic(err)
	}
	dtraceBin = filepath.Join(dir, "dtrace")
	build := exec.Command("go", "build", "-o", dtraceBin, "../cmd/dtrace")
	build.Env = append(os.Environ(), "CGO_ENABLED=0") // as users build it (README)
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// guestDirs are the directories of unittest/ whose tests need what this
// machine's kernel refuses (kernel-function probes) or lacks (data
// symbols in kallsyms): they run in qemu guests booting Debian's kernels
// (TestSuiteInGuests), and only there.
var guestDirs = []string{"fbt", "ksym"}

// TestSuiteInGuests runs the tests of guestDirs in every guest kernel,
// with a dtrace binary built without cgo and busybox's shell for the
// triggers, and the package's Go tests meant for the guests
// (TestGuest...).
func TestSuiteInGuests(t *testing.T) {
	var only []string
	for _, d := range guestDirs {
		only = append(only, filepath.Join("unittest", d))
	}
	vmtest.RunInGuests(t, vmtest.Config{Run: "^(TestSuite|TestGuest.*)$", Dtrace: true, Only: only})
}

var (
	hexRE   = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	tagRE   = regexp.MustCompile(`@@([a-z-]+):?[ \t]*([^\n*]*)`)
	errTags = regexp.MustCompile(`^err\.(D_[A-Z0-9_]+)\.`)
)

func TestSuite(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal("the runtime suite needs root (DTRACE_TEST_REQUIRE_BPF is set)")
		}
		t.Skip("the runtime suite needs root")
	}
	files, _ := filepath.Glob("unittest/*/*.d")
	if len(files) == 0 {
		t.Fatal("no tests in unittest/")
	}
	lockSuite(t)
	guest := vmtest.InGuest() != ""
	for _, f := range files {
		base := filepath.Base(f)
		if !strings.HasPrefix(base, "tst.") && !strings.HasPrefix(base, "err.") {
			continue
		}
		if !guest && slices.Contains(guestDirs, filepath.Base(filepath.Dir(f))) {
			continue // TestSuiteInGuests runs it
		}
		t.Run(strings.TrimSuffix(f[len("unittest/"):], ".d"), func(t *testing.T) {
			runTest(t, f)
		})
	}
}

// lockSuite waits until no other run of the suite on this machine is
// running, and holds it off until the test ends. The suite's tests watch
// the whole system: their triggers run under fixed names and paths
// (/tmp/dtrace-stack/ustackprog) and their predicates pick processes by
// name, so two suites at once would count each other's events.
func lockSuite(t *testing.T) {
	f, err := os.OpenFile(filepath.Join(os.TempDir(), "dtrace-go-runtime-suite.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() }) // closing releases the lock
}

func runTest(t *testing.T, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tags := map[string]string{}
	for _, m := range tagRE.FindAllStringSubmatch(string(src), -1) {
		tags[m[1]] = strings.TrimSpace(m[2])
	}
	timeout := 10 * time.Second
	if v, ok := tags["timeout"]; ok {
		if n, err := strconv.Atoi(v); err == nil {
			timeout = time.Duration(n) * time.Second
		}
	}
	base := filepath.Base(path)
	args := strings.Fields(tags["runtest-opts"])
	wantStatus := 0
	if strings.HasPrefix(base, "err.") {
		wantStatus = 1
		if m := errTags.FindStringSubmatch(base); m != nil {
			args = append(args, "-xerrtags")
		}
	}
	args = append(args, "-s", path)
	// In a guest, whose time is the emulator's and grows with the host's
	// load, a test has no timeout: the host stops a guest whose tests
	// print nothing for a while (vmtest).
	ctx, cancel := context.WithCancel(context.Background())
	if vmtest.InGuest() == "" {
		ctx, cancel = context.WithTimeout(ctx, timeout)
	}
	defer cancel()
	// Scripts the suite runs (triggers, @@pre) reach dtrace as $DTRACE,
	// under its own name: its messages begin with the name it is run by.
	env := append(os.Environ(), "DTRACE="+dtraceBin)
	if pre := tags["pre"]; pre != "" {
		pc := exec.CommandContext(ctx, "/bin/sh", "-c", pre)
		pc.Env = env
		if out, err := pc.CombinedOutput(); err != nil {
			t.Fatalf("@@pre %s: %v\n%s", pre, err, out)
		}
	}
	cmd := exec.CommandContext(ctx, dtraceBin, args...)
	cmd.Env = append(env, "_DTRACE_TESTING=1")
	// On a timeout dtrace and what it started (-c commands, the scripts
	// they run) are killed as a group, and a descendant that still holds
	// the output pipes does not keep the suite waiting.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if trig := tags["trigger"]; trig != "" {
		tc := exec.CommandContext(ctx, "/bin/sh", "-c", trig)
		tc.Env = env
		// A process group of its own, killed whole: a trigger's children
		// (a nested sh -c loop) must not outlive the test.
		tc.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := tc.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { syscall.Kill(-tc.Process.Pid, syscall.SIGKILL); tc.Wait() }()
	}
	err = cmd.Run()
	status := 0
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("timed out after %v\nstdout:\n%s\nstderr:\n%s", timeout, &stdout, &stderr)
	case errors.As(err, &ee):
		status = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	if status != wantStatus {
		t.Errorf("exit status %d, want %d\nstderr:\n%s", status, wantStatus, &stderr)
	}
	if m := errTags.FindStringSubmatch(base); m != nil && !strings.Contains(stderr.String(), "["+m[1]+"]") {
		t.Errorf("stderr does not name [%s]:\n%s", m[1], &stderr)
	}
	want, err := os.ReadFile(strings.TrimSuffix(path, ".d") + ".r")
	if err != nil {
		if strings.HasPrefix(base, "err.") {
			return // an error test may leave its output unchecked
		}
		t.Fatalf("no expected output: %v", err)
	}
	got := stdout.String()
	if post := tags["post"]; post != "" {
		pc := exec.Command("/bin/sh", "-c", post)
		pc.Stdin = &stdout
		out, err := pc.Output()
		if err != nil {
			t.Fatalf("@@post %s: %v\nstdout:\n%s", post, err, got)
		}
		got = string(out)
	}
	if stderr.Len() > 0 {
		got += "-- @@stderr --\n" + stderr.String()
	}
	_, nosort := tags["nosort"]
	if g, w := normalize(got, !nosort), normalize(string(want), !nosort); g != w {
		t.Errorf("output differs\n--- got\n%s\n--- want\n%s", got, want)
	}
}

// normalize replaces hexadecimal numbers and, when sorting, sorts lines.
func normalize(s string, sorted bool) string {
	s = hexRE.ReplaceAllString(s, "{ptr}")
	if !sorted {
		return s
	}
	lines := strings.Split(s, "\n")
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
