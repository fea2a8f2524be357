package text

import (
	"github.com/dtrace-go/dtrace/sink"

	"github.com/dtrace-go/dtrace/abi"
)

// zeroEntry is the zero-filled data printa() of several aggregations shows
// for a key one of them does not have.
func zeroEntry(a *sink.Aggregation) *sink.Entry {
	e := &sink.Entry{}
	switch a.Func {
	case abi.AggQuantize:
		e.Buckets = make([]int64, abi.QuantizeBuckets)
	case abi.AggLQuantize:
		e.Buckets = make([]int64, a.Levels+2)
	case abi.AggLLQuantize:
		e.Buckets = make([]int64, abi.LLQuantizeBins(a.Factor, a.LMag, a.HMag, a.Steps))
	}
	return e
}

// bucket returns bucket i of e, 0 when missing.
func bucket(e *sink.Entry, i int) int64 {
	if i < 0 || i >= len(e.Buckets) {
		return 0
	}
	return e.Buckets[i]
}
