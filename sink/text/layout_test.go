package text

// Golden tests of the layouts, with expectations worked out from
// libdtrace's code (dt_consume.c, dt_printf.c, dt_aggregate.c).

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/sink"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/types"
)

const hdr = "\n           value  ------------- Distribution ------------- count    \n"

// row is one quantization row with an all-positive bar of n '@'.
func row(label string, n int, count int64) string {
	return fmt.Sprintf("%16s |%s%s %-9d\n", label, strings.Repeat("@", n), strings.Repeat(" ", 40-n), count)
}

func quantizeOf(vals ...int64) []int64 {
	b := make([]int64, abi.QuantizeBuckets)
	for _, v := range vals {
		b[abi.QuantizeBucket(v)]++
	}
	return b
}

func printAgg(t *testing.T, opt Options, aggs ...*sink.Aggregation) string {
	t.Helper()
	var out bytes.Buffer
	if err := NewPrinter(&out, opt).Printa(nil, aggs...); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestQuantizeBuckets(t *testing.T) {
	for _, c := range []struct {
		v    int64
		b    int
		bval int64
	}{
		{0, 63, 0}, {1, 64, 1}, {2, 65, 2}, {3, 65, 2}, {4, 66, 4}, {1 << 62, 126, 1 << 62},
		{1<<63 - 1, 126, 1 << 62}, {-1, 62, -1}, {-3, 61, -2}, {-4, 60, -4}, {-1 << 62, 0, -1 << 62},
		{-1 << 63, 0, -1 << 62},
	} {
		if b := abi.QuantizeBucket(c.v); b != c.b || abi.QuantizeBucketValue(b) != c.bval {
			t.Errorf("abi.QuantizeBucket(%d) = %d (value %d), want %d (%d)", c.v, b, abi.QuantizeBucketValue(b), c.b, c.bval)
		}
	}
	if b := abi.LQuantizeBucket(-1, 0, 10, 2); b != 0 {
		t.Errorf("lquantize underflow: %d", b)
	}
	if b := abi.LQuantizeBucket(9, 0, 10, 2); b != 5 {
		t.Errorf("lquantize 9: %d", b)
	}
	if b := abi.LQuantizeBucket(10, 0, 10, 2); b != 6 {
		t.Errorf("lquantize limit: %d", b)
	}
}

func TestQuantizeTable(t *testing.T) {
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggQuantize}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: quantizeOf(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)}}}}
	want := "\n" + hdr + row("-1", 0, 0) + row("0", 4, 1) + row("1", 4, 1) + row("2", 8, 2) +
		row("4", 16, 4) + row("8", 8, 2) + row("16", 0, 0) + "\n"
	diff(t, "quantize 0..9", printAgg(t, Options{}, a), want)

	// Negative values.
	a.Entries[0].Buckets = quantizeOf(-5, -5, -1)
	want = "\n" + hdr + row("-8", 0, 0) + row("-4", 27, 2) + row("-2", 0, 0) + row("-1", 13, 1) + row("0", 0, 0) + "\n"
	diff(t, "quantize negative values", printAgg(t, Options{}, a), want)

	// Negative counts only (quantize(1, -3)): the bar is left of '|'.
	b := make([]int64, abi.QuantizeBuckets)
	b[abi.QuantizeBucket(1)] = -3
	a.Entries[0].Buckets = b
	want = "\n" + hdr +
		"               0                                         | 0        \n" +
		"               1 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -3       \n" +
		"               2                                         | 0        \n\n"
	diff(t, "quantize negative counts", printAgg(t, Options{}, a), want)

	// Counts of both signs: half bars around a centre line.
	b = make([]int64, abi.QuantizeBuckets)
	b[abi.QuantizeBucket(1)] = 3
	b[abi.QuantizeBucket(2)] = -1
	a.Entries[0].Buckets = b
	mixed := func(label string, depth int, v int64) string {
		bar := strings.Repeat(" ", 20-depth) + strings.Repeat("@", depth) + "|" + strings.Repeat(" ", 20)
		if v > 0 {
			bar = strings.Repeat(" ", 20) + "|" + strings.Repeat("@", depth) + strings.Repeat(" ", 20-depth)
		}
		return fmt.Sprintf("%16s %s %-9d\n", label, bar, v)
	}
	want = "\n" + hdr + mixed("0", 0, 0) + mixed("1", 15, 3) + mixed("2", 5, -1) + mixed("4", 0, 0) + "\n"
	diff(t, "quantize mixed counts", printAgg(t, Options{}, a), want)

	// No data at all (a zero-filled entry): the rows around zero.
	a.Entries[0].Buckets = make([]int64, abi.QuantizeBuckets)
	want = "\n" + hdr + row("-1", 0, 0) + row("0", 0, 0) + row("1", 0, 0) + "\n"
	diff(t, "quantize empty", printAgg(t, Options{}, a), want)

	// Bar rounding: 1 of 3 is 13.33 '@', 2 of 3 is 26.67.
	a.Entries[0].Buckets = quantizeOf(1, 2, 2)
	want = "\n" + hdr + row("0", 0, 0) + row("1", 13, 1) + row("2", 27, 2) + row("4", 0, 0) + "\n"
	diff(t, "quantize rounding", printAgg(t, Options{}, a), want)

	// normalize(@, 2) divides the counts, not the bars.
	a.Normal = 2
	a.Entries[0].Buckets = quantizeOf(1, 2, 2, 2, 2)
	want = "\n" + hdr + row("0", 0, 0) + row("1", 8, 0) + row("2", 32, 2) + row("4", 0, 0) + "\n"
	diff(t, "quantize normalized", printAgg(t, Options{}, a), want)
}

