package bpf

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/cilium/ebpf"
)

// MaxScratchSize is the largest value a per-CPU array map accepts: the
// kernel's PCPU_MIN_UNIT_SIZE, 32 KiB. Larger values fail with E2BIG.
const MaxScratchSize = 32 << 10

// NewScratchMap creates a per-CPU array of one entry (key 0) of size
// bytes: each CPU's private scratch space, zeroed at creation. The caller
// owns the map.
func NewScratchMap(name string, size int) (*ebpf.Map, error) {
	if size <= 0 || size > MaxScratchSize {
		return nil, fmt.Errorf("create scratch map: size %d not in 1..%d", size, MaxScratchSize)
	}
	m, err := ebpf.NewMap(&ebpf.MapSpec{
		Name:       name,
		Type:       ebpf.PerCPUArray,
		KeySize:    4,
		ValueSize:  uint32(size),
		MaxEntries: 1,
	})
	if err != nil {
		return nil, fmt.Errorf("create scratch map: %w", err)
	}
	return m, nil
}

// SumPerCPU returns the sum over all CPUs of the u64 at index key of the
// per-CPU array m, such as a count of records dropped because the ring
// buffer was full.
func SumPerCPU(m *ebpf.Map, key uint32) (uint64, error) {
	if m.Type() != ebpf.PerCPUArray || m.ValueSize() != 8 {
		return 0, fmt.Errorf("sum per-cpu counter: map %s of %d-byte values is not a per-cpu array of u64", m.Type(), m.ValueSize())
	}
	var vals []uint64
	if err := m.Lookup(key, &vals); err != nil {
		return 0, fmt.Errorf("sum per-cpu counter %d: %w", key, err)
	}
	var sum uint64
	for _, v := range vals {
		sum += v
	}
	return sum, nil
}

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

// MergePerCPU reduces each entry of the per-CPU map m over CPUs, as an
// aggregation's per-CPU partial results are: merge folds src into dst,
// both of m's value size, starting from CPU 0's value. It returns the
// merged values keyed by the key's bytes; the caller owns them.
func MergePerCPU(m *ebpf.Map, merge func(dst, src []byte)) (map[string][]byte, error) {
	out := make(map[string][]byte)
	err := ForEachPerCPU(m, func(key []byte, values PerCPUValues) error {
		acc := append([]byte(nil), values[0]...)
		for _, v := range values[1:] {
			merge(acc, v)
		}
		out[string(key)] = acc
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SumU64 is a merge function for MergePerCPU adding values made of native
// endian u64s, as count(), sum() and the buckets of quantize() are.
func SumU64(dst, src []byte) {
	for i := 0; i+8 <= len(dst) && i+8 <= len(src); i += 8 {
		v := binary.NativeEndian.Uint64(dst[i:]) + binary.NativeEndian.Uint64(src[i:])
		binary.NativeEndian.PutUint64(dst[i:], v)
	}
}
