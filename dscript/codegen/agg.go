package codegen

import (
	"strconv"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"

	"github.com/dtrace-go/dtrace/dscript/ast"
)

// maxLLQuantizeBins bounds an llquantize's buckets: its value is zeroed in
// scratch on a key's first update, and a per-CPU map value is at most 32K.
const maxLLQuantizeBins = 2048

// aggregate compiles @a[keys] = f(args): look the key up in this CPU's
// value, insert a zeroed value on a miss, and update the value in place.
func (c *clauseGen) aggregate(ag *ast.Agg, call *ast.Call) {
	o := c.g.info.Uses[ag]
	if o == nil {
		c.fail(ag, "this aggregation")
	}
	a := c.g.agg(ag, o)
	if a.Func == abi.AggLLQuantize {
		if n := a.Buckets(); n == 0 || n > maxLLQuantizeBins {
			c.fail(call, "llquantize() with "+strconv.Itoa(n)+" buckets (at most "+strconv.Itoa(maxLLQuantizeBins)+")")
		}
	}
	if len(call.Args) > 0 && a.Func != abi.AggCount {
		c.expr(call.Args[0])
		c.push(call) // the value, kept on the stack across the lookup
	}
	// quantize's second, lquantize's fifth and llquantize's sixth
	// argument: the increment.
	var incr ast.Expr
	switch {
	case a.Func == abi.AggQuantize && len(call.Args) == 2:
		incr = call.Args[1]
	case a.Func == abi.AggLQuantize && len(call.Args) == 5:
		incr = call.Args[4]
	case a.Func == abi.AggLLQuantize && len(call.Args) == 6:
		incr = call.Args[5]
	}
	if incr != nil {
		c.expr(incr)
		c.push(call)
	}
	// The key, in scratch: in a shared map, after the aggregation's id
	// and before the zeros that pad it to the map's keys (aggpool.go).
	key := c.temp(a.MapKeySize)
	pos := key
	if a.Shared {
		c.emit(storeImm64(regCtx, int16(key), int32(a.ID)))
		pos += 8
		c.zero(pos+a.KeySize, a.MapKeySize-8-a.KeySize)
	}
	if len(ag.Keys) == 0 {
		c.emit(storeImm64(regCtx, int16(pos), 0))
	}
	// A stack key whose stack cannot be stored (symKey) drops the update.
	dropped := c.newLabel()
	for i, k := range ag.Keys {
		if n := c.symKey(a, i, k, pos, dropped); n > 0 {
			pos += n
			continue
		}
		if isStackValue(c.typeOf(k)) {
			c.stackValueKey(a, i, k, pos)
			pos += abi.StackKeySize
			continue
		}
		if c.typeOf(k).IsSpecial() {
			c.fail(k, "a stack or symbol aggregation key")
		}
		st := c.typeOf(k)
		if i < len(a.Keys) {
			st = a.Keys[i]
		}
		pos += c.storeKey(st, k, pos, i)
	}
	found := c.newLabel()
	c.lookupAt(a.Map, key)
	c.emit(asm.JNE.Imm(asm.R0, 0, found))
	val := c.temp(a.ValueSize)
	c.zero(val, a.ValueSize)
	c.updateAt(a.Map, key, val, bpfNoExist)
	// -EEXIST: another firing inserted the key first. -ENOMEM (no
	// element to be had where the probe fired) and -EBUSY (an update of
	// this map nested in another on this CPU) are losses of their own
	// kind, not aggsize's. Anything else (-E2BIG) is a full map.
	raced, context := c.newLabel(), c.newLabel()
	c.emit(asm.JEq.Imm(asm.R0, -17, raced), asm.JEq.Imm(asm.R0, -12, context), asm.JEq.Imm(asm.R0, -16, context))
	c.countIfFailed(abi.CounterAggDrops)
	c.emit(asm.Ja.Label(raced))
	c.label(context)
	c.countIfFailed(abi.CounterAggContext)
	c.label(raced)
	// A key that could not be stored is dropped (counted above); the
	// clause goes on.
	c.lookupAt(a.Map, key)
	c.emit(asm.JEq.Imm(asm.R0, 0, dropped))
	c.label(found)
	// R0: this CPU's value. R1: the argument. R5: the increment.
	c.emit(asm.Mov.Imm(asm.R5, 1))
	if incr != nil {
		c.pop(asm.R5)
	}
	if len(call.Args) > 0 && a.Func != abi.AggCount {
		c.pop(asm.R1)
	}
	switch a.Func {
	case abi.AggCount:
		c.emit(asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord), asm.Add.Imm(asm.R1, 1), asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord))
	case abi.AggSum:
		c.emit(asm.LoadMem(asm.R2, asm.R0, 0, asm.DWord), asm.Add.Reg(asm.R2, asm.R1), asm.StoreMem(asm.R0, 0, asm.R2, asm.DWord))
	case abi.AggAvg:
		c.emit(
			asm.LoadMem(asm.R2, asm.R0, 0, asm.DWord), asm.Add.Imm(asm.R2, 1), asm.StoreMem(asm.R0, 0, asm.R2, asm.DWord),
			asm.LoadMem(asm.R2, asm.R0, 8, asm.DWord), asm.Add.Reg(asm.R2, asm.R1), asm.StoreMem(asm.R0, 8, asm.R2, asm.DWord),
		)
	case abi.AggMin, abi.AggMax:
		set, skip := c.newLabel(), c.newLabel()
		better := asm.JSLT
		if a.Func == abi.AggMax {
			better = asm.JSGT
		}
		c.emit(
			asm.LoadMem(asm.R2, asm.R0, 8, asm.DWord), asm.JEq.Imm(asm.R2, 0, set),
			asm.LoadMem(asm.R2, asm.R0, 0, asm.DWord), better.Reg(asm.R1, asm.R2, set), asm.Ja.Label(skip),
		)
		c.emit(asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord).WithSymbol(set))
		c.emit(storeImm64(asm.R0, 8, 1))
		c.label(skip)
	case abi.AggStddev:
		c.emit(
			asm.LoadMem(asm.R2, asm.R0, 0, asm.DWord), asm.Add.Imm(asm.R2, 1), asm.StoreMem(asm.R0, 0, asm.R2, asm.DWord),
			asm.LoadMem(asm.R2, asm.R0, 8, asm.DWord), asm.Add.Reg(asm.R2, asm.R1), asm.StoreMem(asm.R0, 8, asm.R2, asm.DWord),
		)
		c.square128()
		// R4:R3 added to the 128-bit sum of the squares (low word at 16,
		// high word at 24), the low words' carry into the high word.
		nocarry := c.newLabel()
		c.emit(
			asm.LoadMem(asm.R2, asm.R0, 16, asm.DWord), asm.Add.Reg(asm.R2, asm.R3), asm.StoreMem(asm.R0, 16, asm.R2, asm.DWord),
			asm.JGE.Reg(asm.R2, asm.R3, nocarry), asm.Add.Imm(asm.R4, 1),
		)
		c.label(nocarry)
		c.emit(asm.LoadMem(asm.R2, asm.R0, 24, asm.DWord), asm.Add.Reg(asm.R2, asm.R4), asm.StoreMem(asm.R0, 24, asm.R2, asm.DWord))
	case abi.AggQuantize:
		c.quantizeIndex()
		c.bump(abi.QuantizeBuckets)
	case abi.AggLQuantize:
		c.lquantizeIndex(a.Agg)
		c.bump(a.Buckets())
	case abi.AggLLQuantize:
		c.llquantizeIndex(a.Agg)
		c.bump(a.Buckets())
	default:
		c.fail(call, a.Func.String()+"()")
	}
	c.label(dropped)
}

