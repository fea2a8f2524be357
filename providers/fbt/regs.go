package fbt

// ptRegsLayout is where a kprobe program's context, the architecture's
// struct pt_regs, keeps the registers it reads: offsets in bytes.
type ptRegsLayout struct {
	args []int16 // the argument registers, in order
	ret  int16   // the return value register
	sp   int16   // the stack pointer: at a function's entry, its return address
}
