package session

import (
	"strings"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/symtab"
)

// needsKernelSymbols reports whether prog prints kernel stacks or symbols.
func needsKernelSymbols(prog *codegen.Program) bool {
	kernel := func(s *abi.SymInfo) bool { return s != nil && s.Kind.IsKernel() }
	addr := func(f *printf.Format) bool {
		return f != nil && slicesContainsConv(f.Convs, printf.PrintAddr)
	}
	for _, r := range prog.Records {
		for _, f := range r.Fields {
			if kernel(f.Sym) || addr(f.Format) {
				return true
			}
		}
	}
	for _, a := range prog.Aggs {
		for _, s := range a.KeySyms {
			if kernel(s) {
				return true
			}
		}
	}
	return false
}

func slicesContainsConv(cs []*printf.Conv, p printf.PrintKind) bool {
	for _, c := range cs {
		if c.Print == p {
			return true
		}
	}
	return false
}

// isMachinery reports whether a kernel frame belongs to the tracing
// machinery, dropped from the top of a stack: BPF programs and the
// tracepoint callbacks that call them.
func isMachinery(f symtab.Frame) bool {
	return f.Module == "bpf" || strings.HasPrefix(f.Func, "__traceiter_") ||
		strings.HasPrefix(f.Func, "__bpf_trace_") || strings.HasPrefix(f.Func, "bpf_trace_run")
}

// symbols resolves the addresses the decoder delivers. Kernel symbols are
// read on first use; processes are read when announced or first seen.
type symbols struct {
	kernel *symtab.KernelSymbols
	procs  *symtab.Processes
	// kframes and uframes cache resolved frames by address (and
	// process); they are emptied when they grow past maxFrameCache.
	kframes map[uint64]kframe
	uframes map[[3]uint64]sink.Frame
	// gens counts the times a process's memory map was read again, which
	// keys its cached frames.
	gens map[uint64]uint64
	// unwind keeps the unwind tables of the processes whose stacks are
	// unwound in the kernel; nil when none are.
	unwind *unwinder
	// stacks reads the stacks that aggregation keys name by id; nil for
	// a decoder of records alone.
	stacks *stackTables
	// cgroups finds the paths of cgroup_path()'s ids, made on first use.
	cgroups *cgroupPaths
}

// kframe is a resolved kernel frame and whether it is machinery.
type kframe struct {
	f         sink.Frame
	machinery bool
}

// maxFrameCache bounds each frame cache.
const maxFrameCache = 1 << 16

func newSymbols(k *symtab.KernelSymbols) *symbols {
	return &symbols{kernel: k, procs: symtab.NewProcesses()}
}

// kernelSym resolves a kernel address (nothing when the kernel's symbols
// cannot be read).
func (s *symbols) kernelSym(pc uint64) symtab.Symbol {
	k, _ := s.kernel.Get()
	return k.Lookup(pc)
}

// userSym resolves a user address of process pid.
func (s *symbols) userSym(pid, pc uint64) symtab.Symbol {
	if pid == 0 || pid > 1<<31 {
		return symtab.Symbol{}
	}
	return s.procs.Lookup(int(pid), pc)
}

// kernelFrame returns kernel frame pc, resolved.
func (s *symbols) kernelFrame(pc uint64) kframe {
	if f, ok := s.kframes[pc]; ok {
		return f
	}
	k, _ := s.kernel.Get()
	fr := k.Frame(pc)
	f := kframe{f: fr, machinery: isMachinery(fr)}
	if s.kframes == nil || len(s.kframes) >= maxFrameCache {
		s.kframes = map[uint64]kframe{}
	}
	s.kframes[pc] = f
	return f
}

// userFrame returns user frame pc of process pid, resolved.
func (s *symbols) userFrame(pid, pc uint64) sink.Frame {
	k := [3]uint64{pid, pc, s.gens[pid]}
	if f, ok := s.uframes[k]; ok {
		return f
	}
	f := sink.Frame{PC: pc}
	if pid != 0 && pid <= 1<<31 {
		f = s.procs.Frame(int(pid), pc)
	}
	if f.Module == "" {
		return f // not cached: an object mapped later may hold it
	}
	if s.uframes == nil || len(s.uframes) >= maxFrameCache {
		s.uframes = map[[3]uint64]sink.Frame{}
	}
	s.uframes[k] = f
	return f
}

// refresh reads process pid's memory map again (a process announcement,
// abi.RecordPID: sent when a process is first seen and after it execs),
// while it runs, replacing what was known of it.
func (s *symbols) refresh(pid uint64) {
	if pid == 0 {
		return
	}
	// The unwind tables first: the process's stacks wait for them.
	s.unwindTables(pid)
	s.procs.Refresh(int(pid))
	if s.gens == nil {
		s.gens = map[uint64]uint64{}
	}
	s.gens[pid]++ // the frames cached before are stale
}

// unwindTables writes process pid's unwind tables, when stacks are
// unwound in the kernel.
func (s *symbols) unwindTables(pid uint64) {
	if s.unwind != nil && pid != 0 && pid <= 1<<31 {
		_ = s.unwind.update(int(pid))
	}
}

