package fbt

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	ciliumfeatures "github.com/cilium/ebpf/features"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/internal/tracefsdir"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// Attaching.
//
// Three ways, chosen by what the kernel allows (probed once per provider,
// never guessed from the kernel's version):
//
//   - fentry/fexit: a BPF_PROG_TYPE_TRACING program per probe, attached
//     to the function's BTF. The cheapest per call and typed, but each
//     program is verified and attached alone (and detaching waits for the
//     kernel's RCU tasks): used for a few functions (at most FentryMax).
//   - kprobe_multi/kretprobe_multi: one program for all the entry probes
//     and one for all the return probes, each attached with one link to
//     every function, the probe's id in the function's cookie.
//   - kprobes: the same two programs, attached to one kprobe (kretprobe)
//     per function, each with the probe's id as its cookie: kernels
//     without kprobe_multi.
//
// Functions the kernel refuses to probe are skipped, and counted in one
// notice (Noticer).

// FentryMax is the most functions (entry and return probes counted apart)
// fbt attaches fentry/fexit programs to; more use kprobe_multi where the
// kernel has it.
const FentryMax = 8

// ModeEnv names the environment variable that forces a way of attaching,
// for tests and measurements: "fentry", "kprobe-multi" or "kprobe". A way
// the kernel does not allow is then an error.
const ModeEnv = "DTRACE_FBT_ATTACH"

// mode is a way of attaching.
type mode int

const (
	modeFentry mode = iota + 1
	modeMulti
	modeKprobe
)

func (m mode) String() string {
	switch m {
	case modeFentry:
		return "fentry"
	case modeMulti:
		return "kprobe-multi"
	case modeKprobe:
		return "kprobe"
	}
	return "none"
}

// features says what the kernel allows, each nil when it does.
type features struct {
	kprobe error // kprobes (perf's kprobe PMU or tracefs's kprobe_events)
	multi  error // kprobe_multi links
	cookie error // bpf_get_attach_cookie in kprobe programs
	// fentry is found by loading a program on a function: fentryDone says
	// it was.
	fentry     error
	fentryDone bool
}

// kprobeFeatures probes the kernel's kprobes, once.
func (p *Provider) kprobeFeatures() *features {
	p.featOnce.Do(func() {
		f := &p.feat
		f.kprobe = haveKprobes(p.sys)
		if f.kprobe == nil {
			if err := haveKprobeMulti(); err != nil {
				f.multi = &reason{"it has no kprobe_multi links (CONFIG_FPROBE)", err}
			}
			f.cookie = ciliumfeatures.HaveProgramHelper(ebpf.Kprobe, asm.FnGetAttachCookie)
		} else {
			f.multi, f.cookie = f.kprobe, f.kprobe
		}
	})
	return &p.feat
}

// haveKprobes reports whether the kernel has kprobes: perf's kprobe PMU,
// or tracefs's kprobe_events.
func haveKprobes(sys providers.System) error {
	if _, err := os.Stat("/sys/bus/event_source/devices/kprobe/type"); err == nil {
		return nil
	}
	dir := sys.Tracefs
	if dir == "" {
		dir, _ = tracefsdir.Find()
	}
	if dir != "" {
		if _, err := os.Stat(dir + "/kprobe_events"); err == nil {
			return nil
		}
	}
	return errors.New("it has no kprobes (CONFIG_KPROBES)")
}

