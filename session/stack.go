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
	k, _ := r.ksyms.Get()
	for i, name := range s.Machinery {
		if i >= len(cs.Machinery) {
			break
		}
		if start, size, ok := k.Func(name); ok {
			cs.Machinery[i] = abi.MachineryRange(start, size)
		}
	}
	return cs
}
