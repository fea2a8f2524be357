package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// subroutines compile D's subroutines, by name. Each leaves its result in
// R0: an integer, or the address of a strsize string buffer in scratch
// (from c.temp) for a string result.
//
// Conventions of the string subroutines (here and in the subr_*.go
// files):
//
//   - A string argument is copied first into a strsize buffer in scratch
//     with bpf_probe_read_kernel_str, which accepts any address (a map
//     value, a kernel pointer) and tells the length; an address it cannot
//     read (NULL) is a bad-address fault, as in DTrace. The work is then
//     done on scratch memory, at offsets from R9 that the verifier can
//     bound.
//   - Every loop counts a register from 0 up to a constant bound, so the
//     verifier walks it iteration by iteration with the counter known.
//     Whatever else a loop carries from one iteration to the next (a
//     position that depends on the data, a result) lives in a scratch
//     slot, not in a register: values loaded from a map value are unknown
//     to the verifier, so the states it reaches at the top of an
//     iteration along different paths differ only in the counter, and it
//     prunes all but one of them. That keeps the cost of a loop linear in
//     its bound.
//   - Registers R0-R6 are free; R7-R9 are the clause's.
//   - strchr, strrchr, strstr and strtok return NULL (0) when they find
//     nothing, as DTrace does.
//
// The table is the one literal init assigns, and nothing changes it
// after: it is not initialized where it is declared because its functions
// compile their arguments with expr, which looks subroutines up here (a
// cycle Go refuses in a variable's initializer).
var subroutines map[string]func(c *clauseGen, x *ast.Call)

func init() {
	subroutines = map[string]func(c *clauseGen, x *ast.Call){
		"rand":        func(c *clauseGen, x *ast.Call) { c.call(asm.FnGetPrandomU32) },
		"speculation": subrSpeculation,

		"strlen":  subrStrlen,
		"strjoin": subrStrjoin,
		"substr":  subrSubstr,
		"index":   func(c *clauseGen, x *ast.Call) { c.search(x, searchIndex) },
		"rindex":  func(c *clauseGen, x *ast.Call) { c.search(x, searchRindex) },
		"strstr":  func(c *clauseGen, x *ast.Call) { c.search(x, searchStrstr) },
		"strchr":  func(c *clauseGen, x *ast.Call) { c.strchr(x, false) },
		"strrchr": func(c *clauseGen, x *ast.Call) { c.strchr(x, true) },
		"strtok":  subrStrtok,

		"basename":  func(c *clauseGen, x *ast.Call) { c.pathPart(x, false) },
		"dirname":   func(c *clauseGen, x *ast.Call) { c.pathPart(x, true) },
		"cleanpath": subrCleanpath,

		"lltostr": subrLltostr,
		"toupper": func(c *clauseGen, x *ast.Call) { c.changeCase(x, 'a', 'z', -32) },
		"tolower": func(c *clauseGen, x *ast.Call) { c.changeCase(x, 'A', 'Z', 32) },

		"htons":  func(c *clauseGen, x *ast.Call) { c.byteSwap(x, asm.Half) },
		"ntohs":  func(c *clauseGen, x *ast.Call) { c.byteSwap(x, asm.Half) },
		"htonl":  func(c *clauseGen, x *ast.Call) { c.byteSwap(x, asm.Word) },
		"ntohl":  func(c *clauseGen, x *ast.Call) { c.byteSwap(x, asm.Word) },
		"htonll": func(c *clauseGen, x *ast.Call) { c.byteSwap(x, asm.DWord) },
		"ntohll": func(c *clauseGen, x *ast.Call) { c.byteSwap(x, asm.DWord) },

		"copyinstr": subrCopyinstr,
		"copyin":    subrCopyin,
		"copyinto":  subrCopyinto,
		"alloca":    subrAlloca,
		"bcopy":     subrBcopy,

		"inet_ntoa": subrInetNtoa, "inet_ntoa6": subrInetNtoa6, "inet_ntop": subrInetNtop,
		"link_ntop": subrLinkNtop,

		"progenyof":  subrProgenyof,
		"d_execargs": subrDExecargs,

		"mutex_owned":         subrMutexOwned,
		"mutex_owner":         func(c *clauseGen, x *ast.Call) { c.mutexOwner(x) },
		"mutex_type_adaptive": func(c *clauseGen, x *ast.Call) { c.constAfter(x, 1) },
		"mutex_type_spin":     func(c *clauseGen, x *ast.Call) { c.constAfter(x, 0) },
		"rw_read_held":        func(c *clauseGen, x *ast.Call) { c.rwCounts(x, ^qrwWriter) },
		"rw_write_held":       func(c *clauseGen, x *ast.Call) { c.rwCounts(x, qrwWLocked) },
		"rw_iswriter":         func(c *clauseGen, x *ast.Call) { c.rwCounts(x, qrwWriter) },
		"getmajor":            subrGetmajor,
		"getminor":            subrGetminor,
	}
}

