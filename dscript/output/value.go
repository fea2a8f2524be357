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
// and LLQuantizeBucket give the bucket layout the Entry.Buckets of each
// quantization must follow, and abi.Square128/abi.Add128 stddev()'s accumulation.
//
// Behaviour follows libdtrace (dt_consume.c, dt_printf.c, dt_aggregate.c
// and dtrace.c); where Oracle's Linux port and illumos differ, the Linux
// port's output is used where that is what our users see (trace() widths,
// llquantize()'s layout, _DTRACE_TESTING), illumos's otherwise.
package output

import (
	"encoding/binary"
	"math"
)

// Kind is the kind of a decoded record.
type Kind uint8

// Kinds of Values.
const (
	KindInt    Kind = iota + 1 // integer of Size 1, 2, 4 or 8 bytes
	KindFloat                  // float or double (Bits holds a float64)
	KindString                 // string: Str up to its NUL, in a record of Size bytes
	KindStack                  // stack(): Frames (kernel)
	KindUStack                 // ustack(), jstack(): Frames (user)
	KindSym                    // sym(), func(), _symaddr: a kernel address
	KindUSym                   // usym(), ufunc(), uaddr(), _usymaddr: a user address
	KindMod                    // mod(): a kernel address shown as its module
	KindUMod                   // umod(): a user address shown as its module
	KindBytes                  // raw bytes: structs, arrays, tracemem()
)

// A Value is one decoded record: an argument of printf(), a traced value
// or an aggregation key.
type Value struct {
	Kind Kind

	// Size is the record's size in bytes: 1, 2, 4 or 8 for integers, 4
	// or 8 for floats, the string size (strsize) for strings, the depth
	// times 8 for stacks. Zero means "the natural size" (8 for integers
	// and addresses, len(Str)+1 for strings, len(Bytes) for bytes).
	Size int

	// Signed says an integer is of a signed type.
	Signed bool

	// Bits holds an integer's bits (zero-extended from Size), a float's
	// float64 bits, or the address of a symbol or module value.
	Bits uint64

	// Str is a string's contents, up to (not including) its NUL byte. For
	// the symbol kinds it is the resolved name as sym()/usym()/mod()/umod()
	// print it: "module`function", "module", or "0x..." when unresolved.
	Str string

	// Full is, for KindSym and KindUSym, the name with the offset as %a and
	// %A print it ("module`function+0x1c"); empty means Str.
	Full string

	// Frames are a stack's frames, outermost last, already resolved to
	// "module`function+0xoffset", "module`function", "module`0xaddr" or
	// "0xaddr" (dt_print_stack's forms).
	Frames []string

	// PCs are the stack's raw frame addresses, used only to sort
	// aggregation keys as DTrace does (by the record's bytes). Optional.
	PCs []uint64

	// PID is the process (tgid) of the user-space kinds; sorting only.
	PID uint64

	// Bytes are the raw bytes of KindBytes.
	Bytes []byte
}

// Int returns a signed integer Value of size bytes (1, 2, 4 or 8).
func Int(v int64, size int) Value {
	return Value{Kind: KindInt, Size: size, Signed: true, Bits: truncBits(uint64(v), size)}
}

// Uint returns an unsigned integer Value of size bytes (1, 2, 4 or 8).
func Uint(v uint64, size int) Value {
	return Value{Kind: KindInt, Size: size, Bits: truncBits(v, size)}
}

// Float returns a double Value.
func Float(f float64) Value {
	return Value{Kind: KindFloat, Size: 8, Bits: math.Float64bits(f)}
}

// String returns a string Value held in a record of strsize bytes (0: just
// large enough). DTrace strings end at their first NUL.
func String(s string, strsize int) Value {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			s = s[:i]
			break
		}
	}
	if strsize > 0 && len(s) > strsize {
		s = s[:strsize]
	}
	return Value{Kind: KindString, Size: strsize, Str: s}
}

// Stack returns a kernel stack Value; pcs may be nil.
func Stack(frames []string, pcs []uint64) Value {
	return Value{Kind: KindStack, Frames: frames, PCs: pcs}
}

