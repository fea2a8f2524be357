package codegen_test

import (
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// fillReserves returns the bytes each clause's fill check reserves (the
// constant added to this CPU's count before comparing it with the limit),
// or -1 for a clause without a check.
func fillReserves(prog *codegen.Program) []int64 {
	var out []int64
	for _, cl := range prog.Clauses {
		n := int64(-1)
		for i := 0; i+2 < len(cl.Insns); i++ {
			ins := cl.Insns[i]
			if isLoadFrom(ins, asm.R9, abi.ScratchFill) && cl.Insns[i+1].OpCode.ALUOp() == asm.Add &&
				isLoadFrom(cl.Insns[i+2], asm.R8, abi.GlobalFillAt) {
				n = cl.Insns[i+1].Constant
				break
			}
		}
		out = append(out, n)
	}
	return out
}

// Under bufpolicy=fill, a clause that records reserves all its records'
// bytes at its start (after its predicate); one that records nothing has
// no check. Without fill, nothing of it is compiled.
func TestFillReserve(t *testing.T) {
	src := "BEGIN\n{\n\tx = 1;\n}\n\n" +
		"BEGIN\n/x/\n{\n\tprintf(\"%d\\n\", x);\n\tif (x) {\n\t\ttrace(1);\n\t}\n}\n\n" +
		"END\n{\n}\n"
	prog := compileOpts(t, src, codegen.Options{Fill: true})
	var want []int64
	for i := range prog.Clauses {
		n := int64(0)
		for _, r := range prog.Records {
			if r.Clause == i {
				n += int64(r.Size)
			}
		}
		if n == 0 {
			n = -1
		}
		want = append(want, n)
	}
	got := fillReserves(prog)
	if len(got) != 3 || got[0] != -1 || got[1] != want[1] || got[2] != want[2] || want[1] <= int64(abi.HeaderSize) {
		t.Errorf("fill reserves %v, want %v (the second clause's two records, the third's empty record)", got, want)
	}
	// The check comes after the predicate: the clause's first load of x
	// is before it.
	cl := prog.Clauses[1].Insns
	check, pred := -1, -1
	for i, ins := range cl {
		if isLoadFrom(ins, asm.R9, abi.ScratchFill) {
			check = i
			break
		}
	}
	if loads := globalLoads(cl); len(loads) > 0 {
		pred = loads[0]
	}
	if check < 0 || pred < 0 || check < pred {
		t.Errorf("fill check at %d, predicate's load of x at %d:\n%v", check, pred, cl)
	}
	// The first CPU to fill sends a notice that wakes the reader.
	if n := len(calls(cl, asm.FnRingbufOutput)); n != 3 {
		t.Errorf("%d ring buffer outputs, want 3 (the notice and two records)", n)
	}
	for _, r := range fillReserves(compileOpts(t, src, codegen.Options{})) {
		if r != -1 {
			t.Errorf("a fill check without bufpolicy=fill")
		}
	}
}
