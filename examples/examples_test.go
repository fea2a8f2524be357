// Package examples holds real D scripts; this test compiles each one.
package examples

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dtrace-go/dtrace/dscript"
)

func TestExamplesCompile(t *testing.T) {
	files, err := filepath.Glob("*.d")
	if err != nil || len(files) == 0 {
		t.Fatalf("no example scripts: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := dscript.New(dscript.Config{Args: []string{f}})
		if _, err := c.Compile(dscript.Source{Kind: dscript.Script, Name: f, Text: src}); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
