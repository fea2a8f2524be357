package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// uregs[]: the user registers of the current thread, as dtrace-utils'
// dt_cg_uregs reads them on x86-64. Indices 0-20 are the registers of
// the struct pt_regs the kernel saved at its entry (task_pt_regs(current),
// reached with the BTF helpers), 21-25 the segment registers, the fs and
// gs bases and the trap number of the thread's struct thread_struct
// (task->thread, read as kernel memory). The i386 names of the D
// library's regs.d (R_GS + 1 + n, to 41), which dtrace-utils refuses,
// read the x86-64 register each names, as DTrace for Linux's kernel
// module mapped them; index 25 is R_TRAPNO (and R_EBX's number). The
// checker refuses an index past 41 (check.MaxUregs).

// ptRegsCount is the number of registers of struct pt_regs on x86-64.
const ptRegsCount = 21

// uregsThread are the task->thread members of indices 21-25 and their
// sizes.
var uregsThread = [...]struct {
	member string
	typ    *types.Type
}{
	{"ds", types.UShortType},
	{"es", types.UShortType},
	{"fsbase", types.ULongType},
	{"gsbase", types.ULongType},
	{"trap_nr", types.ULongType},
}

// uregsI386 maps the i386 names past R_TRAPNO (26: R_ECX ... 41: R_SS) to
// the indices of the registers they name.
var uregsI386 = [...]int{
	11, 12, 13, 14, 4, 10, // ECX EDX ESI EDI EBP EAX
	21, 22, 23, 24, 25, // DS ES FS GS TRAPNO
	16, 17, 18, 19, 20, // EIP CS EFL ESP SS
}

// uregs evaluates uregs[i] into R0.
func (c *clauseGen) uregs(n ast.Node, i int) {
	if i > ptRegsCount+len(uregsThread)-1 {
		if k := i - ptRegsCount - len(uregsThread); k < len(uregsI386) {
			i = uregsI386[k]
		} else {
			c.fail(n, "this uregs[] index")
		}
	}
	if i < ptRegsCount {
		c.call(asm.FnGetCurrentTaskBtf)
		c.emit(asm.Mov.Reg(asm.R1, asm.R0))
		c.call(asm.FnTaskPtRegs)
		c.emit(asm.LoadMem(asm.R0, asm.R0, int16(8*i), asm.DWord))
		return
	}
	m := uregsThread[i-ptRegsCount]
	c.call(asm.FnGetCurrentTask)
	c.addKernelField("struct", "task_struct", []string{"thread"}, 0)
	c.addKernelField("struct", "thread_struct", []string{m.member}, 0)
	c.readKernel(n, m.typ)
}
