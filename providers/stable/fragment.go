package stable

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// fragment returns the trampoline fragment of probe id at site s (in a
// kernel function when fs is not nil): it tests s's conditions (a failed
// one ends the firing), computes the arguments the clauses read into the
// probe context, and fires.
func fragment(spec *kbtf.Spec, id uint32, s site, fs *fbt.Site) (func(abi.CtxUse) (asm.Instructions, error), error) {
	// Resolve every member offset and source now: a kernel that lacks
	// one fails enabling the probe, not the program's load.
	g := &fragGen{spec: spec, fs: fs, prefix: fmt.Sprintf("stable_%d_%s%s", id, s.tp, s.fn)}
	for _, c := range s.conds {
		if err := g.resolveCond(c); err != nil {
			return nil, err
		}
	}
	if len(s.vals) > maxVals {
		return nil, fmt.Errorf("%d values, more than the %d a site may have", len(s.vals), maxVals)
	}
	for _, v := range s.vals {
		if err := g.resolve(v); err != nil {
			return nil, err
		}
		for _, c := range v.onlyIf {
			if err := g.resolveCond(c); err != nil {
				return nil, err
			}
		}
	}
	return func(use abi.CtxUse) (asm.Instructions, error) {
		g := &fragGen{spec: spec, fs: fs, prefix: g.prefix}
		for _, c := range s.conds {
			g.cond(c, abi.ExitLabel)
		}
		for i, v := range s.vals {
			if i < use.Slots() && use.Arg(i) {
				g.value(v, i)
			}
		}
		g.insns = append(g.insns, tramp.ClearArgs(len(s.vals), use)...)
		g.insns = append(g.insns, tramp.ClearErrno(use)...)
		g.insns = append(g.insns, tramp.Fire(id, "")...)
		return g.insns, nil
	}, nil
}

// Conditions compute into the slots past the arguments' (at least
// abi.DefaultArgs slots exist; a site has at most maxVals values).
const (
	condSlot  = abi.DefaultArgs - 1
	condSlot2 = abi.DefaultArgs - 2
	maxVals   = abi.DefaultArgs - 2
)

// cond emits the test of c, jumping to fail when it does not hold.
func (g *fragGen) cond(c cond, fail string) {
	tmp, tmp2 := condSlot, condSlot2
	g.value(c.v, tmp)
	g.emit(asm.LoadMem(asm.R0, abi.RegProbeCtx, abi.CtxArg(tmp), asm.DWord))
	switch c.op {
	case condNonZero:
		g.emit(asm.JEq.Imm(asm.R0, 0, fail))
	case condZero:
		g.emit(asm.JNE.Imm(asm.R0, 0, fail))
	case condNeg:
		g.emit(asm.JSGE.Imm(asm.R0, 0, fail))
	case condPos:
		g.emit(asm.JSLE.Imm(asm.R0, 0, fail))
	case condClear:
		g.emit(asm.And.Imm(asm.R0, int32(c.in[0])), asm.JNE.Imm(asm.R0, 0, fail))
	case condSet:
		g.emit(asm.And.Imm(asm.R0, int32(c.in[0])), asm.JNE.Imm(asm.R0, int32(c.in[0]), fail))
	case condOut:
		for _, v := range c.in {
			g.emit(asm.JEq.Imm(asm.R0, int32(v), fail))
		}
	case condIn:
		ok := g.label()
		for _, v := range c.in {
			g.emit(asm.JEq.Imm(asm.R0, int32(v), ok))
		}
		g.emit(asm.Ja.Label(fail))
		g.emit(tramp.Label(ok))
	case condEqVal, condNeVal:
		g.value(c.other, tmp2)
		g.emit(
			asm.LoadMem(asm.R0, abi.RegProbeCtx, abi.CtxArg(tmp), asm.DWord),
			asm.LoadMem(asm.R1, abi.RegProbeCtx, abi.CtxArg(tmp2), asm.DWord),
		)
		if c.op == condEqVal {
			g.emit(asm.JNE.Reg(asm.R0, asm.R1, fail))
		} else {
			g.emit(asm.JEq.Reg(asm.R0, asm.R1, fail))
		}
	}
}

// fragGen accumulates a fragment's instructions.
type fragGen struct {
	spec   *kbtf.Spec
	fs     *fbt.Site // the kernel function's site, or nil for a tracepoint
	prefix string
	insns  asm.Instructions
	labels int
}

