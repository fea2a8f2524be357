package bpf_test

import (
	"encoding/binary"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

type record struct {
	pid, tid uint32
	ktime    uint64
	a, b     uint64
}

func decode(t testing.TB, rec []byte) record {
	t.Helper()
	if len(rec) != recordSize {
		t.Fatalf("record of %d bytes, want %d", len(rec), recordSize)
	}
	ne := binary.NativeEndian
	pidTgid := ne.Uint64(rec)
	return record{
		pid: uint32(pidTgid >> 32), tid: uint32(pidTgid),
		ktime: ne.Uint64(rec[8:]), a: ne.Uint64(rec[16:]), b: ne.Uint64(rec[24:]),
	}
}

func TestRingBufSize(t *testing.T) {
	page := os.Getpagesize()
	for _, tc := range []struct{ in, want int }{
		{1, page}, {page, page}, {page + 1, 2 * page}, {3 << 20, 4 << 20}, {16 << 20, 16 << 20},
	} {
		if got := bpf.RingBufSize(tc.in); int(got) != tc.want {
			t.Errorf("RingBufSize(%d) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestTriggerForceWakeup runs a program with BPF_PROG_TEST_RUN, checks the
// helpers it calls see the calling task, and that a forced wake-up ends
// the reader's wait: its interval is an hour, so Read returning at all
// shows it.
func TestTriggerForceWakeup(t *testing.T) {
	rb := mustRingBuf(t, 4096)
	drops := mustCounters(t, 1)
	prog := triggerProgram(t, rb, drops)
	r := mustReader(t, rb, time.Hour)

	var tid int
	errc := make(chan error, 1)
	go func() {
		time.Sleep(20 * time.Millisecond)
		// Trigger from a locked thread so its tid can be checked.
		lockAndRun(func(t int) {
			tid = t
			_, err := bpf.Trigger(prog, 42, 7, bpf.RingForceWakeup)
			errc <- err
		})
	}()
	var got []record
	n, err := r.Read(func(rec []byte) error {
		got = append(got, decode(t, rec))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if e := <-errc; e != nil {
		t.Fatal(e)
	}
	if n != 1 || len(got) != 1 {
		t.Fatalf("read %d records, want 1", n)
	}
	rec := got[0]
	if rec.pid != uint32(os.Getpid()) || rec.tid != uint32(tid) {
		t.Errorf("pid/tid %d/%d, want %d/%d", rec.pid, rec.tid, os.Getpid(), tid)
	}
	if rec.a != 42 || rec.b != 7 {
		t.Errorf("args %d %d, want 42 7", rec.a, rec.b)
	}
	if rec.ktime == 0 {
		t.Error("bpf_ktime_get_ns returned 0")
	}
}

// TestReaderNoWakeup checks that records produced with BPF_RB_NO_WAKEUP,
// before a Read and while it waits, do not end the wait, and are collected
// when the interval elapses.
func TestReaderNoWakeup(t *testing.T) {
	rb := mustRingBuf(t, 1<<16)
	drops := mustCounters(t, 1)
	prog := triggerProgram(t, rb, drops)
	const interval = 300 * time.Millisecond
	r := mustReader(t, rb, interval)

	produce := func(from, to int) error {
		for i := from; i < to; i++ {
			if _, err := bpf.Trigger(prog, uint64(i), 0, bpf.RingNoWakeup); err != nil {
				return err
			}
		}
		return nil
	}
	if err := produce(0, 5); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	produced := make(chan error, 1)
	go func() {
		time.Sleep(10 * time.Millisecond)
		produced <- produce(5, 10)
	}()
	var seqs []uint64
	collect := func(rec []byte) error {
		seqs = append(seqs, decode(t, rec).a)
		return nil
	}
	n, err := r.Read(collect)
	if err != nil {
		t.Fatal(err)
	}
	waited := time.Since(start)
	if waited < interval-10*time.Millisecond {
		t.Errorf("Read returned after %s, before the interval %s", waited, interval)
	}
	if n < 5 {
		t.Fatalf("read %d records, want the 5 made before at least", n)
	}
	// The producer, slowed by a loaded machine, may have missed the
	// collection: what it made is there afterwards.
	if err := <-produced; err != nil {
		t.Fatal(err)
	}
	if _, err := r.Drain(collect); err != nil {
		t.Fatal(err)
	}
	for i, s := range seqs {
		if s != uint64(i) || len(seqs) != 10 {
			t.Fatalf("records %v, want 0 to 9 in order", seqs)
		}
	}
}

// TestReaderWrap produces many more records than the buffer holds, in
// rounds, and checks none is lost or reordered across the wrap-around.
func TestReaderWrap(t *testing.T) {
	rb := mustRingBuf(t, 4096) // 56 records of 64+8 bytes
	drops := mustCounters(t, 1)
	prog := triggerProgram(t, rb, drops)
	r := mustReader(t, rb, time.Hour)

	var next uint64
	for round := range 20 {
		for i := range 37 {
			seq := uint64(round*37 + i)
			if _, err := bpf.Trigger(prog, seq, 0, bpf.RingNoWakeup); err != nil {
				t.Fatal(err)
			}
		}
		if p := r.Pending(); p != 37*72 {
			t.Fatalf("round %d: %d bytes pending, want %d", round, p, 37*72)
		}
		n, err := r.Drain(func(rec []byte) error {
			if s := decode(t, rec).a; s != next {
				t.Fatalf("record %d, want %d", s, next)
			}
			next++
			return nil
		})
		if err != nil || n != 37 {
			t.Fatalf("round %d: drained %d, %v", round, n, err)
		}
	}
	if d := bpftest.SumPerCPU(t, drops, 0); d != 0 {
		t.Fatalf("%d drops", d)
	}
}

// TestReaderFull fills the buffer and checks that the producer's failures
// are counted and that the buffer works again once drained.
func TestReaderFull(t *testing.T) {
	rb := mustRingBuf(t, 4096)
	drops := mustCounters(t, 1)
	prog := triggerProgram(t, rb, drops)
	r := mustReader(t, rb, time.Hour)

	for i := range 100 {
		if _, err := bpf.Trigger(prog, uint64(i), 0, bpf.RingNoWakeup); err != nil {
			t.Fatal(err)
		}
	}
	d := bpftest.SumPerCPU(t, drops, 0)
	n, err := r.Drain(func([]byte) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n+int(d) != 100 || d == 0 {
		t.Fatalf("read %d, dropped %d, want a total of 100 with drops", n, d)
	}
	if _, err := bpf.Trigger(prog, 1000, 0, bpf.RingNoWakeup); err != nil {
		t.Fatal(err)
	}
	if n, _ := r.Drain(func([]byte) error { return nil }); n != 1 {
		t.Fatalf("read %d after draining, want 1", n)
	}
}

func TestReaderStop(t *testing.T) {
	rb := mustRingBuf(t, 4096)
	r := mustReader(t, rb, time.Hour)
	go func() {
		time.Sleep(20 * time.Millisecond)
		r.Stop()
	}()
	// The interval is an hour: only Stop ends this Read.
	_, err := r.Read(func([]byte) error { return nil })
	if !errors.Is(err, bpf.ErrStopped) {
		t.Fatalf("Read after Stop: %v", err)
	}
	if _, err := r.Read(func([]byte) error { return nil }); !errors.Is(err, bpf.ErrStopped) {
		t.Fatalf("second Read after Stop: %v", err)
	}
	r.Close()
	if _, err := r.Read(func([]byte) error { return nil }); !errors.Is(err, bpf.ErrClosed) {
		t.Fatalf("Read after Close: %v", err)
	}
}

func TestReaderCallbackError(t *testing.T) {
	rb := mustRingBuf(t, 4096)
	drops := mustCounters(t, 1)
	prog := triggerProgram(t, rb, drops)
	r := mustReader(t, rb, time.Hour)
	for i := range 3 {
		if _, err := bpf.Trigger(prog, uint64(i), 0, bpf.RingNoWakeup); err != nil {
			t.Fatal(err)
		}
	}
	boom := errors.New("boom")
	n, err := r.Drain(func([]byte) error { return boom })
	if n != 1 || !errors.Is(err, boom) {
		t.Fatalf("Drain = %d, %v; want 1, boom", n, err)
	}
	if n, _ := r.Drain(func([]byte) error { return nil }); n != 2 {
		t.Fatalf("then %d records, want 2", n)
	}
}

// TestReaderBusyCadence checks that a Read that found records makes the
// next one collect BusyInterval later without a wake-up, and that a Read
// that found none makes the next one wait for the interval again.
func TestReaderBusyCadence(t *testing.T) {
	rb := mustRingBuf(t, 1<<16)
	drops := mustCounters(t, 1)
	prog := triggerProgram(t, rb, drops)
	r := mustReader(t, rb, time.Hour)
	count := func([]byte) error { return nil }

	// A forced wake-up ends the first wait.
	go func() {
		time.Sleep(10 * time.Millisecond)
		bpf.Trigger(prog, 0, 0, bpf.RingForceWakeup)
	}()
	if n, err := r.Read(count); n != 1 || err != nil {
		t.Fatalf("first Read: %d records, %v", n, err)
	}
	// Records that wake no one are collected BusyInterval later: the
	// interval is an hour, so this Read returning at all shows it.
	for i := range 5 {
		if _, err := bpf.Trigger(prog, uint64(i), 0, bpf.RingNoWakeup); err != nil {
			t.Fatal(err)
		}
	}
	n, err := r.Read(count)
	if n != 5 || err != nil {
		t.Fatalf("second Read: %d records, %v", n, err)
	}
	// That Read found records, so this one collects soon too, and finds
	// none; the next waits for the interval (here: until Stop).
	if n, err := r.Read(count); n != 0 || err != nil {
		t.Fatalf("third Read: %d records, %v", n, err)
	}
	const stopAfter = 300 * time.Millisecond
	go func() {
		time.Sleep(stopAfter)
		r.Stop()
	}()
	start := time.Now()
	if _, err := r.Read(count); !errors.Is(err, bpf.ErrStopped) {
		t.Fatalf("fourth Read: %v", err)
	}
	if d := time.Since(start); d < stopAfter-10*time.Millisecond {
		t.Errorf("a Read after one that found nothing returned after %s, before Stop", d)
	}
}
