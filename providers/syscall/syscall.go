// Package syscall is the syscall provider: syscall:vmlinux:NAME:entry and
// syscall:vmlinux:NAME:return for every x86_64 system call.
//
// All entry probes are served by one program on the sys_enter raw
// tracepoint and all return probes by one on sys_exit, each dispatching on
// the system call number with a binary search of comparisons. Enabling
// every entry probe therefore attaches one program, which takes
// milliseconds, where a perf-event tracepoint per system call takes tens of
// seconds to detach.
//
// The names are DTrace's on Linux (those of the kernel's syscalls:sys_enter_*
// tracepoints: newstat, newfstat, newlstat, newuname, sendfile64, umount
// where unistd.h says stat, fstat, lstat, uname, sendfile, umount2).
//
// Only native x86_64 system calls are told apart: a 32-bit (ia32) system
// call reaches the same raw tracepoints with its own numbering and fires the
// x86_64 probe of the same number.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package syscall

//go:generate go run ./internal/mksysnum -xsys v0.49.0 -o zsysnum_amd64.go

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// The probe names.
const (
	Entry  = "entry"
	Return = "return"
)

// Module is the module field of every syscall probe.
const Module = "vmlinux"

type entry struct {
	nr   uint16
	name string
}

// Probe is what a syscall probe's Data holds.
type Probe struct {
	Nr     int  // the x86_64 system call number
	Return bool // a return probe
}

// Provider is the syscall provider.
type Provider struct {
	sys providers.System
}

// New returns the syscall provider, reading which system calls the kernel
// has from sys.
func New(sys providers.System) *Provider { return &Provider{sys: sys.Shared()} }

// Name returns "syscall".
func (*Provider) Name() string { return "syscall" }

// Probes returns an entry and a return probe for every system call the
// kernel has, by number. Entry probes have up to six arguments (the
// registers the calling convention passes them in), how many the call
// takes is not known here; return probes have two, both the return value.
//
// The kernel has a call when tracefs has its syscalls:sys_enter_NAME event
// (calls configured out, such as kexec_load or the module calls, have
// none); when tracefs cannot be read, every call of the table is listed.
func (p *Provider) Probes() ([]*providers.Probe, error) {
	if runtime.GOARCH != "amd64" {
		return nil, fmt.Errorf("syscall provider: no system call table for %s", runtime.GOARCH)
	}
	have := p.kernelCalls()
	ps := make([]*providers.Probe, 0, 2*len(table))
	for _, e := range table {
		if have != nil && !have[e.name] {
			continue
		}
		ps = append(ps,
			&providers.Probe{Provider: "syscall", Module: Module, Function: e.name, Name: Entry,
				NArgs: -1, Data: Probe{Nr: int(e.nr)}},
			&providers.Probe{Provider: "syscall", Module: Module, Function: e.name, Name: Return,
				NArgs: 2, Data: Probe{Nr: int(e.nr), Return: true}},
		)
	}
	return ps, nil
}

// kernelCalls returns the names of the system calls that have an entry
// tracepoint, or nil when tracefs cannot be read.
func (p *Provider) kernelCalls() map[string]bool {
	cat, err := p.sys.Events()
	if err != nil {
		return nil
	}
	have := make(map[string]bool, len(table))
	for _, ev := range cat.Events {
		if ev.Group == "syscalls" && strings.HasPrefix(ev.Name, "sys_enter_") {
			have[ev.Name[len("sys_enter_"):]] = true
		}
	}
	if len(have) == 0 {
		return nil // a kernel without syscall tracepoints still has calls
	}
	return have
}

// Lookup returns nil: every system call is listed.
func (*Provider) Lookup(module, function, name string) *providers.Probe { return nil }

// Plan makes at most two attachments: one raw tracepoint program on
// sys_enter for the entry probes and one on sys_exit for the return probes.
func (*Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	var enter, exit []*providers.Probe
	for _, p := range probes {
		d, ok := p.Data.(Probe)
		if !ok {
			return nil, fmt.Errorf("syscall provider: probe %s is not a syscall probe", probe.Name(p.Provider, p.Module, p.Function, p.Name))
		}
		if d.Return {
			exit = append(exit, p)
		} else {
			enter = append(enter, p)
		}
	}
	var as []*providers.Attachment
	if len(enter) > 0 {
		a, err := attachment("sys_enter", enter, enterFragment)
		if err != nil {
			return nil, err
		}
		as = append(as, a)
	}
	if len(exit) > 0 {
		a, err := attachment("sys_exit", exit, exitFragment)
		if err != nil {
			return nil, err
		}
		as = append(as, a)
	}
	return as, nil
}

