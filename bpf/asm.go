package bpf

import "github.com/cilium/ebpf/asm"

// StoreImm64 is *(u64 *)(dst + off) = v, v sign-extended: the 64-bit
// immediate store asm.StoreImm declines to build.
func StoreImm64(dst asm.Register, off int16, v int32) asm.Instruction {
	return asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: dst, Offset: off, Constant: int64(v)}
}
