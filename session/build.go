package session

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

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
	strsize := align8(prog.StrSize)
	specs := []*ebpf.MapSpec{
		{Name: codegen.ScratchMap, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: uint32(prog.ScratchSize), MaxEntries: 1},
		{Name: codegen.GlobalsMap, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(prog.GlobalsSize), MaxEntries: 1},
		{Name: codegen.StringsMap, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(len(prog.Strings)), MaxEntries: 1,
			Contents: []ebpf.MapKV{{Key: uint32(0), Value: prog.Strings}}},
		// A hash of the enabled probes only: ids run into the thousands
		// once a description like :::BEGIN has enumerated every provider.
		{Name: codegen.ProbesMap, Type: ebpf.Hash, KeySize: 4, ValueSize: uint32(4 * strsize),
			MaxEntries: uint32(max(len(probes), 1))},
		{Name: codegen.RingMap, Type: ebpf.RingBuf, MaxEntries: bpf.RingBufSize(ringSize)},
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
	if err := fillProbes(m[codegen.ProbesMap], probes, strsize); err != nil {
		return nil, err
	}
	return m, nil
}

// link builds the program of one attachment: the common prologue, the
// provider's fragment, a block per probe calling its clauses, and the
// clause functions those blocks call; when a clause can fault, the
// function that reports faults and the ERROR clauses it calls (see
// errorWiring).
func link(att *providers.Attachment, prog *codegen.Program, clauses map[uint32][]*codegen.Clause, ew errorWiring) asm.Instructions {
	const key = -8
	insns := asm.Instructions{
		asm.Mov.Reg(bpf.RegCtx, asm.R1).WithSource(asm.Comment("trampoline: " + att.Name)),
		asm.StoreImm(asm.RFP, key, 0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(codegen.ScratchMap),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, key),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, bpf.ExitLabel),
		asm.Mov.Reg(bpf.RegProbeCtx, asm.R0),
	}
	// The provider's fragment sets the arguments and errno (clearing those
	// it does not know); the timestamp is taken only when a clause reads
	// it.
	if prog.NeedsTime {
		insns = append(insns,
			asm.FnKtimeGetNs.Call(),
			asm.StoreMem(bpf.RegProbeCtx, bpf.CtxTime, asm.R0, asm.DWord),
		)
	}
	// Only what the clauses read, when the provider can tell (the full
	// fragment is right too, only slower).
	frag := att.Fragment
	if att.FragmentFor != nil {
		if f, err := att.FragmentFor(prog.CtxUse); err == nil {
			frag = f
		}
	}
	insns = append(insns, frag...)
	// Probes calling the same clauses share one block of calls: the first
	// such probe falls into it, the others jump to it. The verifier then
	// walks the clauses once per distinct list instead of once per probe
	// (syscall:::entry's 386 probes, one call site each, took it 40 ms).
	used := map[*codegen.Clause]bool{}
	var order []*codegen.Clause
	blocks := map[string]string{} // clause symbols -> the block's label
	tails := tailClauses(att, clauses)
	for _, p := range att.Probes {
		first := asm.StoreImm(bpf.RegProbeCtx, bpf.CtxProbeID, int64(p.ID), asm.Word).WithSymbol(bpf.ProbeLabel(p.ID))
		insns = append(insns, first)
		cs := clauses[p.ID]
		sig := clauseList(cs)
		if label, ok := blocks[sig]; ok {
			insns = append(insns, asm.Ja.Label(label))
			continue
		}
		label := fmt.Sprintf("clauses_%d", len(blocks))
		blocks[sig] = label
		block := asm.Instructions{}
		for i, c := range cs {
			block = append(block, asm.Mov.Reg(asm.R1, bpf.RegProbeCtx))
			if codegen.ReadsRawCtx(c) {
				// The program's context and the frames to skip (stack.go).
				block = append(block, asm.Mov.Reg(asm.R2, bpf.RegCtx), asm.Mov.Imm(asm.R3, stackSkip(att)))
				if codegen.UsesMachinery(c) {
					a, b := machineryArgs(att)
					block = append(block, asm.LoadImm(asm.R4, a, asm.DWord), asm.LoadImm(asm.R5, b, asm.DWord))
				}
			}
			block = append(block, asm.Call.Label(c.Symbol))
			block = appendFaultCheck(block, c, fmt.Sprintf("%s_%d", label, i), ew)
			if !used[c] {
				used[c] = true
				order = append(order, c)
			}
		}
		// The last clause of a block, when nothing else calls it, is
		// jumped to rather than called: its exit (R0 = 0) ends the
		// program, which spares every firing a call and a return. Not a
		// clause called with more than R1 (the program's context for
		// stack(), whose frames to skip count the call).
		if n := len(block) - 1; n > 0 && block[n].IsFunctionCall() && tails[block[n].Reference()] &&
			block[n-1].OpCode.ALUOp() == asm.Mov && block[n-1].Dst == asm.R1 && block[n-1].Src == bpf.RegProbeCtx {
			block[n] = asm.Ja.Label(block[n].Reference())
		} else {
			block = append(block, asm.Ja.Label(bpf.ExitLabel))
		}
		block[0] = block[0].WithSymbol(label)
		insns = append(insns, block...)
	}
	insns = append(insns, asm.Mov.Imm(asm.R0, 0).WithSymbol(bpf.ExitLabel), asm.Return())
	// The clauses jumped to are part of the main program: they come
	// before the first function called.
	for _, tail := range []bool{true, false} {
		for _, c := range order {
			if tails[c.Symbol] == tail {
				insns = append(insns, c.Insns...)
			}
		}
	}
	return ew.appendTo(insns, att, prog, order)
}

// load links and loads the program of att, associating its map
// references, with no clause enabled on dtrace:::ERROR.
func load(att *providers.Attachment, prog *codegen.Program, clauses map[uint32][]*codegen.Clause, m maps, opts *bpf.LoadOptions) (*ebpf.Program, error) {
	return loadWith(att, prog, clauses, m, opts, errorWiring{})
}

// loadWith is load with the ERROR probe's clauses given by ew.
func loadWith(att *providers.Attachment, prog *codegen.Program, clauses map[uint32][]*codegen.Clause, m maps, opts *bpf.LoadOptions, ew errorWiring) (*ebpf.Program, error) {
	insns := link(att, prog, clauses, ew)
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

// clauseList identifies a list of clauses by their symbols, in order.
// tailClauses returns the symbols of the clauses of att's program that a
// block may jump to instead of calling: each the last of its block's list,
// in no other list and nowhere else in it. None is when a clause can
// fault: a fault check follows the call, and the fault function calls
// ERROR clauses.
func tailClauses(att *providers.Attachment, clauses map[uint32][]*codegen.Clause) map[string]bool {
	seen := map[string]bool{}
	uses := map[string]int{}
	last := map[string]bool{}
	for _, p := range att.Probes {
		cs := clauses[p.ID]
		sig := clauseList(cs)
		if seen[sig] {
			continue
		}
		seen[sig] = true
		for i, c := range cs {
			if codegen.CanFault(c) {
				return nil
			}
			uses[c.Symbol]++
			last[c.Symbol] = i == len(cs)-1
		}
	}
	tails := map[string]bool{}
	for sym, n := range uses {
		if n == 1 && last[sym] {
			tails[sym] = true
		}
	}
	return tails
}

func clauseList(cs []*codegen.Clause) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.Symbol)
		b.WriteByte(0)
	}
	return b.String()
}

func align8(n int) int { return (n + 7) &^ 7 }

var le = binary.LittleEndian
