package tramp

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
)

// TestDispatch runs dispatches in the kernel (BPF_PROG_TEST_RUN on a raw
// tracepoint program dispatching on args[0]) and checks where every value
// around every bound lands; without a miss label, where every value of
// every case lands.
func TestDispatch(t *testing.T) {
	for _, miss := range []string{abi.ExitLabel, ""} {
		t.Run("miss="+miss, func(t *testing.T) { testDispatch(t, miss) })
	}
}

func testDispatch(t *testing.T, miss string) {
	ptest.Require(t, ebpf.RawTracepoint)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 4, 5, 8, 17, 100, 400} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			// n cases, singletons and ranges, some adjacent, some
			// sharing targets.
			var cases []Case
			lo := uint32(rng.IntN(3))
			for i := range n {
				hi := lo
				if rng.IntN(3) == 0 {
					hi += uint32(rng.IntN(5))
				}
				cases = append(cases, Case{Lo: lo, Hi: hi, Target: fmt.Sprintf("t%d", i%7)})
				lo = hi + 1 + uint32(rng.IntN(3))
			}
			insns := asm.Instructions{asm.LoadMem(asm.R7, asm.R1, 0, asm.DWord)}
			d, err := Dispatch(asm.R7, cases, miss, "d")
			if err != nil {
				t.Fatal(err)
			}
			insns = append(insns, d...)
			for i := range min(n, 7) {
				insns = append(insns,
					asm.Mov.Imm(asm.R0, int32(i)).WithSymbol(fmt.Sprintf("t%d", i)),
					asm.Return())
			}
			if miss != "" {
				insns = append(insns, asm.Mov.Imm(asm.R0, 99).WithSymbol(miss), asm.Return())
			}
			prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
				Type: ebpf.RawTracepoint, Instructions: insns, License: "GPL",
			})
			if err != nil {
				t.Fatal(err)
			}
			defer prog.Close()
			want := func(v uint64) uint32 {
				for i, c := range cases {
					if uint64(c.Lo) <= v && v <= uint64(c.Hi) {
						return uint32(i % 7)
					}
				}
				return 99
			}
			var values []uint64
			if miss != "" {
				values = append(values, ^uint64(0), 1<<32, uint64(lo)+10)
				for _, c := range cases {
					for _, v := range []uint32{c.Lo - 1, c.Lo, c.Lo + 1, c.Hi - 1, c.Hi, c.Hi + 1} {
						values = append(values, uint64(v))
					}
				}
			} else {
				for _, c := range cases {
					for v := c.Lo; v <= c.Hi; v++ {
						values = append(values, uint64(v))
					}
				}
			}
			for _, v := range values {
				got, err := prog.Run(&ebpf.RunOptions{Context: []uint64{v}})
				if err != nil {
					t.Fatal(err)
				}
				if got != want(v) {
					t.Fatalf("value %d went to %d, want %d", v, got, want(v))
				}
			}
		})
	}
}

func TestDispatchErrors(t *testing.T) {
	for _, cs := range [][]Case{
		{{Lo: 1, Hi: 3, Target: "a"}, {Lo: 3, Hi: 4, Target: "b"}},
		{{Lo: 5, Hi: 4, Target: "a"}},
		{{Lo: 1 << 31, Hi: 1 << 31, Target: "a"}},
	} {
		if _, err := Dispatch(asm.R7, cs, "miss", "d"); err == nil {
			t.Errorf("Dispatch(%v) accepted", cs)
		}
	}
}
