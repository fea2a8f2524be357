package sink

import (
	"math"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
)

// TestTop keeps the n largest, the -n smallest, everything for a count
// past the entries, and everything for the smallest int, whose magnitude
// wraps in DTrace's arithmetic (it used to slice out of range).
func TestTop(t *testing.T) {
	a := &Aggregation{Agg: abi.Agg{Func: abi.AggSum}}
	for i := int64(1); i <= 5; i++ {
		a.Entries = append(a.Entries, &Entry{Key: []Value{Int(i, 8)}, AggValue: abi.AggValue{Value: i * 10}})
	}
	for _, c := range []struct {
		n    int
		want string // the keys kept, in key order
	}{
		{2, "45"},
		{-2, "12"},
		{0, ""},
		{9, "12345"},
		{-9, "12345"},
		{math.MinInt64, "12345"},
		{math.MaxInt64, "12345"},
	} {
		keep := Top(a, c.n)
		got := ""
		for _, e := range a.Entries {
			if keep(e.Key) {
				got += string(rune('0' + e.Key[0].Int()))
			}
		}
		if got != c.want {
			t.Errorf("Top(%d) keeps %q, want %q", c.n, got, c.want)
		}
	}
}

// Quantizations compare as DTrace compares them, by their weighted sums in
// long double arithmetic (a 64-bit significand): sums that differ past
// that precision are a tie, which the zero bucket and then the keys break
// (they were summed exactly, or at 128 bits).
func TestQuantizationsLongDouble(t *testing.T) {
	lq := &Aggregation{Agg: abi.Agg{Func: abi.AggLQuantize, Base: 0, Step: 1, Levels: 10}}
	a := &Entry{AggValue: abi.AggValue{Buckets: make([]int64, 12)}}
	b := &Entry{AggValue: abi.AggValue{Buckets: make([]int64, 12)}}
	// 9 * 2^62 + 1 needs 66 bits: it rounds to 9 * 2^62.
	a.Buckets[10], a.Buckets[2] = 1<<62, 1
	b.Buckets[10] = 1 << 62
	if c := CompareValues(lq, a, lq, b); c != 0 {
		t.Errorf("lquantize: 9*2^62+1 against 9*2^62 compares %d, want a tie in long double", c)
	}
	b.Buckets[10], b.Buckets[1] = 1<<62, -1<<62
	if c := CompareValues(lq, a, lq, b); c <= 0 {
		t.Errorf("lquantize: a larger sum compares %d", c)
	}
	q := &Aggregation{Agg: abi.Agg{Func: abi.AggQuantize}}
	qa := &Entry{AggValue: abi.AggValue{Buckets: make([]int64, abi.QuantizeBuckets)}}
	qb := &Entry{AggValue: abi.AggValue{Buckets: make([]int64, abi.QuantizeBuckets)}}
	one := abi.QuantizeZero + 1 // the bucket of 1
	big := one + 3              // the bucket of 8..15, weighted 8
	qa.Buckets[big], qa.Buckets[one] = 1<<61, 1
	qb.Buckets[big] = 1 << 61
	if c := CompareValues(q, qa, q, qb); c != 0 {
		t.Errorf("quantize: 2^64+1 against 2^64 compares %d, want a tie in long double", c)
	}
}
