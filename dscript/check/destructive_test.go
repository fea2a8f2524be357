package check_test

import (
	"testing"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/check"
)

func TestIsDestructive(t *testing.T) {
	for _, name := range []string{"system", "freopen", "raise", "stop", "chill", "panic", "breakpoint", "copyout", "copyoutstr"} {
		if !check.IsDestructive(name) {
			t.Errorf("%s is not destructive", name)
		}
	}
	for _, name := range []string{"printf", "trace", "tracemem", "copyin", "exit", "nosuch"} {
		if check.IsDestructive(name) {
			t.Errorf("%s is destructive", name)
		}
	}
}

func TestFirstDestructive(t *testing.T) {
	for src, want := range map[string]string{
		"BEGIN { trace(1); }": "",
		"BEGIN { trace(1); } END { raise(9); system(\"x\"); }": "raise",
		"BEGIN { if (arg0) { stop(); } }":                      "stop",
		"BEGIN { x = 1, copyoutstr(\"a\", arg0, 2); }":         "copyoutstr",
		"BEGIN { copyout(alloca(1), arg0, 1); }":               "copyout",
		"BEGIN /arg0/ { chill(1); }":                           "chill",
	} {
		p, err := dscript.New(dscript.Config{Args: []string{"t.d"}}).Compile(dscript.Source{Kind: dscript.Script, Name: "t.d", Text: []byte(src)})
		if err != nil {
			if want != "" {
				t.Errorf("%s: %v", src, err)
			}
			continue
		}
		got := ""
		if c := check.FirstDestructive(p.File); c != nil {
			got = c.Fun.Name
		}
		if got != want {
			t.Errorf("%s: first destructive %q, want %q", src, got, want)
		}
	}
}
