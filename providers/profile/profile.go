// Package profile is the profile provider: profile-N fires on every CPU
// and tick-N on one CPU, at an interval or a rate N.
//
// N is parsed exactly as Oracle's DTrace for Linux parses it: a number
// followed by an optional unit, ns nsec us usec ms msec s sec m min h hour
// d day for an interval and hz (the default) for a rate, in any case; the
// interval must come to at least 200 microseconds. The probes DTrace lists
// are listed (profile-97 ... tick-5000); any other valid name is made on
// demand by Lookup.
//
// A profile-N probe is a PERF_COUNT_SW_CPU_CLOCK perf event on every online
// CPU sampling every period nanoseconds (a rate is turned into its period,
// as DTrace does), running a BPF_PROG_TYPE_PERF_EVENT program
// (bpf.AttachCPUClock). arg0 is the kernel PC when the sample interrupted
// the kernel, else 0; arg1 is the user PC when it interrupted user mode,
// else the user PC saved when the current task entered the kernel, or 0
// for a kernel thread. A tick-N probe is the same event on one CPU only
// (the cpu option's, else the first online CPU: session.run.oneCPU).
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package profile

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// Kind tells profile-N from tick-N.
type Kind int

const (
	// Profile probes fire on every CPU.
	Profile Kind = iota
	// Tick probes fire on one CPU.
	Tick
)

func (k Kind) prefix() string {
	if k == Tick {
		return "tick-"
	}
	return "profile-"
}

// Probe is what a profile probe's Data holds.
type Probe struct {
	Kind   Kind
	Period uint64 // nanoseconds
}

// listed are the probes DTrace lists (dt_prov_profile.c).
var listed = []struct {
	kind Kind
	n    []uint64
}{
	{Profile, []uint64{97, 199, 499, 997, 1999, 4001, 4999}},
	{Tick, []uint64{1, 10, 100, 500, 1000, 5000}},
}

// minPeriod is DTrace's lower bound on the interval: 200 µs.
const minPeriod = 200000

// Provider is the profile provider.
type Provider struct{}

// New returns the profile provider.
func New() *Provider { return &Provider{} }

// Name returns "profile".
func (*Provider) Name() string { return "profile" }

// Probes returns the probes DTrace lists.
func (*Provider) Probes() ([]*providers.Probe, error) {
	var ps []*providers.Probe
	for _, l := range listed {
		for _, n := range l.n {
			ps = append(ps, newProbe(l.kind.prefix()+strconv.FormatUint(n, 10), l.kind, 1000000000/n))
		}
	}
	return ps, nil
}

func newProbe(name string, kind Kind, period uint64) *providers.Probe {
	return &providers.Probe{Provider: "profile", Name: name, NArgs: 2, Data: Probe{Kind: kind, Period: period}}
}

// Lookup makes the probe profile-N or tick-N when N is valid and module and
// function are empty.
func (*Provider) Lookup(module, function, name string) *providers.Probe {
	if module != "" || function != "" {
		return nil
	}
	kind := Profile
	if strings.HasPrefix(name, "tick-") {
		kind = Tick
	} else if !strings.HasPrefix(name, "profile-") {
		return nil
	}
	period := Period(name)
	if period == 0 {
		return nil
	}
	return newProbe(name, kind, period)
}

// units are the interval units and their length in nanoseconds.
var units = []struct {
	name string
	ns   uint64
}{
	{"ns", 1}, {"nsec", 1},
	{"us", 1000}, {"usec", 1000},
	{"ms", 1000000}, {"msec", 1000000},
	{"s", 1000000000}, {"sec", 1000000000},
	{"m", 60 * 1000000000}, {"min", 60 * 1000000000},
	{"h", 3600 * 1000000000}, {"hour", 3600 * 1000000000},
	{"d", 86400 * 1000000000}, {"day", 86400 * 1000000000},
}

// Period returns the period in nanoseconds of the probe called name
// (profile-N or tick-N: what follows the first '-'), or 0 when N is
// invalid.
//
// It is DTrace's get_period: sscanf(N, "%lu%4s") with C's rules (leading
// blanks, a sign, wrap-around, a unit of which only the first four
// characters count), a rate in hz by default, and 0 below 200 µs.
func Period(name string) uint64 {
	_, s, ok := strings.Cut(name, "-")
	if !ok {
		return 0
	}
	val, rest, ok := scanUlong(s)
	if !ok {
		return 0
	}
	suffix := "hz"
	if w := scanWord(rest, 4); w != "" {
		suffix = w
	}
	if val == 0 {
		return 0
	}
	if strings.EqualFold(suffix, "hz") {
		val = 1000000000 / val
	} else {
		found := false
		for _, u := range units {
			if strings.EqualFold(u.name, suffix) {
				val *= u.ns
				found = true
				break
			}
		}
		if !found {
			return 0
		}
	}
	if val < minPeriod {
		return 0
	}
	return val
}

func isSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }

