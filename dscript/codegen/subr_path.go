package codegen

import (
	"github.com/cilium/ebpf/asm"
	"github.com/dtrace-go/dtrace/abi"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
)

// pathPart compiles basename (dir false) and dirname with the rules of
// basename(1) and dirname(1): "" gives "."; a string of slashes gives
// "/"; trailing slashes are ignored; dirname of a name without a slash
// before its last component is ".", and "/" when only slashes precede it.
//
// One pass over the string records, in scratch slots, where the last
// component starts and ends and where the component before it ends.
func (c *clauseGen) pathPart(x *ast.Call, dir bool) {
	n := c.strSize()
	buf, lenSlot := c.strArg(x.Args[0])
	compStart, compEnd, dirEnd := c.temp(8), c.temp(8), c.temp(8)
	c.stSlotImm(compStart, 0)
	c.stSlotImm(compEnd, 0)
	c.stSlotImm(dirEnd, 0)
	c.loop(asm.R6, n, func(brk, next string) {
		// Without branches (but the end of the string):
		// ns = the byte is not a slash; st = a component starts here
		// (ns, and i is 0 or the byte before is a slash).
		c.loadByte(asm.R1, buf, asm.R6)
		c.exitIf(asm.JEq, asm.R1, 0, brk)
		c.isEqImm(asm.R2, asm.R1, '/')
		c.emit(asm.Xor.Imm(asm.R2, 1))    // R2 = ns
		c.loadByte(asm.R3, buf-1, asm.R6) // before buf at i = 0: harmless
		c.isEqImm(asm.R3, asm.R3, '/')
		c.emit(asm.Mov.Reg(asm.R4, asm.R6), asm.Add.Imm(asm.R4, -1), asm.RSh.Imm(asm.R4, 63), // i == 0
			asm.Or.Reg(asm.R3, asm.R4), asm.And.Reg(asm.R3, asm.R2)) // R3 = st
		// compEnd += (i+1 - compEnd) * ns, keeping the old one in R5
		c.ldSlot(asm.R5, compEnd)
		c.emit(asm.Mov.Reg(asm.R4, asm.R6), asm.Add.Imm(asm.R4, 1), asm.Sub.Reg(asm.R4, asm.R5),
			asm.Mul.Reg(asm.R4, asm.R2), asm.Add.Reg(asm.R4, asm.R5))
		c.stSlot(compEnd, asm.R4)
		// dirEnd += (old compEnd - dirEnd) * st
		c.ldSlot(asm.R4, dirEnd)
		c.emit(asm.Sub.Reg(asm.R5, asm.R4), asm.Mul.Reg(asm.R5, asm.R3), asm.Add.Reg(asm.R4, asm.R5))
		c.stSlot(dirEnd, asm.R4)
		// compStart += (i - compStart) * st
		c.ldSlot(asm.R4, compStart)
		c.emit(asm.Mov.Reg(asm.R5, asm.R6), asm.Sub.Reg(asm.R5, asm.R4), asm.Mul.Reg(asm.R5, asm.R3), asm.Add.Reg(asm.R4, asm.R5))
		c.stSlot(compStart, asm.R4)
	})
	dst := c.temp(n)
	dot, slash, done := c.newLabel(), c.newLabel(), c.newLabel()
	c.ldSlot(asm.R1, lenSlot)
	c.ldSlot(asm.R2, compEnd)
	c.ldSlot(asm.R4, compStart)
	c.emit(asm.JEq.Imm(asm.R1, 0, dot), asm.JEq.Imm(asm.R2, 0, slash))
	if dir {
		c.ldSlot(asm.R5, dirEnd)
		c.emit(asm.JEq.Imm(asm.R4, 0, dot), asm.JEq.Imm(asm.R5, 0, slash), asm.Mov.Imm(asm.R4, 0))
	} else {
		c.emit(asm.Mov.Reg(asm.R5, asm.R2), asm.Sub.Reg(asm.R5, asm.R4))
	}
	c.copyRange(dst, buf, asm.R4, asm.R5)
	c.emit(asm.Ja.Label(done))
	c.label(dot)
	c.setStr(dst, ".")
	c.emit(asm.Ja.Label(done))
	c.label(slash)
	c.setStr(dst, "/")
	c.label(done)
	c.resultStr(dst)
}

