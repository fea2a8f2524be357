// Package metrics serves a run's aggregations over HTTP while it traces:
// Prometheus metrics at /metrics, and the stack-keyed aggregations as pprof
// profiles at /debug/pprof/NAME, the endpoints Prometheus, Parca and
// Pyroscope scrape. It serves only what the D program aggregates, and
// only reads: every endpoint is GET (or HEAD).
//
// In /metrics, each aggregation without stack keys is a metric family
// named dtrace_NAME (the anonymous aggregation after its function,
// dtrace_count for @ = count()), its keys labels named after them
// (sink.KeyInfo; names sanitized by Prometheus' rules):
//
//	count(), sum()                        counters, dtrace_NAME_total
//	min(), max(), avg(), stddev()         gauges
//	quantize(), lquantize(), llquantize() histograms, a bucket per
//	                                      bucket of the aggregation from one
//	                                      below the lowest non-empty one
//
// A histogram's le is its bucket's greatest integer; its _sum is NaN, the
// quantizations keeping no sum. A family's name never collides with the
// samples of another (dtrace_x_total of @x = count() and a gauge @x_total,
// dtrace_lat_count of a histogram @lat and a gauge @lat_count): the later
// aggregation's name takes a number (dtrace_x_2_total).
//
// The metrics are Prometheus' data model's (client_model's dto metric
// families, Families), made as Prometheus' client library (client_golang)
// would make and gather const metrics of them, and the exposition is
// Prometheus' own encoder's (prometheus/common/expfmt): the format is
// negotiated with the scraper (OpenMetrics when it asks for it, as
// Prometheus does, else the text format 0.0.4; gzipped when asked), as
// client_golang's promhttp negotiates it. The package does not import
// client_golang, whose package initialization would cost every run of the
// dtrace command start-up time; sink/metrics/promcollector is the
// aggregations as a prometheus.Collector, for Go programs that register
// them in a registry of their own. The server is net/http's (server.go).
//
// It is part of dtrace-go's API.
package metrics

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
)

// Expose writes the metrics of aggs (those without stack keys) in
// Prometheus' text exposition format (0.0.4), as a registry gathers them:
// families sorted by name, metrics by labels.
func Expose(w io.Writer, aggs []*sink.Aggregation, prog *sink.Program) error {
	fams, err := Families(aggs, prog)
	if err != nil {
		return err
	}
	enc := expfmt.NewEncoder(w, expfmt.NewFormat(expfmt.TypeTextPlain))
	for _, f := range fams {
		if err := enc.Encode(f); err != nil {
			return err
		}
	}
	return nil
}

// metricType returns the type of the metrics of aggregating function f.
func metricType(f abi.AggFunc) dto.MetricType {
	switch {
	case f.IsQuantization():
		return dto.MetricType_HISTOGRAM
	case f == abi.AggCount || f == abi.AggSum:
		return dto.MetricType_COUNTER
	}
	return dto.MetricType_GAUGE
}

// Families returns the metric families of aggs, a family per aggregation
// without stack keys (prog describes them), as Prometheus' client
// library's registry would gather them from const metrics: a metric's
// labels sorted by name, a histogram's buckets by upper bound (none for
// +Inf), the metrics of a family sorted by their labels' values (in the
// order of the labels' names), the families by name, a family without
// metrics left out. Keys that print alike are one metric, the first of
// them. An error is one of the registry's checks failing (a key with
// another number of values than the others); a family's name is never
// taken twice (metricName).
func Families(aggs []*sink.Aggregation, prog *sink.Program) ([]*dto.MetricFamily, error) {
	var fams []*dto.MetricFamily
	used := map[string]bool{}
	for _, a := range aggs {
		info := prog.Agg(a)
		if hasStack(a, info) {
			continue
		}
		typ := metricType(a.Func)
		name := metricName(a, typ, used) // never one taken before
		labels := labelNames(a, info)
		help := fmt.Sprintf("DTrace aggregation @%s = %s()", a.Name, a.Func)
		if len(labels) > 0 {
			help += " by " + strings.Join(labels, ", ")
		}
		// The labels in the order of their names, as
		// prometheus.MakeLabelPairs sorts them.
		order := make([]int, len(labels))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(i, j int) int { return strings.Compare(labels[i], labels[j]) })
		es := slices.Clone(a.Entries)
		vals := make(map[*sink.Entry][]string, len(es))
		for _, e := range es {
			vals[e] = labelValues(e.Key, info)
		}
		slices.SortFunc(es, func(x, y *sink.Entry) int { return slices.Compare(vals[x], vals[y]) })
		var ms []*dto.Metric
		var last []string
		for i, e := range es {
			lv := vals[e]
			if i > 0 && slices.Equal(lv, last) {
				continue // keys that print alike
			}
			last = lv
			if len(lv) != len(labels) {
				return nil, fmt.Errorf("metric %s: expected %d label values but got %d in %q", name, len(labels), len(lv), lv)
			}
			m := &dto.Metric{}
			for _, i := range order {
				if !utf8.ValidString(lv[i]) {
					return nil, fmt.Errorf("metric %s: label value %q is not valid UTF-8", name, lv[i])
				}
				m.Label = append(m.Label, &dto.LabelPair{Name: new(labels[i]), Value: new(lv[i])})
			}
			switch typ {
			case dto.MetricType_HISTOGRAM:
				m.Histogram = histogramMetric(a, e)
			case dto.MetricType_COUNTER:
				m.Counter = &dto.Counter{Value: new(value(a, e))}
			default:
				m.Gauge = &dto.Gauge{Value: new(value(a, e))}
			}
			ms = append(ms, m)
		}
		if len(ms) == 0 {
			continue
		}
		slices.SortFunc(ms, compareMetrics)
		fams = append(fams, &dto.MetricFamily{Name: new(name), Help: new(help), Type: typ.Enum(), Metric: ms})
	}
	slices.SortFunc(fams, func(x, y *dto.MetricFamily) int { return strings.Compare(x.GetName(), y.GetName()) })
	return fams, nil
}

