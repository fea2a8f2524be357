package session

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/sink"
)

// A Proc is a process a run traces: one dtrace created (-c), held stopped
// until the probes are enabled, or one it grabbed (-p). Tracing ends once
// every Proc of a run has exited.
//
// A created process is started under ptrace: the kernel stops it as its
// exec completes, dtrace runs it to its entry point (the dynamic loader
// has then mapped its libraries, so that their probes can be named), and
// Continue detaches it (no instruction of the command's own runs
// untraced; no helper binary is needed). Should dtrace die, even by SIGKILL, the kernel kills it
// (PTRACE_O_EXITKILL before Continue, the parent-death signal after), as
// DTrace's created processes die with it. A grabbed process is watched
// through a pidfd and never stopped.
//
// What the command sees of it (none changes what its own code computes):
// dtrace is its parent, as with DTrace; it is traced (TracerPid) while the
// dynamic linker and the constructors of its libraries run, before its
// entry point, and not after; the breakpoint at its entry point is gone
// before it runs there, the signal of the exec's stop and of the
// breakpoint are not delivered, the others are (but a SIGSTOP before the
// entry point does not stop it: the tracee's group-stop cannot be kept
// while it runs on to the entry point); its parent-death signal is
// SIGKILL (prctl(PR_GET_PDEATHSIG) says so); its environment, files,
// signal mask and dispositions and limits are dtrace's as a shell's
// command would have them.
type Proc struct {
	pid     int
	created bool

	// created: requests to the goroutine that traces the process (on the
	// thread that forked it, as ptrace wants) and its replies.
	ctl   chan bool // true: let it run; false: kill it
	reply chan error

	// grabbed: the pidfd, and the pipe whose closing stops the watcher.
	pidfd int
	quit  *os.File

	exited   chan struct{} // closed once the process has exited
	status   unix.WaitStatus
	haveWait bool // status is the process's wait status (created only)

	mu        sync.Mutex
	continued bool
	released  bool
	reported  bool // its exit has been noticed
}

// Pid returns the process's id.
func (p *Proc) Pid() int { return p.pid }

// Created reports whether dtrace created the process (-c).
func (p *Proc) Created() bool { return p.created }

// Exited returns a channel closed once the process has exited.
func (p *Proc) Exited() <-chan struct{} { return p.exited }

// ProcError is a failure to create or grab a process, worded as libdtrace
// words it ("failed to execute CMD: cannot find executable file", "failed
// to grab pid N: no such process").
type ProcError struct {
	Msg string
	Err error
}

func (e *ProcError) Error() string { return e.Msg }

func (e *ProcError) Unwrap() error { return e.Err }

// SplitCommand splits a -c operand into words as dtrace's make_argv does:
// at blanks, with no quoting; an operand of blanks only is one word.
func SplitCommand(cmd string) []string {
	argv := strings.FieldsFunc(cmd, func(r rune) bool { return strings.ContainsRune("\f\n\r\t\v ", r) })
	if len(argv) == 0 {
		argv = []string{cmd}
	}
	return argv
}

// CreateProc starts the command cmd (a -c operand, split by SplitCommand
// and looked up in PATH) stopped at its entry point (AT_ENTRY: the
// executable's first instruction, the dynamic loader having mapped and
// relocated the libraries, which it loads before), with dtrace's
// standard input, output and error. It runs once Continue is called; it is
// killed by Release if it is still running then.
func CreateProc(cmd string) (*Proc, error) {
	argv := SplitCommand(cmd)
	fail := func(what string, err error) (*Proc, error) {
		return nil, &ProcError{Msg: fmt.Sprintf("failed to execute %s: %s", argv[0], what), Err: err}
	}
	path, err := exec.LookPath(argv[0])
	if err != nil && !errors.Is(err, exec.ErrDot) {
		return fail(createError(err), err)
	}
	if path == "" {
		path = argv[0]
	}
	p := &Proc{created: true, pidfd: -1, ctl: make(chan bool), reply: make(chan error), exited: make(chan struct{})}
	started := make(chan error)
	go p.tracer(path, argv, started)
	if err := <-started; err != nil {
		return fail(createError(err), err)
	}
	return p, nil
}

// createError is libproc's Pcreate_error text for a failed exec.
func createError(err error) string {
	switch {
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		return "cannot find executable file"
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.ENOEXEC), errors.Is(err, syscall.EISDIR):
		return "cannot execute file"
	}
	return "unanticipated system error"
}

