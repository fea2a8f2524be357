package stable

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
)

// kernelBTF returns this machine's BTF, skipping the test without it
// (failing it under DTRACE_TEST_REQUIRE_BPF).
func kernelBTF(t *testing.T) *kbtf.Spec {
	spec, err := providers.System{}.Shared().KernelBTF()
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("kernel BTF required: %v", err)
		}
		t.Skipf("no kernel BTF: %v", err)
	}
	return spec
}

// TestSitesFitKernel checks every probe's sites against this machine's
// kernel: the tracepoint or function exists and the members the fragment
// reads too, and the fragment computes every argument a clause may read
// (for a function, attached either way fbt may attach it; a kretprobe
// reads no argument), and so does the alternative of a site for older
// kernels' tracepoints, and the sites a probe has where the kernel can
// probe functions.
func TestSitesFitKernel(t *testing.T) {
	spec := kernelBTF(t)
	for prov, ds := range defs {
		for _, d := range ds {
			var all []site
			for _, s := range append(append([]site(nil), d.sites...), d.better...) {
				all = append(all, s)
				if s.alt != nil {
					all = append(all, *s.alt)
				}
				if s.tp != "" {
					if _, err := s.forKernel(spec); err != nil {
						t.Errorf("%s:::%s: %v", prov, d.name, err)
					}
				}
			}
			for _, s := range all {
				want := len(d.args)
				if n, ok := netVals[prov]; ok {
					want = n // the arguments and the translators' hidden ones
				}
				if len(s.vals) != want {
					t.Errorf("%s:::%s: %d values for %d arguments", prov, d.name, len(s.vals), want)
				}
				var sites []*fbt.Site
				if s.fn != "" {
					for _, mode := range []string{"fentry", "kprobe"} {
						fs, err := fbt.SiteFor(spec, s.fn, s.ret, mode)
						if err != nil {
							t.Errorf("%s:::%s: %v", prov, d.name, err)
							continue
						}
						sites = append(sites, fs)
					}
				} else if _, ok := spec.TypeByName(kbtf.KindTypedef, "btf_trace_"+s.tp); !ok {
					t.Errorf("%s:::%s: no tracepoint %s", prov, d.name, s.tp)
					continue
				} else {
					sites = append(sites, nil)
				}
				for _, fs := range sites {
					f, err := fragment(spec, 1, s, fs)
					if fs != nil && fs.Mode == "kprobe" && fs.Return && len(s.vals) > 0 {
						if !errors.Is(err, fbt.ErrNoArgs) {
							t.Errorf("%s:::%s at a kretprobe: %v, want %v", prov, d.name, err, fbt.ErrNoArgs)
						}
						continue
					}
					if err != nil {
						t.Errorf("%s:::%s: %v", prov, d.name, err)
						continue
					}
					use := abi.CtxUse{NArgs: abi.DefaultArgs, Args: 1<<len(s.vals) - 1}
					insns, err := f(use)
					if err != nil {
						t.Fatal(err)
					}
					for i := range s.vals {
						if !stores(insns, abi.CtxArg(i)) {
							t.Errorf("%s:::%s: args[%d] not stored", prov, d.name, i)
						}
					}
				}
			}
		}
	}
}

// netVals are the values of each network provider's sites: the probes'
// arguments, then the hidden ones their translators read (arg5 unused,
// arg6 the direction, arg7 tcp:::state-change's new state).
var netVals = map[string]int{"ip": 6, "tcp": 8, "udp": 7}