// square128 sets R4:R3 (high and low words) to the 128-bit square of the
// value in R1, as DTrace's stddev() squares it: that of its magnitude
// (2^63 for the least int64, read unsigned), from its 32-bit halves h and
// l: h*h*2^64 + 2*h*l*2^32 + l*l. It keeps R0 and R1 and clobbers R2 and
// R5.
func (c *clauseGen) square128() {
	abs, nocarry := c.newLabel(), c.newLabel()
	c.emit(asm.Mov.Reg(asm.R3, asm.R1), asm.JSGE.Imm(asm.R3, 0, abs), asm.Neg.Imm(asm.R3, 0))
	c.label(abs)
	c.emit(
		asm.Mov.Reg(asm.R4, asm.R3), asm.RSh.Imm(asm.R4, 32), // h
		asm.LSh.Imm(asm.R3, 32), asm.RSh.Imm(asm.R3, 32), // l
		asm.Mov.Reg(asm.R5, asm.R4), asm.Mul.Reg(asm.R5, asm.R3), // h*l, under 2^64
		asm.Mul.Reg(asm.R4, asm.R4), // h*h, at most 2^62
		asm.Mul.Reg(asm.R3, asm.R3), // l*l, under 2^64
		// 2*h*l*2^32 = h*l*2^33: its bits above 64 into the high word,
		// the others added to the low word with its carry.
		asm.Mov.Reg(asm.R2, asm.R5), asm.RSh.Imm(asm.R2, 31), asm.Add.Reg(asm.R4, asm.R2),
		asm.LSh.Imm(asm.R5, 33), asm.Add.Reg(asm.R3, asm.R5),
		asm.JGE.Reg(asm.R3, asm.R5, nocarry), asm.Add.Imm(asm.R4, 1),
	)
	c.label(nocarry)
}

