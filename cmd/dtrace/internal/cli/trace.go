package cli

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"os/signal"
	"syscall"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
)

// trace runs the compiled programs: DTrace's main loop.
func (s *state) trace() error {
	out := s.out()
	quiet := s.h.BoolOption("quiet")
	notify := func(n sink.Notice) {
		switch n.Kind {
		case sink.NoticeMatched, sink.NoticeDestructive, sink.NoticeExited:
			if quiet {
				return
			}
		}
		fmt.Fprintf(s.stderr, "%s: %s\n", s.pname, n.Message)
	}
	tc := text.Config{Options: text.Options{Testing: os.Getenv("_DTRACE_TESTING") != ""}, Stderr: s.stderr, Notify: notify}
	if s.output != nil {
		// system() commands write to dtrace's standard output, not -o's.
		tc.SystemOutput = s.stdout
	}
	o, err := s.h.NewOutput(out, tc)
	if err != nil {
		return s.errorf(exitError, "%v", err)
	}
	defer o.Close()
	if a := o.HTTPAddr(); a != "" {
		fmt.Fprintf(s.stderr, "dtrace: serving /metrics and /debug/pprof/ on http://%s/\n", a)
		if ap, err := netip.ParseAddrPort(a); err == nil && ap.Addr().IsUnspecified() {
			fmt.Fprintf(s.stderr, "%s: warning: serving on all interfaces (%s): anyone who can reach this host can read the traced data\n", s.pname, a)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	status, err := s.h.Run(ctx, dtrace.RunConfig{Sink: o, Notify: notify})
	if errors.Is(err, context.Canceled) {
		// A signal before tracing started: nothing was traced.
		return nil
	}
	var we *writeError
	var oe *dtrace.OutputError
	switch {
	case errors.As(err, &we):
		return s.errorf(exitError, "%v", we)
	case errors.As(err, &oe):
		return s.errorf(exitError, "%v", oe)
	}
	if err != nil {
		var ns *dtrace.NotSupportedError
		var ce *dtrace.CompileError
		var ke *dtrace.KernelError
		var le *dtrace.LimitError
		var ve *dtrace.VerifierError
		switch {
		case errors.As(err, &ns), errors.As(err, &ce):
			return s.errorf(exitError, "%v", err)
		case errors.As(err, &ke):
			return s.errorf(exitError, "could not enable tracing: %v", ke)
		case errors.As(err, &le):
			return s.errorf(exitError, "could not enable tracing: %v", le)
		case errors.As(err, &ve) && len(ve.Log) > 0:
			for _, l := range ve.Log {
				s.stderr.Write([]byte(l + "\n"))
			}
		}
		return s.errorf(exitError, "could not enable tracing: %v", err)
	}
	if status != 0 {
		return exitStatus(status)
	}
	return nil
}

// showCode prints the BPF code of every clause, each sequence under the D
// source line it came from (-S), to stderr as dtrace prints its DIF.
func (s *state) showCode() error {
	if err := s.h.Disassemble(s.stderr); err != nil {
		return s.errorf(exitError, "failed to generate code: %v", err)
	}
	return nil
}
