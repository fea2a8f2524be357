package text

// Golden tests whose expected output is the expected-results (.r) file of a
// test in DTrace's own test suite (oracle/dtrace-utils, test/unittest/...),
// fed with the data the test's D program records.

import (
	"bytes"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/sink"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
)

var ptrRE = regexp.MustCompile(`0x[0-9a-fA-F]+`)

// ptrs applies the test suite's substitution of hex numbers.
func ptrs(s string) string { return ptrRE.ReplaceAllString(s, "{ptr}") }

func sortedLines(s string) string {
	l := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	sort.Strings(l)
	return strings.Join(l, "\n") + "\n"
}

func checked(t *testing.T, src string, args ...*types.Type) *printf.Format {
	t.Helper()
	f, err := printf.Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	if p := check.CheckPrintf(f, "printf", args); p != nil {
		t.Fatalf("CheckPrintf(%q): %v", src, p)
	}
	return f
}

func checkedPrinta(t *testing.T, src string, value *types.Type, keys ...*types.Type) *printf.Format {
	t.Helper()
	f, err := printf.Parse(src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	if p := check.CheckPrinta(f, keys, value); p != nil {
		t.Fatalf("CheckPrinta(%q): %v", src, p)
	}
	return f
}

func diff(t *testing.T, name, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s: got\n%s\nwant\n%s\ngot  %q\nwant %q", name, got, want, got, want)
	}
}

// test/unittest/printf/tst.basics.d
func TestSuitePrintfBasics(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	i := sink.Int('a', 4)
	pr := func(src string, ty *types.Type, v sink.Value) {
		t.Helper()
		var tys []*types.Type
		args := []sink.Value{}
		if ty != nil {
			tys = append(tys, ty)
			args = append(args, v)
		}
		if err := p.Printf(checked(t, src, tys...), args...); err != nil {
			t.Fatal(err)
		}
	}
	pr("\n", nil, sink.Value{})
	pr("%%a = %a\n", types.PointerTo(types.LongType), sink.Uint(0xffffffff82a1c8d8, 8))
	pr("%%c = %c\n", types.IntType, i)
	pr("%%d = %d\n", types.IntType, i)
	pr("%%hd = %hd\n", types.ShortType, sink.Int('a', 2))
	pr("%%hi = %hi\n", types.ShortType, sink.Int('a', 2))
	pr("%%ho = %ho\n", types.UShortType, sink.Uint('a', 2))
	pr("%%hu = %hu\n", types.UShortType, sink.Uint('a', 2))
	pr("%%hx = %hx\n", types.UShortType, sink.Uint('a', 2))
	pr("%%hX = %hX\n", types.UShortType, sink.Uint('a', 2))
	pr("%%i = %i\n", types.IntType, i)
	pr("%%lc = %lc\n", types.IntType, i)
	pr("%%ld = %ld\n", types.LongType, sink.Int('a', 8))
	pr("%%li = %li\n", types.LongType, sink.Int('a', 8))
	pr("%%lo = %lo\n", types.ULongType, sink.Uint('a', 8))
	pr("%%lu = %lu\n", types.ULongType, sink.Uint('a', 8))
	pr("%%lx = %lx\n", types.ULongType, sink.Uint('a', 8))
	pr("%%lX = %lX\n", types.ULongType, sink.Uint('a', 8))
	pr("%%o = %o\n", types.UIntType, sink.Uint('a', 4))
	pr("%%p = %p\n", types.PointerTo(types.VoidType), sink.Uint('a', 8))
	pr("%%s = %s\n", types.StringType, sink.String("hello", 256))
	pr("%%u = %u\n", types.UIntType, sink.Uint('a', 4))
	pr("%%x = %x\n", types.UIntType, sink.Uint('a', 4))
	pr("%%X = %X\n", types.UIntType, sink.Uint('a', 4))
	if err := p.Exit(nil); err != nil {
		t.Fatal(err)
	}
	want := "\n%a = {ptr}\n%c = a\n%d = 97\n%hd = 97\n%hi = 97\n%ho = 141\n%hu = 97\n%hx = 61\n%hX = 61\n%i = 97\n%lc = a\n%ld = 97\n%li = 97\n%lo = 141\n%lu = 97\n%lx = 61\n%lX = 61\n%o = 141\n%p = 61\n%s = hello\n%u = 97\n%x = 61\n%X = 61\n\n"
	diff(t, "tst.basics", ptrs(out.String()), want)
}

