package codegen_test

import (
	"runtime"
	"slices"
	"testing"

	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// A clause that captures a stack spills the program's context (R2) and
// the frames to skip (R3) right after its prologue's first instruction;
// one that does not is left alone.
func TestStackSpillsRawCtx(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\tstack();\n}\nEND\n{\n\ttrace(1);\n}\n")
	cl := prog.Clauses[0]
	if !codegen.ReadsRawCtx(cl) {
		t.Fatalf("stack() clause does not read the raw context:\n%v", cl.Insns)
	}
	for i, src := range []asm.Register{asm.R2, asm.R3} {
		ins := cl.Insns[1+i]
		if ins.OpCode.Class() != asm.StXClass || ins.Dst != asm.RFP || ins.Src != src {
			t.Errorf("instruction %d is %v, want a spill of %v", 1+i, ins, src)
		}
	}
	if codegen.ReadsRawCtx(prog.Clauses[1]) {
		t.Error("trace(1) clause reads the raw context")
	}
	if codegen.UsesMachinery(cl) {
		t.Error("stack() reads the machinery ranges (only caller and stackdepth do)")
	}
}

// stack(n) records the frames skipped and n+abi.StackExtra PCs with
// bpf_get_stack, skipping the frames the trampoline says; ustack(n) the
// pid and n PCs with BPF_F_USER_STACK.
func TestStackRecords(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\tstack(5);\n\tustack(7);\n\texit(0);\n}\n")
	r := prog.Records[0]
	if len(r.Fields) != 3 {
		t.Fatalf("%d fields, want 3", len(r.Fields))
	}
	k, u := r.Fields[0], r.Fields[1]
	if k.Sym == nil || k.Sym.Kind != abi.SymStack || k.Sym.Frames != 5 || k.Size != 8*(1+5+abi.StackExtra) {
		t.Errorf("stack(5) field: %+v %+v", k, k.Sym)
	}
	if u.Sym == nil || u.Sym.Kind != abi.SymUStack || u.Sym.Frames != 7 || u.Size != 8*(1+7) {
		t.Errorf("ustack(7) field: %+v %+v", u, u.Sym)
	}
	for line, want := range map[int]struct {
		size  int32
		flags int32
	}{3: {8 * (5 + abi.StackExtra), -1}, 4: {8 * 7, 1 << 8}} {
		insns := stmt(t, prog, line)
		at := calls(insns, asm.FnGetStack)
		if len(at) != 1 {
			t.Fatalf("line %d: %d bpf_get_stack calls:\n%v", line, len(at), insns)
		}
		var size, flags int32 = -2, -2
		for _, ins := range insns[:at[0]] {
			switch {
			case ins.Dst == asm.R3 && ins.OpCode.ALUOp() == asm.Mov:
				size = int32(ins.Constant)
			case ins.Dst == asm.R4 && ins.OpCode.ALUOp() == asm.Mov && ins.OpCode.Source() == asm.ImmSource:
				flags = int32(ins.Constant)
			case ins.Dst == asm.R4 && ins.OpCode.Class() == asm.LdXClass && ins.Src == asm.RFP:
				flags = -1 // the skip, from the trampoline's R3
			}
		}
		if size != want.size || flags != want.flags {
			t.Errorf("line %d: size %d flags %d, want %d %d", line, size, flags, want.size, want.flags)
		}
	}
	// A user stack announces its process.
	if len(calls(stmt(t, prog, 4), asm.FnRingbufOutput)) != 1 {
		t.Error("ustack() sends no process notice")
	}
}

