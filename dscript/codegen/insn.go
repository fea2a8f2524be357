package codegen

import "github.com/cilium/ebpf/asm"

// storeImm64 is *(u64 *)(dst + off) = v, v sign-extended to 64 bits: the
// store of an immediate double word (BPF_ST | BPF_MEM | BPF_DW), which
// asm.StoreImm declines to build.
func storeImm64(dst asm.Register, off int16, v int32) asm.Instruction {
	return asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: dst, Offset: off, Constant: int64(v)}
}

// labelNop is a no-op jump (ja +0) carrying the label l: a place to jump
// to that does nothing, so that a label may mark the end of a sequence and
// several labels one place.
func labelNop(l string) asm.Instruction {
	return asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Ja)}.WithSymbol(l)
}

// addScratch adds n to the u64 at R9+off of the scratch value, through
// R1: a load, an add and a store, with no atomic operation, as the value
// is this CPU's own. It counts (abi.ScratchDrops, abi.ScratchFill, a
// Counter's offset) or steps a slot of the firing's.
func addScratch(off int, n int32) asm.Instructions {
	return asm.Instructions{
		asm.LoadMem(asm.R1, regCtx, int16(off), asm.DWord),
		asm.Add.Imm(asm.R1, n),
		asm.StoreMem(regCtx, int16(off), asm.R1, asm.DWord),
	}
}

// atomicDW is op.Mem on the u64 at dst+off with src, its immediate (which
// names the atomic operation) set: cilium/ebpf (v0.22.0) takes the
// immediate from the instruction's Constant before deriving it from the
// opcode, so that an exchange whose Constant is left 0 would be emitted as
// an atomic add.
func atomicDW(op asm.AtomicOp, dst, src asm.Register, off int16) asm.Instruction {
	ins := op.Mem(dst, src, asm.DWord, off)
	ins.Constant = int64(op >> 8)
	return ins
}