// TestPlacements checks what -lv says of how the probes that fire in
// kernel functions where the kernel can probe them fire here: at their
// tracepoints, saying why, on a kernel that can probe none (this
// machine), else in their functions.
func TestPlacements(t *testing.T) {
	kernelBTF(t)
	sys := providers.System{}.Shared()
	cannot := fbt.New(sys).Reason("ip_queue_xmit") != nil
	for _, prov := range Names {
		got := Placements(prov, sys)
		var want []string
		for _, d := range defs[prov] {
			if len(d.better) > 0 {
				want = append(want, d.name)
			}
		}
		slices.Sort(want)
		if len(got) != len(want) {
			t.Errorf("%s: %d placements, want %d: %q", prov, len(got), len(want), got)
			continue
		}
		for i, p := range got {
			name, how, _ := strings.Cut(p, ": ")
			if name != want[i] || !strings.HasPrefix(how, "fires at ") {
				t.Errorf("%s: %q", prov, p)
			}
			if cannot != strings.Contains(how, "this kernel cannot probe") {
				t.Errorf("%s:::%s: %q, the kernel cannot probe functions: %v", prov, name, how, cannot)
			}
		}
	}
	// tcp:::send, on this machine, at the tracepoint every packet
	// passes.
	if cannot {
		for _, p := range Placements("tcp", sys) {
			if strings.HasPrefix(p, "send: ") && !strings.HasPrefix(p, "send: fires at tracepoint net_dev_queue, not at ip_queue_xmit's entry") {
				t.Errorf("%q", p)
			}
		}
	}
}

// stores reports whether insns store a register into the probe
// context's offset off.
func stores(insns asm.Instructions, off int16) bool {
	for _, ins := range insns {
		if ins.OpCode.Class().IsStore() && ins.Dst == abi.RegProbeCtx && ins.Offset == off && ins.OpCode.Mode() == asm.MemMode {
			return true
		}
	}
	return false
}

// TestMissing checks that the probes that fire in kernel functions are
// said to be missing, with why, exactly where the kernel cannot probe the
// functions (this machine, without kprobes, refuses fentry), and that the
// others never are.
func TestMissing(t *testing.T) {
	kernelBTF(t)
	want := map[string][]string{"proc": {"lwp-start", "start"}, "sched": nil, "io": {"wait-done", "wait-start"},
		// The network providers fire at tracepoints where the kernel
		// cannot probe their functions.
		"ip": nil, "tcp": nil, "udp": nil}
	sys := providers.System{}.Shared()
	cannot := fbt.New(sys).Reason("schedule_tail") != nil
	for prov, names := range want {
		var got []string
		for _, m := range Missing(prov, sys) {
			name, why, _ := strings.Cut(m, ": ")
			if !strings.HasPrefix(why, "it fires at ") {
				t.Errorf("%s:::%s: reason %q", prov, name, why)
			}
			got = append(got, name)
		}
		if !cannot {
			names = nil
		}
		if !slices.Equal(got, names) {
			t.Errorf("%s: missing %v, want %v", prov, got, names)
		}
	}
}

// TestProbes checks the probes listed on this machine: every probe
// DTrace's guides name, but for the missing ones, with its arguments.
func TestProbes(t *testing.T) {
	kernelBTF(t)
	want := map[string]int{
		"proc":  12, // all: start and lwp-start in a kernel function
		"sched": 11, // all
		"io":    4,  // all: wait-start and wait-done in a kernel function
		"ip":    2,  // all
		"tcp":   8,  // all
		"udp":   2,  // all
	}
	for _, p := range Providers(providers.System{}) {
		ps, err := p.Probes()
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != want[p.Name()] {
			t.Errorf("%s: %d probes, want %d", p.Name(), len(ps), want[p.Name()])
		}
		for _, pr := range ps {
			args, known, err := p.(*Provider).ArgDescs(pr)
			if err != nil || !known || len(args) != pr.NArgs {
				t.Errorf("%s:::%s: args %v %v %v", p.Name(), pr.Name, args, known, err)
			}
		}
	}
}

// HasName answers from the probes' definitions, so that a description of
// a name alone (:::BEGIN) enumerates none of the stable providers, nor
// the providers before them.
func TestHasName(t *testing.T) {
	for _, p := range Providers(providers.System{}) {
		for _, d := range defs[p.Name()] {
			if !p.(*Provider).HasName(d.name) {
				t.Errorf("%s: HasName(%q) is false", p.Name(), d.name)
			}
		}
		for _, name := range []string{"BEGIN", "entry", "tick-1s"} {
			if p.(*Provider).HasName(name) {
				t.Errorf("%s: HasName(%q) is true", p.Name(), name)
			}
		}
	}
}
