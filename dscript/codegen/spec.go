package codegen

import (
	"fmt"
	"math"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// Speculative tracing: speculation(), speculate(id), commit(id) and
// discard(id).
//
// DTrace keeps nspec speculation buffers per CPU in the kernel and copies
// a buffer into the principal buffer on commit(). Here the records of a
// speculation travel through the ring buffer like any other, tagged, and
// the consumer holds them until the commit or discard record that follows
// them:
//
//   - The map abi.SpecMap holds one u64 word per speculation: its state in the
//     low byte (specInactive or specActive) and above it a generation,
//     which speculation() increments each time it claims the speculation
//     (with an atomic compare-and-exchange, so two CPUs never claim the
//     same one). speculation() returns the first speculation it claims,
//     1 to nspec, or 0 (counted as a failed speculation) when none is
//     inactive.
//   - speculate(id) marks the clause's records as speculative. Each one is
//     sent only if speculation id is active when the record is finished
//     (otherwise it is dropped silently, as DTrace drops data speculated
//     to an inactive buffer), tagged with the id and the generation, and
//     only if this CPU's records of that generation still fit in specsize
//     bytes (otherwise it is dropped and counted as a speculative drop).
//   - commit(id) and discard(id) move an active speculation back to
//     inactive (keeping its generation) and send a record tagged with the
//     id and the generation; for an inactive one they do nothing.
//     commit and discard of 0 do nothing; of an id above nspec, they are
//     an illegal operation (DTRACEFLT_ILLOP), as in DTrace. speculate()
//     of an id that is not active (0 and ids above nspec included) ends
//     the clause, as in DTrace for Linux.
//
// The tag is the header's abi.HeaderTag word; see abi.SpecTag.
// A speculative record that a CPU finishes while another CPU commits the
// speculation may reach the consumer after the commit: it is then printed
// at once, as DTrace's cleaner commits the buffers of the CPUs other than
// the committing one after the commit.

// MaxNSpec is the largest nspec a program may use.
const MaxNSpec = 64

// DefaultNSpec and DefaultSpecSize are DTrace's defaults of nspec and
// specsize.
const (
	DefaultNSpec    = 1
	DefaultSpecSize = 32 << 10
)

// NoSpec is Options.NSpec for nspec=0: every speculation() fails.
const NoSpec = -1

// States of a speculation, the low byte of its word in abi.SpecMap.
const (
	specInactive = 0
	specActive   = 1
)

// specProg is a program's speculation setup, made on first use.
type specProg struct {
	nspec int
	size  int // specsize, at most math.MaxInt32
	// acct is the offset in the (per-CPU) scratch value of this CPU's
	// u64 per speculation: the generation it last sent a record of (high
	// 32 bits) and the bytes of that generation it sent (low 32 bits).
	acct int
}

// specClause marks a clause that calls speculate(). Its speculation word,
// the abi.HeaderTag word of its record (the header's tag), is 0 until
// speculate() sets it to the id; finishing a
// record replaces it with the record's tag, whose low byte is still the
// id.
type specClause struct {
	node ast.Node
	// alone is set when the clause's body is speculate() alone: the
	// clause then records an empty record, as DTrace's ECB whose only
	// action is speculate() does (committed, it prints the probe line).
	alone bool
}

// specs returns the program's speculation setup, making it and its map on
// first use.
func (c *clauseGen) specs(n ast.Node) *specProg {
	g := c.g
	if g.spec != nil {
		return g.spec
	}
	nspec := optOrNone(g.opts.NSpec, DefaultNSpec)
	if nspec > MaxNSpec {
		c.fail(n, fmt.Sprintf("nspec=%d (more than %d speculations)", nspec, MaxNSpec))
	}
	size := min(optOrNone(g.opts.SpecSize, DefaultSpecSize), math.MaxInt32)
	words := max(nspec, 1)
	p := &specProg{nspec: nspec, size: size, acct: c.thisAlloc(n, 8*words)}
	g.prog.Maps = append(g.prog.Maps, &MapDesc{Name: abi.SpecMap, Kind: ArrayMap, KeySize: 4, ValueSize: 8 * words, MaxEntries: 1})
	g.spec = p
	return p
}

// optOrNone is the value of an option set to v: def when v is 0 (the
// option not set), none (0) when v is negative.
func optOrNone(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// specPrologue starts a clause that calls speculate(): not speculating.
func (c *clauseGen) specPrologue(cl *ast.Clause) {
	var first ast.Node
	for _, s := range cl.Body {
		ast.Inspect(s, func(n ast.Node) bool {
			if call, ok := n.(*ast.Call); ok && call.Fun.Name == "speculate" && first == nil {
				first = call
			}
			return first == nil
		})
	}
	if first == nil {
		return
	}
	c.spec = &specClause{node: first, alone: len(cl.Body) == 1 && isCallStmt(cl.Body[0], "speculate")}
	c.at(first)
	c.emit(asm.StoreImm(regCtx, int16(c.g.recordBase()+abi.HeaderTag), 0, asm.Word))
}

// isCallStmt reports whether s is a call of name as a statement.
func isCallStmt(s ast.Stmt, name string) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.Call)
	return ok && call.Fun.Name == name
}

