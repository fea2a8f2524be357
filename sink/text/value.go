// Package text is the sink of DTrace's text output, byte for byte: what
// dtrace(1) prints of a run's records and aggregations. New(w, Config)
// makes the Sink; it prints records as dtrace(8) does (the probe-firing
// prefix, with -F flow indentation and the _DTRACE_TESTING variant;
// trace(), printf() conversions, stacks and symbols, print() of typed
// data), printa() and the aggregations left at the end in DTrace's layouts
// (quantize/lquantize/llquantize tables, DTrace's sort orders), and carries
// out system(), freopen() and the setopt() of output options as dtrace(1)
// does.
//
// A Printer (NewPrinter) is the renderer under the Sink, for the other
// sinks that quote DTrace's text (printf() messages in JSON, printa()
// output). The package does no I/O of its own besides writing to the
// io.Writer it is given and running system()'s commands, and needs no
// kernel: the runner decodes records into sink.Values and merges per-CPU
// aggregation data into sink.Aggregations. How DTrace names frames and
// orders aggregations is the sink package's (sink.FrameName,
// sink.CompareKeys), shared with the other sinks.
//
// Behaviour follows libdtrace (dt_consume.c, dt_printf.c, dt_aggregate.c
// and dtrace.c); where Oracle's Linux port and illumos differ, the Linux
// port's output is used where that is what our users see (trace() widths,
// llquantize()'s layout, _DTRACE_TESTING), illumos's otherwise.
//
// It is part of dtrace-go's API.
package text

import (
	"github.com/dtrace-go/dtrace/sink"
)

// symFull is the name %a and %A print: the address with its offset in
// its function.
func symFull(v sink.Value) string {
	if v.Kind == sink.KindMod || v.Kind == sink.KindUMod {
		return symName(v)
	}
	return frameName(v.Frame())
}

// symName is a symbol or module value as its action prints it: sym(),
// func(), usym() and ufunc() the function without the offset, uaddr() with
// it, mod() and umod() the module.
func symName(v sink.Value) string {
	f := v.Frame()
	switch v.Kind {
	case sink.KindMod, sink.KindUMod:
		return sink.ModName(f.Module, f.PC)
	case sink.KindUAddr:
		return frameName(f)
	}
	return sink.SymName(f.Module, f.Func, f.PC)
}

func hex(u uint64) string {
	return cprintf("%llx", u)
}