// haveKprobeMulti reports whether the kernel has kprobe_multi links, or
// why not. It loads an empty kprobe_multi program and asks for a link on
// more functions than a kprobe_multi link may have (linkTooMany): a
// kernel that has the links counts them before it reads anything and
// says E2BIG, one built without them (CONFIG_FPROBE) says EOPNOTSUPP.
// Other answers (kernels that do not count) are left to cilium/ebpf's
// probe, which attaches a link to a real function, by name: under
// emulation that took 0.1 to 0.3 s (the kernel reads every symbol to find
// the name, and waits for RCU grace periods as the link detaches), in
// every dtrace run that enables fbt probes, where this takes 50 µs.
func haveKprobeMulti() error {
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Name:         "fbt_probe_multi",
		Type:         ebpf.Kprobe,
		AttachType:   ebpf.AttachTraceKprobeMulti,
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
		License:      "GPL",
	})
	if err != nil {
		return ciliumfeatures.HaveBPFLinkKprobeMulti()
	}
	defer prog.Close()
	switch err := linkTooMany(prog); {
	case errors.Is(err, unix.E2BIG):
		return nil
	case errors.Is(err, unix.EOPNOTSUPP):
		return fmt.Errorf("create kprobe_multi link: %w", err)
	}
	return ciliumfeatures.HaveBPFLinkKprobeMulti()
}

// maxKprobeMulti is the most functions a kprobe_multi link may have: the
// kernel's MAX_KPROBE_MULTI_CNT.
const maxKprobeMulti = 1 << 20

// linkTooMany asks the kernel for a kprobe_multi link of prog on
// maxKprobeMulti+1 addresses (BPF_LINK_CREATE), and returns its error;
// a link it made anyway is closed. The addresses are zeros, no
// function's, in a mapping of their size that nothing touches unless a
// kernel that does not count them reads them. cilium/ebpf's
// link.KprobeMulti cannot ask: refused, it runs its own probe (see
// haveKprobeMulti).
func linkTooMany(prog *ebpf.Program) error {
	const n = maxKprobeMulti + 1
	addrs, err := unix.Mmap(-1, 0, 8*n, unix.PROT_READ, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		return err
	}
	defer unix.Munmap(addrs)
	// union bpf_attr's link_create, with its kprobe_multi member.
	var attr struct {
		progFD, targetFD, attachType, flags uint32
		multiFlags, count                   uint32
		syms, addrs, cookies                uint64
	}
	attr.progFD = uint32(prog.FD())
	attr.attachType = unix.BPF_TRACE_KPROBE_MULTI
	attr.count = n
	attr.addrs = uint64(uintptr(unsafe.Pointer(&addrs[0])))
	fd, _, errno := unix.Syscall(unix.SYS_BPF, unix.BPF_LINK_CREATE, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr))
	if errno != 0 {
		return errno
	}
	unix.Close(int(fd))
	return nil
}

// fentryWorks loads an empty fentry program on function fn, once per
// provider, and reports why the kernel refuses it, or nil.
func (p *Provider) fentryWorks(fn string) error {
	p.fentryMu.Lock()
	defer p.fentryMu.Unlock()
	if p.feat.fentryDone {
		return p.feat.fentry
	}
	p.feat.fentryDone = true
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Name:         "fbt_probe",
		Type:         ebpf.Tracing,
		AttachType:   ebpf.AttachTraceFEntry,
		AttachTo:     fn,
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
		License:      "GPL",
	})
	if err != nil {
		p.feat.fentry = &reason{fmt.Sprintf("it refuses fentry programs (%v)", unwrapAll(err)), err}
		return p.feat.fentry
	}
	prog.Close()
	return nil
}

// trampolineArgs is the most argument slots every kernel's BPF trampolines
// take (x86-64's before 6.5, arm64's before 6.8): a function of more may
// load an fentry program and refuse to attach it.
const trampolineArgs = 6