func TestLQuantizeTable(t *testing.T) {
	levels := abi.LQuantizeLevels(0, 10, 2)
	b := make([]int64, levels+2)
	for _, v := range []int64{-1, 10, 100, 4} {
		b[abi.LQuantizeBucket(v, 0, 10, 2)]++
	}
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggLQuantize, Base: 0, Levels: 5, Step: 2}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: b}}}}
	want := "\n" + hdr + row("< 0", 10, 1) + row("0", 0, 0) + row("2", 0, 0) + row("4", 10, 1) +
		row("6", 0, 0) + row("8", 0, 0) + row(">= 10", 20, 2) + "\n"
	diff(t, "lquantize edges", printAgg(t, Options{}, a), want)

	// Only the middle: one row either side, the edges left out.
	b = make([]int64, levels+2)
	b[abi.LQuantizeBucket(5, 0, 10, 2)] = 7
	a.Entries[0].Buckets = b
	want = "\n" + hdr + row("2", 0, 0) + row("4", 40, 7) + row("6", 0, 0) + "\n"
	diff(t, "lquantize middle", printAgg(t, Options{}, a), want)

	// Empty: the first three rows.
	a.Entries[0].Buckets = make([]int64, levels+2)
	want = "\n" + hdr + row("< 0", 0, 0) + row("0", 0, 0) + row("2", 0, 0) + "\n"
	diff(t, "lquantize empty", printAgg(t, Options{}, a), want)

	// A negative base.
	a = &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggLQuantize, Base: -10, Levels: 4, Step: 5}}
	b = make([]int64, abi.LQuantizeLevels(-10, 10, 5)+2)
	b[abi.LQuantizeBucket(-7, -10, 10, 5)] = 1
	a.Entries = []*sink.Entry{{AggValue: abi.AggValue{Buckets: b}}}
	want = "\n" + hdr + row("< -10", 0, 0) + row("-10", 40, 1) + row("-5", 0, 0) + "\n"
	diff(t, "lquantize negative base", printAgg(t, Options{}, a), want)
}

// oracleLLQBucket is the bucket of v in llquantize(factor, lmag, hmag,
// steps) as Oracle's DTrace for Linux computes it, written independently
// of abi.LLQuantizeBucket with unbounded integers, as its reference: bin0 = 1
// + (hmag-lmag+1)*(steps - steps/factor) is |v| < factor^lmag; |v| in
// [factor^m, factor^(m+1)) is 1 + (m-lmag)*(steps - steps/factor) +
// |v|*steps/factor^(m+1) - steps/factor buckets above bin0 for v > 0 and
// below it for v < 0; |v| >= factor^(hmag+1) is the first (v < 0) or the
// last (v > 0) of 2*bin0+1 buckets.
func oracleLLQBucket(factor, lmag, hmag, steps int, v int64) (bucket, bins int) {
	per := steps - steps/factor
	bin0 := 1 + (hmag-lmag+1)*per
	bins = 2*bin0 + 1
	pow := func(n int) *big.Int { return new(big.Int).Exp(big.NewInt(int64(factor)), big.NewInt(int64(n)), nil) }
	u := new(big.Int).Abs(big.NewInt(v))
	off := -1
	if u.Cmp(pow(lmag)) < 0 {
		off = 0
	}
	for m := lmag; off < 0 && m <= hmag; m++ {
		if end := pow(m + 1); u.Cmp(end) < 0 {
			k := new(big.Int).Quo(new(big.Int).Mul(u, big.NewInt(int64(steps))), end)
			off = 1 + (m-lmag)*per + int(k.Int64()) - steps/factor
		}
	}
	switch {
	case off < 0 && v < 0:
		return 0, bins
	case off < 0:
		return bins - 1, bins
	case v < 0:
		return bin0 - off, bins
	}
	return bin0 + off, bins
}

