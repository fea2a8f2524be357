package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

func TestParseArgs(t *testing.T) {
	for _, c := range []struct {
		args     string
		opts     string // c=arg pairs
		operands []string
	}{
		{"-qn BEGIN", "q= n=BEGIN", nil},
		{"-xfoo=bar -x foo=bar", "x=foo=bar x=foo=bar", nil},
		{"-qxquiet", "q= x=quiet", nil},
		{"-s x.d a b", "s=x.d", []string{"a", "b"}},
		{"-s x.d a -q b", "s=x.d q=", []string{"a", "b"}},
		{"a -q", "q=", []string{"a"}},
		{"-32 -64", "3=2 6=4", nil},
		{"-3 2", "3=2", nil},
		{"-e -- -q -w", "e= w=", []string{"-q"}},
		{"-e - -q", "e= q=", []string{"-"}},
		{"-n -q", "n=-q", nil}, // the next word is the argument, whatever it is
		{"-eZ -Cs x.d", "e= Z= C= s=x.d", nil},
		{"-b4m", "b=4m", nil},
	} {
		var stderr bytes.Buffer
		args := append([]string{"dtrace"}, strings.Fields(c.args)...)
		opts, operands, ok := parseArgs(args, "dtrace", &stderr)
		if !ok {
			t.Errorf("%s: refused: %s", c.args, stderr.String())
			continue
		}
		var got []string
		for _, o := range opts {
			got = append(got, string(o.c)+"="+o.arg)
		}
		if strings.Join(got, " ") != c.opts || !reflect.DeepEqual(operands, c.operands) {
			t.Errorf("%s: got %q %q, want %q %q", c.args, got, operands, c.opts, c.operands)
		}
	}
}

func TestParseArgsErrors(t *testing.T) {
	for args, want := range map[string]string{
		"-k":       "dtrace: illegal option -- k\n",
		"-qk":      "dtrace: illegal option -- k\n",
		"-x":       "dtrace: option requires an argument -- x\n",
		"-q -s":    "dtrace: option requires an argument -- s\n",
		"-33":      "dtrace: illegal option -- 33\n",
		"-6":       "dtrace: option requires an argument -- 6\n",
		"-65 -k":   "dtrace: illegal option -- 65\n", // in order, as pass 1
		"-: -q":    "dtrace: illegal option -- :\n",
		"-k -32x":  "dtrace: illegal option -- k\n",
		"-e -q -?": "dtrace: illegal option -- ?\n",
	} {
		var stderr bytes.Buffer
		_, _, ok := parseArgs(append([]string{"dtrace"}, strings.Fields(args)...), "dtrace", &stderr)
		if ok || stderr.String() != want {
			t.Errorf("%s: ok %v, stderr %q, want %q", args, ok, stderr.String(), want)
		}
	}
}

func TestInterpreterArgs(t *testing.T) {
	for line, want := range map[string][]string{
		"/usr/sbin/dtrace -qs":                     {"-q"},
		"/usr/sbin/dtrace -s":                      nil,
		"/usr/sbin/dtrace -Cqs":                    {"-Cq"},
		"/usr/sbin/dtrace -x bufsize=4m -qs":       {"-x", "bufsize=4m", "-q"},
		"/usr/sbin/dtrace -x errtags -s":           {"-x", "errtags"},
		"  /opt/dtrace/bin/dtrace   -C  -s  ":      {"-C"},
		"/usr/bin/env dtrace -qs":                  {"-q"},
		"/usr/bin/env -S /usr/sbin/dtrace -Z -qs":  {"-Z", "-q"},
		"/usr/sbin/dtrace":                         nil,
		"":                                         nil,
		"/usr/sbin/dtrace -q":                      {"-q"},
		"/usr/sbin/dtrace -x switchrate=10hz -wqs": {"-x", "switchrate=10hz", "-wq"},
	} {
		got := interpreterArgs(line)
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("interpreterArgs(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestReadInterpreter(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.d")
	os.WriteFile(p, []byte("#!/usr/sbin/dtrace -qs\r\nBEGIN {}\n"), 0o644)
	if line, ok := readInterpreter(p); !ok || line != "/usr/sbin/dtrace -qs" {
		t.Errorf("readInterpreter = %q, %v", line, ok)
	}
	os.WriteFile(p, []byte("BEGIN {}\n#!/usr/sbin/dtrace -qs\n"), 0o644)
	if _, ok := readInterpreter(p); ok {
		t.Error("a #! that is not on the first line was read")
	}
	if _, ok := readInterpreter(dir); ok {
		t.Error("a directory was read")
	}
}

func TestStrerror(t *testing.T) {
	_, err := os.Open("/nonexistent/file")
	if got := strerror(err); got != "No such file or directory" {
		t.Errorf("strerror(ENOENT) = %q", got)
	}
	if got := strerror(syscall.EACCES); got != "Permission denied" {
		t.Errorf("strerror(EACCES) = %q", got)
	}
}

func TestValidPid(t *testing.T) {
	for arg, want := range map[string]bool{
		"1": true, " 42": true, "+7": true, "-1": true,
		"": false, "abc": false, "12x": false, "1 ": false, "99999999999999999999": false,
	} {
		if validPid(arg) != want {
			t.Errorf("validPid(%q) = %v", arg, !want)
		}
	}
}
