// Package metrics serves a run's aggregations over HTTP while it traces:
// Prometheus metrics at /metrics, and the stack-keyed aggregations as pprof
// profiles at /debug/pprof/NAME, the endpoints Prometheus, Parca and
// Pyroscope scrape. It serves only what the D program aggregates, and
// only reads: every endpoint is GET (or HEAD).
//
// In /metrics (Prometheus' text exposition format, version 0.0.4), each
// aggregation without stack
// keys is a metric family named dtrace_NAME (the anonymous aggregation
// after its function, dtrace_count for @ = count()), its keys labels named
// after them (sink.KeyInfo; names sanitized by Prometheus' rules):
//
//	count(), sum()                        counters, dtrace_NAME_total
//	min(), max(), avg(), stddev()         gauges
//	quantize(), lquantize(), llquantize() histograms, a bucket per
//	                                      bucket of the aggregation from one
//	                                      below the lowest non-empty one
//
// A histogram's le is its bucket's greatest integer; its _sum is NaN, the
// quantizations keeping no sum.
//
// The exposition and the HTTP server are this package's own, on the
// kernel's sockets: Prometheus' client library and net/http would make
// dtrace a dynamically linked program (package net's resolver is cgo's)
// and add 3 ms to every start of it. The tests check the exposition with
// Prometheus' own parser and a real Prometheus server.
//
// It is part of dtrace-go's API.
package metrics

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/pprof"
)

// Server is an HTTP server of a run's aggregations. It is a
// sink.LiveSink: the runner hands it the function that reads the
// aggregations while tracing runs; once tracing has ended it serves the
// aggregations End delivered, until it is closed.
type Server struct {
	prog  *sink.Program
	start time.Time
	ln    *listener

	mu    sync.Mutex
	snap  func() ([]*sink.Aggregation, error)
	final []*sink.Aggregation
}

// ErrNotStarted is the error of a request served before tracing started.
var ErrNotStarted = errors.New("tracing has not started")

// Listen binds addr, "HOST:PORT" (HOST an IPv4 address, an IPv6 address
// in brackets, or localhost; left empty, 127.0.0.1: listening on other
// interfaces has to be asked for; PORT 0 picks a free port), and serves
// the run of the programs prog describes on it.
func Listen(addr string, prog *sink.Program) (*Server, error) {
	ln, err := listen(addr)
	if err != nil {
		return nil, err
	}
	s := &Server{prog: prog, start: time.Now(), ln: ln}
	go ln.serve(s.handle)
	return s, nil
}

// Addr returns the address the server listens on ("127.0.0.1:9100").
func (s *Server) Addr() string { return s.ln.addr }

// Close stops the server: it no longer accepts connections.
func (s *Server) Close() error { return s.ln.close() }

// Live implements sink.LiveSink.
func (s *Server) Live(snapshot func() ([]*sink.Aggregation, error)) {
	s.mu.Lock()
	s.snap = snapshot
	s.mu.Unlock()
}

// Record implements sink.Sink.
func (s *Server) Record(*sink.Record) error { return nil }

// Flush implements sink.Sink.
func (s *Server) Flush() error { return nil }

// End implements sink.Sink: the aggregations are served as they are at
// the end from now on.
func (s *Server) End(aggs []*sink.Aggregation) error {
	final := make([]*sink.Aggregation, len(aggs))
	for i, a := range aggs {
		c := *a
		c.Entries = slices.Clone(a.Entries)
		final[i] = &c
	}
	s.mu.Lock()
	s.final = final
	s.mu.Unlock()
	return nil
}

// aggregations returns the aggregations' current data.
func (s *Server) aggregations() ([]*sink.Aggregation, error) {
	s.mu.Lock()
	snap, final := s.snap, s.final
	s.mu.Unlock()
	if final != nil {
		return final, nil
	}
	if snap == nil {
		return nil, ErrNotStarted
	}
	aggs, err := snap()
	if errors.Is(err, sink.ErrEnded) {
		// Tracing ended between the two: End brings the data soon.
		s.mu.Lock()
		final = s.final
		s.mu.Unlock()
		if final != nil {
			return final, nil
		}
	}
	return aggs, err
}

// profileName is the name an aggregation is served under: its own, its
// function's for the anonymous aggregation.
func profileName(a *sink.Aggregation) string {
	if a.Name != "" {
		return a.Name
	}
	return a.Func.String()
}

// handle answers a GET of path: /metrics, /debug/pprof/ (the list of
// profiles), /debug/pprof/NAME.
func (s *Server) handle(path string) response {
	switch {
	case path == "/metrics":
		aggs, err := s.aggregations()
		if err != nil {
			return unavailable(err)
		}
		var b strings.Builder
		Expose(&b, aggs, s.prog)
		return response{status: 200, ctype: "text/plain; version=0.0.4; charset=utf-8", body: []byte(b.String())}
	case path == "/debug/pprof/" || path == "/debug/pprof":
		aggs, err := s.aggregations()
		if err != nil {
			return unavailable(err)
		}
		var b strings.Builder
		for _, a := range aggs {
			if hasStack(a, s.prog.Agg(a)) {
				fmt.Fprintf(&b, "/debug/pprof/%s\n", profileName(a))
			}
		}
		return response{status: 200, ctype: "text/plain; charset=utf-8", body: []byte(b.String())}
	case strings.HasPrefix(path, "/debug/pprof/"):
		// Query parameters (Parca's seconds) are ignored: the profile
		// covers the run so far.
		name := strings.TrimPrefix(path, "/debug/pprof/")
		aggs, err := s.aggregations()
		if err != nil {
			return unavailable(err)
		}
		for _, a := range aggs {
			if profileName(a) != name || !hasStack(a, s.prog.Agg(a)) {
				continue
			}
			var b strings.Builder
			if err := pprof.Write(&b, []*sink.Aggregation{a}, pprof.Options{Program: s.prog, Start: s.start, End: time.Now()}); err != nil {
				return response{status: 500, ctype: "text/plain; charset=utf-8", body: []byte(err.Error() + "\n")}
			}
			return response{status: 200, ctype: "application/octet-stream", body: []byte(b.String()),
				extra: `Content-Disposition: attachment; filename="` + name + `.pb.gz"` + "\r\n"}
		}
	}
	return response{status: 404, ctype: "text/plain; charset=utf-8", body: []byte("404 page not found\n")}
}

