package bpf_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

// BenchmarkRingBufferStream measures records delivered per second while a
// thread calls getppid as fast as it can and the Reader collects every
// 10 ms, as the runner would with a high switchrate.
func BenchmarkRingBufferStream(b *testing.B) {
	rb := mustRingBuf(b, 16<<20)
	drops := mustCounters(b, 1)
	prog := getppidProgram(b, rb, drops, bpf.RingNoWakeup)
	l, err := bpf.AttachRawTracepoint(prog, "sys_enter")
	bpftest.SkipIfUnsupported(b, err)
	defer l.Close()
	r := mustReader(b, rb, 10*time.Millisecond)

	var received atomic.Int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			n, err := r.Read(func([]byte) error { return nil })
			received.Add(int64(n))
			if err != nil {
				return
			}
		}
	}()
	start := time.Now()
	b.ResetTimer()
	getppidLoop(b.N)
	for received.Load() < int64(b.N) && time.Since(start) < 10*time.Second {
		if d := bpftest.SumPerCPU(b, drops, 0); received.Load()+int64(d) >= int64(b.N) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	b.StopTimer()
	elapsed := time.Since(start)
	r.Stop()
	wg.Wait()
	d := bpftest.SumPerCPU(b, drops, 0)
	b.ReportMetric(float64(received.Load())/elapsed.Seconds(), "records/s")
	b.ReportMetric(float64(d)/float64(b.N), "drops/op")
}

// BenchmarkGetppid is the baseline for BenchmarkRingBufferStream: getppid
// with nothing attached.
func BenchmarkGetppid(b *testing.B) {
	getppidLoop(b.N)
}

// BenchmarkTrigger measures firing a BEGIN-like program once with
// BPF_PROG_TEST_RUN.
func BenchmarkTrigger(b *testing.B) {
	prog := mustLoad(b, &ebpf.ProgramSpec{
		Type: ebpf.RawTracepoint, License: "GPL",
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
	})
	for b.Loop() {
		if _, err := bpf.Trigger(prog); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTriggerRecord measures firing a program that emits one record.
func BenchmarkTriggerRecord(b *testing.B) {
	rb := mustRingBuf(b, 1<<20)
	drops := mustCounters(b, 1)
	prog := triggerProgram(b, rb, drops)
	r := mustReader(b, rb, time.Hour)
	i := 0
	for b.Loop() {
		if _, err := bpf.Trigger(prog, 1, 2, bpf.RingNoWakeup); err != nil {
			b.Fatal(err)
		}
		if i++; i%1000 == 0 {
			r.Drain(func([]byte) error { return nil })
		}
	}
}

// BenchmarkAttachCPUClock measures attaching a program to a cpu-clock
// event on every online CPU and detaching it.
func BenchmarkAttachCPUClock(b *testing.B) {
	prog := tickCounter(b, mustCounters(b, 1))
	for b.Loop() {
		links, err := bpf.AttachCPUClock(prog, bpf.Sampling{Frequency: 997})
		bpftest.SkipIfUnsupported(b, err)
		if err := links.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAttachRawTracepoint measures attaching and detaching a raw
// tracepoint.
func BenchmarkAttachRawTracepoint(b *testing.B) {
	prog := countGetppid(b, ebpf.RawTracepoint, 8, mustCounters(b, 1))
	for b.Loop() {
		l, err := bpf.AttachRawTracepoint(prog, "sys_enter")
		bpftest.SkipIfUnsupported(b, err)
		if err := l.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
