package codegen_test

import (
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// writesReg reports whether ins may change register r.
func writesReg(ins asm.Instruction, r asm.Register) bool {
	switch ins.OpCode.Class() {
	case asm.ALUClass, asm.ALU64Class, asm.LdClass, asm.LdXClass:
		return ins.Dst == r
	case asm.StXClass:
		// An atomic fetch writes its source register.
		return ins.OpCode.AtomicOp() != asm.InvalidAtomic && ins.Src == r
	}
	return false
}

// A clause keeps R9, the firing's scratch frame, from its first
// instruction on: the linker frees the frame through R9 where a clause
// jumped to ends the program.
func TestClausesKeepFrame(t *testing.T) {
	prog := compile(t, `BEGIN { this->s = strjoin("a", lltostr(timestamp)); trace(this->s); @[stack(), ustack()] = count(); }
BEGIN { s = speculation(); speculate(s); printf("%s %d\n", execname, pid); }
BEGIN { x = alloca(8); *(int *)x = 1; trace(strtok("a,b", ",")); trace(*(int *)0); }`)
	for _, cl := range prog.Clauses {
		for i, ins := range cl.Insns[1:] {
			if writesReg(ins, abi.RegProbeCtx) {
				t.Errorf("%s: instruction %d writes R9: %v", cl.Symbol, i+1, ins)
			}
		}
	}
}

// The linked program takes a frame before the fragment runs and frees
// it on every exit after: each exit of the main program follows the
// store that clears abi.CtxBusy, or is the end of a firing that took no
// frame. A block's last clause, jumped to, exits through that store.
func TestLinkFreesFrame(t *testing.T) {
	prog := compile(t, "BEGIN { trace(1); } BEGIN { trace(2); }")
	tr := &codegen.Trampoline{Name: "t", Probes: []uint32{1}, Fragment: func(abi.CtxUse) (asm.Instructions, error) {
		return asm.Instructions{asm.Ja.Label(abi.ProbeLabel(1))}, nil
	}}
	insns, err := prog.Link(tr, &codegen.Enablings{ByProbe: map[uint32][]*codegen.Clause{1: prog.Clauses}})
	if err != nil {
		t.Fatal(err)
	}
	free, exits, jumps := -1, 0, 0
	for i, ins := range insns {
		if i > 0 && ins.Symbol() == prog.Clauses[0].Symbol {
			break // the first function called: past the main program
		}
		if ins.Symbol() == abi.ExitLabel {
			free = i
			if ins.OpCode.Class() != asm.StClass || ins.Dst != abi.RegProbeCtx || ins.Offset != abi.CtxBusy || ins.Constant != 0 {
				t.Errorf("the exit label frees no frame: %v", ins)
			}
		}
		if ins.OpCode.JumpOp() == asm.Exit {
			exits++
		}
		if ins.OpCode.JumpOp() == asm.Ja && ins.Reference() == abi.ExitLabel {
			jumps++
		}
	}
	// The exit label's, and the end of the firings that took no frame.
	if free < 0 || exits != 2 {
		t.Errorf("exit label at %d, %d exits in the main program; want 2", free, exits)
	}
	// The exit of the clause jumped to.
	if jumps != 1 {
		t.Errorf("%d jumps to the exit label, want the last clause's", jumps)
	}
}
