package bpftest

import (
	"testing"

	"github.com/cilium/ebpf"
)

// RingBuf creates a ring buffer map of size bytes (a power of two and a
// multiple of the page size), closed at the end of the test; it skips tb
// when the kernel has no ring buffers.
func RingBuf(tb testing.TB, size uint32) *ebpf.Map {
	tb.Helper()
	RequireMapType(tb, ebpf.RingBuf)
	m, err := ebpf.NewMap(&ebpf.MapSpec{Name: "test_rb", Type: ebpf.RingBuf, MaxEntries: size})
	if err != nil {
		tb.Fatalf("create ring buffer: %v", err)
	}
	tb.Cleanup(func() { m.Close() })
	return m
}

// SumPerCPU returns the sum over all CPUs of the u64 at index key of the
// per-CPU array m, such as a counter a test program increments.
func SumPerCPU(tb testing.TB, m *ebpf.Map, key uint32) uint64 {
	tb.Helper()
	var vals []uint64
	if err := m.Lookup(key, &vals); err != nil {
		tb.Fatalf("sum per-cpu counter %d: %v", key, err)
	}
	var sum uint64
	for _, v := range vals {
		sum += v
	}
	return sum
}
