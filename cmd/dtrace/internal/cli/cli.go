// Package cli is the dtrace command: it reads the command line as
// dtrace(1M) does, compiles the programs it names and reports as DTrace
// reports.
//
// The command line is illumos dtrace's (DTRACE_OPTSTR, its usage message,
// its passes over argv); where Oracle's Linux port differs in what a Linux
// user sees, comments say which was followed.
//
// Compiling (-e), tracing (with -c and -p), listing (-l), and the
// headers (-h) and objects (-G) of the providers applications declare
// work, through the module's Go API alone (package dtrace); -A says it is
// not supported yet.
package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/sink"
)

// Exit statuses (E_SUCCESS, E_ERROR, E_USAGE).
const (
	exitSuccess = 0
	exitError   = 1
	exitUsage   = 2
)

// mode is what dtrace was asked to do (DMODE_*).
type mode int

const (
	modeExec   mode = iota // trace, or with -e compile only
	modeVers               // -V
	modeAnon               // -A
	modeLink               // -G
	modeList               // -l
	modeHeader             // -h
)

// command is a program given on the command line.
type command struct {
	flag byte // 's', 'n', 'P', 'm', 'f' or 'i'
	arg  string
}

// exitStatus ends the command with a status after its message was printed.
type exitStatus int

func (e exitStatus) Error() string { return "exit status " + strconv.Itoa(int(e)) }

type state struct {
	pname  string // basename of argv[0], the prefix of every message
	argv0  string // argv[0] as given, the $0 of -n programs
	stdout io.Writer
	stderr io.Writer

	h        *dtrace.Handle
	mode     mode
	exec     bool // enable probes (no -e, -A, -G, -h)
	done     bool // -e: stop after compiling
	grabanon bool // -a
	cpp      bool // -C
	zdefs    bool // -Z, implied by -G, -h and -l
	difv     bool // -S
	verbose  int  // -v
	ilp32    bool // -32
	lp64     bool // -64
	noOutput bool // -B
	ofile    string
	cmds     []command
	operands []string // the macro arguments $1, $2, ...

	errtags bool // -x errtags
	output  *os.File

	progs []*dtrace.Program // the compiled programs, in command-line order
	// cmdProgs holds each command's program, by the command's index.
	cmdProgs []*dtrace.Program

	scripts map[string][]byte // the -s scripts read, by path (script)
}

// Run runs dtrace with the command line args (args[0] is the command's
// name) and returns its exit status.
func Run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		args = []string{"dtrace"}
	}
	s := &state{
		pname:  filepath.Base(args[0]),
		argv0:  args[0],
		stdout: stdout,
		stderr: stderr,
		exec:   true,
	}
	err := s.run(args)
	if s.h != nil {
		s.h.Close()
	}
	if s.output != nil {
		s.output.Close()
	}
	var st exitStatus
	if errors.As(err, &st) {
		return int(st)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", s.pname, err)
		return exitError
	}
	return exitSuccess
}

// errorf prints "dtrace: MSG" and returns the error that ends the command
// with status.
func (s *state) errorf(status int, format string, args ...any) error {
	fmt.Fprintf(s.stderr, "%s: %s\n", s.pname, fmt.Sprintf(format, args...))
	return exitStatus(status)
}

func (s *state) run(args []string) error {
	if len(args) == 1 {
		return exitStatus(usage(s.stderr, s.pname))
	}

	// First pass: modes and flags, and the words that are not options.
	opts, operands, ok := parseArgs(args, s.pname, s.stderr)
	if !ok {
		return exitStatus(usage(s.stderr, s.pname))
	}
	s.operands = operands
	modes := 0
	for _, o := range opts {
		modes += s.pass1(o)
	}
	if modes > 1 {
		return s.errorf(exitUsage, "only one of the [-AGhlV] options can be specified at a time")
	}
	if s.mode == modeVers {
		fmt.Fprintf(s.stdout, "%s: %s\n", s.pname, dtrace.Version)
		return nil
	}

	// The handle sets dtrace's own defaults (bufsize, aggsize, temporal)
	// before any option.
	h, err := dtrace.Open(dtrace.Config{Tracefs: os.Getenv("_DTRACE_TRACEFS"), BTF: os.Getenv("_DTRACE_BTF"),
		PMUs: os.Getenv("_DTRACE_PMUS"), Args: s.macroArgs(opts), Stderr: s.stderr})
	if err != nil {
		return s.errorf(exitError, "failed to initialize dtrace: %v", err)
	}
	s.h = h
	switch s.mode {
	case modeLink:
		h.SetOption("linkmode", "dynamic")
		h.SetOption("unodefs")
	case modeAnon:
		h.SetOption("linkmode", "primary")
	}

	// Second pass: options and programs.
	for _, o := range opts {
		if err := s.pass2(o); err != nil {
			return err
		}
	}
	if s.noOutput && s.mode != modeExec {
		return s.errorf(exitUsage, "-B not valid in combination with [-AGl] options")
	}
	if s.noOutput && s.ofile != "" {
		return s.errorf(exitUsage, "-B not valid in combination with -o option")
	}
	s.errtags = h.BoolOption("errtags")
	if s.zdefs {
		h.AllowZeroProbes()
	}

	// Third pass: processes to create or grab, before compiling, so
	// that $target is the first one's pid.
	for _, o := range opts {
		var err error
		switch o.c {
		case 'c':
			_, err = h.CreateProcess(o.arg)
		case 'p':
			pid, ok := dtrace.ParsePID(o.arg)
			if !ok {
				return s.errorf(exitError, "invalid pid: %s", o.arg)
			}
			_, err = h.GrabProcess(pid)
		default:
			continue
		}
		if err != nil {
			return s.errorf(exitError, "%v", err)
		}
	}

	// Fourth pass: compile the programs in order.
	if err := s.compile(); err != nil {
		return err
	}

	// Fifth: what the mode asks for.
	return s.finish()
}

