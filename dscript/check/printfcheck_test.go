package check_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
)

var (
	intT      = types.IntType
	uintT     = types.UIntType
	charT     = types.CharType
	ucharT    = types.UCharType
	shortT    = types.ShortType
	ushortT   = types.UShortType
	longT     = types.LongType
	ulongT    = types.ULongType
	llT       = types.LongLongType
	ullT      = types.ULongLongType
	boolT     = types.BoolType
	floatT    = types.FloatType
	doubleT   = types.DoubleType
	ldoubleT  = types.LDoubleType
	strT      = types.StringType
	int32T    = types.NewTypedef("int32_t", "C", types.IntType)
	int64T    = types.NewTypedef("int64_t", "C", types.LongType)
	uint64T   = types.NewTypedef("uint64_t", "C", types.ULongType)
	myI64T    = types.NewTypedef("my64_t", "", int64T)
	charPtr   = types.PointerTo(types.CharType)
	cCharPtr  = types.PointerTo(types.WithQual(types.CharType, types.Const))
	intPtr    = types.PointerTo(types.IntType)
	voidPtr   = types.PointerTo(types.VoidType)
	charArr   = types.ArrayOf(types.CharType, 16)
	ucharArr  = types.ArrayOf(types.UCharType, 8)
	intArr    = types.ArrayOf(types.IntType, 4)
	longArr   = types.ArrayOf(types.LongType, 1)
	enumT     = &types.Type{Kind: types.Enum, Name: "e", Size: 4, Complete: true}
	structT   = &types.Type{Kind: types.Struct, Name: "s", Size: 8, Complete: true}
	stackT    = types.StackType
	symT      = types.SymAddrType
	usymT     = types.USymAddrType
	constIntT = types.WithQual(types.IntType, types.Const)
)

func argTypeMsg(fn string, argn, conv int, name, proto string, arg *types.Type) string {
	return fmt.Sprintf("%s( ) argument #%d is incompatible with conversion #%d prototype:\n"+
		"\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s", fn, argn, conv, name, proto, arg)
}

