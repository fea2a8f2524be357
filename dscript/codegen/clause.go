package codegen

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Scratch regions after the probe context: this-> variables (as many
// bytes as layoutThis finds they need), the record being built, then
// per-statement temporaries.
const recordRegion = 8192

// Ring buffer output flags.
const (
	rbNoWakeup    = 1 // BPF_RB_NO_WAKEUP
	rbForceWakeup = 2 // BPF_RB_FORCE_WAKEUP
)

func (g *gen) recordBase() int { return g.scratchBase + align8(g.this.size) }

// clause compiles one clause into a BPF function.
func (g *gen) clause(n int, cl *ast.Clause) (out *Clause, err error) {
	c := &clauseGen{g: g, sym: "clause_" + strconv.Itoa(n), clause: n}
	c.exitLabel = c.sym + "_out"
	g.cl = c
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(cgError)
			if !ok {
				panic(r)
			}
			err = e.err
		}
	}()
	c.at(cl)
	// Prologue: R9 = probe context; R8 = globals; R7 = string table. The
	// globals and the string table are one-entry arrays whose values the
	// instructions address directly (no lookup); R7 is loaded only when
	// the body reads it.
	c.emit(asm.Mov.Reg(regCtx, asm.R1))
	c.valuePtr(regGlobals, abi.GlobalsMap)
	strtab := len(c.insns)
	c.valuePtr(regStrings, abi.StringsMap)
	c.exitingCheck(cl)
	if cl.Pred != nil {
		c.at(cl.Pred)
		c.branchFalse(cl.Pred, c.exitLabel)
	}
	fill := c.fillReserve(cl)
	if len(cl.Body) == 0 {
		c.record(cl) // the default action: a record with no data
	}
	c.specPrologue(cl)
	c.recording = c.g.recordingIfs(cl.Body)
	for _, s := range cl.Body {
		c.stmt(s)
	}
	c.finishRecord()
	c.fillPatch(fill)
	c.emit(asm.Mov.Imm(asm.R0, 0).WithSymbol(c.exitLabel), asm.Return())
	if !usesReg(c.insns[strtab+1:], regStrings) {
		c.insns = slices.Delete(c.insns, strtab, strtab+1)
	}
	c.resetAllocaTop()
	g.usesAlloca = g.usesAlloca || c.usesAlloca
	c.spillRawCtx()
	c.finishFaults(cl)
	c.insns[0] = c.insns[0].WithSymbol(c.sym)
	g.prog.CtxUse = g.prog.CtxUse.Union(ctxUse(c.insns[1:], g.prog.CtxUse.NArgs))
	return &Clause{Index: n, Probes: cl.Probes, Symbol: c.sym, Insns: c.insns, Funcs: c.funcs, Shared: c.shared}, nil
}

// stmt compiles a statement.
func (c *clauseGen) stmt(s ast.Stmt) {
	c.temps = 0
	c.depth = 0
	switch s := s.(type) {
	case *ast.ExprStmt:
		c.at(s)
		c.exprStmt(s.X)
	case *ast.IfStmt:
		c.at(s)
		// A branch that records data sends a record of its own, as if the
		// branch were a clause of its own (FreeBSD's D compiles if/else
		// that way): what came before is sent first.
		split := c.recording[s]
		if split {
			c.finishRecord()
		}
		els, end := c.newLabel(), c.newLabel()
		c.branchFalse(s.Cond, els)
		c.stmt(s.Then)
		if split {
			c.finishRecord()
		}
		c.emit(asm.Ja.Label(end))
		c.label(els)
		if s.Else != nil {
			c.stmt(s.Else)
			if split {
				c.finishRecord()
			}
		}
		c.label(end)
	case *ast.BlockStmt:
		for _, t := range s.List {
			c.stmt(t)
		}
	}
}