// attachment returns the attachment of the raw tracepoint tp for probes,
// whose fragment frag makes.
func attachment(tp string, probes []*providers.Probe,
	frag func([]*providers.Probe, abi.CtxUse) (asm.Instructions, error)) (*providers.Attachment, error) {
	return &providers.Attachment{
		Name:     "syscall_" + tp,
		Type:     ebpf.RawTracepoint,
		AttachTo: tp,
		Probes:   probes,
		Fragment: func(use abi.CtxUse) (asm.Instructions, error) {
			return frag(probes, use)
		},
		Stack: tramp.RawTracepointStack(tp),
		Attach: func(prog *ebpf.Program) (io.Closer, error) {
			return bpf.AttachRawTracepoint(prog, tp)
		},
	}, nil
}

// Offsets in x86_64's struct pt_regs.
const (
	ptR10    = 56
	ptR9     = 64
	ptR8     = 72
	ptDI     = 112
	ptOrigAX = 120
	// The span of registers the entry fragment copies, r10 to di.
	ptSpanStart = ptR10
	ptSpanLen   = ptDI + 8 - ptR10
)

// The fragment keeps the system call number in R7.
const regNr = asm.R7

// enterFragment reads the number from the sys_enter context (args[1]),
// dispatches on it once to tell whether any enabled probe wants it, fills
// the fields of the probe context use names, and dispatches again to the
// probe's label.
//
// The arguments come from the struct pt_regs (args[0]) with one
// bpf_probe_read_kernel of the span of registers holding the arguments
// read, at most r10 to di (64 bytes), into the probe context at arguments
// 2..9 (r10 in argument 2, di in argument 9); di, si, dx, r10 and r9 then
// move into place as arguments 0, 1, 2, 3 and 5 (r8 lands in argument 4
// where it belongs). Arguments 6..9 and errno are 0 on entry. Nothing is
// read when no clause reads an argument: the helper call costs more than
// all the rest of the firing.
func enterFragment(probes []*providers.Probe, use abi.CtxUse) (asm.Instructions, error) {
	const copyLabel = "syscall_enter_copy"
	insns := asm.Instructions{
		asm.LoadMem(regNr, abi.RegCtx, 8, asm.DWord),
	}
	pre, err := filter(probes, copyLabel, "syscall_enter_f")
	if err != nil {
		return nil, err
	}
	insns = append(insns, pre...)

	var fill asm.Instructions
	if use.AnyArg(0, 5) {
		fill = copyArgs(use)
	}
	fill = append(fill, tramp.ClearArgs(6, use)...)
	fill = append(fill, tramp.ClearErrno(use)...)
	post, err := fire(probes, "syscall_enter_d")
	if err != nil {
		return nil, err
	}
	fill = append(fill, post...)
	fill[0] = fill[0].WithSymbol(copyLabel)
	return append(insns, fill...), nil
}

// argRegs are the pt_regs offsets of the registers holding system call
// arguments 0..5 on x86_64.
var argRegs = [6]int{ptDI, ptDI - 8, ptDI - 16, ptR10, ptR8, ptR9}

// copyArgs reads the argument registers use names (of arguments 0..5)
// from the struct pt_regs into the probe context.
func copyArgs(use abi.CtxUse) asm.Instructions {
	slot := func(off int) int16 { return abi.CtxArg(2 + (off-ptSpanStart)/8) }
	if slot(ptR8) != abi.CtxArg(4) || slot(ptSpanStart+ptSpanLen-8) != abi.CtxArg(9) {
		panic("syscall: the register span does not fit arguments 2..9")
	}
	lo, hi := ptSpanStart+ptSpanLen, ptSpanStart
	for i, off := range argRegs {
		if use.Arg(i) {
			lo, hi = min(lo, off), max(hi, off+8)
		}
	}
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R1, abi.RegProbeCtx),
		asm.Add.Imm(asm.R1, int32(slot(lo))),
		asm.Mov.Imm(asm.R2, int32(hi-lo)),
		asm.LoadMem(asm.R3, abi.RegCtx, 0, asm.DWord),
		asm.Add.Imm(asm.R3, int32(lo)),
		asm.FnProbeReadKernel.Call(),
	}
	// Load every argument that moves before storing any: an argument's
	// place may hold another's register.
	var stores asm.Instructions
	for i, off := range argRegs {
		if !use.Arg(i) || slot(off) == abi.CtxArg(i) {
			continue
		}
		r := asm.R0 + asm.Register(len(stores))
		insns = append(insns, asm.LoadMem(r, abi.RegProbeCtx, slot(off), asm.DWord))
		stores = append(stores, asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(i), r, asm.DWord))
	}
	return append(insns, stores...)
}

