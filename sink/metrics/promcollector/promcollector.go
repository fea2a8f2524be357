// Package promcollector is a run's aggregations as a prometheus.Collector
// (Prometheus' Go client library, client_golang), for Go programs that
// register them in a registry of their own, beside their other metrics.
// The metrics are those of package metrics (metrics.Families), which the
// dtrace command serves without client_golang: they are in a package of
// their own so that the command does not link client_golang, whose
// initialization costs start-up time.
//
// It is part of dtrace-go's API.
package promcollector

import (
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/metrics"
)

// New returns a prometheus.Collector of the metrics of the aggregations
// aggs returns, called at each collection (a sink.LiveSink's snapshot
// function, or one returning what End delivered); prog labels them. An
// error of aggs, or of metrics.Families, is the collection's
// (prometheus.NewInvalidMetric). The collector is unchecked: which
// metrics there are is known only from the data, so Describe describes
// none, and a pedantic registry refuses its metrics.
func New(prog *sink.Program, aggs func() ([]*sink.Aggregation, error)) prometheus.Collector {
	return &collector{prog: prog, aggs: aggs}
}

type collector struct {
	prog *sink.Program
	aggs func() ([]*sink.Aggregation, error)
}

// Describe implements prometheus.Collector.
func (c *collector) Describe(chan<- *prometheus.Desc) {}

// Collect implements prometheus.Collector.
func (c *collector) Collect(ch chan<- prometheus.Metric) {
	fams, err := c.families()
	if err != nil {
		ch <- prometheus.NewInvalidMetric(prometheus.NewDesc("dtrace_aggregations", "DTrace's aggregations", nil, nil), err)
		return
	}
	for _, f := range fams {
		var labels []string
		if len(f.Metric) > 0 {
			for _, l := range f.Metric[0].Label {
				labels = append(labels, l.GetName())
			}
		}
		desc := prometheus.NewDesc(f.GetName(), f.GetHelp(), labels, nil)
		for _, m := range f.Metric {
			ch <- metric{desc, m}
		}
	}
}

func (c *collector) families() ([]*dto.MetricFamily, error) {
	aggs, err := c.aggs()
	if err != nil {
		return nil, err
	}
	return metrics.Families(aggs, c.prog)
}

// metric is a metric of metrics.Families as a prometheus.Metric.
type metric struct {
	desc *prometheus.Desc
	m    *dto.Metric
}

// Desc implements prometheus.Metric.
func (m metric) Desc() *prometheus.Desc { return m.desc }

// Write implements prometheus.Metric.
func (m metric) Write(out *dto.Metric) error {
	out.Label = m.m.Label
	out.Counter = m.m.Counter
	out.Gauge = m.m.Gauge
	out.Histogram = m.m.Histogram
	return nil
}