// exprStmt compiles an expression statement: an action, an aggregation, or
// an expression evaluated for its effect.
func (c *clauseGen) exprStmt(x ast.Expr) {
	switch e := ast.Unparen(x).(type) {
	case *ast.Call:
		c.action(e)
		return
	case *ast.Assign:
		if a, ok := ast.Unparen(e.X).(*ast.Agg); ok {
			c.aggregate(a, ast.Unparen(e.Y).(*ast.Call))
			return
		}
	}
	c.expr(x)
}

// recordingIfs returns the if statements of a clause's body that hold a
// data-recording action, each statement looked at once (asking records
// of every if would look at nested ones again at each level).
func (g *gen) recordingIfs(body []ast.Stmt) map[*ast.IfStmt]bool {
	ifs := map[*ast.IfStmt]bool{}
	var rec func(s ast.Stmt) bool
	rec = func(s ast.Stmt) bool {
		switch s := s.(type) {
		case *ast.IfStmt:
			found := g.records(s.Cond)
			if s.Then != nil && rec(s.Then) {
				found = true
			}
			if s.Else != nil && rec(s.Else) {
				found = true
			}
			ifs[s] = found
			return found
		case *ast.BlockStmt:
			found := false
			for _, t := range s.List {
				if rec(t) {
					found = true
				}
			}
			return found
		}
		return g.records(s)
	}
	for _, s := range body {
		rec(s)
	}
	return ifs
}

// records reports whether n holds a data-recording action.
func (g *gen) records(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		g.prog.work++
		if _, ok := n.(*ast.Agg); ok {
			return false // stack() and friends as keys record nothing
		}
		if call, ok := n.(*ast.Call); ok {
			switch call.Fun.Name {
			case "trace", "printf", "printa", "exit", "clear", "trunc", "normalize", "denormalize", "setopt", "system", "freopen", "tracemem", "print", "pcap":
				found = true
			}
			found = found || symKinds[call.Fun.Name] != 0
		}
		return !found
	})
	return found
}

// record returns the clause's record, starting it on first use.
func (c *clauseGen) record(n ast.Node) *Record {
	if c.rec == nil {
		c.rec = &Record{ID: uint32(len(c.g.prog.Records)), Clause: c.g.clauseNo, Size: abi.HeaderSize}
		c.g.prog.Records = append(c.g.prog.Records, c.rec)
	}
	return c.rec
}

// field adds a field of size bytes to the record and returns it.
func (c *clauseGen) field(n ast.Node, kind abi.FieldKind, size int, t *types.Type) *Field {
	r := c.record(n)
	f := &Field{Kind: kind, Offset: r.Size, Size: size, Type: t, Line: n.Pos().Line}
	r.Size += align8(size)
	if r.Size > recordRegion {
		c.fail(n, "a clause recording this much data")
	}
	r.Fields = append(r.Fields, f)
	return f
}

// recordValue evaluates x into a new Arg (or kind) field of the record.
func (c *clauseGen) recordValue(x ast.Expr, kind abi.FieldKind) *Field {
	if call := symCall(x); call != nil {
		return c.recordSym(call, kind)
	}
	t := c.typeOf(x)
	base := c.g.recordBase()
	switch {
	case isStackValue(t):
		return c.recordStackValue(x, kind)
	case c.isBuiltin(x, "execname") && c.strSize() >= commLen:
		// The task's comm, NUL-padded, straight into a field of its own
		// size: the consumer reads a string up to its NUL whatever the
		// field's size, and gives it the type's strsize.
		f := c.field(x, kind, commLen, types.StringType)
		c.currentComm(base + f.Offset)
		return f
	case t.IsString() || t.IsStringLike() && t.Resolve().Kind == types.Array:
		// The bytes past the NUL are never read: not cleared first.
		f := c.field(x, kind, c.strSize(), types.StringType)
		c.expr(x)
		if t.IsString() {
			c.notNullStr(x)
		}
		c.readStr(base+f.Offset, c.strSize(), asm.R0)
		return f
	case isRegValue(t) || t.IsSpecial():
		f := c.field(x, kind, 8, t)
		c.expr(x)
		c.emit(asm.StoreMem(regCtx, int16(base+f.Offset), asm.R0, asm.DWord))
		return f
	}
	c.fail(x, "recording a value of type "+t.String())
	return nil
}

