package codegen

import "github.com/cilium/ebpf/asm"

// storeImm64 is *(u64 *)(dst + off) = v, v sign-extended to 64 bits: the
// store of an immediate double word (BPF_ST | BPF_MEM | BPF_DW), which
// asm.StoreImm declines to build.
func storeImm64(dst asm.Register, off int16, v int32) asm.Instruction {
	return asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: dst, Offset: off, Constant: int64(v)}
}
