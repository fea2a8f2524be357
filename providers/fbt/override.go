package fbt

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	ciliumfeatures "github.com/cilium/ebpf/features"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
)

// Error injection: return(rc) in an entry probe makes the traced function
// return rc at once, without running (DTrace for Linux 2.0.4's action).
//
// The kernel allows it (bpf_override_return) only
//
//   - in kprobe programs: not fentry (whose programs cannot call the
//     helper), so such probes attach as kprobes, with a kprobe_multi link
//     where the kernel has them;
//   - at a function's entry, which an entry probe is;
//   - on a kernel built with CONFIG_BPF_KPROBE_OVERRIDE (which needs
//     CONFIG_FUNCTION_ERROR_INJECTION);
//   - for the functions the kernel lists for error injection (those its
//     source marks ALLOW_ERROR_INJECTION: system calls' entries,
//     should_failslab, ...), which debugfs shows in
//     error_injection/list. The kernel refuses a link or kprobe of an
//     overriding program on any other function (EINVAL).
//
// Each is checked before anything is attached, and refused in one line
// that names the probe and the function; a function the kernel refuses at
// attach all the same fails the run, naming it, rather than being skipped
// as other refused functions are.

// ErrorInjectionList is where debugfs lists the functions the kernel
// lets fail.
var ErrorInjectionList = "/sys/kernel/debug/error_injection/list"

// haveOverride reports whether kprobe programs may call
// bpf_override_return here, or why not.
var haveOverride = func() error {
	return ciliumfeatures.HaveProgramHelper(ebpf.Kprobe, asm.FnOverrideReturn)
}

// PlanOverride plans probes as Plan does, those whose ids override holds
// (entry probes of a clause calling return()) in kprobe programs of their
// own, or says why the kernel does not let them override the function's
// return value.
func (p *Provider) PlanOverride(probes []*providers.Probe, override map[uint32]bool) ([]*providers.Attachment, error) {
	var rest, over []*providers.Probe
	for _, pr := range probes {
		if !override[pr.ID] {
			rest = append(rest, pr)
			continue
		}
		if _, ok := function(pr); !ok || pr.Name != Entry {
			return nil, fmt.Errorf("fbt provider: return( ) cannot override %s: not an fbt entry probe", name(pr))
		}
		pr.NArgs = nargs(pr)
		over = append(over, pr)
	}
	m, err := p.overrideMode(over)
	if err != nil {
		return nil, err
	}
	if err := checkInjectable(over, ErrorInjectionList); err != nil {
		return nil, err
	}
	var as []*providers.Attachment
	if len(rest) > 0 {
		if as, err = p.Plan(rest); err != nil {
			return nil, err
		}
	}
	regs, err := ptRegs()
	if err != nil {
		return nil, err
	}
	var groups [][]*providers.Probe
	dynamic := p.kprobeFeatures().cookie == nil
	if dynamic {
		groups = append(groups, over)
	} else {
		for _, pr := range over {
			groups = append(groups, []*providers.Probe{pr})
		}
	}
	for _, g := range groups {
		a := p.kprobeAttachment("fbt", g, false, m, regs, dynamic)
		a.Name += "_override"
		a.Attach = func(prog *ebpf.Program) (io.Closer, error) {
			return attachOverride(prog, g, m, dynamic)
		}
		as = append(as, a)
	}
	return as, nil
}

// name returns a probe's full name.
func name(pr *providers.Probe) string {
	return probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name)
}

// overrideMode returns how the probes of over attach (kprobe_multi where
// the kernel has it, else single kprobes), or why the kernel does not let
// them override the function's return value.
func (p *Provider) overrideMode(over []*providers.Probe) (mode, error) {
	first := name(over[0])
	refuse := func(why string, err error) (mode, error) {
		return 0, &providers.KernelError{Reason: fmt.Sprintf("return( ) cannot make %s fail: %s", first, why), Err: err}
	}
	f := p.kprobeFeatures()
	if f.kprobe != nil {
		return refuse("only kprobe programs may override a function's return value, and this kernel "+
			strings.TrimPrefix(f.kprobe.Error(), "it "), f.kprobe)
	}
	if err := haveOverride(); err != nil {
		return refuse("this kernel does not let BPF programs override a function's return value "+
			"(it was built without CONFIG_BPF_KPROBE_OVERRIDE)", err)
	}
	switch forced := os.Getenv(ModeEnv); forced {
	case "fentry":
		return refuse("fentry programs cannot override a function's return value ("+ModeEnv+"=fentry)", errors.ErrUnsupported)
	case "kprobe":
		return modeKprobe, nil
	case "kprobe-multi":
		if f.multi != nil {
			return refuse(f.multi.Error(), f.multi)
		}
	}
	if f.multi == nil {
		return modeMulti, nil
	}
	return modeKprobe, nil
}

// checkInjectable returns an error naming the first function of over
// that the kernel's list of functions open to error injection (the file
// at list) leaves out; nil when each is there, or when the list cannot be
// read (debugfs not mounted): the kernel then refuses such a function
// when it is attached.
func checkInjectable(over []*providers.Probe, list string) error {
	allowed, err := readInjectable(list)
	if err != nil {
		return nil
	}
	for _, pr := range over {
		if !allowed[pr.Function] {
			return &providers.KernelError{Reason: fmt.Sprintf("return( ) cannot make %s fail: the kernel does not allow "+
				"error injection into %s (it is not in %s)", name(pr), pr.Function, list)}
		}
	}
	return nil
}

// readInjectable reads the kernel's list of functions open to error
// injection: a line per function, its name (with " [module]" for a
// module's), a tab, the kind of value it may be made to return.
func readInjectable(list string) (map[string]bool, error) {
	f, err := os.Open(list)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	allowed := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fn, _, _ := strings.Cut(strings.TrimSpace(sc.Text()), "\t"); fn != "" {
			fn, _, _ = strings.Cut(fn, " ")
			allowed[fn] = true
		}
	}
	return allowed, sc.Err()
}

// attachOverride attaches prog, which overrides return values, to the
// functions of probes as attachKprobes does, but fails, naming it, when
// the kernel refuses any of them.
func attachOverride(prog *ebpf.Program, probes []*providers.Probe, m mode, dynamic bool) (io.Closer, error) {
	c, err := attachKprobes("fbt", prog, probes, false, m, dynamic)
	if err != nil {
		return nil, fmt.Errorf("return( ): %w", err)
	}
	if a, ok := c.(*attached); ok && a.refused > 0 {
		a.Close()
		return nil, fmt.Errorf("return( ) cannot make fbt functions fail: the kernel refused %s", a.first)
	}
	return c, nil
}
