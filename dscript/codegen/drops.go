package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
)

// count adds one to counter k of this CPU. R1 is clobbered.
func (c *clauseGen) count(k abi.Counter) {
	c.emit(addScratch(k.Offset(), 1)...)
}

// countIfFailed adds one to counter k of this CPU when R0, a helper's
// result, is not 0 (a failed map update). R1 is clobbered; R0 is kept.
func (c *clauseGen) countIfFailed(k abi.Counter) { c.countAtIfFailed(k.Offset()) }

// dropIfFailed counts a record the ring buffer did not take, in this
// CPU's abi.ScratchDrops, when R0, bpf_ringbuf_output's result, is not 0.
// R1 is clobbered; R0 is kept.
func (c *clauseGen) dropIfFailed() { c.countAtIfFailed(abi.ScratchDrops) }

// countAtIfFailed adds one to this CPU's count at R9+off when R0 is not 0.
func (c *clauseGen) countAtIfFailed(off int) {
	ok := c.newLabel()
	c.emit(asm.JEq.Imm(asm.R0, 0, ok))
	c.emit(addScratch(off, 1)...)
	c.label(ok)
}
