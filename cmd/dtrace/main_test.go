package main

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/internal/tracefsdir"
)

// dtrace is the binary under test, built once by TestMain.
var dtrace string

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "dtrace-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	dtrace = filepath.Join(dir, "dtrace")
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		gobin = "go"
	}
	// Built as users build it (README): without cgo, one static binary.
	build := exec.Command(gobin, "build", "-o", dtrace, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building dtrace:", err)
		return 1
	}
	return m.Run()
}

type result struct {
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
}

// run runs dtrace with args in directory dir ("" for the test's own).
func run(t *testing.T, dir string, args ...string) result {
	t.Helper()
	// A run that traces must end on its own (exit()); one that hangs
	// fails here rather than stalling the suite.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, dtrace, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("running dtrace: %v", err)
	}
	return r
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// usageText is illumos dtrace's usage message, with dtrace-go's output
// options.
const usageText = `Usage: dtrace [-32|-64] [-aACeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]
	[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]
	[-x opt[=val]] [-X a|c|s|t]

	[-P provider [[ predicate ] action ]]
	[-m [ provider: ] module [[ predicate ] action ]]
	[-f [[ provider: ] module: ] func [[ predicate ] action ]]
	[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]
	[-i probe-id [[ predicate ] action ]] [ args ... ]

	predicate -> '/' D-expression '/'
	   action -> '{' D-statements '}'

	-32 generate 32-bit D programs and ELF files
	-64 generate 64-bit D programs and ELF files

	-a  claim anonymous tracing state
	-A  generate driver.conf(5) directives for anonymous tracing
	-b  set trace buffer size
	-c  run specified command and exit upon its completion
	-C  run cpp(1) preprocessor on script files
	-D  define symbol when invoking preprocessor
	-e  exit after compiling request but prior to enabling probes
	-f  enable or list probes matching the specified function name
	-F  coalesce trace output by function
	-G  generate an ELF file containing embedded dtrace program
	-h  generate a header file with definitions for static probes
	-H  print included files when invoking preprocessor
	-i  enable or list probes matching the specified probe id
	-I  add include directory to preprocessor search path
	-l  list probes matching specified criteria
	-L  add library directory to library search path
	-m  enable or list probes matching the specified module name
	-n  enable or list probes matching the specified probe name
	-o  set output file
	-p  grab specified process-ID and cache its symbol tables
	-P  enable or list probes matching the specified provider name
	-q  set quiet mode (only output explicitly traced data)
	-s  enable or list probes according to the specified D script
	-S  print D compiler intermediate code
	-U  undefine symbol when invoking preprocessor
	-v  set verbose mode (report stability attributes, arguments)
	-V  report DTrace API version
	-w  permit destructive actions
	-x  enable or modify compiler and tracing options
	-X  specify ISO C conformance settings for preprocessor
	-Z  permit probe descriptions that match zero probes

	-x pprof=file         write the aggregations as a gzipped pprof profile
	-x folded=file        write the stack-keyed aggregations as folded stacks
	-x oformat=json       write records and aggregations as JSON Lines
	-x httpserver=[host]:port
	                      serve /metrics (Prometheus) and /debug/pprof/NAME
	                      while tracing (host: 127.0.0.1 unless given)
`

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args   []string
		prefix string
	}{
		{nil, ""},
		{[]string{"-k"}, "dtrace: illegal option -- k\n"},
		{[]string{"-e", "-qk"}, "dtrace: illegal option -- k\n"},
		{[]string{"-x"}, "dtrace: option requires an argument -- x\n"},
		{[]string{"-e", "-s"}, "dtrace: option requires an argument -- s\n"},
		{[]string{"-3x"}, "dtrace: illegal option -- 3x\n"},
		{[]string{"-63"}, "dtrace: illegal option -- 63\n"},
		{[]string{"-V", "-k"}, "dtrace: illegal option -- k\n"}, // usage errors before -V
		{[]string{"-x", "nosuch", "-k"}, "dtrace: illegal option -- k\n"},
	} {
		r := run(t, "", c.args...)
		if r.code != 2 || r.stdout != "" || r.stderr != c.prefix+usageText {
			t.Errorf("dtrace %q: %v", c.args, r)
		}
	}
}

