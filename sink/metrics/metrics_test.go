package metrics

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/symtab"
)

func aggs() []*sink.Aggregation {
	qb := make([]int64, abi.QuantizeBuckets)
	qb[abi.QuantizeBucket(100)] = 3 // 64..127
	qb[abi.QuantizeBucket(1000)] = 1
	return []*sink.Aggregation{
		{ID: 1, Name: "calls", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
			{Key: []sink.Value{sink.String("sh", 0), sink.Int(7, 4)}, AggValue: abi.AggValue{Value: 5}},
			{Key: []sink.Value{sink.String(`we"ird\`+"\n", 0), sink.Int(8, 4)}, AggValue: abi.AggValue{Value: 2}},
		}},
		{ID: 2, Name: "lat", Agg: abi.Agg{Func: abi.AggQuantize}, Entries: []*sink.Entry{
			{Key: []sink.Value{sink.String("sh", 0)}, AggValue: abi.AggValue{Buckets: qb}},
		}},
		{ID: 3, Name: "", Agg: abi.Agg{Func: abi.AggMax}, Entries: []*sink.Entry{
			{AggValue: abi.AggValue{Value: -4}},
		}},
		{ID: 4, Name: "stacks", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
			{Key: []sink.Value{sink.Stack([]sink.Frame{{PC: 0xffffffff81000010, Func: "f", FuncStart: 0xffffffff81000000, Module: "vmlinux"}}, nil)},
				AggValue: abi.AggValue{Value: 9}},
		}},
	}
}

var prog = &sink.Program{Aggs: map[string]*sink.AggInfo{
	"calls": {Keys: []sink.KeyInfo{{Name: "execname"}, {Name: "pid"}}},
	"lat":   {Keys: []sink.KeyInfo{{Name: "le"}}, Unit: "bytes"},
}}

// The exposition is what Prometheus' own parser reads, with the values,
// labels and types the aggregations give.
func TestExpose(t *testing.T) {
	var b strings.Builder
	if err := Expose(&b, aggs(), prog); err != nil {
		t.Fatal(err)
	}
	parser := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := parser.TextToMetricFamilies(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if len(fams) != 3 || fams["dtrace_stacks_total"] != nil {
		t.Errorf("families %v", fams)
	}
	c := fams["dtrace_calls_total"]
	if c == nil || c.GetType().String() != "COUNTER" || len(c.Metric) != 2 {
		t.Fatalf("calls: %v", c)
	}
	got := map[string]float64{}
	for _, m := range c.Metric {
		var ls []string
		for _, l := range m.Label {
			ls = append(ls, l.GetName()+"="+l.GetValue())
		}
		got[strings.Join(ls, ",")] = m.GetCounter().GetValue()
	}
	if got["execname=sh,pid=7"] != 5 || got["execname=we\"ird\\\n,pid=8"] != 2 {
		t.Errorf("calls %v", got)
	}
	h := fams["dtrace_lat"]
	if h == nil || h.GetType().String() != "HISTOGRAM" {
		t.Fatalf("lat: %v", h)
	}
	hm := h.Metric[0]
	if l := hm.Label[0]; l.GetName() != "key_le" || l.GetValue() != "sh" {
		t.Errorf("lat's label %v", l)
	}
	var bks []string
	for _, bk := range hm.GetHistogram().Bucket {
		bks = append(bks, fmt.Sprintf("%g:%d", bk.GetUpperBound(), bk.GetCumulativeCount()))
	}
	if got := strings.Join(bks, " "); got != "63:0 127:3 255:3 511:3 1023:4 +Inf:4" || hm.GetHistogram().GetSampleCount() != 4 ||
		!math.IsNaN(hm.GetHistogram().GetSampleSum()) {
		t.Errorf("lat buckets %s count %d sum %g", got, hm.GetHistogram().GetSampleCount(), hm.GetHistogram().GetSampleSum())
	}
	g := fams["dtrace_max"]
	if g == nil || g.GetType().String() != "GAUGE" || g.Metric[0].GetGauge().GetValue() != -4 {
		t.Errorf("max: %v", g)
	}
}

// The server answers GET and HEAD of its endpoints, nothing else.
func TestServer(t *testing.T) {
	s, err := Listen(":0", prog)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !strings.HasPrefix(s.Addr(), "127.0.0.1:") {
		t.Errorf("listens on %s, want the loopback", s.Addr())
	}
	url := "http://" + s.Addr()
	if code, _ := get(t, "GET", url+"/metrics"); code != 503 {
		t.Errorf("before tracing: %d", code)
	}
	s.Live(func() ([]*sink.Aggregation, error) { return aggs(), nil })
	code, body := get(t, "GET", url+"/metrics")
	if code != 200 || !strings.Contains(body, `dtrace_calls_total{execname="sh",pid="7"} 5`) {
		t.Errorf("GET /metrics: %d\n%s", code, body)
	}
	if code, body := get(t, "HEAD", url+"/metrics"); code != 200 || body != "" {
		t.Errorf("HEAD /metrics: %d %q", code, body)
	}
	if code, body := get(t, "GET", url+"/debug/pprof/"); code != 200 || body != "/debug/pprof/stacks\n" {
		t.Errorf("GET /debug/pprof/: %d %q", code, body)
	}
	if code, body := get(t, "GET", url+"/debug/pprof/stacks?seconds=30"); code != 200 || !strings.HasPrefix(body, "\x1f\x8b") {
		t.Errorf("GET /debug/pprof/stacks: %d", code)
	}
	for _, path := range []string{"/debug/pprof/calls", "/", "/debug/pprof/nosuch"} {
		if code, _ := get(t, "GET", url+path); code != 404 {
			t.Errorf("GET %s: %d", path, code)
		}
	}
	for _, m := range []string{"POST", "PUT", "DELETE"} {
		if code, _ := get(t, m, url+"/metrics"); code != 405 {
			t.Errorf("%s /metrics: %d", m, code)
		}
	}
	// Once tracing has ended, the aggregations End delivered.
	s.Live(func() ([]*sink.Aggregation, error) { return nil, sink.ErrEnded })
	end := aggs()[:1]
	end[0].Entries[0].Value = 6
	s.End(end)
	if _, body := get(t, "GET", url+"/metrics"); !strings.Contains(body, `pid="7"} 6`) {
		t.Errorf("after the end:\n%s", body)
	}
	// A header of more than 16 KiB is refused.
	req, err := http.NewRequest("GET", url+"/metrics", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Big", strings.Repeat("x", 32<<10))
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 431 {
		t.Errorf("a 32 KiB header: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	// A request cut short does not stop the server.
	c, err := net.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(c, "GET /metr")
	c.Close()
	if code, _ := get(t, "GET", url+"/metrics"); code != 200 {
		t.Errorf("after a broken request: %d", code)
	}
}

// The exposition is in the format the scraper asks for: OpenMetrics for
// Prometheus (its Accept header), the text format for a client that asks
// for none; gzipped for a client that takes it.
func TestNegotiation(t *testing.T) {
	s, err := Listen(":0", prog)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.Live(func() ([]*sink.Aggregation, error) { return aggs(), nil })
	const prometheusAccept = "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75," +
		"text/plain;version=0.0.4;q=0.5,*/*;q=0.1"
	for _, c := range []struct {
		accept, ctype string
		lines         []string
	}{
		{prometheusAccept, "application/openmetrics-text; version=1.0.0", []string{
			"# TYPE dtrace_calls counter",
			`dtrace_calls_total{execname="sh",pid="7"} 5.0`,
			"# TYPE dtrace_lat histogram",
			`dtrace_lat_bucket{key_le="sh",le="+Inf"} 4`,
			"# EOF",
		}},
		{"", "text/plain; version=0.0.4", []string{
			"# TYPE dtrace_calls_total counter",
			`dtrace_calls_total{execname="sh",pid="7"} 5`,
			`dtrace_lat_sum{key_le="sh"} NaN`,
		}},
	} {
		req, err := http.NewRequest("GET", "http://"+s.Addr()+"/metrics", nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.accept != "" {
			req.Header.Set("Accept", c.accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if ct := resp.Header.Get("Content-Type"); resp.StatusCode != 200 || !strings.HasPrefix(ct, c.ctype) || !resp.Uncompressed {
			t.Errorf("Accept: %s: %d, Content-Type %s, gzipped %v", c.accept, resp.StatusCode, ct, resp.Uncompressed)
		}
		have := map[string]bool{}
		for _, l := range strings.Split(string(b), "\n") {
			have[l] = true
		}
		for _, l := range c.lines {
			if !have[l] {
				t.Errorf("Accept: %s: no line %q in\n%s", c.accept, l, b)
			}
		}
	}
}

// Families whose samples' names would collide take numbered names: a
// counter and a gauge after its samples' name, a histogram and a gauge
// after one of its series.
func TestNameCollisions(t *testing.T) {
	qb := make([]int64, abi.QuantizeBuckets)
	qb[abi.QuantizeBucket(100)] = 3
	one := func(v int64) []*sink.Entry { return []*sink.Entry{{AggValue: abi.AggValue{Value: v}}} }
	as := []*sink.Aggregation{
		{ID: 1, Name: "x", Agg: abi.Agg{Func: abi.AggCount}, Entries: one(1)},
		{ID: 2, Name: "x_total", Agg: abi.Agg{Func: abi.AggMax}, Entries: one(2)},
		{ID: 3, Name: "lat", Agg: abi.Agg{Func: abi.AggQuantize}, Entries: []*sink.Entry{{AggValue: abi.AggValue{Buckets: qb}}}},
		{ID: 4, Name: "lat_count", Agg: abi.Agg{Func: abi.AggMin}, Entries: one(4)},
		{ID: 5, Name: "x_created", Agg: abi.Agg{Func: abi.AggSum}, Entries: one(5)},
	}
	var b strings.Builder
	if err := Expose(&b, as, &sink.Program{}); err != nil {
		t.Fatal(err)
	}
	parser := expfmt.NewTextParser(model.LegacyValidation)
	fams, err := parser.TextToMetricFamilies(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	var got []string
	for name, f := range fams {
		got = append(got, name+":"+f.GetType().String())
	}
	slices.Sort(got)
	want := "dtrace_lat:HISTOGRAM dtrace_lat_count_2:GAUGE dtrace_x_created_2_total:COUNTER dtrace_x_total:COUNTER dtrace_x_total_2:GAUGE"
	if strings.Join(got, " ") != want {
		t.Errorf("families %s, want %s\n%s", strings.Join(got, " "), want, b.String())
	}
}

func get(t *testing.T, method, url string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(bufio.NewReader(resp.Body))
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestListenAddresses(t *testing.T) {
	for addr, want := range map[string]string{"localhost:0": "127.0.0.1:", "[::1]:0": "[::1]:", "127.0.0.1:0": "127.0.0.1:",
		"0.0.0.0:0": "0.0.0.0:", "[::]:0": "[::]:"} {
		s, err := Listen(addr, nil)
		if err != nil {
			t.Errorf("Listen(%q): %v", addr, err)
			continue
		}
		if !strings.HasPrefix(s.Addr(), want) || strings.HasSuffix(s.Addr(), ":0") {
			t.Errorf("Listen(%q) listens on %s", addr, s.Addr())
		}
		s.Close()
	}
	// 0.0.0.0 is IPv4's every interface, not IPv6's too.
	s, err := Listen("0.0.0.0:0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_, port, _ := strings.Cut(s.Addr(), ":")
	if c, err := net.Dial("tcp", "127.0.0.1:"+port); err != nil {
		t.Errorf("0.0.0.0 does not take 127.0.0.1's connections: %v", err)
	} else {
		c.Close()
	}
	if c, err := net.Dial("tcp", "[::1]:"+port); err == nil {
		c.Close()
		t.Errorf("0.0.0.0 takes [::1]'s connections")
	}
	for _, addr := range []string{"nosuchhost:0", "1.2.3:0", ":99999", "noport"} {
		if s, err := Listen(addr, nil); err == nil {
			s.Close()
			t.Errorf("Listen(%q) succeeded", addr)
		}
	}
}

// go tool pprof reads a profile from the server as Parca's and
// Pyroscope's scrapers do, without asking it to symbolize the frames
// that stayed addresses.
func TestGoToolPprofFetch(t *testing.T) {
	s, err := Listen(":0", prog)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	m := &symtab.Mapping{Path: "/usr/bin/app", Start: 0x400000, Limit: 0x500000}
	lib := &symtab.Mapping{Path: "/usr/lib/libgone.so", Start: 0x7f0000000000, Limit: 0x7f0000100000}
	a := &sink.Aggregation{ID: 1, Name: "cpu", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.UStack(7, []sink.Frame{{PC: 0x7f0000001234, Module: "libgone.so", Mapping: lib},
			{PC: 0x402000, Func: "main", FuncStart: 0x401ff0, Module: "app", Mapping: m}}, nil)}, AggValue: abi.AggValue{Value: 4}},
	}}
	s.Live(func() ([]*sink.Aggregation, error) { return []*sink.Aggregation{a}, nil })
	cmd := exec.Command("go", "tool", "pprof", "-top", "http://"+s.Addr()+"/debug/pprof/cpu")
	cmd.Env = append(os.Environ(), "PPROF_TMPDIR="+t.TempDir(), "PPROF_BINARY_PATH="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "main") {
		t.Errorf("go tool pprof: %v\n%s", err, out)
	}
}

// Closing the server ends the connections it has, whatever their
// clients do: clients that sent half a request, and one that reads none
// of a long answer, do not hold up the end of tracing until the
// server's timeouts (an hour here) end them. The test's own bounds only
// catch a Close that waits for them, or connections left open.
func TestCloseEndsHalfOpen(t *testing.T) {
	defer func(h, r, w time.Duration) { readHeaderTimeout, readTimeout, writeTimeout = h, r, w }(readHeaderTimeout, readTimeout, writeTimeout)
	readHeaderTimeout, readTimeout, writeTimeout = time.Hour, time.Hour, time.Hour
	s, err := Listen(":0", prog)
	if err != nil {
		t.Fatal(err)
	}
	// An answer of more than 20 MB (a 200-byte label a line), more than
	// the sockets' buffers hold.
	var entries []*sink.Entry
	for i := range 100000 {
		entries = append(entries, &sink.Entry{Key: []sink.Value{sink.String(fmt.Sprintf("%0200d", i), 0), sink.Int(int64(i), 4)},
			AggValue: abi.AggValue{Value: 1}})
	}
	big := []*sink.Aggregation{{ID: 1, Name: "calls", Agg: abi.Agg{Func: abi.AggCount}, Entries: entries}}
	s.Live(func() ([]*sink.Aggregation, error) { return big, nil })
	var clients []net.Conn
	for i := 0; i < 3; i++ {
		c, err := net.Dial("tcp", s.Addr())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, "GET /metr")
		clients = append(clients, c)
	}
	slow, err := net.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "GET /metrics HTTP/1.1\r\nHost: dtrace\r\n\r\n")
	// The answer has begun: its status line came.
	status := make([]byte, len("HTTP/1.1 200"))
	if _, err := io.ReadFull(slow, status); err != nil || string(status) != "HTTP/1.1 200" {
		t.Fatalf("slow client read %q, %v", status, err)
	}
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Minute):
		t.Fatalf("Close still waits for %d half-open requests and a slow reader", len(clients))
	}
	for _, c := range clients {
		c.SetReadDeadline(time.Now().Add(time.Minute))
		if n, err := c.Read(make([]byte, 1)); err == nil || os.IsTimeout(err) {
			t.Errorf("a half-open client read %d bytes after Close: %v", n, err)
		}
	}
	// The slow client reads what the kernel holds of the answer, then
	// the end of the connection, short of the whole answer.
	slow.SetReadDeadline(time.Now().Add(time.Minute))
	n, err := io.Copy(io.Discard, slow)
	if os.IsTimeout(err) || n >= 20e6 {
		t.Errorf("the slow client read %d bytes after Close: %v", n, err)
	}
}
