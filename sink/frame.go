package sink

import "strconv"

// Names of stack frames and symbols, as libdtrace formats them once an
// address is resolved to a module (the kernel's "vmlinux", a kernel
// module, or a user object's base name) and a function starting at start.
// An empty function name means only the module is known; an empty module
// means nothing is.

// FrameName is a stack frame as dt_print_stack and dt_print_ustack print
// it, and an address as %a, %A and uaddr() do (dtrace_addr2str,
// dtrace_uaddr2str): "module`function+0xoffset", "module`function" at the
// function's first byte, "module`0xpc" in a module but no known function,
// "0xpc" otherwise.
func FrameName(module, function string, start, pc uint64) string {
	switch {
	case module != "" && function != "" && pc > start:
		return module + "`" + function + "+0x" + strconv.FormatUint(pc-start, 16)
	case module != "" && function != "":
		return module + "`" + function
	case module != "":
		return module + "`0x" + strconv.FormatUint(pc, 16)
	}
	return "0x" + strconv.FormatUint(pc, 16)
}

// SymName is an address as sym(), func(), usym() and ufunc() print it
// (dt_print_sym, dt_print_usym): "module`function" without the offset,
// else as FrameName.
func SymName(module, function string, pc uint64) string {
	if module != "" && function != "" {
		return module + "`" + function
	}
	return FrameName(module, "", 0, pc)
}

// ModName is an address as mod() and umod() print it (dt_print_mod,
// dt_print_umod): its module, else "0xpc".
func ModName(module string, pc uint64) string {
	if module != "" {
		return module
	}
	return "0x" + strconv.FormatUint(pc, 16)
}