func TestLLQuantizeBuckets(t *testing.T) {
	for _, p := range [][4]int{
		{10, 0, 6, 20}, {10, 1, 2, 10}, {2, 0, 10, 2}, {2, 2, 12, 8}, {3, 3, 5, 27}, {4, 1, 6, 16},
		{10, 0, 18, 10}, {10, 0, 6, 5}, {2, 60, 62, 2}, {2, 0, 62, 4}, {3, 2, 39, 9}, {16, 0, 14, 256},
		{1000, 0, 5, 1000}, {12, 1, 3, 144}, {4, 2, 5, 32}, {6, 0, 4, 36}, {10, 2, 2, 100},
		{10, 1, 3, 2}, {9, 0, 4, 3}, {16, 0, 14, 4}, {10, 2, 2, 1},
	} {
		factor, lmag, hmag, steps := p[0], p[1], p[2], p[3]
		_, want := oracleLLQBucket(factor, lmag, hmag, steps, 0)
		if n := abi.LLQuantizeBins(factor, lmag, hmag, steps); n != want {
			t.Errorf("abi.LLQuantizeBins%v = %d, want %d", p, n, want)
		}
		vals := []int64{math.MinInt64, math.MinInt64 + 1, -1 << 40, -100, -1, 0, 1, 2, 3, math.MaxInt64, math.MaxInt64 - 1}
		for v := int64(1); v > 0 && v < math.MaxInt64/int64(factor); v *= int64(factor) {
			for _, x := range []int64{v - 1, v, v + 1, v*2 - 1, v * 2, v * 3 / 2} {
				vals = append(vals, x, -x)
			}
		}
		for x := uint64(12345); len(vals) < 600; x = x*6364136223846793005 + 1442695040888963407 {
			vals = append(vals, int64(x>>(x%64)), -int64(x>>(x%64)))
		}
		for _, v := range vals {
			want, _ := oracleLLQBucket(factor, lmag, hmag, steps, v)
			if b := abi.LLQuantizeBucket(v, factor, lmag, hmag, steps); b != want {
				t.Errorf("abi.LLQuantizeBucket(%d, %v) = %d, want %d", v, p, b, want)
			}
		}
	}
	// Parameters the compiler rejects have no buckets.
	for _, p := range [][4]int{{1, 0, 6, 20}, {10, 3, 2, 10}, {10, 0, 6, 3}, {10, 0, 6, 25}, {4, 0, 6, 6}, {6, 0, 4, 24}, {10, 0, 19, 10}, {2, 1, 6, 8}} {
		if n := abi.LLQuantizeBins(p[0], p[1], p[2], p[3]); n != 0 {
			t.Errorf("abi.LLQuantizeBins%v = %d, want 0", p, n)
		}
	}
}

func TestLLQuantizeLabels(t *testing.T) {
	// factor 10, magnitudes 1 to 2, 10 steps: 39 buckets, the zero one
	// (|v| < 10) in the middle. A row below the zero bucket is shown, so
	// it reads "abs() < 10".
	llq := func(vals ...int64) []int64 {
		b := make([]int64, abi.LLQuantizeBins(10, 1, 2, 10))
		for _, v := range vals {
			b[abi.LLQuantizeBucket(v, 10, 1, 2, 10)]++
		}
		return b
	}
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggLLQuantize, Factor: 10, LMag: 1, HMag: 2, Steps: 10}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: llq(5, 15, 250, 1000)}}}}
	want := "\n" + hdr + row("-10", 0, 0) + row("abs() < 10", 10, 1) + row("10", 10, 1) + row("20", 0, 0)
	for v := 30; v <= 90; v += 10 {
		want += row(fmt.Sprint(v), 0, 0)
	}
	want += row("100", 0, 0) + row("200", 10, 1)
	for v := 300; v <= 900; v += 100 {
		want += row(fmt.Sprint(v), 0, 0)
	}
	want += row(">= 1000", 10, 1) + "\n"
	diff(t, "llquantize", printAgg(t, Options{}, a), want)

	// Nothing under 10: the zero row is the first, "< 10".
	a.Entries[0].Buckets = llq(15, 15, 15, 15)
	want = "\n" + hdr + row("< 10", 0, 0) + row("10", 40, 4) + row("20", 0, 0) + "\n"
	diff(t, "llquantize positive", printAgg(t, Options{}, a), want)

	// Negative values mirror the positive ones.
	a.Entries[0].Buckets = llq(-15, -5000)
	want = "\n" + hdr + row("<= -1000", 20, 1) + row("-900", 0, 0)
	for v := 800; v >= 100; v -= 100 {
		want += row(fmt.Sprint(-v), 0, 0)
	}
	for v := 90; v >= 20; v -= 10 {
		want += row(fmt.Sprint(-v), 0, 0)
	}
	want += row("-10", 20, 1) + row("abs() < 10", 0, 0) + "\n"
	diff(t, "llquantize negative", printAgg(t, Options{}, a), want)

	// Only the overflow bucket: the row before it and none after.
	a.Entries[0].Buckets = llq(1000, 1<<40)
	want = "\n" + hdr + row("900", 0, 0) + row(">= 1000", 40, 2) + "\n"
	diff(t, "llquantize overflow", printAgg(t, Options{}, a), want)

	// No data at all: the zero bucket and the two above it.
	a.Entries[0].Buckets = llq()
	want = "\n" + hdr + row("< 10", 0, 0) + row("10", 0, 0) + row("20", 0, 0) + "\n"
	diff(t, "llquantize empty", printAgg(t, Options{}, a), want)

	// Magnitude 0 with more steps than the factor: the zero bucket is
	// "0", magnitude 0 has steps of 1 (2 buckets each, one a ghost no
	// integer falls in, which has no row), the next ones
	// factor^(m+1)/nsteps.
	llq20 := func(vals ...int64) []int64 {
		b := make([]int64, abi.LLQuantizeBins(10, 0, 2, 20))
		for _, v := range vals {
			b[abi.LLQuantizeBucket(v, 10, 0, 2, 20)]++
		}
		return b
	}
	a = &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggLLQuantize, Factor: 10, LMag: 0, HMag: 2, Steps: 20}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: llq20(0, 9, 10, 14, 95, 100, 999)}}}}
	want = "\n" + hdr + row("-1", 0, 0) + row("0", 6, 1)
	for v := 1; v <= 8; v++ {
		want += row(fmt.Sprint(v), 0, 0)
	}
	want += row("9", 6, 1) + row("10", 11, 2)
	for v := 15; v <= 90; v += 5 {
		want += row(fmt.Sprint(v), 0, 0)
	}
	want += row("95", 6, 1) + row("100", 6, 1)
	for v := 150; v <= 900; v += 50 {
		want += row(fmt.Sprint(v), 0, 0)
	}
	want += row("950", 6, 1) + row(">= 1000", 0, 0) + "\n"
	diff(t, "llquantize steps", printAgg(t, Options{}, a), want)

	// A ghost bucket as the first or last row takes the label of its
	// neighbour outside the rows: below for the first, above for the last.
	a.Entries[0].Buckets = llq20(2)
	want = "\n" + hdr + row("1", 0, 0) + row("2", 40, 1) + row("3", 0, 0) + "\n"
	diff(t, "llquantize ghosts", printAgg(t, Options{}, a), want)
	a.Entries[0].Buckets = llq20(-9)
	want = "\n" + hdr + row("-10", 0, 0) + row("-9", 40, 1) + row("-8", 0, 0) + "\n"
	diff(t, "llquantize negative ghosts", printAgg(t, Options{}, a), want)

	// Fewer steps than the factor (factor 10, magnitudes 1 to 2, 5 steps),
	// as Oracle's compiler allows: a magnitude's first step starts at
	// factor^m, the others at multiples of factor^(m+1)/5.
	b := make([]int64, abi.LLQuantizeBins(10, 1, 2, 5))
	for _, v := range []int64{15, 25, 99, 100, 999} {
		b[abi.LLQuantizeBucket(v, 10, 1, 2, 5)]++
	}
	a = &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggLLQuantize, Factor: 10, LMag: 1, HMag: 2, Steps: 5}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: b}}}}
	want = "\n" + hdr + row("< 10", 0, 0) + row("10", 8, 1) + row("20", 8, 1) + row("40", 0, 0) + row("60", 0, 0) +
		row("80", 8, 1) + row("100", 8, 1) + row("200", 0, 0) + row("400", 0, 0) + row("600", 0, 0) + row("800", 8, 1) +
		row(">= 1000", 0, 0) + "\n"
	diff(t, "llquantize few steps", printAgg(t, Options{}, a), want)
}

