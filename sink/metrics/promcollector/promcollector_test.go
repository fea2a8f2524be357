package promcollector

import (
	"errors"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/common/expfmt"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/metrics"
)

func aggs() []*sink.Aggregation {
	qb := make([]int64, abi.QuantizeBuckets)
	qb[abi.QuantizeBucket(100)] = 3
	qb[abi.QuantizeBucket(1000)] = 1
	return []*sink.Aggregation{
		// Keys whose names sort the other way: the registry orders the
		// metrics by the values of the labels sorted by name.
		{ID: 1, Name: "calls", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
			{Key: []sink.Value{sink.Int(7, 4), sink.String("zsh", 0)}, AggValue: abi.AggValue{Value: 5}},
			{Key: []sink.Value{sink.Int(8, 4), sink.String("bash", 0)}, AggValue: abi.AggValue{Value: 2}},
			{Key: []sink.Value{sink.Int(9, 4), sink.String("sh", 0)}, AggValue: abi.AggValue{Value: 1}},
		}},
		{ID: 2, Name: "lat", Agg: abi.Agg{Func: abi.AggQuantize}, Entries: []*sink.Entry{
			{Key: []sink.Value{sink.String("sh", 0)}, AggValue: abi.AggValue{Buckets: qb}},
		}},
		{ID: 3, Name: "", Agg: abi.Agg{Func: abi.AggMax}, Entries: []*sink.Entry{
			{AggValue: abi.AggValue{Value: -4}},
		}},
		{ID: 4, Name: "empty", Agg: abi.Agg{Func: abi.AggSum}},
	}
}

var prog = &sink.Program{Aggs: map[string]*sink.AggInfo{
	"calls": {Keys: []sink.KeyInfo{{Name: "pid"}, {Name: "execname"}}},
	"lat":   {Keys: []sink.KeyInfo{{Name: "execname"}}},
}}

// A registry of the program's own gathers the collector's metrics beside
// its others, as metrics.Expose writes them.
func TestCollector(t *testing.T) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(New(prog, func() ([]*sink.Aggregation, error) { return aggs(), nil }))
	own := prometheus.NewCounter(prometheus.CounterOpts{Name: "app_requests_total", Help: "The app's requests."})
	own.Add(3)
	reg.MustRegister(own)
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var got, want strings.Builder
	enc := expfmt.NewEncoder(&got, expfmt.NewFormat(expfmt.TypeTextPlain))
	var names []string
	for _, f := range fams {
		names = append(names, f.GetName())
		if strings.HasPrefix(f.GetName(), "dtrace_") {
			if err := enc.Encode(f); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := strings.Join(names, " "); n != "app_requests_total dtrace_calls_total dtrace_lat dtrace_max" {
		t.Errorf("families %s", n)
	}
	if err := metrics.Expose(&want, aggs(), prog); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("gathered\n%s\nwant\n%s", got.String(), want.String())
	}
	if !strings.Contains(got.String(), `dtrace_calls_total{execname="bash",pid="8"} 2
dtrace_calls_total{execname="sh",pid="9"} 1
dtrace_calls_total{execname="zsh",pid="7"} 5
`) {
		t.Errorf("calls not sorted by execname:\n%s", got.String())
	}
}

// An error reading the aggregations is the gathering's.
func TestCollectorError(t *testing.T) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(New(prog, func() ([]*sink.Aggregation, error) { return nil, sink.ErrEnded }))
	if _, err := reg.Gather(); !errors.Is(err, sink.ErrEnded) {
		t.Errorf("gather: %v, want %v", err, sink.ErrEnded)
	}
}
