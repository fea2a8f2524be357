package codegen

import (
	"encoding/binary"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
)

// searchKind says which of the substring searches to compile.
type searchKind int

const (
	searchIndex  searchKind = iota // index(s, t [, start]): first position, or -1
	searchRindex                   // rindex(s, t [, start]): last position, or -1
	searchStrstr                   // strstr(s, t): the rest of s from t, or NULL
)

// The scratch block of a search (sharedLoop's): its slots, then copies of
// s and t and KMP's failure table (searchBlock).
const (
	swSLen  = 0  // len(s)
	swTLen  = 8  // len(t)
	swStart = 16 // the start position
	swRes   = 24 // the result
	swI     = 32 // KMP: the position (in t, then in s)
	swK     = 40 // KMP: the characters of t matched
	swVal   = 48 // KMP: fail[q]'s new value
	swOldQ  = 56 // KMP: q before it advanced
	swFm1   = 64 // KMP, rindex: fail[len(t)-1]
	swD     = 72 // Shift-And: the state
	swTab   = 80 // Shift-And: the mask table's offset in the string table
	swM     = 88 // Shift-And: len(t)-1
	swOrg   = 96 // Shift-And: where the scan starts
	swS     = 104
)

// searchBlock returns the offsets in a search's block of t and of the
// failure table (2 bytes a position of t), and the block's size.
func (c *clauseGen) searchBlock() (t, fail, size int) {
	n := c.strSize()
	t = swS + align8(n)
	fail = t + align8(n)
	return t, fail, fail + align8(2*n)
}

