package dtrace

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
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

// OutputError is an output an option asks for that cannot be made: a file
// that cannot be created, an address that cannot be listened on.
type OutputError struct {
	Option string // "pprof", "folded", "httpserver"
	Value  string
	Err    error
}

func (e *OutputError) Error() string {
	if e.Option == "httpserver" {
		return fmt.Sprintf("failed to listen on %s: %s", e.Value, sink.Strerror(e.Err))
	}
	return fmt.Sprintf("failed to open %s file '%s': %s", e.Option, e.Value, sink.Strerror(e.Err))
}

func (e *OutputError) Unwrap() error { return e.Err }

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
		sinks = append(sinks, pprof.New(f, prog))
	}
	if name, ok := h.Option("folded"); ok {
		f, err := os.Create(name)
		if err != nil {
			return nil, &OutputError{Option: "folded", Value: name, Err: err}
		}
		o.files = append(o.files, f)
		sinks = append(sinks, folded.New(f))
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
// aggregation the names and units of its keys and the period of the
// profile-N probe its clauses fire on. A key is named after the
// expression it is (a builtin variable, a variable, a member, a
// function's name: "execname", "pid", "stack", "ts"), "keyN" when it names
// nothing; times (timestamp, vtimestamp, walltimestamp) are nanoseconds,
// size_t and ssize_t values bytes.
func (h *Handle) ProgramInfo() *sink.Program {
	p := &sink.Program{Sources: h.sources, Aggs: map[string]*sink.AggInfo{}}
	periods := map[string]map[time.Duration]bool{}
	for _, u := range h.units {
		info := u.Program.Info
		for _, it := range u.Program.File.Items {
			cl, ok := it.(*ast.Clause)
			if !ok {
				continue
			}
			period := clausePeriod(cl, info)
			ast.Inspect(cl, func(n ast.Node) bool {
				as, ok := n.(*ast.Assign)
				if !ok {
					return true
				}
				agg, ok := as.X.(*ast.Agg)
				if !ok {
					return true
				}
				ai := p.Aggs[agg.Name]
				if ai == nil {
					ai = aggInfo(agg, as.Y, info)
					p.Aggs[agg.Name] = ai
					periods[agg.Name] = map[time.Duration]bool{}
				}
				periods[agg.Name][period] = true
				return true
			})
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

// clausePeriod returns the period of the profile-N probes a clause fires
// on, 0 when it fires on others or on several periods.
func clausePeriod(cl *ast.Clause, info *check.Info) time.Duration {
	var period time.Duration
	for _, pd := range cl.Probes {
		for _, m := range info.Matches[pd] {
			if m.Provider != "profile" || !strings.HasPrefix(m.Name, "profile-") {
				return 0
			}
			d := time.Duration(profile.Period(m.Name))
			if period != 0 && d != period {
				return 0
			}
			period = d
		}
	}
	return period
}

// aggInfo describes the aggregation agg = fn(...) from its first
// assignment.
func aggInfo(agg *ast.Agg, fn ast.Expr, info *check.Info) *sink.AggInfo {
	ai := &sink.AggInfo{}
	used := map[string]bool{}
	for i, k := range agg.Keys {
		name, stack := keyName(k)
		if name == "" {
			name = "key" + strconv.Itoa(i+1)
		}
		base := name
		for n := 2; used[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
		used[name] = true
		ai.Keys = append(ai.Keys, sink.KeyInfo{Name: name, Unit: unitOf(k, info), Stack: stack})
	}
	if c, ok := unparen(fn).(*ast.Call); ok && len(c.Args) > 0 {
		ai.Unit = unitOf(c.Args[0], info)
	}
	return ai
}

// keyName names a key after its expression, and says whether it is a
// stack.
func keyName(x ast.Expr) (string, bool) {
	switch x := unparen(x).(type) {
	case *ast.Ident:
		return x.Name, false
	case *ast.Call:
		n := x.Fun.Name
		return n, n == "stack" || n == "ustack" || n == "jstack"
	case *ast.ScopedVar:
		return x.Name, false
	case *ast.Member:
		return x.Name, false
	case *ast.Index:
		if id, ok := unparen(x.X).(*ast.Ident); ok && id.Name == "args" && len(x.Index) == 1 {
			if lit, ok := x.Index[0].(*ast.IntLit); ok {
				return "args" + lit.Text, false
			}
		}
		return keyName(x.X)
	}
	return "", false
}

// unparen returns x without its parentheses and casts.
func unparen(x ast.Expr) ast.Expr {
	for {
		switch y := x.(type) {
		case *ast.Paren:
			x = y.X
		case *ast.Cast:
			x = y.X
		default:
			return x
		}
	}
}

// unitOf returns the unit of expression x: nanoseconds when it involves
// a time, bytes when it is of type size_t or ssize_t, "" otherwise.
func unitOf(x ast.Expr, info *check.Info) string {
	if t := info.Types[x]; t != nil {
		for ; t != nil && (t.Kind == types.Typedef || t.Kind == types.Qualified); t = t.Elem {
			if t.Kind == types.Typedef && (t.Name == "size_t" || t.Name == "ssize_t") {
				return "bytes"
			}
		}
	}
	unit := ""
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			switch id.Name {
			case "timestamp", "vtimestamp", "walltimestamp":
				unit = "nanoseconds"
			}
		}
		return unit == ""
	})
	return unit
}