func TestAvgStddevNormalize(t *testing.T) {
	aggs := []*sink.Aggregation{
		{ID: 1, Agg: abi.Agg{Func: abi.AggAvg}, Entries: []*sink.Entry{{Key: []sink.Value{sink.String("pos", 256)}, AggValue: abi.AggValue{Count: 2, Sum: 3}}}},
		{ID: 2, Agg: abi.Agg{Func: abi.AggAvg}, Entries: []*sink.Entry{{Key: []sink.Value{sink.String("neg", 256)}, AggValue: abi.AggValue{Count: 2, Sum: -3}}}},
		{ID: 3, Agg: abi.Agg{Func: abi.AggStddev}, Entries: []*sink.Entry{{Key: []sink.Value{sink.String("sd", 256)}, AggValue: abi.AggValue{Count: 3, Sum: 6, SumSq: abi.Add128(abi.Add128(abi.Square128(1), abi.Square128(2)), abi.Square128(3))}}}},
		{ID: 4, Agg: abi.Agg{Func: abi.AggSum}, Normal: 10, Entries: []*sink.Entry{{Key: []sink.Value{sink.String("norm", 256)}, AggValue: abi.AggValue{Value: 1234}}}},
	}
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Quiet: true})
	p.Exit(aggs)
	key := func(s string) string { return fmt.Sprintf("  %-50s", s) }
	want := "\n" + key("pos") + fmt.Sprintf(" %16d\n", 1) + key("neg") + fmt.Sprintf(" %16d\n", -1) +
		key("sd") + fmt.Sprintf(" %16d\n", 0) + key("norm") + fmt.Sprintf(" %16d\n", 123)
	diff(t, "avg/stddev/normalize", out.String(), want)

	// stddev of {1, 2, 3, 4}: sqrt(30/4 - 2*2) = sqrt(3) -> 1.
	e := &sink.Entry{AggValue: abi.AggValue{Count: 4, Sum: 10}}
	for v := int64(1); v <= 4; v++ {
		e.SumSq = abi.Add128(e.SumSq, abi.Square128(v))
	}
	if s := sink.Stddev(e, 1); s != 1 {
		t.Errorf("stddev {1..4} = %d", s)
	}
	// Large values need the 128-bit sum of squares.
	e = &sink.Entry{AggValue: abi.AggValue{Count: 2, Sum: 3 << 40, SumSq: abi.Add128(abi.Square128(1<<40), abi.Square128(2<<40))}}
	if s := sink.Stddev(e, 1); s != 1<<39 {
		t.Errorf("stddev large = %d", s)
	}

	// printa("%@d") of a negative avg divides unsigned, as DTrace does.
	out.Reset()
	f := checkedPrinta(t, "%@d\n", types.LongLongType)
	p.Printa(f, &sink.Aggregation{ID: 5, Agg: abi.Agg{Func: abi.AggAvg}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Count: 2, Sum: -3}}}})
	diff(t, "printa avg", out.String(), "9223372036854775806\n")
}

