package text

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestSystemOutput(t *testing.T) {
	// Without SystemOutput, commands write to the sink's output or to the
	// freopen() file; with it (-o), to dtrace's standard output while the
	// output is not redirected.
	var out, sys bytes.Buffer
	s := New(&out, Config{Options: Options{Quiet: true}})
	if w := s.systemStdout(); w != &out {
		t.Errorf("systemStdout = %v, want the output", w)
	}
	name := filepath.Join(t.TempDir(), "freopen")
	if err := s.out.Redirect(name); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if w, ok := s.systemStdout().(*os.File); !ok || w.Name() != name {
		t.Errorf("systemStdout under freopen = %v, want the freopen() file", w)
	}
	s.cfg.SystemOutput = &sys
	if w := s.systemStdout(); w != &sys {
		t.Errorf("systemStdout under freopen with -o = %v, want dtrace's stdout", w)
	}
}