// traceBytes compiles trace() of a value DTrace records by reference: an
// array (a char array included: D's strings are not arrays), a struct or
// a union. Its bytes are recorded as tracemem() records them, and printed
// as DTrace for Linux prints such a record (a by-reference record that is
// not a string): as tracemem()'s hex dump. Memory that cannot be read is
// a bad-address fault at its address, as other reads of kernel memory
// are.
func (c *clauseGen) traceBytes(x ast.Expr) {
	t := c.typeOf(x)
	size := t.Resolve().Size
	if size <= 0 || size > recordRegion {
		c.fail(x, fmt.Sprintf("trace() of a %d-byte value (%s)", size, t))
	}
	f := c.field(x, abi.FieldTracemem, int(size), nil)
	memory := c.place(x) == placeMemory && !c.allocaLoadCheck(x, size)
	c.emit(asm.Mov.Reg(asm.R6, asm.R0), asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, int32(size)))
	c.scratchAddr(asm.R1, c.g.recordBase()+f.Offset)
	c.call(asm.FnProbeReadKernel)
	if memory {
		c.faultIf(x, asm.JNE, asm.R0, 0, abi.FaultBadAddr, asm.R6)
	}
}

// commLen is the size of a task's comm (TASK_COMM_LEN), NUL included.
const commLen = 16

// isBuiltin reports whether x is the builtin variable name.
func (c *clauseGen) isBuiltin(x ast.Expr, name string) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	o := c.g.info.Uses[id]
	return o != nil && o.Kind() == check.ObjBuiltin
}

// finishRecord writes the record's header and sends it.
func (c *clauseGen) finishRecord() {
	r := c.rec
	if r == nil {
		return
	}
	skip := c.specRecord(r)
	base := c.g.recordBase()
	if c.g.opts.Fill {
		// fillReserve made room for it.
		c.emit(addScratch(abi.ScratchFill, int32(r.Size))...)
	}
	c.emit(
		asm.LoadMem(asm.R0, regCtx, abi.CtxProbeID, asm.Word),
		asm.StoreMem(regCtx, int16(base+abi.HeaderProbe), asm.R0, asm.Word),
		asm.StoreImm(regCtx, int16(base+abi.HeaderRecord), int64(r.ID), asm.Word),
	)
	c.call(asm.FnGetSmpProcessorId)
	c.emit(
		asm.StoreMem(regCtx, int16(base+abi.HeaderCPU), asm.R0, asm.Word),
		asm.StoreImm(regCtx, int16(base+abi.HeaderTag), 0, asm.Word),
	)
	// exit() wakes the reader at once.
	c.ringOutput(base, r.Size, slices.ContainsFunc(r.Fields, func(f *Field) bool { return f.Kind == abi.FieldExit }))
	c.specDone(skip)
	c.rec = nil
}

// ringOutput sends the size bytes at R9+off to the ring buffer; one that
// does not fit is a drop, counted for the runner (dropIfFailed). With
// force it wakes the reader. Otherwise records do not wake it one by one
// (it collects them on a timer): one does each time its CPU has sent the
// runner's mark of bytes (abi.GlobalWakeAt) since the last one, so that a
// burst is read before the buffer overflows. The count of bytes sent
// (abi.ScratchSent) is this CPU's own, in the scratch value: no shared
// cache line, no helper call. R1 to R5 are clobbered.
func (c *clauseGen) ringOutput(off, size int, force bool) {
	if force {
		c.emit(asm.Mov.Imm(asm.R4, rbForceWakeup))
	} else {
		quiet := c.newLabel()
		c.emit(
			asm.Mov.Imm(asm.R4, rbNoWakeup),
			asm.LoadMem(asm.R1, regCtx, abi.ScratchSent, asm.DWord),
			asm.Add.Imm(asm.R1, int32(align8(size+abi.RingHeaderSize))),
			asm.LoadMem(asm.R2, regGlobals, abi.GlobalWakeAt, asm.DWord),
			asm.JLE.Reg(asm.R1, asm.R2, quiet),
			asm.Mov.Imm(asm.R1, 0),
			asm.Mov.Imm(asm.R4, rbForceWakeup),
		)
		c.label(quiet)
		c.emit(asm.StoreMem(regCtx, abi.ScratchSent, asm.R1, asm.DWord))
	}
	c.mapPtr(asm.R1, abi.RingMap)
	c.emit(
		asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(off)),
		asm.Mov.Imm(asm.R3, int32(size)),
	)
	c.call(asm.FnRingbufOutput)
	c.dropIfFailed()
}

