package sink

import (
	"encoding/binary"
	"math"

	"github.com/dtrace-go/dtrace/symtab"
)

// Kind is the kind of a decoded value.
type Kind uint8

// Kinds of Values.
const (
	KindInt    Kind = iota + 1 // integer of Size 1, 2, 4 or 8 bytes
	KindFloat                  // float (Size 4) or double (Size 8); Bits hold it as a float64
	KindString                 // string: Str up to its NUL, in a record of Size bytes
	KindStack                  // stack(): kernel Frames
	KindUStack                 // ustack(), jstack(): user Frames of process PID
	KindSym                    // sym(), func(), %a: a kernel address, Frames[0]
	KindUSym                   // usym(), ufunc(), %A: a user address shown as its function, Frames[0]
	KindUAddr                  // uaddr(): a user address shown with its offset, Frames[0]
	KindMod                    // mod(): a kernel address shown as its module, Frames[0]
	KindUMod                   // umod(): a user address shown as its module, Frames[0]
	KindBytes                  // raw bytes: structs, arrays, tracemem()
	KindTyped                  // print(): Bytes of Type at address Bits
)

// IsUser reports whether k holds user addresses of process PID.
func (k Kind) IsUser() bool {
	return k == KindUStack || k == KindUSym || k == KindUAddr || k == KindUMod
}

// IsSymbol reports whether k is a single address shown as a symbol or
// module.
func (k Kind) IsSymbol() bool {
	return k == KindSym || k == KindUSym || k == KindUAddr || k == KindMod || k == KindUMod
}

// A Value is one decoded datum: an argument of printf(), a traced value or
// an aggregation key.
type Value struct {
	Kind Kind

	// Size is the record's size in bytes: 1, 2, 4 or 8 for integers, 4
	// or 8 for floats, the string size (strsize) for strings. Zero means
	// "the natural size" (8 for integers and addresses, len(Str)+1 for
	// strings, len(Bytes) for bytes).
	Size int

	// Signed says an integer is of a signed type.
	Signed bool

	// Bits holds an integer's bits (zero-extended from Size), a float's
	// float64 bits, or the address of a symbol or module value.
	Bits uint64

	// Str is a string's contents, up to (not including) its NUL byte.
	Str string

	// Frames are a stack's frames, innermost first, or the one frame of a
	// symbol or module value: each address resolved to its function and
	// object, as far as they are known.
	Frames []Frame

	// PCs are a stack's frame addresses as recorded, zero-padded to the
	// depth asked, which DTrace sorts aggregation keys by. Optional.
	PCs []uint64

	// PID is the process (tgid) of the user kinds.
	PID uint64

	// Bytes are the raw bytes of KindBytes and KindTyped.
	Bytes []byte

	// Type is the type of KindTyped's Bytes.
	Type *Type
}

// Frame is an address resolved to its function and object: PC, the
// function (Func, "" when unknown, and its first address FuncStart), the
// object as DTrace names it (Module: "vmlinux" or a kernel module for the
// kernel, a user object's file name), and the Mapping it was loaded from
// (its path, addresses, file offset and build ID), when known.
type Frame = symtab.Frame

// Mapping is where an object is mapped: a range of a process's addresses,
// or the kernel's ("[kernel.kallsyms]").
type Mapping = symtab.Mapping

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

// Float32 returns a float Value: Bits hold f as a float64, Size is 4.
func Float32(f float32) Value {
	return Value{Kind: KindFloat, Size: 4, Bits: math.Float64bits(float64(f))}
}

// Float returns a float's value (Bits as a float64).
func (v Value) Float() float64 { return math.Float64frombits(v.Bits) }

// CBits returns the bits of v as C holds them in a record of v's size: an
// integer's (zero-extended), a float's as a 32-bit float, a double's as a
// 64-bit one.
func (v Value) CBits() uint64 {
	if v.Kind == KindFloat {
		if v.Len() == 4 {
			return uint64(math.Float32bits(float32(v.Float())))
		}
		return v.Bits
	}
	return v.Uint()
}

// String returns a string Value of at most strsize characters, held in a
// record of strsize+1 bytes as DTrace holds it (the characters, the NUL
// that ends them, zeros after it); strsize 0: a record just large enough.
// DTrace strings end at their first NUL.
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
	size := 0
	if strsize > 0 {
		size = strsize + 1
	}
	return Value{Kind: KindString, Size: size, Str: s}
}

// Stack returns a kernel stack Value; pcs may be nil.
func Stack(frames []Frame, pcs []uint64) Value {
	return Value{Kind: KindStack, Frames: frames, PCs: pcs}
}

// UStack returns a user stack Value of process pid; pcs may be nil.
func UStack(pid uint64, frames []Frame, pcs []uint64) Value {
	return Value{Kind: KindUStack, PID: pid, Frames: frames, PCs: pcs}
}

// Symbol returns a Value of symbol or module kind k (KindSym, KindUSym,
// KindUAddr, KindMod, KindUMod) for the address f.PC, of process pid for
// the user kinds.
func Symbol(k Kind, pid uint64, f Frame) Value {
	v := Value{Kind: k, Size: 8, Bits: f.PC, Frames: []Frame{f}}
	if k.IsUser() {
		v.Size, v.PID = 16, pid
	}
	return v
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

// Len returns the size of v's record: Size, or the natural size when Size
// is 0.
func (v Value) Len() int {
	if v.Size > 0 {
		return v.Size
	}
	switch v.Kind {
	case KindString:
		return len(v.Str) + 1
	case KindBytes, KindTyped:
		return len(v.Bytes)
	case KindStack:
		return 8 * len(v.Frames)
	case KindUStack:
		return 8 * (len(v.Frames) + 1)
	case KindUSym, KindUAddr, KindUMod:
		return 16
	}
	return 8
}

// Int returns an integer's value sign-extended from its size.
func (v Value) Int() int64 {
	switch v.Len() {
	case 1:
		return int64(int8(v.Bits))
	case 2:
		return int64(int16(v.Bits))
	case 4:
		return int64(int32(v.Bits))
	}
	return int64(v.Bits)
}

// Uint returns an integer's value zero-extended from its size.
func (v Value) Uint() uint64 {
	return truncBits(v.Bits, v.Len())
}

// Frame returns the frame of a symbol or module value (the zero Frame with
// PC Bits when it has none).
func (v Value) Frame() Frame {
	if len(v.Frames) > 0 {
		return v.Frames[0]
	}
	return Frame{PC: v.Bits}
}

// Record returns the bytes of v's record as DTrace lays it out: what
// DTrace compares keys by (dt_aggregate_keycmp) and prints as bytes
// (dt_print_bytes).
func (v Value) Record() []byte {
	n := v.Len()
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
		if pcs == nil { // no addresses: the frames' stand in
			for _, f := range v.Frames {
				b = binary.LittleEndian.AppendUint64(b, f.PC)
			}
		}
		return b
	case KindUSym, KindUAddr, KindUMod:
		b := binary.LittleEndian.AppendUint64(nil, v.PID)
		return binary.LittleEndian.AppendUint64(b, v.Bits)
	}
	b := binary.LittleEndian.AppendUint64(nil, v.CBits())
	if n < 8 {
		b = b[:n]
	}
	return b
}