func TestPrintfCorners(t *testing.T) {
	p := NewPrinter(nil, Options{Location: time.UTC})
	cases := []struct {
		f    string
		tys  []*types.Type
		args []sink.Value
		want string
	}{
		{"[%-10s]", T(types.StringType), V(sink.String("abc", 256)), "[abc       ]"},
		{"[%10s]", T(types.StringType), V(sink.String("abc", 256)), "[       abc]"},
		{"[%5.2s]", T(types.StringType), V(sink.String("abc", 256)), "[   ab]"},
		// DTrace leaves a precision of 0 out of the format.
		{"[%.0s][%.0d]", T(types.StringType, types.IntType), V(sink.String("abc", 256), sink.Int(0, 4)), "[abc][0]"},
		{"[%010d]", T(types.IntType), V(sink.Int(-42, 4)), "[-000000042]"},
		{"[%+d][% d][%+ d]", T(types.IntType, types.IntType, types.IntType), V(sink.Int(5, 4), sink.Int(5, 4), sink.Int(5, 4)), "[+5][ 5][+5]"},
		{"[%#x][%#X][%#o][%#x]", T(types.IntType, types.IntType, types.IntType, types.IntType),
			V(sink.Int(255, 4), sink.Int(255, 4), sink.Int(8, 4), sink.Int(0, 4)), "[0xff][0XFF][010][0]"},
		{"[%.3d][%8.3d][%-8.3d]", T(types.IntType, types.IntType, types.IntType), V(sink.Int(7, 4), sink.Int(-7, 4), sink.Int(7, 4)), "[007][    -007][007     ]"},
		{"[%*d]", T(types.IntType, types.IntType), V(sink.Int(6, 4), sink.Int(42, 4)), "[    42]"},
		{"[%*d]", T(types.IntType, types.IntType), V(sink.Int(-6, 4), sink.Int(42, 4)), "[42    ]"},
		{"[%-*d]", T(types.IntType, types.IntType), V(sink.Int(-6, 4), sink.Int(42, 4)), "[42    ]"},
		{"[%.*d]", T(types.IntType, types.IntType), V(sink.Int(4, 4), sink.Int(42, 4)), "[0042]"},
		{"[%.*d]", T(types.IntType, types.IntType), V(sink.Int(-4, 4), sink.Int(42, 4)), "[42]"},
		{"[%*.*s]", T(types.IntType, types.IntType, types.StringType), V(sink.Int(5, 4), sink.Int(2, 4), sink.String("xyz", 256)), "[   xy]"},
		{"[%x][%x][%x][%x]", T(types.CharType, types.ShortType, types.IntType, types.LongType),
			V(sink.Int(-1, 1), sink.Int(-1, 2), sink.Int(-1, 4), sink.Int(-1, 8)), "[ff][ffff][ffffffff][ffffffffffffffff]"},
		{"[%d][%d][%u][%u]", T(types.CharType, types.UCharType, types.CharType, types.IntType),
			V(sink.Int(-1, 1), sink.Uint(255, 1), sink.Int(-1, 1), sink.Int(-1, 4)), "[-1][255][255][4294967295]"},
		{"[%d][%i]", T(types.LongType, types.ULongType), V(sink.Int(-1, 8), sink.Uint(1<<63, 8)), "[-1][9223372036854775808]"},
		{"[%c%c]", T(types.CharType, types.IntType), V(sink.Int('h', 1), sink.Int('i', 4)), "[hi]"},
		{"[%3c][%-3c]", T(types.CharType, types.CharType), V(sink.Int('x', 1), sink.Int('y', 1)), "[  x][y  ]"},
		{"[%S]", T(types.StringType), V(sink.String("a\"b\\c\nd\x01 é", 32)), `[a\"b\\c\nd\001 \303\251\0]`},
		{"[%C][%C]", T(types.CharType, types.CharType), V(sink.Int('\t', 1), sink.Int('q', 1)), `[\t][q]`},
		{"100%%[%d%%]", T(types.IntType), V(sink.Int(5, 4)), "100%[5%]"},
		{"[%Y]", T(types.LongLongType), V(sink.Int(1795329000*1e9, 8)), "[2026 Nov 22 06:30:00]"},
		{"[%Y]", T(types.LongLongType), V(sink.Int(0, 8)), "[1970 Jan  1 00:00:00]"},
		{"[%-25Y]", T(types.LongLongType), V(sink.Int(0, 8)), "[1970 Jan  1 00:00:00     ]"},
		{"[%T]", T(types.LongLongType), V(sink.Int(1795329000*1e9, 8)), "[Sun, 22 Nov 2026 06:30:00 UTC]"},
		// %G in the RFC 822 form: the ISO week-based year.
		{"[%T]", T(types.LongLongType), V(sink.Int(1735603200*1e9, 8)), "[Tue, 31 Dec 2025 00:00:00 UTC]"},
		{"[%T]", T(types.LongLongType), V(sink.Int(1767139200*1e9, 8)), "[Wed, 31 Dec 2026 00:00:00 UTC]"},
		{"[%a]", T(types.PointerTo(types.VoidType)), V(sym(sink.KindSym, 0, 0xffffffff81000010, "vmlinux`do_sys_open+0x10")), "[vmlinux`do_sys_open+0x10]"},
		{"[%-30a]", T(types.SymAddrType), V(sym(sink.KindSym, 0, 0xffffffff81000010, "vmlinux`do_sys_open")), "[vmlinux`do_sys_open           ]"},
		{"[%p][%16p]", T(types.PointerTo(types.VoidType), types.PointerTo(types.VoidType)), V(sink.Uint(0xdead, 8), sink.Uint(0xbeef, 8)), "[dead][            beef]"},
		{"[%e][%.2f][%g]", T(types.DoubleType, types.DoubleType, types.DoubleType), V(sink.Float(1234.5), sink.Float(2.375), sink.Float(0.0001)), "[1.234500e+03][2.38][0.0001]"},
		{"no conversions\n", nil, nil, "no conversions\n"},
	}
	for _, c := range cases {
		f := checked(t, c.f, c.tys...)
		got, err := p.Sprintf(f, c.args...)
		if err != nil {
			t.Errorf("%q: %v", c.f, err)
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.f, got, c.want)
		}
	}
	// Too few values.
	if _, err := p.Sprintf(checked(t, "%d %d", types.IntType, types.IntType), sink.Int(1, 4)); err != ErrMismatch {
		t.Errorf("mismatch: %v", err)
	}
}

