package codegen

import (
	"cmp"
	"slices"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Stacks and symbols.
//
// The kernel's stack helpers need the program's own context (what the
// kernel passed the trampoline in R1), which clauses do not otherwise
// see. A clause that captures a stack (readsRawCtx) is called with R2 =
// the program's context and R3 = the number of kernel frames to skip: the
// frames always there between the traced code and the clause (the
// clause's BPF frames, and for a raw tracepoint the kernel's
// bpf_trace_runN; see the runner). A raw tracepoint's own machinery may
// add two frames: its __bpf_trace_CLASS callback (unless the compiler
// made its call a jump) and its __traceiter_NAME iterator (only while
// several probes share the tracepoint). Stacks keep abi.StackExtra frames
// more, which the consumer drops by name; caller and stackdepth
// (usesMachinery) are also called with R4 and R5 = the ranges of those two
// functions (abi.MachineryRange) and leave them out. The clause's prologue
// spills the registers it reads to fixed stack slots below the expression
// temporaries.
//
// What is recorded (little-endian u64 words):
//
//	stack(n)              the frames skipped, then n+abi.StackExtra kernel
//	                      PCs, zero-padded
//	ustack(n), jstack(n)  pid, then n user PCs, zero-padded
//	sym, func, mod        the address
//	usym, ufunc, umod,    pid, then the address
//	uaddr
//
// As aggregation keys, stacks hold their PCs, as DTrace's keys do: a
// stack key's slot is a header word, then the PCs, zero-padded (see
// abi.StackKey). A slot is as large as the largest stack that keys that
// position of the aggregation anywhere in the program (scanStackKeys), so
// that stack() and ustack() of any depth may key one aggregation, as in
// DTrace. (Stack ids in BPF_MAP_TYPE_STACK_TRACE maps would make keys
// small, but distinct stacks whose hashes share a bucket cannot both be
// stored: a few seconds of profile-997 lost hundreds of samples so.)
// Symbol keys are recorded as above; the consumer merges keys that name
// the same function or module, as DTrace does.
//
// A process whose user addresses are recorded is announced to the
// consumer once per address space (per abi.UPIDMap entry: again after an
// exec) with a abi.RecordPID record that wakes it, so that its memory map is
// read while it is alive (a record may wait in the buffer longer than a
// short-lived process lives) and read again after an exec.

// Stack slots of a clause that captures stacks, below the expression
// temporaries.
const (
	stackRawCtx = stackBase - 8*maxDepth // the program's context (R2)
	stackSkip   = stackRawCtx - 8        // kernel frames to skip (R3)
	stackMachA  = stackSkip - 8          // the tracepoint callback's range (R4)
	stackMachB  = stackMachA - 8         // the tracepoint iterator's range (R5)
)

// upidEntries bounds the processes abi.UPIDMap remembers.
const upidEntries = 4096

// bpfFUserStack is BPF_F_USER_STACK.
const bpfFUserStack = 1 << 8

// symKinds maps the stack and symbol functions to their kinds.
var symKinds = map[string]abi.SymKind{
	"stack": abi.SymStack, "ustack": abi.SymUStack, "jstack": abi.SymUStack,
	"sym": abi.SymSym, "func": abi.SymSym, "mod": abi.SymMod,
	"usym": abi.SymUSym, "ufunc": abi.SymUSym, "uaddr": abi.SymUAddr, "umod": abi.SymUMod,
}

// symCall returns x as a call of a stack or symbol function, or nil.
func symCall(x ast.Expr) *ast.Call {
	call, ok := ast.Unparen(x).(*ast.Call)
	if !ok || symKinds[call.Fun.Name] == 0 {
		return nil
	}
	return call
}

// symInfo returns what call (a stack or symbol function) records.
func (c *clauseGen) symInfo(call *ast.Call) *abi.SymInfo {
	s, ok := symInfoOf(call, c.g.info, c.g.opts)
	if !ok {
		c.fail(call, call.Fun.Name+"() of this many frames")
	}
	return s
}

// symInfoOf returns what call records, given its program's constants and
// the options; ok is false for a frame count that is not a positive
// constant (which the checker refuses).
func symInfoOf(call *ast.Call, info *check.Info, opts Options) (s *abi.SymInfo, ok bool) {
	s = &abi.SymInfo{Kind: symKinds[call.Fun.Name]}
	// The option's frames: 0 is the default, NoFrames none.
	frames := func(opt, def int) int {
		if opt == NoFrames {
			return 0
		}
		return cmp.Or(opt, def)
	}
	switch {
	case s.Kind == abi.SymStack:
		s.Frames = frames(opts.StackFrames, abi.DefaultStackFrames)
	case call.Fun.Name == "jstack":
		s.Frames = abi.DefaultJStackFrames
	case s.Kind == abi.SymUStack:
		s.Frames = frames(opts.UStackFrames, abi.DefaultUStackFrames)
	default:
		return s, true
	}
	if len(call.Args) > 0 {
		n, ok := info.Consts[call.Args[0]]
		if !ok {
			n, ok = info.Consts[ast.Unparen(call.Args[0])]
		}
		if !ok || n <= 0 {
			return s, false
		}
		s.Frames = int(min(n, abi.MaxStackFrames))
	}
	s.Frames = min(max(s.Frames, 0), abi.MaxStackFrames)
	if opts.MaxFrames > 0 {
		s.Frames = min(s.Frames, opts.MaxFrames)
	}
	return s, true
}

// stackSlotSize is the bytes of a stack key of s's kind and depth: the
// header word and the PCs captured.
func stackSlotSize(s *abi.SymInfo) int {
	if s.Kind == abi.SymStack {
		return 8 * (1 + s.Frames + abi.StackExtra)
	}
	return 8 * (1 + s.Frames)
}

// scanStackKeys sizes the slots of the aggregation keys that stacks key,
// before any clause is compiled (a key's layout is fixed by its first
// use): each the largest stack that keys that position of that
// aggregation in any unit.
func (g *gen) scanStackKeys(units []Unit) {
	g.stackSlots = map[*check.Object][]int{}
	for _, u := range units {
		for _, it := range u.File.Items {
			ast.Inspect(it, func(n ast.Node) bool {
				as, ok := n.(*ast.Assign)
				if !ok {
					return true
				}
				ag, ok := ast.Unparen(as.X).(*ast.Agg)
				if !ok || u.Info.Uses[ag] == nil {
					return true
				}
				o := u.Info.Uses[ag]
				for i, k := range ag.Keys {
					call := symCall(k)
					if call == nil {
						continue
					}
					s, ok := symInfoOf(call, u.Info, g.opts)
					if !ok || s.Kind != abi.SymStack && s.Kind != abi.SymUStack {
						continue
					}
					slots := g.stackSlots[o]
					for len(slots) <= i {
						slots = append(slots, 0)
					}
					slots[i] = max(slots[i], stackSlotSize(s))
					g.stackSlots[o] = slots
				}
				return true
			})
		}
	}
}

// rawCtx loads the program's context into r (from the slot the prologue
// spills it to: see spillRawCtx).
func (c *clauseGen) rawCtx(r asm.Register) {
	c.emit(asm.LoadMem(r, asm.RFP, stackRawCtx, asm.DWord))
}

// spillRawCtx puts the spills of R2 and R3 at the start of a clause that
// reads them (after the prologue's first instruction). It runs once the
// body is compiled, before anything depends on instruction positions.
func (c *clauseGen) spillRawCtx() {
	if !slices.ContainsFunc(c.insns, isLoadOf(stackRawCtx)) {
		return
	}
	spills := asm.Instructions{
		asm.StoreMem(asm.RFP, stackRawCtx, asm.R2, asm.DWord),
		asm.StoreMem(asm.RFP, stackSkip, asm.R3, asm.DWord),
	}
	if slices.ContainsFunc(c.insns, isLoadOf(stackMachA)) {
		spills = append(spills,
			asm.StoreMem(asm.RFP, stackMachA, asm.R4, asm.DWord),
			asm.StoreMem(asm.RFP, stackMachB, asm.R5, asm.DWord),
		)
	}
	c.insns = slices.Insert(c.insns, 1, spills...)
}

// skipAll is a skip of more kernel frames than there are: bpf_get_stack
// then captures none (and fails). The linker passes it to the clauses of
// a trampoline dtrace fires itself (Stack.None: BEGIN, END, tick-N), so
// that a clause enabled there and on other probes sees no kernel stack
// there only.
const skipAll = 0xff

// isLoadOf returns whether an instruction reloads the stack slot at off.
func isLoadOf(off int16) func(asm.Instruction) bool {
	return func(ins asm.Instruction) bool {
		return ins.OpCode.Class() == asm.LdXClass && ins.Src == asm.RFP && ins.Offset == off
	}
}

// readsRawCtx reports whether clause cl reads the program's context: the
// trampoline must then call it with R2 = the program's context and R3 =
// the kernel frames to skip.
func readsRawCtx(cl *Clause) bool {
	if len(cl.Insns) < 2 {
		return false
	}
	ins := cl.Insns[1]
	return ins.OpCode.Class() == asm.StXClass && ins.Dst == asm.RFP && ins.Offset == stackRawCtx && ins.Src == asm.R2
}

// getStack calls bpf_get_stack(ctx, R9+off, size, flags): kernel frames
// past the skip, or user frames with user set. The buffer is zero-padded
// past the frames captured (all of it on an error); R0 is the helper's
// result.
func (c *clauseGen) getStack(off, size int, user bool) {
	if size == 0 {
		c.emit(asm.Mov.Imm(asm.R0, 0)) // a stack of no frames
		return
	}
	c.rawCtx(asm.R1)
	if user {
		c.emit(asm.Mov.Imm(asm.R4, bpfFUserStack))
	} else {
		c.emit(asm.LoadMem(asm.R4, asm.RFP, stackSkip, asm.DWord))
	}
	c.emit(
		asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(off)),
		asm.Mov.Imm(asm.R3, int32(size)),
	)
	c.call(asm.FnGetStack)
}

