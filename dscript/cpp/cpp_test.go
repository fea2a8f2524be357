package cpp

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func needCpp(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(DefaultPath); err != nil {
		t.Skipf("no preprocessor: %v", err)
	}
}

func run(t *testing.T, c Config, text string) (string, string) {
	t.Helper()
	var stderr bytes.Buffer
	c.Stderr = &stderr
	if c.Version == 0 {
		c.Version = 0x0100d000
	}
	out, err := Preprocess(c, []byte(text))
	if err != nil {
		t.Fatalf("Preprocess: %v\nstderr: %s", err, stderr.String())
	}
	return string(out), stderr.String()
}

// logical maps every line of cpp output that is not a marker to the file and
// line it came from, following the markers as the D parser does.
func logical(out string) map[string][2]string {
	m := map[string][2]string{}
	marker := regexp.MustCompile(`^# (\d+) "([^"]*)"`)
	file, line := "", 0
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if g := marker.FindStringSubmatch(sc.Text()); g != nil {
			line, _ = strconv.Atoi(g[1])
			file = g[2]
			continue
		}
		if s := strings.TrimSpace(sc.Text()); s != "" {
			m[s] = [2]string{file, strconv.Itoa(line)}
		}
		line++
	}
	return m
}

func TestPredefined(t *testing.T) {
	needCpp(t)
	src := `#if defined(__linux) && defined(__unix) && __SUNW_D == 1 && defined(__SUNW_D_64)
all_defined
#endif
#ifdef __GNUC__
gnuc_defined
#endif
version = __SUNW_D_VERSION
#if defined(__linux__) && defined(__x86_64__) && defined(_LP64)
gnu_builtins
#endif
`
	out, _ := run(t, Config{Version: 0x01005000}, src)
	for _, want := range []string{"all_defined", "version = 0x01005000"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "gnuc_defined") {
		t.Error("__GNUC__ is defined; DTrace undefines it")
	}
	if out2, _ := run(t, Config{}, "v = __SUNW_D_VERSION\n"); !strings.Contains(out2, "v = 0x0100d000") {
		t.Errorf("default version: %s", out2)
	}
}