// pass1 applies an option's effect on the mode and returns 1 if it selects
// a mode.
func (s *state) pass1(o option) int {
	switch o.c {
	case '3':
		s.ilp32, s.lp64 = true, false
	case '6':
		s.lp64, s.ilp32 = true, false
	case 'a':
		s.grabanon = true
	case 'A':
		s.mode, s.exec = modeAnon, false
		return 1
	case 'e':
		s.exec, s.done = false, true
	case 'h':
		s.mode, s.exec, s.zdefs = modeHeader, false, true
		return 1
	case 'G':
		s.mode, s.exec, s.zdefs = modeLink, false, true
		return 1
	case 'l':
		s.mode, s.zdefs = modeList, true
		return 1
	case 'V':
		s.mode = modeVers
		return 1
	}
	return 0
}

// pass2 applies an option's settings, as dtrace's second pass does.
func (s *state) pass2(o option) error {
	switch o.c {
	case 'a':
		return s.set("-a", "grabanon", "", false)
	case 'b':
		return s.set("-b "+o.arg, "bufsize", o.arg, true)
	case 'B':
		s.noOutput = true
	case 'C':
		s.cpp = true
	case 'D':
		return s.set("-D "+o.arg, "define", o.arg, true)
	case 'f', 'i', 'm', 'n', 'P', 's':
		s.cmds = append(s.cmds, command{flag: o.c, arg: o.arg})
	case 'F':
		return s.set("-F", "flowindent", "", false)
	case 'H':
		return s.set("-H", "cpphdrs", "", false)
	case 'I':
		return s.set("-I "+o.arg, "incdir", o.arg, true)
	case 'L':
		return s.set("-L "+o.arg, "libdir", o.arg, true)
	case 'q':
		return s.set("-q", "quiet", "", false)
	case 'o':
		s.ofile = o.arg
	case 'S':
		s.difv = true
	case 'U':
		return s.set("-U "+o.arg, "undef", o.arg, true)
	case 'v':
		s.verbose++
	case 'w':
		return s.set("-w", "destructive", "", false)
	case 'x':
		name, value, given := strings.Cut(o.arg, "=")
		return s.set("-x "+name, name, value, given)
	case 'X':
		return s.set("-X "+o.arg, "stdc", o.arg, true)
	case 'Z':
		s.zdefs = true
	}
	return nil
}

// set sets an option for the command-line option what ("-x name", "-b 4m"),
// failing as dtrace does: "dtrace: failed to set -x name: Invalid option
// name".
func (s *state) set(what, name, value string, given bool) error {
	var err error
	if given {
		err = s.h.SetOption(name, value)
	} else {
		err = s.h.SetOption(name)
	}
	if err != nil {
		return s.errorf(exitError, "failed to set %s: %v", what, err)
	}
	return nil
}

// kind returns the source kind of a program option.
func kind(flag byte) dtrace.SourceKind {
	switch flag {
	case 'n':
		return dtrace.ProbeName
	case 'P':
		return dtrace.ProbeProvider
	case 'm':
		return dtrace.ProbeModule
	case 'f':
		return dtrace.ProbeFunction
	case 'i':
		// dtrace.c compiles -i in the probe-name context, where a
		// description that is a number is a probe id; the front end
		// has a kind of its own for it.
		return dtrace.ProbeID
	}
	return dtrace.Script
}

// macroArgs returns the programs' macro arguments: $0 is the first
// script's name if there is a script and argv[0] otherwise (the compiler
// takes one $0 for all its programs), then the operands, which with -G
// are object files to link, not arguments.
func (s *state) macroArgs(opts []option) []string {
	args := append([]string{s.argv0}, s.operands...)
	if s.mode == modeLink {
		args = args[:1]
	}
	for _, o := range opts {
		if o.c == 's' {
			args[0] = o.arg
			break
		}
	}
	return args
}

