package text

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/sink"
)

// Print prints a print() record as Oracle's DTrace for Linux does
// (dt_print_type): the address, " = *", then the value it points to, one
// line per member from column printStartIndent, nested members one column
// further in. Members whose bytes are all zero are left out, as are
// nested structs of zeros.
func (p *Printer) Print(v sink.Value) error {
	if n := p.opt.PrintSize; n > 0 && len(v.Bytes) > n {
		v.Bytes = v.Bytes[:n]
	}
	var b strings.Builder
	writeTyped(&b, v)
	return p.write(&b)
}

// PrintString returns what Print prints for v.
func PrintString(v sink.Value) string {
	var b strings.Builder
	writeTyped(&b, v)
	return b.String()
}

// The layout of print()'s output (libdtrace's DT_PRINT_STARTINDENT and
// DT_PRINT_DEPTH).
const (
	printStartIndent = 44
	printMaxDepth    = 10
)

// writeTyped is dt_print_type: "%p = *", then the type walked as
// ctf_type_visit walks it (the type itself at depth 0, then each member
// of a struct or union at one more depth, depth first), each shown by
// typedVisitor.visit, then the braces left open closed.
func writeTyped(b *strings.Builder, v sink.Value) {
	if v.Bits == 0 {
		b.WriteString("(nil) = *\n")
	} else {
		b.WriteString("0x" + strconv.FormatUint(v.Bits, 16) + " = *\n")
	}
	if v.Type == nil {
		return
	}
	tv := &typedVisitor{b: b, data: v.Bytes}
	tv.walk("", v.Type, 0, 0, 0)
	tv.closeBraces(0)
}

// typedVisitor is the state of one print(): where the data is, and the
// kind of what was last shown at each depth (dt_visit_arg).
type typedVisitor struct {
	b     *strings.Builder
	data  []byte
	kinds [printMaxDepth]sink.TypeKind
	last  int // the depth of the last member shown
	shown int // the number of lines shown
}

// walk visits t, a member named name at bitOff bits (a bit-field of
// bitSize bits when non-zero), then the members of a struct or union; it
// reports false when the walk stops (out of data, or too deep).
func (tv *typedVisitor) walk(name string, t *sink.Type, bitOff, bitSize, depth int) bool {
	if !tv.visit(name, t, bitOff, bitSize, depth) {
		return false
	}
	if t.Kind != sink.TypeStruct && t.Kind != sink.TypeUnion {
		return true
	}
	for _, m := range t.Members {
		if !tv.walk(m.Name, m.Type, bitOff+m.BitOffset, m.BitSize, depth+1) {
			return false
		}
	}
	return true
}

// indent writes the indentation of depth.
func (tv *typedVisitor) indent(depth int) {
	for i := 0; i < printStartIndent+depth; i++ {
		tv.b.WriteByte(' ')
	}
}

// closeBraces is dt_print_close_parens: when what was last shown at depth
// is a struct or union, the braces opened deeper than depth are closed,
// one line each; a struct at depth 0 gets its closing brace even when
// none of its members was shown.
func (tv *typedVisitor) closeBraces(depth int) {
	if k := tv.kinds[depth]; k != sink.TypeStruct && k != sink.TypeUnion {
		return
	}
	if depth == 0 && tv.last == 0 {
		tv.last = 1
	}
	for i := tv.last - depth; i > 0; i-- {
		tv.indent(depth + i - 1)
		tv.b.WriteByte('}')
		if depth > 0 || i > 1 {
			tv.b.WriteByte(',')
		}
		tv.b.WriteByte('\n')
		tv.last = depth
	}
}