// test/unittest/printf/tst.flags.d and tst.widths1.d
func TestSuitePrintfFlagsWidths(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	pr := func(src string, ty *types.Type, v sink.Value) {
		t.Helper()
		if err := p.Printf(checked(t, src, ty), v); err != nil {
			t.Fatal(err)
		}
	}
	p.Printf(checked(t, "\n"))
	pr("# %#8x\n", types.IntType, sink.Int(0x123, 4))
	pr("0 %08x\n", types.IntType, sink.Int(0x123, 4))
	pr("- %-8x\n", types.IntType, sink.Int(0x123, 4))
	pr("+ %+8d\n", types.IntType, sink.Int(123, 4))
	pr("  % 8d\n", types.IntType, sink.Int(123, 4))
	p.Exit(nil)
	diff(t, "tst.flags", ptrs(out.String()), "\n#    {ptr}\n0 00000123\n- 123     \n+     +123\n       123\n\n")

	out.Reset()
	p.Printf(checked(t, "\n"))
	for x := int64(0); x < 6; x++ {
		pr("%?d\n", types.IntType, sink.Int(x, 4))
	}
	p.Exit(nil)
	diff(t, "tst.widths1", out.String(), "\n               0\n               1\n               2\n               3\n               4\n               5\n\n")
}

// test/unittest/aggs/tst.signedkeys.d: trace() of signed integers under -q,
// and 8-, 16-, 32- and 64-bit keys sorted (unsigned) under aggsortkey.
func TestSuiteSignedKeys(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true, AggSortKey: true})
	nl := sink.String("\n", 256)
	aggs := []*sink.Aggregation{}
	for n, size := range []int{1, 2, 4, 8} {
		a := &sink.Aggregation{ID: n + 1, Agg: abi.Agg{Func: abi.AggSum}}
		for v := int64(-2); v <= 2; v++ {
			p.Trace(sink.Int(v, size))
			p.Trace(nl)
			a.Entries = append(a.Entries, &sink.Entry{Key: []sink.Value{sink.Int(v, size)}, AggValue: abi.AggValue{Value: v}})
		}
		if size != 8 {
			p.Trace(nl)
		}
		aggs = append(aggs, a)
	}
	p.Exit(aggs)
	want := "-2\n-1\n0\n1\n2\n\n-2\n-1\n0\n1\n2\n\n-2\n-1\n0\n1\n2\n\n-2\n-1\n0\n1\n2\n\n" +
		"   0                0\n   1                1\n   2                2\n 254               -2\n 255               -1\n" +
		"     0                0\n     1                1\n     2                2\n 65534               -2\n 65535               -1\n" +
		"        0                0\n        1                1\n        2                2\n       -2               -2\n       -1               -1\n" +
		"                0                0\n                1                1\n                2                2\n" +
		"               -2               -2\n               -1               -1\n"
	diff(t, "tst.signedkeys", out.String(), want)
}