// specAction compiles speculate(), commit() and discard().
func (c *clauseGen) specAction(x *ast.Call) {
	switch x.Fun.Name {
	case "speculate":
		c.speculate(x)
	case "commit":
		c.specEnd(x, abi.SpecCommit)
	case "discard":
		c.specEnd(x, abi.SpecDiscard)
	}
}

// specID evaluates a speculation id argument into R0 (as DTrace's u32
// dtrace_specid_t) and jumps to zero when it is 0; an id above nspec is
// an illegal-operation fault.
func (c *clauseGen) specID(x *ast.Call, p *specProg, zero string) {
	c.expr(x.Args[0])
	c.emit(asm.Mov.Reg32(asm.R0, asm.R0), asm.JEq.Imm(asm.R0, 0, zero))
	c.faultIf(x, asm.JGT, asm.R0, int32(p.nspec), abi.FaultIllOp, asm.R0)
}

// speculate compiles speculate(id): the clause's records from here on are
// speculative, to speculation id. As in DTrace for Linux, the clause ends
// there, silently, unless id is an active speculation (claimed by
// speculation(), not yet committed or discarded): 0 and ids above nspec
// included.
func (c *clauseGen) speculate(x *ast.Call) {
	p := c.specs(x)
	if c.spec == nil {
		c.fail(x, "speculate() outside a clause's statements")
	}
	c.expr(x.Args[0])
	c.emit(
		asm.Mov.Reg32(asm.R0, asm.R0),
		asm.JEq.Imm(asm.R0, 0, c.exitLabel),
		asm.JGT.Imm(asm.R0, int32(p.nspec), c.exitLabel),
		asm.Mov.Reg(asm.R6, asm.R0),
		asm.Sub.Imm(asm.R0, 1),
	)
	c.specWord()
	c.emit(
		asm.And.Imm(asm.R2, 0xff),
		asm.JNE.Imm(asm.R2, specActive, c.exitLabel),
		asm.StoreMem(regCtx, int16(c.g.recordBase()+abi.HeaderTag), asm.R6, asm.Word),
	)
	if c.spec.alone {
		c.record(x)
	}
}

// specWord points R1 to the word of a speculation in abi.SpecMap's value,
// the one whose index (its id less one, which the verifier knows to be
// below nspec) is in R0, and loads the word into R2.
func (c *clauseGen) specWord() {
	c.emit(asm.LSh.Imm(asm.R0, 3))
	c.valuePtr(asm.R1, abi.SpecMap)
	c.emit(asm.Add.Reg(asm.R1, asm.R0), asm.LoadMem(asm.R2, asm.R1, 0, asm.DWord))
}

