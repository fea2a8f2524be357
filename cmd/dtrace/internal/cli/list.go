package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/sink"
)

// list lists probes (-l): every probe, or those each description of each
// program matches, in command-line and clause order, as dtrace's list_prog
// does. A description that matches nothing is reported and the listing
// goes on; dtrace then exits 1.
func (s *state) list() error {
	if s.ofile != "" {
		f, err := os.OpenFile(s.ofile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
		if err != nil {
			return s.errorf(exitError, "failed to open output file '%s': %s", s.ofile, sink.Strerror(err))
		}
		s.output = f
	}
	out := s.out()
	l := &lister{h: s.h, w: bufio.NewWriterSize(out, 64<<10), verbose: s.verbose > 0, stderr: s.stderr, pname: s.pname,
		warned: map[string]bool{}}
	fmt.Fprintf(l.w, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME")

	failed := false
	if len(s.cmds) == 0 {
		// Over 100,000 probes with fbt's, made once and kept to the
		// end: the collector would only scan them (see listGC).
		defer listGC()()
		s.h.EachProbe(func(p dtrace.Probe) bool {
			l.probe(p)
			return true
		})
	}
	for _, prog := range s.progs {
		for _, d := range prog.Descriptions() {
			ps, err := s.h.Match(d)
			if err == nil && len(ps) == 0 {
				err = errNoMatch
			}
			if err != nil {
				// The fields, as dtrace's list_stmt prints them (an id
				// prints as ::::).
				l.flush()
				fmt.Fprintf(s.stderr, "%s: failed to match %s: %s\n", s.pname,
					probe.Name(d.Provider, d.Module, d.Function, d.Name), err)
				failed = true
				continue
			}
			for _, p := range ps {
				l.probe(p)
			}
		}
	}
	if err := l.flush(); err != nil {
		return s.errorf(exitError, "%v", err)
	}
	// Under -v, the probes of the stable providers listed that this
	// system cannot provide, and why.
	var missing, placed []string
	if len(l.listed) > 0 { // -v, and probes listed
		missing = s.h.MissingProbes()
		placed = s.h.ProbePlacements()
	}
	// And how those that fire in kernel functions where the kernel can
	// probe them, else at tracepoints, fire here.
	for _, m := range placed {
		if prov, _, _ := strings.Cut(m, ":"); l.listed[prov] {
			name, how, _ := strings.Cut(m, ": ")
			fmt.Fprintf(s.stderr, "%s: %s %s\n", s.pname, name, how)
		}
	}
	for _, m := range missing {
		if prov, _, _ := strings.Cut(m, ":"); l.listed[prov] {
			name, why, _ := strings.Cut(m, ": ")
			fmt.Fprintf(s.stderr, "%s: %s is not available: %s\n", s.pname, name, why)
		}
	}
	// The probes the descriptions matched that were not made (the
	// return probes of functions where no return was found), and why.
	for _, o := range s.h.Omitted() {
		fmt.Fprintf(s.stderr, "%s: %s is not available: %s\n", s.pname, probe.Name(o.Provider, o.Module, o.Function, o.Name), o.Why)
	}
	// What could not be listed, and where: once for the providers that
	// failed alike (perf, sdt and rawtp all read tracefs).
	var names []string
	for i, errs := 0, s.h.ListErrors(); i < len(errs); i++ {
		le := errs[i]
		names = append(names, le.Provider)
		if i+1 < len(errs) && errs[i+1].Err.Error() == le.Err.Error() {
			continue
		}
		fmt.Fprintf(s.stderr, "%s: failed to list %s probes: %v\n", s.pname, andList(names), le.Err)
		names = names[:0]
	}
	if failed {
		return exitStatus(exitError)
	}
	return nil
}

// listGC turns the garbage collector off, bounded by a memory limit,
// until the function it returns is called: listing every probe keeps
// nearly all it allocates (the probes, their names, the kernel's BTF
// index), so collecting on the way frees little and costs a third of
// the listing's time.
func listGC() (restore func()) {
	percent := debug.SetGCPercent(-1)
	// A lower limit of the user's (GOMEMLIMIT) stands.
	limit := debug.SetMemoryLimit(-1)
	debug.SetMemoryLimit(min(limit, listMemoryLimit))
	return func() {
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(percent)
	}
}

// listMemoryLimit bounds the heap of a listing without collections: a
// distribution kernel's probes take about 20 MiB.
const listMemoryLimit = 256 << 20

// andList joins names as English does: "a", "a and b", "a, b and c".
func andList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// errNoMatch is DTrace's EDT_NOPROBE.
var errNoMatch = errors.New("No probe matches description")

// lister prints probes as dtrace's list_probe does.
type lister struct {
	h       *dtrace.Handle
	w       *bufio.Writer
	verbose bool
	stderr  io.Writer
	pname   string
	warned  map[string]bool // providers whose argument types could not be read
	listed  map[string]bool // providers listed, under -v
	err     error
	row     []byte // the last row, its array reused
	num     [20]byte
	// cols holds the provider and module columns of the last row
	// (" %10s %17s "), of colProv and colMod: consecutive rows mostly
	// share them.
	cols            []byte
	colProv, colMod string
}

// probe prints one row, and under -v the probe's attributes and argument
// types (print_probe_info).
func (l *lister) probe(p dtrace.Probe) {
	// "%5d %10s %17s %33s %s\n", without fmt: thousands of rows.
	if l.cols == nil || p.Provider != l.colProv || p.Module != l.colMod {
		l.cols = append(pad(append(l.cols[:0], ' '), p.Provider, 10), ' ')
		l.cols = append(pad(l.cols, p.Module, 17), ' ')
		l.colProv, l.colMod = p.Provider, p.Module
	}
	b := l.row[:0]
	b = pad(b, string(strconv.AppendUint(l.num[:0], uint64(p.ID), 10)), 5)
	b = append(b, l.cols...)
	b = append(pad(b, p.Function, 33), ' ')
	b = append(append(b, p.Name...), '\n')
	l.w.Write(b)
	l.row = b
	if !l.verbose {
		return
	}
	if l.listed == nil {
		l.listed = map[string]bool{}
	}
	l.listed[p.Provider] = true
	info, err := l.h.Describe(p)
	if err != nil && !l.warned[p.Provider] {
		l.warned[p.Provider] = true
		l.flush()
		fmt.Fprintf(l.stderr, "%s: failed to read argument types of %s probes: %v\n", l.pname, p.Provider, err)
	}
	args := info.Args
	w := l.w
	block := func(title string, a dtrace.Attr) {
		fmt.Fprintf(w, "\n\t%s\n", title)
		fmt.Fprintf(w, "\t\tIdentifier Names: %v\n", a.Name)
		fmt.Fprintf(w, "\t\tData Semantics:   %v\n", a.Data)
		fmt.Fprintf(w, "\t\tDependency Class: %v\n", a.Class)
	}
	block("Probe Description Attributes", info.Attributes)
	block("Argument Attributes", info.ArgAttributes)
	fmt.Fprintf(w, "\n\tArgument Types\n")
	for i, t := range args {
		if t == "" {
			t = "(unknown)"
		}
		fmt.Fprintf(w, "\t\targs[%d]: %s\n", i, t)
	}
	if len(args) == 0 {
		fmt.Fprintf(w, "\t\tNone\n")
	}
	fmt.Fprintf(w, "\n")
}

// pad appends s right-aligned in width columns, as printf's %Ns.
func pad(b []byte, s string, width int) []byte {
	if n := width - len(s); n > 0 {
		b = append(b, spaces[:min(n, len(spaces))]...)
		for i := len(spaces); i < n; i++ {
			b = append(b, ' ')
		}
	}
	return append(b, s...)
}

// spaces pads the columns.
const spaces = "                                                                "

// flush writes out what is buffered, so that stderr's messages come in
// order with it.
func (l *lister) flush() error {
	if err := l.w.Flush(); err != nil && l.err == nil {
		l.err = err
	}
	return l.err
}
