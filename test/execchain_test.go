package test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A process traced with -c that execs its way to the program it runs (a
// shell script's interpreter, pyenv's shims) has its frames named in
// every run: the consumer reads the memory map of the image that runs,
// not of one before it, though the kernel may give the new image the
// address space an earlier one had (issue: all-hex python stacks in one
// run of five). Repeated, since the race is one of chance.
func TestExecChainSymbols(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal("needs root (DTRACE_TEST_REQUIRE_BPF is set)")
		}
		t.Skip("needs root")
	}
	lockSuite(t)
	dir := t.TempDir()
	prog := filepath.Join(dir, "spinprog")
	src := filepath.Join(dir, "spin.c")
	if err := os.WriteFile(src, []byte(`#include <time.h>
static volatile unsigned long n;
__attribute__((noinline)) static void spin_inner(void) { for (int i = 0; i < 1000; i++) n += i; }
__attribute__((noinline)) static void spin_outer(void) { spin_inner(); }
int main(void) {
	struct timespec t0, t;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		spin_outer();
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < 400000000L);
	return 0;
}
`), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cc", "-O0", "-fno-omit-frame-pointer", "-o", prog, src).CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	// Execs before the program: bash, bash, bash running a script, env,
	// as pyenv's shims exec their way to python (-c splits its command at
	// blanks, without quoting: the chain is scripts'). Without the exec
	// count in the consumer's process key, about one run in ten named
	// nothing here.
	last := filepath.Join(dir, "last.sh")
	chain := filepath.Join(dir, "chain.sh")
	if err := os.WriteFile(last, []byte("x=$(echo a)\nexec env "+prog+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(chain, []byte("exec bash -c 'exec bash -c \"exec bash "+last+"\"'\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := "bash " + chain
	for i := range 20 {
		out, err := exec.Command(dtraceBin, "-q", "-c", cmd,
			"-n", "profile-997 /pid == $target/ { @[ustack()] = count(); }").CombinedOutput()
		if err != nil {
			t.Fatalf("run %d: %v\n%s", i, err, out)
		}
		if !strings.Contains(string(out), "spinprog`spin_") {
			t.Fatalf("run %d: no frame of spinprog named:\n%s", i, out)
		}
	}
}