func TestVersion(t *testing.T) {
	r := run(t, "", "-V")
	if r.code != 0 || r.stdout != "dtrace: Sun D 1.13\n" || r.stderr != "" {
		t.Errorf("dtrace -V: %v", r)
	}
	// -V stops before options are set and programs compiled.
	r = run(t, "", "-V", "-x", "nosuch", "-n", "BEGIN {")
	if r.code != 0 || r.stdout != "dtrace: Sun D 1.13\n" {
		t.Errorf("dtrace -V -x nosuch: %v", r)
	}
	for _, args := range [][]string{{"-lV"}, {"-V", "-A"}, {"-G", "-l"}, {"-h", "-G"}} {
		r := run(t, "", args...)
		if r.code != 2 || r.stderr != "dtrace: only one of the [-AGhlV] options can be specified at a time\n" {
			t.Errorf("dtrace %q: %v", args, r)
		}
	}
}

// dtrace is one static binary, as built for users (CGO_ENABLED=0): no
// ELF interpreter to load it, no shared library to load, whatever it
// links (package net would take the C library's resolver through cgo).
func TestStatic(t *testing.T) {
	f, err := elf.Open(dtrace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			b, _ := io.ReadAll(p.Open())
			t.Errorf("dtrace has an ELF interpreter, %q", bytes.TrimRight(b, "\x00"))
		}
	}
	if libs, err := f.ImportedLibraries(); err != nil || len(libs) > 0 {
		t.Errorf("dtrace needs shared libraries %q (%v)", libs, err)
	}
}

func TestSetOptions(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"-x", "nosuch"}, "dtrace: failed to set -x nosuch: Invalid option name\n"},
		{[]string{"-xnosuch=1"}, "dtrace: failed to set -x nosuch: Invalid option name\n"},
		{[]string{"-e", "-x", "bufsize=4q"}, "dtrace: failed to set -x bufsize: Invalid value for specified option\n"},
		{[]string{"-exbufsize=4q"}, "dtrace: failed to set -x bufsize: Invalid value for specified option\n"},
		{[]string{"-x", "errtags=1"}, "dtrace: failed to set -x errtags: Invalid value for specified option\n"},
		{[]string{"-x", "bufpolicy"}, "dtrace: failed to set -x bufpolicy: Invalid value for specified option\n"},
		{[]string{"-x", "switchrate=10parsecs"}, "dtrace: failed to set -x switchrate: Invalid value for specified option\n"},
		{[]string{"-x", "version=1.x"}, "dtrace: failed to set -x version: Version is not properly formatted or is too large\n"},
		{[]string{"-x", "version=1.99"}, "dtrace: failed to set -x version: Requested version is not supported by compiler\n"},
		{[]string{"-x", "version=1.0", "-x", "version=1.1"}, "dtrace: failed to set -x version: Requested version conflicts with earlier setting\n"},
		{[]string{"-b", "lots"}, "dtrace: failed to set -b lots: Invalid value for specified option\n"},
		{[]string{"-X", "z"}, "dtrace: failed to set -X z: Invalid value for specified option\n"},
		// Options are set in order: the first bad one is reported.
		{[]string{"-x", "quiet", "-x", "bad1", "-x", "bad2"}, "dtrace: failed to set -x bad1: Invalid option name\n"},
		// Before any program is compiled.
		{[]string{"-n", "BEGIN {", "-x", "bad"}, "dtrace: failed to set -x bad: Invalid option name\n"},
	} {
		r := run(t, "", c.args...)
		if r.code != 1 || r.stderr != c.stderr || r.stdout != "" {
			t.Errorf("dtrace %q: %v\nwant stderr %q", c.args, r, c.stderr)
		}
	}

	// Accepted options, clustered or not.
	for _, args := range [][]string{
		{"-e"},
		{"-e", "-x", "bufsize=4m", "-xswitchrate=10hz", "-x", "quiet", "-xaggsortkey"},
		{"-exquiet"}, {"-ex", "quiet"}, {"-qeZ"}, {"-eqwFvZ"},
		{"-e", "-b", "16k", "-X", "s", "-32"}, {"-e", "-64"},
		{"-e", "-D", "X=1", "-U", "Y", "-I", "/tmp", "-H", "-C", "-L", "/tmp"},
		{"-e", "-x", "version=1.5", "-x", "version=1.2.1"},
		{"-e", "--", "-q"}, {"-e", "operand", "-q"},
	} {
		if r := run(t, "", args...); r.code != 0 || r.stderr != "" || r.stdout != "" {
			t.Errorf("dtrace %q: %v", args, r)
		}
	}
}