// storePID stores the current process's id (tgid) as a u64 at R9+off.
func (c *clauseGen) storePID(off int) {
	c.call(asm.FnGetCurrentPidTgid)
	c.emit(asm.RSh.Imm(asm.R0, 32), asm.StoreMem(regCtx, int16(off), asm.R0, asm.DWord))
}

// recordSym records a stack or symbol function's data in a new field of
// the given kind.
func (c *clauseGen) recordSym(call *ast.Call, kind FieldKind) *Field {
	s := c.symInfo(call)
	t := types.StackType
	switch s.Kind {
	case abi.SymSym, abi.SymMod:
		t = types.SymAddrType
	case abi.SymUSym, abi.SymUAddr, abi.SymUMod:
		t = types.USymAddrType
	}
	f := c.field(call, kind, s.Size(), t)
	f.Sym = s
	off := c.g.recordBase() + f.Offset
	switch s.Kind {
	case abi.SymStack:
		// The frames skipped: none (a perf event's stack, from the
		// interrupted PC) means no machinery frames to drop.
		c.emit(
			asm.LoadMem(asm.R1, asm.RFP, stackSkip, asm.DWord),
			asm.StoreMem(regCtx, int16(off), asm.R1, asm.DWord),
		)
		c.getStack(off+8, s.Size()-8, false)
	case abi.SymUStack:
		c.storePID(off)
		c.announcePID(off)
		c.userStack(off+8, s.Size()-8)
	case abi.SymSym, abi.SymMod:
		c.expr(call.Args[0])
		c.emit(asm.StoreMem(regCtx, int16(off), asm.R0, asm.DWord))
	default:
		c.storeUAddr(call.Args[0], off)
	}
	return f
}

