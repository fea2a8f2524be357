package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// Address families of inet_ntop(): Linux's AF_INET and AF_INET6, which
// DTrace for Linux uses (illumos' AF_INET6 is 26).
const (
	afInet  = 2
	afInet6 = 10
)

// inetWork is the size of the buffer an address is formatted in: more
// than INET6_ADDRSTRLEN (46), and a power of two so that masking the
// output position bounds it for the verifier without a branch.
const inetWork = 64

// subrInetNtoa6 compiles inet_ntoa6(in6_addr_t * [, strict]): the IPv6
// address as text, or only its IPv4 part (a.b.c.d) when it is an
// IPv4-mapped or IPv4-compatible address (see inetText.v6). With a
// strict argument (an integer constant) other than 0, such an address is
// written whole, as inet_ntop writes it.
func subrInetNtoa6(c *clauseGen, x *ast.Call) {
	strict := false
	if len(x.Args) > 1 {
		v, _ := c.constOf(x.Args[1])
		strict = v != 0
	}
	t := c.newInetText()
	c.expr(x.Args[0])
	t.read(asm.R0, 16)
	if strict {
		t.v6(false)
	} else {
		t.ntoa6()
	}
	t.finish()
}

// Hardware types of link_ntop(): Linux's ARPHRD_ETHER and
// ARPHRD_INFINIBAND, and the bytes of their addresses.
const (
	arphrdEther      = 1
	arphrdInfiniband = 32
	etherAddrLen     = 6
	infinibandLen    = 20
)

// subrLinkNtop compiles link_ntop(type, addr), as DTrace for Linux
// defines it: the link-layer address at addr, of ARPHRD_ETHER (6 bytes) or
// ARPHRD_INFINIBAND (20 bytes), each byte as two lowercase hex digits,
// separated by ':'. Any other type is an illegal operation (the type
// reported); a NULL addr is a bad address; an address the kernel cannot
// read gives "".
func subrLinkNtop(c *clauseGen, x *ast.Call) {
	t := c.newInetText()
	raw := c.temp(infinibandLen) // the address, read
	n := c.temp(8)               // its bytes
	c.expr(x.Args[0])
	ether, ib, read := c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(asm.JEq.Imm(asm.R0, arphrdEther, ether), asm.JEq.Imm(asm.R0, arphrdInfiniband, ib))
	c.fault(x, abi.FaultIllOp, asm.R0)
	c.label(ether)
	c.stSlotImm(n, etherAddrLen)
	c.emit(asm.Ja.Label(read))
	c.label(ib)
	c.stSlotImm(n, infinibandLen)
	c.label(read)
	c.expr(x.Args[1])
	c.faultIf(x, asm.JEq, asm.R0, 0, abi.FaultBadAddr, asm.R0)
	c.emit(asm.Mov.Reg(asm.R3, asm.R0))
	c.ldSlot(asm.R2, n)
	c.clampU(asm.R2, infinibandLen)
	c.scratchAddr(asm.R1, raw)
	c.call(asm.FnProbeReadKernel)
	c.stSlotImm(t.pos, 0)
	empty, done := c.newLabel(), c.newLabel()
	c.emit(asm.JNE.Imm(asm.R0, 0, empty))
	c.loop(asm.R6, infinibandLen, func(brk, next string) {
		c.ldSlot(asm.R1, n)
		c.exitIfReg(asm.JGE, asm.R6, asm.R1, brk)
		c.scratchAddr(asm.R1, raw, asm.R6)
		c.emit(asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte))
		for _, shift := range []int32{4, 0} {
			c.emit(
				asm.Mov.Reg(asm.R2, asm.R1),
				asm.RSh.Imm(asm.R2, shift),
				asm.And.Imm(asm.R2, 15),
			)
			c.emit(hexDigit(asm.R2, asm.R3)...)
			t.put(asm.R2)
		}
		t.putChar(':')
	})
	// The last ':' becomes the NUL.
	c.ldSlot(asm.R5, t.pos)
	c.emit(asm.Add.Imm(asm.R5, -1))
	c.stSlot(t.pos, asm.R5)
	c.emit(asm.Ja.Label(done))
	c.label(empty)
	c.label(done)
	t.finish()
}

