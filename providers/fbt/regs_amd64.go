package fbt

// ptRegs returns where x86-64's struct pt_regs keeps what a kprobe
// program reads: the calling convention's argument registers (rdi, rsi,
// rdx, rcx, r8, r9), the return value (rax) and the stack pointer.
func ptRegs() (ptRegsLayout, error) {
	return ptRegsLayout{args: []int16{112, 104, 96, 88, 72, 64}, ret: 80, sp: 152}, nil
}