// strSize is the bytes of a string buffer: strsize characters and the
// terminating NUL, as DTrace keeps them.
func (c *clauseGen) strSize() int { return c.g.strBuf() }

// strBuf is the bytes of a string buffer: strsize characters and the
// terminating NUL.
func (g *gen) strBuf() int { return g.opts.StrSize + 1 }

// ldSlot loads the 8-byte scratch slot at R9+off into r.
func (c *clauseGen) ldSlot(r asm.Register, off int) {
	c.emit(asm.LoadMem(r, regCtx, int16(off), asm.DWord))
}

// stSlot stores r into the 8-byte scratch slot at R9+off.
func (c *clauseGen) stSlot(off int, r asm.Register) {
	c.emit(asm.StoreMem(regCtx, int16(off), r, asm.DWord))
}

// stSlotImm stores the constant v into the 8-byte scratch slot at R9+off.
func (c *clauseGen) stSlotImm(off int, v int32) {
	c.emit(storeImm64(regCtx, int16(off), v))
}

// scratchAddr sets r to R9+off, optionally plus the register idx (which
// the verifier must be able to bound).
func (c *clauseGen) scratchAddr(r asm.Register, off int, idx ...asm.Register) {
	c.emit(asm.Mov.Reg(r, regCtx))
	for _, i := range idx {
		c.emit(asm.Add.Reg(r, i))
	}
	if off != 0 {
		c.emit(asm.Add.Imm(r, int32(off)))
	}
}

// clampU bounds the unsigned value of r to at most max.
func (c *clauseGen) clampU(r asm.Register, max int) {
	ok := c.newLabel()
	c.emit(asm.JLE.Imm(r, int32(max), ok), asm.Mov.Imm(r, int32(max)))
	c.label(ok)
}

// readStr copies the string at src (any register) into the scratch
// buffer at R9+dst, at most size bytes NUL included, with
// bpf_probe_read_kernel_str; R0 is the helper's result: the bytes copied,
// NUL included, or a negative error (the buffer is then zeroed).
func (c *clauseGen) readStr(dst, size int, src asm.Register) {
	if src != asm.R3 {
		c.emit(asm.Mov.Reg(asm.R3, src))
	}
	c.scratchAddr(asm.R1, dst)
	c.emit(asm.Mov.Imm(asm.R2, int32(size)))
	c.call(asm.FnProbeReadKernelStr)
}

// retLen turns the result of a string read in R0 into the string's
// length: R0-1, or 0 after an error.
func (c *clauseGen) retLen() {
	ok := c.newLabel()
	c.emit(asm.JSGT.Imm(asm.R0, 0, ok), asm.Mov.Imm(asm.R0, 1))
	c.label(ok)
	c.emit(asm.Add.Imm(asm.R0, -1))
}

