package session

import (
	"slices"
	"strings"
	"sync"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/output"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/symtab"
)

// Stacks and symbols: the consumer's side of codegen/stack.go.

// stack returns what the linker needs of an attachment's stack frames:
// the ranges of its machinery functions, from the kernel's symbols. (An
// event defined from a template class has a callback named after the
// class, which is not found: its frame then counts as the traced code's.)
func (r *run) stack(s providers.StackFrames) codegen.Stack {
	cs := codegen.Stack{Skip: int32(s.Skip), FromHelper: s.FromHelper}
	if len(s.Machinery) == 0 {
		return cs
	}
	k := kernelSymbols()
	for i, name := range s.Machinery {
		if i >= len(cs.Machinery) {
			break
		}
		if start, size, ok := k.Func(name); ok {
			cs.Machinery[i] = abi.MachineryRange(start, size)
		}
	}
	return cs
}

// kernelSyms holds the kernel's symbols, read once per process (by the
// runner for caller, by the consumer for the stacks it prints).
var kernelSyms struct {
	once sync.Once
	k    *symtab.Kernel
}

// kernelSymbols returns the kernel's symbols (nil when they cannot be
// read: addresses then print as hex).
func kernelSymbols() *symtab.Kernel {
	kernelSyms.once.Do(func() { kernelSyms.k, _ = symtab.ReadKernel() })
	return kernelSyms.k
}

// prefetchSymbols starts reading the kernel's symbols in the background
// when prog prints kernel stacks or symbols: reading kallsyms takes a
// tenth of a second or more, better spent while tracing than after.
func prefetchSymbols(prog *codegen.Program) {
	kernel := func(s *abi.SymInfo) bool {
		return s != nil && (s.Kind == abi.SymStack || s.Kind == abi.SymSym || s.Kind == abi.SymMod)
	}
	addr := func(f *printf.Format) bool {
		return f != nil && slices.ContainsFunc(f.Convs, func(c *printf.Conv) bool { return c.Print == printf.PrintAddr })
	}
	for _, r := range prog.Records {
		for _, f := range r.Fields {
			if kernel(f.Sym) || addr(f.Format) {
				go kernelSymbols()
				return
			}
		}
	}
	for _, a := range prog.Aggs {
		for _, s := range a.KeySyms {
			if kernel(s) {
				go kernelSymbols()
				return
			}
		}
	}
}

// stackMapFlags returns the creation flags of map d of prog: flags, but
// none (pre-allocated) for an aggregation keyed by stacks. Elements
// allocated on demand come from per-CPU caches that a sampling interrupt
// cannot refill: a profile meeting many new stacks at once (kilobyte
// keys) found them empty and lost samples as aggregation drops.
func stackMapFlags(prog *codegen.Program, d *codegen.MapDesc, flags uint32) uint32 {
	for _, a := range prog.Aggs {
		if a.Map != d.Name {
			continue
		}
		for _, s := range a.KeySyms {
			if s != nil && (s.Kind == abi.SymStack || s.Kind == abi.SymUStack) {
				return 0
			}
		}
	}
	return flags
}

// isMachinery reports whether a kernel frame belongs to the tracing
// machinery, dropped from the top of a stack: BPF programs and the
// tracepoint callbacks that call them.
func isMachinery(s symtab.Symbol) bool {
	return s.Module == "bpf" || strings.HasPrefix(s.Name, "__traceiter_") ||
		strings.HasPrefix(s.Name, "__bpf_trace_") || strings.HasPrefix(s.Name, "bpf_trace_run")
}

// symbols resolves the addresses the consumer prints. Kernel symbols are
// read on first use; processes are read when announced or first seen.
type symbols struct {
	procs *symtab.Processes
	// kframes and uframes cache frame names by address (and process);
	// they are emptied when they grow past maxFrameCache.
	kframes map[uint64]frame
	uframes map[[3]uint64]frame
	// gens counts the times a process's memory map was read again, which
	// keys its cached frames.
	gens map[uint64]uint64
}