func (g *fragGen) emit(ins ...asm.Instruction) { g.insns = append(g.insns, ins...) }

func (g *fragGen) label() string {
	g.labels++
	return fmt.Sprintf("%s_%d", g.prefix, g.labels)
}

// resolveCond resolves the values c compares, which have no conditions
// of their own.
func (g *fragGen) resolveCond(c cond) error {
	vs := []val{c.v}
	if c.op == condEqVal || c.op == condNeVal {
		vs = append(vs, c.other)
	}
	for _, v := range vs {
		if len(v.onlyIf) > 0 {
			return fmt.Errorf("a condition's value has conditions")
		}
		if err := g.resolve(v); err != nil {
			return err
		}
	}
	return nil
}

// resolve checks that the members v reads exist, and that its source can
// be read.
func (g *fragGen) resolve(v val) error {
	if _, err := g.load(v.src); err != nil {
		return err
	}
	if v.plus != nil {
		if v.plus.plus != nil || len(v.plus.onlyIf) > 0 {
			return fmt.Errorf("an added value adds a value or has conditions")
		}
		if err := g.resolve(*v.plus); err != nil {
			return err
		}
	}
	for _, s := range g.xformSteps(v.xform) {
		if _, err := g.offset(s); err != nil {
			return err
		}
	}
	for _, s := range v.path {
		if _, err := g.offset(s); err != nil {
			return err
		}
	}
	if v.orElse != nil {
		return g.resolve(*v.orElse)
	}
	return nil
}

// value computes v into argument slot slot of the probe context.
func (g *fragGen) value(v val, slot int) {
	dst := abi.CtxArg(slot)
	if len(v.onlyIf) == 0 {
		g.compute(v, slot)
		g.emit(asm.StoreMem(abi.RegProbeCtx, dst, asm.R3, asm.DWord))
		return
	}
	zero, end := g.label(), g.label()
	for _, c := range v.onlyIf {
		g.cond(c, zero)
	}
	g.compute(v, slot)
	g.emit(
		asm.StoreMem(abi.RegProbeCtx, dst, asm.R3, asm.DWord),
		asm.Ja.Label(end),
		bpf.StoreImm64(abi.RegProbeCtx, dst, 0).WithSymbol(zero),
		tramp.Label(end),
	)
}

// compute computes v into R3, reading memory through slot slot of the
// probe context. An added value is kept in R7 meanwhile, and the
// transformations keep what they need in R8: the trampoline's prologue
// leaves both to the fragment.
func (g *fragGen) compute(v val, slot int) {
	insns, _ := g.load(v.src)
	if v.src == srcConst {
		insns = asm.Instructions{asm.LoadImm(asm.R3, v.k, asm.DWord)}
	}
	g.emit(insns...)
	done := ""
	if v.orElse != nil {
		done = g.label()
		have := g.label()
		g.emit(asm.JNE.Imm(asm.R3, 0, have))
		g.compute(*v.orElse, slot)
		g.emit(asm.Ja.Label(done))
		g.emit(tramp.Label(have))
	}
	for _, s := range v.path {
		off, _ := g.offset(s)
		g.read(slot, s.size, off)
		if s.size == 4 {
			// int members: sign-extended as their type is.
			g.emit(asm.LSh.Imm(asm.R3, 32), asm.ArSh.Imm(asm.R3, 32))
		}
	}
	if v.neg {
		g.emit(asm.Neg.Imm(asm.R3, 0))
	}
	if v.plus != nil {
		g.emit(asm.Mov.Reg(asm.R7, asm.R3))
		g.compute(*v.plus, slot)
		g.emit(asm.Add.Reg(asm.R3, asm.R7))
	}
	g.xform(v.xform, slot)
	if done != "" {
		g.emit(tramp.Label(done))
	}
}

// read replaces R3, an address, with the size bytes at off from it, read
// through slot slot: bpf_probe_read_kernel fills the slot (zeroing it on
// a fault); a member narrower than 8 bytes lands in its low bytes of a
// zeroed slot.
func (g *fragGen) read(slot, size int, off int64) {
	dst := abi.CtxArg(slot)
	if size < 8 {
		g.emit(bpf.StoreImm64(abi.RegProbeCtx, dst, 0))
	}
	g.emit(
		asm.Mov.Reg(asm.R1, abi.RegProbeCtx),
		asm.Add.Imm(asm.R1, int32(dst)),
		asm.Mov.Imm(asm.R2, int32(size)),
		asm.Add.Imm(asm.R3, int32(off)),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R3, abi.RegProbeCtx, dst, asm.DWord),
	)
}

