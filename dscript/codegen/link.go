package codegen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"

	"github.com/dtrace-go/dtrace/abi"
)

// Linking: the program of one attachment, as libdtrace's dt_link and
// dt_cg_tramp_* make it.
//
//	prologue     R6 = the program's context; R9 = the probe context (the
//	             scratch frame the firing takes, see below); the
//	             timestamp, when a clause reads it
//	fragment     the provider's: fills the probe context's fields the
//	             clauses read, jumps to the label of the probe that fired
//	blocks       per probe: its id stored, then its clauses called in
//	             program order, each followed by the ERROR function's call
//	             when it faulted; probes calling the same clauses share a
//	             block, and a block's last clause is jumped to when nothing
//	             else calls it
//	functions    the clauses, the ERROR function and the clauses enabled on
//	             dtrace:::ERROR
//
// A firing takes a scratch frame of its own (abi.CtxBusy): the first of
// ScratchMap's abi.ScratchFrames entries on its CPU that no other firing
// holds, so that a firing interrupting or preempting another on the CPU
// leaves the other's probe context, variables and temporaries alone. Every
// end of the program after the frame is taken frees it: the exit label,
// and the exits of the clauses jumped to (which jump to it instead). A
// firing finding every frame busy counts itself (abi.ScratchNestDrops) and
// ends.

// A Trampoline is what the linker needs of one attachment's program.
type Trampoline struct {
	// Name names the program in the prologue's comment.
	Name string
	// Fragment returns the provider's fragment for the fields of the
	// probe context a program's clauses read.
	Fragment func(use abi.CtxUse) (asm.Instructions, error)
	// Probes are the ids of the probes the fragment fires.
	Probes []uint32
	// Stack is how kernel stacks relate to the traced code here.
	Stack Stack
	// OneCPU makes the program run its clauses only on CPU, as the cpu
	// option does: firings on the other CPUs end at once.
	OneCPU bool
	CPU    int
	// Dynamic says that the fragment stores the id of the probe that
	// fired itself and jumps to abi.DispatchLabel (not to a probe's
	// label): the probes share one block per distinct list of clauses,
	// chosen by the id at run time.
	Dynamic bool
	// Preemptible says that the program may be preempted on its CPU by
	// another task's firing (a uprobe's program runs with only migration
	// disabled): it takes its scratch frame with an atomic exchange, not
	// a load and a store, which only firings nesting in interrupts (that
	// end before the firing they interrupt goes on) leave consistent.
	Preemptible bool
}

// Stack says what lies between the traced code and a clause's call of a
// kernel stack helper, for the clauses that capture stacks or read caller
// and stackdepth.
type Stack struct {
	// Skip is the number of kernel frames always there.
	Skip int32
	// FromHelper says that stacks are unwound from the helper's caller:
	// the ERROR function adds a frame for the clauses it calls.
	FromHelper bool
	// None says that no kernel frame is the traced code's: dtrace fires
	// the program itself from its own system call (BEGIN, END, tick-N),
	// as DTrace fires BEGIN and END from user space. Its clauses, and the
	// ERROR clauses a fault in them calls, see an empty kernel stack:
	// stack() records no frame, stackdepth and caller are 0.
	None bool
	// Machinery returns the ranges (abi.MachineryRange) of the two kernel
	// functions that may sit above the frames Skip counts, each there or
	// not; 0 for none. The linker calls it only for a clause that reads
	// them (caller, stackdepth): finding them reads the kernel's symbols.
	// Nil: none.
	Machinery func() [2]int64
}

// Enablings are the clauses enabled on each probe of a run.
type Enablings struct {
	// ByProbe holds each probe's clauses, in program order.
	ByProbe map[uint32][]*Clause
	// Error is the id of dtrace:::ERROR when clauses are enabled on it,
	// else 0.
	Error uint32
}

// skip is the kernel frames the clauses skip: all of them where none is
// the traced code's.
func (s Stack) skip() int32 {
	if s.None {
		return skipAll
	}
	return s.Skip
}

// errorClauses returns the clauses enabled on dtrace:::ERROR.
func (e *Enablings) errorClauses() []*Clause {
	if e.Error == 0 {
		return nil
	}
	return e.ByProbe[e.Error]
}

