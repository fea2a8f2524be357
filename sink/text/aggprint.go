package text

import (
	"cmp"
	"math/big"
	"sort"
	"strings"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/sink"
)

// Printa prints aggregations as printa() does. With a nil format it is the
// default layout (an empty line, then one line per key: the keys, then the
// value of each aggregation); with a format, each key's line is the format
// rendered with the keys as arguments and the aggregations' values for
// the %@ conversions. Several aggregations are joined on their keys, a key
// missing from one of them showing its zero value. Lines come in DTrace's
// order (see Options' sorting options). Aggregations printed are marked
// Printed.
func (p *Printer) Printa(f *printf.Format, aggs ...*sink.Aggregation) error {
	var b strings.Builder
	err := p.printa(&b, f, aggs)
	if werr := p.write(&b); err == nil {
		err = werr
	}
	return err
}

func (p *Printer) printa(b *strings.Builder, f *printf.Format, aggs []*sink.Aggregation) error {
	if len(aggs) == 0 {
		return nil
	}
	if f == nil {
		b.WriteByte('\n')
	}
	if len(aggs) == 1 {
		a := aggs[0]
		items := make([]item, len(a.Entries))
		for i, e := range a.Entries {
			items[i] = item{a, e}
		}
		p.sortItems(items)
		for _, it := range items {
			if f == nil {
				p.writeEntry(b, it.e.Key, []aggVal{{it.agg, it.e}})
			} else if err := p.render(b, f, it.e.Key, []aggVal{{it.agg, it.e}}); err != nil {
				return err
			}
		}
		if len(items) > 0 {
			p.markPrinted(a)
		}
		return nil
	}
	bundles := p.joined(aggs)
	for _, bd := range bundles {
		if f == nil {
			p.writeEntry(b, bd.key, bd.vals)
		} else if err := p.render(b, f, bd.key, bd.vals); err != nil {
			return err
		}
	}
	if len(bundles) > 0 {
		for _, a := range aggs {
			p.markPrinted(a)
		}
	}
	return nil
}

// Exit prints what dtrace prints when tracing ends: an empty line, then
// every aggregation that printa() has not printed, in the default layout,
// sorted together (by aggregation ID first).
func (p *Printer) Exit(aggs []*sink.Aggregation) error {
	var b strings.Builder
	b.WriteByte('\n')
	var items []item
	for _, a := range aggs {
		if p.printed[a.ID] {
			continue
		}
		for _, e := range a.Entries {
			items = append(items, item{a, e})
		}
	}
	p.sortItems(items)
	for _, it := range items {
		p.writeEntry(&b, it.e.Key, []aggVal{{it.agg, it.e}})
	}
	return p.write(&b)
}

// markPrinted records that printa() has printed a (DTrace's
// DTRACE_AGD_PRINTED), so that Exit skips it.
func (p *Printer) markPrinted(a *sink.Aggregation) {
	if p.printed == nil {
		p.printed = map[int]bool{}
	}
	p.printed[a.ID] = true
}

// item is one aggregation entry in a sorted walk.
type item struct {
	agg *sink.Aggregation
	e   *sink.Entry
}

// sortItems sorts as dtrace_aggregate_walk_sorted: by aggregation ID, then
// value, then key (dt_aggregate_varvalcmp), or by aggregation ID then key
// under aggsortkey (dt_aggregate_varkeycmp); aggsortrev reverses it all.
func (p *Printer) sortItems(items []item) {
	o := p.opt
	sort.SliceStable(items, func(i, j int) bool {
		l, r := items[i], items[j]
		c := cmp.Compare(l.agg.ID, r.agg.ID)
		if c == 0 && !o.AggSortKey {
			c = sink.CompareValues(l.agg, l.e, r.agg, r.e)
		}
		if c == 0 {
			c = sink.CompareKeys(l.e.Key, r.e.Key, o.AggSortKeyPos)
		}
		if o.AggSortRev {
			c = -c
		}
		return c < 0
	})
}

// bundle is one key of a printa() of several aggregations, with each
// aggregation's value for it.
type bundle struct {
	key  []sink.Value
	vals []aggVal // in the printa()'s order
}

