package bpf_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

// maxPerCPUValue is the largest value a per-CPU array map accepts: the
// kernel's PCPU_MIN_UNIT_SIZE, 32 KiB, which bounds a program's scratch
// space (the probe context and the clauses' temporaries).
const maxPerCPUValue = 32 << 10

// TestPerCPUValueLimit checks the kernel's limit: a per-CPU array of
// maxPerCPUValue bytes is made and a program can write its last slot; a
// larger one is refused with E2BIG.
func TestPerCPUValueLimit(t *testing.T) {
	bpftest.RequireMapType(t, ebpf.PerCPUArray)
	m, err := ebpf.NewMap(&ebpf.MapSpec{
		Name: "scratch", Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: maxPerCPUValue, MaxEntries: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	_, err = ebpf.NewMap(&ebpf.MapSpec{
		Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: maxPerCPUValue + 8, MaxEntries: 1,
	})
	if !errors.Is(err, unix.E2BIG) {
		t.Errorf("per-cpu array of %d bytes: %v, want E2BIG", maxPerCPUValue+8, err)
	}

	// A program can use the whole value.
	last := int16(maxPerCPUValue - 8)
	prog := mustLoad(t, &ebpf.ProgramSpec{
		Type: ebpf.RawTracepoint, License: "GPL",
		Instructions: asm.Instructions{
			asm.FnGetSmpProcessorId.Call(),
			asm.Mov.Reg(asm.R7, asm.R0),
			asm.StoreImm(asm.RFP, -4, 0, asm.Word),
			asm.LoadMapPtr(asm.R1, m.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -4),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, "exit"),
			asm.Add.Imm(asm.R7, 1),
			asm.StoreMem(asm.R0, last, asm.R7, asm.DWord),
			asm.Mov.Imm(asm.R0, 0).WithSymbol("exit"),
			asm.Return(),
		},
	})
	if _, err := bpf.Trigger(prog); err != nil {
		t.Fatal(err)
	}
	var vals [][]byte
	if err := m.Lookup(uint32(0), &vals); err != nil {
		t.Fatal(err)
	}
	written := 0
	for cpu, v := range vals {
		if got := binary.NativeEndian.Uint64(v[last:]); got != 0 {
			if got != uint64(cpu)+1 {
				t.Errorf("cpu %d wrote %d", cpu, got)
			}
			written++
		}
	}
	if written != 1 {
		t.Errorf("%d cpus wrote the last slot, want 1", written)
	}
}

type aggValue struct{ Count, Sum uint64 }

// fillAgg creates a per-CPU hash of n keys where CPU c holds {c+1, key}.
func fillAgg(tb testing.TB, n int) *ebpf.Map {
	tb.Helper()
	bpftest.RequireMapType(tb, ebpf.PerCPUHash)
	m, err := ebpf.NewMap(&ebpf.MapSpec{
		Name: "agg", Type: ebpf.PerCPUHash, KeySize: 8, ValueSize: 16, MaxEntries: uint32(n),
	})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { m.Close() })
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		tb.Fatal(err)
	}
	vals := make([]aggValue, ncpu)
	for k := range n {
		for c := range vals {
			vals[c] = aggValue{uint64(c) + 1, uint64(k)}
		}
		if err := m.Put(uint64(k), vals); err != nil {
			tb.Fatal(err)
		}
	}
	return m
}

// sumPerCPU reads m with ForEachPerCPU and sums each key's values over
// the CPUs, as aggregations' per-CPU partial results are merged.
func sumPerCPU(m *ebpf.Map) (map[uint64]aggValue, error) {
	out := make(map[uint64]aggValue)
	err := bpf.ForEachPerCPU(m, func(key []byte, values bpf.PerCPUValues) error {
		var sum aggValue
		for _, v := range values {
			sum.Count += binary.NativeEndian.Uint64(v)
			sum.Sum += binary.NativeEndian.Uint64(v[8:])
		}
		k := binary.NativeEndian.Uint64(key)
		if _, ok := out[k]; ok {
			return fmt.Errorf("key %d seen twice", k)
		}
		out[k] = sum
		return nil
	})
	return out, err
}

func TestForEachPerCPU(t *testing.T) {
	const n = 1000 // several batches
	m := fillAgg(t, n)
	ncpu, _ := ebpf.PossibleCPU()
	merged, err := sumPerCPU(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(merged) != n {
		t.Fatalf("%d keys, want %d", len(merged), n)
	}
	wantCount := uint64(ncpu * (ncpu + 1) / 2)
	for key, v := range merged {
		if v.Count != wantCount || v.Sum != key*uint64(ncpu) {
			t.Fatalf("key %d: count %d sum %d, want %d %d", key, v.Count, v.Sum, wantCount, key*uint64(ncpu))
		}
	}
}

func TestForEachPerCPURejectsSharedMaps(t *testing.T) {
	m, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Hash, KeySize: 4, ValueSize: 4, MaxEntries: 1})
	if err != nil {
		bpftest.SkipIfUnsupported(t, err)
	}
	defer m.Close()
	if err := bpf.ForEachPerCPU(m, nil); err == nil {
		t.Fatal("ForEachPerCPU accepted a hash map")
	}
}

// BenchmarkForEachPerCPU reads and merges a per-CPU hash of 10,000 keys.
func BenchmarkForEachPerCPU(b *testing.B) {
	m := fillAgg(b, 10000)
	for b.Loop() {
		if _, err := sumPerCPU(m); err != nil {
			b.Fatal(err)
		}
	}
}
