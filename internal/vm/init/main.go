//go:build linux

// Command init is PID 1 of the guests package vm boots: it mounts the file
// systems a tracing program needs (proc, sysfs, devtmpfs, tmpfs on /tmp,
// tracefs, debugfs, bpffs), installs busybox's applets when the initramfs
// carries /bin/busybox, runs the command of /vm/run.json with its output on
// the second serial port, prints "EXIT n" there once the output is
// drained, and powers the machine off through qemu's isa-debug-exit port
// with the command's exit status (qemu then exits with 2n+1), or through
// ACPI when the port is missing. A byte read from that port (the host
// sends one when the command has stalled) sends SIGQUIT to the command's
// process group: a Go program prints its goroutines and exits.
//
// Build it with CGO_ENABLED=0: the guest has no C library.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// config is /vm/run.json, written by package vm.
type config struct {
	Args []string
	Env  []string
	Dir  string
}

func main() {
	out := console()
	status := run(out)
	out.finish(status)
	powerOff(status)
}

// run mounts, reads the configuration and runs the command, returning its
// exit status (125 when init itself failed).
func run(out *serial) int {
	for _, m := range []struct{ src, dir, fstype string }{
		{"proc", "/proc", "proc"},
		{"sysfs", "/sys", "sysfs"},
		{"devtmpfs", "/dev", "devtmpfs"},
		{"tmpfs", "/tmp", "tmpfs"},
		{"tracefs", "/sys/kernel/tracing", "tracefs"},
		{"debugfs", "/sys/kernel/debug", "debugfs"},
		{"bpffs", "/sys/fs/bpf", "bpf"},
	} {
		os.MkdirAll(m.dir, 0o755)
		if err := unix.Mount(m.src, m.dir, m.fstype, 0, ""); err != nil && !errors.Is(err, unix.EBUSY) {
			fmt.Fprintf(out, "init: mount %s on %s: %v\n", m.fstype, m.dir, err)
		}
	}
	unix.Setrlimit(unix.RLIMIT_MEMLOCK, &unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY})
	if _, err := os.Stat("/bin/busybox"); err == nil {
		if err := exec.Command("/bin/busybox", "--install", "-s", "/bin").Run(); err != nil {
			fmt.Fprintf(out, "init: busybox --install: %v\n", err)
		}
	}
	data, err := os.ReadFile("/vm/run.json")
	if err != nil {
		fmt.Fprintf(out, "init: %v\n", err)
		return 125
	}
	var cfg config
	if err := json.Unmarshal(data, &cfg); err != nil || len(cfg.Args) == 0 {
		fmt.Fprintf(out, "init: bad /vm/run.json: %v\n", err)
		return 125
	}
	cmd := exec.Command(cfg.Args[0], cfg.Args[1:]...)
	cmd.Env = cfg.Env
	cmd.Dir = cfg.Dir
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(out, "init: %v\n", err)
		return 125
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-out.quit:
		fmt.Fprintf(out, "init: the host saw no progress: SIGQUIT to the command\n")
		syscall.Kill(-cmd.Process.Pid, syscall.SIGQUIT) // a Go test prints its goroutines
		err = <-done
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	fmt.Fprintf(out, "init: %v\n", err)
	return 125
}

// serial is the second serial port, raw (no \r added to \n, input
// neither echoed nor edited), remembering whether the last byte written
// ended a line. quit is closed when a byte is read from it.
type serial struct {
	f       *os.File
	midLine bool
	quit    chan struct{}
}

func console() *serial {
	os.MkdirAll("/dev", 0o755)
	unix.Mount("devtmpfs", "/dev", "devtmpfs", 0, "")
	s := &serial{quit: make(chan struct{})}
	f, err := os.OpenFile("/dev/ttyS1", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		// No second port: the kernel's console is all there is.
		s.f = os.Stdout
		return s
	}
	s.f = f
	if t, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS); err == nil {
		t.Oflag &^= unix.OPOST
		t.Iflag &^= unix.ICRNL | unix.INLCR | unix.IGNCR | unix.IXON | unix.ISTRIP | unix.BRKINT
		t.Lflag &^= unix.ICANON | unix.ECHO | unix.ECHOE | unix.ECHOK | unix.ECHONL | unix.ISIG | unix.IEXTEN
		t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 1, 0
		unix.IoctlSetTermios(int(f.Fd()), unix.TCSETS, t)
	}
	go func() {
		var b [1]byte
		if n, _ := f.Read(b[:]); n > 0 {
			close(s.quit)
		}
	}()
	return s
}

func (s *serial) Write(p []byte) (int, error) {
	if len(p) > 0 {
		s.midLine = p[len(p)-1] != '\n'
	}
	return s.f.Write(p)
}

// finish prints the exit status on a line of its own and waits until the
// port has sent everything (tcdrain).
func (s *serial) finish(status int) {
	if s.midLine {
		s.f.Write([]byte("\n"))
	}
	fmt.Fprintf(s.f, "EXIT %d\n", status)
	unix.IoctlSetInt(int(s.f.Fd()), unix.TCSBRK, 1)
	s.f.Sync()
}

// debugExitPort is the I/O port of qemu's isa-debug-exit device.
const debugExitPort = 0xf4

func powerOff(status int) {
	unix.Sync()
	if status < 0 || status > 127 {
		status = 127
	}
	exitPort(debugExitPort, uint8(status))
	unix.Reboot(unix.LINUX_REBOOT_CMD_POWER_OFF)
	for {
		time.Sleep(time.Hour)
	}
}