// subrInetNtop compiles inet_ntop(af, addr): for AF_INET (2) the 4 bytes
// at addr as inet_ntoa prints them, for AF_INET6 (10) the 16 bytes at
// addr as text, an IPv4-mapped or IPv4-compatible address with its IPv4
// part in dotted form (::ffff:1.2.3.4). Any other af is an illegal
// operation, as in DTrace (an illegal-operation fault, arg5 0).
func subrInetNtop(c *clauseGen, x *ast.Call) {
	t := c.newInetText()
	af, isConst := c.constOf(x.Args[0])
	var afSlot int
	if !isConst {
		afSlot = c.intArg(x.Args[0])
	}
	c.expr(x.Args[1])
	if isConst {
		switch af {
		case afInet:
			t.read(asm.R0, 4)
			t.dottedQuad(0)
			t.finish()
			return
		case afInet6:
			t.read(asm.R0, 16)
			t.v6(false)
			t.finish()
			return
		}
	}
	addr := c.temp(8)
	c.stSlot(addr, asm.R0)
	v4, v6, done := c.newLabel(), c.newLabel(), c.newLabel()
	if isConst {
		// An unknown constant family: the verifier sees the jump taken.
		c.emit(asm.LoadImm(asm.R1, af, asm.DWord))
	} else {
		c.ldSlot(asm.R1, afSlot)
	}
	c.emit(
		asm.JEq.Imm(asm.R1, afInet, v4),
		asm.JEq.Imm(asm.R1, afInet6, v6),
		asm.Mov.Imm(asm.R1, 0),
	)
	c.fault(x, abi.FaultIllOp, asm.R1)
	c.label(v4)
	c.ldSlot(asm.R0, addr)
	t.read(asm.R0, 4)
	t.dottedQuad(0)
	c.emit(asm.Ja.Label(done))
	c.label(v6)
	c.ldSlot(asm.R0, addr)
	t.read(asm.R0, 16)
	t.v6(false)
	c.label(done)
	t.finish()
}

// inetText is one address being formatted in scratch: the raw bytes, the
// output buffer, and a slot holding the next output position (kept in
// memory, so that the verifier's states do not multiply with the lengths
// of the parts already written).
type inetText struct {
	c    *clauseGen
	raw  int // 16 bytes: the address
	dst  int // the output, max(strsize, inetWork) bytes
	pos  int // slot: the next output index
	zero struct {
		try, first, num int // slots of illumos' tryzero, firstzero, numzero
	}
}

func (c *clauseGen) newInetText() *inetText {
	t := &inetText{c: c, raw: c.temp(16), pos: c.temp(8)}
	t.dst = c.temp(max(c.strSize(), inetWork))
	t.zero.try, t.zero.first, t.zero.num = c.temp(8), c.temp(8), c.temp(8)
	return t
}