// Link returns the instructions of the program of t: the prologue, t's
// fragment for the fields p's clauses read, a block per probe calling the
// clauses e enables on it, and the functions those blocks call. The
// instructions reference the maps by name (abi's names and the program's
// MapDescs).
func (p *Program) Link(t *Trampoline, e *Enablings) (asm.Instructions, error) {
	machinery := t.Stack.machinery()
	insns := asm.Instructions{
		asm.Mov.Reg(abi.RegCtx, asm.R1).WithSource(asm.Comment("trampoline: " + t.Name)),
	}
	if t.OneCPU {
		insns = append(insns, asm.FnGetSmpProcessorId.Call(), asm.JNE.Imm(asm.R0, int32(t.CPU), outLabel))
	}
	// Frame 0, when free, falls through; the others are taken after the
	// exit (nestedFrames).
	insns = append(insns, lookupFrame(0, outLabel)...)
	insns = append(insns, takeFrame(t.Preemptible, frameLabel(1))...)
	insns = append(insns, asm.Mov.Reg(abi.RegProbeCtx, asm.R0).WithSymbol(frameLabel(0)))
	// strtok() has no string to go on with in a new firing.
	if p.strtokPos != 0 {
		insns = append(insns, storeImm64(abi.RegProbeCtx, int16(p.strtokPos), -1))
	}
	// The timestamp is taken only when a clause reads it.
	if p.NeedsTime {
		insns = append(insns,
			asm.FnKtimeGetNs.Call(),
			asm.StoreMem(abi.RegProbeCtx, abi.CtxTime, asm.R0, asm.DWord),
		)
	}
	frag, err := t.Fragment(p.CtxUse)
	if err != nil {
		return nil, fmt.Errorf("link %s: %w", t.Name, err)
	}
	insns = append(insns, frag...)
	errors := e.errorClauses()
	// Probes calling the same clauses share one block of calls: the first
	// such probe falls into it, the others jump to it. The verifier then
	// walks the clauses once per distinct list instead of once per probe
	// (syscall:::entry's 386 probes, one call site each, took it 40 ms).
	used := map[*Clause]bool{}
	var order []*Clause
	blocks := map[string]string{} // clause symbols -> the block's label
	tails := tailClauses(t.Probes, e.ByProbe)
	jumped := map[string]bool{} // the clauses a block jumps to
	// A clause reading the program's context (a kernel stack) is jumped
	// to only when it is the program's one clause: it then runs in the
	// program's frame, so that the kernel's unwinder walks one BPF frame
	// less on every stack (each frame crossed costs the walk), and the
	// frame it uses is never stacked on another function's.
	rawJump := soleClause(t.Probes, e.ByProbe)
	// block appends, once per distinct list, the calls of clauses cs,
	// labelled; a list seen before gets a jump to its block.
	block := func(cs []*Clause) {
		sig := clauseList(cs)
		if label, ok := blocks[sig]; ok {
			insns = append(insns, asm.Ja.Label(label))
			return
		}
		label := fmt.Sprintf("clauses_%d", len(blocks))
		blocks[sig] = label
		b := asm.Instructions{}
		for i, c := range cs {
			b = append(b, asm.Mov.Reg(asm.R1, abi.RegProbeCtx))
			if readsRawCtx(c) {
				// The program's context and the frames to skip (stack.go):
				// the clause's call is one of them where stacks are
				// unwound from the helper's caller.
				skip := t.Stack.skip()
				if rawJump != nil && t.Stack.FromHelper && !t.Stack.None {
					skip--
				}
				b = append(b, asm.Mov.Reg(asm.R2, abi.RegCtx), asm.Mov.Imm(asm.R3, skip))
				if usesMachinery(c) {
					m := machinery()
					b = append(b, asm.LoadImm(asm.R4, m[0], asm.DWord), asm.LoadImm(asm.R5, m[1], asm.DWord))
				}
			}
			b = append(b, asm.Call.Label(c.Symbol))
			b = appendFaultCheck(b, c, fmt.Sprintf("%s_%d", label, i), e.Error != 0 && handlersReadRawCtx(errors))
			if !used[c] {
				used[c] = true
				order = append(order, c)
			}
		}
		// The last clause of a block, when nothing else calls it, is
		// jumped to rather than called: its exit (R0 = 0) ends the
		// program, which spares every firing a call and a return. Not a
		// clause called with more than R1 (the program's context for
		// stack(), whose frames to skip count the call), unless it is
		// the program's only clause (rawJump).
		if n := len(b) - 1; n > 0 && b[n].IsFunctionCall() && tails[b[n].Reference()] &&
			(rawJump != nil && rawJump.Symbol == b[n].Reference() ||
				b[n-1].OpCode.ALUOp() == asm.Mov && b[n-1].Dst == asm.R1 && b[n-1].Src == abi.RegProbeCtx) {
			jumped[b[n].Reference()] = true
			b[n] = asm.Ja.Label(b[n].Reference())
		} else {
			b = append(b, asm.Ja.Label(abi.ExitLabel))
		}
		b[0] = b[0].WithSymbol(label)
		insns = append(insns, b...)
	}
	if t.Dynamic {
		// The blocks are made in the order of lists, so that list k's
		// is labelled clauses_k.
		lists, dispatch := dispatchLists(t.Probes, e.ByProbe)
		insns = append(insns, dispatch...)
		for _, cs := range lists {
			block(cs)
		}
	} else {
		for _, id := range t.Probes {
			first := asm.StoreImm(abi.RegProbeCtx, abi.CtxProbeID, int64(id), asm.Word).WithSymbol(abi.ProbeLabel(id))
			insns = append(insns, first)
			block(e.ByProbe[id])
		}
	}
	insns = append(insns,
		storeImm64(abi.RegProbeCtx, abi.CtxBusy, 0).WithSymbol(abi.ExitLabel),
		asm.Mov.Imm(asm.R0, 0),
		asm.Return(),
	)
	insns = append(insns, nestedFrames(t.Preemptible)...)
	// The clauses jumped to are part of the main program: they come
	// before the first function called. Their exits end the program, so
	// they jump to the exit label, which frees the frame (a clause keeps
	// R9).
	for _, tail := range []bool{true, false} {
		for _, c := range order {
			if jumped[c.Symbol] != tail {
				continue
			}
			if !tail {
				insns = append(insns, c.Insns...)
				continue
			}
			for _, ins := range c.Insns {
				if ins.OpCode.JumpOp() == asm.Exit {
					j := asm.Ja.Label(abi.ExitLabel)
					if sym := ins.Symbol(); sym != "" {
						j = j.WithSymbol(sym)
					}
					ins = j.WithSource(ins.Source())
				}
				insns = append(insns, ins)
			}
		}
	}
	insns = p.appendErrorFunc(insns, t, e, order, machinery)
	insns = p.appendClauseFuncs(insns, append(order, e.errorClauses()...))
	return withFuncInfo(insns), nil
}