// TestCheckPrintfConversions checks each conversion against good and bad
// argument types, and the C conversion DTrace prints a good one with.
func TestCheckPrintfConversions(t *testing.T) {
	tests := []struct {
		conv string
		good map[*types.Type]string // type -> OutFmt
		bad  []*types.Type
	}{
		{"d", map[*types.Type]string{intT: "d", uintT: "u", charT: "d", ucharT: "u", shortT: "d",
			longT: "lld", ulongT: "llu", llT: "lld", int64T: "lld", uint64T: "llu", enumT: "u",
			boolT: "u", constIntT: "d"},
			[]*types.Type{strT, charPtr, intPtr, charArr, floatT, structT, stackT, symT, usymT}},
		{"i", map[*types.Type]string{intT: "i", uintT: "u", longT: "lli"}, []*types.Type{strT, voidPtr}},
		{"u", map[*types.Type]string{intT: "u", longT: "llu", enumT: "u", charT: "u"}, []*types.Type{strT, intPtr, symT}},
		{"o", map[*types.Type]string{intT: "o", ullT: "llo"}, []*types.Type{strT, intPtr}},
		{"x", map[*types.Type]string{intT: "x", int64T: "llx", shortT: "x"}, []*types.Type{strT, intPtr, doubleT, stackT}},
		{"X", map[*types.Type]string{uintT: "X", ulongT: "llX"}, []*types.Type{charArr}},
		{"c", map[*types.Type]string{charT: "c", intT: "c", uintT: "c", shortT: "c", enumT: "c"},
			[]*types.Type{longT, int64T, strT, charPtr}},
		{"C", map[*types.Type]string{charT: "s", intT: "s"}, []*types.Type{longT, strT}},
		{"p", map[*types.Type]string{intPtr: "llx", voidPtr: "llx", charPtr: "llx", intT: "x", longT: "llx",
			charArr: "x", longArr: "llx"},
			[]*types.Type{strT, structT, symT, usymT, stackT, floatT}},
		{"a", map[*types.Type]string{symT: "s", intPtr: "s", longT: "s", intT: "s", charArr: "s"},
			[]*types.Type{usymT, stackT, strT, structT}},
		{"A", map[*types.Type]string{usymT: "s"}, []*types.Type{symT, intPtr, longT, stackT, strT}},
		{"k", map[*types.Type]string{stackT: "s"}, []*types.Type{intT, longT, ullT, strT, symT}},
		{"s", map[*types.Type]string{strT: "s", charArr: "s", ucharArr: "s", types.NewString(1024): "s"},
			[]*types.Type{charPtr, cCharPtr, intT, intArr, structT, stackT, symT}},
		{"S", map[*types.Type]string{strT: "s", charArr: "s"}, []*types.Type{charPtr, intT}},
		{"ls", map[*types.Type]string{intArr: "ls", types.ArrayOf(uintT, 2): "ls"},
			[]*types.Type{charArr, strT, longArr, intT}},
		{"ws", map[*types.Type]string{intArr: "ws"}, []*types.Type{strT}},
		{"e", map[*types.Type]string{floatT: "e", doubleT: "e", ldoubleT: "Le"}, []*types.Type{intT, longT, strT}},
		{"E", map[*types.Type]string{doubleT: "E"}, []*types.Type{intT}},
		{"f", map[*types.Type]string{doubleT: "f", ldoubleT: "Lf"}, []*types.Type{intT}},
		{"g", map[*types.Type]string{floatT: "g"}, []*types.Type{intT}},
		{"G", map[*types.Type]string{floatT: "G"}, []*types.Type{intT}},
		{"Lf", map[*types.Type]string{ldoubleT: "Lf"}, []*types.Type{doubleT, floatT, intT}},
		{"Le", map[*types.Type]string{ldoubleT: "Le"}, []*types.Type{doubleT}},
		{"LE", map[*types.Type]string{ldoubleT: "LE"}, []*types.Type{doubleT}},
		{"Lg", map[*types.Type]string{ldoubleT: "Lg"}, []*types.Type{doubleT}},
		{"LG", map[*types.Type]string{ldoubleT: "LG"}, []*types.Type{doubleT}},
		{"hd", map[*types.Type]string{shortT: "d", enumT: "d"}, []*types.Type{ushortT, intT, charT, strT}},
		{"hi", map[*types.Type]string{shortT: "i"}, []*types.Type{ushortT, intT}},
		{"ho", map[*types.Type]string{ushortT: "o"}, []*types.Type{shortT, intT}},
		{"hu", map[*types.Type]string{ushortT: "u", enumT: "u"}, []*types.Type{shortT, uintT}},
		{"hx", map[*types.Type]string{shortT: "x", ushortT: "x"}, []*types.Type{intT, charT, enumT}},
		{"hX", map[*types.Type]string{shortT: "X"}, []*types.Type{intT}},
		{"ld", map[*types.Type]string{longT: "lld", llT: "lld", int64T: "lld", enumT: "d"},
			[]*types.Type{ulongT, intT, uint64T, strT}},
		{"li", map[*types.Type]string{longT: "lli"}, []*types.Type{intT}},
		{"lo", map[*types.Type]string{ulongT: "llo", uint64T: "llo", ullT: "llo"}, []*types.Type{longT, uintT}},
		{"lu", map[*types.Type]string{ulongT: "llu", uint64T: "llu"}, []*types.Type{longT, uintT, intT}},
		{"lx", map[*types.Type]string{longT: "llx", ulongT: "llx", int64T: "llx", uint64T: "llx"},
			[]*types.Type{llT, ullT, intT, intPtr}},
		{"lX", map[*types.Type]string{longT: "llX"}, []*types.Type{llT}},
		{"lld", map[*types.Type]string{llT: "lld", longT: "lld", int64T: "lld"}, []*types.Type{ullT, intT}},
		{"lli", map[*types.Type]string{llT: "lli"}, []*types.Type{ullT}},
		{"llo", map[*types.Type]string{ullT: "llo", ulongT: "llo"}, []*types.Type{llT}},
		{"llu", map[*types.Type]string{ullT: "llu", uint64T: "llu"}, []*types.Type{llT, intT}},
		{"llx", map[*types.Type]string{llT: "llx", ullT: "llx", int64T: "llx", uint64T: "llx", myI64T: "llx"},
			[]*types.Type{longT, ulongT, intT, types.NewTypedef("foo_t", "", longT)}},
		{"llX", map[*types.Type]string{llT: "llX", uint64T: "llX"}, []*types.Type{longT}},
		{"lc", map[*types.Type]string{intT: "lc", int32T: "lc", enumT: "lc"}, []*types.Type{uintT, charT, longT}},
		{"wc", map[*types.Type]string{intT: "wc"}, []*types.Type{uintT, shortT}},
		{"Y", map[*types.Type]string{uint64T: "s", longT: "s", ullT: "s", int64T: "s"},
			[]*types.Type{intT, uintT, strT, stackT, intPtr}},
		{"T", map[*types.Type]string{uint64T: "s", longT: "s"}, []*types.Type{intT, strT}},
	}
	for _, tt := range tests {
		f, err := printf.Parse("%" + tt.conv)
		if err != nil {
			t.Fatalf("%%%s: %v", tt.conv, err)
		}
		cv, _ := f.Convs[0].Dict()
		for ty, out := range tt.good {
			if p := check.CheckPrintf(f, "printf", []*types.Type{ty}); p != nil {
				t.Errorf("%%%s with %s: %s", tt.conv, ty, p.Msg)
				continue
			}
			if got := f.Convs[0].OutFmt; got != out {
				t.Errorf("%%%s with %s: OutFmt %q, want %q", tt.conv, ty, got, out)
			}
		}
		for _, ty := range tt.bad {
			p := check.CheckPrintf(f, "printf", []*types.Type{ty})
			want := argTypeMsg("printf", 2, 1, tt.conv, cv.Proto, ty)
			if p == nil {
				t.Errorf("%%%s with %s: accepted", tt.conv, ty)
			} else if p.Tag != diag.D_PRINTF_ARG_TYPE || p.Msg != want || p.Arg != 0 {
				t.Errorf("%%%s with %s:\n got [%s] %q (arg %d)\nwant [D_PRINTF_ARG_TYPE] %q", tt.conv, ty, p.Tag, p.Msg, p.Arg, want)
			}
		}
	}
}