// fillReserve, under bufpolicy=fill (Options.Fill), starts a clause that
// records data (cl's body holds a recording action, or is empty) as DTrace
// starts an enabling: the bytes of all the records the clause may send
// must fit in what this CPU has left of its buffer (abi.ScratchFill against
// abi.GlobalFillAt), or the clause does nothing: it ends at once, the CPU's
// buffer is full from then on (its count set to the limit) and tracing
// stops (abi.GlobalExiting = abi.ExitingFilled), the first CPU to fill sending a
// abi.RecordFill that wakes the runner. Each record sent then adds its size
// to the count (finishRecord). The bytes are known once the clause is
// compiled: fillPatch sets them in the instruction whose index
// fillReserve returns (-1 when there is no check). R1 to R4 are
// clobbered.
func (c *clauseGen) fillReserve(cl *ast.Clause) int {
	if !c.g.opts.Fill || len(cl.Body) > 0 && !slices.ContainsFunc(cl.Body, func(s ast.Stmt) bool { return c.g.records(s) }) {
		return -1
	}
	fits, filled := c.newLabel(), c.newLabel()
	c.emit(asm.LoadMem(asm.R1, regCtx, abi.ScratchFill, asm.DWord))
	at := len(c.insns)
	// The notice goes where the clause's record would.
	notice := c.g.recordBase()
	c.emit(
		asm.Add.Imm(asm.R1, 0),
		asm.LoadMem(asm.R2, regGlobals, abi.GlobalFillAt, asm.DWord),
		asm.JLE.Reg(asm.R1, asm.R2, fits),
		asm.StoreMem(regCtx, abi.ScratchFill, asm.R2, asm.DWord),
		// Stopping already, unless still warming up (BEGIN filled it).
		asm.LoadMem(asm.R1, regGlobals, abi.GlobalExiting, asm.DWord),
		asm.JEq.Imm(asm.R1, 0, filled),
		asm.JNE.Imm(asm.R1, abi.ExitingWarmup, c.exitLabel),
		storeImm64(regGlobals, abi.GlobalExiting, abi.ExitingFilled).WithSymbol(filled),
		storeImm64(regCtx, int16(notice), 0),
		asm.StoreImm(regCtx, int16(notice+abi.HeaderRecord), wordImm(abi.RecordFill), asm.Word),
		storeImm64(regCtx, int16(notice+abi.HeaderCPU), 0),
	)
	c.sendNotice(notice)
	c.emit(asm.Ja.Label(c.exitLabel))
	c.label(fits)
	return at
}

// fillPatch sets the bytes fillReserve checks, at index at, to those of
// the clause's records.
func (c *clauseGen) fillPatch(at int) {
	if at < 0 {
		return
	}
	n := 0
	for _, r := range c.g.prog.Records {
		if r.Clause == c.g.clauseNo {
			n += r.Size
		}
	}
	c.insns[at].Constant = int64(n)
}