// bytesAt returns the n bytes at byte offset off of the data, as many of
// them as it holds.
func (tv *typedVisitor) bytesAt(off, n int) []byte {
	if off >= len(tv.data) {
		return nil
	}
	return tv.data[off:min(off+n, len(tv.data))]
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// uintAt returns the n-byte little-endian integer at byte offset off (the
// bytes past the data read as zeros).
func (tv *typedVisitor) uintAt(off, n int) uint64 {
	var buf [8]byte
	copy(buf[:], tv.bytesAt(off, min(n, 8)))
	return binary.LittleEndian.Uint64(buf[:])
}

// visit is dt_print_visit: one line for t, "[.name = ](type)value,", or
// "(type) {" and "(type) [" that open a struct, a union or an array (an
// array's elements are shown here, one line each, and it is closed with
// "],"). It reports false when the walk must stop: the data has run out
// or the depth is too great ("..." is shown).
func (tv *typedVisitor) visit(name string, t *sink.Type, bitOff, bitSize, depth int) bool {
	off := bitOff / 8
	if off >= len(tv.data) || depth >= printMaxDepth {
		tv.indent(depth)
		tv.b.WriteString("...\n")
		return false
	}
	if tv.last > depth {
		tv.closeBraces(depth)
	}
	if depth > 0 {
		if bitSize != 0 {
			if tv.bitField(bitOff, bitSize) == 0 {
				return true
			}
		} else if allZero(tv.bytesAt(off, t.Size)) {
			return true
		}
	}
	tv.kinds[depth] = t.Kind
	tv.last = depth
	var val string
	switch t.Kind {
	case sink.TypeStruct, sink.TypeUnion:
		val = "(" + t.Name + ") {"
	case sink.TypeArray:
		val = "(" + t.Name + ") ["
		if t.Len == 0 {
			val += "],"
		}
	case sink.TypeInt:
		val = tv.intValue(t, bitOff, bitSize)
		if val == "" {
			return true
		}
	case sink.TypeEnum:
		u := tv.uintAt(off, t.Size)
		var n int64
		switch t.Size {
		case 1:
			n = int64(int8(u))
		case 2:
			n = int64(int16(u))
		case 8:
			n = int64(u)
		default:
			n = int64(int32(u))
		}
		if e := t.EnumName(n); e != "" {
			val = "(" + t.Name + ")" + e + ","
		} else {
			val = "(" + t.Name + ")" + strconv.FormatInt(n, 10) + ","
		}
	case sink.TypePointer:
		val = "(" + t.Name + ")0x" + strconv.FormatUint(tv.uintAt(off, 8), 16) + ","
	default:
		return true
	}
	tv.indent(depth)
	if depth > 0 && name != "" {
		tv.b.WriteString("." + name + " = ")
	}
	tv.b.WriteString(val)
	tv.b.WriteByte('\n')
	tv.shown++
	if t.Kind == sink.TypeArray && t.Len > 0 {
		return tv.elements(t, bitOff, depth)
	}
	return true
}

// elements shows the elements of the array t at bitOff, at depth+1 (the
// elements that are zero left out; a char array up to its first NUL),
// then closes it. An element that is a struct or union is shown with its
// members, and closed. It reports false when the walk must stop.
func (tv *typedVisitor) elements(t *sink.Type, bitOff, depth int) bool {
	e := t.Elem
	if allZero(tv.bytesAt(bitOff/8, t.Size)) {
		tv.indent(depth)
		tv.b.WriteString("],\n")
		return true
	}
	in := &typedVisitor{b: tv.b, data: tv.data, last: tv.last}
	isChar := e.Kind == sink.TypeInt && e.Size == 1 && e.Char
	record := e.Kind == sink.TypeStruct || e.Kind == sink.TypeUnion
	for i := 0; i < t.Len; i++ {
		eoff := bitOff + i*e.Size*8
		if isChar && tv.uintAt(eoff/8, 1) == 0 {
			break
		}
		shown := in.shown
		if !in.walk("", e, eoff, 0, depth+1) {
			return false
		}
		if record && in.shown > shown && in.last == depth+1 {
			// A struct none of whose members was shown.
			in.indent(depth + 1)
			in.b.WriteString("},\n")
		}
	}
	if in.last > depth+1 {
		in.closeBraces(depth + 1)
	}
	tv.indent(depth)
	tv.b.WriteString("],\n")
	return true
}

// bitField returns the value of the bit-field of bitSize bits at bitOff.
func (tv *typedVisitor) bitField(bitOff, bitSize int) uint64 {
	off := bitOff / 8
	shift := bitOff % 8
	n := (shift + bitSize + 7) / 8
	var v uint64
	if n <= 8 {
		v = tv.uintAt(off, n) >> shift
	} else { // a 64-bit field not on a byte boundary: nine bytes
		v = tv.uintAt(off, 8)>>shift | tv.uintAt(off+8, 1)<<(64-shift)
	}
	if bitSize < 64 {
		v &= 1<<bitSize - 1
	}
	return v
}

// intValue is an integer's "(type)value,": a char as 'c', an unsigned
// 64-bit integer unsigned, the others as signed 64-bit values of their
// size and signedness; a bit-field's value (not shown when 0: "").
func (tv *typedVisitor) intValue(t *sink.Type, bitOff, bitSize int) string {
	off := bitOff / 8
	var n int64
	if bitSize != 0 && bitSize != 8 && bitSize != 16 && bitSize != 32 && bitSize != 64 {
		u := tv.bitField(bitOff, bitSize)
		if u == 0 {
			return ""
		}
		n = int64(u)
	} else {
		size := t.Size
		if bitSize != 0 {
			size = bitSize / 8
		}
		u := tv.uintAt(off, size)
		switch size {
		case 1:
			n = int64(uint8(u))
			if t.Signed {
				n = int64(int8(u))
			}
		case 2:
			n = int64(uint16(u))
			if t.Signed {
				n = int64(int16(u))
			}
		case 4:
			n = int64(uint32(u))
			if t.Signed {
				n = int64(int32(u))
			}
		case 8:
			if !t.Signed {
				return "(" + t.Name + ")" + strconv.FormatUint(u, 10) + ","
			}
			n = int64(u)
		default:
			return "(" + t.Name + ")?(" + strconv.Itoa(size*8) + " bit value),"
		}
	}
	if t.Char && t.Name == "char" {
		return "(" + t.Name + ")'" + string([]byte{byte(n)}) + "',"
	}
	return "(" + t.Name + ")" + strconv.FormatInt(n, 10) + ","
}