// recordUAddr records the user address x in a new field of the given kind
// as uaddr(x) records it.
func (c *clauseGen) recordUAddr(x ast.Expr, kind FieldKind) *Field {
	s := &abi.SymInfo{Kind: abi.SymUAddr}
	f := c.field(x, kind, s.Size(), types.USymAddrType)
	f.Sym = s
	c.storeUAddr(x, c.g.recordBase()+f.Offset)
	return f
}

// storeUAddr stores the current pid and the user address x at R9+off.
func (c *clauseGen) storeUAddr(x ast.Expr, off int) {
	c.expr(x)
	c.emit(asm.StoreMem(regCtx, int16(off+8), asm.R0, asm.DWord))
	c.storePID(off)
	c.announcePID(off)
}

// aggKeySize is the bytes key i of aggregation o, of type t, takes: a
// stack's slot (scanStackKeys), 16 for a user symbol (pid and address).
func (g *gen) aggKeySize(o *check.Object, i int, t *types.Type) int {
	switch t {
	case types.StackType:
		if slots := g.stackSlots[o]; i < len(slots) && slots[i] > 0 {
			return slots[i]
		}
		return 16
	case types.USymAddrType:
		return 16
	}
	return g.keySize(t)
}

// symKey stores aggregation key i of a, k, at R9+pos when it is a stack or
// symbol function, and returns its size (0 when it is not one).
func (c *clauseGen) symKey(a *Agg, i int, k ast.Expr, pos int) int {
	call := symCall(k)
	if call == nil {
		return 0
	}
	s := c.symInfo(call)
	isStack := s.Kind == abi.SymStack || s.Kind == abi.SymUStack
	if isStack {
		if slots := c.g.stackSlots[a.Object]; i < len(slots) {
			s.Slot = slots[i]
		}
		if s.Slot < stackSlotSize(s) {
			c.fail(k, "this stack aggregation key")
		}
	}
	if a.KeySyms == nil {
		a.KeySyms = make([]*abi.SymInfo, len(a.Keys))
	}
	if i >= len(a.KeySyms) {
		c.fail(k, "this aggregation key")
	}
	old := a.KeySyms[i]
	switch {
	case old == nil:
		a.KeySyms[i] = s
	case isStack && (old.Kind == abi.SymStack || old.Kind == abi.SymUStack):
		// Any stack: the key's header says which.
	case *old != *s:
		c.fail(k, "keys of one aggregation that are different symbol functions")
	}
	if !isStack {
		c.expr(call.Args[0])
		if s.Kind == abi.SymSym || s.Kind == abi.SymMod {
			c.emit(asm.StoreMem(regCtx, int16(pos), asm.R0, asm.DWord))
			return s.KeySize()
		}
		c.emit(asm.StoreMem(regCtx, int16(pos+8), asm.R0, asm.DWord))
		c.storePID(pos)
		c.announcePID(pos)
		return s.KeySize()
	}
	// The header (abi.StackKey), then the PCs, zero-padded to the slot.
	hdr := abi.StackKeyHigh(s.Kind, s.Frames)
	if s.Kind == abi.SymUStack {
		c.storePID(pos)
		c.announcePID(pos)
		c.emit(asm.StoreImm(regCtx, int16(pos+4), int64(hdr), asm.Word))
	} else {
		c.emit(
			asm.StoreImm(regCtx, int16(pos), 0, asm.Word),
			asm.LoadMem(asm.R1, asm.RFP, stackSkip, asm.DWord),
			asm.Or.Imm(asm.R1, hdr),
			asm.StoreMem(regCtx, int16(pos+4), asm.R1, asm.Word),
		)
	}
	size := stackSlotSize(s) - 8
	c.zero(pos+8+size, s.Slot-8-size)
	if s.Kind == abi.SymUStack {
		c.userStack(pos+8, size)
	} else {
		c.getStack(pos+8, size, false)
	}
	return s.Slot
}