func T(t ...*types.Type) []*types.Type { return t }
func V(v ...sink.Value) []sink.Value   { return v }

func TestPrintfStack(t *testing.T) {
	stk := sink.Stack(frames("vmlinux`a+0x1", "vmlinux`b"), nil)
	p := NewPrinter(nil, Options{})
	for _, c := range []struct {
		f    string
		args []sink.Value
		want string
	}{
		// %k: no indentation at all (the width applies to each frame).
		{"%k", V(stk), "\nvmlinux`a+0x1\nvmlinux`b\n"},
		{"%20k|", V(stk), "\n       vmlinux`a+0x1\n           vmlinux`b\n|"},
		// %-Nk: indented by N.
		{"%-4k|", V(stk), "\n    vmlinux`a+0x1\n    vmlinux`b\n|"},
		// A negative '*' width: indented, and left-aligned in that width.
		{"%*k|", V(sink.Int(-12, 4), stk), "\n            vmlinux`a+0x1\n            vmlinux`b   \n|"},
	} {
		var tys []*types.Type
		for _, a := range c.args {
			if a.Kind == sink.KindStack {
				tys = append(tys, types.StackType)
			} else {
				tys = append(tys, types.IntType)
			}
		}
		got, err := p.Sprintf(checked(t, c.f, tys...), c.args...)
		if err != nil || got != c.want {
			t.Errorf("%q: got %q (%v), want %q", c.f, got, err, c.want)
		}
	}
}

func TestTraceWidths(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{})
	f := Firing{CPU: 1, ID: 1, Provider: "dtrace", Name: "BEGIN"}
	p.BeginFiring(f)
	for _, v := range []sink.Value{sink.Int(-1, 1), sink.Int(-1, 2), sink.Int(-1, 4), sink.Int(-1, 8), sink.Uint(255, 1), sink.Uint(65535, 2), sink.Uint(1<<32-1, 4), sink.Uint(1<<64-1, 8)} {
		p.Trace(v)
	}
	p.Trace(sink.String("hello", 256))
	p.EndFiring()
	p.BeginFiring(Firing{CPU: 12, ID: 45678, Provider: "syscall", Func: "read", Name: "entry"})
	p.EndFiring()
	want := fmt.Sprintf("%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME") +
		fmt.Sprintf("%3d %6d %32s ", 1, 1, ":BEGIN") +
		fmt.Sprintf(" %3d %5d %10d %19d %3d %5d %10d %20d", -1, -1, -1, -1, 255, 65535, uint32(1<<32-1), uint64(1<<64-1)) +
		fmt.Sprintf("  %-33s", "hello") + "\n" +
		fmt.Sprintf("%3d %6d %32s \n", 12, 45678, "read:entry")
	diff(t, "trace widths", out.String(), want)

	// Quiet: bare values.
	out.Reset()
	p = NewPrinter(&out, Options{Quiet: true})
	p.BeginFiring(f)
	for _, v := range []sink.Value{sink.Int(-1, 1), sink.Uint(255, 1), sink.String(" s ", 256), sink.Int(-5, 8)} {
		p.Trace(v)
	}
	p.EndFiring()
	diff(t, "trace quiet", out.String(), "-1255 s -5")
}

