package lockstat

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// frag is the trampoline fragment of one of a probe's programs: at a
// kernel function's site (fs, the function fn), or at a tracepoint, the
// probe's sites there (tpSites), tried in turn.
type frag struct {
	id      uint32
	site    site
	fs      *fbt.Site
	fn      string
	tpSites []site
	// state is the probe's map of the threads' state; nil for a site
	// that reads none (fexit reads the lock from the arguments).
	state *state
}

// The fragment's scratch space: the probe context's argument slots past
// those a probe passes (every context has abi.DefaultArgs), where the
// thread's key and a new state are written for the map's helpers. The
// arguments are stored after, and the slots a clause reads past them
// cleared.
const (
	keySlot   = abi.DefaultArgs - 1
	stateSlot = abi.DefaultArgs - 1 - stateSize/8
)

// fragment returns the fragment's instructions.
func (f *frag) fragment(use abi.CtxUse) (asm.Instructions, error) {
	g := &gen{f: f, prefix: fmt.Sprintf("lockstat_%d", f.id)}
	if f.state != nil {
		m, err := f.state.get()
		if err != nil {
			return nil, err
		}
		g.m = m
	}
	sites := f.tpSites
	if f.fs != nil {
		sites = []site{f.site}
	}
	for i, s := range sites {
		next := abi.ExitLabel
		if i+1 < len(sites) {
			next = g.label()
		}
		if err := g.site(s, next, use); err != nil {
			return nil, err
		}
		if next != abi.ExitLabel {
			g.emit(tramp.Label(next))
		}
	}
	return g.insns, nil
}

// gen accumulates a fragment's instructions.
type gen struct {
	f      *frag
	m      *ebpf.Map
	prefix string
	insns  asm.Instructions
	labels int
}

func (g *gen) emit(ins ...asm.Instruction) { g.insns = append(g.insns, ins...) }

func (g *gen) label() string {
	g.labels++
	return fmt.Sprintf("%s_%d", g.prefix, g.labels)
}

// site emits site s: its code when contention_begin's flags are one of
// s's, else a jump to next.
func (g *gen) site(s site, next string, use abi.CtxUse) error {
	if s.tp == tpBegin && len(s.flags) > 0 {
		ok := g.label()
		g.emit(asm.LoadMem(asm.R0, abi.RegCtx, 8, asm.DWord))
		for _, fl := range s.flags {
			g.emit(asm.JEq.Imm32(asm.R0, int32(fl), ok))
		}
		g.emit(asm.Ja.Label(next), tramp.Label(ok))
	}
	switch s.op {
	case opStart:
		return g.start(s)
	case opMark:
		g.key()
		g.lookup(s)
		g.emit(asm.FnKtimeGetNs.Call(), asm.StoreMem(asm.R7, stateT0, asm.R0, asm.DWord), asm.Ja.Label(abi.ExitLabel))
	case opPause:
		g.key()
		g.lookup(s)
		g.emit(
			asm.LoadMem(asm.R1, asm.R7, stateT0, asm.DWord),
			asm.JEq.Imm(asm.R1, 0, abi.ExitLabel),
			asm.FnKtimeGetNs.Call(),
			asm.LoadMem(asm.R1, asm.R7, stateT0, asm.DWord),
			asm.Sub.Reg(asm.R0, asm.R1),
			asm.LoadMem(asm.R1, asm.R7, stateAcc, asm.DWord),
			asm.Add.Reg(asm.R1, asm.R0),
			asm.StoreMem(asm.R7, stateAcc, asm.R1, asm.DWord),
			bpf.StoreImm64(asm.R7, stateT0, 0),
			asm.Ja.Label(abi.ExitLabel),
		)
	case opFire:
		return g.fire(s, use)
	}
	return nil
}

// key stores the thread's key into the key slot.
func (g *gen) key() {
	g.emit(asm.FnGetCurrentPidTgid.Call(), asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(keySlot), asm.R0, asm.DWord))
}

// mapPtr loads the state map's address into r.
func (g *gen) mapPtr(r asm.Register) asm.Instruction {
	ins := asm.LoadMapPtr(r, 0)
	ins.AssociateMap(g.m)
	return ins
}

// lookup points R7 to the thread's state, ending the firing when it has
// none, or, at a tracepoint, when it follows another lock than the
// tracepoint's.
func (g *gen) lookup(s site) {
	g.lookupOr(s, abi.ExitLabel)
}

