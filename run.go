package dtrace

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/providers"
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
// argument, or 0.
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

// ErrDestructive is the error of a run whose programs hold destructive
// actions without the "destructive" option (-w): libdtrace's
// EDT_DESTRUCTIVE, "Destructive actions not allowed".
var ErrDestructive = session.ErrDestructive

// NotSupportedError is a construct of a program that dtrace-go does not
// compile yet.
type NotSupportedError struct {
	// Source is the program's name and Script whether it is a script;
	// Line is the construct's line in it.
	Source string
	Script bool
	Line   int
	// What names the construct ("the subroutine foo()").
	What string
}

func (e *NotSupportedError) Error() string {
	msg := e.What + " is not supported yet"
	if e.Script {
		return fmt.Sprintf("failed to compile script %s: line %d: %s", e.Source, e.Line, msg)
	}
	return fmt.Sprintf("invalid probe specifier %s: %s", e.Source, msg)
}

// Unwrap makes a NotSupportedError match codegen's ErrNotSupported.
func (e *NotSupportedError) Unwrap() error { return codegen.ErrNotSupported }

// KernelError is a D feature the running kernel cannot provide: the BPF
// verifier refused what the program needs for it, or the kernel cannot
// attach the probes it enables (fbt without kprobes or fentry).
type KernelError struct {
	// Reason is worded for "could not enable tracing: ...".
	Reason string
	Err    error
}

func (e *KernelError) Error() string { return e.Reason }

func (e *KernelError) Unwrap() error { return e.Err }

// VerifierError is a program the BPF verifier rejected: which clause and
// D source line, and the verifier's reason. Log holds the verifier's log
// when the "bpflog" option is set.
type VerifierError struct {
	Err *bpf.VerifierError
	Log []string
}

func (e *VerifierError) Error() string { return e.Err.Error() }

func (e *VerifierError) Unwrap() error { return e.Err }

// runError turns the errors of compiling to BPF and loading into the
// package's typed errors.
func (h *Handle) runError(err error) error {
	var ce *codegen.Error
	var ve *bpf.VerifierError
	var se *codegen.ScratchError
	var syme *codegen.SymbolError
	var pke *providers.KernelError
	switch {
	case errors.As(err, &syme):
		return &KernelError{Reason: fmt.Sprintf("`%s: this kernel's /proc/kallsyms lists no address for it "+
			"(a kernel lists its data symbols there only when built with CONFIG_KALLSYMS_ALL)", syme.Name), Err: err}
	case errors.As(err, &se):
		limit := fmt.Sprintf("the clauses need %d bytes of scratch memory, more than the %d a BPF program may have", se.Need, se.Max)
		if se.StrSize > 256 {
			limit += fmt.Sprintf(": lower the strsize option (%d)", se.StrSize)
		} else {
			limit += ": simplify the statements that use the most strings"
		}
		return &LimitError{Limit: limit, Err: err}
	case errors.As(err, &pke):
		return &KernelError{Reason: pke.Reason, Err: err}
	case errors.As(err, &ce) && ce.Unit < len(h.units):
		u := h.units[ce.Unit]
		return &NotSupportedError{Source: u.Name, Script: u.Kind == dscript.Script, Line: ce.Pos.Line, What: ce.What}
	case errors.As(err, &ve):
		if reason := kernelRefusal(ve); reason != "" {
			return &KernelError{Reason: reason, Err: err}
		}
		if limit := verifierLimit(ve); limit != "" {
			return &LimitError{Source: ve.Source, Limit: limit, Err: err}
		}
		e := &VerifierError{Err: ve}
		if h.opts.Bool("bpflog") {
			e.Log = ve.Log
		}
		return e
	case errors.Is(err, syscall.EPERM):
		// The kernel refuses bpf(2) and perf_event_open(2) before any
		// verification: the caller lacks the capabilities.
		return privilegeError{err}
	}
	return err
}

// ErrPrivileges is the error of a run by a user who may not trace:
// tracing needs root, or the capabilities CAP_BPF and CAP_PERFMON. Its
// text is libdtrace's (EDT_PERM's, "DTrace requires additional
// privileges").
var ErrPrivileges = errors.New("DTrace requires additional privileges")

// privilegeError is a run the kernel refused for the user's privileges:
// it matches ErrPrivileges and the kernel's error.
type privilegeError struct{ err error }

func (e privilegeError) Error() string {
	return ErrPrivileges.Error() + ": tracing needs root, or CAP_BPF and CAP_PERFMON"
}

func (e privilegeError) Unwrap() []error { return []error{ErrPrivileges, e.err} }

// LimitError is a program the kernel refuses for a limit of its own: too
// many instructions to verify, too many clauses on one probe.
type LimitError struct {
	// Source is the D source line the verifier stopped at ("x.d:12"),
	// "" when it named none.
	Source string
	// Limit says which limit, and what can be done about it.
	Limit string
	Err   error
}

func (e *LimitError) Error() string {
	if e.Source == "" {
		return e.Limit
	}
	return e.Source + ": " + e.Limit
}

func (e *LimitError) Unwrap() error { return e.Err }

// verifierLimit names the limit a verifier rejection is, worded for
// "could not enable tracing: ...", or returns "".
func verifierLimit(ve *bpf.VerifierError) string {
	switch r := ve.Reason; {
	case strings.Contains(r, "BPF program is too large"):
		return "the clauses on this probe need more than the 1,000,000 instructions the kernel verifies in one program: split the work over more clauses or probes"
	case strings.Contains(r, "number of maps per program has reached the limit"):
		return "the clauses on this probe use more maps than a BPF program may (64): each aggregation, associative array and self-> variable is a map of its own; use fewer of them on this probe"
	case strings.Contains(r, "too many subprograms"):
		return "more clauses are enabled on one probe than the kernel allows in one program (255): spread them over more probes"
	case errors.Is(ve, syscall.EFAULT), strings.Contains(r, "jumps is too complex"):
		return "the clauses on this probe branch more than the kernel's verifier follows (8,192 branches pending): split their predicates and conditions over more clauses"
	case strings.Contains(r, "combined stack size"):
		return "the clauses on this probe nest too many calls for the kernel's 512 bytes of stack"
	}
	return ""
}

// kernelRefusal names, for a verifier rejection, a D feature the running
// kernel cannot provide, worded for "could not enable tracing: ...", or
// returns "" when the rejection is not one of those:
//
//   - copyout() and copyoutstr() write with bpf_probe_write_user, which a
//     kernel in lockdown (integrity or confidentiality) withholds from
//     every program;
//   - chill() spins in a may_goto loop, which kernels before 6.9 lack.
func kernelRefusal(ve *bpf.VerifierError) string {
	ins := ve.Instruction
	switch {
	case ve.Index < 0:
		return ""
	case ins.IsBuiltinCall() && asm.BuiltinFunc(ins.Constant) == asm.FnProbeWriteUser:
		return "copyout() and copyoutstr() are not supported by this kernel: it refuses bpf_probe_write_user (kernel lockdown)"
	case ins.OpCode.Class().IsJump() && ins.OpCode.JumpOp() == asm.JumpOp(0xe0) && strings.Contains(ve.Reason, "opcode"):
		return "chill() is not supported by this kernel: it lacks may_goto (Linux 6.9)"
	}
	return ""
}
