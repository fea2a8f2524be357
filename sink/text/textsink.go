package text

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/sink"
)

// Config configures a Sink.
type Config struct {
	Options Options
	// SystemOutput is where the commands of system() write their standard
	// output while freopen() has not redirected the output: dtrace's
	// standard output, which is not the output of records under -o. Nil:
	// the sink's output.
	SystemOutput io.Writer
	// Stderr is the commands' standard error (nil: os.Stderr).
	Stderr io.Writer
	// Notify receives the warnings of freopen() (nil: none are given).
	Notify func(sink.Notice)
	// SetOption applies to o a setopt() of the program, from the record
	// that holds it on: the option's name, and its value when given
	// (the runner has checked both). It returns false when the option is
	// not one of the output's. Nil: setopt() changes nothing of the
	// output.
	SetOption func(o *Options, name, value string, given bool) bool
}

// Sink is the sink.Sink of DTrace's text output: records printed as
// dtrace(1) prints them, printa() and the aggregations left at the end in
// DTrace's layouts, and system() and freopen() carried out as dtrace(1)
// carries them out. It buffers its writes until Flush.
type Sink struct {
	p   *Printer
	out *sink.Output // what p writes to
	cfg Config
}

// New returns a Sink writing to w.
func New(w io.Writer, cfg Config) *Sink {
	out := sink.NewOutput(w, 256<<10)
	if cfg.Stderr == nil {
		cfg.Stderr = os.Stderr
	}
	return &Sink{p: NewPrinter(out, cfg.Options), out: out, cfg: cfg}
}

// Printer returns the sink's printer.
func (s *Sink) Printer() *Printer { return s.p }

// Flush implements sink.Sink.
func (s *Sink) Flush() error { return s.out.Flush() }

// Close closes the file freopen() redirected the output to, if any.
func (s *Sink) Close() error { return s.out.Close() }

// End implements sink.Sink: the aggregations printa() has not printed.
func (s *Sink) End(aggs []*sink.Aggregation) error {
	if err := s.p.Exit(aggs); err != nil {
		return err
	}
	return s.out.Flush()
}

// Record implements sink.Sink.
func (s *Sink) Record(r *sink.Record) error {
	f := Firing{CPU: r.CPU, ID: r.Probe.ID, EPID: r.RecordID, Provider: r.Probe.Provider, Module: r.Probe.Module,
		Func: r.Probe.Function, Name: r.Probe.Name}
	if r.Firing {
		if err := s.p.BeginFiring(f); err != nil {
			return err
		}
	}
	for i := range r.Actions {
		a := &r.Actions[i]
		var err error
		switch a.Kind {
		case sink.ActTrace:
			err = s.p.Trace(a.Values[0])
		case sink.ActPrintf:
			err = s.p.Printf(a.Format, a.Values...)
		case sink.ActPrinta:
			err = s.p.Printa(a.Format, a.Aggs...)
		case sink.ActTraceMem:
			err = s.p.TraceMem(a.Values[0].Bytes)
		case sink.ActPrint:
			err = s.p.Print(a.Values[0])
		case sink.ActSystem:
			err = s.system(a)
		case sink.ActFreopen:
			err = s.freopen(a, r)
		case sink.ActSetopt:
			s.setopt(a)
		}
		if err != nil {
			return err
		}
	}
	if r.Firing {
		return s.p.EndFiring()
	}
	return nil
}

// setopt applies a setopt() of an output option from this record on.
func (s *Sink) setopt(a *sink.Action) {
	if len(a.Values) == 0 || s.cfg.SetOption == nil {
		return
	}
	name, value, given := a.Values[0].Str, "", len(a.Values) > 1
	if given {
		value = a.Values[1].Str
	}
	opt := s.p.Options()
	if s.cfg.SetOption(&opt, name, value, given) {
		s.p.SetOptions(opt)
	}
}

// system runs the command of a system() record with /bin/sh -c, as
// system(3C) does, once the output so far is written: its output comes
// in order with dtrace's. Its exit status is not looked at, as DTrace does
// not look at it.
func (s *Sink) system(a *sink.Action) error {
	cmdline, err := s.p.Sprintf(a.Format, a.Values...)
	if err != nil {
		return err
	}
	if err := s.out.Flush(); err != nil {
		return err
	}
	return sink.System(cmdline, s.systemStdout(), s.cfg.Stderr)
}

// systemStdout is where a system() command writes: the file freopen()
// redirected the output to when the output is dtrace's standard output
// (as the dup2() of libdtrace's freopen redirects its commands too), else
// dtrace's standard output.
func (s *Sink) systemStdout() io.Writer {
	switch {
	case s.cfg.SystemOutput == nil && s.out.File() != nil:
		return s.out.File()
	case s.cfg.SystemOutput == nil:
		return s.out.Base()
	}
	return s.cfg.SystemOutput
}

// freopen redirects the output from now on to the file a freopen()
// record names, opened for appending and created if need be; freopen("")
// (an action without a format) restores the output the sink started with.
// A file that cannot be opened is reported as libdtrace reports it,
// "error on enabled probe ID E (ID P: prov:mod:func:name):
// couldn't freopen() "NAME": error", and the output stays where it was.
func (s *Sink) freopen(a *sink.Action, r *sink.Record) error {
	if a.Format == nil {
		return s.out.Restore()
	}
	name, err := s.p.Sprintf(a.Format, a.Values...)
	if err != nil {
		return err
	}
	err = s.out.Redirect(name)
	var re *sink.RedirectError
	if errors.As(err, &re) {
		if s.cfg.Notify != nil {
			p := r.Probe
			s.cfg.Notify(sink.Notice{Kind: sink.NoticeWarning,
				Message: fmt.Sprintf("error on enabled probe ID %d (ID %d: %s): couldn't freopen() \"%s\": %s",
					r.Clause+1, p.ID, probe.Name(p.Provider, p.Module, p.Function, p.Name), name, sink.Strerror(re.Err))})
		}
		return nil
	}
	return err
}