// quantizeIndex computes quantize's bucket for the value in R1 into R2,
// keeping R0.
func (c *clauseGen) quantizeIndex() {
	neg, pos, done := c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(asm.Mov.Imm(asm.R2, abi.QuantizeZero), asm.JEq.Imm(asm.R1, 0, done))
	c.emit(asm.JSLT.Imm(asm.R1, 0, neg))
	c.log2(asm.R1, asm.R3)
	c.emit(asm.Mov.Imm(asm.R2, abi.QuantizeZero+1), asm.Add.Reg(asm.R2, asm.R3), asm.Ja.Label(done))
	// -v is v again for the least int64: its bucket is the lowest, that
	// of every value at or below -2^62.
	c.emit(asm.Neg.Imm(asm.R1, 0).WithSymbol(neg), asm.Mov.Imm(asm.R2, 0), asm.JSLT.Imm(asm.R1, 0, done))
	c.log2(asm.R1, asm.R3)
	c.emit(asm.Mov.Imm(asm.R2, abi.QuantizeZero-1), asm.Sub.Reg(asm.R2, asm.R3))
	c.label(pos)
	c.label(done)
}

// log2 sets dst to floor(log2(src)) for src > 0 (src is clobbered).
func (c *clauseGen) log2(src, dst asm.Register) {
	c.emit(asm.Mov.Imm(dst, 0))
	for _, shift := range []int32{32, 16, 8, 4, 2, 1} {
		skip := c.newLabel()
		c.emit(asm.Mov.Reg(asm.R4, src), asm.RSh.Imm(asm.R4, shift), asm.JEq.Imm(asm.R4, 0, skip),
			asm.Mov.Reg(src, asm.R4), asm.Add.Imm(dst, shift))
		c.label(skip)
	}
}

// lquantizeIndex computes lquantize's bucket for the value in R1 into R2.
func (c *clauseGen) lquantizeIndex(a abi.Agg) {
	base, step, levels := int64(a.Base), int64(a.Step), int64(a.Levels)
	below, above, done := c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(
		asm.LoadImm(asm.R3, base, asm.DWord), asm.JSLT.Reg(asm.R1, asm.R3, below),
		asm.LoadImm(asm.R3, base+levels*step, asm.DWord), asm.JSGE.Reg(asm.R1, asm.R3, above),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.LoadImm(asm.R3, base, asm.DWord), asm.Sub.Reg(asm.R2, asm.R3),
		asm.LoadImm(asm.R3, step, asm.DWord), asm.Div.Reg(asm.R2, asm.R3),
		asm.Add.Imm(asm.R2, 1), asm.Ja.Label(done),
	)
	c.emit(asm.Mov.Imm(asm.R2, 0).WithSymbol(below), asm.Ja.Label(done))
	c.emit(asm.LoadImm(asm.R2, levels+1, asm.DWord).WithSymbol(above))
	c.label(done)
}