// xformSteps returns the members transformation x reads.
func (g *fragGen) xformSteps(x xform) []step {
	switch x {
	case tcpSock:
		return []step{skState, skType}
	case timeWait:
		return []step{skShutdown, skErr}
	}
	return nil
}

// xform applies transformation x to R3, reading memory through slot slot.
func (g *fragGen) xform(x xform, slot int) {
	switch x {
	case exitReason:
		// CLD_EXITED (1) when the low 7 bits (the signal) are 0, else
		// CLD_DUMPED (3) with the core flag (0x80), else CLD_KILLED (2).
		exited, dumped, end := g.label(), g.label(), g.label()
		g.emit(
			asm.Mov.Reg(asm.R0, asm.R3),
			asm.And.Imm(asm.R0, 0x7f),
			asm.JEq.Imm(asm.R0, 0, exited),
			asm.Mov.Reg(asm.R0, asm.R3),
			asm.And.Imm(asm.R0, 0x80),
			asm.JNE.Imm(asm.R0, 0, dumped),
			asm.Mov.Imm(asm.R3, 2),
			asm.Ja.Label(end),
			asm.Mov.Imm(asm.R3, 1).WithSymbol(exited),
			asm.Ja.Label(end),
			asm.Mov.Imm(asm.R3, 3).WithSymbol(dumped),
			tramp.Label(end),
		)
	case l4Proto, l4Header:
		// The version is the first byte's high nibble; IPv4's header
		// length (in words) its low one.
		v4, v6, none, end := g.label(), g.label(), g.label(), g.label()
		g.emit(asm.Mov.Reg(asm.R8, asm.R3))
		g.read(slot, 1, 0)
		g.emit(
			asm.Mov.Reg(asm.R0, asm.R3),
			asm.RSh.Imm(asm.R0, 4),
			asm.JEq.Imm(asm.R0, 4, v4),
			asm.JEq.Imm(asm.R0, 6, v6),
			asm.Ja.Label(none),
		)
		if x == l4Proto {
			g.emit(asm.Mov.Reg(asm.R3, asm.R8).WithSymbol(v4))
			g.read(slot, 1, 9)
			g.emit(asm.Ja.Label(end), asm.Mov.Reg(asm.R3, asm.R8).WithSymbol(v6))
			g.read(slot, 1, 6)
			g.emit(asm.Ja.Label(end), asm.Mov.Imm(asm.R3, 255).WithSymbol(none))
		} else {
			g.emit(
				asm.And.Imm(asm.R3, 0xf).WithSymbol(v4),
				asm.LSh.Imm(asm.R3, 2),
				asm.Add.Reg(asm.R3, asm.R8),
				asm.Ja.Label(end),
				asm.Mov.Reg(asm.R3, asm.R8).WithSymbol(v6),
				asm.Add.Imm(asm.R3, ipv6HeaderLen),
				asm.Ja.Label(end),
				asm.Mov.Imm(asm.R3, 0).WithSymbol(none),
			)
		}
		g.emit(tramp.Label(end))
	case tcpFlagsByte:
		g.read(slot, 1, 13)
	case tcpSock:
		// A request (TCP_NEW_SYN_RECV) or time-wait socket is only its
		// struct sock_common: its type is not read. Of the others, the
		// stream sockets are connections', the control socket raw.
		keep, zero, end := g.label(), g.label(), g.label()
		stateOff, _ := g.offset(skState)
		typeOff, _ := g.offset(skType)
		g.emit(asm.JEq.Imm(asm.R3, 0, end), asm.Mov.Reg(asm.R8, asm.R3))
		g.read(slot, 1, stateOff)
		g.emit(
			asm.JEq.Imm(asm.R3, tcpNewSynRecv, keep),
			asm.JEq.Imm(asm.R3, tcpTimeWait, keep),
			asm.Mov.Reg(asm.R3, asm.R8),
		)
		g.read(slot, 2, typeOff)
		g.emit(
			asm.JNE.Imm(asm.R3, sockStream, zero),
			asm.Mov.Reg(asm.R3, asm.R8).WithSymbol(keep),
			asm.Ja.Label(end),
			asm.Mov.Imm(asm.R3, 0).WithSymbol(zero),
			tramp.Label(end),
		)
	case timeWait:
		// R3 is the new state; the socket is argument 0, the old state
		// argument 1.
		end := g.label()
		shutOff, _ := g.offset(skShutdown)
		errOff, _ := g.offset(skErr)
		old, _ := g.load(1)
		sk, _ := g.load(0)
		g.emit(asm.JNE.Imm(asm.R3, tcpClose, end), asm.Mov.Reg(asm.R8, asm.R3))
		g.emit(old...)
		g.emit(
			asm.Mov.Reg(asm.R0, asm.R3),
			asm.Mov.Reg(asm.R3, asm.R8),
			asm.JEq.Imm(asm.R0, tcpFinWait2, end+"_fw"),
			asm.JNE.Imm(asm.R0, tcpClosing, end),
		)
		g.emit(tramp.Label(end + "_fw"))
		g.emit(sk...)
		g.read(slot, 1, shutOff)
		g.emit(
			asm.And.Imm(asm.R3, rcvShutdown),
			asm.JEq.Imm(asm.R3, 0, end+"_closed"),
		)
		g.emit(sk...)
		g.read(slot, 4, errOff)
		g.emit(
			asm.JNE.Imm(asm.R3, 0, end+"_closed"),
			asm.Mov.Imm(asm.R3, tcpTimeWait),
			asm.Ja.Label(end),
			asm.Mov.Imm(asm.R3, tcpClose).WithSymbol(end+"_closed"),
			tramp.Label(end),
		)
	}
}

