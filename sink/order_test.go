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
