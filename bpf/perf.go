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
	// Frequency is the rate in Hz. It wins over Period when both are set.
	Frequency uint64
	// Period is the time between two firings. DTrace's profile-997 is a
	// Period of 1s/997: DTrace turns rates into periods.
	Period time.Duration
}

func (s Sampling) attr() (unix.PerfEventAttr, error) {
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_SOFTWARE,
		Config: unix.PERF_COUNT_SW_CPU_CLOCK,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Bits:   unix.PerfBitDisabled,
	}
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
// cpu-clock sampling event on every online CPU (OnlineCPUs), as DTrace's
// profile-N probes are. A CPU where that fails (it went offline meanwhile,
// say) is passed over, as DTrace passes it over; it is an error only when
// it fails on every CPU, and the error then joins every CPU's. Closing the
// returned set detaches everything.
func AttachCPUClock(prog *ebpf.Program, s Sampling) (*Links, error) {
	attr, err := s.attr()
	if err != nil {
		return nil, fmt.Errorf("attach cpu-clock: %w", err)
	}
	links, err := attachEachCPU(prog, &attr)
	if err != nil {
		return nil, fmt.Errorf("attach cpu-clock: %w", err)
	}
	return links, nil
}

// AttachPerfEvents attaches prog, of type ebpf.PerfEvent, to the perf
// event attr describes (a sampling one: a period or a frequency) on every
// online CPU, counting every task there, as DTrace's cpc probes are
// attached. attr is opened disabled and enabled once prog is attached.
// CPUs are passed over as AttachCPUClock passes them over.
func AttachPerfEvents(prog *ebpf.Program, attr unix.PerfEventAttr) (*Links, error) {
	links, err := attachEachCPU(prog, perfAttr(attr))
	if err != nil {
		return nil, fmt.Errorf("attach perf event: %w", err)
	}
	return links, nil
}

// CheckPerfEvent opens the perf event attr describes on cpu, for every
// task there, and closes it: an error says the kernel would not open it
// (ENOENT for a hardware event where there is no PMU, EOPNOTSUPP for a
// counter that cannot sample).
func CheckPerfEvent(attr unix.PerfEventAttr, cpu int) error {
	fd, err := unix.PerfEventOpen(perfAttr(attr), -1, cpu, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return fmt.Errorf("open perf event: %w", err)
	}
	return unix.Close(fd)
}

// perfAttr returns a copy of attr, its size set and disabled.
func perfAttr(attr unix.PerfEventAttr) *unix.PerfEventAttr {
	attr.Size = uint32(unsafe.Sizeof(unix.PerfEventAttr{}))
	attr.Bits |= unix.PerfBitDisabled
	return &attr
}

// attachEachCPU attaches prog to the perf event attr on every online CPU,
// passing over the CPUs where that fails unless it fails on all.
func attachEachCPU(prog *ebpf.Program, attr *unix.PerfEventAttr) (*Links, error) {
	cpus, err := OnlineCPUs()
	if err != nil {
		return nil, err
	}
	links := &Links{}
	var errs []error
	for _, cpu := range cpus {
		pa, err := attachPerfEvent(prog, attr, -1, cpu)
		if err != nil {
			errs = append(errs, fmt.Errorf("cpu %d: %w", cpu, err))
			continue
		}
		links.Add(pa)
	}
	if len(errs) == len(cpus) {
		if len(errs) == 0 {
			errs = append(errs, errors.New("no cpu online"))
		}
		return nil, errors.Join(errs...)
	}
	return links, nil
}

// AttachCPUClockOn attaches prog, of type ebpf.PerfEvent, to a cpu-clock
// sampling event on cpu. Closing what it returns detaches it.
func AttachCPUClockOn(prog *ebpf.Program, cpu int, s Sampling) (io.Closer, error) {
	return attachCPUClockOn(prog, cpu, s)
}

// attachCPUClockOn attaches prog to a cpu-clock event on cpu.
func attachCPUClockOn(prog *ebpf.Program, cpu int, s Sampling) (*perfAttachment, error) {
	attr, err := s.attr()
	if err != nil {
		return nil, fmt.Errorf("cpu %d: %w", cpu, err)
	}
	pa, err := attachPerfEvent(prog, &attr, -1, cpu)
	if err != nil {
		return nil, fmt.Errorf("cpu %d: %w", cpu, err)
	}
	return pa, nil
}

// perfAttachment is a program attached to a perf event this package
// opened: through a BPF link, which holds the event, or, on kernels
// without perf links, through the PERF_EVENT_IOC_SET_BPF ioctl on the
// event's descriptor, which it then keeps.
type perfAttachment struct {
	fd   int           // -1 when the link holds the event
	link *link.RawLink // nil when attached by ioctl
}

// attachPerfEvent opens the perf event attr for pid and cpu, disabled
// (attr must say so), attaches prog to it and enables it: every perf
// event this package attaches to goes through here. Everything is
// released by the attachment's Close or when the process dies.
func attachPerfEvent(prog *ebpf.Program, attr *unix.PerfEventAttr, pid, cpu int) (*perfAttachment, error) {
	fd, err := unix.PerfEventOpen(attr, pid, cpu, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("open perf event: %w", err)
	}
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
			unix.Close(fd)
			return nil, fmt.Errorf("set bpf program on perf event: %w", err)
		}
	default:
		unix.Close(fd)
		return nil, fmt.Errorf("link perf event: %w", err)
	}
	if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_ENABLE, 0); err != nil {
		err = fmt.Errorf("enable perf event: %w", err)
		return nil, errors.Join(err, pa.Close())
	}
	if pa.link != nil {
		// The link holds the event: a descriptor less per CPU and probe.
		pa.fd = -1
		if err := unix.Close(fd); err != nil {
			return nil, errors.Join(fmt.Errorf("close perf event: %w", err), pa.Close())
		}
	}
	return pa, nil
}

// Close detaches the program and releases the perf event.
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
