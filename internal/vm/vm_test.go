package vm

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// guestOrSkip skips t where guests cannot boot, unless
// DTRACE_TEST_REQUIRE_BPF is set (./test.sh), where it fails.
func guestOrSkip(t *testing.T) Kernel {
	t.Helper()
	err := Available()
	if err == nil {
		_, err = Busybox()
	}
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("guests cannot boot (DTRACE_TEST_REQUIRE_BPF is set): %v", err)
		}
		t.Skipf("guests cannot boot: %v", err)
	}
	ks, err := Kernels()
	if err != nil {
		t.Fatal(err)
	}
	return ks[0]
}

// shell returns a guest of kernel k running script with busybox's sh.
func shell(t *testing.T, k Kernel, script string) (*Guest, *bytes.Buffer) {
	t.Helper()
	bb, err := Busybox()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	return &Guest{Kernel: k, Files: map[string]File{"/bin/busybox": {Host: bb, Mode: 0o755}},
		Args: []string{"/bin/sh", "-c", script}, Dir: "/tmp", Stdout: &out}, &out
}

// TestRunStatus checks that a guest's command's output and exit status
// come back, and that the run's times are reported.
func TestRunStatus(t *testing.T) {
	k := guestOrSkip(t)
	g, out := shell(t, k, "echo one; echo two; exit 3")
	res, err := g.Run(context.Background())
	if err != nil {
		t.Fatalf("%v\noutput:\n%s", err, out)
	}
	if res.Status != 3 || out.String() != "one\ntwo\n" {
		t.Errorf("status %d, output %q; want 3, \"one\\ntwo\\n\"", res.Status, out)
	}
	if res.Wall <= 0 || res.Waited < 0 || res.Waited > res.Wall || res.Silence <= 0 || res.Silence > res.Wall {
		t.Errorf("times: %+v", res)
	}
}

// TestRunStall checks a command that stops printing: the host sends Quit
// once it has printed nothing for Stall on the emulator's clock, the
// guest's init sends it SIGQUIT, and the run fails as stalled with the
// output up to there.
func TestRunStall(t *testing.T) {
	k := guestOrSkip(t)
	g, out := shell(t, k, "echo waiting; exec sleep 100000")
	g.Stall = 20 * time.Second
	res, err := g.Run(context.Background())
	var ge *Error
	if !errors.As(err, &ge) || !strings.HasPrefix(ge.Reason, "the command printed nothing for 20s") {
		t.Fatalf("err %v, want a stall; output:\n%s", err, out)
	}
	if want := "waiting\ninit: the host saw no progress: SIGQUIT to the command\n"; out.String() != want {
		t.Errorf("output %q, want %q", out, want)
	}
	if res.Silence < g.Stall {
		t.Errorf("the longest silence %v, want %v or more", res.Silence, g.Stall)
	}
}

// TestRunClock checks the clock of this process: the wait for a CPU is
// within the wall time, and neither goes back.
func TestRunClock(t *testing.T) {
	c := newRunClock(os.Getpid(), time.Now())
	var lastWall, lastWaited time.Duration
	for range 100 {
		for i := 0; i < 100000; i++ {
			_ = i * i
		}
		wall, waited := c.now()
		if waited < 0 || waited > wall || wall < lastWall || waited < lastWaited {
			t.Fatalf("wall %v, waited %v after wall %v, waited %v", wall, waited, lastWall, lastWaited)
		}
		lastWall, lastWaited = wall, waited
	}
}
