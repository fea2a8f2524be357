// Package tramp holds the pieces of trampoline fragments that several
// providers share: clearing arguments, firing a probe, dispatching on a
// number.
package tramp

import (
	"fmt"
	"slices"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
)

// ClearArgs stores 0 into the arguments from on that use reads, so that a
// clause never sees a previous firing's values.
func ClearArgs(from int, use abi.CtxUse) asm.Instructions {
	var insns asm.Instructions
	for i := from; i < use.Slots(); i++ {
		if use.Arg(i) {
			insns = append(insns, bpf.StoreImm64(abi.RegProbeCtx, abi.CtxArg(i), 0))
		}
	}
	return insns
}

// ClearErrno stores 0 into the probe context's errno when use reads it.
func ClearErrno(use abi.CtxUse) asm.Instructions {
	if !use.Errno {
		return nil
	}
	return asm.Instructions{asm.StoreImm(abi.RegProbeCtx, abi.CtxErrno, 0, asm.Word)}
}

// Label returns a no-op that carries symbol, so that a label may mark a
// place whatever instruction comes next (the verifier removes it).
func Label(symbol string) asm.Instruction {
	nop := asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Ja)}
	return nop.WithSymbol(symbol)
}

// Static returns a fragment that clears the arguments and errno the
// clauses read and fires probe id: the fragment of a probe that passes no
// argument.
func Static(id uint32) func(abi.CtxUse) (asm.Instructions, error) {
	return func(use abi.CtxUse) (asm.Instructions, error) {
		insns := append(ClearArgs(0, use), ClearErrno(use)...)
		return append(insns, Fire(id, "")...), nil
	}
}

// RawTracepointStack says how kernel stacks relate to the traced code in a
// program attached to the raw tracepoint name: three frames to skip (the
// clause's and the trampoline's BPF frames and the kernel's
// bpf_trace_runN), unwound from the helper's caller, and the tracepoint's
// callback and iterator, each there or not. With name empty, a raw
// tracepoint program run by BPF_PROG_TEST_RUN (BEGIN, END, tick-N): two
// frames, and the kernel's test-run code below them.
func RawTracepointStack(name string) providers.StackFrames {
	if name == "" {
		return providers.StackFrames{Skip: 2, FromHelper: true}
	}
	return providers.StackFrames{Skip: 3, FromHelper: true,
		Machinery: []string{"__bpf_trace_" + name, "__traceiter_" + name}}
}

// Fire jumps to the label of probe id, whose block stores the id into the
// probe context. The instruction carries symbol, when not empty. (At the
// end of a fragment serving one probe the jump lands on the next
// instruction, and the verifier removes it.)
func Fire(id uint32, symbol string) asm.Instructions {
	ja := asm.Ja.Label(abi.ProbeLabel(id))
	if symbol != "" {
		ja = ja.WithSymbol(symbol)
	}
	return asm.Instructions{ja}
}

// Case is a range of values [Lo, Hi] that sends a dispatch to Target.
type Case struct {
	Lo, Hi uint32
	Target string
}

// Dispatch returns instructions that jump to the target of the case reg's
// value (compared as an unsigned 64-bit number) falls in, or to miss. The
// cases must not overlap. Adjacent cases with one target are merged; the
// comparisons form a binary search, so a dispatch among n cases costs about
// log2(n) of them. prefix makes the internal labels unique.
//
// An empty miss says that the value is known to fall in one of the cases
// (an earlier dispatch made sure): the comparisons that could only fail
// for other values are left out, the last case of each run taken without
// one. Besides being shorter, this spares the verifier, which often knows
// as much, code it would find dead and remove at a cost quadratic in the
// program's length.
func Dispatch(reg asm.Register, cases []Case, miss, prefix string) (asm.Instructions, error) {
	cs := slices.Clone(cases)
	slices.SortFunc(cs, func(a, b Case) int {
		switch {
		case a.Lo < b.Lo:
			return -1
		case a.Lo > b.Lo:
			return 1
		}
		return 0
	})
	var merged []Case
	for _, c := range cs {
		if c.Lo > c.Hi || c.Hi > 1<<31-1 {
			return nil, fmt.Errorf("invalid case [%d, %d]", c.Lo, c.Hi)
		}
		if n := len(merged); n > 0 {
			last := &merged[n-1]
			if c.Lo <= last.Hi {
				return nil, fmt.Errorf("overlapping cases [%d, %d] and [%d, %d]", last.Lo, last.Hi, c.Lo, c.Hi)
			}
			if c.Lo == last.Hi+1 && c.Target == last.Target {
				last.Hi = c.Hi
				continue
			}
		}
		merged = append(merged, c)
	}
	d := dispatcher{reg: reg, miss: miss, prefix: prefix}
	d.emit(merged)
	return d.insns, nil
}

type dispatcher struct {
	reg    asm.Register
	miss   string
	prefix string
	labels int
	insns  asm.Instructions
	// pending is a symbol for the next instruction emitted.
	pending string
}

func (d *dispatcher) add(ins asm.Instruction) {
	if d.pending != "" {
		ins = ins.WithSymbol(d.pending)
		d.pending = ""
	}
	d.insns = append(d.insns, ins)
}

// linear is the largest number of cases tested one after the other.
const linear = 4

func (d *dispatcher) emit(cs []Case) {
	if len(cs) <= linear {
		// In ascending order: a value below a case's low bound is
		// below every later case too.
		for i, c := range cs {
			if d.miss == "" && i == len(cs)-1 {
				// Every other case has been ruled out.
				d.add(asm.Ja.Label(c.Target))
				return
			}
			if c.Lo == c.Hi {
				d.add(asm.JEq.Imm(d.reg, int32(c.Lo), c.Target))
				continue
			}
			if c.Lo > 0 && d.miss != "" {
				d.add(asm.JLT.Imm(d.reg, int32(c.Lo), d.miss))
			}
			d.add(asm.JLE.Imm(d.reg, int32(c.Hi), c.Target))
		}
		d.add(asm.Ja.Label(d.miss))
		return
	}
	mid := len(cs) / 2
	d.labels++
	right := fmt.Sprintf("%s_r%d", d.prefix, d.labels)
	d.add(asm.JGE.Imm(d.reg, int32(cs[mid].Lo), right))
	d.emit(cs[:mid])
	d.pending = right
	d.emit(cs[mid:])
}