// test/unittest/aggs/tst.stddev2.d: printa("%9@x\n") of stddev().
func TestSuiteStddev2(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	pairs := [][2]int64{{0, 0}, {0x10, 0x20}, {0x100, 0x200}, {0x1000, 0x2000}, {0x10000, 0x20000},
		{0x100000, 0x200000}, {0x1000000, 0x2000000}, {0x10000000, 0x20000000}, {0x20000000, 0x40000000},
		{0x40000000, 0x80000000}, {0x80000000, 0x100000000}, {0x100000000, 0x200000000}}
	f := checkedPrinta(t, "%9@x\n", types.LongLongType)
	var aggs []*sink.Aggregation
	for i, pr := range pairs {
		e := &sink.Entry{AggValue: abi.AggValue{Count: 2, Sum: pr[0] + pr[1], SumSq: abi.Add128(abi.Square128(pr[0]), abi.Square128(pr[1]))}}
		a := &sink.Aggregation{ID: i + 1, Agg: abi.Agg{Func: abi.AggStddev}, Entries: []*sink.Entry{e}}
		aggs = append(aggs, a)
		if err := p.Printa(f, a); err != nil {
			t.Fatal(err)
		}
	}
	p.Exit(aggs)
	want := "\n        0\n        8\n       80\n      800\n     8000\n    80000\n   800000\n  8000000\n 10000000\n 20000000\n 40000000\n 80000000\n"
	// The test suite compares sorted output.
	diff(t, "tst.stddev2", sortedLines(out.String()), want)
}

// test/unittest/printa/tst.basics.d: printa() formats of each function.
func TestSuitePrintaBasics(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	q := make([]int64, abi.QuantizeBuckets)
	q[abi.QuantizeBucket(1)] = 1
	lq := make([]int64, abi.LQuantizeLevels(1, 10, 1)+2)
	lq[abi.LQuantizeBucket(1, 1, 10, 1)] = 1
	aggs := []*sink.Aggregation{
		{ID: 1, Name: "a", Agg: abi.Agg{Func: abi.AggAvg}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Count: 1, Sum: 1}}}},
		{ID: 2, Name: "b", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Value: 1}}}},
		{ID: 3, Name: "c", Agg: abi.Agg{Func: abi.AggLQuantize, Base: 1, Levels: 9, Step: 1}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: lq}}}},
		{ID: 4, Name: "d", Agg: abi.Agg{Func: abi.AggMax}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Value: 1}}}},
		{ID: 5, Name: "e", Agg: abi.Agg{Func: abi.AggMin}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Value: 1}}}},
		{ID: 6, Name: "f", Agg: abi.Agg{Func: abi.AggSum}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Value: 1}}}},
		{ID: 7, Name: "g", Agg: abi.Agg{Func: abi.AggQuantize}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: q}}}},
	}
	for _, a := range aggs {
		conv, vt := "%@u", types.LongLongType
		if a.Func == abi.AggCount {
			vt = types.ULongLongType
		}
		if a.Func == abi.AggLQuantize || a.Func == abi.AggQuantize {
			conv = "%@d"
		}
		if err := p.Printa(checkedPrinta(t, "@"+a.Name+" = "+conv+"\n", vt), a); err != nil {
			t.Fatal(err)
		}
	}
	p.Exit(aggs)
	want := "@a = 1\n@b = 1\n@c = \n" +
		"           value  ------------- Distribution ------------- count    \n" +
		"             < 1 |                                         0        \n" +
		"               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n" +
		"               2 |                                         0        \n" +
		"\n@d = 1\n@e = 1\n@f = 1\n@g = \n" +
		"           value  ------------- Distribution ------------- count    \n" +
		"               0 |                                         0        \n" +
		"               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n" +
		"               2 |                                         0        \n" +
		"\n\n"
	diff(t, "printa/tst.basics", out.String(), want)
}