// load returns the instructions that load source src into R3.
func (g *fragGen) load(src int) (asm.Instructions, error) {
	switch {
	case src == srcCurrent:
		return asm.Instructions{asm.FnGetCurrentTask.Call(), asm.Mov.Reg(asm.R3, asm.R0)}, nil
	case src == srcConst:
		return nil, nil
	case g.fs == nil && src >= 0:
		return asm.Instructions{asm.LoadMem(asm.R3, abi.RegCtx, int16(8*src), asm.DWord)}, nil
	case g.fs == nil:
		return nil, fmt.Errorf("a tracepoint has no source %d", src)
	case src == srcRet:
		return g.fs.LoadRet(asm.R3, abi.RegCtx)
	}
	return g.fs.LoadArg(asm.R3, abi.RegCtx, src)
}

// offset returns the byte offset of s's member path in struct s.st, in
// the kernel's BTF.
func (g *fragGen) offset(s step) (int64, error) {
	id, ok := g.spec.TypeByName(kbtf.KindStruct, s.st)
	if !ok {
		return 0, fmt.Errorf("the kernel has no struct %s", s.st)
	}
	var off int64
	for _, m := range s.members {
		t, ok := g.resolveType(id)
		if !ok {
			return 0, fmt.Errorf("the kernel's struct %s is damaged", s.st)
		}
		mo, mid, ok := g.member(t, m)
		if !ok {
			return 0, fmt.Errorf("the kernel's struct %s has no member %s", s.st, m)
		}
		off += mo
		id = mid
	}
	return off, nil
}

// resolveType skips typedefs and qualifiers.
func (g *fragGen) resolveType(id kbtf.TypeID) (kbtf.Type, bool) {
	for {
		t, ok := g.spec.Type(id)
		if !ok {
			return t, false
		}
		switch t.Kind() {
		case kbtf.KindTypedef, kbtf.KindConst, kbtf.KindVolatile, kbtf.KindRestrict, kbtf.KindTypeTag:
			id = t.Ref()
		default:
			return t, true
		}
	}
}

// member finds member name of the struct or union t, in its anonymous
// members too, and returns its byte offset and type.
func (g *fragGen) member(t kbtf.Type, name string) (int64, kbtf.TypeID, bool) {
	for i := range t.Vlen() {
		m := t.Member(i)
		if m.Name == name {
			return int64(m.Offset / 8), m.Type, true
		}
		if m.Name == "" {
			if at, ok := g.resolveType(m.Type); ok && (at.Kind() == kbtf.KindStruct || at.Kind() == kbtf.KindUnion) {
				if off, id, ok := g.member(at, name); ok {
					return int64(m.Offset/8) + off, id, true
				}
			}
		}
	}
	return 0, 0, false
}
