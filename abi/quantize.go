package abi

import (
	"math"
	"math/bits"
)

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
// factor^(m+1) (between nsteps/factor and nsteps-1, rounded down as Oracle's
// code does), whose bucket is Off+k
// away from the zero bucket (above it for positive values, below it for
// negative ones).
type LLQuantizeMagnitude struct {
	Low uint64 // factor^m
	// High is factor^(m+1), or 0 when that does not fit in 64 bits (every
	// magnitude at or over Low is then in this order of magnitude).
	High uint64
	// Width is factor^(m+1)/nsteps, the magnitudes a step holds, when
	// nsteps divides factor^(m+1) (always but where lmag is 0, m is 0 and
	// nsteps is over the factor); 0 otherwise, when steps are less than
	// one apart and some hold no integer (Oracle's "ghost bins"): step k
	// is then u*nsteps/High. With fewer steps than the factor, step 0
	// holds factor^m up to Width.
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
		switch {
		case mag.High != 0 && mag.High%uint64(nsteps) == 0:
			mag.Width = mag.High / uint64(nsteps)
		case mag.High == 0:
			// factor^(m+1) past 64 bits (no parameters the compiler
			// accepts): steps as wide as factor^m*factor/nsteps.
			mag.Width = low / uint64(nsteps) * f
		}
		mags = append(mags, mag)
		low = lo
	}
	zero = 1 + (hmag-lmag+1)*per
	return mags, zero, 2*zero + 1
}

// llquantizeValid reports whether llquantize's parameters are ones the
// compiler accepts, as Oracle's dt_cg_agg_llquantize decides: a factor of
// 2 to 65535, lmag at most hmag, both 16-bit, factor^(hmag+1) within 64
// bits, and 1 to 65535 steps that divide the factor when fewer than it,
// or else are a multiple of it that divides factor^(lmag+1) (factor^2
// when lmag is 0).
func llquantizeValid(factor, lmag, hmag, nsteps int) bool {
	const max16 = 1<<16 - 1
	if factor < 2 || factor > max16 || lmag < 0 || lmag > hmag || hmag > max16 || nsteps < 1 || nsteps > max16 {
		return false
	}
	if LLQuantizePow(factor, hmag+1) == math.MaxUint64 {
		return false
	}
	switch {
	case nsteps < factor:
		return factor%nsteps == 0
	case nsteps > factor && nsteps%factor != 0:
		return false
	case nsteps > factor && lmag == 0:
		return factor*factor%nsteps == 0
	case nsteps > factor:
		return LLQuantizePow(factor, lmag+1)%uint64(nsteps) == 0
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

// LLQuantizeLabel returns the lowest magnitude counted by the bucket off (1 to
// zero-1) away from the zero bucket, false for a ghost bucket, which no
// integer falls in. The value wraps as Oracle's uint64 step*scale does
// past 64 bits (only buckets no value reaches).
func LLQuantizeLabel(mags []LLQuantizeMagnitude, off, nsteps, factor int) (uint64, bool) {
	per := nsteps - nsteps/factor
	m := &mags[(off-1)/per]
	k := uint64(nsteps/factor + (off-1)%per)
	if m.Width > 0 {
		// With fewer steps than the factor (nsteps/factor is 0), step
		// 0 starts at the magnitude's low end.
		return max(k*m.Width, m.Low), true
	}
	// The least u with u*nsteps/High >= k, if it is in step k.
	u := (k*m.High + uint64(nsteps) - 1) / uint64(nsteps)
	return u, m.step(u, nsteps) == int(k)
}

// LLQuantizePow is (uint64_t)powl(factor, n), saturated at the largest uint64.
func LLQuantizePow(factor, n int) uint64 {
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