// unlessActive goes to inactive unless the speculation word in R2 is an
// active speculation's. R3 is clobbered.
func (c *clauseGen) unlessActive(inactive string) {
	c.emit(
		asm.Mov.Reg(asm.R3, asm.R2),
		asm.And.Imm(asm.R3, 0xff),
		asm.JNE.Imm(asm.R3, specActive, inactive),
	)
}

// specEnd compiles commit(id) or discard(id) (kind abi.SpecCommit or
// abi.SpecDiscard): an active speculation id becomes inactive, and a record
// tells the consumer to print or drop its records.
func (c *clauseGen) specEnd(x *ast.Call, kind int) {
	p := c.specs(x)
	end := c.newLabel()
	c.specID(x, p, end)
	rec := c.temp(abi.HeaderSize)
	c.emit(
		asm.Mov.Reg(asm.R6, asm.R0),
		asm.Sub.Imm(asm.R0, 1),
		asm.JGE.Imm(asm.R0, int32(p.nspec), end), // never: bounds the index for the verifier
	)
	c.specWord()
	c.unlessActive(end)
	c.emit(
		// Inactive, same generation, unless another CPU ended it first.
		asm.Mov.Reg(asm.R0, asm.R2),
		asm.Mov.Reg(asm.R3, asm.R2),
		asm.And.Imm(asm.R3, -0x100),
		cmpxchg(asm.R1, asm.R3, 0),
		asm.JNE.Reg(asm.R0, asm.R2, end),
		// The record: probe id, abi.RecordSpecEnd, CPU, tag.
		asm.RSh.Imm(asm.R2, 8),
		asm.And.Imm(asm.R2, abi.SpecGenMask),
		asm.LSh.Imm(asm.R2, abi.SpecGenShift),
		asm.Or.Reg(asm.R2, asm.R6),
	)
	c.sendTagged(rec, abi.HeaderSize, abi.RecordSpecEnd, kind)
	c.label(end)
}

// sendTagged sends the record of size bytes at R9+off, record id id, its
// header written here: the speculation tag, of the kind and with the
// generation and the id in R2; the probe id; the CPU.
func (c *clauseGen) sendTagged(off, size int, id uint32, kind int) {
	c.emit(
		asm.Or.Imm(asm.R2, int32(kind)<<abi.SpecKindShift),
		asm.StoreMem(regCtx, int16(off+abi.HeaderTag), asm.R2, asm.Word),
		asm.LoadMem(asm.R1, regCtx, abi.CtxProbeID, asm.Word),
		asm.StoreMem(regCtx, int16(off+abi.HeaderProbe), asm.R1, asm.Word),
		asm.StoreImm(regCtx, int16(off+abi.HeaderRecord), wordImm(id), asm.Word),
	)
	c.call(asm.FnGetSmpProcessorId)
	c.emit(asm.StoreMem(regCtx, int16(off+abi.HeaderCPU), asm.R0, asm.Word))
	c.ringOutput(off, size, false)
}

// subrSpeculation compiles speculation(): the id of the first inactive
// speculation, claimed (active, next generation), or 0, counted as a
// failed speculation, when every one is active.
func subrSpeculation(c *clauseGen, x *ast.Call) {
	p := c.specs(x)
	done := c.newLabel()
	c.valuePtr(asm.R3, abi.SpecMap)
	for i := 1; i <= p.nspec; i++ {
		next := c.newLabel()
		off := int16(8 * (i - 1))
		c.emit(
			asm.LoadMem(asm.R1, asm.R3, off, asm.DWord),
			asm.Mov.Reg(asm.R2, asm.R1),
			asm.And.Imm(asm.R2, 0xff),
			asm.JNE.Imm(asm.R2, specInactive, next),
			asm.Mov.Reg(asm.R0, asm.R1),
			asm.Mov.Reg(asm.R2, asm.R1),
			asm.Add.Imm(asm.R2, 0x100|specActive),
			cmpxchg(asm.R3, asm.R2, off),
			asm.JNE.Reg(asm.R0, asm.R1, next), // another CPU claimed it
			asm.Mov.Imm(asm.R0, int32(i)),
			asm.Ja.Label(done),
		)
		c.label(next)
	}
	// DTrace tells "busy" failures (a speculation committing or
	// discarding on some CPU) from "unavailable" ones; here a speculation
	// is inactive again as soon as commit() or discard() returns, so every
	// failure is the latter.
	c.count(abi.CounterSpecUnavail)
	c.emit(asm.Mov.Imm(asm.R0, 0))
	c.label(done)
}