func TestNotSupported(t *testing.T) {
	for _, c := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"-A"}, 1, "dtrace: -A is not supported yet\n"},
		{[]string{"-G"}, 2, "dtrace: -G requires one or more scripts or enabling options\n"},
		{[]string{"-h"}, 2, "dtrace: -h requires one or more scripts or enabling options\n"},
		{[]string{"-e", "-a"}, 1, "dtrace: -a is not supported yet\n"},
		{[]string{"-e", "-c", "/nonexistent/ls -l"}, 1, "dtrace: failed to execute /nonexistent/ls: cannot find executable file\n"},
		{[]string{"-e", "-p", "1073741824"}, 1, "dtrace: failed to grab pid 1073741824: no such process\n"},
		{[]string{"-e", "-p", "12x"}, 1, "dtrace: invalid pid: 12x\n"},
		{[]string{"-q"}, 1, "dtrace: no probes specified\n"},
		{[]string{"-l", "-B"}, 2, "dtrace: -B not valid in combination with [-AGl] options\n"},
		{[]string{"-e", "-B", "-o", "x"}, 2, "dtrace: -B not valid in combination with -o option\n"},
	} {
		r := run(t, "", c.args...)
		if r.code != c.code || r.stderr != c.stderr || r.stdout != "" {
			t.Errorf("dtrace %q: %v\nwant exit %d, stderr %q", c.args, r, c.code, c.stderr)
		}
	}
}

func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	if r := run(t, "", "-e", "-o", out); r.code != 0 || r.stderr != "" {
		t.Fatalf("dtrace -e -o: %v", r)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("-o did not create the output file: %v", err)
	}
	bad := filepath.Join(dir, "no", "such", "dir", "out.txt")
	r := run(t, "", "-e", "-o", bad)
	if want := "dtrace: failed to open output file '" + bad + "': No such file or directory\n"; r.code != 1 || r.stderr != want {
		t.Errorf("dtrace -e -o %s: %v", bad, r)
	}
}

func TestScriptErrors(t *testing.T) {
	dir := t.TempDir()
	r := run(t, dir, "-e", "-s", "missing.d")
	if r.code != 1 || r.stderr != "dtrace: failed to open missing.d: No such file or directory\n" {
		t.Errorf("missing script: %v", r)
	}
	// The script is named as typed.
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	writeFile(t, sub, "err.d", "#error boom\n")
	r = run(t, dir, "-C", "-e", "-s", "./sub/err.d")
	if r.code != 1 || !strings.HasSuffix(r.stderr, "dtrace: failed to compile script ./sub/err.d: Preprocessor failed to process input program\n") {
		t.Errorf("cpp failure: %v", r)
	}
	if !strings.Contains(r.stderr, "boom") {
		t.Errorf("cpp's diagnostic did not pass through: %v", r)
	}
	r = run(t, dir, "-C", "-x", "cpppath=/nonexistent/cpp", "-e", "-s", "sub/err.d")
	if r.code != 1 || r.stderr != "dtrace: failed to compile script sub/err.d: Preprocessor not found\n" {
		t.Errorf("missing cpp: %v", r)
	}
}

