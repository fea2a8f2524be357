package output

import (
	"bytes"
	"cmp"
	"math"
	"math/big"
	"math/bits"
	"sort"
)

// Func is an aggregating function.
type Func uint8

// Aggregating functions.
const (
	Count Func = iota + 1
	Sum
	Avg
	Min
	Max
	Stddev
	Quantize
	LQuantize
	LLQuantize
)

// An Aggregation is one aggregation variable's data, merged over the CPUs
// by the runtime.
type Aggregation struct {
	// ID is the aggregation variable's id: 1 for the first one the
	// program uses, 2 for the next... Exit-time printing and sorting go by
	// it.
	ID   int
	Name string // without the '@'
	Func Func

	// lquantize(value, Base, Limit, Step).
	Base, Limit, Step int32

	// llquantize(value, Factor, LMag, HMag, Steps): factor, low and high
	// magnitude, and linear steps per magnitude (see LLQuantizeLayout).
	Factor, LMag, HMag, Steps int

	// Normal is the normalization factor set by normalize() (0 or 1:
	// none; denormalize() sets it back to 1).
	Normal uint64

	// Entries are the aggregation's keys and values, in any order.
	Entries []*Entry

	// Printed records that printa() has printed the aggregation (DTrace's
	// DTRACE_AGD_PRINTED), so that the exit-time printing skips it.
	Printed bool
}