// frame is a resolved frame: its name and whether it is machinery.
type frame struct {
	name      string
	machinery bool
}

// maxFrameCache bounds each frame name cache.
const maxFrameCache = 1 << 16

// kernelFrame returns the name of kernel frame pc.
func (s *symbols) kernelFrame(pc uint64) frame {
	if f, ok := s.kframes[pc]; ok {
		return f
	}
	sym := s.kernelSym(pc)
	f := frame{name: output.FrameName(sym.Module, sym.Name, sym.Start, pc), machinery: isMachinery(sym)}
	if s.kframes == nil || len(s.kframes) >= maxFrameCache {
		s.kframes = map[uint64]frame{}
	}
	s.kframes[pc] = f
	return f
}

// userFrame returns the name of user frame pc of process pid.
func (s *symbols) userFrame(pid, pc uint64) string {
	k := [3]uint64{pid, pc, s.gens[pid]}
	if f, ok := s.uframes[k]; ok {
		return f.name
	}
	sym := s.userSym(pid, pc)
	f := frame{name: output.FrameName(sym.Module, sym.Name, sym.Start, pc)}
	if sym.Module == "" {
		return f.name // not cached: an object mapped later may hold it
	}
	if s.uframes == nil || len(s.uframes) >= maxFrameCache {
		s.uframes = map[[3]uint64]frame{}
	}
	s.uframes[k] = f
	return f.name
}

// syms returns the Printer's symbols, made on first use.
func (c *Printer) syms() *symbols {
	if c.sym == nil {
		c.sym = &symbols{procs: symtab.NewProcesses()}
	}
	return c.sym
}

// kernelSym resolves a kernel address (nothing when the kernel's symbols
// cannot be read).
func (s *symbols) kernelSym(pc uint64) symtab.Symbol {
	return kernelSymbols().Lookup(pc)
}

// userSym resolves a user address of process pid.
func (s *symbols) userSym(pid, pc uint64) symtab.Symbol {
	if pid == 0 || pid > 1<<31 {
		return symtab.Symbol{}
	}
	return s.procs.Lookup(int(pid), pc)
}

// notePID handles a process announcement (abi.RecordPID), sent when
// a process is first seen and after it execs: its memory map is read now,
// while it runs, replacing what was known of it.
func (c *Printer) notePID(rec []byte) {
	if pid := le.Uint32(rec); pid != 0 {
		s := c.syms()
		s.procs.Refresh(int(pid))
		if s.gens == nil {
			s.gens = map[uint64]uint64{}
		}
		s.gens[uint64(pid)]++ // the frames cached before are stale

	}
}

// kernelStack resolves a kernel stack of PCs b (zero-padded) into at most
// n frames, dropping the tracing machinery's frames at its top when the
// capture skipped frames (a perf event's stack starts at the interrupted
// PC, which may well be in a BPF program).
func (s *symbols) kernelStack(b []byte, n int, trim bool) output.Value {
	frames := []string{}
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
		frames = append(frames, f.name)
		pcs = append(pcs, pc)
	}
	// The PCs padded as DTrace's record is, for sorting.
	return output.Stack(frames, pcs[:n])
}

// userStack resolves a user stack of process pid, PCs b (zero-padded), of
// at most n frames.
func (s *symbols) userStack(pid uint64, b []byte, n int) output.Value {
	frames := []string{}
	pcs := make([]uint64, 0, n)
	for i := 0; i+8 <= len(b) && len(frames) < n; i += 8 {
		pc := le.Uint64(b[i:])
		if pc == 0 {
			break
		}
		frames = append(frames, s.userFrame(pid, pc))
		pcs = append(pcs, pc)
	}
	return output.UStack(pid, frames, pcs[:n])
}

