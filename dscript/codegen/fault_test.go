package codegen_test

import (
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// faultSites returns, for each fault site of insns (the store of the code
// and pc into the fault area, which follows the store of the value), the
// code, the pc it records and the site's actual offset in instructions.
func faultSites(insns asm.Instructions) (codes []abi.Fault, pcs, offsets []int) {
	pc := 0
	for i, ins := range insns {
		next := i + 1
		if ins.OpCode.Class() == asm.StXClass && next < len(insns) &&
			insns[next].OpCode.Class() == asm.StClass && insns[next].Offset == ins.Offset+8 &&
			next+1 < len(insns) && insns[next+1].OpCode.JumpOp() == asm.Ja &&
			strings.HasSuffix(insns[next+1].Reference(), "_fault") {
			codes = append(codes, abi.Fault(insns[next].Constant&0xff))
			pcs = append(pcs, int(insns[next].Constant>>8))
			offsets = append(offsets, pc)
		}
		pc += int(ins.Size() / asm.InstructionSize)
	}
	return codes, pcs, offsets
}

// Each fault site records its fault code and its own offset in the
// clause's function (the BPF pc of the report), and the clause ends with
// the fault exit that stores the clause's index and returns 1.
func TestFaultSites(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\tx = 0;\n}\n\nBEGIN\n{\n\ty = 1 / x;\n\tz = *(int *)y;\n}\n")
	if codegen.CanFault(prog.Clauses[0]) {
		t.Error("clause 0 cannot fault, but CanFault says it can")
	}
	cl := prog.Clauses[1]
	if !codegen.CanFault(cl) {
		t.Fatal("clause 1 divides and dereferences, but CanFault says it cannot fault")
	}
	codes, pcs, offsets := faultSites(cl.Insns)
	if len(codes) != 2 || codes[0] != abi.FaultDivZero || codes[1] != abi.FaultBadAddr {
		t.Fatalf("fault sites %v, want divide-by-zero then bad address", codes)
	}
	for i := range pcs {
		if pcs[i] != offsets[i] {
			t.Errorf("site %d records pc %d, is at %d", i, pcs[i], offsets[i])
		}
	}
	n := len(cl.Insns)
	tail := cl.Insns[n-4:]
	if tail[0].Symbol() != cl.Symbol+"_fault" || tail[0].Constant != 1 || tail[1].Constant != 1 ||
		tail[2].OpCode.ALUOp() != asm.Mov || tail[2].Constant != 1 || tail[3].OpCode.JumpOp() != asm.Exit {
		t.Errorf("clause does not end with its fault exit:\n%v", tail)
	}
}

// ErrorFunc exists only for a program with a clause that can fault; it
// calls the ERROR clauses it is given, gives arg1 the faulting probe's
// id, looks the statement up only where a clause that can fault has
// several probe descriptions, and counts the faults of the handlers that
// can fault.
func TestErrorFunc(t *testing.T) {
	if f := compile(t, "BEGIN\n{\n\tx = 1;\n}\n").ErrorFunc(3, nil, codegen.ErrorStacks{}); f != nil {
		t.Errorf("a program that cannot fault has an ERROR function:\n%v", f)
	}
	count := func(f asm.Instructions, sym string) (calls, lookups, dbl int) {
		for _, ins := range f {
			if ins.IsFunctionCall() && ins.Reference() == sym {
				calls++
			}
			if ins.Reference() == abi.EPIDMap {
				lookups++
			}
			if ins.OpCode.Class() == asm.StXClass && ins.Offset == int16(abi.CounterDblErrors.Offset()) {
				dbl++
			}
		}
		return
	}
	prog := compile(t, "ERROR\n{\n\ttrace(arg4);\n}\n\nBEGIN\n{\n\tx = 0;\n\tx = 1 / x;\n}\n")
	f := prog.ErrorFunc(3, prog.Clauses[:1], codegen.ErrorStacks{})
	if len(f) == 0 || f[0].Symbol() != codegen.ErrorSymbol {
		t.Fatalf("no ERROR function")
	}
	if calls, lookups, dbl := count(f, prog.Clauses[0].Symbol); calls != 1 || lookups != 0 || dbl != 0 {
		t.Errorf("ERROR function calls the handler %d times, looks statements up %d times, counts double errors %d times, want 1, 0, 0:\n%v", calls, lookups, dbl, f)
	}
	if prog.NeedsEPIDs() {
		t.Error("a program whose clauses have one description each needs the enablings' map")
	}
	arg1 := false
	for i := 1; i < len(f); i++ {
		if f[i-1].OpCode.Class() == asm.LdXClass && f[i-1].Offset == abi.CtxProbeID &&
			f[i].OpCode.Class() == asm.StXClass && f[i].Offset == abi.CtxArg(1) {
			arg1 = true
		}
	}
	if !arg1 {
		t.Errorf("ERROR function does not give arg1 the faulting probe's id:\n%v", f)
	}

	prog = compile(t, "ERROR\n{\n\ttrace(*(int *)arg5);\n}\n\nBEGIN, END\n{\n\tx = 0;\n\tx = 1 / x;\n}\n")
	if !prog.NeedsEPIDs() {
		t.Error("a clause of two descriptions that can fault does not need the enablings' map")
	}
	f = prog.ErrorFunc(3, prog.Clauses[:1], codegen.ErrorStacks{})
	if calls, lookups, dbl := count(f, prog.Clauses[0].Symbol); calls != 1 || lookups != 1 || dbl != 1 {
		t.Errorf("ERROR function calls the handler %d times, looks statements up %d times, counts double errors %d times, want 1, 1, 1:\n%v", calls, lookups, dbl, f)
	}
	if prog.Clauses[0].Stmt != 0 || prog.Clauses[1].Stmt != 1 {
		t.Errorf("statements %d and %d, want 0 and 1", prog.Clauses[0].Stmt, prog.Clauses[1].Stmt)
	}
}