// DTrace skips a script's "#!" line: its options take effect only when
// the script is run as a program, exec(2) passing them to dtrace.
func TestInterpreterLine(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "badopt.d", "#!/usr/sbin/dtrace -x nosuchopt -kqs\nBEGIN { exit(0); }\n")
	if r := run(t, dir, "-e", "-s", "badopt.d"); r.code != 0 || r.stderr != "" {
		t.Errorf("-s of a script with #! -x nosuchopt -kqs: %v", r)
	}
	// Without -C, the #error is D's own, not the preprocessor's.
	writeFile(t, dir, "cpp.d", "#!/usr/sbin/dtrace -C -s\n#error reached cpp\n")
	if r := run(t, dir, "-e", "-s", "cpp.d"); r.code != 1 || r.stderr != "dtrace: failed to compile script cpp.d: line 2: #error: reached cpp \n" {
		t.Errorf("-s of a script with #! -C: %v", r)
	}
	// Run as a program, the script gets the option word of its #! line.
	p := filepath.Join(dir, "run.d")
	if err := os.WriteFile(p, []byte("#!"+dtrace+" -Ces\n#error via exec\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(p)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil || !strings.Contains(stderr.String(), "via exec") {
		t.Errorf("running a #! -Ces script: %v, stderr %q", err, stderr.String())
	}
}

func TestPreprocessor(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "defs.h", "/* a header\n * of several\n * lines */\n#define ANSWER 42\n")
	// Macros from -D and the header, DTrace's predefined ones, and -U.
	writeFile(t, dir, "pp.d", `#include "defs.h"
#if !defined(FOO) || FOO != 3
#error -D FOO=3 not seen
#endif
#if !defined(__linux) || !defined(__unix) || __SUNW_D != 1 || __SUNW_D_VERSION != 0x0100d000
#error predefined macros missing
#endif
#ifdef BAR
#error -U BAR not applied
#endif
#if ANSWER != 42
#error header not included
#endif
BEGIN
{
	exit(0);
}
`)
	r := run(t, dir, "-C", "-I.", "-D", "FOO=3", "-D", "BAR", "-U", "BAR", "-H", "-e", "-s", "pp.d")
	if strings.Contains(r.stderr, "#error") || strings.Contains(r.stderr, "Preprocessor failed") {
		t.Fatalf("preprocessing failed: %v", r)
	}
	if !strings.Contains(r.stderr, ". ./defs.h") {
		t.Errorf("-H did not list defs.h: %v", r)
	}
	// -x version lowers __SUNW_D_VERSION; -x define and -x incdir are -D and -I.
	writeFile(t, dir, "ver.d", "#if __SUNW_D_VERSION != 0x01005000 || X != 2\n#error wrong\n#endif\n#include <defs.h>\n#error ok\n")
	r = run(t, dir, "-e", "-x", "cpp", "-x", "version=1.5", "-x", "define=X=2", "-x", "incdir=.", "-s", "ver.d")
	if strings.Contains(r.stderr, "wrong") || !strings.Contains(r.stderr, "#error ok") {
		t.Errorf("-x version/define/incdir: %v", r)
	}

	t.Run("compiles", func(t *testing.T) {
		r := run(t, dir, "-C", "-I.", "-D", "FOO=3", "-e", "-s", "pp.d")
		if r.code != 0 || r.stderr != "" {
			t.Errorf("dtrace -C -e -s pp.d: %v", r)
		}
	})

	t.Run("line numbers", func(t *testing.T) {
		// The error is on line 7 of the script, after a four-line header.
		writeFile(t, dir, "line.d", "#include \"defs.h\"\n\nBEGIN\n{\n\tx = ANSWER;\n\ty = x +\n\t    ;\n}\n")
		r := run(t, dir, "-C", "-I.", "-e", "-s", "line.d")
		if r.code != 1 || !strings.HasPrefix(r.stderr, "dtrace: failed to compile script line.d: line 7: syntax error") {
			t.Errorf("error line through cpp: %v", r)
		}
		r = run(t, dir, "-x", "errtags", "-C", "-I.", "-e", "-s", "line.d")
		if r.code != 1 || !strings.HasPrefix(r.stderr, "dtrace: failed to compile script line.d: [D_SYNTAX] line 7: syntax error") {
			t.Errorf("error line through cpp with errtags: %v", r)
		}
	})
}