// cleanpathUps is the most "../" cleanpath() puts before a relative
// path: dtrace-utils' dt_cleanpath keeps the count of unresolved ".."
// modulo 16.
const cleanpathUps = 15

// subrCleanpath compiles cleanpath(s) with the rules of dtrace-utils'
// dt_cleanpath: empty components ("//") and "." components go; a ".."
// takes the component before it with it; what ".." of a relative path
// are left unresolved come first, as "../" (their count modulo 16); an
// absolute path's go ("/.." is "/"). The result has no trailing "/"
// ("/a/b/" is "/a/b"), is "." for a relative path left empty ("a/..")
// and "" for "".
//
// One loop reads s from its end to its start, bounded by a "/" at both
// ends, and writes the kept characters from the end of a work buffer
// backwards: a component's characters as they come, then, at the "/"
// before it, either a "/" before them (kept) or a rewind of the output
// to the last kept "/" (an empty component, ".", "..", or one a ".."
// after it takes). The state (output position, last kept "/", pending
// "..", the component's length and dots) lives in scratch slots, so that
// the verifier, which sees them as unknown values, walks each iteration
// once.
func subrCleanpath(c *clauseGen, x *ast.Call) {
	n := c.strSize()
	src, lenSlot := c.strArg(x.Args[0])
	dst := c.temp(n)
	size := n + 3*cleanpathUps + 3 // the characters, a "/" each, the "../"
	out := c.temp(size)
	end := size - 1 // out[end] is the result's NUL
	o, brk, nup, clen, dots := c.temp(8), c.temp(8), c.temp(8), c.temp(8), c.temp(8)
	for _, s := range []int{o, brk} {
		c.stSlotImm(s, int32(end))
	}
	for _, s := range []int{nup, clen, dots} {
		c.stSlotImm(s, 0)
	}
	c.emit(asm.StoreImm(regCtx, int16(out+end), 0, asm.Byte))
	done, result := c.newLabel(), c.newLabel()
	empty := c.newLabel()
	c.ldSlot(asm.R1, lenSlot)
	c.emit(asm.JEq.Imm(asm.R1, 0, empty))

	// R6 counts the iterations; the position read is len - R6, from len
	// (the "/" after s) down to -1 (the "/" before it).
	c.loop(asm.R6, n+1, func(brk_, next string) {
		slash, keep, rewind, reset := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
		c.ldSlot(asm.R2, lenSlot)
		c.emit(asm.Sub.Reg(asm.R2, asm.R6))
		c.exitIf(asm.JSLT, asm.R2, -1, brk_)
		// R1 = the character at R2, "/" at -1 and at len.
		c.emit(asm.JSLT.Imm(asm.R2, 0, slash))
		c.ldSlot(asm.R1, lenSlot)
		c.emit(asm.JGE.Reg(asm.R2, asm.R1, slash))
		c.clampU(asm.R2, n-1)
		c.loadByte(asm.R1, src, asm.R2)
		c.emit(asm.JEq.Imm(asm.R1, '/', slash))
		// A component's character: written before what was written.
		c.ldSlot(asm.R3, o)
		c.emit(asm.Add.Imm(asm.R3, -1))
		c.exitIf(asm.JGT, asm.R3, int32(end-1), brk_)
		c.stSlot(o, asm.R3)
		c.scratchAddr(asm.R0, out, asm.R3)
		c.emit(asm.StoreMem(asm.R0, 0, asm.R1, asm.Byte))
		c.ldSlot(asm.R3, clen)
		c.emit(asm.Add.Imm(asm.R3, 1))
		c.stSlot(clen, asm.R3)
		c.isEqImm(asm.R1, asm.R1, '.')
		c.ldSlot(asm.R3, dots)
		c.emit(asm.Add.Reg(asm.R3, asm.R1))
		c.stSlot(dots, asm.R3)
		c.emit(asm.Ja.Label(next))

		// The "/" before a component: R3 = its length, R4 its dots.
		c.label(slash)
		c.ldSlot(asm.R3, clen)
		c.ldSlot(asm.R4, dots)
		c.emit(
			asm.JEq.Imm(asm.R3, 0, rewind), // "//"
			asm.Sub.Reg(asm.R4, asm.R3),    // 0: dots only
			asm.JNE.Imm(asm.R4, 0, keep),
			asm.JEq.Imm(asm.R3, 1, rewind), // "."
			asm.JNE.Imm(asm.R3, 2, keep),
		)
		// "..": one more to resolve.
		c.ldSlot(asm.R5, nup)
		c.emit(asm.Add.Imm(asm.R5, 1))
		c.stSlot(nup, asm.R5)
		c.emit(asm.Ja.Label(rewind))
		c.label(keep)
		c.ldSlot(asm.R5, nup)
		taken := c.newLabel()
		c.emit(asm.JNE.Imm(asm.R5, 0, taken))
		c.ldSlot(asm.R3, o)
		c.emit(asm.Add.Imm(asm.R3, -1))
		c.exitIf(asm.JGT, asm.R3, int32(end-1), brk_)
		c.stSlot(o, asm.R3)
		c.stSlot(brk, asm.R3)
		c.scratchAddr(asm.R0, out, asm.R3)
		c.emit(asm.StoreImm(asm.R0, 0, '/', asm.Byte), asm.Ja.Label(reset))
		c.label(taken)
		c.emit(asm.Add.Imm(asm.R5, -1))
		c.stSlot(nup, asm.R5)
		c.label(rewind)
		c.ldSlot(asm.R3, brk)
		c.stSlot(o, asm.R3)
		c.label(reset)
		c.stSlotImm(clen, 0)
		c.stSlotImm(dots, 0)
	})

	// An absolute path: "/" when nothing is kept.
	relative, some := c.newLabel(), c.newLabel()
	c.emit(asm.LoadMem(asm.R1, regCtx, int16(src), asm.Byte), asm.JNE.Imm(asm.R1, '/', relative))
	c.ldSlot(asm.R6, o)
	c.emit(asm.JNE.Imm(asm.R6, int32(end), result))
	c.setStr(dst, "/")
	c.emit(asm.Ja.Label(done))

	// A relative path: the unresolved ".." first, then what is kept,
	// without the "/" before it; "." when nothing is left.
	c.label(relative)
	c.ldSlot(asm.R5, nup)
	c.emit(asm.And.Imm(asm.R5, cleanpathUps))
	c.loop(asm.R6, cleanpathUps, func(brk_, next string) {
		c.exitIfReg(asm.JGE, asm.R6, asm.R5, brk_)
		c.ldSlot(asm.R3, o)
		c.emit(asm.Add.Imm(asm.R3, -3))
		c.exitIf(asm.JGT, asm.R3, int32(end-3), brk_)
		c.stSlot(o, asm.R3)
		c.scratchAddr(asm.R0, out, asm.R3)
		c.emit(
			asm.StoreImm(asm.R0, 0, '/', asm.Byte),
			asm.StoreImm(asm.R0, 1, '.', asm.Byte),
			asm.StoreImm(asm.R0, 2, '.', asm.Byte),
		)
	})
	c.ldSlot(asm.R6, o)
	c.emit(asm.JNE.Imm(asm.R6, int32(end), some))
	c.setStr(dst, ".")
	c.emit(asm.Ja.Label(done))
	c.label(some)
	c.emit(asm.Add.Imm(asm.R6, 1))

	// The result: out from R6 on.
	c.label(result)
	c.clampU(asm.R6, end)
	c.scratchAddr(asm.R3, out, asm.R6)
	c.scratchAddr(asm.R1, dst)
	c.emit(asm.Mov.Imm(asm.R2, int32(n)))
	c.call(asm.FnProbeReadKernelStr)
	c.emit(asm.Ja.Label(done))

	c.label(empty)
	c.setStr(dst, "")
	c.label(done)
	c.resultStr(dst)
}

