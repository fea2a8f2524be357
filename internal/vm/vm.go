// Package vm boots throw-away qemu guests that run other kernels than the
// host's, for the tests that need what the host's kernel refuses
// (kprobes, fentry): see ../../../shared/reference/fbt-vm.md for the facts
// this follows.
//
// A guest is the uncompressed vmlinux of a kernel (booted through PVH, so
// that the emulator does not decompress it), an initramfs written here in
// cpio's newc format holding a static Go init (internal/vm/init), the
// program to run and its files, and qemu's TCG emulator with one host
// thread for every virtual CPU (thread=single: multi-threaded TCG
// sometimes runs stale code after the guest kernel patches its text, as
// enabling a probe does). The kernel's console goes to a file, the
// program's output to the second serial port, and its exit status
// through the isa-debug-exit port.
//
// A run is bounded by its command's progress, not by its total time: it
// fails when the command prints no line for a while on a clock that a
// loaded machine slows as it slows the emulator (Guest.Stall). Guests
// take turns on the machine's CPUs, from every process (Slots).
//
// The kernels are fetched by .ci/vm-kernels into Dir.
package vm

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultDir is where .ci/vm-kernels puts the kernels, unless
// DTRACE_VM_DIR says otherwise.
const DefaultDir = "/var/cache/dtrace-go/vm"

// GuestEnv is the environment variable init sets in a guest: the name of
// the kernel it runs.
const GuestEnv = "DTRACE_VM_GUEST"

// Dir returns the directory of the guest kernels: $DTRACE_VM_DIR, else
// DefaultDir.
func Dir() string {
	if d := os.Getenv("DTRACE_VM_DIR"); d != "" {
		return d
	}
	return DefaultDir
}

// Kernel is a kernel a guest can boot.
type Kernel struct {
	Name string // the directory's name under Dir: "6.12", "6.1"
	Path string // its uncompressed vmlinux
}

// ErrNoKernels is returned (wrapped) when Dir holds no kernel.
var ErrNoKernels = errors.New("no guest kernels (fetch them with .ci/vm-kernels)")

// Kernels returns the kernels in Dir (each DIR/NAME/vmlinux), by name.
func Kernels() ([]Kernel, error) {
	dir := Dir()
	ents, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("list guest kernels: %w", err)
	}
	var ks []Kernel
	for _, e := range ents {
		p := filepath.Join(dir, e.Name(), "vmlinux")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			ks = append(ks, Kernel{Name: e.Name(), Path: p})
		}
	}
	if len(ks) == 0 {
		return nil, fmt.Errorf("%s: %w", dir, ErrNoKernels)
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i].Name < ks[j].Name })
	return ks, nil
}

// FindKernel returns the kernel called name.
func FindKernel(name string) (Kernel, error) {
	ks, err := Kernels()
	if err != nil {
		return Kernel{}, err
	}
	var names []string
	for _, k := range ks {
		if k.Name == name {
			return k, nil
		}
		names = append(names, k.Name)
	}
	return Kernel{}, fmt.Errorf("no guest kernel %q in %s (there are %s)", name, Dir(), strings.Join(names, ", "))
}

// Qemu is the emulator's command.
const Qemu = "qemu-system-x86_64"

// Available reports why guests cannot be booted here, or nil.
func Available() error {
	if _, err := exec.LookPath(Qemu); err != nil {
		return fmt.Errorf("%s not found (Debian package qemu-system-x86)", Qemu)
	}
	_, err := Kernels()
	return err
}

// File is a file of a guest's initramfs: a host file's contents, or Data.
type File struct {
	Host string
	Data []byte
	Mode os.FileMode // the permission bits; 0 is 0644, or the host file's
}

// Guest is one run of a program in a guest.
type Guest struct {
	Kernel Kernel
	// Files are the initramfs's files by their path in the guest, besides
	// /init and /vm/run.json. /bin/busybox, when there, installs its
	// applets in /bin at boot.
	Files map[string]File
	// Symlinks are the initramfs's symbolic links, by path.
	Symlinks map[string]string
	// Args is the command, Env its environment (GuestEnv and a PATH are
	// added), Dir its working directory.
	Args []string
	Env  []string
	Dir  string
	// Stall bounds the run by the command's progress (0: DefaultStall):
	// when the command prints no line for Stall on the emulator's clock
	// (the wall time its threads did not spend waiting for a CPU, so that
	// a loaded machine stretches it), boot included, the guest's init is
	// asked to stop the command with SIGQUIT (a Go program prints its
	// goroutines), and the emulator is killed if it has not ended
	// StallGrace later. Nothing bounds the run's total time.
	Stall time.Duration
	// Stdout receives the command's output (its standard output and
	// error), as it comes.
	Stdout io.Writer
	// Memory is the guest's memory ("1024M" when empty); CPUs its virtual
	// CPUs (2 when 0).
	Memory string
	CPUs   int
	// Disk, when not 0, is the size in bytes of an empty disk the guest
	// sees as an NVMe drive (/dev/nvme0n1 where the kernel has the
	// driver built in), for tests of block I/O.
	Disk int64
}

