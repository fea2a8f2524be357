package fbt

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
)

// Site is a program's place at the entry or the return of one kernel
// function of vmlinux, attached as fbt attaches: an fentry or fexit
// program where the kernel allows them, else a kprobe or kretprobe. It
// serves providers whose probes fire in kernel functions (proc, io),
// which emit their own fragments and read the function's arguments and
// return value through it.
type Site struct {
	Func   string
	Return bool
	// Mode is how the program attaches: "fentry" (fentry or fexit) or
	// "kprobe" (kprobe or kretprobe).
	Mode       string
	Type       ebpf.ProgramType
	AttachType ebpf.AttachType
	AttachTo   string
	// Stack says how kernel stacks relate to the traced code.
	Stack providers.StackFrames

	pt   proto
	regs ptRegsLayout
}

// ErrNoArgs says that a site cannot read the function's arguments: a
// kretprobe, at the return, sees registers the function has reused.
var ErrNoArgs = errors.New("a kretprobe cannot read the function's arguments at its return")

// Site returns how a program attaches here to the entry (ret false) or
// the return of function fn: fentry/fexit when the kernel allows it, else
// a kprobe, as fbt chooses (ModeEnv forces "fentry", or "kprobe" with
// "kprobe" and "kprobe-multi"). The error is a *providers.KernelError when
// the kernel can attach neither.
func (p *Provider) Site(fn string, ret bool) (*Site, error) {
	spec, err := p.sys.KernelBTF()
	if err != nil {
		return nil, fmt.Errorf("fbt provider: %w", err)
	}
	pt, err := sitePrototype(spec, fn)
	if err != nil {
		return nil, err
	}
	if f := p.traceFilter(); f != nil && !f.lists(Vmlinux, fn) {
		return nil, fmt.Errorf("the kernel does not let %s be probed (available_filter_functions does not list it)", fn)
	}
	feat := p.kprobeFeatures()
	fentry := func() error {
		if err := p.fentryWorks(fn); err != nil || pt.slots <= trampolineArgs {
			return err
		}
		return p.fentryAttaches(fn)
	}
	var m mode
	switch forced := os.Getenv(ModeEnv); forced {
	case "fentry":
		m, err = modeFentry, fentry()
	case "kprobe", "kprobe-multi":
		m, err = modeKprobe, feat.kprobe
	case "":
		if err = fentry(); err == nil {
			m = modeFentry
		} else if feat.kprobe == nil {
			m, err = modeKprobe, nil
		} else {
			err = fmt.Errorf("%v and %v", feat.kprobe, err)
		}
	default:
		return nil, fmt.Errorf("fbt provider: %s=%s: not fentry, kprobe-multi or kprobe", ModeEnv, forced)
	}
	if err != nil {
		return nil, &providers.KernelError{Reason: fmt.Sprintf("this kernel cannot probe %s: %v", fn, err), Err: err}
	}
	return newSite(fn, ret, pt, m)
}

// traceFilter returns what available_filter_functions lists, read once,
// or nil where it cannot be read.
func (p *Provider) traceFilter() *filter {
	p.filterOnce.Do(func() { p.filter = readFilter(p.sys) })
	return p.filter
}

// SiteFor returns the site of function fn's entry (ret false) or return
// as mode ("fentry" or "kprobe") would attach it, without asking the
// kernel whether it can: for checking what a provider reads there.
func SiteFor(spec *kbtf.Spec, fn string, ret bool, mode string) (*Site, error) {
	pt, err := sitePrototype(spec, fn)
	if err != nil {
		return nil, err
	}
	m := modeFentry
	if mode == "kprobe" {
		m = modeKprobe
	}
	return newSite(fn, ret, pt, m)
}

// sitePrototype returns the prototype of vmlinux's function fn.
func sitePrototype(spec *kbtf.Spec, fn string) (proto, error) {
	id, ok := spec.TypeByName(kbtf.KindFunc, fn)
	if !ok {
		return proto{}, fmt.Errorf("the kernel has no function %s", fn)
	}
	pt, err := prototype(fn, &Function{BTF: spec, ID: id})
	if err == nil {
		err = pt.bad
	}
	return pt, err
}

func newSite(fn string, ret bool, pt proto, m mode) (*Site, error) {
	s := &Site{Func: fn, Return: ret, pt: pt}
	if m == modeFentry {
		s.Mode, s.Type, s.AttachTo, s.Stack = "fentry", ebpf.Tracing, fn, fentryStack
		s.AttachType = ebpf.AttachTraceFEntry
		if ret {
			s.AttachType = ebpf.AttachTraceFExit
		}
		return s, nil
	}
	var err error
	if s.regs, err = ptRegs(); err != nil {
		return nil, err
	}
	s.Mode, s.Type, s.Stack = "kprobe", ebpf.Kprobe, kprobeStack
	if ret {
		s.Stack = kretprobeStack
	}
	return s, nil
}

// Reason returns why a program cannot attach to function fn here (the
// kernel lacks it, does not let it be probed, or can probe no function:
// no kprobes, fentry refused), or nil.
func (p *Provider) Reason(fn string) error {
	_, err := p.Site(fn, false)
	return err
}

// LoadArg returns the instructions that load the function's argument
// slot i from the program's context (register ctx) into dst, or ErrNoArgs
// at a kretprobe.
func (s *Site) LoadArg(dst, ctx asm.Register, i int) (asm.Instructions, error) {
	if i >= s.pt.slots {
		return nil, fmt.Errorf("%s has %d argument slots, not %d", s.Func, s.pt.slots, i+1)
	}
	switch {
	case s.Mode == "fentry":
		return asm.Instructions{asm.LoadMem(dst, ctx, int16(8*i), asm.DWord)}, nil
	case s.Return:
		return nil, ErrNoArgs
	case i < len(s.regs.args):
		return asm.Instructions{asm.LoadMem(dst, ctx, s.regs.args[i], asm.DWord)}, nil
	}
	return nil, fmt.Errorf("%s: argument slot %d is on the stack, which a kprobe site does not read", s.Func, i)
}

// LoadRet returns the instructions that load the function's return value
// into dst at a return site.
func (s *Site) LoadRet(dst, ctx asm.Register) (asm.Instructions, error) {
	switch {
	case !s.Return:
		return nil, fmt.Errorf("%s's entry has no return value", s.Func)
	case s.pt.void:
		return nil, fmt.Errorf("%s returns nothing", s.Func)
	case s.Mode == "fentry":
		return asm.Instructions{asm.LoadMem(dst, ctx, int16(8*s.pt.slots), asm.DWord)}, nil
	}
	return asm.Instructions{asm.LoadMem(dst, ctx, s.regs.ret, asm.DWord)}, nil
}

// Attach attaches the loaded program to the site.
func (s *Site) Attach(prog *ebpf.Program) (io.Closer, error) {
	var l link.Link
	var err error
	switch {
	case s.Mode == "fentry":
		l, err = link.AttachTracing(link.TracingOptions{Program: prog, AttachType: s.AttachType})
	case s.Return:
		l, err = link.Kretprobe(s.Func, prog, nil)
	default:
		l, err = link.Kprobe(s.Func, prog, nil)
	}
	if err != nil {
		where := "entry"
		if s.Return {
			where = "return"
		}
		return nil, fmt.Errorf("attach %s to %s's %s: %w", s.Mode, s.Func, where, err)
	}
	return l, nil
}