// symValue decodes a recorded stack or symbol (Field.Sym) from its bytes b.
func (c *Printer) symValue(b []byte, si *abi.SymInfo) output.Value {
	s := c.syms()
	if len(b) < si.Size() {
		return output.String("", 0)
	}
	switch si.Kind {
	case abi.SymStack:
		return s.kernelStack(b[8:], si.Frames, le.Uint64(b) != 0)
	case abi.SymUStack:
		return s.userStack(le.Uint64(b), b[8:], si.Frames)
	case abi.SymSym:
		pc := le.Uint64(b)
		sym := s.kernelSym(pc)
		return output.Sym(pc, output.SymName(sym.Module, sym.Name, pc), output.FrameName(sym.Module, sym.Name, sym.Start, pc))
	case abi.SymMod:
		pc := le.Uint64(b)
		return output.Mod(pc, output.ModName(s.kernelSym(pc).Module, pc))
	}
	pid, pc := le.Uint64(b), le.Uint64(b[8:])
	sym := s.userSym(pid, pc)
	switch si.Kind {
	case abi.SymUSym:
		return output.USym(pid, pc, output.SymName(sym.Module, sym.Name, pc), output.FrameName(sym.Module, sym.Name, sym.Start, pc))
	case abi.SymUAddr:
		name := output.FrameName(sym.Module, sym.Name, sym.Start, pc)
		return output.USym(pid, pc, name, name)
	}
	return output.UMod(pid, pc, output.ModName(sym.Module, pc))
}

// symKeyValue decodes aggregation key b of kind si: a stack's slot
// (abi.StackKey), or a symbol, whose address becomes its function's
// (sym, usym) or module's (mod, umod) first address as DTrace's
// dt_aggregate_sym and friends make it, so that keys naming the same
// function or module are one (mergeEntries).
func (c *Printer) symKeyValue(si *abi.SymInfo, b []byte) output.Value {
	s := c.syms()
	if len(b) < si.KeySize() {
		return output.String("", 0)
	}
	if si.Kind == abi.SymStack || si.Kind == abi.SymUStack {
		ss, pid, skip, ok := abi.StackKey(b)
		if !ok {
			return output.String("", 0)
		}
		if ss.Kind == abi.SymStack {
			return s.kernelStack(b[8:], ss.Frames, skip != 0)
		}
		return s.userStack(pid, b[8:], ss.Frames)
	}
	v := c.symValue(b, si)
	pc := v.Bits
	var sym symtab.Symbol
	if si.Kind == abi.SymSym || si.Kind == abi.SymMod {
		sym = s.kernelSym(pc)
	} else {
		sym = s.userSym(v.PID, pc)
	}
	switch {
	case (si.Kind == abi.SymSym || si.Kind == abi.SymUSym) && sym.Found():
		v.Bits = sym.Start
		v.Full = output.FrameName(sym.Module, sym.Name, sym.Start, sym.Start)
	case (si.Kind == abi.SymMod || si.Kind == abi.SymUMod) && sym.Module != "":
		v.Bits = sym.Base
	}
	return v
}

// hasSymKeys reports whether aggregation a has stack or symbol keys.
func hasSymKeys(a *codegen.Agg) bool {
	for _, s := range a.KeySyms {
		if s != nil {
			return true
		}
	}
	return false
}

// mergeEntries merges the entries of aggregation a whose keys print the
// same: symbol keys of one function or module, and stacks that differ
// only in the machinery frames dropped from their tops.
func mergeEntries(a *codegen.Agg, es []*output.Entry) []*output.Entry {
	if !hasSymKeys(a) || len(es) < 2 {
		return es
	}
	byKey := map[string]*output.Entry{}
	out := es[:0]
	for _, e := range es {
		id := keyID(e.Key)
		m, ok := byKey[id]
		if !ok {
			byKey[id] = e
			out = append(out, e)
			continue
		}
		mergeEntry(a.Agg, m, e)
	}
	return out
}

