package fbt

import (
	"fmt"
	"os"

	"github.com/dtrace-go/dtrace/providers"
)

// PlanRaw makes the programs of probes of provider prov (rawfbt), each
// firing at the entry (name Entry) or the return (Return) of the kernel
// function its Function field names, which BTF need not describe (a
// compiler-made copy, foo.isra.0): kprobe_multi links where the kernel
// has them, else single kprobes, as Plan attaches fbt's wide matches, the
// arguments read as the calling convention passes scalars (return
// probes: arg0 = -1, arg1 the return value). fentry, which needs BTF's
// prototype, is never used. ModeEnv forces "kprobe-multi" or "kprobe";
// "fentry" is an error. The error is a *providers.KernelError when the
// kernel has no kprobes.
func (p *Provider) PlanRaw(prov string, probes []*providers.Probe) ([]*providers.Attachment, error) {
	f := p.kprobeFeatures()
	var m mode
	var err error
	switch forced := os.Getenv(ModeEnv); forced {
	case "":
		switch {
		case f.multi == nil:
			m = modeMulti
		case f.kprobe == nil:
			m = modeKprobe
		default:
			return nil, &providers.KernelError{Reason: fmt.Sprintf("%s probes are not supported by this kernel: %v", prov, f.kprobe), Err: f.kprobe}
		}
	case "kprobe-multi":
		m, err = modeMulti, f.multi
	case "kprobe":
		m, err = modeKprobe, f.kprobe
	case "fentry":
		return nil, fmt.Errorf("%s provider: %s=fentry: %s probes attach with kprobes only (fentry needs BTF's prototype)", prov, ModeEnv, prov)
	default:
		return nil, fmt.Errorf("%s provider: %s=%s: not kprobe-multi or kprobe", prov, ModeEnv, forced)
	}
	if err != nil {
		return nil, &providers.KernelError{Reason: fmt.Sprintf("%s probes cannot attach with %s on this kernel: %v", prov, m, err), Err: err}
	}
	return p.planKprobes(prov, probes, m)
}