// search compiles index, rindex and strstr with DTrace's rules (those of
// illumos's dtrace_dif_subr): both strings empty give 0; index clamps a
// negative start to 0 and, at or past the end, gives the length for an
// empty t and -1 otherwise; rindex gives -1 (0 for an empty t) for a
// negative start and clamps it to the length; an empty t is found at the
// start position.
//
// The search is Knuth-Morris-Pratt: a failure table of t, then one pass
// over s, each a single loop of at most 2*strsize iterations whose state
// (positions) lives in scratch slots, so the verifier's cost stays linear
// in strsize. rindex scans the whole of s and keeps the last match at or
// before its start. The loops are shared (sharedLoop) by every search of
// the program: their state, s and t are in a block of scratch of the
// call's (searchBlock), so that neither the program nor the verifier's
// work grows by a loop with each call.
func (c *clauseGen) search(x *ast.Call, kind searchKind) {
	n := c.strSize()
	tOff, failOff, size := c.searchBlock()
	w := c.temp(size)
	sBuf, sLen := w+swS, w+swSLen
	tBuf, tLen := w+tOff, w+swTLen
	c.strArgAt(x.Args[0], sBuf, sLen)
	c.strArgAt(x.Args[1], tBuf, tLen)
	posSlot := -1
	if len(x.Args) > 2 && kind != searchStrstr {
		posSlot = c.intArg(x.Args[2])
	}
	start, res := w+swStart, w+swRes
	done := c.newLabel()
	c.stSlotImm(res, -1)

	// R1 = len(s), R2 = len(t), R3 = start position
	c.ldSlot(asm.R1, sLen)
	c.ldSlot(asm.R2, tLen)
	notBoth, kmp := c.newLabel(), c.newLabel()
	c.emit(asm.JNE.Imm(asm.R1, 0, notBoth), asm.JNE.Imm(asm.R2, 0, notBoth))
	c.stSlotImm(res, 0)
	c.emit(asm.Ja.Label(done))
	c.label(notBoth)
	if kind == searchRindex {
		c.emit(asm.Mov.Reg(asm.R3, asm.R1))
		if posSlot >= 0 {
			nonNeg, clamped := c.newLabel(), c.newLabel()
			c.ldSlot(asm.R3, posSlot)
			c.emit(asm.JSGE.Imm(asm.R3, 0, nonNeg), asm.JNE.Imm(asm.R2, 0, done))
			c.stSlotImm(res, 0)
			c.emit(asm.Ja.Label(done))
			c.label(nonNeg)
			c.emit(asm.JSLE.Reg(asm.R3, asm.R1, clamped), asm.Mov.Reg(asm.R3, asm.R1))
			c.label(clamped)
		}
	} else {
		c.emit(asm.Mov.Imm(asm.R3, 0))
		if posSlot >= 0 {
			nonNeg, inside := c.newLabel(), c.newLabel()
			c.ldSlot(asm.R3, posSlot)
			c.emit(asm.JSGE.Imm(asm.R3, 0, nonNeg), asm.Mov.Imm(asm.R3, 0))
			c.label(nonNeg)
			c.emit(asm.JSLT.Reg(asm.R3, asm.R1, inside), asm.JNE.Imm(asm.R2, 0, done))
			c.stSlot(res, asm.R1)
			c.emit(asm.Ja.Label(done))
			c.label(inside)
		}
	}
	c.stSlot(start, asm.R3)
	// An empty t is found at the start.
	c.emit(asm.JNE.Imm(asm.R2, 0, kmp))
	c.stSlot(res, asm.R3)
	c.emit(asm.Ja.Label(done))
	c.label(kmp)

	if lit, ok := ast.Unparen(x.Args[1]).(*ast.StringLit); ok {
		t := lit.Value
		if i := strings.IndexByte(t, 0); i >= 0 {
			t = t[:i]
		}
		if len(t) > n-1 {
			t = t[:n-1]
		}
		if len(t) == 0 {
			// the rules for an empty t above gave the result
			c.label(done)
			c.searchResult(kind, sBuf, res)
			return
		}
		if len(t) <= 64 {
			c.shiftAnd(x, kind, t, w)
			c.label(done)
			c.searchResult(kind, sBuf, res)
			return
		}
	}

	// Failure table: fail[q] is the length of the longest proper prefix
	// of t[0..q] that is also its suffix. Each iteration, without
	// branches: eq = t[q] == t[k]; kp = k > 0;
	//	eq:        fail[q] = k+1, k++, q++
	//	!eq && kp: k = fail[k-1]
	//	else:      fail[q] = 0, q++
	c.emit(asm.StoreImm(regCtx, int16(w+failOff), 0, asm.Half))
	c.stSlotImm(w+swI, 1) // q
	c.stSlotImm(w+swK, 0) // k
	c.sharedLoop(x, 2*n, w, func(f *clauseGen, brk, next string) {
		f.kmpBounds(swI, swK, swTLen, n, brk)
		f.kmpStep(tOff, tOff, failOff)
		// R3 = eq, R4 = kp, R5 = fail[k-1]; R1 = q, R2 = k.
		// fail[q] = eq*(k+1), stored once the registers are free.
		f.emit(asm.Mov.Reg(asm.R0, asm.R2), asm.Add.Imm(asm.R0, 1), asm.Mul.Reg(asm.R0, asm.R3))
		f.stSlot(swVal, asm.R0)
		f.stSlot(swOldQ, asm.R1)
		f.kmpAdvance(swI, swK)
		f.ldSlot(asm.R1, swOldQ)
		f.ldSlot(asm.R2, swVal)
		f.clampU(asm.R1, n-1)
		f.storeHalf(failOff, asm.R1, asm.R2)
	})

	// The scan of s: i its position, k the characters of t matched.
	c.stSlotImm(w+swK, 0)
	if kind == searchRindex {
		c.stSlotImm(w+swI, 0)
		// where a match goes on from: fail[len(t)-1]
		c.ldSlot(asm.R2, tLen)
		c.emit(asm.Add.Imm(asm.R2, -1))
		c.clampU(asm.R2, n-2)
		c.scratchAddr(asm.R0, w+failOff, asm.R2, asm.R2)
		c.emit(asm.LoadMem(asm.R2, asm.R0, 0, asm.Half))
		c.stSlot(w+swFm1, asm.R2)
	} else {
		c.ldSlot(asm.R1, start)
		c.stSlot(w+swI, asm.R1)
	}
	c.sharedLoop(x, 2*n, w, func(f *clauseGen, brk, next string) {
		f.kmpBounds(swI, swK, swSLen, n, brk)
		f.kmpStep(swS, tOff, failOff)
		f.kmpAdvance(swI, swK)
		// R1 = new i, R2 = new k; found when k == len(t)
		f.ldSlot(asm.R3, swTLen)
		if kind != searchRindex {
			miss := f.newLabel()
			f.emit(asm.JNE.Reg(asm.R2, asm.R3, miss), asm.Sub.Reg(asm.R1, asm.R3))
			f.stSlot(swRes, asm.R1)
			f.emit(asm.Ja.Label(brk))
			f.label(miss)
			return
		}
		// rindex, without branches: f = k == len(t); p = i - len(t);
		// res = p when f and p <= start; k = fail[len(t)-1] when f.
		f.isEq(asm.R4, asm.R2, asm.R3)
		f.emit(asm.Sub.Reg(asm.R1, asm.R3)) // p
		f.ldSlot(asm.R5, swStart)
		f.emit(asm.Sub.Reg(asm.R5, asm.R1), asm.RSh.Imm(asm.R5, 63), asm.Xor.Imm(asm.R5, 1), // p <= start
			asm.And.Reg(asm.R5, asm.R4))
		f.ldSlot(asm.R0, swRes)
		f.emit(asm.Sub.Reg(asm.R1, asm.R0), asm.Mul.Reg(asm.R1, asm.R5), asm.Add.Reg(asm.R0, asm.R1))
		f.stSlot(swRes, asm.R0)
		f.ldSlot(asm.R0, swFm1)
		f.emit(asm.Sub.Reg(asm.R0, asm.R2), asm.Mul.Reg(asm.R0, asm.R4), asm.Add.Reg(asm.R2, asm.R0))
		f.stSlot(swK, asm.R2)
	})

	c.label(done)
	c.searchResult(kind, sBuf, res)
}

