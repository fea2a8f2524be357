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
		if err := g.resolve(c.v); err != nil {
			return nil, err
		}
		if c.op == condEqVal || c.op == condNeVal {
			if err := g.resolve(c.other); err != nil {
				return nil, err
			}
		}
	}
	for _, v := range s.vals {
		if err := g.resolve(v); err != nil {
			return nil, err
		}
	}
	return func(use abi.CtxUse) (asm.Instructions, error) {
		g := &fragGen{spec: spec, fs: fs, prefix: g.prefix}
		// Conditions compute into the slots past the arguments'
		// (at least abi.DefaultArgs slots exist).
		tmp, tmp2 := abi.DefaultArgs-1, abi.DefaultArgs-2
		for _, c := range s.conds {
			g.value(c.v, tmp)
			g.emit(asm.LoadMem(asm.R0, abi.RegProbeCtx, abi.CtxArg(tmp), asm.DWord))
			switch c.op {
			case condNonZero:
				g.emit(asm.JEq.Imm(asm.R0, 0, abi.ExitLabel))
			case condZero:
				g.emit(asm.JNE.Imm(asm.R0, 0, abi.ExitLabel))
			case condNeg:
				g.emit(asm.JSGE.Imm(asm.R0, 0, abi.ExitLabel))
			case condPos:
				g.emit(asm.JSLE.Imm(asm.R0, 0, abi.ExitLabel))
			case condClear:
				g.emit(asm.And.Imm(asm.R0, int32(c.in[0])), asm.JNE.Imm(asm.R0, 0, abi.ExitLabel))
			case condIn:
				ok := g.label()
				for _, v := range c.in {
					g.emit(asm.JEq.Imm(asm.R0, int32(v), ok))
				}
				g.emit(asm.Ja.Label(abi.ExitLabel))
				g.emit(tramp.Label(ok))
			case condEqVal, condNeVal:
				g.value(c.other, tmp2)
				g.emit(
					asm.LoadMem(asm.R0, abi.RegProbeCtx, abi.CtxArg(tmp), asm.DWord),
					asm.LoadMem(asm.R1, abi.RegProbeCtx, abi.CtxArg(tmp2), asm.DWord),
				)
				if c.op == condEqVal {
					g.emit(asm.JNE.Reg(asm.R0, asm.R1, abi.ExitLabel))
				} else {
					g.emit(asm.JEq.Reg(asm.R0, asm.R1, abi.ExitLabel))
				}
			}
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

// resolve checks that the members v reads exist, and that its source can
// be read.
func (g *fragGen) resolve(v val) error {
	if _, err := g.load(v.src); err != nil {
		return err
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
	insns, _ := g.load(v.src)
	g.emit(insns...)
	done := ""
	if v.orElse != nil {
		done = g.label()
		have := g.label()
		g.emit(asm.JNE.Imm(asm.R3, 0, have))
		g.value(*v.orElse, slot)
		g.emit(asm.Ja.Label(done))
		g.emit(tramp.Label(have))
	}
	for _, s := range v.path {
		off, _ := g.offset(s)
		// bpf_probe_read_kernel fills the slot (zeroing it on a
		// fault); a member narrower than 8 bytes lands in its low
		// bytes of a zeroed slot.
		if s.size < 8 {
			g.emit(bpf.StoreImm64(abi.RegProbeCtx, dst, 0))
		}
		g.emit(
			asm.Mov.Reg(asm.R1, abi.RegProbeCtx),
			asm.Add.Imm(asm.R1, int32(dst)),
			asm.Mov.Imm(asm.R2, int32(s.size)),
			asm.Add.Imm(asm.R3, int32(off)),
			asm.FnProbeReadKernel.Call(),
			asm.LoadMem(asm.R3, abi.RegProbeCtx, dst, asm.DWord),
		)
		if s.size == 4 {
			// int members: sign-extended as their type is.
			g.emit(asm.LSh.Imm(asm.R3, 32), asm.ArSh.Imm(asm.R3, 32))
		}
	}
	if v.neg {
		g.emit(asm.Neg.Imm(asm.R3, 0))
	}
	if v.xform == exitReason {
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
	}
	g.emit(asm.StoreMem(abi.RegProbeCtx, dst, asm.R3, asm.DWord))
	if done != "" {
		g.emit(tramp.Label(done))
	}
}

// load returns the instructions that load source src into R3.
func (g *fragGen) load(src int) (asm.Instructions, error) {
	switch {
	case src == srcCurrent:
		return asm.Instructions{asm.FnGetCurrentTask.Call(), asm.Mov.Reg(asm.R3, asm.R0)}, nil
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