// Stack keys hold a header and the id of their stack: the PCs are
// captured into a value of the table of their kind, sized by the largest
// stack of that kind keying any aggregation, hashed, and looked up (then
// inserted only when absent) by id; the aggregation holds as many keys as
// it would if keys held their PCs.
func TestStackKeys(t *testing.T) {
	prog, err := build("BEGIN\n{\n\t@[stack(), 1] = count();\n\t@[ustack(3), 2] = count();\n\t@[stack(5), 3] = count();\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	a := prog.Aggs[0]
	if a.KeySize != abi.StackKeySize+8 || len(a.KeySyms) != 2 || a.KeySyms[0] == nil || a.KeySyms[0].KeySize() != abi.StackKeySize {
		t.Fatalf("aggregation: key size %d (want %d), key syms %+v", a.KeySize, abi.StackKeySize+8, a.KeySyms)
	}
	kframes := abi.DefaultStackFrames + abi.StackExtra
	maps := map[string]*codegen.MapDesc{}
	for _, m := range prog.Maps {
		maps[m.Name] = m
	}
	if m := maps[a.Map]; m == nil || m.MaxEntries != codegen.DefaultAggSize/(8*(1+kframes)+8+8) {
		t.Errorf("aggregation map %+v: not sized as keys of PCs", m)
	}
	for name, frames := range map[string]int{abi.KStackMap: kframes, abi.UStackMap: 3} {
		m := maps[name]
		if m == nil {
			t.Errorf("no map %s", name)
			continue
		}
		if m.Kind != codegen.HashMap || m.KeySize != 8 || m.ValueSize != 8*(1+frames) || m.MaxEntries != codegen.DefaultAggSize/(8*(1+frames)+8) {
			t.Errorf("map %s: %+v", name, m)
		}
	}
	for line, want := range map[int]struct {
		size  int32
		table string
	}{3: {int32(8 * kframes), abi.KStackMap}, 4: {8 * 3, abi.UStackMap}, 5: {8 * (5 + abi.StackExtra), abi.KStackMap}} {
		insns := stmt(t, prog, line)
		at := calls(insns, asm.FnGetStack)
		if len(at) != 1 {
			t.Fatalf("line %d: %d bpf_get_stack calls:\n%v", line, len(at), insns)
		}
		size := int32(-1)
		for _, ins := range insns[:at[0]] {
			if ins.Dst == asm.R3 && ins.OpCode.ALUOp() == asm.Mov && ins.OpCode.Source() == asm.ImmSource {
				size = int32(ins.Constant)
			}
		}
		if size != want.size {
			t.Errorf("line %d: captures %d bytes, want %d", line, size, want.size)
		}
		// The table is looked up and inserted into with BPF_NOEXIST,
		// once per id tried, before the aggregation.
		var lookups, inserts int
		for i, ins := range insns {
			if ins.Reference() != want.table {
				continue
			}
			for j := i + 1; j < len(insns); j++ {
				if isCall(insns[j], asm.FnMapLookupElem) {
					lookups++
					break
				}
				if isCall(insns[j], asm.FnMapUpdateElem) {
					inserts++
					for _, p := range insns[i:j] {
						if p.Dst == asm.R4 && p.OpCode.ALUOp() == asm.Mov && p.Constant != 1 {
							t.Errorf("line %d: the table is updated with flags %d, not BPF_NOEXIST", line, p.Constant)
						}
					}
					break
				}
			}
		}
		if lookups != 2*abi.StackProbes || inserts != abi.StackProbes {
			t.Errorf("line %d: %d lookups and %d inserts of %s, want %d and %d", line, lookups, inserts, want.table, 2*abi.StackProbes, abi.StackProbes)
		}
	}
}

// The BPF program's hash of a stack (abi.StackID) depends on every PC,
// their order and their number.
func TestStackID(t *testing.T) {
	ids := map[uint64][]uint64{}
	for _, pcs := range [][]uint64{nil, {0x1000}, {0x1000, 0x2000}, {0x2000, 0x1000}, {0x1000, 0x2000, 0x3000}, {0x1001, 0x2000}} {
		id := abi.StackID(pcs)
		if other, ok := ids[id]; ok {
			t.Errorf("stacks %x and %x have one id %#x", other, pcs, id)
		}
		ids[id] = pcs
		if abi.StackID(slices.Clone(pcs)) != id {
			t.Errorf("stack %x: id not stable", pcs)
		}
	}
}

// abi.StackKey decodes the header symKey stores.
func TestStackKeyDecode(t *testing.T) {
	b := append([]byte{0x39, 0x30, 0, 0, 0, 100, 0, byte(abi.SymUStack)}, make([]byte, 8)...)
	s, pid, skip, ok := abi.StackKey(b)
	if !ok || s.Kind != abi.SymUStack || s.Frames != 100 || s.Slot != abi.StackKeySize || pid != 12345 || skip != 0 {
		t.Errorf("abi.StackKey = %+v %d %d %v", s, pid, skip, ok)
	}
	b = []byte{0, 0, 0, 0, 3, 20, 0, byte(abi.SymStack)}
	s, _, skip, ok = abi.StackKey(b)
	if !ok || s.Kind != abi.SymStack || s.Frames != 20 || skip != 3 {
		t.Errorf("abi.StackKey = %+v %d %v", s, skip, ok)
	}
	for _, bad := range [][]byte{nil, make([]byte, 7), make([]byte, 8), {0, 0, 0, 0, 0, 1, 0, 9},
		{0, 0, 0, 0, 0, 200, 0, byte(abi.SymStack)}} {
		if _, _, _, ok := abi.StackKey(bad); ok {
			t.Errorf("abi.StackKey(%v) decoded", bad)
		}
	}
}

// caller reads the tracepoint machinery's ranges; the symbol functions
// record an address (sym, mod) or a pid and an address (usym...).
func TestSymbols(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\ttrace(func(caller));\n\ttrace(umod(ucaller));\n\t@[usym(ucaller)] = count();\n}\n")
	if !codegen.UsesMachinery(prog.Clauses[0]) {
		t.Error("caller does not read the machinery ranges")
	}
	r := prog.Records[0]
	if f := r.Fields[0]; f.Sym == nil || f.Sym.Kind != abi.SymSym || f.Size != 8 {
		t.Errorf("func(): %+v", f)
	}
	if f := r.Fields[1]; f.Sym == nil || f.Sym.Kind != abi.SymUMod || f.Size != 16 {
		t.Errorf("umod(): %+v", f)
	}
	if a := prog.Aggs[0]; a.KeySize != 16 || a.KeySyms[0] == nil || a.KeySyms[0].Kind != abi.SymUSym {
		t.Errorf("usym() key: %+v", a)
	}
}

