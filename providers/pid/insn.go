package pid

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"
)

// insn is one decoded instruction of a function.
type insn struct {
	off, len int
	ret      bool // a near return (ret, ret imm16, repz ret)
	// branch says what kind of branch the instruction is; target is
	// where a direct one goes, as an offset from the function's start
	// (negative, or past its end, outside it).
	branch branchKind
	target int64
	// stackCheck says the instruction compares a register with the
	// goroutine's stack guard (Go: CMPQ SP, 16(R14)), jcc that the
	// conditional jump after it.
	stackCheck, jcc bool
	// probeable says the kernel accepts a uprobe on it.
	probeable bool
}

// decodeFunc decodes code, a function's bytes, instruction after
// instruction. It stops at the first instruction it cannot decode and
// returns the instructions before it with an error saying where.
func decodeFunc(code []byte) ([]insn, error) {
	var out []insn
	for off := 0; off < len(code); {
		in, err := decodeOne(code[off:])
		if err != nil {
			return out, fmt.Errorf("cannot decode the instruction at offset %#x", off)
		}
		kind, rel := branchOf(in)
		out = append(out, insn{off: off, len: in.Len, ret: in.Op == x86asm.RET,
			branch: kind, target: int64(off+in.Len) + rel,
			stackCheck: stackCheck(in), jcc: conditionalJump(in.Op),
			probeable: in.Op != opVEX && probeable(code[off:off+in.Len])})
		off += in.Len
	}
	return out, nil
}

// branchKind is what kind of branch an instruction is.
type branchKind uint8

const (
	notBranch branchKind = iota
	// jmpDirect, jccDirect and callDirect go to a displacement from the
	// next instruction (jmp, jcc, jrcxz, loop; call).
	jmpDirect
	jccDirect
	callDirect
	// jmpPointer jumps to the address read from memory not indexed by a
	// register (jmp *foo@GOTPCREL(%rip): a call through the GOT in tail
	// position); jmpComputed to a register's or an indexed table's (a
	// switch's jump table, a computed goto, or a tail call through a
	// pointer: which, the code does not say).
	jmpPointer
	jmpComputed
)

// branchOf returns the kind of branch in is and, for a direct one, its
// displacement.
func branchOf(in x86asm.Inst) (branchKind, int64) {
	switch in.Op {
	case x86asm.JMP, x86asm.CALL:
		switch a := in.Args[0].(type) {
		case x86asm.Rel:
			if in.Op == x86asm.CALL {
				return callDirect, int64(a)
			}
			return jmpDirect, int64(a)
		case x86asm.Mem:
			if in.Op == x86asm.JMP {
				if a.Index == 0 {
					return jmpPointer, 0
				}
				return jmpComputed, 0
			}
		case x86asm.Reg:
			if in.Op == x86asm.JMP {
				return jmpComputed, 0
			}
		}
		return notBranch, 0
	case x86asm.JCXZ, x86asm.JECXZ, x86asm.JRCXZ, x86asm.LOOP, x86asm.LOOPE, x86asm.LOOPNE,
		x86asm.JO, x86asm.JNO, x86asm.JS, x86asm.JNS, x86asm.JP, x86asm.JNP:
		if a, ok := in.Args[0].(x86asm.Rel); ok {
			return jccDirect, int64(a)
		}
	}
	if conditionalJump(in.Op) {
		if a, ok := in.Args[0].(x86asm.Rel); ok {
			return jccDirect, int64(a)
		}
	}
	return notBranch, 0
}

// stackCheck reports whether in is the comparison of a Go function's
// prologue of a register with the goroutine's stackguard0 (16(R14), R14
// holding the goroutine in Go's register-based ABI).
func stackCheck(in x86asm.Inst) bool {
	if in.Op != x86asm.CMP {
		return false
	}
	for _, a := range in.Args {
		if m, ok := a.(x86asm.Mem); ok && m.Base == x86asm.R14 && m.Disp == 16 && m.Index == 0 {
			return true
		}
	}
	return false
}

func conditionalJump(op x86asm.Op) bool {
	switch op {
	case x86asm.JA, x86asm.JAE, x86asm.JB, x86asm.JBE, x86asm.JE, x86asm.JNE,
		x86asm.JG, x86asm.JGE, x86asm.JL, x86asm.JLE:
		return true
	}
	return false
}

// maxPrologue bounds the instructions of a Go prologue searched for the
// stack check.
const maxPrologue = 8

// goBodyOffset returns the offset of the first instruction after a Go
// function's stack check (the compare with the stack guard and the jump
// to runtime.morestack), 0 when it has none (a leaf marked nosplit). When
// the stack must grow, morestack runs the function again from its first
// instruction: a probe there would fire twice for one call.
func goBodyOffset(insns []insn) int {
	for i := 0; i+1 < len(insns) && i < maxPrologue; i++ {
		if insns[i].stackCheck && insns[i+1].jcc {
			return insns[i+1].off + insns[i+1].len
		}
	}
	return 0
}