// fentryAttaches returns nil when an fentry program attaches to fn, a
// function of more than trampolineArgs argument slots, or why not: it
// attaches one that does nothing, once per function.
func (p *Provider) fentryAttaches(fn string) error {
	p.fentryMu.Lock()
	defer p.fentryMu.Unlock()
	if err, ok := p.manyArgs[fn]; ok {
		return err
	}
	err := func() error {
		prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
			Name:         "fbt_probe",
			Type:         ebpf.Tracing,
			AttachType:   ebpf.AttachTraceFEntry,
			AttachTo:     fn,
			Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
			License:      "GPL",
		})
		if err != nil {
			return err
		}
		defer prog.Close()
		l, err := link.AttachTracing(link.TracingOptions{Program: prog, AttachType: ebpf.AttachTraceFEntry})
		if err != nil {
			return err
		}
		return l.Close()
	}()
	if err != nil {
		err = &reason{fmt.Sprintf("its trampolines do not take %s's arguments (%v)", fn, unwrapAll(err)), err}
	}
	if p.manyArgs == nil {
		p.manyArgs = map[string]error{}
	}
	p.manyArgs[fn] = err
	return err
}

// reason is why the kernel cannot attach some way, in words for the one
// line dtrace prints, with the error that says it.
type reason struct {
	msg string
	err error
}

func (r *reason) Error() string { return r.msg }

func (r *reason) Unwrap() error { return r.err }

// unwrapAll returns the innermost error of err's chain: the errno of a
// refusal, which is what the one line dtrace prints needs.
func unwrapAll(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}

// Plan groups the probes into attachments: see the comment above.
func (p *Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	for _, pr := range probes {
		if _, ok := function(pr); !ok {
			return nil, fmt.Errorf("fbt provider: %s is not an fbt probe", probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name))
		}
		pr.NArgs = nargs(pr)
	}
	m, err := p.chooseMode(probes)
	if err != nil {
		return nil, err
	}
	switch m {
	case modeFentry:
		return p.planFentry(probes)
	case modeMulti, modeKprobe:
		return p.planKprobes("fbt", probes, m)
	}
	return nil, fmt.Errorf("fbt provider: no way to attach")
}

// chooseMode returns how the probes attach here.
func (p *Provider) chooseMode(probes []*providers.Probe) (mode, error) {
	f := p.kprobeFeatures()
	// The first function fentry could attach to tells whether the
	// kernel allows fentry at all.
	typed := ""
	for _, pr := range probes {
		if fn, _ := function(pr); fn.BTF != nil {
			typed = pr.Function
			break
		}
	}
	fentry := func() error {
		if typed == "" {
			return errors.New("BTF does not describe the functions")
		}
		return p.fentryWorks(typed)
	}
	if forced := os.Getenv(ModeEnv); forced != "" {
		var err error
		m := mode(0)
		switch forced {
		case "fentry":
			m, err = modeFentry, fentry()
		case "kprobe-multi":
			m, err = modeMulti, f.multi
		case "kprobe":
			m, err = modeKprobe, f.kprobe
		default:
			return 0, fmt.Errorf("fbt provider: %s=%s: not fentry, kprobe-multi or kprobe", ModeEnv, forced)
		}
		if err != nil {
			return 0, &providers.KernelError{Reason: fmt.Sprintf("fbt probes cannot attach with %s on this kernel: %v", m, err), Err: err}
		}
		return m, nil
	}
	if len(probes) <= FentryMax && fentryAll(probes) && fentry() == nil {
		return modeFentry, nil
	}
	if f.multi == nil {
		return modeMulti, nil
	}
	if f.kprobe == nil {
		return modeKprobe, nil
	}
	ferr := fentry()
	if ferr == nil {
		return modeFentry, nil
	}
	err := fmt.Errorf("%v and %v", f.kprobe, ferr)
	return 0, &providers.KernelError{Reason: "fbt probes are not supported by this kernel: " + err.Error(), Err: err}
}

// fentryAll reports whether fentry could probe each function of probes:
// BTF describes it and its arguments fit slots.
func fentryAll(probes []*providers.Probe) bool {
	for _, pr := range probes {
		f, _ := function(pr)
		if pt, err := prototype(pr.Function, f); err != nil || pt.bad != nil {
			return false
		}
	}
	return true
}

