package dscript

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/ktypes"
)

// TestValidBTFPrograms checks the programs that use kernel types against
// this machine's BTF.
func TestValidBTFPrograms(t *testing.T) {
	if _, err := os.Stat(ktypes.DefaultPath); err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("kernel BTF required: %v", err)
		}
		t.Skipf("no kernel BTF: %v", err)
	}
	files, _ := filepath.Glob("testdata/valid-btf/*.d")
	if len(files) == 0 {
		t.Fatal("no programs in testdata/valid-btf")
	}
	k := ktypes.Open("")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if err := compileFile(t, f, Config{Args: []string{f}, Kernel: k}); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		})
	}
}
