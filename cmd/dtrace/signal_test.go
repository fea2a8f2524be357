package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A signal stops every probe from recording at one instant, as exit()
// does, before the probes are detached: the entries and returns of a
// system call that one thread makes in a loop, counted from a return on
// (once both probes are attached), then differ by the one call in flight
// at most (they were hundreds apart when probes were detached one at a
// time while the others fired).
func TestSignalStopsAtOnce(t *testing.T) {
	needRoot(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGINT, syscall.SIGTERM, syscall.SIGINT} {
		entries, returns := signalCounts(t, sig)
		t.Logf("%v: %d entries, %d returns", sig, entries, returns)
		if entries == 0 {
			t.Fatalf("%v: no call traced", sig)
		}
		if d := entries - returns; d < 0 || d > 1 {
			t.Errorf("%v: %d entries and %d returns of getppid(2) in one thread: they differ by more than the call in flight",
				sig, entries, returns)
		}
	}
}

// signalCounts traces getppid(2) calls that one goroutine makes until dtrace
// receives sig, and returns the entries and returns counted.
func signalCounts(t *testing.T, sig syscall.Signal) (entries, returns int64) {
	t.Helper()
	defer repeat(func() {
		for i := 0; i < 1000; i++ {
			syscall.Getppid()
		}
	})()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	script := filepath.Join(t.TempDir(), "signal.d")
	if err := os.WriteFile(script, []byte(fmt.Sprintf(`int ready;
		syscall::getppid:entry /pid == %[1]d && ready/ { @e = count(); }
		syscall::getppid:return /pid == %[1]d && ready/ { @r = count(); }
		syscall::getppid:return /pid == %[1]d && !ready/ { ready = 1; printf("ready\n"); }
		END { printa("entries %%@d\n", @e); printa("returns %%@d\n", @r); }`, os.Getpid())), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(ctx, dtrace, "-q", "-s", script)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	for sc.Scan() && sc.Text() != "ready" {
	}
	// Tracing for a while: every probe fires thousands of times.
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			continue
		}
		n, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		switch f[0] {
		case "entries":
			entries = n
		case "returns":
			returns = n
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("dtrace: %v", err)
	}
	return entries, returns
}