// test/unittest/aggs/tst.trunc-lquantize-5.d: lquantize() tables under
// 32-bit keys, printed at exit sorted by value.
func TestSuiteTruncLquantize(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggLQuantize, Base: 0, Levels: 150, Step: 1}}
	add := func(key, i, incr int64) {
		b := make([]int64, abi.LQuantizeLevels(0, 150, 1)+2)
		for v := i + 1; v <= i+4; v++ {
			b[abi.LQuantizeBucket(v, 0, 150, 1)] += incr
		}
		a.Entries = append(a.Entries, &sink.Entry{Key: []sink.Value{sink.Int(key, 4)}, AggValue: abi.AggValue{Buckets: b}})
	}
	// What trunc(@, 5) left, and the key added after.
	add(301, 101, 20101)
	for i := int64(99); i >= 95; i-- {
		add(100+i, i, 10000+i)
	}
	p.Exit([]*sink.Aggregation{a})
	want := "\n      195\n           value  ------------- Distribution ------------- count    \n              95 |                                         0        \n              96 |@@@@@@@@@@                               10095    \n              97 |@@@@@@@@@@                               10095    \n              98 |@@@@@@@@@@                               10095    \n              99 |@@@@@@@@@@                               10095    \n             100 |                                         0        \n\n      196\n           value  ------------- Distribution ------------- count    \n              96 |                                         0        \n              97 |@@@@@@@@@@                               10096    \n              98 |@@@@@@@@@@                               10096    \n              99 |@@@@@@@@@@                               10096    \n             100 |@@@@@@@@@@                               10096    \n             101 |                                         0        \n\n      197\n           value  ------------- Distribution ------------- count    \n              97 |                                         0        \n              98 |@@@@@@@@@@                               10097    \n              99 |@@@@@@@@@@                               10097    \n             100 |@@@@@@@@@@                               10097    \n             101 |@@@@@@@@@@                               10097    \n             102 |                                         0        \n\n      198\n           value  ------------- Distribution ------------- count    \n              98 |                                         0        \n              99 |@@@@@@@@@@                               10098    \n             100 |@@@@@@@@@@                               10098    \n             101 |@@@@@@@@@@                               10098    \n             102 |@@@@@@@@@@                               10098    \n             103 |                                         0        \n\n      199\n           value  ------------- Distribution ------------- count    \n              99 |                                         0        \n             100 |@@@@@@@@@@                               10099    \n             101 |@@@@@@@@@@                               10099    \n             102 |@@@@@@@@@@                               10099    \n             103 |@@@@@@@@@@                               10099    \n             104 |                                         0        \n\n      301\n           value  ------------- Distribution ------------- count    \n             101 |                                         0        \n             102 |@@@@@@@@@@                               20101    \n             103 |@@@@@@@@@@                               20101    \n             104 |@@@@@@@@@@                               20101    \n             105 |@@@@@@@@@@                               20101    \n             106 |                                         0        \n\n"
	diff(t, "tst.trunc-lquantize-5", out.String(), want)
}

// test/unittest/aggs/tst.llquantstep.d: llquantize(i++, 3, 3, 5, 27) for i
// from 0 to 1499; the expected output is Oracle's tst.llquantstep.r.
func TestSuiteLLQuantStep(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	b := make([]int64, abi.LLQuantizeBins(3, 3, 5, 27))
	for v := int64(0); v < 1500; v++ {
		b[abi.LLQuantizeBucket(v, 3, 3, 5, 27)]++
	}
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggLLQuantize, Factor: 3, LMag: 3, HMag: 5, Steps: 27}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: b}}}}
	p.Exit([]*sink.Aggregation{a})
	want := "\n\n           value  ------------- Distribution ------------- count    \n" +
		"             -27 |                                         0        \n" +
		"      abs() < 27 |@                                        27       \n"
	for v := 27; v <= 78; v += 3 {
		want += cprintf("%16d |                                         3        \n", int64(v))
	}
	for v := 81; v <= 234; v += 9 {
		want += cprintf("%16d |                                         9        \n", int64(v))
	}
	for v := 243; v <= 702; v += 27 {
		want += cprintf("%16d |@                                        27       \n", int64(v))
	}
	want += "          >= 729 |@@@@@@@@@@@@@@@@@@@@@                    771      \n\n"
	diff(t, "tst.llquantstep", out.String(), want)
}

