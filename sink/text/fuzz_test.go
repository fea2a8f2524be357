package text

import (
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/sink"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/printf"
)

// fuzzValues makes a few Values of assorted kinds out of fuzz bytes.
func fuzzValues(data []byte) []sink.Value {
	var vs []sink.Value
	for i := 0; i+2 <= len(data) && len(vs) < 16; i += 2 {
		k, x := data[i], data[i+1]
		n := int64(int8(x)) * int64(x) * 977
		switch k % 10 {
		case 0:
			vs = append(vs, sink.Int(n, []int{1, 2, 4, 8}[x%4]))
		case 1:
			vs = append(vs, sink.Uint(uint64(n), []int{1, 2, 4, 8}[x%4]))
		case 2:
			vs = append(vs, sink.String(strings.Repeat(string(rune(x)), int(x%7)), int(x%9)))
		case 3:
			vs = append(vs, sink.Stack(frames("m`f+0x1", "m`g"), nil))
		case 4:
			vs = append(vs, sink.UStack(1, nil, nil))
		case 5:
			vs = append(vs, sym(sink.KindSym, 0, uint64(n), "m`f"))
		case 6:
			vs = append(vs, sym(sink.KindMod, 0, uint64(n), "m"))
		case 7:
			vs = append(vs, sink.Bytes(data[i:]))
		case 8:
			vs = append(vs, sink.Float(float64(n)/3))
		case 9:
			vs = append(vs, sink.Value{Kind: sink.Kind(x), Size: int(int8(x)), Bits: uint64(n)})
		}
	}
	return vs
}

// FuzzPrintf renders arbitrary formats with arbitrary values: it must
// never panic (mismatches are errors).
func FuzzPrintf(f *testing.F) {
	f.Add("%d %s %k\n", []byte{0, 3, 2, 5, 3, 0})
	f.Add("%-*.*s|%#x|%Y|%T|%S|%C|%a|%A|%p|%@d", []byte{0, 200, 0, 1, 2, 9, 1, 4})
	f.Add("%*k %-*k %ls %c %e %g %%", []byte{0, 255, 3, 1, 0, 5, 3, 3, 7, 1})
	f.Fuzz(func(t *testing.T, format string, data []byte) {
		fm, err := printf.Parse(format)
		if err != nil {
			return
		}
		vals := fuzzValues(data)
		p := NewPrinter(nil, Options{})
		p.Sprintf(fm, vals...)
		// And with the aggregation values of a printa().
		a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggFunc(len(data)%9 + 1), Base: -3, Levels: 7, Step: 3,
			Factor: 10, LMag: 0, HMag: 2, Steps: 20}, Normal: uint64(len(format) % 3)}
		e := zeroEntry(a)
		for i := range e.Buckets {
			if i < len(data) {
				e.Buckets[i] = int64(int8(data[i]))
			}
		}
		e.Key = vals
		a.Entries = []*sink.Entry{e}
		var b strings.Builder
		p.render(&b, fm, vals, []aggVal{{a, e}})
		p.printa(&b, nil, []*sink.Aggregation{a, a})
	})
}

// FuzzCprintf checks the printf(3) engine on arbitrary formats.
func FuzzCprintf(f *testing.F) {
	f.Add("%#-+ 012.5llx|%*.*s|%hhd%%", int64(-5), "abc")
	f.Fuzz(func(t *testing.T, format string, n int64, s string) {
		cprintf(format, n, s, n, s, float64(n))
		cprintf(format, s, n)
	})
}
