package bpf

import (
	"errors"
	"fmt"
	"io"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

// Sampling says how often a cpu-clock sampling event fires.
type Sampling struct {
	// Frequency is the rate in Hz (DTrace's profile-997). It wins over
	// Period when both are set.
	Frequency uint64
	// Period is the time between two firings (DTrace's tick-1s).
	Period time.Duration
}

func (s Sampling) attr() (unix.PerfEventAttr, error) {
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_SOFTWARE,
		Config: unix.PERF_COUNT_SW_CPU_CLOCK,
		Bits:   unix.PerfBitDisabled,
	}
	attr.Size = uint32(unsafe.Sizeof(attr))
	switch {
	case s.Frequency > 0:
		attr.Sample = s.Frequency
		attr.Bits |= unix.PerfBitFreq
	case s.Period > 0:
		attr.Sample = uint64(s.Period.Nanoseconds())
	default:
		return attr, errors.New("sampling needs a frequency or a period")
	}
	return attr, nil
}

// AttachCPUClock attaches prog, of type ebpf.PerfEvent, to a software
// cpu-clock event on every online CPU, which fires at the given rate
// whether the CPU runs a task or idles. Closing the returned set detaches
// everything.
func AttachCPUClock(prog *ebpf.Program, s Sampling) (*Links, error) {
	cpus, err := OnlineCPUs()
	if err != nil {
		return nil, fmt.Errorf("attach cpu-clock: %w", err)
	}
	links := &Links{}
	for _, cpu := range cpus {
		c, err := AttachCPUClockOn(prog, cpu, s)
		if err != nil {
			links.Close()
			return nil, err
		}
		links.Add(c)
	}
	return links, nil
}

// AttachTick attaches prog to a cpu-clock event on one CPU only, the first
// online one: DTrace's tick-N probes fire once per interval system-wide.
func AttachTick(prog *ebpf.Program, s Sampling) (io.Closer, error) {
	cpus, err := OnlineCPUs()
	if err != nil {
		return nil, fmt.Errorf("attach tick: %w", err)
	}
	if len(cpus) == 0 {
		return nil, errors.New("attach tick: no cpu online")
	}
	return AttachCPUClockOn(prog, cpus[0], s)
}

// AttachCPUClockOn attaches prog to a cpu-clock event on cpu. The event is
// enabled once the program is attached, and is detached and freed by Close
// or when the process dies.
func AttachCPUClockOn(prog *ebpf.Program, cpu int, s Sampling) (io.Closer, error) {
	attr, err := s.attr()
	if err != nil {
		return nil, fmt.Errorf("attach cpu-clock on cpu %d: %w", cpu, err)
	}
	fd, err := unix.PerfEventOpen(&attr, -1, cpu, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("attach cpu-clock on cpu %d: open perf event: %w", cpu, err)
	}
	pa, err := attachPerfEvent(prog, fd)
	if err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("attach cpu-clock on cpu %d: %w", cpu, err)
	}
	return pa, nil
}

// perfAttachment is a program attached to a perf event this package
// opened, through a BPF link or, on kernels without perf links, the
// PERF_EVENT_IOC_SET_BPF ioctl.
type perfAttachment struct {
	fd   int
	link *link.RawLink // nil when attached by ioctl
}

func attachPerfEvent(prog *ebpf.Program, fd int) (*perfAttachment, error) {
	pa := &perfAttachment{fd: fd}
	l, err := link.AttachRawLink(link.RawLinkOptions{
		Target:  fd,
		Program: prog,
		Attach:  ebpf.AttachPerfEvent,
	})
	switch {
	case err == nil:
		pa.link = l
	case errors.Is(err, ErrNotSupported) || errors.Is(err, unix.EINVAL):
		if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_SET_BPF, prog.FD()); err != nil {
			return nil, fmt.Errorf("set bpf program on perf event: %w", err)
		}
	default:
		return nil, fmt.Errorf("link perf event: %w", err)
	}
	if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_ENABLE, 0); err != nil {
		if pa.link != nil {
			pa.link.Close()
		}
		return nil, fmt.Errorf("enable perf event: %w", err)
	}
	return pa, nil
}

// Close detaches the program and closes the perf event.
func (pa *perfAttachment) Close() error {
	var errs []error
	if pa.link != nil {
		if err := pa.link.Close(); err != nil {
			errs = append(errs, fmt.Errorf("close perf link: %w", err))
		}
		pa.link = nil
	}
	if pa.fd >= 0 {
		if err := unix.Close(pa.fd); err != nil {
			errs = append(errs, fmt.Errorf("close perf event: %w", err))
		}
		pa.fd = -1
	}
	return errors.Join(errs...)
}
