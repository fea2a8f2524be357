package dtrace

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/cpp"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/providers/cpc"
	"github.com/dtrace-go/dtrace/providers/lockstat"
	"github.com/dtrace-go/dtrace/providers/stable"
	"github.com/dtrace-go/dtrace/session"
	"github.com/dtrace-go/dtrace/sink"
)

// SourceKind says how a program's text was given, which decides how a
// bare probe description is read and how errors are reported.
type SourceKind int

// Source kinds, one per dtrace flag that takes a program.
const (
	Script        SourceKind = SourceKind(dscript.Script)   // -s FILE: a D script
	ProbeName     SourceKind = SourceKind(dscript.Name)     // -n: probe name, fields filled from the right
	ProbeFunction SourceKind = SourceKind(dscript.Function) // -f: the single field is a function
	ProbeModule   SourceKind = SourceKind(dscript.Module)   // -m: the single field is a module
	ProbeProvider SourceKind = SourceKind(dscript.Provider) // -P: the single field is a provider
	ProbeID       SourceKind = SourceKind(dscript.ProbeID)  // -i: a probe id
)

// Source is one program to compile.
type Source struct {
	Kind SourceKind
	// Name is the script's path as the user typed it, or the
	// -n/-P/-m/-f/-i operand.
	Name string
	Text []byte
}

// Program is one compiled program of a Handle.
type Program struct {
	unit session.Unit
}

// compiler returns the handle's compiler, made on first use: the macro
// variables are dtrace's own ($pid, $uid... as dtrace_update sets them)
// and $target, the pid of the first process created or grabbed (without
// one, $target is not defined).
func (h *Handle) compiler() *dscript.Compiler {
	if h.comp != nil {
		return h.comp
	}
	sid, _, _ := syscall.RawSyscall(syscall.SYS_GETSID, 0, 0, 0)
	pgid, _ := syscall.Getpgid(0)
	m := map[string]int64{
		"pid":    int64(os.Getpid()),
		"ppid":   int64(os.Getppid()),
		"uid":    int64(os.Getuid()),
		"gid":    int64(os.Getgid()),
		"euid":   int64(os.Geteuid()),
		"egid":   int64(os.Getegid()),
		"sid":    int64(sid),
		"pgid":   int64(pgid),
		"projid": 0, // Solaris projects and tasks; none on Linux
		"taskid": 0,
	}
	if len(h.procs) > 0 {
		m["target"] = int64(h.procs[0].PID())
	}
	args := h.cfg.Args
	if len(args) == 0 {
		args = []string{"dtrace"}
	}
	h.kernel = ktypes.OpenSpec(h.sys.KernelBTF, h.ksyms)
	h.comp = dscript.New(dscript.Config{Args: args, Defaultargs: h.opts.Bool("defaultargs"), ArgRef: h.opts.Bool("argref"), Macros: m,
		Kernel: h.kernel, Probes: session.Catalog(h.reg, h.kernel), ZeroProbes: h.zdefs,
		LibDirs: h.opts.Values("libdir"), NoLibs: h.opts.Bool("nolibs"),
		ScratchSize: func() int64 {
			if v, ok := h.opts.Size("scratchsize"); ok {
				return v
			}
			return defaultScratchSize
		}})
	return h.comp
}

// defaultScratchSize is scratchsize unless set: DTrace's default, as the
// code generator's.
const defaultScratchSize = 256

// Compile parses and checks a program, matching its probe descriptions,
// and adds it to the handle's programs; its "#pragma D option" settings
// become the handle's. A program that does not compile is a
// *CompileError.
func (h *Handle) Compile(src Source) (*Program, error) {
	prog, err := h.compiler().Compile(dscript.Source{Kind: dscript.SourceKind(src.Kind), Name: src.Name, Text: src.Text})
	if err != nil {
		var de *diag.Error
		if errors.As(err, &de) {
			return nil, &CompileError{Source: src.Name, Script: src.Kind == Script, err: de}
		}
		return nil, err
	}
	if prog == nil {
		return nil, nil
	}
	for _, o := range prog.Options {
		// The compiler has checked them already.
		h.opts.SetPragma(o.Name, o.Value, o.Value != "")
	}
	p := &Program{unit: session.Unit{Program: prog, Kind: dscript.SourceKind(src.Kind), Name: src.Name}}
	h.units = append(h.units, p.unit)
	h.sources = append(h.sources, sink.Source{Name: src.Name, Text: string(src.Text)})
	return p, nil
}

