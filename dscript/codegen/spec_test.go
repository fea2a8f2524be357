package codegen_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// compileSpec compiles src with opts, returning the error.
func compileSpec(t *testing.T, src string, opts codegen.Options) (*codegen.Program, error) {
	t.Helper()
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	return codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, opts)
}

// cmpxchgs returns the atomic compare-and-exchange instructions of insns.
func cmpxchgs(insns asm.Instructions) []asm.Instruction {
	var out []asm.Instruction
	for _, ins := range insns {
		if ins.OpCode.AtomicOp() == asm.CmpXchg {
			out = append(out, ins)
		}
	}
	return out
}

// specMap returns the program's abi.SpecMap, or nil.
func specMap(p *codegen.Program) *codegen.MapDesc {
	for _, m := range p.Maps {
		if m.Name == abi.SpecMap {
			return m
		}
	}
	return nil
}

// speculation() tries each of the nspec speculations with a
// compare-and-exchange, whose encoded immediate is BPF_CMPXCHG (an
// instruction left to cilium/ebpf's default is emitted as an atomic add).
func TestSpeculationClaimsEachSpeculation(t *testing.T) {
	p, err := compileSpec(t, "BEGIN\n{\n\ts = speculation();\n}\n", codegen.Options{NSpec: 3})
	if err != nil {
		t.Fatal(err)
	}
	m := specMap(p)
	if m == nil || m.Kind != codegen.ArrayMap || m.ValueSize != 24 || m.MaxEntries != 1 {
		t.Fatalf("speculation map %+v, want a one-entry array of 24 bytes", m)
	}
	xs := cmpxchgs(p.Clauses[0].Insns)
	if len(xs) != 3 {
		t.Fatalf("%d compare-and-exchanges, want 3:\n%v", len(xs), p.Clauses[0].Insns)
	}
	for i, ins := range xs {
		if ins.Offset != int16(8*i) {
			t.Errorf("compare-and-exchange %d at offset %d, want %d", i, ins.Offset, 8*i)
		}
		var b bytes.Buffer
		if _, err := ins.Marshal(&b, binary.LittleEndian); err != nil {
			t.Fatal(err)
		}
		if imm := binary.LittleEndian.Uint32(b.Bytes()[4:]); imm != 0xf1 {
			t.Errorf("compare-and-exchange %d encoded with immediate %#x, want 0xf1 (BPF_CMPXCHG)", i, imm)
		}
	}
}

// With nspec=0 speculation() claims nothing: it only counts a failure.
func TestSpeculationNoSpec(t *testing.T) {
	p, err := compileSpec(t, "BEGIN\n{\n\ts = speculation();\n}\n", codegen.Options{NSpec: codegen.NoSpec})
	if err != nil {
		t.Fatal(err)
	}
	if xs := cmpxchgs(p.Clauses[0].Insns); len(xs) != 0 {
		t.Errorf("%d compare-and-exchanges with nspec=0, want none", len(xs))
	}
	if m := specMap(p); m == nil || m.ValueSize != 8 {
		t.Errorf("speculation map %+v, want 8 bytes", m)
	}
}

// An nspec above MaxNSpec is a clear "not supported" error.
func TestSpeculationTooMany(t *testing.T) {
	_, err := compileSpec(t, "BEGIN\n{\n\ts = speculation();\n}\n", codegen.Options{NSpec: codegen.MaxNSpec + 1})
	if !errors.Is(err, codegen.ErrNotSupported) || !strings.Contains(err.Error(), "nspec=65") {
		t.Errorf("nspec=%d: %v, want a not-supported error naming it", codegen.MaxNSpec+1, err)
	}
}

// A clause without speculate() is compiled as before: no speculation map,
// one ring buffer output; a speculating clause has a second output (its
// tagged record) and compares its bytes with specsize.
func TestSpeculateRecordPaths(t *testing.T) {
	plain := compile(t, "BEGIN\n{\n\tprintf(\"%d\\n\", 1);\n}\n")
	if specMap(plain) != nil {
		t.Error("a program without speculations has a speculation map")
	}
	if n := len(calls(plain.Clauses[0].Insns, asm.FnRingbufOutput)); n != 1 {
		t.Errorf("%d outputs in a plain clause, want 1", n)
	}
	p, err := compileSpec(t, "BEGIN\n{\n\tspeculate(1);\n\tprintf(\"%d\\n\", 1);\n}\n", codegen.Options{SpecSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	s := p.Clauses[0].Insns
	if n := len(calls(s, asm.FnRingbufOutput)); n != 2 {
		t.Errorf("%d outputs in a speculating clause, want 2", n)
	}
	found := false
	for _, ins := range s {
		if ins.OpCode.JumpOp() == asm.JGT && ins.OpCode.Source() == asm.ImmSource && ins.Constant == 1000 {
			found = true
		}
	}
	if !found {
		t.Errorf("no comparison with specsize 1000:\n%v", s)
	}
}

// A clause whose only action is speculate() records an empty record, as
// DTrace's does; one with another statement records nothing.
func TestSpeculateAlone(t *testing.T) {
	p, err := compileSpec(t, "BEGIN\n{\n\tspeculate(1);\n}\nBEGIN\n{\n\tspeculate(1);\n\tx = 1;\n}\n", codegen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Records) != 1 || p.Records[0].Clause != 0 || len(p.Records[0].Fields) != 0 {
		t.Errorf("records %+v, want one empty record of clause 0", p.Records)
	}
}

func TestSpecTag(t *testing.T) {
	kind, id, gen := abi.SplitSpecTag(abi.SpecCommit<<28 | 0xabcde<<8 | 7)
	if kind != abi.SpecCommit || id != 7 || gen != 0xabcde {
		t.Errorf("abi.SplitSpecTag: kind %d, id %d, gen %#x", kind, id, gen)
	}
}