// Error is a guest run that did not end with the command's exit status
// (the kernel panicked, qemu failed), or that stalled (Guest.Stall).
type Error struct {
	Kernel string
	Reason string
	// KernelLog is the end of the kernel's console.
	KernelLog string
}

func (e *Error) Error() string {
	s := "guest " + e.Kernel + ": " + e.Reason
	if e.KernelLog != "" {
		s += "\nend of the kernel's log:\n" + e.KernelLog
	}
	return s
}

var initOnce struct {
	sync.Mutex
	path string
}

// Init returns the path of the guest's init, built (CGO_ENABLED=0) once
// per process with the go command, from the module's source.
func Init() (string, error) {
	initOnce.Lock()
	defer initOnce.Unlock()
	if initOnce.path != "" {
		return initOnce.path, nil
	}
	dir, err := os.MkdirTemp("", "dtrace-vm-init")
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, "init")
	if err := BuildStatic("github.com/dtrace-go/dtrace/internal/vm/init", p); err != nil {
		return "", err
	}
	initOnce.path = p
	return p, nil
}

// BuildStatic builds the command of package pkg into out with the go
// command, without cgo, so that it runs in a guest without a C library.
func BuildStatic(pkg, out string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = moduleDir()
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build %s: %v\n%s", pkg, err, msg)
	}
	return nil
}

// moduleDir returns the module's root directory, from where this source
// file was compiled, or "" (the working directory) when that is unknown.
func moduleDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	dir := filepath.Join(filepath.Dir(file), "..", "..")
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return ""
	}
	return dir
}

// guestConfig is /vm/run.json (see internal/vm/init).
type guestConfig struct {
	Args []string
	Env  []string
	Dir  string
}

// DefaultStall is a guest's Stall unless it says otherwise: many times
// what the slowest step of the guest tests here takes between two lines
// of their output on an idle machine.
const DefaultStall = 5 * time.Minute

// StallGrace is how long, on the emulator's clock, a stalled guest has to
// print its command's goroutines and power off before it is killed.
const StallGrace = time.Minute

// Quit is the byte the host sends to the guest's init, on the serial port
// of the command's output, to have it stop the command with SIGQUIT.
const Quit = 'q'

// Result is how a guest run ended and what it took.
type Result struct {
	// Status is the command's exit status.
	Status int
	// Wall is the run's wall time, Waited how much of it the emulator
	// spent waiting for a CPU (see Guest.Stall), and Slot how long it
	// waited for a slot beforehand (see Slots).
	Wall, Waited, Slot time.Duration
	// Silence is the longest stretch, on the emulator's clock, in which
	// the command printed no line (from the boot to its first line, from
	// each line to the next, from its last line to its end).
	Silence time.Duration
}

