package examples

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	build := exec.Command("go", "build", "-o", bin, pkg)
	build.Env = append(os.Environ(), "CGO_ENABLED=0") // as users build it (README)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// Each example's output under -x oformat=json is JSON Lines: every line
// decodes as one object, and the run ends with its exit status.
func TestExamplesJSON(t *testing.T) {
	bin := buildAsRoot(t, "../cmd/dtrace")
	files, err := filepath.Glob("*.d")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example scripts: %v", err)
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, "-q", "-x", "oformat=json", "-s", f, "-n", "tick-500ms { exit(0); }")
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil || stderr.Len() > 0 {
				t.Fatalf("dtrace -x oformat=json -s %s: %v\n%s", f, err, stderr.Bytes())
			}
			lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			var last map[string]any
			for _, l := range lines {
				last = nil
				if err := json.Unmarshal([]byte(l), &last); err != nil {
					t.Fatalf("line %q: %v", l, err)
				}
			}
			if last["name"] != "EXIT" || last["status"] != 0.0 {
				t.Errorf("last line %v", last)
			}
		})
	}
}
