package metrics

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/common/expfmt"

	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/pprof"
)

// The server is net/http's, its timeouts these: a request's header has
// readHeaderTimeout to arrive and the whole request readTimeout; its
// answer (the aggregations' snapshot, the profile, the writing) has
// writeTimeout from the end of its header; a kept-alive connection (as
// Prometheus keeps one between scrapes) is closed after idleTimeout
// without a request. Variables for the tests.
var (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = time.Minute
	idleTimeout       = 2 * time.Minute
)

// maxHeader bounds a request's header.
const maxHeader = 16 << 10

// Server is an HTTP server of a run's aggregations. It is a
// sink.LiveSink: the runner hands it the function that reads the
// aggregations while tracing runs; once tracing has ended it serves the
// aggregations End delivered, until it is closed.
type Server struct {
	prog   *sink.Program
	start  time.Time
	addr   string
	srv    *http.Server
	served chan struct{} // closed when the server has stopped accepting

	mu     sync.Mutex
	snap   func() ([]*sink.Aggregation, error)
	final  []*sink.Aggregation
	closed bool
	busy   sync.WaitGroup // the requests being answered
}

// ErrNotStarted is the error of a request served before tracing started.
var ErrNotStarted = errors.New("tracing has not started")

// errClosed is the error of a request that came as the server closed.
var errClosed = errors.New("the server is closing")

// Listen binds addr, "HOST:PORT" (HOST an IPv4 address, an IPv6 address
// in brackets, or localhost; left empty, 127.0.0.1: listening on other
// interfaces has to be asked for; PORT 0 picks a free port), and serves
// the run of the programs prog describes on it. An unspecified HOST
// (0.0.0.0, [::]) listens on every interface: Addr tells it.
func Listen(addr string, prog *sink.Program) (*Server, error) {
	ln, ap, err := listen(addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	s := &Server{prog: prog, start: time.Now(), addr: ap.String(), served: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", s.metrics)
	mux.HandleFunc("GET /debug/pprof", s.profiles)
	mux.HandleFunc("GET /debug/pprof/{$}", s.profiles)
	mux.HandleFunc("GET /debug/pprof/{name}", s.profile)
	s.srv = &http.Server{
		Handler:           s.track(mux),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeader,
		// What it would log (a client's malformed request, an accept
		// that failed and is retried) is no concern of the trace.
		ErrorLog: log.New(io.Discard, "", 0),
	}
	go func() {
		defer close(s.served)
		s.srv.Serve(ln)
	}()
	return s, nil
}

// listen parses addr (see Listen) and listens on it, with no name
// looked up.
func listen(addr string) (net.Listener, netip.AddrPort, error) {
	i := strings.LastIndexByte(addr, ':')
	if i < 0 {
		return nil, netip.AddrPort{}, errors.New("missing port")
	}
	host, portText := addr[:i], addr[i+1:]
	port, err := strconv.ParseUint(portText, 10, 16)
	if err != nil {
		return nil, netip.AddrPort{}, fmt.Errorf("bad port %q", portText)
	}
	var ip netip.Addr
	switch host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"); host {
	case "", "localhost":
		ip = netip.AddrFrom4([4]byte{127, 0, 0, 1})
	default:
		if ip, err = netip.ParseAddr(host); err != nil {
			return nil, netip.AddrPort{}, fmt.Errorf("%q is not an IP address", host)
		}
	}
	// "tcp4" for an IPv4 address: "tcp" would make 0.0.0.0 an IPv6
	// socket taking IPv6 connections too. An IPv6 address's socket is
	// as the system makes them ([::] takes IPv4 connections unless
	// net.ipv6.bindv6only is set).
	network := "tcp"
	if ip.Is4() {
		network = "tcp4"
	}
	ln, err := net.Listen(network, netip.AddrPortFrom(ip, uint16(port)).String())
	if err != nil {
		return nil, netip.AddrPort{}, err
	}
	if ta, ok := ln.Addr().(*net.TCPAddr); ok {
		port = uint64(ta.Port)
	}
	return ln, netip.AddrPortFrom(ip, uint16(port)), nil
}

// Addr returns the address the server listens on ("127.0.0.1:9100").
func (s *Server) Addr() string { return s.addr }

// Close stops the server: it no longer accepts connections, and closes
// those it has, the requests being read and the answers being written
// alike: a client that sends half a request, or reads slowly, does not
// hold up the end of tracing. It returns once the answers that were being
// made have ended (a snapshot of the aggregations, a profile), their
// writing failing.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	err := s.srv.Close()
	<-s.served
	s.busy.Wait()
	return err
}