// action compiles a call used as a statement.
func (c *clauseGen) action(x *ast.Call) {
	name := x.Fun.Name
	switch name {
	case "trace":
		if t := c.typeOf(x.Args[0]); isAggregate(t) && !isStackValue(t) {
			c.traceBytes(x.Args[0])
			break
		}
		c.recordValue(x.Args[0], abi.FieldTrace)
	case "printf":
		f := c.field(x, abi.FieldPrintf, 0, nil)
		f.Format = c.format(x, x.Args[0])
		f.NArgs = len(x.Args) - 1
		convs := f.Format.ArgConvs()
		for i, a := range x.Args[1:] {
			if i < len(convs) && convs[i] != nil && convs[i].Verb == 'A' && c.typeOf(a) != types.USymAddrType {
				// An integer %A (allowed with a target process) is
				// recorded as uaddr() records: with the pid, to be
				// symbolized in the process that fired.
				c.recordUAddr(a, abi.FieldArg)
				continue
			}
			c.recordValue(a, abi.FieldArg)
		}
		c.validate(f, "printf")
	case "setopt":
		c.setopt(x)
	case "pcap":
		// dtrace-utils records the packet (skb->data, the linear part's
		// length up to pcapsize) for its consumer to write to a pcap
		// file, to tshark or as raw bytes; there is no such consumer
		// here yet.
		c.fail(x, "the pcap() action")
	case "print":
		c.print(x)
	case "speculate", "commit", "discard":
		c.specAction(x)
	case "stack", "ustack", "jstack", "sym", "func", "mod", "usym", "ufunc", "umod", "uaddr", "cgroup_path":
		c.recordSym(x, abi.FieldTrace)
	case "system", "freopen", "raise", "stop", "chill", "copyout", "copyoutstr", "tracemem", "breakpoint", "panic", "return":
		c.sysAction(x)
	case "exit":
		c.recordValue(x.Args[0], abi.FieldExit)
		c.emit(storeImm64(regGlobals, abi.GlobalExiting, 1))
	case "printa", "clear", "trunc", "normalize", "denormalize":
		kind := map[string]abi.FieldKind{"printa": abi.FieldPrinta, "clear": abi.FieldClear, "trunc": abi.FieldTrunc,
			"normalize": abi.FieldNormalize, "denormalize": abi.FieldDenormalize}[name]
		f := c.field(x, kind, 0, nil)
		args := x.Args
		if name == "printa" {
			if _, ok := ast.Unparen(args[0]).(*ast.StringLit); ok {
				f.Format = c.format(x, args[0])
				args = args[1:]
			}
		}
		for _, a := range args {
			if ag, ok := ast.Unparen(a).(*ast.Agg); ok {
				f.Aggs = append(f.Aggs, c.aggID(ag))
				continue
			}
			c.recordValue(a, abi.FieldArg)
			f.NArgs++
		}
		if f.Format != nil && len(f.Aggs) > 0 {
			a := c.g.prog.Aggs[f.Aggs[0]]
			check.CheckPrinta(f.Format, a.Keys, a.ValueType())
		}
	default:
		c.expr(x)
	}
}

// validate sizes the conversions of the printf-like field f for the types
// of the argument fields that follow it in the record (check.CheckPrintf
// sets its conversions' OutFmt and flags): a format is checked where the
// program is compiled, and the consumer only reads it.
func (c *clauseGen) validate(f *Field, fn string) {
	if f.Format == nil {
		return
	}
	fs := c.rec.Fields
	i := slices.Index(fs, f)
	var ts []*types.Type
	for _, a := range fs[i+1 : min(i+1+f.NArgs, len(fs))] {
		ts = append(ts, a.Type)
	}
	check.CheckPrintf(f.Format, fn, ts)
}

// format parses a printf-like action's format (already checked).
func (c *clauseGen) format(x *ast.Call, arg ast.Expr) *printf.Format {
	lit := ast.Unparen(arg).(*ast.StringLit)
	f, err := printf.Parse(lit.Value)
	if err != nil {
		panic(cgError{fmt.Errorf("line %d: %w", x.Pos().Line, err)})
	}
	return f
}

// callExpr compiles a subroutine call in an expression, leaving its
// result in R0 as expr does.
func (c *clauseGen) callExpr(x *ast.Call) {
	if call := symCall(x); call != nil && symKinds[call.Fun.Name].IsStack() {
		c.stackValue(call)
		return
	}
	if f, ok := subroutines[x.Fun.Name]; ok {
		f(c, x)
		return
	}
	c.fail(x, "the subroutine "+x.Fun.Name+"()")
}