// Run boots the guest, runs the command and returns its exit status,
// once a slot is free (Slots). The error is an *Error when the guest did
// not report one, or stalled (Stall); the Result's times are set either
// way.
func (g *Guest) Run(ctx context.Context) (Result, error) {
	res := Result{Status: -1}
	if err := Available(); err != nil {
		return res, err
	}
	stall := g.Stall
	if stall <= 0 {
		stall = DefaultStall
	}
	work, err := os.MkdirTemp("", "dtrace-vm")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(work)
	initrd := filepath.Join(work, "initrd.cpio")
	if err := g.writeInitrd(initrd); err != nil {
		return res, err
	}
	klog := filepath.Join(work, "kernel.log")
	mem := g.Memory
	if mem == "" {
		mem = "1024M"
	}
	cpus := g.CPUs
	if cpus <= 0 {
		cpus = 2
	}
	// no_timer_check: the kernel's check that the IO-APIC routes the
	// timer's interrupt fails when the emulator runs slowly (a loaded
	// host), and the kernel panics ("IO-APIC + timer doesn't work!").
	cmd := exec.Command(Qemu,
		"-accel", "tcg,thread=single", "-M", "pc", "-nodefaults", "-no-reboot",
		"-display", "none", "-m", mem, "-smp", strconv.Itoa(cpus),
		"-kernel", g.Kernel.Path, "-initrd", initrd,
		"-append", "console=ttyS0 panic=-1 quiet no_timer_check",
		"-serial", "file:"+klog, "-serial", "stdio",
		"-device", "isa-debug-exit,iobase=0xf4,iosize=0x01")
	if g.Disk > 0 {
		img := filepath.Join(work, "disk.img")
		f, err := os.Create(img)
		if err == nil {
			err = f.Truncate(g.Disk)
			f.Close()
		}
		if err != nil {
			return res, fmt.Errorf("make the guest's disk: %w", err)
		}
		cmd.Args = append(cmd.Args, "-drive", "file="+img+",if=none,format=raw,id=disk0",
			"-device", "nvme,drive=disk0,serial=dtrace0")
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// The serial port's input: Quit, when the command stalls.
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return res, err
	}
	defer stdin.Close()
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return res, err
	}
	waitStart := time.Now()
	release, err := acquireSlot(ctx, SlotDir(), Slots())
	if err != nil {
		return res, err
	}
	defer release()
	res.Slot = time.Since(waitStart)
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return res, fmt.Errorf("start %s: %w", Qemu, err)
	}
	clock := newRunClock(cmd.Process.Pid, start)
	out := g.Stdout
	if out == nil {
		out = io.Discard
	}
	// The reader sends a value on lines for each line of output, and
	// closes done at the end of it.
	lines := make(chan struct{}, 1)
	done := make(chan struct{})
	reported := -1
	go func() {
		defer close(done)
		br := bufio.NewReader(pipe)
		for {
			line, err := br.ReadBytes('\n')
			if err == nil {
				select {
				case lines <- struct{}{}:
				default:
				}
			}
			if s, ok := bytes.CutPrefix(line, []byte("EXIT ")); ok && err == nil {
				if n, err := strconv.Atoi(string(bytes.TrimSpace(s))); err == nil {
					reported = n
					continue
				}
			}
			out.Write(bytes.ReplaceAll(line, []byte("\r\n"), []byte("\n")))
			if err != nil {
				return
			}
		}
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var (
		last     time.Duration // the clock at the last line
		quitAt   time.Duration // the clock when Quit was sent, when it was
		stalled  bool
		canceled error
	)
	ctxDone := ctx.Done()
	silence := func(now time.Duration) { res.Silence = max(res.Silence, now-last) }
wait:
	for {
		select {
		case <-done:
			break wait
		case <-lines:
			now := clock.time()
			silence(now)
			last = now
		case <-ctxDone:
			canceled, ctxDone = ctx.Err(), nil
			cmd.Process.Kill()
		case <-tick.C:
			now := clock.time()
			switch {
			case !stalled && now-last > stall:
				stalled, quitAt = true, now
				silence(now)
				stdin.Write([]byte{Quit})
			case stalled && now-quitAt > StallGrace:
				cmd.Process.Kill()
			}
		}
	}
	werr := cmd.Wait()
	res.Wall, res.Waited = clock.now()
	if !stalled {
		silence(res.Wall - res.Waited)
	}
	fail := func(reason string) (Result, error) {
		return res, &Error{Kernel: g.Kernel.Name, Reason: reason, KernelLog: tail(klog, 40)}
	}
	switch {
	case canceled != nil:
		return fail(canceled.Error())
	case stalled:
		return fail(fmt.Sprintf("the command printed nothing for %v of the emulator's clock (%v of wall time, %v of the run waiting for a CPU)",
			stall, res.Wall.Round(time.Second), res.Waited.Round(time.Second)))
	}
	if reported >= 0 {
		res.Status = reported
		return res, nil
	}
	var ee *exec.ExitError
	if errors.As(werr, &ee) && ee.ExitCode()&1 == 1 {
		// isa-debug-exit: qemu exits with 2*status+1.
		res.Status = ee.ExitCode() >> 1
		return res, nil
	}
	reason := "the guest stopped without reporting an exit status"
	if werr != nil {
		reason = fmt.Sprintf("%s: %v %s", Qemu, werr, strings.TrimSpace(stderr.String()))
	}
	return fail(reason)
}

// writeInitrd writes the guest's initramfs to path.
func (g *Guest) writeInitrd(path string) error {
	initPath, err := Init()
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	bw := bufio.NewWriterSize(f, 1<<20)
	c := newCpio(bw)
	add := func(guest string, file File) error {
		data, mode := file.Data, file.Mode
		if file.Host != "" {
			st, err := os.Stat(file.Host)
			if err != nil {
				return err
			}
			if data, err = os.ReadFile(file.Host); err != nil {
				return err
			}
			if mode == 0 {
				mode = st.Mode().Perm()
			}
		}
		if mode == 0 {
			mode = 0o644
		}
		c.file(guest, uint32(mode.Perm()), data)
		return nil
	}
	if err := add("/init", File{Host: initPath, Mode: 0o755}); err != nil {
		return err
	}
	env := append([]string{"PATH=/bin:/sbin:/usr/bin:/usr/sbin", "HOME=/tmp", "TMPDIR=/tmp", GuestEnv + "=" + g.Kernel.Name}, g.Env...)
	cfg := mustJSON(guestConfig{Args: g.Args, Env: env, Dir: g.Dir})
	c.file("/vm/run.json", 0o644, cfg)
	for _, p := range sortedKeys(g.Files) {
		if err := add(p, g.Files[p]); err != nil {
			return fmt.Errorf("initramfs file %s: %w", p, err)
		}
	}
	for _, p := range sortedKeys(g.Symlinks) {
		c.symlink(p, g.Symlinks[p])
	}
	for _, d := range []string{"/proc", "/sys", "/dev", "/tmp", "/bin", g.Dir} {
		c.mkdirAll(d)
	}
	if err := c.close(); err != nil {
		return err
	}
	return bw.Flush()
}

// tail returns the last n lines of the file at path.
func tail(path string, n int) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