func TestCheckPrintfSignedFlag(t *testing.T) {
	f, _ := printf.Parse("%d %d %i")
	if p := check.CheckPrintf(f, "printf", []*types.Type{intT, uintT, longT}); p != nil {
		t.Fatal(p.Msg)
	}
	if f.Convs[0].Flags&printf.FlagSigned == 0 || f.Convs[1].Flags&printf.FlagSigned != 0 || f.Convs[2].Flags&printf.FlagSigned == 0 {
		t.Errorf("signed flags: %v %v %v", f.Convs[0].Flags, f.Convs[1].Flags, f.Convs[2].Flags)
	}
	// Checking again with other types recomputes.
	if p := check.CheckPrintf(f, "printf", []*types.Type{uintT, intT, ulongT}); p != nil {
		t.Fatal(p.Msg)
	}
	if f.Convs[0].Flags&printf.FlagSigned != 0 || f.Convs[0].OutFmt != "u" || f.Convs[1].OutFmt != "d" || f.Convs[2].OutFmt != "llu" {
		t.Errorf("after recheck: %+v %+v %+v", *f.Convs[0], *f.Convs[1], *f.Convs[2])
	}
}

func TestCheckPrintfTarget(t *testing.T) {
	f, _ := printf.Parse("%A")
	for _, ty := range []*types.Type{usymT, intPtr, longT, intT} {
		if p := check.ValidatePrintf(f, check.PrintfValidation{Func: "printf", Args: []*types.Type{ty}, Target: true}); p != nil {
			t.Errorf("%%A with %s and a target: %s", ty, p.Msg)
		}
	}
	p := check.CheckPrintf(f, "printf", []*types.Type{intPtr})
	want := "printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
		"\tconversion: %A\n\t prototype: pointer or integer (with -p/-c) or _usymaddr (without -p/-c)\n" +
		"\t  argument: int *"
	if p == nil || p.Msg != want {
		t.Errorf("%%A with int * and no target: %v, want %q", p, want)
	}
	if p := check.ValidatePrintf(f, check.PrintfValidation{Func: "printf", Args: []*types.Type{strT}, Target: true}); p == nil {
		t.Errorf("%%A with string and a target: accepted")
	}
}