var errNoAgg = errors.New("no aggregation")

// aggID returns the id of the aggregation @name.
func (c *clauseGen) aggID(a *ast.Agg) int {
	o := c.g.info.Uses[a]
	if o == nil {
		panic(cgError{fmt.Errorf("line %d: %w", a.Pos().Line, errNoAgg)})
	}
	return c.g.agg(a, o).ID
}

// agg returns the aggregation of o, describing its map on first use.
func (g *gen) agg(n ast.Node, o *check.Object) *Agg {
	if a, ok := g.aggs[o]; ok {
		return a
	}
	agg, ok := o.Agg()
	if !ok {
		panic(cgError{g.notSupported(n, "the aggregating function "+o.AggFunc()+"()")})
	}
	a := &Agg{ID: len(g.prog.Aggs), Name: o.Name(), Agg: agg, Keys: o.Keys(), Object: o}
	a.Map = abi.AggMap(a.ID)
	a.KeySize = g.aggOwnKeySize(o)
	a.ValueSize = a.Agg.ValueSize()
	g.prog.Aggs = append(g.prog.Aggs, a)
	g.aggs[o] = a
	if p := g.aggPools[o]; p != nil {
		// A map shared with aggregations of its value size (aggpool.go).
		a.Map, a.Shared, a.MapKeySize = p.name, true, p.keySize
		if !p.described {
			p.described = true
			g.prog.Maps = append(g.prog.Maps, &MapDesc{Name: p.name, Kind: PerCPUHashMap, KeySize: p.keySize,
				ValueSize: p.valueSize, MaxEntries: p.entries, Object: o})
		}
		return a
	}
	a.MapKeySize = a.KeySize
	g.prog.Maps = append(g.prog.Maps, &MapDesc{Name: a.Map, Kind: PerCPUHashMap, KeySize: a.KeySize,
		ValueSize: a.ValueSize, MaxEntries: g.aggEntries(a.KeySize+g.stackKeyExtra(o), a.ValueSize), Object: o})
	return a
}

// ctxUse returns the fields of a probe context of nargs argument slots
// that insns (a clause body,
// past the prologue's copy of R1 into R9) read: the loads through R9 at
// the offsets of the arguments and of errno. Conservatively, every field
// counts as read once R9 escapes in a way not known to address the scratch
// space past the probe context: copied or spilled other than as "rX = R9;
// rX += k" with k past the context, or changed.
func ctxUse(insns asm.Instructions, nargs int) abi.CtxUse {
	u := abi.CtxUse{NArgs: nargs}
	overlaps := func(off, size, lo, hi int) bool { return off < hi && lo < off+size }
	for i, ins := range insns {
		class := ins.OpCode.Class()
		switch {
		case class == asm.LdXClass && ins.Src == regCtx:
			off, size := int(ins.Offset), ins.OpCode.Size().Sizeof()
			for a := 0; a < nargs; a++ {
				if overlaps(off, size, int(abi.CtxArg(a)), int(abi.CtxArg(a))+8) {
					u.Args |= 1 << a
				}
			}
			if overlaps(off, size, abi.CtxErrno, abi.CtxErrno+4) {
				u.Errno = true
			}
		case (class == asm.StClass || class == asm.StXClass) && ins.Dst == regCtx && ins.Src != regCtx:
			// A store into the context or the scratch space.
		case ins.Src == regCtx && class.IsALU() && ins.OpCode.ALUOp() == asm.Mov && ins.OpCode.Source() == asm.RegSource &&
			i+1 < len(insns) && scratchOffset(insns[i+1], ins.Dst, nargs):
			// The address of a scratch region.
		case ins.Src == regCtx || ins.Dst == regCtx && class != asm.JumpClass && class != asm.Jump32Class:
			return abi.CtxUseAll(nargs)
		}
	}
	return u
}

