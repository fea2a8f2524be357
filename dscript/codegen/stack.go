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
//	ustack(n), jstack(n)  pid, then n user PCs, up to the first zero
//	                      (what follows it is unspecified)
//	sym, func, mod        the address
//	usym, ufunc, umod,    pid, then the address
//	uaddr
//
// As aggregation keys, stacks are small: a header word (abi.StackKey),
// then the stack's id, a 64-bit hash of its PCs computed in the program
// (stackHash). The PCs are stored once, in the program's table of stacks
// of their kind (abi.KStackMap, abi.UStackMap), keyed by the id, inserted
// when absent (BPF_NOEXIST) and never replaced, so that an id means one
// stack for the whole run: the consumer reads the PCs back when it reads
// the aggregation (and deletes a stack only when trunc() removed every
// key naming it, keeping what it read). The program compares the PCs an
// id holds with its own before it uses the id; when they differ (two
// stacks of one hash) it
// tries the next id, up to abi.StackProbes, and a stack that finds no id,
// or a full table, is an aggregation drop, never another stack's count.
// Hashing a few frames and looking up an 8-byte id costs far less than
// hashing and comparing a key of a hundred PCs per firing. (Stack ids of
// BPF_MAP_TYPE_STACK_TRACE maps are the hash's bucket: two stacks of one
// bucket cannot both be stored, and a few seconds of profile-997 lost
// hundreds of samples so; BPF_F_REUSE_STACKID would instead make the
// older keys of the bucket print the newer stack.) A slot's table value
// is as large as the largest stack of its kind keying any aggregation
// (scanStackKeys), so that stack() and ustack() of any depth may key one
// aggregation, as in DTrace.
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
	"cgroup_path": abi.SymCgroup,
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

// stackSlotSize is the bytes a stack of s's kind and depth would take as
// a key of its PCs: the header word and the PCs captured. Aggregations
// are sized by it (aggsize holds as many stacks as it did when keys held
// the PCs), and the stack tables' values by the PCs.
func stackSlotSize(s *abi.SymInfo) int {
	if s.Kind == abi.SymStack {
		return 8 * (1 + s.Frames + abi.StackExtra)
	}
	return 8 * (1 + s.Frames)
}

// stackTable describes the table of one kind of stack keys.
type stackTable struct {
	frames int // the most PCs a stack of the kind keys
	keys   int // the aggregation key positions that hold such stacks
}

// scanStackKeys sizes the aggregation keys that stacks key and the stack
// tables, before any clause is compiled (a key's layout is fixed by its
// first use): each key position the largest stack that keys it in any
// unit, each table's PCs the largest stack of its kind.
func (g *gen) scanStackKeys(units []Unit) {
	g.stackSlots = map[*check.Object][]int{}
	g.stackTables = map[abi.SymKind]*stackTable{}
	type position struct {
		o    *check.Object
		i    int
		kind abi.SymKind
	}
	seen := map[position]bool{}
	for _, u := range units {
		for _, it := range u.File.Items {
			ast.Inspect(it, func(n ast.Node) bool {
				as, ok := n.(*ast.Assign)
				if !ok {
					return true
				}
				if call := symCall(as.Y); call != nil && !isAgg(as.X) {
					// A stack taken as a value (stackValue).
					if s, ok := symInfoOf(call, u.Info, g.opts); ok && s.Kind.IsStack() {
						t := g.stackTable(s.Kind)
						t.frames = max(t.frames, stackSlotSize(s)/8-1)
						t.keys++
						g.prog.StackValues = true
					}
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
					if !ok || !s.Kind.IsStack() {
						continue
					}
					slots := g.stackSlots[o]
					for len(slots) <= i {
						slots = append(slots, 0)
					}
					slots[i] = max(slots[i], stackSlotSize(s))
					g.stackSlots[o] = slots
					t := g.stackTable(s.Kind)
					t.frames = max(t.frames, stackSlotSize(s)/8-1)
					if p := (position{o, i, s.Kind}); !seen[p] {
						seen[p] = true
						t.keys++
					}
				}
				return true
			})
		}
	}
}