func TestCheckPrintf(t *testing.T) {
	tests := []struct {
		fn, format string
		args       []*types.Type
		tag        diag.Tag // "" for success
		msg        string
		arg        int
		outs       []string // OutFmt of each conversion on success
	}{
		{"printf", "hello\n", nil, "", "", 0, nil},
		{"printf", "%d %s\n", []*types.Type{intT, strT}, "", "", 0, []string{"d", "s"}},
		{"printf", "%d\n", []*types.Type{strT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string", 0, nil},
		{"printf", "%s %d %s", []*types.Type{strT, intT, charPtr}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #4 is incompatible with conversion #3 prototype:\n" +
				"\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: char *", 2, nil},
		{"printf", "%% %d", []*types.Type{structT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #2 prototype:\n" +
				"\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: struct s", 0, nil},
		{"printf", "%%", nil, "", "", 0, []string{"%"}},
		{"printf", "", nil, diag.D_PRINTF_FMT_EMPTY, "printf( ) format string is empty", -1, nil},
		{"system", "", nil, diag.D_PRINTF_FMT_EMPTY, "system( ) format string is empty", -1, nil},
		{"printf", "%d %d", []*types.Type{intT}, diag.D_PRINTF_ARG_PROTO,
			"printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument", -1, nil},
		{"printf", "%lld", nil, diag.D_PRINTF_ARG_PROTO,
			"printf( ) prototype mismatch: conversion #1 (%lld) is missing a corresponding value argument", -1, nil},
		{"printf", "%d\n", []*types.Type{intT, intT}, diag.D_PRINTF_ARG_EXTRA,
			"printf( ) prototype mismatch: only 1 arguments required by this format string", 1, nil},
		{"freopen", "/tmp/out", []*types.Type{intT}, diag.D_PRINTF_ARG_EXTRA,
			"freopen( ) prototype mismatch: only 0 arguments required by this format string", 0, nil},
		{"printf", "%*d", []*types.Type{intT, longT}, "", "", 0, []string{"lld"}},
		{"printf", "%.*s|%*.*d", []*types.Type{longT, strT, charT, uintT, ucharT}, "", "", 0, []string{"s", "u"}},
		{"printf", "%*d", []*types.Type{strT, intT}, diag.D_PRINTF_DYN_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: % * d\n\t prototype: int\n\t  argument: string", 0, nil},
		{"printf", "%d %*.*s", []*types.Type{intT, intT, charPtr, strT}, diag.D_PRINTF_DYN_TYPE,
			"printf( ) argument #4 is incompatible with conversion #2 prototype:\n" +
				"\tconversion: % .* s\n\t prototype: int\n\t  argument: char *", 2, nil},
		{"printf", "%*d", nil, diag.D_PRINTF_DYN_PROTO,
			"printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \"*\" argument", -1, nil},
		{"printf", "%*.*d", []*types.Type{intT}, diag.D_PRINTF_DYN_PROTO,
			"printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \".*\" argument", -1, nil},
		{"printf", "%.*lx", []*types.Type{intT}, diag.D_PRINTF_ARG_PROTO,
			"printf( ) prototype mismatch: conversion #1 (%lx) is missing a corresponding value argument", -1, nil},
		{"printf", "%@d", []*types.Type{intT}, diag.D_PRINTF_AGG_CONV,
			"%@ conversion requires an aggregation and is not for use with printf( )", -1, nil},
		{"printf", "%k %a", []*types.Type{stackT, symT}, "", "", 0, []string{"s", "s"}},
		{"printf", "%d", []*types.Type{stackT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: dt_stack_t", 0, nil},
		{"printf", "%k", []*types.Type{intT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %k\n\t prototype: stack\n\t  argument: int", 0, nil},
		{"printf", "%Y", []*types.Type{intT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %Y\n\t prototype: int64_t\n\t  argument: int", 0, nil},
		{"printf", "%ld", []*types.Type{intT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %ld\n\t prototype: long\n\t  argument: int", 0, nil},
		{"printf", "%llx", []*types.Type{longT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %llx\n\t prototype: long long\n\t  argument: long", 0, nil},
		{"printf", "%f", []*types.Type{intT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %f\n\t prototype: float, double, or long double\n\t  argument: int", 0, nil},
		{"printf", "%p", []*types.Type{strT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %p\n\t prototype: pointer or integer\n\t  argument: string", 0, nil},
		{"printf", "%ls", []*types.Type{charArr}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %ls\n\t prototype: wchar_t []\n\t  argument: char [16]", 0, nil},
		{"printf", "%c", []*types.Type{longT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %c\n\t prototype: char, short, or int\n\t  argument: long", 0, nil},
		{"printf", "%hu", []*types.Type{shortT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %hu\n\t prototype: unsigned short\n\t  argument: short", 0, nil},
		// The first problem wins: a bad '*' before a missing value.
		{"printf", "%*d %d", []*types.Type{strT}, diag.D_PRINTF_DYN_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: % * d\n\t prototype: int\n\t  argument: string", 0, nil},
		// A bad type before extra arguments.
		{"printf", "%s", []*types.Type{intT, intT}, diag.D_PRINTF_ARG_TYPE,
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int", 0, nil},
	}
	for _, tt := range tests {
		f, err := printf.Parse(tt.format)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.format, err)
		}
		p := check.CheckPrintf(f, tt.fn, tt.args)
		name := fmt.Sprintf("%s(%q, %v)", tt.fn, tt.format, tt.args)
		if tt.tag == "" {
			if p != nil {
				t.Errorf("%s: %s", name, p.Msg)
				continue
			}
			var outs []string
			for _, c := range f.Convs {
				outs = append(outs, c.OutFmt)
			}
			if strings.Join(outs, ",") != strings.Join(tt.outs, ",") {
				t.Errorf("%s: OutFmts %q, want %q", name, outs, tt.outs)
			}
			continue
		}
		if p == nil {
			t.Errorf("%s: accepted, want [%s] %q", name, tt.tag, tt.msg)
			continue
		}
		if p.Tag != tt.tag || p.Msg != tt.msg || p.Arg != tt.arg {
			t.Errorf("%s:\n got [%s] %q (arg %d)\nwant [%s] %q (arg %d)", name, p.Tag, p.Msg, p.Arg, tt.tag, tt.msg, tt.arg)
		}
	}
}

func TestCheckPrinta(t *testing.T) {
	tests := []struct {
		format string
		keys   []*types.Type
		value  *types.Type
		tag    diag.Tag
		msg    string
		arg    int
		outs   []string
	}{
		{"%d %s %@d\n", []*types.Type{intT, strT}, int64T, "", "", 0, []string{"d", "s", "lld"}},
		{"%@d\n", []*types.Type{intT, strT}, uint64T, "", "", 0, []string{"llu"}}, // keys may go unused
		{"%@u %@x %@llx %@lx %@ld %@Y", nil, int64T, "", "", 0, []string{"llu", "llx", "llx", "llx", "lld", "s"}},
		{"%s\n", []*types.Type{strT}, int64T, "", "", 0, []string{"s"}}, // no %@ at all
		{"%k %@8d", []*types.Type{stackT}, int64T, "", "", 0, []string{"s", "lld"}},
		{"%*d %@d", []*types.Type{intT, intT}, int64T, "", "", 0, []string{"d", "lld"}},
		{"%@*d", []*types.Type{intT}, int64T, "", "", 0, []string{"lld"}}, // '*' takes a key
		{"%@*d", nil, int64T, diag.D_PRINTF_DYN_PROTO,
			"printa( ) prototype mismatch: conversion #1 (%d) is missing a corresponding \"*\" argument", -1, nil},
		{"%s %@d", []*types.Type{intT}, int64T, diag.D_PRINTF_ARG_TYPE,
			"printa( ) argument #2 is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int", 0, nil},
		{"%d %d %@d", []*types.Type{intT}, int64T, diag.D_PRINTF_ARG_PROTO,
			"printa( ) prototype mismatch: conversion #2 (%d) is missing a corresponding value argument", -1, nil},
		{"%@s", nil, int64T, diag.D_PRINTF_ARG_TYPE,
			"printa( ) aggregating action is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int64_t", check.PrintaValue, nil},
		{"%d %@c", []*types.Type{intT}, uint64T, diag.D_PRINTF_ARG_TYPE,
			"printa( ) aggregating action is incompatible with conversion #2 prototype:\n" +
				"\tconversion: %c\n\t prototype: char, short, or int\n\t  argument: uint64_t", check.PrintaValue, nil},
		{"%@llu", nil, int64T, diag.D_PRINTF_ARG_TYPE,
			"printa( ) aggregating action is incompatible with conversion #1 prototype:\n" +
				"\tconversion: %llu\n\t prototype: unsigned long long\n\t  argument: int64_t", check.PrintaValue, nil},
		{"", nil, int64T, diag.D_PRINTF_FMT_EMPTY, "printa( ) format string is empty", -1, nil},
	}
	for _, tt := range tests {
		f, err := printf.Parse(tt.format)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.format, err)
		}
		p := check.CheckPrinta(f, tt.keys, tt.value)
		name := fmt.Sprintf("printa(%q, keys %v, value %s)", tt.format, tt.keys, tt.value)
		if tt.tag == "" {
			if p != nil {
				t.Errorf("%s: %s", name, p.Msg)
				continue
			}
			var outs []string
			for _, c := range f.Convs {
				outs = append(outs, c.OutFmt)
			}
			if strings.Join(outs, ",") != strings.Join(tt.outs, ",") {
				t.Errorf("%s: OutFmts %q, want %q", name, outs, tt.outs)
			}
			continue
		}
		if p == nil {
			t.Errorf("%s: accepted, want [%s] %q", name, tt.tag, tt.msg)
			continue
		}
		if p.Tag != tt.tag || p.Msg != tt.msg || p.Arg != tt.arg {
			t.Errorf("%s:\n got [%s] %q (arg %d)\nwant [%s] %q (arg %d)", name, p.Tag, p.Msg, p.Arg, tt.tag, tt.msg, tt.arg)
		}
	}
}

// FuzzCheckPrintf checks that checking any format Parse accepts against a
// few sets of arguments, as printf and as printa, does not panic, nor
// does CFormat of the conversions it leaves.
func FuzzCheckPrintf(f *testing.F) {
	for _, s := range []string{"", "%d", "%-*.*lld", "%@8x %s\n", "%%", "%?p", "%'+ #08x",
		"%1.*A", "%.*5d", "%*d %@d", "%k %a %A %Y %ls"} {
		f.Add(s)
	}
	args := [][]*types.Type{
		nil,
		{intT, intT, intT},
		{strT, longT, charArr},
		{stackT, usymT, symT, uint64T, intArr},
	}
	f.Fuzz(func(t *testing.T, s string) {
		fm, err := printf.Parse(s)
		if err != nil {
			return
		}
		for _, a := range args {
			check.CheckPrintf(fm, "printf", a)
			check.CheckPrinta(fm, a, int64T)
			check.ValidatePrintf(fm, check.PrintfValidation{Func: "printf", Args: a, Target: true})
			for _, c := range fm.Convs {
				c.CFormat(-3, 2)
			}
		}
	})
}
