package types

import "testing"

func TestNames(t *testing.T) {
	st := &Type{Kind: Struct, Name: "foo", Complete: true}
	cc := WithQual(CharType, Const)
	tests := []struct {
		t    *Type
		want string
	}{
		{IntType, "int"},
		{ULongLongType, "unsigned long long"},
		{PointerTo(CharType), "char *"},
		{PointerTo(PointerTo(CharType)), "char **"},
		{ArrayOf(CharType, 256), "char [256]"},
		{PointerTo(ArrayOf(IntType, 5)), "int (*)[5]"},
		{ArrayOf(PointerTo(IntType), 5), "int *[5]"},
		{st, "struct foo"},
		{PointerTo(st), "struct foo *"},
		{PointerTo(cc), "const char *"},
		{StringType, "string"},
		{NewTypedef("uint64_t", "C", ULongType), "uint64_t"},
		{PointerTo(&Type{Kind: Func, Elem: IntType, Params: []*Type{IntType}}), "int (*)(int)"},
		{&Type{Kind: Func, Elem: VoidType}, "void (void)"},
		{&Type{Kind: Union, Name: "u"}, "union u"},
		{&Type{Kind: Enum, Name: "e"}, "enum e"},
	}
	for _, tt := range tests {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestArith(t *testing.T) {
	u64 := NewTypedef("uint64_t", "C", ULongType)
	tests := []struct {
		l, r, want *Type
	}{
		// No promotion to int: the operand of greater rank.
		{CharType, CharType, CharType},
		{ShortType, UCharType, ShortType},
		{UCharType, CharType, UCharType},
		{CharType, IntType, IntType},
		{IntType, UIntType, UIntType},
		{UIntType, IntType, UIntType},
		{LongType, UIntType, LongType},
		{u64, IntType, u64},
		{IntType, u64, u64},
		{LongType, ULongType, ULongType},
	}
	for _, tt := range tests {
		if got := Arith(tt.l, tt.r); got != tt.want {
			t.Errorf("Arith(%s, %s) = %s, want %s", tt.l, tt.r, got, tt.want)
		}
	}
}

func TestCompatible(t *testing.T) {
	st := &Type{Kind: Struct, Name: "s", Complete: true}
	tests := []struct {
		dst, src *Type
		want     bool
	}{
		{IntType, ULongType, true},
		{StringType, PointerTo(CharType), true},
		{StringType, IntType, false},
		{PointerTo(VoidType), PointerTo(st), true},
		{PointerTo(IntType), PointerTo(st), false},
		{PointerTo(st), PointerTo(st), true},
		{StackType, StackType, true},
		{StackType, IntType, false},
	}
	for _, tt := range tests {
		if got := Compatible(tt.dst, tt.src); got != tt.want {
			t.Errorf("Compatible(%s, %s) = %v, want %v", tt.dst, tt.src, got, tt.want)
		}
	}
}

func TestMemberAnonymous(t *testing.T) {
	inner := &Type{Kind: Union, Complete: true, Size: 4, Members: []Member{{Name: "a", Type: IntType}}}
	outer := &Type{Kind: Struct, Name: "o", Complete: true, Size: 8, Members: []Member{
		{Name: "x", Type: IntType},
		{Name: "", Type: inner, Offset: 4, BitOff: 32},
	}}
	m, ok := outer.Member("a")
	if !ok || m.Offset != 4 {
		t.Fatalf("Member(a) = %+v, %v", m, ok)
	}
}
