package bpf

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf"
)

// PerCPUValues is one map entry's values, one per possible CPU, in CPU
// order. The slices alias a buffer that is reused for the next entry.
type PerCPUValues [][]byte

// DefaultBatchSize is how many entries ForEachPerCPU asks for per batch.
const DefaultBatchSize = 256

// ForEachPerCPU calls fn with every key of the per-CPU hash or array m and
// its values on every CPU. key and values alias buffers reused for the
// next entry: copy what must outlive fn.
//
// It reads with BPF_MAP_LOOKUP_BATCH when the kernel has it and falls back
// to key-by-key iteration. Entries added or removed meanwhile may be seen
// or not; batching sees each key at most once, iteration may repeat or
// skip keys when the map changes under it.
func ForEachPerCPU(m *ebpf.Map, fn func(key []byte, values PerCPUValues) error) error {
	switch m.Type() {
	case ebpf.PerCPUHash, ebpf.PerCPUArray, ebpf.LRUCPUHash:
	default:
		return fmt.Errorf("iterate per-cpu map: map type %s is not per-cpu", m.Type())
	}
	err := forEachBatch(m, DefaultBatchSize, fn)
	if errors.Is(err, ErrNotSupported) {
		err = forEachIter(m, fn)
	}
	if err != nil {
		return fmt.Errorf("iterate per-cpu map: %w", err)
	}
	return nil
}