// outLabel ends a program before it has taken a scratch frame.
const outLabel = "tramp_out"

// frameLabel labels the taking of scratch frame k (k > 0), and frame 0's
// label where every frame taken joins, R0 pointing to it.
func frameLabel(k int) string {
	if k == 0 {
		return "tramp_frame"
	}
	return "tramp_frame_" + strconv.Itoa(k)
}

// lookupFrame returns the instructions that point R0 to scratch frame k,
// going to fail when the map has none (it always has).
func lookupFrame(k int, fail string) asm.Instructions {
	const key = -8
	return asm.Instructions{
		asm.StoreImm(asm.RFP, key, int64(k), asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(abi.ScratchMap),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, key),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, fail),
	}
}

// takeFrame returns the instructions that mark the scratch frame R0
// points to busy, going to busy when another firing holds it. R1 is
// clobbered. A firing that is preempted may be resumed after a firing of
// another task took frames and before it freed them, so a preemptible
// program reads and marks the frame in one atomic exchange; any other
// program can be interrupted only by firings that free what they take
// before it goes on, and a load and a store do.
func takeFrame(preemptible bool, busy string) asm.Instructions {
	if preemptible {
		return asm.Instructions{
			asm.Mov.Imm(asm.R1, 1),
			atomicDW(asm.Xchg, asm.R0, asm.R1, abi.CtxBusy),
			asm.JNE.Imm(asm.R1, 0, busy),
		}
	}
	return asm.Instructions{
		asm.LoadMem(asm.R1, asm.R0, abi.CtxBusy, asm.DWord),
		asm.JNE.Imm(asm.R1, 0, busy),
		storeImm64(asm.R0, abi.CtxBusy, 1),
	}
}

