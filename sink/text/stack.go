package text

import (
	"github.com/dtrace-go/dtrace/sink"
)

// frameName is sink.FrameName of a resolved frame.
func frameName(f sink.Frame) string { return sink.FrameName(f.Module, f.Func, f.FuncStart, f.PC) }
