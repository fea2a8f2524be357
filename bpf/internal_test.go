package bpf

import (
	"slices"
	"testing"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

func TestParseCPUList(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
		err  bool
	}{
		{"0\n", []int{0}, false},
		{"0-3", []int{0, 1, 2, 3}, false},
		{"0-1,4,6-7\n", []int{0, 1, 4, 6, 7}, false},
		{"", nil, false},
		{"3-1", nil, true},
		{"a", nil, true},
	} {
		got, err := parseCPUList(tc.in)
		if (err != nil) != tc.err || !slices.Equal(got, tc.want) {
			t.Errorf("parseCPUList(%q) = %v, %v", tc.in, got, err)
		}
	}
}

// TestForEachBatchMatchesIteration checks the batch path against the
// key-by-key fallback, with a batch size that does not divide the count.
func TestForEachBatchMatchesIteration(t *testing.T) {
	bpftest.RequireMapType(t, ebpf.PerCPUHash)
	m, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.PerCPUHash, KeySize: 4, ValueSize: 12, MaxEntries: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		t.Fatal(err)
	}
	for k := range uint32(77) {
		vals := make([][]byte, ncpu)
		for c := range vals {
			vals[c] = []byte{byte(k), byte(c), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
		}
		if err := m.Put(k, vals); err != nil {
			t.Fatal(err)
		}
	}
	collect := func(each func(*ebpf.Map, func([]byte, PerCPUValues) error) error) map[string]string {
		out := make(map[string]string)
		err := each(m, func(key []byte, vals PerCPUValues) error {
			var s []byte
			for _, v := range vals {
				s = append(s, v...)
			}
			out[string(key)] = string(s)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	batched := collect(func(m *ebpf.Map, fn func([]byte, PerCPUValues) error) error {
		return forEachBatch(m, 10, fn)
	})
	// Batches of one entry make the kernel refuse buckets holding more.
	single := collect(func(m *ebpf.Map, fn func([]byte, PerCPUValues) error) error {
		return forEachBatch(m, 1, fn)
	})
	iterated := collect(forEachIter)
	if len(batched) != 77 || len(single) != 77 || len(iterated) != 77 {
		t.Fatalf("batches saw %d and %d keys, iteration %d, want 77", len(batched), len(single), len(iterated))
	}
	for k, v := range iterated {
		if batched[k] != v || single[k] != v {
			t.Fatalf("key %x: batches %x %x, iteration %x", k, batched[k], single[k], v)
		}
	}
}