// lookupOr is lookup going to miss.
func (g *gen) lookupOr(s site, miss string) {
	g.emit(
		g.mapPtr(asm.R1),
		asm.Mov.Reg(asm.R2, abi.RegProbeCtx),
		asm.Add.Imm(asm.R2, int32(abi.CtxArg(keySlot))),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, miss),
		asm.Mov.Reg(asm.R7, asm.R0),
	)
	if s.tp != "" {
		g.emit(
			asm.LoadMem(asm.R1, asm.R7, stateLock, asm.DWord),
			asm.LoadMem(asm.R2, abi.RegCtx, 0, asm.DWord),
			asm.JNE.Reg(asm.R1, asm.R2, miss),
		)
	}
}

// loadLock loads the lock's address at site s into dst: the tracepoint's
// first argument, or the function's.
func (g *gen) loadLock(s site, dst asm.Register) error {
	if s.tp != "" {
		g.emit(asm.LoadMem(dst, abi.RegCtx, 0, asm.DWord))
		return nil
	}
	insns, err := g.f.fs.LoadArg(dst, abi.RegCtx, 0)
	if err != nil {
		return err
	}
	g.emit(insns...)
	return nil
}

// loadRet loads the return value at site s into dst: contention_end's
// ret, or the function's.
func (g *gen) loadRet(s site, dst asm.Register) error {
	if s.tp != "" {
		g.emit(asm.LoadMem(dst, abi.RegCtx, 8, asm.DWord))
		return nil
	}
	insns, err := g.f.fs.LoadRet(dst, abi.RegCtx)
	if err != nil {
		return err
	}
	g.emit(insns...)
	return nil
}

// start emits opStart: the thread's state made anew (or, with resume, a
// timed phase of the acquisition of the same lock begun).
func (g *gen) start(s site) error {
	g.key()
	if s.resume {
		fresh := g.label()
		g.lookupOr(s, fresh)
		g.emit(asm.FnKtimeGetNs.Call(), asm.StoreMem(asm.R7, stateT0, asm.R0, asm.DWord), asm.Ja.Label(abi.ExitLabel))
		g.emit(tramp.Label(fresh))
	}
	val := func(off int) int16 { return abi.CtxArg(stateSlot) + int16(off) }
	if err := g.loadLock(s, asm.R3); err != nil {
		return err
	}
	g.emit(asm.StoreMem(abi.RegProbeCtx, val(stateLock), asm.R3, asm.DWord))
	if s.timed {
		g.emit(asm.FnKtimeGetNs.Call(), asm.StoreMem(abi.RegProbeCtx, val(stateT0), asm.R0, asm.DWord))
	} else {
		g.emit(bpf.StoreImm64(abi.RegProbeCtx, val(stateT0), 0))
	}
	g.emit(bpf.StoreImm64(abi.RegProbeCtx, val(stateAcc), 0))
	if s.tp == tpBegin {
		g.emit(asm.LoadMem(asm.R3, abi.RegCtx, 8, asm.DWord), asm.StoreMem(abi.RegProbeCtx, val(stateFlags), asm.R3, asm.DWord))
	} else {
		g.emit(bpf.StoreImm64(abi.RegProbeCtx, val(stateFlags), 0))
	}
	g.emit(
		g.mapPtr(asm.R1),
		asm.Mov.Reg(asm.R2, abi.RegProbeCtx),
		asm.Add.Imm(asm.R2, int32(abi.CtxArg(keySlot))),
		asm.Mov.Reg(asm.R3, abi.RegProbeCtx),
		asm.Add.Imm(asm.R3, int32(val(0))),
		asm.Mov.Imm(asm.R4, 0), // BPF_ANY
		asm.FnMapUpdateElem.Call(),
		asm.Ja.Label(abi.ExitLabel),
	)
	return nil
}

// reader returns RW_READER (1) or RW_WRITER (0) for the function fn.
func reader(fn string) int32 {
	if strings.Contains(fn, "_write_") {
		return 0
	}
	return 1
}

