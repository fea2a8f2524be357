package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/internal/dtest"
)

// The D test corpus shared with package dscript.
const testdata = "../../dscript/testdata"

var update = flag.Bool("update", false, "rewrite the golden .out files from dtrace's output")

// TestValid runs "dtrace -Z -e -s FILE" over every valid script: each must
// compile silently. (-Z: the corpus names probes of providers this system
// may not have; matching is tested on its own.)
func TestValid(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testdata, "valid", "*.d"))
	if len(files) == 0 {
		t.Skip("no valid scripts")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			r := run(t, filepath.Dir(f), "-Z", "-e", "-s", filepath.Base(f))
			if r.code != 0 || r.stderr != "" {
				t.Errorf("dtrace -e -s %s: %v", f, r)
			}
		})
	}
}

// reported matches the whole of what dtrace prints for a script with -x
// errtags; a message may span several lines.
var reported = regexp.MustCompile(`(?s)^dtrace: failed to compile script [^:]+: \[(D_[A-Z0-9_]+)\] line (\d+): (.*)\n$`)

// TestInvalid runs "dtrace -Z -x errtags -e -s FILE" over every invalid script:
// each must fail with the tag, line and message its ERROR comment names.
func TestInvalid(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testdata, "invalid", "err.*.d"))
	if len(files) == 0 {
		t.Skip("no invalid scripts")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			want, err := dtest.Read(f)
			if err != nil {
				t.Fatal(err)
			}
			if len(want) == 0 {
				t.Fatalf("%s has no /* ERROR D_TAG \"regexp\" */ comment", f)
			}
			r := run(t, filepath.Dir(f), "-Z", "-x", "errtags", "-e", "-s", filepath.Base(f))
			if r.code != 1 {
				t.Errorf("exit status %d, want 1\n%v", r.code, r)
			}
			if m := reported.FindStringSubmatch(r.stderr); m != nil {
				n, _ := strconv.Atoi(m[2])
				for _, w := range want {
					if m[1] == w.Tag && n == w.Line && w.RE.MatchString(m[3]) {
						return
					}
				}
			}
			var ws []string
			for _, w := range want {
				ws = append(ws, "["+w.Tag+"] line "+strconv.Itoa(w.Line)+": /"+w.RE.String()+"/")
			}
			t.Errorf("stderr does not match %s\n%v", strings.Join(ws, " or "), r)
		})
	}
}

// TestGolden compares dtrace's complaints about the scripts in golden/ with
// NAME.out (from "dtrace -e -s NAME.d") and NAME.errtags.out (from "dtrace
// -x errtags -e -s NAME.d"), run in that directory. -update rewrites them.
func TestGolden(t *testing.T) {
	dir := filepath.Join(testdata, "golden")
	files, _ := filepath.Glob(filepath.Join(dir, "*.d"))
	if len(files) == 0 {
		t.Skip("no golden scripts")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".d")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			found := false
			for _, c := range []struct {
				out  string
				args []string
			}{
				{name + ".out", []string{"-e", "-s", name + ".d"}},
				{name + ".errtags.out", []string{"-x", "errtags", "-e", "-s", name + ".d"}},
			} {
				golden := filepath.Join(dir, c.out)
				want, err := os.ReadFile(golden)
				if err != nil && !*update {
					continue
				}
				if err != nil && c.out != name+".out" {
					continue // -update makes only the plain .out of a new script
				}
				found = true
				r := run(t, dir, c.args...)
				if *update {
					if err := os.WriteFile(golden, []byte(r.stderr), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if r.stderr != string(want) {
					t.Errorf("dtrace %s: stderr differs from %s\n got: %q\nwant: %q", strings.Join(c.args, " "), c.out, r.stderr, want)
				}
				if (r.code == 0) != (len(want) == 0) {
					t.Errorf("dtrace %s: exit status %d with stderr %q", strings.Join(c.args, " "), r.code, r.stderr)
				}
			}
			if !found {
				t.Errorf("%s has neither %s.out nor %s.errtags.out", f, name, name)
			}
		})
	}
}
