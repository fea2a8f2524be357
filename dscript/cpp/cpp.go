// Package cpp runs the C preprocessor over a D script, as dtrace -C does
// (libdtrace's dt_preproc).
//
// The preprocessor is run the way DTrace runs it: with DTrace's predefined
// macros, the -D, -U, -I and -H arguments in command-line order, and without
// -P, so its output keeps "#pragma" lines and carries "# N "file"" line
// markers that the D parser follows to report errors at the user's line.
//
// The script is given to cpp on its standard input under the name
// "/dev/fd/0", as illumos does (it names the script's descriptor): a marker
// whose file begins with "/dev/fd/" refers to the script itself, any other
// to an included file (dt_pragma.c, dt_pragma_line).
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package cpp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
)

// DefaultPath is the preprocessor run unless -x cpppath names another.
const DefaultPath = "/usr/bin/cpp"

// Input is the name under which cpp reads the script.
const Input = "/dev/fd/0"

// Errors of Preprocess; their text is libdtrace's message (dt_error.c),
// which dtrace prints after "failed to compile script FILE: ".
var (
	ErrFork     = errors.New("Failed to fork preprocessor")
	ErrExec     = errors.New("Failed to exec preprocessor")
	ErrNotFound = errors.New("Preprocessor not found")
	ErrFailed   = errors.New("Preprocessor failed to process input program")
)

// Error is a failure to preprocess: Err is one of the errors above and Cause,
// when known, what went wrong underneath. Its text is Err's.
type Error struct {
	Err   error
	Cause error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}

// Config says how to run the preprocessor.
type Config struct {
	// Path is the preprocessor (-x cpppath); empty means DefaultPath. A
	// name without a slash is looked up in $PATH, as execvp does.
	Path string
	// Args are the user's arguments in command-line order: "-Dname=def"
	// (-D, -x define), "-Uname" (-U, -x undef), "-Idir" (-I, -x incdir),
	// "-H" (-H, -x cpphdrs) and the words of -x cppargs.
	Args []string
	// Stdc is the -X mode: 'a', 'c', 's' or 't'; 0 means 'a', the default.
	Stdc byte
	// Version is the D version in force, given as __SUNW_D_VERSION.
	Version uint32
	// ILP32 is set by -32: the program is compiled for a 32-bit data model.
	ILP32 bool
	// Stderr receives cpp's own diagnostics (and -H's list of headers).
	// Nil means os.Stderr.
	Stderr io.Writer
}

// Argv returns the command Preprocess runs: argv[0] is the preprocessor's
// base name.
func (c *Config) Argv() []string {
	path := c.Path
	if path == "" {
		path = DefaultPath
	}
	// The predefined macros are Oracle Linux DTrace's (dt_open.c), as GNU
	// cpp is what a Linux user runs: illumos's __sun and __SunOS_5.11
	// become __linux and __Linux. GNU cpp itself adds __linux__,
	// __x86_64__, __amd64, _LP64, __STDC__ and the like.
	argv := []string{filepath.Base(path),
		"-D__linux",
		"-D__unix",
		"-D__SVR4",
		"-D__SUNW_D=1",
		"-U__GNUC__",
		"-D__SUNW_D_64", // sizeof (void *) of dtrace itself, as in DTrace
		"-D__Linux",
	}
	argv = append(argv, c.Args...)
	argv = append(argv, fmt.Sprintf("-D__SUNW_D_VERSION=0x%08x", c.Version))
	// illumos passes Sun cpp's -Xa/-Xc/-Xs/-Xt; GNU cpp has no such modes.
	// Oracle's port maps a, c and t to -std=c99 and s to
	// -traditional-cpp, which is what we do.
	switch c.Stdc {
	case 's':
		argv = append(argv, "-traditional-cpp")
	default:
		argv = append(argv, "-std=c99")
	}
	return append(argv, Input)
}

// Preprocess runs the preprocessor over a script's text and returns its
// output. If the script begins with a "#!" line, cpp is started just before
// the newline ending it, so that it does not choke on it and line numbers
// stay right.
func Preprocess(c Config, text []byte) ([]byte, error) {
	path := c.Path
	if path == "" {
		path = DefaultPath
	}
	argv := c.Argv()
	cmd := exec.Command(path, argv[1:]...)
	cmd.Args[0] = argv[0]
	cmd.Stdin = bytes.NewReader(SkipInterpreter(text))
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = c.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}

	// The preprocessor dies with its parent, and everything it started
	// (cc1, which the cpp driver runs) dies with it: a dtrace killed
	// while cpp runs (on a large script, a macro that keeps expanding,
	// or an #include of a FIFO nobody writes) leaves nothing behind.
	// cpp runs as the first process of a PID namespace of its own, whose
	// processes the kernel kills when it ends, and receives SIGKILL when
	// the thread that started it ends, which stays this goroutine's
	// until cpp has been waited for. Where namespaces cannot be made (no
	// privilege, no user namespaces), cpp leads a process group of its
	// own and only cpp itself dies with dtrace.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	err := startIsolated(cmd)
	if err != nil {
		// execvp's ENOENT is exit status 127 in dt_preproc, EDT_CPPENT;
		// any other exec failure is 126, EDT_CPPEXEC.
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) {
			return nil, &Error{Err: ErrNotFound, Cause: err}
		}
		return nil, &Error{Err: ErrExec, Cause: err}
	}
	if err := cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			switch ee.ExitCode() {
			case 126:
				return nil, &Error{Err: ErrExec, Cause: err}
			case 127:
				return nil, &Error{Err: ErrNotFound, Cause: err}
			}
		}
		return nil, &Error{Err: ErrFailed, Cause: err}
	}
	return out.Bytes(), nil
}

// SkipInterpreter returns text with the contents of a first "#!" line
// removed and its newline kept.
func SkipInterpreter(text []byte) []byte {
	if !bytes.HasPrefix(text, []byte("#!")) {
		return text
	}
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		return text[i:]
	}
	return nil
}

// startIsolated starts cmd in a PID namespace of its own (a user namespace
// too, for a user who may not make one alone), with SIGKILL as its
// parent-death signal; failing that, in a process group of its own.
func startIsolated(cmd *exec.Cmd) error {
	ns := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Cloneflags: syscall.CLONE_NEWPID}
	if os.Geteuid() != 0 {
		ns.Cloneflags |= syscall.CLONE_NEWUSER
		ns.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getuid(), HostID: os.Getuid(), Size: 1}}
		ns.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getgid(), HostID: os.Getgid(), Size: 1}}
	}
	cmd.SysProcAttr = ns
	err := cmd.Start()
	var errno syscall.Errno
	if err == nil || !errors.As(err, &errno) || (errno != syscall.EPERM && errno != syscall.EINVAL && errno != syscall.ENOSPC && errno != syscall.EUSERS) {
		return err
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
	return cmd.Start()
}