// llquantizeIndex computes llquantize's bucket for the value in R1 into
// R2, as abi.LLQuantizeBucket does (Oracle's layout, negative values
// mirrored below the zero bucket), in straight-line code: R3 = |v| (2^63
// for the least int64, read unsigned); the zero bucket's offset 0 for |v|
// under factor^lmag; one unrolled test per magnitude against its end (a
// constant), the offset within it by one unsigned division by the step
// width (none for width 1; |v|*nsteps/factor^(m+1) where steps are less
// than one apart); the edge buckets past the last magnitude; and the
// offset added to the zero bucket, or subtracted from it for v < 0.
func (c *clauseGen) llquantizeIndex(a abi.Agg) {
	nsteps := a.Steps
	mags, zero, bins := abi.LLQuantizeLayout(a.Factor, a.LMag, a.HMag, a.Steps)
	side, neg, done := c.newLabel(), c.newLabel(), c.newLabel()
	abs := c.newLabel()
	c.emit(asm.Mov.Reg(asm.R3, asm.R1), asm.JSGE.Imm(asm.R1, 0, abs), asm.Neg.Imm(asm.R3, 0))
	c.label(abs)
	c.emit(asm.Mov.Imm(asm.R2, 0))
	if mags[0].Low == 1 {
		c.emit(asm.JEq.Imm(asm.R3, 0, side))
	} else {
		c.emit(asm.LoadImm(asm.R4, int64(mags[0].Low), asm.DWord), asm.JLT.Reg(asm.R3, asm.R4, side))
	}
	overflows := true
	for _, m := range mags {
		next := c.newLabel()
		if m.High != 0 {
			c.emit(asm.LoadImm(asm.R4, int64(m.High), asm.DWord), asm.JGE.Reg(asm.R3, asm.R4, next))
		}
		c.emit(asm.Mov.Reg(asm.R2, asm.R3))
		switch {
		case m.Width == 0:
			c.emit(asm.Mul.Imm(asm.R2, int32(nsteps)), asm.LoadImm(asm.R4, int64(m.High), asm.DWord), asm.Div.Reg(asm.R2, asm.R4))
		case m.Width > 1:
			c.emit(asm.LoadImm(asm.R4, int64(m.Width), asm.DWord), asm.Div.Reg(asm.R2, asm.R4))
		}
		c.emit(asm.Add.Imm(asm.R2, int32(m.Off)), asm.Ja.Label(side))
		if m.High == 0 {
			// factor^(m+1) is past 64 bits: every |v| left is in m.
			overflows = false
			break
		}
		c.label(next)
	}
	if overflows {
		c.emit(asm.Mov.Imm(asm.R2, int32(bins-1)), asm.JSGE.Imm(asm.R1, 0, done), asm.Mov.Imm(asm.R2, 0), asm.Ja.Label(done))
	}
	c.label(side)
	c.emit(asm.JSLT.Imm(asm.R1, 0, neg), asm.Add.Imm(asm.R2, int32(zero)), asm.Ja.Label(done))
	c.emit(asm.Neg.Imm(asm.R2, 0).WithSymbol(neg), asm.Add.Imm(asm.R2, int32(zero)))
	c.label(done)
}

// bump adds the increment R5 to bucket R2 of the value at R0 (n buckets).
func (c *clauseGen) bump(n int) {
	c.emit(
		asm.JGE.Imm(asm.R2, int32(n), c.exitLabel),
		asm.LSh.Imm(asm.R2, 3),
		asm.Add.Reg(asm.R0, asm.R2),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.Add.Reg(asm.R1, asm.R5),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
	)
}
