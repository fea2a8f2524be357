package bpf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// DefaultInterval is how often a Reader collects records when no one
// wakes it: DTrace's default switchrate of 1 Hz.
const DefaultInterval = time.Second

// BusyInterval is how soon a Reader collects again after a collection that
// found records, when that is sooner than its interval: while records
// flow they are read in batches at this cadence, without a wake-up per
// record and without waiting for a whole interval.
const BusyInterval = 10 * time.Millisecond

// releaseBytes bounds how many bytes of records the Reader consumes
// before it tells the producers (the consumer position is a cache line
// every producer reads: written once per record, it would cost each of
// them a cache miss).
const releaseBytes = 64 << 10

const (
	ringBusyBit    = 1 << 31 // BPF_RINGBUF_BUSY_BIT
	ringDiscardBit = 1 << 30 // BPF_RINGBUF_DISCARD_BIT
)

// A Reader consumes a BPF ring buffer in place.
//
// Records are collected every interval, BusyInterval after a collection
// that found some (when that is sooner), and at once when a producer
// forces a wake-up (RingForceWakeup) or the buffer's default wake-up
// policy fires.
// Records are handed to the caller's function as slices of the shared
// mapping, without a copy.
//
// Read and Close must be called from one goroutine at a time; Stop may be
// called from any goroutine at any time.
type Reader struct {
	mapFD    int
	epollFD  int
	stopFD   int
	cons     []byte // consumer page, read-write
	prod     []byte // producer page followed by the data pages mapped twice
	data     []byte
	mask     uint64
	interval time.Duration
	next     time.Time // when the next collection on the interval is due
	busyAt   time.Time // when the next collection is due after one that found records; zero if none
	release  uint64    // bytes consumed between two stores of the consumer position
	events   [2]unix.EpollEvent
	stopped  atomic.Bool
	closed   bool
}

// NewReader maps the ring buffer m for reading. interval is the time
// between two collections; zero means DefaultInterval.
//
// The Reader holds its own reference to the ring buffer, so m may be
// closed independently. The caller owns the Reader and must Close it.
func NewReader(m *ebpf.Map, interval time.Duration) (_ *Reader, err error) {
	if m.Type() != ebpf.RingBuf {
		return nil, fmt.Errorf("create reader: map type %s is not a ring buffer", m.Type())
	}
	if interval < 0 {
		return nil, fmt.Errorf("create reader: negative interval %s", interval)
	}
	if interval == 0 {
		interval = DefaultInterval
	}
	size := int(m.MaxEntries())
	page := os.Getpagesize()

	r := &Reader{mapFD: -1, epollFD: -1, stopFD: -1, interval: interval, mask: uint64(size - 1),
		release: uint64(min(releaseBytes, size/4))}
	defer func() {
		if err != nil {
			r.Close()
		}
	}()

	if r.mapFD, err = unix.FcntlInt(uintptr(m.FD()), unix.F_DUPFD_CLOEXEC, 0); err != nil {
		return nil, fmt.Errorf("duplicate ring buffer fd: %w", err)
	}
	if r.cons, err = unix.Mmap(r.mapFD, 0, page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED); err != nil {
		return nil, fmt.Errorf("map consumer page: %w", err)
	}
	if r.prod, err = unix.Mmap(r.mapFD, int64(page), page+2*size, unix.PROT_READ, unix.MAP_SHARED); err != nil {
		return nil, &RingMapError{Size: size, Err: err}
	}
	r.data = r.prod[page:]

	if r.epollFD, err = unix.EpollCreate1(unix.EPOLL_CLOEXEC); err != nil {
		return nil, fmt.Errorf("create epoll: %w", err)
	}
	if r.stopFD, err = unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK); err != nil {
		return nil, fmt.Errorf("create eventfd: %w", err)
	}
	// The ring buffer reports readable whenever it holds data, so it is
	// watched edge-triggered: only the producer's explicit wake-ups end a
	// wait early. The stop event stays readable once signalled.
	ringEvent := unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLET, Fd: int32(r.mapFD)}
	if err = unix.EpollCtl(r.epollFD, unix.EPOLL_CTL_ADD, r.mapFD, &ringEvent); err != nil {
		return nil, fmt.Errorf("watch ring buffer: %w", err)
	}
	stopEvent := unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(r.stopFD)}
	if err = unix.EpollCtl(r.epollFD, unix.EPOLL_CTL_ADD, r.stopFD, &stopEvent); err != nil {
		return nil, fmt.Errorf("watch eventfd: %w", err)
	}
	return r, nil
}