// track counts the requests being answered, for Close to wait for; once
// the server is closing it answers no more.
func (s *Server) track(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			unavailable(w, errClosed)
			return
		}
		s.busy.Add(1)
		s.mu.Unlock()
		defer s.busy.Done()
		h.ServeHTTP(w, r)
	})
}

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

// metrics answers /metrics: the exposition of the aggregations' current
// data in the format the client asks for (OpenMetrics when it asks for
// it, else the text format 0.0.4), gzipped when it accepts it, as
// client_golang's promhttp answers: an error making the families is a
// 500.
func (s *Server) metrics(w http.ResponseWriter, r *http.Request) {
	aggs, err := s.aggregations()
	if err != nil {
		unavailable(w, err)
		return
	}
	fams, err := Families(aggs, s.prog)
	if err != nil {
		http.Error(w, "An error has occurred while serving metrics:\n\n"+err.Error(), http.StatusInternalServerError)
		return
	}
	format := expfmt.NegotiateIncludingOpenMetrics(r.Header)
	h := w.Header()
	h.Add("Vary", "Accept")
	h.Add("Vary", "Accept-Encoding")
	h.Set("Content-Type", string(format))
	out := io.Writer(w)
	if acceptsGzip(r.Header) {
		h.Set("Content-Encoding", "gzip")
		gz := gzip.NewWriter(w)
		defer gz.Close()
		out = gz
	}
	enc := expfmt.NewEncoder(out, format)
	for _, f := range fams {
		if enc.Encode(f) != nil {
			return // the answer has begun: it can only stop
		}
	}
	if c, ok := enc.(expfmt.Closer); ok {
		c.Close() // OpenMetrics' "# EOF"
	}
}

// acceptsGzip reports whether a request's Accept-Encoding prefers gzip to
// no encoding, as promhttp negotiates it (offering identity, then gzip):
// gzip when a coding that names it ("gzip" or "*") has a quality above
// that of every coding naming identity.
func acceptsGzip(h http.Header) bool {
	identity, gz := -1.0, -1.0
	for _, field := range h.Values("Accept-Encoding") {
		for spec := range strings.SplitSeq(field, ",") {
			value, params, _ := strings.Cut(spec, ";")
			value = strings.TrimSpace(value)
			if value == "" {
				break
			}
			q := 1.0
			if params = strings.TrimSpace(params); params != "" {
				qs, ok := strings.CutPrefix(params, "q=")
				if !ok {
					break
				}
				v, err := strconv.ParseFloat(strings.TrimSpace(qs), 64)
				if err != nil || v < 0 || v > 1 {
					break
				}
				q = v
			}
			if value == "identity" || value == "*" {
				identity = max(identity, q)
			}
			if value == "gzip" || value == "*" {
				gz = max(gz, q)
			}
		}
	}
	return gz > identity && gz > 0
}

// profiles answers /debug/pprof/: the list of profiles.
func (s *Server) profiles(w http.ResponseWriter, r *http.Request) {
	aggs, err := s.aggregations()
	if err != nil {
		unavailable(w, err)
		return
	}
	var b strings.Builder
	for _, a := range aggs {
		if hasStack(a, s.prog.Agg(a)) {
			fmt.Fprintf(&b, "/debug/pprof/%s\n", profileName(a))
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, b.String())
}

// profile answers /debug/pprof/NAME: the profile of the stack-keyed
// aggregation NAME. Query parameters (Parca's seconds) are ignored: the
// profile covers the run so far.
func (s *Server) profile(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	aggs, err := s.aggregations()
	if err != nil {
		unavailable(w, err)
		return
	}
	for _, a := range aggs {
		if profileName(a) != name || !hasStack(a, s.prog.Agg(a)) {
			continue
		}
		var b bytes.Buffer
		if err := pprof.Write(&b, []*sink.Aggregation{a}, pprof.Options{Program: s.prog, Start: s.start, End: time.Now()}); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.pb.gz"`)
		w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
		w.Write(b.Bytes())
		return
	}
	http.NotFound(w, r)
}

// unavailable answers 503 with err.
func unavailable(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusServiceUnavailable)
}
