package session

import (
	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/providers"
)

// stack returns what the linker needs of an attachment's stack frames:
// the ranges of its machinery functions, from the kernel's symbols. (An
// event defined from a template class has a callback named after the
// class, which is not found: its frame then counts as the traced code's.)
func (r *run) stack(s providers.StackFrames) codegen.Stack {
	cs := codegen.Stack{Skip: int32(s.Skip), FromHelper: s.FromHelper}
	if len(s.Machinery) == 0 {
		return cs
	}
	cs.Machinery = func() [2]int64 {
		var m [2]int64
		k, _ := r.ksyms.Get()
		for i, name := range s.Machinery {
			if i >= len(m) {
				break
			}
			if start, size, ok := k.Func(name); ok {
				m[i] = abi.MachineryRange(start, size)
			}
		}
		return m
	}
	return cs
}
