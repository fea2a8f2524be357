package sink

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/big"
	"sort"

	"github.com/dtrace-go/dtrace/abi"
)

// Sorting, as dt_aggregate.c's comparison functions. Each returns <0, 0
// or >0; aggsortrev negates the whole comparison (DT_LESSTHAN and
// DT_GREATERTHAN swap everywhere).

// CompareKeys is dt_aggregate_keycmp: the keys compared record by record,
// starting at position keypos and wrapping, integers as unsigned values of
// their size, everything else byte by byte.
func CompareKeys(l, r []Value, keypos int) int {
	if len(l) != len(r) {
		return cmp.Compare(len(l), len(r))
	}
	n := len(l)
	nkrecs := n + 1 // DTrace's first key record is the variable id
	if keypos+1 >= nkrecs || keypos < 0 {
		keypos = 0
	}
	for i := 1; i < nkrecs; i++ {
		ndx := i + keypos
		if ndx >= nkrecs {
			ndx = ndx - nkrecs + 1
		}
		lv, rv := l[ndx-1], r[ndx-1]
		lr, rr := lv.Record(), rv.Record()
		if c := cmp.Compare(len(lr), len(rr)); c != 0 {
			return c
		}
		var c int
		switch {
		case len(lr) == 1 || len(lr) == 2 || len(lr) == 4 || len(lr) == 8:
			c = cmp.Compare(leUint(lr), leUint(rr))
		case lv.Kind == KindUSym || lv.Kind == KindUAddr || lv.Kind == KindUMod:
			if c = cmp.Compare(lv.PID, rv.PID); c == 0 {
				c = cmp.Compare(lv.Bits, rv.Bits)
			}
		default:
			c = bytes.Compare(lr, rr)
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// CompareValues is dt_aggregate_valcmp: entry l of aggregation la
// against entry r of aggregation ra, by their number of keys, their
// aggregating functions, then their values as DTrace orders them.
func CompareValues(a *Aggregation, l *Entry, ra *Aggregation, r *Entry) int {
	if c := cmp.Compare(len(l.Key), len(r.Key)); c != 0 {
		return c
	}
	if c := cmp.Compare(int(a.Func), int(ra.Func)); c != 0 {
		return c
	}
	switch a.Func {
	case abi.AggAvg:
		return cmp.Compare(avgOf(l), avgOf(r))
	case abi.AggStddev:
		return cmp.Compare(Stddev(l, 1), Stddev(r, 1))
	case abi.AggQuantize:
		// dt_aggregate_quantizedcmp: the buckets weighted by their
		// values, summed in long double arithmetic.
		lt, rt := ld(0), ld(0)
		for i := 0; i < abi.QuantizeBuckets; i++ {
			bv := abi.QuantizeBucketValue(i)
			lt = ldMulAdd(lt, bv, bucket(l, i))
			rt = ldMulAdd(rt, bv, bucket(r, i))
		}
		if c := lt.Cmp(rt); c != 0 {
			return c
		}
		return cmp.Compare(bucket(l, abi.QuantizeZero), bucket(r, abi.QuantizeZero))
	case abi.AggLQuantize:
		if c := lquantSum(a, l).Cmp(lquantSum(ra, r)); c != 0 {
			return c
		}
		return cmp.Compare(lquantZero(a, l), lquantZero(ra, r))
	case abi.AggLLQuantize:
		if c := llquantSum(a, l).Cmp(llquantSum(ra, r)); c != 0 {
			return c
		}
		// dt_aggregate_llquantizedcmp's "weights at zero": the zero
		// bucket.
		_, lz, _ := abi.LLQuantizeLayout(a.Factor, a.LMag, a.HMag, a.Steps)
		_, rz, _ := abi.LLQuantizeLayout(ra.Factor, ra.LMag, ra.HMag, ra.Steps)
		return cmp.Compare(bucket(l, lz), bucket(r, rz))
	}
	return cmp.Compare(l.Value, r.Value)
}

func avgOf(e *Entry) int64 {
	if e.Count == 0 {
		return 0
	}
	return e.Sum / e.Count
}

// lquantSum is dt_aggregate_lquantizedsum: the buckets weighted by their
// values (base-1 for the underflow, the limit+1 for the overflow), summed
// in long double arithmetic, as x87's 64-bit significand rounds each
// product and each sum.
func lquantSum(a *Aggregation, e *Entry) *big.Float {
	levels := a.Levels
	base := int64(a.Base)
	t := ldMulAdd(ld(0), bucket(e, 0), base-1)
	for i := 0; i < levels; i++ {
		t = ldMulAdd(t, bucket(e, i+1), base)
		base += int64(a.Step)
	}
	return ldMulAdd(t, bucket(e, levels+1), base+1)
}

// ldMulAdd returns t + x*y in long double arithmetic: x and y converted
// exactly (a 64-bit significand holds any int64), the product rounded to
// 64 bits, then the sum.
func ldMulAdd(t *big.Float, x, y int64) *big.Float {
	p := new(big.Float).SetPrec(64).SetInt64(x)
	p.Mul(p, new(big.Float).SetPrec(64).SetInt64(y))
	return new(big.Float).SetPrec(64).Add(t, p)
}

// lquantZero is dt_aggregate_lquantizedzero: the count of the bucket
// holding 0, if any.
func lquantZero(a *Aggregation, e *Entry) int64 {
	levels := a.Levels
	base := int64(a.Base)
	if base-1 == 0 {
		return bucket(e, 0)
	}
	for i := 0; i < levels; i++ {
		if base == 0 {
			return bucket(e, i+1)
		}
		base += int64(a.Step)
	}
	if base+1 == 0 {
		return bucket(e, levels+1)
	}
	return 0
}

// llquantSum is Oracle's dt_aggregate_llquantizedsum: the difference
// of each positive bucket and its negative mirror, weighted by the lowest
// magnitude the bucket counts (factor^(hmag+1) for the overflow buckets),
// summed in long double arithmetic. Ghost buckets count nothing.
func llquantSum(a *Aggregation, e *Entry) *big.Float {
	t := ld(0)
	mags, zero, bins := abi.LLQuantizeLayout(a.Factor, a.LMag, a.HMag, a.Steps)
	if mags == nil {
		return t
	}
	add := func(i int, w *big.Float) {
		d := ld(0).SetInt64(bucket(e, zero+i) - bucket(e, zero-i))
		t = ld(0).Add(t, ld(0).Mul(d, w))
	}
	for i := 1; i < zero; i++ {
		if w, ok := abi.LLQuantizeLabel(mags, i, a.Steps, a.Factor); ok {
			add(i, ld(0).SetUint64(w))
		}
	}
	over := new(big.Int).Exp(big.NewInt(int64(a.Factor)), big.NewInt(int64(a.HMag+1)), nil)
	add(bins-1-zero, ld(0).SetInt(over))
	return t
}

// leUint reads a little-endian unsigned integer of up to 8 bytes.
func leUint(b []byte) uint64 {
	var u uint64
	for i := len(b) - 1; i >= 0; i-- {
		u = u<<8 | uint64(b[i])
	}
	return u
}

// Top returns a test telling whether a key is among the n entries trunc()
// keeps: the n with the largest values, or for a negative n the -n with
// the smallest, ordered as DTrace orders values (then keys).
func Top(a *Aggregation, n int) func(key []Value) bool {
	es := append([]*Entry(nil), a.Entries...)
	sort.SliceStable(es, func(i, j int) bool {
		c := CompareValues(a, es[i], a, es[j])
		if c == 0 {
			c = CompareKeys(es[i].Key, es[j].Key, 0)
		}
		return c > 0
	})
	if n < 0 {
		for i, j := 0, len(es)-1; i < j; i, j = i+1, j-1 {
			es[i], es[j] = es[j], es[i]
		}
	}
	// The magnitude as an unsigned count: -n of the smallest int wraps in
	// C's arithmetic (dt_trunc's remaining count never reaches zero),
	// and keeps every entry here.
	keepN := uint64(n)
	if n < 0 {
		keepN = -keepN
	}
	if keepN > uint64(len(es)) {
		keepN = uint64(len(es))
	}
	keep := map[string]bool{}
	for _, e := range es[:keepN] {
		keep[KeyID(e.Key)] = true
	}
	return func(key []Value) bool { return keep[KeyID(key)] }
}

// KeyID returns an identity of an aggregation key: its records' bytes
// (Value.Record), each after its length. Two keys are the same key of an
// aggregation when their KeyIDs are equal.
func KeyID(key []Value) string {
	var b []byte
	for _, v := range key {
		r := v.Record()
		b = binary.LittleEndian.AppendUint32(b, uint32(len(r)))
		b = append(b, r...)
	}
	return string(b)
}

// bucket returns bucket i of e, 0 when missing.
func bucket(e *Entry, i int) int64 {
	if i < 0 || i >= len(e.Buckets) {
		return 0
	}
	return e.Buckets[i]
}

// ld returns x as a big.Float of long double's precision.
func ld(x float64) *big.Float {
	return new(big.Float).SetPrec(64).SetMode(big.ToNearestEven).SetFloat64(x)
}
