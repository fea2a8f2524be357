package codegen_test

import (
	"testing"

	"github.com/dtrace-go/dtrace/abi"
)

// The program says which fields of the probe context its clauses read,
// so that trampolines fill only those.
func TestCtxUse(t *testing.T) {
	for _, c := range []struct {
		src  string
		want abi.CtxUse
	}{
		{"BEGIN { @[pid] = count(); }", abi.CtxUse{NArgs: 10}},
		{"BEGIN { printf(\"%d %s\\n\", pid, execname); }", abi.CtxUse{NArgs: 10}},
		{"BEGIN { trace(arg0); }", abi.CtxUse{NArgs: 10, Args: 1 << 0}},
		{"BEGIN { trace(arg3 + arg9); }", abi.CtxUse{NArgs: 10, Args: 1<<3 | 1<<9}},
		{"BEGIN /arg1 > 2/ { trace(errno); }", abi.CtxUse{NArgs: 10, Args: 1 << 1, Errno: true}},
		{"BEGIN { trace(args[5]); }", abi.CtxUse{NArgs: 10, Args: 1 << 5}},
		{"BEGIN { trace(arg2); }\nEND { trace(arg4); }", abi.CtxUse{NArgs: 10, Args: 1<<2 | 1<<4}},
		{"BEGIN { x = timestamp; @[probefunc, execname] = sum(arg1); }", abi.CtxUse{NArgs: 10, Args: 1 << 1}},
		{"BEGIN { this->s = \"abc\"; trace(this->s); }", abi.CtxUse{NArgs: 10}},
		// Arguments past arg9 widen the context.
		{"BEGIN { trace(args[11]); }", abi.CtxUse{NArgs: 12, Args: 1 << 11}},
		{"BEGIN { trace(args[10] + arg0); }", abi.CtxUse{NArgs: 11, Args: 1<<10 | 1}},
	} {
		prog := compile(t, c.src)
		if prog.CtxUse != c.want {
			t.Errorf("%s: CtxUse %+v, want %+v", c.src, prog.CtxUse, c.want)
		}
	}
}