// Descriptions returns the probe descriptions of the program's clauses, in
// order, with their macros expanded.
func (p *Program) Descriptions() []ProbeDesc {
	var ds []ProbeDesc
	for d := range p.unit.Program.Descs() {
		ds = append(ds, check.DescOf(d.Desc))
	}
	return ds
}

// Preprocess runs the C preprocessor over a script's text, with the
// handle's preprocessor options (-D, -U, -I, -H, cppargs, cpppath, -X)
// in the order they were set, as dtrace -C does.
func (h *Handle) Preprocess(text []byte) ([]byte, error) {
	c := cpp.Config{Version: h.opts.Version(), Stderr: h.cfg.Stderr}
	for _, st := range h.opts.Settings() {
		switch st.Name {
		case "define":
			c.Args = append(c.Args, "-D"+st.Value)
		case "undef":
			c.Args = append(c.Args, "-U"+st.Value)
		case "incdir":
			c.Args = append(c.Args, "-I"+st.Value)
		case "cpphdrs":
			c.Args = append(c.Args, "-H")
		case "cppargs":
			c.Args = append(c.Args, strings.Fields(st.Value)...)
		case "cpppath":
			c.Path = st.Value
		case "stdc":
			c.Stdc = st.Value[0]
		}
	}
	return cpp.Preprocess(c, text)
}

// Disassemble writes the BPF code of every clause of the handle's
// programs, each sequence under the D source line it came from, as -S
// shows it: compiled with the options a run compiles with.
func (h *Handle) Disassemble(w io.Writer) error {
	cfg, err := session.ConfigFrom(&h.opts)
	if err != nil {
		return err
	}
	prog, err := session.Compile(h.units, &cfg)
	if err != nil {
		return h.runError(err)
	}
	for _, c := range prog.Clauses {
		var ds []string
		for _, p := range c.Probes {
			ds = append(ds, p.Text)
		}
		fmt.Fprintf(w, "\nClause %d (%s):\n", c.Index, strings.Join(ds, ", "))
		if err := codegen.Fprint(w, c.Insns); err != nil {
			return err
		}
	}
	return nil
}

// Probes returns the probes the program's clauses enable, description
// after description in clause order, as the checker matched them.
func (p *Program) Probes() []Probe {
	var out []Probe
	for d := range p.unit.Program.Descs() {
		for _, m := range d.Probes {
			out = append(out, Probe{ID: m.ID, Provider: m.Provider, Module: m.Module, Function: m.Function, Name: m.Name})
		}
	}
	return out
}

// LibraryNotes returns what was left out of the D library (the built-in
// files and those of -xlibdir), one note a line: files that do not parse
// or whose dependencies are missing, declarations that do not fit the
// running kernel. It checks the whole library, which programs otherwise
// check a declaration at a time as they use it; dtrace -v prints them.
func (h *Handle) LibraryNotes() []string { return h.compiler().LibraryNotes() }

// MissingProbes returns the probes of DTrace's stable providers (proc,
// sched, io, ip, tcp, udp) and of lockstat that this system cannot
// provide (those that fire in kernel functions where it can probe none),
// and the cpc probes of hardware events where it has no hardware counters
// (in a virtual machine), each as "provider:::name: why".
func (h *Handle) MissingProbes() []string {
	var out []string
	for _, p := range stable.Names {
		for _, m := range stable.Missing(p, h.sys) {
			out = append(out, p+":::"+m)
		}
	}
	if p, ok := h.reg.Provider("cpc").(*cpc.Provider); ok {
		for _, m := range p.Missing() {
			out = append(out, "cpc:::"+m)
		}
	}
	if p, ok := h.reg.Provider(lockstat.Name).(*lockstat.Provider); ok {
		for _, m := range p.Missing() {
			out = append(out, "lockstat:::"+m)
		}
	}
	return out
}

// ProbePlacements says how the probes of DTrace's stable providers that
// fire in kernel functions where the kernel can probe them, and at
// tracepoints elsewhere (sched:::enqueue, tcp:::send), fire on this
// system, each as "provider:::name: fires at ...".
func (h *Handle) ProbePlacements() []string {
	var out []string
	for _, p := range stable.Names {
		for _, m := range stable.Placements(p, h.sys) {
			out = append(out, p+":::"+m)
		}
	}
	return out
}