// fire emits opFire: the thread's state read and deleted (where the site
// reads one), the probe's arguments stored, its conditions tested, and
// the probe fired.
//
// A firing within another firing on its CPU (in a scratch frame past the
// first) is dropped: the lock just taken may be one the other firing's
// clause holds, the ring buffer's (the clause reserving a record took it,
// and a spin lock's return, or contention_end, came next), and a clause
// here writing a record would wait for it forever.
func (g *gen) fire(s site, use abi.CtxUse) error {
	const key = -8
	g.emit(
		asm.StoreImm(asm.RFP, key, 0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(abi.ScratchMap),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, key),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, abi.ExitLabel),
		asm.JNE.Reg(asm.R0, abi.RegProbeCtx, abi.ExitLabel),
	)
	st := g.m != nil
	if st {
		g.key()
		g.lookup(s)
	}
	timeSlot := -1
	for i, v := range s.vals {
		dst := abi.CtxArg(i)
		switch v {
		case valLock:
			if st {
				g.emit(asm.LoadMem(asm.R3, asm.R7, stateLock, asm.DWord))
			} else if err := g.loadLock(s, asm.R3); err != nil {
				return err
			}
			g.emit(asm.StoreMem(abi.RegProbeCtx, dst, asm.R3, asm.DWord))
		case valTime:
			// acc, plus the phase in progress.
			if !st {
				return fmt.Errorf("lockstat: a time without the thread's state")
			}
			timeSlot = i
			done := g.label()
			g.emit(
				asm.LoadMem(asm.R8, asm.R7, stateAcc, asm.DWord),
				asm.LoadMem(asm.R1, asm.R7, stateT0, asm.DWord),
				asm.JEq.Imm(asm.R1, 0, done),
				asm.FnKtimeGetNs.Call(),
				asm.LoadMem(asm.R1, asm.R7, stateT0, asm.DWord),
				asm.Sub.Reg(asm.R0, asm.R1),
				asm.Add.Reg(asm.R8, asm.R0),
				asm.StoreMem(abi.RegProbeCtx, dst, asm.R8, asm.DWord).WithSymbol(done),
			)
		case valRet:
			if err := g.loadRet(s, asm.R3); err != nil {
				return err
			}
			// An int, sign-extended.
			g.emit(asm.LSh.Imm(asm.R3, 32), asm.ArSh.Imm(asm.R3, 32), asm.StoreMem(abi.RegProbeCtx, dst, asm.R3, asm.DWord))
		case valRead:
			if s.tp != "" {
				g.emit(
					asm.LoadMem(asm.R3, asm.R7, stateFlags, asm.DWord),
					asm.RSh.Imm(asm.R3, 1), // LCB_F_READ is bit 1
					asm.And.Imm(asm.R3, 1),
					asm.StoreMem(abi.RegProbeCtx, dst, asm.R3, asm.DWord),
				)
			} else {
				g.emit(bpf.StoreImm64(abi.RegProbeCtx, dst, reader(g.f.fn)))
			}
		}
	}
	if st {
		g.emit(
			g.mapPtr(asm.R1),
			asm.Mov.Reg(asm.R2, abi.RegProbeCtx),
			asm.Add.Imm(asm.R2, int32(abi.CtxArg(keySlot))),
			asm.FnMapDeleteElem.Call(),
		)
	}
	for _, c := range s.conds {
		switch c {
		case condTime:
			if timeSlot < 0 {
				return fmt.Errorf("lockstat: a time condition without a time")
			}
			g.emit(asm.LoadMem(asm.R0, abi.RegProbeCtx, abi.CtxArg(timeSlot), asm.DWord), asm.JEq.Imm(asm.R0, 0, abi.ExitLabel))
		case condRetNonZero, condRetZero:
			if err := g.loadRet(s, asm.R0); err != nil {
				return err
			}
			if c == condRetZero {
				g.emit(asm.JNE.Imm32(asm.R0, 0, abi.ExitLabel))
			} else {
				g.emit(asm.JEq.Imm32(asm.R0, 0, abi.ExitLabel))
			}
		case condTrylock:
			if !strings.Contains(g.f.fn, "_trylock") {
				continue
			}
			if err := g.loadRet(s, asm.R0); err != nil {
				return err
			}
			g.emit(asm.JNE.Imm32(asm.R0, 1, abi.ExitLabel))
		}
	}
	g.emit(tramp.ClearArgs(len(s.vals), use)...)
	g.emit(tramp.ClearErrno(use)...)
	g.emit(tramp.Fire(g.f.id, "")...)
	return nil
}
