package text

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/sink"
)

var (
	tInt   = &sink.Type{Kind: sink.TypeInt, Name: "int", Size: 4, Signed: true}
	tUInt  = &sink.Type{Kind: sink.TypeInt, Name: "unsigned int", Size: 4}
	tChar  = &sink.Type{Kind: sink.TypeInt, Name: "char", Size: 1, Signed: true, Char: true}
	tULong = &sink.Type{Kind: sink.TypeInt, Name: "unsigned long", Size: 8}
	tLong  = &sink.Type{Kind: sink.TypeInt, Name: "long", Size: 8, Signed: true}
	tPtr   = &sink.Type{Kind: sink.TypePointer, Name: "char *", Size: 8}
	tEnum  = &sink.Type{Kind: sink.TypeEnum, Name: "enum color", Size: 4,
		Enums: []sink.Enumerator{{Name: "RED"}, {Name: "GREEN", Value: 1}}}
)

func structOf(name string, size int, ms ...sink.TypeMember) *sink.Type {
	return &sink.Type{Kind: sink.TypeStruct, Name: name, Size: size, Members: ms}
}

func member(name string, t *sink.Type, off int) sink.TypeMember {
	return sink.TypeMember{Name: name, Type: t, BitOffset: off * 8}
}

// le writes little-endian values at offsets into a buffer of n bytes.
func le(n int, at map[int]any) []byte {
	b := make([]byte, n)
	for off, v := range at {
		var w bytes.Buffer
		binary.Write(&w, binary.LittleEndian, v)
		copy(b[off:], w.Bytes())
	}
	return b
}

func TestWriteTyped(t *testing.T) {
	pad := strings.Repeat(" ", printStartIndent)
	lines := func(ls ...string) string {
		var b strings.Builder
		for _, l := range ls {
			n := 0
			for n < len(l) && l[n] == '|' {
				n++
			}
			b.WriteString(pad + strings.Repeat(" ", n) + l[n:] + "\n")
		}
		return b.String()
	}
	inner := structOf("struct inner", 16, member("x", tInt, 0), member("y", tLong, 8))
	arr := &sink.Type{Kind: sink.TypeArray, Name: "char [8]", Size: 8, Elem: tChar, Len: 8}
	outer := structOf("struct s", 48,
		member("a", tInt, 0),
		member("name", arr, 4),
		member("in", inner, 16),
		member("c", tEnum, 32),
		member("p", tPtr, 40),
	)
	bits := structOf("struct bits", 4,
		sink.TypeMember{Name: "lo", Type: tUInt, BitOffset: 0, BitSize: 3},
		sink.TypeMember{Name: "mid", Type: tUInt, BitOffset: 3, BitSize: 7},
		sink.TypeMember{Name: "hi", Type: tUInt, BitOffset: 10, BitSize: 22},
	)
	pair := structOf("struct pair", 8, member("a", tInt, 0), member("b", tInt, 4))
	pairs := &sink.Type{Kind: sink.TypeArray, Name: "struct pair [3]", Size: 24, Elem: pair, Len: 3}
	anon := structOf("struct u", 8, sink.TypeMember{Type: &sink.Type{Kind: sink.TypeUnion, Name: "union", Size: 4,
		Members: []sink.TypeMember{member("i", tInt, 0), member("u", tUInt, 0)}}, BitOffset: 0},
		member("last", tInt, 4))

	tests := []struct {
		name string
		v    sink.Value
		want string
	}{
		{"struct", sink.Typed(0xffff1000, outer, le(48, map[int]any{0: int32(42), 4: []byte("hi"), 16: int32(-1), 24: int64(7), 32: int32(1), 40: uint64(0x1234)})),
			"0xffff1000 = *\n" + lines("(struct s) {", "|.a = (int)42,", "|.name = (char [8]) [", "||(char)'h',", "||(char)'i',", "|],",
				"|.in = (struct inner) {", "||.x = (int)-1,", "||.y = (long)7,", "|},", "|.c = (enum color)GREEN,", "|.p = (char *)0x1234,", "}")},
		{"nested last", sink.Typed(8, outer, le(48, map[int]any{24: int64(5)})),
			"0x8 = *\n" + lines("(struct s) {", "|.in = (struct inner) {", "||.y = (long)5,", "|},", "}")},
		{"zero", sink.Typed(8, outer, make([]byte, 48)), "0x8 = *\n" + lines("(struct s) {", "}")},
		{"enum unknown", sink.Typed(8, structOf("struct e", 4, member("c", tEnum, 0)), le(4, map[int]any{0: int32(7)})),
			"0x8 = *\n" + lines("(struct e) {", "|.c = (enum color)7,", "}")},
		{"scalar", sink.Typed(16, tInt, le(4, map[int]any{0: int32(0)})), "0x10 = *\n" + lines("(int)0,")},
		{"ulong", sink.Typed(16, tULong, le(8, map[int]any{0: ^uint64(0)})), "0x10 = *\n" + lines("(unsigned long)18446744073709551615,")},
		{"bit-fields", sink.Typed(8, bits, le(4, map[int]any{0: uint32(5 | 0<<3 | 1234<<10)})),
			"0x8 = *\n" + lines("(struct bits) {", "|.lo = (unsigned int)5,", "|.hi = (unsigned int)1234,", "}")},
		{"array of structs", sink.Typed(8, structOf("struct ps", 24, member("ps", pairs, 0)), le(24, map[int]any{0: int32(1), 20: int32(6)})),
			"0x8 = *\n" + lines("(struct ps) {", "|.ps = (struct pair [3]) [", "||(struct pair) {", "|||.a = (int)1,", "||},",
				"||(struct pair) {", "|||.b = (int)6,", "||},", "|],", "}")},
		{"anonymous union", sink.Typed(8, anon, le(8, map[int]any{0: int32(3)})),
			"0x8 = *\n" + lines("(struct u) {", "|(union) {", "||.i = (int)3,", "||.u = (unsigned int)3,", "|},", "}")},
		{"truncated", sink.Typed(8, outer, le(20, map[int]any{0: int32(1), 16: int32(2)})),
			"0x8 = *\n" + lines("(struct s) {", "|.a = (int)1,", "|.in = (struct inner) {", "||.x = (int)2,", "||...", "|},", "}")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			writeTyped(&b, tt.v)
			if got := b.String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestWriteTypedDepth checks that nesting deeper than DTrace shows stops
// the value with "..." and closes what was open.
func TestWriteTypedDepth(t *testing.T) {
	ty := tInt
	for i := 0; i < printMaxDepth; i++ {
		ty = structOf("struct n", 4, member("n", ty, 0))
	}
	var b strings.Builder
	writeTyped(&b, sink.Typed(8, ty, le(4, map[int]any{0: int32(1)})))
	got := b.String()
	if !strings.Contains(got, strings.Repeat(" ", printStartIndent+printMaxDepth)+"...\n") || strings.Contains(got, "(int)1") {
		t.Errorf("got\n%s", got)
	}
	if !strings.HasSuffix(got, strings.Repeat(" ", printStartIndent)+"}\n") {
		t.Errorf("not closed:\n%s", got)
	}
}