// strArg evaluates the string x and copies it into a new strsize buffer,
// returning the buffer's offset and that of a slot holding its length;
// the length is also left in R0, bounded to [0, strsize-1] for the
// verifier. An unreadable address faults.
func (c *clauseGen) strArg(x ast.Expr) (buf, lenSlot int) {
	n := c.strSize()
	c.expr(x)
	buf = c.temp(n)
	lenSlot = c.temp(8)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.readStr(buf, n, asm.R0)
	c.faultIf(x, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.retLen()
	c.clampU(asm.R0, n-1)
	c.stSlot(lenSlot, asm.R0)
	return buf, lenSlot
}

// strArgAt is strArg copying the string to the buffer at buf, its length
// to lenSlot.
func (c *clauseGen) strArgAt(x ast.Expr, buf, lenSlot int) {
	n := c.strSize()
	c.expr(x)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.readStr(buf, n, asm.R0)
	c.faultIf(x, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.retLen()
	c.clampU(asm.R0, n-1)
	c.stSlot(lenSlot, asm.R0)
}

// intArg evaluates the integer x into a new scratch slot and returns its
// offset.
func (c *clauseGen) intArg(x ast.Expr) int {
	c.expr(x)
	slot := c.temp(8)
	c.stSlot(slot, asm.R0)
	return slot
}

// optIntArg stores the integer argument i of x, or def when x has no
// such argument, in a new scratch slot, and returns its offset.
func (c *clauseGen) optIntArg(x *ast.Call, i int, def int32) int {
	slot := c.temp(8)
	if len(x.Args) > i {
		c.expr(x.Args[i])
		c.stSlot(slot, asm.R0)
	} else {
		c.stSlotImm(slot, def)
	}
	return slot
}

// loop emits "for r = 0; r < n; r++ { body }"; body receives the labels
// that leave the loop and that go on with the next iteration.
func (c *clauseGen) loop(r asm.Register, n int, body func(brk, next string)) {
	head, next, brk := c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(asm.Mov.Imm(r, 0))
	c.label(head)
	c.emit(asm.JGE.Imm(r, int32(n), brk))
	body(brk, next)
	c.label(next)
	c.emit(asm.Add.Imm(r, 1), asm.Ja.Label(head))
	c.label(brk)
}

// invertJump maps a conditional jump to its negation.
var invertJump = map[asm.JumpOp]asm.JumpOp{
	asm.JEq: asm.JNE, asm.JNE: asm.JEq,
	asm.JGT: asm.JLE, asm.JLE: asm.JGT, asm.JGE: asm.JLT, asm.JLT: asm.JGE,
	asm.JSGT: asm.JSLE, asm.JSLE: asm.JSGT, asm.JSGE: asm.JSLT, asm.JSLT: asm.JSGE,
}

// exitIf leaves the loop (for brk) when "r op imm" holds. The exit is the
// fall-through, which the verifier follows first, pushing the way on: it
// thus leaves each iteration early and keeps only a few states pending,
// where a jump out of the loop would leave one pending per iteration (the
// verifier allows 8192 pending states for the whole program).
func (c *clauseGen) exitIf(op asm.JumpOp, r asm.Register, imm int32, brk string) {
	cont := c.newLabel()
	c.emit(invertJump[op].Imm(r, imm, cont), asm.Ja.Label(brk))
	c.label(cont)
}

// exitIfReg is exitIf comparing two registers.
func (c *clauseGen) exitIfReg(op asm.JumpOp, r, src asm.Register, brk string) {
	cont := c.newLabel()
	c.emit(invertJump[op].Reg(r, src, cont), asm.Ja.Label(brk))
	c.label(cont)
}

// isEq sets dst to 1 when the bytes (or small values) in a and b are
// equal, else 0, without a branch. dst may be a but not b.
func (c *clauseGen) isEq(dst, a, b asm.Register) {
	if dst != a {
		c.emit(asm.Mov.Reg(dst, a))
	}
	c.emit(asm.Xor.Reg(dst, b), asm.Add.Imm(dst, -1), asm.RSh.Imm(dst, 63))
}

// isEqImm sets dst to 1 when the small value in a equals v, else 0.
func (c *clauseGen) isEqImm(dst, a asm.Register, v int32) {
	if dst != a {
		c.emit(asm.Mov.Reg(dst, a))
	}
	c.emit(asm.Xor.Imm(dst, v), asm.Add.Imm(dst, -1), asm.RSh.Imm(dst, 63))
}

// copyRange copies the lenReg bytes at R9+src+startReg into the strsize
// buffer at R9+dst and NUL-terminates them, stopping early at a NUL. The
// registers must not be R1-R3; both are bounded here for the verifier:
// start to [0, strsize-1], the length to [0, strsize-1].
func (c *clauseGen) copyRange(dst, src int, startReg, lenReg asm.Register) {
	n := c.strSize()
	c.clampU(startReg, n-1)
	c.clampU(lenReg, n-1)
	c.scratchAddr(asm.R3, src, startReg)
	c.scratchAddr(asm.R1, dst)
	c.emit(asm.Mov.Reg(asm.R2, lenReg), asm.Add.Imm(asm.R2, 1))
	c.call(asm.FnProbeReadKernelStr)
}

// setStr writes the constant string s (shorter than 8 bytes) at R9+dst.
func (c *clauseGen) setStr(dst int, s string) {
	for i := 0; i <= len(s) && i < c.strSize(); i++ {
		b := byte(0)
		if i < len(s) && i < c.strSize()-1 {
			b = s[i]
		}
		c.emit(asm.StoreImm(regCtx, int16(dst+i), int64(b), asm.Byte))
	}
}

// resultStr leaves the address of the string buffer at R9+dst in R0.
func (c *clauseGen) resultStr(dst int) { c.scratchAddr(asm.R0, dst) }

func subrStrlen(c *clauseGen, x *ast.Call) {
	c.strArg(x.Args[0]) // leaves the length in R0
}

// strjoin(a, b): a then b, truncated to strsize-1 bytes. The buffer is
// twice strsize so that the verifier, which bounds the offset of the
// second copy and its size separately, sees it fit. An unreadable string
// faults.
func subrStrjoin(c *clauseGen, x *ast.Call) {
	n := c.strSize()
	dst := c.temp(2 * n)
	c.expr(x.Args[0])
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.readStr(dst, n, asm.R0)
	c.faultIf(x, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.retLen()
	c.clampU(asm.R0, n-1)
	c.push(x)
	c.expr(x.Args[1])
	c.emit(asm.Mov.Reg(asm.R3, asm.R0))
	c.pop(asm.R4)
	c.clampU(asm.R4, n-1)
	c.scratchAddr(asm.R1, dst, asm.R4)
	c.emit(asm.Mov.Imm(asm.R2, int32(n)), asm.Sub.Reg(asm.R2, asm.R4), asm.Mov.Reg(asm.R6, asm.R3))
	c.call(asm.FnProbeReadKernelStr)
	c.faultIf(x, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.resultStr(dst)
}

// substr(s, index [, length]) with DTrace's rules: a negative index counts
// from the end (a part before the start shortens the length), a negative
// length leaves that many characters off the end, and an index at or past
// the end gives "".
func subrSubstr(c *clauseGen, x *ast.Call) {
	n := c.strSize()
	buf, lenSlot := c.strArg(x.Args[0])
	idxSlot := c.intArg(x.Args[1])
	cntSlot := c.optIntArg(x, 2, int32(n))
	dst := c.temp(n)
	idx, cnt, ln := asm.R4, asm.R5, asm.R6
	c.ldSlot(idx, idxSlot)
	c.ldSlot(cnt, cntSlot)
	c.ldSlot(ln, lenSlot)
	checkIdx, empty, positive, done := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(
		asm.JSGE.Imm(idx, 0, checkIdx),
		asm.Add.Reg(idx, ln),
		asm.JSGE.Imm(idx, 0, checkIdx),
		// Still before the start: keep what of the length reaches it.
		asm.Add.Reg(cnt, idx),
		asm.JSLE.Imm(cnt, 0, empty),
		asm.Mov.Imm(idx, 0),
	)
	c.label(checkIdx)
	c.emit(
		asm.JSGE.Reg(idx, ln, empty),
		asm.JSGE.Imm(cnt, 0, positive),
		// A negative length counts back from the end.
		asm.Add.Reg(cnt, ln),
		asm.Sub.Reg(cnt, idx),
		asm.JSLE.Imm(cnt, 0, empty),
	)
	c.label(positive)
	// 0 <= idx < len and cnt >= 0 here: copyRange bounds cnt to
	// strsize-1, and the copy stops at the string's end.
	c.copyRange(dst, buf, idx, cnt)
	c.emit(asm.Ja.Label(done))
	c.label(empty)
	c.setStr(dst, "")
	c.label(done)
	c.resultStr(dst)
}

// byteSwap converts between host and network (big-endian) byte order.
func (c *clauseGen) byteSwap(x *ast.Call, size asm.Size) {
	c.expr(x.Args[0])
	c.emit(asm.HostTo(asm.BE, asm.R0, size))
}

// changeCase copies the string and adds delta to each byte in [lo, hi]. An
// unreadable string faults.
func (c *clauseGen) changeCase(x *ast.Call, lo, hi byte, delta int32) {
	n := c.strSize()
	c.expr(x.Args[0])
	dst := c.temp(n)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0))
	c.readStr(dst, n, asm.R0)
	c.faultIf(x, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.loop(asm.R6, n, func(brk, next string) {
		c.scratchAddr(asm.R1, dst, asm.R6)
		c.emit(
			asm.LoadMem(asm.R2, asm.R1, 0, asm.Byte),
		)
		c.exitIf(asm.JEq, asm.R2, 0, brk)
		c.emit(
			// in range: x = c-lo and x-(hi-lo+1) have their sign bits
			// clear and set; R3 = 1 then.
			asm.Mov.Reg(asm.R3, asm.R2),
			asm.Add.Imm(asm.R3, -int32(lo)),
			asm.Mov.Reg(asm.R4, asm.R3),
			asm.Add.Imm(asm.R4, -int32(hi-lo+1)),
			asm.Xor.Imm(asm.R3, -1),
			asm.And.Reg(asm.R3, asm.R4),
			asm.RSh.Imm(asm.R3, 63),
			asm.Mul.Imm(asm.R3, delta),
			asm.Add.Reg(asm.R2, asm.R3),
			asm.StoreMem(asm.R1, 0, asm.R2, asm.Byte),
		)
	})
	c.resultStr(dst)
}

// subrCopyinstr: copyinstr(addr [, len]) reads a user string, at most len
// bytes of it. An address the kernel cannot read faults.
func subrCopyinstr(c *clauseGen, x *ast.Call) {
	n := c.strSize()
	c.expr(x.Args[0])
	dst := c.temp(n)
	if len(x.Args) > 1 {
		c.push(x)
		c.expr(x.Args[1])
		// size = len+1 when len < strsize, else strsize
		ok := c.newLabel()
		c.emit(asm.Mov.Reg(asm.R2, asm.R0), asm.Add.Imm(asm.R2, 1),
			asm.JLT.Imm(asm.R0, int32(n), ok), asm.Mov.Imm(asm.R2, int32(n)))
		c.label(ok)
		c.pop(asm.R3)
	} else {
		c.emit(asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, int32(n)))
	}
	c.emit(asm.Mov.Reg(asm.R6, asm.R3))
	c.scratchAddr(asm.R1, dst)
	c.call(asm.FnProbeReadUserStr)
	c.faultIf(x, asm.JSLT, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.resultStr(dst)
}

// thisAlloc hands out size bytes of the state at the start of the this->
// region (this.go), which layoutThis reserved for the program's lifetime
// (per-CPU state that outlives a clause: strtok's, the alloca area's
// top, speculations' accounting), and returns their offset from R9.
func (c *clauseGen) thisAlloc(n ast.Node, size int) int {
	l := c.g.this
	size = align8(size)
	if l.used+size > l.state {
		c.fail(n, "this use of per-CPU state")
	}
	off := c.g.scratchBase + l.used
	l.used += size
	return off
}

// subrCopyin: copyin(addr, size) copies size bytes of user memory into
// scratch memory it allocates (alloca.go) and returns their address. A
// size past scratchsize (or negative) is an invalid size; more than the
// clause has left is out of scratch space; an address the kernel cannot
// read is a bad address.
func subrCopyin(c *clauseGen, x *ast.Call) {
	size := c.intArg(x.Args[1])
	c.checkSize(x, size)
	c.ldSlot(asm.R0, size)
	c.alloc(x)
	dst := c.temp(8)
	c.stSlot(dst, asm.R0)
	src := c.intArg(x.Args[0])
	// The destination, bounded for the verifier: alloc returned it
	// within scratchsize of the area's start, which is twice as long.
	c.allocaAccess(x, dst, 0, size)
	c.emit(asm.Mov.Reg(asm.R1, asm.R0))
	c.ldSlot(asm.R2, size)
	c.clampU(asm.R2, c.g.scratchLimit())
	c.ldSlot(asm.R3, src)
	c.call(asm.FnProbeReadUser)
	c.ldSlot(asm.R1, src)
	c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R1)
	c.ldSlot(asm.R0, dst)
}

// subrAlloca: alloca(size) allocates size bytes of scratch memory for the
// clause (alloca.go) and returns their address; more than the clause has
// left of scratchsize is out of scratch space.
func subrAlloca(c *clauseGen, x *ast.Call) {
	c.expr(x.Args[0])
	c.alloc(x)
}

// subrBcopy: bcopy(src, dst, size) copies size bytes of kernel memory
// from src to dst, an alloca pointer (the checker requires one), as
// DTrace checks it: a size past scratchsize (or negative) is an invalid
// size; src NULL (or, an alloca pointer, outside what the clause
// allocated) is a bad address; dst's access is checked as any through an
// alloca pointer; src unreadable is a bad address.
func subrBcopy(c *clauseGen, x *ast.Call) {
	c.copyToAlloca(x, x.Args[0], x.Args[1], x.Args[2], asm.FnProbeReadKernel)
}

// copyToAlloca compiles bcopy() and copyinto(): size bytes read with
// helper from src to dst, an alloca pointer (see subrBcopy).
func (c *clauseGen) copyToAlloca(x *ast.Call, srcX, dstX, sizeX ast.Expr, helper asm.BuiltinFunc) {
	var src, dst, size int
	if helper == asm.FnProbeReadKernel { // bcopy's order of evaluation
		src, dst, size = c.intArg(srcX), c.intArg(dstX), c.intArg(sizeX)
	} else {
		src, size, dst = c.intArg(srcX), c.intArg(sizeX), c.intArg(dstX)
	}
	c.checkSize(x, size)
	if c.isAlloca(srcX) {
		c.allocaAccess(x, src, 0, size)
	} else {
		c.ldSlot(asm.R1, src)
		c.faultIf(x, asm.JEq, asm.R1, 0, abi.FaultBadAddr, asm.R1)
	}
	c.allocaAccess(x, dst, 0, size)
	c.emit(asm.Mov.Reg(asm.R1, asm.R0))
	c.ldSlot(asm.R2, size)
	c.clampU(asm.R2, c.g.scratchLimit())
	c.ldSlot(asm.R3, src)
	c.call(helper)
	c.ldSlot(asm.R1, src)
	c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R1)
	c.emit(asm.Mov.Imm(asm.R0, 0))
}

// charArg evaluates x, a char, into a slot as an unsigned byte.
func (c *clauseGen) charArg(x ast.Expr) int {
	c.expr(x)
	c.emit(asm.And.Imm(asm.R0, 0xff))
	slot := c.temp(8)
	c.stSlot(slot, asm.R0)
	return slot
}

// strchr(s, c) and strrchr(s, c): the rest of s from the first (last)
// occurrence of c (which may be the terminating NUL), or NULL.
func (c *clauseGen) strchr(x *ast.Call, last bool) {
	n := c.strSize()
	buf, _ := c.strArg(x.Args[0])
	chSlot := c.charArg(x.Args[1])
	res := c.temp(8)
	c.stSlotImm(res, -1)
	c.ldSlot(asm.R5, chSlot)
	c.loop(asm.R6, n, func(brk, next string) {
		c.loadByte(asm.R1, buf, asm.R6)
		c.isEq(asm.R2, asm.R1, asm.R5)
		if last {
			// res += (i - res) * eq
			c.ldSlot(asm.R3, res)
			c.emit(asm.Mov.Reg(asm.R4, asm.R6), asm.Sub.Reg(asm.R4, asm.R3), asm.Mul.Reg(asm.R4, asm.R2), asm.Add.Reg(asm.R3, asm.R4))
			c.stSlot(res, asm.R3)
		} else {
			miss := c.newLabel()
			c.emit(asm.JEq.Imm(asm.R2, 0, miss))
			c.stSlot(res, asm.R6)
			c.emit(asm.Ja.Label(brk))
			c.label(miss)
		}
		c.exitIf(asm.JEq, asm.R1, 0, brk)
	})
	c.suffixOrNull(buf, res)
}

// suffixOrNull leaves in R0 NULL when the slot res is negative, else a
// new string: the string in buf from index res on.
func (c *clauseGen) suffixOrNull(buf, res int) {
	n := c.strSize()
	dst := c.temp(n)
	null, done := c.newLabel(), c.newLabel()
	c.ldSlot(asm.R6, res)
	c.emit(asm.JSLT.Imm(asm.R6, 0, null))
	c.clampU(asm.R6, n-1)
	c.scratchAddr(asm.R3, buf, asm.R6)
	c.scratchAddr(asm.R1, dst)
	c.emit(asm.Mov.Imm(asm.R2, int32(n)))
	c.call(asm.FnProbeReadKernelStr)
	c.resultStr(dst)
	c.emit(asm.Ja.Label(done))
	c.label(null)
	c.emit(asm.Mov.Imm(asm.R0, 0))
	c.label(done)
}