// compareMetrics orders the metrics of a family by their labels' values,
// the labels sorted by name, as the registry does.
func compareMetrics(x, y *dto.Metric) int {
	if c := cmp.Compare(len(x.Label), len(y.Label)); c != 0 {
		return c
	}
	for i, l := range x.Label {
		if c := strings.Compare(l.GetValue(), y.Label[i].GetValue()); c != 0 {
			return c
		}
	}
	return 0
}

// histogramMetric returns the histogram of a quantization's entry, as
// prometheus.NewConstHistogram makes it: its count, a NaN sum, its
// buckets sorted by upper bound (one per upper bound, the last given for
// it; none for +Inf, which the count is).
func histogramMetric(a *sink.Aggregation, e *sink.Entry) *dto.Histogram {
	count, buckets := histogram(a, e)
	les := make(map[float64]uint64, len(buckets))
	for _, b := range buckets {
		les[float64(b.le)] = b.count
	}
	h := &dto.Histogram{SampleCount: new(count), SampleSum: new(math.NaN()), Bucket: make([]*dto.Bucket, 0, len(les))}
	for le, n := range les {
		h.Bucket = append(h.Bucket, &dto.Bucket{CumulativeCount: new(n), UpperBound: new(le)})
	}
	slices.SortFunc(h.Bucket, func(x, y *dto.Bucket) int { return cmp.Compare(x.GetUpperBound(), y.GetUpperBound()) })
	return h
}

// value returns the value of entry e of aggregation a (not a
// quantization).
func value(a *sink.Aggregation, e *sink.Entry) float64 {
	if a.Func == abi.AggCount || a.Func == abi.AggStddev {
		return float64(uint64(a.Scalar(e)))
	}
	return float64(a.Scalar(e))
}

// hasStack reports whether aggregation a is keyed by a stack.
func hasStack(a *sink.Aggregation, info *sink.AggInfo) bool {
	for _, k := range info.Keys {
		if k.Stack {
			return true
		}
	}
	for _, e := range a.Entries {
		for _, v := range e.Key {
			if v.Kind == sink.KindStack || v.Kind == sink.KindUStack {
				return true
			}
		}
		return false
	}
	return false
}

// profileName is the name an aggregation is served under: its own, its
// function's for the anonymous aggregation.
func profileName(a *sink.Aggregation) string {
	if a.Name != "" {
		return a.Name
	}
	return a.Func.String()
}

// bucket is a histogram's bucket: its upper bound and cumulative count.
type bucket struct {
	le    int64
	count uint64
}

