package session

import (
	"encoding/binary"
	"fmt"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/providers"
)

// maps holds the maps of a loaded program, by name.
type maps map[string]*ebpf.Map

func (m maps) Close() {
	for _, mp := range m {
		mp.Close()
	}
}

// newMaps creates the fixed maps and the program's own. probes lists every
// probe the program enables (for probeprov and friends); ringSize is the
// ring buffer's size in bytes.
func newMaps(prog *codegen.Program, probes []*providers.Probe, ringSize int) (_ maps, err error) {
	m := maps{}
	defer func() {
		if err != nil {
			m.Close()
		}
	}()
	create := func(spec *ebpf.MapSpec) error {
		mp, err := ebpf.NewMap(spec)
		if err != nil {
			return fmt.Errorf("create map %s: %w", spec.Name, err)
		}
		m[spec.Name] = mp
		return nil
	}
	strsize := abi.StrSlot(prog.StrSize)
	specs := []*ebpf.MapSpec{
		{Name: abi.ScratchMap, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: uint32(prog.ScratchSize), MaxEntries: 1},
		{Name: abi.GlobalsMap, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(prog.GlobalsSize), MaxEntries: 1},
		{Name: abi.StringsMap, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(len(prog.Strings)), MaxEntries: 1,
			Contents: []ebpf.MapKV{{Key: uint32(0), Value: prog.Strings}}},
		// A hash of the enabled probes only: ids run into the thousands
		// once a description like :::BEGIN has enumerated every provider.
		{Name: abi.ProbesMap, Type: ebpf.Hash, KeySize: 4, ValueSize: uint32(4 * strsize),
			MaxEntries: uint32(max(len(probes), 1))},
		{Name: abi.RingMap, Type: ebpf.RingBuf, MaxEntries: bpf.RingBufSize(ringSize)},
	}
	for _, d := range prog.Maps {
		t := ebpf.Hash
		switch d.Kind {
		case codegen.ArrayMap:
			t = ebpf.Array
		case codegen.PerCPUHashMap:
			t = ebpf.PerCPUHash
		case codegen.LRUHashMap:
			t = ebpf.LRUHash
		}
		specs = append(specs, &ebpf.MapSpec{Name: d.Name, Type: t, KeySize: uint32(d.KeySize),
			ValueSize: uint32(d.ValueSize), MaxEntries: uint32(d.MaxEntries), Flags: stackMapFlags(prog, d, mapFlags(t))})
	}
	for _, s := range specs {
		if err := create(s); err != nil {
			return nil, err
		}
	}
	if err := fillProbes(m[abi.ProbesMap], probes, strsize); err != nil {
		return nil, err
	}
	return m, nil
}

// load links prog's program for att, whose kernel stacks are as stack
// says, with the clauses e enables, and loads it, its map references
// associated with m.
func (m maps) load(prog *codegen.Program, att *providers.Attachment, stack codegen.Stack, e *codegen.Enablings, opts *bpf.LoadOptions) (*ebpf.Program, error) {
	t := &codegen.Trampoline{Name: att.Name, Fragment: att.Fragment, Stack: stack}
	for _, p := range att.Probes {
		t.Probes = append(t.Probes, p.ID)
	}
	insns, err := prog.Link(t, e)
	if err != nil {
		return nil, err
	}
	for name, mp := range m {
		if err := insns.AssociateMap(name, mp); err != nil {
			// A map the program does not use is not an error.
			continue
		}
	}
	spec := &ebpf.ProgramSpec{
		Name:         att.Name,
		Type:         att.Type,
		AttachType:   att.AttachType,
		AttachTo:     att.AttachTo,
		Instructions: insns,
		License:      "GPL",
	}
	return bpf.Load(spec, opts)
}

// mapFlags returns the creation flags of a program's map of type t. Hash
// maps allocate their elements as keys are inserted: pre-allocating a
// 65,536-entry aggregation or associative array costs the kernel tens of
// milliseconds and megabytes, for the few keys most programs use. (LRU
// maps must pre-allocate.)
func mapFlags(t ebpf.MapType) uint32 {
	switch t {
	case ebpf.Hash, ebpf.PerCPUHash:
		return unix.BPF_F_NO_PREALLOC
	}
	return 0
}

func align8(n int) int { return (n + 7) &^ 7 }

var le = binary.LittleEndian

// stackMapFlags returns the creation flags of map d of prog: flags, but
// none (pre-allocated) for an aggregation keyed by stacks. Elements
// allocated on demand come from per-CPU caches that a sampling interrupt
// cannot refill: a profile meeting many new stacks at once (kilobyte
// keys) found them empty and lost samples as aggregation drops.
func stackMapFlags(prog *codegen.Program, d *codegen.MapDesc, flags uint32) uint32 {
	for _, a := range prog.Aggs {
		if a.Map != d.Name {
			continue
		}
		for _, s := range a.KeySyms {
			if s != nil && s.Kind.IsStack() {
				return 0
			}
		}
	}
	return flags
}