// scratchOffset reports whether ins is "r += k" with k at or past the end
// of a probe context of nargs arguments.
func scratchOffset(ins asm.Instruction, r asm.Register, nargs int) bool {
	return ins.OpCode.Class().IsALU() && ins.OpCode.ALUOp() == asm.Add && ins.OpCode.Source() == asm.ImmSource &&
		ins.Dst == r && ins.Constant >= int64(abi.CtxUse{NArgs: nargs}.ScratchStart())
}

// exitingCheck ends the clause unless the activity state (the word
// abi.GlobalExiting) is the probe's, as DTrace runs a probe's clauses only
// in its state: while the runner attaches everything and fires BEGIN the
// state is abi.ExitingWarmup, in which only the clauses of BEGIN (and of
// ERROR, for BEGIN's faults) run, so that no other probe records anything
// before BEGIN; then 0, active, in which every clause runs; exit() or a
// full buffer sets it to stopping, in which none runs but END's: exit()
// sets DTrace's draining, so that the clauses after an exit() on END still
// run (and the last exit() wins). The session clears it before it fires
// END.
func (c *clauseGen) exitingCheck(cl *ast.Clause) {
	ids, others := c.g.dtraceMatch(cl, "END", "BEGIN", "ERROR")
	var endID, beginID, errorID uint32
	if ids != nil {
		endID, beginID, errorID = ids[0], ids[1], ids[2]
	}
	warm := beginID != 0 || errorID != 0
	if endID != 0 && !warm && !others {
		return // END's alone
	}
	c.emit(asm.LoadMem(asm.R0, regGlobals, abi.GlobalExiting, asm.DWord))
	if endID == 0 && !warm {
		c.emit(asm.JNE.Imm(asm.R0, 0, c.exitLabel))
		return
	}
	if beginID != 0 && errorID == 0 && endID == 0 && !others {
		// BEGIN's alone: BEGIN fires only while warming up.
		c.emit(asm.JNE.Imm(asm.R0, abi.ExitingWarmup, c.exitLabel))
		return
	}
	going := c.newLabel()
	c.emit(asm.JEq.Imm(asm.R0, 0, going))
	if warm && endID == 0 && !others {
		// ERROR's (and BEGIN's) alone: active or warming up.
		c.emit(asm.JNE.Imm(asm.R0, abi.ExitingWarmup, c.exitLabel))
		c.label(going)
		return
	}
	if warm {
		// Warming up: BEGIN's and ERROR's firings only.
		notWarm := c.newLabel()
		c.emit(
			asm.JNE.Imm(asm.R0, abi.ExitingWarmup, notWarm),
			asm.LoadMem(asm.R1, regCtx, abi.CtxProbeID, asm.Word),
		)
		for _, id := range []uint32{beginID, errorID} {
			if id != 0 {
				c.emit(asm.JEq.Imm(asm.R1, int32(id), going))
			}
		}
		c.emit(asm.Ja.Label(c.exitLabel))
		c.label(notWarm)
	}
	if endID != 0 {
		c.emit(asm.LoadMem(asm.R1, regCtx, abi.CtxProbeID, asm.Word), asm.JEq.Imm(asm.R1, int32(endID), going))
	}
	c.emit(asm.Ja.Label(c.exitLabel))
	c.label(going)
}

// dtraceMatch returns the ids of the probes among dtrace:::names that
// clause cl may be enabled on, in the order of names (0 for one it is
// not: nil when none), and whether cl may be enabled on other probes (as
// it may be when a description matched none yet: -Z, probes made later);
// without the checker's matches, it returns neither.
func (g *gen) dtraceMatch(cl *ast.Clause, names ...string) (ids []uint32, others bool) {
	if g.info.Matches == nil {
		return nil, false
	}
	found := make([]uint32, len(names))
	any := false
	for _, pd := range cl.Probes {
		if len(g.info.Matches[pd]) == 0 {
			others = true
		}
		for _, p := range g.info.Matches[pd] {
			i := -1
			if p.Provider == "dtrace" && p.Module == "" && p.Function == "" {
				i = slices.Index(names, p.Name)
			}
			if i < 0 {
				others = true
				continue
			}
			found[i], any = p.ID, true
		}
	}
	if !any {
		return nil, others
	}
	return found, others
}