// Read waits until the interval since the previous collection has
// elapsed, a producer wakes the reader or Stop is called, then hands every
// record available to fn in the order they were reserved, and returns how
// many it handed out.
//
// rec aliases the ring buffer and is valid only until fn returns: the
// producer may overwrite it afterwards. A record is consumed even when fn
// fails; Read then returns fn's error at once.
//
// Once Stop has been called, Read no longer waits: it collects what is
// left and returns ErrStopped with the count.
func (r *Reader) Read(fn func(rec []byte) error) (int, error) {
	if r.closed {
		return 0, ErrClosed
	}
	if !r.stopped.Load() {
		if err := r.wait(); err != nil {
			return 0, err
		}
	}
	n, err := r.drain(fn)
	r.busyAt = time.Time{}
	if n > 0 && BusyInterval < r.interval {
		r.busyAt = time.Now().Add(BusyInterval)
	}
	if err != nil {
		return n, err
	}
	if r.stopped.Load() {
		return n, ErrStopped
	}
	return n, nil
}

// Drain hands every record available to fn without waiting, as Read does.
func (r *Reader) Drain(fn func(rec []byte) error) (int, error) {
	if r.closed {
		return 0, ErrClosed
	}
	return r.drain(fn)
}

// Stop makes a blocked Read return and all later ones not wait. It is safe
// to call concurrently with Read, and more than once.
func (r *Reader) Stop() {
	if r.stopped.Swap(true) {
		return
	}
	var one [8]byte
	binary.NativeEndian.PutUint64(one[:], 1)
	// The eventfd is non-blocking and written once: this cannot fail in a
	// way that would keep Read waiting past its interval.
	_, _ = unix.Write(r.stopFD, one[:])
}

// Close unmaps the ring buffer and releases the Reader's descriptors. It
// must not run concurrently with Read: call Stop and wait for Read to
// return first. Close is idempotent.
func (r *Reader) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	var errs []error
	if r.prod != nil {
		errs = append(errs, unix.Munmap(r.prod))
		r.prod, r.data = nil, nil
	}
	if r.cons != nil {
		errs = append(errs, unix.Munmap(r.cons))
		r.cons = nil
	}
	for _, fd := range []int{r.epollFD, r.stopFD, r.mapFD} {
		if fd >= 0 {
			errs = append(errs, unix.Close(fd))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("close reader: %w", err)
	}
	return nil
}

func (r *Reader) producerPos() *uint64 { return (*uint64)(unsafe.Pointer(&r.prod[0])) }
func (r *Reader) consumerPos() *uint64 { return (*uint64)(unsafe.Pointer(&r.cons[0])) }

// wait blocks until the next collection is due or an event arrives.
func (r *Reader) wait() error {
	now := time.Now()
	if r.next.IsZero() {
		r.next = now.Add(r.interval)
	}
	for {
		due := r.next
		if !r.busyAt.IsZero() && r.busyAt.Before(due) {
			due = r.busyAt
		}
		d := due.Sub(now)
		if d <= 0 {
			if now.Before(r.next) {
				return nil // a busy collection: the interval's cadence stays
			}
			// Keep a steady cadence, but do not try to catch up with
			// collections missed while the caller was busy.
			r.next = r.next.Add(r.interval)
			if r.next.Before(now) {
				r.next = now.Add(r.interval)
			}
			return nil
		}
		ms := int((d + time.Millisecond - 1) / time.Millisecond)
		n, err := unix.EpollWait(r.epollFD, r.events[:], ms)
		if n > 0 {
			return nil
		}
		if err != nil && !errors.Is(err, unix.EINTR) {
			return fmt.Errorf("wait for ring buffer: %w", err)
		}
		now = time.Now()
	}
}

// drain consumes records until the buffer is empty, a record is still
// being written, or one buffer's worth has been consumed (so that a
// producer faster than fn cannot keep Read from returning). The consumer
// position is stored every release bytes and before drain returns.
func (r *Reader) drain(fn func(rec []byte) error) (int, error) {
	consPtr, prodPtr := r.consumerPos(), r.producerPos()
	cons := atomic.LoadUint64(consPtr)
	prod := atomic.LoadUint64(prodPtr)
	limit := cons + r.mask + 1
	stored := cons
	defer func() {
		if cons != stored {
			atomic.StoreUint64(consPtr, cons)
		}
	}()
	n := 0
	for cons < prod && cons < limit {
		off := cons & r.mask
		hdr := atomic.LoadUint32((*uint32)(unsafe.Pointer(&r.data[off])))
		if hdr&ringBusyBit != 0 {
			break
		}
		length := uint64(hdr &^ (ringBusyBit | ringDiscardBit))
		var err error
		if hdr&ringDiscardBit == 0 {
			start := off + RingHeaderSize
			err = fn(r.data[start : start+length : start+length])
			n++
		}
		cons += (length + RingHeaderSize + 7) &^ 7
		if cons-stored >= r.release {
			atomic.StoreUint64(consPtr, cons)
			stored = cons
		}
		if err != nil {
			return n, err
		}
		if cons == prod {
			prod = atomic.LoadUint64(prodPtr)
		}
	}
	return n, nil
}
