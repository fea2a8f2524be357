package bpf

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cilium/ebpf"
)

// MaxTriggerArgs is the most arguments Trigger can pass: the kernel accepts
// a raw tracepoint context of at most 12 u64s from BPF_PROG_TEST_RUN.
const MaxTriggerArgs = 12

// Trigger runs prog, of type ebpf.RawTracepoint, once in the calling
// thread with args as its context (the raw tracepoint arguments, zero past
// len(args)) and returns the program's return value. This is how BEGIN and
// END clauses fire: the program sees the calling task as current, so
// bpf_get_current_pid_tgid, bpf_ktime_get_ns and ring buffer output work
// as in any tracepoint.
func Trigger(prog *ebpf.Program, args ...uint64) (uint32, error) {
	if len(args) > MaxTriggerArgs {
		return 0, fmt.Errorf("trigger program: %d arguments, at most %d", len(args), MaxTriggerArgs)
	}
	// Always pass every argument slot, zeroed past args: the kernel refuses
	// a context shorter than the furthest argument the program reads.
	ctx := make([]uint64, MaxTriggerArgs)
	copy(ctx, args)
	ret, err := prog.Run(&ebpf.RunOptions{Context: ctx})
	if err != nil {
		return 0, fmt.Errorf("trigger program: %w", err)
	}
	return ret, nil
}

// A Ticker runs a program from user space at a fixed interval, as Trigger
// runs it once: DTrace's tick-N probes, which fire on one CPU at a time.
// A cpu-clock perf event on one CPU would be the kernel's way, but such an
// event does not fire while its CPU idles (it was seen seconds late on an
// idle virtual machine), and tick-N ends most scripts: it must be punctual.
// The price is the context: the program runs in this process's thread, so
// the current task is this process.
type Ticker struct {
	stop chan struct{}
	done chan struct{}
	once sync.Once
	runs atomic.Int64 // runs started
	// Written by the ticking goroutine, read by Close once it has ended.
	failed int
	first  error
}

// StartTicker runs prog, of type ebpf.RawTracepoint, with Trigger and no
// arguments every period, from a goroutine of its own, until Close. The
// first run is one period after the start; when a run takes longer than
// period, the ticks missed meanwhile are dropped, as time.Ticker drops
// them. A run that fails does not stop the ticks: Close reports it.
func StartTicker(prog *ebpf.Program, period time.Duration) (*Ticker, error) {
	if period <= 0 {
		return nil, fmt.Errorf("start ticker: period %s is not positive", period)
	}
	t := &Ticker{stop: make(chan struct{}), done: make(chan struct{})}
	go t.tick(prog, period)
	return t, nil
}

func (t *Ticker) tick(prog *ebpf.Program, period time.Duration) {
	defer close(t.done)
	tk := time.NewTicker(period)
	defer tk.Stop()
	for {
		select {
		case <-t.stop:
			return
		case <-tk.C:
			t.runs.Add(1)
			if _, err := Trigger(prog); err != nil {
				if t.failed == 0 {
					t.first = err
				}
				t.failed++
			}
		}
	}
}

// Close stops the ticks and waits for a run under way to end. It returns
// an error when a run failed, saying how many did and why the first did.
// Calls after the first return nil.
func (t *Ticker) Close() error {
	var err error
	t.once.Do(func() {
		close(t.stop)
		<-t.done
		if t.failed > 0 {
			err = fmt.Errorf("%d of %d timed runs failed, the first: %w", t.failed, t.runs.Load(), t.first)
		}
	})
	return err
}
