package codegen_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/cilium/ebpf/asm"
	"github.com/dtrace-go/dtrace/abi"
)

// runIndex runs the straight-line bucket computation at insns[start:]
// with R1 = v until the bump's bounds check (JGE R2, bins), as the kernel
// would, and returns R2. It knows the few instructions that computation
// uses; any other fails the test.
func runIndex(t *testing.T, insns asm.Instructions, start int, v int64, bins int) int64 {
	t.Helper()
	var r [11]uint64
	r[1] = uint64(v)
	for pc, steps := start, 0; pc < len(insns); steps++ {
		if steps > len(insns) {
			t.Fatalf("no way out of the bucket computation at %d", pc)
		}
		ins := insns[pc]
		pc++
		op := ins.OpCode
		src := uint64(ins.Constant)
		if op.Source() == asm.RegSource {
			src = r[ins.Src]
		}
		if op.Class() == asm.JumpClass {
			if op.JumpOp() == asm.JGE && op.Source() == asm.ImmSource && ins.Dst == asm.R2 && ins.Constant == int64(bins) {
				return int64(r[2])
			}
			var taken bool
			switch op.JumpOp() {
			case asm.Ja:
				taken = ins.Reference() != ""
			case asm.JEq:
				taken = r[ins.Dst] == src
			case asm.JLT:
				taken = r[ins.Dst] < src
			case asm.JGE:
				taken = r[ins.Dst] >= src
			case asm.JSLT:
				taken = int64(r[ins.Dst]) < int64(src)
			case asm.JSGE:
				taken = int64(r[ins.Dst]) >= int64(src)
			default:
				t.Fatalf("unexpected jump %v", ins)
			}
			if taken {
				if pc = label(insns, ins.Reference()); pc < 0 {
					t.Fatalf("jump to a label outside the statement: %v", ins)
				}
			}
			continue
		}
		if ins.IsConstantLoad(asm.DWord) {
			r[ins.Dst] = uint64(ins.Constant)
			continue
		}
		if op.Class() != asm.ALU64Class {
			t.Fatalf("unexpected instruction %v", ins)
		}
		switch op.ALUOp() {
		case asm.Mov:
			r[ins.Dst] = src
		case asm.Add:
			r[ins.Dst] += src
		case asm.Mul:
			r[ins.Dst] *= src
		case asm.Div:
			if src == 0 {
				t.Fatalf("division by zero: %v", ins)
			}
			r[ins.Dst] /= src
		case asm.Neg:
			r[ins.Dst] = -r[ins.Dst]
		default:
			t.Fatalf("unexpected instruction %v", ins)
		}
	}
	t.Fatal("the bucket computation runs off the statement")
	return 0
}

// The kernel's llquantize() bucket is abi.LLQuantizeBucket's, for
// negative values too: the emitted instructions, run on a model of the BPF
// machine, give the same bucket for values at and around each power of
// the factor and for pseudo-random ones.
func TestLLQuantizeKernelBuckets(t *testing.T) {
	for _, p := range [][4]int{
		{10, 0, 6, 20}, {10, 1, 2, 10}, {3, 3, 5, 27}, {2, 0, 62, 2}, {2, 3, 12, 8}, {10, 0, 18, 20},
		{10, 0, 18, 10}, {3, 2, 39, 9}, {4, 2, 2, 32}, {12, 1, 2, 144}, {6, 0, 3, 36}, {10, 2, 3, 100},
		{10, 0, 6, 5}, {10, 1, 3, 2}, {16, 0, 14, 4}, {10, 2, 2, 1}, {9, 0, 4, 3},
	} {
		factor, lmag, hmag, nsteps := p[0], p[1], p[2], p[3]
		bins := abi.LLQuantizeBins(factor, lmag, hmag, nsteps)
		prog := compile(t, fmt.Sprintf("long x;\nBEGIN\n{\n\t@l = llquantize(x, %d, %d, %d, %d);\n}\n", factor, lmag, hmag, nsteps))
		if a := prog.Aggs[0]; a.ValueSize != 8*bins {
			t.Errorf("%v: value size %d, want %d", p, a.ValueSize, 8*bins)
		}
		s := stmt(t, prog, 4)
		// The computation starts after the value (R1) is popped, at
		// R3 = R1.
		start := -1
		for i, ins := range s {
			if ins.OpCode.ALUOp() == asm.Mov && ins.OpCode.Source() == asm.RegSource && ins.Dst == asm.R3 && ins.Src == asm.R1 {
				start = i
			}
		}
		if start < 0 {
			t.Fatalf("%v: no r3 = r1:\n%v", p, s)
		}
		vals := []int64{math.MinInt64, math.MinInt64 + 1, math.MaxInt64, math.MaxInt64 - 1, 0, 1, -1, 2, -2}
		for v := int64(1); v > 0 && v < math.MaxInt64/int64(factor); v *= int64(factor) {
			for _, x := range []int64{v - 1, v, v + 1, v*2 - 1, v * 2, v * 3 / 2} {
				vals = append(vals, x, -x)
			}
		}
		for x := uint64(99); len(vals) < 500; x = x*6364136223846793005 + 1442695040888963407 {
			vals = append(vals, int64(x>>(x%64)), -int64(x>>(x%64)))
		}
		for _, v := range vals {
			want := abi.LLQuantizeBucket(v, factor, lmag, hmag, nsteps)
			if got := runIndex(t, s, start, v, bins); got != int64(want) {
				t.Errorf("llquantize(%d, %v): kernel bucket %d, want %d", v, p, got, want)
			}
		}
	}
}