func TestStackFramesOption(t *testing.T) {
	prog := compileOpts(t, "BEGIN\n{\n\tstack();\n\tustack();\n\tjstack();\n\tstack(500);\n}\n", codegen.Options{StackFrames: 3, UStackFrames: 4})
	var got []int
	for _, f := range prog.Records[0].Fields {
		got = append(got, f.Sym.Frames)
	}
	want := []int{3, 4, abi.DefaultJStackFrames, abi.MaxStackFrames}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("frames %v, want %v", got, want)
		}
	}
}

// Mixing symbol functions of different kinds in one key is refused.
func TestSymbolKeyMix(t *testing.T) {
	if _, err := build("BEGIN\n{\n\t@[sym(0)] = count();\n\t@[mod(0)] = count();\n}\n"); err == nil {
		t.Error("sym() and mod() keyed one aggregation")
	}
}

// maxframes caps the frames stack(), ustack() and jstack() capture,
// whether asked for or the defaults, silently, as DTrace for Linux.
func TestMaxFrames(t *testing.T) {
	src := "BEGIN\n{\n\tstack(10);\n\tustack();\n\tstack(2);\n}\n"
	for _, c := range []struct {
		max  int
		want []int
	}{{0, []int{10, 100, 2}}, {3, []int{3, 3, 2}}} {
		prog := compileOpts(t, src, codegen.Options{MaxFrames: c.max})
		var got []int
		for _, f := range prog.Records[0].Fields {
			got = append(got, f.Sym.Frames)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("maxframes=%d: frames %v, want %v", c.max, got, c.want)
		}
	}
}

// A clause reads the kernel frames to skip from R3, which the linker sets
// per trampoline: all of them where dtrace fires the probe itself
// (Stack.None: BEGIN, END), the provider's Skip elsewhere, so that a
// clause enabled on BEGIN and on a system call sees no kernel stack on
// BEGIN only.
func TestNoKernelStackOnBegin(t *testing.T) {
	prog := compile(t, "BEGIN, syscall::read:entry\n{\n\tstack();\n}\n")
	cl := prog.Clauses[0]
	for _, tc := range []struct {
		stack codegen.Stack
		skip  int64
	}{
		{codegen.Stack{Skip: 3}, 3},
		{codegen.Stack{Skip: 3, None: true}, 0xff},
	} {
		tramp := &codegen.Trampoline{Name: "t", Probes: []uint32{1}, Stack: tc.stack,
			Fragment: func(abi.CtxUse) (asm.Instructions, error) { return nil, nil }}
		insns, err := prog.Link(tramp, &codegen.Enablings{ByProbe: map[uint32][]*codegen.Clause{1: {cl}}})
		if err != nil {
			t.Fatal(err)
		}
		skip, found := int64(-1), false
		for i, ins := range insns {
			// The program's only clause is jumped to.
			if (ins.IsFunctionCall() || ins.OpCode.JumpOp() == asm.Ja) && ins.Reference() == cl.Symbol {
				for _, prev := range insns[:i] {
					if prev.Dst == asm.R3 && prev.OpCode.ALUOp() == asm.Mov && prev.OpCode.Source() == asm.ImmSource {
						skip = prev.Constant
					}
				}
				found = true
				break
			}
		}
		if !found || skip != tc.skip {
			t.Errorf("%+v: the clause is called with R3 = %d (call found %v), want %d", tc.stack, skip, found, tc.skip)
		}
	}
}