// stackTable returns the description of the table of stacks of kind k,
// making it on first use.
func (g *gen) stackTable(k abi.SymKind) *stackTable {
	t := g.stackTables[k]
	if t == nil {
		t = &stackTable{}
		g.stackTables[k] = t
	}
	return t
}

// isAgg reports whether x is an aggregation.
func isAgg(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.Agg)
	return ok
}

// stackKeyExtra is the bytes the stack keys of aggregation o would take
// beyond their slots if they held their PCs (stackSlotSize), which its
// map's entries are sized with.
func (g *gen) stackKeyExtra(o *check.Object) int {
	n := 0
	for _, s := range g.stackSlots[o] {
		if s > abi.StackKeySize {
			n += s - abi.StackKeySize
		}
	}
	return n
}

// stackMap returns the table of stacks of kind k, adding it to the
// program's maps on first use: as many stacks as aggsize holds keys of
// their PCs, for each aggregation key position that holds them.
func (g *gen) stackMap(k abi.SymKind) (name string, frames int) {
	name = abi.UStackMap
	if k == abi.SymStack {
		name = abi.KStackMap
	}
	t := g.stackTables[k]
	if t == nil {
		// Not seen by scanStackKeys: symKey fails on the slot first.
		return name, 0
	}
	value := 8 * (1 + t.frames)
	g.addMapOnce(&MapDesc{Name: name, Kind: HashMap, KeySize: 8, ValueSize: value,
		MaxEntries: t.keys * g.aggEntries(value, 8)})
	return name, t.frames
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
func (c *clauseGen) recordSym(call *ast.Call, kind abi.FieldKind) *Field {
	s := c.symInfo(call)
	t := types.StackType
	switch s.Kind {
	case abi.SymSym, abi.SymMod:
		t = types.SymAddrType
	case abi.SymUSym, abi.SymUAddr, abi.SymUMod:
		t = types.USymAddrType
	case abi.SymCgroup:
		t = types.CgroupPathType
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
	case abi.SymSym, abi.SymMod, abi.SymCgroup:
		c.expr(call.Args[0])
		c.emit(asm.StoreMem(regCtx, int16(off), asm.R0, asm.DWord))
	default:
		c.storeUAddr(call.Args[0], off)
	}
	return f
}

// recordUAddr records the user address x in a new field of the given kind
// as uaddr(x) records it.
func (c *clauseGen) recordUAddr(x ast.Expr, kind abi.FieldKind) *Field {
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
// stack's slot (abi.StackKeySize), 16 for a user symbol (pid and
// address).
func (g *gen) aggKeySize(o *check.Object, i int, t *types.Type) int {
	switch t {
	case types.StackType:
		return abi.StackKeySize
	case types.USymAddrType:
		return 16
	}
	return g.keySize(t)
}

// symKey stores aggregation key i of a, k, at R9+pos when it is a stack or
// symbol function, and returns its size (0 when it is not one). A stack
// that cannot be stored in its table jumps to lost, counted as an
// aggregation drop.
func (c *clauseGen) symKey(a *Agg, i int, k ast.Expr, pos int, lost string) int {
	call := symCall(k)
	if call == nil {
		return 0
	}
	s := c.symInfo(call)
	isStack := s.Kind.IsStack()
	if isStack {
		if slots := c.g.stackSlots[a.Object]; i >= len(slots) || slots[i] < stackSlotSize(s) {
			c.fail(k, "this stack aggregation key")
		}
		s.Slot = abi.StackKeySize
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
	case isStack && old.Kind.IsStack():
		// Any stack: the key's header says which.
	case *old != *s:
		c.fail(k, "keys of one aggregation that are different symbol functions")
	}
	if !isStack {
		c.expr(call.Args[0])
		if s.Kind == abi.SymSym || s.Kind == abi.SymMod || s.Kind == abi.SymCgroup {
			c.emit(asm.StoreMem(regCtx, int16(pos), asm.R0, asm.DWord))
			return s.KeySize()
		}
		c.emit(asm.StoreMem(regCtx, int16(pos+8), asm.R0, asm.DWord))
		c.storePID(pos)
		c.announcePID(pos)
		return s.KeySize()
	}
	c.stackSlot(k, s, pos, lost)
	return s.Slot
}

// stackSlot captures the stack of s's kind and depth into the
// abi.StackKeySize bytes at R9+pos: the header (abi.StackKey), then the
// id of the stack, whose PCs are captured into a value of its table (a
// count, then the PCs). A stack that cannot be stored in its table jumps
// to lost, counted as an aggregation drop.
func (c *clauseGen) stackSlot(n ast.Node, s *abi.SymInfo, pos int, lost string) {
	table, frames := c.g.stackMap(s.Kind)
	if frames == 0 {
		c.fail(n, "this stack aggregation key")
	}
	hdr := abi.StackKeyHigh(s.Kind, s.Frames)
	val := c.temp(8 * (1 + frames))
	pcs := stackSlotSize(s)/8 - 1
	if s.Kind == abi.SymUStack {
		c.storePID(pos)
		c.announcePID(pos)
		c.emit(asm.StoreImm(regCtx, int16(pos+4), int64(hdr), asm.Word))
		// userStack reads the pid below the PCs.
		c.emit(
			asm.LoadMem(asm.R1, regCtx, int16(pos), asm.DWord),
			asm.StoreMem(regCtx, int16(val), asm.R1, asm.DWord),
		)
		c.userStack(val+8, 8*pcs)
	} else {
		c.emit(
			asm.StoreImm(regCtx, int16(pos), 0, asm.Word),
			asm.LoadMem(asm.R1, asm.RFP, stackSkip, asm.DWord),
			asm.Or.Imm(asm.R1, hdr),
			asm.StoreMem(regCtx, int16(pos+4), asm.R1, asm.Word),
		)
		c.getStack(val+8, 8*pcs, false)
	}
	c.stackHash(val, pcs, pos+8)
	c.stackID(table, val, frames, pos+8, lost)
}

// Stack values.
//
// stack(), ustack() and jstack() are values of type dt_stack_t
// (types.StackType), as in DTrace for Linux 2.0.4: self->st = stack()
// stores one, and trace(self->st), printf("%k", self->st) and
// @[self->st] = count() use it later. A value is the slot a stack
// aggregation key holds (stackSlot: the header, whose kind, frames and
// pid say which stack it is, then the id of its PCs in the table of
// stacks of its kind), so that it is small, copied as a 16-byte struct,
// and keys an aggregation as the call it came from would. The tables are
// sized for the calls taken as values too (scanStackKeys). A stack the
// table cannot take is an aggregation drop, as for a key, and the value
// is then all zeros: no stack, which prints as an empty one.

// isStackValue reports whether t is dt_stack_t.
func isStackValue(t *types.Type) bool { return t != nil && t.Resolve() == types.StackStruct }

// stackValueSym describes a stack value's field or key: its slot, whose
// header says which stack it is.
func stackValueSym() *abi.SymInfo {
	return &abi.SymInfo{Kind: abi.SymStack, Slot: abi.StackKeySize}
}

// stackValue evaluates a stack function's call as a value: its slot, in
// scratch, whose address it leaves in R0.
func (c *clauseGen) stackValue(call *ast.Call) {
	s := c.symInfo(call)
	pos := c.temp(abi.StackKeySize)
	lost, done := c.newLabel(), c.newLabel()
	c.stackSlot(call, s, pos, lost)
	c.emit(asm.Ja.Label(done))
	c.label(lost)
	c.zero(pos, abi.StackKeySize)
	c.label(done)
	c.scratchAddr(asm.R0, pos)
}

// recordStackValue records the stack value x (not a call: recordSym
// records those) in a new field of the given kind.
func (c *clauseGen) recordStackValue(x ast.Expr, kind abi.FieldKind) *Field {
	f := c.field(x, kind, abi.StackKeySize, types.StackType)
	f.Sym = stackValueSym()
	c.expr(x)
	c.emit(asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, abi.StackKeySize))
	c.scratchAddr(asm.R1, c.g.recordBase()+f.Offset)
	c.call(asm.FnProbeReadKernel)
	return f
}

// stackValueKey stores the stack value k (not a call: symKey stores
// those) as aggregation key i of a, at R9+pos.
func (c *clauseGen) stackValueKey(a *Agg, i int, k ast.Expr, pos int) {
	if a.KeySyms == nil {
		a.KeySyms = make([]*abi.SymInfo, len(a.Keys))
	}
	if i >= len(a.KeySyms) {
		c.fail(k, "this aggregation key")
	}
	switch old := a.KeySyms[i]; {
	case old == nil:
		a.KeySyms[i] = stackValueSym()
	case !old.Kind.IsStack():
		c.fail(k, "keys of one aggregation that are different symbol functions")
	}
	c.expr(k)
	c.emit(asm.Mov.Reg(asm.R3, asm.R0), asm.Mov.Imm(asm.R2, abi.StackKeySize))
	c.scratchAddr(asm.R1, pos)
	c.call(asm.FnProbeReadKernel)
}

// countPCs sets R0 to the number of PCs at R9+off, at most n, up to the
// first zero. R1 and R2 are clobbered.
func (c *clauseGen) countPCs(off, n int) {
	loop, done := c.newLabel(), c.newLabel()
	c.emit(
		asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R0, 0),
	)
	c.label(loop)
	c.emit(
		asm.JGE.Imm(asm.R0, int32(n), done),
		asm.LoadMem(asm.R2, asm.R1, 0, asm.DWord),
		asm.JEq.Imm(asm.R2, 0, done),
		asm.Add.Imm(asm.R1, 8), asm.Add.Imm(asm.R0, 1),
		asm.Ja.Label(loop),
	)
	c.label(done)
}

