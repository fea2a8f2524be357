package bpf

import (
	"math/bits"
	"os"

	"github.com/cilium/ebpf"
)

// Flags for bpf_ringbuf_output and bpf_ringbuf_submit. Producers emit
// ordinary records with RingNoWakeup so that no record costs a wake-up:
// the Reader collects them every interval. A record that must be seen at
// once (exit(), a full buffer about to drop) uses RingForceWakeup.
const (
	RingNoWakeup    = 1 << 0 // BPF_RB_NO_WAKEUP
	RingForceWakeup = 1 << 1 // BPF_RB_FORCE_WAKEUP
)

// RingWakeMark returns how many bytes of records each CPU sends between
// two records that wake the reader, for a ring buffer of at least size
// bytes (see RingBufSize): a quarter of the buffer shared among the
// possible CPUs, so that at most a quarter of it waits unseen before the
// reader is woken.
func RingWakeMark(size int) uint64 {
	n, err := ebpf.PossibleCPU()
	if err != nil || n < 1 {
		n = 1
	}
	return max(uint64(RingBufSize(size))/4/uint64(n), 1)
}

// RingHeaderSize is the size of the header the kernel puts before each
// record (BPF_RINGBUF_HDR_SZ); a record of n bytes occupies (n +
// RingHeaderSize) rounded up to 8 bytes of the buffer. The programs that
// count the bytes they send use abi.RingHeaderSize, which must equal it.
const RingHeaderSize = 8

// MaxRingBufSize is the largest ring buffer the kernel makes: the largest
// power of two under its limit of 4 GiB of data pages.
const MaxRingBufSize = 1 << 31

// RingBufSize rounds n up to a size the kernel accepts for a ring buffer:
// a power of two and a multiple of the page size, at most MaxRingBufSize.
func RingBufSize(n int) uint32 {
	page := os.Getpagesize()
	n = min(max(n, page), MaxRingBufSize)
	return uint32(1) << bits.Len64(uint64(n-1))
}
