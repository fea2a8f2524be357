package session

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"

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

// createMap creates a map (ebpf.NewMap; tests replace it).
var createMap = ebpf.NewMap

// Lowered says by how many halvings newMaps made the maps that the size
// options size (the ring buffer, aggregations, dynamic variables) smaller
// than asked for the kernel to make them, as DTrace lowers bufsize,
// aggsize and dynvarsize when it cannot allocate them (bufresize=auto): 0
// where nothing was lowered; for aggregations and dynamic variables, the
// most any of them was.
type Lowered struct {
	Ring, Agg, Dyn int
}

// halvings returns the halvings of asked that make it at most got.
func halvings(asked, got int64) int {
	k := 0
	for ; asked > got && got > 0; asked >>= 1 {
		k++
	}
	return k
}

// newMaps creates the fixed maps and the program's own. probes lists every
// probe the program enables (for probeprov and friends); ringSize is the
// ring buffer's size in bytes. A map sized by an option that the kernel
// cannot make (out of memory, or larger than it makes any) is halved until
// it can, unless manual (bufresize=manual) is set: lowered says how often.
func newMaps(prog *codegen.Program, probes []*providers.Probe, ringSize int, manual bool) (_ maps, lowered Lowered, err error) {
	m := maps{}
	defer func() {
		if err != nil {
			m.Close()
		}
	}()
	// The maps the options size, and what each was asked to hold.
	sized := map[string]*int{abi.RingMap: &lowered.Ring}
	asked := map[string]int64{abi.RingMap: int64(ringSize)}
	for _, d := range prog.Maps {
		if d.Object == nil {
			continue
		}
		if _, ok := d.Object.Agg(); ok {
			sized[d.Name] = &lowered.Agg
		} else if d.Kind == codegen.HashMap {
			sized[d.Name] = &lowered.Dyn
		}
		asked[d.Name] = int64(d.MaxEntries)
	}
	page := uint32(os.Getpagesize())
	create := func(spec *ebpf.MapSpec) error {
		_, resizable := sized[spec.Name]
		for {
			if manual && resizable && int64(spec.MaxEntries) < asked[spec.Name] {
				return ErrNoMemory // the kernel makes none this large
			}
			mp, err := createMap(spec)
			if err == nil {
				m[spec.Name] = mp
				if resizable {
					*sized[spec.Name] = max(*sized[spec.Name], halvings(asked[spec.Name], int64(spec.MaxEntries)))
				}
				return nil
			}
			least := uint32(1)
			if spec.Type == ebpf.RingBuf {
				least = page
			}
			switch {
			case !resizable || !errors.Is(err, unix.ENOMEM) && !errors.Is(err, unix.E2BIG):
				return fmt.Errorf("create map %s: %w", spec.Name, err)
			case manual:
				return ErrNoMemory
			case spec.MaxEntries/2 < least:
				return fmt.Errorf("create map %s: %w", spec.Name, err)
			}
			spec.MaxEntries /= 2
		}
	}
	strtab, names, err := probeNames(prog.Strings, probes)
	if err != nil {
		return nil, lowered, err
	}
	specs := []*ebpf.MapSpec{
		{Name: abi.ScratchMap, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: uint32(prog.ScratchSize), MaxEntries: abi.ScratchFrames},
		// Mapped, so that the runner sets the exiting flag while the
		// programs write their globals beside it (stopRecording).
		{Name: abi.GlobalsMap, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(prog.GlobalsSize), MaxEntries: 1,
			Flags: unix.BPF_F_MMAPABLE},
		{Name: abi.StringsMap, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(len(strtab)), MaxEntries: 1,
			Contents: []ebpf.MapKV{{Key: uint32(0), Value: strtab}}},
		// A hash of the enabled probes only: ids run into the thousands
		// once a description like :::BEGIN has enumerated every provider.
		{Name: abi.ProbesMap, Type: ebpf.Hash, KeySize: 4, ValueSize: abi.ProbeNamesSize,
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
		flags := stackMapFlags(prog, d, mapFlags(t))
		if d.Name == abi.UnwindRowsMap {
			flags = unix.BPF_F_MMAPABLE // the consumer writes the tables through a mapping
		}
		specs = append(specs, &ebpf.MapSpec{Name: d.Name, Type: t, KeySize: uint32(d.KeySize),
			ValueSize: uint32(d.ValueSize), MaxEntries: uint32(min(d.MaxEntries, math.MaxUint32)), Flags: flags})
	}
	for _, s := range specs {
		if err := create(s); err != nil {
			return nil, lowered, err
		}
	}
	if err := fillProbes(m[abi.ProbesMap], probes, names); err != nil {
		return nil, lowered, err
	}
	return m, lowered, nil
}

// loweredSize is what dtrace(1) says of an option's size lowered to n
// bytes: "512m", "2g", or "1234 bytes" when n is not a whole number of
// the largest unit under it.
func SizeString(n int64) string {
	j, mul := 0, 10
	for ; int64(1)<<mul <= n && mul < 70; j, mul = j+1, mul+10 {
	}
	if n&(int64(1)<<(mul-10)-1) == 0 {
		return fmt.Sprintf("%d%c", n>>(mul-10), " kmgtpe"[j])
	}
	return fmt.Sprintf("%d bytes", n)
}

// load links prog's program for att, whose kernel stacks are as stack
// says, with the clauses e enables, and loads it, its map references
// associated with m. With cpu at 0 or more, the clauses run only on that
// CPU (unless dtrace fires att itself, att.UserSpace).
func (m maps) load(prog *codegen.Program, att *providers.Attachment, stack codegen.Stack, e *codegen.Enablings, opts *bpf.LoadOptions, cpu int) (*ebpf.Program, error) {
	// A program dtrace fires itself runs in its system call: no kernel
	// frame is the traced code's.
	stack.None = att.UserSpace
	t := &codegen.Trampoline{Name: att.Name, Fragment: att.Fragment, Stack: stack,
		OneCPU: cpu >= 0 && !att.UserSpace, CPU: cpu, Dynamic: att.Dynamic, Preemptible: att.Preemptible}
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
// none (pre-allocated) for an aggregation keyed by stacks and the tables
// of their stacks. Elements
// allocated on demand come from per-CPU caches that a sampling interrupt
// cannot refill: a profile meeting many new stacks at once (kilobyte
// keys) found them empty and lost samples as aggregation drops.
func stackMapFlags(prog *codegen.Program, d *codegen.MapDesc, flags uint32) uint32 {
	if d.Name == abi.KStackMap || d.Name == abi.UStackMap {
		return 0 // the stacks' tables, likewise
	}
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

// ErrNoMemory is the error of a map the size options size that the kernel
// cannot make under bufresize=manual: ENOMEM, in strerror's words.
var ErrNoMemory = noMemory{}

type noMemory struct{}

func (noMemory) Error() string        { return "Cannot allocate memory" }
func (noMemory) Is(target error) bool { return target == unix.ENOMEM }