// test/unittest/aggs/tst.llquantneg.d: llquantize() with increments of 1
// and -1: bars on both sides of the zero line; the expected output is
// Oracle's tst.llquantneg.r.
func TestSuiteLLQuantNeg(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	b := make([]int64, abi.LLQuantizeBins(10, 0, 6, 20))
	for v := int64(0); v < 100; v++ {
		incr := int64(1)
		if v%2 != 0 {
			incr = -1
		}
		b[abi.LLQuantizeBucket(v, 10, 0, 6, 20)] += incr
	}
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggLLQuantize, Factor: 10, LMag: 0, HMag: 6, Steps: 20}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: b}}}}
	p.Exit([]*sink.Aggregation{a})
	want := "\n\n           value  ------------- Distribution ------------- count    \n" +
		"              -1                     |                     0        \n"
	pos := "                     |@                    1        \n"
	neg := "                    @|                     -1       \n"
	for v := 0; v <= 9; v++ {
		want += cprintf("%16d", int64(v)) + pick(v%2 == 0, pos, neg)
	}
	for v := 10; v <= 95; v += 5 {
		want += cprintf("%16d", int64(v)) + pick(v%10 == 0, pos, neg)
	}
	want += "             100                     |                     0        \n\n"
	diff(t, "tst.llquantneg", out.String(), want)
}

// test/unittest/aggs/tst.count_notquiet.d under _DTRACE_TESTING: the
// heading and probe column without CPU and ID, then the count at exit.
func TestSuiteCountNotQuiet(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Testing: true})
	p.BeginFiring(Firing{CPU: 3, ID: 1234, Provider: "profile", Name: "tick-1005ms"})
	p.EndFiring()
	p.Exit([]*sink.Aggregation{{ID: 1, Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Value: 10}}}}})
	diff(t, "tst.count_notquiet", out.String(), "                   FUNCTION:NAME\n                    :tick-1005ms \n\n               10\n")
}

// test/unittest/aggs/tst.ustack.d: uaddr(), ufunc(), umod(), usym(),
// ustack() traced, and all of them as aggregation keys.
func TestSuiteUstack(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	const m = "ustack-tst-basic"
	pid := uint64(4242)
	uaddr := sym(sink.KindUAddr, pid, 0x401136, m+"`myfunc_y+0x8")
	ufunc := sym(sink.KindUSym, pid, 0x401119, m+"`myfunc_y")
	umod := sym(sink.KindUMod, pid, 0x400000, m)
	usym := sym(sink.KindUSym, pid, 0x401119, m+"`myfunc_y")
	stk := sink.UStack(pid, frames(m+"`myfunc_z+0x1d", m+"`myfunc_y+0x1d", m+"`myfunc_x+0x1d", m+"`myfunc_w+0x1d", m+"`myfunc_v+0x1d"),
		[]uint64{0x401156, 0x401136, 0x401116, 0x4010f6, 0x4010d6})
	nl := checked(t, "\n")
	for _, v := range []sink.Value{uaddr, ufunc, umod, usym} {
		p.Trace(v)
		p.Printf(nl)
	}
	p.Trace(stk)
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggSum}, Entries: []*sink.Entry{{Key: []sink.Value{sink.Int('a', 4), uaddr, ufunc, umod, usym, stk, sink.Int(4, 4)}, AggValue: abi.AggValue{Value: 1234}}}}
	p.Exit([]*sink.Aggregation{a})
	want := "  ustack-tst-basic`myfunc_y+{ptr}                     \n  ustack-tst-basic`myfunc_y                         \n  ustack-tst-basic                                  \n  ustack-tst-basic`myfunc_y                         \n\n              ustack-tst-basic`myfunc_z+{ptr}\n              ustack-tst-basic`myfunc_y+{ptr}\n              ustack-tst-basic`myfunc_x+{ptr}\n              ustack-tst-basic`myfunc_w+{ptr}\n              ustack-tst-basic`myfunc_v+{ptr}\n\n       97  ustack-tst-basic`myfunc_y+{ptr}                       ustack-tst-basic`myfunc_y                           ustack-tst-basic                                    ustack-tst-basic`myfunc_y                         \n              ustack-tst-basic`myfunc_z+{ptr}\n              ustack-tst-basic`myfunc_y+{ptr}\n              ustack-tst-basic`myfunc_x+{ptr}\n              ustack-tst-basic`myfunc_w+{ptr}\n              ustack-tst-basic`myfunc_v+{ptr}\n        4             1234\n"
	diff(t, "tst.ustack", ptrs(out.String()), want)
}