// tracer forks and executes the command as a tracee and waits for its stop
// at exec, then for Continue or Release. ptrace requests must all come
// from the thread that became the tracer, so the goroutine keeps it; the
// thread ends with the goroutine.
func (p *Proc) tracer(path string, argv []string, started chan<- error) {
	runtime.LockOSThread()
	pid, err := syscall.ForkExec(path, argv, &syscall.ProcAttr{
		Env:   os.Environ(),
		Files: []uintptr{0, 1, 2},
		// Killed with dtrace, as DTrace's created processes are (kill on
		// last close): the parent that matters is this thread, which
		// lives until the process has been reaped.
		Sys: &syscall.SysProcAttr{Ptrace: true, Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		started <- err
		return
	}
	p.pid = pid
	ws, err := wait(pid)
	switch {
	case err != nil:
		started <- fmt.Errorf("wait for pid %d: %w", pid, err)
		return
	case ws.Exited() || ws.Signaled():
		started <- fmt.Errorf("pid %d ended before it could be traced", pid)
		return
	}
	// Killed, not left running, if dtrace dies before Continue.
	if err := unix.PtraceSetOptions(pid, unix.PTRACE_O_EXITKILL); err != nil {
		unix.Kill(pid, unix.SIGKILL)
		p.reap()
		started <- fmt.Errorf("set ptrace options of pid %d: %w", pid, err)
		return
	}
	// On to the entry point: the dynamic loader has then mapped the
	// libraries, whose probes the programs may name.
	if err := runToEntry(pid); err != nil {
		unix.Kill(pid, unix.SIGKILL)
		p.reap()
		started <- err
		return
	}
	started <- nil
	if run := <-p.ctl; run {
		err := unix.PtraceDetach(pid)
		if err != nil {
			unix.Kill(pid, unix.SIGKILL)
			err = fmt.Errorf("continue pid %d: %w", pid, err)
		}
		p.reply <- err
	} else {
		unix.Kill(pid, unix.SIGKILL)
	}
	p.reap()
}

// wait waits for a change of state of pid (a stop or its end), again
// when interrupted.
func wait(pid int) (unix.WaitStatus, error) {
	var ws unix.WaitStatus
	for {
		_, err := unix.Wait4(pid, &ws, unix.WALL, nil)
		if err != unix.EINTR {
			return ws, err
		}
	}
}

// reap waits for the created process to exit and keeps its status.
func (p *Proc) reap() {
	for {
		ws, err := wait(p.pid)
		if err == nil && !ws.Exited() && !ws.Signaled() {
			continue // a stop: not the end
		}
		p.status, p.haveWait = ws, err == nil
		break
	}
	close(p.exited)
}

// GrabProc grabs the running process pid (-p): its exit ends tracing. It
// fails as libproc's Pgrab does for dtrace itself, a kernel thread, a
// zombie and a process that does not exist.
func GrabProc(pid int) (*Proc, error) {
	fail := func(what string, err error) (*Proc, error) {
		return nil, &ProcError{Msg: fmt.Sprintf("failed to grab pid %d: %s", pid, what), Err: err}
	}
	if pid == os.Getpid() {
		return fail("attempt to grab self", nil)
	}
	if pid <= 0 {
		return fail("no such process", syscall.ESRCH)
	}
	state, flags, err := procStat(pid)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fail("no such process", syscall.ESRCH)
	case err != nil:
		return fail("unanticipated system error", err)
	case state == 'Z' || state == 'X':
		return fail("zombie process", nil)
	case flags&pfKthread != 0:
		return fail("system process", nil)
	}
	fd, err := unix.PidfdOpen(pid, 0)
	if errors.Is(err, unix.ESRCH) {
		return fail("no such process", err)
	}
	if err != nil {
		return fail("unanticipated system error", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		unix.Close(fd)
		return fail("unanticipated system error", err)
	}
	p := &Proc{pid: pid, pidfd: fd, quit: w, exited: make(chan struct{})}
	go p.watch(r)
	return p, nil
}

// pfKthread is the kernel's PF_KTHREAD task flag.
const pfKthread = 0x00200000

// procStat returns the state letter and the flags of /proc/PID/stat.
func procStat(pid int) (byte, uint64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, err
	}
	// "pid (comm) S ppid pgrp session tty_nr tpgid flags ...": comm may
	// hold blanks and parentheses, so fields count from its last ')'.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, 0, fmt.Errorf("read /proc/%d/stat: no command name", pid)
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 7 {
		return 0, 0, fmt.Errorf("read /proc/%d/stat: %d fields", pid, len(f))
	}
	flags, _ := strconv.ParseUint(f[6], 10, 64)
	return f[0][0], flags, nil
}

// watch waits for the grabbed process to exit (its pidfd becomes readable)
// or for Release (the quit pipe's writer closes).
func (p *Proc) watch(quit *os.File) {
	defer quit.Close()
	fds := []unix.PollFd{{Fd: int32(p.pidfd), Events: unix.POLLIN}, {Fd: int32(quit.Fd()), Events: unix.POLLIN}}
	for {
		_, err := unix.Poll(fds, -1)
		if err == unix.EINTR {
			continue
		}
		if err == nil && fds[0].Revents == 0 && fds[1].Revents == 0 {
			continue
		}
		if err != nil || fds[0].Revents != 0 {
			// A pidfd that cannot be polled any more has no process.
			close(p.exited)
		}
		return
	}
}

// Continue lets a created process run; it does nothing for a grabbed one
// or after the first call.
func (p *Proc) Continue() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.created || p.continued || p.released {
		return nil
	}
	p.continued = true
	p.ctl <- true
	return <-p.reply
}

