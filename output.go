package dtrace

import (
	"errors"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/providers/profile"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/folded"
	"github.com/dtrace-go/dtrace/sink/jsonl"
	"github.com/dtrace-go/dtrace/sink/metrics"
	"github.com/dtrace-go/dtrace/sink/pprof"
	"github.com/dtrace-go/dtrace/sink/text"
)

// Output is the sink of what a run's options ask for: DTrace's text, or
// JSON Lines under -x oformat=json, to the writer it was made with; a
// pprof profile (-x pprof=FILE) and folded stacks (-x folded=FILE) written
// when tracing ends; an HTTP server of metrics and profiles while tracing
// runs (-x httpserver=HOST:PORT). It is a sink.Sink (with the optional
// LiveSink, NoticeSink and ExitSink) to give Run.
type Output struct {
	*sink.TeeSink
	text   *text.Sink
	json   *jsonl.Sink
	files  []*os.File
	server *metrics.Server
}

// NewOutput returns the Output the handle's options ask for, writing text
// or JSON Lines to w (cfg configures the text, and the JSON output's
// system() commands' standard error). The files are created and the
// server listens before it returns; Close closes them.
func (h *Handle) NewOutput(w io.Writer, cfg text.Config) (_ *Output, err error) {
	o := &Output{}
	defer func() {
		if err != nil {
			o.Close()
		}
	}()
	var sinks []sink.Sink
	if v, _ := h.Option("oformat"); v == "json" {
		o.json = jsonl.New(w, jsonl.Config{Stderr: cfg.Stderr})
		sinks = append(sinks, o.json)
	} else {
		o.text = h.NewTextSink(w, cfg)
		sinks = append(sinks, o.text)
	}
	var prog *sink.Program
	if h.outputs("pprof", "folded", "httpserver") {
		prog = h.ProgramInfo()
	}
	if name, ok := h.Option("pprof"); ok {
		f, err := os.Create(name)
		if err != nil {
			return nil, &OutputError{Option: "pprof", Value: name, Err: err}
		}
		o.files = append(o.files, f)
		sinks = append(sinks, pprof.New(fileWriter{f, "pprof"}, prog))
	}
	if name, ok := h.Option("folded"); ok {
		f, err := os.Create(name)
		if err != nil {
			return nil, &OutputError{Option: "folded", Value: name, Err: err}
		}
		o.files = append(o.files, f)
		sinks = append(sinks, folded.New(fileWriter{f, "folded"}))
	}
	if addr, ok := h.Option("httpserver"); ok {
		srv, err := metrics.Listen(addr, prog)
		if err != nil {
			if cause := errors.Unwrap(err); cause != nil {
				err = cause // Listen's error names the address too
			}
			return nil, &OutputError{Option: "httpserver", Value: addr, Err: err}
		}
		o.server = srv
		sinks = append(sinks, srv)
	}
	o.TeeSink = sink.Tee(sinks...)
	return o, nil
}

// outputs reports whether one of the options names is set.
func (h *Handle) outputs(names ...string) bool {
	for _, n := range names {
		if _, ok := h.Option(n); ok {
			return true
		}
	}
	return false
}

// HTTPAddr returns the address the HTTP server listens on
// ("127.0.0.1:9100"), "" without one.
func (o *Output) HTTPAddr() string {
	if o.server == nil {
		return ""
	}
	return o.server.Addr()
}

// Close stops the HTTP server and closes the files, the profile's and
// the folded stacks' (written at the end of tracing), and the one
// freopen() redirected the output to.
func (o *Output) Close() error {
	var errs []error
	if o.server != nil {
		errs = append(errs, o.server.Close())
		o.server = nil
	}
	for _, f := range o.files {
		errs = append(errs, f.Close())
	}
	o.files = nil
	if o.text != nil {
		errs = append(errs, o.text.Close())
	}
	if o.json != nil {
		errs = append(errs, o.json.Close())
	}
	return errors.Join(errs...)
}

// ProgramInfo describes the handle's programs for the sinks that label what
// they write (profiles, metrics): the programs' sources, and for each
// aggregation the names and units of its keys (as the compiler names them:
// dscript.KeyInfo) and the period of the profile-N probe its clauses fire
// on.
func (h *Handle) ProgramInfo() *sink.Program {
	p := &sink.Program{Sources: h.sources, Aggs: map[string]*sink.AggInfo{}}
	periods := map[string]map[time.Duration]bool{}
	for _, u := range h.units {
		var clausePeriods map[int]time.Duration
		for _, a := range u.Program.Aggs {
			ai := p.Aggs[a.Name]
			if ai == nil {
				ai = &sink.AggInfo{Unit: a.Unit}
				for _, k := range a.Keys {
					ai.Keys = append(ai.Keys, sink.KeyInfo{Name: k.Name, Unit: k.Unit, Stack: k.Stack, Cgroup: k.Cgroup})
				}
				p.Aggs[a.Name] = ai
				periods[a.Name] = map[time.Duration]bool{}
			}
			if clausePeriods == nil {
				clausePeriods = profilePeriods(u.Program)
			}
			for _, c := range a.Clauses {
				periods[a.Name][clausePeriods[c]] = true
			}
		}
	}
	for name, ps := range periods {
		if len(ps) == 1 {
			for d := range ps {
				p.Aggs[name].Period = d
			}
		}
	}
	return p
}

// profilePeriods returns, by clause index, the period of the profile-N
// probes each clause fires on, 0 when it fires on others or on several
// periods.
func profilePeriods(prog *dscript.Program) map[int]time.Duration {
	out := map[int]time.Duration{}
	mixed := map[int]bool{}
	for d := range prog.Descs() {
		for _, m := range d.Probes {
			period := time.Duration(0)
			if m.Provider == "profile" && strings.HasPrefix(m.Name, "profile-") {
				period = time.Duration(profile.Period(m.Name))
			}
			if old, ok := out[d.Clause]; ok && old != period {
				mixed[d.Clause] = true
			}
			out[d.Clause] = period
		}
	}
	for c := range mixed {
		out[c] = 0
	}
	return out
}

// fileWriter is the file an output option names: a write that fails is an
// *OutputError naming the option and the file.
type fileWriter struct {
	f      *os.File
	option string
}

func (w fileWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil {
		err = &OutputError{Option: w.option, Value: w.f.Name(), Err: err, Write: true}
	}
	return n, err
}