// kernelStack resolves a kernel stack of PCs b (zero-padded) into at most
// n frames, dropping the tracing machinery's frames at its top when the
// capture skipped frames (a perf event's stack starts at the interrupted
// PC, which may well be in a BPF program).
func (s *symbols) kernelStack(b []byte, n int, trim bool) sink.Value {
	frames := []sink.Frame{}
	pcs := make([]uint64, 0, n)
	top := true
	for i := 0; i+8 <= len(b) && len(frames) < n; i += 8 {
		pc := le.Uint64(b[i:])
		if pc == 0 {
			break
		}
		f := s.kernelFrame(pc)
		if top && trim && f.machinery {
			continue
		}
		top = false
		frames = append(frames, f.f)
		pcs = append(pcs, pc)
	}
	// The PCs padded as DTrace's record is, for sorting.
	return sink.Stack(frames, pcs[:n])
}

// userStack resolves a user stack of process pid, PCs b (zero-padded), of
// at most n frames.
func (s *symbols) userStack(pid uint64, b []byte, n int) sink.Value {
	frames := []sink.Frame{}
	pcs := make([]uint64, 0, n)
	for i := 0; i+8 <= len(b) && len(frames) < n; i += 8 {
		pc := le.Uint64(b[i:])
		if pc == 0 {
			break
		}
		frames = append(frames, s.userFrame(pid, pc))
		pcs = append(pcs, pc)
	}
	return sink.UStack(pid, frames, pcs[:n])
}

// symKind is the sink kind of a recorded symbol of kind k.
func symKind(k abi.SymKind) sink.Kind {
	switch k {
	case abi.SymSym:
		return sink.KindSym
	case abi.SymMod:
		return sink.KindMod
	case abi.SymUSym:
		return sink.KindUSym
	case abi.SymUAddr:
		return sink.KindUAddr
	}
	return sink.KindUMod
}

// value decodes a recorded stack or symbol (codegen.Field.Sym) from its
// bytes b.
func (s *symbols) value(b []byte, si *abi.SymInfo) sink.Value {
	if si.Kind.IsStack() && si.Slot == abi.StackKeySize {
		// A stack value (dt_stack_t): a key's slot.
		return s.keyValue(si, b)
	}
	if len(b) < si.Size() {
		return sink.String("", 0)
	}
	switch si.Kind {
	case abi.SymCgroup:
		return s.cgroupPath(le.Uint64(b))
	case abi.SymStack:
		return s.kernelStack(b[8:], si.Frames, le.Uint64(b) != 0)
	case abi.SymUStack:
		return s.userStack(le.Uint64(b), b[8:], si.Frames)
	case abi.SymSym, abi.SymMod:
		pc := le.Uint64(b)
		return sink.Symbol(symKind(si.Kind), 0, s.kernelFrame(pc).f)
	}
	pid, pc := le.Uint64(b), le.Uint64(b[8:])
	return sink.Symbol(symKind(si.Kind), pid, s.userFrame(pid, pc))
}

// keyValue decodes aggregation key b of kind si: a stack's slot
// (abi.StackKey: its PCs are read from the stack tables), or a symbol, whose address becomes its function's (sym,
// usym) or module's (mod, umod) first address as DTrace's
// dt_aggregate_sym and friends make it, so that keys naming the same
// function or module are one (mergeEntries).
func (s *symbols) keyValue(si *abi.SymInfo, b []byte) sink.Value {
	if len(b) < si.KeySize() {
		return sink.String("", 0)
	}
	if si.Kind.IsStack() {
		ss, pid, skip, ok := abi.StackKey(b)
		if !ok {
			return sink.String("", 0)
		}
		var pcs []byte
		if r, isRef := stackKeyRef(b); s.stacks != nil && isRef {
			pcs, ok = s.stacks.pcs(r.kind, r.id, ss.Frames)
		}
		if !ok {
			return sink.String("", 0)
		}
		if ss.Kind == abi.SymStack {
			return s.kernelStack(pcs, ss.Frames, skip != 0)
		}
		return s.userStack(pid, pcs, ss.Frames)
	}
	v := s.value(b, si)
	if si.Kind == abi.SymCgroup {
		return v
	}
	pc := v.Bits
	var sym symtab.Symbol
	if si.Kind.IsKernel() {
		sym = s.kernelSym(pc)
	} else {
		sym = s.userSym(v.PID, pc)
	}
	switch {
	case (si.Kind == abi.SymSym || si.Kind == abi.SymUSym) && sym.Found():
		f := v.Frame()
		v.Bits, f.PC = sym.Start, sym.Start
		v.Frames = []sink.Frame{f}
	case (si.Kind == abi.SymMod || si.Kind == abi.SymUMod) && sym.Module != "":
		f := v.Frame()
		v.Bits, f.PC, f.Func, f.FuncStart = sym.Base, sym.Base, "", 0
		v.Frames = []sink.Frame{f}
	}
	return v
}

// cgroupPath decodes cgroup_path()'s id: the cgroup's path, a string.
func (s *symbols) cgroupPath(id uint64) sink.Value {
	if s.cgroups == nil {
		s.cgroups = newCgroupPaths("")
	}
	return sink.String(s.cgroups.path(id), 0)
}

// addrValue decodes an integer printed by %a: a kernel symbol.
func (s *symbols) addrValue(b []byte, size int) sink.Value {
	var pc uint64
	switch {
	case size >= 8 && len(b) >= 8:
		pc = le.Uint64(b)
	case size >= 4 && len(b) >= 4:
		pc = uint64(le.Uint32(b))
	default:
		return sink.Uint(0, 8)
	}
	return sink.Symbol(sink.KindSym, 0, s.kernelFrame(pc).f)
}
