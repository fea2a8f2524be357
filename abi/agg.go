package abi

import (
	"encoding/binary"
	"math/bits"
)

// AggFunc is an aggregating function.
type AggFunc uint8

// Aggregating functions.
const (
	AggCount AggFunc = iota + 1
	AggSum
	AggAvg
	AggMin
	AggMax
	AggStddev
	AggQuantize
	AggLQuantize
	AggLLQuantize
)

var aggNames = [...]string{
	AggCount:      "count",
	AggSum:        "sum",
	AggAvg:        "avg",
	AggMin:        "min",
	AggMax:        "max",
	AggStddev:     "stddev",
	AggQuantize:   "quantize",
	AggLQuantize:  "lquantize",
	AggLLQuantize: "llquantize",
}

// String returns the function's D name ("count", "lquantize", ...).
func (f AggFunc) String() string {
	if f > 0 && int(f) < len(aggNames) {
		return aggNames[f]
	}
	return "unknown"
}

// AggFuncNamed returns the aggregating function of D name name.
func AggFuncNamed(name string) (AggFunc, bool) {
	for f, n := range aggNames {
		if n != "" && n == name {
			return AggFunc(f), true
		}
	}
	return 0, false
}

// IsQuantization reports whether f fills buckets: quantize, lquantize and
// llquantize.
func (f AggFunc) IsQuantization() bool {
	return f == AggQuantize || f == AggLQuantize || f == AggLLQuantize
}

// Agg is an aggregation's function and its constant parameters: what the
// code generator lays its values out by and the printer labels them by.
type Agg struct {
	Func AggFunc
	// lquantize(value, Base, Base+Levels*Step, Step): Levels step-wide
	// buckets from Base (see LQuantizeLevels).
	Base, Step int32
	Levels     int
	// llquantize(value, Factor, LMag, HMag, Steps): factor, low and high
	// magnitude, and linear steps per magnitude (see LLQuantizeLayout).
	Factor, LMag, HMag, Steps int
}

// NewAgg returns the aggregation of function f with the constant
// parameters the checker records: lquantize's base, number of levels and
// step; llquantize's factor, low and high magnitude and steps; none for
// the others. Missing parameters are zero.
func NewAgg(f AggFunc, params []int64) Agg {
	p := func(i int) int64 {
		if i < len(params) {
			return params[i]
		}
		return 0
	}
	a := Agg{Func: f}
	switch f {
	case AggLQuantize:
		a.Base, a.Levels, a.Step = int32(p(0)), int(uint16(p(1))), int32(p(2))
	case AggLLQuantize:
		a.Factor, a.LMag, a.HMag, a.Steps = int(p(0)), int(p(1)), int(p(2)), int(p(3))
	}
	return a
}

// Limit is lquantize's upper limit: Base + Levels*Step.
func (a Agg) Limit() int32 { return a.Base + int32(a.Levels)*a.Step }

// Buckets returns the number of buckets of a quantization (0 for the
// other functions; 0 for an llquantize whose parameters are invalid).
func (a Agg) Buckets() int {
	switch a.Func {
	case AggQuantize:
		return QuantizeBuckets
	case AggLQuantize:
		return a.Levels + 2
	case AggLLQuantize:
		return LLQuantizeBins(a.Factor, a.LMag, a.HMag, a.Steps)
	}
	return 0
}

// Bucket returns the bucket of v in a quantization.
func (a Agg) Bucket(v int64) int {
	switch a.Func {
	case AggQuantize:
		return QuantizeBucket(v)
	case AggLQuantize:
		return LQuantizeBucket(v, a.Base, a.Limit(), a.Step)
	case AggLLQuantize:
		return LLQuantizeBucket(v, a.Factor, a.LMag, a.HMag, a.Steps)
	}
	return 0
}

