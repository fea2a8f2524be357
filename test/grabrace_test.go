package test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A process grabbed with -p runs on while dtrace attaches its probes: it
// may unload a library whose probes are being attached, or exit. Neither
// fails the run: a library that went away is passed over with a warning,
// and a process that exited ends the run as DTrace's does ("pid N has
// exited", then END). Before, one run in five failed ("attach uprobes to
// /proc/PID/map_files/...: no such file or directory"); each case runs
// 25 times, the race being one of chance.
func TestGrabRaces(t *testing.T) {
	requireRoot(t)
	cc := needTool(t, "gcc")
	lockSuite(t)
	dir := t.TempDir()
	lib := filepath.Join(dir, "libloop.so")
	loader := filepath.Join(dir, "loader")
	for _, args := range [][]string{
		{"-shared", "-fPIC", "-o", lib, "unittest/pid/testdata/libloop.c"},
		{"-O1", "-o", loader, "unittest/pid/testdata/loader.c", "-ldl"},
	} {
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", cc, strings.Join(args, " "), err, out)
		}
	}
	const runs = 25

	t.Run("unloading", func(t *testing.T) {
		cmd := exec.Command(loader, lib)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
		pid := strconv.Itoa(cmd.Process.Pid)
		for i := range runs {
			out, err := exec.Command(dtraceBin, "-q", "-p", pid,
				"-n", "pid$target:::entry { @ = count(); } tick-10ms { exit(0); }").CombinedOutput()
			if err != nil {
				t.Fatalf("run %d: %v\n%s", i, err, out)
			}
		}
	})

	t.Run("exiting", func(t *testing.T) {
		for i := range runs {
			// The target waits for its standard input to close (cat),
			// and is killed as soon as dtrace has matched its probes
			// or a little later: while dtrace loads or attaches them.
			target := exec.Command("cat")
			in, err := target.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := target.Start(); err != nil {
				t.Fatal(err)
			}
			pid := strconv.Itoa(target.Process.Pid)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			c := exec.CommandContext(ctx, dtraceBin, "-p", pid,
				"-n", "pid$target:::entry { @ = count(); } END { printf(\"END\\n\"); }")
			var stdout bytes.Buffer
			c.Stdout = &stdout
			errPipe, err := c.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			sc := bufio.NewScanner(errPipe)
			killed := false
			for sc.Scan() {
				stderr.WriteString(sc.Text() + "\n")
				if !killed && strings.Contains(sc.Text(), "matched") {
					killed = true
					time.Sleep(time.Duration(i%6) * 20 * time.Millisecond)
					target.Process.Kill()
				}
			}
			io.Copy(io.Discard, errPipe)
			err = c.Wait()
			cancel()
			in.Close()
			target.Process.Kill()
			target.Wait()
			var ee *exec.ExitError
			if err != nil && !errors.As(err, &ee) {
				t.Fatal(err)
			}
			if err != nil || !strings.Contains(stderr.String(), "pid "+pid+" has exited") || !strings.Contains(stdout.String(), "END") {
				t.Fatalf("run %d: %v\nstdout:\n%s\nstderr:\n%s", i, err, &stdout, &stderr)
			}
		}
	})
}