// read copies n bytes at the address in src (not R1 or R2) into raw with
// bpf_probe_read_kernel, as inet_ntoa reads its argument; a bad address
// faults. The output position starts at 0.
func (t *inetText) read(src asm.Register, n int) {
	c := t.c
	if src != asm.R3 {
		c.emit(asm.Mov.Reg(asm.R3, src))
	}
	c.emit(asm.Mov.Reg(asm.R6, asm.R3), asm.Mov.Imm(asm.R2, int32(n)))
	c.scratchAddr(asm.R1, t.raw)
	c.call(asm.FnProbeReadKernel)
	c.faultIf(nil, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	c.stSlotImm(t.pos, 0)
}

// put appends the byte in r (not R4 or R5) to the output. The position is
// masked to the work buffer, which the text never fills.
func (t *inetText) put(r asm.Register) {
	c := t.c
	c.ldSlot(asm.R5, t.pos)
	c.emit(asm.And.Imm(asm.R5, inetWork-1))
	c.scratchAddr(asm.R4, t.dst, asm.R5)
	c.emit(asm.StoreMem(asm.R4, 0, r, asm.Byte), asm.Add.Imm(asm.R5, 1))
	c.stSlot(t.pos, asm.R5)
}

// putChar appends the constant ch.
func (t *inetText) putChar(ch byte) {
	t.c.emit(asm.Mov.Imm(asm.R2, int32(ch)))
	t.put(asm.R2)
}

// decimal appends the byte in R1 in decimal, without leading zeros.
// R1 is kept; R2-R5 are used.
func (t *inetText) decimal() {
	c := t.c
	noH, noT := c.newLabel(), c.newLabel()
	c.emit(asm.JLT.Imm(asm.R1, 100, noH), asm.Mov.Reg(asm.R2, asm.R1), asm.Div.Imm(asm.R2, 100), asm.Add.Imm(asm.R2, '0'))
	t.put(asm.R2)
	c.label(noH)
	c.emit(asm.JLT.Imm(asm.R1, 10, noT), asm.Mov.Reg(asm.R2, asm.R1), asm.Div.Imm(asm.R2, 10), asm.Mod.Imm(asm.R2, 10), asm.Add.Imm(asm.R2, '0'))
	t.put(asm.R2)
	c.label(noT)
	c.emit(asm.Mov.Reg(asm.R2, asm.R1), asm.Mod.Imm(asm.R2, 10), asm.Add.Imm(asm.R2, '0'))
	t.put(asm.R2)
}

// dottedQuad appends the 4 bytes at raw+off as a.b.c.d, with R6 counting
// the bytes.
func (t *inetText) dottedQuad(off int) {
	c := t.c
	c.loop(asm.R6, 4, func(brk, next string) {
		c.scratchAddr(asm.R1, t.raw+off, asm.R6)
		c.emit(asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte))
		t.decimal()
		c.emit(asm.JEq.Imm(asm.R6, 3, next))
		t.putChar('.')
	})
}

// hex appends the 16-bit value in R1 in lowercase hexadecimal without
// leading zeros ("0" for 0). R1 is kept; R2-R5 are used.
func (t *inetText) hex() {
	c := t.c
	for _, shift := range []int32{12, 8, 4, 0} {
		skip := c.newLabel()
		c.emit(asm.Mov.Reg(asm.R2, asm.R1), asm.RSh.Imm(asm.R2, shift))
		if shift > 0 {
			c.emit(asm.JEq.Imm(asm.R2, 0, skip))
		}
		c.emit(asm.And.Imm(asm.R2, 15))
		c.emit(hexDigit(asm.R2, asm.R3)...)
		t.put(asm.R2)
		c.label(skip)
	}
}