// UStack returns a user stack Value of process pid; pcs may be nil.
func UStack(pid uint64, frames []string, pcs []uint64) Value {
	return Value{Kind: KindUStack, PID: pid, Frames: frames, PCs: pcs}
}

// Sym returns a kernel symbol Value (sym(), func(), %a arguments): name
// as sym() prints it, full as %a prints it (with the offset).
func Sym(addr uint64, name, full string) Value {
	return Value{Kind: KindSym, Size: 8, Bits: addr, Str: name, Full: full}
}

// USym returns a user symbol Value (usym(), ufunc(), uaddr(), %A).
func USym(pid, addr uint64, name, full string) Value {
	return Value{Kind: KindUSym, Size: 16, PID: pid, Bits: addr, Str: name, Full: full}
}

// Mod returns a kernel module Value (mod()).
func Mod(addr uint64, name string) Value {
	return Value{Kind: KindMod, Size: 8, Bits: addr, Str: name}
}

// UMod returns a user module Value (umod()).
func UMod(pid, addr uint64, name string) Value {
	return Value{Kind: KindUMod, Size: 16, PID: pid, Bits: addr, Str: name}
}

// Bytes returns a raw-bytes Value (a struct, an array, tracemem() data).
func Bytes(b []byte) Value {
	return Value{Kind: KindBytes, Size: len(b), Bytes: b}
}

func truncBits(v uint64, size int) uint64 {
	switch size {
	case 1:
		return v & 0xff
	case 2:
		return v & 0xffff
	case 4:
		return v & 0xffffffff
	}
	return v
}

// size returns the record size of v.
func (v Value) size() int {
	if v.Size > 0 {
		return v.Size
	}
	switch v.Kind {
	case KindString:
		return len(v.Str) + 1
	case KindBytes:
		return len(v.Bytes)
	case KindStack:
		return 8 * len(v.Frames)
	case KindUStack:
		return 8 * (len(v.Frames) + 1)
	case KindUSym, KindUMod:
		return 16
	}
	return 8
}

// sint returns an integer's value sign-extended from its size.
func (v Value) sint() int64 {
	switch v.size() {
	case 1:
		return int64(int8(v.Bits))
	case 2:
		return int64(int16(v.Bits))
	case 4:
		return int64(int32(v.Bits))
	}
	return int64(v.Bits)
}

// uint returns an integer's value zero-extended from its size.
func (v Value) uint() uint64 {
	return truncBits(v.Bits, v.size())
}

// record returns the bytes of v's record as DTrace lays it out, for the
// byte-wise comparisons of key sorting and dt_print_bytes.
func (v Value) record() []byte {
	n := v.size()
	switch v.Kind {
	case KindString:
		b := make([]byte, n)
		copy(b, v.Str)
		return b
	case KindBytes:
		return v.Bytes
	case KindStack, KindUStack:
		pcs := v.PCs
		var b []byte
		if v.Kind == KindUStack {
			b = binary.LittleEndian.AppendUint64(b, v.PID)
		}
		for _, pc := range pcs {
			b = binary.LittleEndian.AppendUint64(b, pc)
		}
		if pcs == nil { // no addresses: the frame names stand in
			for _, f := range v.Frames {
				b = append(b, f...)
				b = append(b, 0)
			}
		}
		return b
	case KindUSym, KindUMod:
		b := binary.LittleEndian.AppendUint64(nil, v.PID)
		return binary.LittleEndian.AppendUint64(b, v.Bits)
	}
	b := binary.LittleEndian.AppendUint64(nil, v.Bits)
	if n < 8 {
		b = b[:n]
	}
	return b
}

// symFull is the name %a / %A prints.
func (v Value) symFull() string {
	if v.Full != "" {
		return v.Full
	}
	if v.Str != "" {
		return v.Str
	}
	return "0x" + hex(v.Bits)
}

func hex(u uint64) string {
	return cprintf("%llx", u)
}