func TestTraceStackSym(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{Testing: true})
	p.BeginFiring(Firing{Func: "do_sys_open", Name: "entry", Provider: "fbt"})
	p.Trace(sink.Stack(frames("vmlinux`do_sys_open", "vmlinux`__x64_sys_openat+0x20"), nil))
	p.Trace(sym(sink.KindSym, 0, 0xffffffff81000000, "vmlinux`do_sys_open"))
	p.Trace(sym(sink.KindMod, 0, 0xffffffff81000000, "vmlinux"))
	p.EndFiring()
	want := fmt.Sprintf("%32s\n", "FUNCTION:NAME") + fmt.Sprintf("%32s ", "do_sys_open:entry") +
		"\n              vmlinux`do_sys_open\n              vmlinux`__x64_sys_openat+0x20\n" +
		fmt.Sprintf("  %-50s", "vmlinux`do_sys_open") + fmt.Sprintf("  %-50s", "vmlinux") + "\n"
	diff(t, "trace stack", out.String(), want)

	// stackindent=0 and another indentation.
	for _, c := range []struct {
		indent int
		pad    string
	}{{StackIndentNone, ""}, {4, "    "}} {
		out.Reset()
		p = NewPrinter(&out, Options{Quiet: true, StackIndent: c.indent})
		p.Trace(sink.Stack(frames("m`f"), nil))
		diff(t, "stackindent", out.String(), "\n"+c.pad+"m`f\n")
	}
}

const dumpHead = "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"

func TestTraceBytes(t *testing.T) {
	for _, c := range []struct {
		b     []byte
		quiet bool
		raw   bool
		want  string
	}{
		{[]byte("abc\x00\x00"), false, false, fmt.Sprintf("  %-33s", "abc")},
		{[]byte("abc\x00\x00"), true, false, "abc"},
		{[]byte("abc"), true, false, fmt.Sprintf("  %-33s", "abc")},
		{[]byte("ab\x01c"), false, false, dumpHead + "         0: 61 62 01 63" + strings.Repeat("   ", 12) + "  ab.c\n"},
		{[]byte("a\x00b"), false, false, dumpHead + "         0: 61 00 62" + strings.Repeat("   ", 13) + "  a.b\n"},
		{[]byte("\x00abc"), false, false, dumpHead + "         0: 00 61 62 63" + strings.Repeat("   ", 12) + "  .abc\n"},
		{[]byte("abc"), false, true, dumpHead + "         0: 61 62 63" + strings.Repeat("   ", 13) + "  abc\n"},
		{[]byte("0123456789abcdef\xff"), false, false, dumpHead +
			"         0: 30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66  0123456789abcdef\n" +
			"        10: ff" + strings.Repeat("   ", 15) + "  .\n"},
	} {
		var out bytes.Buffer
		p := NewPrinter(&out, Options{Quiet: c.quiet, RawBytes: c.raw})
		p.Trace(sink.Bytes(c.b))
		diff(t, fmt.Sprintf("bytes %q", c.b), out.String(), c.want)
	}
	var out bytes.Buffer
	NewPrinter(&out, Options{}).TraceMem([]byte{1, 2})
	diff(t, "tracemem", out.String(), dumpHead+"         0: 01 02"+strings.Repeat("   ", 14)+"  ..\n")
}

func TestFlowIndent(t *testing.T) {
	var out bytes.Buffer
	p := NewPrinter(&out, Options{FlowIndent: true})
	seq := []Firing{
		{CPU: 0, ID: 10, EPID: 1, Provider: "syscall", Func: "read", Name: "entry"},
		{CPU: 0, ID: 20, EPID: 2, Provider: "fbt", Func: "vfs_read", Name: "entry"},
		{CPU: 0, ID: 20, EPID: 3, Provider: "fbt", Func: "vfs_read", Name: "entry"}, // a second clause
		{CPU: 0, ID: 30, EPID: 4, Provider: "sdt", Func: "vfs_read", Name: "probe"},
		{CPU: 0, ID: 21, EPID: 5, Provider: "fbt", Func: "vfs_read", Name: "return"},
		{CPU: 0, ID: 11, EPID: 6, Provider: "syscall", Func: "read", Name: "return"},
		{CPU: 0, ID: 40, EPID: 7, Provider: "pid1", Func: "main", Name: "function-entry"},
	}
	for _, f := range seq {
		p.BeginFiring(f)
		p.EndFiring()
	}
	line := func(s string) string { return fmt.Sprintf("%3d %-41s \n", 0, s) }
	want := fmt.Sprintf("%3s %-41s\n", "CPU", "FUNCTION") +
		line(" => read") + line("   -> vfs_read") + line("    | vfs_read:entry") +
		line("    | vfs_read:probe") + line("   <- vfs_read") + line(" <= read") + line(" -> main")
	diff(t, "flowindent", out.String(), want)
}

