// Package dtrace compiles and runs D programs: DTrace for Linux as a Go
// library, with no compiler toolchain at run time. It is what the dtrace
// command is built on.
//
// A Handle holds what one DTrace session holds (libdtrace's dtrace_hdl_t):
// its options, the probes of the running system, the programs compiled so
// far (which share their variables, types and aggregations) and the
// processes to trace. A program's data reaches a sink.Sink, decoded into
// typed values; DTrace's own text output is one (Handle.NewTextSink).
//
//	h, err := dtrace.Open(dtrace.Config{})
//	...
//	defer h.Close()
//	h.SetOption("quiet")
//	if _, err := h.Compile(dtrace.Source{Kind: dtrace.ProbeName, Name: "cli",
//		Text: []byte(`syscall::openat:entry { @[execname] = count(); } tick-1s { exit(0); }`)}); err != nil {
//		...
//	}
//	status, err := h.Run(ctx, dtrace.RunConfig{Sink: h.NewTextSink(os.Stdout, text.Config{})})
//
// Tracing needs root, or CAP_BPF and CAP_PERFMON; compiling and listing
// probes do not.
package dtrace

import (
	"errors"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/dscript/options"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/builtin"
	"github.com/dtrace-go/dtrace/session"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/symtab"
)

// Version is what dtrace -V prints after the program's name: the version
// of the D language and of its compiler.
const Version = options.VersionString

// Config is what Open needs.
type Config struct {
	// Tracefs and BTF say where the kernel's description of itself is
	// read: tracefs's directory and the kernel's BTF file. Empty: the
	// running system's (tracefs is mounted when it is not).
	Tracefs, BTF string
	// PMUs is the directory of the kernel's PMUs, which the cpc provider
	// reads; empty: the running system's, /sys/bus/event_source/devices.
	PMUs string
	// Args are the programs' macro arguments: Args[0] is $0 (the name of
	// the program), Args[1] is $1, and so on.
	Args []string
	// Stderr receives the C preprocessor's diagnostics (Preprocess). Nil:
	// os.Stderr.
	Stderr io.Writer
}

// A Handle is one DTrace session. It is not safe for concurrent use.
type Handle struct {
	cfg    Config
	opts   options.Set
	sys    providers.System
	reg    *providers.Registry
	kernel *ktypes.Kernel
	ksyms  *symtab.KernelSymbols
	comp   *dscript.Compiler
	zdefs  bool
	units  []session.Unit
	procs  []*Process
	// sources are the programs' texts, in the order of units.
	sources []sink.Source
}

// Open returns a new Handle, with DTrace's default options set as
// dtrace_open sets them.
func Open(cfg Config) (*Handle, error) {
	if cfg.Stderr == nil {
		cfg.Stderr = os.Stderr
	}
	h := &Handle{cfg: cfg, ksyms: &symtab.KernelSymbols{}}
	// One System: the registry's providers and the checker's kernel types
	// read tracefs and the kernel's BTF once between them.
	h.sys = providers.System{Tracefs: cfg.Tracefs, BTF: cfg.BTF, PMUs: cfg.PMUs}.Shared()
	h.reg = builtin.Registry(h.sys)
	// dtrace(1) sets these before reading any option.
	for _, o := range [][2]string{{"bufsize", "4m"}, {"aggsize", "4m"}, {"temporal", "yes"}} {
		if err := h.opts.Set(o[0], o[1], true); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// Close releases the processes the handle created or grabbed: a created
// process that has not run is killed, a grabbed one let go.
func (h *Handle) Close() error {
	for _, p := range h.procs {
		p.p.Release()
	}
	h.procs = nil
	return nil
}

// SetOption sets DTrace's option name, as -x does: SetOption("quiet") is
// -x quiet, SetOption("bufsize", "8m") is -x bufsize=8m. A bad name or
// value is an error in DTrace's words ("Invalid option name").
func (h *Handle) SetOption(name string, value ...string) error {
	if len(value) > 1 {
		return errors.New("set option " + name + ": more than one value")
	}
	if len(value) == 0 {
		return h.opts.Set(name, "", false)
	}
	return h.opts.Set(name, value[0], true)
}

// Option returns the value option name was last set to, and whether it
// was set (by SetOption or a program's pragma).
func (h *Handle) Option(name string) (string, bool) {
	vs := h.opts.Values(name)
	if len(vs) == 0 {
		return "", false
	}
	return vs[len(vs)-1], true
}

// BoolOption reports whether the boolean option name is set.
func (h *Handle) BoolOption(name string) bool { return h.opts.Bool(name) }

// AllowZeroProbes lets probe descriptions match no probe (-Z); it applies
// to the programs compiled after it.
func (h *Handle) AllowZeroProbes() { h.zdefs = true }

// Process is a process traced with -c or -p: $target is the first one's
// pid, and tracing ends once every one has exited.
type Process struct{ p *session.Proc }

// CreateProcess starts the command cmd stopped, to run once probes are
// enabled (-c). The error is in DTrace's words.
func (h *Handle) CreateProcess(cmd string) (*Process, error) {
	p, err := session.CreateProc(cmd)
	if err != nil {
		return nil, err
	}
	pr := &Process{p}
	h.procs = append(h.procs, pr)
	return pr, nil
}

// GrabProcess traces the running process pid (-p).
func (h *Handle) GrabProcess(pid int) (*Process, error) {
	p, err := session.GrabProc(pid)
	if err != nil {
		return nil, err
	}
	pr := &Process{p}
	h.procs = append(h.procs, pr)
	return pr, nil
}

// PID returns the process's id.
func (p *Process) PID() int { return p.p.Pid() }

// ParsePID parses a -p operand as dtrace does (strtol in base 10,
// leading blanks allowed); ok is false when it is not a pid.
func ParsePID(s string) (pid int, ok bool) {
	v, err := strconv.ParseInt(strings.TrimLeft(s, " \t\n\v\f\r"), 10, 64)
	if err != nil {
		return 0, false
	}
	if v != int64(int(v)) {
		return -1, true
	}
	return int(v), true
}