// decodeOne decodes the instruction at the start of b. x86asm does not
// know the hint NOPs 0f 19 to 0f 1e, among them CET's endbr64 (f3 0f 1e
// fa), which starts the functions of programs built with
// -fcf-protection: they are laid out as the long NOP 0f 1f /0, which it
// decodes in their place (the same bytes but the opcode and the ModRM reg
// field, which do not change the length).
func decodeOne(b []byte) (x86asm.Inst, error) {
	in, err := x86asm.Decode(b, 64)
	if n := vexLen(b); n > 0 {
		// Measured here (vex.go): never a branch.
		if err != nil || in.Len != n {
			in = x86asm.Inst{Op: opVEX, Len: n}
		}
		return in, nil
	}
	if err == nil && in.Op != 0 && in.Len > 0 {
		return in, nil
	}
	i := 0
	for i < len(b) && isPrefix(b[i]) {
		i++
	}
	if i < len(b) && b[i]&0xf0 == 0x40 {
		i++
	}
	if i+1 < len(b) && b[i] == 0x0f && b[i+1] >= 0x19 && b[i+1] <= 0x1e {
		// Without the prefixes and REX, which x86asm refuses on it
		// and which do not change the length of what follows.
		c := make([]byte, min(len(b), 15)-i)
		copy(c, b[i:])
		c[1] = 0x1f
		if len(c) > 2 {
			c[2] &^= 0x38 // the ModRM reg field: 0f 1f /0
		}
		if nop, err := x86asm.Decode(c, 64); err == nil && nop.Op == x86asm.NOP && nop.Len > 1 {
			nop.Len += i
			return nop, nil
		}
	}
	if err == nil {
		err = fmt.Errorf("unknown instruction")
	}
	return in, err
}

// opVEX is the operation of a VEX or EVEX instruction x86asm does not
// decode, or measures wrong. No uprobe is placed on one x86asm does not
// know: the kernel may not know it either (AMD's FMA4, which libm's
// __fma_fma4 starts with, it refuses to decode).
const opVEX = x86asm.Op(1 << 20)

// isPrefix reports whether b is a legacy instruction prefix.
func isPrefix(b byte) bool {
	switch b {
	case 0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65, 0x66, 0x67, 0xf0, 0xf2, 0xf3:
		return true
	}
	return false
}

// boundary reports whether off starts an instruction of insns.
func boundary(insns []insn, off int) bool {
	for _, in := range insns {
		if in.off == off {
			return true
		}
		if in.off > off {
			break
		}
	}
	return false
}

// probeable reports whether a uprobe may be placed on the instruction b
// (whose length decodeOne measured): the kernel accepts it (accepted) and
// runs the instruction as the program would.
func probeable(b []byte) bool {
	ok, misread := analyze(b)
	return ok && !misread
}

// accepted reports whether the kernel places a uprobe on the instruction
// b, by the rules of x86-64 Linux's arch_uprobe_analyze_insn: no segment
// override for es, cs, ss or ds and no lock prefix, an opcode (the byte
// after the legacy prefixes, REX, or a VEX or EVEX prefix) that user space
// may single-step, and not a load of ss.
func accepted(b []byte) bool {
	ok, _ := analyze(b)
	return ok
}

// analyze returns whether the kernel accepts a uprobe on the instruction
// b, and whether it misreads it: a VEX or EVEX instruction whose opcode
// byte it takes for a one-byte opcode it emulates or fixes up
// (vexMisread), an exchange with %r8 (41 90) it takes for a nop, or pushf,
// which it runs with the trap flag set. It does not run those as
// written.
func analyze(b []byte) (ok, misread bool) {
	i := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case 0x26, 0x2e, 0x36, 0x3e, 0xf0:
			return false, false // es, cs, ss, ds overrides; lock
		case 0x64, 0x65, 0x66, 0x67, 0xf2, 0xf3:
			continue // fs, gs, operand size, address size, repne, rep
		}
		break
	}
	rex := byte(0)
	if i < len(b) && b[i]&0xf0 == 0x40 {
		rex = b[i]
		i++
	}
	n, _ := vexPrefix(b[i:])
	i += n
	if i >= len(b) {
		return false, false
	}
	op := b[i]
	if refusedOpcodes[op] {
		return false, false
	}
	// mov to ss (8e /2) masks the next instruction's exceptions.
	if op == 0x8e && i+1 < len(b) && b[i+1]>>3&7 == 2 {
		return false, false
	}
	// pushf (9c) pushes the trap flag the kernel sets to single-step it:
	// the popf that restores those flags turns single-stepping on, and
	// the process dies of SIGTRAP.
	return true, n > 0 && vexMisread[op] || n == 0 && (op == 0x90 && rex&1 != 0 || op == 0x9c)
}

// refusedOpcodes are the one-byte opcodes (the first opcode byte; 0x0f,
// the escape to longer opcodes, is accepted) the kernel will not
// single-step in a 64-bit process: invalid in 64-bit mode (06, 07, 0e,
// 16, 17, 1e, 1f, 27, 2f, 37, 3f, 60-62, 82, 9a, ce, d4-d6, ea), I/O
// (6c-6f, e4-e7, ec-ef), traps and privileged instructions (cc, cd, cf,
// f1, f4, fa, fb).
var refusedOpcodes = func() [256]bool {
	var t [256]bool
	for _, op := range []byte{
		0x06, 0x07, 0x0e, 0x16, 0x17, 0x1e, 0x1f, 0x27, 0x2f, 0x37, 0x3f,
		0x60, 0x61, 0x62, 0x6c, 0x6d, 0x6e, 0x6f, 0x82, 0x9a,
		0xcc, 0xcd, 0xce, 0xcf, 0xd4, 0xd5, 0xd6,
		0xe4, 0xe5, 0xe6, 0xe7, 0xea, 0xec, 0xed, 0xee, 0xef,
		0xf1, 0xf4, 0xfa, 0xfb,
	} {
		t[op] = true
	}
	return t
}()
