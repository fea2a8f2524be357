package sink

import (
	"math"
	"math/big"
	"sync"

	"github.com/dtrace-go/dtrace/abi"
)

// Values of aggregations as dtrace(1) shows them, for the sinks that
// write them elsewhere than in DTrace's text.

// Scalar returns the value of entry e of aggregation a, a count(), sum(),
// min(), max(), avg() or stddev(), as dtrace prints it: divided by the
// normalization factor (unsigned, as C's (long long)value / normal is),
// avg() as its mean truncated toward zero, stddev() as dt_stddev computes
// it. It returns 0 for a quantization.
func (a *Aggregation) Scalar(e *Entry) int64 {
	normal := a.NormalOr1()
	switch a.Func {
	case abi.AggAvg:
		if e.Count == 0 {
			return 0
		}
		return e.Sum / int64(normal) / e.Count
	case abi.AggStddev:
		return int64(Stddev(e, normal))
	case abi.AggCount, abi.AggSum, abi.AggMin, abi.AggMax:
		return int64(uint64(e.Value) / normal)
	}
	return 0
}

// Stddev is dt_stddev: the integer square root of the average of the
// squares less the square of the average, in DTrace's 128-bit arithmetic
// (the average truncated toward zero, the difference wrapping), of a
// stddev() entry normalized by normal (at least 1).
func Stddev(e *Entry, normal uint64) uint64 {
	if e.Count == 0 {
		return 0
	}
	sq := new(big.Int).SetUint64(e.SumSq.Hi)
	sq.Lsh(sq, 64)
	sq.Or(sq, new(big.Int).SetUint64(e.SumSq.Lo))
	sq.Quo(sq, new(big.Int).SetUint64(normal))
	sq.Quo(sq, new(big.Int).SetUint64(uint64(e.Count)))

	avg := e.Sum / int64(normal) / e.Count
	if avg < 0 {
		avg = -avg
	}
	m := new(big.Int).SetUint64(uint64(avg))
	m.Mul(m, m)
	d := sq.Sub(sq, m)
	if d.Sign() < 0 {
		d.Add(d, new(big.Int).Lsh(big.NewInt(1), 128))
	}
	return d.Sqrt(d).Uint64()
}

// Bucket is one bucket of a quantization: the integers from Min to Max
// (math.MinInt64 and math.MaxInt64 for the open-ended ones), how many
// values fell in it (normalized), and Value, the number DTrace's text
// labels its row with: the bound nearest zero (0 for a bucket that holds
// 0), and for lquantize's bucket of values under its base, the base.
type Bucket struct {
	// Index is the bucket's index in the entry's Buckets.
	Index    int
	Min, Max int64
	Value    int64
	Count    int64
}

// Buckets returns the non-empty buckets of entry e of quantization a, from
// the lowest values up, their counts divided by the normalization factor
// as dtrace prints them. It returns nil for the other functions.
func (a *Aggregation) Buckets(e *Entry) []Bucket {
	if !a.Func.IsQuantization() {
		return nil
	}
	bounds := BucketBounds(a.Agg)
	normal := a.NormalOr1()
	var bs []Bucket
	for i, n := range e.Buckets {
		if n == 0 || i >= len(bounds) {
			continue
		}
		b := bounds[i]
		b.Count = int64(uint64(n) / normal)
		bs = append(bs, b)
	}
	return bs
}

// bounds caches BucketBounds by aggregation parameters.
var bounds sync.Map // abi.Agg -> []Bucket

// BucketBounds returns every bucket of quantization a, in bucket order
// (which is value order), with its Min, Max and Value and no count. A
// bucket no integer falls in (some of llquantize's) has Min > Max. The
// slice is shared: it must not be modified.
func BucketBounds(a abi.Agg) []Bucket {
	if v, ok := bounds.Load(a); ok {
		return v.([]Bucket)
	}
	n := a.Buckets()
	bs := make([]Bucket, n)
	// The bucket function is monotonic: bucket i holds the integers from
	// the least v whose bucket is i or more, up to the least v whose
	// bucket is i+1 or more, less one.
	low := func(i int) int64 {
		if i <= 0 {
			return math.MinInt64
		}
		// The least v in [MinInt64, MaxInt64] with Bucket(v) >= i, or
		// MaxInt64 when there is none below it.
		lo, hi := uint64(0), uint64(math.MaxUint64) // v+2^63, offset binary
		for lo < hi {
			mid := lo + (hi-lo)/2
			if a.Bucket(int64(mid^1<<63)) >= i {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return int64(lo ^ 1<<63)
	}
	next := low(0)
	for i := range bs {
		b := &bs[i]
		b.Index = i
		b.Min = next
		if i == n-1 {
			b.Max = math.MaxInt64
		} else {
			next = low(i + 1)
			b.Max = next - 1
		}
		b.Value = labelValue(a, i, b.Min, b.Max)
	}
	bounds.Store(a, bs)
	return bs
}

// labelValue is the number DTrace's text shows for bucket i of a holding
// min to max.
func labelValue(a abi.Agg, i int, min, max int64) int64 {
	switch {
	case a.Func == abi.AggLQuantize && i == 0:
		return int64(a.Base)
	case a.Func == abi.AggLQuantize:
		return min
	case min <= 0 && max >= 0:
		return 0
	case max < 0:
		return max
	}
	return min
}