// compile compiles every program in command-line order with one compiler,
// stopping at the first error.
func (s *state) compile() error {
	if s.verbose > 0 && s.mode != modeList {
		// What the D library leaves out on this kernel (not under -l,
		// whose -v is about the probes).
		for _, n := range s.h.LibraryNotes() {
			fmt.Fprintf(s.stderr, "%s: library: %s\n", s.pname, n)
		}
	}
	for _, c := range s.cmds {
		src := dtrace.Source{Kind: kind(c.flag), Name: c.arg}
		if c.flag == 's' {
			text, err := s.readScript(c.arg)
			if err != nil {
				return err
			}
			src.Text = text
		} else {
			src.Text = []byte(c.arg)
		}
		prog, err := s.h.Compile(src)
		var ce *dtrace.CompileError
		switch {
		case errors.As(err, &ce) && ce.Script:
			return s.errorf(exitError, "failed to compile script %s: %s", c.arg, ce.Message(s.errtags))
		case errors.As(err, &ce):
			return s.errorf(exitError, "invalid probe specifier %s: %s", c.arg, ce.Message(s.errtags))
		case err != nil:
			return s.errorf(exitError, "failed to compile %s: %v", c.arg, err)
		}
		if prog != nil {
			s.progs = append(s.progs, prog)
		}
		s.cmdProgs = append(s.cmdProgs, prog)
	}
	return nil
}

// maxScript is the most bytes of a script dtrace reads: a D program is
// text, of a few thousand lines at most.
const maxScript = 16 << 20

// errScriptSize is the error of a script of more than maxScript bytes.
var errScriptSize = fmt.Errorf("script is larger than %d MiB", maxScript>>20)

// script returns the text of the -s script path, read once: the "#!"
// line's options and the compiler see the same bytes, even from a pipe or
// a terminal, which give them once. Reading stops at the first NUL byte,
// which the D lexer refuses (a syntax error there, as DTrace reports it
// as its lexer reaches it: /dev/zero gives that error, not a dtrace that
// reads forever), and at maxScript bytes (errScriptSize).
func (s *state) script(path string) ([]byte, error) {
	if text, ok := s.scripts[path]; ok {
		return text, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var text []byte
	buf := make([]byte, 64<<10)
	for {
		n, err := f.Read(buf)
		if i := bytes.IndexByte(buf[:n], 0); i >= 0 {
			text = append(text, buf[:i+1]...)
			break
		}
		text = append(text, buf[:n]...)
		if len(text) > maxScript {
			return nil, errScriptSize
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if s.scripts == nil {
		s.scripts = map[string][]byte{}
	}
	s.scripts[path] = text
	return text, nil
}

// readScript reads a -s script and, with -C, preprocesses it.
func (s *state) readScript(path string) ([]byte, error) {
	text, err := s.script(path)
	var pe *fs.PathError
	switch {
	case errors.As(err, &pe) && pe.Op == "open":
		return nil, s.errorf(exitError, "failed to open %s: %s", path, sink.Strerror(err))
	case errors.Is(err, errScriptSize):
		return nil, s.errorf(exitError, "failed to compile script %s: %v", path, err)
	case err != nil:
		// EDT_FIO: what libdtrace reports when the lexer cannot read.
		return nil, s.errorf(exitError, "failed to compile script %s: %s", path,
			"Error occurred while reading from input stream")
	}
	if !s.cpp && !s.h.BoolOption("cpp") {
		return text, nil
	}
	out, err := s.h.Preprocess(text)
	if err != nil {
		return nil, s.errorf(exitError, "failed to compile script %s: %v", path, err)
	}
	return out, nil
}

// finish does what the mode asks once the programs are compiled.
func (s *state) finish() error {
	switch s.mode {
	case modeAnon:
		return s.errorf(exitError, "-A is not supported yet")
	case modeLink:
		if len(s.cmds) == 0 {
			return s.errorf(exitUsage, "-G requires one or more scripts or enabling options")
		}
		return s.link()
	case modeHeader:
		if len(s.cmds) == 0 {
			return s.errorf(exitUsage, "-h requires one or more scripts or enabling options")
		}
		return s.header()
	case modeList:
		return s.list()
	}

	if s.ofile != "" {
		f, err := os.OpenFile(s.ofile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
		if err != nil {
			return s.errorf(exitError, "failed to open output file '%s': %s", s.ofile, sink.Strerror(err))
		}
		s.output = f
	}
	if s.difv {
		if err := s.showCode(); err != nil {
			return err
		}
	}
	switch {
	case s.grabanon:
		return s.errorf(exitError, "-a is not supported yet")
	case s.done:
		return nil
	case len(s.cmds) == 0 && !s.zdefs:
		return s.errorf(exitError, "no probes specified")
	case !s.zdefs && s.matchedNone():
		// Programs of declarations alone (a provider's .d file run
		// rather than given to -h or -G): dtrace.c's g_total of 0,
		// after each program's "matched 0 probes".
		if !s.h.BoolOption("quiet") {
			for _, c := range s.cmds {
				desc, name := describe(c)
				fmt.Fprintf(s.stderr, "%s: %s '%s' matched 0 probes\n", s.pname, desc, name)
			}
		}
		return s.errorf(exitError, "no probes matched")
	}
	return s.trace()
}
