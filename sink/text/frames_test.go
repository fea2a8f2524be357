package text

import (
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/sink"
)

// frameOf is the frame that prints as name ("module`function+0xoffset",
// "module`function", "module`0xpc", "module" with mod set, or "0xpc") at
// address pc (0: one made up from the offset).
func frameOf(pc uint64, name string) sink.Frame {
	mod, fn, ok := strings.Cut(name, "`")
	if !ok {
		if strings.HasPrefix(name, "0x") {
			v, _ := strconv.ParseUint(name[2:], 16, 64)
			return sink.Frame{PC: v}
		}
		return sink.Frame{PC: pc, Module: name}
	}
	if strings.HasPrefix(fn, "0x") {
		v, _ := strconv.ParseUint(fn[2:], 16, 64)
		return sink.Frame{PC: v, Module: mod}
	}
	fn, offs, _ := strings.Cut(fn, "+0x")
	off, _ := strconv.ParseUint(offs, 16, 64)
	if pc == 0 {
		pc = 0x1000 + off
	}
	return sink.Frame{PC: pc, Func: fn, FuncStart: pc - off, Module: mod}
}

// frames are the frames that print as names.
func frames(names ...string) []sink.Frame {
	var fs []sink.Frame
	for _, n := range names {
		fs = append(fs, frameOf(0, n))
	}
	return fs
}

// sym is a symbol value of kind k at pc that prints as name.
func sym(k sink.Kind, pid, pc uint64, name string) sink.Value {
	return sink.Symbol(k, pid, frameOf(pc, name))
}
