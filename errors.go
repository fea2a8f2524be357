package dtrace

import (
	"errors"
	"fmt"
	"strings"
	"syscall"

	"github.com/cilium/ebpf/asm"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/session"
	"github.com/dtrace-go/dtrace/sink"
	"golang.org/x/sys/unix"
)

// CompileError is a program that does not compile: DTrace's diagnostic.
type CompileError struct {
	// Source is the program's name (Source.Name) and Script whether it
	// is a script.
	Source string
	Script bool
	err    *diag.Error
}

// Line returns the line of the error in a script, 0 when DTrace reports
// none (programs given on the command line have no lines).
func (e *CompileError) Line() int {
	if !e.Script {
		return 0
	}
	return e.err.Pos.Line
}

// Tag returns the error's libdtrace tag (D_SYNTAX, D_PDESC_ZERO...).
func (e *CompileError) Tag() string { return string(e.err.Tag) }

// Message returns the diagnostic as DTrace prints it after "failed to
// compile script FILE: " or "invalid probe specifier SPEC: ": "line 3:
// syntax error near ..." for a script; with tags, prefixed by "[D_TAG] "
// as under -x errtags.
func (e *CompileError) Message(tags bool) string {
	if !e.Script {
		// libdtrace reports a line only when it reads a file
		// (pcb_fileptr ? yylineno : 0 in dt_parser.c): never for -n,
		// -P, -m, -f or -i.
		d := *e.err
		d.Pos.Line = 0
		return d.Text(tags)
	}
	return e.err.Text(tags)
}

func (e *CompileError) Error() string {
	if e.Script {
		return fmt.Sprintf("failed to compile script %s: %s", e.Source, e.Message(false))
	}
	return fmt.Sprintf("invalid probe specifier %s: %s", e.Source, e.Message(false))
}

// OutputError is an output an option asks for that cannot be made or
// written: a file that cannot be created or written, an address that
// cannot be listened on. A run returns it when writing a file fails.
type OutputError struct {
	Option string // "pprof", "folded", "httpserver"
	Value  string
	Err    error
	// Write says that the file was made but writing it failed.
	Write bool
}

func (e *OutputError) Error() string {
	switch {
	case e.Option == "httpserver":
		return fmt.Sprintf("failed to listen on %s: %s", e.Value, sink.Strerror(e.Err))
	case e.Write:
		return fmt.Sprintf("failed to write %s file '%s': %s", e.Option, e.Value, sink.Strerror(e.Err))
	}
	return fmt.Sprintf("failed to open %s file '%s': %s", e.Option, e.Value, sink.Strerror(e.Err))
}

func (e *OutputError) Unwrap() error { return e.Err }

// ListError is a provider that could not list its probes: tracefs not
// mounted or not readable, say.
type ListError struct {
	// Provider is the provider's name.
	Provider string
	Err      error
}

func (e *ListError) Error() string { return "list " + e.Provider + " probes: " + e.Err.Error() }

func (e *ListError) Unwrap() error { return e.Err }

// listError turns the registry's listing errors (a *providers.ListError,
// or several joined) into ListErrors.
func listError(err error) error {
	if err == nil {
		return nil
	}
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	out := make([]error, len(errs))
	for i, e := range errs {
		out[i] = e
		var le *providers.ListError
		if errors.As(e, &le) {
			out[i] = &ListError{Provider: le.Provider, Err: le.Err}
		}
	}
	return errors.Join(out...)
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
// D source line, and the verifier's reason.
type VerifierError struct {
	// Source is the D source line the verifier stopped at ("x.d:12"),
	// "" when it named none.
	Source string
	// Reason is the verifier's explanation.
	Reason string
	// Log holds the verifier's log when the "bpflog" option is set.
	Log []string
	err *bpf.VerifierError
}

func (e *VerifierError) Error() string { return e.err.Error() }

func (e *VerifierError) Unwrap() error { return e.err }

// runError turns the errors of compiling to BPF and loading into the
// package's typed errors.
func (h *Handle) runError(err error) error {
	var ce *codegen.Error
	var ve *bpf.VerifierError
	var se *codegen.ScratchError
	var syme *codegen.SymbolError
	var pke *providers.KernelError
	var rme *bpf.RingMapError
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
	case errors.Is(err, syscall.EMFILE):
		// Before the verifier's case: a program the kernel could not
		// give a descriptor is not one it rejected.
		limit := "dtrace needs more open files than it may have"
		var rl unix.Rlimit
		if unix.Getrlimit(unix.RLIMIT_NOFILE, &rl) == nil {
			limit += fmt.Sprintf(" (ulimit -n: %d)", rl.Cur)
		}
		return &LimitError{Limit: limit + ": each map, program and probe takes one: raise the limit", Err: err}
	case errors.As(err, &ve):
		if reason := kernelRefusal(ve); reason != "" {
			return &KernelError{Reason: reason, Err: err}
		}
		if limit := verifierLimit(ve); limit != "" {
			return &LimitError{Source: ve.Source, Limit: limit, Err: err}
		}
		e := &VerifierError{Source: ve.Source, Reason: ve.Reason, err: ve}
		if h.opts.Bool("bpflog") {
			e.Log = ve.Log
		}
		return e
	case errors.As(err, &rme):
		limit := fmt.Sprintf("the principal buffer of %s (bufsize) does not fit in dtrace's memory", session.SizeString(int64(rme.Size)))
		var rl unix.Rlimit
		if unix.Getrlimit(unix.RLIMIT_AS, &rl) == nil && rl.Cur != unix.RLIM_INFINITY {
			limit += fmt.Sprintf(" under its address-space limit (ulimit -v: %d)", rl.Cur/1024)
		}
		return &LimitError{Limit: limit + ": lower bufsize", Err: err}
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