func unavailable(err error) response {
	return response{status: 503, ctype: "text/plain; charset=utf-8", body: []byte(err.Error() + "\n")}
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

// Expose writes the metrics of aggs (those without stack keys) in
// Prometheus' text exposition format.
func Expose(b *strings.Builder, aggs []*sink.Aggregation, prog *sink.Program) {
	used := map[string]bool{}
	for _, a := range aggs {
		info := prog.Agg(a)
		if hasStack(a, info) {
			continue
		}
		name := metricName(a, used)
		labels := labelNames(a, info)
		help := fmt.Sprintf("DTrace aggregation @%s = %s()", a.Name, a.Func)
		if len(labels) > 0 {
			help += " by " + strings.Join(labels, ", ")
		}
		typ := "gauge"
		switch {
		case a.Func.IsQuantization():
			typ = "histogram"
		case a.Func == abi.AggCount || a.Func == abi.AggSum:
			typ = "counter"
		}
		b.WriteString("# HELP " + name + " " + strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(help) + "\n")
		b.WriteString("# TYPE " + name + " " + typ + "\n")
		es := slices.Clone(a.Entries)
		vals := make(map[*sink.Entry][]string, len(es))
		for _, e := range es {
			vals[e] = labelValues(e.Key)
		}
		slices.SortFunc(es, func(x, y *sink.Entry) int { return slices.Compare(vals[x], vals[y]) })
		var last []string
		for i, e := range es {
			lv := vals[e]
			if i > 0 && slices.Equal(lv, last) {
				continue // keys that print alike
			}
			last = lv
			ls := labelSet(labels, lv)
			switch {
			case a.Func.IsQuantization():
				count, buckets := histogram(a, e)
				for _, bk := range buckets {
					b.WriteString(name + "_bucket" + withLabel(ls, "le", strconv.FormatInt(bk.le, 10)) + " " +
						strconv.FormatUint(bk.count, 10) + "\n")
				}
				b.WriteString(name + "_bucket" + withLabel(ls, "le", "+Inf") + " " + strconv.FormatUint(count, 10) + "\n")
				b.WriteString(name + "_sum" + ls + " NaN\n")
				b.WriteString(name + "_count" + ls + " " + strconv.FormatUint(count, 10) + "\n")
			case a.Func == abi.AggCount || a.Func == abi.AggStddev:
				b.WriteString(name + ls + " " + strconv.FormatUint(uint64(a.Scalar(e)), 10) + "\n")
			default:
				b.WriteString(name + ls + " " + strconv.FormatInt(a.Scalar(e), 10) + "\n")
			}
		}
	}
}

// labelSet returns {name="value",...}, "" without labels.
func labelSet(names, values []string) string {
	if len(names) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(n + `="` + escapeValue(values[i]) + `"`)
	}
	b.WriteByte('}')
	return b.String()
}

// withLabel returns the label set ls with name="value" added.
func withLabel(ls, name, value string) string {
	if ls == "" {
		return "{" + name + `="` + value + `"}`
	}
	return ls[:len(ls)-1] + "," + name + `="` + value + `"}`
}

var valueEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)

func escapeValue(s string) string { return valueEscaper.Replace(s) }

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

// metricName returns aggregation a's metric name, not one of used.
func metricName(a *sink.Aggregation, used map[string]bool) string {
	base := "dtrace_" + invalid.ReplaceAllString(profileName(a), "_")
	suffix := ""
	if a.Func == abi.AggCount || a.Func == abi.AggSum {
		base, suffix = strings.TrimSuffix(base, "_total"), "_total"
	}
	name := base + suffix
	for i := 2; used[name]; i++ {
		name = base + "_" + strconv.Itoa(i) + suffix
	}
	used[name] = true
	return name
}

// labelNames returns the names of aggregation a's keys as labels: valid,
// none reserved ("__" prefixed, "le"), all different.
func labelNames(a *sink.Aggregation, info *sink.AggInfo) []string {
	n := len(info.Keys)
	for _, e := range a.Entries {
		n = len(e.Key)
		break
	}
	var names []string
	used := map[string]bool{}
	for i := range n {
		name := invalid.ReplaceAllString(info.KeyName(i), "_")
		if strings.HasPrefix(name, "__") || name == "le" || name == "" || name[0] >= '0' && name[0] <= '9' {
			name = "key_" + name
		}
		for j := 2; used[name]; j++ {
			name = fmt.Sprintf("%s_%d", strings.TrimRight(name, "_0123456789"), j)
		}
		used[name] = true
		names = append(names, name)
	}
	return names
}

// labelValues returns a key's values as labels: as dtrace prints them,
// valid UTF-8.
func labelValues(key []sink.Value) []string {
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
	return vs
}
