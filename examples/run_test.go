package examples

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Each example runs for real (as root): loaded, attached for half a
// second, ended by a second program's exit(), with no error.
func TestExamplesRun(t *testing.T) {
	bin := buildAsRoot(t, "../cmd/dtrace")
	files, err := filepath.Glob("*.d")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example scripts: %v", err)
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			var stderr bytes.Buffer
			cmd := exec.Command(bin, "-q", "-s", f, "-n", "tick-500ms { exit(0); }")
			cmd.Stdout = new(bytes.Buffer)
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil || stderr.Len() > 0 {
				t.Errorf("dtrace -s %s: %v\n%s", f, err, stderr.Bytes())
			}
		})
	}
}

// buildAsRoot builds the command pkg for a test that runs it as root (it
// skips unless root, or fails under DTRACE_TEST_REQUIRE_BPF) and returns
// its path.
func buildAsRoot(t *testing.T, pkg string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal("running the examples needs root (DTRACE_TEST_REQUIRE_BPF is set)")
		}
		t.Skip("running the examples needs root")
	}
	bin := filepath.Join(t.TempDir(), filepath.Base(pkg))
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", pkg, err, out)
	}
	return bin
}