// bpf64Zero stores a zero u64 at R9+off.
func bpf64Zero(off int) asm.Instruction {
	return asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: regCtx, Offset: int16(off)}
}

// announcePID sends a abi.RecordPID for the pid stored at R9+off unless
// abi.UPIDMap already holds it with its current address space: a process is
// announced when first seen and again after an exec (a new mm), so that
// its memory map is read again.
func (c *clauseGen) announcePID(off int) {
	c.g.needUPIDs()
	done := c.newLabel()
	// The key, in scratch: the pid (u32), the low half of
	// current->self_exec_id (u32), then current->mm. The address space
	// alone does not tell an exec: the kernel may give the new image the
	// mm address an earlier image of the same process had (a shell
	// script's interpreter execing its way to python does).
	key := c.temp(16)
	c.emit(
		asm.LoadMem(asm.R1, regCtx, int16(off), asm.DWord),
		asm.StoreMem(regCtx, int16(key), asm.R1, asm.DWord),
	)
	// Both read straight from the task (a BTF pointer: no helper calls
	// but the one that returns it).
	c.call(asm.FnGetCurrentTaskBtf)
	for _, f := range []struct {
		member string
		off    int
		size   asm.Size
	}{{"mm", 8, asm.DWord}, {"self_exec_id", 4, asm.Word}} {
		c.emit(
			asm.Mov.Reg(asm.R1, asm.R0),
			addField(asm.R1, "struct", "task_struct", []string{f.member}, 0),
			asm.LoadMem(asm.R2, asm.R1, 0, f.size),
			asm.StoreMem(regCtx, int16(key+f.off), asm.R2, f.size),
		)
	}
	c.mapPtr(asm.R1, abi.UPIDMap)
	c.emit(asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(key)))
	c.call(asm.FnMapLookupElem)
	c.emit(asm.JNE.Imm(asm.R0, 0, done))
	// Remember it (the value: any 4 bytes; the key's own), then send the
	// notice: its probe id field holds the pid.
	c.mapPtr(asm.R1, abi.UPIDMap)
	c.emit(
		asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(key)),
		asm.Mov.Reg(asm.R3, regCtx), asm.Add.Imm(asm.R3, int32(key)),
		asm.Mov.Imm(asm.R4, 0), // BPF_ANY
	)
	c.call(asm.FnMapUpdateElem)
	// The 16-byte notice, in scratch: pid, abi.RecordPID, then zeros.
	notice := c.temp(abi.HeaderSize)
	c.emit(
		asm.LoadMem(asm.R1, regCtx, int16(off), asm.Word),
		asm.StoreMem(regCtx, int16(notice+abi.HeaderProbe), asm.R1, asm.Word),
		asm.StoreImm(regCtx, int16(notice+abi.HeaderRecord), wordImm(abi.RecordPID), asm.Word),
		bpf64Zero(notice+abi.HeaderCPU),
	)
	c.sendNotice(notice)
	c.label(done)
}