// v6 appends the 16 bytes at raw as illumos' dtrace_dif_subr formats an
// in6_addr for inet_ntop and inet_ntoa6 (RFC 1884 form, lowercase hex):
//
//   - The zero run compressed to "::" is found by illumos' scan of the
//     bytes: a run starts at a zero byte at an even offset, and replaces
//     the one kept so far when it spans more bytes than that one's length
//     (initially 1). A single zero group is thus compressed too, the
//     first of equal runs wins unless the group after a later one begins
//     with a zero byte, and a lone trailing zero group is not compressed.
//   - An IPv4-mapped address (::ffff:a.b.c.d) or an IPv4-compatible one
//     (first 12 bytes zero, the last 4 neither 0.0.0.0 nor 0.0.0.1) ends
//     with its IPv4 part in dotted decimal; inet_ntoa6 (ntoa6) returns
//     only that part. The groups before it keep the compression found
//     above only when its "::" falls at or before the sixth group.
func (t *inetText) v6(ntoa6 bool) {
	c := t.c
	z := t.zero
	c.stSlotImm(z.try, -1)
	c.stSlotImm(z.first, -1)
	c.stSlotImm(z.num, 1)
	// The scan, with R6 the byte offset i.
	c.loop(asm.R6, 16, func(brk, next string) {
		notStart, end, reset, store := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
		c.scratchAddr(asm.R1, t.raw, asm.R6)
		c.emit(asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte))
		c.ldSlot(asm.R2, z.try)
		// A zero byte at an even offset starts a run.
		c.emit(
			asm.JNE.Imm(asm.R1, 0, notStart),
			asm.JNE.Imm(asm.R2, -1, notStart),
			asm.Mov.Reg(asm.R3, asm.R6),
			asm.And.Imm(asm.R3, 1),
			asm.JNE.Imm(asm.R3, 0, notStart),
		)
		c.stSlot(z.try, asm.R6)
		c.emit(asm.Ja.Label(next))
		c.label(notStart)
		// A run ends at a nonzero byte or at the last byte.
		c.emit(
			asm.JEq.Imm(asm.R2, -1, next),
			asm.JNE.Imm(asm.R1, 0, end),
			asm.JNE.Imm(asm.R6, 15, next),
		)
		c.label(end)
		c.ldSlot(asm.R4, z.num)
		c.emit(
			asm.Mov.Reg(asm.R3, asm.R6),
			asm.Sub.Reg(asm.R3, asm.R2),
			asm.JSLE.Reg(asm.R3, asm.R4, reset),
		)
		// numzero = i - i%2 - tryzero, 2 more when the last byte is zero.
		c.stSlot(z.first, asm.R2)
		c.emit(
			asm.Mov.Reg(asm.R3, asm.R6),
			asm.And.Imm(asm.R3, -2),
			asm.Sub.Reg(asm.R3, asm.R2),
			asm.JNE.Imm(asm.R1, 0, store),
			asm.JNE.Imm(asm.R6, 15, store),
			asm.Add.Imm(asm.R3, 2),
		)
		c.label(store)
		c.stSlot(z.num, asm.R3)
		c.label(reset)
		c.stSlotImm(z.try, -1)
	})

	// Embedded IPv4: v6end (the last group's offset) is 10, else 14.
	v6end := c.temp(8)
	notEmb, emb, v4 := c.newLabel(), c.newLabel(), c.newLabel()
	c.stSlotImm(v6end, 14)
	t.v4Prefix(emb, notEmb) // IN6_IS_ADDR_V4MAPPED
	// IN6_IS_ADDR_V4COMPAT: not :: and not ::1
	c.emit(asm.JLE.Imm(asm.R1, 1, notEmb))
	c.label(emb)
	c.stSlotImm(v6end, 10)
	if ntoa6 {
		c.emit(asm.Ja.Label(v4))
	}
	c.label(notEmb)

	// X: the offset of the group where "::" goes, when the walk from
	// v6end down reaches it (firstzero+numzero-2 <= v6end), else -100.
	xSlot := c.temp(8)
	c.ldSlot(asm.R1, z.first)
	c.ldSlot(asm.R2, z.num)
	c.ldSlot(asm.R3, v6end)
	reached := c.newLabel()
	c.emit(asm.Add.Reg(asm.R1, asm.R2), asm.Add.Imm(asm.R1, -2), asm.JSLE.Reg(asm.R1, asm.R3, reached), asm.Mov.Imm(asm.R1, -100))
	c.label(reached)
	c.stSlot(xSlot, asm.R1)

	// The groups, first to last, with R6 the group number: illumos writes
	// them from the last, and the groups from firstzero up to X are the
	// ones its walk jumps over after writing "::" at X.
	c.loop(asm.R6, 8, func(brk, next string) {
		notX, write := c.newLabel(), c.newLabel()
		c.emit(asm.Mov.Reg(asm.R1, asm.R6), asm.LSh.Imm(asm.R1, 1))
		c.ldSlot(asm.R2, v6end)
		c.exitIfReg(asm.JGT, asm.R1, asm.R2, brk)
		c.ldSlot(asm.R3, xSlot)
		c.emit(asm.JNE.Reg(asm.R1, asm.R3, notX))
		t.putChar(':')
		t.putChar(':')
		c.emit(asm.Ja.Label(next))
		c.label(notX)
		c.ldSlot(asm.R4, z.first)
		c.emit(
			asm.JSGT.Reg(asm.R4, asm.R1, write),
			asm.JSLT.Reg(asm.R1, asm.R3, next),
		)
		c.label(write)
		c.scratchAddr(asm.R2, t.raw, asm.R1)
		c.emit(
			asm.LoadMem(asm.R1, asm.R2, 0, asm.Byte),
			asm.LSh.Imm(asm.R1, 8),
			asm.LoadMem(asm.R3, asm.R2, 1, asm.Byte),
			asm.Or.Reg(asm.R1, asm.R3),
		)
		t.hex()
		// A ':' follows unless this is the last group or "::" follows.
		c.emit(asm.Mov.Reg(asm.R1, asm.R6), asm.LSh.Imm(asm.R1, 1), asm.JGE.Imm(asm.R1, 14, next))
		c.ldSlot(asm.R4, z.first)
		c.emit(asm.Add.Imm(asm.R4, -2), asm.JEq.Reg(asm.R1, asm.R4, next))
		t.putChar(':')
	})
	// The IPv4 part of an embedded address.
	end := c.newLabel()
	c.ldSlot(asm.R1, v6end)
	c.emit(asm.JNE.Imm(asm.R1, 10, end))
	c.label(v4)
	t.dottedQuad(12)
	c.label(end)
}