func TestPrintaJoined(t *testing.T) {
	k := func(s string) []sink.Value { return []sink.Value{sink.String(s, 256)} }
	cnt := &sink.Aggregation{ID: 1, Name: "c", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: k("a"), AggValue: abi.AggValue{Value: 5}}, {Key: k("b"), AggValue: abi.AggValue{Value: 1}}, {Key: k("c"), AggValue: abi.AggValue{Value: 3}},
	}}
	sum := &sink.Aggregation{ID: 2, Name: "s", Agg: abi.Agg{Func: abi.AggSum}, Entries: []*sink.Entry{
		{Key: k("a"), AggValue: abi.AggValue{Value: 10}}, {Key: k("c"), AggValue: abi.AggValue{Value: 100}}, {Key: k("d"), AggValue: abi.AggValue{Value: 7}},
	}}
	line := func(key string, v1, v2 int64) string {
		return fmt.Sprintf("  %-50s %16d %16d\n", key, v1, v2)
	}
	// Sorted by the first aggregation's value, then the key.
	want := "\n" + line("d", 0, 7) + line("b", 1, 0) + line("c", 3, 100) + line("a", 5, 10)
	var out bytes.Buffer
	p := NewPrinter(&out, Options{})
	if err := p.Printa(nil, cnt, sum); err != nil {
		t.Fatal(err)
	}
	diff(t, "printa(@c, @s)", out.String(), want)
	if !p.printed[cnt.ID] || !p.printed[sum.ID] {
		t.Error("not marked printed")
	}
	// aggsortpos=1: by the second one's value.
	want = "\n" + line("b", 1, 0) + line("d", 0, 7) + line("a", 5, 10) + line("c", 3, 100)
	diff(t, "aggsortpos", printAgg(t, Options{AggSortPos: 1}, cnt, sum), want)
	// aggsortkey, aggsortrev.
	want = "\n" + line("a", 5, 10) + line("b", 1, 0) + line("c", 3, 100) + line("d", 0, 7)
	diff(t, "aggsortkey", printAgg(t, Options{AggSortKey: true}, cnt, sum), want)
	want = "\n" + line("a", 5, 10) + line("c", 3, 100) + line("b", 1, 0) + line("d", 0, 7)
	diff(t, "aggsortrev", printAgg(t, Options{AggSortRev: true}, cnt, sum), want)

	// A format: keys, then the values in turn; a third %@ repeats the last.
	out.Reset()
	f := checkedPrinta(t, "%s: %@d %@d %@d\n", types.LongLongType, types.StringType)
	NewPrinter(&out, Options{}).Printa(f, cnt, sum)
	diff(t, "printa format joined", out.String(), "d: 0 7 7\nb: 1 0 0\nc: 3 100 100\na: 5 10 10\n")
}

func TestSortKeys(t *testing.T) {
	// Two keys; aggsortkeypos=1 sorts on the second first.
	e := func(a string, b int64, v int64) *sink.Entry {
		return &sink.Entry{Key: []sink.Value{sink.String(a, 256), sink.Int(b, 8)}, AggValue: abi.AggValue{Value: v}}
	}
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggSum}, Entries: []*sink.Entry{e("x", 2, 1), e("y", 1, 1), e("x", 1, 1), e("y", -1, 1)}}
	line := func(s string, n int64) string { return fmt.Sprintf("  %-50s %16d %16d\n", s, n, 1) }
	want := "\n" + line("x", 1) + line("x", 2) + line("y", 1) + line("y", -1)
	diff(t, "by key", printAgg(t, Options{AggSortKey: true}, a), want)
	want = "\n" + line("x", 1) + line("y", 1) + line("x", 2) + line("y", -1)
	diff(t, "by key pos 1", printAgg(t, Options{AggSortKey: true, AggSortKeyPos: 1}, a), want)
	// Out of range: position 0.
	want = "\n" + line("x", 1) + line("x", 2) + line("y", 1) + line("y", -1)
	diff(t, "by key pos 5", printAgg(t, Options{AggSortKey: true, AggSortKeyPos: 5}, a), want)
}

func TestKeyKinds(t *testing.T) {
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.String("", 16)}, AggValue: abi.AggValue{Value: 1}},
		{Key: []sink.Value{sink.Stack(frames("vmlinux`f+0x1", "vmlinux`g+0x2"), []uint64{0xffff0001, 0xffff0002})}, AggValue: abi.AggValue{Value: 2}},
		{Key: []sink.Value{sink.Int(-7, 2)}, AggValue: abi.AggValue{Value: 3}},
	}}
	// Keys of different layouts: each printed by its own kind.
	var out bytes.Buffer
	p := NewPrinter(&out, Options{})
	var b strings.Builder
	for _, e := range a.Entries {
		p.writeEntry(&b, e.Key, []aggVal{{a, e}})
	}
	// The empty string's record: strsize characters and the NUL.
	want := dumpHead + "         0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ................\n" +
		"        10: 00                                               .\n" +
		fmt.Sprintf(" %16d\n", 1) +
		"\n              vmlinux`f+0x1\n              vmlinux`g+0x2\n" + fmt.Sprintf(" %16d\n", 2) +
		fmt.Sprintf(" %5d %16d\n", 65529, 3)
	diff(t, "key kinds", b.String(), want)
}

func TestExitOrder(t *testing.T) {
	x := &sink.Aggregation{ID: 2, Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Value: 2}}}}
	y := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggMax}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Value: 5}}}}
	z := &sink.Aggregation{ID: 3, Agg: abi.Agg{Func: abi.AggMin}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Value: 1}}}}
	var out bytes.Buffer
	p := NewPrinter(&out, Options{})
	p.markPrinted(z)
	p.Exit([]*sink.Aggregation{x, y, z})
	diff(t, "exit", out.String(), fmt.Sprintf("\n %16d\n %16d\n", 5, 2))
	out.Reset()
	p = NewPrinter(&out, Options{AggSortRev: true})
	p.markPrinted(z)
	p.Exit([]*sink.Aggregation{x, y, z})
	diff(t, "exit rev", out.String(), fmt.Sprintf("\n %16d\n %16d\n", 2, 5))
}
