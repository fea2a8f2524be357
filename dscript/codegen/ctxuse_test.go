package codegen_test

import (
	"testing"

	"github.com/dtrace-go/dtrace/bpf"
)

// The program says which fields of the probe context its clauses read,
// so that trampolines fill only those.
func TestCtxUse(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bpf.CtxUse
	}{
		{"BEGIN { @[pid] = count(); }", bpf.CtxUse{}},
		{"BEGIN { printf(\"%d %s\\n\", pid, execname); }", bpf.CtxUse{}},
		{"BEGIN { trace(arg0); }", bpf.CtxUse{Args: 1 << 0}},
		{"BEGIN { trace(arg3 + arg9); }", bpf.CtxUse{Args: 1<<3 | 1<<9}},
		{"BEGIN /arg1 > 2/ { trace(errno); }", bpf.CtxUse{Args: 1 << 1, Errno: true}},
		{"BEGIN { trace(args[5]); }", bpf.CtxUse{Args: 1 << 5}},
		{"BEGIN { trace(arg2); }\nEND { trace(arg4); }", bpf.CtxUse{Args: 1<<2 | 1<<4}},
		{"BEGIN { x = timestamp; @[probefunc, execname] = sum(arg1); }", bpf.CtxUse{Args: 1 << 1}},
		{"BEGIN { this->s = \"abc\"; trace(this->s); }", bpf.CtxUse{}},
	} {
		prog := compile(t, c.src)
		if prog.CtxUse != c.want {
			t.Errorf("%s: CtxUse %+v, want %+v", c.src, prog.CtxUse, c.want)
		}
	}
}