func TestDefineUndefInclude(t *testing.T) {
	needCpp(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "defs.h"), []byte("#define FROM_HEADER 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := `#include "defs.h"
a = FOO;
b = BAR;
#ifdef __unix
c = unix;
#endif
d = FROM_HEADER;
`
	out, _ := run(t, Config{Args: []string{"-DFOO=12", "-DBAR", "-U__unix", "-I" + dir}}, src)
	for _, want := range []string{"a = 12;", "b = 1;", "d = 7;"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "c = unix") {
		t.Errorf("-U__unix had no effect:\n%s", out)
	}
}

func TestMarkersAndPragmas(t *testing.T) {
	needCpp(t)
	dir := t.TempDir()
	hdr := "#define ONE 1\n\n\ninline int two = 2;\n"
	if err := os.WriteFile(filepath.Join(dir, "h.h"), []byte(hdr), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "#!/usr/sbin/dtrace -Cqs\n" +
		"#pragma D option quiet\n" +
		"#include \"h.h\"\n" +
		"\n" +
		"BEGIN { trace(ONE); }\n" +
		"/* a\n comment */\n" +
		"END { bad here }\n"
	out, _ := run(t, Config{Args: []string{"-I" + dir}}, src)
	if !strings.Contains(out, "#pragma D option quiet") {
		t.Errorf("#pragma not kept:\n%s", out)
	}
	if strings.Contains(out, "#!") || strings.Contains(out, "dtrace -Cqs") {
		t.Errorf("#! line reached cpp's output:\n%s", out)
	}
	lines := logical(out)
	for text, want := range map[string][2]string{
		"#pragma D option quiet": {Input, "2"},
		"inline int two = 2;":    {filepath.Join(dir, "h.h"), "4"},
		"BEGIN { trace(1); }":    {Input, "5"},
		"END { bad here }":       {Input, "8"},
	} {
		if got := lines[text]; got != want {
			t.Errorf("%q comes from %v, want %v\n%s", text, got, want, out)
		}
	}
}

func TestHeaders(t *testing.T) {
	needCpp(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x.h"), []byte("int x;\n"), 0o644)
	_, stderr := run(t, Config{Args: []string{"-I" + dir, "-H"}}, "#include \"x.h\"\n")
	if !strings.Contains(stderr, ". "+filepath.Join(dir, "x.h")) {
		t.Errorf("-H did not list the header; stderr: %q", stderr)
	}
}

func TestStdc(t *testing.T) {
	needCpp(t)
	src := "#define CAT(a, b) a ## b\nCAT(x, y)\n"
	if out, _ := run(t, Config{}, src); !strings.Contains(out, "xy") {
		t.Errorf("ISO mode did not paste: %s", out)
	}
	if out, _ := run(t, Config{Stdc: 's'}, src); strings.Contains(out, "\nxy\n") {
		t.Errorf("-Xs (traditional) pasted tokens: %s", out)
	}
	c := Config{Stdc: 't'}
	if argv := c.Argv(); argv[len(argv)-2] != "-std=c99" {
		t.Errorf("argv %q", argv)
	}
}

func TestFailure(t *testing.T) {
	needCpp(t)
	var stderr bytes.Buffer
	_, err := Preprocess(Config{Stderr: &stderr}, []byte("\n#error boom\n"))
	if !errors.Is(err, ErrFailed) || err.Error() != "Preprocessor failed to process input program" {
		t.Errorf("err = %v", err)
	}
	if !strings.Contains(stderr.String(), "boom") || !strings.Contains(stderr.String(), Input+":2") {
		t.Errorf("cpp's diagnostic did not pass through: %q", stderr.String())
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Errorf("cause not kept: %#v", err)
	}
}

func TestNotFound(t *testing.T) {
	for _, path := range []string{"/nonexistent/cpp", "no-such-cpp-anywhere"} {
		_, err := Preprocess(Config{Path: path, Stderr: &bytes.Buffer{}}, []byte("x\n"))
		if !errors.Is(err, ErrNotFound) || err.Error() != "Preprocessor not found" {
			t.Errorf("%s: err = %v", path, err)
		}
	}
	dir := t.TempDir()
	notExec := filepath.Join(dir, "cpp")
	os.WriteFile(notExec, []byte("not a program"), 0o644)
	if _, err := Preprocess(Config{Path: notExec}, []byte("x\n")); !errors.Is(err, ErrExec) {
		t.Errorf("non-executable: err = %v", err)
	}
}

func TestArgvOrder(t *testing.T) {
	c := Config{Path: "/opt/bin/mycpp", Args: []string{"-DA", "-UB", "-Ic"}, Version: 0x01000000}
	got := strings.Join(c.Argv(), " ")
	want := "mycpp -D__linux -D__unix -D__SVR4 -D__SUNW_D=1 -U__GNUC__ -D__SUNW_D_64 -D__Linux " +
		"-DA -UB -Ic -D__SUNW_D_VERSION=0x01000000 -std=c99 /dev/fd/0"
	if got != want {
		t.Errorf("argv\n got %s\nwant %s", got, want)
	}
}

func TestSkipInterpreter(t *testing.T) {
	for in, want := range map[string]string{
		"#!/usr/sbin/dtrace -s\nBEGIN\n": "\nBEGIN\n",
		"#!/usr/sbin/dtrace -s":          "",
		"BEGIN\n":                        "BEGIN\n",
		" #!x\n":                         " #!x\n",
	} {
		if got := string(SkipInterpreter([]byte(in))); got != want {
			t.Errorf("SkipInterpreter(%q) = %q, want %q", in, got, want)
		}
	}
}