// v4Prefix goes to mapped when the 16 bytes at raw are an IPv4-mapped
// address (::ffff:a.b.c.d), and to other unless they start as an
// IPv4-compatible one does (six zero groups); else it falls through with
// R1 the number their last 32 bits, a.b.c.d, make.
func (t *inetText) v4Prefix(mapped, other string) {
	t.c.emit(
		asm.LoadMem(asm.R1, regCtx, int16(t.raw), asm.DWord),
		asm.JNE.Imm(asm.R1, 0, other),
		asm.LoadMem(asm.R1, regCtx, int16(t.raw+8), asm.Half),
		asm.JNE.Imm(asm.R1, 0, other),
		asm.LoadMem(asm.R1, regCtx, int16(t.raw+10), asm.Half),
		asm.JEq.Imm(asm.R1, 0xffff, mapped),
		asm.JNE.Imm(asm.R1, 0, other),
		asm.LoadMem(asm.R1, regCtx, int16(t.raw+12), asm.Word),
		asm.HostTo(asm.BE, asm.R1, asm.Word),
	)
}

// ntoa6 appends the 16 bytes at raw as DTrace for Linux's inet_ntoa6
// writes them (its dt_inet_ntoa6): an IPv4-mapped address (::ffff:a.b.c.d)
// or an IPv4-compatible one (five zero groups, then a zero group and a
// nonzero one, or six zero groups and a last one above 1) as its IPv4 part
// a.b.c.d alone; any other as RFC 5952 writes it: groups in lowercase hex
// without leading zeros, the longest run of two or more zero groups (the
// first of equal ones) as "::".
func (t *inetText) ntoa6() {
	c := t.c
	notV4, v4, done := c.newLabel(), c.newLabel(), c.newLabel()
	t.v4Prefix(v4, notV4)
	c.emit(asm.JGT.Imm(asm.R1, 1, v4))
	c.label(notV4)

	// The longest zero run: its first group and length (bestLen starts
	// at 1, so that a run is at least two groups and the first of equal
	// runs stays).
	z := t.zero
	curStart, curLen, bestStart, bestLen := z.try, c.temp(8), z.first, z.num
	c.stSlotImm(curLen, 0)
	c.stSlotImm(bestStart, -1)
	c.stSlotImm(bestLen, 1)
	c.loop(asm.R6, 8, func(brk, next string) {
		t.group(asm.R6)
		nonzero, noStart, noBest := c.newLabel(), c.newLabel(), c.newLabel()
		c.emit(asm.JNE.Imm(asm.R1, 0, nonzero))
		c.ldSlot(asm.R2, curLen)
		c.emit(asm.JNE.Imm(asm.R2, 0, noStart))
		c.stSlot(curStart, asm.R6)
		c.label(noStart)
		c.emit(asm.Add.Imm(asm.R2, 1))
		c.stSlot(curLen, asm.R2)
		c.ldSlot(asm.R3, bestLen)
		c.emit(asm.JLE.Reg(asm.R2, asm.R3, noBest))
		c.stSlot(bestLen, asm.R2)
		c.ldSlot(asm.R3, curStart)
		c.stSlot(bestStart, asm.R3)
		c.label(noBest)
		c.emit(asm.Ja.Label(next))
		c.label(nonzero)
		c.stSlotImm(curLen, 0)
	})

	// The groups, with "::" for the run.
	c.loop(asm.R6, 8, func(brk, next string) {
		outside, sep, write := c.newLabel(), c.newLabel(), c.newLabel()
		c.ldSlot(asm.R2, bestStart)
		c.ldSlot(asm.R3, bestLen)
		c.emit(
			asm.Add.Reg(asm.R3, asm.R2), // the group after the run
			asm.JSGT.Reg(asm.R2, asm.R6, outside),
			asm.JSGE.Reg(asm.R6, asm.R3, outside),
			asm.JNE.Reg(asm.R6, asm.R2, next),
		)
		t.putChar(':')
		t.putChar(':')
		c.emit(asm.Ja.Label(next))
		c.label(outside)
		// A ':' before every group but the first and the one after "::".
		c.emit(asm.JEq.Imm(asm.R6, 0, write), asm.JNE.Reg(asm.R6, asm.R3, sep), asm.Ja.Label(write))
		c.label(sep)
		t.putChar(':')
		c.label(write)
		t.group(asm.R6)
		t.hex()
	})
	c.emit(asm.Ja.Label(done))
	c.label(v4)
	t.dottedQuad(12)
	c.label(done)
}