// planFentry makes an fentry or fexit program per probe.
func (p *Provider) planFentry(probes []*providers.Probe) ([]*providers.Attachment, error) {
	var as []*providers.Attachment
	for _, pr := range probes {
		f, _ := function(pr)
		pt, err := prototype(pr.Function, f)
		if err == nil {
			err = pt.bad
		}
		if err != nil {
			return nil, fmt.Errorf("fbt provider: fentry cannot probe %s: %w", pr.Function, err)
		}
		at := ebpf.AttachTraceFEntry
		if pr.Name == Return {
			at = ebpf.AttachTraceFExit
		}
		as = append(as, &providers.Attachment{
			Name:       "fbt_" + pr.Function,
			Type:       ebpf.Tracing,
			AttachType: at,
			AttachTo:   pr.Function,
			Probes:     []*providers.Probe{pr},
			Fragment:   fentryFragment(pr.ID, pr.Name == Return, pt),
			Stack:      fentryStack,
			Attach: func(prog *ebpf.Program) (io.Closer, error) {
				l, err := link.AttachTracing(link.TracingOptions{Program: prog, AttachType: at})
				if err != nil {
					return nil, fmt.Errorf("attach fbt:%s:%s:%s: %w", pr.Module, pr.Function, pr.Name, err)
				}
				return l, nil
			},
		})
	}
	return as, nil
}

// fentryFragment reads a probe's arguments from an fentry or fexit
// program's context, the function's argument slots as u64s (for fexit,
// followed by the return value).
func fentryFragment(id uint32, ret bool, pt proto) func(abi.CtxUse) (asm.Instructions, error) {
	return func(use abi.CtxUse) (asm.Instructions, error) {
		var insns asm.Instructions
		n := min(pt.slots, use.Slots())
		if ret {
			n = min(2, use.Slots())
			if use.Arg(0) {
				insns = append(insns, asm.Mov.Imm(asm.R0, -1), asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(0), asm.R0, asm.DWord))
			}
			if pt.void {
				n = 1
			} else if use.Arg(1) {
				insns = append(insns,
					asm.LoadMem(asm.R0, abi.RegCtx, int16(8*pt.slots), asm.DWord),
					asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(1), asm.R0, asm.DWord))
			}
		} else {
			for i := range n {
				if use.Arg(i) {
					insns = append(insns,
						asm.LoadMem(asm.R0, abi.RegCtx, int16(8*i), asm.DWord),
						asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(i), asm.R0, asm.DWord))
				}
			}
		}
		insns = append(insns, tramp.ClearArgs(n, use)...)
		insns = append(insns, tramp.ClearErrno(use)...)
		return append(insns, tramp.Fire(id, "")...), nil
	}
}

// planKprobes makes one program for the entry probes and one for the
// return probes of provider prov (fbt, rawfbt), attached with
// kprobe_multi links or single kprobes. On a kernel without attach
// cookies, each probe gets a program of its own.
func (p *Provider) planKprobes(prov string, probes []*providers.Probe, m mode) ([]*providers.Attachment, error) {
	regs, err := ptRegs()
	if err != nil {
		return nil, err
	}
	var entries, returns []*providers.Probe
	for _, pr := range probes {
		if pr.Name == Return {
			returns = append(returns, pr)
		} else {
			entries = append(entries, pr)
		}
	}
	cookies := p.kprobeFeatures().cookie == nil
	var as []*providers.Attachment
	for _, group := range []struct {
		probes []*providers.Probe
		ret    bool
	}{{entries, false}, {returns, true}} {
		if len(group.probes) == 0 {
			continue
		}
		if !cookies {
			for _, pr := range group.probes {
				as = append(as, p.kprobeAttachment(prov, []*providers.Probe{pr}, group.ret, m, regs, false))
			}
			continue
		}
		as = append(as, p.kprobeAttachment(prov, group.probes, group.ret, m, regs, true))
	}
	return as, nil
}