// histogram returns the count and the cumulative buckets of a
// quantization's entry: from the bucket below the lowest non-empty one
// (whose upper bound Prometheus interpolates from) up to the highest
// non-empty one, but the last bucket, which is +Inf's.
func histogram(a *sink.Aggregation, e *sink.Entry) (uint64, []bucket) {
	bounds := sink.BucketBounds(a.Agg)
	normal := a.NormalOr1()
	first, last := -1, -1
	for i, n := range e.Buckets {
		if n != 0 && i < len(bounds) {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	var buckets []bucket
	var total uint64
	if first < 0 {
		return 0, nil
	}
	for i := max(first-1, 0); i <= last; i++ {
		if n := e.Buckets[i]; n > 0 {
			total += uint64(n) / normal
		}
		if b := bounds[i]; b.Min <= b.Max && b.Max != math.MaxInt64 {
			buckets = append(buckets, bucket{b.Max, total})
		}
	}
	return total, buckets
}

// invalid matches what may not be in a metric or label name.
var invalid = regexp.MustCompile(`[^a-zA-Z0-9_]`)

// metricName returns the name of the family of aggregation a, of type
// typ, and marks used the names its samples take in either exposition
// format: none of them was used before.
func metricName(a *sink.Aggregation, typ dto.MetricType, used map[string]bool) string {
	base := "dtrace_" + invalid.ReplaceAllString(profileName(a), "_")
	suffix := ""
	if typ == dto.MetricType_COUNTER {
		base, suffix = strings.TrimSuffix(base, "_total"), "_total"
	}
	name := base + suffix
	for i := 2; slices.ContainsFunc(sampleNames(name, typ), func(n string) bool { return used[n] }); i++ {
		name = base + "_" + strconv.Itoa(i) + suffix
	}
	for _, n := range sampleNames(name, typ) {
		used[n] = true
	}
	return name
}

// sampleNames returns the names a family named name, of type typ, takes:
// its samples' and, in OpenMetrics, the family's own (a counter's without
// _total) and its _created samples'.
func sampleNames(name string, typ dto.MetricType) []string {
	switch typ {
	case dto.MetricType_COUNTER:
		base := strings.TrimSuffix(name, "_total")
		return []string{base, base + "_total", base + "_created"}
	case dto.MetricType_HISTOGRAM:
		return []string{name, name + "_bucket", name + "_sum", name + "_count", name + "_created"}
	}
	return []string{name}
}

// labelNames returns the names of aggregation a's keys as labels: valid,
// none reserved ("__" prefixed, "le"), all different; then, for each key
// that is a cgroup's path, the labels of its container and pod
// (sink.ContainerLabels).
func labelNames(a *sink.Aggregation, info *sink.AggInfo) []string {
	n := len(info.Keys)
	for _, e := range a.Entries {
		n = len(e.Key)
		break
	}
	var names []string
	used := map[string]bool{}
	add := func(name string) {
		for j := 2; used[name]; j++ {
			name = fmt.Sprintf("%s_%d", strings.TrimRight(name, "_0123456789"), j)
		}
		used[name] = true
		names = append(names, name)
	}
	for i := range n {
		name := invalid.ReplaceAllString(info.KeyName(i), "_")
		if strings.HasPrefix(name, "__") || name == "le" || name == "" || name[0] >= '0' && name[0] <= '9' {
			name = "key_" + name
		}
		add(name)
	}
	for range cgroupKeys(info, n) {
		for _, l := range sink.ContainerLabels {
			add(l)
		}
	}
	return names
}

// cgroupKeys yields the positions of the keys, of n, that are cgroup
// paths.
func cgroupKeys(info *sink.AggInfo, n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := range min(n, len(info.Keys)) {
			if info.Keys[i].Cgroup && !yield(i) {
				return
			}
		}
	}
}

// labelValues returns a key's values as labels: as dtrace prints them,
// valid UTF-8; then the container's id and the pod's UID of each cgroup
// path (labelNames).
func labelValues(key []sink.Value, info *sink.AggInfo) []string {
	vs := make([]string, len(key))
	for i, v := range key {
		var s string
		switch v.Kind {
		case sink.KindInt:
			if v.Signed {
				s = strconv.FormatInt(v.Int(), 10)
			} else {
				s = strconv.FormatUint(v.Uint(), 10)
			}
		case sink.KindFloat:
			s = strconv.FormatFloat(math.Float64frombits(v.Bits), 'g', -1, 64)
		case sink.KindString:
			s = v.Str
		case sink.KindSym, sink.KindUSym:
			f := v.Frame()
			s = sink.SymName(f.Module, f.Func, f.PC)
		case sink.KindUAddr:
			f := v.Frame()
			s = sink.FrameName(f.Module, f.Func, f.FuncStart, f.PC)
		case sink.KindMod, sink.KindUMod:
			f := v.Frame()
			s = sink.ModName(f.Module, f.PC)
		default:
			s = fmt.Sprintf("%x", v.Bytes)
		}
		vs[i] = strings.ToValidUTF8(s, "\uFFFD")
	}
	for i := range cgroupKeys(info, len(key)) {
		id, pod := sink.Container(key[i].Str)
		vs = append(vs, id, pod)
	}
	return vs
}