// group loads the 16-bit group (network order) whose number is in r (not
// R1 or R2) into R1.
func (t *inetText) group(r asm.Register) {
	c := t.c
	c.emit(asm.Mov.Reg(asm.R2, r), asm.LSh.Imm(asm.R2, 1))
	c.scratchAddr(asm.R1, t.raw, asm.R2)
	c.emit(
		asm.LoadMem(asm.R2, asm.R1, 1, asm.Byte),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
		asm.LSh.Imm(asm.R1, 8),
		asm.Or.Reg(asm.R1, asm.R2),
	)
}

// finish terminates the text, truncates it to strsize-1 bytes and leaves
// its address in R0.
func (t *inetText) finish() {
	c := t.c
	c.emit(asm.Mov.Imm(asm.R2, 0))
	t.put(asm.R2)
	if n := c.strSize(); n < inetWork {
		c.emit(asm.StoreImm(regCtx, int16(t.dst+n-1), 0, asm.Byte))
	}
	c.resultStr(t.dst)
}

// hexDigit turns the digit d (0 to 35) in r into its character, '0'+d or
// 'a'+d-10 past 9, without a branch (adding 39 when 9-d is negative);
// tmp is clobbered.
func hexDigit(r, tmp asm.Register) asm.Instructions {
	return asm.Instructions{
		asm.Mov.Imm(tmp, 9),
		asm.Sub.Reg(tmp, r),
		asm.RSh.Imm(tmp, 63),
		asm.Mul.Imm(tmp, 'a'-'0'-10),
		asm.Add.Reg(r, tmp),
		asm.Add.Imm(r, '0'),
	}
}