// specRecord starts finishing record r of a clause that calls speculate()
// and returns the label that specDone places after the record is sent
// ("" for other clauses, which it leaves alone). When the clause is not
// speculating, the record goes on to the ordinary sending that follows;
// otherwise it is sent here, tagged, or dropped.
func (c *clauseGen) specRecord(r *Record) string {
	if c.spec == nil {
		return ""
	}
	p := c.specs(c.spec.node)
	base := c.g.recordBase()
	skip, normal, same, drop := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(
		asm.LoadMem(asm.R0, regCtx, int16(base+abi.HeaderTag), asm.Word),
		asm.JEq.Imm(asm.R0, 0, normal),
		asm.And.Imm(asm.R0, 0xff),
		asm.Sub.Imm(asm.R0, 1),
		asm.JGE.Imm(asm.R0, int32(p.nspec), skip), // never: bounds the index for the verifier
		asm.Mov.Reg(asm.R6, asm.R0),
	)
	c.specWord()
	c.unlessActive(skip)
	c.emit(
		asm.RSh.Imm(asm.R2, 8), // the generation
		// This CPU's bytes of the generation: reset on a new one.
		asm.Mov.Reg(asm.R1, regCtx),
		asm.Add.Imm(asm.R1, int32(p.acct)),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.LoadMem(asm.R3, asm.R1, 0, asm.DWord),
		asm.Mov.Reg(asm.R4, asm.R3),
		asm.RSh.Imm(asm.R4, 32),
		asm.Mov.Reg32(asm.R5, asm.R2),
		asm.JEq.Reg(asm.R4, asm.R5, same),
		asm.Mov.Reg(asm.R3, asm.R5),
		asm.LSh.Imm(asm.R3, 32),
	)
	c.label(same)
	c.emit(
		asm.Mov.Reg32(asm.R4, asm.R3),
		asm.Add.Imm(asm.R4, int32(r.Size)),
		asm.JGT.Imm(asm.R4, int32(p.size), drop),
		asm.Add.Imm(asm.R3, int32(r.Size)),
		asm.StoreMem(asm.R1, 0, asm.R3, asm.DWord),
		// The tag, and the rest of the header.
		asm.And.Imm(asm.R2, abi.SpecGenMask),
		asm.LSh.Imm(asm.R2, abi.SpecGenShift),
		asm.Add.Imm(asm.R6, 1),
		asm.Or.Reg(asm.R2, asm.R6),
	)
	c.sendTagged(base, r.Size, r.ID, abi.SpecData)
	c.emit(asm.Ja.Label(skip))
	c.label(drop)
	c.count(abi.CounterSpecDrops)
	c.emit(asm.Ja.Label(skip))
	c.label(normal)
	return skip
}

// specDone ends what specRecord started.
func (c *clauseGen) specDone(skip string) {
	if skip != "" {
		c.label(skip)
	}
}

// cmpxchg is BPF_CMPXCHG on the u64 at dst+off: if it equals R0, src is
// stored there; R0 gets the value it held.
func cmpxchg(dst, src asm.Register, off int16) asm.Instruction {
	return atomicDW(asm.CmpXchg, dst, src, off)
}