// kprobeAttachment returns the attachment of a kprobe program serving
// probes of provider prov, all entry or all return probes: with dynamic,
// one that reads the probe's id from the attachment's cookie; without,
// the one probe's.
func (p *Provider) kprobeAttachment(prov string, probes []*providers.Probe, ret bool, m mode, regs ptRegsLayout, dynamic bool) *providers.Attachment {
	name := prov + "_entry"
	if ret {
		name = prov + "_return"
	}
	at := ebpf.AttachNone
	if m == modeMulti {
		at = ebpf.AttachTraceKprobeMulti
	}
	stack := kprobeStack
	if ret {
		stack = kretprobeStack
	}
	id := uint32(0)
	if !dynamic {
		id = probes[0].ID
		name += "_" + probes[0].Function
	}
	return &providers.Attachment{
		Name:       name,
		Type:       ebpf.Kprobe,
		AttachType: at,
		Probes:     probes,
		Dynamic:    dynamic,
		Fragment:   kprobeFragment(id, ret, regs),
		Stack:      stack,
		Attach: func(prog *ebpf.Program) (io.Closer, error) {
			return attachKprobes(prov, prog, probes, ret, m, dynamic)
		},
	}
}

// kprobeFragment reads a probe's id from the attachment's cookie (id 0)
// or fires probe id, and its arguments from the registers and stack of
// the kprobe's pt_regs: on entry the calling convention's argument
// registers, then the stack words above the return address; on return
// arg0 = -1 and arg1 the return value register.
func kprobeFragment(id uint32, ret bool, regs ptRegsLayout) func(abi.CtxUse) (asm.Instructions, error) {
	return func(use abi.CtxUse) (asm.Instructions, error) {
		var insns asm.Instructions
		if id == 0 {
			insns = append(insns,
				asm.Mov.Reg(asm.R1, abi.RegCtx),
				asm.FnGetAttachCookie.Call(),
				asm.StoreMem(abi.RegProbeCtx, abi.CtxProbeID, asm.R0, asm.Word))
		}
		n := use.Slots()
		if ret {
			n = min(2, n)
			if use.Arg(0) {
				insns = append(insns, asm.Mov.Imm(asm.R0, -1), asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(0), asm.R0, asm.DWord))
			}
			if use.Arg(1) {
				insns = append(insns,
					asm.LoadMem(asm.R0, abi.RegCtx, regs.ret, asm.DWord),
					asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(1), asm.R0, asm.DWord))
			}
		} else {
			for i := range n {
				if !use.Arg(i) {
					continue
				}
				if i < len(regs.args) {
					insns = append(insns,
						asm.LoadMem(asm.R0, abi.RegCtx, regs.args[i], asm.DWord),
						asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(i), asm.R0, asm.DWord))
					continue
				}
				// On the stack: the word at sp + 8*(1 + i - registers),
				// past the return address.
				insns = append(insns,
					asm.Mov.Reg(asm.R1, abi.RegProbeCtx),
					asm.Add.Imm(asm.R1, int32(abi.CtxArg(i))),
					asm.Mov.Imm(asm.R2, 8),
					asm.LoadMem(asm.R3, abi.RegCtx, regs.sp, asm.DWord),
					asm.Add.Imm(asm.R3, int32(8*(1+i-len(regs.args)))),
					asm.FnProbeReadKernel.Call())
			}
		}
		insns = append(insns, tramp.ClearArgs(n, use)...)
		insns = append(insns, tramp.ClearErrno(use)...)
		if id == 0 {
			return append(insns, asm.Ja.Label(abi.DispatchLabel)), nil
		}
		return append(insns, tramp.Fire(id, "")...), nil
	}
}

// Stack frames of each way of attaching, between the traced code and a
// clause's stack helper call: stacks start at the traced function's
// caller.
var (
	// fentry: the clause's and the trampoline's BPF frames, the kernel's
	// BPF trampoline, and the traced function's entry (its frame not yet
	// made), unwound from the helper's caller.
	fentryStack = providers.StackFrames{Skip: 4, FromHelper: true}
	// kprobe: unwound from the probe's registers, whose first frame is
	// the traced function.
	kprobeStack = providers.StackFrames{Skip: 1}
	// kretprobe: unwound from the registers at the return, in the caller.
	kretprobeStack = providers.StackFrames{Skip: 0}
)