// joined is dtrace_aggregate_walk_joined: the aggregations' entries
// grouped by key, sorted by the values of the aggregation at aggsortpos
// (then the next ones), then by key; or by key first under aggsortkey.
func (p *Printer) joined(aggs []*sink.Aggregation) []bundle {
	n := len(aggs)
	index := map[string]int{}
	var bundles []bundle
	for j, a := range aggs {
		for _, e := range a.Entries {
			k := sink.KeyID(e.Key)
			bi, ok := index[k]
			if !ok {
				bi = len(bundles)
				index[k] = bi
				bundles = append(bundles, bundle{key: e.Key, vals: make([]aggVal, n)})
			}
			if bundles[bi].vals[j].e == nil {
				bundles[bi].vals[j] = aggVal{a, e}
			}
		}
	}
	for i := range bundles {
		for j, a := range aggs {
			if bundles[i].vals[j].e == nil {
				bundles[i].vals[j] = aggVal{a, zeroEntry(a)}
			}
		}
	}
	o := p.opt
	pos := o.AggSortPos
	if pos < 0 || pos >= n {
		pos = 0
	}
	sort.SliceStable(bundles, func(i, j int) bool {
		l, r := bundles[i], bundles[j]
		c := 0
		if o.AggSortKey {
			c = sink.CompareKeys(l.key, r.key, o.AggSortKeyPos)
		}
		for k := 0; c == 0 && k < n; k++ {
			x := (k + pos) % n
			c = sink.CompareValues(l.vals[x].agg, l.vals[x].e, r.vals[x].agg, r.vals[x].e)
		}
		if c == 0 && !o.AggSortKey {
			c = sink.CompareKeys(l.key, r.key, o.AggSortKeyPos)
		}
		if o.AggSortRev {
			c = -c
		}
		return c < 0
	})
	return bundles
}

// writeEntry is dt_print_aggs: the keys, each value, a newline.
func (p *Printer) writeEntry(b *strings.Builder, key []sink.Value, vals []aggVal) {
	for _, k := range key {
		p.writeKey(b, k)
	}
	for _, av := range vals {
		p.writeValue(b, av.agg, av.e)
	}
	b.WriteByte('\n')
}

// writeKey is dt_print_datum for a key record.
func (p *Printer) writeKey(b *strings.Builder, v sink.Value) {
	switch v.Kind {
	case sink.KindStack, sink.KindUStack:
		writeStack(b, v, "%s", p.stackIndent())
		return
	case sink.KindSym, sink.KindUSym, sink.KindUAddr, sink.KindMod, sink.KindUMod:
		b.WriteString(cprintf("  %-50s", symName(v)))
		return
	case sink.KindString, sink.KindBytes:
		// dt_print_datum prints a key by its record's size alone, so
		// that a string of strsize 1, 2, 4 or 8 would print as a
		// number: a limit of its layout, not DTrace's intent. A
		// string prints as one (dt_print_bytes) at every strsize.
		writeBytes(b, v.Record(), 50, false, false)
		return
	}
	switch v.Len() {
	case 8:
		b.WriteString(cprintf(" %16lld", v.CBits()))
	case 4:
		b.WriteString(cprintf(" %8d", v.CBits()))
	case 2:
		b.WriteString(cprintf(" %5d", v.Uint()))
	case 1:
		b.WriteString(cprintf(" %3d", v.Uint()))
	default:
		writeBytes(b, v.Record(), 50, false, false)
	}
}

// writeValue is dt_print_datum for an aggregation's value.
func (p *Printer) writeValue(b *strings.Builder, a *sink.Aggregation, e *sink.Entry) {
	normal := a.NormalOr1()
	switch a.Func {
	case abi.AggQuantize, abi.AggLQuantize, abi.AggLLQuantize:
		p.writeDist(b, a, e, normal)
	case abi.AggAvg:
		var v int64
		if e.Count != 0 {
			v = e.Sum / int64(normal) / e.Count
		}
		b.WriteString(cprintf(" %16lld", v))
	case abi.AggStddev:
		b.WriteString(cprintf(" %16llu", sink.Stddev(e, normal)))
	default:
		// (long long)value / normal: an unsigned division in C.
		b.WriteString(cprintf(" %16lld", uint64(e.Value)/normal))
	}
}

