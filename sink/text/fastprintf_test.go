package text

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/dtrace-go/dtrace/sink"

	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// The fast path prints what the general one does, for every conversion
// it takes, every integer type and a spread of values; the formats it
// does not take are left to the general path.
func TestFastPrintfMatchesGeneral(t *testing.T) {
	ints := []*types.Type{types.CharType, types.UCharType, types.ShortType, types.UShortType,
		types.IntType, types.UIntType, types.LongType, types.ULongType, types.BoolType}
	values := []uint64{0, 1, 7, 127, 128, 255, 256, 32767, 32768, 65535, 1 << 31, 1<<31 - 1, 1<<32 - 1,
		1 << 32, math.MaxInt64, 1 << 63, math.MaxUint64, math.MaxUint64 - 41}
	convs := []string{"d", "i", "u", "x", "X", "p", "ld", "lld", "lu", "lx", "hd", "hu", "hx", "lX", "llu"}
	n := 0
	for _, conv := range convs {
		for _, typ := range ints {
			f, err := printf.Parse("<%" + conv + ">%%|\n")
			if err != nil {
				t.Fatal(err)
			}
			if p := check.CheckPrintf(f, "printf", []*types.Type{typ}); p != nil {
				continue // DTrace rejects the pair at compile time
			}
			for _, v := range values {
				arg := sink.Uint(v, int(typ.Size))
				if typ.IsSigned() {
					arg = sink.Int(int64(v), int(typ.Size))
				}
				compareFast(t, f, fmt.Sprintf("%%%s of %s %#x", conv, typ, v), arg)
				n++
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d cases compared", n)
	}
	f, err := printf.Parse("%d %s\n")
	if err != nil {
		t.Fatal(err)
	}
	check.CheckPrintf(f, "printf", []*types.Type{types.IntType, types.StringType})
	for _, s := range []string{"", "dtrace", "a%sb", "\xff\x01"} {
		compareFast(t, f, fmt.Sprintf("%%d %%s of %q", s), sink.Int(-12, 4), sink.String(s, 256))
	}
}

// compareFast checks that f renders args on the fast path as the general
// path renders them.
func compareFast(t *testing.T, f *printf.Format, what string, args ...sink.Value) {
	t.Helper()
	var fast, general bytes.Buffer
	p := NewPrinter(&fast, Options{})
	ff := p.fastFormat(f)
	if ff == nil || !ff.fits(args) {
		t.Fatalf("%s: not on the fast path", what)
	}
	if err := p.Printf(f, args...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	want, err := NewPrinter(&general, Options{}).Sprintf(f, args...)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if fast.String() != want {
		t.Errorf("%s: fast path %q, general %q", what, fast.String(), want)
	}
}

// Formats with flags, widths or precisions, other conversions, and
// arguments of other kinds, take the general path.
func TestFastPrintfDeclines(t *testing.T) {
	for _, c := range []struct {
		format string
		typ    *types.Type
	}{
		{"%5d", types.IntType}, {"%-d", types.IntType}, {"%05d", types.IntType}, {"%+d", types.IntType},
		{"% d", types.IntType}, {"%'d", types.IntType}, {"%#x", types.IntType}, {"%.3d", types.IntType},
		{"%*d", types.IntType}, {"%o", types.IntType}, {"%c", types.IntType}, {"%#p", types.IntType},
		{"%10s", types.StringType}, {"%.2s", types.StringType}, {"%S", types.StringType},
		{"%f", types.DoubleType}, {"%a", types.ULongType}, {"%Y", types.ULongType},
	} {
		f, err := printf.Parse(c.format)
		if err != nil {
			t.Fatal(err)
		}
		check.CheckPrintf(f, "printf", []*types.Type{c.typ})
		if ff := newFastFormat(f); ff != nil {
			t.Errorf("%s of %s takes the fast path", c.format, c.typ)
		}
	}
	f, _ := printf.Parse("%d %s")
	check.CheckPrintf(f, "printf", []*types.Type{types.IntType, types.StringType})
	ff := newFastFormat(f)
	if ff == nil {
		t.Fatalf("%q does not take the fast path", f.Source)
	}
	for _, args := range [][]sink.Value{
		{sink.Int(1, 4)},
		{sink.Int(1, 4), sink.String("x", 256), sink.Int(2, 4)},
		{sink.String("x", 256), sink.Int(1, 4)},
		{sym(sink.KindMod, 0, 0xffff, "mod"), sink.String("x", 256)},
		{sink.Float(1.5), sink.String("x", 256)},
	} {
		if ff.fits(args) {
			t.Errorf("args %v fit the fast path", args)
		}
	}
}
