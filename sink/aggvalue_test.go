package sink

import (
	"errors"
	"math"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
)

// Each bucket holds the integers the bucket function puts in it, and the
// buckets cover every integer once.
func TestBucketBounds(t *testing.T) {
	for _, a := range []abi.Agg{
		{Func: abi.AggQuantize},
		abi.NewAgg(abi.AggLQuantize, []int64{-10, 4, 5}),
		abi.NewAgg(abi.AggLLQuantize, []int64{10, 0, 3, 10}),
		abi.NewAgg(abi.AggLLQuantize, []int64{2, 2, 6, 4}),
	} {
		bs := BucketBounds(a)
		if len(bs) != a.Buckets() || bs[0].Min != math.MinInt64 || bs[len(bs)-1].Max != math.MaxInt64 {
			t.Fatalf("%+v: %d buckets, first %+v last %+v", a, len(bs), bs[0], bs[len(bs)-1])
		}
		next := int64(math.MinInt64)
		for i, b := range bs {
			if b.Min > b.Max {
				continue // no integer falls in it
			}
			if b.Min != next {
				t.Errorf("%+v: bucket %d starts at %d, want %d", a, i, b.Min, next)
			}
			for _, v := range []int64{b.Min, b.Max, int64(uint64(b.Min) + (uint64(b.Max)-uint64(b.Min))/2)} {
				if got := a.Bucket(v); got != i {
					t.Errorf("%+v: %d is in bucket %d, not %d (%+v)", a, v, got, i, b)
				}
			}
			next = b.Max + 1
		}
	}
	// The values dtrace labels rows with.
	q := BucketBounds(abi.Agg{Func: abi.AggQuantize})
	for v, want := range map[int64]int64{0: 0, 1: 1, 5: 4, 1000: 512, -1: -1, -3: -2, -1000: -512} {
		if got := q[abi.QuantizeBucket(v)].Value; got != want {
			t.Errorf("quantize: %d is labelled %d, want %d", v, got, want)
		}
	}
	l := BucketBounds(abi.NewAgg(abi.AggLQuantize, []int64{-10, 4, 5}))
	if l[0].Value != -10 || l[0].Max != -11 || l[1].Value != -10 || l[5].Value != 10 || l[5].Min != 10 {
		t.Errorf("lquantize: %+v", l)
	}
}

func TestScalar(t *testing.T) {
	for _, c := range []struct {
		f    abi.AggFunc
		v    abi.AggValue
		norm uint64
		want int64
	}{
		{abi.AggCount, abi.AggValue{Value: 10}, 3, 3},
		{abi.AggSum, abi.AggValue{Value: -10}, 0, -10},
		{abi.AggAvg, abi.AggValue{Count: 4, Sum: -10}, 1, -2},
		{abi.AggStddev, abi.AggValue{Count: 2, Sum: 6, SumSq: abi.Uint128{Lo: 20}}, 1, 1},
		{abi.AggQuantize, abi.AggValue{}, 1, 0},
	} {
		a := &Aggregation{Agg: abi.Agg{Func: c.f}, Normal: c.norm}
		if got := a.Scalar(&Entry{AggValue: c.v}); got != c.want {
			t.Errorf("%s of %+v normalized by %d = %d, want %d", c.f, c.v, c.norm, got, c.want)
		}
	}
}

type rec struct {
	n     int
	live  bool
	notes int
	exit  int
	err   error
}

func (r *rec) Record(*Record) error                { r.n++; return r.err }
func (r *rec) End([]*Aggregation) error            { r.n++; return r.err }
func (r *rec) Flush() error                        { r.n++; return nil }
func (r *rec) Live(func() ([]*Aggregation, error)) { r.live = true }
func (r *rec) Notice(Notice) error                 { r.notes++; return nil }
func (r *rec) Exit(s int) error                    { r.exit = s; return nil }

type plain struct{ n int }

func (p *plain) Record(*Record) error     { p.n++; return nil }
func (p *plain) End([]*Aggregation) error { p.n++; return nil }
func (p *plain) Flush() error             { p.n++; return nil }

// Tee delivers to every sink, goes on after an error, and forwards the
// optional interfaces to the sinks that have them.
func TestTee(t *testing.T) {
	bad := errors.New("bad")
	a, b, c := &rec{err: bad}, &plain{}, &rec{}
	tee := Tee(a, b, c)
	if err := tee.Record(&Record{}); !errors.Is(err, bad) {
		t.Errorf("Record: %v", err)
	}
	tee.End(nil)
	tee.Flush()
	tee.Live(nil)
	tee.Notice(Notice{})
	tee.Exit(3)
	if a.n != 3 || b.n != 3 || c.n != 3 || !a.live || !c.live || c.notes != 1 || c.exit != 3 {
		t.Errorf("a %+v b %+v c %+v", a, b, c)
	}
}