// writeDist prints a quantize(), lquantize() or llquantize() table.
func (p *Printer) writeDist(b *strings.Builder, a *sink.Aggregation, e *sink.Entry, normal uint64) {
	switch a.Func {
	case abi.AggQuantize:
		writeQuantize(b, e, normal)
	case abi.AggLQuantize:
		writeLQuantize(b, a, e, normal)
	case abi.AggLLQuantize:
		writeLLQuantize(b, a, e, normal)
	}
}

const distHeader = "\n           value  ------------- Distribution ------------- count    \n"

// dist is the bar-drawing state of one table (dt_print_quantline's
// arguments): the total of the shown buckets' magnitudes (a long double in
// DTrace, kept here at the same 64-bit precision) and their signs.
type dist struct {
	total                *big.Float
	positives, negatives bool
	normal               uint64
}

func newDist(e *sink.Entry, first, last int, normal uint64) *dist {
	d := &dist{total: ld(0), normal: normal}
	for i := first; i <= last; i++ {
		v := bucket(e, i)
		d.positives = d.positives || v > 0
		d.negatives = d.negatives || v < 0
		d.total = ld(0).Add(d.total, ldAbs(v))
	}
	return d
}

// ld returns an x87 long double-precision (64-bit mantissa) float.
func ld(x float64) *big.Float {
	return new(big.Float).SetPrec(64).SetMode(big.ToNearestEven).SetFloat64(x)
}

func ldAbs(v int64) *big.Float {
	f := new(big.Float).SetPrec(64).SetMode(big.ToNearestEven)
	if v < 0 {
		f.SetUint64(-uint64(v))
	} else {
		f.SetInt64(v)
	}
	return f
}

// depth is (uint_t)((fabsl(val) * len) / total + 0.5).
func (d *dist) depth(v int64, n int) int {
	if d.total.Sign() == 0 {
		return 0
	}
	f := ld(0).Mul(ldAbs(v), ld(float64(n)))
	f = ld(0).Quo(f, d.total)
	f = ld(0).Add(f, ld(0.5))
	u, _ := f.Uint64()
	if u > uint64(n) {
		u = uint64(n)
	}
	return int(u)
}

// line is dt_print_quantline: the bar and the count of one bucket.
func (d *dist) line(b *strings.Builder, v int64) {
	const ats = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
	const spaces = "                                        "
	count := cprintf(" %-9lld\n", uint64(v)/d.normal)
	n := 40
	switch {
	case !d.negatives:
		depth := 0
		if d.positives {
			depth = d.depth(v, n)
		}
		b.WriteString("|" + ats[n-depth:] + spaces[depth:] + count)
	case !d.positives:
		depth := d.depth(v, n)
		b.WriteString(spaces[depth:] + ats[n-depth:] + "|" + count)
	default:
		n = 20
		depth := d.depth(v, n)
		if v <= 0 {
			b.WriteString(spaces[20+depth:] + ats[40-depth:] + "|" + spaces[20:] + count)
		} else {
			b.WriteString(spaces[20:] + "|" + ats[40-depth:] + spaces[20+depth:] + count)
		}
	}
}

// writeQuantize is dt_print_quantize.
func writeQuantize(b *strings.Builder, e *sink.Entry, normal uint64) {
	first, last := 0, abi.QuantizeBuckets-1
	for first <= last && bucket(e, first) == 0 {
		first++
	}
	if first > last {
		first, last = abi.QuantizeZero-1, abi.QuantizeZero+1
	} else {
		if first > 0 {
			first--
		}
		for last > 0 && bucket(e, last) == 0 {
			last--
		}
		if last < abi.QuantizeBuckets-1 {
			last++
		}
	}
	d := newDist(e, first, last, normal)
	b.WriteString(distHeader)
	for i := first; i <= last; i++ {
		b.WriteString(cprintf("%16lld ", abi.QuantizeBucketValue(i)))
		d.line(b, bucket(e, i))
	}
}