func TestCompile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "ok.d", "BEGIN\n{\n\texit(0);\n}\n")
	writeFile(t, dir, "args.d", "BEGIN\n{\n\ttrace($1);\n\ttrace($$2);\n\texit(0);\n}\n")
	writeFile(t, dir, "bad.d", "BEGIN\n{\n\ttrace(\n}\n")
	for _, c := range []struct {
		args   []string
		code   int
		stderr string // prefix
	}{
		{[]string{"-e", "-n", "BEGIN { exit(0); }"}, 0, ""},
		{[]string{"-eqn", "BEGIN { exit(0); }"}, 0, ""},
		{[]string{"-e", "-P", "dtrace"}, 0, ""},
		{[]string{"-e", "-s", "ok.d", "-n", "END"}, 0, ""},
		{[]string{"-e", "-s", "args.d", "1", "two"}, 0, ""},
		{[]string{"-e", "-s", "args.d", "1", "-q", "two"}, 0, ""},
		{[]string{"-e", "-s", "bad.d"}, 1, "dtrace: failed to compile script bad.d: line 4: "},
		{[]string{"-x", "errtags", "-e", "-s", "bad.d"}, 1, "dtrace: failed to compile script bad.d: [D_SYNTAX] line 4: "},
		// Programs are compiled in order; the first error stops.
		{[]string{"-e", "-n", "BEGIN { trace( }", "-s", "bad.d"}, 1, "dtrace: invalid probe specifier BEGIN { trace( }: "},
		{[]string{"-e", "-s", "bad.d", "-n", "BEGIN { trace( }"}, 1, "dtrace: failed to compile script bad.d: "},
		// Compile errors come before listing.
		{[]string{"-l", "-n", "BEGIN { trace( }"}, 1, "dtrace: invalid probe specifier BEGIN { trace( }: "},
		{[]string{"-l", "-n", "BEGIN", "-n", "nosuch:::"}, 1, "dtrace: failed to match nosuch:::: No probe matches description\n"},
		{[]string{"-n", "nosuch:::probe { exit(0); }"}, 1, "dtrace: invalid probe specifier nosuch:::probe { exit(0); }: probe description nosuch:::probe does not match any probes\n"},
	} {
		r := run(t, dir, c.args...)
		if r.code != c.code || !strings.HasPrefix(r.stderr, c.stderr) || c.stderr == "" && r.stderr != "" {
			t.Errorf("dtrace %q: %v\nwant exit %d, stderr starting %q", c.args, r, c.code, c.stderr)
		}
	}
	// libdtrace reports no line for -n, -P, -m, -f and -i programs.
	for _, flag := range []string{"-n", "-P", "-m", "-f"} {
		r := run(t, dir, "-e", flag, "BEGIN {\n\n trace( }")
		if r.code != 1 || strings.Contains(r.stderr, "line ") {
			t.Errorf("dtrace -e %s: %v", flag, r)
		}
	}
}

// TestListUnprivileged lists the live system as an unprivileged user, as
// root can: tracefs is closed to others, so dtrace lists what it can
// (dtrace, profile, syscall from the system call table), says what it
// could not read and where, and still exits 0.
func TestListUnprivileged(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to become another user")
	}
	if err := os.Chmod(filepath.Dir(dtrace), 0o755); err != nil {
		t.Fatal(err)
	}
	// On a machine just booted nothing has mounted tracefs yet, and
	// nobody cannot: mount it as root does.
	if _, err := tracefsdir.Find(); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(dtrace, "-l")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if _, statErr := os.Stat("/sys/kernel/tracing/available_events"); statErr != nil {
		t.Skipf("no tracefs: %v", statErr)
	}
	if fi, _ := os.Stat("/sys/kernel/tracing"); fi.Mode().Perm()&0o005 == 0o005 {
		t.Skip("tracefs is open to everyone here")
	}
	if err != nil {
		t.Fatalf("dtrace -l as nobody: %v: %s", err, stderr.String())
	}
	if want := "dtrace: failed to list perf, sdt and rawtp probes: read /sys/kernel/tracing: permission denied\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	t.Logf("%d lines listed as nobody", strings.Count(stdout.String(), "\n"))
	if !strings.Contains(stdout.String(), "    1     dtrace                                                     BEGIN\n") ||
		!strings.Contains(stdout.String(), " syscall           vmlinux                              read entry\n") {
		t.Errorf("stdout lacks BEGIN or syscall::read:entry:\n%.500s", stdout.String())
	}
}
