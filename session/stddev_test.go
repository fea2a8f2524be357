package session

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
	"testing"
)

// TestStddevSquares checks stddev()'s sum of squares, kept in 128 bits as
// DTrace keeps it: values of 2^32 and more, negative ones (the square of
// the magnitude, 2^63 for the least int64), and sums carrying from the
// low word into the high one.
func TestStddevSquares(t *testing.T) {
	cases := [][]int64{
		{0},
		{1, -1},
		{4294967296},
		{-4294967296},
		{0xffffffff},
		{5000000000, 5000000100, 5000000200},
		{-5000000000, -5000000100},
		{1 << 62},
		{-1 << 63},
		{1<<63 - 1, 1<<63 - 1, 1<<63 - 1},
		{3037000500, 3037000500, 3037000500},
		{-3037000500, 4294967295, 1 << 40},
	}
	var b strings.Builder
	b.WriteString("BEGIN\n{\n")
	for i, vs := range cases {
		for _, v := range vs {
			lit := fmt.Sprint(v)
			if v == -1<<63 {
				lit = "(long long)0x8000000000000000"
			}
			fmt.Fprintf(&b, "\t@s[%d] = stddev(%s);\n", i, lit)
		}
	}
	b.WriteString("}\n")
	prog, _, m := runBeginMaps(t, b.String())
	defer m.Close()
	got := aggValues(t, prog, m, 0)
	for i, vs := range cases {
		var key [8]byte
		binary.LittleEndian.PutUint64(key[:], uint64(i))
		v, ok := got[string(key[:])]
		if !ok {
			t.Errorf("stddev of %v: no entry", vs)
			continue
		}
		var hi, lo, sum uint64
		for _, x := range vs {
			a := uint64(x)
			if x < 0 {
				a = -a
			}
			h, l := bits.Mul64(a, a)
			var c uint64
			lo, c = bits.Add64(lo, l, 0)
			hi += h + c
			sum += uint64(x)
		}
		if v[0] != int64(len(vs)) || uint64(v[1]) != sum || uint64(v[2]) != lo || uint64(v[3]) != hi {
			t.Errorf("stddev of %v: count %d sum %d squares %#x:%016x, want %d %d %#x:%016x",
				vs, v[0], v[1], uint64(v[3]), uint64(v[2]), len(vs), int64(sum), hi, lo)
		}
	}
}
