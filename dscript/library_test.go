package dscript

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/dlib"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/dscript/parse"
)

// TestLibraryFitsKernel checks every declaration of the D library against
// this machine's kernel types: none is left out.
func TestLibraryFitsKernel(t *testing.T) {
	if _, err := os.Stat(ktypes.DefaultPath); err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("kernel BTF required: %v", err)
		}
		t.Skipf("no kernel BTF: %v", err)
	}
	c := New(Config{Args: []string{"t"}, Kernel: ktypes.Open("")})
	if notes := c.LibraryNotes(); len(notes) > 0 {
		t.Errorf("library declarations left out:\n%s", strings.Join(notes, "\n"))
	}
}

// TestLibraryKeys checks that the scan of each library file finds every
// name its declarations define: a name it missed would be undefined to
// programs.
func TestLibraryKeys(t *testing.T) {
	files := dlib.Builtin()
	types := map[string]bool{}
	for _, f := range files {
		for _, k := range f.Keys() {
			if n, ok := strings.CutPrefix(k, "t:"); ok {
				types[n] = true
			}
		}
	}
	for _, f := range files {
		file, err := parse.Parse(f.Name, f.Text, parse.Config{Spec: parse.SpecName,
			IsType: func(n string) bool { return types[n] || check.IsPredefinedType(n) }})
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		keys := f.Keys()
		for _, it := range file.Items {
			for _, k := range check.DeclKeys(it) {
				if !slices.Contains(keys, k) {
					t.Errorf("%s: the scan misses %s", f.Name, k)
				}
			}
		}
	}
}

// TestLibraryOnDemand checks that a library declaration that does not
// fit the kernel fails only the programs that use it, and is noted.
func TestLibraryOnDemand(t *testing.T) {
	dir := t.TempDir()
	lib := `typedef struct ok { int o_a; } ok_t;
translator ok_t < int N > { o_a = N + 1; };
inline int LIBCONST = 5;
typedef struct bad { int b_a; } bad_t;
translator bad_t < int N > { b_a = no_such_name; };
`
	if err := os.WriteFile(filepath.Join(dir, "t.d"), []byte(lib), 0o644); err != nil {
		t.Fatal(err)
	}
	c := New(Config{Args: []string{"t"}, LibDirs: []string{dir}})
	if _, err := c.Compile(Source{Kind: Name, Name: "BEGIN", Text: []byte("BEGIN { trace(xlate<ok_t *>(LIBCONST)->o_a); }")}); err != nil {
		t.Fatalf("a program using what fits: %v", err)
	}
	if n := c.checker().LibraryNotes(); len(n) != 0 {
		t.Errorf("notes before the broken translator is used: %q", n)
	}
	_, err := c.Compile(Source{Kind: Name, Name: "BEGIN", Text: []byte("BEGIN { trace(xlate<bad_t *>(1)->b_a); }")})
	var de *diag.Error
	if !errors.As(err, &de) || de.Tag != diag.D_XLATE_NONE {
		t.Fatalf("a program using the broken translator: %v, want D_XLATE_NONE", err)
	}
	// (Without kernel types, the built-in library's translators from
	// kernel structures are noted too.)
	var notes []string
	for _, n := range c.LibraryNotes() {
		if strings.Contains(n, "t.d:") {
			notes = append(notes, n)
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "t.d: line 5:") || !strings.Contains(notes[0], "no_such_name") {
		t.Errorf("notes: %q", notes)
	}
}

// TestNoLibs checks that without the library its names are undefined.
func TestNoLibs(t *testing.T) {
	c := New(Config{Args: []string{"t"}, NoLibs: true})
	_, err := c.Compile(Source{Kind: Name, Name: "BEGIN", Text: []byte("BEGIN { trace(EINVAL); }")})
	var de *diag.Error
	if !errors.As(err, &de) || de.Tag != diag.D_IDENT_UNDEF {
		t.Fatalf("EINVAL without the library: %v, want D_IDENT_UNDEF", err)
	}
	c = New(Config{Args: []string{"t"}})
	if _, err := c.Compile(Source{Kind: Name, Name: "BEGIN", Text: []byte("BEGIN { trace(EINVAL + SIGKILL + AF_INET6 + DTRACEFLT_BADADDR + R_RIP); }")}); err != nil {
		t.Fatalf("the library's constants: %v", err)
	}
}

// TestLibraryDependsOn checks that a library file depending on a library
// that is not there is left out, with a note, and one depending on a
// present one is loaded.
func TestLibraryDependsOn(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a.d": "#pragma D depends_on library nosuch.d\ninline int AVAL = 1;\n",
		"b.d": "#pragma D depends_on library signal.d\ninline int BVAL = SIGKILL + 1;\n",
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := New(Config{Args: []string{"t"}, LibDirs: []string{dir}})
	if _, err := c.Compile(Source{Kind: Name, Name: "BEGIN", Text: []byte("BEGIN { trace(BVAL); }")}); err != nil {
		t.Fatalf("BVAL: %v", err)
	}
	if _, err := c.Compile(Source{Kind: Name, Name: "BEGIN", Text: []byte("BEGIN { trace(AVAL); }")}); err == nil {
		t.Error("AVAL defined by a file whose dependency is missing")
	}
	if n := c.LibraryNotes(); len(n) == 0 || !strings.Contains(n[0], "a.d left out: it depends on library nosuch.d") {
		t.Errorf("notes: %q", n)
	}
}
