// Package vmtest runs a package's tests inside the guests of package vm:
// a test on the host boots each guest kernel with the test binary it runs
// in, which runs there the tests meant for the guests.
//
// A package's guest tests check InGuest (or call Guest) and are skipped
// on the host, where the test that boots the guests (RunInGuests) stands
// for them: it fails when they fail, when they are skipped in a guest, or
// when none ran. Under DTRACE_TEST_REQUIRE_BPF (./test.sh, CI), a host
// that cannot boot guests (no qemu, no kernels) fails that test too.
package vmtest

import (
	"bytes"
	"context"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/internal/vm"
)

// InGuest returns the name of the guest kernel the process runs in, or ""
// on the host.
func InGuest() string { return os.Getenv(vm.GuestEnv) }

// Guest skips t unless it runs in a guest (RunInGuests runs it there), and
// returns the guest kernel's name.
func Guest(t *testing.T) string {
	t.Helper()
	k := InGuest()
	if k == "" {
		t.Skip("runs in the guests (the test calling vmtest.RunInGuests boots them)")
	}
	return k
}

// Config says what RunInGuests runs.
type Config struct {
	// Run is the -test.run pattern of the tests to run in the guests.
	Run string
	// Dtrace packs a dtrace binary built without cgo, named by
	// $DTRACE_TEST_BINARY in the guest.
	Dtrace bool
	// Only, when not empty, packs only these paths of the package's
	// directory.
	Only []string
	// Kernels names the guest kernels; nil is every one.
	Kernels []string
	// Stall is each guest run's bound on its progress: vm.Guest's Stall
	// (0: vm.DefaultStall).
	Stall time.Duration
	// Env is added to the guest program's environment.
	Env []string
	// Disk is the size of an empty NVMe disk each guest has (vm.Guest's
	// Disk), 0 for none.
	Disk int64
}

// RunInGuests runs this test binary's tests that cfg.Run names in each
// guest kernel, in parallel subtests named after the kernels (which take
// turns with every other guest of the machine: vm.Slots). A guest whose
// tests print no line for cfg.Stall on the emulator's clock, which the
// machine's load slows, is stopped with its goroutines printed, and its
// subtest fails; nothing bounds a guest's total time.
func RunInGuests(t *testing.T, cfg Config) {
	t.Helper()
	if InGuest() != "" {
		t.Skip("in a guest already")
	}
	if err := vm.Available(); err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("the guest tests cannot run (DTRACE_TEST_REQUIRE_BPF is set): %v", err)
		}
		t.Skipf("the guest tests cannot run: %v", err)
	}
	if _, err := vm.Busybox(); err != nil {
		t.Fatal(err)
	}
	ks, err := vm.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Kernels != nil {
		var sel []vm.Kernel
		for _, k := range ks {
			for _, n := range cfg.Kernels {
				if k.Name == n {
					sel = append(sel, k)
				}
			}
		}
		if len(sel) != len(cfg.Kernels) {
			t.Fatalf("guest kernels %v: have %v", cfg.Kernels, ks)
		}
		ks = sel
	}
	bin, err := testBinary(t)
	if err != nil {
		t.Fatal(err)
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	p := vm.Program{Path: bin, Dir: cwd, Only: cfg.Only,
		Args: []string{"-test.run=" + cfg.Run, "-test.v", "-test.count=1"},
		Env:  append([]string{"DTRACE_TEST_REQUIRE_BPF=1"}, cfg.Env...)}
	if cfg.Dtrace {
		if p.Dtrace, err = vm.Dtrace(); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range ks {
		t.Run(k.Name, func(t *testing.T) {
			t.Parallel()
			g, err := p.Guest(k)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			g.Stdout = &out
			g.Stall = cfg.Stall
			g.Disk = cfg.Disk
			res, err := g.Run(context.Background())
			t.Logf("guest %s: %v after waiting %v for a slot; %v of it waiting for a CPU; the longest silence %v on the emulator's clock",
				k.Name, res.Wall.Round(time.Millisecond), res.Slot.Round(time.Millisecond),
				res.Waited.Round(time.Millisecond), res.Silence.Round(time.Millisecond))
			if err != nil {
				t.Fatalf("%v\noutput:\n%s", err, &out)
			}
			text := out.String()
			switch {
			case res.Status != 0:
				t.Fatalf("the tests failed in guest %s (exit %d):\n%s", k.Name, res.Status, text)
			case strings.Contains(text, "--- SKIP"):
				t.Fatalf("tests were skipped in guest %s:\n%s", k.Name, text)
			case !strings.Contains(text, "--- PASS"):
				t.Fatalf("no test ran in guest %s:\n%s", k.Name, text)
			}
			t.Logf("guest %s:\n%s", k.Name, text)
		})
	}
}

// testBinary returns this test binary when it is static, or builds the
// package's without cgo: the guests have no C library.
func testBinary(t *testing.T) (string, error) {
	if static(os.Args[0]) {
		return os.Args[0], nil
	}
	out := filepath.Join(t.TempDir(), "pkg.test")
	cmd := exec.Command("go", "test", "-c", "-o", out, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build the test binary without cgo: %v\n%s", err, msg)
	}
	return out, nil
}

// static reports whether the ELF program at path has no interpreter.
func static(path string) bool {
	f, err := elf.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return false
		}
	}
	return true
}