// stackHash counts the PCs at R9+val+8 (at most n, up to the first zero)
// into the u64 at R9+val and stores their hash (abi.StackID) at R9+id.
func (c *clauseGen) stackHash(val, n, id int) {
	loop, done := c.newLabel(), c.newLabel()
	c.emit(
		asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(val+8)),
		asm.Mov.Imm(asm.R2, 0),
		// R3: the hash so far, from abi.StackID's seed; R5 its multiplier.
		asm.LoadImm(asm.R3, abi.StackHashSeed, asm.DWord),
		asm.LoadImm(asm.R5, abi.StackHashMul, asm.DWord),
	)
	c.label(loop)
	c.emit(
		asm.JGE.Imm(asm.R2, int32(n), done),
		asm.LoadMem(asm.R4, asm.R1, 0, asm.DWord),
		asm.JEq.Imm(asm.R4, 0, done),
		asm.Xor.Reg(asm.R3, asm.R4), asm.Mul.Reg(asm.R3, asm.R5),
		asm.Mov.Reg(asm.R4, asm.R3), asm.RSh.Imm(asm.R4, 29), asm.Xor.Reg(asm.R3, asm.R4),
		asm.Add.Imm(asm.R1, 8), asm.Add.Imm(asm.R2, 1),
		asm.Ja.Label(loop),
	)
	c.label(done)
	c.emit(
		asm.StoreMem(regCtx, int16(val), asm.R2, asm.DWord),
		asm.Xor.Reg(asm.R3, asm.R2), asm.Mul.Reg(asm.R3, asm.R5),
		asm.Mov.Reg(asm.R4, asm.R3), asm.RSh.Imm(asm.R4, 32), asm.Xor.Reg(asm.R3, asm.R4),
		asm.StoreMem(regCtx, int16(id), asm.R3, asm.DWord),
	)
}