// keyID is an identity of a decoded key: what prints and sorts.
func keyID(key []output.Value) string {
	var b strings.Builder
	for _, v := range key {
		b.WriteByte(byte(v.Kind))
		b.WriteString(v.Str)
		b.WriteByte(0)
		b.Write(le.AppendUint64(le.AppendUint64(le.AppendUint64(nil, v.Bits), v.PID), uint64(v.Size)))
		for _, f := range v.Frames {
			b.WriteString(f)
			b.WriteByte(0)
		}
		b.WriteByte(1)
		for _, pc := range v.PCs {
			b.Write(le.AppendUint64(nil, pc))
		}
		b.WriteByte(2)
	}
	return b.String()
}

// mergeEntry adds the values of e into m, as aggregating both sets of
// data in one key would have.
func mergeEntry(a abi.Agg, m, e *output.Entry) {
	v := abi.AggValue{Value: m.Value, Count: m.Count, Sum: m.Sum, SumSq: m.SumSq, Buckets: m.Buckets}
	a.Combine(&v, abi.AggValue{Value: e.Value, Count: e.Count, Sum: e.Sum, SumSq: e.SumSq, Buckets: e.Buckets})
	m.Value, m.Count, m.Sum, m.SumSq, m.Buckets = v.Value, v.Count, v.Sum, v.SumSq, v.Buckets
}

// printfAddrs returns, for the fields of record r, which are integer
// arguments of a printf() %a conversion ('a'; nil when there are none):
// those are printed as kernel symbols. (An integer %A names a user address
// of $target's process, which is only known with -p or -c: it prints as
// hex.)
func printfAddrs(r *codegen.Record) []byte {
	var marks []byte
	for i, f := range r.Fields {
		if f.Kind != codegen.FieldPrintf || f.Format == nil {
			continue
		}
		arg := i + 1
		for _, cv := range f.Format.Convs {
			if cv.Print == printf.PrintPct {
				continue
			}
			if cv.Flags&printf.FlagDynWidth != 0 {
				arg++
			}
			if cv.Flags&printf.FlagDynPrec != 0 {
				arg++
			}
			if arg > i+f.NArgs || arg >= len(r.Fields) {
				break
			}
			if a := r.Fields[arg]; cv.Print == printf.PrintAddr && a.Sym == nil && !a.Type.IsString() && !a.Type.IsStringLike() {
				if marks == nil {
					marks = make([]byte, len(r.Fields))
				}
				marks[arg] = 'a'
			}
			arg++
		}
	}
	return marks
}

// addrValue decodes an integer printed by %a: a kernel symbol.
func (c *Printer) addrValue(b []byte, size int) output.Value {
	var pc uint64
	switch {
	case size >= 8 && len(b) >= 8:
		pc = le.Uint64(b)
	case size >= 4 && len(b) >= 4:
		pc = uint64(le.Uint32(b))
	default:
		return output.Uint(0, 8)
	}
	sym := c.syms().kernelSym(pc)
	return output.Sym(pc, output.SymName(sym.Module, sym.Name, pc), output.FrameName(sym.Module, sym.Name, sym.Start, pc))
}

// printaAddrs makes the integer keys a printa() format prints with %a
// kernel symbols, as printf's %a arguments are (see printfAddrs).
func (c *Printer) printaAddrs(f *printf.Format, as []*output.Aggregation) {
	if f == nil {
		return
	}
	var keys []int // key positions printed by %a
	k := 0
	for _, cv := range f.Convs {
		if cv.Print == printf.PrintPct || cv.Flags&printf.FlagAgg != 0 {
			continue
		}
		if cv.Flags&printf.FlagDynWidth != 0 {
			k++
		}
		if cv.Flags&printf.FlagDynPrec != 0 {
			k++
		}
		if cv.Print == printf.PrintAddr {
			keys = append(keys, k)
		}
		k++
	}
	for _, a := range as {
		for _, e := range a.Entries {
			for _, i := range keys {
				if i < len(e.Key) && e.Key[i].Kind == output.KindInt {
					e.Key[i] = c.addrValue(le.AppendUint64(nil, e.Key[i].Bits), 8)
				}
			}
		}
	}
}