// searchResult leaves the result of a search in R0: the position in the
// slot res, or for strstr the rest of s from there (NULL for -1).
func (c *clauseGen) searchResult(kind searchKind, sBuf, res int) {
	if kind == searchStrstr {
		c.suffixOrNull(sBuf, res)
		return
	}
	c.ldSlot(asm.R0, res)
}

// shiftAnd searches s for the constant t (1 to 64 bytes) with the
// Shift-And algorithm: bit j of the state D says that t[0..j] ends at the
// current byte; D = (D<<1 | 1) & mask[byte], with mask[b] the positions of
// b in t, a table computed here and put in the string table. One loop
// over s of a few instructions, without branches but its exits, shared
// by every search of the program (the table's offset and t's length are
// in the search's block w).
func (c *clauseGen) shiftAnd(x *ast.Call, kind searchKind, t string, w int) {
	n := c.strSize()
	g := c.g
	table := make([]byte, 256*8)
	for j := 0; j < len(t); j++ {
		b := int(t[j]) * 8
		binary.LittleEndian.PutUint64(table[b:], binary.LittleEndian.Uint64(table[b:])|1<<j)
	}
	tab := len(g.strtab)
	g.strtab = append(g.strtab, table...)
	c.stSlotImm(w+swD, 0)
	c.stSlotImm(w+swTab, int32(tab))
	c.stSlotImm(w+swM, int32(len(t)-1))
	if kind == searchRindex {
		c.stSlotImm(w+swOrg, 0)
	} else {
		c.ldSlot(asm.R5, w+swStart)
		c.clampU(asm.R5, n-1)
		c.stSlot(w+swOrg, asm.R5)
	}
	c.sharedLoop(x, n, w, func(f *clauseGen, brk, next string) {
		// R1 = i = the origin + R6 (the iteration)
		f.ldSlot(asm.R5, swOrg)
		f.scanPos(n, brk)
		f.scanByte(swS, brk)
		// R2 = mask[byte]: the table's offset bounded by the string
		// table's end (strtabEnd)
		f.ldSlot(asm.R4, swTab)
		ok := f.newLabel()
		f.emit(f.strtabEnd(asm.JLE.Imm(asm.R4, 0, ok)), f.strtabEnd(asm.Mov.Imm(asm.R4, 0)))
		f.label(ok)
		f.emit(
			asm.LSh.Imm(asm.R2, 3),
			asm.Add.Reg(asm.R2, regStrings),
			asm.Add.Reg(asm.R2, asm.R4),
			asm.LoadMem(asm.R2, asm.R2, 0, asm.DWord),
		)
		f.ldSlot(asm.R3, swD)
		f.emit(asm.LSh.Imm(asm.R3, 1), asm.Or.Imm(asm.R3, 1), asm.And.Reg(asm.R3, asm.R2))
		f.stSlot(swD, asm.R3)
		// found: bit m-1; R1 = the match's start
		f.ldSlot(asm.R4, swM)
		f.emit(asm.RSh.Reg(asm.R3, asm.R4), asm.And.Imm(asm.R3, 1), asm.Sub.Reg(asm.R1, asm.R4))
		if kind != searchRindex {
			miss := f.newLabel()
			f.emit(asm.JEq.Imm(asm.R3, 0, miss))
			f.stSlot(swRes, asm.R1)
			f.emit(asm.Ja.Label(brk))
			f.label(miss)
			return
		}
		// res += (p - res) * (found && p <= start)
		f.ldSlot(asm.R4, swStart)
		f.emit(asm.Sub.Reg(asm.R4, asm.R1), asm.RSh.Imm(asm.R4, 63), asm.Xor.Imm(asm.R4, 1), asm.And.Reg(asm.R3, asm.R4))
		f.ldSlot(asm.R4, swRes)
		f.emit(asm.Sub.Reg(asm.R1, asm.R4), asm.Mul.Reg(asm.R1, asm.R3), asm.Add.Reg(asm.R4, asm.R1))
		f.stSlot(swRes, asm.R4)
	})
}