// stackID makes the id at R9+id name the stack whose table value (a
// count, then at most frames PCs) is at R9+val: the first of
// abi.StackProbes ids from it whose entry in table holds the same PCs,
// or is free and then takes them. It jumps to lost, counting an
// aggregation drop, when every id holds another stack or the table
// cannot take it.
func (c *clauseGen) stackID(table string, val, frames, id int, lost string) {
	found, drop := c.newLabel(), c.newLabel()
	for p := range abi.StackProbes {
		next, held, insert := c.newLabel(), c.newLabel(), c.newLabel()
		if p > 0 {
			c.emit(addScratch(id, 1)...)
		}
		c.lookupAt(table, id)
		c.emit(asm.JEq.Imm(asm.R0, 0, insert))
		c.label(held)
		c.sameStack(val, frames, found, next)
		c.label(insert)
		c.updateAt(table, id, val, bpfNoExist)
		c.emit(asm.JEq.Imm(asm.R0, 0, found), asm.JNE.Imm(asm.R0, -17, drop))
		// Another firing stored a stack at the id meanwhile: the same?
		c.lookupAt(table, id)
		c.emit(asm.JEq.Imm(asm.R0, 0, drop))
		c.sameStack(val, frames, found, next)
		c.label(next)
	}
	c.label(drop)
	c.emit(asm.Mov.Imm(asm.R0, 1))
	c.countIfFailed(abi.CounterAggDrops)
	c.emit(asm.Ja.Label(lost))
	c.label(found)
}