// A program's only clause, reading kernel stacks, is jumped to: it runs in
// the program's frame, so that where stacks are unwound from the helper's
// caller (Stack.FromHelper) one frame less is skipped. Next to another
// clause it is called, with the provider's Skip.
func TestSoleStackClauseJumped(t *testing.T) {
	prog := compile(t, "syscall::read:entry\n{\n\tstack();\n}\nsyscall::read:entry\n{\n\ttrace(1);\n}\n")
	stackCl, other := prog.Clauses[0], prog.Clauses[1]
	for _, tc := range []struct {
		name   string
		clause []*codegen.Clause
		stack  codegen.Stack
		jumped bool
		skip   int64
	}{
		{"sole, from the helper", []*codegen.Clause{stackCl}, codegen.Stack{Skip: 3, FromHelper: true}, true, 2},
		{"sole, from the traced code", []*codegen.Clause{stackCl}, codegen.Stack{Skip: 3}, true, 3},
		{"with another", []*codegen.Clause{stackCl, other}, codegen.Stack{Skip: 3, FromHelper: true}, false, 3},
	} {
		tramp := &codegen.Trampoline{Name: "t", Probes: []uint32{1, 2}, Stack: tc.stack,
			Fragment: func(abi.CtxUse) (asm.Instructions, error) { return nil, nil }}
		insns, err := prog.Link(tramp, &codegen.Enablings{ByProbe: map[uint32][]*codegen.Clause{1: tc.clause, 2: tc.clause}})
		if err != nil {
			t.Fatal(err)
		}
		skip, jumped, called := int64(-1), false, false
		for i, ins := range insns {
			if ins.Reference() != stackCl.Symbol {
				continue
			}
			jumped = jumped || ins.OpCode.JumpOp() == asm.Ja
			called = called || ins.IsFunctionCall()
			for _, prev := range insns[:i] {
				if prev.Dst == asm.R3 && prev.OpCode.ALUOp() == asm.Mov && prev.OpCode.Source() == asm.ImmSource {
					skip = prev.Constant
				}
			}
		}
		if jumped != tc.jumped || called == tc.jumped || skip != tc.skip {
			t.Errorf("%s: jumped to %v, called %v, R3 = %d; want jumped %v, R3 = %d", tc.name, jumped, called, skip, tc.jumped, tc.skip)
		}
	}
}

// ustack() as an action and as a key walks the stack with call-frame
// information: a bpf_loop whose callback is one of the clause's own
// functions, the kernel's frame-pointer walk (bpf_get_stack) left for a
// process without tables; the linked program carries the callbacks, each
// once, and every function's BTF information, which the kernel requires
// of a program with callbacks.
func TestUStackUnwind(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("call-frame unwinding is x86-64's")
	}
	prog, err := build("BEGIN\n{\n\tustack();\n\t@[ustack(7)] = count();\n}\n")
	if err != nil {
		t.Fatal(err)
	}
	cl := prog.Clauses[0]
	var cbs []string
	for _, line := range []int{3, 4} {
		insns := stmt(t, prog, line)
		loops := calls(insns, asm.FnLoop)
		if len(loops) != 1 || len(calls(insns, asm.FnGetStack)) != 1 {
			t.Fatalf("line %d: %d bpf_loop calls, %d bpf_get_stack calls, want 1 each", line, len(loops), len(calls(insns, asm.FnGetStack)))
		}
		for _, ins := range insns[:loops[0]] {
			if ins.IsLoadOfFunctionPointer() {
				cbs = append(cbs, ins.Reference())
			}
		}
	}
	if len(cbs) != 2 || cbs[0] == cbs[1] {
		t.Fatalf("callbacks %v, want two", cbs)
	}
	for _, cb := range cbs {
		if !slices.ContainsFunc(cl.Funcs, func(ins asm.Instruction) bool { return ins.Symbol() == cb }) {
			t.Errorf("callback %s not among the clause's functions", cb)
		}
	}
	names := map[string]bool{}
	for _, m := range prog.Maps {
		names[m.Name] = true
	}
	if !names[abi.UnwindRowsMap] || !names[abi.UnwindProcsMap] {
		t.Errorf("maps %v: no unwind maps", names)
	}
	tramp := &codegen.Trampoline{Name: "t", Probes: []uint32{1},
		Fragment: func(abi.CtxUse) (asm.Instructions, error) { return nil, nil }}
	insns, err := prog.Link(tramp, &codegen.Enablings{ByProbe: map[uint32][]*codegen.Clause{1: {cl}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, cb := range append(cbs, cl.Symbol) {
		n := 0
		for _, ins := range insns {
			if ins.Symbol() == cb {
				n++
				// The program's only clause is jumped to: part of the
				// main function.
				if btf.FuncMetadata(&ins) == nil && cb != cl.Symbol {
					t.Errorf("function %s has no BTF information", cb)
				}
			}
		}
		if n != 1 {
			t.Errorf("function %s placed %d times", cb, n)
		}
	}
}