// attached is what attachKprobes attaches for provider prov: links, and
// the functions the kernel refused.
type attached struct {
	prov    string
	links   []link.Link
	refused int
	first   string // the first refusal, "function: reason"
}

func (a *attached) Close() error {
	var errs []error
	for i := len(a.links) - 1; i >= 0; i-- {
		if err := a.links[i].Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Notice counts the functions the kernel refused to probe.
func (a *attached) Notice() string {
	if a.refused == 0 {
		return ""
	}
	s := "s"
	if a.refused == 1 {
		s = ""
	}
	return fmt.Sprintf("%d %s probe%s not enabled: the kernel refused to probe the function%s (%s)", a.refused, a.prov, s, s, a.first)
}

func (a *attached) refuse(fn string, err error) {
	if a.refused == 0 {
		a.first = fn + ": " + unwrapAll(err).Error()
	}
	a.refused++
}

// attachKprobes attaches prog to the functions of probes of provider
// prov, with one kprobe_multi link (m == modeMulti) or a kprobe each, the
// probe's id as the cookie when dynamic. Functions the kernel refuses are
// skipped; it is an error only when it refuses them all.
func attachKprobes(prov string, prog *ebpf.Program, probes []*providers.Probe, ret bool, m mode, dynamic bool) (io.Closer, error) {
	a := &attached{prov: prov}
	syms := make([]string, len(probes))
	cookies := make([]uint64, len(probes))
	for i, pr := range probes {
		syms[i] = pr.Function
		if dynamic {
			cookies[i] = uint64(pr.ID)
		}
	}
	if m == modeMulti {
		a.attachMulti(prog, syms, cookies, ret)
	} else {
		for i, s := range syms {
			opts := &link.KprobeOptions{Cookie: cookies[i]}
			var l link.Link
			var err error
			if ret {
				l, err = link.Kretprobe(s, prog, opts)
			} else {
				l, err = link.Kprobe(s, prog, opts)
			}
			if err != nil {
				a.refuse(s, err)
				continue
			}
			a.links = append(a.links, l)
		}
	}
	if len(a.links) == 0 {
		kind := "kprobe"
		if ret {
			kind = "kretprobe"
		}
		return nil, fmt.Errorf("attach %s to %s: %s", kind, strings.Join(syms[:min(len(syms), 3)], ", "), a.first)
	}
	return a, nil
}

// perFunction reports whether a kprobe_multi link's error may come from
// some of its functions (one not found, or not one the kernel lets be
// probed), so that fewer functions may attach.
func perFunction(err error) bool {
	return errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ESRCH) || errors.Is(err, unix.ENOENT) ||
		errors.Is(err, unix.EBUSY) || errors.Is(err, unix.EEXIST) || errors.Is(err, os.ErrNotExist)
}

// attachMulti attaches prog to syms with kprobe_multi links: one for all
// when the kernel takes them all, else one for each half, recursively,
// until the functions it refuses stand alone.
func (a *attached) attachMulti(prog *ebpf.Program, syms []string, cookies []uint64, ret bool) {
	opts := link.KprobeMultiOptions{Symbols: syms, Cookies: cookies}
	var l link.Link
	var err error
	if ret {
		l, err = link.KretprobeMulti(prog, opts)
	} else {
		l, err = link.KprobeMulti(prog, opts)
	}
	if err == nil {
		a.links = append(a.links, l)
		return
	}
	if len(syms) == 1 || !perFunction(err) {
		for _, s := range syms {
			a.refuse(s, err)
		}
		return
	}
	h := len(syms) / 2
	a.attachMulti(prog, syms[:h], cookies[:h], ret)
	a.attachMulti(prog, syms[h:], cookies[h:], ret)
}