// exitFragment reads the number from the struct pt_regs (orig_ax, with
// bpf_probe_read_kernel: the sys_exit context does not carry it), dispatches
// on it, then stores the return value (args[1]) as arguments 0 and 1 and
// errno: -ret for a return value in [-4095, -1], else 0; of these, the
// fields use names.
func exitFragment(probes []*providers.Probe, use abi.CtxUse) (asm.Instructions, error) {
	const copyLabel = "syscall_exit_copy"
	const errnoLabel = "syscall_exit_errno"
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R1, abi.RegProbeCtx),
		asm.Add.Imm(asm.R1, int32(abi.CtxArg(0))),
		asm.Mov.Imm(asm.R2, 8),
		asm.LoadMem(asm.R3, abi.RegCtx, 0, asm.DWord),
		asm.Add.Imm(asm.R3, ptOrigAX),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, abi.ExitLabel),
		asm.LoadMem(regNr, abi.RegProbeCtx, abi.CtxArg(0), asm.DWord),
	}
	pre, err := filter(probes, copyLabel, "syscall_exit_f")
	if err != nil {
		return nil, err
	}
	insns = append(insns, pre...)
	fill := asm.Instructions{asm.LoadMem(asm.R0, abi.RegCtx, 8, asm.DWord)}
	for i := 0; i < 2; i++ {
		if use.Arg(i) {
			fill = append(fill, asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(i), asm.R0, asm.DWord))
		}
	}
	if use.Errno {
		fill = append(fill,
			asm.Mov.Imm(asm.R1, 0),
			asm.JSGT.Imm(asm.R0, -1, errnoLabel),
			asm.JSLT.Imm(asm.R0, -4095, errnoLabel),
			asm.Sub.Reg(asm.R1, asm.R0),
			asm.StoreMem(abi.RegProbeCtx, abi.CtxErrno, asm.R1, asm.Word).WithSymbol(errnoLabel),
		)
	}
	fill = append(fill, tramp.ClearArgs(2, use)...)
	post, err := fire(probes, "syscall_exit_d")
	if err != nil {
		return nil, err
	}
	fill = append(fill, post...)
	fill[0] = fill[0].WithSymbol(copyLabel)
	return append(insns, fill...), nil
}

// filter jumps to label when regNr is the number of one of probes, else to
// the exit label. For one probe that is a single comparison (the jump to
// label, which follows, is a no-op the verifier removes).
func filter(probes []*providers.Probe, label, prefix string) (asm.Instructions, error) {
	if len(probes) == 1 {
		nr := int32(probes[0].Data.(Probe).Nr)
		return asm.Instructions{asm.JNE.Imm(regNr, nr, abi.ExitLabel), asm.Ja.Label(label)}, nil
	}
	cases := make([]tramp.Case, 0, len(probes))
	for _, p := range probes {
		nr := uint32(p.Data.(Probe).Nr)
		cases = append(cases, tramp.Case{Lo: nr, Hi: nr, Target: label})
	}
	insns, err := tramp.Dispatch(regNr, cases, abi.ExitLabel, prefix)
	if err != nil {
		return nil, fmt.Errorf("syscall provider: %w", err)
	}
	return insns, nil
}

// fire jumps to the label of the probe whose number is in regNr (one of
// probes: filter made sure, so the dispatch has no miss).
func fire(probes []*providers.Probe, prefix string) (asm.Instructions, error) {
	if len(probes) == 1 {
		return tramp.Fire(probes[0].ID, ""), nil
	}
	cases := make([]tramp.Case, 0, len(probes))
	for _, p := range probes {
		nr := uint32(p.Data.(Probe).Nr)
		cases = append(cases, tramp.Case{Lo: nr, Hi: nr, Target: abi.ProbeLabel(p.ID)})
	}
	insns, err := tramp.Dispatch(regNr, cases, "", prefix)
	if err != nil {
		return nil, fmt.Errorf("syscall provider: %w", err)
	}
	return insns, nil
}

// HasName reports whether a syscall probe is called name: entry or return.
func (*Provider) HasName(name string) bool { return name == "entry" || name == "return" }
