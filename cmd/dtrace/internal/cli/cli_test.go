package cli

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/dtrace-go/dtrace/sink"
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

func TestStrerror(t *testing.T) {
	_, err := os.Open("/nonexistent/file")
	if got := sink.Strerror(err); got != "No such file or directory" {
		t.Errorf("sink.Strerror(ENOENT) = %q", got)
	}
	if got := sink.Strerror(syscall.EACCES); got != "Permission denied" {
		t.Errorf("sink.Strerror(EACCES) = %q", got)
	}
}

func TestProcsTarget(t *testing.T) {
	// -e creates the process (and kills it); $target is its pid, so it
	// compiles as a constant.
	var stdout, stderr bytes.Buffer
	code := Run([]string{"dtrace", "-e", "-c", "sleep 10", "-n", "BEGIN /$target > 0/ { trace($target); }"}, &stdout, &stderr)
	if code != 0 || stderr.Len() != 0 {
		t.Errorf("-e -c: exit %d, stderr %q", code, &stderr)
	}
	// Without -c or -p, $target is 0, as libdtrace's macro table starts
	// it.
	stderr.Reset()
	code = Run([]string{"dtrace", "-e", "-n", "BEGIN /$target == 0/ { trace($target); }"}, &stdout, &stderr)
	if code != 0 || stderr.Len() != 0 {
		t.Errorf("-e without -c: exit %d, stderr %q", code, &stderr)
	}
}

func TestProcsErrors(t *testing.T) {
	for args, want := range map[string]string{
		"-e -c /nonexistent/x":        "dtrace: failed to execute /nonexistent/x: cannot find executable file\n",
		"-e -p 2":                     "dtrace: failed to grab pid 2: system process\n",
		"-e -p 99999999999999999999":  "dtrace: invalid pid: 99999999999999999999\n",
		"-e -c true -p 1073741824":    "dtrace: failed to grab pid 1073741824: no such process\n",
		"-e -p 1073741824 -c /nosuch": "dtrace: failed to grab pid 1073741824: no such process\n",
	} {
		var stdout, stderr bytes.Buffer
		code := Run(append([]string{"dtrace"}, strings.Fields(args)...), &stdout, &stderr)
		if code != 1 || stderr.String() != want {
			t.Errorf("dtrace %s: exit %d, stderr %q, want %q", args, code, &stderr, want)
		}
	}
}

// -e matches probe descriptions as a run does: one that matches nothing is
// DTrace's D_PDESC_ZERO, unless -Z.
func TestCompileMatches(t *testing.T) {
	for args, want := range map[string]string{
		"-e -n nosuch:::":            "dtrace: invalid probe specifier nosuch:::: probe description nosuch::: does not match any probes\n",
		"-x errtags -e -n nosuch:::": "dtrace: invalid probe specifier nosuch:::: [D_PDESC_ZERO] probe description nosuch::: does not match any probes\n",
		"-Z -e -n nosuch:::":         "",
		"-e -n BEGIN":                "",
	} {
		var stdout, stderr bytes.Buffer
		code := Run(append([]string{"dtrace"}, strings.Fields(args)...), &stdout, &stderr)
		if code != map[bool]int{true: 0, false: 1}[want == ""] || stderr.String() != want {
			t.Errorf("dtrace %s: exit %d, stderr %q, want %q", args, code, &stderr, want)
		}
	}
}
