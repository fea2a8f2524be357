// Package output renders what DTrace prints, byte for byte: printf()
// conversions, trace() records, stacks and symbols, the probe-firing
// prefix (with -F flow indentation and the _DTRACE_TESTING variant), and
// aggregations (default layout, quantize/lquantize/llquantize tables,
// printa() with and without a format, DTrace's sort orders and the
// exit-time printing).
//
// The package does no I/O of its own besides writing to the io.Writer it
// is given, and needs no kernel: the runtime decodes records into Values
// (resolving addresses to symbol names first), merges per-CPU aggregation
// data into Aggregations, and calls a Printer.
//
// In short: New(w, Options) makes a Printer; BeginFiring / Trace /
// TraceMem / Printf / Printa / EndFiring print a clause's records as
// dtrace(8) does; Exit prints the end-of-tracing empty line and the
// aggregations printa() has not printed. QuantizeBucket, LQuantizeBucket
// and LLQuantizeBucket give the bucket layout the sink.Entry.Buckets of each
// quantization must follow, and abi.Square128/abi.Add128 stddev()'s accumulation.
//
// Behaviour follows libdtrace (dt_consume.c, dt_printf.c, dt_aggregate.c
// and dtrace.c); where Oracle's Linux port and illumos differ, the Linux
// port's output is used where that is what our users see (trace() widths,
// llquantize()'s layout, _DTRACE_TESTING), illumos's otherwise.
package output

import (
	"encoding/binary"

	"github.com/dtrace-go/dtrace/sink"
)

// record returns the bytes of v's record as DTrace lays it out, for the
// byte-wise comparisons of key sorting and dt_print_bytes.
func record(v sink.Value) []byte {
	n := v.Len()
	switch v.Kind {
	case sink.KindString:
		b := make([]byte, n)
		copy(b, v.Str)
		return b
	case sink.KindBytes:
		return v.Bytes
	case sink.KindStack, sink.KindUStack:
		pcs := v.PCs
		var b []byte
		if v.Kind == sink.KindUStack {
			b = binary.LittleEndian.AppendUint64(b, v.PID)
		}
		for _, pc := range pcs {
			b = binary.LittleEndian.AppendUint64(b, pc)
		}
		if pcs == nil { // no addresses: the frames' stand in
			for _, f := range v.Frames {
				b = binary.LittleEndian.AppendUint64(b, f.PC)
			}
		}
		return b
	case sink.KindUSym, sink.KindUAddr, sink.KindUMod:
		b := binary.LittleEndian.AppendUint64(nil, v.PID)
		return binary.LittleEndian.AppendUint64(b, v.Bits)
	}
	b := binary.LittleEndian.AppendUint64(nil, v.CBits())
	if n < 8 {
		b = b[:n]
	}
	return b
}

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
		return ModName(f.Module, f.PC)
	case sink.KindUAddr:
		return frameName(f)
	}
	return SymName(f.Module, f.Func, f.PC)
}

func hex(u uint64) string {
	return cprintf("%llx", u)
}