// sameStack compares the table value at R0 with the one at R9+val (a
// count, then at most frames PCs) and jumps to same or differ.
func (c *clauseGen) sameStack(val, frames int, same, differ string) {
	loop := c.newLabel()
	c.emit(
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.LoadMem(asm.R2, regCtx, int16(val), asm.DWord),
		asm.JNE.Reg(asm.R1, asm.R2, differ),
		asm.Mov.Reg(asm.R3, regCtx), asm.Add.Imm(asm.R3, int32(val+8)),
		asm.Add.Imm(asm.R0, 8),
		asm.Mov.Imm(asm.R1, 0),
	)
	c.label(loop)
	c.emit(
		asm.JGE.Reg(asm.R1, asm.R2, same),
		asm.JGE.Imm(asm.R1, int32(frames), same),
		asm.LoadMem(asm.R4, asm.R0, 0, asm.DWord),
		asm.LoadMem(asm.R5, asm.R3, 0, asm.DWord),
		asm.JNE.Reg(asm.R4, asm.R5, differ),
		asm.Add.Imm(asm.R0, 8), asm.Add.Imm(asm.R3, 8), asm.Add.Imm(asm.R1, 1),
		asm.Ja.Label(loop),
	)
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
	c.lookupAt(abi.UPIDMap, key)
	c.emit(asm.JNE.Imm(asm.R0, 0, done))
	// Remember it (the value: any 4 bytes; the key's own), then send the
	// notice: its probe id field holds the pid.
	c.updateAt(abi.UPIDMap, key, key, bpfAny)
	// The 16-byte notice, in scratch: pid, abi.RecordPID, then zeros.
	notice := c.temp(abi.HeaderSize)
	c.emit(
		asm.LoadMem(asm.R1, regCtx, int16(off), asm.Word),
		asm.StoreMem(regCtx, int16(notice+abi.HeaderProbe), asm.R1, asm.Word),
		asm.StoreImm(regCtx, int16(notice+abi.HeaderRecord), wordImm(abi.RecordPID), asm.Word),
		storeImm64(regCtx, int16(notice+abi.HeaderCPU), 0),
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
		user := name == "ustackdepth"
		if user {
			// The stack unwound as ustack() unwinds it (with
			// call-frame information where the process has tables),
			// counted up to its first zero PC: all of it, up to
			// illumos' dtrace_ustackdepth_max, where ustack() shows
			// at most abi.MaxStackFrames.
			off := c.temp(8 + 8*abi.MaxStackFrames)
			c.storePID(off)
			c.announcePID(off)
			c.userDepth(off + 8)
		} else {
			off := c.temp(8 * abi.MaxStackFrames)
			c.getStack(off, 8*abi.MaxStackFrames, false)
			some := c.newLabel()
			c.emit(
				asm.JSGE.Imm(asm.R0, 0, some),
				asm.Mov.Imm(asm.R0, 0),
			)
			c.label(some)
			c.emit(asm.RSh.Imm(asm.R0, 3))
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