// ERROR clauses that capture stacks or read caller are called with the
// program's context (kept in R7 from the R2 ErrorFunc is called with), the
// frames to skip and the machinery's ranges; others with R1 only.
func TestErrorFuncStacks(t *testing.T) {
	prog := compile(t, "ERROR\n{\n\tstack();\n\t@[caller] = count();\n}\n\nERROR\n{\n\ttrace(arg4);\n}\n\nBEGIN\n{\n\tx = 0;\n\tx = 1 / x;\n}\n")
	if !codegen.HandlersReadRawCtx(prog.Clauses[:2]) || codegen.HandlersReadRawCtx(prog.Clauses[1:2]) {
		t.Fatal("HandlersReadRawCtx is wrong")
	}
	f := prog.ErrorFunc(3, prog.Clauses[:2], codegen.ErrorStacks{Skip: 4, MachA: 5, MachB: 6})
	if len(f) < 2 || f[1].OpCode.ALUOp() != asm.Mov || f[1].Dst != asm.R7 || f[1].Src != asm.R2 {
		t.Fatalf("ERROR function does not keep R2 in R7:\n%v", f)
	}
	var before [][]asm.Instruction
	last := 0
	for i, ins := range f {
		if ins.IsFunctionCall() && (ins.Reference() == prog.Clauses[0].Symbol || ins.Reference() == prog.Clauses[1].Symbol) {
			before = append(before, f[last:i])
			last = i + 1
		}
	}
	if len(before) != 2 {
		t.Fatalf("ERROR function calls %d handlers, want 2:\n%v", len(before), f)
	}
	set := func(insns []asm.Instruction, r asm.Register) (int64, bool) {
		v, ok := int64(0), false
		for _, ins := range insns {
			if ins.Dst == r && ins.OpCode.Class().IsALU() || ins.Dst == r && ins.OpCode.IsDWordLoad() {
				v, ok = ins.Constant, true
				if ins.OpCode.Source() == asm.RegSource && ins.OpCode.Class().IsALU() {
					v = -int64(ins.Src) - 1
				}
			}
		}
		return v, ok
	}
	want := map[asm.Register]int64{asm.R2: -int64(asm.R7) - 1, asm.R3: 4, asm.R4: 5, asm.R5: 6}
	for r, w := range want {
		if v, ok := set(before[0], r); !ok || v != w {
			t.Errorf("stack-capturing handler: %v = %d (set %v), want %d", r, v, ok, w)
		}
		if _, ok := set(before[1], r); ok {
			t.Errorf("other handler is called with %v set", r)
		}
	}

	// Without such handlers, nothing of it.
	g := prog.ErrorFunc(3, prog.Clauses[1:2], codegen.ErrorStacks{Skip: 4})
	for _, ins := range g {
		if ins.Dst == asm.R7 || ins.Src == asm.R7 {
			t.Fatalf("ERROR function without stack handlers uses R7:\n%v", g)
		}
	}
}
