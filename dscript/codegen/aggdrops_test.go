package codegen_test

import (
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
)

// A new aggregation key the kernel cannot store for where its probe fired
// (ENOMEM, EBUSY) is counted apart from one aggsize has no room for
// (E2BIG); one another firing stored first (EEXIST) is no loss.
func TestAggUpdateErrors(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\t@[pid] = count();\n}\n")
	s := stmt(t, prog, 3)
	up := calls(s, asm.FnMapUpdateElem)
	if len(up) != 1 {
		t.Fatalf("%d updates:\n%v", len(up), s)
	}
	// The error codes tested, and the counters incremented (a store at
	// the counter's offset from R9), in order after the update.
	var codes []int64
	var counters []int
	for _, ins := range s[up[0]+1:] {
		switch {
		case ins.OpCode.JumpOp() == asm.JEq && ins.Dst == asm.R0 && ins.Constant < 0:
			codes = append(codes, ins.Constant)
		case ins.OpCode.Class() == asm.StXClass && ins.Dst == asm.R9:
			for _, k := range []abi.Counter{abi.CounterAggDrops, abi.CounterAggContext} {
				if int(ins.Offset) == k.Offset() {
					counters = append(counters, int(k))
				}
			}
		}
	}
	if want := []int64{-17, -12, -16}; len(codes) != 3 || codes[0] != want[0] || codes[1] != want[1] || codes[2] != want[2] {
		t.Errorf("error codes tested %v, want %v", codes, want)
	}
	if len(counters) != 2 || counters[0] != int(abi.CounterAggDrops) || counters[1] != int(abi.CounterAggContext) {
		t.Errorf("counters %v, want the aggregation drops', then the context's", counters)
	}
}