// nestedFrames returns the taking of the scratch frames after the first,
// each tried in turn when the ones before it are busy, joining the
// prologue at frameLabel(0); with none free, the firing counts itself in
// frame 0 and ends.
func nestedFrames(preemptible bool) asm.Instructions {
	const drop = "tramp_nest_drop"
	var insns asm.Instructions
	for k := 1; k < abi.ScratchFrames; k++ {
		next := frameLabel(k + 1)
		if k+1 == abi.ScratchFrames {
			next = drop
		}
		frame := lookupFrame(k, next)
		frame[0] = frame[0].WithSymbol(frameLabel(k))
		insns = append(insns, frame...)
		insns = append(insns, takeFrame(preemptible, next)...)
		insns = append(insns, asm.Ja.Label(frameLabel(0)))
	}
	frame := lookupFrame(0, outLabel)
	frame[0] = frame[0].WithSymbol(drop)
	insns = append(insns, frame...)
	return append(insns,
		asm.Mov.Imm(asm.R1, 1),
		asm.AddAtomic.Mem(asm.R0, asm.R1, asm.DWord, abi.ScratchNestDrops),
		asm.Mov.Imm(asm.R0, 0).WithSymbol(outLabel),
		asm.Return(),
	)
}

// withFuncInfo gives every function of a program that refers to a
// function by address (bpf_loop's callbacks) BTF function information,
// which the kernel then requires of each.
func withFuncInfo(insns asm.Instructions) asm.Instructions {
	if !slices.ContainsFunc(insns, func(ins asm.Instruction) bool { return ins.IsLoadOfFunctionPointer() }) {
		return insns
	}
	funcs := map[string]bool{}
	for _, ins := range insns {
		if ins.IsFunctionCall() || ins.IsLoadOfFunctionPointer() {
			funcs[ins.Reference()] = true
		}
	}
	long := &btf.Int{Name: "long", Size: 8, Encoding: btf.Signed}
	proto := &btf.FuncProto{Return: long, Params: []btf.FuncParam{{Name: "a", Type: long}, {Name: "b", Type: long}}}
	for i, ins := range insns {
		name := ins.Symbol()
		if i == 0 {
			name = "main"
		} else if !funcs[name] {
			continue
		}
		insns[i] = btf.WithFuncMetadata(ins, &btf.Func{Name: name, Type: proto, Linkage: btf.StaticFunc})
	}
	return insns
}

// appendClauseFuncs appends to a linked program the functions of the
// clauses cs whose bodies it holds, and the program's functions they
// call, once each.
func (p *Program) appendClauseFuncs(insns asm.Instructions, cs []*Clause) asm.Instructions {
	var have map[string]bool
	done := map[*Clause]bool{}
	for _, c := range cs {
		if len(c.Funcs) == 0 && len(c.Shared) == 0 || done[c] {
			continue
		}
		if have == nil {
			have = map[string]bool{}
			for _, ins := range insns {
				if s := ins.Symbol(); s != "" {
					have[s] = true
				}
			}
		}
		if have[c.Symbol] {
			done[c] = true
			insns = append(insns, c.Funcs...)
			for _, s := range c.Shared {
				if !have[s] {
					have[s] = true
					insns = append(insns, p.loops[s]...)
				}
			}
		}
	}
	return insns
}

// dispatchLists returns the distinct lists of clauses of a program whose
// probes' ids are known only when it runs (Trampoline.Dynamic), in the
// order of their first probe, and the dispatch at abi.DispatchLabel that
// jumps to the block of list k, clauses_k, on the id in the probe
// context: a binary search over the ranges of ids, in ascending order,
// of the probes calling one list. An id between two ranges goes to one of
// them (no probe of the program has it, and the kernel passes only the
// ids of the program's attachments).
func dispatchLists(probes []uint32, byProbe map[uint32][]*Clause) ([][]*Clause, asm.Instructions) {
	index := map[string]int{}
	var lists [][]*Clause
	listOf := make(map[uint32]int, len(probes))
	for _, id := range probes {
		sig := clauseList(byProbe[id])
		k, ok := index[sig]
		if !ok {
			k = len(lists)
			index[sig] = k
			lists = append(lists, byProbe[id])
		}
		listOf[id] = k
	}
	ids := slices.Clone(probes)
	slices.Sort(ids)
	type span struct {
		lo uint32
		k  int
	}
	var spans []span
	for _, id := range ids {
		if n := len(spans); n == 0 || spans[n-1].k != listOf[id] {
			spans = append(spans, span{id, listOf[id]})
		}
	}
	insns := asm.Instructions{asm.LoadMem(asm.R0, abi.RegProbeCtx, abi.CtxProbeID, asm.Word).WithSymbol(abi.DispatchLabel)}
	labels := 0
	var search func(ss []span)
	search = func(ss []span) {
		if len(ss) == 1 {
			insns = append(insns, asm.Ja.Label(fmt.Sprintf("clauses_%d", ss[0].k)))
			return
		}
		mid := len(ss) / 2
		labels++
		right := fmt.Sprintf("dispatch_%d", labels)
		insns = append(insns, asm.JGE.Imm(asm.R0, int32(ss[mid].lo), right))
		search(ss[:mid])
		n := len(insns)
		search(ss[mid:])
		insns[n] = insns[n].WithSymbol(right)
	}
	if len(spans) > 0 {
		search(spans)
	}
	return lists, insns
}