// sendNotice writes the abi.HeaderSize-byte notice at R9+notice to the
// ring buffer and wakes the reader.
func (c *clauseGen) sendNotice(notice int) {
	c.mapPtr(asm.R1, abi.RingMap)
	c.emit(
		asm.Mov.Reg(asm.R2, regCtx), asm.Add.Imm(asm.R2, int32(notice)),
		asm.Mov.Imm(asm.R3, abi.HeaderSize),
		asm.Mov.Imm(asm.R4, rbForceWakeup),
	)
	c.call(asm.FnRingbufOutput)
}

// needUPIDs adds abi.UPIDMap to the program's maps, once.
func (g *gen) needUPIDs() {
	g.addMapOnce(&MapDesc{Name: abi.UPIDMap, Kind: LRUHashMap, KeySize: 16, ValueSize: 4, MaxEntries: upidEntries})
}

// usesMachinery reports whether clause cl reads the ranges of a raw
// tracepoint's machinery (R4, R5), which the runner then looks up.
func usesMachinery(cl *Clause) bool {
	return len(cl.Insns) > 3 && isSpillOf(cl.Insns[3], stackMachA)
}

func isSpillOf(ins asm.Instruction, off int16) bool {
	return ins.OpCode.Class() == asm.StXClass && ins.Dst == asm.RFP && ins.Offset == off
}