// loadByte loads the byte at R9+buf+idx into dst (idx bounded).
func (c *clauseGen) loadByte(dst asm.Register, buf int, idx asm.Register) {
	c.scratchAddr(asm.R0, buf, idx)
	c.emit(asm.LoadMem(dst, asm.R0, 0, asm.Byte))
}

// scanPos starts an iteration of a loop (loop, counting R6) that scans a
// string of an n-byte buffer from the position in R5: R1 = R5 + R6, and
// the loop ends (brk) once R1 is past the buffer.
func (c *clauseGen) scanPos(n int, brk string) {
	c.emit(asm.Mov.Reg(asm.R1, asm.R5), asm.Add.Reg(asm.R1, asm.R6))
	c.exitIf(asm.JGT, asm.R1, int32(n-1), brk)
}

// scanByte loads into R2 the byte at position R1 of the string at R9+str
// (R1 bounded), and ends the loop (brk) at the string's NUL. R0 is
// clobbered.
func (c *clauseGen) scanByte(str int, brk string) {
	c.loadByte(asm.R2, str, asm.R1)
	c.exitIf(asm.JEq, asm.R2, 0, brk)
}

// storeHalf stores the low 16 bits of val at the u16 entry idx of the
// table at R9+tab (idx bounded).
func (c *clauseGen) storeHalf(tab int, idx, val asm.Register) {
	c.scratchAddr(asm.R0, tab, idx, idx)
	c.emit(asm.StoreMem(asm.R0, 0, val, asm.Half))
}

// kmpBounds starts an iteration of a KMP loop: it loads the position and
// the characters matched from their slots iSlot and kSlot into R1 and R2,
// and ends the loop (brk) once the position reaches the length in slot
// lenSlot, or either is past an n-byte buffer (which bounds them for
// kmpStep).
func (c *clauseGen) kmpBounds(iSlot, kSlot, lenSlot, n int, brk string) {
	c.ldSlot(asm.R1, iSlot)
	c.ldSlot(asm.R2, kSlot)
	c.ldSlot(asm.R3, lenSlot)
	c.exitIfReg(asm.JGE, asm.R1, asm.R3, brk)
	c.exitIf(asm.JGT, asm.R1, int32(n-1), brk)
	c.exitIf(asm.JGT, asm.R2, int32(n-1), brk)
}

// kmpStep computes, for i in R1 (a position in a) and k in R2 (in b),
// both bounded: R3 = (a[i] == b[k]), R4 = (k > 0), R5 = fail[k-1] (fail[0]
// when k is 0).
func (c *clauseGen) kmpStep(a, b, fail int) {
	c.loadByte(asm.R3, a, asm.R1)
	c.loadByte(asm.R4, b, asm.R2)
	c.isEq(asm.R3, asm.R3, asm.R4)
	c.emit(asm.Mov.Imm(asm.R4, 0), asm.Sub.Reg(asm.R4, asm.R2), asm.RSh.Imm(asm.R4, 63),
		asm.Mov.Reg(asm.R5, asm.R2), asm.Sub.Reg(asm.R5, asm.R4))
	c.clampU(asm.R5, c.strSize()-1)
	c.scratchAddr(asm.R0, fail, asm.R5, asm.R5)
	c.emit(asm.LoadMem(asm.R5, asm.R0, 0, asm.Half))
}

// kmpAdvance moves on after kmpStep: the position (R1) advances when the
// bytes match or k is 0, and k (R2) becomes k+1 on a match, else
// fail[k-1] (0 when k is 0). Both are stored in their slots and left in
// R1 and R2.
func (c *clauseGen) kmpAdvance(iSlot, kSlot int) {
	c.emit(
		// R0 = 1 - eq; k' = eq*(k+1) + (1-eq)*kp*f
		asm.Mov.Imm(asm.R0, 1), asm.Sub.Reg(asm.R0, asm.R3),
		asm.Mul.Reg(asm.R5, asm.R4), asm.Mul.Reg(asm.R5, asm.R0),
		asm.Add.Imm(asm.R2, 1), asm.Mul.Reg(asm.R2, asm.R3), asm.Add.Reg(asm.R2, asm.R5),
		// i' = i + eq + (1-eq)*(1-kp)
		asm.Xor.Imm(asm.R4, 1), asm.Mul.Reg(asm.R4, asm.R0), asm.Add.Reg(asm.R1, asm.R4), asm.Add.Reg(asm.R1, asm.R3),
	)
	c.stSlot(iSlot, asm.R1)
	c.stSlot(kSlot, asm.R2)
}
