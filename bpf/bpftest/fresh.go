package bpftest

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// freshEnv tells the child process WithoutTracefs starts that it is that
// child, and which mount namespace it must not be in.
const freshEnv = "DTRACE_TEST_WITHOUT_TRACEFS"

// WithoutTracefs runs the calling test as on a machine that has just
// booted, where neither tracefs nor debugfs is mounted, whatever earlier
// tests or programs have mounted here.
//
// In the test process it runs the test again in a child process (the test
// binary, told to run only this test) in a mount namespace of its own
// whose mounts propagate nowhere, fails or skips the test as the child
// did, and returns false: the caller returns. In the child it unmounts
// tracefs and debugfs, checks that none is left, and returns true: the
// caller goes on with what needs tracefs.
//
// t must be a top-level test. Making a mount namespace needs root; without
// it the test is skipped (or fails, when Required).
func WithoutTracefs(t *testing.T) bool {
	t.Helper()
	if ns := os.Getenv(freshEnv); ns != "" {
		inChild(t, ns)
		return true
	}
	if strings.Contains(t.Name(), "/") {
		t.Fatalf("WithoutTracefs in subtest %s: only top-level tests can be run again", t.Name())
	}
	if os.Geteuid() != 0 {
		Skip(t, "a mount namespace without tracefs needs root")
	}
	ns, err := os.Readlink("/proc/self/ns/mnt")
	if err != nil {
		Skip(t, "mount namespaces: %v", err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), freshEnv+"="+ns)
	// Go makes every mount of the new namespace private (MS_REC|MS_PRIVATE
	// on /) before running the child, as unshare(1) does.
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil:
		t.Fatalf("in a mount namespace without tracefs: %v\n%s", err, out)
	case bytes.Contains(out, []byte("--- SKIP: "+t.Name()+" ")):
		t.Skipf("in a mount namespace without tracefs:\n%s", out)
	case !bytes.Contains(out, []byte("--- PASS: "+t.Name()+" ")):
		t.Fatalf("in a mount namespace without tracefs, %s did not run:\n%s", t.Name(), out)
	}
	return false
}

// inChild unmounts tracefs and debugfs, wherever they are, in the child's
// own mount namespace: it refuses to when the namespace is parentNS, the
// test process's.
func inChild(t *testing.T, parentNS string) {
	t.Helper()
	ns, err := os.Readlink("/proc/self/ns/mnt")
	if err != nil || ns == parentNS {
		t.Fatalf("not in a mount namespace of its own (%s, %v): not unmounting anything", ns, err)
	}
	for {
		mounts, err := os.ReadFile("/proc/self/mounts")
		if err != nil {
			t.Fatal(err)
		}
		// The last one first: a mount under another (tracing under debug).
		var target string
		for _, line := range strings.Split(string(mounts), "\n") {
			if f := strings.Fields(line); len(f) >= 3 && (f[2] == "tracefs" || f[2] == "debugfs") {
				target = f[1]
			}
		}
		if target == "" {
			return
		}
		if err := unix.Unmount(target, unix.MNT_DETACH); err != nil {
			t.Fatalf("unmount %s: %v", target, err)
		}
	}
}
