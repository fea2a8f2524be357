package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
)

// countIfFailed adds one to counter k of this CPU when R0, a helper's
// result, is not 0 (a failed map update). R1 is clobbered; R0 is kept.
func (c *clauseGen) countIfFailed(k abi.Counter) {
	ok := c.newLabel()
	off := int16(k.Offset())
	c.emit(
		asm.JEq.Imm(asm.R0, 0, ok),
		asm.LoadMem(asm.R1, regCtx, off, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(regCtx, off, asm.R1, asm.DWord),
	)
	c.label(ok)
}
