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

// cleanpath states: what of "/", "/.", "/.." the bytes before ended with.
const (
	cpNormal = iota
	cpSlash
	cpDot
	cpDotDot
)

// subrCleanpath compiles cleanpath(s) as illumos does: "//" and "/./"
// collapse, "/../" removes the component before it ("/a/b/.." gives
// "/a/"), other names are kept; the output stops once fewer than 5 bytes
// of strsize are left.
//
// A loop takes one input byte per iteration through a small state
// machine; the state, the output position and a stack of the positions of
// the slashes written (where ".." goes back to) live in scratch.
func subrCleanpath(c *clauseGen, x *ast.Call) {
	n := c.strSize()
	if n < 8 {
		c.fail(x, "cleanpath with a strsize below 8")
	}
	src, _ := c.strArg(x.Args[0])
	dst := c.temp(n)
	stack := c.temp(2 * n)
	state, j, sp := c.temp(8), c.temp(8), c.temp(8)
	c.stSlotImm(state, cpNormal)
	c.stSlotImm(j, 0)
	c.stSlotImm(sp, 0)
	c.setStr(dst, "/") // what "/.." backs up to
	finish := c.newLabel()
	c.loop(asm.R6, n, func(brk, next string) {
		sSlash, sDot, sDotDot := c.newLabel(), c.newLabel(), c.newLabel()
		toSlash, toDot, toDotDot, back := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
		// R1 = the byte, R2 = j, R3 = state, R4 = dst+j
		c.ldSlot(asm.R2, j)
		c.exitIf(asm.JGT, asm.R2, int32(n-6), finish)
		c.loadByte(asm.R1, src, asm.R6)
		c.ldSlot(asm.R3, state)
		c.scratchAddr(asm.R4, dst, asm.R2)
		c.emit(
			asm.JEq.Imm(asm.R3, cpSlash, sSlash),
			asm.JEq.Imm(asm.R3, cpDot, sDot),
			asm.JEq.Imm(asm.R3, cpDotDot, sDotDot),
			// normal
			asm.JEq.Imm(asm.R1, '/', toSlash),
			asm.StoreMem(asm.R4, 0, asm.R1, asm.Byte),
			asm.Add.Imm(asm.R2, 1),
		)
		c.stSlot(j, asm.R2)
		c.emit(asm.JEq.Imm(asm.R1, 0, finish), asm.Ja.Label(next))

		// "/" then the byte
		c.label(sSlash)
		c.emit(asm.JEq.Imm(asm.R1, '/', next), asm.JEq.Imm(asm.R1, '.', toDot))
		c.cpWrite("/", asm.R1, sp, stack, j, state, finish, next)

		// "/." then the byte
		c.label(sDot)
		c.emit(asm.JEq.Imm(asm.R1, '/', toSlash), asm.JEq.Imm(asm.R1, '.', toDotDot))
		c.cpWrite("/.", asm.R1, sp, stack, j, state, finish, next)

		// "/.." then the byte
		c.label(sDotDot)
		c.emit(asm.JEq.Imm(asm.R1, '/', back), asm.JEq.Imm(asm.R1, 0, back))
		c.cpWrite("/..", asm.R1, sp, stack, j, state, finish, next)

		// "/../" or "/..\0": back to the last slash written (or the start).
		c.label(back)
		empty, set, end := c.newLabel(), c.newLabel(), c.newLabel()
		c.ldSlot(asm.R5, sp)
		c.emit(asm.Mov.Imm(asm.R2, 0), asm.JEq.Imm(asm.R5, 0, set), asm.Add.Imm(asm.R5, -1))
		c.emit(asm.JGT.Imm(asm.R5, int32(n-1), empty))
		c.stSlot(sp, asm.R5)
		c.scratchAddr(asm.R0, stack, asm.R5, asm.R5)
		c.emit(asm.LoadMem(asm.R2, asm.R0, 0, asm.Half), asm.Ja.Label(set))
		c.label(empty)
		c.emit(asm.Mov.Imm(asm.R2, 0))
		c.label(set)
		c.emit(asm.JEq.Imm(asm.R1, 0, end))
		c.stSlot(j, asm.R2)
		c.emit(asm.Ja.Label(toSlash))
		c.label(end)
		// "/a/b/.." keeps the slash: "/a/"
		c.emit(asm.Add.Imm(asm.R2, 1))
		c.stSlot(j, asm.R2)
		c.emit(asm.Ja.Label(finish))

		c.label(toSlash)
		c.stSlotImm(state, cpSlash)
		c.emit(asm.Ja.Label(next))
		c.label(toDot)
		c.stSlotImm(state, cpDot)
		c.emit(asm.Ja.Label(next))
		c.label(toDotDot)
		c.stSlotImm(state, cpDotDot)
	})
	c.label(finish)
	c.ldSlot(asm.R2, j)
	c.clampU(asm.R2, n-1)
	c.scratchAddr(asm.R4, dst, asm.R2)
	c.emit(asm.StoreImm(asm.R4, 0, 0, asm.Byte))
	c.resultStr(dst)
}

// cpWrite writes prefix then the byte in ch at the output position (R4
// points there, R2 holds it), pushing the position of the slash, and
// goes back to the normal state (to finish after a NUL).
func (c *clauseGen) cpWrite(prefix string, ch asm.Register, sp, stack, j, state int, finish, next string) {
	full := c.newLabel()
	c.ldSlot(asm.R5, sp)
	c.emit(asm.JGT.Imm(asm.R5, int32(c.strSize()-1), full))
	c.scratchAddr(asm.R0, stack, asm.R5, asm.R5)
	c.emit(asm.StoreMem(asm.R0, 0, asm.R2, asm.Half), asm.Add.Imm(asm.R5, 1))
	c.stSlot(sp, asm.R5)
	c.label(full)
	for i := 0; i < len(prefix); i++ {
		c.emit(asm.StoreImm(asm.R4, int16(i), int64(prefix[i]), asm.Byte))
	}
	c.emit(asm.StoreMem(asm.R4, int16(len(prefix)), ch, asm.Byte), asm.Add.Imm(asm.R2, int32(len(prefix)+1)))
	c.stSlot(j, asm.R2)
	c.stSlotImm(state, cpNormal)
	c.emit(asm.JEq.Imm(ch, 0, finish), asm.Ja.Label(next))
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