// machinery returns a function that calls s.Machinery once, when first
// called.
func (s Stack) machinery() func() [2]int64 {
	var m [2]int64
	done := false
	return func() [2]int64 {
		if !done && s.Machinery != nil {
			m = s.Machinery()
		}
		done = true
		return m
	}
}

// appendFaultCheck appends to a trampoline's block, after the call of
// clause c, the call of errorSymbol when c returned 1 (it faulted); label
// names the place after it. A clause that cannot fault needs no check.
// raw says that the ERROR clauses capture stacks, and so need the
// program's context.
func appendFaultCheck(block asm.Instructions, c *Clause, label string, raw bool) asm.Instructions {
	if !canFault(c) {
		return block
	}
	next := label + "_ok"
	block = append(block,
		asm.JEq.Imm(asm.R0, 0, next),
		asm.Mov.Reg(asm.R1, abi.RegProbeCtx),
	)
	if raw {
		block = append(block, asm.Mov.Reg(asm.R2, abi.RegCtx))
	}
	return append(block,
		asm.Call.Label(errorSymbol),
		labelNop(next),
	)
}

// appendErrorFunc appends to a linked program whose clause functions are
// order the fault-reporting function and the ERROR clauses it calls that
// are not in order already, when one of order can fault.
func (p *Program) appendErrorFunc(insns asm.Instructions, t *Trampoline, e *Enablings, order []*Clause, machinery func() [2]int64) asm.Instructions {
	faults := false
	have := map[*Clause]bool{}
	for _, c := range order {
		have[c] = true
		faults = faults || canFault(c)
	}
	if !faults {
		return insns
	}
	errors := e.errorClauses()
	var stacks errorStacks
	if e.Error != 0 && handlersReadRawCtx(errors) {
		// The stack ERROR's clauses see is the faulting probe's, one BPF
		// frame deeper where it is unwound from the helper's caller.
		stacks = errorStacks{Skip: t.Stack.skip()}
		if slices.ContainsFunc(errors, usesMachinery) {
			m := machinery()
			stacks.MachA, stacks.MachB = m[0], m[1]
		}
		if t.Stack.FromHelper && !t.Stack.None {
			stacks.Skip++
		}
	}
	insns = append(insns, p.errorFunc(e.Error, errors, stacks)...)
	for _, c := range errors {
		if !have[c] {
			have[c] = true
			insns = append(insns, c.Insns...)
		}
	}
	return insns
}

// soleClause returns the clause every probe of a program calls, when each
// calls that one alone, that reads the program's context and cannot
// fault; else nil.
func soleClause(probes []uint32, byProbe map[uint32][]*Clause) *Clause {
	var sole *Clause
	for _, id := range probes {
		cs := byProbe[id]
		if len(cs) != 1 || sole != nil && cs[0] != sole {
			return nil
		}
		sole = cs[0]
	}
	if sole == nil || !readsRawCtx(sole) || canFault(sole) {
		return nil
	}
	return sole
}

// tailClauses returns the symbols of the clauses of a program firing
// probes that a block may jump to instead of calling: each the last of its
// block's list, in no other list and nowhere else in it. None is when a
// clause can fault: a fault check follows the call, and the fault
// function calls ERROR clauses.
func tailClauses(probes []uint32, byProbe map[uint32][]*Clause) map[string]bool {
	seen := map[string]bool{}
	uses := map[string]int{}
	last := map[string]bool{}
	for _, id := range probes {
		cs := byProbe[id]
		sig := clauseList(cs)
		if seen[sig] {
			continue
		}
		seen[sig] = true
		for i, c := range cs {
			if canFault(c) {
				return nil
			}
			uses[c.Symbol]++
			last[c.Symbol] = i == len(cs)-1
		}
	}
	tails := map[string]bool{}
	for sym, n := range uses {
		if n == 1 && last[sym] {
			tails[sym] = true
		}
	}
	return tails
}

// clauseList identifies a list of clauses by their symbols, in order.
func clauseList(cs []*Clause) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.Symbol)
		b.WriteByte(0)
	}
	return b.String()
}
