package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// The subroutines on the kernel's locks and device numbers, as DTrace for
// Linux defines them on Linux's structures:
//
//   - mutex_owned(m) is 1 when the owner word of the struct mutex m, its
//     flag bits (the low 3) cleared, is the current task, else 0;
//     mutex_owner(m) is that task (NULL when the mutex is free).
//   - mutex_type_adaptive(m) is 1 and mutex_type_spin(m) 0: Linux's
//     mutexes are all adaptive (the argument is evaluated all the same).
//   - rw_read_held(rw), rw_write_held(rw) and rw_iswriter(rw) read the
//     counts word of the rwlock_t rw (its queued lock's cnts): the readers
//     (cnts without its low 9 bits), the writer-locked byte (its low 8
//     bits), and the writer bits (its low 9 bits), each 0 when none.
//   - getmajor(dev) and getminor(dev) split a kernel dev_t: the major is
//     its bits 20 to 31, the minor its low 20 bits.
//
// A NULL lock is a bad-address fault; a lock at an address the kernel
// cannot read reads as an unlocked one, as in DTrace for Linux. The
// members' offsets are load-time relocations (the running kernel's).

// Bits of a struct mutex's owner word and of a qrwlock's counts.
const (
	mutexFlags  = 0x07  // MUTEX_FLAGS
	qrwWriter   = 0x1ff // _QW_WMASK: waiting or locked writer
	qrwWLocked  = 0x0ff // _QW_LOCKED
	mutexOwnerB = 8     // the owner word: an atomic_long_t
	rwCountsB   = 4     // the counts: an atomic_t
)

// subrMutexOwned: mutex_owned(m) is 1 when the owner of m is the
// current task.
func subrMutexOwned(c *clauseGen, x *ast.Call) {
	c.mutexOwner(x)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.call(asm.FnGetCurrentTask)
	owned := c.newLabel()
	c.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Imm(asm.R0, 1), asm.JEq.Reg(asm.R1, asm.R6, owned), asm.Mov.Imm(asm.R0, 0))
	c.label(owned)
}

// constAfter evaluates x.Args[0] for nothing but its effects and leaves v
// in R0 (mutex_type_adaptive and mutex_type_spin).
func (c *clauseGen) constAfter(x *ast.Call, v int32) {
	c.expr(x.Args[0])
	c.emit(asm.Mov.Imm(asm.R0, v))
}

// subrGetmajor: getmajor(dev) is bits 20 to 31 of dev.
func subrGetmajor(c *clauseGen, x *ast.Call) {
	c.expr(x.Args[0])
	c.emit(asm.LSh.Imm(asm.R0, 32), asm.RSh.Imm(asm.R0, 32+20))
}

// subrGetminor: getminor(dev) is the low 20 bits of dev.
func subrGetminor(c *clauseGen, x *ast.Call) {
	c.expr(x.Args[0])
	c.emit(asm.And.Imm(asm.R0, 0xfffff))
}

// mutexOwner leaves in R0 the owner of the struct mutex x.Args[0]: its
// owner word without the flag bits.
func (c *clauseGen) mutexOwner(x *ast.Call) {
	c.lockWord(x, "struct", "mutex", []string{"owner"}, mutexOwnerB)
	c.emit(asm.And.Imm(asm.R0, ^mutexFlags))
}

// rwCounts leaves in R0 the bits mask of the counts word of the rwlock_t
// x.Args[0].
func (c *clauseGen) rwCounts(x *ast.Call, mask int32) {
	c.lockWord(x, "typedef", "rwlock_t", []string{"raw_lock", "cnts"}, rwCountsB)
	c.emit(asm.And.Imm(asm.R0, mask))
}

// lockWord evaluates the lock pointer x.Args[0], faults when it is NULL,
// and leaves in R0 the size-byte word at the member path of the kernel
// type kind tag in it (0 when the kernel cannot read it).
func (c *clauseGen) lockWord(x *ast.Call, kind, tag string, path []string, size int) {
	c.expr(x.Args[0])
	c.faultIf(x, asm.JEq, asm.R0, 0, abi.FaultBadAddr, asm.R0)
	c.addKernelField(kind, tag, path, 0)
	word := c.temp(8)
	c.emit(asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, int32(size)))
	c.scratchAddr(asm.R1, word)
	c.call(asm.FnProbeReadKernel)
	t := types.ULongType
	if size == 4 {
		t = types.UIntType
	}
	c.load(asm.R0, regCtx, int16(word), t)
}