// An Entry is one key of an aggregation and its accumulated value. Which
// fields are used depends on the function:
//
//	count, sum, min, max   Value
//	avg                    Count, Sum
//	stddev                 Count, Sum, SumSq (the sum of the squares, 128 bits)
//	quantize               Buckets: QuantizeBuckets of them (QuantizeBucket)
//	lquantize              Buckets: LQuantizeLevels+2 (LQuantizeBucket)
//	llquantize             Buckets: LLQuantizeBins (LLQuantizeBucket)
//
// Buckets hold the sums of the increments (counts, or weights).
type Entry struct {
	Key     []Value
	Value   int64
	Count   int64
	Sum     int64
	SumSq   Uint128
	Buckets []int64
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

func (a *Aggregation) normal() uint64 {
	if a.Normal == 0 {
		return 1
	}
	return a.Normal
}

// Quantization layout.
const (
	// QuantizeBuckets is DTRACE_QUANTIZE_NBUCKETS: buckets for -2^62...,
	// -2, -1, 0, 1, 2, ... 2^62.
	QuantizeBuckets = 127
	// QuantizeZero is the index of the bucket of 0.
	QuantizeZero = 63
)

// QuantizeBucketValue is DTRACE_QUANTIZE_BUCKETVAL: the lowest magnitude
// counted in bucket i.
func QuantizeBucketValue(i int) int64 {
	switch {
	case i < QuantizeZero:
		return -(int64(1) << (QuantizeZero - 1 - i))
	case i == QuantizeZero:
		return 0
	}
	return int64(1) << (i - QuantizeZero - 1)
}

// QuantizeBucket returns the bucket of v in a quantize() aggregation: the
// power of two at or below |v|, on v's side of zero.
func QuantizeBucket(v int64) int {
	switch {
	case v == 0:
		return QuantizeZero
	case v > 0:
		return QuantizeZero + bits.Len64(uint64(v))
	}
	if v <= -(int64(1) << 62) {
		return 0
	}
	return QuantizeZero - bits.Len64(uint64(-v))
}

// LQuantizeLevels is the number of step-wide buckets of lquantize(base,
// limit, step) (DTRACE_LQUANTIZE_LEVELS); there are two more, for values
// under base and at or over the limit.
func LQuantizeLevels(base, limit, step int32) int {
	if step <= 0 {
		return 0
	}
	return int(uint16((int64(limit) - int64(base)) / int64(step)))
}

// LQuantizeBucket returns the bucket of v in lquantize(base, limit, step).
func LQuantizeBucket(v int64, base, limit, step int32) int {
	levels := LQuantizeLevels(base, limit, step)
	if v < int64(base) {
		return 0
	}
	if v >= int64(base)+int64(levels)*int64(step) {
		return levels + 1
	}
	return 1 + int((v-int64(base))/int64(step))
}

// LLQuantizeMagnitude is one order of magnitude m of an llquantize() in
// Oracle's DTrace for Linux layout (see LLQuantizeLayout): the magnitudes
// u with Low <= u < factor^(m+1) fall in linear step k = u*nsteps /
// factor^(m+1) (between nsteps/factor and nsteps-1), whose bucket is Off+k
// away from the zero bucket (above it for positive values, below it for
// negative ones).
type LLQuantizeMagnitude struct {
	Low uint64 // factor^m
	// High is factor^(m+1), or 0 when that does not fit in 64 bits (every
	// magnitude at or over Low is then in this order of magnitude).
	High uint64
	// Width is factor^(m+1)/nsteps, the magnitudes a step holds, when
	// nsteps <= factor^(m+1) (it divides it then); 0 otherwise, when steps
	// are less than one apart and some hold no integer (Oracle's "ghost
	// bins"): step k is then u*nsteps/High.
	Width uint64
	Off   int
}

// step returns the linear step of magnitude u in m.
func (m *LLQuantizeMagnitude) step(u uint64, nsteps int) int {
	if m.Width > 0 {
		return int(u / m.Width)
	}
	return int(u * uint64(nsteps) / m.High)
}

// LLQuantizeLayout returns the layout of llquantize(factor, lmag, hmag,
// nsteps) in Oracle's DTrace for Linux: negative values have buckets of
// their own, mirroring the positive ones around a zero bucket. With per =
// nsteps - nsteps/factor buckets for each order of magnitude:
//
//	0                            values <= -factor^(hmag+1)
//	zero-1 ... 1                 the negative magnitudes, from high to low
//	zero = 1 + (hmag-lmag+1)*per |v| < factor^lmag
//	zero+1 ... bins-2            the positive magnitudes, from low to high
//	bins-1                       values >= factor^(hmag+1)
//
// Order of magnitude m (lmag <= m <= hmag) spans factor^m to factor^(m+1)
// in nsteps linear steps, of which the first nsteps/factor overlap the
// magnitude below and are left out. mags are the orders of magnitude
// from lmag up. It returns nil, 0, 0 for parameters the compiler rejects.
func LLQuantizeLayout(factor, lmag, hmag, nsteps int) (mags []LLQuantizeMagnitude, zero, bins int) {
	if !llquantizeValid(factor, lmag, hmag, nsteps) {
		return nil, 0, 0
	}
	f, sf := uint64(factor), uint64(nsteps/factor)
	per := nsteps - nsteps/factor
	low := uint64(1)
	for m := 0; m < lmag; m++ {
		low *= f
	}
	for m := lmag; m <= hmag; m++ {
		mag := LLQuantizeMagnitude{Low: low, Off: 1 + (m-lmag)*per - int(sf)}
		hi, lo := bits.Mul64(low, f)
		if hi == 0 {
			mag.High = lo
		}
		if mag.High == 0 || mag.High >= uint64(nsteps) {
			// nsteps divides factor^(m+1), so nsteps/factor divides factor^m.
			mag.Width = low / sf
		}
		mags = append(mags, mag)
		low = lo
	}
	zero = 1 + (hmag-lmag+1)*per
	return mags, zero, 2*zero + 1
}

// llquantizeValid reports whether llquantize's parameters are ones the
// compiler accepts: factor at least 2, lmag at most hmag, nsteps a
// multiple of factor that divides the first power of factor not under it,
// all 16-bit, and factor^hmag within 64 bits.
func llquantizeValid(factor, lmag, hmag, nsteps int) bool {
	if factor < 2 || lmag < 0 || lmag > hmag || nsteps < factor || hmag > 1<<16-1 || nsteps > 1<<16-1 || nsteps%factor != 0 {
		return false
	}
	v := factor
	for v < nsteps {
		v *= factor
	}
	if v%nsteps != 0 {
		return false
	}
	p := uint64(1)
	for m := 0; m < hmag; m++ {
		hi, lo := bits.Mul64(p, uint64(factor))
		if hi != 0 {
			return false
		}
		p = lo
	}
	return true
}

// LLQuantizeBins is the number of buckets of llquantize(factor, lmag,
// hmag, nsteps) (see LLQuantizeLayout): (hmag-lmag+1)*(nsteps -
// nsteps/factor)*2 + 3. It is 0 for invalid parameters.
func LLQuantizeBins(factor, lmag, hmag, nsteps int) int {
	_, _, bins := LLQuantizeLayout(factor, lmag, hmag, nsteps)
	return bins
}

// LLQuantizeBucket returns the bucket of v in llquantize(factor, lmag,
// hmag, nsteps), as Oracle's DTrace for Linux computes it (see
// LLQuantizeLayout): with u = |v|, the zero bucket for u < factor^lmag,
// the overflow bucket on v's side for u >= factor^(hmag+1), else the
// bucket Off+k away from the zero bucket on v's side, for u's order of
// magnitude and linear step k. It is 0 for invalid parameters.
func LLQuantizeBucket(v int64, factor, lmag, hmag, nsteps int) int {
	mags, zero, bins := LLQuantizeLayout(factor, lmag, hmag, nsteps)
	if mags == nil {
		return 0
	}
	u := uint64(v)
	if v < 0 {
		u = -u
	}
	off := llqOffset(mags, u, nsteps)
	switch {
	case off < 0 && v < 0:
		return 0
	case off < 0:
		return bins - 1
	case v < 0:
		return zero - off
	}
	return zero + off
}

// llqOffset is the distance of magnitude u's bucket from the zero bucket,
// or -1 when u is at or over factor^(hmag+1).
func llqOffset(mags []LLQuantizeMagnitude, u uint64, nsteps int) int {
	if u < mags[0].Low {
		return 0
	}
	for i := range mags {
		if m := &mags[i]; m.High == 0 || u < m.High {
			return m.Off + m.step(u, nsteps)
		}
	}
	return -1
}

// llqLabel returns the lowest magnitude counted by the bucket off (1 to
// zero-1) away from the zero bucket, false for a ghost bucket, which no
// integer falls in. The value wraps as Oracle's uint64 step*scale does
// past 64 bits (only buckets no value reaches).
func llqLabel(mags []LLQuantizeMagnitude, off, nsteps, factor int) (uint64, bool) {
	per := nsteps - nsteps/factor
	m := &mags[(off-1)/per]
	k := uint64(nsteps/factor + (off-1)%per)
	if m.Width > 0 {
		return k * m.Width, true
	}
	// The least u with u*nsteps/High >= k, if it is in step k.
	u := (k*m.High + uint64(nsteps) - 1) / uint64(nsteps)
	return u, m.step(u, nsteps) == int(k)
}

// llqPow is (uint64_t)powl(factor, n), saturated at the largest uint64.
func llqPow(factor, n int) uint64 {
	p := uint64(1)
	for ; n > 0; n-- {
		hi, lo := bits.Mul64(p, uint64(factor))
		if hi != 0 {
			return math.MaxUint64
		}
		p = lo
	}
	return p
}

// stddev is dt_stddev: the integer square root of the average of the
// squares less the square of the average, in DTrace's 128-bit arithmetic
// (the average truncated toward zero, the difference wrapping).
func stddev(e *Entry, normal uint64) uint64 {
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
	a := new(big.Int).SetUint64(uint64(avg))
	a.Mul(a, a)
	d := sq.Sub(sq, a)
	if d.Sign() < 0 {
		d.Add(d, new(big.Int).Lsh(big.NewInt(1), 128))
	}
	return d.Sqrt(d).Uint64()
}

// zeroEntry is the zero-filled data printa() of several aggregations shows
// for a key one of them does not have.
func zeroEntry(a *Aggregation) *Entry {
	e := &Entry{}
	switch a.Func {
	case Quantize:
		e.Buckets = make([]int64, QuantizeBuckets)
	case LQuantize:
		e.Buckets = make([]int64, LQuantizeLevels(a.Base, a.Limit, a.Step)+2)
	case LLQuantize:
		e.Buckets = make([]int64, LLQuantizeBins(a.Factor, a.LMag, a.HMag, a.Steps))
	}
	return e
}

// bucket returns bucket i of e, 0 when missing.
func (e *Entry) bucket(i int) int64 {
	if i < 0 || i >= len(e.Buckets) {
		return 0
	}
	return e.Buckets[i]
}

// Sorting, as dt_aggregate.c's comparison functions. Each returns <0, 0
// or >0; aggsortrev negates the whole comparison (DT_LESSTHAN and
// DT_GREATERTHAN swap everywhere).

// keyCmp is dt_aggregate_keycmp: the keys compared record by record,
// starting at position keypos and wrapping, integers as unsigned values of
// their size, everything else byte by byte.
func keyCmp(l, r []Value, keypos int) int {
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
		lr, rr := lv.record(), rv.record()
		if c := cmp.Compare(len(lr), len(rr)); c != 0 {
			return c
		}
		var c int
		switch {
		case len(lr) == 1 || len(lr) == 2 || len(lr) == 4 || len(lr) == 8:
			c = cmp.Compare(leUint(lr), leUint(rr))
		case lv.Kind == KindUSym || lv.Kind == KindUMod:
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

// valCmp is dt_aggregate_valcmp for two entries of aggregations with the
// same function.
func valCmp(a *Aggregation, l, r *Entry, ra *Aggregation) int {
	if c := cmp.Compare(len(l.Key), len(r.Key)); c != 0 {
		return c
	}
	if c := cmp.Compare(int(a.Func), int(ra.Func)); c != 0 {
		return c
	}
	switch a.Func {
	case Avg:
		return cmp.Compare(avgOf(l), avgOf(r))
	case Stddev:
		return cmp.Compare(stddev(l, 1), stddev(r, 1))
	case Quantize:
		lt, rt := new(big.Int), new(big.Int)
		for i := 0; i < QuantizeBuckets; i++ {
			bv := big.NewInt(QuantizeBucketValue(i))
			lt.Add(lt, new(big.Int).Mul(bv, big.NewInt(l.bucket(i))))
			rt.Add(rt, new(big.Int).Mul(bv, big.NewInt(r.bucket(i))))
		}
		if c := lt.Cmp(rt); c != 0 {
			return c
		}
		return cmp.Compare(l.bucket(QuantizeZero), r.bucket(QuantizeZero))
	case LQuantize:
		if c := lquantSum(a, l).Cmp(lquantSum(ra, r)); c != 0 {
			return c
		}
		return cmp.Compare(lquantZero(a, l), lquantZero(ra, r))
	case LLQuantize:
		if c := llquantSum(a, l).Cmp(llquantSum(ra, r)); c != 0 {
			return c
		}
		// dt_aggregate_llquantizedcmp's "weights at zero": the zero
		// bucket.
		_, lz, _ := LLQuantizeLayout(a.Factor, a.LMag, a.HMag, a.Steps)
		_, rz, _ := LLQuantizeLayout(ra.Factor, ra.LMag, ra.HMag, ra.Steps)
		return cmp.Compare(l.bucket(lz), r.bucket(rz))
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
// values (base-1 for the underflow, the limit+1 for the overflow).
func lquantSum(a *Aggregation, e *Entry) *big.Float {
	levels := LQuantizeLevels(a.Base, a.Limit, a.Step)
	base := int64(a.Base)
	t := new(big.Float).SetPrec(128)
	add := func(n, w int64) {
		t.Add(t, new(big.Float).SetPrec(128).Mul(big.NewFloat(float64(n)).SetPrec(128), big.NewFloat(float64(w)).SetPrec(128)))
	}
	add(e.bucket(0), base-1)
	for i := 0; i < levels; i++ {
		add(e.bucket(i+1), base)
		base += int64(a.Step)
	}
	add(e.bucket(levels+1), base+1)
	return t
}

// lquantZero is dt_aggregate_lquantizedzero: the count of the bucket
// holding 0, if any.
func lquantZero(a *Aggregation, e *Entry) int64 {
	levels := LQuantizeLevels(a.Base, a.Limit, a.Step)
	base := int64(a.Base)
	if base-1 == 0 {
		return e.bucket(0)
	}
	for i := 0; i < levels; i++ {
		if base == 0 {
			return e.bucket(i + 1)
		}
		base += int64(a.Step)
	}
	if base+1 == 0 {
		return e.bucket(levels + 1)
	}
	return 0
}

// llquantSum is Oracle's dt_aggregate_llquantizedsum: the difference
// of each positive bucket and its negative mirror, weighted by the lowest
// magnitude the bucket counts (factor^(hmag+1) for the overflow buckets),
// summed in long double arithmetic. Ghost buckets count nothing.
func llquantSum(a *Aggregation, e *Entry) *big.Float {
	t := ld(0)
	mags, zero, bins := LLQuantizeLayout(a.Factor, a.LMag, a.HMag, a.Steps)
	if mags == nil {
		return t
	}
	add := func(i int, w *big.Float) {
		d := ld(0).SetInt64(e.bucket(zero+i) - e.bucket(zero-i))
		t = ld(0).Add(t, ld(0).Mul(d, w))
	}
	for i := 1; i < zero; i++ {
		if w, ok := llqLabel(mags, i, a.Steps, a.Factor); ok {
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
		c := valCmp(a, es[i], es[j], a)
		if c == 0 {
			c = keyCmp(es[i].Key, es[j].Key, 0)
		}
		return c > 0
	})
	if n < 0 {
		for i, j := 0, len(es)-1; i < j; i, j = i+1, j-1 {
			es[i], es[j] = es[j], es[i]
		}
		n = -n
	}
	if n > len(es) {
		n = len(es)
	}
	keep := map[string]bool{}
	for _, e := range es[:n] {
		keep[keyString(e.Key)] = true
	}
	return func(key []Value) bool { return keep[keyString(key)] }
}