// inRange jumps to yes when the kernel address in pc lies in the range
// packed (abi.MachineryRange) in stack slot slot; R1-R3 are clobbered.
func (c *clauseGen) inRange(pc asm.Register, slot int16, yes string) {
	no := c.newLabel()
	c.emit(
		asm.LoadMem(asm.R1, asm.RFP, slot, asm.DWord),
		// The high half of pc: kernel text's, all ones.
		asm.Mov.Reg(asm.R2, pc), asm.ArSh.Imm(asm.R2, 32), asm.JNE.Imm(asm.R2, -1, no),
		// (u32)(pc - start) < size.
		asm.Mov.Reg32(asm.R2, pc),
		asm.Mov.Reg(asm.R3, asm.R1), asm.RSh.Imm(asm.R3, 32),
		asm.Sub.Reg32(asm.R2, asm.R3),
		asm.LSh.Imm(asm.R1, 32), asm.RSh.Imm(asm.R1, 32),
		asm.JLT.Reg(asm.R2, asm.R1, yes),
	)
	c.label(no)
}

// machineryFrames leaves in R6 how many of the frames at R9+off (at least
// three) are the raw tracepoint's machinery: its callback, then its
// iterator, each there or not.
func (c *clauseGen) machineryFrames(off int) {
	callback, iter, notIter, done := c.newLabel(), c.newLabel(), c.newLabel(), c.newLabel()
	c.emit(asm.Mov.Imm(asm.R6, 0), asm.LoadMem(asm.R4, regCtx, int16(off), asm.DWord))
	c.inRange(asm.R4, stackMachA, callback)
	c.emit(asm.Ja.Label(iter))
	c.emit(asm.Mov.Imm(asm.R6, 1).WithSymbol(callback), asm.LoadMem(asm.R4, regCtx, int16(off+8), asm.DWord))
	c.label(iter)
	c.inRange(asm.R4, stackMachB, notIter)
	c.emit(asm.Ja.Label(done))
	c.emit(asm.Add.Imm(asm.R6, 1).WithSymbol(notIter))
	c.label(done)
}

// stackBuiltin evaluates caller, ucaller, stackdepth and ustackdepth into
// R0, and reports whether name is one of them.
func (c *clauseGen) stackBuiltin(n ast.Node, name string) bool {
	switch name {
	case "ucaller":
		// The user PC when the probe fired (0 when there is none).
		off := c.temp(8)
		c.getStack(off, 8, true)
		c.emit(asm.LoadMem(asm.R0, regCtx, int16(off), asm.DWord))
	case "caller":
		// The traced code's kernel PC: the first frame past the
		// tracepoint's machinery.
		off := c.temp(24)
		c.getStack(off, 24, false)
		c.machineryFrames(off)
		c.emit(
			asm.LSh.Imm(asm.R6, 3),
			asm.Mov.Reg(asm.R0, regCtx), asm.Add.Imm(asm.R0, int32(off)),
			asm.Add.Reg(asm.R0, asm.R6),
			asm.LoadMem(asm.R0, asm.R0, 0, asm.DWord),
		)
	case "stackdepth", "ustackdepth":
		off := c.temp(8 * abi.MaxStackFrames)
		user := name == "ustackdepth"
		c.getStack(off, 8*abi.MaxStackFrames, user)
		some := c.newLabel()
		c.emit(
			asm.JSGE.Imm(asm.R0, 0, some),
			asm.Mov.Imm(asm.R0, 0),
		)
		c.label(some)
		c.emit(asm.RSh.Imm(asm.R0, 3))
		if !user {
			// Less the tracepoint's machinery's frames.
			c.push(n)
			c.machineryFrames(off)
			c.pop(asm.R0)
			c.emit(asm.Sub.Reg(asm.R0, asm.R6))
			pos := c.newLabel()
			c.emit(asm.JSGE.Imm(asm.R0, 0, pos), asm.Mov.Imm(asm.R0, 0))
			c.label(pos)
		}
		if m := c.g.opts.MaxFrames; m > 0 && m < abi.MaxStackFrames {
			// DTrace reads the stack into a buffer of maxframes
			// frames: the depth is at most that.
			capped := c.newLabel()
			c.emit(asm.JLE.Imm(asm.R0, int32(m), capped), asm.Mov.Imm(asm.R0, int32(m)))
			c.label(capped)
		}
	default:
		return false
	}
	return true
}