// writeLQuantize is dt_print_lquantize.
func writeLQuantize(b *strings.Builder, a *sink.Aggregation, e *sink.Entry, normal uint64) {
	levels := a.Levels
	first, last := 0, levels+1
	for first <= last && bucket(e, first) == 0 {
		first++
	}
	if first > last {
		first, last = 0, 2
	} else {
		if first > 0 {
			first--
		}
		for last > 0 && bucket(e, last) == 0 {
			last--
		}
		if last < levels+1 {
			last++
		}
	}
	d := newDist(e, first, last, normal)
	b.WriteString(distHeader)
	base, step := a.Base, int32(uint16(a.Step))
	for i := first; i <= last; i++ {
		switch {
		case i == 0:
			b.WriteString(cprintf("%16s ", cprintf("< %d", int64(base))))
		case i == levels+1:
			b.WriteString(cprintf("%16s ", cprintf(">= %d", int64(base+int32(levels)*step))))
		default:
			b.WriteString(cprintf("%16d ", int64(base+int32(i-1)*step)))
		}
		d.line(b, bucket(e, i))
	}
}

// writeLLQuantize is Oracle's dt_print_llquantize (DTrace for Linux): the
// rows from one bucket before the first non-empty one to one after the
// last (the zero bucket and the two above it when all are empty); the edge buckets labelled "<= -N" and ">= N" (N =
// factor^(hmag+1)); the zero bucket "0" when lmag is 0, else "< M" (M =
// factor^lmag) when no row below it is shown and "abs() < M" when one
// is; the others by the lowest magnitude they count, negated below the
// zero bucket. Labels are cut to 15 characters. Ghost buckets, which no
// integer falls in, have no row, except as the first or last row, which
// takes the label of its nearest labelled neighbour outside the rows.
func writeLLQuantize(b *strings.Builder, a *sink.Aggregation, e *sink.Entry, normal uint64) {
	mags, zero, bins := abi.LLQuantizeLayout(a.Factor, a.LMag, a.HMag, a.Steps)
	if mags == nil {
		return // parameters the compiler rejects
	}
	first, last := 0, bins-1
	for first <= last && bucket(e, first) == 0 {
		first++
	}
	if first > last {
		first, last = zero+1, zero+1
	} else {
		for bucket(e, last) == 0 {
			last--
		}
	}
	d := newDist(e, first, last, normal)
	b.WriteString(distHeader)
	if first > 0 {
		first--
	}
	if last < bins-1 {
		last++
	}
	// label returns bucket i's label, "" for a ghost bucket.
	label := func(i int) string {
		var s string
		switch {
		case i == 0:
			s = cprintf("<= -%llu", abi.LLQuantizePow(a.Factor, a.HMag+1))
		case i == bins-1:
			s = cprintf(">= %llu", abi.LLQuantizePow(a.Factor, a.HMag+1))
		case i == zero && mags[0].Low == 1:
			s = "0"
		case i == zero && first >= zero:
			s = cprintf("< %llu", mags[0].Low)
		case i == zero:
			s = cprintf("abs() < %llu", mags[0].Low)
		case i < zero:
			v, ok := abi.LLQuantizeLabel(mags, zero-i, a.Steps, a.Factor)
			if !ok {
				return ""
			}
			s = cprintf("-%llu", v)
		default:
			v, ok := abi.LLQuantizeLabel(mags, i-zero, a.Steps, a.Factor)
			if !ok {
				return ""
			}
			s = cprintf("%llu", v)
		}
		if len(s) > 15 {
			s = s[:15]
		}
		return s
	}
	for i := first; i <= last; i++ {
		l := label(i)
		switch {
		case l != "":
		case i == first:
			for j := i - 1; l == ""; j-- {
				l = label(j)
			}
		case i == last:
			for j := i + 1; l == ""; j++ {
				l = label(j)
			}
		default:
			continue
		}
		b.WriteString(cprintf("%16s ", l))
		d.line(b, bucket(e, i))
	}
}
