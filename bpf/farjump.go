package bpf

import (
	"math"

	"github.com/cilium/ebpf/asm"
)

// farJumps returns insns with every jump to a label further than a jump's
// 16-bit offset reaches rewritten to reach it (cilium/ebpf would truncate
// the offset, and the verifier refuse the jump as out of range): a plain
// jump becomes a long one (gotol, whose offset has 32 bits, Linux 6.4),
// and a conditional jump
//
//	if cond goto far
//
// becomes
//
//	if cond goto +1
//	goto +1
//	gotol far
//
// Rewriting moves the code after each rewritten jump, which may put other
// jumps out of range: the rewriting repeats until none is. insns is not
// changed; it is returned itself when nothing is out of range.
func farJumps(insns asm.Instructions) asm.Instructions {
	for {
		far := outOfRange(insns)
		if far == nil {
			return insns
		}
		out := make(asm.Instructions, 0, len(insns)+2*len(far))
		for i, ins := range insns {
			if !far[i] {
				out = append(out, ins)
				continue
			}
			long := asm.LongJump(ins.Reference())
			if ins.OpCode.JumpOp() == asm.Ja && ins.OpCode.Class() == asm.JumpClass {
				long.Metadata = ins.Metadata
				out = append(out, long)
				continue
			}
			cond := ins.WithReference("")
			cond.Offset = 1
			skip := asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Ja), Offset: 1}
			out = append(out, cond, skip, long)
		}
		insns = out
	}
}

// outOfRange reports which of insns are jumps to a label their 16-bit
// offset cannot reach (nil when none is).
func outOfRange(insns asm.Instructions) map[int]bool {
	at := make(map[string]int64)
	raw := make([]int64, len(insns))
	var off int64
	for i, ins := range insns {
		raw[i] = off
		if sym := ins.Symbol(); sym != "" {
			at[sym] = off
		}
		off += int64(ins.Width())
	}
	var far map[int]bool
	for i, ins := range insns {
		if !isLabelJump(ins) {
			continue
		}
		target, ok := at[ins.Reference()]
		if !ok {
			continue
		}
		if d := target - raw[i] - 1; d < math.MinInt16 || d > math.MaxInt16 {
			if far == nil {
				far = make(map[int]bool)
			}
			far[i] = true
		}
	}
	return far
}

// isLabelJump reports whether ins is a jump (not a call or an exit, not
// already a long jump) whose offset is left for its label to set.
func isLabelJump(ins asm.Instruction) bool {
	if !ins.OpCode.Class().IsJump() || ins.Reference() == "" || ins.Offset != -1 {
		return false
	}
	switch ins.OpCode.JumpOp() {
	case asm.Call, asm.Exit:
		return false
	case asm.Ja:
		return ins.OpCode.Class() == asm.JumpClass
	}
	return true
}
