package dtrace

import (
	"context"

	"github.com/dtrace-go/dtrace/session"
	"github.com/dtrace-go/dtrace/sink"
)

// RunConfig is where a run's data goes.
type RunConfig struct {
	// Sink receives the records and aggregations, decoded; nil drops
	// them. A sink.LiveSink may read the aggregations while tracing
	// runs; a sink.NoticeSink receives the notices too, and a
	// sink.ExitSink the exit status (Output is all three).
	Sink sink.Sink
	// Notify receives what dtrace(1) reports on its standard error: how
	// many probes each program matched, drops, faults, warnings, the
	// processes that exit. Nil drops them. dtrace(1) prints each
	// Message, but under -q those of kinds NoticeMatched,
	// NoticeDestructive and NoticeExited.
	Notify func(sink.Notice)
}

// Run enables the probes of the handle's programs and traces until a
// program calls exit(), every process created or grabbed has exited, or
// ctx is done (dtrace(1)'s SIGINT); then it fires END, delivers the
// aggregations left to the sink, and returns the exit status: exit()'s
// argument, or 0. When ctx is done before tracing has started (while the
// programs load), Run returns ctx's error and delivers nothing.
//
// Errors: ErrDestructive for destructive actions without the
// "destructive" option; a *NotSupportedError for a construct the code
// generator cannot compile yet; a *KernelError when the running kernel
// refuses what a program needs; a *LimitError when a limit of the kernel
// does; a *VerifierError for another rejection of the BPF verifier.
func (h *Handle) Run(ctx context.Context, rc RunConfig) (int, error) {
	cfg, err := session.ConfigFrom(&h.opts)
	if err != nil {
		return 1, err
	}
	cfg.Registry = h.reg
	cfg.Kernel = h.kernel
	cfg.KernelSymbols = h.ksyms
	cfg.Sink = rc.Sink
	cfg.Notify = rc.Notify
	if ns, ok := rc.Sink.(sink.NoticeSink); ok {
		// Structured output records the notices among the data.
		notify := rc.Notify
		cfg.Notify = func(n sink.Notice) {
			ns.Notice(n)
			if notify != nil {
				notify(n)
			}
		}
	}
	for _, p := range h.procs {
		cfg.Procs = append(cfg.Procs, p.p)
	}
	status, err := session.Run(ctx, &cfg, h.units)
	if err != nil {
		return status, h.runError(err)
	}
	if es, ok := rc.Sink.(sink.ExitSink); ok {
		if err := es.Exit(status); err != nil {
			return status, err
		}
	}
	return status, nil
}