// strtokObj keys, in gen.vars, the per-CPU strtok state: the offset in
// the string being tokenized, then a copy of it (in the this-> region:
// it must outlive the clause).
var strtokObj = new(check.Object)

func (c *clauseGen) strtokState(n ast.Node) int {
	if v, ok := c.g.vars[strtokObj]; ok {
		return v.off
	}
	size := align8(8 + c.strSize())
	off := c.thisAlloc(n, size)
	c.g.vars[strtokObj] = &varInfo{obj: strtokObj, off: off, size: size}
	c.g.prog.strtokPos = off
	return off
}

// subrStrtok compiles strtok(s, delims) as DTrace for Linux does: with
// s a string, tokenizing starts on a copy of it (a NULL string is a bad
// address); with the constant NULL it goes on where the last call stopped
// in this firing of the probe (a bad address when none has: every firing
// starts with no state, see Link). The result is the next run of bytes
// not in delims, or NULL when there is none.
func subrStrtok(c *clauseGen, x *ast.Call) {
	n := c.strSize()
	st := c.strtokState(x)
	pos, str := st, st+8
	if v, ok := c.constOf(x.Args[0]); ok && v == 0 {
		c.ldSlot(asm.R1, pos)
		c.emit(asm.Mov.Imm(asm.R0, 0))
		c.faultIf(x, asm.JEq, asm.R1, -1, abi.FaultBadAddr, asm.R0)
	} else {
		c.expr(x.Args[0])
		c.emit(asm.Mov.Reg(asm.R6, asm.R0))
		c.readStr(str, n, asm.R0)
		c.faultIf(x, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
		c.stSlotImm(pos, 0)
	}

	// A bitmap of the delimiters.
	del, _ := c.strArg(x.Args[1])
	tab := c.temp(32)
	c.zero(tab, 32)
	c.loop(asm.R6, n, func(brk, next string) {
		c.loadByte(asm.R1, del, asm.R6)
		c.exitIf(asm.JEq, asm.R1, 0, brk)
		c.emit(
			asm.Mov.Reg(asm.R2, asm.R1), asm.RSh.Imm(asm.R2, 3),
			asm.Mov.Reg(asm.R3, asm.R1), asm.And.Imm(asm.R3, 7),
			asm.Mov.Imm(asm.R4, 1), asm.LSh.Reg(asm.R4, asm.R3),
		)
		c.scratchAddr(asm.R0, tab, asm.R2)
		c.emit(
			asm.LoadMem(asm.R5, asm.R0, 0, asm.Byte),
			asm.Or.Reg(asm.R5, asm.R4),
			asm.StoreMem(asm.R0, 0, asm.R5, asm.Byte),
		)
	})

	// Skip delimiters from pos: the token starts at the first other byte.
	first, last := c.temp(8), c.temp(8)
	c.stSlotImm(first, -1)
	c.ldSlot(asm.R5, pos)
	c.clampU(asm.R5, n-1)
	c.loop(asm.R6, n, func(brk, next string) {
		c.scanPos(n, brk)
		c.scanByte(str, brk)
		c.isDelim(asm.R3, asm.R2, tab)
		c.emit(asm.JNE.Imm(asm.R3, 0, next))
		c.stSlot(first, asm.R1)
		c.emit(asm.Ja.Label(brk))
	})
	none, done := c.newLabel(), c.newLabel()
	c.ldSlot(asm.R5, first)
	c.emit(asm.JSLT.Imm(asm.R5, 0, none))
	c.clampU(asm.R5, n-1)
	// The token ends at the next delimiter or NUL.
	c.loop(asm.R6, n, func(brk, next string) {
		c.scanPos(n, brk)
		c.stSlot(last, asm.R1)
		c.scanByte(str, brk)
		c.isDelim(asm.R3, asm.R2, tab)
		c.exitIf(asm.JNE, asm.R3, 0, brk)
	})
	dst := c.temp(n)
	c.ldSlot(asm.R4, first)
	c.ldSlot(asm.R5, last)
	c.stSlot(pos, asm.R5)
	c.emit(asm.Sub.Reg(asm.R5, asm.R4))
	c.copyRange(dst, str, asm.R4, asm.R5)
	c.resultStr(dst)
	c.emit(asm.Ja.Label(done))
	c.label(none)
	// Nothing left: later calls with NULL find nothing either.
	c.emit(asm.StoreImm(regCtx, int16(str), 0, asm.Byte))
	c.stSlotImm(pos, 0)
	c.emit(asm.Mov.Imm(asm.R0, 0))
	c.label(done)
}

// isDelim sets dst to 1 when the byte in ch has its bit set in the
// 32-byte bitmap at R9+tab, else 0. It uses R0 and R4.
func (c *clauseGen) isDelim(dst, ch asm.Register, tab int) {
	c.emit(asm.Mov.Reg(asm.R4, ch), asm.RSh.Imm(asm.R4, 3))
	c.scratchAddr(asm.R0, tab, asm.R4)
	c.emit(
		asm.LoadMem(dst, asm.R0, 0, asm.Byte),
		asm.Mov.Reg(asm.R4, ch), asm.And.Imm(asm.R4, 7),
		asm.RSh.Reg(dst, asm.R4),
		asm.And.Imm(dst, 1),
	)
}
