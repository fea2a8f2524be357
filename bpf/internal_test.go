package bpf

import (
	"slices"
	"strings"
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

func TestRejectedInsn(t *testing.T) {
	for _, tc := range []struct {
		log  string
		want int
	}{
		{"", -1},
		{"0: R1=ctx() R10=fp0\n0: (b7) r0 = 0 ; R0_w=0\n1: (bf) r0 = r3\nR3 !read_ok\nprocessed 2 insns", 1},
		{"func#0 @0\n12: (85) call bpf_map_lookup_elem#1\n13: R0=map_value_or_null\n13: (61) r1 = *(u32 *)(r0 +0)\nR0 invalid mem access 'map_value_or_null'", 13},
		{"unreachable insn 2", 2},
		{"back-edge from insn 7 to 3", 7},
		{"from 4 to 6: R0=1\n6: (95) exit\nR0 !read_ok", 6},
	} {
		got := rejectedInsn(strings.Split(tc.log, "\n"))
		if got != tc.want {
			t.Errorf("rejectedInsn(%q) = %d, want %d", tc.log, got, tc.want)
		}
	}
}