// ValueSize returns the bytes of an aggregation's value on one CPU, u64
// words:
//
//	count      n
//	sum        sum
//	min, max   value, then a word that is not 0 once a value was seen
//	avg        n, sum
//	stddev     n, sum, sum of squares (low, high)
//	quantize   buckets[QuantizeBuckets]
//	lquantize  buckets[levels+2]: below base, levels, at or above limit
//	llquantize buckets[LLQuantizeBins]: Oracle's layout
//
// A quantization's size is at least one word, so that a map can be
// described for parameters the checker rejected.
func (a Agg) ValueSize() int {
	switch a.Func {
	case AggMin, AggMax, AggAvg:
		return 16
	case AggStddev:
		return 32
	case AggQuantize, AggLQuantize, AggLLQuantize:
		return 8 * max(a.Buckets(), 1)
	}
	return 8
}

// AggValue is an aggregation's value for one key, merged over the CPUs.
// Which fields are used depends on the function:
//
//	count                 Value (and Count)
//	sum, min, max         Value
//	avg                   Count, Sum
//	stddev                Count, Sum, SumSq (the sum of the squares, 128 bits)
//	quantizations         Buckets (Agg.Buckets of them): the sums of the increments
type AggValue struct {
	Value   int64
	Count   int64
	Sum     int64
	SumSq   Uint128
	Buckets []int64
}

// Merge returns the value of one key from its per-CPU values vals (each
// ValueSize bytes, as the kernel returns a per-CPU map's value): counts,
// sums and buckets add up; min and max keep the least or greatest value of
// the CPUs that saw one.
func (a Agg) Merge(vals [][]byte) AggValue {
	var v AggValue
	if a.Func.IsQuantization() {
		v.Buckets = make([]int64, a.ValueSize()/8)
	}
	seen := false
	for _, b := range vals {
		w := func(i int) int64 {
			if 8*i+8 > len(b) {
				return 0
			}
			return int64(binary.LittleEndian.Uint64(b[8*i:]))
		}
		switch a.Func {
		case AggCount, AggSum:
			v.Value += w(0)
		case AggMin, AggMax:
			if w(1) == 0 {
				continue // this CPU never saw a value
			}
			if x := w(0); !seen || a.Func == AggMin && x < v.Value || a.Func == AggMax && x > v.Value {
				v.Value = x
			}
			seen = true
		case AggAvg:
			v.Count += w(0)
			v.Sum += w(1)
		case AggStddev:
			v.Count += w(0)
			v.Sum += w(1)
			v.SumSq = Add128(v.SumSq, Uint128{Lo: uint64(w(2)), Hi: uint64(w(3))})
		default:
			for i := range v.Buckets {
				v.Buckets[i] += w(i)
			}
		}
	}
	if a.Func == AggCount {
		v.Count = v.Value
	}
	return v
}

// Combine adds src into dst, as aggregating both sets of data under one
// key would have (for keys the consumer finds to be the same, such as two
// addresses of one function).
func (a Agg) Combine(dst *AggValue, src AggValue) {
	switch a.Func {
	case AggMin:
		dst.Value = min(dst.Value, src.Value)
	case AggMax:
		dst.Value = max(dst.Value, src.Value)
	default:
		dst.Value += src.Value
	}
	dst.Count += src.Count
	dst.Sum += src.Sum
	dst.SumSq = Add128(dst.SumSq, src.SumSq)
	for i := range min(len(dst.Buckets), len(src.Buckets)) {
		dst.Buckets[i] += src.Buckets[i]
	}
}

// Uint128 is a 128-bit unsigned integer.
type Uint128 struct{ Hi, Lo uint64 }

// Add128 returns x+y, wrapping.
func Add128(x, y Uint128) Uint128 {
	lo, c := bits.Add64(x.Lo, y.Lo, 0)
	hi, _ := bits.Add64(x.Hi, y.Hi, c)
	return Uint128{hi, lo}
}

// Square128 returns v*v as 128 bits (stddev's accumulation of v², with v
// taken as its absolute value as DTrace does).
func Square128(v int64) Uint128 {
	u := uint64(v)
	if v < 0 {
		u = -u
	}
	hi, lo := bits.Mul64(u, u)
	return Uint128{hi, lo}
}