// Release ends dtrace's hold on the process: a created process still
// running is killed (DTrace's created processes do not outlive it) and
// reaped; a grabbed one is left alone. Release may be called more than
// once.
func (p *Proc) Release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.released {
		return
	}
	p.released = true
	if !p.created {
		p.quit.Close()
		unix.Close(p.pidfd)
		return
	}
	if !p.continued {
		p.ctl <- false
	} else {
		select {
		case <-p.exited:
		default:
			unix.Kill(p.pid, unix.SIGKILL)
		}
	}
	<-p.exited
}

// exitNotice is what dtrace says once the process has exited (its
// prochandler): how a created process ended, "has exited" otherwise.
func (p *Proc) exitNotice() string {
	switch {
	case p.haveWait && p.status.Signaled():
		name := unix.SignalName(p.status.Signal())
		if name == "" {
			name = "SIG#" + strconv.Itoa(int(p.status.Signal()))
		}
		return fmt.Sprintf("pid %d terminated by %s", p.pid, name)
	case p.haveWait && p.status.ExitStatus() != 0:
		return fmt.Sprintf("pid %d exited with status %d", p.pid, p.status.ExitStatus())
	}
	return fmt.Sprintf("pid %d has exited", p.pid)
}

// startProcs lets the run's created processes run, once its probes are
// enabled, and makes rd stop once every process has exited. The returned
// function ends the watch; it must be called before rd is closed.
func (r *run) startProcs(rd *bpf.Reader) (func(), error) {
	procs := r.cfg.Procs
	if len(procs) == 0 {
		return func() {}, nil
	}
	for _, p := range procs {
		if err := p.Continue(); err != nil {
			return nil, err
		}
	}
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, p := range procs {
			select {
			case <-p.Exited():
			case <-quit:
				return
			}
		}
		rd.Stop()
	}()
	return func() {
		close(quit)
		<-done
	}, nil
}

// procNotices notifies "pid N has exited" (or how it ended) for
// each process that has exited since the last call.
func (r *run) procNotices() {
	for _, p := range r.cfg.Procs {
		if p.reported {
			continue
		}
		select {
		case <-p.Exited():
			p.reported = true
			r.cfg.Notify(sink.Notice{Kind: sink.NoticeExited, PID: p.pid, Message: p.exitNotice()})
		default:
		}
	}
}

// atEntry is the auxiliary vector's AT_ENTRY: the program's entry point.
const atEntry = 9

// runToEntry runs the tracee pid, stopped after its exec, to its entry
// point (read from /proc/PID/auxv): a breakpoint there, the tracee
// continued until it hits it, the instruction restored and the
// instruction pointer set back. Signals the tracee receives meanwhile are
// delivered. An error says it ended first (a library it needs missing).
func runToEntry(pid int) error {
	auxv, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/auxv")
	if err != nil {
		return fmt.Errorf("read the auxiliary vector of pid %d: %w", pid, err)
	}
	var entry uint64
	for b := auxv; len(b) >= 16; b = b[16:] {
		if binary.LittleEndian.Uint64(b) == atEntry {
			entry = binary.LittleEndian.Uint64(b[8:])
			break
		}
	}
	if entry == 0 {
		return fmt.Errorf("pid %d has no entry point in its auxiliary vector", pid)
	}
	var orig [8]byte
	if _, err := unix.PtracePeekData(pid, uintptr(entry), orig[:]); err != nil {
		return fmt.Errorf("read pid %d at its entry point: %w", pid, err)
	}
	trap := orig
	trap[0] = 0xcc // int3
	if _, err := unix.PtracePokeData(pid, uintptr(entry), trap[:]); err != nil {
		return fmt.Errorf("set a breakpoint at the entry point of pid %d: %w", pid, err)
	}
	sig := 0
	for {
		if err := unix.PtraceCont(pid, sig); err != nil {
			return fmt.Errorf("run pid %d to its entry point: %w", pid, err)
		}
		ws, err := wait(pid)
		switch {
		case err != nil:
			return fmt.Errorf("wait for pid %d: %w", pid, err)
		case ws.Exited() || ws.Signaled():
			return fmt.Errorf("pid %d ended before its entry point", pid)
		case !ws.Stopped():
			sig = 0
			continue
		}
		sig = int(ws.StopSignal())
		if ws.StopSignal() != unix.SIGTRAP {
			continue // delivered as it continues
		}
		var regs unix.PtraceRegs
		if err := unix.PtraceGetRegs(pid, &regs); err != nil {
			return fmt.Errorf("read the registers of pid %d: %w", pid, err)
		}
		if regs.PC() != entry+1 {
			continue
		}
		if _, err := unix.PtracePokeData(pid, uintptr(entry), orig[:]); err != nil {
			return fmt.Errorf("clear the breakpoint of pid %d: %w", pid, err)
		}
		regs.SetPC(entry)
		if err := unix.PtraceSetRegs(pid, &regs); err != nil {
			return fmt.Errorf("set the registers of pid %d: %w", pid, err)
		}
		return nil
	}
}
