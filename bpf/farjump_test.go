package bpf

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/cilium/ebpf/asm"
)

// farProgram is a forward conditional jump, a forward plain jump and a
// backward conditional jump, each across n instructions.
func farProgram(n int) asm.Instructions {
	insns := asm.Instructions{
		asm.Mov.Imm(asm.R0, 0).WithSymbol("top"),
		asm.JEq.Imm(asm.R0, 1, "far"),
		asm.Ja.Label("far"),
	}
	for range n {
		insns = append(insns, asm.Mov.Imm(asm.R1, 1))
	}
	insns = append(insns,
		asm.JNE.Imm(asm.R0, 0, "top").WithSymbol("far"),
		asm.Return(),
	)
	return insns
}

// decode marshals insns, resolving their labels, and decodes them again.
func decode(t *testing.T, insns asm.Instructions) asm.Instructions {
	t.Helper()
	var buf bytes.Buffer
	if err := insns.Marshal(&buf, binary.LittleEndian); err != nil {
		t.Fatal(err)
	}
	var out asm.Instructions
	for buf.Len() > 0 {
		var ins asm.Instruction
		if err := ins.Unmarshal(&buf, binary.LittleEndian, "linux"); err != nil {
			t.Fatal(err)
		}
		out = append(out, ins)
	}
	return out
}

// target returns the index in raw the jump at index i lands on.
func target(raw asm.Instructions, i int) int {
	d := int(raw[i].Offset)
	if raw[i].OpCode.Class() == asm.Jump32Class && raw[i].OpCode.JumpOp() == asm.Ja {
		d = int(raw[i].Constant)
	}
	return i + 1 + d
}

func TestFarJumpsNear(t *testing.T) {
	insns := farProgram(100)
	if got := farJumps(insns); len(got) != len(insns) {
		t.Fatalf("near jumps rewritten: %d instructions, want %d", len(got), len(insns))
	}
}

func TestFarJumps(t *testing.T) {
	const n = 40000
	raw := decode(t, farJumps(farProgram(n)))
	// The conditional jump: if r0 == 1 goto +1; goto +1; gotol far.
	far := len(raw) - 4
	switch {
	case raw[1].OpCode.JumpOp() != asm.JEq || target(raw, 1) != 3:
		t.Errorf("insn 1 = %v, want a JEq to insn 3", raw[1])
	case raw[2].OpCode.JumpOp() != asm.Ja || target(raw, 2) != 4:
		t.Errorf("insn 2 = %v, want a jump to insn 4", raw[2])
	case raw[3].OpCode.Class() != asm.Jump32Class || target(raw, 3) != far:
		t.Errorf("insn 3 = %v, want a long jump to %d", raw[3], far)
	case raw[4].OpCode.Class() != asm.Jump32Class || target(raw, 4) != far:
		t.Errorf("insn 4 = %v, want the plain jump made long, to %d", raw[4], far)
	}
	// The backward jump at far: if r0 != 0 goto +1; goto +1; gotol top.
	if raw[far].OpCode.JumpOp() != asm.JNE || target(raw, far) != far+2 ||
		raw[far+1].OpCode.JumpOp() != asm.Ja || target(raw, far+1) != far+3 {
		t.Fatalf("insns %d, %d = %v, %v: want the backward jump's pair", far, far+1, raw[far], raw[far+1])
	}
	// The rewriting moved "far" down: the label is still the JNE's.
	if raw[far+2].OpCode.Class() != asm.Jump32Class || target(raw, far+2) != 0 {
		t.Errorf("insn %d = %v, want a long jump to 0", far+2, raw[far+2])
	}
	if len(raw) != n+9 {
		t.Errorf("%d instructions, want %d", len(raw), n+9)
	}
}