// scanUlong is scanf's %lu: blanks, an optional sign, decimal digits,
// saturating at the maximum on overflow and negated (modulo 2^64) after a
// minus sign.
func scanUlong(s string) (uint64, string, bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	start := i
	var v uint64
	overflow := false
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		d := uint64(s[i] - '0')
		if v > (^uint64(0)-d)/10 {
			overflow = true
		}
		v = v*10 + d
		i++
	}
	if i == start {
		return 0, s, false
	}
	if overflow {
		return ^uint64(0), s[i:], true
	}
	if neg {
		v = -v
	}
	return v, s[i:], true
}

// scanWord is scanf's %Ns: blanks, then up to n other characters.
func scanWord(s string, n int) string {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && j-i < n && !isSpace(s[j]) {
		j++
	}
	return s[i:j]
}

// Plan makes one perf event program per probe.
func (*Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	var as []*providers.Attachment
	for _, p := range probes {
		d, ok := p.Data.(Probe)
		if !ok || d.Period == 0 {
			return nil, fmt.Errorf("profile provider: %s is not a profile probe", p.Name)
		}
		if d.Kind == Tick {
			as = append(as, tickAttachment(p, d))
			continue
		}
		as = append(as, &providers.Attachment{
			Name:     "profile_" + p.Name,
			Type:     ebpf.PerfEvent,
			Probes:   []*providers.Probe{p},
			Fragment: Fragment(p.ID),
			Attach: func(prog *ebpf.Program) (io.Closer, error) {
				return attach(prog, d)
			},
		})
	}
	return as, nil
}

// Offsets in struct bpf_perf_event_data, whose first member is x86_64's
// struct pt_regs, and in struct pt_regs.
const (
	ptIP = 128
	ptCS = 136
)

// Fragment is the trampoline of a perf event sample, which fires probe
// id: it fills arg0 and arg1 with the interrupted PC, as DTrace does
// (dt_cg_tramp_copy_pc_from_regs): arg0 is the PC when the sample
// interrupted the kernel (0 otherwise), arg1 the PC when it interrupted a
// user process (0 otherwise), and clears the other arguments. The
// sample's registers tell the mode by the privilege level in cs. The cpc
// provider's probes fire through it too.
func Fragment(id uint32) func(abi.CtxUse) (asm.Instructions, error) {
	return func(use abi.CtxUse) (asm.Instructions, error) { return pcFragment(id, use), nil }
}

func pcFragment(id uint32, use abi.CtxUse) asm.Instructions {
	const user, done = "profile_user", "profile_done"
	insns := asm.Instructions{
		asm.LoadMem(asm.R7, abi.RegCtx, ptIP, asm.DWord),
		asm.LoadMem(asm.R1, abi.RegCtx, ptCS, asm.DWord),
		asm.And.Imm(asm.R1, 3),
		asm.JEq.Imm(asm.R1, 3, user),
		// Kernel mode.
		asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(0), asm.R7, asm.DWord),
		bpf.StoreImm64(abi.RegProbeCtx, abi.CtxArg(1), 0),
		asm.Ja.Label(done),
		// User mode.
		bpf.StoreImm64(abi.RegProbeCtx, abi.CtxArg(0), 0).WithSymbol(user),
		asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(1), asm.R7, asm.DWord),
	}
	insns = append(insns, tramp.Label(done))
	insns = append(insns, tramp.ClearArgs(2, use)...)
	insns = append(insns, tramp.ClearErrno(use)...)
	return append(insns, tramp.Fire(id, "")...)
}

// duration is the probe's period as a time.Duration: a period past the
// longest one (2^63-1 ns, 292 years) is the longest, which no run outlives
// (the kernel's timers, in signed nanoseconds too, take no longer one).
func (d Probe) duration() time.Duration {
	return time.Duration(min(d.Period, math.MaxInt64))
}

// attach attaches prog to a cpu-clock sampling event on every online CPU,
// sampling every period: CPUs where that fails are passed over, as DTrace
// passes them over (bpf.AttachCPUClock).
func attach(prog *ebpf.Program, d Probe) (io.Closer, error) {
	links, err := bpf.AttachCPUClock(prog, bpf.Sampling{Period: d.duration()})
	if err != nil {
		return nil, fmt.Errorf("profile provider: %w", err)
	}
	return links, nil
}

// tickAttachment fires a tick-N probe as DTrace's profile provider does:
// from a cpu-clock perf event on one CPU (the runner's choice), in the
// context it interrupts, whatever ran there (often the idle task), with
// arg0 and arg1 the interrupted PCs as for profile-N.
func tickAttachment(p *providers.Probe, d Probe) *providers.Attachment {
	return &providers.Attachment{
		Name:     "tick_" + p.Name,
		Type:     ebpf.PerfEvent,
		Probes:   []*providers.Probe{p},
		Fragment: Fragment(p.ID),
		AttachOn: func(prog *ebpf.Program, cpu int) (io.Closer, error) {
			c, err := bpf.AttachCPUClockOn(prog, cpu, bpf.Sampling{Period: d.duration()})
			if err != nil {
				return nil, fmt.Errorf("profile provider: %s: %w", p.Name, err)
			}
			return c, nil
		},
	}
}
